"""One classroom quiz taken in Italian in Chromium, switched to Dutch on the page.

``rummy-teach classroom --lang it`` (the server's own student page, no kernel) on the
built-in Basic Rummy quiz, started once. A student joins, sees the Italian page, answers
one question right and one wrong, reads the Italian feedback, switches to Dutch with the
page's language links (keyboard only), and goes on where she was. The teacher's report and
CSV speak the teacher's Italian, with the answers stored as codes.

The page's own words (Submit, Next, the score line) are the translators' codes: the test
finds the controls by their role in the form, not by those words, and reads the words the
quizzes and the classroom added for issue 16.
"""

import csv
import io
import urllib.request

import pytest

from browser import CLASSROOM_LOAD_MS as LOAD_MS
from browser import CLASSROOM_UPDATE_MS as UPDATE_MS
from browser import POLL_MS, start_classroom

from rummy_teach.classroom import open_store

pytestmark = pytest.mark.browser

TOKEN = "languages-teacher"
SESSION = "languages-class"
JOIN = "LNG234"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    home = tmp_path_factory.mktemp("classroom-languages")
    server = start_classroom(home, name="classroom-languages", quiz="basic", token=TOKEN,
                             session=SESSION, join=JOIN,
                             options=("--lang", "it", "--db", str(home / "results.db")))
    server.db = home / "results.db"
    yield server
    server.stop()


#: where ``node`` is scrolled to once its scrolling has stopped (the arrow keys scroll
#: smoothly): the same on two frames running
SETTLED = """node => new Promise(done => {
    let last = -1;
    const frame = () => node.scrollLeft === last ? done(last)
        : (last = node.scrollLeft, requestAnimationFrame(frame));
    requestAnimationFrame(frame); })"""


def rows(classroom):
    with open_store(str(classroom.db), create=False) as store:
        return [(r.question_id, r.outcome, r.given, r.rule) for r in store.answers(session=SESSION)]


def submit(page, outcome):
    page.locator("form.rt-answer button[type=submit]").click()
    page.locator(f".rt-feedback.rt-{outcome}").wait_for(timeout=UPDATE_MS)


def go_on(page):
    page.locator("form[action$='quiz/next'] button").click()
    page.locator(".rt-feedback").wait_for(state="detached", timeout=UPDATE_MS)


def test_a_quiz_taken_in_italian_then_switched_to_dutch_on_the_page(classroom, chromium):
    context = chromium.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(f"{classroom.base}/?join={JOIN}", timeout=LOAD_MS)
    assert page.evaluate("document.documentElement.lang") == "it"
    assert "Rummy base: le situazioni del regolamento" in page.locator("h1").inner_text()
    box = page.locator("input[name=name]")
    box.fill("Ada")
    box.press("Enter")
    page.locator(".rt-prompt").wait_for(timeout=UPDATE_MS)

    # question 1, in Italian: a set of eights, answered right with the Italian word
    assert page.locator(".rt-prompt").inner_text().startswith(
        "Nel Rummy base, è una combinazione valida? Se sì, è un tris o una scala?")
    assert "tris, scala oppure nessuna combinazione" in page.locator(".rt-form").first.inner_text()
    page.get_by_role("radio", name="tris", exact=True).check()
    submit(page, "right")
    feedback = page.locator(".rt-feedback").inner_text()
    assert "un tris è di 3 o 4 carte dello stesso valore" in feedback        # the rule
    go_on(page)

    # question 2: the points of the opponent's cards, answered wrong
    assert "Quanti punti valgono?" in page.locator(".rt-prompt").inner_text()
    page.locator("input[name=text]").fill("25")
    submit(page, "wrong")
    feedback = page.locator(".rt-feedback").inner_text()
    assert "Hai risposto 25; le carte fanno 30." in feedback
    assert "K♣ 10 + Q♦ 10 + 9♠ + A♣ 1 = 30" in feedback
    assert "carte rimaste in mano: K Q J 10 valgono 10" in feedback
    go_on(page)
    assert "attaccarle" in page.locator(".rt-prompt").inner_text()           # question 3

    # the language switch: named in each language, reached and followed with the keyboard
    switch = page.locator("nav.rt-lang")
    assert switch.get_by_role("link").all_inner_texts() == ["English", "Italiano", "Nederlands"]
    assert switch.locator("[aria-current]").inner_text() == "Italiano"
    dutch = switch.get_by_role("link", name="Nederlands")
    dutch.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.documentElement.lang === 'nl'", timeout=UPDATE_MS, polling=POLL_MS)
    page.locator(".rt-prompt").wait_for(timeout=UPDATE_MS)
    assert page.locator(".rt-prompt").inner_text().startswith(
        "Bij Basisrummy ligt deze combinatie op tafel.")                     # still question 3
    assert page.locator("nav.rt-lang [aria-current]").inner_text() == "Nederlands"
    assert "Basisrummy: de situaties uit het regelboek" in page.locator("h1").inner_text()
    page.reload(timeout=LOAD_MS)                                             # the choice is kept
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.locator(".rt-prompt").inner_text().startswith("Bij Basisrummy")

    # stored: codes and what was given, not sentences
    assert rows(classroom) == [
        ("basic-eights", "right", "set", "quizbank_basic_eights"),
        ("basic-opponent-cards", "wrong", "25", "quizbank_basic_opponent_cards")]

    # the teacher's report speaks the teacher's Italian, whatever the student switched to
    report = context.new_page()
    report.goto(f"{classroom.base}/teacher/report?token={TOKEN}", timeout=LOAD_MS)
    section = report.locator(".rummy-report")
    section.get_by_text("Ada").first.wait_for(timeout=UPDATE_MS)
    assert report.evaluate("document.documentElement.lang") == "it"
    text = section.inner_text()
    assert "Per domanda" in text and "Per studente" in text
    assert "carte rimaste in mano: K Q J 10 valgono 10" in text
    assert "1 studente, 2 risposte contate, giuste: 1 (50%)" in text
    with urllib.request.urlopen(f"{classroom.base}/teacher/answers.csv?token={TOKEN}",
                                timeout=60) as reply:
        table = list(csv.reader(io.StringIO(reply.read().decode("utf-8"))))
    assert table[0][:3] == ["risposto_il", "sessione", "id_studente"]
    assert [row[5:] for row in table[1:]] == [
        ["basic-eights", "quizbank_basic_eights", "set", "right"],
        ["basic-opponent-cards", "quizbank_basic_opponent_cards", "25", "wrong"]]
    context.close()


def test_every_teachers_page_fits_a_phone_and_its_wide_tables_scroll_in_place(classroom, chromium):
    """On a phone (390 x 844) no teacher's page scrolls sideways, in Italian's longer words
    too: a table wider than the screen scrolls inside a named box that Tab reaches and the
    arrow keys scroll, and the live part's refresh keeps where it was scrolled to and the
    focus; a form's fields wrap, a long list of games never widens the page."""
    phone = chromium.new_context(viewport={"width": 390, "height": 844})
    try:
        student = phone.new_page()
        student.goto(f"{classroom.base}/?join={JOIN}", timeout=LOAD_MS)
        student.locator("input[name=name]").fill("Bartolomea")
        student.locator("input[name=name]").press("Enter")
        student.locator(".rt-prompt").wait_for(timeout=UPDATE_MS)

        teacher = phone.new_page()
        teacher.goto(f"{classroom.base}/teacher/tables?token={TOKEN}", timeout=LOAD_MS)
        form = teacher.locator("form.rt-open-table")
        form.locator("input[name=seats]").fill("3")
        form.get_by_label("Bartolomea").check()
        form.locator("button[type=submit]").click()
        teacher.locator(".rt-class-table").wait_for(timeout=UPDATE_MS)

        width = "() => document.documentElement.scrollWidth"
        for path in ("tables", "students", "sessions", "paper", "dashboard"):
            teacher.goto(f"{classroom.base}/teacher/{path}?token={TOKEN}&session={SESSION}",
                         timeout=LOAD_MS)
            assert teacher.evaluate("document.documentElement.lang") == "it"
            assert teacher.evaluate(width) <= 390, (path, teacher.evaluate(width))

        # the dashboard's list of students: wider than the phone, so it scrolls in its box
        box = teacher.get_by_role("region", name="Chi c'è")
        assert box.get_attribute("tabindex") == "0"
        assert box.evaluate("node => node.scrollWidth > node.clientWidth")
        for _ in range(30):
            teacher.keyboard.press("Tab")
            if box.evaluate("node => node === document.activeElement"):
                break
        else:
            raise AssertionError("Tab never reached the dashboard's table")
        teacher.keyboard.press("ArrowRight")
        teacher.keyboard.press("ArrowRight")
        left = box.evaluate(SETTLED)
        assert 0 < left < box.evaluate("node => node.scrollWidth - node.clientWidth")
        with teacher.expect_response(lambda reply: "part=live" in reply.url, timeout=UPDATE_MS):
            pass
        teacher.wait_for_function(
            "left => { const box = document.querySelector('#rt-live .rt-scroll');"
            " return box && box.scrollLeft === left && document.activeElement === box; }",
            arg=left, timeout=UPDATE_MS, polling=POLL_MS)
    finally:
        phone.close()
