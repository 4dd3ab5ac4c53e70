"""Reading a learner's typed answer.

Each reader turns text into a value or raises :class:`Unreadable` with a friendly
hint about the form expected. An unreadable answer is never judged and never
counted as a wrong attempt: the learner is simply asked again. Surrounding spaces
are ignored everywhere; spaces *inside* a number are not.
"""

from __future__ import annotations

import re

from ..cards import Card, cards_text, parse_cards
from ..errors import NotationError, RummyError

# No hand of any of the three games is worth this much; a bigger number is a typing slip.
NUMBER_LIMIT = 1000
NONE_WORDS = frozenset({"none", "nothing", "no", "neither", "-", "0", "empty", "no melds", "nessuno"})
_NUMBER_WORDS = frozenset(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy "
    "eighty ninety hundred minus".split())


class Unreadable(RummyError):
    """The answer could not be read; ``hint`` says what form to use."""

    def __init__(self, hint: str):
        super().__init__(hint)
        self.hint = hint


def _text(answer) -> str:
    if answer is None:
        raise Unreadable("Type an answer first.")
    if not isinstance(answer, str):
        raise Unreadable(f"Type your answer as text, not {type(answer).__name__}.")
    text = " ".join(answer.split())
    if not text:
        raise Unreadable("The answer is empty: type something before checking.")
    return text


def read_number(answer, *, negative: bool = False) -> int:
    """A whole number written in digits, e.g. ``30`` (``-12`` where ``negative`` is allowed)."""
    # hints never show an example number: it could be the very answer
    sign = " (a minus sign in front if it is below zero)" if negative else ""
    if isinstance(answer, bool):
        raise Unreadable(f"Type a whole number in digits{sign}.")
    if isinstance(answer, int):
        value = answer
    else:
        text = _text(answer)
        if re.fullmatch(r"[+-]?[0-9]+", text):
            value = int(text)
        elif re.fullmatch(r"[+-]?[0-9]+\s*(points?|pts?\.?|punti|punten)", text, re.IGNORECASE):
            raise Unreadable("Type just the number, without the word 'points'.")
        elif re.fullmatch(r"[+-]?[0-9]+([.,][0-9]+)", text):
            raise Unreadable("Card points are whole numbers: leave out the decimal part.")
        elif re.fullmatch(r"[+-]?[0-9][0-9 ]*[0-9]", text):
            raise Unreadable("Type the number without spaces inside it.")
        elif all(w in _NUMBER_WORDS for w in re.split(r"[\s-]+", text.lower()) if w):
            raise Unreadable("Write the number with the digits 0-9 rather than in words.")
        else:
            raise Unreadable(f"Type a whole number in digits{sign}, nothing else.")
    if value < 0 and not negative:
        raise Unreadable("Points here are never below zero: type 0 or more.")
    if abs(value) >= NUMBER_LIMIT:
        raise Unreadable(f"That is far more points than any hand can make; "
                         f"the answer is between -{NUMBER_LIMIT} and {NUMBER_LIMIT}.")
    return value


def read_choice(answer, options, aliases: dict | None = None) -> str:
    """One of ``options`` (case-insensitive), its number in the list (1, 2...), or an alias."""
    text = _text(answer).lower()
    listed = ", ".join(options)
    for option in options:
        if text == option.lower():
            return option
    if aliases and text in aliases:
        return aliases[text]
    if text.isdigit() and 1 <= int(text) <= len(options):
        return options[int(text) - 1]
    raise Unreadable(f"Answer with one of: {listed}.")


def read_labels(answer, labels) -> frozenset:
    """Some of ``labels`` (``"A C"``, ``"A, C"``, ``"AC"``), or ``none`` for none of them."""
    text = _text(answer)
    listed = ", ".join(labels)
    if text.lower() in NONE_WORDS:
        return frozenset()
    tokens = [t for t in re.split(r"[\s,;/+&]+|\band\b", text, flags=re.IGNORECASE) if t]
    upper = {label.upper(): label for label in labels}
    chosen = set()
    for token in tokens:
        key = token.upper()
        if key in upper:
            chosen.add(upper[key])
        elif all(ch in upper for ch in key):
            chosen.update(upper[ch] for ch in key)
        else:
            raise Unreadable(f"{token!r} is not one of the groups. Type the letters of the groups "
                             f"you pick ({listed}), or 'none'.")
    return frozenset(chosen)


def _take(cards, pool, what) -> tuple[Card, ...]:
    """Match typed cards to physical cards of ``pool``: a card typed without a copy
    number takes the first copy of that face not yet taken."""
    left = list(pool)
    taken = []
    for card in cards:
        match = card if card in left else None
        if match is None and card.copy == 1:
            match = next((c for c in left if c.face == card.face), None)
        if match is None:
            if any(c.face == card.face for c in pool):
                raise Unreadable(f"{card} is named more times than it is among {what}.")
            raise Unreadable(f"{card} is not among {what} ({cards_text(pool)}).")
        left.remove(match)
        taken.append(match)
    return tuple(taken)


def read_cards_from(answer, pool) -> tuple[Card, ...]:
    """Some of the cards in ``pool``, in card notation (``8C 3H``), or ``none``."""
    text = _text(answer)
    if text.lower() in NONE_WORDS:
        return ()
    try:
        cards = parse_cards(text)
    except NotationError as error:
        raise Unreadable(f"{error}. Type the cards you pick in card notation, or 'none'.") from None
    return _take(cards, pool, "the offered cards")


def read_groups(answer, hand) -> tuple[tuple[Card, ...], ...]:
    """Melds typed as card groups separated by ``|`` (or ``/`` or new lines), from ``hand``.

    ``none`` means no melds at all. Every card must be in the hand, and no card
    may be used twice; the cards not named are the deadwood.
    """
    text = _text(answer)
    if text.lower() in NONE_WORDS:
        return ()
    form = "Type each meld's cards in card notation, with | between melds (or 'none')."
    groups = []
    for part in re.split(r"[|/\n]", answer):
        if not part.strip():
            continue
        try:
            groups.append(parse_cards(part))
        except NotationError as error:
            raise Unreadable(f"{error}. {form}") from None
    if not groups:
        raise Unreadable(form)
    flat = _take([c for g in groups for c in g], hand, "the cards of the hand")
    result, at = [], 0
    for group in groups:
        result.append(flat[at:at + len(group)])
        at += len(group)
    return tuple(result)


def read_player_points(answer, names) -> tuple[str, int]:
    """A player's name and a number of points: ``Ann 30``, ``ann: 30``, ``Ann, 30``."""
    text = _text(answer)
    form = f"Type the winner's name, then the points in digits (players: {', '.join(names)})."
    for name in sorted(names, key=len, reverse=True):
        if text.lower().startswith(name.lower()):
            rest = text[len(name):].strip(" :,;-=").strip()
            rest = re.sub(r"^(wins|scores|by|with)\s+", "", rest, flags=re.IGNORECASE)
            if not rest:
                raise Unreadable(f"Add the points after the name. {form}")
            return name, read_number(rest)
    raise Unreadable(form)
