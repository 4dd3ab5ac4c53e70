"""The review of a hand as an analysis board, on the built book's coach lesson, in Chromium.

A reader plays a whole hand (a computer player for their seat, with a bad discard every
third decision so that the coach has mistakes to mark), in step with a *mirror*: the same
table built here from the page's own configuration. Then they open the review, click a
move and see the table as it was after it, step with the arrow keys, Home and End on the
list of moves, and follow a mistake's mark on the standing chart. What the page shows is
checked against the mirror's own drawing of the same moment. Screenshots at phone and
desktop size are left in ``$RUMMY_SHOTS`` (default: the test's temporary folder).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from rummy_teach.game import Bot
from rummy_teach.i18n import language
from rummy_teach.play.board import LOG_KEPT
from rummy_teach.reasons import say
from test_book_pages import axe_scan, axe_source  # noqa: F401  (fixtures)
from test_book_play import book_with_lite, open_page, page_errors, play_site, settled  # noqa: F401
from test_book_tables import card_key, click, mirror_of, page_log, table_on
from test_play_tables import click_through

pytestmark = [pytest.mark.browser, pytest.mark.slow]
COACH = "tutorials/basic_coach.html"


def click_in_page(table, action) -> None:
    """Make a move of Basic Rummy in the page by clicking, in any edition's language (the
    reader's cards are the only ones marked data-card)."""
    kind = action.kind
    if kind == "draw":
        click(table, "button[data-arg=draw]")
    elif kind == "take":
        click(table, "[data-click='take:1']")
    elif kind == "meld":
        click(table, "button[data-act=clear]")
        for card in action.melds[0]:
            click(table, f".rt-play-view [data-card='{card_key(card)}']")
        click(table, "button[data-arg=meld]")
    elif kind in ("layoff", "discard"):
        click(table, "button[data-act=clear]")
        click(table, f".rt-play-view [data-card='{card_key(action.card)}']")
        click(table, f"[data-click='meld:{action.target}']" if kind == "layoff" else "button[data-arg=discard]")
    else:
        raise AssertionError(f"no click for {action}")


def coach_says(table) -> list[str]:
    return [line for line in table.locator(".rt-coach").inner_text().splitlines() if line.strip()]


def play_hand_with_mistakes(table):
    mirror = mirror_of(table)
    mirror.run_bots()
    me, decisions = Bot("medium", seed=f"{mirror.seed}/reader"), 0
    for _ in range(400):
        game = mirror.game
        if game.is_hand_over:
            return mirror
        action = me.act(game)
        if game.phase == "play":
            decisions += 1
            if decisions % 3 == 0:
                action = next(a for a in game.legal_actions() if a.kind == "discard")
        click_in_page(table, action)
        click_through(mirror, action)
        mirror.run_bots()
        assert page_log(table) == mirror.log_lines[-LOG_KEPT:], str(action)
    raise AssertionError("the hand did not end")


def shown_table(table) -> str:
    return table.locator(".rt-review-table").inner_text()


def mirror_table(page, mirror) -> str:
    """The text of the mirror's review table, drawn in the same page at the width of the
    one shown (so the same fonts, the same line breaks and the same narrow-table rules:
    a narrow table shows the scores in the seats only)."""
    return page.evaluate("""html => {
        const shown = document.querySelector(".rt-review-table");
        const box = document.createElement("div");
        box.innerHTML = html;
        const mine = box.querySelector(".rt-review-table");
        mine.style.width = shown.getBoundingClientRect().width + "px";
        document.body.append(mine);
        const text = mine.innerText;
        mine.remove();
        return text;
    }""", mirror.html())


def selected(table) -> str:
    return table.locator("[role=option][aria-selected=true]").get_attribute("data-click")


@pytest.mark.parametrize("edition", ["en", "it", "nl"])
def test_the_review_board_in_the_book(play_site, browser_page, axe_scan, tmp_path, edition):
    with language(edition):      # the mirror speaks the edition's language, as the page does
        walk_the_board(play_site, browser_page, axe_scan, tmp_path, edition)


def walk_the_board(play_site, browser_page, axe_scan, tmp_path, edition):
    folder = "" if edition == "en" else f"{edition}/"
    page = open_page(browser_page, play_site, folder + COACH + "#deal=11")
    table = table_on(page)
    mirror = play_hand_with_mistakes(table)
    table.locator("button[data-arg=review]").first.click()
    settled(table)
    mirror.coach("review")
    board = mirror.coaching.board
    assert board.marks, "no mistake to mark: choose another deal"
    options = table.locator("[role=listbox] [role=option]")
    assert options.count() == board.last + 1
    assert selected(table) == f"review:{board.selected}"
    assert shown_table(table) == mirror_table(page, mirror)

    # a click on a move shows the table after it
    options.nth(3).click()
    settled(table)
    mirror.click_region("review:3")
    assert selected(table) == "review:3"
    assert shown_table(table) == mirror_table(page, mirror)
    assert coach_says(table) == mirror.coach_lines
    assert coach_says(table)[0] == (say("review_board_move", number=3, total=board.last, move=board.move_words(3)))
    assert table.locator("[role=listbox]").get_attribute("aria-label") == say("review_moves_label")

    # the keyboard: the list is one tab stop, the arrow keys step, Home and End go to the ends
    assert table.locator("[role=listbox] [tabindex='0']").count() == 1
    options.nth(3).focus()
    for key, number in (("ArrowDown", 4), ("ArrowDown", 5), ("ArrowUp", 4), ("Home", 0), ("End", board.last)):
        page.keyboard.press(key)
        settled(table)
        mirror.click_region(f"review:{number}")
        assert selected(table) == f"review:{number}", key
        assert page.evaluate("document.activeElement.dataset.click") == f"review:{number}"
        assert shown_table(table) == mirror_table(page, mirror), key

    # at the end of the hand the steps onward are greyed, not disabled: the arrow keys reach
    # them in their toolbar, each says why (a visible tooltip, its description), and neither
    # Enter nor a click sends anything
    steps = table.locator("[data-roving=review-steps]")
    onward = [steps.locator(f"button[data-click='review:{where}']") for where in ("next", "last")]
    back = steps.locator("button[data-click='review:prev']")
    assert [b.get_attribute("aria-disabled") for b in onward] == ["true", "true"]
    assert back.get_attribute("aria-disabled") is None and not back.evaluate("el => el.disabled")
    back.focus()
    before = shown_table(table)
    sent = page.evaluate("window.rummyTeachPlay.timings.events.filter((e) => 'event' in e).length")
    for button in onward:
        page.keyboard.press("ArrowRight")
        assert button.evaluate("el => el === document.activeElement")
        expect(button).to_have_accessible_description(say("review_off_at_end"))
        tip = table.locator(f"[id='{button.get_attribute('aria-describedby')}']")
        assert tip.inner_text() == say("review_off_at_end") and tip.is_visible()
        page.keyboard.press("Enter")
        button.click(force=True)     # (force: a click on a greyed button, which Playwright would wait out)
    page.wait_for_timeout(300)    # (a reply, were one sent, would redraw the view by now)
    assert page.evaluate("window.rummyTeachPlay.timings.events.filter((e) => 'event' in e).length") == sent
    assert selected(table) == f"review:{board.last}" and shown_table(table) == before

    # a mistake's mark on the chart goes to its move
    number = board.marks[-1]
    table.locator(f".rt-review-chart [data-click='review:{number}']").click()
    settled(table)
    mirror.click_region(f"review:{number}")
    assert selected(table) == f"review:{number}"
    assert shown_table(table) == mirror_table(page, mirror)
    assert coach_says(table) == mirror.coach_lines
    assert table.locator(".rt-review-chart-text").inner_text().strip() != ""
    # the chart's labels in the edition's language: its title, each mark's, the words
    # under it, the numbers on its axis (the reader's locale), as the mirror draws them
    chart = table.locator(".rt-review-chart")
    assert chart.locator("figcaption").inner_text().strip() == say("review_chart_title")
    marks = chart.locator("[role=button][data-click]")
    assert marks.count() == len(board.marks)
    for i in range(marks.count()):
        number = int(marks.nth(i).get_attribute("data-click").split(":")[1])
        cost = board.move(number).decision.cost
        assert marks.nth(i).get_attribute("aria-label") == say("review_mark", number=number, cost=cost)
    assert chart.evaluate("""(el, html) => {
        const box = document.createElement("div");
        box.innerHTML = html;
        const mine = box.querySelector(".rt-review-chart");
        return mine && mine.textContent === el.textContent; }""", mirror.html())

    shots = Path(os.environ.get("RUMMY_SHOTS", tmp_path))
    for width, height in ((390, 844), (1280, 900)):
        page.set_viewport_size({"width": width, "height": height})
        table.locator(".rt-review").scroll_into_view_if_needed()
        # the board fits the phone's width: nothing sticks out sideways
        assert page.evaluate("el => el.scrollWidth <= el.clientWidth + 1",
                             table.locator(".rt-review").element_handle())
        # the theme slides its sidebars when the width changes: shoot once they are still
        # (settled, not fulfilled: an animation the theme cancels, folding its Contents while
        # a table is on screen, rejects its `finished`)
        page.evaluate("Promise.allSettled(document.getAnimations().map((a) => a.finished))")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.screenshot(path=str(shots / f"review-{edition}-{width}.png"))
    # axe-core finds nothing serious in the board (WCAG 2.1 A/AA and 2.2 AA)
    found = axe_scan(page, within=".rt-review")
    assert found == [], found
    # back to the table: its log is not news again for a screen reader
    news = table.locator(".rt-news").inner_text()
    table.locator("button[data-arg=review_close]").click()
    settled(table)
    assert table.locator("[role=listbox]").count() == 0
    assert table.locator(".rt-play-view .rt-log li").count() >= 1
    assert table.locator(".rt-news").inner_text() == news
    assert browser_page.outside == [] and page_errors(browser_page) == []
