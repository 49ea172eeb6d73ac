/*
 * test_nomem.c: running out of memory is an error with a message (70),
 * never a crash, a wrong answer, "invalid JSON" for valid input or a lost
 * record; a batch goes on with its next puzzle.
 *
 * In-process, allocation failure is injected where gridcnf cannot check
 * the allocator's answer itself: CaDiCaL's operator new (failing_new.cpp:
 * it throws std::bad_alloc after a countdown) and jansson's allocator
 * (json_set_alloc_funcs before anything else, which gridcnf's own wrapper
 * then calls).  Every countdown over a whole solve, setter tool or
 * --json run is tried.  Then the real command under a memory limit
 * (ulimit -v in the shell that starts it): an empty 32x32 Futoshiki,
 * a 10 MB id.  An AddressSanitizer build cannot run under a small address
 * space limit: those cases are skipped there, and say so (pass 1 of
 * scripts/test.sh runs them).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

/* failing_new.cpp */
extern long tu_new_budget, tu_new_burst, tu_new_failed;

/* jansson's allocations, failing on demand the same way */
static long json_budget = -1, json_burst = -1, json_failed;

static void *json_take(size_t size) {
  if (json_budget == 0) {
    json_failed++;
    if (json_burst > 0 && --json_burst == 0)
      json_budget = -1;
    return NULL;
  }
  if (json_budget > 0)
    json_budget--;
  return malloc(size);
}
static void json_give(void *p) { free(p); }

static int setup(void **state) {
  (void)state;
  return tu_tmp_open("nomem");
}

/*------------------------------------------------------------------------*/
/* CaDiCaL out of memory, in-process. */

typedef enum {
  OP_SOLVE,
  OP_BACKBONE,
  OP_FIX,
  OP_EXPLAIN,
  OP_MINIMIZE,
  OP_RATE,
  OP_HINT,
  OP_COUNT,
  OP_COUNT_OPS
} op;
static const char *const op_names[] = {"solve",   "backbone", "unique-fix",
                                       "explain", "minimize", "rate",
                                       "hint",    "count"};

/* Runs op on pz: 0 (an answer, its status in *st) or -1 (err). */
static int run_op(op o, const gc_puzzle *pz, gc_status *st, gc_error *err) {
  gc_options opt;
  gc_options_default(&opt);
  opt.portfolio = GC_PORTFOLIO_OFF; /* one thread: the countdown is global */
  gc_limits lim = {.mode = GC_MODE_UNIQUE, .count = 2};
  int rc = -1;
  switch (o) {
  case OP_SOLVE:
  case OP_COUNT: {
    if (o == OP_COUNT)
      lim.mode = GC_MODE_COUNT, lim.count = 50;
    gc_result res;
    rc = gc_solve(pz, &opt, &lim, &res, err);
    *st = res.status;
    if (!rc && res.status == GC_STATUS_MULTIPLE && o == OP_SOLVE &&
        gc_grid_equal(&res.first, &res.second))
      fail_msg(
          "solve under failing allocations: the second solution is the first");
    if (!rc && o == OP_COUNT)
      *st = (gc_status)(100 + res.count); /* the count is the answer */
    gc_result_free(&res);
    break;
  }
  case OP_BACKBONE: {
    gc_grid fixed;
    rc = gc_backbone(pz, &opt, &lim, st, &fixed, err);
    if (!rc)
      gc_grid_free(&fixed);
    break;
  }
  case OP_FIX: {
    gc_clues added;
    char *fixed;
    rc = gc_unique_fix(pz, &opt, &lim, st, &added, &fixed, err);
    if (!rc) {
      gc_clues_free(&added);
      free(fixed);
    }
    break;
  }
  case OP_EXPLAIN: {
    gc_clues core;
    rc = gc_explain(pz, &opt, &lim, st, &core, err);
    if (!rc)
      gc_clues_free(&core);
    break;
  }
  case OP_MINIMIZE: {
    gc_clues red, rem;
    char *minimal;
    rc = gc_minimize(pz, &opt, &lim, st, &red, &rem, &minimal, err);
    if (!rc) {
      gc_clues_free(&red);
      gc_clues_free(&rem);
      free(minimal);
    }
    break;
  }
  case OP_RATE: {
    gc_rating rt;
    rc = gc_rate(pz, &opt, &lim, &rt, err);
    *st = rt.status;
    break;
  }
  case OP_HINT: {
    int r, c, v;
    long effort;
    gc_clues conflict;
    rc = gc_hint(pz, &opt, &lim, NULL, st, &r, &c, &v, &effort, &conflict, err);
    if (!rc)
      gc_clues_free(&conflict);
    break;
  }
  default:
    break;
  }
  return rc;
}

/* Every countdown over the operation's C++ allocations (a sample when
   there are many): an allocation that fails gives GC_E_NOMEM, or, when
   the solver never needed it again, the right answer; never a crash, never
   another answer. */
static void sweep_new(op o, const char *record) {
  gc_puzzle *pz = tu_puzzle(record, NULL);
  gc_status want;
  gc_error e;
  tu_new_budget = 1L << 40;
  assert_int_equal(run_op(o, pz, &want, &e), 0);
  long total = (1L << 40) - tu_new_budget;
  tu_new_budget = -1;
  assert_true(total > 0);
  /* every countdown up to 400; a sample of 40 under valgrind's pass */
  long samples = getenv("GC_TEST_QUICK") ? 40 : 400;
  long step = total > samples ? total / samples : 1, nomem = 0;
  for (long b = 0; b <= total; b += step) {
    for (int burst = 1; burst >= -1; burst -= 2) {
      long failed = tu_new_failed;
      tu_new_budget = b;
      tu_new_burst = burst;
      gc_status st = GC_STATUS_UNKNOWN;
      gc_error_clear(&e);
      int rc = run_op(o, pz, &st, &e);
      tu_new_budget = -1;
      tu_new_burst = -1;
      if (rc) {
        if (e.code != GC_E_NOMEM)
          fail_msg(
              "%s, allocation %ld failing: error %s (%s), not out of memory",
              op_names[o], b, gc_code_name(e.code), e.message);
        assert_true(tu_new_failed > failed);
        nomem++;
      } else if (st != want)
        fail_msg("%s, allocation %ld failing: status %d, without failures %d",
                 op_names[o], b, (int)st, (int)want);
    }
  }
  assert_true(nomem > 0); /* the failures were met, not all avoided */
  gc_puzzle_free(pz);
}

static void test_solver_nomem(void **state) {
  (void)state;
  const char *six =
      "skyscrapers\n  . . . 4 . .\n. . . . . . . 6\n. . . . . . . 4\n"
      "2 . . . . . . .\n2 . . . . . . 2\n. . . . . . . 3\n"
      ". . . . . . . .\n  5 2 . . . 1\n";
  sweep_new(OP_SOLVE, six);
  sweep_new(OP_SOLVE, MULTI4);
  sweep_new(OP_COUNT, MULTI4);
  sweep_new(OP_BACKBONE, MULTI4); /* hint --forced */
  sweep_new(OP_FIX, MULTI4);
  sweep_new(OP_MINIMIZE, UNIQUE4);
  sweep_new(OP_RATE, six);
  sweep_new(OP_HINT, MULTI4);
  sweep_new(OP_EXPLAIN, "{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[1,0,0,0],"
                        "\"bottom\":[1,0,0,0]}");
}

/* A batch: the puzzle whose solver runs out of memory is an error record
   (70) and the next ones are answered. */
static void test_batch_goes_on(void **state) {
  (void)state;
  const char *p = tu_tmp_path("batch.jsonl");
  tu_write_file(p, MULTI4 UNIQUE4 UNIQUE4);
  char *out, *err;
  tu_new_budget = 3; /* inside the first puzzle's solver */
  tu_new_burst = 1;
  int rc = tu_cli(&out, &err, "solve", "--json", "--no-portfolio", p, NULL);
  tu_new_budget = tu_new_burst = -1;
  assert_int_equal(rc, 70);
  char *second = strchr(out, '\n');
  assert_non_null(second);
  assert_non_null(strstr(out, "\"id\":\"m4\""));
  assert_non_null(strstr(out, "\"status\":\"error\""));
  assert_true(strstr(out, "out of memory") < second);
  assert_non_null(strstr(second,
                         "\"id\":\"u4\",\"genre\":\"skyscrapers\",\"n\":4,"
                         "\"status\":\"unique\""));
  char *third = strchr(second + 1, '\n');
  assert_non_null(third);
  assert_non_null(strstr(third, "\"status\":\"unique\""));
  assert_non_null(strstr(err, "out of memory"));
  free(out);
  free(err);
}

/*------------------------------------------------------------------------*/
/* jansson out of memory, in-process. */

/* A record read with jansson's allocation b failing (and the next ones
   too when burst is -1): the puzzle, or out of memory; never "invalid
   JSON", never a read past jansson's buffer. */
static void test_reader_nomem(void **state) {
  (void)state;
  /* an id of 60,000 bytes (under the limit): its token buffer grows
     twelve times */
  size_t idlen = 60000;
  char *rec = malloc(idlen + 200);
  strcpy(rec, "{\"id\":\"");
  memset(rec + 7, 'x', idlen);
  strcpy(rec + 7 + idlen,
         "\",\"genre\":\"skyscrapers\",\"n\":4,\"top\":[4,0,0,0]}\n");
  size_t len = strlen(rec);
  long total;
  {
    json_budget = 1L << 40;
    gc_error e;
    gc_reader *rd = gc_reader_new(rec, len, "r", NULL, &e);
    gc_puzzle *pz;
    assert_int_equal(gc_reader_next(rd, &pz, &e), GC_READ_PUZZLE);
    gc_puzzle_free(pz);
    gc_reader_free(rd);
    total = (1L << 40) - json_budget;
    json_budget = -1;
  }
  assert_true(total > 10);
  int nomem = 0;
  for (long b = 0; b <= total; b++)
    for (int burst = 1; burst >= -1; burst -= 2) {
      gc_error e;
      gc_reader *rd = gc_reader_new(rec, len, "r", NULL, &e);
      assert_non_null(rd);
      json_budget = b;
      json_burst = burst;
      gc_puzzle *pz = NULL;
      int r = gc_reader_next(rd, &pz, &e);
      json_budget = json_burst = -1;
      if (r == GC_READ_PUZZLE) {
        assert_int_equal(strlen(gc_puzzle_id(pz)), idlen);
        gc_puzzle_free(pz);
      } else {
        if (e.code != GC_E_NOMEM)
          fail_msg("jansson allocation %ld failing: %s (%s), not out of memory",
                   b, gc_code_name(e.code), e.message);
        assert_int_equal(e.line, 1);
        nomem++;
      }
      gc_reader_free(rd);
    }
  assert_true(nomem > 0);
  free(rec);
}

/* Every line of a --json run is a whole record: the answer, or (when an
   allocation failed while it was made or written) an error record that
   says so, exit 70; none is dropped. */
static void test_records_nomem(void **state) {
  (void)state;
  const char *p = tu_tmp_path("two.jsonl");
  tu_write_file(p, UNIQUE4 MULTI4);
  long total;
  char *out, *err;
  json_budget = 1L << 40;
  assert_int_equal(tu_cli(&out, &err, "solve", "--json", p, NULL), 2);
  total = (1L << 40) - json_budget;
  json_budget = -1;
  free(out), free(err);
  assert_true(total > 20);
  int errors = 0;
  for (long b = 0; b <= total; b++) {
    json_budget = b;
    json_burst = 1;
    int rc = tu_cli(&out, &err, "solve", "--json", p, NULL);
    json_budget = json_burst = -1;
    int lines = 0, bad = 0;
    for (char *l = out; *l;) {
      char *nl = strchr(l, '\n');
      if (!nl)
        fail_msg("allocation %ld failing: a partial line: %s", b, l);
      json_error_t je;
      json_t *o = json_loadb(l, (size_t)(nl - l), 0, &je);
      if (!o)
        fail_msg("allocation %ld failing: not JSON: %.*s", b, (int)(nl - l), l);
      const char *status = json_string_value(json_object_get(o, "status"));
      assert_non_null(status);
      if (!strcmp(status, "error")) {
        bad++;
        assert_non_null(strstr(json_string_value(json_object_get(o, "error")),
                               "out of memory"));
      } else
        assert_string_equal(status, lines == 0 ? "unique" : "multiple");
      json_decref(o);
      lines++;
      l = nl + 1;
    }
    assert_int_equal(lines, 2);
    assert_int_equal(rc, bad ? 70 : 2);
    if (bad)
      assert_non_null(strstr(err, "out of memory"));
    errors += bad;
    free(out), free(err);
  }
  assert_true(errors > 0);
}

/* A string longer than the reader takes is refused where it starts,
   before jansson stores it; the records around it are read. */
static void test_long_token(void **state) {
  (void)state;
  size_t big = 100000;
  char *text = malloc(2 * big + 600);
  size_t k = 0;
  k += (size_t)sprintf(text + k, "%s", UNIQUE4);
  k += (size_t)sprintf(text + k,
                       "{\"genre\":\"skyscrapers\",\"n\":4,\"note\":\"");
  memset(text + k, 'y', big);
  k += big;
  k += (size_t)sprintf(text + k, "\"}\n{\"id\":");
  memset(text + k, '7', big); /* a number as long */
  k += big;
  k += (size_t)sprintf(text + k, ",\"genre\":\"skyscrapers\",\"n\":4}\n%s",
                       MULTI4);
  gc_error e;
  gc_reader *rd = gc_reader_new(text, k, "long", NULL, &e);
  gc_puzzle *pz;
  assert_int_equal(gc_reader_next(rd, &pz, &e), GC_READ_PUZZLE);
  gc_puzzle_free(pz);
  assert_int_equal(gc_reader_next(rd, &pz, &e), GC_READ_ERROR);
  assert_int_equal(e.code, GC_E_TOO_LARGE);
  assert_int_equal(e.line, 2);
  assert_int_equal(e.column, 37); /* the opening quote */
  assert_int_equal(gc_reader_next(rd, &pz, &e), GC_READ_ERROR);
  assert_int_equal(e.code, GC_E_TOO_LARGE);
  assert_int_equal(e.line, 3);
  assert_int_equal(e.column, 7);
  assert_int_equal(gc_reader_next(rd, &pz, &e), GC_READ_PUZZLE);
  assert_string_equal(gc_puzzle_id(pz), "m4");
  gc_puzzle_free(pz);
  assert_int_equal(gc_reader_next(rd, &pz, &e), GC_READ_END);
  gc_reader_free(rd);
  free(text);
}

/*------------------------------------------------------------------------*/
/* The command under a real memory limit. */

/* Runs `ulimit -v KB; exec gridcnf ARGS` (a shell between, so that the
   limit is set in a process that is not this one: valgrind's pass runs
   this test under valgrind); stdout and stderr into files.  The exit
   status (128 + signal when killed). */
static int run_limited(long kb, const char *const *args, const char *out,
                       const char *err) {
  char cmd[8192];
  int k = snprintf(cmd, sizeof cmd, "ulimit -v %ld; exec '%s'", kb, GC_BINARY);
  for (int i = 0; args[i]; i++)
    k += snprintf(cmd + k, sizeof cmd - (size_t)k, " '%s'", args[i]);
  snprintf(cmd + k, sizeof cmd - (size_t)k, " >'%s' 2>'%s'", out, err);
  int st = system(cmd);
  if (WIFSIGNALED(st))
    return 128 + WTERMSIG(st);
  return WEXITSTATUS(st); /* (sh reports a killed child as 128 + signal) */
}

static int skip_asan(const char *what) {
  if (!TU_ASAN)
    return 0;
  printf("    SKIPPED under AddressSanitizer (it cannot run under a small "
         "address-space limit): %s; pass 1 runs it\n",
         what);
  return 1;
}

/* An empty 32x32 Futoshiki, then a small puzzle, under limits around what
   the big one needs: it fails with an error record (70) at some limits,
   is solved at others, the process never aborts (std::bad_alloc) and the
   small one is always answered. */
static void test_limited_solver(void **state) {
  (void)state;
  if (skip_asan("solve and hint --forced of an empty 32x32 Futoshiki under "
                "ulimit -v"))
    return;
  const char *in = tu_tmp_path("f32.jsonl"), *out = tu_tmp_path("f32.out"),
             *err = tu_tmp_path("f32.err");
  tu_write_file(in,
                "{\"id\":\"big\",\"genre\":\"futoshiki\",\"n\":32}\n" UNIQUE4);
  int failed = 0, solved = 0;
  for (int cmd = 0; cmd < 2; cmd++)
    /* (hint --forced where it fails soon: where its formula fits, the
       backbone of an empty 32x32 grid takes seconds) */
    for (long kb = 40000; kb <= (cmd ? 70000 : 90000);
         kb += cmd ? 10000 : 5000) {
      const char *solve[] = {"solve", "--json", "--first", in, NULL};
      const char *hint[] = {"hint", "--forced", "--json", in, NULL};
      int rc = run_limited(kb, cmd ? hint : solve, out, err);
      char *o = tu_read_file(out), *e = tu_read_file(err);
      if (rc != 0 && rc != 70)
        fail_msg("%s under ulimit -v %ld: exit %d; stderr: %s",
                 cmd ? "hint --forced" : "solve", kb, rc, e);
      assert_null(strstr(e, "terminate called"));
      char *second = strchr(o, '\n');
      assert_non_null(second);
      assert_non_null(strstr(second, "\"id\":\"u4\""));
      assert_null(strstr(second, "\"error\""));
      if (rc == 70) {
        assert_non_null(strstr(o, "\"status\":\"error\""));
        assert_non_null(strstr(e, "out of memory"));
        failed++;
      } else
        solved++;
      free(o);
      free(e);
    }
  /* both outcomes were met: the limits span the failure */
  assert_true(failed > 0);
  assert_true(solved > 0);
}

/* A 10 MB id and a 20 MB string field under a limit: a positioned error
   (65) each, no crash; the puzzle after them is read. */
static void test_limited_reader(void **state) {
  (void)state;
  if (skip_asan("a 10 MB id and a 20 MB string under ulimit -v"))
    return;
  const char *in = tu_tmp_path("long.jsonl"), *out = tu_tmp_path("long.out"),
             *err = tu_tmp_path("long.err");
  FILE *f = fopen(in, "wb");
  assert_non_null(f);
  fputs("{\"id\":\"", f);
  for (int i = 0; i < 10 << 20; i++)
    fputc('x', f);
  fputs("\",\"genre\":\"futoshiki\",\"n\":4}\n{\"genre\":\"futoshiki\",\"n\":4,"
        "\"notes\":\"",
        f);
  for (int i = 0; i < 20 << 20; i++)
    fputc('y', f);
  fputs("\"}\n" UNIQUE4, f);
  fclose(f);
  for (long kb = 50000; kb <= 110000; kb += 20000) {
    const char *args[] = {"solve", "--json", in, NULL};
    int rc = run_limited(kb, args, out, err);
    char *o = tu_read_file(out), *e = tu_read_file(err);
    if (rc != 65)
      fail_msg("under ulimit -v %ld: exit %d; stderr: %s", kb, rc, e);
    assert_non_null(
        strstr(e, "long.jsonl:1:7: a JSON string or number longer than"));
    assert_non_null(
        strstr(e, "long.jsonl:2:36: a JSON string or number longer than"));
    assert_non_null(strstr(o, "\"id\":\"u4\",\"genre\":\"skyscrapers\",\"n\":4,"
                              "\"status\":\"unique\""));
    free(o);
    free(e);
  }
}

int main(void) {
  /* before gridcnf installs its wrapper over jansson's allocator */
  json_set_alloc_funcs(json_take, json_give);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_solver_nomem),
      cmocka_unit_test(test_batch_goes_on),
      cmocka_unit_test(test_reader_nomem),
      cmocka_unit_test(test_records_nomem),
      cmocka_unit_test(test_long_token),
      cmocka_unit_test(test_limited_solver),
      cmocka_unit_test(test_limited_reader),
  };
  return cmocka_run_group_tests(tests, setup, tu_teardown);
}
