"""The coach at the card table: a Hint button, a coach mode that comments each of the
learner's moves, and the review of a hand with a step to each flagged decision.

:class:`Coaching` keeps the coach's state for a :class:`~.table.TableController`: the
learner's decisions of the current hand (the game as it was and the move made), the
coach's last words, and, while a review is open, the review as an analysis board
(:class:`~.review_board.ReviewBoard`: every move of the hand, the move the table shows,
the standing chart); the Previous and Next mistake buttons step its selection from one
flagged decision to the next. Every word comes from the message catalogue ("the coach"
block). The coach reads only the learner's view (:mod:`rummy_teach.coach`).
"""

from __future__ import annotations

import html

from ..game.view import default_names
from ..coach import hint, review_moments
from ..coach.review import weigh_decision
from ..reasons import say
from .review_board import ReviewBoard

HINT_SAMPLES = 8      # worlds a hint weighs its moves in
COMMENT_SAMPLES = 4   # worlds coach mode weighs each move in (it answers after every move)
REVIEW_SAMPLES = 4    # worlds the table's review weighs each decision in

COACH_BUTTONS = (  # (name, label code, tooltip code)
    ("hint", "coach_button_hint", "coach_tip_hint"),
    ("coach", "coach_button_coach", "coach_tip_coach"),
    ("review", "coach_button_review", "coach_tip_review"),
    ("review_prev", "coach_button_prev", "coach_tip_step"),
    ("review_next", "coach_button_next", "coach_tip_step"),
    ("review_close", "coach_button_close", "coach_tip_step"),
)


class Coaching:
    """The coach's state at one seat of a table."""

    def __init__(self, seat: int, seed=0, names=None):
        self.seat, self.seed, self.names = seat, seed, names
        self.mode = False
        self.lines: list[str] = []
        self.moments: list[tuple] = []
        self.review = None
        self.board: ReviewBoard | None = None

    # --- what may be pressed ---------------------------------------------------------------
    def enabled(self, game) -> set[str]:
        if self.reviewing:
            return {"review_prev", "review_next", "review_close"} if self.review.mistakes else {"review_close"}
        names = {"coach"}
        if not game.is_hand_over and game.current_player == self.seat:
            names.add("hint")
        if game.is_hand_over and self.moments:
            names.add("review")
        return names

    @property
    def reviewing(self) -> bool:
        return self.review is not None

    def shown_game(self, game):
        """The game the table draws: the selected move's position while a review is open."""
        return self.board.position() if self.reviewing else game

    def review_go(self, where: str) -> bool:
        """Select a move of the open review (``first``, ``prev``, ``next``, ``last`` or a
        move number, see :meth:`.ReviewBoard.go`); False when no review is open or
        ``where`` names no move."""
        if not self.reviewing or not self.board.go(where):
            return False
        self.lines = self.board.comment()
        return True

    # --- the learner's moves ------------------------------------------------------------------
    def before_move(self, game, action):
        """The game as it is before the learner's ``action`` (a decision), or None."""
        if action.kind == "next" or game.current_player != self.seat:
            return None
        return (game.clone(), action)

    def after_move(self, moment, action) -> None:
        """After a move the game accepted: a new hand starts afresh; a decision is kept
        (and commented on in coach mode)."""
        if action.kind == "next":
            self.moments, self.lines = [], []
            return
        if moment is None:
            return
        self.moments.append(moment)
        if self.mode:
            decision = weigh_decision(moment[0], moment[1], COMMENT_SAMPLES,
                                      seed=f"{self.seed}/comment{len(self.moments)}")
            if decision is None:
                return
            if decision.is_mistake and decision.cost >= 1:
                self.lines = [say("coach_comment_better", move=decision.played_words,
                                  better=decision.better_words, cost=decision.cost)]
            else:
                self.lines = [say("coach_comment_good", move=decision.played_words)]

    # --- the coach's buttons --------------------------------------------------------------------
    def press(self, name: str, game) -> None:
        if name not in {b[0] for b in COACH_BUTTONS}:
            raise ValueError(name)
        if name not in self.enabled(game):
            return
        if name == "hint":
            advice = hint(game, self.seat, samples=HINT_SAMPLES, seed=f"{self.seed}/{game.actions_played}")
            self.lines = advice.lines()
        elif name == "coach":
            self.mode = not self.mode
            self.lines = [say("coach_mode_on" if self.mode else "coach_mode_off")]
        elif name == "review":
            seed = f"{self.seed}/review{game.hand_number}"
            review = review_moments(self.moments, self.seat, samples=REVIEW_SAMPLES, seed=seed)
            names = self.names or default_names(game.num_players, self.seat)
            self.board = ReviewBoard(game, self.seat, review, names, seed=seed)
            self.review = review
            self.lines = self.board.comment()
        elif name in ("review_prev", "review_next"):
            self.board.step_mistake(1 if name == "review_next" else -1)
            self.lines = self.board.comment()
        elif name == "review_close":
            self.review, self.board, self.lines = None, None, []

    # --- drawing -----------------------------------------------------------------------------
    def panel_html(self) -> str:
        body = "".join(f"<p style='margin:2px 0'>{html.escape(line)}</p>" for line in self.lines)
        return (f'<div class="rt-coach" role="status" aria-live="polite" aria-label="{say("coach_panel_title")}" '
                f'style="background:#eef6ee;color:#0b3d24;border-radius:8px;padding:6px 10px;'
                f'margin-top:6px;{"" if self.lines else "display:none"}">{body}</div>')
