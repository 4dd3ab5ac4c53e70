"""Every lesson in tutorials/ runs from top to bottom, checked in the book build.

The lessons are executed once per test run, by the book build (the ``book``
fixture of tests/book_build.py, in a real kernel, each lesson from a fresh one,
exactly as ``make book`` runs them). These tests read the executed notebooks: a
lesson passes when every code cell ran and none raised, including the hidden
``assert`` cells that check the numbers the text states. A failure names the
lesson, the cell and the error.

To run one lesson by itself while writing it, nbval reads the MyST file directly
(tests/nbval_myst.py)::

    PYTHONPATH=tests .venv/bin/python -m pytest -p nbval_myst --nbval-lax tutorials/basic_melds.md

What a learner opens (the reader's copies of ``make lab``) is run under nbval against the
book's outputs by tests/test_reader_nbval.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "tutorials"
LESSONS = sorted(p for p in TUTORIALS.glob("*.md") if p.read_text(encoding="utf-8").startswith("---"))


def test_there_are_lessons():
    assert LESSONS, f"no MyST lessons found in {TUTORIALS}"


def first_line(cell: dict) -> str:
    source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    lines = [line for line in source.splitlines() if line.strip()]
    return lines[0] if lines else "(empty)"


def problems(cells: list[dict]) -> list[str]:
    """What went wrong in an executed notebook's code cells, one line each."""
    found = []
    for number, cell in enumerate(cells, start=1):
        where = f"cell {number} ({first_line(cell)!r})"
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                found.append(f"{where} raised {output['ename']}: {output['evalue']}")
        if cell.get("execution_count") is None and "".join(cell["source"]).strip():
            found.append(f"{where} never ran")
    return found


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_runs_in_the_book_build(book, lesson):
    notebook = book.executed(lesson.stem)
    assert notebook.exists(), (
        f"{lesson.name} was not executed by the book build; the end of its log:\n{book.log[-3000:]}")
    cells = book.executed_cells(lesson.stem)
    assert cells, f"{lesson.name}: the executed notebook has no code cells"
    found = problems(cells)
    assert not found, f"{lesson.name}:\n" + "\n".join(found)


def test_a_failing_cell_is_named_with_its_error():
    """The check above cannot pass a lesson that broke: it names the cell and the error."""
    cells = [
        {"cell_type": "code", "source": "x = 1\n", "execution_count": 1, "outputs": []},
        {"cell_type": "code", "source": ["# the score\n", "assert x == 2\n"], "execution_count": 2,
         "outputs": [{"output_type": "error", "ename": "AssertionError", "evalue": "",
                      "traceback": []}]},
        {"cell_type": "code", "source": "print(x)\n", "execution_count": None, "outputs": []},
    ]
    assert problems(cells) == ["cell 2 ('# the score') raised AssertionError: ",
                               "cell 3 ('print(x)') never ran"]
    assert problems(cells[:1]) == []
