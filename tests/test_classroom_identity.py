"""Who is who in a real classroom, and no answer acknowledged that is not kept (issue 28,
point 4: identity and silent loss).

Each test starts ``rummy-teach classroom`` (the default page, no kernels) from its command
line on loopback with its own results file (the look-alike names share one, where Ada has
joined: each is refused and changes nothing), and speaks to it as browsers do: real HTTP,
each browser with its own cookies and, where the class's limits per address matter, its
own loopback address (127.0.0.N). Limits on joins and rejoin codes are met by sending
more than they allow, never by timing; the desk's own clock is moved by hand in the
tests of :mod:`tests.test_classroom_desk` and below.
"""

import functools
import http.client
import http.cookiejar
import json
import os
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from browser import CommandServer, free_port

# a classroom server started for each test (about 3 s of start-up each): make test runs
# these, in its serve lane with the other servers, make check (the fast tier, no servers)
# leaves them to it; the desk's and the names' own rules are checked without a server in
# test_classroom_desk.py and test_classroom_pace.py, which make check runs
pytestmark = [pytest.mark.slow, pytest.mark.server]

TOKEN = "identity-teacher-token-4242"
JOIN = "IDEN7"
QUIZ = {"title": "Identity", "questions": [
    {"id": "q1", "kind": "points", "cards": "KS 9H"},
    {"id": "q2", "kind": "points", "cards": "QS 5H"}]}
RIGHT = {"q1": "19", "q2": "15"}


def start(home, db=None, extra=()):
    """A classroom on a free loopback port; its results in ``home/r.db`` unless ``db``."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "quiz.json").write_text(json.dumps(QUIZ))
    (home / "token.txt").write_text(TOKEN + "\n")
    (home / "db.txt").write_text((db or str(home / "r.db")) + "\n")
    port = free_port()
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--quiz", str(home / "quiz.json"),
            "--host", "127.0.0.1", "--port", str(port), "--token-file", str(home / "token.txt"),
            "--session", "s1", "--join-code", JOIN, "--same-order", "--run-dir",
            str(home / "run"), "--db-file", str(home / "db.txt"), *extra]
    server = CommandServer(argv, root=home, port=port, ready_path="/", name="classroom-identity")
    server.start()
    server.home = home
    return server


@pytest.fixture
def classroom(tmp_path):
    server = start(tmp_path / "class")
    yield server
    server.stop()


class _From(urllib.request.HTTPHandler):
    """Connections from one loopback address (127.0.0.N), as another machine's would be."""

    def __init__(self, address):
        super().__init__()
        self.address = address

    def http_open(self, req):
        return self.do_open(functools.partial(http.client.HTTPConnection,
                                              source_address=(self.address, 0)), req)


class Browser:
    """One student's browser: its own cookies (its seat), from ``address``."""

    def __init__(self, server, address="127.0.0.1", opened=200):
        self.server = server
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _From(address))
        status, self.first = self.get(f"/quiz?join={JOIN}")
        assert status == opened, self.first[-600:]

    def request(self, path, data=None):
        request = urllib.request.Request(self.server.base + path, data=data)
        try:
            with self.opener.open(request, timeout=60) as reply:
                return reply.status, reply.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8")

    def get(self, path):
        return self.request(path)

    def post(self, path, **form):
        return self.request(path, urllib.parse.urlencode(form).encode("utf-8"))


def words(html: str) -> str:
    return html.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")


def students(server, db=None) -> dict:
    """name -> student, as the results file holds them."""
    from rummy_teach.classroom import open_store
    with open_store(str(db or server.home / "r.db"), create=False) as store:
        return {s.name: s for s in store.students("s1")}


def answers(server) -> list:
    from rummy_teach.classroom import open_store
    with open_store(str(server.home / "r.db"), create=False) as store:
        return store.answers(session="s1")


def teacher(server, path, **form):
    """A teacher's page (GET, or POST with ``form``): (status, text)."""
    if form:
        data = urllib.parse.urlencode({"token": TOKEN, "session": "s1", **form}).encode()
        request = urllib.request.Request(f"{server.base}{path}", data=data)
    else:
        request = urllib.request.Request(f"{server.base}{path}?token={TOKEN}")
    try:
        with urllib.request.urlopen(request, timeout=60) as reply:
            return reply.status, words(reply.read().decode("utf-8"))
    except urllib.error.HTTPError as error:
        return error.code, words(error.read().decode("utf-8"))


def wait_for(condition, what: str, tries: int = 400):
    for _ in range(tries):
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


# --- 1. names: normalised, and look-alikes of a taken name are that name ----------------------
LOOK_ALIKES = [
    "Ada\u200b",            # a zero-width space
    "A\u00adda",            # a soft hyphen
    "\u0410da",             # a Cyrillic А
    "\uff21\uff44\uff41",   # fullwidth letters
    "  ada\u2060 ",          # a word joiner, spaces, another case
]


@pytest.fixture(scope="module")
def ada_joined(tmp_path_factory):
    """One class for the look-alikes (a server each cost 2 to 5 s of CPU): Ada has joined
    it; each look-alike is refused and leaves the class list as it was, so each test
    meets the same class as the first."""
    server = start(tmp_path_factory.mktemp("look-alikes") / "class")
    status, body = Browser(server).post("/quiz/join", name="Ada")
    assert status == 200 and "Your rejoin code is" in body
    yield server
    server.stop()


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_name_that_only_looks_like_a_taken_one_asks_for_its_rejoin_code(ada_joined, name):
    assert list(students(ada_joined)) == ["Ada"]
    status, body = Browser(ada_joined).post("/quiz/join", name=name)
    assert status == 200 and "Ada has already joined this class" in words(body), body[-600:]
    assert list(students(ada_joined)) == ["Ada"]


def test_a_name_is_kept_without_invisible_characters_and_with_single_spaces(classroom):
    status, body = Browser(classroom).post("/quiz/join", name=" Bea\u200d \u00a0 Love\u00adlace\u200b ")
    assert status == 200 and "You are Bea Lovelace." in body
    assert list(students(classroom)) == ["Bea Lovelace"]


# --- 2. joins: a burst of new names is slowed, per address and in all -------------------------
def test_a_burst_of_new_names_from_one_address_is_refused_saying_so(classroom):
    refused = None
    started = time.monotonic()
    for n in range(200):  # bounded: a script with the join code makes names as fast as it can
        status, body = Browser(classroom).post("/quiz/join", name=f"Bot {n}")
        if "Many new names were just given from this address" in words(body):
            refused = n
            break
    elapsed = time.monotonic() - started
    assert refused is not None, "200 new names from one address were all taken"
    from rummy_teach.classroom.student import JOIN_ADDRESS_BURST, JOIN_ADDRESS_PER_SECOND
    # the allowance comes back while the burst is sent: a slow machine earns a few more names
    allowed = JOIN_ADDRESS_BURST + int(elapsed * JOIN_ADDRESS_PER_SECOND) + 1
    assert JOIN_ADDRESS_BURST <= len(students(classroom)) == refused <= allowed, elapsed
    # another address is still welcome
    status, body = Browser(classroom, "127.0.0.2").post("/quiz/join", name="Cleo")
    assert "You are Cleo." in body


def test_a_burst_of_new_names_from_many_addresses_is_refused_saying_so(classroom):
    refused = None
    for n in range(400):  # 20 addresses, at most 20 names each: under each address's limit
        address = f"127.0.0.{10 + n % 20}"
        status, body = Browser(classroom, address).post("/quiz/join", name=f"Bot {n}")
        if "Many students are joining at this moment" in words(body):
            refused = n
            break
    assert refused is not None, "400 new names in one burst were all taken"
    assert 120 <= len(students(classroom)) == refused


# --- 3. rejoin codes: counted per name and per address, whatever the browser ----------------
def test_new_browsers_do_not_give_new_tries_at_a_classmate_rejoin_code(classroom):
    Browser(classroom, "127.0.0.3").post("/quiz/join", name="Ada")
    code = students(classroom)["Ada"].rejoin_code
    wrong = "000000" if code != "000000" else "111111"
    locked_at = None
    for n in range(40):  # each guess from a new browser (a new cookie)
        status, body = Browser(classroom).post("/quiz/rejoin", name="Ada", code=wrong)
        if "Too many wrong codes" in words(body):
            locked_at = n
            break
    assert locked_at is not None and locked_at <= 5
    status, body = Browser(classroom).post("/quiz/rejoin", name="Ada", code=code)
    assert "Too many wrong codes" in words(body) and "Welcome back" not in body


def test_one_address_cannot_guess_across_many_names(classroom):
    from rummy_teach.classroom.student import REJOIN_ADDRESS_TRIES, REJOIN_TRIES
    kids = REJOIN_ADDRESS_TRIES // (REJOIN_TRIES - 1) + 1
    for n in range(kids):
        Browser(classroom, "127.0.0.4").post("/quiz/join", name=f"Kid {n}")
    said = ""
    for n in range(kids):  # 4 tries at each name: under each name's limit, over the address's
        for _ in range(REJOIN_TRIES - 1):
            _, body = Browser(classroom, "127.0.0.5").post("/quiz/rejoin", name=f"Kid {n}",
                                                           code="999999x")
            said += words(body)
    assert "Too many wrong rejoin codes from this address" in said


# --- 4. the teacher corrects the class list --------------------------------------------------
def test_the_teacher_renames_merges_resets_and_removes_students(classroom):
    ada, ada2, bob = Browser(classroom), Browser(classroom), Browser(classroom)
    ada.post("/quiz/join", name="Ada")
    ada.post("/quiz/answer", question="q1", text=RIGHT["q1"])
    ada2.post("/quiz/join", name="Ada L")     # the same girl, from another device
    ada2.post("/quiz/answer", question="q1", text="3")
    bob.post("/quiz/join", name="Bobb")
    people = students(classroom)
    status, page = teacher(classroom, "/teacher/students")
    assert status == 200 and all(name in page for name in ("Ada", "Ada L", "Bobb"))
    assert "Rename" in page and "Merge into" in page and "Remove" in page

    status, page = teacher(classroom, "/teacher/students", action="rename",
                           student=people["Bobb"].student_id, name="Bob")
    assert status == 200 and "The student is now called Bob." in page
    status, page = teacher(classroom, "/teacher/students", action="rename",
                           student=people["Bobb"].student_id, name="\u0410da")  # looks like Ada
    assert status == 409 and "That name is taken" in page
    status, page = teacher(classroom, "/teacher/students", action="merge",
                           student=people["Ada L"].student_id, into=people["Ada"].student_id)
    assert status == 200 and "The two entries are one now: Ada." in page
    status, page = teacher(classroom, "/teacher/students", action="code",
                           student=people["Ada"].student_id)
    now = students(classroom)
    assert status == 200 and now["Ada"].rejoin_code != people["Ada"].rejoin_code
    assert f"Ada has a new rejoin code: {now['Ada'].rejoin_code}." in page
    assert sorted(now) == ["Ada", "Bob"]
    assert sorted(a.student_name for a in answers(classroom)) == ["Ada", "Ada"]
    # the merged browser is a newcomer again; the renamed one goes on under the new name
    assert 'name="name"' in ada2.get(f"/quiz?join={JOIN}")[1]
    assert "Welcome back, Bob" in bob.get(f"/quiz?join={JOIN}")[1]

    status, page = teacher(classroom, "/teacher/students", action="remove",
                           student=now["Ada"].student_id)
    assert status == 200 and "removed, with their 2 answers" in page
    assert list(students(classroom)) == ["Bob"] and answers(classroom) == []
    assert ada.post("/quiz/answer", question="q2", text=RIGHT["q2"])[0] == 403  # no longer in


def test_the_teacher_pages_refuse_corrections_without_the_token(classroom):
    Browser(classroom).post("/quiz/join", name="Ada")
    data = urllib.parse.urlencode({"action": "remove", "session": "s1",
                                   "student": students(classroom)["Ada"].student_id}).encode()
    try:
        urllib.request.urlopen(urllib.request.Request(f"{classroom.base}/teacher/students",
                                                      data=data), timeout=60)
        status = 200
    except urllib.error.HTTPError as error:
        status = error.code
    assert status == 403 and list(students(classroom)) == ["Ada"]


# --- 5. the database's identity before every acknowledged write -------------------------------
@pytest.mark.parametrize("accident", ["deleted", "replaced"])
def test_an_answer_is_never_acknowledged_into_a_file_deleted_or_replaced(classroom, accident):
    ada = Browser(classroom)
    ada.post("/quiz/join", name="Ada")
    db = classroom.home / "r.db"
    if accident == "deleted":
        for path in (db, db.with_name("r.db-wal"), db.with_name("r.db-shm")):
            path.unlink(missing_ok=True)
    else:
        copy = db.with_name("copy.db")
        sqlite3.connect(db).execute(f"VACUUM INTO '{copy}'").connection.close()
        for path in (db.with_name("r.db-wal"), db.with_name("r.db-shm")):
            path.unlink(missing_ok=True)
        os.replace(copy, db)  # the same path, another file (a copy put back)
    status, body = ada.post("/quiz/answer", question="q1", text=RIGHT["q1"])
    text = words(body)
    assert "Your answer was NOT saved" in text and '<div class="rt-feedback' not in text, text[-800:]
    status, page = teacher(classroom, "/teacher/dashboard")
    assert "ANSWERS ARE NOT BEING SAVED" in page and f"was {accident}" in page
    wait_for(lambda: f"r.db was {accident}" in classroom.output(),
             "the log says the database is gone")
    if accident == "replaced":
        assert answers(classroom) == []  # nothing went into the file now at the path


def test_a_class_is_not_resumed_over_a_new_empty_database(tmp_path):
    home = tmp_path / "class"
    server = start(home)
    try:
        Browser(server).post("/quiz/join", name="Ada")
    finally:
        server.stop()
    (home / "r.db").unlink()  # deleted while the class was stopped (or running)
    for suffix in ("-wal", "-shm"):
        (home / f"r.db{suffix}").unlink(missing_ok=True)
    done = subprocess.run([*server.argv, "--no-serve"], capture_output=True, text=True,
                          cwd=home, timeout=120)
    said = done.stdout + done.stderr
    assert done.returncode == 2 and "is not the one this class wrote to" in said, said
    assert " - resumed" not in said  # the start line of a class resumed


# --- 6. an integrity check at start -----------------------------------------------------------
def test_a_damaged_database_is_refused_at_start(tmp_path):
    from rummy_teach.classroom import open_store
    db = tmp_path / "r.db"
    with open_store(str(db)) as store:
        for n in range(3000):
            store.record(session="s0", student_id=f"s{n % 30}", student_name=f"Kid {n % 30}",
                         quiz="Identity", question_id=f"q{n % 7}", rule="r",
                         given="x" * 40, outcome=n % 2 == 0)
    connection = sqlite3.connect(db)
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    size, page = db.stat().st_size, 4096
    middle = (size // page // 2) * page
    with open(db, "r+b") as damaged:  # one page in the middle of the answers overwritten
        damaged.seek(middle)
        damaged.write(b"\x0d" + b"\xff" * (page - 1))
    (tmp_path / "quiz.json").write_text(json.dumps(QUIZ))
    done = subprocess.run([sys.executable, "-m", "rummy_teach.cli", "classroom", "--no-serve",
                           "--quiz", str(tmp_path / "quiz.json"), "--db", str(db),
                           "--run-dir", str(tmp_path / "run")],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    said = done.stdout + done.stderr
    assert done.returncode == 2 and "is damaged" in said and "nothing was written" in said, said
    assert "Traceback" not in said


# --- 7. a PostgreSQL outage: the "not saved" page, never a 500, no secret in the log -------------
def test_a_postgresql_outage_is_the_not_saved_page_and_nothing_secret_is_logged(tmp_path):
    from test_classroom_postgres import STUDENT_PASSWORD, PostgresServer, postgres_bindir
    bindir = postgres_bindir()
    if bindir is None:
        pytest.skip("no PostgreSQL server binaries (apt-get install -y postgresql)")
    postgres = PostgresServer(bindir)
    server = None
    try:
        postgres.start()
        _, url = postgres.ready_database()
        server = start(tmp_path / "class", db=url)
        ada = Browser(server)
        ada.post("/quiz/join", name="Ada")
        assert ada.post("/quiz/answer", question="q1", text=RIGHT["q1"])[0] == 200
        postgres.stop()
        try:
            status, body = ada.post("/quiz/answer", question="q2", text=RIGHT["q2"])
            assert status == 503 and "could not be saved" in words(body), body[-600:]
            assert "Press Submit again" in words(body)
            status, body = ada.get(f"/quiz?join={JOIN}")
            assert status == 503 and "cannot be kept just now" in words(body)
            bea = Browser(server, opened=503)  # a newcomer: the class cannot check names now
            assert "cannot be kept just now" in words(bea.first)
            status, body = bea.post("/quiz/join", name="Bea")  # the name form, saying why
            assert status != 500 and "cannot be kept just now" in words(body)
            status, page = teacher(server, "/teacher/dashboard")
            assert status == 503 and "cannot be read just now" in page
        finally:
            postgres.start()
        status, body = ada.post("/quiz/answer", question="q2", text=RIGHT["q2"])
        assert status == 200 and "could not be saved" not in words(body)
        server.stop()
        log = server.output().split("press Ctrl+C to stop the class")[1]  # after the links
        assert TOKEN not in log and STUDENT_PASSWORD not in log and " 500 " not in log
        from rummy_teach.classroom import open_store
        with open_store(url, create=False) as store:
            assert [a.question_id for a in store.answers(session="s1")] == ["q1", "q2"]
    finally:
        if server is not None:
            server.stop()
        try:
            postgres.stop()
        except RuntimeError:
            pass
        postgres.cleanup()


# --- 8. the same corrections from the command line, after the class ---------------------------
def test_the_students_command_lists_renames_merges_resets_and_removes(tmp_path):
    from rummy_teach.classroom.keys import token_digest
    from rummy_teach.classroom.desk import QuizDesk
    db = tmp_path / "r.db"
    desk = QuizDesk({"quiz": "basic", "quiz_name": "basic", "title": "T", "db": str(db),
                     "session": "s1", "token_sha256": token_digest("t"), "attempts": 1})
    ada = desk.join("a" * 64, "Ada").student
    twice = desk.join("b" * 64, "Ada L").student
    bob = desk.join("c" * 64, "Bobb").student
    desk.close()

    def cli(*argv):
        done = subprocess.run([sys.executable, "-m", "rummy_teach.cli", "students", "--db",
                               str(db), "--session", "s1", *argv], capture_output=True,
                              text=True, cwd=tmp_path, timeout=120)
        return done.returncode, done.stdout + done.stderr

    code, out = cli()
    assert code == 0 and ada.student_id in out and "Ada L" in out and ada.rejoin_code in out
    assert cli("rename", bob.student_id, "\u0410da")[0] == 2  # a look-alike of Ada
    assert cli("rename", bob.student_id, "Bob") == (0, "The student is now called Bob.\n")
    assert cli("merge", twice.student_id, ada.student_id) == (0, "The two entries are one now: Ada.\n")
    code, out = cli("new-code", ada.student_id)
    assert code == 0 and out.startswith("Ada has a new rejoin code:")
    assert cli("remove", bob.student_id) == (0, "The student was removed, with their 0 answers.\n")
    assert sorted(students(None, db)) == ["Ada"]
    code, out = cli("remove")
    assert code == 2 and "give the student's id" in out
    code, out = cli("remove", "no-such-id")
    assert code == 2 and "no longer in the class" in out
    assert not (tmp_path / "new.db").exists()
    code, out = subprocess.run([sys.executable, "-m", "rummy_teach.cli", "students", "--db",
                                str(tmp_path / "new.db"), "--session", "s1"], capture_output=True,
                               text=True, cwd=tmp_path, timeout=120).returncode, ""
    assert code == 2 and not (tmp_path / "new.db").exists()  # no empty file made
