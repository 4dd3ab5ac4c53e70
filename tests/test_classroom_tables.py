"""The class's card tables (issue 30, the server's core): seats, moves judged by the
engine's one judge, versions against stale moves, computer seats, the frames each seat
receives (no hidden card in any of them, over whole hands of the three games) and the
moves kept in the results store, so a table comes back identical after a restart.

Students are played here by scripted clients: each move a student sends is chosen by a
computer player's mind on the real game, then sent to the table like any browser's move.
"""

import random
import re

import pytest

from rummy_teach.cards import Card
from rummy_teach.classroom.store import open_store
from rummy_teach.classroom.tables import Seat, Table, open_table
from rummy_teach.classroom.tablestore import TableJournal, restore_tables
from rummy_teach.game import choose_action, replay
from rummy_teach.reasons import speaking
from rummy_teach.i18n import catalogue

CARD = re.compile(r"^(?:10|[2-9AJQK])[SHDC♠♥♦♣](?:#\d+)?$|^JK(?:#\d+)?$")


def students(*ids):
    return [Seat(student=s) for s in ids]


def codes(reply):
    return [r.code for r in reply.reasons]


def scripted(table, seat, level="medium", salt="s"):
    """The move a scripted client at ``seat`` sends: a computer player's choice, as text."""
    rng = random.Random(f"{salt}/{seat}/{table.version}")
    return choose_action(table.game, seat, level, rng).text(ascii=True)


# --- moves ------------------------------------------------------------------------------

def test_a_move_out_of_turn_is_refused_and_the_table_is_unchanged():
    table = Table("t", "basic", students("ann", "bob", "cy"), seed=5)
    to_move = table.game.current_player
    other = (to_move + 1) % 3
    before = table.game.snapshot()
    card = table.game.hand(to_move)[0].text(ascii=True)
    reply = table.move(other, "draw", table.version, table.seats[other].student)
    assert not reply and codes(reply) == ["table_not_your_turn"]
    # the refusal never quotes the hand of the player to move (the judge would)
    reply = table.move(other, f"discard {card}", table.version, table.seats[other].student)
    assert codes(reply) == ["table_not_your_turn"] and card not in str(reply.to_dict())
    assert table.game.snapshot() == before and table.version == 0


def test_an_illegal_move_gets_the_judges_reasons_and_the_table_is_unchanged():
    table = Table("t", "basic", students("ann", "bob"), seed=2)
    seat = table.game.current_player
    before = table.game.snapshot()
    reply = table.move(seat, f"discard {table.game.hand(seat)[0].text(ascii=True)}", 0, table.seats[seat].student)
    assert not reply and codes(reply) == [table.game.judge("discard " + table.game.hand(seat)[0].text(ascii=True)).reasons[0].code]
    assert codes(reply) == ["draw_first"]
    reply = table.move(seat, "meld the lot", 0, table.seats[seat].student)
    assert codes(reply) == ["table_unreadable_move"]
    for junk in (None, 7, b"draw", {"kind": "draw"}, "x" * 10_000):
        assert not table.move(seat, junk, 0, table.seats[seat].student)
    assert table.game.snapshot() == before
    reply = table.move(seat, "draw", 0, table.seats[seat].student)
    assert reply and reply.version == 1 and table.game.phase == "play"
    assert codes(reply)[-1] == "move_ok"


def test_a_stale_or_replayed_move_is_refused():
    table = Table("t", "basic", students("ann", "bob"), seed=2)
    seat, who = table.game.current_player, table.seats[table.game.current_player].student
    assert codes(table.move(seat, "draw", 3, who)) == ["table_stale_move"]
    assert codes(table.move(seat, "draw", "0", who)) == ["table_stale_move"]
    assert codes(table.move(seat, "draw", False, who)) == ["table_stale_move"]
    assert codes(table.move(seat, "draw", 0.0, who)) == ["table_stale_move"]
    assert codes(table.move(seat, "draw", None, who)) == ["table_stale_move"]
    assert table.move(seat, "draw", 0, who)
    discard = scripted(table, seat)
    assert table.move(seat, discard, 1, who)
    before = table.game.snapshot()
    # the same move sent again (a replay, or a second tab) is refused: its version is gone
    assert codes(table.move(seat, discard, 1, who)) in (["table_stale_move"], ["table_not_your_turn"])
    nxt = table.game.current_player
    assert codes(table.move(nxt, "draw", 1, table.seats[nxt].student)) == ["table_stale_move"]
    assert table.game.snapshot() == before


def test_forged_seats_and_other_students_seats_are_refused():
    table = Table("t", "basic", [Seat(student="ann"), Seat(level="easy"), Seat(student="bob")], seed=1)
    seat = table.game.current_player
    for forged in (-1, 3, "0", 1.0, None, True):
        assert codes(table.move(forged, "draw", table.version, "ann")) == ["table_no_such_seat"]
    assert codes(table.move(1, "draw", table.version, "ann")) == ["table_computer_seat"]
    owner = table.seats[seat].student
    thief = "bob" if owner == "ann" else "ann"
    assert codes(table.move(seat, "draw", table.version, thief)) == ["table_not_your_seat"]
    assert codes(table.move(seat, "draw", table.version, None)) == ["table_not_your_seat"]


def test_computer_seats_move_when_it_is_their_turn():
    table = Table("t", "rummy500", [Seat(student="ann"), Seat(level="hard"), Seat(level="easy")], seed=8)
    assert table.game.current_player == 0            # the computers before ann have played
    for _ in range(6):
        version = table.version
        assert table.move(0, scripted(table, 0), version, "ann")
        assert table.game.current_player == 0 or table.game.is_hand_over
    moved_by = [m["player"] for m in table.game.history["moves"] if "player" in m]
    assert {1, 2} <= set(moved_by)


def test_the_tables_history_is_the_games_and_rebuilds_it():
    table = Table("t", "contract", [Seat(student="ann"), Seat(level="medium"), Seat(student="bob")], seed=4)
    while table.version < 40 and not table.game.is_hand_over:
        seat = table.game.current_player
        assert table.move(seat, scripted(table, seat), table.version, table.seats[seat].student)
    assert replay(table.game.history).snapshot() == table.game.snapshot()
    again = Table.from_spec(table.spec(), [(i + 1, m["player"], m["action"]) for i, m in enumerate(
        m for m in table.game.history["moves"] if "player" in m)])
    assert again.game.snapshot() == table.game.snapshot() and again.version == table.version


def test_a_student_buys_out_of_turn_and_the_nearer_seat_has_first_refusal():
    """Contract Rummy: after a draw from the stock the others are asked, nearest first;
    a student asked answers out of the normal turn, and the nearest caller gets the card."""
    table = Table("t", "contract", students("ann", "bob", "cy", "di"), seed=11)
    bought = 0
    while not table.game.is_hand_over:
        game = table.game
        seat = game.current_player
        who = table.seats[seat].student
        if game.phase == "buy":
            offer = game.buy_offer
            card = offer["card"]
            resume = offer["to_move"]
            # the player to move may not answer for the others, nor play on
            assert codes(table.move(resume, "pass", table.version, table.seats[resume].student)) == \
                ["table_not_your_turn"]
            assert table.move(seat, "buy", table.version, who)
            while table.game.phase == "buy":     # everyone after calls too
                s = table.game.current_player
                assert table.move(s, "buy", table.version, table.seats[s].student)
            assert card in table.game.hand(seat) and card in table.game.known_cards(seat)
            bought += 1
            continue
        assert table.move(seat, scripted(table, seat), table.version, who)
    assert bought >= 1


# --- frames: nothing hidden is ever sent ----------------------------------------------------

def cards_in(value, words=False):
    """Every card written anywhere in a frame or a reply: ``(card, exact)``. The notation
    of a view (``QS``, ``QS#2``) names one card exactly; the words of a reason (``Q♠``,
    ``JK``) name a face, and with two decks either copy, unless they write the copy."""
    if isinstance(value, dict):
        for key, v in value.items():
            yield from cards_in(v, words or key == "reasons")
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from cards_in(v, words)
    elif isinstance(value, str):
        for token in re.split(r"[\s|,.:;()'\"\[\]{}]+", value):
            if CARD.match(token):
                yield Card.parse(token), "#" in token or not words


def leaks(payload, hidden, seen_faces):
    """The cards of ``payload`` its seat may not see: a card named exactly that is hidden,
    or a face named of which the seat can see no copy."""
    return [card for card, exact in cards_in(payload)
            if (card in hidden if exact else card.face not in seen_faces)]


def hidden_from(game, seat):
    """What ``seat`` may not see now, from the true state, and the faces it can see a copy
    of: hidden are the others' cards (less those everybody saw them take) until the hand
    is over and they are shown, and the stock."""
    others = [c for p in range(game.num_players) if p != seat for c in game.hand(p)]
    unseen = set(game.unseen_by(seat))
    hidden = unseen - set(others) if game.is_hand_over else unseen
    every = unseen | set(others) | set(game.hand(seat)) | set(game.discard_pile) | {
        c for meld in game.table for c in meld.cards}
    return hidden, {c.face for c in every - hidden}


def hidden_around(before, after):
    """What a reply to a move may not show: what was hidden from the mover both before
    the move and after it (a card drawn is the mover's once drawn; a card the mover let
    go may be in the stock again after a turn-over, yet the mover had it in hand)."""
    return before[0] & after[0], before[1] | after[1]


def play_hands_collecting_frames(rules, players, seed, hands, level="medium"):
    table = Table("t", rules, [Seat(student=f"s{i}") for i in range(players)], seed=seed)
    sent = {s: [] for s in range(players)}   # (frame or reply, what was hidden from the seat)
    counts = {"buy": 0, "take": 0, "refused": 0, "frames": 0}

    def send_frames():
        for s in range(players):
            sent[s].append((table.frame(s), hidden_from(table.game, s)))
            counts["frames"] += 1

    send_frames()
    played = 0
    while played < hands and not table.game.is_game_over:
        game = table.game
        seat = game.current_player
        who = table.seats[seat].student
        # the others try to play out of turn, naming cards of the seat to act
        for other in range(players):
            if other != seat:
                named = game.hand(seat)[0].text(ascii=True)
                reply = table.move(other, f"discard {named}", table.version, f"s{other}")
                sent[other].append((reply.to_dict(), hidden_from(game, other)))
                counts["refused"] += not reply
        # the seat to act tries something illegal first (the judge's reasons quote its own hand)
        if game.hand(seat):
            own = game.hand(seat)[-1].text(ascii=True)
            reply = table.move(seat, f"layoff {own} on 99", table.version, who)
            sent[seat].append((reply.to_dict(), hidden_from(game, seat)))
        reply = table.move(seat, "discard", table.version, who)
        sent[seat].append((reply.to_dict(), hidden_from(game, seat)))
        action = scripted(table, seat, level)
        was_over = game.is_hand_over
        before = hidden_from(game, seat)
        reply = table.move(seat, action, table.version, who)
        assert reply, (action, reply.to_dict())
        sent[seat].append((reply.to_dict(), hidden_around(before, hidden_from(table.game, seat))))
        counts["buy"] += action == "buy" and table.game.known_cards(seat) != ()
        counts["take"] += action.startswith("take")
        if table.game.is_hand_over and not was_over:
            played += 1
        send_frames()
    return table, sent, counts


def assert_nothing_hidden_was_sent(sent):
    for seat, items in sent.items():
        for payload, hidden in items:
            leaked = leaks(payload, *hidden)
            assert not leaked, f"seat {seat} was sent {leaked}: {payload}"
            offer = payload.get("view", {}).get("buy_offer") if "view" in payload else None
            if offer:
                assert set(offer["called"]) <= {seat}, f"seat {seat} saw others' buy answers: {offer}"


@pytest.mark.parametrize("rules, players, seed, hands", [
    ("basic", 2, 3, 2),
    ("basic", 4, 9, 1),
    ("rummy500", 3, 5, 1),
    ("contract", 4, 21, 2),
])
def test_no_frame_or_reply_shows_a_card_its_seat_may_not_see(rules, players, seed, hands):
    table, sent, counts = play_hands_collecting_frames(rules, players, seed, hands)
    assert table.game.hand_number > hands or table.game.is_hand_over
    assert counts["refused"] > 0 and counts["frames"] > 50
    assert_nothing_hidden_was_sent(sent)
    # the check itself can fail: a frame holding another seat's cards is caught
    probe = Table("p", rules, [Seat(student=f"s{i}") for i in range(players)], seed=seed)
    forged = dict(probe.frame(0), spy=[probe.game.hand(1)[-1].text(ascii=True)])
    with pytest.raises(AssertionError):
        assert_nothing_hidden_was_sent({0: [(forged, hidden_from(probe.game, 0))]})
    if rules == "contract":
        assert counts["buy"] >= 1, "the hands played should include a buy"
    if rules == "rummy500":
        assert counts["take"] >= 1


def test_while_a_buy_window_is_open_no_seat_sees_the_others_answers():
    table = Table("t", "contract", students("ann", "bob", "cy", "di"), seed=11)
    while table.game.phase != "buy":
        seat = table.game.current_player
        assert table.move(seat, scripted(table, seat), table.version, table.seats[seat].student)
    first = table.game.current_player
    assert table.move(first, "buy", table.version, table.seats[first].student)
    assert table.game.phase == "buy", "another seat is still to answer"
    assert table.game.buy_offer["called"] == (first,)        # the engine knows
    for seat in range(4):
        called = table.frame(seat)["view"]["buy_offer"]["called"]
        assert called == ([first] if seat == first else [])


def test_a_refusal_reads_in_the_students_language():
    table = Table("t", "basic", students("ann", "bob"), seed=2)
    other = 1 - table.game.current_player
    reply = table.move(other, "draw", 0, table.seats[other].student)
    english = reply.to_dict()["reasons"][0]["text"]
    for lang in ("it", "nl"):
        with speaking(catalogue(lang)):
            words = reply.to_dict()["reasons"][0]["text"]
        assert words and words != english


# --- the store: every move kept, the table restored after a restart --------------------------

def play_some(table, moves):
    for _ in range(moves):
        if table.game.is_hand_over:
            break
        seat = table.game.current_player
        assert table.move(seat, scripted(table, seat), table.version, table.seats[seat].student)


@pytest.mark.parametrize("rules", ["basic", "rummy500", "contract"])
def test_a_table_restored_from_the_store_is_the_same_table_and_plays_on(new_url, rules):
    """Half a hand played, every object dropped and the store closed (a restart), the
    table restored: the same state, version and frames; it plays on and is kept on."""
    path = new_url()
    store = open_store(path)
    seats = [Seat(student="ann"), Seat(level="medium"), Seat(student="bob")]
    table = open_table("t1", rules, seats, seed=6, journal=TableJournal(store, "5B"))
    play_some(table, 14)
    snapshot, version, frames = table.game.snapshot(), table.version, [table.frame(s) for s in range(3)]
    history = table.game.history
    store.close()
    del table, store

    store = open_store(path)                      # the classroom started again
    tables = restore_tables(store, "5B")
    assert list(tables) == ["t1"]
    back = tables["t1"]
    assert back.game.snapshot() == snapshot and back.version == version
    assert [back.frame(s) for s in range(3)] == frames and back.game.history == history
    assert restore_tables(store, "another session") == {}
    # it plays on, writing where it left off; and again after another restart
    play_some(back, 200)
    assert back.game.is_hand_over
    end = back.game.snapshot()
    store.close()
    store = open_store(path)
    assert restore_tables(store, "5B")["t1"].game.snapshot() == end
    kept = store.table_moves("5B", "t1")
    assert [a for _, _, a in kept] == [m["action"] for m in back.game.history["moves"] if "player" in m]
    assert [v for v, _, _ in kept] == list(range(1, len(kept) + 1))
    store.close()


def test_a_move_the_store_cannot_keep_is_not_played(new_url):
    url = new_url()
    store = open_store(url)
    table = open_table("t1", "basic", students("ann", "bob"), seed=3, journal=TableJournal(store, "5B"))
    # a second server restores the same table and plays the move first
    twin = restore_tables(open_store(url), "5B")["t1"]
    seat = table.game.current_player
    who = table.seats[seat].student
    assert twin.move(seat, "draw", 0, who)
    before = table.game.snapshot()
    reply = table.move(seat, "draw", 0, who)
    assert not reply and codes(reply) == ["table_not_saved"]
    assert table.game.snapshot() == before and table.version == 0
    store.close()
    reply = table.move(seat, "draw", 0, who)       # a store closed under the table
    assert codes(reply) == ["table_not_saved"] and table.game.snapshot() == before


@pytest.fixture
def new_url(tmp_path):
    """A fresh SQLite file each call (tests/test_classroom_postgres.py runs the store's tests
    above again with PostgreSQL databases)."""
    made = []

    def make():
        made.append(tmp_path / f"tables{len(made)}.db")
        return str(made[-1])
    return make


def test_a_table_whose_stored_moves_do_not_replay_is_left_out_and_the_others_come_back(tmp_path):
    import sqlite3

    from rummy_teach.classroom.tablehall import TableHall
    from rummy_teach.errors import RummyError

    path = str(tmp_path / "class.db")
    store = open_store(path)
    journal = TableJournal(store, "5B")
    for name in ("good", "bad"):
        play_some(open_table(name, "basic", students("ann", "bob"), seed=2, journal=journal), 6)
    store.close()
    with sqlite3.connect(path) as db:     # somebody edits the database by hand
        db.execute("UPDATE rummy_table_moves SET action = 'discard JK' "
                   "WHERE table_id = 'bad' AND version = 2")
    store = open_store(path)
    with pytest.raises(RummyError, match="'bad'"):
        restore_tables(store, "5B")
    hall = TableHall(store, "5B")
    assert list(hall.tables) == ["good"] and hall.tables["good"].version == 6
    assert [table_id for table_id, _ in hall.problems] == ["bad"]
    store.close()


def test_a_computer_move_the_judge_refuses_is_never_stored(tmp_path, monkeypatch, caplog):
    from rummy_teach.classroom import tables
    from rummy_teach.game import Action

    monkeypatch.setattr(tables, "choose_action", lambda game, seat, level, rng: Action("next"))
    store = open_store(str(tmp_path / "class.db"))
    table = open_table("t1", "basic", [Seat(level="easy"), Seat(level="hard")], seed=1,
                       journal=TableJournal(store, "5B"))
    assert table.version == 0 and store.table_moves("5B", "t1") == []
    assert "which the judge refuses" in caplog.text
    assert restore_tables(store, "5B")["t1"].game.snapshot() == table.game.snapshot()
    store.close()
