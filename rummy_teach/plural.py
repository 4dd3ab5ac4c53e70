"""Numbers in messages: the form a count takes (a card, two cards), and a number written as
the reader's language writes it (1,234.5 in English, 1.234,5 in Italian and Dutch).

Plain data with no imports, so the catalogue's word files (rummy_teach/messages/) use it
without importing rummy_teach.reasons, which merges them; :meth:`Reason.text
<rummy_teach.reasons.Reason.text>` writes every number parameter through :func:`number_text`,
so code passes numbers (and stores them) and never writes them itself.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal


class Plural(tuple):
    """A message that depends on a count, in gettext's way: its forms, chosen by the
    parameter ``count`` names (``Plural("{count} card", "{count} cards")``).

    English, Italian and Dutch have two forms, the first for exactly 1 and the second for
    every other number, 0 included (gettext's ``Plural-Forms: nplurals=2; plural=(n != 1);``),
    so a translation is a plain tuple of two forms and :func:`plural_form` picks one.
    A form may leave the number out ("a card", "una carta"); it still receives it.
    """

    def __new__(cls, *forms: str, count: str = "count"):
        if len(forms) != 2 or not all(isinstance(f, str) for f in forms):
            raise TypeError("a Plural has two forms: the one for 1 and the one for other counts")
        made = super().__new__(cls, forms)
        made.count = count
        return made

    def __repr__(self) -> str:
        return f"Plural({self[0]!r}, {self[1]!r}, count={self.count!r})"


def plural_form(n) -> int:
    """Which form of a :class:`Plural` ``n`` takes: 0 for exactly one, else 1. A measured
    number counts as it is written: 0.96 points is written "1 point"."""
    return 0 if as_written(n) == 1 else 1


# --- writing numbers --------------------------------------------------------------------

#: How each language writes a number: (decimal mark, thousands separator). Every group of
#: three digits is marked from 1,000 on (CLDR's minimum grouping for the three languages).
MARKS = {"en": (".", ","), "it": (",", "."), "nl": (",", ".")}


class Percent(float):
    """A share, 0 to 1, said as a percentage: ``Percent(0.625)`` is "63%" (as a whole
    number, like every measured value; see :func:`as_written`)."""

    def __repr__(self) -> str:
        return f"Percent({float(self)!r})"

    def to_json(self) -> dict:
        """Its stored form in a stored sentence, ``{"percent": 0.625}`` (a share, not text)."""
        return {"percent": float(self)}


class Signed(int):
    """A change, said with its sign: ``Signed(25)`` is "+25", ``Signed(-10)`` "-10" (what a
    hand added to each score), ``Signed(0)`` "0"."""

    def __repr__(self) -> str:
        return f"Signed({int(self)!r})"

    def to_json(self) -> dict:
        return {"signed": int(self)}


def is_number(value) -> bool:
    """A parameter :func:`number_text` writes: an int or a float (not True/False)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def as_written(value):
    """The number a reader sees for ``value``, before the language's marks: a whole number
    as it is; a measured one (a float: an average, an estimate, a share) rounded to a
    whole number, half away from zero, since a teacher says "about 19 points", not 19.04.
    Below 1 the whole number says nothing, so one decimal stays (0.3, but 0.04 is 0).
    A :class:`Percent` is its share times 100, by the same rule."""
    if not is_number(value) or isinstance(value, int) or value != value or abs(value) == float("inf"):
        return value      # a whole number as it is; nan and inf have no digits to round
    if isinstance(value, Percent):
        value = value * 100
    exact = Decimal(repr(round(float(value), 9)))     # 0.285 * 100 is 28.5, not 28.4999...
    tenths = exact.quantize(Decimal("0.1"), ROUND_HALF_UP)
    if abs(tenths) >= 1:
        return int(exact.quantize(Decimal("1"), ROUND_HALF_UP))
    return float(tenths) if tenths else 0


def number_text(value, language: str = "en") -> str:
    """``value`` as ``language`` writes it: 1234 is "1,234" in English and "1.234" in
    Italian and Dutch; 0.3 is "0,3" in both; 19.04 is "19"; ``Percent(0.625)`` is "63%";
    ``Signed(25)`` is "+25". Anything else (True, a name) is ``str(value)``."""
    if not is_number(value):
        return str(value)
    shown = as_written(value)
    mark, thousands = MARKS.get(language, MARKS["en"])
    if isinstance(shown, int):
        text = f"{shown:,}".replace(",", thousands)
    else:
        text = f"{shown:.1f}".replace(".", mark)
    if isinstance(value, Signed) and value > 0:
        text = "+" + text
    return text + "%" if isinstance(value, Percent) else text
