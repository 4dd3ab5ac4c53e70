"""Card tables for a class: one game, its seats taken by students or computer players.

A :class:`Table` holds one :class:`~rummy_teach.game.Game` and who sits where. A student
sends a move from a seat with the table's **version** it last saw (how many moves the
table has played); the table answers with a :class:`Reply`, and every seat then reads
its own **frame** (:meth:`Table.frame`): what that seat may see and nothing more.

A move is played only when all of these hold, checked in this order, each refusal a
reason of the catalogue and the table unchanged:

1. the seat exists (``table_no_such_seat``), a student plays it
   (``table_computer_seat``) and it is the sender's (``table_not_your_seat``);
2. the game is not over (the judge's ``game_over``);
3. it is this seat's turn to act (``table_not_your_turn``): the player to move, the one
   asked to buy the last discard in Contract Rummy (the engine asks in turn order, so the
   nearest player has the first refusal), or after a hand the next dealer;
4. the move was made on the table as it is now (``table_stale_move``): a move sent twice,
   or made on a table that has changed since, is refused;
5. it reads as a move (``table_unreadable_move``) and the engine's one judge accepts it
   (the judge's own reasons when not);
6. it is stored (``table_not_saved``) before it is played: a table with a ``journal``
   (the results store, :mod:`.tablestore`) keeps every move as it is made.

The turn is checked before the judge is asked, and the order matters: the judge judges
for the player to act, and its reasons may quote that player's hand.

Computer seats move as soon as it is their turn (:meth:`Table.play_computers`), each move
chosen with a random generator seeded by the table's seed, the seat and the version, so a
table rebuilt from its moves plays on exactly as the one that made them.

**Turn clocks** (none by default, :meth:`Table.set_clock`): a student's seat whose turn
lasts longer than the table's turn time, or whose student has left (:meth:`Table.expire`
is told which seats), is taken over by a computer player at the level the teacher chose
(a *stand-in*, ``Table.away``) until the student sits again (:meth:`Table.take_back`); a
Contract Rummy buy question that times out is answered with an automatic pass instead,
and a next hand the student should deal is dealt, the seat staying the student's. The clock reads ``clock`` (epoch seconds; tests pass
their own), and every setting, take-over and return is kept in the journal with its time,
so a restarted table knows when the turn began.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass

from ..errors import NotationError, UsageError
from ..game import LEVELS, Action, choose_action, judge, new_game, player_view
from ..game.deal import rules_from_json, rules_to_json
from ..reasons import Reason
from .fields import ID_LIMIT, ResultsStoreError, clean_field

FRAME_FORMAT = "rummy-teach-table/1"
#: the turn times a teacher may set, in seconds (None: no clock)
TURN_SECONDS = (10, 600)
STAND_IN = "medium"      # the computer player that takes a seat over unless the teacher chose
SPEC_FORMAT = "rummy-teach-table-spec/1"
LOG = logging.getLogger("rummy_teach.classroom")


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a student (``Seat(student="s-12")``) or a computer player at a
    level (``Seat(level="hard")``)."""

    student: str | None = None
    level: str | None = None

    def __post_init__(self):
        if (self.student is None) == (self.level is None):
            raise UsageError(f"a seat has a student or a computer level, one of the two: {self!r}")
        if self.level is not None and self.level not in LEVELS:
            raise UsageError(f"a computer seat's level is one of {', '.join(LEVELS)}, not {self.level!r}")
        if self.student is not None:
            clean = clean_field("student_id", self.student, ID_LIMIT)
            if clean != self.student:
                raise UsageError(f"{self.student!r} is not a student id as the store keeps them")

    @property
    def computer(self) -> bool:
        return self.level is not None

    def to_dict(self) -> dict:
        return {"level": self.level} if self.computer else {"student": self.student}

    def public(self) -> dict:
        """What every seat may know of this one: a student or a computer at a level (a
        student's id stays on the server; the page names the student)."""
        return {"computer": self.computer, "level": self.level}

    @classmethod
    def from_dict(cls, data) -> "Seat":
        if not isinstance(data, dict) or set(data) - {"student", "level"}:
            raise UsageError(f"a seat is {{'student': id}} or {{'level': level}}, not {data!r}")
        return cls(student=data.get("student"), level=data.get("level"))


@dataclass(frozen=True)
class Reply:
    """The table's answer to a move: ``ok``, the reasons (the judge's, or why the move
    was refused) and the table's version after it."""

    ok: bool
    reasons: tuple[Reason, ...]
    version: int | None     # None: the message named no table

    def to_dict(self) -> dict:
        """As sent to the sender: the reasons as codes with parameters and in words (the
        language in use)."""
        return {"ok": self.ok, "version": self.version,
                "reasons": [dict(r.to_json(), text=r.text()) for r in self.reasons]}

    def __bool__(self) -> bool:
        return self.ok


class Table:
    """One card table of a class. ``Table("t1", "contract", seats, seed=4)``.

    ``seats`` lists a :class:`Seat` (or its dict) per player, in playing order. ``journal``
    (optional) keeps the moves: an object with ``add_table_move(table_id, version, seat,
    action, played_by)`` that raises :class:`ResultsStoreError` when it cannot; see
    :class:`.tablestore.TableJournal`.
    """

    def __init__(self, table_id: str, rules, seats, seed=0, *, dealer: int | None = None,
                 journal=None, play: bool = True, clock=None):
        self.table_id = clean_field("table_id", table_id, 64)
        self.seats = tuple(s if isinstance(s, Seat) else Seat.from_dict(s) for s in seats)
        self.seed = seed
        self.game = new_game(rules, len(self.seats), seed, dealer)
        self.journal = journal
        self.clock = clock or time.time
        self.turn_seconds: int | None = None     # None: no turn clock
        self.stand_in = STAND_IN                # the level that plays a seat taken over
        self.away: dict[int, str] = {}          # seat -> level of the computer standing in
        self.turn_started = self.clock()        # when the player to act began to
        self.played_by: dict[int, str] = {}     # version -> who played that move
        if play:
            self.play_computers()

    # --- what the table is --------------------------------------------------------
    @property
    def version(self) -> int:
        """How many moves the table has played (students' and computers')."""
        return self.game.actions_played

    def spec(self) -> dict:
        """What the table was opened with, as JSON-able data (:meth:`from_spec` reads it)."""
        name, options = rules_to_json(self.game.rules)
        return {"format": SPEC_FORMAT, "table": self.table_id, "rules": name, "options": options,
                "seed": self.seed, "dealer": self.game.first_dealer,
                "seats": [s.to_dict() for s in self.seats]}

    @classmethod
    def from_spec(cls, spec: dict, moves=(), journal=None, clock=None) -> "Table":
        """The table ``spec`` describes after ``moves`` (``(version, seat, action)`` rows,
        from version 1 on): each move is played again as it was, and must be accepted."""
        if not isinstance(spec, dict) or spec.get("format") != SPEC_FORMAT:
            found = spec.get("format") if isinstance(spec, dict) else spec
            raise NotationError(f"not a table's description ({found!r}, expected {SPEC_FORMAT!r})")
        rules = rules_from_json(spec["rules"], spec.get("options", {}))
        table = cls(spec["table"], rules, spec["seats"], spec["seed"], dealer=spec["dealer"], play=False,
                    clock=clock)
        for version, seat, action in moves:
            if version != table.version + 1 or seat != table.game.current_player:
                raise NotationError(f"table {table.table_id}: stored move {version} ({action!r} from seat "
                                    f"{seat}) does not follow move {table.version} (seat "
                                    f"{table.game.current_player} to act)")
            table.game.apply(action)
        table.journal = journal
        return table

    def __repr__(self) -> str:
        return (f"<Table {self.table_id!r} {self.game.rules.name} seats={len(self.seats)} "
                f"version={self.version} phase={self.game.phase}>")

    # --- moves ----------------------------------------------------------------------
    def move(self, seat, text, seen, student) -> Reply:
        """Play ``text`` from ``seat`` for ``student``, who last saw version ``seen``.

        Never raises for bad input: every refusal is a :class:`Reply` with its reason,
        and the table is left as it was. Computer seats whose turn follows move at once.
        """
        refusal = self._refusal(seat, seen, student)
        if refusal is not None:
            return Reply(False, (refusal,), self.version)
        try:
            action = Action.parse(text)
        except NotationError:
            return Reply(False, (Reason("table_unreadable_move"),), self.version)
        verdict = judge(self.game, action)
        if not verdict.ok:
            return Reply(False, verdict.reasons, self.version)
        try:
            self._play(seat, verdict.action, student)
        except ResultsStoreError as error:
            LOG.warning("table %s: move %s not stored: %s", self.table_id, self.version + 1, error)
            return Reply(False, (Reason("table_not_saved"),), self.version)
        self.play_computers()
        return Reply(True, verdict.reasons, self.version)

    def _refusal(self, seat, seen, student) -> Reason | None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            return Reason("table_no_such_seat", {"seat": str(seat)[:20]})
        if self.seats[seat].computer:
            return Reason("table_computer_seat")
        if student != self.seats[seat].student:
            return Reason("table_not_your_seat")
        if seat in self.away:
            return Reason("table_stand_in")
        if self.game.is_game_over:
            return Reason("game_over")
        if seat != self.game.current_player:
            return Reason("table_not_your_turn")
        if not isinstance(seen, int) or isinstance(seen, bool) or seen != self.version:
            return Reason("table_stale_move")
        return None

    def _play(self, seat: int, action: Action, played_by: str) -> None:
        """Store, then play: a move the journal refused is not played."""
        at = self.clock()
        if self.journal is not None:
            self.journal.add_table_move(self.table_id, self.version + 1, seat,
                                        action.text(ascii=True), played_by, at=at)
        self.game.apply(action)
        self.played_by[self.version] = played_by
        self.turn_started = at

    def play_computers(self) -> int:
        """Let every computer seat whose turn it is move, until a student is to act or the
        game is over; how many moves they made. A move the journal cannot keep stops them
        (the table stays as stored; call again once the store answers)."""
        made = 0
        while not self.game.is_game_over:
            seat = self.game.current_player
            level = self.playing(seat)
            if level is None:
                break
            rng = random.Random(f"{self.seed}/{seat}/{self.version}")
            action = choose_action(self.game, seat, level, rng)
            if not judge(self.game, action).ok:     # never stored: the store keeps only legal moves
                LOG.error("table %s: the %s computer player chose %r, which the judge refuses",
                          self.table_id, level, action.text(ascii=True))
                break
            try:
                self._play(seat, action, f"{'computer' if self.seats[seat].computer else 'stand-in'}:{level}")
            except ResultsStoreError as error:
                LOG.warning("table %s: computer move %s not stored: %s", self.table_id,
                            self.version + 1, error)
                break
            made += 1
        return made

    # --- what each seat sees ----------------------------------------------------------
    def frame(self, seat: int) -> dict:
        """Everything ``seat`` may see now, as JSON-able data: the engine's per-seat view
        (:func:`~rummy_teach.game.player_view`: the seat's own hand, never another's nor
        the stock's order), less the buy answers of the other seats while a buy window
        is open (they become public when it closes: the card goes to the buyer)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            raise UsageError(f"seat must be 0 to {len(self.seats) - 1}, not {seat!r}")
        view = player_view(self.game, seat)
        if view["buy_offer"] is not None:
            view["buy_offer"]["called"] = [p for p in view["buy_offer"]["called"] if p == seat]
        return {"format": FRAME_FORMAT, "table": self.table_id, "version": self.version,
                "seat": seat, "seats": [dict(s.public(), stand_in=self.away.get(i))
                                        for i, s in enumerate(self.seats)],
                "clock": self.clock_frame(), "view": view}

    # --- the turn clock ---------------------------------------------------------------
    def playing(self, seat: int) -> str | None:
        """The level of the computer that plays ``seat`` now (its own, or the stand-in's
        of a seat taken over); None when its student plays it."""
        return self.seats[seat].level if self.seats[seat].computer else self.away.get(seat)

    def clock_frame(self) -> dict | None:
        """The clock as every seat sees it: the turn time, the stand-in's level and the
        seconds left to the player to act (None when no student's clock runs)."""
        if self.turn_seconds is None:
            return None
        seat = self.game.current_player
        running = not self.game.is_game_over and self.playing(seat) is None
        left = max(0.0, self.turn_started + self.turn_seconds - self.clock()) if running else None
        return {"seconds": self.turn_seconds, "stand_in": self.stand_in,
                "left": None if left is None else round(left, 1)}

    def set_clock(self, seconds, level=None) -> Reply:
        """Give the table a turn time of ``seconds`` (None: no clock), a seat that times
        out played by a ``level`` computer (default: the one set before); the turn under
        way starts again from now. Kept in the journal before it counts."""
        level = self.stand_in if level is None else level
        refusal = clock_refusal(seconds, level)
        if refusal is not None:
            return Reply(False, (refusal,), self.version)
        at = self.clock()
        if not self._note("clock", None, {"seconds": seconds, "level": level}, at):
            return Reply(False, (Reason("table_not_saved"),), self.version)
        self.apply_event("clock", None, {"seconds": seconds, "level": level}, at)
        return Reply(True, (), self.version)

    def due(self, gone=()) -> tuple[int, str] | None:
        """``(seat, why)`` when the seat to act must be played for it now: ``"timeout"``
        (its turn has lasted the turn time) or ``"left"`` (its student is among ``gone``);
        None otherwise, and always on a table without a clock."""
        if self.turn_seconds is None or self.game.is_game_over:
            return None
        seat = self.game.current_player
        if self.playing(seat) is not None:
            return None
        if self.clock() >= self.turn_started + self.turn_seconds:
            return seat, "timeout"
        return (seat, "left") if seat in gone else None

    def expire(self, gone=()) -> bool:
        """Play for the seat to act if it is :meth:`due`: a buy question is answered with
        an automatic pass and the next hand dealt after one is over (the seat stays the
        student's: neither is a choice of play); otherwise a computer at the table's
        stand-in level takes the seat over (and plays at once) until its student sits
        again. True when the table changed."""
        found = self.due(gone)
        if found is None:
            return False
        seat, why = found
        automatic = {"buy": "pass", "hand_over": "next"}.get(self.game.phase)
        if automatic is not None:
            try:
                self._play(seat, Action(automatic), f"clock:{automatic}")
            except ResultsStoreError as error:
                LOG.warning("table %s: automatic %s not stored: %s", self.table_id, automatic, error)
                return False
        else:
            at = self.clock()
            if not self._note("away", seat, {"level": self.stand_in, "why": why}, at):
                return False
            self.apply_event("away", seat, {"level": self.stand_in, "why": why}, at)
        self.play_computers()
        return True

    def take_back(self, seat: int, student: str) -> Reply:
        """``student`` takes their seat back from its stand-in; their clock starts now."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            return Reply(False, (Reason("table_no_such_seat", {"seat": str(seat)[:20]}),), self.version)
        if self.seats[seat].student != student:
            return Reply(False, (Reason("table_not_your_seat"),), self.version)
        if seat not in self.away:
            return Reply(True, (), self.version)
        at = self.clock()
        if not self._note("back", seat, {}, at):
            return Reply(False, (Reason("table_not_saved"),), self.version)
        self.apply_event("back", seat, {}, at)
        return Reply(True, (Reason("table_seat_back"),), self.version)

    def _note(self, kind, seat, detail, at) -> bool:
        """Keep an event of the clock in the journal; False when it could not be kept."""
        if self.journal is None:
            return True
        try:
            self.journal.add_table_event(self.table_id, kind, seat, detail, at)
        except ResultsStoreError as error:
            LOG.warning("table %s: %s not stored: %s", self.table_id, kind, error)
            return False
        return True

    def apply_event(self, kind: str, seat, detail: dict, at: float) -> None:
        """Change the clock's state by one event, as it was made or read back from the
        store (:func:`.tablestore.restore_tables`)."""
        if kind == "clock":
            self.turn_seconds, self.stand_in = detail["seconds"], detail["level"]
            self.turn_started = max(self.turn_started, at)
        elif kind == "away":
            self.away[seat] = detail["level"]
        elif kind == "back":
            self.away.pop(seat, None)
            if self.game.current_player == seat:
                self.turn_started = max(self.turn_started, at)
        else:
            raise NotationError(f"table {self.table_id}: no clock event {kind!r}")


def clock_refusal(seconds, level) -> Reason | None:
    """Why a turn time of ``seconds`` (None: no clock) with ``level`` stand-ins cannot be
    set (``table_clock_range``, ``table_clock_level``); None when it can."""
    low, high = TURN_SECONDS
    if seconds is not None and (not isinstance(seconds, int) or isinstance(seconds, bool)
                                or not low <= seconds <= high):
        return Reason("table_clock_range", {"low": low, "high": high, "given": str(seconds)[:20]})
    if level not in LEVELS:
        return Reason("table_clock_level", {"given": str(level)[:20], "levels": ", ".join(LEVELS)})
    return None


def open_table(table_id: str, rules, seats, seed=0, *, dealer=None, journal=None, clock=None) -> Table:
    """A new table whose description is stored first (``journal.add_table``), then
    whose computer seats make their first moves, each stored as it is made."""
    table = Table(table_id, rules, seats, seed, dealer=dealer, play=False, clock=clock)
    if journal is not None:
        journal.add_table(table.table_id, table.spec())
        table.journal = journal
    table.play_computers()
    return table


__all__ = ["Seat", "Reply", "Table", "open_table", "clock_refusal", "TURN_SECONDS"]
