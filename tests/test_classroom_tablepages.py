"""The pages of the class's card tables, without a browser: the table a student's page
shows (:class:`SeatPlay`, the book's table following a class table), the teacher's forms
(opening a table, seating the class) and the teacher's public view of a table.

The browser's side (four students in Chromium) is tests/test_classroom_tables_chromium.py.
"""

import random
import re

import pytest

from rummy_teach import i18n
from rummy_teach.cards import Card
from rummy_teach.classroom import open_store
from rummy_teach.classroom.tablehall import TableHall
from rummy_teach.classroom.tables import Seat, Table
from rummy_teach.classroom.tableseat import SeatPlay
from rummy_teach.classroom.tableteacher import (TableFormError, forms_html, open_tables, public_board,
                                                read_form, seat_class, set_table_clock, tables_html)
from rummy_teach.game import choose_action

from test_classroom_tables import hidden_from

STUDENTS = [f"student-{n:02d}-abcdefgh" for n in range(6)]
NAMES = {s: f"Name{n}" for n, s in enumerate(STUDENTS)}


def moves_of(table):
    return [(m["player"], m["action"]) for m in table.game.history["moves"] if "chance" not in m]


def without_log(html: str) -> str:
    return re.sub(r'<ol class="rt-log".*?</ol>', "", html, flags=re.S)


def shown_hidden(html: str, hidden, seen_faces=frozenset()) -> list:
    """The hidden cards ``html`` shows: by notation (one card exactly), or by a card
    picture's name (a face: with two decks either copy) of which the seat sees no copy."""
    html = without_log(html)
    return [c for c in hidden if f'data-card="{c.text(ascii=True)}"' in html
            or (f'aria-label="{c.name}"' in html and c.face not in seen_faces)]


def act(play: SeatPlay, table: Table, act: str, arg: str = ""):
    """A page's event at ``play``'s seat, and its move sent to the table as the socket does."""
    play.handle(act, arg)
    action = play.take_pending()
    if action is None:
        return None
    reply = table.move(play.seat, action.text(ascii=True), play.version, table.seats[play.seat].student)
    if not reply.ok:
        play.refused(reply.reasons)
    return reply


# --- the table a student's page shows ------------------------------------------------------------

def test_a_seats_table_follows_the_class_table_and_shows_only_what_the_seat_may_see():
    """Four students play a whole Basic hand through their pages' events (the stock, a card,
    Discard; Meld when the computer's choice is a meld): after every move each page's table
    is drawn and must hold no card hidden from its seat; the log tells each move."""
    table = Table("t1", "basic", [Seat(student=s) for s in STUDENTS[:4]], seed=11)
    plays = [SeatPlay(table.spec(), seat, NAMES) for seat in range(4)]
    rng = random.Random(3)
    checked = 0
    while not table.game.is_hand_over:
        for play in plays:
            play.follow(moves_of(table))
            assert play.version == table.version
            hidden, _ = hidden_from(table.game, play.seat)
            assert shown_hidden(play.html(), hidden) == []
            checked += 1
        seat = table.game.current_player
        play = plays[seat]
        choice = choose_action(table.game, seat, "easy", rng)
        if choice.kind == "draw":
            assert act(play, table, "region", "stock").ok
        elif choice.kind == "take":
            assert act(play, table, "region", "take:1").ok
        elif choice.kind == "discard":
            act(play, table, "card", choice.card.text(ascii=True))
            assert act(play, table, "press", "discard").ok
        elif choice.kind == "meld":
            for card in choice.melds[0]:
                act(play, table, "card", card.text(ascii=True))
            assert act(play, table, "press", "meld").ok
        else:   # a lay-off: the card, then the meld it goes on
            act(play, table, "card", choice.card.text(ascii=True))
            assert act(play, table, "region", f"meld:{choice.target}").ok
    for play in plays:
        play.follow(moves_of(table))
        assert "rt-result" in play.html()
    assert checked > 40
    assert any("Name1" in line for line in plays[0].log_lines)      # the others named


def test_a_move_the_judge_refuses_is_said_on_the_seats_table_and_the_table_is_unchanged():
    table = Table("t1", "basic", [Seat(student=s) for s in STUDENTS[:2]], seed=4)
    seat = table.game.current_player
    play = SeatPlay(table.spec(), seat, NAMES)
    play.follow(moves_of(table))
    top = table.game.discard_top
    assert act(play, table, "region", "take:1").ok
    play.follow(moves_of(table))
    before = table.game.snapshot()
    act(play, table, "card", top.text(ascii=True))
    reply = act(play, table, "press", "discard")
    assert not reply.ok and [r.code for r in reply.reasons] == ["taken_discard_blocked"]
    assert table.game.snapshot() == before
    assert f"{top.face} was taken from the discard pile this turn" in play.html()
    other = SeatPlay(table.spec(), 1 - seat, NAMES)          # not this seat's turn: the table's refusal
    other.follow(moves_of(table))
    reply = act(other, table, "region", "stock")
    assert [r.code for r in reply.reasons] == ["table_not_your_turn"]
    assert table.game.snapshot() == before


def test_a_seats_table_speaks_the_students_language():
    table = Table("t1", "basic", [Seat(student=STUDENTS[0]), Seat(level="hard")], seed=4)
    with i18n.language("it"):
        play = SeatPlay(table.spec(), 0, NAMES)
        play.follow(moves_of(table))
        html = play.html()
    assert "Computer (difficile)" in html and "Pesca" in html


# --- the teacher's forms -----------------------------------------------------------------------------

def test_seating_the_class_spreads_the_students_evenly_with_computers_filling():
    tables = seat_class([f"s{n}" for n in range(10)], 4, "hard")
    assert [sum(not s.computer for s in t) for t in tables] == [4, 3, 3]
    assert all(len(t) == 4 for t in tables)
    assert [s.level for s in tables[2] if s.computer] == ["hard"]
    assert seat_class(["a", "b"], 4, "easy") == [[Seat(student="a"), Seat(student="b"),
                                                   Seat(level="easy"), Seat(level="easy")]]
    assert seat_class([], 4, "easy") == []
    assert [len(t) for t in seat_class([f"s{n}" for n in range(7)], 3, "easy")] == [3, 3, 3]


@pytest.mark.parametrize("game,seats,level,says", [
    ("poker", "4", "easy", "'poker'"),
    ("basic", "9", "easy", "9"),
    ("contract", "2", "easy", "2"),
    ("basic", "four", "easy", "four"),
    ("basic", "4", "genius", "'genius'"),
])
def test_a_form_the_tables_cannot_be_opened_from_is_refused_saying_what_is_accepted(game, seats, level, says):
    with pytest.raises(TableFormError) as refused:
        read_form(game, seats, level)
    text = str(refused.value)
    assert says in text
    accepted = {"poker": "basic", "genius": "easy"}.get(says.strip("'"), "2")
    assert accepted in text


def test_the_teachers_refusal_is_in_the_teachers_language():
    with i18n.language("nl"):
        with pytest.raises(TableFormError) as refused:
            read_form("basic", "4", "genius")
        assert str(refused.value) == "'genius' is geen niveau van de computerspelers: kies uit " \
            "makkelijk, gemiddeld, moeilijk, expert."


class People:
    def __init__(self, student_id, name):
        self.student_id, self.name = student_id, name


@pytest.fixture
def hall(tmp_path):
    store = open_store(str(tmp_path / "class.db"))
    yield TableHall(store, "5B")
    store.close()


def test_seating_the_class_opens_tables_and_seats_nobody_twice(hall):
    people = [People(s, NAMES[s]) for s in STUDENTS[:5]]
    said = open_tables(hall, people, {"action": "auto", "game": "basic", "seats": "3",
                                      "level": "easy", "students": []})
    assert said == "2 tables are open: t1, t2."
    seated = [s.student for t in hall.tables.values() for s in t.seats if not s.computer]
    assert sorted(seated) == sorted(STUDENTS[:5])
    with pytest.raises(TableFormError, match="Nobody to seat"):
        open_tables(hall, people, {"action": "auto", "game": "basic", "seats": "3",
                                   "level": "easy", "students": []})
    assert list(hall.tables) == ["t1", "t2"]
    # one table chosen by hand: the students first, a computer in the seat left
    said = open_tables(hall, people, {"action": "open", "game": "contract", "seats": "3",
                                      "level": "hard", "students": STUDENTS[:2]})
    assert said == "1 table is open: t3."
    assert [s.to_dict() for s in hall.tables["t3"].seats] == [
        {"student": STUDENTS[0]}, {"student": STUDENTS[1]}, {"level": "hard"}]


def test_a_table_for_more_students_than_seats_or_strangers_is_not_opened(hall):
    people = [People(s, NAMES[s]) for s in STUDENTS]
    with pytest.raises(TableFormError, match="You chose 5 students for 4 seats"):
        open_tables(hall, people, {"action": "open", "game": "basic", "seats": "4",
                                   "level": "easy", "students": STUDENTS[:5]})
    with pytest.raises(TableFormError):
        open_tables(hall, people, {"action": "open", "game": "basic", "seats": "4",
                                   "level": "easy", "students": ["forged-student-id-0001"]})
    assert hall.tables == {}


@pytest.mark.parametrize("turn", ["5", "601", "abc", "-30", "30.5", "9999999"])
def test_a_turn_time_out_of_range_is_refused_and_no_table_opened(hall, turn):
    people = [People(s, NAMES[s]) for s in STUDENTS[:3]]
    with pytest.raises(TableFormError) as refused:
        open_tables(hall, people, {"action": "auto", "game": "basic", "seats": "3",
                                   "level": "easy", "students": [], "turn": turn})
    text = str(refused.value)
    assert f"A turn time of {turn[:10]} seconds cannot be set" in text and "from 10 to 600" in text
    assert hall.tables == {}
    with i18n.language("it"):
        with pytest.raises(TableFormError, match="da 10 a 600"):
            open_tables(hall, people, {"action": "open", "game": "basic", "seats": "3",
                                       "level": "easy", "students": STUDENTS[:1], "turn": turn})
    assert hall.tables == {}


@pytest.mark.parametrize("deal", ["0", "100000", "12a", "-5", "3.5", "１２", "999999999999"])
def test_a_deal_number_out_of_range_is_refused_and_no_table_opened(hall, deal):
    people = [People(s, NAMES[s]) for s in STUDENTS[:3]]
    with pytest.raises(TableFormError) as refused:
        open_tables(hall, people, {"action": "auto", "game": "basic", "seats": "3",
                                   "level": "easy", "students": [], "deal": deal})
    assert str(refused.value) == (f"{deal[:12]!r} is not a deal number: give a whole number from 1 to "
                                  "99,999, or leave the field empty for new cards.")
    assert hall.tables == {}
    with i18n.language("nl"):
        with pytest.raises(TableFormError, match="geen spelnummer: geef een geheel getal van 1 tot 99.999"):
            open_tables(hall, people, {"action": "open", "game": "basic", "seats": "3",
                                       "level": "easy", "students": STUDENTS[:1], "deal": deal})
    assert hall.tables == {}


def test_a_deal_number_gives_every_table_opened_with_it_the_same_cards_and_the_list_says_it(hall):
    people = [People(s, NAMES[s]) for s in STUDENTS[:6]]
    assert 'name="deal"' in forms_html(people, "tok", "/")
    open_tables(hall, people, {"action": "auto", "game": "basic", "seats": "3",
                               "level": "easy", "students": [], "deal": "4321"})
    first, second = hall.tables["t1"].game, hall.tables["t2"].game
    assert hall.tables["t1"].seed == hall.tables["t2"].seed == 4321
    assert [first.hand(p) for p in range(3)] == [second.hand(p) for p in range(3)]
    assert first.discard_pile == second.discard_pile and first.current_player == second.current_player
    # the same cards as any game dealt from that number (the book's tables deal so too)
    from rummy_teach.game import new_game
    assert [new_game("basic", 3, 4321).hand(p) for p in range(3)] == [first.hand(p) for p in range(3)]
    shown = tables_html(hall, NAMES, "tok", "/")
    assert shown.count("Deal no. 4,321") == 2
    with i18n.language("it"):
        assert "Smazzata n. 4.321" in tables_html(hall, NAMES, "tok", "/")
    # the number is kept with the table: a server started again shows the same deal
    again = TableHall(hall.store, "5B")
    assert again.tables["t1"].seed == 4321
    assert [again.tables["t1"].game.hand(p) for p in range(3)] == [first.hand(p) for p in range(3)]
    # left empty, each table is dealt from a fresh number of its own, shown as well
    for _ in range(3):
        open_tables(hall, [People(s, NAMES[s]) for s in STUDENTS[:2]],
                    {"action": "open", "game": "basic", "seats": "2", "level": "easy",
                     "students": [], "deal": ""})
    fresh = [hall.tables[t].seed for t in ("t3", "t4", "t5")]
    assert all(1 <= seed <= 99_999 for seed in fresh)
    for seed in fresh:
        assert f"Deal no. {seed:,}" in tables_html(hall, NAMES, "tok", "/")


def test_the_teachers_turn_time_sets_each_tables_clock_and_none_by_default(hall):
    people = [People(s, NAMES[s]) for s in STUDENTS[:5]]
    assert 'name="turn"' in forms_html(people, "tok", "/")
    open_tables(hall, people, {"action": "auto", "game": "basic", "seats": "3",
                               "level": "hard", "students": [], "turn": "45"})
    assert [(t.turn_seconds, t.stand_in) for t in hall.tables.values()] == [(45, "hard"), (45, "hard")]
    assert hall.tables["t1"].frame(0)["clock"]["seconds"] == 45
    open_tables(hall, people, {"action": "open", "game": "basic", "seats": "2",
                               "level": "easy", "students": STUDENTS[:1], "turn": ""})
    assert hall.tables["t3"].turn_seconds is None and hall.tables["t3"].frame(0)["clock"] is None
    open_tables(hall, people, {"action": "open", "game": "basic", "seats": "2",
                               "level": "easy", "students": STUDENTS[1:2], "turn": "600"})
    assert hall.tables["t4"].turn_seconds == 600


def test_the_teacher_changes_an_open_tables_turn_time_and_its_watchers_are_told(hall):
    people = [People(s, NAMES[s]) for s in STUDENTS[:4]]
    assert "rt-table-clock" not in forms_html(people, "tok", "/", tables={})   # no table: no form
    open_tables(hall, people, {"action": "auto", "game": "basic", "seats": "2",
                               "level": "easy", "students": [], "turn": ""})
    assert 'name="table"' in forms_html(people, "tok", "/", tables=hall.tables)
    assert tables_html(hall, NAMES, "tok", "/").count("No turn time.") == 2
    watcher = object()
    hall.watchers["t2"] = {(watcher, 1)}
    said, frames = set_table_clock(hall, {"table": "t2", "turn": "45", "level": "hard"})
    assert said == "Table t2: each turn now has 45 seconds."
    assert hall.tables["t1"].turn_seconds is None and (hall.tables["t2"].turn_seconds, hall.tables["t2"].stand_in) == (45, "hard")
    assert frames == [(watcher, hall.tables["t2"].frame(1))] and frames[0][1]["clock"]["seconds"] == 45
    assert "Each turn has 45 seconds." in tables_html(hall, NAMES, "tok", "/")
    # refused: the table exactly as it was, nobody told
    for form, says in [({"table": "t9", "turn": "30", "level": "easy"}, "table"),
                       ({"table": "t2", "turn": "5", "level": "easy"}, "from 10 to 600"),
                       ({"table": "t2", "turn": "30", "level": "grandmaster"}, "grandmaster")]:
        with pytest.raises(TableFormError, match=says):
            set_table_clock(hall, form)
        assert (hall.tables["t2"].turn_seconds, hall.tables["t2"].stand_in) == (45, "hard")
    with i18n.language("nl"):
        said, _ = set_table_clock(hall, {"table": "t2", "turn": "", "level": "hard"})
        assert said == "Tafel t2 heeft nu geen beurttijd."
    assert hall.tables["t2"].turn_seconds is None


# --- the teacher's view of a table --------------------------------------------------------------------

def test_the_teachers_view_shows_no_hand_during_a_hand_and_every_hand_after_it():
    table = Table("t1", "basic", [Seat(student=STUDENTS[0]), Seat(level="easy"), Seat(level="easy")],
                  seed=8)
    rng = random.Random(1)
    while not table.game.is_hand_over:
        hidden = [c for p in range(3) for c in table.game.hand(p)] + list(table.game.unseen_by(0))
        assert shown_hidden(public_board(table, NAMES), set(hidden)) == []
        seat = table.game.current_player
        table.move(seat, choose_action(table.game, seat, "easy", rng).text(ascii=True),
                   table.version, STUDENTS[0])
    board = public_board(table, NAMES)
    left = [c for p in range(3) for c in table.game.hand(p)]
    assert left and all(f'aria-label="{Card.parse(c.text(ascii=True)).name}"' in board for c in left)
    assert "Name0" in board and "Computer (easy)" in board


def play_choice(play: SeatPlay, table: Table, choice):
    """``choice`` made on the seat's drawn table as a student makes it: pressing, clicking the
    piles, selecting cards and gathering melds."""
    kind = choice.kind
    if kind == "draw":
        return act(play, table, "region", "stock")
    if kind == "take":
        return act(play, table, "region", f"take:{choice.depth}")
    if kind in ("buy", "pass", "next", "end"):
        return act(play, table, "press", kind)
    if kind == "discard":
        act(play, table, "card", choice.card.text(ascii=True))
        return act(play, table, "press", "discard")
    if kind == "meld":
        for number, meld in enumerate(choice.melds, 1):
            for card in meld:
                act(play, table, "card", card.text(ascii=True))
            if number < len(choice.melds):
                act(play, table, "press", "group")
        return act(play, table, "press", "meld")
    act(play, table, "card", choice.card.text(ascii=True))      # a lay-off
    return act(play, table, "region", f"meld:{choice.target}")


@pytest.mark.parametrize("game,seed,kinds", [("500", 2, {"dig", "meld"}), ("contract", 5, {"buy", "meld"})])
def test_rummy_500_and_contract_hands_are_played_on_the_seats_drawn_tables(game, seed, kinds):
    """A whole hand of Rummy 500 (digging in the fan) and of Contract Rummy (buying out of
    turn) played by four students through their seats' tables, each drawing checked."""
    table = Table("t1", game, [Seat(student=s) for s in STUDENTS[:4]], seed=seed)
    plays = [SeatPlay(table.spec(), seat, NAMES) for seat in range(4)]
    rng = random.Random(seed)
    made = set()
    while not table.game.is_hand_over:
        for play in plays:
            play.follow(moves_of(table))
            hidden, seen = hidden_from(table.game, play.seat)
            assert shown_hidden(play.html(), hidden, seen) == []
        seat = table.game.current_player
        choice = choose_action(table.game, seat, "medium", rng)
        digs = [a for a in table.game.legal_actions() if a.kind == "take" and a.depth > 1]
        if digs and "dig" not in made:      # dig once, when the rules allow it (the fan's card used)
            choice = digs[0]
        reply = play_choice(plays[seat], table, choice)
        assert reply is not None and reply.ok, (choice, reply)
        made.add("dig" if choice.kind == "take" and choice.depth > 1 else choice.kind)
    for play in plays:
        play.follow(moves_of(table))
        assert "rt-result" in play.html()
    assert kinds <= made


def test_after_a_hand_only_the_next_dealer_may_press_next_hand():
    table = Table("t1", "basic", [Seat(student=s) for s in STUDENTS[:3]], seed=6)
    rng = random.Random(2)
    while not table.game.is_hand_over:
        seat = table.game.current_player
        table.move(seat, choose_action(table.game, seat, "easy", rng).text(ascii=True), table.version,
                   STUDENTS[seat])
    plays = [SeatPlay(table.spec(), seat, NAMES) for seat in range(3)]
    for play in plays:
        play.follow(moves_of(table))
    dealer = table.game.current_player
    assert [("next" in play.enabled_buttons()) for play in plays] == [s == dealer for s in range(3)]
    assert act(plays[dealer], table, "press", "next").ok
    plays[dealer].follow(moves_of(table))
    assert "Hand 2" in plays[dealer].html()


def test_the_students_and_the_teachers_table_pages_speak_italian_and_dutch():
    from rummy_teach.classroom.tablepage import seats_html, table_html
    from rummy_teach.classroom.tableteacher import forms_html
    people = [People(STUDENTS[0], "Anna")]
    with i18n.language("it"):
        assert "Tavolo t1 (Ramino), posto 2" in seats_html("/", [("t1", 1, "Ramino", ["Anna", "Tu"])])
        assert "Collegamento al tavolo" in table_html("t1", 1)
        assert "Fai sedere la classe" in forms_html(people, "tok", "/")
    with i18n.language("nl"):
        assert "Je hebt nog geen plaats" in seats_html("/", [])
        assert "Plaats de klas" in forms_html(people, "tok", "/")


@pytest.mark.parametrize("name", ["roving", "announcer"])
def test_the_table_page_has_the_books_keys_and_news_word_for_word(name):
    from pathlib import Path

    from rummy_teach.classroom.tablepage import SCRIPT, js_function
    book = (Path(__file__).resolve().parents[1] / "book" / "_play" / "play" / "bookplay.js").read_text()
    strip = lambda text: "\n".join(line.strip() for line in text.splitlines())  # noqa: E731
    assert strip(js_function(SCRIPT, name)) == strip(js_function(book, name))
    assert len(js_function(SCRIPT, name).splitlines()) > 10


# --- the teacher's figures in the list of tables --------------------------------------------------

def test_the_teachers_list_shows_each_students_points_lost_per_hand_worked_out_in_a_thread(hall):
    from rummy_teach.classroom.messages import say
    from rummy_teach.classroom.tableteacher import FiguresKeeper, tables_html

    people = [People(s, NAMES[s]) for s in STUDENTS[:2]]
    open_tables(hall, people, {"action": "open", "game": "basic", "seats": "3", "level": "easy",
                               "students": STUDENTS[:2]})
    table = hall.tables["t1"]
    while not table.game.hand_results:
        seat = table.game.current_player
        move = choose_action(table.game, seat, "medium", random.Random(table.version)).text(ascii=True)
        assert table.move(seat, move, table.version, table.seats[seat].student).ok
    keeper = FiguresKeeper()
    first = keeper.current(hall)
    assert first is None                                   # the first time: being worked out
    pending = tables_html(hall, NAMES, "tok", "/", first, lost=True)
    assert pending.count("being worked out…") == 2         # one per student, none for the computer
    keeper.thread.join()
    figures = keeper.current(hall)
    assert figures == hall.figures()
    shown = tables_html(hall, NAMES, "tok", "/", figures, lost=True)
    assert "Points lost per hand (the coach&#x27;s estimate)" in shown
    for student in STUDENTS[:2]:
        mine = next(s for s in figures["students"] if s["student"] == student)
        assert mine["points_lost"], "each student decided something in the hand"
        with i18n.language("en"):
            words = ", ".join(say("tables_lost_hand", hand=p["hand"], points=p["points"])
                              for p in mine["points_lost"])
        row = re.search(rf"<td>{NAMES[student]}</td>.*?</tr>", shown).group(0)
        assert f'<td class="rt-lost">{words}</td>' in row
    with i18n.language("it"):
        italian = tables_html(hall, NAMES, "tok", "/", figures, lost=True)
    assert "mano 1: " in italian and "Punti persi per mano" in italian
    assert "rt-lost" not in tables_html(hall, NAMES, "tok", "/")   # the dashboard's list: no column
