"""The solver against an independent oracle: OpenSpiel's gin rummy (C++).

Gin rummy melds like Basic Rummy (sets of 3-4, runs of 3+ with the ace low only)
and counts deadwood the same way (A = 1, courts 10), so on one-deck hands the
fewest deadwood points must agree exactly. Hands of 11 cards are left out: there
OpenSpiel first throws away the best discard before it counts.
"""

import random

import pytest

from rummy_teach import get_rules, make_deck
from rummy_teach.solver import arrange, min_deadwood

pyspiel = pytest.importorskip("pyspiel")

OPENSPIEL_SUITS = "SCDH"  # OpenSpiel's card int: suit * 13 + rank - 1, suits in the order s c d h
SIZES = (6, 7, 10, 13)
HANDS_PER_SIZE = 3000     # 12,000 hands in all


@pytest.fixture(scope="module")
def oracle():
    return pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)


def openspiel_ints(hand):
    return [OPENSPIEL_SUITS.index(card.suit) * 13 + card.rank - 1 for card in hand]


def seeded_hands(size, count, seed):
    rng = random.Random(f"openspiel-{size}-{seed}")
    deck = make_deck()
    return [rng.sample(deck, size) for _ in range(count)]


def mismatches(solve, oracle, hands):
    return [(hand, solve(hand), oracle.min_deadwood(openspiel_ints(hand)))
            for hand in hands if solve(hand) != oracle.min_deadwood(openspiel_ints(hand))]


@pytest.mark.parametrize("size", SIZES)
def test_min_deadwood_matches_openspiel(oracle, size):
    rules = get_rules("basic")
    hands = seeded_hands(size, HANDS_PER_SIZE, seed=1)
    assert mismatches(lambda hand: min_deadwood(rules, hand), oracle, hands) == []


@pytest.mark.parametrize("size", SIZES)
def test_arrangement_deadwood_matches_openspiel(oracle, size):
    rules = get_rules("basic")
    hands = seeded_hands(size, HANDS_PER_SIZE // 3, seed=2)
    assert mismatches(lambda hand: arrange(rules, hand).deadwood_points, oracle, hands) == []


@pytest.mark.parametrize("size", SIZES)
def test_general_search_matches_openspiel(oracle, size):
    """The search that also serves wild cards and several decks, on the same oracle."""
    rules = get_rules("basic")
    hands = seeded_hands(size, 300, seed=3)
    assert mismatches(lambda hand: min_deadwood(rules, hand, method="search"), oracle, hands) == []


def test_meld_rich_hands_match_openspiel(oracle):
    """Random hands seldom hold two melds; these are built around them on purpose."""
    rules = get_rules("basic")
    rng = random.Random("meld-rich")
    deck = make_deck()
    hands = []
    while len(hands) < 2000:
        # ten cards from five adjacent ranks, so sets and runs compete for cards
        low = rng.randint(1, 9)
        pool = [card for card in deck if low <= card.rank <= low + 4]
        hands.append(rng.sample(pool, 10))
    assert sum(len(arrange(rules, hand).melds) >= 2 for hand in hands) > 1000
    assert mismatches(lambda hand: min_deadwood(rules, hand), oracle, hands) == []
