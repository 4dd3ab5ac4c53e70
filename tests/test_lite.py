"""The JupyterLite site (``make lite``) in a real browser, with no network at all.

The site is served by a plain static file server on localhost, as any web host
would serve it. Chromium opens a lesson in JupyterLab-in-the-browser, runs every
cell with Run > Run All Cells, and the Pyodide kernel (Python compiled to
WebAssembly, inside the page) runs the lesson: ``rummy_teach`` must import with
no ``%pip``, the engine's verdicts must show, and the meld checker widget must
answer a click with a new verdict computed by Python in the browser. Every
request that would leave localhost is blocked and recorded; any such attempt
fails the test.

Every lesson is executed once per test run, by the book build (tests/test_lessons.py);
here only the three lessons below run live, and a check without the browser makes sure
every package any lesson imports is preloaded in the site's kernel.

The walk-through the issue asks for: the 30-point lesson (``basic_scoring``) is opened
from its book page's "Run this lesson live" link (the session's book with its live lessons,
``play_site``: JupyterLab starts beside the page, then is opened over it), run, and its
worked example stepped to the end ("you score 30"); ``basic_play``
is run, a card of the learner's hand is clicked on the live table (it is drawn pressed),
a turn is played and the computer answers it, and the Basic quiz's first question is
answered and its feedback read. Screenshots: ``tests/screenshots/lite-*.png``.

The site is the one the test session's book carries (``book_with_lite``: the site `make
book` left, or one built in the session from its executed lessons). The measured times
are printed (``pytest -s``) and saved to ``tests/screenshots/lite-timings.json``;
docs/lite.md quotes them.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "lite"))
from lessons import lesson_map, lesson_url  # noqa: E402

from browser import POLL_MS, SCREENSHOTS  # noqa: E402
from test_book_pages import axe_scan, axe_source  # noqa: E402,F401  (fixtures)
from test_book_play import book_with_lite, play_site  # noqa: E402,F401  (fixtures: the book, its lessons live)
from rummy_teach.i18n import language  # noqa: E402
from rummy_teach.reasons import say  # noqa: E402

LESSON = "basic_melds"
SCORING = "basic_scoring"   # the 30-point hand: Stepper(get_example("thirty_points"))
PLAY = "basic_play"         # a live CardTable against the computer and the Basic quiz
KERNEL_SECONDS = 120
ERROR_OUTPUT = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def lite_server(play_site, book_with_lite):
    """The session's book with its live lessons in ``lite/`` (built from the lessons the
    book's build executed, as `make book` publishes them), served on localhost: (its
    address, its folder); ``address + "/lite/..."`` is a live lesson's URL."""
    return play_site, book_with_lite


def test_every_lesson_is_in_the_site(lite_server):
    _, root = lite_server
    site = root / "lite"
    lessons = lesson_map()
    assert lessons, "no lessons found in tutorials/"
    assert json.loads((site / "lessons.json").read_text()) == lessons
    for name in lessons:
        assert (site / "files" / f"{name}.ipynb").exists(), f"{name} is missing from the site"


def test_the_site_names_no_cdn(lite_server):
    _, root = lite_server
    config = json.loads((root / "lite" / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert "rummy-teach" in kernel["loadPyodideOptions"]["packages"]
    lock = json.loads((root / "lite" / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert "rummy-teach" in lock["packages"]
    assert all("://" not in p["file_name"] for p in lock["packages"].values())


#: JupyterLab's menu bar, left to right (the catalogue's lab_menu_* codes)
MENU_TITLES = ("file", "edit", "view", "run", "kernel", "tabs", "settings", "help")


def _menu(page, menu: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=menu).first.click()
    page.locator(".lm-Menu-itemLabel", has_text=item).first.click()


def wait_for_kernel(page) -> None:
    """Until the Pyodide kernel, with its preloaded packages, reports idle in the status bar."""
    page.locator(".jp-StatusBar-Item", has_text="Python (Pyodide) | Idle").first.wait_for(
        timeout=KERNEL_SECONDS * 1000)


def run_all(page) -> None:
    """Run > Run All Cells, then wait until every cell has run, or one has failed.

    (The toolbar's execution indicator is no guide here: in JupyterLite it stays
    "busy" after an error. The prompts and the status bar are.)
    """
    _menu(page, "Run", "Run All Cells")
    # a folded cell's prompt is empty; any other must carry its number, not [ ] or [*];
    # after an error the rest stay unrun, and assert_no_errors says which error
    page.wait_for_function(
        f"""() => [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]
                  .every(el => !/\\[[ *]?\\]/.test(el.textContent))
                  || document.querySelector("{ERROR_OUTPUT}") !== null""",
        timeout=KERNEL_SECONDS * 1000, polling=POLL_MS)
    wait_for_kernel(page)


def assert_no_errors(page) -> None:
    """No cell printed a traceback (read from the DOM, folded outputs included)."""
    texts = page.evaluate(
        f"""() => [...document.querySelectorAll("{ERROR_OUTPUT}")].map(el => el.textContent)""")
    tracebacks = [t for t in texts if "Error" in t or "Traceback" in t]
    assert not tracebacks, f"a cell failed in the browser: {tracebacks[:2]}"


def test_a_lesson_runs_live_in_the_browser(lite_server, browser_page):
    base, _ = lite_server
    page = browser_page.page
    timings = {}
    start = time.monotonic()
    page.goto(f"{base}/lite/{lesson_url(LESSON)}")

    notebook = page.locator(".jp-NotebookPanel .jp-Notebook")
    notebook.wait_for(timeout=180_000)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=180_000)
    timings["ui_s"] = time.monotonic() - start

    wait_for_kernel(page)
    timings["kernel_ready_s"] = time.monotonic() - start
    browser_page.shot("lite-kernel-ready")

    _menu(page, "Run", "Run All Cells")
    # the engine's own words, computed by Python in the page
    page.get_by_text("A set of 3 eights.").first.wait_for(timeout=KERNEL_SECONDS * 1000)
    timings["first_verdict_s"] = time.monotonic() - start

    # the live meld checker: anywidget's front end draws clickable cards
    picker = page.locator(".jp-OutputArea-output .rt-clickable")
    picker.locator("[data-card='AH']").first.wait_for(timeout=KERNEL_SECONDS * 1000)
    timings["first_widget_s"] = time.monotonic() - start
    checker = picker.locator("xpath=ancestor::*[contains(@class,'widget-vbox')][1]")
    checker.get_by_text("the ace is low only").first.wait_for(timeout=30_000)
    wait_for_kernel(page)
    picker.scroll_into_view_if_needed()
    browser_page.shot("lite-meld-checker-before")

    clicked = time.monotonic()
    picker.locator("[data-card='AH']").first.click()
    picker.locator("[data-card='JH']").first.click()
    verdict = checker.get_by_text("A run of 3 hearts, from J♥ to K♥.").first
    verdict.wait_for(timeout=30_000)
    timings["two_clicks_to_verdict_s"] = time.monotonic() - clicked
    verdict.scroll_into_view_if_needed()
    browser_page.shot("lite-meld-checker-after")

    assert_no_errors(page)
    browser_page.assert_offline()
    assert not browser_page.outside, f"requests tried to leave localhost: {browser_page.outside}"

    timings = {k: round(v, 2) for k, v in timings.items()}
    SCREENSHOTS.mkdir(exist_ok=True)
    (SCREENSHOTS / "lite-timings.json").write_text(json.dumps(timings, indent=2) + "\n")
    print("\nlite timings (seconds from opening the lesson):", timings)


def lesson_modules() -> list[str]:
    """Every module the lessons import (``from a.b import c`` names ``a.b``), sorted."""
    import ast

    import jupytext

    found = set()
    for name in lesson_map():
        notebook = jupytext.read(str(ROOT / "tutorials" / f"{name}.md"))
        for cell in notebook.cells:
            if cell.cell_type != "code":
                continue
            source = "\n".join(line for line in cell.source.splitlines()
                               if not line.lstrip().startswith(("%", "!")))
            for node in ast.walk(ast.parse(source)):
                if isinstance(node, ast.Import):
                    found |= {alias.name for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    found.add(node.module)
    return sorted(found)


def test_every_module_a_lesson_imports_is_in_the_site(lite_server):
    """The lessons are executed once, by the book build (tests/test_lessons.py), not
    here. What the browser changes is where Python comes from: every package a lesson
    imports must be preloaded in the site's kernel (or be in the standard library)."""
    _, root = lite_server
    site = root / "lite"
    config = json.loads((site / "jupyter-lite.json").read_text())
    preload = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"]["packages"]
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    importable, todo = set(), list(preload)
    while todo:  # the preloaded packages and everything they depend on
        entry = lock[todo.pop()]
        importable |= set(entry.get("imports", []))
        todo += [d for d in entry.get("depends", []) if d in lock]
    modules = lesson_modules()
    assert {"rummy_teach.widgets", "IPython.display"} <= set(modules), modules
    missing = sorted({m.split(".")[0] for m in modules} - importable - set(sys.stdlib_module_names))
    assert not missing, f"lessons import what the live site does not provide: {missing}"


# --- the walk-through: the 30-point lesson from the book page, then play and quiz ---

UPDATE_MS = 30_000          # one Python round trip in the page (generous: 2 busy cores)
WIDGET_PROBLEMS = (".rt-error, .rt-table .rt-message:not(:empty), "
                   "[role=alert]:has-text('Something went wrong')")


def open_lesson(browser_page, base: str, name: str, timings: dict):
    """Open lesson ``name`` live as a reader does: from its book page (the book at ``base``,
    with its live lessons) by the "Run this lesson live" link, which starts JupyterLab beside
    the page (book/_play/play/live.js); when the bar says it is ready, open it. Returns
    JupyterLab's frame over the page. ``timings`` gets how long each step took."""
    page = browser_page.page
    where = f"{base}/tutorials/{name}.html"
    page.goto(where)
    link = page.locator("a.rummy-run-live-link").first
    link.wait_for(timeout=30_000)
    assert link.get_attribute("href") == f"../lite/{lesson_url(name)}"
    link.scroll_into_view_if_needed()
    browser_page.shot(f"lite-book-{name}")
    start = time.monotonic()
    link.click()
    bar = page.locator(".rummy-live-bar")
    status = bar.get_by_role("status")
    steps = {say(f"book_live_{step}"): step for step in ("app", "notebook", "kernel", "ready")}
    status.wait_for()
    assert page.url == where                            # the reader stays on the lesson
    assert status.inner_text() in steps, status.inner_text()
    assert page.evaluate("document.activeElement.className") == "rummy-live-open"
    if name == PLAY:   # the page's own table keeps answering while JupyterLab starts
        table = page.locator(".rt-play[data-kind=table]").first
        table.get_by_role("button", name="Draw", exact=True).click()
        table.locator(".rt-log").get_by_text("You draw").first.wait_for(timeout=UPDATE_MS)
        timings["page_answers_after_the_link_s"] = time.monotonic() - start
        assert bar.get_attribute("data-step") != "ready", "JupyterLab was ready before the page answered"
    page.locator(".rummy-live-bar[data-step=ready]").wait_for(timeout=KERNEL_SECONDS * 1000)
    timings["jupyterlab_ready_after_the_link_s"] = time.monotonic() - start
    assert status.inner_text() == say("book_live_ready")
    browser_page.shot(f"lite-book-{name}-ready")

    layer = page.locator(".rummy-live-layer")
    assert not layer.is_visible()
    bar.get_by_role("button", name=say("book_live_open")).click()
    assert layer.is_visible() and page.url == where
    assert page.evaluate("document.activeElement.tagName") == "IFRAME"
    assert page.evaluate("!!document.querySelector('.bd-main').closest('[inert]')")   # the page behind sleeps
    # the browser's Back hides JupyterLab again, kept as it is; Open shows it once more
    page.go_back()
    page.wait_for_function("() => !document.querySelector('.rummy-live-layer.rummy-live-shown')",
                           polling=POLL_MS)
    assert page.url == where and page.evaluate("document.activeElement.className") == "rummy-live-open"
    assert not page.evaluate("!!document.querySelector('.bd-main').closest('[inert]')")
    bar.get_by_role("button", name=say("book_live_open")).click()
    assert layer.is_visible()
    frame = page.locator("iframe.rummy-live-frame").element_handle().content_frame()
    frame.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first.wait_for(timeout=30_000)
    assert page.locator("iframe.rummy-live-frame").get_attribute("src") == f"{base}/lite/{lesson_url(name)}"
    tab = frame.locator(".lm-DockPanel-tabBar .lm-mod-current .lm-TabBar-tabLabel")
    assert tab.inner_text() == f"{name}.ipynb"
    return frame


def back_to_the_book_page(browser_page) -> None:
    """From JupyterLab's frame over the page: its Back button, then Close, which ends it."""
    page = browser_page.page
    page.get_by_role("button", name=say("book_live_back")).click()
    assert not page.locator(".rummy-live-layer").is_visible()
    page.locator(".rummy-live-bar").get_by_role("button", name=say("book_live_close")).click()
    assert page.locator(".rummy-live-bar, .rummy-live-layer, iframe").count() == 0
    assert page.evaluate("document.activeElement.className") == "rummy-run-live-link"


def run_lesson(browser_page, base: str, name: str, timings: dict):
    """Open ``name``, wait for the kernel, Run All Cells, and check that no cell failed.
    Returns JupyterLab's frame, where the lesson runs (see :func:`open_lesson`)."""
    start = time.monotonic()
    lesson = open_lesson(browser_page, base, name, timings)
    wait_for_kernel(lesson)
    timings["kernel_ready_s"] = time.monotonic() - start
    run_all(lesson)
    timings["run_all_done_s"] = time.monotonic() - start
    assert_no_errors(lesson)
    assert lesson.get_by_text("Error displaying widget").count() == 0
    return lesson


def assert_clean(browser_page, lesson) -> None:
    """No traceback in a cell, no widget showing an error, nothing asked of the outside."""
    assert_no_errors(lesson)
    problems = lesson.locator(WIDGET_PROBLEMS)
    assert problems.count() == 0, f"a widget shows a problem: {problems.first.inner_text()}"
    browser_page.assert_offline()
    assert not browser_page.outside, f"requests tried to leave localhost: {browser_page.outside}"


def save_timings(name: str, timings: dict) -> None:
    timings = {k: round(v, 2) if isinstance(v, float) else v for k, v in timings.items()}
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / "lite-live-timings.json"
    known = json.loads(path.read_text()) if path.exists() else {}
    known[name] = timings
    path.write_text(json.dumps(known, indent=2, ensure_ascii=False) + "\n")
    print(f"\n{name} timings (seconds from opening the page):", timings)


def test_step_the_thirty_point_hand_live(play_site, browser_page):
    """From the book page: run the lesson, step the 30-point hand to its end, read 30."""
    from rummy_teach.lessons.worked_examples import get_example

    timings = {}
    page = run_lesson(browser_page, play_site, SCORING, timings)

    last = len(get_example("thirty_points").steps)
    # the lesson's first stepper is the 30-point hand (the second shows the rummy, at its end)
    counter = page.locator(".jp-OutputArea-output .rt-step").first
    counter.get_by_text(f"Step 0 of {last}").wait_for(timeout=UPDATE_MS)
    stepper = counter.locator("xpath=ancestor::*[contains(@class,'widget-vbox')][1]")
    caption = stepper.locator(".rt-caption")
    next_button = stepper.get_by_role("button", name="Next ▶", exact=True)
    stepper.scroll_into_view_if_needed()
    browser_page.shot("lite-stepper-start")

    clicked = time.monotonic()
    for k in range(1, last + 1):
        next_button.click()
        counter.get_by_text(f"Step {k} of {last}").wait_for(timeout=UPDATE_MS)
    timings["steps_to_end_s"] = time.monotonic() - clicked
    assert next_button.is_disabled()
    text = caption.inner_text()
    assert "you score 30" in text, text
    assert stepper.locator(".rt-table .rt-result").get_by_text("+30").count() == 1
    caption.scroll_into_view_if_needed()
    browser_page.shot("lite-stepper-30-points")

    # the printed result under the stepper agrees (computed by the engine in the page)
    assert page.get_by_text("You score 30").count() >= 1
    assert_clean(browser_page, page)
    back_to_the_book_page(browser_page)
    if browser_page.console_errors:
        print("console errors:", browser_page.console_errors)
    save_timings(SCORING, timings)


def test_play_a_turn_and_answer_the_quiz_live(play_site, browser_page):
    """Run the play lesson: select a card on the live table, play a turn and watch the
    computer answer it, then answer the quiz's first question and read the feedback."""
    from rummy_teach.quiz import Quiz

    timings = {}
    page = run_lesson(browser_page, play_site, PLAY, timings)

    # the table against the computer is the lesson's first table
    board = page.locator(".jp-OutputArea-output .rt-table").first
    board.locator("[data-card]").first.wait_for(timeout=UPDATE_MS)
    table = board.locator("xpath=ancestor::*[contains(@class,'widget-vbox')][1]")
    table.scroll_into_view_if_needed()
    browser_page.shot("lite-table-start")
    key = board.locator("[data-card][aria-pressed='false']").first.get_attribute("data-card")
    card = board.locator(f"[data-card='{key}']")

    clicked = time.monotonic()
    card.click()
    # the table is drawn again by Python: the card is now pressed (and lifted)
    board.locator(f"[data-card='{key}'][aria-pressed='true']").wait_for(timeout=UPDATE_MS)
    timings["click_to_selected_s"] = time.monotonic() - clicked
    browser_page.shot("lite-table-card-selected")

    # a whole turn: draw, discard the selected card; the computer moves after its pause
    log = board.locator(".rt-log")
    board.locator("[data-click='stock']").click()
    log.get_by_text("You draw").first.wait_for(timeout=UPDATE_MS)
    board.locator(f"[data-card='{key}'][aria-pressed='true']").wait_for(timeout=UPDATE_MS)
    table.get_by_role("button", name="Discard", exact=True).click()
    log.get_by_text("You discard").first.wait_for(timeout=UPDATE_MS)
    log.get_by_text("Computer discards").first.wait_for(timeout=UPDATE_MS)
    board.locator(".rt-turn").get_by_text("Your turn").wait_for(timeout=UPDATE_MS)
    timings["turn_and_computer_reply_s"] = time.monotonic() - clicked
    table.scroll_into_view_if_needed()
    browser_page.shot("lite-table-after-computer-move")

    # the quiz: its first question, answered right from the front end
    first = Quiz.builtin("basic")[0]
    public = first.to_public()
    quiz = page.locator(".rt-quiz-widget").first
    quiz.get_by_text(public["prompt"]).wait_for(timeout=UPDATE_MS)
    quiz.scroll_into_view_if_needed()
    if public["input"] == "choice":
        quiz.get_by_role("button", name=first.answer, exact=True).click()
        page.wait_for_function(
            """answer => [...document.querySelectorAll('.rt-quiz-widget button')]
                 .some(b => b.innerText.trim() === answer && b.classList.contains('mod-active'))""",
            arg=first.answer, timeout=UPDATE_MS, polling=POLL_MS)
    elif public["input"] == "number":
        quiz.locator("input[type=text]").first.fill(str(first.answer))
    else:  # the lesson's quiz changed: teach this test the new kind of input
        pytest.fail(f"the first Basic question asks for {public['input']!r} input")
    answered = time.monotonic()
    quiz.get_by_role("button", name="Submit", exact=True).click()
    feedback = quiz.locator(".rt-feedback")
    feedback.get_by_text("Right!").wait_for(timeout=UPDATE_MS)
    timings["submit_to_feedback_s"] = time.monotonic() - answered
    assert first.explanation in feedback.inner_text()
    quiz.locator(".rt-score").get_by_text("1 right").wait_for(timeout=UPDATE_MS)
    feedback.scroll_into_view_if_needed()
    browser_page.shot("lite-quiz-feedback")

    assert_clean(browser_page, page)
    if browser_page.console_errors:
        print("console errors:", browser_page.console_errors)
    save_timings(PLAY, timings)


# --- the lessons in Italian and Dutch -------------------------------------------------------

def translated_title(lang: str, lesson: str) -> str:
    """The lesson's title as its translation (book/locale) gives it, or the English."""
    sys.path.insert(0, str(ROOT / "book"))
    import i18n as book_i18n

    source = (ROOT / "tutorials" / f"{lesson}.md").read_text(encoding="utf-8")
    title = next(b.text for b in book_i18n.cut(source.split("\n")) if b.first == "# ")
    return book_i18n.translations(lang, f"tutorials/{lesson}.md").get(title, title)


#: the side panel JupyterLab opens with the file browser: its tab bar's chosen tab, when open
SIDE_PANEL_OPEN = ".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current"


def assert_the_lesson_in_front(page, phone: bool) -> None:
    """JupyterLite shows an opened lesson in its file browser, whose side panel takes three
    quarters of a phone's width: on a phone it is closed again (lite/lesson-view.js) and
    the lesson takes the screen's width, and the menu and status bars scroll within the
    screen; on a laptop JupyterLab's own layout is kept."""
    if phone:
        page.wait_for_function(f"() => !document.querySelector({SIDE_PANEL_OPEN!r})",
                               timeout=30_000, polling=POLL_MS)
        width = page.locator(".jp-NotebookPanel").first.bounding_box()["width"]
        assert width >= 0.75 * page.viewport_size["width"], f"the lesson is {width:.0f} px wide"
        # JupyterLab's menu bar and status bar are wider than the phone: each ends at the
        # screen's edge and scrolls sideways, and the last menu (Help) opens inside the screen
        screen = page.viewport_size["width"]
        for part in ("#jp-MainMenu", "#jp-main-statusbar"):
            right, wider, overflow = page.locator(part).evaluate(
                "b => [b.getBoundingClientRect().right, b.scrollWidth > b.clientWidth, getComputedStyle(b).overflowX]")
            assert right <= screen, f"{part} runs {right - screen:.0f} px past the screen"
            assert not wider or overflow in ("auto", "scroll"), f"{part}: what is past the screen's edge cannot be reached"
        bar = page.locator("#jp-MainMenu")
        bar.locator(".lm-MenuBar-item").last.click()
        menu = page.locator(".lm-Menu").first
        menu.wait_for(timeout=10_000)
        box = menu.bounding_box()
        assert 0 <= box["x"] and box["x"] + box["width"] <= screen + 1, box
        page.keyboard.press("Escape")
        menu.wait_for(state="hidden", timeout=10_000)
    else:
        page.locator(SIDE_PANEL_OPEN).wait_for(timeout=30_000)
        assert page.locator(".jp-FileBrowser").first.is_visible()


@pytest.mark.parametrize("lang, screen", [("it", "phone"), ("nl", "browser_page")])
def test_a_lesson_opens_in_its_language_in_the_app_of_that_language(lite_server, request,
                                                                     lang, screen):
    """The lesson, in the app of its language, on a phone (Italian) and on a laptop (Dutch)."""
    browser_page = request.getfixturevalue(screen)
    base, root = lite_server
    site = root / "lite"
    for name in lesson_map():
        assert (site / "files" / lang / f"{name}.ipynb").exists(), f"{lang}/{name} is missing"
    config = json.loads((site / f"lab-{lang}" / "jupyter-lite.json").read_text())
    data = config["jupyter-config-data"]
    kernel = data["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["loadPyodideOptions"]["env"] == {"RUMMY_TEACH_LANG": lang}
    assert "rummy-teach" in kernel["loadPyodideOptions"]["packages"]
    locale = data["settingsOverrides"]["@jupyterlab/translation-extension:plugin"]["locale"]
    words = json.loads((site / "api" / "translations" / f"{locale}.json").read_text())["data"]
    assert words["jupyterlab"], f"no JupyterLab words for {locale}"

    page = browser_page.page
    page.goto(f"{base}/lite/{lesson_url(LESSON, lang=lang)}")
    page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first.wait_for(timeout=180_000)
    assert page.evaluate("document.documentElement.lang").lower().startswith(lang)
    heading = page.locator(".jp-Notebook h1").first
    heading.wait_for(timeout=60_000)
    assert heading.inner_text().strip().rstrip("¶#").strip() == translated_title(lang, LESSON)
    # JupyterLab's own words, from the language pack: the status bar's "Mode: Command"
    mode = words["jupyterlab"]["Mode: %1"][0].replace("%1", words["jupyterlab"]["Command"][0])
    page.locator(".jp-StatusBar-Item", has_text=mode).first.wait_for(timeout=60_000)
    # the menu bar in that language too (the Italian pack has no menu titles: ours fill in,
    # lite/build.py LAB_WORDS), and the menu path the book page names is in it
    with language(lang):
        titles = [say(f"lab_menu_{name}") for name in MENU_TITLES]
        run, run_all = say("lab_menu_run"), say("lab_run_all_cells")
    assert page.locator("#jp-MainMenu .lm-MenuBar-item").all_inner_texts() == titles
    page.locator(".lm-MenuBar-itemLabel", has_text=run).first.click()
    page.locator(".lm-Menu-itemLabel", has_text=run_all).first.wait_for(timeout=10_000)
    page.keyboard.press("Escape")
    assert_the_lesson_in_front(page, phone=screen == "phone")
    browser_page.shot(f"lite-{lang}-{LESSON}-{screen}")
    assert not browser_page.outside, browser_page.outside


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_run_live_on_a_translated_page_starts_the_app_of_its_language(play_site, browser_page,
                                                                      axe_scan, lang):
    """The Italian and Dutch pages' link, followed by keyboard, starts JupyterLab in their
    language's app; the box names the menu as that app shows it (the open-in-its-language
    test reads the app's menu); the bar speaks the edition's language and passes axe; Close
    ends it and gives the focus back to the link."""
    page = browser_page.page
    page.goto(f"{play_site}/{lang}/tutorials/{LESSON}.html")
    with language(lang):    # the menu path the box names, in the words the app shows
        path = f"{say('lab_menu_run')} › {say('lab_run_all_cells')}"
    assert page.locator(".rummy-run-live em").first.inner_text() == path
    link = page.locator("a.rummy-run-live-link").first
    link.focus()
    page.keyboard.press("Enter")
    bar = page.locator(".rummy-live-bar")
    assert axe_scan(page, within=".rummy-live-bar") == []
    with language(lang):
        steps = [say(f"book_live_{step}") for step in ("app", "notebook", "kernel", "ready")]
        assert bar.get_attribute("aria-label") == say("book_live_bar")
        assert bar.get_by_role("status").inner_text() in steps
        frame = page.locator("iframe.rummy-live-frame")
        assert frame.get_attribute("title") == say("book_live_frame")
        assert frame.get_attribute("src").endswith(f"/lite/{lesson_url(LESSON, lang=lang)}")
        bar.get_by_role("button", name=say("book_live_close")).click()
    assert page.locator(".rummy-live-bar, iframe").count() == 0
    assert page.evaluate("document.activeElement.className") == "rummy-run-live-link"
    assert not browser_page.outside, browser_page.outside


def test_run_live_on_a_page_opened_from_a_file_says_what_to_do(book_with_lite, chromium):
    """The book opened as files (README: book/_build/html/index.html) cannot run JupyterLite:
    the link then says so in the catalogue's words and starts nothing."""
    lesson = book_with_lite / "tutorials" / f"{LESSON}.html"
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(lesson.as_uri())
        page.locator("a.rummy-run-live-link").first.click()
        bar = page.locator(".rummy-live-bar")
        assert bar.get_by_role("status").inner_text() == say("book_live_file")
        assert page.url == lesson.as_uri() and page.locator("iframe").count() == 0
        page.locator("a.rummy-run-live-link").first.click()     # once more: the same bar, once
        assert bar.count() == 1 and page.locator("iframe").count() == 0
        bar.get_by_role("button", name=say("book_live_close")).click()
        assert page.locator(".rummy-live-bar").count() == 0
        assert page.evaluate("document.activeElement.className") == "rummy-run-live-link"
    finally:
        context.close()


def test_run_live_where_the_site_has_no_live_lessons_says_so(play_site, browser_page):
    """A book published without its lite/ folder: the frame gets the server's error page, and
    the bar says there are no live lessons here (nothing to open) in the catalogue's words."""
    page = browser_page.page
    page.route("**/lite/lab/index.html*", lambda route: route.fulfill(status=404, body="Not Found"))
    page.goto(f"{play_site}/tutorials/{LESSON}.html")
    page.locator("a.rummy-run-live-link").first.click()
    bar = page.locator(".rummy-live-bar[data-step=missing]")
    bar.wait_for(timeout=30_000)
    assert bar.get_by_role("status").inner_text() == say("book_live_missing")
    assert not bar.locator(".rummy-live-open").is_visible()
    assert page.evaluate("document.activeElement.className") == "rummy-live-close"
    bar.get_by_role("button", name=say("book_live_close")).click()
    assert page.locator(".rummy-live-bar, iframe").count() == 0
