#!/usr/bin/env bash
# The one command of the gridcnf benchmark: install the peer solvers and
# gnuplot where missing (benchmarks/peers/setup.sh: Debian packages, and
# Tatham's solvers built under benchmarks/out/tatham; a peer that cannot be
# had is reported "not installed", never fatal), build gridcnf in Release
# into benchmarks/out/build, then run benchmarks/bench.py with the arguments
# given here (--quick, --reps N, --genres a,b, --timeout S, --out DIR,
# --peers a,b, --no-peers, ...; see `python3 benchmarks/bench.py --help`).
# Writes benchmarks/RESULTS.md and benchmarks/plots/ (or DIR/...) and raw
# data; exits 1 on a wrong answer of gridcnf or of any peer.
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

# which peers to set up: --no-peers = none (gnuplot only), --peers LIST = those
peers=all
prev=""
for a in "$@"; do
  case "$a" in
    --no-peers) peers=none ;;
    --peers=*) [ "$peers" = none ] || peers="${a#--peers=}" ;;
  esac
  if [ "$prev" = "--peers" ] && [ "$peers" != none ]; then peers="$a"; fi
  prev="$a"
done
echo "run.sh: setting up peers ($peers) and gnuplot" >&2
if [ "$peers" = all ]; then
  bash "$here/peers/setup.sh" >"$here/out/setup.log" 2>&1
elif [ "$peers" = none ]; then
  bash "$here/peers/setup.sh" none >"$here/out/setup.log" 2>&1
else
  bash "$here/peers/setup.sh" "$peers" >"$here/out/setup.log" 2>&1
fi
grep -E 'not installed|could not|not built|failed' "$here/out/setup.log" >&2 || true
echo "run.sh: building gridcnf (Release) in $build" >&2
cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release -DGC_TESTS=OFF >"$here/out/cmake-configure.log" 2>&1 \
  || { cat "$here/out/cmake-configure.log" >&2; echo "run.sh: cmake configure failed" >&2; exit 2; }
cmake --build "$build" --target gridcnf -j "$jobs" >"$here/out/cmake-build.log" 2>&1 \
  || { tail -n 40 "$here/out/cmake-build.log" >&2; echo "run.sh: build failed" >&2; exit 2; }

exec python3 "$here/bench.py" --gridcnf "$build/gridcnf" "$@"
