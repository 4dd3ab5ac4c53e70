"""The best arrangement and the contract check: properties over many hands, and the
named rules one by one."""

from collections import Counter
from functools import lru_cache
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_teach import RuleOptionError, get_rules, make_deck, parse_cards
from rummy_teach.melds import check_meld
from rummy_teach.solver import arrange, find_contract, min_deadwood

# plays many whole games: make test runs these in their own lane (tests/conftest.py)
pytestmark = pytest.mark.games

ONE_DECK = make_deck()
# (label, rule set, the physical cards its hands are drawn from)
GAMES = [
    ("basic", get_rules("basic"), ONE_DECK),
    ("500", get_rules("500"), ONE_DECK),
    ("500, 5 players, two decks", get_rules("500"), make_deck(2)),
    ("persian", get_rules("persian"), make_deck(1, 4)),
    ("contract", get_rules("contract"), make_deck(2, 4)),
    ("california", get_rules("california"), make_deck(2)),
]
ONE_DECK_GAMES = [
    ("basic", get_rules("basic")),
    ("500", get_rules("500")),
    ("contract", get_rules("contract")),
    ("contract, natural majority", get_rules("contract", natural_majority=True)),
    ("california, queens wild", get_rules("california")),
    ("500, sets of exactly 3", get_rules("500", max_set=3)),
    ("basic, sets of 4 and runs of 5", get_rules("basic", min_set=4, min_run=5)),
]
PROPERTY = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def examples(full_run, full):
    """``full`` hands in make test; a third of them in make check (the fast tier)."""
    return full if full_run else full // 3


@st.composite
def hands(draw, deck, min_size=3, max_size=13):
    """Hands drawn from a window of neighbouring ranks in a few suits (plus any
    jokers), so that sets and runs turn up often and compete for the same cards."""
    low = draw(st.integers(1, 13))
    width = draw(st.one_of(st.integers(3, 6), st.integers(3, 13)))
    ranks = {(position - 1) % 13 + 1 for position in range(low, low + width)}
    suits = draw(st.sets(st.sampled_from("SHDC"), min_size=2))
    pool = [card for card in deck if card.is_joker or (card.rank in ranks and card.suit in suits)]
    if len(pool) < min_size:
        pool = list(deck)
    size = draw(st.sampled_from(range(min_size, min(max_size, len(pool)) + 1)))
    return tuple(draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True)))


def game_ids(games):
    return [label for label, *_ in games]


def best_by_brute_force(rules, cards):
    """(fewest deadwood points, best melded-minus-deadwood score), trying every way
    to pick disjoint legal melds out of the cards."""
    melds = []
    for size in range(3, len(cards) + 1):
        for picked in combinations(range(len(cards)), size):
            group = tuple(cards[i] for i in picked)
            checks = [check_meld(rules, group, kind=kind) for kind in ("set", "run")]
            points = [check.points or 0 for check in checks if check.ok]
            if points:
                melds.append((sum(1 << i for i in picked), max(points)))
    values = [rules.card_points(card) for card in cards]

    @lru_cache(maxsize=None)
    def best(left):
        if not left:
            return 0, 0
        lowest = (left & -left).bit_length() - 1
        deadwood, score = best(left & ~(1 << lowest))
        deadwood, score = deadwood + values[lowest], score - values[lowest]
        for mask, points in melds:
            if mask & (1 << lowest) and mask & left == mask:
                rest_deadwood, rest_score = best(left & ~mask)
                deadwood, score = min(deadwood, rest_deadwood), max(score, rest_score + points)
        return deadwood, score

    return best((1 << len(cards)) - 1)


# --- properties -----------------------------------------------------------------------

@pytest.mark.parametrize("label, rules, deck", GAMES, ids=game_ids(GAMES))
def test_arrangement_accounts_for_every_card_with_legal_melds(label, rules, deck, full_run):
    @settings(PROPERTY, max_examples=examples(full_run, 150))
    @given(hands(deck))
    def check(hand):
        arrangement = arrange(rules, hand)
        melded = [card for meld in arrangement.melds for card in meld.cards]
        assert Counter(melded + list(arrangement.deadwood)) == Counter(hand)
        assert len(set(melded)) == len(melded), "melds share a card"
        for meld in arrangement.melds:
            verdict = check_meld(rules, meld.cards, kind=meld.kind)
            assert verdict.ok, verdict.explain()
            assert verdict.meld == meld
        assert arrangement.deadwood_points == rules.hand_points(arrangement.deadwood)
        expected_points = sum(m.points(rules) for m in arrangement.melds) if rules.scores_melds else 0
        assert arrangement.meld_points == expected_points
        assert min_deadwood(rules, hand) <= arrangement.deadwood_points

    check()


@pytest.mark.parametrize("label, rules, deck", GAMES, ids=game_ids(GAMES))
def test_no_arrangement_beats_the_solver_on_small_hands(label, rules, deck, full_run):
    @settings(PROPERTY, max_examples=examples(full_run, 300))
    @given(hands(deck, min_size=4, max_size=8))
    def check(hand):
        fewest, top_score = best_by_brute_force(rules, hand)
        assert min_deadwood(rules, hand) == fewest
        assert arrange(rules, hand).score == top_score
        if not rules.scores_melds:
            assert arrange(rules, hand).deadwood_points == fewest

    check()


@pytest.mark.parametrize("label, rules", ONE_DECK_GAMES, ids=game_ids(ONE_DECK_GAMES))
def test_fast_path_and_general_search_agree(label, rules, full_run):
    @settings(PROPERTY, max_examples=examples(full_run, 150))
    @given(hands(ONE_DECK, min_size=5, max_size=16))
    def check(hand):
        if any(rules.is_wild(card) for card in hand):
            with pytest.raises(RuleOptionError):
                min_deadwood(rules, hand, method="fast")
            return
        assert min_deadwood(rules, hand, method="fast") == min_deadwood(rules, hand, method="search")
        fast, searched = arrange(rules, hand, method="fast"), arrange(rules, hand, method="search")
        assert fast.score == searched.score
        assert fast.deadwood_points == searched.deadwood_points or rules.scores_melds

    check()


def test_fast_path_and_general_search_agree_on_large_rummy_500_hands():
    """In Rummy 500 a hand swells when a player takes a deep discard pile."""
    rules = get_rules("500")

    @settings(max_examples=40, deadline=None)
    @given(hands(ONE_DECK, min_size=18, max_size=26))
    def check(hand):
        assert arrange(rules, hand, method="fast").score == arrange(rules, hand, method="search").score
        assert min_deadwood(rules, hand, method="fast") == min_deadwood(rules, hand, method="search")

    check()


def test_fast_path_refuses_what_it_cannot_solve():
    with pytest.raises(RuleOptionError, match="fast path"):
        min_deadwood(get_rules("500"), parse_cards("8S 8S#2 8H"), method="fast")
    with pytest.raises(RuleOptionError, match="fast path"):
        arrange(get_rules("contract"), parse_cards("JK 5H 6H 7H"), method="fast")
    with pytest.raises(RuleOptionError, match="method"):
        min_deadwood(get_rules("basic"), parse_cards("8S"), method="quick")


def test_a_meld_seen_before_is_made_of_this_hands_own_cards():
    """The fast path reuses the melds it has built for the same faces; a second copy
    of a face (a two-deck game) is another card, and the meld must hold that one."""
    rules = get_rules("500")
    first = arrange(rules, parse_cards("8S 8H 8D 4C 5C 6C 2D"), method="fast")
    again = arrange(rules, parse_cards("8S#2 8H 8D 4C 5C#2 6C KD"), method="fast")
    assert [m.text(ascii=True) for m in first.melds] == ["8S 8H 8D", "4C 5C 6C"]
    assert [m.text(ascii=True) for m in again.melds] == ["8S#2 8H 8D", "4C 5C#2 6C"]
    assert again.melds == check_melds(rules, again.melds)
    back = arrange(rules, parse_cards("8S 8H 8D 4C 5C 6C 2D"), method="fast")
    assert back == first and back.deadwood == parse_cards("2D")


@pytest.mark.parametrize("method", ["fast", "search"])
def test_deadwood_comes_by_suit_then_rank_whatever_order_the_hand_is_in(method):
    """The fast path reads the deadwood off its slots by bit (suits S H D C, ace
    first), the general search sorts it: both give the hand's order of play, and
    the same answer for any order of the cards handed in."""
    rules = get_rules("basic")
    hand = parse_cards("KC 2D 9S 4H 5H 6H AS QD 3C JH")
    expected = parse_cards("AS 9S JH 2D QD 3C KC")
    for shuffled in (hand, hand[::-1], hand[3:] + hand[:3]):
        found = arrange(rules, shuffled, method=method)
        assert [m.text(ascii=True) for m in found.melds] == ["4H 5H 6H"]
        assert found.deadwood == expected and found.deadwood_points == 1 + 9 + 10 + 2 + 10 + 3 + 10
    # a hand without any meld takes the shortest way through the fast path
    alone = arrange(rules, parse_cards("KC 2D 9S AS"), method=method)
    assert alone.melds == () and alone.deadwood == parse_cards("AS 9S 2D KC")


def test_runs_met_in_one_suit_and_then_another_are_each_suits_own_cards():
    """The fast path works out the runs of each suit mask once, per suit: the same
    ranks in another suit are that suit's cards."""
    rules = get_rules("basic")
    for suit in "SHDCHS":
        found = arrange(rules, parse_cards(f"4{suit} 5{suit} 6{suit} 9{suit} J{suit} KD"), method="fast")
        assert [m.text(ascii=True) for m in found.melds] == [f"4{suit} 5{suit} 6{suit}"]
        assert found.melds == check_melds(rules, found.melds)
        assert set(found.deadwood) == set(parse_cards(f"9{suit} J{suit} KD"))


def test_sets_come_first_in_the_order_of_their_first_cards_then_runs():
    """A set's first card is in its lowest suit: the set of fives starts with 5♠ and
    comes before the set of twos, which starts with 2♥."""
    rules = get_rules("basic")
    for method in ("fast", "search"):
        found = arrange(rules, parse_cards("2H 2D 2C 5S 5H 5D 9C 10C JC KD"), method=method)
        assert [m.text(ascii=True) for m in found.melds] == ["5S 5H 5D", "2H 2D 2C", "9C 10C JC"]


@pytest.mark.parametrize("hand, melds, deadwood", [
    ("8S 8H 8D 8C 2C", ["8S 8H 8D"], "2C 8C"),                       # no run could use an 8
    ("8S 8H 8D 8C 6C 7C", ["8S 8H 8D", "6C 7C 8C"], ""),             # 8♣ is wanted by a run
    ("8S 8H 8D 8C 9C 10C 2S 2H 2D 2C", ["2S 2H 2D", "8S 8H 8D", "8C 9C 10C"], "2C"),
])
def test_a_rank_in_all_four_suits_with_sets_of_three_at_most(hand, melds, deadwood):
    """Rummy 500 with sets of exactly 3: the fourth card is left, or goes to a run."""
    rules = get_rules("500", max_set=3)
    found = arrange(rules, parse_cards(hand), method="fast")
    assert [m.text(ascii=True) for m in found.melds] == melds
    assert found.deadwood == parse_cards(deadwood)
    assert found.score == arrange(rules, parse_cards(hand), method="search").score


def test_arranging_under_one_rule_set_then_another_uses_each_ones_rules():
    """arrange keeps the last rule set's fast solver at hand; another rule set, even
    one made equal, gets its own."""
    basic, r500 = get_rules("basic"), get_rules("500")
    hand = parse_cards("QH KH AH 4C")
    for _ in range(2):
        assert arrange(basic, hand).melds == ()
        assert [m.text(ascii=True) for m in arrange(r500, hand).melds] == ["QH KH AH"]
        assert arrange(get_rules("basic", ace_high=True), hand).melds != ()
        assert arrange(basic, hand).deadwood_points == 10 + 10 + 1 + 4


def check_melds(rules, melds):
    """The same melds, as the meld check builds them from their cards."""
    return tuple(check_meld(rules, m.cards, kind=m.kind).meld for m in melds)


# --- Basic Rummy ------------------------------------------------------------------------

def test_thirty_point_hand_leaves_29_of_deadwood():
    rules = get_rules("basic")
    hand = parse_cards("8S 8H 8D 4H 5H 6H 7H KC QD 9S")
    arrangement = arrange(rules, hand)
    assert [m.text(ascii=True) for m in arrangement.melds] == ["8S 8H 8D", "4H 5H 6H 7H"]
    assert set(arrangement.deadwood) == set(parse_cards("KC QD 9S"))
    assert arrangement.deadwood_points == 29
    assert min_deadwood(rules, hand) == 29
    assert rules.arrange("8S 8H 8D 4H 5H 6H 7H KC QD 9S").deadwood_points == 29


def test_ace_is_low_only_in_basic_rummy():
    rules = get_rules("basic")
    assert arrange(rules, parse_cards("QH KH AH")).melds == ()
    assert min_deadwood(rules, parse_cards("QH KH AH")) == 21
    assert min_deadwood(rules, parse_cards("AH 2H 3H KD")) == 10


def test_a_card_goes_where_it_saves_more():
    # 7H can end the run 4H-7H or make a set of sevens; the set frees more points
    rules = get_rules("basic")
    hand = parse_cards("4H 5H 6H 7H 7S 7C KD")
    arrangement = arrange(rules, hand)
    assert arrangement.deadwood_points == 10
    assert sorted(m.kind for m in arrangement.melds) == ["run", "set"]


# --- Rummy 500 ----------------------------------------------------------------------------

def test_rummy_500_ace_scores_15_high_and_1_low():
    rules = get_rules("500")
    assert arrange(rules, parse_cards("AH 2H 3H")).meld_points == 1 + 2 + 3
    assert arrange(rules, parse_cards("QH KH AH")).meld_points == 10 + 10 + 15
    assert arrange(rules, parse_cards("AS AH AD")).meld_points == 45
    assert arrange(rules, parse_cards("AS 5H")).deadwood_points == 15 + 5


def test_rummy_500_ace_goes_where_it_scores_more():
    # A-2-3 and Q-K-A of hearts both need the one ace: the high run wins
    rules = get_rules("500")
    arrangement = arrange(rules, parse_cards("AH 2H 3H QH KH"))
    assert [m.text(ascii=True) for m in arrangement.melds] == ["QH KH AH"]
    assert arrangement.meld_points == 35
    assert arrangement.deadwood_points == 5


def test_a_run_of_a_whole_suit_places_its_ace_as_the_meld_check_does():
    # with runs of at least 7, thirteen hearts can only be one run, and the ace fits at
    # either end: Rummy 500 puts it on top, where it scores 15 instead of 1
    suit = parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    arrangement = arrange(get_rules("500", min_run=7), suit)
    (run,) = arrangement.melds
    assert (run.low, run.high) == (2, 14)
    assert arrangement.meld_points == 15 + 44 + 40
    (run,) = arrange(get_rules("contract", min_run=7), suit).melds
    assert (run.low, run.high) == (1, 13)
    # a split scores the same, as long as the ace plays high
    assert arrange(get_rules("500"), suit).meld_points == 15 + 44 + 40


def test_rummy_500_best_score_may_keep_more_than_the_fewest_deadwood():
    # the run A-2-3 leaves 2♠ 2♦ 3♠ 3♦ (10 points); two sets leave the ace (15) but
    # meld 15 points instead of 6, so they score better
    rules = get_rules("500")
    hand = parse_cards("AH 2H 3H 2S 2D 3S 3D")
    assert min_deadwood(rules, hand) == 10
    arrangement = arrange(rules, hand)
    assert [m.kind for m in arrangement.melds] == ["set", "set"]
    assert (arrangement.meld_points, arrangement.deadwood_points, arrangement.score) == (15, 15, 0)


def test_two_deck_duplicates_make_a_set():
    rules = get_rules("500")  # five or more players shuffle two decks together
    arrangement = arrange(rules, parse_cards("8S 8S#2 8H 3C"))
    assert [m.text(ascii=True) for m in arrangement.melds] == ["8S 8S#2 8H"]
    assert arrangement.meld_points == 24
    assert min_deadwood(rules, parse_cards("8S 8S#2 8H 3C")) == 3


def test_two_deck_duplicates_serve_a_run_and_a_set_at_once():
    rules = get_rules("500")
    arrangement = arrange(rules, parse_cards("7H 8H 9H 9H#2 9S 9D"))
    assert arrangement.deadwood == ()
    assert sorted(m.kind for m in arrangement.melds) == ["run", "set"]


# --- wild cards ---------------------------------------------------------------------------

def test_joker_at_the_top_of_a_run():
    rules = get_rules("contract")
    arrangement = arrange(rules, parse_cards("5H 6H 7H JK 9S"))
    (run,) = arrangement.melds
    assert (run.low, run.high) == (5, 8)
    assert [s for _, s in run.wilds(rules)] == ["8♥"]
    assert arrangement.deadwood_points == 5


def test_joker_at_the_bottom_of_a_run_when_the_top_is_taken():
    rules = get_rules("contract")
    (run,) = arrange(rules, parse_cards("JK 10H JH QH KH AH")).melds
    assert (run.low, run.high) == (9, 14)
    assert [s for _, s in run.wilds(rules)] == ["9♥"]


def test_jokers_at_both_ends_of_a_run():
    rules = get_rules("contract")
    (run,) = arrange(rules, parse_cards("JK JK#2 QH KH")).melds
    assert (run.low, run.high) == (11, 14)
    assert [s for _, s in run.wilds(rules)] == ["J♥", "A♥"]


def test_joker_stands_for_an_ace():
    rules = get_rules("persian")
    arrangement = arrange(rules, parse_cards("QS KS JK 4D"))
    (run,) = arrangement.melds
    assert [s for _, s in run.wilds(rules)] == ["A♠"]
    # on the table a Persian joker scores 20, whatever it stands for
    assert arrangement.meld_points == 10 + 10 + 20
    assert arrangement.deadwood_points == 4


def test_a_joker_left_in_hand_costs_its_penalty():
    assert min_deadwood(get_rules("contract"), parse_cards("JK 2S 9H")) == 25 + 5 + 5
    assert min_deadwood(get_rules("persian"), parse_cards("JK 2S 9H")) == 20 + 2 + 9


def test_california_queens_are_wild():
    rules = get_rules("california")
    arrangement = arrange(rules, parse_cards("QH 5S 6S 7S 9D"))
    assert [m.text(ascii=True) for m in arrangement.melds] == ["5S 6S 7S QH"]
    assert arrangement.deadwood_points == 5



def test_a_wild_card_stands_for_a_card_the_hand_holds_when_another_meld_needs_it():
    """Two decks: J♠ is held once, and both runs want it. The wild queen of hearts takes
    its place in one run, so every card melds (the search once kept 10♠ as deadwood)."""
    rules = get_rules("california")
    hand = parse_cards("QS#2 KS#2 10S JS QS 10S#2 KS QH#2")
    for method in ("auto", "search"):
        arrangement = arrange(rules, hand, method=method)
        assert arrangement.deadwood == () and arrangement.deadwood_points == 0
        assert sorted(len(m.cards) for m in arrangement.melds) == [4, 4]
    assert min_deadwood(rules, hand) == 0


def test_a_contract_of_two_runs_uses_a_joker_for_a_card_the_other_run_holds():
    rules = get_rules("contract")     # hand 3: two runs of four
    check = rules.holds_contract("4C 5C 6C 7C 4C#2 6C#2 7C#2 JK KS 2D 9H", 3)
    assert check.ok, check.explain()
    assert sorted(m.text(ascii=True) for m in check.melds) == ["4C 5C 6C 7C", "4C#2 JK 6C#2 7C#2"]

# --- contracts ----------------------------------------------------------------------------

HOLDS = {
    1: "7S 7H 7D KC KD KH 2S 4D 9C JH",
    2: "7S 7H 7D 4C 5C 6C 7C 2S 9D JH",
    3: "4C 5C 6C 7C 9H 10H JH QH 2S 2D",
    4: "7S 7H 7D KC KD KH 3S 3D 3H 9C",
    5: "7S 7H 7D KC KD KH 4C 5C 6C 7C 2S 9D",
    6: "7S 7H 7D 4C 5C 6C 7C 9H 10H JH QH 2S",
    7: "4C 5C 6C 7C 9H 10H JH QH 2S 3S 4S 5S 6S",   # 13 cards: the hand after the draw
}
FALLS_SHORT = {
    1: "7S 7H 7D KC KD 2S 4D 9C JH 5H",          # one set and a pair
    2: "7S 7H 7D 4C 5C 6C 9C 2S 9D JH",          # the run has a gap
    3: "4C 5C 6C 7C 9H 10H JH 2S 2D 5D",          # one run of 4, one of 3
    4: "7S 7H 7D KC KD KH 3S 3D 9C 8H",           # two sets and a pair
    5: "7S 7H 7D KC KD KH 4C 5C 6C 8C 2S 9D",     # the clubs have a gap
    6: "7S 7H 7D 4C 5C 6C 7C 9H 10H JH 2S 2D",    # the second run is short
    7: "4C 5C 6C 7C 9H 10H JH QH 2S 3S 4S 6S 8S", # the third run has a gap
}


@pytest.mark.parametrize("hand", range(1, 8))
def test_contract_held(hand):
    rules = get_rules("contract")
    check = rules.holds_contract(HOLDS[hand], hand)
    assert check.ok, check.explain()
    assert check.reasons[0].code == "contract_held"
    kinds = sorted(m.kind for m in check.melds)
    assert kinds == sorted(r.kind for r in rules.contract(hand).requirements)
    for meld, requirement in zip(sorted(check.melds, key=lambda m: (m.kind, len(m.cards))),
                                 sorted(rules.contract(hand).requirements, key=lambda r: (r.kind, r.size))):
        assert check_meld(rules, meld.cards, kind=meld.kind).ok
        assert len(meld.cards) >= requirement.size


@pytest.mark.parametrize("hand", range(1, 8))
def test_contract_not_held(hand):
    check = get_rules("contract").holds_contract(FALLS_SHORT[hand], hand)
    assert not check.ok
    assert check.melds == ()
    assert check.reasons[0].code == "contract_missing"


def test_last_hand_must_lay_down_the_whole_hand():
    """RULES.md, hand 7: 13 cards after the draw, every one of them in three runs; a
    12-card hand is judged only as the explicit before-the-draw question."""
    rules = get_rules("contract")
    whole = parse_cards(HOLDS[7])
    assert len(whole) == 13 and rules.holds_contract(whole, 7).ok
    assert find_contract(rules, whole, 7, whole_hand=True).ok
    twelve = whole[:-1]
    check = rules.holds_contract(twelve, 7)
    assert not check.ok and check.reasons[0].code == "contract_wrong_card_count"
    assert rules.holds_contract(twelve, 7, before_draw=True).ok
    stray = twelve + parse_cards("KD")
    assert not rules.holds_contract(stray, 7).ok
    assert not find_contract(rules, stray, 7, whole_hand=True).ok


def test_two_identical_runs_are_two_melds_of_a_contract():
    """RULES.md Decision, several decks: 4C 5C 6C 7C twice holds hand 3 (two runs of 4)."""
    rules = get_rules("contract")
    check = rules.holds_contract("4C 5C 6C 7C 4C#2 5C#2 6C#2 7C#2 KS 2D 9H", 3)
    assert check.ok, check.explain()
    assert [m.text(ascii=True) for m in check.melds] == ["4C 5C 6C 7C", "4C#2 5C#2 6C#2 7C#2"]
    assert rules.holds_contract("8S 8H 8D 8S#2 8H#2 8D#2 2C 5D KH 9C JS", 1).ok


def test_contract_melds_may_be_longer_than_the_minimum():
    rules = get_rules("contract")
    check = rules.holds_contract("7H 8H 9H 10H JH QH 5S 5D 5C 5H", 2)
    assert check.ok
    assert sorted(len(m.cards) for m in check.melds) == [4, 6]
    assert check.rest == ()


def test_contract_lay_down_holds_exactly_the_contracts_melds():
    # three sets on offer, but hand 1 asks for two: the third stays in hand
    rules = get_rules("contract")
    check = rules.holds_contract("AS AH AD KC KD KH 3S 3D 3H 9C", 1)
    assert check.ok
    assert len(check.melds) == 2
    assert len(check.rest) == 4
    # it keeps the cheapest set back: threes cost 5 each, aces 15 and kings 10
    assert sorted(m.rank for m in check.melds) == [1, 13]


def test_contract_with_jokers():
    rules = get_rules("contract")
    check = rules.holds_contract("7S 7H JK 4C 5C JK#2 7C 2S 9D JH", 2)
    assert check.ok
    assert sorted(m.kind for m in check.melds) == ["run", "set"]


def test_contract_check_stays_quick_on_big_joker_hands():
    """Twelve and thirteen cards from two decks with all four jokers: the search must
    still settle every hand of the ladder (a blow-up would hang this test)."""
    rules = get_rules("contract")
    deck = make_deck(2)
    jokers = parse_cards("JK JK#2 JK#3 JK#4")

    @settings(max_examples=25, deadline=None)
    @given(st.lists(st.sampled_from(deck), min_size=8, max_size=9, unique=True))
    def check(naturals):
        cards = tuple(naturals) + jokers
        for hand in range(1, 8):
            whole = rules.contract_hand(hand).whole_hand
            verdict = find_contract(rules, cards, hand, whole_hand=whole)
            # two jokers and any natural card make a set of 3, so hand 1 always holds
            if hand == 1:
                assert verdict.ok
            if verdict.ok:
                assert len(verdict.melds) == rules.contract(hand).meld_count
                laid = [c for m in verdict.melds for c in m.cards]
                assert Counter(laid + list(verdict.rest)) == Counter(cards)
                assert all(check_meld(rules, m.cards, kind=m.kind).ok for m in verdict.melds)
                if whole:
                    assert verdict.rest == ()

    check()
