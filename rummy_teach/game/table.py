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

from ..cards import Card
from ..melds import Meld, fits, grow
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

    def grown(self, meld: Meld, card: Card, player: int) -> "TableMeld":
        """This table meld after ``player`` laid ``card`` off, making ``meld``: it stays
        with its owner, and every card keeps who placed it (the new one: ``player``)."""
        who = dict(zip(self.meld.cards, self.placed_by))
        who[card] = player
        return TableMeld(self.number, self.owner, meld, tuple(who[c] for c in meld.cards))

    def to_dict(self) -> dict:
        return {"number": self.number, "owner": self.owner, "kind": self.meld.kind,
                "cards": [c.text(ascii=True) for c in self.meld.cards],
                "placed_by": list(self.placed_by)}

    def __str__(self) -> str:
        return f"{self.number}: {self.meld}"


def lay_off(rules, meld: Meld, card: Card, end: str | None = None,
            on_table: frozenset = frozenset(), explain: bool = True) -> tuple[Meld | None, Reason | None]:
    """The meld with ``card`` added and why, or ``None`` and the reason it does not fit.

    The judgement is the engine's (:func:`rummy_teach.melds.grow`); ``on_table``
    holds the faces of every natural card on the table, for the Persian rule on
    jokers. With ``explain=False`` no reason is written: the fast path for bots.
    """
    grown = grow(rules, meld, card, end, on_table, explain)
    if grown is None or isinstance(grown, Reason):
        return None, grown
    return grown, fits(meld, card) if explain else None
