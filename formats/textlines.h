/*
 * textlines.h: a puzzle's text as numbered lines, with '#' comments, the
 * carriage returns of CRLF files and a UTF-8 byte-order mark already
 * removed, and a whitespace tokenizer that keeps each token's column.
 */
#ifndef GC_FORMATS_TEXTLINES_H
#define GC_FORMATS_TEXTLINES_H

#include <stddef.h>

#include "gridcnf.h"

typedef struct gc_text_line {
  const char *s;
  size_t len;
  long lineno; /* from 1 */
  long col0;   /* column of s[0], from 1 (the header's rest starts later) */
} gc_text_line;

typedef struct gc_text {
  const gc_text_line *lines; /* the puzzle's lines, blank ones included */
  size_t nlines;
  const char *source;
  const gc_text_line *header; /* what followed the genre name, or NULL */
} gc_text;

typedef struct gc_token {
  const char *s;
  size_t len;
  long line, col;
} gc_token;

/* Splits a line at white space; returns the number of tokens (all of them,
   even when more than max were found; only max are stored). */
size_t gc_tokens(const gc_text_line *ln, gc_token *out, size_t max);
int gc_line_blank(const gc_text_line *ln);
/* The non-blank lines of tx, in order, into out (at most max); count. */
size_t gc_text_content(const gc_text *tx, const gc_text_line **out,
                       size_t max);
void gc_text_err(gc_error *err, gc_code code, const char *source, long line,
                 long col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;
/* A token as an integer in lo..hi, or '.' / '0' style empties handled by
   the caller.  Returns 0 and *out, or -1 (not a number, or out of range)
   with err naming the token. */
int gc_token_int(const gc_token *t, const char *source, const char *what,
                 long lo, long hi, int *out, gc_error *err);

#endif
