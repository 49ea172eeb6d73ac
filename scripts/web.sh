#!/usr/bin/env bash
# The WebAssembly build: gridcnf's own library and command line (the same
# C, not a rewrite) compiled with Debian's emscripten, for the page
# web/dist/index.html and the Node module web/ (package "gridcnf").
#
#   bash scripts/web.sh            install what is missing, build, write web/dist/
#   bash scripts/web.sh --no-deps  build only (the tools are there)
#
# On a fresh Debian 12 as root it installs emscripten, nodejs, npm and
# chromium (for the tests) when missing, enables the deb-src lines when
# there are none, gets CaDiCaL 1.5.3 and jansson from Debian's source
# packages (apt-get source) into build-web/src/, builds both with
# emscripten, builds gridcnf with the project's CMakeLists (the EMSCRIPTEN
# part) and writes web/dist/.  Everything stays inside the repository
# (build-web/ and web/dist/ are ignored by git); a second run recompiles
# only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
deps=1
for a in "$@"; do
  case "$a" in
  --no-deps) deps=0 ;;
  *) echo "usage: bash scripts/web.sh [--no-deps]" >&2; exit 64 ;;
  esac
done
jobs=$(nproc)
((jobs > 2)) && jobs=2

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

if ((deps)); then
  bash scripts/deps.sh
  missing=()
  for p in emscripten nodejs npm chromium dpkg-dev; do
    installed "$p" || missing+=("$p")
  done
  # a node from elsewhere (nodesource) brings its own npm
  if [[ " ${missing[*]} " == *" npm "* ]] && command -v npm >/dev/null; then
    missing=("${missing[@]/npm/}")
  fi
  if [[ " ${missing[*]} " == *" nodejs "* ]] && command -v node >/dev/null; then
    missing=("${missing[@]/nodejs/}")
  fi
  read -ra missing <<<"${missing[*]}"
  if ((${#missing[@]})); then
    echo "installing: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
fi

# emcc runs its JavaScript helpers (acorn) with the node on PATH; a node
# that is not Debian's does not look in Debian's module directory.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

B=$root/build-web
mkdir -p "$B/src"

# --- the sources of CaDiCaL and jansson, as Debian ships them ---------------
have_deb_src() {
  grep -rqsE '^(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/
}
src_dir() { # DIR-GLOB: the unpacked source directory, if any
  local d
  for d in "$B"/src/$1; do [ -d "$d" ] && { echo "$d"; return 0; }; done
  return 1
}
get_source() { # PACKAGE DIR-GLOB: unpacks the Debian source into build-web/src
  local pkg=$1 glob=$2
  src_dir "$glob" >/dev/null && return 0
  if ! have_deb_src; then
    echo "enabling deb-src lines (/etc/apt/sources.list.d/gridcnf-deb-src.*)"
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources \
        >/etc/apt/sources.list.d/gridcnf-deb-src.sources
    else
      grep -hE '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' \
        >/etc/apt/sources.list.d/gridcnf-deb-src.list
    fi
    apt-get update -qq
  fi
  (cd "$B/src" && apt-get source -qq "$pkg" >/dev/null 2>&1) || {
    apt-get update -qq
    (cd "$B/src" && apt-get source -qq "$pkg")
  }
  src_dir "$glob" >/dev/null
}
get_source cadical 'cadical-1.5.3'
get_source jansson 'jansson-2.*'
cadical_src=$(src_dir 'cadical-1.5.3')
jansson_src=$(src_dir 'jansson-2.*')

# --- CaDiCaL: its library from src/*.cpp without the two programs ----------
# (-DNBUILD: no configure, no build.hpp; the version is in src/version.cpp)
cad=$B/cadical
mkdir -p "$cad/obj" "$cad/include"
cxxflags=(-O3 -DNDEBUG -DNBUILD -DQUIET)
objs=()
todo=()
for f in "$cadical_src"/src/*.cpp; do
  base=$(basename "$f" .cpp)
  case "$base" in cadical | mobical) continue ;; esac
  o=$cad/obj/$base.o
  objs+=("$o")
  if [ ! -e "$o" ] || [ "$f" -nt "$o" ]; then todo+=("$f"); fi
done
if ((${#todo[@]})); then
  echo "== CaDiCaL: compiling ${#todo[@]} of ${#objs[@]} files with em++"
  printf '%s\n' "${todo[@]}" | xargs -P "$jobs" -I{} sh -c \
    'em++ '"${cxxflags[*]}"' -c "$1" -o "'"$cad"'/obj/$(basename "$1" .cpp).o"' _ {}
  rm -f "$cad/libcadical.a"
fi
if [ ! -e "$cad/libcadical.a" ]; then
  emar rcs "$cad/libcadical.a" "${objs[@]}"
fi
cp -u "$cadical_src/src/ccadical.h" "$cad/include/"

# --- jansson, with its own CMakeLists ----------------------------------------
jan=$B/jansson
if [ ! -e "$jan/install/lib/libjansson.a" ]; then
  echo "== jansson"
  emcmake cmake -S "$jansson_src" -B "$jan/build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_INSTALL_PREFIX="$jan/install" -DJANSSON_BUILD_DOCS=OFF \
    -DJANSSON_WITHOUT_TESTS=ON -DJANSSON_EXAMPLES=OFF \
    -DJANSSON_BUILD_SHARED_LIBS=OFF >/dev/null
  cmake --build "$jan/build" -j"$jobs" >/dev/null
  cmake --install "$jan/build" >/dev/null
fi

# --- gridcnf: the project's CMakeLists, its EMSCRIPTEN part ------------------
echo "== gridcnf (emscripten)"
PKG_CONFIG_PATH=$jan/install/lib/pkgconfig PKG_CONFIG_LIBDIR=$jan/install/lib/pkgconfig \
  emcmake cmake -S . -B "$B/gridcnf" -DCMAKE_BUILD_TYPE=Release -DGC_TESTS=OFF \
  -DGC_STATIC=OFF -DCADICAL_INCLUDE_DIR="$cad/include" \
  -DCADICAL_LIBRARY="$cad/libcadical.a" >/dev/null
cmake --build "$B/gridcnf" -j"$jobs"

# --- web/dist -----------------------------------------------------------------
dist=$root/web/dist
mkdir -p "$dist"
for f in gridcnf-wasm.js gridcnf-wasm.wasm gridcnf-node.js gridcnf-node.wasm; do
  cp -u "$B/gridcnf/$f" "$dist/$f"
done
cp -u web/src/* "$dist/"
echo "web/dist: $(cd "$dist" && ls | tr '\n' ' ')"
wasm=$dist/gridcnf-wasm.wasm
echo "gridcnf-wasm.wasm: $(stat -c %s "$wasm") bytes, $(gzip -9c "$wasm" | wc -c) gzipped"
