"""A hint: the strongest move now, and why (from the learner's view only).

The move is the expert player's (:mod:`.expert`, the strongest computer player: it
beats the hard player in about nine two-player Basic games in ten), read from the
learner's view. The coach then weighs it and the other moves worth weighing by
rollouts (:mod:`.search`), so that the hint can say what each is worth by the
learner's next turn; where another move looks better that soon, the hint says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import UsageError
from ..game.actions import Action
from ..plural import as_written
from ..reasons import Reason, say
from .explain import move_words, reasons_for
from .search import candidates, same_move, strongest, weigh
from .view import LearnerView

SAMPLES = 8  # worlds (deals of the hidden cards) a hint weighs its moves in


@dataclass(frozen=True)
class Hint:
    """The coach's advice: ``action``, its ``reasons``, and every weighed move's
    estimated outcome in points (``values``: the advised move first, then the others,
    best first)."""

    action: Action
    move: str
    reasons: tuple[Reason, ...]
    values: tuple[tuple[Action, float], ...]
    samples: int

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(r.code for r in self.reasons)

    def lines(self) -> list[str]:
        """The hint in words: the move, then each reason."""
        return [say("coach_hint", move=self.move)] + [r.text() for r in self.reasons]

    def text(self) -> str:
        return "\n".join(self.lines())

    def __str__(self) -> str:
        return self.text()


def as_view(game_or_view, player=None) -> LearnerView:
    if isinstance(game_or_view, LearnerView):
        return game_or_view
    return LearnerView(game_or_view, player)


def _lone_candidate_reasons(game, action) -> list[Reason]:
    """Why the one move the coach weighed is the move. It is the only legal move, or
    the contract that may go down now (the coach weighs nothing else then, see
    :func:`~.search.candidates`), though other moves are legal."""
    if len(game.legal_actions()) == 1:
        return [Reason("coach_only_move")]
    return reasons_for(game, action) + [Reason("coach_contract_first")]


def _estimate(game, values, samples) -> Reason:
    """What the rollouts make of the advised move (``values[0]``) against the best of
    the others (``values[1]``): how far ahead or behind it leaves the learner by their
    next turn, and by how much it beats the other, or how much the other looks better
    that soon (the expert looks further: the draw after, and the rest of the hand)."""
    (_, value), (other, second) = values[0], values[1]
    # measured numbers, kept as numbers: the message writes them ("about 19 points")
    words = {"samples": samples, "points": abs(value), "margin": abs(value - second),
             "second": move_words(game, other)}
    # judged by the numbers the learner reads: "0 better" is said as level
    side = "ahead" if as_written(value) >= 0 else "behind"
    margin = as_written(value - second)
    if margin < 0:
        return Reason(f"coach_estimate_later_{side}", words)
    return Reason(f"coach_estimate_{side}" + ("_level" if margin == 0 else ""), words)


def hint(game_or_view, player: int | None = None, samples: int = SAMPLES, seed=0) -> Hint:
    """The strongest move for ``player`` (who must be the one to act), the expert
    player's, and why.

    Only what the player sees is used: the hidden cards are sampled (see
    :class:`~.view.LearnerView`), so a game that differs only in hidden cards gets
    the same hint. The same ``seed`` gives the same hint.
    """
    view = as_view(game_or_view, player)
    game = view.game
    if game.current_player != view.player:
        raise UsageError(say("coach_not_to_act", player=view.player, current=game.current_player))
    if not game.legal_actions():
        raise UsageError(say("coach_game_over"))
    best = strongest(view, seed)
    moves = candidates(game, also=best)
    if len(moves) == 1:
        values = ((moves[0], 0.0),)
        reasons = _lone_candidate_reasons(game, moves[0])
    else:
        weighed = weigh(view, moves, samples, seed)
        others = sorted((i for i, m in enumerate(moves) if not same_move(m, best)),
                        key=lambda i: (-round(weighed[moves[i]], 6), i))
        values = ((best, weighed[best]),) + tuple((moves[i], weighed[moves[i]]) for i in others)
        reasons = reasons_for(game, best) + [_estimate(game, values, samples)]
    action = values[0][0]
    return Hint(action, move_words(game, action), tuple(reasons), values, samples)
