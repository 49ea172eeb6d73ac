/*
 * rate.c: gc_rate.  The grade comes from the step path (steps.c): the
 * genre's level of the hardest technique the path needs (Star Battle: its
 * counts, see the genre), and a score that ranks puzzles the way the levels
 * do,
 *     score = 100 (level + f) / levels,   f = x / (x + 20) in [0, 1),
 * x = the deductions at the grade's level or above (each level above
 * counting once more) plus an eighth of the items in their reasons: more
 * such steps, and bigger reasons, rank a puzzle higher within its level.
 *
 * The solver's own work is measured as before, in three stages (the
 * proxy encodings.md section 7 suggests, after Lynce & Ouaknine's study of
 * Sudoku): what unit propagation decides (propagate.c), what
 * failed-literal probing on the cell literals decides (rounds to a
 * fixpoint), and CaDiCaL's learned clauses (ccadical_set_learn: one per
 * conflict) to find the solution and to prove there is no other, on the
 * formula without option probe.  All deterministic for a puzzle and
 * options.
 */
#include <ccadical.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "propagate.h"
#include "session.h"
#include "steps.h"

static void count_learned(void *state, int *clause) {
  (void)clause;
  ++*(long *)state;
}

static int stopped(const gc_limits *lim, double deadline) {
  if (lim && gc_stop_requested(lim->interrupt))
    return 1;
  return deadline > 0 && gc_now_ms() >= deadline;
}

/* Stages 1 and 2.  0; 1 stopped; -1 out of memory.  *unsat when
   propagation refutes the puzzle. */
static int propagation(const gc_puzzle *pz, const gc_options *opt,
                       const gc_limits *lim, double deadline, gc_rating *rt,
                       int *unsat, gc_error *err) {
  gc_cnf cnf;
  gc_memsink mem;
  *unsat = 0;
  if (gc_encode_memory_limited(pz, opt, lim, &cnf, &mem, err)) {
    gc_cnf_release(&cnf);
    gc_memsink_free(&mem);
    return -1;
  }
  int rc = -1;
  const gc_block *cell = gc_cnf_find_block(&cnf, "cell");
  gc_up *u = gc_up_new(&mem, cnf.nvars);
  int nkeys = cell ? cell->d0 * cell->d1 * (cell->d2 == 1 ? 2 : cell->d2) : 0;
  int *keys = malloc(((size_t)nkeys + 1) * sizeof *keys);
  if (!u || !keys || !cell) {
    gc_error_set(err, cell ? GC_E_NOMEM : GC_E_INTERNAL, 0, 0,
                 cell ? "out of memory" : "the encoding has no cell block");
    goto done;
  }
  if (gc_up_root_conflict(u)) {
    *unsat = 1;
    rc = 0;
    goto done;
  }
  rt->up_cells = gc_up_cells(u, cell);
  int k = 0;
  for (int r = 0; r < cell->d0; r++)
    for (int c = 0; c < cell->d1; c++)
      for (int v = 0; v < cell->d2; v++) {
        int var = gc_block_var(cell, r, c, v);
        keys[k++] = var;
        if (cell->d2 == 1)
          keys[k++] = -var;
      }
  for (int changed = 1; changed && !*unsat;) {
    changed = 0;
    for (int i = 0; i < k && !*unsat; i++) {
      if (gc_up_value(u, keys[i]))
        continue;
      if ((i & 63) == 0 && stopped(lim, deadline)) {
        rc = 1;
        goto done;
      }
      size_t mark = gc_up_mark(u);
      if (gc_up_assume(u, keys[i]) == 0) {
        gc_up_undo(u, mark);
        continue;
      }
      gc_up_undo(u, mark);
      changed = 1;
      if (gc_up_assume(u, -keys[i]))
        *unsat = 1; /* both ways fail: no solution */
    }
    rt->probe_rounds += changed;
  }
  rt->probe_cells = *unsat ? 0 : gc_up_cells(u, cell);
  rc = 0;
done:
  free(keys);
  gc_up_free(u);
  gc_cnf_release(&cnf);
  gc_memsink_free(&mem);
  return rc;
}

/* Stage 3.  0; -1 with err. */
static int search(const gc_puzzle *pz, const gc_options *opt,
                  const gc_limits *lim, gc_rating *rt, gc_error *err) {
  gc_session ss;
  int r = gc_session_open(&ss, pz, opt, lim, 0, err);
  if (r)
    return r < 0 ? -1 : 0; /* stopped while encoding: unknown */
  long learned = 0;
  ccadical_set_learn(ss.solver, &learned, INT_MAX, count_learned);
  int rc = -1;
  gc_grid g = {0, NULL};
  r = gc_session_solve(&ss, NULL, 0);
  rt->conflicts_solve = learned;
  if (r < 0) {
    gc_session_error(&ss, err);
    goto done;
  }
  if (r != 10) {
    if (r == 20)
      rt->status = GC_STATUS_NONE;
    rc = 0;
    goto done;
  }
  if (gc_session_grid(&ss, &g, err) || gc_session_block(&ss, &g, err))
    goto done;
  learned = 0;
  r = gc_session_solve(&ss, NULL, 0);
  rt->conflicts_unique = learned;
  if (r < 0) {
    gc_session_error(&ss, err);
    goto done;
  }
  rt->status = r == 20   ? GC_STATUS_UNIQUE
               : r == 10 ? GC_STATUS_MULTIPLE
                         : GC_STATUS_UNKNOWN;
  rc = 0;
done:
  gc_grid_free(&g);
  gc_session_close(&ss);
  return rc;
}

/* The grade from the path: level, score, the hardest steps. */
static void grade(const gc_step_path *path, gc_rating *rt) {
  rt->levels = path->levels;
  rt->steps = (int)path->count;
  rt->level = path->level;
  int lv = path->level < 0 ? 0 : path->level, base = lv > 0 ? lv : 1;
  double x = 0;
  for (int l = base; l < path->nlevels && l < 8; l++)
    x += path->level_count[l] * (1 + l - lv);
  long items = 0;
  int top = -1;
  for (size_t i = 0; i < path->count; i++) {
    const gc_step *st = &path->step[i];
    rt->lookahead += st->lookahead != 0;
    rt->unproven += (long)st->unproven;
    if (st->level > top) {
      top = st->level;
      rt->technique = st->technique;
    }
    if (st->level >= base) {
      items += (long)st->nreason;
      if ((int)st->nreason > rt->max_reason)
        rt->max_reason = (int)st->nreason;
      rt->hard_steps++;
    }
  }
  x += items / 8.0;
  double f = x / (x + 20);
  double s = path->nlevels ? 100.0 * (lv + f) / path->nlevels : 0;
  rt->score = floor(s * 10 + 0.5) / 10;
}

int gc_rate(const gc_puzzle *pz, const gc_options *opt, const gc_limits *lim,
            gc_rating *rt, gc_error *err) {
  double t0 = gc_now_ms();
  gc_options defaults;
  opt = gc_options_or_default(opt, &defaults);
  gc_error_clear(err);
  memset(rt, 0, sizeof *rt);
  rt->status = GC_STATUS_UNKNOWN;
  rt->level = -1;
  rt->cells = pz->n * pz->n;
  double deadline = lim && lim->timeout > 0 ? t0 + lim->timeout * 1e3 : 0;
  gc_limits left;
  memset(&left, 0, sizeof left);
  if (lim)
    left = *lim;
  /* the path, and the grade */
  gc_step_path path;
  int r = gc_steps(pz, opt, lim, NULL, 0, &path, err);
  if (r) {
    gc_step_path_free(&path);
    return -1;
  }
  grade(&path, rt);
  gc_status by_path = path.status;
  gc_step_path_free(&path);
  /* the solver's work */
  int unsat;
  r = propagation(pz, opt, lim, deadline, rt, &unsat, err);
  if (r < 0)
    return -1;
  if (r == 0) {
    if (deadline > 0)
      left.timeout = (deadline - gc_now_ms()) / 1e3;
    if (deadline > 0 && left.timeout <= 0)
      rt->status = GC_STATUS_UNKNOWN;
    else {
      /* stage 3 counts CaDiCaL's own search: without option probe, whose
         findings would stand in for the conflicts stage 2 already scores */
      gc_options plain = *opt;
      plain.probe = 0;
      /* and with one search for every puzzle, so that conflicts compare
         across sizes (option search=auto picks per puzzle) */
      if (plain.search == GC_SEARCH_AUTO)
        plain.search = GC_SEARCH_DEFAULT;
      if (search(pz, &plain, &left, rt, err))
        return -1;
    }
  }
  if (unsat && rt->status == GC_STATUS_UNKNOWN)
    rt->status = GC_STATUS_NONE; /* propagation refuted it */
  if (rt->status == GC_STATUS_UNKNOWN && by_path != GC_STATUS_UNKNOWN)
    rt->status = by_path;
  if (rt->status == GC_STATUS_UNIQUE && by_path == GC_STATUS_UNIQUE &&
      rt->level >= 0 && rt->levels)
    rt->label = rt->levels[rt->level];
  else {
    rt->label = NULL;
    rt->level = -1;
  }
  rt->ms = gc_now_ms() - t0;
  return 0;
}
