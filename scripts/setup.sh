#!/usr/bin/env bash
# The main job: install what is missing, build gridcnf (Release) into
# build/, install nothing system-wide, and solve the sample puzzle.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
echo
echo "+ build/gridcnf solve examples/skyscrapers-6x6.txt"
status=0
build/gridcnf solve examples/skyscrapers-6x6.txt || status=$?
exit "$status"
