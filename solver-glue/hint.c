/*
 * hint.c: a partly filled grid against the puzzle, on one incremental
 * CaDiCaL session; the filled cells are assumptions, never clauses, so the
 * same solver answers every question about them.
 *
 * complete  One call under the filled cells.  UNSAT: the failed
 *           assumptions, shrunk by deletion to a minimal set of entries
 *           that cannot all stand.
 * hint      One call under the filled cells (wrong entries are reported
 *           as for complete); then the first step of the step path from
 *           them (steps.c, gc_steps with GC_STEPS_FIRST): the easiest
 *           deduction that fixes a cell, with its minimal reason in the
 *           puzzle's items and the filled cells.
 * unique-fix  Keep the first solution and block it; while another solution
 *           exists, add as a given (an assumption) a cell where the two
 *           differ, preferring one that makes the rest UNSAT at once.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

/* The assumption literal of cell i holding v. */
static int cell_lit(const gc_session *ss, int i, int v) {
  int n = ss->pz->n;
  if (ss->pz->genre->cells == GC_CELLS_BOOL) {
    int var = gc_block_var(ss->cell, i / n, i % n, 0);
    return v ? var : -var;
  }
  return gc_block_var(ss->cell, i / n, i % n, v - 1);
}

static void entry_words(const gc_puzzle *pz, int i, int v, char *buf,
                        size_t size) {
  int n = pz->n;
  if (pz->genre->cells == GC_CELLS_BOOL)
    snprintf(buf, size, "%s at r%dc%d", v ? "the star" : "no star", i / n + 1,
             i % n + 1);
  else
    snprintf(buf, size, "the %d at r%dc%d", v, i / n + 1, i % n + 1);
}

static int check_partial(const gc_puzzle *pz, const gc_grid *partial,
                         gc_error *err) {
  if (partial && (partial->n != pz->n || !partial->cell)) {
    gc_error_set(err, GC_E_SHAPE, 0, 0, "the grid is %d x %d, the puzzle %d x %d",
                 partial->n, partial->n, pz->n, pz->n);
    return -1;
  }
  return 0;
}

/* Filled cells of partial as assumptions; *idx[k] is the cell of lits[k]. */
static int assumptions(const gc_session *ss, const gc_grid *partial, int *lits,
                       int *idx) {
  int k = 0, nn = ss->pz->n * ss->pz->n;
  for (int i = 0; partial && i < nn; i++)
    if (partial->cell[i] != GC_EMPTY) {
      idx[k] = i;
      lits[k++] = cell_lit(ss, i, partial->cell[i]);
    }
  return k;
}

/* UNSAT under lits[0..k): a minimal subset that is still UNSAT, into
   conflict.  Returns 0 (done), 1 (stopped) or -1. */
static int shrink(gc_session *ss, const gc_grid *partial, int *lits, int *idx,
                  int k, gc_clues *conflict, gc_error *err) {
  int *keep = malloc(((size_t)k + 1) * sizeof *keep);
  int *trial = malloc(((size_t)k + 1) * sizeof *trial);
  int rc = -1;
  if (!keep || !trial) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  for (int i = 0; i < k; i++)
    if ((keep[i] = gc_session_failed(ss, lits[i])) < 0) {
      gc_session_error(ss, err);
      goto done;
    }
  for (int i = 0; i < k; i++) {
    if (!keep[i])
      continue;
    int t = 0;
    for (int j = 0; j < k; j++)
      if (keep[j] && j != i)
        trial[t++] = lits[j];
    int r = gc_session_solve(ss, trial, (size_t)t);
    if (r < 0) {
      gc_session_error(ss, err);
      goto done;
    }
    if (r == 0) {
      rc = 1;
      goto done;
    }
    if (r == 20) { /* not needed: keep only what failed now */
      for (int j = 0; j < k; j++) {
        if (!keep[j] || j == i)
          continue;
        int f = gc_session_failed(ss, lits[j]);
        if (f < 0) {
          gc_session_error(ss, err);
          goto done;
        }
        if (!f)
          keep[j] = 0;
      }
      keep[i] = 0;
    }
  }
  for (int i = 0; i < k; i++)
    if (keep[i]) {
      char what[96];
      entry_words(ss->pz, idx[i], partial->cell[idx[i]], what, sizeof what);
      if (gc_clues_add(conflict, what, err))
        goto done;
    }
  rc = 0;
done:
  free(keep);
  free(trial);
  return rc;
}

/* Filled cells that break a rule by themselves, or cannot be completed:
   *status NONE with conflict; else SOLVED with the model in the session.
   Returns 0, 1 (stopped) or -1. */
static int settle(gc_session *ss, const gc_grid *partial, int *lits, int *idx,
                  int k, gc_status *status, gc_clues *conflict, gc_error *err) {
  int r = gc_session_solve(ss, lits, (size_t)k);
  if (r < 0)
    return gc_session_error(ss, err);
  if (r == 0)
    return 1;
  if (r == 10) {
    *status = GC_STATUS_SOLVED;
    return 0;
  }
  *status = GC_STATUS_NONE;
  return shrink(ss, partial, lits, idx, k, conflict, err);
}

int gc_complete(const gc_puzzle *pz, const gc_options *opt,
                const gc_limits *lim, const gc_grid *partial, gc_status *status,
                gc_grid *completion, gc_clues *conflict, gc_error *err) {
  gc_options buf;
  opt = gc_options_or_default(opt, &buf);
  gc_error_clear(err);
  *status = GC_STATUS_UNKNOWN;
  completion->n = 0;
  completion->cell = NULL;
  memset(conflict, 0, sizeof *conflict);
  if (check_partial(pz, partial, err))
    return -1;
  gc_session ss;
  int opened = gc_session_open(&ss, pz, opt, lim, 0, err);
  if (opened)
    return opened < 0 ? -1 : 0;
  size_t nn = (size_t)pz->n * (size_t)pz->n;
  int *lits = malloc((nn + 1) * sizeof *lits), *idx = malloc((nn + 1) * sizeof *idx);
  int rc = -1;
  if (!lits || !idx) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  int k = assumptions(&ss, partial, lits, idx);
  int s = settle(&ss, partial, lits, idx, k, status, conflict, err);
  if (s < 0)
    goto done;
  if (s == 1) {
    *status = GC_STATUS_UNKNOWN;
    gc_clues_free(conflict);
  } else if (*status == GC_STATUS_SOLVED && gc_session_grid(&ss, completion, err))
    goto done;
  rc = 0;
done:
  if (rc)
    gc_clues_free(conflict);
  free(lits);
  free(idx);
  gc_session_close(&ss);
  return rc;
}

/* When the puzzle itself has exactly one solution, the entries that differ
   from it are what is wrong: conflict becomes those ("the 3 at r2c4 is
   wrong, r2c4 is 5").  Else conflict is left as it is.  Ends the session's
   use (the blocking clause stays).  0 or -1. */
static int wrong_entries(gc_session *ss, const gc_grid *partial,
                         gc_clues *conflict, gc_error *err) {
  int nn = ss->pz->n * ss->pz->n;
  int r = gc_session_solve(ss, NULL, 0);
  if (r != 10)
    return r < 0 ? gc_session_error(ss, err) : 0;
  gc_grid sol = {0, NULL};
  if (gc_session_grid(ss, &sol, err) || gc_session_block(ss, &sol, err)) {
    gc_grid_free(&sol);
    return -1;
  }
  int rc = 0;
  r = gc_session_solve(ss, NULL, 0);
  if (r < 0)
    rc = gc_session_error(ss, err);
  else if (r == 20) {
    gc_clues_free(conflict);
    for (int i = 0; i < nn && rc == 0; i++) {
      int v = partial->cell[i];
      if (v == GC_EMPTY || v == sol.cell[i])
        continue;
      char what[96], right[48];
      entry_words(ss->pz, i, v, what, sizeof what);
      if (ss->pz->genre->cells == GC_CELLS_BOOL)
        snprintf(right, sizeof right, "%s", "");
      else
        snprintf(right, sizeof right, " (the solution has %d)", sol.cell[i]);
      char line[160];
      snprintf(line, sizeof line, "%s is wrong%s", what, right);
      rc = gc_clues_add(conflict, line, err);
    }
  }
  gc_grid_free(&sol);
  return rc;
}

int gc_hint_step(const gc_puzzle *pz, const gc_options *opt,
                 const gc_limits *lim, const gc_grid *partial,
                 gc_status *status, gc_step *step, gc_clues *conflict,
                 gc_error *err) {
  gc_options buf;
  opt = gc_options_or_default(opt, &buf);
  gc_error_clear(err);
  *status = GC_STATUS_UNKNOWN;
  memset(step, 0, sizeof *step);
  step->row = step->col = step->value = -1;
  memset(conflict, 0, sizeof *conflict);
  if (check_partial(pz, partial, err))
    return -1;
  gc_session ss;
  int opened = gc_session_open(&ss, pz, opt, lim, 0, err);
  if (opened)
    return opened < 0 ? -1 : 0;
  int n = pz->n, nn = n * n;
  /* The filled cells: the puzzle's givens, then the entries over them. */
  gc_grid base = {0, NULL};
  if (gc_grid_init(&base, n)) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    gc_session_close(&ss);
    return -1;
  }
  for (int i = 0; i < nn; i++)
    base.cell[i] = GC_EMPTY;
  if (pz->genre->givens)
    pz->genre->givens(pz, base.cell);
  for (int i = 0; partial && i < nn; i++)
    if (partial->cell[i] != GC_EMPTY)
      base.cell[i] = partial->cell[i];
  int *lits = malloc(((size_t)nn + 2) * sizeof *lits);
  int *idx = malloc(((size_t)nn + 1) * sizeof *idx);
  gc_step_path path;
  memset(&path, 0, sizeof path);
  int rc = -1, session_open = 1;
  if (!lits || !idx) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  int k = assumptions(&ss, &base, lits, idx);
  int s = settle(&ss, &base, lits, idx, k, status, conflict, err);
  if (s < 0)
    goto done;
  if (s == 1) {
    *status = GC_STATUS_UNKNOWN;
    rc = 0;
    goto done;
  }
  if (k == nn) { /* nothing empty: say whether it is right */
    *status = *status == GC_STATUS_SOLVED ? GC_STATUS_UNIQUE : GC_STATUS_NONE;
    rc = 0;
    goto done;
  }
  if (*status == GC_STATUS_NONE) {
    rc = wrong_entries(&ss, &base, conflict, err) < 0 ? -1 : 0;
    goto done;
  }
  /* The first step of the path from the filled cells: its reason cites
     the puzzle and those cells only. */
  gc_session_close(&ss);
  session_open = 0;
  if (gc_steps(pz, opt, lim, &base, GC_STEPS_FIRST, &path, err))
    goto done;
  if (path.status == GC_STATUS_SOLVED && path.count) {
    *step = path.step[0];
    path.step[0].reason = NULL;
    path.step[0].nreason = 0;
    *status = GC_STATUS_SOLVED;
  } else
    *status = path.status == GC_STATUS_UNKNOWN ? GC_STATUS_UNKNOWN
              : path.status == GC_STATUS_NONE  ? GC_STATUS_NONE
                                               : GC_STATUS_MULTIPLE;
  rc = 0;
done:
  if (rc)
    gc_clues_free(conflict);
  gc_step_path_free(&path);
  gc_grid_free(&base);
  free(lits);
  free(idx);
  if (session_open)
    gc_session_close(&ss);
  return rc;
}

int gc_hint(const gc_puzzle *pz, const gc_options *opt, const gc_limits *lim,
            const gc_grid *partial, gc_status *status, int *row, int *col,
            int *value, long *effort, gc_clues *conflict, gc_error *err) {
  gc_step st;
  *row = *col = *value = -1;
  *effort = -1;
  if (gc_hint_step(pz, opt, lim, partial, status, &st, conflict, err))
    return -1;
  if (*status == GC_STATUS_SOLVED) {
    *row = st.row;
    *col = st.col;
    *value = st.value;
    *effort = st.lookahead == 0 ? 0 : st.lookahead == 1 ? 1 : 1000000;
  }
  free(st.reason);
  return 0;
}

/*------------------------------------------------------------------------*/
/* unique-fix: givens added where two solutions differ.                    */

/* pz's JSON record with the givens of cell[] (GC_EMPTY: none) added. */
static char *record_with(const gc_puzzle *pz, const int *add) {
  json_t *o = gc_puzzle_object(pz);
  if (!o)
    return NULL;
  int n = pz->n;
  json_object_del(o, "unique");
  json_t *g = json_object_get(o, "givens");
  if (!json_is_array(g) || (int)json_array_size(g) != n) {
    g = json_array();
    for (int r = 0; r < n; r++) {
      json_t *row = json_array();
      for (int c = 0; c < n; c++)
        json_array_append_new(row, json_integer(0));
      json_array_append_new(g, row);
    }
    json_object_set_new(o, "givens", g);
  }
  for (int i = 0; i < n * n; i++)
    if (add[i] != GC_EMPTY)
      json_array_set_new(json_array_get(g, (size_t)(i / n)), (size_t)(i % n),
                         json_integer(add[i]));
  char *out = json_dumps(o, JSON_COMPACT);
  json_decref(o);
  return out;
}

int gc_unique_fix(const gc_puzzle *pz, const gc_options *opt,
                  const gc_limits *lim, gc_status *status, gc_clues *added,
                  char **fixed, gc_error *err) {
  gc_options buf;
  opt = gc_options_or_default(opt, &buf);
  gc_error_clear(err);
  *status = GC_STATUS_UNKNOWN;
  *fixed = NULL;
  memset(added, 0, sizeof *added);
  if (!pz->genre->givens) {
    gc_error_set(err, GC_E_UNSUPPORTED, 0, 0,
                 "%s puzzles have no givens to add: change the puzzle itself "
                 "where the two solutions differ",
                 gc_genre_name(pz->genre));
    return -1;
  }
  gc_session ss;
  int opened = gc_session_open(&ss, pz, opt, lim, 0, err);
  if (opened)
    return opened < 0 ? -1 : 0;
  int n = pz->n, nn = n * n, k = 0, rc = -1;
  int *lits = malloc(((size_t)nn + 2) * sizeof *lits);
  int *add = malloc(((size_t)nn + 1) * sizeof *add);
  gc_grid target = {0, NULL}, other = {0, NULL};
  if (!lits || !add) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  for (int i = 0; i < nn; i++)
    add[i] = GC_EMPTY;
  int r = gc_session_solve(&ss, NULL, 0);
  if (r < 0) {
    gc_session_error(&ss, err);
    goto done;
  }
  if (r != 10) {
    *status = r == 20 ? GC_STATUS_NONE : GC_STATUS_UNKNOWN;
    rc = 0;
    goto done;
  }
  /* Keep the first solution; every other one is excluded givens by
     givens.  Its blocking clause is permanent: SAT from now on means
     "another solution". */
  if (gc_session_grid(&ss, &target, err) || gc_session_block(&ss, &target, err))
    goto done;
  for (;;) {
    r = gc_session_solve(&ss, lits, (size_t)k);
    if (r < 0) {
      gc_session_error(&ss, err);
      goto done;
    }
    if (r == 0) {
      rc = 0; /* stopped: status unknown */
      goto done;
    }
    if (r == 20)
      break;
    gc_grid_free(&other);
    if (gc_session_grid(&ss, &other, err))
      goto done;
    /* A cell where they differ; the one that settles it alone if any. */
    int pick = -1;
    for (int i = 0; i < nn && pick < 0; i++) {
      if (other.cell[i] == target.cell[i])
        continue;
      lits[k] = cell_lit(&ss, i, target.cell[i]);
      int t = gc_session_solve(&ss, lits, (size_t)k + 1);
      if (t < 0) {
        gc_session_error(&ss, err);
        goto done;
      }
      if (t == 0) {
        rc = 0;
        goto done;
      }
      if (t == 20)
        pick = i;
    }
    if (pick < 0) /* none alone: the first difference, and go on */
      for (int i = 0; i < nn && pick < 0; i++)
        if (other.cell[i] != target.cell[i])
          pick = i;
    if (pick < 0) {
      /* "another solution" that is the kept one: its blocking clause is
         not in the solver, so no given can be chosen (never index with
         pick then) */
      gc_error_set(err, GC_E_INTERNAL, 0, 0,
                   "the solver gave the kept solution again after it was "
                   "excluded");
      goto done;
    }
    lits[k++] = cell_lit(&ss, pick, target.cell[pick]);
    add[pick] = target.cell[pick];
    char what[96];
    entry_words(pz, pick, target.cell[pick], what, sizeof what);
    if (gc_clues_add(added, what, err))
      goto done;
  }
  *fixed = record_with(pz, add);
  if (!*fixed) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  *status = GC_STATUS_UNIQUE;
  rc = 0;
done:
  if (rc || *status != GC_STATUS_UNIQUE) {
    gc_clues_free(added);
    free(*fixed);
    *fixed = NULL;
  }
  gc_grid_free(&target);
  gc_grid_free(&other);
  free(lits);
  free(add);
  gc_session_close(&ss);
  return rc;
}
