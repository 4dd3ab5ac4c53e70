"""nbval on what learners open: the reader's copies show what the book shows.

`make lab` gives a learner the reader's copy of every lesson (lite/lessons.py: the lesson
without its hidden checks, no outputs), and the book shows the same lesson executed. This
test writes the English reader's copies exactly as `make lab` does, puts into each code
cell the outputs the book build gave that cell (the book's executed notebook, read
through the ``book`` fixture, so no lesson runs twice for it), and runs them under nbval
in a pytest of its own::

    python -m pytest --nbval <folder> --nbval-sanitize-with tests/nbval_sanitize.cfg

nbval runs each copy from the top in a fresh kernel, the one the copy names (as
JupyterLab would), and compares every cell's outputs with the book's. A lesson whose
cell shows one thing in the book and another in JupyterLab fails, and this test prints
nbval's report: the notebook, the cell and the two outputs. What may differ between two
honest runs (a fresh table's deal number, an object's memory address, a timing) is
rewritten the same way in both by the sanitisers of tests/nbval_sanitize.cfg, each with
the reason it is there.

Each English lesson is executed once more per run, here; the Italian and Dutch copies
are not run (their code is byte for byte the English, and the book build executes them).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from rummy_teach.startup import lean_command
from book_build import without_kernel_noise  # the other plugin of tests/conftest.py

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "lite"))
from lessons import lesson_sources, write_reader_notebooks  # noqa: E402

SANITIZE = Path(__file__).resolve().parent / "nbval_sanitize.cfg"
#: the longest nbval may take over the sixteen lessons before it is stopped with its
#: kernels (it took 100 to 120 s on two cores shared with other work: docs/testing.md)
NBVAL_TIMEOUT = 900


class ReferenceMismatch(AssertionError):
    """The book executed other code than the reader's copy holds."""


def code_cells(notebook) -> list:
    return [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]


def source_of(cell) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else source


def with_book_outputs(copy: Path, executed: Path) -> None:
    """Give each code cell of the reader's copy ``copy`` the outputs of the same cell in
    the book's executed notebook ``executed`` (the book's download: the reader's copy of
    the executed lesson), in place. The two must hold the same code cells, in the same
    order, with the same code; otherwise :class:`ReferenceMismatch` names the first
    difference."""
    notebook = nbformat.read(copy, as_version=4)
    book = json.loads(executed.read_text(encoding="utf-8"))
    mine, theirs = code_cells(notebook), code_cells(book)
    for number, (cell, reference) in enumerate(zip(mine, theirs)):
        if source_of(cell) != source_of(reference):
            raise ReferenceMismatch(
                f"{copy.name}: code cell {number} differs from the book's "
                f"({executed}):\n--- reader's copy\n{source_of(cell)}\n--- book\n"
                f"{source_of(reference)}")
        cell.outputs = [nbformat.from_dict(output) for output in reference.get("outputs", [])]
        cell.execution_count = reference.get("execution_count")
    if len(mine) != len(theirs):
        raise ReferenceMismatch(f"{copy.name}: {len(mine)} code cells, the book's "
                                f"{executed} has {len(theirs)}")
    nbformat.write(notebook, copy)


def reader_copies_with_book_outputs(book, folder: Path) -> list[Path]:
    """The English reader's copies, as `make lab` writes them into lab/, written into
    ``folder`` with the book's outputs as nbval's reference."""
    written = write_reader_notebooks(folder)
    for copy in written:
        executed = book.executed(copy.stem)
        if not executed.exists():
            pytest.fail(f"{copy.stem} was not executed by the book build, so there is nothing "
                        f"to compare its reader's copy with; the end of the build's log:\n"
                        f"{book.log[-3000:]}")
        with_book_outputs(copy, executed)
    return written


def kernel_environment() -> dict[str, str]:
    """The environment of the kernels that run the English copies: they import this copy
    of the package, and speak English, as the book's English edition did
    (book/editions.py) and as the English copies do for their reader, whatever the
    locale of this run."""
    return {**os.environ, "RUMMY_TEACH_LANG": "en",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}


def run_nbval(folder: Path, timeout: float = NBVAL_TIMEOUT) -> subprocess.CompletedProcess:
    """``pytest --nbval`` over the notebooks of ``folder`` in a process of its own (an
    empty ini file beside the folder, so this project's conftest and options stay out),
    in its own process group, so that a run past ``timeout`` is stopped with its kernels."""
    ini = folder.parent / "nbval-pytest.ini"
    ini.write_text("[pytest]\n", encoding="utf-8")
    # `python -m pytest`, without the import rummy_teach/startup.py skips (2 s of CPU)
    argv = [*lean_command("pytest:console_main", "pytest"), "-c", str(ini), "--rootdir", str(folder),
            "-p", "no:cacheprovider", "-q", "-rfE", "--color=no",
            "--nbval", "--nbval-sanitize-with", str(SANITIZE), str(folder)]
    with subprocess.Popen(argv, cwd=folder, env=kernel_environment(), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, start_new_session=True) as process:
        try:
            stdout, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            stdout, stderr = process.communicate()
            stderr += f"\n(stopped: nbval took more than {timeout} s)"
    return subprocess.CompletedProcess(argv, process.returncode, stdout, stderr)


def nbval_report(result: subprocess.CompletedProcess, limit: int = 20000) -> str:
    """nbval's account of a failed run: from its failures (each names the notebook and the
    cell, shows the code and the two outputs) to its summary; the whole output when it
    broke before reporting any."""
    output = result.stdout
    start = output.find("= FAILURES =")
    start = output.rfind("\n", 0, start) + 1 if start >= 0 else 0
    report = output[start:]
    if len(report) > limit:
        report = f"{report[:limit // 2]}\n[... cut ...]\n{report[-limit // 2:]}"
    errors = without_kernel_noise(result.stderr).strip()
    return report + (f"\n{errors[-3000:]}" if errors else "")


@pytest.mark.slow
def test_every_readers_copy_shows_what_the_book_shows(book, tmp_path):
    folder = tmp_path / "lab"
    written = reader_copies_with_book_outputs(book, folder)
    assert [copy.stem for copy in written] == [source.stem for source in lesson_sources()]
    result = run_nbval(folder)
    assert result.returncode == 0, (
        "nbval: a reader's copy (what `make lab` opens) shows something else than the "
        f"book (exit {result.returncode}):\n{nbval_report(result)}")


# --- the check can fail: a lesson that shows the learner something else than the book -----

LESSON_HEAD = """---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
    format_version: 0.13
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---

# {title}

```{{code-cell}} ipython3
hand = "5H 6H 7H".split()
```

```{{code-cell}} ipython3
:tags: [remove-cell]

{check}
```

```{{code-cell}} ipython3
print(" ".join(hand))
```

```{{code-cell}} ipython3
from rummy_teach.widgets import CardTable

CardTable(game="basic", players=2, levels="easy", dealer=1)
```
"""


def book_download(lesson: Path, target: Path) -> Path:
    """What the book build makes of ``lesson``, in small: every cell executed in a fresh
    kernel, hidden checks included, then the checks dropped with their outputs (the
    book's download, book/_ext/rummy_book.py's ``reader_copy``)."""
    import jupytext
    from nbclient import NotebookClient

    from lessons import reader_cells

    notebook = jupytext.read(lesson)
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(lesson.parent)}}
                   ).execute(env=kernel_environment())
    reader_cells(notebook)
    nbformat.write(notebook, target)
    return target


@pytest.mark.slow
def test_nbval_fails_a_lesson_whose_hidden_check_changes_what_the_learner_sees(tmp_path):
    """Two small lessons, each with a fresh card table (a new deal in every run). In one,
    the hidden check only looks; in the other it changes the hand, so the book shows
    "5H 6H 7H 8H" where the learner's copy prints "5H 6H 7H". nbval passes the first (the
    fresh table included, thanks to the sanitisers) and fails the second, on that cell."""
    lessons, books = tmp_path / "tutorials", tmp_path / "book"
    lessons.mkdir(), books.mkdir()
    checks = {"honest": "assert len(hand) == 3",
              "leaky": 'hand.append("8H")  # a check that changes what a later cell shows'}
    for name, check in checks.items():
        source = lessons / f"{name}.md"
        source.write_text(LESSON_HEAD.format(title=name, check=check), encoding="utf-8")
        book_download(source, books / f"{name}.ipynb")
    folder = tmp_path / "lab"
    for copy in write_reader_notebooks(folder, lessons):
        with_book_outputs(copy, books / copy.name)
    result = run_nbval(folder, timeout=300)
    report = result.stdout + result.stderr
    assert result.returncode == 1, report
    assert "FAILED leaky.ipynb::Cell 1" in report, report
    assert "5H 6H 7H 8H" in report, report       # nbval shows the book's output...
    assert "1 failed, 5 passed" in report, report  # ...and nothing else failed


def sanitised(text: str) -> str:
    """``text`` as nbval compares it, through tests/nbval_sanitize.cfg (nbval's own reader
    of the file, applied as nbval applies it: each pair in order, with re.sub)."""
    import re

    from nbval.plugin import get_sanitize_patterns

    for regex, replace in get_sanitize_patterns(SANITIZE.read_text(encoding="utf-8")):
        text = re.sub(regex, replace, text)
    return text


def test_the_sanitisers_forget_a_fresh_deal_and_nothing_else():
    """Two fresh tables (two deals) read the same once sanitised; a table dealt from a
    given number keeps every card, and a fresh table of another game stays different."""
    from rummy_teach.widgets import CardTable

    def shown(table) -> tuple[str, str]:
        data = table._repr_mimebundle_()[0]
        return data["text/html"], data["text/plain"]

    def fresh():
        return shown(CardTable(game="basic", players=2, levels="easy", dealer=1, delay=0))

    first = fresh()
    # two fresh deals draw the same number once in 99,999: draw again rather than flake
    second = next(deal for deal in (fresh() for _ in range(5)) if deal[0] != first[0])
    assert sanitised(first[0]) == sanitised(second[0])
    assert sanitised(first[1]) == sanitised(second[1]) == "<CardTable basic seat=0 hand=1 phase=(as dealt)>"
    dealt = shown(CardTable(game="basic", players=2, levels="easy", dealer=1, seed=1234, delay=0))[0]
    assert sanitised(dealt) == dealt and 'data-deal="1234"' in dealt
    other = shown(CardTable(game="500", players=3, levels="easy", dealer=2, delay=0))[0]
    assert sanitised(other) != sanitised(first[0])


def test_a_reference_from_other_code_is_refused(tmp_path):
    """The book's outputs are put into a reader's copy only cell by cell with the same
    code: a book executed from other code is named, not compared."""
    lessons = tmp_path / "tutorials"
    lessons.mkdir()
    (lessons / "tiny.md").write_text(LESSON_HEAD.format(title="tiny", check="pass"),
                                     encoding="utf-8")
    [copy] = write_reader_notebooks(tmp_path / "lab", lessons)
    book = nbformat.read(copy, as_version=4)
    book.cells[2].source = book.cells[2].source.replace('" ".join', '", ".join')
    nbformat.write(book, tmp_path / "book.ipynb")
    with pytest.raises(ReferenceMismatch, match=r"tiny.ipynb: code cell 1 differs"):
        with_book_outputs(copy, tmp_path / "book.ipynb")
    del book.cells[-1]
    book.cells[2].source = book.cells[2].source.replace('", ".join', '" ".join')
    nbformat.write(book, tmp_path / "book.ipynb")
    with pytest.raises(ReferenceMismatch, match=r"3 code cells, the book's .* has 2"):
        with_book_outputs(copy, tmp_path / "book.ipynb")
