"""Nothing English on an Italian or Dutch page (issue 26, point 4): what the engine and the
lessons' code put on a page is said in the reader's language. A refused move is named in
words, not in its English notation; a Contract quiz prompt says its contract in words; an
arrangement's accessible name and the lessons' printed lines come from the catalogue."""

from __future__ import annotations

import re

import pytest

from rummy_teach import get_rules, i18n, parse_cards
from rummy_teach.errors import IllegalMoveError
from rummy_teach.game import Game
from rummy_teach.game.judge import judge
from rummy_teach.quiz import Quiz
from rummy_teach.reasons import say
from rummy_teach.solver import arrange as best_arrangement

#: the engine's move notation as it would show inside a sentence ("discard K♣", "layoff 8♣ on 1")
NOTATION = re.compile(r"\b(draw|take( \d)?|meld|layoff|discard|buy|pass)\b(?= [0-9AJQK]|$| is)")


def refusal(game: Game, action: str, lang: str) -> str:
    with pytest.raises(IllegalMoveError) as refused:
        game.clone().apply(action)
    with i18n.language(lang):
        return str(refused.value)


def taken_king() -> Game:
    game = Game.from_deal("basic", hands=["8S 8H 8D 4H 5H 6H 2C 3D 9C JD",
                                          "QD 9S AC 8C 2S 3S 4S 5D 6D 10H"], discard="7D KC")
    return game.apply("take")


@pytest.mark.parametrize("lang,expected", [
    ("en", "You can't discard K♣ now: "),
    ("it", "Adesso non è consentito scartare K♣: "),
    ("nl", "K♣ afleggen mag nu niet: "),
])
def test_a_refused_discard_is_named_in_the_readers_words(lang, expected):
    assert refusal(taken_king(), "discard KC", lang).startswith(expected)


@pytest.mark.parametrize("lang,expected", [
    ("en", "You can't lay 8♣ off on meld 4 now"),
    ("it", "Adesso non è consentito estendere la combinazione 4 attaccando 8♣"),
    ("nl", "8♣ aanleggen bij combinatie 4 mag nu niet"),
])
def test_a_refused_lay_off_names_the_meld_even_when_there_is_none(lang, expected):
    assert refusal(taken_king(), "layoff 8C on 4", lang).startswith(expected)


@pytest.mark.parametrize("lang,expected", [
    ("en", "You can't take 2♥ from the discard pile, 2 deep (with 2♥ 9♣) now"),
    ("it", "Adesso non è consentito prendere 2♥ dalla pila degli scarti, 2 carte in profondità"),
    ("nl", "2♥ van de aflegstapel pakken, 2 kaarten diep (met 2♥ 9♣) mag nu niet"),
])
def test_a_refused_dig_names_the_cards_it_would_take(lang, expected):
    assert refusal(digging(), "take 2", lang).startswith(expected)


def digging() -> Game:
    """The position of the lesson "Rummy 500: taking from deep in the pile"."""
    table = [(1, "4D 5D 6D"), (0, "5S 6S 7S 8S"), (0, "AS AH AD AC"), (1, "2S 3S 4S"), (1, "5H 6H 7H")]
    return Game.from_deal("500", hands=["QH QD 7D KS KH", "JC JD JS 8D"],
                          discard="3C QS 8C 2H 9C", stock=21, table=table)


@pytest.mark.parametrize("lang,expected", [
    ("en", "You can't take 9 cards from the discard pile now"),
    ("it", "Adesso non è consentito prendere 9 carte dalla pila degli scarti"),
    ("nl", "9 kaarten van de aflegstapel pakken mag nu niet"),
])
def test_a_take_deeper_than_the_pile_is_still_named(lang, expected):
    assert refusal(digging(), "take 9", lang).startswith(expected)


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_no_refusal_or_acceptance_holds_the_english_notation(lang):
    game = taken_king()
    for action in ("discard KC", "layoff 8C on 4", "draw", "take", "meld 8S 8H 8D | 4H 5H 6H",
                   "meld 2C 3D 9C", "buy", "pass", "next", "end"):
        verdict = judge(game, action)
        with i18n.language(lang):
            words = " ".join(r.text() for r in verdict.reasons)
        assert not NOTATION.search(words), (action, words)
    with i18n.language(lang):
        accepted = judge(game, "discard JD").reasons[-1].text()
    assert accepted == {"it": "Adesso è consentito scartare J♦.", "nl": "Dat mag nu: J♦ afleggen."}[lang]


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_every_contract_quiz_prompt_says_its_contract_in_the_readers_words(lang):
    contract = get_rules("contract")
    prompts = [q for q in Quiz.builtin("contract") if q.kind == "contract"]
    assert len(prompts) >= 10
    for question in prompts:
        with i18n.language(lang):
            prompt = question.prompt
            words = contract.contract(question.hand).words().text()
        notation = str(contract.contract(question.hand))
        assert words in prompt, (question.id, prompt)
        assert (notation in prompt) == (lang == "en"), (question.id, prompt)


@pytest.mark.parametrize("lang,expected", [
    ("en", "two sets of 3"), ("it", "due tris da 3"), ("nl", "twee drielingen van 3")])
def test_the_first_contract_in_a_prompt(lang, expected):
    question = next(q for q in Quiz.builtin("contract") if q.kind == "contract" and q.hand == 1)
    with i18n.language(lang):
        assert expected in question.prompt


@pytest.mark.parametrize("lang,with_melds,without", [
    ("en", "8♠ 8♥ 8♦; deadwood K♠ 2♣: 12 points", "no melds; deadwood K♠ 2♣: 12 points"),
    ("it", "8♠ 8♥ 8♦; carte morte K♠ 2♣: 12 punti", "nessuna combinazione; carte morte K♠ 2♣: 12 punti"),
    ("nl", "8♠ 8♥ 8♦; dood hout K♠ 2♣: 12 punten", "geen combinaties; dood hout K♠ 2♣: 12 punten"),
])
def test_an_arrangements_accessible_name_is_in_the_readers_language(lang, with_melds, without):
    from rummy_teach.render import arrangement_html, arrangement_label

    basic = get_rules("basic")
    with i18n.language(lang):
        assert arrangement_label(best_arrangement(basic, parse_cards("8S 8H 8D 2C KS"))) == with_melds
        assert arrangement_label(best_arrangement(basic, parse_cards("2C KS"))) == without
        assert f'aria-label="{without}"' in arrangement_html(best_arrangement(basic, parse_cards("2C KS")))


#: a lesson's printed line in each language, with the parameters the lesson passes
LINES = [
    ("lesson_score_rummy", dict(points=60),
     ("You score 60 points, with a rummy.", "Fai 60 punti, con un rummy.", "Je scoort 60 punten, met rummy.")),
    ("lesson_score_no_rummy", dict(points=1),
     ("You score one point, without a rummy.", "Fai un punto, senza rummy.", "Je scoort één punt, zonder rummy.")),
    ("lesson_opponent_went_out", dict(points=67),
     ("Your opponent went out; the cards left in your hand cost you 67 points.",
      "Il tuo avversario ha chiuso: le carte che ti sono rimaste in mano ti costano 67 punti.",
      "Je tegenstander is uitgegaan; de kaarten die je nog in je hand hebt, kosten je 67 punten.")),
    ("lesson_game_result", dict(hands=19, first="Ann", first_score=114, second="Ben", second_score=70,
                                winner="Ann"),
     ("The game took 19 hands: Ann 114, Ben 70; Ann wins.",
      "La partita è durata 19 mani: Ann 114, Ben 70; vince Ann.",
      "De partij duurde 19 rondes: Ann 114, Ben 70; Ann wint.")),
    ("lesson_bot_took", dict(level="L", card="7♥", took=1, tries=6, cards="2♣"),
     ("L: took 7♥ once in 6 tries; threw away 2♣", "L: ha preso 7♥ una volta su 6; ha scartato 2♣",
      "L: pakte 7♥ één keer op 6; legde af: 2♣")),
    ("lesson_points_from_run", dict(name="Ben", points=15),
     ("Ben: 15 points from this run", "Ben: 15 punti da questa scala", "Ben: 15 punten uit deze reeks")),
    ("lesson_the_deal", {}, ("The deal.", "Le carte distribuite.", "Na het delen.")),
    ("lesson_move_allowed", {}, ("The move is allowed.", "La mossa è consentita.", "Deze zet mag.")),
    ("lesson_exp_first_share", dict(count=138, percent=46),
     ("The first player went out in 138 of them: 46 percent.",
      "Il primo giocatore ha chiuso in 138 di queste: il 46 per cento.",
      "De eerste speler ging in 138 daarvan uit: 46 procent.")),
    ("lesson_exp_deal", dict(players=2, dealt=10, stock=31, draws=16),
     ("2 players: 10 cards each, 31 cards in the first stock, about 16 draws each",
      "2 giocatori: 10 carte a testa, 31 carte nel primo tallone, circa 16 pescate a testa",
      "2 spelers: 10 kaarten per speler, 31 kaarten in de eerste stok, ongeveer 16 keer trekken per speler")),
    ("lesson_place_1", {}, ("1st", "1°", "1e")),
]


@pytest.mark.parametrize("code,params,expected", LINES, ids=[line[0] for line in LINES])
def test_a_lessons_printed_line_in_three_languages(code, params, expected):
    for lang, line in zip(("en", "it", "nl"), expected):
        with i18n.language(lang):
            assert say(code, **params) == line


def test_the_seat_names_of_the_lessons_pictures_are_translated():
    with i18n.language("it"):
        assert (say("seat_you"), say("seat_opponent")) == ("Tu", "Avversario")
    with i18n.language("nl"):
        assert say("seat_opponent") == "Tegenstander"
