"""A class at card tables against a real ``rummy-teach classroom`` server (issue 30's speed).

    .venv/bin/python benchmarks/bench_tables.py --students 30 --tables 8 --moves 40 --think 1

Starts one classroom from the command line on 127.0.0.1, lets ``--students`` light
clients join through the quiz page as browsers do (the join code, a name, the signed seat
cookie), opens ``--tables`` tables in the class's database seating them all (Basic Rummy,
one Rummy 500 and one Contract Rummy table when there are three or more), then every
student opens ``/tables/ws`` and sits at their seat. At every table the student to act
waits a reading time (uniform, mean ``--think`` s), picks one of the legal moves its
frame lists, and sends it. Measured, per move: from the send until every *other* student
at the table has received the frame of the new version (the issue's "a move to every other
browser showing it", less the drawing), p50/p95/max; errors (a refused move, a socket
closed); the server's RSS; the load average (the machine may be shared).

With ``--browsers N`` (issue 30: "real Chromium clients for a few seats"), N students of
table t1 also open the students' table page in Chromium (Debian's ``/usr/bin/chromium``
through Playwright, one context each, with the student's cookie): the server draws the
book's table for their seat and the page puts it in place. Measured for those moves too:
from the send until each Chromium page has put the new version's table in its document
(a MutationObserver notes ``Date.now()`` when the page's ``data-version`` changes; the
send's time is ``time.time()`` on the same machine), p50/p95/max.

The clients run in this process (one asyncio loop): on a 2-core machine they compete with
the server for the CPU, so the figures are an upper bound of what the server itself costs.
Target (issue 30): p95 <= 150 ms for 30 students at 8 tables.
"""

from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from rummy_teach.classroom import open_store  # noqa: E402
from rummy_teach.classroom.tables import Seat, open_table  # noqa: E402
from rummy_teach.classroom.tablestore import TableJournal  # noqa: E402

SAMPLE = ROOT / "rummy_teach" / "quiz" / "samples" / "first-week.json"
JOIN, SESSION, TOKEN = "BENCH7", "bench-tables", "bench-tables-token-42"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start(home: Path, port: int, students: int) -> subprocess.Popen:
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--quiz", str(home / "quiz.json"),
            "--host", "127.0.0.1", "--port", str(port), "--students", str(students + 5),
            "--token", TOKEN, "--session", SESSION, "--join-code", JOIN, "--same-order",
            "--run-dir", str(home / "run")]
    log = open(home / "server.log", "w")
    process = subprocess.Popen(argv, cwd=home, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    for _ in range(600):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/voila.js", timeout=5):
                return process
        except OSError:
            if process.poll() is not None:
                raise SystemExit(f"the classroom exited: {(home / 'server.log').read_text()[-2000:]}")
            time.sleep(0.5)
    raise SystemExit("the classroom did not answer")


def join(base: str, name: str) -> str:
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(f"{base}/quiz?join={JOIN}", timeout=60).read()
    data = urllib.parse.urlencode({"name": name}).encode()
    opener.open(urllib.request.Request(f"{base}/quiz/join", data=data,
                                       headers={"X-Rummy-Part": "main"}), timeout=60).read()
    return "; ".join(f"{c.name}={c.value}" for c in jar)


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


class Client:
    """One student's socket: the frames it received, by version, with their arrival time."""

    def __init__(self, socket, seat):
        self.socket, self.seat = socket, seat
        self.frame = None
        self.arrived: dict[int, float] = {}
        self.changed = asyncio.Event()
        self.errors = 0

    async def read(self):
        while True:
            text = await self.socket.read_message()
            if text is None:
                self.errors += 1
                self.changed.set()
                return
            message = json.loads(text)
            if message["type"] == "frame":
                self.frame = message
                self.arrived[message["version"]] = time.perf_counter()
            elif message["type"] == "reply" and not message["ok"]:
                self.errors += 1
            self.changed.set()


WATCH = """() => {
  const table = document.getElementById("rt-table");
  window.rtDrawn = {};
  new MutationObserver(() => { window.rtDrawn[table.dataset.version] = Date.now(); })
    .observe(table, { attributes: true, attributeFilter: ["data-version"] });
}"""


async def open_browsers(base, cookies, names, table_id):
    """A Chromium page at the table for each of ``names``, with that student's cookie."""
    from playwright.async_api import async_playwright

    playwright = await async_playwright().start()
    browser = await playwright.chromium.launch(executable_path="/usr/bin/chromium", args=[
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"])
    pages = []
    for name in names:
        context = await browser.new_context(viewport={"width": 1100, "height": 900})
        await context.add_cookies([{"name": k, "value": v, "url": base + "/"} for k, v in
                                   (pair.split("=", 1) for pair in cookies[name].split("; "))])
        page = await context.new_page()
        await page.goto(f"{base}/tables?table={table_id}", timeout=180_000)
        await page.locator("#rt-table .rt-own [data-card]").first.wait_for(timeout=180_000)
        await page.evaluate(WATCH)
        pages.append(page)
    return playwright, browser, pages


async def play_table(table_id, clients, moves, think, rng, latencies, errors, pages=(), drawn=None):
    for _ in range(moves):
        view = clients[0].frame["view"]
        if view["is_game_over"]:
            break
        mover = next(c for c in clients if c.seat == view["to_move"])
        await asyncio.sleep(rng.uniform(0, 2 * think))
        frame = mover.frame
        legal = frame["view"]["legal_actions"]
        if not legal:
            errors.append(f"{table_id}: no legal move for seat {mover.seat}")
            return
        version = frame["version"] + 1
        sent, sent_wall = time.perf_counter(), time.time() * 1000
        mover.socket.write_message(json.dumps({"type": "move", "table": table_id, "seat": mover.seat,
                                               "move": rng.choice(legal), "seen": frame["version"]}))
        deadline = sent + 30
        while not all(version in c.arrived for c in clients):
            if time.perf_counter() > deadline or any(c.errors for c in clients):
                errors.append(f"{table_id}: version {version} not seen by every seat")
                return
            for c in clients:
                c.changed.clear()
            waits = [asyncio.ensure_future(c.changed.wait()) for c in clients]
            await asyncio.wait(waits, timeout=1, return_when=asyncio.FIRST_COMPLETED)
            for wait in waits:
                wait.cancel()
        latencies.append(max(c.arrived[version] for c in clients if c is not mover) - sent)
        for page in pages:      # the table drawn in each Chromium page (versions may be skipped
            for _ in range(600):   # by a computer's move: the first drawn at or after this one)
                at = await page.evaluate("v => Object.entries(window.rtDrawn).filter(([k]) => "
                                         "Number(k) >= v).map(([, t]) => t).sort()[0] || null", version)
                if at is not None:
                    drawn.append(at - sent_wall)
                    break
                await asyncio.sleep(0.02)
            else:
                errors.append(f"{table_id}: version {version} never drawn in Chromium")


async def run_class(base, seating, cookies, args):
    import tornado.httpclient
    import tornado.websocket

    latencies, errors, readers, tables = [], [], [], []
    for table_id, names in seating.items():
        clients = []
        for seat, name in enumerate(names):
            request = tornado.httpclient.HTTPRequest(base.replace("http", "ws") + "/tables/ws",
                                                     headers={"Cookie": cookies[name]})
            client = Client(await tornado.websocket.websocket_connect(request), seat)
            readers.append(asyncio.ensure_future(client.read()))
            client.socket.write_message(json.dumps({"type": "sit", "table": table_id, "seat": seat}))
            clients.append(client)
        tables.append((table_id, clients))
    for _, clients in tables:
        while any(c.frame is None for c in clients):
            await asyncio.sleep(0.05)
    drawn, opened = [], None
    if args.browsers:
        opened = await open_browsers(base, cookies, seating["t1"][:args.browsers], "t1")
    rng = random.Random(args.seed)
    try:
        await asyncio.gather(*(play_table(t, clients, args.moves, args.think, random.Random(rng.random()),
                                          latencies, errors, opened[2] if opened and t == "t1" else (),
                                          drawn) for t, clients in tables))
    finally:
        if opened:
            await opened[1].close()
            await opened[0].stop()
    for reader in readers:
        reader.cancel()
    return latencies, errors, drawn


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--moves", type=int, default=40, help="moves per table")
    parser.add_argument("--think", type=float, default=1.0, help="mean reading time (s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--browsers", type=int, default=0,
                        help="students of table t1 who also watch it in Chromium (the table page)")
    args = parser.parse_args()
    home = Path(tempfile.mkdtemp(prefix="bench-tables-"))
    shutil.copy(SAMPLE, home / "quiz.json")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(home, port, args.students)
    try:
        names = [f"Student {i + 1}" for i in range(args.students)]
        cookies = {name: join(base, name) for name in names}
        seating = {f"t{i + 1}": names[i::args.tables] for i in range(args.tables)}
        games = ["basic"] * args.tables
        if args.tables >= 3:
            games[-1], games[-2] = "contract", "rummy500"
        with open_store(str(home / "quiz-results.db")) as store:
            journal = TableJournal(store, SESSION)
            for (table_id, seated), game in zip(seating.items(), games):
                if game == "contract" and len(seated) < 3:
                    game = "basic"
                seats = [Seat(student=store.student_by_name(SESSION, n).student_id) for n in seated]
                open_table(table_id, game, seats, seed=args.seed, journal=journal)
        idle = rss_mb(server.pid)
        began = time.perf_counter()
        latencies, errors, drawn = asyncio.run(run_class(base, seating, cookies, args))
        took = time.perf_counter() - began
        peak = rss_mb(server.pid)
        ms = sorted(x * 1000 for x in latencies)
        p95 = ms[max(0, round(0.95 * len(ms)) - 1)] if ms else float("nan")
        print(f"{args.students} students at {args.tables} tables ({', '.join(games)}), "
              f"{len(ms)} moves in {took:.0f} s, think {args.think} s")
        if ms:
            print(f"move -> every other seat's frame: p50 {statistics.median(ms):.1f} ms, "
                  f"p95 {p95:.1f} ms, max {ms[-1]:.1f} ms")
        if drawn:
            shown = sorted(drawn)
            p95_drawn = shown[max(0, round(0.95 * len(shown)) - 1)]
            print(f"move -> drawn in {args.browsers} Chromium page(s) at t1 ({len(shown)} drawings): "
                  f"p50 {statistics.median(shown):.0f} ms, p95 {p95_drawn:.0f} ms, max {shown[-1]:.0f} ms")
        print(f"errors: {len(errors)} {errors[:3]}")
        print(f"server RSS: idle {idle:.0f} MB, after {peak:.0f} MB; load average {os.getloadavg()}")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(30)


if __name__ == "__main__":
    main()
