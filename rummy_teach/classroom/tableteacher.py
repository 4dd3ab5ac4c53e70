"""The teacher's card tables: open tables, seat the class, watch every table, project one.

===================================  ==================================================
``/teacher/tables``                  the tables of the class, live (refreshing by
                                     itself), the form to open a table and the form to
                                     seat the class automatically (both post back here)
``/teacher/tables/projector?table=``  one table, large, for a projector
===================================  ==================================================

Both need the teacher's token (or, behind JupyterHub, the hub's teachers' group), as
every teacher's page does; the forms carry the token (no cookie to forge).

**What the teacher sees of a table** is what the table shows to everybody sitting round
it while a hand is played: the melds, the discard pile, how many cards each hand holds, the
scores, who is to play (:func:`public_board`); once the hand is over, every hand as it was
scored. The projector shows the same, larger. The list says who sits where, hands won and
games won.

**Seating the class** (:func:`seat_class`): the students who joined and sit at no table
whose game is still on, in the order they joined, spread over as few tables of ``seats``
as hold them, as evenly as may be (10 students at tables of 4: 4, 3 and 3), computer
players at the teacher's level filling the empty seats. A form that names an unknown game,
a number of seats the game is not played with, a level that is not one, a deal number
out of range, or students who are not in the class is refused with a message saying what
was wrong and what is accepted; nothing is opened.

**The deal.** A table is dealt from a number, as the book's tables are, and the list shows
it ("Deal no. 1,234"). The teacher may give one: every table opened with it gets the same
cards (the same number, game and seats deal the same hands), so a class can compare how its
tables played one deal, or play again a deal it talked about. Left empty, each table gets
a fresh number.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from html import escape
from urllib.parse import quote

from ..errors import RummyError
from ..game import LEVELS
from ..game.setup import DEAL_NUMBERS, fresh_deal_number
from ..game.view import board_view
from ..play.board import board_html
from ..reasons import Reason
from ..rules import RULE_SETS, get_rules
from .messages import class_language, say
from .pages import let_teacher_in, page, scroll_box, set_teacher_headers
from .tables import TURN_SECONDS, Seat, clock_refusal

CARD_SIZE, PROJECTOR_SIZE = 44, 84
LOG = logging.getLogger("rummy_teach.classroom")
REFRESH_MS = 3000


class TableFormError(RummyError, ValueError):
    """A teacher's form the tables cannot be opened from; ``str()`` says why, in words."""


def seat_class(students, seats: int, level: str) -> list[list[Seat]]:
    """The seats of the tables that seat ``students`` (ids, in order) at tables of ``seats``,
    computers at ``level`` filling the empty seats: as few tables as hold them, the students
    spread evenly (the first tables take one more where they do not divide)."""
    students = list(students)
    if not students:
        return []
    count = -(-len(students) // seats)
    tables, at = [], 0
    for number in range(count):
        take = len(students) // count + (1 if number < len(students) % count else 0)
        sitting = [Seat(student=s) for s in students[at:at + take]]
        at += take
        tables.append(sitting + [Seat(level=level)] * (seats - len(sitting)))
    return tables


def read_form(game: str, seats: str, level: str):
    """(rules, seats, level) of the form's fields, or :class:`TableFormError` saying why."""
    if game not in RULE_SETS:
        raise TableFormError(Reason("rules_unknown_game", {"name": repr(game[:40]),
                                                           "names": ", ".join(RULE_SETS)}))
    rules = get_rules(game)
    number = int(seats) if seats.isascii() and seats.isdigit() and len(seats) <= 2 else seats[:10]
    try:
        rules.check_players(number)
    except RummyError as error:
        raise TableFormError(str(error)) from None
    return rules, number, read_level(level)


def read_level(level: str) -> str:
    """The form's level of the computer players, or :class:`TableFormError` naming the levels."""
    if level not in LEVELS:
        raise TableFormError(Reason("tables_bad_level", {"level": repr(level[:20]),
                                                         "levels": ", ".join(say(f"level_{x}") for x in LEVELS)}))
    return level


def read_turn(turn: str, level: str) -> int | None:
    """The form's turn time in seconds (empty: None, no clock), or :class:`TableFormError`
    saying what is accepted (whole seconds from 10 to 600)."""
    if not turn:
        return None
    seconds = int(turn) if turn.isascii() and turn.isdigit() and len(turn) <= 4 else turn[:10]
    refusal = clock_refusal(seconds, level)
    if refusal is not None:
        raise TableFormError(refusal)
    return seconds


def read_deal(deal: str) -> int | None:
    """The form's deal number (empty: None, a fresh deal for each table), or
    :class:`TableFormError` saying what is accepted (a whole number from 1 to
    :data:`~rummy_teach.game.setup.DEAL_NUMBERS`)."""
    if not deal:
        return None
    if deal.isascii() and deal.isdigit() and 1 <= int(deal) <= DEAL_NUMBERS:
        return int(deal)
    raise TableFormError(Reason("tables_bad_deal", {"deal": repr(deal[:12]), "low": 1, "high": DEAL_NUMBERS}))


def next_ids(taken, count: int) -> list[str]:
    """``count`` new table ids, t1, t2, ... that are not in ``taken``."""
    found, number = [], 1
    while len(found) < count:
        if f"t{number}" not in taken:
            found.append(f"t{number}")
        number += 1
    return found


def seat_name(seat: Seat, names: dict) -> str:
    if seat.computer:
        return say("table_seat_computer", level=say(f"level_{seat.level}"))
    return names.get(seat.student, seat.student)


def public_board(table, names: dict, size: int = CARD_SIZE) -> str:
    """The table as everyone round it sees it (no hand while the hand is played; every hand
    once it is over), drawn as the book draws a table; read under the hall's lock."""
    shown = [seat_name(s, names) for s in table.seats]
    board = board_view(table.game, 0, shown)
    if not table.game.is_hand_over:
        board["players"][0]["hand"] = None
    board["seat"], board["selected"], board["groups"], board["fits"] = None, [], [], []
    return board_html(board, size=size)


def standings(table) -> tuple[list[int], list[int]]:
    """(hands won, games won) per seat: a hand is won by going out; a game by its winners."""
    game = table.game
    hands = [sum(1 for r in game.hand_results if r.went_out == p) for p in range(len(table.seats))]
    games = [1 if game.is_game_over and p in (game.winners or ()) else 0 for p in range(len(table.seats))]
    return hands, games


class FiguresKeeper:
    """The teacher's figures (:meth:`.tablehall.TableHall.figures`), worked out in a thread
    of their own: the first time takes seconds (every hand's review), so the page shows the
    last figures found (None before the first) and asks for new ones; one at a time."""

    def __init__(self):
        self.figures: dict | None = None
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()

    def current(self, hall) -> dict | None:
        """The last figures found; new ones are started unless they are being worked out."""
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self.work, args=(hall,), daemon=True,
                                               name="rummy-table-figures")
                self.thread.start()
            return self.figures

    def work(self, hall) -> None:
        try:
            self.figures = hall.figures()
        except Exception as error:      # the store or a table that does not replay: keep the last
            LOG.warning("tables: the teacher's figures could not be worked out: %s", error)


def lost_cell(figures: dict | None, table_id: str, student: str | None) -> str:
    """The points ``student`` lost in each hand at ``table_id`` (the coach's estimate), in
    the reader's words; while the figures are being worked out, that they are."""
    if student is None:
        return ""
    if figures is None:
        return say("tables_figures_pending")
    lost = [p for s in figures["students"] if s["student"] == student
            for p in s["points_lost"] if p["table"] == table_id]
    return ", ".join(say("tables_lost_hand", hand=p["hand"], points=p["points"]) for p in lost)


def tables_html(hall, names: dict, token: str, base: str, figures: dict | None = None,
                lost: bool = False) -> str:
    """The live list: every table, who sits where, hands and games won, with ``lost`` the
    points each student lost per hand (``figures``: :class:`FiguresKeeper`'s; None while
    they are worked out), the public table."""
    if not hall.tables:
        return f'<p class="rt-no-tables">{escape(say("tables_none_open"))}</p>'
    t = f"token={quote(token, safe='')}&" if token else ""
    parts = []
    with hall.lock:
        for table_id, table in hall.tables.items():
            hands, games = standings(table)
            rows = "".join(
                f"<tr><td class=\"n\">{number + 1}</td><td>{escape(seat_name(seat, names))}</td>"
                f'<td class="n">{hands[number]}</td><td class="n">{games[number]}</td>'
                + (f'<td class="rt-lost">{escape(lost_cell(figures, table_id, seat.student))}</td>'
                   if lost else "") + "</tr>"
                for number, seat in enumerate(table.seats))
            head = "".join(f"<th>{escape(say(code))}</th>" for code in (
                "tables_col_seat", "col_student", "tables_col_hands", "tables_col_games")
                + (("tables_col_lost",) if lost else ()))
            projector = f"{base}teacher/tables/projector?{t}table={quote(table_id, safe='')}"
            title = say("tables_table_title", table=table_id, game=table.game.rules.term,
                        hand=table.game.hand_number or 1)
            clock = (say("table_page_clock", count=table.turn_seconds) if table.turn_seconds
                     else say("tables_no_clock"))
            deal = (f'<p class="rt-table-deal" title="{escape(say("board_deal_tip"))}">'
                    f'{escape(say("board_deal_number", number=table.seed))}</p>')
            parts.append(
                f'<section class="rt-class-table" data-table="{escape(table_id)}">'
                f"<h2>{escape(title)}</h2><p class=\"rt-table-clock-now\">{escape(clock)}</p>{deal}"
                + scroll_box(f'<table class="rt-table-seats"><thead><tr>{head}</tr></thead>'
                             f"<tbody>{rows}</tbody></table>", title) +
                f'<p><a href="{escape(projector)}" class="rt-projector-link">{escape(say("tables_projector"))}</a></p>'
                f"{public_board(table, names)}</section>")
    return "".join(parts)


def forms_html(students, token: str, base: str, said: str = "", alert: bool = False,
               tables=None) -> str:
    """The forms: open one table (game, seats, level, which students), seat the class, and
    with ``tables`` (the open ones, by id) change one table's turn time."""
    hidden = f'<input type="hidden" name="token" value="{escape(token)}">' if token else ""
    games = "".join(f'<option value="{escape(name)}">{escape(str(get_rules(name).term))}</option>'
                    for name in RULE_SETS)
    levels = "".join(f'<option value="{x}"{" selected" if x == "medium" else ""}>'
                     f"{escape(say(f'level_{x}'))}</option>" for x in LEVELS)

    turn = (f'<label>{escape(say("tables_turn_label", low=TURN_SECONDS[0], high=TURN_SECONDS[1]))} '
            f'<input name="turn" inputmode="numeric" size="4" value=""></label>')
    level_field = f'<label>{escape(say("tables_level_label"))} <select name="level">{levels}</select></label> '
    deal = (f' <label>{escape(say("tables_deal_label", low=1, high=DEAL_NUMBERS))} '
            f'<input name="deal" inputmode="numeric" size="6" value=""></label>')

    def fields(kind: str) -> str:
        return (f'<label>{escape(say("tables_game_label"))} <select name="game">{games}</select></label> '
                f'<label>{escape(say("tables_seats_label"))} <input name="seats" inputmode="numeric" '
                f'size="3" value="4" required></label> {level_field}{turn}{deal}')
    boxes = "".join(f'<label class="rt-pick-student"><input type="checkbox" name="student" '
                    f'value="{escape(s.student_id)}"> {escape(s.name)}</label> ' for s in students)
    note = ""
    if said:
        note = (f'<p class="rt-said{" rt-alert" if alert else ""}" role="{"alert" if alert else "status"}">'
                f"{escape(said)}</p>")
    # the token in the address too: the page a post answers refreshes from its own address
    action = escape(base + "teacher/tables" + (f"?token={quote(token, safe='')}" if token else ""))
    return (f"{note}<h2>{escape(say('tables_auto_heading'))}</h2>"
            f'<form method="post" action="{action}" class="rt-seat-class">{hidden}'
            f'<input type="hidden" name="action" value="auto">{fields("auto")} '
            f'<button type="submit">{escape(say("tables_auto_button"))}</button></form>'
            f"<h2>{escape(say('tables_open_heading'))}</h2>"
            f'<form method="post" action="{action}" class="rt-open-table">{hidden}'
            f'<input type="hidden" name="action" value="open">{fields("open")}'
            f'<fieldset><legend>{escape(say("tables_students_label"))}</legend>'
            f'{boxes or escape(say("students_none"))}</fieldset>'
            f'<button type="submit">{escape(say("tables_open_button"))}</button></form>'
            + (clock_form_html(tables, hidden, action, level_field + turn) if tables else ""))


def clock_form_html(tables, hidden: str, action: str, fields: str) -> str:
    """The form that changes an open table's turn time (the stand-in's level with it)."""
    options = "".join(f'<option value="{escape(table_id)}">'
                      f'{escape(say("tables_clock_option", table=table_id, game=table.game.rules.term))}</option>'
                      for table_id, table in tables.items())
    return (f"<h2>{escape(say('tables_clock_heading'))}</h2>"
            f'<form method="post" action="{action}" class="rt-table-clock">{hidden}'
            f'<input type="hidden" name="action" value="clock">'
            f'<label>{escape(say("tables_clock_table_label"))} <select name="table">{options}</select></label> '
            f'{fields} <button type="submit">{escape(say("tables_clock_button"))}</button></form>')


def set_table_clock(hall, form: dict) -> tuple[str, list]:
    """Change an open table's turn time as the teacher's ``form`` asks (``table``, ``turn``:
    empty for none, ``level`` of the computer that plays a seat that runs out): what was
    done, in words, and the frames that tell the table's watchers; or
    :class:`TableFormError`, the table as it was."""
    level = read_level(form["level"])
    seconds = read_turn(form.get("turn", ""), level)
    reply, frames = hall.set_clock(form["table"], seconds, level)
    if not reply.ok:
        raise TableFormError(reply.reasons[0])
    if seconds is None:
        return say("tables_clock_off", table=form["table"]), frames
    return say("tables_clock_set", table=form["table"], count=seconds), frames


def open_tables(hall, students, form: dict) -> str:
    """Open what the teacher's ``form`` asks for; what was done, in words (or
    :class:`TableFormError`: nothing opened)."""
    rules, seats, level = read_form(form["game"], form["seats"], form["level"])
    turn = read_turn(form.get("turn", ""), level)
    deal = read_deal(form.get("deal", ""))
    known = [s.student_id for s in students]
    if form["action"] == "auto":
        with hall.lock:
            busy = {seat.student for table in hall.tables.values() if not table.game.is_game_over
                    for seat in table.seats if seat.student}
        layout = seat_class([s for s in known if s not in busy], seats, level)
        if not layout:
            raise TableFormError(Reason("tables_nobody_to_seat"))
    elif form["action"] == "open":
        chosen = form["students"]
        if any(s not in known for s in chosen):
            raise TableFormError(Reason("students_gone"))
        if len(chosen) > seats:
            raise TableFormError(Reason("tables_too_many_students", {"count": len(chosen), "seats": seats}))
        layout = [[Seat(student=s) for s in chosen] + [Seat(level=level)] * (seats - len(chosen))]
    else:
        raise TableFormError(Reason("students_unknown_action"))
    ids = next_ids(hall.tables, len(layout))
    for table_id, table_seats in zip(ids, layout):
        hall.open(table_id, rules, table_seats, seed=fresh_deal_number() if deal is None else deal,
                  turn_seconds=turn, stand_in=level)
    return say("tables_opened", count=len(ids), tables=", ".join(ids))


def table_teacher_handlers(base: str, config, desk, the_hall, door=None, deliver=None) -> list:
    """(pattern, handler) for the teacher's tables pages under ``base``; ``deliver(hall,
    frames)`` (the tables' socket's) sends a changed table to its watchers."""
    import tornado.web

    from .. import i18n
    from .config import as_config
    from .dashboard import teacher_nav

    config = as_config(config)
    teacher_lang = class_language(config)
    prefix = base + "/"
    keeper = FiguresKeeper()

    class Page(tornado.web.RequestHandler):
        def set_default_headers(self):
            set_teacher_headers(self)

        def check_xsrf_cookie(self):
            """The token in the posted form is this page's guard (no cookie to forge)."""

        async def prepare(self):
            await let_teacher_in(self, config, door)

        def send(self, body: str, status: int = 200):
            self.set_status(status)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(body)

        async def work(self, function, *args):
            return await asyncio.get_running_loop().run_in_executor(None, function, *args)

        def read(self):
            hall = the_hall()
            students = desk.store().students(desk.session)
            return hall, students, {s.student_id: s.name for s in students}

    class Tables(Page):
        async def respond(self, said: str = "", status: int = 200, alert: bool = False):
            hall, students, names = await self.work(self.read)
            with i18n.language(teacher_lang):
                live = tables_html(hall, names, self.token, prefix, keeper.current(hall), lost=True)
                if self.get_argument("part", "") == "live":
                    return self.send(live)
                heading = say("tables_heading_teacher")
                body = (f"{teacher_nav(self.token, config.session, prefix)}<h1>{escape(heading)}</h1>"
                        f"{forms_html(students, self.token, prefix, said, alert, dict(hall.tables))}"
                        f"<h2>{escape(say('tables_open_now'))}</h2><div id=\"rt-live\">{live}</div>")
                self.send(page(heading, body, refresh_ms=REFRESH_MS), status)

        async def get(self):
            await self.respond()

        async def post(self):
            form = {"action": self.get_body_argument("action", "")[:10],
                    "game": self.get_body_argument("game", "")[:40],
                    "seats": self.get_body_argument("seats", "").strip()[:10],
                    "level": self.get_body_argument("level", "")[:20],
                    "turn": self.get_body_argument("turn", "").strip()[:10],
                    "deal": self.get_body_argument("deal", "").strip()[:12],
                    "table": self.get_body_argument("table", "")[:64],
                    "students": [s[:64] for s in self.get_body_arguments("student")[:60]]}

            def act():
                hall, students, _ = self.read()
                with i18n.language(teacher_lang):
                    try:
                        if form["action"] == "clock":
                            said, frames = set_table_clock(hall, form)
                            return said, 200, False, hall, frames
                        return open_tables(hall, students, form), 200, False, hall, []
                    except TableFormError as error:
                        return str(error), 400, True, hall, []
            said, status, alert, hall, frames = await self.work(act)
            if frames and deliver is not None:
                deliver(hall, frames)
            await self.respond(said, status, alert)

    class Projector(Page):
        async def get(self):
            hall, _, names = await self.work(self.read)
            wanted = self.get_argument("table", "")[:64]
            with i18n.language(teacher_lang):
                if wanted not in hall.tables:
                    return self.send(page(say("table_no_such_table"),
                                          f'<p class="rt-alert" role="alert">{escape(say("table_no_such_table"))}</p>'), 404)
                with hall.lock:
                    live = public_board(hall.tables[wanted], names, PROJECTOR_SIZE)
                if self.get_argument("part", "") == "live":
                    return self.send(live)
                title = say("tables_projector_title", table=wanted)
                body = (f'<style>body{{max-width:none;margin:0.4em}} .rt-table{{font-size:26px!important}}'
                        f" .rt-table .rt-turn{{font-size:30px!important}}</style>"
                        f'<div id="rt-live" class="rt-projector-table">{live}</div>')
                self.send(page(title, body, refresh_ms=REFRESH_MS))

    return [(base + "/teacher/tables", Tables),
            (base + "/teacher/tables/projector", Projector)]
