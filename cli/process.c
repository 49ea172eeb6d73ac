/*
 * process.c: running another program (posix_spawnp, no shell, so no
 * quoting issues), with a time limit and the interrupt flag, and the small
 * file helpers certify and solve --external share.  See external.h.
 */
#include "external.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli_int.h"

extern char **environ;

static void sleep_ms(double ms) {
  struct timespec ts;
  ts.tv_sec = (time_t)(ms / 1000);
  ts.tv_nsec = (long)((ms - (double)ts.tv_sec * 1000) * 1e6);
  nanosleep(&ts, NULL);
}

/* Can path be run: 1; else 0 with why ("not executable", "a
   directory"), or 0 with why empty when there is no such file. */
static int runnable(const char *path, const char **why) {
  struct stat st;
  *why = "";
  if (stat(path, &st) != 0)
    return 0;
  if (S_ISDIR(st.st_mode))
    *why = "a directory";
  else if (!S_ISREG(st.st_mode) || access(path, X_OK) != 0)
    *why = "not executable";
  return !**why;
}

/* Is name an executable file, directly (with a '/') or on PATH?  Checked
   before spawning, since a failed exec is not reported the same way
   everywhere (valgrind: the child exits 127).  When not, a message. */
static int on_path(const char *name, char *msg, size_t size) {
  const char *why;
  if (strchr(name, '/')) {
    if (runnable(name, &why))
      return 1;
    snprintf(msg, size, "cannot run '%s': %s", name,
             *why ? why : "no such file");
    return 0;
  }
  const char *path = getenv("PATH");
  if (!path || !*path)
    path = "/usr/local/bin:/usr/bin:/bin";
  char buf[4096], seen[4096] = "";
  const char *seen_why = NULL;
  for (const char *p = path;;) {
    const char *colon = strchr(p, ':');
    size_t len = colon ? (size_t)(colon - p) : strlen(p);
    int n = len ? snprintf(buf, sizeof buf, "%.*s/%s", (int)len, p, name)
                : snprintf(buf, sizeof buf, "./%s", name);
    if (n > 0 && (size_t)n < sizeof buf) {
      if (runnable(buf, &why))
        return 1;
      if (*why && !seen_why) { /* there, but not a program */
        snprintf(seen, sizeof seen, "%s", buf);
        seen_why = why;
      }
    }
    if (!colon)
      break;
    p = colon + 1;
  }
  if (seen_why)
    snprintf(msg, size, "cannot run '%s': %.300s is %s", name, seen,
             seen_why);
  else
    snprintf(msg, size, "cannot run '%s': no such program on PATH", name);
  return 0;
}

int gc_run_start(char *const argv[], const char *out_path,
                 const char *err_path, gc_run *r, char *why, size_t why_size) {
  memset(r, 0, sizeof *r);
  if (why_size)
    why[0] = 0;
  if (!on_path(argv[0], why, why_size))
    return -1;
#ifdef __EMSCRIPTEN__ /* no posix_spawnp: the WebAssembly build runs no programs */
  (void)out_path;
  (void)err_path;
  snprintf(why, why_size, "cannot run '%s': the WebAssembly build cannot start programs",
           argv[0]);
  return -1;
#else
  posix_spawn_file_actions_t fa;
  if (posix_spawn_file_actions_init(&fa)) {
    snprintf(why, why_size, "out of memory");
    return -1;
  }
  /* its own process group, so that stopping it stops whatever it started
     too (a wrapper script's solver in the background) */
  posix_spawnattr_t at;
  if (posix_spawnattr_init(&at)) {
    posix_spawn_file_actions_destroy(&fa);
    snprintf(why, why_size, "out of memory");
    return -1;
  }
  posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&at, 0);
  const char *out = out_path ? out_path : "/dev/null";
  int e = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  if (!e)
    e = posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_TRUNC,
                                         0644);
  if (!e && err_path)
    e = posix_spawn_file_actions_addopen(&fa, 2, err_path,
                                         O_WRONLY | O_CREAT | O_TRUNC, 0644);
  else if (!e)
    e = posix_spawn_file_actions_adddup2(&fa, 1, 2);
  if (e) {
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    snprintf(why, why_size, "%s", strerror(e));
    return -1;
  }
  r->t0 = gc_cli_now_ms();
  pid_t pid;
  e = posix_spawnp(&pid, argv[0], &fa, &at, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
  if (e) {
    if (e == ENOENT)
      snprintf(why, why_size, "cannot run '%s': no such program on PATH", argv[0]);
    else
      snprintf(why, why_size, "cannot run '%s': %s", argv[0], strerror(e));
    return -1;
  }
  r->started = 1;
  r->pid = (long)pid;
  return 0;
#endif
}

void gc_run_wait(gc_run *const runs[], int n, double timeout,
                 const volatile int *interrupt) {
  /* Poll rather than block, so that the time limit and the interrupt flag
     are seen; the pause grows from 0.05 ms to 2 ms.  Each run is its own
     process group: a stop goes to the group, and once the program has
     ended (still unreaped, so that its number cannot be reused) what it
     left running in its group is ended too. */
  double pause = 0.05;
  for (;;) {
    int running = 0;
    double now = gc_cli_now_ms();
    for (int i = 0; i < n; i++) {
      gc_run *r = runs[i];
      if (!r->started || r->done)
        continue;
      siginfo_t info;
      memset(&info, 0, sizeof info);
      int w = waitid(P_PID, (id_t)r->pid, &info, WEXITED | WNOHANG | WNOWAIT);
      if ((w == 0 && info.si_pid == (pid_t)r->pid) || (w < 0 && errno != EINTR)) {
        kill(-(pid_t)r->pid, SIGKILL); /* the rest of its group */
        int st = 0;
        pid_t got;
        while ((got = waitpid((pid_t)r->pid, &st, 0)) < 0 && errno == EINTR)
          ;
        r->done = 1;
        r->ms = now - r->t0;
        if (got > 0 && WIFEXITED(st)) {
          r->exited = 1;
          r->status = WEXITSTATUS(st);
        } else if (got > 0 && WIFSIGNALED(st))
          r->status = WTERMSIG(st);
        continue;
      }
      running++;
      if (!r->killed) {
        if (timeout > 0 && now - r->t0 > timeout * 1e3)
          r->timed_out = 1;
        if (gc_stop_requested(interrupt))
          r->interrupted = 1;
        if (r->timed_out || r->interrupted) {
          if (kill(-(pid_t)r->pid, SIGTERM) != 0)
            kill((pid_t)r->pid, SIGTERM);
          r->killed = 1;
          r->kill_at = now;
        }
      } else if (r->killed == 1 && now - r->kill_at > 2000) {
        if (kill(-(pid_t)r->pid, SIGKILL) != 0) /* it ignored SIGTERM */
          kill((pid_t)r->pid, SIGKILL);
        r->killed = 2;
      }
    }
    if (!running)
      return;
    sleep_ms(pause);
    if (pause < 2)
      pause *= 2;
  }
}

int gc_run_found(const char *name) {
  char why[64];
  return on_path(name, why, sizeof why);
}

int gc_run_program(char *const argv[], const char *out_path,
                   const char *err_path, double timeout,
                   const volatile int *interrupt, gc_run *r, char *why,
                   size_t why_size) {
  if (gc_run_start(argv, out_path, err_path, r, why, why_size))
    return -1;
  gc_run *one[1] = {r};
  gc_run_wait(one, 1, timeout, interrupt);
  return 0;
}

int gc_write_file(const char *path, const char *text, size_t len) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return -1;
  size_t w = fwrite(text, 1, len, f);
  int bad = w != len;
  if (fclose(f) != 0)
    bad = 1;
  return bad ? -1 : 0;
}

int gc_mkdir_p(const char *dir) {
  char p[4096];
  size_t n = strlen(dir);
  if (n == 0 || n >= sizeof p) {
    errno = ENAMETOOLONG;
    return -1;
  }
  memcpy(p, dir, n + 1);
  for (size_t i = 1; i <= n; i++) {
    if (p[i] != '/' && p[i] != 0)
      continue;
    char keep = p[i];
    p[i] = 0;
    if (mkdir(p, 0777) != 0 && errno != EEXIST)
      return -1;
    p[i] = keep;
  }
  struct stat st;
  if (stat(dir, &st) != 0)
    return -1;
  if (!S_ISDIR(st.st_mode)) {
    errno = ENOTDIR;
    return -1;
  }
  return 0;
}

void gc_file_hint(const char *path, char *buf, size_t size) {
  buf[0] = 0;
  FILE *f = fopen(path, "r");
  if (!f)
    return;
  char line[512];
  while (fgets(line, sizeof line, f)) {
    size_t l = strlen(line);
    while (l && (line[l - 1] == '\n' || line[l - 1] == '\r' || line[l - 1] == ' '))
      line[--l] = 0;
    if (!l)
      continue;
    snprintf(buf, size, "%s", line);
    if (strstr(line, "error"))
      break;
  }
  fclose(f);
}
