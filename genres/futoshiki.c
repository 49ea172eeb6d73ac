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
 * sign as an "also" line.
 * JSON: givens (n x n, 0 = empty) and lt, a list of [r1, c1, r2, c2]
 * (0-based) meaning cell (r1, c1) < cell (r2, c2), as in the corpus; both
 * keys are optional, n is "n" or the size of "givens".
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



static int futo_alloc(gc_puzzle *pz, int n, gc_error *err) {
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

/* Records "cell (r1,c1) < cell (r2,c2)" for two orthogonal neighbours. */
static void add_lt(futo *f, int n, int r1, int c1, int r2, int c2) {
  if (r1 == r2)
    f->h[r1 * n + (c1 < c2 ? c1 : c2)] |= c1 < c2 ? REL_LT : REL_GT;
  else
    f->v[(r1 < r2 ? r1 : r2) * n + c1] |= r1 < r2 ? REL_LT : REL_GT;
}

/* The earlier cell (row-major) of row r or column c that holds the same
   digit as (r, c), if any: a digit given twice. */
static int earlier_twin(int n, const int *g, int r, int c, int *r1, int *c1) {
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

static const char *jtype(const json_t *v) {
  switch (json_typeof(v)) {
  case JSON_OBJECT:
    return "an object";
  case JSON_ARRAY:
    return "an array";
  case JSON_STRING:
    return "a string";
  case JSON_INTEGER:
    return "an integer";
  case JSON_REAL:
    return "a fraction";
  case JSON_TRUE:
  case JSON_FALSE:
    return "a boolean";
  default:
    return "null";
  }
}

static int parse_lt_json(const json_t *rec, const gc_jctx *cx, int n, futo *f,
                         gc_error *err) {
  const json_t *lt = json_object_get(rec, "lt");
  if (!lt || json_is_null(lt))
    return 0;
  if (!json_is_array(lt)) {
    gc_jerr(cx, err, GC_E_SHAPE, "lt", -1, -1,
            "expected an array of [r1, c1, r2, c2] entries, got %s", jtype(lt));
    return -1;
  }
  static const char *const coord[4] = {"row", "column", "row", "column"};
  for (size_t i = 0; i < json_array_size(lt); i++) {
    const json_t *e = json_array_get(lt, i);
    int idx = i > 1000000000 ? 1000000000 : (int)i;
    if (!json_is_array(e) || json_array_size(e) != 4) {
      if (json_is_array(e))
        gc_jerr(cx, err, GC_E_SHAPE, "lt", idx, -1,
                "expected 4 integers [r1, c1, r2, c2], got %zu entries",
                json_array_size(e));
      else
        gc_jerr(cx, err, GC_E_SHAPE, "lt", idx, -1,
                "expected [r1, c1, r2, c2], got %s", jtype(e));
      return -1;
    }
    int x[4];
    for (int j = 0; j < 4; j++) {
      const json_t *v = json_array_get(e, (size_t)j);
      if (!json_is_integer(v)) {
        gc_jerr(cx, err, GC_E_SYNTAX, "lt", idx, j,
                "expected an integer %s, got %s", coord[j], jtype(v));
        return -1;
      }
      json_int_t val = json_integer_value(v);
      if (val < 0 || val >= n) {
        gc_jerr(cx, err, GC_E_RANGE, "lt", idx, j,
                "%s %lld is out of range 0..%d (0-based)", coord[j],
                (long long)val, n - 1);
        return -1;
      }
      x[j] = (int)val;
    }
    int dr = x[0] - x[2], dc = x[1] - x[3];
    if (dr * dr + dc * dc != 1) {
      gc_jerr(cx, err, GC_E_SHAPE, "lt", idx, -1,
              "r%dc%d < r%dc%d joins cells that are not orthogonal "
              "neighbours (a sign stands between two adjacent cells)",
              x[0] + 1, x[1] + 1, x[2] + 1, x[3] + 1);
      return -1;
    }
    add_lt(f, n, x[0], x[1], x[2], x[3]);
  }
  return 0;
}

static int futo_parse_json(const json_t *rec, const gc_jctx *cx, gc_puzzle *pz,
                           gc_error *err) {
  int n;
  if (gc_json_size(cx, rec, "givens", FUTO_MAX_N, "futoshiki", &n, err) ||
      futo_alloc(pz, n, err))
    return -1;
  futo *f = pz->data;
  if (gc_json_matrix(cx, rec, "givens", n, 0, n, f->givens, err) < 0)
    return -1;
  for (int r2 = 0; r2 < n; r2++)
    for (int c2 = 0; c2 < n; c2++) {
      int r1, c1;
      if (earlier_twin(n, f->givens, r2, c2, &r1, &c1)) {
        gc_jerr(cx, err, GC_E_CONTRADICTION, "givens", r2, c2,
                "%d is given twice in %s %d (r%dc%d and r%dc%d)",
                f->givens[r2 * n + c2], r1 == r2 ? "row" : "column",
                r1 == r2 ? r1 + 1 : c1 + 1, r1 + 1, c1 + 1, r2 + 1, c2 + 1);
        return -1;
      }
    }
  return parse_lt_json(rec, cx, n, f, err);
}

/*------------------------------------------------------------------------*/
/* Text                                                                    */

typedef struct span {
  int value;       /* 0 = empty; clamped at 999999 */
  size_t from, to; /* bytes [from, to) of the line */
} span;

typedef struct row_lex {
  int ncells;
  span cell[FUTO_MAX_N];
  char sign[FUTO_MAX_N]; /* sign[k]: between cells k and k+1: 0, '<', '>' */
} row_lex;

static int is_blank_char(char ch) {
  return ch == ' ' || ch == '\t' || ch == '\v' || ch == '\f';
}
static int is_digit(char ch) { return ch >= '0' && ch <= '9'; }

/* A row line has a digit, '.', '<' or '>'; other lines are sign lines. */
static int is_row_line(const gc_text_line *ln) {
  for (size_t i = 0; i < ln->len; i++) {
    char ch = ln->s[i];
    if (is_digit(ch) || ch == '.' || ch == '<' || ch == '>')
      return 1;
  }
  return 0;
}

/* "also r1c2 < r1c1": a sign that the grid cannot draw. */
static int is_also_line(const gc_text_line *ln) {
  size_t i = 0;
  while (i < ln->len && is_blank_char(ln->s[i]))
    i++;
  return ln->len - i >= 4 && !strncmp(ln->s + i, "also", 4) &&
         (ln->len - i == 4 || is_blank_char(ln->s[i + 4]));
}

static void char_name(char ch, char *buf, size_t size) {
  unsigned char u = (unsigned char)ch;
  if (u >= 0x21 && u < 0x7f)
    snprintf(buf, size, "'%c'", ch);
  else
    snprintf(buf, size, "byte 0x%02x", u);
}

static long col_of(const gc_text_line *ln, size_t i) {
  return ln->col0 + (long)i;
}

static int lex_row(const gc_text_line *ln, const char *src, row_lex *out,
                   gc_error *err) {
  out->ncells = 0;
  char pending = 0;
  size_t pending_at = 0;
  int separated = 1;
  size_t i = 0;
  while (i < ln->len) {
    char ch = ln->s[i];
    if (is_blank_char(ch)) {
      separated = 1;
      i++;
    } else if (ch == '<' || ch == '>') {
      if (out->ncells == 0) {
        gc_text_err(err, GC_E_SHAPE, src, ln->lineno, col_of(ln, i),
                    "'%c' before the first cell of the row (a sign stands "
                    "between two cells)",
                    ch);
        return -1;
      }
      if (pending) {
        gc_text_err(err, GC_E_SYNTAX, src, ln->lineno, col_of(ln, i),
                    "a second sign '%c' between cells %d and %d (one sign at "
                    "most)",
                    ch, out->ncells, out->ncells + 1);
        return -1;
      }
      pending = ch;
      pending_at = i;
      separated = 1;
      i++;
    } else if (is_digit(ch) || ch == '.') {
      if (!separated) {
        gc_text_err(err, GC_E_SYNTAX, src, ln->lineno, col_of(ln, i),
                    "%s runs into the cell before it (separate cells with a "
                    "space, '<' or '>')",
                    ch == '.' ? "'.'" : "a digit");
        return -1;
      }
      if (out->ncells == FUTO_MAX_N) {
        gc_text_err(err, GC_E_TOO_LARGE, src, ln->lineno, col_of(ln, i),
                    "a row has more than %d cells; futoshiki grids go up to "
                    "%d x %d",
                    FUTO_MAX_N, FUTO_MAX_N, FUTO_MAX_N);
        return -1;
      }
      span *sp = &out->cell[out->ncells];
      sp->from = i;
      sp->value = 0;
      if (ch == '.')
        i++;
      else
        for (; i < ln->len && is_digit(ln->s[i]); i++)
          if (sp->value < 100000)
            sp->value = sp->value * 10 + (ln->s[i] - '0');
      sp->to = i;
      if (out->ncells > 0)
        out->sign[out->ncells - 1] = pending;
      pending = 0;
      out->ncells++;
      separated = 0;
    } else {
      char name[16];
      char_name(ch, name, sizeof name);
      gc_text_err(err, GC_E_SYNTAX, src, ln->lineno, col_of(ln, i),
                  "unexpected %s in a row (allowed: digits, '.' for an empty "
                  "cell, '<', '>' and spaces)",
                  name);
      return -1;
    }
  }
  if (pending) {
    gc_text_err(err, GC_E_SHAPE, src, ln->lineno, col_of(ln, pending_at),
                "'%c' after the last cell of the row (a sign stands between "
                "two cells)",
                pending);
    return -1;
  }
  return 0;
}

/* The cell of `above` whose characters include byte i, or -1. */
static int cell_at(const row_lex *above, size_t i) {
  for (int k = 0; k < above->ncells; k++)
    if (above->cell[k].from <= i && i < above->cell[k].to)
      return k;
  return -1;
}

/* Checks a sign line against the row above it (row r, 0-based, of an n x n
   grid) and stores its signs in f. */
static int lex_signs(const gc_text_line *ln, const char *src,
                     const row_lex *above, int r, int n, futo *f,
                     gc_error *err) {
  unsigned seen[FUTO_MAX_N] = {0};
  for (size_t i = 0; i < ln->len; i++) {
    char ch = ln->s[i];
    if (ch == ' ')
      continue;
    if (ch == '\t') {
      gc_text_err(err, GC_E_SYNTAX, src, ln->lineno, col_of(ln, i),
                  "a tab in a line of signs; align '^' and 'v' under their "
                  "cells with spaces");
      return -1;
    }
    if (ch != '^' && ch != 'v' && ch != 'V') {
      char name[16];
      char_name(ch, name, sizeof name);
      gc_text_err(err, GC_E_SYNTAX, src, ln->lineno, col_of(ln, i),
                  "unexpected %s in a line of signs between rows %d and %d "
                  "(allowed: '^', 'v' and spaces)",
                  name, r + 1, r + 2);
      return -1;
    }
    int k = cell_at(above, i);
    if (k < 0) {
      gc_text_err(err, GC_E_SHAPE, src, ln->lineno, col_of(ln, i),
                  "'%c' is not under a cell of row %d (put it in the column "
                  "of the cell's digit)",
                  ch, r + 1);
      return -1;
    }
    if (r + 1 >= n) {
      gc_text_err(err, GC_E_SHAPE, src, ln->lineno, col_of(ln, i),
                  "'%c' below the last row (row %d of %d) has no cell under "
                  "it",
                  ch, r + 1, n);
      return -1;
    }
    if (seen[k]) {
      gc_text_err(err, GC_E_SYNTAX, src, ln->lineno, col_of(ln, i),
                  "a second sign under r%dc%d (one sign per pair of cells)",
                  r + 1, k + 1);
      return -1;
    }
    seen[k] = 1;
    if (f)
      f->v[r * n + k] |= ch == '^' ? REL_LT : REL_GT;
  }
  return 0;
}

/* "rAcB" at *i (1-based, clamped at 100000); 0, or -1 when it is not. */
static int read_cell(const gc_text_line *ln, size_t *i, int *r, int *c) {
  int *out[2] = {r, c};
  for (int k = 0; k < 2; k++) {
    if (*i >= ln->len || ln->s[*i] != "rc"[k] || *i + 1 >= ln->len ||
        !is_digit(ln->s[*i + 1]))
      return -1;
    int v = 0;
    for (++*i; *i < ln->len && is_digit(ln->s[*i]); ++*i)
      if (v < 100000)
        v = v * 10 + (ln->s[*i] - '0');
    *out[k] = v;
  }
  return 0;
}

/* An "also rAcB < rCcD" line of an n x n grid: the sign goes into f. */
static int parse_also(const gc_text_line *ln, const char *src, int n, futo *f,
                      gc_error *err) {
  size_t i = 0, at[2];
  int x[4];
  while (i < ln->len && is_blank_char(ln->s[i]))
    i++;
  i += 4; /* "also" */
  for (int k = 0; k < 2; k++) {
    while (i < ln->len && is_blank_char(ln->s[i]))
      i++;
    if (k == 1) {
      if (i >= ln->len || ln->s[i] != '<')
        goto syntax;
      i++;
      while (i < ln->len && is_blank_char(ln->s[i]))
        i++;
    }
    at[k] = i;
    if (read_cell(ln, &i, &x[2 * k], &x[2 * k + 1]))
      goto syntax;
  }
  while (i < ln->len && is_blank_char(ln->s[i]))
    i++;
  if (i < ln->len)
    goto syntax;
  for (int k = 0; k < 2; k++)
    if (x[2 * k] < 1 || x[2 * k] > n || x[2 * k + 1] < 1 || x[2 * k + 1] > n) {
      gc_text_err(err, GC_E_RANGE, src, ln->lineno, col_of(ln, at[k]),
                  "r%dc%d is outside the %d x %d grid", x[2 * k],
                  x[2 * k + 1], n, n);
      return -1;
    }
  int dr = x[0] - x[2], dc = x[1] - x[3];
  if (dr * dr + dc * dc != 1) {
    gc_text_err(err, GC_E_SHAPE, src, ln->lineno, col_of(ln, at[0]),
                "r%dc%d < r%dc%d joins cells that are not orthogonal "
                "neighbours (a sign stands between two adjacent cells)",
                x[0], x[1], x[2], x[3]);
    return -1;
  }
  add_lt(f, n, x[0] - 1, x[1] - 1, x[2] - 1, x[3] - 1);
  return 0;
syntax:
  gc_text_err(err, GC_E_SYNTAX, src, ln->lineno, col_of(ln, i),
              "expected 'also rAcB < rCcD' (a sign between two cells that "
              "the grid cannot draw)");
  return -1;
}

static int parse_header(const gc_text *tx, int *declared, gc_error *err) {
  *declared = 0;
  if (!tx->header)
    return 0;
  gc_token t[2];
  size_t k = gc_tokens(tx->header, t, 2);
  if (k == 0)
    return 0;
  if (k > 1) {
    gc_text_err(err, GC_E_SYNTAX, tx->source, t[1].line, t[1].col,
                "unexpected '%.*s' on the header line (allowed: "
                "'futoshiki' and the grid size)",
                (int)(t[1].len > 20 ? 20 : t[1].len), t[1].s);
    return -1;
  }
  return gc_token_int(&t[0], tx->source, "grid size", 1, FUTO_MAX_N, declared,
                      err);
}

static int futo_parse_text(const gc_text *tx, gc_puzzle *pz, gc_error *err) {
  const char *src = tx->source;
  int declared;
  if (parse_header(tx, &declared, err))
    return -1;
  row_lex cur, prev;
  prev.ncells = 0;
  int n = 0, rows = 0, sign_line = 0, also = 0;
  const gc_text_line *last = NULL;
  futo *f = NULL;
  for (size_t li = 0; li < tx->nlines; li++) {
    const gc_text_line *ln = &tx->lines[li];
    if (gc_line_blank(ln))
      continue;
    last = ln;
    if (is_also_line(ln) || also) {
      if (!is_also_line(ln) || rows == 0 || rows < n) {
        gc_text_err(err, GC_E_SHAPE, src, ln->lineno, col_of(ln, 0),
                    "%s (an 'also' line states a second sign after the "
                    "last row)",
                    !is_also_line(ln) ? "a line of the grid after an 'also' line"
                    : rows == 0       ? "an 'also' line before the grid"
                                      : "an 'also' line inside the grid");
        return -1;
      }
      if (parse_also(ln, src, n, f, err))
        return -1;
      also = 1;
      continue;
    }
    if (!is_row_line(ln)) {
      if (rows == 0) {
        size_t i = 0;
        while (i < ln->len && is_blank_char(ln->s[i]))
          i++;
        gc_text_err(err, GC_E_SHAPE, src, ln->lineno, col_of(ln, i),
                    "a line of signs before the first row (signs between "
                    "rows go on a line between them)");
        return -1;
      }
      if (sign_line) {
        gc_text_err(err, GC_E_SHAPE, src, ln->lineno, col_of(ln, 0),
                    "a second line of signs between rows %d and %d (one at "
                    "most)",
                    rows, rows + 1);
        return -1;
      }
      if (lex_signs(ln, src, &prev, rows - 1, n, f, err))
        return -1;
      sign_line = 1;
      continue;
    }
    if (lex_row(ln, src, &cur, err))
      return -1;
    if (rows == 0) {
      n = cur.ncells;
      if (declared && declared != n) {
        gc_text_err(err, GC_E_SHAPE, src, ln->lineno, col_of(ln, 0),
                    "the header says %d x %d but the first row has %d cells",
                    declared, declared, n);
        return -1;
      }
      if (futo_alloc(pz, n, err))
        return -1;
      f = pz->data;
    } else if (cur.ncells != n) {
      long col =
          cur.ncells < n ? col_of(ln, ln->len) : col_of(ln, cur.cell[n].from);
      gc_text_err(err, GC_E_SHAPE, src, ln->lineno, col,
                  "row %d has %d cells, expected %d as in row 1", rows + 1,
                  cur.ncells, n);
      return -1;
    }
    if (rows == n) {
      gc_text_err(err, GC_E_SHAPE, src, ln->lineno, col_of(ln, 0),
                  "row %d is one too many: the rows have %d cells, so the "
                  "grid is %d x %d",
                  rows + 1, n, n, n);
      return -1;
    }
    for (int c = 0; c < n; c++) {
      int v = cur.cell[c].value;
      long col = col_of(ln, cur.cell[c].from);
      if (v > n) {
        gc_text_err(err, GC_E_RANGE, src, ln->lineno, col,
                    "digit %d is out of range 0..%d (0 or '.' = empty)", v, n);
        return -1;
      }
      f->givens[rows * n + c] = v;
      int r1, c1;
      if (earlier_twin(n, f->givens, rows, c, &r1, &c1)) {
        gc_text_err(err, GC_E_CONTRADICTION, src, ln->lineno, col,
                    "%d is given twice in %s %d (r%dc%d and r%dc%d)", v,
                    r1 == rows ? "row" : "column",
                    r1 == rows ? rows + 1 : c + 1, r1 + 1, c1 + 1, rows + 1,
                    c + 1);
        return -1;
      }
      if (c + 1 < n && cur.sign[c])
        f->h[rows * n + c] |= cur.sign[c] == '<' ? REL_LT : REL_GT;
    }
    prev = cur;
    rows++;
    sign_line = 0;
  }
  if (!last) {
    long at = tx->header ? tx->header->lineno : 1;
    gc_text_err(err, GC_E_SHAPE, src, at, 1,
                "a futoshiki puzzle needs a grid: rows of digits (0 = empty) "
                "with '<' or '>' between cells");
    return -1;
  }
  if (rows < n) {
    gc_text_err(err, GC_E_SHAPE, src, last->lineno, col_of(last, last->len),
                "the grid stops after %d row%s but its rows have %d cells "
                "(a futoshiki grid is square; is it cut off?)",
                rows, rows == 1 ? "" : "s", n);
    return -1;
  }
  return 0;
}

/* Rows of cells with '<' or '>' between some, or lines of '^' / 'v'; at
   least one sign.  70 when the rows make a square grid, 55 when they do not
   (so that a cut-off grid still reaches this parser and its positioned
   error).  Digits alone score 0: that is Skyscrapers' notation too. */
static int futo_sniff(const gc_text *tx) {
  int rows = 0, width = -1, square = 1, signs = 0;
  for (size_t li = 0; li < tx->nlines; li++) {
    const gc_text_line *ln = &tx->lines[li];
    if (gc_line_blank(ln) || is_also_line(ln))
      continue;
    if (is_row_line(ln)) {
      row_lex rl;
      gc_error scratch;
      if (lex_row(ln, tx->source, &rl, &scratch))
        return 0;
      for (int k = 0; k + 1 < rl.ncells; k++)
        signs += rl.sign[k] != 0;
      if (width < 0)
        width = rl.ncells;
      else if (rl.ncells != width)
        square = 0;
      rows++;
    } else {
      for (size_t i = 0; i < ln->len; i++) {
        char ch = ln->s[i];
        if (ch == '^' || ch == 'v' || ch == 'V')
          signs++;
        else if (!is_blank_char(ch))
          return 0;
      }
    }
  }
  if (!signs || !rows)
    return 0;
  return square && rows == width ? 70 : 55;
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
}

/*------------------------------------------------------------------------*/
/* Rendering                                                               */

/* The notation, with g's digits when g is given; styled: givens, solved
   digits, empty cells, signs, and where g differs from look->other.  A
   puzzle without vertical signs has no sign lines (the rows follow one
   another); with some, every gap between rows has its line, blank or not,
   so the grid keeps its shape. */
static void futo_draw(const gc_puzzle *pz, const gc_grid *g, const gc_look *lk,
                      gc_strbuf *b) {
  const futo *f = pz->data;
  int n = pz->n, w = n >= 10 ? 2 : 1;
  const int *x = g && g->n == n ? g->cell : f->givens;
  const gc_grid *other = g && lk ? lk->other : NULL;
  gc_sb_put(b, "futoshiki\n");
  int both = 0, vertical = 0;
  for (int i = 0; i < n * n; i++)
    vertical |= f->v[i] != 0;
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < n; c++) {
      int i = r * n + c, v = x[i];
      int style = v <= 0 ? GC_STYLE_EMPTY
                  : f->givens[i] ? GC_STYLE_GIVEN
                                 : GC_STYLE_SOLVED;
      if (other && other->cell[i] != g->cell[i])
        style |= GC_STYLE_DIFFERS;
      gc_sb_pen(b, style);
      gc_sb_printf(b, "%*d", w, v > 0 ? v : 0);
      if (c + 1 < n) {
        unsigned char s = f->h[r * n + c];
        gc_sb_pen(b, s ? GC_STYLE_SIGN : GC_STYLE_TEXT);
        gc_sb_put(b, s & REL_LT ? "<" : s & REL_GT ? ">" : " ");
        both += s == (REL_LT | REL_GT);
      }
    }
    gc_sb_pen(b, GC_STYLE_TEXT);
    gc_sb_put(b, "\n");
    if (r + 1 == n || !vertical)
      continue;
    /* The sign line: each sign under the last digit of its cell. */
    int last = -1;
    for (int c = 0; c < n; c++)
      if (f->v[r * n + c])
        last = c;
    for (int c = 0; c <= last; c++) {
      unsigned char s = f->v[r * n + c];
      both += s == (REL_LT | REL_GT);
      for (int k = 0; k < w - 1; k++)
        gc_sb_put(b, " ");
      gc_sb_pen(b, s ? GC_STYLE_SIGN : GC_STYLE_TEXT);
      gc_sb_put(b, s & REL_LT ? "^" : s & REL_GT ? "v" : " ");
      gc_sb_pen(b, GC_STYLE_TEXT);
      if (c < last)
        gc_sb_put(b, " ");
    }
    gc_sb_put(b, "\n");
  }
  if (both) {
    /* Contradicting pairs (possible from JSON) cannot be drawn: state the
       second sign on an "also" line. */
    FOR_EACH_LT(f, n, lo, hi, {
      int first_cell = lo < hi ? lo : hi;
      int down = hi - lo == n || lo - hi == n;
      unsigned char s = (down ? f->v : f->h)[first_cell];
      if (s == (REL_LT | REL_GT) && lo > hi)
        gc_sb_printf(b, "also r%dc%d < r%dc%d  # both ways: no solution\n",
                     lo / n + 1, lo % n + 1, hi / n + 1, hi % n + 1);
    })
  }
}

static char *futo_render(const gc_puzzle *pz, const gc_grid *g) {
  gc_strbuf b = {0};
  futo_draw(pz, g, NULL, &b);
  return gc_sb_finish(&b);
}

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
  if (futo_alloc(pz, n, err) || gc_grid_init(&pz->known, n)) {
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
          add_lt(f, n, r, c, r, c + 1);
        else
          add_lt(f, n, r, c + 1, r, c);
      }
      if (r + 1 < n) {
        if (x[r * n + c] < x[(r + 1) * n + c])
          add_lt(f, n, r, c, r + 1, c);
        else
          add_lt(f, n, r + 1, c, r, c);
      }
    }
  gx->givens_first = 0;
  return 0;
}

static const char *const futo_aliases[] = {"unequal", "inequality", NULL};

static const char *const futo_keys[] = {"givens", "lt", NULL};

const gc_genre gc_genre_futoshiki = {
    .name = "futoshiki",
    .aliases = futo_aliases,
    .summary = "Latin square; '<' and '>' signs between neighbouring cells "
               "(Unequal)",
    .max_n = FUTO_MAX_N,
    .cells = GC_CELLS_ONE_HOT,
    .json_keys = futo_keys,
    .parse_json = futo_parse_json,
    .parse_text = futo_parse_text,
    .sniff_text = futo_sniff,
    .encode = futo_encode,
    .check = futo_check,
    .givens = futo_givens,
    .render = futo_render,
    .draw = futo_draw,
    .svg = futo_svg,
    .svg_step = futo_svg_step,
    .to_json = futo_to_json,
    .generate = futo_generate,
    .steps = &gc_steps_futoshiki,
    .free_data = free,
};
