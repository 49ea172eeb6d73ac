/*
 * test_check.c: `check` (every broken rule, partial grids), the grid
 * reader, `hint` (one forced cell), `count --list` and `unique-fix`.
 *
 * Own puzzles first; then, when ../shared is there, the corpus: every known
 * solution passes the checker, every single-cell change of a sample is
 * named, Star Battle moves that keep the row and column counts are named
 * as region or touch faults, and `hint` on every unique puzzle names an
 * empty cell with its known value.  Without ../shared the corpus part
 * exits 77 (skipped).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static const char *const sky6 = "skyscrapers\n"
                                "  . . . 4 . .\n"
                                ". . . . . . . 6\n"
                                ". . . . . . . 4\n"
                                "2 . . . . . . .\n"
                                "2 . . . . . . 2\n"
                                ". . . . . . . 3\n"
                                ". . . . . . . .\n"
                                "  5 2 . . . 1\n";
static const int sky6_sol[36] = {6, 5, 4, 3, 2, 1, 5, 6, 1, 4, 3, 2,
                                 3, 2, 6, 5, 1, 4, 4, 3, 2, 1, 6, 5,
                                 2, 1, 5, 6, 4, 3, 1, 4, 3, 2, 5, 6};

static gc_grid grid_of(int n, const int *cells) {
  gc_grid g;
  assert_int_equal(gc_grid_init(&g, n), 0);
  memcpy(g.cell, cells, (size_t)n * (size_t)n * sizeof *cells);
  return g;
}

static int has(const gc_clues *c, const char *what) {
  for (size_t i = 0; i < c->count; i++)
    if (!strcmp(c->what[i], what))
      return 1;
  return 0;
}

static int any_starts(const gc_clues *c, const char *prefix) {
  for (size_t i = 0; i < c->count; i++)
    if (!strncmp(c->what[i], prefix, strlen(prefix)))
      return 1;
  return 0;
}

/*------------------------------------------------------------------------*/

static void test_every_broken_rule(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle(sky6, NULL);
  gc_grid g = grid_of(6, sky6_sol);
  gc_clues broken;
  assert_int_equal(gc_check_all(pz, &g, 0, &broken), 0);
  assert_int_equal(broken.count, 0);
  gc_clues_free(&broken);
  /* swap r1c5 and r1c6: the row stays a permutation */
  g.cell[4] = 1;
  g.cell[5] = 2;
  assert_int_equal(gc_check_all(pz, &g, 0, &broken), 3);
  assert_true(has(&broken, "column 5 repeats 1 (rows 1 and 3)"));
  assert_true(has(&broken, "column 6 repeats 2 (rows 1 and 2)"));
  assert_true(has(&broken, "clue 6 right of row 1 sees 5"));
  gc_clues_free(&broken);
  /* three equal digits in a row, a height out of range */
  g.cell[0] = g.cell[1] = g.cell[2] = 4;
  g.cell[35] = 9;
  assert_true(gc_check_all(pz, &g, 0, &broken) >= 3);
  assert_true(has(&broken, "row 1 repeats 4 (columns 1, 2 and 3)"));
  assert_true(has(&broken, "r6c6 holds 9, not a height 1..6"));
  gc_clues_free(&broken);
  /* the first-rule checker agrees with the list */
  char why[200];
  assert_false(gc_check(pz, &g, why, sizeof why));
  assert_string_equal(why, "r6c6 holds 9, not a height 1..6");
  gc_grid_free(&g);
  gc_puzzle_free(pz);

  /* boxes: a Latin square whose boxes break */
  pz = tu_puzzle("{\"genre\":\"skyscrapers\",\"n\":4,\"boxes\":[2,2]}", NULL);
  static const int latin[16] = {1, 2, 3, 4, 2, 3, 4, 1, 3, 4, 1, 2, 4, 1, 2, 3};
  g = grid_of(4, latin);
  assert_int_equal(gc_check_all(pz, &g, 0, &broken), 4);
  assert_true(has(&broken, "box 1 repeats 2 (r1c2 and r2c1)"));
  assert_false(any_starts(&broken, "row"));
  assert_false(any_starts(&broken, "column"));
  gc_clues_free(&broken);
  gc_grid_free(&g);
  gc_puzzle_free(pz);

  /* Futoshiki: every sign */
  pz = tu_puzzle("futoshiki\n. < . . .\n\n. . . > .\n^       v\n. . . .\n\n. . . .\n", NULL);
  static const int futo[16] = {2, 1, 3, 4, 1, 2, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1};
  g = grid_of(4, futo);
  assert_int_equal(gc_check_all(pz, &g, 0, &broken), 1);
  assert_true(has(&broken, "r1c1 < r1c2 is violated (2 > 1)"));
  gc_clues_free(&broken);
  g.cell[4] = 3; /* r2c1 = 3 against r3c1 = 3: a repeat and a sign */
  assert_int_equal(gc_check_all(pz, &g, 0, &broken), 4);
  assert_true(has(&broken, "row 2 repeats 3 (columns 1 and 4)"));
  assert_true(has(&broken, "column 1 repeats 3 (rows 2 and 3)"));
  assert_true(has(&broken, "r2c1 < r3c1 is violated (3 = 3)"));
  gc_clues_free(&broken);
  gc_grid_free(&g);
  gc_puzzle_free(pz);

  /* Star Battle: touch, counts, a star in no region */
  pz = tu_puzzle("starbattle 1\nAABB\nAABB\nCCDD\nCCDD\n", NULL);
  static const int stars[16] = {1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  g = grid_of(4, stars);
  gc_check_all(pz, &g, 0, &broken);
  assert_true(has(&broken, "stars at r1c1 and r1c2 touch"));
  assert_true(has(&broken, "row 1 has 2 stars, needs 1"));
  assert_true(has(&broken, "row 2 has 0 stars, needs 1"));
  assert_true(has(&broken, "region A has 2 stars, needs 1"));
  assert_true(has(&broken, "region D has 0 stars, needs 1"));
  gc_clues_free(&broken);
  /* partial: the open cells excuse the short counts, not the touch */
  for (int i = 2; i < 16; i++)
    g.cell[i] = GC_EMPTY;
  gc_check_all(pz, &g, 1, &broken);
  assert_true(has(&broken, "stars at r1c1 and r1c2 touch"));
  assert_true(has(&broken, "row 1 has 2 stars, needs 1"));
  assert_false(has(&broken, "row 2 has 0 stars, needs 1"));
  assert_false(has(&broken, "region D has 0 stars, needs 1"));
  gc_clues_free(&broken);
  gc_grid_free(&g);
  gc_puzzle_free(pz);
}

static void test_grid_reader(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle(sky6, NULL);
  gc_grid g;
  gc_error e;
  int partial;
  /* what `gridcnf solve` prints, clue frame and all */
  char *out = NULL;
  tu_write_file("check-sky6.txt", sky6);
  assert_int_equal(tu_cli(&out, NULL, "solve", "check-sky6.txt", NULL), 0);
  assert_int_equal(gc_grid_read(pz, out, strlen(out), "out", &g, &partial, &e), 0);
  assert_false(partial);
  assert_memory_equal(g.cell, sky6_sol, sizeof sky6_sol);
  gc_grid_free(&g);
  free(out);
  /* the JSON answer, a bare array, compact rows */
  assert_int_equal(tu_cli(&out, NULL, "solve", "--json", "check-sky6.txt", NULL), 0);
  assert_int_equal(gc_grid_read(pz, out, strlen(out), "out", &g, &partial, &e), 0);
  assert_memory_equal(g.cell, sky6_sol, sizeof sky6_sol);
  gc_grid_free(&g);
  free(out);
  const char *arr = "[[6,5,4,3,2,1],[5,6,1,4,3,2],[3,2,6,5,1,4],[4,3,2,1,6,5],"
                    "[2,1,5,6,4,3],[1,4,3,2,5,null]]";
  assert_int_equal(gc_grid_read(pz, arr, strlen(arr), "a", &g, &partial, &e), 0);
  assert_true(partial);
  assert_int_equal(g.cell[35], GC_EMPTY);
  gc_grid_free(&g);
  const char *compact = "\xef\xbb\xbf# mine\r\n654321\r\n561432\r\n.....4\r\n"
                        "432165\r\n215643\r\n14325?\r\n";
  assert_int_equal(gc_grid_read(pz, compact, strlen(compact), "c", &g, &partial, &e), 0);
  assert_true(partial);
  assert_int_equal(g.cell[12], GC_EMPTY);
  assert_int_equal(g.cell[17], 4);
  gc_grid_free(&g);
  /* errors, with their positions */
  static const struct {
    const char *text, *message;
    long line, col;
  } bad[] = {
      {"", "the grid is empty", 1, 1},
      {"654321\n561432\n", "the grid has 2 rows, the puzzle 6", 2, 1},
      {"654321\n56143\n326514\n432165\n215643\n143256\n",
       "row 2 has 5 cells, the puzzle is 6 x 6", 2, 1},
      {"654321\n561432\n3265x4\n432165\n215643\n143256\n",
       "'x' is not a digit 1..6 or '.' (empty)", 3, 5},
      {"6 5 4 3 2 1\n5 6 1 4 3 2\n3 2 6 5 1 4\n4 3 2 1 6 5\n2 1 5 6 4 3\n1 4 3 2 5 16\n",
       "'16' is not a digit 1..6 or '.' (empty)", 6, 11},
      {"[[1,2]", "", 1, 0},
      {"{\"grid\": 3}", "the JSON object has no \"solution\" or \"grid\" array", 1, 1},
      {"[[6,5,4,3,2,1],[5,6,1,4,3,2],[3,2,6,5,1,4],[4,3,2,1,6,5],[2,1,5,6,4,3],[1,4,3,2,5,\"6\"]]",
       "r6c6 of the grid is not a digit 1..6, 0 or null", 1, 1},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    int rc = gc_grid_read(pz, bad[i].text, strlen(bad[i].text), "g", &g, &partial, &e);
    if (rc != -1)
      fail_msg("bad grid %zu read", i);
    assert_int_equal(e.code, GC_E_SHAPE);
    if (*bad[i].message && strcmp(e.message, bad[i].message))
      fail_msg("bad grid %zu: '%s'", i, e.message);
    assert_int_equal(e.line, bad[i].line);
    if (bad[i].col)
      assert_int_equal(e.column, bad[i].col);
  }
  gc_puzzle_free(pz);

  /* Futoshiki with its signs, Star Battle with region letters */
  pz = tu_puzzle("futoshiki\n. < . . .\n\n. . . > .\n^       v\n. . . .\n\n. . . .\n", NULL);
  const char *futo = "futoshiki\n1<3 2 4\n\n2 4>1 3\n^       v\n3 1 4 2\n\n4 2 3 1\n"
                     "also r1c1 < r1c2\n";
  assert_int_equal(gc_grid_read(pz, futo, strlen(futo), "f", &g, &partial, &e), 0);
  assert_int_equal(g.cell[0], 1);
  assert_int_equal(g.cell[5], 4);
  assert_int_equal(g.cell[15], 1);
  gc_grid_free(&g);
  gc_puzzle_free(pz);
  pz = tu_puzzle("starbattle 1\nAABB\nAABB\nCCDD\nCCDD\n", NULL);
  const char *sb = "starbattle 1\nA*BB\nAAB*\n*CDD\nCC*D\n";
  assert_int_equal(gc_grid_read(pz, sb, strlen(sb), "s", &g, &partial, &e), 0);
  assert_false(partial);
  static const int want[16] = {0, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0};
  assert_memory_equal(g.cell, want, sizeof want);
  gc_grid_free(&g);
  const char *sbp = "? * . .\n. . . *\n* ? . .\n. . * .\n";
  assert_int_equal(gc_grid_read(pz, sbp, strlen(sbp), "s", &g, &partial, &e), 0);
  assert_true(partial);
  assert_int_equal(g.cell[0], GC_EMPTY);
  assert_int_equal(g.cell[9], GC_EMPTY);
  gc_grid_free(&g);
  gc_puzzle_free(pz);
  remove("check-sky6.txt");
}

static void test_check_command(void **state) {
  (void)state;
  char *out, *err;
  tu_write_file("check-p.txt", sky6);
  tu_write_file("check-g.txt", "654321\n561432\n326514\n432165\n215643\n143256\n");
  assert_int_equal(tu_cli(&out, NULL, "check", "check-p.txt", "check-g.txt", NULL), 0);
  assert_non_null(strstr(out, "solution (the grid solves the puzzle"));
  free(out);
  tu_write_file("check-g.txt", "654312\n561432\n326514\n432165\n215643\n143256\n");
  assert_int_equal(tu_cli(&out, NULL, "check", "check-p.txt", "check-g.txt", NULL), 1);
  assert_non_null(strstr(out, "broken (not a solution; 3 broken rules):\n"
                              "  column 5 repeats 1 (rows 1 and 3)\n"
                              "  column 6 repeats 2 (rows 1 and 2)\n"
                              "  clue 6 right of row 1 sees 5\n"));
  free(out);
  assert_int_equal(tu_cli(&out, NULL, "check", "--json", "check-p.txt", "check-g.txt",
                          NULL), 1);
  json_t *o = json_loads(out, 0, NULL);
  assert_non_null(o);
  assert_string_equal(json_string_value(json_object_get(o, "status")), "broken");
  assert_int_equal(json_array_size(json_object_get(o, "broken")), 3);
  json_decref(o);
  free(out);
  /* partial: completable, and not */
  tu_write_file("check-g.txt", "6.....\n......\n......\n......\n......\n.....6\n");
  assert_int_equal(tu_cli(&out, NULL, "check", "check-p.txt", "check-g.txt", NULL), 0);
  assert_non_null(strstr(out, "completable (2 of 36 cells filled"));
  free(out);
  tu_write_file("check-g.txt", "6.....\n......\n......\n......\n......\n.....5\n");
  assert_int_equal(tu_cli(&out, NULL, "check", "--json", "check-p.txt", "check-g.txt",
                          NULL), 1);
  o = json_loads(out, 0, NULL);
  assert_string_equal(json_string_value(json_object_get(o, "status")), "not-completable");
  json_t *conflict = json_object_get(o, "conflict");
  assert_int_equal(json_array_size(conflict), 1);
  assert_string_equal(json_string_value(json_array_get(conflict, 0)), "the 5 at r6c6");
  json_decref(o);
  free(out);
  /* an Adjacent Futoshiki's solution as solve prints it, marks between its
     rows (with colour too), reads back into check and hint --grid */
  tu_write_file("check-adj.txt", "5a:0RD,2L,0RD,0RDL,0L,0UD,0RD,0URL,0UL,0D,0URD,"
                                 "0UDL,0D,0,0U,0URD,0URL,0URDL,0DL,0D,0U,0,0UR,"
                                 "0UL,0U,\n");
  for (int colour = 0; colour < 2; colour++) {
    char *sol;
    assert_int_equal(tu_cli(&sol, NULL, "solve", "--color", colour ? "always" : "never",
                            "check-adj.txt", NULL),
                     0);
    assert_non_null(strstr(sol, "\n-   - -\n"));
    tu_write_file("check-adj-g.txt", sol);
    free(sol);
    assert_int_equal(tu_cli(&out, NULL, "check", "check-adj.txt", "check-adj-g.txt",
                            NULL),
                     0);
    assert_non_null(strstr(out, "solution (the grid solves the puzzle"));
    free(out);
    assert_int_equal(tu_cli(&out, NULL, "hint", "--grid", "check-adj-g.txt",
                            "check-adj.txt", NULL),
                     0);
    assert_non_null(strstr(out, "complete (no empty cell"));
    free(out);
  }
  /* a bad grid: one line with its position, exit 65 */
  tu_write_file("check-g.txt", "654321\n561432\n3265x4\n");
  assert_int_equal(tu_cli(NULL, &err, "check", "check-p.txt", "check-g.txt", NULL), 65);
  assert_string_equal(err, "gridcnf: check-g.txt:3:1: the grid has 3 rows, the puzzle 6\n");
  free(err);
  /* decode's model too: its error record with --json */
  tu_write_file("check-m.txt", "s SATISFIABLE\nv 1 -2 0\n");
  assert_int_equal(tu_cli(&out, &err, "decode", "--json", "check-p.txt", "check-m.txt",
                          NULL),
                   65);
  assert_non_null(strstr(out, "\"status\":\"error\""));
  assert_non_null(strstr(out, "check-m.txt: the model stops at variable 2"));
  free(out);
  free(err);
  remove("check-m.txt");
  /* rate names why a puzzle without a solution is not rated */
  tu_write_file("check-none.jsonl", "{\"genre\":\"skyscrapers\",\"n\":3,\"top\":[3,3,0],"
                                    "\"bottom\":[0,0,0],\"left\":[0,0,0],\"right\":[0,0,0]}\n");
  assert_int_equal(tu_cli(&out, NULL, "rate", "check-none.jsonl", NULL), 1);
  assert_non_null(strstr(out, ": none; score 0.0 (not rated: no solution)"));
  free(out);
  remove("check-none.jsonl");
  /* ... and with --json its error record, as every puzzle read gets one */
  assert_int_equal(tu_cli(&out, &err, "check", "--json", "check-p.txt", "check-g.txt",
                          NULL),
                   65);
  o = json_loads(out, 0, NULL);
  assert_non_null(o);
  assert_string_equal(json_string_value(json_object_get(o, "status")), "error");
  assert_string_equal(json_string_value(json_object_get(o, "error")),
                      "check-g.txt:3:1: the grid has 3 rows, the puzzle 6");
  assert_int_equal(json_integer_value(json_object_get(o, "line")), 3);
  json_decref(o);
  assert_non_null(strstr(err, "the grid has 3 rows"));
  free(out);
  free(err);
  assert_int_equal(tu_cli(NULL, NULL, "check", "check-p.txt", NULL), 64);

  /* hint: on the puzzle, on a partial grid, a wrong entry, a full grid */
  assert_int_equal(tu_cli(&out, NULL, "hint", "check-p.txt", NULL), 0);
  assert_non_null(strstr(out, ": hint: r"));
  free(out);
  tu_write_file("check-g.txt", "6543..\n5614..\n3265..\n4321..\n2156..\n1432..\n");
  assert_int_equal(tu_cli(&out, NULL, "hint", "--json", "--grid", "check-g.txt",
                          "check-p.txt", NULL), 0);
  o = json_loads(out, 0, NULL);
  assert_string_equal(json_string_value(json_object_get(o, "status")), "hint");
  int r = (int)json_integer_value(json_object_get(o, "row"));
  int c = (int)json_integer_value(json_object_get(o, "col"));
  assert_true(c >= 5);
  assert_int_equal(json_integer_value(json_object_get(o, "value")),
                   sky6_sol[(r - 1) * 6 + c - 1]);
  json_decref(o);
  free(out);
  tu_write_file("check-g.txt", "6543..\n5614..\n3265..\n4321..\n2156..\n1423..\n");
  assert_int_equal(tu_cli(&out, NULL, "hint", "--grid", "check-g.txt", "check-p.txt",
                          NULL), 1);
  assert_non_null(strstr(out, "the 2 at r6c3 is wrong (the solution has 3)"));
  assert_non_null(strstr(out, "the 3 at r6c4 is wrong (the solution has 2)"));
  free(out);
  tu_write_file("check-g.txt", "654321\n561432\n326514\n432165\n215643\n143256\n");
  assert_int_equal(tu_cli(&out, NULL, "hint", "--grid", "check-g.txt", "check-p.txt",
                          NULL), 0);
  assert_non_null(strstr(out, "complete (no empty cell"));
  free(out);
  remove("check-p.txt");
  remove("check-g.txt");
}

/* count --list: every solution once, and the backbone is what they share. */
static int collect(void *ctx, long index, const gc_grid *g) {
  gc_grid *all = ctx;
  (void)index;
  int k = 0;
  while (all[k].n)
    k++;
  assert_true(k < 100);
  all[k] = grid_of(g->n, g->cell);
  return 0;
}

static void check_backbone(const gc_puzzle *pz, long expect) {
  gc_grid all[101];
  memset(all, 0, sizeof all);
  gc_limits lim = {.mode = GC_MODE_COUNT, .count = 100, .on_solution = collect,
                   .ctx = all};
  gc_result res;
  gc_error e;
  assert_int_equal(gc_solve(pz, NULL, &lim, &res, &e), 0);
  assert_int_equal(res.count, expect);
  assert_true(res.complete);
  gc_result_free(&res);
  int n = gc_puzzle_n(pz);
  for (int a = 0; a < expect; a++)
    for (int b = a + 1; b < expect; b++)
      assert_false(gc_grid_equal(&all[a], &all[b]));
  gc_status st;
  gc_grid fixed;
  assert_int_equal(gc_backbone(pz, NULL, NULL, &st, &fixed, &e), 0);
  for (int i = 0; i < n * n; i++) {
    int same = 1;
    for (int a = 1; a < expect; a++)
      same &= all[a].cell[i] == all[0].cell[i];
    assert_int_equal(fixed.cell[i], same ? all[0].cell[i] : -1);
  }
  gc_grid_free(&fixed);
  for (int a = 0; a < expect; a++)
    gc_grid_free(&all[a]);
}

static void test_count_list(void **state) {
  (void)state;
  /* a 4x4 Latin square with two clues: small enough to count by hand */
  gc_puzzle *pz = tu_puzzle("skyscrapers\n  4 . . .\n. . . . . .\n. . . . . .\n"
                            ". . . . . .\n. . . . . .\n  . . . 4\n", NULL);
  gc_result res;
  tu_solve(pz, GC_MODE_UNIQUE, &res);
  gc_result_free(&res);
  gc_limits lim = {.mode = GC_MODE_COUNT, .count = 1000};
  gc_error e;
  assert_int_equal(gc_solve(pz, NULL, &lim, &res, &e), 0);
  long total = res.count;
  gc_result_free(&res);
  assert_true(total > 2 && total < 100);
  check_backbone(pz, total);
  char *out;
  tu_write_file("check-c.txt", "skyscrapers\n  4 . . .\n. . . . . .\n. . . . . .\n"
                            ". . . . . .\n. . . . . .\n  . . . 4\n");
  assert_int_equal(tu_cli(&out, NULL, "count", "--all", "--list", "--json",
                          "check-c.txt", NULL), 2);
  json_t *o = json_loads(out, 0, NULL);
  assert_int_equal(json_array_size(json_object_get(o, "solutions")), (size_t)total);
  assert_true(json_is_true(json_object_get(o, "complete")));
  json_decref(o);
  free(out);
  remove("check-c.txt");
  gc_puzzle_free(pz);

  /* the corpus's 5x5 Futoshiki with 39 solutions */
  const char *path = tu_shared("corpus/futoshiki.jsonl");
  if (!path)
    return;
  char *data;
  size_t len;
  assert_int_equal(gc_read_file(path, &data, &len, 0, &e), 0);
  char *rec = strstr(data, "{\"id\":\"seed-002-sample-06-5x5\"");
  assert_non_null(rec);
  char *nl = strchr(rec, '\n');
  if (nl)
    *nl = 0;
  pz = tu_puzzle(rec, NULL);
  check_backbone(pz, 39);
  gc_puzzle_free(pz);
  free(data);
}

/* unique-fix: the givens it adds make the puzzle unique (a fresh solver
   says so), and each one was needed at the time it was added. */
static void check_fix(const char *text, size_t min_added) {
  gc_puzzle *pz = tu_puzzle(text, NULL);
  gc_status st;
  gc_clues added;
  char *fixed;
  gc_error e;
  assert_int_equal(gc_unique_fix(pz, NULL, NULL, &st, &added, &fixed, &e), 0);
  assert_int_equal(st, GC_STATUS_UNIQUE);
  assert_true(added.count >= min_added);
  for (size_t i = 0; i < added.count; i++)
    assert_true(!strncmp(added.what[i], "the ", 4) && strstr(added.what[i], " at r"));
  gc_puzzle *fp = tu_puzzle(fixed, NULL);
  gc_result res;
  tu_solve(fp, GC_MODE_UNIQUE, &res);
  assert_int_equal(res.status, GC_STATUS_UNIQUE);
  /* the solution kept is one of the original puzzle's */
  char why[200];
  assert_true(gc_check(pz, &res.first, why, sizeof why));
  gc_result_free(&res);
  gc_puzzle_free(fp);
  gc_clues_free(&added);
  free(fixed);
  gc_puzzle_free(pz);
}

static void test_unique_fix(void **state) {
  (void)state;
  check_fix("skyscrapers\n  4 . . .\n. . . . . .\n. . . . . .\n"
            ". . . . . .\n. . . . . .\n  . . . 4\n", 1);
  check_fix("{\"genre\":\"futoshiki\",\"n\":5,\"givens\":[[0,0,0,0,0],[0,0,0,0,0],"
            "[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],\"lt\":[]}", 4);
  check_fix(sky6, 0); /* unique already: nothing added */
  gc_puzzle *pz = tu_puzzle("starbattle 1\nAABB\nAABB\nCCDD\nCCDD\n", NULL);
  gc_status st;
  gc_clues added;
  char *fixed;
  gc_error e;
  assert_int_equal(gc_unique_fix(pz, NULL, NULL, &st, &added, &fixed, &e), -1);
  assert_int_equal(e.code, GC_E_UNSUPPORTED);
  gc_puzzle_free(pz);
  /* no solution */
  pz = tu_puzzle("{\"genre\":\"skyscrapers\",\"n\":4,\"left\":[0,1,0,0],"
                 "\"givens\":[[0,0,0,0],[3,0,0,0],[0,0,0,0],[0,0,0,1]]}", NULL);
  assert_int_equal(gc_unique_fix(pz, NULL, NULL, &st, &added, &fixed, &e), 0);
  assert_int_equal(st, GC_STATUS_NONE);
  assert_null(fixed);
  gc_puzzle_free(pz);
  char *out;
  tu_write_file("check-f.txt", "skyscrapers\n  4 . . .\n. . . . . .\n. . . . . .\n"
                            ". . . . . .\n. . . . . .\n  . . . 4\n");
  assert_int_equal(tu_cli(&out, NULL, "unique-fix", "--json", "check-f.txt", NULL), 0);
  json_t *o = json_loads(out, 0, NULL);
  assert_string_equal(json_string_value(json_object_get(o, "status")), "fixed");
  assert_true(json_is_object(json_object_get(o, "puzzle")));
  json_decref(o);
  free(out);
  remove("check-f.txt");
}

/*------------------------------------------------------------------------*/
/* The corpus                                                              */

static int corpus_ok = 0;

typedef void (*record_fn)(gc_puzzle *pz, int unique, long *stats);

static void each_corpus(record_fn fn, long *stats) {
  if (getenv("GC_TEST_QUICK")) /* the valgrind pass: passes 1, 2 run this */
    return;
  static const char *const files[] = {"skyscrapers.jsonl", "starbattle.jsonl",
                                      "futoshiki.jsonl", "variants.jsonl"};
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
    char rel[64];
    snprintf(rel, sizeof rel, "corpus/%s", files[f]);
    const char *path = tu_shared(rel);
    if (!path)
      continue;
    corpus_ok = 1;
    char *data;
    size_t len;
    gc_error e;
    assert_int_equal(gc_read_file(path, &data, &len, 0, &e), 0);
    for (char *line = data, *nl; line && *line; line = nl ? nl + 1 : NULL) {
      nl = strchr(line, '\n');
      if (nl)
        *nl = 0;
      json_t *rec = json_loads(line, 0, NULL);
      assert_non_null(rec);
      const char *genre = json_string_value(json_object_get(rec, "genre"));
      int unique = json_is_true(json_object_get(rec, "unique"));
      int known = gc_genre_find(genre) != NULL;
      json_decref(rec);
      if (!known)
        continue;
      gc_puzzle *pz = tu_puzzle(line, NULL);
      if (gc_puzzle_known(pz))
        fn(pz, unique, stats);
      gc_puzzle_free(pz);
    }
    free(data);
  }
}

/* stats: [0] solutions checked, [1] changes named, [2] moves named */
static void check_record(gc_puzzle *pz, int unique, long *stats) {
  const gc_grid *known = gc_puzzle_known(pz);
  int n = known->n, nn = n * n;
  gc_clues broken;
  if (gc_check_all(pz, known, 0, &broken) != 0)
    fail_msg("%s: the known solution breaks '%s'", gc_puzzle_id(pz),
             broken.what[0]);
  stats[0]++;
  int boolean = gc_genre_find("starbattle") == gc_puzzle_genre(pz);
  gc_grid g = grid_of(n, known->cell);
  /* every single-cell change of every 4th puzzle */
  if (stats[0] % 4 == 0)
    for (int i = 0; i < nn; i++)
      for (int v = boolean ? 0 : 1; v <= (boolean ? 1 : n); v++) {
        if (v == known->cell[i])
          continue;
        g.cell[i] = v;
        int k = gc_check_all(pz, &g, 0, &broken);
        if (k < 1)
          fail_msg("%s: r%dc%d = %d is not named", gc_puzzle_id(pz), i / n + 1,
                   i % n + 1, v);
        gc_clues_free(&broken);
        g.cell[i] = known->cell[i];
        stats[1]++;
      }
  /* Star Battle: move two stars across a rectangle (row and column counts
     stay); in a unique puzzle that breaks a region or the no-touch rule */
  if (boolean && unique)
    for (int a = 0; a < nn; a++)
      for (int b = a + 1; b < nn; b++) {
        int r1 = a / n, c1 = a % n, r2 = b / n, c2 = b % n;
        if (!known->cell[a] || !known->cell[b] || r1 == r2 || c1 == c2 ||
            known->cell[r1 * n + c2] || known->cell[r2 * n + c1])
          continue;
        g.cell[a] = g.cell[b] = 0;
        g.cell[r1 * n + c2] = g.cell[r2 * n + c1] = 1;
        int k = gc_check_all(pz, &g, 0, &broken);
        if (k < 1)
          fail_msg("%s: a rectangle move is not named", gc_puzzle_id(pz));
        for (size_t j = 0; j < broken.count; j++)
          if (strncmp(broken.what[j], "region", 6) && strncmp(broken.what[j], "stars at", 8) &&
              strncmp(broken.what[j], "star at", 7))
            fail_msg("%s: a rectangle move named '%s'", gc_puzzle_id(pz),
                     broken.what[j]);
        gc_clues_free(&broken);
        memcpy(g.cell, known->cell, (size_t)nn * sizeof *g.cell);
        stats[2]++;
      }
  gc_grid_free(&g);
}

static void hint_record(gc_puzzle *pz, int unique, long *stats) {
  if (!unique)
    return;
  const gc_grid *known = gc_puzzle_known(pz);
  int n = known->n;
  gc_status st;
  int r, c, v;
  long effort;
  gc_clues conflict;
  gc_error e;
  assert_int_equal(gc_hint(pz, NULL, NULL, NULL, &st, &r, &c, &v, &effort,
                           &conflict, &e), 0);
  if (st != GC_STATUS_SOLVED)
    fail_msg("%s: hint status %s", gc_puzzle_id(pz), gc_status_name(st));
  assert_int_equal(v, known->cell[r * n + c]);
  if (pz->genre->givens) {
    int *giv = malloc((size_t)n * (size_t)n * sizeof *giv);
    pz->genre->givens(pz, giv);
    if (giv[r * n + c] != GC_EMPTY)
      fail_msg("%s: the hint r%dc%d is a given", gc_puzzle_id(pz), r + 1, c + 1);
    free(giv);
  }
  stats[0]++;
  stats[1] += effort <= 1;
}

static void test_corpus_check(void **state) {
  (void)state;
  long stats[3] = {0, 0, 0};
  each_corpus(check_record, stats);
  if (!corpus_ok)
    skip();
  printf("checker: %ld known solutions accepted, %ld single-cell changes and "
         "%ld star moves named\n",
         stats[0], stats[1], stats[2]);
  assert_true(stats[0] > 100);
}

static void test_corpus_hint(void **state) {
  (void)state;
  long stats[3] = {0, 0, 0};
  each_corpus(hint_record, stats);
  if (!corpus_ok)
    skip();
  printf("hint: %ld unique puzzles, %ld hints by propagation alone\n", stats[0],
         stats[1]);
  assert_true(stats[0] > 100);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_broken_rule),
      cmocka_unit_test(test_grid_reader),
      cmocka_unit_test(test_check_command),
      cmocka_unit_test(test_count_list),
      cmocka_unit_test(test_unique_fix),
      cmocka_unit_test(test_corpus_check),
      cmocka_unit_test(test_corpus_hint),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
