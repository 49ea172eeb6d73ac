/*
 * fuzz_model.c: the input bytes as an external SAT solver's answer
 * (gc_model_read), and every model that comes out decoded against a fixed
 * 4 x 4 Skyscrapers puzzle (gc_decode), with the default options and with
 * the sequential at-most-one (another variable count).  A decoded grid must
 * pass the rule checker.  run.sh writes this puzzle's real models (cadical,
 * minisat) as seeds: keep PUZZLE in step with it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gridcnf.h"

#define PUZZLE                                                                 \
  "{\"id\":\"u4\",\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0,1,2],"        \
  "\"bottom\":[0,0,3,0],\"left\":[0,0,1,0],\"right\":[0,2,0,0]}"

static gc_puzzle *puzzle;

static void fail(const char *what, const gc_error *err) {
  char buf[512] = "";
  if (err)
    gc_error_format(err, buf, sizeof buf);
  fprintf(stderr, "fuzz_model: %s %s\n", what, buf);
  abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  gc_error err;
  gc_reader *rd = gc_reader_new(PUZZLE, strlen(PUZZLE), "puzzle", NULL, &err);
  if (!rd || gc_reader_next(rd, &puzzle, &err) != GC_READ_PUZZLE)
    fail("the fixed puzzle does not read", &err);
  gc_reader_free(rd);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  int sat, nvars;
  signed char *values;
  gc_error err;
  if (gc_model_read((const char *)data, size, "<fuzz>", &sat, &values, &nvars,
                    &err)) {
    if (values || !err.code)
      fail("a failed read with a model or without an error", &err);
    return 0;
  }
  if (sat < -1 || sat > 1 || nvars < 0 || (nvars > 0 && !values))
    fail("a bad model", NULL);
  /* nvars is the largest variable given (the array may be huge and
     sparse: look at its ends only). */
  if (nvars > 0 && values[nvars] != 1 && values[nvars] != -1)
    fail("the last variable of the model has no value", NULL);
  if (values) {
    for (int amo = GC_AMO_AUTO; amo <= GC_AMO_SEQ; amo += GC_AMO_SEQ) {
      gc_options opt;
      gc_options_default(&opt);
      opt.amo = amo;
      gc_grid g;
      if (gc_decode(puzzle, &opt, values, nvars, &g, &err) == 0) {
        char why[256];
        if (!gc_check(puzzle, &g, why, sizeof why))
          fail("a decoded grid fails the checker:", NULL);
        gc_grid_free(&g);
      } else if (!err.code || g.cell) {
        fail("a failed decode without an error or with a grid", &err);
      }
    }
  }
  free(values);
  return 0;
}
