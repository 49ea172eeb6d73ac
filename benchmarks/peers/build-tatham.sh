#!/usr/bin/env bash
# Builds Simon Tatham's standalone solvers `towerssolver` (Towers =
# Skyscrapers) and `unequalsolver` (Unequal = Futoshiki) for the benchmark,
# from Debian's source package of the Puzzles (sgt-puzzles), entirely
# outside the repository's tracked files: the source is fetched and unpacked
# under benchmarks/out/tatham/ (git-ignored) and never copied into gridcnf.
#
# The deb-src entry is given to apt through a private configuration under
# out/tatham/apt (a twin of the system's deb entries with Types: deb-src), so
# the system's apt sources are not changed.
#
# Each solver is compiled the way the Puzzles' CMakeLists builds its
# `solver(...)` targets: the game file with -DSTANDALONE_SOLVER plus the
# common sources it needs and nullfe.c (the null front end).
#
# usage: build-tatham.sh [--force]
# Result: out/tatham/bin/towerssolver, out/tatham/bin/unequalsolver and
# out/tatham/VERSION (the source package's version). Exit 1 if not built.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(dirname "$here")/out/tatham"
bin="$top/bin"
force=0
[ "${1:-}" = "--force" ] && force=1

if [ "$force" -eq 0 ] && [ -x "$bin/towerssolver" ] && [ -x "$bin/unequalsolver" ]; then
  echo "build-tatham.sh: already built in $bin" >&2
  exit 0
fi
command -v gcc >/dev/null 2>&1 || { echo "build-tatham.sh: gcc not found" >&2; exit 1; }
command -v apt-get >/dev/null 2>&1 || { echo "build-tatham.sh: apt-get not found" >&2; exit 1; }
mkdir -p "$top/apt/parts" "$top/apt/lists/partial" "$top/src" "$bin"

# a deb-src twin of every deb entry the system has
: > "$top/apt/empty.list"
n=0
for f in /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] || continue
  grep -q '^Types:.*\bdeb\b' "$f" || continue
  sed 's/^Types:.*/Types: deb-src/' "$f" > "$top/apt/parts/$(basename "$f")"
  n=$((n + 1))
done
if [ -f /etc/apt/sources.list ]; then
  grep -E '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' > "$top/apt/parts/system.list"
  [ -s "$top/apt/parts/system.list" ] && n=$((n + 1))
fi
for f in /etc/apt/sources.list.d/*.list; do
  [ -f "$f" ] || continue
  grep -E '^deb ' "$f" | sed 's/^deb /deb-src /' > "$top/apt/parts/src-$(basename "$f")"
done
[ "$n" -gt 0 ] || { echo "build-tatham.sh: no apt sources to derive deb-src from" >&2; exit 1; }

apt_opts=(-o "Dir::Etc::SourceList=$top/apt/empty.list"
          -o "Dir::Etc::SourceParts=$top/apt/parts"
          -o "Dir::State::Lists=$top/apt/lists")
echo "build-tatham.sh: fetching the sgt-puzzles source package" >&2
apt-get "${apt_opts[@]}" update >"$top/apt-update.log" 2>&1 \
  || { echo "build-tatham.sh: apt-get update (deb-src) failed; see $top/apt-update.log" >&2; exit 1; }
rm -rf "$top/src" && mkdir -p "$top/src"
(cd "$top/src" && apt-get "${apt_opts[@]}" source --download-only sgt-puzzles) >"$top/apt-source.log" 2>&1 \
  || { echo "build-tatham.sh: apt-get source sgt-puzzles failed; see $top/apt-source.log" >&2; exit 1; }
orig="$(ls "$top"/src/sgt-puzzles_*.orig.tar.* 2>/dev/null | head -n 1)"
[ -n "$orig" ] || { echo "build-tatham.sh: no upstream tarball in $top/src" >&2; exit 1; }
(cd "$top/src" && tar xf "$(basename "$orig")") || { echo "build-tatham.sh: cannot unpack $orig" >&2; exit 1; }
srcdir="$(find "$top/src" -maxdepth 1 -mindepth 1 -type d -name 'sgt-puzzles*' | head -n 1)"
[ -n "$srcdir" ] && [ -f "$srcdir/towers.c" ] && [ -f "$srcdir/unequal.c" ] \
  || { echo "build-tatham.sh: towers.c / unequal.c not found in the source" >&2; exit 1; }
dsc="$(ls "$top"/src/*.dsc | head -n 1)"
ver="$(sed -n 's/^Version: //p' "$dsc" | head -n 1)"

# the common sources the two solvers need (a subset of the CMake 'common' library)
common=(latin.c matching.c tree234.c malloc.c misc.c random.c dsf.c sort.c nullfe.c version.c)
for c in "${common[@]}"; do
  [ -f "$srcdir/$c" ] || common=("${common[@]/$c}")
done
ok=1
for game in towers unequal; do
  echo "build-tatham.sh: compiling ${game}solver" >&2
  (cd "$srcdir" && gcc -O2 -DSTANDALONE_SOLVER -o "$bin/${game}solver" "$game.c" ${common[*]} -lm) \
    >"$top/build-$game.log" 2>&1 \
    || { echo "build-tatham.sh: ${game}solver failed; see $top/build-$game.log" >&2; ok=0; }
done
[ "$ok" -eq 1 ] || exit 1
echo "sgt-puzzles $ver (Debian source package), gcc -O2 -DSTANDALONE_SOLVER" > "$top/VERSION"
echo "build-tatham.sh: built $bin/towerssolver and $bin/unequalsolver from sgt-puzzles $ver" >&2
