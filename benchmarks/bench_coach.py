"""The coach's figures: the expert player's strength, hint and review times, and how
often four medium players leave a Basic hand void. Results go in docs/benchmarks.md.

    .venv/bin/python benchmarks/bench_coach.py --games 1000     # Basic; a fifth as many of the others
    .venv/bin/python benchmarks/bench_coach.py --only hint,review,void
    .venv/bin/python benchmarks/bench_coach.py --only coach --games 500   # hints as a player, 100 games

Win rates are over whole games, seats alternating (the expert sits first in even
games, second in odd ones); the hint time is over positions met in real games.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_teach.coach import hint, review_hand  # noqa: E402
from rummy_teach.game import Bot, new_game, play_game, simulate  # noqa: E402
from rummy_teach.game.simulate import make_bots  # noqa: E402


def wilson(wins, n, z=1.96):
    """The 95 % Wilson interval of a win rate of ``wins`` out of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def win_rate(game_name, players, games, opponent="hard", seed=0, first=0):
    """Share of games the expert wins against ``players - 1`` opponents (ties count
    half), over games ``first`` to ``first + games - 1`` (seeds ``{seed}/{g}``)."""
    def play(g, seat):
        levels = [opponent] * players
        levels[seat] = "expert"
        return play_game(game_name, levels, seed=f"{seed}/{g}")
    return _tally(f"{game_name} game", "expert", players, games, first, play)


def coach_win_rate(games, seed=0, first=0, opponent="hard"):
    """Share of two-player Basic games won by a seat that plays every hint the coach
    gives it (8 samples, as on the card table), against ``opponent``; CPU s a game."""
    def play(g, seat):
        game = new_game("basic", 2, seed=f"{seed}/{g}")
        bots = make_bots([opponent, opponent], f"{seed}/{g}")
        while not game.is_game_over:
            if game.is_hand_over:
                game.apply("next")
            elif game.current_player == seat:
                game.apply(hint(game, seed=f"{g}/{game.actions_played}").action)
            else:
                game.apply(bots[game.current_player].act(game))
        return game
    return _tally("coach game", "coach", 2, games, first, play)


def _tally(label, who, players, games, first, play):
    """Play games ``first``.. by ``play(g, seat)`` (seats taking turns), counting the
    share ``who`` wins (ties count half), with a running line a game on stderr; that
    share and the CPU seconds a game."""
    wins, cpu = 0.0, time.process_time()
    for g in range(first, first + games):
        seat = g % players
        game = play(g, seat)
        if seat in game.winners:
            wins += 1 / len(game.winners)
        played = g - first + 1
        print(f"  {label} {g}: {who} seat {seat}, winners {game.winners}, "
              f"running {wins:g} of {played}, {wins / played:.0%}", file=sys.stderr, flush=True)
    return wins / games, (time.process_time() - cpu) / games


def hint_times(positions=30, seed=0):
    times = []
    for i in range(positions):
        game = new_game("basic", 2, seed=f"{seed}/{i}")
        bots = [Bot("medium", seed=p) for p in range(2)]
        for _ in range(3 + i % 12):
            if game.is_hand_over:
                break
            game.apply(bots[game.current_player].act(game))
        if game.is_hand_over:
            continue
        start, cpu = time.perf_counter(), time.process_time()
        hint(game, seed=i)
        times.append((time.perf_counter() - start, time.process_time() - cpu))
    return times


def review_times(hands=5, seed=0):
    times = []
    for i in range(hands):
        start, cpu = time.perf_counter(), time.process_time()
        review_hand("basic", ["medium", "hard"], seed=f"{seed}/{i}")
        times.append((time.perf_counter() - start, time.process_time() - cpu))
    return times


def void_share(hands=200, seed=1):
    rows = simulate("basic", players=["medium"] * 4, hands=hands, seed=seed)
    return sum(1 for r in rows if r["ending"] == "void") / len(rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per win-rate figure")
    parser.add_argument("--first", type=int, default=0,
                        help="the first game's number (to share the games between processes)")
    parser.add_argument("--only", default="void,hint,review,basic,500,contract")
    args = parser.parse_args()
    wanted = set(args.only.split(","))
    if "void" in wanted:
        print(f"four medium players, Basic: {void_share():.1%} of 200 hands void")
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
          "(wall times grow with it; CPU times much less)")
    if "hint" in wanted:
        t = hint_times()
        wall, cpu = [w for w, _ in t], [c for _, c in t]
        print(f"hint (Basic, 2 players, 8 samples): median {statistics.median(wall) * 1000:.0f} ms wall "
              f"({statistics.median(cpu) * 1000:.0f} ms CPU), max {max(wall) * 1000:.0f} ms wall "
              f"({max(cpu) * 1000:.0f} ms CPU) over {len(t)} positions")
    if "review" in wanted:
        t = review_times()
        wall, cpu = [w for w, _ in t], [c for _, c in t]
        print(f"review of a hand (Basic, medium seat 0 vs hard, 6 samples): median "
              f"{statistics.median(wall):.1f} s wall ({statistics.median(cpu):.1f} s CPU), "
              f"max {max(wall):.1f} s wall ({max(cpu):.1f} s CPU) over {len(t)} hands")
    if "coach" in wanted:
        games = max(1, args.games // 5)
        rate, seconds = coach_win_rate(games, first=args.first)
        low, high = wilson(rate * games, games)
        print(f"the coach's hints as a player vs hard, basic, 2 players: wins {rate:.1%} of {games} "
              f"games {args.first}-{args.first + games - 1} (95 % interval {low:.1%}-{high:.1%}), "
              f"{seconds:.2f} s of CPU a game")
    for name, players in (("basic", 2), ("500", 2), ("contract", 3)):
        if name in wanted:
            games = args.games if name == "basic" else max(1, args.games // 5)
            rate, seconds = win_rate(name, players, games, first=args.first)
            low, high = wilson(rate * games, games)
            print(f"expert vs hard, {name}, {players} players: expert wins {rate:.1%} of {games} "
                  f"games {args.first}-{args.first + games - 1} (95 % interval {low:.1%}-{high:.1%}), "
                  f"{seconds:.2f} s of CPU a game")


if __name__ == "__main__":
    main()
