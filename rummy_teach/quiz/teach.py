"""Teaching lines: after the engine's verdict, how to recognise the rule next time.

A verdict alone ("a set of 3 eights") tells a learner what is true of these cards;
the teaching line tells them what to look at on the next cards. Each line is a
reason code of the catalogue, chosen from the question's kind and the engine's
verdict, with the rule set's own numbers as parameters.
"""

from __future__ import annotations

from ..reasons import Reason
from .topics import value_table
from .words import GameName


def set_size(rules) -> Reason:
    if rules.max_set is None:
        return Reason("quiz_set_size_open", {"least": rules.min_set})
    return Reason("quiz_set_size_range", {"least": rules.min_set, "most": rules.max_set})


def _run(rules) -> Reason:
    ace = Reason("teach_ace_both" if rules.ace_high else "teach_ace_low")
    return Reason("teach_run", {"min_run": rules.min_run, "ace": ace})


def _meld_lines(rules, checks) -> list[Reason]:
    lines = []
    kinds = set()
    for check in checks:
        codes = {r.code for r in check.reasons}
        if check.ok:
            kinds.add(check.kind)
        elif codes & {"not_same_rank", "set_too_big"}:
            kinds.add("set")
        else:
            kinds.add("run")
        if check.ok and check.wilds:
            kinds.add("wild")
    if "set" in kinds:
        lines.append(Reason("teach_set", {"game": GameName(rules), "set_size": set_size(rules)}))
    if "run" in kinds:
        lines.append(_run(rules))
    if "wild" in kinds:
        lines.append(Reason("teach_wild"))
    return lines


def teaching(question) -> tuple[Reason, ...]:
    """The teaching lines for a question of a built-in kind (empty for kinds that bring
    their own, like moves and buys)."""
    rules, kind = question.rules, question.kind
    game = {"game": GameName(rules)}
    if kind == "meld":
        return tuple(_meld_lines(rules, [question.check_result]))
    if kind == "which_melds":
        return tuple(_meld_lines(rules, question.checks))
    if kind == "lay_off":
        if question.meld.kind == "set":
            return (Reason("teach_layoff_set", {**game, "set_size": set_size(rules)}),)
        return (Reason("teach_layoff_run"), _run(rules))
    if kind == "contract":
        lines = [Reason("teach_contract", {"min_run": rules.min_run})]
        if question.whole_hand:
            lines.append(Reason("teach_hand_seven"))
        return tuple(lines)
    if kind == "discard":
        return (Reason("teach_taken_card" if rules.discard_restriction else "teach_taken_free", game),)
    if kind == "points":
        return (Reason("teach_points", {**game, "values": value_table(rules)}),)
    if kind == "score":
        return (Reason("teach_score", game),)
    if kind == "hand_winner":
        return (Reason("teach_hand_winner"),)
    if kind == "arrange":
        goal = Reason("teach_arrange_most" if rules.scores_melds else "teach_arrange_fewest")
        return (Reason("teach_arrange", {"goal": goal}),)
    return ()
