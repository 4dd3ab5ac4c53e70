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
"""

from __future__ import annotations

import re
from pathlib import Path

import pydata_sphinx_theme
import pytest

from browser import POLL_MS

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
    page.wait_for_function("() => document.documentElement.dataset.themeScripts === 'loaded'",
                           polling=POLL_MS)
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
