"""The results store on a real PostgreSQL server, started and stopped by this module.

The server is Debian's (``apt-get install postgresql``): initdb into a temporary
directory owned by the ``postgres`` system user, listening on a free local port
with its unix socket in that directory. Each test gets a new database, made
ready by ``rummy-teach db init`` as the owner; the backend-independent tests of
tests/test_classroom_store.py run here again through the least-privilege student
role, as the classroom's students' side does.
"""

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from rummy_teach.classroom import ResultsStoreError, open_store
from rummy_teach.classroom.dbinit import init_database, student_url

STUDENT_ROLE = "rummy_student"
STUDENT_PASSWORD = "pupil-pass-1234"

# The same tests, this time with `new_url` below giving PostgreSQL databases.
from test_classroom_store import (  # noqa: F401
    record_known, run_cli,
    test_answers_survive_a_student_kernel_killed_mid_session,
    test_bad_answer_values_are_refused_and_store_nothing,
    test_a_store_opened_for_reading_refuses_to_record,
    test_cli_report_reads_results_written_by_another_process,
    test_concurrent_writers_lose_nothing,
    test_csv_round_trips_names_with_commas_quotes_and_unicode,
    test_record_stores_every_field_as_given,
    test_report_numbers_on_a_known_set_of_answers,
    test_schema_is_created_once_and_reopening_keeps_every_answer,
    test_the_report_counted_in_the_database_is_the_report_of_the_answers,
)
from test_classroom_tables import (  # noqa: F401
    test_a_move_the_store_cannot_keep_is_not_played,
    test_a_table_restored_from_the_store_is_the_same_table_and_plays_on,
)
from test_classroom_tableclock import (  # noqa: F401
    test_a_timed_out_seat_is_played_by_the_computer_and_given_back_across_restarts,
)


def postgres_bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PostgresServer:
    """A throwaway PostgreSQL cluster: initdb, start, new databases, restart, stop."""

    def __init__(self, bindir: Path):
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="rummy-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.as_postgres = []
        if os.geteuid() == 0:  # initdb refuses root: run the server as the postgres user
            shutil.chown(self.root, "postgres", "postgres")
            self.as_postgres = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", self.data, "-U", "postgres", "-A", "trust", "-E", "UTF8",
                  "--no-locale", "--no-sync")
        self.databases = 0

    def _run(self, tool, *args):
        result = subprocess.run([*self.as_postgres, str(self.bindir / tool), *map(str, args)],
                                capture_output=True, text=True, timeout=120)
        if result.returncode:
            log = self.root / "server.log"
            raise RuntimeError(f"{tool} failed ({result.returncode}): {result.stderr}"
                               f"{log.read_text() if log.exists() else ''}")

    def start(self):
        self._run("pg_ctl", "-D", self.data, "-l", self.root / "server.log", "-w", "-t", "60",
                  "-o", f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off",
                  "start")

    def stop(self):
        self._run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")

    def restart(self):
        self.stop()
        self.start()

    def url(self, database="postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def ready_database(self) -> tuple[str, str]:
        """A new database after ``db init``: (owner URL, the student role's URL)."""
        owner = self.url(self.new_database())
        init_database(owner, student_role=STUDENT_ROLE, student_password=STUDENT_PASSWORD)
        return owner, student_url(owner, STUDENT_ROLE, STUDENT_PASSWORD)

    def socket_url(self, database) -> str:
        return f"postgresql://postgres@/{database}?host={self.root}&port={self.port}"

    def new_database(self) -> str:
        import psycopg
        self.databases += 1
        name = f"class_{self.databases}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return name

    def cleanup(self):
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="module")
def postgres():
    bindir = postgres_bindir()
    if bindir is None:
        pytest.skip("no PostgreSQL server binaries under /usr/lib/postgresql/*/bin; "
                    "install them with: apt-get install -y postgresql")
    server = PostgresServer(bindir)
    try:
        server.start()
        yield server
    finally:
        try:
            server.stop()
        except RuntimeError:
            pass
        server.cleanup()


@pytest.fixture
def new_url(postgres):
    """A fresh PostgreSQL database after ``db init``, as the student role, each call."""
    return lambda: postgres.ready_database()[1]


# -- PostgreSQL-only behaviour ---------------------------------------------------------
def test_store_keeps_recording_across_a_server_restart(postgres):
    url = postgres.ready_database()[1]
    with open_store(url) as store:
        record_known(store)
        postgres.restart()  # the same open store: its connection died with the old server
        store.record(session="5B", student_id="ana", student_name="Ana", quiz="melds",
                     question_id="q9", rule="r", given="after restart", outcome=True)
        assert store.count() == 12
    with open_store(url, create=False) as store:
        assert store.answers()[-1].given == "after restart"


def test_while_the_server_is_down_an_answer_fails_clearly_then_recording_resumes(postgres):
    url = postgres.ready_database()[1]
    store = open_store(url)
    record_known(store)
    postgres.stop()
    try:
        with pytest.raises(ResultsStoreError, match="cannot reach the PostgreSQL"):
            store.record(session="5B", student_id="ana", student_name="Ana", quiz="melds",
                         question_id="q9", rule="r", given="lost?", outcome=True)
    finally:
        postgres.start()
    store.record(session="5B", student_id="ana", student_name="Ana", quiz="melds",  # back again
                 question_id="q9", rule="r", given="saved", outcome=True)
    store.close()
    with open_store(url) as again:
        assert [a.given for a in again.answers()][-2:] == ['answer 10, "quoted"', "saved"]


def test_unreachable_server_is_a_clear_error_without_the_password():
    port = _free_port()  # nothing listens there
    url = f"postgresql://teacher:s3cret@127.0.0.1:{port}/results"
    with pytest.raises(ResultsStoreError) as caught:
        open_store(url)
    message = str(caught.value)
    assert "cannot reach the PostgreSQL results database" in message and str(port) in message
    assert "s3cret" not in message and "***" in message
    status, out, err = run_cli("--db", url)
    assert status == 2 and "cannot reach" in err and "Traceback" not in out + err
    assert "s3cret" not in err


@pytest.mark.parametrize("url, words", [
    ("postgresql://teacher:s3cret@127.0.0.1:notaport/results", ['"notaport"', "port"]),
    ("postgresql://teacher:s3cret@[bad/results", ["IPv6"]),
    ("postgresql://teacher@127.0.0.1/results?password=s3cret&colour=blue", ['"colour"']),
])
def test_an_unreadable_postgresql_url_is_named_as_such(url, words):
    with pytest.raises(ResultsStoreError) as caught:
        open_store(url)
    message = str(caught.value)
    assert message.startswith("cannot read the PostgreSQL URL") and "postgresql://" in message
    assert all(word in message for word in words) and "s3cret" not in message


def test_missing_database_on_a_running_server_is_named(postgres):
    with pytest.raises(ResultsStoreError, match='database "no_such_class" does not exist'):
        open_store(postgres.url("no_such_class"))


def test_unix_socket_url_and_a_database_of_another_program(postgres):
    import psycopg
    name = postgres.new_database()
    with psycopg.connect(postgres.url(name), autocommit=True) as conn:
        conn.execute("CREATE TABLE rummy_answers (id INTEGER, note TEXT)")
        conn.execute("INSERT INTO rummy_answers VALUES (1, 'keep me')")
    with pytest.raises(ResultsStoreError, match="holds no rummy_teach results"):
        open_store(postgres.socket_url(name))
    with psycopg.connect(postgres.url(name)) as conn:
        assert conn.execute("SELECT * FROM rummy_answers").fetchall() == [(1, "keep me")]
    other = postgres.new_database()
    init_database(postgres.socket_url(other))
    with open_store(postgres.socket_url(other)) as store:
        record_known(store)
    status, out, _ = run_cli("--db", postgres.url(other), "--by", "student")
    assert status == 0 and "Ana" in out and "75%" in out


def test_four_db_inits_at_once_all_succeed(postgres):
    url = postgres.url(postgres.new_database())
    code = ("import sys\nfrom rummy_teach.classroom.dbinit import init_database\n"
            "init_database(sys.argv[1], student_role='rummy_student')\n")
    procs = [subprocess.Popen([sys.executable, "-c", code, url]) for _ in range(4)]
    assert [proc.wait(timeout=120) for proc in procs] == [0] * 4
    with open_store(url, create=False) as store:
        assert store.count() == 0


# -- least privilege: what the students' side may and may not do ---------------------------
def test_a_database_without_tables_is_refused_with_the_command_that_makes_them(postgres):
    import psycopg
    name = postgres.new_database()
    with pytest.raises(ResultsStoreError, match="rummy-teach db init --db OWNER_URL"):
        open_store(postgres.url(name))  # the students' side: no CREATE TABLE, a clear message
    with pytest.raises(ResultsStoreError, match="no rummy_teach results"):
        open_store(postgres.url(name), create=False)  # the report's side
    with psycopg.connect(postgres.url(name)) as conn:  # and nothing was made there
        assert conn.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"
                            ).fetchone() == (0,)


@pytest.mark.parametrize("statement", [
    "CREATE TABLE rummy_extra (x INTEGER)",
    "DROP TABLE rummy_answers",
    "ALTER TABLE rummy_answers ADD COLUMN extra TEXT",
    "DELETE FROM rummy_answers",
    "TRUNCATE rummy_answers",
    "UPDATE rummy_answers SET outcome = 'right'",
    "UPDATE rummy_students SET student_name = 'Someone else'",
    "UPDATE rummy_students SET paper = '{}'",
    "DELETE FROM rummy_students",
    "UPDATE rummy_meta SET value = '99'",
    "INSERT INTO rummy_meta (name, value) VALUES ('x', 'y')",
    "UPDATE rummy_table_moves SET action = 'draw'",
    "DELETE FROM rummy_table_moves",
    "UPDATE rummy_tables SET spec = '{}'",
    "DELETE FROM rummy_tables",
    "UPDATE rummy_table_events SET detail = '{}'",
    "DELETE FROM rummy_table_events",
    "DELETE FROM rummy_paces",
    "TRUNCATE rummy_paces",
])
def test_the_student_role_cannot_change_the_schema_or_what_was_answered(postgres, statement):
    import psycopg
    owner, student = postgres.ready_database()
    with open_store(student) as store:  # the students' side adds and reads
        record_known(store)
        store.add_student(session="5B", name="Ana", seat_hash="h" * 64, quiz="melds",
                          paper={"order": []}, student_id="ana")
        store.seen("5B", "ana", 3)  # the allowed column updates
        store.move_seat("5B", "ana", "k" * 64)
        assert store.count() == 11 and store.student("5B", "ana").position == 3
        limits = {"burst": 2, "per_second": 0.0, "now": 1.0}  # the class-wide limits' rows
        assert [store.pace_take("5B", "rejoin", "ana", **limits) for _ in range(3)] == [
            True, True, False]
        store.pace_forget("5B", "rejoin", "ana")
        assert store.pace_left("5B", "rejoin", "ana", **limits) == 2
    with psycopg.connect(student, autocommit=True) as conn:
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(statement)
    with open_store(owner, create=False) as store:  # everything as it was
        assert store.count() == 11
        assert [s.name for s in store.students("5B")] == ["Ana"]


def test_db_init_command_makes_the_role_prints_its_url_once_and_can_run_again(postgres):
    owner = postgres.url(postgres.new_database())
    command = [sys.executable, "-m", "rummy_teach.cli", "db", "init", "--db", owner,
               "--student-role", "pupils_9c"]
    env = {k: v for k, v in os.environ.items() if k != "RUMMY_STUDENT_PASSWORD"}
    first = subprocess.run(command, capture_output=True, text=True, timeout=120, env=env)
    assert first.returncode == 0, first.stderr
    url = next(line.split(": ", 1)[1] for line in first.stdout.splitlines() if "shown once" in line)
    assert url.startswith("postgresql://pupils_9c:")
    with open_store(url) as store:
        record_known(store)
    again = subprocess.run(command, capture_output=True, text=True, timeout=120, env=env)
    assert again.returncode == 0 and "shown once" not in again.stdout  # the role keeps its password
    with open_store(url, create=False) as store:
        assert store.count() == 11
    bad = subprocess.run(command[:-1] + ["Pupils; DROP"], capture_output=True, text=True,
                         timeout=60, env=env)
    assert bad.returncode == 2 and "cannot be a role name" in bad.stderr


def test_the_students_page_records_through_the_student_role(postgres):
    from rummy_teach.classroom.desk import QuizDesk
    from rummy_teach.classroom.keys import token_digest
    _, student = postgres.ready_database()
    config = {"quiz": "basic", "quiz_name": "basic", "title": "T", "db": student, "session": "s",
              "token_sha256": token_digest("t"), "attempts": 1, "shuffle": True}
    desk = QuizDesk(config)
    seat = "seat-aaaaaaaaaaaaaaaaaaaaaaaa"
    ada = desk.join(seat, "Ada").student
    current = desk.sheet(ada).current
    desk.answer(ada, current["id"], desk.paper(ada)[current["id"]].answer_input)
    again = QuizDesk(config).enter(seat)  # the server started again
    assert again.student.student_id == ada.student_id and again.said.code == "resumed_note"
    with open_store(student, create=False) as store:
        assert [(a.student_name, a.outcome) for a in store.answers(session="s")] == [("Ada", "right")]


def test_the_student_role_keeps_the_lms_grade_outbox_but_cannot_redirect_it(postgres):
    """LTI grades (rummy_lti_grades): the students' side adds a line item, sets and sends the
    score; it cannot point a row at another LMS user or line item, or delete it."""
    import psycopg
    owner, student = postgres.ready_database()
    with open_store(student) as store:
        store.lti_link("5B", "lti-ana", "https://lms/lineitems/1", "user-ana", "https://lms")
        store.lti_score("5B", "lti-ana", 3, 10, "InProgress")
        row = store.lti_grades("5B", "lti-ana")[0]
        store.lti_failed(row, "HTTP 503")
        store.lti_sent(row)
        kept = store.lti_grades("5B", "lti-ana")[0]
        assert (kept["sent_points"], kept["sent_stamp"]) == (3, row["stamp"])
    for statement in ("UPDATE rummy_lti_grades SET lti_user = 'user-eve'",
                      "UPDATE rummy_lti_grades SET lineitem = 'https://elsewhere'",
                      "DELETE FROM rummy_lti_grades"):
        with psycopg.connect(student, autocommit=True) as conn:
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)
    with open_store(owner, create=False) as store:
        assert store.lti_grades("5B")[0]["lti_user"] == "user-ana"
