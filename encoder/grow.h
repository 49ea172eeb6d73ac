/* grow.h: room in a growing array. */
#ifndef GC_ENCODER_GROW_H
#define GC_ENCODER_GROW_H

#include <stddef.h>

/* Makes *p (of *cap elements of size bytes) hold at least need elements,
   doubling from 32; 0, or -1 when out of memory (then *p and *cap are as
   they were). */
int gc_grow(void **p, size_t *cap, size_t need, size_t size);

#endif
