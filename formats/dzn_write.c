/*
 * dzn_write.c: a puzzle's record as MiniZinc data (format dzn, dzn.c), the
 * parameters of gridcnf's models/ (models/README.md): every parameter of
 * the genre's model is written, after a comment line naming the puzzle and
 * the command that solves it.  Star Battle's names are those of the data
 * published with other Star Battle models (num_stars, dim, sectors from 1;
 * 0 = a cell in no sector).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dzn.h"
#include "format.h"
#include "strbuf.h"

static void w_list(gc_strbuf *b, const char *name, const int *v, int n) {
  gc_sb_printf(b, "%s = [", name);
  for (int i = 0; i < n; i++)
    gc_sb_printf(b, "%s%d", i ? ", " : "", v[i]);
  gc_sb_put(b, "];\n");
}

static void w_matrix(gc_strbuf *b, const char *name, const int *v, int rows,
                     int cols) {
  if (!rows || !cols) {
    gc_sb_printf(b, "%s = array2d(1..%d, 1..%d, []);\n", name, rows, cols);
    return;
  }
  gc_sb_printf(b, "%s = [|\n", name);
  for (int i = 0; i < rows; i++) {
    for (int j = 0; j < cols; j++)
      gc_sb_printf(b, "%s%d", j ? ", " : "  ", v[i * cols + j]);
    gc_sb_put(b, i + 1 < rows ? " |\n" : " |];\n");
  }
}

char *gc_dzn_write(const json_t *rec, gc_error *err) {
  const char *g = gc_rec_genre(rec);
  int n = gc_rec_n(rec);
  if (n < 1 || n > DZN_MAX_N) {
    gc_error_set(err, GC_E_INTERNAL, 0, 0, "bad \"n\" in the record");
    return NULL;
  }
  int *m = calloc((size_t)(4 * n * n + 4 * n), sizeof *m);
  if (!m) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  gc_strbuf b = {0};
  const json_t *id = json_object_get(rec, "id");
  gc_sb_put(&b, "% gridcnf ");
  gc_sb_put(&b, g);
  gc_sb_printf(&b, " %dx%d", n, n);
  if (json_is_string(id)) {
    gc_sb_put(&b, " ");
    /* the id on one comment line */
    for (const char *p = json_string_value(id); *p; p++)
      gc_sb_putn(&b, *p == '\n' || *p == '\r' ? " " : p, 1);
  }
  gc_sb_printf(&b, ": minizinc models/%s.mzn THIS.dzn\n", g);
  if (!strcmp(g, "starbattle")) {
    gc_rec_matrix(rec, "regions", n, m);
    for (int i = 0; i < n * n; i++)
      m[i] = m[i] < 0 ? 0 : m[i] + 1;
    gc_sb_printf(&b, "num_stars = %d;\ndim = %d;\n", gc_rec_int(rec, "stars", 1),
                 n);
    gc_sb_put(&b, "% sectors numbered from 1; 0 = a cell in no sector\n");
    w_matrix(&b, "sectors", m, n, n);
  } else if (!strcmp(g, "skyscrapers")) {
    static const char *const side[4] = {"top", "bottom", "left", "right"};
    gc_sb_printf(&b, "n = %d;\n", n);
    for (int k = 0; k < 4; k++) {
      gc_rec_ints(rec, side[k], n, m);
      w_list(&b, side[k], m, n);
    }
    gc_rec_matrix(rec, "givens", n, m);
    w_matrix(&b, "givens", m, n, n);
    const json_t *boxes = json_object_get(rec, "boxes");
    gc_sb_printf(&b, "ba = %d;\nbb = %d;\n",
                 (int)json_integer_value(json_array_get(boxes, 0)),
                 (int)json_integer_value(json_array_get(boxes, 1)));
  } else {
    gc_sb_printf(&b, "n = %d;\n", n);
    gc_rec_matrix(rec, "givens", n, m);
    w_matrix(&b, "givens", m, n, n);
    const json_t *lt = json_object_get(rec, "lt");
    int count = (int)json_array_size(lt);
    gc_sb_printf(&b, "nlt = %d;\n", count);
    int *tmp = malloc((size_t)(count + 1) * sizeof *tmp);
    if (!tmp) {
      free(m);
      free(gc_sb_finish(&b));
      gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
      return NULL;
    }
    static const char *const coord[4] = {"r1", "c1", "r2", "c2"};
    for (int k = 0; k < 4; k++) {
      for (int i = 0; i < count; i++)
        tmp[i] = (int)json_integer_value(json_array_get(json_array_get(lt, (size_t)i),
                                                        (size_t)k)) + 1;
      w_list(&b, coord[k], tmp, count);
    }
    free(tmp);
    const json_t *adj = json_object_get(rec, "adjacent");
    int *right = m + n * n, *down = right + n * n;
    memset(right, 0, 2 * (size_t)(n * n) * sizeof *right);
    for (size_t i = 0; i < json_array_size(adj); i++) {
      int x[4];
      for (int k = 0; k < 4; k++)
        x[k] = (int)json_integer_value(json_array_get(json_array_get(adj, i), (size_t)k));
      int r = x[0] < x[2] ? x[0] : x[2], col = x[1] < x[3] ? x[1] : x[3];
      if (x[0] == x[2])
        right[r * (n - 1) + col] = 1;
      else
        down[r * n + col] = 1;
    }
    gc_sb_printf(&b, "adjacent = %s;\n", json_is_array(adj) ? "true" : "false");
    w_matrix(&b, "adj_right", right, n, n - 1);
    w_matrix(&b, "adj_down", down, n - 1, n);
  }
  free(m);
  char *out = gc_fmt_finish(&b, err);
  if (out) { /* no final newline: the caller adds one */
    size_t l = strlen(out);
    if (l && out[l - 1] == '\n')
      out[l - 1] = 0;
  }
  return out;
}
