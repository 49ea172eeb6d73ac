/*
 * starbattle.h: what the Star Battle files share (genres/starbattle.c and
 * its starbattle_*.c companions); nothing outside genres/starbattle*.c
 * includes it.
 */
#ifndef GC_GENRES_STARBATTLE_H
#define GC_GENRES_STARBATTLE_H

#include <stdatomic.h>
#include <stddef.h>

#include "genre.h"

#define SB_MAX_N 40
#define SB_MAX_M 8

typedef struct sb {
  int m;
  int *region;            /* n * n, -1 = in no region */
  char label[SB_MAX_N];   /* the character that names region k in text */
  int text_labels;        /* labels came from the input: name regions so */
} sb;

/* starbattle.c */
char sb_region_char(int k); /* A-Z, a-z, 0-9 for region 0, 1, ... */
/* pz->n and a zeroed puzzle for n x n with m stars; 0 or -1 with err */
int sb_alloc(gc_puzzle *pz, int n, int m, gc_error *err);
void sb_region_name(const sb *s, int k, char *buf, size_t size);
const char *sb_plural(int k);
/* The first region (in id order) with fewer than m cells, with its size
   and first cell; -1 when none. */
int sb_small_region(int n, int m, const int *region, int *size, int *first);
/* The region ids 0..n-1 that no cell uses, as "3, 5 and 7" in list (the
   first eight, then "..."); returns how many. */
int sb_missing_ids(int n, const int *region, char *list, size_t size);

/* starbattle_text.c */
int sb_parse_text(const gc_text *tx, gc_puzzle *pz, gc_error *err);
int sb_sniff(const gc_text *tx);

/* starbattle_encode.c */
/* Where auto turns sb_pairs and sb_blocks on: m >= these. */
enum { SB_PAIRS_FROM_M = 3, SB_BLOCKS_FROM_M = 2 };
/* An off|on|auto setting (sb_pairs, sb_blocks) with auto meaning m >=
   auto_m. */
int sb_setting_on(int setting, int m, int auto_m);
int sb_encode(const gc_puzzle *pz, gc_cnf *cnf, gc_error *err);

/* starbattle_strategies.c: the implied counts the options add */
/* Block literals for the counts of option sb_blocks.  A block is a
   domino or a 2x2 window of cells that touch each other, so at most one of
   them holds a star and the block's literal b <-> OR(cells) counts it
   exactly: a count over the blocks that cover a row, column or region is
   the count over its cells with about half (a quarter) of the inputs, and
   a block the count needs is a cell pair the solver no longer tells
   apart.  dom[d * n * n + at] caches the domino at cell at going right
   (d = 0) or down (d = 1); wneed marks the windows whose literal (the
   "window" block) must be defined. */
typedef struct sb_blk {
  gc_cnf *cnf;
  int n, first, wfirst;
  const int *reg;
  int *dom;
  char *wneed, *covered; /* covered: cells in a region's blocks so far */
} sb_blk;

/* The pair counts of option sb_pairs: two adjacent rows (columns) hold 2m
   stars, one at most per tile of their 2x2 tiling. */
void sb_encode_pairs(gc_cnf *cnf, int n, int m, const int *reg, int first,
                     int wfirst, int *lits, int kind);
/* Option sb_bands: k regions inside k consecutive rows (columns), or k
   rows meeting only k regions, as unit clauses. */
void sb_encode_bands(gc_cnf *cnf, int first, int n, const int *reg);
/* b <-> OR of the cells at[0..k-1] (grid indices, k <= 4). */
void sb_define_or(gc_cnf *cnf, int b, int first, const int *at, int k);
/* The literals counted on row (d = 0) or column (d = 1) i, into lits: its
   cells in a region, or with blocks its dominoes. */
size_t sb_line(sb_blk *bk, int d, int i, int blocks, int *lits);
/* The blocks covering region g (option sb_blocks), into lits. */
size_t sb_region_blocks(sb_blk *bk, int g, int *lits);

/* starbattle_steps.c */
extern const struct gc_genre_steps gc_steps_starbattle;

/* starbattle_gen.c: generation (the genre's generate member): a star
   layout S, regions around it, then starbattle_fill.c makes the solution
   unique.  What the two files share: */
typedef struct sb_gen {
  gc_rng *rng;
  gc_gen_ctx *gx;
  int n, m, nn;
  int *star;   /* S: n * n, 0/1 (the puzzle's known solution) */
  int *region; /* the puzzle's regions; -1 = a hole (in no region yet) */
  int *queue, *mark, *cells; /* n * n scratch each */
  int *pruned; /* n * n: times a cell was taken out of its region */
  long calls, budget; /* solver calls of this attempt and its budget */
  int over;           /* the budget ran out */
  int holes_most;     /* the prune gives up past this many holes (0: no
                         limit) */
  long attempt;       /* this attempt's number (from 1) */
  atomic_long *ended; /* the lowest attempt that ended so far (shared by
                         the threads of sb_whole): an attempt past it
                         stops at its next solver call */
} sb_gen;
enum { SB_LEVEL_EASY = 0 }; /* the index of level easy (gc_gen_ctx.level) */
int sb_generate(gc_puzzle *pz, const gc_gen_params *p, gc_gen_ctx *gx,
                gc_error *err);
/* One attempt of a grid made whole, on g (set up by sb_whole) and pz's
   regions and known solution: 0 done; 1 stopped or over budget; 2
   failed; -1 with err. */
int sb_attempt(sb_gen *g, gc_puzzle *pz, int *lits, gc_error *err);
/* A random layout S (m stars in every row and column, none touching) into
   g->star, on g->gx and g->rng (pz: the genre): 0; 1 stopped; -1 with err
   (GC_E_RANGE: no layout). */
int sb_layout(sb_gen *g, const gc_puzzle *pz, gc_error *err);
/* starbattle_attempts.c: the attempts for a grid made whole, on
   gx->threads threads: the same puzzle for any count. */
int sb_whole(gc_puzzle *pz, int n, int m, gc_gen_ctx *gx, gc_error *err);
/* The genre's generate_slow member (see starbattle_gen.c). */
int sb_generate_slow(const gc_gen_params *p);
/* gx->solve, counted against the attempt's budget: 0 (as if stopped) with
   g->over set once it is spent. */
int sb_gen_solve(sb_gen *g, void *h, const int *assume, size_t n);
/* The cells that leave region a with set[0..k) (cells without a star of
   S): those, and the pieces of a they cut off from a's stars of S,
   appended to set, which needs room for a's cells (n * n will do; the
   callers pass g->cells).  Returns the new count; 0 when a's stars of S
   would be cut apart.  Uses g->queue and g->mark. */
int sb_moving_set(sb_gen *g, int a, int *set, int k);

/* starbattle_blocks.c: big sparse grids made of dense puzzles on the
   diagonal.  How many blocks a grid of side n with m stars is made of (1:
   made whole). */
int sb_block_count(int n, int m);
/* pz (allocated for p's size, regions and known) made of blocks dense
   puzzles, each by sb_generate: 0 done; 1 stopped; 2 failed; -1 with
   err. */
int sb_compose(gc_puzzle *pz, const gc_gen_params *p, gc_gen_ctx *gx,
               int blocks, gc_error *err);

/* starbattle_forced.c: a grid past the wall, unique by construction
   (pz allocated for n and m, with its known grid): 0 done; 1 stopped; 2
   failed; -1 with err. */
int sb_forced(gc_puzzle *pz, int n, int m, gc_gen_ctx *gx, gc_error *err);

/* starbattle_fill.c */
/* Takes cells out of regions (into holes) until the solver finds no other
   solution than S: 0 unique as it was; 3 unique after taking cells out; 1
   stopped (or over budget); 2 stuck, or more than g->holes_most holes; -1
   with err. */
int sb_prune(sb_gen *g, gc_puzzle *pz, int *lits, gc_error *err);
/* Fills every hole so that the puzzle stays unique: 0 done; 1 stopped (or
   over budget); 2 stuck; -1 with err. */
int sb_fill(sb_gen *g, int *lits, gc_error *err);
/* Excludes the layout S from solver h, whose cells are variables 1 to
   n * n (lits: room for n * n). */
void sb_exclude_layout(sb_gen *g, void *h, int *lits);

/* starbattle_dead.c */
/* A formula whose clauses go into the generator's bare solver h
   (gx->raw): cnf is initialised to write into it; t outlives cnf. */
typedef struct sb_sink {
  gc_gen_ctx *gx;
  void *h;
} sb_sink;
void sb_cnf_to(gc_cnf *cnf, sb_sink *t);
/* Holes that no region next to them can take alone (each lets in another
   solution, and filling other holes cannot change that), counted in a
   random order up to most + 1 (lits: room for n * n).  -2 stopped (or
   over budget); -1 with err. */
int sb_dead_holes(sb_gen *g, int *lits, int most, gc_error *err);
/* Parts of the formulas of generation, on the cells of an n x n grid
   numbered from variable first: m stars in every row and column, in the
   genre's choice of count (lits: room for n); no two stars touching. */
void sb_lines_count(gc_cnf *cnf, int n, int m, int first, int *lits);
void sb_no_touch(gc_cnf *cnf, int n, int first);
/* A bare solver (gx->raw) on the puzzle with its holes free: the cells
   (variables 1..nn), m stars in every row and column, none touching, and
   in each region b, m among its cells and the extra literals j (variable
   nn + 1 + j, j < nextra) with extra_region[j] == b.  With extra_cell
   (else NULL), extra j is cell extra_cell[j]'s star counted in its
   region: it implies that star, and a star on a cell with extra literals
   implies one of them (assumptions then say which region the cell
   joins).  Nothing else: a star on a hole counts in no region unless an
   extra literal says so.  lits: room for n * n; *top (when not NULL):
   the formula's last variable.  NULL with err (err->code 0: stopped). */
void *sb_formula(sb_gen *g, const int *extra_region, const int *extra_cell,
                 int nextra, int *lits, int *top, gc_error *err);

#endif
