/*
 * solve.c: one puzzle through CaDiCaL.  Solve, read the grid from the cell
 * block and check it with the genre's own rule checker (an answer that
 * fails it is an encoding bug, reported as GC_E_INTERNAL and never
 * returned), then add the clause that excludes it and solve again: UNSAT
 * proves the solution unique, SAT gives a second one.  Counting repeats the
 * last step.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "session.h"

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
  res->stats = (gc_stats){0};
}

void gc_result_free(gc_result *res) {
  gc_grid_free(&res->first);
  gc_grid_free(&res->second);
}

/* One solver's whole answer: the loop above on one session. */
static int solve_one(const gc_puzzle *pz, const gc_options *opt,
                     const gc_limits *lim, const gc_session_extra *x,
                     gc_result *res, gc_error *err) {
  gc_result_init(res);
  gc_error_clear(err);
  gc_session ss;
  /* a puzzle that propagation alone decides needs no solver */
  gc_session_extra mine = {0};
  if (x)
    mine = *x;
  mine.may_decide = 1;
  int opened = gc_session_open_ex(&ss, pz, opt, lim, 0, &mine, err);
  if (opened < 0)
    return -1;
  if (opened > 0) { /* stopped while encoding */
    res->stop = ss.why;
    return 0;
  }
  int rc = -1;
  res->stats.vars = ss.cnf.nvars;
  res->stats.clauses = ss.cnf.nclauses;
  res->stats.encode_ms = ss.encode_ms;
  res->stats.solver_clauses = ss.solver_clauses;
  res->stats.propagation_only = ss.decided != NULL;
  res->stats.sparse_search = ss.sparse;
  long cap = lim->mode == GC_MODE_FIRST    ? 1
             : lim->mode == GC_MODE_UNIQUE ? 2
                                           : (lim->count < 1 ? 1 : lim->count);
  int last = 0;
  double tprev = gc_now_ms();
  while (res->count < cap) {
    last = gc_session_solve(&ss, NULL, 0);
    double t = gc_now_ms();
    if (res->count == 0)
      res->stats.solve_ms = t - tprev;
    else
      res->stats.unique_ms += t - tprev;
    tprev = t;
    if (last < 0) { /* the solver failed (out of memory) */
      gc_session_error(&ss, err);
      goto done;
    }
    if (last != 10)
      break;
    gc_grid g;
    if (gc_session_grid(&ss, &g, err))
      goto done;
    res->count++;
    int enough = lim->on_solution && lim->on_solution(lim->ctx, res->count, &g);
    if (enough)
      cap = res->count;
    int block = res->count < cap ? gc_session_block(&ss, &g, err) : 0;
    if (res->count == 1)
      res->first = g;
    else if (res->count == 2)
      res->second = g;
    else
      gc_grid_free(&g);
    if (block)
      goto done;
  }
  res->complete = last == 20 || (last == 10 && lim->mode != GC_MODE_COUNT);
  if (last == 0)
    res->stop = ss.why ? ss.why : GC_STOP_INTERRUPT;
  if (res->count >= 2)
    res->status = GC_STATUS_MULTIPLE;
  else if (last == 0)
    res->status = GC_STATUS_UNKNOWN;
  else if (res->count == 0)
    res->status = GC_STATUS_NONE;
  else if (last == 10) /* stopped at the cap (--first, --count 1): unproven */
    res->status = GC_STATUS_SOLVED;
  else
    res->status = GC_STATUS_UNIQUE;
  if (lim->mode == GC_MODE_COUNT && res->count >= cap)
    res->complete = 0;
  rc = 0;
done:
  gc_session_close(&ss);
  return rc;
}

/*
 * The portfolio (option portfolio): a second thread answers the same
 * question and the first complete answer wins; the other session is
 * stopped through its terminate callback.  The second session runs the
 * genre's alternate encoding where it has one for the puzzle (Star Battle
 * with 3 or more stars: the pair counts the other way round), else
 * CaDiCaL's stable-only search on the same formula.  Which of several
 * solutions is shown can then vary from run to run.
 *
 * on: the second thread starts as soon as the formula is encoded.
 * auto: only where the genre has an alternate encoding and a second CPU
 * is there, and only once the first session has run gc_portfolio_delay_ms.
 * A second thread costs the first one time even on another core (on the
 * virtual machines measured, 2-3 ms on a 10 ms puzzle: both threads take
 * fresh memory from one address space), so puzzles that finish before the
 * delay never pay it, while the searches the encoding made unlucky (5x
 * the usual time and more) get a second draw (benchmarks/RESULTS.md).
 */
double gc_portfolio_delay_ms = 40.0;

typedef struct {
  const gc_puzzle *pz;
  const gc_options *opt; /* the second session's: the caller's or &alt */
  gc_options alt;
  gc_limits lim;
  gc_session_extra x;
  atomic_int winner; /* 0 none yet, 1 first, 2 second; non-zero stops both */
  pthread_t thread;
  int eligible;      /* encoded: the second session may start */
  int tried;         /* pthread_create was called */
  int started;
  double began;      /* gc_now_ms() at gc_solve's start */
  double start_at;   /* gc_now_ms() from which the second may start (on:
                        began, so at once once encoded) */
  double started_ms; /* when the second session started, after began */
  int rc;
  gc_result res;
  gc_error err;
} portfolio;

static void *second_main(void *arg) {
  portfolio *p = arg;
  p->rc = solve_one(p->pz, p->opt, &p->lim, &p->x, &p->res, &p->err);
  int none = 0; /* only a complete answer wins; else the first session will */
  if (p->rc == 0 && p->res.status != GC_STATUS_UNKNOWN)
    atomic_compare_exchange_strong(&p->winner, &none, 2);
  return NULL;
}

static void start_second(portfolio *p) {
  p->tried = 1;
  p->started_ms = gc_now_ms() - p->began;
  p->started = pthread_create(&p->thread, NULL, second_main, p) == 0;
}

/* The first session polls for a stop (encoding, simplification, search). */
static void on_poll(void *arg) {
  portfolio *p = arg;
  if (p->eligible && !p->tried && gc_now_ms() >= p->start_at)
    start_second(p);
}

/* The first session's formula is encoded (before it reaches the solver). */
static void on_encoded(void *arg, const gc_cnf *cnf) {
  (void)cnf;
  ((portfolio *)arg)->eligible = 1;
  on_poll(arg);
}

int gc_usable_cpus(void) {
#if defined(CPU_COUNT) && !defined(__EMSCRIPTEN__)
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0)
    return CPU_COUNT(&set);
#endif
  return 1;
}

int gc_solve(const gc_puzzle *pz, const gc_options *opt, const gc_limits *lim,
             gc_result *res, gc_error *err) {
  gc_options defaults;
  opt = gc_options_or_default(opt, &defaults);
  gc_limits nolim = {.mode = GC_MODE_UNIQUE, .count = 2};
  if (!lim)
    lim = &nolim;
  if (opt->portfolio == GC_PORTFOLIO_OFF || lim->mode == GC_MODE_COUNT ||
      lim->on_solution)
    return solve_one(pz, opt, lim, NULL, res, err);
  portfolio *p = calloc(1, sizeof *p);
  if (!p)
    return solve_one(pz, opt, lim, NULL, res, err);
  p->pz = pz;
  p->opt = opt;
  p->lim = *lim;
  p->lim.reserve = NULL; /* the other thread's heap is not the main one */
  atomic_init(&p->winner, 0);
  int alternate = pz->genre->alternate && pz->genre->alternate(pz, opt, &p->alt);
  if (alternate)
    p->opt = &p->alt; /* the genre's second encoding (option search as given) */
  else
    p->x.stable = 1;
  int delayed = opt->portfolio == GC_PORTFOLIO_AUTO;
  if (delayed && (!alternate || gc_usable_cpus() < 2)) {
    free(p);
    return solve_one(pz, opt, lim, NULL, res, err);
  }
  p->x.race = &p->winner;
  p->began = gc_now_ms();
  p->start_at = p->began + (delayed ? gc_portfolio_delay_ms : 0);
  gc_session_extra mine = {0};
  mine.race = &p->winner;
  mine.on_encoded = on_encoded;
  mine.on_poll = on_poll;
  mine.arg = p;
  int rc = solve_one(pz, opt, lim, &mine, res, err);
  int none = 0;
  atomic_compare_exchange_strong(&p->winner, &none, 1);
  if (p->started) {
    pthread_join(p->thread, NULL);
    if (atomic_load(&p->winner) == 2) { /* the second session answered first */
      gc_result_free(res);
      *res = p->res;
      *err = p->err;
      rc = p->rc;
      res->stats.portfolio = p->x.stable ? 2 : 3;
      res->stats.portfolio_start_ms = p->started_ms;
    } else {
      gc_result_free(&p->res);
      res->stats.portfolio = 1;
    }
  }
  free(p);
  return rc;
}
