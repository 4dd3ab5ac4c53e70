"""What is left of issue 27 besides speed, in Chromium on the built book.

1. A greyed button says why on keyboard focus too, not only on hover: it is
   ``aria-disabled`` (focusable, refused when pressed) and its reason is a tooltip shown
   on focus and on hover, which is also its accessible description (what a screen reader
   says after its name). Reached by the arrow keys inside the table's moves, and by Tab
   (the worked example's Back at its first step).
2. The end of a hand on a phone (390 x 844): with every hand face up, the table still
   fits one screen, in the three games (Contract with four players the tallest), and in
   the Dutch edition, whose words are the longest.

One Chromium (the session's) serves every test; each test opens its own page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser import STRIPS, TARGET
from rummy_teach.i18n import language
from rummy_teach.reasons import say
from test_book_pages import axe_scan, axe_source  # noqa: F401  (fixtures)
from test_book_play import (PLAY, SCORING, book_with_lite, focused, key, open_page,  # noqa: F401
                            page_errors, play_site, settled, tab_until)
from test_book_tables import CONTRACT, R500, assert_every_hand_face_up, page_log, play_to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.slow]

#: the greyed control's reason as the page shows it: the element its aria-describedby
#: names, whether it is displayed, and where
TIP = """b => { const id = b.getAttribute('aria-describedby'); const tip = id && document.getElementById(id);
    if (!tip) return null; const r = tip.getBoundingClientRect(), s = getComputedStyle(tip);
    return {text: tip.textContent, shown: s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0,
            top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            ids: document.querySelectorAll('#' + CSS.escape(id)).length}; }"""

#: how many events the page has sent to its Python (a refused press sends none)
EVENTS = "() => window.rummyTeachPlay.timings.events.filter(e => e.event).length"


def assert_says_why(button, why: str) -> None:
    """``button`` has the focus or the pointer: it is greyed, focusable, and its reason
    ``why`` is on the screen and is its accessible description."""
    assert button.get_attribute("aria-disabled") == "true"
    assert not button.evaluate("b => b.disabled")
    expect(button).to_have_accessible_description(why)
    tip = button.evaluate(TIP)
    assert tip["text"] == why and tip["shown"] and tip["ids"] == 1, tip
    height, width = button.page.evaluate("() => [innerHeight, innerWidth]")
    assert 0 <= tip["top"] and tip["bottom"] <= height and 0 <= tip["left"] and tip["right"] <= width, tip


def test_a_greyed_move_says_why_when_the_keyboard_reaches_it(play_site, browser_page, axe_scan):
    page = open_page(browser_page, play_site, PLAY)
    table = page.locator(".rt-play[data-kind=table]").first
    table.scroll_into_view_if_needed()
    settled(table)                                 # dealt afresh in the page
    assert table.locator("button[disabled]").count() == 0      # none taken out of the Tab order
    # the moves' toolbar: its stop is Draw; the arrow keys reach the greyed Meld
    table.locator("[data-click=stock]").focus()
    key(page, "Tab")                                 # the hand
    now = key(page, "Tab")
    assert (now["bar"], now["move"]) == ("moves", "draw"), now
    meld = table.locator("button[data-arg=meld]")
    tip = meld.evaluate(TIP)
    assert tip is not None and not tip["shown"]      # no reason shown until it is reached
    for _ in range(8):
        if now["move"] == "meld":
            break
        now = key(page, "ArrowRight")
    assert now["move"] == "meld" and now["bar"] == "moves", now
    assert_says_why(meld, say("status_draw"))
    # Enter on it is refused in the page: nothing is sent to Python, nothing changes
    events, log = page.evaluate(EVENTS), page_log(table)
    page.keyboard.press("Enter")
    page.keyboard.press(" ")
    page.wait_for_timeout(300)       # (a press that were sent would set aria-busy at once)
    assert page.evaluate(EVENTS) == events and page_log(table) == log
    assert table.get_attribute("aria-busy") is None and focused(page)["move"] == "meld"
    assert axe_scan(page) == []           # the page with a reason showing
    # after Draw the greyed Draw says why in its turn, by keyboard and under the pointer
    now = key(page, "Home")
    assert now["move"] == "draw"
    now = key(page, "Enter", table)
    assert now["bar"] == "hand", now                 # the focus went on to the hand
    draw = table.locator("button[data-arg=draw]")
    key(page, "Tab")
    now = key(page, "Home")
    assert now["move"] == "draw", now
    drawn = draw.evaluate(TIP)["text"]        # the engine's words: drawn already
    assert drawn and drawn != say("status_draw")
    assert_says_why(draw, drawn)
    page.mouse.move(0, 0)
    table.locator("button[data-arg=replay]").focus()          # away from the moves
    assert not draw.evaluate(TIP)["shown"]
    draw.hover()                                                # the pointer shows it too
    assert draw.evaluate(TIP)["shown"]
    assert page_errors(browser_page) == []
    browser_page.shot("book_greyed_draw_says_why")


def test_the_worked_examples_back_says_why_when_tabbed_to(play_site, browser_page):
    """Back at the first step of a worked example (no Python on that page): one Tab stop,
    greyed, its reason shown and said."""
    page = open_page(browser_page, play_site, SCORING)
    stepper = page.locator(".rt-play[data-kind=stepper]").first
    stepper.scroll_into_view_if_needed()
    tab_until(page, "el => el.dataset.name === 'prev'")
    back = stepper.locator("button[data-name=prev]")
    assert_says_why(back, say("stepper_off_start"))
    page.keyboard.press("Enter")
    assert stepper.locator(".rt-step").inner_text().split()[1] == "0"   # still "Step 0 of …"
    # on to the end by keyboard: Next is greyed there, and says why when tabbed to
    nxt = stepper.locator("button[data-name=next]")
    tab_until(page, "el => el.dataset.name === 'next'")
    for _ in range(40):
        if nxt.get_attribute("aria-disabled") == "true":
            break
        page.keyboard.press("Enter")
    assert not focused(page)["body"]
    tab_until(page, "el => el.dataset.name === 'next'", limit=6)
    assert_says_why(nxt, say("stepper_off_end"))
    assert page_errors(browser_page) == []


# --- the end of a hand on a phone (issue 27 point 2) -------------------------------------------

def assert_the_end_on_one_screen(table, what: str) -> None:
    """The table, every hand face up, fits the phone's screen from its top; Next hand (or
    whatever move is left) is on it; the reader's own cards stay tappable."""
    table.evaluate("el => el.scrollIntoView({block: 'start'})")
    height = table.page.viewport_size["height"]
    box = table.bounding_box()
    assert box["height"] <= height, f"{what}: {box['height']:.0f} px tall at the end of the hand"
    assert -1 <= box["y"] and box["y"] + box["height"] <= height + 1, (what, box)
    for button in table.locator(".rt-play-view button").all():
        b = button.bounding_box()
        assert b and 0 <= b["y"] and b["y"] + b["height"] <= height, (what, button.inner_text())
    for row in table.locator(".rt-seat.rt-own").evaluate(STRIPS):
        for card in row:
            assert card["width"] >= TARGET and card["hit"], (what, card)
    # the others' hands are no targets: face up and overlapped, each card still in view
    for row in table.evaluate(STRIPS):
        for card in row:
            assert 0 <= card["top"] and card["bottom"] <= height, (what, card["name"])


#: what a hand changes on a page: its card tables
TABLES_ON_THE_PAGE = ".rt-play[data-kind=table]"
#: (edition, page, table on it, name, deal): deals pinned so that a run meets the same end
ENDS = [("", "tutorials/basic_play.html", 0, "basic", 50),
        ("", R500, 0, "r500", 8),
        ("", CONTRACT, 0, "contract", 22),
        ("nl/", CONTRACT, 0, "contract_nl", 22),
        ("it/", R500, 0, "r500_it", 8)]


@pytest.mark.parametrize("edition, path, index, name, deal", ENDS, ids=[e[3] for e in ENDS])
def test_the_end_of_a_hand_fits_a_phone_screen_with_every_hand_face_up(
        play_site, phone, axe_scan, edition, path, index, name, deal):
    lang = edition.strip("/") or "en"
    page = open_page(phone, play_site, f"{edition}{path}#deal={deal}")
    table = page.locator(".rt-play[data-kind=table]").nth(index)
    table.scroll_into_view_if_needed()
    settled(table)
    table.locator(".rt-seat.rt-own [data-card]").first.wait_for()
    assert table.locator("[data-deal]").first.get_attribute("data-deal") == str(deal)
    with language(lang):
        mirror = play_to_the_end(table)
        assert_every_hand_face_up(table, mirror)
    table.screenshot(path=str(phone.shot(f"phone_end_{name}").with_name(f"phone_end_{name}_el.png")))
    assert_the_end_on_one_screen(table, name)
    # the tables at the end of a hand (the rest of the page is as it was when it loaded,
    # which test_book_phone.py scans whole on a phone)
    assert axe_scan(page, within=TABLES_ON_THE_PAGE) == []
    assert phone.outside == [] and page_errors(phone) == []


# --- the Italian and Dutch editions (issue 27 point 3) -------------------------------------------

@pytest.mark.parametrize("edition", ["it", "nl"])
def test_a_whole_hand_by_keyboard_alone_in_italian_and_dutch(play_site, browser_page, edition):
    """As tests/test_book_play.py's English hand: the edition's skip link to the table, one
    Tab into the hand, the arrows, Space, the moves' toolbar; after each move the focus is
    where the next step lies and the live region says, in the edition's words, the lines
    the move added to the log, once."""
    with language(edition):
        skip, drew = say("book_skip_to_table"), say("move_draw_seen", cards="CARD").split("CARD")
        threw = say("move_discard_you", card="CARD").split("CARD")
    page = open_page(browser_page, play_site, f"{edition}/{PLAY}")
    assert page.evaluate("() => document.documentElement.lang") == edition
    table = page.locator(".rt-play[data-kind=table]").first
    news = table.locator(".rt-news")
    tab_until(page, f"el => el.textContent.trim() === {skip!r}", limit=5)
    page.keyboard.press("Enter")
    settled(table)
    now = tab_until(page, "el => !!el.closest('[data-roving=hand]')", limit=6)
    turns = 0
    while not table.locator(".rt-result").count():
        turns += 1
        assert turns <= 60, "the hand never ended"
        now = key(page, "Tab") if now["bar"] == "hand" else now
        assert (now["bar"], now["move"]) == ("moves", "draw"), now
        now = key(page, "Enter", table)
        said = news.inner_text()
        assert said.startswith(drew[0]) and said.endswith(drew[1]), said     # "Peschi 7♥ dal tallone."
        assert said == page_log(table)[-1]
        assert (now["bar"], now["tabindex"]) == ("hand", "0"), now
        cards = table.locator(".rt-seat.rt-own .rt-hand [data-card]").evaluate_all(
            "ns => ns.map(n => n.dataset.card)")
        now = key(page, "End")
        now = key(page, " ", table)
        assert (now["card"], now["pressed"]) == (cards[-1], "true"), now
        now = key(page, "Tab")
        for _ in range(12):
            if now["move"] == "discard":
                break
            now = key(page, "ArrowRight")
        assert now["move"] == "discard", now
        before = len(page_log(table))
        now = key(page, "Enter", table)
        assert not now["body"] and now["in_table"], now
        lines = page_log(table)
        said = news.inner_text()
        # the learner's discard first ("Scarti 9♣."), then what the others did, once
        assert said.startswith(threw[0]) and said.endswith(lines[-1]), said
        assert not said.startswith(drew[0]) and len(lines) >= min(before + 1, 6), (said, lines)
        if table.locator(".rt-result").count():
            break
        assert (now["bar"], now["move"]) == ("moves", "draw"), now
    assert turns >= 2 and focused(page)["in_table"]
    assert page_errors(browser_page) == [] and browser_page.outside == []


def test_every_table_fits_a_phone_in_italian_and_dutch(play_site, phone):
    """The phone checks of tests/test_book_phone.py on the Italian and Dutch pages, whose
    words are longer (one page for every table: nothing is pressed)."""
    from test_book_phone import assert_on_one_screen, widget_on

    page = phone.page
    heights = {}
    for edition in ("it", "nl"):
        for path, tables in (("tutorials/basic_play.html", 1), (R500, 1), (CONTRACT, 2),
                             (SCORING, 0)):
            open_page(phone, play_site, f"{edition}/{path}")
            for index in range(tables):
                table = widget_on(page, "table", index)
                what = f"{edition}/{path} #{index}"
                assert_on_one_screen(table, what)
                heights[what] = round(table.bounding_box()["height"])
            if not tables:                       # the worked example, at each of its steps
                stepper = widget_on(page, "stepper", 0)
                last = int(stepper.locator(".rt-step").inner_text().split()[-1])
                for step in range(last + 1):
                    assert_on_one_screen(stepper, f"{edition} stepper, step {step}")
                    if step < last:
                        stepper.locator("button[data-name=next]").tap()
                        stepper.evaluate("el => el.scrollIntoView({block: 'start'})")
    print(heights)
    assert phone.outside == [] and page_errors(phone) == []
