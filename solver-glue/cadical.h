/* cadical.h: the CaDiCaL sink, and the calls into CaDiCaL that can
   allocate, guarded (cadical_guard.cpp).  solver-glue/ is the only
   directory that includes ccadical.h. */
#ifndef GC_SOLVER_GLUE_CADICAL_H
#define GC_SOLVER_GLUE_CADICAL_H

#include <stddef.h>

#include "../encoder/cnf.h"

#ifdef __cplusplus
extern "C" {
#endif

struct CCaDiCaL;
/* Clauses go into the solver through gc_cad_clause; the sink reports a
   refused clause (GC_E_NOMEM) to the builder. */
gc_sink gc_sink_cadical(struct CCaDiCaL *solver);

/*
 * CaDiCaL is C++: when it runs out of memory it throws std::bad_alloc,
 * which its C interface lets through, and an exception that reaches C
 * code ends the process (std::terminate).  These wrappers catch it at the
 * C++ boundary and say so instead.  After a failure the solver may be in
 * any state: the only call left to make on it is gc_cad_release, which
 * then keeps it (parked, its memory lost) rather than run a destructor
 * that would crash.
 */
/* A fresh solver, or NULL when out of memory. */
struct CCaDiCaL *gc_cad_init(void);
/* Adds the clause lits[0..n) (no terminating 0).  0, or GC_E_NOMEM (or
   GC_E_INTERNAL for any other exception). */
int gc_cad_clause(struct CCaDiCaL *s, const int *lits, size_t n);
/* One assumption, or one literal of the constraint (0 ends it), for the
   next solve: 0, or -1 when the solver failed. */
int gc_cad_assume(struct CCaDiCaL *s, int lit);
int gc_cad_constrain(struct CCaDiCaL *s, int lit);
/* At most this many conflicts in the next solve (it then answers 0, as
   when stopped). */
void gc_cad_limit_conflicts(struct CCaDiCaL *s, int conflicts);
/* Assumes assume[0..n) and solves: 10, 20, 0 (stopped), or -GC_E_NOMEM
   (-GC_E_INTERNAL) when the solver failed. */
int gc_cad_solve(struct CCaDiCaL *s, const int *assume, size_t n);
/* Was lit among the failed assumptions of the last UNSAT call?  1, 0, or
   -1 when the solver failed (the answer may need memory the first time). */
int gc_cad_failed(struct CCaDiCaL *s, int lit);
/* The value of lit in the last model (> 0 true) or at the root (fixed:
   1, -1, 0), or INT_MIN when the solver failed: CaDiCaL completes the
   model on the first call after a solve, which allocates. */
int gc_cad_val(struct CCaDiCaL *s, int lit);
int gc_cad_fixed(struct CCaDiCaL *s, int lit);
/* Releases the solver (NULL: nothing), whatever state it is in. */
void gc_cad_release(struct CCaDiCaL *s);

#ifdef __cplusplus
}
#endif

#endif
