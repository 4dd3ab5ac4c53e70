"""The review of a hand: the learner's decisions that cost the most, and what was better.

Each decision of the learner's seat is set against the hint's move there, the expert
player's (read from the learner's view, never the hidden cards: :mod:`.view`). When
the learner played another move, both are weighed by rollouts over sampled hidden
cards (:mod:`.search`): the decision's estimated cost is what the expert's move was
expected to score more than the move played (nothing when it scored less), and a
decision costing at least ``threshold`` points is flagged. Melds put down where the
expert keeps them in hand (:func:`~.expert.keeps_melds`) are weighed over the rest
of the hand, where holding them pays or not. The same seed gives the same review.

``rummy-teach review --game G --players N --levels a,b,... --seed S`` reviews seat 0 of
an all-computer game (one line per flagged decision, then the summary line).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from ..errors import RuleOptionError, UsageError
from ..game.actions import Action
from ..game.ai import LEVELS
from ..game.setup import new_game
from ..game.simulate import MAX_ACTIONS_PER_HAND, make_bots
from ..game.transcript import add_table_options
from ..plural import as_written
from ..reasons import Reason, say
from ..rules import get_rules
from ..game.expert import keeps_melds
from .explain import move_words, reasons_for
from .search import HORIZON, WHOLE_HAND, candidates, same_move, strongest, weigh
from .view import LearnerView

SAMPLES = 6       # worlds each decision is weighed in
THRESHOLD = 4.0   # points: a decision costing less is not called a mistake
HELP = "review seat 0's decisions in a hand of an all-computer game"


@dataclass(frozen=True)
class Decision:
    """One weighed decision: ``at`` counts the game's actions before it (so the table
    can step back to it), ``turn`` is the hand's turn number."""

    at: int
    turn: int
    played: Action
    played_words: str
    better: Action
    better_words: str
    cost: float
    reasons: tuple[Reason, ...]

    @property
    def is_mistake(self) -> bool:
        return self.better != self.played

    def line(self) -> str:
        return say("review_line", turn=self.turn, played=self.played_words,
                   better=self.better_words, cost=self.cost)


@dataclass(frozen=True)
class Review:
    """Every weighed decision of one seat in one hand, and the flagged ones."""

    player: int
    decisions: tuple[Decision, ...]
    threshold: float

    @property
    def mistakes(self) -> tuple[Decision, ...]:
        """The flagged decisions, costliest first."""
        flagged = [d for d in self.decisions if d.is_mistake and d.cost >= self.threshold]
        return tuple(sorted(flagged, key=lambda d: (-d.cost, d.at)))

    @property
    def points_lost(self) -> float:
        return sum(d.cost for d in self.mistakes)

    def summary(self) -> str:
        # the total of the costs as the lines say them (19 + 16 + 16 + 11 is 62, where the
        # costs themselves add up to 61.4): a reader adds up what they read
        said = sum(as_written(d.cost) for d in self.mistakes)
        return say("review_summary", count=len(self.mistakes), points=Reason("count_points", {"count": said}))

    def lines(self) -> list[str]:
        lines = [d.line() for d in self.mistakes]
        if not lines:
            lines.append(say("review_none", threshold=Reason("count_points", {"count": self.threshold})))
        return lines + [self.summary()]


def weigh_decision(game, action, samples: int = SAMPLES, seed=0) -> Decision | None:
    """The decision to play ``action`` in ``game`` (by the player to act), weighed; None
    when there was nothing to decide (a single legal move)."""
    action = Action.parse(action)
    view = LearnerView(game)
    public = view.game
    better = strongest(view, seed)
    if len(candidates(public, also=[better, action])) < 2:
        return None
    reasons = reasons_for(public, better)
    if same_move(better, action):
        return Decision(game.actions_played, game.turn_number, action, move_words(public, action), action,
                        move_words(public, action), 0.0, tuple(reasons))
    # melds put down that the expert keeps in hand: what keeping them is worth shows
    # only later, so the two moves are weighed to the end of the hand
    held = action.kind == "meld" and keeps_melds(public, public.current_player)
    values = weigh(view, [better, action], samples, seed, turns=WHOLE_HAND if held else HORIZON)
    cost = max(0.0, values[better] - values[action])
    if held:
        reasons.append(Reason("review_hold_measured", {"samples": samples, "points": cost}))
    return Decision(game.actions_played, game.turn_number, action, move_words(public, action), better,
                    move_words(public, better), cost, tuple(reasons))


def review_moments(moments, player: int, samples: int = SAMPLES, seed=0,
                   threshold: float = THRESHOLD) -> Review:
    """Review ``moments``: ``(game, action)`` pairs, each game as it was just before
    ``player`` played ``action``."""
    decisions = []
    for i, (game, action) in enumerate(moments):
        decision = weigh_decision(game, action, samples, f"{seed}/{i}")
        if decision is not None:
            decisions.append(decision)
    return Review(player, tuple(decisions), threshold)


def play_and_collect(rules, levels, seed, player: int = 0, hand: int = 1):
    """Play an all-computer game up to the end of ``hand``; the game and ``player``'s
    moments in that hand."""
    game = new_game(rules, len(levels), seed=seed)
    bots = make_bots(levels, seed)
    moments = []
    for _ in range(MAX_ACTIONS_PER_HAND * hand):
        if game.is_game_over or (game.is_hand_over and game.hand_number >= hand):
            break
        if game.is_hand_over:
            game.apply("next")
            continue
        actor = game.current_player
        action = bots[actor].act(game)
        if actor == player and game.hand_number == hand:
            moments.append((game.clone(), action))
        game.apply(action)
    return game, moments


def review_hand(rules, levels, seed=0, player: int = 0, hand: int = 1, samples: int = SAMPLES,
                threshold: float = THRESHOLD) -> Review:
    """Play an all-computer game (``levels``, one per seat) and review ``player``'s
    decisions in its hand number ``hand``."""
    rules = get_rules(rules)
    levels = check_levels(levels)
    rules.check_players(len(levels))
    game, moments = play_and_collect(rules, levels, seed, player, hand)
    if game.hand_number < hand:      # the game was over before that hand was dealt
        raise UsageError(say("review_hand_beyond", hands=game.hand_number))
    return review_moments(moments, player, samples, seed, threshold)


def check_levels(levels) -> list[str]:
    levels = [str(level).strip().lower() for level in levels]
    bad = [level for level in levels if level not in LEVELS]
    if bad or not levels:
        raise UsageError(say("review_levels_bad", bad=", ".join(bad) or "(none)", count=len(bad), levels=", ".join(LEVELS)))
    return levels


# --- the command line ----------------------------------------------------------------

def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``review`` command's options to its sub-parser (the whole numbers are
    read by :func:`cmd_review`, which names what was wrong)."""
    add_table_options(parser, players_type=str)
    parser.add_argument("--seed", default="0", help="seed of the deal, the players and the coach")
    parser.add_argument("--hand", default="1", help="which hand of the game to review (default 1)")
    parser.add_argument("--samples", default=str(SAMPLES),
                        help=f"deals of the hidden cards each decision is weighed in (default {SAMPLES})")
    parser.set_defaults(func=cmd_review)


def _whole(text, what, least=1) -> int:
    value = str(text).strip()
    if not value.isdigit() or int(value) < least:
        raise UsageError(say("coach_whole_number", what=what, least=least, value=text))
    return int(value)


def cmd_review(args) -> int:
    levels = check_levels([lvl for lvl in args.levels.split(",") if lvl.strip()])
    players = len(levels) if args.players is None else _whole(args.players, "--players")
    hand = _whole(args.hand, "--hand")
    samples = _whole(args.samples, "--samples")
    rules = args.rules
    try:
        rules.check_players(players)
    except RuleOptionError:
        raise
    seats = [levels[i % len(levels)] for i in range(players)]
    seed = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    review = review_hand(rules, seats, seed=seed, hand=hand, samples=samples)
    # the seed as typed: a number that names a game, read back by --seed, not a quantity
    print(say("review_title", hand=hand, game=rules.term, seed=str(seed)))
    for line in review.lines():
        print(line)
    return 0
