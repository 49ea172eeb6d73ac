/* strbuf.c: see strbuf.h. */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int reserve(gc_strbuf *b, size_t extra) {
  if (b->failed)
    return -1;
  if (b->len + extra + 1 <= b->cap)
    return 0;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + extra + 1)
    cap *= 2;
  char *p = realloc(b->s, cap);
  if (!p) {
    b->failed = 1;
    return -1;
  }
  b->s = p;
  b->cap = cap;
  return 0;
}

void gc_sb_putn(gc_strbuf *b, const char *text, size_t len) {
  if (reserve(b, len))
    return;
  memcpy(b->s + b->len, text, len);
  b->len += len;
  b->s[b->len] = 0;
}

void gc_sb_put(gc_strbuf *b, const char *text) {
  gc_sb_putn(b, text, strlen(text));
}

void gc_sb_printf(gc_strbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int need = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (need < 0 || reserve(b, (size_t)need))
    return;
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, (size_t)need + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)need;
}

char *gc_sb_finish(gc_strbuf *b) {
  if (b->failed) {
    free(b->s);
    b->s = NULL;
    return NULL;
  }
  if (!b->s)
    reserve(b, 0);
  if (b->s)
    b->s[b->len] = 0;
  return b->s;
}
