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

from rummy_teach.game import Bot
from test_book_play import book_with_lite, open_page, page_errors, play_site, settled  # noqa: F401
from test_book_tables import click_in_page, mirror_of, page_log, table_on
from test_play_tables import click_through

pytestmark = [pytest.mark.browser, pytest.mark.slow]
COACH = "tutorials/basic_coach.html"


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
        assert page_log(table) == mirror.log_lines[-6:], str(action)
    raise AssertionError("the hand did not end")


def shown_table(table) -> str:
    return table.locator(".rt-review-table").inner_text()


def mirror_table(page, mirror) -> str:
    """The text of the mirror's review table, drawn in the same page (so the same fonts
    and the same line breaks)."""
    return page.evaluate("""html => {
        const box = document.createElement("div");
        box.innerHTML = html;
        document.body.append(box);
        const text = box.querySelector(".rt-review-table").innerText;
        box.remove();
        return text;
    }""", mirror.html())


def selected(table) -> str:
    return table.locator("[role=option][aria-selected=true]").get_attribute("data-click")


def test_the_review_board_in_the_book(play_site, browser_page, tmp_path):
    page = open_page(browser_page, play_site, COACH + "#deal=11")
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
    coach = table.locator(".rt-coach").inner_text()
    assert coach.splitlines()[0] == mirror.coach_lines[0] and coach.startswith(f"Move 3 of {board.last}")

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

    # a mistake's mark on the chart goes to its move
    number = board.marks[-1]
    table.locator(f".rt-review-chart [data-click='review:{number}']").click()
    settled(table)
    mirror.click_region(f"review:{number}")
    assert selected(table) == f"review:{number}"
    assert shown_table(table) == mirror_table(page, mirror)
    assert "better:" in table.locator(".rt-coach").inner_text()
    assert table.locator(".rt-review-chart-text").inner_text().strip() != ""

    shots = Path(os.environ.get("RUMMY_SHOTS", tmp_path))
    for width, height in ((390, 844), (1280, 900)):
        page.set_viewport_size({"width": width, "height": height})
        table.locator(".rt-review").scroll_into_view_if_needed()
        # the board fits the phone's width: nothing sticks out sideways
        assert page.evaluate("el => el.scrollWidth <= el.clientWidth + 1",
                             table.locator(".rt-review").element_handle())
        page.screenshot(path=str(shots / f"review-{width}.png"))
    table.locator("button[data-arg=review_close]").click()
    settled(table)
    assert table.locator("[role=listbox]").count() == 0
    assert browser_page.outside == [] and page_errors(browser_page) == []
