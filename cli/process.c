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

/* Is name an executable file, directly (with a '/') or on PATH?  Checked
   before spawning, since a failed exec is not reported the same way
   everywhere (valgrind: the child exits 127). */
static int on_path(const char *name) {
  if (strchr(name, '/'))
    return access(name, X_OK) == 0;
  const char *path = getenv("PATH");
  if (!path || !*path)
    path = "/usr/local/bin:/usr/bin:/bin";
  char buf[4096];
  for (const char *p = path;;) {
    const char *colon = strchr(p, ':');
    size_t len = colon ? (size_t)(colon - p) : strlen(p);
    int n = len ? snprintf(buf, sizeof buf, "%.*s/%s", (int)len, p, name)
                : snprintf(buf, sizeof buf, "./%s", name);
    struct stat st;
    if (n > 0 && (size_t)n < sizeof buf && stat(buf, &st) == 0 &&
        S_ISREG(st.st_mode) && access(buf, X_OK) == 0)
      return 1;
    if (!colon)
      return 0;
    p = colon + 1;
  }
}

int gc_run_start(char *const argv[], const char *out_path,
                 const char *err_path, gc_run *r, char *why, size_t why_size) {
  memset(r, 0, sizeof *r);
  if (why_size)
    why[0] = 0;
  if (!on_path(argv[0])) {
    snprintf(why, why_size, "cannot run '%s': no such program on PATH", argv[0]);
    return -1;
  }
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
    snprintf(why, why_size, "%s", strerror(e));
    return -1;
  }
  r->t0 = gc_cli_now_ms();
  pid_t pid;
  e = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
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
     are seen; the pause grows from 0.05 ms to 2 ms. */
  double pause = 0.05;
  for (;;) {
    int running = 0;
    double now = gc_cli_now_ms();
    for (int i = 0; i < n; i++) {
      gc_run *r = runs[i];
      if (!r->started || r->done)
        continue;
      int st = 0;
      pid_t w = waitpid((pid_t)r->pid, &st, WNOHANG);
      if (w == (pid_t)r->pid || (w < 0 && errno != EINTR)) {
        r->done = 1;
        r->ms = now - r->t0;
        if (w > 0 && WIFEXITED(st)) {
          r->exited = 1;
          r->status = WEXITSTATUS(st);
        } else if (w > 0 && WIFSIGNALED(st))
          r->status = WTERMSIG(st);
        continue;
      }
      running++;
      if (!r->killed) {
        if (timeout > 0 && now - r->t0 > timeout * 1e3)
          r->timed_out = 1;
        if (interrupt && *interrupt)
          r->interrupted = 1;
        if (r->timed_out || r->interrupted) {
          kill((pid_t)r->pid, SIGTERM);
          r->killed = 1;
          r->kill_at = now;
        }
      } else if (r->killed == 1 && now - r->kill_at > 2000) {
        kill((pid_t)r->pid, SIGKILL); /* it ignored SIGTERM */
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

int gc_run_found(const char *name) { return on_path(name); }

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
