"""The meld checker in a real Voilà page, clicked in a real Chromium; and the static pictures."""

import pytest

from browser import POLL_MS, RecordedPage

from rummy_teach import render
from rummy_teach.play import board

pytestmark = pytest.mark.browser

LOAD_MS = 180_000   # the first render starts a kernel; generous, as test machines are shared
UPDATE_MS = 30_000


def card(page, key):
    return page.locator(f'.rt-clickable [data-card="{key}"]')


def pressed(page, key):
    return card(page, key).get_attribute("aria-pressed")


def toggle(page, key, now: str) -> None:
    """Click a card and wait until the picker shows it ``now`` ("true": selected,
    "false": not), as a person looks before the next click: each click is a round trip
    to the kernel, after which the picker is drawn again, so a click made in between
    may land on a card that is being replaced."""
    card(page, key).click()
    page.wait_for_function(
        """([key, now]) => { const el = document.querySelector(`.rt-clickable [data-card="${key}"]`);
                              return el !== null && el.getAttribute('aria-pressed') === now; }""",
        arg=[key, now], timeout=UPDATE_MS, polling=POLL_MS)


@pytest.fixture
def checker_page(voila, browser_page):
    page = browser_page.page
    page.goto(voila.url("meld_checker.ipynb"))
    card(page, "QH").wait_for(timeout=LOAD_MS)
    return browser_page


def test_queen_king_ace_refused_then_a_legal_run(checker_page):
    page = checker_page.page
    for key in ("QH", "KH", "AH"):
        toggle(page, key, "true")
    verdict = page.locator(".rt-verdict")
    verdict.get_by_text("the ace is low only").wait_for(timeout=UPDATE_MS)
    assert "Not a meld" in verdict.inner_text()
    assert "In Basic Rummy the ace is low only: it comes before the 2, so Q♥ K♥ A♥ is not a run." \
        in verdict.inner_text()
    assert [pressed(page, k) for k in ("QH", "KH", "AH", "JH")] == ["true", "true", "true", "false"]
    assert page.locator(".rt-meld-checker").count() == 0  # the static fallback stays hidden
    # the verdict draws the cards it judged, named for screen readers
    assert verdict.get_by_role("img", name="ace of hearts").is_visible()
    checker_page.shot("meld_checker_ace_refused", full_page=True)

    toggle(page, "AH", "false")
    toggle(page, "JH", "true")
    verdict.get_by_text("A legal run").wait_for(timeout=UPDATE_MS)
    assert "A run of 3 hearts, from J♥ to K♥." in verdict.inner_text()
    assert pressed(page, "AH") == "false" and pressed(page, "JH") == "true"
    checker_page.shot("meld_checker_legal_run", full_page=True)
    checker_page.assert_offline()


def test_keyboard_enter_and_space_toggle_and_focus_stays(checker_page):
    page = checker_page.page
    card(page, "8S").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        """() => document.querySelector('.rt-clickable [data-card="8S"]')
                  .getAttribute('aria-pressed') === 'true'""", timeout=UPDATE_MS, polling=POLL_MS)
    focused = page.evaluate("() => document.activeElement.dataset.card")
    assert focused == "8S", "focus must stay on the card after the picker redraws"
    # the picker is one tab stop (a toolbar): the arrow keys go on to 9♠, then the space bar
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.card") == "9S"
    page.keyboard.press(" ")
    page.locator(".rt-verdict").get_by_text("these are only 2").wait_for(timeout=UPDATE_MS)
    assert pressed(page, "9S") == "true"
    checker_page.assert_offline()


def test_changing_the_game_judges_the_same_cards_again(checker_page):
    page = checker_page.page
    for key in ("QH", "KH", "AH"):
        toggle(page, key, "true")
    page.locator(".rt-verdict").get_by_text("the ace is low only").wait_for(timeout=UPDATE_MS)
    page.locator("select").select_option(label="Rummy 500")
    verdict = page.locator(".rt-verdict")
    verdict.get_by_text("A run of 3 hearts, from Q♥ to A♥.").wait_for(timeout=UPDATE_MS)
    assert "worth 35 points" in verdict.inner_text()
    assert card(page, "JK").count() == 0
    page.locator("select").select_option(label="Contract Rummy")
    card(page, "JK").wait_for(timeout=UPDATE_MS)  # jokers join the picker
    verdict.get_by_text("at least 4 cards").wait_for(timeout=UPDATE_MS)
    checker_page.shot("meld_checker_contract_rummy", full_page=True)
    checker_page.assert_offline()


def test_the_same_widget_works_live_in_jupyterlab(jupyterlab, browser_page):
    page = browser_page.page
    jupyterlab.run_notebook(page, "meld_checker.ipynb")
    card(page, "QH").wait_for(timeout=LOAD_MS)
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=LOAD_MS)  # the cell has run
    for key in ("QH", "KH", "AH"):
        toggle(page, key, "true")
    verdict = page.locator(".rt-verdict")
    verdict.get_by_text("the ace is low only").wait_for(timeout=UPDATE_MS)
    # the static fallback in the same output is not shown next to the live widget
    assert page.locator(".rt-meld-checker").count() == 0
    toggle(page, "AH", "false")
    toggle(page, "JH", "true")
    verdict.get_by_text("A run of 3 hearts, from J♥ to K♥.").wait_for(timeout=UPDATE_MS)
    browser_page.shot("jupyterlab_meld_checker")
    browser_page.assert_offline()


def test_static_pictures_show_without_javascript(chromium):
    """What the built book shows where no widget code runs: cards, a table, a snapshot."""
    from rummy_teach.widgets import MeldChecker

    context = chromium.new_context(java_script_enabled=False, viewport={"width": 1100, "height": 800})
    try:
        recorded = RecordedPage(context)
        checker = MeldChecker(game="basic", cards="QH KH AH")
        view = {"title": "Basic Rummy", "seat": "Ann", "turn": "Ann", "stock": 21,
                "discard": "KC 5H",
                "players": [{"name": "Ann", "hand": "8S 8H 8D 4H 5H 6H 9C", "score": 0},
                            {"name": "Bob", "hand_count": 7, "melds": ["QS QH QD"], "score": 30}]}
        body = (render.gallery_html(size=60) + board.table_html(view)
                + render.gallery_html(size=40, four_colour=True) + checker.snapshot_html())
        recorded.page.set_content(f"<!doctype html><html><body>{body}</body></html>")
        images = recorded.page.get_by_role("img", name="eight of spades")
        assert images.count() >= 2
        for box in (images.nth(i).bounding_box() for i in range(images.count())):
            assert box["width"] > 30 and box["height"] > 40
        assert recorded.page.get_by_text("the ace is low only").is_visible()
        recorded.shot("static_cards_table_snapshot", full_page=True)
        assert recorded.requests == []
    finally:
        context.close()

