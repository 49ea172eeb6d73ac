"""The commands of gridcnf as Python functions.  Each returns exactly what
``gridcnf COMMAND --json`` prints for the puzzle (a dict), or the text the
command writes (cnf, render, convert).  The commands that take a puzzle
and nothing else of their own are rows of one table (_RECORD_COMMANDS);
the others are written out below."""
from __future__ import annotations

import collections
import concurrent.futures
import json
import os
from typing import Any, Callable, Iterator, List, Mapping, Optional, Sequence, Union

from . import _native
from ._door import (OPTIONS, PuzzleInput, Record, call, flags, one_record, option_flags,
                    parse_records, puzzle_input, raise_for, stream_records, text_output)
from ._errors import UsageError, from_record

Grid = Sequence[Sequence[Optional[int]]]
Stop = _native.Stop


def _common(timeout: Optional[float], genre: Optional[str], format: Optional[str],
            options: Mapping[str, Any]) -> List[str]:
    return flags(timeout=timeout, genre=genre, format=format) + option_flags(options)


def solve(puzzle: PuzzleInput, *, timeout: Optional[float] = None, first: bool = False,
          count: Optional[int] = None, max_vars: Optional[int] = None,
          max_clauses: Optional[int] = None, genre: Optional[str] = None,
          format: Optional[str] = None, external: Optional[str] = None,
          stop: Optional[Stop] = None, **options: Any) -> Record:
    """Solves a puzzle and proves its solution unique: the record of
    ``gridcnf solve --json``.

    puzzle: text in any notation gridcnf reads (its text notations, a
    corpus JSON record, a Tatham game ID, a puzz.link URL, ...), a dict in
    the corpus format, a Puzzle, or a path (pathlib.Path) to a file holding
    one puzzle.  first: stop at the first solution (status "solved");
    count: count solutions up to that many ("count", "complete");
    timeout: seconds (status "unknown", "stopped": "time"); genre and
    format: as --genre and --format; external: a SAT solver command to run
    instead of the embedded CaDiCaL; stop: a gridcnf.Stop that another
    thread may set; options: the encoding options of gridcnf.options(),
    e.g. ``amo="seq"``, ``portfolio=False``.

    >>> r = solve("skyscrapers 4\\n  . . 1 2\\n. . . . . .\\n. . . . . 2\\n"
    ...           "1 . . . . .\\n. . . . . .\\n  . . 3 .\\n")   # doctest: +SKIP
    >>> r["status"], r["solution"][0]                            # doctest: +SKIP
    """
    args = _common(timeout, genre, format, options) + flags(
        first=first, count=count, max_vars=max_vars, max_clauses=max_clauses,
        external=external)
    return one_record("solve", puzzle, args, stop=stop)


def count(puzzle: PuzzleInput, *, max: int = 2, all: bool = False, list: bool = False,
          timeout: Optional[float] = None, genre: Optional[str] = None,
          format: Optional[str] = None, stop: Optional[Stop] = None,
          **options: Any) -> Record:
    """Counts solutions up to ``max`` (``all``: every one), the record of
    ``gridcnf count --json``: "count", "complete", and with ``list`` every
    solution in "solutions"."""
    args = _common(timeout, genre, format, options) + flags(
        max=None if all else max, all=all, list=list)
    return one_record("count", puzzle, args, stop=stop)


def _grid_bytes(grid: Any) -> Any:
    """A grid for the command line to read: text (str/bytes) as it is, a
    list of rows or a record with "solution" as JSON (None = an empty
    cell), a path as a path."""
    if isinstance(grid, os.PathLike):
        return grid
    if isinstance(grid, str):
        return grid.encode()
    if isinstance(grid, (bytes, bytearray)):
        return bytes(grid)
    if isinstance(grid, Mapping):
        return json.dumps(dict(grid)).encode()
    return json.dumps([[None if v is None else int(v) for v in row] for row in grid]).encode()


def check(puzzle: PuzzleInput, grid: Union[Grid, str, bytes, Mapping[str, Any], "os.PathLike[str]"],
          *, timeout: Optional[float] = None, genre: Optional[str] = None,
          format: Optional[str] = None, stop: Optional[Stop] = None,
          **options: Any) -> Record:
    """Is grid a solution of puzzle?  The record of ``gridcnf check --json``:
    status "solution", "broken" (every broken rule in "broken"), or for a
    partial grid (None or 0 = empty) "completable" / "not-completable".
    grid: a list of rows, text, a solve() record, or a path."""
    return one_record("check", puzzle, _common(timeout, genre, format, options),
                      files=[(None, _grid_bytes(grid), "<grid>")], stop=stop)


def hint(puzzle: PuzzleInput, grid: Optional[Any] = None, *, all: bool = False,
         timeout: Optional[float] = None, genre: Optional[str] = None,
         format: Optional[str] = None, stop: Optional[Stop] = None,
         **options: Any) -> Record:
    """One forced cell, the easiest to find ("row", "col", "value", "by"),
    for the puzzle or the partial grid (as check() takes it); ``all``:
    every cell fixed in all solutions ("fixed").  The record of ``gridcnf
    hint --json``."""
    args = _common(timeout, genre, format, options) + flags(all=all)
    files = [] if grid is None else [("--grid", _grid_bytes(grid), "<grid>")]
    return one_record("hint", puzzle, args, files=files, stop=stop)


def cnf(puzzle: PuzzleInput, block_solution: bool = False, *,
        timeout: Optional[float] = None, genre: Optional[str] = None,
        format: Optional[str] = None, stop: Optional[Stop] = None,
        **options: Any) -> str:
    """The puzzle's CNF in DIMACS, with the "c gridcnf" comment lines that
    map variables to cells (``gridcnf cnf``); block_solution adds the
    clause that excludes the first solution (UNSAT then proves it
    unique)."""
    args = _common(timeout, genre, format, options) + flags(block_solution=block_solution)
    return text_output("cnf", puzzle, args, stop=stop)


def _model_bytes(model: Any) -> Any:
    """A model as an external solver writes it: text as it is; a list of
    literals (PySAT's get_model()) as "s SATISFIABLE" and "v" lines; None
    as UNSAT."""
    if isinstance(model, os.PathLike):
        return model
    if isinstance(model, str):
        return model.encode()
    if isinstance(model, (bytes, bytearray)):
        return bytes(model)
    if model is None:
        return b"s UNSATISFIABLE\n"
    lits = " ".join(str(int(v)) for v in model)
    return f"s SATISFIABLE\nv {lits} 0\n".encode()


def decode(puzzle: PuzzleInput, model: Any, *, genre: Optional[str] = None,
           format: Optional[str] = None, stop: Optional[Stop] = None,
           **options: Any) -> Record:
    """An external solver's model of cnf(puzzle) back to a grid, checked by
    the genre's rules: the record of ``gridcnf decode --json`` (status
    "solved" with "solution", "none" for UNSAT).  model: the solver's
    output (text or a path), or a list of literals (PySAT's
    ``get_model()``); the options must be those cnf() was given."""
    return one_record("decode", puzzle, _common(None, genre, format, options),
                      files=[(None, _model_bytes(model), "<model>")], stop=stop)


def convert(puzzle: PuzzleInput, to: str = "json", *, genre: Optional[str] = None,
            format: Optional[str] = None) -> str:
    """The puzzle in another notation (``gridcnf convert --to``): "json"
    (the corpus record), "text" (the genre's notation) or a pasted format
    (gridcnf.formats(): "tatham", "url", "sbn", ...).  One-line formats come
    without the final newline; a notation that cannot hold the puzzle
    raises gridcnf.Error ("cannot express: ...")."""
    out = text_output("convert", puzzle, flags(to=to, genre=genre, format=format))
    return out if to == "text" else out.rstrip("\n")


def render(puzzle: PuzzleInput, *, svg: bool = False, solution: bool = False,
           genre: Optional[str] = None, format: Optional[str] = None,
           timeout: Optional[float] = None, stop: Optional[Stop] = None,
           **options: Any) -> str:
    """The puzzle drawn by the library (``gridcnf render``): the genre's
    text, or an SVG picture; solution: solved first, its digits or stars
    drawn in a second colour."""
    args = _common(timeout, genre, format, options) + flags(svg=svg, solution=solution)
    return text_output("render", puzzle, args, stop=stop)


def render_svg(puzzle: PuzzleInput, solution: bool = False, **kw: Any) -> str:
    """The puzzle as a standalone SVG picture (``gridcnf render --svg``),
    with its solution when solution is True."""
    return render(puzzle, svg=True, solution=solution, **kw)


def certify(puzzle: PuzzleInput, out: Union[str, "os.PathLike[str]"], *,
            timeout: Optional[float] = None, genre: Optional[str] = None,
            format: Optional[str] = None, stop: Optional[Stop] = None,
            **options: Any) -> Record:
    """Writes a uniqueness certificate (CNFs, the solution, a DRAT proof)
    into the directory out: the record of ``gridcnf certify --json``."""
    args = _common(timeout, genre, format, options) + ["--out", os.fspath(out)]
    return one_record("certify", puzzle, args, stop=stop)


def generate(genre: str, size: int, *, count: Optional[int] = 1,
             stars: Optional[int] = None, boxes: Optional[str] = None,
             seed: Optional[int] = None, difficulty: Optional[str] = None,
             timeout: Optional[float] = None, stop: Optional[Stop] = None,
             **options: Any) -> Iterator[Record]:
    """Random puzzles with a unique solution (``gridcnf generate --json``),
    yielded as they are made: corpus records with their solution.  count:
    how many (None: until the loop stops); seed: the same seed gives the
    same puzzles (default: one from the clock, in each record's
    "source"); stars (Star Battle), boxes ("RxC", Skyscrapers with Sudoku
    boxes), difficulty ("any", "easy", "hard")."""
    argv = ["generate", "--json", "--size", str(size)] + flags(
        count=10 ** 9 if count is None else count, stars=stars, boxes=boxes,
        seed=seed, difficulty=difficulty, timeout=timeout) + option_flags(options)
    argv += ["--", genre]
    return stream_records(argv, None, "raise", {"<stdin>": "<stdin>"}, stop)


def run(command: str, *inputs: Any, stop: Optional[Stop] = None,
        **flags_: Any) -> List[Record]:
    """Any command with --json, for commands without a function of their
    own: the records it prints for the inputs (puzzles as solve() takes
    them; the first may hold a batch).  Keywords become --name VALUE flags
    (True: --name), encoding options --name=value."""
    enc = {k: v for k, v in flags_.items() if k in OPTIONS}
    own = {k: v for k, v in flags_.items() if k not in enc}
    args = ["--json"] + flags(**own) + option_flags(enc)
    first = inputs[0] if inputs else ""
    files = [(None, _grid_bytes(x), f"<input {i + 2}>") for i, x in enumerate(inputs[1:])]
    rc, out, err, sources = call(command, first, args, files, stop)
    records = parse_records(out)
    raise_for(rc, err, [], sources)
    return records


# The commands that take one puzzle and nothing of their own: one row each
# (the CLI's name, the docstring).  A new such command is a line here.
_RECORD_COMMANDS = {
    "explain": ("explain", "Why a puzzle has no solution: a minimal set of its clues that "
                "cannot all hold (status \"none\", \"conflict\"), or status \"solvable\"."),
    "minimize": ("minimize", "For a unique puzzle: the clues removable alone "
                 "(\"redundant\"), those removed for a minimal puzzle (\"removed\") and "
                 "that puzzle (\"minimal\", a corpus record)."),
    "rate": ("rate", "A difficulty score and label from the solver's work (\"score\", "
             "\"label\", propagation and probing counts, conflicts)."),
    "unique_fix": ("unique-fix", "For a puzzle with several solutions: givens to add "
                   "until its solution is unique (\"added\", \"puzzle\")."),
}


def _record_command(name: str, cli: str, doc: str) -> Callable[..., Record]:
    def command(puzzle: PuzzleInput, *, timeout: Optional[float] = None,
                genre: Optional[str] = None, format: Optional[str] = None,
                stop: Optional[Stop] = None, **options: Any) -> Record:
        return one_record(cli, puzzle, _common(timeout, genre, format, options), stop=stop)
    command.__name__ = command.__qualname__ = name
    command.__doc__ = (f"{doc}\n\nThe record of ``gridcnf {cli} --json``; the arguments "
                       "are solve()'s: timeout, genre, format, stop and encoding options.")
    return command


explain = _record_command("explain", *_RECORD_COMMANDS["explain"])
minimize = _record_command("minimize", *_RECORD_COMMANDS["minimize"])
rate = _record_command("rate", *_RECORD_COMMANDS["rate"])
unique_fix = _record_command("unique_fix", *_RECORD_COMMANDS["unique_fix"])


def _single_input(x: Any) -> bool:
    return isinstance(x, (str, bytes, bytearray, Mapping, os.PathLike)) or callable(
        getattr(x, "to_json", None))


def solve_many(puzzles: Any, *, jobs: int = 1, errors: str = "raise",
               timeout: Optional[float] = None, first: bool = False,
               count: Optional[int] = None, genre: Optional[str] = None,
               format: Optional[str] = None, stop: Optional[Stop] = None,
               **options: Any) -> Iterator[Record]:
    """Solves a batch, yielding the records in input order.

    puzzles: an iterable of puzzles (each as solve() takes it), or one
    input holding many (a path or text of JSON lines, ...).  jobs: puzzles
    solved at once, on threads (the GIL is released while they solve); as
    with ``gridcnf solve --jobs``, the portfolio option is off then unless
    given.  errors: "raise" (a bad record raises ParseError when reached)
    or "record" (it is yielded as the command's error record).  Leaving the
    loop early stops the solves in progress."""
    if errors not in ("raise", "record"):
        raise ValueError('errors is "raise" or "record"')
    if jobs < 1:
        raise ValueError("jobs is 1 or more")
    if jobs > 1:
        options.setdefault("portfolio", "off")
    args = _common(timeout, genre, format, options) + flags(first=first, count=count)
    if _single_input(puzzles):
        arg, data = puzzle_input(puzzles)
        sources = {"<stdin>": "<stdin>"} if arg == "-" else {arg: arg}
        argv = ["solve", "--json", *args] + (["--jobs", str(jobs)] if jobs > 1 else [])
        yield from stream_records(argv + ["--", arg], data, errors, sources, stop)
        return
    stop = stop if stop is not None else _native.Stop()

    def one(p: Any) -> Record:
        rc, out, err, sources = call("solve", p, ["--json", *args], stop=stop)
        records = parse_records(out)
        bad = next((r for r in records if r.get("status") == "error"), None)
        if bad is not None:
            if errors == "raise":
                raise from_record(bad, sources, rc)
            return bad
        raise_for(rc, err, records, sources)
        if len(records) != 1:
            raise UsageError(f"an item of the batch holds {len(records)} puzzles",
                             exit_code=64)
        return records[0]

    if jobs == 1:
        for p in puzzles:
            yield one(p)
        return
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs,
                                                 thread_name_prefix="gridcnf")
    pending: "collections.deque[concurrent.futures.Future[Record]]" = collections.deque()
    it = iter(puzzles)
    try:
        while True:
            while len(pending) < 2 * jobs:
                try:
                    pending.append(pool.submit(one, next(it)))
                except StopIteration:
                    break
            if not pending:
                break
            yield pending.popleft().result()
    finally:
        if pending:
            stop.set()
            for f in pending:
                f.cancel()
        pool.shutdown(wait=True)


__all__ = ["solve", "count", "check", "hint", "cnf", "decode", "convert", "render",
           "render_svg", "certify", "generate", "run", "explain", "minimize", "rate",
           "unique_fix", "solve_many", "Grid", "UsageError"]
