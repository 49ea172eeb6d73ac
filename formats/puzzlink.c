/*
 * puzzlink.c: puzz.link / pzprjs URLs for Star Battle and Skyscrapers.
 *
 *   URL  := [address "?"] {key "=" value "&"} genre ["_edit"|"_play"] "/" rest
 *   rest := ["v:" variant "/"] [flag "/"] cols "/" rows "/" body
 * e.g. https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk,
 *      http://pzv.jp/p.html?building/5/5/g2l4g2h4h4h2 or the bare
 *      "skyscrapers/4/4/k13h4j3g".  The variant and the flag are skipped
 * (neither genre has one); a trailing '/' is dropped.  gridcnf's grids are
 * square, so cols must equal rows.
 *
 * starbattle  body = stars "/" borders.  The borders are base-32 digits
 *             (0-9, a-v), five borders each, most significant bit first:
 *             first the (cols-1)*rows vertical ones, border y*(cols-1)+x
 *             right of cell (y,x), then, starting on a new digit, the
 *             cols*(rows-1) horizontal ones, border y*cols+x below (y,x).
 *             Missing digits are no borders, as in pzprjs.  Regions are
 *             the areas the borders enclose, numbered in reading order;
 *             there must be exactly n of them.
 * skyscrapers (also "building", "skyscraper"): body = clues, then the
 *             givens if any.  Clues: 4n of them, top, bottom (left to
 *             right), left, right (top to bottom); a hex digit is a clue,
 *             '-' and two hex digits a larger one, '.' a "?" clue (read as
 *             no clue), g..z skip 1..20 clues.  Givens, row by row: a hex
 *             digit, '-'xx, '+'xxx, ... as pzprjs numbers, '.' an unknown
 *             (empty), g..z skip 1..20 cells.
 *
 * Writing gives https://puzz.link/p?... with the same encodings; it cannot
 * hold Futoshiki (puzz.link has none; minarism has no givens), Sudoku
 * boxes, or Star Battle cells in no region or regions in several pieces.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "format.h"
#include "strbuf.h"

#define P_MAX_N 40

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int b32(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'v')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'V')
    return c - 'A' + 10;
  return -1;
}

static int hex(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

typedef struct pid {
  const char *name;
  const char *genre; /* NULL: a puzz.link genre gridcnf does not read */
} pid;

static const pid pids[] = {
    {"starbattle", "starbattle"}, {"skyscrapers", "skyscrapers"},
    {"skyscraper", "skyscrapers"}, {"building", "skyscrapers"},
};

static const pid *find_pid(const char *s, size_t len) {
  for (size_t i = 0; i < sizeof pids / sizeof pids[0]; i++)
    if (strlen(pids[i].name) == len && !strncasecmp(pids[i].name, s, len))
      return &pids[i];
  return NULL;
}

/* Where the genre name starts: after '?' and any "key=value&". */
static size_t query_start(const char *s, size_t len) {
  const char *qm = memchr(s, '?', len);
  size_t q = qm ? (size_t)(qm - s) + 1 : 0;
  for (;;) {
    size_t e = q;
    while (e < len && s[e] != '&' && s[e] != '/')
      e++;
    if (e < len && s[e] == '&' && memchr(s + q, '=', e - q)) {
      q = e + 1;
      continue;
    }
    return q;
  }
}

static int has_scheme(const char *s, size_t len) {
  return (len >= 7 && !strncasecmp(s, "http://", 7)) ||
         (len >= 8 && !strncasecmp(s, "https://", 8));
}

static int sniff(const char *s, size_t len) {
  int url = has_scheme(s, len);
  if (!url && memchr(s, ' ', len))
    return 0;
  size_t q = query_start(s, len), e = q;
  while (e < len && s[e] != '/' && s[e] != '_')
    e++;
  if (e < len && find_pid(s + q, e - q))
    return 90;
  if (url) /* some other URL: the reader will say what is wrong */
    return memchr(s, '?', len) ? 60 : 40;
  return 0;
}

/*------------------------------------------------------------------------*/

static int read_starbattle(const gc_fmt_in *in, size_t b, size_t len, int n,
                           json_t **record, gc_error *err) {
  const char *s = in->text;
  char what[32];
  size_t q = b;
  long m;
  if (!gc_fmt_number(s, len, &q, &m)) {
    gc_fmt_what(s, len, q, what, sizeof what);
    gc_fmt_err(in, err, GC_E_SYNTAX, q,
               "expected the number of stars, got %s", what);
    return -1;
  }
  gc_fmt_mark(in, "stars", -1, -1, b);
  /* A 1 x 1 board has no borders: its field is empty, and the trailing
     '/' before it was dropped with the other empty fields. */
  if (q >= len ? n > 1 : s[q] != '/') {
    gc_fmt_what(s, len, q, what, sizeof what);
    gc_fmt_err(in, err, GC_E_SYNTAX, q,
               "expected '/' and the borders after the number of stars, got %s",
               what);
    return -1;
  }
  size_t bs = q < len ? q + 1 : len;
  int nv = (n - 1) * n, nh = n * (n - 1);
  int p1 = (nv + 4) / 5, p2 = p1 + (nh + 4) / 5;
  unsigned char *right = calloc((size_t)(n * n), 2);
  int *region = malloc((size_t)(n * n) * sizeof *region);
  if (!right || !region) {
    free(right);
    free(region);
    gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
    return -1;
  }
  unsigned char *down = right + n * n;
  int rc = -1;
  for (int i = 0; i < p2 && bs + (size_t)i < len; i++) {
    size_t at = bs + (size_t)i;
    int v = b32(s[at]);
    if (v < 0) {
      gc_fmt_what(s, len, at, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, at,
                 "expected a border digit (0-9, a-v), got %s", what);
      goto done;
    }
    for (int bit = 0; bit < 5; bit++) {
      if (!((v >> (4 - bit)) & 1))
        continue;
      if (i < p1) {
        int id = i * 5 + bit;
        if (id < nv)
          right[(id / (n - 1)) * n + id % (n - 1)] = 1;
      } else {
        int id = (i - p1) * 5 + bit;
        if (id < nh)
          down[id] = 1;
      }
    }
  }
  if (bs + (size_t)p2 < len) {
    gc_fmt_err(in, err, GC_E_SHAPE, bs + (size_t)p2,
               "unexpected text after the %d border digits of a %d x %d board",
               p2, n, n);
    goto done;
  }
  int count = gc_regions_from_borders(n, right, down, region);
  if (count < 0) {
    gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
    goto done;
  }
  if (count != n) {
    gc_fmt_err(in, err, GC_E_SHAPE, bs,
               "the borders make %d region%s; a %d x %d Star Battle has %d",
               count, count == 1 ? "" : "s", n, n, n);
    goto done;
  }
  gc_fmt_mark(in, "regions", -1, -1, bs);
  json_t *rec = gc_rec_new("starbattle", n);
  if (!rec) {
    gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
    goto done;
  }
  json_object_set_new(rec, "stars", json_integer(m));
  gc_rec_set_matrix(rec, "regions", region, n);
  *record = rec;
  rc = 1;
done:
  free(right);
  free(region);
  return rc;
}

/* A pzprjs number at *q: a hex digit, or a prefix and several hex digits.
   cells: the wider prefixes of the cell section are allowed.  1 and the
   value, 0 when s[*q] does not start a number, -1 with err. */
static int read_number16(const gc_fmt_in *in, size_t len, size_t *q, int cells,
                         long *value, gc_error *err) {
  const char *s = in->text;
  char c = s[*q];
  int digits = 0;
  long base = 0;
  if (hex(c) >= 0) {
    *value = hex(c);
    ++*q;
    return 1;
  }
  switch (c) {
  case '-': digits = 2; break;
  case '+': digits = 3; break;
  case '=': digits = 3, base = 4096; break;
  case '%':
  case '@': digits = 3, base = 8192; break;
  case '*': digits = 4, base = 12240; break;
  case '$': digits = 5, base = 77776; break;
  default: return 0;
  }
  if (!cells && c != '-')
    return 0;
  long v = 0;
  for (int i = 1; i <= digits; i++) {
    size_t at = *q + (size_t)i;
    if (at >= len || hex(s[at]) < 0) {
      char what[32];
      gc_fmt_what(s, len, at, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, at,
                 "expected %d hex digits after '%c', got %s", digits, c, what);
      return -1;
    }
    v = v * 16 + hex(s[at]);
  }
  *q += (size_t)digits + 1;
  *value = base + v;
  return 1;
}

static const char *const side_key[4] = {"top", "bottom", "left", "right"};

static int read_skyscrapers(const gc_fmt_in *in, size_t b, size_t len, int n,
                            json_t **record, gc_error *err) {
  const char *s = in->text;
  char what[32];
  int clue[4 * P_MAX_N] = {0};
  size_t q = b;
  int k = 0;
  while (k < 4 * n && q < len) {
    size_t at = q;
    char c = s[q];
    long v;
    int r = read_number16(in, len, &q, 0, &v, err);
    if (r < 0)
      return -1;
    if (r) {
      if (v > n) {
        gc_fmt_err(in, err, GC_E_RANGE, at,
                   "clue %ld is out of range 1..%d", v, n);
        return -1;
      }
      clue[k] = (int)v;
      gc_fmt_mark(in, side_key[k / n], k % n, -1, at);
      k++;
    } else if (c == '.') {
      q++, k++; /* a "?" clue: no number to count with */
    } else if (c >= 'g' && c <= 'z') {
      int skip = c - 'g' + 1;
      if (k + skip > 4 * n) {
        gc_fmt_err(in, err, GC_E_SHAPE, at,
                   "'%c' skips %d clues, but only %d of the %d are left", c,
                   skip, 4 * n - k, 4 * n);
        return -1;
      }
      k += skip;
      q++;
    } else {
      gc_fmt_what(s, len, at, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, at,
                 "expected a clue (a hex digit, '-' and two, '.', or g-z to "
                 "skip clues), got %s",
                 what);
      return -1;
    }
  }
  int *givens = calloc((size_t)(n * n), sizeof *givens);
  if (!givens) {
    gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
    return -1;
  }
  int cell = 0;
  while (q < len) {
    size_t at = q;
    char c = s[q];
    long v;
    int r = read_number16(in, len, &q, 1, &v, err);
    if (r < 0)
      goto fail;
    if (r || c == '.') {
      if (!r)
        q++;
      if (cell >= n * n) {
        gc_fmt_err(in, err, GC_E_SHAPE, at,
                   "too many cells: a %d x %d grid has %d", n, n, n * n);
        goto fail;
      }
      if (r && (v < 1 || v > n)) {
        gc_fmt_err(in, err, GC_E_RANGE, at,
                   "given %ld at r%dc%d is out of range 1..%d", v,
                   cell / n + 1, cell % n + 1, n);
        goto fail;
      }
      if (r) {
        givens[cell] = (int)v;
        gc_fmt_mark(in, "givens", cell / n, cell % n, at);
      }
      cell++;
    } else if (c >= 'g' && c <= 'z') {
      int skip = c - 'g' + 1;
      if (cell + skip > n * n) {
        gc_fmt_err(in, err, GC_E_SHAPE, at,
                   "'%c' skips %d cells, but only %d of the %d are left", c,
                   skip, n * n - cell, n * n);
        goto fail;
      }
      cell += skip;
      q++;
    } else {
      gc_fmt_what(s, len, at, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, at,
                 "expected a given (a hex digit, '-' and two, ...), '.' or "
                 "g-z to skip cells, got %s",
                 what);
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

/* One '/'-separated field at *q: [from, to); *q after its '/'. */
static void field(const char *s, size_t len, size_t *q, size_t *from,
                  size_t *to) {
  *from = *q;
  size_t e = *q;
  while (e < len && s[e] != '/')
    e++;
  *to = e;
  *q = e < len ? e + 1 : len;
}

static int all_digits(const char *s, size_t from, size_t to) {
  if (from == to)
    return 0;
  for (size_t i = from; i < to; i++)
    if (!is_digit(s[i]))
      return 0;
  return 1;
}

static int puzzlink_read(const gc_fmt_in *in, size_t *used, json_t **record,
                         gc_error *err) {
  const char *s = in->text;
  size_t len = in->len;
  char what[32];
  *used = len;
  *record = NULL;
  if (len && s[len - 1] == '/') /* pzprjs drops a trailing empty field */
    len--;
  if (has_scheme(s, len) && !memchr(s, '?', len)) {
    gc_fmt_err(in, err, GC_E_SYNTAX, len,
               "expected '?' and the puzzle after the address (as in "
               "https://puzz.link/p?starbattle/6/6/1/...)");
    return -1;
  }
  size_t q = query_start(s, len), g = q;
  while (q < len && s[q] != '/' && s[q] != '_')
    q++;
  const pid *p = find_pid(s + g, q - g);
  if (q == g) {
    gc_fmt_what(s, len, q, what, sizeof what);
    gc_fmt_err(in, err, GC_E_SYNTAX, q,
               "expected the genre name after '?' (as in "
               "https://puzz.link/p?starbattle/6/6/1/...), got %s",
               what);
    return -1;
  }
  if (!p) {
    gc_fmt_err(in, err, GC_E_UNSUPPORTED, g,
               "puzz.link genre '%.*s' is not one gridcnf reads (starbattle, "
               "skyscrapers, building)",
               (int)(q - g > 30 ? 30 : q - g), s + g);
    return -1;
  }
  if (q < len && s[q] == '_') {
    size_t e = q + 1;
    while (e < len && s[e] >= 'a' && s[e] <= 'z')
      e++;
    if ((e - q - 1 != 4) ||
        (strncmp(s + q + 1, "edit", 4) && strncmp(s + q + 1, "play", 4))) {
      gc_fmt_err(in, err, GC_E_SYNTAX, q,
                 "expected '/' or '_edit' / '_play' after the genre name, got "
                 "'%.*s'",
                 (int)(e - q > 20 ? 20 : e - q), s + q);
      return -1;
    }
    q = e;
  }
  if (q >= len || s[q] != '/') {
    gc_fmt_what(s, len, q, what, sizeof what);
    gc_fmt_err(in, err, GC_E_SYNTAX, q,
               "expected '/' and the board size after '%s', got %s", p->name,
               what);
    return -1;
  }
  q++;
  size_t from, to;
  field(s, len, &q, &from, &to);
  if (to - from >= 2 && !strncmp(s + from, "v:", 2)) /* a variant: skipped */
    field(s, len, &q, &from, &to);
  if (!all_digits(s, from, to) && from < to) /* a flag field: skipped */
    field(s, len, &q, &from, &to);
  long size[2];
  for (int k = 0; k < 2; k++) {
    if (k)
      field(s, len, &q, &from, &to);
    if (!all_digits(s, from, to)) {
      gc_fmt_what(s, len, from, what, sizeof what);
      gc_fmt_err(in, err, GC_E_SYNTAX, from,
                 "expected the number of %s, got %s", k ? "rows" : "columns",
                 what);
      return -1;
    }
    size_t t = from;
    gc_fmt_number(s, to, &t, &size[k]);
  }
  if (size[0] != size[1]) {
    gc_fmt_err(in, err, GC_E_SHAPE, from,
               "the board is %ld columns by %ld rows; gridcnf's grids are "
               "square",
               size[0], size[1]);
    return -1;
  }
  int maxn = !strcmp(p->genre, "starbattle") ? P_MAX_N : 32;
  if (size[0] < 1 || size[0] > maxn) {
    gc_fmt_err(in, err, size[0] < 1 ? GC_E_RANGE : GC_E_TOO_LARGE, from,
               "board size %.*s is out of range 1..%d", (int)(to - from),
               s + from, maxn);
    return -1;
  }
  if (to >= len || q >= len) {
    gc_fmt_err(in, err, GC_E_SHAPE, len,
               "expected the puzzle after the board size (is the address cut "
               "off?)");
    return -1;
  }
  int n = (int)size[0];
  if (!strcmp(p->genre, "starbattle"))
    return read_starbattle(in, q, len, n, record, err);
  return read_skyscrapers(in, q, len, n, record, err);
}

/*------------------------------------------------------------------------*/

static void put_run(gc_strbuf *b, int *run) {
  while (*run > 0) {
    int k = *run > 20 ? 20 : *run;
    gc_sb_printf(b, "%c", 'g' + k - 1);
    *run -= k;
  }
}

static void put_number(gc_strbuf *b, int v) {
  if (v < 16)
    gc_sb_printf(b, "%x", v);
  else if (v < 256)
    gc_sb_printf(b, "-%02x", v);
  else
    gc_sb_printf(b, "+%03x", v);
}

static char *write_skyscrapers(const json_t *rec, int n, gc_error *err) {
  if (json_object_get(rec, "boxes") && !json_is_null(json_object_get(rec, "boxes"))) {
    gc_fmt_cannot(err, "puzz.link skyscrapers has no Sudoku boxes");
    return NULL;
  }
  int clue[4 * 32];
  int *givens = malloc((size_t)(n * n) * sizeof *givens);
  if (!givens) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  for (int k = 0; k < 4; k++)
    gc_rec_ints(rec, side_key[k], n, clue + k * n);
  gc_rec_matrix(rec, "givens", n, givens);
  gc_strbuf b = {0};
  gc_sb_printf(&b, "https://puzz.link/p?skyscrapers/%d/%d/", n, n);
  int run = 0;
  for (int k = 0; k < 4 * n; k++) {
    if (!clue[k]) {
      if (++run == 20)
        put_run(&b, &run);
      continue;
    }
    put_run(&b, &run);
    put_number(&b, clue[k]);
  }
  put_run(&b, &run);
  int any = 0;
  for (int i = 0; i < n * n; i++)
    any |= givens[i] != 0;
  for (int i = 0; any && i < n * n; i++) {
    if (!givens[i]) {
      if (++run == 20)
        put_run(&b, &run);
      continue;
    }
    put_run(&b, &run);
    put_number(&b, givens[i]);
  }
  put_run(&b, &run);
  free(givens);
  return gc_fmt_finish(&b, err);
}

static char *write_starbattle(const json_t *rec, int n, gc_error *err) {
  int *region = gc_rec_connected_regions(rec, n, err);
  if (!region)
    return NULL;
  gc_strbuf b = {0};
  gc_sb_printf(&b, "https://puzz.link/p?starbattle/%d/%d/%d/", n, n,
               gc_rec_int(rec, "stars", 1));
  for (int part = 0; part < 2; part++) {
    int count = n * (n - 1), acc = 0, bits = 0;
    for (int id = 0; id < count; id++) {
      int border;
      if (part == 0) { /* right of (id / (n-1), id % (n-1)) */
        int r = id / (n - 1), c = id % (n - 1);
        border = region[r * n + c] != region[r * n + c + 1];
      } else { /* below (id / n, id % n) */
        border = region[id] != region[id + n];
      }
      acc = acc * 2 + border;
      if (++bits == 5) {
        gc_sb_printf(&b, "%c", "0123456789abcdefghijklmnopqrstuv"[acc]);
        acc = bits = 0;
      }
    }
    if (bits)
      gc_sb_printf(&b, "%c",
                   "0123456789abcdefghijklmnopqrstuv"[acc << (5 - bits)]);
  }
  free(region);
  return gc_fmt_finish(&b, err);
}

static char *puzzlink_write(const json_t *rec, gc_error *err) {
  const char *g = gc_rec_genre(rec);
  int n = gc_rec_n(rec);
  if (!strcmp(g, "skyscrapers"))
    return write_skyscrapers(rec, n, err);
  if (!strcmp(g, "starbattle"))
    return write_starbattle(rec, n, err);
  gc_fmt_cannot(err, "puzz.link has no %s (minarism carries no given digits)", g);
  return NULL;
}

static const char *const puzzlink_aliases[] = {"url", "puzz.link", "pzprjs",
                                               "pzv", NULL};

const gc_format gc_format_puzzlink = {
    .name = "puzzlink",
    .aliases = puzzlink_aliases,
    .summary = "puzz.link / pzprjs URLs: starbattle, skyscrapers (building)",
    .genres = "starbattle, skyscrapers",
    .order = 20,
    .sniff = sniff,
    .read = puzzlink_read,
    .write = puzzlink_write,
};
