/*
 * generate.c: gc_generate (encodings.md section 7).  The genre makes a
 * random solution and the full puzzle of it (genre.h, member generate);
 * what is shared happens here:
 *
 * any, hard  One incremental CaDiCaL with every clue behind a selector
 *            (gc_session_open with groups): solve under every selector,
 *            add the solution's blocking clause permanently, then
 *            gc_session_drop_clues in a random order from the seed (givens
 *            first when the genre asks for it, and always for hard, since
 *            givens are what propagation feeds on): a clue goes when the
 *            rest is still UNSAT, i.e. still makes the solution unique.
 * easy       The same loop, but a clue goes when unit propagation on the
 *            rest still decides every cell (propagate.c, the selectors of
 *            the dropped clues assigned false); no SAT call is needed,
 *            since a puzzle that propagation solves is unique.
 *
 * Star Battle has no clues to drop: its generate member changes regions
 * until the solution is unique, asking the solver gc_gen_ctx offers (a
 * fresh session per question, since the regions are the formula).  Every result
 * is then written as its JSON record, read back as any input is, and proven
 * unique by gc_solve on a fresh solver; "hard" also rates it (gc_rate) and
 * tries a fresh solution while it is rated "easy" or "medium".
 */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ccadical.h>

#include "propagate.h"
#include "session.h"
#include "steps.h"

/* The genre's solvers (gc_gen_ctx) may run on several threads at once
   (gc_gen_params.threads): their calls are counted in gcalls, the progress
   callback is called from the thread of gc_generate alone, and a failure
   is kept under a lock. */
typedef struct gen_run {
  const gc_options *opt;
  const gc_limits *lim;
  double deadline; /* ms, 0 = none */
  long calls;          /* this thread's own solver calls */
  atomic_long gcalls;  /* the genre's solver calls, on any thread */
  atomic_long begun;   /* the genre's attempts begun, on any thread */
  pthread_t owner;     /* the thread of gc_generate */
  const gc_gen_params *p; /* its progress callback */
  gc_gen_info *info;      /* the work so far */
  double t0;
  pthread_mutex_t lock; /* fail and failed */
  gc_error fail; /* a solver of the genre's failed (out of memory) */
  atomic_int failed;
} gen_run;

static void nomem(gc_error *err) {
  gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
}

/* Tells p->progress about the work so far. */
static void gen_progress(gen_run *g) {
  if (!g->p->progress || !pthread_equal(pthread_self(), g->owner))
    return;
  g->info->calls = g->calls + atomic_load(&g->gcalls);
  g->info->attempts = atomic_load(&g->begun);
  g->info->ms = gc_now_ms() - g->t0;
  g->p->progress(g->p->progress_ctx, g->info);
}

/* A copy of the limits with the time that is left; 1 when none is left or
   an interrupt is pending. */
static int limits_left(const gen_run *g, gc_limits *out) {
  memset(out, 0, sizeof *out);
  if (g->lim)
    *out = *g->lim;
  out->mode = GC_MODE_UNIQUE;
  if (g->lim && g->lim->interrupt && *g->lim->interrupt)
    return 1;
  if (g->deadline > 0) {
    double left = g->deadline - gc_now_ms();
    if (left <= 0)
      return 1;
    out->timeout = left / 1e3;
  }
  return 0;
}

/* gc_gen_ctx's solvers: a session on the genre's puzzle (a fresh one for
   every structure the genre asks about), or a bare CaDiCaL for the genre's
   own formula. */
typedef struct gen_solver {
  gen_run *g;
  gc_session ss;
  CCaDiCaL *raw; /* the bare solver, else NULL */
} gen_solver;

static void *solver_open(void *arg, const gc_puzzle *pz, gc_error *err) {
  gen_run *g = arg;
  gc_limits lim;
  gc_error_clear(err);
  if (limits_left(g, &lim))
    return NULL;
  lim.reserve = NULL;
  gen_solver *h = calloc(1, sizeof *h);
  if (!h) {
    nomem(err);
    return NULL;
  }
  h->g = g;
  int r = gc_session_open(&h->ss, pz, g->opt, &lim, 0, err);
  if (r) {
    if (r > 0)
      gc_error_clear(err);
    free(h);
    return NULL;
  }
  return h;
}

/* The bare solver's stop: the run's time limit or an interrupt. */
static int raw_terminate(void *arg) {
  gen_run *g = arg;
  if (g->lim && g->lim->interrupt && *g->lim->interrupt)
    return 1;
  return g->deadline > 0 && gc_now_ms() >= g->deadline;
}

static void *solver_raw(void *arg, gc_error *err) {
  gen_run *g = arg;
  gen_solver *h = calloc(1, sizeof *h);
  gc_error_clear(err);
  if (!h || !(h->raw = ccadical_init())) {
    free(h);
    nomem(err);
    return NULL;
  }
  h->g = g;
  ccadical_set_option(h->raw, "quiet", 1);
  ccadical_set_terminate(h->raw, g, raw_terminate);
  return h;
}

static int solver_solve(void *arg, const int *assume, size_t n) {
  gen_solver *h = arg;
  atomic_fetch_add(&h->g->gcalls, 1);
  gen_progress(h->g);
  if (!h->raw) {
    int r = gc_session_solve(&h->ss, assume, n);
    if (r < 0) { /* the genre sees a stop; gc_generate reports the failure */
      pthread_mutex_lock(&h->g->lock);
      if (!h->g->failed)
        gc_session_error(&h->ss, &h->g->fail);
      h->g->failed = 1;
      pthread_mutex_unlock(&h->g->lock);
    }
    return r < 0 ? 0 : r;
  }
  for (size_t i = 0; i < n; i++)
    ccadical_assume(h->raw, assume[i]);
  return ccadical_solve(h->raw);
}

static int solver_solve_within(void *arg, long conflicts) {
  gen_solver *h = arg;
  int limit = conflicts > INT_MAX ? INT_MAX : (int)conflicts;
  if (h->raw)
    ccadical_limit(h->raw, "conflicts", limit);
  else if (h->ss.solver) /* none when propagation decided the puzzle */
    gc_session_limit_conflicts(&h->ss, limit);
  else
    return solver_solve(arg, NULL, 0);
  int r = solver_solve(arg, NULL, 0);
  int stopped = h->raw ? raw_terminate(h->g) : gc_session_stopped(&h->ss);
  return r == 0 && !stopped && !h->g->failed ? 1 : r; /* 1: the limit */
}

static int solver_model(void *arg, gc_grid *g, gc_error *err) {
  gen_solver *h = arg;
  if (h->raw) {
    gc_error_set(err, GC_E_INTERNAL, 0, 0, "a bare solver has no grid");
    return -1;
  }
  return gc_session_grid(&h->ss, g, err);
}

static int solver_value(void *arg, int lit) {
  gen_solver *h = arg;
  return h->raw ? ccadical_val(h->raw, lit) : gc_session_value(&h->ss, lit);
}

static void solver_clause(void *arg, const int *lits, size_t n) {
  gen_solver *h = arg;
  if (!h->raw) {
    gc_cnf_clause(&h->ss.cnf, lits, n);
    return;
  }
  for (size_t i = 0; i < n; i++)
    ccadical_add(h->raw, lits[i]);
  ccadical_add(h->raw, 0);
}

static void solver_close(void *arg) {
  gen_solver *h = arg;
  if (!h)
    return;
  if (h->raw)
    ccadical_release(h->raw);
  else
    gc_session_close(&h->ss);
  free(h);
}

/* The groups that are clues (a place in the record), in a random order,
   givens first when asked. */
static size_t clue_order(const gc_cnf *cnf, gc_rng *rng, int givens_first,
                         int *order) {
  size_t k = 0;
  for (size_t i = 0; i < cnf->ngroups; i++)
    if (cnf->groups[i].key[0])
      order[k++] = (int)i;
  gc_rng_shuffle(rng, order, k);
  if (givens_first) {
    int *tmp = order + k; /* room for k more (the caller's buffer is 2x) */
    size_t a = 0;
    for (int pass = 0; pass < 2; pass++)
      for (size_t i = 0; i < k; i++)
        if (!strcmp(cnf->groups[order[i]].key, "givens") == !pass)
          tmp[a++] = order[i];
    memcpy(order, tmp, k * sizeof *order);
  }
  return k;
}

/* The record of pz with the clues keep says (info: how many of how many);
   0 with *record, or -1 with err (out of memory). */
static int kept_record(const gc_puzzle *pz, const gc_cnf *cnf, const char *keep,
                       gc_gen_info *info, char **record, gc_error *err) {
  info->clues_kept = 0;
  info->clues_full = 0;
  for (size_t i = 0; i < cnf->ngroups; i++)
    if (cnf->groups[i].key[0]) {
      info->clues_full++;
      info->clues_kept += keep[i] != 0;
    }
  if (!(*record = gc_record_without(pz, cnf, keep))) {
    nomem(err);
    return -1;
  }
  return 0;
}

/* Clue removal while unique (any, hard).  0 with *record; 1 stopped; -1. */
static int reduce_unique(gen_run *g, const gc_puzzle *pz, gc_rng *rng,
                         int givens_first, char **record, gc_gen_info *info,
                         gc_error *err) {
  gc_limits lim;
  if (limits_left(g, &lim))
    return 1;
  gc_session ss;
  int r = gc_session_open(&ss, pz, g->opt, &lim, 1, err);
  if (r)
    return r < 0 ? -1 : 1;
  int rc = -1;
  size_t n = ss.cnf.ngroups;
  int *sel = malloc((n + 1) * sizeof *sel);
  int *order = malloc((2 * n + 1) * sizeof *order);
  char *keep = malloc(n + 1);
  gc_grid sol = {0, NULL};
  if (!sel || !order || !keep) {
    nomem(err);
    goto done;
  }
  for (size_t i = 0; i < n; i++)
    sel[i] = ss.cnf.groups[i].selector;
  memset(keep, 1, n);
  g->calls++;
  r = gc_session_solve(&ss, sel, n);
  if (r < 0) {
    gc_session_error(&ss, err);
    goto done;
  }
  if (r == 0) {
    rc = 1;
    goto done;
  }
  if (r != 10 || gc_session_grid(&ss, &sol, err) ||
      !gc_grid_equal(&sol, &pz->known)) {
    if (!err->code)
      gc_error_set(err, GC_E_INTERNAL, 0, 0,
                   "the full puzzle does not have its solution as the first "
                   "model");
    goto done;
  }
  if (gc_session_block(&ss, &sol, err))
    goto done;
  g->calls++;
  r = gc_session_solve(&ss, sel, n);
  if (r != 20) {
    if (r < 0)
      gc_session_error(&ss, err);
    else if (r == 0)
      rc = 1;
    else
      gc_error_set(err, GC_E_INTERNAL, 0, 0, "the full puzzle is not unique");
    goto done;
  }
  size_t k = clue_order(&ss.cnf, rng, givens_first, order);
  r = gc_session_drop_clues(&ss, order, k, keep, &g->calls, err);
  if (r) {
    rc = r < 0 ? -1 : 1;
    goto done;
  }
  if (kept_record(pz, &ss.cnf, keep, info, record, err))
    goto done;
  rc = 0;
done:
  gc_grid_free(&sol);
  free(sel);
  free(order);
  free(keep);
  gc_session_close(&ss);
  return rc;
}

/* Does propagation decide every cell with the clues in keep? */
static int up_solves(gc_up *u, const gc_cnf *cnf, const gc_block *cell,
                     const char *keep) {
  size_t mark = gc_up_mark(u);
  int ok = 1;
  for (size_t j = 0; j < cnf->ngroups && ok; j++) {
    int s = cnf->groups[j].selector;
    ok = gc_up_assume(u, keep[j] ? s : -s) == 0;
  }
  ok = ok && gc_up_cells(u, cell) == cell->d0 * cell->d1;
  gc_up_undo(u, mark);
  return ok;
}

/* Clue removal while propagation alone solves it (easy).  0 with
   *record; 2 when the full puzzle is not solved by propagation (a genre
   with no clues to give); -1. */
static int reduce_easy(gen_run *g, const gc_puzzle *pz, gc_rng *rng,
                       int givens_first, char **record, gc_gen_info *info,
                       gc_error *err) {
  gc_cnf cnf;
  gc_memsink mem;
  memset(&mem, 0, sizeof mem);
  gc_cnf_init(&cnf, gc_sink_memory(&mem), g->opt);
  gc_cnf_set_limits(&cnf, g->lim);
  cnf.want_groups = 1;
  int rc = -1;
  gc_up *u = NULL;
  size_t n = 0;
  int *order = NULL;
  char *keep = NULL;
  if (pz->genre->encode(pz, &cnf, err) || gc_cnf_status(&cnf)) {
    if (!err->code && !gc_cnf_limit_error(&cnf, err))
      gc_error_set(err,
                   gc_cnf_status(&cnf) ? gc_cnf_status(&cnf) : GC_E_INTERNAL, 0,
                   0, "encoding failed");
    goto done;
  }
  n = cnf.ngroups;
  const gc_block *cell = gc_cnf_find_block(&cnf, "cell");
  order = malloc((2 * n + 1) * sizeof *order);
  keep = malloc(n + 1);
  if (!order || !keep || !(u = gc_up_new(&mem, cnf.nvars))) {
    nomem(err);
    goto done;
  }
  memset(keep, 1, n);
  g->calls++;
  if (gc_up_root_conflict(u) || !up_solves(u, &cnf, cell, keep)) {
    rc = 2;
    goto done;
  }
  size_t k = clue_order(&cnf, rng, givens_first, order);
  for (size_t t = 0; t < k; t++) {
    if (g->lim && g->lim->interrupt && *g->lim->interrupt) {
      rc = 1;
      goto done;
    }
    keep[order[t]] = 0;
    g->calls++;
    if (!up_solves(u, &cnf, cell, keep))
      keep[order[t]] = 1;
  }
  if (kept_record(pz, &cnf, keep, info, record, err))
    goto done;
  rc = 0;
done:
  gc_up_free(u);
  free(order);
  free(keep);
  gc_cnf_release(&cnf);
  gc_memsink_free(&mem);
  return rc;
}

static gc_puzzle *read_back(const char *record, const gc_grid *known,
                            gc_error *err);
static gc_puzzle *object_back(json_t *rec, const gc_grid *known, gc_error *err);

/* pz without the clues keep leaves out, written as its record and read
   back; NULL with err. */
static gc_puzzle *puzzle_without(const gc_puzzle *pz, const gc_cnf *cnf,
                                 const char *keep, gc_error *err) {
  json_t *rec = gc_object_without(pz, cnf, keep);
  gc_puzzle *out = rec ? object_back(rec, &pz->known, err) : NULL;
  json_decref(rec);
  if (!out && !err->code)
    nomem(err);
  return out;
}

/* Clue removal while the techniques up to `level` still solve the
   puzzle (--difficulty LEVEL, Tatham's way): each clue in turn is left
   out (of a copy, by the genre's clue member; else of the record, which
   is read back) and the closure of those techniques asked whether it
   still solves the puzzle (gc_steps_solves).  0 with *record; 2 when the full
   puzzle is not solved at that level; 1 stopped; -1. */
static int reduce_level(gen_run *g, const gc_puzzle *pz, gc_rng *rng,
                        int givens_first, int level, char **record,
                        gc_gen_info *info, gc_error *err) {
  gc_cnf cnf;
  gc_memsink mem;
  memset(&mem, 0, sizeof mem);
  gc_cnf_init(&cnf, gc_sink_memory(&mem), g->opt);
  cnf.want_groups = 1;
  int rc = -1;
  int *order = NULL;
  char *keep = NULL;
  gc_puzzle *work = NULL; /* the copy the genre's clue member edits */
  if (pz->genre->encode(pz, &cnf, err) || gc_cnf_status(&cnf)) {
    if (!err->code)
      gc_error_set(err,
                   gc_cnf_status(&cnf) ? gc_cnf_status(&cnf) : GC_E_INTERNAL, 0,
                   0, "encoding failed");
    goto done;
  }
  size_t n = cnf.ngroups;
  order = malloc((2 * n + 1) * sizeof *order);
  keep = malloc(n + 1);
  if (!order || !keep) {
    nomem(err);
    goto done;
  }
  memset(keep, 1, n);
  size_t k = clue_order(&cnf, rng, givens_first, order);
  /* the genre takes clues out of a copy in place (its clue member); else
     each trial is written without them and read back */
  int (*clue)(gc_puzzle *, const gc_puzzle *, const gc_group *, int) =
      pz->genre->clue;
  if (clue && !(work = puzzle_without(pz, &cnf, keep, err)))
    goto done;
  /* t = 0: the full puzzle; then each clue left out in turn */
  for (size_t t = 0; t <= k; t++) {
    const gc_group *out = t > 0 ? &cnf.groups[order[t - 1]] : NULL;
    if (out)
      keep[order[t - 1]] = 0;
    gc_puzzle *try = work;
    if (clue && out && clue(work, pz, out, 0)) {
      gc_error_set(err, GC_E_INTERNAL, 0, 0, "%s: no clue %s[%d]",
                   pz->genre->name, out->key, out->i);
      goto done;
    }
    if (!clue && !(try = puzzle_without(pz, &cnf, keep, err)))
      goto done;
    gc_limits lim;
    int solved = 0;
    int r = limits_left(g, &lim)
                ? 1
                : gc_steps_solves(try, g->opt, &lim, level, &solved, err);
    if (try != work)
      gc_puzzle_free(try);
    g->calls++;
    if (r) {
      rc = r;
      goto done;
    }
    if (!solved && t == 0) {
      rc = 2; /* not even with every clue */
      goto done;
    }
    if (!solved) {
      keep[order[t - 1]] = 1;
      if (clue)
        clue(work, pz, out, 1);
    }
  }
  if (kept_record(pz, &cnf, keep, info, record, err))
    goto done;
  rc = 0;
done:
  gc_puzzle_free(work);
  free(order);
  free(keep);
  gc_cnf_release(&cnf);
  gc_memsink_free(&mem);
  return rc;
}

/* The level index of name in the genre's levels, or -1. */
static int level_index(const gc_genre *genre, const char *name) {
  const char *const *lv = gc_genre_levels(genre);
  for (int i = 0; lv && lv[i]; i++)
    if (!strcmp(lv[i], name))
      return i;
  return -1;
}

/* Do the techniques below `level` solve the made puzzle already (the
   closure, which agrees with the grade: test_steps)?  2 yes; 0 no; 1
   stopped; -1. */
static int too_easy(gen_run *g, const gc_puzzle *res, int level,
                    gc_error *err) {
  gc_limits lim;
  if (limits_left(g, &lim))
    return 1;
  int solved;
  int r = gc_steps_solves(res, g->opt, &lim, level - 1, &solved, err);
  g->calls++;
  if (r)
    return r;
  return solved ? 2 : 0;
}

/* The made puzzle's grade, as rate labels it: the level index into *lv,
   -1 when the techniques do not solve it.  0; 1 stopped; -1 with err. */
static int grade(gen_run *g, const gc_puzzle *res, int *lv, gc_error *err) {
  gc_limits lim;
  int solved;
  *lv = -1;
  if (limits_left(g, &lim))
    return 1;
  int r = gc_steps_grade(res, g->opt, &lim, -1, &solved, lv, err);
  if (!r && !solved)
    *lv = -1;
  return r;
}

/* Does the made puzzle grade exactly `level`?  0 yes; 2 no; 1 stopped;
   -1. */
static int check_level(gen_run *g, const gc_puzzle *res, int level,
                       gc_error *err) {
  int lv, r = grade(g, res, &lv, err);
  g->calls++;
  if (r)
    return r;
  if (lv >= 0 && lv < GC_GEN_LEVELS)
    g->info->graded[lv]++;
  return lv == level ? 0 : 2;
}

/* The record (an object) with its solution, read as input is read, but
   not through its text: the clue reducers read back a record for every
   clue they try. */
static gc_puzzle *object_back(json_t *rec, const gc_grid *known,
                              gc_error *err) {
  if (json_object_set_new(rec, "solution",
                          gc_json_int_matrix(known->cell, known->n))) {
    nomem(err);
    return NULL;
  }
  gc_puzzle *pz = gc_puzzle_from_object(rec, "generated", err);
  if (!pz && err->code != GC_E_NOMEM)
    err->code = GC_E_INTERNAL;
  return pz;
}

/* The record (text) with its solution, read back as input is read. */
static gc_puzzle *read_back(const char *record, const gc_grid *known,
                            gc_error *err) {
  json_t *o = gc_json_loads(record);
  if (!o) {
    nomem(err);
    return NULL;
  }
  gc_puzzle *pz = object_back(o, known, err);
  json_decref(o);
  return pz;
}

/* A fresh solve: 0 unique with the known solution; 1 stopped; -1. */
static int prove_unique(gen_run *g, const gc_puzzle *pz, gc_error *err) {
  gc_limits lim;
  if (limits_left(g, &lim))
    return 1;
  gc_result res;
  if (gc_solve(pz, g->opt, &lim, &res, err))
    return -1;
  g->calls += 2;
  int rc = 0;
  if (res.status == GC_STATUS_UNKNOWN)
    rc = 1;
  else if (res.status != GC_STATUS_UNIQUE || !gc_puzzle_known(pz) ||
           !gc_grid_equal(&res.first, gc_puzzle_known(pz))) {
    gc_error_set(err, GC_E_INTERNAL, 0, 0,
                 "the generated puzzle is %s on a fresh solver, not unique "
                 "with its solution",
                 gc_status_name(res.status));
    rc = -1;
  }
  gc_result_free(&res);
  return rc;
}

void gc_gen_graded_text(const gc_genre *genre, const gc_gen_info *info,
                        char *buf, size_t size) {
  const char *const *lv = gc_genre_levels(genre);
  size_t k = 0;
  buf[0] = 0;
  int n = 0;
  while (lv && lv[n] && n < GC_GEN_LEVELS)
    n++;
  for (int i = n - 1; i >= 0; i--) { /* hardest first */
    if (!info->graded[i])
      continue;
    int w = snprintf(buf + k, size - k, "%s%s %d", k ? ", " : "", lv[i],
                     info->graded[i]);
    if (w < 0 || (size_t)w >= size - k) {
      buf[k] = 0;
      return;
    }
    k += (size_t)w;
  }
}

int gc_generate_slow(const gc_genre *genre, const gc_gen_params *p) {
  return genre && p && genre->generate_slow && genre->generate_slow(p);
}

static const char *difficulty_name(gc_difficulty d) {
  return d == GC_DIFFICULTY_EASY   ? "easy"
         : d == GC_DIFFICULTY_HARD ? "hard"
                                   : "any";
}

int gc_generate(const gc_genre *genre, const gc_gen_params *p,
                const gc_options *opt, const gc_limits *lim, gc_puzzle **out,
                gc_gen_info *info, gc_error *err) {
  double t0 = gc_now_ms();
  gc_options defaults;
  opt = gc_options_or_default(opt, &defaults);
  gc_gen_info scratch;
  if (!info)
    info = &scratch;
  memset(info, 0, sizeof *info);
  info->level = -1;
  gc_error_clear(err);
  *out = NULL;
  if (!genre->generate) {
    gc_error_set(err, GC_E_UNSUPPORTED, 0, 0,
                 "gridcnf has no generator for %s puzzles", genre->name);
    return -1;
  }
  /* --difficulty LEVEL: the genre's level index; by_level: reduce clues
     while the techniques up to it solve the puzzle (a genre graded by its
     hardest technique, below lookahead); else any unique puzzle, graded
     afterwards */
  const gc_genre_steps *gs = genre->steps;
  int level = -1, by_level = 0;
  if (p->level) {
    level = gs ? level_index(genre, p->level) : -1;
    if (level < 0) {
      gc_error_set(err, gs ? GC_E_RANGE : GC_E_UNSUPPORTED, 0, 0,
                   "%s has no difficulty level '%s'", genre->name, p->level);
      return -1;
    }
    by_level = !gs->grade;
  }
  gen_run g;
  memset(&g, 0, sizeof g);
  g.opt = opt;
  g.lim = lim;
  g.p = p;
  g.info = info;
  g.t0 = t0;
  g.owner = pthread_self();
  atomic_init(&g.gcalls, 0);
  atomic_init(&g.begun, 0);
  long attempts = 0; /* to the one that ended, try by try (info->attempts
                        holds the attempts begun while it runs) */
  pthread_mutex_init(&g.lock, NULL);
  if (lim && lim->timeout > 0)
    g.deadline = t0 + lim->timeout * 1e3;
  gc_rng rng;
  gc_rng_seed(&rng, p->seed, p->index);
  char id[128];
  snprintf(id, sizeof id, "gen-%s-%d-s%llu-%llu", genre->name, p->n,
           (unsigned long long)p->seed, (unsigned long long)p->index);
  /* a difficulty asked for is found by trying fresh starts until one
     grades so, which some take hundreds of (GC_GEN_TRIES_AIMED) */
  int aimed = p->level || p->difficulty != GC_DIFFICULTY_ANY;
  int tries = p->max_tries > 0 ? p->max_tries
              : aimed          ? GC_GEN_TRIES_AIMED
                               : GC_GEN_TRIES,
      rc = -1;
  for (int t = 1; t <= tries; t++) {
    info->tries = t;
    gen_progress(&g);
    gc_limits left;
    if (limits_left(&g, &left)) {
      rc = 1;
      break;
    }
    gc_puzzle *pz = calloc(1, sizeof *pz);
    if (!pz || !(pz->id = malloc(strlen(id) + 1))) {
      free(pz);
      nomem(err);
      break;
    }
    strcpy(pz->id, id);
    pz->genre = genre;
    pz->line = 1;
    gc_gen_ctx gx = {.rng = &rng,
                     .open = solver_open,
                     .raw = solver_raw,
                     .solve = solver_solve,
                     .model = solver_model,
                     .value = solver_value,
                     .solve_within = solver_solve_within,
                     .clause = solver_clause,
                     .close = solver_close,
                     .arg = &g,
                     .level = level,
                     .threads = p->threads > 1 ? p->threads : 1,
                     .borrow = p->borrow,
                     .give_back = p->give_back,
                     .pool = p->pool,
                     .begun = &g.begun};
    int r = genre->generate(pz, p, &gx, err);
    if (g.failed && r >= 0) {
      *err = g.fail;
      r = -1;
    }
    info->perturbs += gx.perturbs;
    attempts += gx.attempts;
    char *record = NULL;
    if (p->difficulty == GC_DIFFICULTY_HARD)
      gx.givens_first = 1; /* givens are what propagation feeds on */
    if (r == 0 && by_level)
      r = level < gs->trial_level ? reduce_level(&g, pz, &rng, gx.givens_first,
                                                 level, &record, info, err)
                                  : reduce_unique(&g, pz, &rng, gx.givens_first,
                                                  &record, info, err);
    else if (r == 0)
      r = p->difficulty == GC_DIFFICULTY_EASY
              ? reduce_easy(&g, pz, &rng, gx.givens_first, &record, info, err)
              : reduce_unique(&g, pz, &rng, gx.givens_first, &record, info,
                              err);
    gc_puzzle *res = NULL;
    if (r == 0 && !(res = read_back(record, &pz->known, err)))
      r = -1;
    free(record);
    gc_puzzle_free(pz);
    if (r == 0 && by_level && level > 0 && level < gs->trial_level)
      r = too_easy(&g, res, level, err); /* most tries end here */
    if (r == 0)
      r = prove_unique(&g, res, err);
    if (r == 0 && level >= 0)
      r = check_level(&g, res, level, err);
    else if (r == 0 && p->difficulty != GC_DIFFICULTY_ANY) {
      gc_rating rt;
      if (limits_left(&g, &left))
        r = 1;
      else if (gc_rate(res, opt, &left, &rt, err))
        r = -1;
      else if (rt.status == GC_STATUS_UNKNOWN)
        r = 1;
      else if (p->difficulty == GC_DIFFICULTY_EASY
                   ? rt.up_cells < rt.cells      /* propagation alone */
                   : rt.probe_cells == rt.cells) /* probing is enough */
        r = 2;
    }
    if (r == 0 && level >= 0)
      info->level = level;
    else if (r == 0 && genre->steps) {
      /* A grade the time limit or an interrupt cut short stops the puzzle
         (else a run cut short would print a record that one run does not:
         "difficulty": null); one that fails otherwise is "not rated". */
      gc_error ungraded;
      int gr = grade(&g, res, &info->level, &ungraded);
      if (gr)
        info->level = -1;
      if (gr == 1)
        r = 1;
    }
    if (r == 0) {
      *out = res;
      rc = 0;
      break;
    }
    gc_puzzle_free(res);
    if (r == 1 || r < 0) {
      rc = r;
      break;
    }
  }
  if (rc == -1 && !err->code) {
    rc = 2; /* none within the tries: a limit, not bad parameters */
    char seen[160];
    gc_gen_graded_text(genre, info, seen, sizeof seen);
    gc_error_set(err, GC_E_UNSUPPORTED, 0, 0,
                 "no %s %dx%d puzzle of difficulty %s in %d tries%s%s%s",
                 genre->name, p->n, p->n,
                 p->level ? p->level : difficulty_name(p->difficulty), tries,
                 *seen ? " (they graded " : "", seen, *seen ? ")" : "");
  }
  info->calls = g.calls + atomic_load(&g.gcalls);
  info->attempts = attempts;
  info->ms = gc_now_ms() - t0;
  pthread_mutex_destroy(&g.lock);
  return rc;
}
