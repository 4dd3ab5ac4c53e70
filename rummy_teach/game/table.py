"""The melds on the table and laying off on them.

A :class:`TableMeld` is a :class:`~rummy_teach.melds.Meld` with its number, its
owner (who put it down) and, card by card, who placed each card there: in Rummy 500
a laid-off card scores for the player who laid it off, not for the meld's owner.

Laying off never moves a card already on the table: a wild card keeps what it stands
for (no joker swapping), so a natural card fits a run only at one of its two ends,
and a set only if it has the set's rank and the set has room.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, SUIT_SYMBOLS
from ..melds import ACE_HIGH, Meld, position_label
from ..reasons import Reason


@dataclass(frozen=True)
class TableMeld:
    """One meld on the table: ``number`` (from 1), ``owner``, ``meld`` and ``placed_by``."""

    number: int
    owner: int
    meld: Meld
    placed_by: tuple[int, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.meld.cards

    def points_by_player(self, rules) -> dict[int, int]:
        """What each card scores (Rummy 500), summed per player who placed it."""
        from ..melds import card_meld_value

        result: dict[int, int] = {}
        for card, position, who in zip(self.meld.cards, self.meld.positions(), self.placed_by):
            result[who] = result.get(who, 0) + card_meld_value(rules, card, position, self.meld.kind)
        return result

    def to_dict(self) -> dict:
        return {"number": self.number, "owner": self.owner, "kind": self.meld.kind,
                "cards": [c.text(ascii=True) for c in self.meld.cards],
                "placed_by": list(self.placed_by)}

    def __str__(self) -> str:
        return f"{self.number}: {self.meld}"


def _natural_at(card: Card, position: int) -> bool:
    """Does this natural card belong at this run position (1-14)?"""
    return card.rank == position or (card.rank == 1 and position == ACE_HIGH)


def _face_at(suit: str, position: int) -> Card:
    return Card(1 if position == ACE_HIGH else position, suit)


def lay_off(rules, meld: Meld, card: Card, end: str | None = None,
            on_table: frozenset = frozenset(), explain: bool = True) -> tuple[Meld | None, Reason | None]:
    """The meld with ``card`` added, or ``None`` with the reason it does not fit.

    ``end`` places a wild card at the ``"low"`` or ``"high"`` end of a run (default:
    high where there is room). ``on_table`` holds the faces of every natural card on
    the table, for the Persian rule on jokers. With ``explain=False`` no reason is
    written (the answer is ``(meld, None)`` or ``(None, None)``): the fast path for bots.
    """
    def refuse(why: str):
        if not explain:
            return None, None
        return None, Reason("layoff_does_not_fit", {"card": str(card), "meld": str(meld), "why": why})

    wild = rules.is_wild(card)
    size = len(meld.cards) + 1
    if meld.kind == "set":
        natural = card.rank == meld.rank
        if not natural and not wild:
            return refuse(f"a set of {position_label(meld.rank)}s takes only cards of that rank.")
        if rules.max_set is not None and size > rules.max_set:
            return refuse(f"a set has at most {rules.max_set} cards here.")
        if wild and not natural and rules.natural_majority:
            naturals = sum(1 for c in meld.cards if not rules.is_wild(c) or c.rank == meld.rank)
            if size - naturals >= naturals:
                return refuse("natural cards must outnumber wild cards (house rule).")
        if wild and not natural and rules.persian_joker_layoff:
            missing = [Card(meld.rank, s) for s in "SHDC"]
            playable = [f for f in missing if f not in on_table]
            if playable:
                return None, Reason("joker_layoff_natural_playable",
                                    {"stands_for": " ".join(str(f) for f in playable)})
        return Meld("set", meld.cards + (card,), rank=meld.rank), _fits(card, meld, explain)
    top = ACE_HIGH if rules.ace_high else 13
    low, high = meld.low, meld.high
    if size > 13:
        return refuse("a run cannot be longer than 13 cards.")
    ends = []
    if high + 1 <= top:
        ends.append(("high", high + 1))
    if low - 1 >= 1:
        ends.append(("low", low - 1))
    natural_fit = [(name, p) for name, p in ends
                   if card.suit == meld.suit and _natural_at(card, p)]
    if natural_fit and (end is None or end == natural_fit[0][0]):
        name, position = natural_fit[0]
    elif wild and ends:
        options = [e for e in ends if end is None or e[0] == end]
        if not options:
            return refuse(f"there is no room at the {end} end of this run.")
        name, position = options[0]
        if rules.natural_majority:
            naturals = sum(1 for i, c in enumerate(meld.cards)
                           if not rules.is_wild(c) or _natural_at(c, low + i) and c.suit == meld.suit)
            if size - naturals >= naturals:
                return refuse("natural cards must outnumber wild cards (house rule).")
        if rules.persian_joker_layoff:
            face = _face_at(meld.suit, position)
            if face not in on_table:
                return None, Reason("joker_layoff_natural_playable", {"stands_for": str(face)})
    else:
        if not explain:
            return None, None
        wanted = " or ".join(position_label(p) + SUIT_SYMBOLS[meld.suit] for _, p in ends)
        return refuse(f"only {wanted} can extend this run." if wanted else "this run cannot grow.")
    if (low if name == "high" else position) == 1 and (position if name == "high" else high) == ACE_HIGH:
        return refuse("an ace may end a run at one end only.")
    if name == "high":
        new = Meld("run", meld.cards + (card,), low=low, suit=meld.suit)
    else:
        new = Meld("run", (card,) + meld.cards, low=position, suit=meld.suit)
    return new, _fits(card, meld, explain)


def _fits(card, meld, explain):
    return Reason("layoff_fits", {"card": str(card), "meld": str(meld)}) if explain else None
