"""The test session tests `make book`'s build only when it was made from the inputs of now.

tests/book_build.py's ``made_build`` decides, from the record book/editions.py writes next
to a build (book/build_inputs.py), whether the session may test the build in
``book/_build`` instead of building the book again. These tests make a small project
tree, record a build of it the way book/editions.py does, then change one input at a time:
each change must make the session build the book again, and say what changed. A change
to the build's own output or to what the build never reads must not.
"""

from __future__ import annotations

import importlib.util
import json

import pytest

import book_build
from book_build import build_inputs


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project tree with every kind of input, and a successful build of it recorded in
    book/_build as book/editions.py records one."""
    monkeypatch.delenv(book_build.REBUILD, raising=False)
    root = tmp_path / "project"
    for name, text in {"book/intro.md": "# Rummy\n", "book/_config.yml": "title: Rummy\n",
                       "book/_ext/rummy_book.py": "x = 1\n", "book/_vendor/widgets.js": "w()\n",
                       "tutorials/basic_melds.md": "A set is three cards.\n",
                       "rummy_teach/__init__.py": "", "rummy_teach/melds.py": "SET = 3\n",
                       "lite/lessons.py": "", "pyproject.toml": "[project]\n",
                       "tests/test_x.py": "", "docs/testing.md": "",
                       "book/.vendor-cache/widgets.tgz": "cache",
                       "rummy_teach/__pycache__/melds.cpython-313.pyc": "bytes",
                       "book/_sphinx_locale/it/LC_MESSAGES/sphinx.po": "msgid \"\""}.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    made = root / "book" / "_build"
    record_build(made, root, ok=True)
    return root, made


def record_build(made, root, ok: bool) -> None:
    build_inputs.forget(made)
    inputs = build_inputs.manifest(root)
    (made / "html").mkdir(parents=True, exist_ok=True)
    (made / "html" / "index.html").write_text("<html></html>")
    (made / "build.log").write_text("build succeeded.")
    build_inputs.record(made, inputs, ok)


def test_a_build_of_the_inputs_of_now_is_tested_and_the_session_says_so(project):
    root, made = project
    build, why = book_build.made_build(made, root)
    assert build is not None, why
    assert build.html == made / "html" and build.ok and build.log == "build succeeded."
    assert build.digest == json.loads((made / build_inputs.RECORD).read_text())["digest"]
    assert "from exactly the inputs of now" in why and str(made) in build.origin


@pytest.mark.parametrize("change, said", [
    (lambda root: (root / "tutorials/basic_melds.md").write_text("A set is 3 cards.\n"),
     "tutorials/basic_melds.md changed"),
    (lambda root: (root / "book/_vendor/widgets.js").write_text("w(1)\n"),
     "book/_vendor/widgets.js changed"),
    (lambda root: (root / "rummy_teach/runs.py").write_text("RUN = 3\n"),
     "rummy_teach/runs.py added"),
    (lambda root: (root / "book/_ext/rummy_book.py").unlink(), "book/_ext/rummy_book.py removed"),
    (lambda root: (root / "pyproject.toml").write_text("[project]\nname = 'x'\n"),
     "pyproject.toml changed"),
    (lambda root: (root / "lite/lessons.py").write_text("x = 2\n"), "lite/lessons.py changed"),
    (lambda root: (root / "book/_sphinx_locale/it/LC_MESSAGES/sphinx.po").write_text("msgid \"x\""),
     "book/_sphinx_locale/it/LC_MESSAGES/sphinx.po changed"),
], ids=["lesson", "vendored", "package-file-added", "extension-removed", "pyproject", "lite",
        "sphinx-catalogue"])
def test_a_changed_input_file_makes_the_session_build_the_book_again(project, change, said):
    root, made = project
    change(root)
    build, why = book_build.made_build(made, root)
    assert build is None
    assert said in why and "other inputs" in why


def test_another_package_version_or_environment_makes_it_build_again(project, monkeypatch):
    root, made = project
    versions = build_inputs.packages()
    name = next(iter(versions))
    monkeypatch.setattr(build_inputs, "packages", lambda: {**versions, name: "0.0.0-other"})
    build, why = book_build.made_build(made, root)
    assert build is None and f"package {name} changed" in why
    monkeypatch.undo()
    assert book_build.made_build(made, root)[0] is not None   # the same packages again
    monkeypatch.setenv("RUMMY_TEACH_LANG", "nl")
    build, why = book_build.made_build(made, root)
    assert build is None and "$RUMMY_TEACH_LANG added" in why


def test_a_failed_interrupted_or_unrecorded_build_is_never_tested(project, monkeypatch):
    root, made = project
    record_build(made, root, ok=False)
    assert book_build.made_build(made, root) == (None, f"the build in {made} failed")
    build_inputs.forget(made)                       # as book/editions.py does when it starts
    build, why = book_build.made_build(made, root)
    assert build is None and "no record of its inputs" in why
    record_build(made, root, ok=True)
    (made / "build.log").unlink()
    assert book_build.made_build(made, root)[0] is None
    record_build(made, root, ok=True)
    monkeypatch.setenv(book_build.REBUILD, "1")
    assert book_build.made_build(made, root) == (None, f"{book_build.REBUILD} is set")


def test_what_the_build_never_reads_changes_nothing(project):
    root, made = project
    (root / "tests/test_x.py").write_text("def test(): pass\n")
    (root / "docs/testing.md").write_text("Measured.\n")
    (root / "book/.vendor-cache/widgets.tgz").write_text("another download")
    (root / "rummy_teach/__pycache__/melds.cpython-313.pyc").write_text("other bytes")
    # Sphinx compiles the catalogue it reads as it builds
    (root / "book/_sphinx_locale/it/LC_MESSAGES/sphinx.mo").write_bytes(b"compiled")
    (made / "html" / "lite").mkdir()                 # `make lite` copies the site in
    (made / "html" / "lite" / "index.html").write_text("lite")
    build, why = book_build.made_build(made, root)
    assert build is not None, why


def test_the_live_site_is_taken_only_from_the_same_book_inputs_and_executed_lessons(tmp_path):
    executed = tmp_path / "jupyter_execute" / "tutorials"
    executed.mkdir(parents=True)
    (executed / "basic_melds.ipynb").write_text('{"cells": []}')
    site = tmp_path / "lite"
    build_inputs.record(site, build_inputs.lite_inputs("a" * 64, executed), True)
    wanted = build_inputs.digest(build_inputs.lite_inputs("a" * 64, executed))
    assert build_inputs.recorded_digest(site) == wanted
    assert build_inputs.digest(build_inputs.lite_inputs("b" * 64, executed)) != wanted
    (executed / "basic_melds.ipynb").write_text('{"cells": [1]}')   # executed anew
    assert build_inputs.digest(build_inputs.lite_inputs("a" * 64, executed)) != wanted
    build_inputs.forget(site)
    assert build_inputs.recorded_digest(site) is None


def test_a_second_build_of_the_live_site_waits_for_the_first(tmp_path, monkeypatch):
    """`make lite` (or `make book`) while a `make test` builds the site in its session: both
    would write lite/_build; the second says it waits, and builds once the first is done."""
    import fcntl
    import threading

    spec = importlib.util.spec_from_file_location("lite_build", build_inputs.ROOT / "lite" / "build.py")
    lite = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lite)
    said, waiting, built = [], threading.Event(), threading.Event()

    def say(message):
        said.append(message)
        if "waiting" in message:
            waiting.set()

    monkeypatch.setattr(lite, "BUILD", tmp_path / "_build")
    monkeypatch.setattr(lite, "say", say)
    monkeypatch.setattr(lite, "build", lambda args, executed: built.set() or 0)
    (tmp_path / "_build").mkdir()
    results = []
    with open(tmp_path / "_build" / ".build.lock", "w") as first:
        fcntl.flock(first, fcntl.LOCK_EX)          # the first build, running
        second = threading.Thread(target=lambda: results.append(lite.main(["--executed", "none"])))
        second.start()
        assert waiting.wait(60), said
        assert not built.is_set()
    second.join(60)
    assert built.is_set() and results == [0]
    assert lite.main(["--executed", "none"]) == 0 and len([m for m in said if "waiting" in m]) == 1


def test_make_lite_builds_nothing_when_its_site_was_made_from_the_inputs_of_now(
        tmp_path, monkeypatch, capsys):
    """`make lite` run again after `make book` finds the site the book's build copied,
    recorded as made from the same inputs, and builds nothing; the same
    site with other executed lessons, or RUMMY_BOOK_REBUILD=1, and it builds."""
    spec = importlib.util.spec_from_file_location("lite_build", build_inputs.ROOT / "lite" / "build.py")
    lite = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lite)

    class Building(Exception):
        """The build went on past the check, to its first download."""

    def fetch(lock):
        raise Building

    monkeypatch.setattr(lite, "fetch", fetch)
    monkeypatch.delenv(book_build.REBUILD, raising=False)
    executed = tmp_path / "jupyter_execute" / "tutorials"
    executed.mkdir(parents=True)
    (executed / "basic_melds.ipynb").write_text('{"cells": []}')
    site = tmp_path / "html" / "lite"
    site.mkdir(parents=True)
    (site / "jupyter-lite.json").write_text("{}")
    build_inputs.record(site, build_inputs.lite_inputs(
        build_inputs.digest(build_inputs.manifest()), executed), True)
    argv = ["--dest", str(site), "--executed", str(executed)]
    assert lite.main(argv) == 0
    assert "nothing to build" in capsys.readouterr().out
    monkeypatch.setenv(book_build.REBUILD, "1")
    with pytest.raises(Building):
        lite.main(argv)
    monkeypatch.delenv(book_build.REBUILD)
    (executed / "basic_melds.ipynb").write_text('{"cells": [1]}')   # the book built again
    with pytest.raises(Building):
        lite.main(argv)
