/*
 * card.c: at-least-one, at-most-one (pairwise and sequential), the
 * two-way sequential counter for lo <= sum <= hi and the totalizer (the
 * `card` option picks between the last two).
 *
 * The counter follows Sinz, "Towards an optimal CNF encoding of Boolean
 * cardinality constraints" (CP 2005): s[i][j] stands for "at least j of
 * x1..xi are true".  Counting up (when an upper bound is asked):
 *   -s[i-1][j] | s[i][j]            -x_i | -s[i-1][j-1] | s[i][j]
 * counting down (when a lower bound is asked):
 *   -s[i][j] | s[i-1][j] | x_i      -s[i][j] | s[i-1][j] | s[i-1][j-1]
 * with s[i][0] = true, s[0][j >= 1] = false, s[i][j > i] = false folded as
 * constants by the builder, then -s[n][hi+1] and s[n][lo].  GC_FALSE is
 * -GC_TRUE, so negating a folded constant needs no special case.  With both
 * directions unit propagation is GAC on exactly-k (Bacchus, CP 2007).
 */
#include "card.h"

#include <stdlib.h>

void gc_enc_alo(gc_cnf *c, const int *lits, size_t n) {
  gc_cnf_clause(c, lits, n);
}

void gc_enc_amo_pairwise(gc_cnf *c, const int *lits, size_t n) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = i + 1; j < n; j++)
      gc_cnf_binary(c, -lits[i], -lits[j]);
}

/* s_i = "one of x_1..x_i is true", i = 1..n-1:
   -x_i | s_i,  -s_{i-1} | s_i,  -x_i | -s_{i-1}. */
void gc_enc_amo_seq(gc_cnf *c, const int *lits, size_t n) {
  if (n <= 1)
    return;
  int prev = 0;
  for (size_t i = 0; i + 1 < n; i++) {
    int s = gc_cnf_new_var(c);
    if (!s)
      return;
    gc_cnf_binary(c, -lits[i], s);
    if (prev) {
      gc_cnf_binary(c, -prev, s);
      gc_cnf_binary(c, -lits[i], -prev);
    }
    prev = s;
  }
  gc_cnf_binary(c, -lits[n - 1], -prev);
}

void gc_enc_amo(gc_cnf *c, const int *lits, size_t n) {
  int amo = c->opt ? c->opt->amo : GC_AMO_AUTO;
  if (amo == GC_AMO_SEQ || (amo == GC_AMO_AUTO && n > GC_AMO_PAIRWISE_MAX))
    gc_enc_amo_seq(c, lits, n);
  else
    gc_enc_amo_pairwise(c, lits, n);
}

void gc_enc_exactly_one(gc_cnf *c, const int *lits, size_t n) {
  gc_enc_alo(c, lits, n);
  gc_enc_amo(c, lits, n);
}

static void counter(gc_cnf *c, const int *x, size_t n, long lo, long hi) {
  int up = hi < (long)n, down = lo > 0;
  long jmax = up ? hi + 1 : lo;
  int *prev = malloc((size_t)(jmax + 1) * sizeof *prev);
  int *cur = malloc((size_t)(jmax + 1) * sizeof *cur);
  if (!prev || !cur) {
    free(prev);
    free(cur);
    gc_cnf_fail(c, GC_E_NOMEM);
    return;
  }
  prev[0] = GC_TRUE;
  for (long j = 1; j <= jmax; j++)
    prev[j] = GC_FALSE;
  for (size_t i = 1; i <= n; i++) {
    int xi = x[i - 1];
    cur[0] = GC_TRUE;
    for (long j = 1; j <= jmax; j++) {
      if (j > (long)i) {
        cur[j] = GC_FALSE;
        continue;
      }
      /* In the last column only the two bounds matter, as constants. */
      if (i == n && !(up && j == hi + 1) && !(down && j == lo)) {
        cur[j] = GC_FALSE;
        continue;
      }
      if (i == n && up && j == hi + 1)
        cur[j] = GC_FALSE;
      else if (i == n && down && j == lo)
        cur[j] = GC_TRUE;
      else {
        cur[j] = gc_cnf_new_var(c);
        if (!cur[j])
          goto done;
      }
      int s = cur[j];
      if (up) {
        gc_cnf_binary(c, -prev[j], s);
        gc_cnf_ternary(c, -xi, -prev[j - 1], s);
      }
      if (down) {
        gc_cnf_ternary(c, -s, prev[j], xi);
        gc_cnf_ternary(c, -s, prev[j], prev[j - 1]);
      }
    }
    int *t = prev;
    prev = cur;
    cur = t;
  }
done:
  free(prev);
  free(cur);
}

/* The totalizer (Bailleux and Boufkhad, CP 2003), cut at K outputs (the
   k-simplified form): a binary tree whose node over p inputs has unary
   outputs r[1..min(p, K)], r[t] = "at least t of them".  Up clauses
   -a[i] | -b[j] | r[min(i+j, cap)] make r[t] follow from t true inputs;
   down clauses a[i+1] | b[j+1] | -r[i+j+1] make r[t] imply them (a[0] is
   true, a[p+1] false).  Returns r with r[0] = GC_TRUE, malloc'd, or NULL
   after an error (the builder then holds it). */
static int *tot_node(gc_cnf *c, const int *x, size_t n, long K, int up,
                     int down, long *cap) {
  if (n == 1) {
    int *r = malloc(2 * sizeof *r);
    if (!r) {
      gc_cnf_fail(c, GC_E_NOMEM);
      return NULL;
    }
    r[0] = GC_TRUE;
    r[1] = x[0];
    *cap = 1;
    return r;
  }
  long ca, cb;
  size_t half = n / 2;
  int *a = tot_node(c, x, half, K, up, down, &ca);
  int *b = a ? tot_node(c, x + half, n - half, K, up, down, &cb) : NULL;
  long p = (long)n, k = p < K ? p : K;
  int *r = b ? malloc((size_t)(k + 1) * sizeof *r) : NULL;
  if (!r) {
    if (b)
      gc_cnf_fail(c, GC_E_NOMEM);
    free(a);
    free(b);
    return NULL;
  }
  r[0] = GC_TRUE;
  for (long t = 1; t <= k; t++)
    if (!(r[t] = gc_cnf_new_var(c))) {
      free(a), free(b), free(r);
      return NULL;
    }
  for (long i = 0; i <= ca; i++)
    for (long j = 0; j <= cb; j++) {
      if (up && i + j >= 1)
        gc_cnf_ternary(c, -a[i], -b[j], r[i + j < k ? i + j : k]);
      if (down && i + j + 1 <= k) {
        /* A child is cut only at K >= k > i, so past its outputs a[i+1]
           is "more than all its inputs": false. */
        int ai = i + 1 <= ca ? a[i + 1] : GC_FALSE;
        int bj = j + 1 <= cb ? b[j + 1] : GC_FALSE;
        gc_cnf_ternary(c, ai, bj, -r[i + j + 1]);
      }
    }
  free(a);
  free(b);
  *cap = k;
  return r;
}

/* Clamps lo..hi to 0..n; an empty range adds the empty clause.  Returns
   0 when nothing is left to encode (no count fits, or every count does). */
static int card_bounds(gc_cnf *c, const int *lits, size_t n, long *lo, long *hi) {
  long nn = (long)n;
  if (*lo < 0)
    *lo = 0;
  if (*hi > nn)
    *hi = nn;
  if (*lo > *hi) { /* no count fits: the empty clause */
    gc_cnf_clause(c, lits, 0);
    return 0;
  }
  return *lo > 0 || *hi < nn;
}

void gc_enc_totalizer(gc_cnf *c, const int *lits, size_t n, long lo,
                      long hi) {
  long nn = (long)n;
  if (!card_bounds(c, lits, n, &lo, &hi))
    return;
  int up = hi < nn, down = lo > 0;
  long K = up ? hi + 1 : lo, cap;
  int *r = tot_node(c, lits, n, K, up, down, &cap);
  if (!r)
    return;
  if (up)
    gc_cnf_unit(c, -r[hi + 1]);
  if (down)
    gc_cnf_unit(c, r[lo]);
  free(r);
}

void gc_enc_card(gc_cnf *c, const int *lits, size_t n, long lo, long hi) {
  int tot = c->opt && c->opt->card == GC_CARD_TOTALIZER;
  gc_enc_card_kind(c, lits, n, lo, hi,
                   tot ? GC_CARD_TOTALIZER : GC_CARD_COUNTER);
}

void gc_enc_card_kind(gc_cnf *c, const int *lits, size_t n, long lo, long hi,
                      int kind) {
  long nn = (long)n;
  if (!card_bounds(c, lits, n, &lo, &hi))
    return;
  if (hi == 0) {
    for (size_t i = 0; i < n; i++)
      gc_cnf_unit(c, -lits[i]);
    return;
  }
  if (lo == nn) {
    for (size_t i = 0; i < n; i++)
      gc_cnf_unit(c, lits[i]);
    return;
  }
  /* One side at a time when it is a single clause or an AMO. */
  if (lo == 1 && hi == nn) {
    gc_enc_alo(c, lits, n);
    return;
  }
  if (lo <= 1 && hi == 1) {
    if (lo == 1)
      gc_enc_alo(c, lits, n);
    gc_enc_amo(c, lits, n);
    return;
  }
  if (lo == 0 && hi == nn - 1) {
    int *neg = malloc(n * sizeof *neg);
    if (!neg) {
      gc_cnf_fail(c, GC_E_NOMEM);
      return;
    }
    for (size_t i = 0; i < n; i++)
      neg[i] = -lits[i];
    gc_cnf_clause(c, neg, n);
    free(neg);
    return;
  }
  if (kind == GC_CARD_TOTALIZER)
    gc_enc_totalizer(c, lits, n, lo, hi);
  else
    counter(c, lits, n, lo, hi);
}

void gc_enc_atmost(gc_cnf *c, const int *lits, size_t n, long k) {
  gc_enc_card(c, lits, n, 0, k);
}

void gc_enc_atleast(gc_cnf *c, const int *lits, size_t n, long k) {
  gc_enc_card(c, lits, n, k, (long)n);
}

void gc_enc_exactly(gc_cnf *c, const int *lits, size_t n, long k) {
  gc_enc_card(c, lits, n, k, k);
}
