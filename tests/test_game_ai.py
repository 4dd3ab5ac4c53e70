"""Computer players: legal, deterministic, quick, and stronger as the level rises."""

import json
import random

import pytest

from rummy_teach.game import Action, new_game
from rummy_teach.game.ai import LEVELS, Bot, choose_action
from rummy_teach.game.simulate import make_bots, play_game, play_hand, simulate
from rummy_teach.rules import get_rules

# plays many whole games: make test runs these in their own lane (tests/conftest.py)
pytestmark = pytest.mark.games

GAMES = [("basic", 2), ("basic", 4), ("500", 3), ("500", 6), ("contract", 4), ("persian", 3),
         ("partnership", 4), ("booting", 2), ("california", 3), ("shanghai", 3), ("double-progressive", 3)]


@pytest.mark.parametrize("name, players", GAMES)
def test_bots_play_a_whole_game_legally(name, players):
    levels = [LEVELS[i % 3] for i in range(players)]
    game = play_game(name, levels, seed=3)   # apply() would raise on an illegal action
    assert game.is_game_over and game.winners


@pytest.mark.parametrize("name", ["500", "booting"])
def test_bots_keep_a_final_discard_when_the_option_asks_for_one(name):
    # the bots once worked this rule out for themselves and melded a taken card's
    # meld with their last cards (seed 4); now they ask the judge
    rules = get_rules(name, final_discard_required=True)
    game = new_game(rules, 3, seed=4)
    bots = make_bots(["hard", "medium", "easy"], 4)
    for _ in range(3):
        play_hand(game, bots, None)   # apply() would raise on an illegal action
        last = [m["action"] for m in game.history["moves"] if "player" in m][-1]
        if game.hand_results[-1].ending == "went out":
            assert last.startswith("discard"), last   # out by the final discard
        if game.is_game_over:
            break
        game.apply("next")
    assert any(r.ending == "went out" for r in game.hand_results)


def test_bot_action_is_among_the_legal_actions():
    game = new_game("500", 3, seed=5)
    bots = [Bot(level, seed=i) for i, level in enumerate(LEVELS)]
    for _ in range(150):
        if game.is_game_over:
            break
        action = bots[game.current_player].act(game)
        listed = game.legal_actions()
        if action.kind != "meld":   # lay-downs may be any legal grouping, not only the listed ones
            assert action in listed
        game.apply(action)


def test_same_seed_same_game():
    a = play_game("basic", ["hard", "easy"], seed=11)
    b = play_game("basic", ["hard", "easy"], seed=11)
    assert json.dumps(a.history) == json.dumps(b.history)


def test_choose_action_checks_its_arguments():
    game = new_game("basic", 2, seed=1)
    with pytest.raises(ValueError):
        choose_action(game, game.current_player, "genius", random.Random(1))
    with pytest.raises(ValueError):
        choose_action(game, 1 - game.current_player, "easy", random.Random(1))
    with pytest.raises(ValueError):
        Bot("grandmaster")   # "expert" is a level now (the coach's search)


def test_hand_over_means_next():
    game = play_game("basic", ["medium", "medium"], seed=2)
    assert game.is_game_over
    game = new_game("basic", 2, seed=2)
    bots = [Bot("medium", seed=0), Bot("medium", seed=1)]
    while not game.is_hand_over:
        game.apply(bots[game.current_player].act(game))
    if not game.is_game_over:
        assert bots[game.current_player].act(game) == Action("next")


@pytest.mark.parametrize("name, players", [("basic", 2), ("500", 4), ("contract", 4)])
def test_hard_players_make_the_same_moves_from_the_same_seed(name, players):
    # Speed per move is measured by benchmarks/bench_ai.py (docs/benchmarks-game.md);
    # tests check behaviour only.
    def moves():
        game = new_game(name, players, seed=8)
        bots = [Bot("hard", seed=i) for i in range(players)]
        played = []
        while not game.is_game_over and len(played) < 300:
            action = Action("next") if game.is_hand_over else bots[game.current_player].act(game)
            played.append(str(action))
            game.apply(action)
        return played
    assert moves() == moves()


@pytest.mark.slow  # hundreds of whole games: make test, not make check
def test_medium_beats_easy_and_hard_beats_medium_in_basic_rummy():
    def rate(strong, weak, games=30):
        wins = 0
        for i in range(games):
            levels = [strong, weak] if i % 2 == 0 else [weak, strong]
            game = play_game("basic", levels, seed=f"test/{i}")
            wins += levels.index(strong) in game.winners
        return wins / games
    assert rate("medium", "easy") >= 0.75
    assert rate("hard", "medium", games=40) >= 0.5


def test_hard_digs_only_when_it_pays_and_uses_the_card():
    from rummy_teach.game import from_deal
    game = from_deal("500", ["QH KH 5S 9D 2C 7S 4D", "2H 3H 6C 7C", "JD 3S 4S 6S"],
                     stock="8C 2D", discard="AH 10S 6D 5C 8H", table=[(1, "9C 10C JC")], constructed=True)
    action = Bot("hard").act(game)
    assert action == Action("take", depth=5)        # A♥ completes Q-K-A: 35 points
    cautious = from_deal("500", ["QH KH 5S 9D 2C 7S 4D", "2H 3H", "JD 3S 4S 6S"],
                         stock="8C 2D", discard="AH 10S 6D 5C 8H", table=[(1, "9C 10C JC")], constructed=True)
    assert Bot("hard").act(cautious) == Action("draw")  # an opponent is about to go out
    game.apply(action)
    assert Bot("hard").act(game).kind in ("meld", "layoff")


def test_simulate_returns_rows_a_lesson_can_tabulate():
    rows = simulate("basic", ["medium"] * 4, hands=5, seed=1)
    assert len(rows) == 5 and all(len(r["scores"]) == 4 for r in rows)
    assert json.loads(json.dumps(rows)) == rows
    assert {"hand", "went_out", "ending", "scores", "deadwood_points", "actions"} <= set(rows[0])


@pytest.mark.slow  # eight Contract hands by the computer players (make check plays a whole
# Contract game in test_bots_play_a_whole_game_legally)
def test_simulate_starts_a_new_contract_game_after_hand_seven():
    contract = simulate("contract", ["medium", "easy", "hard"], hands=8, seed=2)
    assert [r["hand"] for r in contract][:7] == [1, 2, 3, 4, 5, 6, 7] and contract[7]["hand"] == 1


def test_four_medium_players_finish_their_hands():
    # medium used to discard its highest loose card even when it paired with another, and
    # took only discards that made a meld: four of them voided 43 % of Basic hands
    rows = simulate("basic", players=["medium"] * 4, hands=100, seed=1)
    voids = sum(1 for r in rows if r["ending"] == "void")
    assert voids <= 10
