"""The review of a hand as an analysis board, the way lichess reviews a game of chess.

A :class:`ReviewBoard` holds every move of a hand that is over (all the players',
from the game's own history, :func:`~rummy_teach.game.setup.replay`), the position
after each move, the learner's estimated standing through the hand
(:func:`rummy_teach.coach.search.standing`) and the coach's weighed decisions
(:class:`rummy_teach.coach.review.Review`), marked on the moves where they were made.
One move is selected: the table shows the position after it, from the learner's seat
(public information and the learner's own hand; every hand face up once the hand is
over), and the coach comments on it. Move 0 is the hand as dealt.

The board is pure Python and draws nothing: :mod:`rummy_teach.render_review` draws
it, :class:`~.coaching.Coaching` keeps it while the review is open.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..coach.review import Decision, Review
from ..coach.search import standing
from ..game.actions import Action
from ..game.narrate import describe_move, faces_text
from ..game.setup import replay
from ..reasons import say

STANDING_SAMPLES = 6   # worlds the standing is read in, at each point of the chart


@dataclass(frozen=True)
class BoardMove:
    """Move ``number`` (from 1) of the hand: ``player`` played ``action``; ``decision``
    is the coach's weighing of it when it was one of the learner's decisions."""

    number: int
    player: int
    action: Action
    decision: Decision | None
    mistake: bool


class ReviewBoard:
    """The hand just played in ``game`` (over), seen from ``seat``, with ``review``'s
    decisions on its moves. ``names`` names the seats as the table does."""

    def __init__(self, game, seat: int, review: Review, names, seed=0,
                 samples: int = STANDING_SAMPLES):
        self.seat, self.review, self.names = seat, review, list(names)
        history = game.history
        hand = game.hand_number
        moves, before, started = [], 0, False
        for entry in history["moves"]:
            if "chance" in entry:
                started = started or entry.get("hand") == hand
                continue
            if started:
                moves.append(entry)
            else:
                before += 1
        self.first_action = before          # the game's actions before the hand's first move
        position = replay(history, upto=before)
        self.positions = [position.clone()]
        by_at = {d.at: d for d in review.decisions}
        flagged = {d.at for d in review.mistakes}
        self.moves: list[BoardMove] = []
        for number, entry in enumerate(moves, start=1):
            at = position.actions_played
            action = Action.parse(entry["action"])
            self.moves.append(BoardMove(number, entry["player"], action, by_at.get(at), at in flagged))
            position.apply(action)
            self.positions.append(position.clone())
        self.standing = self._standing(samples, seed)
        # the costliest mistake first, as the coach's "Mistake 1 of 3"; none: the end of the hand
        self.selected = self.number_at(review.mistakes[0].at) if review.mistakes else len(self.moves)

    def _standing(self, samples, seed) -> list[tuple[int, float]]:
        """(move number, standing) after the deal and after each move that leaves
        nobody holding a drawn card (a hand mid-turn holds one card too many)."""
        points = []
        for number, position in enumerate(self.positions):
            if number == 0 or position.phase != "play" or position.is_hand_over:
                points.append((number, standing(position, self.seat, samples, f"{seed}/standing{number}")))
        return points

    # --- reading ---------------------------------------------------------------------
    @property
    def last(self) -> int:
        return len(self.moves)

    def position(self, number: int | None = None):
        """The game after move ``number`` (the selected one by default; 0: as dealt)."""
        return self.positions[self.selected if number is None else number]

    def move(self, number: int | None = None) -> BoardMove | None:
        number = self.selected if number is None else number
        return self.moves[number - 1] if number >= 1 else None

    @property
    def marks(self) -> list[int]:
        """The move numbers of the flagged decisions (in the order of the hand)."""
        return [m.number for m in self.moves if m.mistake]

    def standing_at(self, number: int) -> float:
        """The standing the chart shows at move ``number``: the last reading at or before it."""
        return [value for at, value in self.standing if at <= number][-1]

    def move_words(self, number: int) -> str:
        """Move ``number`` as the table's log said it (the learner's own draws name the card)."""
        move = self.moves[number - 1]
        before, after = self.positions[number - 1], self.positions[number]
        if move.action.kind == "draw" and move.player == self.seat:
            new = [c for c in after.hand(self.seat) if c not in before.hand(self.seat)]
            if new:
                return say("move_draw_seen", cards=faces_text(new))
        return describe_move(before, move.player, move.action, self.names, self.seat)

    def comment(self) -> list[str]:
        """What the coach says about the selected move, then the review's summary."""
        move, review = self.move(), self.review
        summary = [review.summary()]
        if move is None:
            return [say("review_board_dealt")] + (review.lines() if not review.mistakes else summary)
        words = say("review_board_move", number=move.number, total=self.last, move=self.move_words(move.number))
        decision = move.decision
        if move.mistake:
            order = [d.at for d in review.mistakes].index(decision.at)
            return [words, say("coach_review_at", number=order + 1, total=len(review.mistakes),
                               line=decision.line())] + [r.text() for r in decision.reasons] + summary
        if decision is not None:
            return [words, say("coach_comment_good", move=decision.played_words)] + summary
        return [words] + summary

    # --- moving ----------------------------------------------------------------------
    def select(self, number: int) -> None:
        """Select move ``number`` (0 to :attr:`last`; outside that range: the nearest end)."""
        self.selected = max(0, min(self.last, int(number)))

    def go(self, where: str) -> bool:
        """``first``, ``prev``, ``next``, ``last`` or a move number in text; False when
        ``where`` names no move (nothing changes)."""
        steps = {"first": 0, "prev": self.selected - 1, "next": self.selected + 1, "last": self.last}
        if where in steps:
            self.select(steps[where])
            return True
        if where.isdigit():
            self.select(int(where))
            return True
        return False

    def step_mistake(self, by: int) -> None:
        """Select the next (``by`` 1) or previous (-1) flagged decision, in the review's
        order (costliest first), wrapping round; from a move that is none, the first."""
        order = [self.number_at(d.at) for d in self.review.mistakes]
        if not order:
            return
        if self.selected in order:
            self.selected = order[(order.index(self.selected) + by) % len(order)]
        else:
            self.selected = order[0]

    def number_at(self, at: int) -> int:
        """The number of the move made when the game had seen ``at`` actions (a
        :attr:`Decision.at <rummy_teach.coach.review.Decision.at>`)."""
        return at - self.first_action + 1
