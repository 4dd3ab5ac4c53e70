"""The rule a question tests, named from the engine's verdict.

A teacher's report groups mistakes by rule, so every question carries a short
rule name ("ace low only in Basic Rummy"). The name is read off the engine's
reason codes and the rule set, never worked out again here. Where RULES.md takes a
decision the sources leave open, :func:`decision_notes` states it.
"""

from __future__ import annotations

from ..cards import RANK_LABELS

# reason code of a failed meld check -> rule name ({title} is the game's title)
FAILED_MELD_RULES = {
    "ace_high_not_allowed": "ace low only in {title}",
    "wraps_around": "a run never turns the corner K-A-2",
    "gap": "a run has no gaps",
    "gap_not_filled": "each joker fills one gap in a run",
    "not_same_suit": "a run is all one suit",
    "not_same_rank": "a set is all one rank",
    "mixed_ranks_and_suits": "a meld is one rank, or one suit in sequence",
    "too_few_cards": "a {kind} needs at least {minimum} cards in {title}",
    "set_too_big": "a set has at most {maximum} cards in {title}",
    "duplicate_card": "one deck holds each card once",
    "joker_not_allowed": "no jokers in {title}",
    "not_in_deck": "only the cards of the decks in play",
    "no_natural_card": "a meld needs at least one natural card",
    "too_many_wilds": "house rule: natural cards outnumber jokers",
    "repeated_rank_in_run": "a run holds each rank once",
    "ace_both_ends": "an ace ends a run at one end only",
    "run_too_long": "a run goes from ace to ace at the longest",
}


def meld_rule(rules, check) -> str:
    """The rule a meld verdict turns on."""
    title = rules.title
    if not check.ok:
        for reason in check.reasons:
            template = FAILED_MELD_RULES.get(reason.code)
            if template:
                return template.format(title=title, **reason.params)
        return f"what makes a legal meld in {title}"
    if check.wilds:
        return f"a joker stands for any card in {title}" if 0 in rules.wild_ranks \
            else f"wild cards stand for any card in {title}"
    meld = check.meld
    if meld.kind == "set":
        if rules.max_set is None:
            size = f"{rules.min_set} or more"
        else:
            size = f"{rules.min_set} or {rules.max_set}" if rules.max_set == rules.min_set + 1 \
                else f"{rules.min_set} to {rules.max_set}"
        if len({c.face for c in meld.cards}) < len(meld.cards):
            return f"a set may repeat a card from another deck in {title}"
        return f"a set is {size} cards of one rank in {title}"
    if meld.high == 14:
        return f"ace high allowed in {title} (Q-K-A)"
    if meld.low == 1:
        return "ace low (A-2-3) in every game"
    return f"a run is {rules.min_run} or more cards of one suit in sequence in {title}"


def value_table(rules) -> str:
    """What cards count left in hand, in one line: ``A 1, 2-9 face value, 10 J Q K 10``."""
    values = rules.hand_values
    parts = []
    if 0 in rules.wild_ranks or values[0]:
        parts.append(f"joker {values[0]}")
    parts.append(f"A {values[1]}")
    if len(set(values[2:10])) == 1:
        parts.append(f"2-9 {values[2]}")
    else:
        parts.append("2-9 face value")
    parts.append(f"10 J Q K {values[10]}" if len(set(values[10:14])) == 1
                 else ", ".join(f"{RANK_LABELS[r]} {values[r]}" for r in range(10, 14)))
    return ", ".join(parts)


def points_rule(rules, cards) -> str:
    title = rules.title
    if any(c.is_joker for c in cards) and rules.hand_values[0]:
        return f"a joker caught in hand costs {rules.hand_values[0]} in {title}"
    if any(c.rank == 1 for c in cards):
        return f"an ace left in hand counts {rules.hand_values[1]} in {title}"
    return f"cards left in hand count {value_table(rules)} in {title}"


def decision_notes(rules, *topics: str) -> str:
    """The RULES.md decisions that settle these topics under ``rules``, as one text."""
    notes = []
    if "ace_in_hand" in topics and rules.scores_melds:
        notes.append(f"Decision: the sources leave it open, so here an ace left in hand counts "
                     f"{rules.hand_values[1]} (its high value).")
    if "contract" in topics:
        if rules.contract_melds_exact:
            notes.append("Decision: a meld of the contract may be longer than asked (a set of 4 "
                         "counts as a set of 3), but the first lay-down holds exactly the "
                         "contract's number of melds.")
    if "jokers" in topics and rules.wild_ranks:
        if rules.natural_majority:
            notes.append("House rule in force: natural cards must outnumber jokers in a meld.")
        else:
            notes.append("Decision: the sources set no limit on jokers in one meld, so there "
                         "is none here (some groups require more natural cards than jokers).")
    if "two_decks" in topics and rules.max_set is not None and max(d for _, d, _ in rules.decks) > 1:
        notes.append(f"With two decks a set may hold two copies of one card, still at most "
                     f"{rules.max_set} cards.")
    return " ".join(notes)
