#!/usr/bin/env python3
"""Star Battle puzzles with a planted solution, for measuring encodings.

    python3 benchmarks/planted.py N M SEED COUNT > puzzles.jsonl

Writes COUNT puzzles (n x n, m stars) in the corpus JSON-lines format, made
the way ../shared/bench/scaling-starbattle.jsonl describes its own: a
random star placement first, regions grown around it afterwards, so the
placement solves the puzzle and other solutions are usual ("unique": null).

- Placement: the formula of a Star Battle whose regions are its rows
  (`gridcnf cnf`: m stars per row and column, none touching), its variables
  renumbered by a random permutation, solved by the `cadical` binary
  (a benchmark peer; benchmarks/peers/setup.sh installs it).
- Regions: the stars sorted along a snake through bands of 2-4 rows (band
  height and offset random), each run of m consecutive stars is one
  region's seed; the regions grow one random free neighbour cell at a time
  until the grid is covered; a layout with a region in several pieces is
  drawn again, and after 200 such draws the placement too.

Used for the `--sb-blocks` measurements in RESULTS.md (seed 7, 12 puzzles
per class).
"""
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GRIDCNF = os.environ.get("GRIDCNF", os.path.join(HERE, "out", "build", "gridcnf"))


def placement(n, m, rng, tmp):
    """Rows of star columns: m per row and column, no two touching."""
    rows_as_regions = {"id": "placement", "genre": "starbattle", "n": n,
                       "stars": m, "regions": [[r] * n for r in range(n)]}
    src = os.path.join(tmp, "rows.jsonl")
    with open(src, "w") as f:
        f.write(json.dumps(rows_as_regions) + "\n")
    cnf = subprocess.run([GRIDCNF, "cnf", "--no-sb-bands", src], check=True,
                         capture_output=True, text=True).stdout
    clauses, nvars = [], 0
    for line in cnf.splitlines():
        if line.startswith("p "):
            nvars = int(line.split()[2])
        elif line and line[0] not in "cp":
            clauses.append([int(x) for x in line.split()[:-1]])
    perm = list(range(1, nvars + 1))
    rng.shuffle(perm)  # variable v becomes perm[v - 1]
    shuffled = os.path.join(tmp, "shuffled.cnf")
    with open(shuffled, "w") as f:
        f.write(f"p cnf {nvars} {len(clauses)}\n")
        for c in clauses:
            f.write(" ".join(str(perm[abs(x) - 1] * (1 if x > 0 else -1))
                             for x in c) + " 0\n")
    out = subprocess.run(["cadical", "-q", shuffled], capture_output=True,
                         text=True).stdout
    true = set()
    for line in out.splitlines():
        if line.startswith("v "):
            true.update(int(x) for x in line.split()[1:] if int(x) > 0)
    if not true:
        raise SystemExit(f"no placement for n={n} m={m}")
    # the cells are variables 1..n*n of the original numbering
    return [[c for c in range(n) if perm[r * n + c] in true] for r in range(n)]


def connected(cells):
    cells = set(cells)
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return len(seen) == len(cells)


def regions(n, m, rows, rng, tries=200):
    """The regions, or None when tries layouts all had a split region."""
    stars = [(r, c) for r in range(n) for c in rows[r]]
    for _ in range(tries):
        h, off = rng.choice((2, 3, 4)), rng.randrange(4)

        def snake(p):
            band = (p[0] + off) // h
            return (band, p[1] if band % 2 == 0 else -p[1], p[0])

        reg = [[-1] * n for _ in range(n)]
        front = []
        for k, (r, c) in enumerate(sorted(stars, key=snake)):
            reg[r][c] = k // m
            front.append((r, c))
        while front:
            j = rng.randrange(len(front))
            r, c = front[j]
            free = [(r + a, c + b) for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if 0 <= r + a < n and 0 <= c + b < n and reg[r + a][c + b] < 0]
            if not free:
                front[j] = front[-1]
                front.pop()
                continue
            a, b = rng.choice(free)
            reg[a][b] = reg[r][c]
            front.append((a, b))
        if all(connected([(r, c) for r in range(n) for c in range(n) if reg[r][c] == g])
               for g in range(n)):
            return reg
    return None


def main():
    if len(sys.argv) != 5:
        raise SystemExit(__doc__.strip().splitlines()[2].strip())
    n, m, seed, count = map(int, sys.argv[1:])
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        for t in range(count):
            reg = None
            while reg is None:  # a placement whose stars group well
                rows = placement(n, m, rng, tmp)
                reg = regions(n, m, rows, rng)
            sol = [[1 if c in rows[r] else 0 for c in range(n)] for r in range(n)]
            print(json.dumps({"id": f"planted-{n}-{m}-s{seed}-{t:02d}",
                              "genre": "starbattle", "n": n, "stars": m,
                              "regions": reg, "solution": sol, "unique": None,
                              "difficulty": None, "source": "benchmarks/planted.py",
                              "raw": None}), flush=True)


if __name__ == "__main__":
    main()
