/*
 * test_cli.c: the command line, in-process through gc_cli_run (Kissat
 * style) and, for signals, time limits and closed pipes, as a real process.
 * Every exit code is checked one by one.  Time is asserted only as a loose
 * bound that catches a hang, never as a speed.
 */
#include <fcntl.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "testutil.h"

static int setup(void **state) {
  (void)state;
  return tu_tmp_open("cli");
}

#define NONE5                                                                  \
  "{\"id\":\"x5\",\"genre\":\"skyscrapers\",\"n\":5,\"top\":[1,0,0,0,0],"      \
  "\"bottom\":[1,0,0,0,0]}\n"

static void test_exit_codes(void **state) {
  (void)state;
  char *out, *err;
  assert_int_equal(tu_cli(&out, &err, "solve", tu_tmp_write("u.jsonl", UNIQUE4), NULL), 0);
  assert_non_null(strstr(out, "u4: unique"));
  assert_string_equal(err, "");
  free(out), free(err);
  assert_int_equal(tu_cli(NULL, NULL, "solve", tu_tmp_write("m.jsonl", MULTI4), NULL), 2);
  assert_int_equal(tu_cli(NULL, NULL, "solve", tu_tmp_write("x.jsonl", NONE5), NULL), 1);
  assert_int_equal(tu_cli(NULL, NULL, "solve", "--first", tu_tmp_write("m.jsonl", MULTI4), NULL), 0);
  /* usage */
  assert_int_equal(tu_cli(NULL, &err, NULL), 64);
  free(err);
  assert_int_equal(tu_cli(NULL, &err, "frobnicate", NULL), 64);
  assert_non_null(strstr(err, "unknown command 'frobnicate'"));
  free(err);
  assert_int_equal(tu_cli(NULL, &err, "solve", "--amo=banana", "x", NULL), 64);
  assert_non_null(strstr(err, "'banana' is not one of auto|pairwise|seq"));
  free(err);
  /* the option named as typed: with '-', not the field's '_' */
  assert_int_equal(tu_cli(NULL, &err, "solve", "--sb-blocks=maybe", "x", NULL), 64);
  assert_non_null(strstr(err, "option --sb-blocks: 'maybe' is not one of off|on|auto"));
  free(err);
  /* switches; an enum with on and off is one too, the others are not */
  const char *m4 = tu_tmp_write("m.jsonl", MULTI4);
  assert_int_equal(tu_cli(NULL, NULL, "solve", "--no-preprocess", m4, NULL), 2);
  assert_int_equal(tu_cli(NULL, NULL, "solve", "--preprocess", m4, NULL), 2);
  assert_int_equal(tu_cli(NULL, NULL, "solve", "--no-portfolio", m4, NULL), 2);
  assert_int_equal(tu_cli(NULL, NULL, "solve", "--sb-pairs", m4, NULL), 2);
  assert_int_equal(tu_cli(NULL, NULL, "solve", "--portfolio=auto", m4, NULL), 2);
  assert_int_equal(tu_cli(NULL, &err, "solve", "--no-amo", m4, NULL), 64);
  assert_non_null(strstr(err, "option '--no-amo' is not a switch"));
  free(err);
  assert_int_equal(tu_cli(NULL, NULL, "solve", "--timeout", "-1", "x", NULL), 64);
  assert_int_equal(tu_cli(NULL, NULL, "solve", "--count", "0", "x", NULL), 64);
  assert_int_equal(tu_cli(NULL, NULL, "solve", "--genre", "chess", "x", NULL), 64);
  assert_int_equal(tu_cli(NULL, NULL, "solve", "--timeout", NULL), 64);
  /* bad input */
  assert_int_equal(tu_cli(NULL, &err, "solve", tu_tmp_write("b.jsonl", "{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[9,0,0,0]}\n"), NULL), 65);
  assert_non_null(strstr(err, "b.jsonl:1:37: 9 is out of range 0..4 (top[0])"));
  free(err);
  assert_int_equal(tu_cli(NULL, &err, "solve", tu_tmp_write("e.jsonl", ""), NULL), 65);
  assert_non_null(strstr(err, "no puzzle in the input"));
  free(err);
  /* cannot open */
  assert_int_equal(tu_cli(NULL, &err, "solve", "/nonexistent/p.txt", NULL), 66);
  assert_non_null(strstr(err, "gridcnf: /nonexistent/p.txt: cannot open: No such file"));
  free(err);
  /* ... and its --json record has no position: line and column null */
  assert_int_equal(tu_cli(&out, NULL, "solve", "--json", "/nonexistent/p.txt", NULL), 66);
  json_t *rec = json_loads(out, JSON_DISABLE_EOF_CHECK, NULL);
  assert_non_null(rec);
  assert_true(json_is_null(json_object_get(rec, "line")));
  assert_true(json_is_null(json_object_get(rec, "column")));
  json_decref(rec);
  free(out);
  /* help and version go to stdout with 0 */
  assert_int_equal(tu_cli(&out, NULL, "--help", NULL), 0);
  assert_non_null(strstr(out, "gridcnf help encoding"));
  free(out);
  assert_int_equal(tu_cli(&out, NULL, "help", "encoding", NULL), 0);
  assert_non_null(strstr(out, "--edge-units"));
  free(out);
  assert_int_equal(tu_cli(&out, NULL, "--version", NULL), 0);
  assert_non_null(strstr(out, GC_VERSION));
  free(out);
  assert_int_equal(tu_cli(&out, NULL, "genres", NULL), 0);
  assert_non_null(strstr(out, "skyscrapers"));
  free(out);
  /* --json: a record per genre, in the library's order, with its levels */
  assert_int_equal(tu_cli(&out, NULL, "genres", "--json", NULL), 0);
  char *line = out;
  for (size_t i = 0; i < gc_genre_count(); i++) {
    const gc_genre *g = gc_genre_at(i);
    char *end = strchr(line, '\n');
    assert_non_null(end);
    *end = 0;
    json_error_t je;
    json_t *grec = json_loads(line, 0, &je);
    assert_non_null(grec);
    assert_string_equal(json_string_value(json_object_get(grec, "name")),
                        gc_genre_name(g));
    assert_int_equal(json_integer_value(json_object_get(grec, "max_n")),
                     gc_genre_max_n(g));
    assert_string_equal(json_string_value(json_object_get(grec, "summary")),
                        gc_genre_summary(g));
    json_t *lv = json_object_get(grec, "levels");
    const char *const *want = gc_genre_levels(g);
    size_t k = 0;
    for (; want && want[k]; k++)
      assert_string_equal(json_string_value(json_array_get(lv, k)), want[k]);
    assert_true(k >= 4);
    assert_int_equal(json_array_size(lv), k);
    assert_true(json_array_size(json_object_get(grec, "aliases")) >= 1);
    json_decref(grec);
    line = end + 1;
  }
  assert_string_equal(line, "");
  free(out);
}

/* The --json contract: keys, order and types. */
static void test_json_contract(void **state) {
  (void)state;
  char *out;
  const char *batch = tu_tmp_write("batch.jsonl", UNIQUE4 MULTI4
                                "{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0\n" NONE5);
  assert_int_equal(tu_cli(&out, NULL, "solve", "--json", batch, NULL), 65);
  const char *expect_status[] = {"unique", "multiple", "error", "none"};
  const char *keys[] = {"id", "genre", "n", "status", "solution", "second", "stats"};
  char *line = out;
  for (int i = 0; i < 4; i++) {
    char *nl = strchr(line, '\n');
    assert_non_null(nl);
    *nl = 0;
    json_error_t je;
    json_t *o = json_loads(line, 0, &je);
    assert_non_null(o);
    assert_string_equal(json_string_value(json_object_get(o, "status")), expect_status[i]);
    if (i == 2) {
      assert_non_null(strstr(json_string_value(json_object_get(o, "error")),
                             "batch.jsonl:3:"));
      assert_int_equal(json_integer_value(json_object_get(o, "line")), 3);
      /* the column of the message ("batch.jsonl:3:COL:"), as a key */
      const char *msg = json_string_value(json_object_get(o, "error"));
      long col = strtol(strstr(msg, "batch.jsonl:3:") + strlen("batch.jsonl:3:"), NULL, 10);
      assert_true(col > 1);
      assert_int_equal(json_integer_value(json_object_get(o, "column")), col);
      assert_true(json_is_null(json_object_get(o, "solution")));
    } else {
      /* keys in the documented order */
      const char *k;
      json_t *v;
      int idx = 0;
      json_object_foreach(o, k, v) {
        (void)v;
        if (idx < 7)
          assert_string_equal(k, keys[idx]);
        idx++;
      }
      assert_int_equal(idx, 7);
      json_t *st = json_object_get(o, "stats");
      assert_true(json_integer_value(json_object_get(st, "vars")) > 0);
      assert_true(json_integer_value(json_object_get(st, "clauses")) > 0);
      assert_true(json_is_number(json_object_get(st, "encode_ms")));
      assert_true(json_is_number(json_object_get(st, "solve_ms")));
      assert_int_equal(json_integer_value(json_object_get(o, "n")), i == 3 ? 5 : 4);
    }
    if (i == 0) {
      json_t *sol = json_object_get(o, "solution");
      assert_int_equal(json_array_size(sol), 4);
      assert_int_equal(json_integer_value(json_array_get(json_array_get(sol, 0), 0)), 2);
      assert_true(json_is_null(json_object_get(o, "second")));
    }
    if (i == 1)
      assert_int_equal(json_array_size(json_object_get(o, "second")), 4);
    json_decref(o);
    line = nl + 1;
  }
  assert_string_equal(line, "");
  free(out);
  /* --count */
  assert_int_equal(tu_cli(&out, NULL, "solve", "--json", "--count", "1000",
                          tu_tmp_write("m.jsonl", MULTI4), NULL),
                   2);
  json_t *o = json_loads(out, 0, NULL);
  assert_non_null(o);
  /* column 1 is 1,2,3,4; the other 3x4 cells: 576 / 24 * ... counted */
  assert_true(json_integer_value(json_object_get(o, "count")) > 2);
  assert_true(json_is_true(json_object_get(o, "complete")));
  json_decref(o);
  free(out);
}

static void test_stdin_and_text(void **state) {
  (void)state;
  char *out;
  const char *txt = tu_tmp_write("p.txt", "skyscrapers\n  . . 1 2\n. . . . . .\n"
                                       ". . . . . 2\n1 . . . . .\n. . . . . .\n  . . 3 .\n");
  assert_int_equal(tu_cli(&out, NULL, "solve", txt, NULL), 0);
  assert_non_null(strstr(out, "p.txt:1: unique"));
  assert_non_null(strstr(out, ". 2 1 4 3 .\n"));
  free(out);
  /* --id picks one record of a batch */
  const char *batch = tu_tmp_write("b2.jsonl", UNIQUE4 MULTI4);
  assert_int_equal(tu_cli(&out, NULL, "solve", "--id", "m4", batch, NULL), 2);
  assert_null(strstr(out, "u4"));
  free(out);
}

/*------------------------------------------------------------------------*/
/* As a real process. */

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Runs the binary with stdout to out_path; optionally SIGINT after
   sigint_after seconds.  Returns the exit status (128+sig if killed). */
static int run_binary(const char *const *args, const char *out_path,
                      double sigint_after, double *elapsed) {
  double t0 = now_s();
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    int fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
      _exit(99);
    dup2(fd, 1);
    int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, 2);
    execv(GC_BINARY, (char *const *)args);
    _exit(98);
  }
  int status;
  if (sigint_after > 0) {
    struct timespec ts = {(time_t)sigint_after,
                          (long)((sigint_after - (time_t)sigint_after) * 1e9)};
    nanosleep(&ts, NULL);
    kill(pid, SIGINT);
  }
  waitpid(pid, &status, 0);
  *elapsed = now_s() - t0;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static const char *hard_puzzle(void) {
  return GC_SOURCE_DIR "/tests/data/hard-skyscrapers-26.jsonl";
}

static void test_timeout(void **state) {
  (void)state;
  char out[512];
  snprintf(out, sizeof out, "%s/timeout.out", tu_tmpdir);
  const char *args[] = {GC_BINARY, "solve", "--json", "--timeout", "0.5", hard_puzzle(), NULL};
  double el;
  int rc = run_binary(args, out, 0, &el);
  assert_int_equal(rc, 3);
  /* The limit is 0.5 s; the bound only catches a hang (the puzzle runs for
     minutes), loose enough for sanitizer builds on a busy machine. */
  assert_true(el < 30.0);
  char *text = tu_read_file(out);
  assert_non_null(strstr(text, "\"status\":\"unknown\""));
  assert_non_null(strstr(text, "\"stopped\":\"time\""));
  free(text);
}

static void test_interrupt(void **state) {
  (void)state;
  char out[512];
  snprintf(out, sizeof out, "%s/int.out", tu_tmpdir);
  /* A small puzzle first, then the hard one: the first answer is kept. */
  char both[600];
  snprintf(both, sizeof both, "%s/both.jsonl", tu_tmpdir);
  char *hard = tu_read_file(hard_puzzle());
  FILE *f = fopen(both, "w");
  fputs(UNIQUE4, f);
  fputs(hard, f);
  fputs(UNIQUE4, f);
  fclose(f);
  free(hard);
  const char *args[] = {GC_BINARY, "solve", "--json", both, NULL};
  double el;
  int rc = run_binary(args, out, 0.5, &el);
  assert_int_equal(rc, 130);
  assert_true(el < 30.0);
  char *text = tu_read_file(out);
  char *second = strchr(text, '\n');
  assert_non_null(second);
  assert_non_null(strstr(text, "\"id\":\"u4\",\"genre\":\"skyscrapers\",\"n\":4,\"status\":\"unique\""));
  assert_non_null(strstr(second, "\"status\":\"unknown\""));
  assert_non_null(strstr(second, "\"stopped\":\"interrupt\""));
  /* the batch stops: the third puzzle is not started */
  assert_null(strstr(second + 1, "\"id\":\"u4\""));
  free(text);
}

/* The output without the timings, for comparing runs. */
static void drop_stats(char *s) {
  for (char *p; (p = strstr(s, ",\"stats\":{"));) {
    char *q = strchr(p, '}');
    memmove(p, q + 1, strlen(q + 1) + 1);
  }
}

/* --jobs: the same answers in the same order as one job, bad lines and
   time limits included; SIGINT stops every solve in progress. */
static void test_jobs(void **state) {
  (void)state;
  char *hard = tu_read_file(hard_puzzle());
  size_t hl = strlen(hard);
  char *text = malloc(hl + 2000);
  snprintf(text, hl + 2000, "%s%s%s%s{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0\n%s%s",
           UNIQUE4, MULTI4, hard, NONE5, UNIQUE4, MULTI4);
  const char *batch = tu_tmp_write("jobs.jsonl", text);
  char *one, *three, *err1, *err3;
  int rc1 = tu_cli(&one, &err1, "solve", "--json", "--timeout", "0.3", batch, NULL);
  int rc3 = tu_cli(&three, &err3, "solve", "--json", "--jobs", "3", "--timeout", "0.3",
                   batch, NULL);
  assert_int_equal(rc1, 65);
  assert_int_equal(rc3, 65);
  drop_stats(one);
  drop_stats(three);
  assert_string_equal(one, three);
  assert_string_equal(err1, err3);
  assert_non_null(strstr(three, "\"stopped\":\"time\""));
  free(one), free(three), free(err1), free(err3);
  /* --jobs goes with the embedded solver only */
  assert_int_equal(tu_cli(NULL, NULL, "solve", "--jobs", "2", "--external", "minisat",
                          batch, NULL), 64);

  char out[512], two[600];
  snprintf(out, sizeof out, "%s/jobs.out", tu_tmpdir);
  snprintf(two, sizeof two, "%s/jobs2.jsonl", tu_tmpdir);
  FILE *f = fopen(two, "w");
  fputs(UNIQUE4, f);
  fputs(hard, f);
  fputs(hard, f);
  fclose(f);
  const char *args[] = {GC_BINARY, "solve", "--json", "--jobs", "2", two, NULL};
  double el;
  assert_int_equal(run_binary(args, out, 0.5, &el), 130);
  assert_true(el < 30.0); /* a hang bound only */
  char *got = tu_read_file(out);
  /* complete lines: the small one solved, the hard ones stopped */
  int lines = 0;
  for (char *p = got; (p = strchr(p, '\n')); p++)
    lines++;
  assert_true(lines >= 2);
  assert_non_null(strstr(got, "\"status\":\"unique\""));
  assert_non_null(strstr(got, "\"stopped\":\"interrupt\""));
  assert_int_equal(got[strlen(got) - 1], '\n');
  free(got);
  free(text);
  free(hard);
}

/* `gridcnf solve big.jsonl | head -1`: the reader goes away; gridcnf ends
   on SIGPIPE at its next write, quietly (nothing on stderr), long before
   the batch would have ended. */
static void test_sigpipe(void **state) {
  (void)state;
  char big[512], errf[512], rcf[512], cmd[2048];
  snprintf(big, sizeof big, "%s/big.jsonl", tu_tmpdir);
  snprintf(errf, sizeof errf, "%s/pipe.err", tu_tmpdir);
  snprintf(rcf, sizeof rcf, "%s/pipe.rc", tu_tmpdir);
  FILE *f = fopen(big, "w");
  assert_non_null(f);
  for (int i = 0; i < 20000; i++)
    fputs(UNIQUE4, f);
  fclose(f);
  snprintf(cmd, sizeof cmd,
           "bash -c '\"%s\" solve --json \"%s\" 2>\"%s\" | head -1 >/dev/null; "
           "echo ${PIPESTATUS[0]} > \"%s\"'",
           GC_BINARY, big, errf, rcf);
  assert_int_equal(system(cmd), 0);
  char *rc = tu_read_file(rcf), *err = tu_read_file(errf);
  /* killed by SIGPIPE (128 + 13), or a clean exit if the batch won the race */
  assert_true(atoi(rc) == 141 || atoi(rc) == 0);
  assert_string_equal(err, "");
  free(rc);
  free(err);
}

static void test_total_timeout(void **state) {
  (void)state;
  char out[512], both[512];
  snprintf(out, sizeof out, "%s/total.out", tu_tmpdir);
  snprintf(both, sizeof both, "%s/total.jsonl", tu_tmpdir);
  char *hard = tu_read_file(hard_puzzle());
  FILE *f = fopen(both, "w");
  fputs(hard, f);
  fputs(UNIQUE4, f);
  fclose(f);
  free(hard);
  const char *args[] = {GC_BINARY, "solve", "--json", "--total-timeout", "0.5", both, NULL};
  double el;
  assert_int_equal(run_binary(args, out, 0, &el), 3);
  assert_true(el < 30.0);
  char *text = tu_read_file(out);
  /* one line per record: the hard one stopped, the later one not started */
  char *nl = strchr(text, '\n');
  assert_non_null(nl);
  assert_non_null(strstr(text, "\"stopped\":\"time\""));
  assert_non_null(strstr(nl, "\"id\":\"u4\""));
  assert_non_null(strstr(nl, "\"status\":\"unknown\""));
  free(text);
}

static void test_size_guards(void **state) {
  (void)state;
  char *err;
  const char *p = tu_tmp_write("g.jsonl", UNIQUE4);
  assert_int_equal(tu_cli(NULL, &err, "solve", "--max-vars", "50", p, NULL), 65);
  assert_non_null(strstr(err, "needs more than 50 variables (--max-vars)"));
  free(err);
  assert_int_equal(tu_cli(NULL, &err, "solve", "--max-clauses", "10", p, NULL), 65);
  assert_non_null(strstr(err, "needs more than 10 clauses (--max-clauses)"));
  free(err);
  assert_int_equal(tu_cli(NULL, NULL, "solve", "--max-vars", "100000", p, NULL), 0);
}

/* main.c's heap policy: a first write to a fresh page of 6 us or more is
   slow (about 12 us on one kind of machine: memory is made ready ahead),
   under that fast (2-4 us on another: 2 MB pages only); the measurement is
   a time, not an error. */
static void test_fault_policy(void **state) {
  (void)state;
  assert_true(gc_cli_faults_slow(12.0));
  assert_true(gc_cli_faults_slow(GC_CLI_SLOW_FAULT_US));
  assert_false(gc_cli_faults_slow(2.5));
  assert_false(gc_cli_faults_slow(0.0));
  double us = gc_cli_first_write_us();
  assert_true(us >= 0.0 && us < 1e6);
}

/* '-o -' writes to standard output, as '-' reads standard input; it does
   not make a file named '-'. */
static void test_output_dash(void **state) {
  (void)state;
  const char *p = tu_tmp_write("d.jsonl", UNIQUE4);
  char *out, *err;
  unlink("-");
  assert_int_equal(tu_cli(&out, &err, "cnf", "-o", "-", p, NULL), 0);
  assert_non_null(strstr(out, "\np cnf "));
  assert_int_equal(access("-", F_OK), -1);
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "render", "--svg", "-o", "-", p, NULL), 0);
  assert_non_null(strstr(out, "<svg"));
  assert_int_equal(access("-", F_OK), -1);
  free(out), free(err);
}

/* gc_cli_run_io: '-' (and no file) reads the caller's buffer, and the
   records are the ones the file gives. */
static void test_input_buffer(void **state) {
  (void)state;
  char *out, *err, *out2, *err2;
  size_t no, ne;
  FILE *fo = open_memstream(&out, &no), *fe = open_memstream(&err, &ne);
  char *argv[] = {"gridcnf", "solve", "--json", "-", NULL};
  gc_cli_io io = {UNIQUE4 MULTI4, strlen(UNIQUE4 MULTI4), fo, fe, NULL};
  assert_int_equal(gc_cli_run_io(4, argv, &io), 2);
  fclose(fo);
  fclose(fe);
  assert_int_equal(tu_cli(&out2, &err2, "solve", "--json",
                          tu_tmp_write("um.jsonl", UNIQUE4 MULTI4), NULL),
                   2);
  /* the same two records but for the timings */
  json_error_t je;
  char *a = out, *b = out2;
  for (int k = 0; k < 2; k++) {
    json_t *ra = json_loadb(a, strcspn(a, "\n"), 0, &je);
    json_t *rb = json_loadb(b, strcspn(b, "\n"), 0, &je);
    assert_non_null(ra);
    assert_non_null(rb);
    json_object_del(ra, "stats");
    json_object_del(rb, "stats");
    assert_true(json_equal(ra, rb));
    json_decref(ra);
    json_decref(rb);
    a += strcspn(a, "\n") + 1;
    b += strcspn(b, "\n") + 1;
  }
  assert_string_equal(a, "");
  free(out);
  free(err);
  free(out2);
  free(err2);
  /* no file at all reads the buffer too */
  fo = open_memstream(&out, &no);
  fe = open_memstream(&err, &ne);
  char *argv2[] = {"gridcnf", "solve", NULL};
  gc_cli_io io2 = {UNIQUE4, strlen(UNIQUE4), fo, fe, NULL};
  assert_int_equal(gc_cli_run_io(2, argv2, &io2), 0);
  fclose(fo);
  fclose(fe);
  assert_non_null(strstr(out, "u4: unique"));
  free(out);
  free(err);
}

/* A puzzle in a pasted notation given as the argument itself, where no
   file has that name. */
static void test_argument_input(void **state) {
  (void)state;
  const char *cw = "[0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0]";
  const char *towers = "4:3/2/1/2/2/2/3/1/2/2/1/3/2/2/3/1"; /* Tatham's */
  char *out, *err;
  assert_int_equal(tu_cli(&out, &err, "solve", cw, towers, NULL), 0);
  assert_non_null(strstr(out, "<argument>:1: unique (the only solution); "
                              "skyscrapers 4x4"));
  assert_non_null(strstr(out, " 2 1 4 3 "));
  assert_string_equal(err, "");
  free(out), free(err);
  /* --json names the source so too */
  assert_int_equal(tu_cli(&out, NULL, "solve", "--json", cw, NULL), 0);
  assert_non_null(strstr(out, "\"source\":\"<argument>\""));
  free(out);
  /* longer than a file name may be (an Unequal 12x12 with no clues) */
  char big[400] = "12:";
  for (int i = 0; i < 144; i++)
    strcat(big, "0,");
  assert_int_equal(tu_cli(&out, NULL, "solve", big, NULL), 2);
  assert_non_null(strstr(out, "<argument>:1: multiple"));
  free(out);
  /* a notation with a mistake: the error's position is in the argument */
  assert_int_equal(tu_cli(NULL, &err, "solve", "6:1/2/3", NULL), 65);
  assert_non_null(strstr(err, "gridcnf: <argument>:1:8: expected 24 clues"));
  free(err);
  /* a name that reads as no notation is a file that cannot be opened */
  assert_int_equal(tu_cli(NULL, &err, "solve", "puzzle.txt", NULL), 66);
  assert_non_null(strstr(err, "gridcnf: puzzle.txt: cannot open"));
  free(err);
  /* a file of that name is read, not its name */
  char cwd[4096], dir[4096];
  assert_non_null(getcwd(cwd, sizeof cwd));
  snprintf(dir, sizeof dir, "%s", tu_tmp_write(cw, UNIQUE4));
  *strrchr(dir, '/') = 0;
  assert_int_equal(chdir(dir), 0);
  int rc = tu_cli(&out, NULL, "solve", cw, NULL);
  assert_int_equal(chdir(cwd), 0);
  assert_int_equal(rc, 0);
  assert_non_null(strstr(out, "u4: unique"));
  free(out);
}

static void test_write_error(void **state) {
  (void)state;
  const char *args[] = {GC_BINARY, "solve", tu_tmp_write("u.jsonl", UNIQUE4), NULL};
  double el;
  assert_int_equal(run_binary(args, "/dev/full", 0, &el), 74);
  /* generate: a puzzle whose record could not be written is not counted
     made, and its index is named to make it again */
  char cmd[1024];
  const char *errf = tu_tmp_write("gen-full.err", "");
  snprintf(cmd, sizeof cmd,
           "'%s' generate skyscrapers --size 4 --seed 1 --number 3 "
           ">/dev/full 2>'%s'",
           GC_BINARY, errf);
  int st = system(cmd);
  assert_true(WIFEXITED(st));
  assert_int_equal(WEXITSTATUS(st), 74);
  char *err = tu_read_file(errf);
  assert_non_null(strstr(err, "gridcnf: generate: 1/3 gen-skyscrapers-4-s1-1: made, "
                              "but not written (the output failed); --start 1 "
                              "makes it again\n"));
  assert_non_null(strstr(err, "gridcnf: generate: 0 of 3 puzzles made"));
  free(err);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_exit_codes),    cmocka_unit_test(test_json_contract),
      cmocka_unit_test(test_stdin_and_text), cmocka_unit_test(test_timeout),
      cmocka_unit_test(test_interrupt),     cmocka_unit_test(test_write_error),
      cmocka_unit_test(test_total_timeout), cmocka_unit_test(test_size_guards),
      cmocka_unit_test(test_jobs),          cmocka_unit_test(test_sigpipe),
      cmocka_unit_test(test_output_dash),   cmocka_unit_test(test_fault_policy),
      cmocka_unit_test(test_input_buffer),  cmocka_unit_test(test_argument_input),
  };
  return cmocka_run_group_tests(tests, setup, tu_teardown);
}
