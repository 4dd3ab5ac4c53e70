"""The classroom results store and the teacher's report, on real SQLite files.

The backend-independent tests take the ``new_url`` fixture (a fresh database URL
per call); tests/test_classroom_postgres.py imports them by name and runs them
again against a real PostgreSQL server.
"""

import csv
import io
import multiprocessing
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from enum import Enum
from pathlib import Path

import pytest

from rummy_teach.classroom import (ResultsStoreError, answers_csv, bar_chart_svg, build_report,
                                   open_store, questions_csv, report_html, report_text, students_csv)
from rummy_teach.errors import RummyError

T0 = datetime(2025, 11, 3, 9, 0, tzinfo=timezone.utc)  # a past lesson
RULES = {"q1": "run: three or more in sequence", "q2": "set: same rank", "q3": "ace is low only"}
NAMES = {"ana": "Ana", "bo": 'Bo, "Bobby" Ødegård', "cy": "Çy 李"}
# (student, question, outcome): Ana 3/4 right, Bo 1/3 (+1 unreadable), Cy 1/3.
KNOWN = [("ana", "q1", True), ("bo", "q1", False), ("cy", "q1", True),
         ("ana", "q2", True), ("bo", "q2", "unreadable"), ("bo", "q2", True), ("cy", "q2", False),
         ("ana", "q3", False), ("ana", "q3", True), ("bo", "q3", False), ("cy", "q3", False)]


@pytest.fixture
def new_url(tmp_path):
    """A fresh SQLite database URL each call (alternating the two spellings)."""
    made = []

    def make():
        made.append(tmp_path / f"results{len(made)}.db")
        return str(made[-1]) if len(made) % 2 else f"sqlite:///{made[-1]}"
    return make


def record_known(store, session="5B"):
    for i, (student, question, outcome) in enumerate(KNOWN):
        store.record(session=session, student_id=student, student_name=NAMES[student],
                     quiz="melds", question_id=question, rule=RULES[question],
                     given=f"answer {i}, \"quoted\"", outcome=outcome, at=T0 + timedelta(seconds=i))


def run_cli(*args):
    result = subprocess.run([sys.executable, "-m", "rummy_teach.cli", "report", *args],
                            capture_output=True, text=True, timeout=60)
    return result.returncode, result.stdout, result.stderr


def _write_answers(url, student, count, barrier):
    """One student's kernel: open the store, wait for the others, submit many answers."""
    with open_store(url) as store:
        barrier.wait(timeout=60)
        for i in range(count):
            store.record(session="rush", student_id=student, student_name=f"Student {student}",
                         quiz="speed", question_id=f"q{i}", rule="r", given=str(i),
                         outcome=i % 3 != 0)


def _record_then_die(url, count):
    store = open_store(url)
    for i in range(count):
        store.record(session="s", student_id="ana", student_name="Ana", quiz="melds",
                     question_id=f"q{i}", rule="r", given="8S 8H 8D", outcome=True)
    os.kill(os.getpid(), signal.SIGKILL)  # the kernel dies: no close, no atexit, no flush


class Verdict(Enum):  # how a quiz module may spell an outcome
    RIGHT = "right"
    WRONG = "wrong"
    UNREADABLE = "unreadable"


# -- backend-independent tests (also run on PostgreSQL) -------------------------------
def test_record_stores_every_field_as_given(new_url):
    url = new_url()
    given = 'QH, KH & "AH" — ♥ 漢字 \x00end'
    with open_store(url) as store:
        stored = store.record(session="5B", student_id="s-1", student_name="Zoë, \"Z\"",
                              quiz="melds", question_id="q7", rule="ace is low only",
                              given=given, outcome=Verdict.WRONG, at=T0)
    with open_store(url, create=False) as store:
        (answer,) = store.answers()
    assert answer == stored
    assert (answer.session, answer.student_id, answer.student_name, answer.quiz,
            answer.question_id, answer.rule, answer.outcome, answer.answered_at) == \
        ("5B", "s-1", "Zoë, \"Z\"", "melds", "q7", "ace is low only", "wrong", T0)
    assert answer.given == given.replace("\x00", "")  # NUL (a control character) is dropped


def test_schema_is_created_once_and_reopening_keeps_every_answer(new_url):
    url = new_url()
    with open_store(url) as store:
        record_known(store)
    for _ in range(2):
        with open_store(url) as store:  # second and third first-opens: no error, no loss
            assert store.count() == len(KNOWN)
    with open_store(url, create=False) as store:
        assert [a.outcome for a in store.answers()] == [
            {True: "right", False: "wrong"}.get(o, o) for _, _, o in KNOWN]


def test_concurrent_writers_lose_nothing(new_url):
    url = new_url()
    open_store(url).close()
    writers, each = 6, 150
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(writers)
    procs = [context.Process(target=_write_answers, args=(url, f"s{n}", each, barrier))
             for n in range(writers)]
    for proc in procs:
        proc.start()
    with open_store(url, create=False) as teacher:  # the report page reads while they write
        seen = [teacher.count()]
        while any(proc.is_alive() for proc in procs):
            seen.append(teacher.count())
            time.sleep(0.05)
    for proc in procs:
        proc.join(timeout=120)
    assert seen == sorted(seen)
    assert [proc.exitcode for proc in procs] == [0] * writers
    with open_store(url, create=False) as store:
        answers = store.answers(session="rush")
        assert store.count() == writers * each
    assert len({(a.student_id, a.question_id) for a in answers}) == writers * each
    assert sum(a.correct for a in answers) == writers * (each - len(range(0, each, 3)))


def test_answers_survive_a_student_kernel_killed_mid_session(new_url):
    url = new_url()
    context = multiprocessing.get_context("fork")
    proc = context.Process(target=_record_then_die, args=(url, 25))
    proc.start()
    proc.join(timeout=60)
    assert proc.exitcode == -signal.SIGKILL
    with open_store(url) as store:  # the classroom starts again and reads what was there
        assert sorted(int(a.question_id[1:]) for a in store.answers()) == list(range(25))


def test_report_numbers_on_a_known_set_of_answers(new_url):
    with open_store(new_url()) as store:
        record_known(store)
        store.record(session="other", student_id="dee", student_name="Dee", quiz="melds",
                     question_id="q1", rule=RULES["q1"], given="x", outcome=False)
        report = store.report(session="5B")
    students = {s.student_id: (s.name, s.answers, s.right, s.unreadable, s.success_rate)
                for s in report.students}
    assert students == {"ana": ("Ana", 4, 3, 0, 0.75), "bo": (NAMES["bo"], 3, 1, 1, 1 / 3),
                        "cy": (NAMES["cy"], 3, 1, 0, 1 / 3)}
    questions = [(q.question_id, q.rule, q.attempts, q.right, q.wrong, q.unreadable, q.students)
                 for q in report.questions]
    assert questions == [("q1", RULES["q1"], 3, 2, 1, 0, 3), ("q2", RULES["q2"], 3, 2, 1, 1, 3),
                         ("q3", RULES["q3"], 4, 1, 3, 0, 3)]
    assert [q.question_id for q in report.most_missed] == ["q3", "q1", "q2"]
    assert (report.answers, report.right, report.unreadable, report.success_rate) == (10, 5, 1, 0.5)
    assert report.sessions == ("5B",) and report.quizzes == ("melds",)
    assert report.summary == ("3 students, 10 answers counted, 5 right (50%); 1 unreadable not "
                              "counted; most missed: q3 (ace is low only), 3 of 4 wrong.")
    assert report.to_dict()["questions"][2]["success_rate"] == 0.25


def test_csv_round_trips_names_with_commas_quotes_and_unicode(new_url):
    with open_store(new_url()) as store:
        record_known(store)
        answers = store.answers()
    rows = list(csv.DictReader(io.StringIO(answers_csv(answers), newline="")))
    assert len(rows) == len(KNOWN)
    assert [(r["student_id"], r["student_name"], r["question_id"], r["rule"], r["given"],
             r["outcome"], datetime.fromisoformat(r["answered_at"])) for r in rows] == \
        [(a.student_id, a.student_name, a.question_id, a.rule, a.given, a.outcome, a.answered_at)
         for a in answers]
    assert rows[1]["student_name"] == 'Bo, "Bobby" Ødegård'
    assert rows[1]["given"] == 'answer 1, "quoted"'
    per_question = list(csv.DictReader(io.StringIO(questions_csv(build_report(answers)), newline="")))
    assert [(r["question_id"], r["attempts"], r["right"], r["success_rate"])
            for r in per_question] == [("q1", "3", "2", "0.6667"), ("q2", "3", "2", "0.6667"),
                                       ("q3", "4", "1", "0.2500")]


def test_cli_report_reads_results_written_by_another_process(new_url):
    url = new_url()
    code = ("from rummy_teach.classroom import open_store\n"
            "import test_classroom_store as t\n"
            f"t.record_known(open_store({url!r}))\n")  # exits without close(): nothing buffered
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60,
                   env={**os.environ, "PYTHONPATH": os.pathsep.join(
                       filter(None, [os.path.dirname(__file__), os.environ.get("PYTHONPATH")]))})
    status, out, err = run_cli("--db", url)
    assert status == 0 and err == ""
    assert "3 students, 10 answers counted, 5 right (50%)" in out
    assert "Bo, \"Bobby\" Ødegård" in out and "ace is low only" in out
    status, out, _ = run_cli("--db", url, "--csv", "--by", "student")
    rows = list(csv.DictReader(io.StringIO(out, newline="")))
    assert status == 0 and [(r["student_name"], r["answers"], r["right"]) for r in rows] == \
        [("Ana", "4", "3"), ('Bo, "Bobby" Ødegård', "3", "1"), ("Çy 李", "3", "1")]
    status, out, _ = run_cli("--db", url, "--csv")
    assert status == 0 and len(list(csv.reader(io.StringIO(out, newline="")))) == len(KNOWN) + 1


@pytest.mark.parametrize("field, value", [("student_name", "  "), ("question_id", ""),
                                          ("session", None), ("outcome", "maybe"),
                                          ("at", datetime(2026, 1, 1))])
def test_bad_answer_values_are_refused_and_store_nothing(new_url, field, value):
    with open_store(new_url()) as store:
        good = dict(session="5B", student_id="ana", student_name="Ana", quiz="melds",
                    question_id="q1", rule="r", given="x", outcome=True)
        with pytest.raises(ResultsStoreError, match="time" if field == "at" else field):
            store.record(**{**good, field: value})
        store.record(**good)
        assert store.count() == 1


def test_reading_where_no_results_were_ever_kept_is_refused(new_url):
    url = new_url()
    with pytest.raises(ResultsStoreError, match="no (rummy_teach )?results"):
        open_store(url, create=False)


def test_a_store_opened_for_reading_refuses_to_record(new_url):
    url = new_url()
    open_store(url).close()
    with open_store(url, create=False) as store:
        with pytest.raises(ResultsStoreError, match="reading only"):
            store.record(session="5B", student_id="a", student_name="A", quiz="q",
                         question_id="1", rule="r", given="x", outcome=True)
        assert store.count() == 0


# -- SQLite-only behaviour --------------------------------------------------------------
def test_sqlite_store_uses_wal_and_a_busy_timeout(tmp_path):
    path = tmp_path / "results.db"
    open_store(path).close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


@pytest.mark.parametrize("url, words", [
    ("mysql://teacher@host/db", ["mysql://", "postgresql://", "sqlite:///"]),
    ("", ["no results database given"]),
    ("   ", ["no results database given"]),
    ("sqlite://", ["names no file"]),
    (":memory:", ["lose every answer"]),
    ("postgres:/nothing", ["cannot read the database URL"]),
    ("http://example.org/results.db", ["'http://' is not supported"]),
])
def test_bad_urls_say_what_was_given_and_what_is_accepted(url, words):
    with pytest.raises(ResultsStoreError) as caught:
        open_store(url)
    assert all(word in str(caught.value) for word in words)
    assert isinstance(caught.value, RummyError)


def test_password_never_appears_in_messages():
    with pytest.raises(ResultsStoreError) as caught:
        open_store("mysql://teacher:s3cret@host/db")
    assert "s3cret" not in str(caught.value) and "***" in str(caught.value)


def test_file_in_a_missing_directory_is_refused_and_nothing_is_created(tmp_path):
    target = tmp_path / "no" / "such" / "dir" / "results.db"
    with pytest.raises(ResultsStoreError, match="does not exist"):
        open_store(target)
    assert not (tmp_path / "no").exists()
    with pytest.raises(ResultsStoreError, match="is a directory"):
        open_store(tmp_path)


@pytest.mark.parametrize("content", [b"name,score\nAna,3\n" * 50, os.urandom(8192),
                                     b"SQLite format 3\x00" + b"\xff" * 4080])
def test_a_damaged_or_foreign_file_is_refused_and_left_unchanged(tmp_path, content):
    path = tmp_path / "results.db"
    path.write_bytes(content)
    for create in (True, False):
        with pytest.raises(ResultsStoreError, match="not a results database"):
            open_store(path, create=create)
    assert path.read_bytes() == content
    status, out, err = run_cli("--db", str(path))
    assert status == 2 and "not a results database" in err and "Traceback" not in err + out
    assert path.read_bytes() == content


def test_a_database_of_another_program_is_not_mistaken_for_results(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE rummy_answers (id INTEGER, note TEXT)")
    conn.execute("INSERT INTO rummy_answers VALUES (1, 'keep me')")
    conn.commit()
    conn.close()
    with pytest.raises(ResultsStoreError, match="holds no rummy_teach results"):
        open_store(path)
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT * FROM rummy_answers").fetchall() == [(1, "keep me")]
    conn.close()


def test_results_from_a_newer_version_are_refused(tmp_path):
    path = tmp_path / "results.db"
    open_store(path).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE rummy_meta SET value = '99' WHERE name = 'schema_version'")
    conn.commit()
    conn.close()
    with pytest.raises(ResultsStoreError, match="newer rummy_teach"):
        open_store(path, create=False)


def test_an_empty_file_is_no_results_database_and_stays_empty(tmp_path):
    path = tmp_path / "empty.db"
    path.touch()
    with pytest.raises(ResultsStoreError, match="holds no rummy_teach results"):
        open_store(path, create=False)
    assert path.read_bytes() == b""


def test_cli_report_on_a_missing_database_exits_2_and_creates_nothing(tmp_path):
    path = tmp_path / "results.db"
    status, out, err = run_cli("--db", str(path))
    assert status == 2 and "no results database at" in err and str(path) in err
    assert "Traceback" not in out + err and not path.exists()
    status, _, err = run_cli("--db", "mysql://x/y")
    assert status == 2 and "postgresql://" in err and "Traceback" not in err


def test_cli_report_by_question_and_html(tmp_path):
    path = tmp_path / "results.db"
    with open_store(path) as store:
        record_known(store)
    status, out, _ = run_cli("--db", str(path), "--by", "question")
    assert status == 0 and "By question" in out and "By student" not in out
    assert "q3: 3 of 4 wrong (25% right) - rule: ace is low only" in out
    status, out, _ = run_cli("--db", str(path), "--csv", "--by", "question")
    assert status == 0 and out.splitlines()[0] == ("quiz,question_id,rule,attempts,right,wrong,"
                                                   "unreadable,students,success_rate")
    status, out, _ = run_cli("--db", str(path), "--html", "--session", "5B")
    assert status == 0 and out.startswith("<!DOCTYPE html>") and "<svg" in out
    status, out, _ = run_cli("--db", str(path), "--session", "nobody")
    assert status == 0 and "No answers yet." in out


def test_report_text_tells_apart_two_students_with_the_same_name():
    from rummy_teach.classroom.store import Answer
    answers = [Answer("5B", sid, "Sam", "melds", "q1", "r", "x", "right", T0, sid)
               for sid in ("s1", "s2")]
    text = report_text(build_report(answers), by="student")
    assert "Sam (s1)" in text and "Sam (s2)" in text
    assert students_csv(build_report(answers)).count("Sam") == 2


def test_html_report_is_self_contained_escaped_and_charts_each_question(tmp_path):
    with open_store(tmp_path / "r.db") as store:
        record_known(store)
        store.record(session="5B", student_id="evil", student_name="<script>alert(1)</script>",
                     quiz="melds", question_id="q4", rule="<b>bold</b> & more", given="x",
                     outcome=True, at=T0 + timedelta(minutes=5))
        report = store.report()
    page = report_html(report)
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; more" in page
    assert "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "src=" not in page and "<link" not in page and "@import" not in page
    svg = bar_chart_svg(report)
    widths = [int(width) for width in re.findall(r'<rect x="\d+" y="\d+" width="(\d+)"', svg)]
    assert widths == [round(420 * r) for r in (2 / 3, 2 / 3, 0.25, 1.0)]
    assert report._repr_html_() == page
    assert bar_chart_svg(build_report([])) == "" and "No answers yet." in report_html(build_report([]))


def test_db_init_on_a_sqlite_file_makes_the_tables_and_refuses_a_role(tmp_path):
    from rummy_teach.classroom.dbinit import init_database
    path = tmp_path / "class.db"
    assert init_database(str(path))["role"] is None
    with open_store(path, create=False) as store:
        assert store.count() == 0
    with pytest.raises(ResultsStoreError, match="no roles"):
        init_database(str(path), student_role="pupils")
    result = subprocess.run([sys.executable, "-m", "rummy_teach.cli", "db", "init", "--db",
                             str(tmp_path / "other.db")], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "are ready in" in result.stdout
    assert (tmp_path / "other.db").exists()


def _sqlite_memory_used():
    """SQLite's own count of the memory it holds (``sqlite3_memory_used``) in the library
    Python's sqlite3 module uses; None where that library cannot be reached from here."""
    import ctypes
    maps = Path("/proc/self/maps")
    if not maps.exists():
        return None
    paths = {line.split()[-1] for line in maps.read_text().splitlines()
             if "libsqlite3" in line.split()[-1]}
    if len(paths) != 1:  # built into Python (no shared library), or more than one
        return None
    library = ctypes.CDLL(paths.pop())
    library.sqlite3_memory_used.restype = ctypes.c_int64
    return library.sqlite3_memory_used


def _school_file(path: Path, answers: int) -> Path:
    """A results file holding ``answers`` answers of 5 classes x 120 students."""
    open_store(path).close()
    filler = sqlite3.connect(path)
    with filler:
        filler.executemany(
            "INSERT INTO rummy_answers (answer_id, session_id, student_id, student_name, quiz, "
            "question_id, rule, given, outcome, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(f"{n:032x}", f"class-{n % 5}", f"student-{n % 600:04d}-{'x' * 20}",
              f"Student {n % 600}", "basic", f"q{n % 25}", "rule_meld_run", f"answer {n} " * 8,
              ("right", "wrong")[n % 2], f"2026-12-06T10:{n // 600 % 60:02d}:00+00:00")
             for n in range(answers)])
    filler.close()
    return path


def test_what_a_store_keeps_does_not_grow_with_the_file(tmp_path):
    """A classroom process keeps two connections open all through a class (the students'
    and the teacher's pages'), and the dashboard counts a session's every answer each 5 s.
    With SQLite's default page cache (2,000 KiB a connection) the two connections kept
    nearly every page of the results file they had read (opening it checks every page), so
    the class's memory grew with the answers kept (issue 28, the 10-minute soak): 4 MB more
    for a file of 15,000 answers than for one of 300."""
    memory_used = _sqlite_memory_used()
    if memory_used is None:
        pytest.skip("SQLite is not a shared library of this Python: its memory cannot be read")

    def kept(path: Path, answers: int) -> int:
        _school_file(path, answers)
        before = memory_used()
        writer, reader = open_store(path), open_store(path, create=False)
        try:
            for session in [f"class-{n}" for n in range(5)] * 2:
                counts = reader.answer_counts(session, pairs=True)
                assert sum(row[3] for row in counts["students"]) == answers // 5
                assert writer.count(session=session) == answers // 5  # the students' side reads
                writer.record(session="class-9", student_id="ada", student_name="Ada",
                              quiz="basic", question_id=f"q-{session}-{memory_used()}", rule="",
                              given="x", outcome="right")
            return memory_used() - before
        finally:
            writer.close()
            reader.close()
    small = kept(tmp_path / "small.db", 300)
    large = kept(tmp_path / "large.db", 15_000)
    assert (tmp_path / "large.db").stat().st_size > 4_000_000
    assert large - small < 1_000_000, f"{small / 1e6:.2f} MB for 300 answers, {large / 1e6:.2f} MB for 15,000"


def test_the_report_counted_in_the_database_is_the_report_of_the_answers(new_url):
    """The report page counts in the database (``report_counts``) instead of reading every
    answer; what it shows must be what the answers say, in every corner: a student renamed
    part way (the latest name wins), an unreadable answer, a question whose rule was given
    later or changed, two quizzes, answers at the same moment, another session's answers."""
    from rummy_teach.classroom.report import report_of_counts
    with open_store(new_url()) as store:
        record_known(store)
        record_known(store, session="other")
        more = [("bo", "Bo, renamed", "melds", "q1", "", True, 20),
                ("ana", "Ana", "melds", "q4", "", False, 21),
                ("ana", "Ana", "melds", "q4", "a new rule", "unreadable", 22),
                ("cy", "Çy 李", "layoffs", "q1", "lay off", True, 23),
                ("cy", "Çy 李", "layoffs", "q1", "lay off", False, 23),
                ("ana", "Ana", "melds", "q3", "ace is the top card too", False, 24),
                ("dee", "Dee", "layoffs", "q9", "", "unreadable", 25),
                ("cy", "Cy", "melds", "q2", "", True, 26)]
        for student, name, quiz, question, rule, outcome, second in more:
            store.record(session="5B", student_id=student, student_name=name, quiz=quiz,
                         question_id=question, rule=rule, given="x", outcome=outcome,
                         at=T0 + timedelta(seconds=second))
        answers = store.answers(session="5B")
        counted = report_of_counts("5B", store.report_counts("5B"))
        assert counted == build_report(answers)
        assert [s.name for s in counted.students] == ["Ana", "Bo, renamed", "Cy", "Dee"]
        assert [q.rule for q in counted.questions
                if q.question_id == "q3"] == ["ace is the top card too"]
        assert counted.unreadable == 3 and counted.quizzes == ("melds", "layoffs")
        empty = report_of_counts("nobody", store.report_counts("nobody"))
        assert empty == build_report([]) and empty.summary == "No answers yet."
