/*
 * futoshikiorg.c: the puzzle strings of futoshiki.org, as its get.cgi
 * served them and as collections keep them (bkoelman/Futoshiki holds
 * 19,793 of them, one per file under puzzles/<level>/<NN>x<NN>/): the
 * (2n-1) x (2n-1) character layout of an n x n puzzle, row after row on
 * one line, usually followed by the answer in the same layout.
 *
 *   layout row 2i      cells of row i at even columns: '.' empty, '1'-'9';
 *                      between cells j and j+1 (odd columns): '_' nothing,
 *                      '(' cell j < cell j+1, ')' cell j > cell j+1
 *   layout row 2i+1    under cell j (even columns): '_' nothing, '^' the
 *                      upper cell < the lower one, 'v' upper > lower; odd
 *                      columns are '_' filler
 *
 * Example (bkoelman/Futoshiki puzzles/Easy/04x04/Puzzle0001.txt, 4x4 with
 * its answer; 49 + 49 characters):
 *   ._._._._______._._._.^______._._.).______v.)._.(.3_4_2_1_______1_2_3_4
 *   ^______2_1_4)3______v4)3_1(2
 * The size follows from the length: (2n-1)^2 characters, or twice that
 * with the answer (sizes 1..9: a cell is one character).  The answer's
 * signs must be the puzzle's and its digits fill every cell and agree with
 * the givens; it becomes the record's "solution" (the known answer).
 * Writing gives the layout, and the answer after it when the record has a
 * known solution; it cannot hold sizes above 9, Adjacent marks, or signs
 * both ways between two cells.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "strbuf.h"

#define FO_MAX_N 9

static int is_char(char c) {
  return c == '.' || c == '_' || c == '(' || c == ')' || c == '^' ||
         c == 'v' || (c >= '0' && c <= '9');
}

/* The size whose layout has len characters (*answer: twice that), or 0. */
static int size_of(size_t len, int *answer) {
  for (int n = 1; n <= FO_MAX_N; n++) {
    size_t side = (size_t)(2 * n - 1), one = side * side;
    if (len == one || len == 2 * one) {
      *answer = len == 2 * one;
      return n;
    }
  }
  return 0;
}

/* Is c allowed at layout row i, column j (answer: digits only)? */
static int fits(char c, int i, int j, int answer) {
  if (i % 2 == 0 && j % 2 == 0)
    return (c >= '1' && c <= '9') || (c == '.' && !answer);
  if (i % 2 == 0)
    return c == '_' || c == '(' || c == ')';
  if (j % 2 == 0)
    return c == '_' || c == '^' || c == 'v';
  return c == '_';
}

/* 90 when the line is a layout of size 2 or more (every character where
   its kind belongs); 30, a weak claim that lets the reader say what is
   wrong, for a line of the layout's characters with a sign in it, of the
   wrong length or out of place.  A line without signs (a grid of '.',
   '_' and digits) is claimed only when its layout is right: compact
   Skyscrapers rows look much the same. */
static int sniff(const char *s, size_t len) {
  int sign = 0;
  for (size_t i = 0; i < len; i++) {
    if (!is_char(s[i]))
      return 0;
    sign |= s[i] == '(' || s[i] == ')' || s[i] == '^' || s[i] == 'v';
  }
  int answer, n = size_of(len, &answer);
  if (n >= 2) {
    int side = 2 * n - 1, ok = 1;
    for (size_t k = 0; k < len && ok; k++) {
      int at = (int)(k % (size_t)(side * side));
      ok = fits(s[k], at / side, at % side, k >= (size_t)(side * side));
    }
    if (ok)
      return 90;
  }
  return len >= 9 && sign ? 30 : 0;
}

/* Reads one layout of size n at s[base..]: cells into cell[] (0 = '.'),
   signs into h[] / v[] ('(' / ')' / '^' / 'v', 0 = none).  answer: every
   cell must hold a digit. */
static int read_layout(const gc_fmt_in *in, size_t base, int n, int answer,
                       int *cell, char *h, char *v, gc_error *err) {
  const char *s = in->text;
  int side = 2 * n - 1;
  char what[32];
  for (int i = 0; i < side; i++)
    for (int j = 0; j < side; j++) {
      size_t at = base + (size_t)(i * side + j);
      char ch = s[at];
      const char *want;
      int r = i / 2, c = j / 2;
      if (i % 2 == 0 && j % 2 == 0) { /* a cell */
        if (ch == '.' && !answer) {
          cell[r * n + c] = 0;
          continue;
        }
        if (ch >= '1' && ch <= '9') {
          if (ch - '0' > n) {
            gc_fmt_err(in, err, GC_E_RANGE, at,
                       "%s %c at r%dc%d is out of range 1..%d",
                       answer ? "answer digit" : "digit", ch, r + 1, c + 1, n);
            return -1;
          }
          cell[r * n + c] = ch - '0';
          if (!answer)
            gc_fmt_mark(in, "givens", r, c, at);
          continue;
        }
        want = answer ? "a digit of the answer" : "a digit or '.' (empty)";
      } else if (i % 2 == 0) { /* between two cells of a row */
        if (ch == '_' || ch == '(' || ch == ')') {
          h[r * n + c] = ch == '_' ? 0 : ch;
          continue;
        }
        want = "'_', '(' (<) or ')' (>) between two cells";
      } else if (j % 2 == 0) { /* under a cell */
        if (ch == '_' || ch == '^' || ch == 'v') {
          v[r * n + c] = ch == '_' ? 0 : ch;
          continue;
        }
        want = "'_', '^' (upper < lower) or 'v' (upper > lower) under a cell";
      } else {
        if (ch == '_')
          continue;
        want = "the '_' filler between four cells";
      }
      gc_fmt_what(s, in->len, at, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, at,
                 "expected %s (%slayout row %d, column %d), got %s", want,
                 answer ? "answer " : "", i + 1, j + 1, what);
      return -1;
    }
  return 0;
}

static int fo_read(const gc_fmt_in *in, size_t *used, json_t **record,
                   gc_error *err) {
  const char *s = in->text;
  size_t len = in->len;
  *used = len;
  *record = NULL;
  char what[32];
  for (size_t i = 0; i < len; i++)
    if (!is_char(s[i])) {
      gc_fmt_what(s, len, i, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, i,
                 "unexpected %s in a futoshiki.org string (cells '.' and "
                 "1-9, signs '(' ')' '^' 'v', filler '_')",
                 what);
      return -1;
    }
  int answer, n = size_of(len, &answer);
  if (!n) {
    int k = 1; /* the size whose layout, alone or doubled, is nearest */
    size_t best = (size_t)-1;
    for (int t = 1; t <= FO_MAX_N; t++) {
      size_t one = (size_t)(2 * t - 1) * (size_t)(2 * t - 1);
      for (size_t m = 1; m <= 2; m++) {
        size_t d = len > m * one ? len - m * one : m * one - len;
        if (d < best)
          best = d, k = t;
      }
    }
    size_t a = (size_t)(2 * k - 1) * (size_t)(2 * k - 1);
    gc_fmt_err(in, err, GC_E_SHAPE, len,
               "a futoshiki.org string has (2n-1)^2 characters, or twice "
               "that with the answer (%d x %d: %zu or %zu), not %zu",
               k, k, a, 2 * a, len);
    return -1;
  }
  size_t nn = (size_t)(n * n);
  int *cell = calloc(2 * nn, sizeof *cell);
  char *sg = calloc(4 * nn, 1);
  json_t *rec = NULL;
  int rc = -1;
  if (!cell || !sg) {
    gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
    goto done;
  }
  char *h = sg, *v = sg + nn, *h2 = sg + 2 * nn, *v2 = sg + 3 * nn;
  int side = 2 * n - 1;
  size_t half = (size_t)(side * side);
  if (read_layout(in, 0, n, 0, cell, h, v, err) ||
      (answer && read_layout(in, half, n, 1, cell + nn, h2, v2, err)))
    goto done;
  if (answer)
    for (size_t i = 0; i < nn; i++) {
      int r = (int)i / n, c = (int)i % n;
      size_t at = half + (size_t)(2 * r * side + 2 * c);
      if (cell[i] && cell[i] != cell[nn + i]) {
        gc_fmt_err(in, err, GC_E_CONTRADICTION, at,
                   "the answer has %d at r%dc%d, the puzzle gives %d",
                   cell[nn + i], r + 1, c + 1, cell[i]);
        goto done;
      }
      for (int k = 0; k < 2; k++) {
        const char *p = k ? v : h, *q = k ? v2 : h2;
        if (p[i] != q[i]) {
          size_t off = k ? at + (size_t)side : at + 1;
          gc_fmt_err(in, err, GC_E_SHAPE, off,
                     "the answer has '%c' %s r%dc%d, the puzzle '%c' (the "
                     "answer repeats the puzzle's signs)",
                     q[i] ? q[i] : '_', k ? "under" : "right of", r + 1, c + 1,
                     p[i] ? p[i] : '_');
          goto done;
        }
      }
    }
  if (!(rec = gc_rec_new("futoshiki", n))) {
    gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
    goto done;
  }
  gc_rec_set_matrix(rec, "givens", cell, n);
  json_t *lt = json_array();
  json_object_set_new(rec, "lt", lt);
  int k = 0;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int i = r * n + c;
      if (c + 1 < n && h[i]) {
        int lt_first = h[i] == '(';
        json_array_append_new(lt, lt_first ? json_pack("[iiii]", r, c, r, c + 1)
                                           : json_pack("[iiii]", r, c + 1, r, c));
        gc_fmt_mark(in, "lt", k++, -1, (size_t)(2 * r * side + 2 * c + 1));
      }
      if (r + 1 < n && v[i]) {
        int lt_first = v[i] == '^';
        json_array_append_new(lt, lt_first ? json_pack("[iiii]", r, c, r + 1, c)
                                           : json_pack("[iiii]", r + 1, c, r, c));
        gc_fmt_mark(in, "lt", k++, -1, (size_t)((2 * r + 1) * side + 2 * c));
      }
    }
  if (answer)
    gc_rec_set_matrix(rec, "solution", cell + nn, n);
  *record = rec;
  rec = NULL;
  rc = 1;
done:
  json_decref(rec);
  free(cell);
  free(sg);
  return rc;
}

static char *fo_write(const json_t *rec, gc_error *err) {
  const char *g = gc_rec_genre(rec);
  int n = gc_rec_n(rec);
  if (strcmp(g, "futoshiki")) {
    gc_fmt_cannot(err, "futoshiki.org strings hold Futoshiki only, not %s", g);
    return NULL;
  }
  if (n > FO_MAX_N) {
    gc_fmt_cannot(err, "a futoshiki.org string writes a cell as one character "
                       "(sizes up to 9), this puzzle is %d x %d",
                  n, n);
    return NULL;
  }
  if (json_is_array(json_object_get(rec, "adjacent"))) {
    gc_fmt_cannot(err, "futoshiki.org strings have '<' signs, not Adjacent "
                       "marks");
    return NULL;
  }
  int givens[81], sol[81];
  char h[81] = {0}, v[81] = {0};
  if (gc_rec_matrix(rec, "givens", n, givens) ||
      gc_rec_matrix(rec, "solution", n, sol)) {
    gc_error_set(err, GC_E_INTERNAL, 0, 0, "bad \"givens\" in the record");
    return NULL;
  }
  int has_answer = json_is_array(json_object_get(rec, "solution"));
  const json_t *lt = json_object_get(rec, "lt");
  for (size_t k = 0; k < json_array_size(lt); k++) {
    const json_t *e = json_array_get(lt, k);
    int x[4];
    for (int j = 0; j < 4; j++)
      x[j] = (int)json_integer_value(json_array_get(e, (size_t)j));
    int down = x[1] == x[3];
    int r = x[0] < x[2] ? x[0] : x[2], c = x[1] < x[3] ? x[1] : x[3];
    /* the first cell (reading order) is the smaller one: '(' or '^' */
    char ch = down ? (x[0] < x[2] ? '^' : 'v') : (x[1] < x[3] ? '(' : ')');
    char *slot = down ? &v[r * n + c] : &h[r * n + c];
    if (*slot && *slot != ch) {
      gc_fmt_cannot(err, "r%dc%d and r%dc%d have signs both ways", x[0] + 1,
                    x[1] + 1, x[2] + 1, x[3] + 1);
      return NULL;
    }
    *slot = ch;
  }
  gc_strbuf b = {0};
  for (int part = 0; part < 1 + has_answer; part++) {
    const int *x = part ? sol : givens;
    for (int i = 0; i < 2 * n - 1; i++)
      for (int j = 0; j < 2 * n - 1; j++) {
        int r = i / 2, c = j / 2;
        char ch = '_';
        if (i % 2 == 0 && j % 2 == 0)
          ch = x[r * n + c] ? (char)('0' + x[r * n + c]) : '.';
        else if (i % 2 == 0 && h[r * n + c])
          ch = h[r * n + c];
        else if (i % 2 == 1 && j % 2 == 0 && v[r * n + c])
          ch = v[r * n + c];
        gc_sb_putn(&b, &ch, 1);
      }
  }
  return gc_fmt_finish(&b, err);
}

static const char *const fo_aliases[] = {"futoshiki.org", "futoshiki-org", NULL};

const gc_format gc_format_futoshikiorg = {
    .name = "futoshikiorg",
    .aliases = fo_aliases,
    .summary = "futoshiki.org strings: the (2n-1)^2 layout '._.(.' on one line, "
               "often followed by the answer",
    .genres = "futoshiki",
    .order = 50,
    .sniff = sniff,
    .read = fo_read,
    .write = fo_write,
};
