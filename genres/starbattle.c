/*
 * starbattle.c: Star Battle, also known as Parks, Two Not Touch and (with
 * one star) LinkedIn's Queens.  An n x n grid is split into n regions;
 * place m stars in every row, every column and every region so that no two
 * stars touch, not even diagonally.  A cell that belongs to no region (the
 * Parks game's "non-regular" puzzles) never holds a star.
 *
 * Text notation: an optional header, then one line per row with one
 * character per cell naming its region (A-Z, a-z, 0-9; case matters; '.'
 * is a cell in no region).  Spaces between cells are ignored.  Region ids
 * follow the characters' order A-Z, a-z, 0-9 (so A is region 0, and a
 * grid written from JSON ids reads back with the same ids).
 *     starbattle 2           optional; also "stars=2" or "m=2"; default 1
 *     AABBBCCC
 *     ...
 * The matrix form of the Parks post (seed 001) is read too:
 *     parks=[[0, 1, 1], [0, 2, 1], [2, 2, 1]], m=1, n=3
 * JSON: "stars" (m, default 1) and "regions" (n x n ids 0..n-1, -1 = no
 * region), as in the corpus.
 *
 * Encoding (encodings.md sections 3 and 8): one boolean per cell; exactly
 * m per row, column and region (gc_enc_card_kind: ALO + AMO for m = 1,
 * the two-way counter or the totalizer above); cells in no region are unit
 * false and are left out of the counts; no-touch is one binary clause per
 * king-adjacent pair, which is the same clause set as an AMO over every
 * 2x2 window.  With the
 * sb_window option every window also gets a block literal b <-> OR(its
 * cells), over which the solver can learn the pigeonhole arguments human
 * solvers use (two rows hold 2m stars in n/2 disjoint windows).  The
 * sb_pairs option states that argument outright: for every two adjacent
 * rows (and columns), exactly 2m of the tiles of their 2x2 tiling hold a
 * star (sb_encode_pairs).  The counts are two-way counters, or totalizers
 * with card=totalizer.  The defaults, sb_pairs=auto and card=auto, add the
 * pair counts for m >= 3 and take the totalizer for m >= 4, where each was
 * measured faster (benchmarks/RESULTS.md); m <= 2 keeps the plain
 * formula.  The sb_bands option (default on) adds the pigeonhole argument
 * on bands of consecutive rows and columns as unit clauses
 * (sb_encode_bands).  Sparse puzzles (m >= 4, n >= 5m) ask for CaDiCaL's
 * sparse search (option search=auto: stable mode, cells empty first).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../encoder/card.h"
#include "../formats/strbuf.h"
#include "genre.h"
#include "svg.h"

#define SB_MAX_N 40
#define SB_MAX_M 8

typedef struct sb {
  int m;
  int *region;            /* n * n, -1 = in no region */
  char label[SB_MAX_N];   /* the character that names region k in text */
  int text_labels;        /* labels came from the input: name regions so */
} sb;

static char region_char(int k) {
  return k < 26 ? (char)('A' + k) : k < 52 ? (char)('a' + k - 26)
                                           : (char)('0' + k - 52);
}

static int sb_alloc(gc_puzzle *pz, int n, int m, gc_error *err) {
  sb *s = gc_calloc(1, sizeof *s + (size_t)(n * n) * sizeof(int), err);
  if (!s)
    return -1;
  s->region = (int *)(s + 1);
  s->m = m;
  for (int k = 0; k < n; k++)
    s->label[k] = region_char(k);
  pz->n = n;
  pz->data = s;
  return 0;
}

static void region_name(const sb *s, int k, char *buf, size_t size) {
  if (s->text_labels || k < 26)
    snprintf(buf, size, "%c", s->label[k]);
  else
    snprintf(buf, size, "%d", k);
}

static const char *plural(int k) { return k == 1 ? "" : "s"; }

/* The first region (in id order) with fewer than m cells, with its size
   and first cell; -1 when none. */
static int small_region(int n, int m, const int *region, int *size,
                        int *first) {
  int count[SB_MAX_N] = {0}, at[SB_MAX_N];
  for (int i = n * n - 1; i >= 0; i--)
    if (region[i] >= 0) {
      count[region[i]]++;
      at[region[i]] = i;
    }
  for (int k = 0; k < n; k++)
    if (count[k] < m) {
      *size = count[k];
      *first = at[k];
      return k;
    }
  return -1;
}

/* The region ids 0..n-1 that no cell uses, as "3, 5 and 7" in list (the
   first eight, then "..."); returns how many. */
static int missing_ids(int n, const int *region, char *list, size_t size) {
  int used[SB_MAX_N] = {0}, total = 0;
  for (int i = 0; i < n * n; i++)
    if (region[i] >= 0)
      used[region[i]] = 1;
  for (int k = 0; k < n; k++)
    total += !used[k];
  list[0] = 0;
  size_t len = 0;
  for (int k = 0, j = 0; k < n; k++) {
    if (used[k])
      continue;
    j++;
    int w = j > 8 ? snprintf(list + len, size - len, ", ...")
                  : snprintf(list + len, size - len, "%s%d",
                             j == 1 ? "" : j == total ? " and " : ", ", k);
    if (w < 0 || (size_t)w >= size - len || j > 8)
      break;
    len += (size_t)w;
  }
  return total;
}

/*------------------------------------------------------------------------*/
/* JSON                                                                    */

static int sb_parse_json(const json_t *rec, const gc_jctx *cx, gc_puzzle *pz,
                         gc_error *err) {
  int n, m = 1;
  if (gc_json_size(cx, rec, "regions", SB_MAX_N, "starbattle", &n, err))
    return -1;
  int got = gc_json_int(cx, rec, "stars", INT_MIN, INT_MAX, &m, err);
  if (got < 0)
    return -1;
  if (got && (m < 1 || m > SB_MAX_M)) {
    gc_jerr(cx, err, GC_E_RANGE, "stars", -1, -1,
            "stars %d is out of range 1..%d (stars per row, column and "
            "region)",
            m, SB_MAX_M);
    return -1;
  }
  if (m > n) {
    gc_jerr(cx, err, GC_E_RANGE, "stars", -1, -1,
            "stars %d is out of range 1..%d for a %d x %d grid", m, n, n, n);
    return -1;
  }
  const json_t *jr = json_object_get(rec, "regions");
  if (!jr || json_is_null(jr)) {
    gc_jerr(cx, err, GC_E_SHAPE, NULL, -1, -1,
            "the record has no \"regions\" matrix (n x n region ids, -1 = no "
            "region)");
    return -1;
  }
  if (sb_alloc(pz, n, m, err))
    return -1;
  sb *s = pz->data;
  if (gc_json_matrix(cx, rec, "regions", n, -1, n - 1, s->region, err) < 0)
    return -1;
  char list[128];
  int missing = missing_ids(n, s->region, list, sizeof list);
  if (missing) {
    gc_jerr(cx, err, GC_E_SHAPE, "regions", -1, -1,
            "region id%s %s %s not used: a %d x %d grid needs %d regions, "
            "ids 0..%d",
            plural(missing), list, missing == 1 ? "is" : "are", n, n, n, n - 1);
    return -1;
  }
  int size, first;
  int k = small_region(n, m, s->region, &size, &first);
  if (k >= 0) {
    gc_jerr(cx, err, GC_E_SHAPE, "regions", first / n, first % n,
            "region %d has %d cell%s, too few for %d stars (its first cell is "
            "r%dc%d)",
            k, size, plural(size), m, first / n + 1, first % n + 1);
    return -1;
  }
  return 0;
}

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
                    "m=%ld but the header says %d star%s", v, m, plural(m));
        goto done;
      }
      m = (int)v;
      hline = vl, hcol = vc;
    } else {
      if (v != mx->rows) {
        gc_text_err(err, GC_E_SHAPE, src, vl, vc,
                    "n=%ld but the matrix has %d row%s", v, mx->rows,
                    plural(mx->rows));
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
  int missing = missing_ids(n, s->region, list, sizeof list);
  if (missing) {
    gc_text_err(err, GC_E_SHAPE, src, mat_line, mat_col,
                "region id%s %s %s not used: a %d x %d grid needs %d regions, "
                "ids 0..%d",
                plural(missing), list, missing == 1 ? "is" : "are", n, n, n,
                n - 1);
    goto done;
  }
  int size, first;
  int k = small_region(n, m, s->region, &size, &first);
  if (k >= 0) {
    gc_text_err(err, GC_E_SHAPE, src, mx->line[first / n][first % n],
                mx->col[first / n][first % n],
                "region %d has %d cell%s, too few for %d stars", k, size,
                plural(size), m);
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
                  r + 1, cells, plural(cells), n, n, n);
      return -1;
    }
  }
  /* Ids in the characters' order. */
  int id[62];
  for (int k = 0, next = 0; k < 62; k++)
    if (seen[k]) {
      s->label[next] = region_char(k);
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
                  nreg, plural(nreg), names, n, n, n);
    return -1;
  }
  int size, first;
  int k = small_region(n, m, s->region, &size, &first);
  if (k >= 0) {
    gc_text_err(err, GC_E_SHAPE, src, ln[first / n]->lineno, colat[first],
                "region %c has %d cell%s, too few for %d stars", s->label[k],
                size, plural(size), m);
    return -1;
  }
  return 0;
}

static int sb_parse_text(const gc_text *tx, gc_puzzle *pz, gc_error *err) {
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
static int sb_sniff(const gc_text *tx) {
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

/*------------------------------------------------------------------------*/

/* Where auto turns sb_pairs and sb_blocks on: m >= these. */
enum { SB_PAIRS_FROM_M = 3, SB_BLOCKS_FROM_M = 2 };
/* Where option search=auto takes the sparse search: m >= SB_SPARSE_FROM_M
   and n >= SB_SPARSE_RATIO * m (a star in at most one cell of five in
   every row).  Measured on 266 generated 3- to 6-star puzzles
   (benchmarks/RESULTS.md, section search): 20x20 to 25x25 with 4 stars
   and 25x25 with 5 up to twice as fast in the median; 17x17 4-star,
   21x21 5-star and 25x25 6-star, the densest, slower; 3 stars slower. */
enum { SB_SPARSE_FROM_M = 4, SB_SPARSE_RATIO = 5 };

/* An off|on|auto setting (sb_pairs, sb_blocks) with auto meaning m >=
   auto_m. */
static int sb_setting_on(int setting, int m, int auto_m) {
  return setting == GC_SB_PAIRS_ON || (setting == GC_SB_PAIRS_AUTO && m >= auto_m);
}

/* Such an option in an encoding.  Never with clause groups: explain and
   minimize switch the row, column and region counts off one by one, and
   what these options add follows from those counts. */
static int sb_option_on(const gc_cnf *cnf, int setting, int n, int m,
                        int auto_m) {
  if (n < 2 || cnf->want_groups)
    return 0;
  return sb_setting_on(setting, m, auto_m);
}

/* Two adjacent rows hold 2m stars.  Tile them by 2x2 windows (columns
   0-1, 2-3, ...; for odd n the last column is a 2x1 domino): no tile holds
   two stars (they would touch), so exactly 2m tiles hold one, a count over
   the window literals w <-> OR(cells) (the "window" block of sb_window;
   without that option only the windows with an even row or column get
   their clauses, the rest stay unused) and the domino's cells themselves.
   The same for two adjacent columns.  Implied by the rules, stated for
   the solver: the human pair argument. */
static void sb_encode_pairs(gc_cnf *cnf, int n, int m, const int *reg,
                            int first, int wfirst, int *lits, int kind) {
  for (int dir = 0; dir < 2; dir++)
    for (int p = 0; p + 1 < n; p++) {
      size_t k = 0;
      for (int q = 0; q < n; q += 2) {
        int r = dir ? q : p, c = dir ? p : q; /* the tile's top left */
        if (q + 1 < n) {
          lits[k++] = wfirst + r * (n - 1) + c;
          continue;
        }
        for (int i = 0; i < 2; i++) { /* the domino */
          int at = dir ? r * n + c + i : (r + i) * n + c;
          if (reg[at] >= 0)
            lits[k++] = first + at;
        }
      }
      gc_enc_card_kind(cnf, lits, k, 2L * m, 2L * m, kind);
    }
}

/* Option sb_bands: the pigeonhole argument on bands of k consecutive rows
   (o = 0) or columns (o = 1), 1 <= k < n, as unit clauses.  The band holds
   exactly k*m stars, every region exactly m, and cells in no region none:
   - k regions lying inside the band fill it, so the band's other cells
     are empty;
   - if only k regions meet the band, all their k*m stars lie in it, so
     their cells outside it are empty.
   The solver could only find either by search.  Left out when clause
   groups are wanted (explain, minimize): the units follow from the counts
   together, which those tools switch on and off one by one. */
static void sb_encode_bands(gc_cnf *cnf, int first, int n, const int *reg) {
  int *lo = malloc(2 * (size_t)n * sizeof *lo), *hi = malloc(2 * (size_t)n * sizeof *hi);
  char *in = malloc((size_t)n);
  if (!lo || !hi || !in) {
    free(lo), free(hi), free(in);
    gc_cnf_fail(cnf, GC_E_NOMEM);
    return;
  }
  for (int g = 0; g < 2 * n; g++)
    lo[g] = n, hi[g] = -1; /* lo[o * n + g]: the region's first row (col) */
  for (int i = 0; i < n * n; i++) {
    int g = reg[i];
    if (g < 0 || g >= n)
      continue;
    int at[2] = {i / n, i % n};
    for (int o = 0; o < 2; o++) {
      if (at[o] < lo[o * n + g])
        lo[o * n + g] = at[o];
      if (at[o] > hi[o * n + g])
        hi[o * n + g] = at[o];
    }
  }
  for (int o = 0; o < 2; o++)
    for (int a = 0; a < n; a++)
      for (int b = a; b < n && b - a + 1 < n; b++) {
        int k = b - a + 1, inside = 0, meeting = 0;
        for (int g = 0; g < n; g++) {
          const int l = lo[o * n + g], h = hi[o * n + g];
          if (l > h)
            continue; /* an empty region: no solution anyway */
          in[g] = l >= a && h <= b;
          inside += in[g];
          meeting += l <= b && h >= a;
        }
        if (inside == meeting || (inside != k && meeting != k))
          continue; /* nothing to say (or no solution: the counts see it) */
        /* fill: the cells to empty are in the band, else outside it */
        int fill = inside == k;
        for (int r = 0; r < n; r++) {
          if (!o && (r >= a && r <= b) != fill)
            continue;
          for (int c = 0; c < n; c++) {
            int i = r * n + c, g = reg[i];
            if (g < 0 || g >= n || (o && (c >= a && c <= b) != fill))
              continue;
            if (fill ? !in[g] : lo[o * n + g] <= b && hi[o * n + g] >= a)
              gc_cnf_unit(cnf, -(first + i));
          }
        }
      }
  free(lo), free(hi), free(in);
}

/* Block literals for the counts of option sb_blocks.  A block is a
   domino or a 2x2 window of cells that touch each other, so at most one of
   them holds a star and the block's literal b <-> OR(cells) counts it
   exactly: a count over the blocks that cover a row, column or region is
   the count over its cells with about half (a quarter) of the inputs, and
   a block the count needs is a cell pair the solver no longer tells
   apart.  dom[d * n * n + at] caches the domino at cell at going right
   (d = 0) or down (d = 1); wneed marks the windows whose literal (the
   "window" block) must be defined. */
typedef struct sb_blk {
  gc_cnf *cnf;
  int n, first, wfirst;
  const int *reg;
  int *dom;
  char *wneed, *covered; /* covered: cells in a region's blocks so far */
} sb_blk;

/* b <-> OR of the cells at[0..k-1] (grid indices, k <= 4). */
static void sb_define_or(gc_cnf *cnf, int b, int first, const int *at, int k) {
  int cl[5];
  cl[0] = -b;
  for (int i = 0; i < k; i++) {
    gc_cnf_binary(cnf, -(first + at[i]), b);
    cl[i + 1] = first + at[i];
  }
  gc_cnf_clause(cnf, cl, (size_t)k + 1);
}

/* The domino at cell at, right (d = 0) or down (d = 1), over the cells of
   it in a region; 0 when neither is. */
static int sb_domino(sb_blk *bk, int at, int d) {
  int n = bk->n, two[2], k = 0;
  int other = d ? at + n : at + 1;
  if (bk->reg[at] >= 0)
    two[k++] = at;
  if (bk->reg[other] >= 0)
    two[k++] = other;
  if (!k)
    return 0;
  if (k == 1)
    return bk->first + two[0];
  int *slot = &bk->dom[(size_t)d * n * n + at];
  if (!*slot && (*slot = gc_cnf_new_var(bk->cnf)))
    sb_define_or(bk->cnf, *slot, bk->first, two, k);
  return *slot;
}

/* The literals counted on row (d = 0) or column (d = 1) i, into lits: its
   cells in a region, or with blocks its dominoes (and for odd n the last
   cell). */
static size_t sb_line(sb_blk *bk, int d, int i, int blocks, int *lits) {
  int n = bk->n;
  size_t k = 0;
  for (int j = 0; j < n; j += 1 + blocks) {
    int at = d ? j * n + i : i * n + j;
    if (blocks && j + 1 < n) {
      int b = sb_domino(bk, at, d);
      if (b)
        lits[k++] = b;
    } else if (bk->reg[at] >= 0)
      lits[k++] = bk->first + at;
  }
  return k;
}

/* The blocks covering region g, into lits: greedily in reading order, a
   2x2 window of the region's uncovered cells where one fits, else a
   domino to the right, else one down, else the cell alone. */
static size_t sb_region_blocks(sb_blk *bk, int g, int *lits) {
  int n = bk->n;
  char *covered = bk->covered;
  const int *reg = bk->reg;
  size_t k = 0;
#define FREE(r, c) ((r) < n && (c) < n && reg[(r) * n + (c)] == g && \
                    !covered[(r) * n + (c)])
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      if (!FREE(r, c))
        continue;
      int at = r * n + c;
      if (FREE(r, c + 1) && FREE(r + 1, c) && FREE(r + 1, c + 1)) {
        covered[at] = covered[at + 1] = covered[at + n] = covered[at + n + 1] = 1;
        bk->wneed[r * (n - 1) + c] = 1;
        lits[k++] = bk->wfirst + r * (n - 1) + c;
      } else if (FREE(r, c + 1)) {
        covered[at] = covered[at + 1] = 1;
        lits[k++] = sb_domino(bk, at, 0);
      } else if (FREE(r + 1, c)) {
        covered[at] = covered[at + n] = 1;
        lits[k++] = sb_domino(bk, at, 1);
      } else {
        covered[at] = 1;
        lits[k++] = bk->first + at;
      }
    }
#undef FREE
  return k;
}

static int sb_encode(const gc_puzzle *pz, gc_cnf *cnf, gc_error *err) {
  (void)err;
  const sb *s = pz->data;
  int n = pz->n, m = s->m;
  const int *reg = s->region;
  int first = gc_cnf_block(cnf, "cell", "row,col", n, n, 1);
  if (!first)
    return -1;
  int pairs = sb_option_on(cnf, cnf->opt ? cnf->opt->sb_pairs : 0, n, m,
                           SB_PAIRS_FROM_M);
  int blocks = sb_option_on(cnf, cnf->opt ? cnf->opt->sb_blocks : 0, n, m,
                            SB_BLOCKS_FROM_M);
  int window = cnf->opt ? cnf->opt->sb_window : 0;
  int card = cnf->opt ? cnf->opt->card : GC_CARD_AUTO;
  int kind = card == GC_CARD_TOTALIZER || (card == GC_CARD_AUTO && m >= 4)
                 ? GC_CARD_TOTALIZER
                 : GC_CARD_COUNTER;
  if (m >= SB_SPARSE_FROM_M && n >= SB_SPARSE_RATIO * m)
    cnf->search = GC_SEARCH_SPARSE;
  int wfirst = 0;
  if ((window || pairs || blocks) && n >= 2 &&
      !(wfirst = gc_cnf_block(cnf, "window", "row,col", n - 1, n - 1, 1)))
    return -1;
  int *lits = malloc((size_t)(n * n) * sizeof *lits);
  char *wneed = wfirst ? calloc((size_t)(n - 1) * (n - 1), 1) : NULL;
  sb_blk bk = {cnf, n, first, wfirst, reg, NULL, wneed, NULL};
  if (blocks) {
    bk.dom = calloc(2 * (size_t)n * n, sizeof *bk.dom);
    bk.covered = calloc((size_t)n * n, 1);
  }
  if (!lits || (wfirst && !wneed) || (blocks && (!bk.dom || !bk.covered))) {
    free(lits), free(wneed), free(bk.dom), free(bk.covered);
    gc_cnf_fail(cnf, GC_E_NOMEM);
    return -1;
  }
  for (int r = 0; r + 1 < n && wfirst; r++)
    for (int c = 0; c + 1 < n; c++)
      wneed[r * (n - 1) + c] = window || (pairs && !(r % 2 && c % 2));
#define S(r, c) (first + (r) * n + (c))
#define IN(r, c) (reg[(r) * n + (c)] >= 0)
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      if (!IN(r, c))
        gc_cnf_unit(cnf, -S(r, c));
  if ((cnf->opt ? cnf->opt->sb_bands : 1) && !cnf->want_groups)
    sb_encode_bands(cnf, first, n, reg);
  /* Counts over the cells that may hold a star. */
  /* Each count is a group (for `explain`: "row 3 holds 2 stars"); the
     groups have no place in the JSON record, so `minimize` keeps them. */
  const char *stars = m == 1 ? "star" : "stars";
  for (int d = 0; d < 2; d++)
    for (int i = 0; i < n; i++) {
      size_t k = sb_line(&bk, d, i, blocks, lits);
      gc_cnf_group(cnf, NULL, -1, -1, "%s %d holds %d %s", d ? "column" : "row",
                   i + 1, m, stars);
      gc_enc_card_kind(cnf, lits, k, m, m, kind);
    }
  for (int g = 0; g < n; g++) {
    size_t k = 0;
    if (blocks)
      k = sb_region_blocks(&bk, g, lits);
    else
      for (int i = 0; i < n * n; i++)
        if (reg[i] == g)
          lits[k++] = first + i;
    char name[16];
    region_name(s, g, name, sizeof name);
    gc_cnf_group(cnf, NULL, -1, -1, "region %s holds %d %s", name, m, stars);
    gc_enc_card_kind(cnf, lits, k, m, m, kind);
  }
  gc_cnf_group_end(cnf);
  /* No two stars touch: every king-adjacent pair once (right, and the
     three below). */
  static const int dr[4] = {0, 1, 1, 1}, dc[4] = {1, -1, 0, 1};
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      if (!IN(r, c))
        continue;
      for (int d = 0; d < 4; d++) {
        int r2 = r + dr[d], c2 = c + dc[d];
        if (r2 < n && c2 >= 0 && c2 < n && IN(r2, c2))
          gc_cnf_binary(cnf, -S(r, c), -S(r2, c2));
      }
    }
  /* Block literals: b <-> OR of the window's cells.  The window's AMO is
     already there (its six pairs are among the pairs above). */
  if (wfirst)
    for (int r = 0; r + 1 < n; r++)
      for (int c = 0; c + 1 < n; c++) {
        if (!wneed[r * (n - 1) + c])
          continue; /* in no count */
        int at[4], k = 0;
        for (int i = 0; i < 4; i++) {
          int rr = r + i / 2, cc = c + i % 2;
          if (IN(rr, cc))
            at[k++] = rr * n + cc;
        }
        sb_define_or(cnf, wfirst + r * (n - 1) + c, first, at, k);
      }
#undef S
#undef IN
  if (pairs)
    sb_encode_pairs(cnf, n, m, reg, first, wfirst, lits, kind);
  free(lits), free(wneed), free(bk.dom), free(bk.covered);
  return gc_cnf_status(cnf) ? -1 : 0;
}

/*------------------------------------------------------------------------*/

static void sb_check(const gc_puzzle *pz, const gc_grid *g, int partial,
                     gc_report *rep) {
  const sb *s = pz->data;
  int n = pz->n, m = s->m;
  const int *x = g->cell;
  for (int i = 0; i < n * n; i++)
    if (x[i] == GC_EMPTY ? !partial : x[i] != 0 && x[i] != 1) {
      if (gc_broken(rep, x[i] == GC_EMPTY ? "r%dc%d is empty"
                                          : "r%dc%d holds %d, not 0 (no star) or 1 (star)",
                    i / n + 1, i % n + 1, x[i]))
        return;
    }
#define STAR(i) (x[i] == 1)
#define OPEN(i) (x[i] == GC_EMPTY)
  for (int i = 0; i < n * n; i++)
    if (STAR(i) && s->region[i] < 0 &&
        gc_broken(rep, "star at r%dc%d is in no region", i / n + 1, i % n + 1))
      return;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      if (!STAR(r * n + c))
        continue;
      for (int r2 = r; r2 <= r + 1 && r2 < n; r2++)
        for (int c2 = c - 1; c2 <= c + 1; c2++) {
          if (c2 < 0 || c2 >= n || (r2 == r && c2 <= c) || !STAR(r2 * n + c2))
            continue;
          if (gc_broken(rep, "stars at r%dc%d and r%dc%d touch", r + 1, c + 1,
                        r2 + 1, c2 + 1))
            return;
        }
    }
  /* A count is broken when exceeded, or when short with no cell open. */
  for (int unit = 0; unit < 2; unit++)
    for (int u = 0; u < n; u++) {
      int k = 0, open = 0;
      for (int i = 0; i < n; i++) {
        int at = unit ? i * n + u : u * n + i;
        k += STAR(at);
        open += OPEN(at);
      }
      if ((k > m || (k < m && !open)) &&
          gc_broken(rep, "%s %d has %d star%s, needs %d", unit ? "column" : "row",
                    u + 1, k, plural(k), m))
        return;
    }
  int count[SB_MAX_N] = {0}, open[SB_MAX_N] = {0};
  for (int i = 0; i < n * n; i++)
    if (s->region[i] >= 0) {
      count[s->region[i]] += STAR(i);
      open[s->region[i]] += OPEN(i);
    }
  for (int k = 0; k < n; k++)
    if (count[k] > m || (count[k] < m && !open[k])) {
      char name[16];
      region_name(s, k, name, sizeof name);
      if (gc_broken(rep, "region %s has %d star%s, needs %d", name, count[k],
                    plural(count[k]), m))
        return;
    }
#undef STAR
#undef OPEN
}

/*------------------------------------------------------------------------*/

static char *sb_render(const gc_puzzle *pz, const gc_grid *g) {
  const sb *s = pz->data;
  int n = pz->n;
  gc_strbuf b = {0};
  gc_sb_printf(&b, "starbattle %d\n", s->m);
  char row[SB_MAX_N + 1];
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < n; c++) {
      int k = s->region[r * n + c];
      row[c] = g && g->cell[r * n + c] ? '*' : k < 0 ? '.' : s->label[k];
    }
    row[n] = 0;
    /* A row that spells a genre's name ("TOWERS") would read as a header
       line: space its cells out. */
    if (!g && gc_genre_find(row))
      for (int c = 0; c < n; c++)
        gc_sb_printf(&b, "%s%c", c ? " " : "", row[c]);
    else
      gc_sb_put(&b, row);
    gc_sb_put(&b, "\n");
  }
  return gc_sb_finish(&b);
}

/* The picture: cells in no region shaded, thin grid lines, one thick line
   per unit edge between cells of different regions (a region cell next to
   a cell in no region counts; the outer frame is one rect of its own), and
   g's stars in the solution colour. */
static char *sb_svg(const gc_puzzle *pz, const gc_grid *g) {
  const sb *s = pz->data;
  int n = pz->n;
  const double cell = 40, x0 = 8, y0 = 8;
  int side = (int)(n * cell + 2 * x0);
  gc_strbuf b = {0};
  gc_svg_begin(&b, side, side, pz->id ? pz->id : "starbattle");
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      if (s->region[r * n + c] < 0)
        gc_svg_rect(&b, "no-region", x0 + c * cell, y0 + r * cell, cell, cell);
  gc_svg_grid_lines(&b, x0, y0, n, cell);
  gc_svg_borders(&b, x0, y0, n, cell, s->region, "region-border");
  gc_svg_frame(&b, x0, y0, n, cell);
  for (int r = 0; g && r < n; r++)
    for (int c = 0; c < n; c++)
      if (g->cell[r * n + c] == 1)
        gc_svg_star(&b, "star", x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell,
                    cell * 0.4);
  gc_svg_end(&b);
  return gc_sb_finish(&b);
}

static json_t *sb_to_json(const gc_puzzle *pz) {
  const sb *s = pz->data;
  json_t *o = json_object();
  if (o) {
    json_object_set_new(o, "stars", json_integer(s->m));
    json_object_set_new(o, "regions", gc_json_int_matrix(s->region, pz->n));
  }
  return o;
}

/*------------------------------------------------------------------------*/
/* Generation: a random star layout (m per row and column, none touching),
   the stars gathered into n groups of m nearby ones, each group joined by
   shortest paths into a region and the regions grown at random over the
   rest; then, while the solver finds a second solution, a cell where it
   has a star (and the layout has none) moves to a neighbouring region,
   which breaks that solution's counts and keeps the layout's (the cell
   holds no star of it) and every region connected.                        */

typedef struct sb_gen {
  gc_rng *rng;
  int n, m;
  int *star;             /* n * n, 0/1 */
  int colcnt[SB_MAX_N];
  long nodes, budget;
} sb_gen;

/* Places the stars of row r from column `from` on, k still to place.
   1 done, 0 dead end, -1 over budget. */
static int sb_place(sb_gen *g, int r, int k, int from) {
  int n = g->n, m = g->m;
  if (++g->nodes > g->budget)
    return -1;
  if (k == 0) {
    int rows_left = n - r - 1;
    for (int c = 0; c < n; c++)
      if (m - g->colcnt[c] > (rows_left + 1) / 2)
        return 0; /* a column can no longer get its stars */
    return r + 1 == n ? 1 : sb_place(g, r + 1, m, 0);
  }
  int cand[SB_MAX_N], nc = 0;
  for (int c = from; c + 2 * (k - 1) < n; c++) {
    if (g->colcnt[c] >= m)
      continue;
    int touch = 0;
    for (int d = -1; r > 0 && d <= 1; d++)
      touch |= c + d >= 0 && c + d < n && g->star[(r - 1) * n + c + d];
    if (!touch)
      cand[nc++] = c;
  }
  gc_rng_shuffle(g->rng, cand, (size_t)nc);
  for (int i = 0; i < nc; i++) {
    int c = cand[i];
    g->star[r * n + c] = 1;
    g->colcnt[c]++;
    int res = sb_place(g, r, k - 1, c + 2);
    if (res)
      return res;
    g->star[r * n + c] = 0;
    g->colcnt[c]--;
  }
  return 0;
}

static int manhattan(int n, int a, int b) {
  return abs(a / n - b / n) + abs(a % n - b % n);
}

/* Regions around the stars of g into region (n * n).  0, or 2 when a group
   could not be joined (another layout may do). */
static int sb_grow(sb_gen *g, int *region, int *queue, int *from,
                   int *comp) {
  int n = g->n, m = g->m, nn = n * n;
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  int stars[SB_MAX_N * SB_MAX_M], ns = 0, group[SB_MAX_N * SB_MAX_M];
  for (int i = 0; i < nn; i++) {
    region[i] = -1;
    if (g->star[i])
      stars[ns++] = i;
  }
  gc_rng_shuffle(g->rng, stars, (size_t)ns);
  for (int i = 0; i < ns; i++)
    group[i] = -1;
  /* Groups of m stars: a star, then the free star nearest to the group. */
  int ng = 0;
  for (int i = 0; i < ns; i++) {
    if (group[i] >= 0)
      continue;
    group[i] = ng;
    for (int k = 1; k < m; k++) {
      int best = -1, bestd = 0, ties = 0;
      for (int j = 0; j < ns; j++) {
        if (group[j] >= 0)
          continue;
        int d = INT_MAX;
        for (int q = 0; q < ns; q++)
          if (group[q] == ng && manhattan(n, stars[q], stars[j]) < d)
            d = manhattan(n, stars[q], stars[j]);
        if (best < 0 || d < bestd) {
          best = j, bestd = d, ties = 1;
        } else if (d == bestd && gc_rng_below(g->rng, ++ties) == 0)
          best = j;
      }
      group[best] = ng;
    }
    ng++;
  }
  for (int i = 0; i < ns; i++)
    region[stars[i]] = group[i];
  /* Join each group's stars one after another to the part already joined
     (comp), by a shortest path over unclaimed cells. */
  for (int c = 0; c < nn; c++)
    comp[c] = 0;
  for (int gid = 0; gid < ng; gid++) {
    int first = 1;
    for (int i = 0; i < ns; i++) {
      if (group[i] != gid)
        continue;
      int target = stars[i], head = 0, tail = 0, found = 0;
      if (first) {
        comp[target] = 1;
        first = 0;
        continue;
      }
      for (int c = 0; c < nn; c++) {
        from[c] = -2;
        if (comp[c] && region[c] == gid) {
          from[c] = -1;
          queue[tail++] = c;
        }
      }
      while (head < tail && !found) {
        int c = queue[head++];
        for (int d = 0; d < 4 && !found; d++) {
          int r2 = c / n + dr[d], c2 = c % n + dc[d], x = r2 * n + c2;
          if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || from[x] != -2)
            continue;
          if (x == target) {
            from[x] = c;
            found = 1;
          } else if (region[x] < 0) {
            from[x] = c;
            queue[tail++] = x;
          }
        }
      }
      if (!found)
        return 2;
      comp[target] = 1;
      for (int c = from[target]; c >= 0; c = from[c])
        region[c] = gid, comp[c] = 1;
    }
  }
  /* Grow: a random unclaimed cell next to a region joins one of them. */
  for (;;) {
    int k = 0;
    for (int c = 0; c < nn; c++) {
      if (region[c] >= 0)
        continue;
      for (int d = 0; d < 4; d++) {
        int r2 = c / n + dr[d], c2 = c % n + dc[d];
        if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && region[r2 * n + c2] >= 0) {
          queue[k++] = c;
          break;
        }
      }
    }
    if (!k)
      break;
    int c = queue[gc_rng_below(g->rng, k)], opts[4], no = 0;
    for (int d = 0; d < 4; d++) {
      int r2 = c / n + dr[d], c2 = c % n + dc[d];
      if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && region[r2 * n + c2] >= 0)
        opts[no++] = region[r2 * n + c2];
    }
    region[c] = opts[gc_rng_below(g->rng, no)];
  }
  return 0;
}

/* Is region k still connected without cell skip? */
static int sb_connected_without(int n, const int *region, int k, int skip,
                                int *queue, int *mark) {
  int nn = n * n, total = 0, start = -1;
  for (int c = 0; c < nn; c++) {
    mark[c] = 0;
    if (region[c] == k && c != skip) {
      total++;
      start = c;
    }
  }
  if (start < 0)
    return 0;
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  int head = 0, tail = 0;
  queue[tail++] = start;
  mark[start] = 1;
  while (head < tail) {
    int c = queue[head++];
    for (int d = 0; d < 4; d++) {
      int r2 = c / n + dr[d], c2 = c % n + dc[d], x = r2 * n + c2;
      if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || mark[x] || x == skip ||
          region[x] != k)
        continue;
      mark[x] = 1;
      queue[tail++] = x;
    }
  }
  return tail == total;
}

/* Moves one cell without a star of the layout to a neighbouring region,
   keeping its region connected: first the cells where the other solution
   has a star (which breaks it), else any.  0, or 2 when nothing can move. */
static int sb_perturb(sb_gen *g, int *region, const gc_grid *second,
                      int *queue, int *mark, int *cells) {
  int n = g->n, nn = n * n;
  static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  for (int pass = 0; pass < 2; pass++) {
    int k = 0;
    for (int c = 0; c < nn; c++)
      if (!g->star[c] && (pass || second->cell[c]))
        cells[k++] = c;
    gc_rng_shuffle(g->rng, cells, (size_t)k);
    for (int i = 0; i < k; i++) {
      int c = cells[i], dirs[4] = {0, 1, 2, 3};
      gc_rng_shuffle(g->rng, dirs, 4);
      for (int j = 0; j < 4; j++) {
        int r2 = c / n + dr[dirs[j]], c2 = c % n + dc[dirs[j]];
        if (r2 < 0 || r2 >= n || c2 < 0 || c2 >= n)
          continue;
        int to = region[r2 * n + c2];
        if (to == region[c] ||
            !sb_connected_without(n, region, region[c], c, queue, mark))
          continue;
        region[c] = to;
        return 0;
      }
    }
  }
  return 2;
}

static int sb_generate(gc_puzzle *pz, const gc_gen_params *p, gc_gen_ctx *gx,
                       gc_error *err) {
  int n = p->n, m = p->stars ? p->stars : 1;
  if (n < 1 || n > SB_MAX_N || m < 1 || m > SB_MAX_M || m > n) {
    gc_error_set(err, GC_E_RANGE, 0, 0,
                 "starbattle grids go from 1 to %d with 1 to %d stars (at most "
                 "the side), not %d x %d with %d",
                 SB_MAX_N, SB_MAX_M, n, n, m);
    return -1;
  }
  if (p->box_rows || p->box_cols) {
    gc_error_set(err, GC_E_RANGE, 0, 0, "starbattle has no boxes");
    return -1;
  }
  size_t nn = (size_t)n * (size_t)n;
  if (sb_alloc(pz, n, m, err) || gc_grid_init(&pz->known, n)) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  sb *s = pz->data;
  int *work = gc_calloc(4 * nn, sizeof *work, err);
  if (!work)
    return -1;
  int *queue = work, *mark = work + nn, *cells = work + 2 * nn;
  sb_gen g = {gx->rng, n, m, pz->known.cell, {0}, 0, 2000L * n * n};
  int rc = sb_place(&g, 0, m, 0);
  if (rc == 0) {
    gc_error_set(err, GC_E_RANGE, 0, 0,
                 "no %d x %d grid holds %d star%s in every row and column "
                 "without two touching",
                 n, n, m, plural(m));
    free(work);
    return -1;
  }
  if (rc < 0 || sb_grow(&g, s->region, queue, mark, cells)) {
    free(work);
    return 2;
  }
  rc = 2;
  for (int t = 0; t < 40 * n; t++) {
    gc_grid second = {0, NULL};
    int u = gx->unique(gx->arg, pz, &second, err);
    if (u != 0) {
      rc = u == 1 ? 0 : u == 2 ? 1 : -1;
      break;
    }
    int moved = sb_perturb(&g, s->region, &second, queue, mark, cells);
    gc_grid_free(&second);
    if (moved)
      break;
    gx->perturbs++;
  }
  free(work);
  return rc;
}

static const char *const sb_aliases[] = {"stars", "parks", "queens",
                                         "star-battle", NULL};

/* The portfolio's second encoding: the row and column pair counts the
   other way round from the first.  With m >= 3 (where auto adds them)
   neither way is the faster one across puzzles: the search's luck decides,
   by up to 5x per puzzle either way (benchmarks/RESULTS.md), so racing the
   two keeps the luckier.  Fewer stars: none (the stable search races). */
static int sb_alternate(const gc_puzzle *pz, const gc_options *opt,
                        gc_options *alt) {
  const sb *s = pz->data;
  if (s->m < SB_PAIRS_FROM_M || pz->n < 2)
    return 0;
  *alt = *opt;
  alt->sb_pairs = sb_setting_on(opt->sb_pairs, s->m, SB_PAIRS_FROM_M)
                      ? GC_SB_PAIRS_OFF
                      : GC_SB_PAIRS_ON;
  return 1;
}

const gc_genre gc_genre_starbattle = {
    .name = "starbattle",
    .aliases = sb_aliases,
    .summary = "m stars in every row, column and region; no two stars touch, "
               "not even diagonally",
    .max_n = SB_MAX_N,
    .cells = GC_CELLS_BOOL,
    .parse_json = sb_parse_json,
    .parse_text = sb_parse_text,
    .sniff_text = sb_sniff,
    .encode = sb_encode,
    .check = sb_check,
    .render = sb_render,
    .svg = sb_svg,
    .to_json = sb_to_json,
    .generate = sb_generate,
    .alternate = sb_alternate,
    .free_data = free,
};
