"""The card table and the worked-example stepper in real Voilà and JupyterLab pages."""

import pytest

from browser import PHONE, POLL_MS, STRIPS, TARGET, RecordedPage

pytestmark = pytest.mark.browser

LOAD_MS = 180_000   # the first render starts a kernel; generous, as test machines are shared
UPDATE_MS = 30_000


def card(page, key):
    return page.locator(f'.rt-table [data-card="{key}"]')


def button(page, name):
    return page.get_by_role("button", name=name, exact=True)


def log(page):
    return page.locator(".rt-log")


@pytest.fixture
def table_page(voila, browser_page):
    browser_page.page.goto(voila.url("table_demo.ipynb"))
    card(browser_page.page, "8S").wait_for(timeout=LOAD_MS)
    return browser_page


def test_select_meld_discard_and_watch_the_computer_move(table_page):
    page = table_page.page
    assert page.locator(".rt-table").count() == 1  # the static fallback stays hidden
    assert button(page, "Discard").is_disabled() and button(page, "Draw").is_enabled()
    table_page.shot("table_start", full_page=True)

    page.locator('.rt-table [data-click="stock"]').click()
    log(page).get_by_text("You draw 7♥ from the stock.").wait_for(timeout=UPDATE_MS)
    for key in ("8S", "8H", "8D"):
        card(page, key).click()
        page.wait_for_function(f"""() => document.querySelector('.rt-table [data-card="{key}"]')
                                   .getAttribute('aria-pressed') === 'true'""", timeout=UPDATE_MS, polling=POLL_MS)
    table_page.shot("table_three_eights_selected", full_page=True)
    button(page, "Meld").click()
    log(page).get_by_text("You meld 8♠ 8♥ 8♦.").wait_for(timeout=UPDATE_MS)
    for key in ("4H", "5H", "6H", "7H"):
        card(page, key).click()
        page.wait_for_function(f"""() => document.querySelector('.rt-table [data-card="{key}"]')
                                   .getAttribute('aria-pressed') === 'true'""", timeout=UPDATE_MS, polling=POLL_MS)
    button(page, "Meld").click()
    log(page).get_by_text("You meld 4♥ 5♥ 6♥ 7♥.").wait_for(timeout=UPDATE_MS)

    # an illegal attempt: the engine's reason shows next to the table, nothing changes
    page.locator('.rt-table [data-click="stock"]').click()
    alert = page.locator(".rt-table .rt-message")
    alert.get_by_text("You can't draw from the stock now").wait_for(timeout=UPDATE_MS)
    assert page.locator(".rt-table .rt-meld").count() == 2
    table_page.shot("table_illegal_draw", full_page=True)

    card(page, "9C").click()
    page.wait_for_function("""() => document.querySelector('.rt-table [data-card="9C"]')
                               .getAttribute('aria-pressed') === 'true'""", timeout=UPDATE_MS, polling=POLL_MS)
    button(page, "Discard").click()
    log(page).get_by_text("You discard 9♣.").wait_for(timeout=UPDATE_MS)
    # the computer opponent moves, paced: its first log line, then the turn comes back
    log(page).get_by_text("Computer draws from the stock.").or_(
        log(page).get_by_text("Computer takes 9♣ from the discard pile.")).first.wait_for(timeout=UPDATE_MS)
    page.locator(".rt-table .rt-turn").get_by_text("Your turn").wait_for(timeout=UPDATE_MS)
    assert log(page).get_by_text("Computer discards").count() == 1
    table_page.shot("table_after_computer_move", full_page=True)
    table_page.assert_offline()


def test_step_the_thirty_point_hand_to_its_last_step(voila, browser_page):
    page = browser_page.page
    page.goto(voila.url("stepper_demo.ipynb"))
    counter = page.locator(".rt-step")
    counter.get_by_text("Step 0 of 11").wait_for(timeout=LOAD_MS)
    browser_page.shot("stepper_start", full_page=True)
    for k in range(1, 12):
        page.wait_for_function("""() => [...document.querySelectorAll('button')].some(
            b => b.textContent.includes('Next') && !b.disabled && b.getAttribute('aria-disabled') !== 'true')""",
                               timeout=UPDATE_MS, polling=POLL_MS)
        button(page, "Next ▶").click()
        counter.get_by_text(f"Step {k} of 11").wait_for(timeout=UPDATE_MS)
        if k == 6:
            browser_page.shot("stepper_lay_off_8c", full_page=True)
    caption = page.locator(".rt-caption")
    assert "you score 30" in caption.inner_text()
    assert "doubled: 60" in caption.inner_text()
    assert page.locator(".rt-table .rt-result").get_by_text("+30").count() == 1
    assert button(page, "Next ▶").is_disabled()
    browser_page.shot("stepper_last_step_30", full_page=True)
    button(page, "⟲ Restart").click()
    counter.get_by_text("Step 0 of 11").wait_for(timeout=UPDATE_MS)
    browser_page.assert_offline()


def reset_lab_workspace(jupyterlab, page):
    """Lab reopens the notebooks earlier tests left open (hidden tabs that then catch
    ``run_notebook``'s first-cell click): start from, and leave, an empty workspace."""
    page.goto(f"{jupyterlab.base}/lab?reset")
    page.locator("#jp-main-dock-panel").wait_for(timeout=LOAD_MS)
    page.wait_for_url("**/lab", timeout=LOAD_MS)


def test_the_table_plays_live_in_jupyterlab(jupyterlab, browser_page):
    page = browser_page.page
    reset_lab_workspace(jupyterlab, page)
    jupyterlab.run_notebook(page, "table_demo.ipynb")
    card(page, "8S").wait_for(timeout=LOAD_MS)
    page.locator('.rt-table [data-click="stock"]').click()
    log(page).get_by_text("You draw 7♥ from the stock.").wait_for(timeout=UPDATE_MS)
    card(page, "8S").click()
    page.wait_for_function("""() => document.querySelector('.rt-table [data-card="8S"]')
                               .getAttribute('aria-pressed') === 'true'""", timeout=UPDATE_MS, polling=POLL_MS)
    assert page.locator(".rt-table").count() == 1
    browser_page.shot("jupyterlab_table")
    browser_page.assert_offline()
    reset_lab_workspace(jupyterlab, page)


def test_static_snapshots_show_the_cards_without_javascript(chromium):
    from rummy_teach.widgets import CardTable, Stepper
    from rummy_teach.lessons.worked_examples import THIRTY_POINTS

    context = chromium.new_context(java_script_enabled=False, viewport={"width": 1100, "height": 800})
    try:
        recorded = RecordedPage(context)
        table = CardTable.from_game(THIRTY_POINTS.start(), seat=0, delay=0)
        stepper = Stepper("thirty_points", step=11)
        body = table.snapshot_html() + stepper.snapshot_html()
        recorded.page.set_content(f"<!doctype html><html><body>{body}</body></html>")
        assert recorded.page.get_by_role("img", name="eight of spades").count() >= 1
        assert recorded.page.get_by_text("you score 30").first.is_visible()
        recorded.shot("static_table_and_stepper", full_page=True)
        assert recorded.requests == []
    finally:
        context.close()


def test_the_table_takes_the_phone_layout_in_voila(voila, chromium):
    """The widget draws the book's table with the book's style sheet (render.TABLE_CSS):
    at 390 px the narrow rules apply, and the hand lies in one row, every card tappable."""
    context = chromium.new_context(**PHONE)
    try:
        recorded = RecordedPage(context)
        page = recorded.page
        page.goto(voila.url("table_demo.ipynb"))
        card(page, "8S").wait_for(timeout=LOAD_MS)
        board = page.locator(".rt-table")
        # a narrow table leaves the scores to the seats (one of the narrow rules)
        assert board.locator(".rt-scores").evaluate("el => getComputedStyle(el).display") == "none"
        hand = board.locator(".rt-own .rt-hand [data-card]")
        hand.last.scroll_into_view_if_needed()
        tops = {round(hand.nth(i).bounding_box()["y"]) for i in range(hand.count())}
        assert hand.count() == 10 and len(tops) == 1
        for row in board.evaluate(STRIPS):
            for shown in row:
                assert shown["width"] >= TARGET and shown["hit"], shown
        recorded.shot("voila_table_phone", full_page=True)
        assert recorded.unexpected_outside() == []
    finally:
        context.close()


# --- the buttons' looks (issue 27 point 1): the book's buttons, in Voilà ----------------------

LOOK = """n => { const s = getComputedStyle(n);
    return {background: s.backgroundColor, border: s.borderTopStyle, cursor: s.cursor,
            shadow: s.boxShadow, colour: s.color}; }"""


def focused(page) -> str:
    return page.evaluate("() => document.activeElement.dataset.arg || document.activeElement.tagName")


def test_the_tables_buttons_show_their_state_in_voila(table_page):
    """Greyed, pressed and live buttons differ in their computed styles; a greyed one's
    tooltip is the controller's own reason; the review's buttons wait for the hand's end;
    the moves are one tab stop with the arrow keys inside (the book's toolbar)."""
    from rummy_teach.lessons.worked_examples import THIRTY_POINTS
    from rummy_teach.play.table import button_words
    from rummy_teach.widgets import CardTable

    page = table_page.page
    same = CardTable.from_game(THIRTY_POINTS.start(), seat=0, seed=1, delay=0)   # the notebook's table
    draw, discard, hint = (button(page, name) for name in ("Draw", "Discard", "Hint"))
    live, off, plain = draw.evaluate(LOOK), discard.evaluate(LOOK), hint.evaluate(LOOK)
    assert discard.is_disabled() and draw.is_enabled()
    assert off["background"] != live["background"] and off["border"] == "dashed" != live["border"]
    assert off["cursor"] == "not-allowed" and live["cursor"] == "pointer"
    assert plain["background"] != live["background"]     # a tool does not stand out as a move
    # the greyed one's reason: its accessible description, a tooltip shown under the pointer
    # (and on keyboard focus: tests/test_book_glance.py), aria-disabled, not disabled
    from playwright.sync_api import expect
    why = same.controller.why_off("discard")
    expect(discard).to_have_accessible_description(why)
    tip = page.locator("#" + discard.get_attribute("aria-describedby"))
    assert why != "" and tip.text_content() == why and not tip.is_visible()
    assert not discard.evaluate("b => b.disabled")
    discard.hover()
    assert tip.is_visible()
    page.mouse.move(0, 0)
    assert draw.get_attribute("title") == button_words("draw")[1]        # a live one: what it does
    assert page.locator('[data-act="coach"][data-arg^="review"]').count() == 0
    assert page.locator(".jupyter-button").count() == 0   # no pale-blue widget buttons left

    coach = button(page, "Coach mode")
    before = coach.evaluate(LOOK)
    assert coach.get_attribute("aria-pressed") == "false"
    coach.click()
    page.wait_for_function("""() => document.querySelector('[data-act="coach"][data-arg="coach"]')
                              .getAttribute('aria-pressed') === 'true'""", timeout=UPDATE_MS, polling=POLL_MS)
    pressed = button(page, "Coach mode").evaluate(LOOK)
    assert pressed["background"] != before["background"] and pressed["shadow"] != "none"
    table_page.shot("voila_table_buttons", full_page=True)

    # the moves: one tab stop (Draw), the arrow keys reach Take and back, and greyed ones too
    draw.focus()
    page.keyboard.press("ArrowRight")
    assert focused(page) == "take"
    page.keyboard.press("ArrowLeft")
    assert focused(page) == "draw"
    page.keyboard.press("End")
    assert focused(page) == "discard"              # the last move, greyed: it says why
    assert page.evaluate("() => document.activeElement.getAttribute('aria-disabled')") == "true"
    page.keyboard.press("Tab")
    assert page.evaluate("() => !document.activeElement.closest('[data-roving=moves]')")
    # Enter on a move plays it; the focus goes on to where the next step lies (the hand)
    draw.focus()
    page.keyboard.press("Enter")
    log(page).get_by_text("You draw 7♥ from the stock.").wait_for(timeout=UPDATE_MS)
    page.wait_for_function("() => !!document.activeElement.closest('[data-roving=hand]')",
                           timeout=UPDATE_MS, polling=POLL_MS)
    assert button(page, "Draw").is_disabled() and button(page, "Discard").is_enabled()
    # a tool pressed by keyboard keeps the focus through the redraw (the hand reordered)
    button(page, "Sort by rank").focus()
    page.keyboard.press(" ")
    page.wait_for_function("""() => document.querySelector('[data-act="sort"][data-arg="rank"]')
                              .getAttribute('aria-pressed') === 'true'""", timeout=UPDATE_MS, polling=POLL_MS)
    assert focused(page) == "rank"
    table_page.assert_offline()
