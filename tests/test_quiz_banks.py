"""The fixed banks hold every situation and worked example of RULES.md.

The expected values below are the rule book's own figures (30 points, 60 with a
rummy, the ace 15 or 1...): they check that the engine's answers agree with it.
"""

import pytest

from rummy_teach import get_rules, parse_cards
from rummy_teach.quiz import Quiz
from rummy_teach.quiz.fileformat import QuizFileError
from rummy_teach.rules import RuleOptionError
from rummy_teach.reasons import Reason


def find(quiz, kind, **fields):
    """The questions of ``kind`` whose file fields match (cards compared as cards)."""
    found = []
    for question in quiz:
        data = question.to_data()
        if data["kind"] != kind:
            continue
        if all(_same(data.get(k), v) for k, v in fields.items()):
            found.append(question)
    assert found, f"no {kind} question with {fields} in {quiz.title!r}"
    return found


def _same(stored, wanted):
    if isinstance(wanted, str) and isinstance(stored, str):
        return set(parse_cards(stored)) == set(parse_cards(wanted))
    if isinstance(wanted, list) and isinstance(stored, list) and all(isinstance(w, str) for w in wanted):
        return [set(parse_cards(s)) for s in stored] == [set(parse_cards(w)) for w in wanted]
    return stored == wanted


@pytest.fixture(scope="module")
def basic():
    return Quiz.builtin("basic")


@pytest.fixture(scope="module")
def r500():
    return Quiz.builtin("500")


@pytest.fixture(scope="module")
def contract():
    return Quiz.builtin("contract")


def test_builtin_quizzes_by_name_and_alias():
    assert Quiz.builtin_names() == ("basic", "500", "contract", "diagnostic")
    assert Quiz.builtin("rummy-500").title == Quiz.builtin("500").title
    assert Quiz.load("contract").name == "contract"
    with pytest.raises(RuleOptionError):
        Quiz.builtin("poker")
    with pytest.raises(QuizFileError):
        Quiz.load("no-such-quiz-or-file.json")


@pytest.mark.parametrize("name", ["basic", "500", "contract"])
def test_every_bank_question_is_answerable_and_names_its_rule(name):
    for question in Quiz.builtin(name):
        assert question.rule, question
        assert question.explanation, question
        result = question.check(question.answer_input)
        assert result.right, (question, result)
        assert result.explanation == question.explanation


# --- Basic Rummy: the source's table of situations and the 30-point hand ----------------

def test_table_eights_are_a_set_and_take_the_fourth_eight_but_never_a_fifth(basic):
    [set_question] = find(basic, "meld", cards="8S 8H 8D")
    assert set_question.answer == "set"
    [fourth] = find(basic, "lay_off", meld="8S 8H 8D")
    assert parse_cards("8C")[0] in fourth.answer
    [fifth] = find(basic, "lay_off", meld="8S 8H 8D 8C")
    assert fifth.answer == frozenset()


def test_table_run_of_hearts_grows_at_both_ends_not_past_the_king(basic):
    [run] = find(basic, "meld", cards="4H 5H 6H 7H")
    assert run.answer == "run"
    [grows] = find(basic, "lay_off", meld="4H 5H 6H 7H")
    assert set(parse_cards("3H 8H")) <= grows.answer
    [king] = find(basic, "lay_off", meld="10H JH QH KH")
    assert parse_cards("AH")[0] not in king.answer


def test_table_queen_king_ace_is_no_run_and_king_ace_two_never(basic, r500):
    [qka] = find(basic, "meld", cards="QH KH AH")
    assert qka.answer == "not a meld" and "ace low only" in qka.rule
    [ka2] = find(basic, "meld", cards="KH AH 2H")
    assert ka2.answer == "not a meld"
    [ka2_500] = find(r500, "meld", cards="KH AH 2H")
    assert ka2_500.answer == "not a meld"


def test_table_king_taken_from_the_discard_pile(basic):
    kept, last = find(basic, "discard", taken="KC")
    assert {kept.answer, last.answer} == {"no", "yes"}
    assert len(last.cards) == 1 and last.answer == "yes"


def test_the_thirty_point_hand_and_sixty_with_a_rummy(basic):
    [points] = find(basic, "points", cards="KC QD 9S AC")
    assert points.answer == 30
    [plain] = find(basic, "hand_winner", rummy=False, players={"You": "", "Opponent": "KC QD 9S AC"})
    [doubled] = find(basic, "hand_winner", rummy=True)
    assert plain.answer[1] == 30 and doubled.answer[1] == 60
    [melds] = find(basic, "arrange", cards="8S 8H 8D 4H 5H 6H 7H 2C 9D KS JC")
    assert {m.kind for m in melds.best.melds} == {"set", "run"}


# --- Rummy 500: ace high or low, 15 or 1 ----------------------------------------------

def test_500_queen_king_ace_is_a_run_and_ace_low_too(r500):
    assert find(r500, "meld", cards="QH KH AH")[0].answer == "run"
    assert find(r500, "meld", cards="AH 2H 3H")[0].answer == "run"


def test_500_ace_counts_15_high_and_1_low(r500):
    rules = get_rules("500")
    # each player keeps the 7 cards dealt: the ace's meld comes with another (issue 25)
    high = find(r500, "score", melds=["QH KH AH", "6S 7S 8S 9S"])[0]
    low = find(r500, "score", melds=["AH 2H 3H", "9C 9D 9S"])[0]
    assert high.answer == 10 + 10 + rules.ace_high_value + 30 == 65
    assert low.answer == rules.ace_low_value + 2 + 3 + 27 - 5 == 28
    aces = find(r500, "score", melds=["AS AH AD", "10D JD QD"])[0]
    assert aces.answer == 3 * 15 + 30 - 7


def test_500_ace_left_in_hand_counts_15_as_the_sources_advice_implies(r500):
    [question] = find(r500, "points", cards="AC 7D")
    assert question.answer == 22 and "advice" in question.note and "Decision" not in question.note


def test_500_hand_score_can_be_negative(r500):
    assert find(r500, "score", melds=["4C 5C 6C"])[0].answer == 15 - 37


# --- Contract Rummy: the ladder, jokers, aces at either end -------------------------------

def test_contract_ladder_has_a_held_contract_for_every_hand(contract):
    rules = get_rules("contract")
    held = {q.hand for q in contract if q.kind == "contract" and q.answer == "yes"}
    assert held == set(range(1, len(rules.ladder) + 1))
    for question in contract:
        if question.kind == "contract":
            assert str(rules.contract(question.hand)) in question.prompt
            assert "Decision" in question.note


def test_contract_joker_completing_and_not_completing(contract):
    fills = [q for q in contract if q.kind == "contract" and any(c.is_joker for c in q.cards)]
    assert {q.answer for q in fills} == {"yes", "no"}


def test_contract_last_hand_goes_down_whole(contract):
    sevens = [q for q in contract if q.kind == "contract" and q.hand == 7]
    assert {q.answer for q in sevens} == {"yes", "no"}


def test_contract_q_k_a_is_too_short_but_j_q_k_a_is_a_run(contract):
    assert find(contract, "meld", cards="QH KH AH")[0].answer == "not a meld"
    assert find(contract, "meld", cards="JH QH KH AH")[0].answer == "run"
    assert find(contract, "meld", cards="KH AH 2H 3H")[0].answer == "not a meld"


def test_contract_two_deck_sets_and_penalty_points(contract):
    assert find(contract, "meld", cards="8S 8S#2 8H")[0].answer == "set"
    assert find(contract, "points", cards="JK AS KD 5C 9H")[0].answer == 25 + 15 + 10 + 5 + 5


# --- every bank asks about play, tags each question, and teaches (issue 13) ----------------

import re

from rummy_teach.game import Game
from rummy_teach.quiz.fileformat import DIFFICULTIES

PLAY_KINDS = {"deal", "stock_out", "move", "who_gets", "game_end"}
TEACHING_NEEDED = {
    "basic": {"teach_draw_first", "teach_top_only", "teach_go_out"},
    "500": {"teach_dig", "teach_must_use", "teach_layoff_any_meld"},
    "contract": {"teach_first_refusal", "teach_buy", "teach_buy_order", "teach_contract_layoff"},
}


@pytest.mark.parametrize("name", ["basic", "500", "contract"])
def test_each_bank_has_thirty_questions_tagged_with_rule_and_difficulty(name):
    quiz = Quiz.builtin(name)
    assert len(quiz) > 30        # book/teachers.md: "more than 30 questions"
    for question in quiz:
        assert question.rule and question.difficulty in DIFFICULTIES, question
    assert {q.difficulty for q in quiz} == set(DIFFICULTIES)


@pytest.mark.parametrize("name", ["basic", "500", "contract"])
def test_each_bank_asks_about_procedure_not_only_melds_and_scores(name):
    quiz = Quiz.builtin(name)
    kinds = {q.kind for q in quiz}
    assert {"deal", "stock_out", "move", "game_end"} <= kinds
    assert sum(q.kind in PLAY_KINDS for q in quiz) >= 9
    taught = {r.code for q in quiz for r in q.reasons}
    assert TEACHING_NEEDED[name] <= taught


@pytest.mark.parametrize("name", ["basic", "500", "contract"])
def test_every_explanation_teaches_more_than_the_verdict(name):
    for question in Quiz.builtin(name):
        lines = question.explanation.splitlines()
        assert len(lines) >= 2 or question.kind in ("stock_out", "game_end"), question
        teaching = [r for r in tuple(question.reasons) + tuple(question.teaching)
                    if r.code.startswith("teach_")]
        assert teaching or question.kind in ("deal", "stock_out", "game_end"), question
        assert len(question.explanation) > len(question.answer_text) + 60, question


@pytest.mark.parametrize("name", ["basic", "500", "contract"])
def test_no_explanation_gives_away_the_next_answer(name):
    """A question shortly after one about the same cards must not have its number in the
    feedback the learner just read (the 30-point hand's 30, then 60 with a rummy)."""
    quiz = list(Quiz.builtin(name))

    def shown(question):
        return {c for _, cards in question.groups for c in cards}

    pairs = [(quiz[i - back], quiz[i]) for i in range(len(quiz)) for back in (1, 2, 3) if i >= back]
    for before, after in pairs:
        if not shown(after) or not shown(after) <= shown(before):
            continue
        if after.input == "number":
            number = after.answer
        elif after.input == "player_points":
            number = after.answer[1]
        else:
            continue
        assert not re.search(rf"(?<![\d-]){number}(?!\d)", before.explanation), (before.id, after.id)


def test_move_answers_are_the_engines_verdict_on_the_same_position():
    for name in ("basic", "500", "contract"):
        for question in Quiz.builtin(name):
            if question.kind != "move":
                continue
            data = question.to_data()
            extra = {"hand": data["hand"]} if "hand" in data else {}
            game = Game.from_deal(get_rules(name), hands=data["hands"], discard=data.get("discard", ""),
                                  stock=data.get("stock", ""), table=data.get("table", []), **extra)
            for action in data.get("before", []):
                game.apply(action)
            verdict = game.judge(data["action"])
            assert question.answer == ("yes" if verdict.ok else "no"), question.id
            if not verdict.ok:
                # the refusal is explained by the judge's own codes, not by its words
                codes = [r.code for r in question.reasons]
                assert codes[0] == "quiz_move_refused" and set(verdict.codes) <= set(codes), question.id


def test_a_move_question_refused_by_the_judge_keeps_the_judges_codes():
    [question] = [q for q in Quiz.builtin("basic") if q.id == "basic-draw-first"]
    assert question.answer == "no"
    assert "draw_first" in [r.code for r in question.reasons]
    assert question.explanation.splitlines()[1] == Reason("draw_first").text()


def test_contract_questions_hold_the_cards_of_a_hand_after_the_draw(contract):
    rules = get_rules("contract")
    for question in contract:
        if question.kind == "contract":
            assert len(question.cards) == rules.contract_hand(question.hand).dealt + 1, question.id


def test_hand_seven_holds_thirteen_cards_after_the_draw(contract):
    [held] = [q for q in contract if q.kind == "contract" and q.hand == 7 and q.answer == "yes"]
    assert len(held.cards) == 13


def test_deal_sizes_and_decks_come_from_the_rules(r500, contract):
    six = find(r500, "deal", players=6)[0]
    assert six.answer == 7 and "2 decks of 52 cards" in six.explanation
    seven = find(contract, "deal", players=7)[0]
    assert "3 decks of 52 cards and 6 jokers" in seven.explanation


def test_ties_at_the_end_of_a_game(basic, contract):
    # in Basic Rummy only the player who goes out scores: never two past 100 at once
    assert find(basic, "game_end", totals=[95, 60, 80])[0].answer == {"nobody yet"}
    assert find(basic, "game_end", totals=[100, 65, 80])[0].answer == {"Ann"}
    assert find(contract, "game_end", last=[0, 65, 60])[0].answer == {"Cleo"}
    assert find(contract, "game_end", last=[0, 60, 60])[0].answer == {"Ben", "Cleo"}
