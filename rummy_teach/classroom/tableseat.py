"""The book's card table for one student's seat at a class table, drawn by the server.

A student's browser shows the same table as the book and JupyterLab: the HTML of
:class:`~rummy_teach.play.table.TableController` (:mod:`rummy_teach.play.board`'s table,
its buttons, its log), not a third drawing of it. :class:`SeatPlay` is that controller for
one seat of a :class:`~.tables.Table`, with two differences:

* its game is a **copy that follows the table**: :meth:`SeatPlay.follow` plays the table's
  moves again, in order, each told in the log in the student's words ("Anna draws.",
  "You discard 7♥."), so what is drawn is always ``board_view(game, seat)``: the seat's
  own hand, never another's nor the stock's order (the frames' rule);
* a move of the student is not played here: :meth:`SeatPlay.play` leaves it in
  :attr:`SeatPlay.pending`, the socket sends it to the table as every browser's move is
  sent (seat and version), and the table's refusal, with the judge's reasons, is what the
  page then says (:meth:`SeatPlay.refused`).

Selecting cards, sorting and clearing stay in the seat (nothing is sent for them). The
coach's buttons are not shown at a class table (the review after a hand is the table's).
"""

from __future__ import annotations

import math
from html import escape

from .. import i18n
from ..errors import RummyError
from ..game import Action, new_game
from ..game.deal import rules_from_json
from ..game.narrate import describe_move, faces_text
from ..play.table import TableController
from ..reasons import say


def seat_names(spec: dict, names: dict, seat: int) -> list[str]:
    """The names a seat's table shows: "You" at ``seat``, each other student's name
    (``names``: student id -> name), "Computer (hard)" at a computer's seat."""
    shown = []
    for number, one in enumerate(spec["seats"]):
        if number == seat:
            shown.append(say("seat_you"))
        elif "level" in one:
            shown.append(say("table_seat_computer", level=say(f"level_{one['level']}")))
        else:
            shown.append(names.get(one["student"]) or say("table_seat_student", number=number + 1))
    return shown


class SeatPlay(TableController):
    """The table of ``spec`` (:meth:`.tables.Table.spec`) seen from ``seat``, named by
    ``names`` (student id -> name); call :meth:`follow` with the table's moves."""

    def __init__(self, spec: dict, seat: int, names: dict, size: int = 60):
        rules = rules_from_json(spec["rules"], spec.get("options", {}))
        game = new_game(rules, len(spec["seats"]), spec["seed"], spec["dealer"])
        self.table_id = spec["table"]
        self.pending: Action | None = None
        super().__init__(rules.name, len(spec["seats"]), seat, names=seat_names(spec, names, seat),
                         size=size, _game=game)

    @property
    def version(self) -> int:
        """The table's version this seat has followed to (the ``seen`` of its next move)."""
        return self.game.actions_played

    def follow(self, moves) -> int:
        """Play the table's moves after :attr:`version` (``(player, action text)`` in order,
        from the table's first) and tell each in the log; how many were new."""
        new = list(moves)[self.version:]
        for player, text in new:
            game = self.game
            action = Action.parse(text)
            line = describe_move(game, player, action, self.names, self.seat) \
                if action.kind != "next" else None
            before = game.hand(self.seat)
            game.apply(action)
            if action.kind == "next":
                line = say("hand_dealt", number=game.hand_number)
            elif action.kind == "draw" and player == self.seat:   # one's own new card
                drawn = [c for c in game.hand(self.seat) if c not in before]
                line = say("move_draw_seen", cards=faces_text(drawn)) if drawn else line
            if action.kind in ("meld", "layoff", "discard") and player == self.seat:
                self.selected = []
            if action.kind == "meld" and player == self.seat:
                self.groups = []
            self.record(line)
        if new:
            self.message = ""
            self.settle()
        return len(new)

    def play(self, action) -> bool:
        """Keep the student's move for the table (:attr:`pending`); nothing is played here."""
        try:
            self.pending = Action.parse(action)
        except RummyError as error:
            self.say(str(error))
            return False
        return True

    def take_pending(self) -> Action | None:
        pending, self.pending = self.pending, None
        return pending

    def refused(self, reasons) -> None:
        """The table refused the move: its reasons (the judge's, or the table's) are said."""
        self.say(" ".join(reason.text() for reason in reasons))

    def board_view(self) -> dict:
        """The book's ``board_view`` of the seat, kept while nothing it shows changes: one
        redraw asks for it once per greyed button (their tooltips), and the server redraws
        the table for every watching page after every move."""
        key = (self.version, tuple(self.selected), tuple(self.groups), self.sort,
               i18n.current_language())
        if getattr(self, "_shown", (None,))[0] != key:
            self._shown = (key, super().board_view())
        return self._shown[1]

    def legal_kinds(self) -> set[str]:
        """As the book's table, but after a hand only the next dealer deals (Next hand): at a
        class table the other seats are people, not computers waiting for the reader."""
        kinds = super().legal_kinds()
        if self.game.is_hand_over and self.game.current_player != self.seat:
            kinds.discard("next")
        return kinds

    def run_bots(self) -> None:
        """Nothing: the table plays its computer seats, and every other seat is a student."""
        self.settle()

    def coach_buttons_html(self) -> str:
        return ""

    def shown_buttons(self) -> list[str]:
        return [name for name in super().shown_buttons() if name != "replay"]

    # --- the table's clock and stand-ins, as the frames say them -------------------------
    stand_ins: dict = {}          # seat -> the level of the computer playing it for now
    turn_clock: dict | None = None

    def note(self, frame: dict) -> None:
        """Keep what the table's latest ``frame`` (:meth:`.tables.Table.frame`) says of
        the seats played by a stand-in and of the turn clock, for the next drawing."""
        self.stand_ins = {number: seat["stand_in"] for number, seat in enumerate(frame["seats"])
                          if seat.get("stand_in")}
        self.turn_clock = frame.get("clock")

    def standing_html(self) -> str:
        """Who plays a seat now when a computer stands in, the turn time and the time left
        (when the table has a clock), and for one's own seat stood in for, the button that
        takes it back."""
        lines = []
        for number, level in sorted(self.stand_ins.items()):
            if number == self.seat:
                lines.append(f'<p class="rt-stand-in rt-stand-in-you">{escape(say("table_stand_in"))} '
                             f'<button type="button" data-act="takeback">'
                             f'{escape(say("table_take_back"))}</button></p>')
            else:
                text = say("table_page_stand_in", name=self.names[number], level=say(f"level_{level}"))
                lines.append(f'<p class="rt-stand-in">{escape(text)}</p>')
        clock = self.turn_clock
        if clock:
            left = ""
            if clock.get("left") is not None:     # counted down by the page between drawings
                seconds = math.ceil(clock["left"])
                left = (f' <span class="rt-time-left" role="timer" data-left="{seconds}">'
                        f'{escape(say("table_page_left", count=seconds))}</span>')
            lines.append(f'<p class="rt-turn-clock">{escape(say("table_page_clock", count=clock["seconds"]))}'
                         f'{left}</p>')
        return f'<div class="rt-table-standing">{"".join(lines)}</div>' if lines else ""

    # --- the coach's review of one's own hand (tablereview, asked over the socket) -------
    reviewing: tuple | None = None     # (hand, the review board's HTML, move selected, last move)

    def review_html(self) -> str:
        """After a hand, the button that opens its review; the review board when open."""
        if self.reviewing is not None:
            return (f'<section class="rt-table-review" data-hand="{self.reviewing[0]}">'
                    f'<h2>{escape(say("review_board_title", hand=self.reviewing[0]))}</h2>{self.reviewing[1]}'
                    f'<button type="button" data-act="review_close">{escape(say("table_review_close"))}'
                    f"</button></section>")
        if self.game.is_hand_over:
            return (f'<p class="rt-table-review-ask"><button type="button" data-act="review" '
                    f'data-arg="{self.game.hand_results[-1].hand}">{escape(say("table_review_button"))}</button></p>')
        return ""

    def html(self) -> str:
        return (f'<div class="rt-card-table" data-table="{escape(self.table_id)}" data-version="{self.version}">'
                f"{self.standing_html()}{self.board_html()}{self.buttons_html()}{self.review_html()}</div>")


__all__ = ["SeatPlay", "seat_names"]
