"""A turn clock on the real ``rummy-teach classroom`` server, killed with SIGKILL.

Two students join through the quiz page as browsers do. The teacher's table (with a turn
time of 10 minutes) is in the class's database, its last move made an hour ago: when the
server reads the table, the turn under way ran out long since, so at its first reading of
the clocks a computer takes that seat over. Nothing here waits for a turn time to pass:
the clock's state comes from the stored times. The server is then killed (``SIGKILL``);
started again, the seat is still stood in for, and the student takes it back by sitting
down again. Then the teacher changes the table's turn time on the tables page, and both
seats are sent the new clock at once.
"""

import asyncio
import json
import os
import random
import shutil
import signal
import time

import pytest

from browser import free_port
from test_classroom_quizpage import Browser
from test_classroom_tables_server import JOIN, SAMPLE, SESSION, TOKEN, receive, run_apart, start

from rummy_teach.classroom import open_store
from rummy_teach.classroom.tablehall import TableHall
from rummy_teach.classroom.tables import Seat
from rummy_teach.game import choose_action

pytestmark = [pytest.mark.slow, pytest.mark.server]


async def sit(base, cookie, seat):
    import tornado.httpclient
    import tornado.websocket

    request = tornado.httpclient.HTTPRequest(base.replace("http", "ws") + "/tables/ws",
                                             headers={"Cookie": cookie})
    socket = await tornado.websocket.websocket_connect(request)
    socket.write_message(json.dumps({"type": "sit", "table": "t1", "seat": seat}))
    return socket, await receive(socket, "reply")


async def frame_where(socket, holds):
    """The first frame ``socket`` receives for which ``holds(frame)``."""
    while True:
        frame = await receive(socket, "frame")
        if holds(frame):
            return frame


def test_a_seat_timed_out_is_stood_in_for_across_a_kill_and_given_back(tmp_path):
    home = tmp_path
    shutil.copy(SAMPLE, home / "first-week.json")
    server = start(home, free_port())
    db = str(home / "first-week-results.db")
    try:
        cookies, ids = {}, {}
        for name in ("Ann", "Bob"):
            browser = Browser(server.base)
            assert browser.get(f"/quiz?join={JOIN}")[0] == 200
            status, body, _, _ = browser.post("/quiz/join", {"name": name})
            assert status == 200 and name in body
            cookies[name] = "; ".join(f"{c.name}={c.value}" for c in browser.jar)
            with open_store(db, create=False) as store:
                ids[name] = store.student_by_name(SESSION, name).student_id
        an_hour_ago = time.time() - 3600
        with open_store(db) as store:       # the teacher's table, its moves an hour old
            hall = TableHall(store, SESSION, clock=lambda: an_hour_ago)
            table = hall.open("t1", "basic", [Seat(student=ids["Ann"]), Seat(level="medium"),
                                              Seat(student=ids["Bob"])], seed=12,
                              turn_seconds=600, stand_in="hard")
            for _ in range(5):
                seat = table.game.current_player
                move = choose_action(table.game, seat, "medium", random.Random(table.version)).text(ascii=True)
                assert table.move(seat, move, table.version, table.seats[seat].student)
            late = table.game.current_player          # the student whose turn ran out
            assert late in (0, 2)
        other = 2 - late
        cookie = {0: cookies["Ann"], 2: cookies["Bob"]}

        async def before_the_kill():
            mine, reply = await sit(server.base, cookie[late], late)
            assert reply["ok"]
            taken = await frame_where(mine, lambda f: f["seats"][late]["stand_in"] == "hard")
            assert taken["clock"]["seconds"] == 600
            mine.close()
            return taken
        taken = run_apart(before_the_kill())
        assert taken["view"]["to_move"] == other     # the stand-in played the late seat's turn

        os.killpg(server.process.pid, signal.SIGKILL)      # no clean-up of any kind
        server.process.wait(30)
        server.move_to(free_port())
        server.start()

        async def after_the_restart():
            theirs, reply = await sit(server.base, cookie[other], other)
            assert reply["ok"]
            first = await receive(theirs, "frame")
            assert first["seats"][late]["stand_in"] == "hard" and first["clock"]["seconds"] == 600
            mine, reply = await sit(server.base, cookie[late], late)      # sitting again
            assert reply["ok"] and reply["reasons"][0]["code"] == "table_seat_back"
            back = await frame_where(theirs, lambda f: f["seats"][late]["stand_in"] is None)
            assert back["clock"]["left"] is not None and back["view"]["to_move"] == other
            await frame_where(mine, lambda f: f["seats"][late]["stand_in"] is None)
            # the teacher changes the turn time on the tables page: both seats are told
            teacher = Browser(server.base)
            form = {"token": TOKEN, "action": "clock", "table": "t1", "level": "easy"}
            loop = asyncio.get_running_loop()
            refused = await loop.run_in_executor(None, teacher.post, "/teacher/tables", dict(form, turn="5"), False)
            assert refused[0] == 400 and "A turn time of 5 seconds cannot be set" in refused[1]
            status, body, _, _ = await loop.run_in_executor(None, teacher.post, "/teacher/tables",
                                                            dict(form, turn="30"), False)
            assert status == 200 and "Table t1: each turn now has 30 seconds." in body
            for socket in (theirs, mine):
                changed = await frame_where(socket, lambda f: f["clock"] and f["clock"]["seconds"] == 30)
                # the turn starts again from the change: its frame is built a moment later
                # (0.1 s under load, once in CI), long before a second of the 30 has gone
                assert 29 < changed["clock"]["left"] <= 30
                assert changed["version"] == back["version"] and changed["seats"][other]["stand_in"] is None
            mine.close()
            theirs.close()
        run_apart(after_the_restart())
        with open_store(db, create=False) as store:
            kinds = [kind for _, kind, _, _, _ in store.table_events(SESSION, "t1")]
            players = [by for _, by, _ in store.table_move_players(SESSION, "t1")]
        assert kinds == ["clock", "away", "back", "clock"]     # the refused turn time never counted
        assert "stand-in:hard" in players
    finally:
        server.stop()
