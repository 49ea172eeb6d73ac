#!/usr/bin/env python3
"""The step path's grades against human graders, its speed and its reasons.

1. Tatham's puzzles: `sgt-towers --generate N <size>d<level>` and
   `sgt-unequal --generate ...` (Debian's sgt-puzzles) at every level;
   Tatham's standalone graders (`towerssolver -g`, `unequalsolver`, built by
   peers/build-tatham.sh) say which level each one is (the requested level
   where the grader gives none); `gridcnf rate` labels them.  Confusion
   matrix, share of equal labels, Spearman between our score and the level.
2. Our generator: `gridcnf generate --difficulty LEVEL`, graded by
   Tatham's grader (the levels it handles: not unreasonable / recursive).
3. Star Battle: a sample of Star Battle Lab's labelled puzzles (a JSON
   lines file with "difficulty", --sbl) against `rate`.
4. Speed: `gridcnf steps --json` on the corpus 9x9 Skyscrapers and
   Futoshiki and 10x10 2-star Star Battles, one process per puzzle,
   repetitions interleaved: median of the per-puzzle medians, whole
   process (wall and CPU) and in-process ("stats.ms").
5. Reason sizes per genre and level (median and worst).

Writes its section of RESULTS.md (between the markers below; bench.py keeps
such sections) and the raw data under out/grades/.  Python 3 standard
library only.

    python3 benchmarks/grades.py [--gridcnf build/gridcnf] [--count 10]
                                 [--sbl benchmarks/out/sbl/sample.jsonl]
"""

import argparse
import collections
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from stats import log, spearman, write_section  # noqa: E402  (benchmarks/stats.py)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
BEGIN = "<!-- grades.py: begin (written by benchmarks/grades.py) -->"
END = "<!-- grades.py: end -->"
TATHAM_BIN = os.path.join(HERE, "out", "tatham", "bin")

GAMES = {
    # game: (sgt binary, genre, Tatham's levels with their letters, sizes)
    "towers": ("sgt-towers", "skyscrapers",
               [("e", "easy"), ("h", "hard"), ("x", "extreme"), ("u", "unreasonable")],
               [5, 6, 7]),
    "unequal": ("sgt-unequal", "futoshiki",
                [("t", "trivial"), ("e", "easy"), ("k", "tricky"), ("x", "extreme"),
                 ("r", "recursive")],
                [5, 6, 7]),
    # Unequal's Adjacent mode (params "6adk"): Tatham's generator and grader
    # as above; our generator makes no Adjacent puzzles (part_generated
    # skips it)
    "adjacent": ("sgt-unequal", "futoshiki",
                 [("t", "trivial"), ("e", "easy"), ("k", "tricky"), ("x", "extreme"),
                  ("r", "recursive")],
                 [5, 6, 7]),
}
MODE = {"adjacent": "a"}  # the letter after the size in Tatham's params


def tatham_grade(game, gid):
    """Tatham's level for a game ID, or None (no grader, a crash, a
    time-out)."""
    exe = os.path.join(TATHAM_BIN, "towerssolver" if game == "towers" else "unequalsolver")
    if not os.path.exists(exe):
        return None
    args = [exe, "-g", gid] if game == "towers" else [exe, gid]
    try:
        p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return None
    m = re.search(r"Difficulty rating: (\w+)|Game has difficulty (\w+)", p.stdout)
    if p.returncode != 0 or not m:
        return None
    return (m.group(1) or m.group(2)).lower()


def rate_lines(gridcnf, lines, fmt=None):
    """gridcnf rate --json on puzzles given as lines; the records in order."""
    args = [gridcnf, "rate", "--json"] + (["--format", fmt] if fmt else []) + ["-"]
    p = subprocess.run(args, input="\n".join(lines) + "\n", stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=7200)
    return [json.loads(x) for x in p.stdout.splitlines() if x.strip()]


def confusion(md, title, levels, pairs):
    """A markdown confusion matrix: rows the human grade, columns ours."""
    md += [f"{title}: rows are the human grade, columns our label.", "",
           "| | " + " | ".join(levels) + " | equal |",
           "| --- |" + " --- |" * (len(levels) + 1)]
    for a in levels:
        row = [sum(1 for x, y in pairs if x == a and y == b) for b in levels]
        tot = sum(row)
        eq = row[levels.index(a)]
        md.append(f"| {a} | " + " | ".join(map(str, row)) +
                  f" | {eq}/{tot} |" if tot else f"| {a} | " + " | ".join(map(str, row)) + " | - |")
    md.append("")


def part_tatham(a, md, summary):
    outdir = os.path.join(a.out, "grades")
    md += ["### Tatham's puzzles", "",
           f"Generated with Debian's sgt-puzzles (`sgt-towers --generate {a.count} 6dh` "
           "and the like), "
           f"{a.count} per size and level; the level is what Tatham's standalone grader "
           "says (the requested one where it says nothing). The game IDs are kept in "
           "`out/grades/`.", ""]
    for game, (binary, genre, levels, sizes) in GAMES.items():
        path = os.path.join(outdir, f"tatham-{game}.txt")
        if not os.path.exists(path) or a.fresh:
            exe = shutil.which(binary) or os.path.join("/usr/games", binary)
            if not os.path.exists(exe):
                md.append(f"{binary} is not installed: no {game} puzzles.\n")
                continue
            lines = []
            for n in sizes:
                for letter, name in levels:
                    p = subprocess.run([exe, "--generate", str(a.count),
                                        f"{n}{MODE.get(game, '')}d{letter}"],
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                       text=True, timeout=3600)
                    for gid in p.stdout.split():
                        lines.append(f"{name} {gid}")
            with open(path, "w") as f:
                f.write("\n".join(lines) + "\n")
        asked, ids = [], []
        for line in open(path):
            if line.strip():
                x, gid = line.split()
                asked.append(x)
                ids.append(gid)
        names = [x for _, x in levels]
        truth = []
        for x, gid in zip(asked, ids):
            g = tatham_grade(game, gid)
            truth.append(g if g in names else x)
        log(f"grades.py: rating {len(ids)} {game} puzzles")
        rated = rate_lines(a.gridcnf, ids, "tatham")
        pairs = [(t, r.get("label")) for t, r in zip(truth, rated)]
        ok = [(t, r) for t, r in zip(truth, rated) if r.get("label")]
        eq = sum(1 for t, r in ok if r["label"] == t)
        rho = spearman([r["score"] for t, r in ok], [names.index(t) for t, r in ok])
        summary[game] = {"puzzles": len(ok), "equal": eq, "spearman": rho}
        md.append(f"**{game.capitalize()}** ({genre}, sizes {', '.join(map(str, sizes))}): "
                  f"{len(ok)} puzzles, label = Tatham's level in {eq} "
                  f"({100 * eq / max(1, len(ok)):.0f} %), Spearman (score, level) "
                  f"{rho:.2f}.\n")
        confusion(md, f"{game.capitalize()}", names, pairs)
        with open(os.path.join(outdir, f"rated-{game}.jsonl"), "w") as f:
            for t, r in zip(truth, rated):
                r["tatham"] = t
                f.write(json.dumps(r) + "\n")


def part_generated(a, md, summary):
    md += ["### Our generator against Tatham's grader", "",
           "`gridcnf generate GENRE --size N --difficulty LEVEL --seed 1 --number K`, "
           "each puzzle converted to a Tatham game ID and graded by his standalone "
           "grader (the levels below unreasonable / recursive, which it cannot "
           "grade reliably).", "",
           "| genre | size | asked | puzzles | Tatham's grade the same | ms per puzzle |",
           "| --- | --- | --- | --- | --- | --- |"]
    total = same = 0
    for game, (binary, genre, levels, sizes) in GAMES.items():
        if game in MODE:
            continue
        for n in (5, 6, 7):
            for _, name in levels[:-1]:
                t0 = time.perf_counter()
                p = subprocess.run([a.gridcnf, "generate", genre, "--size", str(n),
                                    "--difficulty", name, "--seed", "1", "--number",
                                    str(a.gen_count), "--json"],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                   text=True, timeout=3600)
                ms = (time.perf_counter() - t0) * 1000
                recs = [x for x in p.stdout.splitlines() if x.strip()]
                if not recs:
                    md.append(f"| {genre} | {n} | {name} | 0 | (none made) | |")
                    continue
                c = subprocess.run([a.gridcnf, "convert", "--to", "tatham", "-"],
                                   input="\n".join(recs) + "\n", stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True, timeout=600)
                ids = c.stdout.split()
                grades = [tatham_grade(game, gid) for gid in ids]
                k = sum(1 for g in grades if g == name)
                total += len(ids)
                same += k
                md.append(f"| {genre} | {n} | {name} | {len(ids)} | {k} | "
                          f"{ms / max(1, len(ids)):.0f} |")
    summary["generated"] = {"puzzles": total, "equal": same}
    md += ["", f"In all {same} of {total} ({100 * same / max(1, total):.0f} %) get "
           "Tatham's grade equal to the level asked for.", ""]


def part_sbl(a, md, summary):
    if not a.sbl or not os.path.exists(a.sbl):
        md += ["### Star Battle", "", "No Star Battle Lab sample given (--sbl).", ""]
        return
    lines = [x for x in open(a.sbl) if x.strip()]
    recs = [json.loads(x) for x in lines]
    log(f"grades.py: rating {len(lines)} Star Battle Lab puzzles")
    rated = rate_lines(a.gridcnf, lines)
    names = ["easy", "medium", "hard", "expert"]
    pairs = [(r["difficulty"], x.get("label")) for r, x in zip(recs, rated)]
    ok = [(r["difficulty"], x) for r, x in zip(recs, rated) if x.get("label")]
    eq = sum(1 for t, x in ok if x["label"] == t)
    rho = spearman([x["score"] for t, x in ok], [names.index(t) for t, x in ok])
    summary["starbattle"] = {"puzzles": len(ok), "equal": eq, "spearman": rho}
    sizes = collections.Counter((r["n"], r.get("stars", 1)) for r in recs)
    md += ["### Star Battle", "",
           f"{len(ok)} puzzles of Star Battle Lab's collection ({a.sbl_what}), sizes "
           + ", ".join(f"{n}x{n} {m}-star ({k})" for (n, m), k in sorted(sizes.items()))
           + f": label = theirs in {eq} ({100 * eq / max(1, len(ok)):.0f} %), Spearman "
           f"(score, label) {rho:.2f}. The grade's four thresholds (a dozen medium "
           "deductions, one hard, five lookaheads, and with one star four "
           "deductions that are medium or where a region is confined to a line or "
           "a cell sees a whole unit) were fitted on this sample, so that share is "
           "in-sample; fitted on one half and checked on the other (both ways, 20 "
           "random halvings), the same rule agrees on 72 % (67 % to 76 %; 65 % "
           "before the one-star threshold). What separates their labels is how "
           "much of the harder work a puzzle needs more than its single hardest "
           "step: their easy puzzles already use some of our medium deductions, "
           "their medium ones more, their hard ones more again; with one star "
           "their medium puzzles need none of our medium deductions but about a "
           "dozen of the confined kind, which their easy ones do without.", ""]
    confusion(md, "Star Battle Lab", names, pairs)


def run_steps(gridcnf, line):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run([gridcnf, "steps", "--json", "-"], input=line,
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                       timeout=600)
    wall = (time.perf_counter() - t0) * 1000
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) * 1000
    return wall, cpu, json.loads(p.stdout)


def part_speed(a, md, summary):
    classes = []
    for name, pred in (("skyscrapers", lambda r: r["n"] == 9),
                       ("futoshiki", lambda r: r["n"] == 9)):
        path = os.path.join(a.corpus, name + ".jsonl")
        rows = [x for x in open(path) if x.strip() and pred(json.loads(x))]
        classes.append((f"{name} 9x9 (corpus)", rows))
    sb = [x for x in open(os.path.join(a.corpus, "starbattle.jsonl"))
          if x.strip() and json.loads(x)["n"] == 10 and json.loads(x).get("stars") == 2]
    if a.sbl and os.path.exists(a.sbl):
        sb += [x for x in open(a.sbl)
               if x.strip() and json.loads(x)["n"] == 10][: a.sb_speed]
    classes.append(("starbattle 10x10 2-star", sb))
    md += ["### Speed", "",
           f"`gridcnf steps --json` (every reason proven minimal), one process per "
           f"puzzle, {a.reps} repetitions interleaved, the median of each puzzle's "
           "times, then the median over the puzzles. Wall time is what a user waits "
           "for; CPU time (user + system of the process) is what the machine spent, "
           "and the honest figure when other work shares its two cores (the load "
           "average during the run is below). In-process: the record's "
           "`stats.ms`.", "",
           "| class | puzzles | wall ms | CPU ms | in-process ms | slowest wall ms | SAT calls, median |",
           "| --- | --- | --- | --- | --- | --- | --- |"]
    outs = {}
    per = {}
    for rep in range(a.reps):
        for title, rows in classes:
            for i, line in enumerate(rows):
                wall, cpu, out = run_steps(a.gridcnf, line)
                per.setdefault((title, i), []).append((wall, cpu, out["stats"]["ms"]))
                outs[(title, i)] = out
    load = os.getloadavg()
    for title, rows in classes:
        if not rows:
            continue
        w = [statistics.median(x[0] for x in per[(title, i)]) for i in range(len(rows))]
        c = [statistics.median(x[1] for x in per[(title, i)]) for i in range(len(rows))]
        m = [statistics.median(x[2] for x in per[(title, i)]) for i in range(len(rows))]
        sat = [outs[(title, i)]["stats"]["sat_calls"] for i in range(len(rows))]
        summary[title] = {"wall": statistics.median(w), "cpu": statistics.median(c),
                          "inproc": statistics.median(m)}
        md.append(f"| {title} | {len(rows)} | {statistics.median(w):.1f} | "
                  f"{statistics.median(c):.1f} | {statistics.median(m):.1f} | "
                  f"{max(w):.0f} | {statistics.median(sat):g} |")
    md += ["", f"Load average at the end of the run: {load[0]:.1f}, {load[1]:.1f}, "
           f"{load[2]:.1f} (2 CPUs).", ""]
    # reason sizes, from the same paths plus the corpus as a whole
    md += ["### Reason sizes", "",
           "Items per reason (clues, givens, signs, counts, earlier results), over "
           "every step of the corpus puzzles, by the level of the step's technique: "
           "median and worst.", "",
           "| genre | level | steps | median | worst |", "| --- | --- | --- | --- | --- |"]
    for name in ("skyscrapers", "futoshiki", "starbattle"):
        path = os.path.join(a.corpus, name + ".jsonl")
        p = subprocess.run([a.gridcnf, "steps", "--json", path], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True, timeout=7200)
        by = collections.defaultdict(list)
        for x in p.stdout.splitlines():
            r = json.loads(x)
            for st in r.get("steps", []):
                by[st.get("level", "?")].append(len(st["reason"]))
        levels = {"skyscrapers": ["easy", "hard", "extreme", "unreasonable"],
                  "futoshiki": ["trivial", "easy", "tricky", "extreme", "recursive"],
                  "starbattle": ["easy", "medium", "hard", "expert"]}[name]
        for lv in levels:
            if by[lv]:
                md.append(f"| {name} | {lv} | {len(by[lv])} | "
                          f"{statistics.median(by[lv]):g} | {max(by[lv])} |")
    md.append("")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gridcnf", default=os.path.join(REPO, "build", "gridcnf"))
    ap.add_argument("--corpus", default=os.path.join(REPO, "..", "shared", "corpus"))
    ap.add_argument("--results", default=os.path.join(HERE, "RESULTS.md"))
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    ap.add_argument("--count", type=int, default=10,
                    help="Tatham puzzles per size and level")
    ap.add_argument("--gen-count", type=int, default=6,
                    help="our generated puzzles per size and level")
    ap.add_argument("--sbl", default=os.path.join(HERE, "out", "sbl", "sample.jsonl"))
    ap.add_argument("--sbl-what", default="a random sample")
    ap.add_argument("--sb-speed", type=int, default=12,
                    help="10x10 2-star puzzles of the --sbl sample timed")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--fresh", action="store_true", help="new Tatham puzzles")
    ap.add_argument("--only", default="tatham,generated,sbl,speed")
    a = ap.parse_args()
    os.makedirs(os.path.join(a.out, "grades"), exist_ok=True)
    parts = a.only.split(",")
    md = [BEGIN, "## Grades from the step path (`steps`, `rate`, `generate --difficulty`)", "",
          "`gridcnf steps` solves a puzzle the way a person does, easiest technique "
          "first, every step with a minimal reason; `rate` grades by the hardest "
          "technique the path needs (Star Battle: how many of the harder ones), with "
          "the levels of the human graders: Tatham's for Towers (easy, hard, extreme, "
          "unreasonable) and Unequal (trivial, easy, tricky, extreme, recursive), Star "
          "Battle Lab's (easy, medium, hard, expert). `benchmarks/grades.py` measures "
          "how well the labels agree, how fast the path is, and how big its reasons "
          "are.", ""]
    summary = {}
    if "tatham" in parts:
        part_tatham(a, md, summary)
    if "generated" in parts:
        part_generated(a, md, summary)
    if "sbl" in parts:
        part_sbl(a, md, summary)
    if "speed" in parts:
        part_speed(a, md, summary)
    md += ["Rerun: `bash benchmarks/peers/build-tatham.sh; python3 benchmarks/grades.py` "
           "(raw data in `out/grades/`).", END]
    write_section(a.results, BEGIN, END, "\n".join(md), summary=False)
    with open(os.path.join(a.out, "grades", "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    log(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
