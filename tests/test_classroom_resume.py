"""The real classroom server and Chromium: a student is never lost and never starts over.

One student walks through a reload, a second tab, a killed kernel and a restart of
the whole server; after each, the page says what happened and the student is on the
same question with every answer kept. Then the teacher's live dashboard and the
anonymous projector view, and two students with different papers.
"""

import os
import re
import signal
import sys
import time

import pytest

from browser import CommandServer, RecordedPage, free_port

from rummy_teach.classroom import open_store
from rummy_teach.quiz import Quiz
from test_classroom_server import (SAMPLE, Wire, choose_and_submit, kernel_pid, next_question,
                                   quiz_widget)

browser = pytest.mark.browser
TOKEN = "resume-teacher-token"
JOIN = "RSM234"
SESSION = "resume-class"
LOAD_MS = 150_000     # a page runs a kernel first; generous, as test machines are shared
UPDATE_MS = 30_000
QUESTIONS = len(Quiz.from_file(SAMPLE))


def start_server(home, port, *extra):
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--kernels", "--quiz", str(SAMPLE),
            "--host", "127.0.0.1", "--port", str(port), "--students", "3", "--pool", "1",
            "--token", TOKEN, "--session", SESSION, "--join-code", JOIN,
            "--db", str(home / "r.db"), "--run-dir", str(home / "run"), *extra]
    return CommandServer(argv, root=home, port=port, ready_path="/voila/static/voila.js",
                         name="classroom-resume").start()


def students(home):
    with open_store(str(home / "r.db"), create=False) as store:
        return store.students(SESSION), store.answers(session=SESSION)


def join(page, base, name=None):
    page.goto(f"{base}/?join={JOIN}", wait_until="commit", timeout=LOAD_MS)
    if name is not None:
        box = page.get_by_placeholder("your name")
        box.wait_for(timeout=LOAD_MS)
        box.fill(name)
        box.press("Enter")
    quiz_widget(page).wait_for(timeout=LOAD_MS)


def resumed(page, number):
    note = page.locator(".rt-resume")
    note.get_by_text("Welcome back").wait_for(timeout=UPDATE_MS)
    assert f"question {number} of {QUESTIONS}" in note.inner_text()
    page.get_by_text(f"question {number} of {QUESTIONS}").first.wait_for(timeout=UPDATE_MS)


@browser
def test_reload_second_tab_killed_kernel_and_restart_all_resume_the_student(tmp_path, chromium):
    port = free_port()
    server = start_server(tmp_path, port, "--same-order")
    try:
        context = chromium.new_context()
        tab = RecordedPage(context)
        wire = Wire(tab)
        join(tab.page, server.base, "Ada")
        choose_and_submit(tab.page, "set", "Right!")                  # w1-set
        next_question(tab.page, "is this a legal meld?")
        choose_and_submit(tab.page, "run", "Not quite.")              # w1-queen-king-ace
        assert "The answer:" in tab.page.locator(".rt-feedback").inner_text()  # no retry left
        next_question(tab.page, "is this a legal meld?")

        tab.page.reload(wait_until="commit", timeout=LOAD_MS)         # 1. a reload
        quiz_widget(tab.page).wait_for(timeout=LOAD_MS)
        resumed(tab.page, 3)
        assert "1 right" in tab.page.locator(".rt-score").inner_text()

        second = RecordedPage(context)                                # 2. a second tab
        join(second.page, server.base)
        resumed(second.page, 3)
        choose_and_submit(tab.page, "run", "Right!")                  # w1-same-cards-in-500
        second.page.get_by_role("button", name="set", exact=True).click()
        second.page.get_by_role("button", name="Submit").click()
        second.page.get_by_text("already answered").wait_for(timeout=UPDATE_MS)
        second.page.close()

        pid = kernel_pid(wire.kernel_ids[-1])                         # 3. the kernel dies
        os.kill(pid, signal.SIGKILL)
        tab.page.locator(".rt-lost").wait_for(timeout=UPDATE_MS)
        assert "answers so far are saved" in tab.page.locator(".rt-lost").inner_text()
        tab.page.get_by_role("button", name="Reload the page").click()
        quiz_widget(tab.page).wait_for(timeout=LOAD_MS)
        resumed(tab.page, 4)

        server.stop()                                                 # 4. the server restarts
        server = start_server(tmp_path, port, "--same-order")
        assert "resumed" in server.output()
        tab.page.reload(wait_until="commit", timeout=LOAD_MS)
        quiz_widget(tab.page).wait_for(timeout=LOAD_MS)
        resumed(tab.page, 4)
        people, answers = students(tmp_path)
        assert [s.name for s in people] == ["Ada"]
        assert [(a.question_id, a.outcome) for a in answers] == [
            ("w1-set", "right"), ("w1-queen-king-ace", "wrong"), ("w1-same-cards-in-500", "right")]
        teacher = RecordedPage(chromium.new_context())                # the same link still works
        teacher.page.goto(f"{server.base}/voila/render/report.ipynb?token={TOKEN}",
                          timeout=LOAD_MS)
        teacher.page.locator(".rummy-report").wait_for(timeout=LOAD_MS)
        assert "3 answers counted" in teacher.page.locator(".rummy-report").inner_text()
        assert tab.outside == [] and teacher.outside == []
        teacher.page.context.close()
        context.close()
    finally:
        server.stop()


@browser
def test_dashboard_projector_and_different_papers(tmp_path, chromium):
    server = start_server(tmp_path, free_port())
    try:
        teacher = RecordedPage(chromium.new_context(viewport={"width": 1200, "height": 900}))
        teacher.page.goto(f"{server.base}/teacher/dashboard?token={TOKEN}")
        teacher.page.get_by_text("0 students joined").wait_for(timeout=LOAD_MS)
        projector_url = re.search(r"projector view:\s+(\S+)", server.output()).group(1)
        wall = RecordedPage(chromium.new_context())
        wall.page.goto(projector_url)
        wall.page.get_by_text("0 students joined").wait_for(timeout=LOAD_MS)

        pages = []
        for name in ("Ada", "Bob"):
            student = RecordedPage(chromium.new_context())
            join(student.page, server.base, name)
            pages.append(student)
        people, _ = students(tmp_path)
        orders = {s.name: s.paper["order"] for s in people}
        assert orders["Ada"] != orders["Bob"] and sorted(orders["Ada"]) == sorted(orders["Bob"])

        # the dashboard follows by itself: who is in, where, and the bars
        teacher.page.get_by_text("2 students joined").wait_for(timeout=UPDATE_MS)
        live = teacher.page.locator("#rt-live").inner_text()
        assert "Ada" in live and "Bob" in live and f"question 1 of {QUESTIONS}" in live
        assert teacher.page.locator(".rt-bar").count() == QUESTIONS
        wall.page.get_by_text("2 students joined").wait_for(timeout=UPDATE_MS)
        assert "Ada" not in wall.page.locator("body").inner_text()
        assert "Bob" not in wall.page.locator("body").inner_text()
        teacher.shot("classroom_dashboard", full_page=True)
        wall.shot("classroom_projector", full_page=True)

        ada = pages[0].page  # Ada answers her first question, whatever it is
        first = orders["Ada"][0]
        question = Quiz.from_file(SAMPLE)[first]
        public = question.to_public()
        if public["input"] == "choice":
            # a button shows the option's words where the quiz gives some ("the hand is
            # void and nobody scores" for the option "void")
            label = (public.get("labels") or {}).get(question.answer_input, question.answer_input)
            choose_and_submit(ada, label, "Right!")
            teacher.page.get_by_text("1 right, 0 wrong").first.wait_for(timeout=UPDATE_MS)
            wall.page.get_by_text("1 right, 0 wrong").first.wait_for(timeout=UPDATE_MS)
        for recorded in (teacher, wall, *pages):
            assert recorded.outside == []
        status_page = teacher.page.context.new_page()
        status_page.goto(f"{server.base}/teacher/paper?token={TOKEN}")
        assert "Answer key" in status_page.locator("body").inner_text()
        for recorded in (teacher, wall, *pages):
            recorded.page.context.close()
    finally:
        server.stop()
