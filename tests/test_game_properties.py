"""Properties of random legal play, for every game and variant.

At every step: every card of the deck is in exactly one place, and every meld that
has just been laid down or grown is legal (a meld nobody touched was judged when it
last changed). Every 7th step (one player's view, each player in turn) and at each
hand's end (every player's): no view shows another player's hidden cards or the stock. After each hand the scores follow the rules'
formula; the history replays to the identical game, from JSON and from any step.

The per-step checks are kept cheap (cards compared as sorted plain tuples against the
deck read once per game, only changed melds judged again), so a run plays over two
thousand random games.
"""

import json
import random
from collections import Counter
from itertools import chain
from operator import attrgetter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rummy_teach import make_deck
from rummy_teach.game import new_game, replay
from rummy_teach.melds import card_meld_value
from rummy_teach.rules import RULE_SETS

VARIANTS = [(name, n) for name in RULE_SETS
            for n in sorted({RULE_SETS[name].min_players, min(RULE_SETS[name].max_players, 5)})]
VARIANTS += [("500", 8), ("contract", 7)]

MAX_STEPS = 250
# 80 random games per variant and player count: over two thousand games in every run
GAMES_PER_VARIANT = 80
QUICK_GAMES_PER_VARIANT = 2


# a card's identity as a plain tuple, read in C: comparing sorted tuples is much cheaper
# than counting Card objects (whose hash and equality run in Python) at every step
CARD_KEY = attrgetter("rank", "suit", "copy")


def deck_keys(game) -> list[tuple]:
    return sorted(map(CARD_KEY, make_deck(*game.rules.deck_for(game.num_players))))


def check_cards(game, deck: list[tuple]):
    places = game.card_places().values()
    seen = sorted(map(CARD_KEY, chain.from_iterable(places)))
    if seen != deck:
        extra, missing = Counter(seen) - Counter(deck), Counter(deck) - Counter(seen)
        raise AssertionError(f"cards not conserved: extra {dict(extra)}, missing {dict(missing)}")


def check_table(game, judged: dict) -> None:
    """Judge the melds that are new or changed since the last call (``judged`` keeps
    the cards each meld had when it was last judged)."""
    for meld in game.table:
        if judged.get(meld.number) == meld.cards:
            continue
        check = game.rules.check_meld(meld.cards)
        assert check.ok, check.explain()
        assert len(meld.placed_by) == len(meld.cards)
        judged[meld.number] = meld.cards


def check_views(game, viewers=None):
    for p in range(game.num_players) if viewers is None else viewers:
        view = game.view(p)
        text = json.dumps(view)
        assert "stock_order" not in text and "stock\": [" not in text
        shown = set(view["hand"]) | set(view["discard_pile"])
        for meld in view["table"]:
            shown |= set(meld["cards"])
        for cards in view["known_cards"].values():
            shown |= set(cards)
        for q in range(game.num_players):
            if q == p:
                continue
            public = {c.text(ascii=True) for c in game.known_cards(q)}
            hidden = {c.text(ascii=True) for c in game.hand(q)} - public
            assert not hidden & shown, f"player {p} sees hidden cards of player {q}"
        assert sorted(view["hand"]) == sorted(c.text(ascii=True) for c in game.hand(p))
        if not game.rules.fanned_discards:
            assert len(view["discard_pile"]) <= 1


def expected_scores(game, result):
    rules, n = game.rules, game.num_players
    left = [rules.hand_points(cards) for cards in result.deadwood]
    if result.ending == "void":
        return (0,) * n
    if rules.game == "basic":
        return tuple((sum(left) * (2 if result.rummy else 1)) if p == result.went_out else 0 for p in range(n))
    if rules.game == "500":
        melded = [0] * n
        for meld in game.table:
            for card, position, who in zip(meld.cards, meld.meld.positions(), meld.placed_by):
                melded[who] += card_meld_value(rules, card, position, meld.meld.kind)
        bonus = [rules.booting_bonus if result.booted and p == result.went_out else 0 for p in range(n)]
        return tuple(melded[p] - left[p] + bonus[p] for p in range(n))
    return tuple(0 if p == result.went_out else left[p] for p in range(n))


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS, ids=[f"{n}-{p}" for n, p in VARIANTS])
@settings(max_examples=GAMES_PER_VARIANT, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), choice_seed=st.integers(0, 10**6))
def test_random_legal_play_keeps_every_invariant(variant, seed, choice_seed):
    play_and_check(variant, seed, choice_seed)


# make check's share: a few games of every variant, so a broken invariant shows up
# there too (make test plays the 2,000 games above)
@pytest.mark.parametrize("variant", VARIANTS, ids=[f"{n}-{p}" for n, p in VARIANTS])
@settings(max_examples=QUICK_GAMES_PER_VARIANT, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**6), choice_seed=st.integers(0, 10**6))
def test_a_few_random_games_keep_every_invariant(variant, seed, choice_seed):
    play_and_check(variant, seed, choice_seed)


def play_and_check(variant, seed, choice_seed):
    name, players = variant
    game = new_game(name, players, seed=seed)
    rng = random.Random(choice_seed)
    totals = [0] * players
    deck = deck_keys(game)
    judged = {}
    for step in range(MAX_STEPS):
        if game.is_game_over:
            break
        actions = game.legal_actions()
        assert actions, "a player to act always has a legal action"
        # lean towards putting cards down, so hands end and scoring gets exercised
        downs = [a for a in actions if a.kind in ("meld", "layoff")]
        action = rng.choice(downs) if downs and rng.random() < 0.7 else rng.choice(actions)
        was_over = game.is_hand_over
        game.apply(action)
        check_cards(game, deck)
        check_table(game, judged)
        if game.is_hand_over:
            check_views(game)
        elif step % 7 == 0:  # each player's view in turn
            check_views(game, [step // 7 % players])
        if game.is_hand_over and not was_over:
            result = game.hand_results[-1]
            assert result.scores == expected_scores(game, result)
            totals = [t + s for t, s in zip(totals, result.scores)]
            assert list(game.scores) == totals
    history = json.loads(json.dumps(game.history))
    again = replay(history)
    assert str(again) == str(game) and again.scores == game.scores
    assert [again.view(p) for p in range(players)] == [game.view(p) for p in range(players)]
    moves = sum(1 for m in history["moves"] if "player" in m)
    k = rng.randrange(moves + 1)
    partial = replay(history, upto=k)
    assert sum(1 for m in partial.history["moves"] if "player" in m) == k


def test_every_variant_is_covered():
    assert {name for name, _ in VARIANTS} == set(RULE_SETS)
