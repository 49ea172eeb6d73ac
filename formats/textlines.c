/* textlines.c: see textlines.h. */
#include "textlines.h"

#include <stdarg.h>
#include <stdio.h>

#include "gridcnf.h"

static int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

size_t gc_tokens(const gc_text_line *ln, gc_token *out, size_t max) {
  size_t n = 0, i = 0;
  while (i < ln->len) {
    while (i < ln->len && is_space(ln->s[i]))
      i++;
    if (i >= ln->len)
      break;
    size_t start = i;
    while (i < ln->len && !is_space(ln->s[i]))
      i++;
    if (n < max) {
      out[n].s = ln->s + start;
      out[n].len = i - start;
      out[n].line = ln->lineno;
      out[n].col = ln->col0 + (long)start;
    }
    n++;
  }
  return n;
}

int gc_line_blank(const gc_text_line *ln) {
  for (size_t i = 0; i < ln->len; i++)
    if (!is_space(ln->s[i]))
      return 0;
  return 1;
}

size_t gc_text_content(const gc_text *tx, const gc_text_line **out,
                       size_t max) {
  size_t k = 0;
  for (size_t i = 0; i < tx->nlines; i++)
    if (!gc_line_blank(&tx->lines[i])) {
      if (k < max)
        out[k] = &tx->lines[i];
      k++;
    }
  return k;
}

void gc_text_err(gc_error *err, gc_code code, const char *source, long line,
                 long col, const char *fmt, ...) {
  err->code = code;
  err->line = line;
  err->column = col;
  err->path[0] = 0;
  gc_error_source(err, source);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  va_end(ap);
}

int gc_token_int(const gc_token *t, const char *source, const char *what,
                 long lo, long hi, int *out, gc_error *err) {
  long v = 0;
  size_t i = t->len > 1 && t->s[0] == '-'; /* a minus: a number out of range */
  int ok = t->len > i;
  for (; ok && i < t->len; i++) {
    if (t->s[i] < '0' || t->s[i] > '9')
      ok = 0;
    else if (v < 100000000)
      v = v * 10 + (t->s[i] - '0');
  }
  if (!ok) {
    gc_text_err(err, GC_E_SYNTAX, source, t->line, t->col,
                "%s '%.*s' is not a number", what, (int)(t->len > 20 ? 20 : t->len),
                t->s);
    return -1;
  }
  if (t->s[0] == '-' || t->len > 9) { /* quoted as written */
    gc_text_err(err, GC_E_RANGE, source, t->line, t->col,
                "%s %.*s is out of range %ld..%ld", what,
                (int)(t->len > 20 ? 20 : t->len), t->s, lo, hi);
    return -1;
  }
  if (v < lo || v > hi) {
    gc_text_err(err, GC_E_RANGE, source, t->line, t->col,
                "%s %ld is out of range %ld..%ld", what, v, lo, hi);
    return -1;
  }
  *out = (int)v;
  return 0;
}
