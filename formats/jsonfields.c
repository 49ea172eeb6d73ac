/*
 * jsonfields.c: typed field access for JSON records, with positions.
 * locate() is a small scanner over the record's text: it needs to skip
 * values only, because jansson has already accepted the text as JSON.
 */
#include "jsonfields.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gridcnf.h"

static const char *skip_ws(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
    p++;
  return p;
}

static const char *skip_string(const char *p, const char *end) {
  for (p++; p < end && *p != '"'; p++)
    if (*p == '\\')
      p++;
  return p < end ? p + 1 : end;
}

static const char *skip_value(const char *p, const char *end) {
  p = skip_ws(p, end);
  if (p >= end)
    return end;
  if (*p == '"')
    return skip_string(p, end);
  if (*p == '[' || *p == '{') {
    long depth = 0;
    while (p < end) {
      if (*p == '"') {
        p = skip_string(p, end);
        continue;
      }
      if (*p == '[' || *p == '{')
        depth++;
      else if (*p == ']' || *p == '}') {
        if (--depth == 0)
          return p + 1;
      }
      p++;
    }
    return end;
  }
  while (p < end && *p != ',' && *p != ']' && *p != '}' && *p != ' ' &&
         *p != '\t' && *p != '\n' && *p != '\r')
    p++;
  return p;
}

/* Start of the value of key in the object at p, or NULL. */
static const char *find_key(const char *p, const char *end, const char *key) {
  p = skip_ws(p, end);
  if (p >= end || *p != '{')
    return NULL;
  p++;
  size_t klen = strlen(key);
  for (;;) {
    p = skip_ws(p, end);
    if (p >= end || *p != '"')
      return NULL;
    const char *k = p + 1;
    const char *kend = skip_string(p, end);
    int match = (size_t)(kend - 1 - k) == klen && !memcmp(k, key, klen);
    p = skip_ws(kend, end);
    if (p >= end || *p != ':')
      return NULL;
    p = skip_ws(p + 1, end);
    if (match)
      return p;
    p = skip_ws(skip_value(p, end), end);
    if (p >= end || *p != ',')
      return NULL;
    p++;
  }
}

/* Start of element i of the array at p, or NULL. */
static const char *find_index(const char *p, const char *end, int i) {
  p = skip_ws(p, end);
  if (p >= end || *p != '[')
    return NULL;
  p = skip_ws(p + 1, end);
  for (int k = 0; k < i; k++) {
    p = skip_ws(skip_value(p, end), end);
    if (p >= end || *p != ',')
      return NULL;
    p = skip_ws(p + 1, end);
  }
  return p < end && *p != ']' ? p : NULL;
}

static void position(const gc_jctx *cx, const char *at, long *line,
                     long *col) {
  *line = cx->line;
  *col = cx->column;
  for (const char *p = cx->text; p < at; p++) {
    if (*p == '\n') {
      ++*line;
      *col = 1;
    } else
      ++*col;
  }
}

void gc_jerr(const gc_jctx *cx, gc_error *err, gc_code code, const char *key,
             int i, int j, const char *fmt, ...) {
  const char *end = cx->text + cx->len;
  const char *at = cx->text;
  if (key) {
    const char *v = find_key(cx->text, end, key);
    if (v && i >= 0) {
      const char *e = find_index(v, end, i);
      if (e && j >= 0)
        e = find_index(e, end, j);
      v = e ? e : v;
    }
    if (v)
      at = v;
  }
  long line, col;
  position(cx, at, &line, &col);
  err->code = code;
  err->line = line;
  err->column = col;
  gc_error_source(err, cx->source);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  va_end(ap);
  err->path[0] = 0;
  if (key && i >= 0 && j >= 0)
    snprintf(err->path, sizeof err->path, "%s[%d][%d]", key, i, j);
  else if (key && i >= 0)
    snprintf(err->path, sizeof err->path, "%s[%d]", key, i);
  else if (key)
    snprintf(err->path, sizeof err->path, "%s", key);
}

const char *gc_json_type_name(const json_t *v) {
  switch (json_typeof(v)) {
  case JSON_OBJECT: return "an object";
  case JSON_ARRAY: return "an array";
  case JSON_STRING: return "a string";
  case JSON_INTEGER: return "an integer";
  case JSON_REAL: return "a fraction";
  case JSON_TRUE:
  case JSON_FALSE: return "a boolean";
  default: return "null";
  }
}

static int int_value(const gc_jctx *cx, const json_t *v, const char *key, int i,
                     int j, long lo, long hi, int *out, gc_error *err) {
  if (!json_is_integer(v)) {
    gc_jerr(cx, err, GC_E_SYNTAX, key, i, j, "expected an integer, got %s",
            gc_json_type_name(v));
    return -1;
  }
  json_int_t x = json_integer_value(v);
  if (x < lo || x > hi) {
    gc_jerr(cx, err, GC_E_RANGE, key, i, j, "%lld is out of range %ld..%ld",
            (long long)x, lo, hi);
    return -1;
  }
  *out = (int)x;
  return 1;
}

int gc_json_int(const gc_jctx *cx, const json_t *rec, const char *key, long lo,
                long hi, int *out, gc_error *err) {
  const json_t *v = json_object_get(rec, key);
  if (!v || json_is_null(v))
    return 0;
  return int_value(cx, v, key, -1, -1, lo, hi, out, err);
}

static int array_of(const gc_jctx *cx, const json_t *v, const char *key, int i,
                    int n, gc_error *err) {
  if (!json_is_array(v)) {
    gc_jerr(cx, err, GC_E_SHAPE, key, i, -1, "expected an array of %d, got %s",
            n, gc_json_type_name(v));
    return -1;
  }
  if (json_array_size(v) != (size_t)n) {
    gc_jerr(cx, err, GC_E_SHAPE, key, i, -1,
            "expected %d entries, got %zu", n, json_array_size(v));
    return -1;
  }
  return 0;
}

int gc_json_ints(const gc_jctx *cx, const json_t *rec, const char *key, int n,
                 long lo, long hi, int *out, gc_error *err) {
  const json_t *v = json_object_get(rec, key);
  if (!v || json_is_null(v))
    return 0;
  if (array_of(cx, v, key, -1, n, err))
    return -1;
  for (int i = 0; i < n; i++)
    if (int_value(cx, json_array_get(v, (size_t)i), key, i, -1, lo, hi, &out[i],
                  err) < 0)
      return -1;
  return 1;
}

int gc_json_matrix(const gc_jctx *cx, const json_t *rec, const char *key, int n,
                   long lo, long hi, int *out, gc_error *err) {
  const json_t *v = json_object_get(rec, key);
  if (!v || json_is_null(v))
    return 0;
  if (array_of(cx, v, key, -1, n, err))
    return -1;
  for (int i = 0; i < n; i++) {
    const json_t *row = json_array_get(v, (size_t)i);
    if (array_of(cx, row, key, i, n, err))
      return -1;
    for (int j = 0; j < n; j++)
      if (int_value(cx, json_array_get(row, (size_t)j), key, i, j, lo, hi,
                    &out[i * n + j], err) < 0)
        return -1;
  }
  return 1;
}

int gc_json_size(const gc_jctx *cx, const json_t *rec, const char *infer_key,
                 int max_n, const char *genre, int *n, gc_error *err) {
  const json_t *v = json_object_get(rec, "n");
  long long x;
  const char *from = "n";
  if (v && !json_is_null(v)) {
    if (!json_is_integer(v)) {
      gc_jerr(cx, err, GC_E_SYNTAX, "n", -1, -1, "expected an integer, got %s",
              gc_json_type_name(v));
      return -1;
    }
    x = (long long)json_integer_value(v);
  } else {
    const json_t *a = json_object_get(rec, infer_key);
    if (!json_is_array(a)) {
      gc_jerr(cx, err, GC_E_SHAPE, NULL, -1, -1,
              "no \"n\" and no \"%s\" array to tell the grid size", infer_key);
      return -1;
    }
    x = (long long)json_array_size(a);
    from = infer_key;
  }
  if (x < 1) {
    gc_jerr(cx, err, GC_E_RANGE, from, -1, -1,
            "grid size %lld is too small: a %s grid has 1..%d rows", x, genre,
            max_n);
    return -1;
  }
  if (x > max_n) {
    gc_jerr(cx, err, GC_E_TOO_LARGE, from, -1, -1,
            "grid size %lld is too large: %s grids go up to %d", x, genre, max_n);
    return -1;
  }
  *n = (int)x;
  return 0;
}

json_t *gc_json_int_array(const int *v, int n) {
  json_t *a = json_array();
  for (int i = 0; a && i < n; i++)
    json_array_append_new(a, json_integer(v[i]));
  return a;
}

json_t *gc_json_int_matrix(const int *v, int n) {
  json_t *m = json_array();
  for (int r = 0; m && r < n; r++)
    json_array_append_new(m, gc_json_int_array(v + r * n, n));
  return m;
}
