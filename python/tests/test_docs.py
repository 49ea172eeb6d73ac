"""The Python pages: every example of docs/python.md runs and shows what
the page says (doctest), and docs/python-notebook.md with its pictures is
what python/examples/notebook.py writes today."""
import doctest
import subprocess
import sys


def test_python_md_examples(root):
    failed, attempted = doctest.testfile(
        str(root / "docs" / "python.md"), module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert attempted >= 10 and failed == 0


def test_readme_python_examples(root):
    failed, attempted = doctest.testfile(
        str(root / "README.md"), module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert attempted >= 2 and failed == 0


def test_notebook_page_is_current(root, tmp_path):
    subprocess.run([sys.executable, str(root / "python" / "examples" / "notebook.py"),
                    str(tmp_path)], check=True)
    page = (tmp_path / "python-notebook.md").read_text()
    assert page == (root / "docs" / "python-notebook.md").read_text()
    pictures = sorted((tmp_path / "img").glob("python-notebook-*.svg"))
    assert len(pictures) >= 3
    for svg in pictures:
        assert svg.read_text() == (root / "docs" / "img" / svg.name).read_text(), svg.name
