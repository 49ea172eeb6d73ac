/*
 * generate_reduce.c: the clues of a generated puzzle taken out (see
 * generate.c):
 *
 * any, hard  One incremental CaDiCaL with every clue behind a selector
 *            (gc_session_open with groups): solve under every selector,
 *            add the solution's blocking clause permanently, then
 *            gc_session_drop_clues in a random order from the seed (givens
 *            first when the genre asks for it, and always for hard, since
 *            givens are what propagation feeds on): a clue goes when the
 *            rest is still UNSAT, i.e. still makes the solution unique.
 * easy       The same loop, but a clue goes when unit propagation on the
 *            rest still decides every cell (propagate.c, the selectors of
 *            the dropped clues assigned false); no SAT call is needed,
 *            since a puzzle that propagation solves is unique.
 * LEVEL      Each clue in turn left out while the closure of the level's
 *            techniques still solves the puzzle (gc_steps_solves).
 */
#include <stdlib.h>
#include <string.h>

#include "generate.h"
#include "propagate.h"
#include "session.h"
#include "steps.h"

static void nomem(gc_error *err) {
  gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
}

/* The record (an object) with its solution, read as input is read, but
   not through its text: the clue reducers read back a record for every
   clue they try. */
static gc_puzzle *object_back(json_t *rec, const gc_grid *known,
                              gc_error *err) {
  if (json_object_set_new(rec, "solution",
                          gc_json_int_matrix(known->cell, known->n))) {
    nomem(err);
    return NULL;
  }
  gc_puzzle *pz = gc_puzzle_from_object(rec, "generated", err);
  if (!pz && err->code != GC_E_NOMEM)
    err->code = GC_E_INTERNAL;
  return pz;
}

/* The record (text) with its solution, read back as input is read. */
gc_puzzle *gc_gen_read_back(const char *record, const gc_grid *known,
                            gc_error *err) {
  json_t *o = gc_json_loads(record);
  if (!o) {
    nomem(err);
    return NULL;
  }
  gc_puzzle *pz = object_back(o, known, err);
  json_decref(o);
  return pz;
}

/* The groups that are clues (a place in the record), in a random order,
   givens first when asked. */
static size_t clue_order(const gc_cnf *cnf, gc_rng *rng, int givens_first,
                         int *order) {
  size_t k = 0;
  for (size_t i = 0; i < cnf->ngroups; i++)
    if (cnf->groups[i].key[0])
      order[k++] = (int)i;
  gc_rng_shuffle(rng, order, k);
  if (givens_first) {
    int *tmp = order + k; /* room for k more (the caller's buffer is 2x) */
    size_t a = 0;
    for (int pass = 0; pass < 2; pass++)
      for (size_t i = 0; i < k; i++)
        if (!strcmp(cnf->groups[order[i]].key, "givens") == !pass)
          tmp[a++] = order[i];
    memcpy(order, tmp, k * sizeof *order);
  }
  return k;
}

/* The record of pz with the clues keep says (info: how many of how many);
   0 with *record, or -1 with err (out of memory). */
static int kept_record(const gc_puzzle *pz, const gc_cnf *cnf, const char *keep,
                       gc_gen_info *info, char **record, gc_error *err) {
  info->clues_kept = 0;
  info->clues_full = 0;
  for (size_t i = 0; i < cnf->ngroups; i++)
    if (cnf->groups[i].key[0]) {
      info->clues_full++;
      info->clues_kept += keep[i] != 0;
    }
  if (!(*record = gc_record_without(pz, cnf, keep))) {
    nomem(err);
    return -1;
  }
  return 0;
}

/* Clue removal while unique (any, hard).  0 with *record; 1 stopped; -1. */
int gc_gen_reduce_unique(gen_run *g, const gc_puzzle *pz, gc_rng *rng,
                         int givens_first, char **record, gc_gen_info *info,
                         gc_error *err) {
  gc_limits lim;
  if (gc_gen_limits_left(g, &lim))
    return 1;
  gc_session ss;
  int r = gc_session_open(&ss, pz, g->opt, &lim, 1, err);
  if (r)
    return r < 0 ? -1 : 1;
  int rc = -1;
  size_t n = ss.cnf.ngroups;
  int *sel = malloc((n + 1) * sizeof *sel);
  int *order = malloc((2 * n + 1) * sizeof *order);
  char *keep = malloc(n + 1);
  gc_grid sol = {0, NULL};
  if (!sel || !order || !keep) {
    nomem(err);
    goto done;
  }
  for (size_t i = 0; i < n; i++)
    sel[i] = ss.cnf.groups[i].selector;
  memset(keep, 1, n);
  g->calls++;
  r = gc_session_solve(&ss, sel, n);
  if (r < 0) {
    gc_session_error(&ss, err);
    goto done;
  }
  if (r == 0) {
    rc = 1;
    goto done;
  }
  if (r != 10 || gc_session_grid(&ss, &sol, err) ||
      !gc_grid_equal(&sol, &pz->known)) {
    if (!err->code)
      gc_error_set(err, GC_E_INTERNAL, 0, 0,
                   "the full puzzle does not have its solution as the first "
                   "model");
    goto done;
  }
  if (gc_session_block(&ss, &sol, err))
    goto done;
  g->calls++;
  r = gc_session_solve(&ss, sel, n);
  if (r != 20) {
    if (r < 0)
      gc_session_error(&ss, err);
    else if (r == 0)
      rc = 1;
    else
      gc_error_set(err, GC_E_INTERNAL, 0, 0, "the full puzzle is not unique");
    goto done;
  }
  size_t k = clue_order(&ss.cnf, rng, givens_first, order);
  r = gc_session_drop_clues(&ss, order, k, keep, &g->calls, err);
  if (r) {
    rc = r < 0 ? -1 : 1;
    goto done;
  }
  if (kept_record(pz, &ss.cnf, keep, info, record, err))
    goto done;
  rc = 0;
done:
  gc_grid_free(&sol);
  free(sel);
  free(order);
  free(keep);
  gc_session_close(&ss);
  return rc;
}

/* Does propagation decide every cell with the clues in keep? */
static int up_solves(gc_up *u, const gc_cnf *cnf, const gc_block *cell,
                     const char *keep) {
  size_t mark = gc_up_mark(u);
  int ok = 1;
  for (size_t j = 0; j < cnf->ngroups && ok; j++) {
    int s = cnf->groups[j].selector;
    ok = gc_up_assume(u, keep[j] ? s : -s) == 0;
  }
  ok = ok && gc_up_cells(u, cell) == cell->d0 * cell->d1;
  gc_up_undo(u, mark);
  return ok;
}

/* Clue removal while propagation alone solves it (easy).  0 with
   *record; 2 when the full puzzle is not solved by propagation (a genre
   with no clues to give); -1. */
int gc_gen_reduce_easy(gen_run *g, const gc_puzzle *pz, gc_rng *rng,
                       int givens_first, char **record, gc_gen_info *info,
                       gc_error *err) {
  gc_cnf cnf;
  gc_memsink mem;
  memset(&mem, 0, sizeof mem);
  gc_cnf_init(&cnf, gc_sink_memory(&mem), g->opt);
  gc_cnf_set_limits(&cnf, g->lim);
  cnf.want_groups = 1;
  int rc = -1;
  gc_up *u = NULL;
  size_t n = 0;
  int *order = NULL;
  char *keep = NULL;
  if (pz->genre->encode(pz, &cnf, err) || gc_cnf_status(&cnf)) {
    if (!err->code && !gc_cnf_limit_error(&cnf, err))
      gc_error_set(err,
                   gc_cnf_status(&cnf) ? gc_cnf_status(&cnf) : GC_E_INTERNAL, 0,
                   0, "encoding failed");
    goto done;
  }
  n = cnf.ngroups;
  const gc_block *cell = gc_cnf_find_block(&cnf, "cell");
  order = malloc((2 * n + 1) * sizeof *order);
  keep = malloc(n + 1);
  if (!order || !keep || !(u = gc_up_new(&mem, cnf.nvars))) {
    nomem(err);
    goto done;
  }
  memset(keep, 1, n);
  g->calls++;
  if (gc_up_root_conflict(u) || !up_solves(u, &cnf, cell, keep)) {
    rc = 2;
    goto done;
  }
  size_t k = clue_order(&cnf, rng, givens_first, order);
  for (size_t t = 0; t < k; t++) {
    if (g->lim && gc_stop_requested(g->lim->interrupt)) {
      rc = 1;
      goto done;
    }
    keep[order[t]] = 0;
    g->calls++;
    if (!up_solves(u, &cnf, cell, keep))
      keep[order[t]] = 1;
  }
  if (kept_record(pz, &cnf, keep, info, record, err))
    goto done;
  rc = 0;
done:
  gc_up_free(u);
  free(order);
  free(keep);
  gc_cnf_release(&cnf);
  gc_memsink_free(&mem);
  return rc;
}

/* pz without the clues keep leaves out, written as its record and read
   back; NULL with err. */
static gc_puzzle *puzzle_without(const gc_puzzle *pz, const gc_cnf *cnf,
                                 const char *keep, gc_error *err) {
  json_t *rec = gc_object_without(pz, cnf, keep);
  gc_puzzle *out = rec ? object_back(rec, &pz->known, err) : NULL;
  json_decref(rec);
  if (!out && !err->code)
    nomem(err);
  return out;
}

/* Clue removal while the techniques up to `level` still solve the
   puzzle (--difficulty LEVEL, Tatham's way): each clue in turn is left
   out (of a copy, by the genre's clue member; else of the record, which
   is read back) and the closure of those techniques asked whether it
   still solves the puzzle (gc_steps_solves).  0 with *record; 2 when the full
   puzzle is not solved at that level; 1 stopped; -1. */
int gc_gen_reduce_level(gen_run *g, const gc_puzzle *pz, gc_rng *rng,
                        int givens_first, int level, char **record,
                        gc_gen_info *info, gc_error *err) {
  gc_cnf cnf;
  gc_memsink mem;
  memset(&mem, 0, sizeof mem);
  gc_cnf_init(&cnf, gc_sink_memory(&mem), g->opt);
  cnf.want_groups = 1;
  int rc = -1;
  int *order = NULL;
  char *keep = NULL;
  gc_puzzle *work = NULL; /* the copy the genre's clue member edits */
  if (pz->genre->encode(pz, &cnf, err) || gc_cnf_status(&cnf)) {
    if (!err->code)
      gc_error_set(err,
                   gc_cnf_status(&cnf) ? gc_cnf_status(&cnf) : GC_E_INTERNAL, 0,
                   0, "encoding failed");
    goto done;
  }
  size_t n = cnf.ngroups;
  order = malloc((2 * n + 1) * sizeof *order);
  keep = malloc(n + 1);
  if (!order || !keep) {
    nomem(err);
    goto done;
  }
  memset(keep, 1, n);
  size_t k = clue_order(&cnf, rng, givens_first, order);
  /* the genre takes clues out of a copy in place (its clue member); else
     each trial is written without them and read back */
  int (*clue)(gc_puzzle *, const gc_puzzle *, const gc_group *, int) =
      pz->genre->clue;
  if (clue && !(work = puzzle_without(pz, &cnf, keep, err)))
    goto done;
  /* t = 0: the full puzzle; then each clue left out in turn */
  for (size_t t = 0; t <= k; t++) {
    const gc_group *out = t > 0 ? &cnf.groups[order[t - 1]] : NULL;
    if (out)
      keep[order[t - 1]] = 0;
    gc_puzzle *try = work;
    if (clue && out && clue(work, pz, out, 0)) {
      gc_error_set(err, GC_E_INTERNAL, 0, 0, "%s: no clue %s[%d]",
                   pz->genre->name, out->key, out->i);
      goto done;
    }
    if (!clue && !(try = puzzle_without(pz, &cnf, keep, err)))
      goto done;
    gc_limits lim;
    int solved = 0;
    int r = gc_gen_limits_left(g, &lim)
                ? 1
                : gc_steps_solves(try, g->opt, &lim, level, &solved, err);
    if (try != work)
      gc_puzzle_free(try);
    g->calls++;
    if (r) {
      rc = r;
      goto done;
    }
    if (!solved && t == 0) {
      rc = 2; /* not even with every clue */
      goto done;
    }
    if (!solved) {
      keep[order[t - 1]] = 1;
      if (clue)
        clue(work, pz, out, 1);
    }
  }
  if (kept_record(pz, &cnf, keep, info, record, err))
    goto done;
  rc = 0;
done:
  gc_puzzle_free(work);
  free(order);
  free(keep);
  gc_cnf_release(&cnf);
  gc_memsink_free(&mem);
  return rc;
}

