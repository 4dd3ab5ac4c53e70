"""Every word the tables, the meld checker, the stepper and the quiz show comes from the catalogue.

The check a translator needs: switch to a made-up language in which every message is
wrapped in ⟦ ⟧, play through real hands, worked examples and quizzes, and read what a
person would read (text, tooltips, screen-reader names, placeholders, widget labels).
With the wrapped parts taken away, no English word may be left. A sentence typed into
the code instead of the catalogue shows up here by name.

What the catalogue does not hold yet is named in ``NOT_OURS`` below: the quiz questions'
own words (prompts, options, explanations: issue 16 moves them) and the games' titles.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from rummy_teach.game import Bot
from rummy_teach.play.meld import GAME_CHOICES, MeldCheckerController
from rummy_teach.play.quiz import QuizController
from rummy_teach.play.stepper import StepperController
from rummy_teach.play.table import TableController
from rummy_teach.quiz import Quiz
from rummy_teach.reasons import ENGLISH, speaking
from rummy_teach.rules import RULE_SETS
from rummy_teach.lessons.worked_examples import EXAMPLES

PSEUDO = {code: tuple(f"⟦{form}⟧" for form in template) if isinstance(template, tuple)
          else f"⟦{template}⟧" for code, template in ENGLISH.items()}   # a counted message: each form
READ_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt"}
PRINTED_ON_CARDS = {"JK", "JOKER"}   # what a joker's picture prints, like a real card
SKIPPED_TAGS = {"style", "script"}


class _Reader(HTMLParser):
    """What a person reads in a piece of HTML: its text and its spoken attributes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED_TAGS:
            self._skipping += 1
        self.parts += [value for name, value in attrs if name in READ_ATTRIBUTES and value]

    def handle_endtag(self, tag):
        if tag in SKIPPED_TAGS:
            self._skipping -= 1

    def handle_data(self, data):
        if not self._skipping:
            self.parts.append(data)


def read(html: str) -> str:
    reader = _Reader()
    reader.feed(html)
    return "\n".join(reader.parts)


def english_left(text: str, not_ours=()) -> list[str]:
    """The words of ``text`` that no catalogue message said."""
    for words in sorted(not_ours, key=len, reverse=True):
        if words:  # whole words only: an option "E" must not cut "JOKER" to "JOK R"
            text = re.sub(rf"(?<!\w){re.escape(words)}(?!\w)", " ", text)
    inner = re.compile(r"⟦[^⟦⟧]*⟧")
    while inner.search(text):
        text = inner.sub(" ", text)
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in PRINTED_ON_CARDS]


TITLES = tuple(rules.title for rules in RULE_SETS.values())


def assert_all_from_catalogue(html: str, where: str, not_ours=()) -> None:
    left = english_left(read(html), (*TITLES, *not_ours))
    assert not left, f"{where}: words outside the catalogue: {sorted(set(left))}"


# --- the self-test: the checker itself catches a typed-in sentence ------------------------

def test_the_checker_finds_a_typed_in_sentence_and_passes_catalogue_words():
    assert english_left("⟦Draw⟧ ⟦⟦eight⟧ of ⟦spades⟧⟧ 8♠ 10 JK") == []
    assert english_left('⟦Draw⟧ Sort by suit') == ["Sort", "by", "suit"]
    assert english_left(read('<button title="Take a card">⟦Draw⟧</button>')) == ["Take", "card"]


# --- the card table, through whole hands ------------------------------------------------------

def _play_hand(table: TableController, seen: list[str], learner: Bot) -> None:
    """Play the learner's seat with a computer player's choices, trying the refusals on the way."""
    game = table.game
    seen.append(table.html())
    table.press("discard")                       # nothing selected
    table.press("layoff")
    table.click_meld(1)
    table.click_card("QS" if "QS" not in game.hand(table.seat) else "KS")
    seen.append(table.html())
    for turn in range(400):
        if game.is_hand_over:
            break
        if game.current_player != table.seat:    # not the learner's move: a refusal to read
            table.press("draw")
            seen.append(table.html())
            table.run_bots()
            continue
        if turn == 0:
            table.coach("hint")
        action = learner.act(game)
        table.play(action)
        table.run_bots()
        if turn % 4 == 0:
            seen.append(table.html())
    seen.append(table.html())
    if game.is_hand_over:
        table.coach("review")
        seen.append(table.html())
        table.coach("review_next")
        table.play("draw")                       # refused while the review is open
        seen.append(table.html())
        table.coach("review_close")
        seen.append(table.html())


@pytest.mark.parametrize("game, players", [("basic", 2), ("500", 3), ("contract", 3)])
def test_the_card_table_says_nothing_outside_the_catalogue(game, players):
    with speaking(PSEUDO):
        table = TableController(game, players, levels=("easy",), seed=7)
        table.run_bots()
        seen: list[str] = []
        _play_hand(table, seen, Bot("easy", seed="learner"))
        assert table.game.is_hand_over, "the hand should have been played to its end"
        table.press("next")
        seen.append(table.html())
    assert any("⟦" in read(html) for html in seen)
    for number, html in enumerate(seen):
        assert_all_from_catalogue(html, f"{game} table, view {number}")


# --- the meld checker and the stepper ------------------------------------------------------------

@pytest.mark.parametrize("game", GAME_CHOICES)
def test_the_meld_checker_says_nothing_outside_the_catalogue(game):
    with speaking(PSEUDO):
        checker = MeldCheckerController(game)
        views = [checker.html()]
        for cards in ("8S 8H 8D", "QH KH AH", "4H 5H 7H", "8S"):
            checker.select(cards)
            views.append(checker.html())
            views.append(checker.verdict_text())
    for html in views:
        assert_all_from_catalogue(html, f"meld checker ({game})")


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_worked_example_step_says_nothing_outside_the_catalogue(name):
    players = [seat for seat in EXAMPLES[name].seats if seat not in ENGLISH]  # "Ben", "Cleo"
    with speaking(PSEUDO):
        views = StepperController(name).views()
    assert len(views) >= 2, name  # a worked example has steps: none would check nothing
    for step, html in views.items():
        assert_all_from_catalogue(html, f"{name}, step {step}", players)


# --- the self-study quiz -----------------------------------------------------------------------

def _question_words(public: dict, result=None) -> list[str]:
    """A question's own words (issue 16 moves them to the catalogue), set aside by the check."""
    words = [public["prompt"], public["form"], *public["options"],
             *(group["label"] for group in public["groups"])]
    if result is not None:
        words += [str(getattr(result, name, "") or "") for name in
                  ("given", "correct", "explanation", "rule", "note", "feedback", "hint")]
    return words


@pytest.mark.parametrize("bank", ["basic", "500", "contract"])
def test_the_quiz_page_says_nothing_outside_the_catalogue(bank):
    with speaking(PSEUDO):
        quiz = Quiz.builtin(bank)
        quiz_page = QuizController(quiz, title="")
        seen = []
        for _ in range(len(quiz.questions)):
            public = quiz_page.current
            seen.append((quiz_page.html(), _question_words(public)))
            quiz_page.handle("submit", fields={"text": "?!"})       # unreadable where typed
            seen.append((quiz_page.html(), _question_words(public, quiz_page.result)))
            if public["options"]:
                quiz_page.handle("choose", public["options"][0])
            quiz_page.handle("submit", fields={"text": "7"})
            if not quiz_page.closed:                                  # "7" is no answer here
                quiz_page.handle("submit", fields={"text": quiz[public["id"]].answer_input})
            assert quiz_page.closed, f"question {public['id']} did not close"
            seen.append((quiz_page.html(), _question_words(public, quiz_page.result)))
            quiz_page.handle("next")
        assert quiz_page.finished
        seen.append((quiz_page.html(), []))
    for html, own_words in seen:
        assert_all_from_catalogue(html, f"{bank} quiz", own_words)


# --- the kernel widgets: labels, tooltips and placeholders ---------------------------------------

def _widget_words(widget) -> str:
    import ipywidgets

    parts = []
    shows_value = isinstance(widget, (ipywidgets.HTML, ipywidgets.Label))  # a Dropdown's value is data
    for name in ("description", "tooltip", "placeholder", "value", "options"):
        value = getattr(widget, name, None)
        if name == "value" and not shows_value:
            continue
        if isinstance(value, str):
            parts.append(read(value) if name == "value" else value)
        elif name == "options" and value:
            parts += [option[0] if isinstance(option, tuple) else str(option) for option in value]
    if isinstance(getattr(widget, "html", None), str):      # an anywidget's HTML (the table's buttons)
        parts.append(read(widget.html))
    for child in getattr(widget, "children", ()):
        parts.append(_widget_words(child))
    return "\n".join(parts)


def test_the_kernel_widgets_say_nothing_outside_the_catalogue():
    from rummy_teach.widgets.meld_checker import MeldChecker
    from rummy_teach.widgets.quiz import QuizWidget
    from rummy_teach.widgets.stepper import Stepper
    from rummy_teach.widgets.table import CardTable

    with speaking(PSEUDO):
        quiz = Quiz.builtin("basic")
        quiz_widget = QuizWidget(quiz, title="")
        quiz_words = _question_words(quiz_widget.current)
        shown = {"meld checker": MeldChecker("basic", cards="QH KH AH"),
                 "stepper": Stepper("thirty_points"),
                 "card table": CardTable("basic", seed=3, delay=0)}
        words = {name: _widget_words(widget) for name, widget in shown.items()}
        words["quiz"] = _widget_words(quiz_widget)
    for name, text in words.items():
        left = english_left(text, (*TITLES, *(quiz_words if name == "quiz" else ())))
        assert not left, f"{name} widget: words outside the catalogue: {sorted(set(left))}"
