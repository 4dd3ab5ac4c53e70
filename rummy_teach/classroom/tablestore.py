"""The class's card tables in the results store: each table's description and every move,
kept as it is made, so a restarted classroom finds every table where it was.

Two tables, made with the others (:data:`TABLES_SCHEMA`, in the store's schema):

``rummy_tables``        one row per table: its description (:meth:`Table.spec`, JSON)
``rummy_table_moves``   one row per move played at a table, numbered by the table's
                        version after it (1, 2, ...): the seat, the move's text, who
                        played it (a student's id, ``computer:LEVEL``, ``stand-in:LEVEL``
                        for a seat taken over, ``clock:pass`` or ``clock:next`` for a buy
                        question passed or a hand dealt when the clock ran out) and when
``rummy_table_events``  the turn clock's events, numbered 1, 2, ...: a turn time set
                        (``clock``), a seat taken over (``away``) or taken back
                        (``back``), with the table's clock time (epoch seconds)

A move is written in its own transaction before the table plays it (see
:meth:`Table._play <rummy_teach.classroom.tables.Table.move>`); the key
``(session, table, version)`` lets no two moves claim the same place, so two servers
writing the same table cannot fork it. The moves of a table are its game's history:
:func:`restore_tables` plays them again from the description.

:class:`TablesMixin` is part of :class:`~rummy_teach.classroom.store.ResultsStore`;
:class:`TableJournal` is what a :class:`~rummy_teach.classroom.tables.Table` writes to.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime, timezone

from ..errors import RummyError
from .fields import ID_LIMIT, clean_field, parse_time, time_text
from .tables import Table

LOG = logging.getLogger("rummy_teach.classroom")

TABLES_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS rummy_tables (
        session_id   TEXT NOT NULL,
        table_id     VARCHAR(64) NOT NULL,
        spec         TEXT NOT NULL,
        opened_at    VARCHAR(32) NOT NULL,
        PRIMARY KEY (session_id, table_id)
    )""",
    """CREATE TABLE IF NOT EXISTS rummy_table_moves (
        session_id   TEXT NOT NULL,
        table_id     VARCHAR(64) NOT NULL,
        version      INTEGER NOT NULL,
        seat         INTEGER NOT NULL,
        action       TEXT NOT NULL,
        played_by    TEXT NOT NULL,
        played_at    VARCHAR(32) NOT NULL,
        PRIMARY KEY (session_id, table_id, version)
    )""",
    """CREATE TABLE IF NOT EXISTS rummy_table_events (
        session_id   TEXT NOT NULL,
        table_id     VARCHAR(64) NOT NULL,
        number       INTEGER NOT NULL,
        kind         VARCHAR(16) NOT NULL,
        seat         INTEGER,
        detail       TEXT NOT NULL,
        at           DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (session_id, table_id, number)
    )""",
)
ACTION_LIMIT = 400


class TablesMixin:
    """The table rows of a :class:`ResultsStore` (which supplies ``_run`` and ``_write``)."""

    def add_table(self, session: str, table_id: str, spec: dict) -> None:
        """Keep a new table's description; a table of that id already kept is an error."""
        row = (clean_field("session", session, ID_LIMIT), clean_field("table_id", table_id, 64),
               json.dumps(spec, ensure_ascii=False, sort_keys=True), time_text(datetime.now(timezone.utc)))
        self._write("open a table in", "INSERT INTO rummy_tables (session_id, table_id, spec, opened_at) "
                    "VALUES (?, ?, ?, ?)", row)

    def add_table_move(self, session: str, table_id: str, version: int, seat: int, action: str,
                       played_by: str, at: float | None = None) -> None:
        """Keep one move, committed before this returns; a move already kept at ``version``
        (another server playing the same table) is an error and nothing is written.
        ``at``: when it was played, in epoch seconds (default: now)."""
        when = datetime.now(timezone.utc) if at is None else datetime.fromtimestamp(at, timezone.utc)
        row = (clean_field("session", session, ID_LIMIT), clean_field("table_id", table_id, 64),
               int(version), int(seat), clean_field("action", action, ACTION_LIMIT),
               clean_field("played_by", played_by, ID_LIMIT), time_text(when))
        self._write("keep a move in", "INSERT INTO rummy_table_moves (session_id, table_id, version, "
                    "seat, action, played_by, played_at) VALUES (?, ?, ?, ?, ?, ?, ?)", row)

    def table_specs(self, session: str) -> list[dict]:
        """The descriptions of the session's tables, in the order they were opened."""
        rows = self._run("read the tables of", "SELECT spec FROM rummy_tables WHERE session_id = ? "
                         "ORDER BY opened_at, table_id", (session,))
        return [json.loads(r[0]) for r in rows]

    def table_moves(self, session: str, table_id: str) -> list[tuple[int, int, str]]:
        """Every move kept for a table, as ``(version, seat, action)`` in the order played."""
        rows = self._run("read the moves of", "SELECT version, seat, action FROM rummy_table_moves "
                         "WHERE session_id = ? AND table_id = ? ORDER BY version", (session, table_id))
        return [(int(v), int(s), a) for v, s, a in rows]

    def table_move_players(self, session: str, table_id: str) -> list[tuple[int, str, float]]:
        """Who played each move of a table and when: ``(version, played_by, epoch seconds)``."""
        rows = self._run("read the moves of", "SELECT version, played_by, played_at FROM rummy_table_moves "
                         "WHERE session_id = ? AND table_id = ? ORDER BY version", (session, table_id))
        return [(int(v), p, parse_time(t).timestamp()) for v, p, t in rows]

    def add_table_event(self, session: str, table_id: str, number: int, kind: str, seat: int | None,
                        detail: dict, at: float) -> None:
        """Keep event ``number`` of a table's clock; one already kept there is an error."""
        row = (clean_field("session", session, ID_LIMIT), clean_field("table_id", table_id, 64),
               int(number), clean_field("kind", kind, 16), None if seat is None else int(seat),
               json.dumps(detail, sort_keys=True), float(at))
        self._write("keep a table's clock in", "INSERT INTO rummy_table_events (session_id, table_id, "
                    "number, kind, seat, detail, at) VALUES (?, ?, ?, ?, ?, ?, ?)", row)

    def table_events(self, session: str, table_id: str) -> list[tuple[int, str, int | None, dict, float]]:
        """A table's clock events in order: ``(number, kind, seat, detail, at)``."""
        rows = self._run("read the clock of", "SELECT number, kind, seat, detail, at FROM rummy_table_events "
                         "WHERE session_id = ? AND table_id = ? ORDER BY number", (session, table_id))
        return [(int(n), k, None if s is None else int(s), json.loads(d), float(a)) for n, k, s, d, a in rows]


class TableJournal:
    """What a :class:`Table` of ``session`` writes its description and moves to."""

    def __init__(self, store, session: str):
        self.store, self.session = store, session
        self.events: dict[str, int] = {}     # table id -> events kept so far

    def add_table(self, table_id: str, spec: dict) -> None:
        self.store.add_table(self.session, table_id, spec)

    def add_table_move(self, table_id: str, version: int, seat: int, action: str, played_by: str,
                       at: float | None = None) -> None:
        self.store.add_table_move(self.session, table_id, version, seat, action, played_by, at)

    def add_table_event(self, table_id: str, kind: str, seat, detail: dict, at: float) -> None:
        number = self.events.get(table_id, 0) + 1
        self.store.add_table_event(self.session, table_id, number, kind, seat, detail, at)
        self.events[table_id] = number

    def __repr__(self) -> str:
        return f"TableJournal({self.store!r}, {self.session!r})"


def restore_tables(store, session: str, problems: list | None = None, clock=None) -> dict[str, Table]:
    """Every table of ``session`` as it was after its last stored move, by id; each keeps
    writing to the store from there.

    A table whose stored rows do not make a game (a database edited by hand) raises
    :class:`~rummy_teach.errors.RummyError` naming the table and the move; with a
    ``problems`` list it is left out instead, ``(table id, message)`` added to the list,
    and the other tables come back (the classroom's way: one damaged table does not close
    the others). The turn clock comes back from the stored times: the turn under way
    began when its last move (or the clock's last event) was made, whatever the time now."""
    journal = TableJournal(store, session)
    tables = {}
    for spec in store.table_specs(session):
        table_id = spec.get("table") if isinstance(spec, dict) else None
        try:
            table = Table.from_spec(spec, store.table_moves(session, str(table_id)), journal=journal,
                                    clock=clock)
            players = store.table_move_players(session, table.table_id)
            table.played_by = {version: by for version, by, _ in players}
            table.turn_started = players[-1][2] if players else 0.0
            events = store.table_events(session, table.table_id)
            for number, kind, seat, detail, at in events:
                table.apply_event(kind, seat, detail, at)
            journal.events[table.table_id] = len(events)
        except (RummyError, KeyError, TypeError) as error:
            if problems is None:
                raise RummyError(f"table {table_id!r} of session {session!r} cannot be restored: "
                                 f"{error}") from None
            problems.append((table_id, str(error)))
            LOG.warning("table %r of session %r left out: %s", table_id, session, error)
            continue
        tables[table.table_id] = table
    return tables
