"""Translations that say what the English says, in the glossary's words
(docs/glossary-i18n.md): the verbs for drawing and taking, the numbers of every book
page, and the stepper's buttons as the pages name them."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from rummy_teach.i18n import LOCALE_DIR, catalogue, read_po
from rummy_teach.reasons import ENGLISH
from test_book_i18n import book_i18n

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = (ROOT / "docs" / "glossary-i18n.md").read_text(encoding="utf-8")

#: where a card comes from the discard pile, and the verbs of drawing (from the stock)
#: and taking (from the discard pile): the verb nearest to "from the discard pile", in
#: its clause, must be a taking one
FROM_THE_PILE = {
    "it": (r"\b(dalla pila degli scarti|dagli scarti|dalla pila)\b",
           r"\b(pesc\w*|prend\w*|pres[oaie])\b", ("prend", "pres")),
    "nl": (r"\b(van|uit) de aflegstapel\b", r"\b(trek\w*|getrokken|pak\w*|gepakt)\b", ("pak", "gepakt")),
}


#: a Dutch card name is one word (klaverennegen, "the 9 of clubs"): its rank counts as the
#: digit the English writes
DUTCH_RANKS = {"twee": "2", "drie": "3", "vier": "4", "vijf": "5", "zes": "6", "zeven": "7",
               "acht": "8", "negen": "9", "tien": "10"}
DUTCH_CARD = re.compile(r"\b(schoppen|harten|ruiten|klaveren)(" + "|".join(DUTCH_RANKS) + r")\b", re.I)


def _digits(text: str) -> Counter:
    text = DUTCH_CARD.sub(lambda found: DUTCH_RANKS[found.group(2).lower()], text)
    return Counter(re.findall(r"\d+", text))


def _drawn_from_the_pile(lang: str, text: str) -> bool:
    """Whether ``text`` draws a card from the discard pile (a verb of the stock nearest)."""
    pile, verbs, taking = FROM_THE_PILE[lang]
    for found in re.finditer(pile, text):
        start = max((m.end() for m in re.finditer(r"[.;:!?]", text[:found.start()])), default=0)
        end = found.end() + (re.search(r"[.;:!?]|$", text[found.end():]).start())
        near = [(found.start() - m.end(), m.group(0)) for m in re.finditer(verbs, text[start:found.start()])]
        near += [(m.start(), m.group(0)) for m in re.finditer(verbs, text[found.end():end])]
        if near and not min(near)[1].lower().startswith(taking):
            return True
    return False


@pytest.mark.parametrize("lang", sorted(FROM_THE_PILE))
def test_a_card_from_the_discard_pile_is_taken_never_drawn(lang):
    drawn = [f"{path.name} {e.code}: {e.text}" for path in sorted((LOCALE_DIR / lang).glob("*.po"))
             for e in read_po(path.read_text(encoding="utf-8"))
             for form in (e.text if isinstance(e.text, tuple) else (e.text,))   # each form of a counted one
             if form and _drawn_from_the_pile(lang, form)]
    assert not drawn, drawn


@pytest.mark.parametrize("lang, text, drawn", [
    ("it", "Ogni turno comincia pescando, dal tallone o dalla pila degli scarti.", True),
    ("it", "Tocca a te: pesca dal tallone o prendi dalla pila degli scarti.", False),
    ("nl", "Elke beurt begint met trekken, van de stok of van de aflegstapel.", True),
    ("nl", "Typ 'draw' om van de stok te trekken of 'take' om van de aflegstapel te pakken.", False),
])
def test_the_glossary_check_tells_drawing_from_taking(lang, text, drawn):
    assert _drawn_from_the_pile(lang, text) is drawn


@pytest.mark.parametrize("lang", book_i18n.TRANSLATED)
def test_every_number_of_a_book_page_is_in_its_translation(lang):
    """A translated block holds the same numbers as its English (a total, a card count, a
    rank written as a digit): '40 each' where the English says 35 is a wrong lesson."""
    differ = {}
    for page in book_i18n.pages():
        path = book_i18n.po_path(lang, page)
        for entry in book_i18n.read_po(path.read_text(encoding="utf-8")):
            if entry.text and not entry.fuzzy and not entry.obsolete:
                english, translated = _digits(entry.english), _digits(entry.text)
                if english != translated:
                    differ[f"{page}: {entry.english[:60]}"] = (dict(english - translated),
                                                               dict(translated - english))
    assert not differ, differ


def _glossary_buttons() -> dict[str, list[str]]:
    """The glossary's rows of buttons: language -> every label they give."""
    labels: dict[str, list[str]] = {"en": [], "it": [], "nl": []}
    for row in GLOSSARY.splitlines():
        if row.startswith("| Buttons:"):
            cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
            cells[0] = cells[0].split(":", 1)[1]
            for lang, cell in zip(labels, cells):
                labels[lang] += [label.strip() for label in cell.split(",")]
    return labels


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_the_steppers_buttons_are_named_as_the_glossary_names_them(lang):
    words = ENGLISH if lang == "en" else catalogue(lang)
    labels = _glossary_buttons()[lang]
    for code in ("stepper_prev", "stepper_next"):
        assert words[code] in labels, (code, words[code], labels)


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_the_book_names_the_steppers_buttons_as_they_read(lang):
    words = ENGLISH if lang == "en" else catalogue(lang)
    buttons = {words[code] for code in ("stepper_restart", "stepper_prev", "stepper_next")}
    named = set()
    for page in book_i18n.pages():
        if lang == "en":
            texts = [(book_i18n.BOOK / page).read_text(encoding="utf-8")]
        else:
            path = book_i18n.po_path(lang, page)
            texts = [e.text for e in book_i18n.read_po(path.read_text(encoding="utf-8"))
                     if not e.obsolete and not e.fuzzy]
        for text in texts:
            named.update(re.findall(r"\*\*([◀⟲][^*]*|[^*]*▶)\*\*", text))
    assert named and named <= buttons, named - buttons
