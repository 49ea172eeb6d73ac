/*
 * find.c: how a genre's techniques report deductions (see steps.h): the
 * support is gathered in growing arrays, and each deduction goes to the
 * solver's callback with it.  An allocation failure is sticky (nomem);
 * the solver checks it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../encoder/grow.h"
#include "steps.h"

void gc_find_free(gc_find *f) {
  free(f->fact);
  free(f->item);
  f->fact = NULL;
  f->item = NULL;
  f->nfact = f->capfact = f->nitem = f->capitem = 0;
}


void gc_find_fact(gc_find *f, int cell, int v, int holds) {
  for (size_t i = 0; i < f->nfact; i++)
    if (f->fact[i].cell == cell && f->fact[i].v == v &&
        f->fact[i].holds == holds)
      return;
  if (gc_grow((void **)&f->fact, &f->capfact, f->nfact + 1, sizeof *f->fact)) {
    f->nomem = 1;
    return;
  }
  f->fact[f->nfact++] = (gc_fact){cell, v, holds};
}

void gc_find_item(gc_find *f, const gc_item *it) {
  for (size_t i = 0; i < f->nitem; i++)
    if (!memcmp(&f->item[i], it, sizeof *it))
      return;
  if (gc_grow((void **)&f->item, &f->capitem, f->nitem + 1, sizeof *f->item)) {
    f->nomem = 1;
    return;
  }
  f->item[f->nitem++] = *it;
}

void gc_find_not(gc_find *f, const gc_kb *kb, int cell, int v) {
  (void)kb;
  gc_find_fact(f, cell, v, 0);
}

void gc_find_cell_state(gc_find *f, const gc_kb *kb, int cell) {
  if (kb->val[cell] >= 0) {
    gc_find_fact(f, cell, kb->val[cell], 1);
    return;
  }
  for (int v = 0; v < kb->d; v++)
    if (!gc_kb_can(kb, cell, v))
      gc_find_fact(f, cell, v, 0);
}

void *gc_kb_zeroed(const gc_kb *kb, size_t size) {
  gc_kb_scratch *s = kb->scratch;
  if (!s)
    return NULL;
  if (s->size < size) {
    free(s->p);
    s->size = 0;
    if (!(s->p = calloc(size, 1)))
      return NULL;
    s->size = size;
  }
  return s->p;
}

void gc_find_reset(gc_find *f) {
  f->nfact = 0;
  f->nitem = 0;
}

size_t gc_find_mark(const gc_find *f) {
  return f->nfact | ((size_t)f->nitem << 24);
}

void gc_find_cut(gc_find *f, size_t mark) {
  f->nfact = mark & 0xffffff;
  f->nitem = mark >> 24;
}

int gc_find_emit(gc_find *f, int cell, int value, uint64_t elim,
                 const char *fmt, ...) {
  if (f->wants && !f->nomem && !f->wants(f->arg, f, cell, value, elim))
    return 0; /* not kept: no sentence needed */
  char text[240];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  return f->take(f->arg, f, cell, value, elim, text);
}

char *gc_put_int(char *p, const char *end, int v) {
  char tmp[12];
  int k = 0;
  do
    tmp[k++] = (char)('0' + v % 10);
  while ((v /= 10) > 0 && k < (int)sizeof tmp);
  while (k > 0 && p < end)
    *p++ = tmp[--k];
  return p;
}

char *gc_put_str(char *p, const char *end, const char *s) {
  while (*s && p < end)
    *p++ = *s++;
  return p;
}

/* "r<row>c<col>" (1-based). */
void gc_cell_name(int n, int cell, char *buf, size_t size) {
  if (!size)
    return;
  char *p = buf, *end = buf + size - 1;
  if (p < end)
    *p++ = 'r';
  p = gc_put_int(p, end, cell / n + 1);
  if (p < end)
    *p++ = 'c';
  p = gc_put_int(p, end, cell % n + 1);
  *p = 0;
}
