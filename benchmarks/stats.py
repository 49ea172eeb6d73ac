"""stats.py: what the benchmark scripts share: rank correlation of grades,
progress messages, and writing a section of RESULTS.md."""
import statistics
import sys


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def ranks(xs):
    """Ranks from 1, ties get the mean of their ranks."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def pearson(a, b):
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    sab = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    sa = sum((x - ma) ** 2 for x in a) ** 0.5
    sb = sum((y - mb) ** 2 for y in b) ** 0.5
    return sab / (sa * sb) if sa and sb else float("nan")


def spearman(a, b):
    return pearson(ranks(a), ranks(b))


def write_section(results, begin, end, section, summary=True):
    """Puts section (from its begin marker to its end marker) into the
    results file in place of the one between those markers, or at its end
    when there is none; then, with summary, rewrites the summary at the top
    (summary.py)."""
    import os
    import subprocess
    text = open(results, encoding="utf-8").read() if os.path.exists(results) else ""
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        text = head + section + rest.split(end, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    with open(results, "w", encoding="utf-8") as f:
        f.write(text)
    if summary:
        here = os.path.dirname(os.path.abspath(__file__))
        subprocess.run([sys.executable, os.path.join(here, "summary.py"), results])
