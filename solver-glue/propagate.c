/*
 * propagate.c: see propagate.h.  Every clause keeps the number of its
 * literal positions that are false among the propagated part of the trail;
 * when it reaches size - 1 the clause is read: satisfied, unit (assign the
 * last literal) or, at size, falsified (a conflict).  Undoing walks the
 * trail back and takes the counts down again.
 */
#include "propagate.h"

#include <stdlib.h>
#include <string.h>

struct gc_up {
  int nvars;
  const int *lits;      /* the memory sink's literals, clauses ended by 0 */
  size_t nclauses;
  size_t *start;        /* clause i = lits[start[i]] .. 0 */
  int *size;
  int *nfalse;
  size_t *occ_at;       /* occurrences of literal l: occ[occ_at[l] .. occ_at[l+1]) */
  int *occ;             /* clause indexes */
  signed char *val;     /* by variable */
  int *trail;
  size_t ntrail, head;
  int root_conflict;
};

static size_t lit_index(int lit) {
  return lit > 0 ? 2 * (size_t)lit : 2 * (size_t)-lit + 1;
}

int gc_up_value(const gc_up *u, int lit) {
  int v = u->val[abs(lit)];
  return lit > 0 ? v : -v;
}

size_t gc_up_mark(const gc_up *u) { return u->ntrail; }

static void assign(gc_up *u, int lit) {
  u->val[abs(lit)] = lit > 0 ? 1 : -1;
  u->trail[u->ntrail++] = lit;
}

/* 0, or -1 on a conflict. */
static int propagate(gc_up *u) {
  int conflict = 0;
  while (u->head < u->ntrail) {
    int lit = u->trail[u->head++];
    size_t li = lit_index(-lit);
    for (size_t k = u->occ_at[li]; k < u->occ_at[li + 1]; k++) {
      int c = u->occ[k];
      if (++u->nfalse[c] < u->size[c] - 1 || conflict)
        continue; /* after a conflict only the counts are kept right */
      int unit = 0, open = 0, sat = 0;
      for (const int *p = u->lits + u->start[c]; *p; p++) {
        int v = gc_up_value(u, *p);
        if (v > 0) {
          sat = 1;
          break;
        }
        if (v == 0 && *p != unit) {
          unit = *p;
          open++;
        }
      }
      if (sat)
        continue;
      if (open == 0)
        conflict = 1;
      else if (open == 1)
        assign(u, unit);
    }
    if (conflict)
      return -1;
  }
  return 0;
}

int gc_up_assume(gc_up *u, int lit) {
  int v = gc_up_value(u, lit);
  if (v > 0)
    return 0;
  if (v < 0)
    return -1;
  assign(u, lit);
  return propagate(u);
}

void gc_up_undo(gc_up *u, size_t mark) {
  while (u->ntrail > mark) {
    size_t i = --u->ntrail;
    int lit = u->trail[i];
    if (i < u->head) {
      size_t li = lit_index(-lit);
      for (size_t k = u->occ_at[li]; k < u->occ_at[li + 1]; k++)
        u->nfalse[u->occ[k]]--;
    }
    u->val[abs(lit)] = 0;
  }
  if (u->head > mark)
    u->head = mark;
}

int gc_up_root_conflict(const gc_up *u) { return u->root_conflict; }

int gc_up_cells(const gc_up *u, const gc_block *cell) {
  int k = 0;
  for (int r = 0; r < cell->d0; r++)
    for (int c = 0; c < cell->d1; c++) {
      if (cell->d2 == 1) {
        k += gc_up_value(u, gc_block_var(cell, r, c, 0)) != 0;
        continue;
      }
      for (int v = 0; v < cell->d2; v++)
        if (gc_up_value(u, gc_block_var(cell, r, c, v)) > 0) {
          k++;
          break;
        }
    }
  return k;
}

void gc_up_free(gc_up *u) {
  if (!u)
    return;
  free(u->start);
  free(u->size);
  free(u->nfalse);
  free(u->occ_at);
  free(u->occ);
  free(u->val);
  free(u->trail);
  free(u);
}

gc_up *gc_up_new(const gc_memsink *m, int nvars) {
  gc_up *u = calloc(1, sizeof *u);
  if (!u)
    return NULL;
  u->nvars = nvars;
  u->lits = m->lits;
  size_t nc = 0, nl = 0;
  for (size_t i = 0; i < m->len; i++)
    if (!m->lits[i])
      nc++;
    else
      nl++;
  size_t nidx = 2 * (size_t)nvars + 2;
  u->nclauses = nc;
  u->start = malloc((nc + 1) * sizeof *u->start);
  u->size = malloc((nc + 1) * sizeof *u->size);
  u->nfalse = calloc(nc + 1, sizeof *u->nfalse);
  u->occ_at = calloc(nidx + 1, sizeof *u->occ_at);
  u->occ = malloc((nl + 1) * sizeof *u->occ);
  u->val = calloc((size_t)nvars + 1, 1);
  u->trail = malloc(((size_t)nvars + 1) * sizeof *u->trail);
  if (!u->start || !u->size || !u->nfalse || !u->occ_at || !u->occ ||
      !u->val || !u->trail) {
    gc_up_free(u);
    return NULL;
  }
  /* occurrence lists by counting sort */
  size_t c = 0, at = 0;
  for (size_t i = 0; i < m->len; i++) {
    if (m->lits[i]) {
      u->occ_at[lit_index(m->lits[i]) + 1]++;
      continue;
    }
    u->start[c] = at;
    u->size[c] = (int)(i - at);
    c++;
    at = i + 1;
  }
  for (size_t l = 0; l < nidx; l++)
    u->occ_at[l + 1] += u->occ_at[l];
  size_t *fill = malloc((nidx + 1) * sizeof *fill);
  if (!fill) {
    gc_up_free(u);
    return NULL;
  }
  memcpy(fill, u->occ_at, (nidx + 1) * sizeof *fill);
  c = 0;
  for (size_t i = 0; i < m->len; i++) {
    if (m->lits[i])
      u->occ[fill[lit_index(m->lits[i])]++] = (int)c;
    else
      c++;
  }
  free(fill);
  /* unit and empty clauses */
  for (c = 0; c < nc && !u->root_conflict; c++) {
    if (u->size[c] == 0)
      u->root_conflict = 1;
    else if (u->size[c] == 1) {
      int lit = u->lits[u->start[c]];
      if (gc_up_value(u, lit) < 0)
        u->root_conflict = 1;
      else if (!gc_up_value(u, lit))
        assign(u, lit);
    }
  }
  if (!u->root_conflict && propagate(u))
    u->root_conflict = 1;
  return u;
}
