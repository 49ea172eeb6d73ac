"""The README's install command, in a fresh virtual environment in a
temporary directory, with Debian's python3."""
import os
import subprocess
from pathlib import Path

import pytest

PYTHON = "/usr/bin/python3"


def test_readme_install_command_in_a_fresh_venv(root, tmp_path):
    if not os.access(PYTHON, os.X_OK):
        pytest.skip("no /usr/bin/python3")
    readme = (root / "README.md").read_text()
    command = ("python3 -m venv --system-site-packages .venv && "
               ".venv/bin/pip install --no-build-isolation ./python")
    assert command in readme  # the command tested is the one shown
    venv = tmp_path / ".venv"
    subprocess.run([PYTHON, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    p = subprocess.run([str(venv / "bin" / "pip"), "install", "--no-build-isolation",
                        "./python"], cwd=root, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    check = ("import gridcnf, sys; assert gridcnf.__file__.startswith(sys.prefix), "
             "gridcnf.__file__; print(gridcnf.solve(open('examples/skyscrapers-6x6.txt')"
             ".read())['status'])")
    p = subprocess.run([str(venv / "bin" / "python"), "-c", check], cwd=root,
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["unique"]
    assert Path(venv / "bin" / "python").exists()


def test_cmake_install_hook(root, tmp_path):
    """-DGC_PYTHON=ON: cmake --install (its python component alone here)
    puts the module into the environment of GC_PYTHON_EXECUTABLE."""
    import shutil
    if not shutil.which("cmake") or not os.access(PYTHON, os.X_OK):
        pytest.skip("no cmake or no /usr/bin/python3")
    venv = tmp_path / "venv"
    subprocess.run([PYTHON, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    build = tmp_path / "build"
    subprocess.run(["cmake", "-S", str(root), "-B", str(build), "-DGC_TESTS=OFF",
                    "-DGC_PYTHON=ON", f"-DGC_PYTHON_EXECUTABLE={venv / 'bin' / 'python'}"],
                   check=True, capture_output=True)
    p = subprocess.run(["cmake", "--install", str(build), "--component", "python"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    p = subprocess.run([str(venv / "bin" / "python"), "-c",
                        "import gridcnf; print(gridcnf.__file__)"], capture_output=True,
                       text=True, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith(str(venv))
