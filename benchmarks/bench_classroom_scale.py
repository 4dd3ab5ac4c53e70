"""A school on one machine: 500 students in several classes, and a memory soak.

    .venv/bin/python benchmarks/bench_classroom_scale.py                 # 500 students, 5 classes, 10 min
    .venv/bin/python benchmarks/bench_classroom_scale.py --quick         # 60 students, 3 classes, 1 min
    .venv/bin/python benchmarks/bench_classroom_scale.py --minutes 3 --students 300 --classes 3
    .venv/bin/python benchmarks/bench_classroom_scale.py --quick --db postgresql://... --processes 2

How the school runs (the arrangement the numbers are for): **one classroom server per
class**. A server serves one session (one quiz, one join code, one teacher's token), so
classes do not share a process: each class is its own ``rummy-teach classroom`` on its own
port, all writing to one results database (a SQLite file by default, as a school's one
machine would; ``--db postgresql://...`` for a server). Separate processes also use both
cores (one Python process runs its students' work on one core at a time) and keep a class
going when another class's server is stopped.

``--processes 2`` is the district arrangement instead: every class served by two server
processes at once on one database (PostgreSQL), the students' requests alternating between
them, as behind a load-balancing proxy.

What happens: the servers start; ``--students`` light clients (the page's requests over HTTP,
see ``bench_classroom.py``) arrive over ``--arrival`` seconds, spread over the classes, each
gets the page (the seat cookie), gives a name, then answers ``--questions`` questions (right
about 70 % of the time), reading for a random time (uniform, mean ``--think`` s, by default
the soak's length over the number of questions, so the answers spread over the whole soak)
before each answer and pressing Next after it. A student done before the end keeps the page
open and reloads it now and then (mean ``--think`` s). Each class's teacher dashboard is read every 5 s, as the open
dashboard page does. Until ``--minutes`` are over.

Printed from the one run:

* first question: from the page request to the first question after the name, p50/p95/max
  (target p95 <= 1 s);
* answer round trip: Submit to verdict, p50/p95/p99/max (target p95 <= 150 ms), and the
  servers' own time for it (``Server-Timing``);
* memory: the resident set of every server process, sampled every 5 s: at the start of the
  soak (all students in), at the end, the most, and the slope (least squares, MB a minute)
  of their sum over the soak and over its second half (target: flat), and the KB gained
  per answer kept over each. A soak whose answering ends halfway (``--think`` short, the
  students then only reload their pages) tells growth per answer from growth per minute;
* answers acknowledged, in the database, lost, duplicated; errors;
* the load average before and after (the machine may be shared).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from bench_classroom import (JOIN, TOKEN, Failed, PageClient, form_fields,  # noqa: E402
                             free_port, load_average, percentile, planned_answer, rss_mb,
                             wait_ready)

from rummy_teach.classroom import open_store  # noqa: E402
from rummy_teach.quiz import Quiz  # noqa: E402

SAMPLE_SECONDS = 5.0
DASHBOARD_SECONDS = 5.0


def start_server(args, home: Path, number: int, copy: int, db: str):
    """One ``rummy-teach classroom`` for class ``number`` (``copy``: which of its processes)."""
    port = free_port()
    run = home / f"class-{number}-{copy}"
    run.mkdir(parents=True)
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--quiz", args.quiz,
            "--host", "127.0.0.1", "--port", str(port), "--token", TOKEN,
            "--session", f"class-{number}", "--join-code", JOIN, "--same-order",
            "--connections-per-address", "0",  # every client comes from 127.0.0.1
            "--run-dir", str(run)]
    env = {**os.environ, "RUMMY_TEACH_DB": db}  # never on the command line (ps shows it)
    log = open(run / "server.log", "w")
    process = subprocess.Popen(argv, cwd=home, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True, env=env)
    return process, f"http://127.0.0.1:{port}", run / "server.log"


class Student:
    """One light client, its requests going to its class's servers in turn."""

    def __init__(self, name: str, bases: list[str], rng: random.Random, address: str):
        self.name, self.bases, self.rng = name, bases, rng
        self.page = PageClient(bases[0])
        self.turn = 0
        fetch = self.page.client.fetch

        def from_address(*args, **kwargs):  # each device its own address, as on a school's LAN
            return fetch(*args, network_interface=address, **kwargs)
        self.page.client = type("Client", (), {"fetch": staticmethod(from_address)})()

    async def call(self, path, fields=None):
        self.page.base = self.bases[self.turn % len(self.bases)]
        self.turn += 1
        return await self.page.call(path, fields)


async def student(name, bases, quiz, questions, stats, rng, until):
    number = int(name.split()[-1])
    me = Student(name, bases, rng, f"127.0.{1 + number // 250}.{1 + number % 250}")
    await asyncio.sleep(rng.uniform(0, stats["arrival"]))
    t0 = time.monotonic()
    body = await me.call(f"/quiz?join={JOIN}")
    if "your name" not in body:
        raise Failed(f"{name}: no name form")
    body = await me.call("/quiz/join", [("name", name)])
    if "rt-score" not in body:
        raise Failed(f"{name}: no first question after the name: {body[:200]}")
    stats["first"].append(time.monotonic() - t0)
    stats["joined"] += 1
    given = []
    for i in range(questions):
        question = quiz[i]
        text, right = planned_answer(question, rng)
        await asyncio.sleep(min(rng.uniform(0, 2 * stats["think"]), max(0, until - time.monotonic())))
        t = time.monotonic()
        body = await me.call("/quiz/answer", [("question", question.id), ("try", "0"),
                                              *form_fields(question, text)])
        verdict = "rt-right" if right else "rt-wrong"
        if f"rt-feedback {verdict}" not in body:
            raise Failed(f"{name}: {question.id} did not come back {verdict}: {body[:300]}")
        stats["round"].append((t - stats["t0"], time.monotonic() - t))
        stats["server"].append(me.page.server_ms / 1000)
        given.append((question.id, "right" if right else "wrong"))
        stats["acked"].append((stats["class"][name], name, question.id, given[-1][1]))
        if i + 1 < questions:
            body = await me.call("/quiz/next", [])
            if f"question {i + 2} of" not in body:
                raise Failed(f"{name}: Next did not lead to question {i + 2}")
    while time.monotonic() < until:  # done: the page stays open and is reloaded now and then
        await asyncio.sleep(min(rng.uniform(0, 2 * stats["think"]), max(0, until - time.monotonic())))
        if time.monotonic() >= until:
            break
        body = await me.call(f"/quiz?join={JOIN}")
        if "rt-score" not in body:  # welcomed back, on the question after their last
            raise Failed(f"{name}: the page did not come back on reload: {body[:200]}")
        stats["reloads"] += 1
    return name, given


async def dashboard(base, number, stats, stop):
    from tornado.httpclient import AsyncHTTPClient
    client = AsyncHTTPClient()
    url = f"{base}/teacher/dashboard?token={TOKEN}&session=class-{number}&part=live"
    while not stop.is_set():
        t = time.monotonic()
        try:
            await client.fetch(url, request_timeout=120)
            stats["dashboard"].append(time.monotonic() - t)
        except Exception as error:  # noqa: BLE001 - counted, the run goes on
            stats["dashboard_errors"].append(f"{type(error).__name__}: {error}"[:200])
        try:
            await asyncio.wait_for(stop.wait(), DASHBOARD_SECONDS)
        except asyncio.TimeoutError:
            pass


async def sample(processes, stats, stop):
    while not stop.is_set():
        stats["rss"].append((time.monotonic() - stats["t0"], [rss_mb(p.pid) for p, _, _ in processes],
                             stats["joined"]))
        try:
            await asyncio.wait_for(stop.wait(), SAMPLE_SECONDS)
        except asyncio.TimeoutError:
            pass


async def run_school(classes, quiz, args, stats):
    from tornado.httpclient import AsyncHTTPClient
    AsyncHTTPClient.configure(None, max_clients=args.students + 2 * len(classes) + 10)
    rng = random.Random(args.seed)
    stop = asyncio.Event()
    stats["t0"] = time.monotonic()
    until = stats["t0"] + args.arrival + 60 * args.minutes
    everyone = [p for servers in classes for p in servers]
    sampler = asyncio.create_task(sample(everyone, stats, stop))
    boards = [asyncio.create_task(dashboard(servers[0][1], number, stats, stop))
              for number, servers in enumerate(classes)]
    tasks = []
    for n in range(args.students):
        number = n % len(classes)
        stats["class"][f"Student {n:03d}"] = number
        bases = [base for _, base, _ in classes[number]]
        coro = student(f"Student {n:03d}", bases, quiz, args.questions, stats,
                       random.Random(rng.random()), until)
        tasks.append(asyncio.ensure_future(_tagged(number, coro)))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    stop.set()
    await sampler
    await asyncio.gather(*boards)
    stats["seconds"] = time.monotonic() - stats["t0"]
    return results


async def _tagged(number, coro):
    return number, await coro


def slope_per_minute(points) -> float:
    """Least-squares slope of (seconds, MB) points, in MB a minute."""
    if len(points) < 2:
        return float("nan")
    n = len(points)
    mx = sum(t for t, _ in points) / n
    my = sum(v for _, v in points) / n
    var = sum((t - mx) ** 2 for t, _ in points)
    return 60 * sum((t - mx) * (v - my) for t, v in points) / var if var else float("nan")


def _per_answer(points, answers: int):
    """KB of resident memory gained from the first to the last of ``points`` per answer
    kept meanwhile (None without answers)."""
    if not answers or len(points) < 2:
        return None
    return round((points[-1][1] - points[0][1]) * 1024 / answers, 2)


def _ms(seconds: float):
    return None if seconds != seconds else round(1000 * seconds, 1)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=500, help="in all, over the classes")
    parser.add_argument("--classes", type=int, default=5)
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes per class on one database (2: the district "
                             "arrangement; needs --db postgresql://...)")
    parser.add_argument("--minutes", type=float, default=10.0,
                        help="the soak: how long the students keep working after they arrived")
    parser.add_argument("--arrival", type=float, default=60.0,
                        help="students arrive over this many seconds (default 60)")
    parser.add_argument("--questions", type=int, default=12)
    parser.add_argument("--think", type=float, default=None,
                        help="mean seconds a student reads before each answer (default: the "
                             "soak's length over the questions)")
    parser.add_argument("--quiz", default="basic")
    parser.add_argument("--db", help="results database for every class (default: a new SQLite "
                                     "file); given to the servers through $RUMMY_TEACH_DB")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true",
                        help="60 students in 3 classes, arriving over 10 s, for 1 minute")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    if args.quick:
        args.students, args.classes, args.arrival, args.minutes = 60, 3, 10.0, 1.0
    quiz = Quiz.load(args.quiz)
    args.questions = min(args.questions, len(quiz))
    think = args.think if args.think is not None else 60 * args.minutes / (args.questions + 1)
    home = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    db = args.db or str(home / "results.db")
    classes = [[start_server(args, home, n, copy, db) for copy in range(args.processes)]
               for n in range(args.classes)]
    everyone = [p for servers in classes for p in servers]
    stats = {"first": [], "round": [], "server": [], "rss": [], "dashboard": [],
             "dashboard_errors": [], "acked": [], "class": {}, "joined": 0, "reloads": 0, "think": think,
             "arrival": args.arrival}
    try:
        start_seconds = wait_ready(everyone)
        idle = [rss_mb(p.pid) for p, _, _ in everyone]
        load_before = load_average()
        print(f"{len(everyone)} server process(es) for {args.classes} class(es) ready in "
              f"{start_seconds:.1f} s, RSS {sum(idle):.0f} MB idle, load {load_before}; "
              f"{args.students} students arrive over {args.arrival:g} s, then {args.minutes:g} "
              f"min, reading ~{think:.0f} s an answer", flush=True)
        results = asyncio.run(run_school(classes, quiz, args, stats))
        load_after = load_average()
    finally:
        for process, _, _ in everyone:
            os.killpg(process.pid, signal.SIGTERM)
        for process, _, _ in everyone:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)

    failures = [r for r in results if isinstance(r, BaseException)]
    acknowledged, rows = {}, {}
    for number, name, question_id, outcome in stats["acked"]:  # failed students' too
        key = (f"class-{number}", name, question_id, outcome)
        acknowledged[key] = acknowledged.get(key, 0) + 1
    with open_store(db, create=False) as store:
        for number in range(args.classes):
            for row in store.answers(session=f"class-{number}"):
                key = (row.session, row.student_name, row.question_id, row.outcome)
                rows[key] = rows.get(key, 0) + 1
    lost = sum(max(0, n - rows.get(key, 0)) for key, n in acknowledged.items())
    duplicated = sum(max(0, n - acknowledged.get(key, 0)) for key, n in rows.items())

    rounds = [d for _, d in stats["round"]]
    # the soak: from the first sample with every student in (or the arrival's end) on
    everyone_in = [s for s in stats["rss"] if s[2] >= args.students - len(failures)] or stats["rss"]
    soak = [(t, sum(r)) for t, r, _ in everyone_in]
    # the soak's second half: does the growth stop? (and how much a kept answer costs)
    half = soak[0][0] + (soak[-1][0] - soak[0][0]) / 2 if soak else 0.0
    second = [(t, v) for t, v in soak if t >= half]
    answered_in_soak = sum(1 for t, _ in stats["round"] if soak and t >= soak[0][0])
    answered_in_second = sum(1 for t, _ in stats["round"] if soak and t >= half)
    summary = {
        "students": args.students, "classes": args.classes, "processes_per_class": args.processes,
        "database": "postgresql" if db.startswith("postgres") else "sqlite",
        "questions_each": args.questions, "think_s": round(think, 1), "arrival_s": args.arrival,
        "soak_minutes": args.minutes,
        "start_seconds": round(start_seconds, 1), "run_seconds": round(stats["seconds"], 1),
        "first_p50_p95_max_s": [round(percentile(stats["first"], q), 3) for q in (0.5, 0.95, 1)],
        "round_p50_p95_p99_max_ms": [_ms(percentile(rounds, q)) for q in (0.5, 0.95, 0.99, 1)],
        "server_work_p50_p95_ms": [_ms(percentile(stats["server"], q)) for q in (0.5, 0.95)],
        "dashboard_p50_p95_ms": [_ms(percentile(stats["dashboard"], q)) for q in (0.5, 0.95)],
        "dashboard_reads": len(stats["dashboard"]), "dashboard_errors": len(stats["dashboard_errors"]),
        "reloads_after_finishing": stats["reloads"],
        "answers_acknowledged": sum(acknowledged.values()), "answers_in_db": sum(rows.values()),
        "errors": len(failures), "lost": lost, "duplicated": duplicated,
        "rss_idle_mb": round(sum(idle), 1),
        "rss_soak_start_mb": round(soak[0][1], 1) if soak else None,
        "rss_soak_end_mb": round(soak[-1][1], 1) if soak else None,
        "rss_soak_max_mb": round(max(v for _, v in soak), 1) if soak else None,
        "rss_soak_slope_mb_per_min": round(slope_per_minute(soak), 3),
        "rss_second_half_slope_mb_per_min": round(slope_per_minute(second), 3),
        "answers_in_soak_and_second_half": [answered_in_soak, answered_in_second],
        "rss_kb_per_answer_soak_and_second_half": [_per_answer(soak, answered_in_soak),
                                                   _per_answer(second, answered_in_second)],
        "rss_per_process_end_mb": [round(v, 1) for v in everyone_in[-1][1]] if everyone_in else [],
        "load_before": load_before, "load_after": load_after,
        "failures": [f"{type(f).__name__}: {str(f)[:300]}" for f in failures][:5]
                    + stats["dashboard_errors"][:3],
    }
    minute = 60
    for start in range(0, int(stats["seconds"]) + 1, minute):
        inside = [d for t, d in stats["round"] if start <= t < start + minute]
        mem = [sum(r) for t, r, _ in stats["rss"] if start <= t < start + minute]
        if inside or mem:
            print(f"  t={start:>4}s answers {len(inside):>5}  round p50/p95 "
                  f"{_ms(percentile(inside, 0.5))}/{_ms(percentile(inside, 0.95))} ms  "
                  f"RSS {max(mem) if mem else float('nan'):.1f} MB")
    for key, value in summary.items():
        print(f"{key:28} {value}")
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=1))
    return 0 if not (failures or lost or duplicated or stats["dashboard_errors"]) else 1


if __name__ == "__main__":
    sys.exit(main())
