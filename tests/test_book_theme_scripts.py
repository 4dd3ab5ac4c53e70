"""The theme's scripts wait for the card table (issue 27, point 5: the first answer on a slow
device), and the theme still works.

book/_templates/static/webpack-macros.html replaces the theme's own macros: fontawesome.js is
not loaded (the theme's stylesheet draws every icon with Font Awesome's web fonts), and
bootstrap.js and pydata-sphinx-theme.js run after the page has loaded, each at an idle
moment. Checked here: the copy keeps the installed theme's file names and digest (an upgrade
of the theme cannot leave it behind silently); in the built page, nothing of the theme's runs
before the load event; in Chromium, every icon is drawn by the font and hidden from screen
readers, and the theme's scripts do their work once they have run (the colour-mode button,
the tab stops on scrollable outputs).

Sphinx's own head scripts are deferred, and the search scripts load only on the search page
(book/_ext/rummy_book.py, book/_templates/layout.html): checked in the built pages of the three
editions, and in Chromium: a lesson fetches no search script, the deferred scripts still add
their buttons, and the search box of a lesson leads to results on the search page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pydata_sphinx_theme
import pytest

from test_book_play import page_errors

ROOT = Path(__file__).resolve().parent.parent
OURS = ROOT / "book" / "_templates" / "static" / "webpack-macros.html"
THEIRS = Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static" / "webpack-macros.html"
PAGE = "tutorials/basic_play"


def assets(text: str) -> list[tuple[str, str]]:
    """Every (file, digest) a macro file names."""
    return re.findall(r"pathto\('(_static/[^']+)', 1\) }}\?digest=(\w+)", text)


def test_the_copy_of_the_themes_macros_names_the_installed_themes_files():
    theirs, ours = assets(THEIRS.read_text()), assets(OURS.read_text())
    digests = {digest for _file, digest in theirs}
    assert len(digests) == 1 and {digest for _file, digest in ours} == digests
    # the same style sheets first; the same scripts, less fontawesome.js
    assert [f for f, _ in ours if f.endswith(".css")] == [f for f, _ in theirs if f.endswith(".css")]
    wanted = {f for f, _ in theirs if f.endswith(".js")} - {"_static/scripts/fontawesome.js"}
    assert {f for f, _ in ours if f.endswith(".js")} == wanted


@pytest.mark.slow
def test_no_theme_script_runs_before_the_page_has_loaded(book):
    text = (book.html / f"{PAGE}.html").read_text(encoding="utf-8")
    assert "fontawesome.js" not in text
    tags = re.findall(r"<script\b[^>]*\bsrc=\"[^\"]*(?:bootstrap|pydata-sphinx-theme)\.js[^>]*>", text)
    assert tags == [], tags
    assert 'rel="preload" as="script"' not in text
    assert text.count("data-rummy-theme-scripts=") == 1


@pytest.mark.slow
@pytest.mark.browser
def test_the_theme_runs_after_the_load_and_its_icons_are_drawn_by_the_font(book_site, browser_page):
    page = browser_page.page
    page.goto(f"{book_site}/{PAGE}.html", wait_until="load")
    page.wait_for_function("() => document.documentElement.dataset.themeScripts === 'loaded'")
    # the theme's scripts were fetched only after the load event
    order = page.evaluate("""() => {
        const load = performance.getEntriesByType('navigation')[0].loadEventStart;
        return performance.getEntriesByType('resource')
          .filter((r) => /(bootstrap|pydata-sphinx-theme|fontawesome)\\.js/.test(r.name))
          .map((r) => [r.name.split('/').pop().split('?')[0], r.startTime >= load]); }""")
    assert sorted(order) == [["bootstrap.js", True], ["pydata-sphinx-theme.js", True]], order
    # every icon: a glyph of Font Awesome's font, of some size, hidden from screen readers
    page.evaluate("document.fonts.ready")
    icons = page.evaluate("""() => [...document.querySelectorAll("i[class*='fa-']")]
        .filter((i) => i.getClientRects().length)
        .map((i) => { const before = getComputedStyle(i, '::before');
          return { cls: i.className, hidden: i.getAttribute('aria-hidden'), glyph: before.content,
                   font: before.fontFamily, width: i.getBoundingClientRect().width }; })""")
    assert len(icons) >= 5, icons
    for icon in icons:
        assert icon["hidden"] == "true" and icon["glyph"] not in ("none", "normal", '""'), icon
        assert "Font Awesome" in icon["font"] and icon["width"] > 4, icon
    assert page.evaluate("document.fonts.check('900 16px \"Font Awesome 6 Free\"')")
    assert page.locator("svg.svg-inline--fa").count() == 0      # (what fontawesome.js drew)
    # the theme's scripts did their work: the colour-mode button cycles the mode, and a code
    # cell whose output scrolls sideways is a tab stop (pydata-sphinx-theme.js)
    before = page.evaluate("document.documentElement.dataset.mode")
    page.locator("button.theme-switch-button").first.click()
    assert page.evaluate("document.documentElement.dataset.mode") != before
    assert page.evaluate("""() => [...document.querySelectorAll('pre')].every((pre) =>
        pre.tabIndex === (pre.scrollWidth > pre.clientWidth || pre.scrollHeight > pre.clientHeight ? 0 : -1))""")
    assert page_errors(browser_page) == [] and browser_page.outside == []


# --- Sphinx's scripts in the head: deferred; the search scripts only on the search page ----
# (book/_ext/rummy_book.py: defer_head_scripts; book/_templates/layout.html: extrahead)
SEARCH_SCRIPTS = ("searchtools.js", "language_data.js", "searchindex.js")


def head_scripts(text: str) -> list[str]:
    """The opening tags of the scripts with a ``src`` in a page's head."""
    head = text.split("</head>", 1)[0]
    return re.findall(r"<script\b[^>]*\bsrc=\"[^\"]+\"[^>]*>", head)


@pytest.mark.slow
def test_sphinxs_head_scripts_wait_for_the_page_and_only_the_search_page_loads_the_search(book):
    for edition in ("", "it/", "nl/"):
        text = (book.html / f"{edition}{PAGE}.html").read_text(encoding="utf-8")
        tags = head_scripts(text)
        assert any("doctools.js" in tag for tag in tags), tags
        blocking = [tag for tag in tags if not re.search(r"\b(defer|async)=", tag)]
        # only the options the inline scripts read at once
        assert len(blocking) == 1 and "documentation_options.js" in blocking[0], blocking
        assert not any(name in text for name in SEARCH_SCRIPTS), edition
        search = (book.html / f"{edition}search.html").read_text(encoding="utf-8")
        for name in SEARCH_SCRIPTS:   # once each, where the search runs
            assert search.count(f"{name}") == 1, (edition, name)


@pytest.mark.slow
@pytest.mark.browser
def test_a_lesson_loads_no_search_script_and_its_search_box_finds_a_lesson(book_site, browser_page):
    page = browser_page.page
    page.goto(f"{book_site}/{PAGE}.html", wait_until="load")
    page.wait_for_function("() => document.documentElement.dataset.themeScripts === 'loaded'")
    fetched = page.evaluate("() => performance.getEntriesByType('resource').map((r) => r.name)")
    assert not [url for url in fetched if any(name in url for name in SEARCH_SCRIPTS)], fetched
    # the deferred scripts did their work: Sphinx's (the translations doctools.js sets up),
    # sphinx-copybutton's, sphinx-togglebutton's
    assert page.evaluate("typeof Documentation === 'object' && typeof Documentation.gettext === 'function'")
    dropdowns = page.locator(".admonition.dropdown")
    assert dropdowns.count() >= 1
    assert page.locator(".admonition.dropdown.toggle-hidden button.toggle-button").count() == dropdowns.count()
    assert page.locator("button.copybtn").count() == page.locator("div.highlight pre").count()
    # the reader searches from the search box of a lesson, as the theme offers it
    page.locator("button.search-button-field").first.click()
    box = page.locator("#pst-search-dialog input[name=q]")
    box.wait_for(state="visible")
    box.fill("meld")
    box.press("Enter")
    page.wait_for_url("**/search.html?q=meld**")
    found = page.locator("#search-results ul.search li a")
    found.first.wait_for(timeout=60_000)
    hrefs = [found.nth(i).get_attribute("href") for i in range(found.count())]
    assert any("tutorials/basic_melds.html" in href for href in hrefs), hrefs
    assert page_errors(browser_page) == [] and browser_page.outside == []
