/*
 * format.h: the formats people paste.  A format is one file under formats/
 * that defines one `const gc_format gc_format_<name>` with designated
 * initialisers; CMake finds the file and lists it in generated/
 * format_list.h, so adding a format touches nothing else.
 *
 * A format never touches a genre's private data.  Reading turns the pasted
 * text into the neutral corpus record (a JSON object with "genre", "n" and
 * the genre's keys), and the genre's own parse_json builds and validates
 * the puzzle from it, so validation stays in one place.  Writing starts
 * from the puzzle's neutral record (gc_puzzle_json) and prints the
 * notation, or says why the notation cannot express the puzzle.
 *
 * One-line formats (a Tatham game ID, a puzz.link URL, an SBN string, a
 * Codewars clue array) are given one line at a time; a multi-line format
 * (seed 000's Python lists) is given the rest of the text and says how
 * much of it one puzzle used.
 */
#ifndef GC_FORMATS_FORMAT_H
#define GC_FORMATS_FORMAT_H

#include <jansson.h>
#include <stddef.h>

#include "gridcnf.h"

/* Where the values of a record came from in the pasted text, so that an
   error the genre finds (a digit given twice in a row) points into it. */
typedef struct gc_fmt_marks gc_fmt_marks;

typedef struct gc_fmt_in {
  const char *text; /* one line (one-line formats) or the rest of the input */
  size_t len;
  const char *genre;    /* --genre, or NULL; the notations name their genre */
  const char *source;   /* file name for messages */
  long line, column;    /* position of text[0], from 1 */
  gc_fmt_marks *marks;  /* may be NULL */
} gc_fmt_in;

typedef struct gc_format {
  const char *name;            /* --format / --to name */
  const char *const *aliases;  /* NULL-terminated, may be NULL */
  const char *summary;         /* one line */
  const char *genres;          /* the genres it carries, for the help */
  int order;                   /* detection order: lower is tried first */
  int multiline;               /* 1: read is given the whole rest of the text */
  /* 0..100: how much the text (one trimmed line, or the whole text for a
     multi-line format) looks like this format.  Never reads past len. */
  int (*sniff)(const char *text, size_t len);
  /* Reads one puzzle into a new record (*record, with "genre" and "n").
     *used: bytes of in->text consumed (one-line formats: all of it).
     1: a record; 0: nothing but blanks and comments left; -1: err, with a
     position inside in->text.  NULL for an export that is written only
     (asp, lp): --format refuses it, and with no sniff it is never
     detected. */
  int (*read)(const gc_fmt_in *in, size_t *used, json_t **record,
              gc_error *err);
  /* The record in this notation, malloc'd, no final newline; NULL with err
     (GC_E_UNSUPPORTED "cannot express: why", or GC_E_NOMEM). */
  char *(*write)(const json_t *record, gc_error *err);
} gc_format;

/* The registry, in detection order. */
size_t gc_fmt_count(void);
const gc_format *gc_fmt_at(size_t i);
const gc_format *gc_fmt_find(const char *name); /* name or alias */

/*------------------------------------------------------------------------*/
/* Helpers for format files.                                               */

/* Line and column of in->text[off] (newlines counted). */
void gc_fmt_where(const gc_fmt_in *in, size_t off, long *line, long *col);
/* Sets err at in->text[off]; keeps nothing of a previous error. */
void gc_fmt_err(const gc_fmt_in *in, gc_error *err, gc_code code, size_t off,
                const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* Notes that record key[i][j] (i, j = -1: not an element) came from
   in->text[off].  Does nothing when in->marks is NULL. */
void gc_fmt_mark(const gc_fmt_in *in, const char *key, int i, int j,
                 size_t off);
/* "cannot express: ..." (GC_E_UNSUPPORTED). */
void gc_fmt_cannot(gc_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* "'x'", "byte 0x01" or "the end" for the character at off (or len). */
void gc_fmt_what(const char *text, size_t len, size_t off, char *buf,
                 size_t size);

/* Decimal digits at *pos: 1 and the value (clamped at 999999), *pos
   after them; 0 when there is no digit. */
int gc_fmt_number(const char *s, size_t len, size_t *pos, long *value);

/* Marks: created by the reader around one read. */
gc_fmt_marks *gc_fmt_marks_new(void);
void gc_fmt_marks_free(gc_fmt_marks *m);
/* After the genre rejected a record: moves err to the mark its path names
   (or leaves it at the puzzle's start) and clears the path, which means
   nothing in a foreign notation. */
void gc_fmt_marks_place(const gc_fmt_marks *m, gc_error *err);

/* Reading the neutral record back in writers.  Missing keys read as 0. */
const char *gc_rec_genre(const json_t *rec);
int gc_rec_n(const json_t *rec);           /* 0 when absent or bad */
int gc_rec_int(const json_t *rec, const char *key, int def);
/* n integers / an n x n matrix into out (zeros when absent); -1 when the
   value has another shape. */
int gc_rec_ints(const json_t *rec, const char *key, int n, int *out);
int gc_rec_matrix(const json_t *rec, const char *key, int n, int *out);

/* A new record {"genre": genre, "n": n}; NULL when out of memory. */
json_t *gc_rec_new(const char *genre, int n);
/* The record's "regions" (n x n, malloc'd) for a writer whose notation
   draws borders: NULL with err when out of memory, or "cannot express"
   when a region is in two pieces. */
int *gc_rec_connected_regions(const json_t *rec, int n, gc_error *err);

struct gc_strbuf;
/* A writer's result: the string of b, or NULL with GC_E_NOMEM in err. */
char *gc_fmt_finish(struct gc_strbuf *b, gc_error *err);

/* A Skyscrapers record from clue rows side[0..3] = top, bottom, left,
   right (n each, 0 = none) and the n x n givens; NULL with err (out of
   memory, at in's line) otherwise. */
json_t *gc_rec_skyscrapers(const gc_fmt_in *in, int n, const int *const side[4],
                           const int *givens, gc_error *err);
/* Sets key to an array of n / an n x n matrix of ints. */
void gc_rec_set_ints(json_t *rec, const char *key, const int *v, int n);
void gc_rec_set_matrix(json_t *rec, const char *key, const int *v, int n);

/* Regions from borders (puzz.link, SBN): cells joined unless a border
   separates them; ids 0.. in order of first appearance, row-major.
   right[r*n+c]: border between (r,c) and (r,c+1) (c < n-1);
   down[r*n+c]: between (r,c) and (r+1,c) (r < n-1).  Returns the number
   of regions, or -1 when out of memory. */
int gc_regions_from_borders(int n, const unsigned char *right,
                            const unsigned char *down, int *region);
/* For writers: 1 when every region id 0..n-1 is one connected piece and no
   cell is -1; else 0 with the reason in why. */
int gc_regions_connected(int n, const int *region, char *why, size_t size);

/* Used by genres/reader.c: what auto-detection makes of the whole input. */
typedef enum gc_fmt_mode {
  GC_FMT_NONE = 0, /* not a pasted format: JSON or the genres' text */
  GC_FMT_LINES,    /* one puzzle per line, each in a one-line format */
  GC_FMT_WHOLE     /* a multi-line format (*whole) reads the text */
} gc_fmt_mode;
gc_fmt_mode gc_fmt_detect(const char *data, size_t len,
                          const gc_format **whole);
/* The format that claims one trimmed line first, in detection order, and
   its score (0 and NULL when none). */
const gc_format *gc_fmt_claim(const char *line, size_t len, int *score);
/* The next line holding a puzzle at or after *pos (blank lines and lines
   starting with '#' are skipped; a '#' after white space ends a line):
   its trimmed text in *s and *slen and its line and column.  *pos and *line
   advance past it.  0 at the end. */
int gc_fmt_next_line(const char *data, size_t len, size_t *pos, long *line,
                     const char **s, size_t *slen, long *lineno, long *col);

#endif
