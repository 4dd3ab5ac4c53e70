"""Cards and moves in a card player's words, from the message catalogue (issue 12).

Screen readers say every card by its name ("eight of spades"); logs and captions
tell a move as a player says it ("You lay 8♣ off on the eights."), never as the
engine's command for it ("layoff 8C on 1").
"""

from __future__ import annotations

import re

import pytest

from rummy_teach import Card, make_deck
from rummy_teach.game import Action, Game
from rummy_teach.reasons import ENGLISH, Plural, say
from rummy_teach.render import card_svg
from rummy_teach.game.narrate import describe_move
from rummy_teach.widgets.stepper import Stepper
from rummy_teach.lessons.worked_examples import EXAMPLES

ENGINE_COMMAND = re.compile(r"\blayoff\b|\b(meld|discard|take) (10|[2-9AJQK])[SHDC]\b|\bon \d+(?![\d♠♥♦♣])")


def test_every_card_is_named_in_words_from_the_catalogue():
    deck = make_deck(1, 2)
    names = [card.name for card in deck]
    assert Card.parse("8S").name == "eight of spades"
    assert Card.parse("AH").name == "ace of hearts" and Card.parse("10D").name == "ten of diamonds"
    assert not any(ch.isdigit() for ch in "".join(names))
    assert len(set(names)) == 53                       # 52 faces and "joker"
    assert 'aria-label="queen of clubs"' in card_svg("QC")


def test_another_catalogue_renames_the_cards():
    other = {**ENGLISH, "card_name": "{suit}: {rank}", "rank_8": "huit", "suit_S": "piques"}
    card = Card.parse("8S")
    assert say("card_name", other, rank=say("rank_8", other), suit=say("suit_S", other)) \
        == "piques: huit"
    assert card.name == "eight of spades"              # English stays the default


@pytest.fixture
def game():
    return Game.from_deal("basic", ["8C 2D 3D KS", "2S 3S 4S QH"], discard="9H",
                          table=[(1, "8S 8H 8D"), (1, "5C 6C 7C")], stock="JC 4D 5D", constructed=True)


def test_moves_are_told_in_words(game):
    names = ["You", "Computer"]          # seat 0 is the reader's: their moves are said to them
    assert describe_move(game, 0, Action.parse("draw"), names, 0) == "You draw from the stock."
    game.apply("draw")
    assert describe_move(game, 0, Action.parse("layoff 8C on 1"), names, 0) == \
        "You lay 8♣ off on the eights."
    assert describe_move(game, 0, Action.parse("layoff 8C on 2"), names, 0) == \
        "You lay 8♣ off on the run 5♣ 6♣ 7♣."
    assert describe_move(game, 0, Action.parse("discard KS"), names, 0) == "You discard K♠."
    assert describe_move(game, 1, Action.parse("discard QH"), names, 0) == "Computer discards Q♥."


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_stepper_captions_never_show_engine_commands(name):
    stepper = Stepper(name)
    for step in range(stepper.last + 1):
        stepper.go(step)
        caption = stepper.caption.value
        assert "<code" not in caption
        assert not ENGINE_COMMAND.search(re.sub(r"<[^>]+>", "", caption)), (step, caption)
    assert not ENGINE_COMMAND.search(re.sub(r"<[^>]+>", "", stepper.snapshot_html()))


def test_the_four_colour_deck_keeps_the_names():
    two, four = card_svg("8D"), card_svg("8D", four_colour=True)
    assert two != four                                 # diamonds change colour...
    for picture in (two, four):                        # ...and keep their name
        assert 'aria-label="eight of diamonds"' in picture


def test_the_table_and_the_worked_examples_speak_from_the_catalogue(monkeypatch):
    # every word of the table's status line, regions and result box, and every title and
    # caption of a worked example, is a catalogue code: change the catalogue and the
    # pictures say the new words (a translation is another catalogue of the same codes)
    from rummy_teach.game.view import board_view
    from rummy_teach.play.board import board_html
    from rummy_teach.play.stepper import StepperController

    changed = {"status_draw": "À toi: pioche.", "board_stock_heading": "Talon · {cards}",
               "board_cards": Plural("{count} carte", "{count} cartes"), "board_log_label": "ce qui s'est passé",
               "seat_you": "Toi", "result_row": "{name}: reste {left} → {score} cette main",
               "example_thirty_points_title": "La main à 30 points",
               "example_thirty_points_11": "Tu es sorti: {hand_score[0]} points."}
    for code, words in changed.items():
        monkeypatch.setitem(ENGLISH, code, words)
    table = Game.from_deal("basic", ["8C 2D 3D KS", "2S 3S 4S QH"], discard="9H", stock="JC 4D 5D", constructed=True)
    drawn = board_html(board_view(table, 0), interactive=True, log=["x"])
    assert "À toi: pioche." in drawn and "Talon · 3 cartes" in drawn
    assert 'aria-label="ce qui s&#x27;est passé"' in drawn and 'aria-label="Toi"' in drawn
    assert "Your turn" not in drawn and "Stock ·" not in drawn and "what happened" not in drawn
    stepper = StepperController("thirty_points", step=11)
    shown = stepper.html()
    assert "La main à 30 points" in shown and "Tu es sorti: 30 points." in shown
    assert "→ <b>+30</b> cette main" in shown and "this hand" not in shown


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_a_meld_the_table_lacks_is_named_one_way_by_coach_and_narrator(game, lang):
    """A layoff on a meld number the table has not got is still said; the coach's advice
    and the narrator's sentence name that meld by one catalogue code, so one phrase."""
    from rummy_teach import i18n
    from rummy_teach.game.narrate import move_words
    from rummy_teach.reasons import ENGLISH as MESSAGES
    game.apply("draw")
    action = Action.parse("layoff 8C on 5")
    with i18n.language(lang):
        meld = say("meld_name_numbered", number=5)
        assert meld in describe_move(game, 0, action, ["You", "Computer"], 0)
        assert meld in str(move_words(game, action))
    assert "move_meld_number" not in MESSAGES
