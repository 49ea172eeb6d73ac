/*
 * starbattle_tail.c: the last regions of a Star Battle cut from a layout
 * (starbattle_cut.c), changed so that they let in no other solution.
 *
 * The cut fixes every region but the last SBF_TAIL by a chain of
 * deductions, so in any solution of the puzzle those regions hold S's
 * stars and no others.  The solutions of the puzzle are then exactly the
 * placements of the last stars that the rows, the columns and no touching
 * allow with the other regions as S has them (the tail's solutions), with
 * m stars in each of the last regions.  One bare solver holds the rows,
 * the columns and no touching; the other regions' cells are its
 * assumptions, and it lists the tail's solutions other than S (each
 * excluded in turn under a selector switched off afterwards), up to
 * SBF_TAIL_SOLS.
 *
 * A solution is shut out when one of the last regions holds other than m
 * of its stars.  A local search moves cells between the last regions: a
 * solution still let in, a star of it where S has none, and the shortest
 * way inside its region (around S's stars) from there to a cell next to
 * the other last region; the way and the cells it cuts off from its
 * region's stars (sb_moving_set) change region.  S's counts do not
 * change, and both regions stay joined.  A move is kept when no more
 * solutions are let in than before, and one time in SBF_TAIL_KEEP all the
 * same, so that the search does not stay where every move lets more
 * in.  Each solution keeps its counts in the last regions, and each cell
 * the solutions with a star there, so a move costs what it touches.
 *
 * Why the tail needs this: the tail's other solutions move its stars
 * along cycles of one-cell shifts through the rows and columns, and the
 * last two regions as grown often hold both ends of a shift (see the pick
 * of the first star in starbattle_cut.c, which makes such cycles rarer).
 * Of the 10 sizes and seeds past the wall that nothing made in 45 s
 * before, the border first made 2, and with this search 5.  When the
 * search shuts every solution out it does so within a hundred moves (11,
 * 27 and 75 in the runs looked at), so it stops after SBF_TAIL_MOVES.
 */
#include <stdlib.h>

#include "starbattle_forced.h"

/* Solutions of the tail listed at most, moves tried, and one move in how
   many kept although it lets more in; moves between looks at the stop. */
enum {
  SBF_TAIL_SOLS = 4000,
  SBF_TAIL_MOVES = 5000,
  SBF_TAIL_KEEP = 20,
  SBF_TAIL_POLL = 64
};

typedef struct tail {
  int ns, per;            /* solutions (S not among them), stars in each */
  int *star;              /* ns * per cells */
  int *cnt;               /* ns * SBF_TAIL: its stars in each last region */
  int *head, *next, *sol; /* by cell, a list of the solutions with a star
                             there */
  int *delta;             /* by solution: stars of it in the cells that move */
  int *from, *queue;      /* n * n each: the way of a move */
  int bad; /* solutions still let in (m stars in every last region) */
} tail;

/* The bare solver: cells (variable 1 + cell), m stars in every row and
   column, none touching.  0; -1 stopped; -2 with f->err. */
static int relax_open(sbf *f) {
  int n = f->n, *lits = f->assume;
  f->relax = f->gx->raw(f->gx->arg, f->err);
  if (!f->relax)
    return f->err->code ? -2 : -1;
  f->relax_to.gx = f->gx, f->relax_to.h = f->relax;
  gc_cnf *c = &f->relax_cnf;
  sb_cnf_to(c, &f->relax_to);
  gc_cnf_block(c, "cell", "row,col", n, n, 1);
  sb_lines_count(c, n, f->m, 1, lits);
  sb_no_touch(c, n, 1);
  return 0;
}

/* See starbattle_forced.h. */
void sbf_tail_close(sbf *f) {
  if (!f->relax)
    return;
  gc_cnf_release(&f->relax_cnf);
  f->gx->close(f->relax);
  f->relax = NULL;
}

/* The tail's solutions other than S into t: 1 all of them; 0 more than
   SBF_TAIL_SOLS; -1 stopped; -2 with f->err. */
static int solutions(sbf *f, tail *t) {
  int n = f->n, nn = f->nn, front = n - SBF_TAIL, *a = f->assume;
  int *cl = f->queue, ncl = 0, na = 0, rc = 1;
  gc_cnf *c = &f->relax_cnf;
  int sel = gc_cnf_new_var(c);
  a[na++] = sel;
  for (int x = 0; x < nn; x++)
    if (f->region[x] < front)
      a[na++] = f->star[x] ? 1 + x : -(1 + x);
    else if (f->star[x])
      cl[ncl++] = -(1 + x);
  t->ns = 0, t->per = SBF_TAIL * f->m;
  for (;;) {
    c->guard = sel; /* the one just found (first S) excluded */
    gc_cnf_clause(c, cl, (size_t)ncl);
    c->guard = 0;
    int r = f->gx->solve(f->relax, a, (size_t)na);
    if (r != 10) {
      rc = r == 20 ? 1 : -1;
      break;
    }
    if (t->ns == SBF_TAIL_SOLS) {
      rc = 0;
      break;
    }
    ncl = 0;
    for (int x = 0; x < nn && ncl < t->per; x++)
      if (f->region[x] >= front && f->gx->value(f->relax, 1 + x) > 0) {
        t->star[t->ns * t->per + ncl] = x;
        cl[ncl++] = -(1 + x);
      }
    t->ns++;
  }
  gc_cnf_unit(c, -sel);
  if (gc_cnf_status(c)) {
    gc_error_set(f->err, GC_E_NOMEM, 0, 0, "out of memory");
    return -2;
  }
  return rc;
}

/* Is solution s let in (m stars in every last region)? */
static int let_in(const tail *t, int s, int m) {
  for (int j = 0; j < SBF_TAIL; j++)
    if (t->cnt[s * SBF_TAIL + j] != m)
      return 0;
  return 1;
}

/* Moves the counts of the solutions with stars in cells[0..k) from region
   a to b (sign 1) or back (-1); returns the solutions let in after. */
static int shift(tail *t, const int *cells, int k, int a, int b, int sign,
                 int m) {
  int bad = t->bad;
  for (int i = 0; i < k; i++)
    for (int e = t->head[cells[i]]; e >= 0; e = t->next[e])
      t->delta[t->sol[e]] = 0;
  for (int i = 0; i < k; i++)
    for (int e = t->head[cells[i]]; e >= 0; e = t->next[e])
      t->delta[t->sol[e]] += sign;
  for (int i = 0; i < k; i++)
    for (int e = t->head[cells[i]]; e >= 0; e = t->next[e]) {
      int u = t->sol[e], d = t->delta[u];
      t->delta[u] = 0; /* once for each solution */
      bad -= let_in(t, u, m);
      t->cnt[u * SBF_TAIL + a] -= d;
      t->cnt[u * SBF_TAIL + b] += d;
      bad += let_in(t, u, m);
    }
  return bad;
}

/* Is cell z of region a and without a star of S? */
static int inside(const sbf *f, int z, int a) {
  return f->region[z] == a && !f->star[z];
}

/* One move (see above) into cells (k of them, returned; 0 none), from
   last region *a to *b. */
static int way(sbf *f, tail *t, int *cells, int *a, int *b) {
  int front = f->n - SBF_TAIL, s = 0;
  int want = (int)gc_rng_below(f->rng, (unsigned)t->bad);
  for (int k = 0;; s++)
    if (let_in(t, s, f->m) && k++ == want)
      break;
  int x = t->star[s * t->per + gc_rng_below(f->rng, (unsigned)t->per)];
  if (f->star[x])
    return 0;
  *a = f->region[x] - front;
  *b = (int)gc_rng_below(f->rng, SBF_TAIL - 1);
  *b += *b >= *a;
  int hit = sbf_way(f, x, front + *b, inside, f->region[x], t->from, t->queue);
  if (hit < 0)
    return 0;
  int k = 0;
  for (int y = hit; y >= 0; y = t->from[y])
    cells[k++] = y;
  return sb_moving_set(f->g, f->region[x], cells, k);
}

/* See starbattle_forced.h. */
int sbf_tail(sbf *f) {
  int m = f->m, nn = f->nn, front = f->n - SBF_TAIL, *cells = f->g->cells;
  if (!f->relax) {
    int r = relax_open(f);
    if (r)
      return r;
  }
  size_t most = SBF_TAIL_SOLS, per = SBF_TAIL * (size_t)m;
  tail t;
  t.star = malloc(3 * most * per * sizeof *t.star);
  t.cnt = malloc(most * (SBF_TAIL + 1) * sizeof *t.cnt);
  t.head = malloc(3 * (size_t)nn * sizeof *t.head);
  int rc = -2;
  if (!t.star || !t.cnt || !t.head) {
    gc_error_set(f->err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  t.next = t.star + most * per, t.sol = t.next + most * per;
  t.delta = t.cnt + most * SBF_TAIL;
  t.from = t.head + nn, t.queue = t.from + nn;
  rc = solutions(f, &t);
  if (rc <= 0) { /* too many to list: 2, the puzzle may still be unique */
    rc = rc ? rc : 2;
    goto done;
  }
  for (int x = 0; x < nn; x++)
    t.head[x] = -1;
  t.bad = 0;
  for (int s = 0, e = 0; s < t.ns; s++) {
    for (int j = 0; j < SBF_TAIL; j++)
      t.cnt[s * SBF_TAIL + j] = 0;
    for (int i = 0; i < t.per; i++, e++) {
      int x = t.star[s * t.per + i];
      t.cnt[s * SBF_TAIL + f->region[x] - front]++;
      t.sol[e] = s, t.next[e] = t.head[x], t.head[x] = e;
    }
    t.delta[s] = 0;
    t.bad += let_in(&t, s, m);
  }
  for (long move = 0; move < SBF_TAIL_MOVES && t.bad; move++) {
    if (move % SBF_TAIL_POLL == 0 && f->gx->stopped(f->gx->arg)) {
      rc = -1;
      goto done;
    }
    int a, b, k = way(f, &t, cells, &a, &b);
    if (!k)
      continue;
    int after = shift(&t, cells, k, a, b, 1, m);
    if (after <= t.bad || !gc_rng_below(f->rng, SBF_TAIL_KEEP)) {
      for (int i = 0; i < k; i++)
        f->region[cells[i]] = front + b;
      t.bad = after;
      f->gx->perturbs++;
    } else {
      shift(&t, cells, k, a, b, -1, m);
    }
  }
  rc = !t.bad;
done:
  free(t.star);
  free(t.cnt);
  free(t.head);
  return rc;
}
