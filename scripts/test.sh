#!/usr/bin/env bash
# The whole test suite: install what is missing, then three passes
#   1. a normal build, every CTest test (the corpus test is skipped, and says
#      so, when ../shared is absent);
#   2. the same tests built with AddressSanitizer + UndefinedBehaviorSanitizer;
#   3. the in-process CLI, DIMACS and genre tests under valgrind memcheck
#      (leaks are errors).
# Any failure stops it with a non-zero exit.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
jobs=$(nproc)

echo "== pass 1: build and test"
cmake -S . -B build-test -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGC_WERROR=ON >/dev/null
cmake --build build-test -j"$jobs"
(cd build-test && ctest -j"$jobs" --output-on-failure)

echo "== pass 2: AddressSanitizer + UndefinedBehaviorSanitizer"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DGC_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$jobs"
# test_generate makes 20 puzzles per genre and size; 5 are enough here;
# test_certify_corpus certifies every 8th unique corpus puzzle (all in pass 1)
(cd build-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
   UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 GC_TEST_GEN_SAMPLE=5 \
   GC_TEST_CERT_SAMPLE=8 \
   ctest -j"$jobs" --output-on-failure)

echo "== pass 3: valgrind memcheck"
vg=(valgrind -q --error-exitcode=99 --leak-check=full
    --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect)
fails=0
export GC_TEST_GEN_SAMPLE=2 # test_generate: 2 puzzles per genre and size
for t in build-test/tests/test_*; do
  [ -x "$t" ] || continue
  name=$(basename "$t")
  case "$name" in
    test_card|test_corpus|test_certify_corpus) continue ;;   # pure solver loops: covered by pass 2
  esac
  echo "-- valgrind $name"
  rc=0
  "${vg[@]}" "$t" > "build-test/$name.valgrind.log" 2>&1 || rc=$?
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ]; then
    echo "valgrind: $name failed (exit $rc)"; tail -30 "build-test/$name.valgrind.log"; fails=$((fails+1))
  fi
done
for args in "solve examples/skyscrapers-6x6.txt" "solve --json --count 5 examples/skyscrapers-6x6.txt" \
            "cnf --block-solution examples/skyscrapers-6x6.txt" "solve tests/data/bad/skyscrapers/clue-out-of-range.txt"; do
  echo "-- valgrind gridcnf $args"
  rc=0
  # shellcheck disable=SC2086
  "${vg[@]}" build-test/gridcnf $args > /dev/null 2> build-test/cli.valgrind.log || rc=$?
  if [ "$rc" -eq 99 ]; then
    echo "valgrind: gridcnf $args"; cat build-test/cli.valgrind.log; fails=$((fails+1))
  fi
done
if [ "$fails" -ne 0 ]; then
  echo "valgrind: $fails failing runs"; exit 1
fi
echo "all passes clean"
