/*
 * fuzz_grid.c: the input bytes as a grid (gc_grid_read, what `check` and
 * `hint --grid` read) for three fixed puzzles, one per genre, then the
 * grid through every rule checker (gc_check_all, full and partial): no
 * crash, and a grid that reads has the puzzle's size with cells in range
 * or GC_EMPTY (partial set exactly when a cell is empty).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gridcnf.h"

static const char *const puzzles[] = {
    "{\"genre\":\"skyscrapers\",\"n\":6,\"top\":[0,0,0,4,0,0],\"boxes\":[2,3]}",
    ("{\"genre\":\"futoshiki\",\"n\":5,\"givens\":[[0,0,5,0,0],[0,2,0,0,0],[0,0,0,0,0],"
     "[0,0,0,3,0],[0,0,0,2,0]],\"lt\":[[0,1,0,0],[1,4,2,4],[4,3,4,4]]}"),
    "starbattle 1\nAABBB\nAABCB\nDDBCC\nDEECC\nDEEEC\n",
};
enum { NPUZZLES = sizeof puzzles / sizeof puzzles[0] };
static gc_puzzle *pz[NPUZZLES];

static void fail(const char *what) {
  fprintf(stderr, "fuzz_grid: %s\n", what);
  abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  for (int i = 0; i < NPUZZLES; i++) {
    gc_error err;
    gc_reader *rd = gc_reader_new(puzzles[i], strlen(puzzles[i]), "p", NULL, &err);
    if (!rd || gc_reader_next(rd, &pz[i], &err) != GC_READ_PUZZLE)
      fail("a fixed puzzle does not read");
    gc_reader_free(rd);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  for (int i = 0; i < NPUZZLES; i++) {
    gc_grid g;
    int partial;
    gc_error err;
    if (gc_grid_read(pz[i], (const char *)data, size, "<fuzz>", &g, &partial, &err)) {
      if (!err.code || g.cell)
        fail("a failed read without an error or with a grid");
      continue;
    }
    int n = gc_puzzle_n(pz[i]), empty = 0;
    if (g.n != n)
      fail("a grid of another size");
    int hi = i == 2 ? 1 : n, lo = i == 2 ? 0 : 1;
    for (int k = 0; k < n * n; k++) {
      int v = g.cell[k];
      if (v == GC_EMPTY)
        empty = 1;
      else if (v < lo || v > hi)
        fail("a cell out of range");
    }
    if (empty != partial)
      fail("partial is wrong");
    for (int p = 0; p < 2; p++) {
      gc_clues broken;
      int k = gc_check_all(pz[i], &g, p, &broken);
      if (k < 0 || (size_t)k != broken.count)
        fail("the broken rules do not add up");
      if (!p && empty && k == 0)
        fail("a grid with an empty cell passes the full check");
      gc_clues_free(&broken);
    }
    gc_grid_free(&g);
  }
  return 0;
}
