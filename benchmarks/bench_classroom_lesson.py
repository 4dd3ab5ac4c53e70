"""A class of students against a real ``rummy-teach classroom --notebook LESSON`` (a kernel each).

    .venv/bin/python benchmarks/bench_classroom_lesson.py --students 30 --browsers 3 --questions 5

A lesson served to the class: each student joins on the classroom's own page, then gets
the lesson in a Voilà kernel of their own; the lesson here is one cell, the quiz widget of
``--quiz``, whose answers the kernel sends to the classroom's desk.
``bench_classroom.py`` measures the default (every quiz served by the classroom's own
process, no kernel). (Before --notebook, this script measured the quiz-only ``--kernels``
page; its figures are kept in ``docs/classroom.md``.)

Starts the classroom from its command line (in a subprocess, on 127.0.0.1), waits for
the kernel pool to fill, then lets every student arrive at once:

* ``--browsers`` of them are real Chromium pages (Playwright driving /usr/bin/chromium):
  they type a name, press Enter, open the lesson, click or type each answer and press
  Submit;
* the others are light clients: they join over HTTP as a browser's form does (the join
  code, a name, the seat cookie), GET the lesson (which takes a kernel, as a browser's
  does), then open a websocket to that kernel speaking the Jupyter widget protocol as
  the page's JavaScript does (``request_states``, state updates, button clicks as custom
  messages), so the kernel does exactly the work a page makes it do.

Each student answers ``--questions`` questions of the quiz (right about 70% of the
time, wrong otherwise). Measured:

* time to first question: from the page request until the first question is shown
  after the name is entered (p50/p95);
* answer round trip: from pressing Submit to the feedback arriving (p50/p95);
* memory: RSS of the kernels the students use, of the server, and of every kernel
  after the class (the pool refills, so plan for about twice the class);
* errors, and lost answers: every answer a student saw judged must be in the
  database, with the same outcome.

Targets (issue 15): zero errors and lost answers, p95 first question <= 3 s, p95 round trip
<= 150 ms, memory <= 70 MB per student. The machine may be shared: the load average (1, 5
and 15 minutes) is recorded before the class, when it has arrived, and after it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlencode

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from rummy_teach.classroom import open_store  # noqa: E402
from rummy_teach.quiz import Quiz  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]
TOKEN = "bench-teacher-token"
JOIN = "BENCH2"
SESSION = "bench"
TIMEOUT = 120.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def percentile(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    k = (len(values) - 1) * q
    low, high = int(k), min(int(k) + 1, len(values) - 1)
    return values[low] + (values[high] - values[low]) * (k - low)


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def load_average() -> str:
    """The machine's load average over 1, 5 and 15 minutes, as the kernel reports it."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def kernel_processes() -> dict[str, int]:
    """kernel id -> pid, for every ipykernel running now."""
    out = subprocess.run(["ps", "-ww", "-eo", "pid=,args="], capture_output=True, text=True).stdout
    found = {}
    for line in out.splitlines():
        match = re.search(r"kernel-([0-9a-f-]{36})\.json", line)
        if match and "ipykernel" in line:
            found[match.group(1)] = int(line.split()[0])
    return found


# --- what a student answers -------------------------------------------------------------

def planned_answer(question, rng: random.Random) -> tuple[str, bool]:
    """(the answer to give, whether it is right): right about 70% of the time."""
    right = rng.random() < 0.7
    text = question.answer_input
    if right:
        return text, True
    if question.input in ("choice",):
        return next(o for o in question.options if question.check(o).outcome == "wrong"), False
    if question.input == "number":
        return str(int(text) + 1), False
    for wrong in ("none", "A", "B", " ".join(question.options[:1]), "You 1", "Leo 1"):
        if question.check(wrong).outcome == "wrong":
            return wrong, False
    return text, True


def card_keys(text: str) -> list[str]:
    """Cards of a typed answer as the picker names them ("8C", "JK#2")."""
    from rummy_teach.cards import parse_cards
    from rummy_teach.render import card_key
    return [] if text.strip().lower() == "none" else [card_key(c) for c in parse_cards(text)]


# --- the light client: HTTP GET + the widget protocol over the kernel websocket -----------

class WidgetClient:
    def __init__(self, base: str, kernel_id: str):
        self.base, self.kernel_id = base, kernel_id
        self.session = uuid.uuid4().hex
        self.states: dict[str, dict] = {}
        self.order: list[str] = []   # model ids in the order the kernel opened them
        self.changed = asyncio.Event()
        self.errors: list[str] = []

    async def connect(self):
        from tornado.websocket import websocket_connect
        url = (self.base.replace("http://", "ws://") +
               f"/api/kernels/{self.kernel_id}/channels?session_id={self.session}")
        self.ws = await websocket_connect(url, max_message_size=64 * 1024 * 1024)
        self.reader = asyncio.ensure_future(self._read())

    def _send(self, msg_type: str, content: dict, channel: str = "shell",
              metadata: dict | None = None) -> None:
        msg = {"header": {"msg_id": uuid.uuid4().hex, "username": "bench", "session": self.session,
                          "msg_type": msg_type, "version": "5.3",
                          "date": datetime.now(timezone.utc).isoformat()},
               "parent_header": {}, "metadata": metadata or {}, "content": content, "buffers": [],
               "channel": channel}
        self.ws.write_message(json.dumps(msg))

    async def _read(self):
        while True:
            raw = await self.ws.read_message()
            if raw is None:
                return
            if isinstance(raw, bytes):
                continue
            msg = json.loads(raw)
            kind = msg.get("msg_type") or msg["header"]["msg_type"]
            content = msg.get("content", {})
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                self.states[content["comm_id"]] = dict(content["data"].get("state", {}))
                self.order.append(content["comm_id"])
            elif kind == "comm_msg":
                data = content.get("data", {})
                if data.get("method") in ("update", "echo_update"):
                    self.states.setdefault(content["comm_id"], {}).update(data.get("state", {}))
                elif data.get("method") == "update_states":
                    for model_id, model in data["states"].items():
                        if model_id not in self.states:
                            self.order.append(model_id)
                        self.states.setdefault(model_id, {}).update(model["state"])
            elif kind == "error":
                self.errors.append(content.get("ename", "error"))
            self.changed.set()

    async def wait_for(self, predicate, what="", timeout=TIMEOUT):
        deadline = time.monotonic() + timeout
        while True:
            found = predicate()
            if found:
                return found
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"the page did not change as expected: {what}")
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except asyncio.TimeoutError:
                pass

    async def request_states(self):
        control = uuid.uuid4().hex
        self._send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                 "data": {}}, metadata={"version": "1.0.0"})
        self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        await self.wait_for(lambda: self.find("ButtonModel", description="Submit"), "the quiz")

    def find(self, model_name, since: int = 0, **traits):
        for model_id in self.order[since:]:
            state = self.states.get(model_id, {})
            if state.get("_model_name") == model_name and all(
                    state.get(k) == v for k, v in traits.items()):
                return model_id
        return None

    def find_all(self, model_name, since: int = 0):
        return [m for m in self.order[since:]
                if self.states.get(m, {}).get("_model_name") == model_name]

    def update(self, model_id, **state):
        self.states[model_id].update(state)
        self._send("comm_msg", {"comm_id": model_id, "data": {"method": "update", "state": state,
                                                              "buffer_paths": []}})

    def custom(self, model_id, content):
        self._send("comm_msg", {"comm_id": model_id, "data": {"method": "custom",
                                                              "content": content}})

    def html_with(self, needle: str):
        for model_id in reversed(self.order):
            state = self.states.get(model_id, {})
            if state.get("_model_name") == "HTMLModel" and needle in str(state.get("value", "")):
                return model_id
        return None

    def close(self):
        self.ws.close()
        self.reader.cancel()


async def light_student(n: int, base: str, quiz, questions: int, stats: dict, rng):
    from tornado.httpclient import AsyncHTTPClient

    name = f"Light {n:02d}"
    t0 = time.monotonic()
    http = AsyncHTTPClient()
    opened = await http.fetch(f"{base}/quiz?join={JOIN}", request_timeout=TIMEOUT)
    cookie = "; ".join(c.split(";", 1)[0] for c in opened.headers.get_list("Set-Cookie"))
    await http.fetch(f"{base}/quiz/join", method="POST", body=urlencode({"name": name}),
                     headers={"Cookie": cookie, "Origin": base}, request_timeout=TIMEOUT)
    response = await http.fetch(f"{base}/voila/render/lesson.ipynb", headers={"Cookie": cookie},
                                request_timeout=TIMEOUT)
    kernel_id = re.search(r'"kernelId": "([0-9a-f-]{36})"', response.body.decode()).group(1)
    client = WidgetClient(base, kernel_id)
    await client.connect()
    await client.request_states()
    mark = 0
    await client.wait_for(lambda: client.html_with("rt-prompt"), "first question")
    stats["first"].append(time.monotonic() - t0)
    stats["first_light"].append(stats["first"][-1])
    submit = await client.wait_for(lambda: client.find("ButtonModel", mark, description="Submit"),
                                   "submit button")
    next_button = client.find("ButtonModel", mark, description="Next question")
    score = await client.wait_for(lambda: client.html_with('class="rt-score"'), "score line")
    given = []
    for i in range(questions):
        question = quiz[i]
        text, right = planned_answer(question, rng)
        await asyncio.sleep(rng.uniform(0, 2 * stats["think"]))
        await answer_by_protocol(client, question, text, mark)
        t = time.monotonic()
        before = client.states[score]["value"]
        client.custom(submit, {"event": "click"})
        verdict = "rt-right" if right else "rt-wrong"
        await client.wait_for(lambda: client.html_with(f"rt-feedback {verdict}"), verdict)
        stats["round_trip"].append(time.monotonic() - t)
        await client.wait_for(
            lambda: client.states[score]["value"] != before, "score")
        given.append((question.id, "right" if right else "wrong"))
        if i + 1 < questions:
            mark = len(client.order)
            client.custom(next_button, {"event": "click"})
            await client.wait_for(lambda: f"question {i + 2} of" in str(
                client.states[score]["value"]), "next question")
    stats["errors"] += len(client.errors)
    client.close()
    return name, given


async def answer_by_protocol(client: WidgetClient, question, text: str, mark: int) -> None:
    kind = question.input
    if kind in ("choice", "player_points"):
        buttons = client.find_all("ToggleButtonsModel", mark)[-1]
        options = client.states[buttons]["_options_labels"]
        choice = text.split()[0] if kind == "player_points" else text
        client.update(buttons, index=options.index(choice))
    if kind == "multi":
        for toggle in client.find_all("ToggleButtonModel", mark):
            if client.states[toggle]["description"] in text.split():
                client.update(toggle, value=True)
    if kind == "cards":
        picker = [m for m in client.order[mark:] if "cards" in client.states.get(m, {})][-1]
        for card in card_keys(text):
            client.custom(picker, {"event": "click", "card": card})
        await asyncio.sleep(0.05)
    if kind in ("number", "arrangement", "player_points"):
        box = client.find_all("TextModel", mark)[-1]
        client.update(box, value=text.split(None, 1)[1] if kind == "player_points" else text)


# --- the real browser ------------------------------------------------------------------------

async def browser_student(n: int, browser, base: str, quiz, questions: int, stats: dict, rng):
    name = f"Browser {n:02d}"
    context = await browser.new_context(viewport={"width": 1100, "height": 900})
    page = await context.new_page()
    t0 = time.monotonic()
    await page.goto(f"{base}/?join={JOIN}", timeout=TIMEOUT * 1000)
    box = page.locator("input[name=name]")
    await box.wait_for(timeout=TIMEOUT * 1000)
    await box.fill(name)
    await box.press("Enter")
    await page.locator(".rt-lesson-link").click(timeout=TIMEOUT * 1000)
    await page.locator(".rt-prompt").wait_for(timeout=TIMEOUT * 1000)
    stats["first"].append(time.monotonic() - t0)
    stats["first_browser"].append(stats["first"][-1])
    quiz_box = page.locator(".rt-quiz-widget")
    given = []
    for i in range(questions):
        question = quiz[i]
        text, right = planned_answer(question, rng)
        await asyncio.sleep(rng.uniform(0, 2 * stats["think"]))
        kind = question.input
        if kind in ("choice", "player_points"):
            await quiz_box.get_by_role("button", name=text.split()[0] if kind == "player_points"
                                       else text, exact=True).click()
        if kind == "multi":
            for letter in text.split():
                await quiz_box.get_by_role("button", name=letter, exact=True).click()
        if kind == "cards":
            for card in card_keys(text):
                await page.locator(f'.rt-clickable [data-card="{card}"]').click()
                await page.wait_for_function(
                    f"""() => document.querySelector('.rt-clickable [data-card="{card}"]')
                        .getAttribute('aria-pressed') === 'true'""")
        if kind in ("number", "arrangement", "player_points"):
            await quiz_box.locator("input[type=text]").fill(
                text.split(None, 1)[1] if kind == "player_points" else text)
        t = time.monotonic()
        await page.get_by_role("button", name="Submit").click()
        verdict = ".rt-feedback.rt-right" if right else ".rt-feedback.rt-wrong"
        await page.locator(verdict).wait_for(timeout=TIMEOUT * 1000)
        stats["round_trip"].append(time.monotonic() - t)
        stats["round_trip_browser"].append(stats["round_trip"][-1])
        given.append((question.id, "right" if right else "wrong"))
        if i + 1 < questions:
            await page.get_by_role("button", name="Next question").click()
            await page.get_by_text(f"question {i + 2} of").wait_for(timeout=TIMEOUT * 1000)
    await context.close()
    return name, given


# --- the class --------------------------------------------------------------------------------

async def run_class(base, quiz, args, stats):
    rng = random.Random(args.seed)
    from tornado.httpclient import AsyncHTTPClient
    AsyncHTTPClient.configure(None, max_clients=args.students + 10)
    tasks = []
    playwright = browser = None
    if args.browsers:
        from playwright.async_api import async_playwright
        playwright = await async_playwright().start()
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
    for n in range(args.students):
        student_rng = random.Random(rng.random())
        if n < args.browsers:
            coro = browser_student(n, browser, base, quiz, args.questions, stats, student_rng)
        else:
            coro = light_student(n, base, quiz, args.questions, stats, student_rng)
        tasks.append(asyncio.ensure_future(_delayed(coro, rng.uniform(0, args.arrival))))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    if browser:
        await browser.close()
        await playwright.stop()
    return results


async def _delayed(coro, delay):
    await asyncio.sleep(delay)
    return await coro


def write_lesson(home: Path, quiz: str) -> Path:
    """The lesson: one cell drawing the quiz widget (the quiz's own order, as the robots
    answer it)."""
    source = ("from rummy_teach.quiz import Quiz\nfrom rummy_teach.widgets.quiz import QuizWidget\n"
              f"QuizWidget(Quiz.load({quiz!r}))")
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "quiz",
                           "metadata": {}, "outputs": [], "source": source}],
                "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                            "name": "python3"}},
                "nbformat": 4, "nbformat_minor": 5}
    path = home / "lesson.ipynb"
    path.write_text(json.dumps(notebook))
    return path


def start_server(args, home: Path, port: int):
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom",
            "--notebook", str(write_lesson(home, args.quiz)),
            "--host", "127.0.0.1", "--port", str(port), "--students", str(args.students),
            "--token", TOKEN, "--session", SESSION, "--db", str(home / "results.db"),
            "--join-code", JOIN, "--same-order",  # the robots answer the quiz in its order
            "--run-dir", str(home / "run"), "--refill-seconds", str(args.refill),
            "--connections-per-address", "0"]  # every robot comes from 127.0.0.1
    if args.pool is not None:
        argv += ["--pool", str(args.pool)]
    log = open(home / "server.log", "w")
    process = subprocess.Popen(argv, cwd=home, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True)
    pool = args.students if args.pool is None else args.pool
    t0 = time.monotonic()
    wanted = f"filled with {pool} kernel(s)" if pool else "Voilà is running at"
    while wanted not in (home / "server.log").read_text():
        if process.poll() is not None or time.monotonic() - t0 > 600:
            raise RuntimeError((home / "server.log").read_text()[-3000:])
        time.sleep(0.5)
    return process, time.monotonic() - t0


def _where(error: BaseException) -> str:
    import traceback
    frame = traceback.extract_tb(error.__traceback__)[-1] if error.__traceback__ else None
    return f"{type(error).__name__}: {str(error)[:200]}" + (
        f" (line {frame.lineno}: {frame.line})" if frame else "")


def _ms(seconds: float):
    return None if seconds != seconds else round(1000 * seconds)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--browsers", type=int, default=3, help="of them, real Chromium pages")
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--quiz", default="basic")
    parser.add_argument("--pool", type=int, default=None, help="default: one per student")
    parser.add_argument("--refill", type=float, default=60.0,
                        help="the server's --refill-seconds (default 60)")
    parser.add_argument("--arrival", type=float, default=0.0,
                        help="students arrive over this many seconds (default 0: all at once)")
    parser.add_argument("--think", type=float, default=5.0,
                        help="mean seconds a student thinks before each answer (0: all in lockstep)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wait-refill", action="store_true",
                        help="after the class, wait for the pool to refill and count its memory")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    if args.browsers and not Path(CHROMIUM).exists():
        print(f"no {CHROMIUM}: running with light clients only", file=sys.stderr)
        args.browsers = 0
    quiz = Quiz.load(args.quiz)
    args.questions = min(args.questions, len(quiz))
    home = Path(tempfile.mkdtemp(prefix="bench-classroom-"))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process, fill_seconds = start_server(args, home, port)
    try:
        pool_kernels = kernel_processes()
        server_rss = rss_mb(process.pid)
        stats = {"first": [], "round_trip": [], "errors": 0, "think": args.think,
                 "first_light": [], "first_browser": [], "round_trip_browser": []}
        load_before = load_average()
        t0 = time.monotonic()
        results = asyncio.run(run_class(base, quiz, args, stats))
        load_after = load_average()
        class_seconds = time.monotonic() - t0
        time.sleep(2)
        after = kernel_processes()
        used = {k: p for k, p in pool_kernels.items() if k in after}
        kernel_rss = [rss_mb(pid) for pid in used.values()]
        all_rss = sum(rss_mb(pid) for pid in after.values())
        server_rss_after = rss_mb(process.pid)
        refilled = {}
        if args.wait_refill:
            time.sleep(args.refill + 25)
            refilled = {k: rss_mb(p) for k, p in kernel_processes().items()}
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
    failures = [r for r in results if isinstance(r, BaseException)]
    with open_store(str(home / "results.db"), create=False) as store:
        rows = store.answers(session=SESSION)
    recorded = {}
    for row in rows:
        recorded.setdefault(row.student_name, []).append((row.question_id, row.outcome))
    lost = 0
    for result in results:
        if isinstance(result, BaseException):
            continue
        name, given = result
        have = recorded.get(name, [])
        lost += sum(1 for item in given if item not in have)
    summary = {
        "students": args.students, "browsers": args.browsers, "questions_each": args.questions,
        "pool": args.students if args.pool is None else args.pool, "refill_s": args.refill,
        "arrival_s": args.arrival, "think_s": args.think,
        "pool_fill_seconds": round(fill_seconds, 1), "class_seconds": round(class_seconds, 1),
        "first_question_p50_s": round(percentile(stats["first"], 0.5), 2),
        "first_question_p95_s": round(percentile(stats["first"], 0.95), 2),
        "round_trip_p50_ms": _ms(percentile(stats["round_trip"], 0.5)),
        "round_trip_p95_ms": _ms(percentile(stats["round_trip"], 0.95)),
        "first_question_browsers_p50_p95_s": [round(percentile(stats["first_browser"], q), 2)
                                              for q in (0.5, 0.95)],
        "first_question_light_p50_p95_s": [round(percentile(stats["first_light"], q), 2)
                                           for q in (0.5, 0.95)],
        "round_trip_browsers_p50_p95_ms": [_ms(percentile(stats["round_trip_browser"], q))
                                           for q in (0.5, 0.95)],
        "answers_submitted": len(stats["round_trip"]), "answers_in_db": len(rows),
        "errors": len(failures) + stats["errors"], "lost_answers": lost,
        "kernel_rss_mb_per_student": round(statistics.mean(kernel_rss), 1) if kernel_rss else None,
        "server_rss_mb": round(server_rss_after, 1), "server_rss_mb_before": round(server_rss, 1),
        "all_kernels_after_class": len(after), "all_kernels_rss_mb": round(all_rss),
        "kernels_after_refill": len(refilled) if args.wait_refill else None,
        "kernels_rss_mb_after_refill": round(sum(refilled.values()))
        if args.wait_refill else None,
        "load_before": load_before, "load_after": load_after,
        "failures": [_where(f) for f in failures][:5],
    }
    for key, value in summary.items():
        print(f"{key:28} {value}")
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=1))
    ok = not failures and lost == 0 and summary["errors"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
