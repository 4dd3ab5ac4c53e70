"""The book's three editions (book/editions.py), on the session's one real build.

English at the root of the site, Italian in ``it/``, Dutch in ``nl/``: every page exists in
each, says its language in ``<html lang>``, the theme speaks it, and a language switch on
every page leads to the same page in the other editions (in Chromium, by mouse and by
keyboard). Each edition's lessons were executed in its language (the executed notebooks'
outputs speak it), and a widget on a translated page draws and answers in that language in
place. The checker of English left on translated pages runs over the built lessons.
"""

from __future__ import annotations

import html as html_lib
import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from rummy_teach.i18n import LANGUAGES, catalogue, language
from rummy_teach.reasons import ENGLISH, say
from test_book_play import book_with_lite, page_errors, play_site, settled  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
LESSON = "tutorials/basic_melds"
#: a lesson with no widget: the switch test moves between its editions without starting
#: the page's Python at every step (the widgets' own tests do that)
PLAIN_LESSON = "tutorials/basic_turn"
#: Sphinx's own word for "Search", as the theme shows it in each edition
SEARCH = {"en": "Search", "it": "Cerca", "nl": "Zoeken"}

_spec = importlib.util.spec_from_file_location("english_check", ROOT / "book" / "english_check.py")
english_check = sys.modules.setdefault("english_check", importlib.util.module_from_spec(_spec))
if not hasattr(english_check, "check_edition"):
    _spec.loader.exec_module(english_check)


def pages(edition: Path) -> list[str]:
    """The edition's pages (not the other editions', the live lessons' or Jupyter Book's
    index.html, which only redirects to the first page)."""
    return sorted(p.relative_to(edition).as_posix() for p in edition.rglob("*.html")
                  if p.relative_to(edition).parts[0] not in ("it", "nl", "lite", "_static")
                  and "<html" in p.read_text(encoding="utf-8")[:2000])


def switch(page_html: str) -> dict[str, tuple[str, bool]]:
    """The language switch of a page: language -> (href, is the current one)."""
    nav = re.search(r'<nav class="rummy-languages"[^>]*>(.*?)</nav>', page_html, re.S)
    assert nav, "no language switch"
    return {m.group(2): (html_lib.unescape(m.group(1)), "aria-current" in m.group(0))
            for m in re.finditer(r'<a href="([^"]+)" hreflang="(\w+)"[^>]*>', nav.group(1))}


@pytest.mark.slow
def test_every_page_is_in_every_edition_in_its_language(book):
    assert book.ok, book.failure()
    english = pages(book.html)
    assert f"{LESSON}.html" in english and len(english) >= 25
    for lang in LANGUAGES:
        edition = book.edition(lang)
        assert pages(edition) == english, lang
        text = (edition / f"{LESSON}.html").read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in text
        with language(lang):
            assert f"<title>{html_lib.escape(say('book_title'))}" in text or \
                f"&#8212; {html_lib.escape(say('book_title'))}</title>" in text
            assert say("book_run_live") in text and say("book_show_code") in text
        assert f'search-button__default-text">{SEARCH[lang]}' in text


@pytest.mark.slow
def test_the_language_switch_of_every_page_leads_to_the_same_page(book):
    for lang in LANGUAGES:
        edition = book.edition(lang)
        for name in pages(edition):
            page = edition / name
            links = switch(page.read_text(encoding="utf-8"))
            assert list(links) == list(LANGUAGES), name
            for other, (href, current) in links.items():
                assert current == (other == lang), (lang, name, other)
                target = (page.parent / href).resolve()
                assert target == (book.edition(other) / name).resolve(), (lang, name, href)
                assert target.exists(), (lang, name, href)


@pytest.mark.slow
@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_edition_executed_its_lessons_in_its_language(book, lang):
    """The kernel of the edition's build spoke its language: a verdict the English edition
    shows in English is in the edition's words in its executed notebook."""
    cells = json.loads(book.executed("basic_melds", lang).read_text(encoding="utf-8"))["cells"]
    shown = json.dumps([c.get("outputs", []) for c in cells if c["cell_type"] == "code"],
                       ensure_ascii=False)
    english = json.loads(book.executed("basic_melds").read_text(encoding="utf-8"))["cells"]
    assert [c["source"] for c in cells if c["cell_type"] == "code"] == \
        [c["source"] for c in english if c["cell_type"] == "code"]      # the very same code
    words = catalogue(lang)
    assert words.get("is_run") and words["is_run"] != ENGLISH["is_run"]
    fragment = max(re.split(r"\{\w+\}", words["is_run"]), key=len).strip()
    assert html_lib.escape(fragment) in shown or fragment in shown


# --- in Chromium --------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize("by_keyboard", [False, True], ids=["mouse", "keyboard"])
def test_the_switch_lands_on_the_same_lesson_in_the_other_language(play_site, browser_page,
                                                                   by_keyboard):
    page = browser_page.page
    page.goto(f"{play_site}/it/{PLAIN_LESSON}.html", wait_until="load")
    for name, lang in (("Nederlands", "nl"), ("English", "en"), ("Italiano", "it")):
        link = page.locator("nav.rummy-languages").get_by_role("link", name=name, exact=True)
        if by_keyboard:
            page.locator("body").focus()
            for _ in range(60):                   # Tab from the top until the link has the focus
                page.keyboard.press("Tab")
                if page.evaluate("document.activeElement.hreflang") == lang:
                    break
            assert page.evaluate("document.activeElement.textContent") == name
            with page.expect_navigation():
                page.keyboard.press("Enter")
        else:
            with page.expect_navigation():
                link.click()
        prefix = "" if lang == "en" else f"{lang}/"
        assert page.url == f"{play_site}/{prefix}{PLAIN_LESSON}.html"
        assert page.evaluate("document.documentElement.lang") == lang
        current = page.locator("nav.rummy-languages [aria-current=page]")
        assert current.inner_text() == LANGUAGES[lang]
    assert browser_page.outside == []


def fixed_part(lang: str, code: str) -> str:
    """The longest fixed part of a template in ``lang`` ("✔ A legal {kind}" -> "A legal")."""
    template = catalogue(lang).get(code, ENGLISH[code])
    return max(re.split(r"\{\w+\}", template), key=len).strip(" :;,.✔✘")


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_widget_on_a_translated_page_speaks_its_language_and_plays_in_place(play_site,
                                                                             browser_page, lang):
    words = catalogue(lang)
    for code in ("checker_title", "verdict_legal", "verdict_not_meld"):
        assert words.get(code) and words[code] != ENGLISH[code], f"{lang}: {code} untranslated"
    page = browser_page.page
    page.goto(f"{play_site}/{lang}/{LESSON}.html", wait_until="load")
    checker = page.locator(".rt-play[data-kind=meld_checker]").first
    checker.scroll_into_view_if_needed()
    first = checker.inner_text()
    assert words["checker_title"] in first                    # drawn by the edition's kernel
    assert fixed_part(lang, "verdict_not_meld") in first     # Q♥ K♥ A♥ as the lesson left it
    checker.locator("[data-card=AH]").first.click()           # take the ace out: Q♥ K♥
    settled(checker)
    checker.locator("[data-card=JH]").first.click()           # J♥ Q♥ K♥
    settled(checker)
    text = checker.inner_text()
    assert fixed_part(lang, "verdict_legal") in text, text[-400:]   # answered in place, in lang
    assert fixed_part("en", "verdict_legal") not in text
    assert checker.locator(".rt-play-status").inner_text() == ""
    assert browser_page.outside == [] and page_errors(browser_page) == []


# --- no English left on the translated lessons ---------------------------------------------

def fully_translated_lessons(lang: str) -> list[str]:
    """The lessons whose every prose block has a translation in ``lang`` (book/i18n.py)."""
    spec = importlib.util.spec_from_file_location("book_i18n", ROOT / "book" / "i18n.py")
    book_i18n = sys.modules.get("book_i18n")
    if book_i18n is None:
        book_i18n = sys.modules["book_i18n"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(book_i18n)
    return [page for page, (done, total) in book_i18n.status(lang).items()
            if page.startswith("tutorials/") and done == total]


@pytest.mark.slow
@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_translated_lessons_prose_holds_no_english_sentence(book, lang):
    """Every lesson whose translation is complete reads in its language on the built page:
    its prose (headings, paragraphs, boxes, tables, the toggles) holds no English sentence.
    (What the cells draw comes from rummy_teach's catalogues and the lessons' code.)"""
    done = fully_translated_lessons(lang)
    patterns = [Path(page).with_suffix(".html").as_posix() for page in done]
    problems = english_check.check_edition(book.html, lang, pages=patterns, outputs=False)
    assert not problems, "\n".join(f"{page}: {found[:3]}" for page, found in problems.items())


@pytest.mark.slow
@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_translated_pages_and_what_their_code_draws_hold_no_english_sentence(book, lang):
    """An Italian or Dutch reader reads no English on a lesson, a rules page, the start or
    the teachers' page: neither in the prose nor in what the lessons' code cells print and
    draw (tables, captions, verdicts, widgets' first pictures). The glossary is left out:
    it shows each English term beside its translation on purpose, so English links work."""
    pages = ("tutorials/*.html", "rules/*.html", "intro.html", "teachers.html", "choices.html")
    problems = english_check.check_edition(book.html, lang, pages=pages, outputs=True)
    assert not problems, "\n".join(f"{page}: {found[:3]}" for page, found in problems.items())


_spec = importlib.util.spec_from_file_location("termbase", ROOT / "book" / "termbase.py")
termbase = sys.modules.setdefault("termbase", importlib.util.module_from_spec(_spec))
if not hasattr(termbase, "check_edition"):
    _spec.loader.exec_module(termbase)


@pytest.mark.slow
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translated_page_says_each_concept_with_the_termbases_word(book, lang):
    """Every page of the Italian and Dutch editions (lessons, rules, glossary, index...),
    prose and what the code cells print and draw, uses the termbase's word for each
    concept, never a variant it refuses (docs/glossary-i18n.md, book/termbase.py)."""
    problems = termbase.check_edition(book.html, lang)
    assert not problems, "\n".join(f"{page}: {found[:3]}" for page, found in problems.items())


# --- the build's own logic, without building --------------------------------------------

def _editions_module():
    spec = importlib.util.spec_from_file_location("book_editions", ROOT / "book" / "editions.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _fake_builds(monkeypatch, editions, outputs):
    """book/editions.py with its builds replaced by ``outputs[lang]``, a list of
    (exit code, output) taken one per build of that edition; returns the builds run."""
    runs = []

    def run(command, env=None):
        lang = (env or {}).get("RUMMY_TEACH_LANG", "en")
        runs.append(lang)
        return outputs[lang].pop(0)

    monkeypatch.setattr(editions, "run", run)
    monkeypatch.setattr(editions, "write_edition_source", lambda lang, folder: folder)
    return runs


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_edition_reads_the_sphinx_words_its_catalogue_lacks(lang):
    """Sphinx 7.4's Italian and Dutch catalogues leave the tooltip of the link beside each
    heading in English, and the theme some of its tooltips and names; each edition reads
    book/_sphinx_locale first (book/_templates says the theme's words through it)."""
    editions = _editions_module()
    assert editions.edition_config(lang)["sphinx"]["config"]["locale_dirs"] == ["_sphinx_locale"]
    assert "_sphinx_locale" in editions.SHARED
    po = (ROOT / "book" / "_sphinx_locale" / lang / "LC_MESSAGES" / "sphinx.po").read_text(encoding="utf-8")
    pairs = dict(re.findall(r'msgid "(.+)"\nmsgstr "(.*)"', po))
    assert {"Link to this heading", "Link to this term", "Color mode",
            "Toggle primary sidebar", "Toggle secondary sidebar"} <= set(pairs)
    assert all(text and text != english for english, text in pairs.items())


def test_an_edition_whose_lesson_kernel_did_not_start_is_built_again(monkeypatch, tmp_path):
    editions = _editions_module()
    lost_race = ("tutorials/basic_melds.md: Executing notebook using local CWD [mystnb]\n"
                 "RuntimeError: Kernel died before replying to kernel_info\n")
    runs = _fake_builds(monkeypatch, editions, {
        "en": [(0, "build succeeded.")],
        "it": [(1, lost_race), (0, "build succeeded.")],
        "nl": [(0, "build succeeded.")]})
    ok, log = editions.build_editions(tmp_path, ("it", "nl"))
    assert ok
    assert sorted(runs) == ["en", "it", "it", "nl"]
    assert "the kernel of tutorials/basic_melds.md did not start" in log
    assert "Kernel died before replying" in log and "Traceback" not in log


def test_a_lesson_that_fails_in_its_code_is_not_built_again_and_its_log_comes_last(
        monkeypatch, tmp_path):
    editions = _editions_module()
    runs = _fake_builds(monkeypatch, editions, {
        "en": [(0, "build succeeded.")],
        "it": [(1, "WARNING: Executing notebook failed: CellExecutionError")],
        "nl": [(0, "build succeeded.")]})
    ok, log = editions.build_editions(tmp_path, ("it", "nl"))
    assert not ok
    assert sorted(runs) == ["en", "it", "nl"]
    assert log.rindex("(it): exit 1") > log.rindex("(nl): exit 0") > log.rindex("(en): exit 0")
    assert log.endswith("FAILED =====")


@pytest.mark.parametrize("lang,placeholder", [("en", "Search this book..."), ("it", "Cerca nel libro…"),
                                              ("nl", "Zoeken in dit boek…")])
def test_the_search_fields_placeholder_is_in_the_editions_language(lang, placeholder):
    """The theme shows its search field's placeholder as configured; the book's extension
    gives every page the edition's words for it."""
    from types import SimpleNamespace

    sys.path.insert(0, str(ROOT / "book" / "_ext"))
    try:
        from rummy_book import add_language_switch
    finally:
        sys.path.remove(str(ROOT / "book" / "_ext"))
    app = SimpleNamespace(config=SimpleNamespace(language=lang))
    context = {"theme_search_bar_text": "Search this book..."}
    add_language_switch(app, "tutorials/basic_melds", "page.html", context, None)
    assert context["theme_search_bar_text"] == placeholder
