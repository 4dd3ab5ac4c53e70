"""The game's lay-off judgement agrees with the engine's ``check_lay_off``."""

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
            if rules.is_wild(card) and not card.is_joker:
                continue  # a California queen may also play as itself: the two differ on purpose
            ours, _ = lay_off(rules, meld, card)
            engine = check_lay_off(rules, meld, card)
            assert (ours is not None) == engine.ok, (str(meld), str(card))
            if ours is not None:
                assert ours.cards == engine.meld.cards
            checked += 1
