/*
 * test_reliability.c: no record lost, no wrong exit code, whatever the
 * input or the output does: an unusable --external command, a solver
 * that leaves a process behind, a directory as input, a file of exactly
 * the size limit, Ctrl-C while the output pipe is full, --jobs on a long
 * batch, ids with terminal escapes, a model that sets a variable both
 * ways, count --all at its time limit, the ranking of exit codes.  The
 * cases about signals, pipes and memory run the command as a process.
 */
#define _DEFAULT_SOURCE /* wait4, usleep */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli_int.h"
#include "testutil.h"

static int setup(void **state) {
  (void)state;
  return tu_tmp_open("rel");
}

static int lines_of(const char *s) {
  int n = 0;
  for (; *s; s++)
    n += *s == '\n';
  return n;
}

/*------------------------------------------------------------------------*/

/* A batch exits with its worst code; every code has its rank (64 was
   missing, and a code missing from the table ranked as 0). */
static void test_exit_ranks(void **state) {
  (void)state;
  static const int order[] = {0, 2, 1, 3, 65, 66, 64, 69, 74, 70, 130};
  int n = (int)(sizeof order / sizeof order[0]);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      int acc = order[i];
      gc_cli_worst(&acc, order[j]);
      assert_int_equal(acc, order[i > j ? i : j]);
    }
  int acc = 0;
  gc_cli_worst(&acc, 99); /* not in the table: not lost either */
  assert_int_equal(acc, 99);
  gc_cli_worst(&acc, 65);
  assert_int_equal(acc, 99);
}

/* An --external command that cannot be used is a usage error before any
   puzzle; one that cannot be started gives every puzzle its record (69, a
   program missing). */
static void test_external_unusable(void **state) {
  (void)state;
  char five[1024] = "";
  for (int i = 0; i < 5; i++)
    strcat(five, i % 2 ? MULTI4 : UNIQUE4);
  const char *p = tu_tmp_write("five.jsonl", five);
  char *out, *err;
  assert_int_equal(
      tu_cli(&out, &err, "solve", "--json", "--external", "{cnf}", p, NULL),
      64);
  assert_string_equal(out, "");
  assert_non_null(strstr(err, "--external: cannot use the command '{cnf}'"));
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "solve", "--json", "--external",
                          "no-such-solver-here", p, NULL),
                   69);
  assert_int_equal(lines_of(out), 5);
  for (const char *l = out; *l; l = strchr(l, '\n') + 1)
    assert_true(!strncmp(l, "{\"id\":\"", 7) &&
                strstr(l, "\"status\":\"error\"") < strchr(l, '\n'));
  assert_int_equal(lines_of(err), 5);
  assert_non_null(strstr(err, "no such program on PATH"));
  free(out), free(err);
  /* a file that is not a program is said to be one */
  assert_int_equal(
      tu_cli(&out, &err, "solve", "--external", "/etc/passwd", p, NULL), 69);
  assert_non_null(strstr(err, "cannot run '/etc/passwd': not executable"));
  assert_null(strstr(err, "PATH"));
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "solve", "--external", tu_tmpdir, p, NULL),
                   69);
  assert_non_null(strstr(err, "a directory"));
  free(out), free(err);
}

/* The state letter of a process in /proc, or 0 when it is gone. */
static char proc_state(long pid) {
  char path[64], buf[512];
  snprintf(path, sizeof path, "/proc/%ld/stat", pid);
  FILE *f = fopen(path, "r");
  if (!f)
    return 0;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  char *rp = strrchr(buf, ')');
  return rp && rp[1] == ' ' ? rp[2] : 0;
}

/* --timeout with --external ends the solver's whole process group: a
   wrapper that runs the real solver in the background leaves nothing
   running. */
static void test_external_group(void **state) {
  (void)state;
  const char *pidfile = tu_tmp_path("bg.pid");
  char script[1024];
  snprintf(script, sizeof script,
           "#!/bin/sh\nsleep 300 &\necho $! > '%s'\nwait\n", pidfile);
  const char *wrapper = tu_tmp_write("wrap.sh", script);
  chmod(wrapper, 0755);
  char cmd[600];
  snprintf(cmd, sizeof cmd, "%s {cnf}", wrapper);
  const char *p = tu_tmp_write("g.jsonl", UNIQUE4);
  char *out, *err;
  assert_int_equal(tu_cli(&out, &err, "solve", "--json", "--timeout", "0.5",
                          "--external", cmd, p, NULL),
                   3);
  assert_non_null(strstr(out, "\"stopped\":\"time\""));
  free(out), free(err);
  char *pidtext = tu_read_file(pidfile);
  long pid = atol(pidtext);
  free(pidtext);
  assert_true(pid > 1);
  char st = 0;
  for (int i = 0; i < 100 && (st = proc_state(pid)) && st != 'Z'; i++)
    usleep(20000); /* the signal is on its way */
  if (st && st != 'Z') {
    kill((pid_t)pid, SIGKILL);
    fail_msg("the solver the wrapper started is still running (state %c)", st);
  }
}

/* A directory as input cannot be opened (66), for every command that
   reads puzzles: it used to be a read error (74). */
static void test_directory_input(void **state) {
  (void)state;
  const char *puz = tu_tmp_write("d.jsonl", UNIQUE4);
  const char *dir = tu_tmpdir;
  const char *cert = tu_tmp_path("cert-out");
  const char *cmds[][6] = {
      {"solve", dir, NULL},
      {"solve", "--json", dir, NULL},
      {"solve", "--jobs", "2", dir, NULL},
      {"count", dir, NULL},
      {"cnf", dir, NULL},
      {"rate", dir, NULL},
      {"explain", dir, NULL},
      {"minimize", dir, NULL},
      {"hint", dir, NULL},
      {"hint", "--forced", dir, NULL},
      {"unique-fix", dir, NULL},
      {"render", dir, NULL},
      {"convert", dir, NULL},
      {"certify", "--out-dir", cert, dir, NULL},
      {"check", dir, puz, NULL},
      {"check", puz, dir, NULL},
      {"decode", dir, puz, NULL},
      {"decode", puz, dir, NULL},
      {"hint", "--grid", dir, puz, NULL},
  };
  for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
    char *argv[8];
    int n = 0;
    for (; cmds[i][n]; n++)
      argv[n] = (char *)cmds[i][n];
    char *out, *err;
    int rc = tu_cli_argv(&out, &err, n, argv);
    if (rc != 66 || !strstr(err, "cannot open: Is a directory"))
      fail_msg("gridcnf %s ... with a directory: exit %d, %s", cmds[i][0], rc,
               err);
    free(out), free(err);
  }
}

/* The input size limit is inclusive: a file of exactly the limit reads. */
static void test_size_limit(void **state) {
  (void)state;
  char *text = malloc(1002);
  memset(text, ' ', 1001);
  text[1001] = 0;
  for (int len = 999; len <= 1001; len++) {
    text[len] = 0;
    const char *p = tu_tmp_write("sized.txt", text);
    text[len] = ' ';
    char *data;
    size_t got;
    gc_error e;
    int rc = gc_read_file(p, &data, &got, 1000, &e);
    if (len <= 1000) {
      if (rc)
        fail_msg("a file of %d bytes with a limit of 1000: %s", len, e.message);
      assert_int_equal(got, (size_t)len);
      free(data);
    } else {
      assert_int_equal(rc, -1);
      assert_int_equal(e.code, GC_E_TOO_LARGE);
    }
  }
  free(text);
  /* the default, 256 MiB, through the command (a sparse file) */
  if (TU_ASAN) {
    printf("    (the 256 MiB file is skipped under AddressSanitizer)\n");
    return;
  }
  const char *big = tu_tmp_path("256mib.txt");
  for (long extra = 0; extra <= 1; extra++) {
    int fd = open(big, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, (off_t)(256L << 20) + extra), 0);
    close(fd);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "'%s' solve '%s' >/dev/null 2>'%s'", GC_BINARY,
             big, tu_tmp_path("256.err"));
    int st = system(cmd);
    char *err = tu_read_file(tu_tmp_path("256.err"));
    assert_int_equal(WEXITSTATUS(st), 65);
    /* exactly 256 MiB reads (and is no puzzle); one byte more is refused */
    if (extra)
      assert_non_null(strstr(err, "input is larger than 268435456 bytes"));
    else
      assert_null(strstr(err, "larger than"));
    free(err);
  }
  unlink(big);
}

/*------------------------------------------------------------------------*/
/* As a process. */

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Starts the command with its stdout to a pipe (*rfd its read end) and
   stderr to err_path. */
static pid_t start_piped(const char *const *args, int *rfd,
                         const char *err_path) {
  int fds[2];
  assert_int_equal(pipe(fds), 0);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    dup2(fds[1], 1);
    close(fds[0]);
    close(fds[1]);
    int e = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(e, 2);
    execv(GC_BINARY, (char *const *)args);
    _exit(98);
  }
  close(fds[1]);
  *rfd = fds[0];
  return pid;
}

static char *read_all_fd(int fd, size_t *len) {
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap + 1);
  for (;;) {
    if (n == cap)
      buf = realloc(buf, (cap *= 2) + 1);
    ssize_t r = read(fd, buf + n, cap - n);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      break;
    n += (size_t)r;
  }
  buf[n] = 0;
  *len = n;
  return buf;
}

/* Every line complete; the JSON ones parse.  Returns the number of lines;
 *last_status the last line's status. */
static int whole_lines(const char *s, size_t len, int json, char *last,
                       size_t size) {
  if (len && s[len - 1] != '\n')
    fail_msg("the output ends in a partial line: %s",
             strrchr(s, '\n') ? strrchr(s, '\n') + 1 : s);
  int n = 0;
  last[0] = 0;
  for (const char *l = s; *l;) {
    const char *nl = strchr(l, '\n');
    if (json) {
      json_error_t je;
      json_t *o = json_loadb(l, (size_t)(nl - l), 0, &je);
      if (!o)
        fail_msg("line %d is not JSON: %.*s", n + 1, (int)(nl - l), l);
      const char *st = json_string_value(json_object_get(o, "status"));
      const char *stop = json_string_value(json_object_get(o, "stopped"));
      snprintf(last, size, "%s%s%s", st ? st : "?", stop ? "/" : "",
               stop ? stop : "");
      json_decref(o);
    }
    n++;
    l = nl + 1;
  }
  return n;
}

/* `gridcnf solve --json --first BIG | reader-that-starts-late`, Ctrl-C
   while the pipe is full: exit 130, no partial line, no "writing output
   failed" (it was exit 74 every time).  The line the interrupt cut off is
   withheld; its puzzle is reported "unknown" / "interrupt" when the pipe
   has room for it. */
static void test_interrupt_full_pipe(void **state) {
  (void)state;
  const char *big = tu_tmp_path("pipe.jsonl");
  FILE *f = fopen(big, "w");
  assert_non_null(f);
  for (int i = 0; i < 30000; i++)
    fprintf(
        f,
        "{\"id\":\"p%d\",\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0,1,2],"
        "\"bottom\":[0,0,3,0],\"left\":[0,0,1,0],\"right\":[0,2,0,0]}\n",
        i);
  fclose(f);
  for (int round = 0; round < 6; round++) {
    int json = round % 3 != 2;
    const char *args[] = {GC_BINARY, "solve", json ? "--json" : "--first",
                          "--first", big,     NULL};
    int rfd;
    const char *errp = tu_tmp_path("pipe.err");
    pid_t pid = start_piped(args, &rfd, errp);
    /* wait until the pipe is full: the command blocks in a write */
    int queued = 0, same = 0;
    for (double t0 = now_s(); now_s() - t0 < 20 && same < 5;) {
      int q = 0;
      ioctl(rfd, FIONREAD, &q);
      same = q == queued && q > 0 ? same + 1 : 0;
      queued = q;
      usleep(20000);
    }
    kill(pid, SIGINT);
    if (round % 2) { /* the reader starts a little later still */
      usleep(100000);
    }
    size_t len;
    char *out = read_all_fd(rfd, &len);
    close(rfd);
    int st;
    waitpid(pid, &st, 0);
    char *err = tu_read_file(errp);
    int rc = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    if (rc != 130)
      fail_msg("round %d: exit %d after Ctrl-C into a full pipe; stderr: %s",
               round, rc, err);
    assert_null(strstr(err, "writing output failed"));
    char last[64];
    int n = whole_lines(out, len, json, last, sizeof last);
    assert_true(n > 0);
    if (json) /* the last line: an answer, or the withheld one as unknown */
      assert_true(!strcmp(last, "solved") ||
                  !strcmp(last, "unknown/interrupt"));
    free(out);
    free(err);
  }
}

/* cmd --jobs 2 on a long batch of count puzzles: the same output as one
   job (but for the timings), and the batch is not held in memory: its
   peak is close to one job's (solve's was ten times that, rate's a
   hundred). */
static void jobs_stream(const char *cmd, int count) {
  const char *in = tu_tmp_path("many.jsonl");
  FILE *f = fopen(in, "w");
  assert_non_null(f);
  for (int i = 0; i < count; i++) {
    if (i == 7)
      fputs("{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0\n", f); /* bad */
    fprintf(f, "{\"id\":\"q%d\",\"genre\":\"futoshiki\",\"n\":1}\n", i);
  }
  fputs(MULTI4, f);
  fclose(f);
  char *outs[2];
  long peak[2];
  for (int j = 0; j < 2; j++) {
    const char *outp = tu_tmp_path(j ? "jobs2.out" : "jobs1.out");
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
      int fd = open(outp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(fd, 1);
      int dn = open("/dev/null", O_WRONLY);
      dup2(dn, 2);
      execl(GC_BINARY, GC_BINARY, cmd, "--json", "--jobs", j ? "2" : "1", in,
            (char *)NULL);
      _exit(98);
    }
    int st;
    struct rusage ru;
    assert_int_equal(wait4(pid, &st, 0, &ru), pid);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 65); /* the bad line */
    peak[j] = ru.ru_maxrss;                /* KB */
    outs[j] = tu_read_file(outp);
    /* no timings (in one pass: the output is long): solve's stats, rate's
       "ms" */
    char *w = outs[j];
    for (char *r = outs[j]; *r;) {
      if (!strncmp(r, ",\"stats\":{", 10)) {
        r = strchr(r, '}') + 1;
        continue;
      }
      if (!strncmp(r, ",\"ms\":", 6)) {
        r += 6;
        while (*r && *r != ',' && *r != '}')
          r++;
        continue;
      }
      *w++ = *r++;
    }
    *w = 0;
  }
  assert_int_equal(lines_of(outs[0]), count + 2);
  assert_string_equal(outs[0], outs[1]);
  if (TU_ASAN) {
    printf("    (the memory comparison is skipped under AddressSanitizer)\n");
  } else if (peak[1] > 2 * peak[0] + 16384)
    fail_msg("%s --jobs 2 peaked at %ld KB, one job at %ld KB", cmd, peak[1],
             peak[0]);
  free(outs[0]);
  free(outs[1]);
}

static void test_jobs_stream(void **state) {
  (void)state;
  jobs_stream("solve", getenv("GC_TEST_QUICK") ? 20000 : 100000);
}

/* rate --jobs reads its records as the batch goes, too (minimize shares
   the runner). */
static void test_jobs_stream_rate(void **state) {
  (void)state;
  jobs_stream("rate", getenv("GC_TEST_QUICK") ? 5000 : 20000);
}

/*------------------------------------------------------------------------*/

/* An id with a newline, a terminal escape or a C1 control is escaped in
   text output, never printed raw. */
static void test_text_ids(void **state) {
  (void)state;
  const char *p = tu_tmp_write(
      "ids.jsonl", "{\"id\":\"a\\u001b[2Jb\\nc\\\\d\\u009be\",\"genre\":"
                   "\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0]}\n");
  static const char *const cmds[][3] = {{"solve", NULL},
                                        {"rate", NULL},
                                        {"hint", "--forced", NULL},
                                        {"explain", NULL},
                                        {"count", NULL}};
  for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
    char *argv[4];
    int n = 0;
    for (; cmds[i][n]; n++)
      argv[n] = (char *)cmds[i][n];
    argv[n++] = (char *)p;
    char *out, *err;
    tu_cli_argv(&out, &err, n, argv);
    if (!strstr(out, "a\\x1b[2Jb\\nc\\\\d\\xc2\\x9be: "))
      fail_msg("%s: the id is not escaped: %s", cmds[i][0], out);
    assert_null(strchr(out, '\x1b'));
    assert_null(strstr(out, "\xc2\x9b"));
    free(out), free(err);
  }
  /* and in the CNF's comment line */
  char *out, *err;
  assert_int_equal(tu_cli(&out, &err, "cnf", p, NULL), 0);
  assert_null(strchr(out, '\x1b'));
  assert_non_null(strstr(out, " id=a?[2Jb?c\\d"));
  free(out), free(err);
}

/* decode refuses a model that sets a variable both ways. */
static void test_decode_both_ways(void **state) {
  (void)state;
  signed char *values;
  int sat, nvars;
  gc_error e;
  const char *m = "s SATISFIABLE\nv 1 2 -3\nv 4 -2 0\n";
  assert_int_equal(gc_model_read(m, strlen(m), "m", &sat, &values, &nvars, &e),
                   -1);
  assert_int_equal(e.code, GC_E_CONTRADICTION);
  assert_int_equal(e.line, 3);
  assert_int_equal(e.column, 5);
  assert_non_null(strstr(e.message, "variable 2 is set both true and false"));
  /* through the command */
  const char *p = tu_tmp_write("u.jsonl", UNIQUE4);
  const char *both = tu_tmp_write("both.model", "s SATISFIABLE\nv 1 -1 0\n");
  char *out, *err;
  assert_int_equal(tu_cli(&out, &err, "decode", p, both, NULL), 65);
  assert_non_null(
      strstr(err, "both.model:2:5: variable 1 is set both true and false"));
  free(out), free(err);
}

/* count --all stopped by its time limit: exit 3 (it was 2 when it had
   found two or more), the count marked incomplete. */
static void test_count_timeout(void **state) {
  (void)state;
  /* the rule, whatever the machine's speed: a count cut short by the
     limit after several solutions */
  gc_result res;
  gc_result_init(&res);
  res.status = GC_STATUS_MULTIPLE;
  res.count = 5;
  res.complete = 0;
  res.stop = GC_STOP_TIME;
  assert_int_equal(gc_cli_status_exit(&res), 3);
  res.stop = GC_STOP_INTERRUPT;
  assert_int_equal(gc_cli_status_exit(&res), 130);
  res.stop = GC_STOP_NONE; /* a cap reached is an answer */
  assert_int_equal(gc_cli_status_exit(&res), 2);
  /* and the command (an empty 7x7 Futoshiki has millions of solutions) */
  const char *p = tu_tmp_write("f7.jsonl", "{\"genre\":\"futoshiki\",\"n\":7}\n");
  char *out, *err;
  int rc = tu_cli(&out, &err, "count", "--all", "--json", "--timeout", "0.3", p,
                  NULL);
  int incomplete = strstr(out, "\"complete\":false") != NULL;
  int stopped = strstr(out, "\"stopped\":\"time\"") != NULL;
  free(out), free(err);
  assert_int_equal(rc, 3);
  assert_true(incomplete && stopped);
}

/* A JSON grid's syntax error points at the offending token. */
static void test_grid_json_column(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle(UNIQUE4, NULL);
  gc_grid g;
  int partial;
  gc_error e;
  const char *text = "[[1,2,3,4],\n [2,3,4,1],\n [3,4,1,2],\n [4,1,2,xx]]";
  assert_int_equal(gc_grid_read(pz, text, strlen(text), "g", &g, &partial, &e),
                   -1);
  assert_int_equal(e.line, 4);
  assert_int_equal(e.column, 9); /* the x, not one past it */
  gc_puzzle_free(pz);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_exit_ranks),
      cmocka_unit_test(test_external_unusable),
      cmocka_unit_test(test_external_group),
      cmocka_unit_test(test_directory_input),
      cmocka_unit_test(test_size_limit),
      cmocka_unit_test(test_interrupt_full_pipe),
      cmocka_unit_test(test_jobs_stream),
      cmocka_unit_test(test_jobs_stream_rate),
      cmocka_unit_test(test_text_ids),
      cmocka_unit_test(test_decode_both_ways),
      cmocka_unit_test(test_count_timeout),
      cmocka_unit_test(test_grid_json_column),
  };
  return cmocka_run_group_tests(tests, setup, tu_teardown);
}
