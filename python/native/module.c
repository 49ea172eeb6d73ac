/*
 * module.c: gridcnf._native, the CPython extension under `import gridcnf`:
 * the module, and the library's tables (genres, encoding options, pasted
 * formats) as Python values, so that the Python side lists none of them
 * itself.
 */
#include "native.h"

#include "gridcnf.h"

/* A NULL-terminated list of strings (a may be NULL) as a Python list;
   NULL with the exception set. */
static PyObject *str_list(const char *const *a) {
  PyObject *list = PyList_New(0);
  for (; list && a && *a; a++) {
    PyObject *s = PyUnicode_FromString(*a);
    if (!s || PyList_Append(list, s))
      Py_CLEAR(list);
    Py_XDECREF(s);
  }
  return list;
}

static PyObject *genres(PyObject *self, PyObject *unused) {
  (void)self;
  (void)unused;
  PyObject *list = PyList_New(0);
  for (size_t i = 0; list && i < gc_genre_count(); i++) {
    const gc_genre *g = gc_genre_at(i);
    PyObject *aliases = str_list(gc_genre_aliases(g));
    PyObject *levels = aliases ? str_list(gc_genre_levels(g)) : NULL;
    /* N hands both over, also when the build fails */
    PyObject *d = levels ? Py_BuildValue("{s:s,s:s,s:i,s:N,s:N}", "name", gc_genre_name(g),
                                         "summary", gc_genre_summary(g), "max_n",
                                         gc_genre_max_n(g), "aliases", aliases, "levels",
                                         levels)
                         : NULL;
    if (!levels)
      Py_XDECREF(aliases);
    if (!d || PyList_Append(list, d))
      Py_CLEAR(list);
    Py_XDECREF(d);
  }
  return list;
}

static PyObject *options(PyObject *self, PyObject *unused) {
  (void)self;
  (void)unused;
  gc_options def;
  gc_options_default(&def);
  PyObject *list = PyList_New(0);
  for (size_t i = 0; list && i < gc_option_count(); i++) {
    const gc_option_info *o = gc_option_at(i);
    char cli[64], value[64];
    gc_option_cli_name(o, cli, sizeof cli);
    gc_option_value(&def, o, value, sizeof value);
    const char *kind = o->kind == GC_OPT_BOOL  ? "bool"
                       : o->kind == GC_OPT_ENUM ? "enum"
                                                : "int";
    PyObject *d = Py_BuildValue("{s:s,s:s,s:s,s:s,s:z,s:s,s:i,s:i}", "name", o->name,
                                "cli", cli, "kind", kind, "default", value, "values",
                                o->values, "help", o->help, "low", o->lo, "high", o->hi);
    if (!d || PyList_Append(list, d))
      Py_CLEAR(list);
    Py_XDECREF(d);
  }
  return list;
}

static PyObject *formats(PyObject *self, PyObject *unused) {
  (void)self;
  (void)unused;
  PyObject *list = PyList_New(0);
  for (size_t i = 0; list && i < gc_format_count(); i++) {
    PyObject *t = Py_BuildValue("(ss)", gc_format_name(i), gc_format_summary(i));
    if (!t || PyList_Append(list, t))
      Py_CLEAR(list);
    Py_XDECREF(t);
  }
  return list;
}

static PyMethodDef methods[] = {
    {"run", (PyCFunction)(void (*)(void))gc_py_run, METH_VARARGS | METH_KEYWORDS,
     "run(argv, input=None, stop=None, out_fd=-1, watch=False) -> (exit code, "
     "stdout bytes, stderr bytes): the gridcnf command line in-process"},
    {"read", (PyCFunction)(void (*)(void))gc_py_read, METH_VARARGS | METH_KEYWORDS,
     "read(data, source='<input>', format=None, genre=None) -> list of Puzzle "
     "or (code, line, column, message, text) for a record that does not read"},
    {"genres", genres, METH_NOARGS, "the genres: name, summary, max_n, aliases, levels"},
    {"options", options, METH_NOARGS, "the encoding options table"},
    {"formats", formats, METH_NOARGS, "the pasted formats: (name, summary)"},
    {"commands", gc_py_commands, METH_NOARGS,
     "the command line's commands: name, alias, args, summary, about, examples, "
     "options (name, short, metavar, help), encoding (takes the encoding options)"},
    {"_bench", gc_py_bench, METH_VARARGS,
     "_bench(which, data) -> seconds: one solve of data by the C 'library' "
     "(gc_solve) or the 'cli' (gc_cli_run_io), timed in C"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "gridcnf._native",
                                    "the gridcnf C library (see gridcnf)", -1,
                                    methods};

PyMODINIT_FUNC PyInit__native(void) {
  if (PyType_Ready(&gc_py_stop_type) < 0 || PyType_Ready(&gc_py_puzzle_type) < 0)
    return NULL;
  PyObject *m = PyModule_Create(&module);
  if (!m)
    return NULL;
  Py_INCREF(&gc_py_stop_type);
  Py_INCREF(&gc_py_puzzle_type);
  if (PyModule_AddObject(m, "Stop", (PyObject *)&gc_py_stop_type) ||
      PyModule_AddObject(m, "Puzzle", (PyObject *)&gc_py_puzzle_type) ||
      PyModule_AddStringConstant(m, "version", GC_VERSION)) {
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
