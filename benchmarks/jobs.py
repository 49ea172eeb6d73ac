#!/usr/bin/env python3
"""Batch throughput of `gridcnf solve --jobs N`.

Solves one batch (every corpus and scaling puzzle, one JSON-lines stream)
with N = 1, 2, 4 ... threads, each N several times, interleaved, and
reports the median wall time, puzzles per second and the speed-up over one
job; checks that every run prints the same answers in the same order.
Writes its section of RESULTS.md between the markers below (bench.py keeps
it).  Python 3 standard library only.

    python3 benchmarks/jobs.py --gridcnf build/gridcnf [--reps 3] [--jobs 1,2,4]
"""
import argparse
import glob
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from stats import write_section  # noqa: E402  (benchmarks/stats.py)

HERE = os.path.dirname(os.path.abspath(__file__))
BEGIN = "<!-- jobs.py: begin (written by benchmarks/jobs.py) -->"
END = "<!-- jobs.py: end -->"


def answers(text):
    out = []
    for line in text.splitlines():
        o = json.loads(line)
        out.append((o.get("id"), o.get("status"), json.dumps(o.get("solution"))))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gridcnf", default=os.path.join(HERE, "..", "build", "gridcnf"))
    ap.add_argument("--shared", default=os.path.join(HERE, "..", "..", "shared"))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--jobs", default="1,2,4")
    ap.add_argument("--results", default=os.path.join(HERE, "RESULTS.md"))
    a = ap.parse_args()
    files = sorted(glob.glob(os.path.join(a.shared, "corpus", "*.jsonl"))) + \
        sorted(glob.glob(os.path.join(a.shared, "bench", "scaling-*.jsonl")))
    if not files:
        sys.exit("jobs.py: no corpus under %s" % a.shared)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as t:
        for f in files:
            with open(f, encoding="utf-8") as src:
                for line in src:
                    if line.strip():
                        t.write(line if line.endswith("\n") else line + "\n")
        batch = t.name
    with open(batch, encoding="utf-8") as f:
        npuzzles = sum(1 for _ in f)
    jobs = [int(j) for j in a.jobs.split(",")]
    times = {j: [] for j in jobs}
    reference = None
    try:
        for rep in range(a.reps):
            for j in jobs:
                t0 = time.monotonic()
                p = subprocess.run([a.gridcnf, "solve", "--json", "--jobs", str(j), batch],
                                   capture_output=True, text=True)
                times[j].append(time.monotonic() - t0)
                got = answers(p.stdout)
                if reference is None:
                    reference = got
                elif got != reference:
                    sys.exit("jobs.py: --jobs %d printed other answers" % j)
                print("jobs %d rep %d: %.2f s" % (j, rep + 1, times[j][-1]), file=sys.stderr)
    finally:
        os.unlink(batch)
    base = statistics.median(times[jobs[0]])
    md = [BEGIN, "## Batch mode: `solve --jobs N`", "",
          "One batch of every corpus and scaling puzzle (%d puzzles, solve and "
          "uniqueness proof each), whole process, median of %d runs interleaved "
          "across N; every run printed the same answers in the same order. "
          "Machine: %s, %d cores." % (npuzzles, a.reps, platform.machine(), os.cpu_count()), "",
          "| jobs | wall s median (min..max) | puzzles/s | speed-up |", "|---|---|---|---|"]
    for j in jobs:
        m = statistics.median(times[j])
        md.append("| %d | %.2f (%.2f..%.2f) | %.0f | %.2fx |" %
                  (j, m, min(times[j]), max(times[j]), npuzzles / m, base / m))
    md += ["", "Rerun: `python3 benchmarks/jobs.py --gridcnf build/gridcnf`.", END]
    write_section(a.results, BEGIN, END, "\n".join(md))
    print("\n".join(md[5:-3]))


if __name__ == "__main__":
    main()
