"""Where each lesson lives in the JupyterLite site: one function, no dependencies.

The lite site (``make lite``) holds every lesson of ``tutorials/`` as a notebook
named after the lesson (``tutorials/basic_melds.md`` -> ``basic_melds.ipynb``).
A lesson opens in JupyterLab-in-the-browser at::

    <site>/lite/lab/index.html?path=basic_melds.ipynb

From a book page at ``<site>/tutorials/basic_melds.html`` that is the relative
link ``../lite/lab/index.html?path=basic_melds.ipynb``. The build also writes the
map ``lite/lessons.json`` (lesson name -> path inside the lite site) next to the
site's ``index.html``, so a page or a script can find the links without Python.

Usage::

    python lite/lessons.py                 # prints the JSON map for tutorials/
    python lite/lessons.py --prefix ../lite/
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


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prefix", default="", help="the lite site's address, e.g. ../lite/")
    parser.add_argument("--tutorials", type=Path, default=TUTORIALS)
    args = parser.parse_args(argv)
    print(json.dumps(lesson_map(args.tutorials, args.prefix), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
