/*
 * test_setter.c: explain, minimize and the backbone, each checked against
 * its definition by re-solving: every member of an explanation is needed,
 * every clue of a minimal puzzle is needed, every redundant clue can go,
 * and the backbone is exactly the cells that no second solution changes.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

static gc_status solve_status(const char *json) {
  gc_puzzle *pz = tu_puzzle(json, NULL);
  gc_result res;
  tu_solve(pz, GC_MODE_UNIQUE, &res);
  gc_status st = res.status;
  gc_result_free(&res);
  gc_puzzle_free(pz);
  return st;
}

static void expect_core(const char *json, int count, const char *const *names) {
  gc_puzzle *pz = tu_puzzle(json, NULL);
  gc_status st;
  gc_clues core;
  gc_error e;
  assert_int_equal(gc_explain(pz, NULL, NULL, &st, &core, &e), 0);
  assert_int_equal(st, GC_STATUS_NONE);
  if ((int)core.count != count)
    fail_msg("core has %zu members, expected %d (first: %s)", core.count, count,
             core.count ? core.what[0] : "-");
  for (int i = 0; i < count; i++) {
    int found = 0;
    for (size_t k = 0; k < core.count; k++)
      found |= !strcmp(core.what[k], names[i]);
    if (!found)
      fail_msg("'%s' is not in the explanation", names[i]);
  }
  gc_clues_free(&core);
  gc_puzzle_free(pz);
}

static void test_explain(void **state) {
  (void)state;
  /* facing clues 1 and 1, among other clues that do not matter */
  static const char *const a[] = {"clue 1 above column 1", "clue 1 below column 1"};
  expect_core("{\"genre\":\"skyscrapers\",\"n\":5,\"top\":[1,0,0,0,0],"
              "\"bottom\":[1,0,0,0,0],\"left\":[0,3,0,0,0],\"givens\":[[0,0,0,0,0],"
              "[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,5],[0,0,0,0,0]]}",
              2, a);
  /* a clue and a given */
  static const char *const b[] = {"clue 1 left of row 2", "the 3 at r2c1"};
  expect_core("{\"genre\":\"skyscrapers\",\"n\":4,\"left\":[0,1,0,0],\"givens\":"
              "[[0,0,0,0],[3,0,0,0],[0,0,0,0],[0,0,0,1]]}",
              2, b);
  /* a cycle of four signs: all four are needed */
  static const char *const c[] = {"r1c1 < r1c2", "r1c2 < r2c2", "r2c2 < r2c1",
                                  "r2c1 < r1c1"};
  expect_core("{\"genre\":\"futoshiki\",\"n\":4,\"lt\":[[0,0,0,1],[0,1,1,1],"
              "[1,1,1,0],[1,0,0,0]]}",
              4, c);
  /* Star Battle: two regions inside row 1 need two stars there */
  static const char *const d[] = {"row 1 holds 1 star", "region A holds 1 star",
                                  "region B holds 1 star"};
  expect_core("{\"genre\":\"starbattle\",\"n\":5,\"stars\":1,\"regions\":"
              "[[0,0,2,1,1],[2,2,2,2,2],[3,3,3,3,3],[3,3,4,4,4],[4,4,4,4,4]]}",
              3, d);
  /* a solvable puzzle has nothing to explain */
  gc_puzzle *pz = tu_puzzle("{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0]}", NULL);
  gc_status st;
  gc_clues core;
  gc_error e;
  assert_int_equal(gc_explain(pz, NULL, NULL, &st, &core, &e), 0);
  assert_int_equal(st, GC_STATUS_SOLVED);
  assert_int_equal(core.count, 0);
  gc_puzzle_free(pz);
}

/* Does the record read (a changed given may repeat a digit: refused)? */
static int reads(const char *text) {
  gc_error e;
  gc_reader *rd = gc_reader_new(text, strlen(text), "test", NULL, &e);
  gc_puzzle *pz = NULL;
  int ok = rd && gc_reader_next(rd, &pz, &e) == GC_READ_PUZZLE;
  gc_puzzle_free(pz);
  gc_reader_free(rd);
  return ok;
}

/* The record with only the clues named in core (but core[skip]): clues,
   givens and Futoshiki signs in the words explain uses; malloc'd JSON. */
static char *only(const char *json, const gc_clues *core, size_t skip) {
  json_t *o = json_loads(json, 0, NULL);
  assert_non_null(o);
  static const char *const sides[] = {"above column", "below column", "left of row",
                                      "right of row"};
  static const char *const keys[] = {"top", "bottom", "left", "right", "givens"};
  for (int k = 0; k < 5; k++) {
    json_t *a = json_object_get(o, keys[k]);
    for (size_t i = 0; i < json_array_size(a); i++) {
      json_t *e = json_array_get(a, i);
      if (json_is_array(e))
        for (size_t j = 0; j < json_array_size(e); j++)
          json_array_set_new(e, j, json_integer(0));
      else
        json_array_set_new(a, i, json_integer(0));
    }
  }
  json_t *lt = json_array();
  for (size_t m = 0; m < core->count; m++) {
    if (m == skip)
      continue;
    const char *what = core->what[m];
    int v, r, c, r2, c2, done = 0;
    char side[32];
    if (sscanf(what, "clue %d %31[a-z ] %d", &v, side, &r) == 3) {
      size_t len = strlen(side);
      while (len && side[len - 1] == ' ')
        side[--len] = 0;
      for (int k = 0; k < 4; k++)
        if (!strcmp(side, sides[k])) {
          json_array_set_new(json_object_get(o, keys[k]), (size_t)r - 1, json_integer(v));
          done = 1;
        }
    } else if (sscanf(what, "the %d at r%dc%d", &v, &r, &c) == 3) {
      json_array_set_new(json_array_get(json_object_get(o, "givens"), (size_t)r - 1),
                         (size_t)c - 1, json_integer(v));
      done = 1;
    } else if (sscanf(what, "r%dc%d < r%dc%d", &r, &c, &r2, &c2) == 4) {
      json_t *e = json_array();
      json_array_append_new(e, json_integer(r - 1));
      json_array_append_new(e, json_integer(c - 1));
      json_array_append_new(e, json_integer(r2 - 1));
      json_array_append_new(e, json_integer(c2 - 1));
      json_array_append_new(lt, e);
      done = 1;
    }
    if (!done)
      fail_msg("cannot put '%s' into a record", what);
  }
  if (json_object_get(o, "lt"))
    json_object_set(o, "lt", lt);
  json_decref(lt);
  char *out = json_dumps(o, JSON_COMPACT);
  json_decref(o);
  return out;
}

/* explain on broken corpus puzzles: one clue or given of a unique puzzle
   changed so that no solution exists; the explanation holds the changed
   item, the puzzle made of its members alone has no solution, and it has
   one as soon as any one member is dropped. */
static void test_explain_corpus(void **state) {
  (void)state;
  static const char *const files[] = {"corpus/skyscrapers.jsonl",
                                      "corpus/futoshiki.jsonl"};
  int broken = 0, found = 0;
  for (int f = 0; f < 2; f++) {
    const char *path = tu_shared(files[f]);
    if (!path)
      continue;
    found = 1;
    char *data;
    size_t len;
    gc_error e;
    assert_int_equal(gc_read_file(path, &data, &len, 0, &e), 0);
    int taken = 0;
    for (char *line = data, *nl; line && *line && taken < 12; line = nl ? nl + 1 : NULL) {
      nl = strchr(line, '\n');
      if (nl)
        *nl = 0;
      json_t *o = json_loads(line, 0, NULL);
      if (!json_is_true(json_object_get(o, "unique")) ||
          json_integer_value(json_object_get(o, "n")) < 4 ||
          json_object_get(o, "boxes")) {
        json_decref(o);
        continue;
      }
      json_object_del(o, "solution");
      int n = (int)json_integer_value(json_object_get(o, "n"));
      /* the first given, else the first top clue, made another value */
      json_t *target = NULL;
      size_t ti = 0;
      char name[96] = "";
      json_t *giv = json_object_get(o, "givens");
      for (size_t r = 0; r < json_array_size(giv) && !target; r++)
        for (size_t c = 0; c < json_array_size(json_array_get(giv, r)) && !target; c++)
          if (json_integer_value(json_array_get(json_array_get(giv, r), c))) {
            target = json_array_get(giv, r);
            ti = c;
            snprintf(name, sizeof name, "r%zuc%zu", r + 1, c + 1);
          }
      json_t *top = json_object_get(o, "top");
      for (size_t c = 0; c < json_array_size(top) && !target; c++)
        if (json_integer_value(json_array_get(top, c))) {
          target = top;
          ti = c;
          snprintf(name, sizeof name, "above column %zu", c + 1);
        }
      if (!target) {
        json_decref(o);
        continue;
      }
      json_int_t old = json_integer_value(json_array_get(target, ti));
      for (int v = 1; v <= n; v++) {
        if (v == old)
          continue;
        json_array_set_new(target, ti, json_integer(v));
        char *text = json_dumps(o, JSON_COMPACT);
        if (!reads(text) || solve_status(text) != GC_STATUS_NONE) {
          free(text);
          continue;
        }
        gc_puzzle *pz = tu_puzzle(text, NULL);
        gc_status st;
        gc_clues core;
        assert_int_equal(gc_explain(pz, NULL, NULL, &st, &core, &e), 0);
        assert_int_equal(st, GC_STATUS_NONE);
        char changed[128];
        if (target == top)
          snprintf(changed, sizeof changed, "clue %d %s", v, name);
        else
          snprintf(changed, sizeof changed, "the %d at %s", v, name);
        int has = 0;
        char *all = only(text, &core, core.count); /* the set itself: none */
        assert_int_equal(solve_status(all), GC_STATUS_NONE);
        free(all);
        for (size_t k = 0; k < core.count; k++) {
          has |= !strcmp(core.what[k], changed);
          char *less = only(text, &core, k);
          if (solve_status(less) == GC_STATUS_NONE)
            fail_msg("the set without '%s' still has no solution: %s", core.what[k], less);
          free(less);
        }
        if (!has)
          fail_msg("'%s' is not in the explanation of %s", changed, text);
        gc_clues_free(&core);
        gc_puzzle_free(pz);
        free(text);
        broken++;
        taken++;
        break;
      }
      json_decref(o);
    }
    free(data);
  }
  if (!found)
    skip();
  printf("explain: %d broken corpus puzzles explained\n", broken);
  assert_true(broken >= 10);
}

static const char *seed000 =
    "{\"id\":\"seed-000-ss_99\",\"genre\":\"skyscrapers\",\"n\":9,"
    "\"top\":[1,4,3,3,4,3,3,2,2],\"bottom\":[4,2,3,2,1,3,2,3,3],"
    "\"left\":[1,4,5,2,3,2,3,2,4],\"right\":[2,2,2,3,4,3,1,3,5],"
    "\"givens\":[[0,0,0,6,0,0,0,2,0],[3,0,0,0,0,0,0,0,6],[5,0,0,7,0,0,2,0,0],"
    "[0,1,0,0,0,2,8,0,0],[0,0,0,0,0,0,7,5,0],[0,4,0,1,0,0,0,7,3],"
    "[0,3,0,5,1,0,0,0,0],[0,0,0,0,0,3,0,8,0],[0,0,0,0,0,7,0,0,0]]}";

/* Every non-zero clue and given of a record, zeroed one at a time. */
static void each_clue_removed(const char *json, int *removable, int *total) {
  json_t *o = json_loads(json, 0, NULL);
  assert_non_null(o);
  *removable = *total = 0;
  static const char *const keys[] = {"top", "bottom", "left", "right", "givens"};
  for (size_t k = 0; k < 5; k++) {
    json_t *a = json_object_get(o, keys[k]);
    for (size_t i = 0; i < json_array_size(a); i++) {
      json_t *e = json_array_get(a, i);
      size_t m = json_is_array(e) ? json_array_size(e) : 1;
      for (size_t j = 0; j < m; j++) {
        json_t *cell = json_is_array(e) ? json_array_get(e, j) : e;
        json_int_t v = json_integer_value(cell);
        if (!v)
          continue;
        json_integer_set(cell, 0);
        char *s = json_dumps(o, JSON_COMPACT);
        (*total)++;
        *removable += solve_status(s) == GC_STATUS_UNIQUE;
        free(s);
        json_integer_set(cell, v);
      }
    }
  }
  json_decref(o);
}

static void test_minimize(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle(seed000, NULL);
  gc_status st;
  gc_clues redundant, removed;
  char *minimal;
  gc_error e;
  assert_int_equal(gc_minimize(pz, NULL, NULL, &st, &redundant, &removed, &minimal, &e), 0);
  assert_int_equal(st, GC_STATUS_UNIQUE);
  assert_non_null(minimal);
  /* The minimal puzzle has the same unique solution, and every clue in it
     is needed. */
  gc_puzzle *mp = tu_puzzle(minimal, NULL);
  gc_result a, b;
  tu_solve(pz, GC_MODE_UNIQUE, &a);
  tu_solve(mp, GC_MODE_UNIQUE, &b);
  assert_int_equal(b.status, GC_STATUS_UNIQUE);
  assert_true(gc_grid_equal(&a.first, &b.first));
  int removable, total;
  each_clue_removed(minimal, &removable, &total);
  assert_int_equal(removable, 0);
  assert_true(total > 0);
  /* In the original, exactly the listed clues are removable alone. */
  each_clue_removed(seed000, &removable, &total);
  assert_int_equal(removable, (int)redundant.count);
  assert_int_equal(total, 22 + 36);
  assert_true(removed.count > 0 && removed.count <= redundant.count);
  gc_result_free(&a);
  gc_result_free(&b);
  gc_puzzle_free(mp);
  free(minimal);
  gc_clues_free(&redundant);
  gc_clues_free(&removed);
  gc_puzzle_free(pz);
  /* not unique: nothing to minimise */
  pz = tu_puzzle("{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0]}", NULL);
  assert_int_equal(gc_minimize(pz, NULL, NULL, &st, &redundant, &removed, &minimal, &e), 0);
  assert_int_equal(st, GC_STATUS_MULTIPLE);
  assert_null(minimal);
  gc_puzzle_free(pz);
}

static void test_backbone(void **state) {
  (void)state;
  /* clue 4 fixes column 1 to 1,2,3,4 and nothing else */
  gc_puzzle *pz = tu_puzzle("{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0]}", NULL);
  gc_status st;
  gc_grid fixed;
  gc_error e;
  assert_int_equal(gc_backbone(pz, NULL, NULL, &st, &fixed, &e), 0);
  assert_int_equal(st, GC_STATUS_MULTIPLE);
  for (int r = 0; r < 4; r++)
    for (int c = 0; c < 4; c++)
      assert_int_equal(fixed.cell[r * 4 + c], c == 0 ? r + 1 : -1);
  gc_grid_free(&fixed);
  gc_puzzle_free(pz);
  /* a unique puzzle: the whole solution */
  pz = tu_puzzle(seed000, NULL);
  assert_int_equal(gc_backbone(pz, NULL, NULL, &st, &fixed, &e), 0);
  assert_int_equal(st, GC_STATUS_UNIQUE);
  gc_result res;
  tu_solve(pz, GC_MODE_UNIQUE, &res);
  assert_true(gc_grid_equal(&fixed, &res.first));
  gc_result_free(&res);
  gc_grid_free(&fixed);
  gc_puzzle_free(pz);
  /* a Futoshiki with a few signs: compare with all solutions counted */
  pz = tu_puzzle("{\"genre\":\"futoshiki\",\"n\":4,\"givens\":[[1,0,0,0],[0,0,0,0],"
                 "[0,0,0,0],[0,0,0,0]],\"lt\":[[0,1,0,2],[0,2,0,3],[1,0,2,0]]}",
                 NULL);
  assert_int_equal(gc_backbone(pz, NULL, NULL, &st, &fixed, &e), 0);
  assert_int_equal(fixed.cell[0], 1);
  assert_int_equal(fixed.cell[1], 2); /* 1 < r1c2 < r1c3 < r1c4 in 1..4 */
  assert_int_equal(fixed.cell[2], 3);
  assert_int_equal(fixed.cell[3], 4);
  gc_grid_free(&fixed);
  gc_puzzle_free(pz);
}

static void test_cli(void **state) {
  (void)state;
  char *out;
  char path[] = "/tmp/gridcnf-setter-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  const char *bad = "{\"id\":\"b\",\"genre\":\"skyscrapers\",\"n\":4,\"left\":[0,1,0,0],"
                    "\"givens\":[[0,0,0,0],[3,0,0,0],[0,0,0,0],[0,0,0,1]]}\n";
  assert_true(write(fd, bad, strlen(bad)) == (ssize_t)strlen(bad));
  close(fd);
  assert_int_equal(tu_cli(&out, NULL, "explain", "--json", path, NULL), 0);
  assert_non_null(strstr(out, "\"status\":\"none\",\"conflict\":[\"the 3 at r2c1\",\"clue 1 left of row 2\"]"));
  free(out);
  assert_int_equal(tu_cli(&out, NULL, "minimize", path, NULL), 1);
  free(out);
  assert_int_equal(tu_cli(&out, NULL, "hint", path, NULL), 1);
  assert_non_null(strstr(out, "none (the puzzle has no solution"));
  free(out);
  assert_int_equal(tu_cli(&out, NULL, "count", "--all", "--json", path, NULL), 1);
  assert_non_null(strstr(out, "\"count\":0,\"complete\":true"));
  free(out);
  unlink(path);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_explain),
      cmocka_unit_test(test_explain_corpus),
      cmocka_unit_test(test_minimize),
      cmocka_unit_test(test_backbone),
      cmocka_unit_test(test_cli),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
