/*
 * steps.c: gc_steps, the solution as a person finds it (steps.h).
 *
 * Forward: the knowledge starts from the givens (and a partial grid's
 * entries); each round asks the genre's techniques in order, easiest
 * first, and takes the best deduction of the first technique that has one
 * (a placement before an elimination, then the smallest support), then
 * starts again from the easiest.  When no technique moves: lookahead (a
 * candidate whose unit propagation, with every clue and all that is known,
 * ends in a conflict is ruled out), then search (a cell whose value the
 * solver proves forced).  A placed digit leaves its row, column and box by
 * the rules of a Latin genre, without a step of its own.  The path's
 * level is the hardest technique it used, as in Tatham's graders.
 *
 * Backward: from the last step to the first, each step's support (facts of
 * the knowledge, mapped to the records that made them, and puzzle items)
 * is shrunk to a minimal reason by the prover (steps_reason.c); an
 * elimination that no later reason cites is left out, and one whose reason
 * cites some of its digits keeps only those.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"
#include "steps_engine.h"

atomic_long gc_steps_refused; /* for the tests: deductions the guard refused */


static int stopped(engine *e) {
  if (e->lim && gc_stop_requested(e->lim->interrupt))
    return 1;
  return e->deadline > 0 && gc_now_ms() >= e->deadline;
}

uint64_t gc_eng_cand_mask(const engine *e, int cell) {
  uint64_t m = 0;
  for (int v = 0; v < e->d; v++)
    if (e->kb.cand[cell * e->d + v])
      m |= 1ull << v;
  return m;
}

/*------------------------------------------------------------------------*/
/* The knowledge                                                           */

static void rule_out(engine *e, int k, int cell, int v) {
  if (!e->kb.cand[cell * e->d + v])
    return;
  e->kb.cand[cell * e->d + v] = 0;
  e->kb.left[cell]--;
  e->kb.stamp[cell]++;
  e->src[cell * e->d + v] = k;
}

static void place(engine *e, int k, int cell, int v) {
  for (int w = 0; w < e->d; w++)
    if (w != v)
      rule_out(e, k, cell, w);
  e->kb.val[cell] = v;
  e->placed_by[cell] = k;
  if (!e->gs->latin)
    return;
  /* the digit leaves the cell's row, column and box (gc_latin_unit's
     units, taken straight from the cell) */
  int n = e->n, r = cell / n, c = cell % n;
  for (int j = 0; j < n; j++) {
    int x = r * n + j, y = j * n + c;
    if (x != cell && e->kb.val[x] < 0)
      rule_out(e, k, x, v);
    if (y != cell && e->kb.val[y] < 0)
      rule_out(e, k, y, v);
  }
  int br = e->kb.br, bc = e->kb.bc;
  if (br) {
    int r0 = r / br * br, c0 = c / bc * bc;
    for (int j = 0; j < n; j++) {
      int x = (r0 + j / bc) * n + c0 + j % bc;
      if (x != cell && e->kb.val[x] < 0)
        rule_out(e, k, x, v);
    }
  }
}

static rec *new_rec(engine *e, int kind, int cell, int value) {
  if (gc_grow((void **)&e->rec, &e->caprec, e->nrec + 1, sizeof *e->rec)) {
    e->nomem = 1;
    return NULL;
  }
  rec *r = &e->rec[e->nrec++];
  memset(r, 0, sizeof *r);
  r->kind = kind;
  r->cell = cell;
  r->value = value;
  r->fact0 = e->nfact;
  r->item0 = e->nitem;
  return r;
}

/* Records the deduction with the support in f; applies it. */
int gc_eng_record(engine *e, int tech, int level, int lookahead, int cell,
                  int value, uint64_t elim, const gc_find *f, int all,
                  const char *text) {
  if (gc_grow((void **)&e->fact, &e->capfact, e->nfact + f->nfact + 1,
           sizeof *e->fact) ||
      gc_grow((void **)&e->item, &e->capitem, e->nitem + f->nitem + 1,
           sizeof *e->item)) {
    e->nomem = 1;
    return -1;
  }
  if (f->nfact)
    memcpy(e->fact + e->nfact, f->fact, f->nfact * sizeof *f->fact);
  if (f->nitem)
    memcpy(e->item + e->nitem, f->item, f->nitem * sizeof *f->item);
  rec *r = new_rec(e, REC_STEP, cell, value);
  if (!r)
    return -1;
  e->nfact += f->nfact;
  e->nitem += f->nitem;
  r->nfact = f->nfact;
  r->nitem = f->nitem;
  r->tech = tech;
  r->level = level;
  r->lookahead = lookahead;
  r->all = all;
  size_t len = strlen(text);
  if (len >= sizeof r->text)
    len = sizeof r->text - 1;
  memcpy(r->text, text, len);
  r->text[len] = 0;
  int k = (int)(e->nrec - 1);
  if (level > e->level)
    e->level = level;
  if (level >= 0 && level < 8)
    e->count[level]++;
  if (tech >= 0 && tech < GC_STEPS_TECH_MOST)
    e->tcount[tech]++;
  if (value >= 0)
    place(e, k, cell, value);
  else {
    r->elim = elim & gc_eng_cand_mask(e, cell);
    for (int v = 0; v < e->d; v++)
      if (r->elim >> v & 1)
        rule_out(e, k, cell, v);
  }
  return 0;
}

/* The deduction as take would keep it: an elimination of every candidate
   but one is that value (Star Battle: any elimination is the decision
   left), and its score (a placement first, then the smallest support).
   0: nothing to keep (not new, or a contradiction, which the finders
   report). */
static int judge(const engine *e, const gc_find *f, int cell, int *value,
                 uint64_t *elim, size_t *score) {
  uint64_t mask = gc_eng_cand_mask(e, cell);
  if (*value >= 0) {
    if (e->kb.val[cell] >= 0 || !e->kb.cand[cell * e->d + *value])
      return 0;
  } else {
    *elim &= mask;
    if (!*elim)
      return 0;
    if (e->star || *elim == mask) {
      uint64_t rest = mask & ~*elim;
      if (!rest)
        return 0;
      if (e->star) { /* a decision, in Star Battle terms */
        *value = __builtin_ctzll(rest);
        *elim = 0;
      }
    }
  }
  *score = (*value >= 0 ? 0 : (size_t)1 << 30) + f->nfact + f->nitem;
  return 1;
}

/* Does the deduction contradict the solution that guards the techniques? */
static int refused(const engine *e, int cell, int value, uint64_t elim) {
  if (!e->guard)
    return 0;
  int sv = e->guard[cell];
  return (value >= 0 && value != sv) || (value < 0 && (elim >> sv & 1));
}

/* Would take keep the deduction?  Its tests without its effects (a
   deduction the guard refuses goes on to take, which counts it). */
static int wants(void *arg, const gc_find *f, int cell, int value,
                 uint64_t elim) {
  engine *e = arg;
  size_t score;
  if (!judge(e, f, cell, &value, &elim, &score))
    return 0;
  if (e->batch) { /* kept for after the technique; no sentence needed */
    if (gc_grow((void **)&e->pend, &e->cappend, e->npend + 1,
                sizeof *e->pend)) {
      e->nomem = 1;
      return 0;
    }
    e->pend[e->npend++] = (struct pending){cell, value, elim};
    return 0;
  }
  return refused(e, cell, value, elim) || !e->have || score < e->bscore;
}

/* The technique's callback: keeps the best deduction. */
static int take(void *arg, gc_find *f, int cell, int value, uint64_t elim,
                const char *text) {
  engine *e = arg;
  if (f->nomem) {
    e->nomem = 1;
    return 1;
  }
  size_t score;
  if (!judge(e, f, cell, &value, &elim, &score))
    return 0;
  if (refused(e, cell, value, elim)) {
    e->bad++;
    gc_steps_refused++;
    return 0;
  }
  if (e->have && score >= e->bscore)
    return 0;
  gc_find *b = &e->best;
  b->nfact = b->nitem = 0;
  for (size_t i = 0; i < f->nfact; i++)
    gc_find_fact(b, f->fact[i].cell, f->fact[i].v, f->fact[i].holds);
  for (size_t i = 0; i < f->nitem; i++)
    gc_find_item(b, &f->item[i]);
  if (b->nomem) {
    e->nomem = 1;
    return 1;
  }
  e->have = 1;
  e->bscore = score;
  e->bcell = cell;
  e->bvalue = value;
  e->belim = elim;
  snprintf(e->btext, sizeof e->btext, "%s", text);
  return 0;
}

static int open_cells(const engine *e) {
  int k = 0;
  for (int c = 0; c < e->nn; c++)
    k += e->kb.val[c] < 0;
  return k;
}

static void engine_free(engine *e) {
  free(e->kb.cand);
  free(e->kb.left);
  free(e->kb.val);
  free(e->kb.stamp);
  free(e->kb.memo);
  if (e->kb.scratch)
    free(e->kb.scratch->p);
  free(e->kb.scratch);
  free(e->src);
  free(e->placed_by);
  free(e->rec);
  free(e->fact);
  free(e->item);
  free(e->rsn);
  free(e->guard);
  free(e->pend);
  gc_find_free(&e->best);
  gc_prover_free(e->pv);
}

static int engine_init(engine *e, const gc_puzzle *pz, const gc_grid *partial,
                       gc_error *err) {
  const gc_genre_steps *gs = e->gs;
  int n = pz->n, nn = n * n, d = gs->d ? gs->d : n;
  e->n = n;
  e->nn = nn;
  e->d = d;
  e->star = gs->d == 2;
  e->level = -1;
  e->kb.n = n;
  e->kb.d = d;
  if (gs->boxes)
    gs->boxes(pz, &e->kb.br, &e->kb.bc);
  e->kb.cand = malloc((size_t)nn * (size_t)d + 1);
  e->kb.left = malloc(((size_t)nn + 1) * sizeof *e->kb.left);
  e->kb.val = malloc(((size_t)nn + 1) * sizeof *e->kb.val);
  e->src = malloc(((size_t)nn * (size_t)d + 1) * sizeof *e->src);
  e->placed_by = malloc(((size_t)nn + 1) * sizeof *e->placed_by);
  e->kb.stamp = calloc((size_t)nn + 1, sizeof *e->kb.stamp);
  e->kb.memo = calloc(GC_KB_MEMO, sizeof *e->kb.memo);
  e->kb.scratch = calloc(1, sizeof *e->kb.scratch);
  int *given = malloc(((size_t)nn + 1) * sizeof *given);
  if (!e->kb.cand || !e->kb.left || !e->kb.val || !e->src || !e->placed_by ||
      !e->kb.stamp || !e->kb.memo || !e->kb.scratch || !given) {
    free(given);
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  memset(e->kb.cand, 1, (size_t)nn * (size_t)d);
  for (int c = 0; c < nn; c++) {
    e->kb.left[c] = d;
    e->kb.val[c] = -1;
    e->placed_by[c] = -1;
    given[c] = GC_EMPTY;
  }
  for (int i = 0; i < nn * d; i++)
    e->src[i] = -1;
  if (pz->genre->givens)
    pz->genre->givens(pz, given);
  for (int c = 0; c < nn; c++) {
    int kind = REC_GIVEN, v = given[c];
    if (v == GC_EMPTY && partial && partial->cell[c] != GC_EMPTY) {
      kind = REC_ENTRY;
      v = partial->cell[c];
    }
    if (v == GC_EMPTY)
      continue;
    int vi = gs->d ? v : v - 1;
    if (vi < 0 || vi >= d || e->kb.val[c] >= 0 || !e->kb.cand[c * d + vi]) {
      free(given);
      return 1; /* entries that cannot all stand */
    }
    if (!new_rec(e, kind, c, vi)) {
      free(given);
      gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
      return -1;
    }
    place(e, (int)e->nrec - 1, c, vi);
  }
  free(given);
  return 0;
}

/* The caller's progress callback, if any (gc_limits.progress). */
static void progress(const engine *e, const char *phase, long done,
                     long total) {
  if (e->lim && e->lim->progress)
    e->lim->progress(e->lim->progress_ctx, phase, done, total);
}

/* The forward pass.  Sets path->status. */
static int forward(engine *e, gc_step_path *path, gc_error *err) {
  const gc_genre_steps *gs = e->gs;
  gc_find f = {0};
  f.take = take;
  f.wants = wants;
  f.arg = e;
  f.quick = e->batch;
  int rc = 0;
  for (;;) {
    int open = open_cells(e);
    progress(e, "deducing", e->nn - open, e->nn);
    if (open == 0) {
      path->status = GC_STATUS_UNIQUE;
      break;
    }
    if (stopped(e) || (e->pv && gc_prover_stopped(e->pv))) {
      path->status = GC_STATUS_UNKNOWN;
      break;
    }
    int found = 0, contra = 0;
    for (int t = 0; t < gs->ntech && !found && !contra; t++) {
      if (e->max_level >= 0 && gs->tech[t].level > e->max_level)
        continue;
      e->have = 0;
      e->npend = 0;
      gc_find_reset(&f);
      int r = gs->tech[t].find(e->pz, &e->kb, &f);
      if (e->nomem || f.nomem) {
        rc = -1;
        break;
      }
      if (r < 0)
        contra = 1;
      else if (e->npend) {
        /* batch: each deduction judged again on the knowledge as the
           ones before it left it (a valid deduction that has become old
           news is skipped) */
        gc_find none = {0};
        for (size_t i = 0; i < e->npend && !rc; i++) {
          struct pending p = e->pend[i];
          size_t score;
          if (judge(e, &none, p.cell, &p.value, &p.elim, &score) &&
              gc_eng_record(e, t, gs->tech[t].level, 0, p.cell, p.value,
                            p.elim, &none, 0, ""))
            rc = -1;
        }
        found = 1;
      } else if (e->have) {
        if (gc_eng_record(e, t, gs->tech[t].level, 0, e->bcell, e->bvalue, e->belim,
                   &e->best, 0, e->btext))
          rc = -1;
        found = 1;
      }
    }
    if (rc)
      break;
    if (contra) {
      path->status = GC_STATUS_NONE;
      break;
    }
    if (!found && e->max_level >= 0 && gs->trial_level > e->max_level) {
      path->status = GC_STATUS_MULTIPLE; /* not solved at that level */
      break;
    }
    if (!found) {
      int r = gc_eng_lookahead(e, err);
      if (r < 0) {
        rc = -1;
        break;
      }
      if (r == 2) {
        path->status = GC_STATUS_NONE;
        break;
      }
      found = r == 1;
    }
    if (!found) {
      int r = gc_eng_search(e, err);
      if (r < 0) {
        rc = -1;
        break;
      }
      if (r != 1) {
        path->status = r == 0   ? GC_STATUS_MULTIPLE
                       : r == 2 ? GC_STATUS_NONE
                                : GC_STATUS_UNKNOWN;
        break;
      }
    }
    if ((e->flags & GC_STEPS_FIRST) && e->rec[e->nrec - 1].value >= 0) {
      path->status = GC_STATUS_SOLVED;
      break;
    }
  }
  gc_find_free(&f);
  if (e->nomem && !rc)
    rc = -1;
  if (rc && !err->code)
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
  return rc;
}

/* The backward pass: reasons, and which eliminations stay. */
static int backward(engine *e, gc_step_path *path, gc_error *err) {
  int first = e->flags & GC_STEPS_FIRST;
  long total = 0, done = 0;
  for (size_t k = 0; k < e->nrec; k++)
    total += e->rec[k].kind == REC_STEP;
  for (size_t k = e->nrec; k-- > 0;) {
    rec *r = &e->rec[k];
    if (r->kind != REC_STEP)
      continue;
    done++;
    if (first && k + 1 != e->nrec)
      continue; /* a hint is the last record, its reason expanded */
    if (!first && r->value < 0 && !(e->flags & GC_STEPS_KEEP_ALL)) {
      if (!r->used)
        continue;
      r->elim &= r->used;
    }
    r->keep = 1;
    if (e->flags & GC_STEPS_NO_REASONS)
      continue;
    progress(e, "reasons", done, total);
    int rc = gc_eng_reason(e, (int)k, first, err);
    if (rc < 0)
      return -1;
    if (rc == 1) {
      path->status = GC_STATUS_UNKNOWN;
      return 0;
    }
    for (size_t i = 0; i < r->nrsn; i++) {
      const gc_sitem *s = &e->rsn[r->rsn0 + i];
      if (s->rec < 0 || s->lit >= 0)
        continue;
      rec *src = &e->rec[s->rec];
      if (src->kind != REC_STEP || src->value >= 0)
        continue;
      for (int v = 0; v < e->d; v++)
        if (gc_prover_lit(e->pv, src->cell, v) == -s->lit)
          src->used |= 1ull << v;
    }
  }
  return 0;
}

static int steps_run(const gc_puzzle *pz, const gc_options *opt,
                     const gc_limits *lim, const gc_grid *partial, int flags,
                     int max_level, gc_step_path *path, gc_error *err);

int gc_steps(const gc_puzzle *pz, const gc_options *opt, const gc_limits *lim,
             const gc_grid *partial, int flags, gc_step_path *path,
             gc_error *err) {
  return steps_run(pz, opt, lim, partial, flags, -1, path, err);
}

int gc_steps_grade_path(const gc_puzzle *pz, const gc_options *opt,
                        const gc_limits *lim, int max_level, int *solved,
                        int *level, gc_error *err) {
  gc_step_path path;
  int rc = steps_run(pz, opt, lim, NULL, GC_STEPS_NO_REASONS, max_level,
                     &path, err);
  *solved = rc == 0 && path.status == GC_STATUS_UNIQUE;
  *level = path.level;
  if (rc == 0 && path.status == GC_STATUS_UNKNOWN)
    rc = 1;
  gc_step_path_free(&path);
  return rc;
}

/* A zeroed engine for pz with the caller's settings (t0: when the
   deadline counts from).  The genre's techniques, or NULL with err when
   it has none. */
static const gc_genre_steps *engine_setup(engine *e, const gc_puzzle *pz,
                                          const gc_options *opt,
                                          const gc_limits *lim, int flags,
                                          int max_level, double t0,
                                          gc_error *err) {
  memset(e, 0, sizeof *e);
  const gc_genre_steps *gs = gc_eng_genre_steps(pz->genre);
  if (!gs) {
    gc_error_set(err, GC_E_UNSUPPORTED, 0, 0,
                 "gridcnf has no step-by-step solver for %s puzzles",
                 pz->genre->name);
    return NULL;
  }
  e->pz = pz;
  e->gs = gs;
  e->opt = opt;
  e->lim = lim;
  e->flags = flags;
  e->max_level = max_level;
  e->deadline = lim && lim->timeout > 0 ? t0 + lim->timeout * 1e3 : 0;
  return gs;
}

/* The forward pass with every deduction a technique finds applied at
   once (the closure under the techniques of level <= max_level), on e
   set up by the caller.  0 with *solved; 1 stopped; -1 with err. */
static int batch_run(engine *e, const gc_puzzle *pz, int *solved,
                     gc_error *err) {
  *solved = 0;
  e->batch = 1;
  gc_step_path path;
  memset(&path, 0, sizeof path);
  path.status = GC_STATUS_UNKNOWN;
  int rc = engine_init(e, pz, NULL, err);
  if (rc == 1)
    rc = 0; /* givens that cannot all stand: not solved */
  else if (rc == 0 && (rc = forward(e, &path, err)) == 0) {
    *solved = path.status == GC_STATUS_UNIQUE;
    if (path.status == GC_STATUS_UNKNOWN)
      rc = 1;
  }
  return rc;
}

int gc_steps_solves(const gc_puzzle *pz, const gc_options *opt,
                    const gc_limits *lim, int max_level, int *solved,
                    gc_error *err) {
  gc_error_clear(err);
  *solved = 0;
  engine e;
  if (!engine_setup(&e, pz, opt, lim, GC_STEPS_NO_REASONS, max_level,
                    gc_now_ms(), err))
    return -1;
  int rc = batch_run(&e, pz, solved, err);
  engine_free(&e);
  return rc;
}

int gc_steps_grade(const gc_puzzle *pz, const gc_options *opt,
                   const gc_limits *lim, int max_level, int *solved,
                   int *level, gc_error *err) {
  gc_error_clear(err);
  *solved = 0;
  *level = -1;
  engine e;
  const gc_genre_steps *gs = engine_setup(&e, pz, opt, lim,
                                          GC_STEPS_NO_REASONS, max_level,
                                          gc_now_ms(), err);
  if (!gs)
    return -1;
  int rc = batch_run(&e, pz, solved, err);
  int exact = rc == 0 && *solved &&
              (!gs->grade || e.level >= gs->grade_batch_from);
  if (exact)
    *level = gs->grade ? gs->grade(pz, e.count, e.tcount, gs->nlevels)
                       : e.level;
  engine_free(&e);
  if (rc || exact)
    return rc;
  /* the grade needs the path's own counts (or the puzzle is not solved
     at that level: the path's level so far, as before) */
  return gc_steps_grade_path(pz, opt, lim, max_level, solved, level, err);
}

static int steps_run(const gc_puzzle *pz, const gc_options *opt,
                     const gc_limits *lim, const gc_grid *partial, int flags,
                     int max_level, gc_step_path *path, gc_error *err) {
  double t0 = gc_now_ms();
  gc_error_clear(err);
  memset(path, 0, sizeof *path);
  path->status = GC_STATUS_UNKNOWN;
  path->level = -1;
  engine e;
  const gc_genre_steps *gs =
      engine_setup(&e, pz, opt, lim, flags, max_level, t0, err);
  if (!gs)
    return -1;
  path->levels = gs->levels;
  path->nlevels = gs->nlevels;
  if (partial && (partial->n != pz->n || !partial->cell)) {
    gc_error_set(err, GC_E_SHAPE, 0, 0, "the grid is %d x %d, the puzzle %d x %d",
                 partial->n, partial->n, pz->n, pz->n);
    return -1;
  }
  int rc = -1;
  int init = engine_init(&e, pz, partial, err);
  if (init < 0)
    goto done;
  if (init == 1) {
    path->status = GC_STATUS_NONE;
    rc = 0;
    goto done;
  }
  if (!(flags & GC_STEPS_NO_REASONS)) {
    /* a solution guards the techniques (a valid deduction holds in every
       solution); none: the path ends at a contradiction */
    if (!gc_eng_prover(&e, err))
      goto done;
    size_t cap = (size_t)e.nn + 1;
    int *lits = malloc(cap * sizeof *lits), *g = malloc(cap * sizeof *g);
    if (!lits || !g) {
      free(lits);
      free(g);
      gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
      goto done;
    }
    size_t k = 0;
    for (int c = 0; c < e.nn; c++)
      if (e.kb.val[c] >= 0 && e.rec[e.placed_by[c]].kind == REC_ENTRY)
        lits[k++] = gc_prover_lit(e.pv, c, e.kb.val[c]);
    int r = gc_prover_solve(e.pv, 1, lits, k, g);
    free(lits);
    if (r == 10) {
      for (int c = 0; c < e.nn; c++)
        g[c] = gs->d ? g[c] : g[c] - 1;
      e.guard = g;
    } else
      free(g);
    if (r == 0) {
      rc = 0;
      goto done;
    }
  }
  if (forward(&e, path, err) || backward(&e, path, err))
    goto done;
  memcpy(path->level_count, e.count, sizeof e.count);
  path->level =
      gs->grade ? gs->grade(e.pz, e.count, e.tcount, gs->nlevels) : e.level;
  size_t kept = 0;
  for (size_t k = 0; k < e.nrec; k++)
    kept += e.rec[k].keep;
  path->step = calloc(kept + 1, sizeof *path->step);
  if (!path->step || gc_grid_init(&path->grid, pz->n)) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  for (size_t k = 0; k < e.nrec; k++)
    if (e.rec[k].keep && gc_eng_out_step(&e, &e.rec[k], &path->step[path->count++])) {
      gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
      goto done;
    }
  for (int c = 0; c < e.nn; c++)
    path->grid.cell[c] = e.kb.val[c] < 0 ? GC_EMPTY
                         : gs->d          ? e.kb.val[c]
                                          : e.kb.val[c] + 1;
  rc = 0;
done:
  if (e.pv)
    path->sat_calls = gc_prover_calls(e.pv);
  if (rc == 0 && gc_prover_failed(e.pv)) { /* (it stopped the path) */
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory (in the SAT solver)");
    rc = -1;
  }
  engine_free(&e);
  if (rc == 0 && path->status == GC_STATUS_NONE && !(flags & GC_STEPS_FIRST)) {
    /* why: the puzzle's clues that cannot all hold, or else the entries
       of the partial grid that cannot all stand */
    gc_status st;
    gc_clues core;
    gc_error e2;
    if (gc_explain(pz, opt, lim, &st, &core, &e2) == 0) {
      if (st == GC_STATUS_NONE)
        path->conflict = core;
      else
        gc_clues_free(&core);
    }
    if (!path->conflict.count && partial) {
      gc_grid done = {0, NULL};
      if (gc_complete(pz, opt, lim, partial, &st, &done, &core, &e2) == 0) {
        if (st == GC_STATUS_NONE)
          path->conflict = core;
        else
          gc_clues_free(&core);
      }
      gc_grid_free(&done);
    }
  }
  path->ms = gc_now_ms() - t0;
  return rc;
}

