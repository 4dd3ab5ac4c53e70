"""The book's widgets answer on its own static pages, in a real browser, offline.

The book is built once per test session (``book`` of tests/book_build.py) and the
live lessons' site (``lite/build.py``) is put next to it, as ``make book`` does: the
pages' Python (Pyodide and the rummy_teach wheel) comes from there. A plain static
file server serves the folder on localhost; every request that would leave it is
blocked and recorded. A reader then does what the lessons ask:

* steps the 30-point hand on "Going out and scoring" from "Step 0 of 11" to its end
  and reads 30 (no Python is loaded for that: the steps were drawn at build time);
* presses Draw on the table of "Play a hand against the computer", reads "You draw
  ..." in the table's log, and plays the hand to its score;
* answers the Basic quiz right, then wrong, and reads the score line and both
  explanations, which must be the engine's own;
* on "Learn from your own hand", asks the coach for a hint (the coach's own advice,
  worked out in the page), plays the hand to its end, reviews it and steps from one
  flagged mistake to the next and back to the table;
* does the same by keyboard alone;
* and on every lesson page, every widget answers one event in place.
"""

from __future__ import annotations

import fcntl
import functools
import gzip
import hashlib
import http.server
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from playwright.sync_api import expect

from book_build import build_inputs  # book/build_inputs.py, as tests/book_build.py loads it
from browser import POLL_MS
from rummy_teach import render
from rummy_teach.cards import parse_cards
from rummy_teach.play.board import LOG_LINES
from rummy_teach.quiz import Quiz
from rummy_teach.reasons import say


def page_errors(recorded) -> list[str]:
    """Errors of the page's scripts (the theme's own console chatter about its colour mode
    is not one)."""
    return [e for e in recorded.console_errors if "theme mode" not in e]

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [pytest.mark.browser, pytest.mark.slow]
ANSWER_MS = 120_000         # generous: the first answer starts Python, on 2 cores shared by many
PLAY = "tutorials/basic_play.html"
COACH = "tutorials/basic_coach.html"
SCORING = "tutorials/basic_scoring.html"


@pytest.fixture(scope="session")
def book_with_lite(book):
    """The session's book (tests/book_build.py) with the live lessons' site in ``lite/``,
    as ``make book`` leaves it: the pages' Python comes from there."""
    assert book.ok, book.failure()
    html = book.html
    executed = html.parent / "jupyter_execute" / "tutorials"   # what `make lite` reads
    # the site there is taken only when it was made from this build's inputs and executed
    # lessons (`make book` leaves one; lite/build.py records what it made it from):
    # otherwise it is built again, as for a build of the session.
    # (A build named by RUMMY_BOOK_BUILD, for iterating on a test, is taken as it is.)
    wanted = build_inputs.digest(build_inputs.lite_inputs(book.digest, executed))
    # processes sharing the build (tests/book_build.py) add the site one at a time: the
    # first builds it, the others find it there
    with open(html.parent / "lite.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        other = not book.reused and (book.digest is None
                                     or build_inputs.recorded_digest(html / "lite") != wanted)
        if other or not (html / "lite" / "static" / "pyodide" / "pyodide.mjs").exists():
            lite = subprocess.run([sys.executable, str(ROOT / "lite" / "build.py"), "--dest",
                                   str(html / "lite"), "--executed", str(executed)],
                                  cwd=ROOT, capture_output=True, text=True, timeout=900)
            assert lite.returncode == 0, lite.stdout[-3000:] + lite.stderr[-3000:]
    return html


class _StaticFiles(http.server.SimpleHTTPRequestHandler):
    """A plain static file server, with the types any web host gives these files."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def play_site(book_with_lite):
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_StaticFiles, directory=str(book_with_lite)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def open_page(recorded, site, path):
    page = recorded.page
    page.goto(f"{site}/{path}", wait_until="load")
    return page


def table_with_python_held(recorded, site, path):
    """The page at ``path`` opened with Python's runtime held back (the routes asking for
    it, in ``held``: let them go with ``route.continue_()``), and its first card table
    scrolled into view: (page, table, held)."""
    held = []
    recorded.page.route("**/pyodide.mjs", lambda route: held.append(route))   # Python cannot start
    page = open_page(recorded, site, path)
    table = page.locator(".rt-play[data-kind=table]").first
    table.scroll_into_view_if_needed()
    return page, table, held


def settled(widget):
    """Wait until the widget has answered its last event."""
    widget.page.wait_for_function(
        "el => !el.hasAttribute('aria-busy')", arg=widget.element_handle(),
        timeout=ANSWER_MS, polling=POLL_MS)


def press(widget, name: str, by_keyboard: bool = False):
    button = widget.get_by_role("button", name=name, exact=True).first
    if by_keyboard:
        button.focus(timeout=ANSWER_MS)
        widget.page.keyboard.press("Enter")
    else:
        # the table is inert while Python starts: as long to wait as for the first answer
        button.click(timeout=ANSWER_MS)
    settled(widget)


# --- the worked example: no Python at all ----------------------------------------------------

@pytest.mark.parametrize("by_keyboard", [False, True], ids=["mouse", "keyboard"])
def test_the_thirty_point_hand_steps_to_its_end_and_reads_30(play_site, browser_page, by_keyboard):
    page = open_page(browser_page, play_site, SCORING)
    stepper = page.locator(".rt-play[data-kind=stepper]").first
    stepper.scroll_into_view_if_needed()
    assert "Step 0 of 11" in stepper.inner_text()
    if by_keyboard:
        stepper.locator("button[data-name=next]").focus()
    for step in range(1, 12):
        if by_keyboard:
            page.keyboard.press("Enter")      # focus stays on Next as the view changes
        else:
            stepper.locator("button[data-name=next]").click()
        assert f"Step {step} of 11" in stepper.inner_text()
    text = stepper.inner_text()
    assert "you score 30" in text and "+30" in text
    assert stepper.locator("button[data-name=next]").is_disabled()
    stepper.locator("button[data-name=prev]").click()
    assert "Step 10 of 11" in stepper.inner_text()
    # stepping needed no Python: the page never asked for the runtime
    assert not any("pyodide" in url for url in browser_page.requests), browser_page.requests
    assert browser_page.outside == [] and page_errors(browser_page) == []
    browser_page.shot(f"book_play_stepper_{'keys' if by_keyboard else 'mouse'}")


# --- the card table ------------------------------------------------------------------------

def own_cards(table):
    return table.locator(".rt-seat[aria-label=You] [data-card]")


def test_draw_on_the_table_writes_the_move_and_the_hand_plays_to_its_score(play_site, browser_page):
    page = open_page(browser_page, play_site, PLAY)
    table = page.locator(".rt-play[data-kind=table]").first
    table.scroll_into_view_if_needed()
    assert "Your turn" in table.inner_text()
    press(table, "Draw")
    log = table.locator(".rt-log").inner_text()
    assert re.search(r"You draw \S+ from the stock\.", log), log
    assert own_cards(table).count() == 11
    # a move the rules forbid is refused with the engine's reason, and nothing changes
    assert table.locator("button[data-arg=draw]").is_disabled()
    table.locator("[data-click=stock]").click()              # a second draw, by the stock
    settled(table)
    assert table.locator(".rt-message").inner_text().strip(), "no reason was given"
    assert own_cards(table).count() == 11
    for _turn in range(200):
        if table.locator(".rt-result").count():
            break
        if table.locator("button[data-arg=draw]:not([disabled]):not([aria-disabled=true])").count():
            press(table, "Draw")
        own_cards(table).last.click()
        settled(table)
        press(table, "Discard")
    result = table.locator(".rt-result").inner_text()
    assert re.search(r"(0|[+-]\d+) this hand", result), result
    # a fresh deal each visit: someone goes out, or (the learner here only ever discards
    # what it drew, and the stock turns over unshuffled) the stock runs out a third time
    assert re.search(r"Hand 1 over: (.+ went out|the stock ran out a third time: the hand is "
                     r"void)\. This hand: you (0|[+-]\d+), Computer (0|[+-]\d+)\.", table.inner_text())
    assert table.locator("button[data-arg=next]:not([disabled]):not([aria-disabled=true])").count() == 1
    assert browser_page.outside == [], browser_page.outside
    assert page_errors(browser_page) == []
    browser_page.shot("book_play_table")


def test_a_redraw_keeps_the_card_pictures_that_did_not_change(play_site, browser_page):
    """Issue 27 point 5: a click redraws only what changed (bookplay.js, patch), so the page
    does not build and lay out some 75 kB of card pictures again at every click on a slow
    phone. The pictures drawn before a click are the very same elements after it, the one
    card picked among them, now drawn picked; what the view shows is checked against the
    engine by the other tests of this file."""
    page = open_page(browser_page, play_site, PLAY)
    table = page.locator(".rt-play[data-kind=table]").first
    table.scroll_into_view_if_needed()
    press(table, "Draw")
    view = table.locator(".rt-play-view")
    pictures = "(view) => [...view.querySelectorAll('svg')]"
    view.evaluate(f"(view) => ({pictures})(view).forEach((svg) => {{ svg.rtBefore = true; }})")
    count = view.evaluate(f"(view) => ({pictures})(view).length")
    card = own_cards(table).first
    key = card.get_attribute("data-card")
    card.click()
    settled(table)
    picked = table.locator(f".rt-seat[aria-label=You] [data-card='{key}']")
    assert picked.get_attribute("aria-pressed") == "true"
    kept = view.evaluate(f"(view) => ({pictures})(view).map((svg) => svg.rtBefore === true)")
    assert len(kept) == count and all(kept), f"{kept.count(False)} of {len(kept)} pictures drawn anew"
    assert page_errors(browser_page) == [] and browser_page.outside == []


def looks(button) -> dict:
    """Its looks, and its tooltip: its title, or for a greyed one the reason describing it."""
    return button.evaluate("""b => { const s = getComputedStyle(b);
        const why = document.getElementById(b.getAttribute('aria-describedby') || '');
        return {border: s.borderTopStyle, background: s.backgroundColor, shadow: s.boxShadow,
                cursor: s.cursor, title: why ? why.textContent : b.title,
                pressed: b.getAttribute('aria-pressed')}; }""")


def test_the_table_shows_what_can_be_pressed_and_why_the_rest_cannot(play_site, browser_page):
    """Greyed moves look greyed (dashed, not-allowed) and say why in their tooltip, in the
    engine's words; the moves that make sense stand out; a toggle that is on looks pressed."""
    page = open_page(browser_page, play_site, PLAY)
    table = page.locator(".rt-play[data-kind=table]").first
    table.scroll_into_view_if_needed()
    settled(table)
    draw, discard = (table.locator(f"button[data-arg={name}]") for name in ("draw", "discard"))
    live, off = looks(draw), looks(discard)
    assert discard.is_disabled() and not draw.is_disabled()
    assert off["border"] == "dashed" and off["cursor"] == "not-allowed" and live["border"] == "solid"
    assert off["background"] != live["background"]
    # why Discard is greyed: the table waits for a draw (not the button's own tooltip)
    assert off["title"] == "Your turn: draw from the stock or take from the discard pile.", off
    press(table, "Draw")
    assert looks(draw)["title"] != looks(draw)["title"].lower() and draw.is_disabled()
    assert "drawn" in looks(draw)["title"] or "draw" in looks(draw)["title"].lower(), looks(draw)
    # Coach mode: a toggle, pressed once on
    coach = table.locator("button[data-arg=coach]")
    assert looks(coach)["pressed"] == "false" and looks(coach)["shadow"] == "none"
    press(table, "Coach mode")
    assert looks(coach)["pressed"] == "true" and "inset" in looks(coach)["shadow"]
    assert page_errors(browser_page) == []


# --- the table by keyboard and screen reader (issue 27, point 3) -----------------------------

def focused(page) -> dict:
    """What has the focus: its toolbar, card, region, move; "body" when nothing does."""
    return page.evaluate("""() => { const el = document.activeElement;
        if (!el || el === document.body) return {body: true};
        const bar = el.closest('[data-roving]');
        return {body: false, bar: bar ? bar.dataset.roving : null, card: el.dataset.card || null,
                click: el.dataset.click || null, move: el.dataset.arg || null,
                tabindex: el.getAttribute('tabindex'), pressed: el.getAttribute('aria-pressed'),
                in_table: !!el.closest('.rt-play[data-kind=table]')}; }""")


def hand_keys(table) -> list[str]:
    return own_cards(table).evaluate_all("nodes => nodes.map(n => n.dataset.card)")


def key(page, name: str, table=None):
    page.keyboard.press(name)
    if table is not None:
        settled(table)
    return focused(page)


def fresh_table(browser_page, play_site):
    page = open_page(browser_page, play_site, PLAY)
    table = page.locator(".rt-play[data-kind=table]").first
    table.scroll_into_view_if_needed()
    settled(table)                 # dealt afresh in the page
    assert "Your turn" in table.inner_text()
    return page, table


def test_the_hand_is_one_tab_stop_with_the_arrow_keys_inside(play_site, browser_page):
    page, table = fresh_table(browser_page, play_site)
    cards = hand_keys(table)
    assert len(cards) == 10
    # the stock and the pile are the table's first stop; one Tab reaches the hand, one leaves it
    table.locator("[data-click=stock]").focus()
    assert focused(page)["bar"] == "piles"
    now = key(page, "Tab")
    assert (now["bar"], now["card"]) == ("hand", cards[0]), now
    now = key(page, "Tab")
    assert (now["bar"], now["move"]) == ("moves", "draw"), now     # the move that makes sense
    now = key(page, "Shift+Tab")
    assert now["card"] == cards[0]
    # the arrow keys move along the hand, the tab stop with them; Home and End jump
    now = key(page, "ArrowRight")
    assert now["card"] == cards[1] and now["tabindex"] == "0", now
    assert own_cards(table).evaluate_all("ns => ns.filter(n => n.tabIndex === 0).length") == 1
    assert key(page, "End")["card"] == cards[-1]
    assert key(page, "ArrowRight")["card"] == cards[0]             # round again
    assert key(page, "ArrowLeft")["card"] == cards[-1]
    assert key(page, "Home")["card"] == cards[0]
    assert key(page, "ArrowDown")["card"] == cards[1]
    # Enter selects the focused card; the redrawn hand keeps it focused and its stop
    now = key(page, "Enter", table)
    assert (now["card"], now["pressed"], now["tabindex"]) == (cards[1], "true", "0"), now
    # leaving the hand and coming back lands on the card last focused
    key(page, "Tab")
    assert key(page, "Shift+Tab")["card"] == cards[1]
    # the moves are one toolbar too
    table.locator("button[data-arg=draw]").focus()
    moves = table.locator("[data-roving=moves] button:not([disabled]):not([aria-disabled=true])").evaluate_all(
        "ns => ns.map(n => n.dataset.arg)")
    assert key(page, "ArrowRight")["move"] == moves[1 % len(moves)]
    assert page_errors(browser_page) == []


def test_a_whole_turn_by_keyboard_with_the_moves_announced(play_site, browser_page):
    page, table = fresh_table(browser_page, play_site)
    news = table.locator(".rt-news")
    assert news.get_attribute("aria-live") == "polite" and news.inner_text() == ""
    table.locator("[data-click=stock]").focus()
    key(page, "Tab")                                      # the hand
    now = key(page, "Tab")
    assert now["move"] == "draw"
    now = key(page, "Enter", table)                       # Draw: the focus goes to the hand
    assert not now["body"] and now["bar"] == "hand" and now["tabindex"] == "0", now
    said = news.inner_text()
    assert re.fullmatch(r"You draw \S+ from the stock\.", said), said
    # select the last card, then Discard from the moves
    now = key(page, "End")
    card = now["card"]
    now = key(page, "Enter", table)
    assert (now["card"], now["pressed"]) == (card, "true"), now
    now = key(page, "Tab")
    assert now["bar"] == "moves", now
    for _ in range(12):
        if now["move"] == "discard":
            break
        now = key(page, "ArrowRight")
    assert now["move"] == "discard", now
    now = key(page, "Enter", table)      # the learner discards, the computer answers at once
    assert not now["body"] and now["in_table"], now
    if not table.locator(".rt-result").count():   # the hand goes on: the next move is Draw
        assert (now["bar"], now["move"]) == ("moves", "draw"), now
    # the live region says the new lines, once: the learner's discard and the computer's move
    lines = table.locator(".rt-log li").all_inner_texts()
    said = news.inner_text()
    assert said.startswith("You discard ") and "from the stock" not in said.split(".")[0], said
    assert said.endswith(lines[-1].strip()), (said, lines)
    assert re.search(r"computer (draws|takes|discards|melds|lays)", said, re.I), said
    assert "You draw" not in said                   # what was said before is not said again
    assert page_errors(browser_page) == []
    browser_page.shot("book_play_table_keyboard")


@pytest.mark.parametrize("edition, words", [("", "Skip to the card table"),
                                            ("it/", "Vai al tavolo da gioco"),
                                            ("nl/", "Ga naar de speeltafel")])
def test_a_skip_link_lands_on_the_table(play_site, browser_page, edition, words):
    page = open_page(browser_page, play_site, edition + PLAY)
    for _ in range(3):                      # after the theme's own "Skip to main content"
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.textContent.trim()") == words:
            break
    assert page.evaluate("() => document.activeElement.textContent.trim()") == words
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.matches('.rt-play[data-kind=table]')")
    table = page.locator(".rt-play[data-kind=table]").first
    settled(table)
    page.keyboard.press("Tab")
    assert focused(page)["in_table"]
    assert page_errors(browser_page) == []


def tab_until(page, test: str, limit: int = 120) -> dict:
    """Press Tab until ``test`` (a JS function of the focused element) holds; what has the focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => ({test})(document.activeElement)"):
            return focused(page)
    raise AssertionError(f"Tab never reached {test}")


def log_end(table) -> int:
    """The number of the log's last line (its list is numbered on from its ``start``)."""
    return table.locator(".rt-log").evaluate("ol => ol.start + ol.children.length - 1")


def test_a_whole_hand_by_keyboard_alone_with_the_focus_and_the_news_after_each_move(
        play_site, desktop_page):
    """Issue 27: a reader with only a keyboard plays a whole hand: the skip link to the
    table, one Tab into the hand, the arrows inside it, Space to select, the moves' toolbar;
    after each move the focus is where the next step lies and the live region says what
    happened, once. In the desktop Chromium (the other tests use its headless build).
    Deal 362: one discard of the learner's there is followed by six lines of the computer's
    (it lays off three times and goes out), more than the log shows; all seven are said."""
    page = open_page(desktop_page, play_site, f"{PLAY}#deal=362")
    table = page.locator(".rt-play[data-kind=table]").first
    news = table.locator(".rt-news")
    # the skip link (after the theme's own), Enter: the table has the focus
    tab_until(page, "el => el.textContent.trim() === 'Skip to the card table'", limit=5)
    page.keyboard.press("Enter")
    table.locator(".rt-seat.rt-own [data-card]").first.wait_for(timeout=ANSWER_MS)
    table.locator("[data-deal='362']").first.wait_for(state="attached", timeout=ANSWER_MS)  # the page's Python dealt it
    settled(table)
    assert page.evaluate("() => document.activeElement.matches('.rt-play[data-kind=table]')")
    now = tab_until(page, "el => !!el.closest('[data-roving=hand]')", limit=6)
    assert now["bar"] == "hand" and now["tabindex"] == "0", now
    turns = longest = 0
    while not table.locator(".rt-result").count():
        turns += 1
        assert turns <= 60, "the hand never ended"
        # to the moves' toolbar: its stop is Draw, the move that makes sense now
        now = key(page, "Tab") if now["bar"] == "hand" else now
        assert (now["bar"], now["move"]) == ("moves", "draw"), now
        now = key(page, "Enter", table)
        said = news.inner_text()
        assert re.fullmatch(r"You draw \S+ from the stock\.", said), said
        assert (now["bar"], now["tabindex"]) == ("hand", "0"), now    # the focus goes to the hand
        # the hand's last card (the arrows), selected with Space, then Discard
        cards = hand_keys(table)
        now = key(page, "End")
        assert now["card"] == cards[-1], now
        now = key(page, " ", table)
        assert (now["card"], now["pressed"]) == (cards[-1], "true"), now
        now = key(page, "Tab")
        assert now["bar"] == "moves", now
        for _ in range(12):
            if now["move"] == "discard":
                break
            now = key(page, "ArrowRight")
        assert now["move"] == "discard", now
        last = log_end(table)
        now = key(page, "Enter", table)
        assert not now["body"] and now["in_table"], now
        said = news.inner_text()
        assert said.startswith("You discard "), said
        lines, added = table.locator(".rt-log li").all_text_contents(), log_end(table) - last
        assert said.endswith(lines[-1].strip()) and "You draw" not in said, (said, lines[-added:])
        assert said == " ".join(line.strip() for line in lines[-added:]), (said, lines[-added:])
        longest = max(longest, added)
        if table.locator(".rt-result").count():
            break
        assert (now["bar"], now["move"]) == ("moves", "draw"), now
    # the hand is over: the result is said, the focus stays in the table
    assert turns >= 2 and longest > LOG_LINES        # the discard deal 362 is chosen for
    assert not focused(page)["body"] and focused(page)["in_table"]
    assert page_errors(desktop_page) == [] and desktop_page.outside == []
    desktop_page.shot("book_play_whole_hand_keyboard")


def test_a_quiz_answer_by_keyboard_is_scrolled_into_view_and_said(play_site, browser_page):
    """Issue 27: the quiz's verdict, which appears under the question and may be below the
    screen, is scrolled into view and said once by the widget's live region; the focus goes
    to Next question."""
    quiz = Quiz.builtin("basic")
    question = quiz.questions[0]
    assert question.to_public()["input"] == "choice", "the bank's order changed"
    right, _ = right_and_wrong(question)
    page = open_page(browser_page, play_site, PLAY)
    widget = page.locator(".rt-play[data-kind=quiz]").first
    news = widget.locator(".rt-news")
    assert news.get_attribute("aria-live") == "polite"
    tab_until(page, "el => el.textContent.trim() === 'Skip to the card table'", limit=5)
    page.keyboard.press("Enter")
    # on from the table by Tab alone, to the right option of the first question
    now = tab_until(page, f"el => el.dataset.act === 'choose' && el.dataset.arg === {json.dumps(right)}"
                          " && !!el.closest('.rt-play[data-kind=quiz]')", limit=200)
    page.keyboard.press(" ")
    settled(widget)
    assert widget.locator(f"button[data-arg='{right}'][aria-pressed=true]").count() == 1
    now = tab_until(page, "el => el.dataset.act === 'submit'", limit=10)
    # the reader has scrolled so that Submit is the last thing on the screen
    page.evaluate("() => document.activeElement.scrollIntoView({block: 'end'})")
    page.keyboard.press("Enter")
    settled(widget)
    feedback = widget.locator(".rt-feedback")
    assert "Right!" in feedback.inner_text()
    box = feedback.evaluate("n => { const r = n.getBoundingClientRect(); "
                            "return {top: r.top, bottom: r.bottom, height: innerHeight}; }")
    assert box["top"] >= 0 and box["bottom"] <= box["height"] + 1, box      # all of it in view
    said = news.inner_text()
    assert said.startswith("Right!") and " ".join(feedback.inner_text().split()) == said, said
    assert focused(page)["move"] is None and page.evaluate(
        "() => document.activeElement.dataset.act") == "next"
    assert page_errors(browser_page) == [] and browser_page.outside == []


# --- the coach at the table ------------------------------------------------------------

def coach_says(table) -> str:
    return table.locator(".rt-coach").inner_text()


def test_the_coach_hints_and_reviews_a_finished_hand_in_the_page(play_site, browser_page):
    from rummy_teach.play import from_config

    page = open_page(browser_page, play_site, COACH)
    table = page.locator(".rt-play[data-kind=table]").first
    table.scroll_into_view_if_needed()
    # the review is offered once the hand is over, not before
    assert table.get_by_role("button", name="Review my hand", exact=True).count() == 0
    # a hint, worked out in the page, is the coach's own advice for this deal
    press(table, "Hint")
    said = coach_says(table).splitlines()
    same_table = from_config(json.loads(table.get_attribute("data-config")))
    same_table.handle("coach", "hint")
    assert said[0] == same_table.coach_lines[0] and said[0].startswith("Hint: "), said
    assert len(said) >= 2 and said[-1].startswith("Estimated over"), said
    assert own_cards(table).count() == 10                     # a hint plays nothing
    # the learner plays the hand badly to its end: draw, throw the last card away
    for _turn in range(200):
        if table.locator(".rt-result").count():
            break
        if table.locator("button[data-arg=draw]:not([disabled]):not([aria-disabled=true])").count():
            press(table, "Draw")
        own_cards(table).last.click()
        settled(table)
        press(table, "Discard")
    final = table.locator(".rt-play-view .rt-seat[aria-label=You]").inner_html()
    press(table, "Review my hand")
    said = [line for line in coach_says(table).splitlines() if line.strip()]  # (the board sets its lines apart)
    found = re.fullmatch(r"(\d+) mistakes?, [\d.,]+ points? lost \(estimated\)", said[-1])
    assert found and int(found.group(1)) >= 1, said
    count = int(found.group(1))
    # the review board opens on the costliest mistake: the move, then the coach's verdict
    assert re.match(r"Move \d+ of \d+: .+", said[0]), said[0]
    assert re.match(rf"Mistake 1 of {count}, as the table was then\. Turn \d+: you chose to .+; "
                    r"better: .+ \(about [\d.,]+ points?\)\.", said[1]), said[1]
    # the table as it was after that move, and no move to play while the review is open
    assert table.locator(".rt-play-view .rt-seat[aria-label=You]").inner_html() != final
    assert table.locator("button[data-arg=next]:not([disabled]):not([aria-disabled=true])").count() == 0
    if count > 1:
        press(table, "Next mistake")
        assert f"Mistake 2 of {count}" in coach_says(table)
        press(table, "Previous mistake")
    assert f"Mistake 1 of {count}" in coach_says(table)
    press(table, "Back to the table")
    assert not table.locator(".rt-coach").is_visible()
    assert table.locator(".rt-play-view .rt-seat[aria-label=You]").inner_html() == final
    assert table.locator("button[data-arg=next]:not([disabled]):not([aria-disabled=true])").count() == 1
    assert browser_page.outside == [] and page_errors(browser_page) == []
    browser_page.shot("book_play_coach")


# --- the quiz --------------------------------------------------------------------------------

def right_and_wrong(question):
    """The option the engine accepts and one it refuses (found by asking it, not typed in)."""
    options = question.to_public()["options"]
    right = [o for o in options if question.check(o).outcome == "right"]
    wrong = [o for o in options if question.check(o).outcome == "wrong"]
    return right[0], wrong[0]


def answer_right(widget, question, by_keyboard):
    """Answer a question that is not the one under test with the engine's own answer."""
    kind = question.to_public()["input"]
    correct = next(r.correct for r in map(question.check, ("none", "0")) if r.outcome != "unreadable")
    if kind in ("number", "arrangement"):
        widget.locator("input[name=text]").fill(correct)
    elif kind == "cards":
        try:
            cards = parse_cards(correct)
        except ValueError:          # "none of them"
            cards = ()
        for card in cards:
            widget.locator(f"[data-card='{render.card_key(card)}']").first.click()
            settled(widget)
    else:
        pytest.skip(f"the bank's order changed: a {kind} question before the second choice")
    press(widget, "Submit", by_keyboard)
    assert "Right!" in widget.inner_text(), widget.inner_text()[-300:]
    press(widget, "Next question", by_keyboard)


@pytest.mark.parametrize("by_keyboard", [False, True], ids=["mouse", "keyboard"])
def test_the_quiz_checks_answers_in_the_page_and_explains_them(play_site, browser_page, by_keyboard):
    quiz = Quiz.builtin("basic")
    kinds = [q.to_public()["input"] for q in quiz.questions]
    first = kinds.index("choice")
    second = kinds.index("choice", first + 1)
    page = open_page(browser_page, play_site, PLAY)
    widget = page.locator(".rt-play[data-kind=quiz]").first
    widget.scroll_into_view_if_needed()
    assert "Score: 0 right, 0 wrong" in widget.inner_text()

    def answer(option):
        press(widget, option, by_keyboard)
        assert widget.locator(f"button[data-arg='{option}'][aria-pressed=true]").count() == 1
        press(widget, "Submit", by_keyboard)

    for question in quiz.questions[:first]:
        answer_right(widget, question, by_keyboard)
    right, _ = right_and_wrong(quiz.questions[first])
    answer(right)
    text = widget.inner_text()
    assert f"Score: {first + 1} right, 0 wrong" in text and "Right!" in text
    assert quiz.questions[first].check(right).explanation.splitlines()[0] in text
    press(widget, "Next question", by_keyboard)
    for question in quiz.questions[first + 1:second]:
        answer_right(widget, question, by_keyboard)
    _, wrong = right_and_wrong(quiz.questions[second])
    answer(wrong)
    text = widget.inner_text()
    checked = quiz.questions[second].check(wrong)
    assert "Not quite." in text and checked.explanation.splitlines()[0] in text
    assert f"The answer: {checked.correct}" in text
    assert f"Score: {second} right, 1 wrong" in text and text.count("Score:") == 1
    assert browser_page.outside == [] and page_errors(browser_page) == []
    assert_no_build_ahead_while_the_reader_clicks(page)
    browser_page.shot(f"book_play_quiz_{'keys' if by_keyboard else 'mouse'}")


QUIET_MS = 1500   # bookplay.js: QUIET


def assert_no_build_ahead_while_the_reader_clicks(page):
    """The page's Python runs one thing at a time: a widget built ahead of time (the next
    lesson widget, a 31-question quiz) while the reader clicks made a click wait most of a
    second. Builds ahead start only after QUIET ms without a click, nor an answer of
    Python's shown (the reader is reading it)."""
    events = page.evaluate("window.rummyTeachPlay.timings.events")
    clicks = [e["at"] for e in events if "event" in e or "answered" in e]
    assert clicks, events
    for build in (e for e in events if e.get("why") == "ahead"):
        recent = [c for c in clicks if build["at"] - QUIET_MS < c <= build["at"]]
        assert not recent, (build, recent)


def test_no_build_ahead_starts_while_the_reader_reads_an_answer_python_gave_late(
        play_site, book_with_lite, browser_page):
    """Issue 27, on a slow device: the next turn's Draw, clicked before Python was up, was
    answered seconds later, when Python had started; the reader had not clicked for
    QUIET ms by then, so a widget further down began to be built at once, and the reader's
    next click, a moment after the answer, waited behind it (190 ms on a quarter of a
    core). Builds ahead now wait QUIET ms after that answer too."""
    page, table, held = table_with_python_held(browser_page, play_site, PLAY)
    press(table, "Draw")                        # the first turn: the replies drawn ahead
    own_cards(table).last.click()
    settled(table)
    press(table, "Discard")
    draw = table.locator("button[data-arg=draw]:not([disabled]):not([aria-disabled=true])")
    assert draw.count() == 1, table.inner_text()
    draw.click()                                # the next turn's: Python's, held back
    page.wait_for_function(f"""() => {{ const events = window.rummyTeachPlay.timings.events;
        return performance.now() - events.filter(e => 'event' in e).at(-1).at > {QUIET_MS + 200}; }}""",
                           timeout=ANSWER_MS, polling=POLL_MS)
    assert page.evaluate("window.rummyTeachPlay.timings.ready") is None and held
    for route in held:
        route.continue_()
    settled(table)
    assert re.search(r"You draw \S+ from the stock\.", table.locator(".rt-log li").last.inner_text())
    page.wait_for_function("() => window.rummyTeachPlay.timings.events.some(e => e.why === 'ahead')",
                           timeout=ANSWER_MS, polling=POLL_MS)
    events = page.evaluate("window.rummyTeachPlay.timings.events")
    answered = [e["at"] for e in events if e.get("answered") == "press"]
    builds = [e["at"] for e in events if e.get("why") == "ahead"]
    assert answered and builds, events
    assert min(builds) >= answered[-1] + QUIET_MS, (answered, builds)
    assert_no_build_ahead_while_the_reader_clicks(page)
    assert browser_page.outside == [] and page_errors(browser_page) == []


#: For the test below: the build steps the page sends its Python (requests with "step"),
#: after each widget's first, are held back until the test lets them go, so that a click
#: meets a build under way however fast the browser is (a fast one built the whole quiz
#: before a click could be made). Only when they reach the worker changes: what they ask,
#: and in which order, is the page's own.
HOLD_BUILD_STEPS = """(() => {
  const send = Worker.prototype.postMessage, held = [], first = new Set();
  let holding = true;
  Worker.prototype.postMessage = function (message, ...rest) {
    const request = message && typeof message.request === 'string' ? JSON.parse(message.request) : null;
    if (holding && request && request.step) {
      if (first.has(request.widget)) { held.push([this, message, rest]); return; }
      first.add(request.widget);
    }
    return send.call(this, message, ...rest);
  };
  window.rummyTestSteps = {
    held: () => held.length,
    release: () => { holding = false; held.splice(0).forEach(([w, m, r]) => send.call(w, m, ...r)); },
  };
})()"""


def test_a_click_is_answered_before_the_quiz_built_ahead_is_finished(play_site, browser_page):
    """Issue 27: the page builds a quiz further down ahead of time, a question per step at
    idle moments; a click on the table in the middle of it is answered at once, and the
    quiz's build goes on afterwards (it used to make the click wait for the whole quiz).
    The page's built-in quiz needs no such step: the book's memory snapshot built it
    (play.quiz.keep_builtin_quizzes), so it is ready after one message while the lesson's
    own two-question quiz (the exercise's solution) is still being built."""
    browser_page.page.add_init_script(HOLD_BUILD_STEPS)
    page, table = fresh_table(browser_page, play_site)
    builtin, own = page.evaluate("""() => [...document.querySelectorAll('.rt-play[data-config]')]
        .map((n, i) => n.dataset.kind === 'quiz' ? 'w' + i : null).filter(Boolean)""")
    page.wait_for_function(f"""() => window.rummyTeachPlay.timings.events
        .some(e => e.prepare === '{own}' && e.why === 'ahead') && window.rummyTestSteps.held() > 0""",
                           timeout=ANSWER_MS, polling=POLL_MS)
    page.wait_for_function(f"() => window.rummyTeachPlay.timings.events.some(e => e.prepared === '{builtin}')",
                           timeout=ANSWER_MS, polling=POLL_MS)    # its one step was not held
    assert not page.evaluate(f"""() => window.rummyTeachPlay.timings.events
        .some(e => e.prepared === '{own}')""")                    # the lesson's own quiz half built
    own_cards(table).first.click()
    settled(table)
    answered = page.evaluate("performance.now()")
    assert own_cards(table).first.get_attribute("aria-pressed") == "true"
    page.evaluate("window.rummyTestSteps.release()")
    page.wait_for_function(f"() => window.rummyTeachPlay.timings.events.some(e => e.prepared === '{own}')",
                           timeout=ANSWER_MS, polling=POLL_MS)
    events = page.evaluate("window.rummyTeachPlay.timings.events")
    built = next(e["at"] for e in events if e.get("prepared") == own)
    assert answered < built, (answered, built)
    assert_no_build_ahead_while_the_reader_clicks(page)
    # the quiz the snapshot built answers as one built on the page
    widget = page.locator(".rt-play[data-kind=quiz]").first
    right, _ = right_and_wrong(Quiz.builtin("basic").questions[0])
    press(widget, right)
    press(widget, "Submit")
    assert "Right!" in widget.inner_text()
    assert page_errors(browser_page) == [] and browser_page.outside == []


def test_an_answered_questions_text_box_and_submit_are_greyed_reachable_and_say_why(play_site, browser_page):
    """Issue 27 point 1: once a question is answered, its text box and Submit are greyed with
    aria-disabled (not the native disabled, which takes no focus): Tab reaches them, Enter and
    typing send nothing, and each says why in a visible tooltip that is its description."""
    quiz = Quiz.builtin("basic")
    kinds = [q.to_public()["input"] for q in quiz.questions]
    number = kinds.index("number")
    page = open_page(browser_page, play_site, PLAY)
    widget = page.locator(".rt-play[data-kind=quiz]").first
    widget.scroll_into_view_if_needed()
    for question in quiz.questions[:number]:
        if question.to_public()["input"] == "choice":
            press(widget, right_and_wrong(question)[0])
            press(widget, "Submit")
            press(widget, "Next question")
        else:
            answer_right(widget, question, False)
    correct = next(r.correct for r in map(quiz.questions[number].check, ("none", "0")) if r.outcome != "unreadable")
    box = widget.locator("input[name=text]")
    box.fill(correct)
    box.press("Enter")                                   # Enter in the box submits
    settled(widget)
    score = widget.locator(".rt-quiz-page").inner_text()
    assert "Right!" in score and f"Score: {number + 1} right, 0 wrong" in score, score[-300:]
    why = say("quiz_off_answered")
    submit = widget.get_by_role("button", name="Submit", exact=True)
    for control in (box, submit):
        assert control.get_attribute("aria-disabled") == "true"
        assert control.evaluate("el => el.disabled") is False
    assert box.get_attribute("readonly") is not None
    # Tab from the box reaches Submit; back to the box: each says why, seen and read
    box.focus()
    for control in (box, submit):
        if control is submit:
            page.keyboard.press("Tab")
        assert control.evaluate("el => el === document.activeElement")
        expect(control).to_have_accessible_description(why)
        tip = widget.locator(f"[id='{control.get_attribute('aria-describedby')}']")
        assert tip.inner_text() == why and tip.is_visible()
    # nothing is sent: Enter on Submit, Enter and typing in the box, a click on either
    before = widget.locator(".rt-play-view").inner_html()
    sent = page.evaluate("window.rummyTeachPlay.timings.events.filter((e) => 'event' in e).length")
    page.keyboard.press("Enter")
    box.focus()
    page.keyboard.type("12")
    page.keyboard.press("Enter")
    box.click(force=True)        # (force: Playwright would wait for greyed controls to come back)
    submit.click(force=True)
    page.wait_for_timeout(300)    # (a reply, were one sent, would redraw the view by now)
    assert widget.locator(".rt-play-view").inner_html() == before
    assert box.input_value() == correct
    assert page.evaluate("window.rummyTeachPlay.timings.events.filter((e) => 'event' in e).length") == sent
    assert page_errors(browser_page) == [] and browser_page.outside == []


# --- every widget of every lesson -----------------------------------------------------------

def lesson_pages(html: Path) -> list[str]:
    return sorted(str(p.relative_to(html)) for p in (html / "tutorials").glob("*.html")
                  if 'class="rt-play"' in p.read_text(encoding="utf-8"))


def test_every_widget_on_every_lesson_page_answers_in_place(play_site, book_with_lite, browser_page):
    pages = lesson_pages(book_with_lite)
    assert {"tutorials/basic_melds.html", SCORING, PLAY} <= set(pages)
    kinds = set()
    for path in pages:
        page = open_page(browser_page, play_site, path)
        widgets = page.locator(".rt-play")
        for i in range(widgets.count()):
            widget = widgets.nth(i)
            kind = widget.get_attribute("data-kind")
            kinds.add(kind)
            before = widget.locator(".rt-play-view").inner_html()
            target = {"stepper": "button[data-act=go]:not([disabled]):not([aria-disabled=true])",
                      "meld_checker": "[data-card]", "table": "button[data-act=sort][data-arg=rank]",
                      "quiz": "button[data-act=choose], [data-card]"}[kind]
            if kind == "quiz" and widget.locator(target).count() == 0:
                widget.locator("input[name=text]").fill("7")
                target = "button[data-act=submit]"
            control = widget.locator(target).first
            folded = widget.locator("xpath=ancestor::details[not(@open)]")
            if folded.count():                       # a hidden cell: unfold it as a reader does
                folded.first.locator("summary").first.click()
            # (a click scrolls the control into view, and finds it again if the widget
            # drew itself anew meanwhile, as it does when Python comes up)
            control.click(timeout=ANSWER_MS)
            settled(widget)
            assert widget.locator(".rt-play-status").inner_text() == "", (path, kind)
            assert widget.locator(".rt-play-view").inner_html() != before, (path, kind, i)
    assert kinds == {"stepper", "meld_checker", "table", "quiz"}
    assert browser_page.outside == [] and page_errors(browser_page) == []


def test_the_meld_checker_judges_in_the_page(play_site, browser_page):
    page = open_page(browser_page, play_site, "tutorials/basic_melds.html")
    checker = page.locator(".rt-play[data-kind=meld_checker]").first
    checker.scroll_into_view_if_needed()
    assert "Not a meld" in checker.inner_text()            # Q♥ K♥ A♥ as the lesson left it
    checker.locator("[data-card=AH]").first.click()          # take the ace out: Q♥ K♥
    settled(checker)
    checker.locator("[data-card=JH]").first.click()          # J♥ Q♥ K♥
    settled(checker)
    text = checker.inner_text()
    assert "A legal run" in text and "A run of 3 hearts" in text, text[-400:]
    checker.locator("select[data-act=game]").select_option("500")
    settled(checker)
    assert "worth" in checker.inner_text()                   # Rummy 500 counts melded points
    assert browser_page.outside == [] and page_errors(browser_page) == []


# --- how Python starts: the build's memory snapshot, or the ordinary way ---------------------

def python_checked_the_replies_drawn_ahead(page) -> list[dict]:
    """Wait until Python has replayed every event the page answered ahead; their checks."""
    page.wait_for_function("""() => { const t = window.rummyTeachPlay.timings;
        const shown = t.ahead.filter(e => e.checked === undefined).length;
        return t.ahead.filter(e => e.checked !== undefined).length === shown; }""", timeout=ANSWER_MS, polling=POLL_MS)
    return [e for e in page.evaluate("window.rummyTeachPlay.timings.ahead") if "checked" in e]


def draw_and_read_the_log(recorded, site) -> dict:
    """Press Draw on the table, read the move in its log; once Python has replayed it (it
    was answered ahead on a first visit) the worker's marks."""
    page = open_page(recorded, site, PLAY)
    table = page.locator(".rt-play[data-kind=table]").first
    table.scroll_into_view_if_needed()
    press(table, "Draw")
    log = table.locator(".rt-log").inner_text()
    assert re.search(r"You draw \S+ from the stock\.", log), log
    checks = python_checked_the_replies_drawn_ahead(page)
    assert all(check["same"] for check in checks), checks
    assert table.locator(".rt-play-status").inner_text() == ""
    page.wait_for_function("() => window.rummyTeachPlay.timings.worker !== undefined",
                           timeout=ANSWER_MS, polling=POLL_MS)
    return page.evaluate("window.rummyTeachPlay.timings.worker")


def test_the_first_turn_is_answered_before_python_is_up_and_python_answers_the_same(
        play_site, book_with_lite, browser_page):
    """Issue 27, point 5: on a slow phone the page's Python takes seconds to start. The
    table's first turn (Draw, a card, Discard and the computer's answer) comes from the
    replies the book's build drew with the engine: shown while Python's runtime is held
    back, then replayed by Python when it is let through, and Python's replies are the
    very same text (the view stays as shown). The next turn is Python's."""
    page, table, held = table_with_python_held(browser_page, play_site, PLAY)
    assert table.get_attribute("data-ahead") == "ready" and table.get_attribute("aria-busy") is None
    assert table.locator("a.rt-deal").count() == 1       # the book's deal, with its number
    press(table, "Draw")
    assert re.search(r"You draw \S+ from the stock\.", table.locator(".rt-log").inner_text())
    own_cards(table).last.click()
    settled(table)
    press(table, "Discard")
    log = table.locator(".rt-log").inner_text()
    assert re.search(r"You discard \S+\.", log) and "Computer" in log, log
    assert page.evaluate("window.rummyTeachPlay.timings.ready") is None, "Python was up already"
    shown = [e["key"] for e in page.evaluate("window.rummyTeachPlay.timings.ahead")]
    assert len(shown) == 3 and shown[0] == "press|draw" and shown[2].endswith(">press|discard"), shown
    view = table.locator(".rt-play-view").inner_html()
    assert held, "the worker did not ask for Python's runtime"
    for route in held:
        route.continue_()
    checks = python_checked_the_replies_drawn_ahead(page)
    assert [c["key"] for c in checks] == shown and all(c["same"] for c in checks), checks
    assert table.locator(".rt-play-view").inner_html() == view
    # the next turn goes to Python, from the state the replayed events left
    if table.locator("button[data-arg=draw]:not([disabled])").count():
        assert "You draw" not in table.locator(".rt-log li").last.inner_text()   # the computer's move
        press(table, "Draw")
        assert re.search(r"You draw \S+ from the stock\.", table.locator(".rt-log li").last.inner_text())
    assert table.locator(".rt-play-status").inner_text() == ""
    assert browser_page.outside == [] and page_errors(browser_page) == []


@pytest.mark.parametrize("edition", ["it/", "nl/"])
def test_the_replies_drawn_ahead_speak_the_editions_language_as_python_does(
        play_site, browser_page, edition):
    """The Italian and Dutch editions carry replies drawn in their own language; Pyodide,
    told the page's language, answers the same text."""
    page, table, held = table_with_python_held(browser_page, play_site, edition + PLAY)
    table.locator("button[data-arg=draw]").click()
    table.locator("[data-roving=hand] [data-card]").last.click()     # the reader's hand
    log = table.locator(".rt-log").inner_text()
    assert log.strip() and "You draw" not in log, log          # the edition's words
    assert page.evaluate("window.rummyTeachPlay.timings.ready") is None
    for route in held:
        route.continue_()
    checks = python_checked_the_replies_drawn_ahead(page)
    assert len(checks) == 2 and all(c["same"] for c in checks), checks
    assert browser_page.outside == [] and page_errors(browser_page) == []


def test_python_starts_from_the_snapshot_the_build_made(play_site, book_with_lite, browser_page):
    pyodide = book_with_lite / "lite" / "static" / "pyodide"
    manifest = json.loads((pyodide / "book-play.json").read_text())
    assert hashlib.sha256((pyodide / manifest["file"]).read_bytes()).hexdigest() == manifest["sha256"]
    marks = draw_and_read_the_log(browser_page, play_site)
    assert marks["snapshot"] == "used", marks
    requested = [url.rsplit("/", 1)[-1] for url in browser_page.requests]
    assert manifest["file"] in requested and "book-play.json" in requested
    assert browser_page.outside == [] and page_errors(browser_page) == []


def test_python_starts_after_the_load_when_the_replies_drawn_ahead_answer_and_at_once_otherwise(
        play_site, browser_page):
    """Issue 27: on a slow device (a quarter of one core for the whole browser) the worker's
    start takes the CPU from the page's layout and first answer. On a first visit every
    widget answers its first clicks from the replies drawn ahead, so the worker is asked for
    only after the load event; on a later visit the table must be dealt by Python, and the
    worker is asked for as the page's script runs (an async script, set up when the HTML is
    parsed: before the load event, which an async script holds back). Either way Python
    starts from the snapshot."""
    def started_and_loaded(page):
        page.wait_for_function("() => window.rummyTeachPlay.timings.ready !== undefined",
                               timeout=ANSWER_MS, polling=POLL_MS)
        return page.evaluate("""() => [window.rummyTeachPlay.timings.started,
            performance.getEntriesByType('navigation')[0].loadEventStart]""")

    page = open_page(browser_page, play_site, PLAY)
    assert page.locator(".rt-play[data-kind=table][data-ahead=ready]").count() == 1
    started, loaded = started_and_loaded(page)
    assert 0 < loaded <= started, (started, loaded)
    page.reload(wait_until="load")      # a later visit: the table is dealt afresh by Python
    assert page.locator(".rt-play[data-kind=table][data-ahead=ready]").count() == 0
    started, loaded = started_and_loaded(page)
    assert 0 < started <= loaded, (started, loaded)
    marks = draw_and_read_the_log(browser_page, play_site)
    assert marks["snapshot"] == "used", marks
    assert browser_page.outside == [] and page_errors(browser_page) == []


def changed_manifest(route, **changes):
    """The site's snapshot manifest with some fields changed, as a stale build would leave it."""
    manifest = json.loads(route.fetch().text())
    for key, value in changes.items():
        if key == "wheel_sha256":
            manifest["wheel"]["sha256"] = value
        else:
            manifest[key] = value
    route.fulfill(status=200, content_type="application/json", body=json.dumps(manifest))


@pytest.mark.parametrize("case", ["stale", "failed"])
def test_without_a_usable_snapshot_python_starts_the_ordinary_way(play_site, book_with_lite,
                                                                  browser_page, case):
    page = browser_page.page
    manifest = json.loads((book_with_lite / "lite" / "static" / "pyodide" / "book-play.json").read_text())
    if case == "stale":
        # the manifest names a wheel other than the lock's: another build of the engine
        page.route("**/book-play.json", lambda route: changed_manifest(route, wheel_sha256="0" * 64))
    else:
        # a snapshot that passes every check but is not one: loading it fails, Python
        # starts again the ordinary way in the same worker
        bogus = gzip.compress(bytes(manifest["memory_bytes"]), mtime=0)
        page.route("**/book-play.json",
                   lambda route: changed_manifest(route, sha256=hashlib.sha256(bogus).hexdigest()))
        page.route("**/book-play.snapshot.gz", lambda route: route.fulfill(
            status=200, content_type="application/gzip", body=bogus))
    marks = draw_and_read_the_log(browser_page, play_site)
    assert marks["snapshot"] == case, marks
    assert browser_page.outside == [] and page_errors(browser_page) == []


def test_when_python_cannot_start_the_page_says_so_in_the_catalogues_words(play_site, browser_page):
    from rummy_teach.reasons import say

    page = browser_page.page
    page.route("**/pyodide.mjs", lambda route: route.abort())
    page = open_page(browser_page, play_site, PLAY)
    table = page.locator(".rt-play[data-kind=table]").first
    table.scroll_into_view_if_needed()
    press(table, "Draw")                   # answered ahead: the build's engine drew it
    assert "You draw" in table.locator(".rt-log").inner_text()
    before = table.locator(".rt-play-view").inner_html()
    press(table, "Sort by rank")           # past the replies drawn ahead: only Python could answer
    assert table.locator(".rt-play-status").inner_text() == f"{say('play_failed')} {say('play_failed_load')}"
    assert table.locator(".rt-play-view").inner_html() == before     # the table as it was
    assert browser_page.outside == []


def test_the_snapshot_is_reproducible(book_with_lite, tmp_path):
    """Made again from the same runtime and wheel, the snapshot has the same bytes."""
    pyodide = book_with_lite / "lite" / "static" / "pyodide"
    manifest = json.loads((pyodide / "book-play.json").read_text())
    memory = tmp_path / "memory"
    subprocess.run(["node", str(ROOT / "lite" / "snapshot.mjs"), f"{pyodide}/",
                    str(pyodide / manifest["wheel"]["file"]), manifest["wheel"]["path"], str(memory)],
                   check=True, timeout=1200, env={**os.environ, "TZ": "UTC"})
    assert memory.stat().st_size == manifest["memory_bytes"]
    again = hashlib.sha256(gzip.compress(memory.read_bytes(), compresslevel=6, mtime=0)).hexdigest()
    assert again == manifest["sha256"]


def test_a_snapshot_that_outgrows_the_runtimes_heap_is_refused_by_the_build(book_with_lite, tmp_path):
    """A page restores the snapshot into the heap a fresh runtime has and cannot grow it
    first (pyodide/pyodide#6254): a snapshot made after warm() outgrew that heap would be
    shipped and never used. lite/snapshot.mjs refuses it, saying why; the same wheel with
    a warm() that keeps little is made into a snapshot. (A stand-in wheel whose warm keeps
    ``KEEP`` bytes.)"""
    import zipfile

    pyodide = book_with_lite / "lite" / "static" / "pyodide"

    def snapshot(keep: int):
        wheel = tmp_path / f"keep{keep}.whl"
        with zipfile.ZipFile(wheel, "w") as archive:
            archive.writestr("rummy_teach/__init__.py", "")
            archive.writestr("rummy_teach/play/__init__.py",
                             f"KEPT = []\ndef warm(ahead=False):\n    KEPT.append(bytearray({keep}))\n")
        out = tmp_path / f"memory{keep}"
        made = subprocess.run(["node", str(ROOT / "lite" / "snapshot.mjs"), f"{pyodide}/", str(wheel),
                               "/lib/rummy_teach.whl", str(out)],
                              capture_output=True, text=True, timeout=1200, env={**os.environ, "TZ": "UTC"})
        return made, out

    made, out = snapshot(8 * 2 ** 20)
    assert made.returncode == 3 and not out.exists(), made
    assert "grew Pyodide's heap from 30.0 to" in made.stderr and "pyodide/pyodide#6254" in made.stderr, made.stderr
    made, out = snapshot(1024)
    assert made.returncode == 0 and out.stat().st_size > 30 * 2 ** 20, made
