#!/usr/bin/env bash
# check_parallel.sh GRIDCNF: the GNU parallel recipe of docs/guide.md
# ("Generating on many cores and machines"), run locally with -j2: shards
# of C puzzles, each with its own --start, kept in order with -k, give the
# bytes of one run of the same seed.  Skipped (exit 77) without parallel.
set -euo pipefail
bin=$1
command -v parallel >/dev/null || { echo "SKIPPED: GNU parallel is not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for args in "starbattle --size 10 --stars 2" "skyscrapers --size 5" "futoshiki --size 5"; do
  C=3
  # shellcheck disable=SC2086
  parallel --will-cite -k -j2 "$bin" generate $args --seed 11 --number $C \
    --start {} --json ::: $(seq 1 $C 12) >"$tmp/shards.jsonl" 2>"$tmp/err"
  # shellcheck disable=SC2086
  "$bin" generate $args --seed 11 --number 12 --json >"$tmp/one.jsonl" 2>/dev/null
  [ "$(wc -l <"$tmp/one.jsonl")" -eq 12 ] || { echo "FAIL: $args: not 12 records"; exit 1; }
  cmp "$tmp/one.jsonl" "$tmp/shards.jsonl" || { echo "FAIL: $args: shards differ from one run"; exit 1; }
  grep -q "gridcnf: generate: 3 of 3 puzzles made" "$tmp/err" || { echo "FAIL: no summary per shard"; exit 1; }
done
echo "parallel shards: byte-identical to one run"
