/*
 * fuzz_reader.c: the input bytes through the puzzle reader, with the format
 * detected and forced (json, text), with no genre and with each genre
 * forced.  Every puzzle that reads is rendered as text and read back: the
 * rendering must read as exactly one puzzle of the same genre and size that
 * renders identically (abort() otherwise: render and parse disagree).  The
 * genres that have a JSON record go through gc_puzzle_json and back the
 * same way.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void round_trip(const gc_puzzle *pz) {
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

  /* The JSON record (a genre without to_json gives one without its keys:
     only genres whose record carries the puzzle are read back). */
  char *json = gc_puzzle_json(pz);
  if (!json)
    fail("gc_puzzle_json returned NULL", NULL, NULL, NULL);
  if (strcmp(gc_genre_name(gc_puzzle_genre(pz)), "starbattle")) {
    back = read_one(json, "json", "the JSON record does not read back");
    same_shape(pz, back, json, NULL);
    again = gc_render_text(back, NULL);
    if (!again || strcmp(text, again))
      fail("the JSON record reads back as another puzzle", text, again, NULL);
    const gc_grid *k1 = gc_puzzle_known(pz), *k2 = gc_puzzle_known(back);
    if (!k1 != !k2 || (k1 && !gc_grid_equal(k1, k2)))
      fail("the JSON record loses the known solution", json, NULL, NULL);
    free(again);
    gc_puzzle_free(back);
  }
  free(json);
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
