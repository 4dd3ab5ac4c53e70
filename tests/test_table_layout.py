"""The card table's layout in HTML, with no browser (issue 27, point 2).

How the table fits a phone is measured in Chromium on the built book
(tests/test_book_phone.py); here, what the HTML itself must say: at the end of a hand
every hand is drawn face up with its count and the points the engine counted against it
(never counted again here), while the hand is played the other hands stay face down; and
the book and the widgets load one style sheet for the table.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from rummy_teach import render
from rummy_teach.game.view import board_view
from rummy_teach.play.board import board_html
from rummy_teach.game import Bot
from rummy_teach.i18n import language
from rummy_teach.play.table import TableController
from rummy_teach.reasons import say
from rummy_teach.widgets import base

ROOT = Path(__file__).resolve().parent.parent


class Seats(HTMLParser):
    """Each seat of a drawn table: its title's text, the names of the cards of its hand
    row (face up) and whether it shows backs instead."""

    def __init__(self):
        super().__init__()
        self.seats: dict[str, dict] = {}
        self._stack: list[tuple[str, set]] = []   # (tag, what it opens: seat, title, hand)
        self._seat = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = set((attrs.get("class") or "").split())
        opens = set()
        if "rt-seat" in classes:
            self._seat = {"title": "", "hand": None, "backs": False}
            self.seats[attrs["aria-label"]] = self._seat
            opens.add("seat")
        inside = {o for _, opened in self._stack for o in opened}
        if self._seat is not None and "seat" in inside | opens:
            if "rt-seat-title" in classes:
                opens.add("title")
            if "rt-hand" in classes:
                self._seat["hand"] = []
                opens.add("hand")
            if "rt-backs" in classes:
                self._seat["backs"] = True
            if tag == "svg" and "hand" in inside and attrs.get("aria-label"):
                self._seat["hand"].append(attrs["aria-label"])
        self._stack.append((tag, opens))

    def handle_startendtag(self, tag, attrs):    # <path .../>: opens and closes at once
        self.handle_starttag(tag, attrs)
        self._stack.pop()

    def handle_endtag(self, tag):
        while self._stack:
            opened_tag, opens = self._stack.pop()
            if "seat" in opens:
                self._seat = None
            if opened_tag == tag:
                break

    def handle_data(self, data):
        if any("title" in opens for _, opens in self._stack) and self._seat is not None:
            self._seat["title"] += data


def seats_of(html: str) -> dict[str, dict]:
    parser = Seats()
    parser.feed(html)
    return parser.seats


def played_to_the_end(game: str, players: int, seed: int) -> TableController:
    table = TableController.from_config({"kind": "table", "game": game, "players": players,
                                         "seed": seed, "levels": ["medium"]})
    me = Bot("medium", seed=f"{seed}/reader")
    while not table.game.is_hand_over:
        assert table.play(me.act(table.game)), table.message
        table.run_bots()
    return table


@pytest.mark.parametrize("language_code", ["en", "it", "nl"])
@pytest.mark.parametrize("game, players, seed", [("basic", 3, 4), ("500", 3, 12), ("contract", 3, 5)])
def test_at_the_end_of_a_hand_every_hand_is_face_up_with_its_count_and_points(
        game, players, seed, language_code):
    with language(language_code):
        table = played_to_the_end(game, players, seed)
        result = table.game.hand_results[-1]
        seats = seats_of(table.board_html())
        assert sorted(seats) == sorted(table.names)
        for p, name in enumerate(table.names):
            seat, left = seats[name], table.game.hand(p)
            assert list(result.deadwood[p]) == list(left)
            assert not seat["backs"], name
            # the cards the engine scored, by their spoken names, in the board's order
            assert sorted(seat["hand"]) == sorted(render.spoken_name(c) for c in left), name
            assert say("board_cards", count=len(left)) in seat["title"]
            assert say("board_seat_left_points", points=result.deadwood_points[p]) in seat["title"]


def test_while_a_hand_is_played_the_other_hands_stay_face_down():
    table = TableController.from_config({"kind": "table", "game": "basic", "players": 3, "seed": 4})
    seats = seats_of(table.board_html())
    you, *others = table.names
    assert sorted(seats[you]["hand"]) == sorted(render.spoken_name(c) for c in table.game.hand(0))
    for name in others:
        assert seats[name]["backs"] and seats[name]["hand"] is None
        assert "in hand" not in seats[name]["title"]


def test_the_points_shown_are_the_engines_not_counted_again():
    """A result whose points no rule would give (as a variant might score) is shown as is."""
    table = played_to_the_end("basic", 2, 4)
    board = board_view(table.game, 0)
    board["players"][1]["left_points"] = 977
    seats = seats_of(board_html(board))
    assert say("board_seat_left_points", points=977) in seats[table.names[1]]["title"]


def test_the_book_and_the_widgets_load_the_one_table_style_sheet():
    assert render.TABLE_CSS in (ROOT / "book" / "_static" / "rummy.css").read_text(encoding="utf-8")
    assert render.TABLE_CSS in base.ClickableHTML._css and render.TABLE_CSS in base.ClickableCards._css


@pytest.mark.parametrize("written", [3, 7, 45])
def test_the_log_shows_its_last_lines_and_keeps_the_ones_before_for_the_live_region(written):
    """The log shows six lines; one move can add more (a discard, then the computer's draw,
    three lay-offs, its discard, the hand's end), so the lines before them stay in the list,
    hidden, numbered on, for the announcer to read what the move added."""
    from rummy_teach.play.board import LOG_KEPT, LOG_LINES
    import re

    assert LOG_LINES < 7 < LOG_KEPT < 45
    kept = min(written, LOG_KEPT)
    table = TableController.from_config({"kind": "table", "game": "basic", "players": 2, "seed": 4})
    log = [f"line {n}." for n in range(1, written + 1)]
    html = board_html(table.board_view(), log=log)
    start = int(re.search(r'<ol class="rt-log"[^>]* start="(\d+)"', html).group(1))
    items = re.findall(r"<li( hidden)?>(line \d+\.)</li>", html)
    assert start == written - kept + 1
    assert [text for _, text in items] == log[-kept:]
    assert [text for hidden, text in items if not hidden] == log[-LOG_LINES:]
