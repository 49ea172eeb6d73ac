/*
 * test_corpus.c: every puzzle of the ../shared/corpus JSON-lines files whose genre is
 * registered, through gc_solve: the known solution for the unique ones,
 * "multiple" with a second, different, checked solution for the others.
 * The shared corpus is not part of the project: without it this test exits
 * 77, which CTest reports as skipped.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static const char *const files[] = {"skyscrapers.jsonl", "starbattle.jsonl",
                                    "futoshiki.jsonl", "variants.jsonl"};

static void test_corpus(void **state) {
  (void)state;
  long solved = 0, skipped = 0;
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
    char rel[64];
    snprintf(rel, sizeof rel, "corpus/%s", files[f]);
    const char *path = tu_shared(rel);
    if (!path)
      continue;
    char *data;
    size_t len;
    gc_error e;
    assert_int_equal(gc_read_file(path, &data, &len, 0, &e), 0);
    char *line = data;
    long lineno = 0;
    while (line && *line) {
      char *nl = strchr(line, '\n');
      if (nl)
        *nl = 0;
      lineno++;
      json_error_t je;
      json_t *rec = json_loads(line, 0, &je);
      assert_non_null(rec);
      const char *genre = json_string_value(json_object_get(rec, "genre"));
      if (!gc_genre_find(genre)) {
        skipped++;
        json_decref(rec);
        line = nl ? nl + 1 : NULL;
        continue;
      }
      int unique = json_is_true(json_object_get(rec, "unique"));
      gc_puzzle *pz = tu_puzzle(line, NULL);
      gc_result res;
      tu_solve(pz, GC_MODE_UNIQUE, &res);
      const char *id = gc_puzzle_id(pz);
      char why[200];
      if (unique) {
        if (res.status != GC_STATUS_UNIQUE)
          fail_msg("%s (%s:%ld): %s, expected unique", id, files[f], lineno,
                   gc_status_name(res.status));
        if (!gc_grid_equal(&res.first, gc_puzzle_known(pz)))
          fail_msg("%s: solution differs from the known one", id);
      } else {
        if (res.status != GC_STATUS_MULTIPLE)
          fail_msg("%s (%s:%ld): %s, expected multiple", id, files[f], lineno,
                   gc_status_name(res.status));
        assert_false(gc_grid_equal(&res.first, &res.second));
        assert_true(gc_check(pz, &res.second, why, sizeof why));
        assert_true(gc_check(pz, gc_puzzle_known(pz), why, sizeof why));
      }
      assert_true(gc_check(pz, &res.first, why, sizeof why));
      solved++;
      gc_result_free(&res);
      gc_puzzle_free(pz);
      json_decref(rec);
      line = nl ? nl + 1 : NULL;
    }
    free(data);
  }
  print_message("corpus: %ld puzzles solved and verified, %ld of unregistered genres\n",
                solved, skipped);
  assert_true(solved >= 92);
}

int main(void) {
  if (!tu_shared("corpus/skyscrapers.jsonl")) {
    printf("../shared/corpus is absent: corpus test skipped\n");
    return 77;
  }
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_corpus)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
