/*
 * session.h: one puzzle encoded into one incremental CaDiCaL, with the
 * time limit and the interrupt flag polled through ccadical_set_terminate.
 * gc_solve and the setter tools (explain, minimize, backbone) all run on it.
 */
#ifndef GC_SOLVER_GLUE_SESSION_H
#define GC_SOLVER_GLUE_SESSION_H

#include <stdatomic.h>

#include "../genres/genre.h"

struct CCaDiCaL;

typedef struct gc_session {
  struct CCaDiCaL *solver;
  gc_cnf cnf;
  const gc_puzzle *pz;
  const gc_block *cell;
  double deadline; /* ms on the monotonic clock, 0 = none */
  const volatile int *interrupt;
  gc_stop why;     /* set when a solve was stopped */
  double encode_ms;
  long solver_clauses; /* clauses given to CaDiCaL by gc_session_open */
  int sparse;          /* 1: CaDiCaL was made with the sparse search */
  const struct gc_session_extra *extra;
  /* Decided by propagation (gc_session_extra.may_decide): every cell
     variable fixed, no clause left, no solver made; decided[v - cell
     first] = 1 true, -1 false.  refuted: a clause added since (a blocking
     clause) is false under those values. */
  signed char *decided;
  int refuted;
  /* The solver failed (out of memory inside CaDiCaL: GC_E_NOMEM): a
     gc_code, 0 while it works.  Once set, the session answers nothing
     more; gc_session_error says why. */
  int fail;
} gc_session;

/* What a portfolio (solve.c) adds to a session: CaDiCaL's configuration,
   a flag that stops it when another session has answered, and a call made
   once the formula is encoded (with its size), before it reaches the
   solver. */
typedef struct gc_session_extra {
  int stable;                   /* 1: stabilizeonly=1 elim=0 (CaDiCaL's
                                   "--sat"-like search) */
  const atomic_int *race;       /* non-zero: stop (the result is not used) */
  void (*on_encoded)(void *arg, const gc_cnf *cnf);
  /* called at every poll for a stop (gc_session_stopped), may be NULL */
  void (*on_poll)(void *arg);
  void *arg;
  /* 1: when option simplify's propagation fixes every cell variable and
     leaves no other clause, no solver is made (ss->decided): then
     gc_session_solve answers from the fixed cells (no assumptions),
     gc_session_grid and gc_session_block work as usual, nothing else may
     be called.  A solution found this way is the only one. */
  int may_decide;
} gc_session_extra;

/* How long (ms) portfolio=auto lets the first session run before the
   second may start (solve.c; 40 by default).  Tests lower it to make the
   race happen on small puzzles; nothing else writes it. */
extern double gc_portfolio_delay_ms;

double gc_now_ms(void);
/* Encodes pz into a fresh solver; groups: give every clue a selector.
   0; 1 when the time limit or an interrupt stopped the encoding (ss->why
   says which); -1 with err.  Nothing to close unless 0 is returned. */
int gc_session_open(gc_session *ss, const gc_puzzle *pz, const gc_options *opt,
                    const gc_limits *lim, int groups, gc_error *err);
/* The same with a portfolio's extras (x may be NULL). */
int gc_session_open_ex(gc_session *ss, const gc_puzzle *pz,
                       const gc_options *opt, const gc_limits *lim, int groups,
                       const gc_session_extra *x, gc_error *err);
void gc_session_close(gc_session *ss);
/* 10 SAT, 20 UNSAT, 0 stopped (ss->why says why), -1 when the solver
   failed (ss->fail; gc_session_error). */
int gc_session_solve(gc_session *ss, const int *assume, size_t n);
/* Sets err from a failed session (ss->fail) and returns -1. */
int gc_session_error(const gc_session *ss, gc_error *err);
/* The current model's grid, checked with the genre's checker (a failure is
   GC_E_INTERNAL: an encoding bug).  0 or -1. */
int gc_session_grid(gc_session *ss, gc_grid *g, gc_error *err);
/* Adds the clause that excludes g, permanently.  0, or -1 with err when
   it could not be added (the solver out of memory): never ignore it, a
   solve after a lost blocking clause finds g again. */
int gc_session_block(gc_session *ss, const gc_grid *g, gc_error *err);
/* Adds a clause of its own, in no group, permanently (the limits of
   gc_session_open, --max-clauses, count the puzzle's formula only).  0, or
   -1 with err. */
int gc_session_clause(gc_session *ss, const int *lits, size_t n,
                      gc_error *err);
/* The value of a literal in the current model: > 0 true; 0 when the
   solver failed (ss->fail set: check it before trusting the values). */
int gc_session_value(gc_session *ss, int lit);
/* 1 when lit is a failed assumption of the last UNSAT call, 0 if not, -1
   when the solver failed (ss->fail). */
int gc_session_failed(gc_session *ss, int lit);
/* 1 / -1 when lit is fixed true / false at the root, 0 if not (or the
   solver failed: ss->fail). */
int gc_session_fixed(gc_session *ss, int lit);
void gc_session_limit_conflicts(gc_session *ss, int conflicts);

/* Clue removal (setter.c), on a session opened with groups whose solution
   is blocked permanently, so that UNSAT under a set of selectors means
   "these clues alone keep the solution unique": tries the groups
   order[0..count) (indexes into ss->cnf.groups) one after another and
   drops each whose removal keeps the rest UNSAT (keep[i] = 0), assuming
   the selectors of the groups still kept.  Groups with no key (rules, not
   clues) stay.  *calls (may be NULL) counts the SAT calls.  0 done; 1
   stopped (ss->why); -1 with err. */
int gc_session_drop_clues(gc_session *ss, const int *order, size_t count,
                          char *keep, long *calls, gc_error *err);
/* pz's JSON record without the groups of cnf that keep[i] == 0 dropped (a number
   becomes 0, a list entry goes) and without "solution"; malloc'd, NULL
   when out of memory. */
char *gc_record_without(const gc_puzzle *pz, const gc_cnf *cnf,
                        const char *keep);
/* The same record as a JSON object (the caller's reference), without the
   text; NULL when out of memory. */
json_t *gc_object_without(const gc_puzzle *pz, const gc_cnf *cnf,
                          const char *keep);

/* Has the time limit passed or an interrupt come (ss->why set)?  What
   the terminate callback asks; for telling those apart from a conflict
   limit after a stopped solve. */
int gc_session_stopped(gc_session *ss);

/* Shared by the setter tools (setter.c). */
const gc_options *gc_options_or_default(const gc_options *opt, gc_options *buf);
/* pz's corpus record as a JSON object without its known solution; NULL
   when out of memory. */
json_t *gc_puzzle_object(const gc_puzzle *pz);

#endif
