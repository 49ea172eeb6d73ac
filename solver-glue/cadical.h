/* cadical.h: the CaDiCaL sink.  solver-glue/ is the only directory that
   includes ccadical.h. */
#ifndef GC_SOLVER_GLUE_CADICAL_H
#define GC_SOLVER_GLUE_CADICAL_H

#include "../encoder/cnf.h"

struct CCaDiCaL;
gc_sink gc_sink_cadical(struct CCaDiCaL *solver);

#endif
