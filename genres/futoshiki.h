/*
 * futoshiki.h: what the files of the Futoshiki genre share: the puzzle's
 * data, the relation slots between neighbouring cells and the helpers on
 * them.  futoshiki.c holds the genre (JSON, encoding, checking, pictures),
 * futoshiki_text.c the text notation, futoshiki_adjacent.c the Adjacent
 * mode (Tatham's Unequal 'a'), futoshiki_steps.c its step-by-step
 * techniques.
 */
#ifndef GC_GENRES_FUTOSHIKI_H
#define GC_GENRES_FUTOSHIKI_H

#include "genre.h"

#define FUTO_MAX_N 32

/* Bits of a relation slot: the first cell is the smaller / the larger;
   REL_ADJ: the two cells are marked as consecutive (Adjacent mode). */
enum { REL_LT = 1, REL_GT = 2, REL_ADJ = 4 };

typedef struct futo {
  int *givens;      /* n * n, 0 = empty */
  unsigned char *h; /* h[r*n+c], c < n-1: (r,c) against (r,c+1) */
  unsigned char *v; /* v[r*n+c], r < n-1: (r,c) against (r+1,c) */
  /* Adjacent mode: the slots hold REL_ADJ marks and no signs; marked
     neighbours hold consecutive digits, unmarked neighbours do not. */
  int adjacent;
} futo;

/* Allocates pz->data for an n x n puzzle (zeroed) and sets pz->n. */
int gc_futo_alloc(gc_puzzle *pz, int n, gc_error *err);

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

/* Runs the statements (...) for every pair of orthogonal neighbours, row
   by row (the pair right of a cell before the pair below it), with A and
   B the indexes r*n+c of the two cells (A first in reading order) and S
   their slot's bits. */
#define FOR_EACH_PAIR(f, n, A, B, S, ...)                                      \
  for (int r_ = 0; r_ < (n); r_++)                                             \
    for (int c_ = 0; c_ < (n); c_++)                                           \
      for (int down_ = 0; down_ < 2; down_++) {                                \
        if (down_ ? r_ + 1 >= (n) : c_ + 1 >= (n))                             \
          continue;                                                            \
        int A = r_ * (n) + c_, B = down_ ? A + (n) : A + 1;                    \
        unsigned char S = (down_ ? (f)->v : (f)->h)[A];                        \
        __VA_ARGS__                                                            \
      }

/* Records "cell (r1,c1) < cell (r2,c2)" for two orthogonal neighbours. */
void gc_futo_add_lt(futo *f, int n, int r1, int c1, int r2, int c2);
/* The slot between two orthogonal neighbours. */
unsigned char *gc_futo_slot(futo *f, int n, int r1, int c1, int r2, int c2);

/* The earlier cell (row-major) of row r or column c that holds the same
   digit as (r, c), if any: a digit given twice. */
int gc_futo_earlier_twin(int n, const int *g, int r, int c, int *r1, int *c1);

/* The text notation (futoshiki_text.c). */
int gc_futo_parse_text(const gc_text *tx, gc_puzzle *pz, gc_error *err);
int gc_futo_sniff(const gc_text *tx);
char *gc_futo_render(const gc_puzzle *pz, const gc_grid *g);
/* The notation, styled for a terminal (genre.h, member draw). */
void gc_futo_draw(const gc_puzzle *pz, const gc_grid *g, const gc_look *lk,
                  struct gc_strbuf *b);

/* Adjacent mode (futoshiki_adjacent.c). */
/* One entry [r1, c1, r2, c2] of the record's key (0-based, neighbours)
   into x; sym and noun name it in messages ("<" "sign", "|" "mark").  0,
   or -1 with err. */
int gc_futo_json_pair(const gc_jctx *cx, const json_t *e, const char *key,
                      int idx, int n, const char *sym, const char *noun,
                      int x[4], gc_error *err);
/* The record's "adjacent" marks, when the key is there: sets f->adjacent
   and the REL_ADJ bits.  0, or -1 with err (a pair that is not of
   neighbours, a sign in "lt" besides: Adjacent puzzles have none). */
int gc_futo_adj_parse_json(const json_t *rec, const gc_jctx *cx, int n,
                           futo *f, gc_error *err);
/* "adjacent": the marks as [r1, c1, r2, c2] (0-based, reading order). */
json_t *gc_futo_adj_json(const futo *f, int n);
/* The marks' and the unmarked pairs' clauses, one group per pair, on the
   one-hot cells starting at variable first. */
void gc_futo_adj_encode(const futo *f, int n, gc_cnf *cnf, int first);
/* Every mark whose digits are not consecutive and every unmarked pair
   whose digits are; non-zero when the checker should stop. */
int gc_futo_adj_check(const futo *f, int n, const int *x, gc_report *rep);
/* The marks as bars across the gaps (class "adjacent"). */
struct gc_strbuf;
void gc_futo_adj_svg(const futo *f, int n, struct gc_strbuf *b, double x0,
                     double y0, double pitch, double gap);

extern const struct gc_genre_steps gc_steps_futoshiki;

#endif
