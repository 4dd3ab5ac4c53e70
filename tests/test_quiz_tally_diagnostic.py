"""Issue 25: tallying real games, the diagnostic quiz across the three games, and the
printable score sheets."""

import pytest

from rummy_teach import i18n
from rummy_teach.cli import main
from rummy_teach.game import play_game
from rummy_teach.quiz import Quiz
from rummy_teach.quiz.fileformat import QuizFileError
from rummy_teach.rules import get_rules
from rummy_teach.sheets import score_sheet_html, score_sheet_text


def one(item, game="contract"):
    return Quiz.from_data({"game": game, "questions": [item]})[0]


# --- tallying a real game ----------------------------------------------------------------

def test_a_tally_total_is_the_sum_of_the_hands_the_engine_played():
    question = one({"kind": "tally", "players": 3, "seed": 1, "hands": 4, "player": 1})
    game = play_game(get_rules("contract"), ["medium"] * 3, seed=1)
    expected = sum(r.scores[1] for r in game.hand_results[:4])
    assert question.answer == expected
    assert question.check(str(expected)).right and not question.check(str(expected + 5)).right
    for result in game.hand_results[:4]:        # every hand's scores are shown to the learner
        assert f"Ben {result.scores[1]}" in question.prompt


def test_a_500_tally_shows_melded_and_left_in_hand_and_reads_negative_totals():
    question = one({"kind": "tally", "players": 3, "seed": 1, "hands": 3, "player": 0}, "500")
    game = play_game(get_rules("500"), ["medium"] * 3, seed=1)
    first = game.hand_results[0]
    assert f"Ann melded {first.melded_points[0]} and kept {first.deadwood_points[0]} in hand" \
        in question.prompt
    assert question.answer == sum(r.scores[0] for r in game.hand_results[:3])
    assert question.check("-5").outcome != "unreadable"


def test_a_tally_winner_is_the_engines_winner_of_the_whole_game():
    question = one({"kind": "tally", "players": 3, "seed": 1, "hands": 7, "ask": "winner"})
    game = play_game(get_rules("contract"), ["medium"] * 3, seed=1)
    winner = "Ann Ben Cleo".split()[game.scores.index(min(game.scores))]
    assert question.answer == {winner} and question.check(winner).right


@pytest.mark.parametrize("item, field", [
    ({"kind": "tally", "players": 3, "seed": 1, "hands": 4, "ask": "winner"}, "hands"),
    ({"kind": "tally", "players": 3, "seed": 1, "hands": 40}, "hands"),
    ({"kind": "tally", "players": 3, "seed": 1, "hands": 4, "ask": "leader"}, "ask"),
    ({"kind": "tally", "players": 3, "seed": 1}, "hands"),
])
def test_a_tally_the_game_cannot_show_is_refused_with_its_field(item, field):
    with pytest.raises(QuizFileError) as refused:
        one(item)
    assert refused.value.field == field


def test_the_500_and_contract_banks_tally_real_games():
    for name in ("500", "contract"):
        assert any(q.kind == "tally" for q in Quiz.builtin(name))


# --- the diagnostic --------------------------------------------------------------------

def test_the_diagnostic_covers_the_three_games_and_every_kind_of_rule():
    quiz = Quiz.builtin("diagnostic")
    assert len(quiz) >= 20 and {q.game for q in quiz} == {"basic", "500", "contract"}
    taught = {r.code for q in quiz for r in q.reasons}
    kinds = {q.kind for q in quiz}
    assert {"meld", "lay_off", "move", "who_gets", "contract", "score", "points", "deal",
            "stock_out", "game_end", "tally", "discard", "hand_winner"} <= kinds
    # the turn, lay-offs, going out, buying and digging each have their teaching line
    assert {"teach_draw_first", "teach_dig", "teach_must_use", "teach_layoff_any_meld",
            "teach_contract_layoff", "teach_go_out", "teach_first_refusal",
            "teach_buy_order"} <= taught
    for question in quiz:
        assert question.rule and question.explanation and question.difficulty
        assert question.check(question.answer_input).right


# --- score sheets ------------------------------------------------------------------------

def test_the_contract_sheet_prints_each_contract_in_its_row():
    sheet = score_sheet_text(get_rules("contract"), names=["Ann", "Ben", "Cleo"])
    rows = [line for line in sheet.splitlines() if line.startswith("| ") and ":" in line]
    assert len(rows) == 7 and "three runs of 4 (12 cards)" in rows[-1]
    assert "| Ann" in sheet and "Total" in sheet


def test_a_sheet_has_a_column_per_player_and_speaks_the_language_in_use():
    page = score_sheet_html(get_rules("basic"), players=4)
    assert page.count("<th scope=\"col\">") == 4 and "@media print" in page
    with i18n.language("it"):
        page = score_sheet_html(get_rules("contract"), players=3)
        assert "lang=\"it\"" in page and "tris" in page and "Totale" in page
    with i18n.language("nl"):
        assert "Ronde" in score_sheet_text(get_rules("500"), players=2)


def test_the_sheet_command_prints_and_refuses_a_bad_player_count(capsys):
    assert main(["sheet", "--game", "500", "--names", "Mia,Leo", "--text", "--lang", "en"]) == 0
    assert "Mia" in capsys.readouterr().out
    assert main(["sheet", "--game", "contract", "--players", "9"]) == 2
    assert "9" in capsys.readouterr().err
    for none in ("0", "-2"):          # 0 once printed a sheet for the game's fewest players
        assert main(["sheet", "--game", "basic", "--players", none, "--text"]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and f"not {none}" in captured.err
