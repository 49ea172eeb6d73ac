/*
 * test_portfolio.c: option portfolio (a second CaDiCaL thread, the first
 * complete answer wins; it runs the genre's alternate encoding where the
 * genre has one for the puzzle, else CaDiCaL's stable search on the same
 * formula).  Forced on, so that both sessions
 * race even on small puzzles, and repeated, so that both orders of
 * finishing happen: the verdicts are those without the portfolio, a unique
 * solution is the same grid, the two solutions of `multiple` are different
 * and pass the genre's checker, `none` stays none, and a time limit still
 * stops both threads (loose bound: only a hang fails).  Option auto, with
 * its start delay lowered to 0, races where it may and stays off where the
 * answer must not depend on timing.
 */
#define _GNU_SOURCE /* sched_getaffinity, as solve.c */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli_int.h"
#include "solver-glue/session.h"
#include "testutil.h"

static void solve_with(const gc_puzzle *pz, int portfolio, double timeout,
                       gc_result *res) {
  gc_options opt;
  gc_options_default(&opt);
  opt.portfolio = portfolio;
  gc_limits lim = {0};
  lim.mode = GC_MODE_UNIQUE;
  lim.count = 2;
  lim.timeout = timeout;
  gc_error err = {0};
  assert_int_equal(gc_solve(pz, &opt, &lim, res, &err), 0);
}

/* second: which session races the default one (2 stable, 3 alternate) */
static void same_verdict(const char *text, gc_status want, int second) {
  gc_puzzle *pz = tu_puzzle(text, NULL);
  gc_result off;
  solve_with(pz, GC_PORTFOLIO_OFF, 0, &off);
  assert_int_equal(off.status, want);
  assert_int_equal(off.stats.portfolio, 0);
  size_t cells = (size_t)pz->n * (size_t)pz->n;
  int won[4] = {0, 0, 0, 0};
  for (int round = 0; round < 20; round++) {
    gc_result on;
    solve_with(pz, GC_PORTFOLIO_ON, 0, &on);
    assert_int_equal(on.status, want);
    assert_true(on.stats.portfolio == 1 || on.stats.portfolio == second);
    won[on.stats.portfolio]++;
    /* the start of the session that answered: 0 for the first */
    assert_true(on.stats.portfolio == 1 ? on.stats.portfolio_start_ms == 0
                                        : on.stats.portfolio_start_ms >= 0);
    char why[200];
    if (want == GC_STATUS_UNIQUE)
      assert_memory_equal(on.first.cell, off.first.cell, cells * sizeof *on.first.cell);
    if (want == GC_STATUS_MULTIPLE) {
      assert_true(gc_check(pz, &on.first, why, sizeof why));
      assert_true(gc_check(pz, &on.second, why, sizeof why));
      assert_true(memcmp(on.first.cell, on.second.cell, cells * sizeof *on.first.cell));
    }
    if (want == GC_STATUS_NONE)
      assert_int_equal(on.first.n, 0);
    gc_result_free(&on);
  }
  assert_int_equal(won[1] + won[second], 20);
  gc_result_free(&off);
  gc_puzzle_free(pz);
}

static void test_verdicts(void **state) {
  (void)state;
  char path[1024];
  snprintf(path, sizeof path, "%s/examples/starbattle-7x7.txt", GC_SOURCE_DIR);
  char *text = tu_read_file(path);
  same_verdict(text, GC_STATUS_UNIQUE, 2);
  free(text);
  snprintf(path, sizeof path, "%s/examples/skyscrapers-6x6.txt", GC_SOURCE_DIR);
  text = tu_read_file(path);
  same_verdict(text, GC_STATUS_UNIQUE, 2);
  /* auto never races without an alternate encoding */
  gc_puzzle *pz = tu_puzzle(text, NULL);
  gc_result res;
  solve_with(pz, GC_PORTFOLIO_AUTO, 0, &res);
  assert_int_equal(res.status, GC_STATUS_UNIQUE);
  assert_int_equal(res.stats.portfolio, 0);
  gc_result_free(&res);
  gc_puzzle_free(pz);
  free(text);
  same_verdict("{\"genre\":\"futoshiki\",\"n\":5}", GC_STATUS_MULTIPLE, 2);
  same_verdict("{\"genre\":\"starbattle\",\"n\":5,\"stars\":1,\"regions\":"
               "[[0,0,1,1,1],[0,0,1,1,1],[2,2,3,3,3],[2,2,3,3,4],[2,2,3,4,4]]}",
               GC_STATUS_MULTIPLE, 2);
  same_verdict("{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,4,0,0],"
               "\"bottom\":[0,0,0,0],\"left\":[0,0,0,0],\"right\":[0,0,0,0]}",
               GC_STATUS_NONE, 2);
}

/* A 12x12 3-star Star Battle whose regions are its rows: many solutions,
   and an alternate encoding (text: 2048 bytes). */
static void rows_as_regions(char *text) {
  char *w = text;
  w += sprintf(w, "{\"genre\":\"starbattle\",\"n\":12,\"stars\":3,\"regions\":[");
  for (int r = 0; r < 12; r++) {
    w += sprintf(w, "%s[", r ? "," : "");
    for (int c = 0; c < 12; c++)
      w += sprintf(w, "%s%d", c ? "," : "", r);
    w += sprintf(w, "]");
  }
  sprintf(w, "]}\n");
}

/* Star Battles with 3 stars: the second thread runs the other pair-count
   encoding (Star Battle's alternate), whose answers must be the same. */
static void test_alternate(void **state) {
  (void)state;
  /* unique: a generated 12x12 (the generator proves it unique) */
  gc_gen_params gp = {0};
  gp.n = 12;
  gp.stars = 3;
  gp.seed = 5;
  gp.index = 1;
  gc_puzzle *pz = NULL;
  gc_gen_info info;
  gc_error err = {0};
  assert_int_equal(gc_generate(gc_genre_find("starbattle"), &gp, NULL, NULL, &pz, &info, &err), 0);
  char *json = gc_puzzle_json(pz);
  assert_non_null(json);
  gc_puzzle_free(pz);
  same_verdict(json, GC_STATUS_UNIQUE, 3);
  /* auto: the same answer, from either session (the second one only
     starts after 40 ms, which a slow run under valgrind can reach) */
  pz = tu_puzzle(json, NULL);
  gc_result res;
  solve_with(pz, GC_PORTFOLIO_AUTO, 0, &res);
  assert_int_equal(res.status, GC_STATUS_UNIQUE);
  assert_true(res.stats.portfolio == 0 || res.stats.portfolio == 1 ||
              res.stats.portfolio == 3);
  if (res.stats.portfolio == 3) /* started no earlier than the delay */
    assert_true(res.stats.portfolio_start_ms >= 40.0);
  gc_result_free(&res);
  gc_puzzle_free(pz);
  free(json);
  /* several: every row its own region */
  char text[2048];
  rows_as_regions(text);
  same_verdict(text, GC_STATUS_MULTIPLE, 3);
  /* none: three stars in a 5x5 cannot keep apart */
  same_verdict("{\"genre\":\"starbattle\",\"n\":5,\"stars\":3,\"regions\":"
               "[[0,0,1,1,1],[0,0,1,1,1],[2,2,3,3,3],[2,2,3,3,4],[2,2,3,4,4]]}",
               GC_STATUS_NONE, 3);
}

/* A 26x26 Skyscrapers that runs for minutes: both threads stop at 0.3 s. */
static void test_time_limit(void **state) {
  (void)state;
  char path[1024];
  snprintf(path, sizeof path, "%s/tests/data/hard-skyscrapers-26.jsonl", GC_SOURCE_DIR);
  char *text = tu_read_file(path);
  gc_puzzle *pz = tu_puzzle(text, NULL);
  free(text);
  double t0 = gc_now_ms();
  gc_result res;
  solve_with(pz, GC_PORTFOLIO_ON, 0.3, &res);
  double ms = gc_now_ms() - t0;
  assert_int_equal(res.status, GC_STATUS_UNKNOWN);
  assert_int_equal(res.stop, GC_STOP_TIME);
  assert_true(ms < 30000); /* a hang, not a timing */
  gc_result_free(&res);
  gc_puzzle_free(pz);
}

/* portfolio=auto is kept off where the answer must not depend on timing:
   the CLI's fixed solves (cnf --block-solution, render --solution,
   certify) and solve --jobs.  With the delay at 0 the race would start at
   once, so its absence is seen in the stats. */
static void test_auto_kept_off(void **state) {
  (void)state;
  cpu_set_t set;
  int cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
  char text[2048];
  rows_as_regions(text);
  gc_puzzle *pz = tu_puzzle(text, NULL);
  double saved = gc_portfolio_delay_ms;
  gc_portfolio_delay_ms = 0;
  /* the control: auto races here, given a second CPU */
  gc_result res;
  solve_with(pz, GC_PORTFOLIO_AUTO, 0, &res);
  assert_int_equal(res.status, GC_STATUS_MULTIPLE);
  if (cpus >= 2)
    assert_true(res.stats.portfolio == 1 || res.stats.portfolio == 3);
  else
    assert_int_equal(res.stats.portfolio, 0);
  gc_result_free(&res);
  /* the fixed solve: auto becomes off; an explicit on stays on */
  cli c;
  memset(&c, 0, sizeof c);
  gc_options_default(&c.opt);
  gc_limits lim = {0};
  lim.mode = GC_MODE_UNIQUE;
  lim.count = 2;
  gc_error err = {0};
  for (int round = 0; round < 5; round++) {
    c.opt.portfolio = GC_PORTFOLIO_AUTO;
    assert_int_equal(gc_cli_solve_fixed(&c, pz, &lim, &res, &err), 0);
    assert_int_equal(res.status, GC_STATUS_MULTIPLE);
    assert_int_equal(res.stats.portfolio, 0);
    gc_result_free(&res);
  }
  c.opt.portfolio = GC_PORTFOLIO_ON;
  assert_int_equal(gc_cli_solve_fixed(&c, pz, &lim, &res, &err), 0);
  assert_true(res.stats.portfolio == 1 || res.stats.portfolio == 3);
  gc_result_free(&res);
  gc_puzzle_free(pz);
  /* through the command line: --json names a second session by the key
     "portfolio"; solve --jobs 2 never has one */
  char path[64];
  snprintf(path, sizeof path, "/tmp/gridcnf-test-pf-%d.jsonl", (int)getpid());
  char two[4200];
  snprintf(two, sizeof two, "%s%s", text, text);
  tu_write_file(path, two);
  char *out, *errs;
  assert_int_equal(tu_cli(&out, &errs, "solve", "--json", path, NULL), 2);
  if (cpus >= 2)
    assert_non_null(strstr(out, "\"portfolio\""));
  free(out), free(errs);
  assert_int_equal(tu_cli(&out, &errs, "solve", "--json", "--jobs", "2", path, NULL), 2);
  assert_non_null(strstr(out, "\"multiple\""));
  assert_null(strstr(out, "\"portfolio\""));
  free(out), free(errs);
  unlink(path);
  gc_portfolio_delay_ms = saved;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_verdicts),
      cmocka_unit_test(test_alternate),
      cmocka_unit_test(test_time_limit),
      cmocka_unit_test(test_auto_kept_off),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
