"""One test per rule of RULES.md that the engine (not game play) decides.

Each test is named after the rule it checks. Game-play rules (turns, buying,
stock exhaustion...) are tested with the game in tests/test_game_*.py.
"""

import pytest

from rummy_teach import Card, RuleOptionError, get_rules, parse_cards

BASIC, R500, CONTRACT = get_rules("basic"), get_rules("500"), get_rules("contract")


def codes(rules, text):
    return rules.check_meld(text).codes


# --- common ground ------------------------------------------------------------------

@pytest.mark.parametrize("rules", [BASIC, R500, CONTRACT], ids=lambda r: r.name)
def test_a_set_is_cards_of_one_rank(rules):
    cards = "8S 8H 8D 8C" if rules is not CONTRACT else "8S 8H 8D"
    assert rules.check_meld(cards).kind == "set"
    assert "not_same_rank" in rules.check_meld("8S 8H 9D", kind="set").codes


@pytest.mark.parametrize("rules", [BASIC, R500, CONTRACT], ids=lambda r: r.name)
def test_a_run_is_consecutive_ranks_of_one_suit(rules):
    assert rules.check_meld("4H 5H 6H 7H").kind == "run"
    assert "not_same_suit" in rules.check_meld("4H 5H 6C 7H", kind="run").codes
    assert "gap" in rules.check_meld("4H 5H 7H 8H").codes


@pytest.mark.parametrize("rules", [BASIC, R500, CONTRACT], ids=lambda r: r.name)
def test_a_run_never_wraps_around_king_ace_two(rules):
    check = rules.check_meld("QH KH AH 2H")
    assert not check.ok and "wraps_around" in check.codes


def test_neither_set_nor_run_says_both_why():
    check = BASIC.check_meld("8S 9H 10S")
    assert check.codes == ("mixed_ranks_and_suits",)
    assert "ranks differ" in check.explain() and "suits differ" in check.explain()


def test_the_same_physical_card_twice_is_refused():
    assert "duplicate_card" in codes(BASIC, "8S 8S 8H")
    assert "duplicate_card" in codes(CONTRACT, "8S 8S 8H")
    assert get_rules("contract").check_meld("8S 8S#2 8H").ok


# --- Basic Rummy ---------------------------------------------------------------------

def test_basic_is_for_two_to_six_players():
    BASIC.check_players(2), BASIC.check_players(6)
    for bad in (1, 7):
        with pytest.raises(RuleOptionError, match="2 to 6 players"):
            BASIC.check_players(bad)


def test_basic_uses_one_deck_without_jokers():
    assert BASIC.deck_for(6) == (1, 0)
    assert "joker_not_allowed" in codes(BASIC, "8S 8H JK")


@pytest.mark.parametrize("players, dealt", [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_basic_deals_ten_seven_or_six_cards(players, dealt):
    assert BASIC.cards_dealt(players) == dealt


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
    assert BASIC.hand_points("KC QD 9S AC") == 30
    assert BASIC.rummy_doubles  # the same going-out as a rummy is worth 2 x 30 = 60


def test_basic_target_is_100_settable_50_to_300_in_steps_of_25():
    assert BASIC.target == 100
    assert get_rules("basic", target=275).target == 275
    for bad in (40, 110, 325):
        with pytest.raises(RuleOptionError, match="not offered"):
            get_rules("basic", target=bad)


def test_basic_discard_restriction_and_two_stock_turnovers_are_rules():
    assert BASIC.discard_restriction and BASIC.stock_turnovers == 2
    assert BASIC.stock_exhausted == "turn_over"


# --- Rummy 500 -----------------------------------------------------------------------

def test_500_is_for_two_to_eight_players_with_two_decks_from_five():
    assert (R500.min_players, R500.max_players) == (2, 8)
    assert R500.deck_for(4) == (1, 0) and R500.deck_for(5) == (2, 0)


def test_500_deals_seven_or_thirteen_with_two_players():
    assert R500.cards_dealt(2) == 13
    assert all(R500.cards_dealt(n) == 7 for n in range(3, 9))


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


def test_500_targets_500_by_default_and_300_600_750_as_options():
    assert R500.target == 500
    assert {get_rules("500", target=t).target for t in (300, 600, 750)} == {300, 600, 750}
    with pytest.raises(RuleOptionError):
        get_rules("500", target=400)


def test_500_final_discard_is_not_required_by_default():
    assert not R500.final_discard_required
    assert get_rules("500", final_discard_required=True).final_discard_required


def test_500_best_arrangement_counts_melded_minus_deadwood():
    arrangement = R500.arrange("QH KH AH 9S 9D 9H AS")
    assert arrangement.meld_points == 35 + 27 and arrangement.deadwood_points == 15
    assert arrangement.score == 35 + 27 - 15


# --- Contract Rummy ------------------------------------------------------------------

def test_contract_uses_two_decks_and_four_jokers_up_to_six_players():
    assert CONTRACT.deck_for(3) == (2, 4) and CONTRACT.deck_for(6) == (2, 4)
    assert CONTRACT.deck_for(7) == (3, 6) and CONTRACT.deck_for(8) == (3, 6)


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


@pytest.mark.parametrize("hand, cards", [
    (1, "8S 8H 8D 9S 9H 9C"),
    (2, "8S 8H 8D 4C 5C 6C 7C"),
    (3, "4C 5C 6C 7C 9H 10H JH QH"),
    (4, "8S 8H 8D 9S 9H 9C KD KH KS"),
    (5, "8S 8H 8D 9S 9H 9C 4C 5C 6C 7C"),
    (6, "8S 8H 8D 4C 5C 6C 7C 9H 10H JH QH"),
    (7, "4C 5C 6C 7C 9H 10H JH QH 2S 3S 4S 5S 6S"),
])
def test_contract_ladder_of_seven_hands(hand, cards):
    assert CONTRACT.holds_contract(cards, hand=hand).ok
    assert not CONTRACT.holds_contract(parse_cards(cards)[1:], hand=hand).ok


def test_contract_ladder_deals_ten_then_twelve():
    assert [CONTRACT.cards_dealt(4, hand=h) for h in range(1, 8)] == [10, 10, 10, 10, 12, 12, 12]
    assert CONTRACT.contract_hand(7).whole_hand


def test_contract_with_jokers_and_longer_melds():
    check = CONTRACT.holds_contract("8S 8H JK 4C 5C 6C 7C 8C", hand=2)
    assert check.ok and len(check.melds) == 2


def test_contract_buying_is_standard_with_three_buys_at_most():
    assert CONTRACT.buying and CONTRACT.max_buys == 3 and CONTRACT.buy_penalty_cards == 1


def test_contract_decisions_are_options_with_their_defaults():
    assert CONTRACT.contract_melds_exact and not CONTRACT.natural_majority
    with pytest.raises(RuleOptionError, match="unknown rule option"):
        get_rules("contract", joker_swap=True)  # no swap action exists, so no such option
    assert CONTRACT.stock_exhausted == "reshuffle" and CONTRACT.go_out_by_discard
    strict = get_rules("contract", natural_majority=True)
    assert "too_many_wilds" in strict.check_meld("8S JK JK#2").codes


def test_contract_lowest_score_wins():
    assert CONTRACT.lowest_score_wins and CONTRACT.hands_in_game == 7


# --- variants ------------------------------------------------------------------------

def test_shanghai_has_an_eighth_hand_of_three_sets_and_a_run():
    shanghai = get_rules("shanghai")
    assert shanghai.hands_in_game == 8
    assert str(shanghai.contract(8)) == "three sets of 3 and one run of 4"
    assert shanghai.cards_dealt(4, hand=8) == 12


def test_california_queens_are_wild_instead_of_jokers():
    california = get_rules("california")
    assert california.deck_for(4) == (2, 0)
    assert california.check_meld("8S 8H QD").ok
    assert "joker_not_allowed" in california.check_meld("8S 8H JK").codes


@pytest.mark.parametrize("name", ["liverpool", "strict-no-buy"])
def test_liverpool_and_strict_no_buy_forbid_buying(name):
    assert not get_rules(name).buying


def test_double_progressive_deals_seven_in_hand_one():
    assert get_rules("double-progressive").cards_dealt(4, hand=1) == 7


def test_custom_contracts_reorder_or_add_hands():
    custom = get_rules("contract", ladder=[(10, "one run of 7"), (10, "two sets of 3")])
    assert custom.hands_in_game == 2
    assert custom.holds_contract("3H 4H 5H 6H 7H 8H 9H", hand=1).ok


def test_persian_jokers_are_wild_worth_20_in_a_meld_and_in_hand():
    persian = get_rules("persian")
    assert persian.check_meld("8S 8H JK").points == 8 + 8 + 20
    assert persian.hand_points("JK") == 20


def test_partnership_is_for_four_players():
    partnership = get_rules("partnership")
    assert partnership.partnership and partnership.min_players == partnership.max_players == 4


def test_booting_gives_a_bonus_of_25():
    assert get_rules("booting").booting_bonus == 25


def test_short_game_targets_300():
    assert get_rules("500-short").target == 300


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
