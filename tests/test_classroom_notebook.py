"""``rummy-teach classroom --notebook LESSON``: a teacher's lesson served to the class by Voilà.

One real classroom (module scope) serves ``tests/notebooks/class_lesson.md`` (a MyST lesson
with a card table and a two-question quiz) in Italian. Two students join in Chromium as on
the quiz page, each gets the lesson in a kernel of their own, draws at the table and
answers the quiz; the answers are in the database and on the teacher's report. The page
has no source code, a student's own execute request is refused by the kernel's websocket,
and a wrong join code or a browser that never joined gets the join page and no kernel.
"""

import http.cookiejar
import json
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from browser import CLASSROOM_LOAD_MS as LOAD_MS
from browser import CLASSROOM_UPDATE_MS as UPDATE_MS
from browser import RecordedPage, start_classroom

from rummy_teach.classroom import open_store

TOKEN = "notebook-teacher-token"
SESSION = "lesson-class"
JOIN = "LSN234"
LESSON = Path(__file__).resolve().parent / "notebooks" / "class_lesson.md"


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    home = tmp_path_factory.mktemp("classroom-notebook")
    server = start_classroom(home, name="classroom-notebook", quiz="basic", token=TOKEN,
                             session=SESSION, join=JOIN,
                             options=("--notebook", str(LESSON), "--lang", "it",
                                      "--students", "2", "--pool", "1",
                                      "--db", str(home / "r.db")))
    server.db = home / "r.db"
    yield server
    server.stop()


def rows(classroom):
    with open_store(str(classroom.db), create=False) as store:
        return store.answers(session=SESSION)


def kernels_of(server) -> int:
    out = subprocess.run(["ps", "-eo", "ppid=,args="], capture_output=True, text=True).stdout
    return sum(1 for line in out.splitlines()
               if line.split(None, 1)[0] == str(server.process.pid) and "ipykernel" in line)


def join_and_open_lesson(page, base, name):
    """What a student does: the class's address with the join code, a name, then the link."""
    page.goto(f"{base}/?join={JOIN}", timeout=LOAD_MS)
    box = page.locator("input[name=name]")
    box.fill(name)
    box.press("Enter")
    link = page.locator(".rt-lesson-link")
    link.wait_for(timeout=UPDATE_MS)
    assert link.inner_text() == "Apri la lezione"          # the class's language
    assert name in page.locator("h1").inner_text()
    link.click()
    page.locator(".rt-quiz-widget").wait_for(timeout=LOAD_MS)


browser = pytest.mark.browser


@browser
def test_two_students_each_get_the_lesson_and_their_answers_reach_the_teacher(classroom, chromium):
    pages = []
    for name, viewport in (("Ada", {"width": 1280, "height": 900}),
                           ("Bruno", {"width": 390, "height": 844})):
        recorded = RecordedPage(chromium.new_context(viewport=viewport))
        join_and_open_lesson(recorded.page, classroom.base, name)
        pages.append(recorded)
    ada, bruno = (recorded.page for recorded in pages)
    for page in (ada, bruno):  # each student's own table: Draw works on both
        page.locator('.rt-table [data-click="stock"]').click()
        page.locator(".rt-log").get_by_text("7♥").first.wait_for(timeout=UPDATE_MS)
    pages[0].shot("notebook_lesson_table_1280", full_page=True)

    quiz = ada.locator(".rt-quiz-widget")
    assert "Nel Rummy base" in quiz.inner_text()                   # the lesson's quiz, in Italian
    quiz.get_by_role("button", name="tris", exact=True).click()      # 9S 9D 9C: a set
    quiz.get_by_role("button", name="Invia").click()
    quiz.get_by_text("Esatto").first.wait_for(timeout=UPDATE_MS)
    other = bruno.locator(".rt-quiz-widget")
    other.get_by_role("button", name="scala", exact=True).click()   # wrong
    other.get_by_role("button", name="Invia").click()
    other.get_by_text("Non proprio").first.wait_for(timeout=UPDATE_MS)
    pages[1].shot("notebook_lesson_answered_390", full_page=True)
    # one honest attempt, the class's rule, in the lesson's quiz too: no second try
    assert other.get_by_role("button", name="Invia").is_disabled()

    kept = sorted((r.student_name, r.quiz, r.question_id, r.given, r.outcome)
                  for r in rows(classroom))
    assert kept == [("Ada", "lesson-check", "lesson-set", "set", "right"),
                    ("Bruno", "lesson-check", "lesson-set", "run", "wrong")]

    teacher = RecordedPage(chromium.new_context(viewport={"width": 1280, "height": 900}))
    teacher.page.goto(f"{classroom.base}/voila/render/report.ipynb?token={TOKEN}",
                      timeout=LOAD_MS)
    report = teacher.page.locator(".rummy-report").inner_text()
    assert "Ada" in report and "Bruno" in report and "lesson-set" in report

    # sources stripped: the page holds the widgets, never the lesson's code
    html = ada.content()
    for code in ("attend()", "CardTable.from_game", "QuizWidget(", "RUMMY_TEACH_LANG"):
        assert code not in html, code
    assert ada.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor").count() == 0
    assert all(recorded.outside == [] for recorded in pages)
    for recorded in pages + [teacher]:
        recorded.page.context.close()


EXECUTE = """
async ([url, marker]) => {
  const socket = new WebSocket(url.replace(/session_id=[^&]*/, "session_id=student-own"));
  const got = [];
  socket.onclose = (event) => got.push("closed " + event.code);
  socket.onmessage = (event) => {
    try { const m = JSON.parse(event.data); got.push(m.header.msg_type); } catch (e) { got.push("binary"); }
  };
  await new Promise((ok, no) => { socket.onopen = ok; socket.onerror = no; });
  const message = (type, content) => JSON.stringify({
    header: {msg_id: type + Math.random(), msg_type: type, username: "", session: "student",
             date: new Date().toISOString(), version: "5.3"},
    parent_header: {}, metadata: {}, content, channel: "shell", buffers: []});
  socket.send(message("kernel_info_request", {}));
  socket.send(message("execute_request", {
    code: "open(" + JSON.stringify(marker) + ", 'w').write('ran')", silent: false,
    store_history: false, user_expressions: {}, allow_stdin: false, stop_on_error: true}));
  socket.send(message("kernel_info_request", {}));
  await new Promise((ok) => setTimeout(ok, 5000));
  socket.close();
  return got;
}
"""


@browser
def test_a_student_cannot_run_code_through_the_lesson_kernel(classroom, chromium, tmp_path):
    recorded = RecordedPage(chromium.new_context())
    sockets = []
    recorded.page.on("websocket", lambda socket: sockets.append(socket.url))
    join_and_open_lesson(recorded.page, classroom.base, "Carla")
    url = next(u for u in sockets if "/api/kernels/" in u and "/channels" in u)
    marker = tmp_path / "student-ran-code"
    got = recorded.page.evaluate(EXECUTE, [url, str(marker)])
    assert "kernel_info_reply" in got            # the socket works: this kind is let through
    assert "execute_reply" not in got and "execute_input" not in got
    time.sleep(1)
    assert not marker.exists()
    recorded.page.context.close()


# --- the door: as on the quiz page, no kernel for anyone who has not joined ---------------------

def fetch(url, data=None, jar=None, headers=None):
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar or http.cookiejar.CookieJar()))
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with opener.open(request, timeout=120) as response:
            return response.status, response.geturl(), response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, url, error.read().decode("utf-8", "replace")


@browser
def test_a_wrong_join_code_or_no_seat_gets_the_join_page_and_no_kernel(classroom):
    before = kernels_of(classroom)
    status, _, body = fetch(f"{classroom.base}/quiz?join=WRONG1")
    assert status == 403 and "codice" in body.lower()
    for _ in range(5):  # never joined: to the join page, no kernel started
        status, where, body = fetch(f"{classroom.base}/voila/render/lesson.ipynb")
        assert status == 200 and where.endswith("/quiz") and "codice di accesso" in body
        assert "voila" not in body.lower() and "kernel" not in body.lower()
    forged = http.cookiejar.CookieJar()
    status, where, _ = fetch(f"{classroom.base}/voila/render/lesson.ipynb", jar=forged,
                             headers={"Cookie": "rummy_seat=abcdefghijklmnopqrstuvwx.0000",
                                      "X-Rummy-Student": "someone.forged"})
    assert where.endswith("/quiz")
    # the kernels' own address takes nothing without a value this server signed
    status, _, body = fetch(f"{classroom.base}/lesson/answer", data=json.dumps(
        {"student": "x.y", "quiz": "q", "question": "lesson-set", "given": "tris"}).encode())
    assert status == 403 and json.loads(body)["ok"] is False
    time.sleep(1)
    assert kernels_of(classroom) <= before
    assert all(r.student_name != "x" for r in rows(classroom))


# --- the command: a bad lesson stops it, with a clear sentence ----------------------------------

def run_cli(*argv, cwd):
    return subprocess.run([sys.executable, "-m", "rummy_teach.cli", "classroom", *argv],
                          capture_output=True, text=True, cwd=cwd, timeout=120)


@pytest.mark.parametrize("name,text,words", [
    ("lesson.txt", "hello", "is not a lesson this classroom can serve"),
    ("lesson.ipynb", "{not json", "is not a notebook that can be read"),
    ("lesson.md", "# Only words\n\nNo code here.\n", "has no code cell"),
])
def test_a_bad_lesson_stops_the_command_before_anything_is_written(tmp_path, name, text, words):
    (tmp_path / name).write_text(text)
    done = run_cli("--notebook", name, "--no-serve", "--run-dir", str(tmp_path / "run"),
                   cwd=tmp_path)
    assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "run").exists() and not (tmp_path / "rummy-results.db").exists()


def test_no_serve_writes_the_lesson_without_sources_of_its_own(tmp_path):
    done = run_cli("--notebook", str(LESSON), "--lang", "nl", "--no-serve", "--run-dir",
                   str(tmp_path / "run"), "--token", "abcdefghijklmnop-1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    notebook = json.loads((tmp_path / "run" / "pages" / "lesson.ipynb").read_text())
    first = notebook["cells"][0]["source"]
    assert "attend()" in first and "'nl'" in first
    config = json.loads((tmp_path / "run" / "config.json").read_text())
    assert config["lesson"] == "lesson.ipynb" and config["title"] == "A lesson for the class"


def test_a_book_lesson_is_served_in_the_class_language(tmp_path):
    """A lesson of the book (tutorials/*.md) takes the book's own translations of its prose;
    its code is the same code in every language."""
    book_lesson = Path(__file__).resolve().parents[1] / "tutorials" / "basic_play.md"
    notebooks = {}
    for lang in ("it", "nl", "en"):
        done = run_cli("--notebook", str(book_lesson), "--lang", lang, "--no-serve", "--run-dir",
                       str(tmp_path / lang), "--token", "abcdefghijklmnop-1", "--db",
                       str(tmp_path / f"{lang}.db"), cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        notebooks[lang] = json.loads((tmp_path / lang / "pages" / "lesson.ipynb").read_text())
    def text(cell):
        return "".join(cell["source"])   # nbformat keeps a list of lines, or one string
    prose = {lang: "".join(text(c) for c in nb["cells"] if c["cell_type"] == "markdown")
             for lang, nb in notebooks.items()}
    code = {lang: [text(c) for c in nb["cells"][1:] if c["cell_type"] == "code"]
            for lang, nb in notebooks.items()}
    assert "Gioca una mano contro il computer" in prose["it"]
    assert "Play a hand against the computer" in prose["en"]
    assert "Play a hand against the computer" not in prose["nl"]
    assert code["it"] == code["en"] == code["nl"]
    for markup in ("(basic-play)=", "{term}`", "{doc}`", ":::{admonition}", ":class: tip"):
        assert markup not in prose["it"], markup  # MyST markup Voilà would show as text
    assert "**Questa pagina è fatta per giocare**" in prose["it"]
    title = json.loads((tmp_path / "it" / "config.json").read_text())["title"]
    assert title == "Gioca una mano contro il computer"
