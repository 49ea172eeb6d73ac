"""Puzzle: one puzzle as the library read it, drawn by the library's SVG
writer in notebooks; Result: a command's record that remembers its
puzzle, so that a solution shows as a picture too."""
from __future__ import annotations

import functools
import json
import os
from typing import Any, Dict, List, Optional, Union

from . import _api, _commands, _native
from ._door import PuzzleInput, Record
from ._errors import Error, ParseError, UsageError, _strip_position


def _error(item: tuple, source: str) -> Error:
    code, line, column, _, text = item
    if code in ("usage", "cannot-open", "out-of-memory", "internal", "io"):
        return Error(text, exit_code=64 if code == "usage" else None)
    # the message as the command line prints it (one line, control
    # characters shown as '?'), without its position
    message = _strip_position(text, source, line, column)
    return ParseError(message, line=line or None, column=column or None,
                      source=source, text=text)


def _data(source: Union[str, bytes, "os.PathLike[str]"]) -> tuple:
    if isinstance(source, os.PathLike):
        path = os.fspath(source)
        with open(path, "rb") as f:
            return f.read(), path
    if isinstance(source, str):
        return source.encode(), "<stdin>"
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), "<stdin>"
    if isinstance(source, dict):
        return json.dumps(source).encode(), "<stdin>"
    raise TypeError(f"puzzles are read from text, bytes, a dict or a path, not "
                    f"{type(source).__name__}")


def read(source: Union[str, bytes, Dict[str, Any], "os.PathLike[str]"], *,
         format: Optional[str] = None, genre: Optional[str] = None) -> List["Puzzle"]:
    """Every puzzle of an input, read by the library: text in any notation
    gridcnf reads (a batch of JSON lines, several pasted IDs, ...), a dict
    in the corpus format, or a path.  A record that does not read raises
    ParseError with its line and column."""
    data, name = _data(source)
    out = []
    for item in _native.read(data, name, format, genre):
        if isinstance(item, tuple):
            raise _error(item, name)
        out.append(Puzzle._wrap(item))
    return out


class Puzzle:
    """A puzzle as the gridcnf library read it.

    >>> p = Puzzle.parse("skyscrapers 4\\n  . . 1 2\\n. . . . . .\\n"
    ...                  ". . . . . 2\\n1 . . . . .\\n. . . . . .\\n  . . 3 .\\n")
    >>> p.genre, p.n
    ('skyscrapers', 4)

    In Jupyter a Puzzle shows as the library's SVG picture, and so does
    the result of p.solve() (with the solution drawn in)."""

    __slots__ = ("_p",)

    def __init__(self, text: Union[str, bytes, Dict[str, Any], "os.PathLike[str]"], *,
                 format: Optional[str] = None, genre: Optional[str] = None) -> None:
        self._p = Puzzle.parse(text, format=format, genre=genre)._p

    @classmethod
    def _wrap(cls, native: Any) -> "Puzzle":
        p = cls.__new__(cls)
        p._p = native
        return p

    @classmethod
    def parse(cls, text: Union[str, bytes, Dict[str, Any], "os.PathLike[str]"], *,
              format: Optional[str] = None, genre: Optional[str] = None) -> "Puzzle":
        """The one puzzle of text (any notation gridcnf reads, a corpus dict,
        or a path); ParseError with line and column when it does not read,
        UsageError when the input holds more than one (gridcnf.read takes
        a batch)."""
        puzzles = read(text, format=format, genre=genre)
        if len(puzzles) != 1:
            raise UsageError(f"the input holds {len(puzzles)} puzzles, not one "
                             "(gridcnf.read reads a batch)")
        return puzzles[0]

    # what the library says about it
    @property
    def genre(self) -> str:
        """The genre's name ("skyscrapers", "starbattle", "futoshiki")."""
        return self._p.genre

    @property
    def n(self) -> int:
        """The side of the grid."""
        return self._p.n

    @property
    def id(self) -> Optional[str]:
        """The id the input gave it, or None."""
        return self._p.id

    @property
    def known_solution(self) -> Optional[List[List[int]]]:
        """The solution that came with the input (corpus "solution"), or None."""
        return self._p.known

    def to_json(self) -> str:
        """The puzzle as one corpus JSON record (the library's writer)."""
        return self._p.json()

    def to_dict(self) -> Dict[str, Any]:
        """The corpus record as a dict."""
        return json.loads(self._p.json())

    def to_text(self) -> str:
        """The genre's text notation, after a "# ID" line when the puzzle has
        an id (as ``convert --to text`` writes it; the line reads back as
        the id)."""
        return self._p.notation()

    def convert(self, to: str) -> str:
        """The puzzle in another notation: "json", "text" or a pasted format
        (gridcnf.formats()); gridcnf.Error when it cannot hold the puzzle."""
        if to == "json":
            return self.to_json()
        if to == "text":
            return self.to_text()
        out = self._p.write(to)
        if isinstance(out, tuple):
            code, message = out
            raise (UsageError if code == "usage" else Error)(message)
        return out

    def render_svg(self, solution: Optional[Any] = None) -> str:
        """The library's SVG picture; solution: a grid (list of rows, None =
        empty) or a record with "solution", drawn in a second colour."""
        if isinstance(solution, dict):
            solution = solution.get("solution")
        return self._p.svg(solution)

    def _repr_svg_(self) -> str:
        return self._p.svg()

    def __repr__(self) -> str:
        name = f" {self.id!r}" if self.id else ""
        return f"<gridcnf.Puzzle{name}: {self.genre} {self.n}x{self.n}>"

    def __str__(self) -> str:
        return self.to_text()

    # the commands, on this puzzle
    def solve(self, **kw: Any) -> "Result":
        """gridcnf.solve on this puzzle (same keywords); the record shows as
        a picture with its solution."""
        return Result(_api.solve(self, **kw), self)

    def count(self, **kw: Any) -> "Result":
        return Result(_api.count(self, **kw), self)

    def check(self, grid: Any, **kw: Any) -> "Result":
        return Result(_api.check(self, grid, **kw), self)

    def hint(self, grid: Any = None, **kw: Any) -> Record:
        return _api.hint(self, grid, **kw)

    def explain(self, **kw: Any) -> Record:
        return _api.explain(self, **kw)

    def minimize(self, **kw: Any) -> Record:
        return _api.minimize(self, **kw)

    def rate(self, **kw: Any) -> Record:
        return _api.rate(self, **kw)

    def unique_fix(self, **kw: Any) -> Record:
        return _api.unique_fix(self, **kw)

    def cnf(self, block_solution: bool = False, **kw: Any) -> str:
        return _api.cnf(self, block_solution, **kw)

    def __getattr__(self, name: str) -> Any:
        """Any other command of the command line on this puzzle
        (p.certify(dir), p.render(svg=True), ... and those it gains)."""
        cli = name.replace("_", "-")
        if name.startswith("_") or cli not in _commands.COMMANDS or cli in _NOT_ON_A_PUZZLE:
            raise AttributeError(f"'Puzzle' object has no attribute {name!r}")
        import gridcnf
        return functools.partial(getattr(gridcnf, name), self)


# commands that do not take a puzzle
_NOT_ON_A_PUZZLE = {"generate", "genres"}


class Result(dict):
    """A command's record (exactly the dict gridcnf's --json prints) that
    keeps its puzzle: in Jupyter it shows as the puzzle with the record's
    "solution" (or "completion") drawn in."""

    def __init__(self, record: Record, puzzle: Puzzle) -> None:
        super().__init__(record)
        self.puzzle = puzzle

    def _repr_svg_(self) -> str:
        grid = self.get("solution") or self.get("completion")
        return self.puzzle.render_svg(grid)


__all__ = ["Puzzle", "Result", "read", "PuzzleInput"]
