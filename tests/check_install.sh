#!/usr/bin/env bash
# `cmake --install` puts the binary, libgridcnf.a, gridcnf.h and gridcnf.pc
# in a prefix, and a C program builds against them with pkg-config alone.
set -euo pipefail
build=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
for f in bin/gridcnf include/gridcnf.h lib/libgridcnf.a lib/pkgconfig/gridcnf.pc \
         share/man/man1/gridcnf.1 share/bash-completion/completions/gridcnf \
         share/zsh/vendor-completions/_gridcnf; do
  [ -e "$tmp/prefix/$f" ] || { echo "missing after install: $f"; exit 1; }
done
cat > "$tmp/use.c" <<'C'
#include <gridcnf.h>
#include <stdio.h>
#include <string.h>
int main(void) {
  const char *p = "{\"genre\":\"skyscrapers\",\"n\":4,\"top\":[0,0,1,2],"
                  "\"bottom\":[0,0,3,0],\"left\":[0,0,1,0],\"right\":[0,2,0,0]}";
  gc_error e;
  gc_reader *rd = gc_reader_new(p, strlen(p), "x", NULL, &e);
  gc_puzzle *pz;
  if (gc_reader_next(rd, &pz, &e) != GC_READ_PUZZLE) return 1;
  gc_result r;
  if (gc_solve(pz, NULL, NULL, &r, &e)) return 1;
  printf("%s %d\n", gc_status_name(r.status), r.first.cell[0]);
  gc_result_free(&r);
  gc_puzzle_free(pz);
  gc_reader_free(rd);
  return 0;
}
C
export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror "$tmp/use.c" $(pkg-config --cflags --libs gridcnf) -o "$tmp/use"
out=$("$tmp/use")
[ "$out" = "unique 2" ] || { echo "installed library gave '$out'"; exit 1; }
"$tmp/prefix/bin/gridcnf" --version | grep -q gridcnf
echo "install check passed"
