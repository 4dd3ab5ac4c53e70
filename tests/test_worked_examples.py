"""Worked examples: every number their captions quote comes from the engine."""

import pytest

from rummy_teach.game import Game, replay
from rummy_teach.lessons.worked_examples import EXAMPLES, RUMMY_VARIANT, THIRTY_POINTS, get_example


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_script_plays_legally_to_the_end_of_its_hand(name):
    example = get_example(name)
    game = example.game_at(len(example))
    assert game.is_hand_over
    assert [example.caption(k) for k in range(len(example) + 1)]  # every caption formats


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_every_deal_uses_the_whole_deck_once(name):
    game = get_example(name).start()
    places = game.card_places()
    cards = [c for cards in places.values() for c in cards]
    assert len(cards) == len(set(cards))
    from rummy_teach.cards import make_deck
    assert sorted(cards, key=lambda c: c.sort_key()) == sorted(
        make_deck(*game.rules.deck_for(game.num_players)), key=lambda c: c.sort_key())


def test_the_thirty_point_hand_matches_the_rule_book():
    example = THIRTY_POINTS
    start = example.start()
    you = set(start.hand(0))
    assert {c.text(ascii=True) for c in you} >= {"8S", "8H", "8D", "4H", "5H", "6H"}
    assert len(start.hand(0)) == len(start.hand(1)) == 10
    after_draw = example.game_at(1)
    assert "7H" in {c.text(ascii=True) for c in after_draw.hand(0)}
    end = example.game_at(len(example))
    result = end.hand_results[-1]
    assert result.went_out == 0 and not result.rummy
    assert sorted(c.text(ascii=True) for c in result.deadwood[1]) == sorted(["KC", "QD", "9S", "AC"])
    assert result.scores == (30, 0)
    # the opponent laid 8♣ off on your eights
    eights = [m for m in end.table if m.owner == 0 and m.meld.kind == "set"][0]
    assert "8C" in {c.text(ascii=True) for c in eights.cards}
    last = example.caption(len(example))
    assert "you score 30" in last and "60" in last


def test_the_rummy_variant_doubles_to_sixty():
    end = RUMMY_VARIANT.game_at(len(RUMMY_VARIANT))
    result = end.hand_results[-1]
    assert result.rummy and result.scores[0] == 60
    assert sorted(c.text(ascii=True) for c in result.deadwood[1]) == sorted(["KC", "QD", "9S", "AC"])


def test_rummy_500_dig_scores_melded_minus_deadwood():
    example = get_example("rummy500_dig")
    after_dig = example.game_at(1)
    assert after_dig.must_use is not None and after_dig.must_use.text(ascii=True) == "QS"
    end = example.game_at(len(example))
    result = end.hand_results[-1]
    assert result.scores == tuple(m - d for m, d in zip(result.melded_points, result.deadwood_points))
    assert result.scores == (93, 80)   # with the melds each player had down before: 86 and 42 points
    # the 7♦ laid off on the opponent's run scores for you
    run = end.table[0]
    assert run.owner == 1 and 0 in run.placed_by
    assert "you 123 - 30 = 93" in example.caption(len(example))


def test_contract_last_hand_has_a_buy_and_ends_without_a_discard():
    example = get_example("contract_last_hand")
    actions = example.actions
    assert "buy" in actions and actions[-1].startswith("meld")
    before_buy = example.game_at([s.action for s in example.steps].index("buy"))
    assert before_buy.phase == "buy"
    end = example.game_at(len(example))
    assert end.is_game_over and end.hand_number == 7
    assert end.hand_results[-1].went_out == 0 and end.hand(0) == ()
    assert end.winners == (0,)


def test_history_replays_to_the_same_game_and_steps_are_bounded():
    example = THIRTY_POINTS
    assert str(replay(example.history)) == str(example.game_at(len(example)))
    assert isinstance(example.start(), Game)
    with pytest.raises(ValueError, match="step must be 0 to 11"):
        example.game_at(12)
    with pytest.raises(KeyError, match="thirty_points"):
        get_example("nope")


def _texts(cards):
    return {c.text(ascii=True) for c in cards}


def test_three_player_500_hand_digs_six_deep_and_lays_off_on_two_opponents():
    example = get_example("rummy500_three")
    start = example.start()
    assert start.num_players == 3 and len(start.discard_pile) == 7
    dug = example.game_at(1)
    assert str(dug.must_use) == "K♦" and len(dug.hand(0)) == len(start.hand(0)) + 6
    assert _texts(dug.hand(0)) >= {"KD", "7S", "2C", "8H", "4D", "6C"}
    kings = example.game_at(2).table[-1]
    assert kings.points_by_player(start.rules) == {0: 30}                  # "30 points"
    after = example.game_at(4)
    cleo_run, ben_set = after.table[0], after.table[1]
    assert (cleo_run.owner, ben_set.owner) == (2, 1)
    assert cleo_run.points_by_player(start.rules)[0] == 10                 # Q♣ scores for you
    assert ben_set.points_by_player(start.rules)[0] == 5                   # 5♣ too
    assert len(example.game_at(5).hand(0)) == 7                           # "seven cards"
    end = example.game_at(len(example))
    result = end.hand_results[-1]
    assert result.went_out == 1 and result.scores[0] < 0 < 30 < result.deadwood_points[0]
    assert result.scores == tuple(m - d for m, d in zip(result.melded_points, result.deadwood_points))


def test_contract_contested_buy_goes_to_the_first_buyer_after_the_player_to_move():
    example = get_example("contract_contested_buy")
    start = example.start()
    assert start.num_players == 4 and start.hand_number == 7
    assert all(len(start.hand(p)) == 12 for p in range(4)) and not start.table
    actions = [s.action for s in example.steps]
    both = actions.index("buy")
    assert actions[both + 1] == "buy"                                    # two players call buy
    before = example.game_at(both)                                       # Dana drew: first refusal declined
    assert before.current_player == 0
    after = example.game_at(both + 2)
    gained = _texts(after.hand(0)) - _texts(before.hand(0))
    assert gained == {"5C", "7S"}                                        # the card and the penalty card
    assert len(after.hand(1)) == len(before.hand(1)) and after.buys_left(1) == before.buys_left(1)
    drawn = example.game_at(both + 4)
    assert len(drawn.hand(0)) == 15                                      # "fifteen cards"
    end = example.game_at(len(example))
    result = end.hand_results[-1]
    assert result.went_out == 0 and end.is_game_over and end.winners == (0,)
    assert sum(len(m.cards) for m in end.table) == 15 and all(m.meld.kind == "run" for m in end.table)
