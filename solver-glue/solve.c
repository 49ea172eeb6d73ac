/*
 * solve.c: one puzzle through CaDiCaL.  Encode straight into the solver,
 * solve, read the grid from the cell block, check it with the genre's own
 * rule checker (an answer that fails it is an encoding bug, reported as
 * GC_E_INTERNAL and never returned), then add the clause that excludes it
 * and solve again: UNSAT proves the solution unique, SAT gives a second one.
 * Counting repeats the last step.  The time limit and the interrupt flag are
 * polled through ccadical_set_terminate.
 *
 * CaDiCaL 1.5.3 facts this relies on (encodings.md section 6): the whole
 * model is read before any clause is added; "quiet" stops the library from
 * printing when a blocking clause is falsified at the root.
 */
#include <ccadical.h>
#include <stdlib.h>
#include <time.h>

#include "../genres/genre.h"
#include "cadical.h"

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct stopper {
  double deadline; /* ms on the monotonic clock, 0 = none */
  const volatile int *interrupt;
  gc_stop why;
} stopper;

static int terminate_cb(void *state) {
  stopper *st = state;
  if (st->interrupt && *st->interrupt) {
    st->why = GC_STOP_INTERRUPT;
    return 1;
  }
  if (st->deadline > 0 && now_ms() >= st->deadline) {
    st->why = GC_STOP_TIME;
    return 1;
  }
  return 0;
}

static int cad_value(void *ctx, int var) { return ccadical_val(ctx, var); }

const char *gc_status_name(gc_status s) {
  static const char *const names[] = {"unique", "multiple", "none",
                                      "unknown", "solved"};
  return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "unknown";
}

void gc_result_init(gc_result *res) {
  res->status = GC_STATUS_UNKNOWN;
  res->stop = GC_STOP_NONE;
  res->first.n = res->second.n = 0;
  res->first.cell = res->second.cell = NULL;
  res->count = 0;
  res->complete = 0;
  res->stats = (gc_stats){0, 0, 0, 0, 0, 0};
}

void gc_result_free(gc_result *res) {
  gc_grid_free(&res->first);
  gc_grid_free(&res->second);
}

/* Reads and checks the current model into g. */
static int take_model(const gc_puzzle *pz, CCaDiCaL *s, const gc_block *cell,
                      gc_grid *g, gc_error *err) {
  if (gc_key_decode(pz, cell, cad_value, s, g, err)) {
    err->code = GC_E_INTERNAL;
    return -1;
  }
  char why[200];
  if (!pz->genre->check(pz, g, why, sizeof why)) {
    gc_error_set(err, GC_E_INTERNAL, 0, 0,
                 "encoding bug: the solver's answer breaks a rule: %s", why);
    gc_grid_free(g);
    return -1;
  }
  return 0;
}

static void set_preprocessing(CCaDiCaL *s, int on) {
  if (on)
    return;
  static const char *const passes[] = {"elim",    "subsume", "probe",
                                       "vivify",  "ternary", "decompose",
                                       "compact", NULL};
  for (const char *const *p = passes; *p; p++)
    ccadical_set_option(s, *p, 0);
}

int gc_solve(const gc_puzzle *pz, const gc_options *opt, const gc_limits *lim,
             gc_result *res, gc_error *err) {
  gc_options defaults;
  if (!opt) {
    gc_options_default(&defaults);
    opt = &defaults;
  }
  gc_limits nolim = {GC_MODE_UNIQUE, 2, 0, NULL, 0, 0};
  if (!lim)
    lim = &nolim;
  gc_result_init(res);
  gc_error_clear(err);
  double t0 = now_ms();
  stopper st = {lim->timeout > 0 ? t0 + lim->timeout * 1e3 : 0, lim->interrupt,
                GC_STOP_NONE};
  CCaDiCaL *s = ccadical_init();
  if (!s) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  ccadical_set_option(s, "quiet", 1);
  set_preprocessing(s, opt->preprocess);
  gc_cnf cnf;
  gc_cnf_init(&cnf, gc_sink_cadical(s), opt);
  cnf.max_vars = lim->max_vars;
  cnf.max_clauses = lim->max_clauses;
  int rc = -1;
  int *block = NULL;
  if (pz->genre->encode(pz, &cnf, err) || gc_cnf_status(&cnf)) {
    if (cnf.over == 1 && lim->max_vars)
      gc_error_set(err, GC_E_TOO_LARGE, 0, 0,
                   "the formula needs more than %ld variables (--max-vars)",
                   lim->max_vars);
    else if (cnf.over == 2)
      gc_error_set(err, GC_E_TOO_LARGE, 0, 0,
                   "the formula needs more than %ld clauses (--max-clauses)",
                   lim->max_clauses);
    else if (gc_cnf_status(&cnf) == GC_E_TOO_LARGE)
      gc_error_set(err, GC_E_TOO_LARGE, 0, 0, "the formula is too large");
    else if (!err->code)
      gc_error_set(err, gc_cnf_status(&cnf) ? gc_cnf_status(&cnf) : GC_E_INTERNAL,
                   0, 0, "encoding failed (%s)",
                   gc_code_name(gc_cnf_status(&cnf)));
    goto done;
  }
  const gc_block *cell = gc_cnf_find_block(&cnf, "cell");
  block = malloc((size_t)pz->n * (size_t)pz->n * sizeof *block + 1);
  if (!block) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  res->stats.vars = cnf.nvars;
  res->stats.clauses = cnf.nclauses;
  double t1 = now_ms();
  res->stats.encode_ms = t1 - t0;
  ccadical_set_terminate(s, &st, terminate_cb);
  long cap = lim->mode == GC_MODE_FIRST    ? 1
             : lim->mode == GC_MODE_UNIQUE ? 2
                                           : (lim->count < 1 ? 1 : lim->count);
  int last = 0;
  double tprev = t1;
  while (res->count < cap) {
    last = ccadical_solve(s);
    double t = now_ms();
    if (res->count == 0)
      res->stats.solve_ms = t - tprev;
    else
      res->stats.unique_ms += t - tprev;
    tprev = t;
    if (last != 10)
      break;
    gc_grid g;
    if (take_model(pz, s, cell, &g, err))
      goto done;
    res->count++;
    if (res->count == 1)
      res->first = g;
    else if (res->count == 2)
      res->second = g;
    else
      gc_grid_free(&g);
    if (res->count < cap) {
      const gc_grid *just = res->count == 1 ? &res->first
                            : res->count == 2 ? &res->second
                                              : NULL;
      gc_grid tmp = {0, NULL};
      if (!just) { /* a third or later solution: read it again to block it */
        if (gc_key_decode(pz, cell, cad_value, s, &tmp, err))
          goto done;
        just = &tmp;
      }
      size_t k = gc_key_blocking_clause(pz, cell, just, block);
      gc_grid_free(&tmp);
      gc_cnf_clause(&cnf, block, k);
    }
  }
  res->complete = last == 20 || (last == 10 && lim->mode != GC_MODE_COUNT);
  if (last == 0)
    res->stop = st.why ? st.why : GC_STOP_INTERRUPT;
  if (res->count >= 2)
    res->status = GC_STATUS_MULTIPLE;
  else if (last == 0)
    res->status = GC_STATUS_UNKNOWN;
  else if (res->count == 0)
    res->status = GC_STATUS_NONE;
  else if (lim->mode == GC_MODE_FIRST)
    res->status = GC_STATUS_SOLVED;
  else
    res->status = GC_STATUS_UNIQUE;
  if (lim->mode == GC_MODE_COUNT && res->count >= cap)
    res->complete = 0;
  rc = 0;
done:
  free(block);
  gc_cnf_release(&cnf);
  ccadical_release(s);
  return rc;
}
