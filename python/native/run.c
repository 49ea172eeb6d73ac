/*
 * run.c: _native.run, the gridcnf command line in-process.
 *
 * gc_cli_run_io gets the arguments, the caller's bytes as what '-' reads,
 * and memory streams for standard output and error (or, for a stream of
 * records read as they come, a pipe for standard output).  The GIL is
 * released for the whole call, so Python threads solve in parallel.
 *
 * Stopping: the call polls an int (gc_cli_io.interrupt, as the command's
 * SIGINT handler sets it).  A Stop object lends its flag, so another
 * thread can stop the call.  With watch (the caller is Python's main
 * thread, where Python runs its signal handlers) a SIGINT handler of ours
 * stands in front of Python's for the length of the call: it sets the
 * flag, so the command stops as it does on Ctrl-C, and calls Python's,
 * which notes the signal; once the command has returned and freed its
 * memory, Python runs its handler (PyErr_CheckSignals) and the
 * KeyboardInterrupt goes up to the caller.  Only the main thread installs
 * it, and only there can Python change a handler, so the two never race.
 * (A worker thread polled from the main thread costs 0.1 ms a call, 15-20 %
 * of a 9x9: thread start and wake-ups; this costs two system calls.)
 */
#include "native.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/*------------------------------------------------------------------------*/
/* Stop */

static PyObject *stop_set(gc_py_stop *self, PyObject *unused) {
  (void)unused;
  gc_stop_request(&self->flag, 1);
  Py_RETURN_NONE;
}

static PyObject *stop_is_set(gc_py_stop *self, PyObject *unused) {
  (void)unused;
  return PyBool_FromLong(gc_stop_requested(&self->flag) != 0);
}

static PyMethodDef stop_methods[] = {
    {"set", (PyCFunction)stop_set, METH_NOARGS, "stop the calls given this flag"},
    {"is_set", (PyCFunction)stop_is_set, METH_NOARGS, "has set() been called?"},
    {NULL, NULL, 0, NULL}};

PyTypeObject gc_py_stop_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "gridcnf._native.Stop",
    .tp_basicsize = sizeof(gc_py_stop),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Stop(): a flag that stops the calls of run() it is given, from any thread",
    .tp_new = PyType_GenericNew,
    .tp_methods = stop_methods,
};

/*------------------------------------------------------------------------*/
/* run */

typedef struct job {
  int argc;
  char **argv;
  gc_cli_io io;
  int rc;
} job;

/* The main thread's call in progress: its flag, and the SIGINT handler it
   replaced (Python's), which on_sigint calls after setting the flag. */
static volatile int *volatile watched;
static struct sigaction python_sigint;

static void on_sigint(int sig, siginfo_t *info, void *ctx) {
  volatile int *flag = watched;
  if (flag)
    gc_stop_request(flag, 1);
  if (python_sigint.sa_flags & SA_SIGINFO)
    python_sigint.sa_sigaction(sig, info, ctx);
  else if (python_sigint.sa_handler != SIG_DFL && python_sigint.sa_handler != SIG_IGN)
    python_sigint.sa_handler(sig);
}

/* Runs the job with the GIL released.  watch: the caller is Python's main
   thread; when Python handles SIGINT there, on_sigint stands in front of
   its handler for the call, then Python runs its handlers (for Ctrl-C,
   KeyboardInterrupt: -1 with it set). */
static int run_job(job *j, volatile int *flag, int watch) {
  struct sigaction ours, now;
  int armed = 0;
  if (watch && sigaction(SIGINT, NULL, &now) == 0 &&
      ((now.sa_flags & SA_SIGINFO) ||
       (now.sa_handler != SIG_DFL && now.sa_handler != SIG_IGN))) {
    memset(&ours, 0, sizeof ours);
    ours.sa_sigaction = on_sigint;
    ours.sa_flags = SA_SIGINFO | (now.sa_flags & (SA_ONSTACK | SA_RESTART));
    sigemptyset(&ours.sa_mask);
    python_sigint = now;
    watched = flag;
    armed = sigaction(SIGINT, &ours, NULL) == 0;
    if (!armed)
      watched = NULL;
  }
  Py_BEGIN_ALLOW_THREADS;
  j->rc = gc_cli_run_io(j->argc, j->argv, &j->io);
  Py_END_ALLOW_THREADS;
  if (armed) {
    sigaction(SIGINT, &python_sigint, NULL);
    watched = NULL;
  }
  return watch && PyErr_CheckSignals() < 0 ? -1 : 0;
}

static void free_argv(char **argv, int argc) {
  for (int i = 0; argv && i < argc; i++)
    PyMem_RawFree(argv[i]);
  PyMem_RawFree(argv);
}

/* argv[0] = "gridcnf", then the strings of seq. */
static char **make_argv(PyObject *seq, int *argc) {
  PyObject *fast = PySequence_Fast(seq, "argv must be a sequence of str");
  if (!fast)
    return NULL;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
  char **argv = PyMem_RawCalloc((size_t)n + 2, sizeof *argv);
  int k = 0;
  if (!argv) {
    PyErr_NoMemory();
    goto fail;
  }
  if (!(argv[k] = PyMem_RawMalloc(sizeof "gridcnf"))) {
    PyErr_NoMemory();
    goto fail;
  }
  memcpy(argv[k++], "gridcnf", sizeof "gridcnf");
  for (Py_ssize_t i = 0; i < n; i++) {
    PyObject *s = PySequence_Fast_GET_ITEM(fast, i);
    Py_ssize_t len;
    const char *u = PyUnicode_Check(s) ? PyUnicode_AsUTF8AndSize(s, &len) : NULL;
    if (!u) {
      if (!PyErr_Occurred())
        PyErr_SetString(PyExc_TypeError, "argv must be a sequence of str");
      goto fail;
    }
    if (strlen(u) != (size_t)len) {
      PyErr_SetString(PyExc_ValueError, "an argument holds a NUL character");
      goto fail;
    }
    if (!(argv[k] = PyMem_RawMalloc((size_t)len + 1))) {
      PyErr_NoMemory();
      goto fail;
    }
    memcpy(argv[k++], u, (size_t)len + 1);
  }
  Py_DECREF(fast);
  *argc = k;
  return argv;
fail:
  Py_DECREF(fast);
  free_argv(argv, k);
  return NULL;
}

PyObject *gc_py_run(PyObject *self, PyObject *args, PyObject *kw) {
  (void)self;
  static char *names[] = {"argv", "input", "stop", "out_fd", "watch", NULL};
  PyObject *seq, *stop = Py_None;
  Py_buffer input = {0};
  int out_fd = -1, watch = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O|z*Oip:run", names, &seq, &input,
                                   &stop, &out_fd, &watch))
    return NULL;
  if (stop != Py_None && !PyObject_TypeCheck(stop, &gc_py_stop_type)) {
    PyBuffer_Release(&input);
    PyErr_SetString(PyExc_TypeError, "stop must be a gridcnf._native.Stop or None");
    return NULL;
  }
  job j;
  memset(&j, 0, sizeof j);
  if (!(j.argv = make_argv(seq, &j.argc))) {
    PyBuffer_Release(&input);
    return NULL;
  }
  volatile int local = 0;
  volatile int *flag = stop != Py_None ? &((gc_py_stop *)stop)->flag : &local;
  char *out = NULL, *err = NULL;
  size_t out_len = 0, err_len = 0;
  /* '-' never reads the process's standard input: no input is empty */
  j.io.input = input.buf ? (const char *)input.buf : "";
  j.io.input_len = input.buf ? (size_t)input.len : 0;
  j.io.interrupt = (const volatile int *)flag;
  int fd = out_fd >= 0 ? dup(out_fd) : -1;
  j.io.out = out_fd >= 0 ? (fd >= 0 ? fdopen(fd, "w") : NULL)
                         : open_memstream(&out, &out_len);
  j.io.err = open_memstream(&err, &err_len);
  PyObject *result = NULL;
  if (!j.io.out || !j.io.err) {
    if (fd >= 0 && !j.io.out)
      close(fd);
    PyErr_SetFromErrno(PyExc_OSError);
  } else {
    int failed = run_job(&j, flag, watch);
    fclose(j.io.out);
    fclose(j.io.err);
    j.io.out = j.io.err = NULL;
    if (!failed)
      result = Py_BuildValue("(iy#y#)", j.rc, out ? out : "", (Py_ssize_t)out_len,
                             err ? err : "", (Py_ssize_t)err_len);
  }
  if (j.io.out)
    fclose(j.io.out);
  if (j.io.err)
    fclose(j.io.err);
  free(out);
  free(err);
  free_argv(j.argv, j.argc);
  PyBuffer_Release(&input);
  return result;
}
