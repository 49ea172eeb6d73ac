"""Bad input raises ParseError with the command line's line, column and
message; everything else the command refuses raises gridcnf.Error."""
import json
import re

import pytest

import gridcnf

POSITION = re.compile(r"^gridcnf: \$IN:(\d+):(\d+): (.*)$")


def golden_cases(root):
    bad = root / "tests" / "data" / "bad"
    for err in sorted(bad.glob("*/*.err")):
        inputs = [p for p in err.parent.glob(err.stem + ".*") if p.suffix != ".err"]
        assert len(inputs) == 1, err
        yield inputs[0], err.read_text().splitlines()


def test_golden_bad_inputs_raise_parse_error(root, cli_records):
    cases = 0
    for path, (code, *lines) in golden_cases(root):
        data = path.read_bytes()
        m = POSITION.match(lines[0])
        if not m:  # "no puzzle in the input": bad input at no place
            with pytest.raises(gridcnf.ParseError) as e:
                gridcnf.solve(data)
            assert e.value.line is None and e.value.column is None
            assert str(e.value) == lines[0].replace("gridcnf: $IN", "<stdin>")
            continue
        line, column, message = int(m[1]), int(m[2]), m[3]
        # the command's own record for the same bytes on standard input
        rec = cli_records("solve", "--json", "-", input=data)
        bad = next(r for r in rec if r["status"] == "error")
        assert (bad["line"], bad["column"]) == (line, column)
        with pytest.raises(gridcnf.ParseError) as e:
            gridcnf.solve(data)
        assert (e.value.line, e.value.column, e.value.message) == (line, column, message), path
        assert e.value.source == "<stdin>"
        assert str(e.value) == lines[0].replace("gridcnf: $IN", "<stdin>")
        assert e.value.exit_code == int(code) == 65
        assert e.value.record == bad
        # the library's reader, called directly, says the same
        with pytest.raises(gridcnf.ParseError) as e2:
            gridcnf.Puzzle.parse(data)
        assert (e2.value.line, e2.value.column, e2.value.message) == (line, column, message)
        assert str(e2.value) == str(e.value)
        cases += 1
    assert cases >= 80


def test_parse_error_is_a_value_error_and_an_error():
    with pytest.raises(ValueError):
        gridcnf.solve('{"genre": "futoshiki", "n": 3, "givens": [[1]]}')
    with pytest.raises(gridcnf.Error):
        gridcnf.Puzzle.parse("futoshiki 3\n1 2\n")


def test_empty_input_is_a_parse_error_without_a_place():
    # the command line's exit 65, "no puzzle in the input": bad input, at no
    # line of it
    for text in ("", "# only a comment\n"):
        with pytest.raises(gridcnf.ParseError) as e:
            gridcnf.solve(text)
        assert e.value.line is None and e.value.column is None
        assert e.value.source == "<stdin>"
        assert e.value.message == "no puzzle in the input (empty, or only comments)"
        assert e.value.exit_code == 65


def test_bad_grid_and_model_are_positioned():
    p = "futoshiki 3\n. . .\n. . .\n. . .\n"
    with pytest.raises(gridcnf.ParseError) as e:
        gridcnf.check(p, "1 2 3\n2 x 1\n")
    assert e.value.source == "<grid>" and e.value.line == 2
    assert str(e.value).startswith("<grid>:2:")
    with pytest.raises(gridcnf.ParseError) as e:
        gridcnf.hint(p, "1 2 3\n2 3\n")
    assert e.value.source == "<grid>"
    with pytest.raises(gridcnf.ParseError) as e:
        gridcnf.decode(p, "s SATISFIABLE\nv 1 -2 x 0\n")
    assert e.value.source == "<model>" and e.value.line == 2


def test_usage_errors():
    p = "futoshiki 3\n. . .\n. . .\n. . .\n"
    with pytest.raises(gridcnf.UsageError) as e:
        gridcnf.solve(p, amo="fast")
    assert "amo" in str(e.value) and e.value.exit_code == 64
    with pytest.raises(TypeError):
        gridcnf.solve(p, no_such_option=1)
    with pytest.raises(gridcnf.UsageError):
        gridcnf.solve(p, timeout=-1)
    with pytest.raises(gridcnf.UsageError):  # a batch is solve_many's
        gridcnf.solve(p + p)
    with pytest.raises(gridcnf.UsageError):
        gridcnf.Puzzle.parse(p + p)
    with pytest.raises(gridcnf.UsageError):
        next(gridcnf.generate("chess", 5))
    with pytest.raises(TypeError):
        gridcnf.solve(3.5)


def test_cannot_open_and_cannot_express(tmp_path):
    with pytest.raises(gridcnf.Error) as e:
        gridcnf.solve(tmp_path / "missing.txt")
    assert e.value.exit_code == 66 and "cannot open" in str(e.value)
    assert not isinstance(e.value, gridcnf.ParseError)
    star = next(gridcnf.generate("starbattle", 6, seed=1))
    with pytest.raises(gridcnf.Error) as e:
        gridcnf.convert(star, to="codewars")
    assert "cannot express" in str(e.value)
    assert not isinstance(e.value, gridcnf.ParseError)
    p = gridcnf.Puzzle.parse(json.dumps(star))
    with pytest.raises(gridcnf.Error):
        p.convert("codewars")


def test_solve_many_errors_raise_or_come_as_records():
    good = "futoshiki 2\n. .\n. .\n"
    bad = '{"genre": "futoshiki", "n": 2, "givens": [[5, 0], [0, 0]]}'
    got = list(gridcnf.solve_many([good, bad, good], errors="record"))
    assert [r["status"] for r in got] == ["multiple", "error", "multiple"]
    assert got[1]["line"] == 1 and got[1]["column"] > 1
    it = gridcnf.solve_many([good, bad, good])
    assert next(it)["status"] == "multiple"
    with pytest.raises(gridcnf.ParseError):
        next(it)
    batch = "\n".join([json.dumps({"genre": "futoshiki", "n": 2}), bad])
    got = list(gridcnf.solve_many(batch, errors="record"))
    assert [r["status"] for r in got] == ["multiple", "error"]
    assert got[1]["line"] == 2
    with pytest.raises(gridcnf.ParseError) as e:
        list(gridcnf.solve_many(batch, jobs=2))
    assert e.value.line == 2


def test_generate_warns_of_puzzles_not_made():
    # no 4x4 Futoshiki needs recursion: none within 2 tries (exit 4); the
    # iteration ends without an error, with a warning that says why
    with pytest.warns(gridcnf.GenerateWarning, match="difficulty recursive in 2 tries"):
        made = list(gridcnf.generate("futoshiki", 4, difficulty="recursive", tries=2, seed=1))
    assert made == []
    # stopped by its time limit (exit 3): a warning too
    with pytest.warns(gridcnf.GenerateWarning, match="time limit"):
        made = list(gridcnf.generate("starbattle", 25, stars=5, number=1, seed=1, timeout=0.2))
    assert made == []
    # a size known to take minutes or more: the note comes with it
    with pytest.warns(gridcnf.GenerateWarning,
                      match="a 30x30 starbattle with 6 stars may take minutes, or hours, "
                            "to make .*time limit reached"):
        made = list(gridcnf.generate("starbattle", 30, stars=6, number=1, seed=1, timeout=0.2))
    assert made == []
