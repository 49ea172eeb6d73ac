/*
 * test_limits.c: --max-vars and --max-clauses bound the puzzle's formula
 * and never change an answer.  For every command that solves, the
 * smallest --max-clauses it accepts (found by bisection: below it the
 * formula is refused, exit 65) must give the same answer as no limit at
 * all; before the fix the blocking clause (one more than the formula) was
 * refused in silence there and a unique puzzle came out "multiple", count
 * never ended, unique-fix indexed cell -1.  cnf and solve --external
 * refuse a formula over the limit as solve does.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "solver-glue/session.h"
#include "testutil.h"

static int setup(void **state) {
  (void)state;
  return tu_tmp_open("limits");
}

/* Runs `gridcnf ARGS... [--max-clauses K] FILE` in-process (K 0: no
   limit); the exit code, and the --json output with the timings and the
   certificate's path dropped, each line's keys sorted, in *out. */
static int run(const char *const *args, long k, const char *file, char **out) {
  char *argv[32];
  int n = 0;
  for (; args[n]; n++)
    argv[n] = (char *)args[n];
  assert_true(n < 28);
  char kbuf[32];
  if (k) {
    snprintf(kbuf, sizeof kbuf, "%ld", k);
    argv[n++] = "--max-clauses";
    argv[n++] = kbuf;
  }
  argv[n++] = (char *)file;
  argv[n] = NULL;
  char *raw = NULL, *err = NULL;
  int rc = tu_cli_argv(&raw, &err, n, argv);
  size_t cap = strlen(raw) + 1, len = 0;
  char *norm = calloc(cap + 1, 1);
  for (char *line = raw; *line;) {
    char *nl = strchr(line, '\n');
    size_t l = nl ? (size_t)(nl - line) : strlen(line);
    json_error_t je;
    json_t *o = json_loadb(line, l, 0, &je);
    if (!o)
      fail_msg("not a JSON line: %.*s (stderr: %s)", (int)l, line, err);
    json_object_del(o, "stats");
    json_object_del(o, "ms");
    json_object_del(o, "certificate");
    char *s = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);
    size_t sl = strlen(s);
    if (len + sl + 2 > cap)
      norm = realloc(norm, cap = 2 * (len + sl + 2));
    memcpy(norm + len, s, sl);
    len += sl;
    norm[len++] = '\n';
    norm[len] = 0;
    free(s);
    json_decref(o);
    line += l + (nl != NULL);
  }
  free(raw);
  free(err);
  *out = norm;
  return rc;
}

/* The smallest --max-clauses that the command does not refuse (exit 65
   below it), by bisection. */
static long smallest_accepted(const char *const *args, const char *file) {
  long lo = 1, hi = 1 << 22; /* refused at lo - 1 (none), accepted at hi */
  char *out;
  assert_int_not_equal(run(args, hi, file, &out), 65);
  free(out);
  while (lo < hi) {
    long mid = lo + (hi - lo) / 2;
    int rc = run(args, mid, file, &out);
    free(out);
    if (rc == 65)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* At the limit and just above it: the answer without a limit. */
static void same_answer(const char *const *args, const char *file) {
  char *free_run, *limited;
  int rc0 = run(args, 0, file, &free_run);
  long k = smallest_accepted(args, file);
  for (long d = 0; d <= 2; d++) {
    int rc = run(args, k + d, file, &limited);
    if (rc != rc0 || strcmp(free_run, limited))
      fail_msg("gridcnf %s %s with --max-clauses %ld (the smallest it takes "
               "is %ld): exit %d and\n%s\nwithout a limit: exit %d and\n%s",
               args[0], args[1] ? args[1] : "", k + d, k, rc, limited, rc0,
               free_run);
    free(limited);
  }
  free(free_run);
}

static void test_same_answers(void **state) {
  (void)state;
  const char *six = GC_SOURCE_DIR "/examples/skyscrapers-6x6.txt";
  const char *u4 = tu_tmp_write("u4.jsonl", UNIQUE4);
  const char *m4 = tu_tmp_write("m4.jsonl", MULTI4);
  static const char *const solve[] = {"solve", "--json", NULL};
  static const char *const first[] = {"solve", "--json", "--first", NULL};
  static const char *const count[] = {"count", "--json", NULL};
  static const char *const count_all[] = {"count", "--json", "--all", NULL};
  static const char *const rate[] = {"rate", "--json", NULL};
  static const char *const minimize[] = {"minimize", "--json", NULL};
  static const char *const fix[] = {"unique-fix", "--json", NULL};
  static const char *const backbone[] = {"hint", "--forced", "--json", NULL};
  same_answer(solve, six);
  same_answer(solve, u4);
  same_answer(solve, m4);
  same_answer(first, six);
  same_answer(count, six);
  same_answer(count_all, u4);
  same_answer(rate, six);
  same_answer(minimize, u4);
  same_answer(fix, m4);
  same_answer(backbone, u4);
  same_answer(backbone, m4);
}

/* generate: the clue removal runs on the full puzzle's formula with every
   clue behind a selector, and its blocking clause was the one refused
   (exit 70, "the full puzzle is not unique"). */
static void test_generate(void **state) {
  (void)state;
  static const char *const gen[] = {"generate", "--json", "--seed", "1",
                                    "--size",   "4",      NULL};
  same_answer(gen, "skyscrapers");
  static const char *const fut[] = {"generate", "--json", "--seed", "2",
                                    "--size",   "4",      NULL};
  same_answer(fut, "futoshiki");
}

/* certify at the limit writes the certificate (it used to report
   "multiple" and remove a valid one already in the directory). */
static void test_certify(void **state) {
  (void)state;
  if (access("/usr/bin/cadical", X_OK) != 0) {
    printf("    (certify part skipped: no cadical command)\n");
    return;
  }
  const char *dir = tu_tmp_path("cert");
  static const char *const base[] = {"certify", "--json", "--out-dir", NULL, NULL};
  const char *args[5];
  memcpy(args, base, sizeof args);
  args[3] = dir;
  same_answer(args, GC_SOURCE_DIR "/examples/skyscrapers-6x6.txt");
  char proof[600];
  snprintf(proof, sizeof proof, "%s/proof.drat", dir);
  assert_int_equal(access(proof, F_OK), 0);
}

/* The library: a session's limits bound the formula; clauses added after
   it (the blocking clause, a backbone unit) go in, and a clause that
   cannot go in is reported, never dropped in silence. */
static void test_session_block(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle(UNIQUE4, NULL);
  gc_options opt;
  gc_options_default(&opt);
  for (int groups = 0; groups <= 1; groups++) {
    gc_session ss;
    gc_error e;
    gc_limits lim = {.mode = GC_MODE_UNIQUE, .count = 2};
    assert_int_equal(gc_session_open(&ss, pz, &opt, &lim, groups, &e), 0);
    long size = ss.cnf.nclauses;
    gc_session_close(&ss);
    lim.max_clauses = size;
    assert_int_equal(gc_session_open(&ss, pz, &opt, &lim, groups, &e), 0);
    int *sel = malloc((ss.cnf.ngroups + 1) * sizeof *sel);
    for (size_t i = 0; i < ss.cnf.ngroups; i++)
      sel[i] = ss.cnf.groups[i].selector;
    assert_int_equal(gc_session_solve(&ss, sel, ss.cnf.ngroups), 10);
    gc_grid g;
    assert_int_equal(gc_session_grid(&ss, &g, &e), 0);
    assert_int_equal(gc_session_block(&ss, &g, &e), 0);
    /* unique: with the solution blocked there is none */
    assert_int_equal(gc_session_solve(&ss, sel, ss.cnf.ngroups), 20);
    gc_grid_free(&g);
    free(sel);
    gc_session_close(&ss);
  }
  gc_puzzle_free(pz);
}

/* unique-fix on small random puzzles with several solutions, at the
   smallest limit their formula takes: every given added is a digit of the
   grid (it was "the 0 at r1c0", a write before the array), and the puzzle
   with them is unique. */
static void test_unique_fix(void **state) {
  (void)state;
  unsigned seed = 12345;
  int tried = 0;
  for (int t = 0; t < 40 && tried < 12; t++) {
    char rec[256];
    int n = 4 + t % 2;
    seed = seed * 1103515245u + 12345u;
    snprintf(rec, sizeof rec,
             "{\"genre\":\"%s\",\"n\":%d,\"top\":[%u,0,0,0%s]}", "skyscrapers",
             n, 1 + (seed >> 16) % n, n == 5 ? ",0" : "");
    gc_puzzle *pz = tu_puzzle(rec, NULL);
    gc_result res;
    tu_solve(pz, GC_MODE_UNIQUE, &res);
    long size = res.stats.clauses;
    gc_status full = res.status;
    gc_result_free(&res);
    if (full != GC_STATUS_MULTIPLE) {
      gc_puzzle_free(pz);
      continue;
    }
    tried++;
    gc_limits lim = {.mode = GC_MODE_UNIQUE, .count = 2, .max_clauses = size};
    gc_status st;
    gc_clues added;
    char *fixed;
    gc_error e;
    assert_int_equal(gc_unique_fix(pz, NULL, &lim, &st, &added, &fixed, &e), 0);
    assert_int_equal(st, GC_STATUS_UNIQUE);
    assert_true(added.count > 0);
    for (size_t i = 0; i < added.count; i++) {
      int v, r, c;
      if (sscanf(added.what[i], "the %d at r%dc%d", &v, &r, &c) != 3)
        fail_msg("not a given: %s", added.what[i]);
      assert_true(v >= 1 && v <= n && r >= 1 && r <= n && c >= 1 && c <= n);
    }
    gc_puzzle *fz = tu_puzzle(fixed, NULL);
    tu_solve(fz, GC_MODE_UNIQUE, &res);
    assert_int_equal(res.status, GC_STATUS_UNIQUE);
    gc_result_free(&res);
    gc_puzzle_free(fz);
    free(fixed);
    gc_clues_free(&added);
    gc_puzzle_free(pz);
  }
  assert_true(tried >= 5);
}

/* cnf and solve --external refuse a formula over the limit, as solve
   does, and write the same CNF at the limit. */
static void test_cnf_refuses(void **state) {
  (void)state;
  const char *p = tu_tmp_write("c.jsonl", UNIQUE4);
  char *full, *err;
  assert_int_equal(tu_cli(&full, &err, "cnf", p, NULL), 0);
  free(err);
  long vars, clauses;
  const char *h = strstr(full, "\np cnf ");
  assert_non_null(h);
  assert_int_equal(sscanf(h, "\np cnf %ld %ld", &vars, &clauses), 2);
  char k[32], kv[32];
  snprintf(k, sizeof k, "%ld", clauses - 1);
  char *out;
  assert_int_equal(tu_cli(&out, &err, "cnf", "--max-clauses", k, p, NULL), 65);
  assert_string_equal(out, "");
  assert_non_null(strstr(err, "needs more than"));
  free(out), free(err);
  snprintf(kv, sizeof kv, "%ld", vars - 1);
  assert_int_equal(tu_cli(&out, &err, "cnf", "--max-vars", kv, p, NULL), 65);
  assert_string_equal(out, "");
  free(out), free(err);
  snprintf(k, sizeof k, "%ld", clauses);
  assert_int_equal(tu_cli(&out, &err, "cnf", "--max-clauses", k, p, NULL), 0);
  assert_string_equal(out, full);
  free(out), free(err);
  /* --block-solution: the blocking clause is not the formula's */
  assert_int_equal(tu_cli(&out, &err, "cnf", "--block-solution",
                          "--max-clauses", k, p, NULL),
                   0);
  assert_non_null(strstr(out, "blocking clause"));
  free(out), free(err);
  free(full);
  if (access("/usr/bin/cadical", X_OK) == 0) {
    snprintf(k, sizeof k, "%ld", clauses - 1);
    assert_int_equal(tu_cli(&out, &err, "solve", "--external", "cadical",
                            "--max-clauses", k, p, NULL),
                     65);
    assert_non_null(strstr(err, "needs more than"));
    free(out), free(err);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_same_answers), cmocka_unit_test(test_generate),
      cmocka_unit_test(test_certify),      cmocka_unit_test(test_session_block),
      cmocka_unit_test(test_unique_fix),   cmocka_unit_test(test_cnf_refuses),
  };
  return cmocka_run_group_tests(tests, setup, tu_teardown);
}
