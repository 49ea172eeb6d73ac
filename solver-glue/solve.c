/*
 * solve.c: one puzzle through CaDiCaL.  Solve, read the grid from the cell
 * block and check it with the genre's own rule checker (an answer that
 * fails it is an encoding bug, reported as GC_E_INTERNAL and never
 * returned), then add the clause that excludes it and solve again: UNSAT
 * proves the solution unique, SAT gives a second one.  Counting repeats the
 * last step.
 */
#include <pthread.h>
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
 * The portfolio (option portfolio): CaDiCaL's default search is quick to
 * prove a unique puzzle unique, its stable-only search ("--sat"-like) quick
 * to find the first solution of a large puzzle with several (the
 * measurements are in benchmarks/RESULTS.md).  Once the default session
 * has encoded a formula of PORTFOLIO_CLAUSES clauses or more, a second
 * thread answers the same question in stable mode; the first complete
 * answer is kept and the other session is stopped through its terminate
 * callback.  Which of several solutions is shown can then vary from run
 * to run.  Off by default: on the corpus's unique Star Battles the second
 * thread costs the default session 10-40 % (two heaps, the join), while it
 * saves up to 40 % on large puzzles with several solutions.
 */
#define PORTFOLIO_CLAUSES 20000

typedef struct {
  const gc_puzzle *pz;
  const gc_options *opt;
  gc_limits lim;
  gc_session_extra x;
  atomic_int winner; /* 0 none yet, 1 default, 2 stable; non-zero stops both */
  pthread_t thread;
  int started;
  int rc;
  gc_result res;
  gc_error err;
} portfolio;

static void *stable_main(void *arg) {
  portfolio *p = arg;
  p->rc = solve_one(p->pz, p->opt, &p->lim, &p->x, &p->res, &p->err);
  int none = 0; /* only a complete answer wins; else the default session will */
  if (p->rc == 0 && p->res.status != GC_STATUS_UNKNOWN)
    atomic_compare_exchange_strong(&p->winner, &none, 2);
  return NULL;
}

static void start_stable(void *arg, const gc_cnf *cnf) {
  portfolio *p = arg;
  if (p->started || (p->opt->portfolio == GC_PORTFOLIO_AUTO &&
                     cnf->nclauses < PORTFOLIO_CLAUSES))
    return;
  p->started = pthread_create(&p->thread, NULL, stable_main, p) == 0;
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
  p->x.stable = 1;
  p->x.race = &p->winner;
  gc_session_extra mine = {0, &p->winner, start_stable, p, 0};
  int rc = solve_one(pz, opt, lim, &mine, res, err);
  int none = 0;
  atomic_compare_exchange_strong(&p->winner, &none, 1);
  if (p->started) {
    pthread_join(p->thread, NULL);
    if (atomic_load(&p->winner) == 2) { /* the stable session answered first */
      gc_result_free(res);
      *res = p->res;
      *err = p->err;
      rc = p->rc;
      res->stats.portfolio = 2;
    } else {
      gc_result_free(&p->res);
      res->stats.portfolio = 1;
    }
  }
  free(p);
  return rc;
}
