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
from ..reasons import ENGLISH, say

# No hand of any of the three games is worth this much; a bigger number is a typing slip.
NUMBER_LIMIT = 1000
NONE_WORDS = frozenset({"none", "nothing", "no", "neither", "-", "0", "empty", "no melds",
                        "nessuno", "nessuna", "niente", "geen", "geen enkele", "niets"})
_NUMBER_WORDS = frozenset(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy "
    "eighty ninety hundred minus".split())


def is_none(text: str) -> bool:
    """Is ``text`` a word for "none"? The fixed list, plus the words the quiz itself shows
    for "none" (in English and in the language in use), so that a learner who copies a
    shown answer ("none of them") is understood."""
    text = text.lower()
    if text in NONE_WORDS:
        return True
    return any(text == say(code, catalogue).lower() for code in ("quiz_none_of_them", "quiz_no_melds",
                                                                 "quiz_given_none")
               for catalogue in (ENGLISH, None))


def _deadwood_word(catalogue) -> str:
    """What stands between the melds and the deadwood in a shown arrangement ("deadwood"
    in "8♠ 8♥ 8♦; deadwood K♠ 9♦"), in ``catalogue``'s language."""
    shown = say("quiz_arrange_answer", catalogue, melds="\x00", deadwood="\x01")
    return shown[shown.index("\x00") + 1:shown.index("\x01")].strip(" ;").lower()


class Unreadable(RummyError):
    """The answer could not be read; ``hint`` says what form to use."""

    def __init__(self, hint: str):
        super().__init__(hint)
        self.hint = hint


def answer_text(answer) -> str:
    if answer is None:
        raise Unreadable(say("quiz_hint_type_first"))
    if not isinstance(answer, str):
        raise Unreadable(say("quiz_hint_as_text", kind=type(answer).__name__))
    text = " ".join(answer.split())
    if not text:
        raise Unreadable(say("quiz_hint_empty"))
    return text


def read_number(answer, *, negative: bool = False) -> int:
    """A whole number written in digits, e.g. ``30`` (``-12`` where ``negative`` is allowed)."""
    # hints never show an example number: it could be the very answer
    whole = say("quiz_hint_whole_signed" if negative else "quiz_hint_whole")
    if isinstance(answer, bool):
        raise Unreadable(whole)
    if isinstance(answer, int):
        value = answer
    else:
        text = answer_text(answer)
        if re.fullmatch(r"[+-]?[0-9]+", text):
            value = int(text)
        elif re.fullmatch(r"[+-]?[0-9]+\s*(points?|pts?\.?|punti|punten)", text, re.IGNORECASE):
            raise Unreadable(say("quiz_hint_no_points_word"))
        elif re.fullmatch(r"[+-]?[0-9]+([.,][0-9]+)", text):
            raise Unreadable(say("quiz_hint_no_decimals"))
        elif re.fullmatch(r"[+-]?[0-9][0-9 ]*[0-9]", text):
            raise Unreadable(say("quiz_hint_no_spaces"))
        elif all(w in _NUMBER_WORDS for w in re.split(r"[\s-]+", text.lower()) if w):
            raise Unreadable(say("quiz_hint_digits"))
        else:
            raise Unreadable(say("quiz_hint_nothing_else", whole=whole))
    if value < 0 and not negative:
        raise Unreadable(say("quiz_hint_not_negative"))
    if abs(value) >= NUMBER_LIMIT:
        raise Unreadable(say("quiz_hint_too_many", limit=NUMBER_LIMIT))
    return value


def read_choice(answer, options, aliases: dict | None = None, codes: dict | None = None) -> str:
    """One of ``options`` (case-insensitive), its number in the list (1, 2...), an alias, or
    an option's label (``codes``: option -> catalogue code) in any language rummy_teach speaks."""
    from .words import every_language

    text = answer_text(answer).lower()
    codes = codes or {}
    for option in options:
        if text == option.lower():
            return option
    if aliases and text in aliases:
        return aliases[text]
    for option in options:
        if option in codes and text in every_language(codes[option]):
            return option
    if text.isdigit() and 1 <= int(text) <= len(options):
        return options[int(text) - 1]
    listed = ", ".join(say(codes[o]) if o in codes else o for o in options)
    raise Unreadable(say("quiz_hint_one_of", options=listed))


def read_labels(answer, labels) -> frozenset:
    """Some of ``labels`` (``"A C"``, ``"A, C"``, ``"AC"``), or ``none`` for none of them."""
    text = answer_text(answer)
    listed = ", ".join(labels)
    if is_none(text):
        return frozenset()
    tokens = [t for t in re.split(r"[\s,;/+&]+|\b(?:and|en)\b", text, flags=re.IGNORECASE) if t]
    upper = {label.upper(): label for label in labels}
    chosen = set()
    for token in tokens:
        key = token.upper()
        if key in upper:
            chosen.add(upper[key])
        elif all(ch in upper for ch in key):
            chosen.update(upper[ch] for ch in key)
        else:
            raise Unreadable(say("quiz_hint_not_a_group", token=token, labels=listed))
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
                raise Unreadable(say("quiz_hint_named_too_often", card=str(card), what=say(what)))
            raise Unreadable(say("quiz_hint_not_among", card=str(card), what=say(what),
                                 cards=cards_text(pool)))
        left.remove(match)
        taken.append(match)
    return tuple(taken)


def read_cards_from(answer, pool) -> tuple[Card, ...]:
    """Some of the cards in ``pool``, in card notation (``8C 3H``), or ``none``."""
    text = answer_text(answer)
    if is_none(text):
        return ()
    try:
        cards = parse_cards(text)
    except NotationError as error:
        raise Unreadable(say("quiz_hint_card_notation", error=error)) from None
    return _take(cards, pool, "quiz_among_offered")


def read_groups(answer, hand) -> tuple[tuple[Card, ...], ...]:
    """Melds typed as card groups separated by ``|`` (or ``/`` or new lines), from ``hand``.

    ``none`` means no melds at all. Every card must be in the hand, and no card
    may be used twice; the cards not named are the deadwood.
    """
    answer_text(answer)  # refuses what is not text, or empty
    melds, deadwood = _split_deadwood(answer.strip())  # new lines may part melds: kept
    if is_none(" ".join(melds.split())):
        groups = ()
    else:
        groups = _card_groups(melds)
    flat = _take([c for g in groups for c in g], hand, "quiz_among_hand")
    if deadwood is not None:
        _check_deadwood(deadwood, hand, flat)
    result, at = [], 0
    for group in groups:
        result.append(flat[at:at + len(group)])
        at += len(group)
    return tuple(result)


def _split_deadwood(text: str) -> tuple[str, str | None]:
    """The melds and, when the answer names it as the quiz shows an arrangement
    ("...; deadwood K♠ 9♦"), the deadwood part (None when it is not named)."""
    if ";" not in text:
        return text, None
    melds, rest = text.split(";", 1)
    rest = " ".join(rest.split())
    for word in {_deadwood_word(ENGLISH), _deadwood_word(None)}:
        if rest.lower().startswith(word):
            return melds.strip(), rest[len(word):].strip(" :")
    raise Unreadable(say("quiz_hint_melds_form"))


def _check_deadwood(text: str, hand, melded) -> None:
    """The deadwood a learner named must be the cards the melds leave."""
    left = list(hand)
    for card in melded:
        left.remove(card)
    if not text or is_none(text):
        named = ()
    else:
        try:
            named = parse_cards(text)
        except NotationError as error:
            raise Unreadable(say("quiz_hint_error_then", error=error, form=say("quiz_hint_melds_form"))) from None
    if sorted(c.face.sort_key() for c in named) != sorted(c.face.sort_key() for c in left):
        raise Unreadable(say("quiz_hint_deadwood_rest"))


def _card_groups(text: str) -> list[tuple[Card, ...]]:
    form = say("quiz_hint_melds_form")
    groups = []
    for part in re.split(r"[|/\n]", text):
        if not part.strip():
            continue
        try:
            groups.append(parse_cards(part))
        except NotationError as error:
            raise Unreadable(say("quiz_hint_error_then", error=error, form=form)) from None
    if not groups:
        raise Unreadable(form)
    return groups


def read_player_points(answer, names, aliases: dict | None = None,
                       shown=None) -> tuple[str, int]:
    """A player's name and a number of points: ``Ann 30``, ``ann: 30``, ``Ann, 30``.
    ``aliases`` (lower case -> name) are other ways to write a name ("Tu" for "You");
    ``shown`` gives a name as the learner reads it."""
    text = answer_text(answer)
    shown = shown or str
    form = say("quiz_hint_winner_form", players=", ".join(shown(n) for n in names))
    written = {name.lower(): name for name in names}
    written.update(aliases or {})
    for spelled in sorted(written, key=len, reverse=True):
        if text.lower().startswith(spelled) and (len(text) == len(spelled)
                                                 or not text[len(spelled)].isalpha()):
            rest = text[len(spelled):].strip(" :,;-=").strip()
            rest = re.sub(r"^(wins|scores|by|with|vince|con|wint|met)\s+", "", rest,
                          flags=re.IGNORECASE)
            if not rest:
                raise Unreadable(say("quiz_hint_add_points", form=form))
            return written[spelled], read_number(rest)
    raise Unreadable(form)
