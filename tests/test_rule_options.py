"""Every RuleSet option changes behaviour: one probe per option, run on the base rule set
and on the rule set with that option changed, must give different answers.

A probe is what a player or a program meets: a meld judged, a move judged, a hand
scored, a winner named, a deal made. An option nobody reads would fail here."""

import dataclasses

import pytest

from rummy_teach.cards import parse_cards
from rummy_teach.errors import RummyError
from rummy_teach.game import from_deal, new_game
from rummy_teach.game.setup import cut_for_dealer
from rummy_teach.melds import card_meld_value
from rummy_teach.rules import RuleSet, get_rules


def card(text):
    return parse_cards(text)[0]


def accepts(call):
    try:
        call()
    except RummyError:
        return False
    return True


def verdict(rules, hands, moves, probe, **deal):
    game = from_deal(rules, hands, **deal, constructed=True)
    for move in moves:
        game.apply(move)
    return game.judge(probe).codes


def basic_out(rules, scores=None):
    """Player 0 draws 3C, melds three eights and goes out by discarding 3C."""
    game = from_deal(rules, ["8S 8H 8D", "KC QD 9S AC"], stock="3C 4D 5H", discard="JH", scores=scores, constructed=True)
    game.apply("draw").apply("meld 8S 8H 8D").apply("discard 3C")
    return game.hand_results[-1].scores, game.winners


def exhausted(rules):
    """The stock runs out as player 1's turn begins."""
    game = from_deal(rules, ["2S 5H 9D", "3H 6D 10C"], stock="4C", discard="JH KS", constructed=True)
    game.apply("draw").apply("discard 2S")
    return game.phase, game.stock_size, len(game.discard_pile)


def one_hand_contract(rules):
    """A one-hand ladder: player 0 lays down three sets, then goes out by discarding."""
    rules = rules.with_options(ladder=[(10, "two sets of 3")], contract_melds_exact=False)
    game = from_deal(rules, ["8S 8H 8D 9S 9H 9D KS KH KD", "2C 3D 4S 5S 6S 7H 9C QC AC JD",
                             "2D 4D 6D 10D JC QS 3S 5C 7C AH"], stock="4H 2H", discard="10S", constructed=True)
    game.apply("draw")
    while game.phase == "buy":
        game.apply("pass")
    game.apply("meld 8S 8H 8D | 9S 9H 9D | KS KH KD").apply("discard 4H")
    return game.winners


def contract_table(rules, moves, probe):
    """Hand 1 of Contract Rummy; player 1 has a set of sevens down already."""
    hands = ["8S 8H 8D 9S 9H 9D 2C 2D 2S 7S", "AS AH AD 3C JD QC KC 10H 6H 5D",
             "2H 3H 4H 5H 6D 10S JS QS KS 4C"]
    return verdict(rules, hands, moves, probe, stock="8C 9C 3S 4D 5C", discard="6C",
                   table=[(1, "7C 7D 7H")])


def after_buy_window(rules):
    game = new_game(rules, 3, seed=1)
    game.apply("draw")
    return game.phase


def bought(rules):
    game = new_game(rules, 3, seed=1)
    game.apply("draw")
    asked = game.current_player
    game.apply("buy")
    while game.phase == "buy":
        game.apply("pass")
    return len(game.hand(asked)), game.buys_left(asked)


BASIC, R500, CONTRACT = get_rules("basic"), get_rules("500"), get_rules("contract")

PROBES = {
    # option: (base rule set, changed value, probe)
    "min_players": (BASIC, 3, lambda r: accepts(lambda: r.check_players(2))),
    "max_players": (BASIC, 5, lambda r: accepts(lambda: r.check_players(6))),
    "decks": (BASIC, ((6, 2, 2),), lambda r: r.deck_for(2)),
    "deal": (BASIC, ((2, 7), (3, 7), (4, 7), (5, 6), (6, 6)), lambda r: r.cards_dealt(2)),
    "min_set": (BASIC, 4, lambda r: r.is_meld("8S 8H 8D")),
    "max_set": (BASIC, 3, lambda r: r.is_meld("8S 8H 8D 8C")),
    "min_run": (BASIC, 4, lambda r: r.is_meld("4H 5H 6H")),
    "ace_high": (BASIC, True, lambda r: r.is_meld("QH KH AH")),
    "wild_ranks": (CONTRACT, frozenset({12}), lambda r: r.is_meld("8S 8H QD")),
    "natural_majority": (CONTRACT, True, lambda r: r.is_meld("8S JK JK#2")),
    "hand_values": (BASIC, (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13), lambda r: r.hand_points("KC")),
    "wild_hand_value": (CONTRACT, 50, lambda r: r.card_points(card("JK"))),
    "scoring": (BASIC, "penalty", basic_out),
    "scores_melds": (BASIC, True, lambda r: r.check_meld("8S 8H 8D").points),
    "ace_low_value": (R500, 5, lambda r: r.check_meld("AH 2H 3H").points),
    "ace_high_value": (R500, 11, lambda r: r.check_meld("QH KH AH").points),
    "wild_meld_value": (get_rules("persian"), 0,
                        lambda r: card_meld_value(r, card("JK"), 8, "set")),
    "target": (BASIC, 150, lambda r: basic_out(r, scores=[50, 0])[1]),
    "target_choices": (BASIC, (), lambda r: accepts(lambda: r.with_options(target=110))),
    "rummy_doubles": (BASIC, False, basic_out),
    "discard_restriction": (BASIC, False, lambda r: verdict(
        r, ["8S 2C 5D", "3H 6D 10C"], ["take"], "discard KC", stock="9C", discard="KC")),
    "stock_turnovers": (BASIC, 0, exhausted),
    "stock_exhausted": (BASIC, "reshuffle", exhausted),
    "first_dealer": (BASIC, "highest_cut", lambda r: [cut_for_dealer(r, 4, s) for s in range(6)]),
    "layoffs": (CONTRACT, "any_time", lambda r: contract_table(
        r, ["draw", "pass", "pass"], "layoff 7S on 1")),
    "fanned_discards": (BASIC, True, lambda r: verdict(
        r, ["8S 8H 2C", "3H 6D 10C"], [], "take 2", stock="9C", discard="8D KC")),
    "take_must_use": (R500, False, lambda r: verdict(
        r, ["8S 4H 2C", "3H 6D 10C"], [], "take", stock="9C", discard="KC")),
    "final_discard_required": (R500, True, lambda r: verdict(
        r, ["8S 8H", "3H 6D 10C"], ["take"], "meld 8S 8H 8D", stock="9C", discard="8D")),
    "booting_bonus": (R500, 25, lambda r: verdict(
        r, ["8S 8H 8D", "3H 6D 10C"], [], "meld 8S 8H 8D", stock="9C", discard="KD")),
    "partnership": (get_rules("partnership"), False, lambda r: new_game(r, 4, seed=1).team_scores),
    "persian_joker_layoff": (get_rules("persian"), False, lambda r: verdict(
        r, ["JK 2C 9D", "3C 6D 10C"], ["draw"], "layoff JK on 1", stock="KD 5S",
        discard="QC", table=[(1, "4H 5H 6H")])),
    "ladder": (CONTRACT, [(10, "two runs of 4")], lambda r: str(r.contract(1))),
    "contract_melds_exact": (CONTRACT, False, lambda r: contract_table(
        r, ["draw", "pass", "pass"], "meld 8S 8H 8D | 9S 9H 9D | 2C 2D 2S")),
    "melds_after_contract": (CONTRACT, True, lambda r: contract_table(
        r, ["draw", "pass", "pass", "meld 8S 8H 8D | 9S 9H 9D"], "meld 2C 2D 2S")),
    "go_out_by_discard": (CONTRACT, False, lambda r: verdict(
        r, ["4C", "AS AH AD 7C", "2H 3H 4H 5H"], ["draw", "pass", "pass"],
        "layoff 8C on 1", stock="8C 9C 2D 3S 4D", discard="6C",
        table=[(0, "8S 8H 8D"), (0, "9S 9H 9D")])),
    "buying": (CONTRACT, False, after_buy_window),
    "max_buys": (CONTRACT, 1, bought),
    "buy_penalty_cards": (CONTRACT, 2, bought),
    "lowest_score_wins": (CONTRACT, False, one_hand_contract),
}

NOT_PLAY = {"name", "game", "english_title", "aliases"}


def test_every_option_has_a_probe():
    options = {f.name for f in dataclasses.fields(RuleSet)} - NOT_PLAY
    assert options == set(PROBES)


@pytest.mark.parametrize("option", sorted(PROBES))
def test_the_option_changes_behaviour(option):
    base, value, probe = PROBES[option]
    changed = base.with_options(**{option: value})
    assert probe(base) != probe(changed)


@pytest.mark.parametrize("rules", [
    get_rules("basic"), get_rules("shanghai"), get_rules("california"),
    get_rules("basic", min_run=4, target=150), get_rules("500", target=750, ace_high=False),
    get_rules("contract", buying=False, ladder=[(10, "two runs of 4"), (12, "three sets of 3")]),
    get_rules("persian", natural_majority=True),
], ids=repr)
def test_a_rule_sets_repr_rebuilds_it_with_its_options(rules):
    from rummy_teach.contracts import Contract, ContractHand  # noqa: F401 (names the repr uses)

    assert eval(repr(rules)) == rules
    assert repr(get_rules("basic", min_run=4)) == "get_rules('basic', min_run=4)"


def test_a_rule_set_read_from_json_plays_against_the_computer():
    # JSON has lists where a rule set keeps sets and tuples: wild_ranks arrived as a
    # list, the rule set could not be hashed and the computer players' cache raised
    import json

    from rummy_teach.game.ai import Bot

    options = json.loads('{"wild_ranks": [2], "hand_values": [0, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]}')
    rules = get_rules("basic", **options)
    assert rules == get_rules("basic", wild_ranks=frozenset({2}), hand_values=tuple(options["hand_values"]))
    assert rules.is_wild(parse_cards("2C")[0]) and hash(rules) == hash(eval(repr(rules)))
    game = new_game(rules, 2, seed=3)
    for _ in range(30):
        if game.is_hand_over:
            break
        game.apply(Bot("hard", seed=1).act(game))
    assert game.actions_played >= 30 or game.is_hand_over


@pytest.mark.parametrize("value", [[2, "Q"], [14], "2", [True], 2])
def test_wild_ranks_that_are_not_ranks_are_refused_by_name(value):
    with pytest.raises(RummyError, match="wild_ranks takes a list of ranks"):
        get_rules("basic", wild_ranks=value)


@pytest.mark.parametrize("value", [[1, 2, 3], list(range(14)) + [10], [0] * 13 + ["10"], 5])
def test_hand_values_of_the_wrong_shape_are_refused_by_name(value):
    with pytest.raises(RummyError, match="hand_values"):
        get_rules("basic", hand_values=value)
