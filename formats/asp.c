/*
 * asp.c: a puzzle as facts for the clingo programs of models/ (ASP, the
 * answer-set paradigm), written by `convert --to asp`:
 *     clingo models/skyscrapers.lp facts.lp
 * Facts (rows and columns from 0):
 *   every genre   genre(G).  n(N).
 *   Skyscrapers   clue(S,I,K): side S in top, bottom, left, right, line I
 *                 (the column for top / bottom, the row for left / right),
 *                 K buildings seen; given(R,C,V); box(A,B) for Sudoku boxes
 *                 of A rows by B columns
 *   Futoshiki     given(R,C,V); lt(R1,C1,R2,C2): cell (R1,C1) < (R2,C2);
 *                 Adjacent mode: adjacent. and adj(R1,C1,R2,C2) per mark
 *   Star Battle   stars(M); region(R,C,G) for every cell in a region
 * The programs answer with x(R,C,V) (digits) or s(R,C) (stars).  The
 * facts are written only (gridcnf does not read them back).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "strbuf.h"

static void quads(gc_strbuf *b, const json_t *rec, const char *key,
                  const char *fact) {
  const json_t *a = json_object_get(rec, key);
  for (size_t k = 0; k < json_array_size(a); k++) {
    const json_t *e = json_array_get(a, k);
    gc_sb_printf(b, "%s(%d,%d,%d,%d).\n", fact,
                 (int)json_integer_value(json_array_get(e, 0)),
                 (int)json_integer_value(json_array_get(e, 1)),
                 (int)json_integer_value(json_array_get(e, 2)),
                 (int)json_integer_value(json_array_get(e, 3)));
  }
}

static char *asp_write(const json_t *rec, gc_error *err) {
  const char *g = gc_rec_genre(rec);
  int n = gc_rec_n(rec);
  int *m = n ? malloc((size_t)(n * n) * sizeof *m) : NULL;
  if (!m) {
    gc_error_set(err, n ? GC_E_NOMEM : GC_E_INTERNAL, 0, 0,
                 n ? "out of memory" : "bad \"n\" in the record");
    return NULL;
  }
  gc_strbuf b = {0};
  const json_t *id = json_object_get(rec, "id");
  gc_sb_printf(&b, "%% gridcnf %s %dx%d", g, n, n);
  if (json_is_string(id)) {
    gc_sb_put(&b, " ");
    for (const char *p = json_string_value(id); *p; p++)
      gc_sb_putn(&b, *p == '\n' || *p == '\r' ? " " : p, 1);
  }
  gc_sb_printf(&b, ": clingo models/%s.lp THIS.lp\ngenre(%s).\nn(%d).\n", g, g,
               n);
  if (!strcmp(g, "starbattle")) {
    gc_sb_printf(&b, "stars(%d).\n", gc_rec_int(rec, "stars", 1));
    gc_rec_matrix(rec, "regions", n, m);
    for (int i = 0; i < n * n; i++)
      if (m[i] >= 0)
        gc_sb_printf(&b, "region(%d,%d,%d).\n", i / n, i % n, m[i]);
  } else {
    if (!strcmp(g, "skyscrapers")) {
      static const char *const side[4] = {"top", "bottom", "left", "right"};
      for (int k = 0; k < 4; k++) {
        gc_rec_ints(rec, side[k], n, m);
        for (int i = 0; i < n; i++)
          if (m[i])
            gc_sb_printf(&b, "clue(%s,%d,%d).\n", side[k], i, m[i]);
      }
      const json_t *boxes = json_object_get(rec, "boxes");
      if (json_array_size(boxes) == 2)
        gc_sb_printf(&b, "box(%d,%d).\n",
                     (int)json_integer_value(json_array_get(boxes, 0)),
                     (int)json_integer_value(json_array_get(boxes, 1)));
    }
    gc_rec_matrix(rec, "givens", n, m);
    for (int i = 0; i < n * n; i++)
      if (m[i])
        gc_sb_printf(&b, "given(%d,%d,%d).\n", i / n, i % n, m[i]);
    quads(&b, rec, "lt", "lt");
    if (json_is_array(json_object_get(rec, "adjacent"))) {
      gc_sb_put(&b, "adjacent.\n");
      quads(&b, rec, "adjacent", "adj");
    }
  }
  free(m);
  char *out = gc_fmt_finish(&b, err);
  if (out && *out)
    out[strlen(out) - 1] = 0; /* the caller ends the line */
  return out;
}

static const char *const asp_aliases[] = {"clingo", NULL};

const gc_format gc_format_asp = {
    .name = "asp",
    .aliases = asp_aliases,
    .summary = "(written only) facts for clingo and models/*.lp: 'n(6). "
               "clue(top,3,4). given(0,2,5).'",
    .genres = "skyscrapers, futoshiki, starbattle",
    .order = 90,
    .write = asp_write,
};
