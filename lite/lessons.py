"""Where each lesson lives in the JupyterLite site: one function, no dependencies.

The lite site (``make lite``) holds every lesson of ``tutorials/`` as a notebook
named after the lesson (``tutorials/basic_melds.md`` -> ``basic_melds.ipynb``).
A lesson opens in JupyterLab-in-the-browser at::

    <site>/lite/lab/index.html?path=basic_melds.ipynb

From a book page at ``<site>/tutorials/basic_melds.html`` that is the relative
link ``../lite/lab/index.html?path=basic_melds.ipynb``. The build also writes the
map ``lite/lessons.json`` (lesson name -> path inside the lite site) next to the
site's ``index.html``, so a page or a script can find the links without Python.

A reader's copy of a lesson (:func:`reader_notebook`) is the lesson without its
hidden checks: the cells tagged ``remove-cell`` prove the page's claims while the
book is built and when the tests run the lesson, and are no part of what a reader
opens. The lite site, the book's ``.ipynb`` download and ``make lab`` all hand out
this copy; cells the book folds (``hide-input``, ``hide-cell``) come folded.

Usage::

    python lite/lessons.py                 # prints the JSON map for tutorials/
    python lite/lessons.py --prefix ../lite/
    python lite/lessons.py --write lab     # writes the reader's copies into lab/
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "tutorials"
LESSON_SUFFIXES = (".md", ".ipynb")


def lesson_sources(folder: Path = TUTORIALS) -> list[Path]:
    """The lesson files of ``folder`` (MyST ``.md`` or ``.ipynb``), sorted by name."""
    return sorted(p for p in folder.iterdir()
                  if p.suffix in LESSON_SUFFIXES and not p.name.startswith((".", "_")))


def notebook_name(lesson: str | Path) -> str:
    """``"basic_melds"``, ``"basic_melds.md"`` or a path -> ``"basic_melds.ipynb"``."""
    return f"{Path(lesson).stem}.ipynb" if Path(lesson).suffix else f"{lesson}.ipynb"


def lesson_url(lesson: str | Path, prefix: str = "") -> str:
    """The address of ``lesson`` in the lite site, ``prefix`` being the site's address.

    ``lesson_url("basic_melds", "../lite/")`` ->
    ``"../lite/lab/index.html?path=basic_melds.ipynb"``.
    """
    return f"{prefix}lab/index.html?path={notebook_name(lesson)}"


def lesson_map(folder: Path = TUTORIALS, prefix: str = "") -> dict[str, str]:
    """Lesson name (the file's stem, as in the book's ``_toc.yml``) -> its lite address."""
    return {source.stem: lesson_url(source, prefix) for source in lesson_sources(folder)}


# the book's (myst-nb) tags: checks dropped from a reader's copy; code the book folds
CHECK_TAGS = {"remove-cell"}
FOLDED_SOURCE_TAGS = {"remove-input", "hide-input", "hide-cell"}
FOLDED_OUTPUT_TAGS = {"remove-output", "hide-output", "hide-cell"}


def reader_cells(notebook) -> None:
    """Make ``notebook`` (an nbformat notebook) a reader's copy, in place: drop the
    hidden checks, fold what the book folds (JupyterLab's ``jupyter.source_hidden``
    and ``outputs_hidden``)."""
    kept = []
    for cell in notebook.cells:
        tags = set(cell.metadata.get("tags", []))
        if tags & CHECK_TAGS:
            continue
        if tags & FOLDED_SOURCE_TAGS:
            cell.metadata.setdefault("jupyter", {})["source_hidden"] = True
        if tags & FOLDED_OUTPUT_TAGS and cell.cell_type == "code":
            cell.metadata.setdefault("jupyter", {})["outputs_hidden"] = True
        kept.append(cell)
    notebook.cells = kept


def reader_notebook(source: Path):
    """The reader's copy of the lesson ``source`` (MyST or .ipynb), with no outputs."""
    import jupytext  # only the writers of notebooks need it

    notebook = jupytext.read(source)
    notebook.metadata.pop("jupytext", None)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    reader_cells(notebook)
    return notebook


def write_reader_notebooks(target: Path, folder: Path = TUTORIALS) -> list[Path]:
    """Write the reader's copy of every lesson into ``target``. A copy newer than its
    lesson is left alone: it may hold the reader's own changes."""
    import nbformat

    target.mkdir(parents=True, exist_ok=True)
    written = []
    for source in lesson_sources(folder):
        path = target / notebook_name(source)
        if path.exists() and path.stat().st_mtime >= source.stat().st_mtime:
            continue
        nbformat.write(reader_notebook(source), path)
        written.append(path)
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prefix", default="", help="the lite site's address, e.g. ../lite/")
    parser.add_argument("--tutorials", type=Path, default=TUTORIALS)
    parser.add_argument("--write", type=Path, metavar="FOLDER",
                        help="write the reader's copy of every lesson into FOLDER")
    args = parser.parse_args(argv)
    if args.write:
        for path in write_reader_notebooks(args.write, args.tutorials):
            print(f"wrote {path}")
        return 0
    print(json.dumps(lesson_map(args.tutorials, args.prefix), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
