/*
 * test_golden.c: the bad-input suite.  Every file tests/data/bad/<area>/
 * <defect>.<ext> is solved through the CLI; <defect>.err holds the exit code
 * on its first line and the exact stderr on the following lines, with the
 * input's path written as $IN.  Adding a case is adding two files;
 * GC_GOLDEN_UPDATE=1 writes the .err files that are missing (read each one
 * before keeping it).  Every area (one directory per parser) holds at least
 * 10 cases.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static char *read_all(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *buf = calloc(1, 1 << 16);
  size_t n = fread(buf, 1, (1 << 16) - 1, f);
  buf[n] = 0;
  fclose(f);
  return buf;
}

/* s with every occurrence of from replaced by to (malloc'd). */
static char *replace(const char *s, const char *from, const char *to) {
  size_t fl = strlen(from), tl = strlen(to), n = 0;
  for (const char *p = s; (p = strstr(p, from)); p += fl)
    n++;
  char *out = malloc(strlen(s) + n * (tl > fl ? tl - fl : 0) + 1), *o = out;
  for (const char *p = s;;) {
    const char *q = strstr(p, from);
    if (!q) {
      strcpy(o, p);
      break;
    }
    memcpy(o, p, (size_t)(q - p));
    o += q - p;
    memcpy(o, to, tl);
    o += tl;
    p = q + fl;
  }
  return out;
}

static void test_golden(void **state) {
  (void)state;
  const char *root = GC_SOURCE_DIR "/tests/data/bad";
  DIR *d = opendir(root);
  assert_non_null(d);
  int cases = 0, failed = 0;
  int update = getenv("GC_GOLDEN_UPDATE") != NULL;
  struct dirent *area;
  while ((area = readdir(d))) {
    if (area->d_name[0] == '.')
      continue;
    char adir[1024];
    snprintf(adir, sizeof adir, "%s/%s", root, area->d_name);
    DIR *a = opendir(adir);
    if (!a)
      continue;
    int in_area = 0;
    struct dirent *f;
    while ((f = readdir(a))) {
      const char *dot = strrchr(f->d_name, '.');
      if (f->d_name[0] == '.' || !dot || !strcmp(dot, ".err"))
        continue;
      char in[2400], errp[2400];
      snprintf(in, sizeof in, "%s/%s", adir, f->d_name);
      snprintf(errp, sizeof errp, "%s/%.*s.err", adir, (int)(dot - f->d_name), f->d_name);
      char *out, *err;
      int rc = tu_cli(&out, &err, "solve", in, NULL);
      char *got = replace(err, in, "$IN");
      char head[16];
      snprintf(head, sizeof head, "%d\n", rc);
      char *want = read_all(errp);
      if (update && !want) {
        FILE *w = fopen(errp, "w");
        assert_non_null(w);
        fputs(head, w);
        fputs(got, w);
        fclose(w);
        want = read_all(errp);
      }
      cases++;
      in_area++;
      size_t hl = strlen(head);
      if (!want || strncmp(want, head, hl) || strcmp(want + hl, got)) {
        failed++;
        print_message("%s/%s: got exit %d and\n%swanted\n%s\n", area->d_name,
                      f->d_name, rc, got, want ? want : "(no .err file)\n");
      }
      /* one line on stderr, naming the program, the file and a position */
      if (rc == 65 && (strncmp(got, "gridcnf: ", 9) || strchr(got, '\n') != got + strlen(got) - 1)) {
        failed++;
        print_message("%s/%s: not one 'gridcnf: ...' line: %s\n", area->d_name,
                      f->d_name, got);
      }
      free(want);
      free(got);
      free(out);
      free(err);
    }
    closedir(a);
    print_message("  %-12s %d cases\n", area->d_name, in_area);
    if (in_area < 10) {
      failed++;
      print_message("%s: %d cases, fewer than 10\n", area->d_name, in_area);
    }
  }
  closedir(d);
  print_message("golden bad inputs: %d cases\n", cases);
  assert_true(cases >= 90);
  assert_int_equal(failed, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_golden)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
