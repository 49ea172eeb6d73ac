/*
 * test_output.c: output a person reads at a glance.  gc_render_look styles
 * every cell from the genre (givens, solved cells, stars, where two grids
 * differ) and draws Star Battle's region map for a terminal; --color
 * turns the styles into colour; multiple marks where its two solutions
 * differ, in plain text too; count --list prints each solution once;
 * --json records without an id say where the puzzle was (source, line),
 * records with one are unchanged; the SVG has a title with the id, the
 * genre and Star Battle's stars, and a legend; render --png/--pdf go
 * through rsvg-convert, or exit 69 without it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"

static const char *const sky4 =
    "skyscrapers\n  . . 1 .\n. 1 . . . .\n. . . . . .\n. . . . 4 .\n"
    ". . . . . .\n  . . . .\n";
static const char *const futo3 = "futoshiki\n0 0<0\n0 0 0\n0>0 0\n";
static const char *const sb6 = "starbattle 1\nAABBBB\nAACCBB\nDDCCEE\nDDFFEE\n"
                               "DDFFEE\nDDFFFF\n";

/* How many cells are drawn with (style & mask) == want: UTF-8
   characters, a number of several digits counting once. */
static int styled(const char *text, const unsigned char *style, int mask,
                  int want) {
  int k = 0;
  for (size_t i = 0; text[i]; i++) {
    if (((unsigned char)text[i] & 0xc0) == 0x80 || (style[i] & mask) != want)
      continue;
    int digit = text[i] >= '0' && text[i] <= '9';
    if (digit && i && text[i - 1] >= '0' && text[i - 1] <= '9' &&
        style[i - 1] == style[i])
      continue; /* the second digit of a number */
    k++;
  }
  return k;
}

/* The styles come from the genre: one GIVEN per given digit, one SOLVED
   per other cell, one STAR per star; the text is gc_render_text's (but
   for Star Battle for a terminal, which still reads back as the grid);
   with other, DIFFERS marks exactly the cells that differ. */
static void test_look(void **state) {
  (void)state;
  const char *texts[] = {sky4, futo3, sb6};
  for (int t = 0; t < 3; t++) {
    gc_puzzle *pz = tu_puzzle(texts[t], NULL);
    int n = gc_puzzle_n(pz);
    gc_result res;
    tu_solve(pz, GC_MODE_UNIQUE, &res);
    assert_true(res.first.n == n);
    int givens[64 * 64], ngiven = 0;
    for (int i = 0; i < n * n; i++)
      givens[i] = GC_EMPTY;
    if (pz->genre->givens)
      pz->genre->givens(pz, givens);
    for (int i = 0; i < n * n; i++)
      ngiven += givens[i] != GC_EMPTY;
    for (int boxes = 0; boxes < 2; boxes++) {
      gc_look look = {boxes, NULL};
      unsigned char *style;
      char *text = gc_render_look(pz, &res.first, &look, &style);
      assert_non_null(text);
      assert_non_null(style);
      if (!strcmp(gc_genre_name(gc_puzzle_genre(pz)), "starbattle")) {
        assert_int_equal(styled(text, style, ~GC_STYLE_DIFFERS, GC_STYLE_STAR), n);
        assert_int_equal(styled(text, style, ~GC_STYLE_DIFFERS, GC_STYLE_EMPTY), n * n - n);
        if (boxes) /* the frame's top left corner */
          assert_non_null(strstr(text, "\xe2\x94\x8c"));
      } else {
        assert_int_equal(styled(text, style, ~GC_STYLE_DIFFERS, GC_STYLE_GIVEN), ngiven);
        assert_int_equal(styled(text, style, ~GC_STYLE_DIFFERS, GC_STYLE_SOLVED), n * n - ngiven);
      }
      if (!boxes || pz->genre->givens) { /* the text of gc_render_text */
        char *plain = gc_render_text(pz, &res.first);
        assert_string_equal(text, plain);
        free(plain);
      }
      /* it reads back as the grid */
      gc_grid back;
      int partial;
      gc_error e;
      assert_int_equal(gc_grid_read(pz, text, strlen(text), "look", &back, &partial, &e), 0);
      assert_true(gc_grid_equal(&back, &res.first));
      gc_grid_free(&back);
      free(text);
      free(style);
    }
    /* another grid, different at r1c1 and r2c2: those two cells are
       marked, in the picture for a terminal too */
    gc_grid other;
    assert_int_equal(gc_grid_init(&other, n), 0);
    memcpy(other.cell, res.first.cell, sizeof(int) * (size_t)(n * n));
    int star = !strcmp(gc_genre_name(gc_puzzle_genre(pz)), "starbattle");
    for (int i = 0; i < n * n; i += n + 1)
      if (i <= n + 1)
        other.cell[i] = star ? 1 - other.cell[i] : other.cell[i] % n + 1;
    for (int boxes = 0; boxes < 2; boxes++) {
      gc_look look = {boxes, &other};
      unsigned char *style;
      char *text = gc_render_look(pz, &res.first, &look, &style);
      assert_int_equal(styled(text, style, GC_STYLE_DIFFERS, GC_STYLE_DIFFERS), 2);
      /* the first marked cell is the first cell of the grid */
      for (size_t i = 0; text[i]; i++)
        if (style[i] & GC_STYLE_DIFFERS) {
          int v = res.first.cell[0];
          if (star)
            assert_true(v ? !strncmp(text + i, "*", 1) ||
                                !strncmp(text + i, "\xe2\x98\x85", 3)
                          : text[i] != '*');
          else
            assert_int_equal(atoi(text + i), v);
          break;
        }
      free(text);
      free(style);
    }
    gc_grid_free(&other);
    gc_result_free(&res);
    gc_puzzle_free(pz);
  }
}

/* --color: always colours (over NO_COLOR), never and auto on a memory
   stream do not; a bad value is a usage error. */
static void test_colour_option(void **state) {
  (void)state;
  tu_write_file("output-futo.txt", futo3);
  char *out, *plain, *err;
  assert_int_equal(tu_cli(&plain, NULL, "solve", "--first", "output-futo.txt", NULL), 0);
  assert_null(strstr(plain, "\033["));
  assert_int_equal(tu_cli(&out, NULL, "solve", "--first", "--color=never",
                          "output-futo.txt", NULL), 0);
  assert_null(strstr(out, "\033["));
  free(out);
  setenv("NO_COLOR", "1", 1);
  assert_int_equal(tu_cli(&out, NULL, "solve", "--first", "--color", "always",
                          "output-futo.txt", NULL), 0);
  unsetenv("NO_COLOR");
  assert_non_null(strstr(out, "\033[36m")); /* a solved digit */
  assert_non_null(strstr(out, "\033[0m"));
  /* without the escape sequences, the same text */
  char *p = out, *q = out;
  while (*p) {
    if (*p == '\033') {
      p += 2;
      while (*p && !(*p >= 0x40 && *p <= 0x7e))
        p++;
      p += *p != 0;
      continue;
    }
    *q++ = *p++;
  }
  *q = 0;
  assert_string_equal(strchr(out, '\n'), strchr(plain, '\n'));
  free(out);
  free(plain);
  assert_int_equal(tu_cli(NULL, &err, "solve", "--color=sometimes",
                          "output-futo.txt", NULL), 64);
  assert_non_null(strstr(err, "--color takes auto, always or never, not 'sometimes'"));
  free(err);
  remove("output-futo.txt");
}

/* The cells named in "the two solutions differ in K cells: r1c1, ..." */
static int named_cells(const char *line, int n, int *mark) {
  int k = 0;
  for (const char *p = strchr(line, ':'); p && (p = strchr(p, 'r')); p++) {
    int r, c;
    if (sscanf(p, "r%dc%d", &r, &c) == 2) {
      assert_true(r >= 1 && r <= n && c >= 1 && c <= n);
      mark[(r - 1) * n + c - 1] = 1;
      k++;
    }
  }
  return k;
}

/* multiple: after the second solution, the cells where the two differ,
   in plain text; with colour, the same cells highlighted in both grids. */
static void test_multiple_differences(void **state) {
  (void)state;
  const char *texts[] = {futo3, "starbattle 1\nAABB\nAABB\nCCDD\nCCDD\n",
                         "skyscrapers\n  . . .\n. . . . .\n. . . . .\n. . . . .\n  . . .\n"};
  for (int t = 0; t < 3; t++) {
    tu_write_file("output-multi.txt", texts[t]);
    gc_puzzle *pz = tu_puzzle(texts[t], NULL);
    int n = gc_puzzle_n(pz);
    gc_result res;
    tu_solve(pz, GC_MODE_UNIQUE, &res);
    assert_int_equal(res.status, GC_STATUS_MULTIPLE);
    int want[64] = {0}, got[64] = {0}, ndiff = 0;
    for (int i = 0; i < n * n; i++)
      ndiff += want[i] = res.first.cell[i] != res.second.cell[i];
    char *out;
    assert_int_equal(tu_cli(&out, NULL, "solve", "output-multi.txt", NULL), 2);
    char head[64];
    snprintf(head, sizeof head, "the two solutions differ in %d cells: ", ndiff);
    char *line = strstr(out, head);
    if (!line)
      fail_msg("no '%s' in\n%s", head, out);
    assert_int_equal(named_cells(line, n, got), ndiff);
    assert_memory_equal(got, want, sizeof want);
    /* the line is after the second grid, the last one */
    assert_ptr_equal(strchr(line, '\n') + 1, out + strlen(out));
    free(out);
    /* colour: each differing cell in reverse video, once per grid */
    assert_int_equal(tu_cli(&out, NULL, "solve", "--color=always",
                            "output-multi.txt", NULL), 2);
    int reversed = 0;
    for (const char *p = out; (p = strstr(p, "7m")); p++)
      reversed += p[-1] == ';' || p[-1] == '[';
    assert_int_equal(reversed, 2 * ndiff);
    free(out);
    gc_result_free(&res);
    gc_puzzle_free(pz);
  }
  remove("output-multi.txt");
}

/* count --list: each solution printed once (not the last two again). */
static void test_count_list_once(void **state) {
  (void)state;
  tu_write_file("output-count.txt", "futoshiki\n0 0 0\n0 0 0\n0 0 0\n");
  gc_puzzle *pz = tu_puzzle("futoshiki\n0 0 0\n0 0 0\n0 0 0\n", NULL);
  gc_result res;
  gc_limits lim = {.mode = GC_MODE_COUNT, .count = 1000};
  gc_error e;
  assert_int_equal(gc_solve(pz, NULL, &lim, &res, &e), 0);
  long count = res.count; /* 12 Latin squares of order 3 */
  assert_true(count > 2);
  char *out;
  assert_int_equal(tu_cli(&out, NULL, "count", "--all", "--list",
                          "output-count.txt", NULL), 2);
  int grids = 0;
  for (const char *p = out; (p = strstr(p, "futoshiki\n")); p++)
    grids++;
  assert_int_equal(grids, count);
  char status[96];
  snprintf(status, sizeof status, "multiple (%ld solutions; listed above)", count);
  assert_non_null(strstr(out, status));
  /* the status line is the last line */
  assert_ptr_equal(strchr(strstr(out, status), '\n') + 1, out + strlen(out));
  free(out);
  /* without --list: the first two, and where they differ */
  assert_int_equal(tu_cli(&out, NULL, "count", "--max", "5", "output-count.txt", NULL), 2);
  grids = 0;
  for (const char *p = out; (p = strstr(p, "futoshiki\n")); p++)
    grids++;
  assert_int_equal(grids, 2);
  assert_non_null(strstr(out, "two shown"));
  assert_non_null(strstr(out, "the two solutions differ in "));
  free(out);
  gc_result_free(&res);
  gc_puzzle_free(pz);
  remove("output-count.txt");
}

/* Every --json record names its puzzle: by id, or else by source and
   line (new keys after "status"); a record with an id has no new key. */
static void test_json_origin(void **state) {
  (void)state;
  char text[512];
  snprintf(text, sizeof text, "# two puzzles\n%s---\n%s", futo3, sky4);
  tu_write_file("output-origin.txt", text);
  static const char *const cmds[][4] = {
      {"solve", "--json", NULL},        {"solve", "--json", "--jobs", "2"},
      {"count", "--json", NULL},        {"rate", "--json", NULL},
      {"hint", "--json", NULL},         {"minimize", "--json", NULL},
  };
  for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
    char *out;
    if (cmds[i][2])
      tu_cli(&out, NULL, cmds[i][0], cmds[i][1], cmds[i][2], cmds[i][3],
             "output-origin.txt", NULL);
    else
      tu_cli(&out, NULL, cmds[i][0], cmds[i][1], "output-origin.txt", NULL);
    const char *want[2] = {
        "\"source\":\"output-origin.txt\",\"line\":2",
        "\"source\":\"output-origin.txt\",\"line\":7"};
    for (int k = 0; k < 2; k++)
      if (!strstr(out, want[k]))
        fail_msg("%s: no %s in\n%s", cmds[i][0], want[k], out);
    free(out);
  }
  /* a read error without an id says where too */
  tu_write_file("output-origin.txt", "{\"genre\":\"futoshiki\",\"n\":0}\n");
  char *out;
  assert_int_equal(tu_cli(&out, NULL, "solve", "--json", "output-origin.txt", NULL), 65);
  assert_non_null(strstr(out, "\"line\":1,"));
  assert_non_null(strstr(out, "\"source\":\"output-origin.txt\""));
  free(out);
  /* with an id: the record as before, head and keys */
  tu_write_file("output-origin.txt",
                "{\"id\":\"f\",\"genre\":\"futoshiki\",\"n\":2,\"givens\":[[1,0],[0,0]]}\n");
  assert_int_equal(tu_cli(&out, NULL, "solve", "--json", "output-origin.txt", NULL), 0);
  assert_int_equal(strncmp(out, "{\"id\":\"f\",\"genre\":\"futoshiki\",\"n\":2,"
                                "\"status\":\"unique\",\"solution\":[[1,2],[2,1]],"
                                "\"second\":null,\"stats\":{",
                           strlen("{\"id\":\"f\",\"genre\":\"futoshiki\",\"n\":2,"
                                  "\"status\":\"unique\",\"solution\":[[1,2],[2,1]],"
                                  "\"second\":null,\"stats\":{")),
                   0);
  assert_null(strstr(out, "\"source\""));
  free(out);
  remove("output-origin.txt");
}

/* How many elements carry this class. */
static int count_class(const char *svg, const char *cls) {
  char pat[64];
  snprintf(pat, sizeof pat, "class=\"%s\"", cls);
  int k = 0;
  for (const char *p = strstr(svg, pat); p; p = strstr(p + 1, pat))
    k++;
  return k;
}

/* The text of the first element of class cls (the title lines joined by
   a space), into buf. */
static void class_text(const char *svg, const char *cls, char *buf, size_t size) {
  char pat[64];
  snprintf(pat, sizeof pat, "class=\"%s\"", cls);
  buf[0] = 0;
  size_t k = 0;
  for (const char *p = strstr(svg, pat); p; p = strstr(p + 1, pat)) {
    const char *a = strchr(p, '>') + 1, *e = strchr(a, '<');
    k += (size_t)snprintf(buf + k, size - k, "%s%.*s", k ? " " : "", (int)(e - a), a);
    if (k >= size)
      break;
  }
}

/* A picture to solve on paper: the title names the id and the genre (and
   Star Battle's stars), the legend the rules; the picture is wide enough
   for a long id. */
static void test_svg_page(void **state) {
  (void)state;
  static const struct {
    const char *rec, *title, *legend;
  } cases[] = {
      {"{\"id\":\"sb-2\",\"genre\":\"starbattle\",\"n\":10,\"stars\":2,\"regions\":"
       "[[0,0,0,0,0,1,1,1,1,1],[0,0,0,0,0,1,1,1,1,1],[2,2,2,2,2,3,3,3,3,3],"
       "[2,2,2,2,2,3,3,3,3,3],[4,4,4,4,4,5,5,5,5,5],[4,4,4,4,4,5,5,5,5,5],"
       "[6,6,6,6,6,7,7,7,7,7],[6,6,6,6,6,7,7,7,7,7],[8,8,8,8,8,9,9,9,9,9],"
       "[8,8,8,8,8,9,9,9,9,9]]}",
       "sb-2 \xc2\xb7 Star Battle 10\xc3\x97" "10, 2 stars",
       "Place 2 stars in every row, every column and every outlined region."},
      {"{\"id\":\"a-rather-long-identifier-of-a-puzzle\",\"genre\":\"futoshiki\","
       "\"n\":2}",
       "a-rather-long-identifier-of-a-puzzle Futoshiki 2\xc3\x97" "2",
       "Write 1 to 2 once in every row and column."},
      {"{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0,1,0]}",
       "Skyscrapers 4\xc3\x97" "4", "Write 1 to 4 once in every row and column."},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    gc_puzzle *pz = tu_puzzle(cases[i].rec, NULL);
    char *svg = gc_render_svg(pz, NULL);
    assert_non_null(svg);
    char buf[1000];
    class_text(svg, "title", buf, sizeof buf);
    if (strcmp(buf, cases[i].title))
      fail_msg("title '%s', wanted '%s'", buf, cases[i].title);
    class_text(svg, "legend", buf, sizeof buf);
    if (strncmp(buf, cases[i].legend, strlen(cases[i].legend)))
      fail_msg("legend '%s', wanted '%s...'", buf, cases[i].legend);
    /* the <title> element: the id and the genre */
    const char *t = strstr(svg, "<title>");
    assert_non_null(t);
    if (gc_puzzle_id(pz))
      assert_int_equal(strncmp(t + 7, gc_puzzle_id(pz), strlen(gc_puzzle_id(pz))), 0);
    /* wide enough: every title line within the picture (an estimate of
       0.62 em per character of the bold 15 px font) */
    int width = 0;
    assert_int_equal(sscanf(strstr(svg, "width=\""), "width=\"%d\"", &width), 1);
    for (const char *p = strstr(svg, "class=\"title\""); p;
         p = strstr(p + 1, "class=\"title\"")) {
      const char *a = strchr(p, '>') + 1, *e = strchr(a, '<');
      int chars = 0;
      for (const char *c = a; c < e; c++)
        chars += ((unsigned char)*c & 0xc0) != 0x80;
      assert_true(chars * 15 * 0.62 < width);
    }
    assert_true(width >= 300);
    free(svg);
    gc_puzzle_free(pz);
  }
  /* with the solution, the legend says which colour it is */
  gc_puzzle *pz = tu_puzzle(sb6, NULL);
  gc_result res;
  tu_solve(pz, GC_MODE_FIRST, &res);
  char *svg = gc_render_svg(pz, &res.first);
  char buf[1000];
  class_text(svg, "legend", buf, sizeof buf);
  assert_non_null(strstr(buf, "in blue"));
  assert_int_equal(count_class(svg, "star"), 6);
  free(svg);
  gc_result_free(&res);
  gc_puzzle_free(pz);
}

/* render --png / --pdf through rsvg-convert; exit 69 without it. */
static void test_png_pdf(void **state) {
  (void)state;
  tu_write_file("output-sb.txt", sb6);
  char *out, *err;
  if (system("command -v rsvg-convert >/dev/null 2>&1") == 0) {
    assert_int_equal(tu_cli(&out, &err, "render", "--png", "output-sb.txt", NULL), 0);
    assert_int_equal(memcmp(out, "\x89PNG\r\n\x1a\n", 8), 0);
    free(out), free(err);
    assert_int_equal(tu_cli(&out, &err, "render", "--pdf", "--solution",
                            "output-sb.txt", NULL), 0);
    assert_int_equal(memcmp(out, "%PDF-", 5), 0);
    free(out), free(err);
    assert_int_equal(tu_cli(NULL, NULL, "render", "--png", "-o", "output-sb.png",
                            "output-sb.txt", NULL), 0);
    char *png = tu_read_file("output-sb.png");
    assert_int_equal(memcmp(png, "\x89PNG", 4), 0);
    free(png);
    remove("output-sb.png");
    assert_int_equal(tu_cli(NULL, NULL, "render", "--pdf", "--out-dir",
                            "output-pictures", "output-sb.txt", NULL), 0);
    struct stat st;
    assert_int_equal(stat("output-pictures/puzzle-1.pdf", &st), 0);
    assert_true(st.st_size > 100);
    remove("output-pictures/puzzle-1.pdf");
    rmdir("output-pictures");
  } else
    print_message("rsvg-convert not found (librsvg2-bin): PNG and PDF not checked\n");
  /* without rsvg-convert on PATH: 69, and what to install */
  const char *path = getenv("PATH");
  char *keep = path ? strdup(path) : NULL;
  setenv("PATH", "/nonexistent-gridcnf-test", 1);
  assert_int_equal(tu_cli(&out, &err, "render", "--png", "output-sb.txt", NULL), 69);
  if (keep)
    setenv("PATH", keep, 1);
  else
    unsetenv("PATH");
  free(keep);
  assert_string_equal(out, "");
  assert_non_null(strstr(err, "render --png needs rsvg-convert"));
  assert_non_null(strstr(err, "librsvg2-bin"));
  free(out), free(err);
  /* one kind of picture at a time */
  assert_int_equal(tu_cli(NULL, NULL, "render", "--svg", "--pdf", "output-sb.txt", NULL), 64);
  remove("output-sb.txt");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_look),
      cmocka_unit_test(test_colour_option),
      cmocka_unit_test(test_multiple_differences),
      cmocka_unit_test(test_count_list_once),
      cmocka_unit_test(test_json_origin),
      cmocka_unit_test(test_svg_page),
      cmocka_unit_test(test_png_pdf),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
