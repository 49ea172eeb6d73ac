"""Builds gridcnf._native: the C library of the surrounding gridcnf tree,
built by its own CMakeLists.txt (the same sources and the generated genre,
format and command registries), linked into a CPython extension.

    python3 -m venv --system-site-packages .venv
    .venv/bin/pip install --no-build-isolation ./python

Needs cmake, a C compiler, python3-dev, libcadical-dev and libjansson-dev
(Debian 12).  GRIDCNF_SOURCE_DIR names the tree when this directory is not
inside one; GRIDCNF_JOBS the build's parallel jobs (default 2).
"""
import os
import re
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent


def source_tree() -> Path:
    root = Path(os.environ.get("GRIDCNF_SOURCE_DIR", HERE.parent)).resolve()
    if not (root / "CMakeLists.txt").is_file() or not (root / "cli" / "cli.h").is_file():
        sys.exit(
            f"gridcnf: no gridcnf source tree at {root} (build from a checkout, "
            "or set GRIDCNF_SOURCE_DIR)"
        )
    return root


class cmake_build_ext(build_ext):
    """Runs CMake on the tree (static libraries, position-independent, no
    tests), then links the extension against what it built."""

    def build_extension(self, ext):
        root = source_tree()
        build = Path(self.build_temp).resolve() / "cmake"
        build.mkdir(parents=True, exist_ok=True)
        jobs = os.environ.get("GRIDCNF_JOBS", "2")
        subprocess.run(
            ["cmake", "-S", str(root), "-B", str(build),
             "-DCMAKE_BUILD_TYPE=Release", "-DGC_TESTS=OFF", "-DGC_STATIC=OFF",
             "-DCMAKE_POSITION_INDEPENDENT_CODE=ON"],
            check=True, stdout=subprocess.DEVNULL)
        subprocess.run(
            ["cmake", "--build", str(build), "--target", "gridcnf_cli", "-j", jobs],
            check=True)
        cache = (build / "CMakeCache.txt").read_text()
        cadical = re.search(r"^CADICAL_LIBRARY:FILEPATH=(.*)$", cache, re.M).group(1)
        cadical_inc = re.search(r"^CADICAL_INCLUDE_DIR:PATH=(.*)$", cache, re.M).group(1)
        ext.include_dirs += [str(root / "include"), str(root / "cli")]
        if cadical_inc not in ("/usr/include", "/usr/local/include"):
            ext.include_dirs.append(cadical_inc)
        if os.environ.get("GRIDCNF_WERROR"):
            ext.extra_compile_args.append("-Werror")
        # the command line first: it calls the library, which calls CaDiCaL
        ext.extra_objects += [str(build / "libgridcnf_cli.a"),
                              str(build / "libgridcnf.a"), cadical]
        ext.libraries += ["jansson", "stdc++", "m", "pthread"]
        # the static libraries' symbols stay inside the extension
        ext.extra_link_args += ["-Wl,--exclude-libs,ALL"]
        ext.depends += [str(build / "libgridcnf_cli.a"), str(build / "libgridcnf.a")]
        super().build_extension(ext)


native = Extension(
    "gridcnf._native",
    sources=["native/module.c", "native/run.c", "native/puzzle.c", "native/bench.c",
             "native/commands.c"],
    depends=["native/native.h"],
    extra_compile_args=["-std=c11", "-Wall", "-Wextra", "-Wno-missing-field-initializers"],
)

setup(
    package_dir={"": "src"},
    packages=["gridcnf"],
    package_data={"gridcnf": ["py.typed", "*.pyi"]},
    ext_modules=[native],
    cmdclass={"build_ext": cmake_build_ext},
)
