/*
 * futoshiki_text.c: Futoshiki's text notation (see futoshiki.c for the
 * whole of it): rows of cells with '<' / '>' between some, lines of '^' /
 * 'v' between rows, "also" lines; in Adjacent mode (a "futoshiki adjacent"
 * header, or any mark in the grid) '|' between two cells of a row and '-'
 * under a cell mark consecutive neighbours, as in Tatham's own text form
 * of Unequal's Adjacent puzzles:
 *     futoshiki adjacent
 *     0 0|0 0 0
 *     -     -
 *     0|0 0 0|0
 * An Adjacent grid has no '<' signs, an ordinary grid no marks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/strbuf.h"
#include "futoshiki.h"

typedef struct span {
  int value;       /* 0 = empty; clamped at 999999 */
  size_t from, to; /* bytes [from, to) of the line */
} span;

typedef struct row_lex {
  int ncells;
  span cell[FUTO_MAX_N];
  char sign[FUTO_MAX_N]; /* sign[k]: between cells k and k+1: 0, '<', '>',
                            '|' (Adjacent mode) */
} row_lex;

static int is_blank_char(char ch) {
  return ch == ' ' || ch == '\t' || ch == '\v' || ch == '\f';
}
static int is_digit(char ch) { return ch >= '0' && ch <= '9'; }

/* A row line has a digit, '.', '<', '>' or '|'; other lines are sign
   lines. */
static int is_row_line(const gc_text_line *ln) {
  for (size_t i = 0; i < ln->len; i++) {
    char ch = ln->s[i];
    if (is_digit(ch) || ch == '.' || ch == '<' || ch == '>' || ch == '|')
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

/* Adjacent mode: with the header's word, or when a row has a '|' or a line
   between rows a '-'. */
static int has_marks(const gc_text *tx) {
  for (size_t li = 0; li < tx->nlines; li++) {
    const gc_text_line *ln = &tx->lines[li];
    int row = is_row_line(ln);
    if (is_also_line(ln))
      continue;
    for (size_t i = 0; i < ln->len; i++)
      if (ln->s[i] == (row ? '|' : '-'))
        return 1;
  }
  return 0;
}

/* One row: its cells and the signs (marks, with adjacent) between them. */
static int lex_row(const gc_text_line *ln, const char *src, int adjacent,
                   row_lex *out, gc_error *err) {
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
    } else if (ch == '<' || ch == '>' || ch == '|') {
      if ((ch == '|') != adjacent) {
        gc_text_err(err, GC_E_SYNTAX, src, ln->lineno, col_of(ln, i),
                    adjacent ? "'%c' in an Adjacent grid (its marks are '|' "
                               "between cells and '-' between rows; it has "
                               "no '<' signs)"
                             : "'%c' in a grid of '<' signs (an Adjacent "
                               "grid's marks start with a 'futoshiki "
                               "adjacent' header)",
                    ch);
        return -1;
      }
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
                    "space, '<', '>' or '|')",
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
                  "cell, %s and spaces)",
                  name, adjacent ? "'|'" : "'<', '>'");
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
static int lex_signs(const gc_text_line *ln, const char *src, int adjacent,
                     const row_lex *above, int r, int n, futo *f,
                     gc_error *err) {
  unsigned seen[FUTO_MAX_N] = {0};
  for (size_t i = 0; i < ln->len; i++) {
    char ch = ln->s[i];
    if (ch == ' ')
      continue;
    if (ch == '\t') {
      gc_text_err(err, GC_E_SYNTAX, src, ln->lineno, col_of(ln, i),
                  "a tab in a line of signs; align %s under their cells "
                  "with spaces",
                  adjacent ? "'-'" : "'^' and 'v'");
      return -1;
    }
    if (adjacent ? ch != '-' : ch != '^' && ch != 'v' && ch != 'V') {
      char name[16];
      char_name(ch, name, sizeof name);
      gc_text_err(err, GC_E_SYNTAX, src, ln->lineno, col_of(ln, i),
                  "unexpected %s in a line of %s between rows %d and %d "
                  "(allowed: %s and spaces)",
                  name, adjacent ? "marks" : "signs", r + 1, r + 2,
                  adjacent ? "'-'" : "'^', 'v'");
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
      f->v[r * n + k] |= ch == '-' ? REL_ADJ : ch == '^' ? REL_LT : REL_GT;
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
  gc_futo_add_lt(f, n, x[0] - 1, x[1] - 1, x[2] - 1, x[3] - 1);
  return 0;
syntax:
  gc_text_err(err, GC_E_SYNTAX, src, ln->lineno, col_of(ln, i),
              "expected 'also rAcB < rCcD' (a sign between two cells that "
              "the grid cannot draw)");
  return -1;
}

/* "futoshiki [adjacent] [N]": Adjacent mode and the grid size. */
static int parse_header(const gc_text *tx, int *declared, int *adjacent,
                        gc_error *err) {
  *declared = *adjacent = 0;
  if (!tx->header)
    return 0;
  gc_token t[3];
  size_t k = gc_tokens(tx->header, t, 3);
  for (size_t i = 0; i < k; i++) {
    int word = t[i].len == 8 && !strncmp(t[i].s, "adjacent", 8);
    if (i < 2 && word && !*adjacent) {
      *adjacent = 1;
      continue;
    }
    if (i < 2 && !word && !*declared && is_digit(t[i].s[0])) {
      if (gc_token_int(&t[i], tx->source, "grid size", 1, FUTO_MAX_N,
                       declared, err))
        return -1;
      continue;
    }
    gc_text_err(err, GC_E_SYNTAX, tx->source, t[i].line, t[i].col,
                "unexpected '%.*s' on the header line (allowed: "
                "'futoshiki', 'adjacent' and the grid size)",
                (int)(t[i].len > 20 ? 20 : t[i].len), t[i].s);
    return -1;
  }
  return 0;
}

int gc_futo_parse_text(const gc_text *tx, gc_puzzle *pz, gc_error *err) {
  const char *src = tx->source;
  int declared, adjacent;
  if (parse_header(tx, &declared, &adjacent, err))
    return -1;
  adjacent |= has_marks(tx);
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
      if (adjacent && is_also_line(ln)) {
        gc_text_err(err, GC_E_SHAPE, src, ln->lineno, col_of(ln, 0),
                    "an 'also' line in an Adjacent grid (it states a '<' "
                    "sign; Adjacent puzzles have none)");
        return -1;
      }
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
      if (lex_signs(ln, src, adjacent, &prev, rows - 1, n, f, err))
        return -1;
      sign_line = 1;
      continue;
    }
    if (lex_row(ln, src, adjacent, &cur, err))
      return -1;
    if (rows == 0) {
      n = cur.ncells;
      if (declared && declared != n) {
        gc_text_err(err, GC_E_SHAPE, src, ln->lineno, col_of(ln, 0),
                    "the header says %d x %d but the first row has %d cells",
                    declared, declared, n);
        return -1;
      }
      if (gc_futo_alloc(pz, n, err))
        return -1;
      f = pz->data;
      f->adjacent = adjacent;
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
      if (gc_futo_earlier_twin(n, f->givens, rows, c, &r1, &c1)) {
        gc_text_err(err, GC_E_CONTRADICTION, src, ln->lineno, col,
                    "%d is given twice in %s %d (r%dc%d and r%dc%d)", v,
                    r1 == rows ? "row" : "column",
                    r1 == rows ? rows + 1 : c + 1, r1 + 1, c1 + 1, rows + 1,
                    c + 1);
        return -1;
      }
      if (c + 1 < n && cur.sign[c])
        f->h[rows * n + c] |= cur.sign[c] == '|'   ? REL_ADJ
                              : cur.sign[c] == '<' ? REL_LT
                                                   : REL_GT;
    }
    prev = cur;
    rows++;
    sign_line = 0;
  }
  if (!last) {
    long at = tx->header ? tx->header->lineno : 1;
    gc_text_err(err, GC_E_SHAPE, src, at, 1,
                "a futoshiki puzzle needs a grid: rows of digits (0 = empty) "
                "with '<' or '>' (Adjacent: '|') between cells");
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
   least one sign (or mark, in Adjacent mode).  70 when the rows make a square grid, 55 when they do not
   (so that a cut-off grid still reaches this parser and its positioned
   error).  Digits alone score 0: that is Skyscrapers' notation too. */
int gc_futo_sniff(const gc_text *tx) {
  int rows = 0, width = -1, square = 1, signs = 0, adjacent = has_marks(tx);
  for (size_t li = 0; li < tx->nlines; li++) {
    const gc_text_line *ln = &tx->lines[li];
    if (gc_line_blank(ln) || is_also_line(ln))
      continue;
    if (is_row_line(ln)) {
      row_lex rl;
      gc_error scratch;
      if (lex_row(ln, tx->source, adjacent, &rl, &scratch))
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
        if (adjacent ? ch == '-' : ch == '^' || ch == 'v' || ch == 'V')
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
/* Rendering                                                               */

/* The notation, with g's digits when g is given; styled: givens, solved
   digits, empty cells, signs (marks), and where g differs from
   look->other.  A puzzle without vertical signs has no sign lines (the
   rows follow one another); with some, every gap between rows has its
   line, blank or not, so the grid keeps its shape. */
void gc_futo_draw(const gc_puzzle *pz, const gc_grid *g, const gc_look *lk,
                  gc_strbuf *b) {
  const futo *f = pz->data;
  int n = pz->n, w = n >= 10 ? 2 : 1;
  const int *x = g && g->n == n ? g->cell : f->givens;
  const gc_grid *other = g && lk ? lk->other : NULL;
  gc_sb_put(b, f->adjacent ? "futoshiki adjacent\n" : "futoshiki\n");
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
        gc_sb_put(b, s & REL_ADJ  ? "|"
                     : s & REL_LT ? "<"
                     : s & REL_GT ? ">"
                                  : " ");
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
      gc_sb_put(b, s & REL_ADJ  ? "-"
                   : s & REL_LT ? "^"
                   : s & REL_GT ? "v"
                                : " ");
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

char *gc_futo_render(const gc_puzzle *pz, const gc_grid *g) {
  gc_strbuf b = {0};
  gc_futo_draw(pz, g, NULL, &b);
  return gc_sb_finish(&b);
}
