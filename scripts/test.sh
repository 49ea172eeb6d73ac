#!/usr/bin/env bash
# The whole test suite: install what is missing, then six passes
#   1. a normal build, every CTest test (the corpus test is skipped, and says
#      so, when ../shared is absent);
#   2. the same tests built with AddressSanitizer + UndefinedBehaviorSanitizer;
#   3. the command built with ThreadSanitizer, on its threaded runs and
#      their time limit and interrupt (tests/check_tsan.sh);
#   4. the in-process CLI, DIMACS and genre tests under valgrind memcheck
#      (leaks are errors);
#   5. the WebAssembly build (scripts/web.sh) and its tests: the corpus
#      against the native command in Node, the page in headless Chromium;
#   6. the Python module, installed into a fresh venv, and its pytest suite.
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
# test_certify_corpus certifies every 8th unique corpus puzzle (all in pass 1);
# test_steps proves the reasons of every 6th of its corpus puzzles
(cd build-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
   UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 GC_TEST_GEN_SAMPLE=5 \
   GC_TEST_CERT_SAMPLE=8 GC_TEST_STEPS_THIN=6 \
   ctest -j"$jobs" --output-on-failure)

echo "== pass 3: ThreadSanitizer"
# The command alone (its threads are those of the library): --jobs, the
# attempts and tries of generate, --timeout and SIGINT into a pipe.
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGC_TSAN=ON \
  -DGC_TESTS=OFF -DGC_WERROR=ON >/dev/null
cmake --build build-tsan -j"$jobs" --target gridcnf
bash tests/check_tsan.sh build-tsan/gridcnf

echo "== pass 4: valgrind memcheck"
vg=(valgrind -q --error-exitcode=99 --leak-check=full
    --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect)
# Two test binaries at a time.  Left out, covered by pass 2 (ASan+UBSan):
# the pure solver loops and the tests that mostly wait for child
# processes or re-solve many generated puzzles (test_gen_batch: generate,
# rate and minimize --jobs, whose threads run below); their commands are run
# under valgrind directly below.  test_nomem too: it makes CaDiCaL run out
# of memory, and CaDiCaL leaks what it was building when that happens
# (pass 2's LeakSanitizer has the suppression for it, see
# tests/failing_new.cpp).
vgrun() { # NAME CMD...: runs CMD under valgrind, log in build-test/NAME.valgrind.log
  local name=$1 rc=0
  shift
  "${vg[@]}" "$@" > "build-test/$name.valgrind.log" 2>&1 || rc=$?
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 77 ] && { [ "$rc" -eq 99 ] || [ "${name#gridcnf}" = "$name" ]; }; then
    echo "valgrind: $name failed (exit $rc)"; tail -30 "build-test/$name.valgrind.log"; return 1
  fi
  echo "-- valgrind $name: clean"
}
export -f vgrun
export vg_flags="${vg[*]}"
tests=()
for t in build-test/tests/test_*; do
  [ -x "$t" ] || continue
  case "$(basename "$t")" in
    test_card|test_corpus|test_certify_corpus|test_generate|test_gen_batch|test_certify|test_nomem) continue ;;
  esac
  tests+=("$t")
done
fails=0
export GC_TEST_QUICK=1 # the corpus loops of test_starbattle and test_check: passes 1, 2
printf '%s\n' "${tests[@]}" | xargs -P "$jobs" -I{} bash -c \
  'vg=($vg_flags); vgrun "$(basename {})" {}' || fails=1
mkdir -p build-test/vg-cert
i=0
# build-test/gridcnf is linked statically (valgrind cannot follow malloc
# there); gridcnf-dynamic is the same command linked dynamically
exe=build-test/gridcnf-dynamic
[ -x "$exe" ] || exe=build-test/gridcnf
for args in "solve examples/skyscrapers-6x6.txt" "solve --json --count 5 examples/skyscrapers-6x6.txt" \
            "cnf --block-solution examples/skyscrapers-6x6.txt" "solve tests/data/bad/skyscrapers/clue-out-of-range.txt" \
            "generate skyscrapers --size 5 --seed 3 --number 2" "generate starbattle --size 8 --seed 3" \
            "generate futoshiki --size 5 --seed 3 --json" "rate examples/starbattle-7x7.txt" \
            "generate starbattle --size 10 --stars 2 --seed 3 --number 3 --start 2 --jobs 2" \
            "rate --jobs 2 examples/starbattle-7x7.txt examples/skyscrapers-6x6.txt" \
            "certify --out-dir build-test/vg-cert examples/skyscrapers-6x6.txt" \
            "render --svg --solution examples/starbattle-7x7.txt" "hint examples/skyscrapers-6x6.txt" \
            "generate starbattle --size 22 --stars 3 --seed 9"; do
  i=$((i + 1))
  # shellcheck disable=SC2086
  vgrun "gridcnf-$i" "$exe" $args || fails=1
done
if [ "$fails" -ne 0 ]; then
  echo "valgrind: failing runs above"; exit 1
fi

echo "== pass 5: the WebAssembly build, its Node and Chromium tests"
# scripts/web.sh installs emscripten, nodejs and chromium when missing and
# recompiles only what changed (CaDiCaL once per clone); the tests compare
# with the native command of pass 1 and save screenshots under
# build-web/screenshots/.
web_t0=$(date +%s)
bash scripts/web.sh
(cd web && npm ci --no-audit --no-fund --loglevel=error)
(cd web && GRIDCNF_NATIVE="$PWD/../build-test/gridcnf" node --test test/*.test.mjs)
echo "-- web stage: $(($(date +%s) - web_t0)) s"

echo "== pass 6: the Python module (python/)"
# Installed with the README's command into a fresh venv of Debian's
# python3 (so that Debian's setuptools and pytest are the ones seen), then
# its tests, which compare it with pass 1's gridcnf command
rm -rf build-py && mkdir -p build-py
/usr/bin/python3 -m venv --system-site-packages build-py/.venv
GRIDCNF_WERROR=1 build-py/.venv/bin/pip install -q --no-build-isolation ./python
GRIDCNF_CLI="$PWD/build-test/gridcnf" build-py/.venv/bin/python -m pytest -q \
  -p no:cacheprovider python/tests
echo "all passes clean"
