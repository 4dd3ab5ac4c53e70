"""Generated questions: seeded, distinct, answerable, and built around the usual mistakes."""

from collections import Counter

import pytest

from rummy_teach import get_rules
from rummy_teach.quiz import GENERATED_KINDS, LEVELS, Quiz, generate, generate_many
from rummy_teach.quiz.topics import FAILED_MELD_RULES

GAMES = ("basic", "500", "contract")


# distinct questions per game and level: 2,100 per game in make test; make check
# checks the first 150 of the same list (generate_many keeps its order as it grows)
FULL_COUNT, QUICK_COUNT = 700, 150


@pytest.fixture(scope="module")
def many(full_run):
    count = FULL_COUNT if full_run else QUICK_COUNT
    return {(game, level): generate_many(game, level, count, seed=2026) for game in GAMES for level in LEVELS}


def test_the_same_seed_gives_the_same_question():
    for game in GAMES:
        for kind in GENERATED_KINDS[game]:
            a, b = generate(game, 2, 41, kind), generate(game, 2, 41, kind)
            assert a.id == b.id and a.to_public() == b.to_public() and a.kind == kind
    assert generate("basic", 1, 1).id != generate("basic", 1, 2).id or \
        generate("basic", 1, 3).id != generate("basic", 1, 4).id


@pytest.mark.slow  # thousands of generated questions per game: make test, not make check
@pytest.mark.parametrize("game", GAMES)
def test_thousands_of_distinct_questions_per_game(many, game):
    for level in LEVELS:
        ids = [q.id for q in many[(game, level)]]
        assert len(ids) == len(set(ids)) == FULL_COUNT
    distinct = {q.id for level in LEVELS for q in many[(game, level)]}
    assert len(distinct) >= 2000
    kinds = Counter(q.kind for level in LEVELS for q in many[(game, level)])
    assert set(kinds) == set(GENERATED_KINDS[game])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_generated_question_is_answerable_and_names_its_rule(many, game, level):
    for question in many[(game, level)]:
        result = question.check(question.answer_input)
        assert result.right, (question, question.answer_input, result)
        assert result.rule and result.explanation
        if question.kind == "meld" and question.answer == "not a meld":
            codes = {r.code for r in question.reasons}
            assert codes & set(FAILED_MELD_RULES), question
        wrong = _a_wrong_answer(question)
        if wrong is not None:
            assert question.check(wrong).outcome == "wrong", (question, wrong)


def _a_wrong_answer(question):
    if question.input == "number":
        return str(question.answer + 1)
    if question.input == "choice":
        return next(o for o in question.options if o != question.answer)
    if question.input == "player_points":
        return f"{question.answer[0]} {question.answer[1] + 1}"
    if question.input == "multi":
        return " ".join(sorted(set(question.options) - question.answer)) or "none" \
            if question.answer else question.options[0]
    return None


def _codes(questions):
    return Counter(r.code for q in questions for r in q.reasons)


def test_level_three_probes_the_usual_meld_mistakes(many):
    basic = _codes(q for q in many[("basic", 3)] if q.kind in ("meld", "which_melds"))
    for code in ("wraps_around", "ace_high_not_allowed", "gap"):
        assert basic[code], code
    # one deck, no jokers: never a question about a card Basic Rummy cannot hold
    for code in ("duplicate_card", "joker_not_allowed", "not_in_deck"):
        assert not basic[code], code
    r500 = _codes(q for q in many[("500", 3)] if q.kind in ("meld", "which_melds"))
    for code in ("wraps_around", "set_too_big", "is_run"):
        assert r500[code], code
    contract = _codes(q for q in many[("contract", 3)] if q.kind in ("meld", "which_melds"))
    for code in ("wild_stands_for", "gap_not_filled", "no_natural_card", "wraps_around"):
        assert contract[code], code
    # two copies of one card in a two-deck set
    assert any(q.kind == "meld" and q.answer == "set" and len({c.face for c in q.cards}) < len(q.cards)
               for q in many[("contract", 3)])


def test_level_one_is_plain(many):
    for game in GAMES:
        for question in many[(game, 1)]:
            if question.kind == "meld":
                assert not any(c.is_joker or c.copy > 1 for c in question.cards)
            if question.kind == "points":
                assert not any(c.rank in (0, 1) for c in question.cards)


def test_points_above_level_one_always_hold_an_ace(many):
    for game in GAMES:
        for level in (2, 3):
            points = [q for q in many[(game, level)] if q.kind == "points"]
            assert points and all(any(c.rank == 1 for c in q.cards) for q in points)


def test_jokers_complete_some_contracts_and_not_others(many):
    with_jokers = [q for q in many[("contract", 3)] if q.kind == "contract" and any(c.is_joker for c in q.cards)]
    answers = Counter(q.answer for q in with_jokers)
    assert answers["yes"] and answers["no"]
    uses_joker = [q for q in with_jokers if q.answer == "yes"
                  and any(m.wilds(get_rules("contract")) for m in q.contract_check.melds)]
    assert uses_joker


def test_lay_off_probes_ends_suits_and_the_ace_after_the_king(many):
    lay_offs = [q for q in many[("basic", 3)] if q.kind == "lay_off"]
    explanations = " ".join(q.explanation for q in lay_offs)
    assert "ace is low only" in explanations
    assert "grows only at its ends" in explanations
    assert any(q.answer == frozenset() for q in lay_offs) and any(q.answer for q in lay_offs)


def test_hand_winner_covers_rummies_and_rummy_500_scores_go_negative(many):
    winners = [q for q in many[("basic", 2)] if q.kind == "hand_winner"]
    assert {q.rummy for q in winners} == {True, False}
    scores = [q.answer for level in LEVELS for q in many[("500", level)] if q.kind == "score"]
    assert min(scores) < 0 < max(scores)


def test_generated_quiz_round_trips_through_the_file_format():
    quiz = Quiz.generated("contract", level=3, count=30, seed=5)
    again = Quiz.from_data(quiz.to_data())
    assert [q.id for q in again] == [q.id for q in quiz]
    assert [q.answer_input for q in again] == [q.answer_input for q in quiz]
    assert [q.to_public() for q in again] == [q.to_public() for q in quiz]


def test_generator_arguments_are_checked():
    with pytest.raises(ValueError):
        generate("basic", level=4)
    with pytest.raises(ValueError):
        generate("basic", 1, 0, kind="contract")
