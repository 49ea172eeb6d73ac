#!/usr/bin/env python3
"""Per-call overhead of the Python module (python/, `import gridcnf`) over
the C library, in one process.

For each 9x9 puzzle of the corpus (and a few other sizes), three calls are
timed, interleaved in a shuffled order, many rounds:
  library  gc_reader_* + gc_solve, timed in C (gridcnf._native._bench);
  cli      `gridcnf solve --json -` through gc_cli_run_io into memory
           streams, timed in C: the door every Python function goes
           through (the record's JSON is written);
  python   gridcnf.solve(text), timed in Python: argv, the door, the
           record parsed back into a dict.
Reports the medians per size and genre and the ratios python / library and
python / cli; the target is python <= 1.05x library on a 9x9.  Writes its
section of RESULTS.md between the markers below (bench.py keeps it).  Run
it with the Python that has the module installed:

    build-py/.venv/bin/python benchmarks/python_overhead.py [--rounds 200]
"""
import argparse
import json
import os
import platform
import random
import statistics
import sys
import time

import gridcnf
from gridcnf import _native

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from stats import write_section  # noqa: E402  (benchmarks/stats.py)

HERE = os.path.dirname(os.path.abspath(__file__))
BEGIN = "<!-- python_overhead.py: begin (written by benchmarks/python_overhead.py) -->"
END = "<!-- python_overhead.py: end -->"


def puzzles(shared, per_class):
    """(class name, text) for up to per_class puzzles of each genre and size
    picked: every 9x9, and 5x5 / 25x25 for the ends of the scale."""
    out = []
    for genre in ("futoshiki", "skyscrapers", "starbattle"):
        path = os.path.join(shared, "corpus", genre + ".jsonl")
        lines = [ln for ln in open(path, encoding="utf-8") if ln.strip()]
        by_n = {}
        for ln in lines:
            n = json.loads(ln)["n"]
            by_n.setdefault(n, []).append(ln.strip())
        for n in (5, 9, 25):
            for ln in by_n.get(n, [])[:per_class]:
                out.append((f"{genre} {n}x{n}", ln))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", default=os.path.join(HERE, "..", "..", "shared"))
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--per-class", type=int, default=5)
    ap.add_argument("--results", default=os.path.join(HERE, "RESULTS.md"))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    work = puzzles(args.shared, args.per_class)
    times = {}  # (class, kind) -> [seconds], every puzzle's rounds together

    def python_call(text):
        t = time.perf_counter()
        gridcnf.solve(text)
        return time.perf_counter() - t

    calls = {"library": lambda d, t: _native._bench("library", d),
             "cli": lambda d, t: _native._bench("cli", d),
             "python": lambda d, t: python_call(t)}
    for cls, text in work:  # warm up, and the answers agree
        data = text.encode()
        rec = gridcnf.solve(text)
        assert rec["status"] in ("unique", "multiple"), rec
        for k in calls:
            calls[k](data, text)
    started = time.time()
    for _ in range(args.rounds):
        order = [(cls, text, k) for cls, text in work for k in calls]
        rng.shuffle(order)
        for cls, text, k in order:
            times.setdefault((cls, k), []).append(calls[k](text.encode(), text))
    # the same puzzle again and again (a loop over solve() in a program):
    # each puzzle's three calls in turn, in a row
    warm = {}
    for cls, text in work:
        data = text.encode()
        for _ in range(args.rounds):
            for k in calls:
                warm.setdefault((cls, k), []).append(calls[k](data, text))
    took = time.time() - started

    classes = list(dict.fromkeys(cls for cls, _ in work))
    count = {cls: sum(1 for c, _ in work if c == cls) for cls in classes}
    med = {key: statistics.median(v) * 1e3 for key, v in times.items()}
    wmed = {key: statistics.median(v) * 1e3 for key, v in warm.items()}
    rows, wrows = [], []
    for cls in classes:
        for m, out in ((med, rows), (wmed, wrows)):
            lib, cli, py = (m[(cls, k)] for k in ("library", "cli", "python"))
            out.append(f"| {cls} | {count[cls]} | {lib:.3f} | {cli:.3f} | {py:.3f} | "
                       f"{py / lib:.3f}x | {py / cli:.3f}x | {(py - cli) * 1e3:.0f} |")
    md = [BEGIN, "## Python: per-call overhead of `import gridcnf`", "",
          f"In one process ({sys.executable}, Python {platform.python_version()}, "
          f"{platform.machine()}, {os.cpu_count()} cores; {time.strftime('%Y-%m-%d')}): "
          f"every puzzle's three calls interleaved in a shuffled order, {args.rounds} "
          f"rounds ({took:.0f} s), medians over the class's puzzles and rounds. "
          "*library*: `gc_reader_*` + `gc_solve`, timed in C; *cli*: `gridcnf solve "
          "--json -` in-process through `gc_cli_run_io` into memory streams, timed in C "
          "(the door every Python function goes through); *python*: `gridcnf.solve(text)` "
          "timed in Python (arguments, the door, the record parsed into a dict). Target: "
          "python <= 1.05x library on a 9x9.", "",
          "| class | puzzles | library ms | cli ms | python ms | python / library | "
          "python / cli | python - cli us |",
          "|---|---|---|---|---|---|---|---|"] + rows + [
          "", "The same puzzle again and again (each puzzle's three calls in turn, "
          f"{args.rounds} times in a row, as a program's loop over `solve` does): the "
          "caches stay warm.", "",
          "| class | puzzles | library ms | cli ms | python ms | python / library | "
          "python / cli | python - cli us |",
          "|---|---|---|---|---|---|---|---|"] + wrows + [
          "", "Rerun: `build-py/.venv/bin/python benchmarks/python_overhead.py` (after "
          "`bash scripts/test.sh`, whose python stage makes that venv).", END]
    section = "\n".join(md)
    print(section)
    write_section(args.results, BEGIN, END, section)


if __name__ == "__main__":
    main()
