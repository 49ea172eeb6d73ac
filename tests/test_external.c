/*
 * test_external.c: gridcnf's DIMACS through the Debian `cadical` and
 * `minisat` commands, and their models back through `gridcnf decode`.
 * A unique puzzle's --block-solution file is UNSAT, a two-solution one's is
 * SAT.  The real answers of cadical, minisat and picosat read back, and
 * solve --external with each.  Skipped (exit 77) when one of the three
 * solvers is not installed.
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
  tu_write_file(pz, SEED000);
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
  tu_write_file(multi, "{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0]}\n");
  snprintf(cmd, sizeof cmd, "%s cnf --block-solution %s -o %s", bin, multi, path("m.cnf"));
  assert_int_equal(system(cmd), 0);
  assert_int_equal(sh("cadical -q %s > %s", path("m.cnf"), path("m.model")), 10);
  /* and its model decodes to a second, different solution */
  snprintf(cmd, sizeof cmd, "%s decode %s %s > /dev/null", bin, multi, path("m.model"));
  assert_int_equal(system(cmd), 0);
}

/* The real answers of cadical, minisat (result file) and picosat on one
   CNF: gc_model_read detects each form and they decode to one grid. */
static void test_three_model_forms(void **state) {
  (void)state;
  const char *pz = path("seed3.jsonl");
  tu_write_file(pz, SEED000);
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "%s cnf %s > %s", GC_BINARY, pz, path("g.cnf"));
  assert_int_equal(system(cmd), 0);
  assert_int_equal(sh("cadical -q %s > %s", path("g.cnf"), path("g.cad")), 10);
  assert_int_equal(sh("minisat -verb=0 %s %s > /dev/null", path("g.cnf"), path("g.mini")), 10);
  assert_int_equal(sh("picosat %s > %s", path("g.cnf"), path("g.pico")), 10);
  char *text = tu_read_file(pz);
  gc_puzzle *p = tu_puzzle(text, NULL);
  free(text);
  const char *const models[] = {path("g.cad"), path("g.mini"), path("g.pico")};
  const char *const first[] = {"s SATISFIABLE\nv ", "SAT\n", "s SATISFIABLE\nv "};
  gc_grid grids[3];
  gc_result res;
  tu_solve(p, GC_MODE_UNIQUE, &res);
  for (int i = 0; i < 3; i++) {
    char *m = tu_read_file(models[i]);
    assert_memory_equal(m, first[i], strlen(first[i]));
    int sat, nv;
    signed char *val;
    gc_error e;
    assert_int_equal(gc_model_read(m, strlen(m), models[i], &sat, &val, &nv, &e), 0);
    assert_int_equal(sat, 1);
    assert_int_equal(gc_decode(p, NULL, val, nv, &grids[i], &e), 0);
    assert_true(gc_grid_equal(&grids[i], &res.first));
    free(val);
    free(m);
    /* and through the command */
    snprintf(cmd, sizeof cmd, "%s decode %s %s > /dev/null", GC_BINARY, pz, models[i]);
    assert_int_equal(system(cmd), 0);
  }
  for (int i = 0; i < 3; i++)
    gc_grid_free(&grids[i]);
  /* picosat's UNSAT answer */
  snprintf(cmd, sizeof cmd, "%s cnf --block-solution %s -o %s", GC_BINARY, pz, path("gb.cnf"));
  assert_int_equal(system(cmd), 0);
  assert_int_equal(sh("picosat %s > %s", path("gb.cnf"), path("gb.pico")), 20);
  char *m = tu_read_file(path("gb.pico"));
  int sat, nv;
  signed char *val;
  gc_error e;
  assert_int_equal(gc_model_read(m, strlen(m), "gb.pico", &sat, &val, &nv, &e), 0);
  assert_int_equal(sat, 0);
  free(val);
  free(m);
  gc_result_free(&res);
  gc_puzzle_free(p);
}

/* solve --external: the same statuses and solutions as the embedded
   solver, for each of the three solvers. */
static void test_solve_external(void **state) {
  (void)state;
  const char *pz = path("ext.jsonl");
  tu_write_file(pz, SEED000
             "{\"id\":\"two\",\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0]}\n"
             "{\"id\":\"none\",\"genre\":\"skyscrapers\",\"n\":3,\"top\":[3,3,0]}\n"
             "{\"id\":\"sb\",\"genre\":\"starbattle\",\"n\":5,\"stars\":1,\"regions\":"
             "[[0,0,1,1,1],[0,0,1,2,2],[3,0,2,2,2],[3,3,3,4,2],[3,3,4,4,4]]}\n");
  char *emb;
  int want = tu_cli(&emb, NULL, "solve", "--json", pz, NULL);
  assert_int_equal(want, 1); /* the worst of unique, multiple, none */
  const char *const cmds[] = {"cadical", "cadical -q", "minisat", "minisat -verb=0",
                              "picosat", "minisat -verb=0 {cnf} {out}"};
  for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
    char *o, *e;
    int rc = tu_cli(&o, &e, "solve", "--json", "--external", cmds[i], pz, NULL);
    if (rc != want)
      fail_msg("--external '%s': exit %d, want %d\n%s", cmds[i], rc, want, e);
    /* every record: same id, status, solution as the embedded run */
    char *a = emb, *b = o;
    for (int k = 0; k < 4; k++) {
      char *sa = strstr(a, "\"stats\""), *sb = strstr(b, "\"stats\"");
      assert_non_null(sa);
      assert_non_null(sb);
      size_t la = (size_t)(sa - a), lb = (size_t)(sb - b);
      int unique_or_none = strstr(a, "\"status\":\"multiple\"") == NULL ||
                           strstr(a, "\"status\":\"multiple\"") > sa;
      if (unique_or_none) { /* a second solution may differ between solvers */
        assert_int_equal(la, lb);
        assert_memory_equal(a, b, la);
      } else
        assert_non_null(strstr(b, "\"status\":\"multiple\""));
      a = strchr(sa, '\n') + 1;
      b = strchr(sb, '\n') + 1;
    }
    free(o);
    free(e);
  }
  free(emb);
  /* --first, text output */
  char *o;
  assert_int_equal(tu_cli(&o, NULL, "solve", "--first", "--external", "picosat",
                          "--id", "seed-000-ss_99", pz, NULL), 0);
  assert_non_null(strstr(o, "seed-000-ss_99: solved"));
  free(o);
  /* a solver that is not there: a clear error (69, a program missing) for
     every puzzle, without trying it again */
  char *e;
  assert_int_equal(tu_cli(&o, &e, "solve", "--external", "no-such-solver-xyz -q", pz, NULL), 69);
  assert_non_null(strstr(e, "cannot run 'no-such-solver-xyz': no such program on PATH"));
  free(o);
  free(e);
  /* a program that answers nothing usable */
  assert_int_equal(tu_cli(&o, &e, "solve", "--external", "true", pz, NULL), 70);
  assert_non_null(strstr(e, "gave no answer gridcnf can use"));
  free(o);
  free(e);
  /* --count does not go with it */
  assert_int_equal(tu_cli(NULL, NULL, "solve", "--count", "3", "--external", "picosat", pz, NULL), 64);
}

int main(void) {
  if (system("command -v cadical >/dev/null 2>&1") != 0 ||
      system("command -v minisat >/dev/null 2>&1") != 0 ||
      system("command -v picosat >/dev/null 2>&1") != 0) {
    printf("cadical, minisat or picosat not installed: skipped\n");
    return 77;
  }
  snprintf(dir, sizeof dir, "/tmp/gridcnf-test-ext-XXXXXX");
  if (!mkdtemp(dir))
    return 1;
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_cadical_and_minisat),
                                     cmocka_unit_test(test_three_model_forms),
                                     cmocka_unit_test(test_solve_external)};
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0)
    rc = 1;
  return rc;
}
