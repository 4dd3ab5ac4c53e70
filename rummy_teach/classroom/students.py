"""Who is in the class: one row per student of a session, kept next to the answers.

A student row holds the display name (normalised, :func:`~rummy_teach.classroom.names.normal_name`)
and its key (:func:`~rummy_teach.classroom.names.name_key`: "ada  LOVELACE", "Ada Lovelace"
and a look-alike "Аda Lovelace" with a Cyrillic А are one name), the SHA-256 of the browser's seat cookie (a reload
or a second tab finds the student again), a short rejoin code (another device
finds the student again), the student's paper (question order and answer order,
exactly as shown) and the question the student is on. The answers themselves stay
in ``rummy_answers``; this table is what makes them resumable and the dashboard live.

:class:`StudentsMixin` is part of :class:`~rummy_teach.classroom.store.ResultsStore`.
"""

from __future__ import annotations

import json
import secrets
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone

from .names import name_key, normal_name, plain_key

STUDENTS_SCHEMA = """CREATE TABLE IF NOT EXISTS rummy_students (
        session_id   TEXT NOT NULL,
        student_id   VARCHAR(64) NOT NULL,
        student_name TEXT NOT NULL,
        name_key     TEXT NOT NULL,
        seat_hash    VARCHAR(64) NOT NULL,
        rejoin_code  VARCHAR(16) NOT NULL,
        quiz         TEXT NOT NULL,
        paper        TEXT NOT NULL,
        joined_at    VARCHAR(32) NOT NULL,
        seen_at      VARCHAR(32) NOT NULL,
        position     INTEGER NOT NULL,
        PRIMARY KEY (session_id, student_id),
        UNIQUE (session_id, name_key)
    )"""
STUDENT_COLUMNS = ("session_id", "student_id", "student_name", "name_key", "seat_hash",
                   "rejoin_code", "quiz", "paper", "joined_at", "seen_at", "position")
REJOIN_DIGITS = 6


def new_rejoin_code() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(REJOIN_DIGITS))


@dataclass(frozen=True)
class Student:
    """One student of a session as stored."""

    session: str
    student_id: str
    name: str
    seat_hash: str
    rejoin_code: str
    quiz: str
    paper: dict
    joined_at: datetime
    seen_at: datetime
    position: int


class NameTaken(Exception):
    """Another student of the session already has this name; ``student`` is that one."""

    def __init__(self, student: Student):
        super().__init__(student.name)
        self.student = student


class UnknownStudent(LookupError):
    """No student of this id in the session (removed or merged meanwhile?)."""

    def __init__(self, session: str, student_id: str):
        super().__init__(f"no student {student_id!r} in session {session!r}")
        self.session, self.student_id = session, student_id


class StudentsMixin:
    """The student rows of a :class:`ResultsStore` (which supplies ``_run``, ``_write`` and
    ``_write_all``)."""

    def _student_rows(self, where: str, params: tuple) -> list[Student]:
        from .store import parse_time
        rows = self._run("read the students of", f"SELECT {', '.join(STUDENT_COLUMNS)} "
                         f"FROM rummy_students WHERE {where} ORDER BY joined_at, student_id", params)
        return [Student(session=r[0], student_id=r[1], name=r[2], seat_hash=r[4],
                        rejoin_code=r[5], quiz=r[6], paper=json.loads(r[7]),
                        joined_at=parse_time(r[8]), seen_at=parse_time(r[9]),
                        position=int(r[10])) for r in rows]

    def students(self, session: str) -> list[Student]:
        """The session's students, in the order they joined ([] for a store made before
        students were kept)."""
        try:
            return self._student_rows("session_id = ?", (session,))
        except Exception:
            if self.create:
                raise
            return []

    def student(self, session: str, student_id: str) -> Student | None:
        found = self._student_rows("session_id = ? AND student_id = ?", (session, student_id))
        return found[0] if found else None

    def student_by_seat(self, session: str, seat_hash: str) -> Student | None:
        found = self._student_rows("session_id = ? AND seat_hash = ?", (session, seat_hash))
        return found[-1] if found else None

    def student_by_name(self, session: str, name: str) -> Student | None:
        """The student of this name or of a look-alike of it (a row kept before look-alikes
        were compared is found by its older key)."""
        found = self._student_rows("session_id = ? AND name_key IN (?, ?)",
                                   (session, name_key(name), plain_key(normal_name(name))))
        return found[0] if found else None

    def add_student(self, *, session: str, name: str, seat_hash: str, quiz: str, paper: dict,
                    student_id: str | None = None) -> Student:
        """A new student; :class:`NameTaken` if the session already has one of this name."""
        from .store import ID_LIMIT, TEXT_LIMITS, clean_field, time_text
        name = clean_field("student_name", normal_name(name), TEXT_LIMITS["student_name"])
        now = time_text(datetime.now(timezone.utc))
        student_id = student_id or uuid.uuid4().hex[:16]
        row = (clean_field("session", session, ID_LIMIT), clean_field("student_id", student_id, ID_LIMIT),
               name, name_key(name), seat_hash, new_rejoin_code(), clean_field("quiz", quiz, ID_LIMIT),
               json.dumps(paper, ensure_ascii=False), now, now, 0)
        self._write("add a student to", f"INSERT INTO rummy_students ({', '.join(STUDENT_COLUMNS)}) "
                  f"VALUES ({', '.join('?' * len(STUDENT_COLUMNS))}) "
                  "ON CONFLICT DO NOTHING", row)
        stored = self.student_by_name(session, name)
        if stored is None or stored.student_id != student_id:
            raise NameTaken(stored)  # a classmate has the name (or took it at the same moment)
        return stored

    def move_seat(self, session: str, student_id: str, seat_hash: str) -> None:
        """The student goes on in another browser (found by rejoin code)."""
        self._write("update a student in", "UPDATE rummy_students SET seat_hash = ? "
                  "WHERE session_id = ? AND student_id = ?", (seat_hash, session, student_id))

    # -- the teacher's corrections (dashboard, ``rummy-teach students``) -----------------
    def _known(self, session: str, student_id: str) -> Student:
        found = self.student(session, student_id)
        if found is None:
            raise UnknownStudent(session, student_id)
        return found

    def remove_student(self, session: str, student_id: str) -> int:
        """Take a student out of the session, with their answers; how many answers went."""
        self._known(session, student_id)
        gone = self.count_answers(session, student_id)
        self._write_all("remove a student from", [
            ("DELETE FROM rummy_answers WHERE session_id = ? AND student_id = ?",
             (session, student_id)),
            ("DELETE FROM rummy_students WHERE session_id = ? AND student_id = ?",
             (session, student_id))])
        return gone

    def rename_student(self, session: str, student_id: str, name: str) -> Student:
        """Give a student another name (their answers follow); :class:`NameTaken` if a
        classmate has that name or a look-alike of it."""
        from .store import TEXT_LIMITS, clean_field
        self._known(session, student_id)
        name = clean_field("student_name", normal_name(name), TEXT_LIMITS["student_name"])
        other = self.student_by_name(session, name)
        if other is not None and other.student_id != student_id:
            raise NameTaken(other)
        self._write_all("rename a student in", [
            ("UPDATE rummy_students SET student_name = ?, name_key = ? "
             "WHERE session_id = ? AND student_id = ?", (name, name_key(name), session, student_id)),
            ("UPDATE rummy_answers SET student_name = ? WHERE session_id = ? AND student_id = ?",
             (name, session, student_id))])
        return self._known(session, student_id)

    def merge_students(self, session: str, student_id: str, into: str) -> Student:
        """One person joined twice: ``student_id``'s answers go to ``into`` (kept as they
        were given, each with its time) and ``student_id`` is no more."""
        if student_id == into:
            return self._known(session, into)
        self._known(session, student_id)
        kept = self._known(session, into)
        self._write_all("merge students in", [
            ("UPDATE rummy_answers SET student_id = ?, student_name = ? "
             "WHERE session_id = ? AND student_id = ?", (into, kept.name, session, student_id)),
            ("DELETE FROM rummy_students WHERE session_id = ? AND student_id = ?",
             (session, student_id))])
        return kept

    def new_rejoin_code(self, session: str, student_id: str) -> Student:
        """A new rejoin code for the student (the old one no longer opens their paper)."""
        self._known(session, student_id)
        self._write("update a student in", "UPDATE rummy_students SET rejoin_code = ? "
                    "WHERE session_id = ? AND student_id = ?",
                    (new_rejoin_code(), session, student_id))
        return self._known(session, student_id)

    def count_answers(self, session: str, student_id: str) -> int:
        return int(self._run("count", "SELECT COUNT(*) FROM rummy_answers WHERE session_id = ? "
                             "AND student_id = ?", (session, student_id))[0][0])

    def seen(self, session: str, student_id: str, position: int) -> None:
        """The student is on question ``position`` (0-based; the quiz's length when done)."""
        from .store import time_text
        self._run("update a student in", "UPDATE rummy_students SET seen_at = ?, position = ? "
                  "WHERE session_id = ? AND student_id = ?",
                  (time_text(datetime.now(timezone.utc)), int(position), session, student_id))

    def tally(self, session: str, student_id: str, question_id: str) -> dict:
        """How often this student answered this question: right, wrong, unreadable."""
        rows = self._run("read", "SELECT outcome, COUNT(*) FROM rummy_answers WHERE session_id = ? "
                         "AND student_id = ? AND question_id = ? GROUP BY outcome",
                         (session, student_id, question_id))
        counts = {"right": 0, "wrong": 0, "unreadable": 0}
        counts.update({outcome: int(n) for outcome, n in rows})
        return counts

    def sessions_overview(self) -> list[dict]:
        """Every session in the store: quiz, students, answers, first and last answer."""
        from .store import parse_time
        rows = self._run("read", "SELECT session_id, MIN(quiz), COUNT(DISTINCT student_id), "
                         "COUNT(*), MIN(answered_at), MAX(answered_at) FROM rummy_answers "
                         "GROUP BY session_id ORDER BY MIN(answered_at) DESC, session_id")
        return [{"session": r[0], "quiz": r[1], "students": int(r[2]), "answers": int(r[3]),
                 "first_at": parse_time(r[4]), "last_at": parse_time(r[5])} for r in rows]
