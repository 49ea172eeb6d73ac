"""Every door returns exactly the command's --json record: the Python
functions against the real gridcnf command on the shared corpus, timings
aside.  Which of two racing sessions answers (option portfolio, auto on
large Star Battles after 40 ms) depends on time as well: a record where a
race ran is compared again with portfolio off on both sides."""
import json
from pathlib import Path

import pytest

import gridcnf
from conftest import untimed

FILES = ["futoshiki.jsonl", "skyscrapers.jsonl", "starbattle.jsonl", "variants.jsonl"]


def raced(*records):
    return any("portfolio" in r.get("stats", {}) for r in records)


@pytest.mark.parametrize("name", FILES)
def test_solve_equals_cli_on_corpus(corpus, cli, cli_records, name):
    path = corpus / name
    lines = [ln for ln in path.read_text().splitlines() if ln.strip()]
    expected = cli_records("solve", "--json", path)
    assert len(expected) == len(lines) > 0
    for line, want in zip(lines, expected):
        got = gridcnf.solve(line)
        assert got["id"] == want["id"]
        if raced(got, want):
            assert got["status"] == want["status"]
            got = gridcnf.solve(line, portfolio="off")
            want = cli_records("solve", "--json", "--portfolio=off", "-",
                               input=line.encode())[0]
        assert untimed(got) == untimed(want), want["id"]
        assert set(got["stats"]) == set(want["stats"])  # timings present, too


def test_solve_many_equals_cli(corpus, cli_records):
    path = corpus / "futoshiki.jsonl"
    want = [untimed(r) for r in cli_records("solve", "--json", path)]
    # one input holding the batch: the command reads it
    assert [untimed(r) for r in gridcnf.solve_many(path)] == want
    # an iterable of puzzles on two threads, in input order; solve --jobs 2
    # turns the portfolio off, and so does solve_many
    lines = path.read_text().splitlines()
    want2 = [untimed(r) for r in cli_records("solve", "--json", "--jobs", "2", path)]
    assert [untimed(r) for r in gridcnf.solve_many(lines, jobs=2)] == want2
    assert [untimed(r) for r in gridcnf.solve_many(path, jobs=2)] == want2


def sample(corpus, name, step):
    lines = [ln for ln in (corpus / name).read_text().splitlines() if ln.strip()]
    return lines[::step]


@pytest.mark.parametrize("command,function,args", [
    ("count", gridcnf.count, ()),
    ("hint", gridcnf.hint, ()),
    ("rate", gridcnf.rate, ()),
    ("explain", gridcnf.explain, ()),
    ("minimize", gridcnf.minimize, ()),
    ("unique-fix", gridcnf.unique_fix, ()),
])
def test_commands_equal_cli(corpus, cli_records, command, function, args):
    for name in FILES[:3]:
        for line in sample(corpus, name, 25):
            want = cli_records(command, "--json", "--portfolio=off", "-", input=line.encode())
            assert len(want) == 1
            if want[0]["status"] == "error":  # e.g. unique-fix on a Star Battle
                with pytest.raises(gridcnf.Error) as e:
                    function(line, portfolio="off")
                assert e.value.record == want[0]
                continue
            got = function(line, portfolio="off")
            assert untimed(got) == untimed(want[0]), (command, line[:60])


def test_count_options_equal_cli(corpus, cli_records):
    line = sample(corpus, "starbattle.jsonl", 1)[0]
    for flags, kw in [(["--max", "7"], {"max": 7}), (["--list", "--max", "3"], {"list": True, "max": 3}),
                      (["--all"], {"all": True})]:
        want = cli_records("count", "--json", *flags, "-", input=line.encode())[0]
        assert untimed(gridcnf.count(line, **kw)) == untimed(want)


def test_text_commands_equal_cli(corpus, cli):
    for name in FILES:
        for line in sample(corpus, name, 40):
            data = line.encode()
            for to in ["json", "text"] + [f for f, _ in gridcnf.formats()]:
                rc, out, err = cli("convert", "--to", to, "-", input=data)
                if rc == 0:
                    assert gridcnf.convert(line, to=to) == (out if to == "text" else out.rstrip("\n"))
                else:
                    with pytest.raises(gridcnf.Error) as e:
                        gridcnf.convert(line, to=to)
                    assert "cannot express" in str(e.value)
                    assert str(e.value) in err
            for flags, kw in [([], {}), (["--block-solution"], {"block_solution": True})]:
                rc, out, err = cli("cnf", *flags, "-", input=data)
                assert gridcnf.cnf(line, **kw) == out
            for flags, kw in [([], {}), (["--solution"], {"solution": True})]:
                rc, out, err = cli("render", "--svg", *flags, "-", input=data)
                assert gridcnf.render_svg(line, **kw) == out
            rc, out, err = cli("render", "-", input=data)
            assert gridcnf.render(line) == out


def test_puzzle_library_calls_equal_cli(corpus, cli):
    """Puzzle's JSON, text and pictures come from the library in-process:
    the same as the command's convert and render."""
    for name in FILES:
        for line in sample(corpus, name, 40):
            p = gridcnf.Puzzle.parse(line)
            assert p.to_json() + "\n" == cli("convert", "--to", "json", "-", input=line.encode())[1]
            assert p.to_text() == cli("convert", "--to", "text", "-", input=line.encode())[1]
            assert p._repr_svg_() == cli("render", "--svg", "-", input=line.encode())[1]
            solved = p.solve(portfolio="off")
            _, svg, _ = cli("render", "--svg", "--solution", "-", input=line.encode())
            if solved["status"] == "unique":  # render draws the first solution found
                assert solved._repr_svg_() == svg
            rec = json.loads(line)
            assert (p.genre, p.n, p.id) == (rec["genre"], rec["n"], rec.get("id"))
            assert p.known_solution == rec.get("solution")


def test_generate_equals_cli(cli_records):
    for genre, size, extra, kw in [("skyscrapers", 5, [], {}),
                                   ("starbattle", 8, ["--stars", "1"], {"stars": 1}),
                                   ("futoshiki", 5, ["--difficulty", "easy"], {"difficulty": "easy"})]:
        want = cli_records("generate", genre, "--size", size, "--seed", 11, "--number", 3,
                           "--json", *extra)
        got = list(gridcnf.generate(genre, size, number=3, seed=11, **kw))
        assert len(want) == 3
        assert got == want


def test_generate_distinct_equals_cli(cli_records):
    # 4x4 Star Battle repeats puzzles within 40; distinct=True skips them
    want = cli_records("generate", "starbattle", "--size", 4, "--seed", 77, "--number", 40,
                       "--distinct", "--json")
    got = list(gridcnf.generate("starbattle", 4, number=40, seed=77, distinct=True))
    assert got == want
    assert len({json.dumps(r["regions"]) for r in got}) == 40
    assert int(got[-1]["id"].rsplit("-", 1)[1]) > 40


def test_generate_blocks_equals_cli(cli_records):
    # 16x16 with 2 stars is made of two 8x8 puzzles on the diagonal
    want = cli_records("generate", "starbattle", "--size", 16, "--stars", 2, "--seed", 3,
                       "--number", 2, "--json")
    got = list(gridcnf.generate("starbattle", 16, stars=2, number=2, seed=3))
    assert got == want and len(got) == 2


def test_generate_attempts_at_once_equals_cli(cli_records):
    # one 16x16 3-star puzzle takes 8 attempts; with jobs=2 they run two at
    # a time, and the puzzle is the one of a single thread
    want = cli_records("generate", "starbattle", "--size", 16, "--stars", 3, "--seed", 77,
                       "--start", 2, "--number", 1, "--json")
    got = list(gridcnf.generate("starbattle", 16, stars=3, start=2, number=1, seed=77, jobs=2))
    assert got == want and len(got) == 1


def test_generate_is_lazy_and_endless():
    it = gridcnf.generate("futoshiki", 4, number=None, seed=5)
    first = [next(it) for _ in range(4)]
    it.close()  # stops the command that would make puzzles for ever
    assert [r["id"] for r in first] == [f"gen-futoshiki-4-s5-{i}" for i in range(1, 5)]


def test_decode_equals_cli(tmp_path, cli, corpus):
    """A model of the CNF from the cadical command, back through decode:
    as text, and as a list of literals (PySAT's get_model())."""
    import shutil
    import subprocess
    if not shutil.which("cadical"):
        pytest.skip("the cadical command is absent")
    line = sample(corpus, "skyscrapers.jsonl", 1)[3]
    cnf = gridcnf.cnf(line)
    p = subprocess.run(["cadical", "-q"], input=cnf.encode(), capture_output=True)
    model = p.stdout.decode()
    (tmp_path / "p.jsonl").write_text(line)
    (tmp_path / "m.txt").write_text(model)
    rc, out, err = cli("decode", "--json", tmp_path / "p.jsonl", tmp_path / "m.txt")
    want = json.loads(out)
    assert untimed(gridcnf.decode(line, model)) == untimed(want)
    lits = [int(x) for ln in model.splitlines() if ln.startswith("v ")
            for x in ln[2:].split() if x != "0"]
    assert untimed(gridcnf.decode(line, lits)) == untimed(want)
    assert gridcnf.decode(line, None)["status"] == "none"
    assert want["solution"] == json.loads(line)["solution"]


def test_check_and_hint_grids_equal_cli(tmp_path, cli_records, corpus):
    line = sample(corpus, "futoshiki.jsonl", 1)[60]
    sol = json.loads(line)["solution"]
    n = len(sol)
    wrong = [row[:] for row in sol]
    wrong[0][0], wrong[0][1] = wrong[0][1], wrong[0][0]
    partial = [[v if (r + c) % 3 == 0 else None for c, v in enumerate(row)]
               for r, row in enumerate(sol)]
    (tmp_path / "p.jsonl").write_text(line)
    for i, grid in enumerate([sol, wrong, partial]):
        g = tmp_path / f"g{i}.json"
        g.write_text(json.dumps(grid))
        want = cli_records("check", "--json", tmp_path / "p.jsonl", g)[0]
        assert gridcnf.check(line, grid) == want
        assert gridcnf.check(line, Path(g)) == want
        if i == 2:
            want = cli_records("hint", "--json", "--grid", g, tmp_path / "p.jsonl")[0]
            assert gridcnf.hint(line, partial) == want
    assert [gridcnf.check(line, sol)["status"], gridcnf.check(line, wrong)["status"]] == \
        ["solution", "broken"]
    assert n == len(partial)
