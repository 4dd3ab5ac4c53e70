"""Classes of students against real ``rummy-teach classroom`` servers (no kernel per student).

    .venv/bin/python benchmarks/bench_classroom.py --students 30 --browsers 3 --questions 5
    .venv/bin/python benchmarks/bench_classroom.py --students 200 --classes 4 --browsers 0 \\
        --questions 12 --think 5            # the soak: several classes at once

Starts ``--classes`` classrooms from the command line (each its own process on
127.0.0.1, its own session, all writing to one results database, as a school's
classes would), then lets every student arrive in the same instant (or over
``--arrival`` seconds), spread over the classes:

* ``--browsers`` of them are real Chromium pages (Playwright driving /usr/bin/chromium):
  they open the join link, type a name, press Enter, pick or type each answer, press
  Submit, then Next;
* the others are light clients doing over HTTP exactly what the page's script does: GET
  the page (which sets the seat cookie), then POST the name, each answer and Next, with
  the page's ``X-Rummy-Part`` header, checking each reply as the page would show it.

Each student answers ``--questions`` questions (right about 70% of the time) after a
random reading time (uniform, mean ``--think`` s). Measured:

* time to the first question: from the page request until the first question is there
  after the name (p50/p95, browsers and light clients apart too);
* answer round trip: from Submit until the verdict is there (p50/p95);
* memory: the RSS of every classroom process, idle and at its peak, per student;
* errors (any failed request or unexpected page), lost answers (acknowledged but not in
  the database) and duplicated ones (more rows than acknowledged answers);
* every 30 s of the run: answers, round trip p50/p95, the servers' RSS, the load average.

Run it without ``nice``: the classrooms and the light clients (one small asyncio loop)
keep the ordinary priority; the Chromium pages, the heavy part, run with theirs lowered by
``--client-nice`` (10): in a school they run on the students' own devices, and the machine
here is shared. Each answer's reply carries the server's own working time
(``Server-Timing``), reported apart from the round trip.

Targets (issue 15): 0 errors, lost and duplicated answers, p95 first question <= 3 s,
p95 round trip <= 150 ms with reading time, memory <= 70 MB per student. The machine may
be shared: the load average is recorded with every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

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
TIMEOUT = 120.0
WINDOW = 30


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
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


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
    """Cards of a typed answer as the page's check boxes name them ("8C", "JK#2")."""
    from rummy_teach.cards import parse_cards
    from rummy_teach.render import card_key
    return [] if text.strip().lower() == "none" else [card_key(c) for c in parse_cards(text)]


def form_fields(question, text: str) -> list[tuple[str, str]]:
    """The form the page posts for ``text`` (the inputs' names, see classroom/quizview.py)."""
    kind = question.input
    if kind == "choice":
        return [("choice", text)]
    if kind == "multi":
        return [] if text == "none" else [("pick", letter) for letter in text.split()]
    if kind == "cards":
        return [("pick", card) for card in card_keys(text)]
    if kind == "player_points":
        winner = next(o for o in question.options if text.startswith(o))
        return [("choice", winner), ("text", text[len(winner):].strip())]
    return [("text", text)]


class Failed(Exception):
    pass


# --- the light client: what the page's script does, over HTTP ----------------------------

class PageClient:
    def __init__(self, base: str):
        from tornado.httpclient import AsyncHTTPClient
        self.base, self.client, self.cookie = base, AsyncHTTPClient(), ""

    async def call(self, path: str, fields=None) -> str:
        from tornado.httpclient import HTTPClientError
        headers = {"Cookie": self.cookie} if self.cookie else {}
        body = None
        if fields is not None:
            headers["X-Rummy-Part"] = "main"
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            body = urllib.parse.urlencode(fields)
        try:
            reply = await self.client.fetch(self.base + path, method="POST" if body is not None
                                            else "GET", body=body, headers=headers,
                                            request_timeout=TIMEOUT)
        except (HTTPClientError, OSError) as error:
            raise Failed(f"{path}: {error}") from None
        timing = reply.headers.get("Server-Timing", "")
        self.server_ms = float(timing.split("dur=")[1]) if "dur=" in timing else float("nan")
        for value in reply.headers.get_list("Set-Cookie"):
            if value.startswith("rummy_seat="):
                self.cookie = value.split(";")[0]
        return reply.body.decode("utf-8")


async def light_student(name, base, quiz, questions, stats, rng):
    page = PageClient(base)
    t0 = time.monotonic()
    body = await page.call(f"/quiz?join={JOIN}")
    if "your name" not in body:
        raise Failed(f"{name}: no name form")
    body = await page.call("/quiz/join", [("name", name)])
    if "rt-score" not in body:
        raise Failed(f"{name}: no first question after the name")
    stats["first"].append((t0 - stats["t0"], time.monotonic() - t0, "light"))
    given = []
    for i in range(questions):
        question = quiz[i]
        text, right = planned_answer(question, rng)
        await asyncio.sleep(rng.uniform(0, 2 * stats["think"]))
        t = time.monotonic()
        body = await page.call("/quiz/answer", [("question", question.id),
                                                *form_fields(question, text)])
        verdict = "rt-right" if right else "rt-wrong"
        if f"rt-feedback {verdict}" not in body:
            raise Failed(f"{name}: {question.id} did not come back {verdict}: {body[:300]}")
        stats["round"].append((t - stats["t0"], time.monotonic() - t, "light"))
        stats["server"].append((t - stats["t0"], page.server_ms / 1000, "light"))
        given.append((question.id, "right" if right else "wrong"))
        if i + 1 < questions:
            body = await page.call("/quiz/next", [])
            if f"question {i + 2} of" not in body:
                raise Failed(f"{name}: Next did not lead to question {i + 2}")
    return name, given


# --- the real browser ------------------------------------------------------------------------

async def browser_student(name, browser, base, quiz, questions, stats, rng):
    context = await browser.new_context(viewport={"width": 1100, "height": 900})
    page = await context.new_page()
    ms = TIMEOUT * 1000
    t0 = time.monotonic()
    await page.goto(f"{base}/?join={JOIN}", timeout=ms)
    box = page.get_by_placeholder("your name")
    await box.fill(name)
    await box.press("Enter")
    await page.locator(".rt-score").wait_for(timeout=ms)
    stats["first"].append((t0 - stats["t0"], time.monotonic() - t0, "browser"))
    given = []
    for i in range(questions):
        question = quiz[i]
        text, right = planned_answer(question, rng)
        await asyncio.sleep(rng.uniform(0, 2 * stats["think"]))
        for field, value in form_fields(question, text):
            if field == "text":
                await page.locator("input[name=text]").fill(value)
            else:
                await page.locator(f'input[name="{field}"][value="{value}"]').check()
        t = time.monotonic()
        await page.get_by_role("button", name="Submit").click()
        verdict = ".rt-feedback.rt-right" if right else ".rt-feedback.rt-wrong"
        await page.locator(verdict).wait_for(timeout=ms)
        stats["round"].append((t - stats["t0"], time.monotonic() - t, "browser"))
        given.append((question.id, "right" if right else "wrong"))
        if i + 1 < questions:
            await page.get_by_role("button", name="Next question").click()
            await page.get_by_text(f"question {i + 2} of").first.wait_for(timeout=ms)
    await context.close()
    return name, given


# --- the classes --------------------------------------------------------------------------------

def start_classroom(args, home: Path, number: int, db: str):
    port = free_port()
    run = home / f"class-{number}"
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--quiz", args.quiz,
            "--host", "127.0.0.1", "--port", str(port), "--token", TOKEN,
            "--session", f"class-{number}", "--db", db, "--join-code", JOIN,
            "--same-order",  # the robots answer the quiz in its order
            "--connections-per-address", "0",  # every robot comes from 127.0.0.1
            "--run-dir", str(run)]
    run.mkdir(parents=True)
    log = open(run / "server.log", "w")
    process = subprocess.Popen(argv, cwd=home, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True)
    return process, f"http://127.0.0.1:{port}", run / "server.log"


def niced_chromium(home: Path, nice: int) -> str:
    """A Chromium that runs with its priority lowered by ``nice`` (a two-line wrapper)."""
    wrapper = home / "chromium"
    wrapper.write_text(f'#!/bin/sh\nexec nice -n {int(nice)} {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


def wait_ready(processes) -> float:
    import urllib.request
    t0 = time.monotonic()
    for process, base, log in processes:
        while True:
            if process.poll() is not None or time.monotonic() - t0 > 300:
                raise RuntimeError(log.read_text()[-3000:])
            try:
                with urllib.request.urlopen(base + "/voila/static/voila.js", timeout=5) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                pass
            time.sleep(0.3)
    return time.monotonic() - t0


async def sample(processes, stats, stop):
    while not stop.is_set():
        stats["rss"].append((time.monotonic() - stats["t0"],
                             [rss_mb(p.pid) for p, _, _ in processes], load_average()))
        try:
            await asyncio.wait_for(stop.wait(), 5)
        except asyncio.TimeoutError:
            pass


async def run_classes(processes, quiz, args, stats):
    rng = random.Random(args.seed)
    from tornado.httpclient import AsyncHTTPClient
    AsyncHTTPClient.configure(None, max_clients=args.students + 10)
    playwright = browser = None
    if args.browsers:
        from playwright.async_api import async_playwright
        playwright = await async_playwright().start()
        browser = await playwright.chromium.launch(executable_path=stats["chromium"],
                                                   args=CHROMIUM_FLAGS)
    stop = asyncio.Event()
    stats["t0"] = time.monotonic()
    sampler = asyncio.create_task(sample(processes, stats, stop))
    tasks = []
    for n in range(args.students):
        number = n % args.classes
        base = processes[number][1]
        student_rng = random.Random(rng.random())
        if n < args.browsers:
            coro = browser_student(f"Browser {n:03d}", browser, base, quiz, args.questions,
                                   stats, student_rng)
        else:
            coro = light_student(f"Student {n:03d}", base, quiz, args.questions, stats,
                                 student_rng)
        tasks.append(asyncio.ensure_future(_tagged(number, _delayed(coro, rng.uniform(
            0, args.arrival)))))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    stop.set()
    await sampler
    stats["seconds"] = time.monotonic() - stats["t0"]
    if browser:
        await browser.close()
        await playwright.stop()
    return results


async def _delayed(coro, delay):
    await asyncio.sleep(delay)
    return await coro


async def _tagged(number, coro):
    return number, await coro


def _ms(seconds: float):
    return None if seconds != seconds else round(1000 * seconds, 1)


def _where(error: BaseException) -> str:
    return f"{type(error).__name__}: {str(error)[:300]}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30, help="in all, over the classes")
    parser.add_argument("--classes", type=int, default=1, help="classrooms running at once")
    parser.add_argument("--browsers", type=int, default=3, help="of the students, Chromium pages")
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--quiz", default="basic")
    parser.add_argument("--db", help="results database for every class (default: a new "
                                     "SQLite file)")
    parser.add_argument("--arrival", type=float, default=0.0,
                        help="students arrive over this many seconds (default 0: all at once)")
    parser.add_argument("--think", type=float, default=5.0,
                        help="mean seconds a student reads before each answer (0: lockstep)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--client-nice", type=int, default=10,
                        help="the Chromium pages run with their priority lowered by this much "
                             "(default 10): in a school they run on the students' own devices")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    if args.browsers and not Path(CHROMIUM).exists():
        print(f"no {CHROMIUM}: running with light clients only", file=sys.stderr)
        args.browsers = 0
    quiz = Quiz.load(args.quiz)
    args.questions = min(args.questions, len(quiz))
    home = Path(tempfile.mkdtemp(prefix="bench-classroom-"))
    db = args.db or str(home / "results.db")
    processes = [start_classroom(args, home, n, db) for n in range(args.classes)]
    stats = {"first": [], "round": [], "server": [], "rss": [], "think": args.think}
    try:
        start_seconds = wait_ready(processes)
        stats["chromium"] = niced_chromium(home, args.client_nice)
        idle = [rss_mb(p.pid) for p, _, _ in processes]
        load_before = load_average()
        print(f"{args.classes} classroom(s) ready in {start_seconds:.1f} s, RSS "
              f"{sum(idle):.0f} MB idle, load {load_before}", flush=True)
        results = asyncio.run(run_classes(processes, quiz, args, stats))
        load_after = load_average()
    finally:
        for process, _, _ in processes:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)

    failures = [r for r in results if isinstance(r, BaseException)]
    acknowledged, rows = {}, {}
    for result in results:
        if isinstance(result, BaseException):
            continue
        number, (name, given) = result
        for question_id, outcome in given:
            key = (f"class-{number}", name, question_id, outcome)
            acknowledged[key] = acknowledged.get(key, 0) + 1
    with open_store(db, create=False) as store:
        for number in range(args.classes):
            for row in store.answers(session=f"class-{number}"):
                key = (row.session, row.student_name, row.question_id, row.outcome)
                rows[key] = rows.get(key, 0) + 1
    lost = sum(max(0, n - rows.get(key, 0)) for key, n in acknowledged.items())
    duplicated = sum(max(0, n - acknowledged.get(key, 0)) for key, n in rows.items())

    def pick(series, who=None):
        return [d for _, d, kind in series if who is None or kind == who]

    first, rounds = pick(stats["first"]), pick(stats["round"])
    peak = [max(sample[1][i] for sample in stats["rss"]) for i in range(args.classes)] \
        if stats["rss"] else idle
    windows = []
    for start in range(0, int(stats["seconds"]) + 1, WINDOW):
        inside = [d for t, d, _ in stats["round"] if start <= t < start + WINDOW]
        mem = [sum(r) for t, r, _ in stats["rss"] if start <= t < start + WINDOW]
        loads = [lo for t, _, lo in stats["rss"] if start <= t < start + WINDOW]
        if inside or mem:
            windows.append({"from_s": start, "answers": len(inside),
                            "round_p50_ms": _ms(percentile(inside, 0.5)),
                            "round_p95_ms": _ms(percentile(inside, 0.95)),
                            "rss_mb": round(max(mem), 1) if mem else None,
                            "load": loads[-1] if loads else load_average()})
    summary = {
        "students": args.students, "classes": args.classes, "browsers": args.browsers,
        "questions_each": args.questions, "think_s": args.think, "arrival_s": args.arrival,
        "start_seconds": round(start_seconds, 1), "run_seconds": round(stats["seconds"], 1),
        "first_p50_s": round(percentile(first, 0.5), 2),
        "first_p95_s": round(percentile(first, 0.95), 2),
        "first_browsers_p50_p95_s": [round(percentile(pick(stats["first"], "browser"), q), 2)
                                     for q in (0.5, 0.95)],
        "first_light_p50_p95_s": [round(percentile(pick(stats["first"], "light"), q), 2)
                                  for q in (0.5, 0.95)],
        "round_p50_ms": _ms(percentile(rounds, 0.5)), "round_p95_ms": _ms(percentile(rounds, 0.95)),
        "round_browsers_p50_p95_ms": [_ms(percentile(pick(stats["round"], "browser"), q))
                                      for q in (0.5, 0.95)],
        "answer_server_work_p50_p95_ms": [_ms(percentile(pick(stats["server"]), q))
                                          for q in (0.5, 0.95)],
        "answers_acknowledged": sum(acknowledged.values()), "answers_in_db": sum(rows.values()),
        "errors": len(failures), "lost": lost, "duplicated": duplicated,
        "rss_idle_mb": round(sum(idle), 1), "rss_peak_mb": round(sum(peak), 1),
        "rss_mb_per_student": round(sum(peak) / max(args.students, 1), 2),
        "rss_growth_mb_per_student": round((sum(peak) - sum(idle)) / max(args.students, 1), 3),
        "load_before": load_before, "load_after": load_after,
        "failures": [_where(f) for f in failures][:5],
    }
    for line in windows:
        print(f"  t={line['from_s']:>4}s answers {line['answers']:>4}  round p50/p95 "
              f"{line['round_p50_ms']}/{line['round_p95_ms']} ms  RSS {line['rss_mb']} MB  "
              f"load {line['load']}")
    for key, value in summary.items():
        print(f"{key:28} {value}")
    if args.json:
        Path(args.json).write_text(json.dumps({**summary, "over_time": windows}, indent=1))
    return 0 if not (failures or lost or duplicated) else 1


if __name__ == "__main__":
    sys.exit(main())
