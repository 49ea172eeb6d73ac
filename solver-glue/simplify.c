/*
 * simplify.c: see simplify.h.  The formula is propagated once with two
 * watched literals per clause; what reaches the sink is then
 *   - one unit clause per variable of keep_lo..keep_hi (the cells, which
 *     are read back from the solver) that propagation fixed, and
 *   - every clause with no true literal, its false literals left out.
 * With option probe, failed literals are found first: both values of each
 * unfixed kept variable are assumed in turn, and one whose propagation
 * ends in a conflict is fixed the other way at the root ("if this cell
 * held v, a contradiction would follow").  That decides most published
 * Futoshikis, Star Battles and small Skyscrapers without a solver; on
 * puzzles it cannot decide (several solutions, or a search needed) its
 * findings are kept only when they fix a tenth of the open cells, and its
 * cost is bounded by a budget of watch visits that grows only with the
 * cells it fixes.
 * After propagation to a fixpoint no such clause is empty or a unit, so
 * the result is equivalent to the input on the kept variables (a fixed
 * variable occurs in no clause left) and every model of one extends to a
 * model of the other: blocking clauses, assumptions and model enumeration
 * over the kept variables behave as on the full formula.  On a root conflict
 * the formula goes through unchanged and the solver finds the conflict.
 *
 * The variables above keep_hi that are left get the numbers after keep_hi
 * in order: CaDiCaL 1.5.3 sizes its tables by the largest variable.
 * Memory is the cost that matters on small puzzles (a fresh page costs
 * more than the clauses written on it), so the watch lists are linked
 * through two ints per clause instead of full occurrence lists.
 */
#include "simplify.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* probing's findings short of a decision are kept when they fix at least
   1/KEEP_SHARE of the kept variables open after propagation */
#define KEEP_SHARE 10

typedef struct {
  uint32_t *start;  /* clause c = lits[start[c] .. start[c + 1] - 1), 0-ended */
  int *head;        /* by literal index: first watch, -1 = none */
  int *next;        /* by watch 2c + k: the next watch of the same literal */
  signed char *val; /* by variable */
  int *trail;
  size_t ntrail;
  long ticks; /* watches visited */
} up;

static size_t li(int lit) { return lit > 0 ? 2 * (size_t)lit : 2 * (size_t)-lit + 1; }

static int value(const up *u, int lit) {
  int v = u->val[abs(lit)];
  return lit > 0 ? v : -v;
}

static void assign(up *u, int lit) {
  u->val[abs(lit)] = lit > 0 ? 1 : -1;
  u->trail[u->ntrail++] = lit;
}

/* Watch lists: none, or clause c's first two literals added. */
static void unwatch_all(up *u, int nvars) {
  for (size_t l = 0; l < 2 * (size_t)nvars + 2; l++)
    u->head[l] = -1;
}
static void watch(up *u, const int *w, size_t c) {
  for (int k = 0; k < 2; k++) {
    int wi = (int)(2 * c + (size_t)k);
    size_t l = li(w[u->start[c] + (size_t)k]);
    u->next[wi] = u->head[l];
    u->head[l] = wi;
  }
}

/* The kept variables lo..hi not assigned. */
static long open_kept(const up *u, int lo, int hi) {
  long open = 0;
  for (int v = lo; v <= hi; v++)
    open += !u->val[v];
  return open;
}

/* The watched literals of clause c are its first two positions (the
   clauses are reordered in place). */
static int propagate(up *u, int *w, size_t from) {
  for (size_t t = from; t < u->ntrail; t++) {
    int fl = -u->trail[t]; /* became false */
    int *link = &u->head[li(fl)];
    while (*link >= 0) {
      int wi = *link, c = wi >> 1, k = wi & 1;
      u->ticks++;
      int *cl = w + u->start[c];
      size_t n = u->start[c + 1] - u->start[c] - 1;
      int other = cl[!k];
      if (value(u, other) > 0) {
        link = &u->next[wi];
        continue;
      }
      size_t j;
      for (j = 2; j < n; j++)
        if (value(u, cl[j]) >= 0)
          break;
      if (j < n) { /* move the watch to cl[j] */
        int tmp = cl[k];
        cl[k] = cl[j];
        cl[j] = tmp;
        *link = u->next[wi];
        u->next[wi] = u->head[li(cl[k])];
        u->head[li(cl[k])] = wi;
        continue;
      }
      if (value(u, other) < 0)
        return 1; /* conflict */
      assign(u, other);
      link = &u->next[wi];
    }
  }
  return 0;
}

/* After propagation at the root: the clauses it satisfies are dropped and
   the false literals of the others left out, in place, and the watches
   made anew, so that probing visits only what is still open.  The number
   of clauses left. */
static size_t reduce(up *u, int *w, size_t nc, int nvars, size_t *len) {
  size_t k = 0, at = 0;
  for (size_t c = 0; c < nc; c++) {
    size_t from = u->start[c], to = u->start[c + 1] - 1, begin = at;
    int sat = 0;
    for (size_t j = from; j < to && !sat; j++) {
      int v = value(u, w[j]);
      sat = v > 0;
      if (!v)
        w[at++] = w[j];
    }
    if (sat) {
      at = begin;
      continue;
    }
    w[at++] = 0;
    u->start[k++] = (uint32_t)begin;
  }
  u->start[k] = (uint32_t)at;
  *len = at;
  unwatch_all(u, nvars);
  for (size_t c = 0; c < k; c++)
    watch(u, w, c); /* two open literals at least: propagation is done */
  return k;
}

/* Failed literals among the kept variables lo..hi (open of them not
   fixed), in rounds while one is found.  A value implied by an assumption
   that did not fail cannot fail either until the root changes (seen, by
   literal, stamped with the round).  The budget in watch visits: the
   number of literals of the (reduced) formula, and ten times that number
   more in proportion to the open kept variables fixed (a puzzle probing
   can decide keeps earning; one with several solutions, which it cannot
   decide, soon stops: on the corpus, the puzzles it decides took 0.4 of
   that number between two failed literals at the median, 1.2 at most).
   1 on a conflict at the root (the formula has no model). */
static int probe(up *u, int *w, int lo, int hi, size_t len, long open,
                 unsigned *seen, const gc_simplify_probe *how) {
  unsigned tries = 0;
  long fixed = 0, begin = u->ticks;
  double base = (double)len, more = 10.0 * (double)len / (double)open;
  unsigned round = 0;
  for (int found = 1; found && open > fixed;) {
    found = 0;
    round++;
    for (int v = lo; v <= hi; v++)
      for (int lit = v; lit && !u->val[v]; lit = lit > 0 ? -v : 0) {
        if (seen[li(lit)] == round)
          continue;
        if ((double)(u->ticks - begin) > base + more * (double)fixed ||
            (how->stop && !(tries++ & 63) && how->stop(how->arg)))
          return 0;
        size_t t0 = u->ntrail;
        assign(u, lit);
        int failed = propagate(u, w, t0);
        while (u->ntrail > t0) {
          int l = u->trail[--u->ntrail];
          u->val[abs(l)] = 0;
          if (!failed)
            seen[li(l)] = round;
        }
        if (!failed)
          continue;
        assign(u, -lit);
        if (propagate(u, w, t0))
          return 1;
        for (size_t t = t0; t < u->ntrail; t++)
          fixed += abs(u->trail[t]) >= lo && abs(u->trail[t]) <= hi;
        found = 1;
        round++; /* the root changed: what was seen may fail now */
      }
  }
  return 0;
}

int gc_simplify_replay(gc_memsink *m, int nvars, int keep_lo, int keep_hi,
                       gc_simplify_probe *probing, gc_sink to,
                       size_t *clauses, gc_simplify_ready ready, void *arg) {
  size_t nc = (size_t)m->nclauses;
  if (probing)
    probing->open = probing->fixed = 0;
  if (m->len >= UINT32_MAX || nc >= INT_MAX / 2) { /* beyond the int indexes */
    if (clauses)
      *clauses = 0;
    if (ready)
      ready(arg, (size_t)nc, m->len - nc);
    return gc_memsink_replay(m, to);
  }
  up u = {0};
  u.start = malloc((nc + 1) * sizeof *u.start);
  u.head = malloc((2 * (size_t)nvars + 2) * sizeof *u.head);
  u.next = malloc((2 * nc + 1) * sizeof *u.next);
  u.val = calloc((size_t)nvars + 1, 1);
  u.trail = malloc(((size_t)nvars + 1) * sizeof *u.trail);
  unsigned *seen = NULL;
  int *saved = NULL;
  int *w = m->lits;
  int rc = 0, conflict = 0;
  size_t sent = 0;
  if (!u.start || !u.head || !u.next || !u.val || !u.trail) {
    rc = GC_E_NOMEM;
    goto done;
  }
  unwatch_all(&u, nvars);
  size_t c = 0, at = 0;
  for (size_t i = 0; i < m->len; i++) {
    if (w[i])
      continue;
    u.start[c] = (uint32_t)at;
    size_t n = i - at;
    if (n == 0)
      conflict = 1;
    else if (n == 1) {
      int v = value(&u, w[at]);
      if (v < 0)
        conflict = 1;
      else if (!v)
        assign(&u, w[at]);
    } else
      watch(&u, w, c);
    c++;
    at = i + 1;
  }
  u.start[nc] = (uint32_t)at;
  if (conflict || propagate(&u, w, 0)) {
    conflict = 1;
    if (ready)
      ready(arg, nc, m->len - nc);
    rc = gc_memsink_replay(m, to);
    goto done;
  }
  long open = probing ? open_kept(&u, keep_lo, keep_hi) : 0;
  if (probing)
    probing->open = open;
  if (open) {
    /* Probing's findings are kept when they decide every kept variable or
       fix at least a tenth of the open ones (KEEP_SHARE); short of that
       they are dropped and CaDiCaL gets the formula it gets without
       probing.  Either way the clauses go out with their literals in the
       order propagation found them: the watches' swaps during probing
       are undone.  Reason: CaDiCaL probes as well, and a formula that is
       only slightly different (a few clauses fewer, literals reordered)
       means another search on a hard puzzle, faster or slower by luck
       (0.26x to 5x on the corpus and scaling Star Battles); a tenth of the
       cells fixed is a formula that is really smaller, and faster. */
    size_t len, root = u.ntrail;
    nc = reduce(&u, w, nc, nvars, &len);
    seen = calloc(2 * (size_t)nvars + 2, sizeof *seen);
    saved = malloc((len ? len : 1) * sizeof *saved);
    if (len && saved)
      memcpy(saved, w, len * sizeof *w);
    /* without the memory for it, no probing (it is only a shortcut) */
    int failed = seen && saved &&
                 probe(&u, w, keep_lo, keep_hi, len, open, seen, probing);
    long left = open_kept(&u, keep_lo, keep_hi);
    probing->fixed = open - left;
    if (failed) {
      /* no model: one empty clause says so (m has been rewritten) */
      if (ready)
        ready(arg, 1, 0);
      rc = to.ops->add_clause(to.self, w, 0);
      sent = 1;
      goto done;
    }
    if (left && saved) {
      if (probing->fixed * KEEP_SHARE < open)
        while (u.ntrail > root)
          u.val[abs(u.trail[--u.ntrail])] = 0;
      if (len)
        memcpy(w, saved, len * sizeof *w);
    }
  }
  /* the clauses left, shortened in place; len[c] = -1 when satisfied.  The
     variables they use are numbered anew after keep_hi (the solver's
     tables grow with the largest variable, not with the ones in use). */
  int *len = u.next, *map = u.head;
  size_t left = 0, lits = 0; /* what will be sent, for ready */
  for (size_t v = 0; v <= (size_t)nvars; v++)
    map[v] = 0;
  for (c = 0; c < nc; c++) {
    int *cl = w + u.start[c];
    size_t n = u.start[c + 1] - u.start[c] - 1, k = 0;
    int sat = 0;
    for (size_t j = 0; j < n && !sat; j++) {
      int v = value(&u, cl[j]);
      sat = v > 0;
      if (!v)
        cl[k++] = cl[j]; /* m is not read again */
    }
    len[c] = sat ? -1 : (int)k;
    if (!sat)
      left++, lits += k;
    for (size_t j = 0; j < k && !sat; j++)
      map[abs(cl[j])] = 1;
  }
  int top = keep_hi;
  for (int v = 1; v <= nvars; v++)
    map[v] = v <= keep_hi ? v : map[v] ? ++top : 0;
  if (ready) {
    size_t units = 0; /* one per fixed kept variable */
    for (size_t t = 0; t < u.ntrail; t++) {
      int v = abs(u.trail[t]);
      units += v >= keep_lo && v <= keep_hi;
    }
    ready(arg, left + units, lits + units);
  }
  for (size_t t = 0; t < u.ntrail && !rc; t++) {
    int v = abs(u.trail[t]);
    if (v < keep_lo || v > keep_hi)
      continue; /* in no clause that is left: the solver need not know it */
    rc = to.ops->add_clause(to.self, &u.trail[t], 1);
    sent++;
  }
  for (c = 0; c < nc && !rc; c++) {
    if (len[c] < 0)
      continue;
    int *cl = w + u.start[c];
    for (int j = 0; j < len[c]; j++)
      cl[j] = cl[j] > 0 ? map[cl[j]] : -map[-cl[j]];
    rc = to.ops->add_clause(to.self, cl, (size_t)len[c]);
    sent++;
  }
done:
  free(u.start);
  free(u.head);
  free(u.next);
  free(u.val);
  free(u.trail);
  free(seen);
  free(saved);
  if (clauses)
    *clauses = conflict ? 0 : sent;
  return rc;
}
