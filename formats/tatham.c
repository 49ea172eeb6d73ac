/*
 * tatham.c: game IDs of Simon Tatham's Portable Puzzle Collection, the
 * text that "Game > Specific..." shows and takes, for Towers
 * (Skyscrapers) and Unequal (Futoshiki).  An ID is "params:description";
 * "params#seed" is a random seed, which only the game's own generator
 * turns into a puzzle, and is refused with that explanation.
 *
 * params       N, then 'a' (Unequal's Adjacent mode), then 'd' and a
 *              difficulty letter (Towers e h x u, Unequal t e k x r), which
 *              is read and ignored.
 * Towers       "clue/clue/.../clue[,grid]": 4N clues, each empty or 1..N,
 *              in the order top (columns left to right), bottom (left to
 *              right), left (rows top to bottom), right (top to bottom).
 *              The grid lists the cells row by row: 'a'..'z' skip 1..26
 *              empty cells, a number is a given, '_' separates two numbers.
 *              Example: 4:///////3//3///1///,m2b
 * Unequal      "cell,cell,...,cell[,]": N*N cells row by row, each a
 *              number 0..N (0 = empty), optionally after letters 'a'..'z'
 *              that first skip 1..26 empty cells, and followed by flags
 *              U R D L: this cell is greater than its neighbour above,
 *              right, below, left.  Example: 4:0,0,0,0,0R,0,2D,0,...
 * Adjacent     "Na:" and the same cells, whose flags U R D L now mark the
 *              neighbour above, right, below, left as holding a consecutive
 *              digit; a mark stands on both of its cells (the game rejects
 *              a flag without its counterpart, and so does this reader).
 *              Neighbours without a mark hold digits that are not
 *              consecutive.  The record gets "adjacent" (futoshiki.c).
 *              Example (sgt-unequal --generate 1 5a):
 *              5a:5,0,0R,0L,0,0RD,0DL,5R,0DL,0,0U,0UD,0D,0U,0D,0RD,...
 * A description with a '/' is Towers, otherwise Unequal.
 *
 * Reading takes sizes 1..32 (what the genres hold); writing gives what the
 * game itself accepts: Towers 3..9 (clues are one character there),
 * Unequal 3..32 (Adjacent too), no Sudoku boxes, no pair of cells with
 * signs both ways.
 * Writing reproduces the generator's own IDs (flags in the order U R D L,
 * a final ',' after the last Unequal cell).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "strbuf.h"

#define T_MAX_N 32

static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_lower(char c) { return c >= 'a' && c <= 'z'; }

/*------------------------------------------------------------------------*/

/* Where the game ID starts in a link to a game on Tatham's site
   (".../puzzles/js/towers.html#6:2//4/..."): after the '#' of an address
   of an .html page; 0 when s is no such link. */
static size_t after_page(const char *s, size_t len) {
  if (!((len > 7 && !memcmp(s, "http://", 7)) ||
        (len > 8 && !memcmp(s, "https://", 8))))
    return 0;
  const char *hash = memchr(s, '#', len);
  if (!hash || hash - s < 5 || memcmp(hash - 5, ".html", 5))
    return 0;
  return (size_t)(hash - s) + 1;
}

/* N[a][dX] then ':' or '#'; a few other letters are let in, so that the
   reader says what is wrong with them.  A link to the game on Tatham's
   site with the ID after its '#' too. */
static int sniff(const char *s, size_t len) {
  size_t page = after_page(s, len);
  if (page)
    return page < len && sniff(s + page, len - page) ? 95 : 0;
  size_t p = 0;
  while (p < len && is_digit(s[p]))
    p++;
  if (p == 0)
    return 0;
  size_t digits = p;
  for (size_t k = 0; k < 4 && p < len && is_lower(s[p]); k++)
    p++;
  if (p >= len || (s[p] != ':' && s[p] != '#'))
    return 0;
  /* a size of four digits or more: only a weak claim, then "out of range" */
  return digits <= 3 ? 90 : 30;
}

static const char *const side_key[4] = {"top", "bottom", "left", "right"};

static int read_towers(const gc_fmt_in *in, size_t d, int n, json_t **record,
                       gc_error *err) {
  const char *s = in->text;
  size_t len = in->len, q = d;
  char what[32];
  int clue[4 * T_MAX_N] = {0};
  int *givens = calloc((size_t)(n * n), sizeof *givens);
  if (!givens) {
    gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
    return -1;
  }
  for (int k = 0; k < 4 * n; k++) {
    if (k > 0) {
      if (q < len && s[q] == '/')
        q++;
      else if (q >= len || s[q] == ',') {
        gc_fmt_err(in, err, GC_E_SHAPE, q,
                   "expected %d clues for size %d ('/' between them: top, "
                   "bottom, left, right), got %d",
                   4 * n, n, k);
        goto fail;
      } else {
        gc_fmt_what(s, len, q, what, sizeof what);
        gc_fmt_err(in, err, GC_E_SYNTAX, q,
                   "expected '/' between clues, got %s", what);
        goto fail;
      }
    }
    size_t at = q;
    long v;
    if (gc_fmt_number(s, len, &q, &v)) {
      if (v < 1 || v > n) {
        gc_fmt_err(in, err, GC_E_RANGE, at,
                   "clue %.*s is out of range 1..%d (leave the field empty for "
                   "no clue)",
                   (int)(q - at), s + at, n);
        goto fail;
      }
      clue[k] = (int)v;
      gc_fmt_mark(in, side_key[k / n], k % n, -1, at);
    } else if (q < len && s[q] != '/' && s[q] != ',') {
      gc_fmt_what(s, len, q, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, q,
                 "expected a clue 1..%d or '/', got %s", n, what);
      goto fail;
    }
  }
  if (q < len && s[q] == '/') {
    gc_fmt_err(in, err, GC_E_SHAPE, q,
               "too many clues: a size-%d Towers ID has %d, '/' between them",
               n, 4 * n);
    goto fail;
  }
  if (q < len && s[q] != ',') {
    gc_fmt_what(s, len, q, what, sizeof what);
    gc_fmt_err(in, err, GC_E_SYNTAX, q,
               "expected ',' after the %d clues of size %d, got %s", 4 * n, n,
               what);
    goto fail;
  }
  if (q < len) { /* the grid */
    q++;
    int cell = 0, after_number = 0;
    while (q < len) {
      char ch = s[q];
      if (is_lower(ch)) {
        int run = ch - 'a' + 1;
        if (cell + run > n * n) {
          gc_fmt_err(in, err, GC_E_SHAPE, q,
                     "too much data: '%c' skips %d empty cell%s, but only %d "
                     "of the %d cells are left",
                     ch, run, run == 1 ? "" : "s", n * n - cell, n * n);
          goto fail;
        }
        cell += run;
        q++;
        after_number = 0;
      } else if (is_digit(ch)) {
        size_t at = q;
        long v;
        gc_fmt_number(s, len, &q, &v);
        if (cell >= n * n) {
          gc_fmt_err(in, err, GC_E_SHAPE, at,
                     "too much data: a number after all %d cells of the grid",
                     n * n);
          goto fail;
        }
        if (v < 1 || v > n) {
          gc_fmt_err(in, err, GC_E_RANGE, at,
                     "%.*s in the grid is out of range 1..%d", (int)(q - at),
                     s + at, n);
          goto fail;
        }
        givens[cell] = (int)v;
        gc_fmt_mark(in, "givens", cell / n, cell % n, at);
        cell++;
        after_number = 1;
      } else if (ch == '_' && after_number && q + 1 < len &&
                 is_digit(s[q + 1])) {
        q++;
        after_number = 0;
      } else {
        gc_fmt_what(s, len, q, what, sizeof what);
        gc_fmt_err(in, err, GC_E_SYNTAX, q,
                   "unexpected %s in the grid (a-z skip 1-26 empty cells, a "
                   "number is a given, '_' stands between two numbers)",
                   what);
        goto fail;
      }
    }
    if (cell < n * n) {
      gc_fmt_err(in, err, GC_E_SHAPE, q,
                 "not enough data: the grid covers %d of the %d cells", cell,
                 n * n);
      goto fail;
    }
  }
  const int *const sides[4] = {clue, clue + n, clue + 2 * n, clue + 3 * n};
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

static int read_unequal(const gc_fmt_in *in, size_t d, int n, int adjacent,
                        json_t **record, gc_error *err) {
  const char *s = in->text;
  size_t len = in->len, q = d;
  char what[32];
  int cells = n * n;
  int *givens = calloc((size_t)cells, sizeof *givens);
  unsigned char *flags = calloc((size_t)cells, 1);
  size_t *flag_at = calloc((size_t)cells * 4, sizeof *flag_at);
  json_t *lt = json_array();
  if (!givens || !flags || !flag_at || !lt) {
    gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
    goto fail;
  }
  int cell = 0;
  for (;;) {
    if (cell == cells) {
      if (q == len)
        break;
      gc_fmt_what(s, len, q, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SHAPE, q,
                 "too much data: all %d cells are given, then %s", cells, what);
      goto fail;
    }
    if (q == len) {
      gc_fmt_err(in, err, GC_E_SHAPE, q,
                 "not enough data: the description gives %d of the %d cells",
                 cell, cells);
      goto fail;
    }
    while (q < len && is_lower(s[q])) {
      cell += s[q] - 'a' + 1;
      if (cell >= cells) {
        gc_fmt_err(in, err, GC_E_SHAPE, q,
                   "too much data: '%c' skips past the %d cells of the grid",
                   s[q], cells);
        goto fail;
      }
      q++;
    }
    size_t at = q;
    long v;
    if (!gc_fmt_number(s, len, &q, &v)) {
      gc_fmt_what(s, len, q, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, q,
                 "expected the number of cell %d (r%dc%d; 0 = empty), got %s",
                 cell + 1, cell / n + 1, cell % n + 1, what);
      goto fail;
    }
    if (v > n) {
      gc_fmt_err(in, err, GC_E_RANGE, at,
                 "%.*s is out of range 0..%d (0 = empty)", (int)(q - at),
                 s + at, n);
      goto fail;
    }
    givens[cell] = (int)v;
    gc_fmt_mark(in, "givens", cell / n, cell % n, at);
    int r = cell / n, c = cell % n;
    while (q < len && s[q] && strchr("URDL", s[q])) {
      char f = s[q];
      int bit = f == 'U' ? 1 : f == 'R' ? 2 : f == 'D' ? 4 : 8;
      int r2 = r + (f == 'D') - (f == 'U'), c2 = c + (f == 'R') - (f == 'L');
      if (flags[cell] & bit) {
        gc_fmt_err(in, err, GC_E_SYNTAX, q, "flag '%c' twice on r%dc%d", f,
                   r + 1, c + 1);
        goto fail;
      }
      if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n) {
        gc_fmt_err(in, err, GC_E_SHAPE, q,
                   "flag '%c' on r%dc%d points off the grid", f, r + 1, c + 1);
        goto fail;
      }
      flags[cell] |= (unsigned char)bit;
      flag_at[cell * 4 + (f == 'U' ? 0 : f == 'R' ? 1 : f == 'D' ? 2 : 3)] = q;
      if (!adjacent) /* the flagged cell is the greater: neighbour < cell */
        json_array_append_new(lt, json_pack("[iiii]", r2, c2, r, c));
      else if (f == 'R' || f == 'D') /* each mark once, from its first cell */
        json_array_append_new(lt, json_pack("[iiii]", r, c, r2, c2));
      q++;
    }
    cell++;
    if (q == len)
      continue; /* the checks at the top of the loop */
    if (s[q] != ',') {
      gc_fmt_what(s, len, q, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, q,
                 "expected ',' after cell %d (r%dc%d), got %s", cell, r + 1,
                 c + 1, what);
      goto fail;
    }
    q++;
    if (q == len && cell == cells)
      break; /* the generator's final ',' */
  }
  /* Adjacent: a mark stands on both of its cells (U of one is D of the
     cell above, R of one is L of the cell to its right). */
  for (int i = 0; adjacent && i < cells; i++)
    for (int k = 0; k < 4; k++) {
      if (!(flags[i] & (1 << k)))
        continue;
      int j = i + (k == 0 ? -n : k == 1 ? 1 : k == 2 ? n : -1);
      int back = (k + 2) % 4;
      if (!(flags[j] & (1 << back))) {
        gc_fmt_err(in, err, GC_E_SHAPE, flag_at[i * 4 + k],
                   "flag '%c' on r%dc%d marks r%dc%d as consecutive, but "
                   "r%dc%d has no '%c' back (an Adjacent mark stands on both "
                   "cells)",
                   "URDL"[k], i / n + 1, i % n + 1, j / n + 1, j % n + 1,
                   j / n + 1, j % n + 1, "URDL"[back]);
        goto fail;
      }
    }
  json_t *rec = gc_rec_new("futoshiki", n);
  if (!rec) {
    gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
    goto fail;
  }
  gc_rec_set_matrix(rec, "givens", givens, n);
  json_object_set_new(rec, adjacent ? "adjacent" : "lt", lt);
  free(givens);
  free(flags);
  free(flag_at);
  *record = rec;
  return 1;
fail:
  free(givens);
  free(flags);
  free(flag_at);
  json_decref(lt);
  return -1;
}

static int tatham_read(const gc_fmt_in *whole, size_t *used, json_t **record,
                       gc_error *err) {
  gc_fmt_in at = *whole; /* a link to the game: the ID after its '#' */
  size_t page = after_page(whole->text, whole->len);
  at.text += page;
  at.len -= page;
  at.column += (long)page;
  const gc_fmt_in *in = &at;
  *used = whole->len;
  const char *s = in->text;
  size_t len = in->len, p = 0;
  char what[32];
  *record = NULL;
  long n;
  if (!gc_fmt_number(s, len, &p, &n)) {
    gc_fmt_err(in, err, GC_E_SYNTAX, 0,
               "expected the size at the start of a Tatham game ID (e.g. "
               "'5:...')");
    return -1;
  }
  size_t digits = p, adjacent = 0, diff_at = 0;
  if (p < len && s[p] == 'a')
    adjacent = ++p;
  if (p < len && s[p] == 'd') {
    diff_at = ++p;
    if (p >= len || !is_lower(s[p])) {
      gc_fmt_what(s, len, p, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, p,
                 "expected a difficulty letter after 'd', got %s", what);
      return -1;
    }
    p++;
  }
  if (p < len && s[p] == '#') {
    gc_fmt_err(in, err, GC_E_SYNTAX, p,
               "'%.*s#...' is a random seed, not a puzzle: only the game's "
               "own generator turns it into one; paste the game ID (Game > "
               "Specific..., the form '%.*s:...') instead",
               (int)p, s, (int)digits, s);
    return -1;
  }
  if (p >= len || s[p] != ':') {
    gc_fmt_what(s, len, p, what, sizeof what);
    gc_fmt_err(in, err, GC_E_SYNTAX, p,
               "expected ':' and the game description after the parameters "
               "'%.*s', got %s",
               (int)p, s, what);
    return -1;
  }
  size_t d = p + 1;
  int towers = memchr(s + d, '/', len - d) != NULL;
  const char *game = towers ? "Towers" : "Unequal";
  if (adjacent && towers) {
    gc_fmt_err(in, err, GC_E_SYNTAX, adjacent - 1,
               "'a' is not a Towers parameter (it selects Unequal's Adjacent "
               "mode)");
    return -1;
  }
  if (diff_at) {
    const char *letters = towers ? "ehxu" : "tekxr";
    if (!strchr(letters, s[diff_at])) {
      gc_fmt_err(in, err, GC_E_SYNTAX, diff_at,
                 "unknown %s difficulty '%c' (%s)", game, s[diff_at],
                 towers ? "e, h, x or u" : "t, e, k, x or r");
      return -1;
    }
  }
  if (n < 1 || n > T_MAX_N) {
    gc_fmt_err(in, err, n < 1 ? GC_E_RANGE : GC_E_TOO_LARGE, 0,
               "size %.*s is out of range 1..%d", (int)digits, s, T_MAX_N);
    return -1;
  }
  if (d == len) {
    gc_fmt_err(in, err, GC_E_SHAPE, d,
               "expected the game description after ':'");
    return -1;
  }
  return towers ? read_towers(in, d, (int)n, record, err)
                : read_unequal(in, d, (int)n, adjacent != 0, record, err);
}

/*------------------------------------------------------------------------*/

static char *write_towers(const json_t *rec, int n, gc_error *err) {
  if (json_object_get(rec, "boxes") && !json_is_null(json_object_get(rec, "boxes"))) {
    gc_fmt_cannot(err, "Tatham's Towers has no Sudoku boxes");
    return NULL;
  }
  if (n < 3 || n > 9) {
    gc_fmt_cannot(err, "Tatham's Towers has sizes 3 to 9, this puzzle is %d x %d",
                  n, n);
    return NULL;
  }
  int clue[4 * 9], givens[81];
  for (int k = 0; k < 4; k++)
    if (gc_rec_ints(rec, side_key[k], n, clue + k * n)) {
      gc_error_set(err, GC_E_INTERNAL, 0, 0, "bad \"%s\" in the record", side_key[k]);
      return NULL;
    }
  if (gc_rec_matrix(rec, "givens", n, givens)) {
    gc_error_set(err, GC_E_INTERNAL, 0, 0, "bad \"givens\" in the record");
    return NULL;
  }
  gc_strbuf b = {0};
  gc_sb_printf(&b, "%d:", n);
  for (int k = 0; k < 4 * n; k++) {
    if (k)
      gc_sb_put(&b, "/");
    if (clue[k])
      gc_sb_printf(&b, "%d", clue[k]);
  }
  int any = 0;
  for (int i = 0; i < n * n; i++)
    any |= givens[i] != 0;
  if (any) {
    gc_sb_put(&b, ",");
    int run = 0, prev_number = 0;
    for (int i = 0; i <= n * n; i++) {
      if (i < n * n && !givens[i]) {
        run++;
        continue;
      }
      while (run > 0) {
        int k = run > 26 ? 26 : run;
        gc_sb_printf(&b, "%c", 'a' + k - 1);
        run -= k;
        prev_number = 0;
      }
      if (i == n * n)
        break;
      gc_sb_printf(&b, "%s%d", prev_number ? "_" : "", givens[i]);
      prev_number = 1;
    }
  }
  return gc_fmt_finish(&b, err);
}

static char *write_unequal(const json_t *rec, int n, gc_error *err) {
  if (n < 3) {
    gc_fmt_cannot(err, "Tatham's Unequal has sizes 3 to 32, this puzzle is %d x %d",
                  n, n);
    return NULL;
  }
  int *givens = malloc((size_t)(n * n) * sizeof *givens);
  unsigned char *flags = calloc((size_t)(n * n), 1);
  char *out = NULL;
  if (!givens || !flags) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  if (gc_rec_matrix(rec, "givens", n, givens)) {
    gc_error_set(err, GC_E_INTERNAL, 0, 0, "bad \"givens\" in the record");
    goto done;
  }
  const json_t *adj = json_object_get(rec, "adjacent");
  int adjacent = json_is_array(adj);
  for (size_t k = 0; k < json_array_size(adj); k++) {
    const json_t *e = json_array_get(adj, k);
    int x[4];
    for (int j = 0; j < 4; j++)
      x[j] = (int)json_integer_value(json_array_get(e, (size_t)j));
    /* a mark: the flag towards the other cell on each of the two */
    for (int side = 0; side < 2; side++) {
      int r = x[2 * side], c = x[2 * side + 1];
      int dr = x[2 - 2 * side] - r, dc = x[3 - 2 * side] - c;
      int bit = dr == -1 ? 1 : dc == 1 ? 2 : dr == 1 ? 4 : dc == -1 ? 8 : 0;
      if (!bit || r < 0 || r >= n || c < 0 || c >= n) {
        gc_error_set(err, GC_E_INTERNAL, 0, 0, "bad \"adjacent\" in the record");
        goto done;
      }
      flags[r * n + c] |= (unsigned char)bit;
    }
  }
  const json_t *lt = json_object_get(rec, "lt");
  for (size_t k = 0; k < json_array_size(lt); k++) {
    const json_t *e = json_array_get(lt, k);
    int x[4];
    for (int j = 0; j < 4; j++)
      x[j] = (int)json_integer_value(json_array_get(e, (size_t)j));
    /* x0,x1 < x2,x3: the flag sits on the greater cell, pointing at the
       smaller one */
    int dr = x[0] - x[2], dc = x[1] - x[3];
    int bit = dr == -1 ? 1 : dc == 1 ? 2 : dr == 1 ? 4 : dc == -1 ? 8 : 0;
    if (!bit || x[2] < 0 || x[2] >= n || x[3] < 0 || x[3] >= n) {
      gc_error_set(err, GC_E_INTERNAL, 0, 0, "bad \"lt\" in the record");
      goto done;
    }
    flags[x[2] * n + x[3]] |= (unsigned char)bit;
  }
  for (int i = 0; i < n * n && !adjacent; i++) {
    int r = i / n, c = i % n;
    if ((c + 1 < n && (flags[i] & 2) && (flags[i + 1] & 8)) ||
        (r + 1 < n && (flags[i] & 4) && (flags[i + n] & 1))) {
      int j = flags[i] & 2 && c + 1 < n && flags[i + 1] & 8 ? i + 1 : i + n;
      gc_fmt_cannot(err,
                    "r%dc%d and r%dc%d have signs both ways, which Unequal "
                    "rejects",
                    r + 1, c + 1, j / n + 1, j % n + 1);
      goto done;
    }
  }
  gc_strbuf b = {0};
  gc_sb_printf(&b, "%d%s:", n, adjacent ? "a" : "");
  for (int i = 0; i < n * n; i++) {
    gc_sb_printf(&b, "%d", givens[i]);
    static const char names[4] = {'U', 'R', 'D', 'L'};
    for (int k = 0; k < 4; k++)
      if (flags[i] & (1 << k))
        gc_sb_printf(&b, "%c", names[k]);
    gc_sb_put(&b, ",");
  }
  out = gc_sb_finish(&b);
  if (!out)
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
done:
  free(givens);
  free(flags);
  return out;
}

static char *tatham_write(const json_t *rec, gc_error *err) {
  const char *g = gc_rec_genre(rec);
  int n = gc_rec_n(rec);
  if (!strcmp(g, "skyscrapers"))
    return write_towers(rec, n, err);
  if (!strcmp(g, "futoshiki"))
    return write_unequal(rec, n, err);
  gc_fmt_cannot(err, "Tatham's collection has Towers and Unequal, not %s", g);
  return NULL;
}

static const char *const tatham_aliases[] = {"tatham-id", "sgt", NULL};

const gc_format gc_format_tatham = {
    .name = "tatham",
    .aliases = tatham_aliases,
    .summary = "Simon Tatham's game IDs: Towers 'N:clues[,grid]', Unequal "
               "'N:cells', Adjacent 'Na:cells' (paste from Game > "
               "Specific...)",
    .genres = "skyscrapers, futoshiki",
    .order = 10,
    .sniff = sniff,
    .read = tatham_read,
    .write = tatham_write,
};
