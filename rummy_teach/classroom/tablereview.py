"""The coach's review of a student's hand at a class table, and the teacher's figures.

After each hand a student may open the coach's review of their own decisions at that
table (:func:`table_review`): the analysis board of the single-player table
(:class:`~rummy_teach.play.review_board.ReviewBoard`, with the estimated standing chart),
built from the table's stored history. The decisions reviewed are the moves the student
made from their seat in that hand (not the moves a stand-in or an automatic pass made for
them), each weighed from what the seat could see when it was made (the coach reads only
the learner's view), with the same samples and seed as the single-player table's review
(:class:`~rummy_teach.play.coaching.Coaching`), so the same decisions get the same review.
The board is drawn from the seat: its own hand and public information, every hand face
up only once the hand is over, as at the table.

:func:`student_figures` gives the teacher, per student, the hands and games played and
won and the coach's estimated points lost in each hand; everything is recomputed from the
stored moves and the same seeds, so it is the same after a restart.
"""

from __future__ import annotations

import threading

from .. import render_review
from ..i18n import current_language
from ..coach import review_moments
from ..game import replay
from ..game.actions import Action
from ..game.view import board_view
from ..play.board import board_html
from ..play.coaching import REVIEW_SAMPLES, Coaching
from ..play.review_board import ReviewBoard
from ..reasons import Reason, say
from .tables import Reply

REVIEW_FORMAT = "rummy-teach-table-review/1"
FIGURES_FORMAT = "rummy-teach-table-figures/1"
REVIEW_CARD_SIZE = 44
REVIEW_WAIT_SECONDS = 60      # a student's review waits this long for one being built


def hands_over(game) -> list[int]:
    """The numbers of the hands of ``game`` that are over."""
    return [r.hand for r in game.hand_results]


def seat_names(players: int, seat: int) -> list[str]:
    """The seats as the review names them: "You" for the seat, "Seat N" for the others."""
    return [say("seat_you") if p == seat else say("table_seat_name", number=p + 1) for p in range(players)]


def student_moments(history: dict, seat: int, hand: int, played_by: dict, student: str):
    """The student's decisions at ``seat`` in ``hand`` (``(game before, action)`` pairs,
    as the single-player table's coach keeps them) and the game at the end of that hand.
    ``played_by`` maps each version to who played it: only the student's own moves count."""
    game = replay(history, upto=0)
    moments, end = [], None
    for entry in history["moves"]:
        if "chance" in entry:
            continue
        if game.hand_number == hand and game.is_hand_over:
            end = game
            break
        action = Action.parse(entry["action"])
        if (game.hand_number == hand and game.current_player == seat and action.kind != "next"
                and played_by.get(game.actions_played + 1) == student):
            moments.append((game.clone(), action))
        game.apply(action)
    if end is None and game.hand_number == hand and game.is_hand_over:
        end = game
    return moments, end


def hand_review(history: dict, seed, seat: int, hand: int, played_by: dict, student: str):
    """The coach's review (:class:`~rummy_teach.coach.review.Review`) of the student's
    decisions at ``seat`` in ``hand`` (over), and the game at the end of that hand; None
    when that hand is not over. The single-player table's samples and seed."""
    moments, end = student_moments(history, seat, hand, played_by, student)
    if end is None:
        return None
    return review_moments(moments, seat, samples=REVIEW_SAMPLES, seed=f"{seed}/review{hand}"), end


def review_board(history: dict, seed, seat: int, hand: int, played_by: dict, student: str,
                 names: list[str] | None = None):
    """The review and its analysis board of the student's decisions at ``seat`` in
    ``hand`` (over), the seats named ``names`` (default "You" and "Seat N"); None when
    that hand is not."""
    found = hand_review(history, seed, seat, hand, played_by, student)
    if found is None:
        return None
    review, end = found
    review_seed = f"{seed}/review{hand}"
    board = ReviewBoard(end, seat, review, names or seat_names(end.num_players, seat), seed=review_seed)
    return review, board


def review_data(board, review, table_id: str, hand: int) -> dict:
    """The board as data and as HTML (in the language in use), for the student's page."""
    position = board.position()
    others = [p for p in range(position.num_players) if p != board.seat] if position.is_hand_over else []
    view = board_view(position, board.seat, board.names, face_up=others)
    table = board_html(view, size=REVIEW_CARD_SIZE)
    items = [(0, say("review_board_dealt"), False, None)] + [
        (m.number, board.move_words(m.number), m.player == board.seat,
         m.decision.cost if m.mistake else None) for m in board.moves]
    marks = [(n, board.standing_at(n), board.move(n).decision.cost) for n in board.marks]
    chart = render_review.standing_chart(board.standing, marks, board.selected, board.last)
    panel = Coaching(board.seat)             # the coach's panel as the single-player table draws it
    panel.lines = board.comment()
    title = say("review_board_title", hand=hand)
    page = render_review.review_board_html(
        table, panel.panel_html(), chart,
        render_review.move_list(items, board.selected), render_review.step_buttons(board.selected, board.last),
        title)
    return {"format": REVIEW_FORMAT, "table": table_id, "seat": board.seat, "hand": hand,
            "selected": board.selected, "last": board.last, "marks": board.marks,
            "standing": [[n, round(v, 2)] for n, v in board.standing],
            "moves": [{"number": n, "words": words, "own": own, "cost": cost} for n, words, own, cost in items],
            "comment": board.comment(), "summary": review.summary(),
            "points_lost": round(review.points_lost, 2), "decisions": len(review.decisions),
            "title": title, "html": page}


def table_figures(table_id: str, seats, game, points_lost) -> dict:
    """Per student seated at a table (``seats``, its ``game``): ``{student: {...}}`` with
    the hands and games played and won and the points lost in each hand over, by
    ``points_lost(seat, hand)`` (None: the student made no decision in that hand)."""
    figures = {}
    for seat, who in enumerate(seats):
        if who.computer:
            continue
        hands = [(r.hand, r.went_out == seat) for r in game.hand_results]
        lost = {}
        for hand, _ in hands:
            value = points_lost(seat, hand)
            if value is not None:
                lost[hand] = value
        figures[who.student] = {
            "table": table_id, "seat": seat, "hands": len(hands),
            "hands_won": sum(1 for _, won in hands if won),
            "games": 1 if game.is_game_over else 0,
            "games_won": 1 if game.is_game_over and seat in game.winners else 0,
            "points_lost": {str(h): round(v, 2) for h, v in lost.items()}}
    return figures


def add_up(per_table: list[dict]) -> dict:
    """The figures of every table, added up per student, with points lost per hand."""
    students = {}
    for figures in per_table:
        for student, f in figures.items():
            total = students.setdefault(student, {"student": student, "tables": [], "hands": 0, "hands_won": 0,
                                                  "games": 0, "games_won": 0, "points_lost": []})
            total["tables"].append(f["table"])
            for key in ("hands", "hands_won", "games", "games_won"):
                total[key] += f[key]
            total["points_lost"] += [{"table": f["table"], "hand": int(h), "points": p}
                                     for h, p in f["points_lost"].items()]
    for total in students.values():
        lost = [p["points"] for p in total["points_lost"]]
        total["points_lost_per_hand"] = round(sum(lost) / len(lost), 2) if lost else None
    return {"format": FIGURES_FORMAT, "students": sorted(students.values(), key=lambda s: s["student"])}


class Reviews:
    """The reviews built for the students of one hall of tables (kept: a review is the
    same every time it is built) and the points lost per student and hand."""

    def __init__(self, wait_seconds: float = REVIEW_WAIT_SECONDS):
        self.lock = threading.Lock()          # one review built at a time (each takes a while)
        self.wait_seconds = wait_seconds      # how long a student's request waits for its turn
        self.built: dict[tuple, tuple] = {}   # (table, seat, hand, language) -> (review, board)
        self.lost: dict[tuple, float | None] = {}   # (table, seat, hand) -> points lost

    def review(self, table, moves_lock, seat, hand, student: str, move=None,
               names: list[str] | None = None) -> tuple[Reply, dict | None]:
        """The coach's review of ``student``'s decisions at their ``seat`` of ``table``
        in ``hand`` (a hand that is over), as :func:`review_data` in the language in use,
        move ``move`` of the hand selected (default: the costliest mistake), the seats
        named ``names``. The table is read under ``moves_lock`` (the hall's), the review
        built outside it; a review being built for someone else (or the teacher's figures)
        is waited for, up to ``wait_seconds``."""
        version = table.version
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
            return Reply(False, (Reason("table_no_such_seat", {"seat": str(seat)[:20]}),), version), None
        if table.seats[seat].student != student:
            return Reply(False, (Reason("table_not_your_seat"),), version), None
        if not isinstance(hand, int) or isinstance(hand, bool) or hand < 1:
            return Reply(False, (Reason("table_review_no_hand", {"hand": str(hand)[:20]}),), version), None
        if move is not None and (not isinstance(move, int) or isinstance(move, bool) or move < 0):
            return Reply(False, (Reason("table_review_no_move", {"move": str(move)[:20]}),), version), None
        with moves_lock:
            over = hand in hands_over(table.game)
            history, played_by = table.game.history, dict(table.played_by)
        if not over:
            return Reply(False, (Reason("table_review_not_over", {"hand": hand}),), version), None
        if not self.lock.acquire(timeout=self.wait_seconds):
            return Reply(False, (Reason("table_review_busy"),), version), None
        try:
            key = (table.table_id, seat, hand, current_language(), tuple(names or ()))
            if key not in self.built:
                self.built[key] = review_board(history, table.seed, seat, hand, played_by, student, names)
            review, board = self.built[key]
            if move is not None:
                board.select(move)
            elif review.mistakes:
                board.select(board.number_at(review.mistakes[0].at))
            else:
                board.select(board.last)
            return Reply(True, (), version), review_data(board, review, table.table_id, hand)
        finally:
            self.lock.release()

    def points_lost(self, table, history, played_by, seat, hand) -> float | None:
        """The coach's estimate of the points the student at ``seat`` lost in ``hand``
        (None: they made no decision in it), computed once."""
        key = (table.table_id, seat, hand)
        if key not in self.lost:
            review, _ = hand_review(history, table.seed, seat, hand, played_by, table.seats[seat].student)
            self.lost[key] = round(review.points_lost, 2) if review.decisions else None
        return self.lost[key]

    def figures(self, tables, moves_lock) -> dict:
        """The teacher's figures (:func:`add_up`): per student, the hands and games played
        and won at ``tables`` and the coach's estimated points lost in each hand over (and
        per hand on average). JSON-able; the same from the same stored moves."""
        per_table = []
        for table in tables:
            with moves_lock:
                game, history, played_by = table.game.clone(), table.game.history, dict(table.played_by)
            with self.lock:
                per_table.append(table_figures(
                    table.table_id, table.seats, game,
                    lambda seat, hand: self.points_lost(table, history, played_by, seat, hand)))
        return add_up(per_table)


__all__ = ["Reviews", "hand_review", "review_board", "review_data", "student_moments", "table_figures", "add_up", "hands_over"]
