"""Book pages for card players, in real Chromium, on the built book served as plain
files with every other address blocked (issue 12, items 5-7).

- A cell that only draws shows its picture, with the code folded behind "Show code"
  (a working toggle, by mouse and by keyboard); cells that print stay open; cells
  tagged ``show-code`` stay open.
- "Going out" shows the three endings as pictures, not ``True``.
- Captions say moves in words, never as engine commands.
- One way to go further on each lesson page, under its title; the notebook a reader
  downloads holds no hidden checks.
- axe-core (WCAG 2.1 A and AA, and 2.2 AA) finds no serious or critical violation on
  any page of the three editions, the widgets drawn, and again on the card tables in the
  middle of a hand; keyboard focus is visible on the widgets' controls.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import tarfile
from pathlib import Path

import pytest
import yaml

from book_build import hold_python, loaded  # the other plugin of tests/conftest.py
from browser import POLL_MS
from test_book_play import book_with_lite, play_site  # noqa: F401  (fixtures: the book with its Python)

BOOK = Path(__file__).resolve().parent.parent / "book"

pytestmark = [pytest.mark.slow, pytest.mark.browser]
#: tests/shared_run.py: one process runs this module and test_book.py, which read the
#: same English lesson pages through shared_book_page (each page loaded once for both)
SHARED_RUN_GROUP = "the English lesson pages"

TOC = yaml.safe_load((BOOK / "_toc.yml").read_text())
PAGES = [TOC["root"]] + [c["file"] for part in TOC["parts"] for c in part["chapters"]]
LESSONS = [p for p in PAGES if p.startswith("tutorials/")]
ENGINE_COMMAND = re.compile(r"\blayoff\b|\b(meld|discard|take) (10|[2-9AJQK])[SHDC]\b|\bon \d+(?![\d♠♥♦♣])")
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
#: the editions, by the folder each is built in (book/editions.py)
EDITIONS = ["", "it/", "nl/"]
#: the lessons with a card table, where a hand can be played to its middle
TABLES = sorted(p for p in LESSONS
                if "CardTable(" in (BOOK / f"{p}.md").read_text(encoding="utf-8"))
# axe-core from the npm registry (npm pack, pinned, integrity-checked) into tests/.cache/;
# never from a CDN
CACHE = Path(__file__).resolve().parent / ".cache"
AXE_VERSION = "4.14.1"
AXE_INTEGRITY = ("sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASy"
                 "FNNtuFooJpZe37OgudVGtQ==")


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


@pytest.fixture(scope="session")
def axe_source() -> str:
    script = CACHE / f"axe-core-{AXE_VERSION}" / "axe.min.js"
    if not script.exists():
        CACHE.mkdir(exist_ok=True)
        tarball = CACHE / f"axe-core-{AXE_VERSION}.tgz"
        if not tarball.exists():
            packed = subprocess.run(["npm", "pack", f"axe-core@{AXE_VERSION}",
                                     "--pack-destination", str(CACHE)],
                                    capture_output=True, text=True, timeout=300)
            if packed.returncode != 0:
                pytest.skip(f"npm could not fetch axe-core: {packed.stderr[-500:]}")
        data = tarball.read_bytes()
        if _integrity(data) != AXE_INTEGRITY:
            tarball.unlink()
            pytest.fail(f"{tarball.name} does not match its pinned integrity")
        with tarfile.open(tarball) as archive:
            member = archive.extractfile("package/axe.min.js")
            script.parent.mkdir(parents=True, exist_ok=True)
            script.write_bytes(member.read())
    return script.read_text(encoding="utf-8")


def open_page(browser_page, site, page):
    browser_page.page.goto(f"{site}/{page}.html", wait_until="networkidle")
    return browser_page.page


@pytest.mark.parametrize("page", LESSONS)
def test_one_way_to_go_further_under_the_title(book, shared_book_page, page):
    browser_page = shared_book_page(page)  # only read: the page other tests read too
    shown = browser_page.page
    boxes = shown.locator("main .rummy-go-further")
    assert boxes.count() == 1
    name = page.split("/")[-1]
    link = boxes.locator("a.rummy-run-live-link")
    assert link.get_attribute("href") == f"../lite/lab/index.html?path={name}.ipynb"
    # under the title, before anything else of the lesson
    order = shown.evaluate("""() => {
        const h1 = document.querySelector('article.bd-article h1');
        const box = document.querySelector('main .rummy-go-further');
        return [!!(h1.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING),
                box.previousElementSibling === h1]; }""")
    assert order == [True, True]
    text = shown.locator("main").inner_text()
    # the lessons' own words point to the box, never to another way
    assert "Use this page live" not in text and "download the notebook" not in text.lower()
    assert text.count("Run this lesson live") == 1
    assert shown.locator("main a[download]").count() == 0   # no in-text download links
    assert browser_page.outside == []


@pytest.mark.parametrize("page", LESSONS)
def test_downloaded_notebook_has_no_hidden_checks(book, page):
    notebook = json.loads((book.html / "_sources" / f"{page}.ipynb").read_text())
    assert notebook["cells"]
    for cell in notebook["cells"]:
        assert "remove-cell" not in cell["metadata"].get("tags", []), cell["source"][:80]
        if "hide-input" in cell["metadata"].get("tags", []):
            assert cell["metadata"]["jupyter"]["source_hidden"] is True


def test_picture_code_is_folded_behind_show_code(book_site, browser_page):
    page = open_page(browser_page, book_site, "tutorials/basic_scoring")
    # "Going out" draws its three endings: pictures, code folded
    going_out = page.locator("section#going-out")
    tables = going_out.locator(".cell_output section.rt-table")
    assert tables.count() == 3
    assert "True" not in going_out.locator(".cell_output").all_inner_texts()
    cell = going_out.locator(".cell", has=page.locator("section.rt-table")).first
    toggle = cell.locator("details.hide > summary")
    code = cell.locator(".cell_input")
    assert toggle.inner_text().strip() == "Show code"
    assert not code.is_visible() and cell.locator("section.rt-table").is_visible()
    toggle.click()
    assert code.is_visible() and "picture(by_meld)" in code.inner_text()
    assert toggle.inner_text().strip() == "Hide code"
    toggle.click()
    assert not code.is_visible()
    # by keyboard: the toggle takes the focus, shows a ring, opens with Enter and Space
    toggle.focus()
    page.keyboard.press("Enter")
    assert code.is_visible()
    page.keyboard.press("Space")
    assert not code.is_visible()
    # a cell that prints words keeps its code open
    printed = page.locator(".cell", has_text="Cards left with the opponent").last
    assert printed.locator(".cell_input").is_visible()
    assert printed.locator("details.hide").count() == 0


def test_api_lessons_keep_their_code_open(book_site, browser_page):
    page = open_page(browser_page, book_site, "tutorials/experiment")
    opened = page.locator(".cell.tag_show-code")
    assert opened.count() >= 1
    for index in range(opened.count()):
        assert opened.nth(index).locator(".cell_input").is_visible()
        assert opened.nth(index).locator("details.hide").count() == 0


def test_captions_say_moves_in_words(book):
    for page in LESSONS:
        text = re.sub(r"<pre.*?</pre>|<script.*?</script>|<code.*?</code>", "",
                      (book.html / f"{page}.html").read_text(), flags=re.S)
        for caption in re.findall(r'class="rt-caption"[^>]*>(.*?)</p>', text, flags=re.S):
            assert not ENGINE_COMMAND.search(caption), (page, caption)
    scoring = (book.html / "tutorials/basic_scoring.html").read_text()
    assert "8 of spades" not in scoring and "eight of spades" in scoring


def wait_for_widgets(page):
    """The widgets drawn: the book's page elements (.rt-play), or ipywidgets views. A table
    that deals afresh on each visit is busy (and inert) until the page's Python has dealt."""
    if page.locator("script[type='application/vnd.jupyter.widget-view+json']").count():
        page.wait_for_selector(".jupyter-widgets", timeout=60_000)
    page.wait_for_function("() => !document.querySelector('.rt-play[aria-busy]')",
                           timeout=60_000, polling=POLL_MS)
    # the theme's scripts run at the page's first idle moments after its load (the tab stops
    # on scrollable outputs are theirs), and the page drawn: as a reader meets it
    loaded(page)


#: axe-core's run on ``within`` (a selector, or the whole document), WCAG's tags only and
#: the violations alone worked out in full: by default axe also builds a record of every
#: node each rule passed, which the tests never read (on Contract Rummy's page of 8,900
#: elements, about a fifth of the scan's time)
AXE_RUN = """async ([within, tags]) => {
    const result = await axe.run(within === null ? document : within,
                                 {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
    return result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
      .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length,
                  first: v.nodes[0].html.slice(0, 160)})); }"""


@pytest.fixture(scope="session")
def axe_scan(axe_source):
    """``axe_scan(page)``: axe-core's serious and critical findings (WCAG 2.1 A and AA, 2.2
    AA) on the page as it is now, or only inside ``within`` (a CSS selector), once the
    theme's scripts have run (they add tab stops to scrollable outputs at the page's first
    idle moments: the page as a reader meets it). An empty list is a pass."""
    def scan(page, within: str | None = None) -> list:
        loaded(page)
        if not page.evaluate("() => typeof axe !== 'undefined'"):
            page.add_script_tag(content=axe_source)
        return page.evaluate(AXE_RUN, [within, WCAG])
    return scan


@pytest.mark.parametrize("edition", EDITIONS, ids=["en", "it", "nl"])
@pytest.mark.parametrize("page", PAGES)
def test_axe_finds_no_serious_violation(shared_book_page, axe_scan, page, edition):
    browser_page = shared_book_page(edition + page)  # the scan reads the page and changes nothing
    shown = browser_page.page
    wait_for_widgets(shown)
    found = axe_scan(shown)
    assert found == [], found
    assert browser_page.outside == []


def test_the_scan_reports_what_it_is_there_to_find(book_site, browser_page, axe_scan):
    """The scan the tests above rely on does find things: on a copy of the glossary with a
    button that has no name (critical) and grey text on white (serious) planted in it, each
    found, and a scan ``within`` the parts a selector names (two, far apart) finds what is in
    each of them and nothing else."""
    page = open_page(browser_page, book_site, "glossary")
    assert axe_scan(page) == []
    page.evaluate("""() => {
        const main = document.querySelector('main');
        main.insertAdjacentHTML('afterbegin', '<div class="planted"><button></button></div>');
        main.insertAdjacentHTML('beforeend', '<p style="color:#bbb;background:#fff">faint words</p>');
        main.insertAdjacentHTML('beforeend', '<div class="planted"><button></button></div>'); }""")
    assert {f["id"] for f in axe_scan(page)} == {"button-name", "color-contrast"}
    assert [(f["id"], f["nodes"]) for f in axe_scan(page, within=".planted")] == [("button-name", 2)]


@pytest.mark.parametrize("page", ["tutorials/basic_play", "tutorials/basic_melds",   # a table, a meld checker,
                                  "tutorials/contract_variants", "tutorials/contract_play"])  # a quiz, the most tables
def test_a_page_shows_the_same_before_and_after_its_python_is_up(book_site, chromium, page):
    """The pages the tests only read are read with their Python held back (``shared_book_page``):
    a page with each kind of widget is the same, element for element, while its Python is
    held and once Python is up and has built ahead what it builds before a click."""
    from browser import LAPTOP, RecordedPage

    context = chromium.new_context(**LAPTOP)
    try:
        recorded = RecordedPage(context)
        release = hold_python(context)
        shown = recorded.page
        shown.goto(f"{book_site}/{page}.html", wait_until="load")
        wait_for_widgets(shown)
        # the page has asked for its Python (at its first idle moment after the load)
        shown.wait_for_function("() => window.rummyTeachPlay.timings.started !== undefined",
                                timeout=60_000, polling=POLL_MS)
        held = shown.evaluate("document.querySelector('main').outerHTML")
        assert shown.evaluate("() => window.rummyTeachPlay.timings.ready") is None
        assert not any(u.endswith("/play/worker.js") for u in recorded.requests)   # held, not yet recorded
        release()
        shown.wait_for_function("() => !!window.rummyTeachPlay.timings.ready",
                                timeout=120_000, polling=POLL_MS)
        # what the page builds ahead once Python is up (at its idle moments) built too
        shown.wait_for_function("""() => { const events = window.rummyTeachPlay.timings.events;
            return events.some(e => e.why === 'ahead') || !document.querySelector('.rt-play[data-kind=quiz]'); }""",
                                timeout=120_000, polling=POLL_MS)
        wait_for_widgets(shown)
        assert shown.evaluate("document.querySelector('main').outerHTML") == held
        assert any(u.endswith("/play/worker.js") for u in recorded.requests)
    finally:
        context.close()


def page_with_python(shared_book_page, request, site, path):
    """The page at ``path`` with its Python up, for a test that plays in it: the page the
    scan of the whole page loaded, when that test ran before in this process (this test is
    the last to read it, so it takes it over and lets its Python start: one load of the
    page fewer), else a fresh ``browser_page`` loading it."""
    browser_page = shared_book_page.take(path)
    if browser_page is not None:
        request.addfinalizer(browser_page.page.context.close)
    else:
        browser_page = request.getfixturevalue("browser_page")
        browser_page.page.goto(f"{site}/{path}.html", wait_until="load")
    browser_page.page.wait_for_function(
        "() => !!(window.rummyTeachPlay && window.rummyTeachPlay.timings.ready)",
        timeout=120_000, polling=POLL_MS)
    return browser_page


#: the page's main part with its card tables left out, and the theme's in-page contents as
#: if shown (sphinx-book-theme hides them while a wide table is on the screen, rummy_book.py
#: widen_tables: a part of the page taken away, nothing added for a scan to read)
AROUND_THE_TABLES = """() => { const main = document.querySelector('main').cloneNode(true);
    main.querySelectorAll('.rt-play[data-kind=table]').forEach(t => t.replaceChildren());
    main.querySelectorAll('.bd-sidebar-secondary').forEach(t => t.classList.remove('hide'));
    return main.outerHTML; }"""


@pytest.mark.parametrize("edition", EDITIONS, ids=["en", "it", "nl"])
@pytest.mark.parametrize("page", TABLES)
def test_axe_finds_no_serious_violation_in_the_middle_of_a_hand(play_site, shared_book_page, request,
                                                                axe_scan, page, edition):
    """Every card table of the page dealt by the page's Python, a card drawn and one
    selected (the moves, the log, the pressed card and the refusals' reasons all shown).
    The scan reads the tables: the rest of the page is as the scan of the whole page above
    read it (Python's start changes nothing on the page, as the test above checks, and the
    moves change nothing outside the tables, as this one does)."""
    browser_page = page_with_python(shared_book_page, request, play_site, edition + page)
    shown = browser_page.page
    wait_for_widgets(shown)
    tables = shown.locator(".rt-play[data-kind=table]")
    assert tables.count() >= 1
    around = shown.evaluate(AROUND_THE_TABLES)
    for index in range(tables.count()):
        table = tables.nth(index)
        draw = table.locator("button[data-arg=draw]:not([disabled]):not([aria-disabled=true])")
        if draw.count():
            draw.first.click()
            shown.wait_for_function("el => !el.hasAttribute('aria-busy')", arg=table.element_handle(),
                                    timeout=60_000, polling=POLL_MS)
        table.locator(".rt-seat[aria-label] [data-card]").first.click()
        shown.wait_for_function("el => !el.hasAttribute('aria-busy')", arg=table.element_handle(),
                                timeout=60_000, polling=POLL_MS)
        assert table.locator("[aria-pressed=true][data-card]").count() >= 1
    assert shown.evaluate(AROUND_THE_TABLES) == around
    found = axe_scan(shown, within=".rt-play[data-kind=table]")
    assert found == [], found
    assert browser_page.outside == []


def focus_ring(page) -> dict:
    return page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
        return {style: s.outlineStyle, width: parseFloat(s.outlineWidth)}; }""")


@pytest.mark.parametrize("page, control", [
    ("tutorials/basic_play", "button[data-act]:not([disabled]):not([aria-disabled=true])"),      # the card table
    ("tutorials/basic_scoring", "button[data-act]:not([disabled]):not([aria-disabled=true])"),   # the stepper
    ("tutorials/basic_melds", "[data-card]"),                          # the meld checker
    ("tutorials/contract_variants", "button[data-act]:not([disabled]):not([aria-disabled=true])"),  # the quiz
])
def test_widget_controls_take_the_keyboard_focus_with_a_visible_ring(book_site, browser_page,
                                                                      page, control):
    shown = open_page(browser_page, book_site, page)
    wait_for_widgets(shown)
    target = shown.locator(f".rt-play {control}").first
    target.scroll_into_view_if_needed()
    # arrive by keyboard: back one stop with Shift+Tab, then forward with Tab
    target.focus()
    shown.keyboard.press("Shift+Tab")
    assert not target.evaluate("node => node === document.activeElement")
    shown.keyboard.press("Tab")
    assert target.evaluate("node => node === document.activeElement")
    ring = focus_ring(shown)
    assert ring["style"] != "none" and ring["width"] >= 2, ring
