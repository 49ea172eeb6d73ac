/*
 * test_formats.c: the formats people paste (formats/format.h).
 *   - every worked example of ../shared/design/formats-and-peers.md reads
 *     to the puzzle it describes (clues, regions, and the solution it
 *     gives), and the writers give the same strings back;
 *   - detection: Tatham IDs, URLs, SBN and Codewars arrays line by line,
 *     Python lists as a whole, JSON (objects, arrays of objects) and the
 *     genres' text notations as before; --format forces a format;
 *   - positioned errors;
 *   - the corpus: every raw in one of these notations reads to the same
 *     neutral record as the record itself, and every corpus puzzle goes to
 *     each format that can hold it and back ("cannot express" counted).
 * Without ../shared the corpus part exits 77 (skipped) after the rest.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

/*------------------------------------------------------------------------*/
/* Helpers                                                                 */

/* Reads every puzzle of text; fails on a read error.  *count puzzles. */
static gc_puzzle **read_all(const char *text, const char *format,
                            const char *genre, int *count) {
  gc_read_options ro = {format, genre};
  gc_error e;
  gc_reader *rd = gc_reader_new(text, strlen(text), "test", &ro, &e);
  if (!rd)
    fail_msg("reader: %s", e.message);
  gc_puzzle **v = calloc(64, sizeof *v);
  int k = 0, r;
  gc_puzzle *pz;
  while ((r = gc_reader_next(rd, &pz, &e)) != GC_READ_END) {
    if (r == GC_READ_ERROR) {
      char buf[600];
      gc_error_format(&e, buf, sizeof buf);
      fail_msg("did not read: %s\n%s", buf, text);
    }
    assert_true(k < 64);
    v[k++] = pz;
  }
  gc_reader_free(rd);
  *count = k;
  return v;
}

static void free_all(gc_puzzle **v, int count) {
  for (int i = 0; i < count; i++)
    gc_puzzle_free(v[i]);
  free(v);
}

/* The one puzzle of text, read with a format (NULL = auto). */
static gc_puzzle *one(const char *text, const char *format, const char *genre) {
  int count;
  gc_puzzle **v = read_all(text, format, genre, &count);
  if (count != 1)
    fail_msg("expected one puzzle, got %d: %s", count, text);
  gc_puzzle *pz = v[0];
  free(v);
  return pz;
}

/* Region ids renumbered in order of first appearance (-1 stays). */
static void renumber(json_t *regions) {
  int map[64];
  for (int i = 0; i < 64; i++)
    map[i] = -1;
  int next = 0;
  for (size_t r = 0; r < json_array_size(regions); r++) {
    json_t *row = json_array_get(regions, r);
    for (size_t c = 0; c < json_array_size(row); c++) {
      json_int_t k = json_integer_value(json_array_get(row, c));
      if (k < 0 || k >= 64)
        continue;
      if (map[k] < 0)
        map[k] = next++;
      json_array_set_new(row, c, json_integer(map[k]));
    }
  }
}

/* The neutral record without id and solution, keys sorted, Star Battle
   regions renumbered. */
static char *canonical(const gc_puzzle *pz) {
  char *s = gc_puzzle_json(pz);
  assert_non_null(s);
  json_t *o = json_loads(s, 0, NULL);
  assert_non_null(o);
  free(s);
  json_object_del(o, "id");
  json_object_del(o, "solution");
  json_t *reg = json_object_get(o, "regions");
  if (reg)
    renumber(reg);
  char *c = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS);
  json_decref(o);
  return c;
}

/* The unique solution as rows "3124/1342/...". */
static void solution_rows(const gc_puzzle *pz, char *buf, size_t size) {
  gc_result res;
  tu_solve(pz, GC_MODE_UNIQUE, &res);
  if (res.status != GC_STATUS_UNIQUE)
    fail_msg("expected a unique solution, got %s", gc_status_name(res.status));
  int n = res.first.n;
  size_t k = 0;
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < n && k + 2 < size; c++)
      buf[k++] = (char)('0' + res.first.cell[r * n + c]);
    if (r + 1 < n && k + 2 < size)
      buf[k++] = '/';
  }
  buf[k] = 0;
  gc_result_free(&res);
}

/* The record's key as compact JSON. */
static char *field(const gc_puzzle *pz, const char *key) {
  char *s = gc_puzzle_json(pz);
  json_t *o = json_loads(s, 0, NULL);
  free(s);
  char *v = json_dumps(json_object_get(o, key), JSON_COMPACT | JSON_ENCODE_ANY);
  json_decref(o);
  return v;
}

static void assert_field(const gc_puzzle *pz, const char *key, const char *want) {
  char *got = field(pz, key);
  if (strcmp(got, want))
    fail_msg("%s: got %s, wanted %s", key, got, want);
  free(got);
}

static char *write_fmt(const gc_puzzle *pz, const char *format) {
  gc_error e;
  char *s = gc_format_write(pz, format, &e);
  if (!s)
    fail_msg("%s: %s", format, e.message);
  return s;
}

/* Reads text expecting an error at line:col whose message holds want. */
static void expect_error(const char *text, const char *format, long line,
                         long col, const char *want) {
  gc_read_options ro = {format, NULL};
  gc_error e;
  gc_reader *rd = gc_reader_new(text, strlen(text), "test", &ro, &e);
  assert_non_null(rd);
  gc_puzzle *pz = NULL;
  int r = gc_reader_next(rd, &pz, &e);
  gc_reader_free(rd);
  if (r != GC_READ_ERROR) {
    gc_puzzle_free(pz);
    fail_msg("expected an error for %s", text);
  }
  if (e.line != line || e.column != col || !strstr(e.message, want))
    fail_msg("%s\n  got %ld:%ld: %s\n  wanted %ld:%ld: ...%s...", text, e.line,
             e.column, e.message, line, col, want);
  assert_true(e.code != GC_OK);
  assert_string_equal(e.path, "");
}

/*------------------------------------------------------------------------*/
/* The worked examples                                                     */

static void test_tatham_examples(void **state) {
  (void)state;
  char sol[200];
  gc_puzzle *pz = one("4:///////3//3///1///,m2b", NULL, NULL);
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "skyscrapers");
  assert_field(pz, "top", "[0,0,0,0]");
  assert_field(pz, "bottom", "[0,0,0,3]");
  assert_field(pz, "left", "[0,3,0,0]");
  assert_field(pz, "right", "[1,0,0,0]");
  assert_field(pz, "givens", "[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,2,0,0]]");
  solution_rows(pz, sol, sizeof sol);
  assert_string_equal(sol, "3124/1342/2413/4231");
  char *w = write_fmt(pz, "tatham");
  assert_string_equal(w, "4:///////3//3///1///,m2b");
  free(w);
  gc_puzzle_free(pz);

  /* the same, linked on Tatham's site: the ID after the page's '#' */
  pz = one("https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/"
           "towers.html#4:///////3//3///1///,m2b",
           NULL, NULL);
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "skyscrapers");
  assert_field(pz, "givens", "[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,2,0,0]]");
  solution_rows(pz, sol, sizeof sol);
  assert_string_equal(sol, "3124/1342/2413/4231");
  gc_puzzle_free(pz);

  pz = one("5:/3//2//3//1/////3//3//3///2,b2v", NULL, NULL);
  assert_field(pz, "top", "[0,3,0,2,0]");
  assert_field(pz, "bottom", "[3,0,1,0,0]");
  assert_field(pz, "left", "[0,0,3,0,3]");
  assert_field(pz, "right", "[0,3,0,0,2]");
  solution_rows(pz, sol, sizeof sol);
  assert_string_equal(sol, "41235/54123/32451/15342/23514");
  w = write_fmt(pz, "tatham");
  assert_string_equal(w, "5:/3//2//3//1/////3//3//3///2,b2v");
  free(w);
  gc_puzzle_free(pz);

  /* the difficulty in the params is read and dropped */
  pz = one("5dx:/3//2//3//1/////3//3//3///2,b2v", NULL, NULL);
  w = write_fmt(pz, "tatham");
  assert_string_equal(w, "5:/3//2//3//1/////3//3//3///2,b2v");
  free(w);
  gc_puzzle_free(pz);

  pz = one("4:0,0,0,0,0R,0,2D,0,0,0,0,0,4,0,0,0,", NULL, NULL);
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "futoshiki");
  assert_field(pz, "givens", "[[0,0,0,0],[0,0,2,0],[0,0,0,0],[4,0,0,0]]");
  assert_field(pz, "lt", "[[1,1,1,0],[2,2,1,2]]");
  solution_rows(pz, sol, sizeof sol);
  assert_string_equal(sol, "1342/3124/2413/4231");
  w = write_fmt(pz, "tatham");
  assert_string_equal(w, "4:0,0,0,0,0R,0,2D,0,0,0,0,0,4,0,0,0,");
  free(w);
  gc_puzzle_free(pz);

  pz = one("4dk:3,0,0,0D,0,0U,0,0,0,0,2,0,0,0,0L,1,", NULL, NULL);
  assert_field(pz, "givens", "[[3,0,0,0],[0,0,0,0],[0,0,2,0],[0,0,0,1]]");
  solution_rows(pz, sol, sizeof sol);
  assert_string_equal(sol, "3214/1432/4123/2341");
  w = write_fmt(pz, "tatham");
  assert_string_equal(w, "4:3,0,0,0D,0,0U,0,0,0,0,2,0,0,0,0L,1,");
  free(w);
  gc_puzzle_free(pz);

  /* valid but never generated: letters skip cells, no final ',' */
  pz = one("4:d3,j1", NULL, NULL);
  assert_field(pz, "givens", "[[0,0,0,0],[3,0,0,0],[0,0,0,0],[0,0,0,1]]");
  gc_puzzle_free(pz);

  /* a seed is refused, saying why */
  expect_error("5de#123456789\n", NULL, 1, 4, "random seed");
}

/* Found by fuzzing (tests/fuzz/fuzz_reader.c): a 1 x 1 Star Battle has no
   borders, so its URL ends in an empty field, and the reader, which drops
   a trailing '/', then asked for the borders. */
static void test_puzzlink_one_cell(void **state) {
  (void)state;
  gc_puzzle *pz = one("{\"genre\":\"starbattle\",\"n\":1,\"regions\":[[0]]}",
                      NULL, NULL);
  char *w = write_fmt(pz, "puzzlink");
  assert_string_equal(w, "https://puzz.link/p?starbattle/1/1/1/");
  gc_puzzle *back = one(w, NULL, NULL);
  assert_int_equal(gc_puzzle_n(back), 1);
  assert_field(back, "regions", "[[0]]");
  gc_puzzle_free(back);
  back = one("https://puzz.link/p?starbattle/1/1/1", "puzzlink", NULL);
  assert_int_equal(gc_puzzle_n(back), 1);
  gc_puzzle_free(back);
  free(w);
  gc_puzzle_free(pz);
  /* A larger board still needs its borders. */
  expect_error("https://puzz.link/p?starbattle/2/2/1", "puzzlink", 1, 37,
               "expected '/' and the borders after the number of stars");
}

static void test_puzzlink_examples(void **state) {
  (void)state;
  char sol[200];
  gc_puzzle *pz = one("https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk", NULL, NULL);
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "starbattle");
  assert_field(pz, "stars", "1");
  assert_field(pz, "regions",
               "[[0,0,0,0,1,1],[0,2,3,0,1,1],[2,2,3,3,3,1],[2,1,1,1,1,1],"
               "[2,4,4,1,4,5],[2,2,4,4,4,5]]");
  solution_rows(pz, sol, sizeof sol);
  /* stars at (0,1) (1,4) (2,2) (3,0) (4,5) (5,3) */
  assert_string_equal(sol, "010000/000010/001000/100000/000001/000100");
  char *w = write_fmt(pz, "url");
  assert_string_equal(w, "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk");
  free(w);
  gc_puzzle_free(pz);

  pz = one("https://puzz.link/p?starbattle/10/10/2/5g252c2qkgbakk98igse7g88cp3730so000u",
           NULL, NULL);
  solution_rows(pz, sol, sizeof sol);
  /* star columns r0 {0,2}, r1 {4,9}, r2 {1,7}, r3 {5,9}, r4 {3,7},
     r5 {1,5}, r6 {3,8}, r7 {0,6}, r8 {2,4}, r9 {6,8} */
  assert_string_equal(sol, "1010000000/0000100001/0100000100/0000010001/"
                           "0001000100/0100010000/0001000010/1000001000/"
                           "0010100000/0000001010");
  w = write_fmt(pz, "puzzlink");
  assert_string_equal(
      w, "https://puzz.link/p?starbattle/10/10/2/5g252c2qkgbakk98igse7g88cp3730so000u");
  free(w);
  gc_puzzle_free(pz);

  pz = one("https://puzz.link/p?skyscrapers/4/4/k13h4j3g", NULL, NULL);
  assert_field(pz, "top", "[0,0,0,0]");
  assert_field(pz, "bottom", "[0,1,3,0]");
  assert_field(pz, "left", "[0,4,0,0]");
  assert_field(pz, "right", "[0,0,3,0]");
  solution_rows(pz, sol, sizeof sol);
  assert_string_equal(sol, "2143/1234/4312/3421");
  w = write_fmt(pz, "url");
  assert_string_equal(w, "https://puzz.link/p?skyscrapers/4/4/k13h4j3g");
  free(w);
  gc_puzzle_free(pz);

  pz = one("https://puzz.link/p?building/5/5/g2l4g2h4h4h2", NULL, NULL);
  assert_field(pz, "top", "[0,2,0,0,0]");
  assert_field(pz, "bottom", "[0,0,0,4,0]");
  assert_field(pz, "left", "[2,0,0,4,0]");
  assert_field(pz, "right", "[0,4,0,0,2]");
  solution_rows(pz, sol, sizeof sol);
  assert_string_equal(sol, "31254/45321/53142/12435/24513");
  w = write_fmt(pz, "url");
  assert_string_equal(w, "https://puzz.link/p?skyscrapers/5/5/g2l4g2h4h4h2");
  free(w);
  gc_puzzle_free(pz);

  /* the constructed cell section: u skips 15 cells, then 1 */
  pz = one("https://puzz.link/p?skyscrapers/4/4/k13h4j3gu1", NULL, NULL);
  assert_field(pz, "givens", "[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,1]]");
  w = write_fmt(pz, "url");
  assert_string_equal(w, "https://puzz.link/p?skyscrapers/4/4/k13h4j3gu1");
  free(w);
  gc_puzzle_free(pz);

  /* the variants: other hosts, type=, _edit, v:, a bare body, '/' at the end */
  static const char *const same[] = {
      "http://pzv.jp/p.html?skyscrapers/4/4/k13h4j3g",
      "https://pzprxs.vercel.app/p?skyscrapers/4/4/k13h4j3g",
      "https://puzz.link/p?type=editor&skyscrapers_edit/4/4/k13h4j3g",
      "https://puzz.link/p?skyscrapers_play/v:1/4/4/k13h4j3g/",
      "https://puzz.link/p?skyscraper/4/4/k13h4j3g",
      "puzz.link/p?skyscrapers/4/4/k13h4j3g",
      "skyscrapers/4/4/k13h4j3g",
  };
  gc_puzzle *ref = one("https://puzz.link/p?skyscrapers/4/4/k13h4j3g", NULL, NULL);
  char *want = canonical(ref);
  for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
    pz = one(same[i], NULL, NULL);
    char *got = canonical(pz);
    if (strcmp(got, want))
      fail_msg("%s\n%s\n%s", same[i], got, want);
    free(got);
    gc_puzzle_free(pz);
  }
  free(want);
  gc_puzzle_free(ref);
  pz = one("https://puzz.link/p?type=player&starbattle_edit/6/6/1/2u9gn9c9jpmk", NULL, NULL);
  assert_field(pz, "stars", "1");
  gc_puzzle_free(pz);
}

static void test_sbn_codewars_pylists_examples(void **state) {
  (void)state;
  char sol[200];
  gc_puzzle *pz = one("551WErzW6FG", NULL, NULL);
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "starbattle");
  assert_field(pz, "regions",
               "[[0,1,2,3,3],[0,1,2,2,3],[0,0,2,4,3],[0,3,4,4,3],[0,3,3,3,3]]");
  char *w = write_fmt(pz, "sbn");
  assert_string_equal(w, "551WErzW6FG");
  free(w);
  gc_puzzle_free(pz);
  /* history and annotations are skipped */
  pz = one("551WErzW6FG~h:abc", NULL, NULL);
  gc_puzzle_free(pz);

  pz = one("[0,0,1,2, 0,2,0,0, 0,3,0,0, 0,1,0,0]", NULL, NULL);
  assert_field(pz, "top", "[0,0,1,2]");
  assert_field(pz, "right", "[0,2,0,0]");
  assert_field(pz, "bottom", "[0,0,3,0]");
  assert_field(pz, "left", "[0,0,1,0]");
  solution_rows(pz, sol, sizeof sol);
  assert_string_equal(sol, "2143/3412/4231/1324");
  w = write_fmt(pz, "codewars");
  assert_string_equal(w, "[0, 0, 1, 2, 0, 2, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0]");
  free(w);
  gc_puzzle_free(pz);

  pz = one("[0,0,0,2,2,0, 0,0,0,6,3,0, 0,4,0,0,0,0, 4,4,0,3,0,0]", NULL, NULL);
  solution_rows(pz, sol, sizeof sol);
  assert_string_equal(sol, "561432/413265/236154/654321/125643/342516");
  gc_puzzle_free(pz);

  pz = one("[6,4,0,2,0,0,3, 0,3,3,3,0,0,4, 0,5,0,5,0,2,0, 0,0,0,4,0,0,3]", NULL, NULL);
  w = write_fmt(pz, "tatham");
  assert_string_equal(w, "7:6/4//2///3//2//5//5//3///4/////3/3/3///4");
  free(w);
  gc_puzzle_free(pz);

  /* SandroWissmann's partial puzzles: the array, then board= */
  pz = one("[4, 1, 4, 2, 3, 3, 2, 1, 3, 4, 2, 3, 2, 2, 1, 1, 2, 4, 2, 2] "
           "board=[[0, 0, 0, 4, 3], [0, 0, 2, 0, 0], [1, 0, 0, 0, 5], "
           "[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]",
           NULL, NULL);
  assert_field(pz, "bottom", "[1,2,2,3,2]");
  assert_field(pz, "left", "[2,2,4,2,1]");
  assert_field(pz, "givens",
               "[[0,0,0,4,3],[0,0,2,0,0],[1,0,0,0,5],[0,0,0,0,0],[0,0,0,0,0]]");
  gc_error e;
  assert_null(gc_format_write(pz, "codewars", &e));
  assert_int_equal(e.code, GC_E_UNSUPPORTED);
  assert_non_null(strstr(e.message, "cannot express: a Codewars clue array "
                                    "carries no givens"));
  gc_puzzle_free(pz);

  /* seed 000: two statements, several lines, comments */
  const char *py = "# from the blog post\n"
                   "ss_44 = [[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]\n"
                   "ss_44_constlist = [([0,1],4),\n"
                   "   ([3,3],1)]  # two givens\n"
                   "\n"
                   "other = [[0,0,0],[0,0,0],[0,0,0],[0,0,0]]\n";
  int count;
  gc_puzzle **v = read_all(py, NULL, NULL, &count);
  assert_int_equal(count, 2);
  assert_string_equal(gc_puzzle_id(v[0]), "ss_44");
  assert_field(v[0], "left", "[1,0,0,0]");
  assert_field(v[0], "givens", "[[0,4,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,1]]");
  assert_string_equal(gc_puzzle_id(v[1]), "other");
  assert_int_equal(gc_puzzle_line(v[1]), 6);
  assert_int_equal(gc_puzzle_n(v[1]), 3);
  w = write_fmt(v[0], "pylists");
  assert_string_equal(w, "ss_44 = [[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]\n"
                         "ss_44_constlist = [([0,1],4),([3,3],1)]");
  free(w);
  free_all(v, count);
}

/*------------------------------------------------------------------------*/
/* The accepted quirks: a UTF-8 byte-order mark and CRLF line ends read as
   plain LF text does, in every format and in the genres' own notations.    */

static char *with_bom_crlf(const char *text) {
  char *out = malloc(3 + 2 * strlen(text) + 1), *o = out;
  memcpy(o, "\xEF\xBB\xBF", 3);
  o += 3;
  for (const char *p = text; *p; p++) {
    if (*p == '\n')
      *o++ = '\r';
    *o++ = *p;
  }
  *o = 0;
  return out;
}

static void test_bom_crlf(void **state) {
  (void)state;
  static const char *const inputs[] = {
      "{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0,1,2]}\n",
      "{\"genre\":\"skyscrapers\",\n \"n\":2}\n",
      "skyscrapers\n  . . 1 2\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\n  . . . .\n",
      "futoshiki\n0 0<0\n  ^\n0 0 0\n\n2 0 0\n",
      "starbattle 1\nAAB\nACB\nCCB\n",
      "parks=[[0, 1, 1], [0, 2, 1], [2, 2, 1]], m=1, n=3\n",
      "# two IDs\n4:///////3//3///1///,m2b\n4:0,0,0,0,0R,0,2D,0,0,0,0,0,4,0,0,0,\n",
      "https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk\n",
      "551WErzW6FG\n",
      "[0, 0, 1, 2, 0, 2, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0]\n",
      "ss_1 = [[1,0],[0,0],\n  [0,0],[0,0]]\nss_1_constlist = [([0,0],1),\n  ([1,1],1)]\n",
  };
  for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
    int n1, n2;
    gc_puzzle **a = read_all(inputs[i], NULL, NULL, &n1);
    char *quirky = with_bom_crlf(inputs[i]);
    gc_puzzle **b = read_all(quirky, NULL, NULL, &n2);
    assert_true(n1 >= 1);
    assert_int_equal(n1, n2);
    for (int k = 0; k < n1; k++) {
      char *ca = canonical(a[k]), *cb = canonical(b[k]);
      assert_string_equal(ca, cb);
      assert_int_equal(gc_puzzle_line(a[k]), gc_puzzle_line(b[k]));
      free(ca);
      free(cb);
    }
    free(quirky);
    free_all(a, n1);
    free_all(b, n2);
  }
}

/*------------------------------------------------------------------------*/
/* Detection                                                               */

static void test_detection(void **state) {
  (void)state;
  int count;
  /* one puzzle per line, in any of the one-line formats; comments */
  const char *mixed = "# pasted\n"
                      "4:///////3//3///1///,m2b   # a Towers ID\n"
                      "\n"
                      "  https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmk\r\n"
                      "551WErzW6FG\n"
                      "[0, 0, 1, 2, 0, 2, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0]\n"
                      "4:0,0,0,0,0R,0,2D,0,0,0,0,0,4,0,0,0,\n";
  gc_puzzle **v = read_all(mixed, NULL, NULL, &count);
  assert_int_equal(count, 5);
  static const char *const genre[] = {"skyscrapers", "starbattle", "starbattle",
                                      "skyscrapers", "futoshiki"};
  static const long line[] = {2, 4, 5, 6, 7};
  for (int i = 0; i < 5; i++) {
    assert_string_equal(gc_genre_name(gc_puzzle_genre(v[i])), genre[i]);
    assert_int_equal(gc_puzzle_line(v[i]), line[i]);
  }
  free_all(v, count);

  /* JSON: an array of objects, on one line or spread out */
  const char *rec = "{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0,1,2]}";
  char buf[512];
  snprintf(buf, sizeof buf, "[%s, %s]", rec, rec);
  v = read_all(buf, NULL, NULL, &count);
  assert_int_equal(count, 2);
  free_all(v, count);
  snprintf(buf, sizeof buf, "[\n  %s,\n  %s\n]\n", rec, rec);
  v = read_all(buf, NULL, NULL, &count);
  assert_int_equal(count, 2);
  free_all(v, count);
  /* a short array of numbers is JSON, and no record */
  expect_error("[1,2,3]", NULL, 1, 1, "expected a puzzle record");
  /* from 12 numbers on it is a clue array with a wrong count */
  expect_error("[0,0,1,2,0,2,0,0,0,3,0,0,0]", NULL, 1, 27, "expected 4n clues");
  /* an array of 4n numbers is a clue array, also forced */
  gc_puzzle *pz = one("[1, 0, 0, 0]", NULL, NULL);
  assert_int_equal(gc_puzzle_n(pz), 1);
  gc_puzzle_free(pz);
  pz = one("  [0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0]", "codewars", NULL);
  gc_puzzle_free(pz);

  /* the genres' text notations are untouched */
  pz = one("skyscrapers\n  . . 1 2\n. . . . . .\n. . . . . 2\n1 . . . . .\n"
           ". . . . . .\n  . . 3 .\n",
           NULL, NULL);
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "skyscrapers");
  gc_puzzle_free(pz);
  pz = one("AAABCD\nAAABCD\nBBBBCD\nBBECCD\nFEECCD\nFFEECC\n", NULL, NULL);
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "starbattle");
  gc_puzzle_free(pz);
  pz = one("parks=[[0, 1, 1], [0, 2, 1], [2, 2, 1]], m=1, n=3\n", NULL, NULL);
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "starbattle");
  gc_puzzle_free(pz);
  pz = one("0 0<0\n\n0 0 0\n^\n0 0 0\n", NULL, NULL);
  assert_string_equal(gc_genre_name(gc_puzzle_genre(pz)), "futoshiki");
  gc_puzzle_free(pz);

  /* forcing: --format names a format (or an alias) */
  pz = one("skyscrapers/4/4/k13h4j3g", "url", NULL);
  gc_puzzle_free(pz);
  expect_error("551WErzW6FG", "tatham", 1, 4, "expected ':' and the game description");
  expect_error("x551WErzW6FG", "tatham", 1, 1, "expected the size");
  gc_error e;
  gc_read_options ro = {"nosuch", NULL};
  assert_null(gc_reader_new("x", 1, "t", &ro, &e));
  assert_int_equal(e.code, GC_E_USAGE);
  assert_non_null(strstr(e.message, "tatham"));

  /* in a file of IDs, a line that is none is an error; the batch goes on */
  gc_read_options ra = {NULL, NULL};
  const char *bad = "4:///////3//3///1///,m2b\nnot an id\n551WErzW6FG\n";
  gc_reader *rd = gc_reader_new(bad, strlen(bad), "t", &ra, &e);
  assert_int_equal(gc_reader_next(rd, &pz, &e), GC_READ_PUZZLE);
  gc_puzzle_free(pz);
  assert_int_equal(gc_reader_next(rd, &pz, &e), GC_READ_ERROR);
  assert_int_equal(e.line, 2);
  assert_int_equal(gc_reader_next(rd, &pz, &e), GC_READ_PUZZLE);
  gc_puzzle_free(pz);
  assert_int_equal(gc_reader_next(rd, &pz, &e), GC_READ_END);
  gc_reader_free(rd);

  /* the registry */
  assert_int_equal(gc_format_count(), 9);
  assert_string_equal(gc_format_name(0), "pylists");
  assert_string_equal(gc_format_name(1), "dzn");
  assert_string_equal(gc_format_name(2), "tatham");
  assert_string_equal(gc_format_name(3), "puzzlink");
  assert_string_equal(gc_format_name(4), "sbn");
  assert_string_equal(gc_format_name(5), "codewars");
  assert_string_equal(gc_format_name(6), "futoshikiorg");
  assert_string_equal(gc_format_name(7), "asp"); /* written only */
  assert_string_equal(gc_format_name(8), "lp");
  assert_null(gc_format_name(9));
  assert_true(gc_format_known("url") && gc_format_known("TATHAM"));
  assert_false(gc_format_known("json"));
}

/*------------------------------------------------------------------------*/
/* Errors                                                                  */

static void test_errors(void **state) {
  (void)state;
  /* what was expected, and where: the offset in the ID + its column */
  expect_error("5:/3//2//3//1/////3//3//3///2x", NULL, 1, 30,
               "expected ',' after the 20 clues of size 5, got 'x'");
  expect_error("   5:/3//2//3//1/////3//3//3///2x", NULL, 1, 33,
               "expected ',' after the 20 clues");
  expect_error("# two\n\n4:////", NULL, 3, 7, "expected 16 clues for size 4");
  expect_error("4:5///////////////", NULL, 1, 3, "clue 5 is out of range 1..4");
  expect_error("4:////////////////", NULL, 1, 18, "too many clues");
  expect_error("4:///////3//3///1///,m2", NULL, 1, 24, "not enough data");
  expect_error("4:///////3//3///1///,m2c", NULL, 1, 24, "too much data");
  expect_error("4:///////3//3///1///,4_", NULL, 1, 23, "unexpected '_'");
  expect_error("4ax:0,0", NULL, 1, 3, "expected ':'");
  expect_error("5a:0,0", NULL, 1, 7, "not enough data");
  expect_error("4a:///////3//3///1///", NULL, 1, 2, "Adjacent mode");
  expect_error("4dq:0,0", NULL, 1, 3, "unknown Unequal difficulty 'q'");
  expect_error("4:0,0,0,0,0R,0,2D,0,0,0,0,0,4,0,0", NULL, 1, 34, "not enough data");
  expect_error("4:0,0,0,0,0R,0,2D,0,0,0,0,0,4,0,0,0,0", NULL, 1, 37, "too much data");
  expect_error("4:0,0,0,0R,0,0,0,0,0,0,0,0,0,0,0,0", NULL, 1, 10,
               "flag 'R' on r1c4 points off the grid");
  expect_error("4:0,0,0,0,0RR,0,0,0,0,0,0,0,0,0,0,0", NULL, 1, 13, "flag 'R' twice");
  expect_error("4:0,0,5,0,0,0,0,0,0,0,0,0,0,0,0,0", NULL, 1, 7, "5 is out of range 0..4");
  expect_error("4:0,0,0 0,0,0,0,0,0,0,0,0,0,0,0,0", NULL, 1, 8, "expected ',' after cell 3");
  /* an error the genre finds points at the value it came from */
  expect_error("4:1,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0", NULL, 1, 9, "1 is given twice in row 1");
  expect_error("4:///////3//3///1///,a2a2l", NULL, 1, 25, "2 is given twice in row 1");
  expect_error("https://puzz.link/p?skyscrapers/4/4/k13h4j3gu1b1", NULL, 1, 47,
               "too many cells");
  expect_error("https://puzz.link/p?skyscrapers/4/5/k13h4j3g", NULL, 1, 35,
               "4 columns by 5 rows");
  expect_error("https://puzz.link/p?starbattle/6/6/1/2u9gn9", NULL, 1, 38,
               "the borders make 1 region; a 6 x 6 Star Battle has 6");
  expect_error("https://puzz.link/p?starbattle/6/6/1/2u9gn9c9jpmkzz", NULL, 1, 50,
               "unexpected text after the 12 border digits");
  expect_error("https://puzz.link/p?starbattle/6/6/1/2u9g!9c9jpmk", NULL, 1, 42,
               "expected a border digit");
  expect_error("https://puzz.link/p?nurikabe/6/6/abc", NULL, 1, 21,
               "puzz.link genre 'nurikabe'");
  /* the notes' other URLs: minarism (no givens, not read) and pzprjs's
     rectangular boards */
  expect_error("https://puzz.link/p?minarism/5/5/2jhigjhkhj4l2r2ihi3l", NULL, 1, 21,
               "puzz.link genre 'minarism' is not one gridcnf reads");
  expect_error("https://puzz.link/p?skyscrapers/3/5/1235433212312321", NULL, 1, 35,
               "3 columns by 5 rows");
  expect_error("https://puzz.link/p?skyscrapers/2/1/j1g", NULL, 1, 35,
               "2 columns by 1 rows");
  expect_error("https://puzz.link/p?starbattle/6/6/9/2u9gn9c9jpmk", NULL, 1, 36,
               "stars 9 is out of range");
  expect_error("551WErzW6F", NULL, 1, 11, "expected 7 border characters");
  expect_error("551WErzW6FG!", NULL, 1, 12, "expected the end after the 7 border");
  expect_error("561WErzW6FG", NULL, 1, 2, "expected the size twice");
  expect_error("[0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,7]", NULL, 1, 32,
               "clue 7 is out of range 0..4");
  expect_error("[0,0,1,2,0,2,0,0,0,3,0,0,0,1,0,0] board=[[1,0,0,0],[0,0,0,0]]", NULL,
               1, 61, "expected ',' and row 3");
  expect_error("ss = [[1,2],[0,0],[0,0,0],[0,0]]", NULL, 1, 19,
               "the top clues are 3 numbers, expected 2");
  expect_error("ss = [[1,0],[0,0],[0,0],[0,0]]\nss_constlist = [([0,0],1),\n([2,0],1)]",
               NULL, 3, 3, "cell [2, 0] is off the 2 x 2 grid");
  expect_error("ss = [[0,0],[0,0],[0,0],[0,0]]\nss_constlist = [([0,0],1),([0,1],1)]",
               NULL, 2, 34, "1 is given twice in row 1");
  expect_error("ss = [[0,0],[0,0],[0,0],[0,0]]\nxx_constlist = [([0,0],1)]", NULL, 2,
               1, "expected the givens of 'ss' ('ss_constlist'), got 'xx_constlist'");
}

/* The CLI: convert --to every format, cannot express, the option checks. */
static void test_cli(void **state) {
  (void)state;
  char dir[] = "/tmp/gridcnf-test-formats-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char path[300];
  snprintf(path, sizeof path, "%s/in.txt", dir);
  FILE *f = fopen(path, "w");
  fputs("4:///////3//3///1///,m2b\n[0, 0, 1, 2, 0, 2, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0]\n", f);
  fclose(f);
  char *out, *err;
  assert_int_equal(tu_cli(&out, &err, "convert", "--to", "codewars", path, NULL), 65);
  assert_non_null(strstr(out, "[0, 0, 1, 2, 0, 2, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0]\n"));
  char want[400];
  snprintf(want, sizeof want,
           "gridcnf: %s:1: cannot express: a Codewars clue array carries no "
           "givens (this puzzle has 1)\n",
           path);
  assert_string_equal(err, want);
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "convert", "--to", "tatham", path, NULL), 0);
  assert_string_equal(out, "4:///////3//3///1///,m2b\n4://1/2///3////1///2//\n");
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "convert", "--to", "url", path, NULL), 0);
  /* m: 7 clues skipped, 3, g: 1 skipped, 3, ...; s: 13 cells skipped, 2 */
  assert_string_equal(out, "https://puzz.link/p?skyscrapers/4/4/m3g3h1is2h\n"
                           "https://puzz.link/p?skyscrapers/4/4/h12h3i1h2h\n");
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "convert", "--to", "sbn", path, NULL), 65);
  assert_non_null(strstr(err, "cannot express: Star Battle Notation holds Star "
                              "Battle only, not skyscrapers"));
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "solve", "--format", "tatham", path, NULL), 65);
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "convert", "--to", "pylists", path, NULL), 0);
  assert_non_null(strstr(out, "puzzle = [[0,3,0,0],[1,0,0,0],[0,0,0,0],[0,0,0,3]]\n"
                              "puzzle_constlist = [([3,1],2)]\n"));
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "convert", "--to", "nosuch", path, NULL), 64);
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "solve", "--format", "nosuch", path, NULL), 64);
  free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "help", "formats", NULL), 0);
  assert_non_null(strstr(out, "codewars"));
  free(out), free(err);
  unlink(path);
  rmdir(dir);
}

/*------------------------------------------------------------------------*/
/* The corpus                                                              */

static const char *const corpus_files[] = {
    "corpus/skyscrapers.jsonl", "corpus/starbattle.jsonl",
    "corpus/futoshiki.jsonl", "corpus/variants.jsonl"};

/* Is this record's raw in a notation gridcnf reads?  The genre hint the
   notation needs (the seed texts), or "" when none. */
static const char *raw_kind(const char *id) {
  static const char *const pasted[] = {"tatham-towers-", "tatham-unequal-",
                                       "starbattlelab-", "queens-community-",
                                       "seed-000-", "seed-003-", "sandro-"};
  for (size_t i = 0; i < sizeof pasted / sizeof pasted[0]; i++)
    if (!strncmp(id, pasted[i], strlen(pasted[i])))
      return "";
  if (!strncmp(id, "seed-001-", 9))
    return "starbattle";
  if (!strncmp(id, "seed-002-", 9))
    return "futoshiki";
  return NULL;
}

static void test_corpus_raws(void **state) {
  (void)state;
  int parsed = 0, skipped = 0;
  for (size_t f = 0; f < sizeof corpus_files / sizeof corpus_files[0]; f++) {
    const char *path = tu_shared(corpus_files[f]);
    if (!path)
      continue;
    char *data;
    size_t len;
    gc_error e;
    assert_int_equal(gc_read_file(path, &data, &len, 0, &e), 0);
    char *save = NULL;
    for (char *ln = strtok_r(data, "\n", &save); ln; ln = strtok_r(NULL, "\n", &save)) {
      json_t *o = json_loads(ln, 0, NULL);
      assert_non_null(o);
      const char *id = json_string_value(json_object_get(o, "id"));
      const char *raw = json_string_value(json_object_get(o, "raw"));
      const char *hint = id ? raw_kind(id) : NULL;
      if (!raw || !hint) {
        skipped++;
        json_decref(o);
        continue;
      }
      gc_puzzle *want = one(ln, NULL, NULL);
      gc_puzzle *got = one(raw, NULL, hint[0] ? hint : NULL);
      char *a = canonical(want), *b = canonical(got);
      if (strcmp(a, b))
        fail_msg("%s: the raw reads as\n%s\nnot\n%s", id, b, a);
      free(a), free(b);
      gc_puzzle_free(want);
      gc_puzzle_free(got);
      json_decref(o);
      parsed++;
    }
    free(data);
  }
  print_message("corpus raws: %d read to their records (%d in other notations "
                "or none)\n",
                parsed, skipped);
  assert_true(parsed >= 682);
}

static void test_corpus_round_trip(void **state) {
  (void)state;
  static const char *const fmts[] = {"tatham", "puzzlink", "sbn", "codewars",
                                     "pylists"};
  enum { NF = sizeof fmts / sizeof fmts[0] };
  int ok[NF] = {0}, cannot[NF] = {0}, same_raw = 0, puzzles = 0;
  for (size_t f = 0; f < sizeof corpus_files / sizeof corpus_files[0]; f++) {
    const char *path = tu_shared(corpus_files[f]);
    if (!path)
      continue;
    char *data;
    size_t len;
    gc_error e;
    assert_int_equal(gc_read_file(path, &data, &len, 0, &e), 0);
    char *save = NULL;
    for (char *ln = strtok_r(data, "\n", &save); ln; ln = strtok_r(NULL, "\n", &save)) {
      json_t *o = json_loads(ln, 0, NULL);
      const char *id = json_string_value(json_object_get(o, "id"));
      const char *raw = json_string_value(json_object_get(o, "raw"));
      gc_puzzle *pz = one(ln, NULL, NULL);
      char *want = canonical(pz);
      puzzles++;
      for (int k = 0; k < NF; k++) {
        char *s = gc_format_write(pz, fmts[k], &e);
        if (!s) {
          if (e.code != GC_E_UNSUPPORTED || strncmp(e.message, "cannot express: ", 16))
            fail_msg("%s to %s: %s", id, fmts[k], e.message);
          cannot[k]++;
          continue;
        }
        /* detected on its own, and forced */
        for (int forced = 0; forced < 2; forced++) {
          gc_puzzle *back = one(s, forced ? fmts[k] : NULL, NULL);
          char *got = canonical(back);
          if (strcmp(want, got))
            fail_msg("%s via %s:\n%s\n%s\n%s", id, fmts[k], s, want, got);
          free(got);
          gc_puzzle_free(back);
        }
        /* the source's own string comes back as it was */
        if (raw && ((k == 0 && !strncmp(id, "tatham-", 7)) ||
                    (k == 2 && !strncmp(id, "starbattlelab-", 14)) ||
                    (k == 3 && raw[0] == '[' && !strstr(raw, "board")))) {
          if (strcmp(s, raw))
            fail_msg("%s: wrote %s, the source has %s", id, s, raw);
          same_raw++;
        }
        free(s);
        ok[k]++;
      }
      free(want);
      gc_puzzle_free(pz);
      json_decref(o);
    }
    free(data);
  }
  int total_ok = 0, total_cannot = 0;
  for (int k = 0; k < NF; k++) {
    print_message("  %-9s %4d round trips, %4d cannot express\n", fmts[k], ok[k],
                  cannot[k]);
    total_ok += ok[k];
    total_cannot += cannot[k];
  }
  print_message("round trips: %d corpus puzzles, %d round trips (each read back "
                "detected and forced), %d cannot express; %d written exactly "
                "as their source's raw\n",
                puzzles, total_ok, total_cannot, same_raw);
  assert_true(puzzles >= 800);
  assert_int_equal(total_ok + total_cannot, NF * puzzles);
  assert_true(same_raw >= 56 + 70 + 30 + 16);
}

int main(void) {
  const struct CMUnitTest own[] = {
      cmocka_unit_test(test_tatham_examples),
      cmocka_unit_test(test_puzzlink_examples),
      cmocka_unit_test(test_puzzlink_one_cell),
      cmocka_unit_test(test_sbn_codewars_pylists_examples),
      cmocka_unit_test(test_detection),
      cmocka_unit_test(test_bom_crlf),
      cmocka_unit_test(test_errors),
      cmocka_unit_test(test_cli),
  };
  int rc = cmocka_run_group_tests(own, NULL, NULL);
  if (rc)
    return rc;
  if (!tu_shared("corpus/skyscrapers.jsonl")) {
    printf("../shared/corpus is absent: corpus raws and round trips skipped\n");
    return 77;
  }
  const struct CMUnitTest corpus[] = {
      cmocka_unit_test(test_corpus_raws),
      cmocka_unit_test(test_corpus_round_trip),
  };
  return cmocka_run_group_tests(corpus, NULL, NULL);
}
