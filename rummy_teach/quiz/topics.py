"""The rule a question tests, named from the engine's verdict.

A teacher's report groups mistakes by rule, so every question carries a short
rule name ("ace low only in Basic Rummy"). The name is read off the engine's
reason codes and the rule set, never worked out again here. Where RULES.md takes a
decision the sources leave open, :func:`decision_notes` states it.
"""

from __future__ import annotations

from ..cards import RANK_LABELS
from .words import GameName, Joined, line

# reason code of a failed meld check -> the code of the rule it turns on (quizrule_<code>);
# the rule's parameters are the reason's own, and the game's name
FAILED_MELD_RULES = ("ace_high_not_allowed", "wraps_around", "gap", "gap_not_filled",
                     "not_same_suit", "not_same_rank", "mixed_ranks_and_suits", "too_few_cards",
                     "set_too_big", "duplicate_card", "joker_not_allowed", "not_in_deck",
                     "no_natural_card", "too_many_wilds", "repeated_rank_in_run",
                     "ace_both_ends", "run_too_long")
#: the parameters of a reason that its rule names (the rest describe these cards)
RULE_PARAMS = {"too_few_cards": ("minimum",), "set_too_big": ("maximum",)}


def meld_rule(rules, check):
    """The rule a meld verdict turns on."""
    game = GameName(rules)
    if not check.ok:
        for reason in check.reasons:
            if reason.code in FAILED_MELD_RULES:
                params = {k: reason.params[k] for k in RULE_PARAMS.get(reason.code, ())}
                if reason.code == "too_few_cards":
                    params["kind"] = reason.params["kind"]    # already a meld_kind_* Reason
                    # the verdict says "3 cards" (a count_cards Reason); the rule, stored in the
                    # classroom's results, keeps the number
                    minimum = params["minimum"]
                    params["minimum"] = minimum.params["count"] if hasattr(minimum, "params") else minimum
                return line(f"quizrule_{reason.code}", game=game, **params)
        return line("quizrule_legal_meld", game=game)
    if check.wilds:
        return line("quizrule_joker_stands" if 0 in rules.wild_ranks else "quizrule_wild_stands",
                    game=game)
    meld = check.meld
    if meld.kind == "set":
        if len({c.face for c in meld.cards}) < len(meld.cards):
            return line("quizrule_set_repeat", game=game)
        if rules.max_set is None:
            return line("quizrule_set_size_open", least=rules.min_set, game=game)
        code = "quizrule_set_size_or" if rules.max_set == rules.min_set + 1 else "quizrule_set_size_to"
        return line(code, least=rules.min_set, most=rules.max_set, game=game)
    if meld.high == 14:
        return line("quizrule_ace_high", game=game)
    if meld.low == 1:
        return line("quizrule_ace_low_every")
    return line("quizrule_run_size", least=rules.min_run, game=game)


def value_table(rules) -> Joined:
    """What cards count left in hand, in one line: ``A 1, 2-9 face value, 10 J Q K 10``."""
    values = rules.hand_values
    parts = []
    if 0 in rules.wild_ranks or values[0]:
        parts.append(line("quiz_value_joker", points=values[0]))
    parts.append(f"A {values[1]}")
    if len(set(values[2:10])) == 1:
        parts.append(f"2-9 {values[2]}")
    else:
        parts.append(line("quiz_value_face"))
    parts.append(f"10 J Q K {values[10]}" if len(set(values[10:14])) == 1
                 else ", ".join(f"{RANK_LABELS[r]} {values[r]}" for r in range(10, 14)))
    return Joined(parts)


def points_rule(rules, cards):
    game = GameName(rules)
    if any(c.is_joker for c in cards) and rules.hand_values[0]:
        return line("quizrule_joker_in_hand", points=rules.hand_values[0], game=game)
    if any(c.rank == 1 for c in cards):
        return line("quizrule_ace_in_hand", points=rules.hand_values[1], game=game)
    return line("quizrule_hand_values", values=value_table(rules), game=game)


def decision_notes(rules, *topics: str):
    """The RULES.md decisions that settle these topics under ``rules`` (None when none do)."""
    notes = []
    if "ace_in_hand" in topics and rules.scores_melds:
        notes.append(line("quiznote_ace_in_hand", points=rules.hand_values[1]))
    if "contract" in topics:
        if rules.contract_melds_exact:
            notes.append(line("quiznote_contract_exact"))
    if "jokers" in topics and rules.wild_ranks:
        notes.append(line("quiznote_natural_majority" if rules.natural_majority
                          else "quiznote_jokers_free"))
    if "two_decks" in topics and rules.max_set is not None and max(d for _, d, _ in rules.decks) > 1:
        notes.append(line("quiznote_two_decks", maximum=rules.max_set))
    if not notes:
        return None
    return notes[0] if len(notes) == 1 else Joined(notes, " ")
