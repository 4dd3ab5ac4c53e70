"""The tables' websocket on the classroom's own tornado server, with scripted clients.

Students join through the quiz page as a browser does (the join code, a name, the signed
seat cookie), then open ``/tables/ws`` with that cookie and play a whole hand of Basic
Rummy against a computer player and each other; every message each client receives is
checked against the true hidden state at that moment. Also: a socket without a seat, a
forged seat, another's seat, another site's page, junk and a flood.
"""

import asyncio
import json
import random

import pytest
import tornado.httpclient
import tornado.websocket

from rummy_teach.classroom.tables import Seat
from rummy_teach.classroom.tablehall import BURST, TableHall, table_handlers
from rummy_teach.game import choose_action
import test_classroom_quizpage as quizpage_tests
from test_classroom_quizpage import JOIN, Browser, QuizPages
from test_classroom_tables import hidden_around, hidden_from, leaks


class Tables(QuizPages):
    """The quiz pages' server with the tables' socket mounted beside them (one desk). The
    pace of messages reads ``pace_clock``: stopped here, so a burst is a flood."""

    pace_clock = staticmethod(lambda: 1000.0)

    @classmethod
    def setUpClass(cls):
        """The quiz pages' server of ``QuizPages``, mounting the tables' socket as well."""
        original = quizpage_tests.quiz_handlers

        def both(base, config, desk=None, door=None):
            more = table_handlers(base, config, desk, clock=cls.pace_clock)
            cls.the_hall = staticmethod(more[0][1].the_hall)
            return original(base, config, desk=desk, door=door) + more
        quizpage_tests.quiz_handlers = both
        try:
            super().setUpClass()
        finally:
            quizpage_tests.quiz_handlers = original

    def cookie(self, browser) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in browser.jar)

    def student_id(self, name):
        from rummy_teach.classroom import open_store
        with open_store(self.config["db"], create=False) as store:
            return store.student_by_name("s", name).student_id

    async def connect(self, cookie=None, origin=None):
        headers = {}
        if cookie:
            headers["Cookie"] = cookie
        if origin:
            headers["Origin"] = origin
        request = tornado.httpclient.HTTPRequest(self.base.replace("http", "ws") + "/tables/ws",
                                                 headers=headers)
        return await tornado.websocket.websocket_connect(request)


async def receive(socket, kind=None, timeout=30):
    while True:
        text = await asyncio.wait_for(socket.read_message(), timeout)
        if text is None:
            return None
        message = json.loads(text)
        if kind is None or message["type"] == kind:
            return message


class TestTheDoor(Tables):
    def test_a_socket_without_a_joined_seat_is_closed(self):
        async def run():
            socket = await self.connect()
            message = await receive(socket)
            assert message["type"] == "refused" and message["reasons"][0]["code"] == "access_refused"
            assert await socket.read_message() is None
            forged = await self.connect("rummy_seat=" + "f" * 30 + ".abc")
            assert (await receive(forged))["type"] == "refused"
        asyncio.run(run())

    def test_another_sites_page_cannot_open_the_socket(self):
        ann = self.joined("Ann")

        async def run():
            with pytest.raises(tornado.httpclient.HTTPClientError) as refused:
                await self.connect(self.cookie(ann), origin="https://elsewhere.example")
            assert refused.value.code == 403
        asyncio.run(run())

    def test_another_students_seat_junk_and_a_flood_are_refused(self):
        ann, bob = self.joined("Ann2"), self.joined("Bob2")
        table = self.the_hall().open("door", "basic", [Seat(student=self.student_id("Ann2")),
                                                 Seat(student=self.student_id("Bob2"))], seed=1)

        async def run():
            socket = await self.connect(self.cookie(bob))
            mine = table.seats.index(Seat(student=self.student_id("Bob2")))
            socket.write_message(json.dumps({"type": "sit", "table": "door", "seat": 1 - mine}))
            reply = await receive(socket, "reply")
            assert not reply["ok"] and reply["reasons"][0]["code"] == "table_not_your_seat"
            socket.write_message(json.dumps({"type": "move", "table": "door", "seat": 1 - mine,
                                             "move": "draw", "seen": 0}))
            assert (await receive(socket, "reply"))["reasons"][0]["code"] == "table_not_your_seat"
            for junk in ("not json", "[1, 2]", json.dumps({"type": "move", "table": "nope"}),
                         "x" * 5000):
                socket.write_message(junk)
                reply = await receive(socket, "reply")
                assert not reply["ok"], junk
            for _ in range(BURST + 5):
                socket.write_message(json.dumps({"type": "hello"}))
            codes = [(await receive(socket, "reply"))["reasons"][0]["code"] for _ in range(BURST + 5)]
            assert "table_too_fast" in codes
            # a second socket of the same student shares the allowance
            second = await self.connect(self.cookie(bob))
            second.write_message(json.dumps({"type": "sit", "table": "door", "seat": mine}))
            assert (await receive(second, "reply"))["reasons"][0]["code"] == "table_too_fast"
            second.close()
            socket.close()
        before = table.game.snapshot()
        asyncio.run(run())
        assert table.game.snapshot() == before and table.version == 0
        del ann


class TestBehindAProxy(Tables):
    extra = {"user_header": "X-Forwarded-User"}

    def test_the_proxys_user_is_the_student_at_the_table(self):
        grace = Browser(self.base, {"X-Forwarded-User": "grace"})
        assert grace.get(f"/quiz?join={JOIN}")[0] == 200
        self.the_hall().open("proxy", "basic", [Seat(student=self.student_id("grace")),
                                                Seat(level="easy")], seed=3)

        async def run():
            request = tornado.httpclient.HTTPRequest(
                self.base.replace("http", "ws") + "/tables/ws",
                headers={"Cookie": self.cookie(grace), "X-Forwarded-User": "grace"})
            socket = await tornado.websocket.websocket_connect(request)
            socket.write_message(json.dumps({"type": "sit", "table": "proxy", "seat": 0}))
            assert (await receive(socket, "reply"))["ok"]
            assert (await receive(socket, "frame"))["seat"] == 0
            socket.close()
            # grace's cookie with another user named by the proxy: nobody who joined
            request.headers["X-Forwarded-User"] = "mallory"
            other = await tornado.websocket.websocket_connect(request)
            assert (await receive(other, "refused"))["reasons"][0]["code"] == "access_refused"
        asyncio.run(run())


class Ticking:
    """A clock that moves a second each time it is read: a person's pace."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        self.now += 1.0
        return self.now


class TestWholeHands(Tables):
    pace_clock = Ticking()

    def play_a_hand(self, table_id, rules, seats, seed, names):
        """Students ``names`` join through the quiz page, sit at their seats over the socket
        and play one whole hand; every message each receives, with what was hidden from it."""
        browsers = {n: self.joined(n) for n in names}
        ids = {n: self.student_id(n) for n in names}
        seats = [Seat(student=ids[s]) if s in ids else Seat(level=s) for s in seats]
        table = self.the_hall().open(table_id, rules, seats, seed=seed)
        mine = {i: browsers[n] for i, s in enumerate(seats) for n in names if s.student == ids[n]}
        received = {seat: [] for seat in mine}
        counts = {"buy": 0, "refused": 0}

        async def run():
            sockets = {}
            for seat, browser in mine.items():
                sockets[seat] = await self.connect(self.cookie(browser))
                sockets[seat].write_message(json.dumps({"type": "sit", "table": table_id, "seat": seat}))
                assert (await receive(sockets[seat], "reply"))["ok"]
                received[seat].append((await receive(sockets[seat], "frame"), hidden_from(table.game, seat)))
            version = table.version
            while not table.game.is_hand_over:
                seat = table.game.current_player
                assert seat in mine
                for other in sockets:       # the others try to play out of turn first
                    if other != seat:
                        sockets[other].write_message(json.dumps({
                            "type": "move", "table": table_id, "seat": other, "move": "draw",
                            "seen": version}))
                        reply = await receive(sockets[other], "reply")
                        assert reply["reasons"][0]["code"] == "table_not_your_turn"
                        counts["refused"] += 1
                before = hidden_from(table.game, seat)
                move = choose_action(table.game, seat, "medium", random.Random(version)).text(ascii=True)
                bought = move == "buy"
                sockets[seat].write_message(json.dumps({"type": "move", "table": table_id, "seat": seat,
                                                        "move": move, "seen": version}))
                reply = await receive(sockets[seat], "reply")
                assert reply["ok"], reply
                for s, socket in sockets.items():
                    frame = await receive(socket, "frame")
                    assert frame["version"] == reply["version"] == table.version
                    received[s].append((frame, hidden_from(table.game, s)))
                received[seat].append((reply, hidden_around(before, hidden_from(table.game, seat))))
                counts["buy"] += bought
                version = reply["version"]
            for socket in sockets.values():
                socket.close()
        asyncio.run(run())
        assert table.game.is_hand_over and counts["refused"] > 0
        for seat, items in received.items():
            assert len(items) > 10
            for payload, hidden in items:
                assert not leaks(payload, *hidden), (seat, payload)
        return table, counts

    def test_basic_two_students_and_a_computer_play_a_hand_and_nobody_sees_a_hidden_card(self):
        table, _ = self.play_a_hand("t1", "basic", ["Cleo", "medium", "Dan"], 7, ["Cleo", "Dan"])
        assert any(m["player"] == 1 for m in table.game.history["moves"] if "player" in m)
        # the whole hand is in the store, and a hall opened on it again has the same table
        from rummy_teach.classroom import open_store
        with open_store(self.config["db"]) as store:
            again = TableHall(store, "s").tables["t1"]
            assert again.game.snapshot() == table.game.snapshot()

    def test_rummy500_three_students_dig_in_the_pile_and_nobody_sees_a_hidden_card(self):
        table, _ = self.play_a_hand("t2", "rummy500", ["Eve", "Finn", "Gus"], 5, ["Eve", "Finn", "Gus"])
        assert any(m["action"].startswith("take") for m in table.game.history["moves"] if "player" in m)

    def test_contract_students_buy_out_of_turn_and_nobody_sees_a_hidden_card(self):
        table, counts = self.play_a_hand("t3", "contract", ["Hal", "Ida", "medium", "Jo"], 21,
                                         ["Hal", "Ida", "Jo"])
        assert counts["buy"] >= 1
