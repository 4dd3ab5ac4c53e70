"""Rummy 500 and its variants through the game protocol, scripted from text."""

import json

import pytest

from rummy_teach import IllegalMoveError, get_rules, parse_cards
from rummy_teach.game import Action, from_deal, new_game


def play(game, *actions):
    for action in actions:
        game.apply(action)
    return game


def snapshot(game):
    return (str(game), json.dumps(game.history))


# --- the deep dig ---------------------------------------------------------------------------

def dig_game(rules="500"):
    return from_deal(rules, ["5H 5S 7D KD 3S 9H 10H", "2H 3H 6C 7C", "JD QH 4D"],
                     stock="", discard="5D 6D QC 4S 8H 2S", table=[(1, "9C 10C JC")], constructed=True)


def test_deep_dig_with_lay_off_on_opponents_meld_scores_for_the_digger():
    game = dig_game()
    game.apply("take 4")                              # QC and the three cards above it
    assert game.must_use == parse_cards("QC")[0]
    assert game.discard_pile == parse_cards("5D 6D")
    assert set(parse_cards("QC 4S 8H 2S")) <= set(game.hand(0))
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match="must be used"):
        game.apply("discard KD")
    with pytest.raises(IllegalMoveError, match="must be used at once"):
        game.apply("meld 8H 9H 10H")
    assert snapshot(game) == before
    assert all(parse_cards("QC")[0] in a.cards for a in game.legal_actions())
    play(game, "layoff QC on 1", "meld 8H 9H 10H", "meld 2S 3S 4S", "discard KD")
    meld = game.table[0]
    assert meld.owner == 1 and meld.placed_by == (1, 1, 1, 0)
    # the stock is empty: player 1 may not draw, takes nothing and ends the hand
    assert Action("draw") not in game.legal_actions() and Action("end") in game.legal_actions()
    game.apply("end")
    result = game.hand_results[-1]
    assert result.ending == "stock empty" and result.went_out is None
    # player 0: QC 10 + 8H 9H 10H 27 + 2S 3S 4S 9, minus 5H 5S 7D 17
    assert result.melded_points == (46, 29, 0)
    assert result.scores == (46 - 17, 29 - 18, -24)


def test_take_refused_when_the_card_cannot_be_used():
    game = dig_game()
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match="must be used at once"):
        game.apply("take 5")   # 6D: no meld with the hand or the cards above it, no lay-off
    assert snapshot(game) == before
    assert Action("take", depth=5) not in game.legal_actions()
    assert Action("take", depth=6) in game.legal_actions()  # 5D makes a set with 5H 5S


def test_whole_fan_is_visible_in_the_view():
    view = dig_game().view(1)
    assert view["discard_pile"] == ["5D", "6D", "QC", "4S", "8H", "2S"] and view["discard_fanned"]


# --- scoring --------------------------------------------------------------------------------

def test_ace_values():
    game = from_deal("500", ["QH KH AH AS 2S 3S", "AD 5C 9C"], stock="8C 9D", discard="7H", constructed=True)
    play(game, "draw", "meld QH KH AH", "meld AS 2S 3S")
    assert game.hand(0) == parse_cards("8C")
    game.apply("discard 8C")
    result = game.hand_results[-1]
    assert result.went_out == 0
    assert result.scores == (10 + 10 + 15 + 1 + 2 + 3, -(15 + 5 + 9))


def test_going_out_by_melding_without_discard_is_allowed():
    game = from_deal("500", ["QH KH AH 5C 6C 7C", "AD 5S 9C"], stock="8C 9D", discard="7H", constructed=True)
    play(game, "draw", "meld QH KH AH", "meld 5C 6C 7C 8C")
    assert game.is_hand_over and game.hand_results[-1].went_out == 0


def test_final_discard_required_option():
    rules = get_rules("500", final_discard_required=True)
    game = from_deal(rules, ["QH KH AH 5C 6C 7C", "AD 5S 9C"], stock="8C 9D", discard="7H", constructed=True)
    play(game, "draw", "meld QH KH AH")
    with pytest.raises(IllegalMoveError, match="final discard"):
        game.apply("meld 5C 6C 7C 8C")
    play(game, "meld 5C 6C 7C", "discard 8C")
    assert game.is_hand_over


def out_with_q_k_a(scores):
    game = from_deal("500", ["QH KH AH", "2C 3D 4H"], stock="9S", discard="7H", scores=scores, constructed=True)
    return play(game, "draw", "meld QH KH AH", "discard 9S")


def test_game_goes_on_below_500():
    game = out_with_q_k_a([450, 480])
    assert game.scores == (450 + 35, 480 - 9) and not game.is_game_over


def test_game_ends_at_500_and_the_higher_total_wins():
    game = out_with_q_k_a([480, 509])
    assert game.scores == (515, 500) and game.is_game_over and game.winners == (0,)


def test_exact_tie_at_top_means_another_hand():
    game = out_with_q_k_a([471, 515])
    assert game.scores == (506, 506) and not game.is_game_over


@pytest.mark.parametrize("players, dealt, decks", [(2, 13, 1), (3, 7, 1), (4, 7, 1), (5, 7, 2), (8, 7, 2)])
def test_deal_sizes_and_decks(players, dealt, decks):
    game = new_game("500", players, seed=3)
    assert game.hand_sizes() == (dealt,) * players
    assert sum(len(c) for c in game.card_places().values()) == 52 * decks


# --- variants -------------------------------------------------------------------------------

def test_booting_bonus_for_going_out_without_drawing():
    game = from_deal("booting", ["5C 6C 7C 8C 9C JD JS", "2H 3H 6D"], stock="8D", discard="7H", constructed=True)
    assert Action.parse("meld 5C 6C 7C 8C 9C | JD JS") not in game.legal_actions()
    with pytest.raises(IllegalMoveError):
        game.apply("meld 5C 6C 7C 8C 9C")  # before drawing only a whole-hand lay-down
    game = from_deal("booting", ["5C 6C 7C 8C 9C JD JS JH", "2H 3H 6D"], stock="8D", discard="7H", constructed=True)
    game.apply("meld 5C 6C 7C 8C 9C | JD JS JH")
    result = game.hand_results[-1]
    assert result.booted and result.scores[0] == 35 + 30 + 25


def test_no_booting_for_a_player_who_has_cards_on_the_table_already():
    # a position mid-hand: the player to move put a run down on an earlier turn, so this
    # cannot be their first turn, and laying the rest down before drawing is no boot
    game = from_deal("booting", ["7S 8S 9S 10S", "2H 3H 6D 9C 4D KC 8H", "2D 3D 5H QS QC AH 9D"],
                     stock=29, discard="7H 2C", table=[(0, "4C 5C 6C")], names=["Ann", "Ben", "Cleo"])
    assert not any(a.kind == "meld" for a in game.legal_actions())
    with pytest.raises(IllegalMoveError):
        game.apply("meld 7S 8S 9S 10S")


def test_partnership_teams_add_scores():
    game = from_deal("partnership", ["QH KH AH 9D", "2C", "QS KS AS 3H", "4D"], stock="9S 7C 8C",
                     discard="7H", table=[(2, "10D JD QD")], constructed=True)
    play(game, "draw", "meld QH KH AH", "layoff 9D on 1", "discard 9S")
    assert game.is_hand_over
    assert game.team_scores == (35 + 9 + 30 - 38, -2 - 4)
    assert game.view(1)["team_scores"] == list(game.team_scores)


def test_partnership_winners_are_both_partners():
    game = from_deal("partnership", ["QH KH AH 9D", "2C", "QS KS AS 3H", "4D"], stock="9S 7C 8C",
                     discard="7H", table=[(2, "10D JD QD")], scores=[300, 0, 200, 0], constructed=True)
    play(game, "draw", "meld QH KH AH", "layoff 9D on 1", "discard 9S")
    assert game.is_game_over and game.winners == (0, 2)


def test_persian_joker_layoff_only_where_the_natural_card_is_gone():
    game = from_deal("persian", ["JK 2C 9D", "JK#2 3H 5D"], stock="9S 7C", discard="7H",
                     table=[(1, "4S 5S 6S"), (1, "KC KD KH")], constructed=True)
    game.apply("draw")
    with pytest.raises(IllegalMoveError) as error:
        game.apply("layoff JK on 1")     # 7S (or 3S) is still playable
    assert error.value.reasons[0].code == "joker_layoff_natural_playable"
    with pytest.raises(IllegalMoveError):
        game.apply("layoff JK on 2")     # the king of spades is still playable


def test_persian_joker_worth_20_in_meld_and_minus_20_in_hand():
    game = from_deal("persian", ["JK 5C 6C", "JK#2 3H"], stock="9S", discard="7H", constructed=True)
    play(game, "draw", "meld 5C 6C JK", "discard 9S")
    assert game.hand_results[-1].scores == (5 + 6 + 20, -20 - 3)
