"""Shared fixtures: the source tree, the real gridcnf command to compare
against (GRIDCNF_CLI, else build-test/gridcnf or build/gridcnf of the
tree) and the shared corpus (../shared/corpus beside the tree; the tests
that need it are skipped, and say so, without it)."""
import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(os.environ.get("GRIDCNF_SOURCE_DIR", Path(__file__).resolve().parents[2]))
SHARED = Path(os.environ.get("GC_SHARED", ROOT.parent / "shared"))

# stats that are times, the only fields allowed to differ between doors
TIMES = {"parse_ms", "encode_ms", "solve_ms", "unique_ms", "portfolio_start_ms", "ms"}


def untimed(rec):
    """A record without its timings (top-level "ms" of rate, the stats' *_ms)."""
    out = {k: v for k, v in rec.items() if k not in TIMES}
    if isinstance(out.get("stats"), dict):
        out["stats"] = {k: v for k, v in out["stats"].items() if k not in TIMES}
    return out


@pytest.fixture(scope="session")
def root():
    return ROOT


@pytest.fixture(scope="session")
def gridcnf_cli():
    """The path of the real gridcnf command."""
    env = os.environ.get("GRIDCNF_CLI")
    candidates = [Path(env)] if env else [ROOT / "build-test" / "gridcnf",
                                          ROOT / "build" / "gridcnf"]
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return str(c)
    pytest.skip("no gridcnf command to compare with (set GRIDCNF_CLI or build the tree)")


@pytest.fixture(scope="session")
def cli(gridcnf_cli):
    """cli(*args, input=None) -> (exit code, stdout, stderr) of the real command."""
    def run(*args, input=None):
        p = subprocess.run([gridcnf_cli, *map(str, args)], input=input,
                           capture_output=True, timeout=600)
        return p.returncode, p.stdout.decode(), p.stderr.decode()
    return run


@pytest.fixture(scope="session")
def cli_records(cli):
    def run(*args, input=None):
        rc, out, err = cli(*args, input=input)
        return [json.loads(line) for line in out.splitlines() if line.strip()]
    return run


@pytest.fixture(scope="session")
def corpus():
    d = SHARED / "corpus"
    if not (d / "skyscrapers.jsonl").is_file():
        pytest.skip(f"the shared corpus is absent ({d})")
    return d
