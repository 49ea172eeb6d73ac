#!/usr/bin/env python3
"""notebook.py [OUT_DIR]: runs the cells of the notebook-style example of
docs/python-notebook.md, as Jupyter would, and writes the page with what
each cell shows: the value of its last line (a Puzzle or a solved record
as the library's SVG picture, written to img/python-notebook-K.svg beside
the page; anything else as its repr) and what it prints.  OUT_DIR is docs/
by default; python/tests/test_docs.py writes a fresh copy and checks that
the committed page is that (a change to the module or the library that
changes what a cell shows shows up there).  Run it with the Python that
has the module installed."""
import ast
import contextlib
import io
import os
import sys

CELLS = [
    ("A Star Battle pasted from puzz.link is read by the library; in a notebook "
     "the puzzle shows as its SVG picture (`_repr_svg_`).",
     """import gridcnf
p = gridcnf.Puzzle.parse("https://puzz.link/p?starbattle/8/8/1/m58o14qsgoa012sd24lcag80")
p"""),
    ("`solve` returns the record `gridcnf solve --json` prints (a dict); "
     "`Puzzle.solve` returns the same record, which shows as the puzzle with its "
     "solution.",
     """r = p.solve()
print(r["status"], r["stats"]["vars"], "vars")
r"""),
    ("Any notation the command line reads: a Towers game ID from Simon Tatham's "
     "collection.",
     """sky = gridcnf.Puzzle.parse("5:/3////2///3/3///1//3//2///,b2v")
sky"""),
    ("Its difficulty, rated from the solver's work.",
     """rating = gridcnf.rate(sky)
rating["label"], rating["score"], rating["up_cells"], rating["cells"]"""),
    ("Check a grid: every rule it breaks, in words.",
     """grid = sky.solve()["solution"]
grid[0][0], grid[0][1] = grid[0][1], grid[0][0]
gridcnf.check(sky, grid)["broken"]"""),
    ("A hint for a partly filled grid (None = empty): the easiest forced cell.",
     """partial = [[None] * 5 for _ in range(5)]
gridcnf.hint(sky, partial)"""),
    ("Bad input raises `ParseError` with the library's line and column.",
     """try:
    gridcnf.solve("futoshiki 3\\n1 2 3\\n2 9 1\\n. . .\\n")
except gridcnf.ParseError as e:
    print(e.line, e.column, e.message)"""),
    ("Generate puzzles (an iterator), solve a batch on two threads (records in "
     "input order), and draw one.",
     """made = list(gridcnf.generate("futoshiki", 6, number=4, seed=7))
print([r["status"] for r in gridcnf.solve_many(made, jobs=2)])
gridcnf.Puzzle.parse(made[0]).solve()"""),
    ("The CNF, with the comment lines that map its variables to cells, for another "
     "solver; `gridcnf.decode(sky, model)` takes its model back (the solver's output, or "
     "PySAT's list of literals).",
     """print("\\n".join(gridcnf.cnf(sky).splitlines()[:3]))"""),
]


def run_cell(code, ns):
    """(printed text, value of the last expression or None)."""
    tree = ast.parse(code)
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    if last is not None:
        tree.body = tree.body[:-1]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(tree, "<cell>", "exec"), ns)
        value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), ns) if last else None
    return out.getvalue(), value


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs")
    os.makedirs(os.path.join(out_dir, "img"), exist_ok=True)
    ns = {}
    page = ["# gridcnf in a notebook", "",
            "What a Jupyter session with the Python module shows (see "
            "[python.md](python.md)). The page is written by "
            "`python/examples/notebook.py`, which runs these cells; the pictures are "
            "the library's SVG, as `_repr_svg_` hands them to Jupyter.", ""]
    for k, (text, code) in enumerate(CELLS, 1):
        printed, value = run_cell(code, ns)
        page += [text, "", f"In [{k}]:", ""]
        page += ["    " + ln for ln in code.splitlines()] + [""]
        shown = []
        if printed:
            shown += printed.rstrip("\n").splitlines()
        if value is not None and not hasattr(value, "_repr_svg_"):
            shown += repr(value).splitlines()
        if shown:
            page += [f"Out [{k}]:", ""] + ["    " + ln for ln in shown] + [""]
        if value is not None and hasattr(value, "_repr_svg_"):
            name = f"img/python-notebook-{k}.svg"
            with open(os.path.join(out_dir, name), "w", encoding="utf-8") as f:
                f.write(value._repr_svg_())
            if not shown:
                page += [f"Out [{k}]:", ""]
            page += [f"![cell {k}]({name})", ""]
    with open(os.path.join(out_dir, "python-notebook.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(page))


if __name__ == "__main__":
    main()
