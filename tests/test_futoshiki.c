/*
 * test_futoshiki.c: the Futoshiki genre.  The '<' support clauses against
 * brute force and against arc consistency, the checker, the text notation
 * (the seed-002 samples, n >= 10, golden errors with positions), JSON
 * errors, unsolvable inputs, and the whole corpus.  The corpus group runs
 * last and makes the test exit 77 (skipped) when ../shared is not there.
 */
#include "testutil.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encoder/card.h"
#include "encoder/order.h"

static char *cnf_body(const gc_puzzle *pz);


/*------------------------------------------------------------------------*/
/* The support clauses of one a < b                                        */

/* Two one-hot cells a (vars 1..n) and b (vars n+1..2n) with exactly one
   value each and a < b; returns the clause count of the '<' alone. */
static long pair_cnf(int n, gc_memsink *mem, gc_cnf *cnf) {
  memset(mem, 0, sizeof *mem);
  gc_cnf_init(cnf, gc_sink_memory(mem), NULL);
  int a0 = gc_cnf_block(cnf, "a", "value-1", 1, 1, n);
  int b0 = gc_cnf_block(cnf, "b", "value-1", 1, 1, n);
  int a[32], b[32];
  for (int v = 0; v < n; v++)
    a[v] = a0 + v, b[v] = b0 + v;
  gc_enc_exactly_one(cnf, a, (size_t)n);
  gc_enc_exactly_one(cnf, b, (size_t)n);
  long before = cnf->nclauses;
  gc_enc_less_support(cnf, a, b, n);
  assert_int_equal(gc_cnf_status(cnf), 0);
  return cnf->nclauses - before;
}

static void test_support_brute_force(void **state) {
  (void)state;
  for (int n = 1; n <= 5; n++) {
    gc_memsink mem;
    gc_cnf cnf;
    assert_int_equal(pair_cnf(n, &mem, &cnf), 2 * n);
    for (int i = 1; i <= n; i++)
      for (int j = 1; j <= n; j++) {
        int as[2] = {i, n + j};
        assert_int_equal(tu_sat_under(&mem, cnf.nvars, as, 2), i < j);
      }
    /* The models projected on the 2n cell literals: the pairs i < j. */
    assert_int_equal(tu_count_projected(&mem, cnf.nvars, 2 * n),
                     n * (n - 1) / 2);
    gc_memsink_free(&mem);
    gc_cnf_release(&cnf);
  }
}

/* Unit propagation over a memory CNF: val[1..nvars] in {-1, 0, 1}, updated
   in place.  Returns 0, or -1 on a conflict. */
static int unit_propagate(const gc_memsink *m, signed char *val) {
  for (int changed = 1; changed;) {
    changed = 0;
    size_t start = 0;
    for (size_t i = 0; i < m->len; i++) {
      if (m->lits[i])
        continue;
      int open = 0, unit = 0, sat = 0;
      for (size_t k = start; k < i && !sat; k++) {
        int l = m->lits[k], x = l > 0 ? l : -l;
        int v = val[x] * (l > 0 ? 1 : -1);
        if (v > 0)
          sat = 1;
        else if (v == 0)
          open++, unit = l;
      }
      start = i + 1;
      if (sat)
        continue;
      if (open == 0)
        return -1;
      if (open == 1) {
        val[unit > 0 ? unit : -unit] = unit > 0 ? 1 : -1;
        changed = 1;
      }
    }
  }
  return 0;
}

/* Arc consistency of a < b on domains given as bit masks (bit v-1 = v). */
static void arc_consistency(int n, unsigned *da, unsigned *db) {
  for (int changed = 1; changed;) {
    changed = 0;
    for (int v = 1; v <= n; v++) {
      if ((*da >> (v - 1)) & 1 && !(*db >> v)) { /* no w > v in db */
        *da &= ~(1u << (v - 1));
        changed = 1;
      }
      if ((*db >> (v - 1)) & 1 && !(*da & ((1u << (v - 1)) - 1))) {
        *db &= ~(1u << (v - 1));
        changed = 1;
      }
    }
  }
}

static void test_support_is_arc_consistent(void **state) {
  (void)state;
  for (int n = 1; n <= 6; n++) {
    gc_memsink mem;
    gc_cnf cnf;
    pair_cnf(n, &mem, &cnf);
    unsigned full = (1u << n) - 1;
    for (unsigned da0 = 1; da0 <= full; da0++)
      for (unsigned db0 = 1; db0 <= full; db0++) {
        signed char val[2 * 32 + 1] = {0};
        for (int v = 1; v <= n; v++) {
          if (!((da0 >> (v - 1)) & 1))
            val[v] = -1;
          if (!((db0 >> (v - 1)) & 1))
            val[n + v] = -1;
        }
        unsigned da = da0, db = db0;
        arc_consistency(n, &da, &db);
        int conflict = unit_propagate(&mem, val) != 0;
        if (!da || !db) {
          assert_true(conflict);
          continue;
        }
        assert_false(conflict);
        for (int v = 1; v <= n; v++) {
          assert_int_equal(val[v] >= 0, (da >> (v - 1)) & 1);
          assert_int_equal(val[n + v] >= 0, (db >> (v - 1)) & 1);
        }
      }
    gc_memsink_free(&mem);
    gc_cnf_release(&cnf);
  }
}

/*------------------------------------------------------------------------*/
/* The 7x7 sample of seed 002                                              */

static const char sample7[] = "0 3 0>0 0 5 0\n"
                              "        v   ^\n"
                              "0 0 0 0 0 0 0\n"
                              "  ^\n"
                              "4 5 0>0 0 2 7\n"
                              "      v\n"
                              "0 0 0 0 0 0 0\n"
                              "    v       v\n"
                              "2 6 0 0 0 1 3\n"
                              "            ^\n"
                              "0 0 0 0 0 0 0\n"
                              "\n"
                              "0 2 0 0<0 3<0\n";

static const int sol7[49] = {7, 3, 4, 2, 6, 5, 1, 6, 1, 3, 4, 5, 7, 2, 4, 5, 6,
                             3, 1, 2, 7, 3, 4, 7, 1, 2, 6, 5, 2, 6, 5, 7, 4, 1,
                             3, 1, 7, 2, 5, 3, 4, 6, 5, 2, 1, 6, 7, 3, 4};

static char *with_header(const char *body) {
  size_t len = strlen(body);
  char *s = malloc(len + 16);
  assert_non_null(s);
  snprintf(s, len + 16, "futoshiki\n%s", body);
  return s;
}

static void test_text_7x7(void **state) {
  (void)state;
  char *text = with_header(sample7);
  gc_puzzle *pz = tu_puzzle(text, NULL);
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "futoshiki");
  assert_int_equal(gc_puzzle_n(pz), 7);
  /* Render without a grid reproduces the notation exactly. */
  char *r = gc_render_text(pz, NULL);
  assert_string_equal(r, text);
  free(r);
  gc_result res;
  tu_solve(pz, GC_MODE_UNIQUE, &res);
  assert_int_equal(res.status, GC_STATUS_UNIQUE);
  assert_memory_equal(res.first.cell, sol7, sizeof sol7);
  /* The solved grid renders with the same signs and reads back. */
  r = gc_render_text(pz, &res.first);
  assert_string_equal(r, "futoshiki\n"
                         "7 3 4>2 6 5 1\n"
                         "        v   ^\n"
                         "6 1 3 4 5 7 2\n"
                         "  ^\n"
                         "4 5 6>3 1 2 7\n"
                         "      v\n"
                         "3 4 7 1 2 6 5\n"
                         "    v       v\n"
                         "2 6 5 7 4 1 3\n"
                         "            ^\n"
                         "1 7 2 5 3 4 6\n"
                         "\n"
                         "5 2 1 6<7 3<4\n");
  gc_puzzle *full = tu_puzzle(r, NULL);
  gc_result res2;
  tu_solve(full, GC_MODE_UNIQUE, &res2);
  assert_int_equal(res2.status, GC_STATUS_UNIQUE);
  assert_true(gc_grid_equal(&res.first, &res2.first));
  gc_result_free(&res2);
  gc_puzzle_free(full);
  free(r);
  gc_result_free(&res);
  gc_puzzle_free(pz);
  /* Without the header the signs tell the genre. */
  pz = tu_puzzle(sample7, NULL);
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "futoshiki");
  gc_puzzle_free(pz);
  /* With the size on the header, and through an alias. */
  free(text);
  text = malloc(sizeof sample7 + 16);
  snprintf(text, sizeof sample7 + 16, "unequal 7\n%s", sample7);
  pz = tu_puzzle(text, NULL);
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "futoshiki");
  gc_puzzle_free(pz);
  free(text);
  assert_ptr_equal(gc_genre_find("Inequality"), gc_genre_find("futoshiki"));
}

static void test_plain_grid_needs_header(void **state) {
  (void)state;
  const char *plain = "1 0 0\n0 0 0\n0 0 0\n";
  /* Digits alone are Skyscrapers' notation to the sniffer. */
  gc_read_options ro = {NULL, NULL};
  gc_error e;
  gc_reader *rd = gc_reader_new(plain, strlen(plain), "t", &ro, &e);
  gc_puzzle *pz = NULL;
  int r = gc_reader_next(rd, &pz, &e);
  if (r == GC_READ_PUZZLE) {
    assert_string_not_equal(gc_genre_name(gc_puzzle_genre(pz)), "futoshiki");
    gc_puzzle_free(pz);
  }
  gc_reader_free(rd);
  pz = tu_puzzle(plain, "futoshiki");
  assert_int_equal(gc_puzzle_n(pz), 3);
  gc_result res;
  tu_solve(pz, GC_MODE_UNIQUE, &res);
  assert_int_equal(res.status, GC_STATUS_MULTIPLE);
  gc_result_free(&res);
  gc_puzzle_free(pz);
  pz = tu_puzzle("futoshiki\n1 0 0\n\n0 0 0\n\n0 0 0\n", NULL);
  assert_int_equal(gc_puzzle_n(pz), 3);
  gc_puzzle_free(pz);
  /* '.' is an empty cell too. */
  pz = tu_puzzle("futoshiki\n1 . .\n. . .\n. .<.\n", NULL);
  char *out = gc_render_text(pz, NULL);
  /* without vertical signs, the rows follow one another */
  assert_string_equal(out, "futoshiki\n1 0 0\n0 0 0\n0 0<0\n");
  free(out);
  gc_puzzle_free(pz);
}

/*------------------------------------------------------------------------*/
/* The checker                                                             */

static gc_grid grid_of(int n, const int *cells) {
  gc_grid g;
  assert_int_equal(gc_grid_init(&g, n), 0);
  memcpy(g.cell, cells, (size_t)n * (size_t)n * sizeof(int));
  return g;
}

/* Every change of one cell of a solution to another value (0 and n+1
   included) must fail the checker. */
static void single_cell_changes(const gc_puzzle *pz, const gc_grid *sol) {
  char why[256];
  assert_true(gc_check(pz, sol, why, sizeof why));
  int n = sol->n;
  gc_grid g = grid_of(n, sol->cell);
  for (int i = 0; i < n * n; i++) {
    int keep = g.cell[i];
    for (int v = 0; v <= n + 1; v++) {
      if (v == keep)
        continue;
      g.cell[i] = v;
      why[0] = 0;
      assert_false(gc_check(pz, &g, why, sizeof why));
      assert_true(why[0] != 0);
    }
    g.cell[i] = keep;
  }
  gc_grid_free(&g);
}

static void expect_verdict(const gc_puzzle *pz, int n, const int *cells,
                           const char *msg) {
  gc_grid g = grid_of(n, cells);
  char why[256] = "";
  assert_int_equal(gc_check(pz, &g, why, sizeof why), msg == NULL);
  if (msg)
    assert_string_equal(why, msg);
  gc_grid_free(&g);
}

static void test_checker(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle(sample7, "futoshiki");
  gc_grid sol = grid_of(7, sol7);
  single_cell_changes(pz, &sol);
  gc_grid_free(&sol);
  gc_puzzle_free(pz);

  pz = tu_puzzle("futoshiki\n0>0\nv ^\n0<0\n", NULL);
  expect_verdict(pz, 2, (int[]){2, 1, 1, 2}, NULL);
  expect_verdict(pz, 2, (int[]){1, 2, 2, 1}, "r1c2 < r1c1 is violated (2 > 1)");
  expect_verdict(pz, 2, (int[]){0, 1, 1, 2}, "r1c1 holds 0, not a digit 1..2");
  expect_verdict(pz, 2, (int[]){2, 1, 1, 3}, "r2c2 holds 3, not a digit 1..2");
  expect_verdict(pz, 2, (int[]){2, 2, 1, 1},
                 "row 1 repeats 2 (columns 1 and 2)");
  gc_puzzle_free(pz);

  gc_error e;
  assert_int_equal(
      tu_read_error("futoshiki\n0 0 0 0\n0 5 0 0\n0 0 0 0\n0 0 0 0\n", NULL,
                    &e),
      GC_E_RANGE);
  pz = tu_puzzle("futoshiki\n0 0 0 0\n0 3 0 0\n0 0 0 0\n0 0 0 0\n", NULL);
  expect_verdict(pz, 4, (int[]){1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1},
                 "r2c2 holds 1 but 3 is given there");
  expect_verdict(pz, 4, (int[]){1, 2, 3, 4, 1, 3, 4, 2, 3, 4, 1, 2, 4, 3, 2, 1},
                 "column 1 repeats 1 (rows 1 and 2)");
  gc_puzzle_free(pz);
  /* The 0-based cell ids of the corpus show 1-based in messages. */
  pz = tu_puzzle("{\"genre\":\"futoshiki\",\"n\":9,\"lt\":[[2,8,2,7]]}", NULL);
  int g9[81];
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      g9[r * 9 + c] = (r + c) % 9 + 1;
  static const int row3[9] = {1, 5, 2, 3, 4, 6, 5, 7, 8};
  memcpy(g9 + 2 * 9, row3, sizeof row3);
  expect_verdict(pz, 9, g9, "row 3 repeats 5 (columns 2 and 7)");
  for (int r = 0; r < 9; r++)
    for (int c = 0; c < 9; c++)
      g9[r * 9 + c] = (r + c) % 9 + 1;
  expect_verdict(pz, 9, g9, "r3c9 < r3c8 is violated (2 > 1)");
  gc_puzzle_free(pz);
}

/*------------------------------------------------------------------------*/
/* Text errors                                                             */

static void expect_text_error(const char *text, const char *genre, gc_code code,
                              long line, long col, const char *words) {
  gc_error e;
  gc_code got = tu_read_error(text, genre, &e);
  char buf[600];
  gc_error_format(&e, buf, sizeof buf);
  if (got != code || e.line != line || e.column != col ||
      (words && !strstr(e.message, words)))
    fail_msg("for %s\nexpected %s at %ld:%ld (\"%s\"), got %s: %s", text,
             gc_code_name(code), line, col, words ? words : "",
             gc_code_name(got), buf);
}

static void test_text_errors(void **state) {
  (void)state;
  const char *F = "futoshiki";
  /* The seed's last sample, cut off mid-grid: never a smaller puzzle. */
  const char *cut = "0 0 0<0 0\n\n0 0 0 0 0\n^\n0 0";
  expect_text_error(cut, F, GC_E_SHAPE, 5, 4, "row 3 has 2 cells, expected 5");
  expect_text_error(cut, NULL, GC_E_SHAPE, 5, 4, "row 3 has 2 cells");
  expect_text_error("0 0 0<0 0\n\n0 0 0 0 0\n^\n", NULL, GC_E_SHAPE, 4, 2,
                    "stops after 2 rows");
  expect_text_error("0<0 0\n0 0 0\n", F, GC_E_SHAPE, 2, 6,
                    "stops after 2 rows");
  expect_text_error("0<0 0\n", F, GC_E_SHAPE, 1, 6, "stops after 1 row ");
  /* Signs in the wrong place. */
  expect_text_error("0<0\n ^\n0 0\n", F, GC_E_SHAPE, 2, 2, "not under a cell");
  expect_text_error("0<0\n    ^\n0 0\n", F, GC_E_SHAPE, 2, 5,
                    "not under a cell");
  expect_text_error("  ^\n0<0\n0 0\n", F, GC_E_SHAPE, 1, 3,
                    "before the first row");
  expect_text_error("0<0\n0 0\n^\n", F, GC_E_SHAPE, 3, 1, "below the last row");
  expect_text_error("0<0\n^\nv\n0 0\n", F, GC_E_SHAPE, 3, 1,
                    "second line of signs");
  expect_text_error("0<0\n^\n\nv\n0 0\n", F, GC_E_SHAPE, 4, 1,
                    "second line of signs");
  expect_text_error("<0 0\n0 0\n", F, GC_E_SHAPE, 1, 1,
                    "before the first cell");
  expect_text_error("0 0<\n0 0\n", F, GC_E_SHAPE, 1, 4, "after the last cell");
  expect_text_error("0 <0\n0>0\n0 0 >\n", F, GC_E_SHAPE, 3, 5,
                    "after the last cell");
  expect_text_error("0<>0\n0 0\n", F, GC_E_SYNTAX, 1, 3, "second sign");
  expect_text_error("0 < > 0\n0 0\n", F, GC_E_SYNTAX, 1, 5, "second sign");
  /* Stray characters. */
  expect_text_error("0<0\n0 x\n", F, GC_E_SYNTAX, 2, 3,
                    "unexpected 'x' in a row");
  expect_text_error("0<0\n^ x\n0 0\n", F, GC_E_SYNTAX, 2, 3,
                    "unexpected 'x' in a line of signs");
  expect_text_error("0<0\n\t^\n0 0\n", F, GC_E_SYNTAX, 2, 1, "tab");
  expect_text_error("0 0.\n0 0\n", F, GC_E_SYNTAX, 1, 4, "runs into");
  expect_text_error("0<0\n0=0\n", F, GC_E_SYNTAX, 2, 2, "unexpected '='");
  /* Rows of different lengths, too many rows. */
  expect_text_error("0 0\n0 0 0\n", F, GC_E_SHAPE, 2, 5,
                    "row 2 has 3 cells, expected 2");
  expect_text_error("0<0\n0 0\n0 0\n", F, GC_E_SHAPE, 3, 1, "one too many");
  /* Values. */
  expect_text_error("0<3\n0 0\n", F, GC_E_RANGE, 1, 3,
                    "digit 3 is out of range 0..2");
  expect_text_error("0 0 0\n0 0 0\n0 0 10\n", F, GC_E_RANGE, 3, 5, "digit 10");
  expect_text_error("1 0\n1 0\n", F, GC_E_CONTRADICTION, 2, 1,
                    "1 is given twice in column 1 (r1c1 and r2c1)");
  expect_text_error("0 2 0\n0 0 0\n3<0 3\n", F, GC_E_CONTRADICTION, 3, 5,
                    "3 is given twice in row 3 (r3c1 and r3c3)");
  /* Header. */
  expect_text_error("futoshiki big\n0<0\n0 0\n", NULL, GC_E_SYNTAX, 1, 11,
                    NULL);
  expect_text_error("futoshiki 2 x\n0<0\n0 0\n", NULL, GC_E_SYNTAX, 1, 13,
                    NULL);
  expect_text_error("futoshiki 3\n0<0\n0 0\n", NULL, GC_E_SHAPE, 2, 1,
                    "header says 3 x 3");
  expect_text_error("futoshiki\n", NULL, GC_E_SHAPE, 1, 1, "needs a grid");
  /* Too large, and two signs under one two-digit cell. */
  char big[200] = "";
  for (int i = 0; i < 33; i++)
    strcat(big, i ? " 0" : "0");
  strcat(big, "\n");
  expect_text_error(big, F, GC_E_TOO_LARGE, 1, 65, "more than 32 cells");
  char ten[400] = "10";
  for (int c = 1; c < 10; c++)
    strcat(ten, " 0");
  strcat(ten, "\n^^\n");
  for (int r = 1; r < 10; r++) {
    for (int c = 0; c < 10; c++)
      strcat(ten, c ? " 0" : "0");
    strcat(ten, "\n");
  }
  expect_text_error(ten, F, GC_E_SYNTAX, 2, 2, "second sign under r1c1");
}

/* n >= 10: two-character numbers, signs under either digit, and the
   renderer's right-aligned columns read back. */
static void test_text_two_digit(void **state) {
  (void)state;
  /* r1c1 = 10 > r1c2; 'v' under the '0' of "10": r1c1 > r2c1; 'v' under
     r1c2: r1c2 > r2c2. */
  char text[2000] = "futoshiki\n10>0 0 0 0 0 0 0 0 0\n v v\n";
  for (int r = 1; r < 10; r++) {
    for (int c = 0; c < 10; c++)
      strcat(text, c ? " 0" : "0");
    strcat(text, "\n");
  }
  gc_puzzle *pz = tu_puzzle(text, NULL);
  assert_int_equal(gc_puzzle_n(pz), 10);
  char *out = gc_render_text(pz, NULL);
  /* Right-aligned columns: each sign under the last digit of its cell. */
  assert_memory_equal(
      out, "futoshiki\n10> 0  0  0  0  0  0  0  0  0\n v  v\n",
      strlen("futoshiki\n10> 0  0  0  0  0  0  0  0  0\n v  v\n"));
  gc_puzzle *back = tu_puzzle(out, NULL);
  char *out2 = gc_render_text(back, NULL);
  assert_string_equal(out, out2);
  char *c1 = cnf_body(pz), *c2 = cnf_body(back);
  assert_string_equal(c1, c2);
  free(c1);
  free(c2);
  gc_result res;
  tu_solve(back, GC_MODE_FIRST, &res);
  assert_int_equal(res.status, GC_STATUS_SOLVED);
  char why[256];
  assert_true(gc_check(pz, &res.first, why, sizeof why));
  assert_true(res.first.cell[1] > res.first.cell[11]);
  assert_true(res.first.cell[0] > res.first.cell[10]);
  /* The solved grid renders and reads back as a full grid. */
  char *solved = gc_render_text(pz, &res.first);
  gc_puzzle *full = tu_puzzle(solved, NULL);
  gc_result res2;
  tu_solve(full, GC_MODE_UNIQUE, &res2);
  assert_int_equal(res2.status, GC_STATUS_UNIQUE);
  assert_true(gc_grid_equal(&res.first, &res2.first));
  gc_result_free(&res2);
  gc_puzzle_free(full);
  free(solved);
  gc_result_free(&res);
  free(out2);
  free(out);
  gc_puzzle_free(back);
  gc_puzzle_free(pz);
}

/*------------------------------------------------------------------------*/
/* JSON                                                                    */

static void expect_json_error(const char *text, gc_code code, const char *path,
                              long col, const char *words) {
  gc_error e;
  gc_code got = tu_read_error(text, NULL, &e);
  char buf[600];
  gc_error_format(&e, buf, sizeof buf);
  if (got != code || strcmp(e.path, path) || e.line != 1 || e.column != col ||
      (words && !strstr(e.message, words)))
    fail_msg("for %s\nexpected %s at 1:%ld (%s) \"%s\", got %s: %s", text,
             gc_code_name(code), col, path, words ? words : "",
             gc_code_name(got), buf);
}

static void test_json(void **state) {
  (void)state;
  /*          1         2         3         4         5         6
     1234567890123456789012345678901234567890123456789012345678901234567 */
  expect_json_error(
      "{\"genre\":\"futoshiki\",\"givens\":[[0,0],[0,0]],\"lt\":[[0,0,0,2]]}",
      GC_E_RANGE, "lt[0][3]", 58, "column 2 is out of range 0..1");
  expect_json_error(
      "{\"genre\":\"futoshiki\",\"givens\":[[0,0],[0,0]],\"lt\":[[0,-1,0,0]]}",
      GC_E_RANGE, "lt[0][1]", 54, "column -1");
  expect_json_error(
      "{\"genre\":\"futoshiki\",\"givens\":[[0,0],[0,0]],\"lt\":[[0,0,1,1]]}",
      GC_E_SHAPE, "lt[0]", 51, "not orthogonal neighbours");
  expect_json_error(
      "{\"genre\":\"futoshiki\",\"givens\":[[0,0],[0,0]],\"lt\":[[1,1,1,1]]}",
      GC_E_SHAPE, "lt[0]", 51, "r2c2 < r2c2");
  expect_json_error(
      "{\"genre\":\"futoshiki\",\"n\":3,\"lt\":[[0,0,0,1],[0,0,0]]}",
      GC_E_SHAPE, "lt[1]", 44, "expected 4 integers");
  expect_json_error("{\"genre\":\"futoshiki\",\"n\":3,\"lt\":[[0,0,\"a\",1]]}",
                    GC_E_SYNTAX, "lt[0][2]", 39, "expected an integer row");
  expect_json_error("{\"genre\":\"futoshiki\",\"n\":3,\"lt\":{}}", GC_E_SHAPE,
                    "lt", 33, "expected an array");
  expect_json_error("{\"genre\":\"futoshiki\",\"givens\":[[1,0],[1,0]]}",
                    GC_E_CONTRADICTION, "givens[1][0]", 39,
                    "1 is given twice in column 1 (r1c1 and r2c1)");
}

static void test_json_ok(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle(
      "{\"genre\":\"unequal\",\"n\":3,\"lt\":[[0,1,0,0],[0,1,0,0],[2,2,1,2]]}",
      NULL);
  assert_int_equal(gc_puzzle_n(pz), 3);
  char *r = gc_render_text(pz, NULL);
  assert_string_equal(r, "futoshiki\n0>0 0\n\n0 0 0\n    v\n0 0 0\n");
  free(r);
  gc_puzzle_free(pz);
  /* Signs both ways between two cells (no solution) cannot be drawn as
     one sign: the second one goes on an "also" line, which reads back
     (found by fuzzing: it used to be a comment, and the sign was lost). */
  pz = tu_puzzle("{\"genre\":\"futoshiki\",\"n\":3,\"lt\":[[0,0,0,1],[0,1,0,0],"
                 "[1,2,2,2],[2,2,1,2]]}",
                 NULL);
  r = gc_render_text(pz, NULL);
  assert_string_equal(r, "futoshiki\n0<0 0\n\n0 0 0\n    ^\n0 0 0\n"
                         "also r1c2 < r1c1  # both ways: no solution\n"
                         "also r3c3 < r2c3  # both ways: no solution\n");
  gc_puzzle *back = tu_puzzle(r, NULL);
  char *r2 = gc_render_text(back, NULL);
  assert_string_equal(r, r2);
  char *c1 = cnf_body(pz), *c2 = cnf_body(back);
  assert_string_equal(c1, c2);
  free(c1);
  free(c2);
  free(r2);
  gc_puzzle_free(back);
  free(r);
  gc_puzzle_free(pz);
  /* The fuzzer's input: a < b and b < a in a 4x4. */
  pz = tu_puzzle("{\"genre\":\"futoshiki\",\"n\":4,\"lt\":[[0,0,0,1],[0,1,0,0]]}",
                 NULL);
  r = gc_render_text(pz, NULL);
  back = tu_puzzle(r, NULL);
  r2 = gc_render_text(back, NULL);
  assert_string_equal(r, r2);
  free(r2);
  gc_puzzle_free(back);
  free(r);
  gc_puzzle_free(pz);
  /* "also" lines: spacing is free; they follow the last row only. */
  pz = tu_puzzle("futoshiki\n0>0\n\n0 0\n  also   r1c1<r1c2\n", NULL);
  r = gc_render_text(pz, NULL);
  assert_string_equal(r, "futoshiki\n0<0\n0 0\n"
                         "also r1c2 < r1c1  # both ways: no solution\n");
  free(r);
  gc_puzzle_free(pz);
  static const struct {
    const char *text;
    gc_code code;
    long line, col;
    const char *words;
  } bad[] = {
      {"futoshiki\nalso r1c1 < r1c2\n0 0\n0 0\n", GC_E_SHAPE, 2, 1,
       "before the grid"},
      {"futoshiki\n0 0\nalso r1c1 < r1c2\n0 0\n", GC_E_SHAPE, 3, 1,
       "inside the grid"},
      {"futoshiki\n0 0\n0 0\nalso r1c1 < r1c2\n0 0\n", GC_E_SHAPE, 5, 1,
       "after an 'also' line"},
      {"futoshiki\n0 0\n0 0\nalso r1c1 < r3c1\n", GC_E_RANGE, 4, 13,
       "r3c1 is outside the 2 x 2 grid"},
      {"futoshiki\n0 0\n0 0\nalso r1c1 < r2c2\n", GC_E_SHAPE, 4, 6,
       "not orthogonal neighbours"},
      {"futoshiki\n0 0\n0 0\nalso r1c1 > r1c2\n", GC_E_SYNTAX, 4, 11,
       "expected 'also rAcB < rCcD'"},
      {"futoshiki\n0 0\n0 0\nalso r1c1 < r1c2 x\n", GC_E_SYNTAX, 4, 18,
       "expected 'also"},
      {"futoshiki\n0 0\n0 0\nalso\n", GC_E_SYNTAX, 4, 5, "expected 'also"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    gc_error e;
    gc_code got = tu_read_error(bad[i].text, NULL, &e);
    if (got != bad[i].code || e.line != bad[i].line || e.column != bad[i].col ||
        !strstr(e.message, bad[i].words))
      fail_msg("%s: got %s at %ld:%ld: %s", bad[i].text, gc_code_name(got),
               e.line, e.column, e.message);
  }
}

/*------------------------------------------------------------------------*/
/* Unsolvable is not an error, and unit propagation alone refutes it.      */

static void expect_none(const char *json) {
  gc_puzzle *pz = tu_puzzle(json, NULL);
  gc_result res;
  tu_solve(pz, GC_MODE_UNIQUE, &res);
  assert_int_equal(res.status, GC_STATUS_NONE);
  gc_result_free(&res);
  gc_cnf cnf;
  gc_memsink mem;
  tu_encode(pz, NULL, &cnf, &mem);
  signed char *val = calloc((size_t)cnf.nvars + 1, 1);
  assert_int_equal(unit_propagate(&mem, val), -1);
  free(val);
  gc_memsink_free(&mem);
  gc_cnf_release(&cnf);
  gc_puzzle_free(pz);
}

static void test_unsolvable(void **state) {
  (void)state;
  /* a < b and b < a */
  expect_none("{\"genre\":\"futoshiki\",\"n\":4,\"lt\":[[0,0,0,1],[0,1,0,0]]}");
  /* a cycle around a 2x2 block */
  expect_none("{\"genre\":\"futoshiki\",\"n\":3,"
              "\"lt\":[[0,0,0,1],[0,1,1,1],[1,1,1,0],[1,0,0,0]]}");
  /* a cycle of 8 around a 3x3 block of a 9x9 */
  expect_none("{\"genre\":\"futoshiki\",\"n\":9,\"lt\":[[3,3,3,4],[3,4,3,5],"
              "[3,5,4,5],[4,5,5,5],[5,5,5,4],[5,4,5,3],[5,3,4,3],[4,3,3,3]]}");
  /* a given that breaks a sign */
  expect_none("{\"genre\":\"futoshiki\",\"givens\":[[3,0,0],[0,0,0],[0,0,0]],"
              "\"lt\":[[0,0,0,1]]}");
  /* in text: a < b while b = 1 */
  gc_puzzle *pz = tu_puzzle("futoshiki\n0<1 0\n\n0 0 0\n\n0 0 0\n", NULL);
  gc_result res;
  tu_solve(pz, GC_MODE_UNIQUE, &res);
  assert_int_equal(res.status, GC_STATUS_NONE);
  gc_result_free(&res);
  gc_puzzle_free(pz);
}

/*------------------------------------------------------------------------*/
/* The corpus                                                              */

typedef struct record {
  json_t *rec;
  char *line;
} record;

static record *corpus;
static size_t ncorpus;

static void load_corpus(const char *path) {
  char *data;
  size_t len;
  gc_error e;
  assert_int_equal(gc_read_file(path, &data, &len, 0, &e), 0);
  size_t cap = 256;
  corpus = calloc(cap, sizeof *corpus);
  for (char *p = data; p < data + len;) {
    char *nl = memchr(p, '\n', (size_t)(data + len - p));
    size_t l = nl ? (size_t)(nl - p) : (size_t)(data + len - p);
    if (l > 0) {
      if (ncorpus == cap)
        corpus = realloc(corpus, (cap *= 2) * sizeof *corpus);
      record *r = &corpus[ncorpus++];
      r->line = strndup(p, l);
      json_error_t je;
      r->rec = json_loads(r->line, 0, &je);
      assert_non_null(r->rec);
    }
    p += l + 1;
  }
  free(data);
}

static const char *rec_id(const record *r) {
  return json_string_value(json_object_get(r->rec, "id"));
}

static void test_corpus_solves(void **state) {
  (void)state;
  assert_int_equal(ncorpus, 191);
  for (size_t i = 0; i < ncorpus; i++) {
    gc_puzzle *pz = tu_puzzle(corpus[i].line, NULL);
    const gc_grid *known = gc_puzzle_known(pz);
    assert_non_null(known);
    gc_result res;
    tu_solve(pz, GC_MODE_UNIQUE, &res);
    char why[256];
    if (json_is_true(json_object_get(corpus[i].rec, "unique"))) {
      if (res.status != GC_STATUS_UNIQUE)
        fail_msg("%s: %s, expected unique", rec_id(&corpus[i]),
                 gc_status_name(res.status));
      assert_true(gc_grid_equal(&res.first, known));
    } else {
      if (res.status != GC_STATUS_MULTIPLE)
        fail_msg("%s: %s, expected multiple", rec_id(&corpus[i]),
                 gc_status_name(res.status));
      assert_true(gc_check(pz, &res.second, why, sizeof why));
      assert_false(gc_grid_equal(&res.first, &res.second));
      assert_true(gc_check(pz, known, why, sizeof why));
    }
    single_cell_changes(pz, known);
    gc_result_free(&res);
    gc_puzzle_free(pz);
  }
}

static void test_corpus_count(void **state) {
  (void)state;
  size_t i = 0;
  while (i < ncorpus && strcmp(rec_id(&corpus[i]), "seed-002-sample-06-5x5"))
    i++;
  assert_true(i < ncorpus);
  gc_puzzle *pz = tu_puzzle(corpus[i].line, NULL);
  gc_limits lim = {.mode = GC_MODE_COUNT, .count = 100};
  gc_result res;
  gc_error e;
  assert_int_equal(gc_solve(pz, NULL, &lim, &res, &e), 0);
  assert_int_equal(res.count, 39);
  assert_int_equal(res.complete, 1);
  gc_result_free(&res);
  /* A cap below the count stops short and says so. */
  lim.count = 10;
  assert_int_equal(gc_solve(pz, NULL, &lim, &res, &e), 0);
  assert_int_equal(res.count, 10);
  assert_int_equal(res.complete, 0);
  gc_result_free(&res);
  gc_puzzle_free(pz);
}

/* The CNF without its comment lines (which hold the id). */
static char *cnf_body(const gc_puzzle *pz) {
  char *text;
  size_t len;
  gc_error e;
  assert_int_equal(gc_dimacs(pz, NULL, NULL, &text, &len, &e), 0);
  char *p = strstr(text, "p cnf ");
  assert_non_null(p);
  char *body = strdup(p);
  free(text);
  return body;
}

static void test_corpus_seed_raw(void **state) {
  (void)state;
  int seen = 0;
  for (size_t i = 0; i < ncorpus; i++) {
    if (strncmp(rec_id(&corpus[i]), "seed-002-", 9))
      continue;
    seen++;
    const char *raw = json_string_value(json_object_get(corpus[i].rec, "raw"));
    assert_non_null(raw);
    gc_puzzle *pj = tu_puzzle(corpus[i].line, NULL);
    gc_puzzle *pt = tu_puzzle(raw, "futoshiki");
    assert_int_equal(gc_puzzle_n(pt), gc_puzzle_n(pj));
    /* Same givens and the same set of signs: same rendering, same CNF. */
    char *rj = gc_render_text(pj, NULL), *rt = gc_render_text(pt, NULL);
    assert_string_equal(rt, rj);
    /* The rendering is the raw notation itself, after the header (but
       for the blank lines between rows when no sign is vertical). */
    char want[512];
    size_t rl = 0;
    for (const char *p = raw; *p && rl + 1 < sizeof want; p++)
      if (!(p[0] == '\n' && p[1] == '\n' && !strpbrk(raw, "^v")))
        want[rl++] = *p;
    size_t hl = strlen("futoshiki\n");
    assert_int_equal(strlen(rt), hl + rl + 1);
    assert_memory_equal(rt + hl, want, rl);
    assert_int_equal(rt[hl + rl], '\n');
    char *cj = cnf_body(pj), *ct = cnf_body(pt);
    assert_string_equal(cj, ct);
    /* Without a genre, the sniffer knows any sample with a sign. */
    if (strpbrk(raw, "<>^v")) {
      gc_puzzle *ps = tu_puzzle(raw, NULL);
      assert_string_equal(gc_genre_name(gc_puzzle_genre(ps)), "futoshiki");
      gc_puzzle_free(ps);
    }
    free(cj);
    free(ct);
    free(rj);
    free(rt);
    gc_puzzle_free(pj);
    gc_puzzle_free(pt);
  }
  assert_int_equal(seen, 8);
}

/* Every lt pair of every record renders as its sign: checked against the
   JSON directly, not through the parser. */
static void test_corpus_signs(void **state) {
  (void)state;
  for (size_t i = 0; i < ncorpus; i++) {
    gc_puzzle *pz = tu_puzzle(corpus[i].line, NULL);
    int n = gc_puzzle_n(pz);
    char *r = gc_render_text(pz, NULL);
    /* The lines of the rendering, after the header. */
    const char *lines[64] = {0};
    int nl = 0;
    for (char *p = strchr(r, '\n') + 1; *p && nl < 64; nl++) {
      lines[nl] = p;
      p = strchr(p, '\n') + 1;
    }
    /* a sign line between rows when some sign is vertical */
    int step = strpbrk(strchr(r, '\n'), "^v") ? 2 : 1;
    assert_int_equal(nl, step * (n - 1) + 1);
    int w = n >= 10 ? 2 : 1;
    const json_t *lt = json_object_get(corpus[i].rec, "lt");
    size_t k;
    const json_t *e;
    int count = 0;
    json_array_foreach(lt, k, e) {
      int r1 = (int)json_integer_value(json_array_get(e, 0));
      int c1 = (int)json_integer_value(json_array_get(e, 1));
      int r2 = (int)json_integer_value(json_array_get(e, 2));
      int c2 = (int)json_integer_value(json_array_get(e, 3));
      char ch;
      if (r1 == r2) {
        int c = c1 < c2 ? c1 : c2;
        ch = lines[step * r1][c * (w + 1) + w];
        assert_int_equal(ch, c1 < c2 ? '<' : '>');
      } else {
        int rr = r1 < r2 ? r1 : r2;
        ch = lines[2 * rr + 1][c1 * (w + 1) + w - 1];
        assert_int_equal(ch, r1 < r2 ? '^' : 'v');
      }
      count++;
    }
    /* ... and nothing else is drawn. */
    int drawn = 0;
    for (const char *p = r; *p; p++)
      drawn += *p == '<' || *p == '>' || *p == '^' || *p == 'v';
    assert_int_equal(drawn, count);
    free(r);
    gc_puzzle_free(pz);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_support_brute_force),
      cmocka_unit_test(test_support_is_arc_consistent),
      cmocka_unit_test(test_text_7x7),
      cmocka_unit_test(test_plain_grid_needs_header),
      cmocka_unit_test(test_checker),
      cmocka_unit_test(test_text_errors),
      cmocka_unit_test(test_text_two_digit),
      cmocka_unit_test(test_json),
      cmocka_unit_test(test_json_ok),
      cmocka_unit_test(test_unsolvable),
  };
  int failed = cmocka_run_group_tests_name("futoshiki", tests, NULL, NULL);
  if (failed)
    return failed;
  const char *path = tu_shared("corpus/futoshiki.jsonl");
  if (!path) {
    printf("no ../shared/corpus/futoshiki.jsonl: the corpus tests are "
           "skipped\n");
    return 77;
  }
  load_corpus(path);
  const struct CMUnitTest corpus_tests[] = {
      cmocka_unit_test(test_corpus_solves),
      cmocka_unit_test(test_corpus_count),
      cmocka_unit_test(test_corpus_seed_raw),
      cmocka_unit_test(test_corpus_signs),
  };
  failed =
      cmocka_run_group_tests_name("futoshiki corpus", corpus_tests, NULL, NULL);
  for (size_t i = 0; i < ncorpus; i++) {
    json_decref(corpus[i].rec);
    free(corpus[i].line);
  }
  free(corpus);
  return failed;
}
