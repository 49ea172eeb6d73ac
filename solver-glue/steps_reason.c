/*
 * steps_reason.c: the prover behind every step's reason (steps.h).
 *
 * The puzzle is encoded once with every clue, given, sign and count in a
 * clause group (a selector literal switches it on), with the genre's step
 * options (no implied constraint outside the groups, so that switching a
 * count off really removes it).  A reason is a set of groups and cell
 * literals; "R implies the step" is "R and the negated step are
 * unsatisfiable".
 *
 * Shrinking by deletion: for each member x in turn, does R - x still imply
 * the step?
 *   1. our unit propagation (propagate.c) refutes R - x and the negated
 *      step: yes, x goes (a proof);
 *   2. a model in the pool satisfies R - x and breaks the step: no, x stays
 *      (a witness: a grid that keeps every rule and every other member);
 *   3. else CaDiCaL under R - x as assumptions (the negated step as one
 *      assumption, or a constraint when it rules out several digits):
 *      UNSAT, x goes and only the failed assumptions stay; SAT, x stays and
 *      the model joins the pool;
 *   4. and in Star Battle that model, a cell or two changed at a time,
 *      shows more members needed before their turn (steps_rotate.c): they
 *      stay with no call.
 * What is left is minimal: every member was shown needed, and dropping
 * members never makes another one unneeded.  But a call of step 3 may
 * take at most gc_prover_conflicts conflicts; past that x stays unproven
 * (gc_step.unproven counts them).  In a big Star Battle a few deletions in
 * a lookahead or search step's reason of hundreds of cells take CaDiCaL
 * seconds to minutes each: a 40x40 with 4 stars (seed 1) was rated in
 * more than 11 minutes; with the limit in 61 s, 17 members unproven.  No
 * corpus puzzle reaches the limit.
 */
#include <ccadical.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"
#include "steps.h"
#include "cadical.h"

#define POOL 128
#define TRADE_POOL 16 /* the newest models trades start from */
/* Model rotation on sets of at most this many members.  On bigger ones
   (the reasons of lookahead and search steps, hundreds of cells) the
   calls rotation saves are the ones CaDiCaL answers at once from its last
   model, and the solver's harder calls took longer without them: a 30x30
   Star Battle with 3 stars (seed 2), its calls on sets past 50 members,
   8374 SAT in 7.0 s without rotation, 2830 in 9.2 s with it, and its
   UNSAT calls 2.6 s against 10 s. */
#define ROTATE_MOST 50

struct gc_prover {
  const gc_puzzle *pz;
  const gc_genre_steps *gs;
  gc_options opt;
  gc_cnf cnf;
  gc_memsink mem;
  gc_up *up;
  CCaDiCaL *sat;
  const gc_block *cell;
  int n, d, latin;
  size_t ngroups;
  gc_item *gitem;
  int *pool; /* POOL grids of n*n values (digits, or 0/1 stars) */
  int npool, pnext;
  int *grid; /* scratch */
  int br, bc; /* Latin boxes */
  int step_cell; /* the cell of the step being proven (-1: not known) */
  int *lits; /* scratch */
  size_t caplits;
  long calls;
  long st_up, st_pool, st_sat, st_unsat, st_rot;
  int conflicts;   /* a deletion's limit (gc_prover_conflicts) */
  size_t unproven; /* kept without proof by the last gc_prover_minimal */
  gc_rotor *rot; /* model rotation (Star Battle), or NULL */
  double deadline;
  const volatile int *interrupt;
  int stopped;
  int sat_failed; /* CaDiCaL ran out of memory: stopped, and an error */
};

atomic_int gc_prover_conflicts = GC_REASON_CONFLICTS;

static int stop_cb(void *arg) { return gc_prover_stopped(arg); }

int gc_prover_stopped(gc_prover *p) {
  if (p->stopped)
    return 1;
  if (gc_stop_requested(p->interrupt) ||
      (p->deadline > 0 && gc_now_ms() >= p->deadline))
    p->stopped = 1;
  return p->stopped;
}

long gc_prover_calls(const gc_prover *p) { return p->calls; }

size_t gc_prover_unproven(const gc_prover *p) { return p->unproven; }

long gc_prover_rotated(const gc_prover *p) { return p->st_rot; }

int gc_prover_failed(const gc_prover *p) { return p && p->sat_failed; }

/* CaDiCaL failed (its calls are guarded, cadical_guard.cpp): everything
   stops, and the caller reports out of memory. */
static int sat_fail(gc_prover *p) {
  p->sat_failed = 1;
  p->stopped = 1;
  return 0;
}

void gc_prover_free(gc_prover *p) {
  if (!p)
    return;
  gc_up_free(p->up);
  gc_rotor_free(p->rot);
  gc_cad_release(p->sat); /* (parked, if it failed) */
  gc_cnf_release(&p->cnf);
  gc_memsink_free(&p->mem);
  free(p->gitem);
  free(p->pool);
  free(p->grid);
  free(p->lits);
  free(p);
}

gc_prover *gc_prover_new(const gc_puzzle *pz, const gc_options *opt,
                         const gc_limits *lim, gc_error *err) {
  const gc_genre_steps *gs = pz->genre->steps;
  gc_prover *p = calloc(1, sizeof *p);
  if (!p) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  p->pz = pz;
  p->gs = gs;
  p->n = pz->n;
  p->d = gs->d ? gs->d : pz->n;
  p->latin = gs->d == 0;
  p->step_cell = -1;
  if (gs->boxes)
    gs->boxes(pz, &p->br, &p->bc);
  if (opt)
    p->opt = *opt;
  else
    gc_options_default(&p->opt);
  if (gs->options)
    gs->options(&p->opt);
  p->opt.simplify = 0;
  p->interrupt = lim ? lim->interrupt : NULL;
  p->deadline = lim && lim->timeout > 0 ? gc_now_ms() + lim->timeout * 1e3 : 0;
  gc_cnf_init(&p->cnf, gc_sink_memory(&p->mem), &p->opt);
  p->cnf.want_groups = 1;
  gc_cnf_set_limits(&p->cnf, lim);
  if (pz->genre->encode(pz, &p->cnf, err) || gc_cnf_status(&p->cnf)) {
    if (!err->code && !gc_cnf_limit_error(&p->cnf, err))
      gc_error_set(err, gc_cnf_status(&p->cnf) ? gc_cnf_status(&p->cnf)
                                                : GC_E_INTERNAL,
                   0, 0, "encoding failed");
    gc_prover_free(p);
    return NULL;
  }
  size_t nn = (size_t)p->n * (size_t)p->n;
  p->cell = gc_cnf_find_block(&p->cnf, "cell");
  p->ngroups = p->cnf.ngroups;
  p->gitem = calloc(p->ngroups + 1, sizeof *p->gitem);
  p->pool = malloc(POOL * nn * sizeof *p->pool + 1);
  p->grid = malloc(nn * sizeof *p->grid + 1);
  p->up = gc_up_new(&p->mem, p->cnf.nvars);
  p->sat = gc_cad_init();
  if (!p->cell || !p->gitem || !p->pool || !p->grid || !p->up || !p->sat) {
    gc_error_set(err, p->cell ? GC_E_NOMEM : GC_E_INTERNAL, 0, 0,
                 p->cell ? "out of memory" : "the encoding has no cell block");
    gc_prover_free(p);
    return NULL;
  }
  for (size_t i = 0; i < p->ngroups; i++)
    if (gs->group_item(pz, i, &p->cnf.groups[i], &p->gitem[i])) {
      gc_error_set(err, GC_E_INTERNAL, 0, 0, "group %zu is no item", i);
      gc_prover_free(p);
      return NULL;
    }
  p->conflicts = atomic_load(&gc_prover_conflicts);
  if (!p->latin)
    p->rot = gc_rotor_new(pz, p->ngroups); /* NULL: no rotation */
  ccadical_set_option(p->sat, "quiet", 1);
  ccadical_set_option(p->sat, "lucky", 0);
  if (gc_memsink_replay(&p->mem, gc_sink_cadical(p->sat))) {
    p->sat_failed = 1;
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    gc_prover_free(p);
    return NULL;
  }
  ccadical_set_terminate(p->sat, p, stop_cb);
  return p;
}

size_t gc_prover_groups(const gc_prover *p, const gc_item **items) {
  *items = p->gitem;
  return p->ngroups;
}

static int same_place(const gc_item *a, const gc_item *b) {
  if (a->kind != b->kind)
    return 0;
  switch (a->kind) {
  case GC_ITEM_CLUE:
    return a->side == b->side && a->index == b->index;
  case GC_ITEM_GIVEN:
  case GC_ITEM_CELL:
    return a->row == b->row && a->col == b->col;
  case GC_ITEM_SIGN:
  case GC_ITEM_MARK:
    return a->row == b->row && a->col == b->col && a->row2 == b->row2 &&
           a->col2 == b->col2;
  default:
    return a->index == b->index;
  }
}

int gc_prover_find_group(const gc_prover *p, const gc_item *it) {
  for (size_t i = 0; i < p->ngroups; i++)
    if (same_place(&p->gitem[i], it))
      return (int)i;
  return -1;
}

int gc_prover_lit(const gc_prover *p, int cell, int v) {
  if (p->latin)
    return gc_block_var(p->cell, cell / p->n, cell % p->n, v);
  int var = gc_block_var(p->cell, cell / p->n, cell % p->n, 0);
  return v ? var : -var;
}

void gc_prover_lit_place(const gc_prover *p, int lit, int *cell, int *v) {
  int var = abs(lit) - p->cell->first;
  *cell = p->latin ? var / p->n : var;
  *v = p->latin ? var % p->n : 1;
}

/* Is lit true in grid g (puzzle values)? */
static int lit_true(const gc_prover *p, const int *g, int lit) {
  int var = abs(lit) - p->cell->first;
  int truth;
  if (p->latin)
    truth = g[var / p->n] == var % p->n + 1;
  else
    truth = g[var] == 1;
  return lit > 0 ? truth : !truth;
}

static int item_true(const gc_prover *p, const int *g, const gc_sitem *s) {
  if (s->group >= 0)
    return p->gs->item_holds(p->pz, &p->gitem[s->group], g);
  return lit_true(p, g, s->lit);
}

static int assume_lit(const gc_prover *p, const gc_sitem *s) {
  return s->group >= 0 ? p->cnf.groups[s->group].selector : s->lit;
}

/* The value of lit in the model (> 0 true); 0 when CaDiCaL failed. */
static int model_val(gc_prover *p, int lit) {
  int v = p->sat_failed ? INT_MIN : gc_cad_val(p->sat, lit);
  if (v == INT_MIN)
    return sat_fail(p);
  return v;
}

/* The model's grid into g (0 when CaDiCaL failed: sat_failed). */
static int model_grid(gc_prover *p, int *g) {
  int nn = p->n * p->n;
  for (int c = 0; c < nn; c++) {
    if (!p->latin) {
      g[c] = model_val(p, gc_prover_lit(p, c, 1)) > 0;
      continue;
    }
    g[c] = 0;
    for (int v = 0; v < p->n; v++)
      if (model_val(p, gc_prover_lit(p, c, v)) > 0) {
        g[c] = v + 1;
        break;
      }
  }
  return !p->sat_failed;
}

static void pool_add(gc_prover *p) {
  size_t nn = (size_t)p->n * (size_t)p->n;
  if (!model_grid(p, p->pool + (size_t)p->pnext * nn))
    return;
  p->pnext = (p->pnext + 1) % POOL;
  if (p->npool < POOL)
    p->npool++;
}

/* Latin trades: another Latin square from g that differs in cell at
   (Lynce's "trades": two rows swapped along a cycle of columns, two
   columns along a cycle of rows, or two digits along a cycle of cells).
   Each is tried against the set; 1 when one is a witness (into t). */
static int boxes_ok(const gc_prover *p, const int *t) {
  int br = p->br, bc = p->bc, n = p->n;
  if (!br)
    return 1;
  for (int b = 0; b < n; b++) {
    uint64_t seen = 0;
    int r0 = (b / (n / bc)) * br, c0 = (b % (n / bc)) * bc;
    for (int j = 0; j < n; j++) {
      int v = t[(r0 + j / bc) * n + c0 + j % bc];
      if (seen >> v & 1)
        return 0;
      seen |= 1ull << v;
    }
  }
  return 1;
}

static int witness_ok(const gc_prover *p, const int *t, const gc_sitem *s,
                      size_t n, size_t skip, const int *concl, size_t k) {
  int breaks = 0;
  for (size_t j = 0; j < k && !breaks; j++)
    breaks = !lit_true(p, t, concl[j]);
  if (!breaks || !boxes_ok(p, t))
    return 0;
  for (size_t i = 0; i < n; i++)
    if (i != skip && !item_true(p, t, &s[i]))
      return 0;
  return 1;
}

/* Into t (a copy of g): lines a and b swapped along the cycle through
   position pos that keeps every other line Latin (rows when across: the
   cells at row*n+col; else columns, the cells at col*n+row). */
static void swap_cycle(const int *g, int *t, int n, int across, int a, int b,
                       int pos) {
  int at[GC_MAX_N + 1];
#define CELL(line, q) (across ? (line) * n + (q) : (q) * n + (line))
  for (int q = 0; q < n; q++)
    at[g[CELL(a, q)]] = q;
  int q = pos;
  do {
    t[CELL(a, q)] = g[CELL(b, q)];
    t[CELL(b, q)] = g[CELL(a, q)];
    q = at[g[CELL(b, q)]];
  } while (q != pos);
#undef CELL
}

static int trade_witness(const gc_prover *p, const int *g, int cell,
                         const gc_sitem *s, size_t ns, size_t skip,
                         const int *concl, size_t k, int *t) {
  int n = p->n, r = cell / n, c = cell % n, nn = n * n;
  for (int kind = 0; kind < 3; kind++)
    for (int o = 0; o < n; o++) {
      memcpy(t, g, (size_t)nn * sizeof *t);
      if (kind == 0) { /* rows r and o, along a cycle of columns */
        if (o == r)
          continue;
        swap_cycle(g, t, n, 1, r, o, c);
      } else if (kind == 1) { /* columns c and o, along a cycle of rows */
        if (o == c)
          continue;
        swap_cycle(g, t, n, 0, c, o, r);
      } else { /* digits a and w, along a cycle of cells */
        int a = g[cell], w = o + 1;
        if (w == a)
          continue;
        int rr = r, cc = c, guard = 0;
        do {
          int cw = 0; /* along the row to w */
          while (g[rr * n + cw] != w)
            cw++;
          t[rr * n + cc] = w;
          t[rr * n + cw] = a;
          int ra = 0; /* along the column to a */
          while (g[ra * n + cw] != a)
            ra++;
          rr = ra;
          cc = cw;
        } while ((rr != r || cc != c) && ++guard <= n);
      }
      if (witness_ok(p, t, s, ns, skip, concl, k))
        return 1;
    }
  return 0;
}

/* A witness on one line.  When every cell the set (but skip) and the step
   name lies in one row (or column), every clue of the set looks along it
   and every sign joins two of its cells, then any arrangement A of the
   line extends to a Latin square that keeps all of them: A in its line,
   the other lines A shifted cyclically.  So an arrangement that keeps the
   set and breaks the step is a witness; found by a search with a budget.
   Not with boxes (the shifts would break them). */
#define LINE_NODES 3000

typedef struct line_ctx {
  gc_prover *p;
  const gc_sitem *s;
  size_t n, skip, k;
  const int *concl;
  int row, index; /* the line: row (1) or column (0), which */
  uint64_t allow[GC_MAX_N];
  int a[GC_MAX_N];
  long nodes;
} line_ctx;

static void line_grid(const line_ctx *x, int *g) {
  int n = x->p->n;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      int v = x->a[(j + i) % n] + 1;
      if (x->row)
        g[((x->index + i) % n) * n + j] = v;
      else
        g[j * n + (x->index + i) % n] = v;
    }
}

static int line_rec(line_ctx *x, int pos, uint64_t used) {
  int n = x->p->n;
  if (++x->nodes > LINE_NODES)
    return 0;
  if (pos == n) {
    int *g = x->p->grid;
    line_grid(x, g);
    int breaks = 0;
    for (size_t j = 0; j < x->k && !breaks; j++)
      breaks = !lit_true(x->p, g, x->concl[j]);
    if (!breaks)
      return 0;
    for (size_t i = 0; i < x->n; i++)
      if (i != x->skip && !item_true(x->p, g, &x->s[i]))
        return 0;
    return 1;
  }
  for (int v = 0; v < n; v++)
    if (!(used >> v & 1) && (x->allow[pos] >> v & 1)) {
      x->a[pos] = v;
      if (line_rec(x, pos + 1, used | 1ull << v))
        return 1;
    }
  return 0;
}

/* The line position of cell (r, c), or -1 off the line. */
static int on_line(const line_ctx *x, int r, int c) {
  if (x->row)
    return r == x->index ? c : -1;
  return c == x->index ? r : -1;
}

static int line_witness(gc_prover *p, const gc_sitem *s, size_t n,
                        size_t skip, const int *concl, size_t k) {
  if (!p->latin || p->br || p->step_cell < 0)
    return 0;
  int N = p->n;
  for (int row = 1; row >= 0; row--) {
    line_ctx x;
    memset(&x, 0, sizeof x);
    x.p = p, x.s = s, x.n = n, x.skip = skip, x.concl = concl, x.k = k;
    x.row = row;
    x.index = row ? p->step_cell / N : p->step_cell % N;
    uint64_t full = N >= 64 ? ~0ull : (1ull << N) - 1;
    for (int i = 0; i < N; i++)
      x.allow[i] = full;
    int fits = 1;
    for (size_t i = 0; i < n && fits; i++) {
      if (i == skip)
        continue;
      if (s[i].group < 0) {
        int cell, v;
        gc_prover_lit_place(p, s[i].lit, &cell, &v);
        int at = on_line(&x, cell / N, cell % N);
        if (at < 0)
          fits = 0;
        else if (s[i].lit > 0)
          x.allow[at] &= 1ull << v;
        else
          x.allow[at] &= ~(1ull << v);
        continue;
      }
      const gc_item *it = &p->gitem[s[i].group];
      switch (it->kind) {
      case GC_ITEM_CLUE:
        fits = (it->side >= GC_SIDE_LEFT) == row && it->index == x.index;
        break;
      case GC_ITEM_GIVEN: {
        int at = on_line(&x, it->row, it->col);
        if (at < 0)
          fits = 0;
        else
          x.allow[at] &= 1ull << (it->value - 1);
        break;
      }
      case GC_ITEM_SIGN:
        fits = on_line(&x, it->row, it->col) >= 0 &&
               on_line(&x, it->row2, it->col2) >= 0;
        break;
      default:
        fits = 0;
      }
    }
    if (!fits)
      continue;
    /* the step broken at its cell */
    int at = on_line(&x, p->step_cell / N, p->step_cell % N);
    uint64_t breaks = 0;
    for (size_t j = 0; j < k; j++) {
      int cell, v;
      gc_prover_lit_place(p, concl[j], &cell, &v);
      breaks |= concl[j] > 0 ? full & ~(1ull << v) : 1ull << v;
    }
    x.allow[at] &= breaks;
    if (line_rec(&x, 0, 0))
      return 1;
  }
  return 0;
}

/* A pool grid that keeps set[0..n) but s[skip] and breaks the step. */
static int pool_witness(const gc_prover *p, const gc_sitem *s, size_t n,
                        size_t skip, const int *concl, size_t k) {
  size_t nn = (size_t)p->n * (size_t)p->n;
  for (int m = 0; m < p->npool; m++) {
    const int *g = p->pool + (size_t)m * nn;
    int breaks = 0;
    for (size_t j = 0; j < k && !breaks; j++)
      breaks = !lit_true(p, g, concl[j]);
    if (!breaks)
      continue;
    int ok = 1;
    for (size_t i = 0; i < n && ok; i++)
      if (i != skip)
        ok = item_true(p, g, &s[i]);
    if (ok)
      return 1;
  }
  if (!p->latin || p->step_cell < 0)
    return 0;
  for (int m = 0; m < p->npool && m < TRADE_POOL; m++) {
    const int *g = p->pool + (size_t)((p->pnext - 1 - m + POOL) % POOL) * nn;
    if (trade_witness(p, g, p->step_cell, s, n, skip, concl, k, p->grid))
      return 1;
  }
  return line_witness((gc_prover *)p, s, n, skip, concl, k);
}

/* Propagation: set minus skip, with the step negated, one literal of the
   step at a time: 1 when every one is refuted. */
static int up_implies(gc_prover *p, const gc_sitem *s, size_t n, size_t skip,
                      const int *concl, size_t k) {
  size_t mark = gc_up_mark(p->up);
  int conflict = 0;
  for (size_t i = 0; i < n && !conflict; i++)
    if (i != skip)
      conflict = gc_up_assume(p->up, assume_lit(p, &s[i])) < 0;
  int all = 1;
  if (!conflict)
    for (size_t j = 0; j < k && all; j++) {
      size_t m2 = gc_up_mark(p->up);
      all = gc_up_assume(p->up, -concl[j]) < 0;
      gc_up_undo(p->up, m2);
    }
  gc_up_undo(p->up, mark);
  return all;
}

/* CaDiCaL: set minus skip and the step negated.  20: failed[i] set for
   the members in the failed assumptions; 10 (model in the pool); 30 over
   the conflict limit (a deletion, skip set); 0 stopped. */
static int sat_implies(gc_prover *p, const gc_sitem *s, size_t n, size_t skip,
                       const int *concl, size_t k, char *failed) {
  if (gc_prover_stopped(p))
    return 0;
  int ok = 1;
  for (size_t i = 0; i < n && ok; i++)
    if (i != skip)
      ok = gc_cad_assume(p->sat, assume_lit(p, &s[i])) == 0;
  if (ok && k == 1)
    ok = gc_cad_assume(p->sat, -concl[0]) == 0;
  else {
    for (size_t j = 0; j < k && ok; j++)
      ok = gc_cad_constrain(p->sat, -concl[j]) == 0;
    if (ok)
      ok = gc_cad_constrain(p->sat, 0) == 0;
  }
  if (!ok)
    return sat_fail(p);
  p->calls++;
  int limited = skip != (size_t)-1 && p->conflicts > 0;
  if (limited)
    gc_cad_limit_conflicts(p->sat, p->conflicts);
  int r = gc_cad_solve(p->sat, NULL, 0);
  if (r < 0)
    return sat_fail(p);
  if (r == 0 && limited && !p->sat_failed && !gc_prover_stopped(p))
    return 30;
  if (r == 10)
    pool_add(p);
  else if (r == 20 && failed)
    for (size_t i = 0; i < n; i++) {
      int f = i != skip ? gc_cad_failed(p->sat, assume_lit(p, &s[i])) : 0;
      if (f < 0)
        return sat_fail(p);
      failed[i] = (char)f;
    }
  return p->sat_failed ? 0 : r;
}

/* The rotor's check of a grid it found: does it show member j of the set
   needed (the rules outside the items too)? */
typedef struct rot_check {
  gc_prover *p;
  const gc_sitem *s;
  size_t n;
  const int *concl;
  size_t k;
} rot_check;

static int rot_verify(void *arg, const int *t, size_t j) {
  rot_check *x = arg;
  gc_prover *p = x->p;
  int nn = p->n * p->n;
  for (int c = 0; c < nn; c++)
    if (t[c] == 1 && !p->gs->may_hold(p->pz, t, c))
      return 0;
  return witness_ok(p, t, x->s, x->n, j, x->concl, x->k);
}

/* The newest model of the pool fails member x of s alone: more members
   shown needed by rotating it (need[j] set). */
static void rotate(gc_prover *p, const gc_sitem *s, size_t n, size_t x,
                   const int *concl, size_t k, char *need) {
  gc_rmember *mem = malloc((n + k + 1) * sizeof *mem);
  if (!mem)
    return; /* (no rotation: the solver answers) */
  for (size_t i = 0; i < n + k; i++) {
    int lit = i < n ? s[i].lit : concl[i - n], v;
    mem[i].group = i < n ? s[i].group : -1;
    mem[i].cell = 0;
    mem[i].val = lit > 0;
    if (mem[i].group < 0)
      gc_prover_lit_place(p, lit, &mem[i].cell, &v);
  }
  size_t nn = (size_t)p->n * (size_t)p->n;
  const int *g = p->pool + (size_t)((p->pnext - 1 + POOL) % POOL) * nn;
  rot_check x2 = {p, s, n, concl, k};
  p->st_rot += (long)gc_rotor_run(p->rot, g, mem, n, x, mem + n, k, need,
                                  rot_verify, &x2);
  free(mem);
}

int gc_prover_minimal(gc_prover *p, const gc_sitem *in, size_t n,
                      const int *concl, size_t k, gc_sitem *out,
                      size_t *nout) {
  /* need[i]: 1 member i shown needed by rotation, 2 kept without proof */
  char *failed = malloc(2 * n + 2), *need = failed + n + 1;
  if (!failed)
    return -1;
  memset(need, 0, n + 1);
  p->unproven = 0;
  int v0;
  gc_prover_lit_place(p, concl[0], &p->step_cell, &v0);
  size_t m = 0;
  for (size_t i = 0; i < n; i++) { /* without repeats */
    size_t j = 0;
    while (j < m && !(out[j].group == in[i].group && out[j].lit == in[i].lit))
      j++;
    if (j == m)
      out[m++] = in[i];
  }
  int rc = 0;
  if (!up_implies(p, out, m, (size_t)-1, concl, k)) {
    int r = sat_implies(p, out, m, (size_t)-1, concl, k, failed);
    if (r != 20) {
      rc = r == 10 ? 2 : 1;
      goto done;
    }
    size_t keep = 0;
    for (size_t i = 0; i < m; i++)
      if (failed[i])
        out[keep++] = out[i];
    m = keep;
  }
  for (size_t i = 0; i < m;) {
    if (need[i]) { /* shown by rotation */
      i++;
      continue;
    }
    if (up_implies(p, out, m, i, concl, k)) {
      p->st_up++;
      memmove(out + i, out + i + 1, (m - i - 1) * sizeof *out);
      memmove(need + i, need + i + 1, m - i - 1);
      m--;
      continue;
    }
    if (pool_witness(p, out, m, i, concl, k)) {
      p->st_pool++;
      i++;
      continue;
    }
    int r = sat_implies(p, out, m, i, concl, k, failed);
    if (r == 0) {
      rc = 1;
      goto done;
    }
    if (r == 30) { /* too hard either way: x stays, unproven */
      need[i++] = 2;
      continue;
    }
    if (r == 10) {
      p->st_sat++;
      if (p->rot && m <= ROTATE_MOST)
        rotate(p, out, m, i, concl, k, need);
      i++;
      continue;
    }
    p->st_unsat++;
    /* x goes, and only the failed assumptions stay.  The members before
       i were shown needed, and a needed member is in every subset that
       implies the step, so they all stay and i keeps its place. */
    size_t keep = 0, before = 0;
    for (size_t j = 0; j < m; j++)
      if (failed[j]) {
        before += j < i;
        need[keep] = need[j];
        out[keep++] = out[j];
      }
    m = keep;
    i = before;
  }
done:
  *nout = m;
  for (size_t i = 0; i < m; i++)
    p->unproven += need[i] == 2;
  free(failed);
  return rc;
}

int gc_prover_solve(gc_prover *p, int groups, const int *lits, size_t n,
                    int *grid) {
  if (gc_prover_stopped(p))
    return 0;
  int ok = 1;
  if (groups)
    for (size_t i = 0; i < p->ngroups && ok; i++)
      ok = gc_cad_assume(p->sat, p->cnf.groups[i].selector) == 0;
  for (size_t i = 0; i < n && ok; i++)
    ok = gc_cad_assume(p->sat, lits[i]) == 0;
  if (!ok)
    return sat_fail(p);
  p->calls++;
  int r = gc_cad_solve(p->sat, NULL, 0);
  if (r < 0)
    return sat_fail(p);
  if (r == 10) {
    pool_add(p);
    if (grid)
      model_grid(p, grid);
  }
  return p->sat_failed ? 0 : r;
}

static int up_base(gc_prover *p, const int *lits, size_t n) {
  for (size_t i = 0; i < p->ngroups; i++)
    if (gc_up_assume(p->up, p->cnf.groups[i].selector) < 0)
      return -1;
  for (size_t i = 0; i < n; i++)
    if (gc_up_assume(p->up, lits[i]) < 0)
      return -1;
  return 0;
}

int gc_prover_up_refutes(gc_prover *p, const int *lits, size_t n) {
  size_t mark = gc_up_mark(p->up);
  int r = up_base(p, lits, n) < 0;
  gc_up_undo(p->up, mark);
  return r;
}

int gc_prover_up_probe(gc_prover *p, const int *lits, size_t n,
                       const int *probe, size_t nprobe,
                       int (*refuted)(void *arg, int lit), void *arg) {
  size_t mark = gc_up_mark(p->up);
  if (up_base(p, lits, n) < 0) {
    gc_up_undo(p->up, mark);
    return 1;
  }
  for (size_t i = 0; i < nprobe; i++) {
    if (gc_up_value(p->up, probe[i]) != 0)
      continue;
    size_t m2 = gc_up_mark(p->up);
    int bad = gc_up_assume(p->up, probe[i]) < 0;
    gc_up_undo(p->up, m2);
    if (bad && refuted(arg, probe[i]))
      break;
  }
  gc_up_undo(p->up, mark);
  return 0;
}
