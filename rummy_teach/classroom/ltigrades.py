"""Grades back to the school's LMS (LTI Advantage, Assignment and Grade Services).

A student launched from a course link whose launch carries the AGS claim (a line item and the
``score`` scope) has a row in ``rummy_lti_grades``: the line item, the platform's id for the
student, and the newest score to send. The row is the *outbox*:

* each judged answer writes the student's score into it (the gradebook's points, the same
  :func:`~rummy_teach.classroom.grades.gradebook` the teacher's CSV shows), with its time,
  ``InProgress``, or ``Completed`` once every question is done with: this is the "close";
* :class:`~rummy_teach.classroom.ltisend.GradeSender` posts what is waiting to the line item's ``/scores`` with a token from
  the platform's token endpoint (PyLTI1p3's ``ServiceConnector``: a JWT signed by the tool's
  key), then marks it sent **only if the row still holds that score** (a newer answer meanwhile
  stays waiting). An LMS that is down or refuses leaves the row waiting, with the error and
  the time of the next try (5 s, doubling, at most 5 minutes); a restarted classroom finds it in
  the database and sends it.

Nothing is lost (the score is in the database before any sending) and nothing is doubled:
an AGS score *replaces* the student's result for the line item, carries its timestamp (a
platform keeps the newest), and the same score is sent again only when the platform's answer
was lost.

:class:`GradesMixin` is part of :class:`~rummy_teach.classroom.store.ResultsStore`.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from .fields import ID_LIMIT, clean_field, time_text

AGS_CLAIM = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
FIRST_WAIT_SECONDS = 5
LONGEST_WAIT_SECONDS = 300

GRADES_SCHEMA = """CREATE TABLE IF NOT EXISTS rummy_lti_grades (
        session_id   TEXT NOT NULL,
        student_id   VARCHAR(64) NOT NULL,
        lineitem     TEXT NOT NULL,
        lti_user     TEXT NOT NULL,
        issuer       TEXT NOT NULL,
        points       INTEGER NOT NULL,
        max_points   INTEGER NOT NULL,
        progress     VARCHAR(16) NOT NULL,
        stamp        VARCHAR(32) NOT NULL,
        sent_stamp   VARCHAR(32) NOT NULL,
        sent_points  INTEGER NOT NULL,
        sent_at      VARCHAR(32) NOT NULL,
        tries        INTEGER NOT NULL,
        next_at      VARCHAR(32) NOT NULL,
        last_error   TEXT NOT NULL,
        PRIMARY KEY (session_id, student_id, lineitem)
    )"""
GRADE_COLUMNS = ("session_id", "student_id", "lineitem", "lti_user", "issuer", "points",
                 "max_points", "progress", "stamp", "sent_stamp", "sent_points", "sent_at",
                 "tries", "next_at", "last_error")


def now_text() -> str:
    return time_text(datetime.now(timezone.utc))


class GradesMixin:
    """The LMS grade outbox of a :class:`ResultsStore` (``_run``, ``_write``)."""

    def lti_link(self, session: str, student_id: str, lineitem: str, lti_user: str,
                 issuer: str) -> None:
        """The student's line item (from a launch's AGS claim); kept once, scores untouched."""
        row = (clean_field("session", session, ID_LIMIT), clean_field("student_id", student_id, ID_LIMIT),
               lineitem[:2000], lti_user[:255], issuer[:2000], 0, 0, "Initialized", "", "", 0, "",
               0, "", "")
        self._write("keep the LMS line item in", f"INSERT INTO rummy_lti_grades "
                    f"({', '.join(GRADE_COLUMNS)}) VALUES ({', '.join('?' * len(GRADE_COLUMNS))}) "
                    "ON CONFLICT DO NOTHING", row)

    def lti_grades(self, session: str, student_id: str | None = None) -> list[dict]:
        where, params = "session_id = ?", (session,)
        if student_id is not None:
            where, params = where + " AND student_id = ?", params + (student_id,)
        rows = self._run("read the LMS grades of", f"SELECT {', '.join(GRADE_COLUMNS)} FROM "
                         f"rummy_lti_grades WHERE {where} ORDER BY student_id, lineitem", params)
        return [dict(zip(GRADE_COLUMNS, row)) for row in rows]

    def lti_sessions_waiting(self) -> list[str]:
        """The sessions with a score the platform has not taken yet (a class's papers, each
        a session of its own: :mod:`~rummy_teach.classroom.ltipapers`)."""
        rows = self._run("read the LMS grades of", "SELECT DISTINCT session_id FROM "
                         "rummy_lti_grades WHERE stamp <> '' AND stamp <> sent_stamp", ())
        return sorted(row[0] for row in rows)

    def lti_score(self, session: str, student_id: str, points: int, max_points: int,
                  progress: str) -> None:
        """The student's newest score, waiting to be sent (now)."""
        self._write("keep the LMS grade in", "UPDATE rummy_lti_grades SET points = ?, "
                    "max_points = ?, progress = ?, stamp = ?, next_at = '' "
                    "WHERE session_id = ? AND student_id = ?",
                    (int(points), int(max_points), progress, now_text(), session, student_id))

    def lti_sent(self, row: dict) -> None:
        """The platform took ``row``'s score: marked sent if the row still holds it."""
        self._write("mark the LMS grade sent in", "UPDATE rummy_lti_grades SET sent_stamp = ?, "
                    "sent_points = ?, sent_at = ?, tries = 0, last_error = '', next_at = '' "
                    "WHERE session_id = ? AND student_id = ? AND lineitem = ? AND stamp = ?",
                    (row["stamp"], row["points"], now_text(), row["session_id"],
                     row["student_id"], row["lineitem"], row["stamp"]))

    def lti_failed(self, row: dict, error: str, at: datetime | None = None) -> None:
        """The platform did not take it: tried again later (5 s, doubling, at most 5 min)."""
        tries = int(row["tries"]) + 1
        wait = min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** min(tries - 1, 10))
        later = time_text((at or datetime.now(timezone.utc)) + timedelta(seconds=wait))
        self._write("mark the LMS grade waiting in", "UPDATE rummy_lti_grades SET tries = ?, "
                    "last_error = ?, next_at = ? WHERE session_id = ? AND student_id = ? "
                    "AND lineitem = ? AND stamp = ?",
                    (tries, error[:200], later, row["session_id"], row["student_id"],
                     row["lineitem"], row["stamp"]))


def waiting(row: dict, now: str) -> bool:
    """A score not yet taken by the platform, whose next try is due."""
    return bool(row["stamp"]) and row["stamp"] != row["sent_stamp"] and \
        (not row["next_at"] or row["next_at"] <= now)


def ags_line_item(claims: dict) -> str | None:
    """The launch's line item, if it lets the tool post scores there."""
    ags = claims.get(AGS_CLAIM)
    if not isinstance(ags, dict) or not isinstance(ags.get("lineitem"), str):
        return None
    scopes = ags.get("scope") or []
    return ags["lineitem"] if isinstance(scopes, list) and SCORE_SCOPE in scopes else None
