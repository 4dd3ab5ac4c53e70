"""``rummy-teach db init``: make the results database once, and a student role that can do little.

The classroom's students' side (the kernels, or the hub service judging a class)
should not be able to change the schema or rewrite what was answered. So on
PostgreSQL the tables are made once, by the teacher or an administrator, with an
*owner* URL, and the students' side connects with a role that has only these
rights (see :data:`STUDENT_GRANTS`):

==================  =================================================================
``rummy_answers``   SELECT, INSERT: an answer is added and read back, never changed
                    or deleted
``rummy_students``  SELECT, INSERT, and UPDATE of ``seat_hash``, ``seen_at`` and
                    ``position`` only (a student moves to another browser, goes on to
                    the next question); a name, a paper or a rejoin code never changes
``rummy_meta``      SELECT (the schema version)
``rummy_tables``,   SELECT, INSERT: a card table's description and its moves are
``rummy_table_``    added as they are made and read back to resume a table, never
``moves``           changed (see :mod:`~rummy_teach.classroom.tablestore`)
``rummy_lti_``      SELECT, INSERT, and UPDATE of the score and its sending only: the LMS
``grades``          grade outbox, one row per launched student, whose line item and LMS
                    user never change (see :mod:`~rummy_teach.classroom.ltigrades`)
``rummy_paces``     SELECT, INSERT, UPDATE: the class-wide limits every server process
                    of a class counts together (see :mod:`~rummy_teach.classroom.pacestore`)
==================  =================================================================

No CREATE on the schema, no TRUNCATE, no DELETE, no ALTER, no DROP: the role owns
nothing. Running ``db init`` again is harmless (the tables are kept, the grants
are set again), so it is also how a new student role is added later.

SQLite (one machine) needs none of this: the classroom makes its file and tables
on first use, and ``db init`` on a SQLite path just makes them now.
"""

from __future__ import annotations

import os
import re
import secrets
import time

from .messages import say
from .store import SCHEMA, ResultsStoreError, hide_passwords, is_race, parse_url

HELP = "make the results database's tables once (PostgreSQL: and a least-privilege student role)"
ROLE_PATTERN = re.compile(r"[a-z_][a-z0-9_]{0,62}")
PASSWORD_ENV = "RUMMY_STUDENT_PASSWORD"
STUDENT_GRANTS = (
    "GRANT SELECT, INSERT ON rummy_answers TO {role}",
    "GRANT SELECT, INSERT ON rummy_students TO {role}",
    "GRANT UPDATE (seat_hash, seen_at, position) ON rummy_students TO {role}",
    "GRANT SELECT ON rummy_meta TO {role}",
    "GRANT SELECT, INSERT ON rummy_tables TO {role}",
    "GRANT SELECT, INSERT ON rummy_table_moves TO {role}",
    "GRANT SELECT, INSERT ON rummy_table_events TO {role}",
    # the LMS grade outbox (LTI): a launch adds the student's line item, answers set the score
    "GRANT SELECT, INSERT ON rummy_lti_grades TO {role}",
    "GRANT UPDATE (points, max_points, progress, stamp, sent_stamp, sent_points, sent_at, tries, "
    "next_at, last_error) ON rummy_lti_grades TO {role}",
    "GRANT SELECT, INSERT, UPDATE ON rummy_paces TO {role}",
)
TABLES = ("rummy_answers", "rummy_students", "rummy_meta", "rummy_tables", "rummy_table_moves",
          "rummy_table_events", "rummy_lti_grades", "rummy_paces")
INIT_LOCK = 0x52554D4D  # the advisory lock `db init` holds while it works ("RUMM")


def student_url(owner_url: str, role: str, password: str) -> str:
    """The owner's URL with the student role and its password in place of the owner's."""
    from urllib.parse import quote, urlsplit, urlunsplit

    parts = urlsplit(owner_url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{quote(role, safe='')}:{quote(password, safe='')}@{host}"
    if parts.port:
        netloc += f":{parts.port}"
    query = "&".join(p for p in parts.query.split("&")
                     if p and not p.lower().startswith(("user=", "password=")))
    return urlunsplit((parts.scheme, netloc, parts.path, query, ""))


def init_database(owner_url: str, *, student_role: str | None = None,
                  student_password: str | None = None) -> dict:
    """Make the tables at ``owner_url`` (kept if there) and, on PostgreSQL, the student role.

    Returns ``{"kind", "tables", "role", "password"}``; ``password`` is the one set
    now (given or new for a new role), None when an existing role keeps its own.
    """
    kind, target = parse_url(owner_url)
    if kind == "sqlite":
        if student_role:
            raise ResultsStoreError(say("db_init_sqlite_role"))
        from .store import open_store
        open_store(owner_url).close()  # SQLite makes its tables on first open
        return {"kind": kind, "tables": TABLES, "role": None, "password": None}
    if student_role is not None and not ROLE_PATTERN.fullmatch(student_role):
        raise ResultsStoreError(say("db_init_bad_role", role=student_role))
    from .store import open_store
    store = open_store(owner_url, create=False, check=False)
    try:
        # two inits at once (two teachers, a retried job) take turns: concurrent GRANTs
        # on one table fail with "tuple concurrently updated"; closing releases the lock
        store.execute("SELECT pg_advisory_lock(?)", (INIT_LOCK,))
        _create_tables(store)
        password = None
        if student_role:
            password = _grant_student(store, student_role, student_password)
        store.check_schema()
    except store.errors as error:
        store.fail("prepare", error)
    finally:
        store.close()
    return {"kind": kind, "tables": TABLES, "role": student_role, "password": password}


def _create_tables(store) -> None:
    for attempt in range(6):
        try:
            store.transaction(SCHEMA)
            store.ensure_store_id()  # the classroom's run folder keeps it (see store.py)
            return
        except store.errors as error:
            if not is_race(error) or attempt == 5:  # two inits at once: one makes, one waits
                raise
            time.sleep(0.05 * (attempt + 1))


def _grant_student(store, role: str, password: str | None) -> str | None:
    from psycopg import sql

    name = sql.Identifier(role)
    exists = store.execute("SELECT 1 FROM pg_roles WHERE rolname = ?", (role,))
    if not exists:
        password = password or secrets.token_urlsafe(18)
        statement = sql.SQL("CREATE ROLE {} LOGIN PASSWORD {}").format(name, sql.Literal(password))
        try:
            store.execute(statement)
        except store.errors as error:
            if not is_race(error):
                raise
    elif password:
        store.execute(sql.SQL("ALTER ROLE {} LOGIN PASSWORD {}").format(
            name, sql.Literal(password)))
    database = store.execute("SELECT current_database()")[0][0]
    statements = [sql.SQL("REVOKE ALL ON {} FROM {}").format(sql.Identifier(t), name)
                  for t in TABLES]
    statements += [sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(
        sql.Identifier(database), name),
        sql.SQL("GRANT USAGE ON SCHEMA public TO {}").format(name),
        sql.SQL("REVOKE CREATE ON SCHEMA public FROM {}").format(name)]
    statements += [sql.SQL(grant.replace("{role}", "{}")).format(name) for grant in STUDENT_GRANTS]
    store.transaction(statements)
    return password


def configure_db(parser) -> None:
    sub = parser.add_subparsers(dest="db_command", required=True)
    init = sub.add_parser("init", help=HELP, description=HELP)
    owner = init.add_mutually_exclusive_group(required=True)
    owner.add_argument("--db", metavar="OWNER_URL",
                       help="the results database, with a role that may create tables: "
                            "postgresql://owner@host/database (or a SQLite file)")
    owner.add_argument("--db-file", metavar="FILE",
                       help="a file whose first line is the owner's URL (a password stays out "
                            "of ps; not $RUMMY_TEACH_DB, which is the classroom's own)")
    init.add_argument("--student-role", metavar="NAME",
                      help="PostgreSQL: make (or update) this role for the students' side, "
                           "allowed only to add answers and read what the quiz needs")
    init.add_argument("--student-password-env", metavar="VAR", default=PASSWORD_ENV,
                      help=f"the environment variable holding the role's password (default "
                           f"{PASSWORD_ENV}); unset: a new role gets a random one, printed once")
    init.set_defaults(func=cmd_db_init)


def cmd_db_init(args) -> int:
    from .keys import read_secret_file
    from .store import mask_password

    db = args.db or read_secret_file(args.db_file, "--db-file", ResultsStoreError)
    password = os.environ.get(args.student_password_env) or None
    done = init_database(db, student_role=args.student_role, student_password=password)
    print(say("db_init_ready", tables=", ".join(done["tables"]),
              where=hide_passwords(mask_password(db), db)))
    if done["role"]:
        print(say("db_init_role", role=done["role"]))
        if done["password"] and not password:
            url = student_url(parse_url(db)[1], done["role"], done["password"])
            print(say("db_init_url", url=url))
        else:
            print(say("db_init_url_kept"))
    return 0
