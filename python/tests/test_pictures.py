"""Pictures: a Puzzle and a solved Result show in notebooks as the
library's SVG; rsvg-convert turns one into a PNG."""
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

import gridcnf

SVG = "{http://www.w3.org/2000/svg}"


def classes(svg):
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return [e.get("class") for e in root.iter() if e.get("class")]


def test_repr_svg_of_a_puzzle_and_its_solution(root):
    p = gridcnf.Puzzle.parse((root / "examples" / "skyscrapers-6x6.txt").read_text())
    drawn = classes(p._repr_svg_())
    rec = p.to_dict()
    clues = sum(v != 0 for side in ("top", "bottom", "left", "right") for v in rec[side])
    assert drawn.count("clue") == clues > 0 and "solution" not in drawn
    r = p.solve()
    assert isinstance(r, dict) and r["status"] == "unique"
    assert classes(r._repr_svg_()).count("solution") == 36
    s = gridcnf.Puzzle.parse((root / "examples" / "starbattle-7x7.txt").read_text())
    assert classes(s.solve()._repr_svg_()).count("star") == 7


def test_partial_grids_draw_only_their_cells(root):
    p = gridcnf.Puzzle.parse((root / "examples" / "skyscrapers-6x6.txt").read_text())
    sol = p.solve()["solution"]
    part = [[v if c == r else None for c, v in enumerate(row)] for r, row in enumerate(sol)]
    assert classes(p.render_svg(part)).count("solution") == 6
    with pytest.raises(ValueError):
        p.render_svg([[1, 2], [2, 1]])


def test_svg_renders_to_png(root, tmp_path):
    if not shutil.which("rsvg-convert"):
        pytest.skip("rsvg-convert is absent (Debian: librsvg2-bin)")
    p = gridcnf.Puzzle.parse((root / "examples" / "starbattle-7x7.txt").read_text())
    (tmp_path / "p.svg").write_text(p.solve()._repr_svg_())
    subprocess.run(["rsvg-convert", "-o", str(tmp_path / "p.png"), str(tmp_path / "p.svg")],
                   check=True)
    png = (tmp_path / "p.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 1000
