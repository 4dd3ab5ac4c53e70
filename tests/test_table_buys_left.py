"""The table at a glance (issue 27): in a game with buying (Contract Rummy) each seat shows
how many buys its player has left this hand, beside the card count; a game without buying
shows nothing of the kind."""

from __future__ import annotations

import re

import pytest

from rummy_teach import i18n
from rummy_teach.game.view import board_view
from rummy_teach.play.board import board_html, table_html
from rummy_teach.game import from_deal, new_game
from rummy_teach.play.table import TableController
from rummy_teach.reasons import say

HANDS = ["8C 2D 5H KS 9C 3D 4S 6H 7D 10S", "8S 8H 8D 9S 9H 9D 2C 3C 4C 5C",
         "AS AH 2H 3H 4H 5S 6S 7S JC QC"]


def badges(html: str) -> list[str]:
    return re.findall(r'<span class="rt-buys">([^<]*)</span>', html)


def by_seat(html: str) -> dict:
    """Each seat's heading (name first) to the buys it shows."""
    headings = re.findall(r'<div class="rt-seat-title"[^>]*>(.*?)</div>', html)
    return {h.split(" ")[0]: badges(h) for h in headings}


def test_each_seat_shows_its_buys_left_and_a_buy_uses_one():
    game = from_deal("contract", HANDS, stock="KD 2S 3S 4D 5D", discard="JD", constructed=True)
    most = game.rules.max_buys
    assert most >= 2
    assert badges(board_html(board_view(game, 0, ["Ann", "Ben", "Cy"]))) == [f"{most} buys left"] * 3
    game.apply("draw")                      # Ann draws: the others are offered J♦
    assert game.phase == "buy" and game.current_player == 1
    game.apply("buy")
    while game.phase == "buy":
        game.apply("pass")
    assert game.buys_left(1) == most - 1
    assert by_seat(board_html(board_view(game, 0, ["Ann", "Ben", "Cy"]))) == {
        "Ann": [f"{most} buys left"], "Ben": [say("board_buys_left", count=most - 1)],
        "Cy": [f"{most} buys left"]}


def test_a_game_without_buying_shows_no_buys():
    for rules in ("basic", "500"):
        game = new_game(rules, 2, seed=3)
        html = board_html(board_view(game, 0))
        assert not badges(html) and "buy" not in html.lower()


@pytest.mark.parametrize("lang,words", [
    ("en", ("no buys left", "1 buy left", "3 buys left")),
    ("it", ("acquisti esauriti", "ancora 1 acquisto", "ancora 3 acquisti")),
    ("nl", ("mag niet meer kopen", "nog één keer kopen", "nog 3 keer kopen")),
])
def test_buys_left_in_three_languages_for_none_one_and_many(lang, words):
    with i18n.language(lang):
        html = table_html({"players": [{"name": "Ann", "hand_count": 9, "buys_left": n}
                                              for n in (0, 1, 3)]})
    assert badges(html) == list(words)


def test_the_live_table_shows_the_learners_buys_and_the_bots():
    table = TableController("contract", 3, seed=1)
    html = table.board_html()
    most = table.game.rules.max_buys
    assert badges(html) == [say("board_buys_left", count=most)] * 3
    # beside the name and card count, in the seat's heading a screen reader reads with it
    heading = re.search(r'<div class="rt-seat-title"[^>]*>(.*?)</div>', html).group(1)
    assert "rt-buys" in heading and "cards" in heading


def test_a_table_view_without_buys_left_shows_none():
    html = table_html({"players": [{"name": "Ann", "hand_count": 9}]})
    assert not badges(html)
