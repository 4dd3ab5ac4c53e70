"""Card names that agree with what surrounds them (issue 26, point 2).

Dutch names a card in one word, suit and rank together ("schoppenvrouw", never
"schoppen vrouw"); Italian gives a card's full name its article, which agrees with the
rank ("la regina di picche", "il re di fiori", "l'asso di cuori"), and never lets a card
in symbols be the bare subject a verb or participle agrees with ("Q♠ è indicata"): it is
"la carta Q♠". English names a card in a sentence with "the".
"""

from __future__ import annotations

import re

import pytest

from rummy_teach import Card, make_deck
from rummy_teach.game.view import board_view
from rummy_teach.play.board import board_html
from rummy_teach.game import Game
from rummy_teach.i18n import catalogue, language
from rummy_teach.rules import get_rules

DUTCH_SUITS = {"S": "schoppen", "H": "harten", "D": "ruiten", "C": "klaveren"}


def test_dutch_card_names_are_compounds():
    with language("nl"):
        assert Card.parse("QS").name == "schoppenvrouw"
        assert Card.parse("AH").name == "hartenaas"
        assert Card.parse("10C").name == "klaverentien"
        assert Card.parse("KD").the_name == "de ruitenheer"
        for card in make_deck(1, 2):
            if card.is_joker:
                assert card.name == "joker" and card.the_name == "de joker"
                continue
            assert " " not in card.name and card.name.startswith(DUTCH_SUITS[card.suit]), card.name
            assert card.the_name == "de " + card.name


@pytest.mark.parametrize("card, name", [
    ("QS", "la regina di picche"), ("AH", "l'asso di cuori"), ("8D", "l'otto di quadri"),
    ("KC", "il re di fiori"), ("2S", "il due di picche"), ("JH", "il fante di cuori"),
    ("10D", "il dieci di quadri"), ("JK", "il jolly"),
])
def test_an_italian_card_name_has_the_article_of_its_rank(card, name):
    with language("it"):
        assert Card.parse(card).the_name == name
    with language("en"):
        assert Card.parse(card).the_name.startswith("the ")


def test_every_italian_card_name_with_its_article_agrees():
    feminine, elided = {12}, {1, 8}          # la regina; l'asso, l'otto; il for the rest
    with language("it"):
        for card in make_deck(1, 0):
            article = "la " if card.rank in feminine else "l'" if card.rank in elided else "il "
            assert card.the_name == article + card.name, card


@pytest.mark.parametrize("lang, top, fanned", [
    ("en", "discard pile: the queen of spades on top", "take the queen of spades from the top"),
    ("it", "pila degli scarti: in cima c'è la regina di picche", "prendi la regina di picche dalla cima"),
    ("nl", "aflegstapel: de schoppenvrouw bovenop", "pak de schoppenvrouw van boven"),
])
def test_the_table_names_the_top_discard_with_its_article(lang, top, fanned):
    basic = Game.from_deal("basic", ["8C 2D 3D KS", "2S 3S 4S QH"], discard="9H QS", stock="JC 4D 5D",
                           constructed=True)
    rummy500 = Game.from_deal("500", ["8C 2D 3D KS", "2S 3S 4S QH"], discard="9H QS", stock="JC 4D 5D",
                              constructed=True)
    with language(lang):
        shown = board_html(board_view(basic, 0), interactive=True).replace("&#x27;", "'")
        assert f'aria-label="{top}"' in shown
        shown = board_html(board_view(rummy500, 0), interactive=True).replace("&#x27;", "'")
        assert fanned in shown


#: a card in symbols at the start of a clause, followed by its verb ("{card} è indicata") or
#: by a participle that agrees with it ("{card}, presa dalla pila, ..."); a label such as
#: "Offerta di acquisto: {card}, si chiede a ..." is not a subject
BARE_SUBJECT = re.compile(r"(^|[.;:!?] |\(|, |\be )\{(card|chosen|bought|stands_for|offered)\}"
                          r"( [a-zàèéìòù]|, \w+[aeio]t[aeio]\b)")


def test_no_italian_message_makes_a_bare_card_symbol_its_subject():
    bare = []
    for code, template in catalogue("it").items():
        for form in template if isinstance(template, tuple) else (template,):
            if BARE_SUBJECT.search(form):
                bare.append(f"{code}: {form}")
    assert bare == []


def test_an_italian_verdict_says_la_carta():
    with language("it"):
        said = get_rules("basic").check_meld("QS QS QH").explain()
    assert said.startswith("La carta Q♠ compare due volte")
