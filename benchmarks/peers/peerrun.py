"""Peer solvers for benchmarks/bench.py (Python 3 standard library only).

Each peer turns one corpus record into its own input (untimed), runs as
whole processes (timed), and returns its answer in the same shape as
gridcnf's JSON ({"status": "unique"|"multiple", "solution", "second"}), so
that bench.py checks every peer's answer exactly as it checks gridcnf's.

The clingo and MiniZinc models are the ones gridcnf ships (models/), and
their input is what `gridcnf convert --to asp` / `--to dzn` writes for the
puzzle (untimed), so the benchmark runs exactly what a user of those
exports runs.

Peers and what is timed (wall time of the processes, `time.perf_counter()`
around each):
  clingo        `clingo --outf=2 --models 2 MODEL.lp FACTS.lp`: one process.
  minizinc      `fzn-gecode -n 2 F.fzn`: Gecode on the FlatZinc that
                `minizinc --solver gecode -c MODEL.mzn DATA.dzn` compiled once
                per puzzle before the timed runs (as in
                shared/design/performance-anchors.md); the compile time is
                measured once and reported beside, not in, the timings.
  minisat, picosat, cryptominisat5, cadical
                on gridcnf's own DIMACS: `gridcnf cnf -o F.cnf PUZZLE`
                (writing the DIMACS), then SOLVER on F.cnf (first model),
                then SOLVER on F.cnf plus one clause that blocks the first
                model's cell assignment (SAT = a second solution, UNSAT =
                unique): the sum of the three processes. Reading the model
                and writing the blocked copy are done by the harness between
                the timed processes and are not timed.
  tatham        Simon Tatham's `towerssolver GAME-ID` / `unequalsolver
                GAME-ID`: one process; its own "Unable to find a unique
                solution" / "Game has multiple solutions." is its verdict
                "multiple" (it prints no second solution).
"""

import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = os.path.join(os.path.dirname(os.path.dirname(HERE)), "models")
INF = float("inf")
TATHAM_BIN = os.path.join(os.path.dirname(HERE), "out", "tatham", "bin")

SAT_PEERS = ("minisat", "picosat", "cryptominisat5", "cadical")
ALL_PEERS = ("clingo", "minizinc") + SAT_PEERS + ("tatham",)


# ----------------------------------------------------------- processes

def run_proc(cmd, timeout, cwd=None):
    """Runs cmd in its own process group; on timeout the whole group is
    killed (MiniZinc starts fzn-gecode as a child). Returns a dict with
    ms (wall), rc, to, stdout, stderr.

    In the main thread the wait does not poll: an interval timer's signal
    kills the group at the timeout, and communicate() blocks until the
    process is reaped. (communicate(timeout=...) polls the exit with sleeps
    from 0.5 ms up, which added 0.4-0.5 ms to a 4 ms run, for every tool.)
    Other threads (untimed preparation) use communicate(timeout=...)."""
    t0 = time.perf_counter()
    try:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             cwd=cwd, start_new_session=True)
    except OSError as e:
        return {"ms": 0.0, "rc": None, "to": False, "stdout": "",
                "stderr": f"cannot start {cmd[0]}: {e}"}
    timed_out = []

    def kill():
        timed_out.append(True)
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass

    if threading.current_thread() is threading.main_thread():
        old = signal.signal(signal.SIGALRM, lambda signum, frame: kill())
        signal.setitimer(signal.ITIMER_REAL, max(timeout, 0.001))
        try:
            out, err = p.communicate()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
    else:
        try:
            out, err = p.communicate(timeout=max(timeout, 0.001))
        except subprocess.TimeoutExpired:
            kill()
            out, err = p.communicate()
    ms = (time.perf_counter() - t0) * 1000.0
    if timed_out:
        return {"ms": INF, "rc": None, "to": True, "stdout": "", "stderr": ""}
    return {"ms": ms, "rc": p.returncode, "to": False,
            "stdout": out.decode("utf-8", "replace"),
            "stderr": err.decode("utf-8", "replace")}


def first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


def version_of(cmd):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=30)
        return p.stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""


def dpkg_version(pkg):
    out = version_of(["dpkg-query", "-W", "-f=${Version}", pkg])
    return out.strip() if out and "no packages" not in out.lower() else ""


# ----------------------------------------------------------- base class

class Peer:
    name = "?"
    genres = ()

    def __init__(self, gridcnf):
        self.gridcnf = gridcnf
        self.available, self.version, self.why = self.detect()

    def detect(self):
        return False, "", "not implemented"

    def warm_cmd(self, rec):
        """An untimed run of the binary that the timed run starts, made
        right before it (see bench.py: every tool follows itself)."""
        return [self.exe, "--version"]

    def applies(self, rec):
        """(True, None) or (False, reason)."""
        if rec["genre"] not in self.genres:
            return False, f"{self.name} has no model for {rec['genre']}"
        return True, None

    def prepare(self, rec, path, tmp):
        """Writes the peer's input files (untimed); returns a context."""
        return {}

    def run(self, rec, ctx, timeout):
        """Returns {"ms", "to", "status", "solution", "second", "error",
        "peer_multiple_without_second"}."""
        raise NotImplementedError


def answer(ms, status=None, solution=None, second=None, error=None, to=False,
           no_second_ok=False):
    return {"ms": ms, "to": to, "status": "TO" if to else status,
            "solution": solution, "second": second, "error": error,
            "no_second_ok": no_second_ok}


def grid_from_values(rec, cells):
    """cells: dict (r, c) -> value; returns an n x n list (0 where absent)."""
    n = rec["n"]
    return [[cells.get((r, c), 0) for c in range(n)] for r in range(n)]


# ------------------------------------------------------------------ clingo

def export(gridcnf, fmt, path, out):
    """`gridcnf convert --to FMT PUZZLE > OUT` (untimed preparation); None, or
    an error message."""
    p = run_proc([gridcnf, "convert", "--to", fmt, path], 600)
    if p["to"] or p["rc"] != 0:
        return f"gridcnf convert --to {fmt}: exit {p['rc']}: {p['stderr'].strip()[:200]}"
    with open(out, "w") as f:
        f.write(p["stdout"])
    return None


class Clingo(Peer):
    name = "clingo"
    genres = ("skyscrapers", "futoshiki", "starbattle")

    def detect(self):
        exe = shutil.which("clingo")
        if not exe:
            return False, "", "not installed"
        m = re.search(r"clingo version (\S+)", version_of([exe, "--version"]))
        self.exe = exe
        return True, f"clingo {m.group(1) if m else '?'}", None

    def prepare(self, rec, path, tmp):
        facts = os.path.join(tmp, "facts.lp")
        why = export(self.gridcnf, "asp", path, facts)
        if why:
            return {"error": why}
        return {"facts": facts, "model": os.path.join(MODELS, rec["genre"] + ".lp")}

    def run(self, rec, ctx, timeout):
        if ctx.get("error"):
            return answer(0.0, error=ctx["error"])
        cmd = [self.exe, "--outf=2", "--models", "2", ctx["model"], ctx["facts"]]
        p = run_proc(cmd, timeout)
        if p["to"]:
            return answer(INF, to=True)
        try:
            js = json.loads(p["stdout"])
        except ValueError:
            return answer(p["ms"], error=f"clingo: no JSON output (exit {p['rc']}); "
                          + p["stderr"].strip()[:300])
        wits = []
        for call in js.get("Call") or []:
            wits.extend(call.get("Witnesses") or [])
        models = js.get("Models") or {}
        number, more = models.get("Number"), models.get("More")
        sols = [self.decode(rec, w.get("Value") or []) for w in wits]
        if js.get("Result") == "UNSATISFIABLE":
            return answer(p["ms"], status="none", error="clingo: UNSATISFIABLE")
        if number == 1 and more == "no" and len(sols) == 1:
            return answer(p["ms"], "unique", sols[0])
        if number is not None and number >= 2 and len(sols) >= 2:
            return answer(p["ms"], "multiple", sols[0], sols[1])
        return answer(p["ms"], error=f"clingo: unexpected result {js.get('Result')} "
                      f"Models={models} witnesses={len(sols)}")

    def decode(self, rec, atoms):
        cells = {}
        for a in atoms:
            m = re.match(r"^x\((\d+),(\d+),(\d+)\)$", a)
            if m:
                cells[(int(m.group(1)), int(m.group(2)))] = int(m.group(3))
                continue
            m = re.match(r"^s\((\d+),(\d+)\)$", a)
            if m:
                cells[(int(m.group(1)), int(m.group(2)))] = 1
        return grid_from_values(rec, cells)


# ---------------------------------------------------------------- minizinc

class MiniZinc(Peer):
    """MiniZinc model, compiled to FlatZinc for Gecode once per puzzle before
    the timed runs (the compile time is recorded once, not timed per run);
    each timed run is `fzn-gecode -n 2 F.fzn`."""
    name = "minizinc"
    genres = ("skyscrapers", "futoshiki", "starbattle")

    def warm_cmd(self, rec):
        return [self.fzn, "--help"]

    def detect(self):
        exe = shutil.which("minizinc")
        if not exe:
            return False, "", "not installed"
        solvers = version_of([exe, "--solvers"])
        m = re.search(r"Gecode (\S+) \(org\.gecode\.gecode", solvers)
        fzn = shutil.which("fzn-gecode")
        if not m or not fzn:
            return False, "", "MiniZinc installed but no Gecode solver (package flatzinc)"
        v = re.search(r"version (\S+)", version_of([exe, "--version"]))
        self.exe, self.fzn = exe, fzn
        return True, f"MiniZinc {v.group(1) if v else '?'} + Gecode {m.group(1)} (fzn-gecode)", None

    def applies(self, rec):
        ok, why = super().applies(rec)
        if not ok:
            return ok, why
        # Scope: where Gecode (no clause learning) on these models runs into
        # the timeout on most puzzles, it is left out; otherwise its timeouts
        # alone (60 s each) would take the benchmark far past its time budget.
        # Measured in an exploratory run (1 repetition, 20 s limit, 2 puzzles
        # per class): Star Battle with 2+ stars from 17x17 up: 19 of 25 timed
        # out; Skyscrapers from 11x11 up without givens: 3 of 4.
        if rec["genre"] == "starbattle" and rec["stars"] >= 2 and rec["n"] >= 17:
            return False, ("out of scope for Gecode: Star Battle with 2+ stars from 17x17 "
                           "up (19 of 25 such puzzles timed out at 20 s in an exploratory run)")
        if rec["genre"] == "skyscrapers" and rec["n"] >= 11 and not any(
                v for row in (rec.get("givens") or []) for v in row):
            return False, ("out of scope for Gecode: Skyscrapers from 11x11 up without "
                           "givens (3 of 4 timed out at 20 s in an exploratory run)")
        return True, None

    def prepare(self, rec, path, tmp):
        data = os.path.join(tmp, "data.dzn")
        why = export(self.gridcnf, "dzn", path, data)
        if why:
            return {"error": why}
        fzn, ozn = os.path.join(tmp, "f.fzn"), os.path.join(tmp, "f.ozn")
        model = os.path.join(MODELS, rec["genre"] + ".mzn")
        p = run_proc([self.exe, "--solver", "gecode", "-c", model, data,
                      "--fzn", fzn, "--ozn", ozn], 600)
        if p["to"] or p["rc"] != 0 or not os.path.exists(fzn):
            return {"error": "minizinc: compilation to FlatZinc failed: "
                    + p["stderr"].strip()[-300:]}
        return {"fzn": fzn, "compile_ms": p["ms"]}

    def run(self, rec, ctx, timeout):
        if ctx.get("error"):
            return answer(0.0, error=ctx["error"])
        p = run_proc([self.fzn, "-n", "2", ctx["fzn"]], timeout)
        if p["to"]:
            return answer(INF, to=True)
        out = p["stdout"]
        sols, complete = [], False
        n = rec["n"]
        for line in out.splitlines():
            s = line.strip()
            m = re.match(r"^[a-z]\w* = array2d\(1\.\.\d+, 1\.\.\d+, (\[.*\])\);$", s)
            if m:
                try:
                    flat = json.loads(m.group(1))
                except ValueError:
                    return answer(p["ms"], error=f"fzn-gecode: bad solution line {s[:80]!r}")
                if len(flat) != n * n:
                    return answer(p["ms"], error=f"fzn-gecode: {len(flat)} values for {n}x{n}")
                sols.append([flat[r * n:(r + 1) * n] for r in range(n)])
            elif s == "==========":
                complete = True
            elif s == "=====UNSATISFIABLE=====":
                return answer(p["ms"], status="none", error="fzn-gecode: UNSATISFIABLE")
        if len(sols) == 1 and complete:
            return answer(p["ms"], "unique", sols[0])
        if len(sols) >= 2:
            return answer(p["ms"], "multiple", sols[0], sols[1])
        return answer(p["ms"], error=f"fzn-gecode: {len(sols)} solution(s), complete={complete}, "
                      f"exit {p['rc']}; " + (p["stderr"].strip() or out.strip())[:300])


# ------------------------------------------------------------- SAT solvers

def read_dimacs_key(text):
    """(nvars, nclauses, body_start, cell block (first, d0, d1, d2))."""
    cell = None
    header = None
    pos = 0
    for line in text.splitlines(keepends=True):
        s = line.strip()
        if s.startswith("c gridcnf block cell "):
            m = re.search(r"first=(\d+) dims=(\d+),(\d+),(\d+)", s)
            if m:
                cell = tuple(int(x) for x in m.groups())
        elif s.startswith("p cnf"):
            parts = s.split()
            header = (int(parts[2]), int(parts[3]), pos + len(line))
            break
        pos += len(line)
    if header is None or cell is None:
        return None
    return header[0], header[1], header[2], cell


def parse_v_lines(text):
    """Literals from `v ...` lines (SAT competition output)."""
    lits = []
    for line in text.splitlines():
        if line.startswith("v "):
            lits.extend(int(x) for x in line[2:].split())
    return lits


def sat_status(text):
    for line in text.splitlines():
        if line.startswith("s "):
            s = line[2:].strip()
            if s == "SATISFIABLE":
                return "SAT"
            if s == "UNSATISFIABLE":
                return "UNSAT"
    return None


class SatPeer(Peer):
    genres = ("skyscrapers", "futoshiki", "starbattle")
    package = None

    def detect(self):
        exe = shutil.which(self.name)
        if not exe:
            return False, "", "not installed"
        self.exe = exe
        return True, self.describe(exe), None

    def describe(self, exe):
        v = dpkg_version(self.package) if self.package else ""
        return f"{self.name} {v}".strip()

    def prepare(self, rec, path, tmp):
        return {"puzzle": path, "cnf": os.path.join(tmp, "f.cnf"),
                "cnf2": os.path.join(tmp, "f2.cnf"), "model": os.path.join(tmp, "model.txt"),
                "tmp": tmp}

    def solve(self, cnf, ctx, timeout):
        """Runs the solver; returns (proc, "SAT"|"UNSAT"|None, literals)."""
        raise NotImplementedError

    def decode(self, rec, lits, cell):
        first, d0, d1, d2 = cell
        true = set(l for l in lits if l > 0)
        n = rec["n"]
        g = [[0] * n for _ in range(n)]
        block = []
        for i in range(d0):
            for j in range(d1):
                for k in range(d2):
                    v = first + (i * d1 + j) * d2 + k
                    if v in true:
                        block.append(-v)
                        if d2 == 1:
                            g[i][j] = 1
                        elif g[i][j] == 0:
                            g[i][j] = k + 1
                        else:
                            g[i][j] = -1  # two values in one cell: not a solution
        return g, block

    def run(self, rec, ctx, timeout):
        left = timeout
        p0 = run_proc([self.gridcnf, "cnf", "-o", ctx["cnf"], ctx["puzzle"]], left)
        if p0["to"]:
            return answer(INF, to=True)
        total = p0["ms"]
        left -= p0["ms"] / 1000.0
        if p0["rc"] != 0:
            return answer(total, error=f"gridcnf cnf: exit {p0['rc']}: {p0['stderr'].strip()[:200]}")
        with open(ctx["cnf"]) as f:
            text = f.read()
        key = read_dimacs_key(text)
        if key is None:
            return answer(total, error="gridcnf cnf: no 'p cnf' header or no cell block comment")
        nvars, ncls, body, cell = key
        p1, st1, lits1 = self.solve(ctx["cnf"], ctx, left)
        if p1["to"]:
            return answer(INF, to=True)
        total += p1["ms"]
        left -= p1["ms"] / 1000.0
        if st1 != "SAT":
            return answer(total, status="none",
                          error=f"{self.name}: first call {st1 or 'no verdict'} (exit {p1['rc']}); "
                          + p1["stderr"].strip()[:200])
        sol, block = self.decode(rec, lits1, cell)
        if not block:
            return answer(total, error=f"{self.name}: model sets no cell variable")
        # untimed: the DIMACS plus one clause that excludes this cell assignment
        with open(ctx["cnf2"], "w") as f:
            f.write(f"p cnf {nvars} {ncls + 1}\n")
            f.write(text[body:])
            if not text.endswith("\n"):
                f.write("\n")
            f.write(" ".join(str(l) for l in block) + " 0\n")
        p2, st2, lits2 = self.solve(ctx["cnf2"], ctx, left)
        if p2["to"]:
            return answer(INF, to=True)
        total += p2["ms"]
        if st2 == "UNSAT":
            return answer(total, "unique", sol)
        if st2 == "SAT":
            sec, _ = self.decode(rec, lits2, cell)
            return answer(total, "multiple", sol, sec)
        return answer(total, error=f"{self.name}: second call gave no verdict (exit {p2['rc']}); "
                      + p2["stderr"].strip()[:200])


class Minisat(SatPeer):
    name = "minisat"
    package = "minisat"

    def solve(self, cnf, ctx, timeout):
        model = ctx["model"]
        if os.path.exists(model):
            os.unlink(model)
        p = run_proc([self.exe, "-verb=0", cnf, model], timeout)
        if p["to"]:
            return p, None, []
        st, lits = None, []
        if os.path.exists(model):
            with open(model) as f:
                words = f.read().split()
            if words[:1] == ["SAT"]:
                st = "SAT"
                lits = [int(x) for x in words[1:]]
            elif words[:1] == ["UNSAT"]:
                st = "UNSAT"
        if (st == "SAT" and p["rc"] != 10) or (st == "UNSAT" and p["rc"] != 20):
            st = None
        return p, st, lits


class CompSat(SatPeer):
    """Solvers that print `s SATISFIABLE` / `v ...` lines."""
    args = ()

    def solve(self, cnf, ctx, timeout):
        p = run_proc([self.exe] + list(self.args) + [cnf], timeout)
        if p["to"]:
            return p, None, []
        st = sat_status(p["stdout"])
        if (st == "SAT" and p["rc"] != 10) or (st == "UNSAT" and p["rc"] != 20):
            st = None
        return p, st, parse_v_lines(p["stdout"]) if st == "SAT" else []


class Picosat(CompSat):
    name = "picosat"
    package = "picosat"


class Cryptominisat(CompSat):
    name = "cryptominisat5"
    package = "cryptominisat"
    args = ("--verb", "0", "--threads", "1")


class Cadical(CompSat):
    name = "cadical"
    package = "cadical"
    args = ("-q",)

    def describe(self, exe):
        v = first_line(version_of([exe, "--version"]))
        d = dpkg_version("cadical")
        return f"cadical {v}" + (f" (Debian {d})" if d else "")


# ------------------------------------------------------------------ Tatham

def towers_id(rec):
    n = rec["n"]
    clues = []
    for side in ("top", "bottom", "left", "right"):
        clues.extend(rec.get(side) or [0] * n)
    desc = "/".join(str(v) if v else "" for v in clues)
    gv = rec.get("givens")
    if gv and any(v for row in gv for v in row):
        parts, run, last_num = [], 0, False
        for v in (x for row in gv for x in row):
            if v == 0:
                run += 1
                continue
            while run > 0:
                k = min(run, 26)
                parts.append(chr(ord("a") + k - 1))
                run -= k
                last_num = False
            if last_num:
                parts.append("_")
            parts.append(str(v))
            last_num = True
        while run > 0:
            k = min(run, 26)
            parts.append(chr(ord("a") + k - 1))
            run -= k
        desc += "," + "".join(parts)
    return f"{n}:{desc}"


def unequal_id(rec):
    n = rec["n"]
    gv = rec.get("givens") or [[0] * n for _ in range(n)]
    flags = {}
    for r1, c1, r2, c2 in rec.get("lt") or []:
        # the flag sits on the greater cell and points at the smaller one
        d = {(-1, 0): "U", (1, 0): "D", (0, -1): "L", (0, 1): "R"}.get((r1 - r2, c1 - c2))
        if d is None:
            return None
        flags.setdefault((r2, c2), "")
        if d not in flags[(r2, c2)]:
            flags[(r2, c2)] += d
    cells = []
    for r in range(n):
        for c in range(n):
            cells.append(str(gv[r][c]) + "".join(ch for ch in "URDL" if ch in flags.get((r, c), "")))
    return f"{n}:" + ",".join(cells) + ","


def unequal_digit(ch, n):
    if n < 10:
        return int(ch) if ch.isdigit() and ch != "0" else None
    if ch.isdigit():
        return int(ch) + 1
    if "A" <= ch <= "Z":
        return ord(ch) - ord("A") + 11
    return None


class Tatham(Peer):
    name = "tatham"
    genres = ("skyscrapers", "futoshiki")

    def warm_cmd(self, rec):
        # an unknown option: one line and exit (without arguments
        # unequalsolver goes on working)
        exe = self.towers if rec["genre"] == "skyscrapers" else self.unequal
        return [exe, "--help"]

    def detect(self):
        t = os.path.join(TATHAM_BIN, "towerssolver")
        u = os.path.join(TATHAM_BIN, "unequalsolver")
        if not (os.access(t, os.X_OK) and os.access(u, os.X_OK)):
            return False, "", "not built (benchmarks/peers/build-tatham.sh)"
        self.towers, self.unequal = t, u
        v = ""
        vf = os.path.join(os.path.dirname(TATHAM_BIN), "VERSION")
        if os.path.exists(vf):
            v = open(vf).read().strip()
        return True, f"towerssolver / unequalsolver from {v or 'the Puzzles source'}", None

    def applies(self, rec):
        ok, why = super().applies(rec)
        if not ok:
            return ok, why
        if rec["genre"] == "skyscrapers":
            if rec.get("boxes"):
                return False, "Towers has no Sudoku boxes"
            if rec["n"] > 9:
                return False, "Towers IDs stop at 9x9"
        if rec["genre"] == "futoshiki" and rec["n"] > 32:
            return False, "Unequal stops at 32x32"
        return True, None

    def game_id(self, rec):
        raw = rec.get("raw")
        if rec["id"].startswith("tatham-") and isinstance(raw, str) and ":" in raw:
            return raw
        return towers_id(rec) if rec["genre"] == "skyscrapers" else unequal_id(rec)

    def prepare(self, rec, path, tmp):
        return {"id": self.game_id(rec)}

    def run(self, rec, ctx, timeout):
        if ctx["id"] is None:
            return answer(0.0, error="tatham: cannot write the game ID")
        exe = self.towers if rec["genre"] == "skyscrapers" else self.unequal
        p = run_proc([exe, ctx["id"]], timeout)
        if p["to"]:
            return answer(INF, to=True)
        if p["rc"] != 0:
            return answer(p["ms"], error=f"tatham: exit {p['rc']}: {p['stderr'].strip()[:200]}")
        lines = p["stdout"].splitlines()
        n = rec["n"]
        if rec["genre"] == "skyscrapers":
            if any("Unable to find a unique solution" in l for l in lines):
                return answer(p["ms"], "multiple", None, None, no_second_ok=True)
            if any("inconsistent" in l for l in lines):
                return answer(p["ms"], error="towerssolver: Puzzle is inconsistent")
            # top clue row, blank, n rows "L  d d d  R", blank, bottom clue row
            if len(lines) < n + 2:
                return answer(p["ms"], error=f"towerssolver: {len(lines)} output lines")
            grid = []
            for r in range(n):
                row = lines[2 + r]
                cells = [row[3 + 2 * c] if len(row) > 3 + 2 * c else " " for c in range(n)]
                grid.append([int(ch) if ch.isdigit() else 0 for ch in cells])
            return answer(p["ms"], "unique", grid)
        # unequalsolver: log, then a verdict line, then the final grid
        verdict = None
        for i, l in enumerate(lines):
            if l.startswith("Game has multiple solutions"):
                verdict = ("multiple", i)
            elif l.startswith("Game is impossible"):
                verdict = ("none", i)
            elif l.startswith("Game has difficulty"):
                verdict = ("unique", i)
        if verdict is None:
            return answer(p["ms"], error="unequalsolver: no verdict line")
        if verdict[0] == "none":
            return answer(p["ms"], status="none", error="unequalsolver: Game is impossible")
        if verdict[0] == "multiple":
            return answer(p["ms"], "multiple", None, None, no_second_ok=True)
        rows = lines[verdict[1] + 1:]
        grid = []
        for r in range(n):
            row = rows[2 * r] if 2 * r < len(rows) else ""
            vals = [unequal_digit(row[2 * c], n) if len(row) > 2 * c else None for c in range(n)]
            grid.append([v if v is not None else 0 for v in vals])
        return answer(p["ms"], "unique", grid)


CLASSES = {"clingo": Clingo, "minizinc": MiniZinc, "minisat": Minisat,
           "picosat": Picosat, "cryptominisat5": Cryptominisat, "cadical": Cadical,
           "tatham": Tatham}


def make_peers(names, gridcnf):
    return [CLASSES[n](gridcnf) for n in names]
