/*
 * pylists.c: Skyscrapers as Python lists, the form of seed 000 (the blog
 * post "Skyscraper fun with OR-Tools!"):
 *
 *   ss_99 = [[1,4,5,...],[2,2,2,...],[1,4,3,...],[4,2,3,...]]
 *   ss_99_constlist = [([0,3],6),([0,7],2), ...
 *                      ([8,5],7)]
 *
 * The first list holds four lists of n clues: left and right (rows top to
 * bottom), top and bottom (columns left to right); 0 = no clue.  The
 * optional second statement lists givens as ([row, col], value), 0-based
 * (a [[row, col], value] list reads too).  A statement may run over
 * several lines; '#' starts a comment.  Several puzzles may follow one
 * another; each clue statement starts one, named after its variable (the
 * puzzle's id), and a givens statement belongs to the clue statement
 * before it ("NAME_constlist" must name it).
 *
 * The whole text is this format when it starts (after comments) with
 * "NAME = [[" and four lists; "parks = [[...]], m=1" (a Star Battle
 * matrix, read by that genre) is not.  Writing cannot hold Sudoku boxes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "strbuf.h"

#define PL_MAX_N 32

static int is_ident0(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static int is_ident(char c) { return is_ident0(c) || (c >= '0' && c <= '9'); }

/* White space, newlines and comments. */
static size_t skip(const char *s, size_t len, size_t p) {
  while (p < len) {
    char c = s[p];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
        c == '\v')
      p++;
    else if (c == '#') {
      while (p < len && s[p] != '\n')
        p++;
    } else
      break;
  }
  return p;
}

typedef struct cur {
  const gc_fmt_in *in;
  size_t p;
  gc_error *err;
} cur;

static int peek(cur *c) {
  c->p = skip(c->in->text, c->in->len, c->p);
  return c->p < c->in->len ? (unsigned char)c->in->text[c->p] : -1;
}

static int expect(cur *c, char want, const char *where) {
  if (peek(c) == want) {
    c->p++;
    return 0;
  }
  char what[32];
  gc_fmt_what(c->in->text, c->in->len, c->p, what, sizeof what);
  gc_fmt_err(c->in, c->err, GC_E_SYNTAX, c->p, "expected '%c' %s, got %s", want,
             where, what);
  return -1;
}

static int number(cur *c, long *v, size_t *at, const char *where) {
  peek(c);
  *at = c->p;
  int neg = 0;
  if (c->p < c->in->len && c->in->text[c->p] == '-')
    neg = 1, c->p++;
  if (!gc_fmt_number(c->in->text, c->in->len, &c->p, v)) {
    char what[32];
    gc_fmt_what(c->in->text, c->in->len, c->p, what, sizeof what);
    gc_fmt_err(c->in, c->err, GC_E_SYNTAX, c->p, "expected a number %s, got %s",
               where, what);
    return -1;
  }
  if (neg)
    *v = -*v;
  return 0;
}

/* Length of the number written at s[a] ('-' and digits), to quote it. */
static int num_len(const char *s, size_t len, size_t a) {
  size_t e = a;
  if (e < len && s[e] == '-')
    e++;
  while (e < len && s[e] >= '0' && s[e] <= '9')
    e++;
  return (int)(e - a);
}

/* NAME '=' : the name's bounds. */
static int assignment(cur *c, size_t *name, size_t *name_len) {
  const char *s = c->in->text;
  peek(c);
  if (c->p >= c->in->len || !is_ident0(s[c->p])) {
    char what[32];
    gc_fmt_what(s, c->in->len, c->p, what, sizeof what);
    gc_fmt_err(c->in, c->err, GC_E_SYNTAX, c->p,
               "expected a name and '=' (as in 'ss_99 = [[...], ...]'), got %s",
               what);
    return -1;
  }
  *name = c->p;
  while (c->p < c->in->len && is_ident(s[c->p]))
    c->p++;
  *name_len = c->p - *name;
  if (peek(c) == '=') {
    c->p++;
    return 0;
  }
  char what[32];
  gc_fmt_what(s, c->in->len, c->p, what, sizeof what);
  gc_fmt_err(c->in, c->err, GC_E_SYNTAX, c->p,
             "expected '=' after the name '%.*s', got %s",
             (int)(*name_len > 40 ? 40 : *name_len), s + *name, what);
  return -1;
}

static const char *const side_name[4] = {"left", "right", "top", "bottom"};

/* [[left], [right], [top], [bottom]] */
static int clue_lists(cur *c, int *n, int clue[4][PL_MAX_N]) {
  if (expect(c, '[', "to open the four clue lists"))
    return -1;
  *n = -1;
  for (int k = 0; k < 4; k++) {
    if (k && peek(c) == ']') {
      gc_fmt_err(c->in, c->err, GC_E_SHAPE, c->p,
                 "expected four clue lists (left, right, top, bottom), got %d",
                 k);
      return -1;
    }
    if (k && expect(c, ',', "between the clue lists (left, right, top, bottom)"))
      return -1;
    char where[48];
    snprintf(where, sizeof where, "to open the %s clues", side_name[k]);
    if (expect(c, '[', where))
      return -1;
    size_t open = c->p - 1;
    int count = 0;
    size_t at[PL_MAX_N];
    while (peek(c) != ']') {
      if (count && expect(c, ',', "between clues"))
        return -1;
      if (peek(c) == ']')
        break;
      long v;
      size_t a;
      snprintf(where, sizeof where, "in the %s clues", side_name[k]);
      if (number(c, &v, &a, where))
        return -1;
      if (count == PL_MAX_N) {
        gc_fmt_err(c->in, c->err, GC_E_TOO_LARGE, a,
                   "more than %d %s clues: skyscrapers grids go up to %d",
                   PL_MAX_N, side_name[k], PL_MAX_N);
        return -1;
      }
      clue[k][count] = (int)(v < -1 ? -1 : v > 99 ? 99 : v);
      at[count++] = a;
    }
    c->p++;
    if (*n < 0)
      *n = count;
    if (count == 0) {
      gc_fmt_err(c->in, c->err, GC_E_SHAPE, open,
                 "the %s clues are an empty list, expected one number per %s "
                 "(0 = no clue)",
                 side_name[k], k < 2 ? "row" : "column");
      return -1;
    }
    if (count != *n) {
      gc_fmt_err(c->in, c->err, GC_E_SHAPE, open,
                 "the %s clues are %d numbers, expected %d (one per row or "
                 "column)",
                 side_name[k], count, *n);
      return -1;
    }
    for (int i = 0; i < count; i++) {
      if (clue[k][i] < 0 || clue[k][i] > count) {
        gc_fmt_err(c->in, c->err, GC_E_RANGE, at[i],
                   "%s clue %.*s is out of range 0..%d (0 = no clue)",
                   side_name[k], num_len(c->in->text, c->in->len, at[i]),
                   c->in->text + at[i], count);
        return -1;
      }
      gc_fmt_mark(c->in, side_name[k], i, -1, at[i]);
    }
  }
  if (peek(c) == ',') {
    gc_fmt_err(c->in, c->err, GC_E_SHAPE, c->p,
               "expected ']' after four clue lists (left, right, top, bottom)");
    return -1;
  }
  return expect(c, ']', "after the four clue lists");
}

/* [([r, c], v), ...] */
static int given_list(cur *c, int n, int *givens) {
  if (expect(c, '[', "to open the list of givens"))
    return -1;
  int count = 0;
  while (peek(c) != ']') {
    if (count && expect(c, ',', "between givens"))
      return -1;
    if (peek(c) == ']')
      break;
    int open = peek(c);
    if (open != '(' && open != '[') {
      char what[32];
      gc_fmt_what(c->in->text, c->in->len, c->p, what, sizeof what);
      gc_fmt_err(c->in, c->err, GC_E_SYNTAX, c->p,
                 "expected a given '([row, col], value)', got %s", what);
      return -1;
    }
    c->p++;
    long r, col, v;
    size_t ra, ca, va;
    if (expect(c, '[', "before the row and column") ||
        number(c, &r, &ra, "(the row, from 0)") ||
        expect(c, ',', "between the row and the column") ||
        number(c, &col, &ca, "(the column, from 0)") ||
        expect(c, ']', "after the column") ||
        expect(c, ',', "between the cell and its value") ||
        number(c, &v, &va, "(the value)") ||
        expect(c, open == '(' ? ')' : ']', "after the value"))
      return -1;
    if (r < 0 || r >= n || col < 0 || col >= n) {
      gc_fmt_err(c->in, c->err, GC_E_RANGE, r < 0 || r >= n ? ra : ca,
                 "cell [%ld, %ld] is off the %d x %d grid (rows and columns "
                 "count from 0)",
                 r, col, n, n);
      return -1;
    }
    if (v < 0 || v > n) {
      gc_fmt_err(c->in, c->err, GC_E_RANGE, va,
                 "given %ld is out of range 1..%d", v, n);
      return -1;
    }
    int *g = &givens[r * n + col];
    if (*g && v && *g != v) {
      gc_fmt_err(c->in, c->err, GC_E_CONTRADICTION, va,
                 "cell [%ld, %ld] is given twice, %d and %ld", r, col, *g, v);
      return -1;
    }
    if (v) {
      *g = (int)v;
      gc_fmt_mark(c->in, "givens", (int)r, (int)col, va);
    }
    count++;
  }
  c->p++;
  return 0;
}

/* Does a givens statement start at c->p?  Looks only. */
static int givens_next(const cur *c) {
  const char *s = c->in->text;
  size_t len = c->in->len, p = skip(s, len, c->p);
  if (p >= len || !is_ident0(s[p]))
    return 0;
  while (p < len && is_ident(s[p]))
    p++;
  p = skip(s, len, p);
  if (p >= len || s[p] != '=')
    return 0;
  p = skip(s, len, p + 1);
  if (p >= len || s[p] != '[')
    return 0;
  p = skip(s, len, p + 1);
  if (p < len && (s[p] == '(' || s[p] == ']'))
    return 1;
  if (p >= len || s[p] != '[')
    return 0;
  p = skip(s, len, p + 1);
  return p < len && s[p] == '[';
}

static int pylists_read(const gc_fmt_in *in, size_t *used, json_t **record,
                        gc_error *err) {
  cur c = {in, 0, err};
  *record = NULL;
  if (peek(&c) < 0) {
    *used = in->len;
    return 0;
  }
  *used = in->len; /* after an error, the rest is not read */
  size_t name, name_len;
  int n, clue[4][PL_MAX_N];
  if (assignment(&c, &name, &name_len) || clue_lists(&c, &n, clue))
    return -1;
  int *givens = calloc((size_t)(n * n), sizeof *givens);
  if (!givens) {
    gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
    return -1;
  }
  while (givens_next(&c)) {
    size_t gname, glen;
    if (assignment(&c, &gname, &glen))
      goto fail;
    const char *suffix = "_constlist";
    size_t sl = strlen(suffix);
    if (glen > sl && !memcmp(in->text + gname + glen - sl, suffix, sl) &&
        (glen - sl != name_len ||
         memcmp(in->text + gname, in->text + name, name_len))) {
      gc_fmt_err(in, err, GC_E_SHAPE, gname,
                 "expected the givens of '%.*s' ('%.*s_constlist'), got "
                 "'%.*s'",
                 (int)(name_len > 40 ? 40 : name_len), in->text + name,
                 (int)(name_len > 40 ? 40 : name_len), in->text + name,
                 (int)(glen > 40 ? 40 : glen), in->text + gname);
      goto fail;
    }
    if (given_list(&c, n, givens))
      goto fail;
  }
  const int *const sides[4] = {clue[2], clue[3], clue[0], clue[1]};
  json_t *rec = gc_rec_skyscrapers(in, n, sides, givens, err);
  if (!rec)
    goto fail;
  char id[64];
  snprintf(id, sizeof id, "%.*s", (int)(name_len > 63 ? 63 : name_len),
           in->text + name);
  json_object_set_new(rec, "id", json_string(id));
  free(givens);
  *used = skip(in->text, in->len, c.p); /* and the comments after it */
  *record = rec;
  return 1;
fail:
  free(givens);
  return -1;
}

static int sniff(const char *s, size_t len) {
  size_t p = skip(s, len, 0), name = p;
  while (p < len && is_ident(s[p]))
    p++;
  if (p == name || !is_ident0(s[name]) || (p - name == 5 && !memcmp(s + name, "parks", 5)))
    return 0;
  p = skip(s, len, p);
  if (p >= len || s[p] != '=')
    return 0;
  p = skip(s, len, p + 1);
  if (p >= len || s[p] != '[')
    return 0;
  p = skip(s, len, p + 1);
  if (p >= len || s[p] != '[')
    return 0;
  /* Four lists, then the statement ends (no ", m=1" as in parks=...). */
  gc_fmt_in in = {s, len, NULL, "", 1, 1, NULL};
  gc_error e;
  gc_error_clear(&e);
  cur c = {&in, name, &e};
  size_t nm, nl;
  int n, clue[4][PL_MAX_N];
  if (assignment(&c, &nm, &nl))
    return 0;
  if (clue_lists(&c, &n, clue))
    return 60; /* "NAME = [[" and something wrong: the reader says what */
  int next = peek(&c);
  return next == ',' || next == ')' ? 0 : 80;
}

static char *pylists_write(const json_t *rec, gc_error *err) {
  const char *g = gc_rec_genre(rec);
  int n = gc_rec_n(rec);
  if (strcmp(g, "skyscrapers")) {
    gc_fmt_cannot(err, "the Python lists hold Skyscrapers clues, not %s", g);
    return NULL;
  }
  if (json_object_get(rec, "boxes") && !json_is_null(json_object_get(rec, "boxes"))) {
    gc_fmt_cannot(err, "the Python lists have no Sudoku boxes");
    return NULL;
  }
  char name[64] = "puzzle";
  const json_t *id = json_object_get(rec, "id");
  if (json_is_string(id) && json_string_value(id)[0]) {
    snprintf(name, sizeof name, "%s%s",
             is_ident0(json_string_value(id)[0]) ? "" : "p_",
             json_string_value(id));
    for (char *q = name; *q; q++)
      if (!is_ident(*q))
        *q = '_';
  }
  int clue[4][32];
  int *givens = malloc((size_t)(n * n) * sizeof *givens);
  if (!givens) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  for (int k = 0; k < 4; k++)
    gc_rec_ints(rec, side_name[k], n, clue[k]);
  gc_rec_matrix(rec, "givens", n, givens);
  gc_strbuf b = {0};
  gc_sb_printf(&b, "%s = [", name);
  for (int k = 0; k < 4; k++) {
    gc_sb_put(&b, k ? ",[" : "[");
    for (int i = 0; i < n; i++)
      gc_sb_printf(&b, "%s%d", i ? "," : "", clue[k][i]);
    gc_sb_put(&b, "]");
  }
  gc_sb_put(&b, "]");
  int count = 0;
  for (int i = 0; i < n * n; i++) {
    if (!givens[i])
      continue;
    if (!count)
      gc_sb_printf(&b, "\n%s_constlist = [", name);
    else if (count % 6 == 0)
      gc_sb_put(&b, ",\n");
    else
      gc_sb_put(&b, ",");
    gc_sb_printf(&b, "([%d,%d],%d)", i / n, i % n, givens[i]);
    count++;
  }
  if (count)
    gc_sb_put(&b, "]");
  free(givens);
  return gc_fmt_finish(&b, err);
}

static const char *const pylists_aliases[] = {"python", NULL};

const gc_format gc_format_pylists = {
    .name = "pylists",
    .aliases = pylists_aliases,
    .summary = "Python lists: 'NAME = [[left],[right],[top],[bottom]]' and "
               "'NAME_constlist = [([row,col],value), ...]'",
    .genres = "skyscrapers",
    .order = 5,
    .multiline = 1,
    .sniff = sniff,
    .read = pylists_read,
    .write = pylists_write,
};
