/*
 * starbattle_dead.c: the dead holes of Star Battle generation
 * (sb_dead_holes, which starbattle_gen.c asks after the prune of
 * starbattle_fill.c).
 *
 * A hole h is dead when every region b next to it, taking h alone (the
 * other holes empty), lets in a solution other than the layout S.  The
 * puzzle with every hole empty has S alone, so such a solution is one
 * with a star on h, and b's own cells then hold m - 1 stars.  One
 * incremental solver answers every question of an attempt: its formula
 * has the cells, rows and columns of the puzzle, and for each region b a
 * literal e_b that stands for "the star on the hole b takes" in b's count
 * (b's cells and e_b hold m).  The question (h, b) is then assumptions:
 * a star on h, no star on the other holes, e_b, and no other e.  What the
 * solver learns from one question holds for the next, which is where the
 * time goes otherwise (25x25 with 5 stars: a fresh solver on the puzzle
 * with h in b took 22 ms a question).
 *
 * The formula (sb_formula) serves the fill's checks too, with an extra
 * literal per hole and region it may join (starbattle_fill.c).
 */
#include <stdlib.h>
#include <string.h>

#include "../encoder/card.h"
#include "starbattle.h"

static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};

/* The formula's clauses go straight into the generator's bare solver. */
static int to_solver_add(void *self, const int *lits, size_t n) {
  sb_sink *t = self;
  t->gx->clause(t->h, lits, n);
  return 0;
}

static const gc_sink_ops to_solver_ops = {to_solver_add, NULL};

void sb_cnf_to(gc_cnf *cnf, sb_sink *t) {
  gc_cnf_init(cnf, (gc_sink){&to_solver_ops, t}, NULL);
}

void sb_lines_count(gc_cnf *cnf, int n, int m, int first, int *lits) {
  int kind = m >= 4 ? GC_CARD_TOTALIZER : GC_CARD_COUNTER;
  for (int d = 0; d < 2; d++)
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++)
        lits[j] = first + (d ? j * n + i : i * n + j);
      gc_enc_card_kind(cnf, lits, (size_t)n, m, m, kind);
    }
}

void sb_no_touch(gc_cnf *cnf, int n, int first) {
  static const int tr[4] = {0, 1, 1, 1}, tc[4] = {1, -1, 0, 1};
  for (int c = 0; c < n * n; c++)
    for (int d = 0; d < 4; d++) {
      int r2 = c / n + tr[d], c2 = c % n + tc[d];
      if (r2 < n && c2 >= 0 && c2 < n)
        gc_cnf_binary(cnf, -(first + c), -(first + r2 * n + c2));
    }
}

void *sb_formula(sb_gen *g, const int *extra_region, const int *extra_cell,
                 int nextra, int *lits, int *top, gc_error *err) {
  int n = g->n, m = g->m, nn = g->nn;
  void *h = g->gx->raw(g->gx->arg, err);
  if (!h)
    return NULL;
  sb_sink t = {g->gx, h};
  gc_cnf cnf;
  sb_cnf_to(&cnf, &t);
  /* the genre's choice of count (starbattle_encode.c) */
  int kind = m >= 4 ? GC_CARD_TOTALIZER : GC_CARD_COUNTER;
  int first = gc_cnf_block(&cnf, "cell", "row,col", n, n, 1);
  int extra = nextra ? gc_cnf_block(&cnf, "extra", "index", nextra, 1, 1)
                     : nn + 1;
  if (first && extra)
    sb_lines_count(&cnf, n, m, first, lits);
  for (int b = 0; b < n && first && extra; b++) {
    size_t k = 0;
    for (int c = 0; c < nn; c++)
      if (g->region[c] == b)
        lits[k++] = first + c;
    for (int j = 0; j < nextra; j++)
      if (extra_region[j] == b)
        lits[k++] = extra + j;
    gc_enc_card_kind(&cnf, lits, k, m, m, kind);
  }
  if (first && extra)
    sb_no_touch(&cnf, n, first);
  /* an extra literal of a cell: the cell's star counted in a region */
  for (int j = 0; extra_cell && j < nextra && first && extra; j++)
    gc_cnf_binary(&cnf, -(extra + j), first + extra_cell[j]);
  for (int c = 0; extra_cell && c < nn && first && extra; c++) {
    size_t k = 0;
    for (int j = 0; j < nextra; j++)
      if (extra_cell[j] == c)
        lits[k++] = extra + j;
    if (k) {
      lits[k++] = -(first + c);
      gc_cnf_clause(&cnf, lits, k);
    }
  }
  int failed = gc_cnf_status(&cnf) || !first || !extra;
  if (top)
    *top = cnf.nvars;
  gc_cnf_release(&cnf);
  if (failed) {
    g->gx->close(h);
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  return h;
}

int sb_dead_holes(sb_gen *g, int *lits, int most, gc_error *err) {
  int n = g->n, nn = g->nn, dead = 0, k = 0;
  int *order = malloc((size_t)(2 * nn + 2 * n + 1) * sizeof *order);
  if (!order) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  int *assume = order + nn;
  for (int c = 0; c < nn; c++)
    if (g->region[c] < 0)
      order[k++] = c;
  int *own = order + 2 * nn; /* e_b counts in region b */
  for (int b = 0; b < n; b++)
    own[b] = b;
  void *s = k ? sb_formula(g, own, NULL, n, lits, NULL, err) : NULL;
  if (k && !s) {
    free(order);
    return err->code ? -1 : -2;
  }
  /* the assumptions: the holes empty, no region with an extra star; the
     question at hand turns two of them */
  int na = 0, at_hole[SB_MAX_N * SB_MAX_N];
  for (int i = 0; i < k; i++) {
    at_hole[order[i]] = na;
    assume[na++] = -(1 + order[i]);
  }
  int at_extra = na;
  for (int b = 0; b < n; b++)
    assume[na++] = -(nn + 1 + b);
  gc_rng_shuffle(g->rng, order, (size_t)k);
  for (int i = 0; i < k && dead <= most; i++) {
    int h = order[i], seen[4], ns = 0, alive = 0;
    assume[at_hole[h]] = 1 + h; /* a star on h */
    for (int d = 0; d < 4 && !alive; d++) {
      int r2 = h / n + dr[d], c2 = h % n + dc[d];
      if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n)
        continue;
      int b = g->region[r2 * n + c2], dup = 0;
      for (int j = 0; j < ns; j++)
        dup |= seen[j] == b;
      if (b < 0 || dup)
        continue;
      seen[ns++] = b;
      assume[at_extra + b] = nn + 1 + b; /* ... counted in b */
      int r = sb_gen_solve(g, s, assume, (size_t)na);
      assume[at_extra + b] = -(nn + 1 + b);
      if (r != 10 && r != 20) {
        g->gx->close(s);
        free(order);
        return -2;
      }
      alive = r == 20;
    }
    assume[at_hole[h]] = -(1 + h);
    dead += ns && !alive;
  }
  if (s)
    g->gx->close(s);
  free(order);
  return dead;
}
