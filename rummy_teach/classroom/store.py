"""The classroom's results store: every answer a student submits, kept as it happens.

One row per submitted answer (session, student, quiz, question, the rule the
question tests, the answer as given, its outcome, the time). Each answer is
written in its own short transaction before :meth:`ResultsStore.record`
returns, so nothing is buffered in memory: a server restart or a student's
kernel dying loses nothing already recorded.

Where the rows live is a database URL:

* a plain path (``results.db``) or ``sqlite:///relative/path.db`` /
  ``sqlite:////absolute/path.db`` (SQLAlchemy's spelling): a SQLite file in WAL
  mode with a busy timeout, so many student kernels can write at once;
* ``postgresql://user:password@host:port/database`` (needs ``psycopg`` 3), for a
  school whose classroom outgrows one machine.

On PostgreSQL the tables are made once by ``rummy-teach db init`` (the students'
side may lack the right to make them). Both backends get the same tables and the
same queries; only the parameter
placeholder differs, and :meth:`ResultsStore._execute` handles that. Every
failure (bad URL, missing directory, damaged file, unreachable server, busy
database) is a :class:`ResultsStoreError`, a :class:`~rummy_teach.errors.RummyError`,
whose message says what was given and what would work.

Nothing is acknowledged that is not in the database the class started with. A SQLite
file is checked when it is opened (``PRAGMA quick_check``: a damaged file is refused,
never written over), and before every write the file at the path must still be the one
opened (same device and inode): a file deleted or replaced while the class runs makes
every write a :class:`StoreLost` error (the student is told the answer was not saved),
sets :attr:`ResultsStore.lost` for the teacher's pages and says so once in the log.
Each store carries an identity of its own (``store_id`` in ``rummy_meta``), which the
run folder keeps, so a class is never "resumed" over another or a new empty file.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote

from ..errors import RummyError
from ..reasons import Reason
from .fields import (ID_LIMIT, TEXT_LIMITS, ResultsStoreError, clean_field, parse_time,  # noqa: F401
                     safe_text, time_text)
from .messages import say
from .ltigrades import GRADES_SCHEMA, GradesMixin
from .pacestore import PACES_SCHEMA, PacesMixin
from .students import STUDENTS_SCHEMA, StudentsMixin
from .tablestore import TABLES_SCHEMA, TablesMixin

SCHEMA_VERSION = 1
OUTCOMES = ("right", "wrong", "unreadable")
ACCEPTED = ("a file path like results.db, sqlite:///relative/path.db, sqlite:////absolute/path.db, "
            "or postgresql://user:password@host:port/database")
BUSY_TIMEOUT_SECONDS = 15.0
#: SQLite's page cache for each connection, in KiB (``PRAGMA cache_size = -N``). SQLite's
#: default, 2,000 KiB, is more than a class's results file holds for most of a class: a
#: cache that size keeps almost every page of the growing file once read (the dashboard's
#: counts read a session's every row), so a classroom process, which has two connections
#: (the students' and the teacher's pages'), grew with the answers kept, about 4 KB an
#: answer over five processes in the 10-minute soak (issue 28). With this bound its memory
#: stops growing within a few minutes; the pages it no longer holds are read again from
#: the operating system's cache (see docs/classroom.md, "memory flat").
CACHE_KIB = 256
CONNECT_TIMEOUT_SECONDS = 10

COLUMNS = ("answer_id", "session_id", "student_id", "student_name", "quiz", "question_id",
           "rule", "given", "outcome", "answered_at")
SCHEMA = (
    """CREATE TABLE IF NOT EXISTS rummy_answers (
        answer_id    VARCHAR(32) PRIMARY KEY,
        session_id   TEXT NOT NULL,
        student_id   TEXT NOT NULL,
        student_name TEXT NOT NULL,
        quiz         TEXT NOT NULL,
        question_id  TEXT NOT NULL,
        rule         TEXT NOT NULL,
        given        TEXT NOT NULL,
        outcome      VARCHAR(10) NOT NULL CHECK (outcome IN ('right', 'wrong', 'unreadable')),
        answered_at  VARCHAR(32) NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS rummy_answers_by_session "
    "ON rummy_answers (session_id, quiz, answered_at)",
    "CREATE TABLE IF NOT EXISTS rummy_meta (name VARCHAR(64) PRIMARY KEY, value TEXT NOT NULL)",
    STUDENTS_SCHEMA,
    *TABLES_SCHEMA,
    GRADES_SCHEMA,
    PACES_SCHEMA,
    f"INSERT INTO rummy_meta (name, value) VALUES ('schema_version', '{SCHEMA_VERSION}') "
    "ON CONFLICT (name) DO NOTHING",
)
class StoreLost(ResultsStoreError):
    """The database file was deleted or replaced while open: nothing more is written."""


class SlotTaken(Exception):
    """An answer's place (its ``answer_id``, :func:`slot_id`) holds a stored answer already:
    ``answer`` is that one. Two server processes, or one answer sent twice, cannot both
    take the same try."""

    def __init__(self, answer: "Answer | None"):
        super().__init__(getattr(answer, "answer_id", None))
        self.answer = answer


def slot_id(session: str, student_id: str, question_id: str, kind: str, number: int) -> str:
    """The ``answer_id`` of a student's ``number``-th ``kind`` ("counted" or "unreadable")
    answer to a question: the same in every process, so the primary key lets one answer only
    into each try, whichever server judged it."""
    key = "\x00".join((session, student_id, question_id, kind, str(int(number))))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def kept_given(given) -> str:
    """An answer's text as :meth:`ResultsStore.record` keeps it (cleaned, cut to length)."""
    return clean_field("given", "" if given is None else given, TEXT_LIMITS["given"],
                       required=False)


LOG = logging.getLogger("rummy_teach.classroom")


@dataclass(frozen=True)
class Answer:
    """One submitted answer as stored. ``outcome`` is 'right', 'wrong' or 'unreadable'."""

    session: str
    student_id: str
    student_name: str
    quiz: str
    question_id: str
    rule: str
    given: str
    outcome: str
    answered_at: datetime
    answer_id: str

    @property
    def counted(self) -> bool:
        """Right and wrong answers count; an unreadable one is never judged."""
        return self.outcome != "unreadable"

    @property
    def correct(self) -> bool:
        return self.outcome == "right"


def outcome_text(outcome) -> str:
    """'right', 'wrong' or 'unreadable' from a bool, that text, or an enum holding it."""
    if isinstance(outcome, bool):
        return "right" if outcome else "wrong"
    value = getattr(outcome, "value", outcome)
    for candidate in (value, getattr(outcome, "name", None)):
        if isinstance(candidate, str) and candidate.strip().lower() in OUTCOMES:
            return candidate.strip().lower()
    raise ResultsStoreError(f"outcome {outcome!r} is not one of: True/False, {', '.join(OUTCOMES)}")


# libpq's words for a URL it cannot read (as opposed to a server it cannot reach)
_BAD_OPTION = re.compile(r"invalid (integer |connection option|\w+ value)|missing \"=\"|"
                         r"unrecognized|in URI", re.IGNORECASE)


def is_race(error) -> bool:
    """Two first-opens at once: SQLite busy, or PostgreSQL's duplicate-table race."""
    return "locked" in str(error) or getattr(error, "sqlstate", None) in ("23505", "42P07", "42710")


#: a URL's password: after ``scheme:`` (with or without ``//``) and a user name, up to the
#: last ``@`` of the word (a password may hold ``@`` and ``:``, as in ``u:p@ss:pw@host``)
_URL_PASSWORD = re.compile(r"""(\b[A-Za-z][A-Za-z0-9+.-]*:/{0,3}[^:/@\s"']*:)([^\s"']*)@""")
#: a ``password=`` setting: in a URL's query or a libpq keyword string, quoted or not
_KEYWORD_PASSWORD = re.compile(r"""(?i)(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|[^&\s"']*)""")
#: a libpq keyword string (``host=db dbname=results password=...``), which is no file name
_LIBPQ_KEYWORD = re.compile(r"(?i)(?:^|\s)(?:host|hostaddr|port|dbname|user|password|passfile|"
                            r"sslmode|service|options|application_name|connect_timeout)\s*=")


def mask_password(text: str) -> str:
    """A URL, a libpq keyword string, or a message quoting one, as it may be shown: every
    password replaced by ***."""
    text = _URL_PASSWORD.sub(lambda m: m.group(1) + "***@", text)
    return _KEYWORD_PASSWORD.sub(lambda m: m.group(1) + "***", text)


def hide_passwords(text: str, url: str) -> str:
    """``text`` with every password written in ``url`` hidden, wherever it appears."""
    text = mask_password(text)
    secrets = [m.group(2) for m in _URL_PASSWORD.finditer(url)]
    secrets += [m.group(2).strip("'") for m in _KEYWORD_PASSWORD.finditer(url)]
    for secret in secrets:
        if len(secret) >= 4 and secret != "***":
            text = text.replace(secret, "***")
    return text


def _create_private(path: Path) -> None:
    """Create a new database file readable by its owner only (0600); SQLite gives its
    -wal and -shm files the same mode. An existing file is left as it is."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass
    except OSError:
        pass  # sqlite3.connect below says what is wrong, in its words


def parse_url(url) -> tuple[str, str]:
    """('sqlite', path) or ('postgresql', url) for a database URL; ResultsStoreError if neither."""
    if isinstance(url, Path):
        url = str(url)
    if not isinstance(url, str) or not url.strip():
        raise ResultsStoreError(f"no results database given ({url!r}); give {ACCEPTED}")
    text = url.strip()
    scheme, sep, rest = text.partition("://")
    if not sep:
        if text.lower().startswith(("postgres:", "postgresql:", "sqlite:")):
            raise ResultsStoreError(f"cannot read the database URL {mask_password(text)!r}; "
                                    f"give {ACCEPTED}")
        if _LIBPQ_KEYWORD.search(text):
            raise ResultsStoreError(Reason("class_error_db_keywords", {"db": mask_password(text)}))
        if text == ":memory:":
            raise ResultsStoreError("an in-memory database would lose every answer when the "
                                    f"classroom stops; give {ACCEPTED}")
        return "sqlite", text
    scheme = scheme.lower()
    if scheme == "sqlite":
        if not rest.startswith("/") or len(rest) < 2:
            raise ResultsStoreError(f"{text!r} names no file; give {ACCEPTED}")
        return "sqlite", rest[1:]
    if scheme in ("postgresql", "postgres", "postgresql+psycopg"):
        return "postgresql", "postgresql://" + rest
    raise ResultsStoreError(f"cannot use a results database at {mask_password(text)!r}: the kind "
                            f"{scheme + '://'!r} is not supported; give {ACCEPTED}")


class ResultsStore(StudentsMixin, TablesMixin, GradesMixin, PacesMixin):
    """An open results database. Use :func:`open_store` or ``ResultsStore(url)``.

    ``create=True`` (the classroom's way) records answers; on SQLite it also makes
    the file and tables on first use. On PostgreSQL it never changes the schema:
    the tables are made once by ``rummy-teach db init`` with an owner's URL (see
    :mod:`~rummy_teach.classroom.dbinit`), so the students' side can connect with a
    role that may only add answers; a database without them is refused with a
    message saying so. ``create=False`` (the report's way) opens an existing store
    read-only and refuses a missing file or a database that holds no results.
    ``check=False`` skips the schema check (``db init`` checks after making it).
    """

    def __init__(self, url, *, create: bool = True, check: bool = True):
        self.kind, self._target = parse_url(url)
        self.create = create
        self.url = str(url)
        self._lock = threading.Lock()
        self._conn = None
        self._closed = False
        self._identity = None   # SQLite: (device, inode) of the file as opened
        self.lost: Reason | None = None  # why nothing more can be written, once it happened
        self.store_id: str | None = None
        if self.kind == "sqlite":
            self._open_sqlite()
        else:
            self._open_postgresql()
        if check:
            self._check_schema()

    # -- opening ---------------------------------------------------------------
    @property
    def where(self) -> str:
        """The database as shown in messages (never with its password)."""
        return self._target if self.kind == "sqlite" else mask_password(self._target)

    def _open_sqlite(self):
        path = Path(self._target).expanduser()
        if path.is_dir():
            raise ResultsStoreError(f"{path} is a directory; give a file name inside it, "
                                    f"like {path / 'results.db'}")
        if not self.create and not path.exists():
            raise ResultsStoreError(f"no results database at {path}: the file does not exist")
        if not path.parent.is_dir():
            raise ResultsStoreError(f"cannot keep results at {path}: the directory "
                                    f"{path.parent} does not exist; create it or choose another path")
        try:
            if self.create:
                _create_private(path)
                self._conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_SECONDS,
                                             isolation_level=None, check_same_thread=False)
            else:
                self._conn = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True,
                                             timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None,
                                             check_same_thread=False)
            self._conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_SECONDS * 1000)}")
            self._conn.execute(f"PRAGMA cache_size = -{int(CACHE_KIB)}")
            self._conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            problems = [row[0] for row in self._conn.execute("PRAGMA quick_check(5)").fetchall()]
            if problems != ["ok"]:
                self.close()
                raise ResultsStoreError(say("store_damaged", where=str(path),
                                            detail="; ".join(map(str, problems))[:300]))
            stat = path.stat()
            self._identity = (stat.st_dev, stat.st_ino)
        except sqlite3.DatabaseError as error:
            self.close()
            if "malformed" in str(error):
                raise ResultsStoreError(say("store_damaged", where=str(path),
                                            detail=str(error))) from None
            if "not a database" not in str(error):
                raise ResultsStoreError(f"cannot open the results database {path}: {error}") from None
            raise ResultsStoreError(f"{path} is not a results database (SQLite says: {error}); "
                                    "nothing was written to it - give the classroom's results "
                                    "file or a new file name") from None
        if self.create:
            try:
                self._retry_locked(lambda: self._conn.execute("PRAGMA journal_mode = WAL").fetchone())
                self._conn.execute("PRAGMA synchronous = FULL")
            except sqlite3.Error as error:
                self.close()
                self._fail("prepare", error)

    def _open_postgresql(self):
        try:
            import psycopg
        except ImportError:
            raise ResultsStoreError("keeping results in PostgreSQL needs the psycopg package: "
                                    "pip install 'rummy_teach[classroom]' "
                                    "(or 'psycopg[binary]')") from None
        self._connect_postgresql()

    def _connect_postgresql(self):
        import psycopg
        extra = {} if "connect_timeout" in self._target else \
            {"connect_timeout": CONNECT_TIMEOUT_SECONDS}
        try:
            self._conn = psycopg.connect(self._target, autocommit=True,
                                         application_name="rummy_teach", **extra)
        except (psycopg.Error, ValueError) as error:
            detail = hide_passwords(" ".join(str(error).split()) or type(error).__name__, self._target)
            if isinstance(error, psycopg.OperationalError) and not _BAD_OPTION.search(detail):
                raise ResultsStoreError(f"cannot reach the PostgreSQL results database at "
                                        f"{self.where}: {detail}") from None
            raise ResultsStoreError(f"cannot read the PostgreSQL URL {self.where}: {detail}; "
                                    f"give {ACCEPTED}") from None

    def _check_schema(self):
        failure = None
        if self.kind == "postgresql" and self.create and not self._has_tables():
            self.close()
            raise ResultsStoreError(say("store_needs_init", where=self.where))
        for attempt in range(5 if self.create and self.kind == "sqlite" else 0):
            try:
                self.transaction(SCHEMA)
                failure = None
                break
            except self._errors() as error:
                failure = error
                if not is_race(error):
                    break
                time.sleep(0.05 * (attempt + 1))
        try:
            self._execute(f"SELECT {', '.join(COLUMNS)} FROM rummy_answers WHERE 1 = 0")
            rows = self._execute("SELECT value FROM rummy_meta WHERE name = ?", ("schema_version",))
        except self._errors():
            self.close()
            raise ResultsStoreError(f"{self.where} holds no rummy_teach results (no rummy_answers "
                                    "table of the expected form); give the classroom's results "
                                    "database") from None
        version = rows[0][0] if rows else "?"
        if not str(version).isdigit() or int(version) > SCHEMA_VERSION:
            self.close()
            raise ResultsStoreError(f"{self.where} was written by a newer rummy_teach (results "
                                    f"format {version}, this one reads {SCHEMA_VERSION}); upgrade "
                                    "rummy_teach to read it")
        if failure is not None:
            self.close()
            self._fail("prepare", failure)
        self.ensure_store_id()

    def ensure_store_id(self) -> str | None:
        """The store's own identity (made on first use where this role may write it)."""
        def read():
            rows = self._execute("SELECT value FROM rummy_meta WHERE name = ?", ("store_id",))
            return rows[0][0] if rows else None
        try:
            found = read()
            if found is None and self.create:
                self._execute("INSERT INTO rummy_meta (name, value) VALUES (?, ?) "
                              "ON CONFLICT (name) DO NOTHING", ("store_id", uuid.uuid4().hex))
                found = read()
        except self._errors():  # a role that may not write rummy_meta: no identity to keep
            found = None
        self.store_id = found
        return found

    def _has_tables(self) -> bool:
        try:
            rows = self._execute("SELECT to_regclass('rummy_answers'), to_regclass('rummy_students'), "
                                 "to_regclass('rummy_meta')")
        except self._errors():
            return False
        return any(rows[0])  # a table of another program is named by the shape check below

    # -- the one place that speaks to the database -----------------------------
    def _errors(self) -> tuple:
        if self.kind == "sqlite":
            return (sqlite3.Error,)
        import psycopg
        return (psycopg.Error,)

    def _sql(self, sql: str) -> str:
        return sql if self.kind == "sqlite" else sql.replace("?", "%s")

    def _execute(self, sql: str, params: tuple = ()) -> list:
        if self._conn is None:
            if self._closed or self.kind != "postgresql":
                raise ResultsStoreError(f"the results store {self.where} is closed")
            self._connect_postgresql()  # the server was away last time: try again now
        with self._lock:
            cursor = self._conn.execute(self._sql(sql), params) if params else self._conn.execute(sql)
            rows = cursor.fetchall() if cursor.description else []
            if self.kind == "sqlite":
                cursor.close()
            return rows

    def transaction(self, statements) -> None:
        """Run ``statements`` all or none: each an SQL text (the schema, or a psycopg
        ``sql.Composed``) or an ``(sql, params)`` pair, whose placeholders are written for
        the database in use."""
        def run_each():
            for statement in statements:
                if not isinstance(statement, tuple):
                    self._conn.execute(statement)
                else:
                    sql, params = statement
                    self._conn.execute(sql if self.kind == "sqlite" else self._sql(sql), params)

        with self._lock:
            if self.kind == "sqlite":
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    run_each()
                    self._conn.execute("COMMIT")
                except BaseException:
                    if self._conn.in_transaction:
                        self._conn.execute("ROLLBACK")
                    raise
            else:
                with self._conn.transaction():
                    run_each()

    def _retry_locked(self, action):
        deadline = time.monotonic() + BUSY_TIMEOUT_SECONDS
        while True:
            try:
                return action()
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.02)

    def _reconnected(self) -> bool:
        """After a PostgreSQL restart the old connection is dead: open a new one."""
        conn = self._conn
        if self.kind != "postgresql" or conn is None or not (conn.broken or conn.closed):
            return False
        try:
            self._conn.close()
        finally:
            self._conn = None
        self._connect_postgresql()
        return True

    def _run(self, what: str, sql: str, params: tuple = ()) -> list:
        try:
            return self._execute(sql, params)
        except self._errors() as error:
            try:
                if self._reconnected():
                    return self._execute(sql, params)
            except ResultsStoreError:
                raise
            except self._errors() as again:
                error = again
            self._fail(what, error)

    def check_identity(self) -> None:
        """:class:`StoreLost` unless the SQLite file at the path is still the one opened."""
        if self.lost is not None:
            raise StoreLost(self.lost)
        if self.kind != "sqlite" or self._identity is None:
            return
        path = Path(self._target).expanduser()
        try:
            stat = path.stat()
            code = None if (stat.st_dev, stat.st_ino) == self._identity else "store_replaced"
        except FileNotFoundError:
            code = "store_deleted"
        except OSError:
            return  # a path that cannot be looked at now: SQLite says what is wrong
        if code is not None:
            self.lost = Reason(code, {"where": str(path)})
            LOG.error("%s", self.lost.text())
            raise StoreLost(self.lost)

    def _write(self, what: str, sql: str, params: tuple = ()) -> list:
        """A statement that changes the results: only into the database opened."""
        self.check_identity()
        return self._run(what, sql, params)

    def _write_all(self, what: str, statements: list[tuple[str, tuple]]) -> None:
        """Several changes, all or none, into the database opened."""
        self.check_identity()
        if self._conn is None:
            self._run("reach", "SELECT 1")  # PostgreSQL was away: connect again, or say why
        try:
            self.transaction(statements)
        except self._errors() as error:
            self._fail(what, error)

    def _fail(self, what: str, error):
        detail = hide_passwords(" ".join(str(error).split()) or type(error).__name__, self._target)
        if "locked" in detail or "busy" in detail:
            detail += f" (still busy after {BUSY_TIMEOUT_SECONDS:g} s; try again)"
        if isinstance(error, sqlite3.OperationalError) and "readonly" in detail:
            detail += " (check the file's permissions)"
        raise ResultsStoreError(f"could not {what} the results in {self.where}: {detail}") from None

    # -- the public API ---------------------------------------------------------
    def execute(self, sql, params: tuple = ()) -> list:
        """Run one statement and return its rows: ``?`` placeholders, or a psycopg
        ``sql.Composed`` with none (the database's own setup, ``rummy-teach db init``)."""
        return self._execute(sql, params)

    def check_schema(self) -> None:
        """Refuse (ResultsStoreError) tables that are missing or not this version's."""
        self._check_schema()

    @property
    def errors(self) -> tuple:
        """The database driver's error classes (to catch around :meth:`execute`)."""
        return self._errors()

    def fail(self, what: str, error):
        """Raise ResultsStoreError for ``error`` met while trying to ``what`` the results,
        with no password in it."""
        self._fail(what, error)

    def record(self, *, session, student_id, student_name, quiz, question_id, rule, given,
               outcome, at: datetime | None = None, answer_id: str | None = None) -> Answer:
        """Store one submitted answer, committed before this returns; the stored :class:`Answer`.

        ``outcome`` is True/False, 'right'/'wrong'/'unreadable', or an enum with that
        value or name. ``at`` defaults to now (UTC). A failure raises
        :class:`ResultsStoreError`, so the app can tell the student the answer was not saved.
        ``answer_id`` (else a random one): the answer's place, :func:`slot_id`; a place
        taken already raises :class:`SlotTaken` with the answer stored there, and nothing
        is written.
        """
        if not self.create:
            raise ResultsStoreError(f"{self.where} was opened for reading only; open it with "
                                    "create=True to record answers")
        answer = Answer(
            session=clean_field("session", session, ID_LIMIT),
            student_id=clean_field("student_id", student_id, ID_LIMIT),
            student_name=clean_field("student_name", student_name, TEXT_LIMITS["student_name"]),
            quiz=clean_field("quiz", quiz, ID_LIMIT),
            question_id=clean_field("question_id", question_id, ID_LIMIT),
            rule=clean_field("rule", rule, ID_LIMIT * 2, required=False),
            given=kept_given(given),
            outcome=outcome_text(outcome),
            answered_at=parse_time(time_text(at)),
            answer_id=clean_field("answer_id", answer_id, 32) if answer_id else uuid.uuid4().hex,
        )
        row = (answer.answer_id, answer.session, answer.student_id, answer.student_name, answer.quiz,
               answer.question_id, answer.rule, answer.given, answer.outcome,
               time_text(answer.answered_at))
        # ON CONFLICT makes the one retry after a reconnect harmless: a row that went in
        # the first time is found below as the one in its place.
        inserted = self._write("save an answer to", f"INSERT INTO rummy_answers "
                               f"({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))}) "
                               "ON CONFLICT (answer_id) DO NOTHING RETURNING answer_id", row)
        if not inserted and answer_id:  # (a random id met again is the retry's own row)
            raise SlotTaken(self.stored_answer(answer.answer_id))
        return answer

    def stored_answer(self, answer_id: str) -> Answer | None:
        """The answer stored under ``answer_id`` (None: none is)."""
        rows = self._run("read", f"SELECT {', '.join(COLUMNS)} FROM rummy_answers "
                         "WHERE answer_id = ?", (str(answer_id),))
        return self._answers(rows)[0] if rows else None

    def answers(self, *, session: str | None = None, quiz: str | None = None,
                student_id: str | None = None) -> list[Answer]:
        """Stored answers, oldest first, optionally for one session, quiz or student."""
        where, params = self._filters(session=session, quiz=quiz, student_id=student_id)
        rows = self._run("read", f"SELECT {', '.join(COLUMNS)} FROM rummy_answers{where} "
                         "ORDER BY answered_at, answer_id", params)
        return self._answers(rows)

    @staticmethod
    def _answers(rows) -> list[Answer]:
        return [Answer(session=r[1], student_id=r[2], student_name=r[3], quiz=r[4], question_id=r[5],
                       rule=r[6], given=r[7], outcome=r[8], answered_at=parse_time(r[9]),
                       answer_id=r[0]) for r in rows]

    def answer_counts(self, session: str, pairs: bool = False) -> dict:
        """The session's answers counted, not read (what the live pages show; see
        :class:`~rummy_teach.classroom.dashboard.Tally`): ``students``, (student id,
        judged, right, all) a student; ``questions``, (question id, outcome, how many);
        with ``pairs``, also ``pairs``: (student id, quiz, question id) judged at least
        once. Each is bounded by the students and the questions, not by the answers."""
        judged = "CASE WHEN outcome = 'unreadable' THEN 0 ELSE 1 END"
        right = "CASE WHEN outcome = 'right' THEN 1 ELSE 0 END"
        where, params = " WHERE session_id = ?", (str(session),)
        counts = {
            "students": self._run("read", f"SELECT student_id, SUM({judged}), SUM({right}), "
                                  f"COUNT(*) FROM rummy_answers{where} GROUP BY student_id", params),
            "questions": self._run("read", "SELECT question_id, outcome, COUNT(*) FROM "
                                   f"rummy_answers{where} GROUP BY question_id, outcome", params),
            "pairs": self._run("read", "SELECT DISTINCT student_id, quiz, question_id FROM "
                               f"rummy_answers{where} AND outcome <> 'unreadable'", params)
            if pairs else []}
        return {name: [tuple(row) for row in rows] for name, rows in counts.items()}

    def report_counts(self, session: str) -> dict:
        """What the teacher's report shows of a session, counted in the database instead of
        read answer by answer (see :func:`~rummy_teach.classroom.report.report_of_counts`):
        ``names``, (student id, name, how many, the last answer's key) a name a student
        answered under; ``questions``, (quiz, question id, rule, outcome, how many, first
        key, last key); ``students``, (quiz, question id, students who answered it
        readably). A key is the answer's time and id, as the answers are ordered. Each is
        bounded by the students and the questions, not by the answers."""
        judged = "CASE WHEN outcome = 'unreadable' THEN 0 ELSE 1 END"
        right = "CASE WHEN outcome = 'right' THEN 1 ELSE 0 END"
        key = "answered_at || '|' || answer_id"
        where, params = " WHERE session_id = ?", (str(session),)
        counts = {
            "names": self._run("read", f"SELECT student_id, student_name, COUNT(*), SUM({judged}), "
                               f"SUM({right}), MAX({key}) FROM rummy_answers{where} "
                               "GROUP BY student_id, student_name", params),
            "questions": self._run("read", "SELECT quiz, question_id, rule, outcome, COUNT(*), "
                                   f"MIN({key}), MAX({key}) FROM rummy_answers{where} "
                                   "GROUP BY quiz, question_id, rule, outcome", params),
            "students": self._run("read", "SELECT quiz, question_id, COUNT(DISTINCT student_id) "
                                  f"FROM rummy_answers{where} AND outcome <> 'unreadable' "
                                  "GROUP BY quiz, question_id", params)}
        return {name: [tuple(row) for row in rows] for name, rows in counts.items()}

    def count(self, *, session: str | None = None, quiz: str | None = None) -> int:
        where, params = self._filters(session=session, quiz=quiz)
        return int(self._run("count", f"SELECT COUNT(*) FROM rummy_answers{where}", params)[0][0])

    def sessions(self) -> list[str]:
        """Session ids, in the order they started."""
        rows = self._run("read", "SELECT session_id, MIN(answered_at) FROM rummy_answers "
                         "GROUP BY session_id ORDER BY MIN(answered_at), session_id")
        return [row[0] for row in rows]

    def report(self, *, session: str | None = None, quiz: str | None = None, most_missed: int = 5):
        """The teacher's :class:`~rummy_teach.classroom.report.ClassReport` for these answers."""
        from .report import build_report
        return build_report(self.answers(session=session, quiz=quiz), most_missed=most_missed)

    @staticmethod
    def _filters(**values) -> tuple[str, tuple]:
        names = {"session": "session_id", "quiz": "quiz", "student_id": "student_id"}
        chosen = [(names[key], value) for key, value in values.items() if value is not None]
        if not chosen:
            return "", ()
        return " WHERE " + " AND ".join(f"{column} = ?" for column, _ in chosen), \
            tuple(str(value) for _, value in chosen)

    def close(self):
        self._closed = True
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:  # closing a dead connection must not hide the real error
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        return f"open_store({self.url if self.kind == 'sqlite' else self.where!r})"


def open_store(url, *, create: bool = True, check: bool = True) -> ResultsStore:
    """Open the results store at ``url`` (a SQLite one is made on first use); see
    :class:`ResultsStore`."""
    return ResultsStore(url, create=create, check=check)
