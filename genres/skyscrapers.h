/*
 * skyscrapers.h: what the Skyscrapers files share (skyscrapers.c, the
 * genre; skyscrapers_steps.c, its step-by-step techniques).
 */
#ifndef GC_GENRES_SKYSCRAPERS_H
#define GC_GENRES_SKYSCRAPERS_H

#include <stdint.h>

#include "genre.h"

enum { TOP, BOTTOM, LEFT, RIGHT, SIDES }; /* = GC_SIDE_* */

typedef struct sky {
  int *clue[SIDES]; /* each n long, 0 = no clue */
  int *givens;      /* n * n, 0 = empty */
  int br, bc;       /* box rows and columns, 0 = no boxes */
} sky;

#define SKY_MAX_N 32

/* Cell p of the line that clue (side, i) looks along. */
static inline void line_cell(int side, int i, int p, int n, int *r, int *c) {
  switch (side) {
  case TOP: *r = p, *c = i; break;
  case BOTTOM: *r = n - 1 - p, *c = i; break;
  case LEFT: *r = i, *c = p; break;
  default: *r = i, *c = n - 1 - p; break;
  }
}

/* "above column", "below column", "left of row", "right of row" */
static inline const char *side_words(int side) {
  static const char *const w[SIDES] = {"above column", "below column",
                                       "left of row", "right of row"};
  return w[side];
}

extern const struct gc_genre_steps gc_steps_skyscrapers;

/* Clue analysis's enumeration (skyscrapers_steps.c), for the tests: the
   digits some arrangement of a line of n cells meets clue with, each
   cell p taking a digit index of allow[p], into seen[p]; by_states 1 as
   the technique runs it (each state of the walk once), 0 the plain walk.
   0, or -1 past the technique's budget of partial arrangements. */
int gc_sky_arrange(int n, int clue, const uint64_t *allow, uint64_t *seen,
                   int by_states);

#endif
