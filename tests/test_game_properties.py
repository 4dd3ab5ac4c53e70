"""Properties of random legal play, for every game and variant.

At every step: every card of the deck is in exactly one place, and every meld that
has just been laid down or grown is legal (a meld nobody touched was judged when it
last changed). Every 7th step (one player's view, each player in turn) and at each
hand's end (every player's): no view shows another player's hidden cards or the stock. After each hand the scores follow the rules'
formula; the history replays to the identical game from JSON, and (a quarter of the
games, :data:`PARTIAL_REPLAYS`) up to a random step.

The per-step checks are kept cheap (cards compared as plain tuples against the
deck read once per game, only changed melds judged again), and so is choosing the
move: one step in :data:`FULL_LISTING_EVERY` picks from the full ``legal_actions()``,
the others judge a few random candidates and play the first one accepted (see
:func:`choose_action`). A run of ``make test`` plays over two thousand random games.
"""

import json
import random
from collections import Counter
from itertools import chain, islice
from operator import attrgetter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rummy_teach import make_deck
from rummy_teach.game import Action, new_game, replay
from rummy_teach.melds import meld_options
from rummy_teach.melds import card_meld_value
from rummy_teach.rules import RULE_SETS

# plays many whole games: make test runs these in their own lane (tests/conftest.py)
pytestmark = pytest.mark.games

# every rule set and the player counts its random games are played at: written out, not
# read from RULE_SETS, so that a new rule set without games here fails
# test_every_variant_is_covered (the fewest players, and five or the most if fewer)
VARIANTS = [("basic", 2), ("basic", 5), ("500", 2), ("500", 5), ("500", 8), ("500-short", 2),
            ("500-short", 5), ("persian", 2), ("persian", 5), ("partnership", 4), ("booting", 2),
            ("booting", 5), ("contract", 3), ("contract", 5), ("contract", 7), ("shanghai", 3),
            ("shanghai", 5), ("california", 3), ("california", 5), ("liverpool", 3), ("liverpool", 5),
            ("strict-no-buy", 3), ("strict-no-buy", 5), ("double-progressive", 3),
            ("double-progressive", 5)]

MAX_STEPS = 250
# 80 random games per variant and player count: over two thousand games in every run
GAMES_PER_VARIANT = 80
QUICK_GAMES_PER_VARIANT = 2
# one step in this many picks from the full legal_actions() (see choose_action)
FULL_LISTING_EVERY = 16
# on the other steps, at most this many melds and lay-offs are judged before a discard
TRIED_DOWNS = 4
# the share of games also replayed up to a random step: stopping after k actions is
# counting, the same in every variant, so a quarter of the games (20 a variant, 500 a
# run) is plenty; the whole replay, which re-judges every move, is in every game
PARTIAL_REPLAYS = 0.25


# a card's identity as a plain tuple, read in C: comparing sets of tuples is much cheaper
# than counting Card objects (whose hash and equality run in Python) at every step
CARD_KEY = attrgetter("rank", "suit", "copy")


def deck_keys(game) -> frozenset[tuple]:
    return frozenset(map(CARD_KEY, make_deck(*game.rules.deck_for(game.num_players))))


def check_cards(game, deck: frozenset[tuple]):
    """Every card of the deck in exactly one place: as many cards as the deck has, and
    the same set (each card of a deck is one of a kind, so no card is there twice)."""
    places = game.card_places().values()
    seen = list(map(CARD_KEY, chain.from_iterable(places)))
    if len(seen) != len(deck) or deck.symmetric_difference(seen):
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


@pytest.mark.parametrize("variant", VARIANTS, ids=[f"{n}-{p}" for n, p in VARIANTS])
def test_random_legal_play_keeps_every_invariant(variant, full_run):
    """80 games of each pair in make test (2,000 in all), 2 in make check (--quick): one
    test, so make test no longer plays make check's 50 games again beside its 2,000."""
    @settings(max_examples=GAMES_PER_VARIANT if full_run else QUICK_GAMES_PER_VARIANT,
              deadline=None, suppress_health_check=list(HealthCheck))
    @given(seed=st.integers(0, 10**6), choice_seed=st.integers(0, 10**6))
    def games(seed, choice_seed):
        played.append((seed, choice_seed))
        play_and_check(variant, seed, choice_seed)

    played = []
    games()
    # hypothesis runs fewer examples than asked when it runs out of new ones: not here
    assert len(set(played)) >= (GAMES_PER_VARIANT if full_run else QUICK_GAMES_PER_VARIANT)


def choose_action(game, rng, step):
    """A random legal action, leaning towards putting cards down (so hands end and
    scoring gets exercised). Every :data:`FULL_LISTING_EVERY`-th step it is picked from
    the full ``legal_actions()`` (which must never be empty); on the other steps a few
    cheap candidates are judged in random order and the first one the judge accepts is
    played: listing every legal move, each judged, at every step cost most of the time."""
    if step % FULL_LISTING_EVERY == 0 or game.is_booting or (
            game.phase == "draw" and game.rules.booting_bonus and game.turns_played(game.current_player) == 1):
        return pick(game.legal_actions(), rng)
    for action in candidates(game, rng):
        if game.is_legal(action):
            return action
    return pick(game.legal_actions(), rng)  # nothing cheap was legal: list them all


def pick(actions, rng):
    assert actions, "a player to act always has a legal action"
    downs = [a for a in actions if a.kind in ("meld", "layoff")]
    return rng.choice(downs) if downs and rng.random() < 0.7 else rng.choice(actions)


def candidates(game, rng):
    """Moves to try, in the order to try them (the judge decides which are legal). Each
    is built only when it is reached: most steps play the first or second one."""
    phase = game.phase
    if phase == "hand_over":
        return [Action("next")]
    if phase == "buy":
        return rng.sample([Action("buy"), Action("pass")], 2)
    if phase == "draw":
        # the top card and one deeper card of a fanned pile (every depth is tried on
        # the full-listing steps; judging a deep take is costly)
        pile = len(game.discard_pile)
        draws = [Action("draw"), Action("end"), Action("take")]
        if pile > 1:
            draws.append(Action("take", depth=rng.randint(2, pile)))
        rng.shuffle(draws)
        return draws
    rules, hand = game.rules, game.hand(game.current_player)
    cards = list(dict.fromkeys(hand))
    rng.shuffle(cards)
    discards = (Action("discard", card=card) for card in cards)
    if rng.random() >= 0.7:
        return discards  # (a taken card that must be used: the fallback lists every move)
    downs = [("layoff", card, meld.number, end)
             for meld in game.table for card in cards if may_fit(rules, meld.meld, card)
             for end in (("low", "high") if rules.is_wild(card) and meld.meld.kind == "run" else (None,))]
    choice = game.lay_down_choice()
    if choice is not None:
        if all(choice.options):  # every meld of the contract has a candidate
            downs += islice(choice.actions(), 2)
    elif not rules.ladder or rules.melds_after_contract:
        downs += [Action("meld", melds=(group,)) for group in meld_options(rules, hand, game.must_use)]
    rng.shuffle(downs)
    tried = (down if isinstance(down, Action) else Action(down[0], card=down[1], target=down[2], end=down[3])
             for down in downs[:TRIED_DOWNS])
    return chain(tried, discards)


def may_fit(rules, meld, card) -> bool:
    """A sieve for lay-off candidates (the judge has the last word): a wild card, or
    the rank of a set, or the suit of a run."""
    return rules.is_wild(card) or (card.rank == meld.rank if meld.kind == "set" else card.suit == meld.suit)


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
        action = choose_action(game, rng, step)
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
    if rng.random() < PARTIAL_REPLAYS:
        moves = sum(1 for m in history["moves"] if "player" in m)
        k = rng.randrange(moves + 1)
        partial = replay(history, upto=k)
        assert sum(1 for m in partial.history["moves"] if "player" in m) == k


def test_every_variant_is_covered():
    assert {name for name, _ in VARIANTS} == set(RULE_SETS)
    for name, players in VARIANTS:      # each count is one the rule set allows
        assert RULE_SETS[name].min_players <= players <= RULE_SETS[name].max_players, (name, players)
    for name in RULE_SETS:              # and the fewest players are always among them
        assert (name, RULE_SETS[name].min_players) in VARIANTS, name
