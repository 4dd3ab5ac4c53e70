"""The class's card tables on the classroom server: a websocket per browser.

``<base>/tables/ws`` (tornado's WebSocketHandler, on the classroom's own server). The
browser is known by the same signed seat cookie as the quiz page (a student joins there
first, with the class's join code): a connection without one, or from a seat that never
joined, is closed at once. The socket refuses an ``Origin`` that is not this server
(tornado's check), so another site's page cannot play for a student.

Behind JupyterHub or a proxy that names the user, the student is that user (with the seat
cookie still required), as on the quiz page.

The messages are JSON objects, one a frame (docs/class-tables.md):

* browser -> server: ``{"type": "sit", "table": ID, "seat": N}`` to watch one's own seat,
  ``{"type": "move", "table": ID, "seat": N, "move": "draw", "seen": VERSION}``;
* server -> browser: ``{"type": "frame", ...}`` (:meth:`Table.frame`: only what that seat
  may see) after every change of a table the browser sits at, and ``{"type": "reply",
  "ok": ..., "version": ..., "reasons": [...]}`` to the sender of a move or a sit, the
  reasons in the student's language.

A student may send :data:`BURST` messages at once, then :data:`PER_SECOND` a second, over
all the sockets they open (:class:`~.pace.Pace`); more are refused (``table_too_fast``)
without being read.

Turn clocks: every :data:`TICK_SECONDS` the hall asks each table with a clock whether a
seat must be played for (:meth:`TableHall.tick`): its turn timed out, or nobody has
watched it for :data:`GRACE_SECONDS` (its student left). ``{"type": "review", ...}``
asks for the coach's review of one's own hand (:meth:`TableHall.review`), and
:meth:`TableHall.figures` gives the teacher each student's figures.

:class:`TableHall` holds the session's tables (restored from the store when the server
starts: every move was kept as it was made) and who watches which seat.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time

from .. import i18n
from ..errors import RummyError, UsageError
from ..reasons import Reason
from .config import as_config
from .messages import class_language
from .pace import Pace
from .quizpage import LANG_COOKIE, seat_hash_reader
from .tablereview import Reviews
from .tables import Reply, clock_refusal, open_table
from .tableseat import SeatPlay, seat_names
from .tablestore import TableJournal, restore_tables

LOG = logging.getLogger("rummy_teach.classroom")
TABLES_PATH = "tables/ws"
BURST, PER_SECOND = 20, 5.0
MESSAGE_LIMIT = 2000   # characters: a move is a few dozen
GRACE_SECONDS = 20.0   # a seat nobody watches for this long counts as left (on a clocked table)
TICK_SECONDS = 1.0     # how often the clocks are read


class TableHall:
    """The tables of one session: ``hall.open("t1", "basic", seats, seed=3)`` and
    ``hall.tables["t1"]``; every table writes its moves to ``store``."""

    def __init__(self, store, session: str, clock=None):
        self.store, self.session = store, session
        self.clock = clock or time.time       # epoch seconds: the turn clocks read it
        self.journal = TableJournal(store, session)
        self.problems: list = []            # tables whose stored moves do not replay, left out
        self.tables = restore_tables(store, session, self.problems, clock=self.clock)
        self.lock = threading.Lock()          # one move at a time per hall (moves are short)
        self.watchers: dict[str, set] = {}   # table id -> {(socket, seat)}
        self.watch_lock = threading.Lock()   # watchers change on the loop, are read in moves
        self.unwatched: dict[tuple, float] = {}   # (table id, seat) -> since when nobody watches it
        self.coach = Reviews()                # the reviews built, the points lost per hand
        for table in self.tables.values():
            self.nobody_watches(table)

    def nobody_watches(self, table) -> None:
        """Every student's seat of ``table`` counts as unwatched from now (a table just
        opened, or restored when the server starts)."""
        now = self.clock()
        with self.watch_lock:
            for seat, who in enumerate(table.seats):
                if not who.computer:
                    self.unwatched.setdefault((table.table_id, seat), now)

    def open(self, table_id: str, rules, seats, seed=0, dealer=None, turn_seconds=None, stand_in=None):
        """Open a table; ``turn_seconds`` (None: no clock) and ``stand_in`` (a computer
        level) set its turn clock (:meth:`Table.set_clock`)."""
        refusal = clock_refusal(turn_seconds, stand_in or "medium")
        if refusal is not None:
            raise UsageError(refusal.text())
        with self.lock:
            if table_id in self.tables:
                raise UsageError(f"there is a table {table_id!r} already")
            table = open_table(table_id, rules, seats, seed, dealer=dealer, journal=self.journal,
                               clock=self.clock)
            self.tables[table.table_id] = table
            if turn_seconds is not None and not table.set_clock(turn_seconds, stand_in):
                LOG.warning("table %s opened without its turn clock: the store did not keep it", table_id)
            self.nobody_watches(table)
            return table

    def set_clock(self, table_id, seconds, level=None) -> tuple[Reply, list]:
        """The teacher sets a table's turn time (``seconds``, :data:`.tables.TURN_SECONDS`,
        or None for no clock) and the stand-in's level; the reply, and the frame each
        watcher is sent (the clock is in every frame)."""
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            return Reply(False, (Reason("table_no_such_table"),), None), []
        with self.lock:
            reply = table.set_clock(seconds, level)
            return reply, (self.frames(table) if reply.ok else [])

    def frames(self, table) -> list:
        """``[(socket, frame)]`` for every watcher of ``table`` (call under the lock)."""
        with self.watch_lock:
            watching = list(self.watchers.get(table.table_id, ()))
        return [(socket, table.frame(s)) for socket, s in watching]

    def tick(self) -> list:
        """Play for every seat whose turn timed out or whose student left (nobody watched
        it for :data:`GRACE_SECONDS`), on the tables with a clock; the frames to send."""
        out = []
        with self.lock:
            now = self.clock()
            with self.watch_lock:
                gone = {}
                for (table_id, seat), since in self.unwatched.items():
                    if now - since >= GRACE_SECONDS:
                        gone.setdefault(table_id, set()).add(seat)
            for table in self.tables.values():
                if table.expire(gone.get(table.table_id, ())):
                    out += self.frames(table)
        return out

    def sit(self, socket, table_id, seat, student: str) -> Reply:
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            return Reply(False, (Reason("table_no_such_table"),), None)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(table.seats):
            return Reply(False, (Reason("table_no_such_seat", {"seat": str(seat)[:20]}),), table.version)
        if table.seats[seat].student != student:
            return Reply(False, (Reason("table_not_your_seat"),), table.version)
        with self.watch_lock:
            self.watchers.setdefault(table.table_id, set()).add((socket, seat))
            self.unwatched.pop((table.table_id, seat), None)
        if seat in table.away:                # sitting again takes the seat back
            with self.lock:
                return table.take_back(seat, student)
        return Reply(True, (), table.version)

    def move(self, table_id, seat, move, seen, student: str) -> tuple[Reply, list]:
        """The table's reply to a move, and after a move played the frame each watcher of
        the table is sent: ``[(socket, frame)]``, made under the hall's lock so no frame
        is made halfway through another move."""
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            return Reply(False, (Reason("table_no_such_table"),), None), []
        with self.lock:
            reply = table.move(seat, move, seen, student)
            if not reply.ok:
                return reply, []
            with self.watch_lock:
                watching = list(self.watchers.get(table_id, ()))
            return reply, [(socket, table.frame(s)) for socket, s in watching]

    def frame(self, table_id: str, seat: int) -> dict:
        with self.lock:
            return self.tables[table_id].frame(seat)

    def moves(self, table_id: str) -> list[tuple[int, str]]:
        """Every move the table has played, ``(seat, action text)`` in order (what a seat's
        drawn table follows: :class:`~.tableseat.SeatPlay`)."""
        with self.lock:
            return [(m["player"], m["action"]) for m in self.tables[table_id].game.history["moves"]
                    if "chance" not in m]

    def spec(self, table_id: str) -> dict:
        with self.lock:
            return self.tables[table_id].spec()

    def names(self) -> dict[str, str]:
        """The students' names by id (the store's), to name the seats."""
        return {s.student_id: s.name for s in self.store.students(self.session)}

    def seats_of(self, student: str) -> list[tuple[str, int]]:
        """``(table id, seat)`` of every seat ``student`` has, tables in the order opened."""
        with self.lock:
            return [(table_id, number) for table_id, table in self.tables.items()
                    for number, seat in enumerate(table.seats) if seat.student == student]

    def leave(self, socket) -> None:
        with self.watch_lock:
            for table_id, watching in self.watchers.items():
                for pair in [p for p in watching if p[0] is socket]:
                    watching.discard(pair)
                    if not any(seat == pair[1] for _, seat in watching):
                        self.unwatched.setdefault((table_id, pair[1]), self.clock())

    # --- learning from the hands ----------------------------------------------------------
    def review(self, table_id, seat, hand, student: str, move=None) -> tuple[Reply, dict | None]:
        """The coach's review of ``student``'s own decisions at ``seat`` in ``hand`` (over),
        move ``move`` selected, in the language in use (:meth:`.tablereview.Reviews.review`)."""
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            return Reply(False, (Reason("table_no_such_table"),), None), None
        names = seat_names(self.spec(table_id), self.names(), seat)
        return self.coach.review(table, self.lock, seat, hand, student, move, names)

    def figures(self) -> dict:
        """The teacher's figures of every student at the session's tables
        (:meth:`.tablereview.Reviews.figures`)."""
        return self.coach.figures(list(self.tables.values()), self.lock)


def review_in(lang: str, hall: TableHall, *args, **kwargs):
    """:meth:`TableHall.review` speaking ``lang`` (a worker thread starts in English)."""
    with i18n.language(lang):
        return hall.review(*args, **kwargs)


def table_handlers(base: str, config, desk, hall: TableHall | None = None,
                   clock=time.monotonic, door=None, tick_seconds: float | None = TICK_SECONDS,
                   hall_clock=None) -> list:
    """(pattern, handler) for the tables' websocket under ``base``; ``hall`` defaults to
    the session's tables in the desk's store; ``clock`` paces each student's messages.
    Every ``tick_seconds`` (None: never; tests call ``TableSocket.tick``) the turn clocks
    are read (:meth:`TableHall.tick`); ``hall_clock`` is the clock they read (epoch seconds).
    A student is who the quiz page knows: the signed seat's, or behind JupyterHub
    (``door``) or a proxy (``config.user_header``) the user it vouches for, with the seat."""
    import tornado.websocket

    config = as_config(config)
    user_header = None if door is not None else config.user_header
    seat_hash = seat_hash_reader(config)
    teacher_lang = class_language(config)
    halls = [hall] if hall is not None else []
    pace = Pace(BURST, PER_SECOND, clock)   # per student, whatever number of sockets they open
    making = threading.Lock()
    ticking = []

    async def tick() -> None:
        """Read the turn clocks once and send the frames of the tables that changed."""
        if not halls:
            return
        try:
            frames = await asyncio.get_running_loop().run_in_executor(None, halls[0].tick)
        except Exception as error:       # the store is away: the next tick tries again
            LOG.warning("tables: the turn clocks could not be read: %s", error)
            return
        deliver(halls[0], frames)

    def deliver(hall: TableHall, frames) -> None:
        """Each watcher's frame (``[(socket, frame)]``, of one table or several), and a drawn
        table to each page that has one: every path that sends frames comes here (a move,
        a stand-in's move at a tick, a seat taken back), so the students' pages follow."""
        moves = {}
        for socket, frame in frames:
            socket.send(dict(frame, type="frame"))
            table_id = frame["table"]
            if socket.play is not None and socket.play.table_id == table_id:
                if table_id not in moves:
                    moves[table_id] = hall.moves(table_id)
                socket.redraw(moves[table_id], frame)

    def the_hall() -> TableHall:
        """The session's tables, restored from the store at the first connection (not when
        the server starts: a store that is away then must not stop the quiz)."""
        with making:
            if not halls:
                halls.append(TableHall(desk.store(), desk.session, clock=hall_clock))
            return halls[0]

    class TableSocket(tornado.websocket.WebSocketHandler):
        student = hall = play = None

        def get_compression_options(self):
            """permessage-deflate for a browser that offers it: a drawn table is some 100 kB
            of HTML, mostly the same card pictures (a phone on a school's wifi)."""
            return {}

        def language(self) -> str:
            try:
                return i18n.resolve_language(self.get_cookie(LANG_COOKIE) or teacher_lang)
            except UsageError:
                return teacher_lang

        async def user(self) -> tuple[bool, str | None]:
            """(may go on, the user a hub or proxy vouches for): the quiz page's way."""
            if door is not None:
                found = await door.user(self)
                return (found is not None), (found["name"] if found else None)
            if user_header:
                return True, self.request.headers.get(user_header) or None
            return True, None

        async def open(self):
            self.lang = self.language()
            found = seat_hash(self)
            allowed, user = await self.user()
            student = None
            if found is not None and allowed:
                try:
                    student = await self.work(desk.student_of, found, user)
                except Exception as error:       # the store is away: the browser tries again
                    LOG.warning("tables: cannot find a student: %s", type(error).__name__)
            if student is None:
                self.send({"type": "refused", "reasons": self.words((Reason("access_refused"),))})
                self.close(4403, "join the class first")
                return
            try:
                self.hall = await self.work(the_hall)
            except Exception as error:           # the store is away: the browser tries again
                LOG.warning("tables: cannot restore the tables: %s", error)
                self.send({"type": "refused", "reasons": self.words((Reason("table_not_saved"),))})
                self.close(1011, "the class's database did not answer")
                return
            self.student = student.student_id
            if tick_seconds is not None and not ticking:
                import tornado.ioloop
                ticking.append(tornado.ioloop.PeriodicCallback(tick, tick_seconds * 1000))
                ticking[0].start()

        async def work(self, function, *args):
            return await asyncio.get_running_loop().run_in_executor(None, function, *args)

        def words(self, reasons) -> list:
            with i18n.language(self.lang):
                return [dict(r.to_json(), text=r.text()) for r in reasons]

        def send(self, message: dict) -> None:
            try:
                self.write_message(json.dumps(message, ensure_ascii=False))
            except tornado.websocket.WebSocketClosedError:
                if self.hall is not None:
                    self.hall.leave(self)

        def answer(self, reply: Reply) -> None:
            message = reply.to_dict()
            message.update(type="reply", reasons=self.words(reply.reasons))
            self.send(message)

        async def on_message(self, text):
            if self.student is None:
                return
            if not pace.take(self.student):
                return self.answer(Reply(False, (Reason("table_too_fast"),), None))
            try:
                message = json.loads(text) if isinstance(text, str) and len(text) <= MESSAGE_LIMIT else None
            except ValueError:
                message = None
            kind = message.get("type") if isinstance(message, dict) else None
            if kind == "sit":
                hall = self.hall
                reply = hall.sit(self, message.get("table"), message.get("seat"), self.student)
                self.answer(reply)
                if reply.ok:
                    frame = hall.frame(message["table"], message["seat"])
                    self.send(dict(frame, type="frame"))
                    if message.get("draw") is True:   # the students' page: the table drawn here
                        self.play = await self.work(self.seat_play, message["table"], message["seat"])
                        self.redraw(self.hall.moves(message["table"]), frame)
                if any(r.code == "table_seat_back" for r in reply.reasons):
                    self.tell_others(message["table"])      # the seat is the student's again
                return
            if kind == "review":
                reply, data = await self.work(review_in, self.lang, self.hall, message.get("table"),
                                              message.get("seat"), message.get("hand"), self.student,
                                              message.get("move"))
                self.answer(reply)
                if data is not None:
                    self.send(dict(data, type="review"))
                return
            if kind == "event":
                return await self.event(message)
            if kind != "move":
                return self.answer(Reply(False, (Reason("table_unreadable_move"),), None))
            reply, frames = await self.work(self.hall.move, message.get("table"), message.get("seat"),
                                            message.get("move"), message.get("seen"), self.student)
            self.answer(reply)
            self.deliver(message.get("table"), frames)

        def deliver(self, table_id, frames) -> None:
            """Each watcher's frame after a move, and a drawn table to each page that has one."""
            deliver(self.hall, frames)

        # --- the students' page: the book's table, drawn here for one seat (tableseat) ---
        def seat_play(self, table_id: str, seat: int) -> SeatPlay:
            with i18n.language(self.lang):
                return SeatPlay(self.hall.spec(table_id), seat, self.hall.names())

        def redraw(self, moves=None, frame=None) -> None:
            """Follow the table's moves and send the page its table as it is now (with the
            stand-ins and the clock of ``frame``, the seat's latest, when one is given)."""
            play = self.play
            with i18n.language(self.lang):
                if frame is not None:
                    play.note(frame)
                if moves is not None:
                    play.follow(moves)
                self.send({"type": "view", "table": play.table_id, "seat": play.seat,
                           "version": play.version, "html": play.html()})

        async def event(self, message: dict):
            """A click or a key on the page's table (``{"type": "event", "act": ..., "arg":
            ...}``, the book's events): a selection is answered here; a move is sent to the
            table as any move is, and a refusal is said on the table with its reasons."""
            play, act, arg = self.play, message.get("act"), message.get("arg", "")
            if play is None or not isinstance(act, str) or not isinstance(arg, str):
                return self.answer(Reply(False, (Reason("table_unreadable_move"),), None))
            if act == "takeback":          # the page's "Take my seat back": sitting again
                return self.take_back(play)
            if act == "review":            # "Review this hand": the coach's review board opens
                hand = int(arg) if arg.isascii() and arg.isdigit() and len(arg) <= 4 else arg[:20]
                return await self.show_review(play, hand, None)
            if act == "region" and arg.startswith("review:") and play.reviewing is not None:
                hand, _, selected, last = play.reviewing   # a move of the review, or a step
                move = arg[len("review:"):]
                steps = {"first": 0, "prev": max(0, selected - 1), "next": min(last, selected + 1),
                         "last": last}
                move = steps[move] if move in steps else int(move) \
                    if move.isascii() and move.isdigit() and len(move) <= 4 else move[:20]
                return await self.show_review(play, hand, move)
            if act == "review_close":
                play.reviewing = None
                return self.redraw()
            with i18n.language(self.lang):
                try:
                    play.handle(act, arg)
                except RummyError:         # an event the table has no use for
                    play.take_pending()
                    return self.answer(Reply(False, (Reason("table_unreadable_move"),), play.version))
            action = play.take_pending()
            if action is None:
                return self.redraw()
            reply, frames = await self.work(self.hall.move, play.table_id, play.seat,
                                            action.text(ascii=True), play.version, self.student)
            self.answer(reply)
            if not reply.ok:
                with i18n.language(self.lang):
                    play.refused(reply.reasons)
                self.redraw(self.hall.moves(play.table_id))
            self.deliver(play.table_id, frames)

        async def show_review(self, play, hand, move) -> None:
            """The coach's review of the page's seat in ``hand`` (move ``move`` selected),
            built off the loop (:func:`review_in`), drawn under the page's table and sent as
            a ``review`` message too; a refusal (a hand not over, the coach busy) is said."""
            reply, data = await self.work(review_in, self.lang, self.hall, play.table_id, play.seat,
                                          hand, self.student, move)
            self.answer(reply)
            if data is not None:
                play.reviewing = (data["hand"], data["html"], data["selected"], data["last"])
                self.send(dict(data, type="review"))
                self.redraw()

        def take_back(self, play) -> None:
            """The page's seat, played by a stand-in, is the student's again (as sitting again)."""
            hall = self.hall
            reply = hall.sit(self, play.table_id, play.seat, self.student)
            self.answer(reply)
            if reply.ok:
                frame = hall.frame(play.table_id, play.seat)
                self.send(dict(frame, type="frame"))
                self.redraw(hall.moves(play.table_id), frame)
            if any(r.code == "table_seat_back" for r in reply.reasons):
                self.tell_others(play.table_id)

        def tell_others(self, table_id) -> None:
            """Send every other browser at the table its frame (after a seat is taken back),
            and its drawn table to a page that has one."""
            hall = self.hall
            with hall.lock:
                frames = [(s, f) for s, f in hall.frames(hall.tables[table_id]) if s is not self]
            deliver(hall, frames)

        def on_close(self):
            if self.hall is not None:
                self.hall.leave(self)

    TableSocket.the_hall = staticmethod(the_hall)
    TableSocket.tick = staticmethod(tick)
    TableSocket.send_frames = staticmethod(deliver)   # (the teacher's clock form sends through it)
    return [(base + "/" + TABLES_PATH, TableSocket)]
