/*
 * steps.h: the step-by-step solver's parts (solver-glue/steps*.c).
 *
 * steps.c         the path: the knowledge, the techniques easiest first,
 *                 then the reasons from the last step back (an elimination
 *                 no later reason needs is left out), and the public
 *                 gc_steps (steps_engine.h holds what its files share)
 * steps_search.c  lookahead and search, when no technique moves
 * steps_why.c     each step's support, mapped to the records that made
 *                 its facts, and shrunk by the prover
 * steps_out.c     the steps, items and words the caller gets
 * steps_reason.c  the prover: one formula with every clue, given, sign and
 *                 count behind a selector, our own unit propagation over it
 *                 and one incremental CaDiCaL, and a pool of the models the
 *                 solver found; shrinks a sufficient set of items to a
 *                 minimal one, every deletion proven
 * steps_rotate.c  model rotation: more members shown needed from each
 *                 model the prover's solver finds (Star Battle)
 */
#ifndef GC_SOLVER_GLUE_STEPS_H
#define GC_SOLVER_GLUE_STEPS_H

#include <stdatomic.h>

#include "../genres/steps.h"
#include "propagate.h"

/* Deductions of a technique that a solution of the puzzle contradicts,
   refused (a technique's bug; the tests expect none). */
extern atomic_long gc_steps_refused;

/* An element of a reason as the prover sees it: a clause group (group >=
   0, its selector assumed) or a cell literal (lit != 0: an earlier
   result); rec is the record it came from (-1: a puzzle item). */
typedef struct gc_sitem {
  int group;
  int lit;
  int rec;
} gc_sitem;

typedef struct gc_prover gc_prover;

/* The puzzle's formula with clause groups (the genre's step options),
   propagation and CaDiCaL ready.  NULL with err. */
gc_prover *gc_prover_new(const gc_puzzle *pz, const gc_options *opt,
                         const gc_limits *lim, gc_error *err);
void gc_prover_free(gc_prover *p);

/* The group items (index as in the formula). */
size_t gc_prover_groups(const gc_prover *p, const gc_item **items);
/* The group whose item matches it (kind and place), or -1. */
int gc_prover_find_group(const gc_prover *p, const gc_item *it);
/* The literal of cell holding value index v (Latin: digit v + 1; Star
   Battle: v = 1 star, 0 no star). */
int gc_prover_lit(const gc_prover *p, int cell, int v);
/* The cell of a cell literal, and the value index its variable stands for
   (Star Battle: 1, the star). */
void gc_prover_lit_place(const gc_prover *p, int lit, int *cell, int *v);

/* Shrinks in[0..n) to a minimal subset from which every literal of
   concl[0..k) follows (the step: all of them hold), each deletion proven
   by propagation, a model of the pool or a CaDiCaL call.  out gets the
   subset (room for n).  0 done; 1 stopped (time, interrupt); 2 the set
   does not imply the step (out unset); -1 out of memory. */
int gc_prover_minimal(gc_prover *p, const gc_sitem *in, size_t n,
                      const int *concl, size_t k, gc_sitem *out,
                      size_t *nout);

/* The members of the last gc_prover_minimal's subset that it kept without
   proof: deciding whether the step needs them took more than
   gc_prover_conflicts conflicts.  0: the subset is minimal. */
size_t gc_prover_unproven(const gc_prover *p);
/* Members shown needed by model rotation so far, with no solver call. */
long gc_prover_rotated(const gc_prover *p);
/* The conflicts one such decision may take, GC_REASON_CONFLICTS (read when
   a prover is made; tests lower it). */
extern atomic_int gc_prover_conflicts;

/* Is the set (all groups when groups < 0 ... see below) with the
   literals satisfiable?  groups: 1 every group assumed, 0 none.  10 SAT
   (model in grid, n*n values as gc_grid holds them, when grid is not
   NULL), 20 UNSAT, 0 stopped. */
int gc_prover_solve(gc_prover *p, int groups, const int *lits, size_t n,
                    int *grid);

/* Unit propagation with every group and the literals: 1 when it ends in a
   conflict. */
int gc_prover_up_refutes(gc_prover *p, const int *lits, size_t n);
/* The same with lits assumed once (a base), then each probe tried on top:
   calls back for each probe literal that propagation refutes; the callback
   returns non-zero to stop.  0, or 1 when the base alone is refuted. */
int gc_prover_up_probe(gc_prover *p, const int *lits, size_t n,
                       const int *probe, size_t nprobe,
                       int (*refuted)(void *arg, int lit), void *arg);

/* Model rotation (steps_rotate.c), for genres with cell_groups: a member
   as the rotor sees it, a group (group >= 0) or a cell that must hold val
   (0 or 1); the step's literals the same way (group -1). */
typedef struct gc_rmember {
  int group;
  int cell, val;
} gc_rmember;

typedef struct gc_rotor gc_rotor;

/* NULL when the genre has no cell_groups (or out of memory). */
gc_rotor *gc_rotor_new(const gc_puzzle *pz, size_t ngroups);
void gc_rotor_free(gc_rotor *r);
/* grid keeps the rules and every member of mem[0..n) but x, and breaks
   the step: marks need[j] for the members it shows needed by toggling one
   or two cells at a time, from grid and from each grid so found; verify
   checks each such grid in full (does it show member j needed?) before it
   counts.  The number marked. */
size_t gc_rotor_run(gc_rotor *r, const int *grid, const gc_rmember *mem,
                    size_t n, size_t x, const gc_rmember *step, size_t k,
                    char *need,
                    int (*verify)(void *arg, const int *grid, size_t j),
                    void *arg);

long gc_prover_calls(const gc_prover *p);
/* Did CaDiCaL run out of memory (the prover stopped then)? */
int gc_prover_failed(const gc_prover *p);

/* The grade of the step path (rate's label): the forward pass alone, no
   reasons, with the techniques of level <= max_level only (-1: all, with
   lookahead and search); *solved when it fixes every cell (then the
   puzzle is unique), *level the grade.  0; 1 stopped; -1 with err. */
int gc_steps_grade_path(const gc_puzzle *pz, const gc_options *opt,
                        const gc_limits *lim, int max_level, int *solved,
                        int *level, gc_error *err);
/* Does the closure under the techniques of level <= max_level (below
   the trial level) solve the puzzle?  The generator's question while it
   removes clues: every deduction a technique finds is applied at once, so
   a puzzle takes a few rounds instead of one per deduction.  The grade
   is the lowest level whose closure solves the puzzle, so with techniques
   that find at least as much on more knowledge this agrees with
   gc_steps_grade_path (test_steps checks it).  0 with *solved; 1
   stopped; -1 with err. */
int gc_steps_solves(const gc_puzzle *pz, const gc_options *opt,
                    const gc_limits *lim, int max_level, int *solved,
                    gc_error *err);
/* gc_steps_grade_path's answer, by the closure's pass where that gives
   the same: easiest technique first, each applying all it finds at once.
   With techniques that find at least as much on more knowledge, the
   closure and the path stop at the same places (the least fixpoint of
   the techniques below lookahead, again after each lookahead or search
   step), so they need the same hardest level and the same lookahead and
   search steps; only the counts below differ.  So the closure's answer
   stands when the genre grades by the hardest level, or when the hardest
   level is at least the genre's grade_batch_from; otherwise, and when the
   puzzle is not solved, the path is walked.  Same arguments and return
   (test_steps checks the two agree). */
int gc_steps_grade(const gc_puzzle *pz, const gc_options *opt,
                   const gc_limits *lim, int max_level, int *solved,
                   int *level, gc_error *err);
int gc_prover_stopped(gc_prover *p);

#endif
