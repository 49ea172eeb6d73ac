/*
 * generate.c: gc_generate (encodings.md section 7).  The genre makes a
 * random solution and the full puzzle of it (genre.h, member generate),
 * asking the solvers gc_gen_ctx offers (a session on a puzzle, or a bare
 * CaDiCaL for the genre's own formula); its clues are then taken out
 * (generate_reduce.c).  Star Battle has no clues to drop: its generate
 * member changes regions until the solution is unique.  Every result is
 * then written as its JSON record, read back as any input is, proven
 * unique by gc_solve on a fresh solver and graded; a difficulty or level
 * asked for is found by fresh starts (tries) until one grades so, on
 * one thread or several (below, tries_on).
 */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ccadical.h>

#include "session.h"
#include "steps.h"

#include "generate.h"

static void nomem(gc_error *err) {
  gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
}

/* Tells p->progress about the work so far. */
static void gen_progress(gen_run *g) {
  if (!g->p->progress || !pthread_equal(pthread_self(), g->owner))
    return;
  gen_shared *sh = g->sh;
  gc_gen_info *s = g->shown;
  s->tries = atomic_load(&sh->tries);
  s->calls = g->calls + atomic_load(&sh->calls) + atomic_load(&sh->gcalls);
  s->attempts = atomic_load(&sh->begun);
  for (int i = 0; i < GC_GEN_LEVELS; i++)
    s->graded[i] = atomic_load(&sh->graded[i]);
  s->ms = gc_now_ms() - g->t0;
  g->p->progress(g->p->progress_ctx, s);
}

/* Is this thread's try past one that ended? */
static int try_past_end(const gen_run *g) {
  return atomic_load(&g->sh->ended) < g->try_no;
}

/* A copy of the limits with the time that is left; 1 when none is left or
   an interrupt is pending. */
int gc_gen_limits_left(const gen_run *g, gc_limits *out) {
  memset(out, 0, sizeof *out);
  if (g->lim)
    *out = *g->lim;
  out->mode = GC_MODE_UNIQUE;
  if ((g->lim && gc_stop_requested(g->lim->interrupt)) || try_past_end(g))
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
  if (gc_gen_limits_left(g, &lim))
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
  if ((g->lim && gc_stop_requested(g->lim->interrupt)) || try_past_end(g))
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
  gen_shared *sh = h->g->sh;
  atomic_fetch_add(&sh->gcalls, 1);
  gen_progress(h->g);
  if (try_past_end(h->g))
    return 0; /* as if stopped: the try's result is not used */
  if (!h->raw) {
    int r = gc_session_solve(&h->ss, assume, n);
    if (r < 0) { /* the genre sees a stop; gc_generate reports the failure */
      pthread_mutex_lock(&sh->lock);
      if (!sh->failed)
        gc_session_error(&h->ss, &sh->fail);
      sh->failed = 1;
      pthread_mutex_unlock(&sh->lock);
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
  return r == 0 && !stopped && !h->g->sh->failed && !try_past_end(h->g)
             ? 1
             : r; /* 1: the limit */
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
  if (gc_gen_limits_left(g, &lim))
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
  if (gc_gen_limits_left(g, &lim))
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
  if (lv >= 0 && lv < GC_GEN_LEVELS) {
    g->info->graded[lv]++;
    atomic_fetch_add(&g->sh->graded[lv], 1);
  }
  return lv == level ? 0 : 2;
}

/* A fresh solve: 0 unique with the known solution; 1 stopped; -1. */
static int prove_unique(gen_run *g, const gc_puzzle *pz, gc_error *err) {
  gc_limits lim;
  if (gc_gen_limits_left(g, &lim))
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

/* The tries of one gc_generate, on one thread or several.  Try t has its
   own random stream (the first, the puzzle's own; a later one, a number
   drawn once from it and t), so what it makes depends on t alone; the
   puzzle is that of the first try that ends otherwise than with a puzzle
   of another level (made, stopped, or an error), as one after another: a
   thread takes the next try while none below it has ended, a try past
   one that ended stops at its next solver call, and the result waits for
   every try below it.  Tries run on several threads only when a level is
   asked for (fresh starts are then the work), and from the second on:
   the first runs alone, and a Star Battle's attempts take the threads,
   as they do when no level is asked for. */
enum { GEN_THREADS_MOST = 64 };

typedef struct try_rec {
  long perturbs, attempts;
  int graded;  /* the level its puzzle graded, or -1 */
  int refused; /* an older difficulty (easy, hard) refused its puzzle */
} try_rec;

typedef struct tries_run {
  gen_shared sh;
  gen_run base; /* each thread's gen_run starts as a copy */
  const gc_genre *genre;
  const gc_gen_params *p;
  const char *id;
  int level, by_level, tries, parallel;
  uint64_t stream; /* the streams of tries 2 and on */
  long next;       /* the next try to start */
  pthread_t tid[GEN_THREADS_MOST];
  int started;
  int rc;          /* the ended try's result, its puzzle, error and info */
  gc_puzzle *out;
  gc_error err;
  gc_gen_info won;
  try_rec *recs; /* per try begun (index t - 1), under sh.lock */
  long nrecs;
  int nomem;
} tries_run;

/* Try t on g's thread: 0 with *res; 1 stopped; 2 not the level asked for
   (or no puzzle within the genre's own tries); -1 with err. */
static int one_try(tries_run *tr, gen_run *g, long t, gc_gen_info *ti,
                   int *refused, gc_puzzle **res_out, gc_error *err) {
  const gc_gen_params *p = tr->p;
  const gc_genre *genre = tr->genre;
  const gc_genre_steps *gs = genre->steps;
  int level = tr->level;
  gc_rng rng;
  if (t == 1)
    gc_rng_seed(&rng, p->seed, p->index);
  else
    gc_rng_seed(&rng, tr->stream, (uint64_t)t);
  *res_out = NULL;
  gc_limits left;
  if (gc_gen_limits_left(g, &left))
    return 1;
  /* the first try runs alone (tries_on), so a Star Battle's attempts may
     take the threads; later ones run beside each other */
  int solo = !tr->parallel || t == 1;
  gc_puzzle *pz = calloc(1, sizeof *pz);
  if (!pz || !(pz->id = malloc(strlen(tr->id) + 1))) {
    free(pz);
    nomem(err);
    return -1;
  }
  strcpy(pz->id, tr->id);
  pz->genre = genre;
  pz->line = 1;
  gc_gen_ctx gx = {.rng = &rng,
                   .open = solver_open,
                   .raw = solver_raw,
                   .solve = solver_solve,
                   .model = solver_model,
                   .value = solver_value,
                   .solve_within = solver_solve_within,
                   .stopped = raw_terminate,
                   .clause = solver_clause,
                   .close = solver_close,
                   .arg = g,
                   .level = level,
                   .threads = solo && p->threads > 1 ? p->threads : 1,
                   .borrow = solo ? p->borrow : NULL,
                   .give_back = p->give_back,
                   .pool = p->pool,
                   .begun = &tr->sh.begun};
  int r = genre->generate(pz, p, &gx, err);
  if (tr->sh.failed && r >= 0) {
    pthread_mutex_lock(&tr->sh.lock);
    *err = tr->sh.fail;
    pthread_mutex_unlock(&tr->sh.lock);
    r = -1;
  }
  ti->perturbs += gx.perturbs;
  ti->attempts += gx.attempts;
  char *record = NULL;
  if (p->difficulty == GC_DIFFICULTY_HARD)
    gx.givens_first = 1; /* givens are what propagation feeds on */
  if (r == 0 && tr->by_level)
    r = level < gs->trial_level ? gc_gen_reduce_level(g, pz, &rng, gx.givens_first,
                                               level, &record, ti, err)
                                : gc_gen_reduce_unique(g, pz, &rng, gx.givens_first,
                                                &record, ti, err);
  else if (r == 0)
    r = p->difficulty == GC_DIFFICULTY_EASY
            ? gc_gen_reduce_easy(g, pz, &rng, gx.givens_first, &record, ti, err)
            : gc_gen_reduce_unique(g, pz, &rng, gx.givens_first, &record, ti, err);
  gc_puzzle *res = NULL;
  if (r == 0 && !(res = gc_gen_read_back(record, &pz->known, err)))
    r = -1;
  free(record);
  gc_puzzle_free(pz);
  if (r == 0 && tr->by_level && level > 0 && level < gs->trial_level)
    r = too_easy(g, res, level, err); /* most tries end here */
  if (r == 0)
    r = prove_unique(g, res, err);
  if (r == 0 && level >= 0)
    r = check_level(g, res, level, err);
  else if (r == 0 && p->difficulty != GC_DIFFICULTY_ANY) {
    gc_rating rt;
    if (gc_gen_limits_left(g, &left))
      r = 1;
    else if (gc_rate(res, g->opt, &left, &rt, err))
      r = -1;
    else if (rt.status == GC_STATUS_UNKNOWN)
      r = 1;
    else if (p->difficulty == GC_DIFFICULTY_EASY
                 ? rt.up_cells < rt.cells      /* propagation alone */
                 : rt.probe_cells == rt.cells) /* probing is enough */
      r = 2, *refused = 1;
  }
  if (r == 0 && level >= 0)
    ti->level = level;
  else if (r == 0 && genre->steps) {
    /* A grade the time limit or an interrupt cut short stops the puzzle
       (else a run cut short would print a record that one run does not:
       "difficulty": null); one that fails otherwise is "not rated". */
    gc_error ungraded;
    int gr = grade(g, res, &ti->level, &ungraded);
    if (gr)
      ti->level = -1;
    if (gr == 1)
      r = 1;
  }
  if (r == 0)
    *res_out = res;
  else
    gc_puzzle_free(res);
  return r;
}

static void *tries_thread(void *arg);
static void *lent_tries_thread(void *arg);

/* One thread more for the tries (lent: borrowed from the caller's pool,
   given back when it ends).  1 started, 0 not. */
static int add_try_thread(tries_run *tr, int lent) {
  pthread_mutex_lock(&tr->sh.lock);
  int i = tr->started, ok = i < GEN_THREADS_MOST;
  if (ok)
    ok = pthread_create(&tr->tid[i], NULL,
                        lent ? lent_tries_thread : tries_thread, tr) == 0;
  if (ok)
    tr->started++;
  pthread_mutex_unlock(&tr->sh.lock);
  return ok;
}

/* One thread's tries until none is left to start; the thread of
   gc_generate (owner) also takes the threads its caller lends. */
static void tries_on(tries_run *tr, int owner) {
  gen_run g = tr->base;
  gc_gen_info ti;
  for (int mine = 0;; mine++) {
    pthread_mutex_lock(&tr->sh.lock);
    long t = tr->next;
    int go = t <= tr->tries && t < atomic_load(&tr->sh.ended);
    if (go && t > tr->nrecs) {
      long cap = tr->nrecs ? 2 * tr->nrecs : 64;
      if (cap > tr->tries)
        cap = tr->tries;
      try_rec *more = realloc(tr->recs, (size_t)cap * sizeof *more);
      if (more) {
        tr->recs = more;
        tr->nrecs = cap;
      } else {
        tr->nomem = 1;
        go = 0;
      }
    }
    if (go) {
      tr->next++;
      atomic_fetch_add(&tr->sh.tries, 1);
    }
    pthread_mutex_unlock(&tr->sh.lock);
    if (!go)
      break;
    /* the other threads join from the second try on, while tries are
       left for them (most puzzles take one, and a try past one that
       ended runs on to its next solver call) */
    if (owner && tr->parallel && mine >= 1 && t < tr->tries) {
      for (int i = 1; mine == 1 && i < tr->p->threads; i++)
        if (!add_try_thread(tr, 0))
          break; /* none where threads cannot start */
      while (tr->p->borrow && tr->p->borrow(tr->p->pool))
        if (!add_try_thread(tr, 1)) {
          tr->p->give_back(tr->p->pool);
          break;
        }
    }
    g.try_no = t;
    g.calls = 0;
    memset(&ti, 0, sizeof ti);
    ti.level = -1;
    g.info = &ti;
    gen_progress(&g);
    gc_puzzle *res = NULL;
    gc_error e;
    gc_error_clear(&e);
    int refused = 0;
    int r = one_try(tr, &g, t, &ti, &refused, &res, &e);
    atomic_fetch_add(&tr->sh.calls, g.calls);
    pthread_mutex_lock(&tr->sh.lock);
    try_rec *rec = &tr->recs[t - 1];
    rec->perturbs = ti.perturbs;
    rec->attempts = ti.attempts;
    rec->graded = -1;
    rec->refused = refused;
    for (int i = 0; i < GC_GEN_LEVELS; i++)
      if (ti.graded[i])
        rec->graded = i;
    if (r != 2 && t < atomic_load(&tr->sh.ended)) {
      gc_puzzle_free(tr->out);
      atomic_store(&tr->sh.ended, t);
      tr->rc = r;
      tr->out = res;
      tr->err = e;
      tr->won = ti;
      res = NULL;
    }
    pthread_mutex_unlock(&tr->sh.lock);
    gc_puzzle_free(res);
  }
}

static void *tries_thread(void *arg) {
  tries_on(arg, 0);
  return NULL;
}

static void *lent_tries_thread(void *arg) {
  tries_run *tr = arg;
  tries_on(tr, 0);
  tr->p->give_back(tr->p->pool);
  return NULL;
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
  tries_run *tr = calloc(1, sizeof *tr);
  if (!tr) {
    nomem(err);
    return -1;
  }
  gen_shared *sh = &tr->sh;
  atomic_init(&sh->gcalls, 0);
  atomic_init(&sh->calls, 0);
  atomic_init(&sh->begun, 0);
  atomic_init(&sh->ended, LONG_MAX);
  atomic_init(&sh->tries, 0);
  for (int i = 0; i < GC_GEN_LEVELS; i++)
    atomic_init(&sh->graded[i], 0);
  atomic_init(&sh->failed, 0);
  pthread_mutex_init(&sh->lock, NULL);
  gen_run *g = &tr->base;
  g->opt = opt;
  g->lim = lim;
  g->p = p;
  g->shown = info;
  g->t0 = t0;
  g->sh = sh;
  g->owner = pthread_self();
  if (lim && lim->timeout > 0)
    g->deadline = t0 + lim->timeout * 1e3;
  char id[128];
  snprintf(id, sizeof id, "gen-%s-%d-s%llu-%llu", genre->name, p->n,
           (unsigned long long)p->seed, (unsigned long long)p->index);
  /* a difficulty asked for is found by trying fresh starts until one
     grades so, which some take hundreds of (GC_GEN_TRIES_AIMED) */
  int aimed = p->level || p->difficulty != GC_DIFFICULTY_ANY;
  tr->genre = genre;
  tr->p = p;
  tr->id = id;
  tr->level = level;
  tr->by_level = by_level;
  tr->tries = p->max_tries > 0 ? p->max_tries
              : aimed          ? GC_GEN_TRIES_AIMED
                               : GC_GEN_TRIES;
  tr->parallel = aimed;
  tr->next = 1;
  tr->rc = 2;
  gc_rng first;
  gc_rng_seed(&first, p->seed, p->index);
  tr->stream = gc_rng_next(&first) ^ 0x5851f42d4c957f2dULL;
  tries_on(tr, 1);
  /* only this thread starts threads, and it is done: the others end as
     soon as their try does */
  for (int i = 0; i < tr->started; i++)
    pthread_join(tr->tid[i], NULL);
  long last = atomic_load(&sh->ended);
  if (last > tr->tries)
    last = tr->tries;
  if (last > tr->nrecs)
    last = tr->nrecs; /* out of memory on the way */
  int rc = tr->rc;
  if (tr->nomem && last < tr->tries && atomic_load(&sh->ended) == LONG_MAX) {
    rc = -1;
    nomem(err);
  } else if (rc != 2) {
    *info = tr->won;
    *out = tr->out;
    tr->out = NULL;
    if (rc)
      *err = tr->err;
  }
  info->tries = (int)last;
  info->perturbs = info->attempts = 0;
  memset(info->graded, 0, sizeof info->graded);
  for (long t = 0; t < last; t++) {
    info->perturbs += tr->recs[t].perturbs;
    info->attempts += tr->recs[t].attempts;
    if (tr->recs[t].graded >= 0)
      info->graded[tr->recs[t].graded]++;
  }
  if (rc == 2) {
    info->level = -1;
    char tally[160], seen[200] = "";
    gc_gen_graded_text(genre, info, tally, sizeof tally);
    if (*tally)
      snprintf(seen, sizeof seen, " (they graded %s)", tally);
    else if (!p->level && p->difficulty != GC_DIFFICULTY_ANY) {
      /* the older difficulties: what refused the puzzles, and the level
         to ask for instead (Futoshiki's hard: propagation and probing
         solve every 5x5 and 6x6 its tries make) */
      long refused = 0;
      for (long t = 0; t < last; t++)
        refused += tr->recs[t].refused;
      const char *const *lv = gc_genre_levels(genre);
      int top = 0;
      while (lv && lv[top])
        top++;
      char count[48];
      snprintf(count, sizeof count, refused == last ? "all %ld" : "%ld of them",
               refused);
      if (refused && p->difficulty == GC_DIFFICULTY_HARD)
        snprintf(seen, sizeof seen,
                 " (propagation and probing solved %s%s%s%s)", count,
                 top ? "; --difficulty " : "", top ? lv[top - 1] : "",
                 top ? " asks for the genre's hardest level" : "");
      else if (refused)
        snprintf(seen, sizeof seen, " (propagation alone did not solve %s)",
                 count);
    }
    gc_error_set(err, GC_E_UNSUPPORTED, 0, 0,
                 "no %s %dx%d puzzle of difficulty %s in %d tries%s",
                 genre->name, p->n, p->n,
                 p->level ? p->level : difficulty_name(p->difficulty),
                 tr->tries, seen);
  }
  info->calls = atomic_load(&sh->calls) + atomic_load(&sh->gcalls);
  info->ms = gc_now_ms() - t0;
  pthread_mutex_destroy(&sh->lock);
  gc_puzzle_free(tr->out);
  free(tr->recs);
  free(tr);
  return rc;
}
