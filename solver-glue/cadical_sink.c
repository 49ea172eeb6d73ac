/* cadical_sink.c: clauses go literal by literal into CaDiCaL. */
#include <ccadical.h>

#include "cadical.h"

static int cad_add(void *self, const int *lits, size_t n) {
  CCaDiCaL *s = self;
  for (size_t i = 0; i < n; i++)
    ccadical_add(s, lits[i]);
  ccadical_add(s, 0);
  return 0;
}

static void cad_destroy(void *self) { (void)self; }

static const gc_sink_ops cad_ops = {cad_add, cad_destroy};

gc_sink gc_sink_cadical(CCaDiCaL *solver) {
  gc_sink s = {&cad_ops, solver};
  return s;
}
