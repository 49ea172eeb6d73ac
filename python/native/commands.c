/*
 * commands.c: _native.commands, the command line's own tables (its
 * commands, and the options each takes: cli/cli_int.h) as Python values,
 * so that the Python functions take exactly the options the commands take
 * and a new command is a function without a line of Python.
 */
#include "native.h"

#include "cli_int.h"

static PyObject *option_dict(const gc_cli_option *o) {
  char shrt[2] = {o->shrt, 0};
  return Py_BuildValue("{s:s,s:z,s:z,s:s}", "name", o->name, "short",
                       o->shrt ? shrt : NULL, "metavar", o->metavar, "help", o->help);
}

static PyObject *command_dict(const gc_command *cmd) {
  PyObject *opts = PyList_New(0);
  for (size_t i = 0; opts && i < gc_cli_option_count(); i++) {
    const gc_cli_option *o = gc_cli_option_at(i);
    if (!gc_cli_takes(cmd, o->name))
      continue;
    PyObject *d = option_dict(o);
    if (!d || PyList_Append(opts, d))
      Py_CLEAR(opts);
    Py_XDECREF(d);
  }
  if (!opts)
    return NULL;
  return Py_BuildValue("{s:s,s:z,s:z,s:z,s:z,s:z,s:z,s:N,s:O}", "name", cmd->name, "alias",
                       cmd->alias, "section", cmd->section, "args", cmd->args, "summary",
                       cmd->summary, "about", cmd->about, "examples", cmd->examples,
                       "options", opts, "encoding",
                       gc_cli_takes_encoding(cmd) ? Py_True : Py_False);
}

PyObject *gc_py_commands(PyObject *self, PyObject *unused) {
  (void)self;
  (void)unused;
  PyObject *list = PyList_New(0);
  for (size_t i = 0; list && i < gc_cli_command_count(); i++) {
    PyObject *d = command_dict(gc_cli_command_at(i));
    if (!d || PyList_Append(list, d))
      Py_CLEAR(list);
    Py_XDECREF(d);
  }
  return list;
}
