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
#include <stdatomic.h>

#include "../encoder/cnf.h"
#include "../encoder/random.h"
#include "gridcnf.h"
#include "../formats/jsonfields.h"
#include "../formats/jsonload.h"
#include "../formats/textlines.h"
#include "gridcnf.h"

struct gc_strbuf; /* formats/strbuf.h */

struct gc_puzzle {
  const gc_genre *genre;
  int n;
  char *id;       /* NULL when the input gave none */
  char *source;   /* the input's name; NULL for a generated puzzle */
  long line;      /* first line of the record in its input */
  gc_grid known;  /* the input's "solution", n == 0 when absent */
  void *data;     /* the genre's own part */
};

typedef enum gc_cells {
  GC_CELLS_ONE_HOT, /* block "cell" is n x n x n: digits 1..n */
  GC_CELLS_BOOL     /* block "cell" is n x n x 1: 0/1 */
} gc_cells;

typedef struct gc_report gc_report;

/* What gc_generate hands a genre's generate member. */
typedef struct gc_gen_ctx {
  gc_rng *rng;
  /* An incremental solver on pz's formula (the genre's encoding with the
     run's options and limits; solver-glue/generate.c), for a genre whose
     puzzle is a structure it searches for (Star Battle's regions):
     open returns a handle, or NULL with err (err->code 0: the time limit
     or an interrupt stopped it).  Literals are those of the genre's own
     encoding (its "cell" block starts at variable 1).  pz need not stay
     alive after open. */
  void *(*open)(void *arg, const gc_puzzle *pz, gc_error *err);
  /* A bare incremental solver with no clauses, for a formula of the
     genre's own (clause adds them); NULL with err when out of memory. */
  void *(*raw)(void *arg, gc_error *err);
  /* 10 SAT, 20 UNSAT under the assumptions, 0 stopped. */
  int (*solve)(void *h, const int *assume, size_t n);
  /* The model's grid (not for a bare solver), checked by the genre's
     checker.  0, or -1 with err. */
  int (*model)(void *h, gc_grid *g, gc_error *err);
  /* A literal's value in the model: > 0 true. */
  int (*value)(void *h, int lit);
  /* solve without assumptions that gives up after `conflicts` conflicts
     (a deterministic limit, unlike time): 10 SAT, 20 UNSAT, 1 gave up at
     the limit (the run goes on), 0 stopped. */
  int (*solve_within)(void *h, long conflicts);
  /* 1 when the run must stop (its time limit, an interrupt, or a try past
     one that ended): for a genre's own long searches between solver
     calls. */
  int (*stopped)(void *arg);
  /* Adds a clause for good (a blocking clause). */
  void (*clause)(void *h, const int *lits, size_t n);
  void (*close)(void *h);
  void *arg;
  int givens_first; /* set by the genre: remove givens before the other
                       clues (Tatham's order for Towers) */
  long perturbs;    /* the genre counts its structure changes here */
  long attempts;    /* ... and its attempts (Star Battle) */
  atomic_long *begun; /* attempts begun so far, on any thread, for the
                         progress callback (may be NULL) */
  int level;        /* the level asked for (gc_gen_params.level) as an
                       index of the genre's levels; -1 any */
  int threads;      /* threads the genre may use for one puzzle (at least
                       1; gc_gen_params.threads): the solvers above may be
                       opened and used on any thread, each on one */
  int (*borrow)(void *pool); /* more threads, lent now and then (may be */
  void (*give_back)(void *pool); /* NULL; gc_gen_params.borrow) */
  void *pool;
} gc_gen_ctx;

/* No genre's max_n exceeds this (the shared checkers' buffers). */
#define GC_MAX_N 64

struct gc_genre {
  const char *name;            /* = file name = JSON "genre" = --genre */
  const char *const *aliases;  /* NULL-terminated, may be NULL */
  const char *summary;         /* one line for `gridcnf genres` */
  int max_n;
  gc_cells cells;

  /* The genre's keys of a JSON record (besides id, genre, n and
     solution), NULL-terminated: an unknown key one slip away from one of
     these (or from those four) is an error, other unknown keys are the
     record's metadata.  May be NULL. */
  const char *const *json_keys;
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
  /* Recomputes the rules from the grid alone and reports every broken
     rule, in words with its position, through gc_broken() (stopping when
     it returns non-zero).  With partial, GC_EMPTY cells are not yet filled:
     only what the filled cells already break is reported (a line's clue
     once the line is full, a count once it is exceeded). */
  void (*check)(const gc_puzzle *pz, const gc_grid *g, int partial,
                gc_report *rep);
  /* Optional, for GC_CELLS_BOOL: 1 when ch names one of pz's regions in
     its text, which a grid may write for a cell without a star (as render
     does); gc_grid_read refuses other letters.  Without it every letter
     and digit is a cell without a star. */
  int (*region_char)(const gc_puzzle *pz, int ch);
  /* The digits the puzzle gives, into cell[n*n] (GC_EMPTY elsewhere); NULL
     when the genre has no givens. */
  void (*givens)(const gc_puzzle *pz, int *cell);
  /* The puzzle (with g's digits or stars when g is not NULL) in the genre's
     text notation, malloc'd; NULL when out of memory. */
  char *(*render)(const gc_puzzle *pz, const gc_grid *g);
  /* Optional: the text of render (look NULL) or of gc_render_look into b
     (which may keep styles: gc_sb_pen before each part), the cells marked
     given, solved or empty and, with look->other, where g differs; with
     look->boxes, a picture for a terminal if the genre has one.  Without
     it, gc_render_look gives render's text, unstyled. */
  void (*draw)(const gc_puzzle *pz, const gc_grid *g, const gc_look *look,
               struct gc_strbuf *b);
  /* The puzzle as a standalone SVG picture (with g's digits or stars in
     the solution colour when g is not NULL), malloc'd; NULL when out of
     memory.  Drawn with genres/svg.h, whose class names it keeps. */
  char *(*svg)(const gc_puzzle *pz, const gc_grid *g);
  /* Optional: the picture of a step (render --svg --step K): as svg with
     the grid so far, the step's cell and its reason's items marked (svg.h
     classes focus, reason, reason-unit, reason-clue, reason-sign, elim). */
  char *(*svg_step)(const gc_puzzle *pz, const gc_grid *g,
                    const gc_step *step);
  /* The genre's keys of the corpus JSON record (the caller adds id,
     genre, n), as a new object; NULL when out of memory. */
  json_t *(*to_json)(const gc_puzzle *pz);
  void (*free_data)(void *data);
  /* Optional: a random puzzle for gc_generate (solver-glue/generate.c).
     pz->genre is set; fills pz->n, pz->data and pz->known (the solution)
     after p, drawing from gx->rng only.  A genre of clues gives every clue
     and given of its solution (unique by construction; the shared code
     then removes clues while unique); a genre whose puzzle is a structure
     (Star Battle's regions) makes it unique itself, asking gx's solver.
     0; 1 when the solver reported a stop; 2 when this attempt failed and a
     fresh one may succeed; -1 with err (parameters it cannot make). */
  int (*generate)(gc_puzzle *pz, const gc_gen_params *p, gc_gen_ctx *gx,
                  gc_error *err);
  /* Optional: 1 when generate is known, by measurement, to take minutes or
     more per puzzle of p (gc_generate_slow). */
  int (*generate_slow)(const gc_gen_params *p);
  /* Optional, for a genre of clues: puts clue g (its key and place, as
     the encoding's gc_cnf_group names it) of src into pz (on = 1) or takes
     it out (on = 0), in place; pz is a copy of src with some clues out.
     Lets the generator try a puzzle without a clue without writing and
     reading its record.  0, or -1 when g is not a clue of src. */
  int (*clue)(gc_puzzle *pz, const gc_puzzle *src, const gc_group *g,
              int on);
  /* Optional: for option portfolio, a second encoding of pz whose search
     goes differently (the same rules, other auxiliary constraints).  Fills
     *alt, a copy of opt with the genre's own options changed, and returns
     1; 0 when it has none for pz (then the second thread runs CaDiCaL's
     stable search on the default encoding). */
  int (*alternate)(const gc_puzzle *pz, const gc_options *opt,
                   gc_options *alt);
  /* Optional: the step-by-step solver's techniques and items (steps.h);
     NULL: `gridcnf steps` is not offered for the genre. */
  const struct gc_genre_steps *steps;
};

/* Where a checker reports broken rules (genres/puzzle.c). */
struct gc_report {
  char *first;      /* the first message goes here (may be NULL) */
  size_t size;
  int only_first;   /* stop at the first broken rule */
  gc_clues *all;    /* every message, or NULL */
  int count;        /* broken rules reported */
  int nomem;
};
/* Reports one broken rule; returns non-zero when the checker should stop. */
int gc_broken(gc_report *rep, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Reports the repeated digits (> 0) in rows, columns and, with br > 0,
   br x bc boxes: "row 3 repeats 5 (columns 2 and 7)".  Non-zero: stop. */
int gc_report_repeats(gc_report *rep, int n, const int *cell, int br, int bc);
/* "r3c4 holds 12, not a digit 1..9", GC_EMPTY cells without partial, and
   digits that contradict givens (NULL: none).  Non-zero: stop. */
int gc_report_digits(gc_report *rep, int n, const int *cell, const int *givens,
                     int lo, int hi, int partial, const char *what);

/* Appends what (cut to the entry's 95 bytes) to c (genres/puzzle.c, with
   gc_clues_free).  0, or -1 with err when out of memory. */
int gc_clues_add(gc_clues *c, const char *what, gc_error *err);

/* Shared helpers for genre files. */
int gc_puzzle_alloc_data(gc_puzzle *pz, size_t size, gc_error *err);
void *gc_calloc(size_t count, size_t size, gc_error *err);
/* gc_puzzle_json's record as an object (the caller's reference); NULL
   when out of memory. */
json_t *gc_puzzle_json_object(const gc_puzzle *pz);
/* A puzzle from a JSON record in memory, read exactly as the reader reads
   a record of input `source` (genres/reader.c): a record made by the
   library read back without going through its text.  NULL with err. */
gc_puzzle *gc_puzzle_from_object(const json_t *rec, const char *source,
                                 gc_error *err);



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
/* The same within lim's size limits (--max-vars, --max-clauses; NULL:
   none), refused with the error gc_solve gives. */
int gc_encode_memory_limited(const gc_puzzle *pz, const gc_options *opt,
                             const gc_limits *lim, gc_cnf *cnf, gc_memsink *mem,
                             gc_error *err);
/* The "c gridcnf" comment lines of pz's CNF, malloc'd. */
char *gc_dimacs_header(const gc_puzzle *pz, const gc_options *opt,
                       const gc_cnf *cnf);

#endif
