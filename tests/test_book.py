"""The real book: built as `make book` builds it, then opened in a real browser.

One build per test session, into a temporary folder (so a reader's book/_build is
left alone): vendored widget scripts fetched and verified, every lesson executed,
Sphinx warnings as errors, cross-references checked (nitpicky). Then the HTML is
checked for anything loaded from another host, and a lesson page is opened in
Chromium, served from a local static server, with every request that leaves
localhost blocked and recorded.
"""

from __future__ import annotations

import functools
import http.server
import re
import subprocess
import sys
import threading
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
BIN = Path(sys.executable).parent
LOADING = {"script": "src", "link": "href", "img": "src", "iframe": "src", "source": "src",
           "audio": "src", "video": "src", "embed": "src"}


def toc_files() -> list[str]:
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text())
    files = [toc["root"]]
    for part in toc.get("parts", []):
        files += [chapter["file"] for chapter in part["chapters"]]
    return files


slow = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The HTML folder of a fresh build, with the build's log."""
    vendor = subprocess.run([sys.executable, str(BOOK / "vendor.py")], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    assert vendor.returncode == 0, vendor.stdout + vendor.stderr
    out = tmp_path_factory.mktemp("book")
    build = subprocess.run(
        [str(BIN / "jupyter-book"), "build", "--all", "--warningiserror", "--nitpick",
         "--keep-going", "--path-output", str(out), str(BOOK)],
        cwd=ROOT, capture_output=True, text=True, timeout=1200)
    log = build.stdout + build.stderr
    assert build.returncode == 0, log[-6000:]
    return out / "_build" / "html", log


@slow
def test_book_builds_with_warnings_as_errors(built):
    html, log = built
    assert "build succeeded" in log
    assert not re.search(r"WARNING|ERROR", log.replace("[IPKernelApp] WARNING", "")), log[-4000:]
    for page in toc_files():
        assert (html / page).with_suffix(".html").exists(), page


@slow
def test_every_lesson_offers_its_notebook(built):
    html, _ = built
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
def test_no_page_loads_anything_from_another_host(built):
    html, _ = built
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
            assert not re.search(r"https?://|mathjax|unpkg|jsdelivr|cdnjs", attributes + body,
                                 re.I), (page.name, attributes, body[:200])


@slow
def test_widget_scripts_are_vendored_and_verified(built):
    html, _ = built
    check = subprocess.run([sys.executable, str(BOOK / "vendor.py"), "--check"], cwd=ROOT,
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    for name in ("require.js", "config.js", "embed-amd.js"):
        assert (html / "jupyter-widgets" / name).stat().st_size > 0
    assert not list((html / "_static").rglob("embed-amd.js")), "the manager must stay out of _static"


# --- a real browser ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def site(built):
    """The built HTML served on a free localhost port."""
    html, _ = built

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(Quiet, directory=str(html)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


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
def test_lesson_page_shows_cards_offline(site, browser_page, lesson):
    page = browser_page.page
    page.goto(f"{site}/tutorials/{lesson}.html", wait_until="networkidle")
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
    assert any(u.startswith(site) for u in browser_page.requests)
    browser_page.shot(f"book_{lesson}", full_page=True)


@slow
@pytest.mark.browser
def test_meld_checker_widget_renders_offline(site, browser_page):
    """The lesson's live meld checker, drawn in the static page by the vendored widget
    manager and anywidget front end, with nothing fetched from outside."""
    page = browser_page.page
    missing = []
    page.on("response", lambda r: r.status >= 400 and missing.append(f"{r.status} {r.url}"))
    page.goto(f"{site}/tutorials/basic_melds.html", wait_until="networkidle")
    page.wait_for_selector(".jupyter-widgets svg[role=img]", timeout=20000)
    cards = page.locator(".jupyter-widgets svg[role=img]")
    assert cards.count() >= 52            # the whole pack to pick from
    cards.first.scroll_into_view_if_needed()
    assert cards.first.is_visible() and cards.first.evaluate(INK) > BLANK_FRAME_INK
    text = " ".join(page.locator(".jupyter-widgets").all_inner_texts())
    assert "not a run" in text, text[:500]   # the verdict on Q♥ K♥ A♥ as the lesson left it
    fetched = [u for u in browser_page.requests if "/jupyter-widgets/" in u]
    for name in ("require.js", "config.js", "embed-amd.js", "anywidget.js"):
        assert any(name in u for u in fetched), (name, fetched)
    assert browser_page.outside == [], f"requests left localhost: {browser_page.outside}"
    page.wait_for_load_state("networkidle")
    assert missing == [], f"the page asked for files the site does not have: {missing}"
    page.locator(".jupyter-widgets").first.scroll_into_view_if_needed()
    browser_page.shot("book_meld_checker_widget")


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
def test_rule_summary_prints_on_one_page(site, browser_page, card):
    """Each game's summary is meant to be printed for the table: Chromium's own print to
    PDF gives exactly one page on A4 and on Letter, with the book's navigation left out."""
    page = browser_page.page
    page.goto(f"{site}/rules/{card}.html", wait_until="networkidle")
    assert page.locator(".rules-card").count() == 1
    for paper in ("A4", "Letter"):
        pdf = page.pdf(format=paper)
        assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 1, paper
    page.emulate_media(media="print")
    assert not page.locator(".bd-sidebar-primary").is_visible()
    assert page.locator(".rules-card").is_visible()
    assert browser_page.outside == []
