/*
 * steps_why.c: each step's reason (steps_engine.h).  A technique's
 * support names facts of the knowledge ("r3c4 is not 5") and puzzle items;
 * each fact maps to the record that made it: a placement (a digit placed
 * there, or the same digit placed in line), a given (its clause group), an
 * entry of the partial grid, or an elimination step.  The prover shrinks
 * the set to a minimal one; when the support falls short of the step (a
 * technique's slip), everything known before the step is the start.  For
 * a hint, facts made by earlier eliminations are replaced by those
 * eliminations' supports, so that the reason cites the puzzle and the
 * grid only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"
#include "steps_engine.h"

/*------------------------------------------------------------------------*/
/* Reasons                                                                 */

gc_prover *gc_eng_prover(engine *e, gc_error *err) {
  if (!e->pv)
    e->pv = gc_prover_new(e->pz, e->opt, e->lim, err);
  return e->pv;
}

static int push_sitem(engine *e, gc_sitem s) {
  for (size_t i = e->rsn_start; i < e->nrsn; i++) /* this step's */
    if (e->rsn[i].group == s.group && e->rsn[i].lit == s.lit)
      return 0;
  if (gc_grow((void **)&e->rsn, &e->caprsn, e->nrsn + 1, sizeof *e->rsn)) {
    e->nomem = 1;
    return -1;
  }
  e->rsn[e->nrsn++] = s;
  return 0;
}

/* The group of a given, from its record. */
static int given_group(engine *e, const rec *r) {
  gc_item it;
  memset(&it, 0, sizeof it);
  it.kind = GC_ITEM_GIVEN;
  it.row = r->cell / e->n;
  it.col = r->cell % e->n;
  it.value = r->value + 1;
  return gc_prover_find_group(e->pv, &it);
}

/* The element that stands for placement record k (cell got value v). */
static gc_sitem placed_item(engine *e, int k, int cell, int v) {
  const rec *r = &e->rec[k];
  gc_sitem s = {-1, 0, k};
  if (r->kind == REC_GIVEN)
    s.group = given_group(e, r);
  else
    s.lit = gc_prover_lit(e->pv, cell, v);
  return s;
}

/* The element for a fact, from the record that made it; 0, or 1 when the
   fact is not known (a technique's slip). */
static int fact_item(engine *e, const gc_fact *f, gc_sitem *out) {
  if (f->holds) {
    int k = e->placed_by[f->cell];
    if (k < 0 || e->kb.val[f->cell] != f->v)
      return 1;
    *out = placed_item(e, k, f->cell, f->v);
    return 0;
  }
  int k = e->src[f->cell * e->d + f->v];
  if (k < 0)
    return 1;
  const rec *r = &e->rec[k];
  if (r->value >= 0 && r->cell == f->cell)
    *out = placed_item(e, k, f->cell, r->value);
  else if (r->value >= 0)
    *out = placed_item(e, k, r->cell, f->v); /* a digit in line */
  else
    *out = (gc_sitem){-1, -gc_prover_lit(e->pv, f->cell, f->v), k};
  return 0;
}

/* Everything known before record k, into the reason array. */
static int push_all_before(engine *e, int k) {
  for (int c = 0; c < e->nn; c++) {
    int p = e->placed_by[c];
    if (p >= 0 && p < k) {
      gc_fact f = {c, e->kb.val[c], 1};
      gc_sitem s;
      if (!fact_item(e, &f, &s) && push_sitem(e, s))
        return -1;
      continue;
    }
    for (int v = 0; v < e->d; v++) {
      int s0 = e->src[c * e->d + v];
      if (s0 >= 0 && s0 < k) {
        gc_fact f = {c, v, 0};
        gc_sitem s;
        if (!fact_item(e, &f, &s) && push_sitem(e, s))
          return -1;
      }
    }
  }
  const gc_item *items;
  size_t ng = gc_prover_groups(e->pv, &items);
  for (size_t g = 0; g < ng; g++)
    if (items[g].kind != GC_ITEM_GIVEN &&
        push_sitem(e, (gc_sitem){(int)g, 0, -1}))
      return -1;
  return 0;
}

/* Record k's support as prover elements, appended to e->rsn; expand:
   facts made by earlier eliminations are replaced by those eliminations'
   supports (for a hint: a reason in the puzzle and the grid only).
   0, -1, or 1 when a fact was not known. */
static int support(engine *e, int k, int expand, char *seen) {
  rec *r = &e->rec[k];
  if (r->all) {
    if (!expand)
      return push_all_before(e, k);
    /* every fact known before k, expanded */
    for (int j = 0; j < k; j++)
      if (e->rec[j].kind == REC_STEP && e->rec[j].value < 0 && !seen[j]) {
        seen[j] = 1;
        if (support(e, j, 1, seen) < 0)
          return -1;
      }
    size_t before = e->nrsn;
    if (push_all_before(e, k))
      return -1;
    size_t w = before; /* drop the eliminations themselves */
    for (size_t i = before; i < e->nrsn; i++)
      if (!(e->rsn[i].rec >= 0 && e->rec[e->rsn[i].rec].kind == REC_STEP &&
            e->rec[e->rsn[i].rec].value < 0))
        e->rsn[w++] = e->rsn[i];
    e->nrsn = w;
    return 0;
  }
  int slip = 0;
  for (size_t i = 0; i < r->nfact; i++) {
    gc_sitem s;
    if (fact_item(e, &e->fact[r->fact0 + i], &s)) {
      slip = 1;
      continue;
    }
    const rec *src = s.rec >= 0 ? &e->rec[s.rec] : NULL;
    if (expand && src && src->kind == REC_STEP && src->value < 0) {
      if (!seen[s.rec]) {
        seen[s.rec] = 1;
        int rc = support(e, s.rec, 1, seen);
        if (rc < 0)
          return -1;
        slip |= rc;
      }
      continue;
    }
    if (push_sitem(e, s))
      return -1;
  }
  for (size_t i = 0; i < r->nitem; i++) {
    int g = gc_prover_find_group(e->pv, &e->item[r->item0 + i]);
    if (g < 0) {
      slip = 1;
      continue;
    }
    if (push_sitem(e, (gc_sitem){g, 0, -1}))
      return -1;
  }
  return slip;
}

/* The step's literals (all hold). */
static size_t concl_lits(engine *e, const rec *r, int *concl) {
  if (r->value >= 0) {
    concl[0] = gc_prover_lit(e->pv, r->cell, r->value);
    return 1;
  }
  size_t k = 0;
  for (int v = 0; v < e->d; v++)
    if (r->elim >> v & 1)
      concl[k++] = -gc_prover_lit(e->pv, r->cell, v);
  return k;
}

/* The minimal reason of record k into e->rsn (r->rsn0, r->nrsn).  0; 1
   stopped; -1. */
int gc_eng_reason(engine *e, int k, int expand, gc_error *err) {
  rec *r = &e->rec[k];
  char *seen = calloc(e->nrec + 1, 1);
  gc_sitem *in = NULL;
  int concl[64], rc = -1, m = 2;
  size_t start = e->nrsn, k2 = concl_lits(e, r, concl), nout = 0;
  e->rsn_start = start;
  if (!seen)
    goto nomem;
  /* the technique's support; when it falls short (a technique's slip),
     everything known before the step */
  for (int pass = 0; pass < 2 && m == 2; pass++) {
    if (pass) {
      r->all = 1;
      memset(seen, 0, e->nrec + 1);
    }
    e->nrsn = start;
    if (support(e, k, expand, seen) < 0)
      goto nomem;
    size_t nin = e->nrsn - start;
    gc_sitem *more = realloc(in, (nin + 1) * sizeof *in);
    if (!more)
      goto nomem;
    in = more;
    if (nin)
      memcpy(in, e->rsn + start, nin * sizeof *in);
    m = gc_prover_minimal(e->pv, in, nin, concl, k2, e->rsn + start, &nout);
    if (m < 0)
      goto nomem;
  }
  if (m == 1) {
    rc = 1;
    goto done;
  }
  if (m == 2) {
    gc_error_set(err, GC_E_INTERNAL, 0, 0,
                 "step %zu (%s) does not follow from what is known", (size_t)k,
                 r->text);
    goto done;
  }
  e->nrsn = start + nout;
  r->rsn0 = start;
  r->nrsn = nout;
  r->unproven = gc_prover_unproven(e->pv);
  rc = 0;
  goto done;
nomem:
  e->nomem = 1;
  gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
done:
  free(seen);
  free(in);
  return rc;
}

