/*
 * model.c: reading an external SAT solver's answer, and decoding it into a
 * grid.  Accepted: the SAT competition output ("c" comments, "s
 * SATISFIABLE" / "s UNSATISFIABLE" / "s UNKNOWN", "v" lines of literals
 * ending in 0) as cadical and kissat print it, MiniSat's result file
 * ("SAT" / "UNSAT" / "INDET", then one line of literals ending in 0), and a
 * bare list of literals.
 */
#include <stdlib.h>
#include <string.h>

#include "../genres/genre.h"

/* Fresh zeroed memory rather than realloc and memset: a short model that
   names a huge variable ("v 99999999 0") then costs address space, not
   the time and memory of zeroing every page up to it. */
static int grow(signed char **v, int *cap, int need) {
  if (need < *cap)
    return 0;
  int c = *cap ? *cap : 1024;
  while (c <= need)
    c = c > GC_MAX_VARS / 2 ? GC_MAX_VARS + 1 : c * 2;
  signed char *p = calloc((size_t)c, 1);
  if (!p)
    return -1;
  if (*v)
    memcpy(p, *v, (size_t)*cap);
  free(*v);
  *v = p;
  *cap = c;
  return 0;
}

static int word_is(const char *s, size_t len, const char *w) {
  return strlen(w) == len && !memcmp(s, w, len);
}

int gc_model_read(const char *data, size_t len, const char *source, int *sat,
                  signed char **values, int *nvars, gc_error *err) {
  gc_error_clear(err);
  gc_error_source(err, source);
  *sat = -1;
  *values = NULL;
  *nvars = 0;
  int cap = 0, maxvar = 0, lits = 0, status_seen = 0;
  size_t i = 0;
  long line = 1;
  while (i < len) {
    size_t start = i;
    while (i < len && data[i] != '\n')
      i++;
    size_t end = i;
    i++;
    const char *s = data + start;
    size_t l = end - start;
    while (l && (s[l - 1] == '\r' || s[l - 1] == ' ' || s[l - 1] == '\t'))
      l--;
    size_t k = 0;
    while (k < l && (s[k] == ' ' || s[k] == '\t'))
      k++;
    long this_line = line++;
    if (k == l || s[k] == 'c')
      continue;
    int vline = 0;
    if (s[k] == 's' && k + 1 < l && s[k + 1] == ' ') {
      const char *w = s + k + 2;
      size_t wl = l - k - 2;
      *sat = word_is(w, wl, "SATISFIABLE") ? 1
             : word_is(w, wl, "UNSATISFIABLE") ? 0
                                               : -1;
      status_seen = 1;
      continue;
    }
    if (word_is(s + k, l - k, "SAT") || word_is(s + k, l - k, "UNSAT") ||
        word_is(s + k, l - k, "INDET")) {
      *sat = s[k] == 'S' ? 1 : s[k] == 'U' ? 0 : -1;
      status_seen = 1;
      continue;
    }
    if (s[k] == 'v')
      vline = 1, k++;
    /* literals */
    while (k < l) {
      while (k < l && (s[k] == ' ' || s[k] == '\t'))
        k++;
      if (k >= l)
        break;
      size_t t0 = k;
      int neg = 0;
      if (s[k] == '-')
        neg = 1, k++;
      long v = 0;
      size_t digits = 0;
      while (k < l && s[k] >= '0' && s[k] <= '9') {
        if (v <= GC_MAX_VARS)
          v = v * 10 + (s[k] - '0');
        k++, digits++;
      }
      if (!digits || (k < l && s[k] != ' ' && s[k] != '\t')) {
        gc_error_set(err, GC_E_SYNTAX, this_line, (long)t0 + 1,
                     "expected a literal (a signed number)%s",
                     vline ? "" : " or a status line such as 's SATISFIABLE'");
        goto fail;
      }
      if (v > GC_MAX_VARS) {
        gc_error_set(err, GC_E_RANGE, this_line, (long)t0 + 1,
                     "variable number is too large");
        goto fail;
      }
      if (v == 0)
        continue;
      if (grow(values, &cap, (int)v)) {
        gc_error_set(err, GC_E_NOMEM, this_line, 0, "out of memory");
        goto fail;
      }
      if ((*values)[v] == (neg ? 1 : -1)) {
        gc_error_set(err, GC_E_CONTRADICTION, this_line, (long)t0 + 1,
                     "variable %ld is set both true and false: not a model",
                     v);
        goto fail;
      }
      (*values)[v] = neg ? -1 : 1;
      if (v > maxvar)
        maxvar = (int)v;
      lits++;
    }
  }
  if (!status_seen && lits)
    *sat = 1;
  if (!status_seen && !lits) {
    gc_error_set(err, GC_E_SYNTAX, 1, 1,
                 "no solver answer found (expected 's SATISFIABLE' with 'v' "
                 "lines, or MiniSat's 'SAT' result file)");
    goto fail;
  }
  if (*sat == 1 && !lits) {
    gc_error_set(err, GC_E_SHAPE, line > 1 ? line - 1 : 1, 0,
                 "the answer says satisfiable but gives no model");
    goto fail;
  }
  *nvars = maxvar;
  return 0;
fail:
  free(*values);
  *values = NULL;
  return -1;
}

typedef struct model_ctx {
  const signed char *values;
  int nvars;
} model_ctx;

static int model_value(void *ctx, int var) {
  model_ctx *m = ctx;
  return var <= m->nvars ? m->values[var] : 0;
}

int gc_decode(const gc_puzzle *pz, const gc_options *opt,
              const signed char *values, int nvars, gc_grid *out,
              gc_error *err) {
  gc_options defaults;
  if (!opt) {
    gc_options_default(&defaults);
    opt = &defaults;
  }
  gc_error_clear(err);
  out->n = 0;
  out->cell = NULL;
  gc_cnf cnf;
  gc_cnf_init(&cnf, gc_sink_null(), opt);
  int rc = -1;
  if (pz->genre->encode(pz, &cnf, err) || gc_cnf_status(&cnf)) {
    if (!err->code)
      gc_error_set(err, GC_E_INTERNAL, 0, 0, "encoding failed");
    goto done;
  }
  const gc_block *cell = gc_cnf_find_block(&cnf, "cell");
  int last = cell->first + cell->d0 * cell->d1 * cell->d2 - 1;
  if (nvars > cnf.nvars) {
    gc_error_set(err, GC_E_SHAPE, 0, 0,
                 "the model has %d variables but this puzzle's CNF has %d: was "
                 "it made from another puzzle or with other options?",
                 nvars, cnf.nvars);
    goto done;
  }
  if (nvars < last) {
    gc_error_set(err, GC_E_SHAPE, 0, 0,
                 "the model stops at variable %d; the cell variables go up to %d",
                 nvars, last);
    goto done;
  }
  model_ctx m = {values, nvars};
  if (gc_key_decode(pz, cell, model_value, &m, out, err))
    goto done;
  char why[200];
  if (!gc_check(pz, out, why, sizeof why)) {
    gc_error_set(err, GC_E_CONTRADICTION, 0, 0, "the model is not a solution: %s",
                 why);
    gc_grid_free(out);
    goto done;
  }
  rc = 0;
done:
  gc_cnf_release(&cnf);
  return rc;
}
