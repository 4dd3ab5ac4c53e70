"""A readable transcript of an all-computer game, and the ``rummy-teach play`` command.

``rummy-teach play --game 500 --players 3 --levels hard,medium,easy --seed 4`` prints
every public move (what the players at the table would see: a draw from the stock is
not shown face up), each hand's result, and the final scores.
"""

from __future__ import annotations

import argparse

from ..cards import cards_text
from ..errors import RuleOptionError
from ..rules import get_rules, rule_set_names
from .ai import LEVELS
from .setup import new_game
from .simulate import make_bots

HELP = "play an all-computer game and print its transcript"


def _say(game, player, action) -> str:
    who = f"player {player}"
    kind = action.kind
    if kind == "draw":
        return f"{who} draws from the stock"
    if kind == "take":
        pile = game.discard_pile
        taken = pile[-action.depth:]
        if action.depth == 1:
            return f"{who} takes {taken[0]} from the discard pile"
        return f"{who} digs {action.depth} deep for {taken[0]}, picking up {cards_text(taken)}"
    if kind == "meld":
        return f"{who} melds " + " | ".join(cards_text(g) for g in action.melds)
    if kind == "layoff":
        meld = game.table[action.target - 1]
        return f"{who} lays off {action.card} on meld {action.target} ({meld.meld}, player {meld.owner}'s)"
    if kind == "discard":
        return f"{who} discards {action.card}"
    if kind == "buy":
        return f"{who} calls buy for {game.discard_top}"
    if kind == "end":
        return f"{who} takes nothing from the empty stock: the hand ends"
    return f"{who}: {action}"


_ENDINGS = {"void": "the stock ran out a third time: the hand is void",
            "stock empty": "the stock is empty: nobody went out",
            "stalled": "no new card could come into play: the hand stops"}


def _result_line(game, result) -> str:
    if result.ending == "went out":
        how = (f"player {result.went_out} went out" + (" with a rummy" if result.rummy else "")
               + (" without drawing (booting)" if result.booted else ""))
    else:
        how = _ENDINGS[result.ending]
    return (f"  Hand {result.hand} over: {how}. Scores: " + ", ".join(map(str, result.scores))
            + "; totals: " + ", ".join(map(str, game.scores)))


def transcript(rules, levels, seed=0, show_hands: bool = False) -> list[str]:
    """The lines of the transcript of a whole game between bots of ``levels`` (the same
    game :func:`~rummy_teach.game.simulate.play_game` plays with these arguments)."""
    rules = get_rules(rules)
    levels = list(levels)
    game = new_game(rules, len(levels), seed=seed)
    bots = make_bots(levels, seed)
    lines = [f"{rules.title}: " + ", ".join(f"player {i} {lvl}" for i, lvl in enumerate(levels))
             + f"; seed {seed}"]
    while True:
        contract = f", contract: {game.contract}" if game.contract is not None else ""
        lines.append(f"Hand {game.hand_number}: dealer {game.dealer}, player {game.current_player} "
                     f"starts{contract}; the discard pile shows {game.discard_top}")
        if show_hands:
            lines += [f"  player {p} holds {cards_text(game.hand(p))}" for p in range(game.num_players)]
        while not game.is_hand_over:
            player = game.current_player
            action = bots[player].act(game)
            line = None if action.kind == "pass" else _say(game, player, action)
            game.apply(action)
            if line:
                lines.append("  " + line)
        lines.append(_result_line(game, game.hand_results[-1]))
        if game.is_game_over:
            break
        game.apply("next")
    lines.append(f"Game over after {game.hand_number} hand(s). Final scores: "
                 + ", ".join(f"player {p} {s}" for p, s in enumerate(game.scores)))
    if game.team_scores is not None:
        lines.append(f"Teams: players 0 & 2 {game.team_scores[0]}, players 1 & 3 {game.team_scores[1]}")
    shared = " (shared)" if len(game.winners) > 1 and not rules.partnership else ""
    lines.append("Winner: " + " and ".join(f"player {p}" for p in game.winners) + shared)
    return lines


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``play`` command's options to its sub-parser."""
    parser.add_argument("--game", default="basic",
                        help=f"game or variant: {', '.join(rule_set_names())} (default basic)")
    parser.add_argument("--players", type=int, default=None,
                        help="number of players (default: one per level)")
    parser.add_argument("--levels", default="medium,medium",
                        help=f"computer levels, comma-separated ({', '.join(LEVELS)}); "
                             "repeated to fill the seats (default medium,medium)")
    parser.add_argument("--seed", default="0", help="seed of the deal and of the computer players")
    parser.add_argument("--show-hands", action="store_true", help="also print every hand as dealt")
    parser.set_defaults(func=cmd_play)


def cmd_play(args) -> int:
    levels = [lvl.strip().lower() for lvl in args.levels.split(",") if lvl.strip()]
    bad = [lvl for lvl in levels if lvl not in LEVELS]
    if bad or not levels:
        raise RuleOptionError(f"unknown level(s) {', '.join(bad) or '(none)'}; "
                              f"levels are {', '.join(LEVELS)}")
    players = args.players or len(levels)
    seats = [levels[i % len(levels)] for i in range(players)]
    seed = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    for line in transcript(args.rules, seats, seed=seed, show_hands=args.show_hands):
        print(line)
    return 0
