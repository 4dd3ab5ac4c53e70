"""The ``rummy-teach`` command: the engine for scripts and teachers.

Exit codes: 0 yes (legal meld, holds the contract, done), 1 no (not a meld, not
the contract), 2 unreadable input (bad card, unknown game or option). Messages
go to standard error for code 2; no traceback is ever shown for bad input.
"""

from __future__ import annotations

import argparse
import sys

from .cards import cards_text, number_copies, parse_cards
from .errors import NotationError, RummyError
from .rules import get_rules, rule_set_names


class _Parser(argparse.ArgumentParser):
    """argparse that exits with code 2 and our own wording on bad usage."""

    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(2, f"rummy-teach: {message}\n")


def _cards_from(args) -> tuple:
    """Cards given as separate words or one quoted string; repeats in multi-deck games
    are numbered as copies (8S 8S means two different eights of spades)."""
    text = " ".join(args.cards)
    cards = parse_cards(text)
    if not cards:
        raise NotationError("no cards given; write cards like: 8S 8H 8D (or '8♠ 8♥ 8♦')")
    rules = args.rules
    if max(packs for _, packs, _ in rules.decks) > 1 or max(j for _, _, j in rules.decks) > 1:
        cards = number_copies(cards)
    return cards


def cmd_meld(args) -> int:
    check = args.rules.check_meld(_cards_from(args))
    verdict = f"{'legal' if check.ok else 'not a meld'}: {cards_text(check.cards)}"
    print(f"{verdict} ({check.kind})" if check.ok else verdict)
    for reason in check.reasons:
        print(f"  - {reason}")
    if check.ok and check.points is not None:
        print(check.points)
    return 0 if check.ok else 1


def cmd_points(args) -> int:
    cards = _cards_from(args)
    rules = args.rules
    parts = [f"{card} {rules.card_points(card)}" for card in cards]
    total = rules.hand_points(cards)
    print(" + ".join(parts) + f" = {total}")
    print(total)
    return 0


def cmd_arrange(args) -> int:
    arrangement = args.rules.arrange(_cards_from(args))
    for meld in arrangement.melds:
        print(f"meld ({meld.kind}): {meld}")
    print(f"deadwood: {cards_text(arrangement.deadwood) or 'none'}")
    if args.rules.scores_melds:
        print(f"melded {arrangement.meld_points} - deadwood {arrangement.deadwood_points} "
              f"= {arrangement.score}")
    print(arrangement.deadwood_points)
    return 0


def cmd_contract(args) -> int:
    check = args.rules.holds_contract(_cards_from(args), hand=args.hand, before_draw=args.before_draw)
    print(check.explain())
    return 0 if check.ok else 1


def cmd_demo(args) -> int:
    """A short tour of the engine on the source's 30-point hand."""
    rules = get_rules("basic")
    hand = parse_cards("8S 8H 8D 4H 5H 6H 7H KC QD 9S")
    print(f"{rules.title}: the hand {cards_text(hand)}")
    for text in ("8S 8H 8D", "4H 5H 6H 7H", "QH KH AH"):
        check = rules.check_meld(text)
        print(f"  {cards_text(check.cards):<14} {'meld' if check.ok else 'no  '}  {check.reasons[0]}")
    arrangement = rules.arrange(hand)
    print(f"  best arrangement: {arrangement}")
    left = parse_cards("KC QD 9S AC")
    print(f"  opponent caught with {cards_text(left)}: {rules.hand_points(left)} points for you, "
          f"{2 * rules.hand_points(left)} with a rummy")
    return 0


COMMANDS = {
    "meld": (cmd_meld, "is this a legal meld? (exit 0 yes, 1 no)"),
    "points": (cmd_points, "points these cards count left in hand"),
    "arrange": (cmd_arrange, "the best arrangement of a hand into melds"),
    "contract": (cmd_contract, "does this hand hold hand N's contract? (exit 0 yes, 1 no)"),
    "demo": (cmd_demo, "a short tour of the engine"),
}

# Other layers add their commands here (game play, classroom, report).
EXTRA_COMMANDS: dict = {}

from .classroom.commands import HELP as _REPORT_HELP, configure_report  # noqa: E402 (stdlib only)

EXTRA_COMMANDS["report"] = (configure_report, _REPORT_HELP)

from .game.transcript import HELP as _PLAY_HELP, configure as configure_play  # noqa: E402

EXTRA_COMMANDS["play"] = (configure_play, _PLAY_HELP)

from .classroom.server import HELP as _CLASSROOM_HELP, configure_classroom  # noqa: E402 (stdlib only)

EXTRA_COMMANDS["classroom"] = (configure_classroom, _CLASSROOM_HELP)

from .classroom.dbinit import HELP as _DB_HELP, configure_db  # noqa: E402 (stdlib only)

EXTRA_COMMANDS["db"] = (configure_db, _DB_HELP)


from .coach.review import HELP as _REVIEW_HELP, configure as configure_review  # noqa: E402

EXTRA_COMMANDS["review"] = (configure_review, _REVIEW_HELP)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rummy-teach", description="Learn rummy: check melds, count points, "
                     "arrange hands, play and teach Basic Rummy, Rummy 500 and Contract Rummy.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    games = ", ".join(rule_set_names())
    for name, (func, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(func=func)
        if name == "demo":
            continue
        p.add_argument("--game", default="basic", help=f"game or variant: {games} (default basic)")
        if name == "contract":
            p.add_argument("--hand", type=int, required=True, help="which hand of the game (1-7)")
            p.add_argument("--before-draw", action="store_true",
                           help="hand 7: judge the 12 cards dealt, before the draw "
                                "(by default the 13 cards held after it)")
        p.add_argument("cards", nargs="*", help="cards like 8S 8H 8D, or one quoted string")
    for name, (configure, help_text) in EXTRA_COMMANDS.items():
        configure(sub.add_parser(name, help=help_text, description=help_text))
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if hasattr(args, "game"):
            args.rules = get_rules(args.game)
        return args.func(args)
    except RummyError as error:
        print(f"rummy-teach {args.command}: {error}", file=sys.stderr)
        if isinstance(error, NotationError):
            print("accepted: rank A 2-10 J Q K (T for 10) then suit S H D C or ♠ ♥ ♦ ♣; "
                  "JK or Joker for a joker", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
