"""pytest plugin: let nbval run the MyST Markdown lessons in tutorials/.

The lessons are stored once, as MyST Markdown notebooks (jupytext), and serve the
book, JupyterLab and the tests. nbval only collects ``.ipynb`` files, so this
plugin reads a lesson through ``jupytext.read`` and hands the notebook to nbval's
own collector and cell items: every code cell runs in a real kernel, in order.
The lessons store no outputs, so run with ``--nbval-lax``: a lesson passes when
every cell runs, and the hidden ``assert`` cells check every number the text states.

    python -m pytest -p nbval_myst --nbval-lax tutorials/basic_melds.md
    (with tests/ on PYTHONPATH; tests/test_lessons.py does exactly this)
"""

from __future__ import annotations

from collections import defaultdict

import jupytext
from nbval.plugin import IPyNbCell, IPyNbFile, find_comment_markers, find_metadata_tags


def is_myst_notebook(path) -> bool:
    if path.suffix != ".md":
        return False
    head = path.read_text(encoding="utf-8")[:2000]
    return head.startswith("---") and "format_name: myst" in head and "kernelspec:" in head


class MystNotebookFile(IPyNbFile):
    """An nbval notebook collector whose notebook comes from a MyST Markdown file."""

    def collect(self):
        self.nb = jupytext.read(str(self.path))
        for cell_num, cell in enumerate(c for c in self.nb.cells if c.cell_type == "code"):
            options = defaultdict(bool, find_metadata_tags(cell.metadata))
            options.update(dict(find_comment_markers(cell.source)))
            options.setdefault("check", self.compare_outputs)
            yield IPyNbCell.from_parent(self, name=f"Cell {cell_num}", cell_num=cell_num,
                                        cell=cell, options=options)


def pytest_collect_file(file_path, parent):
    option = parent.config.option
    if (option.nbval or option.nbval_lax) and is_myst_notebook(file_path):
        return MystNotebookFile.from_parent(parent, path=file_path)
