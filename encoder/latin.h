/*
 * latin.h: the one-hot Latin square that Skyscrapers, Futoshiki and every
 * later Latin genre share (the role of Tatham's latin.c).
 */
#ifndef GC_ENCODER_LATIN_H
#define GC_ENCODER_LATIN_H

#include "cnf.h"

/* The cell block: var(r, c, v) for value v = 1..n, named "cell". */
int gc_latin_block(gc_cnf *c, int n);
static inline int gc_latin_var(int first, int n, int r, int col, int v) {
  return first + (r * n + col) * n + (v - 1);
}

/* The extended encoding (encodings.md section 2): exactly one value per
   cell, each value exactly once per row and once per column. */
void gc_latin_encode(gc_cnf *c, int first, int n);

/* Each value exactly once in every box of br rows by bc columns
   (br * bc == n): Sudoku boxes. */
void gc_latin_boxes(gc_cnf *c, int first, int n, int br, int bc);

/* Given digits (0 = empty) as unit clauses, one group each ("the 7 at
   r3c3", at givens[r][c] of the JSON record). */
void gc_latin_givens(gc_cnf *c, int first, int n, const int *givens);

#endif
