#!/usr/bin/env bash
# The one command of the gridcnf benchmark: build gridcnf in Release into
# benchmarks/out/build, then run benchmarks/bench.py with the arguments given
# here (--quick, --reps N, --genres a,b, --timeout S, --out DIR, ...; see
# `python3 benchmarks/bench.py --help`).  Writes benchmarks/RESULTS.md (or
# DIR/RESULTS.md with --out DIR) and raw data; exits 1 on a wrong answer.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
build="$here/out/build"
jobs="$(nproc 2>/dev/null || echo 2)"

for a in "$@"; do
  case "$a" in
    -h|--help) exec python3 "$here/bench.py" --help ;;
  esac
done

mkdir -p "$here/out"
echo "run.sh: building gridcnf (Release) in $build" >&2
cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release -DGC_TESTS=OFF >"$here/out/cmake-configure.log" 2>&1 \
  || { cat "$here/out/cmake-configure.log" >&2; echo "run.sh: cmake configure failed" >&2; exit 2; }
cmake --build "$build" --target gridcnf -j "$jobs" >"$here/out/cmake-build.log" 2>&1 \
  || { tail -n 40 "$here/out/cmake-build.log" >&2; echo "run.sh: build failed" >&2; exit 2; }

exec python3 "$here/bench.py" --gridcnf "$build/gridcnf" "$@"
