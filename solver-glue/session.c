/*
 * session.c: see session.h.  CaDiCaL 1.5.3 facts this relies on
 * (encodings.md section 6): the whole model is read before any clause is
 * added; "quiet" stops the library from printing when a blocking clause is
 * falsified at the root; clauses with eliminated variables are restored
 * automatically, so no freezing is needed.
 */
#include "session.h"

#include <ccadical.h>
#include <limits.h>
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
  if (ss->extra && ss->extra->on_poll)
    ss->extra->on_poll(ss->extra->arg);
  if (ss->extra && ss->extra->race && atomic_load(ss->extra->race)) {
    ss->why = GC_STOP_INTERRUPT;
    return 1;
  }
  if (gc_stop_requested(ss->interrupt)) {
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
  if (!p->to.ops)
    return GC_E_NOMEM; /* the solver could not be made */
  return p->to.ops->add_clause(p->to.self, lits, n);
}
static void no_destroy(void *self) { (void)self; }
static const gc_sink_ops polled_ops = {polled_add, no_destroy};

static void set_preprocessing(CCaDiCaL *s, int on) {
  if (on)
    return;
  static const char *const passes[] = {"elim",    "subsume", "probe",
                                       "vivify",  "ternary", "decompose",
                                       "compact", NULL};
  for (const char *const *p = passes; *p; p++)
    ccadical_set_option(s, *p, 0);
}

/* Memory, roughly and from above, measured on the corpus (the heap's
   high-water mark against these counts): the flat clause array holds 4
   bytes per literal and per clause end, the simplification 12 bytes per
   clause and 13 per variable, its probing 8 more per variable and a copy
   of the literals left, an empty CaDiCaL 1.5.3 about 100 KB;
   CaDiCaL's share of a formula is about 40 bytes per clause (header and
   two watches), 8 per literal and 160 per variable (its tables grow by
   doubling), reserved at about 1.6 times that for what the search adds
   (a 25x25 4-star Star Battle: 10.6 MB at the end, 8.3 MB reserved). */
static size_t buffer_bound(long clauses, long lits, int vars) {
  return 16 * (size_t)clauses + 8 * (size_t)lits + 21 * (size_t)vars +
         (128 << 10);
}
static size_t solver_bound(size_t clauses, size_t lits, int vars) {
  return 64 * clauses + 16 * lits + 256 * (size_t)vars;
}

/* The formula's size before it is built: the encoding run once into the
   counting sink (about a twentieth of the time a first build into fresh
   memory takes, which is mostly page faults), so that lim->reserve can make
   the memory ready in one call before anything is written; the solver's
   share follows once the simplified formula's size is known (ready). */
static void reserve_ahead(gc_session *ss, const gc_options *opt,
                          const gc_limits *lim, gc_memsink *mem) {
  const gc_puzzle *pz = ss->pz;
  gc_cnf probe;
  gc_error err;
  gc_error_clear(&err);
  gc_cnf_init(&probe, gc_sink_null(), opt);
  gc_cnf_set_limits(&probe, lim);
  probe.poll = terminate_cb;
  probe.poll_arg = ss;
  int failed = pz->genre->encode(pz, &probe, &err) || gc_cnf_status(&probe);
  if (!failed) {
    lim->reserve(buffer_bound(probe.nclauses, probe.nliterals, probe.nvars));
    size_t cap = (size_t)probe.nliterals + (size_t)probe.nclauses;
    mem->lits = malloc((cap ? cap : 1) * sizeof *mem->lits);
    mem->cap = mem->lits ? cap : 0;
  }
  gc_cnf_release(&probe);
}

/* A fresh CaDiCaL configured from opt and x; suits: the search the
   formula suits (gc_cnf.search, 0 when not known), which option
   search=auto follows.  0 or -1 out of memory. */
static int make_solver(gc_session *ss, const gc_options *opt,
                       const gc_session_extra *x, int suits) {
  ss->solver = gc_cad_init();
  if (!ss->solver)
    return -1;
  ccadical_set_option(ss->solver, "quiet", 1);
  set_preprocessing(ss->solver, opt->preprocess);
  int search = opt->search == GC_SEARCH_AUTO ? suits : opt->search;
  ss->sparse = search == GC_SEARCH_SPARSE;
  if (search == GC_SEARCH_SPARSE) {
    /* stable mode only and every variable false first: a formula whose
       solutions set few of its variables (benchmarks/RESULTS.md) */
    ccadical_set_option(ss->solver, "stabilizeonly", 1);
    ccadical_set_option(ss->solver, "phase", 0);
  } else if (!opt->phase)
    ccadical_set_option(ss->solver, "phase", 0);
  if (x && x->stable) {
    ccadical_set_option(ss->solver, "stabilizeonly", 1);
    ccadical_set_option(ss->solver, "elim", 0);
  }
  return 0;
}

/* The last variable of a block. */
static int block_last(const gc_block *b) {
  return b->first + b->d0 * b->d1 * b->d2 - 1;
}

/* The sinks of a session decided by propagation: first the units record
   the cells' values, then any clause added (a blocking clause) is checked
   against them. */
static int decided_unit(void *self, const int *lits, size_t n) {
  gc_session *ss = self;
  if (n != 1)
    return GC_E_INTERNAL;
  ss->decided[abs(lits[0]) - ss->cell->first] = lits[0] > 0 ? 1 : -1;
  return 0;
}
static int decided_check(void *self, const int *lits, size_t n) {
  gc_session *ss = self;
  int first = ss->cell->first, last = block_last(ss->cell);
  for (size_t i = 0; i < n; i++) {
    int v = abs(lits[i]);
    if (v < first || v > last)
      return GC_E_INTERNAL; /* only cell literals can be judged here */
    if ((lits[i] > 0) == (ss->decided[v - first] > 0))
      return 0; /* satisfied */
  }
  ss->refuted = 1;
  return 0;
}
static const gc_sink_ops decided_unit_ops = {decided_unit, no_destroy};
static const gc_sink_ops decided_check_ops = {decided_check, no_destroy};

/* Between the simplification and the solver: the solver's share of the
   heap is reserved, and the solver made, unless propagation decided the
   puzzle and the caller allows that (then the units go to decided_unit). */
typedef struct {
  gc_session *ss;
  const gc_options *opt;
  const gc_limits *lim;
  polled *pl;
  int lo, hi, failed;
} handover;

static void hand_over(void *arg, size_t clauses, size_t lits) {
  handover *h = arg;
  gc_session *ss = h->ss;
  const gc_session_extra *x = ss->extra;
  size_t cells = (size_t)(h->hi - h->lo + 1);
  if (x && x->may_decide && ss->cell && clauses == cells && lits == cells) {
    ss->decided = calloc(cells, 1);
    if (ss->decided) {
      h->pl->to = (gc_sink){&decided_unit_ops, ss};
      return;
    }
  }
  size_t need = solver_bound(clauses, lits, ss->cnf.nvars);
  if (h->lim && h->lim->reserve)
    h->lim->reserve(need);
  /* A CaDiCaL that runs out of memory cannot be released, only parked
     (cadical_guard.cpp): a formula whose solver surely does not fit is
     refused before it starts (its share without the margin for what the
     search adds, a 1.6th of the bound, is asked of malloc and given
     back). */
  void *room = malloc(need / 8 * 5);
  free(room);
  if (!room || make_solver(ss, h->opt, x, ss->cnf.search)) {
    h->failed = 1;
    return;
  }
  h->pl->to = gc_sink_cadical(ss->solver);
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
  ss->sparse = 0;
  ss->solver = NULL;
  ss->decided = NULL;
  ss->refuted = 0;
  ss->fail = 0;
  ss->deadline = lim && lim->timeout > 0 ? t0 + lim->timeout * 1e3 : 0;
  ss->interrupt = lim ? lim->interrupt : NULL;
  /* Without clue groups the clauses go to memory first (groups' selectors
     must reach the solver as they are): then the formula's size is known
     before the solver allocates (lim->reserve), and option simplify can
     propagate it. */
  gc_memsink mem = {0};
  int buffered = !groups;
  if (buffered && lim && lim->reserve)
    reserve_ahead(ss, opt, lim, &mem);
  /* a buffered formula's solver is made once it is simplified (hand_over) */
  if (!buffered && make_solver(ss, opt, x, 0)) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  gc_cnf *cnf = &ss->cnf;
  gc_cnf_init(cnf, buffered ? gc_sink_memory(&mem) : gc_sink_cadical(ss->solver),
              opt);
  cnf->want_groups = groups;
  gc_cnf_set_limits(cnf, lim);
  cnf->poll = terminate_cb;
  cnf->poll_arg = ss;
  int failed = pz->genre->encode(pz, cnf, err) || gc_cnf_status(cnf);
  ss->cell = gc_cnf_find_block(cnf, "cell");
  if (buffered) {
    if (!failed && x && x->on_encoded)
      x->on_encoded(x->arg, cnf);
    if (!failed) {
      int rc;
      polled pl = {ss, {NULL, NULL}, 0};
      gc_sink to = {&polled_ops, &pl};
      const gc_block *b = ss->cell;
      handover h = {ss, opt, lim, &pl, b ? b->first : 1,
                    b ? block_last(b) : cnf->nvars, 0};
      if (opt->simplify) {
        size_t sent = 0;
        gc_simplify_probe how = {terminate_cb, ss, 0, 0};
        rc = gc_simplify_replay(&mem, cnf->nvars, h.lo, h.hi,
                                opt->probe ? &how : NULL, to, &sent, hand_over,
                                &h);
        ss->solver_clauses = ss->decided ? 0
                             : sent      ? (long)sent
                                         : cnf->nclauses; /* 0: as it was */
      } else {
        hand_over(&h, (size_t)cnf->nclauses, (size_t)cnf->nliterals);
        rc = gc_memsink_replay(&mem, to);
        ss->solver_clauses = cnf->nclauses;
      }
      if (!rc && h.failed)
        rc = GC_E_NOMEM;
      if (rc && ss->why != GC_STOP_NONE)
        cnf->stopped = 1;
      if (rc)
        gc_cnf_fail(cnf, rc);
      failed = rc != 0;
      /* from here on (blocking clauses) clauses go straight to the solver */
      cnf->sink = ss->decided ? (gc_sink){&decided_check_ops, ss} : pl.to;
    }
    gc_memsink_free(&mem);
  }
  if (failed) {
    if (cnf->stopped) {
      gc_error_clear(err);
      gc_session_close(ss);
      return 1;
    }
    if (gc_cnf_status(cnf) == GC_E_NOMEM)
      gc_error_set(err, GC_E_NOMEM, 0, 0,
                   "out of memory building the formula and the SAT solver");
    else if (gc_cnf_limit_error(cnf, err))
      ;
    else if (!err->code || gc_cnf_status(cnf))
      gc_error_set(err, gc_cnf_status(cnf) ? gc_cnf_status(cnf) : GC_E_INTERNAL,
                   0, 0, "encoding failed (%s)", gc_code_name(gc_cnf_status(cnf)));
    gc_session_close(ss);
    return -1;
  }
  if (!buffered)
    ss->solver_clauses = cnf->nclauses;
  /* The limits are the puzzle's formula's: what is added from now on (a
     blocking clause, a backbone unit) never counts against them, nor is it
     stopped half-way by a poll, so an addition fails only when the solver
     cannot take it (and gc_session_clause says so). */
  cnf->max_vars = cnf->max_clauses = 0;
  cnf->poll = NULL;
  if (ss->solver)
    ccadical_set_terminate(ss->solver, ss, terminate_cb);
  ss->encode_ms = gc_now_ms() - t0;
  return 0;
}

void gc_session_close(gc_session *ss) {
  gc_cnf_release(&ss->cnf);
  gc_cad_release(ss->solver);
  ss->solver = NULL;
  free(ss->decided);
  ss->decided = NULL;
}

int gc_session_solve(gc_session *ss, const int *assume, size_t n) {
  if (ss->fail)
    return -1;
  if (ss->decided) /* no assumptions here (see may_decide) */
    return n == 0 && !ss->refuted ? 10 : 20;
  int r = gc_cad_solve(ss->solver, assume, n);
  if (r < 0) {
    ss->fail = -r;
    return -1;
  }
  if (r == 0 && !ss->why)
    ss->why = GC_STOP_INTERRUPT; /* a conflict limit, reported as a stop */
  return r;
}

int gc_session_error(const gc_session *ss, gc_error *err) {
  if (ss->fail == GC_E_NOMEM)
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory (in the SAT solver)");
  else
    gc_error_set(err, ss->fail ? ss->fail : GC_E_INTERNAL, 0, 0,
                 "the SAT solver failed (%s)",
                 gc_code_name(ss->fail ? ss->fail : GC_E_INTERNAL));
  return -1;
}

static int cad_value(void *ctx, int var) {
  gc_session *ss = ctx;
  int v = ss->fail ? INT_MIN : gc_cad_val(ss->solver, var);
  if (v == INT_MIN) { /* the solver failed: read as unknown */
    ss->fail = GC_E_NOMEM;
    return 0;
  }
  return v;
}
static int decided_value(void *ctx, int var) {
  const gc_session *ss = ctx;
  return ss->decided[var - ss->cell->first] > 0 ? var : -var;
}

int gc_session_grid(gc_session *ss, gc_grid *g, gc_error *err) {
  const gc_puzzle *pz = ss->pz;
  if (ss->fail)
    return gc_session_error(ss, err);
  if (ss->decided ? gc_key_decode(pz, ss->cell, decided_value, ss, g, err)
                  : gc_key_decode(pz, ss->cell, cad_value, ss, g, err)) {
    if (ss->fail)
      return gc_session_error(ss, err);
    err->code = GC_E_INTERNAL;
    return -1;
  }
  if (ss->fail) {
    gc_grid_free(g);
    return gc_session_error(ss, err);
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

int gc_session_clause(gc_session *ss, const int *lits, size_t n,
                      gc_error *err) {
  if (ss->fail)
    return gc_session_error(ss, err);
  if (!gc_cnf_status(&ss->cnf)) {
    int guard = ss->cnf.guard; /* it belongs to no group */
    ss->cnf.guard = 0;
    gc_cnf_clause(&ss->cnf, lits, n);
    ss->cnf.guard = guard;
  }
  int st = gc_cnf_status(&ss->cnf);
  if (!st)
    return 0;
  /* the solver may be half-way through the clause: it is done for */
  ss->fail = st;
  if (st == GC_E_NOMEM)
    return gc_session_error(ss, err);
  gc_error_set(err, GC_E_INTERNAL, 0, 0,
               "a clause could not be added to the solver (%s)",
               gc_code_name(st));
  return -1;
}

int gc_session_block(gc_session *ss, const gc_grid *g, gc_error *err) {
  int n = ss->pz->n;
  int *lits = malloc((size_t)n * (size_t)n * sizeof *lits + 1);
  if (!lits) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  size_t k = gc_key_blocking_clause(ss->pz, ss->cell, g, lits);
  int rc = gc_session_clause(ss, lits, k, err);
  free(lits);
  return rc;
}

int gc_session_value(gc_session *ss, int lit) {
  int v = ss->fail ? INT_MIN : gc_cad_val(ss->solver, lit);
  if (v == INT_MIN) {
    ss->fail = GC_E_NOMEM;
    return 0;
  }
  return v;
}
int gc_session_failed(gc_session *ss, int lit) {
  if (ss->fail)
    return -1;
  int r = gc_cad_failed(ss->solver, lit);
  if (r < 0)
    ss->fail = GC_E_NOMEM;
  return r;
}
int gc_session_fixed(gc_session *ss, int lit) {
  int v = ss->fail ? INT_MIN : gc_cad_fixed(ss->solver, lit);
  if (v == INT_MIN) {
    ss->fail = GC_E_NOMEM;
    return 0;
  }
  return v;
}
void gc_session_limit_conflicts(gc_session *ss, int conflicts) {
  ccadical_limit(ss->solver, "conflicts", conflicts);
}
