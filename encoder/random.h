/*
 * random.h: the generator's own pseudo-random numbers (xoshiro256**, seeded
 * through splitmix64; Blackman & Vigna), so that a seed gives the same
 * puzzles on every platform and C library (rand() does not), and the
 * random grids the genres' generators start from.
 */
#ifndef GC_ENCODER_RANDOM_H
#define GC_ENCODER_RANDOM_H

#include <stddef.h>
#include <stdint.h>

typedef struct gc_rng {
  uint64_t s[4];
} gc_rng;

/* The stream of puzzle `index` of `seed`: every (seed, index) pair has its
   own stream, so puzzle 7 of a batch does not depend on puzzles 1..6. */
void gc_rng_seed(gc_rng *r, uint64_t seed, uint64_t index);
uint64_t gc_rng_next(gc_rng *r);
/* Uniform in 0..bound-1 (bound >= 1), without modulo bias. */
int gc_rng_below(gc_rng *r, int bound);
/* Fisher-Yates shuffle of a[0..n). */
void gc_rng_shuffle(gc_rng *r, int *a, size_t n);

/* A random n x n Latin square of 1..n into out (row-major); with br > 0
   every br x bc box holds 1..n too.  Randomised backtracking that fills
   the cell with the fewest candidates first (random ties and value order)
   and restarts after a node budget.  0, or -1 when no square was found
   within the restarts (only for n far above what the genres use). */
int gc_random_latin(gc_rng *r, int n, int br, int bc, int *out);

#endif
