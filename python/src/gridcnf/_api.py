"""The commands of gridcnf as Python functions.  Each returns exactly what
``gridcnf COMMAND --json`` prints for the puzzle (a dict), or the text the
command writes (cnf, render, convert).  Keywords are the command's options
(its table, _commands.py): the functions below name the ones people use,
and take the rest (and the encoding options) as **options."""
from __future__ import annotations

import collections
import concurrent.futures
import os
from typing import Any, Iterator, List, Mapping, Optional, Sequence, Union

from . import _commands, _native
from ._commands import arguments, record, text
from ._door import (PuzzleInput, Record, call, parse_records, puzzle_input, raise_for,
                    stream_records)
from ._errors import UsageError, from_record

Grid = Sequence[Sequence[Optional[int]]]
GridInput = Union[Grid, str, bytes, Mapping[str, Any], "os.PathLike[str]"]
Stop = _native.Stop


def solve(puzzle: PuzzleInput, *, timeout: Optional[float] = None, first: bool = False,
          count: Optional[int] = None, stop: Optional[Stop] = None,
          **options: Any) -> Record:
    """Solves a puzzle and proves its solution unique: the record of
    ``gridcnf solve --json`` (status "unique", "multiple" with a "second"
    solution, "none", "unknown" when stopped, "solved" with first).

    puzzle: text in any notation gridcnf reads (its text notations, a
    corpus JSON record, a Tatham game ID, a puzz.link URL, ...), a dict in
    the corpus format, a Puzzle, or a path (pathlib.Path) to a file that
    holds one puzzle.  timeout: seconds (then status "unknown", "stopped":
    "time"); first: stop at the first solution; count: count solutions up
    to that many ("count", "complete"); stop: a gridcnf.Stop another thread
    may set.  options: the command's other options (genre, format, id,
    max_vars, max_clauses, external: a SAT solver command instead of the
    embedded CaDiCaL) and the encoding options of gridcnf.options()
    (amo="seq", portfolio=False, ...)."""
    return record("solve", puzzle, dict(options, timeout=timeout, first=first, count=count),
                  stop=stop)


def count(puzzle: PuzzleInput, *, max: Optional[int] = None, all: bool = False,
          list: bool = False, timeout: Optional[float] = None, stop: Optional[Stop] = None,
          **options: Any) -> Record:
    """Counts solutions, up to max (default 2; all: every one): the record
    of ``gridcnf count --json`` ("count", "complete"; with list, every
    solution in "solutions")."""
    return record("count", puzzle, dict(options, max=max, all=all, list=list,
                                        timeout=timeout), stop=stop)


def check(puzzle: PuzzleInput, grid: GridInput, *, timeout: Optional[float] = None,
          stop: Optional[Stop] = None, **options: Any) -> Record:
    """Is grid a solution of puzzle?  The record of ``gridcnf check
    --json``: status "solution"; "broken" with every broken rule in words
    ("broken"); for a partial grid "completable" (a "completion") or
    "not-completable" (the filled cells that cannot all stand).  grid: a
    list of rows (None = an empty cell), text as the command reads it, a
    record with "solution", or a path."""
    return record("check", puzzle, dict(options, timeout=timeout), (grid,), stop)


def hint(puzzle: PuzzleInput, grid: Optional[GridInput] = None, *, forced: bool = False,
         timeout: Optional[float] = None, stop: Optional[Stop] = None,
         **options: Any) -> Record:
    """The next forced cell, the easiest to find ("row", "col", "value",
    "by": propagation or search), for the puzzle or for a partly filled
    grid (as check() takes it); forced: every cell that is the same in all
    solutions ("fixed").  The record of ``gridcnf hint --json``."""
    if grid is not None and isinstance(grid, str):
        grid = grid.encode()  # text, not a path (a path: pathlib.Path)
    return record("hint", puzzle, dict(options, grid=grid, forced=forced, timeout=timeout),
                  stop=stop)


def cnf(puzzle: PuzzleInput, block_solution: bool = False, *,
        stop: Optional[Stop] = None, **options: Any) -> str:
    """The puzzle's CNF in DIMACS, with the "c gridcnf" comment lines that
    map variables to cells (``gridcnf cnf``); block_solution: with the
    clause that excludes the first solution (UNSAT then proves it
    unique)."""
    return text("cnf", puzzle, dict(options, block_solution=block_solution), stop)


def _model(model: Any) -> Any:
    """A model as SAT solvers write it: text (or a path) as it is; a list
    of literals (PySAT's get_model()) as "s SATISFIABLE" and a "v" line;
    None as UNSAT."""
    if model is None:
        return b"s UNSATISFIABLE\n"
    if isinstance(model, (str, bytes, bytearray, os.PathLike)):
        return model
    return ("s SATISFIABLE\nv " + " ".join(str(int(v)) for v in model) + " 0\n").encode()


def decode(puzzle: PuzzleInput, model: Any, *, stop: Optional[Stop] = None,
           **options: Any) -> Record:
    """An external solver's model of cnf(puzzle) back to a grid, checked by
    the genre's rules: the record of ``gridcnf decode --json`` (status
    "solved" with the "solution", "none" for UNSAT).  model: the solver's
    output (text or a path), a list of literals (PySAT's get_model()), or
    None for UNSAT; the encoding options must be those cnf() was given."""
    return record("decode", puzzle, options, (_model(model),), stop)


def convert(puzzle: PuzzleInput, to: str = "json", **options: Any) -> str:
    """The puzzle in another notation (``gridcnf convert --to``): "json"
    (the corpus record), "text" (the genre's notation) or a pasted format
    (gridcnf.formats(): "tatham", "url", "sbn", ...).  One-line formats come
    without the final newline; a notation that cannot hold the puzzle
    raises gridcnf.Error ("cannot express: ...")."""
    out = text("convert", puzzle, dict(options, to=to))
    return out if to == "text" else out.rstrip("\n")


def render(puzzle: PuzzleInput, *, svg: bool = False, solution: bool = False,
           stop: Optional[Stop] = None, **options: Any) -> str:
    """The puzzle drawn by the library (``gridcnf render``): the genre's
    text, or with svg a standalone SVG picture; solution: solved first, its
    digits or stars drawn in a second colour."""
    return text("render", puzzle, dict(options, svg=svg, solution=solution), stop)


def render_svg(puzzle: PuzzleInput, solution: bool = False, **options: Any) -> str:
    """The puzzle as a standalone SVG picture (``gridcnf render --svg``),
    with its solution when solution is True."""
    return render(puzzle, svg=True, solution=solution, **options)


def certify(puzzle: PuzzleInput, out_dir: Union[str, "os.PathLike[str]"], *,
            stop: Optional[Stop] = None, **options: Any) -> Record:
    """Writes a uniqueness certificate (the puzzle, its CNFs, the solution,
    a DRAT proof, how to check them) into the directory out_dir: the
    record of ``gridcnf certify --json``."""
    return record("certify", puzzle, dict(options, out_dir=os.fspath(out_dir)), stop=stop)


def generate(genre: str, size: int, *, number: Optional[int] = 1,
             seed: Optional[int] = None, stop: Optional[Stop] = None,
             **options: Any) -> Iterator[Record]:
    """Random puzzles with a unique solution, yielded as they are made: the
    records of ``gridcnf generate --json`` (corpus records with their
    solution).  number: how many (None: until the loop stops); seed: the
    same seed makes the same puzzles (default: one from the clock, named
    in each record's "source"); options: stars (Star Battle), boxes ("RxC",
    Skyscrapers with Sudoku boxes), difficulty ("any", or one of the
    genre's levels as genres() lists them: Skyscrapers easy, hard, extreme,
    unreasonable; Futoshiki trivial, easy, tricky, extreme, recursive; Star
    Battle easy, medium, hard, expert), timeout, distinct (True: no puzzle
    twice, as ``--distinct``), jobs (threads, as ``--jobs``: puzzles made
    at a time, or with number=1 a difficulty's tries or a Star Battle's
    attempts at once; the same puzzles either way), and the encoding
    options."""
    args, _ = arguments("generate", dict(options, size=size, seed=seed,
                                         number=10 ** 9 if number is None else number))
    return stream_records(["generate", "--json", *args, "--", genre], None, "raise",
                          {"<stdin>": "<stdin>"}, stop)


def run(command: str, *inputs: Any, stop: Optional[Stop] = None,
        **options: Any) -> List[Record]:
    """Any command that writes --json records, as a list: the records it
    prints for the inputs (the first may hold a batch; the others are the
    files the command takes after it).  Keywords are its options."""
    args, files = arguments(command, options)
    files += [(None, _commands.content(x), f"<input{i + 2}>") for i, x in enumerate(inputs[1:])]
    rc, out, err, sources = call(command, inputs[0] if inputs else "", ["--json", *args],
                                 files, stop)
    records = parse_records(out)
    raise_for(rc, err, [], sources)
    return records


# The commands that take a puzzle and nothing of their own, made from the
# command line's table (their docstrings are its help); a command the
# command line gains gets a function the same way (gridcnf/__init__.py).
explain = _commands.function("explain")
minimize = _commands.function("minimize")
rate = _commands.function("rate")
unique_fix = _commands.function("unique-fix")


def _single_input(x: Any) -> bool:
    return isinstance(x, (str, bytes, bytearray, Mapping, os.PathLike)) or callable(
        getattr(x, "to_json", None))


def solve_many(puzzles: Any, *, jobs: int = 1, errors: str = "raise",
               stop: Optional[Stop] = None, **options: Any) -> Iterator[Record]:
    """Solves a batch, yielding the records in input order.

    puzzles: an iterable of puzzles (each as solve() takes it), or one
    input that holds many (a path, or text of JSON lines, ...).  jobs:
    puzzles solved at once, on threads (the GIL is released while they
    solve); as with ``gridcnf solve --jobs``, option portfolio is off then
    unless given.  errors: "raise" (a bad record raises ParseError when it
    is reached) or "record" (it is yielded: the command's error record).
    options: solve()'s.  Leaving the loop early stops the solves in
    progress."""
    if errors not in ("raise", "record"):
        raise ValueError('errors is "raise" or "record"')
    if jobs < 1:
        raise ValueError("jobs is 1 or more")
    if jobs > 1:
        options.setdefault("portfolio", "off")
    args, _ = arguments("solve", options)
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
           "unique_fix", "solve_many", "Grid", "GridInput", "Stop"]
