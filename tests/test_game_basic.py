"""Basic Rummy played through the game protocol: one test per rule, scripted from text."""

import json

import pytest

from rummy_teach import IllegalMoveError, parse_cards
from rummy_teach.game import Action, from_deal, new_game, replay


def play(game, *actions):
    for action in actions:
        game.apply(action)
    return game


def snapshot(game):
    return (str(game), json.dumps(game.history), [json.dumps(game.view(p)) for p in range(game.num_players)])


# --- the source's 30-point hand -------------------------------------------------------------

YOU = "8S 8H 8D 4H 5H 6H 2C 3C 4C 9D"
OPPONENT = "8C KC QD 9S AC 3D 4D 5D 6D JH"


def test_thirty_point_hand():
    game = from_deal("basic", [YOU, OPPONENT], stock="7H 7D 5C 2H", discard="KH", constructed=True)
    play(game, "draw", "meld 8S 8H 8D", "meld 4H 5H 6H 7H", "discard 9D")
    play(game, "draw", "layoff 8C on 1", "meld 3D 4D 5D 6D 7D", "discard JH")
    assert game.hand(1) == parse_cards("KC QD 9S AC")
    assert [m.owner for m in game.table] == [0, 0, 1]
    assert str(game.table[0].meld) == "8♠ 8♥ 8♦ 8♣"
    play(game, "draw", "meld 2C 3C 4C 5C")
    assert game.is_hand_over and not game.is_game_over
    result = game.hand_results[-1]
    assert result.went_out == 0 and not result.rummy
    assert result.scores == (30, 0) and game.scores == (30, 0)


def test_rummy_doubles_the_same_going_out():
    game = from_deal("basic", [YOU, "KC QD 9S AC"], stock="7H 5C", discard="KH", constructed=True)
    play(game, "draw", "meld 8S 8H 8D", "meld 4H 5H 6H 7H", "meld 2C 3C 4C", "discard 9D")
    result = game.hand_results[-1]
    assert result.rummy and result.scores == (60, 0)


def test_no_rummy_when_something_was_already_down():
    game = from_deal("basic", [YOU, "KC QD 9S AC"], stock="7H 5C", discard="KH", table=[(0, "JS JH JD")], constructed=True)
    play(game, "draw", "meld 8S 8H 8D", "meld 4H 5H 6H 7H", "meld 2C 3C 4C", "discard 9D")
    assert game.hand_results[-1].scores == (30, 0)


def test_rummy_rule_off_does_not_double():
    from rummy_teach import get_rules
    game = from_deal(get_rules("basic", rummy_doubles=False), [YOU, "KC QD 9S AC"], stock="7H 5C",
                     discard="KH", constructed=True)
    play(game, "draw", "meld 8S 8H 8D", "meld 4H 5H 6H 7H", "meld 2C 3C 4C", "discard 9D")
    assert game.hand_results[-1].scores == (30, 0)


# --- the discard restriction ---------------------------------------------------------------

def test_card_taken_from_discard_pile_cannot_be_discarded():
    game = from_deal("basic", ["2S 5H 9D JC KS QH", "3H 6D 10C QS 7C 4S"], stock="AH 2D", discard="KC", constructed=True)
    game.apply("take")
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match="taken from the discard pile"):
        game.apply("discard KC")
    assert snapshot(game) == before
    assert Action.parse("discard KC") not in game.legal_actions()
    game.apply("discard KS")


def test_card_taken_as_last_card_goes_out():
    game = from_deal("basic", ["QH QD QS", "3H 6D 10C 7C 4S"], stock="AH 2D", discard="KC", constructed=True)
    play(game, "take", "meld QH QD QS")
    assert game.hand(0) == parse_cards("KC")
    game.apply("discard KC")
    assert game.is_hand_over and game.hand_results[-1].went_out == 0


# --- the stock ------------------------------------------------------------------------------

def test_stock_turned_over_without_shuffling_twice_then_void():
    game = from_deal("basic", ["2S 5H 9D JC KS", "3H 6D 10C QS 7C"], stock="AH", discard="4C", constructed=True)
    play(game, "draw", "discard AH")                      # the stock is empty
    assert game.stock_size == 2 and game.discard_pile == ()  # turned over: 4C now on top
    game.apply("draw")
    assert parse_cards("4C")[0] in game.hand(1)
    play(game, "discard 4C", "draw", "discard AH")        # empty again: second turnover
    assert not game.is_hand_over and game.stock_size == 2
    play(game, "draw", "discard 4C", "draw", "discard AH")  # third time: void
    assert game.is_hand_over
    result = game.hand_results[-1]
    assert result.ending == "void" and result.went_out is None and result.scores == (0, 0)


def test_turnover_keeps_the_pile_order():
    game = from_deal("basic", ["2S 5H 9D JC KS", "3H 6D 10C QS 7C"], stock="AH", discard="4C 8D", constructed=True)
    play(game, "draw", "discard AH")
    assert game.card_places()["stock"] == parse_cards("4C 8D AH")  # bottom card on top


# --- dealing and turns ----------------------------------------------------------------------

@pytest.mark.parametrize("players, dealt", [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_deal_sizes(players, dealt):
    game = new_game("basic", players, seed=4)
    first = game.current_player
    assert [len(game.hand(p)) for p in range(players)] == [dealt] * players
    assert len(game.discard_pile) == 1
    assert game.stock_size == 52 - players * dealt - 1
    assert first == (game.dealer + 1) % players


def test_dealer_passes_left_and_first_player_is_left_of_dealer():
    game = new_game("basic", 3, seed=2, dealer=1)
    assert game.dealer == 1 and game.current_player == 2
    from rummy_teach import get_rules
    game = from_deal(get_rules("basic", target=300), ["QH QD QS", "3H 6D 10C 7C", "4S 9H JD KS"],
                     stock="AH", discard="KC", dealer=2, seed=5, constructed=True)
    play(game, "draw", "meld QH QD QS", "discard AH")
    assert game.is_hand_over and game.current_player == 0  # the next dealer deals
    game.apply("next")
    assert game.dealer == 0 and game.current_player == 1 and game.hand_number == 2
    assert [len(game.hand(p)) for p in range(3)] == [7, 7, 7]


def test_same_seed_same_deal_and_different_seed_different_deal():
    a, b, c = new_game("basic", 2, seed=9), new_game("basic", 2, seed=9), new_game("basic", 2, seed=10)
    assert a.hand(0) == b.hand(0) and a.dealer == b.dealer
    assert a.hand(0) != c.hand(0)


# --- game end -------------------------------------------------------------------------------

def test_game_ends_at_target_with_one_winner():
    game = from_deal("basic", ["QH QD QS", "KC KD 9S"], stock="AH", discard="5C", scores=[90, 50], constructed=True)
    play(game, "draw", "meld QH QD QS", "discard AH")
    assert game.scores == (90 + 2 * 29, 50)  # a rummy, too
    assert game.is_game_over and game.winners == (0,) and game.legal_actions() == []
    with pytest.raises(IllegalMoveError):
        game.apply("next")


def test_exact_tie_at_target_plays_another_hand():
    game = from_deal("basic", ["QH QD QS", "KC KD"], stock="AH", discard="5C", scores=[80, 120], constructed=True)
    play(game, "draw", "meld QH QD QS", "discard AH")
    assert game.scores == (80 + 2 * 20, 120) and not game.is_game_over
    assert game.legal_actions() == [Action("next")]


def test_target_option():
    from rummy_teach import get_rules
    game = from_deal(get_rules("basic", target=50), ["QH QD QS", "KC KD 9S"], stock="AH",
                     discard="5C", scores=[25, 0], constructed=True)
    play(game, "draw", "meld QH QD QS", "discard AH")
    assert game.is_game_over


# --- illegal actions ------------------------------------------------------------------------

@pytest.mark.parametrize("text, code", [
    ("discard 2S", "draw_first"),
    ("meld 2S 5H 9D", "draw_first"),
    ("buy", "draw_first"),
    ("take 2", "take_top_only"),
])
def test_illegal_first_actions_are_refused_and_change_nothing(text, code):
    game = from_deal("basic", ["2S 5H 9D JC KS", "3H 6D 10C QS 7C"], stock="AH 2D", discard="4C 8D", constructed=True)
    before = snapshot(game)
    with pytest.raises(IllegalMoveError) as error:
        game.apply(text)
    assert error.value.codes == (code,)
    assert error.value.verdict.codes == (code,) and not error.value.verdict
    assert snapshot(game) == before


def test_bad_meld_quotes_engine_reasons():
    game = from_deal("basic", ["QH KH AH 2C 5D", "3H 6D 10C QS 7C"], stock="9C 2D",
                     discard="4C", constructed=True)
    game.apply("draw")
    with pytest.raises(IllegalMoveError) as error:
        game.apply("meld QH KH AH")
    assert "ace_high_not_allowed" in [r.code for r in error.value.reasons]
    assert "ace is low" in str(error.value)


def test_cards_not_in_hand_and_fifth_eight_refused():
    game = from_deal("basic", ["8C 2C 5D", "3H 6D 10C QS 7C"], stock="9C 2D", discard="4C",
                     table=[(1, "8S 8H 8D")], constructed=True)
    game.apply("draw")
    with pytest.raises(IllegalMoveError, match="not in your hand"):
        game.apply("layoff 8S on 1")
    game.apply("layoff 8C on 1")
    assert len(game.table[0].cards) == 4


def test_history_round_trips_through_json():
    game = from_deal("basic", [YOU, OPPONENT], stock="7H 7D 5C 2H", discard="KH", constructed=True)
    play(game, "draw", "meld 8S 8H 8D", "meld 4H 5H 6H 7H", "discard 9D", "draw", "layoff 8C on 1")
    again = replay(json.loads(json.dumps(game.history)))
    assert snapshot(again) == snapshot(game)
    part = replay(game.history, upto=2)
    assert len(part.table) == 1 and part.phase == "play"
