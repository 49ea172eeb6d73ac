/*
 * steps_out.c: the step path as the caller gets it (steps_engine.h):
 * records to gc_step, the prover's elements to gc_item (the digits a cell
 * is not, merged into one item per cell), items in words, and freeing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "steps_engine.h"

/*------------------------------------------------------------------------*/
/* The public call                                                         */

const gc_genre_steps *gc_eng_genre_steps(const gc_genre *g) {
  return g->steps;
}

const char *const *gc_genre_levels(const gc_genre *g) {
  return gc_eng_genre_steps(g) ? gc_eng_genre_steps(g)->levels : NULL;
}

void gc_item_words(const gc_puzzle *pz, const gc_item *it, char *buf,
                   size_t size) {
  const gc_genre_steps *gs = gc_eng_genre_steps(pz->genre);
  int star = gs && gs->d == 2;
  switch (it->kind) {
  case GC_ITEM_CELL:
    if (star)
      snprintf(buf, size, "r%dc%d %s", it->row + 1, it->col + 1,
               it->value ? "holds a star" : "holds no star");
    else if (it->value >= 0)
      snprintf(buf, size, "r%dc%d is %d", it->row + 1, it->col + 1, it->value);
    else {
      size_t at = (size_t)snprintf(buf, size, "r%dc%d is not ", it->row + 1,
                                   it->col + 1);
      int k = 0, total = __builtin_popcountll(it->not_mask);
      for (int v = 0; v < 64 && at < size; v++)
        if (it->not_mask >> v & 1)
          at += (size_t)snprintf(buf + at, size - at, "%s%d",
                                 k++ == 0 ? "" : k == total ? " or " : ", ", v);
    }
    return;
  case GC_ITEM_BOX:
    snprintf(buf, size, "box %d", it->index + 1);
    return;
  default:
    if (gs && gs->item_words)
      gs->item_words(pz, it, buf, size);
    else
      snprintf(buf, size, "an item");
  }
}

void gc_step_path_free(gc_step_path *path) {
  for (size_t i = 0; i < path->count; i++)
    free(path->step[i].reason);
  free(path->step);
  path->step = NULL;
  path->count = 0;
  gc_grid_free(&path->grid);
  gc_clues_free(&path->conflict);
}

/* The prover's element as an item. */
static void to_item(engine *e, const gc_sitem *s, gc_item *it) {
  if (s->group >= 0) {
    const gc_item *items;
    gc_prover_groups(e->pv, &items);
    *it = items[s->group];
    return;
  }
  memset(it, 0, sizeof *it);
  it->kind = GC_ITEM_CELL;
  int cell, v;
  gc_prover_lit_place(e->pv, s->lit, &cell, &v);
  it->row = cell / e->n;
  it->col = cell % e->n;
  if (e->star)
    it->value = s->lit > 0 ? v : 1 - v;
  else if (s->lit > 0)
    it->value = v + 1;
  else {
    it->value = -1;
    it->not_mask = 1ull << (v + 1);
  }
}

int gc_eng_out_step(engine *e, const rec *r, gc_step *st) {
  memset(st, 0, sizeof *st);
  st->row = r->cell / e->n;
  st->col = r->cell % e->n;
  st->value = r->value < 0 ? -1 : e->star ? r->value : r->value + 1;
  for (int v = 0; v < e->d && r->value < 0; v++)
    if (r->elim >> v & 1)
      st->not_mask |= 1ull << (v + 1);
  st->technique = r->tech >= 0               ? e->gs->tech[r->tech].name
                  : r->tech == TECH_TRIAL ? "lookahead"
                                          : "search";
  st->level = r->level;
  st->lookahead = r->lookahead;
  snprintf(st->text, sizeof st->text, "%s", r->text);
  if (!r->nrsn)
    return 0;
  st->unproven = r->unproven;
  st->reason = calloc(r->nrsn, sizeof *st->reason);
  if (!st->reason)
    return -1;
  for (size_t i = 0; i < r->nrsn; i++) {
    gc_item it;
    to_item(e, &e->rsn[r->rsn0 + i], &it);
    /* one item per cell for the digits it rules out */
    size_t j = 0;
    while (j < st->nreason &&
           !(it.kind == GC_ITEM_CELL && it.value < 0 &&
             st->reason[j].kind == GC_ITEM_CELL && st->reason[j].value < 0 &&
             st->reason[j].row == it.row && st->reason[j].col == it.col))
      j++;
    if (j < st->nreason)
      st->reason[j].not_mask |= it.not_mask;
    else
      st->reason[st->nreason++] = it;
  }
  if (st->unproven > st->nreason) /* (a Latin cell's digits are one item) */
    st->unproven = st->nreason;
  return 0;
}

