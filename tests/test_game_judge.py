"""The judge of moves: one verdict with reasons, asked by apply, legal_actions, quiz and widgets.

Each test is named after the rule or the defect it pins down (issue 11)."""

import json
from itertools import combinations

import pytest

from rummy_teach import IllegalMoveError
from rummy_teach.cards import parse_cards
from rummy_teach.errors import NotationError, RummyError
from rummy_teach.game import Action, Game, from_deal, new_game, replay
from rummy_teach.rules import get_rules


# --- actions check themselves ----------------------------------------------------------

@pytest.mark.parametrize("fields", [
    {"kind": "take", "depth": 0},           # took the whole pile in Basic Rummy
    {"kind": "take", "depth": -3},          # raised IndexError
    {"kind": "take", "depth": True},
    {"kind": "take", "depth": "2"},
    {"kind": "discard"},                    # str() raised AttributeError
    {"kind": "layoff", "card": parse_cards("8C")[0], "target": 0},
    {"kind": "layoff", "card": parse_cards("8C")[0], "target": 1, "end": "middle"},
    {"kind": "draw", "card": parse_cards("8C")[0]},
    {"kind": "meld"},
    {"kind": "meld", "melds": ((),)},
    {"kind": "meld", "melds": (("8S",),)},  # text where Card values belong
    {"kind": "discard", "card": "8S"},
    {"kind": "draw", "depth": 2},
    {"kind": "fly"},
])
def test_an_action_with_a_bad_field_is_refused_when_built(fields):
    with pytest.raises(NotationError):
        Action(**fields)


def test_take_zero_no_longer_takes_the_whole_pile():
    game = from_deal("basic", ["2S 5H 9D JC KS", "3H 6D 10C QS 7C"], stock="AH 2D", discard="4C 8D", constructed=True)
    with pytest.raises(RummyError):
        game.apply(Action.take(0))
    assert game.hand_sizes() == (5, 5) and len(game.discard_pile) == 2


def test_every_valid_action_prints_and_reads_back():
    for text in ("draw", "take", "take 3", "meld 8S 8H 8D", "meld 8S 8H 8D | 4H 5H 6H 7H",
                 "layoff 8C on 2", "layoff JK on 2 low", "discard 7H", "buy", "pass", "end", "next"):
        action = Action.parse(text)
        assert Action.parse(str(action)) == action
        assert eval(repr(action)) == action


# --- the judge's verdicts ------------------------------------------------------------------

def test_a_refusal_carries_the_verdict_with_reason_codes():
    game = from_deal("basic", ["8S 8H 8D 2C 5D", "3H 6D 10C QS 7C"], stock="9C 2D", discard="KC", constructed=True)
    game.apply("take")
    verdict = game.judge("discard KC")
    assert not verdict and verdict.codes == ("taken_discard_blocked",)
    assert verdict.reasons[0].params == {"card": "K♣"}
    with pytest.raises(IllegalMoveError) as error:
        game.apply("discard KC")
    assert error.value.verdict == verdict and error.value.codes == ("taken_discard_blocked",)
    ok = game.judge("discard 2C")
    assert ok and ok.codes == ("move_ok",)


def test_legal_actions_are_exactly_what_the_judge_accepts():
    game = new_game("500", 3, seed=4)
    for _ in range(40):
        legal = game.legal_actions()
        assert legal and all(game.judge(a).ok for a in legal)
        game.apply(legal[len(legal) // 2])


def test_lay_off_targets_come_from_the_judge():
    # Contract Rummy: no lay-off before your own contract, even where the card fits
    game = from_deal("contract", ["8C 2D 5H KS 9C 3D 4S 6H 7D 10S", "8S 8H 8D 9S 9H 9D 2C 3C 4C 5C",
                                  "AS AH 2H 3H 4H 5S 6S 7S JC QC"],
                     table=[(1, "8S#2 8H#2 8D#2"), (1, "9S#2 9H#2 9D#2")], stock="KD 2S", discard="JD", constructed=True)
    game.apply("draw")
    assert game.phase == "buy" or game.phase == "play"
    while game.phase == "buy":
        game.apply("pass")
    assert game.layoff_targets("8C") == ()
    assert get_rules("contract").check_lay_off("8S 8H 8D", "8C").ok
    assert not game.judge("layoff 8C on 1")
    assert game.judge("layoff 8C on 1").codes == ("layoff_before_contract",)


def test_may_lay_contract_asks_the_game():
    game = new_game("contract", 3, seed=2)
    assert not game.may_lay_contract()
    game.apply("draw")
    while game.phase == "buy":
        game.apply("pass")
    assert game.may_lay_contract()
    assert not new_game("basic", 2, seed=2).may_lay_contract()


# --- rule fixes (RULES.md Decisions) ---------------------------------------------------------

def test_two_identical_runs_are_offered_as_a_contract_lay_down():
    game = from_deal("contract", ["4C 5C 6C 7C 4C#2 5C#2 6C#2 7C#2 KS 2D",
                                  "3S 4S 5S 6S 8D 9D 10D JD QD KD", "3H 4H 5H 6H 8H 9H 10H JH QH KH"],
                     hand=3, stock="9S 2H", discard="AC", constructed=True)
    game.apply("draw")
    while game.phase == "buy":
        game.apply("pass")
    lay_downs = [a for a in game.legal_actions() if a.kind == "meld"]
    assert Action.parse("meld 4C 5C 6C 7C | 4C#2 5C#2 6C#2 7C#2") in lay_downs
    game.apply("meld 4C 5C 6C 7C | 4C#2 5C#2 6C#2 7C#2")
    assert len(game.table) == 2


def test_every_lay_down_is_reachable_through_the_structured_choice():
    game = from_deal("contract", ["8S 8H 8D 8C 9S 9H 9D KS KH KD", "2C 3C 4C 5C 6D 7D 8D#2 9D#2 10D JD",
                                  "3H 4H 5H 6H 8H#2 9H#2 10H JH QH KH#2"], stock="2S 3S", discard="AC", constructed=True)
    game.apply("draw")
    while game.phase == "buy":
        game.apply("pass")
    choice = game.lay_down_choice()
    every = list(choice.actions())
    # three sets to pick two from, each set of eights as three or four cards
    assert Action.parse("meld 8S 8H 8D 8C | 9S 9H 9D") in every
    assert Action.parse("meld 8S 8H 8D | KS KH KD") in every
    assert all(game.judge(a).ok for a in every)


def test_booting_by_meld_lay_off_and_a_final_discard():
    rules = get_rules("booting")
    game = from_deal(rules, ["8S 8H 8D 5C 4H", "2C 3D 9S JH KD"], table=[(1, "5S 5H 5D")],
                     stock="AH 2D 3C", discard="QC", constructed=True)
    game.apply("meld 8S 8H 8D")          # before drawing, on the first turn
    assert game.judge("draw").codes == ("play_not_draw",)
    assert game.judge("discard 4H").codes == ("boot_must_go_out",)
    game.apply("layoff 5C on 1")
    game.apply("discard 4H")
    result = game.hand_results[-1]
    assert result.went_out == 0 and result.booted
    assert result.scores[0] == 8 * 3 + 5 + 25


def test_booting_refuses_a_meld_that_leaves_no_way_out():
    game = from_deal("booting", ["8S 8H 8D 5C 4H", "2C 3D 9S JH KD"], stock="AH 2D 3C", discard="QC", constructed=True)
    verdict = game.judge("meld 8S 8H 8D")
    assert verdict.codes == ("boot_must_go_out",)


def test_hand_seven_is_judged_on_thirteen_cards_in_the_game_too():
    hands = ["2S 3S 4S 5S 6S 9H 10H JH QH 4C 5C 6C", "AS AH 2H 3H 4H 5D 6D 7D JC QC KC KD",
             "8S 8H 8D 9S 9D 9C 10S 10D 10C 2C 3C 4D"]
    game = from_deal("contract", hands, hand=7, stock="7C 2D", discard="AC", constructed=True)
    game.apply("draw")
    while game.phase == "buy":
        game.apply("pass")
    lay_down = "meld 2S 3S 4S 5S 6S | 9H 10H JH QH | 4C 5C 6C 7C"
    assert game.judge(lay_down).ok
    assert get_rules("contract").holds_contract(game.hand(0), 7).ok
    assert game.judge("meld 2S 3S 4S 5S | 9H 10H JH QH | 4C 5C 6C 7C").codes == ("contract_whole_hand",)


def test_a_california_queen_caught_in_hand_costs_25():
    rules = get_rules("california")
    assert rules.card_points(parse_cards("QH")[0]) == 25
    assert rules.hand_points("QH QS KD") == 60
    assert get_rules("contract").card_points(parse_cards("JK")[0]) == 25


def test_a_card_laid_off_in_500_lies_with_the_owner_and_scores_for_who_laid_it():
    game = from_deal("500", ["8S 8H 8D 2C 5D", "8C 3H 4H 5H"], stock="9C 2D 6S 7S", discard="QC", constructed=True)
    game.apply("draw").apply("meld 8S 8H 8D").apply("discard 9C")
    game.apply("draw").apply("layoff 8C on 1")
    meld = game.table[0]
    assert meld.owner == 0 and meld.placed_by == (0, 0, 0, 1)
    assert meld.points_by_player(game.rules) == {0: 24, 1: 8}
    game.apply("meld 3H 4H 5H").apply("discard 2D")
    result = game.hand_results[-1]
    assert result.went_out == 1 and result.melded_points == (24, 8 + 12)
    assert result.scores == (24 - 7, 20)


def test_500_take_rule_tries_melds_of_the_real_minimum_length():
    rules = get_rules("500", min_run=4)
    game = from_deal(rules, ["4H 5H 6H 2C 9D", "3S 8D JC QS KD"], stock="AH 2D", discard="KC 7H", constructed=True)
    assert game.judge("take").ok                   # 7H makes 4H 5H 6H 7H
    game.apply("take")
    assert game.judge("meld 5H 6H 7H").codes[0] == "not_a_meld"
    game.apply("meld 4H 5H 6H 7H")


# --- games own their state ---------------------------------------------------------------------

def test_game_has_a_constructor_equal_to_new_game():
    assert Game("500", 3, seed=5).snapshot() == new_game("500", 3, seed=5).snapshot()
    assert Game(get_rules("basic", target=50), 2, seed=1, dealer=1).dealer == 1


def test_a_clone_shares_nothing_mutable():
    game = new_game("contract", 3, seed=9)
    before = game.snapshot()
    twin = game.clone()
    for _ in range(30):
        twin.apply(twin.legal_actions()[0])
    assert game.snapshot() == before
    assert replay(game.history).snapshot() == before


def test_a_history_replays_to_the_same_state():
    game = new_game("persian", 3, seed=3)
    for _ in range(60):
        game.apply(game.legal_actions()[-1])
    copy = replay(json.loads(json.dumps(game.history)))
    assert copy.snapshot() == game.snapshot()


# --- one error family ----------------------------------------------------------------------------

def test_bad_input_to_public_calls_raises_the_error_family():
    from rummy_teach.errors import UsageError
    from rummy_teach.quiz import answers
    from rummy_teach.quiz.scoring import HandWinnerQuestion, PointsQuestion
    from rummy_teach.play.board import table_html

    calls = [
        lambda: PointsQuestion(""),                                   # bare ValueError before
        lambda: HandWinnerQuestion({"Ann": "KC", "Ben": "QD"}),       # nobody went out
        lambda: HandWinnerQuestion({"Ann": "", "Ben": "QD"}, game="contract"),
        lambda: answers.read_number("many"),
        lambda: table_html({"players": []}),
        lambda: new_game("basic", 2, seed=1).hand(7),                 # IndexError before
        lambda: new_game("basic", 2, seed=1).view(5),
    ]
    for call in calls:
        with pytest.raises(RummyError):
            call()
    assert issubclass(answers.Unreadable, RummyError) and issubclass(UsageError, ValueError)


def test_a_new_meld_says_where_its_wild_card_stands():
    """Written from its low end up: JK 4H 5H 6H puts the joker at 3H, 4H 5H 6H JK at 7H."""
    hands = ["JK 4H 5H 6H 8S 8H 8D 2C 9D KS", "3S 4S 5S 6S 8C 9C 10C JC QD KD",
             "2H 3D 4D 5D 7C 7D 10H JH QH KH"]
    for text, low in (("JK 4H 5H 6H", 3), ("4H 5H 6H JK", 4)):
        game = from_deal("contract", hands, hand=2, stock="AS 2S 3C", discard="AC", constructed=True)
        game.apply("draw")
        while game.phase == "buy":
            game.apply("pass")
        game.apply(f"meld 8S 8H 8D | {text}")
        run = [m.meld for m in game.table if m.meld.kind == "run"][0]
        assert run.low == low and [c.text(ascii=True) for c in run.cards] == text.split()


def _faces(action):
    return tuple(sorted(tuple(sorted(c.face.sort_key() for c in g)) for g in action.melds))


@pytest.mark.parametrize("hand, cards", [
    (2, "5H 6H 7H 8H 9H 7S 7D 7C 9S 9D"),          # a set and a run that share sevens
    (1, "8S 8H 8D 8C 9S 9H 9D KS KH JK"),          # sets of three or four, a joker for any
    (3, "4C 5C 6C 7C 8C 9C 4C#2 5C#2 6C#2 JK"),     # two runs from two decks, a joker
])
def test_the_structured_choice_holds_every_lay_down_the_judge_accepts(hand, cards):
    # brute force, independent of the choice: every group of cards that is a meld,
    # every combination of as many melds as the contract has, each judged
    game = from_deal("contract", [cards, "2C 3D 10S JH KD 4S 6D 10C QS 2H", "3S 4D 5S 10H 10D JC QD KC 2S 3H"],
                     hand=hand, stock="AS 2D", discard="QC", constructed=True)
    game.apply("draw")
    while game.phase == "buy":
        game.apply("pass")
    rules, held = game.rules, game.hand(0)
    melds = [g for size in range(3, len(held) + 1) for g in combinations(held, size)
             if rules.check_meld(g).ok]
    wanted = game.contract.meld_count
    accepted = set()
    for picks in combinations(melds, wanted):
        cards_used = [c for g in picks for c in g]
        if len(set(cards_used)) == len(cards_used):
            action = Action("meld", melds=picks)
            if game.judge(action).ok:
                accepted.add(_faces(action))
    reachable = {_faces(a) for a in game.lay_down_choice().actions()}
    assert accepted and reachable == accepted


def test_without_going_out_by_discard_no_move_leaves_a_lone_card():
    # the dead end: laying off down to one card, which then could never be discarded
    rules = get_rules("500").with_options(go_out_by_discard=False)
    game = from_deal(rules, ["4C", "AS AH AD 7C"], stock="8C 9C 2D", discard="6C",
                     table=[(0, "8S 8H 8D")], constructed=True)
    game.apply("draw")
    verdict = game.judge("layoff 8C on 1")
    assert not verdict and verdict.codes == ("keep_no_single_card",)
    assert game.legal_actions()


@pytest.mark.parametrize("name", ["500", "contract", "basic"])
def test_without_going_out_by_discard_a_player_always_has_a_move(name):
    import random
    rules = get_rules(name).with_options(go_out_by_discard=False)
    for seed in range(6):
        game, pick = new_game(rules, 3, seed=seed), random.Random(seed)
        for _ in range(300):
            if game.is_game_over:
                break
            legal = game.legal_actions()
            assert legal, f"no legal move in {game.phase} with {len(game.hand(game.current_player))} cards"
            melds = [a for a in legal if a.kind in ("meld", "layoff")]
            game.apply(pick.choice(melds) if melds and pick.random() < 0.7 else pick.choice(legal))


def test_a_buy_question_names_the_player_asked_as_the_quiz_does():
    """In a buy window only 'buy' or 'pass' is an answer; the refusal names the player asked
    by the quiz's name for them ("Ben"), in every language, never by a seat number."""
    from rummy_teach import i18n
    from rummy_teach.quiz import Quiz
    quiz = Quiz.from_data({"game": "contract", "questions": [{
        "kind": "move", "hands": ["8C 2D 5H KS 9C 3D 4S 6H 7D 10S", "8S 8H 8D 9S 9H 9D 2C 3C 4C 5C",
                                  "AS AH 2H 3H 4H 5S 6S 7S JC QC"],
        "discard": "JD", "stock": "KD 2S 3S", "before": ["draw"], "action": "draw", "constructed": True}]})
    [question] = list(quiz)
    assert question.answer == "no"
    for lang, words in (("en", "Ben is asked whether to buy J♦"), ("it", "Ben deve decidere se acquistare J♦"),
                        ("nl", "Ben moet kiezen of J♦ gekocht wordt")):
        with i18n.language(lang):
            assert words in question.explanation
    game = from_deal("contract", ["8C 2D 5H KS 9C 3D 4S 6H 7D 10S", "8S 8H 8D 9S 9H 9D 2C 3C 4C 5C",
                                  "AS AH 2H 3H 4H 5S 6S 7S JC QC"], stock="KD 2S 3S", discard="JD",
                     constructed=True).apply("draw")
    assert game.phase == "buy" and game.current_player == 1
    assert str(game.judge("discard 8S").reasons[0]).startswith("Player 2 is asked whether to buy J♦")
