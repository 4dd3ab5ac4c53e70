"""The student's page without a browser: who is who, honest attempts, resuming, papers.

A ``StudentApp`` is what one kernel runs; two apps with the same seat are a reload
or a second tab of the same browser, two seats are two browsers.
"""

import pytest

from rummy_teach.classroom import open_store
from rummy_teach.classroom.app import token_digest
from rummy_teach.classroom.student import (BURST, PER_SECOND, UNREADABLE_LIMIT, AnswerRefused,
                                           StudentApp, make_paper)
from rummy_teach.quiz import Quiz

SEAT_A = "seat-aaaaaaaaaaaaaaaaaaaaaaaa"
SEAT_B = "seat-bbbbbbbbbbbbbbbbbbbbbbbb"


def config_for(tmp_path, **extra):
    config = {"quiz": "basic", "quiz_name": "basic", "title": "T", "db": str(tmp_path / "r.db"),
              "session": "s", "token_sha256": token_digest("t"), "attempts": 1, "shuffle": True}
    config.update(extra)
    return config


def app_at(config, seat, **env):
    return StudentApp(config, env={"HTTP_X_RUMMY_SEAT": seat, **env})


def rows(config):
    with open_store(config["db"], create=False) as store:
        return store.answers(session=config["session"])


def current(app):
    return app.quiz[app.quiz_widget.current["id"]]


def wrong_answer(question):
    """An option the question judges wrong (the tests using it start on a choice question)."""
    for option in question.to_public()["options"]:
        if question.check(option).outcome == "wrong":
            return option
    raise AssertionError(f"{question.id} has no wrong option to pick")


# --- the same browser: reload, second tab, a new kernel -----------------------------------
def test_a_reload_resumes_the_same_student_at_the_same_question(tmp_path):
    config = config_for(tmp_path)
    first = app_at(config, SEAT_A)
    first.start("Ada")
    for _ in range(2):
        first.quiz_widget.submit(current(first).answer_input)
        first.quiz_widget.next()
    on = first.quiz_widget.current["id"]
    again = app_at(config, SEAT_A)  # a reload (or a new kernel after the old one died)
    assert again.quiz_widget is not None and again.student_id == first.student_id
    assert again.quiz_widget.current["id"] == on
    assert again.quiz_widget.session.score()["right"] == 2
    assert "Welcome back, Ada" in again.message.value and "question 3 of" in again.message.value
    assert len({r.student_id for r in rows(config)}) == 1


def test_a_second_tab_cannot_answer_a_question_twice(tmp_path):
    config = config_for(tmp_path, shuffle=False)  # the first question has options
    tab1 = app_at(config, SEAT_A)
    tab1.start("Ada")
    tab2 = app_at(config, SEAT_A)
    question = current(tab1)
    assert current(tab2).id == question.id
    tab1.quiz_widget.submit(wrong_answer(question))
    assert tab2.quiz_widget.submit(question.answer_input) is None  # refused, nothing stored
    assert "already answered" in tab2.quiz_widget.problem.value
    assert [(r.question_id, r.outcome) for r in rows(config)] == [(question.id, "wrong")]


# --- names: duplicates, rejoin codes, a roster, the hub ----------------------------------
def test_a_taken_name_needs_the_rejoin_code(tmp_path):
    config = config_for(tmp_path)
    ada = app_at(config, SEAT_A)
    ada.start("Ada")
    ada.quiz_widget.submit(current(ada).answer_input)
    other = app_at(config, SEAT_B)
    other.start("  ada ")
    assert other.quiz_widget is None and "already joined" in other.message.value
    other.code_box.value = "000000" if ada.student.rejoin_code != "000000" else "111111"
    other.rejoin()
    assert other.quiz_widget is None and "not the rejoin code" in other.message.value
    other.code_box.value = ada.student.rejoin_code
    other.rejoin()
    assert other.student_id == ada.student_id and other.quiz_widget.session.score()["right"] == 1
    assert "from this browser" in other.message.value


def test_rejoin_codes_cannot_be_guessed_for_ever(tmp_path):
    config = config_for(tmp_path)
    app_at(config, SEAT_A).start("Ada")
    other = app_at(config, SEAT_B)
    other.start("Ada")
    for _ in range(6):
        other.code_box.value = "x"
        other.rejoin()
    assert "Too many wrong codes" in other.message.value and other.quiz_widget is None


def test_a_roster_lets_students_pick_only_their_names(tmp_path):
    config = config_for(tmp_path, roster=["Ada Lovelace", "Alan Turing"])
    app = app_at(config, SEAT_A)
    assert [label for label, _ in app.name_box.options][1:] == ["Ada Lovelace", "Alan Turing"]
    app.start("Mallory")
    assert app.quiz_widget is None and "from the list" in app.message.value
    app.name_box.value = "Alan Turing"
    app.start()
    assert app.student_name == "Alan Turing"


def test_behind_jupyterhub_the_hub_user_is_the_student(tmp_path):
    config = config_for(tmp_path)
    app = StudentApp(config, env={"JUPYTERHUB_USER": "ada"})  # the hub user's own server
    assert app.student_name == "ada" and app.quiz_widget is not None
    app.quiz_widget.submit(current(app).answer_input)
    again = StudentApp(config, env={"JUPYTERHUB_USER": "ada"})  # another kernel, same user
    assert again.student_id == app.student_id
    assert again.quiz_widget.session.score()["right"] == 1
    proxied = config_for(tmp_path, user_header="X-Forwarded-User", session="s2")
    app = app_at(proxied, SEAT_B, HTTP_X_FORWARDED_USER="grace")
    assert app.student_name == "grace"


def test_two_hub_users_in_one_browser_are_two_students(tmp_path):
    # a shared school computer: Ada logs out of the hub, Grace logs in; the seat cookie of
    # the browser stays, but the hub user decides who answers (before: Grace resumed as Ada)
    config = config_for(tmp_path, user_header="X-Rummy-Hub-User")
    ada = app_at(config, SEAT_A, HTTP_X_RUMMY_HUB_USER="ada")
    grace = app_at(config, SEAT_A, HTTP_X_RUMMY_HUB_USER="grace")
    assert (ada.student_name, grace.student_name) == ("ada", "grace")
    assert ada.student_id != grace.student_id


def test_names_lose_control_and_bidi_characters(tmp_path):
    config = config_for(tmp_path)
    app = app_at(config, SEAT_A)
    app.start("Ada\u202e\x1b[2J Lovelace")
    assert app.student_name == "Ada[2J Lovelace"


# --- attempts ----------------------------------------------------------------------------
def test_one_honest_attempt_by_default(tmp_path):
    config = config_for(tmp_path, shuffle=False)
    app = app_at(config, SEAT_A)
    app.start("Ada")
    question = current(app)
    app.quiz_widget.submit(wrong_answer(question))
    assert app.quiz_widget.closed and "The answer:" in app.quiz_widget.feedback.value
    assert app.quiz_widget.submit(question.answer_input).outcome == "wrong"  # still the first
    assert [r.outcome for r in rows(config)] == ["wrong"]


def test_with_tries_left_a_wrong_answer_does_not_give_the_right_one_away(tmp_path):
    config = config_for(tmp_path, shuffle=False, attempts=2)
    app = app_at(config, SEAT_A)
    app.start("Ada")
    question = current(app)
    app.quiz_widget.submit(wrong_answer(question))
    feedback = app.quiz_widget.feedback.value
    assert not app.quiz_widget.closed and "one try left" in feedback
    assert "The answer:" not in feedback and question.answer_text not in feedback.replace(
        f"<b>{wrong_answer(question)}</b>", "")
    app.quiz_widget.submit(wrong_answer(question))
    assert app.quiz_widget.closed and "The answer:" in app.quiz_widget.feedback.value


class Clock:
    """A kernel's clock that moves only when the test says so."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def test_answers_are_bounded_per_student(tmp_path):
    config = config_for(tmp_path, shuffle=False)
    clock = Clock()
    app = StudentApp(config, env={"HTTP_X_RUMMY_SEAT": SEAT_A}, clock=clock)
    app.start("Ada")
    for _ in range(30):  # a client sending nonsense, at a person's pace: no answer is too fast
        app.quiz_widget.submit("")
        clock.advance(60)
    # the bound on unreadable answers, not the pace (BURST is the same number), keeps these
    assert len(rows(config)) == UNREADABLE_LIMIT


def test_answers_faster_than_a_person_are_refused(tmp_path):
    config = config_for(tmp_path, shuffle=False)
    clock = Clock()  # stands still: every answer comes at the same moment, however slow the machine
    app = StudentApp(config, env={"HTTP_X_RUMMY_SEAT": SEAT_A}, clock=clock)
    app.start("Ada")
    refused = 0
    questions = list(app.quiz)
    for question in questions[:BURST + 3]:  # a script answering every question at once
        result = question.check(question.answer_input)
        try:
            app.record(question.to_public(), question.answer_input, result)
        except AnswerRefused as refusal:
            refused += 1
            assert "Slow down" in refusal.student_message
    assert len(rows(config)) == BURST and refused == 3
    clock.advance(1 / PER_SECOND)  # as long as a person takes: one more is taken
    question = questions[BURST + 3]
    app.record(question.to_public(), question.answer_input, question.check(question.answer_input))
    assert len(rows(config)) == BURST + 1


# --- papers ------------------------------------------------------------------------------
def test_two_students_get_different_orders_kept_in_the_database(tmp_path):
    config = config_for(tmp_path)
    ada, bob = app_at(config, SEAT_A), app_at(config, SEAT_B)
    ada.start("Ada")
    bob.start("Bob")
    orders = [app.quiz_widget.sitting.order for app in (ada, bob)]
    assert orders[0] != orders[1] and sorted(orders[0]) == sorted(orders[1])
    with open_store(config["db"]) as store:
        papers = {s.name: s.paper for s in store.students("s")}
    assert papers["Ada"]["order"] == orders[0] and papers["Bob"]["order"] == orders[1]


def test_a_paper_is_reproducible_from_its_seed():
    quiz = Quiz.builtin("basic")
    assert make_paper(quiz, True, seed=7) == make_paper(quiz, True, seed=7)
    assert make_paper(quiz, True, seed=7)["order"] != make_paper(quiz, True, seed=8)["order"]
    same = make_paper(quiz, False, seed=7)
    assert same["order"] == [q.id for q in quiz] and same["options"] == {}


def test_variants_give_other_cards_for_the_same_question_and_resume_them(tmp_path):
    config = config_for(tmp_path, shuffle=False, variants=True)
    ada, bob = app_at(config, SEAT_A), app_at(config, SEAT_B)
    ada.start("Ada")
    bob.start("Bob")
    varied = [q.id for q in Quiz.builtin("basic") if q.kind in ("points", "arrange")]
    assert varied and all(qid in ada.student.paper["variants"] for qid in varied)
    shown = lambda app, qid: app.quiz[qid].to_public()["groups"]
    assert any(shown(ada, qid) != shown(bob, qid) for qid in varied)
    qid = varied[0]
    while ada.quiz_widget.current["id"] != qid:  # on to the varied question
        ada.quiz_widget.submit(current(ada).answer_input)
        ada.quiz_widget.next()
    assert ada.quiz_widget.current["groups"] == shown(ada, qid)
    ada.quiz_widget.submit(ada.quiz[qid].answer_input)  # the variant's answer is right
    assert rows(config)[-1].question_id == qid and rows(config)[-1].outcome == "right"
    again = app_at(config, SEAT_A)
    assert shown(again, qid) == shown(ada, qid)  # a reload sees the same cards
