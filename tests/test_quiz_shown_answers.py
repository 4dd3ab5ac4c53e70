"""A learner who copies the answer a quiz shows is understood and judged right.

The quiz shows its correct answer in words ("8♠ 8♥ 8♦ | 4♥ 5♥ 6♥ 7♥; deadwood K♠ 9♦ 2♣ J♣",
"none of them"); typed back, in the language the quiz speaks, that text is read as the
right answer rather than refused as unreadable.
"""

from __future__ import annotations

import pytest

from rummy_teach import i18n
from rummy_teach.quiz import Quiz
from rummy_teach.quiz.answers import Unreadable, read_groups
from rummy_teach.quiz.banks import BANKS
from rummy_teach.cards import parse_cards


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
@pytest.mark.parametrize("bank", sorted(BANKS))
def test_every_shown_answer_typed_back_is_right(bank, lang):
    quiz = Quiz.builtin(bank)
    with i18n.language(lang):
        wrong = []
        for question in quiz:
            shown = str(question.answer_text)
            result = quiz.session().answer(question.id, shown)
            if result.outcome != "right":
                wrong.append((question.id, shown, result.outcome, result.hint))
    assert not wrong, wrong


HAND = parse_cards("8S 8H 8D 4H 5H 6H 7H 2C 9D KS JC")


def test_an_arrangement_may_name_its_deadwood_or_leave_it_out():
    plain = read_groups("8S 8H 8D | 4H 5H 6H 7H", HAND)
    assert read_groups("8S 8H 8D | 4H 5H 6H 7H; deadwood KS 9D 2C JC", HAND) == plain
    with i18n.language("it"):
        assert read_groups("8S 8H 8D | 4H 5H 6H 7H; carte morte KS 9D 2C JC", HAND) == plain


def test_deadwood_that_is_not_the_rest_of_the_hand_is_refused_with_a_hint():
    with pytest.raises(Unreadable) as caught:
        read_groups("8S 8H 8D | 4H 5H 6H 7H; deadwood KS 9D", HAND)
    assert "deadwood you named" in caught.value.hint
    with pytest.raises(Unreadable):
        read_groups("8S 8H 8D; and the rest", HAND)
