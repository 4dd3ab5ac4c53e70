"""The review board in a real Voilà page: the JupyterLab/Voilà widget's own script (the
copy in rummy_teach/widgets/base.py) answers clicks on moves and marks and the arrow keys
on the list, and the kernel's controller redraws the table as it was."""

import pytest

from browser import POLL_MS

pytestmark = pytest.mark.browser

LOAD_MS = 180_000   # the first render starts a kernel and plays a whole hand
UPDATE_MS = 30_000


def selected(page) -> str:
    return page.locator(".rt-review [role=option][aria-selected=true]").get_attribute("data-click")


def wait_selected(page, number: int) -> None:
    page.wait_for_function(
        f"""() => {{ const o = document.querySelector('.rt-review [role=option][aria-selected=true]');
                     return o && o.dataset.click === 'review:{number}'; }}""", timeout=UPDATE_MS, polling=POLL_MS)


def test_walk_the_review_board_in_voila(voila, browser_page):
    page = browser_page.page
    page.goto(voila.url("review_demo.ipynb"))
    page.locator(".rt-result").wait_for(timeout=LOAD_MS)          # the hand is over
    page.get_by_role("button", name="Review my hand", exact=True).click()
    page.locator(".rt-review [role=listbox]").wait_for(timeout=UPDATE_MS)
    options = page.locator(".rt-review [role=option]")
    last = options.count() - 1
    assert last > 10 and page.locator(".rt-review-chart [data-click^='review:']").count() >= 1
    browser_page.shot("review_open", full_page=True)

    options.nth(3).click()
    wait_selected(page, 3)
    coach = page.locator(".rt-review .rt-coach")
    assert coach.inner_text().startswith(f"Move 3 of {last}")

    # the keyboard: arrow keys select the next and the previous move, Home and End the ends
    page.locator(".rt-review [role=option][aria-selected=true]").focus()
    for key, number in (("ArrowDown", 4), ("ArrowUp", 3), ("End", last), ("Home", 0)):
        page.keyboard.press(key)
        wait_selected(page, number)
        assert page.evaluate("document.activeElement.dataset.click") == f"review:{number}", key
    assert coach.inner_text().startswith("The hand as dealt")

    # a mistake's mark on the chart
    mark = page.locator(".rt-review-chart [data-click^='review:']").first
    number = int(mark.get_attribute("data-click").split(":")[1])
    mark.click()
    wait_selected(page, number)
    assert "better:" in page.locator(".rt-review .rt-coach").inner_text()
    browser_page.shot("review_mark", full_page=True)

    news = page.locator(".rt-news").inner_text()
    page.get_by_role("button", name="Back to the table", exact=True).click()
    page.locator(".rt-review").wait_for(state="detached", timeout=UPDATE_MS)
    page.locator(".rt-log").wait_for(timeout=UPDATE_MS)
    assert page.locator(".rt-news").inner_text() == news     # the log is not news again
    assert page.get_by_role("button", name="Next hand", exact=True).is_enabled()
    browser_page.assert_offline()
