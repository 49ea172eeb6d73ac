#!/usr/bin/env python3
"""Benchmark harness for gridcnf (Python 3 standard library only).

Times the whole process `gridcnf solve --json FILE` (solve + proof of
uniqueness) per puzzle, for the default encoding and for every encoding
variant that `gridcnf help encoding` offers, interleaved across repetitions,
puzzles and variants.  Every answer is verified; a wrong answer fails the
benchmark (exit 1) and is never reported as a timing.

Writes RESULTS.md (into --out, or benchmarks/ by default) and raw data
(raw.jsonl, summary.json) into the output directory.  Run it through
benchmarks/run.sh, which builds gridcnf first.
"""

import argparse
import concurrent.futures
import datetime
import glob
import json
import math
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "peers"))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import peerrun  # noqa: E402  (benchmarks/peers/peerrun.py)

REPO = os.path.dirname(HERE)
DEFAULT_CORPUS = "/work/shared/corpus"
DEFAULT_SCALING = "/work/shared/bench"
SPAWN = "spawn"
DEFAULT = "default"
INF = float("inf")


# ---------------------------------------------------------------- helpers

def log(msg):
    print(msg, file=sys.stderr, flush=True)


def sig3(x):
    """A number with 3 significant digits, never in exponent notation."""
    if x is None:
        return "n/a"
    if math.isinf(x):
        return "TO"
    if x == 0:
        return "0"
    digits = 2 - int(math.floor(math.log10(abs(x))))
    r = round(x, digits)
    # rounding can carry into a new digit (9.996 -> 10.0)
    if r != 0:
        digits = 2 - int(math.floor(math.log10(abs(r))))
    if digits <= 0:
        return str(int(round(x, digits)))
    return f"{r:.{digits}f}"


def median(xs):
    xs = sorted(xs)
    if not xs:
        return None
    k = len(xs)
    if k % 2:
        return xs[k // 2]
    a, b = xs[k // 2 - 1], xs[k // 2]
    if math.isinf(a) or math.isinf(b):
        return INF
    return (a + b) / 2


def ratio(a, b):
    if a is None or b is None:
        return None
    if math.isinf(a) and math.isinf(b):
        return None
    if math.isinf(a):
        return INF
    if math.isinf(b):
        return 0.0
    if b == 0:
        return None
    return a / b


def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0 and not math.isinf(x)]
    if not xs:
        return None
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def run_text(cmd):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, timeout=30)
        return (p.stdout or "") + (p.stderr or "")
    except (OSError, subprocess.TimeoutExpired):
        return ""


# ------------------------------------------------------- gridcnf discovery

def gridcnf_genres(exe):
    """Genre names that `gridcnf genres` lists (first word of each line)."""
    p = subprocess.run([exe, "genres"], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=30)
    if p.returncode != 0:
        raise SystemExit(f"bench: `{exe} genres` failed: {p.stderr.strip()}")
    names = []
    for line in p.stdout.splitlines():
        if line.strip() and not line[0].isspace():
            names.append(line.split()[0])
    return names


def norm_genre(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


def parse_encoding_options(help_text, genres):
    """Encoding options from `gridcnf help encoding`.

    Returns a list of dicts {name, kind, values, default, genres, desc}.
    An option's entry looks like
      --amo=auto|pairwise|seq
                          text ... (default auto)
      --edge-units=0|1        Skyscrapers: text ... (default 1)
    A description that starts with a genre's name and a colon limits the
    option to that genre.  Continuation lines are joined.
    """
    entries = []
    for line in help_text.splitlines():
        m = re.match(r"^\s+--([a-z0-9][a-z0-9-]*)=(\S+)\s*(.*)$", line)
        if m:
            entries.append([m.group(1), m.group(3).strip(), m.group(2)])
        elif entries and line.startswith("    ") and line.strip():
            entries[-1][1] += " " + line.strip()
        elif entries and not line.strip():
            break
    # the values in the description's form, as the parser below reads it
    entries = [[name, re.sub(r"\(default (\S+)\)$", "(" + vals + r"; default \1)",
                             desc.strip())]
               for name, desc, vals in entries]
    by_norm = {norm_genre(g): g for g in genres}
    opts = []
    for name, desc in entries:
        o = {"name": name, "desc": desc, "kind": "other", "values": [],
             "default": None, "genres": None}
        m = re.search(r"\(([^()]*?);\s*default\s+([^)\s]+)\s*\)", desc)
        if m:
            vals = [v.strip() for v in m.group(1).split("|") if v.strip()]
            o["default"] = m.group(2)
            if sorted(vals) == ["0", "1"]:
                o["kind"] = "bool"
            elif len(vals) > 1 and all(re.match(r"^[A-Za-z][\w-]*$", v) for v in vals):
                o["kind"] = "enum"
            o["values"] = vals
        gm = re.match(r"^([A-Za-z][A-Za-z ]*?):", desc)
        if gm and norm_genre(gm.group(1)) in by_norm:
            o["genres"] = [by_norm[norm_genre(gm.group(1))]]
        elif gm and norm_genre(gm.group(1)) not in ("", "cnf"):
            # a genre gridcnf does not list (yet): the option applies to none
            o["genres"] = [norm_genre(gm.group(1))]
        opts.append(o)
    return opts


def unlisted_genre_warnings(opts, listed):
    """One warning per option limited to a genre gridcnf does not list: a
    help line starting "Word: ..." is read as a genre, and such an option's
    variant would silently never run."""
    out = []
    for o in opts:
        unknown = [g for g in (o["genres"] or []) if g not in listed]
        if unknown:
            out.append(f"bench: warning: --{o['name']} is limited to "
                       f"{', '.join(unknown)}, which gridcnf does not list: not run")
    return out


def derive_variants(opts):
    """One variant per non-default setting of each encoding option.

    Boolean options are flipped (--no-NAME when the default is on, --NAME
    when it is off); enumerations get NAME=VALUE for each value that is
    neither the default nor "auto".  Options of another form are listed
    as not benchmarked.
    """
    variants = [{"name": DEFAULT, "flags": [], "genres": None}]
    skipped = []
    for o in opts:
        if o["kind"] == "bool":
            if o["default"] == "1":
                variants.append({"name": "no-" + o["name"],
                                 "flags": ["--no-" + o["name"]],
                                 "genres": o["genres"]})
            else:
                variants.append({"name": o["name"], "flags": ["--" + o["name"]],
                                 "genres": o["genres"]})
        elif o["kind"] == "enum":
            for v in o["values"]:
                if v in (o["default"], "auto"):
                    continue
                variants.append({"name": f"{o['name']}={v}",
                                 "flags": [f"--{o['name']}={v}"],
                                 "genres": o["genres"]})
        else:
            skipped.append(o["name"])
    return variants, skipped


# ------------------------------------------------------------------ data

def class_key(rec):
    g = rec["genre"]
    n = rec["n"]
    if g == "starbattle":
        return f"starbattle {rec.get('stars')}* {n}x{n}"
    key = f"{g} {n}x{n}"
    if rec.get("boxes"):
        a, b = rec["boxes"]
        key += f" boxes {a}x{b}"
    return key


def class_sort_key(cls):
    parts = cls.split()
    genre = parts[0]
    stars = 0
    size = 0
    for p in parts[1:]:
        if p.endswith("*"):
            stars = int(p[:-1])
        elif re.match(r"^\d+x\d+$", p) and size == 0:
            size = int(p.split("x")[0])
    return (genre, stars, size, cls)


def load_records(paths):
    recs = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                line = line.strip()
                if not line:
                    continue
                r = json.loads(line)
                r["_line"] = line
                r["_file"] = os.path.basename(path)
                recs.append(r)
    return recs


def sample(recs, k):
    """At most k records, evenly spaced over the records sorted by id.

    When the class has puzzles with several solutions and none was picked,
    the middle one of them replaces the last pick (or is added when k = 1),
    so that the uniqueness verdict "multiple" is exercised in every class
    that has such puzzles.
    """
    recs = sorted(recs, key=lambda r: r["id"])
    if k is None or len(recs) <= k:
        return recs
    idx = sorted({(i * len(recs)) // k for i in range(k)})
    chosen = [recs[i] for i in idx]
    multi = [r for r in recs if r.get("unique") is False]
    if multi and not any(r.get("unique") is False for r in chosen):
        pick = multi[len(multi) // 2]
        if len(chosen) >= 2:
            chosen[-1] = pick
        else:
            chosen.append(pick)
        chosen.sort(key=lambda r: r["id"])
    return chosen


# ------------------------------------------------------ independent checks

def visible(seq):
    seen, top = 0, 0
    for v in seq:
        if v > top:
            seen, top = seen + 1, v
    return seen


def is_grid(g, n, lo, hi):
    return (isinstance(g, list) and len(g) == n and
            all(isinstance(row, list) and len(row) == n and
                all(isinstance(v, int) and lo <= v <= hi for v in row)
                for row in g))


def latin_ok(g, n):
    full = set(range(1, n + 1))
    for i in range(n):
        if set(g[i]) != full or {g[r][i] for r in range(n)} != full:
            return False
    return True


def givens_ok(rec, g, n):
    gv = rec.get("givens")
    if not gv:
        return True
    return all(gv[r][c] in (0, g[r][c]) for r in range(n) for c in range(n))


def check_skyscrapers(rec, g):
    n = rec["n"]
    if not is_grid(g, n, 1, n):
        return "not an n x n grid of 1..n"
    if not latin_ok(g, n):
        return "not a Latin square"
    if not givens_ok(rec, g, n):
        return "a given is changed"
    cols = [[g[r][c] for r in range(n)] for c in range(n)]
    for side, lines in (("top", cols), ("bottom", [c[::-1] for c in cols]),
                        ("left", g), ("right", [row[::-1] for row in g])):
        clues = rec.get(side) or [0] * n
        for i, clue in enumerate(clues):
            if clue and visible(lines[i]) != clue:
                return f"clue {side}[{i}]={clue} sees {visible(lines[i])}"
    if rec.get("boxes"):
        a, b = rec["boxes"]
        for br in range(0, n, a):
            for bc in range(0, n, b):
                box = {g[r][c] for r in range(br, br + a) for c in range(bc, bc + b)}
                if box != set(range(1, n + 1)):
                    return f"box at ({br},{bc}) is not 1..n"
    return None


def check_starbattle(rec, g):
    n, m = rec["n"], rec["stars"]
    reg = rec["regions"]
    if not is_grid(g, n, 0, 1):
        return "not an n x n grid of 0/1"
    for i in range(n):
        if sum(g[i]) != m:
            return f"row {i} has {sum(g[i])} stars"
        if sum(g[r][i] for r in range(n)) != m:
            return f"column {i} has the wrong number of stars"
    count = {}
    for r in range(n):
        for c in range(n):
            if g[r][c]:
                if reg[r][c] < 0:
                    return f"star at ({r},{c}) in no region"
                count[reg[r][c]] = count.get(reg[r][c], 0) + 1
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        rr, cc = r + dr, c + dc
                        if (dr or dc) and 0 <= rr < n and 0 <= cc < n and g[rr][cc]:
                            return f"stars touch at ({r},{c})"
    ids = {reg[r][c] for r in range(n) for c in range(n) if reg[r][c] >= 0}
    for i in ids:
        if count.get(i, 0) != m:
            return f"region {i} has {count.get(i, 0)} stars"
    return None


def check_futoshiki(rec, g):
    n = rec["n"]
    if not is_grid(g, n, 1, n):
        return "not an n x n grid of 1..n"
    if not latin_ok(g, n):
        return "not a Latin square"
    if not givens_ok(rec, g, n):
        return "a given is changed"
    for r1, c1, r2, c2 in rec.get("lt") or []:
        if not g[r1][c1] < g[r2][c2]:
            return f"inequality ({r1},{c1})<({r2},{c2}) broken"
    return None


CHECKERS = {"skyscrapers": check_skyscrapers, "starbattle": check_starbattle,
            "futoshiki": check_futoshiki}


def verify(rec, out):
    """None if the answer `out` (parsed JSON) is right for `rec`, else why."""
    st = out.get("status")
    if out.get("id") != rec["id"]:
        return f"answer id {out.get('id')!r} is not the puzzle's"
    if st not in ("unique", "multiple"):
        return f"status {st!r}"
    sol = out.get("solution")
    check = CHECKERS.get(rec["genre"])
    if check:
        why = check(rec, sol)
        if why:
            return f"solution breaks the rules: {why}"
    if st == "multiple":
        sec = out.get("second")
        if sec is None:
            return "status multiple without a second solution"
        if sec == sol:
            return "second solution equals the first"
        if check:
            why = check(rec, sec)
            if why:
                return f"second solution breaks the rules: {why}"
    u = rec.get("unique")
    if u is True:
        if st != "unique":
            return f"status {st} but the puzzle is unique"
        if sol != rec["solution"]:
            return "solution differs from the known one"
    elif u is False:
        if st != "multiple":
            return f"status {st} but the puzzle has several solutions"
    else:
        # planted solution: if the answer is unique it must be the planted one
        if st == "unique" and rec.get("solution") and sol != rec["solution"]:
            return "status unique but the solution is not the planted one"
    return None


# -------------------------------------------------------------- one run

def run_once(cmd, timeout):
    # the peers' runner: the same process start, wait and timeout for all
    return peerrun.run_proc(cmd, timeout)


def interpret(rec, res):
    """Adds status/stats/error to a gridcnf run result."""
    if res["to"]:
        res["status"] = "TO"
        return res
    lines = [l for l in res["stdout"].splitlines() if l.strip()]
    out = None
    if len(lines) == 1:
        try:
            out = json.loads(lines[0])
        except ValueError:
            out = None
    if out is None or not isinstance(out, dict):
        res["status"] = "crash" if (res["rc"] or 0) < 0 else "bad-output"
        res["error"] = (f"exit {res['rc']}, {len(lines)} output lines; stderr: "
                        + res["stderr"].strip()[:300])
        return res
    res["status"] = out.get("status")
    res["stats"] = out.get("stats") or {}
    res["solution"] = out.get("solution")
    why = verify(rec, out)
    if why is None:
        want_rc = {"unique": 0, "multiple": 2}[out["status"]]
        if res["rc"] != want_rc:
            why = f"exit code {res['rc']} for status {out['status']} (expected {want_rc})"
    if why:
        res["error"] = why + (f"; stderr: {res['stderr'].strip()[:300]}"
                              if res["stderr"].strip() else "")
    return res


def run_peer(pr, rec, ctx, timeout):
    """One timed run of a peer; its answer is checked like gridcnf's."""
    a = pr.run(rec, ctx, timeout)
    res = {"ms": a["ms"], "to": a["to"], "rc": None, "status": a["status"]}
    if a["to"]:
        res["status"] = "TO"
        return res
    if a["error"]:
        res["error"] = a["error"]
        return res
    if a.get("no_second_ok") and a["status"] == "multiple":
        # Tatham's solvers state "multiple" but print no second solution
        if rec.get("unique") is True:
            res["error"] = "status multiple but the puzzle is unique"
        return res
    out = {"id": rec["id"], "status": a["status"], "solution": a["solution"],
           "second": a["second"]}
    why = verify(rec, out)
    if why:
        res["error"] = why
    return res


# --------------------------------------------------------------- report

def machine_info(exe):
    info = {}
    info["nproc"] = (run_text(["nproc"]).strip() or str(os.cpu_count()))
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    info["cpu"] = model
    mem = "unknown"
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal"):
                    kb = int(line.split()[1])
                    mem = f"{kb / 1024 / 1024:.1f} GiB"
                    break
    except OSError:
        pass
    info["memory"] = mem
    info["kernel"] = platform.release()
    info["gridcnf"] = run_text([exe, "--version"]).strip() or "unknown"
    cad = None
    if shutil.which("cadical"):
        v = run_text(["cadical", "--version"]).strip()
        if v:
            cad = f"`cadical --version`: {v}"
    dp = run_text(["dpkg-query", "-W", "libcadical-dev"]).strip()
    if dp and "no packages" not in dp.lower():
        parts = dp.split()
        lib = f"linked library: {parts[0]} {parts[1] if len(parts) > 1 else ''}".strip()
        cad = f"{cad}; {lib}" if cad else lib
    info["cadical"] = cad or "unknown"
    rev = run_text(["git", "-C", REPO, "rev-parse", "--short", "HEAD"]).strip()
    if rev and re.match(r"^[0-9a-f]+$", rev):
        dirty = run_text(["git", "-C", REPO, "status", "--porcelain",
                          "--untracked-files=no"]).strip()
        info["source"] = rev + (" + uncommitted changes in the tree" if dirty else "")
    else:
        info["source"] = "unknown"
    info["python"] = platform.python_version()
    return info


def cell(med, worst, base=None, to=0, total=0):
    s = f"{sig3(med)} ({sig3(worst)})"
    if base is not None:
        r = ratio(med, base)
        s += f" [{sig3(r)}]" if r is not None else " [n/a]"
    if to:
        s += f" **{to}/{total} TO**"
    return s


def summarize(classes, variants, per):
    """per[(pid, variant)] = list of ms; returns class rows."""
    rows = []
    for cls, recs in classes:
        row = {"class": cls, "puzzles": len(recs), "total": None, "v": {}}
        for v in variants + [{"name": SPAWN}, {"name": "inproc"}]:
            meds, tos = [], 0
            for r in recs:
                xs = per.get((r["id"], v["name"]))
                if xs is None:
                    continue
                m = median(xs)
                meds.append(m)
                if any(math.isinf(x) for x in xs):
                    tos += 1
            if meds:
                row["v"][v["name"]] = {"med": median(meds), "worst": max(meds),
                                       "to": tos, "n": len(meds)}
        rows.append(row)
    return rows


def table(rows, variants, title_counts):
    names = [v["name"] for v in variants if v["name"] != DEFAULT]
    names = [n for n in names if any(n in r["v"] for r in rows)]
    head = ["class", "puzzles", "default ms med (worst)",
            "in-process ms med (worst) [x default]"]
    head += [f"{n} ms med (worst) [x default]" for n in names]
    head += ["spawn ms med (worst)"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        d = r["v"].get(DEFAULT)
        base = d["med"] if d else None
        cells = [r["class"], title_counts.get(r["class"], str(r["puzzles"]))]
        cells.append(cell(d["med"], d["worst"], None, d["to"], d["n"]) if d else "n/a")
        ip = r["v"].get("inproc")
        cells.append(cell(ip["med"], ip["worst"], base) if ip else "n/a")
        for n in names:
            x = r["v"].get(n)
            cells.append(cell(x["med"], x["worst"], base, x["to"], x["n"]) if x else "n/a")
        sp = r["v"].get(SPAWN)
        cells.append(cell(sp["med"], sp["worst"]) if sp else "n/a")
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out), names


def phase_table(classes, phases):
    out = ["| class | vars | clauses | parse ms | encode ms | solve ms | unique ms |",
           "|---|---|---|---|---|---|---|"]
    for cls, recs in classes:
        cols = {k: [] for k in ("vars", "clauses", "parse_ms", "encode_ms",
                                "solve_ms", "unique_ms")}
        for r in recs:
            for k in cols:
                xs = phases.get((r["id"], k))
                if xs:
                    cols[k].append(median(xs))
        if not cols["vars"]:
            continue
        cells = [cls]
        for key, xs in cols.items():
            m = median(xs)
            cells.append(str(int(round(m))) if key in ("vars", "clauses") else sig3(m))
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def findings(label, rows, variants, names, lines):
    """Sentences computed from the numbers of one table."""
    drows = [r for r in rows if DEFAULT in r["v"]]
    if not drows:
        return
    lines.append(f"**{label}**")
    lines.append("")
    # where the time goes
    slow = max(drows, key=lambda r: (r["v"][DEFAULT]["med"], r["v"][DEFAULT]["worst"]))
    worst = max(drows, key=lambda r: r["v"][DEFAULT]["worst"])
    lines.append(
        f"- Default: class medians range from "
        f"{sig3(min(r['v'][DEFAULT]['med'] for r in drows))} ms to "
        f"{sig3(slow['v'][DEFAULT]['med'])} ms ({slow['class']}); the worst single "
        f"puzzle takes {sig3(worst['v'][DEFAULT]['worst'])} ms ({worst['class']}).")
    tos = sum(r["v"][DEFAULT]["to"] for r in drows)
    if tos:
        lines.append(f"- Default: {tos} puzzle(s) time out.")
    shares, overheads = [], []
    for r in drows:
        ip, d, sp = r["v"].get("inproc"), r["v"][DEFAULT], r["v"].get(SPAWN)
        if ip and not math.isinf(d["med"]) and d["med"] > 0:
            shares.append(ip["med"] / d["med"])
            overheads.append(d["med"] - ip["med"])
    if shares:
        small = [r["class"] for r in drows if r["v"].get("inproc") and
                 not math.isinf(r["v"][DEFAULT]["med"]) and
                 r["v"]["inproc"]["med"] < 0.5 * r["v"][DEFAULT]["med"]]
        lines.append(
            f"- In-process work (encode + solve + unique) is a median "
            f"{sig3(100 * median(shares))} % of the whole process time "
            f"(range {sig3(100 * min(shares))}-{sig3(100 * max(shares))} %); the rest, "
            f"a median {sig3(median(overheads))} ms per puzzle, is process start, "
            f"reading and output. It is under half of the process time in "
            f"{len(small)} of {len(drows)} classes.")
    sp = [r["v"][SPAWN]["med"] for r in drows if SPAWN in r["v"]]
    if sp:
        lines.append(f"- The process floor (`/bin/true` through the same harness) is "
                     f"{sig3(median(sp))} ms (median of class medians).")
    genres_here = sorted({r["class"].split()[0] for r in drows})
    for n in names:
        for g in genres_here:
            pairs = []
            for r in drows:
                x = r["v"].get(n)
                if x and r["class"].split()[0] == g:
                    rr = ratio(x["med"], r["v"][DEFAULT]["med"])
                    if rr is not None:
                        pairs.append((rr, r))
            if not pairs:
                continue
            faster = [p for p in pairs if p[0] < 0.95]
            slower = [p for p in pairs if p[0] > 1.05]
            gm = geomean([p[0] for p in pairs])
            verdict = ("faster than" if gm is not None and gm < 0.95 else
                       "slower than" if gm is not None and gm > 1.05 else
                       "about as fast as")
            s = (f"- `{n}` on {g}: {verdict} the default (geometric mean of the "
                 f"class-median ratios {sig3(gm)} over {len(pairs)} classes); more than 5 % "
                 f"faster in {len(faster)}, more than 5 % slower in {len(slower)}")
            if len(pairs) > 1:
                best = min(pairs, key=lambda p: p[0])
                worst_p = max(pairs, key=lambda p: p[0])
                s += (f"; from {sig3(best[0])} ({best[1]['class']}) to "
                      f"{sig3(worst_p[0])} ({worst_p[1]['class']})")
                # the first and the last class in size order show a trend, if any
                first, last = pairs[0], pairs[-1]
                if last[0] > 1.25 * first[0] and last[0] > 1.05:
                    s += (f"; the ratio grows with size, {sig3(first[0])} at "
                          f"{first[1]['class']} to {sig3(last[0])} at {last[1]['class']}")
                elif last[0] < first[0] / 1.25 and last[0] < 0.95:
                    s += (f"; the ratio falls with size, {sig3(first[0])} at "
                          f"{first[1]['class']} to {sig3(last[0])} at {last[1]['class']}")
            s += "."
            wr = [ratio(r["v"][n]["worst"], r["v"][DEFAULT]["worst"]) for _, r in pairs]
            gw = geomean(wr)
            if gw is not None:
                s += f" On each class's worst puzzle the geometric-mean ratio is {sig3(gw)}."
            to = sum(r["v"][n]["to"] for _, r in pairs)
            if to:
                s += f" {to} puzzle(s) time out with it."
            lines.append(s)
    lines.append("")


# ------------------------------------------------------------ peer report

PEER_TEXT = """\
The peers run in the same interleaved loop as gridcnf's variants (for each repetition, for \
each puzzle, for each tool, in an order shuffled anew for every puzzle), with the same \
repetitions, puzzles and timeout. Every peer must decide uniqueness, and every answer is \
checked like gridcnf's (the known solution; the verdict unique / multiple; a `multiple` must \
come with a second valid solution, except Tatham's, whose own "multiple" statement is taken; \
all tools must agree on each puzzle's verdict). A wrong answer fails the benchmark. What is \
timed (wall time of the processes, input files written beforehand and not timed, as \
gridcnf's puzzle file is):

- `clingo`: `clingo --outf=2 --models 2 MODEL.lp FACTS.lp`, one process; models \
`models/{skyscrapers,futoshiki,starbattle}.lp`, facts written per puzzle by `gridcnf \
convert --to asp`. One \
model found with the search exhausted = unique, two = multiple.
- `minizinc`: `fzn-gecode -n 2 F.fzn`, one process: Gecode on the FlatZinc that \
`minizinc --solver gecode -c MODEL.mzn DATA.dzn` compiled once per puzzle before the timed \
runs (models `models/*.mzn`, data written per puzzle by `gridcnf convert --to dzn`). The \
compilation is not \
timed (its cost is given below), as in `shared/design/performance-anchors.md`.
- `minisat`, `picosat`, `cryptominisat5`, `cadical`: the SAT solvers on gridcnf's own \
DIMACS, three processes timed and added up: `gridcnf cnf -o F.cnf PUZZLE` (writing the \
DIMACS), the solver on F.cnf (first model), and the solver on F.cnf plus one clause that \
blocks the first model's cell assignment (UNSAT = unique; SAT = a second solution). Reading \
the first model and writing the blocked copy happen between the timed processes, in the \
harness, untimed. Options: `minisat -verb=0`, `picosat`, `cryptominisat5 --verb 0 \
--threads 1`, `cadical -q`.
- `tatham`: Simon Tatham's standalone `towerssolver GAME-ID` (Skyscrapers) and \
`unequalsolver GAME-ID` (Futoshiki), one process, built by `benchmarks/peers/build-tatham.sh` \
from Debian's sgt-puzzles source package. The Tatham records of the corpus use their own ID \
(`raw`); the others are written as IDs by `benchmarks/peers/peerrun.py`. `unequalsolver` \
always prints its deduction log (there is no quiet mode); that is part of its time.

All peers run single-threaded (their defaults; CryptoMiniSat is told `--threads 1`).\
"""


NOISE_MS = 20.0  # below this a peer's worst case is start-up noise (design note)


def best_peer(row, peers, field):
    """(peer name, value) with the lowest class `field` among the peers that
    ran on every puzzle of the class, or (None, None)."""
    best = (None, None)
    for pr in peers:
        x = row["v"].get("peer:" + pr.name)
        if not x or x["n"] < row["puzzles"]:
            continue
        v = x[field]
        if best[1] is None or v < best[1]:
            best = (pr.name, v)
    return best


def targets(row, peers):
    """The 'Done means' check of one class, or None without a peer."""
    d = row["v"].get(DEFAULT)
    if not d:
        return None
    bm_name, bm = best_peer(row, peers, "med")
    bw_name, bw = best_peer(row, peers, "worst")
    if bm_name is None:
        return None
    return {"class": row["class"], "med": d["med"], "worst": d["worst"],
            "best_med": bm, "best_med_by": bm_name,
            "best_worst": bw, "best_worst_by": bw_name,
            "med_ok": d["med"] <= bm,
            "worst_ok": d["worst"] <= bw / 2 if not math.isinf(bw) else True,
            "noise": (not math.isinf(bw)) and bw < NOISE_MS}


def peer_table(rows, peers, title_counts):
    names = [pr.name for pr in peers if any("peer:" + pr.name in r["v"] for r in rows)]
    head = ["class", "puzzles", "gridcnf ms med (worst)"]
    head += [f"{n} ms med (worst) [x gridcnf]" for n in names]
    head += ["best peer med", "best peer worst", "gridcnf med <= best med",
             "gridcnf worst <= best worst / 2"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        d = r["v"].get(DEFAULT)
        base = d["med"] if d else None
        cells = [r["class"], title_counts.get(r["class"], str(r["puzzles"]))]
        cells.append(cell(d["med"], d["worst"], None, d["to"], d["n"]) if d else "n/a")
        for n in names:
            x = r["v"].get("peer:" + n)
            if not x:
                cells.append("n/a")
                continue
            s = f"{sig3(x['med'])} ({sig3(x['worst'])})"
            rr = ratio(x["med"], base)
            s += f" [{sig3(rr)}]" if rr is not None else " [n/a]"
            if x["to"]:
                s += f" **{x['to']}/{x['n']} TO**"
            if x["n"] < r["puzzles"]:
                s += f" ({x['n']} of {r['puzzles']} puzzles)"
            cells.append(s)
        t = targets(r, peers)
        if t is None:
            cells += ["n/a", "n/a", "n/a", "n/a"]
        else:
            cells.append(f"{t['best_med_by']} {sig3(t['best_med'])}")
            cells.append(f"{t['best_worst_by']} {sig3(t['best_worst'])}")
            cells.append(("yes" if t["med_ok"] else "**no**")
                         + f" ({sig3(ratio(t['med'], t['best_med']))}x)")
            w = ("yes" if t["worst_ok"] else "**no**") + \
                f" ({sig3(ratio(t['worst'], t['best_worst']))}x)"
            if t["noise"]:
                w += " (peer worst < 20 ms)"
            cells.append(w)
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def done_means(label, rows, peers, lines):
    ts = [t for t in (targets(r, peers) for r in rows) if t]
    if not ts:
        lines.append(f"**{label}**: no class has a peer that ran on all its puzzles.")
        lines.append("")
        return
    med_bad = [t for t in ts if not t["med_ok"]]
    w_bad = [t for t in ts if not t["worst_ok"]]
    w_bad_real = [t for t in w_bad if not t["noise"]]
    lines.append(f"**{label}**: {len(ts)} classes with a peer.")
    lines.append("")
    lines.append(f"- Median target (gridcnf's class median <= the best peer's class median): "
                 f"met in {len(ts) - len(med_bad)} of {len(ts)} classes.")
    if med_bad:
        lines.append("  Not met: " + "; ".join(
            f"{t['class']} (gridcnf {sig3(t['med'])} ms vs {t['best_med_by']} "
            f"{sig3(t['best_med'])} ms, {sig3(ratio(t['med'], t['best_med']))}x)"
            for t in med_bad) + ".")
    lines.append(f"- Worst-case target (gridcnf's worst puzzle <= half the best peer's worst "
                 f"puzzle): met in {len(ts) - len(w_bad)} of {len(ts)} classes; of the "
                 f"{len(w_bad)} misses, {len(w_bad) - len(w_bad_real)} are classes where the "
                 f"best peer's worst is under {NOISE_MS:.0f} ms (process start-up noise; the "
                 f"design notes apply this target only at >= {NOISE_MS:.0f} ms).")
    if w_bad_real:
        lines.append(f"  Not met where the best peer's worst is >= {NOISE_MS:.0f} ms: " + "; ".join(
            f"{t['class']} (gridcnf {sig3(t['worst'])} ms vs {t['best_worst_by']} "
            f"{sig3(t['best_worst'])} ms, limit {sig3(t['best_worst'] / 2)} ms)"
            for t in w_bad_real) + ".")
    noise = [t for t in w_bad if t["noise"]]
    if noise:
        lines.append(f"  Not met, best peer's worst under {NOISE_MS:.0f} ms: " + "; ".join(
            f"{t['class']} ({sig3(t['worst'])} vs {t['best_worst_by']} "
            f"{sig3(t['best_worst'])})" for t in noise) + ".")
    lines.append("")


def plot_groups(rows):
    """Classes grouped by genre (and stars, boxes), each with 2+ sizes."""
    groups = {}
    for r in rows:
        parts = r["class"].split()
        genre = parts[0]
        n = None
        tag = genre
        for p in parts[1:]:
            if p.endswith("*"):
                tag = f"{genre}-{p[:-1]}star"
            elif re.match(r"^\d+x\d+$", p) and n is None:
                n = int(p.split("x")[0])
        if "boxes" in parts:
            tag = f"{genre}-boxes"
        groups.setdefault(tag, []).append((n, r))
    return {t: sorted(g, key=lambda x: x[0]) for t, g in groups.items() if len(g) >= 2}


def make_plots(section, rows, peers, plot_dir, work_dir, md_dir):
    """SVG plots (gnuplot) of class median vs n, log scale, a line per tool.
    Returns markdown lines."""
    gp = shutil.which("gnuplot")
    if not gp:
        return [f"- {section}: skipped, gnuplot is not installed (run.sh installs gnuplot-nox)."]
    os.makedirs(plot_dir, exist_ok=True)
    os.makedirs(work_dir, exist_ok=True)
    tools = [("gridcnf", DEFAULT)] + [(pr.name, "peer:" + pr.name) for pr in peers] + \
        [("process floor (/bin/true)", SPAWN)]
    out = []
    for tag, items in sorted(plot_groups(rows).items()):
        present = [(label, key) for label, key in tools
                   if any(key in r["v"] for _, r in items)]
        base = f"{section.lower().split()[0]}-{tag}"
        dat = os.path.join(work_dir, base + ".dat")
        with open(dat, "w") as f:
            for n, r in items:
                vals = []
                for _, key in present:
                    x = r["v"].get(key)
                    vals.append("NaN" if not x or math.isinf(x["med"]) or x["med"] <= 0
                                else f"{x['med']:.4f}")
                f.write(f"{n} " + " ".join(vals) + "\n")
        svg = os.path.join(plot_dir, base + ".svg")
        plots = []
        for i, (label, key) in enumerate(present):
            style = "linespoints lw 2" if key == DEFAULT else "linespoints"
            if key == SPAWN:
                style = "lines dashtype 2 lc rgb 'gray'"
            plots.append(f"'{dat}' using 1:{i + 2} with {style} title '{label}'")
        title = f"{section}: {tag.replace('-', ' ')}, class median per puzzle (TO omitted)"
        script = "\n".join([
            "set terminal svg size 820,480 dynamic font 'sans,12' background rgb 'white'",
            f"set output '{svg}'",
            f"set title '{title}' noenhanced",
            "set logscale y",
            "set xlabel 'n (grid side)'",
            "set ylabel 'ms, whole process (solve + uniqueness)'",
            "set key outside right top noenhanced",
            "set grid",
            "set datafile missing 'NaN'",
            "plot " + ", \\\n     ".join(plots),
            ""])
        gpf = os.path.join(work_dir, base + ".gp")
        with open(gpf, "w") as f:
            f.write(script)
        p = subprocess.run([gp, gpf], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, timeout=60)
        if p.returncode != 0 or not os.path.exists(svg):
            out.append(f"- {section} {tag}: gnuplot failed: {p.stderr.strip()[:200]}")
            continue
        rel = os.path.relpath(svg, md_dir)
        out.append(f"- {section}, {tag.replace('-', ' ')}: [{os.path.basename(svg)}]({rel})")
    return out


# ------------------------------------------------------------------ main

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="smoke test: 1 repetition, 1 puzzle per class (2 where the class "
                         "has non-unique puzzles)")
    ap.add_argument("--reps", type=int, default=None, help="repetitions (default 5)")
    ap.add_argument("--genres", default=None,
                    help="comma-separated genres (default: every genre gridcnf lists "
                         "that has data)")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="seconds per run; a timeout counts as infinitely slow (TO)")
    ap.add_argument("--max-per-class", type=int, default=None,
                    help="sample at most K puzzles per class, evenly over the ids "
                         "(default 2 with peers, 12 with --no-peers; --quick: 1; 0 = all)")
    ap.add_argument("--variants", default=None,
                    help="comma-separated variant names to run besides default "
                         "(default: every one derived from `gridcnf help encoding`)")
    ap.add_argument("--peers", default=None,
                    help="comma-separated peers to time beside gridcnf (default: every "
                         "installed one of " + ", ".join(peerrun.ALL_PEERS) + "); "
                         "benchmarks/peers/setup.sh installs them")
    ap.add_argument("--no-peers", action="store_true", help="time gridcnf alone")
    ap.add_argument("--rerun-timeouts", action="store_true",
                    help="run a tool again in later repetitions on a puzzle where it timed "
                         "out (default: the timeout is recorded again without a run, as "
                         "every tool here is deterministic)")
    ap.add_argument("--out", default=None,
                    help="output directory for RESULTS.md and raw data (default: "
                         "RESULTS.md in benchmarks/, raw data in benchmarks/out/)")
    ap.add_argument("--gridcnf", default=os.path.join(HERE, "out", "build", "gridcnf"),
                    help="the gridcnf binary")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS, help="corpus directory")
    ap.add_argument("--scaling", default=DEFAULT_SCALING, help="scaling-set directory")
    args = ap.parse_args(argv)

    reps = args.reps if args.reps is not None else (1 if args.quick else 5)
    if reps < 1:
        ap.error("--reps must be at least 1")
    if args.max_per_class is None:
        # with peers (seven more tools, four of them three processes each) a full
        # run samples fewer puzzles per class to stay near 15 minutes on 2 cores
        k = 1 if args.quick else (12 if args.no_peers else 2)
    else:
        k = args.max_per_class or None
    exe = os.path.abspath(args.gridcnf)
    if not os.access(exe, os.X_OK):
        raise SystemExit(f"bench: no gridcnf binary at {exe} (run benchmarks/run.sh)")
    if args.out:
        out_dir = os.path.abspath(args.out)
        results_md = os.path.join(out_dir, "RESULTS.md")
    else:
        out_dir = os.path.join(HERE, "out")
        results_md = os.path.join(HERE, "RESULTS.md")
    os.makedirs(out_dir, exist_ok=True)

    # what gridcnf offers
    listed = gridcnf_genres(exe)
    help_text = run_text([exe, "help", "encoding"])
    opts = parse_encoding_options(help_text, listed)
    for msg in unlisted_genre_warnings(opts, listed):
        log(msg)
    variants, skipped_opts = derive_variants(opts)
    if args.variants is not None:
        want = [w.strip() for w in args.variants.split(",") if w.strip()]
        known = {v["name"] for v in variants}
        bad = [w for w in want if w not in known and w != DEFAULT]
        if bad:
            raise SystemExit(f"bench: unknown variant(s) {', '.join(bad)}; "
                             f"available: {', '.join(sorted(known))}")
        variants = [v for v in variants if v["name"] == DEFAULT or v["name"] in want]

    # data
    corpus_files = sorted(glob.glob(os.path.join(args.corpus, "*.jsonl")))
    scaling_files = sorted(glob.glob(os.path.join(args.scaling, "scaling-*.jsonl")))
    corpus = load_records(corpus_files)
    scaling = load_records(scaling_files)
    with_data = {r["genre"] for r in corpus + scaling}
    if args.genres:
        genres = [g.strip() for g in args.genres.split(",") if g.strip()]
        for g in genres:
            if g not in listed:
                raise SystemExit(f"bench: gridcnf does not list genre {g!r} "
                                 f"(it lists: {', '.join(listed)})")
            if g not in with_data:
                raise SystemExit(f"bench: no corpus or scaling data for genre {g!r}")
    else:
        genres = [g for g in listed if g in with_data]
    if not genres:
        raise SystemExit("bench: no genre to benchmark")

    def classes_of(recs):
        by = {}
        for r in recs:
            if r["genre"] in genres:
                by.setdefault(class_key(r), []).append(r)
        out, counts = [], {}
        for cls in sorted(by, key=class_sort_key):
            chosen = sample(by[cls], k)
            out.append((cls, chosen))
            counts[cls] = (f"{len(chosen)} of {len(by[cls])}"
                           if len(chosen) < len(by[cls]) else str(len(chosen)))
        return out, counts

    corpus_classes, corpus_counts = classes_of(corpus)
    scaling_classes, scaling_counts = classes_of(scaling)
    sampled = any(" of " in c for c in list(corpus_counts.values()) +
                  list(scaling_counts.values()))
    puzzles = []
    seen = set()
    for _, recs in corpus_classes + scaling_classes:
        for r in recs:
            if r["id"] in seen:
                raise SystemExit(f"bench: duplicate puzzle id {r['id']}")
            seen.add(r["id"])
            puzzles.append(r)

    def applies(v, rec):
        return v["genres"] is None or rec["genre"] in v["genres"]

    # peers
    peer_notes = []      # sentences for the report
    peers = []
    if not args.no_peers:
        if args.peers is not None:
            names = [w.strip() for w in args.peers.split(",") if w.strip()]
            bad = [w for w in names if w not in peerrun.ALL_PEERS]
            if bad:
                raise SystemExit(f"bench: unknown peer(s) {', '.join(bad)}; "
                                 f"known: {', '.join(peerrun.ALL_PEERS)}")
        else:
            names = list(peerrun.ALL_PEERS)
        for pr in peerrun.make_peers(names, exe):
            if pr.available:
                peers.append(pr)
            else:
                peer_notes.append(f"`{pr.name}`: {pr.why}")
                log(f"bench: peer {pr.name}: {pr.why}")
    peer_key = {pr.name: "peer:" + pr.name for pr in peers}

    plan = []  # (rec, variants, peers) per puzzle
    skips = {}  # (peer, reason) -> [class]
    for r in puzzles:
        ps = []
        for pr in peers:
            ok, why = pr.applies(r)
            if ok:
                ps.append(pr)
            else:
                cl = skips.setdefault((pr.name, why), [])
                if class_key(r) not in cl:
                    cl.append(class_key(r))
        plan.append((r, [v for v in variants if applies(v, r)], ps))
    n_runs = reps * sum(len(vs) + 1 + len(ps) for _, vs, ps in plan)
    log(f"bench: {len(puzzles)} puzzles, genres {', '.join(genres)}, variants "
        f"{', '.join(v['name'] for v in variants)}, peers "
        f"{', '.join(pr.name for pr in peers) or 'none'}, {reps} rep(s): {n_runs} runs")

    per = {}       # (id, variant or "peer:NAME") -> [ms]
    phases = {}    # (id, stat) -> [value], default variant
    inproc = {}    # id -> [ms]
    failures = []  # (id, variant, rep, reason)
    statuses = {}  # id -> {status: [variants and peers]}
    compile_ms = {}  # id -> MiniZinc compile ms (once, untimed in the runs)
    raw_path = os.path.join(out_dir, "raw.jsonl")
    load_start = os.getloadavg()
    t_start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gridcnf-bench-") as tmp, \
            open(raw_path, "w", encoding="utf-8") as raw:
        files = {}
        ctxs = {}  # (id, peer) -> context from Peer.prepare (untimed, once)
        for i, r in enumerate(puzzles):
            safe = re.sub(r"[^A-Za-z0-9._-]", "_", r["id"])
            path = os.path.join(tmp, f"{i:04d}-{safe}.jsonl")
            with open(path, "w", encoding="utf-8") as f:
                f.write(r["_line"] + "\n")
            files[r["id"]] = path
        if peers:
            log("bench: preparing the peers' inputs (untimed)")
        jobs = []
        for i, (r, _, ps) in enumerate(plan):
            for pr in ps:
                d = os.path.join(tmp, "peers", f"{i:04d}", pr.name)
                os.makedirs(d, exist_ok=True)
                jobs.append((r, pr, d))

        def prep(job):
            r, pr, d = job
            return (r["id"], pr.name), pr.prepare(r, files[r["id"]], d)

        # untimed (MiniZinc's compilation to FlatZinc): on all cores, before any timing
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            for key, c in pool.map(prep, jobs):
                ctxs[key] = c
                if "compile_ms" in c:
                    compile_ms[key[0]] = c["compile_ms"]
        t_start = time.perf_counter()
        done = 0
        timed_out = set()  # (id, tool) that timed out once
        n_carried = 0
        for rep in range(reps):
            for pi, (r, vs, ps) in enumerate(plan):
                names = [v["name"] for v in vs] + [SPAWN] + [peer_key[pr.name] for pr in ps]
                # a new order for every puzzle and repetition (seeded, so a
                # run can be repeated): no tool always runs first, and none
                # always follows the same one.  A rotation kept every tool's
                # predecessor: the default always came after the last peer,
                # and a process runs up to 15 % slower after a heavy one
                # (cadical on a 25x25: 4.09 against 3.57 ms after gridcnf),
                # which made the default 3-14 % slower than variants that
                # change nothing (--card on Futoshiki).
                order = list(names)
                random.Random(rep * 1000003 + pi).shuffle(order)
                vmap = {v["name"]: v for v in vs}
                pmap = {peer_key[pr.name]: pr for pr in ps}
                for name in order:
                    # an untimed run of the same binary right before every
                    # timed run: a process starts faster right after its own
                    # binary ran (measured: gridcnf 4.99 ms after itself, 5.54
                    # ms after Tatham's solver), so every tool gets the same
                    # predecessor, itself.  (An untimed /bin/true between runs
                    # was not enough: variants that change nothing, such as
                    # --card on Futoshiki, came out 6-8 % faster than the
                    # default, which mostly followed a peer.)
                    if name == SPAWN:
                        warm = ["/bin/true"]
                    elif name in pmap:
                        warm = pmap[name].warm_cmd(r)
                    else:
                        warm = [exe, "--version"]
                    try:
                        subprocess.run(warm, stdin=subprocess.DEVNULL,
                                       stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL, timeout=5)
                    except (OSError, subprocess.TimeoutExpired):
                        pass
                    if (r["id"], name) in timed_out:
                        # every tool here is deterministic: a timeout repeats
                        res = {"ms": INF, "to": True, "rc": None, "status": "TO",
                               "carried": True}
                        n_carried += 1
                    elif name == SPAWN:
                        res = run_once(["/bin/true"], args.timeout)
                        res["status"] = "spawn"
                    elif name in pmap:
                        res = run_peer(pmap[name], r, ctxs[(r["id"], pmap[name].name)],
                                       args.timeout)
                    else:
                        cmd = [exe, "solve", "--json"] + vmap[name]["flags"] + [files[r["id"]]]
                        res = interpret(r, run_once(cmd, args.timeout))
                    if res.get("error"):
                        failures.append((r["id"], name, rep, res["error"]))
                    elif res["status"] not in ("TO", "spawn"):
                        statuses.setdefault(r["id"], {}).setdefault(
                            res["status"], set()).add(name)
                    if res["to"] and not args.rerun_timeouts:
                        timed_out.add((r["id"], name))
                    ok = not res.get("error")
                    # a wrong answer is never a timing
                    if ok:
                        per.setdefault((r["id"], name), []).append(res["ms"])
                        if name == DEFAULT:
                            st = res.get("stats") or {}
                            if res["status"] == "TO":
                                inproc.setdefault(r["id"], []).append(INF)
                            else:
                                s = sum(float(st.get(x) or 0) for x in
                                        ("portfolio_start_ms", "encode_ms",
                                         "solve_ms", "unique_ms"))
                                inproc.setdefault(r["id"], []).append(s)
                                for key, val in st.items():
                                    if isinstance(val, (int, float)):
                                        phases.setdefault((r["id"], key), []).append(val)
                    raw.write(json.dumps({
                        "rep": rep, "id": r["id"], "class": class_key(r),
                        "variant": name, "ms": None if math.isinf(res["ms"]) else res["ms"],
                        "timeout": res["to"], "carried": bool(res.get("carried")),
                        "rc": res.get("rc"), "status": res["status"],
                        "stats": res.get("stats"), "error": res.get("error")}) + "\n")
                    done += 1
                if (pi + 1) % 50 == 0:
                    log(f"bench: repetition {rep + 1}/{reps}: {pi + 1}/{len(plan)} puzzles, "
                        f"{time.perf_counter() - t_start:.0f} s elapsed")
            el = time.perf_counter() - t_start
            log(f"bench: repetition {rep + 1}/{reps} done, {el:.0f} s elapsed, "
                f"about {el / (rep + 1) * (reps - rep - 1):.0f} s to go")
    elapsed = time.perf_counter() - t_start

    # variants and peers must agree with each other on every puzzle
    for pid, by_status in statuses.items():
        if len(by_status) > 1:
            desc = "; ".join(f"{s}: {', '.join(sorted(v))}" for s, v in sorted(by_status.items()))
            failures.append((pid, "*", None, f"tools disagree: {desc}"))

    for pid, xs in inproc.items():
        per[(pid, "inproc")] = xs
    tools = variants + [{"name": "peer:" + pr.name} for pr in peers]
    corpus_rows = summarize(corpus_classes, tools, per)
    scaling_rows = summarize(scaling_classes, tools, per)
    n_to = sum(1 for key, xs in per.items()
               if key[1] not in ("inproc", SPAWN) and not key[1].startswith("peer:")
               for x in xs if math.isinf(x))
    n_to_peers = {pr.name: sum(1 for key, xs in per.items() if key[1] == "peer:" + pr.name
                               for x in xs if math.isinf(x)) for pr in peers}
    load_end = os.getloadavg()

    info = machine_info(exe)
    now = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    md = []
    md.append("# gridcnf benchmark results")
    md.append("")
    md.append("Generated by `benchmarks/run.sh` (`benchmarks/bench.py`); do not edit by hand.")
    md.append("")
    md.append("## How to run")
    md.append("")
    md.append("```")
    md.append("benchmarks/run.sh                 # full run: all peers, 5 repetitions, 2 puzzles per class")
    md.append("benchmarks/run.sh --quick         # smoke test: 1 repetition, 1-2 puzzles per class")
    md.append("benchmarks/run.sh --reps N --genres skyscrapers,... --timeout S --out DIR")
    md.append("benchmarks/run.sh --peers clingo,tatham   # only these peers (default: all installed)")
    md.append("benchmarks/run.sh --no-peers      # gridcnf alone")
    md.append("benchmarks/peers/setup.sh         # install / build the peers (run.sh calls it)")
    md.append("benchmarks/test_bench.sh          # test of the harness itself")
    md.append("```")
    md.append("")
    md.append("Every run is the whole process `gridcnf solve --json FILE [variant flags]` on one "
              "puzzle alone in a file (solve + proof of uniqueness: what a user waits for), "
              "timed with `time.perf_counter()` around `subprocess.Popen` and a blocking `communicate()` (a timer signal enforces the timeout; `communicate(timeout=...)` would poll the exit with sleeps and add 0.4-0.5 ms to every run). Runs are interleaved "
              "(for each repetition, for each puzzle, every variant and peer, in an order "
              "shuffled anew for every puzzle and repetition, seeded) so machine noise hits "
              "all tools alike and no tool always follows the same one (with a rotation "
              "instead, the default always came after the last peer and ran 3-14 % slower "
              "than variants that change nothing, such as `--card` on Futoshiki; a process "
              "runs up to 15 % slower right after a memory-heavy one); an "
              "untimed run of the same binary (`gridcnf --version`, `clingo --version`, "
              "Tatham's solver with `--help`, ...) comes right before every timed run, so "
              "that every tool follows itself (a process starts about 10 % faster right after "
              "its own binary); with an untimed `/bin/true` between runs instead, variants that "
              "change nothing (`--card` on Futoshiki) had come out 6-8 % faster than the "
              "default, which mostly followed a peer. "
              "Per puzzle: the median over the repetitions; per class: the median and, in "
              "brackets, the worst of the per-puzzle medians. `[x default]` is the class median "
              "divided by the default's class median (below 1 = faster). `in-process` is "
              "encode_ms + solve_ms + unique_ms from gridcnf's own stats (default variant; plus "
              "portfolio_start_ms when the portfolio's second session answered). "
              "`spawn` is `/bin/true` run through the same harness: the floor of one process "
              "start. TO = timed out (counts as infinitely slow). The peer solvers "
              "(section Peers) run in the same loop, as further tools after the variants, "
              "with the same repetitions, puzzles and timeout. "
              + ("A tool that times out on a puzzle is not run on that puzzle again in later "
                 "repetitions: the timeout is recorded for them without a run (every tool "
                 "here is deterministic, so the run would repeat; `--rerun-timeouts` runs "
                 "them anyway)." if not args.rerun_timeouts else
                 "Timed-out runs are run again in every repetition (`--rerun-timeouts`)."))
    md.append("")
    md.append("## Machine and run")
    md.append("")
    md.append(f"- CPU: {info['cpu']}, `nproc` = {info['nproc']}; memory {info['memory']}; "
              f"kernel {info['kernel']}; Python {info['python']}")
    md.append(f"- gridcnf: {info['gridcnf']} (source: {info['source']}), binary `{exe}`")
    md.append(f"- CaDiCaL: {info['cadical']}")
    if peers:
        md.append("- peers: " + "; ".join(f"`{pr.name}` = {pr.version}" for pr in peers))
    if peer_notes:
        md.append("- peers not run: " + "; ".join(peer_notes))
    if args.no_peers:
        md.append("- peers: not run (`--no-peers`)")
    md.append(f"- load average (1/5/15 min) at the start: "
              f"{' / '.join(f'{x:.2f}' for x in load_start)}; at the end: "
              f"{' / '.join(f'{x:.2f}' for x in load_end)} (2 cores: above ~1 means other "
              f"work shared the machine during the run)")
    md.append(f"- date: {now}; repetitions: {reps}; timeout: {sig3(args.timeout)} s per run; "
              f"{n_runs} runs in {elapsed:.0f} s"
              + (f" ({n_carried} of them repeated timeouts, recorded without a run)"
                 if n_carried else "")
              + ("; **quick mode (smoke test, not for comparison)**" if args.quick else ""))
    md.append(f"- genres: {', '.join(genres)}; data: "
              + ", ".join(f"`{os.path.basename(p)}`" for p in corpus_files + scaling_files))
    vdesc = []
    for v in variants:
        flags = " ".join(v["flags"]) or "(no flags)"
        only = f", {'/'.join(v['genres'])} only" if v["genres"] else ""
        vdesc.append(f"`{v['name']}` = `{flags}`{only}")
    md.append("- variants (derived from `gridcnf help encoding`): " + "; ".join(vdesc))
    if skipped_opts:
        md.append("- encoding options in `--help` not benchmarked (no derivable values): "
                  + ", ".join(f"`--{o}`" for o in skipped_opts))
    if sampled:
        md.append(f"- sampling: at most {k} puzzles per class, evenly spaced over the class's "
                  f"puzzles sorted by id (deterministic; where a class has puzzles with "
                  f"several solutions, at least one of them is in the sample"
                  f"{', which may add one puzzle' if k == 1 else ''}); `puzzles` shows "
                  f"`sampled of total`."
                  + (" The default is 2 per class when peers run (12 without): the same "
                     "puzzles and repetitions for every tool, fewer puzzles, so that a full "
                     "run stays near 15 minutes on this 2-core machine."
                     if args.max_per_class is None and not args.quick and peers else ""))
    md.append("- classes: genre and size (and stars for Star Battle); Skyscrapers with Sudoku "
              "boxes (`variants.jsonl`) form their own classes.")
    md.append("")
    md.append("## Verification")
    md.append("")
    if failures:
        md.append(f"**FAILED**: {len(failures)} wrong or failed answer(s); these runs are "
                  "not counted as timings:")
        md.append("")
        for pid, v, rep, why in failures[:200]:
            where = f"rep {rep + 1}" if rep is not None else "all reps"
            md.append(f"- `{pid}` variant `{v}` ({where}): {why}")
        if len(failures) > 200:
            md.append(f"- ... and {len(failures) - 200} more (see raw.jsonl)")
    else:
        md.append(f"Verification: passed. {len(puzzles)} puzzles, every answer of every run "
                  "checked: status unique or multiple; the known solution and verdict where the "
                  "data has them; every returned solution (and the second one of `multiple`) "
                  "re-checked against the rules by the harness; a `unique` answer on a planted "
                  "puzzle must be the planted solution; all variants agree on each puzzle's "
                  f"verdict. {n_to} gridcnf run(s) timed out."
                  + (" The peers' answers are checked the same way (Tatham's solvers state "
                     "'multiple' without printing a second solution: that statement is taken "
                     "as their verdict), and every peer agrees with gridcnf on each puzzle's "
                     "verdict. Peer runs timed out: "
                     + ", ".join(f"{k} {v}" for k, v in n_to_peers.items()) + "."
                     if peers else ""))
    md.append("")
    md.append("## Corpus (`/work/shared/corpus`)")
    md.append("")
    t_corpus, names_c = table(corpus_rows, variants, corpus_counts)
    md.append(t_corpus)
    md.append("")
    md.append("## Scaling series (`/work/shared/bench/scaling-*.jsonl`)")
    md.append("")
    t_scaling, names_s = table(scaling_rows, variants, scaling_counts)
    md.append(t_scaling)
    md.append("")
    if peers:
        md.append("## Peers")
        md.append("")
        md.append(PEER_TEXT)
        md.append("")
        for (pname, why), cls in sorted(skips.items()):
            if why and "has no model for" in why:
                continue
            md.append(f"- `{pname}` not run on {', '.join(cls)}: {why}.")
        if compile_ms:
            cm = list(compile_ms.values())
            md.append(f"- MiniZinc's compilation to FlatZinc (once per puzzle, not in the "
                      f"timings): median {sig3(median(cm))} ms, worst {sig3(max(cm))} ms; "
                      f"a user running `minizinc -n 2` would wait that much more per puzzle.")
        md.append("")
        md.append("Columns: gridcnf is the default variant above. Each peer: class median "
                  "(worst) of the per-puzzle medians over the repetitions, `[x gridcnf]` = the "
                  "peer's class median / gridcnf's (above 1 = the peer is slower). `best peer "
                  "med` is the peer with the lowest class median, `best peer worst` the one "
                  "with the lowest worst case, among peers that ran on every puzzle of the "
                  "class; the last two columns are the targets of the section Done means, "
                  "with gridcnf's ratio to that peer.")
        md.append("")
        md.append("### Corpus")
        md.append("")
        md.append(peer_table(corpus_rows, peers, corpus_counts))
        md.append("")
        md.append("### Scaling series")
        md.append("")
        md.append(peer_table(scaling_rows, peers, scaling_counts))
        md.append("")
        md.append("## Done means")
        md.append("")
        md.append("For each class: is gridcnf's median <= the best peer's median, and is its "
                  "worst case <= half the best peer's worst case? (TO counts as infinitely "
                  "slow.) Computed from the tables above by the script.")
        md.append("")
        dm = []
        done_means("Corpus", corpus_rows, peers, dm)
        done_means("Scaling series", scaling_rows, peers, dm)
        md.extend(dm)
    md.append("## Findings")
    md.append("")
    md.append("Computed from the tables above by the script.")
    md.append("")
    fl = []
    findings("Corpus", corpus_rows, variants, names_c, fl)
    findings("Scaling series", scaling_rows, variants, names_s, fl)
    md.extend(fl)
    md.append("## Phases (default variant)")
    md.append("")
    md.append("Medians over the class of the per-puzzle medians of gridcnf's own stats.")
    md.append("")
    md.append("Corpus:")
    md.append("")
    md.append(phase_table(corpus_classes, phases))
    md.append("")
    md.append("Scaling series:")
    md.append("")
    md.append(phase_table(scaling_classes, phases))
    md.append("")
    md.append("## Plots")
    md.append("")
    md.append("Class median (whole process, solve + uniqueness) against the grid side n, "
              "log scale, one line per tool; a class where a tool timed out or was not run "
              "has no point for it. Made with gnuplot.")
    md.append("")
    plot_dir = os.path.join(os.path.dirname(results_md), "plots")
    md_dir = os.path.dirname(results_md)
    pl = make_plots("Corpus", corpus_rows, peers, plot_dir, os.path.join(out_dir, "plots"), md_dir)
    pl += make_plots("Scaling series", scaling_rows, peers, plot_dir,
                     os.path.join(out_dir, "plots"), md_dir)
    md.extend(pl or ["- no genre has two sizes or more to plot"])
    md.append("")
    rel = os.path.relpath(out_dir, os.path.dirname(results_md))
    rel = "" if rel == "." else rel + "/"
    md.append(f"Raw data: `{rel}raw.jsonl` (one line per run) and `{rel}summary.json` "
              "(the tables' numbers).")
    md.append("")

    # Sections other scripts own (between "<!-- NAME: begin" and
    # "<!-- NAME: end -->" markers, e.g. rate.py's) are kept as they are.
    kept = []
    if os.path.exists(results_md):
        with open(results_md, encoding="utf-8") as f:
            old = f.read()
        for m in re.finditer(r"<!-- ([\w.]+): begin.*?<!-- \1: end -->", old, re.S):
            kept.append(m.group(0))
    with open(results_md, "w", encoding="utf-8") as f:
        f.write("\n".join(md))
        for section in kept:
            if not section.startswith("<!-- summary:"):
                f.write("\n\n" + section + "\n")
    # the one-screen summary at the top, from what the file now says
    subprocess.run([sys.executable, os.path.join(HERE, "summary.py"), results_md], check=True)
    summary = {"reps": reps, "genres": genres, "variants": variants,
               "peers": [{"name": pr.name, "version": pr.version} for pr in peers],
               "peers_not_run": peer_notes,
               "minizinc_compile_ms": compile_ms,
               "targets": {"corpus": [t for t in (targets(r, peers) for r in corpus_rows) if t],
                           "scaling": [t for t in (targets(r, peers) for r in scaling_rows) if t]},
               "machine": info, "elapsed_s": elapsed,
               "failures": [{"id": a, "variant": b, "rep": c, "reason": d}
                            for a, b, c, d in failures],
               "corpus": corpus_rows, "scaling": scaling_rows}

    def enc(o):
        if isinstance(o, float) and math.isinf(o):
            return None
        return o

    def clean(o):
        if isinstance(o, dict):
            return {k: clean(v) for k, v in o.items()}
        if isinstance(o, list):
            return [clean(v) for v in o]
        return enc(o)

    with open(os.path.join(out_dir, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(clean(summary), f, indent=1)
    log(f"bench: wrote {results_md}")
    if failures:
        log(f"bench: FAILED: {len(failures)} wrong or failed answer(s):")
        for pid, v, rep, why in failures:
            where = f"rep {rep + 1}" if rep is not None else "all reps"
            log(f"  {pid} [{v}, {where}]: {why}")
        return 1
    log("bench: verification passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
