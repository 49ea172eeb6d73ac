/*
 * puzzle.c: what every genre's puzzle shares (id, size, the known solution)
 * and the calls that go through the genre table: check and render.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/format.h"
#include "../formats/strbuf.h"
#include "genre.h"

void *gc_calloc(size_t count, size_t size, gc_error *err) {
  void *p = count && size ? calloc(count, size) : NULL;
  if (!p)
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
  return p;
}

int gc_puzzle_alloc_data(gc_puzzle *pz, size_t size, gc_error *err) {
  pz->data = gc_calloc(1, size, err);
  return pz->data ? 0 : -1;
}

int gc_grid_init(gc_grid *g, int n) {
  g->n = 0;
  g->cell = NULL;
  if (n <= 0)
    return 0;
  g->cell = calloc((size_t)n * (size_t)n, sizeof *g->cell);
  if (!g->cell)
    return -1;
  g->n = n;
  return 0;
}

void gc_grid_free(gc_grid *g) {
  free(g->cell);
  g->cell = NULL;
  g->n = 0;
}

int gc_grid_equal(const gc_grid *a, const gc_grid *b) {
  return a->n == b->n &&
         !memcmp(a->cell, b->cell, (size_t)a->n * (size_t)a->n * sizeof(int));
}

const gc_genre *gc_puzzle_genre(const gc_puzzle *pz) { return pz->genre; }
int gc_puzzle_n(const gc_puzzle *pz) { return pz->n; }
const char *gc_puzzle_id(const gc_puzzle *pz) { return pz->id; }
long gc_puzzle_line(const gc_puzzle *pz) { return pz->line; }
const char *gc_puzzle_source(const gc_puzzle *pz) { return pz->source; }
const gc_grid *gc_puzzle_known(const gc_puzzle *pz) {
  return pz->known.n ? &pz->known : NULL;
}

void gc_puzzle_free(gc_puzzle *pz) {
  if (!pz)
    return;
  if (pz->data && pz->genre && pz->genre->free_data)
    pz->genre->free_data(pz->data);
  gc_grid_free(&pz->known);
  free(pz->id);
  free(pz->source);
  free(pz);
}

/*------------------------------------------------------------------------*/
/* Checking: the genre's checker reports every broken rule.                */

void gc_clues_free(gc_clues *c) {
  free(c->what);
  c->what = NULL;
  c->count = 0;
}

int gc_clues_add(gc_clues *c, const char *what, gc_error *err) {
  void *p = realloc(c->what, (c->count + 1) * sizeof *c->what);
  if (!p) {
    if (err)
      gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  c->what = p;
  size_t len = strlen(what), cap = sizeof c->what[0] - 1;
  if (len > cap)
    len = cap;
  memcpy(c->what[c->count], what, len);
  c->what[c->count++][len] = 0;
  return 0;
}

int gc_broken(gc_report *rep, const char *fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (rep->count++ == 0 && rep->first && rep->size)
    snprintf(rep->first, rep->size, "%s", msg);
  if (rep->all && !rep->nomem && gc_clues_add(rep->all, msg, NULL))
    rep->nomem = 1;
  return rep->only_first || rep->nomem;
}

/* "columns 2, 5 and 7" */
static void list_positions(char *buf, size_t size, const int *pos, int k) {
  size_t len = 0;
  buf[0] = 0;
  for (int i = 0; i < k && len < size; i++)
    len += (size_t)snprintf(buf + len, size - len, "%s%d",
                            i == 0 ? "" : i == k - 1 ? " and " : ", ", pos[i]);
}

int gc_report_repeats(gc_report *rep, int n, const int *cell, int br, int bc) {
  int pos[GC_MAX_N], k;
  char where[8 * GC_MAX_N];
  for (int unit = 0; unit < 3; unit++) {
    if (unit == 2 && !br)
      break;
    for (int u = 0; u < n; u++)
      for (int v = 1; v <= n; v++) {
        k = 0;
        for (int i = 0; i < n; i++) {
          int r = unit == 0 ? u : unit == 1 ? i : (u / (n / bc)) * br + i / bc;
          int c = unit == 0 ? i : unit == 1 ? u : (u % (n / bc)) * bc + i % bc;
          if (cell[r * n + c] == v)
            pos[k++] = unit == 0 ? c + 1 : unit == 1 ? r + 1 : r * n + c;
        }
        if (k < 2)
          continue;
        if (unit == 2) {
          size_t len = 0;
          where[0] = 0;
          for (int i = 0; i < k; i++)
            len += (size_t)snprintf(where + len, sizeof where - len, "%sr%dc%d",
                                    i == 0 ? "" : i == k - 1 ? " and " : ", ",
                                    pos[i] / n + 1, pos[i] % n + 1);
          if (gc_broken(rep, "box %d repeats %d (%s)", u + 1, v, where))
            return 1;
        } else {
          list_positions(where, sizeof where, pos, k);
          if (gc_broken(rep, "%s %d repeats %d (%s %s)", unit ? "column" : "row",
                        u + 1, v, unit ? "rows" : "columns", where))
            return 1;
        }
      }
  }
  return 0;
}

int gc_report_digits(gc_report *rep, int n, const int *cell, const int *givens,
                     int lo, int hi, int partial, const char *what) {
  for (int i = 0; i < n * n; i++) {
    int v = cell[i];
    if (v == GC_EMPTY) {
      if (!partial && gc_broken(rep, "r%dc%d is empty", i / n + 1, i % n + 1))
        return 1;
      continue;
    }
    if (v < lo || v > hi) {
      if (gc_broken(rep, "r%dc%d holds %d, not %s %d..%d", i / n + 1, i % n + 1,
                    v, what, lo, hi))
        return 1;
      continue;
    }
    if (givens && givens[i] && givens[i] != v &&
        gc_broken(rep, "r%dc%d holds %d but %d is given there", i / n + 1,
                  i % n + 1, v, givens[i]))
      return 1;
  }
  return 0;
}

int gc_check(const gc_puzzle *pz, const gc_grid *g, char *why, size_t size) {
  if (!g || g->n != pz->n || !g->cell) {
    snprintf(why, size, "the grid is not %d x %d", pz->n, pz->n);
    return 0;
  }
  gc_report rep = {why, size, 1, NULL, 0, 0};
  if (size)
    why[0] = 0;
  pz->genre->check(pz, g, 0, &rep);
  return rep.count == 0;
}

int gc_check_all(const gc_puzzle *pz, const gc_grid *g, int partial,
                 gc_clues *broken) {
  if (broken)
    memset(broken, 0, sizeof *broken);
  gc_report rep = {NULL, 0, 0, broken, 0, 0};
  if (!g || g->n != pz->n || !g->cell) {
    gc_broken(&rep, "the grid is not %d x %d", pz->n, pz->n);
    return rep.nomem ? -1 : rep.count;
  }
  pz->genre->check(pz, g, partial, &rep);
  if (rep.nomem) {
    if (broken)
      gc_clues_free(broken);
    return -1;
  }
  return rep.count;
}

char *gc_render_text(const gc_puzzle *pz, const gc_grid *g) {
  return pz->genre->render(pz, g);
}

char *gc_puzzle_text(const gc_puzzle *pz) {
  char *text = gc_render_text(pz, NULL);
  const char *id = gc_puzzle_id(pz);
  if (!text || !id || strpbrk(id, "\r\n"))
    return text;
  size_t k = strlen(id), t = strlen(text);
  char *out = malloc(k + t + 4);
  if (out) {
    memcpy(out, "# ", 2);
    memcpy(out + 2, id, k);
    out[k + 2] = '\n';
    memcpy(out + k + 3, text, t + 1);
  }
  free(text);
  return out;
}

char *gc_render_look(const gc_puzzle *pz, const gc_grid *g,
                     const gc_look *look, unsigned char **style) {
  *style = NULL;
  if (g && (g->n != pz->n || !g->cell))
    g = NULL;
  gc_look lk = {0, NULL};
  if (look)
    lk = *look;
  if (!g || (lk.other && (lk.other->n != pz->n || !lk.other->cell)))
    lk.other = NULL;
  gc_strbuf b = {0};
  gc_sb_keep_style(&b);
  if (pz->genre->draw)
    pz->genre->draw(pz, g, &lk, &b);
  else {
    char *s = pz->genre->render(pz, g);
    if (!s)
      b.failed = 1;
    else
      gc_sb_put(&b, s);
    free(s);
  }
  char *text = gc_sb_finish(&b);
  *style = gc_sb_take_style(&b);
  if (text && !*style) {
    free(text);
    text = NULL;
  }
  return text;
}

char *gc_render_svg(const gc_puzzle *pz, const gc_grid *solution) {
  if (!pz->genre->svg)
    return NULL;
  if (solution && (solution->n != pz->n || !solution->cell))
    solution = NULL;
  return pz->genre->svg(pz, solution);
}

char *gc_render_svg_step(const gc_puzzle *pz, const gc_grid *g,
                         const gc_step *step) {
  if (!pz->genre->svg_step)
    return gc_render_svg(pz, g);
  return pz->genre->svg_step(pz, g, step);
}

/*------------------------------------------------------------------------*/
/* The answer key: the "cell" block that every genre declares first.       */

size_t gc_key_blocking_clause(const gc_puzzle *pz, const gc_block *cell,
                              const gc_grid *g, int *lits) {
  int n = pz->n;
  size_t k = 0;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int v = g->cell[r * n + c];
      if (pz->genre->cells == GC_CELLS_BOOL) {
        int var = gc_block_var(cell, r, c, 0);
        lits[k++] = v ? -var : var; /* differ in at least one cell */
      } else if (v >= 1 && v <= cell->d2)
        lits[k++] = -gc_block_var(cell, r, c, v - 1);
    }
  return k;
}

int gc_key_decode(const gc_puzzle *pz, const gc_block *cell,
                  int (*value)(void *ctx, int var), void *ctx, gc_grid *out,
                  gc_error *err) {
  int n = pz->n;
  if (!cell || cell->d0 != n || cell->d1 != n) {
    gc_error_set(err, GC_E_INTERNAL, 0, 0, "the encoding has no cell block");
    return -1;
  }
  if (gc_grid_init(out, n)) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      if (pz->genre->cells == GC_CELLS_BOOL) {
        out->cell[r * n + c] = value(ctx, gc_block_var(cell, r, c, 0)) > 0;
        continue;
      }
      int found = 0;
      for (int v = 1; v <= cell->d2; v++)
        if (value(ctx, gc_block_var(cell, r, c, v - 1)) > 0) {
          if (found) {
            gc_error_set(err, GC_E_CONTRADICTION, 0, 0,
                         "the model gives r%dc%d both %d and %d", r + 1, c + 1,
                         found, v);
            gc_grid_free(out);
            return -1;
          }
          found = v;
        }
      if (!found) {
        gc_error_set(err, GC_E_CONTRADICTION, 0, 0,
                     "the model gives r%dc%d no value", r + 1, c + 1);
        gc_grid_free(out);
        return -1;
      }
      out->cell[r * n + c] = found;
    }
  return 0;
}

/*------------------------------------------------------------------------*/
/* The neutral JSON record.                                                */

/* The neutral record, in a pasted notation (formats/). */
char *gc_format_write(const gc_puzzle *pz, const char *name, gc_error *err) {
  gc_error_clear(err);
  const gc_format *f = gc_fmt_find(name);
  if (!f) {
    gc_error_set(err, GC_E_USAGE, 0, 0, "unknown format '%s'", name ? name : "");
    return NULL;
  }
  char *js = gc_puzzle_json(pz);
  json_t *rec = js ? gc_json_loads(js) : NULL;
  free(js);
  if (!rec) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  char *s = f->write(rec, err);
  json_decref(rec);
  return s;
}

json_t *gc_puzzle_json_object(const gc_puzzle *pz) {
  json_t *o = json_object();
  json_t *keys = pz->genre->to_json ? pz->genre->to_json(pz) : json_object();
  if (!o || !keys) {
    json_decref(o);
    json_decref(keys);
    return NULL;
  }
  json_object_set_new(o, "id", pz->id ? json_string(pz->id) : json_null());
  json_object_set_new(o, "genre", json_string(pz->genre->name));
  json_object_set_new(o, "n", json_integer(pz->n));
  json_object_update(o, keys);
  json_decref(keys);
  if (pz->known.n)
    json_object_set_new(o, "solution", gc_json_int_matrix(pz->known.cell, pz->n));
  return o;
}

char *gc_puzzle_json(const gc_puzzle *pz) {
  json_t *o = gc_puzzle_json_object(pz);
  char *s = o ? json_dumps(o, JSON_COMPACT) : NULL;
  json_decref(o);
  return s;
}
