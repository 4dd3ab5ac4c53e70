"""One word per concept: the termbase of docs/glossary-i18n.md (its table between
``<!-- termbase -->`` and ``<!-- /termbase -->``) says the Italian and Dutch word for each
concept and the variants a reviewer would strike; no translation uses one of those.
(The built book's pages are checked in tests/test_book_editions.py, on the session's build.)"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("termbase", ROOT / "book" / "termbase.py")
termbase = sys.modules.setdefault("termbase", importlib.util.module_from_spec(_spec))
if not hasattr(termbase, "check_catalogues"):
    _spec.loader.exec_module(termbase)

LANGS = termbase.LANGS


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalogue_uses_a_variant_the_termbase_refuses(lang):
    """Every msgstr of rummy_teach/locale/<lang>/*.po and book/locale/<lang>/**/*.po."""
    found = termbase.check_catalogues(lang)
    assert not found, "\n".join(found)


def test_the_termbase_names_a_word_for_each_concept_and_never_refuses_it():
    concepts = termbase.termbase()
    assert len(concepts) >= 20
    names = [c.english for c in concepts]
    assert len(names) == len(set(names)), "a concept twice"
    for concept in concepts:
        for lang in LANGS:
            term = concept.terms[lang]
            assert term and term not in ("—", "-"), (concept.english, lang)
            for variant in concept.refused[lang]:
                if "{" not in variant:
                    assert not termbase.pattern(variant).search(term), (concept.english, variant)


def test_the_termbase_holds_the_words_the_review_named():
    """Issue 26: acquistare/comprare, carte spaiate/carte morte, tris di 3/tris da 3,
    natuurlijke/echte/gewone kaart, aan zet/aan de beurt, koppels/partners/teams."""
    by_concept = {c.english: c for c in termbase.termbase()}
    assert "carte morte" in by_concept["deadwood"].terms["it"]
    assert by_concept["deadwood"].terms["nl"] == "dood hout"
    assert "compro" in by_concept["to buy / a buy (Contract)"].refused["it"]
    assert "tris da 3" in by_concept["the size of a meld (Contract)"].terms["it"]
    natural = by_concept["natural card"]
    assert natural.terms["nl"] == "natuurlijke kaart"
    assert {"echte kaart", "gewone kaart"} <= set(natural.refused["nl"])
    assert by_concept["whose turn it is"].refused["nl"] == ["aan zet"]
    assert "koppels" in by_concept["team / partner (Rummy 500)"].refused["nl"]


@pytest.mark.parametrize("lang, text, refused", [
    ("it", "le carte spaiate contano contro di te", ["spaiate"]),
    ("it", "una carta\nspaiata", ["spaiata"]),
    ("it", "le tue {term}`carte morte <deadwood>`: {deadwood} punti", []),
    ("it", "Ben dice \"compro\"", ["compro"]),
    ("it", "tutte le carte, comprese quelle degli avversari", []),
    ("it", "il contratto è due tris di 3 e una scala di 4", ["scala di #", "tris di # e", "due tris di #"]),
    ("it", "il contratto è due tris da 3 e una scala da 4", []),
    ("it", "attacca l'8♣ al tuo tris di 8; un tris di re; un tris di due", []),
    ("it", "un tris di {size}", ["tris di {size}"]),
    ("it", "almeno una carta vera", ["carta vera"]),
    ("it", "Rummy 500 a coppie", ["a coppie", "Rummy 500 a coppie"]),
    ("it", "Esercizi in coppia: lascia che le coppie si mettano d'accordo", []),
    ("nl", "Nu is Ann aan zet. De zet waar het om gaat: trekken", ["aan zet"]),
    ("nl", "Nu is Ann aan de beurt. De zet waar het om gaat: trekken", []),
    ("nl", "minstens één echte\nkaart; meer gewone kaarten dan wildkaarten", ["echte kaart", "gewone kaarten"]),
    ("nl", "twee gewone kaartspellen; afbeeldingen van echte speelkaarten", []),
    ("nl", "vier spelers in twee koppels", ["koppels"]),
    ("nl", "vier spelers in twee teams, de partners tegenover elkaar", []),
    ("nl", "Soms zegt een hint dat; `--hint`", ["hint"]),
])
def test_the_check_refuses_the_variants_and_leaves_other_meanings(lang, text, refused):
    found = termbase.refused_in(text, lang)
    assert sorted(line.split(" (", 1)[0] for line in found) == sorted(refused), found


def test_the_glossarys_other_tables_teach_the_termbases_words():
    """docs/glossary-i18n.md's own rows (Cards, Melds and play, Games, The tool) give the
    termbase's word in their Italian and Dutch columns, not a variant it refuses."""
    text = termbase.DOC.read_text(encoding="utf-8").split("<!-- termbase -->", 1)[0]
    rules = {lang: termbase.refusals(lang) for lang in LANGS}
    found = []
    for row in text.splitlines():
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        if not row.startswith("|") or len(cells) < 3 or re.fullmatch(r"[-| :]+", row):
            continue
        for lang, cell in zip(("it", "nl"), cells[1:3]):
            found += [f"{row}: {hit}" for hit in termbase.refused_in(cell, lang, rules[lang])]
    assert not found, "\n".join(found)
