"""Laying off: adding one card from a hand to a meld already on the table.

One judgement serves everything: :func:`grow` is the rule itself, fast enough for
computer players (it never re-judges the whole meld), and :func:`check_lay_off`
wraps it in a :class:`~rummy_teach.melds.MeldCheck` with reasons for quizzes and
widgets. Game play (:func:`rummy_teach.game.lay_off`) calls :func:`grow` too.

Cards already on the table never move: a wild card keeps what it stands for (no
joker swapping), so a natural card fits a run only at one of its two ends, and a
set only when it has the set's rank and the set has room.
"""

from __future__ import annotations

from .cards import RANK_LABELS, SUIT_NAMES, SUIT_SYMBOLS, Card, rank_plural
from .melds import ACE_HIGH, Meld, MeldCheck, card_problems, meld_verdict, position_label
from .reasons import Reason


def grow(rules, meld: Meld, card: Card, end: str | None = None, on_table=None):
    """The meld with ``card`` added, or the :class:`Reason` why it does not fit.

    ``end`` ("low" or "high") chooses where a wild card goes on a run (default: the
    high end where there is room). ``on_table`` holds the faces of the natural cards
    on the table, for the Persian rule on jokers; ``None`` leaves that rule out.
    """
    if meld.kind == "set":
        return _grow_set(rules, meld, card, on_table)
    return _grow_run(rules, meld, card, end, on_table)


def check_lay_off(rules, meld: Meld, card: Card, end: str | None = None, on_table=None) -> MeldCheck:
    """Judge laying ``card`` off on ``meld``: the verdict, its reasons and the grown meld."""
    problems = list(card_problems(rules, meld.cards + (card,)))
    if problems:
        return MeldCheck(meld.cards + (card,), False, meld.kind,
                         (refusal(meld, card, problems[0]),))
    grown = grow(rules, meld, card, end, on_table)
    if isinstance(grown, Reason):
        return MeldCheck(meld.cards + (card,), False, meld.kind, (grown,))
    return meld_verdict(rules, meld.cards + (card,), grown, first=(fits(meld, card),))


def meld_term(meld: Meld) -> Reason:
    """``the run 4♥ 5♥ 6♥``, said in the language in use."""
    return Reason(f"layoff_meld_{meld.kind}", {"cards": meld.text()})


def fits(meld: Meld, card: Card) -> Reason:
    return Reason("layoff_fits", {"card": str(card), "meld": meld_term(meld)})


def refusal(meld: Meld, card: Card, why) -> Reason:
    """``why`` is a :class:`Reason` (a code of the "layoff_why_*" family, or a meld problem)."""
    return Reason("layoff_does_not_fit", {"card": str(card), "meld": meld_term(meld), "why": why})


def _why(code: str, **params) -> Reason:
    return Reason(f"layoff_why_{code}", params)


def _too_many_wilds(rules, meld: Meld, naturals: int) -> bool:
    size = len(meld.cards) + 1
    return rules.natural_majority and size - naturals >= naturals


def _grow_set(rules, meld: Meld, card: Card, on_table):
    natural = card.rank == meld.rank
    wild = rules.is_wild(card) and not natural
    if not natural and not wild:
        code = "set_rank_wild" if rules.wild_ranks else "set_rank"
        return refusal(meld, card, _why(code, rank_plural=rank_plural(meld.rank),
                                        rank=RANK_LABELS[meld.rank]))
    if rules.max_set is not None and len(meld.cards) >= rules.max_set:
        return refusal(meld, card, _why("set_full", count=len(meld.cards), game=rules.term))
    if wild:
        naturals = sum(1 for c in meld.cards if not rules.is_wild(c) or c.rank == meld.rank)
        if _too_many_wilds(rules, meld, naturals):
            return refusal(meld, card, _why("wilds"))
        if rules.persian_joker_layoff and on_table is not None:
            playable = [f for f in (Card(meld.rank, s) for s in "SHDC") if f not in on_table]
            if playable:
                return Reason("joker_layoff_natural_playable",
                              {"stands_for": " ".join(str(f) for f in playable)})
    return Meld("set", meld.cards + (card,), rank=meld.rank)


def _grow_run(rules, meld: Meld, card: Card, end, on_table):
    top = ACE_HIGH if rules.ace_high else 13
    low, high = meld.low, meld.high
    if len(meld.cards) >= 13:
        return refusal(meld, card, _why("run_long"))
    ends = []  # (name, position) of each end with room, never holding the ace twice
    if high + 1 <= top and not (low == 1 and high + 1 == ACE_HIGH):
        ends.append(("high", high + 1))
    if low - 1 >= 1 and not (low - 1 == 1 and high == ACE_HIGH):
        ends.append(("low", low - 1))
    natural = [(name, p) for name, p in ends if card.suit == meld.suit
               and (card.rank == p or (card.rank == 1 and p == ACE_HIGH))]
    if natural and end in (None, natural[0][0]):
        name, position = natural[0]
    elif rules.is_wild(card) and ends:
        options = [e for e in ends if end in (None, e[0])]
        if not options:
            return refusal(meld, card, _why(f"no_room_{end}"))
        name, position = options[0]
        naturals = sum(1 for i, c in enumerate(meld.cards) if not rules.is_wild(c)
                       or (c.suit == meld.suit and c.rank in (low + i, 1 if low + i == ACE_HIGH else 0)))
        if _too_many_wilds(rules, meld, naturals):
            return refusal(meld, card, _why("wilds"))
        face = Card(1 if position == ACE_HIGH else position, meld.suit)
        if rules.persian_joker_layoff and on_table is not None and face not in on_table:
            return Reason("joker_layoff_natural_playable", {"stands_for": str(face)})
    else:
        return refusal(meld, card, _why_not_run(rules, meld, card, ends))
    if name == "high":
        return Meld("run", meld.cards + (card,), low=low, suit=meld.suit)
    return Meld("run", (card,) + meld.cards, low=position, suit=meld.suit)


def _why_not_run(rules, meld: Meld, card: Card, ends) -> Reason:
    if not rules.is_wild(card) and card.suit != meld.suit:
        return _why("suit", suit=SUIT_NAMES[meld.suit], card=str(card))
    if card.rank == 1 and not rules.ace_high and meld.high == 13:
        return _why("ace_low", game=rules.term)
    if not ends:
        return _why("no_end")
    wanted = [position_label(p) + SUIT_SYMBOLS[meld.suit] for _, p in ends]
    if len(wanted) == 2:
        wanted = Reason("words_and", {"first": wanted[0], "second": wanted[1]})
    else:
        wanted = wanted[0]
    return _why("ends", wanted=wanted)
