/* fuzz_puzzles.h: what the solving harnesses share: a hash of the input
   (FNV-1a), whose bits pick the options, and the loop over the puzzles the
   input reads as (format auto). */
#ifndef GC_FUZZ_PUZZLES_H
#define GC_FUZZ_PUZZLES_H

#include <stdint.h>
#include <stdlib.h>

#include "gridcnf.h"

static uint32_t fuzz_hash(const uint8_t *data, size_t size) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < size; i++)
    h = (h ^ data[i]) * 16777619u;
  return h;
}

/* fn on each of the first max_solved puzzles of the input with n <= max_n,
   each with its own hash (h, then steps of a constant). */
static void fuzz_each_puzzle(const uint8_t *data, size_t size, uint32_t h,
                             int max_solved, int max_n,
                             void (*fn)(const gc_puzzle *pz, uint32_t h)) {
  gc_error err;
  gc_reader *rd = gc_reader_new((const char *)data, size, "<fuzz>", NULL, &err);
  if (!rd)
    abort();
  int solved = 0;
  for (size_t i = 0; i <= size + 1 && solved < max_solved; i++) {
    gc_puzzle *pz;
    int r = gc_reader_next(rd, &pz, &err);
    if (r == GC_READ_END)
      break;
    if (r != GC_READ_PUZZLE)
      continue;
    if (gc_puzzle_n(pz) <= max_n) {
      fn(pz, h + (uint32_t)solved * 40503u);
      solved++;
    }
    gc_puzzle_free(pz);
  }
  gc_reader_free(rd);
}

#endif
