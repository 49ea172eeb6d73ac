/*
 * steps.h: what a genre gives the step-by-step solver (solver-glue/steps.c,
 * `gridcnf steps`, `hint`, `rate`).  The solver keeps the knowledge of a
 * person solving the puzzle (which values each cell may still hold), asks
 * the genre's techniques, easiest first, for the next deduction, and
 * proves every deduction's reason minimal on the puzzle's CNF.
 *
 * A technique looks at the knowledge and reports deductions through
 * gc_find: for each one, first the support (the facts of the knowledge
 * and the puzzle items it used: enough for the deduction to follow by the
 * genre's rules), then the deduction itself.  The support needs to be
 * sufficient, not minimal: the solver shrinks it to a minimal reason.
 * Techniques never change the knowledge.
 */
#ifndef GC_GENRES_STEPS_H
#define GC_GENRES_STEPS_H

#include <stddef.h>
#include <stdint.h>

#include "genre.h"

/* What is known: for each cell and value index (Latin: digit - 1; Star
   Battle: 0 no star, 1 star) whether it is still possible. */
typedef struct gc_kb {
  int n, d;            /* n x n cells, d values each */
  int br, bc;          /* Latin boxes of br x bc cells (0: none) */
  unsigned char *cand; /* [cell * d + v]: 1 = still possible */
  int *left;           /* [cell]: candidates left */
  int *val;            /* [cell]: the value index once placed, else -1 */
  unsigned *stamp;     /* [cell]: grows whenever the cell's candidates
                          change (a technique may remember what it saw) */
  unsigned long *memo; /* GC_KB_MEMO slots the techniques may keep
                          between rounds of one path (zeroed at its start);
                          a technique owns the slots it documents */
  struct gc_kb_scratch *scratch; /* gc_kb_scratch's buffer (the solver's) */
} gc_kb;

/* Working memory a finder may borrow for one call (the solver owns it
   and frees it after the path): at least size bytes, all zero; the
   finder leaves it all zero again.  NULL when out of memory. */
typedef struct gc_kb_scratch {
  void *p;
  size_t size;
} gc_kb_scratch;
void *gc_kb_zeroed(const gc_kb *kb, size_t size);

/* Memo slots: the Skyscrapers clue analysis uses [0, 4n), the Latin
   subsets [GC_KB_MEMO_SUBSET, + 3n), the Star Battle unit fit
   [GC_KB_MEMO_UNIT, + 3n) (n <= 40 there). */
#define GC_KB_MEMO_SUBSET (4 * GC_MAX_N)
#define GC_KB_MEMO_UNIT (7 * GC_MAX_N)
#define GC_KB_MEMO (10 * GC_MAX_N)

/* Techniques a genre's table may hold. */
#define GC_STEPS_TECH_MOST 32

static inline int gc_kb_can(const gc_kb *k, int cell, int v) {
  return k->cand[cell * k->d + v];
}

/* A fact of the knowledge a technique leans on: cell holds value index v
   (holds = 1), or cannot (holds = 0). */
typedef struct gc_fact {
  int cell, v, holds;
} gc_fact;

/* Where a technique reports: the support gathered so far, and the
   solver's callback that takes each deduction (genres/find.c fills it,
   solver-glue/steps.c reads it). */
typedef struct gc_find {
  gc_fact *fact;
  size_t nfact, capfact;
  gc_item *item;
  size_t nitem, capitem;
  int nomem;
  /* the deduction with the support above; non-zero: stop looking */
  int (*take)(void *arg, struct gc_find *f, int cell, int value,
              uint64_t elim, const char *text);
  /* optional: would take keep the deduction (with the support above)?  0:
     gc_find_emit drops it without writing its sentence */
  int (*wants)(void *arg, const struct gc_find *f, int cell, int value,
               uint64_t elim);
  void *arg;
  /* the caller wants the deductions alone (gc_steps_solves): no support
     and no sentence is read, so a finder may skip building them, and
     report every deduction it sees where it would stop at the first */
  int quick;
} gc_find;

/* A technique: name (the JSON "technique"), the genre's difficulty level
   it belongs to (an index into gc_genre_steps.levels), and its finder:
   reports every deduction it sees (gc_find_emit) and returns 0, or stops
   when gc_find_emit asks it to (non-zero) and returns that; -1 when the
   knowledge is contradictory (a cell without candidates, a unit that
   cannot be filled): then the support given (gc_find_fact) is why. */
typedef struct gc_technique {
  const char *name;
  int level;
  int (*find)(const gc_puzzle *pz, const gc_kb *kb, gc_find *f);
} gc_technique;

typedef struct gc_genre_steps {
  int d;                     /* values per cell; 0 = n (Latin digits) */
  int latin;                 /* a placed digit leaves its row, column (and
                                box) by the rules, without a step */
  const char *const *levels; /* difficulty names, easiest first */
  int nlevels;
  int trial_level;           /* level of a step found only by lookahead */
  int search_level;          /* ... only by search */
  const gc_technique *tech;  /* easiest first */
  int ntech;
  /* Boxes of pz (0, 0 when none). */
  void (*boxes)(const gc_puzzle *pz, int *br, int *bc);
  /* Options for the steps' formula: nothing the rules would hold outside
     the clause groups (implied constraints that follow from the clues). */
  void (*options)(gc_options *opt);
  /* Clause group index of the encoding with groups, as an item.  0, or
     -1 when the group is no item (never for the genres here). */
  int (*group_item)(const gc_puzzle *pz, size_t index, const gc_group *g,
                    gc_item *it);
  /* Does the full grid (digits, or 0/1 stars) satisfy the item (a clue,
     given, sign or count)? */
  int (*item_holds)(const gc_puzzle *pz, const gc_item *it, const int *grid);
  /* The words for an item in a sentence ("clue 3 above column 2"). */
  void (*item_words)(const gc_puzzle *pz, const gc_item *it, char *buf,
                     size_t size);
  /* Optional, for 0/1 grids whose items are counts (Star Battle), the
     prover's model rotation (solver-glue/steps_rotate.c): the groups (as
     in group_item) that count cell, into g (room for 4), their number;
     each holds when exactly *want of its cells hold 1. */
  int (*cell_groups)(const gc_puzzle *pz, int cell, int *g, int *want);
  /* With cell_groups: may cell hold 1 beside the 1s of grid, by the rules
     outside the items (Star Battle: it is in a region and touches no
     star)? */
  int (*may_hold)(const gc_puzzle *pz, const int *grid, int cell);
  /* Optional: the grade (a level) from the number of deductions the path
     made at each level (count[0..nlevels)) and with each technique
     (tcount[i]: tech[i], i < GC_STEPS_TECH_MOST); NULL: the hardest level
     with a deduction, as Tatham's graders do. */
  int (*grade)(const gc_puzzle *pz, const int *count, const int *tcount,
               int nlevels);
  /* With grade: from this hardest level on, grade depends only on the
     hardest level and the counts at trial_level and above, which the
     closure's pass shares with the path (gc_steps_grade); below it the
     path is walked for the counts. */
  int grade_batch_from;
} gc_genre_steps;

/*------------------------------------------------------------------------*/
/* Reporting deductions (genres/find.c).                                   */

void gc_find_free(gc_find *f);
/* Support: cell holds value index v (holds = 1) or cannot (holds = 0). */
void gc_find_fact(gc_find *f, int cell, int v, int holds);
/* Support: a puzzle item (clue, given, sign, row/column/region count). */
void gc_find_item(gc_find *f, const gc_item *it);
/* Support: every candidate of cell that is gone (why it has the ones it
   has); for a placed cell, its placement. */
void gc_find_cell_state(gc_find *f, const gc_kb *kb, int cell);
/* Support: why value index v cannot go to cell (cell not a candidate). */
void gc_find_not(gc_find *f, const gc_kb *kb, int cell, int v);
/* Forgets the support gathered since the last emit (a finder that looked
   and found nothing). */
void gc_find_reset(gc_find *f);
/* Support size so far, and cutting it back to an earlier size. */
size_t gc_find_mark(const gc_find *f);
void gc_find_cut(gc_find *f, size_t mark);
/* The deduction: cell gets value index `value` (>= 0), or loses the value
   indexes in elim (value = -1).  text: the sentence (printf style).  The
   support stays for the next emit (several deductions of one finding);
   gc_find_reset clears it.  Non-zero: stop looking. */
int gc_find_emit(gc_find *f, int cell, int value, uint64_t elim,
                 const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Latin techniques shared by the Latin genres (genres/latin_steps.c):
   rows, columns and the boxes of kb. */
int gc_latin_full_house(const gc_puzzle *pz, const gc_kb *kb, gc_find *f);
int gc_latin_hidden_single(const gc_puzzle *pz, const gc_kb *kb, gc_find *f);
int gc_latin_naked_single(const gc_puzzle *pz, const gc_kb *kb, gc_find *f);
/* naked and hidden pairs, triples, ... in one unit */
int gc_latin_subset(const gc_puzzle *pz, const gc_kb *kb, gc_find *f);
/* one digit's rows against its columns: X-wing, swordfish, ... */
int gc_latin_fish(const gc_puzzle *pz, const gc_kb *kb, gc_find *f);
/* a chain of cells with two candidates each */
int gc_latin_forcing_chain(const gc_puzzle *pz, const gc_kb *kb, gc_find *f);

/* The cells of unit u of an n x n Latin grid with br x bc boxes: rows
   0..n-1, columns n..2n-1, boxes 2n..3n-1; returns the unit count
   (2n or 3n) when cells is NULL. */
int gc_latin_unit(int n, int br, int bc, int u, int *cells);
/* "row 3", "column 4", "box 2" */
void gc_latin_unit_name(int n, int u, char *buf, size_t size);

/* Writes v (>= 0) in decimal at p, stopping at end; returns the place
   after it.  The finders name every cell and digit they report, and
   snprintf was a fifth of the generator's time. */
char *gc_put_int(char *p, const char *end, int v);
/* The same for a string. */
char *gc_put_str(char *p, const char *end, const char *s);
/* "r3c4" */
void gc_cell_name(int n, int cell, char *buf, size_t size);

#endif
