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
  if (b->keep_style) {
    unsigned char *st = realloc(b->style, cap);
    if (!st) {
      b->failed = 1;
      return -1;
    }
    b->style = st;
  }
  b->cap = cap;
  return 0;
}

static void mark(gc_strbuf *b, size_t from) {
  if (b->keep_style && !b->failed)
    memset(b->style + from, b->pen, b->len - from + 1);
}

void gc_sb_keep_style(gc_strbuf *b) {
  if (b->keep_style || b->failed)
    return;
  b->keep_style = 1;
  if (!b->cap)
    return;
  if (!(b->style = malloc(b->cap))) {
    b->failed = 1;
    return;
  }
  memset(b->style, 0, b->cap);
}

unsigned char *gc_sb_take_style(gc_strbuf *b) {
  unsigned char *st = b->failed ? NULL : b->style;
  if (b->failed)
    free(b->style);
  b->style = NULL;
  return st;
}

void gc_sb_putn(gc_strbuf *b, const char *text, size_t len) {
  if (reserve(b, len))
    return;
  memcpy(b->s + b->len, text, len);
  b->len += len;
  b->s[b->len] = 0;
  mark(b, b->len - len);
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
  mark(b, b->len - (size_t)need);
}

char *gc_sb_finish(gc_strbuf *b) {
  if (!b->s)
    reserve(b, 0);
  if (b->failed) {
    free(b->s);
    b->s = NULL;
    free(b->style);
    b->style = NULL;
    return NULL;
  }
  b->s[b->len] = 0;
  if (b->keep_style)
    b->style[b->len] = 0;
  return b->s;
}
