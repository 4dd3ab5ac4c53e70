"""The game lays off through the engine's one judgement (rummy_teach.melds.grow)."""

import random

import pytest

from rummy_teach import get_rules, make_deck
from rummy_teach.game import lay_off
from rummy_teach.melds import check_lay_off


@pytest.mark.parametrize("name", ["basic", "500", "contract", "california"])
def test_lay_off_agrees_with_the_engine(name):
    rules = get_rules(name)
    deck = make_deck(*rules.deck_for(4))
    rng = random.Random(name)
    checked = 0
    while checked < 400:
        cards = rng.sample(deck, 5)
        for size in (3, 4, 5):
            verdict = rules.check_meld(cards[:size])
            if verdict.ok:
                break
        else:
            continue
        meld = verdict.meld
        for card in rng.sample([c for c in deck if c not in meld.cards], 20):
            ours, _ = lay_off(rules, meld, card)
            engine = check_lay_off(rules, meld, card)
            assert (ours is not None) == engine.ok, (str(meld), str(card))
            if ours is not None:
                assert ours.cards == engine.meld.cards
            checked += 1


def test_the_fast_path_gives_no_reason_and_the_same_meld():
    rules = get_rules("contract")
    meld = rules.meld("5H 6H 7H 8H")
    grown, reason = lay_off(rules, meld, rules.meld("9S 9H 9D").cards[1], explain=False)
    assert grown is not None and reason is None
    assert lay_off(rules, meld, rules.meld("9S 9H 9D").cards[0], explain=False) == (None, None)
    refused, why = lay_off(rules, meld, rules.meld("9S 9H 9D").cards[0])
    assert refused is None and "hearts" in why.text()
