"""``rummy-teach classroom`` as a real server: students in a real browser, the db, the report.

One classroom (module scope) is started from the command line in a subprocess, on a
copy of the sample quiz file ``first-week.json`` with no ``--db``: the results go to
``first-week-results.db`` next to it.
"""

import html
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from browser import CommandServer, RecordedPage, free_port

from rummy_teach.classroom import open_store
from rummy_teach.quiz import Quiz

browser = pytest.mark.browser

TOKEN = "teacher-secret-42"
SESSION = "test-class"
JOIN = "K7P4QX"
LOAD_MS = 120_000  # a page runs its kernel first; test machines are shared
UPDATE_MS = 15_000
SAMPLE = Path(__file__).resolve().parents[1] / "rummy_teach" / "quiz" / "samples" / "first-week.json"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    home = tmp_path_factory.mktemp("classroom")
    quiz_file = home / "first-week.json"
    shutil.copy(SAMPLE, quiz_file)
    port = free_port()
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--kernels", "--quiz", str(quiz_file),
            "--host", "127.0.0.1", "--port", str(port), "--students", "3", "--token", TOKEN,
            "--session", SESSION, "--join-code", JOIN, "--same-order", "--run-dir", str(home / "run")]
    server = CommandServer(argv, root=home, port=port, ready_path="/voila/static/voila.js",
                           name="classroom").start()
    server.home = home
    server.quiz = Quiz.from_file(quiz_file)
    server.db = home / "first-week-results.db"
    server.student_url = f"{server.base}/?join={JOIN}"
    server.report_url = f"{server.base}/voila/render/report.ipynb"
    yield server
    server.stop()


def answers_in_db(classroom, **filters):
    with open_store(str(classroom.db), create=False) as store:
        return store.answers(session=SESSION, **filters)


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


class Wire:
    """Everything a page receives: HTTP response bodies and websocket frames, in order."""

    def __init__(self, recorded: RecordedPage):
        self.chunks: list[str] = []
        self.kernel_ids: list[str] = []
        page = recorded.page
        page.on("response", self._response)
        page.on("websocket", self._websocket)

    def _response(self, response):
        try:
            self.chunks.append(response.body().decode("utf-8", "replace"))
        except Exception:  # redirects and aborted requests have no body
            pass

    def _websocket(self, socket):
        match = re.search(r"/api/kernels/([0-9a-f-]{36})/channels", socket.url)
        if match:
            self.kernel_ids.append(match.group(1))
        socket.on("framereceived", lambda payload: self.chunks.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))

    def text(self) -> str:
        """All of it, with JSON \\u escapes and HTML entities decoded."""
        raw = "\n".join(self.chunks)
        raw = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), raw)
        return html.unescape(raw.replace("\\n", "\n").replace('\\"', '"'))


def secrets(question) -> list[str]:
    """Lines that give the answer away and are not part of what the browser may see."""
    public = json.dumps(question.to_public(), ensure_ascii=False)
    lines = question.check(question.answer_input).explanation.splitlines()
    return [line for line in lines if len(line) > 3 and line not in public]


def quiz_widget(page):
    return page.locator(".rt-quiz-widget")


def start_as(page, url, name):
    page.goto(url, wait_until="commit", timeout=LOAD_MS)  # the page streams while its kernel runs
    box = page.get_by_placeholder("your name")
    box.wait_for(timeout=LOAD_MS)
    box.fill(name)
    box.press("Enter")
    quiz_widget(page).wait_for(timeout=UPDATE_MS)


def choose_and_submit(page, option, verdict):
    quiz_widget(page).get_by_role("button", name=option, exact=True).click()
    page.get_by_role("button", name="Submit").click()
    page.locator(".rt-feedback").get_by_text(verdict).wait_for(timeout=UPDATE_MS)


def next_question(page, prompt_part):
    page.get_by_role("button", name="Next question").click()
    page.get_by_text(prompt_part).first.wait_for(timeout=UPDATE_MS)


@browser
def test_startup_message_names_the_addresses_and_the_db(classroom):
    out = classroom.output()
    assert f"students open:   {classroom.base}/  and type the join code {JOIN}" in out
    assert f"teacher report:  {classroom.report_url}?token={TOKEN}" in out
    assert f"results saved to {classroom.db}" in out
    assert classroom.db.exists()


@browser
def test_a_student_takes_the_quiz_and_the_teacher_sees_it(classroom, chromium):
    context = chromium.new_context(viewport={"width": 1100, "height": 900})
    student = RecordedPage(context)
    wire = Wire(student)
    page = student.page
    start_as(page, classroom.student_url, "Ada Lovelace")
    quiz = classroom.quiz
    before = wire.text()
    for question in quiz:  # nothing reached the browser from which an answer follows
        for secret in secrets(question):
            assert secret not in before, f"{secret!r} was sent before any answer"
    assert "student_page" not in before and "Traceback" not in before  # sources stripped

    choose_and_submit(page, "set", "Right!")                      # w1-set, right
    next_question(page, "is this a legal meld?")
    choose_and_submit(page, "run", "Not quite.")                  # w1-queen-king-ace, wrong
    assert "the ace is low only" in page.locator(".rt-feedback").inner_text()
    student.shot("classroom_student_wrong", full_page=True)
    after = wire.text()
    assert "A set of 3 nines." in after  # the search does find what was sent after Submit
    shown = set(secrets(quiz[0]) + secrets(quiz[1]))  # general tips the answered ones share
    for question in list(quiz)[2:]:
        for secret in secrets(question):
            if secret not in shown:
                assert secret not in after, f"{secret!r} of an unanswered question was sent"
    assert student.outside == []  # not even Voilà's Font Awesome link

    rows = answers_in_db(classroom)
    ada = [r for r in rows if r.student_name == "Ada Lovelace"]
    assert [(r.question_id, r.outcome, r.given) for r in ada] == [
        ("w1-set", "right", "set"), ("w1-queen-king-ace", "wrong", "run")]

    teacher = RecordedPage(chromium.new_context(viewport={"width": 1200, "height": 1000}))
    teacher.page.goto(f"{classroom.report_url}?token={TOKEN}")
    report = teacher.page.locator(".rummy-report")
    report.wait_for(timeout=LOAD_MS)
    text = report.inner_text()
    assert "Ada Lovelace" in text and "w1-queen-king-ace" in text and "w1-set" in text
    assert "Most missed" in text and "ace" in text  # with the rule it tests
    assert teacher.page.locator(".rummy-report svg").count() >= 1  # the chart
    csv_href = teacher.page.locator("a.rt-answers").get_attribute("href")
    assert "w1-queen-king-ace" in get(classroom.base + csv_href)[1]  # a link, not a data URI
    assert "rummy-teach report --db" in teacher.page.locator("body").inner_text()
    teacher.shot("classroom_teacher_report", full_page=True)

    # live: the student answers once more; the report follows by itself (timer)
    next_question(page, "is this a legal meld?")
    choose_and_submit(page, "run", "Right!")
    teacher.page.wait_for_function(
        "() => document.querySelector('.rt-updated').innerText.startsWith('3 answers')",
        timeout=UPDATE_MS)
    assert "w1-same-cards-in-500" in teacher.page.locator(".rummy-report").inner_text()
    assert teacher.outside == []
    context.close()
    teacher.page.context.close()


@browser
@pytest.mark.parametrize("query", ["", "?token=", "?token=wrong", f"?token={TOKEN}x",
                                   f"?tok={TOKEN}"])
def test_the_report_refuses_a_missing_or_wrong_token(classroom, browser_page, query):
    page = browser_page.page
    page.goto(classroom.report_url + query)
    page.get_by_text("access refused").wait_for(timeout=LOAD_MS)
    assert page.locator(".rummy-report").count() == 0
    body = page.locator("body").inner_text()
    assert "Ada" not in body and "w1-" not in body and "Most missed" not in body


@browser
def test_only_the_classroom_pages_are_served(classroom):
    assert get(classroom.report_url)[0] == 403  # "access refused", tested above
    run = classroom.home / "run"
    for path in ["/tree", "/tree/", "/api/contents", "/api/contents/first-week-results.db",
                 "/voila/tree", "/voila/tree/", "/voila/api/contents", "/voila/api/contents/",
                 "/voila/files/first-week-results.db", "/voila/files/quiz.ipynb",
                 "/voila/files/../config.json", "/voila/render/../config.json",
                 "/voila/render/other.ipynb", "/files/first-week-results.db",
                 "/first-week-results.db", "/api/kernels", "/api/sessions", "/lab",
                 "/notebooks/quiz.ipynb", "/api/terminals",
                 "/voila/static/../../../../etc/passwd", "/voila/static/%2e%2e/app.py"]:
        status, body = get(classroom.base + path)
        assert status == 404 or status == 403 or status == 400, (path, status)
        assert "first-week" not in body and "token_sha256" not in body, path
        assert "quiz.ipynb" not in body or path == "/notebooks/quiz.ipynb", path
    assert (run / "config.json").exists() and not (run / "pages" / "config.json").exists()
    status, body = get(classroom.base + "/")
    assert status == 200 and "first-week-results" not in body  # redirected to the quiz page


def kernel_pid(kernel_id: str) -> int:
    out = subprocess.run(["ps", "-ww", "-eo", "pid=,args="], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if f"kernel-{kernel_id}.json" in line:
            return int(line.split()[0])
    raise AssertionError(f"no process for kernel {kernel_id}")


@browser
def test_killing_a_student_kernel_loses_no_submitted_answer(classroom, chromium):
    recorded = RecordedPage(chromium.new_context())
    wire = Wire(recorded)
    page = recorded.page
    start_as(page, classroom.student_url, "Bob")
    choose_and_submit(page, "not a meld", "Not quite.")           # w1-set: wrong
    next_question(page, "is this a legal meld?")
    choose_and_submit(page, "not a meld", "Right!")               # w1-queen-king-ace: right
    assert wire.kernel_ids, "the page opened no kernel websocket"
    pid = kernel_pid(wire.kernel_ids[-1])
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    bob = [(r.question_id, r.outcome) for r in answers_in_db(classroom) if r.student_name == "Bob"]
    assert bob == [("w1-set", "wrong"), ("w1-queen-king-ace", "right")]
    # the class goes on: a new student gets a working page from the server
    other = RecordedPage(chromium.new_context())
    start_as(other.page, classroom.student_url, "Cleo")
    choose_and_submit(other.page, "set", "Right!")
    assert any(r.student_name == "Cleo" for r in answers_in_db(classroom))
    recorded.page.context.close()
    other.page.context.close()


# --- without a server: the command's preparation and the pages' Python ----------------------

def run_cli(*argv, cwd=None):
    return subprocess.run([sys.executable, "-m", "rummy_teach.cli", *argv], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def test_no_serve_writes_only_the_pages_and_a_private_config(tmp_path):
    done = run_cli("classroom", "--quiz", "500", "--no-serve", "--run-dir", str(tmp_path / "run"),
                   "--token", "abc-teacher-token-1", "--session", "s1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    pages = sorted(p.name for p in (tmp_path / "run" / "pages").iterdir())
    assert pages == ["quiz.ipynb", "report.ipynb"]
    config = json.loads((tmp_path / "run" / "config.json").read_text())
    assert config["db"] == str(tmp_path / "rummy-results.db") and (tmp_path / "rummy-results.db").exists()
    assert config["quiz"] == "500" and config["session"] == "s1"
    assert "abc-teacher-token-1" not in json.dumps(config)  # only the token's hash is kept
    assert oct((tmp_path / "run" / "config.json").stat().st_mode & 0o777) == "0o600"


def test_a_broken_quiz_file_stops_the_command_with_a_clear_message(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"questions": [{"kind": "meld", "cards": "QX KH"}]}')
    done = run_cli("classroom", "--quiz", str(bad), "--no-serve", cwd=tmp_path)
    assert done.returncode == 2
    assert "bad.json" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "bad-results.db").exists()


def make_config(tmp_path, token="t0ken"):
    from rummy_teach.classroom.keys import token_digest
    return {"quiz": "basic", "quiz_name": "basic", "title": "T", "db": str(tmp_path / "r.db"),
            "session": "s", "token_sha256": token_digest(token), "shuffle": False}


def test_student_app_records_every_submitted_answer(tmp_path):
    from rummy_teach.quiz.words import decode
    from rummy_teach.classroom.app import StudentApp
    app = StudentApp(make_config(tmp_path))
    app.start("   ")
    assert app.quiz_widget is None and "name first" in app.message.value
    app.start("  Ada   L ")
    quiz = app.quiz_widget
    quiz.submit("")                       # unreadable: recorded, not counted
    quiz.submit(app.quiz[0].answer_input)
    rows = answers_in_db_at(tmp_path / "r.db")
    assert [(r.student_name, r.outcome) for r in rows] == [("Ada L", "unreadable"), ("Ada L", "right")]
    # stored language-neutral (a code), said in whatever language reads it back
    assert rows[1].rule == app.quiz[0].rule_key != app.quiz[0].rule
    assert str(decode(rows[1].rule)) == app.quiz[0].rule


def answers_in_db_at(path):
    with open_store(str(path), create=False) as store:
        return store.answers()


def test_a_broken_database_is_told_to_the_student_and_nothing_counts(tmp_path):
    from rummy_teach.classroom.app import StudentApp
    config = make_config(tmp_path)
    config["db"] = str(tmp_path / "missing-dir" / "r.db")
    app = StudentApp(config)
    app.start("Ada")
    assert app.quiz_widget is None  # told before the first question, not after an answer
    assert "cannot be kept just now" in app.message.value


@pytest.mark.parametrize("query,shown", [("token=t0ken", True), ("", False), ("token=", False),
                                         ("token=T0KEN", False), ("x=1&token=t0ken", True),
                                         ("token=t0ken%20", False)])
def test_the_report_needs_the_exact_token(tmp_path, query, shown):
    from rummy_teach.classroom.app import teacher_page
    config = make_config(tmp_path)
    with open_store(config["db"]):
        pass
    report = teacher_page(config, query=query)
    assert (report is not None) == shown
    if shown:
        assert "rummy-report" in report.report_html.value and "0 answers" in report.updated.value


@browser
def test_a_class_with_results_in_postgresql(tmp_path, chromium):
    from test_classroom_postgres import STUDENT_PASSWORD, PostgresServer, _bindir
    bindir = _bindir()
    if bindir is None:
        pytest.skip("no PostgreSQL server binaries (apt-get install -y postgresql)")
    postgres = PostgresServer(bindir)
    postgres.start()
    server = None
    try:
        # made by `rummy-teach db init`; the classroom writes as the least-privilege student
        # role. The test server trusts local connections, so the password is not checked;
        # it must still never be shown (banner, report page)
        url = postgres.ready_database()[1]
        port = free_port()
        server = CommandServer(
            [sys.executable, "-m", "rummy_teach.cli", "classroom", "--quiz", "basic", "--host",
             "127.0.0.1", "--port", str(port), "--students", "1", "--token", TOKEN, "--session",
             SESSION, "--db", url, "--join-code", JOIN, "--same-order",
             "--run-dir", str(tmp_path / "run")],
            root=tmp_path, port=port, ready_path="/voila/static/voila.js", name="classroom-pg").start()
        shown = url.replace(STUDENT_PASSWORD, "***")
        assert f"results saved to {shown}" in server.output()
        assert STUDENT_PASSWORD not in server.output()
        from test_classroom_chromium import choose_and_submit as choose, join
        recorded = RecordedPage(chromium.new_context())  # the default page: no kernel
        join(recorded.page, f"{server.base}/?join={JOIN}", "Dana")
        choose(recorded.page, "set", "Right!")                   # basic-eights
        recorded.page.context.close()
        with open_store(url, create=False) as store:
            rows = store.answers(session=SESSION)
        assert [(r.student_name, r.question_id, r.outcome) for r in rows] == [
            ("Dana", "basic-eights", "right")]
        status, body = get(f"{server.base}/voila/render/report.ipynb?token={TOKEN}")
        assert status == 200 and "Dana" in body and "***" in body and STUDENT_PASSWORD not in body
    finally:
        if server:
            server.stop()
        postgres.stop()
        postgres.cleanup()
