"""The learner addressed as "you" (issue 26, point 2): a sentence that names a player says
it to the reader when that player sits at the reader's seat ("You go out", "Hai chiuso",
"Je bent uitgegaan"), and of the others in the third person ("Computer draws"). The
learner's seat name never fills a third-person sentence: no "Tu ha chiuso", "vanno a Tu",
"Jij is uitgegaan", "naar Jij", "You draws".

The person is chosen in one place (:func:`rummy_teach.reasons.addressed`, from a
:class:`~rummy_teach.reasons.Player` parameter); these tests read what a learner reads:
the log of real games at the card table, its result box and status line, and the
feedback of a quiz that names the learner.
"""

from __future__ import annotations

import re

import pytest

from rummy_teach.game import Bot
from rummy_teach.i18n import catalogue, language
from rummy_teach.play.table import TableController
from rummy_teach.quiz.scoring import HandWinnerQuestion
from rummy_teach.reasons import ENGLISH, Player, Reason, addressed, placeholders, say
from test_play_tables import click_through

LANGS = ("en", "it", "nl")
#: how the learner's own moves begin in the log, in the tense the catalogue uses (present)
SECOND_PERSON = {
    "en": r"You (draw|take|dig|meld|lay|discard|buy|do not buy|take nothing)\b",
    "it": r"(Peschi|Prendi|Cali|Estendi|Scarti|Acquisti|Non acquisti|Non prendi)\b",
    "nl": r"Je (trekt|pakt|legt|koopt)\b",
}
#: the learner's seat name used as a third person, in any sentence a learner reads
WRONG = {
    "en": r"\bYou (draws|takes|digs|melds|lays|discards|buys|does|goes|wins)\b|"
          r"\bto You\b|of You\b|[a-z,] You went out|: You (went|win)\b|by You\b",
    "it": r"\bTu (ha|è|pesca|prende|scarta|cala|estende|acquista|vince|non)\b|"
          r"\ba Tu\b|: Tu\b|da Tu\b|di Tu\b|\(Tu\)|vince Tu\b",
    "nl": r"\bJij (is|ging|trekt|pakt|legt|koopt|wint|had)\b|\bnaar Jij\b|\bvan Jij\b|"
          r"\baan: Jij\b|zoals Jij\b|[a-z,:] Jij\b",
}


def play_and_log(table: TableController) -> tuple[list[str], list[str], list[str]]:
    """Play the table's hand to its end, the learner's seat by a computer player making
    clicks; the learner's log lines, the other seats' lines, and the whole log."""
    mine, theirs = [], []
    me = Bot("medium", seed=f"{table.seed}/learner")
    for _ in range(2000):
        before = len(table.log_lines)
        table.run_bots()
        theirs += table.log_lines[before:]
        if table.game.is_hand_over:
            return mine, [line for line in theirs if not line.startswith(HAND_OVER)], table.log_lines
        before = len(table.log_lines)
        click_through(table, me.act(table.game))
        mine += table.log_lines[before:]
    raise AssertionError("the hand did not end")


HAND_OVER = ("Hand ", "Fine della mano", "Ronde ")


def readable(table: TableController) -> str:
    """What the table shows as text (the log, status line, result box) and its labels."""
    html = table.html()
    labels = " | ".join(re.findall(r'aria-label="([^"]*)"', html))
    return re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'") + " | " + labels.replace("&#x27;", "'")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game, players, seed, out", [
    ("basic", 2, 9, "learner"),      # the learner goes out
    ("basic", 2, 7, "computer"),     # the computer goes out
    ("500", 3, 2, None),
    ("contract", 3, 1, None),        # buy offers, the learner's among them
])
def test_the_learners_moves_are_said_to_them_and_the_others_in_the_third_person(lang, game, players, seed, out):
    with language(lang):
        table = TableController(game, players, seed=seed)
        mine, theirs, log = play_and_log(table)
        shown = readable(table)
        computer = say("seat_computer") if players == 2 else say("seat_computer_numbered", number=1)[:-2]
        assert mine and theirs
        for line in mine:
            if not line.startswith(HAND_OVER):
                assert re.match(SECOND_PERSON[lang], line), line
        for line in theirs:
            assert line.startswith(computer), line
            assert not re.match(SECOND_PERSON[lang], line), line
        for text in log + [shown]:
            assert not re.search(WRONG[lang], text), re.search(WRONG[lang], text).group(0)
        went_out = table.game.hand_results[-1].went_out
        if out == "learner":
            assert went_out == table.seat
            ending = {"en": "Hand 1 over: you went out.", "it": "Fine della mano 1 (hai chiuso tu).",
                      "nl": "Ronde 1 is voorbij: je bent uitgegaan."}[lang]
            result = {"en": "You went out.", "it": "Hai chiuso.", "nl": "Je bent uitgegaan."}[lang]
            assert log[-1].startswith(ending) and result in shown
        elif out == "computer":
            assert went_out not in (None, table.seat)
            ending = {"en": "Hand 1 over: Computer went out.", "it": "Fine della mano 1 (ha chiuso: Computer).",
                      "nl": "Ronde 1 is voorbij: Computer is uitgegaan."}[lang]
            assert log[-1].startswith(ending)
        # the hand's scores name the learner as a word of the sentence, not as a seat label
        assert {"en": "This hand: you ", "it": "Punti della mano: tu ", "nl": "Deze ronde: jij "}[lang] in log[-1]


def test_the_seat_not_the_name_makes_the_learner():
    """A learner's seat with a name of its own is still the reader's: "You draw" there,
    and a computer seat called "You" would still be a third person (the old narrator
    went by the name)."""
    table = TableController("basic", 2, seed=9, names=["Ann", "Ben"])
    mine, theirs, _ = play_and_log(table)
    assert all(re.match(SECOND_PERSON["en"], line) for line in mine if not line.startswith(HAND_OVER))
    assert all(line.startswith("Ben ") for line in theirs)
    seated_right = TableController("basic", 2, seed=9, seat=1, names=["You", "Ben"])
    mine, theirs, _ = play_and_log(seated_right)
    assert all(re.match(SECOND_PERSON["en"], line) for line in mine if not line.startswith(HAND_OVER))
    assert theirs and all(line.startswith("You ") and not re.match(SECOND_PERSON["en"], line)
                          for line in theirs), theirs


@pytest.mark.parametrize("lang, won, shared", [
    ("en", "Game over: you win.", "Game over: you and Computer 2 win."),
    ("it", "Partita finita: vinci tu.", "Partita finita: vincete tu e Computer 2."),
    ("nl", "De partij is uit: jij wint.", "De partij is uit: jij en Computer 2 winnen."),
])
def test_the_game_over_line_congratulates_the_learner_in_the_second_person(lang, won, shared):
    from rummy_teach.play.board import board_html

    table = TableController("basic", 3, seed=4)
    with language(lang):
        view = table.board_view()
        view.update(game_over=True, winners=[0], phase="game_over")
        assert won in board_html(view)
        view.update(winners=[0, 2])
        assert shared in board_html(view)
        view.update(winners=[1])
        assert "Computer 1" in board_html(view) and won not in board_html(view)


@pytest.mark.parametrize("lang, said, wrong", [
    ("en", ["You went out, so the points left in the other hands go to you: 30.",
            "You had melded earlier in the hand, so it was no rummy"], []),
    ("it", ["Hai chiuso tu, quindi i punti rimasti nelle altre mani vanno a te: 30.",
            "Avevi già calato prima nella mano"], ["Tu ha", "a Tu"]),
    ("nl", ["Jij bent uitgegaan, dus de punten in de andere handen gaan naar jou: 30.",
            "Je had eerder in de ronde al neergelegd"], ["Jij is", "naar Jij"]),
])
def test_the_quiz_that_names_the_learner_says_it_to_them(lang, said, wrong):
    question = HandWinnerQuestion({"You": "", "Opponent": "KC QD 9S AC"}, rummy=False)
    with language(lang):
        explained = "\n".join(str(line) for line in question.explaining)
        prompt = str(question.prompt_words)
        beaten = HandWinnerQuestion({"You": "KC QD", "Opponent": ""}).check("You 20")
    for words in said:
        assert words in explained
    for words in wrong:
        assert words not in explained and words not in prompt
    assert prompt == say("quiz_prompt_winner_you", catalogue(lang), game=question.game_name)
    assert beaten.feedback == {"en": "You did not go out.", "it": "Non hai chiuso tu.",
                               "nl": "Jij bent niet uitgegaan."}[lang]


def test_a_stored_sentence_keeps_the_person():
    line = Reason("quiz_winner_takes", {"winner": Player(Reason("quiz_player_you"), True), "total": 30})
    again = Reason.from_json(line.to_json())
    with language("it"):
        assert str(again) == "Hai chiuso tu, quindi i punti rimasti nelle altre mani vanno a te: 30."
    third = Reason.from_json(Reason("quiz_winner_takes", {"winner": Player("Ben"), "total": 30}).to_json())
    assert str(third) == "Ben went out, so the points left in the other hands go to Ben: 30."


def test_every_form_for_the_reader_leaves_out_the_one_player_it_addresses():
    """``X_you`` is ``X`` said to the reader: it drops the parameter naming them (and may
    name the others with them, ``{others}``), so the code that picks it needs no list."""
    forms = [code for code in ENGLISH if code.endswith("_you") and code[:-4] in ENGLISH]
    assert len(forms) >= 25
    for code in forms:
        base = code[:-4]
        left_out = placeholders(ENGLISH[base]) - placeholders(ENGLISH[code])
        assert len(left_out) == 1, code
        assert placeholders(ENGLISH[code]) - placeholders(ENGLISH[base]) <= {"others"}, code
        reader = {left_out.pop(): Player("You", True)}
        assert addressed(base, reader) == code
        assert addressed(base, {k: Player("Ben") for k in reader}) == base
        assert addressed(base, {k: "You" for k in reader}) == base      # a bare name is a third person


@pytest.mark.parametrize("lang, said", [
    ("en", "First answer the offer: Buy takes A♣ with a penalty card, Pass leaves it."),
    ("it", "Prima rispondi all'offerta: con Acquista prendi A♣ insieme a una carta di penalità, "
           "con Passa la lasci."),
    ("nl", "Beantwoord eerst het aanbod: met Koop neem je A♣ met een strafkaart erbij, met Pas "
           "laat je hem liggen."),
])
def test_a_learner_asked_to_buy_is_told_so_not_player_0(lang, said):
    """Clicking the stock while the table waits for the learner's answer to a buy offer
    says so to them, not the engine's "player 0 is asked whether to buy A♣#2"."""
    with language(lang):
        table = TableController("contract", 3, seed=1)
        me = Bot("medium", seed="learner")
        for _ in range(300):
            table.run_bots()
            offer = table.board_view()["buy_offer"]
            if offer and offer["asked"] == table.seat:
                break
            click_through(table, me.act(table.game))
        else:
            raise AssertionError("no buy offer came to the learner")
        before = table.game.actions_played
        table.click_stock()
        assert table.message == said and table.game.actions_played == before
        assert not re.search(r"\b(player|giocatore|speler) 0\b", table.message)
