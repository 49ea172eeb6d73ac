/*
 * test_generate.c: gc_generate and gc_rate, checked from outside.  Every
 * generated puzzle is solved again by gc_solve on a fresh solver (unique,
 * with the solution it came with); a Latin-genre puzzle must be minimal:
 * its JSON record with any one clue, given or sign taken out must have more
 * than one solution.  Star Battle regions must be connected, n of them,
 * each with m stars of the solution.  The same seed gives byte-identical
 * output.
 *
 * GC_TEST_GEN_SAMPLE=K makes K puzzles per genre and size instead of 20
 * (the sanitizer and valgrind runs of scripts/test.sh can set it lower).
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static int sample(void) {
  const char *s = getenv("GC_TEST_GEN_SAMPLE");
  int k = s ? atoi(s) : 20;
  return k > 0 ? k : 20;
}

static gc_puzzle *make(const char *genre, int n, int stars, int br, int bc,
                       unsigned seed, int index, gc_difficulty d) {
  return tu_generate(genre, n, stars, br, bc, seed, (uint64_t)index, d, NULL);
}

static gc_status status_of(const gc_puzzle *pz, gc_grid *first) {
  gc_result res;
  tu_solve(pz, GC_MODE_UNIQUE, &res);
  gc_status st = res.status;
  if (first) {
    *first = res.first;
    res.first.cell = NULL;
    res.first.n = 0;
  }
  gc_result_free(&res);
  return st;
}

static void expect_unique(const gc_puzzle *pz) {
  gc_grid g;
  assert_int_equal(status_of(pz, &g), GC_STATUS_UNIQUE);
  assert_non_null(gc_puzzle_known(pz));
  assert_true(gc_grid_equal(&g, gc_puzzle_known(pz)));
  gc_grid_free(&g);
}

/* The record with one clue taken out must not be unique. */
static void expect_needed(json_t *rec, const char *what) {
  char *text = json_dumps(rec, JSON_COMPACT);
  gc_puzzle *pz = tu_puzzle(text, NULL);
  gc_status st = status_of(pz, NULL);
  if (st != GC_STATUS_MULTIPLE)
    fail_msg("%s can go and the puzzle stays %s: %s", what, gc_status_name(st),
             text);
  gc_puzzle_free(pz);
  free(text);
}

/* Drops each clue (a non-zero entry of a clue list or of givens, an entry
   of lt) alone and expects uniqueness to be lost; returns the clues. */
static int expect_minimal(const gc_puzzle *pz) {
  char *text = gc_puzzle_json(pz);
  json_t *rec = json_loads(text, 0, NULL);
  free(text);
  assert_non_null(rec);
  int clues = 0;
  static const char *const lists[] = {"top", "bottom", "left", "right"};
  for (int k = 0; k < 4; k++) {
    json_t *a = json_object_get(rec, lists[k]);
    for (size_t i = 0; i < json_array_size(a); i++) {
      json_int_t v = json_integer_value(json_array_get(a, i));
      if (!v)
        continue;
      clues++;
      json_array_set_new(a, i, json_integer(0));
      expect_needed(rec, lists[k]);
      json_array_set_new(a, i, json_integer(v));
    }
  }
  json_t *g = json_object_get(rec, "givens");
  for (size_t r = 0; r < json_array_size(g); r++) {
    json_t *row = json_array_get(g, r);
    for (size_t c = 0; c < json_array_size(row); c++) {
      json_int_t v = json_integer_value(json_array_get(row, c));
      if (!v)
        continue;
      clues++;
      json_array_set_new(row, c, json_integer(0));
      expect_needed(rec, "a given");
      json_array_set_new(row, c, json_integer(v));
    }
  }
  json_t *lt = json_object_get(rec, "lt");
  for (size_t i = 0; i < json_array_size(lt); i++) {
    json_t *sign = json_incref(json_array_get(lt, i));
    clues++;
    json_array_remove(lt, i);
    expect_needed(rec, "a sign");
    json_array_insert_new(lt, i, sign);
  }
  json_decref(rec);
  return clues;
}

static void latin_series(const char *genre, int n, int br, int bc,
                         unsigned seed) {
  int k = sample(), total = 0;
  for (int i = 1; i <= k; i++) {
    gc_puzzle *pz = make(genre, n, 0, br, bc, seed, i, GC_DIFFICULTY_ANY);
    assert_int_equal(gc_puzzle_n(pz), n);
    char id[96];
    snprintf(id, sizeof id, "gen-%s-%d-s%u-%d", genre, n, seed, i);
    assert_string_equal(gc_puzzle_id(pz), id);
    expect_unique(pz);
    total += expect_minimal(pz);
    if (br) {
      char *text = gc_puzzle_json(pz);
      char want[32];
      snprintf(want, sizeof want, "\"boxes\":[%d,%d]", br, bc);
      assert_non_null(strstr(text, want));
      free(text);
    }
    gc_puzzle_free(pz);
  }
  assert_true(total > 0);
}

static void test_skyscrapers(void **state) {
  (void)state;
  for (int n = 5; n <= 9; n += 2)
    latin_series("skyscrapers", n, 0, 0, 42);
}

static void test_skyscraper_sudoku(void **state) {
  (void)state;
  latin_series("skyscrapers", 6, 2, 3, 7); /* --boxes 2x3: 2 rows by 3 columns */
}

static void test_futoshiki(void **state) {
  (void)state;
  for (int n = 5; n <= 9; n += 2)
    latin_series("futoshiki", n, 0, 0, 42);
}

/* Regions: n of them, each connected, each with m stars of the solution. */
static void expect_regions(const gc_puzzle *pz, int m) {
  char *text = gc_puzzle_json(pz);
  json_t *rec = json_loads(text, 0, NULL);
  free(text);
  int n = gc_puzzle_n(pz);
  const gc_grid *sol = gc_puzzle_known(pz);
  json_t *reg = json_object_get(rec, "regions");
  int id[40 * 40], seen[40] = {0}, stars[40] = {0};
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      int k = (int)json_integer_value(json_array_get(json_array_get(reg, r), c));
      assert_true(k >= 0 && k < n);
      id[r * n + c] = k;
      seen[k]++;
      stars[k] += sol->cell[r * n + c];
    }
  for (int k = 0; k < n; k++) {
    assert_true(seen[k] > 0);
    assert_int_equal(stars[k], m);
    int queue[40 * 40], mark[40 * 40] = {0}, head = 0, tail = 0;
    for (int i = 0; i < n * n && !tail; i++)
      if (id[i] == k) {
        queue[tail++] = i;
        mark[i] = 1;
      }
    while (head < tail) {
      int x = queue[head++];
      int nb[4] = {x - n, x + n, x % n ? x - 1 : -1, x % n < n - 1 ? x + 1 : -1};
      for (int d = 0; d < 4; d++)
        if (nb[d] >= 0 && nb[d] < n * n && !mark[nb[d]] && id[nb[d]] == k) {
          mark[nb[d]] = 1;
          queue[tail++] = nb[d];
        }
    }
    if (tail != seen[k])
      fail_msg("region %d is in pieces (%d of %d cells reached)", k, tail, seen[k]);
  }
  json_decref(rec);
}

static void test_starbattle(void **state) {
  (void)state;
  int k = sample();
  static const int sizes[][2] = {{5, 1}, {7, 1}, {9, 1}, {10, 2}};
  for (int s = 0; s < 4; s++)
    for (int i = 1; i <= k; i++) {
      gc_puzzle *pz = make("starbattle", sizes[s][0], sizes[s][1], 0, 0, 42, i,
                           GC_DIFFICULTY_ANY);
      expect_unique(pz);
      expect_regions(pz, sizes[s][1]);
      char why[200];
      assert_true(gc_check(pz, gc_puzzle_known(pz), why, sizeof why));
      gc_puzzle_free(pz);
    }
}

/* Past the wall (starbattle_forced.c): the regions are built so that a
   chain of deductions places every star.  The smallest such grid, twice,
   and again with the same seed and index for the same bytes. */
static void test_starbattle_wall(void **state) {
  (void)state;
  /* 22x22 with 3 stars twice, and 26x26 with 5, which only a layout of
     stars cut into cores makes in seconds (the shapes seldom lay out with
     5 stars, and whole generation took minutes or never ended) */
  static const int size[][4] = {{22, 3, 9, 1}, {22, 3, 9, 2}, {26, 5, 1, 1}};
  for (size_t i = 0; i < sizeof size / sizeof *size; i++) {
    int n = size[i][0], m = size[i][1];
    unsigned seed = (unsigned)size[i][2];
    int index = size[i][3];
    gc_puzzle *pz = make("starbattle", n, m, 0, 0, seed, index, GC_DIFFICULTY_ANY);
    gc_puzzle *again =
        make("starbattle", n, m, 0, 0, seed, index, GC_DIFFICULTY_ANY);
    expect_unique(pz);
    expect_regions(pz, m);
    char why[200];
    assert_true(gc_check(pz, gc_puzzle_known(pz), why, sizeof why));
    char *a = gc_puzzle_json(pz), *b = gc_puzzle_json(again);
    assert_string_equal(a, b);
    free(a), free(b);
    gc_puzzle_free(pz);
    gc_puzzle_free(again);
  }
}

static void test_reproducible(void **state) {
  (void)state;
  static const char *const genres[] = {"skyscrapers", "futoshiki", "starbattle"};
  for (int g = 0; g < 3; g++) {
    gc_puzzle *a = make(genres[g], 6, 0, 0, 0, 1234, 3, GC_DIFFICULTY_ANY);
    gc_puzzle *b = make(genres[g], 6, 0, 0, 0, 1234, 3, GC_DIFFICULTY_ANY);
    gc_puzzle *c = make(genres[g], 6, 0, 0, 0, 1235, 3, GC_DIFFICULTY_ANY);
    char *ja = gc_puzzle_json(a), *jb = gc_puzzle_json(b), *jc = gc_puzzle_json(c);
    assert_string_equal(ja, jb);
    assert_string_not_equal(strchr(ja, '"'), strchr(jc, '"'));
    free(ja), free(jb), free(jc);
    gc_puzzle_free(a), gc_puzzle_free(b), gc_puzzle_free(c);
  }
  /* The command line, text and JSON: byte-identical runs. */
  static const char *const fmt[] = {"--json", "--no-preprocess"};
  for (int f = 0; f < 2; f++) {
    char *o1, *o2, *e1;
    assert_int_equal(tu_cli(&o1, &e1, "generate", "starbattle", "--size", "8",
                            "--seed", "99", "--count", "3", fmt[f], NULL), 0);
    assert_int_equal(tu_cli(&o2, NULL, "generate", "starbattle", "--size", "8",
                            "--seed", "99", "--count", "3", fmt[f], NULL), 0);
    assert_string_equal(o1, o2);
    assert_non_null(strstr(e1, "3/3")); /* progress on stderr */
    free(o1), free(o2), free(e1);
  }
}

/* generate --json feeds straight back into solve. */
static void test_cli_round_trip(void **state) {
  (void)state;
  char *out, *err;
  assert_int_equal(tu_cli(&out, &err, "generate", "skyscrapers", "--size", "6",
                          "--boxes", "2x3", "--seed", "5", "--count", "2",
                          "--json", NULL),
                   0);
  assert_non_null(strstr(out, "\"id\":\"gen-skyscrapers-6-s5-1\""));
  assert_non_null(strstr(out, "\"unique\":true"));
  assert_non_null(strstr(out, "\"boxes\":[2,3]"));
  char path[] = "/tmp/gridcnf-gen-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "w");
  fputs(out, f);
  fclose(f);
  char *sout;
  assert_int_equal(tu_cli(&sout, NULL, "solve", path, NULL), 0);
  assert_non_null(strstr(sout, "gen-skyscrapers-6-s5-2: unique"));
  free(sout);
  free(out);
  free(err);
  /* the text notation reads back too */
  assert_int_equal(tu_cli(&out, NULL, "generate", "futoshiki", "--size", "5",
                          "--seed", "5", "--count", "2", NULL),
                   0);
  f = fopen(path, "w");
  fputs(out, f);
  fclose(f);
  assert_int_equal(tu_cli(&sout, NULL, "solve", path, NULL), 0);
  assert_non_null(strstr(sout, "unique"));
  free(sout);
  free(out);
  remove(path);
  /* usage errors */
  assert_int_equal(tu_cli(NULL, NULL, "generate", "skyscrapers", "--size", "5",
                          "--difficulty", "fiendish", NULL),
                   64);
  assert_int_equal(tu_cli(NULL, NULL, "generate", "futoshiki", "--size", "5",
                          "--stars", "2", NULL),
                   64);
  assert_int_equal(tu_cli(NULL, NULL, "generate", "skyscrapers", NULL), 64);
  assert_int_equal(tu_cli(NULL, &err, "generate", "starbattle", "--size", "3",
                          "--seed", "1", NULL),
                   64); /* no 3x3 grid holds a star per row apart */
  assert_non_null(strstr(err, "no 3 x 3 grid holds 1 star in every row"));
  assert_null(strstr(err, "made in")); /* no run to sum up */
  free(err);
  /* --start past its range names the range */
  assert_int_equal(tu_cli(NULL, &err, "generate", "skyscrapers", "--size", "4",
                          "--start", "9223372036854775808", NULL),
                   64);
  assert_non_null(strstr(err, "--start takes a whole number from 1 to "
                              "9223372036854775807, not '9223372036854775808'"));
  free(err);
}

static void test_easy(void **state) {
  (void)state;
  for (int i = 1; i <= 3; i++) {
    gc_puzzle *pz = make("skyscrapers", 6, 0, 0, 0, 11, i, GC_DIFFICULTY_EASY);
    expect_unique(pz);
    gc_rating rt;
    gc_error e;
    assert_int_equal(gc_rate(pz, NULL, NULL, &rt, &e), 0);
    assert_non_null(rt.label); /* one of Tatham's Towers levels */
    assert_int_equal(rt.up_cells, 36);
    gc_puzzle_free(pz);
  }
  gc_puzzle *pz = make("skyscrapers", 6, 0, 0, 0, 11, 1, GC_DIFFICULTY_HARD);
  gc_rating rt;
  gc_error e;
  assert_int_equal(gc_rate(pz, NULL, NULL, &rt, &e), 0);
  assert_true(rt.probe_cells < rt.cells);
  gc_puzzle_free(pz);
}

/*------------------------------------------------------------------------*/

/* A 5x5 Skyscrapers puzzle that propagation alone does not solve
   (gen-skyscrapers-5-s3-1): it needs a forcing chain. */
static const char *const hard_sky =
    "{\"id\":\"t\",\"genre\":\"skyscrapers\",\"n\":5,\"top\":[0,0,2,2,3],"
    "\"bottom\":[0,0,4,0,0],\"left\":[0,0,3,4,1],\"right\":[0,0,2,0,3]}";

static void test_rate(void **state) {
  (void)state;
  /* propagation alone: the clue n puts 1..n in order, then singles */
  gc_puzzle *easy = tu_puzzle("{\"genre\":\"futoshiki\",\"n\":3,\"givens\":"
                              "[[1,2,3],[2,3,1],[0,0,0]]}",
                              NULL);
  gc_rating a, b;
  gc_error e;
  assert_int_equal(gc_rate(easy, NULL, NULL, &a, &e), 0);
  assert_int_equal(a.status, GC_STATUS_UNIQUE);
  assert_string_equal(a.label, "trivial"); /* Unequal's first level */
  assert_int_equal(a.level, 0);
  assert_true(a.score == 0.0);
  assert_int_equal(a.up_cells, 9);
  gc_puzzle_free(easy);
  /* deterministic, and harder than that */
  gc_puzzle *pz = tu_puzzle(hard_sky, NULL);
  assert_int_equal(gc_rate(pz, NULL, NULL, &a, &e), 0);
  assert_int_equal(gc_rate(pz, NULL, NULL, &b, &e), 0);
  assert_true(a.score == b.score);
  assert_int_equal(a.up_cells, b.up_cells);
  assert_int_equal(a.probe_cells, b.probe_cells);
  assert_int_equal(a.conflicts_solve, b.conflicts_solve);
  assert_int_equal(a.conflicts_unique, b.conflicts_unique);
  assert_true(a.up_cells <= a.probe_cells && a.probe_cells <= a.cells);
  assert_int_equal(a.status, GC_STATUS_UNIQUE);
  assert_true(a.up_cells < a.cells);
  assert_true(a.score > 0);
  /* Tatham's grader calls it Extreme too (a forcing chain) */
  assert_string_equal(a.label, "extreme");
  assert_string_equal(a.technique, "forcing chain");
  assert_true(a.score >= 50 && a.score < 75);
  gc_puzzle_free(pz);
  /* the conflicts are CaDiCaL's search without option probe: here probing
     fixes a fifth of the open cell values, which with it would reach
     CaDiCaL and change the count */
  pz = tu_puzzle("{\"genre\":\"skyscrapers\",\"n\":5,\"top\":[0,4,0,2,0],"
                 "\"bottom\":[0,0,0,3,0],\"left\":[3,4,0,2,0],\"right\":[0,0,0,0,4]}",
                 NULL);
  gc_options noprobe;
  gc_options_default(&noprobe);
  noprobe.probe = 0;
  assert_int_equal(gc_rate(pz, NULL, NULL, &a, &e), 0);
  assert_int_equal(gc_rate(pz, &noprobe, NULL, &b, &e), 0);
  assert_int_equal(a.status, GC_STATUS_MULTIPLE);
  assert_true(a.conflicts_solve + a.conflicts_unique > 0);
  assert_int_equal(a.conflicts_solve, b.conflicts_solve);
  assert_int_equal(a.conflicts_unique, b.conflicts_unique);
  gc_puzzle_free(pz);
  /* not unique: no label */
  pz = tu_puzzle("{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0]}", NULL);
  assert_int_equal(gc_rate(pz, NULL, NULL, &a, &e), 0);
  assert_int_equal(a.status, GC_STATUS_MULTIPLE);
  assert_null(a.label);
  gc_puzzle_free(pz);
  /* the command line: JSON fields, the same answer twice */
  char path[] = "/tmp/gridcnf-rate-XXXXXX";
  int fd = mkstemp(path);
  FILE *f = fdopen(fd, "w");
  fprintf(f, "%s\n", hard_sky);
  fclose(f);
  char *o1, *o2;
  assert_int_equal(tu_cli(&o1, NULL, "rate", "--json", path, NULL), 0);
  assert_int_equal(tu_cli(&o2, NULL, "rate", "--json", path, NULL), 0);
  assert_non_null(strstr(o1, "\"id\":\"t\",\"genre\":\"skyscrapers\",\"n\":5,"
                             "\"status\":\"unique\",\"score\":"));
  json_t *r1 = json_loads(o1, 0, NULL), *r2 = json_loads(o2, 0, NULL);
  assert_non_null(r1);
  static const char *const keys[] = {"id", "genre", "n", "status", "score",
                                     "label", "cells", "up_cells", "probe_cells",
                                     "probe_rounds", "conflicts_solve",
                                     "conflicts_unique", "steps", "hard_steps",
                                     "technique", "lookahead", "max_reason"};
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
    if (!json_object_get(r1, keys[i]))
      fail_msg("rate --json has no \"%s\": %s", keys[i], o1);
    assert_true(json_equal(json_object_get(r1, keys[i]),
                             json_object_get(r2, keys[i])));
  }
  json_decref(r1);
  json_decref(r2);
  free(o1);
  free(o2);
  assert_int_equal(tu_cli(&o1, NULL, "rate", path, NULL), 0);
  assert_non_null(strstr(o1, "score"));
  free(o1);
  remove(path);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rate),
      cmocka_unit_test(test_reproducible),
      cmocka_unit_test(test_cli_round_trip),
      cmocka_unit_test(test_easy),
      cmocka_unit_test(test_skyscrapers),
      cmocka_unit_test(test_skyscraper_sudoku),
      cmocka_unit_test(test_futoshiki),
      cmocka_unit_test(test_starbattle), cmocka_unit_test(test_starbattle_wall),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
