"""Contract Rummy and its variants through the game protocol, scripted from text."""

import json

import pytest

from rummy_teach import IllegalMoveError, get_rules, parse_cards
from rummy_teach.game import from_deal, new_game


def play(game, *actions):
    for action in actions:
        game.apply(action)
    return game


def snapshot(game):
    return (str(game), json.dumps(game.history))


def card(text):
    return parse_cards(text)[0]


# --- buying ---------------------------------------------------------------------------------

def buy_game(rules="contract"):
    return from_deal(rules, ["9H 2S 5D", "3C 7D 8S", "9S 9C 4D", "9D 6H KC"],
                     stock="AH 2D 3D 4S 5S 6S 7S", discard="KH", constructed=True)


def test_contested_buy_goes_to_the_player_next_in_turn_order():
    game = buy_game()
    game.apply("draw")                      # player 0 declines KH: the others are asked
    assert game.phase == "buy" and game.buy_offer["card"] == card("KH")
    play(game, "pass", "pass", "pass", "discard 9H")
    game.apply("draw")                      # player 1 declines 9H
    assert game.phase == "buy" and game.current_player == 2
    assert game.view(3)["buy_offer"]["waiting"] == [2, 3]
    game.apply("buy")
    assert game.current_player == 3 and game.view(0)["buy_offer"]["called"] == [2]
    game.apply("buy")                       # contested: player 2 sits nearer to player 1
    assert game.phase == "play" and game.current_player == 1
    assert set(parse_cards("9H 3D")) <= set(game.hand(2)) and len(game.hand(2)) == 5
    assert len(game.hand(3)) == 3
    assert game.buys_left(2) == 2 and game.buys_left(3) == 3
    view = game.view(0)
    assert view["known_cards"]["2"] == ["9H"]      # everybody saw the 9H; the penalty card is hidden
    assert "3D" not in json.dumps(view)


def test_player_to_move_has_first_refusal():
    game = buy_game()
    play(game, "draw", "pass", "pass", "pass", "discard 9H")
    game.apply("take")
    assert game.phase == "play" and game.current_player == 1 and card("9H") in game.hand(1)


def test_at_most_the_allowed_number_of_buys():
    game = buy_game(get_rules("contract", max_buys=1))
    play(game, "draw", "pass", "buy", "pass")          # player 2 buys KH
    assert game.buys_left(2) == 0
    play(game, "discard 9H", "draw")                    # only player 3 may still buy
    assert game.buy_offer["waiting"] == (3,)


def test_no_buying_in_liverpool():
    game = buy_game("liverpool")
    game.apply("draw")
    assert game.phase == "play" and game.view(1)["buys_left"] is None


def test_buy_answer_out_of_turn_refused():
    game = buy_game()
    game.apply("draw")
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match="buy"):
        game.apply("discard 9H")
    assert snapshot(game) == before


# --- the contract ---------------------------------------------------------------------------

def contract_game(rules="contract", **kwargs):
    return from_deal(rules, ["8S 8H 8D 5C 5D 5H 2S 9C", "3C 7D 8C 4H", "9S 9D 4D 6C", "KD 6H KC 2H"],
                     stock="KH 8S#2 JD QS 10C 10D", discard="AC", **kwargs, constructed=True)


def test_no_partial_contract():
    game = play(contract_game("liverpool"), "draw")
    before = snapshot(game)
    with pytest.raises(IllegalMoveError) as error:
        game.apply("meld 8S 8H 8D")
    assert error.value.reasons[0].code == "contract_wrong_meld_count"
    assert snapshot(game) == before
    game.apply("meld 8S 8H 8D | 5C 5D 5H")
    assert game.has_contract_down(0) and [m.owner for m in game.table] == [0, 0]


def test_lay_down_must_match_the_contract_kinds():
    game = from_deal("liverpool", ["8S 8H 8D 5C 5D 5H 6H 7H 4H", "3C 7D", "9S 9D", "KD 6C"],
                     stock="KH QS", discard="AC", hand=2, constructed=True)
    game.apply("draw")
    with pytest.raises(IllegalMoveError) as error:
        game.apply("meld 8S 8H 8D | 5C 5D 5H")
    assert error.value.reasons[0].code == "contract_missing"
    game.apply("meld 8S 8H 8D | 4H 5H 6H 7H")
    assert [m.meld.kind for m in game.table] == ["set", "run"]


def test_first_lay_down_holds_exactly_the_contract_melds_unless_the_option_says_otherwise():
    game = from_deal("liverpool", ["8S 8H 8D 5C 5D 5H 2S 2H 2D", "3C 7D", "9S 9D", "KD 6H"],
                     stock="KH QS", discard="AC", constructed=True)
    game.apply("draw")
    with pytest.raises(IllegalMoveError, match="exactly 2 melds"):
        game.apply("meld 8S 8H 8D | 5C 5D 5H | 2S 2H 2D")
    game.apply("meld 8S 8H 8D | 5C 5D 5H")
    loose = from_deal(get_rules("liverpool", contract_melds_exact=False),
                      ["8S 8H 8D 5C 5D 5H 2S 2H 2D", "3C 7D", "9S 9D", "KD 6H"], stock="KH QS",
                      discard="AC", constructed=True)
    play(loose, "draw", "meld 8S 8H 8D | 5C 5D 5H | 2S 2H 2D")
    assert len(loose.table) == 3


def test_longer_melds_hold_the_contract_and_lay_offs_start_next_turn():
    game = play(contract_game("liverpool"), "draw", "meld 8S 8H 8D | 5C 5D 5H")
    with pytest.raises(IllegalMoveError, match="turn after"):
        game.apply("layoff 9C on 1")
    with pytest.raises(IllegalMoveError, match="contract is down"):
        game.apply("meld 2S 9C KH")
    play(game, "discard 2S", "draw", "discard 3C", "draw", "discard 4D", "draw", "discard 2H")
    game.apply("draw")                      # player 0's next turn: 10C
    with pytest.raises(IllegalMoveError, match="does not fit"):
        game.apply("layoff 9C on 1")
    assert not game.is_hand_over


def test_lay_off_only_after_own_contract():
    game = contract_game("liverpool", table=[(1, "QH QD QC")])
    game.apply("draw")
    with pytest.raises(IllegalMoveError, match="after your contract"):
        game.apply("layoff 8S on 1")


def test_hand_seven_ends_without_discard_and_scores_penalties():
    hands = ["4H 5H 6H 7H 8S 9S 10S JS 2C 3C 4C 5C", "JK AS KD 5D", "2H", "QC"]
    game = from_deal("liverpool", hands, stock="6C 9D", discard="KH", hand=7, scores=[10, 20, 30, 40], constructed=True)
    game.apply("draw")
    with pytest.raises(IllegalMoveError, match="every card"):
        game.apply("meld 4H 5H 6H 7H | 8S 9S 10S JS | 2C 3C 4C 5C")
    assert not any(a.kind == "discard" and len(game.hand(0)) == 1 for a in game.legal_actions())
    game.apply("meld 4H 5H 6H 7H | 8S 9S 10S JS | 2C 3C 4C 5C 6C")
    result = game.hand_results[-1]
    assert result.went_out == 0 and result.scores == (0, 25 + 15 + 10 + 5, 5, 10)
    assert game.is_game_over and game.winners == (0,)


def test_last_card_cannot_be_discarded_in_hand_seven():
    game = from_deal("liverpool", ["QC", "2H 3H", "4H 5H", "6H 7H"], stock="9D", discard="KH", hand=7, constructed=True)
    game.apply("draw")
    assert [a.kind for a in game.legal_actions()] == ["discard", "discard"]  # down to 1 card only


def test_ties_broken_by_hand_seven_then_shared():
    hands = ["4H 5H 6H 7H 8S 9S 10S JS 2C 3C 4C 5C", "2D 3D", "3H", "QC"]
    game = from_deal("liverpool", hands, stock="6C", discard="KH", hand=7, scores=[50, 40, 45, 60], constructed=True)
    game.apply("draw")
    game.apply("meld 4H 5H 6H 7H | 8S 9S 10S JS | 2C 3C 4C 5C 6C")
    assert game.scores == (50, 50, 50, 70) and game.winners == (0,)
    game = from_deal("liverpool", ["4H 5H 6H 7H 8S 9S 10S JS 2C 3C 4C 5C", "2D", "3H", "QC"],
                     stock="6C", discard="KH", hand=7, scores=[60, 40, 40, 60], constructed=True)
    play(game, "draw", "meld 4H 5H 6H 7H | 8S 9S 10S JS | 2C 3C 4C 5C 6C")
    assert game.scores == (60, 45, 45, 70) and game.winners == (1, 2)


def test_stock_reshuffled_from_discards_except_the_top():
    game = from_deal("liverpool", ["2S 5H 9D", "3C 7D 8S", "9S 4D 6C"], stock="AH",
                     discard="KH QS JD 10C", constructed=True)
    play(game, "draw", "discard 9D")
    assert game.stock_size == 4 and game.discard_pile == parse_cards("9D")
    assert sorted(game.card_places()["stock"], key=lambda c: c.sort_key()) == sorted(
        parse_cards("KH QS JD 10C"), key=lambda c: c.sort_key())


# --- deals and variants ---------------------------------------------------------------------

@pytest.mark.parametrize("name, hand, dealt", [("contract", 1, 10), ("contract", 5, 12),
                                              ("double-progressive", 1, 7), ("shanghai", 8, 12)])
def test_cards_dealt_by_hand(name, hand, dealt):
    rules = get_rules(name)
    assert rules.cards_dealt(4, hand) == dealt
    game = new_game(name, 4, seed=1)
    assert game.hand_sizes() == (rules.cards_dealt(4, 1),) * 4


@pytest.mark.parametrize("players, cards", [(4, 108), (6, 108), (7, 162), (8, 162)])
def test_decks_by_player_count(players, cards):
    game = new_game("contract", players, seed=1)
    assert sum(len(c) for c in game.card_places().values()) == cards


def test_shanghai_eighth_hand_goes_out_with_the_contract():
    hand = "8S 8H 8D 5C 5D 5H 2S 2H 2D 9C 10C JC"
    game = from_deal("shanghai", [hand, "4H", "KD", "QC"], stock="QC#2",
                     discard="KH", hand=8, constructed=True)
    game.apply("draw")
    game.apply("meld 8S 8H 8D | 5C 5D 5H | 2S 2H 2D | 9C 10C JC QC#2")
    assert game.is_game_over and game.hand_results[-1].went_out == 0


def test_california_queens_are_wild():
    game = from_deal("california", ["8S QH 8D 5C 5D QS 2C", "3C", "9S", "KD"], stock="KH", discard="AC", constructed=True)
    play(game, "draw", "meld 8S QH 8D | 5C 5D QS")
    assert game.table[0].meld.rank == 8


def test_contract_view_shows_the_contract():
    view = new_game("contract", 4, seed=2).view(1)
    assert view["contract"] == "two sets of 3" and view["buys_left"] == [3, 3, 3, 3]


def test_custom_ladder_sets_hands_deals_and_the_end():
    rules = get_rules("contract", ladder=[(8, "one run of 7"), (10, "two sets of 3")])
    game = new_game(rules, 3, seed=4)
    assert game.hand_sizes() == (8, 8, 8) and str(game.contract) == "one run of 7"
    game = from_deal(rules, ["4H 5H 6H 7H 8H 9H 10H 2C", "KD", "QC"], stock="3C", discard="KH", hand=2,
                     scores=[0, 0, 0], constructed=True)
    with pytest.raises(IllegalMoveError):
        game.apply("draw").apply("meld 4H 5H 6H 7H 8H 9H 10H")   # hand 2 asks for two sets
    game = from_deal(rules, ["4H 5H 6H 7H 8H 9H 10H 2C", "KD", "QC"], stock="3C", discard="KH", constructed=True)
    play(game, "draw", "meld 4H 5H 6H 7H 8H 9H 10H", "discard 2C")
    assert not game.is_hand_over and game.has_contract_down(0)
