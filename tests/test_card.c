/*
 * test_card.c: every cardinality primitive against its definition, for
 * every input assignment of up to 7 (AMO: 9) literals, with and without
 * negated inputs, through one incremental CaDiCaL per formula; the counts
 * both as the two-way counter and as the totalizer.  Also the model counts
 * of each formula projected on its inputs (PySAT's check: sum of C(n, i)
 * over the allowed i).
 */
#include <ccadical.h>
#include <stdlib.h>

#include "encoder/card.h"
#include "solver-glue/cadical.h"
#include "testutil.h"

typedef void (*encode_fn)(gc_cnf *c, const int *lits, size_t n, long lo,
                          long hi);

/* Checks, for every assignment of vars 1..n, that the formula is SAT iff
   lo <= (true literals) <= hi. */
static int card_kind = GC_CARD_COUNTER; /* the card option of the checks */

static void check_exhaustive(encode_fn enc, int n, long lo, long hi, int amo,
                             int negate_mask) {
  gc_options opt;
  gc_options_default(&opt);
  opt.amo = amo;
  opt.card = card_kind;
  gc_memsink mem = {0};
  gc_cnf c;
  gc_cnf_init(&c, gc_sink_memory(&mem), &opt);
  int lits[16];
  for (int i = 0; i < n; i++)
    gc_cnf_new_var(&c);
  for (int i = 0; i < n; i++)
    lits[i] = (negate_mask >> i) & 1 ? -(i + 1) : i + 1;
  enc(&c, lits, (size_t)n, lo, hi);
  assert_int_equal(gc_cnf_status(&c), 0);
  CCaDiCaL *s = ccadical_init();
  ccadical_set_option(s, "quiet", 1);
  assert_int_equal(gc_memsink_replay(&mem, gc_sink_cadical(s)), 0);
  for (int a = 0; a < (1 << n); a++) {
    int count = 0;
    for (int v = 1; v <= n; v++) {
      int val = (a >> (v - 1)) & 1;
      ccadical_assume(s, val ? v : -v);
      int lit_true = ((negate_mask >> (v - 1)) & 1) ? !val : val;
      count += lit_true;
    }
    int expect = count >= lo && count <= hi;
    int r = ccadical_solve(s);
    if ((r == 10) != expect)
      fail_msg("n=%d lo=%ld hi=%ld amo=%d mask=%x assignment=%x: %s, expected %s",
               n, lo, hi, amo, negate_mask, a, r == 10 ? "SAT" : "UNSAT",
               expect ? "SAT" : "UNSAT");
  }
  ccadical_release(s);
  gc_cnf_release(&c);
  gc_memsink_free(&mem);
}

static void enc_card(gc_cnf *c, const int *l, size_t n, long lo, long hi) {
  gc_enc_card(c, l, n, lo, hi);
}
static void enc_tot(gc_cnf *c, const int *l, size_t n, long lo, long hi) {
  gc_enc_totalizer(c, l, n, lo, hi);
}
static void enc_alo(gc_cnf *c, const int *l, size_t n, long lo, long hi) {
  (void)lo, (void)hi;
  gc_enc_alo(c, l, n);
}
static void enc_amo_pw(gc_cnf *c, const int *l, size_t n, long lo, long hi) {
  (void)lo, (void)hi;
  gc_enc_amo_pairwise(c, l, n);
}
static void enc_amo_seq(gc_cnf *c, const int *l, size_t n, long lo, long hi) {
  (void)lo, (void)hi;
  gc_enc_amo_seq(c, l, n);
}
static void enc_eo(gc_cnf *c, const int *l, size_t n, long lo, long hi) {
  (void)lo, (void)hi;
  gc_enc_exactly_one(c, l, n);
}
static void enc_atmost(gc_cnf *c, const int *l, size_t n, long lo, long hi) {
  (void)lo;
  gc_enc_atmost(c, l, n, hi);
}
static void enc_atleast(gc_cnf *c, const int *l, size_t n, long lo, long hi) {
  (void)hi;
  gc_enc_atleast(c, l, n, lo);
}
static void enc_exactly(gc_cnf *c, const int *l, size_t n, long lo, long hi) {
  (void)hi;
  gc_enc_exactly(c, l, n, lo);
}

static void test_alo_amo_eo(void **state) {
  (void)state;
  for (int n = 1; n <= 9; n++)
    for (int mask = 0; mask < 2; mask++) {
      int m = mask ? 0x55 : 0;
      check_exhaustive(enc_alo, n, 1, n, GC_AMO_AUTO, m);
      check_exhaustive(enc_amo_pw, n, 0, 1, GC_AMO_AUTO, m);
      check_exhaustive(enc_amo_seq, n, 0, 1, GC_AMO_AUTO, m);
      for (int amo = GC_AMO_AUTO; amo <= GC_AMO_SEQ; amo++)
        check_exhaustive(enc_eo, n, 1, 1, amo, m);
    }
}

static void test_card_all_bounds(void **state) {
  (void)state;
  for (int n = 0; n <= 7; n++)
    for (long lo = -1; lo <= n + 1; lo++)
      for (long hi = -1; hi <= n + 1; hi++)
        for (int mask = 0; mask < 2; mask++)
          check_exhaustive(enc_card, n, lo, hi, GC_AMO_AUTO, mask ? 0x2d : 0);
}

static void test_atmost_atleast_exactly(void **state) {
  (void)state;
  for (int n = 0; n <= 7; n++)
    for (long k = 0; k <= n; k++)
      for (int amo = GC_AMO_PAIRWISE; amo <= GC_AMO_SEQ; amo++) {
        check_exhaustive(enc_atmost, n, 0, k, amo, 0x13);
        check_exhaustive(enc_atleast, n, k, n, amo, 0x13);
        check_exhaustive(enc_exactly, n, k, k, amo, 0x13);
      }
}

/* The totalizer itself, every bound (out of range too), and through
   gc_enc_card and its wrappers with card=totalizer. */
static void test_totalizer(void **state) {
  (void)state;
  for (int n = 0; n <= 7; n++)
    for (long lo = -1; lo <= n + 1; lo++)
      for (long hi = -1; hi <= n + 1; hi++)
        for (int mask = 0; mask < 2; mask++)
          check_exhaustive(enc_tot, n, lo, hi, GC_AMO_AUTO, mask ? 0x2d : 0);
  card_kind = GC_CARD_TOTALIZER;
  for (int n = 0; n <= 7; n++) {
    for (long lo = -1; lo <= n + 1; lo++)
      for (long hi = -1; hi <= n + 1; hi++)
        check_exhaustive(enc_card, n, lo, hi, GC_AMO_AUTO, 0x13);
    for (long k = 0; k <= n; k++) {
      check_exhaustive(enc_atmost, n, 0, k, GC_AMO_AUTO, 0x13);
      check_exhaustive(enc_atleast, n, k, n, GC_AMO_AUTO, 0x13);
      check_exhaustive(enc_exactly, n, k, k, GC_AMO_AUTO, 0x13);
    }
  }
  card_kind = GC_CARD_COUNTER;
}

static long binom(int n, int k) {
  long r = 1;
  for (int i = 1; i <= k; i++)
    r = r * (n - k + i) / i;
  return r;
}

/* The projection of the counter's (and the totalizer's) models on its
   inputs has exactly sum_{lo <= i <= hi} C(n, i) members. */
static void test_model_counts(void **state) {
  (void)state;
  for (int tot = 0; tot <= 1; tot++)
  for (int n = 1; n <= 8; n++)
    for (int lo = 0; lo <= n; lo++)
      for (int hi = lo; hi <= n; hi++) {
        gc_memsink mem = {0};
        gc_cnf c;
        gc_cnf_init(&c, gc_sink_memory(&mem), NULL);
        int lits[8];
        for (int i = 0; i < n; i++)
          lits[i] = gc_cnf_new_var(&c);
        if (tot)
          gc_enc_totalizer(&c, lits, (size_t)n, lo, hi);
        else
          gc_enc_card(&c, lits, (size_t)n, lo, hi);
        long expect = 0;
        for (int i = lo; i <= hi; i++)
          expect += binom(n, i);
        assert_int_equal(tu_count_projected(&mem, c.nvars, n), expect);
        gc_cnf_release(&c);
        gc_memsink_free(&mem);
      }
}

/* Sizes stay as small as the design notes say: the sequential AMO uses
   n-1 variables and 3n-4 clauses. */
static void test_sizes(void **state) {
  (void)state;
  for (int n = 2; n <= 30; n++) {
    gc_cnf c;
    gc_cnf_init(&c, gc_sink_null(), NULL);
    int lits[30];
    for (int i = 0; i < n; i++)
      lits[i] = gc_cnf_new_var(&c);
    gc_enc_amo_seq(&c, lits, (size_t)n);
    assert_int_equal(c.nvars - n, n - 1);
    assert_int_equal(c.nclauses, 3 * n - 4);
    gc_cnf_release(&c);
  }
}

/* Folded constants: a clause with GC_TRUE vanishes, GC_FALSE drops out. */
static void test_constant_folding(void **state) {
  (void)state;
  gc_memsink mem = {0};
  gc_cnf c;
  gc_cnf_init(&c, gc_sink_memory(&mem), NULL);
  int a = gc_cnf_new_var(&c), b = gc_cnf_new_var(&c);
  gc_cnf_ternary(&c, a, GC_TRUE, b);
  assert_int_equal(c.nclauses, 0);
  gc_cnf_ternary(&c, a, GC_FALSE, -b);
  assert_int_equal(c.nclauses, 1);
  assert_int_equal(mem.len, 3);
  assert_int_equal(mem.lits[0], a);
  assert_int_equal(mem.lits[1], -b);
  assert_int_equal(mem.lits[2], 0);
  assert_int_equal(-GC_TRUE, GC_FALSE);
  /* A literal the builder never handed out is an internal error. */
  gc_cnf_binary(&c, a, 99);
  assert_int_equal(gc_cnf_status(&c), GC_E_INTERNAL);
  gc_cnf_release(&c);
  gc_memsink_free(&mem);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_alo_amo_eo),
      cmocka_unit_test(test_card_all_bounds),
      cmocka_unit_test(test_atmost_atleast_exactly),
      cmocka_unit_test(test_totalizer),
      cmocka_unit_test(test_model_counts),
      cmocka_unit_test(test_sizes),
      cmocka_unit_test(test_constant_folding),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
