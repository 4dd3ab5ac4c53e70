"""The class-wide limits kept in the results store, so every server process counts the same.

A district serves one class through several ``rummy-teach classroom`` processes on one
database (see docs/deployment.md). A limit that each process counted for itself would
give a script one allowance per process: with two processes, ten guesses at a
classmate's rejoin code instead of five. So the limits that hold for the whole class
(new names per address and for the class, wrong rejoin codes per name and per address)
are token buckets kept in one table of the store, and each take is a single statement
the database runs atomically, whichever process sends it:

``rummy_paces``   one row per (session, pace, key): the allowance left and when it was
                  last counted (seconds of the desk's clock)

:class:`StorePace` has the interface of :class:`~rummy_teach.classroom.pace.Pace`
(``take``, ``allows``, ``left``, ``forget``) over such a row; time comes from its
``clock`` (wall time by default, since processes on several machines share the rows; a
test gives its own). A key whose row was never written has its whole burst.

:class:`PacesMixin` is part of :class:`~rummy_teach.classroom.store.ResultsStore`.
"""

from __future__ import annotations

import time
from typing import Callable

from .fields import ID_LIMIT, clean_field

PACES_SCHEMA = """CREATE TABLE IF NOT EXISTS rummy_paces (
        session_id   TEXT NOT NULL,
        pace         VARCHAR(32) NOT NULL,
        pace_key     VARCHAR(200) NOT NULL,
        tokens       DOUBLE PRECISION NOT NULL,
        checked      DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (session_id, pace, pace_key)
    )"""
KEY_LIMIT = 200
FULL = 1e9  # an allowance past any burst: full, whenever it was counted

# the allowance of the row now: what was left plus what came back since (never past the burst)
_REFILLED = ("CASE WHEN rummy_paces.tokens + (CASE WHEN ? > rummy_paces.checked "
             "THEN ? - rummy_paces.checked ELSE 0 END) * ? > ? THEN ? "
             "ELSE rummy_paces.tokens + (CASE WHEN ? > rummy_paces.checked "
             "THEN ? - rummy_paces.checked ELSE 0 END) * ? END")


def _refilled_params(now: float, per_second: float, burst: float) -> tuple:
    return (now, now, per_second, burst, burst, now, now, per_second)


class PacesMixin:
    """The pace rows of a :class:`ResultsStore` (which supplies ``_run``)."""

    def _pace_row(self, session: str, pace: str, key: str) -> tuple:
        return (clean_field("session", session, ID_LIMIT), clean_field("pace", pace, 32),
                str(key)[:KEY_LIMIT])

    def pace_take(self, session: str, pace: str, key: str, *, burst: float,
                  per_second: float, now: float) -> bool:
        """Take one from the allowance of ``key``: False (nothing taken) when less than one
        is left. One statement, so two processes taking at once are counted one after the
        other."""
        refill = _refilled_params(now, per_second, burst)
        rows = self._run(
            "count a limit in",
            "INSERT INTO rummy_paces (session_id, pace, pace_key, tokens, checked) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT (session_id, pace, pace_key) DO UPDATE SET "
            f"tokens = {_REFILLED} - 1, checked = ? WHERE {_REFILLED} >= 1 RETURNING tokens",
            (*self._pace_row(session, pace, key), burst - 1, now, *refill, now, *refill))
        return bool(rows)

    def pace_give_back(self, session: str, pace: str, key: str, *, burst: float,
                       per_second: float, now: float) -> None:
        """Return one taken to ``key``'s allowance (never past ``burst``)."""
        refill = _refilled_params(now, per_second, burst)
        self._run("count a limit in",
                  f"UPDATE rummy_paces SET tokens = CASE WHEN {_REFILLED} + 1 > ? THEN ? "
                  f"ELSE {_REFILLED} + 1 END, checked = ? "
                  "WHERE session_id = ? AND pace = ? AND pace_key = ?",
                  (*refill, burst, burst, *refill, now, *self._pace_row(session, pace, key)))

    def pace_left(self, session: str, pace: str, key: str, *, burst: float,
                  per_second: float, now: float) -> float:
        """The allowance ``key`` has now (``burst`` for a key never counted)."""
        rows = self._run("read a limit in", "SELECT tokens, checked FROM rummy_paces "
                         "WHERE session_id = ? AND pace = ? AND pace_key = ?",
                         self._pace_row(session, pace, key))
        if not rows:
            return float(burst)
        tokens, checked = float(rows[0][0]), float(rows[0][1])
        return min(float(burst), tokens + max(0.0, now - checked) * per_second)

    def pace_forget(self, session: str, pace: str, key: str) -> None:
        """``key`` starts again with its whole allowance (a teacher's reset)."""
        self._run("reset a limit in", "UPDATE rummy_paces SET tokens = ? "
                  "WHERE session_id = ? AND pace = ? AND pace_key = ?",
                  (FULL, *self._pace_row(session, pace, key)))

    def shares_paces(self) -> bool:
        """Whether this store keeps the class-wide limits (a PostgreSQL database made by an
        older ``db init`` lacks the table until ``db init`` runs again)."""
        try:
            self._execute("SELECT tokens FROM rummy_paces WHERE 1 = 0")
            return True
        except self._errors():
            return False


class StorePace:
    """A :class:`~rummy_teach.classroom.pace.Pace` whose allowances live in the store:
    ``store`` is a function returning the open store; ``name`` tells this pace's rows from
    the others' of the ``session``."""

    def __init__(self, store: Callable, session: str, name: str, burst: float,
                 per_second: float, clock: Callable[[], float] = time.time):
        if burst < 1 or per_second < 0:
            raise ValueError(f"a pace needs burst >= 1 and per_second >= 0, got {burst}, "
                             f"{per_second}")
        self.store, self.session, self.name, self.clock = store, session, name, clock
        self.burst, self.per_second = float(burst), float(per_second)

    def __repr__(self):
        return f"StorePace({self.name!r}, {self.burst:g}, {self.per_second:g})"

    def _limits(self) -> dict:
        return {"burst": self.burst, "per_second": self.per_second, "now": self.clock()}

    def take(self, key) -> bool:
        """Take one from ``key``'s allowance: False (nothing taken) when none is left."""
        return self.store().pace_take(self.session, self.name, str(key), **self._limits())

    def give_back(self, key) -> None:
        """Return one taken (an attempt that turned out right)."""
        self.store().pace_give_back(self.session, self.name, str(key), **self._limits())

    def left(self, key) -> float:
        return self.store().pace_left(self.session, self.name, str(key), **self._limits())

    def allows(self, key) -> bool:
        return self.left(key) >= 1

    def forget(self, key) -> None:
        self.store().pace_forget(self.session, self.name, str(key))
