"""The Python side of the API: inputs, options, Puzzle, the tables."""
import json

import pytest

import gridcnf
from conftest import untimed

FUTO = "futoshiki 3\n. . .\n. . .\n. . .\n"


def where(rec):
    """A record without the keys that say where its puzzle came from (a
    puzzle without an id: "source", the file or <stdin>, and "line")."""
    return {k: v for k, v in untimed(rec).items() if k not in ("source", "line")}


def test_inputs_of_every_kind(root, tmp_path):
    text = (root / "examples" / "skyscrapers-6x6.txt").read_text()
    assert gridcnf.solve(text)["source"] == "<stdin>"
    path = root / "examples" / "skyscrapers-6x6.txt"
    assert gridcnf.solve(path)["source"] == str(path)
    untimed = where  # the same answer from every kind of input
    want = untimed(gridcnf.solve(text))
    p = gridcnf.Puzzle.parse(text)
    assert untimed(gridcnf.solve(text.encode())) == want
    assert untimed(gridcnf.solve(root / "examples" / "skyscrapers-6x6.txt")) == want
    assert untimed(gridcnf.solve(p.to_dict())) == want
    assert untimed(gridcnf.solve(p)) == want
    assert untimed(p.solve()) == want
    # a pasted format, detected as the command line detects it
    assert untimed(gridcnf.solve(p.convert("tatham"))) == want


def test_encoding_options_come_from_the_library_table(cli, cli_records, root):
    names = [o["name"] for o in gridcnf.options()]
    assert {"amo", "portfolio", "sb_pairs", "simplify"} <= set(names)
    path = root / "examples" / "starbattle-7x7.txt"
    for kw, flags in [({"amo": "seq"}, ["--amo=seq"]),
                      ({"simplify": False}, ["--no-simplify"]),
                      ({"sb_pairs": True, "portfolio": False}, ["--sb-pairs", "--no-portfolio"]),
                      ({"card": "totalizer", "probe": 0}, ["--card=totalizer", "--probe=0"])]:
        want = cli_records("solve", "--json", *flags, path)[0]
        assert untimed(gridcnf.solve(path, **kw)) == untimed(want), kw
        assert gridcnf.cnf(path, **kw) == cli("cnf", *flags, path)[1]


def test_first_count_and_modes():
    assert gridcnf.solve(FUTO)["status"] == "multiple"
    r = gridcnf.solve(FUTO, first=True)
    assert r["status"] == "solved" and r["second"] is None
    r = gridcnf.solve(FUTO, count=5)
    assert (r["count"], r["complete"]) == (5, False)
    r = gridcnf.count(FUTO, all=True)
    assert (r["count"], r["complete"]) == (12, True)  # the 3x3 Latin squares
    r = gridcnf.count(FUTO, all=True, list=True)
    assert len(r["solutions"]) == 12 and len({json.dumps(s) for s in r["solutions"]}) == 12


def test_puzzle_object(root):
    text = (root / "examples" / "starbattle-7x7.txt").read_text()
    p = gridcnf.Puzzle(text)
    assert (p.genre, p.n) == ("starbattle", 7)
    assert repr(p) == "<gridcnf.Puzzle: starbattle 7x7>"
    assert str(p) == p.to_text()
    again = gridcnf.Puzzle.parse(p.to_json())
    assert again.to_json() == p.to_json()
    assert gridcnf.Puzzle.parse(p.convert("text")).to_json() == p.to_json()
    for name, _ in gridcnf.formats():
        try:
            out = p.convert(name)
        except gridcnf.Error:
            with pytest.raises(gridcnf.Error):
                gridcnf.convert(p, to=name)
            continue
        assert out == gridcnf.convert(p, to=name)
    with pytest.raises(gridcnf.UsageError):
        p.convert("png")
    sol = p.solve()
    assert sol.puzzle is p and sol == gridcnf.solve(p) | {"stats": sol["stats"]}
    assert p.count()["count"] == 1
    assert p.hint()["status"] == "hint"
    assert p.rate()["status"] == "unique"
    assert p.explain()["status"] == "solvable"
    assert p.minimize()["status"] == "unique"
    assert p.cnf().startswith("c gridcnf")
    assert p.check(sol["solution"])["status"] == "solution"


def test_read_a_batch(corpus):
    path = corpus / "variants.jsonl"
    puzzles = gridcnf.read(path)
    lines = [ln for ln in path.read_text().splitlines() if ln.strip()]
    assert [p.id for p in puzzles] == [json.loads(ln)["id"] for ln in lines]
    assert len(gridcnf.read(path.read_text())) == len(lines)


def test_genres_and_version():
    names = [g["name"] for g in gridcnf.genres()]
    assert names == sorted(["futoshiki", "skyscrapers", "starbattle"])
    towers = next(g for g in gridcnf.genres() if g["name"] == "skyscrapers")
    assert "towers" in towers["aliases"] and towers["max_n"] >= 9
    assert gridcnf.__version__.count(".") == 2


def test_genres_equal_cli(cli_records):
    assert gridcnf.genres() == cli_records("genres", "--json")
    star = next(g for g in gridcnf.genres() if g["name"] == "starbattle")
    assert star["levels"] == ["easy", "medium", "hard", "expert"]


def test_generate_doc_names_each_genres_levels():
    # generate()'s difficulty: "any" or one of the genre's own levels
    doc = " ".join(gridcnf.generate.__doc__.split())
    for g in gridcnf.genres():
        assert ", ".join(g["levels"]) in doc, g["name"]


def test_generic_run_for_any_command(root):
    path = root / "examples" / "skyscrapers-6x6.txt"
    recs = gridcnf.run("solve", path, first=True, amo="seq")
    assert len(recs) == 1 and recs[0]["status"] == "solved"
    assert untimed(recs[0]) == untimed(gridcnf.solve(path, first=True, amo="seq"))


def test_certify_writes_its_files(root, tmp_path):
    r = gridcnf.certify(root / "examples" / "skyscrapers-6x6.txt", tmp_path / "cert")
    assert r["status"] == "unique" and r["certificate"]
    assert (tmp_path / "cert" / "proof.drat").is_file()


def test_every_command_is_a_function():
    for c in gridcnf.commands():
        f = getattr(gridcnf, c["name"].replace("-", "_"))
        assert callable(f), c["name"]
    # made from the table: the help's summary is the docstring's first line
    fix = next(c for c in gridcnf.commands() if c["name"] == "unique-fix")
    assert gridcnf.unique_fix.__doc__.lower().startswith(fix["summary"].lower())


def test_keywords_are_the_commands_options(root):
    path = root / "examples" / "skyscrapers-6x6.txt"
    with pytest.raises(TypeError) as e:
        gridcnf.rate(path, first=True)  # an option of solve, not of rate
    assert "rate takes no option 'first'" in str(e.value) and "timeout" in str(e.value)
    with pytest.raises(TypeError):
        gridcnf.solve(path, first="yes")
    r = gridcnf.hint(path, forced=True)
    assert r["status"] == "unique" and r["fixed_cells"] == 36
    assert where(gridcnf.hint(path, forced=True)) == where(gridcnf.hint(gridcnf.Puzzle.parse(path), forced=True))
    # the generic door: any command by name, its options as keywords
    recs = gridcnf.run("hint", path, forced=True)
    assert recs == [r]
    # a FILE option takes content as well as a path
    grid = gridcnf.solve(path)["solution"]
    assert gridcnf.run("hint", path, grid=grid)[0]["status"] == "complete"


def test_puzzle_has_every_command(root, tmp_path):
    p = gridcnf.Puzzle.parse((root / "examples" / "skyscrapers-6x6.txt").read_text())
    assert p.unique_fix()["status"] == "unique"
    assert p.render(svg=True) == gridcnf.render_svg(p)
    assert p.certify(tmp_path / "c")["status"] == "unique"
    with pytest.raises(AttributeError):
        p.generate
    with pytest.raises(AttributeError):
        p._repr_html_
