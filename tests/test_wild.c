/*
 * test_wild.c: notations found in the wild and the exports.
 *   - futoshiki.org strings (formats/futoshikiorg.c): real files of
 *     bkoelman/Futoshiki's collection read (detected on their own), the
 *     solver's unique solution is the answer the file carries, the writer
 *     gives the file back byte for byte; a file of many lines is a batch;
 *   - MiniZinc data (formats/dzn.c): the Star Battle data published with
 *     KR-Project-Group-3/starbattle-mini-zinc read, both ways of closing a
 *     2D array; what the writer gives for each genre reads back to the
 *     same record; several puzzles in one file; array2d; comments;
 *   - detection does not take other inputs for these (a compact
 *     Skyscrapers grid with '_' stays Skyscrapers);
 *   - the facts (asp) and the LP (lp) are written only; their shape;
 *   - with ../shared: every corpus Futoshiki up to 9x9 goes through the
 *     futoshiki.org string and every corpus puzzle through dzn and back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static char *json_of(const gc_puzzle *pz) {
  char *s = gc_puzzle_json(pz);
  assert_non_null(s);
  return s;
}

/* Every puzzle of text (format NULL: detected); fails on a read error. */
static int read_all(const char *text, const char *format, gc_puzzle **out,
                    int max) {
  gc_read_options ro = {format, NULL};
  gc_error e;
  gc_reader *rd = gc_reader_new(text, strlen(text), "test", &ro, &e);
  if (!rd)
    fail_msg("reader: %s", e.message);
  int k = 0, r;
  gc_puzzle *pz;
  while ((r = gc_reader_next(rd, &pz, &e)) != GC_READ_END) {
    if (r == GC_READ_ERROR) {
      char buf[600];
      gc_error_format(&e, buf, sizeof buf);
      fail_msg("did not read: %s", buf);
    }
    assert_true(k < max);
    out[k++] = pz;
  }
  gc_reader_free(rd);
  return k;
}

/*------------------------------------------------------------------------*/
/* futoshiki.org                                                           */

/* bkoelman/Futoshiki (commit 327f4422f0c0), puzzles/<level>/<NN>x<NN>/:
   Easy/04x04/Puzzle0001.txt, Trivial/05x05/Puzzle0002.txt (no signs),
   Tricky/06x06/Puzzle0001.txt, Extreme/09x09/Puzzle0001.txt. */
static const char *const fo[] = {
    "._._._._______._._._.^______._._.).______v.)._.(.3_4_2_1_______1_2_3_4^____"
    "__2_1_4)3______v4)3_1(2",
    "2_1_._4_3_________._4_._2_1_________._._._1_2_________._._._._4_________._."
    "_._._.2_1_5_4_3_________5_4_3_2_1_________3_5_4_1_2_________1_3_2_5_4_____"
    "____4_2_1_3_5",
    "._.(2_5_.(.^__________._3_._._._.____v___v__._._._._._.^_____v_^__._._5_._."
    "_.^_______^__.(._._._._.______v____._._._._._.4_1(2_5_3(6^__________6_3_4_"
    "2_5_1____v___v__1_4_3_6_2_5^_____v_^__2_6_5_1_4_3^_______^__3(5_1_4_6_2___"
    "___v____5_2_6_3_1_4",
    "._._7)._.(._._._.v___________^____._._4_7_._._._._.^_______v_^_^_v_v._._._"
    "._.)._._.(.__^___^__________._._._3_1_6_.(._.____________v___^._._._._5_.("
    ".(._._________________._._._._._._.)._.v________________._._._._._1_.)._.__"
    "__^_^__________._._5_._.(.(._._.^_v_________^____3_7_8_._._.)5_2(.8_6_7)5_"
    "3(4_1_9_2v___________^____6_1_4_7_9_5_2_3_8^_______v_^_^_v_v9_4_6_2_8)7_3_"
    "1(5__^___^__________2_5_9_3_1_6_7(8_4____________v___^4_3_1_8_5_2(6(7_9___"
    "______________7_2_3_4_6_8_9)5_1v________________5_9_2_6_7_1_8)4_3____^_^__"
    "________1_8_5_9_2(3(4_6_7^_v_________^____3_7_8_1_4_9)5_2(6",
};

static void test_futoshikiorg_samples(void **state) {
  (void)state;
  static const int size[] = {4, 5, 6, 9};
  char batch[8192] = "# a collection, one puzzle per line\n";
  for (size_t i = 0; i < sizeof fo / sizeof fo[0]; i++) {
    gc_puzzle *pz[2];
    assert_int_equal(read_all(fo[i], NULL, pz, 2), 1);
    assert_string_equal(gc_genre_name(gc_puzzle_genre(pz[0])), "futoshiki");
    assert_int_equal(gc_puzzle_n(pz[0]), size[i]);
    const gc_grid *known = gc_puzzle_known(pz[0]);
    assert_non_null(known);
    gc_result res;
    tu_solve(pz[0], GC_MODE_UNIQUE, &res);
    assert_int_equal(res.status, GC_STATUS_UNIQUE);
    assert_true(gc_grid_equal(&res.first, known)); /* the file's answer */
    gc_result_free(&res);
    gc_error e;
    char *back = gc_format_write(pz[0], "futoshikiorg", &e);
    assert_non_null(back);
    assert_string_equal(back, fo[i]);
    free(back);
    /* the same through --format and its alias */
    gc_puzzle *q[2];
    assert_int_equal(read_all(fo[i], "futoshiki.org", q, 2), 1);
    char *a = json_of(pz[0]), *b = json_of(q[0]);
    assert_string_equal(a, b);
    free(a);
    free(b);
    gc_puzzle_free(q[0]);
    gc_puzzle_free(pz[0]);
    strcat(batch, fo[i]);
    strcat(batch, "\n");
  }
  gc_puzzle *all[8];
  int k = read_all(batch, NULL, all, 8);
  assert_int_equal(k, 4);
  for (int i = 0; i < k; i++)
    gc_puzzle_free(all[i]);
}

static void test_futoshikiorg_meaning(void **state) {
  (void)state;
  /* '(' / ')' between cells of a row, '^' / 'v' under a cell */
  gc_puzzle *pz = tu_puzzle(".(._.____v._.)._____._._.", NULL);
  char *s = json_of(pz);
  assert_non_null(strstr(s, "\"lt\":[[0,0,0,1],[1,2,0,2],[1,2,1,1]]"));
  free(s);
  gc_puzzle_free(pz);
  gc_error e;
  /* the answer disagrees with a given; its signs differ */
  assert_int_equal(tu_read_error("1(.___._.2(1___1_2", NULL, &e), GC_E_CONTRADICTION);
  assert_int_equal(e.column, 10);
  assert_int_equal(tu_read_error("1(.___._.1_2___2_1", NULL, &e), GC_E_SHAPE);
  assert_int_equal(e.column, 11);
  /* cannot express */
  gc_puzzle *big = tu_puzzle("{\"genre\":\"futoshiki\",\"n\":10}", NULL);
  assert_null(gc_format_write(big, "futoshikiorg", &e));
  assert_int_equal(e.code, GC_E_UNSUPPORTED);
  gc_puzzle_free(big);
  gc_puzzle *adj = tu_puzzle("{\"genre\":\"futoshiki\",\"n\":3,\"adjacent\":[]}", NULL);
  assert_null(gc_format_write(adj, "futoshikiorg", &e));
  assert_int_equal(e.code, GC_E_UNSUPPORTED);
  gc_puzzle_free(adj);
}

/* A compact 9x9 Skyscrapers grid with '_' for empties is not a
   futoshiki.org string, though its lines are of the same characters and
   the first is 9 long (a 2x2 layout's length). */
static void test_detection_keeps_text(void **state) {
  (void)state;
  char sky[512] = "__4______\n";
  for (int r = 0; r < 9; r++)
    strcat(sky, r == 4 ? "_....1...._\n" : "_........._\n");
  strcat(sky, "_________\n");
  gc_puzzle *pz = tu_puzzle(sky, NULL);
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "skyscrapers");
  gc_puzzle_free(pz);
}

/*------------------------------------------------------------------------*/
/* dzn                                                                     */

/* KR-Project-Group-3/starbattle-mini-zinc: data/data0.dzn (rows closed by
   '|' and the array by "];" on a line of its own, which MiniZinc 2.6
   itself refuses) and instance.dzn ("|];"). */
static const char *const kr[] = {
    "num_stars = 1;\ndim = 5;\nsectors = [|\n1, 2, 2, 2, 2|\n1, 1, 1, 3, 2|\n1, "
    "4, 4, 3, 3|\n1, 4, 4, 5, 3|\n4, 4, 5, 5, 3|\n];",
    "num_stars = 1;\ndim = 5;\nsectors = [|\n1, 1, 1, 2, 2|\n1, 1, 1, 2, 3|\n1, "
    "1, 1, 2, 3|\n1, 4, 5, 5, 3|\n4, 4, 5, 5, 5|];",
};

static void test_dzn_published(void **state) {
  (void)state;
  for (size_t i = 0; i < 2; i++) {
    gc_puzzle *pz[2];
    assert_int_equal(read_all(kr[i], NULL, pz, 2), 1);
    assert_string_equal(gc_genre_name(gc_puzzle_genre(pz[0])), "starbattle");
    gc_result res;
    tu_solve(pz[0], GC_MODE_UNIQUE, &res);
    assert_int_equal(res.status, GC_STATUS_UNIQUE);
    gc_result_free(&res);
    /* sectors 1..5 are regions 0..4 */
    char *s = json_of(pz[0]);
    assert_non_null(strstr(s, "\"stars\":1"));
    assert_non_null(strstr(s, i ? "\"regions\":[[0,0,0,1,1]" : "\"regions\":[[0,1,1,1,1]"));
    free(s);
    gc_puzzle_free(pz[0]);
  }
}

static void test_dzn_round_trip(void **state) {
  (void)state;
  static const char *const recs[] = {
      "{\"id\":\"s\",\"genre\":\"skyscrapers\",\"n\":4,\"top\":[1,0,0,2],"
      "\"bottom\":[0,0,0,0],\"left\":[0,3,0,0],\"right\":[0,0,0,0],\"givens\":"
      "[[0,0,0,0],[0,0,0,0],[0,2,0,0],[0,0,0,0]],\"boxes\":[2,2]}",
      "{\"id\":\"f\",\"genre\":\"futoshiki\",\"n\":3,\"givens\":[[0,0,0],[0,2,0],"
      "[0,0,0]],\"lt\":[[0,0,0,1],[1,2,0,2]]}",
      "{\"id\":\"a\",\"genre\":\"futoshiki\",\"n\":4,\"givens\":[[0,0,0,0],[0,0,0,0],"
      "[0,0,0,0],[0,0,0,1]],\"adjacent\":[[0,0,0,1],[1,1,2,1]]}",
      "{\"id\":\"q\",\"genre\":\"starbattle\",\"n\":4,\"stars\":1,\"regions\":"
      "[[0,0,1,1],[0,-1,1,2],[3,3,2,2],[3,3,3,2]]}",
  };
  char all[8192] = "% several puzzles, one after another\n";
  for (size_t i = 0; i < sizeof recs / sizeof recs[0]; i++) {
    gc_puzzle *pz = tu_puzzle(recs[i], NULL);
    gc_error e;
    char *dzn = gc_format_write(pz, "dzn", &e);
    assert_non_null(dzn);
    gc_puzzle *back = tu_puzzle(dzn, NULL);
    char *a = json_of(pz), *b = json_of(back);
    /* the id travels in the comment only */
    assert_string_equal(strstr(a, "\"genre\""), strstr(b, "\"genre\""));
    free(a);
    free(b);
    gc_puzzle_free(back);
    strcat(all, dzn);
    strcat(all, "\n");
    free(dzn);
    gc_puzzle_free(pz);
  }
  gc_puzzle *v[8];
  assert_int_equal(read_all(all, NULL, v, 8), 4);
  for (int i = 0; i < 4; i++)
    gc_puzzle_free(v[i]);
  /* array2d, a comment block, true / false, no final ';' */
  gc_puzzle *pz = tu_puzzle("/* a 2x2 */ n = 2; givens = array2d(1..2, 1..2, "
                            "[1, 0, 0, 0]); nlt = 0; r1 = []; c1 = []; r2 = []; "
                            "c2 = []; adjacent = false",
                            NULL);
  char *s = json_of(pz);
  assert_non_null(strstr(s, "\"givens\":[[1,0],[0,0]]"));
  assert_null(strstr(s, "adjacent"));
  free(s);
  gc_puzzle_free(pz);
}

static void test_dzn_errors(void **state) {
  (void)state;
  gc_error e;
  /* positioned at the value: a given twice (the genre's error, moved back
     into the data), an unknown name, a ragged row */
  assert_int_equal(tu_read_error("n = 2;\ngivens = [| 1, 1 | 0, 0 |];\nnlt = 0;\n",
                                 NULL, &e),
                   GC_E_CONTRADICTION);
  assert_int_equal(e.line, 2);
  assert_int_equal(e.column, 16);
  assert_int_equal(tu_read_error("num_stars = 1;\ndim = 2;\nfoo = 3;\n", NULL, &e),
                   GC_E_SHAPE);
  assert_int_equal(e.line, 3);
  assert_int_equal(e.column, 1);
  assert_int_equal(tu_read_error("num_stars = 1; dim = 2; sectors = [| 1, 2 | 1 |];",
                                 NULL, &e),
                   GC_E_SHAPE);
  assert_int_equal(tu_read_error("dim = 5;\ninit_sectors = [| 1, <> |];", NULL, &e),
                   GC_E_SYNTAX);
  assert_non_null(strstr(e.message, "absent"));
}

/*------------------------------------------------------------------------*/
/* The written-only exports                                                */

static void test_asp_and_lp(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle("{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0],"
                            "\"givens\":[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,2]]}",
                            NULL);
  gc_error e;
  char *asp = gc_format_write(pz, "asp", &e);
  assert_non_null(asp);
  assert_non_null(strstr(asp, "\nn(4).\nclue(top,0,4).\ngiven(3,3,2)."));
  free(asp);
  char *lp = gc_format_write(pz, "lp", &e);
  assert_non_null(lp);
  /* the clue 4: the column rises 1..4 from the top, a strengthening row
     each; every row in "Subject To", every variable binary */
  assert_non_null(strstr(lp, "Subject To\n"));
  assert_non_null(strstr(lp, " e_t_1_0: x_1_1_1 = 1\n"));
  assert_non_null(strstr(lp, " e_t_1_3: x_4_1_4 = 1\n"));
  assert_non_null(strstr(lp, " n_t_1: y_t_1_1 + y_t_1_2 + y_t_1_3 = 3\n"));
  assert_non_null(strstr(lp, "Binary\n x_1_1_1 x_1_1_2"));
  assert_non_null(strstr(lp, "y_t_1_3\nEnd"));
  for (char *p = lp; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p))
    assert_true(strcspn(p, "\n") < 255); /* GLPK's line limit */
  free(lp);
  gc_puzzle_free(pz);
  /* written only: --format asp / lp is refused */
  gc_read_options ro = {"lp", NULL};
  assert_null(gc_reader_new("x", 1, "t", &ro, &e));
  assert_int_equal(e.code, GC_E_USAGE);
  assert_non_null(strstr(e.message, "written only"));
}

/*------------------------------------------------------------------------*/
/* The corpus                                                              */

static void test_corpus_round_trips(void **state) {
  (void)state;
  static const char *const files[] = {"corpus/futoshiki.jsonl",
                                      "corpus/skyscrapers.jsonl",
                                      "corpus/starbattle.jsonl"};
  int dzn = 0, fo_count = 0;
  for (size_t f = 0; f < 3; f++) {
    const char *path = tu_shared(files[f]);
    if (!path) {
      print_message("../shared/corpus absent: skipped\n");
      skip();
    }
    char *text = tu_read_file(path);
    gc_read_options ro = {NULL, NULL};
    gc_error e;
    gc_reader *rd = gc_reader_new(text, strlen(text), path, &ro, &e);
    gc_puzzle *pz;
    int r;
    while ((r = gc_reader_next(rd, &pz, &e)) != GC_READ_END) {
      assert_int_equal(r, GC_READ_PUZZLE);
      char *a = json_of(pz);
      static const char *const fmts[] = {"dzn", "futoshikiorg"};
      for (int k = 0; k < 2; k++) {
        char *s = gc_format_write(pz, fmts[k], &e);
        if (!s) {
          assert_int_equal(e.code, GC_E_UNSUPPORTED);
          continue;
        }
        gc_puzzle *back = tu_puzzle(s, NULL);
        char *b = json_of(back);
        /* the same puzzle; dzn has no id, futoshiki.org neither, and only
           futoshiki.org carries the answer */
        json_t *ja = json_loads(a, 0, NULL), *jb = json_loads(b, 0, NULL);
        json_object_del(ja, "id");
        json_object_del(jb, "id");
        if (k == 0)
          json_object_del(ja, "solution");
        if (!json_equal(ja, jb))
          fail_msg("%s through %s: %s became %s", gc_puzzle_id(pz), fmts[k], a, b);
        json_decref(ja);
        json_decref(jb);
        k ? fo_count++ : dzn++;
        free(b);
        gc_puzzle_free(back);
        free(s);
      }
      free(a);
      gc_puzzle_free(pz);
    }
    gc_reader_free(rd);
    free(text);
  }
  print_message("corpus: %d puzzles through dzn, %d through futoshiki.org strings\n",
                dzn, fo_count);
  assert_true(dzn > 700 && fo_count > 150);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_futoshikiorg_samples),
      cmocka_unit_test(test_futoshikiorg_meaning),
      cmocka_unit_test(test_detection_keeps_text),
      cmocka_unit_test(test_dzn_published),
      cmocka_unit_test(test_dzn_round_trip),
      cmocka_unit_test(test_dzn_errors),
      cmocka_unit_test(test_asp_and_lp),
      cmocka_unit_test(test_corpus_round_trips),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
