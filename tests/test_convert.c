/*
 * test_convert.c: every genre's writers against its readers.  Each corpus
 * puzzle (and a few of the project's own) goes to its JSON record and to
 * its text notation and is read back; the neutral record (without id and
 * solution, which the text form does not carry) must come out the same.
 * Without ../shared the corpus part exits 77 (skipped).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* The record without id and solution, keys sorted. */
static char *canonical(const gc_puzzle *pz) {
  char *s = gc_puzzle_json(pz);
  assert_non_null(s);
  json_t *o = json_loads(s, 0, NULL);
  assert_non_null(o);
  free(s);
  json_object_del(o, "id");
  json_object_del(o, "solution");
  char *c = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);
  json_decref(o);
  return c;
}

static void round_trip(const gc_puzzle *pz, const char *what) {
  char *want = canonical(pz);
  /* JSON */
  char *js = gc_puzzle_json(pz);
  gc_puzzle *a = tu_puzzle(js, NULL);
  char *got = canonical(a);
  if (strcmp(want, got))
    fail_msg("%s: JSON round trip\n%s\n%s", what, want, got);
  assert_string_equal(gc_puzzle_id(a) ? gc_puzzle_id(a) : "",
                      gc_puzzle_id(pz) ? gc_puzzle_id(pz) : "");
  if (gc_puzzle_known(pz))
    assert_true(gc_grid_equal(gc_puzzle_known(a), gc_puzzle_known(pz)));
  free(got);
  gc_puzzle_free(a);
  free(js);
  /* text */
  char *text = gc_render_text(pz, NULL);
  assert_non_null(text);
  gc_puzzle *b = tu_puzzle(text, NULL); /* the header names the genre */
  got = canonical(b);
  if (strcmp(want, got))
    fail_msg("%s: text round trip\n%s\n---\n%s\n%s", what, text, want, got);
  free(got);
  gc_puzzle_free(b);
  free(text);
  free(want);
}

static void test_own_puzzles(void **state) {
  (void)state;
  static const char *const own[] = {
      "{\"id\":\"a\",\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0,1,2],\"givens\":"
      "[[0,0,0,0],[0,3,0,0],[0,0,0,0],[0,0,0,0]]}",
      "{\"genre\":\"skyscrapers\",\"n\":6,\"boxes\":[2,3],\"left\":[1,0,0,0,0,6]}",
      "{\"genre\":\"skyscrapers\",\"n\":12,\"right\":[1,2,3,4,5,6,7,8,9,10,11,12]}",
      "{\"genre\":\"futoshiki\",\"n\":3,\"lt\":[[0,0,0,1],[1,1,0,1],[2,2,2,1]]}",
      "{\"genre\":\"futoshiki\",\"n\":11,\"givens\":[[11,0,0,0,0,0,0,0,0,0,10],"
      "[0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0],"
      "[0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0],"
      "[0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0],"
      "[0,0,0,0,0,0,0,0,0,0,0]],\"lt\":[[0,0,1,0],[3,4,3,5]]}",
  };
  for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) {
    gc_puzzle *pz = tu_puzzle(own[i], NULL);
    round_trip(pz, own[i]);
    gc_puzzle_free(pz);
  }
}

static void test_corpus_round_trip(void **state) {
  (void)state;
  static const char *const files[] = {"corpus/skyscrapers.jsonl", "corpus/starbattle.jsonl",
                                      "corpus/futoshiki.jsonl", "corpus/variants.jsonl"};
  int done = 0;
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
    const char *path = tu_shared(files[f]);
    if (!path)
      continue;
    char *data;
    size_t len;
    gc_error e;
    assert_int_equal(gc_read_file(path, &data, &len, 0, &e), 0);
    gc_reader *rd = gc_reader_new(data, len, path, NULL, &e);
    gc_puzzle *pz;
    int r;
    while ((r = gc_reader_next(rd, &pz, &e)) != GC_READ_END) {
      if (r == GC_READ_ERROR) /* a genre this build does not have */
        continue;
      round_trip(pz, gc_puzzle_id(pz));
      gc_puzzle_free(pz);
      done++;
    }
    gc_reader_free(rd);
    free(data);
  }
  print_message("round trips: %d corpus puzzles\n", done);
  assert_true(done >= 92);
}

int main(void) {
  const struct CMUnitTest own[] = {cmocka_unit_test(test_own_puzzles)};
  int rc = cmocka_run_group_tests(own, NULL, NULL);
  if (rc)
    return rc;
  if (!tu_shared("corpus/skyscrapers.jsonl")) {
    printf("../shared/corpus is absent: corpus round trips skipped\n");
    return 77;
  }
  const struct CMUnitTest corpus[] = {cmocka_unit_test(test_corpus_round_trip)};
  return cmocka_run_group_tests(corpus, NULL, NULL);
}
