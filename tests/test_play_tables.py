"""The card table plays every game through its clicks and buttons, and deals as the
issue asks: a fresh deal unless a number is given, the number on the table, the same
number the same cards, Replay, and a Contract table that starts at hand 7.

The learner's moves are chosen by a computer player for the learner's seat and then
made as a reader makes them: clicking cards, the stock, a card of the fan, a meld, and
pressing buttons (``TableController``'s public API), never ``game.apply``.
"""

from __future__ import annotations

import random
import re

import pytest

from rummy_teach.game import Bot, replay
from rummy_teach.i18n import language
from rummy_teach.play import from_config, page_html
from rummy_teach.game.setup import DEAL_NUMBERS, fresh_deal_number
from rummy_teach.play.table import TableController


def click_through(table: TableController, action) -> None:
    """Make ``action`` the way a reader does, with clicks and buttons."""
    before = len(table.log_lines), table.game.actions_played
    kind = action.kind
    if kind == "draw":
        table.click_stock()
    elif kind == "take":
        table.click_discard(action.depth)
    elif kind in ("buy", "pass", "end", "next"):
        table.press(kind)
    elif kind == "meld":
        *first, last = action.melds
        for meld in first:             # a contract's lay-down: gather each meld, then Meld
            table.select(meld)
            table.press("group")
        table.select(last)
        table.press("meld")
    elif kind == "layoff":
        table.clear()
        table.click_card(action.card)
        table.click_meld(action.target)
    elif kind == "discard":
        table.clear()
        table.click_card(action.card)
        table.press("discard")
    else:
        raise AssertionError(f"no click for {action}")
    assert table.message == "", (str(action), table.message)
    assert table.game.actions_played > before[1] and len(table.log_lines) > before[0], str(action)


def play_hand(table: TableController, level: str = "medium") -> list:
    """Play the learner's seat to the end of the hand; the moves made, in order."""
    me, made = Bot(level, seed=f"{table.seed}/learner"), []
    table.run_bots()
    for _ in range(2000):
        if table.game.is_hand_over:
            return made
        assert table.game.current_player == table.seat, "the computers stop only for the learner"
        assert table.enabled_buttons() - {"replay", "group", "meld"} <= {
            a.kind for a in table.game.legal_actions()} | {"next"}
        action = me.act(table.game)
        click_through(table, action)
        made.append(action)
        table.run_bots()
    raise AssertionError("the hand did not end")


# --- Rummy 500 -----------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_hand_of_rummy_500_by_clicks(players):
    table = TableController("500", players, seed=11)
    dealt = 13 if players == 2 else 7
    assert table.game.hand_sizes() == (dealt,) * players
    assert table.board_view()["fanned"] and "replay" in table.shown_buttons()
    assert {"buy", "pass", "group"}.isdisjoint(table.shown_buttons())
    play_hand(table)
    result = table.game.hand_results[-1]
    assert re.match(r"Hand 1 over", table.log_lines[-1])
    assert sum(result.scores) == sum(result.melded_points) - sum(result.deadwood_points)


def test_rummy_500_digs_and_lays_off_on_an_opponents_meld_for_the_learners_points():
    """Over a few deals the learner digs below the top card (using the card dug for at
    once) and lays a card off on a computer's meld, which scores for the learner."""
    dug = laid_on_theirs = 0
    for seed in range(1, 13):
        table = TableController("500", 3, seed=seed, levels="hard")
        moves = []
        table.run_bots()
        me = Bot("hard", seed=f"{seed}/learner")
        while not table.game.is_hand_over:
            action = me.act(table.game)
            if action.kind == "layoff":
                owner = table.game.table[action.target - 1].owner
                mine = owner != table.seat
            click_through(table, action)
            if action.kind == "take" and action.depth > 1:
                dug += 1
                assert table.game.must_use is not None or table.game.is_hand_over
            if action.kind == "layoff" and mine:
                laid_on_theirs += 1
                meld = table.game.table[action.target - 1]
                assert meld.owner != table.seat
                assert meld.points_by_player(table.game.rules).get(table.seat, 0) > 0
            moves.append(action)
            table.run_bots()
        if dug and laid_on_theirs:
            return
    pytest.fail(f"in 12 deals the learner dug {dug} times and laid off on a computer's meld "
                f"{laid_on_theirs} times")


def test_a_dig_whose_card_cannot_be_used_is_refused_and_changes_nothing():
    for seed in range(1, 30):
        table = TableController("500", 3, seed=seed)
        table.run_bots()
        pile = table.game.discard_pile
        for depth in range(len(pile), 1, -1):
            hand, log = table.game.hand(0), list(table.log_lines)
            if not table.click_discard(depth):
                assert table.message and table.game.hand(0) == hand and table.log_lines == log
                assert table.game.discard_pile == pile
                return
    pytest.fail("no refused dig in 29 deals")


# --- Contract Rummy --------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4])
def test_a_whole_hand_of_contract_rummy_by_clicks(players):
    table = TableController("contract", players, seed=5)
    assert {"buy", "pass", "group"} <= set(table.shown_buttons())
    assert not table.board_view()["fanned"]
    moves = play_hand(table)
    kinds = {m.kind for m in moves}
    assert "meld" in kinds or table.game.hand_results[-1].went_out != 0
    result = table.game.hand_results[-1]
    if result.went_out is not None:
        assert result.scores[result.went_out] == 0 and min(result.scores) == 0


def offer_card(offer):
    from rummy_teach.cards import Card
    return Card.parse(offer["card"])


def test_buying_out_of_turn_at_the_table_costs_a_penalty_card():
    """The learner is asked only after the player in turn turned the discard down (first
    refusal); Buy takes it and one card from the stock."""
    for seed in range(1, 40):
        table = TableController("contract", 4, seed=seed)
        table.run_bots()
        for _ in range(60):
            game = table.game
            if game.is_hand_over:
                break
            if game.phase == "buy" and game.current_player == 0:
                offer = table.board_view()["buy_offer"]
                assert offer["asked"] == 0 and "buy" in table.enabled_buttons()
                assert table.html().count('data-arg="buy"') == 1
                assert "Buy " in table.html()               # the status line asks
                in_turn = game.buy_offer["to_move"]
                assert in_turn != 0 and game.discard_top == offer_card(offer)
                size = len(game.hand(0))
                table.press("buy")
                table.run_bots()
                log = "\n".join(table.log_lines)
                if re.search(r"You buy \S+ \(and take a penalty card", log):
                    assert len(table.game.hand(0)) == size + 2   # the card and the penalty card
                else:                                        # a nearer player called buy too
                    assert re.search(r"Computer \d buys", log), log
                    assert len(table.game.hand(0)) == size
                return
            click_through(table, Bot("easy", seed=seed).act(game))
            table.run_bots()
    pytest.fail("no buy offered to the learner in 39 deals")


def test_a_contract_table_starts_at_hand_7_of_a_real_game():
    table = TableController("contract", 3, seed=42, hand=7)
    game = table.game
    assert game.hand_number == 7 and str(game.contract) == "three runs of 4"
    assert len(game.hand_results) == 6 and any(game.scores)
    assert table.log_lines[0] == ("The computer played hands 1 to 6 in every seat; "
                                  "you sit down at hand 7.")
    again = replay(game.history)                    # every move of hands 1-6 is in the history
    assert again.hand_number == 7 and again.scores == game.scores and again.hand(0) == game.hand(0)
    assert from_config(table.config()).game.hand(0) == game.hand(0)
    play_hand(table)
    assert table.game.is_game_over                 # hand 7 is the last: the game ends


def test_a_later_start_is_only_for_a_ladder():
    with pytest.raises(Exception, match="has no contracts"):
        TableController("500", 3, seed=1, hand=2)
    with pytest.raises(Exception, match="hand must be 1 to 7"):
        TableController("contract", 3, seed=1, hand=8)


# --- the coach at the 500 and Contract tables ---------------------------------------------------

@pytest.mark.parametrize("game, players", [("500", 3), ("contract", 4)])
def test_the_coach_hints_and_reviews_a_hand_of_every_game(game, players):
    table = TableController(game, players, seed=7)
    table.run_bots()
    assert "hint" in table.coach_kinds()
    table.coach("hint")
    assert table.coach_lines and table.coach_lines[0].startswith("Hint: ")
    play_hand(table, level="easy")
    table.coach("review")
    said = table.coach_lines
    assert said and re.search(r"mistakes?|No move", said[-1] + said[0]), said
    assert table.enabled_buttons() == set()        # the review is open: no move, no replay
    table.coach("review_close")
    assert "next" in table.enabled_buttons()


# --- deals ------------------------------------------------------------------------------------

def test_a_table_given_no_number_deals_afresh_and_says_so():
    tables = [TableController("basic", 2) for _ in range(3)]
    assert all(t.fresh and 1 <= t.seed <= DEAL_NUMBERS for t in tables)
    assert len({t.seed for t in tables}) > 1
    assert len({t.game.hand(0) for t in tables}) > 1
    assert all(t.config()["fresh"] is True for t in tables)


def test_a_deal_number_is_drawn_from_the_given_randomness():
    assert fresh_deal_number(random.Random(3)) == fresh_deal_number(random.Random(3))
    assert {fresh_deal_number(random.Random(s)) for s in range(20)} <= set(range(1, DEAL_NUMBERS + 1))


def test_a_number_given_deals_the_same_cards_and_is_not_fresh():
    one, two = TableController("contract", 4, seed=1234), TableController("contract", 4, seed=1234)
    assert not one.fresh and one.config()["fresh"] is False
    assert one.game.hand(0) == two.game.hand(0) and one.game.discard_pile == two.game.discard_pile
    assert TableController("contract", 4, seed=1235).game.hand(0) != one.game.hand(0)


def test_the_page_rebuilds_a_fresh_table_from_its_number():
    table = TableController("500", 3)
    config = table.config()
    again = from_config(config)
    assert again.fresh and again.seed == table.seed and again.game.hand(0) == table.game.hand(0)
    other = [from_config({**config, "seed": None}) for _ in range(3)]   # the page's fresh deal
    assert all(t.fresh for t in other) and len({t.seed for t in other} | {table.seed}) > 1
    assert 'data-config="' in page_html(table) and '&quot;fresh&quot;:true' in page_html(table)


def test_the_deal_number_is_on_the_table_in_the_readers_language():
    table = TableController("basic", 2, seed=12345)
    assert re.search(r'<span class="rt-deal" data-deal="12345" title="[^"]+">Deal no\. 12,345</span>',
                     table.html())
    with language("it"):
        assert "Smazzata n. 12.345" in table.html()
    with language("nl"):
        assert "Spel nr. 12.345" in table.html()


def test_next_hand_deals_other_cards_from_the_same_number():
    table = TableController("basic", 2, seed=77, dealer=1)
    first = table.game.hand(0)
    play_hand(table)
    table.press("next")
    assert table.game.hand_number == 2 and table.game.hand(0) != first
    assert 'data-deal="77"' in table.html()


def test_replay_deals_the_same_cards_again_from_the_start():
    table = TableController("500", 3, seed=99)
    table.run_bots()
    first, opening = table.game.hand(0), list(table.log_lines)
    play_hand(table)
    table.press("next")
    table.press("replay")
    table.run_bots()
    assert table.game.hand_number == 1 and table.game.hand(0) == first
    assert table.log_lines[0] == "The same cards again: deal no. 99, from the start."
    assert table.log_lines[1:] == opening
    assert table.coach_lines == [] and table.selected == []


def test_replay_at_a_later_start_goes_back_to_that_hand():
    table = TableController("contract", 3, seed=42, hand=7)
    table.run_bots()
    first = table.game.hand(0)
    table.press("replay")
    assert table.game.hand_number == 7 and table.game.hand(0) == first


# --- greyed buttons say why (issue 27) --------------------------------------------------------

def tooltips_of_greyed(table: TableController) -> dict:
    from greyed import greyed_reasons
    return greyed_reasons(table.html())


def test_a_greyed_move_says_why_in_the_learners_language():
    from rummy_teach.game import Game
    from rummy_teach.reasons import say

    # two-player Basic: the learner holds no meld, nothing is on the table
    game = Game.from_deal("basic", ["2S 5H 9C JD KS 4D 7C QH 3H 8S", "AS 3C 6D 8H 10S JC KD 2H 5C 7D"],
                          discard="9H", stock=31)
    table = TableController(_game=game, seat=0)
    greyed = tooltips_of_greyed(table)
    assert greyed["discard"] == greyed["meld"] == say("status_draw")
    table.press("draw")
    greyed = tooltips_of_greyed(table)
    assert greyed["draw"] == "You have drawn already: meld, lay off, or discard to end the turn."
    assert greyed["meld"] == "Your hand holds no meld to put down now."
    assert greyed["layoff"] == "There is no meld on the table to lay off on yet."
    with language("it"):
        assert tooltips_of_greyed(table)["meld"] == "Nella tua mano ora non c'è nessuna combinazione da calare."
    with language("nl"):
        assert tooltips_of_greyed(table)["layoff"] == "Er ligt nog geen combinatie op tafel om aan te leggen."
    # a move that may be made carries its own tooltip, not a reason
    assert 'data-arg="discard" title="Discard the selected card and end your turn"' in table.html()


def test_a_greyed_lay_off_in_contract_rummy_says_the_contract_comes_first():
    from rummy_teach.game import Game

    # hand 1 of three players: Ben's contract is down, the learner's is not
    game = Game.from_deal("contract", ["8S 8H 8D 2C 5D 9H 4C JS QH 3S", "6S 7S 9C 10C",
                                       "3C 4D 6C 7H 9S 10D JH 2H KS 4S"], discard="KC", stock=75, hand=1,
                          table=[(1, "3H 3D 3S#2"), (1, "QD QC QS")])
    table = TableController(_game=game, seat=0)
    table.press("draw")
    table.run_bots()                                   # the others answer the buy window
    assert table.game.current_player == 0 and "layoff" not in table.legal_kinds()
    assert tooltips_of_greyed(table)["layoff"] == "Lay-offs start only after your contract is down."
    with language("it"):
        assert tooltips_of_greyed(table)["layoff"] == "Puoi attaccare carte solo dopo aver calato il tuo contratto."
