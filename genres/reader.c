/*
 * reader.c: from bytes to puzzles.  Two input formats:
 *
 * json  The corpus's JSON lines: one object per line.  Each line is parsed
 *       alone, so a truncated or broken line costs only itself and its error
 *       names its own line.  A line that is only the start of an object (a
 *       pretty-printed record) is read on across lines; a top-level array
 *       of objects is read element by element.
 * text  Each genre's own notation.  Puzzles follow one another, separated
 *       by a line of dashes ("---") or by a header line that names a genre
 *       ("skyscrapers", "towers boxes 2x3", ...).  '#' starts a comment.
 *
 * Both accept a UTF-8 byte-order mark and CRLF line ends.  Records that fail
 * are reported one by one and the reader goes on with the next record.
 *
 * The formats people paste (format.h) come first in auto mode: a
 * multi-line one may claim the whole text; otherwise, when a one-line
 * format claims the first line (or, with a weaker claim, every line), each
 * line is one puzzle read by the format that claims it.  They give the
 * neutral record, which goes the JSON way (puzzle_from_json).
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "genre.h"
#include "../formats/format.h"

#define GC_DEFAULT_MAX_INPUT ((size_t)256 << 20)

struct gc_reader {
  const char *data;
  size_t len;
  char source[128];
  int json;
  const gc_genre *hint;
  /* json */
  size_t pos;
  long line; /* line number at pos */
  json_t *array;
  size_t array_index;
  gc_jctx array_cx;
  size_t retry_budget; /* bytes that failed multi-line reads may still scan */
  /* text */
  gc_text_line *lines;
  size_t nlines, li;
  /* pasted formats: by line, or one multi-line format (fmt) */
  gc_fmt_mode fmt_mode;
  const gc_format *fmt; /* forced with --format, or the multi-line one */
  int fmt_guessed;      /* auto mode found the pasted format */
};

static void set_source(gc_error *err, const gc_reader *rd) {
  gc_error_source(err, rd->source);
}

/* Adds to err's message what the input was guessed to be and how to say
   otherwise (the message is cut where the buffer ends). */
static void say_guess(gc_error *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void say_guess(gc_error *err, const char *fmt, ...) {
  size_t len = strlen(err->message);
  if (len + 4 >= sizeof err->message)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->message + len, sizeof err->message - len, fmt, ap);
  va_end(ap);
}

/* "futoshiki or starbattle": the genres other than g (three at most). */
static void other_genres(const gc_genre *g, char *buf, size_t size) {
  size_t k = 0, shown = 0, total = gc_genre_count() - 1;
  buf[0] = 0;
  for (size_t i = 0; i < gc_genre_count() && shown < 3; i++) {
    const gc_genre *o = gc_genre_at(i);
    if (o == g)
      continue;
    shown++;
    int w = snprintf(buf + k, size - k, "%s%s",
                     shown == 1 ? "" : shown == total || shown == 3 ? " or " : ", ",
                     o->name);
    if (w < 0 || (size_t)w >= size - k)
      return;
    k += (size_t)w;
  }
}

gc_reader *gc_reader_new(const char *data, size_t len, const char *source,
                         const gc_read_options *ropt, gc_error *err) {
  gc_error_clear(err);
  gc_reader *rd = calloc(1, sizeof *rd);
  if (!rd) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return NULL;
  }
  snprintf(rd->source, sizeof rd->source, "%s", source ? source : "<input>");
  if (len >= 3 && !memcmp(data, "\xEF\xBB\xBF", 3)) /* byte-order mark */
    data += 3, len -= 3;
  rd->data = data;
  rd->len = len;
  rd->line = 1;
  rd->retry_budget = len <= SIZE_MAX / 8 ? ((size_t)1 << 20) + 4 * len : SIZE_MAX;
  const char *format = ropt && ropt->format ? ropt->format : "auto";
  if (ropt && ropt->genre) {
    rd->hint = gc_genre_find(ropt->genre);
    if (!rd->hint) {
      gc_error_set(err, GC_E_USAGE, 0, 0, "unknown genre '%s' (see 'gridcnf genres')",
                   ropt->genre);
      free(rd);
      return NULL;
    }
  }
  if (!strcmp(format, "json"))
    rd->json = 1;
  else if (!strcmp(format, "text"))
    rd->json = 0;
  else if (!strcmp(format, "auto") &&
           (rd->fmt_mode = gc_fmt_detect(data, len, &rd->fmt)) != GC_FMT_NONE) {
    rd->fmt_guessed = 1; /* a pasted format */
  } else if (!strcmp(format, "auto")) {
    size_t i = 0;
    while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' ||
                       data[i] == '\r'))
      i++;
    rd->json = i < len && (data[i] == '{' || data[i] == '[');
  } else if ((rd->fmt = gc_fmt_find(format)) && !rd->fmt->read) {
    gc_error_set(err, GC_E_USAGE, 0, 0,
                 "format '%s' is written only (convert --to %s), not read",
                 rd->fmt->name, rd->fmt->name);
    free(rd);
    return NULL;
  } else if (rd->fmt) {
    rd->fmt_mode = rd->fmt->multiline ? GC_FMT_WHOLE : GC_FMT_LINES;
  } else {
    char names[200] = "";
    size_t k = 0;
    for (size_t i = 0; i < gc_fmt_count() && k < sizeof names; i++)
      k += (size_t)snprintf(names + k, sizeof names - k, ", %s",
                            gc_fmt_at(i)->name);
    gc_error_set(err, GC_E_USAGE, 0, 0,
                 "unknown format '%s' (auto, json, text%s)", format, names);
    free(rd);
    return NULL;
  }
  return rd;
}

void gc_reader_free(gc_reader *rd) {
  if (!rd)
    return;
  json_decref(rd->array);
  free(rd->lines);
  free(rd);
}

/*------------------------------------------------------------------------*/

static const char *value_kind(const json_t *v) {
  switch (json_typeof(v)) {
  case JSON_OBJECT: return "an object";
  case JSON_ARRAY: return "an array";
  case JSON_STRING: return "a string";
  case JSON_INTEGER:
  case JSON_REAL: return "a number";
  case JSON_TRUE:
  case JSON_FALSE: return "a boolean";
  default: return "null";
  }
}

/* A key of rec that is not the genre's but one slip away from one of its
   keys (or from the keys every record has): "rigth" for "right", "Stars",
   "star".  Other unknown keys are metadata ("source", "difficulty").
   0, or -1 with err at the key. */
static int misspelt_key(const gc_genre *g, const json_t *rec,
                        const gc_jctx *cx, gc_error *err) {
  static const char *const common[] = {"id", "genre", "n", "solution", NULL};
  const char *const *lists[2] = {common, g->json_keys};
  const char *key;
  const json_t *v;
  json_object_foreach((json_t *)rec, key, v) {
    const char *near = NULL;
    int known = 0, best = 99;
    char low[48];
    size_t len = strlen(key);
    if (len >= sizeof low)
      continue;
    for (size_t i = 0; i <= len; i++)
      low[i] = (char)tolower((unsigned char)key[i]);
    for (int l = 0; l < 2 && !known; l++)
      for (const char *const *k = lists[l]; k && *k && !known; k++) {
        if (!strcmp(key, *k)) {
          known = 1;
          break;
        }
        /* a letter's case, or with three letters or more one slip */
        int d = gc_edit_distance(low, *k);
        if (d < best && (d == 0 || (d == 1 && len >= 3 && strlen(*k) >= 3))) {
          best = d;
          near = *k;
        }
      }
    if (!known && near) {
      gc_jerr(cx, err, GC_E_SYNTAX, key, -1, -1,
              "unknown key '%.40s' (did you mean '%s'?)", key, near);
      return -1;
    }
  }
  return 0;
}

static gc_puzzle *puzzle_from_json(gc_reader *rd, const json_t *rec,
                                   const gc_jctx *cx, gc_error *err) {
  if (!json_is_object(rec)) {
    gc_jerr(cx, err, GC_E_SHAPE, NULL, -1, -1,
            "expected a puzzle record (a JSON object), got %s", value_kind(rec));
    return NULL;
  }
  const gc_genre *g = rd->hint;
  const json_t *jg = json_object_get(rec, "genre");
  if (jg && !json_is_null(jg)) {
    if (!json_is_string(jg)) {
      gc_jerr(cx, err, GC_E_SYNTAX, "genre", -1, -1,
              "expected the genre's name as a string, got %s", value_kind(jg));
      return NULL;
    }
    g = gc_genre_find(json_string_value(jg));
    if (!g) {
      gc_jerr(cx, err, GC_E_RANGE, "genre", -1, -1,
              "unknown genre '%.40s' (see 'gridcnf genres')",
              json_string_value(jg));
      return NULL;
    }
  }
  if (!g) {
    gc_jerr(cx, err, GC_E_SHAPE, NULL, -1, -1,
            "the record has no \"genre\"; add one or name it with --genre");
    return NULL;
  }
  if (misspelt_key(g, rec, cx, err)) {
    gc_error_source(err, rd->source);
    return NULL;
  }
  gc_puzzle *pz = calloc(1, sizeof *pz);
  if (!pz) {
    gc_error_set(err, GC_E_NOMEM, cx->line, cx->column, "out of memory");
    return NULL;
  }
  pz->genre = g;
  pz->line = cx->line;
  if (!(pz->source = strdup(rd->source))) {
    gc_error_set(err, GC_E_NOMEM, cx->line, cx->column, "out of memory");
    gc_puzzle_free(pz);
    return NULL;
  }
  const json_t *jid = json_object_get(rec, "id");
  char idbuf[32];
  const char *id = NULL;
  if (json_is_string(jid))
    id = json_string_value(jid);
  else if (json_is_integer(jid)) {
    snprintf(idbuf, sizeof idbuf, "%lld", (long long)json_integer_value(jid));
    id = idbuf;
  }
  if (id && !(pz->id = strdup(id))) {
    gc_error_set(err, GC_E_NOMEM, cx->line, cx->column, "out of memory");
    gc_puzzle_free(pz);
    return NULL;
  }
  if (g->parse_json(rec, cx, pz, err))
    goto fail;
  if (json_object_get(rec, "solution") &&
      !json_is_null(json_object_get(rec, "solution"))) {
    if (gc_grid_init(&pz->known, pz->n)) {
      gc_error_set(err, GC_E_NOMEM, cx->line, cx->column, "out of memory");
      goto fail;
    }
    long hi = g->cells == GC_CELLS_BOOL ? 1 : pz->n;
    if (gc_json_matrix(cx, rec, "solution", pz->n, g->cells == GC_CELLS_BOOL ? 0 : 1,
                       hi, pz->known.cell, err) < 0)
      goto fail;
  }
  return pz;
fail:
  gc_error_source(err, rd->source);
  gc_puzzle_free(pz);
  return NULL;
}

gc_puzzle *gc_puzzle_from_object(const json_t *rec, const char *source,
                                 gc_error *err) {
  gc_reader rd;
  memset(&rd, 0, sizeof rd);
  snprintf(rd.source, sizeof rd.source, "%s", source);
  gc_jctx cx = {"", 0, 1, 1, rd.source};
  gc_error_clear(err);
  return puzzle_from_json(&rd, rec, &cx, err);
}

static int is_ws(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Line and column of data[off], given that data[from] is at (line, 1)
   or later on that line. */
static void locate(const gc_reader *rd, size_t from, long line, size_t off,
                   long *oline, long *ocol) {
  size_t ls = from;
  while (ls > 0 && rd->data[ls - 1] != '\n')
    ls--;
  for (size_t i = from; i < off && i < rd->len; i++)
    if (rd->data[i] == '\n') {
      line++;
      ls = i + 1;
    }
  *oline = line;
  *ocol = (long)(off - ls) + 1;
}

/* A record that jansson could not read: its error, positioned, and the
   reader moved past the line. */
static int json_failed(gc_reader *rd, size_t start, long line, size_t eol,
                       size_t len, const json_error_t *je, gc_jload_fail why,
                       gc_error *err) {
  long l, c;
  size_t at = start + (why == GC_JLOAD_NOMEM ? 0 : gc_json_error_offset(rd->data + start,
                                                                         len, je));
  if (why != GC_JLOAD_LONG && at > eol)
    at = eol;
  locate(rd, start, line, at, &l, &c);
  if (why == GC_JLOAD_LONG) {
    /* the rest of that line cannot be read either */
    size_t e = at;
    while (e < rd->len && rd->data[e] != '\n')
      e++;
    for (size_t i = eol; i < e; i++) /* lines of a record read on */
      rd->line += rd->data[i] == '\n';
    eol = e > eol ? e : eol;
  }
  rd->pos = eol;
  if (why == GC_JLOAD_NOMEM)
    gc_error_set(err, GC_E_NOMEM, l, c, "out of memory reading this record");
  else if (why == GC_JLOAD_LONG)
    gc_error_set(err, GC_E_TOO_LARGE, l, c,
                 "a JSON string or number longer than %zu bytes (the "
                 "reader's limit for one value)",
                 GC_JSON_MAX_TOKEN);
  else
    gc_error_set(err, GC_E_SYNTAX, l, c, "invalid JSON: %s", je->text);
  set_source(err, rd);
  return GC_READ_ERROR;
}

static int next_json(gc_reader *rd, gc_puzzle **out, gc_error *err) {
  if (rd->array) {
    if (rd->array_index < json_array_size(rd->array)) {
      json_t *rec = json_array_get(rd->array, rd->array_index++);
      *out = puzzle_from_json(rd, rec, &rd->array_cx, err);
      if (*out)
        return GC_READ_PUZZLE;
      set_source(err, rd);
      return GC_READ_ERROR;
    }
    json_decref(rd->array);
    rd->array = NULL;
  }
  /* Skip white space to the next record. */
  while (rd->pos < rd->len && is_ws(rd->data[rd->pos])) {
    if (rd->data[rd->pos] == '\n')
      rd->line++;
    rd->pos++;
  }
  if (rd->pos >= rd->len)
    return GC_READ_END;
  size_t start = rd->pos;
  long line = rd->line;
  size_t eol = start;
  while (eol < rd->len && rd->data[eol] != '\n')
    eol++;
  json_error_t je;
  gc_jload_fail why;
  size_t flags = JSON_REJECT_DUPLICATES | JSON_DISABLE_EOF_CHECK;
  json_t *v = gc_json_loadb(rd->data + start, eol - start, flags, &je, &why);
  size_t used = v ? (size_t)je.position : 0;
  if (v) { /* anything but white space after the value on its line? */
    size_t k = start + used;
    while (k < eol && is_ws(rd->data[k]))
      k++;
    if (k < eol) {
      json_decref(v);
      v = NULL;
      long l, c;
      locate(rd, start, line, k, &l, &c);
      rd->pos = eol;
      gc_error_set(err, GC_E_SYNTAX, l, c,
                   "text after the end of the record (one JSON object per line)");
      set_source(err, rd);
      return GC_READ_ERROR;
    }
  }
  if (!v && why == GC_JLOAD_SYNTAX &&
      json_error_code(&je) == json_error_premature_end_of_input &&
      rd->retry_budget > 0) {
    /* A record spread over several lines: read on.  Each read that fails
       may have scanned the rest of the input: they share a budget linear
       in its size, so that many unfinished lines cannot make reading
       quadratic (then an unfinished line is just a bad line). */
    json_error_t je2;
    gc_jload_fail why2;
    json_t *v2 = gc_json_loadb(rd->data + start, rd->len - start, flags, &je2,
                               &why2);
    if (v2) {
      v = v2;
      used = (size_t)je2.position;
    } else if (why2 != GC_JLOAD_SYNTAX) {
      je = je2; /* out of memory, or too long: that is the news */
      why = why2;
    } else {
      size_t scanned = je2.position > 0 ? (size_t)je2.position : 1;
      rd->retry_budget -= scanned < rd->retry_budget ? scanned : rd->retry_budget;
    }
  }
  if (!v)
    return json_failed(rd, start, line, eol, why == GC_JLOAD_SYNTAX ? eol - start
                                                                   : rd->len - start,
                       &je, why, err);
  gc_jctx cx = {rd->data + start, used, line, 0, rd->source};
  long l, c;
  locate(rd, start, line, start, &l, &c);
  cx.column = c;
  /* Advance past the value. */
  for (size_t i = start; i < start + used; i++)
    if (rd->data[i] == '\n')
      rd->line++;
  rd->pos = start + used;
  if (json_is_array(v) && json_array_size(v) &&
      json_is_array(json_array_get(v, 0))) {
    /* a bare grid, not a list of records: one error, not one per row */
    gc_jerr(&cx, err, GC_E_SHAPE, NULL, -1, -1,
            "expected a puzzle record (a JSON object) or a list of them, got "
            "an array of arrays (a bare grid is no puzzle: see 'gridcnf help "
            "formats')");
    json_decref(v);
    set_source(err, rd);
    return GC_READ_ERROR;
  }
  if (json_is_array(v)) {
    rd->array = v;
    rd->array_index = 0;
    rd->array_cx = cx;
    return next_json(rd, out, err);
  }
  *out = puzzle_from_json(rd, v, &cx, err);
  json_decref(v);
  if (*out)
    return GC_READ_PUZZLE;
  set_source(err, rd);
  return GC_READ_ERROR;
}

/*------------------------------------------------------------------------*/

static int split_lines(gc_reader *rd, gc_error *err) {
  size_t count = 1;
  for (size_t i = 0; i < rd->len; i++)
    if (rd->data[i] == '\n')
      count++;
  rd->lines = calloc(count, sizeof *rd->lines);
  if (!rd->lines) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    return -1;
  }
  size_t start = 0;
  long lineno = 1;
  for (size_t i = 0; i <= rd->len; i++) {
    if (i < rd->len && rd->data[i] == '\0') {
      gc_error_set(err, GC_E_SYNTAX, lineno, (long)(i - start) + 1,
                   "binary data (a NUL byte) in a text puzzle");
      set_source(err, rd);
      return -1;
    }
    if (i < rd->len && rd->data[i] != '\n')
      continue;
    gc_text_line *ln = &rd->lines[rd->nlines++];
    ln->s = rd->data + start;
    ln->len = i - start;
    ln->lineno = lineno++;
    ln->col0 = 1;
    const char *hash = memchr(ln->s, '#', ln->len);
    if (hash)
      ln->len = (size_t)(hash - ln->s);
    while (ln->len && (ln->s[ln->len - 1] == '\r'))
      ln->len--;
    start = i + 1;
  }
  return 0;
}

static int is_separator(const gc_text_line *ln) {
  size_t i = 0, dashes = 0;
  while (i < ln->len && (ln->s[i] == ' ' || ln->s[i] == '\t'))
    i++;
  while (i < ln->len && ln->s[i] == '-')
    i++, dashes++;
  while (i < ln->len && (ln->s[i] == ' ' || ln->s[i] == '\t'))
    i++;
  return dashes >= 3 && i == ln->len;
}

/* The genre a header line names (its first word), or NULL. */
static const gc_genre *header_genre(const gc_text_line *ln, gc_text_line *rest) {
  gc_token t[1];
  if (gc_tokens(ln, t, 1) < 1 || t[0].len >= 32)
    return NULL;
  char word[32];
  memcpy(word, t[0].s, t[0].len);
  word[t[0].len] = 0;
  char *colon = strchr(word, ':'); /* "skyscrapers:" reads too */
  if (colon && colon[1] == 0)
    *colon = 0;
  const gc_genre *g = gc_genre_find(word);
  if (g && rest) {
    size_t off = (size_t)(t[0].s - ln->s) + t[0].len;
    rest->s = ln->s + off;
    rest->len = ln->len - off;
    rest->lineno = ln->lineno;
    rest->col0 = ln->col0 + (long)off;
  }
  return g;
}

/* The id a comment line gives, as generate writes "# ID" before each
   puzzle: one word after the '#' (letters, digits, "-_.:/"), the line's
   only content, into id.  1 found, 0 not. */
static int comment_id(const gc_reader *rd, const gc_text_line *ln, char *id,
                      size_t size) {
  const char *s = ln->s, *end = rd->data + rd->len;
  const char *eol = memchr(s, '\n', (size_t)(end - s));
  if (!eol)
    eol = end;
  while (s < eol && (*s == ' ' || *s == '\t'))
    s++;
  if (s == eol || *s != '#')
    return 0;
  s++;
  while (s < eol && (*s == ' ' || *s == '\t'))
    s++;
  const char *w = s;
  while (s < eol && (isalnum((unsigned char)*s) || strchr("-_.:/", *s)))
    s++;
  const char *we = s;
  while (s < eol && (*s == ' ' || *s == '\t' || *s == '\r'))
    s++;
  if (we == w || s != eol || (size_t)(we - w) >= size)
    return 0;
  memcpy(id, w, (size_t)(we - w));
  id[we - w] = 0;
  return 1;
}

static int next_text(gc_reader *rd, gc_puzzle **out, gc_error *err) {
  if (!rd->lines && split_lines(rd, err)) {
    rd->li = rd->nlines = 0;
    rd->len = 0;
    return GC_READ_ERROR;
  }
  while (rd->li < rd->nlines && (gc_line_blank(&rd->lines[rd->li]) ||
                                 is_separator(&rd->lines[rd->li])))
    rd->li++;
  char id[128] = ""; /* from a "# ID" line right before the puzzle */
  if (rd->li < rd->nlines && rd->li > 0)
    comment_id(rd, &rd->lines[rd->li - 1], id, sizeof id);
  if (rd->li >= rd->nlines)
    return GC_READ_END;
  gc_text_line header;
  const gc_genre *g = header_genre(&rd->lines[rd->li], &header);
  gc_text tx = {NULL, 0, rd->source, NULL};
  long first_line = rd->lines[rd->li].lineno;
  if (g) {
    tx.header = &header;
    rd->li++;
  }
  size_t begin = rd->li;
  while (rd->li < rd->nlines && !is_separator(&rd->lines[rd->li]) &&
         !header_genre(&rd->lines[rd->li], NULL))
    rd->li++;
  size_t end = rd->li;
  while (end > begin && gc_line_blank(&rd->lines[end - 1]))
    end--;
  while (begin < end && gc_line_blank(&rd->lines[begin]))
    begin++;
  tx.lines = rd->lines + begin;
  tx.nlines = end - begin;
  if (!g)
    g = rd->hint;
  int guessed = !g, best = 0;
  if (!g) {
    for (size_t i = 0; i < gc_genre_count(); i++) {
      const gc_genre *c = gc_genre_at(i);
      int score = c->sniff_text ? c->sniff_text(&tx) : 0;
      if (score > best)
        best = score, g = c;
    }
  }
  if (!g) {
    gc_error_set(err, GC_E_SYNTAX, first_line, 1,
                 "cannot tell the genre of this puzzle: start it with a header "
                 "line such as 'skyscrapers', or use --genre");
    set_source(err, rd);
    return GC_READ_ERROR;
  }
  gc_puzzle *pz = calloc(1, sizeof *pz);
  if (!pz) {
    gc_error_set(err, GC_E_NOMEM, first_line, 0, "out of memory");
    return GC_READ_ERROR;
  }
  pz->genre = g;
  pz->line = first_line;
  if (!(pz->source = strdup(rd->source)) ||
      (*id && !(pz->id = strdup(id)))) {
    gc_error_set(err, GC_E_NOMEM, first_line, 0, "out of memory");
    gc_puzzle_free(pz);
    return GC_READ_ERROR;
  }
  if (g->parse_text(&tx, pz, err)) {
    gc_puzzle_free(pz);
    set_source(err, rd);
    /* a guess that may be wrong (a score under 90: not unmistakable) */
    if (guessed && best < 90 && err->code != GC_E_NOMEM) {
      char others[96];
      other_genres(g, others, sizeof others);
      say_guess(err,
                " (taken for %s, from its look; if it is %s, put the "
                "genre's name on a line before it or use --genre)",
                g->name, others);
    }
    return GC_READ_ERROR;
  }
  *out = pz;
  return GC_READ_PUZZLE;
}

/*------------------------------------------------------------------------*/

/* One puzzle in a pasted format: the format gives the neutral record, the
   genre's parse_json builds the puzzle, and an error the genre finds is
   moved to the place in the text its value came from. */
static int next_pasted(gc_reader *rd, gc_puzzle **out, gc_error *err) {
  gc_fmt_in in = {NULL, 0, rd->hint ? rd->hint->name : NULL, rd->source, 0, 0,
                  NULL};
  const gc_format *f = rd->fmt;
  int score = 0; /* how sure the guess of the format is */
  if (rd->fmt_mode == GC_FMT_WHOLE) {
    while (rd->pos < rd->len && is_ws(rd->data[rd->pos])) {
      if (rd->data[rd->pos] == '\n')
        rd->line++;
      rd->pos++;
    }
    if (rd->pos >= rd->len)
      return GC_READ_END;
    in.text = rd->data + rd->pos;
    in.len = rd->len - rd->pos;
    locate(rd, rd->pos, rd->line, rd->pos, &in.line, &in.column);
  } else {
    long line, col;
    if (!gc_fmt_next_line(rd->data, rd->len, &rd->pos, &rd->line, &in.text,
                          &in.len, &line, &col))
      return GC_READ_END;
    in.line = line;
    in.column = col;
    if (!f && !(f = gc_fmt_claim(in.text, in.len, &score))) {
      gc_error_set(err, GC_E_SYNTAX, line, col,
                   "expected one puzzle per line in a pasted format (a Tatham "
                   "game ID, a puzz.link URL, an SBN string or a Codewars "
                   "array), as on the first line");
      set_source(err, rd);
      return GC_READ_ERROR;
    }
  }
  in.marks = gc_fmt_marks_new(); /* NULL: errors lose only their place */
  json_t *rec = NULL;
  size_t used = in.len;
  int r = f->read(&in, &used, &rec, err);
  if (rd->fmt_mode == GC_FMT_WHOLE) {
    if (r < 0 || used > in.len)
      used = in.len; /* no way to find the next puzzle: stop */
    for (size_t i = 0; i < used; i++)
      if (in.text[i] == '\n')
        rd->line++;
    rd->pos += used;
  }
  if (r <= 0) {
    gc_fmt_marks_free(in.marks);
    json_decref(rec);
    if (r == 0)
      return GC_READ_END;
    set_source(err, rd);
    if (rd->fmt_mode == GC_FMT_WHOLE && f->sniff)
      score = f->sniff(in.text, in.len);
    /* a guess that may be wrong (a score under 90: not unmistakable) */
    if (rd->fmt_guessed && score < 90 && err->code != GC_E_NOMEM)
      say_guess(err,
                " (taken for the %s notation, from its look; if it is not, "
                "use --format, e.g. --format text)",
                f->name);
    return GC_READ_ERROR;
  }
  gc_jctx cx = {"", 0, in.line, in.column, rd->source};
  *out = puzzle_from_json(rd, rec, &cx, err);
  json_decref(rec);
  if (!*out) {
    gc_fmt_marks_place(in.marks, err);
    set_source(err, rd);
  }
  gc_fmt_marks_free(in.marks);
  return *out ? GC_READ_PUZZLE : GC_READ_ERROR;
}

int gc_reader_next(gc_reader *rd, gc_puzzle **out, gc_error *err) {
  *out = NULL;
  gc_error_clear(err);
  unsigned long failures = gc_json_failures();
  int r = rd->fmt_mode != GC_FMT_NONE ? next_pasted(rd, out, err)
          : rd->json                  ? next_json(rd, out, err)
                                      : next_text(rd, out, err);
  if (r != GC_READ_END && gc_json_failures() != failures) {
    /* a JSON value (a pasted format's record) could not be built whole:
       out of memory, whatever else the record then seemed to say */
    long line = *out ? (*out)->line : err->line;
    gc_puzzle_free(*out);
    *out = NULL;
    gc_error_set(err, GC_E_NOMEM, line, 0, "out of memory reading this record");
    set_source(err, rd);
    r = GC_READ_ERROR;
  }
  return r;
}

/*------------------------------------------------------------------------*/

int gc_read_file(const char *path, char **data, size_t *len, size_t max_bytes,
                 gc_error *err) {
  *data = NULL;
  *len = 0;
  if (!max_bytes)
    max_bytes = GC_DEFAULT_MAX_INPUT;
  int is_stdin = !strcmp(path, "-");
  FILE *f = is_stdin ? stdin : fopen(path, "rb");
  gc_error_clear(err);
  gc_error_source(err, is_stdin ? "<stdin>" : path);
  if (!f) {
    gc_error_set(err, GC_E_OPEN, 0, 0, "cannot open: %s", strerror(errno));
    return -1;
  }
  char *buf = NULL;
  /* What it is, before anything is allocated: a directory opens (glibc)
     but cannot be read; a regular file tells its size. */
  size_t cap = (size_t)1 << 16, n = 0;
  struct stat st;
  if (fstat(fileno(f), &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      gc_error_set(err, GC_E_OPEN, 0, 0, "cannot open: %s", strerror(EISDIR));
      goto fail;
    }
    off_t at = S_ISREG(st.st_mode) ? lseek(fileno(f), 0, SEEK_CUR) : -1;
    if (at >= 0 && st.st_size >= at) {
      uintmax_t left = (uintmax_t)(st.st_size - at);
      if (left > max_bytes) {
        gc_error_set(err, GC_E_TOO_LARGE, 0, 0,
                     "input is larger than %zu bytes", max_bytes);
        goto fail;
      }
      cap = (size_t)left; /* the whole file in one allocation */
    }
  }
  if (!(buf = malloc(cap + 1))) {
    gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
    goto fail;
  }
  for (;;) {
    n += fread(buf + n, 1, cap - n, f);
    /* A short read is the end of the input (or an error): fread has
       already tried again until then.  Reading on would wait for a second
       end of input from a terminal, where Ctrl-D ends only one read. */
    if (n < cap) {
      if (ferror(f))
        goto read_error;
      break;
    }
    /* the buffer is full: is there more? (exactly max_bytes is allowed) */
    int c = fgetc(f);
    if (c == EOF) {
      if (ferror(f))
        goto read_error;
      break;
    }
    if (cap >= max_bytes) {
      gc_error_set(err, GC_E_TOO_LARGE, 0, 0,
                   "input is larger than %zu bytes", max_bytes);
      goto fail;
    }
    size_t grown = cap < ((size_t)1 << 16) ? (size_t)1 << 16 : 2 * cap;
    if (grown > max_bytes)
      grown = max_bytes;
    char *p = realloc(buf, grown + 1);
    if (!p) {
      gc_error_set(err, GC_E_NOMEM, 0, 0, "out of memory");
      goto fail;
    }
    buf = p;
    cap = grown;
    buf[n++] = (char)c;
  }
  buf[n] = 0;
  if (!is_stdin)
    fclose(f);
  *data = buf;
  *len = n;
  return 0;
read_error:
  gc_error_set(err, GC_E_IO, 0, 0, "read error: %s", strerror(errno));
fail:
  free(buf);
  if (!is_stdin && f)
    fclose(f);
  return -1;
}
