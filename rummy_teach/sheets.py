"""Printable score sheets, one per game: a column per player, a row per hand (issue 25).

``score_sheet_html(get_rules("contract"), ["Ann", "Ben", "Cleo"])`` is a whole HTML page
with print CSS (an A4 page, black on white, ruled cells to write in);
``score_sheet_text(...)`` the same sheet as plain text. Contract Rummy prints its
contracts in the rows, one hand each; Basic Rummy and Rummy 500 print numbered rows and
the target to reach. Every word comes from the catalogue, in the language in use
(``rummy-teach sheet --game contract --players 4 --lang it``). Pure functions, no I/O.
"""

from __future__ import annotations

import argparse
import html

from .errors import UsageError
from .reasons import catalogue_in_use, say
from .rules import get_rules, rule_set_names

HELP = "print a score sheet to fill in at the table (HTML for printing, or text)"
#: rows of a game played to a target (a game of Basic Rummy or Rummy 500 rarely needs more)
ROWS = {"winner_takes": 12, "melds_minus_hand": 16}


def _rows(rules) -> list[str]:
    """The label of each row: the hand and, in a game of contracts, its contract."""
    if rules.ladder:
        return [say("sheet_row_contract", hand=n, contract=str(rung.contract.words()),
                    cards=rung.dealt) for n, rung in enumerate(rules.ladder, 1)]
    return [say("sheet_row_hand", hand=n) for n in range(1, ROWS.get(rules.scoring, 12) + 1)]


def _names(rules, players=None, names=None) -> list[str]:
    if names:
        names = [n.strip() for n in names if n.strip()]
        if not names:
            raise UsageError(say("sheet_no_names"))
    count = len(names) if names else (rules.min_players if players is None else players)
    rules.check_players(count)
    return names or [say("sheet_player", number=n) for n in range(1, count + 1)]


def _heading(rules) -> tuple[str, str]:
    title = say("sheet_title", game=rules.title)
    if rules.ladder:
        how = say("sheet_how_contract", hands=len(rules.ladder))
    elif rules.scoring == "melds_minus_hand":
        how = say("sheet_how_500", target=rules.target)
    else:
        how = say("sheet_how_basic", target=rules.target)
    return title, how


PRINT_CSS = """
@page { size: A4; margin: 14mm; }
body { font-family: system-ui, sans-serif; color: #000; background: #fff; }
h1 { font-size: 18pt; margin: 0 0 4pt; }
p { margin: 0 0 10pt; font-size: 10pt; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { border: 1px solid #000; padding: 4pt; font-size: 10pt; text-align: left; }
th { background: #eee; }
td.cell { height: 22pt; }
tr.total th, tr.total td { border-top: 3px double #000; font-weight: bold; }
th.row { width: 34%; font-weight: normal; }
@media print { th { -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
"""


def score_sheet_html(rules, players: int | None = None, names=None) -> str:
    """The score sheet of ``rules`` as an HTML page to print."""
    rules = get_rules(rules) if isinstance(rules, str) else rules
    names = _names(rules, players, names)
    title, how = _heading(rules)
    esc = html.escape
    head = "".join(f"<th scope=\"col\">{esc(n)}</th>" for n in names)
    cells = "".join("<td class=\"cell\"></td>" for _ in names)
    body = "".join(f"<tr><th scope=\"row\" class=\"row\">{esc(label)}</th>{cells}</tr>\n"
                   for label in _rows(rules))
    total = f"<tr class=\"total\"><th scope=\"row\" class=\"row\">{esc(say('sheet_total'))}</th>{cells}</tr>"
    lang = getattr(catalogue_in_use(), "language", "en")
    return (f"<!DOCTYPE html>\n<html lang=\"{esc(lang)}\"><head><meta charset=\"utf-8\">"
            f"<title>{esc(title)}</title><style>{PRINT_CSS}</style></head><body>\n"
            f"<h1>{esc(title)}</h1>\n<p>{esc(how)}</p>\n"
            f"<table>\n<thead><tr><th scope=\"col\" class=\"row\">{esc(say('sheet_hand'))}</th>"
            f"{head}</tr></thead>\n<tbody>\n{body}{total}\n</tbody></table>\n</body></html>\n")


def score_sheet_text(rules, players: int | None = None, names=None, width: int = 10) -> str:
    """The same sheet as plain text: ruled columns to fill in with a pencil."""
    rules = get_rules(rules) if isinstance(rules, str) else rules
    names = _names(rules, players, names)
    title, how = _heading(rules)
    rows = _rows(rules) + [say("sheet_total")]
    first = max(len(say("sheet_hand")), *(len(r) for r in rows))
    widths = [max(width, len(n)) for n in names]

    def row(label, values):
        return "| " + label.ljust(first) + " | " + " | ".join(
            v.ljust(w) for v, w in zip(values, widths)) + " |"

    rule = "+" + "-" * (first + 2) + "+" + "+".join("-" * (w + 2) for w in widths) + "+"
    lines = [title, how, "", rule, row(say("sheet_hand"), names), rule]
    for label in rows[:-1]:
        lines.append(row(label, [""] * len(names)))
    lines += [rule, row(rows[-1], [""] * len(names)), rule]
    return "\n".join(lines) + "\n"


def configure(parser: argparse.ArgumentParser) -> None:
    """The ``sheet`` command's options."""
    parser.add_argument("--game", default="basic",
                        help="game or variant: " + ", ".join(rule_set_names()) + " (default basic)")
    parser.add_argument("--players", type=int, default=None,
                        help="how many columns (default: the game's fewest players)")
    parser.add_argument("--names", default="", help="the players' names, separated by commas")
    parser.add_argument("--text", action="store_true", help="plain text instead of HTML")
    parser.set_defaults(func=cmd_sheet)


def cmd_sheet(args) -> int:
    names = [n for n in args.names.split(",")] if args.names else None
    make = score_sheet_text if args.text else score_sheet_html
    print(make(args.rules, players=args.players, names=names), end="")
    return 0
