"""The exceptions of gridcnf, made from what the command line reports."""
from __future__ import annotations

import re
from typing import Any, Dict, Iterable, Optional

__all__ = ["Error", "ParseError", "UsageError"]


class Error(Exception):
    """A gridcnf error: bad options, a file that cannot be opened, a puzzle a
    notation cannot express, a tool that does not apply to the genre, a
    formula over --max-vars, an internal error.  ``exit_code`` is the
    command line's (64 usage, 65 bad input, 66 cannot open, 70 internal,
    74 I/O); ``record`` the ``--json`` error record when there was one."""

    def __init__(self, message: str, *, exit_code: Optional[int] = None,
                 record: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
        self.record = record


class UsageError(Error, ValueError):
    """An option or argument the command line refuses (its exit code 64)."""


class ParseError(Error, ValueError):
    """Input that cannot be a puzzle (or a grid, or a model), with the
    library's position: ``line`` and ``column`` from 1, ``message`` without the
    position, ``source`` the input's name ("<stdin>" for text given as a
    string), ``text`` the command line's one-line message."""

    def __init__(self, message: str, *, line: Optional[int], column: Optional[int],
                 source: str = "", text: str = "", exit_code: Optional[int] = 65,
                 record: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(message, exit_code=exit_code, record=record)
        self.line = line
        self.column = column
        self.source = source
        self.text = text or message

    def __str__(self) -> str:
        return self.text


for _cls in (Error, UsageError, ParseError):  # shown as gridcnf.ParseError
    _cls.__module__ = "gridcnf"


def _strip_position(text: str, source: str, line: Optional[int],
                    column: Optional[int]) -> str:
    """The message of "SOURCE:LINE:COLUMN: message" (the library's
    gc_error_format): the parts it wrote are known, so they are cut off."""
    head = source
    if line:
        head += f":{line}:{column}: " if column else f":{line}: "
    elif source:
        head += ": "
    return text[len(head):] if head and text.startswith(head) else text


def from_record(rec: Dict[str, Any], sources: Dict[str, str], exit_code: int) -> Error:
    """The exception for a ``--json`` error record.  sources maps the names
    the command line saw to the names to show (a temporary file's path to
    "<grid>")."""
    text = str(rec.get("error", ""))
    line, column = rec.get("line"), rec.get("column")
    source = next((s for s in sorted(sources, key=len, reverse=True)
                   if text.startswith(s + ":")), "")
    message = _strip_position(text, source, line, column)
    shown = sources.get(source, source)
    if source and shown != source:
        text = shown + text[len(source):]
    if (line and column) or (exit_code == 65 and source):
        # bad input, positioned or not (empty input has no line)
        return ParseError(message, line=line or None, column=column or None,
                          source=shown, text=text, exit_code=exit_code, record=rec)
    return Error(text, exit_code=exit_code, record=rec)


_POSITIONED = re.compile(r"^(?P<line>\d+)(?::(?P<column>\d+))?: (?P<message>.*)$")


def from_stderr(err: str, sources: Dict[str, str], exit_code: int) -> Error:
    """The exception for a command that failed without a record: its first
    "gridcnf: ..." line on standard error, positioned when it starts with
    one of the sources and a line."""
    lines = [ln[len("gridcnf: "):] if ln.startswith("gridcnf: ") else ln
             for ln in err.splitlines() if ln.strip()]
    first = lines[0] if lines else f"gridcnf exited with {exit_code}"
    for source in sorted(sources, key=len, reverse=True):
        if first.startswith(source + ":"):
            shown = sources[source]
            m = _POSITIONED.match(first[len(source) + 1:])
            text = shown + first[len(source):]
            if m and m["column"] and exit_code == 65:
                return ParseError(m["message"], line=int(m["line"]), column=int(m["column"]),
                                  source=shown, text=text, exit_code=exit_code)
            first = text
            break
    if exit_code == 64:
        return UsageError(first.replace(" (try 'gridcnf --help')", ""), exit_code=64)
    return Error(first, exit_code=exit_code)


def first_error(records: Iterable[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    return next((r for r in records if r.get("status") == "error"), None)
