#!/usr/bin/env python3
"""Across paradigms: SAT, CP, ASP and MIP on the same puzzles, in one run.

The shape of seed 004's comparison (Skyscrapers, an integer program against
constraint programming) on today's Debian tools, with Star Battle beside it:

  SAT  gridcnf (embedded CaDiCaL, `gridcnf solve`, whole process), and
       `cadical` / `minisat` on gridcnf's DIMACS (benchmarks/peers/peerrun.py:
       `gridcnf cnf`, the solver, the solver again with the first solution
       blocked; three processes timed)
  CP   Gecode on the shipped MiniZinc models: `fzn-gecode -n 2` on FlatZinc
       compiled once, untimed (peerrun's `minizinc` peer), and
       `gridcnf solve --via minizinc` (two whole `minizinc` runs, compiling
       each time: what a user of the export runs)
  ASP  `clingo --models 2` on the shipped programs (peerrun)
  MIP  `gridcnf solve --via cbc` / `--via glpk`: the LP export solved, then
       solved again with the first solution cut off (two processes);
       for Skyscrapers also `cbc` on the basic IP (the LP without its e_
       strengthening rows), first solution only, against the strengthened
       IP's first run
Every tool decides uniqueness (except the first-solution MIP column), and
every answer is checked: the status must be gridcnf's, a unique solution
gridcnf's (the --via runs are checked by the genre's checker as well).

Puzzles: Skyscrapers 6x6-9x9 made by Tatham's generator at its four levels
(`sgt-towers --generate 1 'NdL#S'`, seeds 1..--per, so the same puzzles every
time; cached under --out); Star Battle 1-3 stars from ../shared/bench
(scaling series) and ../shared/corpus (Star Battle Lab, Queens).

Each tool runs on each puzzle in an order shuffled (seeded) per puzzle and
repetition, after an untimed warm-up run of its own binary.  Time limit per
run: --timeout (default 30 s); after two time-outs in a class a tool is not
run on the rest of that class (reported as time-outs, "skipped").  Output:
raw.jsonl and paradigms.md under --out, and the same section in
benchmarks/RESULTS.md between the markers below (--results; bench.py and
the other scripts keep it), whose summary is then rewritten (summary.py).

usage: python3 benchmarks/paradigms.py [--gridcnf build/gridcnf] [--reps 1]
       [--timeout 30] [--per 3] [--out benchmarks/out/paradigms] [--quick]
"""

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "peers"))
sys.dont_write_bytecode = True
import peerrun  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from stats import write_section  # noqa: E402  (benchmarks/stats.py)

INF = float("inf")
BEGIN = "<!-- paradigms.py: begin (written by benchmarks/paradigms.py) -->"
END = "<!-- paradigms.py: end -->"
SHARED = os.path.join(os.path.dirname(REPO), "shared")
LEVELS = (("e", "Easy"), ("h", "Hard"), ("x", "Extreme"), ("u", "Unreasonable"))
TOOLS = ("gridcnf", "cadical", "minisat", "gecode", "minizinc", "clingo",
         "cbc", "glpk", "cbc-basic")
PARADIGM = {"gridcnf": "SAT", "cadical": "SAT", "minisat": "SAT", "gecode": "CP",
            "minizinc": "CP", "clingo": "ASP", "cbc": "MIP", "glpk": "MIP",
            "cbc-basic": "MIP"}


def tower_gen():
    """Tatham's Towers (Debian puts the games in /usr/games)."""
    return shutil.which("sgt-towers") or (
        "/usr/games/sgt-towers" if os.access("/usr/games/sgt-towers", os.X_OK) else None)


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def run(cmd, timeout):
    return peerrun.run_proc(cmd, timeout)


# ------------------------------------------------------------------ puzzles

def towers(gridcnf, out, per, quick):
    cache = os.path.join(out, "towers.jsonl")
    want = []
    sizes = (6, 7) if quick else (6, 7, 8, 9)
    for n in sizes:
        for letter, name in LEVELS:
            for seed in range(1, per + 1):
                want.append((n, letter, name, seed))
    have = {}
    if os.path.exists(cache):
        for line in open(cache):
            r = json.loads(line)
            have[r["id"]] = r
    recs, new = [], 0
    for n, letter, name, seed in want:
        pid = f"towers-{n}d{letter}-{seed}"
        if pid not in have:
            p = run([tower_gen(), "--generate", "1", f"{n}d{letter}#{seed}"], 600)
            gid = p["stdout"].strip()
            if p["rc"] != 0 or ":" not in gid:
                raise SystemExit(f"sgt-towers failed for {n}d{letter}#{seed}: {p['stderr']}")
            q = subprocess.run([gridcnf, "convert", "-"], input=gid, text=True,
                               capture_output=True)
            r = json.loads(q.stdout)
            r["id"], r["raw"], r["difficulty"] = pid, gid, name
            r["class"] = f"skyscrapers {n}x{n} {name}"
            have[pid] = r
            new += 1
        recs.append(have[pid])
    if new:
        with open(cache, "w") as f:
            for r in have.values():
                f.write(json.dumps(r) + "\n")
    return recs


def star_battles(quick):
    recs = []
    bench = os.path.join(SHARED, "bench", "scaling-starbattle.jsonl")
    corpus = os.path.join(SHARED, "corpus", "starbattle.jsonl")
    classes = ((10, 1), (10, 2), (14, 3)) if quick else ((10, 1), (10, 2), (15, 2), (14, 3), (17, 3))
    for path in (bench, corpus):
        if not os.path.exists(path):
            continue
        for line in open(path):
            r = json.loads(line)
            key = (r["n"], r.get("stars", 1))
            if key not in classes or r.get("unique") is False:
                continue
            r["class"] = f"starbattle {r['n']}x{r['n']} {key[1]}*"
            recs.append(r)
    per_class = {}
    out = []
    for r in recs:  # at most 6 per class (the scaling four, then the corpus)
        k = per_class.get(r["class"], 0)
        if k < (3 if quick else 6):
            per_class[r["class"]] = k + 1
            out.append(r)
    return out


# -------------------------------------------------------------------- tools

def via(gridcnf, tool, path, timeout):
    """`gridcnf solve --via TOOL --json`: the record and its wall time."""
    p = run([gridcnf, "solve", "--via", tool, "--json", "--timeout", str(timeout), path],
            timeout + 10)
    if p["to"]:
        return {"ms": INF, "to": True, "status": "TO"}
    try:
        rec = json.loads(p["stdout"].splitlines()[0])
    except (ValueError, IndexError):
        return {"ms": p["ms"], "to": False, "status": "error",
                "error": f"no record (exit {p['rc']}): {p['stderr'][:200]}"}
    if rec["status"] == "unknown":
        return {"ms": INF, "to": True, "status": "TO"}
    st = rec.get("stats", {})
    return {"ms": p["ms"], "to": False, "status": rec["status"],
            "solution": rec.get("solution"), "first_ms": st.get("solve_ms"),
            "error": rec.get("error")}


def embedded(gridcnf, path, timeout):
    p = run([gridcnf, "solve", "--json", path], timeout)
    if p["to"]:
        return {"ms": INF, "to": True, "status": "TO"}
    rec = json.loads(p["stdout"].splitlines()[0])
    return {"ms": p["ms"], "to": False, "status": rec["status"],
            "solution": rec.get("solution")}


def strip_strengthening(lp):
    """The LP without its e_ rows (each row starts ' NAME:' and may go on
    over indented lines)."""
    out, skip = [], False
    for line in lp.splitlines(keepends=True):
        if re.match(r"^ [A-Za-z]\w*:", line):
            skip = line.startswith(" e_")
        elif not line.startswith("   "):
            skip = False
        if not skip:
            out.append(line)
    return "".join(out)


def cbc_first(lp_path, tmp, timeout, n, stars):
    """cbc on an LP: the first solution's grid and the wall time."""
    sol = os.path.join(tmp, "cbc.sol")
    if os.path.exists(sol):
        os.unlink(sol)
    p = run(["cbc", lp_path, "solve", "solu", sol], timeout)
    if p["to"]:
        return {"ms": INF, "to": True, "status": "TO"}
    text = open(sol).read() if os.path.exists(sol) else ""
    if text.startswith("Infeasible"):
        return {"ms": p["ms"], "to": False, "status": "none"}
    if not text.startswith("Optimal"):
        return {"ms": p["ms"], "to": False, "status": "error", "error": text[:100]}
    g = [[0] * n for _ in range(n)]
    for line in text.splitlines()[1:]:
        f = line.split()
        if len(f) >= 3 and float(f[2]) > 0.5:
            m = re.match(r"x_(\d+)_(\d+)_(\d+)$", f[1]) or re.match(r"s_(\d+)_(\d+)$", f[1])
            if m:
                v = int(m.group(3)) if m.lastindex == 3 else 1
                g[int(m.group(1)) - 1][int(m.group(2)) - 1] = v
    return {"ms": p["ms"], "to": False, "status": "solved", "solution": g}


# ------------------------------------------------------------------- report

def fmt(x):
    if x == INF:
        return "TO"
    if x >= 10000:
        return f"{x / 1000:.0f} s"
    if x >= 1000:
        return f"{x / 1000:.1f} s"
    return f"{x:.1f}" if x < 100 else f"{x:.0f}"


def cell(results):
    if not results:
        return "-"
    ms = sorted(r["ms"] for r in results)
    tos = sum(1 for r in results if r["to"])
    med = statistics.median(ms)
    s = f"{fmt(med)} ({fmt(ms[-1])})"
    if tos:
        s += f" TO {tos}/{len(results)}"
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gridcnf", default=os.path.join(REPO, "build", "gridcnf"))
    ap.add_argument("--reps", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--per", type=int, default=3, help="Tatham puzzles per size and level")
    ap.add_argument("--out", default=os.path.join(HERE, "out", "paradigms"))
    ap.add_argument("--tools", default=",".join(TOOLS))
    ap.add_argument("--genres", default="skyscrapers,starbattle")
    ap.add_argument("--quick", action="store_true", help="small sizes only (a smoke test)")
    ap.add_argument("--results", default=os.path.join(HERE, "RESULTS.md"),
                    help="the RESULTS.md whose section to write ('' = none)")
    a = ap.parse_args()
    gridcnf = os.path.abspath(a.gridcnf)
    os.makedirs(a.out, exist_ok=True)
    tools = [t for t in a.tools.split(",") if t]
    genres = a.genres.split(",")

    missing = [p for p in ("minizinc", "clingo", "cbc", "glpsol", "cadical",
                           "minisat") if not shutil.which(p)]
    if missing:
        log("paradigms: not installed (bash scripts/deps.sh): " + ", ".join(missing))
    puzzles = []
    if "skyscrapers" in genres and not tower_gen():
        log("paradigms: sgt-towers not installed (package sgt-puzzles): no Skyscrapers")
    if "skyscrapers" in genres and tower_gen():
        log("paradigms: Tatham's Towers puzzles (generated once, cached)")
        puzzles += towers(gridcnf, a.out, a.per, a.quick)
    if "starbattle" in genres:
        puzzles += star_battles(a.quick)
    if not puzzles:
        raise SystemExit("paradigms: no puzzles")
    peers = {p.name: p for p in peerrun.make_peers(["cadical", "minisat", "minizinc", "clingo"],
                                                   gridcnf)}
    peers["gecode"] = peers.pop("minizinc")
    for name, pr in peers.items():
        if not pr.available:
            log(f"paradigms: {name}: {pr.why}")

    results = {}  # (id, tool) -> [result, ...]
    compile_ms = []
    skipped = {}  # (class, tool) -> time-outs so far
    t_start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gridcnf-paradigms-") as tmp, \
            open(os.path.join(a.out, "raw.jsonl"), "w") as raw:
        files, ctx = {}, {}
        log(f"paradigms: preparing {len(puzzles)} puzzles (untimed)")
        for i, r in enumerate(puzzles):
            d = os.path.join(tmp, f"{i:03d}")
            os.makedirs(d)
            path = os.path.join(d, "puzzle.jsonl")
            rec = {k: v for k, v in r.items() if k != "class"}
            with open(path, "w") as f:
                f.write(json.dumps(rec) + "\n")
            files[r["id"]] = path
            for name, pr in peers.items():
                if name in tools and pr.available:
                    pd = os.path.join(d, name)
                    os.makedirs(pd)
                    ctx[(r["id"], name)] = pr.prepare(r, path, pd)
                    if name == "gecode" and "compile_ms" in ctx[(r["id"], name)]:
                        compile_ms.append(ctx[(r["id"], name)]["compile_ms"])
            if r["genre"] == "skyscrapers" and "cbc-basic" in tools:
                lp = subprocess.run([gridcnf, "convert", "--to", "lp", path],
                                    capture_output=True, text=True).stdout
                bp = os.path.join(d, "basic.lp")
                with open(bp, "w") as f:
                    f.write(strip_strengthening(lp))
                ctx[(r["id"], "cbc-basic")] = {"lp": bp, "dir": d}
        for rep in range(a.reps):
            for pi, r in enumerate(puzzles):
                order = [t for t in tools if t not in peers or peers[t].available]
                random.Random(rep * 1000003 + pi).shuffle(order)
                for t in order:
                    if t == "cbc-basic" and r["genre"] != "skyscrapers":
                        continue
                    key = (r["class"], t)
                    if skipped.get(key, 0) >= 2:
                        res = {"ms": INF, "to": True, "status": "TO", "skipped": True}
                    else:
                        warm = ([gridcnf, "--version"] if t in ("gridcnf", "minizinc", "cbc", "glpk")
                                else peers[t].warm_cmd(r) if t in peers else ["cbc", "-quit"])
                        subprocess.run(warm, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                        path = files[r["id"]]
                        if t == "gridcnf":
                            res = embedded(gridcnf, path, a.timeout)
                        elif t in ("minizinc", "cbc", "glpk"):
                            res = via(gridcnf, t, path, a.timeout)
                        elif t == "cbc-basic":
                            c = ctx[(r["id"], t)]
                            res = cbc_first(c["lp"], c["dir"], a.timeout, r["n"], False)
                        else:
                            res = peers[t].run(r, ctx[(r["id"], t)], a.timeout)
                            res = dict(res)
                        if res.get("to"):
                            skipped[key] = skipped.get(key, 0) + 1
                    res.update({"id": r["id"], "class": r["class"], "tool": t, "rep": rep})
                    raw.write(json.dumps({k: v for k, v in res.items() if k != "solution"},
                                         default=str) + "\n")
                    results.setdefault((r["id"], t), []).append(res)
                log(f"paradigms: {pi + 1}/{len(puzzles)} {r['id']} "
                    f"({time.perf_counter() - t_start:.0f} s)")
    elapsed = time.perf_counter() - t_start

    # checks: every status is gridcnf's, every unique solution gridcnf's
    bad = []
    for r in puzzles:
        ref = results.get((r["id"], "gridcnf"), [{}])[0]
        for t in tools:
            for res in results.get((r["id"], t), []):
                if res.get("to"):
                    continue
                st = res.get("status")
                want = "solved" if t == "cbc-basic" and ref.get("status") == "unique" else ref.get("status")
                if st != want:
                    bad.append(f"{r['id']} {t}: {st} ({res.get('error')}), gridcnf {ref.get('status')}")
                elif st in ("unique", "solved") and res.get("solution") not in (None, ref.get("solution")):
                    bad.append(f"{r['id']} {t}: another solution")

    classes = []
    for r in puzzles:
        if r["class"] not in classes:
            classes.append(r["class"])
    lines = []
    w = lines.append
    w(f"Run: `python3 benchmarks/paradigms.py --reps {a.reps} --timeout {a.timeout:g} "
      f"--per {a.per}`, {len(puzzles)} puzzles, {elapsed / 60:.0f} min, "
      f"load average at the end {os.getloadavg()[0]:.1f} (2 CPUs, shared).")
    w("")
    w("Wall time per puzzle in ms, median over the class (worst in brackets); TO k/m: "
      f"k of the m runs hit the {a.timeout:g} s limit (after two in a class the tool "
      "is not run on the rest of it: those count as time-outs). Every column decides "
      "uniqueness except `cbc 1st` and `basic 1st` (the time to the first solution).")
    w("")
    cols = [t for t in tools]
    head = ["class", "n"] + [("basic IP 1st (cbc)" if t == "cbc-basic" else
                              f"{t} ({PARADIGM[t]})") for t in cols]
    if "cbc" in cols:
        head.insert(head.index("cbc (MIP)") + 1, "cbc 1st")
    w("| " + " | ".join(head) + " |")
    w("|" + "---|" * len(head))
    for c in classes:
        ids = [r["id"] for r in puzzles if r["class"] == c]
        row = [c, str(len(ids))]
        for t in cols:
            rs = [x for i in ids for x in results.get((i, t), [])]
            row.append(cell(rs))
            if t == "cbc":
                firsts = [{"ms": x["first_ms"] if not x["to"] and x.get("first_ms") is not None
                           else INF, "to": x["to"]} for x in rs]
                row.append(cell(firsts))
        w("| " + " | ".join(row) + " |")
    w("")
    if compile_ms:
        w(f"MiniZinc's compilation to FlatZinc (untimed in the `gecode` column, in "
          f"`minizinc`'s twice): median {fmt(statistics.median(compile_ms))} ms, worst "
          f"{fmt(max(compile_ms))} ms.")
    w("")
    per_tool = {}
    for (pid, t), rs in results.items():
        per_tool.setdefault(t, []).extend(rs)
    w("| tool | paradigm | runs | median ms | worst | time-outs |")
    w("|---|---|---|---|---|---|")
    for t in cols:
        rs = per_tool.get(t, [])
        if not rs:
            continue
        ms = sorted(x["ms"] for x in rs)
        w(f"| {t} | {PARADIGM[t]} | {len(rs)} | {fmt(statistics.median(ms))} | {fmt(ms[-1])} "
          f"| {sum(1 for x in rs if x['to'])} |")
    w("")
    w("Answers: " + ("all checked against gridcnf's (status, and the solution where unique)."
                     if not bad else f"{len(bad)} DISAGREE: " + "; ".join(bad[:10])))
    md = "\n".join(lines) + "\n"
    with open(os.path.join(a.out, "paradigms.md"), "w") as f:
        f.write(md)
    print(md)
    if a.results and not a.quick:
        section = "\n".join([BEGIN, "## Across paradigms: SAT, CP, ASP and MIP", "",
                             "Written by `benchmarks/paradigms.py` (what is timed: its "
                             "docstring).", ""] + lines + ["", END])
        write_section(a.results, BEGIN, END, section)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
