/*
 * test_adjacent.c: Futoshiki's Adjacent mode (Tatham's Unequal with the
 * Adjacent option; genres/futoshiki_adjacent.c).
 *   - the encoding against the definition, exhaustively at small sizes:
 *     for every mark pattern of a 3x3 grid (2^12) and, at 4x4, for every
 *     pattern a Latin square makes plus random ones, the number of
 *     solutions the solver counts equals the number of Latin squares that
 *     satisfy the rule as defined (a mark: the two digits differ by 1; no
 *     mark: they do not), with and without the simplification;
 *   - the checker against the same definition, on every 4x4 Latin square;
 *   - the JSON key, the text notation, Tatham's IDs and the dzn data read
 *     each other's output back to the same record; errors are positioned;
 *   - explain names the marks that cannot all hold;
 *   - Tatham's own puzzles: real IDs from sgt-unequal --generate with the
 *     solutions Tatham's unequalsolver printed, and, when `sgt-unequal` is
 *     installed, freshly generated IDs, each unique (and equal to
 *     unequalsolver's answer when benchmarks/peers/build-tatham.sh has
 *     built it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "solver-glue/steps.h"
#include "testutil.h"

/*------------------------------------------------------------------------*/
/* The definition                                                          */

/* The pairs of neighbours of an n x n grid in reading order (right of a
   cell, then below it): pair k joins cells a[k] and b[k]. */
static int pairs(int n, int *a, int *b) {
  int k = 0;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      if (c + 1 < n)
        a[k] = r * n + c, b[k++] = r * n + c + 1;
      if (r + 1 < n)
        a[k] = r * n + c, b[k++] = (r + 1) * n + c;
    }
  return k;
}

/* Does Latin square x satisfy the mark pattern (bit k: pair k marked)? */
static int satisfies(int n, const int *x, unsigned long pattern) {
  int a[64], b[64], np = pairs(n, a, b);
  for (int k = 0; k < np; k++) {
    int d = abs(x[a[k]] - x[b[k]]);
    if ((d == 1) != (int)((pattern >> k) & 1))
      return 0;
  }
  return 1;
}

/* The pattern a Latin square makes. */
static unsigned long pattern_of(int n, const int *x) {
  int a[64], b[64], np = pairs(n, a, b);
  unsigned long p = 0;
  for (int k = 0; k < np; k++)
    if (abs(x[a[k]] - x[b[k]]) == 1)
      p |= 1UL << k;
  return p;
}

/* Every Latin square of order n (n <= 4) into sq[count][16]. */
static int latin(int n, int (*sq)[16]) {
  int x[16] = {0}, count = 0, i = 0;
  for (;;) {
    if (i == n * n) {
      memcpy(sq[count++], x, sizeof x);
      i--;
    }
    int r = i / n, c = i % n;
    int v = x[i] + 1;
    for (; v <= n; v++) {
      int ok = 1;
      for (int k = 0; k < c && ok; k++)
        ok = x[r * n + k] != v;
      for (int k = 0; k < r && ok; k++)
        ok = x[k * n + c] != v;
      if (ok)
        break;
    }
    if (v <= n) {
      x[i++] = v;
      continue;
    }
    x[i] = 0;
    if (i == 0)
      return count;
    i--;
  }
}

/* The JSON record of an Adjacent puzzle with the marks of pattern and
   (optionally) one given. */
static void record(char *buf, size_t size, int n, unsigned long pattern,
                   int given_at, int given) {
  int a[64], b[64], np = pairs(n, a, b);
  int k = snprintf(buf, size, "{\"genre\":\"futoshiki\",\"n\":%d,\"adjacent\":[", n);
  int first = 1;
  for (int i = 0; i < np; i++)
    if ((pattern >> i) & 1) {
      k += snprintf(buf + k, size - (size_t)k, "%s[%d,%d,%d,%d]", first ? "" : ",",
                    a[i] / n, a[i] % n, b[i] / n, b[i] % n);
      first = 0;
    }
  k += snprintf(buf + k, size - (size_t)k, "]");
  if (given_at >= 0) {
    k += snprintf(buf + k, size - (size_t)k, ",\"givens\":[");
    for (int r = 0; r < n; r++) {
      k += snprintf(buf + k, size - (size_t)k, "%s[", r ? "," : "");
      for (int c = 0; c < n; c++)
        k += snprintf(buf + k, size - (size_t)k, "%s%d", c ? "," : "",
                      r * n + c == given_at ? given : 0);
      k += snprintf(buf + k, size - (size_t)k, "]");
    }
    k += snprintf(buf + k, size - (size_t)k, "]");
  }
  snprintf(buf + k, size - (size_t)k, "}");
}

/* Solutions the solver counts (all of them). */
static long solver_count(const char *json, const gc_options *opt) {
  gc_puzzle *pz = tu_puzzle(json, NULL);
  gc_limits lim = {0};
  lim.mode = GC_MODE_COUNT;
  lim.count = 100000;
  gc_result res;
  gc_error e;
  if (gc_solve(pz, opt, &lim, &res, &e))
    fail_msg("solve: %s (%s)", e.message, json);
  assert_true(res.complete);
  long c = res.count;
  gc_result_free(&res);
  gc_puzzle_free(pz);
  return c;
}

static long brute_count(int n, int (*sq)[16], int nsq, unsigned long pattern,
                        int given_at, int given) {
  long c = 0;
  for (int i = 0; i < nsq; i++)
    if (satisfies(n, sq[i], pattern) && (given_at < 0 || sq[i][given_at] == given))
      c++;
  return c;
}

static void test_encoding_exhaustive_3x3(void **state) {
  (void)state;
  static int sq[600][16];
  int nsq = latin(3, sq);
  assert_int_equal(nsq, 12);
  gc_options opt[2];
  gc_options_default(&opt[0]);
  gc_options_default(&opt[1]);
  opt[1].simplify = 0;
  opt[1].probe = 0;
  int step = getenv("GC_TEST_QUICK") ? 37 : 1; /* valgrind: a sample */
  long solvable = 0;
  char json[2048];
  for (unsigned long p = 0; p < (1UL << 12); p += (unsigned long)step) {
    record(json, sizeof json, 3, p, -1, 0);
    long want = brute_count(3, sq, nsq, p, -1, 0);
    solvable += want > 0;
    for (int o = 0; o < 2; o++) {
      long got = solver_count(json, &opt[o]);
      if (got != want)
        fail_msg("pattern %lx (options %d): the solver counts %ld, the "
                 "definition %ld",
                 p, o, got, want);
    }
  }
  /* every square makes one of the patterns: some are solvable */
  assert_true(step > 1 || solvable >= 1);
}

static void test_encoding_4x4(void **state) {
  (void)state;
  static int sq[600][16];
  int nsq = latin(4, sq);
  assert_int_equal(nsq, 576);
  unsigned long seen[600];
  int nseen = 0;
  for (int i = 0; i < nsq; i++) {
    unsigned long p = pattern_of(4, sq[i]);
    int dup = 0;
    for (int j = 0; j < nseen && !dup; j++)
      dup = seen[j] == p;
    if (!dup)
      seen[nseen++] = p;
  }
  gc_options opt;
  gc_options_default(&opt);
  int step = getenv("GC_TEST_QUICK") ? 25 : 1;
  char json[4096];
  unsigned long rng = 12345;
  int multiple = 0;
  for (int i = 0; i < nseen; i += step) {
    long want = brute_count(4, sq, nsq, seen[i], -1, 0);
    assert_true(want >= 1);
    multiple += want > 1;
    record(json, sizeof json, 4, seen[i], -1, 0);
    assert_int_equal(solver_count(json, &opt), want);
    /* one given, drawn at random: fewer (or no) solutions */
    rng = rng * 6364136223846793005UL + 1442695040888963407UL;
    int at = (int)((rng >> 33) % 16), v = (int)((rng >> 20) % 4) + 1;
    record(json, sizeof json, 4, seen[i], at, v);
    assert_int_equal(solver_count(json, &opt), brute_count(4, sq, nsq, seen[i], at, v));
  }
  /* random patterns: mostly without a solution */
  for (int t = 0; t < 200; t += step) {
    rng = rng * 6364136223846793005UL + 1442695040888963407UL;
    unsigned long p = (rng >> 20) & ((1UL << 24) - 1);
    record(json, sizeof json, 4, p, -1, 0);
    assert_int_equal(solver_count(json, &opt), brute_count(4, sq, nsq, p, -1, 0));
  }
  assert_true(step > 1 || multiple > 0);
}

/* The checker says yes exactly when the definition does. */
static void test_checker_definition(void **state) {
  (void)state;
  static int sq[600][16];
  int nsq = latin(4, sq);
  unsigned long p = pattern_of(4, sq[7]);
  char json[4096];
  record(json, sizeof json, 4, p, -1, 0);
  gc_puzzle *pz = tu_puzzle(json, NULL);
  gc_grid g;
  gc_grid_init(&g, 4);
  int yes = 0;
  for (int i = 0; i < nsq; i++) {
    memcpy(g.cell, sq[i], 16 * sizeof(int));
    char why[256];
    int ok = gc_check(pz, &g, why, sizeof why);
    assert_int_equal(ok, satisfies(4, sq[i], p));
    yes += ok;
    if (!ok)
      assert_true(strstr(why, "consecutive") != NULL);
  }
  assert_true(yes >= 1);
  gc_grid_free(&g);
  gc_puzzle_free(pz);
}

/*------------------------------------------------------------------------*/
/* Notations                                                               */

/* Real puzzles: `sgt-unequal --generate 1 5ade` (and 6adk, 7adx; sgt-puzzles
   20230122.806ae71-2, Debian 12), with the solutions Tatham's own
   `unequalsolver ID` (built from the same source package) printed. */
static const struct {
  const char *id;
  const char *solution;
} tatham[] = {
    {"5a:0D,5,0,4,0D,0U,0,0,0RD,0UL,0D,0RD,0DL,0U,0D,0U,0URD,0UL,0R,0UL,0,0U,"
     "0R,0L,1,",
     "3514241523243151325452431"},
    {"6a:0,0D,0R,0DL,0R,0L,0RD,0URL,0DL,0U,0D,0,0URD,0L,0URD,0L,0UR,0L,0U,0D,"
     "0UD,0D,0D,0D,0D,0U,0U,0UD,0U,0U,0U,5,0,0UR,0L,0,",
     "146532432615563421624153315264251346"},
    {"7a:0D,0,6,0RD,0L,0,0,0UR,0DL,0,0U,0R,0DL,0,0,0UR,0L,0,0D,0UR,0DL,0,0,7,"
     "0RD,0UL,0D,0U,0,0R,0DL,0UD,3,0UR,0L,0D,0RD,0UDL,0U,0,0,0D,0U,0UR,0UL,0R,"
     "0L,0R,0UL,",
     "5263471671423546517231375642712635424375163542167"},
};

static char *json_of(const gc_puzzle *pz) {
  char *s = gc_puzzle_json(pz);
  assert_non_null(s);
  return s;
}

static void test_tatham_samples(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof tatham / sizeof tatham[0]; i++) {
    gc_puzzle *pz = tu_puzzle(tatham[i].id, NULL);
    int n = gc_puzzle_n(pz);
    gc_result res;
    tu_solve(pz, GC_MODE_UNIQUE, &res);
    assert_int_equal(res.status, GC_STATUS_UNIQUE);
    for (int k = 0; k < n * n; k++)
      assert_int_equal(res.first.cell[k], tatham[i].solution[k] - '0');
    gc_result_free(&res);
    /* the ID written back is the generator's own */
    gc_error e;
    char *id = gc_format_write(pz, "tatham", &e);
    assert_non_null(id);
    assert_string_equal(id, tatham[i].id);
    free(id);
    /* text, JSON and dzn read back to the same record */
    char *rec = json_of(pz);
    static const char *const via[] = {"text", "dzn"};
    for (int k = 0; k < 2; k++) {
      char *s = k ? gc_format_write(pz, via[k], &e) : gc_render_text(pz, NULL);
      assert_non_null(s);
      gc_puzzle *back = tu_puzzle(s, NULL);
      char *rec2 = json_of(back);
      assert_string_equal(rec2, rec);
      free(rec2);
      gc_puzzle_free(back);
      free(s);
    }
    free(rec);
    gc_puzzle_free(pz);
  }
}

static void test_text_notation(void **state) {
  (void)state;
  /* the header alone makes an Adjacent grid (no marks: no two neighbours
     consecutive); marks alone make one too */
  gc_puzzle *a = tu_puzzle("futoshiki adjacent\n0 0 0\n0 0 0\n0 0 0\n", NULL);
  char *s = json_of(a);
  assert_non_null(strstr(s, "\"adjacent\":[]"));
  free(s);
  gc_result res;
  tu_solve(a, GC_MODE_UNIQUE, &res);
  assert_int_equal(res.status, GC_STATUS_NONE); /* 3x3: impossible */
  gc_result_free(&res);
  gc_puzzle_free(a);
  gc_puzzle *b = tu_puzzle("0|0 0\n-\n0 0 0\n0 0 0\n", "futoshiki");
  s = json_of(b);
  assert_non_null(strstr(s, "\"adjacent\":[[0,0,0,1],[0,0,1,0]]"));
  free(s);
  char *t = gc_render_text(b, NULL);
  assert_string_equal(t, "futoshiki adjacent\n0|0 0\n-\n0 0 0\n\n0 0 0\n");
  free(t);
  gc_puzzle_free(b);
  /* errors: a sign in an Adjacent grid, a mark under no cell, a mark in
     a grid of signs */
  gc_error e;
  assert_int_equal(tu_read_error("futoshiki adjacent\n0<0\n0 0\n", NULL, &e),
                   GC_E_SYNTAX);
  assert_int_equal(e.line, 2);
  assert_int_equal(e.column, 2);
  assert_int_equal(tu_read_error("futoshiki\n0|0\n0 0\n  -\n0 0\n", NULL, &e),
                   GC_E_SHAPE);
  assert_int_equal(tu_read_error("futoshiki\n0<0|0\n0 0 0\n0 0 0\n", NULL, &e),
                   GC_E_SYNTAX);
  assert_int_equal(e.column, 2);
}

static void test_json_errors(void **state) {
  (void)state;
  gc_error e;
  assert_int_equal(tu_read_error("{\"genre\":\"futoshiki\",\"n\":3,\"adjacent\":[[0,0,1,1]]}",
                                 NULL, &e),
                   GC_E_SHAPE);
  assert_non_null(strstr(e.message, "not orthogonal neighbours"));
  assert_int_equal(tu_read_error("{\"genre\":\"futoshiki\",\"n\":3,\"adjacent\":[[0,0,0,3]]}",
                                 NULL, &e),
                   GC_E_RANGE);
  assert_int_equal(tu_read_error("{\"genre\":\"futoshiki\",\"n\":3,\"adjacent\":[],"
                                 "\"lt\":[[0,0,0,1]]}",
                                 NULL, &e),
                   GC_E_SHAPE);
  assert_non_null(strstr(e.message, "do not mix"));
  assert_int_equal(tu_read_error("{\"genre\":\"futoshiki\",\"n\":3,\"adjacent\":true}",
                                 NULL, &e),
                   GC_E_SHAPE);
  /* Tatham: a mark without its counterpart, positioned at the flag */
  assert_int_equal(tu_read_error("3a:0R,0,0,0,0,0,0,0,0,", NULL, &e), GC_E_SHAPE);
  assert_int_equal(e.column, 5);
  assert_non_null(strstr(e.message, "no 'L' back"));
  /* and no Adjacent Towers */
  assert_int_equal(tu_read_error("4a:///////3//3///1///", NULL, &e), GC_E_SYNTAX);
}

/* explain names the marks (and unmarked pairs) that cannot all hold. */
static void test_explain_names_marks(void **state) {
  (void)state;
  /* r1c1 | r1c2 and r1c2 | r1c3 with the ends given 1 and 1 ... in one row
     a 1 twice is an error; give 1 and 3 with r1c1 | r1c2 | r1c3 absent */
  gc_puzzle *pz = tu_puzzle("futoshiki adjacent\n1 0 3\n0 0 0\n0 0 0\n", NULL);
  gc_status st;
  gc_clues core;
  gc_error e;
  assert_int_equal(gc_explain(pz, NULL, NULL, &st, &core, &e), 0);
  assert_int_equal(st, GC_STATUS_NONE);
  int named = 0;
  for (size_t i = 0; i < core.count; i++)
    named += strstr(core.what[i], "not consecutive") != NULL ||
             strstr(core.what[i], "|") != NULL;
  assert_true(named >= 1);
  gc_clues_free(&core);
  gc_puzzle_free(pz);
}

/* steps: the marks (and unmarked pairs) are reason items that hold in the
   solution, and the path reaches it. */
static void test_steps_cite_marks(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle("futoshiki adjacent\n"
                            "0 0|0 0 0\n-     - -\n0|0 0|0|0\n  -   -\n"
                            "0 0|0 0 0\n-     -\n0 0|4 0|0\n      -\n"
                            "0 3|0|0 0\n",
                            NULL);
  gc_result res;
  tu_solve(pz, GC_MODE_UNIQUE, &res);
  assert_int_equal(res.status, GC_STATUS_UNIQUE);
  gc_step_path path;
  gc_error e;
  assert_int_equal(gc_steps(pz, NULL, NULL, NULL, 0, &path, &e), 0);
  assert_int_equal(path.status, GC_STATUS_UNIQUE);
  int n = gc_puzzle_n(pz), marks = 0;
  for (size_t k = 0; k < path.count; k++) {
    const gc_step *st = &path.step[k];
    if (st->value > 0)
      assert_int_equal(st->value, res.first.cell[st->row * n + st->col]);
    for (size_t i = 0; i < st->nreason; i++) {
      const gc_item *it = &st->reason[i];
      if (it->kind != GC_ITEM_MARK)
        continue;
      int d = res.first.cell[it->row * n + it->col] -
              res.first.cell[it->row2 * n + it->col2];
      assert_int_equal(d == 1 || d == -1, it->value != 0);
      char words[160];
      gc_item_words(pz, it, words, sizeof words);
      assert_non_null(strstr(words, "consecutive"));
      marks++;
    }
  }
  for (int c = 0; c < n * n; c++)
    assert_int_equal(path.grid.cell[c], res.first.cell[c]);
  assert_true(marks > 0);
  gc_step_path_free(&path);
  gc_result_free(&res);
  gc_puzzle_free(pz);
}

/* Our grade of pz (rate's label), lower case like Tatham's with "Game
   has difficulty Easy." cut to "easy". */
static const char *our_level(const gc_puzzle *pz) {
  gc_error e;
  int solved, level;
  assert_int_equal(gc_steps_grade(pz, NULL, NULL, -1, &solved, &level, &e), 0);
  assert_true(solved);
  return gc_genre_levels(gc_puzzle_genre(pz))[level];
}

/* The steps grade Tatham's samples at the level his grader gives
   (unequalsolver: Easy, Tricky, Tricky: the 7adx sample is one his
   generator made at extreme that his grader finds tricky), through the
   Adjacent techniques: a placed digit and a bar (easy), a cell's
   candidates and a bar (tricky). */
static void test_steps_levels(void **state) {
  (void)state;
  static const char *const want[] = {"easy", "tricky", "tricky"};
  static const char *const tech[] = {"adjacent digit", "adjacent candidates",
                                     "adjacent candidates"};
  for (size_t i = 0; i < sizeof tatham / sizeof tatham[0]; i++) {
    gc_puzzle *pz = tu_puzzle(tatham[i].id, NULL);
    assert_string_equal(our_level(pz), want[i]);
    gc_step_path path;
    gc_error e;
    assert_int_equal(gc_steps(pz, NULL, NULL, NULL, 0, &path, &e), 0);
    assert_int_equal(path.status, GC_STATUS_UNIQUE);
    int used = 0, searched = 0;
    for (size_t k = 0; k < path.count; k++) {
      const gc_step *st = &path.step[k];
      used += !strcmp(st->technique, tech[i]);
      searched += st->lookahead != 0;
      if (!strncmp(st->technique, "adjacent", 8)) {
        /* the reason holds a pair (its bar or its absence) */
        int pair = 0;
        for (size_t r = 0; r < st->nreason; r++)
          pair += st->reason[r].kind == GC_ITEM_MARK;
        assert_true(pair >= 1);
        assert_true(strstr(st->text, "bar") != NULL);
      }
    }
    assert_true(used > 0);
    assert_int_equal(searched, 0);
    gc_step_path_free(&path);
    gc_puzzle_free(pz);
  }
}

/* Fresh puzzles from Tatham's generator, when it is installed. */
static void test_tatham_generator(void **state) {
  (void)state;
  const char *gen = "/usr/games/sgt-unequal";
  if (access(gen, X_OK)) {
    print_message("sgt-unequal not installed: generated IDs not tried\n");
    skip();
  }
  const char *solver = GC_SOURCE_DIR "/benchmarks/out/tatham/bin/unequalsolver";
  int have_solver = access(solver, X_OK) == 0;
  static const char *const params[] = {"5a", "6adk", "7ade", "8a", "5adt",
                                      "6adx"};
  int checked = 0, graded = 0;
  for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s --generate 2 %s 2>/dev/null", gen, params[i]);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char id[4096];
    while (fgets(id, sizeof id, p)) {
      id[strcspn(id, "\n")] = 0;
      if (!strchr(id, ':'))
        continue;
      gc_puzzle *pz = tu_puzzle(id, NULL);
      gc_result res;
      tu_solve(pz, GC_MODE_UNIQUE, &res);
      assert_int_equal(res.status, GC_STATUS_UNIQUE);
      if (have_solver) {
        /* the last grid unequalsolver prints: digits with marks between */
        char run[4300];
        snprintf(run, sizeof run, "%s '%s'", solver, id);
        FILE *q = popen(run, "r");
        assert_non_null(q);
        char line[512];
        int n = gc_puzzle_n(pz), row = -1;
        while (fgets(line, sizeof line, q)) {
          if (!strncmp(line, "Game has difficulty ", 20)) {
            /* his grade is ours */
            char lv[32];
            size_t j = 0;
            for (const char *w = line + 20; *w && *w != '.' && *w != '\n' &&
                                            j + 1 < sizeof lv;
                 w++)
              lv[j++] = (char)(*w >= 'A' && *w <= 'Z' ? *w + 32 : *w);
            lv[j] = 0;
            assert_string_equal(our_level(pz), lv);
            graded++;
            row = 0;
            continue;
          }
          if (row < 0 || row >= 2 * n - 1)
            continue;
          if (row % 2 == 0)
            for (int c = 0; c < n; c++)
              assert_int_equal(line[2 * c] - '0', res.first.cell[row / 2 * n + c]);
          row++;
        }
        pclose(q);
        assert_int_equal(row, 2 * n - 1);
      }
      checked++;
      gc_result_free(&res);
      gc_puzzle_free(pz);
    }
    pclose(p);
  }
  print_message("%d generated Adjacent IDs unique%s\n", checked,
                have_solver ? ", each as unequalsolver solves and grades it"
                            : "");
  assert_true(checked >= 4);
  assert_true(!have_solver || graded == checked);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_encoding_exhaustive_3x3),
      cmocka_unit_test(test_encoding_4x4),
      cmocka_unit_test(test_checker_definition),
      cmocka_unit_test(test_tatham_samples),
      cmocka_unit_test(test_text_notation),
      cmocka_unit_test(test_json_errors),
      cmocka_unit_test(test_explain_names_marks),
      cmocka_unit_test(test_steps_cite_marks),
      cmocka_unit_test(test_steps_levels),
      cmocka_unit_test(test_tatham_generator),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
