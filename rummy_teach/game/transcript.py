"""A readable transcript of an all-computer game, and the ``rummy-teach play`` command.

``rummy-teach play --game 500 --players 3 --levels hard,medium,easy --seed 4`` prints
every public move (what the players at the table would see: a draw from the stock is
not shown face up), each hand's result, and the final scores. The sentences are the
one narrator's (:mod:`.narrate`), the same as the card table's log; every line is said
from the catalogue, in the language in use (``rummy-teach play --lang it``). Levels
typed on the command line (easy, medium ...) are notation and stay English.
"""

from __future__ import annotations

import argparse

from ..cards import cards_text
from ..errors import RuleOptionError
from ..reasons import Reason, say
from ..rules import get_rules, rule_set_names
from .ai import LEVELS
from .narrate import describe_move, hand_over_line
from .setup import new_game
from .simulate import make_bots

HELP = "play an all-computer game and print its transcript"


def transcript(rules, levels, seed=0, show_hands: bool = False) -> list[str]:
    """The lines of the transcript of a whole game between bots of ``levels`` (the same
    game :func:`~rummy_teach.game.simulate.play_game` plays with these arguments)."""
    rules = get_rules(rules)
    levels = list(levels)
    game = new_game(rules, len(levels), seed=seed)
    bots = make_bots(levels, seed)
    names = [say("transcript_player", number=p + 1) for p in range(len(levels))]
    seats = ", ".join(say("transcript_seat", number=i + 1, level=say(f"level_{lvl}"))
                      for i, lvl in enumerate(levels))
    lines = [say("transcript_title", game=rules.term, seats=seats, seed=str(seed))]   # as typed
    while True:
        lines.append(say("transcript_hand" if game.contract is None else "transcript_hand_contract",
                         hand=game.hand_number, dealer=game.dealer + 1, player=game.current_player + 1,
                         contract=game.contract.words() if game.contract is not None else "",
                         card=game.discard_top))
        if show_hands:
            lines += ["  " + say("transcript_holds", number=p + 1, cards=cards_text(game.hand(p)))
                      for p in range(game.num_players)]
        while not game.is_hand_over:
            player = game.current_player
            action = bots[player].act(game)
            line = None if action.kind == "pass" else describe_move(game, player, action, names)
            game.apply(action)
            if line:
                lines.append("  " + line)
        lines.append("  " + hand_over_line(game, names) + " "
                     + say("transcript_totals", totals=", ".join(map(str, game.scores))))
        if game.is_game_over:
            break
        game.apply("next")
    lines.append(say("transcript_game_over", hands=game.hand_number, scores=", ".join(
        say("transcript_score", number=p + 1, score=s) for p, s in enumerate(game.scores))))
    if game.team_scores is not None:
        lines.append(say("transcript_teams", first=game.team_scores[0], second=game.team_scores[1]))
    winners = [say("transcript_player", number=p + 1) for p in game.winners]
    said = winners[0]
    for other in winners[1:]:
        said = say("words_and", first=said, second=other)
    if rules.partnership:
        code = "transcript_winners_team"
    else:
        code = "transcript_winners_shared" if len(game.winners) > 1 else "transcript_winner"
    lines.append(say(code, winners=said))
    return lines


def add_table_options(parser: argparse.ArgumentParser, players_type=int) -> None:
    """``--game``, ``--players`` and ``--levels``: the table of computer players that the
    ``play`` and ``review`` commands both set up."""
    parser.add_argument("--game", default="basic",
                        help=f"game or variant: {', '.join(rule_set_names())} (default basic)")
    parser.add_argument("--players", type=players_type, default=None,
                        help="number of players (default: one per level)")
    parser.add_argument("--levels", default="medium,medium",
                        help=f"computer levels, comma-separated ({', '.join(LEVELS)}); "
                             "repeated to fill the seats (default medium,medium)")


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``play`` command's options to its sub-parser."""
    add_table_options(parser)
    parser.add_argument("--seed", default="0", help="seed of the deal and of the computer players")
    parser.add_argument("--show-hands", action="store_true", help="also print every hand as dealt")
    parser.set_defaults(func=cmd_play)


def cmd_play(args) -> int:
    levels = [lvl.strip().lower() for lvl in args.levels.split(",") if lvl.strip()]
    bad = [lvl for lvl in levels if lvl not in LEVELS]
    if bad or not levels:
        raise RuleOptionError(Reason("review_levels_bad", {"bad": ", ".join(bad) or "(none)", "count": len(bad),
                                                           "levels": ", ".join(LEVELS)}))
    players = args.players or len(levels)
    seats = [levels[i % len(levels)] for i in range(players)]
    seed = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    for line in transcript(args.rules, seats, seed=seed, show_hands=args.show_hands):
        print(line)
    return 0
