/* strbuf.h: a growing string for renderers and writers; an allocation
   failure is sticky and turns the result into NULL. */
#ifndef GC_FORMATS_STRBUF_H
#define GC_FORMATS_STRBUF_H

#include <stddef.h>

typedef struct gc_strbuf {
  char *s;
  size_t len, cap;
  int failed;
} gc_strbuf;

void gc_sb_put(gc_strbuf *b, const char *text);
void gc_sb_putn(gc_strbuf *b, const char *text, size_t len);
void gc_sb_printf(gc_strbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The string (caller frees), or NULL when an allocation failed. */
char *gc_sb_finish(gc_strbuf *b);

#endif
