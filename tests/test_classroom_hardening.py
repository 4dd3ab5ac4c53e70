"""The real classroom on loopback against one careless or hostile client (issue 28, point 4).

One ``rummy-teach classroom`` (the default page, no kernels) is started from its command
line with its token in a file (``--token-file``), the join code typed in lower case
(``--join-code abc1``) and a quiz file whose first question id starts a spreadsheet
formula. Requests are real HTTP (``urllib``) or raw sockets where a client misbehaves
below HTTP: a body past the limit, sockets left open, idle or many at once.
Commands that must refuse to start run with ``--no-serve``.
"""

import csv
import hashlib
import base64
import io
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import http.cookiejar

import pytest

from browser import CommandServer, free_port

TOKEN = "hardening-teacher-token-42"
JOIN_TYPED = "abc1"
FORMULA_ID = '=HYPERLINK("http://x.example","y")'
QUIZ = {"title": "Hardening", "questions": [
    {"id": FORMULA_ID, "kind": "meld", "cards": "8S 8H 8D"},
    {"id": "q2", "kind": "points", "cards": "KS 9H"}]}
CAP = 64  # rummy-teach classroom --connections-per-address, by default

# one classroom server for the module: make test runs these in its serve lane
pytestmark = pytest.mark.server


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    home = tmp_path_factory.mktemp("hardening")
    (home / "quiz.json").write_text(json.dumps(QUIZ))
    (home / "token.txt").write_text(TOKEN + "\n")
    port = free_port()
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--quiz", str(home / "quiz.json"),
            "--host", "127.0.0.1", "--port", str(port), "--token-file", str(home / "token.txt"),
            "--session", "s1", "--join-code", JOIN_TYPED, "--same-order",
            "--run-dir", str(home / "run"), "--db", str(home / "r.db")]
    server = CommandServer(argv, root=home, port=port, ready_path="/", name="classroom-hard").start()
    server.home = home
    yield server
    server.stop()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def fetch(url, data=None, headers=None, opener=None, follow=True):
    """(status, headers, body) of one request."""
    opener = opener or urllib.request.build_opener(*(() if follow else (NoRedirect,)))
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with opener.open(request, timeout=60) as reply:
            return reply.status, reply.headers, reply.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode("utf-8", "replace")


def wait_for(condition, what: str, seconds: float = 60):
    """Until ``condition()`` holds; the bound only limits how long a failure takes."""
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"never happened in {seconds} s: {what}")
        time.sleep(0.05)


def raw_reply(sock, limit=1 << 20) -> bytes:
    """What the server sends on ``sock`` until it closes it (at most ``limit`` bytes)."""
    data = b""
    while len(data) < limit:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        data += chunk
    return data


def student(classroom):
    """A browser that has opened the class with the join code (its seat cookie)."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    status, _, _ = fetch(f"{classroom.base}/quiz?join={JOIN_TYPED}", opener=opener)
    assert status == 200
    return opener


def students_in_db(classroom) -> list[str]:
    from rummy_teach.classroom import open_store
    with open_store(str(classroom.home / "r.db"), create=False) as store:
        return [s.name for s in store.students("s1")]


# --- 1. what one client may take: body, idle sockets, connections ------------------------------
def test_a_body_past_the_limit_is_refused_from_its_headers_before_it_is_read(classroom):
    with socket.create_connection(("127.0.0.1", classroom.port), timeout=60) as sock:
        sock.sendall(b"POST /quiz/answer HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/x-www-form-urlencoded\r\n"
                     b"Content-Length: 99000000\r\n\r\n" + b"x" * 65536)
        reply = raw_reply(sock).decode("utf-8", "replace")
    assert reply.startswith("HTTP/1.1 413"), reply[:300]
    digits = re.sub(r"(?<=\d)[,.\u00a0\u202f](?=\d{3})", "", reply)  # 65,536 or 65536
    assert "99000000 bytes" in digits and "at most 65536 bytes" in digits
    assert fetch(classroom.base + "/")[0] == 200  # the class goes on


def test_a_small_answer_form_is_still_read(classroom):
    opener = student(classroom)
    status, _, body = fetch(f"{classroom.base}/quiz/join", opener=opener,
                            data=urllib.parse.urlencode({"name": "Bea", "pad": "x" * 30_000}).encode())
    assert status == 200 and "Bea" in body


@pytest.fixture(scope="module")
def quick_to_close(tmp_path_factory):
    """A second class that closes idle connections after 1 s (``--connection-idle-seconds``):
    the module's own class keeps the default 30 s, which its other tests' sockets and
    browsers rely on, and waiting those 30 s out took 30 s of the serve lane."""
    home = tmp_path_factory.mktemp("hardening-idle")
    port = free_port()
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--quiz", "basic",
            "--host", "127.0.0.1", "--port", str(port), "--token", TOKEN, "--session", "s1",
            "--join-code", JOIN_TYPED, "--run-dir", str(home / "run"), "--db", str(home / "r.db"),
            "--connection-idle-seconds", "1"]
    server = CommandServer(argv, root=home, port=port, ready_path="/", name="classroom-idle").start()
    yield server
    server.stop()


def test_an_idle_connection_is_closed_by_the_server(quick_to_close):
    # the socket's own timeout (20 s) is shorter than the default 30 s, so a server that
    # ignored the option, or kept idle connections for ever, fails here with a timeout
    with socket.create_connection(("127.0.0.1", quick_to_close.port), timeout=20) as sock:
        assert raw_reply(sock) == b""  # closed by the server (after 1 s), not by this timeout
    assert fetch(quick_to_close.base + "/")[0] == 200  # and the class goes on


def test_one_address_cannot_hold_every_connection(classroom):
    held = [socket.create_connection(("127.0.0.1", classroom.port), timeout=60) for _ in range(CAP)]
    try:
        status, _, body = fetch(classroom.base + "/")
        assert status == 503, body[:300]
        assert f"the classroom takes {CAP}" in body and "reload" in body
    finally:
        for sock in held:
            sock.close()
    # the server sees the sockets closed: the address is welcome again
    wait_for(lambda: fetch(classroom.base + "/")[0] == 200, "the address let in again")


# --- 2. /logout -----------------------------------------------------------------------------------
def test_logout_goes_back_to_the_class_front_page_not_an_error(classroom):
    status, headers, body = fetch(classroom.base + "/logout", follow=False)
    assert status in (302, 303) and headers["Location"] == "/", (status, body[:300])
    assert "Traceback" not in body
    status, _, body = fetch(classroom.base + "/logout")
    assert status == 200 and 'name="join"' in body


# --- 3. Content-Security-Policy on every page -----------------------------------------------------
def script_sources(policy: str) -> set[str]:
    return set(re.search(r"script-src ([^;]*)", policy).group(1).split())


@pytest.mark.parametrize("path", [
    "/voila/render/report.ipynb?token={token}", "/teacher/report?token={token}",
    "/teacher/dashboard?token={token}", "/teacher/sessions?token={token}",
    "/teacher/paper?token={token}", "/teacher/gradebook.csv?token={token}",
    "/teacher/answers.csv?token={token}", "/teacher/dashboard?token=wrong-token",
    "/", "/quiz", "/quiz?join={join}"])
def test_every_page_forbids_framing_and_runs_only_its_own_scripts(classroom, path):
    status, headers, body = fetch(classroom.base + path.format(token=TOKEN, join=JOIN_TYPED))
    policy = headers.get("Content-Security-Policy") or ""
    assert "frame-ancestors 'none'" in policy, (path, status, policy)
    assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
    allowed = script_sources(policy)
    for script in re.findall(r"<script[^>]*>(.*?)</script>", body, re.S):
        digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in allowed, (path, script[:80])


def test_the_projector_forbids_framing_too(classroom):
    config = json.loads((classroom.home / "run" / "config.json").read_text())
    _, headers, _ = fetch(f"{classroom.base}/projector/{config['projector_key']}")
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]


# --- 4. a post from another site ----------------------------------------------------------------
def join_as(classroom, name, headers):
    opener = student(classroom)
    return fetch(f"{classroom.base}/quiz/join", opener=opener, headers=headers,
                 data=urllib.parse.urlencode({"name": name}).encode())


@pytest.mark.parametrize("headers, words", [
    ({"Origin": "http://evil.example"}, "another site's page (http://evil.example)"),
    ({"Origin": "null"}, "does not say where it comes from"),
    ({"Referer": "http://evil.example/page"}, "another site's page (http://evil.example)"),
])
def test_a_post_from_another_site_is_refused_with_a_page_saying_so(classroom, headers, words):
    name = "Eve" + hashlib.sha256(repr(headers).encode()).hexdigest()[:6]
    status, _, body = join_as(classroom, name, headers)
    assert status == 403 and words in body.replace("&#x27;", "'"), body[-500:]
    assert "class's address" in body.replace("&#x27;", "'")
    assert name not in students_in_db(classroom)  # nothing taken


@pytest.mark.parametrize("headers", [
    {"Origin": "http://127.0.0.1:{port}"},
    {"Referer": "http://127.0.0.1:{port}/quiz?join=" + JOIN_TYPED},
    {},  # no browser's cross-site form: the signed seat guards it
])
def test_a_post_from_the_class_own_page_is_taken(classroom, headers):
    headers = {k: v.format(port=classroom.port) for k, v in headers.items()}
    name = "Ann" + hashlib.sha256(repr(headers).encode()).hexdigest()[:6]
    status, _, body = join_as(classroom, name, headers)
    assert status == 200 and name in body
    assert name in students_in_db(classroom)


def test_the_student_page_lets_the_browser_say_its_origin_on_its_own_posts(classroom):
    """Under "no-referrer" a browser's own form post says ``Origin: null``: the page asks for
    "same-origin" (header and meta), which keeps the address from every other site."""
    _, headers, body = fetch(f"{classroom.base}/quiz?join={JOIN_TYPED}")
    assert headers["Referrer-Policy"] == "same-origin"
    assert '<meta name="referrer" content="same-origin">' in body


# --- 5. every CSV cell, the header row too ------------------------------------------------------
def test_a_question_id_that_starts_a_formula_is_text_in_the_gradebook_header(classroom):
    status, _, text = fetch(f"{classroom.base}/teacher/gradebook.csv?token={TOKEN}")
    header = next(csv.reader(io.StringIO(text)))
    assert status == 200 and "'" + FORMULA_ID in header, header
    assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in header)


# --- 6. secrets -----------------------------------------------------------------------------------
def test_the_token_from_a_file_is_the_key_and_never_on_the_command_line(classroom):
    assert fetch(f"{classroom.base}/teacher/dashboard?token={TOKEN}")[0] == 200
    assert TOKEN not in " ".join(classroom.argv)


def test_a_token_in_an_address_is_never_written_to_the_log(classroom):
    guess = "a-wrong-guess-of-the-token-0123"
    assert fetch(f"{classroom.base}/teacher/dashboard?token={guess}")[0] == 403
    wait_for(lambda: "token=***" in classroom.output(), "the request's log line")  # after the reply
    log = classroom.output().split("press Ctrl+C to stop the class")[1]  # after the links
    assert "token=***" in log and guess not in log and TOKEN not in log


def run_cli(*argv, cwd, env=None):
    return subprocess.run([sys.executable, "-m", "rummy_teach.cli", "classroom", "--no-serve",
                           *argv], capture_output=True, text=True, cwd=cwd, timeout=120,
                          env={**os.environ, **(env or {})})


@pytest.mark.parametrize("db, secret", [
    ("postgresql:u:pw-s3cret@127.0.0.1:1/db", "pw-s3cret"),
    ("postgresql://u:p@ss:pw-s3cret@127.0.0.1:1/db", "ss:pw-s3cret"),
    ("postgresql://u:pw-s3cret@127.0.0.1:1/db", "pw-s3cret"),
    ("host=127.0.0.1 port=1 password=pw-s3cret dbname=results", "pw-s3cret"),
])
def test_a_database_password_is_never_printed_and_never_becomes_a_file(tmp_path, db, secret):
    done = run_cli("--db", db, "--run-dir", str(tmp_path / "run"), cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert secret not in done.stdout + done.stderr and "***" in done.stderr
    assert "Traceback" not in done.stderr
    assert [p.name for p in tmp_path.iterdir()] == []  # no SQLite file named after it, no run


def test_a_libpq_keyword_string_is_refused_with_the_url_form_to_use(tmp_path):
    done = run_cli("--db", "host=127.0.0.1 password=pw-s3cret dbname=r", cwd=tmp_path)
    assert done.returncode == 2 and "keyword string" in done.stderr
    assert "postgresql://user:password@host:port/database" in done.stderr


def test_a_short_token_is_refused_saying_what_is_accepted(tmp_path):
    done = run_cli("--token", "a", "--run-dir", str(tmp_path / "run"), cwd=tmp_path)
    assert done.returncode == 2 and "at least 16 characters" in done.stderr, done.stderr
    assert not (tmp_path / "run").exists()


def test_token_and_database_come_from_the_environment(tmp_path):
    done = run_cli("--run-dir", str(tmp_path / "run"), cwd=tmp_path,
                   env={"RUMMY_TEACH_TOKEN": TOKEN, "RUMMY_TEACH_DB": str(tmp_path / "env.db")})
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "run" / "secret.json").read_text())["token"] == TOKEN
    assert json.loads((tmp_path / "run" / "config.json").read_text())["db"] == str(tmp_path / "env.db")
    assert (tmp_path / "env.db").exists()


def test_the_database_comes_from_a_file(tmp_path):
    (tmp_path / "db.txt").write_text(str(tmp_path / "file.db") + "\n")
    done = run_cli("--db-file", str(tmp_path / "db.txt"), "--run-dir", str(tmp_path / "run"),
                   cwd=tmp_path)
    assert done.returncode == 0 and (tmp_path / "file.db").exists(), done.stderr


@pytest.mark.parametrize("content, words", [(None, "cannot read --token-file"),
                                            ("\n\n", "holds nothing")])
def test_an_unreadable_or_empty_token_file_is_a_clear_refusal(tmp_path, content, words):
    path = tmp_path / "token.txt"
    if content is not None:
        path.write_text(content)
    done = run_cli("--token-file", str(path), "--run-dir", str(tmp_path / "run"), cwd=tmp_path)
    assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr


# --- 7. join codes whatever their case ------------------------------------------------------------
@pytest.mark.parametrize("typed", ["abc1", "ABC1", " aBc1 "])
def test_the_join_code_opens_the_class_whatever_its_case(classroom, typed):
    status, _, body = fetch(f"{classroom.base}/quiz?join={urllib.parse.quote(typed)}")
    assert status == 200 and 'name="name"' in body


def test_a_join_code_nobody_could_type_is_refused(tmp_path):
    done = run_cli("--join-code", "a b", "--run-dir", str(tmp_path / "run"), cwd=tmp_path)
    assert done.returncode == 2 and "4 to 12 letters" in done.stderr


def test_the_report_reads_its_database_from_a_file_or_the_environment(tmp_path):
    from rummy_teach.classroom import open_store
    with open_store(tmp_path / "r.db") as store:
        store.record(session="s", student_id="a", student_name="Ana", quiz="q", question_id="q1",
                     rule="r", given="8S 8H 8D", outcome="right")
    (tmp_path / "db.txt").write_text(str(tmp_path / "r.db") + "\n")
    report = [sys.executable, "-m", "rummy_teach.cli", "report", "--csv"]
    env = {k: v for k, v in os.environ.items() if k != "RUMMY_TEACH_DB"}
    by_file = subprocess.run(report + ["--db-file", str(tmp_path / "db.txt")], capture_output=True,
                             text=True, timeout=120, env=env)
    by_env = subprocess.run(report, capture_output=True, text=True, timeout=120,
                            env={**env, "RUMMY_TEACH_DB": str(tmp_path / "r.db")})
    neither = subprocess.run(report, capture_output=True, text=True, timeout=120, env=env)
    assert by_file.returncode == by_env.returncode == 0 and "Ana" in by_file.stdout == by_env.stdout
    assert neither.returncode == 2 and "RUMMY_TEACH_DB" in neither.stderr


# --- what a real browser sends and runs (Chromium) ----------------------------------------------
def watched(context):
    """A page of ``context`` and the Content-Security-Policy complaints of its console."""
    page = context.new_page()
    complaints: list[str] = []
    page.on("console", lambda message: complaints.append(message.text)
            if "Content Security Policy" in message.text else None)
    return page, complaints


@pytest.mark.browser
@pytest.mark.parametrize("script", [True, False], ids=["with-script", "form-alone"])
def test_chromium_posting_from_the_class_page_is_taken_and_its_script_runs(classroom, chromium,
                                                                            script):
    """Chromium's own posts pass the Origin check, through the page's script (fetch) and
    as a plain form; the script, allowed by its hash, runs (the page does not navigate)."""
    context = chromium.new_context(java_script_enabled=script)
    try:
        page, complaints = watched(context)
        sent = []
        page.on("request", lambda request: sent.append(request.all_headers().get("origin"))
                if request.method == "POST" else None)
        page.goto(f"{classroom.base}/quiz?join={JOIN_TYPED}", timeout=60_000)
        name = "Chromium with script" if script else "Chromium form alone"
        box = page.get_by_placeholder("your name")
        box.fill(name)
        box.press("Enter")
        page.locator(".rt-score").wait_for(timeout=60_000)
        assert name in students_in_db(classroom)
        assert sent == [f"http://127.0.0.1:{classroom.port}"]  # not "null"
        assert page.url.endswith("/quiz/join") != script  # the script posted in the background
        assert complaints == []
    finally:
        context.close()


@pytest.mark.browser
def test_chromium_runs_the_dashboard_refresh_under_its_policy(classroom, chromium):
    context = chromium.new_context()
    try:
        page, complaints = watched(context)
        with page.expect_request(lambda request: "part=live" in request.url, timeout=60_000):
            page.goto(f"{classroom.base}/teacher/dashboard?token={TOKEN}", timeout=60_000)
        assert complaints == []
    finally:
        context.close()


def test_db_init_reads_the_owner_url_from_a_file(tmp_path):
    (tmp_path / "owner.txt").write_text(str(tmp_path / "init.db") + "\n")
    done = subprocess.run([sys.executable, "-m", "rummy_teach.cli", "db", "init", "--db-file",
                           str(tmp_path / "owner.txt")], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and (tmp_path / "init.db").exists(), done.stderr


@pytest.mark.parametrize("headers, foreign", [
    ({"Host": "school.example", "Origin": "https://school.example"}, False),
    ({"Host": "school.example:443", "Origin": "https://school.example"}, False),
    ({"Host": "SCHOOL.example:8866", "Origin": "http://school.example:8866"}, False),
    ({"Host": "127.0.0.1:8866", "X-Forwarded-Host": "school.example", "Origin": "https://school.example"}, False),
    ({"Host": "school.example", "Referer": "https://school.example/quiz?join=X"}, False),
    ({"Host": "school.example"}, False),
    ({"Host": "school.example", "Origin": "https://school.example.evil"}, True),
    ({"Host": "school.example:8866", "Origin": "http://school.example:8867"}, True),
    ({"Host": "school.example", "Origin": "file://"}, True),
    ({"Host": "school.example", "Origin": "null", "Referer": "https://school.example/"}, True),
])
def test_the_origin_check_names_this_server_by_its_host(headers, foreign):
    from rummy_teach.classroom.quizpage import foreign_origin
    assert (foreign_origin(headers) is not None) == foreign
