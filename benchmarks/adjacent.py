#!/usr/bin/env python3
"""adjacent.py: Futoshiki in Adjacent mode (Tatham's Unequal with the
Adjacent option) against Tatham's own solver.

Puzzles: `sgt-unequal --generate K NadL#SEED` (Debian's sgt-puzzles), sizes
5 to 7 at the levels easy, tricky and extreme (and 8 at easy), K per class,
seeded so that a run can be repeated.  Each is solved by

  gridcnf        `gridcnf solve --json -` with the ID on standard input
                 (the solution proven unique),
  unequalsolver  Tatham's standalone solver (benchmarks/peers/build-tatham.sh
                 builds it from Debian's source package),

as whole processes, interleaved (each repetition runs the tools in a
shuffled order), and the median of the repetitions is the puzzle's time.
Both answers are compared: gridcnf must say `unique` and give the grid that
unequalsolver prints after "Game has difficulty".  The table gives, per
class, the median and worst of the puzzles' times and the ratio of the
medians; `--results` writes it into benchmarks/RESULTS.md between markers
and refreshes the summary (summary.py).

usage: adjacent.py [--gridcnf build/gridcnf] [--count 10] [--reps 5]
                   [--results benchmarks/RESULTS.md] [--quick]
"""
import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
TATHAM_BIN = os.path.join(HERE, "out", "tatham", "bin")
BEGIN = "<!-- adjacent.py: begin (written by benchmarks/adjacent.py) -->"
END = "<!-- adjacent.py: end -->"
LEVELS = {"e": "easy", "k": "tricky", "x": "extreme"}
CLASSES = [(5, "e"), (5, "k"), (5, "x"), (6, "e"), (6, "k"), (6, "x"),
           (7, "e"), (7, "k"), (7, "x"), (8, "e")]

sys.path.insert(0, HERE)
from stats import log, write_section  # noqa: E402  (benchmarks/stats.py)


def generate(n, level, count, seed):
    params = f"{n}ad{level}#{seed}"
    p = subprocess.run(["/usr/games/sgt-unequal", "--generate", str(count), params],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                       timeout=600)
    return [line.strip() for line in p.stdout.splitlines() if ":" in line]


def timed(cmd, stdin=None):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=120)
    return (time.perf_counter() - t0) * 1e3, p


def tatham_grid(out, n):
    """The solved grid unequalsolver prints after 'Game has difficulty'."""
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Game has difficulty"):
            rows = lines[i + 1:i + 2 * n:2]
            return [[int(r[2 * c]) for c in range(n)] for r in rows]
    return None


def gridcnf_grid(out):
    try:
        rec = json.loads(out)
    except ValueError:
        return None
    return rec.get("solution") if rec.get("status") == "unique" else None


def fmt(ms):
    return f"{ms:.2f}" if ms < 10 else f"{ms:.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--gridcnf", default=os.path.join(TOP, "build", "gridcnf"))
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--seed", default="adjacent")
    ap.add_argument("--results", default=None)
    ap.add_argument("--quick", action="store_true", help="2 puzzles of 2 classes")
    a = ap.parse_args()
    solver = os.path.join(TATHAM_BIN, "unequalsolver")
    if not os.access(solver, os.X_OK):
        subprocess.run(["bash", os.path.join(HERE, "peers", "build-tatham.sh")])
    if not os.access(solver, os.X_OK) or not shutil.which("/usr/games/sgt-unequal"):
        log("adjacent.py: needs /usr/games/sgt-unequal and unequalsolver")
        return 77
    classes = CLASSES[:2] if a.quick else CLASSES
    count = 2 if a.quick else a.count
    rng = random.Random(a.seed)
    rows, bad, total = [], [], 0
    for n, lv in classes:
        ids = generate(n, lv, count, f"{a.seed}-{n}{lv}")
        ours, theirs = [], []
        for gid in ids:
            t_g, t_t = [], []
            for _ in range(a.reps):
                order = [0, 1]
                rng.shuffle(order)
                for who in order:
                    if who == 0:
                        ms, p = timed([a.gridcnf, "solve", "--json", "-"], gid + "\n")
                        t_g.append(ms)
                        got = p
                    else:
                        ms, p = timed([solver, gid])
                        t_t.append(ms)
                        want = p
            g = gridcnf_grid(got.stdout)
            t = tatham_grid(want.stdout, n)
            if got.returncode != 0 or g is None or g != t:
                bad.append(gid)
            ours.append(statistics.median(t_g))
            theirs.append(statistics.median(t_t))
            total += 1
        mo, mt = statistics.median(ours), statistics.median(theirs)
        rows.append((n, LEVELS[lv], len(ids), mo, max(ours), mt, max(theirs)))
        log(f"{n}x{n} {LEVELS[lv]}: gridcnf {fmt(mo)} ms, unequalsolver {fmt(mt)} ms")
    lines = [f"Whole processes, {a.reps} interleaved repetitions per puzzle (median), "
             f"{total} puzzles from `sgt-unequal --generate {count} NadL#SEED` "
             f"({time.strftime('%Y-%m-%d')}, `nproc` = {os.cpu_count()}, load average "
             f"{os.getloadavg()[0]:.1f} at the end).", "",
             "| class | puzzles | gridcnf median ms | worst | unequalsolver median ms | worst "
             "| gridcnf / unequalsolver |", "|---|---|---|---|---|---|---|"]
    for n, lv, k, mo, wo, mt, wt in rows:
        lines.append(f"| {n}x{n} {lv} | {k} | {fmt(mo)} | {fmt(wo)} | {fmt(mt)} | {fmt(wt)} "
                     f"| {mo / mt:.2f}x |")
    lines += ["", "Answers: " + ("every puzzle unique, and gridcnf's grid is unequalsolver's."
                                 if not bad else f"{len(bad)} DISAGREE: " + "; ".join(bad[:5]))]
    md = "\n".join(lines)
    print(md)
    if a.results and not a.quick:
        section = "\n".join([BEGIN, "## Futoshiki in Adjacent mode against Tatham's solver", "",
                             "Written by `benchmarks/adjacent.py` (what is timed: its "
                             "docstring).", "", md, END])
        write_section(a.results, BEGIN, END, section)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
