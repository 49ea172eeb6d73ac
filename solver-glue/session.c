/*
 * session.c: see session.h.  CaDiCaL 1.5.3 facts this relies on
 * (encodings.md section 6): the whole model is read before any clause is
 * added; "quiet" stops the library from printing when a blocking clause is
 * falsified at the root; clauses with eliminated variables are restored
 * automatically, so no freezing is needed.
 */
#include "session.h"

#include <ccadical.h>
#include <stdlib.h>
#include <time.h>

#include "cadical.h"
#include "simplify.h"

double gc_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int terminate_cb(void *state) { return gc_session_stopped(state); }

int gc_session_stopped(gc_session *ss) {
  if (ss->extra && ss->extra->race && atomic_load(ss->extra->race)) {
    ss->why = GC_STOP_INTERRUPT;
    return 1;
  }
  if (ss->interrupt && *ss->interrupt) {
    ss->why = GC_STOP_INTERRUPT;
    return 1;
  }
  if (ss->deadline > 0 && gc_now_ms() >= ss->deadline) {
    ss->why = GC_STOP_TIME;
    return 1;
  }
  return 0;
}

/* The solver's sink, polling for a stop every 1024 clauses while a
   buffered formula is handed over (CaDiCaL's own terminate callback is
   only polled during search). */
typedef struct {
  gc_session *ss;
  gc_sink to;
  unsigned k;
} polled;

static int polled_add(void *self, const int *lits, size_t n) {
  polled *p = self;
  if ((++p->k & 1023) == 0 && gc_session_stopped(p->ss))
    return GC_E_INTERNAL;
  return p->to.ops->add_clause(p->to.self, lits, n);
}
static void polled_destroy(void *self) { (void)self; }
static const gc_sink_ops polled_ops = {polled_add, polled_destroy};

static void set_preprocessing(CCaDiCaL *s, int on) {
  if (on)
    return;
  static const char *const passes[] = {"elim",    "subsume", "probe",
                                       "vivify",  "ternary", "decompose",
                                       "compact", NULL};
  for (const char *const *p = passes; *p; p++)
    ccadical_set_option(s, *p, 0);
}

/* What the simplification and CaDiCaL 1.5.3 allocate for a formula of
   this size, roughly and from above (measured on the corpus: a 25x25
   3-star Star Battle, 11,311 variables and 42,384 clauses, ends at 7.5 MB):
   per clause its header, literals and two watches, per variable the
   solver's tables (which grow by doubling). */
static size_t memory_bound(const gc_cnf *cnf, size_t lits) {
  return 64 * (size_t)cnf->nclauses + 16 * lits + 256 * (size_t)cnf->nvars;
}

int gc_session_open(gc_session *ss, const gc_puzzle *pz, const gc_options *opt,
                    const gc_limits *lim, int groups, gc_error *err) {
  return gc_session_open_ex(ss, pz, opt, lim, groups, NULL, err);
}

int gc_session_open_ex(gc_session *ss, const gc_puzzle *pz,
                       const gc_options *opt, const gc_limits *lim, int groups,
                       const gc_session_extra *x, gc_error *err) {
  double t0 = gc_now_ms();
  ss->extra = x;
  ss->pz = pz;
  ss->cell = NULL;
  ss->why = GC_STOP_NONE;
  ss->solver_clauses = 0;
  ss->deadline = lim && lim->timeout > 0 ? t0 + lim->timeout * 1e3 : 0;
  ss->interrupt = lim ? lim->interrupt : NULL;
  ss->solver = ccadical_init();
  if (!ss->solver) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  ccadical_set_option(ss->solver, "quiet", 1);
  set_preprocessing(ss->solver, opt->preprocess);
  if (!opt->phase)
    ccadical_set_option(ss->solver, "phase", 0);
  if (x && x->stable) {
    ccadical_set_option(ss->solver, "stabilizeonly", 1);
    ccadical_set_option(ss->solver, "elim", 0);
  }
  gc_cnf *cnf = &ss->cnf;
  /* Without clue groups the clauses go to memory first (groups' selectors
     must reach the solver as they are): then the formula's size is known
     before the solver allocates (lim->reserve), and option simplify can
     propagate it. */
  gc_memsink mem = {0};
  int buffered = !groups;
  gc_cnf_init(cnf, buffered ? gc_sink_memory(&mem) : gc_sink_cadical(ss->solver),
              opt);
  cnf->want_groups = groups;
  if (lim) {
    cnf->max_vars = lim->max_vars;
    cnf->max_clauses = lim->max_clauses;
  }
  cnf->poll = terminate_cb;
  cnf->poll_arg = ss;
  int failed = pz->genre->encode(pz, cnf, err) || gc_cnf_status(cnf);
  if (buffered) {
    /* from here on (blocking clauses) clauses go straight to the solver */
    cnf->sink = gc_sink_cadical(ss->solver);
    if (!failed && x && x->on_encoded)
      x->on_encoded(x->arg, cnf);
    if (!failed && lim && lim->reserve)
      lim->reserve(memory_bound(cnf, mem.len));
    if (!failed) {
      int rc;
      polled pl = {ss, cnf->sink, 0};
      gc_sink to = {&polled_ops, &pl};
      if (opt->simplify) {
        size_t sent = 0;
        const gc_block *b = gc_cnf_find_block(cnf, "cell");
        int lo = b ? b->first : 1;
        int hi = b ? b->first + b->d0 * b->d1 * b->d2 - 1 : cnf->nvars;
        rc = gc_simplify_replay(&mem, cnf->nvars, lo, hi, to, &sent);
        ss->solver_clauses = sent ? (long)sent : cnf->nclauses; /* 0: as it was */
      } else {
        rc = gc_memsink_replay(&mem, to);
        ss->solver_clauses = cnf->nclauses;
      }
      if (rc && ss->why != GC_STOP_NONE)
        cnf->stopped = 1;
      if (rc)
        gc_cnf_fail(cnf, rc);
      failed = rc != 0;
    }
    gc_memsink_free(&mem);
  }
  if (failed) {
    if (cnf->stopped) {
      gc_error_clear(err);
      gc_session_close(ss);
      return 1;
    }
    if (cnf->over == 1 && lim && lim->max_vars)
      gc_error_set(err, GC_E_TOO_LARGE, 0, 0,
                   "the formula needs more than %ld variables (--max-vars)",
                   lim->max_vars);
    else if (cnf->over == 2)
      gc_error_set(err, GC_E_TOO_LARGE, 0, 0,
                   "the formula needs more than %ld clauses (--max-clauses)",
                   lim->max_clauses);
    else if (gc_cnf_status(cnf) == GC_E_TOO_LARGE)
      gc_error_set(err, GC_E_TOO_LARGE, 0, 0, "the formula is too large");
    else if (!err->code || gc_cnf_status(cnf))
      gc_error_set(err, gc_cnf_status(cnf) ? gc_cnf_status(cnf) : GC_E_INTERNAL,
                   0, 0, "encoding failed (%s)", gc_code_name(gc_cnf_status(cnf)));
    gc_session_close(ss);
    return -1;
  }
  if (!buffered)
    ss->solver_clauses = cnf->nclauses;
  ss->cell = gc_cnf_find_block(cnf, "cell");
  ccadical_set_terminate(ss->solver, ss, terminate_cb);
  ss->encode_ms = gc_now_ms() - t0;
  return 0;
}

void gc_session_close(gc_session *ss) {
  gc_cnf_release(&ss->cnf);
  if (ss->solver)
    ccadical_release(ss->solver);
  ss->solver = NULL;
}

int gc_session_solve(gc_session *ss, const int *assume, size_t n) {
  for (size_t i = 0; i < n; i++)
    ccadical_assume(ss->solver, assume[i]);
  int r = ccadical_solve(ss->solver);
  if (r == 0 && !ss->why)
    ss->why = GC_STOP_INTERRUPT; /* a conflict limit, reported as a stop */
  return r;
}

static int cad_value(void *ctx, int var) { return ccadical_val(ctx, var); }

int gc_session_grid(gc_session *ss, gc_grid *g, gc_error *err) {
  const gc_puzzle *pz = ss->pz;
  if (gc_key_decode(pz, ss->cell, cad_value, ss->solver, g, err)) {
    err->code = GC_E_INTERNAL;
    return -1;
  }
  char why[200];
  if (!gc_check(pz, g, why, sizeof why)) {
    gc_error_set(err, GC_E_INTERNAL, 0, 0,
                 "encoding bug: the solver's answer breaks a rule: %s", why);
    gc_grid_free(g);
    return -1;
  }
  return 0;
}

int gc_session_block(gc_session *ss, const gc_grid *g, gc_error *err) {
  int n = ss->pz->n;
  int *lits = malloc((size_t)n * (size_t)n * sizeof *lits + 1);
  if (!lits) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  size_t k = gc_key_blocking_clause(ss->pz, ss->cell, g, lits);
  int guard = ss->cnf.guard; /* a blocking clause belongs to no group */
  ss->cnf.guard = 0;
  gc_cnf_clause(&ss->cnf, lits, k);
  ss->cnf.guard = guard;
  free(lits);
  return 0;
}

int gc_session_value(gc_session *ss, int lit) {
  return ccadical_val(ss->solver, lit);
}
int gc_session_failed(gc_session *ss, int lit) {
  return ccadical_failed(ss->solver, lit);
}
int gc_session_fixed(gc_session *ss, int lit) {
  return ccadical_fixed(ss->solver, lit);
}
void gc_session_limit_conflicts(gc_session *ss, int conflicts) {
  ccadical_limit(ss->solver, "conflicts", conflicts);
}
