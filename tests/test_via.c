/*
 * test_via.c: the exports solved by the tools they are for, through
 * `solve --via minizinc|clingo|cbc|glpk` (cli/solve_via.c, models/).  On
 * each genre, for puzzles with one solution, several and none (and an
 * Adjacent Futoshiki), every tool's verdict equals the embedded solver's,
 * and so does its solution where there is only one; --first stops after
 * one answer; the record names the tool.  A tool that is not installed is
 * skipped (and said so); the test exits 77 when none is.  Then, with a
 * stand-in `minizinc` that starts a child and sleeps: --timeout ends it
 * as unknown (exit 3) and ends the child too (the whole process group);
 * a missing program is exit 69, every puzzle of the batch still getting
 * its record, the program not tried again.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"

static char dir[256];

static const char *path(const char *name) {
  static char buf[8][512];
  static int k;
  char *p = buf[k++ % 8];
  snprintf(p, 512, "%s/%s", dir, name);
  return p;
}

static int on_path(const char *prog) {
  char cmd[256];
  snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", prog);
  return system(cmd) == 0;
}

static const struct {
  const char *name, *text;
} puzzles[] = {
    {"sky-unique", "skyscrapers\n  . . . 4 . .\n. . . . . . . 6\n. . . . . . . 4\n"
                   "2 . . . . . . .\n2 . . . . . . 2\n. . . . . . . 3\n"
                   ". . . . . . . .\n  5 2 . . . 1\n"},
    {"sky-multiple", "{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0]}\n"},
    {"sky-none", "{\"genre\":\"skyscrapers\",\"n\":3,\"top\":[3,0,0],\"bottom\":[3,0,0]}\n"},
    {"sky-boxes", "{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,1],\"left\":[0,2,0,0],"
                  "\"boxes\":[2,2]}\n"},
    /* bkoelman/Futoshiki puzzles/Easy/04x04/Puzzle0001.txt (futoshiki.org) */
    {"futo-unique", "._._._._______._._._.^______._._.).______v.)._.(.3_4_2_1____"
                    "___1_2_3_4^______2_1_4)3______v4)3_1(2\n"},
    {"futo-multiple", "{\"genre\":\"futoshiki\",\"n\":3,\"lt\":[[0,0,0,1]]}\n"},
    {"futo-none", "{\"genre\":\"futoshiki\",\"n\":3,\"givens\":[[1,0,0],[0,0,0],"
                  "[0,0,0]],\"lt\":[[0,1,0,0]]}\n"},
    /* sgt-unequal --generate 1 5ade (sgt-puzzles 20230122, Debian 12) */
    {"adjacent-unique", "5a:0D,5,0,4,0D,0U,0,0,0RD,0UL,0D,0RD,0DL,0U,0D,0U,0URD,"
                        "0UL,0R,0UL,0,0U,0R,0L,1,\n"},
    {"adjacent-multiple", "futoshiki adjacent\n0|0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n"
                          "0 0 0 0 0\n0 0 0 0 0\n"},
    /* KR-Project-Group-3/starbattle-mini-zinc instance.dzn */
    {"star-unique", "num_stars = 1;\ndim = 5;\nsectors = [|\n1, 1, 1, 2, 2|\n1, 1, 1, "
                    "2, 3|\n1, 1, 1, 2, 3|\n1, 4, 5, 5, 3|\n4, 4, 5, 5, 5|];\n"},
    {"star-multiple", "{\"genre\":\"starbattle\",\"n\":4,\"stars\":1,\"regions\":"
                      "[[0,0,0,0],[1,1,1,1],[2,2,2,2],[3,3,3,3]]}\n"},
    {"star-none", "{\"genre\":\"starbattle\",\"n\":3,\"stars\":1,\"regions\":"
                  "[[0,0,0],[1,1,1],[2,2,2]]}\n"},
    {"star-no-region", "{\"genre\":\"starbattle\",\"n\":5,\"stars\":1,\"regions\":"
                       "[[0,0,0,1,-1],[0,0,0,1,2],[0,0,0,1,2],[0,3,4,4,2],[3,3,4,4,4]]}\n"},
};
enum { NPUZZLES = sizeof puzzles / sizeof puzzles[0] };

static json_t *record_of(const char *out) {
  json_error_t je;
  json_t *o = json_loads(out, JSON_DISABLE_EOF_CHECK, &je);
  if (!o)
    fail_msg("not a JSON record: %s", out);
  return o;
}

static int tools_tried;

static void one_tool(const char *tool, const char *program) {
  if (!on_path(program)) {
    print_message("%s not installed: --via %s not tried\n", program, tool);
    return;
  }
  tools_tried++;
  for (int i = 0; i < NPUZZLES; i++) {
    const char *file = path(puzzles[i].name);
    tu_write_file(file, puzzles[i].text);
    char *want_out, *got_out, *err;
    int want_rc = tu_cli(&want_out, NULL, "solve", "--json", file, NULL);
    int got_rc = tu_cli(&got_out, &err, "solve", "--json", "--via", tool, file, NULL);
    if (got_rc != want_rc)
      fail_msg("%s via %s: exit %d, the embedded solver's %d (%s)", puzzles[i].name,
               tool, got_rc, want_rc, err);
    json_t *want = record_of(want_out), *got = record_of(got_out);
    const char *status = json_string_value(json_object_get(want, "status"));
    assert_string_equal(json_string_value(json_object_get(got, "status")), status);
    assert_string_equal(
        json_string_value(json_object_get(json_object_get(got, "stats"), "via")), tool);
    if (!strcmp(status, "unique"))
      assert_true(json_equal(json_object_get(got, "solution"),
                             json_object_get(want, "solution")));
    if (!strcmp(status, "multiple"))
      assert_false(json_equal(json_object_get(got, "solution"),
                              json_object_get(got, "second")));
    json_decref(want);
    json_decref(got);
    free(want_out);
    free(got_out);
    free(err);
  }
  /* --first: one run, "solved" */
  char *out;
  assert_int_equal(tu_cli(&out, NULL, "solve", "--first", "--via", tool,
                          path("sky-multiple"), NULL),
                   0);
  assert_non_null(strstr(out, ": solved; skyscrapers 4x4, via "));
  free(out);
}

static void test_minizinc(void **state) {
  (void)state;
  one_tool("minizinc", "minizinc");
}
static void test_clingo(void **state) {
  (void)state;
  one_tool("clingo", "clingo");
}
static void test_cbc(void **state) {
  (void)state;
  one_tool("cbc", "cbc");
}
static void test_glpk(void **state) {
  (void)state;
  one_tool("glpk", "glpsol");
}

/*------------------------------------------------------------------------*/

/* Is pid a live process (not gone, not a zombie waiting for a reaper)? */
static int alive(pid_t pid) {
  char p[64], buf[512];
  snprintf(p, sizeof p, "/proc/%ld/stat", (long)pid);
  FILE *f = fopen(p, "r");
  if (!f)
    return 0;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  const char *st = strrchr(buf, ')');
  return st && st[1] == ' ' && st[2] != 'Z' && st[2] != 'X';
}

/* A stand-in minizinc that starts a child and waits for it: at the time
   limit both must end. */
static void test_timeout_ends_the_group(void **state) {
  (void)state;
  char bin[600], fake[700], pidfile[700];
  snprintf(bin, sizeof bin, "%s/bin", dir);
  mkdir(bin, 0777);
  snprintf(fake, sizeof fake, "%s/minizinc", bin);
  snprintf(pidfile, sizeof pidfile, "%s/child.pid", dir);
  char script[1024];
  snprintf(script, sizeof script, "#!/bin/sh\nsleep 60 &\necho $! > %s\nwait\n",
           pidfile);
  tu_write_file(fake, script);
  chmod(fake, 0755);
  const char *old = getenv("PATH");
  char *keep = strdup(old ? old : "/usr/bin:/bin");
  char newpath[4096];
  snprintf(newpath, sizeof newpath, "%s:%s", bin, keep);
  setenv("PATH", newpath, 1);
  const char *file = path("sky-unique");
  tu_write_file(file, puzzles[0].text);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  char *out, *err;
  int rc = tu_cli(&out, &err, "solve", "--json", "--timeout", "1", "--via",
                  "minizinc", file, NULL);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
  assert_int_equal(rc, 3);
  assert_non_null(strstr(out, "\"status\":\"unknown\""));
  assert_non_null(strstr(out, "\"stopped\":\"time\""));
  assert_true(s < 10); /* a loose bound: it did not wait for the sleep */
  free(out);
  free(err);
  /* the child (its pid from the stand-in) is gone too */
  char *pid_text = tu_read_file(pidfile);
  pid_t child = (pid_t)atol(pid_text);
  free(pid_text);
  assert_true(child > 1);
  int left = 1;
  for (int i = 0; i < 50 && left; i++) {
    left = alive(child);
    if (left)
      nanosleep(&(struct timespec){0, 20000000}, NULL);
  }
  if (left)
    kill(child, SIGKILL); /* clean up before failing */
  assert_false(left);
  /* a missing program: 69, an error record for each puzzle */
  setenv("PATH", bin, 1);
  unlink(fake);
  char two[1200];
  snprintf(two, sizeof two, "%s", path("two.jsonl"));
  tu_write_file(two, "{\"genre\":\"futoshiki\",\"n\":3}\n{\"genre\":\"futoshiki\",\"n\":3}\n");
  rc = tu_cli(&out, &err, "solve", "--via", "minizinc", two, NULL);
  assert_int_equal(rc, 69);
  assert_non_null(strstr(err, "no such program"));
  assert_non_null(strstr(strstr(err, "\n") + 1, "no such program")); /* each */
  free(out);
  free(err);
  rc = tu_cli(&out, &err, "solve", "--json", "--via", "minizinc", two, NULL);
  setenv("PATH", keep, 1);
  free(keep);
  assert_int_equal(rc, 69);
  int records = 0;
  for (const char *l = out; (l = strstr(l, "\"status\":\"error\"")); l++)
    records++;
  assert_int_equal(records, 2);
  free(out);
  free(err);
}

static void test_usage(void **state) {
  (void)state;
  char *err;
  assert_int_equal(tu_cli(NULL, &err, "solve", "--via", "scip", "x", NULL), 64);
  assert_non_null(strstr(err, "minizinc, clingo, cbc or glpk"));
  free(err);
  assert_int_equal(tu_cli(NULL, &err, "solve", "--via", "cbc", "--count", "3", "x", NULL), 64);
  free(err);
  assert_int_equal(tu_cli(NULL, &err, "count", "--via", "cbc", "x", NULL), 64);
  free(err);
  assert_int_equal(tu_cli(NULL, &err, "solve", "--via", "cbc", "--jobs", "2", "x", NULL), 64);
  free(err);
}

static int setup(void **state) {
  (void)state;
  snprintf(dir, sizeof dir, "%s/gridcnf-test-via-XXXXXX",
           getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
  return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state) {
  (void)state;
  char cmd[512];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  return system(cmd) == 0 ? 0 : -1;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_minizinc),
      cmocka_unit_test(test_clingo),
      cmocka_unit_test(test_cbc),
      cmocka_unit_test(test_glpk),
      cmocka_unit_test(test_timeout_ends_the_group),
      cmocka_unit_test(test_usage),
  };
  int rc = cmocka_run_group_tests(tests, setup, teardown);
  if (rc == 0 && tools_tried == 0) {
    print_message("none of minizinc, clingo, cbc, glpsol is installed: skipped\n");
    return 77;
  }
  return rc;
}
