/* order.h: order relations between one-hot integers. */
#ifndef GC_ENCODER_ORDER_H
#define GC_ENCODER_ORDER_H

#include "cnf.h"

#define GC_ORDER_MAX 64

/* a[v-1] and b[v-1] (v = 1..n) are the one-hot literals of two integers
   in 1..n; adds a < b as 2n support clauses:
     (a = v) -> OR_{w > v} (b = w)      (b = v) -> OR_{w < v} (a = w)
   two of which are units (a != n, b != 1). */
void gc_enc_less_support(gc_cnf *cnf, const int *a, const int *b, int n);

#endif
