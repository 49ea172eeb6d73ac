/*
 * native.h: what the files of gridcnf._native share.  The extension is a
 * door, no more: run.c runs the command line in-process (gc_cli_run_io)
 * and hands back its output; puzzle.c wraps the library's reader and its
 * JSON, text and SVG writers.  Nothing here parses puzzles, checks grids
 * or draws.
 */
#ifndef GC_PY_NATIVE_H
#define GC_PY_NATIVE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* _native.Stop: a flag that stops the calls it is given, set from any
   thread (run.c). */
typedef struct {
  PyObject_HEAD
  volatile int flag;
} gc_py_stop;
extern PyTypeObject gc_py_stop_type;

/* _native.run(argv, input, stop=None, out_fd=-1, watch=False) (run.c). */
PyObject *gc_py_run(PyObject *self, PyObject *args, PyObject *kw);

/* _native.Puzzle and _native.read (puzzle.c). */
extern PyTypeObject gc_py_puzzle_type;
PyObject *gc_py_read(PyObject *self, PyObject *args, PyObject *kw);

/* _native.commands() -> the command line's commands and their options
   (commands.c). */
PyObject *gc_py_commands(PyObject *self, PyObject *unused);

/* _native._bench(which, data) -> seconds (bench.c). */
PyObject *gc_py_bench(PyObject *self, PyObject *args);

#endif
