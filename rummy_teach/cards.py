"""Cards, their notation, and decks.

A :class:`Card` is an immutable value: a rank and a suit, or a joker. Where a game
shuffles several decks together, two cards with the same face are still two
physical cards; they differ in their ``copy`` number (1 for the first deck's card,
2 for the second deck's, ...). Notation::

    8S  8♠  8s  10H  TH  QD  A♣      rank then suit, case-insensitive
    JK  Joker                        a joker
    8S#2  JK#3                       the second 8 of spades, the third joker

``str(card)`` writes the Unicode form (``8♠``), ``Card.parse`` reads it back, and
``repr(card)`` is the call that rebuilds the card.

Notation is the same in every language the package speaks: English letters (A J Q K,
T for 10) and S H D C or the suit symbols are read and written in Italian and Dutch
too, and the card pictures keep these corner letters (the glossary's rule: notation is
never translated; Italian French-suited decks print them too, and a Dutch reader meets
them in every rummy text). What is said in words follows the language in use:
``card.name`` ("eight of spades", "otto di picche", "schoppenacht"; with its article
``card.the_name``), :func:`rank_plural`
and :data:`SUIT_NAMES`, said from the catalogue when the sentence is said.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Iterable

from .errors import NotationError
from .reasons import Reason, say

SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: A suit's name, said in the language in use when the sentence holding it is said.
SUIT_NAMES = {suit: Reason(f"suit_{suit}") for suit in SUITS}
RED_SUITS = frozenset("HD")

RANKS = tuple(range(1, 14))  # 1 is the ace, 11 jack, 12 queen, 13 king
RANK_LABELS = {1: "A", 11: "J", 12: "Q", 13: "K", **{r: str(r) for r in range(2, 11)}}


def rank_word(rank: int) -> Reason:
    """``eight``, ``otto``, ``acht``: a rank's name, said in the language in use."""
    return Reason("card_joker") if rank == 0 else Reason(f"rank_{rank}")


def rank_plural(rank: int) -> Reason:
    """``eights``, ``otto``, ``achten``: a rank in the plural, for sentences. A
    :class:`~rummy_teach.reasons.Reason`, so a stored verdict holds the rank, not a word."""
    return Reason(f"ranks_{rank}")


def rank_with_article(rank: int) -> Reason:
    """``an eight``, ``un otto``, ``een acht``."""
    return Reason(f"rank_a_{rank}")

_RANK_BY_TOKEN = {label: rank for rank, label in RANK_LABELS.items()}
_RANK_BY_TOKEN["T"] = 10
_SUIT_BY_TOKEN = {**{s: s for s in SUITS}, **{sym: s for s, sym in SUIT_SYMBOLS.items()},
                  "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_JOKER_TOKENS = {"JK", "JOKER", "🃏"}

#: What card notation accepts, said in the language in use. The notation itself is the
#: same in every language: English letters (A J Q K, T for 10) and S H D C or the symbols.
ACCEPTED = Reason("notation_accepted")


@dataclass(frozen=True, order=False)
class Card:
    """One physical playing card.

    ``rank`` is 1 (ace) to 13 (king), ``suit`` one of ``"SHDC"``; a joker has
    ``rank == 0`` and ``suit is None``. ``copy`` tells apart identical faces when
    several decks are shuffled together.

    ``face_index`` numbers the faces of one deck in the order of a sorted hand: 0 to
    51 by suit (S H D C), then rank (ace to king), and 52 for a joker; every copy of a
    face has the same number. It is worked out once, when the card is made, because
    the solver reads it for every card it is given.

    Cards are compared, hashed, written and stripped of their copy number in every
    step of a game (hands, melds, the judge's checks), so these are written by hand:
    equality reads two small integers, the hash is a whole number worked out from them
    (the same in every process, unlike a hash of the suit's letter), ``face`` returns a
    card made once at import, and ``text`` is written once per card and kept.
    """

    rank: int
    suit: str | None
    copy: int = 1

    def __post_init__(self):
        if self.rank == 0:
            if self.suit is not None:
                raise NotationError(f"a joker has no suit, got suit {self.suit!r}")
        else:
            if self.rank not in RANKS:
                raise NotationError(f"rank {self.rank!r} is not a rank; ranks are 1 (ace) to 13 (king)")
            if self.suit not in SUIT_SYMBOLS:
                raise NotationError(f"suit {self.suit!r} is not a suit; suits are S, H, D, C")
        if not isinstance(self.copy, int) or self.copy < 1:
            raise NotationError(f"copy {self.copy!r} must be a whole number from 1 up")
        face_index = 52 if self.rank == 0 else 13 * SUITS.index(self.suit) + self.rank - 1
        object.__setattr__(self, "face_index", face_index)  # derived, not a field

    def __eq__(self, other):
        # the same answer as the dataclass's (rank, suit, copy) comparison: face_index
        # stands for (rank, suit)
        if other.__class__ is Card:
            return self.face_index == other.face_index and self.copy == other.copy
        return NotImplemented

    def __hash__(self) -> int:
        return self.face_index + 53 * self.copy

    # --- construction ---------------------------------------------------------
    @classmethod
    def joker(cls, copy: int = 1) -> "Card":
        return cls(0, None, copy)

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Read one card from its notation (see the module docstring)."""
        if not isinstance(text, str):
            raise NotationError(Reason("notation_not_text", {"text": repr(text), "accepted": ACCEPTED}))
        token = text.strip().replace("\ufe0f", "")
        copy = 1
        face = token
        if "#" in token:
            face, _, copy_text = token.partition("#")
            if not copy_text.isdigit() or int(copy_text) < 1:
                raise NotationError(Reason("notation_copy", {"text": repr(text)}))
            copy = int(copy_text)
        upper = face.upper()
        if upper in _JOKER_TOKENS:
            return cls.joker(copy)
        if len(upper) < 2:
            raise NotationError(Reason("notation_short", {"text": repr(text), "accepted": ACCEPTED}))
        rank_text, suit_text = upper[:-1], upper[-1]
        if suit_text not in _SUIT_BY_TOKEN:
            raise NotationError(Reason("notation_bad_suit", {"text": repr(text), "suit": repr(face[-1])}))
        if rank_text not in _RANK_BY_TOKEN:
            raise NotationError(Reason("notation_bad_rank", {"text": repr(text), "rank": repr(face[:-1])}))
        return cls(_RANK_BY_TOKEN[rank_text], _SUIT_BY_TOKEN[suit_text], copy)

    # --- properties -----------------------------------------------------------
    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def face(self) -> "Card":
        """The same card with its copy number dropped (what is printed on it)."""
        return self if self.copy == 1 else _FACES[self.face_index]

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def name(self) -> str:
        """The card in words, as a screen reader should say it: ``eight of spades``
        (from the message catalogue, :mod:`rummy_teach.reasons`)."""
        if self.is_joker:
            return say("card_joker")
        return say("card_name", rank=say(f"rank_{self.rank}"), suit=say(f"suit_{self.suit}"))

    @property
    def the_name(self) -> str:
        """The card in words with its article, for a sentence that names it: ``the queen
        of spades``, ``la regina di picche``, ``de schoppenvrouw`` (the article agrees with
        the rank, so each rank's name with its article is a message of its own)."""
        if self.is_joker:
            return say("card_the_joker")
        return say(f"card_the_{self.rank}", suit=say(f"suit_{self.suit}"))

    def sort_key(self, by: str = "suit") -> tuple:
        """Key for sorting a hand by ``"suit"`` (then rank) or by ``"rank"``; jokers last."""
        if self.rank == 0:
            return (1, 0, 0, self.copy)
        if by == "rank":
            return (0, self.rank, self.face_index // 13, self.copy)
        return (0, self.face_index // 13, self.rank, self.copy)

    # --- text forms -----------------------------------------------------------
    def text(self, ascii: bool = False) -> str:
        """The card's notation; Unicode suits unless ``ascii`` is true."""
        try:
            return self._ascii if ascii else self._unicode
        except AttributeError:  # the first time: written once, kept on the card
            pass
        tail = "" if self.copy == 1 else f"#{self.copy}"
        if self.rank == 0:
            unicode = ascii_text = "JK" + tail
        else:
            unicode = RANK_LABELS[self.rank] + SUIT_SYMBOLS[self.suit] + tail
            ascii_text = RANK_LABELS[self.rank] + self.suit + tail
        object.__setattr__(self, "_unicode", unicode)
        object.__setattr__(self, "_ascii", ascii_text)
        return ascii_text if ascii else unicode

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Card.parse({self.text(ascii=True)!r})"

    def _repr_html_(self) -> str:  # rendering lives in its own module, imported lazily
        from .render import card_html

        return card_html(self)


#: the card of each face_index with copy number 1 (what ``Card.face`` returns)
_FACES = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS) + (Card(0, None),)


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read a list of cards: ``"8S 8H 8D"``, ``"8S, 8H, 8D"`` or ``["8S", "8H"]``.

    Cards already parsed pass through unchanged. An empty text gives an empty tuple.
    A bad token raises :class:`NotationError` naming the token and its position.
    """
    if isinstance(text, str):
        tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    else:
        try:
            if isinstance(text, (bytes, dict)):
                raise TypeError
            tokens = list(text)
        except TypeError:   # None, a number: not cards in any notation
            raise NotationError(Reason("notation_not_cards", {"given": repr(text)[:40]})) from None
    cards = []
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, Card):
            cards.append(token)
            continue
        try:
            cards.append(Card.parse(token))
        except NotationError as error:
            raise NotationError(Reason("notation_card_at", {
                "position": position, "count": len(tokens),
                "error": error.reason or str(error)})) from None
    return tuple(cards)


def cards_text(cards: Iterable[Card], ascii: bool = False) -> str:
    """The notation of several cards, separated by spaces (``parse_cards`` reads it back)."""
    return " ".join(card.text(ascii=ascii) for card in cards)


def number_copies(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Give repeated faces successive copy numbers: ``8S 8S`` becomes ``8S 8S#2``.

    Useful when a person types a two-deck hand without numbering the copies.
    Cards that already carry a copy number other than 1 are kept as they are.
    """
    seen: dict[Card, int] = {}
    result = []
    taken = {card for card in cards if card.copy != 1}
    for card in cards:
        if card.copy != 1:
            result.append(card)
            continue
        copy = seen.get(card, 0) + 1
        while Card(card.rank, card.suit, copy) in taken:
            copy += 1
        seen[card] = copy
        taken.add(Card(card.rank, card.suit, copy))
        result.append(Card(card.rank, card.suit, copy))
    return tuple(result)


def make_deck(decks: int = 1, jokers: int = 0) -> tuple[Card, ...]:
    """Every physical card of ``decks`` 52-card decks plus ``jokers`` jokers, in order."""
    if decks < 1 or jokers < 0:
        raise NotationError(f"a deck needs at least one 52-card pack and no negative jokers, "
                            f"got decks={decks}, jokers={jokers}")
    cards = [Card(rank, suit, copy)
             for copy in range(1, decks + 1) for suit in SUITS for rank in RANKS]
    cards += [Card.joker(copy) for copy in range(1, jokers + 1)]
    return tuple(cards)


def shuffled(cards: Iterable[Card], seed: int | str | None) -> list[Card]:
    """A shuffled copy of ``cards``; the same seed always gives the same order."""
    deck = list(cards)
    random.Random(seed).shuffle(deck)
    return deck
