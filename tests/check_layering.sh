#!/usr/bin/env bash
# The boundaries of the design: only solver-glue/ includes ccadical.h; the
# library never prints to stdout/stderr and never exits (only cli/ does);
# every header compiles on its own; and no layer calls upward: in the
# order cli -> solver-glue -> cnf-out -> genres -> formats -> encoder, an
# object file uses only symbols defined in its own layer or below (read
# from the built objects with nm, so a call through any header counts).
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
objs=$2/CMakeFiles
if [ -d "$objs/gridcnf_core.dir" ]; then
  for layer in encoder formats genres cnf-out solver-glue cli; do
    dir=$objs/gridcnf_core.dir/$layer
    [ "$layer" = cli ] && dir=$objs/gridcnf_cli.dir/cli
    for o in "$dir"/*.o; do
      [ -e "$o" ] || continue
      # an object whose source has moved away (an old build directory)
      src=$(basename "$o" .o)
      [ -e "$layer/$src" ] || continue
      nm "$o" | awk -v L="$layer" -v O="$(basename "$o")" '
        $2 ~ /^[TDBR]$/ { print "D", L, O, $3 } $1 == "U" { print "U", L, O, $2 }'
    done
  done > "$tmp/syms"
  awk 'BEGIN { n = split("encoder formats genres cnf-out solver-glue cli", o, " ")
               for (i = 1; i <= n; i++) rank[o[i]] = i }
       $1 == "D" { def[$4] = $2; at[$4] = $3 }
       $1 == "U" { use[NR] = $0 }
       END { bad = 0
             for (k in use) { split(use[k], f, " ")
               if ((f[4] in def) && rank[def[f[4]]] > rank[f[2]]) {
                 printf "%s/%s calls %s of %s/%s (upward)\n", f[2], f[3], f[4], def[f[4]], at[f[4]]
                 bad = 1 } }
             exit bad }' "$tmp/syms" || { echo "a layer calls upward"; fail=1; }
else
  echo "no objects under $objs: the upward-call check did not run"; fail=1
fi
[ "$fail" -eq 0 ] && echo "layering check passed"
exit "$fail"
