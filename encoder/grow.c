/* grow.c: see grow.h. */
#include "grow.h"

#include <stdint.h>
#include <stdlib.h>

int gc_grow(void **p, size_t *cap, size_t need, size_t size) {
  if (need <= *cap)
    return 0;
  size_t c = *cap ? *cap * 2 : 32;
  while (c < need)
    c *= 2;
  if (size && c > SIZE_MAX / size)
    return -1;
  void *q = realloc(*p, c * size);
  if (!q)
    return -1;
  *p = q;
  *cap = c;
  return 0;
}
