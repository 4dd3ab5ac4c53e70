"""The class's quiz desk without a browser: who is who, honest attempts, resuming, papers.

The desk is what the classroom's own process runs for every student (no kernel): two
visits with the same seat are a reload or a second tab of the same browser, two seats are
two browsers, and a new desk on the same database is the server started again.
"""

from rummy_teach.classroom import open_store
from rummy_teach.classroom.keys import token_digest
from rummy_teach.classroom.desk import QuizDesk, Refused
from rummy_teach.classroom.messages import say
from rummy_teach.classroom.quizview import feedback_html, quiz_html, said_text
from rummy_teach.classroom.student import BURST, PER_SECOND, REJOIN_TRIES, UNREADABLE_LIMIT
from rummy_teach.quiz import Quiz

import pytest

SEAT_A = "a" * 64
SEAT_B = "b" * 64


class Clock:
    """A desk's clock that moves only when the test says so."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def config_for(tmp_path, **extra):
    config = {"quiz": "basic", "quiz_name": "basic", "title": "T", "db": str(tmp_path / "r.db"),
              "session": "s", "token_sha256": token_digest("t"), "attempts": 1, "shuffle": True}
    config.update(extra)
    return config


def rows(config):
    with open_store(config["db"], create=False) as store:
        return store.answers(session=config["session"])


def on(desk, student):
    """The question the student is on (the Question, from their paper)."""
    sitting = desk.sitting(student)
    return sitting.quiz[sitting.current["id"]]


def wrong_answer(question):
    for option in question.to_public()["options"]:
        if question.check(option).outcome == "wrong":
            return option
    raise AssertionError(f"{question.id} has no wrong option to pick")


def answer_right(desk, student):
    question = on(desk, student)
    return desk.answer(student, question.id, question.answer_input)


def said(visit):
    return said_text(visit.said)


# --- the same browser: reload, second tab, a restarted server -----------------------------
def test_a_reload_resumes_the_same_student_at_the_same_question(tmp_path):
    config = config_for(tmp_path)
    desk = QuizDesk(config)
    ada = desk.join(SEAT_A, "Ada").student
    for _ in range(2):
        answer_right(desk, ada)
    where = desk.sitting(ada).current["id"]
    for again in (desk, QuizDesk(config)):  # a reload; the server started again
        visit = again.enter(SEAT_A)
        assert visit.student.student_id == ada.student_id
        assert again.sitting(visit.student).current["id"] == where
        assert again.sitting(visit.student).score()["right"] == 2
        assert "Welcome back, Ada" in said(visit) and "question 3 of" in said(visit)
    assert len({r.student_id for r in rows(config)}) == 1


def test_a_second_tab_cannot_answer_a_question_twice(tmp_path):
    config = config_for(tmp_path, shuffle=False)
    desk = QuizDesk(config)
    ada = desk.join(SEAT_A, "Ada").student
    tab2 = desk.enter(SEAT_A).student
    question = on(desk, ada)
    desk.answer(ada, question.id, wrong_answer(question))
    with pytest.raises(Refused) as refused:
        desk.answer(tab2, question.id, question.answer_input)
    assert "already answered" in say(refused.value.said.code)
    assert [(r.question_id, r.outcome) for r in rows(config)] == [(question.id, "wrong")]


def test_the_store_that_fails_is_told_and_nothing_counts(tmp_path):
    config = config_for(tmp_path, shuffle=False)
    desk = QuizDesk(config)
    ada = desk.join(SEAT_A, "Ada").student
    question = on(desk, ada)
    desk.store().close()  # the database goes away under the class
    with pytest.raises(Exception):
        desk.answer(ada, question.id, question.answer_input)
    assert desk.sitting(ada).score()["attempts"] == 0 and desk.sitting(ada).current["id"] == question.id


# --- names: duplicates, rejoin codes, a roster, the hub ----------------------------------
def test_a_taken_name_needs_the_rejoin_code(tmp_path):
    config = config_for(tmp_path)
    desk = QuizDesk(config)
    ada = desk.join(SEAT_A, "Ada").student
    answer_right(desk, ada)
    other = desk.join(SEAT_B, "  ada ")
    assert other.student is None and other.claim == "Ada" and "already joined" in said(other)
    wrong = "000000" if ada.rejoin_code != "000000" else "111111"
    other = desk.rejoin(SEAT_B, "Ada", wrong)
    assert other.student is None and "not the rejoin code" in said(other)
    other = desk.rejoin(SEAT_B, "Ada", ada.rejoin_code)
    assert other.student.student_id == ada.student_id
    assert desk.sitting(other.student).score()["right"] == 1 and "from this browser" in said(other)


def test_rejoin_codes_cannot_be_guessed_for_ever(tmp_path):
    config = config_for(tmp_path)
    desk = QuizDesk(config)
    ada = desk.join(SEAT_A, "Ada").student
    desk.join(SEAT_B, "Ada")
    for _ in range(REJOIN_TRIES + 1):
        visit = desk.rejoin(SEAT_B, "Ada", "x")
    assert "Too many wrong codes" in said(visit) and visit.student is None
    assert desk.rejoin(SEAT_B, "Ada", ada.rejoin_code).student is None  # even the right one now


def test_wrong_rejoin_codes_count_per_name_whatever_the_browser(tmp_path):
    clock = Clock()
    desk = QuizDesk(config_for(tmp_path), clock=clock)
    ada = desk.join(SEAT_A, "Ada", address="10.0.0.1").student
    seats = [f"{n:064d}" for n in range(REJOIN_TRIES + 1)]  # a new browser for each guess
    visits = [desk.rejoin(seat, "Ada", "x", address=f"10.0.1.{n}") for n, seat in enumerate(seats)]
    assert "Too many wrong codes" in said(visits[-1])
    assert desk.rejoin(SEAT_B, "Ada", ada.rejoin_code, address="10.0.2.1").student is None
    clock.advance(60)  # a minute on: one more try, and the right code opens the paper
    assert desk.rejoin(SEAT_B, "Ada", ada.rejoin_code, address="10.0.2.1").student is not None


def test_wrong_rejoin_codes_count_per_address_whatever_the_name(tmp_path):
    from rummy_teach.classroom.student import REJOIN_ADDRESS_TRIES
    desk = QuizDesk(config_for(tmp_path), clock=Clock())
    kids = REJOIN_ADDRESS_TRIES // (REJOIN_TRIES - 1) + 1  # never a name's own lock first
    for n in range(kids):
        desk.join(f"{n:064d}", f"Kid {n}", address="10.0.0.1")
    seen = [said(desk.rejoin(SEAT_B, f"Kid {n % kids}", "x", address="10.9.9.9"))
            for n in range(REJOIN_ADDRESS_TRIES + 2)]
    assert "Too many wrong rejoin codes from this address" in seen[-1]
    desk.join(SEAT_A, "Fresh", address="10.0.0.1")
    assert "not the rejoin code" in said(desk.rejoin(SEAT_B, "Fresh", "x", address="10.0.0.2"))


def test_the_teacher_new_rejoin_code_forgets_the_wrong_tries(tmp_path):
    desk = QuizDesk(config_for(tmp_path), clock=Clock())
    ada = desk.join(SEAT_A, "Ada").student
    for n in range(REJOIN_TRIES):
        desk.rejoin(SEAT_B, "Ada", "x", address=f"10.0.0.{n}")
    fresh = desk.new_rejoin_code(ada.student_id)
    assert desk.rejoin(SEAT_B, "Ada", fresh.rejoin_code, address="10.0.1.1").student is not None


def test_new_names_are_paced_per_address_and_in_the_whole_class(tmp_path):
    from rummy_teach.classroom.student import JOIN_ADDRESS_BURST, JOIN_CLASS_BURST
    clock = Clock()
    desk = QuizDesk(config_for(tmp_path), clock=clock)
    made = [desk.join(f"{n:064d}", f"Bot {n}", address="10.0.0.1") for n in
            range(JOIN_ADDRESS_BURST + 1)]
    assert all(v.student for v in made[:-1]) and "from this address" in said(made[-1])
    assert desk.join(SEAT_A, "Ada", address="10.0.0.2").student is not None  # another address
    clock.advance(5)  # one more name from the first address after a while
    assert desk.join(SEAT_B, "Bot x", address="10.0.0.1").student is not None
    n = 0
    while True:  # many addresses at once: the class's own limit
        visit = desk.join(f"c{n:063d}", f"Crowd {n}", address=f"10.1.{n // 250}.{n % 250}")
        if visit.student is None:
            break
        n += 1
        assert n <= JOIN_CLASS_BURST
    assert "Many students are joining" in said(visit)
    assert desk.join(f"d{0:063d}", "Ada", address="10.9.9.9").claim == "Ada"  # a taken name: no new
    clock.advance(1)
    assert desk.join(f"e{0:063d}", "Late", address="10.9.9.9").student is not None


def test_names_that_only_look_alike_are_one_name(tmp_path):
    desk = QuizDesk(config_for(tmp_path))
    ada = desk.join(SEAT_A, "Ada").student
    for n, name in enumerate(["Ada\u200b", "A\u00adda", "\u0410da", "\uff21\uff44\uff41"]):
        visit = desk.join(f"{n:064d}", name)
        assert visit.student is None and visit.claim == "Ada", name
    with open_store(desk.config.db) as store:
        assert [s.name for s in store.students("s")] == ["Ada"]
    assert desk.rejoin(SEAT_B, "\u0410da", ada.rejoin_code).student.student_id == ada.student_id


def test_a_roster_lets_students_pick_only_their_names(tmp_path):
    config = config_for(tmp_path, roster=["Ada Lovelace", "Alan Turing"])
    desk = QuizDesk(config)
    visit = desk.join(SEAT_A, "Mallory")
    assert visit.student is None and "from the list" in said(visit)
    assert desk.join(SEAT_A, "Alan Turing").student.name == "Alan Turing"


def test_behind_jupyterhub_the_hub_user_is_the_student(tmp_path):
    config = config_for(tmp_path)
    desk = QuizDesk(config)
    ada = desk.enter(SEAT_A, "ada").student
    assert ada.name == "ada"
    answer_right(desk, ada)
    again = desk.enter(SEAT_B, "ada").student  # another browser, the same hub user
    assert again.student_id == ada.student_id and desk.sitting(again).score()["right"] == 1
    assert desk.student_of(SEAT_A, "ada").student_id == ada.student_id


def test_two_hub_users_in_one_browser_are_two_students(tmp_path):
    config = config_for(tmp_path)
    desk = QuizDesk(config)
    ada, grace = desk.enter(SEAT_A, "ada").student, desk.enter(SEAT_A, "grace").student
    assert (ada.name, grace.name) == ("ada", "grace") and ada.student_id != grace.student_id
    assert desk.student_of(SEAT_A, "ada").student_id == ada.student_id  # the hub user decides


def test_names_lose_control_and_bidi_characters(tmp_path):
    desk = QuizDesk(config_for(tmp_path))
    assert desk.join(SEAT_A, "Ada\u202e\x1b[2J Lovelace").student.name == "Ada[2J Lovelace"
    assert "Type your name" in said(desk.join(SEAT_B, " \u202e "))
    assert "at most 60" in said(desk.join(SEAT_B, "x" * 61))


# --- attempts ----------------------------------------------------------------------------
def test_one_honest_attempt_by_default(tmp_path):
    config = config_for(tmp_path, shuffle=False)
    desk = QuizDesk(config)
    ada = desk.join(SEAT_A, "Ada").student
    question = on(desk, ada)
    result, public, left = desk.answer(ada, question.id, wrong_answer(question))
    assert left == 0 and "The answer:" in feedback_html(result, public, left)
    with pytest.raises(Refused):
        desk.answer(ada, question.id, question.answer_input)
    assert [r.outcome for r in rows(config)] == ["wrong"]


def test_with_tries_left_a_wrong_answer_does_not_give_the_right_one_away(tmp_path):
    config = config_for(tmp_path, shuffle=False, attempts=2)
    desk = QuizDesk(config)
    ada = desk.join(SEAT_A, "Ada").student
    question = on(desk, ada)
    result, public, left = desk.answer(ada, question.id, wrong_answer(question))
    shown = quiz_html("T", "/", ada, desk.sitting(ada), answered=(result, public, left))
    assert left == 1 and "one try left" in shown and "The answer:" not in shown
    assert result.explanation.splitlines()[0] not in shown
    assert desk.sitting(ada).current["id"] == question.id  # still open
    result, public, left = desk.answer(ada, question.id, wrong_answer(question))
    assert left == 0 and "The answer:" in feedback_html(result, public, left)


def test_answers_are_bounded_per_student(tmp_path):
    config = config_for(tmp_path, shuffle=False)
    clock = Clock()
    desk = QuizDesk(config, clock=clock)
    ada = desk.join(SEAT_A, "Ada").student
    question = on(desk, ada)
    for _ in range(30):  # a client sending nonsense, at a person's pace: no answer is too fast
        desk.answer(ada, question.id, "")
        clock.advance(60)
    # the bound on unreadable answers, not the pace (BURST is the same number), keeps these
    assert len(rows(config)) == UNREADABLE_LIMIT


def kept_bytes(held, shared) -> int:
    """The bytes of every object ``held`` reaches that ``shared`` (the quiz, and everything
    it reaches) does not: what the desk keeps for one student, counted object by object
    (``sys.getsizeof``), not read from the process's memory, which moves with everything."""
    import gc
    import sys
    import types

    def reach(start, skip=frozenset()):
        seen, todo = {}, [start]
        while todo:
            thing = todo.pop()
            if id(thing) in seen or id(thing) in skip or isinstance(
                    thing, (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)):
                continue
            seen[id(thing)] = thing
            todo.extend(gc.get_referents(thing))
        return seen
    common = set(reach(shared))
    return sum(sys.getsizeof(thing) for thing in reach(held, common).values())


def test_what_the_desk_keeps_for_a_student_does_not_grow_with_the_answers(tmp_path):
    """A class keeps every student's sitting all through the class: what it holds must be
    bounded by the paper, not by the answers given. It kept every verdict (the answer in
    words, the explanation, the reasons): 2.2 KB more after 8 more answers, even with the
    texts of the same wrong answer shared; in a class, about 1 KB an answer."""
    config = config_for(tmp_path, shuffle=False, attempts=20)
    clock = Clock()
    desk = QuizDesk(config, clock=clock)
    ada = desk.join(SEAT_A, "Ada").student
    question = on(desk, ada)
    wrong = wrong_answer(question)
    desk.answer(ada, question.id, wrong)
    after_one = kept_bytes(desk.sitting(ada), desk.quiz)
    for _ in range(8):
        clock.advance(60)
        desk.answer(ada, question.id, wrong)
    sitting = desk.sitting(ada)
    assert sitting.tries(question.id) == 9 and len(rows(config)) == 9
    after_nine = kept_bytes(sitting, desk.quiz)
    assert after_nine - after_one < 256, (after_one, after_nine)
    # and the sitting still knows what it needs: the score, the misses, the tries left
    assert sitting.score()["wrong"] == 9 and sitting.tries_left(question.id) == 11
    assert sitting.session.missed()[0] == {"id": question.id, "wrong": 9, "rule": question.rule}


def test_answers_faster_than_a_person_are_refused(tmp_path):
    config = config_for(tmp_path, shuffle=False, attempts=20)
    clock = Clock()  # stands still: every answer comes at the same moment, however slow the machine
    desk = QuizDesk(config, clock=clock)
    ada = desk.join(SEAT_A, "Ada").student
    question = on(desk, ada)
    refused = 0
    for _ in range(BURST + 3):  # a script submitting as fast as it can
        try:
            desk.answer(ada, question.id, wrong_answer(question))
        except Refused as refusal:
            refused += 1
            assert "Slow down" in say(refusal.said.code)
    assert len(rows(config)) == BURST and refused == 3
    clock.advance(1 / PER_SECOND)  # as long as a person takes: one more is taken
    desk.answer(ada, question.id, wrong_answer(question))
    assert len(rows(config)) == BURST + 1


def test_a_finished_student_sees_the_score_and_is_welcomed_back_as_finished(tmp_path):
    config = config_for(tmp_path, shuffle=False, quiz=str(
        __import__("pathlib").Path(__file__).resolve().parents[1]
        / "rummy_teach" / "quiz" / "samples" / "first-week.json"))
    clock = Clock()
    desk = QuizDesk(config, clock=clock)
    ada = desk.join(SEAT_A, "Ada").student
    total = len(desk.sitting(ada).publics)
    for n in range(total):
        clock.advance(60)  # a person's pace: the limit is checked in the test above
        answer_right(desk, ada)
    sitting = desk.sitting(ada)
    assert sitting.finished and f"You answered {total} of {total}" in quiz_html("T", "/", ada, sitting)
    assert "You have finished the quiz" in said(QuizDesk(config).enter(SEAT_A))


# --- papers ------------------------------------------------------------------------------
def test_two_students_get_different_orders_kept_in_the_database(tmp_path):
    config = config_for(tmp_path)
    desk = QuizDesk(config)
    ada, bob = desk.join(SEAT_A, "Ada").student, desk.join(SEAT_B, "Bob").student
    orders = [[p["id"] for p in desk.sitting(s).publics] for s in (ada, bob)]
    assert orders[0] != orders[1] and sorted(orders[0]) == sorted(orders[1])
    with open_store(config["db"]) as store:
        papers = {s.name: s.paper for s in store.students("s")}
    assert papers["Ada"]["order"] == orders[0] and papers["Bob"]["order"] == orders[1]


def test_variants_give_other_cards_for_the_same_question_and_resume_them(tmp_path):
    config = config_for(tmp_path, shuffle=False, variants=True)
    clock = Clock()
    desk = QuizDesk(config, clock=clock)
    ada, bob = desk.join(SEAT_A, "Ada").student, desk.join(SEAT_B, "Bob").student
    varied = [q.id for q in Quiz.builtin("basic") if q.kind in ("points", "arrange")]
    assert varied and all(qid in ada.paper["variants"] for qid in varied)
    shown = lambda d, s, qid: d.paper(s)[qid].to_public()["groups"]
    assert any(shown(desk, ada, qid) != shown(desk, bob, qid) for qid in varied)
    qid = varied[0]
    while desk.sitting(ada).current["id"] != qid:
        clock.advance(60)
        answer_right(desk, ada)
    assert desk.sitting(ada).current["groups"] == shown(desk, ada, qid)
    clock.advance(60)
    result, _, _ = desk.answer(ada, qid, desk.paper(ada)[qid].answer_input)
    assert result.outcome == "right" and rows(config)[-1].question_id == qid
    again = QuizDesk(config)  # the server started again: the same cards
    assert shown(again, again.enter(SEAT_A).student, qid) == shown(desk, ada, qid)


# --- the desk holds each student's Sitting (issue 28) -----------------------------------

def test_the_desk_reads_a_posted_form_through_the_students_sitting(tmp_path):
    config = config_for(tmp_path, shuffle=False)
    desk = QuizDesk(config)
    ada = desk.join(SEAT_A, "Ada").student
    question = on(desk, ada)                          # basic-eights: a choice
    result, public, left = desk.answer(ada, question.id, {"choice": "set", "text": ""})
    assert result.outcome == "right" and public["id"] == question.id and left == 0
    assert [(r.question_id, r.given) for r in rows(config)] == [(question.id, "set")]
    assert desk.sitting(ada).current["id"] != question.id   # on to where the student is


def test_a_form_the_desk_cannot_read_is_refused_and_nothing_is_kept(tmp_path):
    config = config_for(tmp_path, shuffle=False)
    desk = QuizDesk(config)
    ada = desk.join(SEAT_A, "Ada").student
    question = on(desk, ada)
    with pytest.raises(Refused) as refused:
        desk.answer(ada, question.id, {"choice": ["set", "run"]})
    assert refused.value.said.code == "sitting_form_unreadable"
    assert "could not be read" in refused.value.student_message
    assert rows(config) == [] and desk.sitting(ada).score()["attempts"] == 0
    assert desk.answer(ada, question.id, {"choice": "set"}).result.outcome == "right"


def test_a_widget_can_drive_the_desks_sitting_and_keep_answers_through_the_desk(tmp_path):
    from rummy_teach.widgets.quiz import QuizWidget

    config = config_for(tmp_path, shuffle=False, attempts=2)
    desk = QuizDesk(config)
    ada = desk.join(SEAT_A, "Ada").student
    sitting = desk.sitting(ada)
    widget = QuizWidget(sitting.quiz, sitting=sitting, on_answer=desk.keeper(ada))
    question = on(desk, ada)
    widget.choose(wrong_answer(question))
    assert widget.submit().outcome == "wrong" and not widget.closed   # one try left
    assert [(r.question_id, r.outcome) for r in rows(config)] == [(question.id, "wrong")]
    # another process of the class (a second desk on the same database) takes the last try
    other = QuizDesk(config)
    other.answer(ada, question.id, question.answer_input)
    widget.choose(question.answer_input)
    assert widget.submit() is None and "already answered" in widget.problem.value
    assert widget.sitting.score()["attempts"] == 1 and len(rows(config)) == 2
    # the server started again: where the database leaves Ada
    assert QuizDesk(config).sitting(ada).current["id"] != question.id


# --- two server processes of one class: two desks on one database ---------------------------
def two_desks(tmp_path, **extra):
    """Two desks of one class, each with its own connection: what two server processes of
    the class hold (their sittings, their locks) and share (the database)."""
    config = config_for(tmp_path, shuffle=False, **extra)
    return config, QuizDesk(config, clock=Clock()), QuizDesk(config, clock=Clock())


def test_a_student_answering_through_two_desks_in_turn_goes_on_through_the_quiz(tmp_path):
    config, first, second = two_desks(tmp_path)
    ada = first.join(SEAT_A, "Ada").student
    second.enter(SEAT_A)  # the other process has seen the student too (and keeps a sitting)
    order = first.sitting(ada).order[:4]
    for number, question_id in enumerate(order):
        desk = (first, second)[number % 2]  # the other desk's sitting is one answer behind
        question = desk.sitting(ada).quiz[question_id]
        result, public, left = desk.answer(ada, question_id, question.answer_input)
        assert (result.outcome, public["id"], left) == ("right", question_id, 0)
    assert [(a.question_id, a.outcome) for a in rows(config)] == [(q, "right") for q in order]
    assert first.sitting(ada).position == 3  # the last answer went through the other desk
    again = first.sitting(ada, fresh=True)  # what the page's Next does
    assert again.position == second.sitting(ada).position == 4 and again.finished is False


def test_the_last_try_taken_through_one_desk_is_gone_in_the_other(tmp_path):
    config, first, second = two_desks(tmp_path, attempts=2)
    ada = first.join(SEAT_A, "Ada").student
    question = on(second, ada)
    assert first.answer(ada, question.id, wrong_answer(question))[2] == 1
    assert second.answer(ada, question.id, wrong_answer(question))[2] == 0  # counted the first
    with pytest.raises(Refused) as refused:
        first.answer(ada, question.id, question.answer_input)  # its own sitting said 1 left
    assert refused.value.said.code == "answer_already_given"
    assert [a.outcome for a in rows(config)] == ["wrong", "wrong"]


def test_a_try_taken_meanwhile_makes_the_other_desk_use_the_next_one(tmp_path):
    """The database holds each try once: a desk whose try was taken between its count and
    its write (another process was first) takes the next, or refuses when none is left."""
    config, first, second = two_desks(tmp_path, attempts=2)
    ada = first.join(SEAT_A, "Ada").student
    question = on(first, ada)
    store = second.store()
    counted = store.tally

    def behind(*args):  # the count as it was before the other process wrote
        found = counted(*args)
        if not behind.done:
            behind.done = True
            first.answer(ada, question.id, wrong_answer(question))
        return found
    behind.done = False
    store.tally = behind
    result, _, left = second.answer(ada, question.id, question.answer_input)
    assert result.outcome == "right" and left == 0
    assert [a.outcome for a in rows(config)] == ["wrong", "right"]  # the wrong one kept too


def test_the_same_form_sent_again_to_another_desk_is_the_answer_already_kept(tmp_path):
    config, first, second = two_desks(tmp_path, attempts=2)
    ada = first.join(SEAT_A, "Ada").student
    question = on(first, ada)
    wrong = wrong_answer(question)
    assert first.answer(ada, question.id, wrong, tried=0)[2] == 1
    result, public, left = second.answer(ada, question.id, wrong, tried=0)  # the form again
    assert (result.outcome, public["id"], left) == ("wrong", question.id, 1)
    assert len(rows(config)) == 1
    result, _, left = second.answer(ada, question.id, wrong, tried=1)  # a new try, same text
    assert (result.outcome, left) == ("wrong", 0) and len(rows(config)) == 2
    with pytest.raises(Refused):  # another text in an old form: no try is left
        first.answer(ada, question.id, question.answer_input, tried=0)
    assert len(rows(config)) == 2


def test_the_answer_form_says_which_try_it_was_shown_for(tmp_path):
    """The page's form carries its try's number, which the desk uses to know the same form
    sent again (see the two-desk tests above)."""
    config, desk, _ = two_desks(tmp_path, attempts=3)
    ada = desk.join(SEAT_A, "Ada").student
    question = on(desk, ada)
    assert '<input type="hidden" name="try" value="0">' in quiz_html("T", "/", ada, desk.sitting(ada))
    answered = desk.answer(ada, question.id, wrong_answer(question), tried=0)
    shown = quiz_html("T", "/", ada, desk.sitting(ada), answered=answered)
    assert '<input type="hidden" name="try" value="1">' in shown


def test_a_lesson_answer_whose_try_was_taken_meanwhile_takes_the_next_and_says_what_is_left(tmp_path):
    """A lesson's quizzes keep their answers through the same keeper: a try another process
    took between this one's count and its write sends the answer to the next try, and the
    tries left are the database's (none), not this process's (one)."""
    config, first, second = two_desks(tmp_path, attempts=2)
    ada = first.join(SEAT_A, "Ada").student
    quiz = Quiz.from_data({"format": "rummy-teach-quiz/1", "title": "T", "game": "basic",
                           "questions": [{"id": "q-set", "kind": "meld", "cards": "9S 9D 9C"}]})
    question = quiz["q-set"]
    store = second.store()
    counted = store.tally

    def behind(*args):  # the count as it was before the other process wrote
        found = counted(*args)
        if not behind.done:
            behind.done = True
            first.lesson_answer(ada, "lesson-check", question, "run")
        return found
    behind.done = False
    store.tally = behind
    result, left = second.lesson_answer(ada, "lesson-check", question, "not a meld")
    assert result.outcome == "wrong" and left == 0
    assert [(a.given, a.outcome) for a in rows(config)] == [("run", "wrong"),
                                                            ("not a meld", "wrong")]
    for desk in (first, second):
        with pytest.raises(Refused) as refused:
            desk.lesson_answer(ada, "lesson-check", question, "set")
        assert refused.value.said.code == "lesson_answer_done"
    assert len(rows(config)) == 2


def test_wrong_rejoin_codes_are_counted_once_for_the_class_whichever_desk_takes_them(tmp_path):
    """The class-wide limits live in the database: two processes of a class give a script
    the tries of one, not of two (the 6th guess is refused whichever desk gets it)."""
    config, first, second = two_desks(tmp_path)
    ada = first.join(SEAT_A, "Ada", address="10.0.0.1").student
    seen = [said((first, second)[n % 2].rejoin(f"{n:064d}", "Ada", "x", address=f"10.0.1.{n}"))
            for n in range(REJOIN_TRIES + 1)]
    assert all("not the rejoin code" in s for s in seen[:REJOIN_TRIES - 1]), seen
    assert "Too many wrong codes" in seen[REJOIN_TRIES - 1] and "Too many wrong codes" in seen[-1]
    for desk in (first, second):  # even the right code waits for the minute, on both
        assert desk.rejoin(SEAT_B, "Ada", ada.rejoin_code, address="10.0.2.1").student is None


def test_new_names_from_one_address_are_counted_once_for_the_class(tmp_path):
    from rummy_teach.classroom.student import JOIN_ADDRESS_BURST
    config, first, second = two_desks(tmp_path)
    made = [(first, second)[n % 2].join(f"{n:064d}", f"Bot {n}", address="10.0.0.1")
            for n in range(JOIN_ADDRESS_BURST + 1)]
    assert all(v.student for v in made[:-1]) and "from this address" in said(made[-1])


def test_a_right_rejoin_code_uses_up_no_try(tmp_path):
    desk = QuizDesk(config_for(tmp_path), clock=Clock())
    ada = desk.join(SEAT_A, "Ada").student
    for n in range(REJOIN_TRIES + 3):  # a student who changes devices often is never locked out
        assert desk.rejoin(f"{n:064d}", "Ada", ada.rejoin_code, address="10.0.0.1").student
    assert "not the rejoin code" in said(desk.rejoin(SEAT_B, "Ada", "x", address="10.0.0.1"))


def test_a_class_behind_one_address_joins_at_once_and_a_flood_is_still_refused(tmp_path):
    """A school's network shows the classroom one address (NAT) for a whole class: a class
    of 30 arriving in the same instant, with names retyped and the teacher's own devices,
    all get in, and so does a second class's worth within a minute; a script making names
    is stopped."""
    from rummy_teach.classroom.student import JOIN_ADDRESS_BURST
    clock = Clock()
    desk = QuizDesk(config_for(tmp_path), clock=clock)
    for n in range(40):  # at once
        assert desk.join(f"{n:064d}", f"Pupil {n}", address="192.0.2.1").student, n
    for n in range(30):  # and a class more within the minute
        clock.advance(2)
        assert desk.join(f"l{n:063d}", f"Late {n}", address="192.0.2.1").student, n
    made = [desk.join(f"f{n:063d}", f"Bot {n}", address="192.0.2.1") for n in range(200)]
    assert sum(v.student is not None for v in made) <= JOIN_ADDRESS_BURST - 40
    assert "from this address" in said(made[-1])


def test_a_class_behind_one_address_can_mistype_its_rejoin_codes(tmp_path):
    """Thirty students behind one address each mistyping their rejoin code once do not
    lock the address; a script trying many names is still stopped."""
    from rummy_teach.classroom.student import REJOIN_ADDRESS_TRIES
    desk = QuizDesk(config_for(tmp_path), clock=Clock())
    pupils = [desk.join(f"{n:064d}", f"Pupil {n}", address="192.0.2.1").student
              for n in range(30)]
    for n, pupil in enumerate(pupils):
        assert "not the rejoin code" in said(desk.rejoin(SEAT_B, pupil.name, "x",
                                                          address="192.0.2.1"))
        assert desk.rejoin(f"r{n:063d}", pupil.name, pupil.rejoin_code,
                           address="192.0.2.1").student
    seen = [said(desk.rejoin(SEAT_B, pupils[n % 30].name, "x", address="192.0.2.1"))
            for n in range(REJOIN_ADDRESS_TRIES)]
    assert "Too many wrong rejoin codes from this address" in seen[-1]


def test_a_reload_keeps_the_sitting_unless_the_database_changed(tmp_path):
    """A reload or Next reads the student's answers again, but makes their sitting again
    only when another process (or the teacher) changed them: making it on every reload
    judged every answer again and left the old one's verdicts behind (issue 28's memory
    soak)."""
    config, first, second = two_desks(tmp_path)
    ada = first.join(SEAT_A, "Ada").student
    answer_right(first, ada)
    held = first.sitting(ada)
    again = first.sitting(ada, fresh=True)  # Next, or a reload: nothing new in the database
    assert again is held and again.position == 1 and again.judged == 1
    answer_right(second, ada)  # another process moved the student on
    moved = first.sitting(ada, fresh=True)
    assert moved is not held and moved.position == 2 and moved.judged == 2


def test_in_a_lesson_class_the_dashboard_counts_the_lessons_questions(tmp_path):
    """A lesson class (``--notebook``) answers its lesson's quizzes, never the class quiz:
    "question N of M" is about the questions the students' kernels drew."""
    from rummy_teach.classroom.dashboard import dashboard_html
    desk = QuizDesk(config_for(tmp_path, attempts=1), clock=Clock())
    ada = desk.join(SEAT_A, "Ada").student
    bruno = desk.join(SEAT_B, "Bruno").student
    quiz = Quiz.from_data({"format": "rummy-teach-quiz/1", "title": "T", "game": "basic",
                           "questions": [{"id": "q-set", "kind": "meld", "cards": "9S 9D 9C"},
                                         {"id": "q-run", "kind": "meld", "cards": "4H 5H 6H"}]})
    desk.note_lesson_quiz("lesson-check", len(quiz))
    desk.note_lesson_quiz("lesson-check", "many")  # a kernel's word that is no count: ignored
    desk.lesson_answer(ada, "lesson-check", quiz["q-set"], "set")
    with open_store(desk.config.db, create=False) as store:
        students, answers = store.students("s"), store.answers(session="s")
    live = dashboard_html(desk.quiz, students, answers, lesson=desk.lesson_quizzes)
    ada_row, bruno_row = (row for row in live.split("<tr>") if "Ada" in row or "Bruno" in row)
    assert "question 2 of 2" in ada_row and "question 1 of 2" in bruno_row
    assert f"of {len(desk.quiz)}" not in live
    desk.lesson_answer(ada, "lesson-check", quiz["q-run"], "set")
    with open_store(desk.config.db, create=False) as store:
        answers = store.answers(session="s")
    live = dashboard_html(desk.quiz, students, answers, lesson=desk.lesson_quizzes)
    assert "finished" in next(row for row in live.split("<tr>") if "Ada" in row)
    # the dashboard page counts in the database instead of reading every answer: the same
    from rummy_teach.classroom.dashboard import Tally
    with open_store(desk.config.db, create=False) as store:
        counted = Tally.of_counts(store.answer_counts("s", pairs=True))
    now = __import__("datetime").datetime.now(__import__("datetime").timezone.utc)
    assert dashboard_html(desk.quiz, students, counted, lesson=desk.lesson_quizzes, now=now) == \
        dashboard_html(desk.quiz, students, answers, lesson=desk.lesson_quizzes, now=now)
