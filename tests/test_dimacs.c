/*
 * test_dimacs.c: the DIMACS writer against the memory sink (the same clause
 * stream, the counts in the header, the variable map in the comments), the
 * model reader's formats and errors, and decode with wrong models.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static const char *puzzle4 =
    "{\"id\":\"u4\",\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0,1,2],"
    "\"bottom\":[0,0,3,0],\"left\":[0,0,1,0],\"right\":[0,2,0,0]}";

static void test_round_trip(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle(puzzle4, NULL);
  for (int amo = GC_AMO_AUTO; amo <= GC_AMO_SEQ; amo++) {
    gc_options opt;
    gc_options_default(&opt);
    opt.amo = amo;
    gc_cnf c;
    gc_memsink mem;
    gc_error e;
    assert_int_equal(gc_encode_memory(pz, &opt, &c, &mem, &e), 0);
    char *text;
    size_t len;
    assert_int_equal(gc_dimacs(pz, &opt, NULL, &text, &len, &e), 0);
    assert_int_equal(strlen(text), len);
    assert_non_null(strstr(text, "c gridcnf " GC_VERSION " genre=skyscrapers n=4 id=u4\n"));
    assert_non_null(strstr(text, "c gridcnf block cell first=1 dims=4,4,4 axes=row,col,value-1\n"));
    assert_non_null(strstr(text, amo == GC_AMO_SEQ ? "amo=seq" : amo ? "amo=pairwise" : "amo=auto"));
    /* Parse it back: header, then every literal in order. */
    const char *p = strstr(text, "\np cnf ");
    assert_non_null(p);
    int nv;
    long nc;
    assert_int_equal(sscanf(p, "\np cnf %d %ld", &nv, &nc), 2);
    assert_int_equal(nv, c.nvars);
    assert_int_equal(nc, mem.nclauses);
    p = strchr(p + 1, '\n') + 1;
    size_t i = 0;
    char *end;
    for (;;) {
      long v = strtol(p, &end, 10);
      if (end == p)
        break;
      assert_true(i < mem.len);
      assert_int_equal(v, mem.lits[i]);
      i++;
      p = end;
    }
    assert_int_equal(i, mem.len);
    free(text);
    gc_cnf_release(&c);
    gc_memsink_free(&mem);
  }
  gc_puzzle_free(pz);
}

static void test_block_solution_clause(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle(puzzle4, NULL);
  gc_result res;
  tu_solve(pz, GC_MODE_FIRST, &res);
  char *plain, *blocked;
  size_t l1, l2;
  gc_error e;
  assert_int_equal(gc_dimacs(pz, NULL, NULL, &plain, &l1, &e), 0);
  assert_int_equal(gc_dimacs(pz, NULL, &res.first, &blocked, &l2, &e), 0);
  /* the same formula plus one clause of n*n negated cell literals */
  const char *last = blocked + l2 - 2;
  while (last > blocked && last[-1] != '\n')
    last--;
  int count = 0, v, off;
  const char *q = last;
  while (sscanf(q, "%d%n", &v, &off) == 1 && v != 0) {
    assert_true(v < 0 && -v <= 64);
    q += off;
    count++;
  }
  assert_int_equal(count, 16);
  assert_non_null(strstr(blocked, "blocking clause"));
  free(plain);
  free(blocked);
  gc_result_free(&res);
  gc_puzzle_free(pz);
}

static void test_model_reader(void **state) {
  (void)state;
  int sat, nv;
  signed char *val;
  gc_error e;
  const char *comp = "c comment\ns SATISFIABLE\nv 1 -2 3\nv -4 0\n";
  assert_int_equal(gc_model_read(comp, strlen(comp), "m", &sat, &val, &nv, &e), 0);
  assert_int_equal(sat, 1);
  assert_int_equal(nv, 4);
  assert_int_equal(val[1], 1);
  assert_int_equal(val[2], -1);
  assert_int_equal(val[4], -1);
  free(val);
  const char *mini = "SAT\n-1 2 -3 0\n";
  assert_int_equal(gc_model_read(mini, strlen(mini), "m", &sat, &val, &nv, &e), 0);
  assert_int_equal(sat, 1);
  assert_int_equal(val[2], 1);
  free(val);
  assert_int_equal(gc_model_read("UNSAT\n", 6, "m", &sat, &val, &nv, &e), 0);
  assert_int_equal(sat, 0);
  free(val);
  assert_int_equal(gc_model_read("s UNSATISFIABLE\n", 16, "m", &sat, &val, &nv, &e), 0);
  assert_int_equal(sat, 0);
  free(val);
  const char *bad = "s SATISFIABLE\nv 1 x2 0\n";
  assert_int_equal(gc_model_read(bad, strlen(bad), "m", &sat, &val, &nv, &e), -1);
  assert_int_equal(e.code, GC_E_SYNTAX);
  assert_int_equal(e.line, 2);
  assert_int_equal(e.column, 5);
  assert_int_equal(gc_model_read("", 0, "m", &sat, &val, &nv, &e), -1);
  assert_int_equal(e.code, GC_E_SYNTAX);
  const char *huge = "v 99999999999 0\n";
  assert_int_equal(gc_model_read(huge, strlen(huge), "m", &sat, &val, &nv, &e), -1);
  assert_int_equal(e.code, GC_E_RANGE);
}

static void test_decode_checks(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle(puzzle4, NULL);
  gc_result res;
  tu_solve(pz, GC_MODE_FIRST, &res);
  gc_cnf c;
  gc_memsink mem;
  gc_error e;
  assert_int_equal(gc_encode_memory(pz, NULL, &c, &mem, &e), 0);
  /* A model built from the solution's cell literals alone decodes. */
  signed char *val = calloc((size_t)c.nvars + 1, 1);
  for (int r = 0; r < 4; r++)
    for (int col = 0; col < 4; col++)
      for (int v = 1; v <= 4; v++)
        val[1 + (r * 4 + col) * 4 + v - 1] = res.first.cell[r * 4 + col] == v ? 1 : -1;
  gc_grid g;
  assert_int_equal(gc_decode(pz, NULL, val, c.nvars, &g, &e), 0);
  assert_true(gc_grid_equal(&g, &res.first));
  gc_grid_free(&g);
  /* Two cells swapped: decoded, then refused by the checker. */
  int a = res.first.cell[0], b = res.first.cell[1];
  val[1 + a - 1] = -1, val[1 + b - 1] = 1;
  val[1 + 4 + b - 1] = -1, val[1 + 4 + a - 1] = 1;
  assert_int_equal(gc_decode(pz, NULL, val, c.nvars, &g, &e), -1);
  assert_int_equal(e.code, GC_E_CONTRADICTION);
  assert_non_null(strstr(e.message, "not a solution"));
  /* A cell with two values, and a model of the wrong size. */
  val[1 + a - 1] = 1;
  assert_int_equal(gc_decode(pz, NULL, val, c.nvars, &g, &e), -1);
  assert_non_null(strstr(e.message, "both"));
  assert_int_equal(gc_decode(pz, NULL, val, c.nvars + 5, &g, &e), -1);
  assert_non_null(strstr(e.message, "another puzzle"));
  assert_int_equal(gc_decode(pz, NULL, val, 10, &g, &e), -1);
  assert_non_null(strstr(e.message, "stops at variable 10"));
  free(val);
  gc_cnf_release(&c);
  gc_memsink_free(&mem);
  gc_result_free(&res);
  gc_puzzle_free(pz);
}

/* "c p show" lists the answer-key (cell) variables, before "p cnf". */
static void check_show(const char *text, int first, int count) {
  const char *p = strstr(text, "\nc p show ");
  assert_non_null(p);
  assert_true(p < strstr(text, "\np cnf "));
  p += strlen("\nc p show ");
  int want = first, v, off;
  while (sscanf(p, "%d%n", &v, &off) == 1 && v != 0) {
    assert_int_equal(v, want);
    want++;
    p += off;
  }
  assert_int_equal(v, 0);
  assert_int_equal(want - first, count);
  assert_null(strstr(p, "c p show")); /* one line only */
}

static void test_projection_comment(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle(puzzle4, NULL);
  char *text;
  size_t len;
  gc_error e;
  assert_int_equal(gc_dimacs(pz, NULL, NULL, &text, &len, &e), 0);
  check_show(text, 1, 4 * 4 * 4);
  free(text);
  gc_result res;
  tu_solve(pz, GC_MODE_FIRST, &res);
  assert_int_equal(gc_dimacs(pz, NULL, &res.first, &text, &len, &e), 0);
  check_show(text, 1, 4 * 4 * 4);
  free(text);
  gc_result_free(&res);
  gc_puzzle_free(pz);
  /* Star Battle: one variable per cell, auxiliaries not shown */
  pz = tu_puzzle("starbattle\nAAB\nACB\nCCB\n", NULL);
  gc_options opt;
  gc_options_default(&opt);
  opt.sb_window = 1;
  assert_int_equal(gc_dimacs(pz, &opt, NULL, &text, &len, &e), 0);
  check_show(text, 1, 9);
  int nv;
  assert_int_equal(sscanf(strstr(text, "\np cnf ") + 1, "p cnf %d", &nv), 1);
  assert_true(nv > 9);
  free(text);
  gc_puzzle_free(pz);
  /* Futoshiki */
  pz = tu_puzzle("futoshiki\n0<0 0\n0 0 0\n0 0 0\n", NULL);
  assert_int_equal(gc_dimacs(pz, NULL, NULL, &text, &len, &e), 0);
  check_show(text, 1, 27);
  free(text);
  gc_puzzle_free(pz);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_round_trip),
      cmocka_unit_test(test_block_solution_clause),
      cmocka_unit_test(test_model_reader),
      cmocka_unit_test(test_decode_checks),
      cmocka_unit_test(test_projection_comment),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
