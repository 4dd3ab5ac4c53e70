"""A class answering through the real classroom server in Chromium: no kernel per student.

One ``rummy-teach classroom`` (module scope, its default: every quiz served and judged by
the server's own process) on a copy of the sample quiz. Three students in three
browsers, one of them with the keyboard only; every response a page receives is recorded
to check that nothing of an answer arrives before its Submit; then a reload, a second
tab, the teacher's pages, and the whole server stopped and started again.
"""

import html
import json
import shutil

import pytest

from browser import CLASSROOM_LOAD_MS as LOAD_MS
from browser import CLASSROOM_UPDATE_MS as UPDATE_MS
from browser import RecordedPage, start_classroom

from rummy_teach.classroom import open_store
from rummy_teach.quiz import Quiz

pytestmark = pytest.mark.browser

TOKEN = "chromium-teacher"
SESSION = "chromium-class"
JOIN = "CHR234"
SAMPLE = __import__("pathlib").Path(__file__).resolve().parents[1] / "rummy_teach" / "quiz" \
    / "samples" / "first-week.json"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    home = tmp_path_factory.mktemp("classroom-chromium")
    quiz_file = home / "first-week.json"
    shutil.copy(SAMPLE, quiz_file)
    server = start_classroom(home, name="classroom-chromium", quiz=quiz_file, token=TOKEN,
                             session=SESSION, join=JOIN)
    server.quiz = Quiz.from_file(quiz_file)
    server.db = home / "first-week-results.db"
    server.student_url = f"{server.base}/?join={JOIN}"
    yield server
    server.stop()


def rows(classroom, name=None):
    with open_store(str(classroom.db), create=False) as store:
        return [r for r in store.answers(session=SESSION) if name is None or r.student_name == name]


# --- what a student does on the page (shared with the hub's and PostgreSQL's tests) ----------
def join(page, url, name):
    page.goto(url, timeout=LOAD_MS)
    box = page.get_by_placeholder("your name")
    box.fill(name)
    box.press("Enter")
    page.locator(".rt-score").wait_for(timeout=UPDATE_MS)


def choose_and_submit(page, option, verdict):
    page.get_by_role("radio", name=option, exact=True).check()
    page.get_by_role("button", name="Submit").click()
    page.locator(".rt-feedback").get_by_text(verdict).wait_for(timeout=UPDATE_MS)


def next_question(page, number):
    page.get_by_role("button", name="Next question").click()
    page.get_by_text(f"question {number} of").first.wait_for(timeout=UPDATE_MS)


class Wire:
    """Every response body a page receives, in order (the page has no websocket)."""

    def __init__(self, recorded: RecordedPage):
        self.chunks: list[str] = []
        recorded.page.on("response", self._response)

    def _response(self, response):
        try:
            self.chunks.append(response.body().decode("utf-8", "replace"))
        except Exception:  # redirects have no body
            pass

    def text(self) -> str:
        return html.unescape("\n".join(self.chunks))


def secrets(question) -> list[str]:
    public = json.dumps(question.to_public(), ensure_ascii=False)
    lines = question.check(question.answer_input).explanation.splitlines()
    return [line for line in lines if len(line) > 3 and line not in public]


def test_a_class_answers_in_chromium_and_nothing_arrives_before_submit(classroom, chromium):
    quiz = classroom.quiz
    pages = {}
    for name in ("Ada", "Bob"):
        recorded = RecordedPage(chromium.new_context(viewport={"width": 1100, "height": 900}))
        recorded.wire = Wire(recorded)
        join(recorded.page, classroom.student_url, name)
        pages[name] = recorded
    for recorded in pages.values():
        before = recorded.wire.text()
        for question in quiz:
            for secret in secrets(question):
                assert secret not in before, f"{secret!r} was sent before any answer"
    ada, bob = pages["Ada"].page, pages["Bob"].page
    choose_and_submit(ada, "set", "Right!")                       # w1-set
    choose_and_submit(bob, "run", "Not quite.")
    assert "The answer: a set" in bob.locator(".rt-feedback").inner_text()
    next_question(ada, 2)
    choose_and_submit(ada, "run", "Not quite.")                   # w1-queen-king-ace
    assert "the ace is low only" in ada.locator(".rt-feedback").inner_text()
    pages["Ada"].shot("classroom_nokernel_student_wrong", full_page=True)
    after = pages["Ada"].wire.text()
    assert "A set of 3 nines." in after  # what was sent after Submit is found by this search
    shown = set(secrets(quiz[0]) + secrets(quiz[1]))
    for question in list(quiz)[2:]:
        for secret in secrets(question):
            assert secret in shown or secret not in after, f"{secret!r} was sent unanswered"
    for recorded in pages.values():
        assert recorded.outside == [] and recorded.console_errors == []
    assert [(r.question_id, r.outcome, r.given) for r in rows(classroom, "Ada")] == [
        ("w1-set", "right", "set"), ("w1-queen-king-ace", "wrong", "run")]
    assert [(r.question_id, r.outcome) for r in rows(classroom, "Bob")] == [("w1-set", "wrong")]
    for recorded in pages.values():
        recorded.page.context.close()


def test_the_keyboard_alone_takes_the_quiz(classroom, chromium):
    context = chromium.new_context()
    page = context.new_page()
    page.goto(classroom.student_url, timeout=LOAD_MS)
    page.keyboard.type("Cleo")  # the name box has the focus
    page.keyboard.press("Enter")
    page.locator(".rt-score").wait_for(timeout=UPDATE_MS)
    assert page.evaluate("document.activeElement.value") == "set"  # focus on the first option
    page.keyboard.press("Space")
    page.keyboard.press("Tab")  # from the radio group to Submit
    assert page.evaluate("document.activeElement.textContent") == "Submit"
    page.keyboard.press("Enter")
    page.locator(".rt-feedback").get_by_text("Right!").wait_for(timeout=UPDATE_MS)
    assert page.evaluate("document.activeElement.textContent") == "Next question"
    page.keyboard.press("Enter")
    page.get_by_text("question 2 of").first.wait_for(timeout=UPDATE_MS)
    page.keyboard.press("ArrowRight")  # radios: the arrows move and choose
    assert page.evaluate("document.activeElement.value") == "run"
    assert [(r.question_id, r.outcome) for r in rows(classroom, "Cleo")] == [("w1-set", "right")]
    # readable on a projector: the text is large and dark on white
    size, colour = page.evaluate("""() => { const s = getComputedStyle(document.body);
        return [parseFloat(s.fontSize), s.color]; }""")
    assert size >= 20 and colour == "rgb(17, 17, 17)"
    context.close()


def test_reload_second_tab_and_a_restarted_server_resume_the_student(classroom, chromium):
    context = chromium.new_context()
    tab = context.new_page()
    join(tab, classroom.student_url, "Dana")
    choose_and_submit(tab, "set", "Right!")
    next_question(tab, 2)
    tab.reload(timeout=LOAD_MS)                                      # 1. a reload
    tab.locator(".rt-resume").get_by_text("Welcome back, Dana").wait_for(timeout=UPDATE_MS)
    assert "question 2 of" in tab.locator(".rt-score").inner_text()
    second = context.new_page()                                      # 2. a second tab
    second.goto(classroom.student_url, timeout=LOAD_MS)
    second.locator(".rt-resume").get_by_text("Welcome back, Dana").wait_for(timeout=UPDATE_MS)
    choose_and_submit(second, "not a meld", "Right!")                # w1-queen-king-ace
    tab.get_by_role("radio", name="run", exact=True).check()        # the first tab, behind
    tab.get_by_role("button", name="Submit").click()
    tab.get_by_text("already answered").wait_for(timeout=UPDATE_MS)
    assert [(r.question_id, r.outcome) for r in rows(classroom, "Dana")] == [
        ("w1-set", "right"), ("w1-queen-king-ace", "right")]

    teacher = context.new_page()                                     # 3. the teacher sees it
    teacher.goto(f"{classroom.base}/teacher/dashboard?token={TOKEN}", timeout=LOAD_MS)
    teacher.get_by_text("Dana").first.wait_for(timeout=UPDATE_MS)
    report = context.new_page()
    report.goto(f"{classroom.base}/voila/render/report.ipynb?token={TOKEN}", timeout=LOAD_MS)
    report.locator(".rummy-report").get_by_text("Dana").first.wait_for(timeout=UPDATE_MS)

    classroom.stop()                                                 # 4. the server restarts
    classroom.start()
    tab.reload(timeout=LOAD_MS)
    tab.locator(".rt-resume").get_by_text("Welcome back, Dana").wait_for(timeout=UPDATE_MS)
    assert "question 3 of" in tab.locator(".rt-score").inner_text()
    assert "Score: 2 right, 0 wrong" in tab.locator(".rt-score").inner_text()
    context.close()
