"""Turn clocks at the class's card tables, the coach's review of each student's hand and the
teacher's figures (issue 30).

A table's clock reads an injected clock (epoch seconds, moved by the test: nothing waits);
the store is a real SQLite file (and PostgreSQL as the student role, in
test_classroom_postgres), and a "restart" drops every object and closes the store, as
``kill -9`` leaves it, then opens a new hall on the same database.
"""

import random
import re
import threading

import pytest

from rummy_teach.cards import Card
from rummy_teach.classroom.store import open_store
from rummy_teach.classroom.tablehall import GRACE_SECONDS, TableHall
from rummy_teach.classroom.tablereview import review_board
from rummy_teach.classroom.tableseat import seat_names as table_seat_names
from rummy_teach.classroom.tables import Seat
from rummy_teach.errors import UsageError
from rummy_teach.game import Action, choose_action, new_game
from rummy_teach.play.coaching import Coaching
from rummy_teach.reasons import speaking
from rummy_teach.render import spoken_name
from rummy_teach.i18n import catalogue
from test_classroom_tables import hidden_from, new_url  # noqa: F401 (a fixture: SQLite files)

START = 1_800_000_000.0


class Clock:
    """A clock the test moves: ``clock.now += 31``."""

    def __init__(self, now=START):
        self.now = now

    def __call__(self):
        return self.now


def codes(reply):
    return [r.code for r in reply.reasons]


def scripted(table, seat, salt="s"):
    rng = random.Random(f"{salt}/{seat}/{table.version}")
    return choose_action(table.game, seat, "medium", rng).text(ascii=True)


def play_until(table, stop, limit=400):
    """Students' scripted moves until ``stop(table)`` holds."""
    for _ in range(limit):
        if stop(table):
            return
        seat = table.game.current_player
        assert table.move(seat, scripted(table, seat), table.version, table.seats[seat].student)
    raise AssertionError("the table never got there")


def restarted(path, clock):
    """A hall on the class's database as a restarted server opens it."""
    return TableHall(open_store(path), "5B", clock=clock)


SEATS = [Seat(student="ann"), Seat(student="bob"), Seat(level="easy")]


# --- turn clocks ----------------------------------------------------------------------------

def test_a_timed_out_seat_is_played_by_the_computer_and_given_back_across_restarts(new_url):
    path, clock = new_url(), Clock()
    hall = restarted(path, clock)
    table = hall.open("t1", "basic", SEATS, seed=3, turn_seconds=30, stand_in="hard")
    ann, bob = object(), object()            # two browsers, sitting at their seats
    assert hall.sit(ann, "t1", 0, "ann") and hall.sit(bob, "t1", 1, "bob")
    play_until(table, lambda t: t.game.current_player == 0 and t.version > 4)
    clock.now += 10
    frame = table.frame(1)
    assert frame["clock"] == {"seconds": 30, "stand_in": "hard", "left": 20.0}
    clock.now += 19
    assert hall.tick() == [] and table.away == {}          # 29 seconds: still ann's turn
    version = table.version
    clock.now += 1
    sent = hall.tick()                                     # 30 seconds: the computer takes over
    assert table.away == {0: "hard"} and table.version > version
    assert {socket for socket, _ in sent} == {ann, bob}
    frames = {socket: frame for socket, frame in sent}
    assert [s["stand_in"] for s in frames[bob]["seats"]] == ["hard", None, None]
    assert table.played_by[version + 1] == "stand-in:hard"
    # while it stands in, the student's own moves are refused, the table unchanged
    if table.game.current_player == 0:
        raise AssertionError("a stand-in plays at once")
    play_until(table, lambda t: t.version > version + 8)
    before = table.game.snapshot()
    reply = table.move(0, "draw", table.version, "ann")
    assert codes(reply) == ["table_stand_in"] and table.game.snapshot() == before
    at_kill = (table.game.snapshot(), table.version, dict(table.away), dict(table.played_by))
    hall.store.close()
    del hall, table

    clock.now += 500                                       # the server is down a while
    hall = restarted(path, clock)
    back = hall.tables["t1"]
    assert (back.game.snapshot(), back.version, back.away, back.played_by) == at_kill
    assert back.turn_seconds == 30 and back.stand_in == "hard"
    reply = hall.sit(object(), "t1", 0, "ann")             # ann sits again: her seat back
    assert reply and codes(reply) == ["table_seat_back"] and back.away == {}
    assert back.frame(0)["seats"][0]["stand_in"] is None
    hall.store.close()
    del hall, back

    hall = restarted(path, clock)                          # and that is kept too
    assert hall.tables["t1"].away == {}
    table = hall.tables["t1"]
    hall.sit(object(), "t1", 0, "ann")
    hall.sit(object(), "t1", 1, "bob")
    play_until(table, lambda t: t.game.current_player == 0)
    assert table.move(0, scripted(table, 0), table.version, "ann"), "ann plays her seat again"
    hall.store.close()


def test_a_restarted_table_times_a_turn_from_its_stored_moves(tmp_path):
    path, clock = str(tmp_path / "class.db"), Clock()
    hall = restarted(path, clock)
    table = hall.open("t1", "basic", SEATS, seed=3, turn_seconds=60)
    play_until(table, lambda t: t.game.current_player == 1 and t.version > 3)
    clock.now += 20                                     # bob thinks for 20 seconds
    hall.store.close()
    clock.now += 25                                     # the server is down 25 more
    hall = restarted(path, clock)
    hall.sit(object(), "t1", 1, "bob")
    assert hall.tables["t1"].frame(1)["clock"]["left"] == 15.0
    assert hall.tick() == [] and hall.tables["t1"].away == {}
    clock.now += 15
    hall.tick()
    assert hall.tables["t1"].away == {1: "medium"}, "the default stand-in"
    hall.store.close()


def test_a_student_who_left_is_stood_in_for_after_the_grace_period_on_a_clocked_table(tmp_path):
    clock = Clock()
    hall = restarted(str(tmp_path / "class.db"), clock)
    table = hall.open("t1", "basic", SEATS, seed=3, turn_seconds=600)
    calm = hall.open("t2", "basic", SEATS, seed=3)               # no clock: the table waits
    ann, bob, bob2 = object(), object(), object()
    for name in ("t1", "t2"):
        hall.sit(ann, name, 0, "ann")
        hall.sit(bob, name, 1, "bob")
        hall.sit(bob2, name, 1, "bob")                            # a second tab
    play_until(table, lambda t: t.game.current_player == 1)
    play_until(calm, lambda t: t.game.current_player == 1)
    hall.leave(bob)
    clock.now += GRACE_SECONDS + 1
    assert hall.tick() == [] and table.away == {}, "bob's second tab still watches"
    hall.leave(bob2)
    clock.now += GRACE_SECONDS - 1
    assert hall.tick() == [] and table.away == {}, "within the grace period"
    clock.now += 1
    hall.tick()
    assert table.away == {1: "medium"} and calm.away == {} and calm.game.current_player == 1
    hall.store.close()


def test_a_buy_question_that_times_out_is_passed_and_the_seat_stays_the_students(tmp_path):
    clock = Clock()
    hall = restarted(str(tmp_path / "class.db"), clock)
    seats = [Seat(student=s) for s in ("ann", "bob", "cy", "di")]
    table = hall.open("t1", "contract", seats, seed=21, turn_seconds=20, stand_in="easy")
    play_until(table, lambda t: t.game.phase == "buy")
    asked = table.game.current_player
    version = table.version
    clock.now += 20
    hall.tick()
    assert table.version >= version + 1 and table.played_by[version + 1] == "clock:pass"
    assert hall.store.table_moves("5B", "t1")[version] == (version + 1, asked, "pass")
    assert asked not in table.away and table.frame(asked)["seats"][asked]["stand_in"] is None
    hall.store.close()


def test_a_deal_that_times_out_is_dealt_and_the_seat_stays_the_students(tmp_path):
    clock = Clock()
    hall = restarted(str(tmp_path / "class.db"), clock)
    seats = [Seat(student="ann"), Seat(student="bob")]
    table = hall.open("t1", "basic", seats, seed=3, turn_seconds=20)
    play_until(table, lambda t: t.game.is_hand_over)
    dealer, version = table.game.current_player, table.version
    clock.now += 20
    hall.tick()
    assert table.played_by[version + 1] == "clock:next" and table.game.hand_number == 2
    assert table.away == {} and not table.game.is_hand_over
    assert hall.store.table_moves("5B", "t1")[version] == (version + 1, dealer, "next")
    hall.store.close()


@pytest.mark.parametrize("seconds, level, code", [
    (5, None, "table_clock_range"), (601, None, "table_clock_range"), ("30", None, "table_clock_range"),
    (True, None, "table_clock_range"), (30.5, None, "table_clock_range"),
    (30, "wizard", "table_clock_level"), (30, 3, "table_clock_level")])
def test_a_turn_time_out_of_range_is_refused_and_nothing_changes(tmp_path, seconds, level, code):
    clock = Clock()
    hall = restarted(str(tmp_path / "class.db"), clock)
    table = hall.open("t1", "basic", SEATS, seed=3, turn_seconds=45)
    reply, frames = hall.set_clock("t1", seconds, level)
    assert not reply and codes(reply) == [code] and frames == []
    assert (table.turn_seconds, table.stand_in) == (45, "medium")
    assert hall.store.table_events("5B", "t1")[-1][3] == {"seconds": 45, "level": "medium"}
    text = reply.to_dict()["reasons"][0]["text"]
    for lang in ("it", "nl"):
        with speaking(catalogue(lang)):
            assert reply.to_dict()["reasons"][0]["text"] not in ("", text)
    with pytest.raises(UsageError):
        hall.open("t2", "basic", SEATS, seed=3, turn_seconds=seconds, stand_in=level)
    assert "t2" not in hall.tables and len(hall.store.table_specs("5B")) == 1
    assert hall.set_clock("t1", None)[0] and table.turn_seconds is None   # the clock off
    hall.store.close()


# --- the coach's review of each student's hand -------------------------------------------------

def finished_hand(path, clock, rules="basic", seats=SEATS, seed=3):
    """A table whose first hand the students played to its end, restored from the store."""
    hall = restarted(path, clock)
    table = hall.open("t1", rules, seats, seed=seed)
    play_until(table, lambda t: 1 in {r.hand for r in t.game.hand_results})
    hall.store.close()
    return restarted(path, clock)


def single_player_review(table, seat, hand=1):
    """The single-player table's coach, fed the same moves as they are played (a replay
    of the table's history in a new game), pressing Review at the end of ``hand``."""
    game = new_game(table.game.rules, len(table.seats), table.seed, table.game.first_dealer)
    coaching = Coaching(seat, seed=table.seed, names=table_seat_names(table.spec(), {}, seat))
    for entry in table.game.history["moves"]:
        if "chance" in entry:
            continue
        if game.hand_number == hand and game.is_hand_over:
            break
        action = Action.parse(entry["action"])
        moment = coaching.before_move(game, action)
        game.apply(action)
        coaching.after_move(moment, action)
    coaching.press("review", game)
    return coaching


def built(hall, seat, hand=1):
    """The review and board the hall's coach built for ``seat`` of table t1 in English."""
    [found] = [v for k, v in hall.coach.built.items() if k[:4] == ("t1", seat, hand, "en")]
    return found


def test_the_review_at_the_table_is_the_coachs_review_of_the_same_decisions(tmp_path):
    hall = finished_hand(str(tmp_path / "class.db"), Clock())
    table = hall.tables["t1"]
    for seat, student in ((0, "ann"), (1, "bob")):
        reply, data = hall.review("t1", seat, 1, student)
        assert reply, codes(reply)
        alone = single_player_review(table, seat)
        review, board = built(hall, seat)
        assert review.decisions == alone.review.decisions and len(review.decisions) > 5
        assert board.standing == alone.board.standing and board.marks == alone.board.marks
        assert data["points_lost"] == round(alone.review.points_lost, 2)
        assert data["comment"] == alone.board.comment() and data["summary"] == alone.review.summary()
        assert all(d.at + 1 in table.played_by and table.played_by[d.at + 1] == student
                   for d in review.decisions)
    hall.store.close()


def test_moves_a_stand_in_made_are_not_the_students_decisions(tmp_path):
    clock = Clock()
    path = str(tmp_path / "class.db")
    hall = restarted(path, clock)
    table = hall.open("t1", "basic", SEATS, seed=3, turn_seconds=30)
    play_until(table, lambda t: t.game.current_player == 0 and t.version > 10)
    clock.now += 30
    hall.tick()                                               # ann's seat stood in for
    play_until(table, lambda t: t.version > 30)
    hall.sit(object(), "t1", 0, "ann")                        # and taken back
    play_until(table, lambda t: 1 in {r.hand for r in t.game.hand_results})
    stood_in = [v for v, by in table.played_by.items() if by.startswith("stand-in")]
    assert stood_in
    reply, data = hall.review("t1", 0, 1, "ann")
    review, _ = built(hall, 0)
    assert {d.at + 1 for d in review.decisions}.isdisjoint(stood_in)
    assert review.decisions and all(table.played_by[d.at + 1] == "ann" for d in review.decisions)
    hall.store.close()


def test_a_review_of_another_seat_or_a_hand_not_over_is_refused(tmp_path):
    clock = Clock()
    hall = finished_hand(str(tmp_path / "class.db"), clock)
    table = hall.tables["t1"]
    assert codes(hall.review("t1", 1, 1, "ann")[0]) == ["table_not_your_seat"]
    assert codes(hall.review("t1", 2, 1, "ann")[0]) == ["table_not_your_seat"]     # the computer's
    assert codes(hall.review("t1", 7, 1, "ann")[0]) == ["table_no_such_seat"]
    assert codes(hall.review("nope", 0, 1, "ann")[0]) == ["table_no_such_table"]
    current = table.game.hand_number
    assert not table.game.is_hand_over
    assert codes(hall.review("t1", 0, current, "ann")[0]) == ["table_review_not_over"]
    assert codes(hall.review("t1", 0, current + 5, "ann")[0]) == ["table_review_not_over"]
    for hand in (0, -1, "1", None, True, 1.0):
        reply, data = hall.review("t1", 0, hand, "ann")
        assert codes(reply) == ["table_review_no_hand"] and data is None
    for move in (-1, "3", True):
        assert codes(hall.review("t1", 0, 1, "ann", move=move)[0]) == ["table_review_no_move"]
    assert hall.coach.built == {}, "nothing was built for a refused request"
    hall.store.close()


CARD_TOKEN = re.compile(r"(?<![\w#&])((?:10|[2-9AJQK])[SHDC♠♥♦♣](?:#\d+)?)(?![\w])")


TITLE = re.compile(r"<title>([^<]*)</title>")
NAMES = {}     # a card's picture's name ("two of spades", "joker, copy 2") -> the card


def unseen_named(text, hidden, faces):
    """The cards ``text`` names that its reader may not see: a picture of a card (its
    name says which copy) or a card in notation (``QS#2``) that is ``hidden``, or a face
    in words (``Q♠``: with two decks either copy) of which the reader sees no copy."""
    out = [title for title in TITLE.findall(text) if title in NAMES and NAMES[title] in hidden]
    for token in CARD_TOKEN.findall(text):
        card = Card.parse(token)
        if (card in hidden) if "#" in token else (card.face not in faces):
            out.append(token)
    return out


def pictures(text):
    return [title for title in TITLE.findall(text) if title in NAMES]


@pytest.mark.parametrize("rules, seats, seed", [
    ("basic", SEATS, 3),
    pytest.param("contract", [Seat(student="ann"), Seat(student="bob"), Seat(level="medium"),
                              Seat(student="cy")], 21, marks=pytest.mark.slow)])
def test_a_review_shows_the_seat_nothing_it_could_not_see_at_the_time(tmp_path, rules, seats, seed):
    """Every move of the review selected in turn: the table drawn names no card hidden
    from the seat after that move, the coach's words none hidden both before and after
    it, each line of the move list none hidden after its own move, and nothing anywhere
    names a card the seat never saw in the whole hand (the stock's)."""
    hall = finished_hand(str(tmp_path / "class.db"), Clock(), rules, seats, seed)
    table = hall.tables["t1"]
    _, board = review_board(table.game.history, table.seed, 0, 1, table.played_by, "ann")
    dealt = board.positions[0]
    NAMES.clear()
    NAMES.update({spoken_name(c): c for c in set(dealt.unseen_by(0)) | set(dealt.hand(0))
                  | set(dealt.discard_pile)})
    seen = [hidden_from(position, 0) for position in board.positions]
    # what the seat saw around move k: before it, after it, and the cards the move put face
    # up (a discard the stock then swallowed, turned over, was seen all the same)
    around = [seen[0]] + [(seen[k - 1][0] & seen[k][0] - set(public(board.moves[k - 1].action)),
                           seen[k - 1][1] | seen[k][1] | {c.face for c in public(board.moves[k - 1].action)})
                          for k in range(1, len(seen))]
    ever = set().union(*(faces for _, faces in around))
    never = set.intersection(*(hidden for hidden, _ in around))   # (empty when the stock turned over)
    checked = 0
    for number in range(board.last + 1):
        reply, data = hall.review("t1", 0, 1, "ann", move=number)
        assert reply and data["selected"] == number
        drawn = data["html"].split('class="rt-review-side"')[0]
        assert not unseen_named(drawn, *seen[number]), number
        assert not unseen_named(" ".join(data["comment"]), *around[number]), data["comment"]
        assert not unseen_named(data["html"] + str(data["moves"]), never, ever)
        checked += len(pictures(drawn))
    for item in data["moves"]:
        assert not unseen_named(item["words"], *around[item["number"]]), item
    assert checked > 5 * board.last, "the check read the cards drawn"
    hall.store.close()


def public(action):
    """The cards a move shows everybody: a discard, the melds put down, a card laid off."""
    return [card for meld in action.melds for card in meld] + ([action.card] if action.card else [])


def test_a_review_reads_in_the_students_language(tmp_path):
    from rummy_teach.classroom.tablehall import review_in

    hall = finished_hand(str(tmp_path / "class.db"), Clock())
    english = hall.review("t1", 0, 1, "ann")[1]
    italian = review_in("it", hall, "t1", 0, 1, "ann")[1]
    assert italian["points_lost"] == english["points_lost"]
    assert italian["title"] != english["title"] and italian["summary"] != english["summary"]
    assert italian["comment"][0] != english["comment"][0]
    hall.store.close()


# --- the teacher's figures ---------------------------------------------------------------------

def test_the_teachers_figures_count_hands_won_and_points_lost_and_survive_a_restart(tmp_path):
    path, clock = str(tmp_path / "class.db"), Clock()
    hall = restarted(path, clock)
    table = hall.open("t1", "basic", SEATS, seed=3)
    play_until(table, lambda t: len(t.game.hand_results) >= 2)
    results = table.game.hand_results
    figures = hall.figures()
    by = {s["student"]: s for s in figures["students"]}
    assert set(by) == {"ann", "bob"}
    for seat, student in ((0, "ann"), (1, "bob")):
        mine = by[student]
        assert mine["hands"] == len(results)
        assert mine["hands_won"] == sum(1 for r in results if r.went_out == seat)
        assert mine["games"] == 0 and mine["games_won"] == 0
        lost = [p["points"] for p in mine["points_lost"]]
        assert [p["hand"] for p in mine["points_lost"]] == [r.hand for r in results]
        assert lost[0] == hall.review("t1", seat, 1, student)[1]["points_lost"]
        assert mine["points_lost_per_hand"] == pytest.approx(sum(lost) / len(lost), abs=0.01)
    assert sum(s["hands_won"] for s in figures["students"]) >= 1
    hall.store.close()
    assert restarted(path, clock).figures() == figures


def test_the_review_names_the_other_seats_as_the_table_does(tmp_path):
    clock = Clock()
    path = str(tmp_path / "class.db")
    hall = finished_hand(path, clock)
    for student_id, name in (("ann", "Ann Lee"), ("bob", "Bob Ray")):
        hall.store.add_student(session="5B", name=name, seat_hash=student_id, quiz="q", paper={},
                               student_id=student_id)
    reply, data = hall.review("t1", 0, 1, "ann")
    assert reply, codes(reply)
    words = " ".join(m["words"] for m in data["moves"]) + data["html"]
    assert "Bob Ray" in words and "Seat 2" not in words
    assert "Computer (easy)" in data["html"], "the computer's seat is named as at the table"
    # a student the teacher renames is named anew, not from the review built before
    hall.store.rename_student("5B", "bob", "Robert Ray")
    reply, data = hall.review("t1", 0, 1, "ann")
    assert "Robert Ray" in data["html"] and "Bob Ray" not in data["html"]
    hall.store.close()


def test_a_review_asked_while_another_is_built_waits_its_turn(tmp_path):
    hall = finished_hand(str(tmp_path / "class.db"), Clock())
    hall.coach.lock.acquire()               # the teacher's figures, or a classmate's review
    threading.Timer(0.3, hall.coach.lock.release).start()
    reply, data = hall.review("t1", 0, 1, "ann")
    assert reply, codes(reply)
    assert data["hand"] == 1
    hall.coach.wait_seconds = 0.05          # a review that cannot get its turn says so
    with hall.coach.lock:
        reply, data = hall.review("t1", 1, 1, "bob")
    assert codes(reply) == ["table_review_busy"] and data is None
    hall.store.close()
