/*
 * dzn.c: MiniZinc data files (.dzn), read and written.
 *
 * Reading takes the data of the models that ship with gridcnf (models/,
 * written by `convert --to dzn`) and the Star Battle data published with
 * MiniZinc models, e.g. KR-Project-Group-3/starbattle-mini-zinc
 * data/data0.dzn:
 *     num_stars = 1;
 *     dim = 5;
 *     sectors = [|
 *     1, 2, 2, 2, 2|
 *     ...
 *     4, 4, 5, 5, 3|
 *     ];
 * A file is a list of assignments "name = value;" ('%' comments and C-style
 * block comments are skipped): integers, true / false, arrays [1, 2, 3], 2D arrays
 * [| 1, 2 | 3, 4 |] or array2d(1..2, 1..2, [1, 2, 3, 4]).  The names say
 * the genre:
 *   Star Battle   num_stars, dim, sectors (n x n, regions numbered from 1;
 *                 0 = a cell in no region, gridcnf's extension)
 *   Skyscrapers   n, top, bottom (columns left to right), left, right (rows
 *                 top to bottom; 0 = no clue), givens (n x n, 0 = empty),
 *                 ba, bb (Sudoku boxes of ba rows by bb columns; 0 = none)
 *   Futoshiki     n, givens, nlt and r1, c1, r2, c2 (cell (r1[k], c1[k]) <
 *                 cell (r2[k], c2[k]), 1-based), adjacent (Adjacent mode:
 *                 true / false), adj_right (n x n-1: 1 = the cell and the
 *                 one to its right hold consecutive digits), adj_down
 *                 (n-1 x n, the cell below)
 * Several puzzles may follow one another: a puzzle ends where a name it
 * has already assigned is assigned again, or one of another genre's.  A name the genre does not know,
 * or an absent value (<>), is an error.
 *
 * Writing (dzn_write.c) gives these assignments (all of them, so that the
 * models find every parameter) after a comment line naming the puzzle; it
 * can hold every puzzle of the three genres.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dzn.h"
#include "format.h"
#include "strbuf.h"

#define DZN_MAX_VALS 32

typedef struct dval {
  char name[32];
  size_t at, vat;  /* offsets of the name and of the value */
  int is_bool;     /* true / false */
  int dims;        /* 0 scalar, 1 or 2 (array) */
  long v;          /* scalar */
  int rows, cols;  /* dims 1: rows == 1 */
  long *a;         /* elements, row-major */
  size_t *pos;     /* their offsets */
} dval;

typedef struct dzn {
  const gc_fmt_in *in;
  gc_error *err;
  size_t p;
  dval val[DZN_MAX_VALS];
  int nval;
} dzn;

static int is_ident0(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static int is_ident(char c) { return is_ident0(c) || (c >= '0' && c <= '9'); }

/* White space and comments from p on. */
static size_t skip(const char *s, size_t len, size_t p) {
  while (p < len) {
    char c = s[p];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v')
      p++;
    else if (c == '%') {
      while (p < len && s[p] != '\n')
        p++;
    } else if (c == '/' && p + 1 < len && s[p + 1] == '*') {
      size_t q = p + 2;
      while (q + 1 < len && !(s[q] == '*' && s[q + 1] == '/'))
        q++;
      p = q + 1 < len ? q + 2 : len;
    } else
      break;
  }
  return p;
}

static int peek(dzn *d) {
  d->p = skip(d->in->text, d->in->len, d->p);
  return d->p < d->in->len ? (unsigned char)d->in->text[d->p] : -1;
}

/* An error at offset at: FAIL(d, code, at, printf format, ...) is -1. */
#define FAIL(d, code, at, ...)                                                 \
  (gc_fmt_err((d)->in, (d)->err, code, at, __VA_ARGS__), -1)

/* "expected WANT, got WHAT" at offset at. */
static int got(dzn *d, gc_code code, size_t at, const char *want) {
  char what[32];
  gc_fmt_what(d->in->text, d->in->len, at, what, sizeof what);
  return FAIL(d, code, at, "expected %s, got %s", want, what);
}

static int expect(dzn *d, char want, const char *where) {
  if (peek(d) == want) {
    d->p++;
    return 0;
  }
  char w[120];
  snprintf(w, sizeof w, "'%c' %s", want, where);
  return got(d, GC_E_SYNTAX, d->p, w);
}

/* An integer (optionally negative) at the cursor. */
static int integer(dzn *d, long *v, size_t *at, const char *where) {
  const char *s = d->in->text;
  size_t len = d->in->len;
  peek(d);
  *at = d->p;
  size_t q = d->p;
  int neg = q < len && s[q] == '-';
  if (neg)
    q++;
  if (q + 1 < len && s[q] == '<' && s[q + 1] == '>')
    return FAIL(d, GC_E_SYNTAX, d->p,
                "an absent value '<>' %s: gridcnf reads complete puzzles only",
                where);
  if (!gc_fmt_number(s, len, &q, v)) {
    char w[120];
    snprintf(w, sizeof w, "an integer %s", where);
    return got(d, GC_E_SYNTAX, d->p, w);
  }
  if (neg)
    *v = -*v;
  d->p = q;
  return 0;
}

static int push(dval *x, long v, size_t at, int *cap) {
  int n = x->rows * x->cols;
  if (n == *cap) {
    int c2 = *cap ? 2 * *cap : 64;
    long *a = realloc(x->a, (size_t)c2 * sizeof *a);
    if (a)
      x->a = a;
    size_t *pos = realloc(x->pos, (size_t)c2 * sizeof *pos);
    if (pos)
      x->pos = pos;
    if (!a || !pos)
      return -1;
    *cap = c2;
  }
  x->a[n] = v;
  x->pos[n] = at;
  return 0;
}

/* "[v, v, ...]" (the '[' is at the cursor): appended to x as one row of
   its own when row, else to the one row. */
static int list(dzn *d, dval *x, int *cap) {
  if (expect(d, '[', "to open a list"))
    return -1;
  if (peek(d) == ']') {
    d->p++;
    return 0;
  }
  for (;;) {
    long v;
    size_t at;
    if (integer(d, &v, &at, "in a list"))
      return -1;
    if (x->rows * x->cols >= DZN_MAX_N * DZN_MAX_N)
      return FAIL(d, GC_E_TOO_LARGE, at, "a list longer than %d entries",
                  DZN_MAX_N * DZN_MAX_N);
    if (push(x, v, at, cap)) {
      gc_error_set(d->err, GC_E_NOMEM, d->in->line, 0, "out of memory");
      return -1;
    }
    x->cols++;
    int c = peek(d);
    if (c == ',') {
      d->p++;
      if (peek(d) == ']') { /* a final comma */
        d->p++;
        return 0;
      }
      continue;
    }
    if (c == ']') {
      d->p++;
      return 0;
    }
    return got(d, GC_E_SYNTAX, d->p, "',' or ']' after an entry of a list");
  }
}

/* "[| a, b | c, d |]" from the '[' on. */
static int matrix(dzn *d, dval *x, int *cap) {
  d->p++; /* '[' */
  peek(d);
  d->p++; /* '|', perhaps after white space */
  x->dims = 2;
  x->rows = x->cols = 0;
  int width = -1;
  if (peek(d) == ']') { /* [| |] */
    d->p++;
    x->cols = 0;
    return 0;
  }
  for (;;) {
    int in_row = 0;
    size_t row_at = d->p;
    while (peek(d) != '|') {
      long v;
      size_t at;
      if (in_row && expect(d, ',', "between the entries of a row (rows end "
                                   "with '|')"))
        return -1;
      if (in_row && peek(d) == '|')
        break; /* a final comma */
      if (integer(d, &v, &at, "in a row of a 2D array"))
        return -1;
      int k = x->rows * (width < 0 ? 0 : width) + in_row;
      if (k >= DZN_MAX_N * DZN_MAX_N)
        return FAIL(d, GC_E_TOO_LARGE, at, "a 2D array of more than %d entries",
                    DZN_MAX_N * DZN_MAX_N);
      int save = x->cols;
      x->cols = 1; /* push counts rows * cols */
      int saved_rows = x->rows;
      x->rows = k;
      int bad = push(x, v, at, cap);
      x->rows = saved_rows;
      x->cols = save;
      if (bad) {
        gc_error_set(d->err, GC_E_NOMEM, d->in->line, 0, "out of memory");
        return -1;
      }
      in_row++;
    }
    if (width < 0)
      width = in_row;
    else if (in_row != width) {
      return FAIL(d, GC_E_SHAPE, row_at, "row %d has %d entries, row 1 has %d",
                  x->rows + 1, in_row, width);
    }
    x->rows++;
    d->p++; /* '|' */
    if (peek(d) == ']') {
      d->p++;
      x->cols = width;
      return 0;
    }
  }
}

/* "array2d(a..b, c..d, [list])" or "array1d(a..b, [list])". */
static int array_nd(dzn *d, dval *x, int *cap, int two) {
  const char *s = d->in->text;
  d->p += 7;
  if (expect(d, '(', two ? "after array2d" : "after array1d"))
    return -1;
  long lo[2], hi[2];
  for (int k = 0; k < (two ? 2 : 1); k++) {
    size_t at;
    if (integer(d, &lo[k], &at, "as the first index of a range") ||
        (peek(d), d->p + 1 >= d->in->len || s[d->p] != '.' || s[d->p + 1] != '.'
                      ? got(d, GC_E_SYNTAX, d->p, "'..' in an index range")
                      : (d->p += 2, 0)) ||
        integer(d, &hi[k], &at, "as the last index of a range") ||
        expect(d, ',', "after an index range"))
      return -1;
  }
  size_t at = d->p;
  if (list(d, x, cap) || expect(d, ')', "to close the array"))
    return -1;
  long want = 1;
  for (int k = 0; k < (two ? 2 : 1); k++)
    want *= hi[k] >= lo[k] ? hi[k] - lo[k] + 1 : 0;
  if (want != x->cols) {
    return FAIL(d, GC_E_SHAPE, at,
                "the array needs %ld entries for its index ranges, has %d",
                want, x->cols);
  }
  x->dims = two ? 2 : 1;
  if (two) {
    x->rows = (int)(hi[0] >= lo[0] ? hi[0] - lo[0] + 1 : 0);
    x->cols = (int)(hi[1] >= lo[1] ? hi[1] - lo[1] + 1 : 0);
  }
  return 0;
}

static int value(dzn *d, dval *x) {
  const char *s = d->in->text;
  size_t len = d->in->len;
  int cap = 0;
  int c = peek(d);
  x->vat = d->p;
  if (c == '[') {
    size_t q = skip(s, len, d->p + 1);
    if (q < len && s[q] == '|')
      return matrix(d, x, &cap);
    x->dims = 1;
    x->rows = 1;
    return list(d, x, &cap);
  }
  if (len - d->p >= 7 && (!memcmp(s + d->p, "array2d", 7) ||
                          !memcmp(s + d->p, "array1d", 7))) {
    x->rows = 1;
    return array_nd(d, x, &cap, s[d->p + 5] == '2');
  }
  if (len - d->p >= 4 && !memcmp(s + d->p, "true", 4) &&
      (len - d->p == 4 || !is_ident(s[d->p + 4]))) {
    x->is_bool = 1, x->v = 1, d->p += 4;
    return 0;
  }
  if (len - d->p >= 5 && !memcmp(s + d->p, "false", 5) &&
      (len - d->p == 5 || !is_ident(s[d->p + 5]))) {
    x->is_bool = 1, x->v = 0, d->p += 5;
    return 0;
  }
  size_t at;
  return integer(d, &x->v, &at, "as the value (a number, true, false or an "
                                "array)");
}

static void free_vals(dzn *d) {
  for (int i = 0; i < d->nval; i++) {
    free(d->val[i].a);
    free(d->val[i].pos);
  }
  d->nval = 0;
}

static const char *const sky_names[] = {"n", "top", "bottom", "left", "right",
                                        "givens", "ba", "bb", NULL};
static const char *const futo_names[] = {"n", "givens", "nlt", "r1", "c1",
                                         "r2", "c2", "adjacent", "adj_right",
                                         "adj_down", NULL};
static const char *const sb_names[] = {"num_stars", "dim", "sectors", NULL};
static const char *const *const genre_names[3] = {sky_names, futo_names,
                                                  sb_names};

static int known(const char *const *names, const char *name) {
  for (int i = 0; names[i]; i++)
    if (!strcmp(names[i], name))
      return 1;
  return 0;
}

/* Does the assignment to name (len bytes) start the next puzzle?  When
   the puzzle has assigned it already, or when every genre that knows the
   names so far lacks it and another genre has it (Star Battle data after
   Futoshiki data). */
static int next_puzzle(const dzn *d, const char *name, size_t len) {
  char nm[32];
  if (len >= sizeof nm)
    return 0;
  memcpy(nm, name, len);
  nm[len] = 0;
  int fits = 0, elsewhere = 0;
  for (int g = 0; g < 3; g++) {
    int all = 1;
    for (int i = 0; i < d->nval && all; i++)
      all = known(genre_names[g], d->val[i].name);
    if (all && known(genre_names[g], nm))
      fits = 1;
    else if (known(genre_names[g], nm))
      elsewhere = 1;
  }
  for (int i = 0; i < d->nval; i++)
    if (!strcmp(d->val[i].name, nm))
      return 1;
  return d->nval > 0 && !fits && elsewhere;
}

/* The assignments of one puzzle, up to the end or to the next puzzle's
   first (*used: where it starts).  0: nothing left; 1: some; -1: err. */
static int assignments(dzn *d, size_t *used) {
  const char *s = d->in->text;
  size_t len = d->in->len;
  for (;;) {
    int c = peek(d);
    if (c < 0)
      break;
    size_t at = d->p;
    if (!is_ident0((char)c))
      return got(d, GC_E_SYNTAX, at,
                 "a parameter's name and '=' (as in 'dim = 5;')");
    size_t q = at;
    while (q < len && is_ident(s[q]))
      q++;
    if (next_puzzle(d, s + at, q - at))
      break;
    if (d->nval == DZN_MAX_VALS || q - at >= sizeof d->val[0].name)
      return FAIL(d, GC_E_SHAPE, at,
                  "too many parameters (%d at most) or too long a name",
                  DZN_MAX_VALS);
    dval *x = &d->val[d->nval++];
    memset(x, 0, sizeof *x);
    memcpy(x->name, s + at, q - at);
    x->at = at;
    d->p = q;
    char where[64];
    snprintf(where, sizeof where, "after '%s'", x->name);
    if (expect(d, '=', where) || value(d, x))
      return -1;
    snprintf(where, sizeof where, "after the value of '%s'", x->name);
    if (peek(d) >= 0 && expect(d, ';', where))
      return -1;
  }
  *used = d->p;
  return d->nval > 0;
}

static dval *get(dzn *d, const char *name) {
  for (int i = 0; i < d->nval; i++)
    if (!strcmp(d->val[i].name, name))
      return &d->val[i];
  return NULL;
}

/*------------------------------------------------------------------------*/
/* From the assignments to a record                                        */

static int want_scalar(dzn *d, dval *x, int is_bool, long lo, long hi) {
  if (x->dims || x->is_bool != is_bool)
    return FAIL(d, GC_E_SHAPE, x->vat, "expected %s for '%s'",
                is_bool ? "true or false" : "a number", x->name);
  if (!is_bool && (x->v < lo || x->v > hi))
    return FAIL(d, GC_E_RANGE, x->vat, "%s = %ld is out of range %ld..%ld",
                x->name, x->v, lo, hi);
  return 0;
}

/* An array of rows x cols (rows 0: one-dimensional of cols). */
static int want_array(dzn *d, dval *x, int rows, int cols) {
  int ok = rows ? x->dims == 2 && x->rows == rows && x->cols == cols
                : x->dims == 1 && x->cols == cols;
  if (ok)
    return 0;
  if (rows)
    return FAIL(d, GC_E_SHAPE, x->vat,
                "expected '%s' to be a %d x %d 2D array ([| ... | ... |])",
                x->name, rows, cols);
  return FAIL(d, GC_E_SHAPE, x->vat, "expected '%s' to be a list of %d numbers",
              x->name, cols);
}

/* The genre the names say, or NULL with err. */
static const char *which_genre(dzn *d) {
  static const char *const sky_only[] = {"top", "bottom", "left", "right", "ba", "bb", NULL};
  static const char *const futo_only[] = {"nlt", "r1", "c1", "r2", "c2", "adjacent", "adj_right", "adj_down", NULL};
  const char *g = NULL;
  for (int i = 0; i < d->nval && !g; i++) {
    if (known(sb_names, d->val[i].name))
      g = "starbattle";
    else if (known(sky_only, d->val[i].name))
      g = "skyscrapers";
    else if (known(futo_only, d->val[i].name))
      g = "futoshiki";
  }
  if (!g && d->in->genre && (!strcmp(d->in->genre, "skyscrapers") ||
                             !strcmp(d->in->genre, "futoshiki")))
    g = d->in->genre;
  if (!g) {
    (void)FAIL(d, GC_E_SHAPE, d->nval ? d->val[0].at : 0,
         "cannot tell the genre of this data: Star Battle has num_stars, "
         "dim and sectors, Skyscrapers top, bottom, left and right, "
         "Futoshiki nlt and r1..c2 (or use --genre)");
    return NULL;
  }
  const char *const *names = !strcmp(g, "starbattle")    ? sb_names
                             : !strcmp(g, "skyscrapers") ? sky_names
                                                         : futo_names;
  for (int i = 0; i < d->nval; i++)
    if (!known(names, d->val[i].name)) {
      (void)FAIL(d, GC_E_SHAPE, d->val[i].at,
           "'%s' is not a parameter of %s data (README, \"MiniZinc data\")",
           d->val[i].name, g);
      return NULL;
    }
  return g;
}

/* The size: "n" (or "dim"), else the length of the first array there. */
static int size_of(dzn *d, const char *key, const char *infer, int *n) {
  dval *x = get(d, key);
  if (x) {
    if (want_scalar(d, x, 0, 1, DZN_MAX_N))
      return -1;
    *n = (int)x->v;
    return 0;
  }
  dval *y = get(d, infer);
  if (y && y->dims) {
    *n = y->dims == 2 ? y->rows : y->cols;
    if (*n >= 1 && *n <= DZN_MAX_N)
      return 0;
  }
  return FAIL(d, GC_E_SHAPE, d->nval ? d->val[0].at : 0,
              "no size: the data needs '%s' (or '%s' to tell it)", key, infer);
}

/* Sets rec[key] from an array value (0-based offsets shifted by add) and
   marks its entries. */
static void put(dzn *d, json_t *rec, const char *key, dval *x, int n, int two) {
  json_t *a = json_array();
  for (int i = 0; i < (two ? n : 1); i++) {
    json_t *row = two ? json_array() : a;
    for (int j = 0; j < n; j++) {
      int k = two ? i * n + j : j;
      json_array_append_new(row, json_integer(x->a[k]));
      gc_fmt_mark(d->in, key, two ? i : j, two ? j : -1, x->pos[k]);
    }
    if (two)
      json_array_append_new(a, row);
  }
  json_object_set_new(rec, key, a);
}

static json_t *star_battle(dzn *d) {
  int n;
  dval *m = get(d, "num_stars"), *sec = get(d, "sectors");
  if (!m)
    return (void)FAIL(d, GC_E_SHAPE, d->val[0].at,
                "Star Battle data needs 'num_stars' (stars per row, column "
                "and sector)"),
           NULL;
  if (!sec)
    return (void)FAIL(d, GC_E_SHAPE, d->val[0].at,
                "Star Battle data needs 'sectors' (n x n, numbered from 1)"),
           NULL;
  if (size_of(d, "dim", "sectors", &n) || want_scalar(d, m, 0, 1, DZN_MAX_N) ||
      want_array(d, sec, n, n))
    return NULL;
  json_t *rec = gc_rec_new("starbattle", n), *rows = json_array();
  json_object_set_new(rec, "stars", json_integer(m->v));
  gc_fmt_mark(d->in, "stars", -1, -1, m->vat);
  for (int i = 0; i < n; i++) {
    json_t *row = json_array();
    for (int j = 0; j < n; j++) {
      long v = sec->a[i * n + j];
      if (v < 0 || v > n) {
        json_decref(row);
        json_decref(rows);
        json_decref(rec);
        return (void)FAIL(d, GC_E_RANGE, sec->pos[i * n + j],
                    "sector %ld at r%dc%d is out of range 1..%d (0 = a cell "
                    "in no sector)",
                    v, i + 1, j + 1, n),
               NULL;
      }
      json_array_append_new(row, json_integer(v - 1));
      gc_fmt_mark(d->in, "regions", i, j, sec->pos[i * n + j]);
    }
    json_array_append_new(rows, row);
  }
  json_object_set_new(rec, "regions", rows);
  return rec;
}

static json_t *skyscrapers(dzn *d) {
  int n;
  if (size_of(d, "n", "top", &n))
    return NULL;
  static const char *const side[4] = {"top", "bottom", "left", "right"};
  for (int k = 0; k < 4; k++)
    if (get(d, side[k]) && want_array(d, get(d, side[k]), 0, n))
      return NULL;
  dval *gv = get(d, "givens"), *ba = get(d, "ba"), *bb = get(d, "bb");
  if ((gv && want_array(d, gv, n, n)) || (ba && want_scalar(d, ba, 0, 0, n)) ||
      (bb && want_scalar(d, bb, 0, 0, n)))
    return NULL;
  if ((ba && ba->v) != (bb && bb->v))
    return (void)FAIL(d, GC_E_SHAPE, (ba ? ba : bb)->at,
                "boxes need both 'ba' and 'bb' (rows and columns of a box), "
                "or neither"),
           NULL;
  json_t *rec = gc_rec_new("skyscrapers", n);
  for (int k = 0; k < 4; k++)
    if (get(d, side[k]))
      put(d, rec, side[k], get(d, side[k]), n, 0);
  if (gv)
    put(d, rec, "givens", gv, n, 1);
  if (ba && ba->v) {
    json_object_set_new(rec, "boxes", json_pack("[II]", (json_int_t)ba->v,
                                                (json_int_t)bb->v));
    gc_fmt_mark(d->in, "boxes", -1, -1, ba->vat);
  }
  return rec;
}

static json_t *futoshiki(dzn *d) {
  int n;
  if (size_of(d, "n", "givens", &n))
    return NULL;
  dval *gv = get(d, "givens"), *nlt = get(d, "nlt"), *adj = get(d, "adjacent");
  if ((gv && want_array(d, gv, n, n)) ||
      (nlt && want_scalar(d, nlt, 0, 0, 4 * n * n)) ||
      (adj && want_scalar(d, adj, 1, 0, 1)))
    return NULL;
  int count = nlt ? (int)nlt->v : 0;
  static const char *const coord[4] = {"r1", "c1", "r2", "c2"};
  dval *c[4];
  for (int k = 0; k < 4; k++) {
    c[k] = get(d, coord[k]);
    if (!c[k] && count)
      return (void)FAIL(d, GC_E_SHAPE, nlt->at, "nlt = %d needs r1, c1, r2 and c2",
                  count),
             NULL;
    if (c[k] && want_array(d, c[k], 0, count))
      return NULL;
    for (int i = 0; c[k] && i < count; i++)
      if (c[k]->a[i] < 1 || c[k]->a[i] > n) {
        return (void)FAIL(d, GC_E_RANGE, c[k]->pos[i],
                    "%s[%d] = %ld is out of range 1..%d (1-based)", coord[k],
                    i + 1, c[k]->a[i], n),
               NULL;
      }
  }
  dval *ar = get(d, "adj_right"), *ad = get(d, "adj_down");
  int adjacent = adj && adj->v;
  for (int k = 0; k < 2; k++) {
    dval *m = k ? ad : ar;
    if (!m)
      continue;
    if (k ? want_array(d, m, n - 1, n) : want_array(d, m, n, n - 1))
      return NULL;
    for (int i = 0; i < m->rows * m->cols; i++)
      if (m->a[i] < 0 || m->a[i] > 1 || (m->a[i] && !adjacent)) {
        return (void)FAIL(d, m->a[i] < 0 || m->a[i] > 1 ? GC_E_RANGE : GC_E_SHAPE,
                    m->pos[i], "%s holds %ld at r%dc%d: %s", m->name, m->a[i],
                    i / m->cols + 1, i % m->cols + 1,
                    m->a[i] < 0 || m->a[i] > 1 ? "a mark is 0 or 1"
                                               : "marks need adjacent = true"),
               NULL;
      }
  }
  json_t *rec = gc_rec_new("futoshiki", n);
  if (gv)
    put(d, rec, "givens", gv, n, 1);
  json_t *lt = json_array();
  for (int i = 0; i < count; i++) {
    json_array_append_new(lt, json_pack("[iiii]", (int)c[0]->a[i] - 1,
                                        (int)c[1]->a[i] - 1, (int)c[2]->a[i] - 1,
                                        (int)c[3]->a[i] - 1));
    gc_fmt_mark(d->in, "lt", i, -1, c[0]->pos[i]);
  }
  json_object_set_new(rec, "lt", lt);
  if (adjacent) {
    json_t *marks = json_array();
    for (int r = 0; r < n; r++)
      for (int col = 0; col < n; col++) {
        if (ar && col + 1 < n && ar->a[r * (n - 1) + col])
          json_array_append_new(marks, json_pack("[iiii]", r, col, r, col + 1));
        if (ad && r + 1 < n && ad->a[r * n + col])
          json_array_append_new(marks, json_pack("[iiii]", r, col, r + 1, col));
      }
    json_object_set_new(rec, "adjacent", marks);
    gc_fmt_mark(d->in, "adjacent", -1, -1, adj->vat);
    gc_fmt_mark(d->in, "lt", -1, -1, nlt ? nlt->vat : adj->vat);
  }
  return rec;
}

static int dzn_read(const gc_fmt_in *in, size_t *used, json_t **record,
                    gc_error *err) {
  dzn d;
  memset(&d, 0, sizeof d);
  d.in = in;
  d.err = err;
  *record = NULL;
  *used = in->len;
  int r = assignments(&d, used);
  if (r <= 0) {
    free_vals(&d);
    return r;
  }
  const char *g = which_genre(&d);
  json_t *rec = !g                          ? NULL
                : !strcmp(g, "starbattle")  ? star_battle(&d)
                : !strcmp(g, "skyscrapers") ? skyscrapers(&d)
                                            : futoshiki(&d);
  free_vals(&d);
  if (!rec)
    return -1;
  *record = rec;
  return 1;
}

/* "name =" of a known name after comments: 90; another "name = value;":
   50 (the reader then names what it does not know). */
static int dzn_sniff(const char *s, size_t len) {
  size_t p = skip(s, len, 0), at = p;
  while (p < len && is_ident(s[p]))
    p++;
  if (p == at || !is_ident0(s[at]) || p - at >= 32)
    return 0;
  char name[32];
  memcpy(name, s + at, p - at);
  name[p - at] = 0;
  p = skip(s, len, p);
  if (p >= len || s[p] != '=' || (p + 1 < len && s[p + 1] == '='))
    return 0;
  if (known(sb_names, name) || known(sky_names, name) || known(futo_names, name))
    return 90;
  size_t semi = p;
  while (semi < len && s[semi] != ';' && s[semi] != '\n')
    semi++;
  return semi < len && s[semi] == ';' ? 50 : 0;
}

static const char *const dzn_aliases[] = {"minizinc", NULL};

const gc_format gc_format_dzn = {
    .name = "dzn",
    .aliases = dzn_aliases,
    .summary = "MiniZinc data: 'num_stars = 1; dim = 5; sectors = [| ... |];' "
               "(Star Battle), and the data of gridcnf's models/*.mzn",
    .genres = "skyscrapers, futoshiki, starbattle",
    .order = 6,
    .multiline = 1,
    .sniff = dzn_sniff,
    .read = dzn_read,
    .write = gc_dzn_write,
};
