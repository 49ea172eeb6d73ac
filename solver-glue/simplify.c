/*
 * simplify.c: see simplify.h.  The formula is propagated once with two
 * watched literals per clause; what reaches the sink is then
 *   - one unit clause per variable of keep_lo..keep_hi (the cells, which
 *     are read back from the solver) that propagation fixed, and
 *   - every clause with no true literal, its false literals left out.
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

typedef struct {
  uint32_t *start;  /* clause c = lits[start[c] .. start[c + 1] - 1), 0-ended */
  int *head;        /* by literal index: first watch, -1 = none */
  int *next;        /* by watch 2c + k: the next watch of the same literal */
  signed char *val; /* by variable */
  int *trail;
  size_t ntrail;
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

/* The watched literals of clause c are its first two positions (the
   clauses are reordered in place). */
static int propagate(up *u, int *w, size_t from) {
  for (size_t t = from; t < u->ntrail; t++) {
    int fl = -u->trail[t]; /* became false */
    int *link = &u->head[li(fl)];
    while (*link >= 0) {
      int wi = *link, c = wi >> 1, k = wi & 1;
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

int gc_simplify_replay(gc_memsink *m, int nvars, int keep_lo, int keep_hi,
                       gc_sink to, size_t *clauses, gc_simplify_ready ready,
                       void *arg) {
  size_t nc = (size_t)m->nclauses;
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
  int *w = m->lits;
  int rc = 0, conflict = 0;
  size_t sent = 0;
  if (!u.start || !u.head || !u.next || !u.val || !u.trail) {
    rc = GC_E_NOMEM;
    goto done;
  }
  for (size_t l = 0; l < 2 * (size_t)nvars + 2; l++)
    u.head[l] = -1;
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
      for (int k = 0; k < 2; k++) {
        int wi = (int)(2 * c + (size_t)k);
        u.next[wi] = u.head[li(w[at + (size_t)k])];
        u.head[li(w[at + (size_t)k])] = wi;
      }
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
  if (clauses)
    *clauses = conflict ? 0 : sent;
  return rc;
}
