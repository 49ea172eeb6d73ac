"""gridcnf: logic-grid puzzles (Skyscrapers, Star Battle, Futoshiki) to
CNF, solved with the embedded CaDiCaL SAT solver.  The C library of the
same name, in Python.

    >>> import gridcnf
    >>> p = gridcnf.Puzzle.parse("futoshiki 3\\n. . .\\n. . 1\\n. . .\\n")  # doctest: +SKIP
    >>> gridcnf.solve(p)["status"]                                         # doctest: +SKIP
    'unique'

Every function returns exactly what ``gridcnf COMMAND --json`` prints (a
dict; the command line runs in-process), or the text the command writes.
Bad input raises ParseError (with .line, .column and .message), anything
else the command line refuses gridcnf.Error; Ctrl-C stops a long solve
with KeyboardInterrupt.  The GIL is released while a puzzle solves, so
threads solve in parallel (solve_many(..., jobs=N)).
"""
from typing import Any, Dict, List, Tuple

from . import _commands, _native
from ._api import (Stop, certify, check, cnf, convert, count, decode, explain, generate,
                   hint, minimize, rate, render, render_svg, run, solve, solve_many,
                   unique_fix)
from ._door import GenerateWarning, Record
from ._errors import Error, ParseError, UsageError
from ._puzzle import Puzzle, Result, read

__version__: str = _native.version


def genres() -> List[Dict[str, Any]]:
    """The genres of the library: name, summary, max_n, aliases, levels
    (the difficulty levels, easiest first: rate's labels and generate's
    difficulty names), the records of ``gridcnf genres --json``."""
    return _native.genres()


def options() -> List[Dict[str, Any]]:
    """The encoding options (the library's table): name (the keyword the
    functions take), cli (--name), kind (bool, enum, int), default,
    values ("a|b|c" for an enum), help."""
    return _native.options()


def formats() -> List[Tuple[str, str]]:
    """The pasted formats the readers detect, and convert(to=...) writes:
    (name, summary)."""
    return _native.formats()


def commands() -> List[Dict[str, Any]]:
    """The command line's commands and the options each takes (its own
    table): name, alias, args, summary, about, examples, options (name,
    short, metavar, help), encoding (whether it takes the encoding
    options).  Each is a function of this module (unique-fix: unique_fix)."""
    return list(_commands.COMMANDS.values())


__all__ = ["solve", "count", "check", "hint", "explain", "minimize", "rate", "unique_fix",
           "cnf", "decode", "convert", "render", "render_svg", "certify", "generate",
           "solve_many", "run", "read", "Puzzle", "Result", "Record", "Stop", "Error",
           "ParseError", "UsageError", "GenerateWarning", "genres", "options", "formats", "commands",
           "__version__"]

# A command of the command line without a function above gets one made from
# its row of the table (gridcnf.steps, once the command line has 'steps').
for _name in _commands.COMMANDS:
    _py = _name.replace("-", "_")
    if _py not in globals():
        globals()[_py] = _commands.function(_name)
        __all__.append(_py)
del _name, _py
