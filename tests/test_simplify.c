/*
 * test_simplify.c: the root-level simplification (option simplify) against
 * its definition.  For thousands of random formulas over up to 10
 * variables, every assignment of the kept variables keep_lo..keep_hi
 * extends to a model of the original formula exactly when it extends to a
 * model of the simplified one (all assignments enumerated, no solver);
 * the simplified formula has no unit but on kept variables, no clause
 * satisfied or with a fixed variable, and its variables above keep_hi are
 * numbered keep_hi + 1, ... without gaps.  All of that with and without
 * probing (failed literals), which must moreover leave the output exactly
 * as it was unless it fixes every kept variable or a tenth of the open
 * ones.  Then whole puzzles: with
 * and without the options, the same verdicts, solutions and solution
 * counts.
 */
#include <stdlib.h>
#include <string.h>

#include "solver-glue/simplify.h"
#include "testutil.h"

typedef struct {
  int lits[4096];
  size_t len;
} formula;

/* A sink that keeps the clauses it gets. */
static int keep_add(void *self, const int *lits, size_t n) {
  formula *f = self;
  assert_true(f->len + n + 1 <= sizeof f->lits / sizeof f->lits[0]);
  memcpy(f->lits + f->len, lits, n * sizeof *lits);
  f->len += n;
  f->lits[f->len++] = 0;
  return 0;
}
static void keep_destroy(void *self) { (void)self; }
static const gc_sink_ops keep_ops = {keep_add, keep_destroy};

/* Does assignment a (bit v-1 = variable v) satisfy every clause? */
static int satisfies(const int *lits, size_t len, unsigned a) {
  int sat = 0;
  for (size_t i = 0; i < len; i++) {
    int l = lits[i];
    if (!l) {
      if (!sat)
        return 0;
      sat = 0;
      continue;
    }
    int v = abs(l);
    int val = (a >> (v - 1)) & 1;
    if ((l > 0) == val)
      sat = 1;
  }
  return 1;
}

/* For each assignment of keep_lo..keep_hi (index = bits of those): does
   it extend to a model of the formula over variables 1..nvars? */
static void projections(const int *lits, size_t len, int nvars, int lo,
                        int hi, char *out) {
  int k = hi - lo + 1;
  memset(out, 0, (size_t)1 << k);
  for (unsigned a = 0; a < (1u << nvars); a++)
    if (satisfies(lits, len, a))
      out[(a >> (lo - 1)) & ((1u << k) - 1)] = 1;
}

static int rnd(unsigned *s, int n) {
  *s = *s * 1103515245u + 12345u;
  return (int)((*s >> 16) % (unsigned)n);
}

/* What `ready` announced before the first clause was sent. */
typedef struct {
  int calls;
  size_t clauses, lits;
  const formula *out; /* empty when it was called */
} announced;

static void on_ready(void *arg, size_t clauses, size_t lits) {
  announced *a = arg;
  a->calls++;
  a->clauses = clauses;
  a->lits = lits;
  assert_int_equal(a->out->len, 0);
}

/* The formula of seed, its variable count and kept range. */
static int make_formula(unsigned seed, int *orig, size_t *olen, int *nvars,
                        int *lo, int *hi) {
  unsigned s = seed;
  *nvars = 1 + rnd(&s, 10);
  *hi = 1 + rnd(&s, *nvars);
  *lo = 1 + rnd(&s, *hi);
  int nclauses = rnd(&s, 4 * *nvars + 2);
  *olen = 0;
  for (int c = 0; c < nclauses; c++) {
    int n = rnd(&s, 8) < 2 ? 1 : 2 + rnd(&s, 3); /* a quarter units */
    for (int i = 0; i < n; i++)
      orig[(*olen)++] = (1 + rnd(&s, *nvars)) * (rnd(&s, 2) ? 1 : -1);
    orig[(*olen)++] = 0;
  }
  return nclauses;
}

/* The simplified formula of orig (clauses ended by 0), checked against
   what ready announced; *sent gets what gc_simplify_replay reports. */
static formula *simplified(const int *orig, size_t olen, int nvars, int lo,
                           int hi, gc_simplify_probe *probing, size_t *sent) {
  gc_memsink mem = {0};
  gc_sink sink = gc_sink_memory(&mem);
  for (size_t i = 0, start = 0; i < olen; i++)
    if (!orig[i]) {
      sink.ops->add_clause(sink.self, orig + start, i - start);
      start = i + 1;
    }
  formula *out = calloc(1, sizeof *out);
  assert_non_null(out);
  gc_sink to = {&keep_ops, out};
  *sent = 99;
  announced ann = {0, 0, 0, out};
  assert_int_equal(gc_simplify_replay(&mem, nvars, lo, hi, probing, to, sent,
                                      on_ready, &ann),
                   0);
  size_t nout = 0;
  for (size_t i = 0; i < out->len; i++)
    nout += !out->lits[i];
  /* ready came once, with what was then sent */
  assert_int_equal(ann.calls, 1);
  assert_int_equal(ann.clauses, nout);
  assert_int_equal(ann.lits, out->len - nout);
  gc_memsink_free(&mem);
  return out;
}

/* Does out hold a unit on every variable of lo..hi? */
static int all_kept_fixed(const formula *out, int lo, int hi) {
  for (int v = lo; v <= hi; v++) {
    int found = 0;
    for (size_t i = 0, start = 0; i < out->len && !found; i++)
      if (!out->lits[i]) {
        found = i - start == 1 && abs(out->lits[start]) == v;
        start = i + 1;
      }
    if (!found)
      return 0;
  }
  return 1;
}

/* How many units on kept variables out holds. */
static int kept_units(const formula *out, int lo, int hi) {
  int units = 0;
  for (size_t i = 0, start = 0; i < out->len; i++)
    if (!out->lits[i]) {
      units += i - start == 1 && abs(out->lits[start]) >= lo &&
               abs(out->lits[start]) <= hi;
      start = i + 1;
    }
  return units;
}

/* How often probing decided what propagation alone did not, found that
   there is no model where propagation did not, and kept what it fixed
   short of a decision. */
static int probe_decided, probe_refuted, probe_partial;

static void one_formula(unsigned seed, int probing) {
  int orig[4096], nvars, lo, hi;
  size_t olen, sent;
  int nclauses = make_formula(seed, orig, &olen, &nvars, &lo, &hi);
  gc_simplify_probe how = {NULL, NULL, -1, -1};
  formula *out = simplified(orig, olen, nvars, lo, hi, probing ? &how : NULL, &sent);

  /* the simplified formula's variables: kept ones, then a gap-free run */
  int maxv = 0;
  size_t nout = 0, start = 0;
  for (size_t i = 0; i < out->len; i++) {
    if (out->lits[i]) {
      if (abs(out->lits[i]) > maxv)
        maxv = abs(out->lits[i]);
      continue;
    }
    nout++;
    if (sent && i - start == 1) /* a unit: only on a kept variable */
      assert_true(abs(out->lits[start]) >= lo && abs(out->lits[start]) <= hi);
    start = i + 1;
  }
  if (sent)
    assert_int_equal(sent, nout);
  assert_true(maxv <= nvars);
  if (sent && maxv > hi) {
    char used[16] = {0};
    for (size_t i = 0; i < out->len; i++)
      if (out->lits[i])
        used[abs(out->lits[i])] = 1;
    for (int v = hi + 1; v <= maxv; v++)
      if (!used[v])
        fail_msg("seed %u: variable %d unused below the largest, %d", seed, v, maxv);
  }
  /* no fixed variable in a clause of two or more literals: a unit's
     variable appears nowhere else */
  if (sent) {
    start = 0;
    for (size_t i = 0; i < out->len; i++) {
      if (out->lits[i])
        continue;
      if (i - start == 1)
        for (size_t j = 0; j < out->len; j++)
          if (j != start && out->lits[j] && abs(out->lits[j]) == abs(out->lits[start]))
            fail_msg("seed %u: fixed variable %d still in a clause", seed,
                     abs(out->lits[start]));
      start = i + 1;
    }
  }

  char a[1 << 10], b[1 << 10];
  projections(orig, olen, nvars, lo, hi, a);
  int nv2 = maxv > hi ? maxv : hi;
  projections(out->lits, out->len, nv2, lo, hi, b);
  if (memcmp(a, b, (size_t)1 << (hi - lo + 1)))
    fail_msg("seed %u (vars %d, kept %d..%d, %d clauses, probing %d): the "
             "kept variables' models differ", seed, nvars, lo, hi, nclauses,
             probing);

  /* probing changes the output only when it fixes every kept variable,
     finds that there is no model (then one empty clause is sent) or fixes
     at least a tenth of the kept variables that propagation left open;
     then the output holds a unit for each of them */
  if (probing) {
    size_t sent0;
    formula *plain = simplified(orig, olen, nvars, lo, hi, NULL, &sent0);
    int empty = out->len == 1 && sent == 1;
    int decided = !empty && all_kept_fixed(out, lo, hi);
    int changed = out->len != plain->len || sent != sent0 ||
                  memcmp(out->lits, plain->lits, out->len * sizeof *out->lits);
    if (sent0) { /* no root conflict */
      assert_int_equal(how.open, hi - lo + 1 - kept_units(plain, lo, hi));
      assert_in_range(how.fixed, 0, how.open);
    }
    if (!empty && !decided) {
      if (how.fixed * 10 < how.open && changed)
        fail_msg("seed %u: probing fixed %ld of %ld open kept variables (less "
                 "than a tenth) but changed the formula", seed, how.fixed, how.open);
      if (how.fixed * 10 >= how.open && how.fixed) {
        assert_int_equal(kept_units(out, lo, hi), kept_units(plain, lo, hi) + how.fixed);
        probe_partial++;
      }
    }
    if (empty) { /* only when there is no model */
      for (size_t i = 0; i < ((size_t)1 << (hi - lo + 1)); i++)
        assert_int_equal(a[i], 0);
      probe_refuted += sent0 != 0; /* propagation alone found no conflict */
    }
    probe_decided += decided && !all_kept_fixed(plain, lo, hi);
    free(plain);
  }
  free(out);
}

static void test_random_formulas(void **state) {
  (void)state;
  for (unsigned seed = 1; seed <= 20000; seed++) {
    one_formula(seed, 0);
    one_formula(seed, 1);
  }
  /* all of probing's outcomes were exercised */
  assert_true(probe_decided > 100);
  assert_true(probe_refuted > 100);
  assert_true(probe_partial > 100);
}

/* A conflict at the root: the formula goes through as it is. */
static void test_root_conflict(void **state) {
  (void)state;
  gc_memsink mem = {0};
  gc_sink sink = gc_sink_memory(&mem);
  int c1[] = {1}, c2[] = {-1, 2}, c3[] = {-2};
  sink.ops->add_clause(sink.self, c1, 1);
  sink.ops->add_clause(sink.self, c2, 2);
  sink.ops->add_clause(sink.self, c3, 1);
  formula *out = calloc(1, sizeof *out);
  assert_non_null(out);
  gc_sink to = {&keep_ops, out};
  size_t sent = 99;
  assert_int_equal(gc_simplify_replay(&mem, 2, 1, 2, NULL, to, &sent, NULL, NULL), 0);
  assert_int_equal(sent, 0);
  int want[] = {1, 0, -1, 2, 0, -2, 0};
  assert_int_equal(out->len, 7);
  assert_memory_equal(out->lits, want, sizeof want);
  free(out);
  gc_memsink_free(&mem);
}

/* A puzzle of the project's examples/ directory. */
static gc_puzzle *example(const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/examples/%s", GC_SOURCE_DIR, name);
  char *text = tu_read_file(path);
  gc_puzzle *pz = tu_puzzle(text, NULL);
  free(text);
  return pz;
}

/* Whole puzzles, simplify on and off: the same verdict, the same
   solutions, the same number of solutions (up to a cap). */
static void same_answers(const char *text, const char *genre, long cap) {
  gc_puzzle *pz = tu_puzzle(text, genre);
  /* simplify off; on without probing; on with probing */
  gc_result r[3];
  for (int k = 0; k < 3; k++) {
    gc_options opt;
    gc_options_default(&opt);
    opt.simplify = k > 0;
    opt.probe = k == 2;
    gc_limits lim = {0};
    lim.mode = GC_MODE_COUNT;
    lim.count = cap;
    gc_error err = {0};
    assert_int_equal(gc_solve(pz, &opt, &lim, &r[k], &err), 0);
  }
  for (int k = 1; k < 3; k++) {
    assert_int_equal(r[0].status, r[k].status);
    assert_int_equal(r[0].count, r[k].count);
    assert_int_equal(r[0].complete, r[k].complete);
    if (r[0].first.n) {
      size_t cells = (size_t)r[0].first.n * (size_t)r[0].first.n;
      assert_memory_equal(r[0].first.cell, r[k].first.cell,
                          cells * sizeof *r[0].first.cell);
    }
    assert_true(r[k].stats.solver_clauses > 0 || r[k].stats.propagation_only);
    assert_true(r[k].stats.solver_clauses <= r[k].stats.clauses);
  }
  assert_false(r[0].stats.propagation_only); /* --no-simplify: CaDiCaL */
  for (int k = 0; k < 3; k++)
    gc_result_free(&r[k]);
  gc_puzzle_free(pz);
}

static void test_puzzles(void **state) {
  (void)state;
  const char *names[] = {"examples/skyscrapers-6x6.txt", "examples/starbattle-7x7.txt"};
  for (size_t i = 0; i < 2; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", GC_SOURCE_DIR, names[i]);
    char *text = tu_read_file(path);
    same_answers(text, NULL, 10);
    free(text);
  }
  /* many solutions: the counts must agree (cells read back the same) */
  same_answers("{\"genre\":\"futoshiki\",\"n\":4}", NULL, 1000);
  same_answers("{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0,0,0],"
               "\"bottom\":[0,0,0,0],\"left\":[4,0,0,0],\"right\":[0,0,0,0]}",
               NULL, 1000);
  same_answers("{\"genre\":\"starbattle\",\"n\":5,\"stars\":1,\"regions\":"
               "[[0,0,1,1,1],[0,0,1,1,1],[2,2,3,3,3],[2,2,3,3,4],[2,2,3,4,4]]}", NULL, 1000);
  /* no solution: a clue that cannot be seen */
  same_answers("{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,4,0,0],"
               "\"bottom\":[0,0,0,0],\"left\":[0,0,0,0],\"right\":[0,0,0,0]}",
               NULL, 10);
}

static int seen(void *ctx, long index, const gc_grid *g) {
  (void)g;
  long *calls = ctx;
  assert_int_equal(index, ++*calls);
  return 0;
}

/* A puzzle that propagation decides (three rows given: the fourth
   follows) is answered without CaDiCaL in every mode, with the same
   answers as CaDiCaL gives; one with two solutions is not. */
static void test_decided_by_propagation(void **state) {
  (void)state;
  const char *decided = "{\"genre\":\"futoshiki\",\"n\":4,\"givens\":"
                        "[[1,2,3,4],[2,3,4,1],[3,4,1,2],[0,0,0,0]]}";
  const int last_row[4] = {4, 1, 2, 3};
  gc_puzzle *pz = tu_puzzle(decided, NULL);
  const gc_mode modes[] = {GC_MODE_UNIQUE, GC_MODE_FIRST, GC_MODE_COUNT};
  const gc_status want[] = {GC_STATUS_UNIQUE, GC_STATUS_SOLVED,
                            GC_STATUS_UNIQUE};
  for (size_t m = 0; m < 3; m++)
    for (int on = 0; on < 2; on++) {
      gc_options opt;
      gc_options_default(&opt);
      opt.simplify = on;
      long calls = 0;
      gc_limits lim = {0};
      lim.mode = modes[m];
      lim.count = 10;
      lim.on_solution = seen;
      lim.ctx = &calls;
      gc_result r;
      gc_error err = {0};
      assert_int_equal(gc_solve(pz, &opt, &lim, &r, &err), 0);
      assert_int_equal(r.stats.propagation_only, on);
      if (on)
        assert_int_equal(r.stats.solver_clauses, 0);
      assert_int_equal(r.status, want[m]);
      assert_int_equal(r.count, 1);
      assert_int_equal(calls, 1);
      assert_int_equal(r.complete, 1);
      assert_memory_equal(r.first.cell + 12, last_row, sizeof last_row);
      assert_int_equal(r.second.n, 0);
      gc_result_free(&r);
    }
  /* the portfolio's two sessions agree */
  gc_options opt;
  gc_options_default(&opt);
  opt.portfolio = GC_PORTFOLIO_ON;
  gc_result r;
  gc_error err = {0};
  assert_int_equal(gc_solve(pz, &opt, NULL, &r, &err), 0);
  assert_int_equal(r.status, GC_STATUS_UNIQUE);
  assert_true(r.stats.propagation_only);
  gc_result_free(&r);
  gc_puzzle_free(pz);

  pz = tu_puzzle("{\"genre\":\"futoshiki\",\"n\":4,\"givens\":"
                 "[[1,2,3,4],[2,1,4,3],[0,0,0,0],[0,0,0,0]]}", NULL);
  assert_int_equal(gc_solve(pz, NULL, NULL, &r, &err), 0);
  assert_int_equal(r.status, GC_STATUS_MULTIPLE);
  assert_false(r.stats.propagation_only);
  assert_true(r.stats.solver_clauses > 0);
  gc_result_free(&r);
  gc_puzzle_free(pz);
}

/* pz solved with probing off (r[0]) and on (r[1]): both give want. */
static void probe_both(const gc_puzzle *pz, gc_status want, gc_result r[2]) {
  for (int on = 0; on < 2; on++) {
    gc_options opt;
    gc_options_default(&opt);
    opt.probe = on;
    gc_error err = {0};
    assert_int_equal(gc_solve(pz, &opt, NULL, &r[on], &err), 0);
    assert_int_equal(r[on].status, want);
  }
}

/* The Star Battle example: propagation alone leaves cells open, failed
   literals decide it, and the answer is CaDiCaL's; a clue set with no
   solution that propagation does not refute is refuted by probing (one
   empty clause reaches CaDiCaL). */
static void test_decided_by_probing(void **state) {
  (void)state;
  gc_puzzle *pz = example("starbattle-7x7.txt");
  gc_result r[2];
  probe_both(pz, GC_STATUS_UNIQUE, r);
  assert_false(r[0].stats.propagation_only);
  assert_true(r[0].stats.solver_clauses > 0);
  assert_true(r[1].stats.propagation_only);
  assert_int_equal(r[1].stats.solver_clauses, 0);
  size_t cells = (size_t)r[0].first.n * (size_t)r[0].first.n;
  assert_memory_equal(r[0].first.cell, r[1].first.cell, cells * sizeof *r[0].first.cell);
  gc_result_free(&r[0]);
  gc_result_free(&r[1]);
  gc_puzzle_free(pz);

  /* 4x4 Skyscrapers clues with no solution (found by a search over random
     clue sets) that propagation alone does not refute */
  pz = tu_puzzle("{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0,0,2],"
                 "\"bottom\":[2,2,2,0],\"left\":[0,0,0,0],\"right\":[0,0,3,0]}",
                 NULL);
  probe_both(pz, GC_STATUS_NONE, r);
  assert_true(r[0].stats.solver_clauses > 1);
  assert_int_equal(r[1].stats.solver_clauses, 1);
  gc_result_free(&r[0]);
  gc_result_free(&r[1]);
  gc_puzzle_free(pz);
}

static int stop_calls;
static int always_stop(void *arg) {
  (void)arg;
  stop_calls++;
  return 1;
}
static int never_stop(void *arg) {
  (void)arg;
  stop_calls++;
  return 0;
}

/* pz's formula simplified (how: probing, NULL: none); *lo..*hi get the
   cell variables. */
static formula *simplified_puzzle(const gc_puzzle *pz, gc_simplify_probe *how,
                                  int *lo, int *hi, size_t *sent) {
  gc_memsink mem;
  gc_cnf cnf;
  tu_encode(pz, NULL, &cnf, &mem);
  const gc_block *cell = gc_cnf_find_block(&cnf, "cell");
  assert_non_null(cell);
  *lo = cell->first;
  *hi = cell->first + cell->d0 * cell->d1 * cell->d2 - 1;
  formula *out = calloc(1, sizeof *out);
  assert_non_null(out);
  gc_sink to = {&keep_ops, out};
  assert_int_equal(gc_simplify_replay(&mem, cnf.nvars, *lo, *hi, how, to, sent,
                                      NULL, NULL),
                   0);
  gc_cnf_release(&cnf);
  gc_memsink_free(&mem);
  return out;
}

/* Are the literals on lo..hi in out's clauses of two or more literals, read
   in order, a subsequence of those in plain's (the clauses keep their order
   and their literals' order, less what is fixed)? */
static int kept_order_kept(const formula *out, const formula *plain, int lo,
                           int hi) {
  size_t j = 0, start = 0;
  for (size_t i = 0; i < out->len; i++) {
    if (!out->lits[i]) {
      start = i + 1;
      continue;
    }
    int l = out->lits[i], unit = i == start && !out->lits[i + 1];
    if (abs(l) < lo || abs(l) > hi || unit)
      continue; /* not a cell, or a unit */
    while (j < plain->len && plain->lits[j] != l)
      j++;
    if (j++ == plain->len)
      return 0;
  }
  return 1;
}

/* The Star Battle example's formula simplified with probing asked to stop
   at once (before its first probe, and every 64 after): the output is the
   one without probing; not asked to stop, probing decides every cell. */
static void test_probe_stops(void **state) {
  (void)state;
  gc_puzzle *pz = example("starbattle-7x7.txt");
  formula *out[3];
  size_t sent[3];
  int lo = 0, hi = 0;
  for (int k = 0; k < 3; k++) { /* no probing, stopped, not stopped */
    gc_simplify_probe how = {k == 1 ? always_stop : never_stop, NULL, 0, 0};
    stop_calls = 0;
    out[k] = simplified_puzzle(pz, k ? &how : NULL, &lo, &hi, &sent[k]);
    if (k)
      assert_true(stop_calls >= 1);
    if (k == 1)
      assert_int_equal(stop_calls, 1);
  }
  assert_false(all_kept_fixed(out[0], lo, hi));
  assert_int_equal(out[1]->len, out[0]->len);
  assert_memory_equal(out[1]->lits, out[0]->lits, out[0]->len * sizeof(int));
  assert_true(all_kept_fixed(out[2], lo, hi));
  assert_int_equal(sent[2], (size_t)(hi - lo + 1)); /* the cells' units only */
  for (int k = 0; k < 3; k++)
    free(out[k]);
  gc_puzzle_free(pz);
}

/* Probing that fixes cells without deciding the puzzle: on a Futoshiki
   where it fixes less than a tenth of the open cell values (1 of 39), the
   output is exactly the one without probing; on a Skyscrapers where it
   fixes more (19 of 104), the output has a unit for each of them, and the
   puzzle's verdict and solution count are the same either way. */
static void test_probe_keeps_a_tenth(void **state) {
  (void)state;
  static const char *const text[2] = {
      "{\"genre\":\"futoshiki\",\"n\":5,\"givens\":[[0,0,2,0,0],[0,2,0,0,1],"
      "[0,0,0,0,0],[4,0,0,1,0],[0,1,0,0,3]]}",
      "{\"genre\":\"skyscrapers\",\"n\":5,\"top\":[0,4,0,2,0],"
      "\"bottom\":[0,0,0,3,0],\"left\":[3,4,0,2,0],\"right\":[0,0,0,0,4]}"};
  for (int k = 0; k < 2; k++) {
    gc_puzzle *pz = tu_puzzle(text[k], NULL);
    gc_simplify_probe how = {NULL, NULL, 0, 0};
    int lo, hi;
    size_t sent[2];
    formula *plain = simplified_puzzle(pz, NULL, &lo, &hi, &sent[0]);
    formula *out = simplified_puzzle(pz, &how, &lo, &hi, &sent[1]);
    assert_int_equal(how.open, hi - lo + 1 - kept_units(plain, lo, hi));
    assert_true(how.fixed > 0 && how.fixed < how.open);
    assert_false(all_kept_fixed(out, lo, hi));
    if (k == 0) {
      assert_true(how.fixed * 10 < how.open);
      assert_int_equal(sent[1], sent[0]);
      assert_int_equal(out->len, plain->len);
      assert_memory_equal(out->lits, plain->lits, plain->len * sizeof(int));
    } else {
      assert_true(how.fixed * 10 >= how.open);
      assert_int_equal(kept_units(out, lo, hi), kept_units(plain, lo, hi) + how.fixed);
      assert_true(out->len < plain->len);
      assert_true(kept_order_kept(out, plain, lo, hi));
    }
    gc_result r[2];
    probe_both(pz, GC_STATUS_MULTIPLE, r);
    gc_result_free(&r[0]);
    gc_result_free(&r[1]);
    free(plain);
    free(out);
    gc_puzzle_free(pz);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_random_formulas),
      cmocka_unit_test(test_root_conflict),
      cmocka_unit_test(test_puzzles),
      cmocka_unit_test(test_decided_by_propagation),
      cmocka_unit_test(test_decided_by_probing),
      cmocka_unit_test(test_probe_stops),
      cmocka_unit_test(test_probe_keeps_a_tenth),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
