/*
 * puzzle.c: _native.Puzzle, one puzzle as the library read it, and
 * _native.read, the library's reader (gc_reader_*).  A Puzzle answers with
 * the library's own writers: gc_puzzle_json, gc_render_text, gc_puzzle_text, gc_render_svg
 * and gc_format_write.
 */
#include "native.h"

#include <stdlib.h>
#include <string.h>

#include "gridcnf.h"

typedef struct {
  PyObject_HEAD
  gc_puzzle *pz;
} puzzle;

static void puzzle_dealloc(puzzle *self) {
  gc_puzzle_free(self->pz);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *take_string(char *s) {
  if (!s)
    return PyErr_NoMemory();
  PyObject *r = PyUnicode_FromString(s);
  free(s);
  return r;
}

/* A list of n lists of n ints (None = an empty cell) into g; -1 with a
   Python error. */
static int grid_from(PyObject *rows, int n, gc_grid *g) {
  if (gc_grid_init(g, n)) {
    PyErr_NoMemory();
    return -1;
  }
  PyObject *fast = PySequence_Fast(rows, "a grid is a list of rows");
  if (!fast)
    goto fail;
  if (PySequence_Fast_GET_SIZE(fast) != n) {
    PyErr_Format(PyExc_ValueError, "a grid of this puzzle has %d rows, not %zd", n,
                 PySequence_Fast_GET_SIZE(fast));
    goto fail;
  }
  for (int r = 0; r < n; r++) {
    PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, r),
                                    "a grid row is a list of numbers");
    if (!row)
      goto fail;
    if (PySequence_Fast_GET_SIZE(row) != n) {
      PyErr_Format(PyExc_ValueError, "row %d of the grid has %zd cells, not %d", r + 1,
                   PySequence_Fast_GET_SIZE(row), n);
      Py_DECREF(row);
      goto fail;
    }
    for (int c = 0; c < n; c++) {
      PyObject *v = PySequence_Fast_GET_ITEM(row, c);
      long x = v == Py_None ? GC_EMPTY : PyLong_AsLong(v);
      if (x == -1 && PyErr_Occurred()) {
        Py_DECREF(row);
        goto fail;
      }
      if (x < GC_EMPTY || x > 1000) {
        PyErr_Format(PyExc_ValueError, "cell r%dc%d of the grid holds %ld", r + 1,
                     c + 1, x);
        Py_DECREF(row);
        goto fail;
      }
      g->cell[r * n + c] = (int)x;
    }
    Py_DECREF(row);
  }
  Py_DECREF(fast);
  return 0;
fail:
  Py_XDECREF(fast);
  gc_grid_free(g);
  return -1;
}

static PyObject *grid_to(const gc_grid *g) {
  PyObject *rows = PyList_New(g->n);
  for (int r = 0; rows && r < g->n; r++) {
    PyObject *row = PyList_New(g->n);
    if (!row) {
      Py_CLEAR(rows);
      break;
    }
    for (int c = 0; c < g->n; c++) {
      PyObject *v = PyLong_FromLong(g->cell[r * g->n + c]);
      if (!v) {
        Py_DECREF(row);
        Py_CLEAR(rows);
        return NULL;
      }
      PyList_SET_ITEM(row, c, v);
    }
    PyList_SET_ITEM(rows, r, row);
  }
  return rows;
}

/* The optional grid argument of text() and svg(). */
static int optional_grid(puzzle *self, PyObject *args, PyObject *kw,
                         const char *fmt, gc_grid *g, int *have) {
  static char *names[] = {"grid", NULL};
  PyObject *rows = Py_None;
  *have = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kw, fmt, names, &rows))
    return -1;
  if (rows == Py_None)
    return 0;
  if (grid_from(rows, gc_puzzle_n(self->pz), g))
    return -1;
  *have = 1;
  return 0;
}

static PyObject *puzzle_svg(puzzle *self, PyObject *args, PyObject *kw) {
  gc_grid g = {0, NULL};
  int have;
  if (optional_grid(self, args, kw, "|O:svg", &g, &have))
    return NULL;
  char *s = gc_render_svg(self->pz, have ? &g : NULL);
  gc_grid_free(&g);
  return take_string(s);
}

static PyObject *puzzle_text(puzzle *self, PyObject *args, PyObject *kw) {
  gc_grid g = {0, NULL};
  int have;
  if (optional_grid(self, args, kw, "|O:text", &g, &have))
    return NULL;
  char *s = gc_render_text(self->pz, have ? &g : NULL);
  gc_grid_free(&g);
  return take_string(s);
}

static PyObject *puzzle_notation(puzzle *self, PyObject *unused) {
  (void)unused;
  return take_string(gc_puzzle_text(self->pz));
}

static PyObject *puzzle_json(puzzle *self, PyObject *unused) {
  (void)unused;
  return take_string(gc_puzzle_json(self->pz));
}

/* write(format) -> str, or (code, message) when the notation cannot hold it */
static PyObject *puzzle_write(puzzle *self, PyObject *args) {
  const char *name;
  if (!PyArg_ParseTuple(args, "s:write", &name))
    return NULL;
  gc_error e;
  gc_error_clear(&e);
  char *s = gc_format_write(self->pz, name, &e);
  if (!s && e.code && e.code != GC_E_NOMEM)
    return Py_BuildValue("(ss)", gc_code_name(e.code), e.message);
  return take_string(s);
}

static PyObject *get_genre(puzzle *self, void *unused) {
  (void)unused;
  return PyUnicode_FromString(gc_genre_name(gc_puzzle_genre(self->pz)));
}
static PyObject *get_n(puzzle *self, void *unused) {
  (void)unused;
  return PyLong_FromLong(gc_puzzle_n(self->pz));
}
static PyObject *get_id(puzzle *self, void *unused) {
  (void)unused;
  const char *id = gc_puzzle_id(self->pz);
  if (!id)
    Py_RETURN_NONE;
  return PyUnicode_FromString(id);
}
static PyObject *get_line(puzzle *self, void *unused) {
  (void)unused;
  return PyLong_FromLong(gc_puzzle_line(self->pz));
}
static PyObject *get_known(puzzle *self, void *unused) {
  (void)unused;
  const gc_grid *g = gc_puzzle_known(self->pz);
  if (!g)
    Py_RETURN_NONE;
  return grid_to(g);
}

static PyGetSetDef puzzle_getset[] = {
    {"genre", (getter)get_genre, NULL, "the genre's name", NULL},
    {"n", (getter)get_n, NULL, "the side of the grid", NULL},
    {"id", (getter)get_id, NULL, "the id the input gave, or None", NULL},
    {"line", (getter)get_line, NULL, "the line of the input it started on", NULL},
    {"known", (getter)get_known, NULL, "the solution the input gave, or None", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyMethodDef puzzle_methods[] = {
    {"svg", (PyCFunction)(void (*)(void))puzzle_svg, METH_VARARGS | METH_KEYWORDS,
     "svg(grid=None) -> str: the library's picture, with grid's digits or stars"},
    {"text", (PyCFunction)(void (*)(void))puzzle_text, METH_VARARGS | METH_KEYWORDS,
     "text(grid=None) -> str: the genre's text notation"},
    {"notation", (PyCFunction)puzzle_notation, METH_NOARGS,
     "notation() -> str: the text notation after its \"# ID\" line (gc_puzzle_text)"},
    {"json", (PyCFunction)puzzle_json, METH_NOARGS, "json() -> str: the corpus record"},
    {"write", (PyCFunction)puzzle_write, METH_VARARGS,
     "write(format) -> str, or (code, message) when the format cannot hold it"},
    {NULL, NULL, 0, NULL}};

PyTypeObject gc_py_puzzle_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "gridcnf._native.Puzzle",
    .tp_basicsize = sizeof(puzzle),
    .tp_dealloc = (destructor)puzzle_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "a puzzle as the gridcnf library read it (made by read())",
    .tp_methods = puzzle_methods,
    .tp_getset = puzzle_getset,
};

/*------------------------------------------------------------------------*/

static PyObject *error_tuple(const gc_error *e) {
  char text[600];
  gc_error_format(e, text, sizeof text);
  return Py_BuildValue("(sllss)", gc_code_name(e->code), e->line, e->column,
                       e->message, text);
}

PyObject *gc_py_read(PyObject *self, PyObject *args, PyObject *kw) {
  (void)self;
  static char *names[] = {"data", "source", "format", "genre", NULL};
  Py_buffer data;
  const char *source = "<input>", *format = NULL, *genre = NULL;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "s*|szz:read", names, &data, &source,
                                   &format, &genre))
    return NULL;
  gc_read_options ro = {format, genre};
  gc_error e;
  gc_error_clear(&e);
  PyObject *list = PyList_New(0);
  gc_reader *rd = list ? gc_reader_new(data.buf, (size_t)data.len, source, &ro, &e) : NULL;
  if (list && !rd) {
    PyObject *t = error_tuple(&e);
    if (!t || PyList_Append(list, t))
      Py_CLEAR(list);
    Py_XDECREF(t);
  }
  while (rd && list) {
    gc_puzzle *pz = NULL;
    int r = gc_reader_next(rd, &pz, &e);
    if (r == GC_READ_END)
      break;
    PyObject *item;
    if (r == GC_READ_ERROR)
      item = error_tuple(&e);
    else if ((item = (PyObject *)PyObject_New(puzzle, &gc_py_puzzle_type)))
      ((puzzle *)item)->pz = pz;
    else
      gc_puzzle_free(pz);
    if (!item || PyList_Append(list, item))
      Py_CLEAR(list);
    Py_XDECREF(item);
  }
  gc_reader_free(rd);
  PyBuffer_Release(&data);
  return list;
}
