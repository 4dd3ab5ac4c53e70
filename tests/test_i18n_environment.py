"""The language a book edition, a lab copy or a live lesson asks for reaches the package:
``RUMMY_TEACH_LANG`` at import, the page's language in the in-page Python's requests, the
catalogues read from the wheel as the browser's Python imports it (a zip archive)."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

from rummy_teach import i18n
from rummy_teach.play import dispatch

ROOT = Path(__file__).resolve().parent.parent

SPEAKS = ("import rummy_teach\nfrom rummy_teach import i18n\nfrom rummy_teach.reasons import say\n"
          "print(i18n.current_language(), say('book_show_code'))")


def run_python(code: str, **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, env={"PATH": "/usr/bin:/bin", **env}, timeout=120)


def test_rummy_teach_lang_makes_the_package_speak_it_from_the_first_import():
    done = run_python(SPEAKS, RUMMY_TEACH_LANG="it")
    assert done.stdout.split(None, 1) == ["it", i18n.catalogue("it")["book_show_code"] + "\n"]
    assert done.stderr == ""


def test_without_rummy_teach_lang_the_package_speaks_english_whatever_the_locale():
    done = run_python(SPEAKS, LANG="nl_NL.UTF-8")
    assert done.stdout.strip() == "en Show code"


def test_an_unknown_rummy_teach_lang_is_said_on_stderr_and_english_stays():
    done = run_python(SPEAKS, RUMMY_TEACH_LANG="klingon")
    assert done.returncode == 0
    assert done.stdout.strip() == "en Show code"
    assert "klingon" in done.stderr and "en, it, nl" in done.stderr


def test_the_pages_language_reaches_the_in_page_controllers(monkeypatch):
    from rummy_teach.play.meld import MeldCheckerController
    from rummy_teach.reasons import say

    # what the controller draws, said in the language in use when it draws
    monkeypatch.setattr(MeldCheckerController, "html", lambda self: say("book_show_code"))
    config = MeldCheckerController().config()
    request = {"widget": "w-lang", "config": config, "act": "clear"}
    assert json.loads(dispatch(json.dumps({**request, "lang": "it"}))) == {
        "html": i18n.catalogue("it")["book_show_code"]}
    assert json.loads(dispatch(json.dumps(request))) == {"html": "Show code"}
    refused = json.loads(dispatch(json.dumps({**request, "widget": "w2", "lang": "xx"})))
    assert "'xx'" in refused["error"] and "en, it, nl" in refused["error"]
    assert i18n.current_language() == "en"        # the request's language does not stay


def test_the_catalogues_are_read_from_the_wheel_as_a_zip(tmp_path):
    """The book's browser Python imports rummy_teach from its wheel as a zip archive."""
    archive = tmp_path / "rummy_teach.whl"
    package = ROOT / "rummy_teach"
    with zipfile.ZipFile(archive, "w") as wheel:
        for path in package.rglob("*"):
            if path.is_file() and path.suffix in (".py", ".po", ".json"):
                wheel.write(path, path.relative_to(ROOT).as_posix())
    code = ("import sys\nsys.path.insert(0, sys.argv[1])\nfrom rummy_teach import i18n\n"
            "print(type(i18n.LOCALE_DIR).__name__, sorted(p.name for p in i18n.po_files('it')),"
            " i18n.catalogue('it').get('book_show_code'))")
    done = subprocess.run([sys.executable, "-c", code, str(archive)], capture_output=True,
                          text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    kind, rest = done.stdout.split(" ", 1)
    assert kind == "Path"                       # zipfile.Path: inside the archive
    assert "'book.po'" in rest
    assert rest.strip().endswith(i18n.catalogue("it")["book_show_code"])
