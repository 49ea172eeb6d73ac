/*
 * formats.c: the registry of pasted formats and what they share: error
 * positions, marks that map a record's values back into the text, record
 * access for writers, regions from borders, and auto-detection.
 * format_list.h is written by CMake from the files in formats/ (one
 * GC_FORMAT(name) line per file that defines a gc_format).
 */
#include "format.h"
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "jsonfields.h"

#define GC_FORMAT(name) extern const gc_format gc_format_##name;
#include "format_list.h"
#undef GC_FORMAT

static const gc_format *const formats[] = {
#define GC_FORMAT(name) &gc_format_##name,
#include "format_list.h"
#undef GC_FORMAT
};

#define NFORMATS (sizeof formats / sizeof formats[0])

size_t gc_fmt_count(void) { return NFORMATS; }

/* The i-th in detection order (order, then name); no mutable state. */
const gc_format *gc_fmt_at(size_t i) {
  if (i >= NFORMATS)
    return NULL;
  for (size_t a = 0; a < NFORMATS; a++) {
    size_t before = 0;
    for (size_t b = 0; b < NFORMATS; b++)
      if (formats[b]->order < formats[a]->order ||
          (formats[b]->order == formats[a]->order &&
           strcmp(formats[b]->name, formats[a]->name) < 0))
        before++;
    if (before == i)
      return formats[a];
  }
  return NULL;
}

const gc_format *gc_fmt_find(const char *name) {
  if (!name)
    return NULL;
  for (size_t i = 0; i < NFORMATS; i++) {
    const gc_format *f = formats[i];
    if (!strcasecmp(f->name, name))
      return f;
    for (const char *const *a = f->aliases; a && *a; a++)
      if (!strcasecmp(*a, name))
        return f;
  }
  return NULL;
}

/*------------------------------------------------------------------------*/
/* The public side.                                                        */

size_t gc_format_count(void) { return NFORMATS; }

const char *gc_format_name(size_t i) {
  const gc_format *f = gc_fmt_at(i);
  return f ? f->name : NULL;
}

const char *gc_format_summary(size_t i) {
  const gc_format *f = gc_fmt_at(i);
  return f ? f->summary : NULL;
}

int gc_format_known(const char *name) { return gc_fmt_find(name) != NULL; }

const char *gc_format_detect(const char *data, size_t len) {
  const gc_format *whole;
  switch (gc_fmt_detect(data, len, &whole)) {
  case GC_FMT_WHOLE: return whole->name;
  case GC_FMT_LINES: break;
  default: return NULL;
  }
  size_t pos = 0;
  long line = 1, lineno, col;
  const char *s;
  size_t slen;
  int score;
  const gc_format *f =
      gc_fmt_next_line(data, len, &pos, &line, &s, &slen, &lineno, &col)
          ? gc_fmt_claim(s, slen, &score)
          : NULL;
  return f ? f->name : NULL;
}

/*------------------------------------------------------------------------*/
/* Positions and messages.                                                 */

void gc_fmt_where(const gc_fmt_in *in, size_t off, long *line, long *col) {
  long l = in->line, c = in->column;
  if (off > in->len)
    off = in->len;
  for (size_t i = 0; i < off; i++) {
    if (in->text[i] == '\n') {
      l++;
      c = 1;
    } else
      c++;
  }
  *line = l;
  *col = c;
}

void gc_fmt_err(const gc_fmt_in *in, gc_error *err, gc_code code, size_t off,
                const char *fmt, ...) {
  long line, col;
  gc_fmt_where(in, off, &line, &col);
  err->code = code;
  err->line = line;
  err->column = col;
  err->path[0] = 0;
  gc_error_source(err, in->source);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->message, sizeof err->message, fmt, ap);
  va_end(ap);
}

void gc_fmt_cannot(gc_error *err, const char *fmt, ...) {
  char why[200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, sizeof why, fmt, ap);
  va_end(ap);
  gc_error_set(err, GC_E_UNSUPPORTED, 0, 0, "cannot express: %s", why);
}

void gc_fmt_what(const char *text, size_t len, size_t off, char *buf,
                 size_t size) {
  if (off >= len) {
    snprintf(buf, size, "the end");
    return;
  }
  unsigned char ch = (unsigned char)text[off];
  if (ch >= 0x21 && ch < 0x7f)
    snprintf(buf, size, "'%c'", ch);
  else if (ch == ' ' || ch == '\t')
    snprintf(buf, size, "a space");
  else
    snprintf(buf, size, "byte 0x%02x", ch);
}

int gc_fmt_number(const char *s, size_t len, size_t *pos, long *value) {
  size_t p = *pos;
  long v = 0;
  while (p < len && s[p] >= '0' && s[p] <= '9') {
    if (v < 999999)
      v = v * 10 + (s[p] - '0');
    if (v > 999999)
      v = 999999;
    p++;
  }
  if (p == *pos)
    return 0;
  *pos = p;
  *value = v;
  return 1;
}

/*------------------------------------------------------------------------*/
/* Marks.                                                                  */

typedef struct mark {
  char key[16];
  int i, j;
  long line, col;
} mark;

struct gc_fmt_marks {
  mark *v;
  size_t n, cap;
  int failed;
};

gc_fmt_marks *gc_fmt_marks_new(void) { return calloc(1, sizeof(gc_fmt_marks)); }

void gc_fmt_marks_free(gc_fmt_marks *m) {
  if (!m)
    return;
  free(m->v);
  free(m);
}

void gc_fmt_mark(const gc_fmt_in *in, const char *key, int i, int j,
                 size_t off) {
  gc_fmt_marks *m = in->marks;
  if (!m || m->failed)
    return;
  if (m->n == m->cap) {
    size_t cap = m->cap ? 2 * m->cap : 64;
    mark *v = realloc(m->v, cap * sizeof *v);
    if (!v) {
      m->failed = 1; /* the errors merely lose their exact place */
      return;
    }
    m->v = v;
    m->cap = cap;
  }
  mark *k = &m->v[m->n++];
  snprintf(k->key, sizeof k->key, "%s", key);
  k->i = i;
  k->j = j;
  gc_fmt_where(in, off, &k->line, &k->col);
}

static const mark *find_mark(const gc_fmt_marks *m, const char *key, int i,
                             int j) {
  for (size_t k = 0; k < m->n; k++)
    if (!strcmp(m->v[k].key, key) && m->v[k].i == i && m->v[k].j == j)
      return &m->v[k];
  return NULL;
}

void gc_fmt_marks_place(const gc_fmt_marks *m, gc_error *err) {
  if (m && err->path[0]) {
    char key[16] = "";
    int i = -1, j = -1;
    size_t kl = strcspn(err->path, "[");
    if (kl < sizeof key) {
      memcpy(key, err->path, kl);
      key[kl] = 0;
      const char *p = err->path + kl;
      if (*p == '[') {
        i = atoi(p + 1);
        p = strchr(p + 1, '[');
        if (p)
          j = atoi(p + 1);
      }
      const mark *k = find_mark(m, key, i, j);
      if (!k && j >= 0)
        k = find_mark(m, key, i, -1);
      if (!k)
        k = find_mark(m, key, -1, -1);
      if (k) {
        err->line = k->line;
        err->column = k->col;
      }
    }
  }
  err->path[0] = 0;
}

/*------------------------------------------------------------------------*/
/* Records.                                                                */

const char *gc_rec_genre(const json_t *rec) {
  const json_t *g = json_object_get(rec, "genre");
  return json_is_string(g) ? json_string_value(g) : "";
}

int gc_rec_int(const json_t *rec, const char *key, int def) {
  const json_t *v = json_object_get(rec, key);
  return json_is_integer(v) ? (int)json_integer_value(v) : def;
}

int gc_rec_n(const json_t *rec) {
  int n = gc_rec_int(rec, "n", 0);
  return n >= 1 && n <= 1000 ? n : 0;
}

int gc_rec_ints(const json_t *rec, const char *key, int n, int *out) {
  memset(out, 0, (size_t)n * sizeof *out);
  const json_t *v = json_object_get(rec, key);
  if (!v || json_is_null(v))
    return 0;
  if (!json_is_array(v) || json_array_size(v) != (size_t)n)
    return -1;
  for (int i = 0; i < n; i++) {
    const json_t *x = json_array_get(v, (size_t)i);
    if (!json_is_integer(x))
      return -1;
    out[i] = (int)json_integer_value(x);
  }
  return 0;
}

int gc_rec_matrix(const json_t *rec, const char *key, int n, int *out) {
  memset(out, 0, (size_t)n * (size_t)n * sizeof *out);
  const json_t *v = json_object_get(rec, key);
  if (!v || json_is_null(v))
    return 0;
  if (!json_is_array(v) || json_array_size(v) != (size_t)n)
    return -1;
  for (int r = 0; r < n; r++) {
    const json_t *row = json_array_get(v, (size_t)r);
    if (!json_is_array(row) || json_array_size(row) != (size_t)n)
      return -1;
    for (int c = 0; c < n; c++) {
      const json_t *x = json_array_get(row, (size_t)c);
      if (!json_is_integer(x))
        return -1;
      out[r * n + c] = (int)json_integer_value(x);
    }
  }
  return 0;
}

json_t *gc_rec_new(const char *genre, int n) {
  json_t *o = json_object();
  if (!o)
    return NULL;
  if (json_object_set_new(o, "genre", json_string(genre)) ||
      json_object_set_new(o, "n", json_integer(n))) {
    json_decref(o);
    return NULL;
  }
  return o;
}

int *gc_rec_connected_regions(const json_t *rec, int n, gc_error *err) {
  int *region = malloc((size_t)(n * n) * sizeof *region);
  if (!region) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  gc_rec_matrix(rec, "regions", n, region);
  char why[160];
  if (!gc_regions_connected(n, region, why, sizeof why)) {
    gc_fmt_cannot(err, "%s", why);
    free(region);
    return NULL;
  }
  return region;
}

char *gc_fmt_finish(struct gc_strbuf *b, gc_error *err) {
  char *s = gc_sb_finish(b);
  if (!s)
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
  return s;
}

json_t *gc_rec_skyscrapers(const gc_fmt_in *in, int n, const int *const side[4],
                           const int *givens, gc_error *err) {
  static const char *const key[4] = {"top", "bottom", "left", "right"};
  json_t *rec = gc_rec_new("skyscrapers", n);
  if (!rec) {
    gc_error_set(err, GC_E_NOMEM, in->line, 0, "out of memory");
    return NULL;
  }
  for (int k = 0; k < 4; k++)
    gc_rec_set_ints(rec, key[k], side[k], n);
  gc_rec_set_matrix(rec, "givens", givens, n);
  return rec;
}

void gc_rec_set_ints(json_t *rec, const char *key, const int *v, int n) {
  json_object_set_new(rec, key, gc_json_int_array(v, n));
}

void gc_rec_set_matrix(json_t *rec, const char *key, const int *v, int n) {
  json_object_set_new(rec, key, gc_json_int_matrix(v, n));
}

/*------------------------------------------------------------------------*/
/* Regions and borders.                                                    */

int gc_regions_from_borders(int n, const unsigned char *right,
                            const unsigned char *down, int *region) {
  int *stack = malloc((size_t)n * (size_t)n * sizeof *stack);
  if (!stack)
    return -1;
  for (int i = 0; i < n * n; i++)
    region[i] = -1;
  int count = 0;
  for (int start = 0; start < n * n; start++) {
    if (region[start] >= 0)
      continue;
    int top = 0;
    stack[top++] = start;
    region[start] = count;
    while (top) {
      int i = stack[--top], r = i / n, c = i % n;
      int next[4], k = 0;
      if (c + 1 < n && !right[i])
        next[k++] = i + 1;
      if (c > 0 && !right[i - 1])
        next[k++] = i - 1;
      if (r + 1 < n && !down[i])
        next[k++] = i + n;
      if (r > 0 && !down[i - n])
        next[k++] = i - n;
      for (int t = 0; t < k; t++)
        if (region[next[t]] < 0) {
          region[next[t]] = count;
          stack[top++] = next[t];
        }
    }
    count++;
  }
  free(stack);
  return count;
}

int gc_regions_connected(int n, const int *region, char *why, size_t size) {
  for (int i = 0; i < n * n; i++)
    if (region[i] < 0) {
      snprintf(why, size,
               "r%dc%d is in no region; this notation gives every cell a "
               "region",
               i / n + 1, i % n + 1);
      return 0;
    }
  unsigned char *right = calloc((size_t)n * (size_t)n, 2);
  int *comp = malloc((size_t)n * (size_t)n * sizeof *comp);
  if (!right || !comp) {
    free(right);
    free(comp);
    snprintf(why, size, "out of memory");
    return 0;
  }
  unsigned char *down = right + n * n;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int i = r * n + c;
      right[i] = c + 1 < n && region[i] != region[i + 1];
      down[i] = r + 1 < n && region[i] != region[i + n];
    }
  int pieces = gc_regions_from_borders(n, right, down, comp);
  int ok = pieces == n;
  if (!ok && pieces > 0) {
    /* The first region with two pieces, and where its second one is. */
    int first_comp[64];
    for (int k = 0; k < 64; k++)
      first_comp[k] = -1;
    for (int i = 0; i < n * n; i++) {
      int k = region[i];
      if (k < 0 || k >= 64)
        continue;
      if (first_comp[k] < 0)
        first_comp[k] = comp[i];
      else if (first_comp[k] != comp[i]) {
        snprintf(why, size,
                 "region %d is in more than one piece (again at r%dc%d); "
                 "borders can only draw connected regions",
                 k, i / n + 1, i % n + 1);
        break;
      }
    }
  } else if (!ok)
    snprintf(why, size, "out of memory");
  free(right);
  free(comp);
  return ok;
}

/*------------------------------------------------------------------------*/
/* Detection.                                                              */

static int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

int gc_fmt_next_line(const char *data, size_t len, size_t *pos, long *line,
                     const char **s, size_t *slen, long *lineno, long *col) {
  while (*pos < len) {
    size_t start = *pos, eol = start;
    while (eol < len && data[eol] != '\n')
      eol++;
    long here = *line;
    *pos = eol < len ? eol + 1 : len;
    if (eol < len)
      ++*line;
    size_t a = start, b = eol;
    while (a < b && is_space(data[a]))
      a++;
    if (a == b || data[a] == '#')
      continue;
    /* "ID   # a comment" */
    for (size_t i = a + 1; i < b; i++)
      if (data[i] == '#' && is_space(data[i - 1])) {
        b = i;
        break;
      }
    while (b > a && is_space(data[b - 1]))
      b--;
    *s = data + a;
    *slen = b - a;
    *lineno = here;
    *col = (long)(a - start) + 1;
    return 1;
  }
  return 0;
}

const gc_format *gc_fmt_claim(const char *line, size_t len, int *score) {
  *score = 0;
  for (size_t i = 0; i < NFORMATS; i++) {
    const gc_format *f = gc_fmt_at(i);
    if (f->multiline || !f->sniff)
      continue;
    int sc = f->sniff(line, len);
    if (sc > 0) {
      *score = sc;
      return f;
    }
  }
  return NULL;
}

gc_fmt_mode gc_fmt_detect(const char *data, size_t len,
                          const gc_format **whole) {
  *whole = NULL;
  for (size_t i = 0; i < NFORMATS; i++) {
    const gc_format *f = gc_fmt_at(i);
    if (f->multiline && f->sniff && f->sniff(data, len) >= 50) {
      *whole = f;
      return GC_FMT_WHOLE;
    }
  }
  size_t pos = 0;
  long line = 1, lineno, col;
  const char *s;
  size_t slen;
  if (!gc_fmt_next_line(data, len, &pos, &line, &s, &slen, &lineno, &col) ||
      s[0] == '{')
    return GC_FMT_NONE;
  int score;
  if (!gc_fmt_claim(s, slen, &score))
    return GC_FMT_NONE;
  if (score >= 80)
    return GC_FMT_LINES;
  /* A weak claim on the first line: only when every line is claimed. */
  while (gc_fmt_next_line(data, len, &pos, &line, &s, &slen, &lineno, &col))
    if (!gc_fmt_claim(s, slen, &score))
      return GC_FMT_NONE;
  return GC_FMT_LINES;
}
