"""A card table on the real ``rummy-teach classroom`` server, killed with SIGKILL mid-hand.

Two students join through the quiz page as browsers do; a table with them and a computer
player is in the class's database; scripted clients play over ``/tables/ws`` with the
students' signed seat cookies. In the middle of the hand the server process is killed
(``SIGKILL``: no clean-up), started again with the same ``--run-dir``, and each student's
browser, connecting again with the same cookie, finds its seat exactly where it was, then
the hand is played to its end.
"""

import asyncio
import json
import os
import random
import shutil
import signal
import sys

import pytest
import tornado.httpclient
import tornado.websocket

from browser import CommandServer, free_port
from test_classroom_quizpage import Browser

from rummy_teach.classroom import open_store
from rummy_teach.classroom.tables import Seat, open_table
from rummy_teach.classroom.tablestore import TableJournal, restore_tables
from rummy_teach.game import choose_action, replay

pytestmark = [pytest.mark.slow, pytest.mark.server]

TOKEN = "teacher-secret-tables-42"
SESSION = "tables-class"
JOIN = "T4BLES"
SAMPLE = os.path.join(os.path.dirname(__file__), "..", "rummy_teach", "quiz", "samples", "first-week.json")


def start(home, port):
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--quiz", str(home / "first-week.json"),
            "--host", "127.0.0.1", "--port", str(port), "--students", "4", "--token", TOKEN,
            "--session", SESSION, "--join-code", JOIN, "--same-order", "--run-dir", str(home / "run")]
    return CommandServer(argv, root=home, port=port, ready_path="/voila/static/voila.js",
                         name="classroom-tables").start()


async def receive(socket, kind):
    while True:
        text = await asyncio.wait_for(socket.read_message(), 60)
        assert text is not None, "the socket closed"
        message = json.loads(text)
        if message["type"] == kind:
            return message


async def seated(base, cookies):
    """A socket per seat, each sat at table t1; the frame each was sent."""
    sockets, frames = {}, {}
    for seat, cookie in cookies.items():
        request = tornado.httpclient.HTTPRequest(base.replace("http", "ws") + "/tables/ws",
                                                 headers={"Cookie": cookie})
        sockets[seat] = await tornado.websocket.websocket_connect(request)
        sockets[seat].write_message(json.dumps({"type": "sit", "table": "t1", "seat": seat}))
        assert (await receive(sockets[seat], "reply"))["ok"]
        frames[seat] = await receive(sockets[seat], "frame")
    return sockets, frames


async def play(sockets, frames, game, moves):
    """Play up to ``moves`` moves (the students' chosen on ``game``, a copy of the table's
    game kept in step from the frames' versions); the frames last sent to each seat."""
    for _ in range(moves):
        view = frames[next(iter(frames))]["view"]
        if view["is_hand_over"]:
            break
        seat = view["to_move"]
        version = frames[seat]["version"]
        assert game.actions_played == version
        move = choose_action(game, seat, "medium", random.Random(version)).text(ascii=True)
        sockets[seat].write_message(json.dumps({"type": "move", "table": "t1", "seat": seat,
                                                "move": move, "seen": version}))
        reply = await receive(sockets[seat], "reply")
        assert reply["ok"], reply
        for s, socket in sockets.items():
            frames[s] = await receive(socket, "frame")
        yield reply["version"]


def run_apart(coroutine):
    """``asyncio.run`` in a thread of its own: in make test's serve lane the browser tests'
    Playwright keeps an event loop running in this one."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_a_server_killed_mid_hand_resumes_every_seat(tmp_path):
    home = tmp_path
    shutil.copy(SAMPLE, home / "first-week.json")
    server = start(home, free_port())
    db = home / "first-week-results.db"
    try:
        cookies, ids = {}, {}
        for name in ("Ann", "Bob"):
            browser = Browser(server.base)
            assert browser.get(f"/quiz?join={JOIN}")[0] == 200
            status, body, _, _ = browser.post("/quiz/join", {"name": name})
            assert status == 200 and name in body
            cookies[name] = "; ".join(f"{c.name}={c.value}" for c in browser.jar)
            with open_store(str(db), create=False) as store:
                ids[name] = store.student_by_name(SESSION, name).student_id
        with open_store(str(db)) as store:     # the teacher opens a table (no page for it yet)
            table = open_table("t1", "basic", [Seat(student=ids["Ann"]), Seat(level="medium"),
                                               Seat(student=ids["Bob"])], seed=12,
                               journal=TableJournal(store, SESSION))
        by_seat = {0: cookies["Ann"], 2: cookies["Bob"]}

        async def first_half():
            sockets, frames = await seated(server.base, by_seat)
            game = table.game.clone()       # the students' copy: the same moves are played on it
            async for version in play(sockets, frames, game, 12):
                _catch_up(game, db, version)
            for socket in sockets.values():
                socket.close()
            return frames, game
        before, game = run_apart(first_half())
        assert not before[0]["view"]["is_hand_over"] and before[0]["version"] > 6

        os.killpg(server.process.pid, signal.SIGKILL)      # no clean-up of any kind
        server.process.wait(30)
        server.move_to(free_port())
        server.start()

        async def second_half():
            sockets, frames = await seated(server.base, by_seat)
            assert frames == before                          # every seat where it was
            async for version in play(sockets, frames, game, 400):
                _catch_up(game, db, version)
            for socket in sockets.values():
                socket.close()
            return frames
        after = run_apart(second_half())
        assert after[0]["view"]["is_hand_over"]
        with open_store(str(db), create=False) as store:
            kept = restore_tables(store, SESSION)["t1"]
        assert kept.version == after[0]["version"] and kept.game.is_hand_over
        assert replay(kept.game.history).snapshot() == kept.game.snapshot()
    finally:
        server.stop()


def _catch_up(game, db, version):
    """Bring the students' copy of the game to ``version`` with the moves the store kept
    (the computer's included): what a real client learns from its frames."""
    with open_store(str(db), create=False) as store:
        for number, _, action in store.table_moves(SESSION, "t1"):
            if number > game.actions_played:
                game.apply(action)
    assert game.actions_played == version
