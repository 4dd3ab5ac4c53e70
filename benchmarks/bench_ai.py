"""Strength of the computer players: seeded games between levels, win rates per pairing.

    python benchmarks/bench_ai.py                      # every pairing, 1000 games/hands each
    python benchmarks/bench_ai.py --games 200 --only basic

Basic Rummy and Rummy 500 are played two-handed to their targets; the two levels
swap seats every game, and a pairing's number is the share of games the stronger
level wins. Contract Rummy needs three or more players, so it is played four-handed
with the levels in alternate seats (A B A B, swapped every game) and measured per
hand (a whole 7-hand game takes about a second): the share of hands the level went
out in, and its mean penalty per player per hand. A shorter run of whole games
gives the share of game wins by seat. Every decision's time is recorded too.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_teach.game import new_game  # noqa: E402
from rummy_teach.game.simulate import make_bots  # noqa: E402

PAIRINGS = [("hard", "medium"), ("medium", "easy"), ("hard", "easy")]


class Timer:
    def __init__(self):
        self.times = {}

    def wrap(self, bots):
        timer = self

        class Timed:
            def __init__(self, bot):
                self.bot = bot

            def act(self, game):
                start = time.perf_counter()
                action = self.bot.act(game)
                elapsed = time.perf_counter() - start
                timer.times.setdefault(self.bot.level, []).append(elapsed)
                return action
        return [Timed(b) for b in bots]


def play(rules, levels, seed, timer, whole_game=True):
    game = new_game(rules, len(levels), seed=seed)
    bots = timer.wrap(make_bots(levels, seed))
    hands = []
    while True:
        while not game.is_hand_over:
            game.apply(bots[game.current_player].act(game))
        hands.append(game.hand_results[-1])
        if game.is_game_over or not whole_game:
            return game, hands
        game.apply("next")


def two_handed(rules, strong, weak, games, timer):
    wins = 0
    for i in range(games):
        levels = [strong, weak] if i % 2 == 0 else [weak, strong]
        game, _ = play(rules, levels, f"bench/{rules}/{strong}-{weak}/{i}", timer)
        if levels.index(strong) in game.winners:
            wins += 1
    return {"game": rules, "players": 2, "pairing": f"{strong} vs {weak}", "games": games,
            "win_rate": wins / games}


def contract_hands(strong, weak, hands, timer, games_for_wins):
    out = {strong: 0, weak: 0}
    penalty = {strong: 0, weak: 0}
    seats = {strong: 0, weak: 0}
    played = 0
    i = 0
    while played < hands:
        levels = [strong, weak, strong, weak] if i % 2 == 0 else [weak, strong, weak, strong]
        game = new_game("contract", 4, seed=f"bench/contract/{strong}-{weak}/{i}")
        bots = timer.wrap(make_bots(levels, f"bench/contract/{strong}-{weak}/{i}"))
        while played < hands:
            while not game.is_hand_over:
                game.apply(bots[game.current_player].act(game))
            result = game.hand_results[-1]
            played += 1
            if result.went_out is not None:
                out[levels[result.went_out]] += 1
            for p, s in enumerate(result.scores):
                penalty[levels[p]] += s
                seats[levels[p]] += 1
            if game.is_game_over:
                break
            game.apply("next")
        i += 1
    game_wins = {strong: 0.0, weak: 0.0}
    for g in range(games_for_wins):
        levels = [strong, weak, strong, weak] if g % 2 == 0 else [weak, strong, weak, strong]
        game, _ = play("contract", levels, f"bench/contract-games/{strong}-{weak}/{g}", timer)
        for w in game.winners:
            game_wins[levels[w]] += 1 / len(game.winners)
    return {"game": "contract", "players": 4, "pairing": f"{strong} vs {weak}", "hands": played,
            "went_out_share": out[strong] / max(1, out[strong] + out[weak]),
            "mean_penalty": {k: penalty[k] / seats[k] for k in penalty},
            "games": games_for_wins, "game_win_share": game_wins[strong] / max(1, games_for_wins)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games (or contract hands) per pairing")
    parser.add_argument("--contract-games", type=int, default=100, help="whole contract games per pairing")
    parser.add_argument("--only", choices=["basic", "500", "contract"], action="append")
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args(argv)
    games = args.only or ["basic", "500", "contract"]
    timer = Timer()
    rows = []
    for name in games:
        for strong, weak in PAIRINGS:
            start = time.perf_counter()
            if name == "contract":
                row = contract_hands(strong, weak, args.games, timer, args.contract_games)
            else:
                row = two_handed(name, strong, weak, args.games, timer)
            row["seconds"] = round(time.perf_counter() - start, 1)
            rows.append(row)
            print(json.dumps(row), flush=True)
    for level, times in sorted(timer.times.items()):
        times.sort()
        print(json.dumps({"level": level, "decisions": len(times),
                          "mean_ms": round(1000 * sum(times) / len(times), 3),
                          "p99_ms": round(1000 * times[int(0.99 * (len(times) - 1))], 2),
                          "max_ms": round(1000 * times[-1], 2)}), flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps({"pairings": rows}, indent=1))


if __name__ == "__main__":
    main()
