/*
 * propagate.h: plain unit propagation over a CNF in memory, with a trail
 * to undo assignments.  `rate` measures how much of a puzzle propagation
 * (and failed-literal probing) decides, and `generate --difficulty easy`
 * keeps a puzzle solvable that way; CaDiCaL would do the propagation too,
 * but its limits cannot stop it exactly after propagation under an
 * assumption, so this small engine gives the exact, deterministic answer.
 * Counter based: a clause is looked at when all but one of its literals
 * are false.
 */
#ifndef GC_SOLVER_GLUE_PROPAGATE_H
#define GC_SOLVER_GLUE_PROPAGATE_H

#include "../encoder/cnf.h"

typedef struct gc_up gc_up;

/* The clauses of m over variables 1..nvars, the unit clauses already
   propagated.  NULL when out of memory. */
gc_up *gc_up_new(const gc_memsink *m, int nvars);
void gc_up_free(gc_up *u);
/* 1 when propagation at the root found a conflict: the CNF is UNSAT. */
int gc_up_root_conflict(const gc_up *u);
/* 1 true, -1 false, 0 unassigned. */
int gc_up_value(const gc_up *u, int lit);
/* The trail length: a mark to come back to. */
size_t gc_up_mark(const gc_up *u);
/* Assigns lit (when not assigned) and propagates: 0, or -1 on a conflict
   (the assignments stay until gc_up_undo). */
int gc_up_assume(gc_up *u, int lit);
/* Undoes every assignment made after mark. */
void gc_up_undo(gc_up *u, size_t mark);
/* The cells of the answer key (block "cell": n x n x 1 boolean, or
   n x n x n one-hot) that the assignment decides: a boolean cell assigned,
   a one-hot cell with a value literal true. */
int gc_up_cells(const gc_up *u, const gc_block *cell);

#endif
