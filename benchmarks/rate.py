#!/usr/bin/env python3
"""How well `gridcnf rate` agrees with the difficulty labels of the corpus.

Rates every puzzle of the corpus (`gridcnf rate --json FILE`), joins the
ratings with the records' own `difficulty` labels, and reports per label
set (Tatham's Towers and Unequal grades, the Skyscrapers test names of
SandroWissmann, the Star Battle Lab files) the Spearman rank correlation
between our score and the label's rank, the median score per label and
how our labels fall per label.  Writes its section of RESULTS.md (between
the BEGIN and END markers below, replaced on every run; bench.py keeps
such marked sections when it rewrites the file), a gnuplot SVG into
plots/ and the raw ratings into out/rate.jsonl.  Python 3 standard
library only; gnuplot when installed.

    python3 benchmarks/rate.py [--gridcnf build/gridcnf] [--corpus DIR]
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from stats import log, spearman, write_section  # noqa: E402  (benchmarks/stats.py)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
BEGIN = "<!-- rate.py: begin (written by benchmarks/rate.py) -->"
END = "<!-- rate.py: end -->"

# label set: (title, id prefix, labels from easiest to hardest, genre)
SETS = [
    ("Tatham Towers (skyscrapers)", "tatham-towers-",
     ["Easy", "Hard", "Extreme", "Unreasonable"], "skyscrapers"),
    ("Tatham Unequal (futoshiki)", "tatham-unequal-",
     ["Trivial", "Easy", "Tricky", "Extreme", "Recursive"], "futoshiki"),
    ("SandroWissmann tests (skyscrapers)", "sandro-",
     ["easy", "medium", "hard", "very hard"], "skyscrapers"),
    ("Star Battle Lab (starbattle)", "starbattlelab-",
     ["easy", "medium", "hard", "expert"], "starbattle"),
]
# rate's labels: the genres' levels (README, "Generating and rating puzzles")
OUR_LABELS = {
    "skyscrapers": ["easy", "hard", "extreme", "unreasonable"],
    "futoshiki": ["trivial", "easy", "tricky", "extreme", "recursive"],
    "starbattle": ["easy", "medium", "hard", "expert"],
}


def rate_file(gridcnf, path):
    p = subprocess.run([gridcnf, "rate", "--json", path], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=3600)
    out = {}
    for line in p.stdout.splitlines():
        r = json.loads(line)
        if r.get("id"):
            out[r["id"]] = r
    return out


def plot(groups, svg, work):
    """Score per label, one column of points per label (deterministic
    jitter), a line through the medians of each label set."""
    gp = shutil.which("gnuplot")
    if not gp:
        return "gnuplot is not installed: no plot"
    os.makedirs(os.path.dirname(svg), exist_ok=True)
    os.makedirs(work, exist_ok=True)
    xt, pts, meds, x = [], [], [], 0
    for title, labels, by_label in groups:
        line = []
        for lab in labels:
            x += 1
            xt.append(f'"{title.split(" (")[0].replace("SandroWissmann tests", "Sandro")} {lab}" {x}')
            scores = by_label.get(lab, [])
            for k, s in enumerate(sorted(scores)):
                jitter = ((k * 37) % 11 - 5) / 25.0
                pts.append(f"{x + jitter:.3f} {s}")
            if scores:
                line.append(f"{x} {statistics.median(scores)}")
        meds.append(line)
        x += 1  # a gap between the sets
    dat = os.path.join(work, "rate-points.dat")
    with open(dat, "w") as f:
        f.write("\n".join(pts) + "\n")
    med = os.path.join(work, "rate-medians.dat")
    with open(med, "w") as f:
        f.write("\n\n\n".join("\n".join(m) for m in meds) + "\n")
    script = "\n".join([
        "set terminal svg size 980,520 dynamic font 'sans,11' background rgb 'white'",
        f"set output '{svg}'",
        "set title 'gridcnf rate: score per corpus difficulty label (points: puzzles; line: median per label)' noenhanced",
        "set ylabel 'score (0 .. 100)'",
        "set yrange [-3:103]",
        f"set xrange [0:{x}]",
        "set xtics rotate by -40 left (" + ", ".join(xt) + ") noenhanced",
        "set grid ytics",
        "set key off",
        "set bmargin 9",
        f"plot '{dat}' using 1:2 with points pt 7 ps 0.5 lc rgb '#4477aa', \\",
        f"     '{med}' using 1:2 with linespoints lw 2 pt 5 ps 1 lc rgb '#cc3311'",
        ""])
    gpf = os.path.join(work, "rate.gp")
    with open(gpf, "w") as f:
        f.write(script)
    p = subprocess.run([gp, gpf], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=60)
    if p.returncode != 0:
        return "gnuplot failed: " + p.stderr.strip()[:200]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gridcnf", default=os.path.join(REPO, "build", "gridcnf"))
    ap.add_argument("--corpus", default="/work/shared/corpus")
    ap.add_argument("--results", default=os.path.join(HERE, "RESULTS.md"))
    ap.add_argument("--plots", default=os.path.join(HERE, "plots"))
    ap.add_argument("--out", default=os.path.join(HERE, "out"))
    a = ap.parse_args()
    records, rated = {}, {}
    for name in ("skyscrapers", "futoshiki", "starbattle"):
        path = os.path.join(a.corpus, name + ".jsonl")
        if not os.path.exists(path):
            log(f"rate.py: {path} is missing")
            return 2
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    records[r["id"]] = r
        log(f"rate.py: rating {path}")
        rated.update(rate_file(a.gridcnf, path))
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "rate.jsonl"), "w", encoding="utf-8") as f:
        for pid in sorted(rated):
            f.write(json.dumps(rated[pid], sort_keys=True) + "\n")

    md = [BEGIN, "## Difficulty rating against the corpus labels", "",
          "`gridcnf rate` (README, \"rate\") grades a puzzle by its step path: "
          "the label is the genre's level of the hardest technique the path needs "
          "(Tatham's Towers and Unequal levels; Star Battle Lab's, by counts), the "
          "score 100 (level + f) / levels with f growing with the harder steps and "
          "their reasons. `benchmarks/rate.py` rates every corpus puzzle and "
          "compares the score with the labels the sources give (Spearman's rank "
          "correlation, ties averaged; labels ranked easiest first). Only the "
          "unique puzzles with a label are counted; `benchmarks/grades.py` (its "
          "own section) measures more puzzles.", ""]
    md += ["| label set | puzzles | Spearman (score, label rank) | Spearman within one size, mean | puzzles per label of ours (easiest first) |",
           "| --- | --- | --- | --- | --- |"]
    table2 = ["| label set | label | puzzles | median score | median up_cells / cells | median conflicts |",
              "| --- | --- | --- | --- | --- | --- |"]
    groups = []
    summary = {}
    for title, prefix, labels, genre in SETS:
        rows = []
        for pid, rec in records.items():
            if not pid.startswith(prefix) or rec.get("difficulty") not in labels:
                continue
            r = rated.get(pid)
            if not r or r.get("status") != "unique":
                continue
            rows.append((labels.index(rec["difficulty"]), rec["difficulty"], rec["n"], r))
        if len(rows) < 3:
            continue
        rho = spearman([x[3]["score"] for x in rows], [x[0] for x in rows])
        within = []
        for n in sorted({x[2] for x in rows}):
            sub = [x for x in rows if x[2] == n]
            if len({x[0] for x in sub}) > 1 and len(sub) >= 4:
                v = spearman([x[3]["score"] for x in sub], [x[0] for x in sub])
                if v == v:
                    within.append(v)
        w = f"{statistics.fmean(within):.2f} ({len(within)} sizes)" if within else "n/a"
        ours = [f"{L} {sum(1 for x in rows if x[3]['label'] == L)}"
                for L in OUR_LABELS[genre]]
        md.append(f"| {title} | {len(rows)} | {rho:.2f} | {w} | {', '.join(ours)} |")
        by_label = {}
        for lab in labels:
            sub = [x[3] for x in rows if x[1] == lab]
            if not sub:
                continue
            by_label[lab] = [s["score"] for s in sub]
            table2.append(
                f"| {title} | {lab} | {len(sub)} | {statistics.median(by_label[lab]):.1f} | "
                f"{statistics.median(s['up_cells'] / s['cells'] for s in sub):.2f} | "
                f"{statistics.median(s['conflicts_solve'] + s['conflicts_unique'] for s in sub):g} |")
        groups.append((title, labels, by_label))
        summary[title] = {"puzzles": len(rows), "spearman": rho, "within_size": within}
    svg = os.path.join(a.plots, "rate-labels.svg")
    problem = plot(groups, svg, os.path.join(a.out, "plots"))
    md += ["", "Median score per label:", ""] + table2 + [""]
    if problem:
        md.append(f"Plot: {problem}.")
    else:
        md.append(f"Plot: [{os.path.basename(svg)}]({os.path.relpath(svg, os.path.dirname(a.results))}) "
                  "(every puzzle a point, the medians joined).")
    md += ["", "Raw ratings: `out/rate.jsonl`. Rerun with `python3 benchmarks/rate.py "
           "--gridcnf build/gridcnf` (benchmarks/run.sh keeps this section when it "
           "rewrites RESULTS.md).", END]
    write_section(a.results, BEGIN, END, "\n".join(md), summary=False)
    with open(os.path.join(a.out, "rate-summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    for title, s in summary.items():
        log(f"rate.py: {title}: {s['puzzles']} puzzles, Spearman {s['spearman']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
