"""The strongest move (the expert player's, :func:`strongest`), the other moves worth
weighing, and rollouts that weigh them.

For each move worth weighing (:func:`candidates`), the coach plays it on in several
worlds that agree with the learner's view (:mod:`.view`): the rest of the learner's
turn as the hard computer player would, keeping melds in hand where the expert does
(:func:`~.expert.keeps_melds`), then the others' turns as medium players,
until the learner is about to play again (or the hand ends). There it scores the
learner's outcome (:func:`outcome`): the hand's result if it ended, else how each
hand looks to its owner, the learner's less the others' average. The average over
the worlds is the move's estimate in points. Every move is tried in the same worlds
with the same computer players (common random numbers), so the differences between
moves are not drowned in the luck of the deal.
"""

from __future__ import annotations

import random

from ..game.actions import Action
from ..game.ai import Bot
from ..game.planning import arrange, hand_value
from ..game.expert import expert_action, held_back, keeps_melds
from .view import LearnerView

ROLLOUT_ACTIONS = 160   # a safety net: no rollout plays more actions than this
HAND_ACTIONS = 1000     # the same for a rollout played to the end of the hand
OWN_LEVEL = "hard"      # who plays the learner's seat in a rollout (melds held back; the others: medium)
HORIZON = 1             # a rollout stops when the learner is about to start this many more turns
WHOLE_HAND = None       # as ``turns``: play the rollout to the end of the hand
KEEP_DISCARDS = 5       # discards weighed by rollouts, the most promising by a quick look
KEEP_TAKES = 4          # Rummy 500: depths of the fanned pile weighed


def candidates(game, also=()) -> list[Action]:
    """The legal moves worth weighing now, and the moves in ``also`` (a move or a list
    of them: the expert's, the learner's), each once: a meld listed in another order
    is the same move (the one in ``also`` is kept)."""
    legal = game.legal_actions()
    if game.phase != "play":
        chosen = [a for a in legal if a.kind != "take" or a.depth <= KEEP_TAKES]
    else:
        chosen = _play_candidates(game, legal)
    for extra in [also] if isinstance(also, (str, Action)) else also:
        extra = Action.parse(extra)
        at = next((i for i, a in enumerate(chosen) if same_move(a, extra)), None)
        if at is None:
            chosen.append(extra)
        else:
            chosen[at] = extra
    return chosen


def strongest(view, seed) -> Action:
    """The move the expert player makes at ``view`` (it reads only what the learner
    sees; its random choices are seeded by ``seed`` and the view)."""
    return expert_action(view.game, view.player, random.Random(f"{seed}/{view.key}/expert"))


def same_move(a: Action, b: Action) -> bool:
    """``a`` and ``b`` are one move (melds compared as sets of cards)."""
    if a.kind == b.kind == "meld":
        return sorted(_faces(g) for g in a.melds) == sorted(_faces(g) for g in b.melds)
    return a == b


def _play_candidates(game, legal) -> list[Action]:
    rules, hand = game.rules, game.hand(game.current_player)
    best = {_faces(m.cards) for m in arrange(rules, tuple(hand)).melds}
    melds = [a for a in legal if a.kind == "meld"]
    if rules.ladder and melds:
        # the contract goes down as soon as it may: only then can its owner lay off and
        # go out, and a rollout that stops at the next turn would score a contract kept
        # in hand like one on the table (the expert kept it 8 times in 9 and lost
        # every hand). The solver's best lay-down is listed first.
        return melds[:1]
    if melds and keeps_melds(game, game.current_player):
        melds = []  # the expert keeps them in hand (whole games measure that, not one turn)
    elif not rules.ladder:
        melds = [a for a in melds if _faces(a.cards) in best] or melds[:2]
    layoffs, seen = [], set()
    for action in legal:
        if action.kind == "layoff" and (action.card, action.target) not in seen:
            seen.add((action.card, action.target))
            layoffs.append(action)
    discards = {}
    for action in legal:
        if action.kind == "discard":
            discards.setdefault(action.card.face, action)
    ranked = sorted(discards.values(), key=lambda a: _kept_value(game, hand, a.card))
    return melds + layoffs + ranked[:KEEP_DISCARDS]


def _faces(cards):
    return tuple(sorted(c.face.sort_key() for c in cards))


def _kept_value(game, hand, card) -> tuple:
    """A quick look at a discard: the deadwood points left after it (lower first)."""
    rules = game.rules
    rest = list(hand)
    rest.remove(card)
    arrangement = arrange(rules, tuple(rest))
    left = -arrangement.score if rules.scores_melds else arrangement.deadwood_points
    return (left + (25 if rules.is_wild(card) else 0), card.sort_key())


def outcome(game, player: int) -> float:
    """The learner's result: their score for the hand less the others' average (teams
    in a partnership), so that higher is always better. A hand still going is scored
    by how each hand looks to its owner (:func:`~rummy_teach.game.planning.hand_value`)
    plus, where melds score, the points each player has on the table."""
    rules, n = game.rules, game.num_players
    if game.is_hand_over:
        scores = list(game.hand_results[-1].scores)
    else:
        scores = [-hand_value(game, p) for p in range(n)]
        if rules.scores_melds:
            for meld in game.table:
                for p, points in meld.points_by_player(rules).items():
                    scores[p] += points
        if rules.lowest_score_wins:
            scores = [-s for s in scores]
    if rules.partnership:
        mine = (scores[player] + scores[(player + 2) % n]) / 2
        others = [scores[p] for p in range(n) if p % 2 != player % 2]
    else:
        mine = scores[player]
        others = [scores[p] for p in range(n) if p != player]
    value = mine - sum(others) / len(others)
    return -value if rules.lowest_score_wins else value


class _Learner(Bot):
    """The learner's seat in a rollout: the :data:`OWN_LEVEL` player, keeping its melds
    in hand where the expert would (:func:`~.expert.held_back`)."""

    def __init__(self, seed):
        super().__init__(OWN_LEVEL, seed=seed)

    def act(self, game) -> Action:
        return held_back(game, game.current_player, super().act(game), self.rng)


def rollout(world, action, player: int, seed, level: str = "medium", turns: int | None = HORIZON) -> float:
    """Play ``action`` in ``world`` (a game), then the hand on (the learner's seat by
    :data:`OWN_LEVEL`, the others by ``level``) until the learner is about to start
    their ``turns``-th turn from now, or the hand ends (``turns`` :data:`WHOLE_HAND`:
    only then); the learner's outcome there."""
    game = world.clone()
    game.apply(action)
    bots = [_Learner(seed=f"{seed}/{p}") if p == player else Bot(level, seed=f"{seed}/{p}")
            for p in range(game.num_players)]
    started = 0
    for _ in range(ROLLOUT_ACTIONS if turns is not WHOLE_HAND else HAND_ACTIONS):
        if game.is_hand_over:
            break
        if turns is not WHOLE_HAND and game.current_player == player and game.phase == "draw" \
                and not game.has_drawn:
            started += 1
            if started >= turns:
                break
        game.apply(bots[game.current_player].act(game))
    return outcome(game, player)


def weigh(view, actions, samples: int, seed, turns: int | None = HORIZON) -> dict:
    """The average outcome of each of ``actions`` over ``samples`` worlds of ``view``
    (rollouts of ``turns``, see :func:`rollout`)."""
    worlds = view.worlds(samples, seed)
    totals = {action: 0.0 for action in actions}
    for i, world in enumerate(worlds):
        for action in actions:
            totals[action] += rollout(world, action, view.player, f"{seed}/{i}", turns=turns)
    return {action: total / samples for action, total in totals.items()}


def standing(game, player: int, samples: int, seed) -> float:
    """The learner's standing at ``game`` as the coach reads it from their seat: the
    :func:`outcome` a rollout ends on, averaged over ``samples`` worlds that agree
    with the learner's view (:mod:`.view`); once the hand is over, its real result.
    The review's chart draws it move by move (no rollout: a reading of where the
    hand stands, not of where it goes)."""
    if game.is_hand_over:
        return outcome(game, player)
    worlds = LearnerView(game, player).worlds(samples, seed)
    return sum(outcome(world, player) for world in worlds) / samples
