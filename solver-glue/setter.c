/*
 * setter.c: the tools a puzzle setter needs, each on one incremental
 * CaDiCaL session (learned clauses carry over between the calls; the
 * formula is never rebuilt):
 *
 * explain   For a puzzle with no solution, assume every clue's selector;
 *           the failed assumptions are a conflicting set, then shrunk by
 *           deletion: drop a member, and if the rest is still UNSAT keep
 *           only the rest's failed assumptions; else the member is needed.
 * minimize  Solve, add the blocking clause of the solution permanently;
 *           now UNSAT under a set of selectors means "these clues alone
 *           still make the solution unique".  Each clue left out alone gives
 *           the redundant ones; leaving clues out one after another (a unit
 *           -selector for each one dropped) gives a minimal puzzle.
 * backbone  Candidates are the answer-key literals true in the first model;
 *           each one not yet known is tried negated: UNSAT makes it part of
 *           the backbone (added as a unit), SAT removes every candidate the
 *           new model contradicts (Janota, Lynce & Marques-Silva 2015,
 *           the iterative algorithm with model filtering).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

const gc_options *gc_options_or_default(const gc_options *opt,
                                        gc_options *buf) {
  if (opt)
    return opt;
  gc_options_default(buf);
  return buf;
}

json_t *gc_puzzle_object(const gc_puzzle *pz) {
  json_t *o = gc_puzzle_json_object(pz);
  if (o)
    json_object_del(o, "solution");
  return o;
}

/* The selectors of every group, in order. */
static int *all_selectors(const gc_session *ss, gc_error *err) {
  int *sel = malloc((ss->cnf.ngroups + 1) * sizeof *sel);
  if (!sel) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  for (size_t i = 0; i < ss->cnf.ngroups; i++)
    sel[i] = ss->cnf.groups[i].selector;
  return sel;
}

static const gc_group *group_of(const gc_session *ss, int selector) {
  /* groups get consecutive selectors only when nothing is encoded between
     them, so search */
  for (size_t i = 0; i < ss->cnf.ngroups; i++)
    if (ss->cnf.groups[i].selector == selector)
      return &ss->cnf.groups[i];
  return NULL;
}

int gc_explain(const gc_puzzle *pz, const gc_options *opt, const gc_limits *lim,
               gc_status *status, gc_clues *core, gc_error *err) {
  gc_options buf;
  opt = gc_options_or_default(opt, &buf);
  gc_error_clear(err);
  memset(core, 0, sizeof *core);
  *status = GC_STATUS_UNKNOWN;
  gc_session ss;
  int opened = gc_session_open(&ss, pz, opt, lim, 1, err);
  if (opened)
    return opened < 0 ? -1 : 0; /* stopped while encoding: unknown */
  int rc = -1;
  int *sel = all_selectors(&ss, err), *trial = NULL;
  size_t n = ss.cnf.ngroups;
  if (!sel || !(trial = malloc((n + 1) * sizeof *trial)))
    goto done;
  int r = gc_session_solve(&ss, sel, n);
  if (r < 0) {
    gc_session_error(&ss, err);
    goto done;
  }
  if (r == 10) {
    *status = GC_STATUS_SOLVED;
    rc = 0;
    goto done;
  }
  if (r == 0) {
    rc = 0;
    goto done;
  }
  /* The failed selectors, then deletion until every member is needed. */
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    int f = gc_session_failed(&ss, sel[i]);
    if (f < 0) {
      gc_session_error(&ss, err);
      goto done;
    }
    if (f)
      sel[m++] = sel[i];
  }
  for (size_t i = 0; i < m;) {
    size_t k = 0;
    for (size_t j = 0; j < m; j++)
      if (j != i)
        trial[k++] = sel[j];
    r = gc_session_solve(&ss, trial, k);
    if (r < 0) {
      gc_session_error(&ss, err);
      goto done;
    }
    if (r == 0) {
      rc = 0;
      goto done; /* stopped: status stays unknown */
    }
    if (r == 10) {
      i++; /* needed */
      continue;
    }
    size_t keep = 0; /* UNSAT without it: keep the new, smaller core */
    for (size_t j = 0; j < k; j++) {
      int f = gc_session_failed(&ss, trial[j]);
      if (f < 0) {
        gc_session_error(&ss, err);
        goto done;
      }
      if (f)
        sel[keep++] = trial[j];
    }
    m = keep;
  }
  for (size_t i = 0; i < m; i++)
    if (gc_clues_add(core, group_of(&ss, sel[i])->what, err))
      goto done;
  if (m == 0 && gc_clues_add(core, "the grid's own rules (no clue is needed to "
                                "make it impossible)",
                          err))
    goto done;
  *status = GC_STATUS_NONE;
  rc = 0;
done:
  if (rc)
    gc_clues_free(core);
  free(sel);
  free(trial);
  gc_session_close(&ss);
  return rc;
}

/* Clears the removed groups in the puzzle's JSON record: a number (clue,
   given) becomes 0, an entry that is a list (a sign in "lt") is deleted. */
static json_t *strip_object(const gc_puzzle *pz, const gc_group *const *gone,
                            size_t ngone) {
  json_t *o = gc_puzzle_object(pz);
  if (!o)
    return NULL;
  for (size_t k = 0; k < ngone; k++) {
    const gc_group *g = gone[k];
    json_t *a = json_object_get(o, g->key);
    if (!json_is_array(a) || g->i < 0)
      continue;
    json_t *e = json_array_get(a, (size_t)g->i);
    if (g->j >= 0)
      json_array_set_new(e, (size_t)g->j, json_integer(0));
    else if (json_is_integer(e))
      json_array_set_new(a, (size_t)g->i, json_integer(0));
    else
      json_array_set_new(a, (size_t)g->i, json_null()); /* deleted below */
  }
  const char *key;
  json_t *v;
  json_object_foreach(o, key, v) {
    if (!json_is_array(v))
      continue;
    for (size_t i = json_array_size(v); i-- > 0;)
      if (json_is_null(json_array_get(v, i)))
        json_array_remove(v, i);
  }
  return o;
}

static char *strip_record(const gc_puzzle *pz, const gc_group *const *gone,
                          size_t ngone) {
  json_t *o = strip_object(pz, gone, ngone);
  if (!o)
    return NULL;
  char *out = json_dumps(o, JSON_COMPACT);
  json_decref(o);
  return out;
}

int gc_session_drop_clues(gc_session *ss, const int *order, size_t count,
                          char *keep, long *calls, gc_error *err) {
  size_t n = ss->cnf.ngroups;
  int *trial = malloc((n + 1) * sizeof *trial);
  if (!trial) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  int rc = 0;
  for (size_t t = 0; t < count; t++) {
    size_t i = (size_t)order[t];
    if (i >= n || !keep[i] || !ss->cnf.groups[i].key[0])
      continue; /* groups with no place in the record are rules */
    size_t k = 0;
    for (size_t j = 0; j < n; j++)
      if (keep[j] && j != i)
        trial[k++] = ss->cnf.groups[j].selector;
    int r = gc_session_solve(ss, trial, k);
    if (calls)
      ++*calls;
    if (r < 0) {
      rc = gc_session_error(ss, err);
      break;
    }
    if (r == 0) {
      rc = 1;
      break;
    }
    if (r == 20)
      keep[i] = 0;
  }
  free(trial);
  return rc;
}

/* The groups of cnf that keep[i] == 0 drops, into a malloc'd list (NULL
   when out of memory). */
static const gc_group **dropped(const gc_cnf *cnf, const char *keep,
                                size_t *ngone) {
  size_t n = cnf->ngroups;
  const gc_group **gone = malloc((n + 1) * sizeof *gone);
  *ngone = 0;
  for (size_t i = 0; gone && i < n; i++)
    if (!keep[i])
      gone[(*ngone)++] = &cnf->groups[i];
  return gone;
}

json_t *gc_object_without(const gc_puzzle *pz, const gc_cnf *cnf,
                          const char *keep) {
  size_t ngone;
  const gc_group **gone = dropped(cnf, keep, &ngone);
  json_t *o = gone ? strip_object(pz, gone, ngone) : NULL;
  free(gone);
  return o;
}

char *gc_record_without(const gc_puzzle *pz, const gc_cnf *cnf,
                        const char *keep) {
  json_t *o = gc_object_without(pz, cnf, keep);
  char *out = o ? json_dumps(o, JSON_COMPACT) : NULL;
  json_decref(o);
  return out;
}

int gc_minimize(const gc_puzzle *pz, const gc_options *opt,
                const gc_limits *lim, gc_status *status, gc_clues *redundant,
                gc_clues *removed, char **minimal, gc_error *err) {
  gc_options buf;
  opt = gc_options_or_default(opt, &buf);
  gc_error_clear(err);
  memset(redundant, 0, sizeof *redundant);
  memset(removed, 0, sizeof *removed);
  *minimal = NULL;
  *status = GC_STATUS_UNKNOWN;
  gc_session ss;
  int opened = gc_session_open(&ss, pz, opt, lim, 1, err);
  if (opened)
    return opened < 0 ? -1 : 0; /* stopped while encoding: unknown */
  int rc = -1;
  size_t n = ss.cnf.ngroups;
  int *sel = all_selectors(&ss, err), *trial = malloc((n + 1) * sizeof *trial);
  const gc_group **gone = malloc((n + 1) * sizeof *gone);
  char *keep = calloc(n + 1, 1);
  gc_grid g = {0, NULL};
  if (!sel || !trial || !gone || !keep) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  int r = gc_session_solve(&ss, sel, n);
  if (r < 0) {
    gc_session_error(&ss, err);
    goto done;
  }
  if (r != 10) {
    if (r == 20)
      *status = GC_STATUS_NONE;
    rc = 0;
    goto done;
  }
  if (gc_session_grid(&ss, &g, err) || gc_session_block(&ss, &g, err))
    goto done;
  r = gc_session_solve(&ss, sel, n);
  if (r < 0) {
    gc_session_error(&ss, err);
    goto done;
  }
  if (r != 20) {
    if (r == 10)
      *status = GC_STATUS_MULTIPLE;
    rc = 0;
    goto done;
  }
  /* Each clue left out alone.  Groups with no place in the JSON record
     (Star Battle's counts) are rules, not clues: always kept. */
  for (size_t i = 0; i < n; i++) {
    if (!ss.cnf.groups[i].key[0])
      continue;
    size_t k = 0;
    for (size_t j = 0; j < n; j++)
      if (j != i)
        trial[k++] = sel[j];
    r = gc_session_solve(&ss, trial, k);
    if (r < 0) {
      gc_session_error(&ss, err);
      goto done;
    }
    if (r == 0) {
      rc = 0;
      goto done;
    }
    if (r == 20 && gc_clues_add(redundant, ss.cnf.groups[i].what, err))
      goto done;
  }
  /* A minimal puzzle: drop clues one after another while unique. */
  memset(keep, 1, n);
  size_t ngone = 0;
  for (size_t i = 0; i < n; i++)
    trial[i] = (int)i;
  r = gc_session_drop_clues(&ss, trial, n, keep, NULL, err);
  if (r) {
    rc = r < 0 ? -1 : 0;
    goto done;
  }
  for (size_t i = 0; i < n; i++)
    if (!keep[i]) {
      gone[ngone++] = &ss.cnf.groups[i];
      if (gc_clues_add(removed, ss.cnf.groups[i].what, err))
        goto done;
    }
  *minimal = strip_record(pz, gone, ngone);
  if (!*minimal) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  *status = GC_STATUS_UNIQUE;
  rc = 0;
done:
  if (rc || *status != GC_STATUS_UNIQUE) {
    gc_clues_free(redundant);
    gc_clues_free(removed);
  }
  gc_grid_free(&g);
  free(sel);
  free(trial);
  free(gone);
  free(keep);
  gc_session_close(&ss);
  return rc;
}

int gc_backbone(const gc_puzzle *pz, const gc_options *opt,
                const gc_limits *lim, gc_status *status, gc_grid *fixed,
                gc_error *err) {
  gc_options buf;
  opt = gc_options_or_default(opt, &buf);
  gc_error_clear(err);
  fixed->n = 0;
  fixed->cell = NULL;
  *status = GC_STATUS_UNKNOWN;
  gc_session ss;
  int opened = gc_session_open(&ss, pz, opt, lim, 0, err);
  if (opened)
    return opened < 0 ? -1 : 0; /* stopped while encoding: unknown */
  int rc = -1, n = pz->n;
  int *cand = malloc((size_t)n * (size_t)n * sizeof *cand + 1);
  char *state = calloc((size_t)n * (size_t)n + 1, 1); /* 0 open, 1 backbone, 2 no */
  gc_grid g = {0, NULL};
  if (!cand || !state) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  int r = gc_session_solve(&ss, NULL, 0);
  if (r < 0) {
    gc_session_error(&ss, err);
    goto done;
  }
  if (r != 10) {
    if (r == 20)
      *status = GC_STATUS_NONE;
    rc = 0;
    goto done;
  }
  if (gc_session_grid(&ss, &g, err))
    goto done;
  /* The blocking clause's literals are the negated key literals. */
  size_t k = gc_key_blocking_clause(pz, ss.cell, &g, cand);
  int multiple = 0;
  for (size_t i = 0; i < k; i++) {
    int lit = -cand[i];
    if (state[i])
      continue;
    if (gc_session_fixed(&ss, lit) > 0) {
      state[i] = 1;
      continue;
    }
    int neg = -lit;
    r = gc_session_solve(&ss, &neg, 1);
    if (r < 0) {
      gc_session_error(&ss, err);
      goto done;
    }
    if (r == 0) {
      rc = 0;
      goto done;
    }
    if (r == 20) {
      state[i] = 1;
      if (gc_session_clause(&ss, &lit, 1, err))
        goto done;
      continue;
    }
    multiple = 1;
    state[i] = 2;
    for (size_t j = i + 1; j < k; j++)
      if (!state[j] && gc_session_value(&ss, -cand[j]) < 0)
        state[j] = 2;
  }
  if (ss.fail) { /* (a value or a root test could not be read) */
    gc_session_error(&ss, err);
    goto done;
  }
  if (gc_grid_init(fixed, n)) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  for (int c = 0; c < n * n; c++)
    fixed->cell[c] = -1;
  /* One-hot: one key literal per cell, in cell order; boolean: likewise. */
  for (size_t i = 0; i < k; i++)
    if (state[i] == 1)
      fixed->cell[i] = g.cell[i];
  *status = multiple ? GC_STATUS_MULTIPLE : GC_STATUS_UNIQUE;
  rc = 0;
done:
  gc_grid_free(&g);
  free(cand);
  free(state);
  gc_session_close(&ss);
  return rc;
}
