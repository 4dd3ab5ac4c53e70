"""The card table widget, driven from Python the way a learner drives it with the mouse."""

import asyncio
import concurrent.futures
import json
import random
import re

import ipywidgets as widgets
import pytest

from rummy_teach.game import Game, choose_action
from rummy_teach.widgets import CardTable
from rummy_teach.game.view import board_view
from rummy_teach.lessons.worked_examples import THIRTY_POINTS, get_example


def keys(cards):
    return [c.text(ascii=True) for c in cards]


def thirty_table(**kwargs):
    return CardTable.from_game(THIRTY_POINTS.start(), seat=0, delay=0, **kwargs)


def buttons(table, act="press"):
    """The buttons of the table's HTML with data-act ``act``: {arg: attributes}."""
    found = {}
    for attrs in re.findall(r"<button ([^>]*)>", table.board.html):
        if f'data-act="{act}"' in attrs:
            found[re.search(r'data-arg="([^"]*)"', attrs).group(1)] = attrs
    return found


def enabled(table):
    return {name for name, attrs in buttons(table).items() if 'aria-disabled="true"' not in attrs}


# --- a learner's clicks ------------------------------------------------------------------

def test_clicking_cards_selects_and_deselects_them():
    table = thirty_table()
    table.board.click("card", "8S")
    table.board.click("card", "8H")
    assert keys(table.selected) == ["8S", "8H"]
    assert 'data-card="8S" aria-pressed="true"' in table.board.html
    table.board.click("card", "8S")
    assert keys(table.selected) == ["8H"]
    assert 'data-card="8S" aria-pressed="false"' in table.board.html


def test_sorting_by_rank_and_by_suit_reorders_the_hand():
    table = thirty_table()
    by_suit = board_view(table.game, 0)["players"][0]["hand"]
    table.board.click("act", "sort:rank")
    by_rank = table.board_view()["players"][0]["hand"]
    assert by_rank[:3] == ["2D", "4H", "5H"] and by_suit[0] == "8S"
    assert table.board.html.index('data-card="2D"') < table.board.html.index('data-card="8S"')


def test_buttons_follow_the_legal_actions():
    table = thirty_table()
    assert enabled(table) == {"draw", "take"}
    table.board.click("region", "stock")
    assert "meld" in enabled(table) and "discard" in enabled(table)
    assert {"draw", "take", "next"}.isdisjoint(enabled(table))


def test_the_widget_draws_the_books_buttons_with_their_looks_and_reasons():
    """The buttons are the controller's own HTML (issue 27 point 1): a move that may be made
    stands out, a greyed one is described by a tooltip saying the controller's why_off."""
    from rummy_teach.play.buttons import LOOKS
    from greyed import greyed_reasons

    table = thirty_table()
    draw, discard = buttons(table)["draw"], buttons(table)["discard"]
    assert f'style="{LOOKS["move"]}"' in draw and "disabled" not in draw
    assert f'style="{LOOKS["off"]}"' in discard and 'aria-disabled="true"' in discard
    assert greyed_reasons(table.board.html)["discard"] == table.controller.why_off("discard") != ""
    assert 'role="toolbar"' in table.board.html and 'data-roving="moves"' in table.board.html


def test_the_widgets_buttons_answer_clicks_as_the_books_do():
    table = thirty_table()
    table.board.click("act", "press:draw")
    assert table.log_lines[-1] == "You draw 7♥ from the stock." and table.board.error == ""
    table.board.click("act", "coach:coach")
    assert 'data-arg="coach" aria-pressed="true"' in table.board.html
    table.board.click("act", "coach:coach")
    assert 'data-arg="coach" aria-pressed="false"' in table.board.html
    table.board.click("act", "sort:rank")
    assert 'data-arg="rank" aria-pressed="true"' in table.board.html
    table.board.click("act", "nonsense:1")      # a bad message is told, nothing is lost
    assert "nonsense" in table.board.error and table.log_lines[-1] == "You draw 7♥ from the stock."
    table.board.click("act", "clear")
    assert table.board.error == ""


def test_the_review_buttons_show_only_once_the_hand_is_over():
    table = CardTable("basic", seed=3, delay=0, levels=("easy",))
    rng = random.Random(3)
    while not table.game.is_hand_over:
        assert not buttons(table, "coach").keys() & {"review", "review_prev", "review_next",
                                                     "review_close"}
        play_one(table, choose_action(table.game, 0, "medium", rng))
    assert "review" in buttons(table, "coach")
    table.board.click("act", "coach:review")
    assert "review_close" in buttons(table, "coach") and "review" not in buttons(table, "coach")


def test_draw_meld_and_discard_through_the_table():
    table = thirty_table()
    table.board.click("region", "stock")
    assert table.log_lines[-1] == "You draw 7♥ from the stock."
    for key in ("8S", "8H", "8D"):
        table.board.click("card", key)
    table.press("meld")
    for key in ("4H", "5H", "6H", "7H"):
        table.board.click("card", key)
    table.press("meld")
    assert [m.meld.kind for m in table.game.table] == ["set", "run"]
    table.board.click("card", "9C")
    table.press("discard")
    # the computer opponent moved at once (delay=0): each move has its log line
    assert "You discard 9♣." in table.log_lines
    after = table.log_lines[table.log_lines.index("You discard 9♣.") + 1:]
    assert after and all(line.startswith("Computer ") for line in after)
    assert table.game.current_player == 0 or table.game.is_hand_over


def test_an_illegal_attempt_shows_the_engines_reason_and_changes_nothing():
    table = thirty_table()
    table.board.click("card", "8S")
    table.press("meld")  # before drawing, and only one card
    assert "first draw a card" in table.message
    assert 'role="alert"' in table.board.html and "first draw a card" in table.board.html
    table.board.click("region", "stock")
    before = json.dumps(table.game.history), str(table.game)
    table.select("8S 4H 9C")
    table.press("meld")
    assert "8♠ 4♥ 9♣ is not a meld" in table.message
    table.select("JS")
    table.board.click("region", "meld:1")
    assert "there is no meld number 1" in table.message
    table.board.click("region", "take:1")
    assert "from the discard pile now" in table.message and "You can't take" in table.message
    assert (json.dumps(table.game.history), str(table.game)) == before
    assert keys(table.selected) == ["JS"]  # the selection survives a refusal


def test_taking_the_discard_you_may_not_throw_it_back():
    game = Game.from_deal("basic", ["8S 8H 8D 4H 5H 6H JS JH 2D 9C", "8C 2S 3S 4S 5S 6S KC QD 9S AC"],
                          discard="3C KD", constructed=True)
    table = CardTable.from_game(game, seat=0, delay=0)
    table.board.click("region", "take:1")
    table.select("KD")
    table.press("discard")
    assert "K♦ was taken from the discard pile this turn" in table.message
    assert "KD" in keys(table.game.hand(0))


def test_a_selected_card_that_fits_highlights_the_meld_it_may_be_laid_off_on():
    game = Game.from_deal("basic", ["8C 2D 3D KS", "2S 3S 4S QH"], discard="9H",
                          table=[(1, "8S 8H 8D"), (1, "5C 6C 7C")], constructed=True)
    table = CardTable.from_game(game, seat=0, delay=0)
    table.board.click("card", "8C")
    assert table.board_view()["fits"] == [1, 2]  # 8♣ extends the run of clubs too
    assert table.board.html.count("rt-fits") == 2
    table.board.click("region", "stock")
    table.board.click("region", "meld:1")
    assert table.message == "" and len(table.game.table[0].cards) == 4
    assert table.log_lines[-1].startswith("You lay 8♣ off on the eights") or any(
        "You lay 8♣ off on the eights" in l for l in table.log_lines)


def test_rummy_500_a_click_on_the_fan_picks_the_depth():
    table = CardTable.from_game(get_example("rummy500_dig").start(), seat=0, delay=0)
    html = table.board.html
    assert all(f'data-click="take:{d}"' in html for d in range(1, 6))
    table.board.click("region", "take:4")
    assert table.log_lines[-1] == "You dig 4 deep for Q♠, picking up Q♠ 8♣ 2♥ 9♣."
    assert "Use Q♠ in a meld or a lay-off now." in table.board.html
    table.select("9C")
    table.press("discard")
    assert "Q♠, taken from the discard pile, must be used" in table.message


def test_contract_rummy_buy_offer_and_buy_button():
    example = get_example("contract_last_hand")
    game = example.game_at([s.action for s in example.steps].index("buy"))
    table = CardTable.from_game(game, seat=0, names=["You", "Left", "Right"], delay=0)
    assert enabled(table) == {"buy", "pass"}
    assert "Buy 5♦?" in table.board.html and "Contract: three runs of 4" in table.board.html
    table.press("buy")
    assert "You buy 5♦ (and take a penalty card from the stock)." in table.log_lines
    assert "5D" in keys(table.game.hand(0))


def test_contract_lay_down_gathers_several_melds():
    example = get_example("contract_last_hand")
    game = example.game_at(len(example) - 1)
    table = CardTable.from_game(game, seat=0, names=["You", "Left", "Right"], delay=0)
    assert "group" in buttons(table)
    table.select("3S 4S 5S 6S 7S")
    table.press("group")
    table.select("8H 9H 10H JH QH")
    table.press("group")
    assert len(table.groups) == 2
    table.select("2D 3D 4D 5D")
    table.press("meld")  # 6♦ left over: hand 7 goes down only as the whole hand
    assert "together with every card in your hand" in table.message
    table.select("2D 3D 4D 5D 6D")
    table.press("meld")
    assert table.game.is_game_over and "Game over: you win." in table.board.html


def test_next_hand_button_deals_again():
    game = THIRTY_POINTS.game_at(len(THIRTY_POINTS) - 1)
    table = CardTable.from_game(game, seat=0, delay=0)
    table.select("2D")
    table.press("discard")
    assert table.game.is_hand_over and enabled(table) == {"next"}
    assert "You went out." in table.board.html and "+30" in table.board.html
    table.press("next")
    assert table.game.hand_number == 2 and "Hand 2 is dealt." in table.log_lines


def test_snapshot_and_mimebundle_carry_static_html():
    table = thirty_table()
    snap = table.snapshot_html()
    assert 'aria-label="eight of spades"' in snap and "data-click" not in snap
    data, _ = table._repr_mimebundle_()
    assert "text/html" in data and "application/vnd.jupyter.widget-view+json" in data


# --- whole hands against computer opponents ---------------------------------------------------

def play_one(table, action):
    """Carry out ``action`` with clicks and buttons, as a learner would."""
    table.clear()
    kind = action.kind
    if kind == "draw":
        table.board.click("region", "stock")
    elif kind == "take":
        table.board.click("region", f"take:{action.depth}")
    elif kind == "meld":
        for group in action.melds[:-1]:
            for card in group:
                table.board.click("card", card.text(ascii=True))
            table.press("group")
        for card in action.melds[-1]:
            table.board.click("card", card.text(ascii=True))
        table.press("meld")
    elif kind == "layoff" and action.end is None:
        table.board.click("card", action.card.text(ascii=True))
        table.board.click("region", f"meld:{action.target}")
    elif kind == "discard":
        table.board.click("card", action.card.text(ascii=True))
        table.press("discard")
    elif kind in ("buy", "pass", "end"):
        table.press(kind)
    else:
        assert table.play(action)
    assert table.message == "", (action, table.message)


def all_widgets(root):
    seen, todo = [], [root]
    while todo:
        w = todo.pop()
        if any(w is s for s in seen):
            continue
        seen.append(w)
        for name in w.keys:
            value = getattr(w, name)
            values = value if isinstance(value, (list, tuple)) else [value]
            todo.extend(v for v in values if isinstance(v, widgets.Widget))
    return seen


def synced_text(table) -> str:
    return "\n".join(json.dumps(w.get_state(), default=str) for w in all_widgets(table))


def assert_no_hidden_cards(table):
    game, seat = table.game, table.seat
    text = synced_text(table)
    public = set(game.hand(seat)) | set(game.discard_pile) | {c for m in game.table for c in m.cards}
    public_faces = {c.face for c in public}
    for p in range(game.num_players):
        if p == seat:
            continue
        for card in game.hand(p):
            if card.face in public_faces or card in game.known_cards(p):
                continue  # another copy of this face is in view, or everyone saw it taken
            notation = re.escape(card.face.text(ascii=True))
            assert not re.search(rf"(?<![0-9A-Za-z]){notation}(?![0-9A-Za-z])", text), (card, p)
            assert card.face.text() not in text, (card, p)
            assert card.name not in text, (card, p)
    stock = game.card_places()["stock"]
    order = " ".join(c.text(ascii=True) for c in stock[:4])
    assert order not in text


@pytest.mark.parametrize("rules, players, seed", [("basic", 2, 3), ("basic", 4, 5), ("500", 3, 2),
                                                    ("contract", 4, 1)])
def test_a_whole_hand_against_computer_players_through_the_widget(rules, players, seed):
    table = CardTable(game=rules, players=players, seat=0, levels=["medium", "hard", "easy"],
                      seed=seed, delay=0)
    rng = random.Random(seed)
    decisions = 0
    while not table.game.is_hand_over:
        assert table.game.current_player == 0, "the computers stop only for the learner"
        assert_no_hidden_cards(table)
        action = choose_action(table.game, 0, "medium", rng)
        play_one(table, action)
        decisions += 1
    assert decisions > 2
    result = table.game.hand_results[-1]
    assert f"Hand {result.hand} over" in table.log_lines[-1]
    assert enabled(table) == ({"next", "replay"} if not table.game.is_game_over else {"replay"})
    table.press("next")
    assert table.game.hand_number == 2 and not table.game.is_hand_over
    assert table.game.current_player == 0


# --- pacing ------------------------------------------------------------------------------------

def test_computer_moves_are_paced_through_the_event_loop():
    async def scenario():
        game = Game.from_deal("basic", ["8S 8H 8D 4H 5H 6H JS JH 2D 9C", "8C 2S 3S 4S 5S 6S KC QD 9S AC"],
                              discard="3C", to_move=1, constructed=True)
        table = CardTable.from_game(game, seat=0, delay=0.02)
        assert table.log_lines == [] and table.game.current_player == 1  # nothing yet
        assert enabled(table) == set()
        while table.game.current_player != 0:  # the computer's turn, played on the loop
            await asyncio.sleep(0.01)
        return table
    # a thread of its own: an earlier browser test's Playwright may hold this thread's loop;
    # the 60 s bound only limits how long a table that never moves takes to fail
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        table = pool.submit(asyncio.run, asyncio.wait_for(scenario(), 60)).result(timeout=90)
    assert table.game.current_player == 0 and len(table.log_lines) >= 2
    assert table.log_lines[0] == "Computer draws from the stock." or table.log_lines[0].startswith("Computer takes")


def test_the_secrecy_check_would_catch_a_leak():
    table = thirty_table()
    assert_no_hidden_cards(table)
    table.board.html += '<span aria-label="king of clubs"></span>'  # the opponent's K♣
    with pytest.raises(AssertionError):
        assert_no_hidden_cards(table)
    table.board.html = table.board.html.replace("king of clubs", "") + '<i data-card="KC"></i>'
    with pytest.raises(AssertionError):
        assert_no_hidden_cards(table)
