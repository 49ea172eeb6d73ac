/* strbuf.h: a growing string for renderers and writers; an allocation
   failure is sticky and turns the result into NULL.  A buffer may also
   keep a style per byte (gc_render_look): what is put takes the style of
   the pen. */
#ifndef GC_FORMATS_STRBUF_H
#define GC_FORMATS_STRBUF_H

#include <stddef.h>

typedef struct gc_strbuf {
  char *s;
  size_t len, cap;
  int failed;
  unsigned char *style; /* with gc_sb_keep_style: one per byte of s */
  int keep_style;
  unsigned char pen;    /* the style of the bytes put next */
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

/* From now on, b keeps the style of every byte (those already in it get
   0).  Call before anything else, or at any time. */
void gc_sb_keep_style(gc_strbuf *b);
/* The style of what is put next (a gc_style). */
static inline void gc_sb_pen(gc_strbuf *b, int style) {
  b->pen = (unsigned char)style;
}
/* The styles (len bytes and a final 0, caller frees) once the string is
   finished; NULL when none were kept or an allocation failed. */
unsigned char *gc_sb_take_style(gc_strbuf *b);

#endif
