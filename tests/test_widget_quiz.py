"""The quiz widget in Python: answers right, wrong and unreadable, the score, and secrecy.

Secrecy is tested on everything the widget syncs to a browser: every trait of every
widget in its tree (children, layouts, styles, the clickable cards' HTML), walked
through ``get_state()``.
"""

import json

import ipywidgets as widgets
import pytest

from rummy_teach.quiz import Quiz
from rummy_teach.widgets.quiz import QuizWidget

QUIZZES = {name: Quiz.builtin(name) for name in ("basic", "500", "contract")}
QUIZZES["first-week"] = Quiz.load("rummy_teach/quiz/samples/first-week.json")
ALL_QUESTIONS = [(name, q) for name, quiz in QUIZZES.items() for q in quiz]


def synced_state(widget, seen=None):
    """Everything ``widget`` and the widgets it refers to would sync, with model ids
    replaced by the referred widget's own state (so two trees compare by content)."""
    seen = set() if seen is None else seen
    if widget.model_id in seen:
        return "<cycle>"
    seen = seen | {widget.model_id}
    state = widget.get_state()
    out = {}
    for name, value in sorted(state.items()):
        trait = getattr(widget, name, None)
        if isinstance(trait, widgets.Widget):
            out[name] = synced_state(trait, seen)
        elif isinstance(trait, (list, tuple)) and trait and all(
                isinstance(w, widgets.Widget) for w in trait):
            out[name] = [synced_state(w, seen) for w in trait]
        else:
            out[name] = value
    return out


def synced_text(widget) -> str:
    return json.dumps(synced_state(widget), ensure_ascii=False, default=str)


class PublicOnly:
    """A question reduced to what ``to_public()`` says, with no way to check an answer."""

    def __init__(self, question):
        self.id = question.id
        self._public = question.to_public()

    def to_public(self):
        return dict(self._public)

    def check(self, text):
        raise AssertionError("a question must not be checked before the learner submits")


def find(quiz, kind):
    return next(q for q in quiz if q.input == kind)


# --- answering -----------------------------------------------------------------------

def test_right_answer_counts_and_closes_the_question():
    quiz = QUIZZES["basic"]
    widget = QuizWidget(quiz)
    first = quiz[0]
    widget.choose(first.answer_input)
    result = widget.submit()
    assert result.outcome == "right"
    assert widget.session.score()["right"] == 1
    assert "Right!" in widget.feedback.value and first.explanation.splitlines()[0] in \
        widget.feedback.value.replace("&#x27;", "'")
    assert widget.submit_button.disabled and not widget.next_button.disabled
    assert widget.choice.disabled
    assert "1 right" in widget.progress.value
    widget.next()
    assert widget.position == 1 and widget.feedback.value == ""


def test_wrong_answer_shows_the_correct_answer_and_the_cards():
    quiz = QUIZZES["basic"]
    widget = QuizWidget(quiz)
    first = quiz[0]
    wrong = next(o for o in first.options if o != first.answer_input)
    widget.choose(wrong)
    result = widget.submit()
    assert result.outcome == "wrong"
    assert widget.session.score() == {**widget.session.score(), "wrong": 1, "right": 0}
    assert "Not quite." in widget.feedback.value
    assert f"The answer: <b>{first.answer_text}</b>" in widget.feedback.value
    assert 'role="img"' in widget.feedback.value  # the cards are drawn with the verdict
    assert "0 right, 1 wrong" in widget.progress.value


def test_a_click_or_enter_checks_the_answer_only_after_the_page_sent_what_it_held_back():
    """ipywidgets holds a box's change back while the kernel is busy with the one before,
    but sends a click (or Enter) at once: the widget asks its page to echo a token, and
    checks the answer when the echo comes back, after the held-back change."""
    question = find(QUIZZES["basic"], "number")
    for press in ("click", "enter"):
        widget = QuizWidget(Quiz([question]))
        sent = []
        widget.feedback.send = lambda content, buffers=None: sent.append(content)
        widget.type_answer(question.answer_input[:-1])       # what reached the kernel first
        if press == "click":
            widget.submit_button.click()
        else:
            widget.text._handle_custom_msg({"event": "submit"}, [])
        assert widget.result is None and widget.feedback.value == "" and sent == [{"echo": 1}]
        widget.type_answer(question.answer_input)             # the change the page held back
        widget.feedback._handle_custom_msg({"echo": 1}, [])
        assert widget.result.outcome == "right", press
        widget.feedback._handle_custom_msg({"echo": 1}, [])   # a second view's echo: nothing more
        assert widget.session.score()["right"] == 1


@pytest.mark.parametrize("text", ["", "   ", "thirty", "30 points", "-5", str(10 ** 100), "3 0"])
def test_unreadable_number_gets_a_hint_and_is_not_an_attempt(text):
    quiz = Quiz([find(QUIZZES["basic"], "number")])
    widget = QuizWidget(quiz)
    widget.type_answer(text)
    result = widget.submit()
    assert result.outcome == "unreadable", text
    assert result.hint and result.hint in widget.feedback.value.replace("&#x27;", "'")
    assert 'role="alert"' in widget.feedback.value
    assert widget.session.attempts == 0 and widget.session.unreadable == 1
    assert not widget.closed and not widget.submit_button.disabled and not widget.text.disabled
    # the learner corrects the answer: stray spaces around it do not matter
    question = quiz[0]
    widget.type_answer(f"  {question.answer_input} ")
    assert widget.submit().outcome == "right"
    assert widget.session.score()["attempts"] == 1


def test_empty_choice_is_unreadable():
    widget = QuizWidget(QUIZZES["basic"])
    assert widget.submit().outcome == "unreadable"
    assert widget.session.attempts == 0


def test_cards_answer_by_clicking_cards():
    question = find(QUIZZES["basic"], "cards")
    widget = QuizWidget(Quiz([question]))
    for card in question.answer_input.split():
        widget.click_card(card)
    assert widget.submit().outcome == "right"
    assert widget.picker.disabled


def test_cards_answer_none_when_nothing_is_picked():
    question = find(QUIZZES["basic"], "cards")
    widget = QuizWidget(Quiz([question]))
    expected = question.check("none").outcome
    assert widget.submit().outcome == expected


def test_multi_answer_by_letters():
    question = find(QUIZZES["basic"], "multi")
    widget = QuizWidget(Quiz([question]))
    widget.choose(*question.answer_input.split())
    assert widget.answer_text() == question.answer_input
    assert widget.submit().outcome == "right"


def test_player_points_answer_by_name_and_number():
    question = find(QUIZZES["basic"], "player_points")
    name, points = question.answer_input.split()
    widget = QuizWidget(Quiz([question]))
    widget.choose(name)
    widget.type_answer("thirty")
    assert widget.submit().outcome == "unreadable"
    widget.type_answer(points)
    assert widget.submit().outcome == "right"


def test_arrangement_answer_typed():
    question = find(QUIZZES["basic"], "arrangement")
    widget = QuizWidget(Quiz([question]))
    widget.type_answer(question.answer_input)
    assert widget.submit().outcome == "right"


def test_whole_quiz_score_and_finish():
    quiz = QUIZZES["500"]
    widget = QuizWidget(quiz)
    for i, question in enumerate(quiz):
        assert widget.current["id"] == question.id
        widget.submit("thirty" if question.input == "number" else "")  # unreadable first
        text = question.answer_input if i % 3 else "zz"
        if widget.submit(text).outcome == "unreadable":
            widget.submit(question.answer_input)
        widget.next()
    assert widget.finished
    score = widget.session.score()
    assert score["attempts"] == len(quiz) and score["right"] == len(quiz)
    assert "Finished!" in widget.question.value
    assert widget.submit_button.disabled and widget.next_button.disabled


def test_a_failing_recorder_counts_nothing_and_asks_to_submit_again():
    calls = []

    def record(public, text, result):
        calls.append((public["id"], text, result.outcome))
        if len(calls) == 1:
            raise OSError("disk full")

    quiz = QUIZZES["basic"]
    widget = QuizWidget(quiz, on_answer=record)
    widget.choose(quiz[0].answer_input)
    assert widget.submit() is None
    assert "could not be saved" in widget.problem.value and widget.session.attempts == 0
    assert widget.feedback.value == "" and not widget.closed
    assert widget.submit().outcome == "right"
    assert widget.problem.value == "" and widget.session.right == 1
    assert calls == [(quiz[0].id, quiz[0].answer_input, "right")] * 2


def test_next_does_nothing_before_an_answer():
    widget = QuizWidget(QUIZZES["basic"])
    widget.next()
    assert widget.position == 0


# --- secrecy -------------------------------------------------------------------------

def secrets(question) -> list[str]:
    """Texts that give the answer away and are not in what the browser may see."""
    public = json.dumps(question.to_public(), ensure_ascii=False)
    result = question.check(question.answer_input)
    candidates = [line for line in result.explanation.splitlines()] + [result.rule, result.note]
    candidates += [r.text() for r in question.reasons]
    if len(question.answer_text) > 3:
        candidates.append(question.answer_text)
    return [c for c in candidates if c and len(c) > 3 and c not in public]


@pytest.mark.parametrize("name,question", ALL_QUESTIONS, ids=[q.id for _, q in ALL_QUESTIONS])
def test_nothing_but_the_public_question_is_synced_before_submitting(name, question):
    widget = QuizWidget(Quiz([question], title="t"))
    # the synced state is a function of to_public() alone: a question that can tell
    # nothing else gives exactly the same state
    blind = QuizWidget(Quiz([PublicOnly(question)], title="t"))
    assert synced_state(widget) == synced_state(blind)
    text = synced_text(widget)
    escaped = text.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")
    for secret in secrets(question):
        assert secret not in escaped, f"{secret!r} reached the browser before submitting"
    # and the search would find them once the learner has submitted
    widget.submit(question.answer_input)
    after = synced_text(widget).replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")
    for line in question.check(question.answer_input).explanation.splitlines():
        assert line in after


def test_an_unreadable_answer_reveals_nothing():
    question = find(QUIZZES["basic"], "number")
    widget = QuizWidget(Quiz([question]))
    widget.type_answer("thirty")
    widget.submit()
    text = synced_text(widget)
    for secret in secrets(question):
        assert secret not in text
    assert question.answer_input not in widget.feedback.value


def test_questions_about_play_are_answered_with_the_widgets_buttons():
    """A deal size is typed; the empty stock is one of four choices; a shared win is two
    toggles. The feedback shows the engine's verdict."""
    from rummy_teach.quiz import Quiz

    bank = Quiz.builtin("contract")
    picked = [bank["contract-deal-hand-5"], bank["contract-refill"], bank["contract-game-end-shared"]]
    widget = QuizWidget(Quiz(picked, title="play"))
    widget.type_answer("12")
    assert widget.submit().right
    widget.next()
    widget.choose(picked[1].answer)
    assert widget.submit().right
    widget.next()
    assert [t.description for t in widget.toggles] == ["Ann", "Ben", "Cleo", "nobody yet"]
    widget.choose("Ben", "Cleo")
    result = widget.submit()
    assert result.right and "share the win" in result.explanation


def test_a_widget_given_a_sitting_shows_it_and_takes_nothing_else_of_the_paper():
    from rummy_teach.errors import UsageError
    from rummy_teach.quiz import Sitting

    quiz = QUIZZES["basic"]
    sitting = Sitting(quiz, history=[(quiz[0].id, quiz[0].answer_input)])
    widget = QuizWidget(quiz, sitting=sitting)
    assert widget.sitting is sitting and widget.current["id"] == quiz[1].id
    widget.type_answer(quiz[1].answer_input)
    widget.submit()
    assert sitting.score()["right"] == 2 and sitting.closed
    for extra in ({"history": [(quiz[0].id, "set")]}, {"attempts": 2}, {"order": [quiz[1].id]}):
        with pytest.raises(UsageError):
            QuizWidget(quiz, sitting=sitting, **extra)
    with pytest.raises(UsageError):
        QuizWidget(QUIZZES["500"], sitting=sitting)
