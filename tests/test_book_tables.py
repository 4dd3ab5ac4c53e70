"""The Rummy 500 and Contract tables on the built book's pages, in a real browser, offline.

A reader plays a whole hand of each. The moves are chosen by a computer player for the
reader's seat on a *mirror*: the same table built in this process from the page's own
configuration (the deal the page dealt), driven by the same clicks. The computer players
are seeded by the deal, so page and mirror stay in step, and after every move the page's
log must read exactly as the mirror's: every dig, meld, lay-off, buy and discard the page
makes is the engine's, and what it shows is what the kernel's table shows.

Then the deals: two visits deal different cards, a ``#deal=`` address deals the named
deal, and the number on the table is a link to it.
"""

from __future__ import annotations

import json
import re

import pytest

from rummy_teach.i18n import number_text
from rummy_teach.plural import Signed

from rummy_teach import render
from rummy_teach.game import Bot
from rummy_teach.reasons import say
from rummy_teach.play import from_config
from rummy_teach.play.board import LOG_KEPT, LOG_LINES
from browser import POLL_MS
from test_book_play import book_with_lite, open_page, page_errors, play_site, settled  # noqa: F401
from test_play_tables import click_through

pytestmark = [pytest.mark.browser, pytest.mark.slow]
R500 = "tutorials/r500_digging.html"
CONTRACT = "tutorials/contract_play.html"


def table_on(page, index: int = 0):
    table = page.locator(".rt-play[data-kind=table]").nth(index)
    table.scroll_into_view_if_needed()
    settled(table)                       # a fresh table is dealt as soon as Python is up
    return table


def mirror_of(table):
    return from_config(json.loads(table.get_attribute("data-config")))


def click(table, selector: str):
    table.locator(selector).first.click()
    settled(table)


def click_fan(table, depth: int):
    """Click a card of the fanned pile where a reader sees it: its uncovered left edge."""
    table.locator(f"[data-click='take:{depth}']").first.click(position={"x": 6, "y": 30})
    settled(table)


def card_key(card) -> str:
    return card.text(ascii=True)


def click_in_page(table, action) -> None:
    """Make ``action`` in the page as a reader does, by clicking."""
    kind = action.kind
    own = ".rt-play-view .rt-seat.rt-own"          # the reader's seat, in any edition
    if kind == "draw":
        click(table, "button[data-arg=draw]")
    elif kind == "take":
        click_fan(table, action.depth)
    elif kind in ("buy", "pass", "end", "next"):
        click(table, f"button[data-arg={kind}]")
    elif kind == "meld":
        click(table, "button[data-act=clear]")
        *first, last = action.melds
        for meld in first:
            for card in meld:
                click(table, f"{own} [data-card='{card_key(card)}']")
            click(table, "button[data-arg=group]")
        for card in last:
            click(table, f"{own} [data-card='{card_key(card)}']")
        click(table, "button[data-arg=meld]")
    elif kind in ("layoff", "discard"):
        click(table, "button[data-act=clear]")
        click(table, f"{own} [data-card='{card_key(action.card)}']")
        if kind == "layoff":
            click(table, f"[data-click='meld:{action.target}']")
        else:
            click(table, "button[data-arg=discard]")
    else:
        raise AssertionError(f"no click for {action}")


def coach_says(table) -> list[str]:
    return [line for line in table.locator(".rt-coach").inner_text().splitlines() if line.strip()]


def page_log(table) -> list[str]:
    """The lines of the table's log in the page: the last LOG_LINES shown, the ones before
    them hidden (kept for the live region)."""
    return [line.strip() for line in table.locator(".rt-play-view .rt-log li").all_text_contents()]


def shown_log(table) -> list[str]:
    return [line.strip() for line in table.locator(".rt-play-view .rt-log li:not([hidden])").all_text_contents()]


def assert_every_hand_face_up(table, mirror) -> None:
    """At the end of a hand, in the page: each seat shows, face up, the cards the engine
    scored, with their count and the points the engine counted against them."""
    result = mirror.game.hand_results[-1]
    assert table.locator(".rt-play-view .rt-seat .rt-backs").count() == 0
    for p, name in enumerate(mirror.names):
        seat = table.locator(f".rt-play-view .rt-seat[aria-label='{name}']")
        title = seat.locator(".rt-seat-title").inner_text()
        left = result.deadwood[p]
        assert say("board_cards", count=len(left)) in title, title
        assert say("board_seat_left_points", points=result.deadwood_points[p]) in title, title
        shown = seat.locator(".rt-hand svg[aria-label]")
        names = sorted(shown.nth(i).get_attribute("aria-label") for i in range(shown.count()))
        assert names == sorted(render.spoken_name(card) for card in left), name


def play_to_the_end(table, after=lambda action: None):
    """The reader's seat played to the end of the hand in the page by a computer player
    for it, in step with the page's mirror (the page's log checked after each move, and
    ``after(action)`` called); the mirror."""
    mirror = mirror_of(table)
    mirror.run_bots()
    assert page_log(table) == mirror.log_lines[-LOG_KEPT:]
    me = Bot("hard", seed=f"{mirror.seed}/reader")
    for _ in range(400):
        if mirror.game.is_hand_over:
            break
        action = me.act(mirror.game)
        click_in_page(table, action)
        click_through(mirror, action)
        mirror.run_bots()
        after(action)
        assert page_log(table) == mirror.log_lines[-LOG_KEPT:], str(action)
        assert shown_log(table) == mirror.log_lines[-LOG_LINES:], str(action)
    assert mirror.game.is_hand_over
    return mirror


def play_whole_hand(table) -> tuple:
    """Play the reader's seat to the end of the hand in the page, in step with its mirror;
    the kinds of move made and the mirror."""
    kinds = []

    def after(action) -> None:
        kinds.append((action.kind, getattr(action, "depth", 1) or 1))
        assert table.locator(".rt-message").inner_text().strip() == "", str(action)

    mirror = play_to_the_end(table, after)
    assert table.locator(".rt-result").count() == 1
    assert re.search(rf"Hand {mirror.game.hand_results[-1].hand} over", table.inner_text())
    return kinds, mirror


def test_a_whole_hand_of_rummy_500_on_its_page(play_site, browser_page):
    page = open_page(browser_page, play_site, R500)
    table = table_on(page)
    # the fan: every card of the pile can be clicked, the top one as take:1
    fan = table.locator("[data-click^='take:']")
    assert fan.count() == len(mirror_of(table).game.discard_pile) >= 1
    assert "(fanned)" in table.inner_text()
    assert table.locator("button[data-arg=buy]").count() == 0
    kinds, mirror = play_whole_hand(table)
    assert ("draw", 1) in kinds and ("discard", 1) in kinds
    assert_every_hand_face_up(table, mirror)
    result = mirror.game.hand_results[-1]
    text = table.locator(".rt-result").inner_text()
    assert f"{number_text(Signed(result.scores[0]))} this hand" in text
    # the coach reviews the hand in the page as the kernel does
    click(table, "button[data-arg=review]")
    mirror.coach("review")
    assert coach_says(table) == mirror.coach_lines
    assert browser_page.outside == [] and page_errors(browser_page) == []


def test_a_dig_the_card_cannot_follow_is_refused_in_the_page(play_site, browser_page):
    """Digging for a card that cannot go down at once: the engine's reason, nothing moves."""
    for visit in range(6):
        page = open_page(browser_page, play_site, R500)
        table = table_on(page)
        mirror = mirror_of(table)
        mirror.run_bots()
        for depth in range(len(mirror.game.discard_pile), 0, -1):
            if not mirror.game.is_legal(f"take {depth}"):
                before = table.locator(".rt-seat[aria-label=You]").inner_html()
                click_fan(table, depth)
                mirror.click_discard(depth)
                said = table.locator(".rt-message").inner_text().strip()
                assert said and said == mirror.message
                assert table.locator(".rt-seat[aria-label=You]").inner_html() == before
                return
    pytest.fail("six deals without a refused dig")


def test_a_whole_hand_of_contract_rummy_on_its_page(play_site, browser_page):
    page = open_page(browser_page, play_site, CONTRACT)
    table = table_on(page)
    mirror = mirror_of(table)
    assert mirror.game.num_players == 4 and mirror.game.hand_number == 1
    for name in ("Buy", "Pass", "Add meld to lay-down", "Meld"):
        assert table.get_by_role("button", name=name, exact=True).count() == 1
    click(table, "button[data-arg=hint]")
    mirror.run_bots()
    mirror.coach("hint")
    assert coach_says(table) == mirror.coach_lines
    kinds, mirror = play_whole_hand(table)
    assert ("draw", 1) in kinds
    assert_every_hand_face_up(table, mirror)
    assert browser_page.outside == [] and page_errors(browser_page) == []


def test_a_buy_offered_in_the_page_asks_the_reader_and_costs_a_penalty_card(play_site, browser_page):
    """The status line asks, Buy and Pass are the only moves, Buy brings two cards."""
    for visit in range(8):
        page = open_page(browser_page, play_site, CONTRACT)
        table = table_on(page)
        mirror = mirror_of(table)
        mirror.run_bots()
        me = Bot("easy", seed=visit)
        for _ in range(40):
            game = mirror.game
            if game.is_hand_over:
                break
            if game.phase == "buy" and game.current_player == 0:
                assert re.search(r"Buy \S+\? You would also take a penalty card", table.inner_text())
                enabled = table.locator(".rt-buttons button:not([disabled]):not([aria-disabled=true])").all_inner_texts()
                assert set(enabled) == {"Buy", "Pass"}, enabled        # Replay is with the tools
                assert table.locator(".rt-buy").count() == 1
                click(table, "button[data-arg=buy]")
                mirror.press("buy")
                mirror.run_bots()
                assert page_log(table) == mirror.log_lines[-LOG_KEPT:]
                return
            action = me.act(game)
            click_in_page(table, action)
            click_through(mirror, action)
            mirror.run_bots()
    pytest.fail("no buy offered to the reader in eight deals")


def test_the_seventh_hand_has_its_table(play_site, browser_page):
    page = open_page(browser_page, play_site, CONTRACT)
    table = table_on(page, 1)
    mirror = mirror_of(table)
    assert mirror.game.hand_number == 7
    text = table.inner_text()
    assert "Hand 7" in text and "Contract: three runs of 4" in text
    assert "The computer played hands 1 to 6 in every seat; you sit down at hand 7." in text
    kinds, mirror = play_whole_hand(table)
    assert mirror.game.is_game_over and "Game over" in table.inner_text()


# --- fresh deals ---------------------------------------------------------------------------

def dealt(page, index=0) -> tuple[int, str]:
    table = table_on(page, index)
    label = table.locator(".rt-deal")
    return int(label.get_attribute("data-deal")), table


def test_every_visit_deals_afresh_and_a_deal_link_deals_that_deal(play_site, browser_page):
    page = open_page(browser_page, play_site, R500)
    first, table = dealt(page)
    page.reload(wait_until="load")
    second, table = dealt(page)
    assert first != second
    # the number is a link to this page with the deal in its address
    link = table.locator("a.rt-deal")
    assert link.get_attribute("href") == f"#deal={second}"
    assert re.fullmatch(r"Deal no\. [\d,]+", link.inner_text().strip())
    # a shared link opens the named deal: the kernel deals the same cards from that number
    page.goto(f"{play_site}/{R500}#deal=1234", wait_until="load")
    number, table = dealt(page)
    assert number == 1234 and "Deal no. 1,234" in table.inner_text()
    mirror = mirror_of(table)
    assert mirror.seed == 1234
    mirror.run_bots()
    hand = {k.get_attribute("data-card") for k in table.locator(".rt-seat[aria-label=You] [data-card]").all()}
    assert hand == {card_key(c) for c in mirror.game.hand(0)}
    # another link followed on the same page deals that one
    page.evaluate("location.hash = '#deal=4321'")
    page.wait_for_function("() => document.querySelector('.rt-play[data-kind=table] .rt-deal')"
                           ".dataset.deal === '4321'", timeout=120_000, polling=POLL_MS)
    number, table = dealt(page)
    assert number == 4321
    # Replay this deal: the same cards again
    before = table.locator(".rt-seat[aria-label=You]").inner_html()
    click(table, "button[data-arg=draw]")
    click(table, "button[data-arg=replay]")
    assert table.locator(".rt-seat[aria-label=You]").inner_html() == before
    assert "The same cards again: deal no. 4,321, from the start." in table.inner_text()
    assert browser_page.outside == [] and page_errors(browser_page) == []


def test_the_basic_tables_deal_afresh_too(play_site, browser_page):
    for path in ("tutorials/basic_play.html", "tutorials/basic_coach.html"):
        page = open_page(browser_page, play_site, path)
        table = table_on(page)
        assert json.loads(table.get_attribute("data-config"))["fresh"] is True
        assert table.locator("a.rt-deal").count() == 1


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)])
@pytest.mark.parametrize("path, name", [(R500, "r500"), (CONTRACT, "contract")])
def test_screenshots_of_the_tables(play_site, browser_page, path, name, width, height):
    page = browser_page.page
    page.set_viewport_size({"width": width, "height": height})
    open_page(browser_page, play_site, path)
    table = table_on(page)
    table.screenshot(path=str(browser_page.shot(f"table_{name}_{width}").with_name(
        f"table_{name}_{width}_el.png")))
    assert table.bounding_box()["width"] <= width
