"""The card table on a phone and on a wide screen, in Chromium on the built book (issue 27,
point 2: phone first).

On a phone (Playwright's emulation of one: 390 x 844 CSS pixels, three device pixels to
one, touch) each kind of table the book has — Basic Rummy, Rummy 500, Contract Rummy (the
ladder's first hand, and the seventh, where 12 cards are dealt) and the worked example's
stepper — fits one screen: the opponents, the stock and the pile, the whole hand and the
moves, with no scrolling to reach any of them. The hand overlaps like a hand of cards, and
every card keeps a strip of at least 24 CSS pixels (WCAG 2.2 AA, 2.5.8) where a tap lands
on that card and no other: the browser's own hit test (``elementFromPoint``) says so at the
middle of each strip. On a wide screen the same hands lie in one row.

The element screenshots land in tests/screenshots/ (phone_*.png, wide_*.png).

Each page is opened once on the phone and once on the wide screen for the tests of this
module (``on_phone``, ``on_wide``): opening a table's page starts Python in it, seconds
of Chromium's time each. A test that taps a card or steps a worked example puts it back
as it found it (the card tapped again, the example stepped back to its start), so the next
test meets the page as it was opened; the one test that plays a move takes a page of its
own (``wide``).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser import PHONE, POLL_MS, STRIPS, TARGET, WIDE, RecordedPage, on_screen
from test_book_play import SCORING, book_with_lite, open_page, page_errors, play_site, press, settled  # noqa: F401
from test_book_pages import axe_scan, axe_source  # noqa: F401  (fixtures)
from test_book_tables import CONTRACT, R500

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BASIC = "tutorials/basic_play.html"
TABLES = [(BASIC, 0, "basic"), (R500, 0, "r500"), (CONTRACT, 0, "contract"),
          (CONTRACT, 1, "contract_hand7")]


def opened_once(chromium, site: str, screen: dict):
    """``load(path)``: the page at ``path`` on ``screen``, opened at the first call and
    handed to every later one; ``close()`` closes them all."""
    opened: dict[str, RecordedPage] = {}

    def load(path: str) -> RecordedPage:
        if path not in opened:
            opened[path] = RecordedPage(chromium.new_context(**screen))
            open_page(opened[path], site, path)
        return opened[path]

    def close() -> None:
        for recorded in opened.values():
            recorded.page.context.close()

    load.close = close
    return load


@pytest.fixture(scope="module")
def on_phone(chromium, play_site):
    load = opened_once(chromium, play_site, PHONE)
    yield load
    load.close()


@pytest.fixture(scope="module")
def on_wide(chromium, play_site):
    load = opened_once(chromium, play_site, WIDE)
    yield load
    load.close()


def tap_strip(page, card) -> None:
    """A tap (a touch, not a mouse click) on the middle of a card's uncovered strip."""
    box = card.bounding_box()
    page.touchscreen.tap(box["x"] + min(box["width"], TARGET) / 2, box["y"] + 12)


def step_back_to(stepper, start: str, steps: int) -> None:
    """Back ``steps`` times, to the step whose label is ``start`` (the page as it was)."""
    for _ in range(steps):
        stepper.locator("button[data-name=prev]").tap()
    expect(stepper.locator(".rt-step")).to_have_text(start)


@pytest.fixture
def wide(chromium):
    yield from on_screen(chromium, WIDE)


def widget_on(page, kind: str, index: int):
    """The page's ``index``-th widget of ``kind``, dealt (a table is dealt once Python is
    up) and scrolled so that its top is the top of the screen."""
    widget = page.locator(f".rt-play[data-kind={kind}]").nth(index)
    widget.scroll_into_view_if_needed()
    settled(widget)
    if kind == "table":
        widget.locator(".rt-seat.rt-own [data-card]").first.wait_for()
    widget.evaluate("el => el.scrollIntoView({block: 'start'})")
    return widget


def assert_on_one_screen(widget, what: str) -> None:
    """The whole widget fits the screen, and every card of every hand is tappable."""
    height = widget.page.viewport_size["height"]
    box = widget.bounding_box()
    assert box["height"] <= height, f"{what}: {box['height']:.0f} px tall, the screen is {height}"
    assert box["y"] >= -1 and box["y"] + box["height"] <= height + 1, f"{what}: not all on screen"
    rows = widget.evaluate(STRIPS)
    assert any(rows), what     # (a hand that went out is an empty row)
    for row in rows:
        for card in row:
            assert card["width"] >= TARGET, f"{what}: {card['name']} shows a {card['width']:.1f} px strip"
            assert card["hit"], f"{what}: a tap on {card['name']}'s strip lands elsewhere"
            assert 0 <= card["top"] and card["bottom"] <= height, f"{what}: {card['name']} off screen"


@pytest.mark.parametrize("path, index, name", TABLES, ids=[t[2] for t in TABLES])
def test_each_table_fits_a_phone_screen_and_every_card_can_be_tapped(on_phone, path, index, name):
    phone = on_phone(path)
    page = phone.page
    table = widget_on(page, "table", index)
    hand = table.locator(".rt-seat.rt-own .rt-hand [data-card]")
    if name == "contract_hand7":      # the seventh hand deals 12 cards (and a buy brings more)
        assert hand.count() >= 12
    moves = table.locator("[data-roving=moves]")
    assert moves.count() == 1
    assert_on_one_screen(table, name)
    assert moves.bounding_box()["y"] + moves.bounding_box()["height"] <= 844
    # a tap (a touch, not a mouse click) on the last card's strip selects that card
    last = hand.last
    key = last.get_attribute("data-card")
    tapped = table.locator(f".rt-seat.rt-own [data-card='{key}']")
    assert tapped.get_attribute("aria-pressed") == "false"
    tap_strip(page, last)
    settled(table)
    assert tapped.get_attribute("aria-pressed") == "true"
    assert_on_one_screen(table, f"{name}, a card selected")
    table.screenshot(path=str(phone.shot(f"phone_{name}").with_name(f"phone_{name}_el.png")))
    tap_strip(page, tapped)                   # tapped again, the card is put back
    settled(table)
    assert tapped.get_attribute("aria-pressed") == "false"
    assert phone.outside == [] and page_errors(phone) == []


def test_the_stepper_keeps_next_back_and_the_cards_on_one_phone_screen(on_phone):
    """At every step of the worked example: Back, Next and every card on the screen at once."""
    phone = on_phone(SCORING)
    page = phone.page
    stepper = widget_on(page, "stepper", 0)
    text = stepper.locator(".rt-step").inner_text()
    last = int(text.split()[-1])
    for step in range(last + 1):
        assert_on_one_screen(stepper, f"step {step}")
        for name in ("prev", "next"):
            button = stepper.locator(f"button[data-name={name}]").bounding_box()
            assert 0 <= button["y"] and button["y"] + button["height"] <= 844, (step, name)
        if step == 3:
            stepper.screenshot(path=str(phone.shot("phone_stepper").with_name("phone_stepper_el.png")))
        if step < last:
            stepper.locator("button[data-name=next]").tap()
            stepper.evaluate("el => el.scrollIntoView({block: 'start'})")
    step_back_to(stepper, text, last)
    assert phone.outside == [] and page_errors(phone) == []


@pytest.mark.parametrize("path, index", [(R500, 0), (CONTRACT, 0), (CONTRACT, 1)])
def test_a_long_stepper_keeps_next_and_back_on_screen_beside_your_hand(on_phone, path, index):
    """A worked example with more players or melds is taller than a phone's screen at some
    steps: its controls then stay at the top of the screen, under the book's header, while
    the reader looks at the hand below, so at every step Back, Next and the hand are on the
    screen together, and a tap on Next reaches Next."""
    phone = on_phone(path)
    page = phone.page
    stepper = widget_on(page, "stepper", index)
    start = stepper.locator(".rt-step").inner_text()
    header = page.evaluate("() => document.querySelector('.bd-header').getBoundingClientRect().bottom")
    last = int(stepper.locator(".rt-step").inner_text().split()[-1])
    for step in range(last + 1):
        stepper.evaluate("el => el.scrollIntoView({block: 'end'})")
        for name in ("prev", "next"):
            box = stepper.locator(f"button[data-name={name}]").bounding_box()
            assert header - 1 <= box["y"] and box["y"] + box["height"] <= 844, (step, name, box)
        for row in stepper.evaluate(STRIPS):
            for shown in row:
                assert header <= shown["top"] and shown["bottom"] <= 844, (step, shown["name"])
        if step < last:
            stepper.locator("button[data-name=next]").tap()
    assert f"{last} " in stepper.locator(".rt-step").inner_text() + " "
    step_back_to(stepper, start, last)
    assert phone.outside == [] and page_errors(phone) == []


@pytest.mark.parametrize("path, index, name", TABLES, ids=[t[2] for t in TABLES])
def test_on_a_wide_screen_each_hand_lies_in_one_row(on_wide, path, index, name):
    wide = on_wide(path)
    page = wide.page
    table = widget_on(page, "table", index)
    rows = table.evaluate(STRIPS)
    own = table.locator(".rt-seat.rt-own .rt-hand [data-card]")
    if name == "contract_hand7":
        assert own.count() >= 12
    tops = {round(box["y"]) for box in (own.nth(i).bounding_box() for i in range(own.count()))}
    assert len(tops) == 1, f"{name}: the hand lies in {len(tops)} rows"
    for row in rows:
        assert all(card["hit"] and card["width"] >= 44 for card in row), name
    table.screenshot(path=str(wide.shot(f"wide_{name}").with_name(f"wide_{name}_el.png")))
    assert wide.outside == [] and page_errors(wide) == []



@pytest.mark.parametrize("path", [BASIC, R500, CONTRACT, SCORING])
def test_axe_finds_no_serious_violation_in_the_phone_layout(on_phone, axe_scan, path):
    """The compact layout keeps the tables accessible: axe-core with WCAG 2.2 AA's rules as
    well (its target-size rule measures each card's uncovered strip as the hit test does)."""
    page = on_phone(path).page
    widget_on(page, "stepper" if path == SCORING else "table", 0)
    page.wait_for_function("() => !document.querySelector('.rt-play[aria-busy]')",
                           timeout=60_000, polling=POLL_MS)
    found = axe_scan(page)
    assert found == [], found


# --- wide screens use their width; Back to top keeps off the table (issue 27 point 1/2) -------

#: the article's column at 1280 px before the table took the contents' column too
ARTICLE_COLUMN = 688

#: the table's buttons a point of the screen would not reach (something else lies on top)
COVERED_BUTTONS = """el => [...el.querySelectorAll('button')].filter(b => {
    const r = b.getBoundingClientRect();
    if (r.bottom < 0 || r.top > innerHeight || r.width === 0) return false;
    const x = r.left + r.width / 2, y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    return !(hit && b.contains(hit)); }).map(b => b.textContent.trim())"""


#: the table's buttons that the theme's Back to top button, where shown, overlaps
UNDER_BACK_TO_TOP = """el => { const top = document.getElementById('pst-back-to-top');
    if (!top || getComputedStyle(top).display === 'none') return [];
    const t = top.getBoundingClientRect();
    return [...el.querySelectorAll('button')].filter(b => { const r = b.getBoundingClientRect();
      return r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom; })
      .map(b => b.textContent.trim()); }"""


def test_on_a_wide_screen_the_table_takes_the_pages_width(play_site, wide, axe_scan):
    """At 1280 x 900 the table reaches over the in-page contents' column (which folds to its
    title), so a hand of 11 cards lies in one row with no horizontal scroll, and nothing
    covers the table's buttons."""
    page = open_page(wide, play_site, BASIC)
    table = widget_on(page, "table", 0)
    assert table.bounding_box()["width"] > ARTICLE_COLUMN + 200
    prose = page.locator(".bd-article section > p").first.bounding_box()
    assert prose["width"] <= ARTICLE_COLUMN                   # the text keeps its measure
    press(table, "Draw")
    own = table.locator(".rt-seat.rt-own .rt-hand [data-card]")
    assert own.count() == 11
    tops = {round(own.nth(i).bounding_box()["y"]) for i in range(own.count())}
    assert len(tops) == 1, f"the hand of 11 lies in {len(tops)} rows"
    assert all(card["hit"] and card["width"] >= 44 for row in table.evaluate(STRIPS) for card in row)
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    page.wait_for_timeout(600)          # the contents' folding (a 0.4 s transition) has ended
    assert table.evaluate(COVERED_BUTTONS) == []
    wide.shot("wide_table_page")
    found = axe_scan(page)                          # the wide layout as accessible as the others
    assert found == [], found
    assert wide.outside == [] and page_errors(wide) == []


def test_on_a_phone_back_to_top_never_covers_the_tables_buttons(on_phone):
    """The theme's Back to top button appears when the reader scrolls up, fixed over the
    foot of the screen: scrolled down the page and back up a step at a time, it never lies
    over one of the table's buttons."""
    phone = on_phone(BASIC)
    page = phone.page
    table = widget_on(page, "table", 0)
    bottom = page.evaluate("() => document.documentElement.scrollHeight - innerHeight")
    start = page.evaluate("() => scrollY")
    steps = list(range(max(0, start - 900), min(bottom, start + 1200), 100))   # the table passes by
    for y in steps + steps[::-1]:
        page.evaluate("y => window.scrollTo(0, y)", y)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        assert table.evaluate(UNDER_BACK_TO_TOP) == [], y
    phone.shot("phone_table_scrolled_up")
    assert phone.outside == [] and page_errors(phone) == []
