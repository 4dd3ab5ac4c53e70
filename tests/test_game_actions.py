"""Actions: text forms that round-trip, and helpful errors for bad text."""

import pytest

from rummy_teach import NotationError, parse_cards
from rummy_teach.game import Action

TEXTS = ["draw", "take", "take 3", "meld 8S 8H 8D", "meld 8S 8H 8D | 4H 5H 6H 7H", "layoff 8C on 2",
         "layoff JK on 1 low", "layoff JK#2 on 12 high", "discard 10H", "buy", "pass", "end", "next",
         "meld 8S#2 8H 8D#2"]


@pytest.mark.parametrize("text", TEXTS)
def test_text_round_trips(text):
    action = Action.parse(text)
    assert Action.parse(str(action)) == action
    assert Action.parse(action.text(ascii=True)) == action
    assert eval(repr(action)) == action


def test_parse_reads_unicode_and_case():
    assert Action.parse("Meld 8♠ 8♥ 8♦") == Action.meld("8S 8H 8D")
    assert Action.parse("DISCARD q♦") == Action.discard("QD")
    assert Action.parse("lay-off 8c on 2") == Action.lay_off("8C", 2)
    assert Action.parse("take 1") == Action.take()


def test_cards_moved_by_an_action():
    assert Action.parse("meld 8S 8H 8D | 4H 5H 6H").cards == parse_cards("8S 8H 8D 4H 5H 6H")
    assert Action.parse("draw").cards == ()


@pytest.mark.parametrize("text, hint", [
    ("", "empty"), ("fly", "not an action"), ("draw 2", "takes nothing"), ("take 0", "take N"),
    ("meld", "cards of each meld"), ("meld 8S |", "cards of each meld"), ("discard", "discard CARD"),
    ("discard 8S 8H", "discard CARD"), ("layoff 8C 2", "layoff CARD on"), ("layoff 8C on 2 middle", "low"),
    ("discard 1X", "not a card"),
])
def test_bad_text_says_what_is_accepted(text, hint):
    with pytest.raises(NotationError, match=hint):
        Action.parse(text)
