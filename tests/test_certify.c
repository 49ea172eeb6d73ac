/*
 * test_certify.c: `gridcnf certify` on a puzzle of each genre.  The proof
 * is checked with tests/drat/drat_check.c (accepted), then corrupted three
 * ways and must be rejected: a lemma dropped, a literal flipped, the empty
 * clause removed.  blocked.cnf must be UNSAT and puzzle.cnf SAT for minisat
 * and picosat as well.  Non-unique and unsolvable puzzles get no
 * certificate (exit 2, 1), a batch gets one directory per puzzle, and a
 * missing cadical command is a clear error.  Skipped (77) when cadical,
 * minisat or picosat is not installed.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

static char dir[256];

static const char *path(const char *name) {
  static char buf[16][512];
  static int k;
  char *p = buf[k++ % 16];
  snprintf(p, 512, "%s/%s", dir, name);
  return p;
}

static int exists(const char *p) {
  struct stat st;
  return stat(p, &st) == 0;
}

/* Runs argv with stdout to out (NULL: /dev/null), stderr to /dev/null;
   the exit code. */
static int run(char *const argv[], const char *out) {
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    int fd = open(out ? out : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int nul = open("/dev/null", O_WRONLY);
    if (fd < 0 || nul < 0)
      _exit(126);
    dup2(fd, 1);
    dup2(nul, 2);
    execvp(argv[0], argv);
    _exit(127);
  }
  int st;
  assert_int_equal(waitpid(pid, &st, 0), pid);
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int check(const char *cnf, const char *proof, char **report) {
  char *argv[] = {(char *)GC_DRAT_CHECK, (char *)cnf, (char *)proof, NULL};
  const char *out = path("check.out");
  int rc = run(argv, out);
  if (report)
    *report = tu_read_file(out);
  return rc;
}

static int solver(const char *name, const char *cnf) {
  char *mini[] = {(char *)"minisat", (char *)"-verb=0", (char *)cnf,
                  (char *)path("mini.res"), NULL};
  char *pico[] = {(char *)"picosat", (char *)cnf, NULL};
  return run(!strcmp(name, "minisat") ? mini : pico, NULL);
}

/* The proof as lines. */
typedef struct lines {
  char **s;
  int n;
} lines;

static lines split(char *text) {
  lines l = {NULL, 0};
  l.s = malloc(sizeof *l.s * (strlen(text) / 2 + 2));
  for (char *p = text; *p;) {
    char *nl = strchr(p, '\n');
    if (nl)
      *nl = 0;
    l.s[l.n++] = p;
    if (!nl)
      break;
    p = nl + 1;
  }
  return l;
}

static int is_lemma(const char *s) { return s[0] && s[0] != 'd' && s[0] != 'c'; }
static int is_empty(const char *s) { return !strcmp(s, "0"); }

/* Writes the lines, without line skip (-1: none), with line flip's first
   literal negated (-1: none). */
static void write_proof(const char *p, const lines *l, int skip, int flip) {
  FILE *f = fopen(p, "w");
  assert_non_null(f);
  for (int i = 0; i < l->n; i++) {
    if (i == skip || (!l->s[i][0] && i == l->n - 1))
      continue;
    if (i == flip) {
      const char *s = l->s[i];
      fprintf(f, "%s%s\n", s[0] == '-' ? "" : "-", s[0] == '-' ? s + 1 : s);
    } else
      fprintf(f, "%s\n", l->s[i]);
  }
  fclose(f);
}

/* "c FILE:LINE: ..." in the checker's report: LINE, or 0. */
static long failed_line(const char *report) {
  const char *p = strstr(report, ".drat:");
  return p ? strtol(p + 6, NULL, 10) : 0;
}

static void certify_and_check(const char *puzzle_arg, const char *name,
                              int min_lemmas) {
  char puzzle_file[600], out[512]; /* path()'s buffers rotate */
  snprintf(puzzle_file, sizeof puzzle_file, "%s", puzzle_arg);
  snprintf(out, sizeof out, "%s", path(name));
  char *o, *e;
  int rc = tu_cli(&o, &e, "certify", "--out-dir", out, puzzle_file, NULL);
  if (rc != 0)
    fail_msg("certify %s: %d\n%s%s", puzzle_file, rc, o, e);
  assert_non_null(strstr(o, "unique (the only solution); certificate in"));
  free(o);
  free(e);
  char p[600], cnf[600], blocked[600], proof[600];
  static const char *const files[] = {"puzzle.json",   "puzzle.cnf",
                                      "blocked.cnf",   "solution.txt",
                                      "solution.json", "solution.model",
                                      "proof.drat",    "README.txt"};
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
    snprintf(p, sizeof p, "%s/%s", out, files[i]);
    if (!exists(p))
      fail_msg("%s missing", p);
  }
  snprintf(p, sizeof p, "%s/cadical.log", out);
  assert_false(exists(p));
  snprintf(cnf, sizeof cnf, "%s/puzzle.cnf", out);
  snprintf(blocked, sizeof blocked, "%s/blocked.cnf", out);
  snprintf(proof, sizeof proof, "%s/proof.drat", out);

  /* The files are what the other commands write. */
  char *text = tu_read_file(puzzle_file);
  gc_puzzle *pz = tu_puzzle(text, NULL);
  free(text);
  gc_result res;
  tu_solve(pz, GC_MODE_UNIQUE, &res);
  assert_int_equal(res.status, GC_STATUS_UNIQUE);
  char *want;
  size_t wl;
  gc_error err;
  assert_int_equal(gc_dimacs(pz, NULL, NULL, &want, &wl, &err), 0);
  text = tu_read_file(cnf);
  assert_string_equal(text, want);
  free(text);
  free(want);
  assert_int_equal(gc_dimacs(pz, NULL, &res.first, &want, &wl, &err), 0);
  text = tu_read_file(blocked);
  assert_string_equal(text, want);
  free(text);
  free(want);
  snprintf(p, sizeof p, "%s/solution.txt", out);
  text = tu_read_file(p);
  want = gc_render_text(pz, &res.first);
  assert_string_equal(text, want);
  free(text);
  free(want);
  snprintf(p, sizeof p, "%s/solution.json", out);
  text = tu_read_file(p);
  gc_grid g;
  int partial;
  assert_int_equal(gc_grid_read(pz, text, strlen(text), "solution.json", &g, &partial, &err), 0);
  assert_true(gc_grid_equal(&g, &res.first));
  gc_grid_free(&g);
  free(text);
  snprintf(p, sizeof p, "%s/README.txt", out);
  text = tu_read_file(p);
  assert_non_null(strstr(text, "drat-trim blocked.cnf proof.drat"));
  free(text);
  /* decode reads the model back */
  snprintf(p, sizeof p, "%s/solution.model", out);
  char pj[600];
  snprintf(pj, sizeof pj, "%s/puzzle.json", out);
  assert_int_equal(tu_cli(NULL, NULL, "decode", pj, p, NULL), 0);

  /* Other solvers agree: blocked.cnf UNSAT, puzzle.cnf SAT. */
  assert_int_equal(solver("minisat", blocked), 20);
  assert_int_equal(solver("picosat", blocked), 20);
  assert_int_equal(solver("minisat", cnf), 10);
  assert_int_equal(solver("picosat", cnf), 10);

  /* The proof checks. */
  char *report;
  rc = check(blocked, proof, &report);
  if (rc != 0)
    fail_msg("proof of %s rejected:\n%s", puzzle_file, report);
  assert_non_null(strstr(report, "s VERIFIED"));
  free(report);

  text = tu_read_file(proof);
  lines l = split(text);
  int nlemmas = 0, empty = -1;
  for (int i = 0; i < l.n; i++) {
    if (is_lemma(l.s[i]))
      nlemmas++;
    if (empty < 0 && is_empty(l.s[i]))
      empty = i;
  }
  assert_true(empty >= 0);
  if (nlemmas < min_lemmas)
    fail_msg("%s: only %d lemmas, the corruption tests need %d", puzzle_file,
             nlemmas, min_lemmas);
  char bad[600]; /* path()'s buffers rotate */
  snprintf(bad, sizeof bad, "%s", path("bad.drat"));

  /* 1. The empty clause removed. */
  write_proof(bad, &l, empty, -1);
  assert_int_equal(check(blocked, bad, &report), 1);
  assert_non_null(strstr(report, "no empty clause"));
  assert_non_null(strstr(report, "s NOT VERIFIED"));
  free(report);

  if (min_lemmas == 0) /* only the checks above for this one */
    goto done;

  /* 2a. The last K lemmas before the empty clause dropped, K = 1, 2, 4, ...
     (CaDiCaL's last lemmas are often units that propagation finds anyway):
     some K is rejected, and dropping every lemma is. */
  int last_rejected = 0;
  char *drop = calloc((size_t)l.n, 1);
  for (int k = 1; !last_rejected; k = k * 2 > nlemmas ? nlemmas : k * 2) {
    memset(drop, 0, (size_t)l.n);
    for (int i = empty - 1, seen = 0; i >= 0 && seen < k; i--)
      if (is_lemma(l.s[i]))
        drop[i] = 1, seen++;
    FILE *f = fopen(bad, "w");
    for (int i = 0; i < l.n; i++)
      if (l.s[i][0] && !drop[i])
        fprintf(f, "%s\n", l.s[i]);
    fclose(f);
    rc = check(blocked, bad, &report);
    assert_true(rc == 0 || rc == 1);
    if (rc == 1) {
      assert_non_null(strstr(report, "s NOT VERIFIED"));
      last_rejected = k;
    }
    free(report);
    if (k == nlemmas)
      break;
  }
  free(drop);
  if (!last_rejected)
    fail_msg("%s: dropping the last lemmas before the empty clause was never "
             "rejected", puzzle_file);

  /* 2b. One lemma dropped, trying from the last backwards: some drop is
     rejected, at a later line. */
  int dropped_rejected = 0, tries = 0;
  for (int i = empty - 1; i >= 0 && tries < 200 && !dropped_rejected; i--) {
    if (!is_lemma(l.s[i]))
      continue;
    tries++;
    write_proof(bad, &l, i, -1);
    rc = check(blocked, bad, &report);
    if (rc == 1) {
      long at = failed_line(report);
      /* lines after i moved up by one: the failure is at i or later */
      assert_true(at >= i + 1 || strstr(report, "no empty clause"));
      dropped_rejected = 1;
    } else
      assert_int_equal(rc, 0);
    free(report);
  }
  assert_true(dropped_rejected);

  /* 3. A literal flipped: some flip is rejected exactly at its line. */
  int flip_rejected = 0;
  tries = 0;
  for (int i = empty - 1; i >= 0 && tries < 200 && !flip_rejected; i--) {
    if (!is_lemma(l.s[i]) || is_empty(l.s[i]))
      continue;
    tries++;
    write_proof(bad, &l, -1, i);
    rc = check(blocked, bad, &report);
    if (rc == 1 && failed_line(report) == i + 1)
      flip_rejected = 1;
    else
      assert_true(rc == 0 || rc == 1);
    free(report);
  }
  assert_true(flip_rejected);

  print_message("%s: %d lemmas; the last %d dropped rejected, flips tried %d\n",
                puzzle_file, nlemmas, last_rejected, tries);
done:
  free(l.s);
  free(text);
  gc_result_free(&res);
  gc_puzzle_free(pz);
}

#define SEED000                                                                \
  "{\"id\":\"seed-000-ss_99\",\"genre\":\"skyscrapers\",\"n\":9,"              \
  "\"top\":[1,4,3,3,4,3,3,2,2],\"bottom\":[4,2,3,2,1,3,2,3,3],"                \
  "\"left\":[1,4,5,2,3,2,3,2,4],\"right\":[2,2,2,3,4,3,1,3,5],"                \
  "\"givens\":[[0,0,0,6,0,0,0,2,0],[3,0,0,0,0,0,0,0,6],[5,0,0,7,0,0,2,0,0],"  \
  "[0,1,0,0,0,2,8,0,0],[0,0,0,0,0,0,7,5,0],[0,4,0,1,0,0,0,7,3],"              \
  "[0,3,0,5,1,0,0,0,0],[0,0,0,0,0,3,0,8,0],[0,0,0,0,0,7,0,0,0]]}\n"

static const char *const futoshiki7 =
    "futoshiki\n"
    "0 3 0>0 0 5 0\n"
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

static void test_skyscrapers(void **state) {
  (void)state;
  certify_and_check(GC_SOURCE_DIR "/examples/skyscrapers-6x6.txt", "sky6", 20);
  tu_write_file(path("seed.jsonl"), SEED000);
  certify_and_check(path("seed.jsonl"), "sky9", 0);
}

static void test_starbattle(void **state) {
  (void)state;
  certify_and_check(GC_SOURCE_DIR "/examples/starbattle-7x7.txt", "sb7", 20);
}

/* Tatham's Unequal 5x5, difficulty extreme: its blocked.cnf does not fall
   to unit propagation alone (the 7x7 above does: every lemma of its proof
   could go), so the corruptions are tried on this one. */
static const char *const futoshiki5 =
    "{\"id\":\"tatham-unequal-5dx-00\",\"genre\":\"futoshiki\",\"n\":5,"
    "\"givens\":[[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,3]],"
    "\"lt\":[[0,2,0,1],[0,1,1,1],[0,3,0,2],[2,3,1,3],[3,2,2,2],[4,0,3,0],[4,3,3,3],"
    "[4,2,4,3]]}\n";

static void test_futoshiki(void **state) {
  (void)state;
  tu_write_file(path("fu7.txt"), futoshiki7);
  certify_and_check(path("fu7.txt"), "fu7", 0);
  tu_write_file(path("fu5.jsonl"), futoshiki5);
  certify_and_check(path("fu5.jsonl"), "fu5", 20);
}

static void test_not_unique(void **state) {
  (void)state;
  /* An older certificate in the directory is removed, nothing is written. */
  char out[512];
  snprintf(out, sizeof out, "%s", path("multi"));
  mkdir(out, 0777);
  tu_write_file(path("multi/proof.drat"), "0\n");
  tu_write_file(path("multi/README.txt"), "old\n");
  tu_write_file(path("multi/mine.txt"), "not ours\n");
  tu_write_file(path("multi.jsonl"), "{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0]}\n");
  char *o, *e;
  assert_int_equal(tu_cli(&o, &e, "certify", "--out-dir", out, path("multi.jsonl"), NULL), 2);
  assert_non_null(strstr(o, "multiple"));
  assert_non_null(strstr(o, "no certificate written"));
  assert_false(exists(path("multi/proof.drat")));
  assert_false(exists(path("multi/README.txt")));
  assert_false(exists(path("multi/puzzle.cnf")));
  assert_true(exists(path("multi/mine.txt")));
  free(o);
  free(e);
  /* JSON: the status and no certificate */
  assert_int_equal(tu_cli(&o, NULL, "certify", "--json", "--out-dir", out,
                          path("multi.jsonl"), NULL), 2);
  assert_non_null(strstr(o, "\"status\":\"multiple\""));
  assert_non_null(strstr(o, "\"certificate\":null"));
  free(o);
  /* No solution: exit 1, nothing written. */
  snprintf(out, sizeof out, "%s", path("none"));
  tu_write_file(path("none.jsonl"),
             "{\"genre\":\"skyscrapers\",\"n\":3,\"top\":[3,3,0]}\n");
  assert_int_equal(tu_cli(&o, &e, "certify", "--out-dir", out, path("none.jsonl"), NULL), 1);
  assert_non_null(strstr(o, "none"));
  assert_false(exists(path("none/proof.drat")));
  free(o);
  free(e);
  /* --out is required */
  assert_int_equal(tu_cli(NULL, NULL, "certify", path("none.jsonl"), NULL), 64);
}

static void test_batch(void **state) {
  (void)state;
  char out[512];
  snprintf(out, sizeof out, "%s", path("batch"));
  tu_write_file(path("batch.jsonl"),
             "{\"id\":\"a/1\",\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0,1,2],"
             "\"bottom\":[0,0,3,0],\"left\":[0,0,1,0],\"right\":[0,2,0,0]}\n"
             "{\"id\":\"two\",\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0]}\n"
             "{\"genre\":\"starbattle\",\"n\":4,\"stars\":1,\"regions\":[[0,0,1,1],"
             "[0,0,1,1],[2,2,3,3],[2,2,3,3]]}\n");
  char *o, *e;
  int rc = tu_cli(&o, &e, "certify", "--json", "--out-dir", out, path("batch.jsonl"), NULL);
  assert_int_equal(rc, 2);
  assert_true(exists(path("batch/a_1/proof.drat")));
  assert_false(exists(path("batch/two")));
  assert_non_null(strstr(o, "\"certificate\":\""));
  assert_int_equal(check(path("batch/a_1/blocked.cnf"), path("batch/a_1/proof.drat"), NULL), 0);
  /* the star battle has no solution (no 1-star placement of 2x2 blocks) or
     is unique; either way its directory says so */
  int sb_unique = strstr(o, "\"genre\":\"starbattle\",\"n\":4,\"status\":\"unique\"") != NULL;
  assert_int_equal(exists(path("batch/batch-line3/proof.drat")), sb_unique);
  free(o);
  free(e);
  /* --id picks one: then DIR itself */
  snprintf(out, sizeof out, "%s", path("one"));
  assert_int_equal(tu_cli(NULL, NULL, "certify", "--id", "a/1", "--out-dir", out,
                          path("batch.jsonl"), NULL),
                   0);
  assert_true(exists(path("one/proof.drat")));
}

static void test_no_cadical(void **state) {
  (void)state;
  const char *old = getenv("PATH");
  char *keep = old ? strdup(old) : NULL;
  setenv("PATH", "/nonexistent-gridcnf-test", 1);
  char out[512];
  snprintf(out, sizeof out, "%s", path("nocad"));
  char *o, *e;
  int rc = tu_cli(&o, &e, "certify", "--out-dir", out,
                  GC_SOURCE_DIR "/examples/starbattle-7x7.txt", NULL);
  if (keep)
    setenv("PATH", keep, 1);
  free(keep);
  assert_int_equal(rc, 69); /* a program it needs is missing */
  assert_non_null(strstr(e, "cannot run 'cadical': no such program on PATH"));
  assert_non_null(strstr(e, "apt-get install cadical"));
  assert_false(exists(path("nocad/puzzle.cnf")));
  assert_false(exists(path("nocad/README.txt")));
  free(o);
  free(e);
}

int main(void) {
  if (system("command -v cadical >/dev/null 2>&1") != 0 ||
      system("command -v minisat >/dev/null 2>&1") != 0 ||
      system("command -v picosat >/dev/null 2>&1") != 0) {
    printf("cadical, minisat or picosat not installed: skipped\n");
    return 77;
  }
  snprintf(dir, sizeof dir, "/tmp/gridcnf-test-cert-XXXXXX");
  if (!mkdtemp(dir))
    return 1;
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_skyscrapers), cmocka_unit_test(test_starbattle),
      cmocka_unit_test(test_futoshiki),   cmocka_unit_test(test_not_unique),
      cmocka_unit_test(test_batch),       cmocka_unit_test(test_no_cadical),
  };
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  char *rm[] = {(char *)"rm", (char *)"-rf", dir, NULL};
  if (run(rm, NULL) != 0)
    rc = 1;
  return rc;
}
