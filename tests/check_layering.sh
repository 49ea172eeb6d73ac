#!/usr/bin/env bash
# The boundaries of the design: only solver-glue/ includes ccadical.h; the
# library never prints to stdout/stderr and never exits (only cli/ does);
# every header compiles on its own.
set -euo pipefail
src=$1
cd "$src"
fail=0
lib="encoder genres formats cnf-out solver-glue"
if grep -rn "ccadical" --include='*.c' --include='*.h' encoder genres formats cnf-out include | grep -v "^solver-glue/"; then
  echo "ccadical used outside solver-glue/"; fail=1
fi
if grep -rnE "\b(printf|puts|putchar|perror|exit|abort)\s*\(|\b(stdout|stderr)\b" --include='*.c' $lib | grep -vE "snprintf|vsnprintf|fprintf\(f,|/\*"; then
  echo "the library prints or exits"; fail=1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for h in include/*.h encoder/*.h genres/*.h formats/*.h cnf-out/*.h solver-glue/*.h cli/*.h; do
  [ -e "$h" ] || continue
  printf '#include "%s"\n' "$PWD/$h" > "$tmp/one.c"
  if ! cc -std=c11 -Wall -Wextra -fsyntax-only -I include -I "$2/generated" $(pkg-config --cflags jansson) "$tmp/one.c"; then
    echo "header does not compile on its own: $h"; fail=1
  fi
done
[ "$fail" -eq 0 ] && echo "layering check passed"
exit "$fail"
