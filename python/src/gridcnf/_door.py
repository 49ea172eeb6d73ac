"""The door: every answer of gridcnf comes from the command line run
in-process (gc_cli_run_io), given an argv and the puzzle's bytes as what
'-' reads; its ``--json`` records are parsed back, so each function returns
exactly the record ``gridcnf COMMAND --json`` prints."""
from __future__ import annotations

import contextlib
import json
import os
import tempfile
import threading
import warnings
from typing import (Any, Dict, Iterator, List, Mapping, Optional, Sequence,
                    Tuple, Union)

from . import _native
from ._errors import Error, UsageError, from_record, from_stderr

Record = Dict[str, Any]
PuzzleInput = Union[str, bytes, bytearray, Mapping[str, Any], "os.PathLike[str]", Any]

_MAIN = threading.main_thread()
current_thread = threading.current_thread
_loads = json.JSONDecoder().decode

# encoding options: the library's table, read once (name -> row)
OPTIONS: Dict[str, Dict[str, Any]] = {o["name"]: o for o in _native.options()}


def run(argv: Sequence[str], input: Optional[bytes] = None,
        stop: Optional[_native.Stop] = None, out_fd: int = -1) -> Tuple[int, bytes, bytes]:
    """The command line in-process: (exit code, standard output, standard
    error).  Ctrl-C stops it when called from the main thread."""
    return _native.run(argv, input, stop, out_fd, current_thread() is _MAIN)


def puzzle_input(puzzle: PuzzleInput) -> Tuple[str, Optional[bytes]]:
    """The argument and the input bytes for a puzzle: text (str or bytes, in
    any notation the command line reads), a dict in the corpus format, a
    Puzzle, or a path (os.PathLike) the command line opens itself."""
    to_json = getattr(puzzle, "to_json", None)
    if callable(to_json):
        return "-", to_json().encode()
    if isinstance(puzzle, str):
        return "-", puzzle.encode()
    if isinstance(puzzle, (bytes, bytearray, memoryview)):
        return "-", bytes(puzzle)
    if isinstance(puzzle, Mapping):
        return "-", json.dumps(puzzle).encode()
    if isinstance(puzzle, os.PathLike):
        path = os.fspath(puzzle)
        return (path if path != "-" else "./-"), None
    raise TypeError("a puzzle is text (str or bytes), a dict in the corpus format, "
                    f"a gridcnf.Puzzle or a path, not {type(puzzle).__name__}")


def option_flags(options: Mapping[str, Any]) -> List[str]:
    """--name=value for the encoding options (the library's table): True and
    False are 1 and 0, or on and off for an option that has them."""
    flags = []
    for name, value in options.items():
        row = OPTIONS.get(name) or OPTIONS.get(name.replace("-", "_"))
        if row is None:
            raise TypeError(f"unknown encoding option {name!r} (gridcnf.options() lists "
                            f"them: {', '.join(OPTIONS)})")
        if value is None:
            continue
        if isinstance(value, bool):
            values = (row["values"] or "").split("|")
            if row["kind"] == "enum" and "on" in values and "off" in values:
                value = "on" if value else "off"
            else:
                value = int(value)
        flags.append(f"--{row['cli']}={value}")
    return flags


def flags(**kw: Any) -> List[str]:
    """The command's own options: None and False are left out, True is the
    bare flag, anything else --name VALUE (a name's '_' is '-')."""
    out: List[str] = []
    for name, value in kw.items():
        if value is None or value is False:
            continue
        flag = "--" + name.replace("_", "-")
        if value is True:
            out.append(flag)
        else:
            out += [flag, str(value)]
    return out


@contextlib.contextmanager
def as_file(data: bytes) -> Iterator[str]:
    """A path the command line can open that reads data: an in-memory file
    (memfd) where the system has them, else a temporary file."""
    if hasattr(os, "memfd_create"):
        fd = os.memfd_create("gridcnf", 0)
        try:
            os.write(fd, data)
            yield f"/proc/self/fd/{fd}"
        finally:
            os.close(fd)
        return
    with tempfile.NamedTemporaryFile(prefix="gridcnf-") as f:
        f.write(data)
        f.flush()
        yield f.name


class GenerateWarning(UserWarning):
    """generate made fewer puzzles than asked: some were not found within
    the tries (exit 4) or stopped by their time limit (exit 3)."""


def parse_records(out: bytes) -> List[Record]:
    return [_loads(line.decode()) for line in out.splitlines() if line.strip()]


def raise_for(rc: int, err: bytes, records: Sequence[Record],
              sources: Dict[str, str]) -> None:
    """Raises the error of a run: its first error record, else (exit codes
    64 and above) its first message on standard error."""
    for rec in records:
        if rec.get("status") == "error":
            raise from_record(rec, sources, rc)
    if rc >= 64 and rc != 130:
        raise from_stderr(err.decode(errors="replace"), sources, rc)


FileArg = Tuple[Optional[str], Any, str]


def call(command: str, puzzle: PuzzleInput, args: Sequence[str] = (),
         files: Sequence[FileArg] = (), stop: Optional[_native.Stop] = None,
         ) -> Tuple[int, bytes, bytes, Dict[str, str]]:
    """Runs `gridcnf COMMAND ARGS PUZZLE`.  files: (flag, content, name),
    each given to the command as a path: after the flag (e.g. "--grid"),
    or after the puzzle when the flag is None; content is bytes, or a path
    as it is; name is what messages call it.  Returns the run and the
    names of its inputs (path as the command saw it -> name to show)."""
    arg, data = puzzle_input(puzzle)
    sources = {"<stdin>": "<stdin>"} if arg == "-" else {arg: arg}
    with contextlib.ExitStack() as stack:
        before: List[str] = []
        after: List[str] = []
        for flag, content, name in files:
            if isinstance(content, os.PathLike):
                path = os.fspath(content)
                sources[path] = path
            else:
                path = stack.enter_context(as_file(content))
                sources[path] = name
            if flag:
                before += [flag, path]
            else:
                after.append(path)
        rc, out, err = run([command, *args, *before, "--", arg, *after], data, stop)
    return rc, out, err, sources


def one_record(command: str, puzzle: PuzzleInput, args: Sequence[str] = (),
               files: Sequence[FileArg] = (),
               stop: Optional[_native.Stop] = None) -> Record:
    """The one --json record of a command on one puzzle."""
    if not files:  # the common case, kept short: it is a solve's overhead
        arg, data = puzzle_input(puzzle)
        rc, out, err = _native.run([command, "--json", *args, "--", arg], data, stop, -1,
                                   current_thread() is _MAIN)
        if rc < 64 and out.count(b"\n") == 1:
            rec = _loads(out.decode())
            if rec.get("status") != "error":
                return rec
        sources = {"<stdin>": "<stdin>"} if arg == "-" else {arg: arg}
    else:
        rc, out, err, sources = call(command, puzzle, ["--json", *args], files, stop)
    records = parse_records(out)
    raise_for(rc, err, records, sources)
    if len(records) != 1:
        if not records:
            raise from_stderr(err.decode(errors="replace"), sources, rc or 70)
        raise UsageError(f"the input holds {len(records)} puzzles: {command} answers "
                         "for one (solve_many and gridcnf.read take a batch)", exit_code=64)
    return records[0]


def text_output(command: str, puzzle: PuzzleInput, args: Sequence[str] = (),
                files: Sequence[FileArg] = (),
                stop: Optional[_native.Stop] = None) -> str:
    """What a command writes to standard output (cnf, render, convert)."""
    rc, out, err, sources = call(command, puzzle, args, files, stop)
    raise_for(rc, err, [], sources)
    if rc == 130:  # stopped by a Stop (Ctrl-C has raised KeyboardInterrupt)
        raise from_stderr(err.decode(errors="replace"), sources, rc)
    return out.decode()


def stream(argv: Sequence[str], input: Optional[bytes],
           stop: Optional[_native.Stop] = None,
           result: Optional[Dict[str, Any]] = None) -> Iterator[bytes]:
    """The lines a command writes, as it writes them: it runs on a thread
    into a pipe.  Leaving the loop early (break, an exception, Ctrl-C)
    stops the command and waits for it.  Once the lines are all read,
    result (a dict) gets the exit code ("rc") and standard error ("err")."""
    stop = stop if stop is not None else _native.Stop()
    rfd, wfd = os.pipe()
    box: Dict[str, Any] = {}

    def work() -> None:
        try:
            box["run"] = _native.run(argv, input, stop, wfd, False)
        except BaseException as e:  # handed to the reader
            box["error"] = e
        finally:
            os.close(wfd)

    thread = threading.Thread(target=work, name="gridcnf", daemon=True)
    thread.start()
    done = False
    with os.fdopen(rfd, "rb") as pipe:
        try:
            for line in pipe:
                yield line
            done = True
        finally:
            if not done:
                stop.set()
                for _ in pipe:  # the command may be writing: let it finish
                    pass
            thread.join()
    if "error" in box:
        raise box["error"]
    rc, _, err = box["run"]
    if result is not None:
        result.update(rc=rc, err=err, stopped=stop.is_set())


def stream_records(argv: Sequence[str], input: Optional[bytes], errors: str,
                   sources: Dict[str, str],
                   stop: Optional[_native.Stop] = None) -> Iterator[Record]:
    """The --json records of a command as they come.  errors: "raise" (an
    error record raises) or "record" (it is yielded)."""
    result: Dict[str, Any] = {}
    records = 0
    for line in stream(argv, input, stop, result):
        if not line.strip():
            continue
        rec = json.loads(line)
        records += 1
        if rec.get("status") == "error" and errors == "raise":
            raise from_record(rec, sources, 65)
        yield rec
    rc = result["rc"]
    if rc == 130 and not result["stopped"]:
        raise KeyboardInterrupt
    # 65 with the error records yielded is the batch's exit code, no error
    if rc >= 64 and rc != 130 and not (rc == 65 and records):
        raise from_stderr(result["err"].decode(errors="replace"), sources, rc)
    if argv and argv[0] == "generate" and rc in (3, 4):
        # puzzles not made (no record stands for them): said, not raised,
        # since the ones made were yielded; with the note on a size known
        # to take minutes or more, when there was one
        said = [line for line in result["err"].decode(errors="replace").splitlines()
                if "generate: puzzle " in line or " may take minutes, or hours, " in line]
        warnings.warn(GenerateWarning("; ".join(said) or f"generate: exit {rc}"),
                      stacklevel=2)


__all__ = ["Record", "PuzzleInput", "OPTIONS", "run", "call", "one_record", "text_output",
           "stream", "stream_records", "option_flags", "flags", "puzzle_input", "as_file",
           "parse_records", "raise_for", "Error", "GenerateWarning"]
