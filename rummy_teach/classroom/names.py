"""Students' names as typed, as shown, and as compared.

* :func:`normal_name` is the name as it is kept and shown: NFKC (fullwidth ``Ａｄａ`` is
  ``Ada``), no invisible or format characters (Unicode category Cf: zero-width space,
  soft hyphen, joiners, bidi marks), no control characters, single spaces.
* :func:`name_key` is the form two names are compared in: the normal name, case folded,
  then its *confusable skeleton* (Unicode TR39): every character replaced by one
  representative of the characters that look like it, so a Cyrillic ``А`` or a Greek
  ``Α`` is the Latin ``A``, and ``Аda`` is a name already taken by ``Ada``.

The look-alike classes come from Unicode's ``confusables.txt``, as packaged by
``confusable_homoglyphs`` (the classroom extra's dependency; a maintained package whose
data is regenerated from each Unicode release). Each of its entries joins a character
to its TR39 prototype, so two characters have the same representative here exactly when
TR39 gives them the same skeleton; only its mappings to several characters (``m`` to
``rn``) are left out, since NFKC already splits the ligatures among them.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache


def normal_name(text: str) -> str:
    """``text`` as a name is kept: NFKC, no format (Cf) or control (Cc) characters, single
    spaces, no spaces at either end."""
    text = unicodedata.normalize("NFKC", text or "")
    kept = "".join(" " if unicodedata.category(ch) in ("Zs", "Zl", "Zp") or ch in "\t\n\r"
                   else ch for ch in text
                   if unicodedata.category(ch) not in ("Cf", "Cc", "Cs") or ch in "\t\n\r")
    return " ".join(kept.split())


@lru_cache(maxsize=1)
def _representatives() -> dict[str, str]:
    """Each confusable character's representative: the smallest character of its class."""
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while parent.get(ch, ch) != ch:
            parent[ch] = parent.get(parent[ch], parent[ch])
            ch = parent[ch]
        return ch

    for char, glyphs in confusables_data.items():
        for glyph in glyphs:
            other = "".join(c for c in glyph["c"] if unicodedata.category(c) != "Cf")
            if len(char) == 1 and len(other) == 1:
                a, b = root(char), root(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    return {ch: root(ch) for ch in parent}


def skeleton(text: str) -> str:
    """TR39's skeleton of ``text`` (NFD, each character to its look-alike class, NFD)."""
    table = _representatives()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in decomposed))


def name_key(name: str) -> str:
    """The form two names are compared in: two names with one key are one name."""
    return skeleton(normal_name(name).casefold())


def plain_key(name: str) -> str:
    """The key of names kept before look-alikes were compared (NFKC, folded, single spaces):
    a class resumed from then still finds its students."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())
