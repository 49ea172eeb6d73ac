/*
 * simplify.h: root-level simplification of a formula on its way to the
 * solver (option `simplify`): unit propagation fixes what the givens, the
 * edge clues and the other units decide, clauses it satisfies are dropped
 * and literals it falsifies are left out (the givens-aware encoding of
 * Kwon and Jain for Sudoku, done generically on the clauses).
 */
#ifndef GC_SOLVER_GLUE_SIMPLIFY_H
#define GC_SOLVER_GLUE_SIMPLIFY_H

#include "../encoder/cnf.h"

/* Sends the simplified clauses of m (variables 1..nvars) into `to`, with
   a unit for each fixed variable of keep_lo..keep_hi (the others fixed
   are left out: the solver's model is read on keep_lo..keep_hi only; the
   variables above keep_hi that are left are renumbered keep_hi + 1, ...);
   with probing, failed literals among keep_lo..keep_hi are fixed too (see
   simplify.c).  *clauses (may be NULL) gets the number sent, 0 when
   propagation found a conflict (then m goes through as it is); when
   probing finds that the formula has no model, one empty clause is sent
   (*clauses = 1).  m's clauses are reordered
   and shortened in place: replay it no more.  ready (may be NULL) is
   called once before the first clause is sent, with the number of clauses
   and literals that will be sent.  0 or a gc_code. */
typedef void (*gc_simplify_ready)(void *arg, size_t clauses, size_t lits);
/* Probing (NULL: none); stop (may be NULL) is asked between probes and a
   non-zero answer ends the probing as an exhausted budget would.  On
   return, open is the number of variables of keep_lo..keep_hi that
   propagation left open and fixed how many of those probing fixed; its
   findings are sent when fixed == open or 10 * fixed >= open. */
typedef struct gc_simplify_probe {
  int (*stop)(void *arg);
  void *arg;
  long open, fixed; /* out */
} gc_simplify_probe;
int gc_simplify_replay(gc_memsink *m, int nvars, int keep_lo, int keep_hi,
                       gc_simplify_probe *probing, gc_sink to,
                       size_t *clauses, gc_simplify_ready ready, void *arg);

#endif
