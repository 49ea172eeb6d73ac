/*
 * cnf.h: the clause builder.  Encoding code writes every clause through a
 * gc_cnf, which owns the variable counter, the named variable blocks (the
 * variable map that DIMACS comments and decoding use), the answer key and
 * the statistics, and passes the clauses to one sink.  The encoders never
 * know whether the sink is CaDiCaL, a DIMACS buffer, memory or nothing.
 *
 * Literals are DIMACS ints.  GC_TRUE and GC_FALSE are constants an encoder
 * may put in a clause: a clause holding GC_TRUE is dropped, GC_FALSE
 * literals are removed (so counters and ladders fold their constant ends
 * without special cases).  Errors are sticky, like ferror(): encoders do not
 * test every call; gc_cnf_status() says whether all went well.
 */
#ifndef GC_ENCODER_CNF_H
#define GC_ENCODER_CNF_H

#include <limits.h>
#include <stddef.h>

#include "gridcnf.h"

#define GC_TRUE INT_MAX
#define GC_FALSE (-INT_MAX)

/* Hard guard against formulas that cannot fit: no genre comes near it. */
#define GC_MAX_VARS (INT_MAX / 4)

typedef struct gc_sink_ops {
  /* Returns 0, or a gc_code. */
  int (*add_clause)(void *self, const int *lits, size_t n);
  void (*destroy)(void *self);
} gc_sink_ops;

typedef struct gc_sink {
  const gc_sink_ops *ops;
  void *self;
} gc_sink;

/* A named block of variables: var(i, j, k) = first + (i*d1 + j)*d2 + k,
   with 0 <= i < d0, 0 <= j < d1, 0 <= k < d2. */
typedef struct gc_block {
  char name[32];
  char axes[48]; /* e.g. "row,col,value-1" */
  int first, d0, d1, d2;
} gc_block;

/* A group of clauses that states one clue, given or count of the puzzle:
   every clause of the group carries -selector, so the group holds only
   when the selector is assumed true.  Setters' tools switch clues on and
   off this way in one incremental solver (explain, minimize, generate). */
typedef struct gc_group {
  int selector;
  char what[96]; /* "clue 3 above column 2", "the 7 at r3c3" */
  char key[16];  /* where it stands in the JSON record: key[i][j] */
  int i, j;      /* -1 when not used */
} gc_group;

typedef struct gc_cnf {
  gc_sink sink;
  const gc_options *opt;
  int nvars;
  long nclauses;
  long nliterals;
  gc_block *blocks;
  size_t nblocks, capblocks;
  int *tmp; /* the folded clause */
  size_t captmp;
  int status; /* first gc_code that went wrong, sticky */
  long max_vars, max_clauses; /* 0 = no limit beyond GC_MAX_VARS */
  int over;                   /* 1: max_vars, 2: max_clauses was passed */
  /* Polled every 4096 clauses: non-zero stops the encoding (time limit,
     interrupt); then stopped is set and the status is GC_E_INTERNAL. */
  int (*poll)(void *arg);
  void *poll_arg;
  int stopped;
  /* Clause groups (see gc_cnf_group): off unless want_groups is set. */
  int want_groups;
  int guard; /* selector of the open group, 0 = none */
  gc_group *groups;
  size_t ngroups, capgroups;
  /* The search the encoding's formula suits: GC_SEARCH_SPARSE, or 0 for
     CaDiCaL's default; option search=auto follows it (set by the genre's
     encode, read by the solver glue). */
  int search;
} gc_cnf;

/* The builder does not own the sink: the caller creates and destroys it. */
void gc_cnf_init(gc_cnf *c, gc_sink sink, const gc_options *opt);
void gc_cnf_release(gc_cnf *c);

/* A fresh variable, or 0 after an error. */
int gc_cnf_new_var(gc_cnf *c);
/* A block of d0*d1*d2 fresh variables; returns its first variable. */
int gc_cnf_block(gc_cnf *c, const char *name, const char *axes, int d0, int d1,
                 int d2);
const gc_block *gc_cnf_find_block(const gc_cnf *c, const char *name);
static inline int gc_block_var(const gc_block *b, int i, int j, int k) {
  return b->first + (i * b->d1 + j) * b->d2 + k;
}

void gc_cnf_clause(gc_cnf *c, const int *lits, size_t n);
void gc_cnf_unit(gc_cnf *c, int a);
void gc_cnf_binary(gc_cnf *c, int a, int b);
void gc_cnf_ternary(gc_cnf *c, int a, int b, int d);
void gc_cnf_quaternary(gc_cnf *c, int a, int b, int d, int e);
void gc_cnf_fail(gc_cnf *c, int code);
int gc_cnf_status(const gc_cnf *c);
/* The size limits of lim (max_vars, max_clauses; lim may be NULL): the
   one place --max-vars and --max-clauses reach a formula.  They bound the
   formula of the puzzle only: a clause added after it (a blocking clause)
   must not count, so the solver glue clears them once the formula is
   built. */
void gc_cnf_set_limits(gc_cnf *c, const gc_limits *lim);
/* When the formula failed for passing one of those limits (or the hard
   guard), the error that says which (GC_E_TOO_LARGE) and 1; else 0. */
int gc_cnf_limit_error(const gc_cnf *c, gc_error *err);

/* Opens a new group (closing the one before) described in words, standing
   at key[i][j] of the puzzle's JSON record (i, j = -1 when not used); a
   no-op unless c->want_groups.  Encoders call it before each clue, given
   or sign, and gc_cnf_group_end after the last. */
void gc_cnf_group(gc_cnf *c, const char *key, int i, int j, const char *fmt,
                  ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
void gc_cnf_group_end(gc_cnf *c);

/* Sinks. */
gc_sink gc_sink_null(void); /* counts only (the builder counts) */

/* Keeps every clause in one flat array, each ended by 0. */
typedef struct gc_memsink {
  int *lits;
  size_t len, cap;
  long nclauses;
} gc_memsink;
gc_sink gc_sink_memory(gc_memsink *m);
void gc_memsink_free(gc_memsink *m);
/* Sends every stored clause into another sink; 0 or a gc_code. */
int gc_memsink_replay(const gc_memsink *m, gc_sink to);

#endif
