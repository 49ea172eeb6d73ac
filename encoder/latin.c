/*
 * latin.c: the extended Latin-square encoding over one-hot cells.  Besides
 * "one value per cell" it states "each value once per row / column" as
 * exactly-one in both directions: the redundant at-least-one clauses are the
 * hidden singles that unit propagation then finds for free (Lynce &
 * Ouaknine, "Sudoku as a SAT problem", 2006; 2.4-19x faster than the
 * minimal encoding in encodings.md).
 */
#include "latin.h"

#include <stdlib.h>

#include "card.h"

int gc_latin_block(gc_cnf *c, int n) {
  return gc_cnf_block(c, "cell", "row,col,value-1", n, n, n);
}

void gc_latin_encode(gc_cnf *c, int first, int n) {
  int *lits = malloc((size_t)n * sizeof *lits);
  if (!lits) {
    gc_cnf_fail(c, GC_E_NOMEM);
    return;
  }
  for (int r = 0; r < n; r++)
    for (int col = 0; col < n; col++) {
      for (int v = 1; v <= n; v++)
        lits[v - 1] = gc_latin_var(first, n, r, col, v);
      gc_enc_exactly_one(c, lits, (size_t)n);
    }
  for (int v = 1; v <= n; v++)
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++)
        lits[j] = gc_latin_var(first, n, i, j, v); /* row i */
      gc_enc_exactly_one(c, lits, (size_t)n);
      for (int j = 0; j < n; j++)
        lits[j] = gc_latin_var(first, n, j, i, v); /* column i */
      gc_enc_exactly_one(c, lits, (size_t)n);
    }
  free(lits);
}

void gc_latin_boxes(gc_cnf *c, int first, int n, int br, int bc) {
  int *lits = malloc((size_t)n * sizeof *lits);
  if (!lits) {
    gc_cnf_fail(c, GC_E_NOMEM);
    return;
  }
  for (int v = 1; v <= n; v++)
    for (int r0 = 0; r0 < n; r0 += br)
      for (int c0 = 0; c0 < n; c0 += bc) {
        int k = 0;
        for (int r = r0; r < r0 + br; r++)
          for (int col = c0; col < c0 + bc; col++)
            lits[k++] = gc_latin_var(first, n, r, col, v);
        gc_enc_exactly_one(c, lits, (size_t)k);
      }
  free(lits);
}

void gc_latin_givens(gc_cnf *c, int first, int n, const int *givens) {
  for (int r = 0; r < n; r++)
    for (int col = 0; col < n; col++) {
      int v = givens[r * n + col];
      if (v <= 0)
        continue;
      gc_cnf_group(c, "givens", r, col, "the %d at r%dc%d", v, r + 1, col + 1);
      gc_cnf_unit(c, gc_latin_var(first, n, r, col, v));
    }
  gc_cnf_group_end(c);
}
