/*
 * fuzz_nomem.c: the memory-limited mode.  The input bytes are read as
 * puzzles (format auto), and each of the first few with n <= 8 is solved
 * and its backbone found (hint --forced) with allocation failing from a point
 * that a hash of the input picks: CaDiCaL's (operator new,
 * tests/failing_new.cpp)
 * or jansson's (json_set_alloc_funcs, installed before gridcnf's wrapper
 * over it).  Checked (abort() otherwise):
 *   - the answer is GC_E_NOMEM, or the answer without failures (status,
 *     and the solution of a unique puzzle), never another, never a crash
 *     or a leak (the sanitizers);
 *   - the records read with jansson failing are the puzzles of the
 *     reading without failures, or GC_E_NOMEM errors at their line, never
 *     "invalid JSON" (jansson's token buffer grows unchecked: the reader
 *     must neither crash nor call a valid record invalid).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fuzz_puzzles.h"
#include "gridcnf.h"

#define MAX_SOLVED 3
#define MAX_N 8

/* tests/failing_new.cpp: with its burst left at -1, every allocation past
   the budget fails until the budget is -1 again */
extern long tu_new_budget;

static long json_budget = -1;

static void *json_take(size_t size) {
  if (json_budget == 0)
    return NULL;
  if (json_budget > 0)
    json_budget--;
  return malloc(size);
}
static void json_give(void *p) { free(p); }

static void fail(const char *what, const char *why) {
  fprintf(stderr, "fuzz_nomem: %s%s%s\n", what, why ? ": " : "",
          why ? why : "");
  abort();
}

static void solve(const gc_puzzle *pz, uint32_t h) {
  gc_options opt;
  gc_options_default(&opt);
  opt.portfolio = GC_PORTFOLIO_OFF; /* one thread: the budgets are global */
  opt.simplify = (int)((h >> 3) & 1);
  gc_limits lim = {.mode = GC_MODE_UNIQUE, .count = 2, .timeout = 0.05};
  gc_result want, got;
  gc_error err;
  if (gc_solve(pz, &opt, &lim, &want, &err)) {
    gc_result_free(&want);
    return;
  }
  /* the point of failure: anywhere in the first few thousand allocations */
  tu_new_budget = (long)((h >> 8) % 3000);
  int rc = gc_solve(pz, &opt, &lim, &got, &err);
  tu_new_budget = -1;
  if (rc) {
    if (err.code != GC_E_NOMEM) {
      char buf[512];
      gc_error_format(&err, buf, sizeof buf);
      fail("gc_solve with CaDiCaL out of memory: not GC_E_NOMEM", buf);
    }
  } else if (got.status != GC_STATUS_UNKNOWN &&
             want.status != GC_STATUS_UNKNOWN) {
    if (got.status != want.status)
      fail("gc_solve with CaDiCaL out of memory: another answer",
           gc_status_name(got.status));
    if (got.status == GC_STATUS_UNIQUE &&
        !gc_grid_equal(&got.first, &want.first))
      fail("gc_solve with CaDiCaL out of memory: another solution", NULL);
    if (got.status == GC_STATUS_MULTIPLE &&
        gc_grid_equal(&got.first, &got.second))
      fail("gc_solve with CaDiCaL out of memory: the second solution is the "
           "first",
           NULL);
  }
  gc_result_free(&got);
  /* hint --forced */
  gc_status st;
  gc_grid fixed;
  tu_new_budget = (long)((h >> 12) % 3000);
  rc = gc_backbone(pz, &opt, &lim, &st, &fixed, &err);
  tu_new_budget = -1;
  if (rc) {
    if (err.code != GC_E_NOMEM)
      fail("gc_backbone with CaDiCaL out of memory: not GC_E_NOMEM",
           err.message);
  } else {
    if (st != GC_STATUS_UNKNOWN && want.status != GC_STATUS_UNKNOWN &&
        (st == GC_STATUS_NONE) != (want.status == GC_STATUS_NONE))
      fail("gc_backbone with CaDiCaL out of memory: another answer",
           gc_status_name(st));
    gc_grid_free(&fixed);
  }
  gc_result_free(&want);
}

/* The records of data, read with jansson failing after budget
   allocations, against the reading without failures. */
static void read_failing(const uint8_t *data, size_t size, long budget) {
  gc_error err, err2;
  gc_reader *a = gc_reader_new((const char *)data, size, "<fuzz>", NULL, &err);
  gc_reader *b = gc_reader_new((const char *)data, size, "<fuzz>", NULL, &err2);
  if (!a || !b)
    fail("gc_reader_new failed", NULL);
  for (int k = 0; k < 64; k++) {
    gc_puzzle *pa = NULL, *pb = NULL;
    int ra = gc_reader_next(a, &pa, &err);
    json_budget = budget;
    int rb = gc_reader_next(b, &pb, &err2);
    json_budget = -1;
    if (rb == GC_READ_ERROR && err2.code == GC_E_NOMEM) {
      /* out of memory: its own record, not another's; from here on the
         two readers may see the lines of a record differently */
      if (ra == GC_READ_END)
        fail("out of memory reading past the end", NULL);
      gc_puzzle_free(pa);
      break;
    } else if (ra != rb) {
      char buf[512];
      gc_error_format(rb == GC_READ_ERROR ? &err2 : &err, buf, sizeof buf);
      fail("a record read another way with jansson out of memory", buf);
    } else if (ra == GC_READ_ERROR && err.code != err2.code)
      fail("another error with jansson out of memory", err2.message);
    else if (ra == GC_READ_PUZZLE &&
             (gc_puzzle_n(pa) != gc_puzzle_n(pb) ||
              gc_puzzle_genre(pa) != gc_puzzle_genre(pb)))
      fail("another puzzle with jansson out of memory", NULL);
    gc_puzzle_free(pa);
    gc_puzzle_free(pb);
    if (ra == GC_READ_END)
      break;
  }
  gc_reader_free(a);
  gc_reader_free(b);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  json_set_alloc_funcs(json_take, json_give); /* before gridcnf's wrapper */
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  uint32_t h = fuzz_hash(data, size);
  read_failing(data, size, (long)(h % 64));
  fuzz_each_puzzle(data, size, h, MAX_SOLVED, MAX_N, solve);
  return 0;
}
