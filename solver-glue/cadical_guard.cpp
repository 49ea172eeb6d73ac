// cadical_guard.cpp: the calls into CaDiCaL that can allocate, with the
// C++ exceptions they may throw (std::bad_alloc when memory runs out)
// caught here, at the last C++ frame, and turned into return codes (see
// cadical.h).  Everything else of solver-glue/ is C.
//
// A solver that threw is not released: CaDiCaL 1.5.3 is not exception
// safe (its tables grow one after another in Internal::enlarge, and a
// failure between two leaves sizes that its destructor would free with:
// "free(): invalid pointer").  It is parked instead, kept reachable until
// the process ends; its memory is lost to the process, which is still
// better than a crash.  The solver glue asks for the solver's memory
// before making one (session.c), so that a formula that does not fit
// fails before CaDiCaL starts and nothing is parked.
#include <ccadical.h>

#include <climits>
#include <cstdlib>
#include <mutex>
#include <new>

#include "cadical.h"

namespace {

std::mutex parked_lock;
CCaDiCaL **parked; // solvers that threw (malloc'd array)
size_t nparked, capparked;

void park(CCaDiCaL *s) {
  std::lock_guard<std::mutex> hold(parked_lock);
  for (size_t i = 0; i < nparked; i++)
    if (parked[i] == s)
      return;
  if (nparked == capparked) {
    size_t cap = capparked ? 2 * capparked : 16;
    void *p = std::realloc(parked, cap * sizeof *parked);
    if (!p)
      return; // then it is simply lost
    parked = static_cast<CCaDiCaL **>(p);
    capparked = cap;
  }
  parked[nparked++] = s;
}

bool is_parked(CCaDiCaL *s) {
  std::lock_guard<std::mutex> hold(parked_lock);
  for (size_t i = 0; i < nparked; i++)
    if (parked[i] == s)
      return true;
  return false;
}

} // namespace

extern "C" {

CCaDiCaL *gc_cad_init(void) {
  try {
    return ccadical_init();
  } catch (...) {
    return nullptr; // (what the constructor made is lost with it)
  }
}

int gc_cad_clause(CCaDiCaL *s, const int *lits, size_t n) {
  try {
    for (size_t i = 0; i < n; i++)
      ccadical_add(s, lits[i]);
    ccadical_add(s, 0);
    return 0;
  } catch (const std::bad_alloc &) {
    park(s);
    return GC_E_NOMEM;
  } catch (...) {
    park(s);
    return GC_E_INTERNAL;
  }
}

int gc_cad_assume(CCaDiCaL *s, int lit) {
  try {
    ccadical_assume(s, lit);
    return 0;
  } catch (...) {
    park(s);
    return -1;
  }
}

int gc_cad_constrain(CCaDiCaL *s, int lit) {
  try {
    ccadical_constrain(s, lit);
    return 0;
  } catch (...) {
    park(s);
    return -1;
  }
}

void gc_cad_limit_conflicts(CCaDiCaL *s, int conflicts) {
  try {
    ccadical_limit(s, "conflicts", conflicts);
  } catch (...) {
    park(s);
  }
}

int gc_cad_solve(CCaDiCaL *s, const int *assume, size_t n) {
  try {
    for (size_t i = 0; i < n; i++)
      ccadical_assume(s, assume[i]);
    return ccadical_solve(s);
  } catch (const std::bad_alloc &) {
    park(s);
    return -GC_E_NOMEM;
  } catch (...) {
    park(s);
    return -GC_E_INTERNAL;
  }
}

int gc_cad_failed(CCaDiCaL *s, int lit) {
  try {
    return ccadical_failed(s, lit) ? 1 : 0;
  } catch (...) {
    park(s);
    return -1;
  }
}

int gc_cad_val(CCaDiCaL *s, int lit) {
  try {
    return ccadical_val(s, lit); // (the first after a solve extends the model)
  } catch (...) {
    park(s);
    return INT_MIN;
  }
}

int gc_cad_fixed(CCaDiCaL *s, int lit) {
  try {
    return ccadical_fixed(s, lit);
  } catch (...) {
    park(s);
    return INT_MIN;
  }
}

void gc_cad_release(CCaDiCaL *s) {
  if (!s || is_parked(s))
    return;
  try {
    ccadical_release(s);
  } catch (...) {
    // nothing more can be done with it
  }
}

} // extern "C"
