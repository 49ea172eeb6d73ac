/*
 * skyscrapers.c: the puzzle also known as Towers.  An n x n grid holds a
 * Latin square of building heights 1..n; a clue outside the grid says how
 * many buildings are seen from there, a building hiding every lower one
 * behind it.  Clues may be missing on any side (0), digits may be given,
 * and the optional Sudoku boxes of a rows by b columns (a*b = n) make
 * "Skyscraper Sudoku": every box holds 1..n once.
 *
 * Text notation (n + 2 lines; '.', '-', '_' or 0 = no clue / empty):
 *     skyscrapers            optional header; may add "boxes 2x3"
 *       . . 1 2              the clues above the columns, left to right
 *     . . . . . .            per row: left clue, n cells, right clue
 *     . . . . . 2
 *     1 . . . . .
 *     . . . . . .
 *       . . 3 .              the clues below the columns
 * For n <= 9 a line may also be written without spaces ("..12").
 * JSON: top, bottom (left to right), left, right (top to bottom), givens
 * (n x n), boxes ([a, b] or null), as in the corpus.
 *
 * Encoding (encodings.md section 4): one-hot cells and the extended Latin
 * square; per clue a prefix-maximum ladder M[p][v] = "max(h0..hp) >= v",
 * visible literals vis[p] = "h_p > max(h0..h_{p-1})", and one two-way
 * sequential counter for "exactly c-1 of vis[1..n-1]" (h0 is always
 * seen); with the sky_rise option (default), the implied clauses
 * vis[p] & M[p-1][v] -> M[p][v+1].  With the edge_units option, Tatham's
 * edge deductions are added as unit clauses: clue c forbids values above
 * n-c+1+p in the first c-1 cells, clue 1 puts n at the edge, clue n puts
 * 1..n in order.  Size per clue is O(n^2), so the puzzle is O(n^3)
 * besides the Latin core.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../encoder/card.h"
#include "../encoder/latin.h"
#include "../formats/strbuf.h"
#include "skyscrapers.h"
#include "svg.h"

static const char *const side_key[SIDES] = {"top", "bottom", "left", "right"};

static int sky_alloc(gc_puzzle *pz, int n, gc_error *err) {
  sky *s = gc_calloc(1, sizeof *s + (size_t)(4 * n + n * n) * sizeof(int), err);
  if (!s)
    return -1;
  int *p = (int *)(s + 1);
  for (int k = 0; k < SIDES; k++)
    s->clue[k] = p + k * n;
  s->givens = p + 4 * n;
  pz->n = n;
  pz->data = s;
  return 0;
}


/* A digit given twice in a row, column or box: which cell repeats which. */
static int find_repeat(int n, const int *g, int br, int bc, int *r1, int *c1,
                       int *r2, int *c2) {
  for (int a = 0; a < n * n; a++) {
    if (!g[a])
      continue;
    for (int b = a + 1; b < n * n; b++) {
      if (g[b] != g[a])
        continue;
      int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
      int same = ra == rb || ca == cb ||
                 (br && ra / br == rb / br && ca / bc == cb / bc);
      if (same) {
        *r1 = ra, *c1 = ca, *r2 = rb, *c2 = cb;
        return 1;
      }
    }
  }
  return 0;
}

static const char *unit_name(int r1, int c1, int r2, int c2) {
  return r1 == r2 ? "row" : c1 == c2 ? "column" : "box";
}

/*------------------------------------------------------------------------*/

static int parse_boxes_json(const gc_jctx *cx, const json_t *rec, int n, sky *s,
                            gc_error *err) {
  int ab[2];
  int rc = gc_json_ints(cx, rec, "boxes", 2, 1, n, ab, err);
  if (rc <= 0)
    return rc;
  if (ab[0] * ab[1] != n) {
    gc_jerr(cx, err, GC_E_SHAPE, "boxes", -1, -1,
            "boxes of %d x %d cells do not tile a %d x %d grid (need a*b = %d)",
            ab[0], ab[1], n, n, n);
    return -1;
  }
  s->br = ab[0];
  s->bc = ab[1];
  return 1;
}

static int sky_parse_json(const json_t *rec, const gc_jctx *cx, gc_puzzle *pz,
                          gc_error *err) {
  int n;
  const char *infer = json_object_get(rec, "top") ? "top" : "givens";
  if (gc_json_size(cx, rec, infer, SKY_MAX_N, "skyscrapers", &n, err) ||
      sky_alloc(pz, n, err))
    return -1;
  sky *s = pz->data;
  for (int k = 0; k < SIDES; k++)
    if (gc_json_ints(cx, rec, side_key[k], n, 0, n, s->clue[k], err) < 0)
      return -1;
  if (gc_json_matrix(cx, rec, "givens", n, 0, n, s->givens, err) < 0 ||
      parse_boxes_json(cx, rec, n, s, err) < 0)
    return -1;
  int r1, c1, r2, c2;
  if (find_repeat(n, s->givens, s->br, s->bc, &r1, &c1, &r2, &c2)) {
    gc_jerr(cx, err, GC_E_CONTRADICTION, "givens", r2, c2,
            "%d is given twice in %s %d (r%dc%d and r%dc%d)",
            s->givens[r2 * n + c2], unit_name(r1, c1, r2, c2),
            r1 == r2 ? r1 + 1 : c1 == c2 ? c1 + 1 : (r1 / s->br) * (n / s->bc) + c1 / s->bc + 1,
            r1 + 1, c1 + 1, r2 + 1, c2 + 1);
    return -1;
  }
  return 0;
}

/*------------------------------------------------------------------------*/

static int is_empty_mark(const char *s, size_t len) {
  return len == 1 && (*s == '.' || *s == '-' || *s == '_');
}

/* Reads `want` entries of a line: white-space separated tokens, or for
   n <= 9 one run of characters. */
static int line_entries(const gc_text_line *ln, size_t want, gc_token *tok,
                        const char *what, const char *source, gc_error *err) {
  size_t k = gc_tokens(ln, tok, want);
  if (k == 1 && want > 1 && tok[0].len == want && want <= 11) {
    gc_token t = tok[0];
    for (size_t i = 0; i < want; i++) {
      tok[i].s = t.s + i;
      tok[i].len = 1;
      tok[i].line = t.line;
      tok[i].col = t.col + (long)i;
    }
    k = want;
  }
  if (k != want) {
    long col = k > want ? tok[want - 1].col + (long)tok[want - 1].len
                        : ln->col0 + (long)ln->len;
    if (k > want) {
      gc_token extra[64];
      size_t got = gc_tokens(ln, extra, 64);
      if (got > want && want < 64)
        col = extra[want].col;
    }
    gc_text_err(err, GC_E_SHAPE, source, ln->lineno, col,
                "%s has %zu entries, expected %zu", what, k, want);
    return -1;
  }
  return 0;
}

/* How many clues a clue line writes (into tok, at most SKY_MAX_N + 2): its
   tokens, or the characters of one run ("..12"). */
static size_t clue_count(const gc_text_line *ln, gc_token *tok) {
  size_t k = gc_tokens(ln, tok, SKY_MAX_N + 2);
  return k == 1 && tok[0].len > 1 && tok[0].len <= 9 ? tok[0].len : k;
}

static int entry_value(const gc_token *t, int n, const char *what,
                       const char *source, int *out, gc_error *err) {
  if (is_empty_mark(t->s, t->len)) {
    *out = 0;
    return 0;
  }
  return gc_token_int(t, source, what, 0, n, out, err);
}

static int parse_header(const gc_text *tx, int *br, int *bc, int *declared,
                        gc_error *err) {
  *br = *bc = *declared = 0;
  if (!tx->header)
    return 0;
  gc_token t[8];
  size_t k = gc_tokens(tx->header, t, 8);
  for (size_t i = 0; i < k && i < 8; i++) {
    const char *s = t[i].s;
    size_t len = t[i].len;
    if (len > 6 && !strncmp(s, "boxes=", 6))
      s += 6, len -= 6;
    else if (len == 5 && !strncmp(s, "boxes", 5) && i + 1 < k && i + 1 < 8) {
      i++;
      s = t[i].s, len = t[i].len;
    } else if (len < 4 || memchr(s, 'x', len) == NULL) {
      int v;
      if (gc_token_int(&t[i], tx->source, "grid size", 1, SKY_MAX_N, &v, err))
        return -1;
      *declared = v;
      continue;
    }
    int a = 0, b = 0;
    char buf[32];
    snprintf(buf, sizeof buf, "%.*s", (int)(len < 31 ? len : 31), s);
    if (sscanf(buf, "%dx%d", &a, &b) != 2 || a < 1 || b < 1 || a > SKY_MAX_N ||
        b > SKY_MAX_N) {
      gc_text_err(err, GC_E_SYNTAX, tx->source, t[i].line, t[i].col,
                  "expected boxes as AxB (rows x columns), got '%s'", buf);
      return -1;
    }
    *br = a, *bc = b;
  }
  return 0;
}

static int sky_parse_text(const gc_text *tx, gc_puzzle *pz, gc_error *err) {
  int br, bc, declared;
  if (parse_header(tx, &br, &bc, &declared, err))
    return -1;
  size_t count = gc_text_content(tx, NULL, 0);
  long n = (long)count - 2;
  long at = tx->nlines ? tx->lines[0].lineno : (tx->header ? tx->header->lineno : 1);
  if (n < 1) {
    gc_text_err(err, GC_E_SHAPE, tx->source, at, 1,
                "a skyscrapers puzzle needs a clue line, at least one row and "
                "a clue line; found %zu line%s",
                count, count == 1 ? "" : "s");
    return -1;
  }
  if (n > SKY_MAX_N) {
    const gc_text_line *first;
    gc_token t[SKY_MAX_N + 2];
    gc_text_content(tx, &first, 1);
    size_t k = clue_count(first, t);
    gc_text_err(err, GC_E_TOO_LARGE, tx->source, at, 1,
                "%zu lines make a %ld x %ld grid; skyscrapers grids go up to "
                "%d%s",
                count, n, n, SKY_MAX_N,
                k >= 1 && k <= SKY_MAX_N
                    ? " (several puzzles? they need a line '---' or a header "
                      "line between them)"
                    : "");
    return -1;
  }
  const gc_text_line *ln[SKY_MAX_N + 2];
  gc_text_content(tx, ln, SKY_MAX_N + 2);
  if (declared && declared != n) {
    gc_text_err(err, GC_E_SHAPE, tx->source, ln[count - 1]->lineno, 1,
                "the header says %d x %d but there are %ld rows (after the "
                "top clue line, before the bottom one)",
                declared, declared, n);
    return -1;
  }
  if (br && br * bc != n) {
    gc_text_err(err, GC_E_SHAPE, tx->source, tx->header->lineno,
                tx->header->col0,
                "boxes of %d x %d cells do not tile a %ld x %ld grid", br, bc,
                n, n);
    return -1;
  }
  if (sky_alloc(pz, (int)n, err))
    return -1;
  sky *s = pz->data;
  s->br = br, s->bc = bc;
  gc_token tok[SKY_MAX_N + 2];
  const char *src = tx->source;
  if (line_entries(ln[0], (size_t)n, tok, "the top clue line", src, err)) {
    /* An indented clue line (over the rows' left clues, as written) gives
       the size the setter meant: say what the lines lack or have too many
       of.  (A line that is not indented may be no clue line at all: a
       region map taken for Skyscrapers.) */
    size_t k = clue_count(ln[0], tok), used = strlen(err->message);
    if (k < 1 || tok[0].col == ln[0]->col0)
      return -1;
    if (k > (size_t)n && k <= SKY_MAX_N)
      snprintf(err->message + used, sizeof err->message - used,
               ": a %zu x %zu puzzle needs %zu lines, this one ends after %zu "
               "(is it cut off?)",
               k, k, k + 2, count);
    else if (k >= 1 && k < (size_t)n)
      snprintf(err->message + used, sizeof err->message - used,
               ": a %zu x %zu puzzle has %zu lines, this one %zu (two "
               "puzzles need a line '---' or a header line between them)",
               k, k, k + 2, count);
    return -1;
  }
  for (int i = 0; i < n; i++)
    if (entry_value(&tok[i], (int)n, "clue", src, &s->clue[TOP][i], err))
      return -1;
  for (int r = 0; r < n; r++) {
    char what[32];
    snprintf(what, sizeof what, "row %d", r + 1);
    if (line_entries(ln[r + 1], (size_t)n + 2, tok, what, src, err) ||
        entry_value(&tok[0], (int)n, "clue", src, &s->clue[LEFT][r], err) ||
        entry_value(&tok[n + 1], (int)n, "clue", src, &s->clue[RIGHT][r], err))
      return -1;
    for (int c = 0; c < n; c++) {
      int *cell = &s->givens[r * n + c];
      if (entry_value(&tok[c + 1], (int)n, "digit", src, cell, err))
        return -1;
      int r1, c1, r2, c2;
      if (*cell && find_repeat((int)n, s->givens, br, bc, &r1, &c1, &r2, &c2)) {
        gc_text_err(err, GC_E_CONTRADICTION, src, tok[c + 1].line,
                    tok[c + 1].col, "%d is given twice in the same %s (r%dc%d and r%dc%d)",
                    *cell, unit_name(r1, c1, r2, c2), r1 + 1, c1 + 1, r2 + 1,
                    c2 + 1);
        return -1;
      }
    }
  }
  if (line_entries(ln[n + 1], (size_t)n, tok, "the bottom clue line", src, err))
    return -1;
  for (int i = 0; i < n; i++)
    if (entry_value(&tok[i], (int)n, "clue", src, &s->clue[BOTTOM][i], err))
      return -1;
  return 0;
}

/* Digits and empties only, with clue lines one shorter... than rows. */
static int sky_sniff(const gc_text *tx) {
  for (size_t i = 0; i < tx->nlines; i++) {
    const gc_text_line *ln = &tx->lines[i];
    for (size_t k = 0; k < ln->len; k++) {
      char ch = ln->s[k];
      if (!(ch == ' ' || ch == '\t' || ch == '.' || ch == '-' || ch == '_' ||
            (ch >= '0' && ch <= '9')))
        return 0;
    }
  }
  return 50;
}

/*------------------------------------------------------------------------*/

static void encode_clue(gc_cnf *cnf, int first, int n, int side, int i, int c,
                        int edge_units, int rise) {
  /* x(p, v): the cell at distance p from the clue holds v. */
#define X(p, v) (gc_latin_var(first, n, rr[p], cc[p], (v)))
  int rr[SKY_MAX_N], cc[SKY_MAX_N];
  for (int p = 0; p < n; p++)
    line_cell(side, i, p, n, &rr[p], &cc[p]);
  char name[32];
  int mfirst = 0, vfirst = 0;
  if (n > 1) {
    snprintf(name, sizeof name, "%s[%d].max", side_key[side], i);
    mfirst = gc_cnf_block(cnf, name, "pos,value-2", n - 1, n - 1, 1);
    snprintf(name, sizeof name, "%s[%d].visible", side_key[side], i);
    vfirst = gc_cnf_block(cnf, name, "pos-1", n - 1, 1, 1);
    if (!mfirst || !vfirst)
      return;
  }
  /* M(p, v) with its constant ends folded: nothing is below 1, nothing
     above n, and the first p + 1 cells hold p + 1 different heights, so
     their maximum is at least p + 1 (a fact the solver could only find by
     search: folding it drops 28 of the 64 ladder variables of a 9x9 clue
     with their clauses, and strengthens propagation). */
#define M(p, v)                                                                \
  ((v) <= 1 ? GC_TRUE                                                          \
   : (v) > n || (p) < 0 ? GC_FALSE                                             \
   : (v) <= (p) + 1     ? GC_TRUE                                              \
                        : mfirst + (p) * (n - 1) + ((v) - 2))
  for (int p = 0; p + 1 < n; p++)
    for (int v = 2; v <= n; v++) {
      gc_cnf_binary(cnf, -M(p, v + 1), M(p, v));
      gc_cnf_binary(cnf, -M(p - 1, v), M(p, v));
      gc_cnf_binary(cnf, -X(p, v), M(p, v));
      gc_cnf_quaternary(cnf, -M(p, v), M(p, v + 1), M(p - 1, v), X(p, v));
    }
  int vis[SKY_MAX_N] = {0}; /* zeroed for GCC's maybe-uninitialized */
  for (int p = 1; p < n; p++) {
    int s = vfirst + p - 1;
    vis[p - 1] = s;
    for (int v = 1; v <= n; v++) {
      gc_cnf_ternary(cnf, -X(p, v), M(p - 1, v), s);
      gc_cnf_ternary(cnf, -X(p, v), -M(p - 1, v), -s);
    }
  }
  gc_enc_exactly(cnf, vis, (size_t)(n - 1), c - 1);
  /* With option sky_rise, implied clauses: a building seen at p is taller
     than every one before it, so the running maximum rises there,
     vis[p] and M(p-1, v) imply M(p, v+1).  The clauses above reach that
     only through the cell's value; stated directly, propagation learns
     from a clue where the tall buildings can stand (with v = n: nothing
     after the tallest is seen).  Clauses satisfied by the folding (v <= p)
     are left out. */
  if (rise)
    for (int p = 1; p < n; p++)
      for (int v = p + 1; v <= n; v++)
        gc_cnf_ternary(cnf, -(vfirst + p - 1), -M(p - 1, v), M(p, v + 1));
  if (edge_units) {
    for (int p = 0; p <= c - 2; p++)
      for (int v = n - c + 2 + p; v <= n; v++)
        gc_cnf_unit(cnf, -X(p, v));
    if (c == 1)
      gc_cnf_unit(cnf, X(0, n));
    if (c == n)
      for (int p = 0; p < n; p++)
        gc_cnf_unit(cnf, X(p, p + 1));
  }
#undef M
#undef X
}

static int sky_encode(const gc_puzzle *pz, gc_cnf *cnf, gc_error *err) {
  (void)err;
  const sky *s = pz->data;
  int n = pz->n;
  int first = gc_latin_block(cnf, n);
  if (!first)
    return -1;
  gc_latin_encode(cnf, first, n);
  if (s->br)
    gc_latin_boxes(cnf, first, n, s->br, s->bc);
  gc_latin_givens(cnf, first, n, s->givens);
  for (int side = 0; side < SIDES; side++)
    for (int i = 0; i < n; i++)
      if (s->clue[side][i]) {
        gc_cnf_group(cnf, side_key[side], i, -1, "clue %d %s %d",
                     s->clue[side][i], side_words(side), i + 1);
        encode_clue(cnf, first, n, side, i, s->clue[side][i],
                    cnf->opt ? cnf->opt->edge_units : 1,
                    cnf->opt ? cnf->opt->sky_rise : 1);
      }
  gc_cnf_group_end(cnf);
  return gc_cnf_status(cnf) ? -1 : 0;
}

/*------------------------------------------------------------------------*/

static void sky_givens(const gc_puzzle *pz, int *cell) {
  const sky *d = pz->data;
  for (int i = 0; i < pz->n * pz->n; i++)
    cell[i] = d->givens[i] ? d->givens[i] : GC_EMPTY;
}

static void sky_check(const gc_puzzle *pz, const gc_grid *g, int partial,
                      gc_report *rep) {
  const sky *s = pz->data;
  int n = pz->n;
  if (gc_report_digits(rep, n, g->cell, s->givens, 1, n, partial, "a height") ||
      gc_report_repeats(rep, n, g->cell, s->br, s->bc))
    return;
  for (int side = 0; side < SIDES; side++)
    for (int i = 0; i < n; i++) {
      int clue = s->clue[side][i];
      if (!clue)
        continue;
      int seen = 0, top = 0, full = 1;
      for (int p = 0; p < n; p++) {
        int r, c;
        line_cell(side, i, p, n, &r, &c);
        int v = g->cell[r * n + c];
        if (v < 1 || v > n) {
          full = 0;
          break;
        }
        if (v > top) {
          top = v;
          seen++;
        }
      }
      if (full && seen != clue &&
          gc_broken(rep, "clue %d %s %d sees %d", clue, side_words(side), i + 1,
                    seen))
        return;
    }
}

/*------------------------------------------------------------------------*/

static void put_entry(gc_strbuf *b, int v, int w, int lead, int style) {
  gc_sb_pen(b, GC_STYLE_TEXT);
  if (lead)
    gc_sb_put(b, " ");
  gc_sb_pen(b, v > 0 ? style
               : style == GC_STYLE_CLUE ? GC_STYLE_TEXT
                                        : (style & GC_STYLE_DIFFERS) | GC_STYLE_EMPTY);
  if (v > 0)
    gc_sb_printf(b, "%*d", w, v);
  else
    gc_sb_printf(b, "%*s", w, ".");
}

/* Skyscraper Sudoku on a terminal: "│" between boxes side by side (and
   room for it in the clue lines), a rule between boxes one above the
   other. */
static void box_gap(gc_strbuf *b, const sky *s, const gc_look *lk, int c,
                    const char *mark) {
  if (lk && lk->boxes && s->bc && c > 0 && c % s->bc == 0) {
    gc_sb_pen(b, GC_STYLE_TEXT);
    gc_sb_put(b, mark);
  }
}

static void box_rule(gc_strbuf *b, const sky *s, int n, int w) {
  gc_sb_pen(b, GC_STYLE_TEXT);
  gc_sb_printf(b, "%*s", w, "");
  for (int c = 0; c < n; c++) {
    if (c > 0 && c % s->bc == 0)
      gc_sb_put(b, "\u2500\u253c");
    for (int k = 0; k <= w; k++)
      gc_sb_put(b, "\u2500");
  }
  gc_sb_put(b, "\n");
}

/* The notation, with g's digits in the cells when g is given; styled:
   clues, givens, solved digits, empty cells, and where g differs from
   look->other.  For a terminal (look->boxes), Sudoku boxes are ruled off
   (no longer the notation). */
static void sky_draw(const gc_puzzle *pz, const gc_grid *g, const gc_look *lk,
                     gc_strbuf *b) {
  const sky *s = pz->data;
  int n = pz->n, w = n >= 10 ? 2 : 1;
  const gc_grid *other = lk ? lk->other : NULL;
  int ruled = lk && lk->boxes && s->br;
  if (s->br)
    gc_sb_printf(b, "skyscrapers boxes %dx%d\n", s->br, s->bc);
  else
    gc_sb_put(b, "skyscrapers\n");
  gc_sb_put(b, w == 1 ? " " : "  ");
  for (int i = 0; i < n; i++) {
    box_gap(b, s, lk, i, "  ");
    put_entry(b, s->clue[TOP][i], w, 1, GC_STYLE_CLUE);
  }
  gc_sb_put(b, "\n");
  for (int r = 0; r < n; r++) {
    if (ruled && r > 0 && r % s->br == 0)
      box_rule(b, s, n, w);
    put_entry(b, s->clue[LEFT][r], w, 0, GC_STYLE_CLUE);
    for (int c = 0; c < n; c++) {
      int i = r * n + c;
      int style = s->givens[i] ? GC_STYLE_GIVEN : GC_STYLE_SOLVED;
      if (other && other->cell[i] != g->cell[i])
        style |= GC_STYLE_DIFFERS;
      box_gap(b, s, lk, c, " \u2502");
      put_entry(b, g ? g->cell[i] : s->givens[i], w, 1, style);
    }
    put_entry(b, s->clue[RIGHT][r], w, 1, GC_STYLE_CLUE);
    gc_sb_pen(b, GC_STYLE_TEXT);
    gc_sb_put(b, "\n");
  }
  gc_sb_put(b, w == 1 ? " " : "  ");
  for (int i = 0; i < n; i++) {
    box_gap(b, s, lk, i, "  ");
    put_entry(b, s->clue[BOTTOM][i], w, 1, GC_STYLE_CLUE);
  }
  gc_sb_pen(b, GC_STYLE_TEXT);
  gc_sb_put(b, "\n");
}

static char *sky_render(const gc_puzzle *pz, const gc_grid *g) {
  gc_strbuf b = {0};
  sky_draw(pz, g, NULL, &b);
  return gc_sb_finish(&b);
}

/* The picture: clues in a one-cell strip on each side, the grid with thin
   lines, box borders (unit edges between boxes) and the outer frame,
   givens in black, solved digits in the solution colour. */
static char *sky_picture(const gc_puzzle *pz, const gc_grid *g,
                         const gc_step *st) {
  const sky *s = pz->data;
  int n = pz->n;
  const double cell = 40, pad = cell + 8;
  int side = (int)(n * cell + 2 * pad);
  char title[200], legend[400];
  gc_svg_title(title, sizeof title, pz->id, "Skyscrapers", n);
  int k = snprintf(legend, sizeof legend,
                   "Write 1 to %d once in every row and column%s. A clue "
                   "outside the grid counts the buildings seen from there: a "
                   "taller one hides every lower one behind it.",
                   n, s->br ? " and every outlined box" : "");
  if (g && k > 0 && (size_t)k < sizeof legend)
    snprintf(legend + k, sizeof legend - (size_t)k,
             " The solution is in blue.");
  gc_strbuf b = {0};
  gc_svg_page pg;
  gc_svg_page_begin(&b, &pg, side, side, title, legend);
  const double x0 = pg.dx + pad, y0 = pg.dy + pad;
  if (st)
    gc_svg_step_cells(&b, st, n, x0, y0, cell, 0, NULL, s->br, s->bc);
  gc_svg_grid_lines(&b, x0, y0, n, cell);
  if (s->br) {
    int box[SKY_MAX_N * SKY_MAX_N];
    for (int r = 0; r < n; r++)
      for (int c = 0; c < n; c++)
        box[r * n + c] = (r / s->br) * (n / s->bc) + c / s->bc;
    gc_svg_borders(&b, x0, y0, n, cell, box, "box-border");
  }
  gc_svg_frame(&b, x0, y0, n, cell);
  double fs = cell * 0.5;
  double below = y0 + n * cell + cell / 2, right = x0 + n * cell + cell / 2;
  for (int i = 0; i < n; i++) {
    double mx = x0 + (i + 0.5) * cell, my = y0 + (i + 0.5) * cell;
    if (s->clue[TOP][i])
      gc_svg_number(&b, "clue", mx, y0 - cell / 2, fs, s->clue[TOP][i]);
    if (s->clue[BOTTOM][i])
      gc_svg_number(&b, "clue", mx, below, fs, s->clue[BOTTOM][i]);
    if (s->clue[LEFT][i])
      gc_svg_number(&b, "clue", x0 - cell / 2, my, fs, s->clue[LEFT][i]);
    if (s->clue[RIGHT][i])
      gc_svg_number(&b, "clue", right, my, fs, s->clue[RIGHT][i]);
  }
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int v = s->givens[r * n + c];
      const char *cls = "given";
      if (!v && g && g->cell[r * n + c] >= 1 && g->cell[r * n + c] <= n)
        v = g->cell[r * n + c], cls = "solution";
      if (v)
        gc_svg_number(&b, cls, x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell,
                      cell * (n >= 10 ? 0.48 : 0.6), v);
    }
  for (size_t i = 0; st && i < st->nreason; i++) {
    const gc_item *it = &st->reason[i];
    if (it->kind != GC_ITEM_CLUE)
      continue;
    /* where its number stands (the loop above) */
    double along_x = x0 + (it->index + 0.5) * cell,
           along_y = y0 + (it->index + 0.5) * cell;
    double cx = it->side == TOP || it->side == BOTTOM ? along_x
                : it->side == LEFT                    ? x0 - cell / 2
                                                      : right;
    double cy = it->side == TOP      ? y0 - cell / 2
                : it->side == BOTTOM ? below
                                     : along_y;
    gc_svg_circle(&b, "reason-clue", cx, cy, cell * 0.4);
  }
  if (st)
    gc_svg_step_elim(&b, st, x0, y0, cell, 0);
  gc_svg_page_end(&b, &pg);
  return gc_sb_finish(&b);
}

static char *sky_svg(const gc_puzzle *pz, const gc_grid *g) {
  return sky_picture(pz, g, NULL);
}

static char *sky_svg_step(const gc_puzzle *pz, const gc_grid *g,
                          const gc_step *st) {
  return sky_picture(pz, g, st);
}

static int sky_clue(gc_puzzle *pz, const gc_puzzle *src, const gc_group *g,
                    int on) {
  sky *d = pz->data;
  const sky *s = src->data;
  int n = src->n;
  if (g->i < 0 || g->i >= n)
    return -1;
  if (!strcmp(g->key, "givens") && g->j >= 0 && g->j < n) {
    int c = g->i * n + g->j;
    d->givens[c] = on ? s->givens[c] : 0;
    return 0;
  }
  for (int side = 0; side < SIDES; side++)
    if (!strcmp(g->key, side_key[side])) {
      d->clue[side][g->i] = on ? s->clue[side][g->i] : 0;
      return 0;
    }
  return -1;
}

static json_t *sky_to_json(const gc_puzzle *pz) {
  const sky *s = pz->data;
  json_t *o = json_object();
  for (int k = 0; o && k < SIDES; k++)
    json_object_set_new(o, side_key[k], gc_json_int_array(s->clue[k], pz->n));
  json_object_set_new(o, "givens", gc_json_int_matrix(s->givens, pz->n));
  if (s->br)
    json_object_set_new(o, "boxes", json_pack("[ii]", s->br, s->bc));
  return o;
}

/* A random Latin square (with the boxes asked for), every clue and every
   digit given: the shared generator removes what is not needed, givens
   first (Tatham's order, for puzzles led by their clues). */
static int sky_generate(gc_puzzle *pz, const gc_gen_params *p, gc_gen_ctx *gx,
                        gc_error *err) {
  int n = p->n, br = p->box_rows, bc = p->box_cols;
  if (n < 1 || n > SKY_MAX_N) {
    gc_error_set(err, GC_E_RANGE, 0, 0,
                 "skyscrapers grids go from 1 to %d, not %d", SKY_MAX_N, n);
    return -1;
  }
  if ((br || bc) && (br < 1 || bc < 1 || br * bc != n)) {
    gc_error_set(err, GC_E_RANGE, 0, 0,
                 "boxes of %d x %d cells do not tile a %d x %d grid", br, bc,
                 n, n);
    return -1;
  }
  if (p->stars > 1) {
    gc_error_set(err, GC_E_RANGE, 0, 0, "skyscrapers have no stars");
    return -1;
  }
  if (sky_alloc(pz, n, err) || gc_grid_init(&pz->known, n)) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  sky *s = pz->data;
  s->br = br, s->bc = bc;
  if (gc_random_latin(gx->rng, n, br, bc, pz->known.cell))
    return 2;
  memcpy(s->givens, pz->known.cell, (size_t)(n * n) * sizeof(int));
  for (int side = 0; side < SIDES; side++)
    for (int i = 0; i < n; i++) {
      int seen = 0, top = 0;
      for (int q = 0; q < n; q++) {
        int r, c;
        line_cell(side, i, q, n, &r, &c);
        if (pz->known.cell[r * n + c] > top) {
          top = pz->known.cell[r * n + c];
          seen++;
        }
      }
      s->clue[side][i] = seen;
    }
  gx->givens_first = 1;
  return 0;
}

static const char *const sky_aliases[] = {"towers", "skyscraper", NULL};

static const char *const sky_keys[] = {"top", "bottom", "left", "right", "givens", "boxes", NULL};

const gc_genre gc_genre_skyscrapers = {
    .name = "skyscrapers",
    .aliases = sky_aliases,
    .summary = "Latin square of heights; edge clues count the buildings seen "
               "(optional Sudoku boxes)",
    .max_n = SKY_MAX_N,
    .cells = GC_CELLS_ONE_HOT,
    .json_keys = sky_keys,
    .parse_json = sky_parse_json,
    .parse_text = sky_parse_text,
    .sniff_text = sky_sniff,
    .encode = sky_encode,
    .check = sky_check,
    .givens = sky_givens,
    .render = sky_render,
    .draw = sky_draw,
    .svg = sky_svg,
    .svg_step = sky_svg_step,
    .to_json = sky_to_json,
    .generate = sky_generate,
    .clue = sky_clue,
    .steps = &gc_steps_skyscrapers,
    .free_data = free,
};
