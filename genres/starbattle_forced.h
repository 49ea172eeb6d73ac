/*
 * starbattle_forced.h: what the two ways of building a Star Battle past
 * the wall share (starbattle_forced.c lays shapes out and drives both;
 * starbattle_cut.c cuts cores from a layout of stars).  Inside the genre
 * only.
 */
#ifndef GRIDCNF_STARBATTLE_FORCED_H
#define GRIDCNF_STARBATTLE_FORCED_H

#include <stdlib.h>

#include "starbattle.h"

/* Cells of a shape (or of the cells of a region not known empty) at most;
   the last regions of a cut, which no deduction fixes (starbattle_tail.c
   makes them let in no other solution); the stars from which the cut
   mends its cores (starbattle_cut.c). */
enum { SBF_CELLS = 32, SBF_TAIL = 2, SBF_MEND_FROM = 6 };

static const int sbf_dr[4] = {-1, 1, 0, 0}, sbf_dc[4] = {0, 0, -1, 1};

typedef struct sbf_shape {
  int k, ks; /* cells, of which the first ks are its stars */
  int h, w;  /* rows and columns it spans */
  signed char r[SBF_CELLS], c[SBF_CELLS];
} sbf_shape;

typedef struct sbf {
  gc_gen_ctx *gx;
  gc_rng *rng;
  int n, m, nn;
  sbf_shape *shape;
  int nshape;
  int *place;   /* placements: shape * nn + first cell (top left) */
  int nplace;
  int *chosen;  /* the n placements of the layout */
  int *star;    /* n * n: 0/1 */
  int *core;    /* n * n: the region whose core holds the cell, or -1 */
  int *known;   /* n * n: the region after which the cell is known empty */
  int *region;  /* n * n: the regions being built, -1 none yet */
  int *best;    /* n * n: the regions of the best order so far (cut's
                   scratch) */
  int *queue, *prev;
  int *order, *border; /* n: the order of the regions, and the best one */
  int packed; /* grow lets in cells that keep a region's packing unique */
  sb_gen *g;  /* the same grid for starbattle_gen.c's helpers (sb_layout,
                 sb_moving_set) */
  /* the search of cut: each core's tries, the tries left, and the stars
     each row and column has still to take */
  int tries[SB_MAX_N], rowleft[SB_MAX_N], colleft[SB_MAX_N];
  long budget;
  int mend;   /* cut: a core with other packings is cut again without a
                 cell of one (starbattle_cut.c) */
  long mends; /* cores so cut that then passed the check */
  /* the tail's bare solver (starbattle_tail.c), opened when first asked
     (NULL before), its clauses' way in, and its assumptions (n * n + 1) */
  void *relax;
  sb_sink relax_to;
  gc_cnf relax_cnf;
  int *assume;
  gc_error *err;
} sbf;

static inline int sbf_cheb(int r1, int c1, int r2, int c2) {
  int a = abs(r1 - r2), b = abs(c1 - c2);
  return a > b ? a : b;
}

/* Packings of m non-touching cells of s from cell i on, with `have`
   chosen in pick, up to 2. */
int sbf_packings(const sbf_shape *s, int m, int i, int *pick, int have);
/* Do region b's cells not known empty before b, and cell x (none if x <
   0), hold m stars in one way only?  (Then x may join b although it is
   known empty only after b.) */
int sbf_packs(const sbf *f, int b, int x);

/* starbattle_cut.c: regions cut from the layout f->star in an order made
   as they go, so that a chain of deductions fixes every star (f->core,
   f->known and f->region set; every cell in a region).  heap: room for
   5 n * n; saved: n * n * n.  resume: go on with the search of the cut
   before, which the solver found not unique.  1 done; 0 none within its
   budget; -1 stopped. */
int sbf_cut(sbf *f, long long *heap, int *saved, int resume);

/* The shortest way from cell x to a cell next to region b, through cells
   that pass(f, z, arg) lets in: that cell, or -1 when none; from[] then
   leads from it back to x (from[x] = -1).  from, queue: room for n * n. */
int sbf_way(const sbf *f, int x, int b,
            int (*pass)(const sbf *f, int z, int arg), int arg, int *from,
            int *queue);

/* After a cut: the regions grow over the cells left free (each over
   those known empty before it, or that keep its stars fixed), and cells
   none can reach are brought in.  1 every cell in a region, 0 not. */
int sbf_fill_cut(sbf *f);

/* starbattle_tail.c: the last SBF_TAIL regions of a cut (every cell in a
   region), changed so that the puzzle has S alone: 1 done (the puzzle is
   to be checked all the same); 0 not (it has another solution); 2 the
   tail has too many solutions to list (it may have); -1 stopped; -2 with
   f->err. */
int sbf_tail(sbf *f);
/* Closes the tail's solver, if open. */
void sbf_tail_close(sbf *f);

#endif
