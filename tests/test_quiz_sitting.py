"""One Sitting owns a learner's way through a paper: one test per rule.

The book page's controller, the JupyterLab widget and the classroom's desk each hold a
Sitting and ask it (their own tests show them doing so the way a learner meets them);
here the rules are tested on the Sitting alone, with no front end.
"""

import pytest

from rummy_teach import i18n
from rummy_teach.quiz import Quiz, Sitting, SittingRefused, form_text
from rummy_teach.quiz.sitting import ANSWER_LIMIT

BASIC = Quiz.builtin("basic")
CHOICE, NUMBER = BASIC["basic-qka"], BASIC["basic-opponent-cards"]  # "not a meld", "30"
CARDS, MULTI = BASIC["basic-eights-lay-off"], BASIC["basic-which-melds"]
WINNER = BASIC["basic-two-player-hand"]


def paper(*questions):
    return Quiz(questions or (CHOICE, NUMBER, BASIC["basic-eights"]), title="t")


def state(sitting: Sitting) -> tuple:
    """Everything a front end may ask a sitting."""
    return (sitting.position, sitting.closed, sitting.finished, sitting.result,
            sitting.score(), [sitting.tries(q) for q in sitting.order],
            sitting.current and sitting.current["id"])


def test_a_fresh_sitting_shows_the_papers_first_question_with_its_options_in_the_papers_order():
    quiz = paper()
    shuffled = ["run", "not a meld", "set"]
    sitting = Sitting(quiz, order=[NUMBER.id, "not-in-this-quiz", CHOICE.id, "basic-eights"],
                      options={CHOICE.id: shuffled, NUMBER.id: ["1", "2"]})
    assert sitting.order == [NUMBER.id, CHOICE.id, "basic-eights"]  # unknown ids left out
    assert sitting.current == NUMBER.to_public() and sitting.position == 0
    assert sitting.public_of(CHOICE.id)["options"] == shuffled
    assert sitting.public_of("elsewhere") is None
    assert Sitting(quiz).order == [q.id for q in quiz]


def test_a_right_answer_closes_the_question_and_next_goes_on():
    sitting = Sitting(paper())
    answered = sitting.submit({"choice": "not a meld"})
    assert answered.result.outcome == "right" and answered.public["id"] == CHOICE.id
    assert answered.tries_left == 0 and sitting.closed and sitting.position == 0
    sitting.next()
    assert not sitting.closed and sitting.current["id"] == NUMBER.id and sitting.result is None


def test_next_does_nothing_while_the_question_is_open():
    sitting = Sitting(paper())
    sitting.submit({"choice": "sequence"})           # unreadable: still open
    before = state(sitting)
    sitting.next()
    assert state(sitting) == before


def test_one_attempt_by_default_a_wrong_answer_closes_the_question():
    sitting = Sitting(paper())
    answered = sitting.submit({"choice": "run"})
    assert answered.result.outcome == "wrong" and answered.tries_left == 0 and sitting.closed


def test_with_attempts_a_wrong_answer_leaves_the_question_open_while_tries_are_left():
    sitting = Sitting(paper(), attempts=3)
    assert sitting.tries_left() == 3
    assert sitting.submit({"choice": "run"}).tries_left == 2 and not sitting.closed
    assert sitting.submit({"choice": "set"}).tries_left == 1 and not sitting.closed
    assert sitting.submit({"choice": "run"}).tries_left == 0 and sitting.closed
    assert sitting.done_with(CHOICE.id) and not sitting.session.solved(CHOICE.id)


def test_a_right_answer_leaves_no_tries_whatever_the_attempts():
    sitting = Sitting(paper(), attempts=3)
    sitting.submit({"choice": "run"})
    answered = sitting.submit({"choice": "not a meld"})
    assert answered.tries_left == 0 and sitting.closed and sitting.tries(CHOICE.id) == 2


def test_an_unreadable_answer_gets_a_hint_and_is_never_an_attempt():
    sitting = Sitting(paper(), attempts=2)
    answered = sitting.submit({"choice": "sequence"})
    assert answered.result.outcome == "unreadable" and answered.result.hint
    assert answered.tries_left == 2 and sitting.tries(CHOICE.id) == 0 and not sitting.closed
    assert sitting.score()["attempts"] == 0 and sitting.score()["unreadable"] == 1


def test_the_score_counts_right_wrong_and_unreadable_apart():
    sitting = Sitting(paper())
    sitting.submit({"choice": "run"})
    sitting.next()
    sitting.submit({"text": "thirty"})
    sitting.submit({"text": "30"})
    assert sitting.score() == {"attempts": 2, "right": 1, "wrong": 1, "unreadable": 1,
                               "solved": 1, "questions": 3}
    assert sitting.judged == 2


def test_going_on_past_the_last_question_finishes_the_sitting():
    sitting = Sitting(paper(CHOICE, NUMBER))
    sitting.submit({"choice": "not a meld"})
    assert not sitting.last
    sitting.next()
    assert sitting.last            # Next would show the score
    sitting.submit({"text": "30"})
    sitting.next()
    assert sitting.finished and sitting.current is None and sitting.position == 2
    with pytest.raises(SittingRefused) as refused:
        sitting.submit({"text": "30"})
    assert refused.value.reason.code == "answer_already_given"


def test_resume_mid_question_opens_where_the_answers_leave_it_with_the_tries_made():
    history = [(CHOICE.id, "not a meld"), (NUMBER.id, "31"), (NUMBER.id, "thirty")]
    sitting = Sitting(paper(), attempts=3, history=history)
    assert sitting.current["id"] == NUMBER.id and not sitting.closed
    assert sitting.tries(NUMBER.id) == 1 and sitting.tries_left() == 2
    assert sitting.score() == {"attempts": 2, "right": 1, "wrong": 1, "unreadable": 1,
                               "solved": 1, "questions": 3}


def test_resume_after_every_question_is_done_with_is_finished():
    history = [(CHOICE.id, "run"), (NUMBER.id, "30")]
    sitting = Sitting(paper(CHOICE, NUMBER), history=history)
    assert sitting.finished and sitting.current is None
    assert sitting.score()["right"] == 1 and sitting.score()["wrong"] == 1


def test_resume_reads_stored_rows_mappings_and_pairs_alike_and_skips_other_questions():
    class Row:                     # as the classroom's store gives an answer back
        def __init__(self, question_id, given):
            self.question_id, self.given, self.outcome = question_id, given, "right"

    rows = [Row(CHOICE.id, "not a meld"), {"question_id": NUMBER.id, "given": "30"},
            ("basic-deal-two", "10")]   # a question not on this paper
    sitting = Sitting(paper(), history=rows)
    assert sitting.current["id"] == "basic-eights" and sitting.score()["right"] == 2
    assert sitting.score()["attempts"] == 2


def test_an_answer_to_another_question_than_the_one_shown_is_refused_and_changes_nothing():
    sitting = Sitting(paper())
    before = state(sitting)
    with pytest.raises(SittingRefused) as refused:
        sitting.submit({"text": "30"}, question=NUMBER.id)
    assert refused.value.reason.code == "answer_already_given" and state(sitting) == before
    assert not sitting.takes(NUMBER.id) and sitting.takes(CHOICE.id) and sitting.takes()


def test_a_closed_question_takes_no_more_answers():
    sitting = Sitting(paper())
    sitting.submit({"choice": "run"})
    before = state(sitting)
    with pytest.raises(SittingRefused):
        sitting.submit({"choice": "not a meld"})
    assert state(sitting) == before and not sitting.takes()


@pytest.mark.parametrize("form", [
    "not a meld",                                   # not a form at all
    None,
    {"choice": ["not a meld"]},                     # a list where one value goes
    {"choice": 3},
    {"choice": "x" * (ANSWER_LIMIT + 1)},           # longer than any answer
])
def test_a_bad_form_is_refused_clearly_and_the_sitting_is_unchanged(form):
    sitting = Sitting(paper(), attempts=2)
    sitting.submit({"choice": "run"})
    before = state(sitting)
    with pytest.raises(SittingRefused) as refused:
        sitting.submit(form)
    assert refused.value.reason.code in ("sitting_form_unreadable", "sitting_answer_too_long")
    assert state(sitting) == before
    with i18n.language("it"):
        assert "risposta" in str(refused.value)       # said in the learner's language
    assert sitting.submit({"choice": "not a meld"}).result.outcome == "right"


@pytest.mark.parametrize("picks", ["8C", [8], ["8C"] * ANSWER_LIMIT])
def test_picks_that_are_not_a_list_of_short_texts_are_refused(picks):
    sitting = Sitting(paper(CARDS))
    before = state(sitting)
    with pytest.raises(SittingRefused):
        sitting.submit({"pick": picks})
    assert state(sitting) == before


def test_a_record_that_fails_counts_nothing_and_its_error_goes_to_the_caller():
    kept = []

    def record(public, text, result):
        kept.append((public["id"], text, result.outcome))
        if len(kept) == 1:
            raise OSError("disk full")

    sitting = Sitting(paper())
    before = state(sitting)
    with pytest.raises(OSError):
        sitting.submit({"choice": "not a meld"}, record=record)
    assert state(sitting) == before
    assert sitting.submit({"choice": "not a meld"}, record=record).result.outcome == "right"
    assert kept == [(CHOICE.id, "not a meld", "right")] * 2


def test_submit_text_takes_an_answer_already_written():
    sitting = Sitting(paper(NUMBER))
    assert sitting.submit_text(" 30 ").result.outcome == "right"
    with pytest.raises(SittingRefused):
        Sitting(paper(NUMBER)).submit_text("3" * (ANSWER_LIMIT + 1))


# --- the answer text from a form, built in one place -----------------------------------

def test_a_choice_is_the_option_pressed_and_nothing_pressed_is_empty():
    assert form_text(CHOICE.to_public(), {"choice": "run", "text": "ignored"}) == "run"
    assert form_text(CHOICE.to_public(), {}) == ""


def test_picked_letters_or_cards_are_joined_and_none_picked_is_none():
    assert form_text(MULTI.to_public(), {"pick": ["A", "C"]}) == "A C"
    assert form_text(CARDS.to_public(), {"pick": []}) == "none"
    assert form_text(CARDS.to_public(), {"choice": "", "text": ""}) == "none"


def test_a_winner_and_points_are_one_line():
    assert form_text(WINNER.to_public(), {"choice": "You", "text": "30"}) == "You 30"
    assert form_text(WINNER.to_public(), {"choice": "", "text": "30"}) == "30"


def test_a_number_or_melds_are_the_box_as_typed():
    assert form_text(NUMBER.to_public(), {"text": " 30 ", "choice": "x"}) == " 30 "


def test_every_front_end_reads_a_right_answer_the_same_way():
    for question in BASIC:
        public = question.to_public()
        answer = question.answer_input
        fields = {"choice": "", "pick": [], "text": ""}
        if public["input"] == "choice":
            fields["choice"] = answer
        elif public["input"] in ("multi", "cards"):
            fields["pick"] = ([] if answer == "none" else answer.split(", ") if ", " in answer
                              else answer.split())
        elif public["input"] == "player_points":
            fields["choice"], fields["text"] = answer.rsplit(" ", 1)
        else:
            fields["text"] = answer
        outcome = Sitting(Quiz([question])).submit(fields).result.outcome
        assert outcome == "right", (question.id, fields)
