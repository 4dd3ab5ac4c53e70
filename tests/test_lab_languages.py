"""`make lab` in the reader's language: the lessons' copies in Italian and Dutch, each on a
kernel of its language, JupyterLab's own settings, and JupyterLab's language packs served
by a real JupyterLab."""

from __future__ import annotations

import json
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "lite"))
from lessons import (install_kernels, lesson_sources, write_lab,  # noqa: E402
                     write_lab_settings)


def code_cells(path: Path) -> list[str]:
    return [c["source"] for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]


def markdown(path: Path) -> str:
    return "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"]
                     if c["cell_type"] == "markdown")


def test_make_lab_writes_every_lesson_in_every_language(tmp_path):
    written = write_lab(tmp_path / "lab", tmp_path / "work")
    names = [f"{source.stem}.ipynb" for source in lesson_sources()]
    assert len(written) == 3 * len(names)
    for name in names:
        english = tmp_path / "lab" / name
        for lang in ("it", "nl"):
            copy = tmp_path / "lab" / lang / name
            assert code_cells(copy) == code_cells(english), (lang, name)   # the same code
            kernel = json.loads(copy.read_text())["metadata"]["kernelspec"]
            assert kernel["name"] == f"rummy-teach-{lang}"
    # the prose is the translation: the Dutch lesson's first heading is not the English one
    english, dutch = markdown(tmp_path / "lab" / "basic_melds.ipynb"), markdown(
        tmp_path / "lab" / "nl" / "basic_melds.ipynb")
    assert "# Basic Rummy: cards and melds" in english
    assert "# Basic Rummy: cards and melds" not in dutch and "# " in dutch
    assert write_lab(tmp_path / "lab", tmp_path / "work") == []   # the reader's copies are kept


def test_each_languages_kernel_speaks_it(tmp_path):
    folders = install_kernels(tmp_path)
    specs = {f.name: json.loads((f / "kernel.json").read_text()) for f in folders}
    assert set(specs) == {"rummy-teach-it", "rummy-teach-nl"}
    for name, spec in specs.items():
        assert spec["env"] == {"RUMMY_TEACH_LANG": name.rsplit("-", 1)[1]}
        assert spec["argv"][:3] == [sys.executable, "-m", "ipykernel_launcher"]


def test_jupyterlab_speaks_the_readers_language(tmp_path):
    path = tmp_path / "overrides.json"
    write_lab_settings(path, "nl")
    settings = json.loads(path.read_text())
    assert settings["@jupyterlab/translation-extension:plugin"] == {"locale": "nl_NL"}
    assert settings["@jupyterlab/docmanager-extension:plugin"]["defaultViewers"]["myst"] == \
        "Jupytext Notebook"


def test_make_lab_never_asks_about_jupyter_news(tmp_path):
    path = tmp_path / "overrides.json"
    write_lab_settings(path, "en")
    notification = json.loads(path.read_text())["@jupyterlab/apputils-extension:notification"]
    # "none" is JupyterLab's default: ask, in a toast over the lesson
    assert notification == {"fetchNews": "false", "checkForUpdates": False}
    schema = Path(sys.prefix, "share/jupyter/lab/schemas/@jupyterlab/apputils-extension/notification.json")
    allowed = json.loads(schema.read_text())["properties"]
    assert "false" in [choice["const"] for choice in allowed["fetchNews"]["oneOf"]]
    assert allowed["checkForUpdates"]["type"] == "boolean"


def test_our_words_for_jupyterlab_fill_the_packs_gaps_and_agree_with_them():
    """The live site's JupyterLab reads the packs' words with ours added where a pack has
    none (lite/build.py LAB_WORDS): the Italian pack has no menu titles, so the bar read
    File Edit View Run... Where a pack has the word (in the menu context, or without one)
    ours is the same, so the book page names the menu as the app shows it."""
    from jupyterlab_server.translation_utils import get_language_pack

    from test_lite_wheel import lite_build
    from rummy_teach.i18n import catalogue

    build = lite_build()
    LAB_WORDS, with_our_words = build.LAB_WORDS, build.with_our_words
    for lang, locale in build.LOCALES.items():
        pack = get_language_pack(locale)[0]["jupyterlab"]
        merged = with_our_words(pack, lang)
        for key, code in LAB_WORDS.items():
            ours = catalogue(lang)[code]
            assert merged[key] == [ours], (lang, key)
            plain = key.split("\x04")[-1]
            for theirs in (pack.get(key), pack.get(plain)):
                assert theirs in (None, [ours]), (lang, key, theirs, ours)
    italian = with_our_words(get_language_pack("it_IT")[0]["jupyterlab"], "it")
    assert [italian[f"menu\x04{m}"][0] for m in ("Edit", "View", "Run", "Help")] == [
        "Modifica", "Visualizza", "Esegui", "Aiuto"]


@pytest.mark.slow
@pytest.mark.browser
def test_jupyterlab_serves_the_italian_and_dutch_language_packs(jupyterlab):
    with urllib.request.urlopen(f"{jupyterlab.base}/lab/api/translations/", timeout=60) as answer:
        packs = json.loads(answer.read())["data"]
    assert {"it_IT", "nl_NL"} <= set(packs), packs
    with urllib.request.urlopen(f"{jupyterlab.base}/lab/api/translations/it_IT", timeout=60) as answer:
        words = json.loads(answer.read())["data"]["jupyterlab"]
    assert words["Run All Cells"] == ["Esegui Tutte le Celle"]
