/*
 * steps_engine.h: the step path's engine, shared by its files:
 *   steps.c         the knowledge, the rounds of techniques, the public calls
 *   steps_search.c  lookahead and search, when no technique moves
 *   steps_why.c     each step's reason: its support mapped to the records
 *                   that made its facts, shrunk by the prover
 *   steps_out.c     what the caller gets (steps, items, words)
 * (see steps.h for the whole).
 */
#ifndef GC_SOLVER_GLUE_STEPS_ENGINE_H
#define GC_SOLVER_GLUE_STEPS_ENGINE_H

#include "../encoder/grow.h"
#include "steps.h"

enum { REC_GIVEN, REC_ENTRY, REC_STEP };
enum { TECH_TRIAL = -2, TECH_SEARCH = -3 };

typedef struct rec {
  int kind, tech, level, lookahead;
  int cell, value;  /* value index placed, or -1 */
  uint64_t elim;    /* value indexes ruled out at cell (new ones) */
  int all;          /* support: everything known before (lookahead, search) */
  size_t fact0, nfact, item0, nitem;
  char text[240];
  uint64_t used;    /* eliminations: the digits later reasons cite */
  int keep;
  size_t rsn0, nrsn;
  size_t unproven;  /* of the reason, kept without proof (gc_step) */
} rec;

typedef struct engine {
  const gc_puzzle *pz;
  const gc_genre_steps *gs;
  const gc_options *opt;
  const gc_limits *lim;
  int flags, n, d, nn;
  int star;       /* Star Battle: a cell is decided, star or no star */
  gc_kb kb;
  int *src;       /* [cell * d + v]: the record that ruled it out, -1 */
  int *placed_by; /* [cell] */
  rec *rec;
  size_t nrec, caprec;
  gc_fact *fact;
  size_t nfact, capfact;
  gc_item *item;
  size_t nitem, capitem;
  gc_sitem *rsn;
  size_t nrsn, caprsn, rsn_start;
  gc_prover *pv;
  int *guard;     /* a solution (value indexes): deductions must agree */
  long bad;       /* deductions the guard refused (a technique's bug) */
  /* the best deduction of the technique being asked */
  int have, bcell, bvalue;
  uint64_t belim;
  size_t bscore;
  gc_find best;   /* its support */
  char btext[240];
  int level;
  int count[8];   /* deductions per level */
  int tcount[GC_STEPS_TECH_MOST]; /* deductions per technique */
  int max_level;  /* techniques above it are not asked (-1: all) */
  /* batch (gc_steps_solves): every new deduction of the technique asked
     is kept, in pend, and all are applied when it returns */
  int batch;
  struct pending {
    int cell, value;
    uint64_t elim;
  } *pend;
  size_t npend, cappend;
  int nomem;
  double deadline;
} engine;

uint64_t gc_eng_cand_mask(const engine *e, int cell);
/* Records the deduction with the support in f (all: everything known
   before instead) and applies it.  0, or -1 out of memory. */
int gc_eng_record(engine *e, int tech, int level, int lookahead, int cell,
                  int value, uint64_t elim, const gc_find *f, int all,
                  const char *text);

/* steps_search.c: 1 a step recorded; 0 none; -1 with err; lookahead 2:
   the knowledge is contradictory; search 2: no solution, 3: stopped
   (search 0: several solutions, no cell forced). */
int gc_eng_lookahead(engine *e, gc_error *err);
int gc_eng_search(engine *e, gc_error *err);

/* steps_why.c */
gc_prover *gc_eng_prover(engine *e, gc_error *err);
/* The minimal reason of record k into e->rsn (its rsn0, nrsn); expand:
   facts of earlier eliminations replaced by their supports (a hint).  0;
   1 stopped; -1 with err. */
int gc_eng_reason(engine *e, int k, int expand, gc_error *err);

/* steps_out.c */
const gc_genre_steps *gc_eng_genre_steps(const gc_genre *g);
/* Record r as the caller's step (reason items merged per cell).  0, or
   -1 out of memory. */
int gc_eng_out_step(engine *e, const rec *r, gc_step *st);

#endif
