"""Does a quiz need a kernel per student? One process judging whole classes, measured.

    .venv/bin/python benchmarks/bench_quiz_process.py --students 30 --classes 1
    .venv/bin/python benchmarks/bench_quiz_process.py --students 200 --classes 4 --questions 12 --think 5

The server here is what a classroom without kernels would be: one tornado process that
keeps each class's quiz loaded once, gives a student their paper (made and stored by
the real results store, ``rummy_teach.classroom``), judges each answer with the real
``Question.check`` and records it in the real store before it replies. It is a
measuring device, not a second classroom: it has no pages and no widgets, only the two
JSON calls a page would make (``POST /start``: the student and their first question;
``POST /answer``: the verdict). It runs in a child process, so its memory is its own.

The students are light clients (tornado's HTTP client, all in one asyncio loop here),
spread over ``--classes`` classes (sessions of the same store) and arriving all in the
same instant; each answers every question (right about 70% of the time) after a
random thinking time (mean ``--think`` s). Measured:

* time to the first question (the ``/start`` call) and the answer round trip, p50/p95,
  overall and per 30 s of the run (to see drift over time);
* the server's RSS every 5 s, and per student;
* errors (any reply but 200), lost answers (acknowledged but not in the database) and
  duplicated answers (more rows than acknowledged answers for a student and question).

The load average is printed with every figure: the machine is shared.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from bench_classroom import free_port, percentile, planned_answer, rss_mb  # noqa: E402


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


# --- the server: one process, every class ----------------------------------------------------

def serve(port: int, db: str, quiz_name: str) -> None:
    import tornado.ioloop
    import tornado.web

    from rummy_teach.classroom import open_store
    from rummy_teach.classroom.student import make_paper
    from rummy_teach.quiz import Quiz

    quiz = Quiz.load(quiz_name)
    store = open_store(db)

    def start(session: str, name: str) -> dict:
        paper = make_paper(quiz, shuffle=True)
        student = store.add_student(session=session, name=name, seat_hash="0" * 64,
                                    quiz=quiz.name or "quiz", paper=paper)
        first = quiz[student.paper["order"][0]].to_public()
        return {"student_id": student.student_id, "order": student.paper["order"],
                "question": first}

    def answer(session: str, student_id: str, name: str, question_id: str, given: str) -> dict:
        question = quiz[question_id]
        result = question.check(given)
        store.record(session=session, student_id=student_id, student_name=name,
                     quiz=quiz.name or "quiz", question_id=question_id, rule=question.rule,
                     given=given, outcome=result.outcome)
        return {"outcome": result.outcome}

    class Call(tornado.web.RequestHandler):
        async def post(self, what):
            body = json.loads(self.request.body)
            work = start if what == "start" else answer
            # the store's calls are short and blocking: a worker thread keeps the loop free
            reply = await asyncio.get_running_loop().run_in_executor(None, lambda: work(**body))
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps(reply))

    app = tornado.web.Application([(r"/(start|answer)", Call)])
    app.listen(port, address="127.0.0.1")
    print("ready", flush=True)
    tornado.ioloop.IOLoop.current().start()


# --- the students ----------------------------------------------------------------------------

async def student(n, base, quiz, args, stats, rng, t0):
    from tornado.httpclient import AsyncHTTPClient, HTTPClientError

    client = AsyncHTTPClient()
    session = f"class-{n % args.classes}"
    name = f"Student {n:03d}"

    async def call(what, body):
        try:
            reply = await client.fetch(f"{base}/{what}", method="POST", body=json.dumps(body),
                                       request_timeout=120)
            return json.loads(reply.body)
        except (HTTPClientError, OSError) as error:
            stats["errors"].append(f"{name} {what}: {error}")
            return None

    began = time.monotonic()
    started = await call("start", {"session": session, "name": name})
    if started is None:
        return
    stats["first"].append((began - t0, time.monotonic() - began))
    for question_id in started["order"][:args.questions]:
        await asyncio.sleep(rng.expovariate(1 / args.think) if args.think else 0)
        given, _ = planned_answer(quiz[question_id], rng)
        sent = time.monotonic()
        verdict = await call("answer", {"session": session, "student_id": started["student_id"],
                                        "name": name, "question_id": question_id, "given": given})
        if verdict is not None:
            stats["round"].append((sent - t0, time.monotonic() - sent))
            stats["acknowledged"].append((session, started["student_id"], question_id))


async def sample_memory(pid, stats, t0, stop):
    while not stop.is_set():
        stats["rss"].append((time.monotonic() - t0, rss_mb(pid), load()))
        try:
            await asyncio.wait_for(stop.wait(), 5)
        except asyncio.TimeoutError:
            pass


async def run(base, pid, quiz, args):
    rng = random.Random(args.seed)
    stats = {"first": [], "round": [], "errors": [], "acknowledged": [], "rss": []}
    from tornado.httpclient import AsyncHTTPClient
    AsyncHTTPClient.configure(None, max_clients=args.students)
    stop = asyncio.Event()
    t0 = time.monotonic()
    sampler = asyncio.create_task(sample_memory(pid, stats, t0, stop))
    await asyncio.gather(*(student(n, base, quiz, args, stats, random.Random(rng.random()), t0)
                           for n in range(args.students)))
    stop.set()
    await sampler
    stats["seconds"] = time.monotonic() - t0
    return stats


def ms(seconds):
    return round(seconds * 1000, 1)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--classes", type=int, default=1)
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--think", type=float, default=5.0, help="mean thinking time, s")
    parser.add_argument("--quiz", default="basic")
    parser.add_argument("--db", help="results database (default: a new SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve, args.db, args.quiz)
        return 0

    from rummy_teach.classroom import open_store
    from rummy_teach.quiz import Quiz

    quiz = Quiz.load(args.quiz)
    db = args.db or str(Path(tempfile.mkdtemp(prefix="rummy-bench-")) / "results.db")
    port = free_port()
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), "--db", db,
                               "--quiz", args.quiz], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout.readline().strip() == "ready"
        idle = rss_mb(server.pid)
        print(f"server ready, RSS {idle:.0f} MB idle, load {load()}", flush=True)
        stats = asyncio.run(run(f"http://127.0.0.1:{port}", server.pid, quiz, args))
    finally:
        server.terminate()
        server.wait(timeout=30)

    # lost and duplicated answers: the database against what the students were told
    rows = {}
    with open_store(db, create=False) as store:
        for n in range(args.classes):
            for answer in store.answers(session=f"class-{n}"):
                key = (answer.session, answer.student_id, answer.question_id)
                rows[key] = rows.get(key, 0) + 1
    acknowledged = {}
    for key in stats["acknowledged"]:
        acknowledged[key] = acknowledged.get(key, 0) + 1
    lost = sum(max(0, n - rows.get(key, 0)) for key, n in acknowledged.items())
    duplicated = sum(max(0, n - acknowledged.get(key, 0)) for key, n in rows.items())

    first = [d for _, d in stats["first"]]
    rounds = [d for _, d in stats["round"]]
    peak = max(rss for _, rss, _ in stats["rss"])
    windows = []
    for start in range(0, int(stats["seconds"]) + 1, 30):
        inside = [d for t, d in stats["round"] if start <= t < start + 30]
        mem = [r for t, r, _ in stats["rss"] if start <= t < start + 30]
        loads = [lo for t, _, lo in stats["rss"] if start <= t < start + 30]
        if inside or mem:
            windows.append({"from_s": start, "answers": len(inside),
                            "round_p50_ms": ms(percentile(inside, 0.5)) if inside else None,
                            "round_p95_ms": ms(percentile(inside, 0.95)) if inside else None,
                            "rss_mb": round(max(mem), 1) if mem else None,
                            "load": loads[-1] if loads else load()})
    result = {
        "students": args.students, "classes": args.classes, "questions": args.questions,
        "think_s": args.think, "seconds": round(stats["seconds"], 1),
        "first_p50_ms": ms(percentile(first, 0.5)), "first_p95_ms": ms(percentile(first, 0.95)),
        "round_p50_ms": ms(percentile(rounds, 0.5)), "round_p95_ms": ms(percentile(rounds, 0.95)),
        "answers": len(rounds), "errors": len(stats["errors"]), "lost": lost,
        "duplicated": duplicated, "rss_idle_mb": round(idle, 1), "rss_peak_mb": round(peak, 1),
        "rss_per_student_mb": round((peak - idle) / max(args.students, 1), 2),
        "load_end": load(), "over_time": windows,
    }
    for line in windows:
        print(f"  t={line['from_s']:>4}s answers {line['answers']:>4}  round p50/p95 "
              f"{line['round_p50_ms']}/{line['round_p95_ms']} ms  RSS {line['rss_mb']} MB  "
              f"load {line['load']}")
    print(json.dumps({k: v for k, v in result.items() if k != "over_time"}, indent=1))
    for error in stats["errors"][:5]:
        print("error:", error)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1))
    return 0 if not (stats["errors"] or lost or duplicated) else 1


if __name__ == "__main__":
    sys.exit(main())
