"""The real book: built as `make book` builds it, then opened in a real browser.

One build per test session (the ``book`` fixture of tests/book_build.py, shared with
the lesson checks), into a temporary folder so a reader's book/_build is left alone:
vendored widget scripts fetched and verified, every lesson executed, Sphinx warnings
as errors, cross-references checked (nitpicky). Then the HTML is
checked for anything loaded from another host, and a lesson page is opened in
Chromium, served from a local static server, with every request that leaves
localhost blocked and recorded.
"""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
LOADING = {"script": "src", "link": "href", "img": "src", "iframe": "src", "source": "src",
           "audio": "src", "video": "src", "embed": "src"}


def toc_files() -> list[str]:
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text())
    files = [toc["root"]]
    for part in toc.get("parts", []):
        files += [chapter["file"] for chapter in part["chapters"]]
    return files


slow = pytest.mark.slow
#: tests/shared_run.py: one process runs this module and test_book_pages.py, which read the
#: same English lesson pages through shared_book_page (each page loaded once for both)
SHARED_RUN_GROUP = "the English lesson pages"


@slow
def test_book_builds_with_warnings_as_errors(book):
    html, log = book.html, book.log
    if not book.reused:
        assert book.ok, book.failure()
        assert "build succeeded" in log
    assert not book.problems(), book.failure()
    for page in toc_files():
        assert (html / page).with_suffix(".html").exists(), page


@slow
def test_every_lesson_offers_its_notebook(book):
    html = book.html
    lessons = [page for page in toc_files() if page.startswith("tutorials/")]
    assert lessons
    for page in lessons:
        notebook = html / "_sources" / f"{page}.ipynb"
        assert notebook.exists(), f"no notebook download for {page}"
        assert '"cells"' in notebook.read_text()
        text = (html / page).with_suffix(".html").read_text()
        assert f"_sources/{page}.ipynb" in text, f"{page}: no .ipynb in the download menu"


class _Loads(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value and (name == LOADING.get(tag) or name == "srcset"):
                self.urls.append(value)


@slow
def test_no_page_loads_anything_from_another_host(book):
    html = book.html
    pages = sorted(html.rglob("*.html"))
    assert len(pages) >= len(toc_files())
    outside = {}
    for page in pages:
        parser = _Loads()
        parser.feed(page.read_text(encoding="utf-8"))
        found = [u for u in parser.urls if re.match(r"^(https?:)?//", u.strip(), re.I)]
        if found:
            outside[str(page.relative_to(html))] = found
    assert not outside, outside
    # and no script names another host at all: no MathJax, no CDN, not even an unused
    # constant (the widget state is data: its SVG namespaces are not addresses)
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for attributes, body in re.findall(r"<script([^>]*)>(.*?)</script>", text, re.S):
            if "application/vnd.jupyter.widget" in attributes:
                continue
            if 'type="application/json"' in attributes:   # data: the SVG namespace is a name
                body = re.sub(r'xmlns(:xlink)?=\\?"http://www\.w3\.org/(2000/svg|1999/xlink)\\?"', "", body)
            assert not re.search(r"https?://|mathjax|unpkg|jsdelivr|cdnjs", attributes + body,
                                 re.I), (page.name, attributes, body[:200])


@slow
def test_widget_scripts_are_vendored_and_verified(book):
    html = book.html
    check = subprocess.run([sys.executable, str(BOOK / "vendor.py"), "--check"], cwd=ROOT,
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    for name in ("require.js", "config.js", "embed-amd.js"):
        assert (html / "jupyter-widgets" / name).stat().st_size > 0
    assert not list((html / "_static").rglob("embed-amd.js")), "the manager must stay out of _static"


# --- a real browser ---------------------------------------------------------------------

def card_boxes(page):
    return page.eval_on_selector_all(
        ".cell_output svg[role=img]",
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return {w: r.width, h: r.height, paths: e.querySelectorAll('path, text').length}; })")


# Draw an SVG element of the page onto a canvas and count the pixels that are not
# white or transparent: a card that is really drawn has plenty of ink.
INK = """async (svg) => {
  const xml = new XMLSerializer().serializeToString(svg);
  const image = new Image();
  image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(xml);
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = 100; canvas.height = 140;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0, 100, 140);
  const data = context.getImageData(0, 0, 100, 140).data;
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] > 0 && (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200)) ink++;
  }
  return ink;
}"""
# measured: an empty card frame has about 900 inked pixels at this size, the 2 of
# spades about 1,900; more than 1,400 means the card's face is drawn
BLANK_FRAME_INK = 1400


@slow
@pytest.mark.browser
@pytest.mark.parametrize("lesson", [p.split("/")[-1] for p in toc_files() if p.startswith("tutorials/")])
def test_lesson_page_shows_cards_offline(book_site, shared_book_page, lesson):
    browser_page = shared_book_page(f"tutorials/{lesson}")  # loaded with networkidle
    page = browser_page.page
    live = page.locator("a.rummy-run-live-link")
    assert live.count() == 1 and live.get_attribute("href") == f"../lite/lab/index.html?path={lesson}.ipynb"
    boxes = card_boxes(page)
    # the experiment page shows charts of simulated hands, not cards
    least = 1 if lesson == "experiment" else 5
    assert len(boxes) >= least, f"only {len(boxes)} pictures on {lesson}"
    assert all(b["w"] >= 20 and b["h"] >= 28 and b["paths"] > 0 for b in boxes), boxes[:5]
    first = page.locator(".cell_output svg[role=img]").first
    first.scroll_into_view_if_needed()
    assert first.is_visible()
    assert first.evaluate(INK) > BLANK_FRAME_INK, "the first card picture is blank"
    assert browser_page.outside == [], f"requests left localhost: {browser_page.outside}"
    assert any(u.startswith(book_site) for u in browser_page.requests)
    browser_page.shot(f"book_{lesson}", full_page=True)


def test_offline_guard_of_the_book_extension_spots_outside_loads():
    """The build's own guard (book/_ext/rummy_book.py) flags what the browser would fetch."""
    sys.path.insert(0, str(BOOK / "_ext"))
    try:
        from rummy_book import outside_loads
    finally:
        sys.path.remove(str(BOOK / "_ext"))
    page = ('<script src="https://cdn.jsdelivr.net/npm/x.js"></script>'
            '<link rel="stylesheet" href="//fonts.example.org/a.css">'
            '<script src="../jupyter-widgets/require.js"></script>'
            '<a href="https://example.org/">a link is not a load</a>')
    assert outside_loads(page) == ["https://cdn.jsdelivr.net/npm/x.js", "//fonts.example.org/a.css"]


@slow
@pytest.mark.browser
@pytest.mark.parametrize("card", ["basic_card", "rummy500_card", "contract_card"])
def test_rule_summary_prints_on_one_page(book_site, browser_page, card):
    """Each game's summary is meant to be printed for the table: Chromium's own print to
    PDF gives exactly one page on A4 and on Letter, with the book's navigation left out."""
    page = browser_page.page
    page.goto(f"{book_site}/rules/{card}.html", wait_until="networkidle")
    assert page.locator(".rules-card").count() == 1
    for paper in ("A4", "Letter"):
        pdf = page.pdf(format=paper)
        assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1, paper
    page.emulate_media(media="print")
    assert not page.locator(".bd-sidebar-primary").is_visible()
    assert page.locator(".rules-card").is_visible()
    assert browser_page.outside == []


def test_the_book_extension_marks_card_tables_wide_and_nothing_else():
    """A card table's and a worked example's output get the wide-screen breakout
    (rummy.css .rummy-wide; the theme's full-width); a quiz's keeps the article's width."""
    sys.path.insert(0, str(BOOK / "_ext"))
    try:
        from rummy_book import widen_tables
    finally:
        sys.path.remove(str(BOOK / "_ext"))
    output = '<div class="output text_html"><div class="rt-play" data-kind="{}" data-config="{{}}">'
    body = "".join(output.format(kind) for kind in ("table", "quiz", "stepper", "meld"))
    context = {"body": body}
    widen_tables(None, "tutorials/basic_play", "page.html", context)
    wide = '<div class="output text_html rummy-wide full-width"><div class="rt-play" data-kind="{}"'
    assert context["body"].count("rummy-wide full-width") == 2
    assert wide.format("table") in context["body"] and wide.format("stepper") in context["body"]
    assert output.format("quiz") in context["body"] and output.format("meld") in context["body"]
    context = {}
    widen_tables(None, "genindex", "genindex.html", context)     # a page with no body: nothing
    assert not context.get("body")
