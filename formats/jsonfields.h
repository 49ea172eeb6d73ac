/*
 * jsonfields.h: reading a genre's fields out of a JSON record with errors
 * that point at the offending value.  Jansson gives positions only for
 * syntax errors, so the record's own text is kept and scanned again to
 * find the line and column of a key or of element [i][j] under it.
 */
#ifndef GC_FORMATS_JSONFIELDS_H
#define GC_FORMATS_JSONFIELDS_H

#include <jansson.h>
#include <stddef.h>

#include "gridcnf.h"

typedef struct gc_jctx {
  const char *text; /* the record's own text */
  size_t len;
  long line, column; /* where text starts in its input, from 1 */
  const char *source;
} gc_jctx;

/* Sets err at key (element [i][j] of it when i, j >= 0) with path
   "key[i][j]"; key NULL means the record itself. */
void gc_jerr(const gc_jctx *cx, gc_error *err, gc_code code, const char *key,
             int i, int j, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

/* A JSON value's type in words, for messages ("an array", "null"). */
const char *gc_json_type_name(const json_t *v);

/* Each returns 1 when the key was there and is valid, 0 when the key is
   absent or null, -1 with err when it is there but wrong. */
int gc_json_int(const gc_jctx *cx, const json_t *rec, const char *key, long lo,
                long hi, int *out, gc_error *err);
/* An array of exactly n integers in lo..hi. */
int gc_json_ints(const gc_jctx *cx, const json_t *rec, const char *key, int n,
                 long lo, long hi, int *out, gc_error *err);
/* An n x n matrix of integers in lo..hi, row-major into out[n*n]. */
int gc_json_matrix(const gc_jctx *cx, const json_t *rec, const char *key, int n,
                   long lo, long hi, int *out, gc_error *err);
/* The side of an n x n puzzle: "n" when present, else the length of the
   array under infer_key; checked against 1..max_n before anything is
   allocated.  0, or -1 with err. */
int gc_json_size(const gc_jctx *cx, const json_t *rec, const char *infer_key,
                 int max_n, const char *genre, int *n, gc_error *err);

/* [v0, ...] and the n x n row-major matrix as JSON arrays; NULL when out
   of memory. */
json_t *gc_json_int_array(const int *v, int n);
json_t *gc_json_int_matrix(const int *v, int n);

#endif
