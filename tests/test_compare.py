"""The games side by side (rummy_teach/lessons/compare.py): the table the lesson "The three games
side by side" shows, read from the rule sets and said in the reader's language."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from rummy_teach import get_rules, i18n
from rummy_teach.lessons.compare import comparison_rows, comparison_table
from rummy_teach.reasons import ENGLISH, speaking
from rummy_teach.rules import RULE_SETS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "book"))
from english_check import english_sentences, looks_english, sentences  # noqa: E402

THREE = ("basic", "500", "contract")
PSEUDO = {code: tuple(f"⟦{form}⟧" for form in template) if isinstance(template, tuple)
          else f"⟦{template}⟧" for code, template in ENGLISH.items()}   # a counted message: each form


def rows(names=THREE):
    return dict(comparison_rows([get_rules(name) for name in names]))


def test_the_english_table_reads_the_rules():
    table = rows()
    assert table["Players"] == ["2 to 6", "2 to 8", "3 to 8"]
    assert table["Cards"][1] == "one pack (2 to 4 players); 2 packs (5 to 8 players)"
    assert table["Cards dealt to each"][2] == "10 in hands 1 to 4; 12 in hands 5 to 7"
    assert table["A set"] == ["3 or 4 cards", "3 or 4 cards", "3 or more cards"]
    assert table["A run"][2] == "4 or more cards"
    assert table["Wild cards"] == ["none", "none", "jokers"]
    assert table["Cards caught in hand count"][2] == "A: 15; 2 3 4 5 6 7 8 9: 5; 10 J Q K: 10; joker: 25"
    assert table["Scoring"][0].endswith("; doubled for a rummy")
    assert table["The game ends"] == ["the first to 100 points wins", "the first to 500 points wins",
                                      "after 7 hands, the lowest total wins"]


def test_a_changed_rule_changes_its_cell():
    short = get_rules("500", target=300)
    assert dict(comparison_rows([short]))["The game ends"] == ["the first to 300 points wins"]
    persian = rows(("500", "persian"))
    assert persian["Wild cards"] == ["none", "jokers"]
    assert persian["Cards caught in hand count"] == [
        "A: 15; 10 J Q K: 10; 2 to 9: face value", "A: 15; 10 J Q K: 10; joker: 20; 2 to 9: face value"]


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_word_of_the_table_comes_from_the_catalogue(name):
    rules = get_rules(name)
    with speaking(PSEUDO):
        text = " ".join([label + " " + " ".join(cells)
                         for label, cells in comparison_rows([rules])])
    inner = re.compile(r"⟦[^⟦⟧]*⟧")
    while inner.search(text):
        text = inner.sub(" ", text)
    assert re.findall(r"[A-Za-z]{2,}", text) == [], text


@pytest.mark.parametrize("lang,players,wild", [("it", "Giocatori", "Carte jolly"),
                                               ("nl", "Spelers", "Wildkaarten")])
def test_the_table_in_italian_and_dutch_holds_no_english(lang, players, wild):
    rule_sets = [get_rules(name) for name in (*THREE, "persian", "shanghai")]
    english = comparison_table(rule_sets)
    with i18n.language(lang):
        translated = comparison_table(rule_sets)
        table = dict(comparison_rows(rule_sets))
    assert players in table and wild in table
    english_words = {cell for _, cells in comparison_rows(rule_sets) for cell in cells
                     # a word on its own ("jokers") may be Dutch too
                     if re.search(r"[a-z]{3,} [a-z]{2,}", cell)}
    assert english_words
    assert not english_words & {cell for cells in table.values() for cell in cells}
    page = lambda body: f"<article>{body}</article>"  # noqa: E731
    assert english_sentences(page(translated), page(english)) == []
    assert not any(looks_english(s) for s in sentences(page(translated)))
    # the numbers are the rule sets' own, whatever the language
    game_ends = table[list(table)[-1]]
    assert "500" in game_ends[1] and "7" in game_ends[2]
