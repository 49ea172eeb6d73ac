#!/usr/bin/env python3
"""summary.py [RESULTS.md]: writes the one-screen summary at the top of
benchmarks/RESULTS.md from what the file itself says: the targets of the
"Done means" section (run.sh's tables), the plots, and one line per
section below (the generated ones and those other scripts or people keep
between "<!-- NAME: begin" / "<!-- NAME: end -->" markers).  bench.py calls
it after every run; run it by hand after writing a kept section.  The
summary sits between "<!-- summary: begin -->" and "<!-- summary: end -->"
right after the title, and is replaced as a whole.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BEGIN, END = "<!-- summary: begin -->", "<!-- summary: end -->"


def anchor(title):
    """GitHub's anchor for a heading."""
    a = re.sub(r"[^\w\- ]", "", title.strip().lower())
    return a.replace(" ", "-")


def targets(text, series):
    """(classes, median met, worst met, worst misses at >= 20 ms) of a
    series in the Done means section, or None."""
    m = re.search(r"\*\*" + series + r"\*\*: (\d+) classes with a peer\.(.*?)(?=\n\*\*|\n## |\Z)",
                  text, re.S)
    if not m:
        return None
    body = m.group(2)
    med = re.search(r"Median target.*?met in (\d+) of (\d+)", body)
    worst = re.search(r"Worst-case target.*?met in (\d+) of (\d+)", body)
    big = re.search(r"Not met where the best peer's worst is >= 20 ms: (.*)", body)
    misses = len(re.findall(r"\(gridcnf ", big.group(1))) if big else 0
    return (int(m.group(1)), med and int(med.group(1)), worst and int(worst.group(1)), misses)


def median_misses(text, series):
    """["futoshiki 9x9 1.30x tatham", ...] from the series' "Not met:" line."""
    m = re.search(r"\*\*" + series + r"\*\*:.*?Median target.*?\n\s+Not met: (.*?)\n", text, re.S)
    if not m:
        return []
    return [f"{c.strip()} {r} {p}" for c, p, r in
            re.findall(r"([\w* ]+?) \(gridcnf [\d.]+ ms vs (\w+) [\d.]+ ms, ([\d.]+x)\)",
                       m.group(1))]


def summary(text):
    out = [BEGIN, "## Summary", ""]
    mach = re.search(r"^- CPU: (.*)$", text, re.M)
    date = re.search(r"^- date: ([^;]*);", text, re.M)
    if mach:
        out.append(f"Whole processes, medians of interleaved runs, on {mach.group(1)}"
                   + (f" ({date.group(1)})" if date else "") + "; peers timed in the same run.")
        out.append("")
    rows = []
    for series, what in (("Corpus", "published puzzles (`../shared/corpus`)"),
                         ("Scaling series", "generated, up to 25x25 (`../shared/bench`)")):
        t = targets(text, series)
        if t:
            classes, med, worst, big = t
            rows.append(f"| {series}: {what} | {classes} | {med} of {classes} | "
                        f"{worst} of {classes} | {big} |")
    if rows:
        out += ["| puzzles | classes with a peer | gridcnf's median <= best peer's | "
                "gridcnf's worst <= half best peer's | worst-case misses where the peer's "
                "worst is >= 20 ms |", "|---|---|---|---|---|"] + rows + [""]
        for series in ("Corpus", "Scaling series"):
            miss = median_misses(text, series)
            if miss:
                out.append(f"{series}, median misses (gridcnf / best peer): " + "; ".join(miss)
                           + ".")
                out.append("")
        out.append("Details in [Done means](#done-means).")
        out.append("")
    plots = re.findall(r"\[([\w.-]+\.svg)\]\((plots/[\w.-]+\.svg)\)", text)
    scaling = [p for p in plots if p[0].startswith("scaling-")]
    if scaling:
        out.append("Scaling plots (time against size, every tool): "
                   + ", ".join(f"[{n[len('scaling-'):-4]}]({p})" for n, p in scaling) + ".")
        out.append("")
    out.append("Sections below:")
    out.append("")
    for h in re.findall(r"^(#{2,3}) (.+)$", text.split(END)[-1], re.M):
        if h[1] == "Summary":
            continue
        out.append(("  " if h[0] == "###" else "") + f"- [{h[1]}](#{anchor(h[1])})")
    out += ["", END]
    return "\n".join(out)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "RESULTS.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n*", "", text, flags=re.S)
    block = summary(text)
    # after the title and the line under it
    m = re.search(r"\A# .*\n\n[^\n]*\n\n", text)
    at = m.end() if m else 0
    text = text[:at] + block + "\n\n" + text[at:]
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
