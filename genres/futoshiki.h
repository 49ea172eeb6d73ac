/*
 * futoshiki.h: what the Futoshiki files share (futoshiki.c, the genre;
 * futoshiki_steps.c, its step-by-step techniques).
 */
#ifndef GC_GENRES_FUTOSHIKI_H
#define GC_GENRES_FUTOSHIKI_H

#include "genre.h"

#define FUTO_MAX_N 32

/* Bits of a relation slot: the first cell is the smaller / the larger. */
enum { REL_LT = 1, REL_GT = 2 };

typedef struct futo {
  int *givens;      /* n * n, 0 = empty */
  unsigned char *h; /* h[r*n+c], c < n-1: (r,c) against (r,c+1) */
  unsigned char *v; /* v[r*n+c], r < n-1: (r,c) against (r+1,c) */
} futo;

/* Runs the statements (...) for every sign, with LO and HI the indexes
   r*n+c of two cells such that cell LO < cell HI; a slot with signs both
   ways comes out twice.  The order is that of "lt" in the JSON record
   and of the encoding's sign groups. */
#define FOR_EACH_LT(f, n, LO, HI, ...)                                         \
  for (int r_ = 0; r_ < (n); r_++)                                             \
    for (int c_ = 0; c_ < (n); c_++)                                           \
      for (int k_ = 0; k_ < 4; k_++) {                                         \
        int down_ = k_ >= 2, gt_ = k_ & 1;                                     \
        if (down_ ? r_ + 1 >= (n) : c_ + 1 >= (n))                             \
          continue;                                                            \
        unsigned char s_ = (down_ ? (f)->v : (f)->h)[r_ * (n) + c_];           \
        if (!(s_ & (gt_ ? REL_GT : REL_LT)))                                   \
          continue;                                                            \
        int a_ = r_ * (n) + c_, b_ = down_ ? a_ + (n) : a_ + 1;                \
        int LO = gt_ ? b_ : a_, HI = gt_ ? a_ : b_;                            \
        __VA_ARGS__                                                            \
      }

extern const struct gc_genre_steps gc_steps_futoshiki;

#endif
