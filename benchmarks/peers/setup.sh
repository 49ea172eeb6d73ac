#!/usr/bin/env bash
# Installs the peer solvers that benchmarks/bench.py times next to gridcnf,
# from Debian's packages, where they are missing:
#   clingo (package gringo), minizinc + Gecode's FlatZinc back end (flatzinc),
#   minisat, picosat, cryptominisat5 (cryptominisat), cadical, and gnuplot
#   (gnuplot-nox, for the plots);
# then builds Simon Tatham's standalone towerssolver / unequalsolver with
# build-tatham.sh (outside the repository, under benchmarks/out/tatham).
#
# usage: setup.sh [PEER,...]    (default: all; names as in bench.py --peers:
#        clingo minizinc minisat picosat cryptominisat5 cadical tatham;
#        "none" = gnuplot only)
#
# Never fails the benchmark: a peer that cannot be installed is reported
# here and shows up as "not installed" in RESULTS.md. Exit status is 0.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
want="${1:-clingo,minizinc,minisat,picosat,cryptominisat5,cadical,tatham}"
want=",${want},"

# peer -> "command package [command package ...]"
declare -A need=(
  [clingo]="clingo gringo"
  [minizinc]="minizinc minizinc fzn-gecode flatzinc"
  [minisat]="minisat minisat"
  [picosat]="picosat picosat"
  [cryptominisat5]="cryptominisat5 cryptominisat"
  [cadical]="cadical cadical"
)
pkgs=()
for peer in clingo minizinc minisat picosat cryptominisat5 cadical; do
  case "$want" in *",$peer,"*) ;; *) continue ;; esac
  set -- ${need[$peer]}
  while [ $# -ge 2 ]; do
    command -v "$1" >/dev/null 2>&1 || pkgs+=("$2")
    shift 2
  done
done
command -v gnuplot >/dev/null 2>&1 || pkgs+=(gnuplot-nox)

if [ "${#pkgs[@]}" -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup.sh: not root, cannot install: ${pkgs[*]}" >&2
  else
    echo "setup.sh: installing ${pkgs[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update >/dev/null 2>&1 || echo "setup.sh: apt-get update failed" >&2
    for p in "${pkgs[@]}"; do
      # one at a time, so that one missing package does not stop the others
      apt-get install -y --no-install-recommends "$p" >/dev/null 2>&1 \
        || echo "setup.sh: could not install $p (that peer is reported as not installed)" >&2
    done
  fi
fi

case "$want" in
  *",tatham,"*) bash "$here/build-tatham.sh" || echo "setup.sh: Tatham's solvers not built" >&2 ;;
esac

cmds=(gnuplot)
for peer in clingo minizinc minisat picosat cryptominisat5 cadical; do
  case "$want" in *",$peer,"*) ;; *) continue ;; esac
  set -- ${need[$peer]}
  while [ $# -ge 2 ]; do cmds+=("$1"); shift 2; done
done
for c in "${cmds[@]}"; do
  if command -v "$c" >/dev/null 2>&1; then s=ok; else s="not installed"; fi
  echo "setup.sh: $c: $s" >&2
done
exit 0
