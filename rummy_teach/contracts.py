"""Contracts: what a player must lay down first in each hand of Contract Rummy.

A :class:`Contract` is a list of required melds, each a kind and a minimum size:
``Contract.parse("two sets of 3 and one run of 4")``. The standard ladder of seven
hands, Shanghai's eighth and the Double Progressive opening are tables here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import NotationError
from .reasons import Reason

_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_WORD_FOR = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
_DEFAULT_SIZE = {"set": 3, "run": 4}


@dataclass(frozen=True)
class Requirement:
    """One meld a contract asks for: a ``kind`` ("set" or "run") of at least ``size`` cards."""

    kind: str
    size: int

    def __str__(self) -> str:
        return f"a {self.kind} of {self.size}"


@dataclass(frozen=True)
class Contract:
    """The melds a hand's first lay-down must contain, e.g. two sets of 3 and a run of 4."""

    requirements: tuple[Requirement, ...]

    def __post_init__(self):
        if not self.requirements:
            raise NotationError("a contract needs at least one meld")

    @classmethod
    def parse(cls, text: str) -> "Contract":
        """Read ``"two sets of 3 and one run of 4"``, ``"2 sets + 1 run"``, ``"1 run of 7"``.

        Parts are joined by ``and``, ``+`` or commas; each part is a count, ``set(s)`` or
        ``run(s)``, and optionally ``of N`` (default 3 for sets, 4 for runs).
        """
        if isinstance(text, Contract):
            return text
        parts = [p.strip() for p in re.split(r"\+|,|\band\b", str(text).lower()) if p.strip()]
        if not parts:
            raise NotationError(f"{text!r} is not a contract; write e.g. 'two sets of 3 and one run of 4'")
        requirements = []
        for part in parts:
            match = re.fullmatch(r"(\w+)\s+(set|run)s?(?:\s+of\s+(\d+))?", part)
            if not match:
                raise NotationError(
                    f"{part!r} in contract {text!r} is not understood; write each part as "
                    "'<count> set(s)/run(s) [of <size>]', e.g. 'two sets of 3 and one run of 4'")
            count_text, kind, size_text = match.groups()
            count = int(count_text) if count_text.isdigit() else _NUMBER_WORDS.get(count_text)
            if not count or count < 1:
                raise NotationError(f"{count_text!r} in contract {text!r} is not a count (1, 2, 3... or one, two...)")
            size = int(size_text) if size_text else _DEFAULT_SIZE[kind]
            least = 3
            if size < least:
                raise NotationError(f"a {kind} in contract {text!r} must have at least {least} cards, not {size}")
            requirements += [Requirement(kind, size)] * count
        order = {"set": 0, "run": 1}
        return cls(tuple(sorted(requirements, key=lambda r: (order[r.kind], r.size))))

    @property
    def meld_count(self) -> int:
        return len(self.requirements)

    @property
    def min_cards(self) -> int:
        return sum(r.size for r in self.requirements)

    def __str__(self) -> str:
        groups: dict[Requirement, int] = {}
        for r in self.requirements:
            groups[r] = groups.get(r, 0) + 1
        words = []
        for r, n in groups.items():
            count = _WORD_FOR.get(n, str(n))
            words.append(f"{count} {r.kind}{'s' if n > 1 else ''} of {r.size}")
        return " and ".join(words)

    def words(self) -> Reason:
        """The contract said in the language in use ("two sets of 3 and one run of 4",
        "due tris da 3 e una scala da 4"): a :class:`Reason` to put in a sentence's
        parameters (``str(contract)`` stays the English notation that :meth:`parse` reads)."""
        groups: dict[Requirement, int] = {}
        for r in self.requirements:
            groups[r] = groups.get(r, 0) + 1
        # counted codes: the catalogue says "one set" or "two sets" in each language's grammar
        parts = [Reason(f"contract_{r.kind}s", {"count": n, "number": Reason(f"count_{n}") if n <= 5 else n,
                                                "size": r.size})
                 for r, n in groups.items()]
        said = parts[0]
        for part in parts[1:]:
            said = Reason("words_and", {"first": said, "second": part})
        return said

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


@dataclass(frozen=True)
class ContractHand:
    """One rung of the ladder: how many cards are dealt and the contract to lay down."""

    dealt: int
    contract: Contract
    whole_hand: bool = False  # going out only by laying the whole hand down, no discard


def _ladder(*rows):
    return tuple(ContractHand(dealt, Contract.parse(text), whole) for dealt, text, whole in rows)


STANDARD_LADDER = _ladder(
    (10, "two sets of 3", False),
    (10, "one set of 3 and one run of 4", False),
    (10, "two runs of 4", False),
    (10, "three sets of 3", False),
    (12, "two sets of 3 and one run of 4", False),
    (12, "one set of 3 and two runs of 4", False),
    (12, "three runs of 4", True),
)

SHANGHAI_EIGHTH = _ladder((12, "three sets of 3 and one run of 4", True))[0]
