/* error.h: setting a gc_error (the type itself is public, in gridcnf.h). */
#ifndef GC_ENCODER_ERROR_H
#define GC_ENCODER_ERROR_H

#include "gridcnf.h"

#if defined(__GNUC__)
#define GC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define GC_PRINTF(a, b)
#endif

/* Sets code, position and message; keeps the source; clears the path. */
void gc_error_set(gc_error *err, gc_code code, long line, long column,
                  const char *fmt, ...) GC_PRINTF(5, 6);

#endif
