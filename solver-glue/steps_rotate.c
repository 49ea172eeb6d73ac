/*
 * steps_rotate.c: model rotation for the prover (steps.h), in genres
 * whose items are counts over cells of 0 or 1 (Star Battle).
 *
 * The prover shrinks a reason by deletion: member x is needed when some
 * grid keeps the rules, every other member, and breaks the step.  A
 * CaDiCaL model of "the set without x" is such a grid.  Toggling one or
 * two of its cells so that x holds again and exactly one other member y
 * fails, the step still broken and the rules outside the items kept,
 * gives such a grid for y: y is needed too, with no solver call.  From
 * that grid the walk goes on to the members it can reach (recursive model
 * rotation, as in the MUS extractors of Belov and Marques-Silva).
 *
 * The toggles: the first puts x right (a cell of x's count one way, or
 * x's cell when x is a cell); the second, when the first made one to
 * three members fail, is a cell of one of those.  Counts are kept as the
 * cells change, so a candidate costs a few operations; the caller checks
 * every grid found in full (the items' own test) before it counts.
 */
#include <stdlib.h>
#include <string.h>

#include "steps.h"

#define MOST_FAILS 3 /* after the first toggle: more, and none is tried */

struct gc_rotor {
  const gc_puzzle *pz;
  const gc_genre_steps *gs;
  int nn, want;
  size_t ngroups;
  int *cg, *ncg;       /* the groups counting each cell (4 a cell) */
  int *gfirst, *gcell; /* each group's cells: gcell[gfirst[g]..gfirst[g+1]) */
  int *cnt;            /* 1s in each group, in the grid walked */
  int *gmem, *cmem;    /* member of each group, of each cell (-1 none) */
  int *cstep;          /* the step's literal at each cell (-1 none) */
  int *work;           /* the grid walked and the toggles' lists (nn each) */
  int *queue;          /* grids still to walk from (nn each) */
  int *qfail;          /* the member each fails */
  size_t qcap;
};

void gc_rotor_free(gc_rotor *r) {
  if (!r)
    return;
  free(r->cg);
  free(r->ncg);
  free(r->gfirst);
  free(r->gcell);
  free(r->cnt);
  free(r->gmem);
  free(r->cmem);
  free(r->cstep);
  free(r->work);
  free(r->queue);
  free(r->qfail);
  free(r);
}

gc_rotor *gc_rotor_new(const gc_puzzle *pz, size_t ngroups) {
  const gc_genre_steps *gs = pz->genre->steps;
  if (!gs || gs->d != 2 || !gs->cell_groups || !gs->may_hold || !ngroups)
    return NULL;
  gc_rotor *r = calloc(1, sizeof *r);
  if (!r)
    return NULL;
  size_t nn = (size_t)pz->n * (size_t)pz->n;
  r->pz = pz;
  r->gs = gs;
  r->nn = (int)nn;
  r->ngroups = ngroups;
  r->cg = malloc(4 * nn * sizeof *r->cg);
  r->ncg = malloc(nn * sizeof *r->ncg);
  r->gfirst = calloc(ngroups + 1, sizeof *r->gfirst);
  r->gcell = malloc(4 * nn * sizeof *r->gcell);
  r->cnt = malloc(ngroups * sizeof *r->cnt);
  r->gmem = malloc(ngroups * sizeof *r->gmem);
  r->cmem = malloc(nn * sizeof *r->cmem);
  r->cstep = malloc(nn * sizeof *r->cstep);
  r->work = malloc(3 * nn * sizeof *r->work);
  if (!r->cg || !r->ncg || !r->gfirst || !r->gcell || !r->cnt || !r->gmem ||
      !r->cmem || !r->cstep || !r->work) {
    gc_rotor_free(r);
    return NULL;
  }
  for (int c = 0; c < r->nn; c++) {
    int *g = r->cg + 4 * c;
    r->ncg[c] = gs->cell_groups(pz, c, g, &r->want);
    for (int j = 0; j < r->ncg[c]; j++)
      if (g[j] < 0 || (size_t)g[j] >= ngroups) { /* not a group: no rotation */
        gc_rotor_free(r);
        return NULL;
      }
    for (int j = 0; j < r->ncg[c]; j++)
      r->gfirst[g[j] + 1]++;
  }
  for (size_t g = 0; g < ngroups; g++)
    r->gfirst[g + 1] += r->gfirst[g];
  memcpy(r->cnt, r->gfirst, ngroups * sizeof *r->cnt); /* as fill cursors */
  for (int c = 0; c < r->nn; c++)
    for (int j = 0; j < r->ncg[c]; j++)
      r->gcell[r->cnt[r->cg[4 * c + j]]++] = c;
  for (size_t g = 0; g < ngroups; g++)
    r->gmem[g] = -1;
  for (int c = 0; c < r->nn; c++)
    r->cmem[c] = r->cstep[c] = -1;
  return r;
}

/* The walk's state for one call. */
typedef struct walk {
  gc_rotor *r;
  int *t; /* the grid */
  const gc_rmember *mem;
  size_t n;
  const gc_rmember *step;
  size_t k;
  size_t strue; /* the step's literals that hold in t */
  char *need;
  int (*verify)(void *arg, const int *grid, size_t j);
  void *arg;
  size_t queued, found;
} walk;

static void toggle(walk *w, int c) {
  gc_rotor *r = w->r;
  int d = w->t[c] ? -1 : 1;
  w->t[c] ^= 1;
  for (int j = 0; j < r->ncg[c]; j++)
    r->cnt[r->cg[4 * c + j]] += d;
  int s = r->cstep[c];
  if (s >= 0)
    w->strue += w->t[c] == w->step[s].val ? 1 : (size_t)-1;
}

static int fails(const walk *w, int j) {
  const gc_rmember *m = &w->mem[j];
  if (m->group >= 0)
    return w->r->cnt[m->group] != w->r->want;
  return w->t[m->cell] != m->val;
}

/* The members whose count or cell c is, added to list[0..*nl) with no
   repeats. */
static void touched(const walk *w, int c, int *list, int *nl) {
  const gc_rotor *r = w->r;
  int add[5], na = 0;
  for (int j = 0; j < r->ncg[c]; j++)
    if (r->gmem[r->cg[4 * c + j]] >= 0)
      add[na++] = r->gmem[r->cg[4 * c + j]];
  if (r->cmem[c] >= 0)
    add[na++] = r->cmem[c];
  for (int i = 0; i < na; i++) {
    int seen = 0;
    for (int j = 0; j < *nl && !seen; j++)
      seen = list[j] == add[i];
    if (!seen)
      list[(*nl)++] = add[i];
  }
}

/* The members of list that fail in t, into out; their number. */
static int failing(const walk *w, const int *list, int nl, int *out) {
  int k = 0;
  for (int i = 0; i < nl; i++)
    if (fails(w, list[i]))
      out[k++] = list[i];
  return k;
}

/* t fails member j alone, the step broken: j needed, and t is queued. */
static void found(walk *w, int j) {
  gc_rotor *r = w->r;
  if (w->need[j] || w->strue == w->k || !w->verify(w->arg, w->t, (size_t)j))
    return;
  w->need[j] = 1;
  w->found++;
  if (w->queued < r->qcap) {
    memcpy(r->queue + w->queued * (size_t)r->nn, w->t,
           (size_t)r->nn * sizeof *w->t);
    r->qfail[w->queued++] = j;
  }
}

/* Does toggling c keep the rules outside the items (a new 1 must be
   allowed there)? */
static int may_toggle(const walk *w, int c) {
  return w->t[c] || w->r->gs->may_hold(w->r->pz, w->t, c);
}

/* The cells whose toggle can put member j right in t, into list; their
   number. */
static int fixes(const walk *w, int j, int *list) {
  const gc_rotor *r = w->r;
  const gc_rmember *m = &w->mem[j];
  if (m->group < 0) {
    list[0] = m->cell;
    return 1;
  }
  int d = r->cnt[m->group] - r->want, k = 0;
  if (d != 1 && d != -1)
    return 0;
  for (int i = r->gfirst[m->group]; i < r->gfirst[m->group + 1]; i++) {
    int c = r->gcell[i];
    if (w->t[c] == (d > 0))
      list[k++] = c;
  }
  return k;
}

/* From t, which fails member x alone. */
static void walk_from(walk *w, int x, int *first, int *second) {
  int na = fixes(w, x, first);
  for (int a = 0; a < na; a++) {
    int ca = first[a];
    if (!may_toggle(w, ca))
      continue;
    toggle(w, ca);
    int t1[5], n1 = 0, f1[5];
    touched(w, ca, t1, &n1);
    int k1 = failing(w, t1, n1, f1);
    if (k1 == 1)
      found(w, f1[0]);
    if (k1 >= 1 && k1 <= MOST_FAILS) {
      for (int i = 0; i < k1; i++) {
        int nb = fixes(w, f1[i], second);
        for (int b = 0; b < nb; b++) {
          int cb = second[b];
          if (cb == ca || !may_toggle(w, cb))
            continue;
          toggle(w, cb);
          int t2[10], n2 = n1, f2[10];
          memcpy(t2, t1, (size_t)n1 * sizeof *t1);
          touched(w, cb, t2, &n2);
          if (failing(w, t2, n2, f2) == 1)
            found(w, f2[0]);
          toggle(w, cb);
        }
      }
    }
    toggle(w, ca);
  }
}

size_t gc_rotor_run(gc_rotor *r, const int *grid, const gc_rmember *mem,
                    size_t n, size_t x, const gc_rmember *step, size_t k,
                    char *need,
                    int (*verify)(void *arg, const int *grid, size_t j),
                    void *arg) {
  size_t nn = (size_t)r->nn;
  if (r->qcap < n + 1) {
    int *q = realloc(r->queue, (n + 1) * nn * sizeof *q);
    if (!q)
      return 0;
    r->queue = q;
    int *f = realloc(r->qfail, (n + 1) * sizeof *f);
    if (!f)
      return 0;
    r->qfail = f;
    r->qcap = n + 1;
  }
  /* (the queue holds at most n + 1 grids: each member is queued once,
     when shown needed) */
  int *t = r->work;
  walk w = {r, t, mem, n, step, k, 0, need, verify, arg, 0, 0};
  for (size_t i = 0; i < n; i++) {
    if (mem[i].group >= 0)
      r->gmem[mem[i].group] = (int)i;
    else
      r->cmem[mem[i].cell] = (int)i;
  }
  for (size_t s = 0; s < k; s++)
    r->cstep[step[s].cell] = (int)s;
  memcpy(r->queue, grid, nn * sizeof *grid);
  r->qfail[0] = (int)x;
  w.queued = 1;
  for (size_t q = 0; q < w.queued; q++) {
    memcpy(t, r->queue + q * nn, nn * sizeof *t);
    memset(r->cnt, 0, r->ngroups * sizeof *r->cnt);
    w.strue = 0;
    for (int c = 0; c < r->nn; c++) {
      if (t[c])
        for (int j = 0; j < r->ncg[c]; j++)
          r->cnt[r->cg[4 * c + j]]++;
      if (r->cstep[c] >= 0)
        w.strue += t[c] == step[r->cstep[c]].val;
    }
    /* the grid must fail its member alone (a model does, by the
       assumptions: else it is no start) */
    int bad = w.strue == k;
    for (size_t i = 0; i < n && !bad; i++)
      bad = (i == (size_t)r->qfail[q]) != fails(&w, (int)i);
    if (!bad)
      walk_from(&w, r->qfail[q], t + nn, t + 2 * nn);
  }
  for (size_t i = 0; i < n; i++) {
    if (mem[i].group >= 0)
      r->gmem[mem[i].group] = -1;
    else
      r->cmem[mem[i].cell] = -1;
  }
  for (size_t s = 0; s < k; s++)
    r->cstep[step[s].cell] = -1;
  return w.found;
}
