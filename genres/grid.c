/*
 * grid.c: a filled (or partly filled) grid for a puzzle, as people write
 * it or as gridcnf prints it: `gridcnf check` and `gridcnf hint --grid`
 * read it.
 *
 * JSON: an array of n rows of n numbers (null = empty), or an object with
 * a "solution" or "grid" key holding one (a `solve --json` answer, a
 * corpus record).  Text: one row per line, cells separated by white space,
 * or one character per cell when no row has white space inside; '#'
 * starts a comment.  Skipped so that `gridcnf solve` output reads back:
 * a header line naming a genre, status lines (with a ':'), the clue frame
 * around a Skyscrapers grid (n + 2 rows, n + 2 cells in the inner ones),
 * Futoshiki's signs (< > ^ v) and its "also ..." lines.
 *
 * Also skipped: the box-drawing characters (U+2500..U+257F) of the picture
 * `gridcnf solve` draws on a terminal, and ANSI colour sequences, so that
 * what was copied from a terminal reads too.
 *
 * One convention in every genre: '.', '?' or '_' = an empty cell (not yet
 * decided).  Latin genres: digits 1..n, and '-' or 0 = empty too.  Star
 * Battle: '*', '1' or a star (U+2605, U+2606) = star; 'x', 'X', '-', '0',
 * a middle dot (U+00B7), a shade (U+2591) or a region's letter or digit
 * (what `solve` prints) = no star.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "genre.h"

typedef struct cellref {
  const char *s;
  size_t len;
  long line, col;
} cellref;

typedef struct row {
  cellref *cell;
  int count;
  long line;
  int dashes; /* every cell '-': empty cells, or Adjacent Futoshiki's marks
                 between two rows as solve prints them */
} row;

/* The length of a run that separates cells like a space: white space, a
   box-drawing character (U+2500..U+257F: E2 94 80..E2 95 BF), an ANSI
   escape sequence (ESC [ ... final byte); 0 when s[i] is none of these. */
static size_t gap_at(const char *s, size_t len, size_t i) {
  unsigned char ch = (unsigned char)s[i];
  if (isspace(ch))
    return 1;
  if (ch == 0xe2 && i + 2 < len && ((unsigned char)s[i + 1] == 0x94 ||
                                    (unsigned char)s[i + 1] == 0x95))
    return 3;
  if (ch == 0x1b && i + 1 < len && s[i + 1] == '[') {
    size_t j = i + 2;
    while (j < len && (unsigned char)s[j] >= 0x20 && (unsigned char)s[j] <= 0x3f)
      j++;
    return j < len ? j + 1 - i : len - i;
  }
  return 0;
}

static int is_sign(char ch) {
  return ch == '<' || ch == '>' || ch == '^' || ch == 'v' || ch == 'V' ||
         ch == '|';
}

static size_t utf8_len(unsigned char ch) {
  return ch < 0x80 ? 1 : ch >= 0xf0 ? 4 : ch >= 0xe0 ? 3 : ch >= 0xc0 ? 2 : 1;
}

static int set_err(gc_error *err, const char *source, long line, long col,
                   const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static int set_err(gc_error *err, const char *source, long line, long col,
                   const char *fmt, ...) {
  char msg[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  gc_error_clear(err);
  gc_error_source(err, source);
  gc_error_set(err, GC_E_SHAPE, line, col, "%s", msg);
  return -1;
}

/*------------------------------------------------------------------------*/

static int value_of_json(const gc_puzzle *pz, const json_t *v, int *out) {
  int boolean = pz->genre->cells == GC_CELLS_BOOL;
  if (json_is_null(v)) {
    *out = GC_EMPTY;
    return 0;
  }
  if (json_is_boolean(v) && boolean) {
    *out = json_is_true(v);
    return 0;
  }
  if (!json_is_integer(v))
    return -1;
  json_int_t k = json_integer_value(v);
  if (boolean ? k < -1 || k > 1 : k < -1 || k > pz->n)
    return -1;
  *out = !boolean && k == 0 ? GC_EMPTY : (int)k;
  return 0;
}

static int read_json(const gc_puzzle *pz, const char *text, size_t len,
                     const char *source, gc_grid *g, gc_error *err) {
  json_error_t je;
  gc_jload_fail why;
  json_t *root = gc_json_loadb(text, len, JSON_DISABLE_EOF_CHECK, &je, &why);
  if (!root) {
    /* the line and column (from 1, in bytes) of the offending token */
    size_t at = why == GC_JLOAD_NOMEM ? 0 : gc_json_error_offset(text, len, &je);
    long line = 1, col = 1;
    for (size_t i = 0; i < at && i < len; i++, col++)
      if (text[i] == '\n')
        line++, col = 0;
    if (why == GC_JLOAD_NOMEM) {
      gc_error_clear(err);
      gc_error_source(err, source);
      gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory reading the grid");
      return -1;
    }
    if (why == GC_JLOAD_LONG) {
      set_err(err, source, line, col,
              "a JSON string or number longer than %zu bytes (the limit)",
              GC_JSON_MAX_TOKEN);
      err->code = GC_E_TOO_LARGE;
      return -1;
    }
    return set_err(err, source, line, col, "%s", je.text);
  }
  const json_t *a = root;
  int n = pz->n, rc = -1;
  if (json_is_object(root)) {
    a = json_object_get(root, "solution");
    if (!a || json_is_null(a))
      a = json_object_get(root, "grid");
    if (!a || !json_is_array(a)) {
      set_err(err, source, 1, 1, "the JSON object has no \"solution\" or \"grid\" array");
      goto done;
    }
  }
  if (!json_is_array(a) || (int)json_array_size(a) != n) {
    set_err(err, source, 1, 1, "the grid has %ld rows, the puzzle %d",
            json_is_array(a) ? (long)json_array_size(a) : 0L, n);
    goto done;
  }
  if (gc_grid_init(g, n)) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  for (int r = 0; r < n; r++) {
    const json_t *jr = json_array_get(a, (size_t)r);
    if (!json_is_array(jr) || (int)json_array_size(jr) != n) {
      set_err(err, source, 1, 1, "row %d of the grid does not have %d cells", r + 1, n);
      goto fail;
    }
    for (int c = 0; c < n; c++)
      if (value_of_json(pz, json_array_get(jr, (size_t)c), &g->cell[r * n + c])) {
        if (pz->genre->cells == GC_CELLS_BOOL)
          set_err(err, source, 1, 1, "r%dc%d of the grid is not 0, 1 or null",
                  r + 1, c + 1);
        else
          set_err(err, source, 1, 1,
                  "r%dc%d of the grid is not a digit 1..%d, 0 or null", r + 1,
                  c + 1, n);
        goto fail;
      }
  }
  rc = 0;
  goto done;
fail:
  gc_grid_free(g);
done:
  json_decref(root);
  return rc;
}

/*------------------------------------------------------------------------*/

/* The cells of one line (signs dropped for Latin genres; gaps as in
   gap_at). */
static int split_line(const gc_puzzle *pz, const char *s, size_t len, long line,
                      row *out) {
  int boolean = pz->genre->cells == GC_CELLS_BOOL;
  cellref *cells = malloc((len + 1) * sizeof *cells);
  if (!cells)
    return -1;
  int spaced = 0, count = 0;
  /* A gap between two cells?  Then cells are words, else characters. */
  for (size_t i = 0, seen = 0, gap = 0; i < len;) {
    size_t k = gap_at(s, len, i);
    if (k || (!boolean && is_sign(s[i]))) {
      gap |= seen && k;
      i += k ? k : 1;
      continue;
    }
    if (gap) {
      spaced = 1;
      break;
    }
    seen = 1;
    i += utf8_len((unsigned char)s[i]);
  }
  for (size_t i = 0; i < len;) {
    size_t k = gap_at(s, len, i);
    if (k || (!boolean && is_sign(s[i]))) {
      i += k ? k : 1;
      continue;
    }
    size_t j = i + utf8_len((unsigned char)s[i]);
    if (spaced)
      while (j < len && !gap_at(s, len, j) && (boolean || !is_sign(s[j])))
        j++;
    if (j > len)
      j = len;
    cells[count++] = (cellref){s + i, j - i, line, (long)i + 1};
    i = j;
  }
  out->cell = cells;
  out->count = count;
  out->line = line;
  return 0;
}

static int skip_line(const gc_puzzle *pz, const char *s, size_t len) {
  if (memchr(s, ':', len))
    return 1; /* "id: unique (...)", "second solution:" */
  size_t i = 0;
  while (i < len && isalpha((unsigned char)s[i]))
    i++;
  if (i >= 2) {
    char word[32];
    snprintf(word, sizeof word, "%.*s", (int)(i < 31 ? i : 31), s);
    if (gc_genre_find(word) && (i == len || isspace((unsigned char)s[i])))
      return 1; /* a header */
    if (pz->genre->cells != GC_CELLS_BOOL)
      return 1; /* words: Futoshiki's "also ..." */
  }
  return 0;
}

static int cell_value(const gc_puzzle *pz, const cellref *t, const char *source,
                      int *out, gc_error *err) {
  int n = pz->n;
  if (pz->genre->cells == GC_CELLS_BOOL) {
    char ch = t->len == 1 ? t->s[0] : 0;
    if (ch && strchr(".?_", ch))
      *out = GC_EMPTY;
    else if (ch == '*' || ch == '1' ||
             (t->len == 3 && !memcmp(t->s, "\xe2\x98\x85", 3)) || /* U+2605 */
             (t->len == 3 && !memcmp(t->s, "\xe2\x98\x86", 3)))   /* U+2606 */
      *out = 1;
    else if ((ch && (strchr("xX0-", ch) ||
                     (isalnum((unsigned char)ch) &&
                      (!pz->genre->region_char ||
                       pz->genre->region_char(pz, ch))))) ||
             (t->len == 2 && !memcmp(t->s, "\xc2\xb7", 2)) ||     /* U+00B7 */
             (t->len == 3 && !memcmp(t->s, "\xe2\x96\x91", 3)))   /* U+2591 */
      *out = 0;
    else if (ch && isalnum((unsigned char)ch))
      return set_err(err, source, t->line, t->col,
                     "'%c' is no region of the puzzle: a star is '*' or '1', "
                     "no star 'x', '-', '0' or its region's letter, an empty "
                     "cell '.' or '?'",
                     ch);
    else
      return set_err(err, source, t->line, t->col,
                     "'%.*s' is not a star ('*' or '1'), no star ('x', '-', "
                     "'0' or a region letter) or empty ('.' or '?')",
                     (int)(t->len > 12 ? 12 : t->len), t->s);
    return 0;
  }
  if (t->len == 1 && strchr(".?_-0", t->s[0])) {
    *out = GC_EMPTY;
    return 0;
  }
  long v = 0;
  size_t i = 0;
  for (; i < t->len && isdigit((unsigned char)t->s[i]) && v <= 1000; i++)
    v = v * 10 + (t->s[i] - '0');
  if (i < t->len || v < 1 || v > n) {
    return set_err(err, source, t->line, t->col,
                   "'%.*s' is not a digit 1..%d or '.' (empty)",
                   (int)(t->len > 12 ? 12 : t->len), t->s, n);
  }
  *out = (int)v;
  return 0;
}

static int read_text(const gc_puzzle *pz, const char *text, size_t len,
                     const char *source, gc_grid *g, gc_error *err) {
  int n = pz->n, rc = -1, nrows = 0;
  size_t cap = 0;
  row *rows = NULL;
  long line = 0;
  for (size_t at = 0; at < len;) {
    const char *s = text + at;
    const char *nl = memchr(s, '\n', len - at);
    size_t l = nl ? (size_t)(nl - s) : len - at;
    at += l + (nl != NULL);
    line++;
    const char *hash = memchr(s, '#', l);
    if (hash)
      l = (size_t)(hash - s);
    while (l && isspace((unsigned char)s[l - 1]))
      l--;
    size_t lead = 0;
    while (lead < l && isspace((unsigned char)s[lead]))
      lead++;
    if (lead == l || skip_line(pz, s + lead, l - lead))
      continue;
    if ((size_t)nrows == cap) {
      cap = cap ? 2 * cap : 16;
      if (cap > (size_t)4 * GC_MAX_N + 16) {
        set_err(err, source, line, 1, "too many lines for a grid (a %d x %d puzzle)",
                n, n);
        goto done;
      }
      row *p = realloc(rows, cap * sizeof *rows);
      if (!p)
        goto nomem;
      rows = p;
    }
    if (split_line(pz, s, l, line, &rows[nrows]))
      goto nomem;
    if (rows[nrows].count == 0) {
      free(rows[nrows].cell);
      continue; /* a line of signs only */
    }
    rows[nrows].dashes = pz->genre->cells != GC_CELLS_BOOL;
    for (int k = 0; k < rows[nrows].count && rows[nrows].dashes; k++)
      rows[nrows].dashes = rows[nrows].cell[k].len == 1 &&
                           rows[nrows].cell[k].s[0] == '-';
    nrows++;
  }
  /* Adjacent Futoshiki as solve prints it: a line of '-' marks (cells
     that differ by one) under every row but the last.  Lines of dashes
     alone are those marks when the rest are the grid. */
  int marks = 0, framed = pz->genre->cells != GC_CELLS_BOOL;
  for (int r = 0; r < nrows; r++)
    marks += rows[r].dashes;
  if (marks && nrows != n && !(framed && nrows == n + 2) &&
      (nrows - marks == n || (framed && nrows - marks == n + 2))) {
    int k = 0;
    for (int r = 0; r < nrows; r++) {
      if (rows[r].dashes)
        free(rows[r].cell);
      else
        rows[k++] = rows[r];
    }
    nrows = k;
  }
  int first = 0, last = nrows;
  if (nrows == n + 2 && pz->genre->cells != GC_CELLS_BOOL) {
    first = 1; /* the clue frame: a row above and one below */
    last = n + 1;
  }
  if (last - first != n) {
    set_err(err, source, nrows ? rows[nrows - 1].line : 1, 1,
            "the grid has %d rows, the puzzle %d", nrows, n);
    goto done;
  }
  if (gc_grid_init(g, n))
    goto nomem;
  for (int r = first; r < last; r++) {
    row *rw = &rows[r];
    int skip = rw->count == n + 2 && pz->genre->cells != GC_CELLS_BOOL &&
               last - first == n && nrows == n + 2;
    if (rw->count != n && !skip) {
      set_err(err, source, rw->line, 1, "row %d has %d cells, the puzzle is %d x %d",
              r - first + 1, rw->count, n, n);
      gc_grid_free(g);
      goto done;
    }
    for (int c = 0; c < n; c++)
      if (cell_value(pz, &rw->cell[c + skip], source, &g->cell[(r - first) * n + c],
                     err)) {
        gc_grid_free(g);
        goto done;
      }
  }
  rc = 0;
  goto done;
nomem:
  gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
done:
  for (int r = 0; r < nrows; r++)
    free(rows[r].cell);
  free(rows);
  return rc;
}

int gc_grid_read(const gc_puzzle *pz, const char *text, size_t len,
                 const char *source, gc_grid *g, int *partial, gc_error *err) {
  gc_error_clear(err);
  g->n = 0;
  g->cell = NULL;
  *partial = 0;
  if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3)) {
    text += 3;
    len -= 3;
  }
  size_t i = 0;
  while (i < len && isspace((unsigned char)text[i]))
    i++;
  if (i == len)
    return set_err(err, source, 1, 1, "the grid is empty");
  if (memchr(text, '\0', len))
    return set_err(err, source, 1, 1, "the grid contains a NUL byte (a binary file?)");
  int rc = text[i] == '[' || text[i] == '{'
               ? read_json(pz, text, len, source, g, err)
               : read_text(pz, text, len, source, g, err);
  if (rc == 0)
    for (int k = 0; k < g->n * g->n; k++)
      if (g->cell[k] == GC_EMPTY)
        *partial = 1;
  return rc;
}
