"""One test per rule of RULES.md that the engine (not game play) decides.

Each test is named after the rule it checks and shows the rule at work: a meld
judged, a hand counted, a game dealt, an option refused. None restates the rule
table (a test that reads a field back from the table it came from could not fail
for a wrong rule). Game-play rules (turns, buying, stock exhaustion, targets, deal
sizes...) are tested with the game in tests/test_game_*.py.
"""

import pytest

from rummy_teach import Card, RuleOptionError, get_rules, parse_cards
from rummy_teach.game import from_deal, new_game

BASIC, R500, CONTRACT = get_rules("basic"), get_rules("500"), get_rules("contract")


def codes(rules, text):
    return rules.check_meld(text).codes


def cards_in_play(name, players):
    """How many physical cards a new game of ``name`` is played with."""
    return sum(len(cards) for cards in new_game(name, players, seed=1).card_places().values())


# --- common ground ------------------------------------------------------------------

def test_basic_uses_one_deck_without_jokers():
    assert cards_in_play("basic", 2) == cards_in_play("basic", 6) == 52
    assert "joker_not_allowed" in codes(BASIC, "8S 8H JK")


def test_basic_set_has_three_or_four_cards_never_five():
    assert BASIC.check_meld("8S 8H 8D").ok and BASIC.check_meld("8S 8H 8D 8C").ok
    assert "too_few_cards" in codes(BASIC, "8S 8H")
    assert "not_in_deck" in codes(BASIC, "8S 8H 8D 8C 8S#2")
    assert not BASIC.check_lay_off("8S 8H 8D 8C", "8S#2").ok


def test_basic_run_has_three_or_more_with_the_ace_low_only():
    assert BASIC.check_meld("AH 2H 3H").ok
    check = BASIC.check_meld("QH KH AH")
    assert check.codes == ("ace_high_not_allowed",)
    assert "ace is low only" in check.explain()
    assert "too_few_cards" in codes(BASIC, "4H 5H")


def test_basic_run_grows_at_both_ends_but_never_past_the_king():
    run = BASIC.meld("4H 5H 6H 7H")
    assert BASIC.check_lay_off(run, Card.parse("3H")).ok
    assert BASIC.check_lay_off(run, Card.parse("8H")).ok
    assert not BASIC.check_lay_off(run, Card.parse("9H")).ok
    assert not BASIC.check_lay_off("JH QH KH", Card.parse("AH")).ok


def test_basic_set_of_eights_takes_the_fourth_eight_by_lay_off():
    check = BASIC.check_lay_off("8S 8H 8D", "8C")
    assert check.ok and "fits" in check.explain()


def test_basic_card_values_k_q_j_10_are_ten_ace_one_others_face():
    assert [BASIC.hand_points(c) for c in "KS QS JS 10S AS 2S 9S".split()] == [10, 10, 10, 10, 1, 2, 9]


def test_basic_thirty_point_hand_from_the_source():
    assert BASIC.hand_points("KC QD 9S AC") == 30   # doubled by a rummy: test_game_basic.py


def test_basic_target_is_settable_50_to_300_in_steps_of_25():
    get_rules("basic", target=50), get_rules("basic", target=275), get_rules("basic", target=300)
    for bad in (40, 110, 325):
        with pytest.raises(RuleOptionError, match="not offered"):
            get_rules("basic", target=bad)
    # the game ending at 100 by default: tests/test_game_basic.py::test_game_ends_at_target...


# --- Rummy 500 -----------------------------------------------------------------------

def test_500_is_for_two_to_eight_players_with_two_decks_from_five():
    R500.check_players(2), R500.check_players(8)
    for bad in (1, 9):
        with pytest.raises(RuleOptionError):
            R500.check_players(bad)
    assert cards_in_play("500", 4) == 52 and cards_in_play("500", 5) == 104


def test_500_ace_is_low_or_high_but_never_both():
    assert R500.check_meld("AH 2H 3H").ok and R500.check_meld("QH KH AH").ok
    assert "ace_both_ends" in codes(R500, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH#2")
    assert "wraps_around" in codes(R500, "KH AH 2H")


def test_500_ace_scores_15_high_and_1_low_in_melds():
    assert R500.check_meld("QH KH AH").points == 10 + 10 + 15
    assert R500.check_meld("AH 2H 3H").points == 1 + 2 + 3
    assert R500.check_meld("AS AH AD").points == 45


def test_500_ace_left_in_hand_counts_15():
    assert R500.hand_points("AS KD 5C") == 15 + 10 + 5


def test_500_laid_off_card_scores_on_the_grown_meld():
    assert R500.check_lay_off("JH QH KH", "AH").points == 10 + 10 + 10 + 15


def test_500_targets_300_600_750_as_options_and_nothing_else():
    get_rules("500", target=300), get_rules("500", target=600), get_rules("500", target=750)
    with pytest.raises(RuleOptionError):
        get_rules("500", target=400)
    # the game ending at 500 by default: tests/test_game_500.py


def test_500_best_arrangement_counts_melded_minus_deadwood():
    arrangement = R500.arrange("QH KH AH 9S 9D 9H AS")
    assert arrangement.meld_points == 35 + 27 and arrangement.deadwood_points == 15
    assert arrangement.score == 35 + 27 - 15


# --- Contract Rummy ------------------------------------------------------------------

def test_contract_uses_two_decks_and_four_jokers_up_to_six_players():
    assert cards_in_play("contract", 3) == cards_in_play("contract", 6) == 2 * 52 + 4
    assert cards_in_play("contract", 7) == cards_in_play("contract", 8) == 3 * 52 + 6


def test_contract_is_for_three_to_eight_players():
    with pytest.raises(RuleOptionError):
        CONTRACT.check_players(2)


def test_contract_ace_may_end_a_run_at_either_end():
    assert CONTRACT.check_meld("AH 2H 3H 4H").ok and CONTRACT.check_meld("JH QH KH AH").ok


def test_contract_jokers_are_wild_in_sets_and_runs_even_at_the_ends():
    check = CONTRACT.check_meld("JK 5H 6H 7H")
    assert check.ok and check.wilds[0][1] == "8♥"
    assert CONTRACT.check_meld("8S 8H JK").ok
    assert CONTRACT.check_meld("JH QH KH JK").wilds[0][1] == "A♥"  # a joker standing for an ace


def test_contract_set_has_three_or_more_cards_and_may_pass_four():
    assert CONTRACT.check_meld("8S 8H 8D 8C 8S#2 JK").ok


def test_contract_run_has_four_or_more_cards():
    assert "too_few_cards" in codes(CONTRACT, "4H 5H 6H")


def test_contract_penalty_values():
    assert [CONTRACT.hand_points(c) for c in "JK AS KS QS JS 10S 9S 2S".split()] == [25, 15, 10, 10, 10, 10, 5, 5]


def test_contract_with_jokers_and_longer_melds():
    check = CONTRACT.holds_contract("8S 8H JK 4C 5C 6C 7C 8C", hand=2)
    assert check.ok and len(check.melds) == 2


def test_contract_decisions_are_options():
    with pytest.raises(RuleOptionError, match="unknown rule option"):
        get_rules("contract", joker_swap=True)  # no swap action exists, so no such option
    assert CONTRACT.check_meld("8S JK JK#2").ok
    strict = get_rules("contract", natural_majority=True)
    assert "too_many_wilds" in strict.check_meld("8S JK JK#2").codes


# --- variants ------------------------------------------------------------------------

def test_shanghai_has_an_eighth_hand_of_three_sets_and_a_run():
    shanghai = get_rules("shanghai")
    assert str(shanghai.contract(8)) == "three sets of 3 and one run of 4"
    assert shanghai.holds_contract("8S 8H 8D 9S 9H 9C KD KH KS 4C 5C 6C 7C", hand=8).ok
    assert not shanghai.holds_contract("8S 8H 8D 9S 9H 9C KD KH KS", hand=8).ok


def test_california_queens_are_wild_instead_of_jokers():
    california = get_rules("california")
    assert cards_in_play("california", 4) == 104
    assert california.check_meld("8S 8H QD").ok
    assert "joker_not_allowed" in california.check_meld("8S 8H JK").codes


def test_liverpool_and_strict_no_buy_forbid_buying():
    for name in ("liverpool", "strict-no-buy"):
        game = new_game(name, 4, seed=1)
        game.apply("draw")
        assert game.view(1)["buys_left"] is None, name
    game = new_game("contract", 4, seed=1)
    game.apply("draw")
    assert game.view(1)["buys_left"] == [3, 3, 3, 3]


def test_double_progressive_deals_seven_in_hand_one():
    assert new_game("double-progressive", 4, seed=1).hand_sizes() == (7, 7, 7, 7)


def test_custom_contracts_reorder_or_add_hands():
    custom = get_rules("contract", ladder=[(10, "one run of 7"), (10, "two sets of 3")])
    assert custom.holds_contract("3H 4H 5H 6H 7H 8H 9H", hand=1).ok
    assert custom.holds_contract("8S 8H 8D 9S 9H 9C", hand=2).ok
    with pytest.raises(Exception):
        custom.contract(3)


def test_persian_jokers_are_wild_worth_20_in_a_meld_and_in_hand():
    persian = get_rules("persian")
    assert persian.check_meld("8S 8H JK").points == 8 + 8 + 20
    assert persian.hand_points("JK") == 20


def test_short_game_ends_at_300():
    def out_with_q_k_a(name):  # player 0 melds Q-K-A (35) and goes out from 270
        game = from_deal(name, ["QH KH AH", "2C 3D 4H"], stock="9S", discard="7H", scores=[270, 0], constructed=True)
        for action in ("draw", "meld QH KH AH", "discard 9S"):
            game.apply(action)
        return game

    assert out_with_q_k_a("500-short").is_game_over and out_with_q_k_a("500-short").winners == (0,)
    assert not out_with_q_k_a("500").is_game_over


def test_partnership_is_for_four_players():
    partnership = get_rules("partnership")
    partnership.check_players(4)
    for bad in (2, 3, 5):
        with pytest.raises(RuleOptionError):
            partnership.check_players(bad)


# --- rule sets as data ---------------------------------------------------------------

def test_unknown_game_is_an_error_naming_the_choices():
    with pytest.raises(RuleOptionError, match="choose one of basic, 500"):
        get_rules("canasta")


def test_unknown_option_is_an_error_never_ignored():
    with pytest.raises(RuleOptionError, match="unknown rule option"):
        get_rules("basic", targett=150)


def test_inconsistent_options_are_errors():
    with pytest.raises(RuleOptionError, match="buying belongs to Contract Rummy"):
        get_rules("basic", buying=True)
    with pytest.raises(RuleOptionError, match="needs wild cards"):
        get_rules("basic", natural_majority=True)
    with pytest.raises(RuleOptionError, match="True or False"):
        get_rules("500", final_discard_required="yes")


def test_rule_sets_are_frozen():
    with pytest.raises(Exception):
        BASIC.target = 50


def test_names_are_case_and_space_insensitive_with_aliases():
    assert get_rules("Contract Rummy") is CONTRACT
    assert get_rules("RUMMY 500") is R500
    assert get_rules("Persian_Rummy").name == "persian"
