"""The review of a hand as an analysis board (issue 27, point 4): which moves it lists,
which positions it shows, which marks it puts on the standing chart, how it is drawn,
and that the same controller drives the JupyterLab/Voilà widget."""

import html
import re

import pytest

from rummy_teach.coach.search import outcome, standing
from rummy_teach.game import replay
from rummy_teach.i18n import language
from rummy_teach.play.table import TableController
from rummy_teach.reasons import say
from rummy_teach.render_review import chart_scale, chart_text, move_list, standing_chart, step_buttons
from rummy_teach.widgets import CardTable
from greyed import greyed_reasons
from test_coach_table import play_hand_badly


@pytest.fixture(scope="module")
def reviewed():
    """A hand of Basic Rummy played with some bad discards (the coach flags them), its
    review open; the table's game is never changed by the review."""
    table = TableController("basic", 2, seat=0, seed=11, levels=("hard",))
    table.run_bots()
    play_hand_badly(table)
    table.coach("review")
    return table


def board_view_of(table, game):
    from rummy_teach.game.view import board_view
    return board_view(game, table.seat, table.names, deal=table.seed)


def written(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


# --- the model: which moves, which positions, which marks --------------------------------------

def test_the_board_lists_every_move_of_the_hand_by_every_player(reviewed):
    board = reviewed.coaching.board
    game = reviewed.game
    moves = [m for m in game.history["moves"] if "chance" not in m]
    assert board.last == len(moves) - board.first_action == game.actions_played
    assert [(m.player, m.action.text(ascii=True)) for m in board.moves] == \
        [(m["player"], m["action"]) for m in moves[board.first_action:]]
    assert {m.player for m in board.moves} == {0, 1}          # the computer's moves too


def test_each_position_is_the_game_replayed_to_that_move(reviewed):
    board = reviewed.coaching.board
    history = reviewed.game.history
    for number in (0, 1, 7, board.last):
        again = replay(history, upto=board.first_action + number)
        assert board.position(number).snapshot() == again.snapshot()
    assert board.position(board.last).is_hand_over
    assert board.position(0).hand_number == reviewed.game.hand_number and board.position(0).actions_played == 0


def test_the_marks_are_the_flagged_decisions_at_their_moves(reviewed):
    board = reviewed.coaching.board
    review = reviewed.coaching.review
    assert review.mistakes
    assert board.marks == sorted(d.at - board.first_action + 1 for d in review.mistakes)
    for number in board.marks:
        move = board.move(number)
        assert move.player == reviewed.seat and move.mistake and move.decision.is_mistake
        assert board.position(number - 1).actions_played == move.decision.at
    unflagged = [m for m in board.moves if m.decision is not None and not m.mistake]
    assert unflagged and all(m.number not in board.marks for m in unflagged)


def test_the_standing_is_the_coachs_reading_and_ends_on_the_hands_result(reviewed):
    board = reviewed.coaching.board
    numbers = [n for n, _ in board.standing]
    assert numbers[0] == 0 and numbers[-1] == board.last
    final = board.position(board.last)
    assert board.standing[-1][1] == outcome(final, reviewed.seat) == standing(final, reviewed.seat, 3, "x")
    # no reading mid-turn: nobody holds a drawn card at a point of the chart
    assert all(board.position(n).phase != "play" for n in numbers[1:])
    # between two readings the chart holds the last one
    mid_turn = next(n for n in range(board.last) if n not in numbers)
    assert board.standing_at(mid_turn) == dict(board.standing)[max(n for n in numbers if n < mid_turn)]


def test_opening_selects_the_costliest_mistake_and_the_steps_move_the_selection(reviewed):
    table = TableController("basic", 2, seat=0, seed=11, levels=("hard",))
    table.run_bots()
    play_hand_badly(table)
    table.coach("review")
    board = table.coaching.board
    costliest = board.number_at(table.coaching.review.mistakes[0].at)
    assert board.selected == costliest
    assert table.coaching.shown_game(table.game) is board.position(costliest)
    table.click_region("review:first")
    assert board.selected == 0 and table.coach_lines[0] == say("review_board_dealt")
    table.click_region("review:prev")                    # already at the start: stays
    assert board.selected == 0
    table.click_region("review:next")
    assert board.selected == 1 and table.coach_lines[0].startswith(f"Move 1 of {board.last}: ")
    table.click_region("review:last")
    assert board.selected == board.last
    table.click_region("review:9999")                    # past the end: the end
    assert board.selected == board.last
    table.click_region("review:3")
    assert board.selected == 3
    assert table.board_view() == board_view_of(table, board.position(3))
    with pytest.raises(Exception):
        table.click_region("review:nowhere")            # a value that names no move is refused
    assert board.selected == 3
    before = table.game.snapshot()
    table.coach("review_next")                           # the next flagged decision
    assert board.selected in board.marks
    assert table.game.snapshot() == before               # the review never changes the game


def test_the_comment_of_a_move_says_the_move_and_for_a_mistake_the_better_one(reviewed):
    board = reviewed.coaching.board
    number = board.marks[0]
    reviewed.click_region(f"review:{number}")
    lines = reviewed.coach_lines
    assert lines[0] == say("review_board_move", number=number, total=board.last, move=board.move_words(number))
    assert "better:" in lines[1] and lines[-1] == reviewed.coaching.review.summary()
    other = next(m.number for m in board.moves if m.player != reviewed.seat)
    reviewed.click_region(f"review:{other}")
    assert reviewed.coach_lines[0].startswith(f"Move {other} of ") and "Computer" in reviewed.coach_lines[0]
    good = next(m for m in board.moves if m.decision is not None and not m.mistake)
    reviewed.click_region(f"review:{good.number}")
    assert reviewed.coach_lines[1] == say("coach_comment_good", move=good.decision.played_words)


def test_the_learners_draws_name_the_card_and_the_others_do_not(reviewed):
    board = reviewed.coaching.board
    draws = [m for m in board.moves if m.action.kind == "draw"]
    mine = next(m for m in draws if m.player == reviewed.seat)
    theirs = next(m for m in draws if m.player != reviewed.seat)
    drawn = [c for c in board.position(mine.number).hand(0) if c not in board.position(mine.number - 1).hand(0)]
    assert str(drawn[0].face) in board.move_words(mine.number)
    assert board.move_words(theirs.number) == say("move_draw", who="Computer")


def test_a_click_on_a_move_of_a_closed_review_changes_nothing():
    table = TableController("basic", 2, seat=0, seed=3)
    table.run_bots()
    before = table.html()
    table.click_region("review:2")
    assert table.html() == before and table.message == ""


# --- drawn: the table as it was, the list, the chart -----------------------------------------

def test_the_review_draws_the_position_the_list_and_the_chart(reviewed):
    board = reviewed.coaching.board
    reviewed.click_region("review:5")
    page = reviewed.html()
    assert page.count('role="listbox"') == 1 and page.count('role="option"') == board.last + 1
    chosen = re.findall(r'<li role="option" aria-selected="true" tabindex="0" data-click="review:(\d+)"', page)
    assert chosen == ["5"]                                # one tab stop: the selected move
    assert len(re.findall(r'role="option"[^>]*tabindex="0"', page)) == 1
    assert 'data-follow' in page
    # the marks on the chart go to their moves, and the mistakes stand out in the list
    for number in board.marks:
        assert f'data-click="review:{number}" aria-label="Move {number}: a mistake' in page
        assert re.search(rf'data-click="review:{number}" style="[^"]*border-left:5px solid', page)
    # the table drawn is the position after move 5: its stock and pile
    position = board.position(5)
    assert f"Stock · {position.stock_size} cards" in page
    assert 'class="rt-coach"' in page and "Move 5 of" in page
    # no move may be made meanwhile: the move buttons are gone, the review's own stay
    assert 'data-arg="draw"' not in page and 'data-arg="review_close"' in page


def test_at_the_end_of_the_hand_every_hand_is_shown(reviewed):
    reviewed.click_region("review:last")
    page = reviewed.html()
    final = reviewed.coaching.board.position()
    assert final.is_hand_over and "rt-result" in page
    computer = html.escape(say("board_hand_face_up", name="Computer"), quote=True)
    assert (f'aria-label="{computer}"' in page) == bool(final.hand(1))     # face up, if any are left
    reviewed.click_region("review:2")
    assert f'aria-label="{computer}"' not in reviewed.html()               # mid-hand: hidden


def test_the_chart_places_marks_on_the_line_and_the_selected_move():
    points = [(0, -5.0), (2, 10.0), (4, 30.0)]
    svg = standing_chart(points, [(3, 10.0, 12.4)], selected=2, last=4)
    x, y = chart_scale(points, 4)
    assert f'cx="{written(x(3))}" cy="{written(y(10.0))}" r="5.5"' in svg
    # two marks side by side: their clickable areas meet halfway and do not overlap
    close = standing_chart(points, [(2, 10.0, 9.0), (3, 10.0, 12.4)], selected=2, last=40)
    x40, _ = chart_scale(points, 40)
    found = re.findall(r'<g role="button"[^>]*>.*?<rect x="([\d.]+)" y="[\d.-]+" width="([\d.]+)"', close)
    areas = [(float(a), float(a) + float(w)) for a, w in found]
    assert len(areas) == 2 and abs(areas[0][1] - areas[1][0]) < 0.2
    assert areas[0][0] < x40(2) < areas[0][1] < x40(3) < areas[1][1]
    assert f'class="rt-review-now" x1="{written(x(2))}"' in svg
    assert y(30) < y(0) < y(-5)                               # ahead is up
    assert "12 points" in svg and 'data-click="review:3"' in svg and 'role="toolbar"' in svg
    assert "<figcaption" in svg and "rt-review-chart-text" in svg
    text = chart_text(points, [(3, 10.0, 12.4)])
    assert text == ("Your estimated standing against the others: -5 after the deal, +30 at the end of "
                    "the hand; lowest -5 (move 0), highest +30 (move 4). One mistake is marked on it.")
    assert chart_text(points, []).endswith("No mistake is marked on it.")
    assert 'role="toolbar"' not in standing_chart(points, [], 0, 4)       # no marks: no stop


def test_the_list_and_the_steps_are_one_tab_stop_each():
    items = [(0, "The hand as dealt", False, None), (1, "You draw 7♥ from the stock.", True, None),
             (2, "You discard K♣.", True, 9.6)]
    html = move_list(items, 1)
    assert html.count('tabindex="0"') == 1 and 'aria-selected="true" tabindex="0" data-click="review:1"' in html
    assert "mistake, about 10 points" in html
    steps = step_buttons(0, 2)
    assert steps.count('tabindex="0"') == 1 and 'tabindex="0" title="Next move"' in steps   # the stop: Next
    assert 'aria-label="Next move"' in steps and 'data-click="review:last"' in steps


def test_a_step_that_leads_nowhere_is_greyed_and_says_why():
    """No way back from the deal, none on from the end: greyed as the table's buttons are
    (aria-disabled, in the toolbar, a tooltip that is its description), never disabled."""
    start = "This is the start of the hand: there is no move before it."
    end = "This is the end of the hand: there is no move after it."
    assert greyed_reasons(step_buttons(0, 2), key="data-click") == {"review:first": start, "review:prev": start}
    assert greyed_reasons(step_buttons(2, 2), key="data-click") == {"review:next": end, "review:last": end}
    assert greyed_reasons(step_buttons(1, 2), key="data-click") == {}
    for selected in (0, 1, 2):
        steps = step_buttons(selected, 2)
        assert " disabled" not in steps and steps.count('tabindex="-1"') == 3   # all four in the toolbar


@pytest.mark.parametrize("lang, words", [("it", ("Mosse della mano", "Mossa successiva", "Il tuo andamento")),
                                         ("nl", ("Zetten van de ronde", "Volgende zet", "Jouw stand"))])
def test_the_board_speaks_the_readers_language(reviewed, lang, words):
    with language(lang):
        reviewed.click_region("review:2")
        page = reviewed.html()
        assert all(w in page for w in words)
        assert "Moves of the hand" not in page and "Next move" not in page
        text = chart_text([(0, 1.0), (3, -2.0)], [(2, 1.0, 1.0)])
    one = {"it": "Sul grafico è segnato un errore.", "nl": "In de grafiek is één fout aangegeven."}
    assert text.endswith(one[lang])


# --- the widget: the same controller behind ipywidgets ---------------------------------------

def test_the_widget_shows_the_board_and_its_clicks_step_it():
    widget = CardTable("basic", 2, seat=0, seed=11, levels=("hard",), delay=0)
    play_hand_badly(widget.controller)
    widget.run_bots()
    widget.board.click("act", "coach:review")                # the Review button in the browser
    assert widget.board.error == "" and widget.problem.value == ""
    board = widget.controller.coaching.board
    assert 'role="listbox"' in widget.board.html
    widget.board.click("region", "review:4")                 # a click in the browser on move 4
    assert widget.board.error == "" and board.selected == 4
    assert 'aria-selected="true" tabindex="0" data-click="review:4"' in widget.board.html
    assert f"Move 4 of {board.last}" in widget.board.html
    widget.board.click("region", f"review:{board.marks[0]}")   # a mark on the chart
    assert board.selected == board.marks[0] and "better:" in widget.board.html
    assert 'data-act="press"' not in widget.board.html         # no move while the review is open
    widget.board.click("act", "coach:review_close")
    assert 'role="listbox"' not in widget.board.html
    assert re.search(r'<button [^>]*data-act="press" data-arg="next"[^>]*tabindex="0"', widget.board.html)
