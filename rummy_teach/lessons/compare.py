"""The games side by side: a table read straight from rule sets (the lesson "The three
games side by side" shows it).

Every word comes from the catalogue (``compare_*`` codes, :mod:`rummy_teach.messages.lessons`),
so the table is said in the language in use; the numbers and the card notation come from
the rule sets themselves.

    >>> from rummy_teach import get_rules
    >>> rows = comparison_rows([get_rules("basic"), get_rules("500")])
    >>> rows[0]
    ('Players', ['2 to 6', '2 to 8'])
"""

from __future__ import annotations

import html

from ..cards import RANK_LABELS
from ..reasons import say

#: how the wild ranks are named in the table (0 is the joker)
_WILD_WORDS = {0: "card_jokers", 12: "ranks_12"}


def _range(low: int, high: int) -> str:
    return str(low) if low == high else say("compare_range", low=low, high=high)


def players(rules) -> str:
    return _range(rules.min_players, rules.max_players)


def packs(rules) -> str:
    """The packs (and jokers) used, for each range of players when they differ."""
    parts, low = [], rules.min_players
    for up_to, decks, jokers in rules.decks:
        pack = say("compare_packs", decks=decks)
        if jokers:
            pack = say("compare_pack_jokers", pack=pack, jokers=jokers)
        if len(rules.decks) > 1:
            pack = say("compare_pack_players", pack=pack, players=_range(low, up_to))
        parts.append(pack)
        low = up_to + 1
    return "; ".join(parts)


def dealt(rules) -> str:
    """Cards dealt to each player: by hand in a contract game, by players otherwise."""
    groups: dict[int, list[int]] = {}
    if rules.ladder:
        for number, row in enumerate(rules.ladder, start=1):
            groups.setdefault(row.dealt, []).append(number)
        return "; ".join(say("compare_dealt_hands", count=count, first=hands[0], last=hands[-1])
                         for count, hands in groups.items())
    for n, count in rules.deal:
        groups.setdefault(count, []).append(n)
    return "; ".join(say("compare_dealt_players", count=count, players=_range(ns[0], ns[-1]))
                     for count, ns in groups.items())


def set_size(rules) -> str:
    if rules.max_set:
        return say("compare_size_either", low=rules.min_set, high=rules.max_set)
    return say("compare_size_or_more", size=rules.min_set)


def run_size(rules) -> str:
    return say("compare_size_or_more", size=rules.min_run)


def ace(rules) -> str:
    return say("compare_ace_high" if rules.ace_high else "compare_ace_low")


def wild(rules) -> str:
    return (", ".join(say(_WILD_WORDS[rank]) for rank in sorted(rules.wild_ranks))
            or say("compare_none"))


def caught_in_hand(rules) -> str:
    """What the cards left in a hand cost, leaving out a card worth its own number."""
    groups: dict[int, list[str]] = {}
    for rank in range(1, 14):
        groups.setdefault(rules.hand_values[rank], []).append(RANK_LABELS[rank])
    if 0 in rules.wild_ranks:
        groups.setdefault(rules.hand_values[0], []).insert(0, say("card_joker"))
    parts = [say("compare_caught_value", cards=" ".join(labels), value=value)
             for value, labels in groups.items() if labels != [str(value)]]
    if all(rules.hand_values[r] == r for r in range(2, 10)):
        parts.append(say("compare_face_value"))
    return "; ".join(parts)


def scoring(rules) -> str:
    if rules.scores_melds:
        return say("compare_scores_melds")
    if rules.lowest_score_wins:
        return say("compare_penalty")
    said = say("compare_winner_scores")
    return say("compare_rummy_doubles", scoring=said) if rules.rummy_doubles else said


def end(rules) -> str:
    if rules.hands_in_game:
        return say("compare_end_hands", hands=rules.hands_in_game)
    return say("compare_end_target", target=rules.target)


#: the table's rows: the code of the row's label, and what says a rule set's cell
ROWS = (("compare_row_players", players), ("compare_row_cards", packs),
        ("compare_row_dealt", dealt), ("compare_row_set", set_size),
        ("compare_row_run", run_size), ("compare_row_ace", ace), ("compare_row_wild", wild),
        ("compare_row_caught", caught_in_hand), ("compare_row_scoring", scoring),
        ("compare_row_end", end))


def comparison_rows(rule_sets) -> list[tuple[str, list[str]]]:
    """The table as data, in the language in use: (row label, one cell per rule set)."""
    rule_sets = list(rule_sets)
    return [(say(code), [describe(rules) for rules in rule_sets]) for code, describe in ROWS]


def comparison_table(rule_sets) -> str:
    """The rule sets side by side, an HTML table with a column per game."""
    rule_sets = list(rule_sets)
    text = lambda words: html.escape(str(words), quote=False)  # noqa: E731
    head = "".join(f"<th>{text(rules.title)}</th>" for rules in rule_sets)
    body = "".join(f"<tr><th>{text(label)}</th>"
                   + "".join(f"<td>{text(cell)}</td>" for cell in cells) + "</tr>"
                   for label, cells in comparison_rows(rule_sets))
    return (f'<table class="table"><thead><tr><th></th>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>")
