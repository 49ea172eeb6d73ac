#!/usr/bin/env bash
# Builds the libFuzzer harnesses (GC_FUZZ=ON, clang) into build-fuzz, makes
# seed corpora there from the project's own test data, and runs each
# harness for RUNS executions, two at a time.
#
#   bash tests/fuzz/run.sh [RUNS] [reader|model|grid|solve|nomem]...
#
# RUNS defaults to 1000000; with no names every harness runs (nomem is the
# memory-limited mode: allocations of CaDiCaL and jansson fail on demand).  The
# environment can set GC_FUZZ_JOBS (parallel harnesses, default 2) and
# GC_FUZZ_MAX_TIME (seconds per harness, a safety net, default 7200).
# Everything generated stays under build-fuzz/ (never commit it):
#   seeds/puzzles, seeds/models   the seeds, rebuilt on every run
#   corpus/<harness>              what libFuzzer keeps (grows across runs)
#   artifacts/<harness>/          crash-*, leak-*, timeout-*, oom-* inputs
#   logs/<harness>.log            the fuzzer's output
# Reproduce a finding with: build-fuzz/tests/fuzz/fuzz_<harness> FILE
# Exit status: 0 when no harness found anything.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/tests/fuzz
build=$root/build-fuzz
runs=${1:-1000000}
[ $# -gt 0 ] && shift
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(reader model grid solve nomem)
jobs=${GC_FUZZ_JOBS:-2}
max_time=${GC_FUZZ_MAX_TIME:-7200}

echo "== build ($build)"
CC=${CC:-clang} CXX=${CXX:-clang++} cmake -S "$root" -B "$build" -DGC_FUZZ=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j2 >/dev/null

echo "== seeds"
seeds=$build/seeds
rm -rf "$seeds"
mkdir -p "$seeds/puzzles" "$seeds/models" "$seeds/grids"
for f in "$root"/tests/data/bad/*/* "$root"/examples/*; do
  case "$f" in *.err) continue ;; esac
  [ -f "$f" ] && cp "$f" "$seeds/puzzles/$(basename "$(dirname "$f")")-$(basename "$f")"
done
# The puzzles and models written inline in the tests: every run of adjacent
# C string literals that looks like a puzzle (JSON, a text notation, a
# pasted format: URL, Tatham ID, SBN, arrays) or a solver answer.
python3 - "$root/tests" "$seeds" <<'EOF'
import glob, hashlib, os, re, sys
tests, seeds = sys.argv[1], sys.argv[2]
lit = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
gap = re.compile(r'(?:\s|//[^\n]*\n|/\*.*?\*/)*', re.S)
esc = {'n': 10, 'r': 13, 't': 9, '0': 0, '\\': 92, '"': 34, "'": 39,
       'a': 7, 'b': 8, 'f': 12, 'v': 11, '?': 63}
def unescape(s):
    out, i = bytearray(), 0
    while i < len(s):
        c = s[i]
        if c != '\\':
            out += c.encode(); i += 1; continue
        d = s[i + 1]
        if d == 'x':
            j = i + 2
            while j < len(s) and s[j] in '0123456789abcdefABCDEF':
                j += 1
            out.append(int(s[i + 2:j], 16) & 255); i = j
        elif d in '01234567':
            j = i + 1
            while j < len(s) and j < i + 4 and s[j] in '01234567':
                j += 1
            out.append(int(s[i + 1:j], 8) & 255); i = j
        else:
            out.append(esc.get(d, ord(d))); i += 2
    return bytes(out)
count = {'puzzles': 0, 'models': 0}
for path in sorted(glob.glob(os.path.join(tests, '*.c'))):
    src = open(path, encoding='utf-8', errors='replace').read()
    pos = 0
    while True:
        m = lit.search(src, pos)
        if not m:
            break
        parts, end = [m.group(1)], m.end()
        while True:
            g = gap.match(src, end)
            n = lit.match(src, g.end())
            if not n:
                break
            parts.append(n.group(1)); end = n.end()
        pos = end
        data = b''.join(unescape(p) for p in parts)
        if len(data) < 3 or len(data) > 4096:
            continue
        text = data.decode('latin-1')
        kind = None
        if re.search(r'(^|\n)\s*(s (UN)?SATISFIABLE|SAT|UNSAT|INDET|v [-0-9])', text):
            kind = 'models'
        elif (re.search(r'[{\[\n:]', text) or
              re.match(r'\s*(skyscrapers|futoshiki|starbattle|parks)', text)):
            kind = 'puzzles'
        if not kind:
            continue
        name = os.path.basename(path)[:-2] + '-' + hashlib.sha1(data).hexdigest()[:12]
        with open(os.path.join(seeds, kind, name), 'wb') as f:
            f.write(data)
        count[kind] += 1
print('inline strings: %d puzzles, %d models' % (count['puzzles'], count['models']))
EOF
# A few lines of the shared corpus, when it is there.
if [ -d "$root/../shared/corpus" ]; then
  for f in "$root"/../shared/corpus/*.jsonl; do
    awk -v d="$seeds/puzzles" -v b="$(basename "$f" .jsonl)" \
      'NR <= 40 && length($0) <= 4096 { print > (d "/shared-" b "-" NR) }' "$f"
  done
fi
# Real models of fuzz_model.c's puzzle (keep the two in step), and small
# hand-written answers.
puzzle='{"id":"u4","genre":"skyscrapers","n":4,"top":[0,0,1,2],"bottom":[0,0,3,0],"left":[0,0,1,0],"right":[0,2,0,0]}'
gridcnf() { ASAN_OPTIONS=detect_leaks=0 "$build/gridcnf" "$@"; }
echo "$puzzle" > "$build/model-puzzle.jsonl"
for amo in auto seq; do
  gridcnf cnf --amo=$amo "$build/model-puzzle.jsonl" > "$build/model-puzzle-$amo.cnf"
  if command -v cadical >/dev/null; then
    cadical -q "$build/model-puzzle-$amo.cnf" > "$seeds/models/cadical-$amo" || true
  fi
  if command -v minisat >/dev/null; then
    minisat "$build/model-puzzle-$amo.cnf" "$seeds/models/minisat-$amo" >/dev/null 2>&1 || true
  fi
done
printf 's UNSATISFIABLE\n' > "$seeds/models/unsat"
printf 'c comment\ns UNKNOWN\n' > "$seeds/models/unknown"
printf 'SAT\n1 -2 3 -4 0\n' > "$seeds/models/minisat-short"
printf 'INDET\n' > "$seeds/models/indet"
printf '1 -2 3 0\n' > "$seeds/models/bare"
printf 's SATISFIABLE\r\nv -1 2\r\nv 3 0\r\n' > "$seeds/models/crlf"
# Grids for fuzz_grid.c's puzzles: solutions as gridcnf prints them (text
# and JSON), partial ones, and a few hand-written shapes.
mkdir -p "$seeds/grids"
# (the puzzles of fuzz_grid.c: keep the two in step)
mkdir -p "$build/grid-puzzles"
cat > "$build/grid-puzzles/p0" <<'EOF2'
{"genre":"skyscrapers","n":6,"top":[0,0,0,4,0,0],"boxes":[2,3]}
EOF2
cat > "$build/grid-puzzles/p1" <<'EOF2'
{"genre":"futoshiki","n":5,"givens":[[0,0,5,0,0],[0,2,0,0,0],[0,0,0,0,0],[0,0,0,3,0],[0,0,0,2,0]],"lt":[[0,1,0,0],[1,4,2,4],[4,3,4,4]]}
EOF2
printf 'starbattle 1\nAABBB\nAABCB\nDDBCC\nDEECC\nDEEEC\n' > "$build/grid-puzzles/p2"
for p in "$build"/grid-puzzles/p*; do
  b=$(basename "$p")
  gridcnf solve --count 3 "$p" > "$seeds/grids/$b-text" 2>/dev/null || true
  gridcnf solve --json "$p" > "$seeds/grids/$b-json" 2>/dev/null || true
  sed '3,$ s/[0-9*]/./3' "$seeds/grids/$b-text" > "$seeds/grids/$b-partial" || true
done
printf '[[1,2],[2,1]]\n' > "$seeds/grids/array"
printf '12\n2?\n' > "$seeds/grids/compact"
printf '{"grid":[[null,1],[0,1]]}\n' > "$seeds/grids/object"
echo "puzzles: $(ls "$seeds/puzzles" | wc -l) seeds, models: $(ls "$seeds/models" | wc -l) seeds, grids: $(ls "$seeds/grids" | wc -l) seeds"

echo "== fuzz: $runs runs per harness, $jobs at a time"
mkdir -p "$build/logs"
run_one() {
  local name=$1 seed=$2 n=$runs
  mkdir -p "$build/corpus/$name" "$build/artifacts/$name"
  local start=$SECONDS
  # nomem: a solver that ran out of memory cannot be freed, only kept (its
  # memory is lost: solver-glue/cadical_guard.cpp), so the process grows
  # with the inputs that hit a failure; a tenth of the runs keeps it within
  # libFuzzer's memory limit (CaDiCaL's own leaks after a failure are
  # suppressed in tests/failing_new.cpp)
  [ "$name" = nomem ] && n=$((runs / 10 > 0 ? runs / 10 : 1))
  "$build/tests/fuzz/fuzz_$name" -runs="$n" -max_len=4096 \
    -dict="$here/gridcnf.dict" -timeout=20 -max_total_time="$max_time" \
    -print_final_stats=1 -artifact_prefix="$build/artifacts/$name/" \
    "$build/corpus/$name" "$seed" > "$build/logs/$name.log" 2>&1 || true
  echo "$((SECONDS - start))" > "$build/logs/$name.seconds"
}
pids=()
for name in "${names[@]}"; do
  case "$name" in
    model) seed=$seeds/models ;;
    reader|solve|nomem) seed=$seeds/puzzles ;;
    grid) seed=$seeds/grids ;;
    *) echo "unknown harness '$name' (reader, model, grid, solve or nomem)"; exit 64 ;;
  esac
  rm -rf "$build/artifacts/$name"
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  echo "-- fuzz_$name started"
  run_one "$name" "$seed" &
  pids+=($!)
done
wait

echo "== results"
found=0
for name in "${names[@]}"; do
  log=$build/logs/$name.log
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  [ -n "$execs" ] || execs=$(sed -n 's/.*#\([0-9]*\).*exec\/s.*/\1/p' "$log" | tail -1)
  secs=$(cat "$build/logs/$name.seconds" 2>/dev/null || echo "?")
  arts=$(find "$build/artifacts/$name" -type f 2>/dev/null | sort)
  printf 'fuzz_%-7s %10s executions in %5ss; ' "$name" "${execs:-0}" "$secs"
  if [ -z "$arts" ]; then
    echo "no findings"
  else
    found=1
    echo "FINDINGS:"
    grep -m1 -E '^(SUMMARY|==[0-9]+==ERROR|fuzz_[a-z]+:)' "$log" | sed 's/^/    /' || true
    echo "$arts" | sed 's/^/    /'
  fi
done
exit "$found"
