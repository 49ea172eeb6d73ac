/*
 * test_render.c: `gridcnf render`, text and SVG.  For each genre and
 * variant the picture is drawn with and without --solution, checked for
 * well-formed XML (xmllint), rendered to PNG (rsvg-convert), and its
 * elements are counted by class against the puzzle's own JSON record:
 * one "clue" per non-zero clue, one "given" per given digit, one
 * "solution" per solved cell that was not given, one "star" per star (n*m),
 * one "sign" per inequality, one "region-border" per pair of neighbouring
 * cells in different regions (the outer frame is its own <rect
 * class="frame"> and not counted), one "box-border" per pair of
 * neighbouring cells in different Sudoku boxes.  Then the batch: --out-dir
 * names files by id, several puzzles without --out-dir is a usage error,
 * and a puzzle with no solution is drawn alone with exit 1.
 * xmllint and rsvg-convert are skipped (with a message) when not installed.
 */
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"

static int have_xmllint, have_rsvg;

static int setup(void **state) {
  (void)state;
  have_xmllint = system("command -v xmllint >/dev/null 2>&1") == 0;
  have_rsvg = system("command -v rsvg-convert >/dev/null 2>&1") == 0;
  if (!have_xmllint)
    print_message("xmllint not found (package libxml2-utils): XML not checked\n");
  if (!have_rsvg)
    print_message("rsvg-convert not found (package librsvg2-bin): PNG not checked\n");
  return tu_tmp_open("render");
}

/* How many elements carry exactly this class. */
static int count_class(const char *svg, const char *cls) {
  char pat[64];
  snprintf(pat, sizeof pat, "class=\"%s\"", cls);
  int k = 0;
  for (const char *p = strstr(svg, pat); p; p = strstr(p + 1, pat))
    k++;
  return k;
}

/* The SVG file is well-formed XML and rsvg-convert draws a PNG of it. */
static void check_file(const char *svg_path) {
  char cmd[1400];
  if (have_xmllint) {
    snprintf(cmd, sizeof cmd, "xmllint --noout '%s'", svg_path);
    if (system(cmd) != 0)
      fail_msg("xmllint rejects %s", svg_path);
  }
  if (have_rsvg) {
    char png[600];
    snprintf(png, sizeof png, "%s.png", svg_path);
    unlink(png);
    snprintf(cmd, sizeof cmd, "rsvg-convert -o '%s' '%s'", png, svg_path);
    if (system(cmd) != 0)
      fail_msg("rsvg-convert fails on %s", svg_path);
    struct stat st;
    assert_int_equal(stat(png, &st), 0);
    assert_true(st.st_size > 0);
  }
}

static void check_string(const char *svg, const char *name) {
  check_file(tu_tmp_write(name, svg));
}

/* What a picture of the puzzle must hold, from its JSON record. */
typedef struct expect {
  int clue, given, sign, star, region_border, box_border, no_region, n;
  int frame, cell; /* the outer frame; Futoshiki's cell boxes */
} expect;

static int nonzero(const json_t *a) {
  int k = 0;
  size_t i;
  json_t *v;
  json_array_foreach(a, i, v) {
    if (json_is_array(v))
      k += nonzero(v);
    else
      k += json_integer_value(v) != 0;
  }
  return k;
}

/* Neighbouring pairs (right and down) whose labels differ. */
static int differing_pairs(const int *label, int n) {
  int k = 0;
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      k += c + 1 < n && label[r * n + c] != label[r * n + c + 1];
      k += r + 1 < n && label[r * n + c] != label[(r + 1) * n + c];
    }
  return k;
}

static expect expected(const char *text) {
  expect x;
  memset(&x, 0, sizeof x);
  gc_puzzle *pz = tu_puzzle(text, NULL);
  char *js = gc_puzzle_json(pz);
  json_t *o = json_loads(js, 0, NULL);
  assert_non_null(o);
  int n = x.n = (int)json_integer_value(json_object_get(o, "n"));
  const char *genre = json_string_value(json_object_get(o, "genre"));
  int label[64 * 64];
  x.frame = strcmp(genre, "futoshiki") != 0;
  if (!strcmp(genre, "skyscrapers")) {
    static const char *const sides[] = {"top", "bottom", "left", "right"};
    for (int k = 0; k < 4; k++)
      x.clue += nonzero(json_object_get(o, sides[k]));
    x.given = nonzero(json_object_get(o, "givens"));
    json_t *boxes = json_object_get(o, "boxes");
    if (json_is_array(boxes)) {
      int br = (int)json_integer_value(json_array_get(boxes, 0));
      int bc = (int)json_integer_value(json_array_get(boxes, 1));
      for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
          label[r * n + c] = (r / br) * (n / bc) + c / bc;
      x.box_border = differing_pairs(label, n);
    }
  } else if (!strcmp(genre, "futoshiki")) {
    x.given = nonzero(json_object_get(o, "givens"));
    x.sign = (int)json_array_size(json_object_get(o, "lt"));
    x.cell = n * n;
  } else {
    assert_string_equal(genre, "starbattle");
    json_t *reg = json_object_get(o, "regions");
    for (int r = 0; r < n; r++)
      for (int c = 0; c < n; c++) {
        label[r * n + c] =
            (int)json_integer_value(json_array_get(json_array_get(reg, r), c));
        x.no_region += label[r * n + c] < 0;
      }
    x.region_border = differing_pairs(label, n);
    x.star = n * (int)json_integer_value(json_object_get(o, "stars"));
  }
  json_decref(o);
  free(js);
  gc_puzzle_free(pz);
  return x;
}

static void check_counts(const char *svg, const expect *x, int solved,
                         const char *what) {
  struct {
    const char *cls;
    int want;
  } c[] = {
      {"clue", x->clue},
      {"given", x->given},
      {"solution", solved && !x->star ? x->n * x->n - x->given : 0},
      {"star", solved ? x->star : 0},
      {"sign", x->sign},
      {"region-border", x->region_border},
      {"box-border", x->box_border},
      {"no-region", x->no_region},
      {"frame", x->frame},
      {"cell", x->cell},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    int got = count_class(svg, c[i].cls);
    if (got != c[i].want)
      fail_msg("%s%s: %d elements of class %s, expected %d", what,
               solved ? " --solution" : "", got, c[i].cls, c[i].want);
  }
}

/*------------------------------------------------------------------------*/
/* The puzzles: each genre and variant.                                    */

/* The README's 6x6 with two givens added. */
static const char sky_plain[] = "skyscrapers\n"
                                "  . . . 4 . .\n"
                                ". . 5 . . . . 6\n"
                                ". . . . . . . 4\n"
                                "2 . . . . . . .\n"
                                "2 . . 2 . . . 2\n"
                                ". . . . . . . 3\n"
                                ". . . . . . . .\n"
                                "  5 2 . . . 1\n";

/* Skyscraper Sudoku: boxes of 3 rows x 2 columns. */
static const char sky_boxes[] = "skyscrapers boxes 3x2\n"
                                "  3 . 1 . 3 .\n"
                                "3 . . . 4 . . .\n"
                                ". . . . . . . 3\n"
                                ". . 3 . . . . 2\n"
                                "1 . . . . 3 . .\n"
                                "3 . . . . . . .\n"
                                ". 5 . . . . . 1\n"
                                "  . 3 . 2 . 1\n";

/* Signs '<' and '>' across, '^' and 'v' down. */
static const char futo5[] = "futoshiki\n"
                            "0<0 3 0 0\n"
                            "^     ^\n"
                            "0 0 0 0>0\n"
                            "  ^     ^\n"
                            "0 0>0 2 0\n"
                            "v\n"
                            "0 0<0 0 0\n"
                            "    v\n"
                            "0>0 0 0 4\n";

static const char sb_one[] = "starbattle 1\n"
                             "AACBBBB\n"
                             "ACCBBDD\n"
                             "ACBBBDD\n"
                             "ACFBDDD\n"
                             "FFFDDDE\n"
                             "FFFFDGG\n"
                             "FFFDDGG\n";

/* One star, cells in no region (-1). */
static const char sb_nonregular[] =
    "{\"id\":\"nonregular\",\"genre\":\"starbattle\",\"n\":7,\"stars\":1,"
    "\"regions\":[[-1,1,1,1,3,3,2],[0,1,1,-1,3,-1,2],[0,4,-1,-1,2,2,2],"
    "[6,-1,-1,5,-1,2,2],[6,4,-1,5,5,2,-1],[6,6,4,-1,5,-1,2],"
    "[6,-1,4,4,2,2,2]]}";

static const char sb_two[] =
    "{\"id\":\"two-star\",\"genre\":\"starbattle\",\"n\":9,"
    "\"stars\":2,\"regions\":[[0,0,1,1,1,1,1,1,1],[0,1,1,1,1,2,2,2,2],"
    "[0,1,1,1,1,2,3,3,3],[0,0,0,4,4,4,4,4,3],[5,5,0,0,0,6,6,4,3],"
    "[5,0,0,7,7,6,6,4,3],[5,8,8,7,7,6,6,4,3],[5,8,8,7,7,8,4,4,3],"
    "[5,8,8,8,8,8,4,4,3]]}";

static const struct {
  const char *name, *text;
  expect fixed; /* counted by hand, as a check on the counting */
} cases[] = {
    {"sky-plain", sky_plain, {.clue = 10, .given = 2, .n = 6, .frame = 1}},
    {"sky-boxes", sky_boxes, {.clue = 12, .given = 4, .box_border = 18, .n = 6, .frame = 1}},
    {"futoshiki", futo5, {.given = 3, .sign = 11, .n = 5, .cell = 25}},
    {"sb-one", sb_one, {.star = 7, .region_border = 32, .n = 7, .frame = 1}},
    {"sb-nonregular", sb_nonregular,
     {.star = 7, .region_border = 51, .no_region = 13, .n = 7, .frame = 1}},
    {"sb-two", sb_two, {.star = 18, .region_border = 60, .n = 9, .frame = 1}},
};

static void test_each_genre(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *name = cases[i].name;
    expect x = expected(cases[i].text);
    assert_memory_equal(&x, &cases[i].fixed, sizeof x);
    char file[64];
    snprintf(file, sizeof file, "%s.txt", name);
    const char *in = tu_tmp_write(file, cases[i].text);
    /* The puzzle alone, to -o FILE. */
    snprintf(file, sizeof file, "%s.svg", name);
    char svg_path[512];
    snprintf(svg_path, sizeof svg_path, "%s", tu_tmp_path(file));
    char *out, *err;
    assert_int_equal(tu_cli(&out, &err, "render", "--svg", in, "-o", svg_path, NULL), 0);
    assert_string_equal(out, "");
    assert_string_equal(err, "");
    free(out), free(err);
    char *svg = tu_read_file(svg_path);
    assert_true(!strncmp(svg, "<?xml", 5));
    check_counts(svg, &x, 0, name);
    check_file(svg_path);
    free(svg);
    /* Solved, to standard output. */
    assert_int_equal(tu_cli(&out, &err, "render", "--svg", "--solution", in, NULL), 0);
    assert_string_equal(err, "");
    check_counts(out, &x, 1, name);
    snprintf(file, sizeof file, "%s-solved.svg", name);
    check_string(out, file);
    free(out), free(err);
    print_message("%-14s clues %2d givens %d signs %2d stars %2d region-border %2d "
                  "box-border %2d: ok\n",
                  name, x.clue, x.given, x.sign, x.star, x.region_border,
                  x.box_border);
  }
}

/* The library call, and the given / solution split: a given cell is drawn
   once, as a given, even with the solution. */
static void test_library(void **state) {
  (void)state;
  gc_puzzle *pz = tu_puzzle(sky_boxes, NULL);
  char *svg = gc_render_svg(pz, NULL);
  assert_non_null(svg);
  assert_non_null(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
  assert_int_equal(count_class(svg, "solution"), 0);
  free(svg);
  gc_result res;
  tu_solve(pz, GC_MODE_FIRST, &res);
  assert_int_equal(res.status, GC_STATUS_SOLVED);
  svg = gc_render_svg(pz, &res.first);
  assert_int_equal(count_class(svg, "given"), 4);
  assert_int_equal(count_class(svg, "solution"), 32);
  /* The given 4 at r1c4 (from 1) is drawn once, in black, at the middle
     of its cell: x = 48 + 3.5 * 40, baseline 30 (the title line above the
     drawing) + 68 + 0.36 * 24. */
  assert_non_null(strstr(svg, "<text class=\"given\" x=\"188\" y=\"106.6\" "
                              "font-size=\"24\">4</text>"));
  free(svg);
  gc_result_free(&res);
  gc_puzzle_free(pz);
}

/* Without --svg, render writes the text notation (and the solution). */
static void test_text(void **state) {
  (void)state;
  const char *in = tu_tmp_write("futo-text.txt", futo5);
  char *out, *err;
  assert_int_equal(tu_cli(&out, &err, "render", in, NULL), 0);
  gc_puzzle *pz = tu_puzzle(futo5, NULL);
  char *want = gc_render_text(pz, NULL);
  assert_string_equal(out, want);
  free(want), free(out), free(err);
  assert_int_equal(tu_cli(&out, &err, "render", "--solution", in, NULL), 0);
  assert_non_null(strstr(out, "1<2 3 4 5\n"));
  free(out), free(err);
  /* Two puzzles as text: separated by ---, to -o FILE as well. */
  char both[1024];
  snprintf(both, sizeof both, "%s---\n%s", futo5, sb_one);
  in = tu_tmp_write("two.txt", both);
  const char *to = tu_tmp_path("two-out.txt");
  assert_int_equal(tu_cli(&out, &err, "render", in, "-o", to, NULL), 0);
  assert_string_equal(out, "");
  free(out), free(err);
  char *text = tu_read_file(to);
  assert_non_null(strstr(text, "\n---\nstarbattle 1\n"));
  free(text);
  gc_puzzle_free(pz);
}

#define BATCH                                                                  \
  "{\"id\":\"sky-a\",\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0,1,2],"     \
  "\"bottom\":[0,0,3,0],\"left\":[0,0,1,0],\"right\":[0,2,0,0]}\n"             \
  "{\"id\":\"futo b/c&d\",\"genre\":\"futoshiki\",\"n\":3,"                   \
  "\"lt\":[[0,0,0,1],[1,1,0,1],[2,2,2,1]]}\n"                                  \
  "{\"genre\":\"starbattle\",\"n\":5,\"regions\":[[0,1,1,1,1],[0,0,1,1,1],"    \
  "[0,2,3,1,1],[0,3,3,3,4],[3,3,3,4,4]]}\n"

static int count_files(const char *dir) {
  DIR *d = opendir(dir);
  assert_non_null(d);
  int k = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    k += e->d_name[0] != '.';
  closedir(d);
  return k;
}

static void test_batch(void **state) {
  (void)state;
  const char *in = tu_tmp_write("batch.jsonl", BATCH);
  char dir[512];
  snprintf(dir, sizeof dir, "%s", tu_tmp_path("pictures"));
  char *out, *err;
  /* The directory is made; one file per puzzle, by id or by line. */
  assert_int_equal(tu_cli(&out, &err, "render", "--svg", "--solution", "--out-dir", dir,
                          in, NULL),
                   0);
  assert_string_equal(out, "");
  assert_string_equal(err, "");
  free(out), free(err);
  assert_int_equal(count_files(dir), 3);
  static const char *const names[] = {"sky-a.svg", "futo_b_c_d.svg", "puzzle-3.svg"};
  static const char *const classes[] = {"clue", "sign", "star"};
  static const int counts[] = {5, 3, 5};
  for (int i = 0; i < 3; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    check_file(path);
    char *svg = tu_read_file(path);
    assert_int_equal(count_class(svg, classes[i]), counts[i]);
    free(svg);
  }
  /* The id is escaped in the title. */
  char path[1024];
  snprintf(path, sizeof path, "%s/futo_b_c_d.svg", dir);
  char *svg = tu_read_file(path);
  assert_non_null(strstr(svg, "<title>futo b/c&amp;d \u00b7 Futoshiki "));
  free(svg);
  /* The same id twice in one run: the second gets -2. */
  char twice[2048];
  snprintf(twice, sizeof twice, "%s%s", BATCH, BATCH);
  in = tu_tmp_write("twice.jsonl", twice);
  snprintf(dir, sizeof dir, "%s", tu_tmp_path("twice"));
  assert_int_equal(tu_cli(NULL, NULL, "render", "--svg", "--out-dir", dir, in, NULL), 0);
  assert_int_equal(count_files(dir), 6);
  snprintf(path, sizeof path, "%s/sky-a-2.svg", dir);
  check_file(path);
  /* Text pictures go to .txt files. */
  snprintf(dir, sizeof dir, "%s", tu_tmp_path("texts"));
  assert_int_equal(tu_cli(NULL, NULL, "render", "--out-dir", dir,
                          tu_tmp_write("batch2.jsonl", BATCH), NULL),
                   0);
  snprintf(path, sizeof path, "%s/sky-a.txt", dir);
  svg = tu_read_file(path);
  assert_true(!strncmp(svg, "skyscrapers\n", 12));
  free(svg);
}

static void test_usage_errors(void **state) {
  (void)state;
  const char *in = tu_tmp_write("batch3.jsonl", BATCH);
  char *out, *err;
  /* Several pictures need --out-dir; nothing is written. */
  assert_int_equal(tu_cli(&out, &err, "render", "--svg", in, NULL), 64);
  assert_string_equal(out, "");
  assert_non_null(strstr(err, "--out-dir"));
  free(out), free(err);
  const char *to = tu_tmp_path("none.svg");
  assert_int_equal(tu_cli(&out, &err, "render", "--svg", in, "-o", to, NULL), 64);
  assert_int_equal(access(to, F_OK), -1);
  free(out), free(err);
  /* --id picks one. */
  assert_int_equal(tu_cli(&out, &err, "render", "--svg", "--id", "sky-a", in, NULL), 0);
  assert_int_equal(count_class(out, "clue"), 5);
  free(out), free(err);
  /* --out-dir and -o do not go together. */
  assert_int_equal(tu_cli(&out, &err, "render", "--svg", "--out-dir",
                          tu_tmp_path("x"), "-o", to, in, NULL),
                   64);
  free(out), free(err);
  /* An --out-dir that is a file. */
  const char *file = tu_tmp_write("plain-file", "x");
  assert_int_equal(tu_cli(&out, &err, "render", "--svg", "--out-dir", file, in, NULL), 74);
  assert_non_null(strstr(err, "cannot make the output directory"));
  free(out), free(err);
}

static void test_no_solution(void **state) {
  (void)state;
  /* 2 < x has no x in 1..2. */
  const char *in = tu_tmp_write("none.txt", "futoshiki\n2<0\n0 0\n");
  const char *to = tu_tmp_path("none-drawn.svg");
  char *out, *err;
  assert_int_equal(tu_cli(&out, &err, "render", "--svg", "--solution", in, "-o", to, NULL),
                   1);
  assert_non_null(strstr(err, "no solution"));
  free(out), free(err);
  char *svg = tu_read_file(to);
  assert_int_equal(count_class(svg, "given"), 1);
  assert_int_equal(count_class(svg, "sign"), 1);
  assert_int_equal(count_class(svg, "solution"), 0);
  free(svg);
  check_file(to);
  /* In a batch the others are still drawn; the exit code is 1. */
  char batch[2048];
  snprintf(batch, sizeof batch,
           "%s{\"id\":\"broken\",\"genre\":\"futoshiki\",\"n\":2,"
           "\"givens\":[[2,0],[0,0]],\"lt\":[[0,0,0,1]]}\n",
           BATCH);
  char dir[512];
  snprintf(dir, sizeof dir, "%s", tu_tmp_path("with-broken"));
  assert_int_equal(tu_cli(&out, &err, "render", "--svg", "--solution", "--out-dir", dir,
                          tu_tmp_write("broken.jsonl", batch), NULL),
                   1);
  assert_non_null(strstr(err, "broken: no solution"));
  free(out), free(err);
  assert_int_equal(count_files(dir), 4);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_each_genre),   cmocka_unit_test(test_library),
      cmocka_unit_test(test_text),         cmocka_unit_test(test_batch),
      cmocka_unit_test(test_usage_errors), cmocka_unit_test(test_no_solution),
  };
  return cmocka_run_group_tests(tests, setup, tu_teardown);
}
