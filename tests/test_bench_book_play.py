"""benchmarks/bench_book_play.py on a book that is not built: it stops at once, saying what
is missing and to run `make book`, instead of leaving a browser waiting for a page that
is not there (`make lite` alone leaves book/_build/html/lite/ and no pages)."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "bench_book_play.py"
_spec = importlib.util.spec_from_file_location("bench_book_play", SCRIPT)
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def lite_only(root: Path) -> Path:
    pyodide = root / bench.PYODIDE
    pyodide.parent.mkdir(parents=True)
    pyodide.write_text("// the browser's Python", encoding="utf-8")
    return root


@pytest.mark.parametrize("extra", [[], ["--coach"]])
def test_without_the_books_pages_it_stops_at_once_and_says_make_book(tmp_path, extra):
    done = subprocess.run([sys.executable, str(SCRIPT), "--html", str(lite_only(tmp_path)), *extra],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "is missing" in done.stderr and "Run `make book` first." in done.stderr
    assert done.stdout == ""                    # no browser started, nothing measured


def test_it_names_what_a_half_built_book_lacks(tmp_path):
    assert bench.not_built(tmp_path / "nowhere") == "no such folder"
    html = lite_only(tmp_path)
    assert bench.not_built(html) == f"{bench.PLAY} is missing"
    for page in bench.PAGES:
        (html / page).parent.mkdir(parents=True, exist_ok=True)
        (html / page).write_text("<p>a page built without its widgets</p>", encoding="utf-8")
    assert "has no live table" in bench.not_built(html)
    for page, widget in bench.PAGES.items():
        kind = widget.split("data-kind=")[1].rstrip("]")
        (html / page).write_text(f'<div class="rt-play" data-kind="{kind}"></div>', encoding="utf-8")
    assert bench.not_built(html) == ""
    (html / bench.PYODIDE).unlink()
    assert "lite/" in bench.not_built(html)
