"""Fuzzing the judge: over ten thousand built actions, legal and illegal, on every rule set.

Every action is built programmatically from random field values (some invalid), at
positions reached by random legal play. A refused action must raise only the
project's error family and leave the game exactly as it was (its full snapshot);
an accepted one must be one the judge said yes to. At the end of every game its
history must replay to the same state.
"""

import random

from rummy_teach.cards import Card, make_deck
from rummy_teach.errors import IllegalMoveError, RummyError
from rummy_teach.game import Action, new_game, replay
from rummy_teach.game.actions import KINDS
from rummy_teach.rules import get_rules, rule_set_names

ACTIONS_PER_POSITION = 11
POSITIONS_PER_GAME = 60
ODD_CARDS = [Card.parse("JK#3"), Card.parse("8S#3"), Card.parse("QH#2")]


def _fields(rng, game, deck):
    """Random field values for an Action: mostly sensible, sometimes not valid at all."""
    player = game.current_player if game.current_player is not None else 0
    hand = list(game.hand(player))
    pool = hand * 3 + list(deck[:20]) + ODD_CARDS

    def card():
        return rng.choice(pool) if rng.random() < 0.95 else rng.choice([None, "8S", 7])

    kind = rng.choice(KINDS + ("fly",)) if rng.random() < 0.97 else rng.choice([None, 3, "DRAW"])
    fields = {"kind": kind}
    if kind == "meld" or rng.random() < 0.03:
        fields["melds"] = tuple(tuple(card() for _ in range(rng.choice([0, 1, 3, 3, 4, 5])))
                                for _ in range(rng.choice([1, 1, 2, 3])))
    if kind in ("layoff", "discard") or rng.random() < 0.03:
        fields["card"] = card()
    if kind == "take" or rng.random() < 0.03:
        fields["depth"] = rng.choice([1, 1, 2, 3, 5, 40, 0, -3, True, "2", 1.5])
    if kind == "layoff" or rng.random() < 0.03:
        fields["target"] = rng.choice([1, 1, 2, 3, 9, 0, -1, True, "1"])
        fields["end"] = rng.choice([None, None, "low", "high", "middle"])
    return fields


def _try(game, action, counts):
    before = game.snapshot()
    verdict = game.judge(action)
    try:
        game.apply(action)
    except IllegalMoveError as refusal:
        assert not verdict.ok and refusal.verdict.codes == verdict.codes
        assert game.snapshot() == before, f"{action} changed a game that refused it"
        counts["refused"] += 1
        return
    assert verdict.ok, f"{action} was applied although the judge refused it: {verdict.explain()}"
    counts["applied"] += 1


def test_ten_thousand_built_actions_leave_refused_games_unchanged():
    rng = random.Random(11)
    counts = {"built": 0, "bad_fields": 0, "refused": 0, "applied": 0}
    names = rule_set_names()
    variants = [get_rules(n) for n in names] + [get_rules("basic", min_run=4),
                                                get_rules("500", final_discard_required=True),
                                                get_rules("contract", contract_melds_exact=False)]
    for number, rules in enumerate(variants):
        players = max(rules.min_players, min(3, rules.max_players))
        game = new_game(rules, players, seed=f"fuzz{number}")
        deck = make_deck(*rules.deck_for(players))
        for _ in range(POSITIONS_PER_GAME):
            if game.is_game_over:
                break
            for _ in range(ACTIONS_PER_POSITION):
                fields = _fields(rng, game, deck)
                counts["built"] += 1
                try:
                    action = Action(**fields)
                except RummyError:
                    counts["bad_fields"] += 1
                    continue
                _try(game, action, counts)
            legal = game.legal_actions()
            assert legal, "a game that is not over always offers a move"
            _try(game, rng.choice(legal), counts)
            counts["built"] += 1
        assert replay(game.history).snapshot() == game.snapshot()
    assert counts["built"] >= 10_000, counts
    assert counts["bad_fields"] and counts["refused"] and counts["applied"]
