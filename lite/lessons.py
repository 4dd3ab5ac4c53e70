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

Every lesson also exists in Italian and Dutch: the same code, the prose from the book's
translations (book/i18n.py). In the lite site they are ``it/basic_melds.ipynb`` and
``nl/basic_melds.ipynb``, opened by the app of their language (``lab-it/``, ``lab-nl/``:
JupyterLab's words in that language, a kernel that speaks it). ``make lab`` writes the
copies of each language into ``lab/`` (English), ``lab/it/`` and ``lab/nl/``; their
notebooks name a kernel of their language (``rummy-teach-it``: Python with
``RUMMY_TEACH_LANG=it``), which :func:`install_kernels` installs.

Usage::

    python lite/lessons.py                 # prints the JSON map for tutorials/
    python lite/lessons.py --prefix ../lite/
    python lite/lessons.py --write lab     # writes the reader's copies into lab/, lab/it, lab/nl
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "tutorials"
LESSON_SUFFIXES = (".md", ".ipynb")
#: the lessons' languages; English is the source, the others are written by book/i18n.py
LANGUAGES = {"en": "English", "it": "Italiano", "nl": "Nederlands"}
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")


def lesson_sources(folder: Path = TUTORIALS) -> list[Path]:
    """The lesson files of ``folder`` (MyST ``.md`` or ``.ipynb``), sorted by name."""
    return sorted(p for p in folder.iterdir()
                  if p.suffix in LESSON_SUFFIXES and not p.name.startswith((".", "_")))


def notebook_name(lesson: str | Path) -> str:
    """``"basic_melds"``, ``"basic_melds.md"`` or a path -> ``"basic_melds.ipynb"``."""
    return f"{Path(lesson).stem}.ipynb" if Path(lesson).suffix else f"{lesson}.ipynb"


def lesson_url(lesson: str | Path, prefix: str = "", lang: str = "en") -> str:
    """The address of ``lesson`` in the lite site, ``prefix`` being the site's address.

    ``lesson_url("basic_melds", "../lite/")`` ->
    ``"../lite/lab/index.html?path=basic_melds.ipynb"``;
    ``lesson_url("basic_melds", "../lite/", "it")`` ->
    ``"../lite/lab-it/index.html?path=it/basic_melds.ipynb"``.
    """
    if lang == "en":
        return f"{prefix}lab/index.html?path={notebook_name(lesson)}"
    return f"{prefix}lab-{lang}/index.html?path={lang}/{notebook_name(lesson)}"


def translated_lessons(lang: str, work: Path) -> Path:
    """The lessons in ``lang`` (written into ``work`` by book/i18n.py: the English where a
    block is not translated yet, the code byte for byte); returns their folder."""
    import importlib.util
    import sys

    if "book_i18n" not in sys.modules:
        spec = importlib.util.spec_from_file_location("book_i18n", ROOT / "book" / "i18n.py")
        sys.modules["book_i18n"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    sys.modules["book_i18n"].build(lang, work)
    return work / "tutorials"


def kernel_name(lang: str) -> str:
    """The kernel a lesson in ``lang`` runs on in JupyterLab (see :func:`install_kernels`)."""
    return "python3" if lang == "en" else f"rummy-teach-{lang}"


def install_kernels(prefix: Path) -> list[Path]:
    """Install, under ``prefix`` (a virtualenv), a Python kernel for each translated
    language: this Python with ``RUMMY_TEACH_LANG`` set, so a lesson opened in Italian
    draws its cards and says its verdicts in Italian whatever language the server has."""
    import sys

    written = []
    for lang in TRANSLATED:
        folder = prefix / "share" / "jupyter" / "kernels" / kernel_name(lang)
        folder.mkdir(parents=True, exist_ok=True)
        spec = {"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": f"Python 3 ({LANGUAGES[lang]})", "language": "python",
                "env": {"RUMMY_TEACH_LANG": lang}}
        (folder / "kernel.json").write_text(json.dumps(spec, indent=1) + "\n")
        written.append(folder)
    return written


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


def write_reader_notebooks(target: Path, folder: Path = TUTORIALS, lang: str = "en") -> list[Path]:
    """Write the reader's copy of every lesson into ``target``. A copy newer than its
    lesson is left alone: it may hold the reader's own changes. Copies in another
    language than English name that language's kernel (:func:`kernel_name`)."""
    import nbformat

    target.mkdir(parents=True, exist_ok=True)
    written = []
    for source in lesson_sources(folder):
        path = target / notebook_name(source)
        if path.exists() and path.stat().st_mtime >= source.stat().st_mtime:
            continue
        notebook = reader_notebook(source)
        if lang != "en":
            notebook.metadata["kernelspec"] = {"name": kernel_name(lang), "language": "python",
                                               "display_name": f"Python 3 ({LANGUAGES[lang]})"}
        nbformat.write(notebook, path)
        written.append(path)
    return written


def write_lab(target: Path, work: Path) -> list[Path]:
    """The reader's copies of every lesson for ``make lab``: English in ``target``, each
    other language in ``target/<lang>`` (written from the translated lessons, made in
    ``work``, whose files change only when their text does)."""
    written = write_reader_notebooks(target)
    for lang in TRANSLATED:
        folder = translated_lessons(lang, work / lang)
        written += write_reader_notebooks(target / lang, folder, lang)
    return written


#: JupyterLab's language packs' locales (pyproject.toml: jupyterlab-language-pack-*)
LAB_LOCALES = {"en": "en", "it": "it_IT", "nl": "nl_NL"}


def write_lab_settings(path: Path, lang: str = "en") -> None:
    """JupyterLab's settings for ``make lab``: lessons (.md) open as notebooks through
    jupytext, JupyterLab speaks ``lang`` (its language pack), and its first-run question
    "Would you like to receive official Jupyter news?" never covers the lesson (no news
    is fetched, no update check: the learner's JupyterLab asks nothing of the internet)."""
    settings = {
        "@jupyterlab/docmanager-extension:plugin": {
            "defaultViewers": {"markdown": "Jupytext Notebook", "myst": "Jupytext Notebook"}},
        "@jupyterlab/translation-extension:plugin": {"locale": LAB_LOCALES[lang]},
        "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(settings, indent=1) + "\n")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prefix", default="", help="the lite site's address, e.g. ../lite/")
    parser.add_argument("--tutorials", type=Path, default=TUTORIALS)
    parser.add_argument("--write", type=Path, metavar="FOLDER",
                        help="write the reader's copy of every lesson into FOLDER")
    parser.add_argument("--overrides", type=Path, metavar="FILE",
                        help="with --write: JupyterLab's overrides.json to write (make lab)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="with --overrides: the language JupyterLab speaks")
    args = parser.parse_args(argv)
    if args.write:
        import sys

        install_kernels(Path(sys.prefix))
        for path in write_lab(args.write, ROOT / "lite" / "_build" / "lab-sources"):
            print(f"wrote {path}")
        if args.overrides:
            write_lab_settings(args.overrides, args.lang)
        return 0
    print(json.dumps(lesson_map(args.tutorials, args.prefix), indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
