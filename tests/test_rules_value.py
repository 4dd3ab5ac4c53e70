"""A rule set is a frozen value: copying a game or a table shares it, as it shares a number.

A rule set keeps the verdicts it has given (``meld_verdicts``, up to
:data:`rummy_teach.melds.KEPT_VERDICTS`), so copying it copied thousands of them: a
table's page, which copies its controller for every reply it draws ahead
(:mod:`rummy_teach.play.ahead`), cost twenty times as much once a game had filled them.
"""

import copy

from rummy_teach.cards import parse_cards
from rummy_teach.game import new_game
from rummy_teach.play.table import TableController
from rummy_teach.rules import get_rules


def test_a_copied_game_shares_its_rule_set_and_the_verdicts_it_keeps():
    game = new_game("500", 3, seed=4)
    game.rules.check_meld(parse_cards("7H 8H 9H"))
    kept = game.rules.meld_verdicts
    copied = copy.deepcopy(game)
    assert copied.rules is game.rules and copied.rules.meld_verdicts is kept
    assert copy.copy(game.rules) is game.rules
    assert copy.deepcopy(TableController("basic", 2, seed=3)).game.rules is get_rules("basic")


def test_a_copied_game_is_still_a_game_of_its_own():
    game = new_game("500", 3, seed=4)
    before = game.snapshot()
    copied = copy.deepcopy(game)
    copied.apply(copied.legal_actions()[0])
    assert game.snapshot() == before and copied.snapshot() != before
    assert copy.deepcopy(get_rules("500", target=750)) == get_rules("500", target=750)
