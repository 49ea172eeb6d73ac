/*
 * test_external.c: gridcnf's DIMACS through the Debian `cadical` and
 * `minisat` commands, and their models back through `gridcnf decode`.
 * A unique puzzle's --block-solution file is UNSAT, a two-solution one's is
 * SAT.  Skipped (exit 77) when either solver is not installed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

static char dir[256];

static int sh(const char *fmt, const char *a, const char *b) {
  char cmd[2048];
  snprintf(cmd, sizeof cmd, fmt, a, b);
  int st = system(cmd);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static const char *path(const char *name) {
  static char buf[16][512];
  static int k;
  char *p = buf[k++ % 16];
  snprintf(p, 512, "%s/%s", dir, name);
  return p;
}

static void write_file(const char *p, const char *text) {
  FILE *f = fopen(p, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

#define SEED000                                                                \
  "{\"id\":\"seed-000-ss_99\",\"genre\":\"skyscrapers\",\"n\":9,"              \
  "\"top\":[1,4,3,3,4,3,3,2,2],\"bottom\":[4,2,3,2,1,3,2,3,3],"                \
  "\"left\":[1,4,5,2,3,2,3,2,4],\"right\":[2,2,2,3,4,3,1,3,5],"                \
  "\"givens\":[[0,0,0,6,0,0,0,2,0],[3,0,0,0,0,0,0,0,6],[5,0,0,7,0,0,2,0,0],"  \
  "[0,1,0,0,0,2,8,0,0],[0,0,0,0,0,0,7,5,0],[0,4,0,1,0,0,0,7,3],"              \
  "[0,3,0,5,1,0,0,0,0],[0,0,0,0,0,3,0,8,0],[0,0,0,0,0,7,0,0,0]]}\n"

static void test_cadical_and_minisat(void **state) {
  (void)state;
  char pz[512], multi[512];
  snprintf(pz, sizeof pz, "%s", path("seed.jsonl"));
  write_file(pz, SEED000);
  const char *bin = GC_BINARY;
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "%s cnf %s > %s", bin, pz, path("f.cnf"));
  assert_int_equal(system(cmd), 0);
  /* cadical: SAT (exit 10), model on stdout */
  assert_int_equal(sh("cadical -q %s > %s", path("f.cnf"), path("cad.model")), 10);
  snprintf(cmd, sizeof cmd, "%s decode --json %s %s > %s", bin, pz, path("cad.model"),
           path("cad.json"));
  assert_int_equal(system(cmd), 0);
  /* minisat: SAT (exit 10), result file */
  assert_int_equal(sh("minisat -verb=0 %s %s > /dev/null", path("f.cnf"), path("mini.model")), 10);
  snprintf(cmd, sizeof cmd, "%s decode %s %s > %s", bin, pz, path("mini.model"),
           path("mini.txt"));
  assert_int_equal(system(cmd), 0);
  /* both decoded to the known solution's first row */
  char buf[4096];
  FILE *f = fopen(path("cad.json"), "r");
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = 0;
  fclose(f);
  assert_non_null(strstr(buf, "\"status\":\"solved\",\"solution\":[[9,5,7,6,4,1,3,2,8]"));
  f = fopen(path("mini.txt"), "r");
  n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = 0;
  fclose(f);
  assert_non_null(strstr(buf, "1 9 5 7 6 4 1 3 2 8 2"));
  /* certificate of uniqueness: UNSAT for both solvers */
  snprintf(cmd, sizeof cmd, "%s cnf --block-solution %s -o %s", bin, pz, path("cert.cnf"));
  assert_int_equal(system(cmd), 0);
  assert_int_equal(sh("cadical -q %s > %s", path("cert.cnf"), path("cert.out")), 20);
  assert_int_equal(sh("minisat -verb=0 %s %s > /dev/null", path("cert.cnf"), path("cert.mini")), 20);
  /* decode of an UNSAT answer says none */
  snprintf(cmd, sizeof cmd, "%s decode %s %s > /dev/null", bin, pz, path("cert.mini"));
  assert_int_equal(WEXITSTATUS(system(cmd)), 1);
  /* a two-solution puzzle's certificate is SAT */
  snprintf(multi, sizeof multi, "%s", path("multi.jsonl"));
  write_file(multi, "{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0]}\n");
  snprintf(cmd, sizeof cmd, "%s cnf --block-solution %s -o %s", bin, multi, path("m.cnf"));
  assert_int_equal(system(cmd), 0);
  assert_int_equal(sh("cadical -q %s > %s", path("m.cnf"), path("m.model")), 10);
  /* and its model decodes to a second, different solution */
  snprintf(cmd, sizeof cmd, "%s decode %s %s > /dev/null", bin, multi, path("m.model"));
  assert_int_equal(system(cmd), 0);
}

int main(void) {
  if (system("command -v cadical >/dev/null 2>&1") != 0 ||
      system("command -v minisat >/dev/null 2>&1") != 0) {
    printf("cadical or minisat not installed: skipped\n");
    return 77;
  }
  snprintf(dir, sizeof dir, "/tmp/gridcnf-test-ext-XXXXXX");
  if (!mkdtemp(dir))
    return 1;
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_cadical_and_minisat)};
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0)
    rc = 1;
  return rc;
}
