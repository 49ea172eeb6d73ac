/*
 * bench.c: _native._bench, one timed call of the C side, for the
 * per-call overhead of the Python module (benchmarks/python_overhead.py):
 * "library" reads the puzzle and solves it with gc_reader_* and gc_solve;
 * "cli" runs `gridcnf solve --json -` through gc_cli_run_io into memory
 * streams, the door every Python function goes through.  Times are taken
 * in C, the GIL released, so that Python's own cost is what the caller's
 * timing of gridcnf.solve adds.
 */
#include "native.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "gridcnf.h"

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int library_solve(const char *data, size_t len) {
  gc_error e;
  gc_reader *rd = gc_reader_new(data, len, "<stdin>", NULL, &e);
  if (!rd)
    return -1;
  gc_puzzle *pz;
  int rc = -1;
  if (gc_reader_next(rd, &pz, &e) == GC_READ_PUZZLE) {
    gc_options opt;
    gc_options_default(&opt);
    gc_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.mode = GC_MODE_UNIQUE;
    lim.count = 2;
    gc_result res;
    rc = gc_solve(pz, &opt, &lim, &res, &e);
    gc_result_free(&res);
    gc_puzzle_free(pz);
  }
  gc_reader_free(rd);
  return rc;
}

static int cli_solve(const char *data, size_t len) {
  char *out = NULL, *err = NULL;
  size_t ol = 0, el = 0;
  gc_cli_io io = {data, len, open_memstream(&out, &ol), open_memstream(&err, &el), NULL};
  char *argv[] = {"gridcnf", "solve", "--json", "-", NULL};
  int rc = io.out && io.err ? gc_cli_run_io(4, argv, &io) : -1;
  if (io.out)
    fclose(io.out);
  if (io.err)
    fclose(io.err);
  free(out);
  free(err);
  return rc;
}

/* _bench(which, data) -> seconds of one call */
PyObject *gc_py_bench(PyObject *self, PyObject *args) {
  (void)self;
  const char *which;
  Py_buffer data;
  if (!PyArg_ParseTuple(args, "sy*:_bench", &which, &data))
    return NULL;
  int library = !strcmp(which, "library");
  if (!library && strcmp(which, "cli")) {
    PyBuffer_Release(&data);
    PyErr_SetString(PyExc_ValueError, "which is 'library' or 'cli'");
    return NULL;
  }
  double t;
  int rc;
  Py_BEGIN_ALLOW_THREADS;
  t = now_s();
  rc = library ? library_solve(data.buf, (size_t)data.len)
               : cli_solve(data.buf, (size_t)data.len);
  t = now_s() - t;
  Py_END_ALLOW_THREADS;
  PyBuffer_Release(&data);
  if (rc < 0 || rc >= 64) {
    PyErr_Format(PyExc_RuntimeError, "the %s call failed (%d)", which, rc);
    return NULL;
  }
  return PyFloat_FromDouble(t);
}
