"""Two classroom processes on one PostgreSQL, serving the same class (a district's way).

Behind JupyterHub, or any proxy that spreads requests over more than one server, one
class is served by several ``rummy-teach classroom`` processes started alike (same
session, join code, token and database). Here two real server processes share one real
PostgreSQL (started as tests/test_classroom_postgres.py does, the students' side through
the least-privilege role of ``db init``), and scripted students send their requests to
both: in turn, and the same request to both at the same moment. Afterwards the database
is read: every acknowledged answer is there exactly once, no student has more judged
answers to a question than the class allows, and every name is one student.
"""

import functools
import http.client
import http.cookiejar
import itertools
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from html import unescape
from pathlib import Path

import pytest

from browser import CommandServer, free_port
from test_classroom_postgres import PostgresServer, postgres_bindir

from rummy_teach.classroom import open_store
from rummy_teach.quiz import Quiz

SAMPLE = Path(__file__).resolve().parents[1] / "rummy_teach" / "quiz" / "samples" / "first-week.json"
TOKEN = "district-teacher-token-7"
JOIN = "DST482"
SESSION = "district-class"
QUIZ = Quiz.from_file(SAMPLE)
CHOICES = [q for q in QUIZ][:3]  # the paper's first three questions (--same-order), all "choice"
ALREADY = "This question was already answered"
# a PostgreSQL cluster and two classroom servers started for the module (about 30 s):
# make test runs these (in the lane of the tests that start servers), make check (no
# servers) leaves them to it; the desk's part of the same rules is checked without a
# server in test_classroom_desk.py ("two desks")
pytestmark = [pytest.mark.slow, pytest.mark.server]
TAKEN = "has already joined this class"


def wrong_choices(question) -> list[str]:
    return [o for o in question.options if question.check(o).outcome == "wrong"]


@pytest.fixture(scope="module")
def district(tmp_path_factory):
    """A PostgreSQL database after ``db init`` and two classroom processes for one class
    (one try per question), each with its own run folder, the database URL in a file."""
    bindir = postgres_bindir()
    if bindir is None:
        pytest.skip("no PostgreSQL server binaries under /usr/lib/postgresql/*/bin; "
                    "install them with: apt-get install -y postgresql")
    assert all(q.input == "choice" for q in CHOICES)
    postgres = PostgresServer(bindir)
    servers = []
    try:
        postgres.start()
        owner, url = postgres.ready_database()
        home = tmp_path_factory.mktemp("district")
        db_file = home / "db-url"
        db_file.write_text(url + "\n")
        db_file.chmod(0o600)
        for number in (1, 2):
            port = free_port()
            argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--quiz", str(SAMPLE),
                    "--host", "127.0.0.1", "--port", str(port), "--token", TOKEN,
                    "--session", SESSION, "--join-code", JOIN, "--same-order",
                    "--db-file", str(db_file), "--connections-per-address", "0",
                    "--run-dir", str(home / f"run-{number}")]
            servers.append(CommandServer(argv, root=home, port=port,
                                         ready_path="/voila/static/voila.js",
                                         name=f"district-{number}").start())
        yield [s.base for s in servers], owner
    finally:
        for server in servers:
            server.stop()
        try:
            postgres.stop()
        except RuntimeError:
            pass
        postgres.cleanup()


DEVICES = itertools.count()


class FromAddress(urllib.request.HTTPHandler):
    """Requests sent from one loopback address of their own (``127.0.x.y``)."""

    def __init__(self, address: str):
        super().__init__()
        self.address = address

    def http_open(self, request):
        return self.do_open(functools.partial(http.client.HTTPConnection,
                                              source_address=(self.address, 0)), request)


class Pupil:
    """One browser (one cookie jar) whose requests go to whichever server it is told, from
    its own address, as devices on a school's network (from one address the class's pace
    of new names, 30 and then one every 5 s, would refuse the module's later students)."""

    def __init__(self, bases):
        self.bases = bases
        number = next(DEVICES)
        self.opener = urllib.request.build_opener(
            FromAddress(f"127.0.{1 + number // 250}.{1 + number % 250}"),
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def _open(self, request) -> tuple[int, str]:
        try:
            with self.opener.open(request, timeout=120) as reply:
                return reply.status, unescape(reply.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            return error.code, unescape(error.read().decode("utf-8"))

    def get(self, server: int, path: str = f"/quiz?join={JOIN}") -> tuple[int, str]:
        return self._open(urllib.request.Request(self.bases[server] + path))

    def post(self, server: int, act: str, fields) -> tuple[int, str]:
        data = urllib.parse.urlencode(fields).encode()
        return self._open(urllib.request.Request(f"{self.bases[server]}/quiz/{act}", data=data,
                                                 headers={"X-Rummy-Part": "main"}))

    def join(self, server: int, name: str) -> str:
        assert self.get(server)[0] == 200
        status, body = self.post(server, "join", [("name", name)])
        assert status == 200, body
        return body

    def answer(self, server: int, question, choice: str, tried=None) -> tuple[int, str]:
        fields = [("question", question.id), ("choice", choice)]
        if tried is not None:
            fields.append(("try", str(tried)))
        return self.post(server, "answer", fields)


def acknowledged(body: str) -> str | None:
    """'right' or 'wrong' when the page shows the answer's verdict, else None."""
    for verdict in ("right", "wrong"):
        if f"rt-feedback rt-{verdict}" in body:
            return verdict
    return None


def stored(owner: str, name: str):
    with open_store(owner, create=False) as store:
        student = store.student_by_name(SESSION, name)
        return store.answers(session=SESSION, student_id=student.student_id) if student else None


def test_a_student_whose_requests_alternate_goes_through_the_quiz_once(district):
    bases, owner = district
    for number in range(4):
        name = f"Alternating {number}"
        pupil = Pupil(bases)
        assert "question 1 of" in pupil.join(number % 2, name)
        for i, question in enumerate(CHOICES):
            server = (number + i) % 2  # each answer to the other process than the one before
            status, body = pupil.answer(server, question, question.answer_input, tried=0)
            assert status == 200 and acknowledged(body) == "right", body[-600:]
            again = pupil.answer(1 - server, question, wrong_choices(question)[0], tried=0)
            assert again[0] == 200 and ALREADY in again[1]  # no second try in the other one
            status, body = pupil.post(1 - server, "next", [])
            assert status == 200 and f"question {i + 2} of" in body, body[-600:]
        rows = stored(owner, name)
        assert [(a.question_id, a.outcome) for a in rows] == [(q.id, "right") for q in CHOICES]


def test_the_same_answer_sent_to_both_at_once_is_one_answer(district):
    """Each student sends one answer to both processes at the same moment (a double
    submit through the proxy, or a retry): both pages may show the verdict, the database
    keeps it once."""
    bases, owner = district
    names = [f"Twice {n:02d}" for n in range(16)]
    pupils = {name: Pupil(bases) for name in names}
    for n, name in enumerate(names):
        pupils[name].join(n % 2, name)
    question = CHOICES[0]
    start = threading.Barrier(2 * len(names))

    def send(name, server):
        start.wait()
        return name, pupils[name].answer(server, question, question.answer_input, tried=0)

    with ThreadPoolExecutor(2 * len(names)) as pool:
        replies = list(pool.map(lambda job: send(*job), [(n, s) for n in names for s in (0, 1)]))
    for name in names:
        mine = [body for who, (status, body) in replies if who == name]
        assert all(acknowledged(body) == "right" or ALREADY in body for body in mine), mine
        assert any(acknowledged(body) == "right" for body in mine)
        rows = stored(owner, name)
        assert [(a.question_id, a.outcome) for a in rows] == [(question.id, "right")], name


def test_one_try_is_one_try_whichever_process_takes_it(district):
    """Different answers to the same question sent to both processes at the same moment:
    one is judged and kept, the other refused; never two judged answers for one try."""
    bases, owner = district
    names = [f"Racing {n:02d}" for n in range(16)]
    pupils = {name: Pupil(bases) for name in names}
    for n, name in enumerate(names):
        pupils[name].join(n % 2, name)
    question = CHOICES[0]
    given = {0: question.answer_input, 1: wrong_choices(question)[0]}
    start = threading.Barrier(2 * len(names))

    def send(name, server):
        start.wait()
        return name, server, pupils[name].answer(server, question, given[server], tried=0)

    with ThreadPoolExecutor(2 * len(names)) as pool:
        replies = list(pool.map(lambda job: send(*job), [(n, s) for n in names for s in (0, 1)]))
    for name in names:
        kept = [(server, acknowledged(body)) for who, server, (status, body) in replies
                if who == name and acknowledged(body)]
        refused = [body for who, server, (status, body) in replies
                   if who == name and ALREADY in body]
        assert len(kept) == 1 and len(refused) == 1, (name, kept)
        rows = stored(owner, name)
        assert len(rows) == 1 and rows[0].given == given[kept[0][0]], (name, rows)


def test_a_form_sent_again_to_the_other_process_is_not_a_second_answer(district):
    """The answer went in, its reply was lost, the page sent the same form again, and the
    proxy chose the other process: the same verdict, nothing kept twice."""
    bases, owner = district
    pupil = Pupil(bases)
    pupil.join(0, "Retrying")
    question = CHOICES[0]
    wrong = wrong_choices(question)[0]
    first = pupil.answer(0, question, wrong, tried=0)
    again = pupil.answer(1, question, wrong, tried=0)
    assert acknowledged(first[1]) == acknowledged(again[1]) == "wrong", again[1][-600:]
    assert [a.given for a in stored(owner, "Retrying")] == [wrong]


def test_one_name_joined_through_both_processes_at_once_is_one_student(district):
    bases, owner = district
    names = [f"Same Name {n:02d}" for n in range(12)]
    start = threading.Barrier(2 * len(names))

    def arrive(name, server):
        pupil = Pupil(bases)
        assert pupil.get(server)[0] == 200
        start.wait()
        return name, pupil.post(server, "join", [("name", name)])

    with ThreadPoolExecutor(2 * len(names)) as pool:
        replies = list(pool.map(lambda job: arrive(*job), [(n, s) for n in names for s in (0, 1)]))
    with open_store(owner, create=False) as store:
        students = [s for s in store.students(SESSION) if s.name in names]
    assert sorted(s.name for s in students) == sorted(names)
    for name in names:
        bodies = [body for who, (status, body) in replies if who == name]
        assert sum("question 1 of" in body for body in bodies) == 1, name
        assert sum(TAKEN in body for body in bodies) == 1, name


def test_the_sixth_wrong_rejoin_code_is_refused_whichever_process_gets_it(district):
    """Wrong rejoin codes for a name are counted in the database, for the whole class: a
    script whose guesses go to both processes, each from a new browser and address, has 5
    tries in all (not 5 a process), and then even the right code waits, on both."""
    bases, owner = district
    for name, order in (("Guarded Gina", (0, 1, 0, 1, 0, 1)), ("Guarded Gino", (1, 0, 1, 0, 1, 0))):
        Pupil(bases).join(order[0], name)
        with open_store(owner, create=False) as store:
            code = store.student_by_name(SESSION, name).rejoin_code
        wrong = str((int(code) + 1) % 10 ** len(code)).zfill(len(code))
        said = []
        for server in order:  # the sixth guess to one process, then (Gino) to the other
            guesser = Pupil(bases)
            assert TAKEN in guesser.join(server, name)
            said.append(guesser.post(server, "rejoin", [("name", name), ("code", wrong)])[1])
        assert all("not the rejoin code" in body for body in said[:4]), said
        assert all("Too many wrong codes" in body for body in said[4:]), said[4:]
        for server in (0, 1):
            device = Pupil(bases)
            device.join(server, name)
            body = device.post(server, "rejoin", [("name", name), ("code", code)])[1]
            assert "Too many wrong codes" in body and "question 1 of" not in body
