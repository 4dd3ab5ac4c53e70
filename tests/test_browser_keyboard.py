"""The card table and the worked-example stepper by keyboard alone, in real Voilà
(Python answering), with the focus ring visible on every control reached.

The meld checker and the quiz have their keyboard tests in
test_browser_meld_checker.py and test_browser_quiz.py; the book's pages are checked
for focus rings and axe-core in test_book_pages.py.
"""

import pytest

from browser import POLL_MS

pytestmark = pytest.mark.browser

LOAD_MS = 180_000   # the first render starts a kernel; generous, as test machines are shared
UPDATE_MS = 30_000


def focus_ring(page) -> dict:
    return page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
        const el = document.activeElement, picture = el.querySelector(':scope > svg[aria-label]');
        return {style: s.outlineStyle, width: parseFloat(s.outlineWidth),
                name: el.getAttribute('aria-label') || (picture && picture.getAttribute('aria-label'))
                      || el.textContent.trim()}; }""")


def tab_to(page, name: str, limit: int = 80) -> dict:
    """Press Tab until the focused control's name starts with ``name``; its focus style."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        ring = focus_ring(page)
        if (ring["name"] or "").startswith(name):
            return ring
    raise AssertionError(f"Tab never reached {name!r}")


def arrow_to(page, name: str, limit: int = 20) -> dict:
    """Into the hand (one Tab stop, a toolbar) if not there yet, then ArrowRight until the
    focused card's name starts with ``name``; its focus style."""
    if not page.evaluate("() => !!document.activeElement.closest('[data-roving=hand]')"):
        page.keyboard.press("Tab")
    for _ in range(limit):
        ring = focus_ring(page)
        if (ring["name"] or "").startswith(name):
            return ring
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached {name!r}")


def test_stepper_by_keyboard(voila, browser_page):
    page = browser_page.page
    page.goto(voila.url("stepper_demo.ipynb"))
    counter = page.locator(".rt-step")
    counter.get_by_text("Step 0 of 11").wait_for(timeout=LOAD_MS)
    ring = tab_to(page, "Next ▶")
    # the stepper's own 3 px ring (widgets/base.py BUTTON_FOCUS_CSS), not the widgets' 1 px one
    assert ring["style"] != "none" and ring["width"] >= 2, ring
    page.keyboard.press("Enter")
    counter.get_by_text("Step 1 of 11").wait_for(timeout=UPDATE_MS)
    page.keyboard.press(" ")
    counter.get_by_text("Step 2 of 11").wait_for(timeout=UPDATE_MS)
    for step in range(3, 12):
        page.keyboard.press("Enter")
        counter.get_by_text(f"Step {step} of 11").wait_for(timeout=UPDATE_MS)
    assert "you score 30" in page.locator(".rt-caption").inner_text()
    browser_page.assert_offline()


def test_card_table_by_keyboard(voila, browser_page):
    page = browser_page.page
    page.goto(voila.url("table_demo.ipynb"))
    page.locator('.rt-table [data-card="8S"]').wait_for(timeout=LOAD_MS)
    ring = tab_to(page, "stock, ")
    assert ring["style"] != "none" and ring["width"] >= 2, ring
    page.keyboard.press("Enter")
    log = page.locator(".rt-log")
    log.get_by_text("You draw 7♥ from the stock.").wait_for(timeout=UPDATE_MS)
    for name in ("eight of spades", "eight of hearts", "eight of diamonds"):
        ring = arrow_to(page, name)
        assert ring["name"] == name                    # the button is named by its card
        assert ring["style"] != "none" and ring["width"] >= 2, ring
        page.keyboard.press(" ")
        page.wait_for_function(f"""() => [...document.querySelectorAll('.rt-table [data-card]')]
            .some(n => n.querySelector('svg').getAttribute('aria-label') === '{name}, selected'
                       && n.getAttribute('aria-pressed') === 'true')""", timeout=UPDATE_MS, polling=POLL_MS)
    ring = tab_to(page, "Meld")
    assert ring["style"] != "none" and ring["width"] >= 2, ring
    page.keyboard.press("Enter")
    log.get_by_text("You meld 8♠ 8♥ 8♦.").wait_for(timeout=UPDATE_MS)
    browser_page.assert_offline()


def test_quiz_answer_by_keyboard_is_scrolled_into_view_and_said(voila, browser_page):
    """Issue 27: in the ipywidgets quiz (widgets/quiz.py Verdict), the verdict that appears
    under the question is scrolled into view and said once by a polite live region."""
    page = browser_page.page
    page.set_viewport_size({"width": 1000, "height": 500})
    page.goto(voila.url("quiz_demo.ipynb"))
    box = page.locator(".rt-quiz-widget input[type=text]")
    box.wait_for(timeout=LOAD_MS)
    news = page.locator(".rt-quiz-widget .rt-news")
    assert news.get_attribute("aria-live") == "polite" and news.inner_text() == ""
    for _ in range(80):                      # Tab alone, to the answer box
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('.rt-quiz-widget input[type=text]')"):
            break
    assert page.evaluate("() => document.activeElement.matches('.rt-quiz-widget input[type=text]')")
    page.keyboard.type("30")
    ring = tab_to(page, "Submit", limit=5)
    assert ring["style"] != "none", ring
    # the reader has scrolled so that Submit is the last thing on the screen
    page.evaluate("() => document.activeElement.scrollIntoView({block: 'end'})")
    page.keyboard.press("Enter")
    feedback = page.locator(".rt-feedback")
    # the kernel's first answer of the page: as generous as its first render (the serve lane
    # starts this test while the other lanes start their own pages: it waited 30 s once)
    feedback.get_by_text("Right!").wait_for(timeout=LOAD_MS)
    page.wait_for_function("() => document.querySelector('.rt-quiz-widget .rt-news').textContent !== ''",
                           timeout=UPDATE_MS, polling=POLL_MS)
    page.wait_for_timeout(500)               # a smooth scroll, if any, has ended
    seen = feedback.evaluate("n => { const r = n.getBoundingClientRect(); "
                             "return {top: r.top, bottom: r.bottom, height: innerHeight}; }")
    assert seen["top"] >= 0 and seen["top"] < seen["height"], seen     # on the screen
    said = news.inner_text()
    assert said.startswith("Right!") and said == " ".join(feedback.inner_text().split()), said
    browser_page.assert_offline()
