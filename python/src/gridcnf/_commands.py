"""The command line's own tables, read from it (_native.commands()): which
commands there are and which options each takes.  A function's keywords
become exactly the options of its command, checked against the table; a
command without a function of its own gets one made from its row."""
from __future__ import annotations

import json
import os
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple

from . import _native
from ._door import OPTIONS, FileArg, PuzzleInput, Record, one_record, option_flags, text_output

#: the commands of the command line: name -> its row (name, alias, args,
#: summary, about, examples, options: [{name, short, metavar, help}], and
#: encoding: whether it takes the encoding options)
COMMANDS: Dict[str, Dict[str, Any]] = {c["name"]: c for c in _native.commands()}

# set by the functions themselves, or meaningless without a terminal
_OWN = {"json", "color"}
# each command's options by name, without those
_TABLES: Dict[str, Dict[str, Dict[str, Any]]] = {
    name: {o["name"]: o for o in c["options"] if o["name"] not in _OWN}
    for name, c in COMMANDS.items()}


def content(value: Any) -> Any:
    """A file's content for the command line to read: text or bytes as they
    are, a list of rows or a dict as JSON (None = null), a path as a path."""
    if isinstance(value, os.PathLike):
        return value
    if isinstance(value, str):
        return value.encode()
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    if isinstance(value, Mapping):
        return json.dumps(dict(value)).encode()
    return json.dumps([[None if v is None else int(v) for v in row] for row in value]).encode()


def _takes(info: Dict[str, Any]) -> str:
    names = [o["name"].replace("-", "_") for o in info["options"] if o["name"] not in _OWN]
    if info["encoding"]:
        names.append("the encoding options of gridcnf.options()")
    return ", ".join(names)


def arguments(command: str, options: Mapping[str, Any]) -> Tuple[List[str], List[FileArg]]:
    """The command line's arguments for keyword options, by its table: a
    switch is True (given) or False; an option with a value gets str(value);
    an option that takes a FILE gets a path (str or os.PathLike) or the
    file's content (bytes, a list of rows, a dict), handed over as a file;
    the encoding options go as --name=value.  A keyword the command does not
    take is a TypeError that lists those it takes."""
    info = COMMANDS[command]
    table = _TABLES[command]
    args: List[str] = []
    files: List[FileArg] = []
    enc: Dict[str, Any] = {}
    for name, value in options.items():
        cli = name.replace("_", "-")
        row = table.get(cli)
        if row is None:
            if info["encoding"] and name.replace("-", "_") in OPTIONS:
                enc[name] = value
                continue
            raise TypeError(f"gridcnf {command} takes no option {name!r}; it takes "
                            f"{_takes(info)}")
        if value is None or value is False:
            continue
        if row["metavar"] is None:
            if value is not True:
                raise TypeError(f"{name} is a switch: True or False, not {value!r}")
            args.append("--" + cli)
        elif row["metavar"] == "FILE" and not isinstance(value, (str, os.PathLike)):
            files.append(("--" + cli, content(value), f"<{cli}>"))
        else:
            args += ["--" + cli, os.fspath(value) if isinstance(value, os.PathLike) else str(value)]
    return args + option_flags(enc), files


def record(command: str, puzzle: PuzzleInput, options: Mapping[str, Any],
           inputs: Tuple[Any, ...] = (), stop: Optional[_native.Stop] = None) -> Record:
    """The --json record of command on puzzle; inputs are the files that
    follow the puzzle (a grid, a model), as content or paths."""
    args, files = arguments(command, options)
    if inputs:
        files += [(None, content(x), f"<{name}>")
                  for x, name in zip(inputs, _input_names(command, len(inputs)))]
    return one_record(command, puzzle, args, files, stop)


def text(command: str, puzzle: PuzzleInput, options: Mapping[str, Any],
         stop: Optional[_native.Stop] = None) -> str:
    """What command writes to standard output for puzzle."""
    args, files = arguments(command, options)
    return text_output(command, puzzle, args, files, stop)


def _input_names(command: str, k: int) -> List[str]:
    """Names for the inputs after the puzzle, from the command's args
    ("PUZZLE GRID" -> "grid")."""
    words = [w.lower() for w in COMMANDS[command]["args"].split() if w.isupper()]
    return (words[1:] + [f"input{i}" for i in range(2, 2 + k)])[:k]


def function(command: str) -> Callable[..., Any]:
    """A Python function for a command, made from its row: it takes the
    puzzle, the further inputs its args name, and its options as keywords;
    it returns the --json record when the command writes one, else its
    text."""
    info = COMMANDS[command]
    json_out = any(o["name"] == "json" for o in info["options"])

    def run_command(puzzle: PuzzleInput, *inputs: Any, stop: Optional[_native.Stop] = None,
                    **options: Any) -> Any:
        if json_out:
            return record(command, puzzle, options, inputs, stop)
        if inputs:
            raise TypeError(f"gridcnf {command} takes one input")
        return text(command, puzzle, options, stop)

    run_command.__name__ = run_command.__qualname__ = command.replace("-", "_")
    what = ("the record of ``gridcnf %s --json`` (a dict)" % command if json_out
            else "what ``gridcnf %s`` writes (a str)" % command)
    about = ("\n\n" + info["about"]) if info.get("about") else ""
    run_command.__doc__ = (
        f"{info['summary'][:1].upper()}{info['summary'][1:]}: {what}.{about}\n\n"
        f"Arguments: the puzzle (as solve() takes it), then {info['args'] or 'nothing'}; "
        f"keywords: {_takes(info)}; stop: a gridcnf.Stop.")
    return run_command


__all__ = ["COMMANDS", "arguments", "record", "text", "function", "content"]
