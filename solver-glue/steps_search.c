/*
 * steps_search.c: when no technique of the genre moves (steps_engine.h).
 * Lookahead: with every clue and all that is known as the base, each
 * candidate of the open cells (fewest candidates first) is assumed in turn;
 * one whose unit propagation ends in a conflict is ruled out (Star Battle:
 * the cell gets the other value).  Search: a model of everything known,
 * then each open cell's value in it is tested against the solver; a cell
 * no model can change is forced.  Both record the step with "everything
 * known before" as its support; the prover shrinks that.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"
#include "steps_engine.h"

/*------------------------------------------------------------------------*/
/* Lookahead and search                                                    */

/* The literals of everything known: placed cells, and the candidates
   gone from open ones. */
static size_t known_lits(engine *e, int *lits) {
  size_t k = 0;
  for (int c = 0; c < e->nn; c++) {
    if (e->kb.val[c] >= 0) {
      lits[k++] = gc_prover_lit(e->pv, c, e->kb.val[c]);
      continue;
    }
    for (int v = 0; v < e->d; v++)
      if (!e->kb.cand[c * e->d + v])
        lits[k++] = -gc_prover_lit(e->pv, c, v);
  }
  return k;
}

/* Open cells, fewest candidates first. */
static int open_order(const engine *e, int *order) {
  int k = 0;
  for (int left = 2; left <= e->d; left++)
    for (int c = 0; c < e->nn; c++)
      if (e->kb.val[c] < 0 && e->kb.left[c] == left)
        order[k++] = c;
  return k;
}

typedef struct probe_hit {
  int lit;
} probe_hit;

static int on_refuted(void *arg, int lit) {
  ((probe_hit *)arg)->lit = lit;
  return 1;
}


/* 1 a step; 0 none; -1 error; 2 the knowledge is contradictory. */
int gc_eng_lookahead(engine *e, gc_error *err) {
  if (!gc_eng_prover(e, err))
    return -1;
  size_t cap = (size_t)e->nn * (size_t)e->d + 1;
  int *lits = malloc(cap * sizeof *lits), *probe = malloc(cap * sizeof *probe);
  int *order = malloc(((size_t)e->nn + 1) * sizeof *order);
  int rc = -1;
  if (!lits || !probe || !order) {
    e->nomem = 1;
    goto done;
  }
  size_t k = known_lits(e, lits), np = 0;
  int no = open_order(e, order);
  for (int i = 0; i < no; i++)
    for (int v = 0; v < e->d; v++)
      if (e->kb.cand[order[i] * e->d + v])
        probe[np++] = gc_prover_lit(e->pv, order[i], v);
  probe_hit hit = {0};
  if (gc_prover_up_probe(e->pv, lits, k, probe, np, on_refuted, &hit)) {
    rc = 2;
    goto done;
  }
  rc = 0;
  if (!hit.lit)
    goto done;
  int cell, v;
  gc_prover_lit_place(e->pv, hit.lit, &cell, &v);
  if (hit.lit < 0) /* Star Battle: the probe was "no star" */
    v = 1 - v;
  char name[16];
  gc_cell_name(e->n, cell, name, sizeof name);
  gc_find none = {0};
  char text[240];
  if (e->star)
    snprintf(text, sizeof text,
             "lookahead: a star at %s would lead to a contradiction at once",
             name);
  else
    snprintf(text, sizeof text,
             "lookahead: if %s were %d, a contradiction would follow at once",
             name, v + 1);
  if (e->star && v == 0)
    snprintf(text, sizeof text,
             "lookahead: leaving %s without a star would lead to a "
             "contradiction at once",
             name);
  /* Star Battle: the other value is the decision */
  rc = gc_eng_record(e, TECH_TRIAL, e->gs->trial_level, 1, cell,
              e->star ? 1 - v : -1, e->star ? 0 : 1ull << v, &none, 1,
              text) < 0
           ? -1
           : 1;
done:
  free(lits);
  free(probe);
  free(order);
  return rc;
}

/* 1 a step; 0 none (several solutions); 2 no solution; -1; 3 stopped. */
int gc_eng_search(engine *e, gc_error *err) {
  if (!gc_eng_prover(e, err))
    return -1;
  size_t cap = (size_t)e->nn * (size_t)e->d + 2;
  int *lits = malloc(cap * sizeof *lits), *order = malloc(((size_t)e->nn + 1) * sizeof *order);
  int *model = malloc(((size_t)e->nn + 1) * sizeof *model);
  int *other = malloc(((size_t)e->nn + 1) * sizeof *other);
  int rc = -1;
  if (!lits || !order || !model || !other) {
    e->nomem = 1;
    goto done;
  }
  size_t k = known_lits(e, lits);
  int r = gc_prover_solve(e->pv, 1, lits, k, model);
  if (r != 10) {
    rc = r == 20 ? 2 : 3;
    goto done;
  }
  int no = open_order(e, order);
  for (int i = 0; i < no; i++) {
    int c = order[i];
    if (c < 0)
      continue;
    int v = e->gs->d ? model[c] : model[c] - 1;
    lits[k] = -gc_prover_lit(e->pv, c, v);
    r = gc_prover_solve(e->pv, 1, lits, k + 1, other);
    if (r == 0) {
      rc = 3;
      goto done;
    }
    if (r == 10) { /* not forced; nor is any cell the two models differ in */
      for (int j = i + 1; j < no; j++)
        if (order[j] >= 0 && other[order[j]] != model[order[j]])
          order[j] = -1;
      continue;
    }
    char name[16], text[240];
    gc_cell_name(e->n, c, name, sizeof name);
    if (e->star)
      snprintf(text, sizeof text,
               "%s %s: the puzzle allows nothing else there (found by "
               "search, no named technique)",
               name, v ? "holds a star" : "holds no star");
    else
      snprintf(text, sizeof text,
               "%s is %d: the puzzle allows no other digit there (found by "
               "search, no named technique)",
               name, v + 1);
    gc_find none = {0};
    rc = gc_eng_record(e, TECH_SEARCH, e->gs->search_level, 2, c, v, 0, &none, 1,
                text) < 0
             ? -1
             : 1;
    goto done;
  }
  rc = 0;
done:
  free(lits);
  free(order);
  free(model);
  free(other);
  return rc;
}

