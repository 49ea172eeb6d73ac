/*
 * fuzz_reader.c: the input bytes through the puzzle reader, with the format
 * detected and forced (json, text), with no genre and with each genre
 * forced.  Every puzzle that reads is rendered as text and read back: the
 * rendering must read as exactly one puzzle of the same genre and size that
 * renders identically (abort() otherwise: render and parse disagree).  The
 * JSON record (gc_puzzle_json) and every pasted format (gc_format_write,
 * which must refuse a puzzle its notation cannot hold rather than lose a
 * part of it) go back the same way.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "gridcnf.h"

static void fail(const char *what, const char *a, const char *b,
                 const gc_error *err) {
  fprintf(stderr, "fuzz_reader: %s\n", what);
  if (err && err->code) {
    char buf[512];
    gc_error_format(err, buf, sizeof buf);
    fprintf(stderr, "error: %s\n", buf);
  }
  if (a)
    fprintf(stderr, "--- first:\n%s\n", a);
  if (b)
    fprintf(stderr, "--- second:\n%s\n", b);
  abort();
}

/* Reads text as exactly one puzzle (format forced) and returns it. */
static gc_puzzle *read_one(const char *text, const char *format,
                           const char *what) {
  gc_read_options ro = {format, NULL};
  gc_error err;
  gc_reader *rd = gc_reader_new(text, strlen(text), "<rendered>", &ro, &err);
  if (!rd)
    fail("gc_reader_new failed on a rendering", text, NULL, &err);
  gc_puzzle *pz = NULL, *extra = NULL;
  int r = gc_reader_next(rd, &pz, &err);
  if (r != GC_READ_PUZZLE)
    fail(what, text, NULL, &err);
  r = gc_reader_next(rd, &extra, &err);
  if (r != GC_READ_END) {
    gc_puzzle_free(extra);
    fail("the rendering reads as more than one record", text, NULL, &err);
  }
  gc_reader_free(rd);
  return pz;
}

static void same_shape(const gc_puzzle *a, const gc_puzzle *b, const char *ta,
                       const char *tb) {
  if (gc_puzzle_genre(a) != gc_puzzle_genre(b))
    fail("read back as another genre", ta, tb, NULL);
  if (gc_puzzle_n(a) != gc_puzzle_n(b))
    fail("read back with another size", ta, tb, NULL);
}

/* Region ids (Star Battle's "regions") renumbered in the order they first
   appear, row by row: notations that draw borders number regions their own
   way. */
static void canonical_regions(json_t *o) {
  json_t *m = json_object_get(o, "regions");
  long map[256];
  for (int i = 0; i < 256; i++)
    map[i] = -1;
  long next = 0;
  for (size_t r = 0; r < json_array_size(m); r++) {
    json_t *row = json_array_get(m, r);
    for (size_t c = 0; c < json_array_size(row); c++) {
      json_int_t v = json_integer_value(json_array_get(row, c));
      if (v < 0 || v >= 256)
        continue;
      if (map[v] < 0)
        map[v] = next++;
      json_array_set_new(row, c, json_integer(map[v]));
    }
  }
}

/* The puzzle's corpus record without the keys a pasted format need not
   carry (id, the known solution), regions numbered canonically: what makes
   it this puzzle.  Region letters are not in it either, so notations that
   name things differently still compare equal. */
static char *essence(const gc_puzzle *pz, int metadata) {
  char *js = gc_puzzle_json(pz);
  if (!js)
    fail("gc_puzzle_json returned NULL", NULL, NULL, NULL);
  if (metadata)
    return js;
  json_t *o = json_loads(js, 0, NULL);
  if (!o)
    fail("gc_puzzle_json is not JSON", js, NULL, NULL);
  free(js);
  json_object_del(o, "id");
  json_object_del(o, "solution");
  canonical_regions(o);
  char *out = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);
  json_decref(o);
  return out;
}

static void round_trip(const gc_puzzle *pz) {
  /* Text: the same text again (labels and all). */
  char *text = gc_render_text(pz, NULL);
  if (!text)
    fail("gc_render_text returned NULL", NULL, NULL, NULL);
  gc_puzzle *back = read_one(text, "text", "the text rendering does not read back");
  same_shape(pz, back, text, NULL);
  char *again = gc_render_text(back, NULL);
  if (!again)
    fail("gc_render_text returned NULL", NULL, NULL, NULL);
  if (strcmp(text, again))
    fail("the text rendering reads back as another puzzle", text, again, NULL);
  free(again);
  gc_puzzle_free(back);

  /* JSON: the same record again, id and known solution included. */
  char *json = essence(pz, 1);
  back = read_one(json, "json", "the JSON record does not read back");
  same_shape(pz, back, json, NULL);
  again = essence(back, 1);
  if (strcmp(json, again))
    fail("the JSON record reads back as another puzzle", json, again, NULL);
  free(again);
  gc_puzzle_free(back);
  free(json);

  /* Each pasted format: the same puzzle, or a refusal. */
  char *want = essence(pz, 0);
  for (size_t i = 0; i < gc_format_count(); i++) {
    const char *name = gc_format_name(i);
    gc_error err;
    char *pasted = gc_format_write(pz, name, &err);
    if (!pasted) {
      if (err.code != GC_E_UNSUPPORTED && err.code != GC_E_NOMEM)
        fail("gc_format_write failed", text, NULL, &err);
      continue;
    }
    char what[128];
    snprintf(what, sizeof what, "the %s rendering does not read back", name);
    back = read_one(pasted, name, what);
    same_shape(pz, back, text, pasted);
    again = essence(back, 0);
    if (strcmp(want, again)) {
      snprintf(what, sizeof what,
               "the %s rendering reads back as another puzzle (the record, "
               "the %s text, the record read back)", name, name);
      fprintf(stderr, "--- record:\n%s\n", want);
      fail(what, pasted, again, NULL);
    }
    free(again);
    gc_puzzle_free(back);
    free(pasted);
  }
  free(want);
  free(text);
}

static void pass(const uint8_t *data, size_t size, const char *format,
                 const char *genre) {
  gc_read_options ro = {format, genre};
  gc_error err;
  gc_reader *rd = gc_reader_new((const char *)data, size, "<fuzz>", &ro, &err);
  if (!rd)
    fail("gc_reader_new failed", NULL, NULL, &err);
  /* Every record takes at least one byte: more records than bytes means a
     reader that does not move on. */
  for (size_t i = 0;; i++) {
    if (i > size + 1)
      fail("more records than the input has bytes", NULL, NULL, NULL);
    gc_puzzle *pz = NULL;
    int r = gc_reader_next(rd, &pz, &err);
    if (r == GC_READ_END)
      break;
    if (r == GC_READ_ERROR) {
      if (pz)
        fail("an error with a puzzle", NULL, NULL, &err);
      char buf[512];
      gc_error_format(&err, buf, sizeof buf);
      if (!err.code || !err.message[0])
        fail("an error without a code or a message", NULL, NULL, &err);
      /* The CLI prints it as one line: no control characters. */
      for (const char *p = buf; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
          fail("a control character in an error message", buf, NULL, NULL);
      continue;
    }
    if (r != GC_READ_PUZZLE || !pz)
      fail("gc_reader_next returned no puzzle", NULL, NULL, NULL);
    (void)gc_puzzle_id(pz);
    (void)gc_puzzle_line(pz);
    round_trip(pz);
    gc_puzzle_free(pz);
  }
  gc_reader_free(rd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  pass(data, size, "auto", NULL);
  static const char *const formats[] = {"json", "text"};
  for (int f = 0; f < 2; f++) {
    pass(data, size, formats[f], NULL);
    for (size_t g = 0; g < gc_genre_count(); g++)
      pass(data, size, formats[f], gc_genre_name(gc_genre_at(g)));
  }
  return 0;
}
