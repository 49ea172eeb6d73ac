/*
 * order.c: a < b between two one-hot integers by support clauses (Gent,
 * "Arc consistency in SAT", ECAI 2002): every value needs a support on the
 * other side.  Unit propagation on them is arc consistency on the pair,
 * which for the monotone '<' is bounds consistency.
 */
#include "order.h"

void gc_enc_less_support(gc_cnf *cnf, const int *a, const int *b, int n) {
  int lits[GC_ORDER_MAX + 1];
  if (n < 1 || n > GC_ORDER_MAX) {
    gc_cnf_fail(cnf, GC_E_INTERNAL);
    return;
  }
  for (int v = 1; v <= n; v++) {
    /* a = v needs some b = w with w > v. */
    size_t k = 0;
    lits[k++] = -a[v - 1];
    for (int w = v + 1; w <= n; w++)
      lits[k++] = b[w - 1];
    gc_cnf_clause(cnf, lits, k);
    /* b = v needs some a = w with w < v. */
    k = 0;
    lits[k++] = -b[v - 1];
    for (int w = 1; w < v; w++)
      lits[k++] = a[w - 1];
    gc_cnf_clause(cnf, lits, k);
  }
}
