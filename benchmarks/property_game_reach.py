"""How many of the property test's random games it takes to meet each kind of event:
for a few variants, the number of the game (0 to GAMES - 1) in which each kind of move,
each hand ending, a booting bonus, a rummy and a finished game is first met, playing
exactly as ``tests/test_game_properties.py`` does (its ``choose_action``), with seeds
drawn as that test's strategy draws them. An event never met does not appear.

    .venv/bin/python benchmarks/property_game_reach.py

docs/testing.md ("Property tests") quotes it to judge the size of that test's sample.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import test_game_properties as properties  # noqa: E402  (the test's own move choice)

from rummy_teach.game import new_game  # noqa: E402

GAMES = properties.GAMES_PER_VARIANT
VARIANTS = [("basic", 2), ("500", 5), ("contract", 5), ("persian", 2), ("booting", 5)]


def events(game, action, was_over) -> list[str]:
    depth = getattr(action, "depth", None)
    found = [f"action:{action.kind}" + (":deep" if depth and depth > 1 else "")]
    if game.is_hand_over and not was_over:
        result = game.hand_results[-1]
        found.append(f"ending:{result.ending}")
        found += [name for name in ("rummy", "booted") if getattr(result, name, False)]
    if game.is_game_over:
        found.append("game_over")
    return found


def first_met(variant, seed: int = 7) -> dict[str, int]:
    name, players = variant
    draw = random.Random(seed)
    first: dict[str, int] = {}
    for number in range(GAMES):
        game = new_game(name, players, seed=draw.randint(0, 10**6))
        rng = random.Random(draw.randint(0, 10**6))
        for step in range(properties.MAX_STEPS):
            if game.is_game_over:
                break
            action = properties.choose_action(game, rng, step)
            was_over = game.is_hand_over
            game.apply(action)
            for event in events(game, action, was_over):
                first.setdefault(event, number)
    return dict(sorted(first.items(), key=lambda item: -item[1]))


def main() -> None:
    print(json.dumps({f"{name}-{players}": first_met((name, players))
                      for name, players in VARIANTS}, indent=1))


if __name__ == "__main__":
    main()
