"""The ``rummy-teach`` command: the engine for scripts and teachers.

Exit codes: 0 yes (legal meld, holds the contract, done), 1 no (not a meld, not
the contract), 2 unreadable input (bad card, unknown game or option, unknown
language). Messages go to standard error for code 2; no traceback is ever shown
for bad input.

Every subcommand takes ``--lang it|nl|en`` (default: the environment's locale, see
:func:`rummy_teach.i18n.language_from_environment`); verdicts, reasons, refusals and
the output's words are said in that language. Card notation stays the same in every
language (``8S``, ``Q♦``, ``10H``). The ``--help`` texts and argparse's own usage
errors stay English: they are for whoever writes the command, and a teacher's script
is written once.
"""

from __future__ import annotations

import argparse
import sys

from . import i18n
from .cards import cards_text, number_copies, parse_cards
from .errors import NotationError, RummyError, UsageError
from .reasons import Reason, say
from .rules import get_rules, rule_set_names
from .startup import skip_slow_optional_imports


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
        raise NotationError(Reason("cli_no_cards"))
    rules = args.rules
    if max(packs for _, packs, _ in rules.decks) > 1 or max(j for _, _, j in rules.decks) > 1:
        cards = number_copies(cards)
    return cards


def cmd_meld(args) -> int:
    check = args.rules.check_meld(_cards_from(args))
    if check.ok:
        print(say("cli_legal", cards=cards_text(check.cards), kind=say(f"meld_kind_{check.kind}")))
    else:
        print(say("cli_not_meld", cards=cards_text(check.cards)))
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
        print(say("cli_arrange_meld", kind=say(f"meld_kind_{meld.kind}"), cards=meld))
    print(say("cli_arrange_deadwood",
              cards=cards_text(arrangement.deadwood) or say("arrangement_no_deadwood")))
    if args.rules.scores_melds:
        print(say("cli_arrange_score", melded=arrangement.meld_points,
                  deadwood=arrangement.deadwood_points, score=arrangement.score))
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
    print(say("cli_demo_hand", game=rules.title, cards=cards_text(hand)))
    yes, no = say("cli_demo_yes"), say("cli_demo_no")
    width = max(len(yes), len(no))
    for text in ("8S 8H 8D", "4H 5H 6H 7H", "QH KH AH"):
        check = rules.check_meld(text)
        print(f"  {cards_text(check.cards):<14} {(yes if check.ok else no):<{width}}  {check.reasons[0]}")
    arrangement = rules.arrange(hand)
    melds = " | ".join(str(meld) for meld in arrangement.melds)
    deadwood = say("cli_arrange_deadwood", cards=cards_text(arrangement.deadwood)
                   or say("arrangement_no_deadwood"))
    print("  " + say("cli_demo_best", arrangement=f"{melds}; {deadwood} ({arrangement.deadwood_points})"))
    left = parse_cards("KC QD 9S AC")
    print("  " + say("cli_demo_caught", cards=cards_text(left), points=rules.hand_points(left),
                     double=2 * rules.hand_points(left)))
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

from .classroom.commands import HELP as REPORT_HELP, configure_report  # noqa: E402 (stdlib only)

EXTRA_COMMANDS["report"] = (configure_report, REPORT_HELP)

from .classroom.commands import STUDENTS_HELP, configure_students  # noqa: E402 (stdlib only)

EXTRA_COMMANDS["students"] = (configure_students, STUDENTS_HELP)

from .game.transcript import HELP as PLAY_HELP, configure as configure_play  # noqa: E402

EXTRA_COMMANDS["play"] = (configure_play, PLAY_HELP)

from .classroom.server import HELP as CLASSROOM_HELP, configure_classroom  # noqa: E402 (stdlib only)

EXTRA_COMMANDS["classroom"] = (configure_classroom, CLASSROOM_HELP)

from .classroom.dbinit import HELP as DB_HELP, configure_db  # noqa: E402 (stdlib only)

EXTRA_COMMANDS["db"] = (configure_db, DB_HELP)


from .coach.review import HELP as REVIEW_HELP, configure as configure_review  # noqa: E402

EXTRA_COMMANDS["review"] = (configure_review, REVIEW_HELP)

from .quiz.commands import HELP as QUIZ_HELP, configure as configure_quiz  # noqa: E402

EXTRA_COMMANDS["quiz"] = (configure_quiz, QUIZ_HELP)

from .sheets import HELP as SHEET_HELP, configure as configure_sheet  # noqa: E402 (stdlib only)

EXTRA_COMMANDS["sheet"] = (configure_sheet, SHEET_HELP)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="rummy-teach", description="Learn rummy: check melds, count points, "
                     "arrange hands, play and teach Basic Rummy, Rummy 500 and Contract Rummy.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    games = ", ".join(rule_set_names())
    for name, (func, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(func=func)
        _add_lang(p)
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
        p = sub.add_parser(name, help=help_text, description=help_text)
        configure(p)
        _add_lang(p)
    return parser


def _add_lang(parser) -> None:
    """``--lang`` on a subcommand, unless its own configuration gave it one already."""
    if any("--lang" in action.option_strings for action in parser._actions):
        return
    parser.add_argument("--lang", default=None,
                        help="the language of the output: " + ", ".join(i18n.LANGUAGES)
                        + " (default: from the environment's locale, LANG / LC_ALL)")


def _language(args) -> str:
    """The language asked for, or the environment's; an unknown one is a UsageError
    (said in the environment's language)."""
    chosen = getattr(args, "lang", None)
    if chosen is None:
        return i18n.language_from_environment()
    with i18n.language(i18n.language_from_environment()):
        try:
            return i18n.resolve_language(chosen)
        except UsageError as error:
            raise UsageError(str(error)) from None


def main(argv=None) -> int:
    skip_slow_optional_imports()  # a classroom server starts 2 s sooner (rummy_teach/startup.py)
    args = build_parser().parse_args(argv)
    try:
        lang = _language(args)
    except UsageError as error:
        print(f"rummy-teach {args.command}: {error}", file=sys.stderr)
        return 2
    with i18n.language(lang):
        try:
            if hasattr(args, "game"):
                args.rules = get_rules(args.game)
            return args.func(args)
        except RummyError as error:
            print(say("cli_error", command=args.command, error=error), file=sys.stderr)
            if isinstance(error, NotationError):
                print(say("cli_accepted"), file=sys.stderr)
            return 2


if __name__ == "__main__":
    sys.exit(main())
