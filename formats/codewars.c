/*
 * codewars.c: the clue arrays of the Codewars Skyscrapers katas (and of
 * seed 003), one line "[c0, c1, ..., c(4n-1)]": 4n numbers running
 * clockwise from the top-left corner,
 *   0..n-1    top, left to right          n..2n-1   right, top to bottom
 *   2n..3n-1  bottom, right to left       3n..4n-1  left, bottom to top
 * 0 = no clue.  The test vectors of SandroWissmann/Skyscrapers append the
 * starting board of the partial puzzles: "[...] board=[[0, 0, 4], ...]"
 * (rows of n numbers, 0 = empty), which is read too.
 *
 * A line is this format when '[' is followed by 4n numbers (or at least
 * 12, so that a wrong count is reported as such); a JSON array of records
 * starts "[{" or "[" alone on its line, and a short array of numbers such
 * as "[1,2,3]" is no puzzle either: both stay JSON.  Writing
 * gives the bare array, so it cannot hold givens or Sudoku boxes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "strbuf.h"

#define CW_MAX_N 32

static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_ws(char c) { return c == ' ' || c == '\t'; }

static size_t skip_ws(const char *s, size_t len, size_t p) {
  while (p < len && is_ws(s[p]))
    p++;
  return p;
}

static int sniff(const char *s, size_t len) {
  if (len < 2 || s[0] != '[')
    return 0;
  size_t p = skip_ws(s, len, 1);
  if (p >= len || !(is_digit(s[p]) || s[p] == '-'))
    return 0;
  /* Only numbers, commas and spaces up to the ']'.  A short array of
     numbers ("[1,2,3]") is left to the JSON reader, which says it is not a
     record; from 12 numbers on it is taken for a clue array with a wrong
     count, so that the error says so. */
  size_t count = 0;
  while (p < len && s[p] != ']') {
    if (is_digit(s[p]) && !is_digit(s[p - 1]))
      count++;
    else if (!is_digit(s[p]) && s[p] != ',' && !is_ws(s[p]) && s[p] != '-')
      return count >= 12 ? 40 : 0;
    p++;
  }
  if (count >= 4 && count % 4 == 0)
    return 90;
  return count >= 12 ? 50 : 0;
}

/* "[n, n, ...]" at *p: up to max numbers into v (value clamped), their
   offsets into at; *count.  -1 with err. */
/* Length of the number written at s[a] (a '-' and digits), for messages
   that quote it as written (gc_fmt_number caps its value). */
static int num_len(const char *s, size_t len, size_t a) {
  size_t e = a;
  if (e < len && s[e] == '-')
    e++;
  while (e < len && s[e] >= '0' && s[e] <= '9')
    e++;
  return (int)(e - a);
}

static int read_list(const gc_fmt_in *in, size_t *p, int *v, size_t *at,
                     int max, int *count, const char *what_list,
                     gc_error *err) {
  const char *s = in->text;
  size_t len = in->len, q = skip_ws(s, len, *p);
  char what[32];
  if (q >= len || s[q] != '[') {
    gc_fmt_what(s, len, q, what, sizeof what);
    gc_fmt_err(in, err, GC_E_SYNTAX, q, "expected '[' to open %s, got %s",
               what_list, what);
    return -1;
  }
  q = skip_ws(s, len, q + 1);
  int k = 0;
  while (q < len && s[q] != ']') {
    size_t a = q;
    int neg = 0;
    if (s[q] == '-')
      neg = 1, q++;
    long x;
    if (!gc_fmt_number(s, len, &q, &x)) {
      gc_fmt_what(s, len, q, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, q, "expected a number in %s, got %s",
                 what_list, what);
      return -1;
    }
    if (k == max) {
      gc_fmt_err(in, err, GC_E_TOO_LARGE, a,
                 "too many numbers in %s (at most %d)", what_list, max);
      return -1;
    }
    v[k] = neg ? -(int)x : (int)x;
    at[k++] = a;
    q = skip_ws(s, len, q);
    if (q < len && s[q] == ',')
      q = skip_ws(s, len, q + 1);
    else if (q < len && s[q] != ']') {
      gc_fmt_what(s, len, q, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, q,
                 "expected ',' or ']' after a number in %s, got %s", what_list,
                 what);
      return -1;
    }
  }
  if (q >= len) {
    gc_fmt_err(in, err, GC_E_SYNTAX, q, "expected ']' to close %s", what_list);
    return -1;
  }
  *p = q + 1;
  *count = k;
  return 0;
}

static int codewars_read(const gc_fmt_in *in, size_t *used, json_t **record,
                         gc_error *err) {
  const char *s = in->text;
  size_t len = in->len, p = 0;
  char what[32];
  int v[4 * CW_MAX_N + 1];
  size_t at[4 * CW_MAX_N + 1];
  int count;
  *used = len;
  *record = NULL;
  if (read_list(in, &p, v, at, 4 * CW_MAX_N, &count, "the clue array", err))
    return -1;
  if (count == 0 || count % 4) {
    gc_fmt_err(in, err, GC_E_SHAPE, p - 1,
               "expected 4n clues (n per side, clockwise from the top-left "
               "corner), got %d",
               count);
    return -1;
  }
  int n = count / 4;
  int side[4][CW_MAX_N]; /* top, bottom, left, right */
  static const char *const key[4] = {"top", "bottom", "left", "right"};
  for (int k = 0; k < count; k++) {
    if (v[k] < 0 || v[k] > n) {
      gc_fmt_err(in, err, GC_E_RANGE, at[k],
                 "clue %.*s is out of range 0..%d (0 = no clue)",
                 num_len(s, len, at[k]), s + at[k], n);
      return -1;
    }
    int which = k / n, i = k % n, sd, pos;
    switch (which) {
    case 0: sd = 0, pos = i; break;         /* top, left to right */
    case 1: sd = 3, pos = i; break;         /* right, top to bottom */
    case 2: sd = 1, pos = n - 1 - i; break; /* bottom, right to left */
    default: sd = 2, pos = n - 1 - i; break; /* left, bottom to top */
    }
    side[sd][pos] = v[k];
    gc_fmt_mark(in, key[sd], pos, -1, at[k]);
  }
  int *givens = calloc((size_t)(n * n), sizeof *givens);
  if (!givens) {
    gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
    return -1;
  }
  p = skip_ws(s, len, p);
  if (p < len) {
    if (len - p < 5 || strncmp(s + p, "board", 5)) {
      gc_fmt_what(s, len, p, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, p,
                 "expected the end of the line (or 'board=' and the starting "
                 "grid) after the clue array, got %s",
                 what);
      goto fail;
    }
    p = skip_ws(s, len, p + 5);
    if (p >= len || s[p] != '=') {
      gc_fmt_what(s, len, p, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, p, "expected '=' after 'board', got %s",
                 what);
      goto fail;
    }
    p = skip_ws(s, len, p + 1);
    if (p >= len || s[p] != '[') {
      gc_fmt_what(s, len, p, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, p,
                 "expected '[' to open the board, got %s", what);
      goto fail;
    }
    p++;
    for (int r = 0; r < n; r++) {
      if (r) {
        p = skip_ws(s, len, p);
        if (p >= len || s[p] != ',') {
          gc_fmt_what(s, len, p, what, sizeof what);
          gc_fmt_err(in, err, GC_E_SHAPE, p,
                     "expected ',' and row %d of the %d x %d board, got %s",
                     r + 1, n, n, what);
          goto fail;
        }
        p++;
      }
      int row[CW_MAX_N + 1], k;
      size_t rat[CW_MAX_N + 1];
      size_t row_at = skip_ws(s, len, p);
      char name[32];
      snprintf(name, sizeof name, "row %d of the board", r + 1);
      if (read_list(in, &p, row, rat, n, &k, name, err))
        goto fail;
      if (k != n) {
        gc_fmt_err(in, err, GC_E_SHAPE, row_at,
                   "row %d of the board has %d numbers, expected %d", r + 1, k,
                   n);
        goto fail;
      }
      for (int c = 0; c < n; c++) {
        if (row[c] < 0 || row[c] > n) {
          gc_fmt_err(in, err, GC_E_RANGE, rat[c],
                     "%.*s on the board is out of range 0..%d (0 = empty)",
                     num_len(s, len, rat[c]), s + rat[c], n);
          goto fail;
        }
        givens[r * n + c] = row[c];
        gc_fmt_mark(in, "givens", r, c, rat[c]);
      }
    }
    p = skip_ws(s, len, p);
    if (p < len && s[p] == ',')
      p = skip_ws(s, len, p + 1);
    if (p >= len || s[p] != ']') {
      gc_fmt_what(s, len, p, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SHAPE, p,
                 "expected ']' after the %d rows of the board, got %s", n,
                 what);
      goto fail;
    }
    p = skip_ws(s, len, p + 1);
    if (p < len) {
      gc_fmt_what(s, len, p, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, p,
                 "expected the end of the line after the board, got %s", what);
      goto fail;
    }
  }
  const int *const sides[4] = {side[0], side[1], side[2], side[3]};
  json_t *rec = gc_rec_skyscrapers(in, n, sides, givens, err);
  if (!rec)
    goto fail;
  free(givens);
  *record = rec;
  return 1;
fail:
  free(givens);
  return -1;
}

static char *codewars_write(const json_t *rec, gc_error *err) {
  const char *g = gc_rec_genre(rec);
  int n = gc_rec_n(rec);
  if (strcmp(g, "skyscrapers")) {
    gc_fmt_cannot(err, "Codewars clue arrays are Skyscrapers clues, not %s", g);
    return NULL;
  }
  if (json_object_get(rec, "boxes") && !json_is_null(json_object_get(rec, "boxes"))) {
    gc_fmt_cannot(err, "a Codewars clue array has no Sudoku boxes");
    return NULL;
  }
  int top[32], bottom[32], left[32], right[32];
  int *givens = malloc((size_t)(n * n) * sizeof *givens);
  if (!givens) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  gc_rec_ints(rec, "top", n, top);
  gc_rec_ints(rec, "bottom", n, bottom);
  gc_rec_ints(rec, "left", n, left);
  gc_rec_ints(rec, "right", n, right);
  gc_rec_matrix(rec, "givens", n, givens);
  int given = 0;
  for (int i = 0; i < n * n; i++)
    given += givens[i] != 0;
  free(givens);
  if (given) {
    gc_fmt_cannot(err, "a Codewars clue array carries no givens (this puzzle "
                       "has %d)",
                  given);
    return NULL;
  }
  gc_strbuf b = {0};
  gc_sb_put(&b, "[");
  for (int k = 0; k < 4 * n; k++) {
    int i = k % n, v;
    switch (k / n) {
    case 0: v = top[i]; break;
    case 1: v = right[i]; break;
    case 2: v = bottom[n - 1 - i]; break;
    default: v = left[n - 1 - i]; break;
    }
    gc_sb_printf(&b, "%s%d", k ? ", " : "", v);
  }
  gc_sb_put(&b, "]");
  return gc_fmt_finish(&b, err);
}

static const char *const codewars_aliases[] = {"clockwise", NULL};

const gc_format gc_format_codewars = {
    .name = "codewars",
    .aliases = codewars_aliases,
    .summary = "Codewars Skyscrapers clue arrays, clockwise from the top-left "
               "corner: '[0, 0, 1, 2, ...]'",
    .genres = "skyscrapers",
    .order = 40,
    .sniff = sniff,
    .read = codewars_read,
    .write = codewars_write,
};
