#!/usr/bin/env bash
# The gridcnf command's threads under ThreadSanitizer: usage
#   check_tsan.sh GRIDCNF
# with GRIDCNF built with -DGC_TSAN=ON.  Runs what starts threads (solve,
# rate and minimize --jobs, generate's puzzles, attempts and tries at once)
# and what stops them (--timeout, SIGINT with the output going to a pipe),
# and fails on any report: the stop flag is set by a signal handler or a
# timer while the solving threads read it (gc_stop_requested).
set -uo pipefail
exe=$1
root=$(cd "$(dirname "$0")/.." && pwd)
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

# NAME RC... -- CMD...: runs CMD; fails unless it exits with one of the RCs
# and without a ThreadSanitizer report
check() {
  local name=$1 ok=" " rc=0
  shift
  while [ "$1" != "--" ]; do ok="$ok$1 "; shift; done
  shift
  "${run[@]}" "$@" > "$tmp/out" 2> "$tmp/err" || rc=$?
  verdict "$name" "$rc" "$ok"
}

verdict() { # NAME RC " RC... ": judges the run whose stderr is $tmp/err
  local name=$1 rc=$2 ok=$3
  if grep -q "ThreadSanitizer" "$tmp/err" || [ "${ok#* $rc }" = "$ok" ]; then
    echo "tsan: $name failed (exit $rc)"
    tail -n 40 "$tmp/err"
    fails=1
  else
    echo "-- tsan $name: clean (exit $rc)"
  fi
}

# ThreadSanitizer of gcc 12 cannot start under some kernels' address-space
# randomisation ("unexpected memory mapping"); the command then runs with
# it turned off (setarch -R, util-linux)
run=()
if ! "$exe" --version > /dev/null 2> "$tmp/err"; then
  if grep -q "ThreadSanitizer" "$tmp/err" &&
      setarch "$(uname -m)" -R "$exe" --version > /dev/null 2>&1; then
    run=(setarch "$(uname -m)" -R)
    echo "-- tsan: address-space randomisation off (setarch -R)"
  else
    echo "tsan: $exe does not start"
    cat "$tmp/err"
    exit 1
  fi
fi

ex="$root/examples"
check solve-jobs 0 -- "$exe" solve --jobs 2 "$ex/skyscrapers-6x6.txt" \
  "$ex/starbattle-7x7.txt" "$ex/skyscrapers-6x6.txt" "$ex/starbattle-7x7.txt"
check rate-jobs 0 -- "$exe" rate --jobs 2 "$ex/skyscrapers-6x6.txt" "$ex/starbattle-7x7.txt"
check minimize-jobs 0 -- "$exe" minimize --jobs 2 "$ex/skyscrapers-6x6.txt" "$ex/starbattle-7x7.txt"
# puzzles at once, and the threads whose puzzles are done lent to the others
check generate-puzzles 0 -- "$exe" generate starbattle --size 10 --stars 2 \
  --seed 3 --number 4 --jobs 2
# one puzzle's attempts at once (16x16 with 3 stars takes several)
check generate-attempts 0 -- "$exe" generate starbattle --size 16 --stars 3 \
  --seed 9 --number 1 --jobs 2
# tries at once, for a level asked for
check generate-tries 0 4 -- "$exe" generate skyscrapers --size 6 \
  --difficulty extreme --seed 1 --number 2 --jobs 2
# the time limit stops a puzzle's attempts on both threads
check generate-timeout 0 3 -- "$exe" generate starbattle --size 22 --stars 4 \
  --seed 1 --number 1 --jobs 2 --timeout 1

# SIGINT while puzzles are made on two threads, the output into a pipe: 130
# (0 should the run end first)
"${run[@]}" "$exe" generate starbattle --size 20 --stars 4 --seed 1 --number 20 \
  --jobs 2 > >(cat > "$tmp/out") 2> "$tmp/err" &
pid=$!
sleep 2
kill -INT "$pid" 2> /dev/null
rc=0
wait "$pid" || rc=$?
verdict generate-interrupt "$rc" " 0 130 "

if [ "$fails" -ne 0 ]; then
  echo "tsan: failing runs above"
  exit 1
fi
