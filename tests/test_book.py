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

import base64
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

def extension():
    """The book's Sphinx extension (book/_ext/rummy_book.py), imported as the build imports it."""
    sys.path.insert(0, str(BOOK / "_ext"))
    try:
        import rummy_book
    finally:
        sys.path.remove(str(BOOK / "_ext"))
    return rummy_book


def card_boxes(page):
    """Each picture's size and how many shapes it draws: its own, or the shared drawing's
    its ``<use>`` shows (the book carries a picture drawn many times once)."""
    return page.eval_on_selector_all(
        ".cell_output svg[role=img]",
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " const drawn = [e, ...[...e.querySelectorAll('use')].map(u => document.querySelector(u.getAttribute('href')))];"
        " return {w: r.width, h: r.height,"
        " paths: drawn.reduce((n, d) => n + (d ? d.querySelectorAll('path, text').length : 0), 0)}; })")


# Draw an SVG element of the page onto a canvas and count the pixels that are not
# white or transparent: a card that is really drawn has plenty of ink.
# A picture that shows a shared drawing (<use>) is drawn with that drawing put in its place.
INK = """async (svg) => {
  const copy = svg.cloneNode(true);
  for (const use of copy.querySelectorAll("use")) {
    const drawing = document.createElementNS("http://www.w3.org/2000/svg", "g");
    drawing.innerHTML = document.querySelector(use.getAttribute("href")).innerHTML;
    use.replaceWith(drawing);
  }
  const xml = new XMLSerializer().serializeToString(copy);
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
    browser_page = shared_book_page(f"tutorials/{lesson}")  # loaded, its Python held back
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


PICTURE_DRAWING = re.compile(r'<svg xmlns="http://www\.w3\.org/2000/svg" viewBox="[^"]*"[^>]*>'
                             r'(?:<title>[^<]*</title>)?((?:(?!<svg\b|</svg>).)*)</svg>', re.S)


@slow
def test_a_page_carries_each_card_picture_once(book):
    """Contract Rummy's page shows a hand at each of its turns (1,500 card pictures, 5 MB
    of HTML when each was drawn in place): each drawing is in the page once, as a
    ``<symbol>``, and every picture that shows it names one that is there. (The tables
    the page's Python draws again keep whole pictures, as that Python draws them.)"""
    live_views = extension().live_views
    for page in ("tutorials/contract_play", "it/tutorials/contract_play", "tutorials/basic_scoring"):
        text = (book.html / f"{page}.html").read_text(encoding="utf-8")
        for start, end in reversed(live_views(text)):
            text = text[:start] + text[end:]
        drawings = PICTURE_DRAWING.findall(text)
        symbols = dict(re.findall(r'<symbol id="([^"]+)" viewBox="0 0 100 140">(.*?)</symbol>', text, flags=re.S))
        uses = re.findall(r'<use href="#([^"]+)"/>', text)
        assert len(uses) > 10 * len(symbols) > 0, (page, len(uses), len(symbols))
        assert set(uses) == set(symbols), page
        assert len(set(symbols.values())) == len(symbols), f"a drawing carried twice on {page}"
        in_place = [d for d in drawings if "<use " not in d]
        assert not set(in_place) & set(symbols.values()), f"a shared drawing also drawn in place on {page}"
    assert (book.html / "tutorials/contract_play.html").stat().st_size < 2_000_000


# Two PNG screenshots (base64) of the same size compared in the page: how many pixels
# differ, and by how much at most (0-255 in any colour channel)
DIFFERENCE = """async ([first, second]) => {
  const pixels = async (data) => {
    const image = new Image();
    image.src = "data:image/png;base64," + data;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width; canvas.height = image.height;
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, image.width, image.height).data;
  };
  const [a, b] = [await pixels(first), await pixels(second)];
  let differ = 0, most = a.length === b.length ? 0 : 255;
  for (let i = 0; i < Math.min(a.length, b.length); i += 4) {
    const d = Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]));
    if (d) differ++;
    most = Math.max(most, d);
  }
  return {pixels: a.length / 4, differ, most};
}"""


@slow
@pytest.mark.browser
def test_a_shared_picture_looks_as_the_picture_drawn_in_place(book_site, browser_page):
    """The first table of the Contract Rummy page looks the same when each of its cards'
    ``<use>`` is replaced by the drawing itself: no pixel differs by more than the edges'
    smoothing does (measured: 2,102 of 414,528 pixels, by 15 of 255 at most; a card drawn
    wrong or not at all differs by far more)."""
    page = browser_page.page
    page.goto(f"{book_site}/tutorials/contract_play.html", wait_until="load")
    table = page.locator(".cell_output .rt-table").first
    table.scroll_into_view_if_needed()
    assert table.locator("svg[role=img] use").count() > 10
    shared = table.screenshot()
    replaced = table.evaluate("""table => {
        let count = 0;
        for (const use of table.querySelectorAll("svg use")) {
          const drawing = document.createElementNS("http://www.w3.org/2000/svg", "g");
          drawing.innerHTML = document.querySelector(use.getAttribute("href")).innerHTML;
          use.replaceWith(drawing);
          count++;
        }
        return count; }""")
    assert replaced > 10 and table.locator("svg use").count() == 0
    drawn = table.screenshot()
    difference = page.evaluate(DIFFERENCE, [base64.b64encode(shared).decode(), base64.b64encode(drawn).decode()])
    assert difference["most"] <= 40 and difference["differ"] < difference["pixels"] / 50, difference
    assert browser_page.outside == []


def test_the_book_extension_shares_only_pictures_drawn_more_than_once():
    share_pictures = extension().share_pictures
    card = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" width="{}" height="41" '
            'role="img" aria-label="{}"><title>{}</title><rect x="2"/><path d="{}"/></svg>')
    chart = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 90" role="img"><text>hands</text></svg>'
    body = (card.format(29, "five of spades", "five of spades", "M1") + chart
            + card.format(40, "five of spades", "five of spades", "M1")
            + card.format(29, "six of spades", "six of spades", "M2"))
    context = {"body": body}
    share_pictures(None, "tutorials/x", "page.html", context)
    shared = context["body"]
    assert shared.count("<symbol ") == 1 and shared.count('<use href="#rt-picture-0"/>') == 2
    assert '<symbol id="rt-picture-0" viewBox="0 0 100 140"><rect x="2"/><path d="M1"/></symbol>' in shared
    # each copy keeps its own opening tag (its size, its name) and title
    assert ('width="40" height="41" role="img" aria-label="five of spades"><title>five of spades</title>'
            '<use href="#rt-picture-0"/></svg>') in shared
    assert chart in shared and card.format(29, "six of spades", "six of spades", "M2") in shared
    context = {"body": chart + card.format(29, "six of spades", "six of spades", "M2")}
    share_pictures(None, "tutorials/x", "page.html", context)      # nothing drawn twice: as it was
    assert context["body"] == chart + card.format(29, "six of spades", "six of spades", "M2")
    # a widget the page's Python draws again keeps its pictures whole (its replies drawn
    # ahead, HTML in JSON, do not end it); a worked example's steps share theirs
    five = card.format(29, "five of spades", "five of spades", "M1")
    table = ('<div class="rt-play" data-kind="table" data-config="{}"><div class="rt-play-view"><div>'
             + five + '</div></div><script type="application/json">{"a":"<div><div>' + five.replace("</", "<\\/")
             + '"}</script><p class="rt-play-status"></p></div>')
    stepper = '<div class="rt-play" data-kind="stepper" data-config="{}"><div>' + five + '</div></div>'
    context = {"body": table + five + stepper + five}
    share_pictures(None, "tutorials/x", "page.html", context)
    assert context["body"].count('<use href="#rt-picture-0"/>') == 3
    assert context["body"].split("<svg", 2)[2].startswith(five[4:])     # the table's own, whole
    assert table in context["body"]


def test_offline_guard_of_the_book_extension_spots_outside_loads():
    """The build's own guard (book/_ext/rummy_book.py) flags what the browser would fetch."""
    outside_loads = extension().outside_loads
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
    widen_tables = extension().widen_tables
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
