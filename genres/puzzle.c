/*
 * puzzle.c: what every genre's puzzle shares (id, size, the known solution)
 * and the calls that go through the genre table: check and render.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  free(pz);
}

int gc_check(const gc_puzzle *pz, const gc_grid *g, char *why, size_t size) {
  if (!g || g->n != pz->n || !g->cell) {
    snprintf(why, size, "the grid is not %d x %d", pz->n, pz->n);
    return 0;
  }
  return pz->genre->check(pz, g, why, size);
}

char *gc_render_text(const gc_puzzle *pz, const gc_grid *g) {
  return pz->genre->render(pz, g);
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

json_t *gc_json_int_array(const int *v, int n) {
  json_t *a = json_array();
  for (int i = 0; a && i < n; i++)
    json_array_append_new(a, json_integer(v[i]));
  return a;
}

json_t *gc_json_int_matrix(const int *v, int n) {
  json_t *m = json_array();
  for (int r = 0; m && r < n; r++)
    json_array_append_new(m, gc_json_int_array(v + r * n, n));
  return m;
}

char *gc_puzzle_json(const gc_puzzle *pz) {
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
  char *s = json_dumps(o, JSON_COMPACT);
  json_decref(o);
  return s;
}
