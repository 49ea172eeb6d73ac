/*
 * test_input.c: input that forgives, and says what it did.  A JSON key one
 * slip away from a known key is an error naming the key meant (exit 65, at
 * the key's value); other unknown keys are metadata, and no record of the
 * shared corpus is refused.  An error in input whose genre was guessed says
 * what it was taken for and how to say otherwise; named, it does not.
 * Grids for check and hint --grid: '.' and '?' are empty cells in every
 * genre, Star Battle's no-star marks are read as documented, and what
 * `solve` prints, coloured and box-drawn for a terminal too, reads back.
 * The corpus part runs last and makes the test exit 77 (skipped) when
 * ../shared is not there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static void test_edit_distance(void **state) {
  (void)state;
  assert_int_equal(gc_edit_distance("right", "right"), 0);
  assert_int_equal(gc_edit_distance("rigth", "right"), 1); /* a swap */
  assert_int_equal(gc_edit_distance("star", "stars"), 1);
  assert_int_equal(gc_edit_distance("givns", "givens"), 1);
  assert_int_equal(gc_edit_distance("regoins", "regions"), 1);
  assert_int_equal(gc_edit_distance("source", "solution"), 5);
  assert_int_equal(gc_edit_distance("", "abc"), 3);
}

/* The column of the value of key in a one-line record (from 1). */
static long value_column(const char *rec, const char *key) {
  char pat[64];
  snprintf(pat, sizeof pat, "\"%s\":", key);
  const char *p = strstr(rec, pat);
  assert_non_null(p);
  return (long)(p - rec) + (long)strlen(pat) + 1;
}

static void test_misspelt_keys(void **state) {
  (void)state;
  static const struct {
    const char *rec, *key, *meant;
  } bad[] = {
      {"{\"genre\":\"skyscrapers\",\"n\":2,\"top\":[0,0],\"rigth\":[1,0]}", "rigth",
       "right"},
      {"{\"genre\":\"skyscrapers\",\"n\":2,\"givns\":[[0,0],[0,0]]}", "givns",
       "givens"},
      {"{\"genre\":\"skyscrapers\",\"n\":2,\"Top\":[0,1]}", "Top", "top"},
      {"{\"genre\":\"starbattle\",\"n\":2,\"star\":1,\"regions\":[[0,0],[1,1]]}",
       "star", "stars"},
      {"{\"genre\":\"starbattle\",\"n\":2,\"regoins\":[[0,0],[1,1]]}", "regoins",
       "regions"},
      {"{\"genre\":\"futoshiki\",\"n\":2,\"givens\":[[1,0],[0,0]],\"LT\":[]}", "LT",
       "lt"},
      {"{\"ID\":\"x\",\"genre\":\"futoshiki\",\"n\":2}", "ID", "id"},
      {"{\"genre\":\"futoshiki\",\"n\":2,\"soluton\":[[1,2],[2,1]]}", "soluton",
       "solution"},
      {"{\"genre\":\"futoshiki\",\"n\":2,\"gnere\":\"futoshiki\"}", "gnere", "genre"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    gc_error e;
    assert_int_equal(tu_read_error(bad[i].rec, NULL, &e), GC_E_SYNTAX);
    char want[128];
    snprintf(want, sizeof want, "unknown key '%s' (did you mean '%s'?)",
             bad[i].key, bad[i].meant);
    if (strcmp(e.message, want))
      fail_msg("record %zu: '%s', wanted '%s'", i, e.message, want);
    assert_int_equal(e.line, 1);
    assert_int_equal(e.column, value_column(bad[i].rec, bad[i].key));
    /* the command line: one line, exit 65 */
    tu_write_file("input-key.jsonl", bad[i].rec);
    char *err;
    assert_int_equal(tu_cli(NULL, &err, "solve", "input-key.jsonl", NULL), 65);
    assert_non_null(strstr(err, want));
    free(err);
  }
  /* Unknown keys far from every known one are metadata: ignored.  Keys of
     one or two letters are never taken for slips ("m" is not "n"). */
  const char *meta =
      "{\"id\":\"m\",\"genre\":\"starbattle\",\"n\":4,\"stars\":1,"
      "\"regions\":[[0,0,1,1],[0,0,1,1],[2,2,3,3],[2,2,3,3]],\"source\":\"here\","
      "\"difficulty\":null,\"unique\":false,\"raw\":\"x\",\"m\":1,\"note\":\"n\","
      "\"author\":{\"name\":\"a\"}}";
  gc_puzzle *pz = tu_puzzle(meta, NULL);
  assert_int_equal(gc_puzzle_n(pz), 4);
  gc_puzzle_free(pz);
  /* In a batch the record with the slip is an error record, the others
     are solved. */
  char batch[1024];
  snprintf(batch, sizeof batch, "%s\n%s\n", bad[0].rec, meta);
  tu_write_file("input-key.jsonl", batch);
  char *out;
  int rc = tu_cli(&out, NULL, "solve", "--json", "input-key.jsonl", NULL);
  assert_int_equal(rc, 65);
  assert_non_null(strstr(out, "\"status\":\"error\""));
  assert_non_null(strstr(out, "did you mean 'right'?"));
  assert_non_null(strstr(out, "{\"id\":\"m\",\"genre\":\"starbattle\",\"n\":4,\"status\":\"multiple\""));
  free(out);
  remove("input-key.jsonl");
}

/* The example of the issue: four lines of digits read as Skyscrapers. */
static const char *const regions4 = "0 0 1 1\n0 0 1 1\n2 2 3 3\n2 2 3 3\n";

static void test_guessed_genre(void **state) {
  (void)state;
  gc_error e;
  tu_read_error(regions4, NULL, &e);
  assert_non_null(strstr(e.message, "the top clue line has 4 entries, expected 2"));
  assert_non_null(strstr(e.message, "taken for skyscrapers, from its look"));
  assert_non_null(strstr(e.message, "if it is futoshiki or starbattle"));
  assert_non_null(strstr(e.message, "--genre"));
  /* told the genre, it reads (digits name the regions) */
  gc_puzzle *pz = tu_puzzle(regions4, "starbattle");
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "starbattle");
  gc_puzzle_free(pz);
  char with_header[256];
  snprintf(with_header, sizeof with_header, "starbattle\n%s", regions4);
  pz = tu_puzzle(with_header, NULL);
  assert_int_equal(gc_puzzle_n(pz), 4);
  gc_puzzle_free(pz);
  /* named wrongly: an error, but no guess to own up to */
  snprintf(with_header, sizeof with_header, "skyscrapers\n%s", regions4);
  tu_read_error(with_header, NULL, &e);
  assert_null(strstr(e.message, "taken for"));
  tu_read_error(regions4, "skyscrapers", &e);
  assert_null(strstr(e.message, "taken for"));
  /* the command line says it in one line, exit 65 */
  tu_write_file("input-guess.txt", regions4);
  char *err;
  assert_int_equal(tu_cli(NULL, &err, "solve", "input-guess.txt", NULL), 65);
  assert_non_null(strstr(err, "input-guess.txt:1:5: the top clue line has 4 "
                              "entries, expected 2 (taken for skyscrapers"));
  assert_int_equal(strchr(err, '\n') - err + 1, (long)strlen(err));
  free(err);
  assert_int_equal(tu_cli(NULL, NULL, "solve", "--genre", "starbattle",
                          "input-guess.txt", NULL), 2);
  /* A notation guessed from a line that only looks like it (a weak
     claim): the error says which; with --format it does not. */
  tu_write_file("input-guess.txt", "551WErzW6F!\n");
  assert_int_equal(tu_cli(NULL, &err, "solve", "input-guess.txt", NULL), 65);
  assert_non_null(strstr(err, "(taken for the sbn notation, from its look; "
                              "if it is not, use --format"));
  free(err);
  assert_int_equal(tu_cli(NULL, &err, "solve", "--format", "sbn",
                          "input-guess.txt", NULL), 65);
  assert_null(strstr(err, "taken for"));
  free(err);
  remove("input-guess.txt");
}

/* Reads text as a grid for pz; fails the test on an error. */
static void read_grid(const gc_puzzle *pz, const char *text, gc_grid *g,
                      int *partial) {
  gc_error e;
  if (gc_grid_read(pz, text, strlen(text), "g", g, partial, &e)) {
    char buf[600];
    gc_error_format(&e, buf, sizeof buf);
    fail_msg("grid did not read: %s\n%s", buf, text);
  }
}

static void test_grid_convention(void **state) {
  (void)state;
  gc_puzzle *sb = tu_puzzle("starbattle 1\nAABB\nAABB\nCCDD\nCCDD\n", NULL);
  gc_grid g;
  int partial;
  /* '.' and '?' are empty, as in every genre */
  read_grid(sb, ". * . .\n? . . *\n* . . .\n. . * .\n", &g, &partial);
  assert_true(partial);
  for (int i = 0; i < 16; i++)
    if (i == 1 || i == 7 || i == 8 || i == 14)
      assert_int_equal(g.cell[i], 1);
    else
      assert_int_equal(g.cell[i], GC_EMPTY);
  gc_grid_free(&g);
  /* the marks for "no star": x, X, -, 0, a region letter, a middle dot,
     a shade; stars: *, 1, U+2605 */
  read_grid(sb, "x*-0\nAAB1\n\xe2\x98\x85" "CDd\n\xc2\xb7\xe2\x96\x91*X\n", &g,
            &partial);
  assert_false(partial);
  static const int want[16] = {0, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0};
  assert_memory_equal(g.cell, want, sizeof want);
  gc_grid_free(&g);
  /* anything else is an error that lists the marks */
  gc_error e;
  const char *bad = "x*-0\nAA@1\n*CDD\nCC*D\n";
  assert_int_equal(gc_grid_read(sb, bad, strlen(bad), "g", &g, &partial, &e), -1);
  assert_int_equal(e.line, 2);
  assert_int_equal(e.column, 3);
  assert_string_equal(e.message, "'@' is not a star ('*' or '1'), no star ('x', "
                                 "'-', '0' or a region letter) or empty ('.' "
                                 "or '?')");
  /* a letter that names no region (a queen marked 'Q') is an error too,
     not a cell without a star */
  bad = "Q.x.\nx.xQ\nQxx.\nx.Q.\n";
  assert_int_equal(gc_grid_read(sb, bad, strlen(bad), "g", &g, &partial, &e), -1);
  assert_int_equal(e.line, 1);
  assert_int_equal(e.column, 1);
  assert_string_equal(e.message, "'Q' is no region of the puzzle: a star is '*' or "
                                 "'1', no star 'x', '-', '0' or its region's "
                                 "letter, an empty cell '.' or '?'");
  gc_puzzle_free(sb);
  /* Latin genres: '.' and '?' empty too */
  gc_puzzle *fu = tu_puzzle("futoshiki\n0 0<0\n0 0 0\n0 0 0\n", NULL);
  read_grid(fu, "1 . 3\n? 3 1\n3 1 2\n", &g, &partial);
  assert_true(partial);
  assert_int_equal(g.cell[1], GC_EMPTY);
  assert_int_equal(g.cell[3], GC_EMPTY);
  assert_int_equal(g.cell[4], 3);
  gc_grid_free(&g);
  gc_puzzle_free(fu);
}

/* A partial Star Battle grid written with dots is a partial grid: hint
   finds the next star or empty cell, check says it can be completed. */
static void test_partial_with_dots(void **state) {
  (void)state;
  char path[1024];
  snprintf(path, sizeof path, "%s/examples/starbattle-7x7.txt", GC_SOURCE_DIR);
  char *text = tu_read_file(path);
  gc_puzzle *pz = tu_puzzle(text, NULL);
  free(text);
  gc_result res;
  tu_solve(pz, GC_MODE_UNIQUE, &res);
  assert_int_equal(res.status, GC_STATUS_UNIQUE);
  /* the first two stars kept, every other cell '.' */
  char grid[128];
  size_t k = 0;
  int kept = 0;
  for (int r = 0; r < 7; r++) {
    for (int c = 0; c < 7; c++) {
      int star = res.first.cell[r * 7 + c] == 1 && kept < 2;
      kept += star;
      grid[k++] = star ? '*' : '.';
    }
    grid[k++] = '\n';
  }
  grid[k] = 0;
  tu_write_file("input-partial.txt", grid);
  char *out;
  assert_int_equal(tu_cli(&out, NULL, "hint", "--json", "--grid",
                          "input-partial.txt", path, NULL), 0);
  assert_non_null(strstr(out, "\"status\":\"hint\""));
  free(out);
  assert_int_equal(tu_cli(&out, NULL, "check", "--json", path,
                          "input-partial.txt", NULL), 0);
  assert_non_null(strstr(out, "\"status\":\"completable\""));
  assert_non_null(strstr(out, "\"filled\":2"));
  free(out);
  gc_result_free(&res);
  gc_puzzle_free(pz);
  remove("input-partial.txt");
}

/* What solve prints reads back with check: plain, coloured (--color=always
   also draws Star Battle for a terminal), for every genre. */
static void test_output_reads_back(void **state) {
  (void)state;
  static const char *const puzzles[] = {
      "examples/skyscrapers-6x6.txt",
      "examples/starbattle-7x7.txt",
  };
  tu_write_file("input-futo.txt", "futoshiki\n0 0<0 0\n^\n0 0 0 0\n\n0 0>0 0\n"
                                  "      v\n0 0 0 1\n");
  for (int i = 0; i < 3; i++) {
    char path[1024];
    if (i < 2)
      snprintf(path, sizeof path, "%s/%s", GC_SOURCE_DIR, puzzles[i]);
    else
      snprintf(path, sizeof path, "input-futo.txt");
    for (int colour = 0; colour < 2; colour++) {
      char *out;
      int rc = tu_cli(&out, NULL, "solve", "--first",
                      colour ? "--color=always" : "--color=never", path, NULL);
      assert_int_equal(rc, 0);
      assert_int_equal(strstr(out, "\033[") != NULL, colour);
      if (colour && i == 1) /* the box-drawn map and its stars */
        assert_non_null(strstr(out, "\xe2\x94\x82"));
      tu_write_file("input-answer.txt", out);
      char *check;
      rc = tu_cli(&check, NULL, "check", path, "input-answer.txt", NULL);
      if (rc != 0)
        fail_msg("%s, colour %d: check says %d:\n%s\nof\n%s", path, colour, rc,
                 check, out);
      assert_non_null(strstr(check, "solution (the grid solves the puzzle"));
      free(check);
      free(out);
    }
  }
  remove("input-answer.txt");
  remove("input-futo.txt");
}

/* generate's text output ("# ID" before each puzzle) reads back with its
   ids, so --id picks one; a puzzle without an id is picked by the line it
   starts on, as solve names it. */
static void test_ids_read_back(void **state) {
  (void)state;
  char *gen, *out, *err;
  assert_int_equal(tu_cli(&gen, NULL, "generate", "skyscrapers", "--size", "4",
                          "--seed", "5", "--number", "3", NULL),
                   0);
  tu_write_file("input-ids.txt", gen);
  assert_int_equal(tu_cli(&out, NULL, "convert", "--to", "json", "input-ids.txt",
                          NULL),
                   0);
  for (int k = 1; k <= 3; k++) {
    char want[64];
    snprintf(want, sizeof want, "{\"id\":\"gen-skyscrapers-4-s5-%d\"", k);
    assert_non_null(strstr(out, want));
  }
  /* convert --to text keeps them the same way: text, and back, is the
     same records */
  tu_write_file("input-ids.jsonl", out);
  char *text, *back;
  assert_int_equal(tu_cli(&text, NULL, "convert", "--to", "text", "input-ids.jsonl",
                          NULL),
                   0);
  assert_non_null(strstr(text, "# gen-skyscrapers-4-s5-2\nskyscrapers\n"));
  tu_write_file("input-ids-back.txt", text);
  assert_int_equal(tu_cli(&back, NULL, "convert", "--to", "json", "input-ids-back.txt",
                          NULL),
                   0);
  assert_string_equal(back, out);
  free(text);
  free(back);
  free(out);
  remove("input-ids.jsonl");
  remove("input-ids-back.txt");
  assert_int_equal(tu_cli(&out, NULL, "cnf", "--id", "gen-skyscrapers-4-s5-2",
                          "input-ids.txt", NULL),
                   0);
  assert_non_null(strstr(out, "id=gen-skyscrapers-4-s5-2\n"));
  free(out);
  free(gen);
  /* a comment of several words is no id */
  tu_write_file("input-ids.txt", "# from the paper, day 2\n"
                                 "skyscrapers\n  . . . .\n. 1 . . . .\n"
                                 ". . . . . .\n. . . . . .\n. . . . . .\n"
                                 "  . . . .\n");
  assert_int_equal(tu_cli(&out, NULL, "convert", "--to", "json", "input-ids.txt",
                          NULL),
                   0);
  assert_non_null(strstr(out, "{\"id\":null"));
  free(out);
  /* Tatham game IDs, one per line: --id LINE */
  tu_write_file("input-ids.txt", "4:1/2/3/2/2/2/1/3/3/2/1/2/2/1/2/3\n"
                                 "4:2/1/2/3/2/3/1/2/2/2/3/1/1/3/2/2\n");
  assert_int_equal(tu_cli(NULL, &err, "cnf", "input-ids.txt", NULL), 64);
  assert_non_null(strstr(err, "pick one with --id (its id, or for one without, "
                              "the line it starts on: --id 1)"));
  free(err);
  char *one, *two;
  assert_int_equal(tu_cli(&one, NULL, "cnf", "--id", "1", "input-ids.txt", NULL), 0);
  assert_int_equal(tu_cli(&two, NULL, "cnf", "--id", "2", "input-ids.txt", NULL), 0);
  assert_string_not_equal(one, two);
  free(one);
  free(two);
  assert_int_equal(tu_cli(NULL, NULL, "cnf", "--id", "3", "input-ids.txt", NULL), 65);
  remove("input-ids.txt");
}

/* Every record of the shared corpus and bench files reads: their
   metadata keys (source, difficulty, unique, raw) are no slips. */
static void test_corpus_reads(void **state) {
  (void)state;
  static const char *const files[] = {
      "corpus/skyscrapers.jsonl", "corpus/starbattle.jsonl",
      "corpus/futoshiki.jsonl",   "corpus/variants.jsonl",
      "bench/scaling-skyscrapers.jsonl", "bench/scaling-starbattle.jsonl",
      "bench/scaling-futoshiki.jsonl"};
  int total = 0;
  for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
    const char *path = tu_shared(files[f]);
    if (!path)
      continue;
    char *data = tu_read_file(path);
    gc_error e;
    gc_reader *rd = gc_reader_new(data, strlen(data), files[f], NULL, &e);
    assert_non_null(rd);
    gc_puzzle *pz;
    int r;
    while ((r = gc_reader_next(rd, &pz, &e)) != GC_READ_END) {
      if (r != GC_READ_PUZZLE) {
        char buf[600];
        gc_error_format(&e, buf, sizeof buf);
        fail_msg("%s", buf);
      }
      total++;
      gc_puzzle_free(pz);
    }
    gc_reader_free(rd);
    free(data);
  }
  print_message("%d shared records read\n", total);
  assert_true(total >= 802);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_edit_distance),
      cmocka_unit_test(test_misspelt_keys),
      cmocka_unit_test(test_guessed_genre),
      cmocka_unit_test(test_grid_convention),
      cmocka_unit_test(test_partial_with_dots),
      cmocka_unit_test(test_output_reads_back),
      cmocka_unit_test(test_ids_read_back),
  };
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  if (rc)
    return rc;
  if (!tu_shared("corpus/starbattle.jsonl")) {
    print_message("../shared/corpus not found: the corpus part is skipped\n");
    return 77;
  }
  const struct CMUnitTest corpus[] = {cmocka_unit_test(test_corpus_reads)};
  return cmocka_run_group_tests(corpus, NULL, NULL);
}
