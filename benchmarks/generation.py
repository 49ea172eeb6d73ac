#!/usr/bin/env python3
"""Generation speed: `gridcnf generate` against Tatham's generators.

Every puzzle is one whole process (`generate --number 1 --start K` for
gridcnf, `--generate 1 PARAMS` for Tatham's `sgt-towers` / `sgt-unequal`
from Debian's sgt-puzzles), the two tools interleaved puzzle by puzzle, so
they share the machine's load.  Reports seconds per puzzle (median and
worst), puzzles per minute, and the clue counts of gridcnf's puzzles
(every one minimal at difficulty `any`; at a level, as many as the level
needs).  Star Battle has no peer here: its sizes up to 25x25 with 4 to 6
stars, each puzzle with a time limit.  Then the scaling of one batch:
`--jobs 1` and `--jobs 2`, and two GNU parallel shards (`--start`), each
checked byte for byte against the one-job output.  Writes its section of
RESULTS.md between the markers below.  `--only-attempts`: one Star Battle
at a time with `--jobs 1` and `--jobs 2` (its attempts on two threads),
the same bytes both ways, in a section of its own.  Python 3 standard
library only.

    python3 benchmarks/generation.py --gridcnf build/gridcnf [--reps 5]
        [--sb-reps 5] [--sb-timeout 300] [--only-attempts]
"""
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from stats import write_section  # noqa: E402  (benchmarks/stats.py)

HERE = os.path.dirname(os.path.abspath(__file__))
BEGIN = "<!-- generation.py: begin (written by benchmarks/generation.py) -->"
END = "<!-- generation.py: end -->"
ABEGIN = "<!-- generation.py attempts: begin (written by benchmarks/generation.py --only-attempts) -->"
AEND = "<!-- generation.py attempts: end -->"
SEED = 2026

# (genre, size, gridcnf level, Tatham program, Tatham params)
LATIN = [
    ("skyscrapers", 6, "hard", "sgt-towers", "6dh"),
    ("skyscrapers", 6, "extreme", "sgt-towers", "6dx"),
    ("skyscrapers", 9, "hard", "sgt-towers", "9dh"),
    ("skyscrapers", 9, "extreme", "sgt-towers", "9dx"),
    ("futoshiki", 6, "tricky", "sgt-unequal", "6dk"),
    ("futoshiki", 7, "extreme", "sgt-unequal", "7dx"),
    ("futoshiki", 9, "tricky", "sgt-unequal", "9dk"),
]
# (size, stars); the last four are made of dense puzzles on the diagonal
# (genres/starbattle_blocks.c)
STARBATTLE = [(10, 2), (14, 3), (20, 4), (25, 6), (25, 5),
              (20, 1), (30, 3), (40, 2), (40, 5)]
# (size, stars, seed, puzzles, time limit) for one puzzle at a time on one
# and two threads: grids made whole, where a puzzle takes many attempts
ATTEMPTS = [(20, 4, SEED, 5, 300), (25, 5, SEED, 5, 300), (22, 3, 9, 3, 120)]


def timed(cmd, timeout=None):
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return time.monotonic() - t0, p
    except subprocess.TimeoutExpired:
        return None, None


def clues(rec):
    """Clues and givens of a JSON record: nonzero entries of its arrays
    (not the solution), and Futoshiki's signs."""
    n = 0
    for k, v in rec.items():
        if k in ("solution",) or not isinstance(v, list):
            continue
        if k == "lt":
            n += len(v)
            continue
        for x in v:
            if isinstance(x, list):
                n += sum(1 for y in x if y)
            elif x:
                n += 1
    return n


def gen_cmd(a, genre, size, extra, k, stars=None, level=None):
    cmd = [a.gridcnf, "generate", genre, "--size", str(size), "--seed", str(SEED),
           "--start", str(k), "--number", "1", "--json"] + extra
    if stars:
        cmd += ["--stars", str(stars)]
    if level:
        cmd += ["--difficulty", level]
    return cmd


def stats(ts):
    return statistics.median(ts), max(ts)


def latin(a, tatham):
    rows = []
    for genre, size, level, prog, params in LATIN:
        ours, theirs, nclues, grades = [], [], [], []
        for k in range(1, a.reps + 1):
            t, p = timed(gen_cmd(a, genre, size, [], k, level=level))
            if p and p.returncode == 0 and p.stdout.strip():
                ours.append(t)
                rec = json.loads(p.stdout)
                nclues.append(clues(rec))
                grades.append(rec.get("difficulty"))
            if tatham:
                t, p = timed([os.path.join(tatham, prog), "--generate", "1", params])
                if p and p.returncode == 0:
                    theirs.append(t)
            print("%s %d %s #%d" % (genre, size, level, k), file=sys.stderr)
        om, ow = stats(ours)
        row = "| %s %dx%d | %s | %.3f | %.3f | %.0f | %s |" % (
            genre, size, size, level, om, ow, 60 / om,
            "%d (%d..%d)" % (statistics.median(nclues), min(nclues), max(nclues)))
        if theirs:
            tm, tw = stats(theirs)
            row += " `%s %s` | %.3f | %.3f | %.0f | %.2fx |" % (
                prog, params, tm, tw, 60 / tm, om / tm)
        else:
            row += " - | - | - | - | - |"
        if any(g != level for g in grades):
            row += " grades: %s" % ", ".join(sorted(set(map(str, grades))))
        rows.append(row)
    return rows


def starbattle(a):
    rows = []
    for size, stars in STARBATTLE:
        ts, out = [], 0
        for k in range(1, a.sb_reps + 1):
            t, p = timed(gen_cmd(a, "starbattle", size, ["--timeout", str(a.sb_timeout)],
                                 k, stars=stars), timeout=a.sb_timeout + 60)
            if p is not None and p.returncode == 0 and p.stdout.strip():
                ts.append(t)
            else:
                out += 1
            print("starbattle %d %d #%d: %s" % (size, stars, k,
                                               "%.1f s" % t if t else "out"),
                  file=sys.stderr)
        # a puzzle stopped by the time limit counts as the limit: the
        # median is then a lower bound when it lands there
        every = ts + [a.sb_timeout] * out
        m = statistics.median(every)
        rows.append("| %dx%d, %d star%s | %d of %d | %s%.2f | %s%.2f | %.1f |" % (
            size, size, stars, "" if stars == 1 else "s", len(ts), a.sb_reps,
            ">= " if m >= a.sb_timeout else "", m,
            "> " if out else "", max(every), 60 / m))
    return rows


def attempts(a):
    """One puzzle at a time, --jobs 1 and --jobs 2 interleaved (its
    attempts on two threads); the same bytes both ways."""
    rows = []
    for size, stars, seed, reps, limit in ATTEMPTS:
        one, two, tries = [], [], []
        for k in range(1, reps + 1):
            outs = []
            for jobs, ts in (("1", one), ("2", two)):
                cmd = [a.gridcnf, "generate", "starbattle", "--size", str(size),
                       "--stars", str(stars), "--seed", str(seed), "--start", str(k),
                       "--number", "1", "--json", "--jobs", jobs,
                       "--timeout", str(limit)]
                t, p = timed(cmd, timeout=limit + 60)
                if p is None or p.returncode != 0:
                    t = limit  # stopped: counts as the limit
                    outs.append(None)
                else:
                    outs.append(p.stdout)
                    if jobs == "1":
                        words = p.stderr.split(" attempts,")[0].split()
                        tries.append(int(words[-1]) if "in" in words[-2:] else 1)
                ts.append(t)
                print("attempts %dx%d %d #%d --jobs %s: %.1f s" % (size, size, stars, k,
                                                                jobs, t), file=sys.stderr)
            if None not in outs and outs[0] != outs[1]:
                sys.exit("generation.py: --jobs 2 made another puzzle (%dx%d #%d)" %
                         (size, size, k))
        rows.append("| %dx%d, %d stars, seed %d | %d | %g | %s | %.2f | %.2f | %.1f | %.1f | %.2fx |" % (
            size, size, stars, seed, len(one), limit,
            "%d (%d..%d)" % (statistics.median(tries), min(tries), max(tries)) if tries else "-",
            statistics.median(one), statistics.median(two), sum(one), sum(two),
            sum(one) / sum(two)))
    md = [ABEGIN, "### One Star Battle on two cores: attempts at once", "",
          "`generate starbattle --number 1 --start K --jobs 1` against `--jobs 2` "
          "(fewer puzzles than jobs: the puzzle's attempts run on both threads), "
          "interleaved puzzle by puzzle, with a time limit per puzzle (one stopped "
          "counts as the limit); each pair printed the same bytes. Attempts: how "
          "many the puzzle took (standard error's \"in N attempts\"; stopped ones "
          "not counted). Machine: %s, %d cores (%s)." % (
              platform.machine(), os.cpu_count(), time.strftime("%Y-%m-%d")), "",
          "| puzzles | count | limit s | attempts median (min..max) | s median, 1 thread "
          "| 2 threads | s in all, 1 thread | 2 threads | speed-up in all |",
          "|---|---|---|---|---|---|---|---|---|"] + rows + [
          "", "Rerun: `python3 benchmarks/generation.py --gridcnf build/gridcnf "
          "--only-attempts`.", AEND]
    return "\n".join(md)


def scaling(a):
    """One batch three ways; the outputs must be the same bytes."""
    genre, size, stars, number = "starbattle", 20, 4, a.batch
    base = [a.gridcnf, "generate", genre, "--size", str(size), "--stars", str(stars),
            "--seed", str(SEED), "--json"]
    ways = [("--jobs 1", base + ["--number", str(number)]),
            ("--jobs 2", base + ["--number", str(number), "--jobs", "2"])]
    par = shutil.which("parallel")
    if par:
        half = number // 2
        ways.append(("2 GNU parallel shards (`--start`)",
                     [par, "--will-cite", "-k", "-j2"] + base +
                     ["--number", str(half), "--start", "{}", ":::", "1", str(half + 1)]))
    times = {w: [] for w, _ in ways}
    ref = None
    for rep in range(a.batch_reps):
        for w, cmd in ways:
            t, p = timed(cmd)
            if p.returncode != 0:
                sys.exit("generation.py: %s failed: %s" % (w, p.stderr[-300:]))
            if ref is None:
                ref = p.stdout
            elif p.stdout != ref:
                sys.exit("generation.py: %s printed other bytes" % w)
            times[w].append(t)
            print("batch %s rep %d: %.2f s" % (w, rep + 1, t), file=sys.stderr)
    one = statistics.median(times[ways[0][0]])
    rows = []
    for w, _ in ways:
        m = statistics.median(times[w])
        rows.append("| %s | %.2f (%.2f..%.2f) | %.1f | %.2fx |" % (
            w, m, min(times[w]), max(times[w]), number * 60 / m, one / m))
    return "%dx%d %d-star Star Battles, %d puzzles" % (size, size, stars, number), rows


def replace_latin_rows(results, rows):
    """The section's Skyscrapers and Futoshiki rows replaced by rows (the
    Star Battle and batch tables stay as they were measured)."""
    with open(results) as f:
        text = f.read()
    a, b = text.index(BEGIN), text.index(END)
    lines = text[a:b].split("\n")
    first = next(i for i, x in enumerate(lines)
                 if x.startswith("| skyscrapers") or x.startswith("| futoshiki"))
    last = first
    while last < len(lines) and (lines[last].startswith("| skyscrapers") or
                                 lines[last].startswith("| futoshiki")):
        last += 1
    lines[first:last] = rows
    with open(results, "w") as f:
        f.write(text[:a] + "\n".join(lines) + text[b:])


def replace_sb_rows(results, rows):
    """The section's Star Battle rows replaced by rows (the other tables
    stay as they were measured)."""
    with open(results) as f:
        text = f.read()
    a, b = text.index(BEGIN), text.index(END)
    lines = text[a:b].split("\n")
    first = next(i for i, x in enumerate(lines) if x.startswith("| puzzle | made |")) + 2
    last = first
    while last < len(lines) and lines[last].startswith("| "):
        last += 1
    lines[first:last] = rows
    with open(results, "w") as f:
        f.write(text[:a] + "\n".join(lines) + text[b:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gridcnf", default=os.path.join(HERE, "..", "build", "gridcnf"))
    ap.add_argument("--tatham", default="/usr/games")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--sb-reps", type=int, default=5)
    ap.add_argument("--sb-timeout", type=float, default=300)
    ap.add_argument("--batch", type=int, default=6)
    ap.add_argument("--batch-reps", type=int, default=3)
    ap.add_argument("--results", default=os.path.join(HERE, "RESULTS.md"))
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--only-batch", action="store_true",
                    help="only the batch table (printed, nothing written)")
    ap.add_argument("--only-latin", action="store_true",
                    help="only the Skyscrapers and Futoshiki rows, put in place of "
                         "those of the section already in RESULTS.md")
    ap.add_argument("--only-attempts", action="store_true",
                    help="only one Star Battle at a time on one and two threads, "
                         "in its own section of RESULTS.md")
    ap.add_argument("--only-sb", action="store_true",
                    help="only the Star Battle rows, put in place of those of the "
                         "section already in RESULTS.md")
    a = ap.parse_args()
    if a.only_attempts:
        section = attempts(a)
        print(section)
        if not a.no_write:
            write_section(a.results, ABEGIN, AEND, section)
        return
    if a.only_sb:
        sb = starbattle(a)
        print("\n".join(sb))
        if not a.no_write:
            replace_sb_rows(a.results, sb)
        return
    if a.only_batch:
        what, scale = scaling(a)
        print("\n".join([what, ""] + scale))
        return
    tatham = a.tatham if os.path.exists(os.path.join(a.tatham, "sgt-towers")) else None
    lat = latin(a, tatham)
    if a.only_latin:
        print("\n".join(lat))
        if not a.no_write:
            replace_latin_rows(a.results, lat)
        return
    sb = starbattle(a)
    what, scale = scaling(a)
    md = [BEGIN, "## Generation: `generate` against Tatham's generators", "",
          "Whole processes, one puzzle each (`generate --number 1 --start K`, "
          "seed %d; Tatham's `--generate 1 PARAMS`), the two interleaved puzzle by "
          "puzzle; %d puzzles per row. Every gridcnf puzzle was re-read from its "
          "JSON record and proven unique by a fresh solve before it was printed "
          "(and graded: the time includes the grade). Clues: clues and givens "
          "kept (Futoshiki: givens and signs); at a level, a clue stays while the "
          "level's techniques need it, so these are minimal for that level, not "
          "for uniqueness. Machine: %s, %d cores, shared with other work "
          "(%s)." % (SEED, a.reps, platform.machine(), os.cpu_count(),
                     time.strftime("%Y-%m-%d")), "",
          "| puzzle | level | gridcnf s median | worst | per minute | clues median (min..max) "
          "| Tatham | s median | worst | per minute | gridcnf / Tatham |",
          "|---|---|---|---|---|---|---|---|---|---|---|"] + lat + [
          "", "### Star Battle", "",
          "Difficulty any (the grade is whatever comes out), %d puzzles per row, "
          "`--timeout %g` per puzzle (one stopped counts as the limit in the "
          "median and the worst); the time counts the whole process (the "
          "generation, the fresh proof of uniqueness and the grade). The last "
          "four rows are made of dense puzzles on the diagonal "
          "(`genres/starbattle_blocks.c`)." % (a.sb_reps, a.sb_timeout), "",
          "| puzzle | made | s median | worst | per minute |", "|---|---|---|---|---|"] + sb + [
          "", "### One batch on two cores", "",
          "%s, median of %d runs interleaved; every way printed the same bytes." % (
              what, a.batch_reps), "",
          "| how | wall s median (min..max) | puzzles per minute | speed-up |",
          "|---|---|---|---|"] + scale + [
          "", "Rerun: `python3 benchmarks/generation.py --gridcnf build/gridcnf` "
          "(`--only-sb`: the Star Battle rows alone).", END]
    section = "\n".join(md)
    print(section)
    if a.no_write:
        return
    write_section(a.results, BEGIN, END, section)


if __name__ == "__main__":
    main()
