"""The coach on the card table: the Hint button, coach mode, and the review of a hand
stepped through on the table (the controller the widget and the book's pages share,
and the JupyterLab widget itself)."""

import re

import pytest

from rummy_teach.game import Action, Bot, from_deal
from rummy_teach.play.coaching import COACH_BUTTONS
from rummy_teach.play.table import TableController
from rummy_teach.reasons import say
from rummy_teach.widgets import CardTable

GO_OUT = (["5H 6H 7H 9S 9D 9C", "2C 3D 4S 8D JC QD 10S"], "KC 2D 3S 4C 5C 6C 7C 8C", "AS")


def go_out_table():
    hands, stock, discard = GO_OUT
    return TableController(_game=from_deal("basic", hands, stock=stock, discard=discard, constructed=True), seat=0)


def play_hand_badly(table):
    """The learner plays the hand as the medium computer player would, except that every
    third decision in the play phase throws the first card of the hand away."""
    bot, decisions = Bot("medium", seed=1), 0
    for _ in range(400):
        game = table.game
        if game.is_hand_over:
            return
        action = bot.act(game)
        if game.phase == "play":
            decisions += 1
            if decisions % 3 == 0:
                action = next(a for a in game.legal_actions() if a.kind == "discard")
        assert table.play(action), table.message
        table.run_bots()
    raise AssertionError("the hand did not end")


def test_hint_button_names_the_move_and_why():
    table = go_out_table()
    assert "hint" in table.coach_kinds()
    table.handle("press", "draw")
    table.handle("coach", "hint")
    lines = table.coach_lines
    assert lines[0].startswith("Hint: meld")
    assert "go out" in lines[1]
    assert 'class="rt-coach"' in table.html() and "go out" in table.html()
    assert table.game.hand(0) and not table.game.is_hand_over   # a hint plays nothing


def test_hint_is_off_while_others_move_and_for_unknown_buttons():
    table = TableController("basic", 2, seat=0, seed=5)
    table.run_bots()
    table.play("draw")
    discard = next(a for a in table.game.legal_actions() if a.kind == "discard")
    game = table.game
    game.apply(discard)                 # now the computer is to move
    assert "hint" not in table.coach_kinds()
    table.coach("hint")                 # pressing a disabled button does nothing
    assert table.coach_lines == []
    with pytest.raises(Exception) as info:
        table.handle("coach", "cheat")
    assert "cheat" in str(info.value)


def test_coach_mode_comments_each_move():
    table = go_out_table()
    table.handle("coach", "coach")
    assert table.coach_lines == [say("coach_mode_on")]
    toggle = re.search(r'<button [^>]*data-arg="coach"[^>]*>', table.html()).group(0)
    assert 'aria-pressed="true"' in toggle and "inset" in toggle      # it looks pressed too
    table.handle("press", "draw")
    assert table.coach_lines[0].startswith("Coach: you chose to draw from the stock")
    table.play("discard 6H")            # throws away a sure way out
    assert "better:" in table.coach_lines[0] and "meld" in table.coach_lines[0]


def test_review_after_a_hand_steps_to_each_mistake_on_the_table():
    table = TableController("basic", 2, seat=0, seed=11, levels=("hard",))
    table.run_bots()
    play_hand_badly(table)
    assert table.game.is_hand_over and "review" in table.coach_kinds()
    final = table.board_view()
    table.handle("coach", "review")
    lines = table.coach_lines
    assert lines[-1].endswith("points lost (estimated)")
    count = int(lines[-1].split()[0])
    assert count >= 1 and lines[1].startswith(f"Mistake 1 of {count}")
    mistake = table.coaching.review.mistakes[0]
    assert lines[0].startswith(f"Move {mistake.at - table.coaching.board.first_action + 1} of ")
    first = table.board_view()
    assert first != final                       # the table as it was just after that decision
    shown = table.coaching.shown_game(table.game)
    assert shown.actions_played == mistake.at + 1
    assert table.legal_kinds() == set()         # no move while the review is open
    before = table.game.snapshot()
    assert not table.play("next") and table.message == say("coach_review_open")
    assert table.game.snapshot() == before
    if count > 1:
        table.handle("coach", "review_next")
        assert table.coach_lines[1].startswith(f"Mistake 2 of {count}")
        table.handle("coach", "review_prev")
    assert table.coach_lines[1].startswith(f"Mistake 1 of {count}")
    table.handle("coach", "review_close")
    assert table.board_view() == final and table.coach_lines == []
    assert table.play("next")                   # a new hand: nothing left to review
    assert "review" not in table.coach_kinds()


def test_coach_buttons_are_keyboard_reachable_buttons_with_catalogue_words():
    """The coach's buttons that apply are shown: Hint and Coach mode during the hand, Review
    once it is over, the review's steps while it is open; each a button with its words."""
    table = go_out_table()

    def shown():
        page = table.html()
        found = {}
        for name, label, tip in COACH_BUTTONS:
            button = re.search(rf'<button [^>]*data-arg="{name}"[^>]*>([^<]*)</button>', page)
            if button:
                assert button.group(1) == say(label) and 'data-act="coach"' in button.group(0)
                found[name] = button.group(0)
        return found

    during = shown()
    assert set(during) == {"hint", "coach"}
    assert f'title="{say("coach_tip_hint")}"' in during["hint"]
    table.play("draw")
    table.play("meld 5H 6H 7H")
    table.play("meld 9S 9D 9C")
    table.play(f"discard {table.game.hand(0)[0]}")       # the last card: out
    assert table.game.is_hand_over
    assert set(shown()) == {"coach", "review"}             # nothing to hint at between hands
    table.coach("review")
    assert set(shown()) >= {"hint", "coach", "review_close"} and "review" not in shown()


def test_widget_has_the_coach_buttons():
    hands, stock, discard = GO_OUT
    widget = CardTable.from_game(from_deal("basic", hands, stock=stock, discard=discard, constructed=True), seat=0, delay=0)
    hint = re.search(r'<button [^>]*data-arg="hint"[^>]*>([^<]*)</button>', widget.board.html)
    assert hint.group(1) == say("coach_button_hint") and "disabled" not in hint.group(0)
    assert 'data-arg="review"' not in widget.board.html     # no review before the hand is over
    widget.board.click("act", "press:draw")
    widget.board.click("act", "coach:hint")
    assert widget.problem.value == ""
    assert widget.coach_lines[0].startswith("Hint: meld")
    assert "go out" in widget.board.html
