/*
 * starbattle_strategies.c: the counts Star Battle's rules imply, stated
 * for the solver (options sb_pairs, sb_bands, sb_blocks; see
 * starbattle_encode.c for when each is on).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../encoder/card.h"
#include "starbattle.h"

/* Two adjacent rows hold 2m stars.  Tile them by 2x2 windows (columns
   0-1, 2-3, ...; for odd n the last column is a 2x1 domino): no tile holds
   two stars (they would touch), so exactly 2m tiles hold one, a count over
   the window literals w <-> OR(cells) (the "window" block of sb_window;
   without that option only the windows with an even row or column get
   their clauses, the rest stay unused) and the domino's cells themselves.
   The same for two adjacent columns.  Implied by the rules, stated for
   the solver: the human pair argument. */
void sb_encode_pairs(gc_cnf *cnf, int n, int m, const int *reg,
                     int first, int wfirst, int *lits, int kind) {
  for (int dir = 0; dir < 2; dir++)
    for (int p = 0; p + 1 < n; p++) {
      size_t k = 0;
      for (int q = 0; q < n; q += 2) {
        int r = dir ? q : p, c = dir ? p : q; /* the tile's top left */
        if (q + 1 < n) {
          lits[k++] = wfirst + r * (n - 1) + c;
          continue;
        }
        for (int i = 0; i < 2; i++) { /* the domino */
          int at = dir ? r * n + c + i : (r + i) * n + c;
          if (reg[at] >= 0)
            lits[k++] = first + at;
        }
      }
      gc_enc_card_kind(cnf, lits, k, 2L * m, 2L * m, kind);
    }
}

/* Option sb_bands: the pigeonhole argument on bands of k consecutive rows
   (o = 0) or columns (o = 1), 1 <= k < n, as unit clauses.  The band holds
   exactly k*m stars, every region exactly m, and cells in no region none:
   - k regions lying inside the band fill it, so the band's other cells
     are empty;
   - if only k regions meet the band, all their k*m stars lie in it, so
     their cells outside it are empty.
   The solver could only find either by search.  Left out when clause
   groups are wanted (explain, minimize): the units follow from the counts
   together, which those tools switch on and off one by one. */
void sb_encode_bands(gc_cnf *cnf, int first, int n, const int *reg) {
  int *lo = malloc(2 * (size_t)n * sizeof *lo), *hi = malloc(2 * (size_t)n * sizeof *hi);
  char *in = malloc((size_t)n);
  if (!lo || !hi || !in) {
    free(lo), free(hi), free(in);
    gc_cnf_fail(cnf, GC_E_NOMEM);
    return;
  }
  for (int g = 0; g < 2 * n; g++)
    lo[g] = n, hi[g] = -1; /* lo[o * n + g]: the region's first row (col) */
  for (int i = 0; i < n * n; i++) {
    int g = reg[i];
    if (g < 0 || g >= n)
      continue;
    int at[2] = {i / n, i % n};
    for (int o = 0; o < 2; o++) {
      if (at[o] < lo[o * n + g])
        lo[o * n + g] = at[o];
      if (at[o] > hi[o * n + g])
        hi[o * n + g] = at[o];
    }
  }
  for (int o = 0; o < 2; o++)
    for (int a = 0; a < n; a++)
      for (int b = a; b < n && b - a + 1 < n; b++) {
        int k = b - a + 1, inside = 0, meeting = 0;
        for (int g = 0; g < n; g++) {
          const int l = lo[o * n + g], h = hi[o * n + g];
          if (l > h)
            continue; /* an empty region: no solution anyway */
          in[g] = l >= a && h <= b;
          inside += in[g];
          meeting += l <= b && h >= a;
        }
        if (inside == meeting || (inside != k && meeting != k))
          continue; /* nothing to say (or no solution: the counts see it) */
        /* fill: the cells to empty are in the band, else outside it */
        int fill = inside == k;
        for (int r = 0; r < n; r++) {
          if (!o && (r >= a && r <= b) != fill)
            continue;
          for (int c = 0; c < n; c++) {
            int i = r * n + c, g = reg[i];
            if (g < 0 || g >= n || (o && (c >= a && c <= b) != fill))
              continue;
            if (fill ? !in[g] : lo[o * n + g] <= b && hi[o * n + g] >= a)
              gc_cnf_unit(cnf, -(first + i));
          }
        }
      }
  free(lo), free(hi), free(in);
}


/* b <-> OR of the cells at[0..k-1] (grid indices, k <= 4). */
void sb_define_or(gc_cnf *cnf, int b, int first, const int *at, int k) {
  int cl[5];
  cl[0] = -b;
  for (int i = 0; i < k; i++) {
    gc_cnf_binary(cnf, -(first + at[i]), b);
    cl[i + 1] = first + at[i];
  }
  gc_cnf_clause(cnf, cl, (size_t)k + 1);
}

/* The domino at cell at, right (d = 0) or down (d = 1), over the cells of
   it in a region; 0 when neither is. */
static int sb_domino(sb_blk *bk, int at, int d) {
  int n = bk->n, two[2], k = 0;
  int other = d ? at + n : at + 1;
  if (bk->reg[at] >= 0)
    two[k++] = at;
  if (bk->reg[other] >= 0)
    two[k++] = other;
  if (!k)
    return 0;
  if (k == 1)
    return bk->first + two[0];
  int *slot = &bk->dom[(size_t)d * n * n + at];
  if (!*slot && (*slot = gc_cnf_new_var(bk->cnf)))
    sb_define_or(bk->cnf, *slot, bk->first, two, k);
  return *slot;
}

/* The literals counted on row (d = 0) or column (d = 1) i, into lits: its
   cells in a region, or with blocks its dominoes (and for odd n the last
   cell). */
size_t sb_line(sb_blk *bk, int d, int i, int blocks, int *lits) {
  int n = bk->n;
  size_t k = 0;
  for (int j = 0; j < n; j += 1 + blocks) {
    int at = d ? j * n + i : i * n + j;
    if (blocks && j + 1 < n) {
      int b = sb_domino(bk, at, d);
      if (b)
        lits[k++] = b;
    } else if (bk->reg[at] >= 0)
      lits[k++] = bk->first + at;
  }
  return k;
}

/* The blocks covering region g, into lits: greedily in reading order, a
   2x2 window of the region's uncovered cells where one fits, else a
   domino to the right, else one down, else the cell alone. */
size_t sb_region_blocks(sb_blk *bk, int g, int *lits) {
  int n = bk->n;
  char *covered = bk->covered;
  const int *reg = bk->reg;
  size_t k = 0;
#define FREE(r, c) ((r) < n && (c) < n && reg[(r) * n + (c)] == g && \
                    !covered[(r) * n + (c)])
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      if (!FREE(r, c))
        continue;
      int at = r * n + c;
      if (FREE(r, c + 1) && FREE(r + 1, c) && FREE(r + 1, c + 1)) {
        covered[at] = covered[at + 1] = covered[at + n] = covered[at + n + 1] = 1;
        bk->wneed[r * (n - 1) + c] = 1;
        lits[k++] = bk->wfirst + r * (n - 1) + c;
      } else if (FREE(r, c + 1)) {
        covered[at] = covered[at + 1] = 1;
        lits[k++] = sb_domino(bk, at, 0);
      } else if (FREE(r + 1, c)) {
        covered[at] = covered[at + n] = 1;
        lits[k++] = sb_domino(bk, at, 1);
      } else {
        covered[at] = 1;
        lits[k++] = bk->first + at;
      }
    }
#undef FREE
  return k;
}
