#!/usr/bin/env bash
# Installs the Debian 12 packages gridcnf needs to build, test and be
# compared, when they are missing (run as root; apt-get update only when
# something is to be installed).  The solvers of the other paradigms are
# what `solve --via` and its tests run: minizinc with flatzinc (Gecode),
# gringo (the clingo command), coinor-cbc, glpk-utils (glpsol); sgt-puzzles
# brings Tatham's generator (sgt-unequal --generate makes Adjacent IDs;
# sgt-towers and sgt-unequal are benchmarks/generation.py's peers); parallel
# is GNU parallel, for the recipe of docs/guide.md (tests/check_parallel.sh).
set -euo pipefail
pkgs=(build-essential cmake pkg-config libcadical-dev libjansson-dev
      libcmocka-dev cadical minisat picosat valgrind python3
      libxml2-utils librsvg2-bin parallel
      python3-dev python3-setuptools python3-venv python3-pytest
      minizinc flatzinc gringo coinor-cbc glpk-utils sgt-puzzles)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
