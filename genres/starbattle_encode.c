/*
 * starbattle_encode.c: Star Battle's CNF.
 *
 * Encoding (encodings.md sections 3 and 8): one boolean per cell; exactly
 * m per row, column and region (gc_enc_card_kind: ALO + AMO for m = 1,
 * the two-way counter or the totalizer above); cells in no region are unit
 * false and are left out of the counts; no-touch is one binary clause per
 * king-adjacent pair, which is the same clause set as an AMO over every
 * 2x2 window.  With the
 * sb_window option every window also gets a block literal b <-> OR(its
 * cells), over which the solver can learn the pigeonhole arguments human
 * solvers use (two rows hold 2m stars in n/2 disjoint windows).  The
 * sb_pairs option states that argument outright: for every two adjacent
 * rows (and columns), exactly 2m of the tiles of their 2x2 tiling hold a
 * star (sb_encode_pairs).  The counts are two-way counters, or totalizers
 * with card=totalizer.  The defaults, sb_pairs=auto and card=auto, add the
 * pair counts for m >= 3 and take the totalizer for m >= 4, where each was
 * measured faster (benchmarks/RESULTS.md); m <= 2 keeps the plain
 * formula.  The sb_bands option (default on) adds the pigeonhole argument
 * on bands of consecutive rows and columns as unit clauses
 * (sb_encode_bands).  Sparse puzzles (m >= 4, n >= 5m) ask for CaDiCaL's
 * sparse search (option search=auto: stable mode, cells empty first).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../encoder/card.h"
#include "starbattle.h"

/*------------------------------------------------------------------------*/

/* Where option search=auto takes the sparse search: m >= SB_SPARSE_FROM_M
   and n >= SB_SPARSE_RATIO * m (a star in at most one cell of five in
   every row).  Measured on 266 generated 3- to 6-star puzzles
   (benchmarks/RESULTS.md, section search): 20x20 to 25x25 with 4 stars
   and 25x25 with 5 up to twice as fast in the median; 17x17 4-star,
   21x21 5-star and 25x25 6-star, the densest, slower; 3 stars slower. */
enum { SB_SPARSE_FROM_M = 4, SB_SPARSE_RATIO = 5 };

int sb_setting_on(int setting, int m, int auto_m) {
  return setting == GC_SB_PAIRS_ON || (setting == GC_SB_PAIRS_AUTO && m >= auto_m);
}

/* Such an option in an encoding.  Never with clause groups: explain and
   minimize switch the row, column and region counts off one by one, and
   what these options add follows from those counts. */
static int sb_option_on(const gc_cnf *cnf, int setting, int n, int m,
                        int auto_m) {
  if (n < 2 || cnf->want_groups)
    return 0;
  return sb_setting_on(setting, m, auto_m);
}

int sb_encode(const gc_puzzle *pz, gc_cnf *cnf, gc_error *err) {
  (void)err;
  const sb *s = pz->data;
  int n = pz->n, m = s->m;
  const int *reg = s->region;
  int first = gc_cnf_block(cnf, "cell", "row,col", n, n, 1);
  if (!first)
    return -1;
  int pairs = sb_option_on(cnf, cnf->opt ? cnf->opt->sb_pairs : 0, n, m,
                           SB_PAIRS_FROM_M);
  int blocks = sb_option_on(cnf, cnf->opt ? cnf->opt->sb_blocks : 0, n, m,
                            SB_BLOCKS_FROM_M);
  int window = cnf->opt ? cnf->opt->sb_window : 0;
  int card = cnf->opt ? cnf->opt->card : GC_CARD_AUTO;
  int kind = card == GC_CARD_TOTALIZER || (card == GC_CARD_AUTO && m >= 4)
                 ? GC_CARD_TOTALIZER
                 : GC_CARD_COUNTER;
  if (m >= SB_SPARSE_FROM_M && n >= SB_SPARSE_RATIO * m)
    cnf->search = GC_SEARCH_SPARSE;
  int wfirst = 0;
  if ((window || pairs || blocks) && n >= 2 &&
      !(wfirst = gc_cnf_block(cnf, "window", "row,col", n - 1, n - 1, 1)))
    return -1;
  int *lits = malloc((size_t)(n * n) * sizeof *lits);
  char *wneed = wfirst ? calloc((size_t)(n - 1) * (n - 1), 1) : NULL;
  sb_blk bk = {cnf, n, first, wfirst, reg, NULL, wneed, NULL};
  if (blocks) {
    bk.dom = calloc(2 * (size_t)n * n, sizeof *bk.dom);
    bk.covered = calloc((size_t)n * n, 1);
  }
  if (!lits || (wfirst && !wneed) || (blocks && (!bk.dom || !bk.covered))) {
    free(lits), free(wneed), free(bk.dom), free(bk.covered);
    gc_cnf_fail(cnf, GC_E_NOMEM);
    return -1;
  }
  for (int r = 0; r + 1 < n && wfirst; r++)
    for (int c = 0; c + 1 < n; c++)
      wneed[r * (n - 1) + c] = window || (pairs && !(r % 2 && c % 2));
#define S(r, c) (first + (r) * n + (c))
#define IN(r, c) (reg[(r) * n + (c)] >= 0)
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      if (!IN(r, c))
        gc_cnf_unit(cnf, -S(r, c));
  if ((cnf->opt ? cnf->opt->sb_bands : 1) && !cnf->want_groups)
    sb_encode_bands(cnf, first, n, reg);
  /* Counts over the cells that may hold a star. */
  /* Each count is a group (for `explain`: "row 3 holds 2 stars"); the
     groups have no place in the JSON record, so `minimize` keeps them. */
  const char *stars = m == 1 ? "star" : "stars";
  for (int d = 0; d < 2; d++)
    for (int i = 0; i < n; i++) {
      size_t k = sb_line(&bk, d, i, blocks, lits);
      gc_cnf_group(cnf, NULL, -1, -1, "%s %d holds %d %s", d ? "column" : "row",
                   i + 1, m, stars);
      gc_enc_card_kind(cnf, lits, k, m, m, kind);
    }
  for (int g = 0; g < n; g++) {
    size_t k = 0;
    if (blocks)
      k = sb_region_blocks(&bk, g, lits);
    else
      for (int i = 0; i < n * n; i++)
        if (reg[i] == g)
          lits[k++] = first + i;
    char name[16];
    sb_region_name(s, g, name, sizeof name);
    gc_cnf_group(cnf, NULL, -1, -1, "region %s holds %d %s", name, m, stars);
    gc_enc_card_kind(cnf, lits, k, m, m, kind);
  }
  gc_cnf_group_end(cnf);
  /* No two stars touch: every king-adjacent pair once (right, and the
     three below). */
  static const int dr[4] = {0, 1, 1, 1}, dc[4] = {1, -1, 0, 1};
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      if (!IN(r, c))
        continue;
      for (int d = 0; d < 4; d++) {
        int r2 = r + dr[d], c2 = c + dc[d];
        if (r2 < n && c2 >= 0 && c2 < n && IN(r2, c2))
          gc_cnf_binary(cnf, -S(r, c), -S(r2, c2));
      }
    }
  /* Block literals: b <-> OR of the window's cells.  The window's AMO is
     already there (its six pairs are among the pairs above). */
  if (wfirst)
    for (int r = 0; r + 1 < n; r++)
      for (int c = 0; c + 1 < n; c++) {
        if (!wneed[r * (n - 1) + c])
          continue; /* in no count */
        int at[4], k = 0;
        for (int i = 0; i < 4; i++) {
          int rr = r + i / 2, cc = c + i % 2;
          if (IN(rr, cc))
            at[k++] = rr * n + cc;
        }
        sb_define_or(cnf, wfirst + r * (n - 1) + c, first, at, k);
      }
#undef S
#undef IN
  if (pairs)
    sb_encode_pairs(cnf, n, m, reg, first, wfirst, lits, kind);
  free(lits), free(wneed), free(bk.dom), free(bk.covered);
  return gc_cnf_status(cnf) ? -1 : 0;
}
