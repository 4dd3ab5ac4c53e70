"""Each question kind: the engine's answer, checking, explanations, rules, secrecy."""

import json

import pytest

from rummy_teach import get_rules
from rummy_teach.quiz import (ArrangeQuestion, ContractQuestion, DiscardQuestion, HandWinnerQuestion,
                              LayOffQuestion, MeldQuestion, PointsQuestion, Quiz, ScoreQuestion,
                              WhichMeldsQuestion, generate_many)

PUBLIC_KEYS = {"labels", "id", "kind", "game", "game_title", "prompt", "groups", "input", "options", "form"}


def test_meld_question_answers_with_the_engines_kind_and_reasons():
    question = MeldQuestion("QH KH AH", game="basic")
    check = get_rules("basic").check_meld("QH KH AH")
    assert question.answer == "not a meld" and not check.ok
    result = question.check("run")
    assert result.outcome == "wrong" and result.correct == "not a meld"
    assert result.reasons == check.reasons
    # the engine's verdict first, then how to spot the rule next time
    verdict, teaching = result.explanation.split("\n", 1)
    assert verdict == check.explain() and "How to spot a run" in teaching
    assert "ace goes only below the 2" in teaching
    assert result.rule == "ace low only in Basic Rummy"
    assert question.check("Not a meld").right


def test_the_same_cards_get_the_other_verdict_in_rummy_500():
    question = MeldQuestion("QH KH AH", game="500")
    assert question.check("run").right
    assert "ace high allowed" in question.rule


def test_which_melds_explains_every_group_by_its_letter():
    question = WhichMeldsQuestion(["8S 8H 8D", "KC AC 2C", "AH 2H 3H"], game="basic")
    assert question.options == ("A", "B", "C")
    assert question.check("A C").right
    result = question.check("A B")
    assert not result.right
    assert "C" in result.feedback and "B" in result.feedback
    lines = result.explanation.splitlines()
    assert [line[0] for line in lines[:3]] == ["A", "B", "C"]
    assert "How to spot a set" in lines[3] and "How to spot a run" in lines[4]
    assert "turn the corner" in result.explanation


def test_lay_off_uses_the_engines_lay_off_judgement():
    rules = get_rules("basic")
    question = LayOffQuestion("10H JH QH KH", "AH 9H 9S", game="basic")
    meld = rules.meld("10H JH QH KH")
    fits = {str(c): rules.check_lay_off(meld, c).ok for c in question.cards}
    assert fits == {"A♥": False, "9♥": True, "9♠": False}
    assert question.check("9h").right
    wrong = question.check("AH 9H")
    assert wrong.outcome == "wrong" and "A♥" in wrong.feedback
    assert "ace is low only" in wrong.explanation
    assert question.check("none").outcome == "wrong"


def test_lay_off_needs_a_legal_meld_on_the_table():
    with pytest.raises(Exception) as caught:
        LayOffQuestion("QH KH AH", "JH", game="basic")
    assert "not a meld" in str(caught.value)


def test_points_give_a_worked_sum():
    question = PointsQuestion("KC QD 9S AC", game="basic")
    assert question.answer == get_rules("basic").hand_points("KC QD 9S AC")
    result = question.check("31")
    assert not result.right
    assert "K♣ 10 + Q♦ 10 + 9♠ + A♣ 1 = 30" in result.explanation
    assert question.check(" 30 ").right


def test_points_with_an_ace_in_rummy_500_carry_the_note_on_the_ace():
    question = PointsQuestion("AC 7D", game="500")
    assert question.answer == 15 + 7
    assert "advice" in question.note and "15" in question.note and "Decision" not in question.note
    assert "ace" in question.rule


def test_rummy_500_score_is_melded_minus_hand_with_aces_high_or_low():
    rules = get_rules("500")
    high = ScoreQuestion(melds=["QH KH AH"], hand="", game="500")
    low = ScoreQuestion(melds=["AH 2H 3H"], hand="", game="500")
    assert high.answer == rules.check_meld("QH KH AH").points
    assert low.answer == rules.check_meld("AH 2H 3H").points
    assert high.answer - low.answer == (10 + 10 + 15) - (1 + 2 + 3)
    negative = ScoreQuestion(melds=["4C 5C 6C"], hand="AS KD QH", game="500")
    assert negative.answer < 0 and negative.check(str(negative.answer)).right
    assert "15 melded - 35 in hand" in negative.explanation


def test_a_laid_off_card_scores_for_whoever_laid_it():
    question = ScoreQuestion(melds=["9S 9H 9D"], laid_off=[("AH", "JH QH KH")], hand="3C", game="500")
    assert question.answer == 27 + 15 - 3
    assert "Laid off A♥" in question.explanation


def test_score_questions_belong_to_games_that_score_melds():
    with pytest.raises(ValueError):
        ScoreQuestion(melds=["8S 8H 8D"], game="basic")


def test_hand_winner_with_and_without_a_rummy():
    players = {"You": "", "Opponent": "KC QD 9S AC"}
    plain = HandWinnerQuestion(players, rummy=False)
    rummy = HandWinnerQuestion(players, rummy=True)
    assert plain.answer == ("You", 30) and rummy.answer == ("You", 60)
    assert plain.check("you 30").right
    result = plain.check("Opponent 30")
    assert result.outcome == "wrong" and "did not go out" in result.feedback
    assert "doubles" in rummy.rule and "2 x 30 = 60" in rummy.explanation


def test_hand_winner_needs_exactly_one_player_out():
    with pytest.raises(ValueError):
        HandWinnerQuestion({"Ann": "", "Ben": ""})
    with pytest.raises(ValueError):
        HandWinnerQuestion({"Ann": "KC", "Ben": "2C"})


def test_contract_question_follows_find_contract():
    question = ContractQuestion("3H 4H JK 6H 9C 10C JC QC 2D KS 7S", 3)
    assert question.answer == "yes" and question.check("Y").right
    assert "JK" in question.explanation
    short = ContractQuestion("3H 4H JK 7H 9C 10C JC QC 2D KS 7S", 3)
    assert short.answer == "no"
    assert short.check("yes").outcome == "wrong"


def test_the_last_hand_must_go_down_whole():
    whole = ContractQuestion("AH 2H 3H 4H 5C 6C 7C 8C 10S JS QS KS AS", 7)
    over = ContractQuestion("AH 2H 3H 4H 5C 6C 7C 8C JS QS KS AS 9D", 7)
    twelve = ContractQuestion("AH 2H 3H 4H 5C 6C 7C 8C JS QS KS AS", 7)
    assert whole.answer == "yes" and over.answer == "no"
    # hand 7 is judged on the 13 cards after the draw, as the game and the API judge it
    assert twelve.answer == "no" and twelve.reasons[0].code == "contract_wrong_card_count"
    assert "every card" in over.prompt


def test_discard_restriction_in_basic_rummy():
    assert DiscardQuestion("KC", "KC 5D 7S").answer == "no"
    assert DiscardQuestion("KC", "KC").answer == "yes"
    # Rummy 500: the card taken must go on the table at once, so it never goes straight back
    assert DiscardQuestion("KC", "KC 5D", game="500").answer == "no"
    assert DiscardQuestion("KC", "KC 5D", game="contract").answer == "yes"


# --- arranging --------------------------------------------------------------------------

def test_any_optimal_arrangement_gets_full_marks():
    question = ArrangeQuestion("JS QS KS KH KD", game="basic")
    best = get_rules("basic").arrange("JS QS KS KH KD").deadwood_points
    for answer in ("JS QS KS", "KS KH KD", "kd kh ks"):
        result = question.check(answer)
        assert result.right, (answer, result)
        assert result.extra["deadwood_points"] == best and result.extra["points_short"] == 0


def test_a_suboptimal_arrangement_is_told_how_many_points_it_leaves():
    question = ArrangeQuestion("8S 8H 8D 4H 5H 6H 7H 2C 9D KS JC", game="basic")
    rules = get_rules("basic")
    best = rules.arrange(question.cards).deadwood_points
    mine = rules.hand_points("4H 5H 6H 7H 2C 9D KS JC")
    result = question.check("8S 8H 8D")
    assert result.outcome == "wrong"
    assert result.extra == {"deadwood_points": mine, "best_deadwood_points": best,
                            "points_short": mine - best}
    assert f"leave {mine} points" in result.feedback and f"leaves {best}" in result.feedback
    assert question.check(question.answer_input).right
    nothing = question.check("none")
    assert nothing.extra["deadwood_points"] == rules.hand_points(question.cards)


def test_an_illegal_group_is_wrong_with_the_engines_reasons():
    question = ArrangeQuestion("QH KH AH 2C 3C 4C", game="basic")
    result = question.check("QH KH AH | 2C 3C 4C")
    assert result.outcome == "wrong"
    assert "ace is low only" in result.feedback


def test_melds_typed_together_get_a_hint_not_a_mark():
    question = ArrangeQuestion("8S 8H 8D 4H 5H 6H 7H 2C", game="basic")
    result = question.check("8S 8H 8D 4H 5H 6H 7H")
    assert result.outcome == "unreadable" and "|" in result.hint
    assert question.check("8S 8H 8D 3C").outcome == "unreadable"


def test_rummy_500_arrangements_are_graded_on_the_score():
    question = ArrangeQuestion("QH KH AH 2H 3H AS AD 9C", game="500")
    best = get_rules("500").arrange(question.cards)
    assert question.answer == best.score
    result = question.check("QH KH AH")
    assert result.outcome == "wrong" and result.extra["points_short"] > 0
    assert question.check(question.answer_input).right


# --- secrecy ----------------------------------------------------------------------------

def _all_questions():
    questions = [q for name in Quiz.builtin_names() for q in Quiz.builtin(name)]
    for game in ("basic", "500", "contract"):
        for level in (1, 2, 3):
            questions += generate_many(game, level, 12, seed="secrecy")
    return questions


@pytest.mark.parametrize("question", _all_questions(), ids=lambda q: q.id)
def test_the_public_payload_holds_no_answer(question):
    public = question.to_public()
    assert set(public) == PUBLIC_KEYS
    text = json.dumps(public, ensure_ascii=False)
    json.loads(text)  # JSON-able
    assert question.explanation and question.explanation not in text
    for reason in question.reasons:
        assert reason.text() not in text
    assert question.rule not in text
    if question.note:
        assert question.note not in text
    # what the learner is shown does not depend on the answer: same cards, same payload
    visible = {k: public[k] for k in ("prompt", "groups", "input", "options", "form")}
    assert visible == {k: question.to_public()[k] for k in visible}
    if question.input in ("number", "player_points", "arrangement"):
        assert question.answer_input not in public["prompt"]
        assert question.answer_input not in public["form"]
    if question.input == "arrangement":
        assert " | " not in json.dumps(public["groups"])
    # the id goes to the browser too: it must not spell out the answer
    tokens = set(question.id.lower().split("-"))
    if question.input == "number":
        assert str(question.answer) not in tokens
    if question.input == "choice":
        assert not tokens & (set(question.answer.split()) - {"a", "meld"})
    # nor do the hints an unreadable answer gets (they never show example numbers or cards)
    if question.input in ("number", "player_points", "arrangement", "cards") \
            and question.answer_input != "none":
        for bad in ("", "thirty", "30 points", "zz", "3 0", "QX"):
            result = question.check(bad)
            assert result.outcome == "unreadable"
            assert question.answer_input not in result.hint


def test_options_keep_the_order_they_were_given():
    question = LayOffQuestion("4H 5H 6H 7H", "9H 8H 4S 3H", game="basic")
    assert question.to_public()["options"] == ["9♥", "8♥", "4♠", "3♥"]
