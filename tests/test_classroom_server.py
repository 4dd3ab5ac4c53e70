"""``rummy-teach classroom`` as a real server: its banner, its report's door, what it serves.

One classroom (module scope) is started from the command line in a subprocess, on a
copy of the sample quiz file ``first-week.json`` with no ``--db``: the results go to
``first-week-results.db`` next to it. (A class answering in Chromium:
tests/test_classroom_chromium.py; a lesson with a kernel each: test_classroom_notebook.py.)
"""

import json
import shutil
import subprocess
import sys
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
LOAD_MS = 120_000  # test machines are shared
SAMPLE = Path(__file__).resolve().parents[1] / "rummy_teach" / "quiz" / "samples" / "first-week.json"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    home = tmp_path_factory.mktemp("classroom")
    quiz_file = home / "first-week.json"
    shutil.copy(SAMPLE, quiz_file)
    port = free_port()
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--quiz", str(quiz_file),
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


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


@browser
def test_startup_message_names_the_addresses_and_the_db(classroom):
    out = classroom.output()
    assert f"students open:   {classroom.base}/  and type the join code {JOIN}" in out
    assert f"teacher report:  {classroom.report_url}?token={TOKEN}" in out
    assert f"results saved to {classroom.db}" in out
    assert classroom.db.exists()


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


# --- without a server: the command's preparation ----------------------------------------------

def run_cli(*argv, cwd=None):
    return subprocess.run([sys.executable, "-m", "rummy_teach.cli", *argv], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def test_no_serve_writes_only_a_private_config(tmp_path):
    done = run_cli("classroom", "--quiz", "500", "--no-serve", "--run-dir", str(tmp_path / "run"),
                   "--token", "abc-teacher-token-1", "--session", "s1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    pages = sorted(p.name for p in (tmp_path / "run" / "pages").iterdir())
    assert pages == []  # the pages are the server's own; a lesson (--notebook) would be here
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


@pytest.mark.parametrize("token,shown", [("t0ken-of-the-teacher", True), ("", False),
                                         (None, False), ("T0KEN-OF-THE-TEACHER", False),
                                         ("t0ken-of-the-teacher ", False)])
def test_the_teachers_pages_need_the_exact_token(token, shown):
    from rummy_teach.classroom.keys import token_digest, token_ok

    class Config:
        token_sha256 = token_digest("t0ken-of-the-teacher")
    assert token_ok(token, Config()) is shown


@browser
def test_a_class_with_results_in_postgresql(tmp_path, chromium):
    from test_classroom_postgres import STUDENT_PASSWORD, PostgresServer, postgres_bindir
    bindir = postgres_bindir()
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
