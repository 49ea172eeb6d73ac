/*
 * futoshiki.c: Futoshiki, also known as Unequal.  An n x n grid holds a
 * Latin square of 1..n; some digits are given, and signs between
 * orthogonally neighbouring cells say which of the two is the smaller.
 *
 * Text notation (the samples of seed 002):
 *     futoshiki              optional header; may add the size ("futoshiki 5")
 *     0 0<0 0<0              a row: n cells separated by one space, or by a
 *         ^                    '<' / '>' in place of that space
 *     0 0>0 0 0              between two rows: a blank line (no vertical
 *                              signs) or a line of '^' (upper < lower) and
 *     0<0 0 0 0                'v' (upper > lower), each sign standing in
 *     v ^                      the column of the digit(s) of its cell in
 *     0 0 0<0<0                the row above
 * 0 or '.' is an empty cell, and 'V' reads as 'v'.  For n >= 10 the cells
 * are numbers 1..n that may take two characters; they are still separated
 * by a space or a sign (more spaces are allowed), and a '^' / 'v' may stand
 * under any digit of its cell.  Align with spaces, not tabs.  A grid of
 * digits and spaces only (no sign at all) looks like Skyscrapers to the
 * genre sniffer: start it with a "futoshiki" header line or read it with
 * --genre futoshiki.
 * Signs both ways between two cells (possible in JSON, and unsolvable)
 * cannot be drawn as one sign: the grid shows one and a line after the grid
 * states the other, "also r1c2 < r1c1" (1-based cells).
 * Rendering writes this notation with a "futoshiki" header, right-aligning
 * the numbers for n >= 10 and putting each '^' / 'v' under the last digit
 * of its cell; for signs both ways it draws '<' / '^' and writes the other
 * sign as an "also" line.  The notation is read and written in
 * futoshiki_text.c.
 * JSON: givens (n x n, 0 = empty) and lt, a list of [r1, c1, r2, c2]
 * (0-based) meaning cell (r1, c1) < cell (r2, c2), as in the corpus; both
 * keys are optional, n is "n" or the size of "givens".
 *
 * Adjacent mode (Tatham's Unequal with the Adjacent option, futoshiki_
 * adjacent.c): instead of signs, marks between neighbouring cells; marked
 * neighbours hold consecutive digits (they differ by 1), unmarked
 * neighbours do not, so every pair of neighbours says something.  JSON:
 * "adjacent", a list of [r1, c1, r2, c2] marks (its presence, even empty,
 * selects the mode; no "lt" with it).  Text: a "futoshiki adjacent"
 * header, '|' between two cells of a row, '-' under a cell for the cell
 * below.
 *
 * What is an error and what is merely unsolvable:
 *   - a digit given twice in a row or column: GC_E_CONTRADICTION, at the
 *     second of the two;
 *   - an lt entry that is not 4 integers (GC_E_SHAPE / GC_E_SYNTAX), with a
 *     coordinate outside 0..n-1 (GC_E_RANGE) or joining two cells that are
 *     not orthogonal neighbours (GC_E_SHAPE); in text, a sign that stands
 *     under no cell, before the first or after the last cell or row
 *     (GC_E_SHAPE), a stray character (GC_E_SYNTAX), rows of different
 *     lengths or a grid that is not square, e.g. cut off (GC_E_SHAPE);
 *   - a given that breaks a sign, signs that contradict each other (a < b
 *     and b < a) or run in a cycle (a < b < c < d < a): no error, the
 *     solver answers "none".  Unit propagation alone refutes these: every
 *     sign lifts a lower bound by one, so a cycle lifts them past n.
 *
 * Encoding (encodings.md section 5): one-hot cells and the extended Latin
 * square, the givens as units, and for each a < b the support clauses
 *     (a = v) -> OR_{w > v} (b = w)     (b = v) -> OR_{w < v} (a = w)
 * for v = 1..n: 2n clauses, two of them units (a != n, b != 1).  Unit
 * propagation on them is arc consistency on the pair (Gent, ECAI 2002),
 * which for the monotone '<' is also bounds consistency.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../encoder/latin.h"
#include "../encoder/order.h"
#include "../formats/strbuf.h"
#include "futoshiki.h"
#include "svg.h"

int gc_futo_alloc(gc_puzzle *pz, int n, gc_error *err) {
  size_t nn = (size_t)n * (size_t)n;
  futo *f = gc_calloc(1, sizeof *f + nn * sizeof(int) + 2 * nn, err);
  if (!f)
    return -1;
  f->givens = (int *)(f + 1);
  f->h = (unsigned char *)(f->givens + nn);
  f->v = f->h + nn;
  pz->n = n;
  pz->data = f;
  return 0;
}

unsigned char *gc_futo_slot(futo *f, int n, int r1, int c1, int r2, int c2) {
  if (r1 == r2)
    return &f->h[r1 * n + (c1 < c2 ? c1 : c2)];
  return &f->v[(r1 < r2 ? r1 : r2) * n + c1];
}

void gc_futo_add_lt(futo *f, int n, int r1, int c1, int r2, int c2) {
  *gc_futo_slot(f, n, r1, c1, r2, c2) |=
      (r1 == r2 ? c1 < c2 : r1 < r2) ? REL_LT : REL_GT;
}

int gc_futo_earlier_twin(int n, const int *g, int r, int c, int *r1, int *c1) {
  int v = g[r * n + c];
  if (!v)
    return 0;
  for (int k = 0; k < r; k++)
    if (g[k * n + c] == v) {
      *r1 = k, *c1 = c;
      return 1;
    }
  for (int k = 0; k < c; k++)
    if (g[r * n + k] == v) {
      *r1 = r, *c1 = k;
      return 1;
    }
  return 0;
}

/*------------------------------------------------------------------------*/
/* JSON                                                                    */

int gc_futo_json_pair(const gc_jctx *cx, const json_t *e, const char *key,
                      int idx, int n, const char *sym, const char *noun,
                      int x[4], gc_error *err) {
  static const char *const coord[4] = {"row", "column", "row", "column"};
  int mark = !strcmp(noun, "mark");
  if (!json_is_array(e) || json_array_size(e) != 4) {
    if (json_is_array(e))
      gc_jerr(cx, err, GC_E_SHAPE, key, idx, -1,
              "expected 4 integers [r1, c1, r2, c2], got %zu entries",
              json_array_size(e));
    else
      gc_jerr(cx, err, GC_E_SHAPE, key, idx, -1,
              "expected %s[r1, c1, r2, c2], got %s", mark ? "a mark " : "",
              gc_json_type_name(e));
    return -1;
  }
  for (int j = 0; j < 4; j++) {
    const json_t *v = json_array_get(e, (size_t)j);
    if (!json_is_integer(v)) {
      gc_jerr(cx, err, GC_E_SYNTAX, key, idx, j,
              "expected an integer %s, got %s", coord[j], gc_json_type_name(v));
      return -1;
    }
    json_int_t val = json_integer_value(v);
    if (val < 0 || val >= n) {
      gc_jerr(cx, err, GC_E_RANGE, key, idx, j,
              "%s %lld is out of range 0..%d (0-based)", coord[j],
              (long long)val, n - 1);
      return -1;
    }
    x[j] = (int)val;
  }
  int dr = x[0] - x[2], dc = x[1] - x[3];
  if (dr * dr + dc * dc != 1) {
    gc_jerr(cx, err, GC_E_SHAPE, key, idx, -1,
            "r%dc%d %s r%dc%d %s cells that are not orthogonal neighbours "
            "(a %s stands between two adjacent cells)",
            x[0] + 1, x[1] + 1, sym, x[2] + 1, x[3] + 1,
            mark ? "marks" : "joins", noun);
    return -1;
  }
  return 0;
}

static int parse_lt_json(const json_t *rec, const gc_jctx *cx, int n, futo *f,
                         gc_error *err) {
  const json_t *lt = json_object_get(rec, "lt");
  if (!lt || json_is_null(lt))
    return 0;
  if (!json_is_array(lt)) {
    gc_jerr(cx, err, GC_E_SHAPE, "lt", -1, -1,
            "expected an array of [r1, c1, r2, c2] entries, got %s",
            gc_json_type_name(lt));
    return -1;
  }
  for (size_t i = 0; i < json_array_size(lt); i++) {
    int idx = i > 1000000000 ? 1000000000 : (int)i, x[4];
    if (gc_futo_json_pair(cx, json_array_get(lt, i), "lt", idx, n, "<", "sign",
                          x, err))
      return -1;
    gc_futo_add_lt(f, n, x[0], x[1], x[2], x[3]);
  }
  return 0;
}

static int futo_parse_json(const json_t *rec, const gc_jctx *cx, gc_puzzle *pz,
                           gc_error *err) {
  int n;
  if (gc_json_size(cx, rec, "givens", FUTO_MAX_N, "futoshiki", &n, err) ||
      gc_futo_alloc(pz, n, err))
    return -1;
  futo *f = pz->data;
  if (gc_json_matrix(cx, rec, "givens", n, 0, n, f->givens, err) < 0)
    return -1;
  for (int r2 = 0; r2 < n; r2++)
    for (int c2 = 0; c2 < n; c2++) {
      int r1, c1;
      if (gc_futo_earlier_twin(n, f->givens, r2, c2, &r1, &c1)) {
        gc_jerr(cx, err, GC_E_CONTRADICTION, "givens", r2, c2,
                "%d is given twice in %s %d (r%dc%d and r%dc%d)",
                f->givens[r2 * n + c2], r1 == r2 ? "row" : "column",
                r1 == r2 ? r1 + 1 : c1 + 1, r1 + 1, c1 + 1, r2 + 1, c2 + 1);
        return -1;
      }
    }
  return parse_lt_json(rec, cx, n, f, err) ||
                 gc_futo_adj_parse_json(rec, cx, n, f, err)
             ? -1
             : 0;
}

/*------------------------------------------------------------------------*/
/* Encoding                                                                */


static int futo_encode(const gc_puzzle *pz, gc_cnf *cnf, gc_error *err) {
  (void)err;
  const futo *f = pz->data;
  int n = pz->n;
  int first = gc_latin_block(cnf, n);
  if (!first)
    return -1;
  gc_latin_encode(cnf, first, n);
  gc_latin_givens(cnf, first, n, f->givens);
  int a[FUTO_MAX_N], b[FUTO_MAX_N];
  int k = 0; /* the index in "lt" of the JSON record (futo_to_json) */
  FOR_EACH_LT(f, n, lo, hi, {
    gc_cnf_group(cnf, "lt", k++, -1, "r%dc%d < r%dc%d", lo / n + 1, lo % n + 1,
                 hi / n + 1, hi % n + 1);
    for (int v = 1; v <= n; v++) {
      a[v - 1] = gc_latin_var(first, n, lo / n, lo % n, v);
      b[v - 1] = gc_latin_var(first, n, hi / n, hi % n, v);
    }
    gc_enc_less_support(cnf, a, b, n);
  })
  if (f->adjacent)
    gc_futo_adj_encode(f, n, cnf, first);
  gc_cnf_group_end(cnf);
  return gc_cnf_status(cnf) ? -1 : 0;
}

/*------------------------------------------------------------------------*/
/* Checking                                                                */

static void futo_givens(const gc_puzzle *pz, int *cell) {
  const futo *d = pz->data;
  for (int i = 0; i < pz->n * pz->n; i++)
    cell[i] = d->givens[i] ? d->givens[i] : GC_EMPTY;
}

static void futo_check(const gc_puzzle *pz, const gc_grid *g, int partial,
                       gc_report *rep) {
  const futo *f = pz->data;
  int n = pz->n;
  const int *x = g->cell;
  if (gc_report_digits(rep, n, x, f->givens, 1, n, partial, "a digit") ||
      gc_report_repeats(rep, n, x, 0, 0))
    return;
  FOR_EACH_LT(f, n, lo, hi, {
    if (x[lo] >= 1 && x[lo] <= n && x[hi] >= 1 && x[hi] <= n &&
        x[lo] >= x[hi] &&
        gc_broken(rep, "r%dc%d < r%dc%d is violated (%d %s %d)", lo / n + 1,
                  lo % n + 1, hi / n + 1, hi % n + 1, x[lo],
                  x[lo] == x[hi] ? "=" : ">", x[hi]))
      return;
  })
  if (f->adjacent)
    gc_futo_adj_check(f, n, x, rep);
}

/*------------------------------------------------------------------------*/
/* Pictures                                                                */

/* One chevron of a sign centred on (cx, cy) whose point shows the smaller
   side: dx, dy is the direction from the point to the open end. */
static void futo_chevron(gc_strbuf *b, const char *cls, double cx, double cy,
                         int dx, int dy) {
  const double w = 4, h = 7; /* half depth, half opening */
  double xy[6] = {cx + dx * w - dy * h, cy + dy * w - dx * h, cx - dx * w,
                  cy - dy * w,          cx + dx * w + dy * h, cy + dy * w + dx * h};
  gc_svg_polyline(b, cls, xy, 3);
}

/* The picture: every cell its own box, the signs as chevrons in the gaps
   ('<' / '>' across, the same turned upright down the grid), givens in
   black, solved digits in the solution colour.  Signs both ways between
   two cells (unsolvable) are drawn as both chevrons, one beside the other
   along the gap. */
static char *futo_picture(const gc_puzzle *pz, const gc_grid *g,
                          const gc_step *st) {
  const futo *f = pz->data;
  int n = pz->n;
  const double pitch = 50, gap = 16, pad = 8;
  int side = (int)(n * pitch + 2 * pad);
  char title[200], legend[400];
  gc_svg_title(title, sizeof title, pz->id, "Futoshiki", n);
  if (f->adjacent)
    snprintf(legend, sizeof legend,
             "Write 1 to %d once in every row and column. Two cells with a "
             "bar between them hold consecutive numbers; two without one "
             "do not.%s",
             n, g ? " The solution is in blue." : "");
  else
    snprintf(legend, sizeof legend,
             "Write 1 to %d once in every row and column. Every sign between "
             "two cells holds: it points at the smaller number.%s",
             n, g ? " The solution is in blue." : "");
  gc_strbuf b = {0};
  gc_svg_page pg;
  gc_svg_page_begin(&b, &pg, side, side, title, legend);
  const double x0 = pg.dx + pad, y0 = pg.dy + pad;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      gc_svg_rect(&b, "cell", x0 + c * pitch + gap / 2, y0 + r * pitch + gap / 2,
                  pitch - gap, pitch - gap);
  if (st)
    gc_svg_step_cells(&b, st, n, x0, y0, pitch, gap / 2 + 1, NULL, 0, 0);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      double mx = x0 + (c + 0.5) * pitch, my = y0 + (r + 0.5) * pitch;
      unsigned char h = c + 1 < n ? f->h[r * n + c] : 0;
      unsigned char v = r + 1 < n ? f->v[r * n + c] : 0;
      double hx = x0 + (c + 1) * pitch, vy = y0 + (r + 1) * pitch;
      /* Both ways: the two signs one beside the other along the gap. */
      double off = h == (REL_LT | REL_GT) ? 8 : 0;
      if (h & REL_LT) /* (r,c) < (r,c+1): '<' */
        futo_chevron(&b, "sign", hx, my - off, 1, 0);
      if (h & REL_GT)
        futo_chevron(&b, "sign", hx, my + off, -1, 0);
      off = v == (REL_LT | REL_GT) ? 8 : 0;
      if (v & REL_LT) /* upper < lower: the point up */
        futo_chevron(&b, "sign", mx - off, vy, 0, 1);
      if (v & REL_GT)
        futo_chevron(&b, "sign", mx + off, vy, 0, -1);
    }
  if (f->adjacent)
    gc_futo_adj_svg(f, n, &b, x0, y0, pitch, gap);
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int d = f->givens[r * n + c];
      const char *cls = "given";
      if (!d && g && g->cell[r * n + c] >= 1 && g->cell[r * n + c] <= n)
        d = g->cell[r * n + c], cls = "solution";
      if (d)
        gc_svg_number(&b, cls, x0 + (c + 0.5) * pitch, y0 + (r + 0.5) * pitch,
                      (pitch - gap) * (n >= 10 ? 0.5 : 0.65), d);
    }
  for (size_t i = 0; st && i < st->nreason; i++) {
    const gc_item *it = &st->reason[i];
    if (it->kind == GC_ITEM_MARK) { /* the pair's gap, marked or not */
      double half = (pitch - gap) / 2 - 6;
      if (it->row == it->row2) {
        double x = x0 + (it->col2) * pitch, y = y0 + (it->row + 0.5) * pitch;
        gc_svg_line(&b, "reason-sign", x, y - half, x, y + half);
      } else {
        double x = x0 + (it->col + 0.5) * pitch, y = y0 + (it->row2) * pitch;
        gc_svg_line(&b, "reason-sign", x - half, y, x + half, y);
      }
      continue;
    }
    if (it->kind != GC_ITEM_SIGN)
      continue;
    /* the sign again, over the first: the point at the smaller cell */
    int lo = it->row * n + it->col, hi = it->row2 * n + it->col2;
    int down = it->row != it->row2, first = lo < hi ? lo : hi;
    int r = first / n, c = first % n;
    unsigned char both = (down ? f->v : f->h)[first];
    double off = both == (REL_LT | REL_GT) ? (lo < hi ? -8 : 8) : 0;
    if (down)
      futo_chevron(&b, "reason-sign", x0 + (c + 0.5) * pitch + off,
                   y0 + (r + 1) * pitch, 0, lo < hi ? 1 : -1);
    else
      futo_chevron(&b, "reason-sign", x0 + (c + 1) * pitch,
                   y0 + (r + 0.5) * pitch + off, lo < hi ? 1 : -1, 0);
  }
  if (st)
    gc_svg_step_elim(&b, st, x0, y0, pitch, gap / 2);
  gc_svg_page_end(&b, &pg);
  return gc_sb_finish(&b);
}

static char *futo_svg(const gc_puzzle *pz, const gc_grid *g) {
  return futo_picture(pz, g, NULL);
}

static char *futo_svg_step(const gc_puzzle *pz, const gc_grid *g,
                           const gc_step *st) {
  return futo_picture(pz, g, st);
}

static int futo_clue(gc_puzzle *pz, const gc_puzzle *src, const gc_group *g,
                     int on) {
  futo *f = pz->data;
  const futo *s = src->data;
  int n = src->n;
  if (!strcmp(g->key, "givens") && g->i >= 0 && g->i < n && g->j >= 0 &&
      g->j < n) {
    int c = g->i * n + g->j;
    f->givens[c] = on ? s->givens[c] : 0;
    return 0;
  }
  if (strcmp(g->key, "lt") || g->i < 0)
    return -1;
  int k = 0; /* the sign g->i of src, in "lt" order */
  FOR_EACH_LT(s, n, lo, hi, {
    if (k++ == g->i) {
      int r1 = lo / n, c1 = lo % n, r2 = hi / n, c2 = hi % n;
      unsigned char *slot = gc_futo_slot(f, n, r1, c1, r2, c2);
      unsigned char bit = (r1 == r2 ? c1 < c2 : r1 < r2) ? REL_LT : REL_GT;
      *slot = (unsigned char)(on ? *slot | bit : *slot & ~bit);
      return 0;
    }
  })
  return -1;
}

static json_t *futo_to_json(const gc_puzzle *pz) {
  const futo *f = pz->data;
  int n = pz->n;
  json_t *o = json_object(), *lt = json_array();
  if (!o || !lt) {
    json_decref(o);
    json_decref(lt);
    return NULL;
  }
  json_object_set_new(o, "givens", gc_json_int_matrix(f->givens, n));
  FOR_EACH_LT(f, n, lo, hi, {
    json_array_append_new(lt, json_pack("[iiii]", lo / n, lo % n, hi / n, hi % n));
  })
  if (f->adjacent) { /* Adjacent puzzles have no signs: the marks instead */
    json_decref(lt);
    json_object_set_new(o, "adjacent", gc_futo_adj_json(f, n));
  } else
    json_object_set_new(o, "lt", lt);
  return o;
}

/* A random Latin square, every digit given and every sign between
   neighbours: the shared generator removes what is not needed, givens and
   signs mixed in one random order. */
static int futo_generate(gc_puzzle *pz, const gc_gen_params *p, gc_gen_ctx *gx,
                         gc_error *err) {
  int n = p->n;
  if (n < 1 || n > FUTO_MAX_N) {
    gc_error_set(err, GC_E_RANGE, 0, 0,
                 "futoshiki grids go from 1 to %d, not %d", FUTO_MAX_N, n);
    return -1;
  }
  if (p->box_rows || p->box_cols || p->stars > 1) {
    gc_error_set(err, GC_E_RANGE, 0, 0, "futoshiki has no boxes and no stars");
    return -1;
  }
  if (gc_futo_alloc(pz, n, err) || gc_grid_init(&pz->known, n)) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  futo *f = pz->data;
  const int *x = pz->known.cell;
  if (gc_random_latin(gx->rng, n, 0, 0, pz->known.cell))
    return 2;
  memcpy(f->givens, x, (size_t)(n * n) * sizeof(int));
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      if (c + 1 < n) {
        if (x[r * n + c] < x[r * n + c + 1])
          gc_futo_add_lt(f, n, r, c, r, c + 1);
        else
          gc_futo_add_lt(f, n, r, c + 1, r, c);
      }
      if (r + 1 < n) {
        if (x[r * n + c] < x[(r + 1) * n + c])
          gc_futo_add_lt(f, n, r, c, r + 1, c);
        else
          gc_futo_add_lt(f, n, r + 1, c, r, c);
      }
    }
  gx->givens_first = 0;
  return 0;
}

static const char *const futo_aliases[] = {"unequal", "inequality", NULL};

static const char *const futo_keys[] = {"givens", "lt", "adjacent", NULL};

const gc_genre gc_genre_futoshiki = {
    .name = "futoshiki",
    .aliases = futo_aliases,
    .summary = "Latin square; '<' and '>' signs between neighbouring cells "
               "(Unequal)",
    .max_n = FUTO_MAX_N,
    .cells = GC_CELLS_ONE_HOT,
    .json_keys = futo_keys,
    .parse_json = futo_parse_json,
    .parse_text = gc_futo_parse_text,
    .sniff_text = gc_futo_sniff,
    .encode = futo_encode,
    .check = futo_check,
    .givens = futo_givens,
    .render = gc_futo_render,
    .draw = gc_futo_draw,
    .svg = futo_svg,
    .svg_step = futo_svg_step,
    .to_json = futo_to_json,
    .generate = futo_generate,
    .clue = futo_clue,
    .steps = &gc_steps_futoshiki,
    .free_data = free,
};
