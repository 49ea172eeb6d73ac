/*
 * starbattle_text.c: Star Battle's text notations: the letter grid with
 * its optional header, and the matrix form of the Parks post (see
 * starbattle.c).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "starbattle.h"

/*------------------------------------------------------------------------*/
/* Text: the header                                                        */

static int is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

/* m from a token that is "K", "stars=K" or "m=K":
   1 when it was one, 0 when not, -1 with err on a bad number. */
static int star_token(const gc_token *t, const char *source, int *m,
                      gc_error *err) {
  gc_token v = *t;
  size_t skip = 0;
  if (v.len > 6 && !strncmp(v.s, "stars=", 6))
    skip = 6;
  else if (v.len > 2 && !strncmp(v.s, "m=", 2))
    skip = 2;
  else if (v.len == 0 || v.s[0] < '0' || v.s[0] > '9')
    return 0;
  v.s += skip;
  v.len -= skip;
  v.col += (long)skip;
  return gc_token_int(&v, source, "star count", 1, SB_MAX_M, m, err) ? -1 : 1;
}

/* The header after the genre's name: the star count, 0 when absent. */
static int parse_header(const gc_text *tx, int *m, long *mline, long *mcol,
                        gc_error *err) {
  *m = 0;
  if (!tx->header)
    return 0;
  gc_token t[8];
  size_t k = gc_tokens(tx->header, t, 8);
  for (size_t i = 0; i < k; i++) {
    if (i >= 8) {
      gc_text_err(err, GC_E_SYNTAX, tx->source, tx->header->lineno,
                  tx->header->col0 + (long)tx->header->len,
                  "too many words in the starbattle header (expected the star "
                  "count, e.g. 'starbattle 2')");
      return -1;
    }
    gc_token *w = &t[i];
    int v = 0, r;
    if ((w->len == 5 && !strncmp(w->s, "stars", 5)) ||
        (w->len == 1 && w->s[0] == 'm')) {
      if (i + 1 >= k || i + 1 >= 8) {
        gc_text_err(err, GC_E_SYNTAX, tx->source, w->line,
                    w->col + (long)w->len,
                    "'%.*s' needs the star count after it, e.g. 'stars 2'",
                    (int)w->len, w->s);
        return -1;
      }
      w = &t[++i];
      if (gc_token_int(w, tx->source, "star count", 1, SB_MAX_M, &v, err))
        return -1;
      r = 1;
    } else if ((r = star_token(w, tx->source, &v, err)) < 0)
      return -1;
    if (!r) {
      gc_text_err(err, GC_E_SYNTAX, tx->source, w->line, w->col,
                  "unexpected '%.*s' in the starbattle header (expected the "
                  "star count, e.g. 'starbattle 2' or 'stars=2')",
                  (int)(w->len > 20 ? 20 : w->len), w->s);
      return -1;
    }
    if (*m && v != *m) {
      gc_text_err(err, GC_E_CONTRADICTION, tx->source, w->line, w->col,
                  "the header gives the star count twice, %d and %d", *m, v);
      return -1;
    }
    *m = v;
    *mline = w->line;
    *mcol = w->col;
  }
  return 0;
}

/*------------------------------------------------------------------------*/
/* Text: the matrix form, parks=[[0, 1, ...], ...], m=1, n=5               */

/* A cursor over the header's rest (when it holds the matrix) and then the
   puzzle's lines. */
typedef struct cursor {
  const gc_text *tx;
  long li; /* -1: the header; else an index into tx->lines */
  size_t pos;
} cursor;

static const gc_text_line *cur_line(const cursor *c) {
  return c->li < 0 ? c->tx->header : &c->tx->lines[c->li];
}

/* The next character that is not white space, or -1 at the end. */
static int cur_peek(cursor *c) {
  for (;;) {
    if (c->li >= (long)c->tx->nlines)
      return -1;
    const gc_text_line *ln = cur_line(c);
    while (c->pos < ln->len && is_blank(ln->s[c->pos]))
      c->pos++;
    if (c->pos < ln->len)
      return (unsigned char)ln->s[c->pos];
    c->li++;
    c->pos = 0;
  }
}

static void cur_where(cursor *c, long *line, long *col) {
  int ch = cur_peek(c);
  if (ch < 0) {
    const gc_text_line *ln =
        c->tx->nlines ? &c->tx->lines[c->tx->nlines - 1] : c->tx->header;
    *line = ln->lineno;
    *col = ln->col0 + (long)ln->len;
    return;
  }
  const gc_text_line *ln = cur_line(c);
  *line = ln->lineno;
  *col = ln->col0 + (long)c->pos;
}

static void cur_describe(cursor *c, char *buf, size_t size) {
  int ch = cur_peek(c);
  if (ch < 0)
    snprintf(buf, size, "the end of the puzzle");
  else if (ch >= 0x21 && ch < 0x7f)
    snprintf(buf, size, "'%c'", ch);
  else
    snprintf(buf, size, "byte 0x%02x", ch);
}

static int cur_expect(cursor *c, char want, const char *what, gc_error *err) {
  if (cur_peek(c) == want) {
    c->pos++;
    return 0;
  }
  long line, col;
  char got[32];
  cur_where(c, &line, &col);
  cur_describe(c, got, sizeof got);
  gc_text_err(err, GC_E_SYNTAX, c->tx->source, line, col,
              "expected '%c' %s, got %s", want, what, got);
  return -1;
}

/* A word of letters, digits and '_' at the cursor (may be empty). */
static size_t cur_word(cursor *c, char *buf, size_t size) {
  if (cur_peek(c) < 0)
    return 0;
  const gc_text_line *ln = cur_line(c);
  size_t k = 0;
  while (c->pos < ln->len) {
    char ch = ln->s[c->pos];
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
          (ch >= '0' && ch <= '9') || ch == '_'))
      break;
    if (k + 1 < size)
      buf[k] = ch;
    k++;
    c->pos++;
  }
  buf[k < size ? k : size - 1] = 0;
  return k;
}

/* An integer (optionally negative) at the cursor. */
static int cur_int(cursor *c, const char *what, long *out, long *line,
                   long *col, gc_error *err) {
  cur_where(c, line, col);
  int ch = cur_peek(c);
  const gc_text_line *ln = ch < 0 ? NULL : cur_line(c);
  size_t p = c->pos;
  int neg = 0;
  if (ln && p < ln->len && ln->s[p] == '-')
    neg = 1, p++;
  long v = 0;
  size_t digits = 0;
  while (ln && p < ln->len && ln->s[p] >= '0' && ln->s[p] <= '9') {
    if (v < 100000000)
      v = v * 10 + (ln->s[p] - '0');
    p++, digits++;
  }
  if (!digits) {
    char got[32];
    cur_describe(c, got, sizeof got);
    gc_text_err(err, GC_E_SYNTAX, c->tx->source, *line, *col,
                "expected %s (an integer), got %s", what, got);
    return -1;
  }
  c->pos = p;
  *out = neg ? -v : v;
  return 0;
}

typedef struct matrix {
  int rows;
  int len[SB_MAX_N];
  long open_line[SB_MAX_N], open_col[SB_MAX_N]; /* each row's '[' */
  long val[SB_MAX_N][SB_MAX_N];
  long line[SB_MAX_N][SB_MAX_N], col[SB_MAX_N][SB_MAX_N];
} matrix;

static int read_matrix(cursor *c, matrix *mx, gc_error *err) {
  const char *src = c->tx->source;
  if (cur_expect(c, '[', "to open the region matrix", err))
    return -1;
  mx->rows = 0;
  for (;;) {
    if (cur_peek(c) == ']' && mx->rows > 0) { /* after a trailing comma */
      c->pos++;
      return 0;
    }
    long line, col;
    cur_where(c, &line, &col);
    if (mx->rows == SB_MAX_N) {
      gc_text_err(err, GC_E_TOO_LARGE, src, line, col,
                  "the matrix has more than %d rows; starbattle grids go up "
                  "to %d x %d",
                  SB_MAX_N, SB_MAX_N, SB_MAX_N);
      return -1;
    }
    int r = mx->rows++;
    mx->open_line[r] = line;
    mx->open_col[r] = col;
    mx->len[r] = 0;
    if (cur_expect(c, '[', "to open a row of the matrix", err))
      return -1;
    for (;;) {
      if (cur_peek(c) == ']' && mx->len[r] > 0) {
        c->pos++;
        break;
      }
      long v, vl, vc;
      if (cur_int(c, "a region id", &v, &vl, &vc, err))
        return -1;
      if (mx->len[r] == SB_MAX_N) {
        gc_text_err(err, GC_E_TOO_LARGE, src, vl, vc,
                    "row %d of the matrix has more than %d entries; "
                    "starbattle grids go up to %d x %d",
                    r + 1, SB_MAX_N, SB_MAX_N, SB_MAX_N);
        return -1;
      }
      int k = mx->len[r]++;
      mx->val[r][k] = v;
      mx->line[r][k] = vl;
      mx->col[r][k] = vc;
      int ch = cur_peek(c);
      if (ch == ',')
        c->pos++;
      else if (ch != ']')
        return cur_expect(c, ']', "or ',' in a row of the matrix", err);
    }
    int ch = cur_peek(c);
    if (ch == ',')
      c->pos++;
    else if (ch == ']') {
      c->pos++;
      return 0;
    } else
      return cur_expect(c, ']', "or ',' after a row of the matrix", err);
  }
}

static int parse_parks(const gc_text *tx, int from_header, int hm, long hline,
                       long hcol, gc_puzzle *pz, gc_error *err) {
  const char *src = tx->source;
  cursor c = {tx, from_header ? -1 : 0, 0};
  char word[16];
  long line, col;
  cur_where(&c, &line, &col);
  if (cur_peek(&c) != '[') { /* a name, then '=' */
    cur_word(&c, word, sizeof word);
    if (cur_expect(&c, '=', "after the matrix's name", err))
      return -1;
  }
  long mat_line, mat_col;
  cur_where(&c, &mat_line, &mat_col);
  matrix *mx = malloc(sizeof *mx);
  if (!mx) {
    gc_text_err(err, GC_E_NOMEM, src, line, col, "out of memory");
    return -1;
  }
  int rc = -1;
  if (read_matrix(&c, mx, err))
    goto done;
  /* Then ", m=1, n=5" in any order. */
  int m = hm;
  for (;;) {
    int ch = cur_peek(&c);
    if (ch == ',' || ch == ';') {
      c.pos++;
      continue;
    }
    if (ch < 0)
      break;
    long kl, kc;
    cur_where(&c, &kl, &kc);
    size_t wl = cur_word(&c, word, sizeof word);
    int is_m = !strcmp(word, "m") || !strcmp(word, "stars");
    if (!wl || !(is_m || !strcmp(word, "n"))) {
      char got[32];
      if (wl)
        snprintf(got, sizeof got, "'%.20s'", word);
      else
        cur_describe(&c, got, sizeof got);
      gc_text_err(err, GC_E_SYNTAX, src, kl, kc,
                  "expected m=<stars> or n=<size> after the matrix, got %s",
                  got);
      goto done;
    }
    if (cur_expect(&c, '=', is_m ? "after m" : "after n", err))
      goto done;
    long v, vl, vc;
    if (cur_int(&c, is_m ? "the star count" : "the grid size", &v, &vl, &vc,
                err))
      goto done;
    if (is_m) {
      if (v < 1 || v > SB_MAX_M) {
        gc_text_err(err, GC_E_RANGE, src, vl, vc,
                    "star count %ld is out of range 1..%d", v, SB_MAX_M);
        goto done;
      }
      if (m && m != v) {
        gc_text_err(err, GC_E_CONTRADICTION, src, vl, vc,
                    "m=%ld but the header says %d star%s", v, m, sb_plural(m));
        goto done;
      }
      m = (int)v;
      hline = vl, hcol = vc;
    } else {
      if (v != mx->rows) {
        gc_text_err(err, GC_E_SHAPE, src, vl, vc,
                    "n=%ld but the matrix has %d row%s", v, mx->rows,
                    sb_plural(mx->rows));
        goto done;
      }
    }
  }
  int n = mx->rows;
  if (!m) {
    m = 1;
    hline = mat_line, hcol = mat_col;
  }
  for (int r = 0; r < n; r++)
    if (mx->len[r] != n) {
      int extra = mx->len[r] > n;
      gc_text_err(err, GC_E_SHAPE, src,
                  extra ? mx->line[r][n] : mx->open_line[r],
                  extra ? mx->col[r][n] : mx->open_col[r],
                  "row %d of the matrix has %d entr%s, expected %d (one per "
                  "column of a %d x %d grid)",
                  r + 1, mx->len[r], mx->len[r] == 1 ? "y" : "ies", n, n, n);
      goto done;
    }
  if (m > n) {
    gc_text_err(err, GC_E_RANGE, src, hline, hcol,
                "star count %d is out of range 1..%d for a %d x %d grid", m, n,
                n, n);
    goto done;
  }
  for (int r = 0; r < n; r++)
    for (int k = 0; k < n; k++)
      if (mx->val[r][k] < -1 || mx->val[r][k] > n - 1) {
        gc_text_err(err, GC_E_RANGE, src, mx->line[r][k], mx->col[r][k],
                    "region id %ld is out of range -1..%d (-1 = no region)",
                    mx->val[r][k], n - 1);
        goto done;
      }
  if (sb_alloc(pz, n, m, err))
    goto done;
  sb *s = pz->data;
  for (int r = 0; r < n; r++)
    for (int k = 0; k < n; k++)
      s->region[r * n + k] = (int)mx->val[r][k];
  char list[128];
  int missing = sb_missing_ids(n, s->region, list, sizeof list);
  if (missing) {
    gc_text_err(err, GC_E_SHAPE, src, mat_line, mat_col,
                "region id%s %s %s not used: a %d x %d grid needs %d regions, "
                "ids 0..%d",
                sb_plural(missing), list, missing == 1 ? "is" : "are", n, n, n,
                n - 1);
    goto done;
  }
  int size, first;
  int k = sb_small_region(n, m, s->region, &size, &first);
  if (k >= 0) {
    gc_text_err(err, GC_E_SHAPE, src, mx->line[first / n][first % n],
                mx->col[first / n][first % n],
                "region %d has %d cell%s, too few for %d stars", k, size,
                sb_plural(size), m);
    goto done;
  }
  rc = 0;
done:
  free(mx);
  return rc;
}

/*------------------------------------------------------------------------*/
/* Text: the letter grid                                                   */

static int region_key(int ch) {
  return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
         (ch >= '0' && ch <= '9');
}

/* The place of a region character in A-Z, a-z, 0-9 (region_char's
   inverse). */
static int char_rank(int ch) {
  return ch >= 'A' && ch <= 'Z'   ? ch - 'A'
         : ch >= 'a' && ch <= 'z' ? ch - 'a' + 26
                                  : ch - '0' + 52;
}

/* Does the line start the matrix form: "[[" or "parks =" (the reader
   keeps "parks = ..." as a header, whose rest starts "= [["). */
static int starts_matrix(const gc_text_line *ln, int header) {
  size_t i = 0;
  while (i < ln->len && is_blank(ln->s[i]))
    i++;
  if (header)
    return i < ln->len && (ln->s[i] == '=' || ln->s[i] == '[');
  if (i + 1 < ln->len && ln->s[i] == '[' && ln->s[i + 1] == '[')
    return 1;
  if (ln->len - i < 5 || strncmp(ln->s + i, "parks", 5))
    return 0;
  for (i += 5; i < ln->len && is_blank(ln->s[i]); i++)
    ;
  return i < ln->len && ln->s[i] == '=';
}

static int parse_grid(const gc_text *tx, int hm, long hline, long hcol,
                      gc_puzzle *pz, gc_error *err) {
  const char *src = tx->source;
  const gc_text_line *ln[SB_MAX_N + 1];
  size_t count = gc_text_content(tx, ln, SB_MAX_N + 1);
  if (count == 0) {
    long at = tx->header ? tx->header->lineno : 1;
    gc_text_err(err, GC_E_SHAPE, src, at, 1,
                "a starbattle puzzle needs its grid: one line per row, one "
                "region letter per cell");
    return -1;
  }
  if (count > SB_MAX_N) {
    gc_text_err(err, GC_E_TOO_LARGE, src, ln[SB_MAX_N]->lineno,
                ln[SB_MAX_N]->col0,
                "%zu rows make a %zu x %zu grid; starbattle grids go up to %d",
                count, count, count, SB_MAX_N);
    return -1;
  }
  int n = (int)count;
  /* Rows all of one length w that is not the number of rows: say so, not
     "row 1 has w cells". */
  size_t w0 = 0, same = 1;
  for (size_t r = 0; r < count; r++) {
    size_t w = 0;
    for (size_t i = 0; i < ln[r]->len; i++)
      w += !is_blank(ln[r]->s[i]);
    if (w > SB_MAX_N) {
      gc_text_err(err, GC_E_TOO_LARGE, src, ln[r]->lineno, ln[r]->col0,
                  "row %zu has %zu cells; starbattle grids go up to %d x %d",
                  r + 1, w, SB_MAX_N, SB_MAX_N);
      return -1;
    }
    if (r == 0)
      w0 = w;
    else if (w != w0)
      same = 0;
  }
  if (same && w0 > count) {
    const gc_text_line *l = ln[count - 1];
    gc_text_err(err, GC_E_SHAPE, src, l->lineno, l->col0 + (long)l->len,
                "the grid stops after %zu row%s but its rows have %zu cells (a "
                "starbattle grid is square; is it cut off?)",
                count, count == 1 ? "" : "s", w0);
    return -1;
  }
  if (same && w0 < count) {
    char extra[48];
    if (count == w0 + 1)
      snprintf(extra, sizeof extra, "row %zu is one too many", w0 + 1);
    else
      snprintf(extra, sizeof extra, "rows %zu..%zu are too many", w0 + 1,
               count);
    gc_text_err(err, GC_E_SHAPE, src, ln[w0]->lineno, ln[w0]->col0,
                "%s: the rows have %zu cell%s, so the grid is %zu x %zu "
                "(a starbattle grid is square)",
                extra, w0, w0 == 1 ? "" : "s", w0, w0);
    return -1;
  }
  int m = hm ? hm : 1;
  if (m > n) {
    gc_text_err(err, GC_E_RANGE, src, hline, hcol,
                "star count %d is out of range 1..%d for a %d x %d grid", m, n,
                n, n);
    return -1;
  }
  if (sb_alloc(pz, n, m, err))
    return -1;
  sb *s = pz->data;
  s->text_labels = 1;
  long colat[SB_MAX_N * SB_MAX_N];
  int seen[62] = {0}, nreg = 0;
  for (int r = 0; r < n; r++) {
    const gc_text_line *l = ln[r];
    int cells = 0;
    long extra_col = 0;
    for (size_t i = 0; i < l->len; i++) {
      unsigned char ch = (unsigned char)l->s[i];
      if (is_blank((char)ch))
        continue;
      long col = l->col0 + (long)i;
      if (ch == '*') {
        gc_text_err(err, GC_E_SYNTAX, src, l->lineno, col,
                    "'*' marks a star in a solved grid; a puzzle names each "
                    "cell's region (A-Z, a-z, 0-9, or '.' for no region)");
        return -1;
      }
      if (ch != '.' && !region_key(ch)) {
        char what[24];
        if (ch >= 0x21 && ch < 0x7f)
          snprintf(what, sizeof what, "'%c'", ch);
        else
          snprintf(what, sizeof what, "byte 0x%02x", ch);
        gc_text_err(err, GC_E_SYNTAX, src, l->lineno, col,
                    "%s is not a region name: use A-Z, a-z, 0-9, or '.' for a "
                    "cell in no region",
                    what);
        return -1;
      }
      if (cells >= n) {
        if (!extra_col)
          extra_col = col;
        cells++;
        continue;
      }
      int k = -1;
      if (ch != '.') {
        k = char_rank(ch);
        if (!seen[k]) {
          if (nreg == n) {
            gc_text_err(err, GC_E_SHAPE, src, l->lineno, col,
                        "'%c' would be region %d, but a %d x %d grid has "
                        "exactly %d regions",
                        ch, n + 1, n, n, n);
            return -1;
          }
          seen[k] = 1;
          nreg++;
        }
      }
      s->region[r * n + cells] = k; /* the rank, for now */
      colat[r * n + cells] = col;
      cells++;
    }
    if (cells != n) {
      gc_text_err(err, GC_E_SHAPE, src, l->lineno,
                  cells > n ? extra_col : l->col0 + (long)l->len,
                  "row %d has %d cell%s, expected %d (one per column of a %d "
                  "x %d grid)",
                  r + 1, cells, sb_plural(cells), n, n, n);
      return -1;
    }
  }
  /* Ids in the characters' order. */
  int id[62];
  for (int k = 0, next = 0; k < 62; k++)
    if (seen[k]) {
      s->label[next] = sb_region_char(k);
      id[k] = next++;
    }
  for (int i = 0; i < n * n; i++)
    if (s->region[i] >= 0)
      s->region[i] = id[s->region[i]];
  if (nreg < n) {
    char names[SB_MAX_N + 1];
    memcpy(names, s->label, (size_t)nreg);
    names[nreg] = 0;
    if (nreg == 0)
      gc_text_err(err, GC_E_SHAPE, src, ln[0]->lineno, ln[0]->col0,
                  "no region letters, every cell is '.' (no region); a %d x "
                  "%d grid needs exactly %d regions",
                  n, n, n);
    else
      gc_text_err(err, GC_E_SHAPE, src, ln[0]->lineno, ln[0]->col0,
                  "%d region%s (%s) in a %d x %d grid, which needs exactly %d",
                  nreg, sb_plural(nreg), names, n, n, n);
    return -1;
  }
  int size, first;
  int k = sb_small_region(n, m, s->region, &size, &first);
  if (k >= 0) {
    gc_text_err(err, GC_E_SHAPE, src, ln[first / n]->lineno, colat[first],
                "region %c has %d cell%s, too few for %d stars", s->label[k],
                size, sb_plural(size), m);
    return -1;
  }
  return 0;
}

int sb_parse_text(const gc_text *tx, gc_puzzle *pz, gc_error *err) {
  if (tx->header && starts_matrix(tx->header, 1))
    return parse_parks(tx, 1, 0, 0, 0, pz, err);
  int m;
  long mline = tx->header ? tx->header->lineno : 1, mcol = 1;
  if (parse_header(tx, &m, &mline, &mcol, err))
    return -1;
  const gc_text_line *first[1];
  if (gc_text_content(tx, first, 1) && starts_matrix(first[0], 0))
    return parse_parks(tx, 0, m, mline, mcol, pz, err);
  return parse_grid(tx, m, mline, mcol, pz, err);
}

/* Parks matrices are unmistakable; a square grid of region names with at
   least one letter is likely ours (digits alone could be another genre's
   grid: give the header then); prose is not. */
int sb_sniff(const gc_text *tx) {
  const gc_text_line *ln[SB_MAX_N + 1];
  size_t count = gc_text_content(tx, ln, SB_MAX_N + 1);
  if (!count)
    return 0;
  if (starts_matrix(ln[0], 0))
    return 90;
  if (count > SB_MAX_N)
    return 0;
  int letters = 0, square = 1, near = 1;
  for (size_t r = 0; r < count; r++) {
    size_t cells = 0;
    for (size_t i = 0; i < ln[r]->len; i++) {
      char ch = ln[r]->s[i];
      if (is_blank(ch))
        continue;
      if (ch != '.' && !region_key((unsigned char)ch))
        return 0;
      letters += (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z');
      cells++;
    }
    square &= cells == count;
    near &= cells + 2 >= count && cells <= count + 2;
  }
  if (!letters)
    return 0;
  return square ? 60 : near ? 30 : 0; /* 30: a grid with a slip in it */
}
