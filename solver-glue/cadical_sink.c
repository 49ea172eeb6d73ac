/* cadical_sink.c: clauses go into CaDiCaL through the guarded call
   (cadical_guard.cpp), so that a solver out of memory refuses the clause
   instead of ending the process. */
#include "cadical.h"

static int cad_add(void *self, const int *lits, size_t n) {
  return gc_cad_clause(self, lits, n);
}

static void cad_destroy(void *self) { (void)self; }

static const gc_sink_ops cad_ops = {cad_add, cad_destroy};

gc_sink gc_sink_cadical(struct CCaDiCaL *solver) {
  gc_sink s = {&cad_ops, solver};
  return s;
}
