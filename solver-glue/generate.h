/*
 * generate.h: what generate.c (gc_generate: the tries, the proof and the
 * grade) and generate_reduce.c (the clues taken out) share.  Nothing
 * outside solver-glue/generate*.c includes it.
 */
#ifndef GC_SOLVER_GLUE_GENERATE_H
#define GC_SOLVER_GLUE_GENERATE_H

#include <pthread.h>
#include <stdatomic.h>

#include "../genres/genre.h"

/* What the threads of one gc_generate share: the tries (fresh starts
   for a level asked for) may run on several threads at once, and a Star
   Battle's attempts too (gc_gen_params.threads).  Solver calls are
   counted here, the progress callback is called from the thread of
   gc_generate alone, and a failure is kept under the lock. */
typedef struct gen_shared {
  atomic_long gcalls; /* the genre's solver calls, on any thread */
  atomic_long calls;  /* the other calls of the tries done */
  atomic_long begun;  /* the genre's attempts begun, on any thread */
  atomic_long ended;  /* the lowest try that ended (made, stopped or
                         failed), else LONG_MAX: a try past it stops */
  atomic_int tries;   /* the tries begun */
  atomic_int graded[GC_GEN_LEVELS]; /* what the tries graded so far */
  pthread_mutex_t lock; /* fail; the tries' records */
  gc_error fail; /* a solver of the genre's failed (out of memory) */
  atomic_int failed;
} gen_shared;

/* One thread's try. */
typedef struct gen_run {
  const gc_options *opt;
  const gc_limits *lim;
  double deadline; /* ms, 0 = none */
  long calls;      /* this thread's own solver calls in its try */
  long try_no;     /* the try it makes (from 1) */
  gen_shared *sh;
  pthread_t owner;        /* the thread of gc_generate */
  const gc_gen_params *p; /* its progress callback */
  gc_gen_info *info;      /* this try's (clues, grade) */
  gc_gen_info *shown;     /* the work so far, for the progress callback */
  double t0;
} gen_run;

/* A copy of the limits with the time that is left (and mode unique); 1
   when none is left, an interrupt is pending or g's try is past one that
   ended. */
int gc_gen_limits_left(const gen_run *g, gc_limits *out);

/* The record (text) with its solution, read back as input is read; NULL
   with err. */
gc_puzzle *gc_gen_read_back(const char *record, const gc_grid *known,
                            gc_error *err);

/* The clues taken out of pz (its full puzzle), in an order from rng
   (givens first when givens_first), while the solution stays unique
   (any, hard), while propagation alone solves it (easy), or while the
   techniques up to `level` do (a level asked for); the record of what is
   left into *record and the counts into info.  0; 1 stopped; 2 (easy,
   level) the full puzzle is not solved so; -1 with err. */
int gc_gen_reduce_unique(gen_run *g, const gc_puzzle *pz, gc_rng *rng,
                         int givens_first, char **record, gc_gen_info *info,
                         gc_error *err);
int gc_gen_reduce_easy(gen_run *g, const gc_puzzle *pz, gc_rng *rng,
                       int givens_first, char **record, gc_gen_info *info,
                       gc_error *err);
int gc_gen_reduce_level(gen_run *g, const gc_puzzle *pz, gc_rng *rng,
                        int givens_first, int level, char **record,
                        gc_gen_info *info, gc_error *err);

#endif
