"""Counted messages: a catalogue value that has a form for one and a form for every other count.

Plain data with no imports, so the catalogue's word files (quiz_words.py and the rest) use it
without importing rummy_teach.reasons, which merges them.
"""

from __future__ import annotations


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
    """Which form of a :class:`Plural` ``n`` takes: 0 for exactly one, else 1."""
    return 0 if n == 1 else 1
