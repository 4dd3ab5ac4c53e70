"""Actions: what a player does at the table, as values with a text form.

Every action reads back from its text (``Action.parse(str(action)) == action``)::

    draw                       take the top card of the stock
    take                       take the top card of the discard pile
    take 3                     Rummy 500: take the third card from the top of the fanned
                               pile, together with the two cards above it
    meld 8S 8H 8D              put a meld on the table
    meld 8S 8H 8D | 4H 5H 6H 7H    several melds at once (a contract's lay-down)
    layoff 8C on 2             add 8♣ to meld number 2 of the table
    layoff JK on 2 low         a wild card at the low end of a run (default: high end)
    discard 7H                 end the turn by discarding 7♥
    buy / pass                 Contract Rummy: answer the offer of the last discard
    end                        Rummy 500: the stock is empty and you take nothing; the hand ends
    next                       deal the next hand

Table melds are numbered from 1 in the order they were put down.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, cards_text, parse_cards
from ..errors import NotationError

KINDS = ("draw", "take", "meld", "layoff", "discard", "buy", "pass", "end", "next")

_FORMS = ("draw | take [DEPTH] | meld CARDS [| CARDS ...] | layoff CARD on MELD-NUMBER [low|high] | "
          "discard CARD | buy | pass | end | next")


@dataclass(frozen=True)
class Action:
    """One move. ``kind`` is one of :data:`KINDS`; the other fields depend on it.

    ``melds`` (meld): the groups of cards put down. ``card`` (layoff, discard).
    ``depth`` (take): 1 is the top of the discard pile. ``target`` (layoff): the
    table meld's number. ``end`` (layoff of a wild card on a run): ``"low"`` or
    ``"high"``, or ``None`` for the engine's choice.
    """

    kind: str
    melds: tuple[tuple[Card, ...], ...] = ()
    card: Card | None = None
    depth: int = 1
    target: int = 0
    end: str | None = None

    def __post_init__(self):
        """Check every field, so no later code meets a half-valid action."""
        if not isinstance(self.kind, str) or self.kind not in KINDS:
            raise NotationError(f"{self.kind!r} is not an action; actions are: {_FORMS}")
        kind = self.kind
        melds = self.melds
        if melds.__class__ is not tuple or melds:  # () (no melds) needs no reading
            if isinstance(melds, (list, tuple)):
                try:
                    melds = tuple(tuple(group) for group in melds)
                except TypeError:
                    melds = None
            if melds is None or not all(isinstance(c, Card) for g in melds for c in g):
                raise NotationError(f"melds must be groups of Card values, not {self.melds!r}")
            object.__setattr__(self, "melds", melds)
        if kind == "meld":
            if not melds or any(not g for g in melds):
                raise NotationError("a meld action needs at least one group, each with cards; "
                                    "e.g. Action.meld('8S 8H 8D')")
        elif melds:
            raise NotationError(f"'{kind}' takes no melds; only 'meld' does")
        if kind in ("layoff", "discard"):
            if not isinstance(self.card, Card):
                raise NotationError(f"'{kind}' needs one card (a Card), not {self.card!r}")
        elif self.card is not None:
            raise NotationError(f"'{kind}' takes no card; only 'layoff' and 'discard' do")
        if not _whole(self.depth) or self.depth < 1 or (kind != "take" and self.depth != 1):
            raise NotationError(f"depth is a whole number from 1 (the top card), used only by "
                                f"'take'; not {self.depth!r}")
        if kind == "layoff":
            if not _whole(self.target) or self.target < 1:
                raise NotationError(f"a lay-off names a table meld by its number from 1, not {self.target!r}")
        elif self.target != 0 or not _whole(self.target):
            raise NotationError(f"'{kind}' takes no target meld; only 'layoff' does")
        if self.end not in (None, "low", "high") or (self.end is not None and kind != "layoff"):
            raise NotationError(f"end is 'low', 'high' or None, and only for 'layoff'; not {self.end!r}")

    # --- constructors ---------------------------------------------------------
    @classmethod
    def draw(cls) -> "Action":
        return cls("draw")

    @classmethod
    def take(cls, depth: int = 1) -> "Action":
        return cls("take", depth=depth)

    @classmethod
    def meld(cls, *groups) -> "Action":
        return cls("meld", melds=tuple(parse_cards(g) for g in groups))

    @classmethod
    def lay_off(cls, card, target: int, end: str | None = None) -> "Action":
        return cls("layoff", card=_one_card(card), target=target, end=end)

    @classmethod
    def discard(cls, card) -> "Action":
        return cls("discard", card=_one_card(card))

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card this action moves out of the player's hand."""
        if self.kind == "meld":
            return tuple(c for group in self.melds for c in group)
        return (self.card,) if self.card is not None else ()

    # --- text -----------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read an action from its text form (see the module docstring)."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not an action; write one of: {_FORMS}")
        words = text.strip().split()
        if not words:
            raise NotationError(f"an empty text is not an action; write one of: {_FORMS}")
        kind, rest = words[0].lower(), words[1:]
        if kind in ("lay-off", "lay_off"):
            kind = "layoff"
        if kind in ("draw", "buy", "pass", "end", "next"):
            if rest:
                raise NotationError(f"{text!r}: '{kind}' takes nothing after it")
            return cls(kind)
        if kind == "take":
            if not rest:
                return cls("take")
            if len(rest) == 1 and rest[0].isdigit() and int(rest[0]) >= 1:
                return cls("take", depth=int(rest[0]))
            raise NotationError(f"{text!r}: write 'take' or 'take N', N = 1 for the top card")
        if kind == "meld":
            groups = [g for g in " ".join(rest).split("|")]
            melds = tuple(parse_cards(g) for g in groups)
            if not melds or any(not g for g in melds):
                raise NotationError(f"{text!r}: write the cards of each meld, e.g. 'meld 8S 8H 8D', "
                                    "with '|' between melds")
            return cls("meld", melds=melds)
        if kind == "discard":
            if len(rest) != 1:
                raise NotationError(f"{text!r}: write 'discard CARD', e.g. 'discard 7H'")
            return cls("discard", card=Card.parse(rest[0]))
        if kind == "layoff":
            if len(rest) in (3, 4) and rest[1].lower() == "on" and rest[2].isdigit():
                end = rest[3].lower() if len(rest) == 4 else None
                if end not in (None, "low", "high"):
                    raise NotationError(f"{text!r}: the end of the run is 'low' or 'high', not {rest[3]!r}")
                return cls("layoff", card=Card.parse(rest[0]), target=int(rest[2]), end=end)
            raise NotationError(f"{text!r}: write 'layoff CARD on MELD-NUMBER', e.g. 'layoff 8C on 2'")
        raise NotationError(f"{text!r} is not an action; write one of: {_FORMS}")

    def text(self, ascii: bool = False) -> str:
        """The action's notation; Unicode suits unless ``ascii`` is true."""
        if self.kind == "take":
            return "take" if self.depth == 1 else f"take {self.depth}"
        if self.kind == "meld":
            return "meld " + " | ".join(cards_text(g, ascii=ascii) for g in self.melds)
        if self.kind == "discard":
            return f"discard {self.card.text(ascii=ascii)}"
        if self.kind == "layoff":
            tail = f" {self.end}" if self.end else ""
            return f"layoff {self.card.text(ascii=ascii)} on {self.target}{tail}"
        return self.kind

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Action.parse({self.text(ascii=True)!r})"


def _whole(value) -> bool:
    return value.__class__ is int or (isinstance(value, int) and not isinstance(value, bool))


def _one_card(card) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)
