"""The notebooks a reader opens: each lesson without its hidden checks, and no lesson
telling the reader to download itself.

A lesson's cells tagged ``remove-cell`` are checks: they prove the page's claims when
the book is built and when tests/test_lessons.py runs the lesson, and they are no
part of what a reader sees. The lite site, the book's ``.ipynb`` download and
``make lab`` all hand out the copy made by ``lite/lessons.py`` (``reader_notebook``).
"""

from __future__ import annotations

import ast
import builtins
import json
import os
import sys
from pathlib import Path

import jupytext
import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "lite"))
from lessons import (CHECK_TAGS, lesson_sources, reader_notebook,  # noqa: E402
                     write_reader_notebooks)

LESSONS = lesson_sources()
IDS = [source.stem for source in LESSONS]


def _names(tree):
    stored = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    stored |= {n.arg for n in ast.walk(tree) if isinstance(n, ast.arg)}
    stored |= {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    stored |= {(a.asname or a.name).split(".")[0] for n in ast.walk(tree)
               if isinstance(n, (ast.Import, ast.ImportFrom)) for a in n.names}
    loaded = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return stored, loaded


def names_only_checks_define(source: Path) -> list[tuple[int, str]]:
    """(cell, name) for every name a reader's cell uses that only a hidden check defined
    before it: that cell would fail in the reader's copy."""
    notebook = jupytext.read(source)
    hidden, visible, found = set(), set(dir(builtins)), []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        stored, loaded = _names(ast.parse(cell.source))
        if set(cell.metadata.get("tags", [])) & CHECK_TAGS:
            hidden |= stored - visible
        else:
            found += [(index, name) for name in sorted((loaded & hidden) - visible - stored)]
            visible |= stored
    return found


@pytest.mark.parametrize("source", LESSONS, ids=IDS)
def test_reader_copy_has_no_hidden_checks_and_folds_what_the_book_folds(source):
    original = jupytext.read(source)
    copy = reader_notebook(source)
    checks = [c for c in original.cells if set(c.metadata.get("tags", [])) & CHECK_TAGS]
    assert checks, f"{source.name} has no hidden checks: nothing to test here"
    assert len(copy.cells) == len(original.cells) - len(checks)
    for cell in copy.cells:
        tags = set(cell.metadata.get("tags", []))
        assert not tags & CHECK_TAGS, cell.source[:80]
        if tags & {"hide-input", "hide-cell", "remove-input"}:
            assert cell.metadata["jupyter"]["source_hidden"] is True, cell.source[:80]
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None
    nbformat.validate(copy)


@pytest.mark.parametrize("source", LESSONS, ids=IDS)
def test_no_reader_cell_needs_a_name_only_a_hidden_check_defines(source):
    assert names_only_checks_define(source) == []


def test_the_leak_check_spots_a_name_defined_only_by_a_check(tmp_path):
    lesson = tmp_path / "leaky.md"
    header = LESSONS[0].read_text().split("\n---\n", 1)[0] + "\n---\n\n"
    lesson.write_text(header +
                      "```{code-cell} ipython3\nx = 1\n```\n\n"
                      "```{code-cell} ipython3\n:tags: [remove-cell]\n\nwinner = x\n```\n\n"
                      "```{code-cell} ipython3\nprint(winner)\n```\n")
    assert names_only_checks_define(lesson) == [(2, "winner")]


@pytest.mark.parametrize("source", LESSONS, ids=IDS)
def test_no_lesson_tells_its_reader_to_download_it(source):
    """The one way to go further (the "Run this lesson live" box) is added by the
    book build, so a notebook opened in JupyterLab never asks to download itself."""
    text = source.read_text()
    for words in ("{nb-download}", "Use this page live", "download button", "↓ button"):
        assert words not in text, f"{source.name} still says {words!r}"


def test_make_lab_copies_keep_the_readers_changes(tmp_path):
    lessons = tmp_path / "tutorials"
    lessons.mkdir()
    source = next(s for s in LESSONS if s.suffix == ".md")
    (lessons / source.name).write_text(source.read_text())
    lab = tmp_path / "lab"
    written = write_reader_notebooks(lab, lessons)
    assert [p.name for p in written] == [source.stem + ".ipynb"]
    copy = written[0]
    changed = copy.read_text().replace('"cells": [', '"cells": [{"cell_type": "markdown", '
                                       '"id": "mine", "metadata": {}, "source": "my note"},', 1)
    copy.write_text(changed)
    assert write_reader_notebooks(lab, lessons) == []           # the reader's copy is kept
    assert "my note" in copy.read_text()
    later = copy.stat().st_mtime + 10
    os.utime(lessons / source.name, (later, later))               # the lesson changed since
    assert write_reader_notebooks(lab, lessons) == [copy]
    assert "my note" not in copy.read_text()
    assert json.loads(copy.read_text())["cells"]


def test_book_download_is_the_readers_copy_with_its_outputs():
    """The book extension's copy of an executed notebook drops the checks, keeps outputs."""
    sys.path.insert(0, str(ROOT / "book" / "_ext"))
    try:
        from rummy_book import reader_copy
    finally:
        sys.path.remove(str(ROOT / "book" / "_ext"))
    executed = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "code", "id": "a", "metadata": {"tags": ["hide-input"]}, "execution_count": 1,
         "source": "picture()", "outputs": [{"output_type": "display_data", "metadata": {},
                                             "data": {"text/html": "<svg></svg>"}}]},
        {"cell_type": "code", "id": "b", "metadata": {"tags": ["remove-cell"]}, "execution_count": 2,
         "source": "assert True", "outputs": []},
        {"cell_type": "markdown", "id": "c", "metadata": {}, "source": "Words, é ♠."}]}
    copy = json.loads(reader_copy(json.dumps(executed)))
    assert [c["id"] for c in copy["cells"]] == ["a", "c"]
    assert copy["cells"][0]["metadata"]["jupyter"] == {"source_hidden": True}
    assert copy["cells"][0]["outputs"][0]["data"]["text/html"] == "<svg></svg>"
    assert copy["cells"][1]["source"] == "Words, é ♠."
    nbformat.validate(nbformat.reads(json.dumps(copy), as_version=4))
