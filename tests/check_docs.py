#!/usr/bin/env python3
"""check_docs.py SOURCE_DIR GRIDCNF: every command shown in README.md and
docs/*.md runs, in a fresh copy of the tree, and prints what the page shows.

A command is a line of a code block (indented four spaces, or fenced) that
starts with "$ ".  The lines after it, up to the next "$ " line or the end
of the block, are its output (standard output and standard error, as a
terminal shows them); when a command shows none, it must still run without
a usage, input or internal error.  Times are compared as "N ms": the
number before " ms" or " s", and the value of a JSON key ending in "_ms"
or called "ms", may differ.  A line "..." in the shown output stands for
any number of lines.  With --update, the shown output of a command that
prints something else is replaced by what it prints (then read the diff).

The copy holds the files git tracks or would track (a fresh clone of what
is committed, plus what is about to be); build/gridcnf in it is the
binary under test, and build/ comes first on PATH (so "gridcnf" is it too).  Commands run one after another in the copy's top
directory with bash, so a file one writes is there for the next.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

UPDATE = "--update" in sys.argv[1:]
SRC, BINARY = [a for a in sys.argv[1:] if a != "--update"][:2]
PAGES = ["README.md"] + sorted(
    os.path.join("docs", f) for f in os.listdir(os.path.join(SRC, "docs"))
    if f.endswith(".md"))

# Exit codes that mean the command itself is wrong (see docs/exit-codes.md).
BAD_EXIT = {64, 65, 66, 69, 70, 74, 126, 127}


def blocks(text):
    """The code blocks of a Markdown page: (first line number, lines,
    indentation)."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            yield i + 2, lines[i + 1:j], 0
            i = j + 1
            continue
        prev_blank = i == 0 or lines[i - 1].strip() == ""
        if line.startswith("    ") and prev_blank and not line.lstrip().startswith(("-", "*")):
            # a block, or one inside a list item (indented further): its
            # own indentation is that of its first line
            ind = len(line) - len(line.lstrip(" "))
            j = i
            body = []
            while j < len(lines) and (lines[j].startswith(" " * ind) or lines[j].strip() == ""):
                body.append(lines[j][ind:])
                j += 1
            while body and body[-1].strip() == "":
                body.pop()
            yield i + 1, body, ind
            i = j
            continue
        i += 1


def commands(text):
    """(line number, command, shown output lines, indentation) for every
    "$ " line."""
    for first, body, ind in blocks(text):
        k = 0
        while k < len(body):
            if not body[k].startswith("$ "):
                k += 1
                continue
            cmd = body[k][2:]
            j = k + 1
            while j < len(body) and not body[j].startswith("$ "):
                j += 1
            yield first + k, cmd, body[k + 1:j], ind
            k = j


TIME = [
    (re.compile(r"\d+(\.\d+)? (ms|s)\b"), r"N \2"),
    (re.compile(r'("[a-z_]*_ms"|"ms"): ?-?\d+(\.\d+)?(e-?\d+)?'), r"\1:N"),
]


def normal(lines):
    out = []
    for line in lines:
        for pat, rep in TIME:
            line = pat.sub(rep, line)
        out.append(line.rstrip())
    while out and out[-1] == "":
        out.pop()
    return out


def matches(shown, got):
    """shown (with "..." lines) against got, both normalised."""
    if not shown:
        return True
    if shown[0] == "...":
        rest = shown[1:]
        return any(matches(rest, got[k:]) for k in range(len(got) + 1))
    return bool(got) and shown[0] == got[0] and matches(shown[1:], got[1:])


def fresh_copy(dest):
    try:
        files = subprocess.run(
            ["git", "-C", SRC, "ls-files", "-co", "--exclude-standard", "-z"],
            check=True, capture_output=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        files = None
    if files is None:
        shutil.copytree(SRC, dest, ignore=shutil.ignore_patterns("build*", ".git"))
        return
    for f in files:
        if not f or not os.path.isfile(os.path.join(SRC, f)):
            continue
        os.makedirs(os.path.join(dest, os.path.dirname(f)), exist_ok=True)
        shutil.copy2(os.path.join(SRC, f), os.path.join(dest, f))


def main():
    failures = 0
    ran = 0
    with tempfile.TemporaryDirectory(prefix="gridcnf-docs-") as tmp:
        top = os.path.join(tmp, "gridcnf")
        fresh_copy(top)
        os.makedirs(os.path.join(top, "build"), exist_ok=True)
        shutil.copy2(BINARY, os.path.join(top, "build", "gridcnf"))
        env = dict(os.environ, NO_COLOR="1", LC_ALL="C.UTF-8",
                   PATH=os.path.join(top, "build") + os.pathsep + os.environ["PATH"])
        for page in PAGES:
            with open(os.path.join(SRC, page), encoding="utf-8") as f:
                text = f.read()
            edits = []
            for line, cmd, shown, ind in commands(text):
                ran += 1
                try:
                    r = subprocess.run(["bash", "-c", cmd], cwd=top, env=env,
                                       stdin=subprocess.DEVNULL,
                                       stdout=subprocess.PIPE,
                                       stderr=subprocess.STDOUT, timeout=120)
                    got = r.stdout.decode("utf-8", "replace").split("\n")
                    code = r.returncode
                except subprocess.TimeoutExpired:
                    got, code = ["(timed out after 120 s)"], 124
                where = f"{page}:{line}: $ {cmd}"
                if shown:
                    if not matches(normal(shown), normal(got)) and UPDATE:
                        shown_now = [g.rstrip() for g in got]
                        while shown_now and not shown_now[-1]:
                            shown_now.pop()
                        edits.append((line, len(shown), ind, shown_now))
                    elif not matches(normal(shown), normal(got)):
                        failures += 1
                        print(f"FAIL {where}\n  shown:")
                        print("\n".join("    " + s for s in shown))
                        print("  printed:")
                        print("\n".join("    " + s for s in got).rstrip())
                elif code in BAD_EXIT or code < 0:
                    failures += 1
                    print(f"FAIL {where}\n  exit {code}:")
                    print("\n".join("    " + s for s in got).rstrip())
            if edits:  # --update: write what was printed into the page
                lines = text.split("\n")
                for line, count, ind, got in reversed(edits):
                    lines[line:line + count] = [(" " * ind + g).rstrip() for g in got]
                with open(os.path.join(SRC, page), "w", encoding="utf-8") as f:
                    f.write("\n".join(lines))
                print(f"updated {len(edits)} outputs in {page}")
        # The README's picture is the one the command draws now.
        pic = subprocess.run([BINARY, "render", "--svg", "--solution",
                              "examples/starbattle-7x7.txt"], cwd=top,
                             capture_output=True).stdout
        with open(os.path.join(SRC, "docs", "img", "starbattle.svg"), "rb") as f:
            if f.read() != pic:
                failures += 1
                print("FAIL docs/img/starbattle.svg is out of date: run "
                      "'build/gridcnf render --svg --solution "
                      "examples/starbattle-7x7.txt -o docs/img/starbattle.svg'")
    print(f"{ran} commands from {len(PAGES)} pages, {failures} failing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
