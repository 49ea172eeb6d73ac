/*
 * genre.h: the genre interface.  A genre is one file under genres/ that
 * defines one `const gc_genre gc_genre_<name>` with designated
 * initialisers; CMake finds the file and lists it in the registry, so
 * adding a genre touches nothing else.  The shared code never switches on
 * which genre it has.
 *
 * The contract (after Tatham's validate_desc): whatever parse_json or
 * parse_text accepts must encode, check and render without crashing.
 * Parsing therefore also validates: ranges, shapes, and contradictions that
 * need no search (a digit given twice in a row).  A well-formed puzzle that
 * merely has no solution is not an error: the solver says "none".
 */
#ifndef GC_GENRES_GENRE_H
#define GC_GENRES_GENRE_H

#include <jansson.h>

#include "../encoder/cnf.h"
#include "gridcnf.h"
#include "../formats/jsonfields.h"
#include "../formats/textlines.h"
#include "gridcnf.h"

struct gc_puzzle {
  const gc_genre *genre;
  int n;
  char *id;       /* NULL when the input gave none */
  long line;      /* first line of the record in its input */
  gc_grid known;  /* the input's "solution", n == 0 when absent */
  void *data;     /* the genre's own part */
};

typedef enum gc_cells {
  GC_CELLS_ONE_HOT, /* block "cell" is n x n x n: digits 1..n */
  GC_CELLS_BOOL     /* block "cell" is n x n x 1: 0/1 */
} gc_cells;

struct gc_genre {
  const char *name;            /* = file name = JSON "genre" = --genre */
  const char *const *aliases;  /* NULL-terminated, may be NULL */
  const char *summary;         /* one line for `gridcnf genres` */
  int max_n;
  gc_cells cells;

  /* Fills pz->n and pz->data from a JSON record (pz->n is preset from the
     "n" key when present, else 0); validates. 0, or -1 with err. */
  int (*parse_json)(const json_t *rec, const gc_jctx *cx, gc_puzzle *pz,
                    gc_error *err);
  /* The genre's own text notation; tx->header holds what followed the
     genre's name on a header line, if there was one.  0, or -1 with err. */
  int (*parse_text)(const gc_text *tx, gc_puzzle *pz, gc_error *err);
  /* 0..100: how much the text looks like this genre's notation (used only
     when neither a header nor --genre names the genre). */
  int (*sniff_text)(const gc_text *tx);

  /* Writes the rules into cnf.  The first block must be "cell" (see
     gc_cells); its literals are the answer key.  0, or -1 with err. */
  int (*encode)(const gc_puzzle *pz, gc_cnf *cnf, gc_error *err);
  /* Recomputes the rules from the grid alone: 1 when g solves pz, else 0
     with the first broken rule, in words with its position, in why. */
  int (*check)(const gc_puzzle *pz, const gc_grid *g, char *why, size_t size);
  /* The puzzle (with g's digits or stars when g is not NULL) in the genre's
     text notation, malloc'd; NULL when out of memory. */
  char *(*render)(const gc_puzzle *pz, const gc_grid *g);
  /* The genre's keys of the corpus JSON record (the caller adds id,
     genre, n), as a new object; NULL when out of memory. */
  json_t *(*to_json)(const gc_puzzle *pz);
  void (*free_data)(void *data);
};

/* Shared helpers for genre files. */
json_t *gc_json_int_array(const int *v, int n); /* [v0, ...] */
json_t *gc_json_int_matrix(const int *v, int n); /* n x n, row-major */
int gc_puzzle_alloc_data(gc_puzzle *pz, size_t size, gc_error *err);
void *gc_calloc(size_t count, size_t size, gc_error *err);



/* The clause that excludes grid g: the negated true cell literals (one-hot)
   or every cell literal with the other polarity (boolean cells).  lits
   needs room for n*n literals; returns how many were written. */
size_t gc_key_blocking_clause(const gc_puzzle *pz, const gc_block *cell,
                              const gc_grid *g, int *lits);
/* Reads the grid from the cell block of a model; value(ctx, var) > 0 means
   true.  0, or -1 with err (a cell with no or two values). */
int gc_key_decode(const gc_puzzle *pz, const gc_block *cell,
                  int (*value)(void *ctx, int var), void *ctx, gc_grid *out,
                  gc_error *err);

/* Encodes pz into a memory sink (cnf-out/dimacs.c); the caller releases
   both.  0, or -1 with err. */
int gc_encode_memory(const gc_puzzle *pz, const gc_options *opt, gc_cnf *cnf,
                     gc_memsink *mem, gc_error *err);
/* The "c gridcnf" comment lines of pz's CNF, malloc'd. */
char *gc_dimacs_header(const gc_puzzle *pz, const gc_options *opt,
                       const gc_cnf *cnf);

#endif
