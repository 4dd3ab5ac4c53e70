"""Playing games between computer players, for lessons, benchmarks and the CLI.

``simulate("basic", players=["medium"] * 4, hands=100, seed=1)`` plays 100 hands
(game after game, so Contract Rummy hands climb the ladder) and returns one plain
dict per hand, ready for a table or a plot.
"""

from __future__ import annotations

from .ai import Bot
from .setup import as_rules, new_game

MAX_ACTIONS_PER_HAND = 5000  # a safety net: a hand never needs nearly this many


def make_bots(levels, seed):
    return [Bot(level, seed=f"{seed}/bot{i}") for i, level in enumerate(levels)]


def play_hand(game, bots, on_action=None) -> None:
    """Let the bots play ``game`` until its current hand is over."""
    for _ in range(MAX_ACTIONS_PER_HAND):
        if game.is_hand_over:
            return
        player = game.current_player
        action = bots[player].act(game)
        if on_action is not None:
            on_action(game, player, action)
        game.apply(action)
    raise RuntimeError(f"hand {game.hand_number} did not end after {MAX_ACTIONS_PER_HAND} actions")


def play_game(rules, levels, seed=0, dealer=None, on_action=None):
    """A whole game between bots of the given ``levels`` (one per seat); returns it."""
    game = new_game(rules, len(levels), seed=seed, dealer=dealer)
    bots = make_bots(levels, seed)
    while True:
        play_hand(game, bots, on_action)
        if game.is_game_over:
            return game
        if on_action is not None:
            on_action(game, game.current_player, None)
        game.apply("next")


def simulate(rules, players=("medium", "medium"), hands: int = 10, seed=0) -> list[dict]:
    """Play ``hands`` hands between bots (``players`` lists their levels) and return
    one dict per hand: the game and hand number, who dealt, who went out, how it
    ended, each player's score for the hand, deadwood points and the actions taken."""
    rules = as_rules(rules)
    levels = list(players)
    results = []
    game_no = 0
    while len(results) < hands:
        game_seed = f"{seed}/game{game_no}"
        game = new_game(rules, len(levels), seed=game_seed)
        bots = make_bots(levels, game_seed)
        while len(results) < hands:
            before = game.actions_played
            play_hand(game, bots)
            result = game.hand_results[-1]
            row = result.to_dict()
            row.update({"game": game_no, "levels": levels, "actions": game.actions_played - before,
                        "totals": list(game.scores)})
            results.append(row)
            if game.is_game_over:
                break
            game.apply("next")
        game_no += 1
    return results
