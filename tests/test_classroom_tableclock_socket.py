"""Turn clocks and the coach's review over the tables' websocket, with scripted clients.

The quiz pages' server with the tables' socket (as in test_classroom_tablesocket), the
hall reading a clock the test moves and the clocks read when the test says
(``TableSocket.tick``): nothing waits for time to pass.
"""

import asyncio
import json
import random
import re

import test_classroom_quizpage as quizpage_tests
from test_classroom_tableclock import START, Clock
from test_classroom_tablesocket import Tables, receive
from test_classroom_tables import hidden_from, leaks

from rummy_teach.cards import Card
from rummy_teach.classroom.tablehall import BURST, table_handlers
from rummy_teach.classroom.tables import Seat
from rummy_teach.game import choose_action


class ClockedTables(Tables):
    hall_clock = Clock()
    pace_clock = staticmethod(lambda: ClockedTables.hall_clock.now)   # a calm pace: time moves

    @classmethod
    def setUpClass(cls):
        original = quizpage_tests.quiz_handlers

        def both(base, config, desk=None, door=None):
            more = table_handlers(base, config, desk, clock=cls.pace_clock, tick_seconds=None,
                                  hall_clock=cls.hall_clock)
            cls.the_hall = staticmethod(more[0][1].the_hall)
            cls.tick = staticmethod(more[0][1].tick)
            return original(base, config, desk=desk, door=door) + more
        quizpage_tests.quiz_handlers = both
        try:
            super(Tables, cls).setUpClass()
        finally:
            quizpage_tests.quiz_handlers = original


def seen_by(game, seat):
    """What ``seat`` may not see (test_classroom_tables.hidden_from) less the cards everybody
    saw discarded this hand: a stock that ran out is the discard pile turned over, and the
    view's record of each player's discards still lists them, as every player saw them."""
    hidden, faces = hidden_from(game, seat)
    hand, discarded = 0, set()
    for entry in game.history["moves"]:
        if "chance" in entry:
            hand, discarded = entry.get("hand", hand), set()
        elif entry["action"].startswith("discard "):
            discarded.add(Card.parse(entry["action"].split()[1]))
    return hidden - discarded, faces | {c.face for c in discarded}


def code(message):
    return message["reasons"][0]["code"] if message["reasons"] else None


class TestTheClockAndTheReview(ClockedTables):
    def test_a_timed_out_seat_is_stood_in_for_given_back_and_the_hand_reviewed(self):
        clock = self.hall_clock
        names = ("Kim", "Lou")
        browsers = {n: self.joined(n) for n in names}
        ids = [self.student_id(n) for n in names]
        table = self.the_hall().open("clock", "basic", [Seat(student=ids[0]), Seat(student=ids[1]),
                                                        Seat(level="easy")], seed=3, turn_seconds=30,
                                     stand_in="hard")
        received = {0: [], 1: []}

        async def frame(seat, sockets):
            message = await receive(sockets[seat], "frame")
            received[seat].append((message, seen_by(table.game, seat)))
            return message

        async def play(sockets, until):
            while not until():
                seat = table.game.current_player
                clock.now += 1
                move = choose_action(table.game, seat, "medium", random.Random(table.version)).text(ascii=True)
                sockets[seat].write_message(json.dumps({"type": "move", "table": "clock", "seat": seat,
                                                        "move": move, "seen": table.version}))
                assert (await receive(sockets[seat], "reply"))["ok"]
                for s in sockets:
                    await frame(s, sockets)

        async def run():
            sockets = {}
            for seat, name in enumerate(names):
                sockets[seat] = await self.connect(self.cookie(browsers[name]))
                sockets[seat].write_message(json.dumps({"type": "sit", "table": "clock", "seat": seat}))
                assert (await receive(sockets[seat], "reply"))["ok"]
                first = await frame(seat, sockets)
                assert first["clock"] == {"seconds": 30, "stand_in": "hard", "left": 30.0}
            await play(sockets, lambda: table.game.current_player == 0 and table.version > 3)
            clock.now += 12
            sockets[1].write_message(json.dumps({"type": "sit", "table": "clock", "seat": 1}))
            await receive(sockets[1], "reply")
            assert (await frame(1, sockets))["clock"]["left"] == 18.0      # time left, as all see it
            clock.now += 18
            await self.tick()                               # Kim's turn ran out: the computer plays it
            seen = [await frame(s, sockets) for s in (0, 1)]
            assert [f["seats"][0]["stand_in"] for f in seen] == ["hard", "hard"]
            assert table.game.current_player == 1 and table.away == {0: "hard"}
            sockets[0].write_message(json.dumps({"type": "move", "table": "clock", "seat": 0,
                                                 "move": "draw", "seen": table.version}))
            assert code(await receive(sockets[0], "reply")) == "table_stand_in"
            sockets[0].write_message(json.dumps({"type": "review", "table": "clock", "seat": 0, "hand": 1}))
            assert code(await receive(sockets[0], "reply")) == "table_review_not_over"
            sockets[0].write_message(json.dumps({"type": "sit", "table": "clock", "seat": 0}))
            reply = await receive(sockets[0], "reply")
            assert reply["ok"] and code(reply) == "table_seat_back"
            assert [(await frame(s, sockets))["seats"][0]["stand_in"] for s in (0, 1)] == [None, None]
            await play(sockets, lambda: table.game.is_hand_over)
            assert any(by == ids[0] for by in table.played_by.values())
            sockets[1].write_message(json.dumps({"type": "review", "table": "clock", "seat": 0, "hand": 1}))
            assert code(await receive(sockets[1], "reply")) == "table_not_your_seat"
            assert not any("review" in m.get("type", "") for m, _ in received[1])
            sockets[0].write_message(json.dumps({"type": "review", "table": "clock", "seat": 0, "hand": 1,
                                                 "move": 3}))
            assert (await receive(sockets[0], "reply"))["ok"]
            review = await receive(sockets[0], "review")
            assert review["format"] == "rummy-teach-table-review/1" and review["selected"] == 3
            assert review["hand"] == 1 and 'class="rt-review"' in review["html"]
            direct = self.the_hall().review("clock", 0, 1, ids[0], move=3)[1]
            assert review["decisions"] > 0 and {k: v for k, v in review.items() if k != "type"} == direct
            # a flood of review requests: the pace answers the excess without reading them
            for number in range(BURST + 5):
                sockets[0].write_message(json.dumps({"type": "review", "table": "clock", "seat": 0,
                                                     "hand": 1, "move": number}))
            answers = []
            while len(answers) < BURST + 5:
                message = await receive(sockets[0])
                if message["type"] == "reply":
                    answers.append(code(message) if not message["ok"] else "ok")
            assert "table_too_fast" in answers and "ok" in answers
            for socket in sockets.values():
                socket.close()
        asyncio.run(run())
        for seat, items in received.items():
            for payload, hidden in items:
                assert not leaks(payload, *hidden), (seat, payload)
        assert START < self.hall_clock.now


class TestTheDrawnPagesFollowTheClock(ClockedTables):
    def test_a_stand_in_and_a_seat_taken_back_redraw_every_students_drawn_table(self):
        """The students' pages (``sit`` with ``draw``) are drawn again when the clock's tick
        has a computer play a late seat and when the seat is taken back from the page: each
        drawing says who plays which seat now and the turn time."""
        clock = self.hall_clock
        names = ("Ada", "Bea")
        browsers = {n: self.joined(n) for n in names}
        ids = [self.student_id(n) for n in names]
        table = self.the_hall().open("drawn", "basic", [Seat(student=ids[0]), Seat(student=ids[1]),
                                                        Seat(level="easy")], seed=5, turn_seconds=30,
                                     stand_in="hard")
        late = table.game.current_player
        other = 1 - late
        assert late in (0, 1)

        async def view(page):
            message = await receive(page, "view", timeout=10)
            assert message["version"] == table.version and f'data-version="{table.version}"' in message["html"]
            hidden, faces = seen_by(table.game, message["seat"])
            assert not leaks(message, hidden, faces)
            return message["html"]

        async def run():
            pages = {}
            for seat, name in enumerate(names):
                pages[seat] = await self.connect(self.cookie(browsers[name]))
                pages[seat].write_message(json.dumps({"type": "sit", "table": "drawn", "seat": seat,
                                                      "draw": True}))
                assert (await receive(pages[seat], "reply"))["ok"]
                first = await view(pages[seat])
                assert "Each turn has 30 seconds. 30 seconds left for this turn." in re.sub("<[^>]+>", "", first)
                assert "rt-stand-in" not in first
            before = table.version
            clock.now += 31
            await self.tick()                           # the late seat's turn ran out: a computer plays it
            assert table.away == {late: "hard"} and table.version > before
            mine, theirs = await view(pages[late]), await view(pages[other])
            assert 'data-act="takeback"' in mine and "sit down again to take your seat back" in mine
            assert f"{names[late]}: a computer player (hard) is playing this seat for now." in theirs
            assert 'data-act="takeback"' not in theirs
            pages[late].write_message(json.dumps({"type": "event", "act": "takeback", "arg": ""}))
            reply = await receive(pages[late], "reply")
            assert reply["ok"] and code(reply) == "table_seat_back" and table.away == {}
            for page in (pages[late], pages[other]):
                assert "rt-stand-in" not in await view(page)
            for page in pages.values():
                page.close()
        asyncio.run(run())

    def test_after_a_hand_the_drawn_table_offers_its_review_and_draws_the_review_board(self):
        """"Review this hand" on the student's page (after a hand, not before) opens the
        coach's review of their own decisions under the table; a move of the review selected
        there redraws it; closing it leaves the table. Another student's page has its own."""
        names = ("Cas", "Dee")
        browsers = {n: self.joined(n) for n in names}
        ids = [self.student_id(n) for n in names]
        table = self.the_hall().open("reviewed", "basic", [Seat(student=ids[0]), Seat(student=ids[1]),
                                                           Seat(level="easy")], seed=11)

        async def latest(page):
            """The page's drawing once it has followed the table to its version now."""
            while True:
                message = await receive(page, "view", timeout=10)
                if message["version"] == table.version:
                    return message["html"]

        async def run():
            pages = {}
            for seat, name in enumerate(names):
                pages[seat] = await self.connect(self.cookie(browsers[name]))
                pages[seat].write_message(json.dumps({"type": "sit", "table": "reviewed", "seat": seat,
                                                      "draw": True}))
                assert 'data-act="review"' not in await latest(pages[seat])
            while not table.game.is_hand_over:
                seat = table.game.current_player
                self.hall_clock.now += 1                  # a calm pace: no move is refused as too fast
                move = choose_action(table.game, seat, "medium", random.Random(table.version)).text(ascii=True)
                pages[seat].write_message(json.dumps({"type": "move", "table": "reviewed", "seat": seat,
                                                      "move": move, "seen": table.version}))
                assert (await receive(pages[seat], "reply"))["ok"]
                if not table.game.is_hand_over:
                    for page in pages.values():
                        assert 'data-act="review"' not in await latest(page), "a hand under way"
            shown = {seat: await latest(page) for seat, page in pages.items()}
            last = table.game.hand_results[-1].hand        # (a hand may end void and be dealt again)
            assert all(f'data-act="review" data-arg="{last}">Review this hand' in html for html in shown.values())
            page = pages[0]
            page.write_message(json.dumps({"type": "event", "act": "review", "arg": str(last)}))
            assert (await receive(page, "reply"))["ok"]
            review = await receive(page, "review")
            drawn = await latest(page)
            assert f'class="rt-table-review" data-hand="{last}"' in drawn and review["html"] in drawn
            assert 'data-act="review_close"' in drawn and 'data-act="review"' not in drawn
            direct = self.the_hall().review("reviewed", 0, last, ids[0])[1]
            assert {k: v for k, v in review.items() if k != "type"} == direct
            page.write_message(json.dumps({"type": "event", "act": "region", "arg": "review:2"}))
            assert (await receive(page, "reply"))["ok"]
            assert (await receive(page, "review"))["selected"] == 2
            assert self.the_hall().review("reviewed", 0, last, ids[0], move=2)[1]["html"] in await latest(page)
            page.write_message(json.dumps({"type": "event", "act": "region", "arg": "review:next"}))
            assert (await receive(page, "reply"))["ok"]
            assert (await receive(page, "review"))["selected"] == 3       # the step after move 2
            page.write_message(json.dumps({"type": "event", "act": "region", "arg": "review:first"}))
            assert (await receive(page, "reply"))["ok"]
            assert (await receive(page, "review"))["selected"] == 0
            page.write_message(json.dumps({"type": "event", "act": "review", "arg": "7"}))
            assert code(await receive(page, "reply")) == "table_review_not_over"
            page.write_message(json.dumps({"type": "event", "act": "review_close", "arg": ""}))
            closed = await latest(page)
            assert "rt-table-review\"" not in closed and 'data-act="review"' in closed
            for one in pages.values():
                one.close()
        asyncio.run(run())
