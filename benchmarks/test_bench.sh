#!/usr/bin/env bash
# Test of the benchmark harness: a quick Skyscrapers run with one peer
# (cadical on gridcnf's DIMACS) into a temporary directory
# (benchmarks/RESULTS.md is not touched), then checks that the report has its
# sections and tables and that verification passed; a corpus with a wrong
# known solution must fail the run for gridcnf and for the peer; a run
# without peers has no peer sections; the Tatham game IDs that the harness
# writes equal the corpus's own; planted.py is deterministic per seed and
# its planted solutions obey the rules.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$(mktemp -d "${TMPDIR:-/tmp}/gridcnf-bench-test.XXXXXX")"
trap 'rm -rf "$out"' EXIT
fail=0
check() { # description, command...
  local what="$1"; shift
  if "$@"; then echo "ok   - $what"; else echo "FAIL - $what"; fail=1; fi
}

"$here/run.sh" --quick --genres skyscrapers --peers cadical --out "$out" >"$out/log.txt" 2>&1
rc=$?
report="$out/RESULTS.md"
check "run.sh --quick exits 0 (got $rc)" test "$rc" -eq 0
check "RESULTS.md written to --out" test -s "$report"
check "raw data written" test -s "$out/raw.jsonl"
check "summary.json written" python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$out/summary.json"
check "verification passed" grep -q '^Verification: passed' "$report"
check "no FAILED marker" bash -c "! grep -q FAILED '$report'"
check "corpus section" grep -q '^## Corpus' "$report"
check "scaling section" grep -q '^## Scaling series' "$report"
check "findings section" grep -q '^## Findings' "$report"
check "machine section" grep -q '^## Machine and run' "$report"
check "table header with default, in-process, no-edge-units and spawn columns" \
  grep -q '^| class | puzzles | default ms med (worst) | in-process ms med (worst) .*no-edge-units ms med (worst) .*| spawn ms med (worst) |$' "$report"
check "a corpus row for skyscrapers 9x9" grep -Eq '^\| skyscrapers 9x9 \| [0-9]+( of [0-9]+)? \| [0-9.]+ \([0-9.]+\)' "$report"
check "a scaling row for skyscrapers 12x12" grep -Eq '^\| skyscrapers 12x12 \| [0-9]+( of [0-9]+)? \| [0-9.]+ \([0-9.]+\)' "$report"
check "two timing tables (corpus and scaling)" \
  test "$(grep -c '^| class | puzzles | default ms' "$report")" -eq 2
check "only skyscrapers rows" bash -c "! grep -Eq '^\| (futoshiki|starbattle) ' '$report'"
check "every run is in raw.jsonl and none failed" python3 - "$out/raw.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert rows, "no runs"
bad = [r for r in rows if r["error"]]
assert not bad, bad[:3]
assert {r["variant"] for r in rows} >= {"default", "no-edge-units", "spawn", "peer:cadical"}
PY
check "peers section with a cadical column" \
  grep -q '^| class | puzzles | gridcnf ms med (worst) | cadical ms med (worst) \[x gridcnf\] | best peer med |' "$report"
check "two peer tables (corpus and scaling)" \
  test "$(grep -c '^| class | puzzles | gridcnf ms med (worst) | cadical' "$report")" -eq 2
check "a Done means section with both targets" \
  bash -c "grep -q '^## Done means' '$report' && grep -q 'Median target' '$report' && grep -q 'Worst-case target' '$report'"
check "the peer's version is in the report" grep -q '`cadical` = cadical' "$report"
if command -v gnuplot >/dev/null 2>&1; then
  check "an SVG plot per series, linked from the report" \
    bash -c "test -s '$out/plots/corpus-skyscrapers.svg' && grep -q '](plots/corpus-skyscrapers.svg)' '$report'"
fi
check "Tatham IDs written by the harness equal the corpus's own" python3 - "$here/peers" <<'PY'
import json, sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
import peerrun
n = 0
for f, conv in (("skyscrapers", peerrun.towers_id), ("futoshiki", peerrun.unequal_id)):
    for line in open(f"/work/shared/corpus/{f}.jsonl"):
        r = json.loads(line)
        if r["id"].startswith("tatham-"):
            assert conv(r).split(":", 1)[1] == r["raw"].split(":", 1)[1], r["id"]
            n += 1
assert n > 100, n
PY

check "an option whose help line starts 'Word:' with no such genre is warned about" python3 - "$here" <<'PY'
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
import bench
help_text = """encoding options: how a puzzle becomes CNF.

  --edge-units=0|1        Skyscrapers: the edge deductions (default 1)
  --probe=0|1             with simplify: failed literals (default 1)
  --phase=0|1             the initial phase (default 1)
"""
listed = ["futoshiki", "skyscrapers", "starbattle"]
opts = bench.parse_encoding_options(help_text, listed)
warn = bench.unlisted_genre_warnings(opts, listed)
assert len(warn) == 1 and "--probe" in warn[0], warn
PY

check "every installed peer's warm-up run (before each timed run) ends within 2 s" python3 - "$here/peers" <<'PY'
import subprocess, sys, time
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
import peerrun
for name in peerrun.ALL_PEERS:
    pr = peerrun.CLASSES[name]("/bin/true")
    if not pr.available:
        continue
    for genre in pr.genres:
        cmd = pr.warm_cmd({"genre": genre})
        t = time.perf_counter()
        subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=10)
        assert time.perf_counter() - t < 2, (name, genre, cmd)
PY

# a wrong answer must fail the benchmark: feed a corpus whose known solution is wrong
mkdir -p "$out/badcorpus" "$out/badscaling"
python3 - "$out/badcorpus/skyscrapers.jsonl" <<'PY'
import json, sys
line = open("/work/shared/corpus/skyscrapers.jsonl").readline()
r = json.loads(line)
r["solution"][0][0], r["solution"][0][1] = r["solution"][0][1], r["solution"][0][0]
open(sys.argv[1], "w").write(json.dumps(r) + "\n")
PY
python3 "$here/bench.py" --gridcnf "$here/out/build/gridcnf" --quick --genres skyscrapers \
  --variants default --peers cadical --corpus "$out/badcorpus" --scaling "$out/badscaling" \
  --out "$out/bad" >"$out/bad.log" 2>&1
rc=$?
check "a wrong known solution fails the benchmark with exit 1 (got $rc)" test "$rc" -eq 1
check "the failing puzzle is listed" grep -q 'seed-000-ss_99.*solution differs' "$out/bad/RESULTS.md"
check "the peer's wrong answer is listed too" \
  grep -q 'seed-000-ss_99` variant `peer:cadical`.*solution differs' "$out/bad/RESULTS.md"

# without peers: no peer sections
python3 "$here/bench.py" --gridcnf "$here/out/build/gridcnf" --quick --genres futoshiki \
  --variants default --no-peers --out "$out/nopeers" >"$out/nopeers.log" 2>&1
rc=$?
check "--no-peers run exits 0 (got $rc)" test "$rc" -eq 0
check "--no-peers: no Peers or Done means section" \
  bash -c "! grep -Eq '^## (Peers|Done means)' '$out/nopeers/RESULTS.md'"

# planted.py: the same puzzles for the same seed; each planted solution
# obeys the rules; gridcnf answers multiple, or unique with that solution
python3 "$here/planted.py" 10 2 3 2 >"$out/planted.jsonl" &&
  python3 "$here/planted.py" 10 2 3 2 >"$out/planted2.jsonl"
check "planted.py writes 2 puzzles, the same twice for one seed" \
  bash -c "test \$(wc -l <'$out/planted.jsonl') -eq 2 && cmp -s '$out/planted.jsonl' '$out/planted2.jsonl'"
check "planted.py: planted solutions valid, verdicts consistent" python3 - "$here/out/build/gridcnf" "$out" <<'PY'
import json, subprocess, sys
exe, out = sys.argv[1], sys.argv[2]
for line in open(f"{out}/planted.jsonl"):
    rec = json.loads(line)
    with open(f"{out}/one.jsonl", "w") as f:
        f.write(line)
    with open(f"{out}/grid.json", "w") as f:
        json.dump(rec["solution"], f)
    chk = subprocess.run([exe, "check", f"{out}/one.jsonl", f"{out}/grid.json"],
                         capture_output=True, text=True)
    assert chk.returncode == 0, chk.stdout + chk.stderr
    res = json.loads(subprocess.run([exe, "solve", "--json", f"{out}/one.jsonl"],
                                    capture_output=True, text=True).stdout)
    assert res["status"] == "multiple" or (res["status"] == "unique"
                                           and res["solution"] == rec["solution"]), res
PY

if [ "$fail" -ne 0 ]; then
  echo "--- run log ---"; cat "$out/log.txt"
  exit 1
fi
echo "all harness checks passed"
