#!/usr/bin/env bash
# Test of the benchmark harness: a quick Skyscrapers run into a temporary
# directory (benchmarks/RESULTS.md is not touched), then checks that the
# report has its sections and tables and that verification passed.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$(mktemp -d "${TMPDIR:-/tmp}/gridcnf-bench-test.XXXXXX")"
trap 'rm -rf "$out"' EXIT
fail=0
check() { # description, command...
  local what="$1"; shift
  if "$@"; then echo "ok   - $what"; else echo "FAIL - $what"; fail=1; fi
}

"$here/run.sh" --quick --genres skyscrapers --out "$out" >"$out/log.txt" 2>&1
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
assert {r["variant"] for r in rows} >= {"default", "no-edge-units", "spawn"}
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
  --variants default --corpus "$out/badcorpus" --scaling "$out/badscaling" \
  --out "$out/bad" >"$out/bad.log" 2>&1
rc=$?
check "a wrong known solution fails the benchmark with exit 1 (got $rc)" test "$rc" -eq 1
check "the failing puzzle is listed" grep -q 'seed-000-ss_99.*solution differs' "$out/bad/RESULTS.md"

if [ "$fail" -ne 0 ]; then
  echo "--- run log ---"; cat "$out/log.txt"
  exit 1
fi
echo "all harness checks passed"
