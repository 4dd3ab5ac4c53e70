"""The fixed banks hold every situation and worked example of RULES.md.

The expected values below are the rule book's own figures (30 points, 60 with a
rummy, the ace 15 or 1...): they check that the engine's answers agree with it.
"""

import pytest

from rummy_teach import get_rules, parse_cards
from rummy_teach.quiz import Quiz
from rummy_teach.quiz.fileformat import QuizFileError
from rummy_teach.rules import RuleOptionError


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
    assert Quiz.builtin_names() == ("basic", "500", "contract")
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
    high = find(r500, "score", melds=["QH KH AH"])[0]
    low = find(r500, "score", melds=["AH 2H 3H"])[0]
    assert high.answer == 10 + 10 + rules.ace_high_value == 35
    assert low.answer == rules.ace_low_value + 2 + 3 == 6
    aces = find(r500, "score", melds=["AS AH AD"])[0]
    assert aces.answer == 3 * 15 - 7


def test_500_ace_left_in_hand_counts_15_by_decision(r500):
    [question] = find(r500, "points", cards="AC 7D")
    assert question.answer == 22 and "Decision" in question.note


def test_500_hand_score_can_be_negative(r500):
    assert find(r500, "score", melds=["4C 5C 6C"])[0].answer < 0


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
