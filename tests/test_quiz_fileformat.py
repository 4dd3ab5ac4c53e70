"""The teacher's quiz file: samples load, round trips hold, every mistake names question and field."""

import ast
import copy
import json
from pathlib import Path

import pytest

import rummy_teach.quiz
from rummy_teach import i18n
from rummy_teach.quiz import FORMAT, Quiz, QuizFileError
from rummy_teach.quiz.audit import audit_quiz
from rummy_teach.quiz.banks import BANKS

SAMPLES = sorted((Path(rummy_teach.quiz.__file__).parent / "samples").glob("*.json"))
DOC = Path(__file__).resolve().parents[1] / "docs" / "quiz-format.md"


def quiz_with(*questions, **top):
    return {"format": FORMAT, "title": "t", "game": "basic", **top, "questions": list(questions)}


def test_there_are_samples_and_they_load_with_answers_computed():
    assert SAMPLES
    for path in SAMPLES:
        quiz = Quiz.from_file(path)
        assert quiz.title and quiz.name == path.stem
        for question in quiz:
            assert question.check(question.answer_input).right


def test_the_first_week_sample_uses_every_kind():
    quiz = Quiz.from_file(next(p for p in SAMPLES if p.stem == "first-week"))
    from rummy_teach.quiz.fileformat import KINDS
    assert {q.kind for q in quiz} == set(KINDS)


def test_a_house_rule_in_the_file_changes_the_verdict():
    quiz = Quiz.from_file(next(p for p in SAMPLES if p.stem == "house-rules-contract"))
    assert quiz["hr-run-half-jokers"].answer == "not a meld"
    assert quiz["hr-without-the-house-rule"].answer == "run"
    assert "House rule" in quiz["hr-run-half-jokers"].note


def test_load_takes_a_name_or_a_path(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(quiz_with({"id": "a", "kind": "points", "cards": "KC QD 9S AC"})))
    assert Quiz.load(str(path))["a"].answer == 30
    assert Quiz.load("basic").name == "basic"


@pytest.mark.parametrize("name", list(BANKS))
def test_banks_and_their_dump_round_trip(name):
    quiz = Quiz.builtin(name)
    text = quiz.to_json()
    again = Quiz.from_text(text)
    assert [q.to_data() for q in again] == [q.to_data() for q in quiz]
    assert [q.answer_input for q in again] == [q.answer_input for q in quiz]


def test_copies_are_numbered_in_two_deck_games_but_not_in_basic():
    quiz = Quiz.from_data(quiz_with({"id": "c", "kind": "meld", "game": "contract", "cards": "8S 8S 8H"}))
    assert quiz["c"].answer == "set"
    # one deck holds one 8S: a question about a second one asks about a card that cannot exist
    with pytest.raises(QuizFileError) as refused:
        Quiz.from_data(quiz_with({"id": "b", "kind": "meld", "cards": "8S 8S 8H"}))
    assert refused.value.question_id == "b" and refused.value.field == "cards"
    assert "8♠ appears twice" in str(refused.value)


def test_no_question_about_a_card_the_game_cannot_hold():
    for item, wrong in [({"kind": "lay_off", "meld": "8S 8H 8D 8C", "cards": "8S 9C"}, "8♠ appears twice"),
                        ({"kind": "meld", "cards": "5S 6S JK"}, "JK is not a card of Basic Rummy"),
                        ({"kind": "points", "game": "500", "cards": "JK 5S"}, "no jokers"),
                        ({"kind": "hand_winner", "players": {"A": "", "B": "KC", "C": "KC"}}, "K♣ appears twice")]:
        with pytest.raises(QuizFileError) as refused:
            Quiz.from_data(quiz_with(item))
        assert wrong in str(refused.value)


def test_ids_are_made_when_missing_and_stable():
    data = quiz_with({"kind": "meld", "cards": "8S 8H 8D"})
    first, second = Quiz.from_data(data), Quiz.from_data(copy.deepcopy(data))
    assert first[0].id == second[0].id and first[0].id.startswith("basic-meld-")


GOOD = {"id": "q", "kind": "meld", "cards": "8S 8H 8D"}

BAD_QUESTIONS = [
    # (question, field, words in the message)
    ({"id": "q"}, "kind", "missing"),
    ({"id": "q", "kind": "riddle"}, "kind", "'riddle' is not a question kind"),
    ({"id": "q", "kind": "meld"}, "cards", "missing"),
    ({"id": "q", "kind": "meld", "cards": "8S QX 8D"}, "cards", "'QX'"),
    ({"id": "q", "kind": "meld", "cards": ["8S", "8H"]}, "cards", "must be text"),
    ({"id": "q", "kind": "meld", "card": "8S 8H 8D"}, "card", "not a field"),
    ({"id": "q", "kind": "meld", "cards": "8S 8H 8D", "answer": "set"}, "answer", "computed by the engine"),
    ({"id": "q", "kind": "meld", "cards": "8S 8H 8D", "game": "poker"}, "game", "poker"),
    ({"id": "q", "kind": "meld", "cards": "8S 8H 8D", "options": {"wild_jacks": True}}, "options", "wild_jacks"),
    ({"id": "q", "kind": "meld", "cards": "8S 8H 8D", "rule": 3}, "rule", "text"),
    ({"id": "", "kind": "meld", "cards": "8S 8H 8D"}, "id", "non-empty"),
    ({"id": "q", "kind": "lay_off", "meld": "QH KH AH", "cards": "JH"}, "meld", "not a meld"),
    ({"id": "q", "kind": "lay_off", "meld": "QH KH JH", "cards": ""}, "cards", "at least one card"),
    ({"id": "q", "kind": "which_melds", "groups": "8S 8H 8D"}, "groups", "list"),
    ({"id": "q", "kind": "which_melds", "groups": ["8S 8H 8D", "9X"]}, "groups", "item 2"),
    ({"id": "q", "kind": "contract", "game": "contract", "hand": 9, "cards": "8S 8H 8D"}, "hand", "1 to 7"),
    ({"id": "q", "kind": "contract", "game": "contract", "hand": "2", "cards": "8S"}, "hand", "whole number"),
    ({"id": "q", "kind": "contract", "game": "basic", "hand": 1, "cards": "8S"}, "hand", "no contracts"),
    ({"id": "q", "kind": "hand_winner", "players": {"Ann": "", "Ben": ""}}, "players", "exactly one"),
    ({"id": "q", "kind": "hand_winner", "players": {"Ann": "", "Ben": "KX"}}, "players", "player 'Ben'"),
    ({"id": "q", "kind": "hand_winner", "players": {"Ann": "", "Ben": "KC"}, "rummy": "yes"}, "rummy", "true or false"),
    ({"id": "q", "kind": "hand_winner", "game": "500", "players": {"Ann": "", "Ben": "KC"}}, "players", "Basic Rummy"),
    ({"id": "q", "kind": "score", "game": "500", "melds": ["8S 8H 9D"]}, "melds", "not a meld"),
    ({"id": "q", "kind": "score", "game": "500", "laid_off": [{"card": "2C", "on": "JH QH KH"}]}, "laid_off", "does not fit"),
    ({"id": "q", "kind": "score", "game": "500", "laid_off": [{"card": "2C"}]}, "laid_off", "exactly"),
    ({"id": "q", "kind": "discard", "taken": "KC 5D", "cards": "KC 5D"}, "taken", "exactly one card"),
    # a card twice in a position is the position's fault, not the move's asked about
    ({"id": "q", "kind": "move", "hands": ["8S 8H 8D 4C 9D JC 2H 3C 6S KD", "2S 3S 5D 6D KH QC 7C 10D JH 4S"],
      "discard": "AD", "stock": "5C 5C ...", "action": "draw"}, "hands", "5♣ appears twice"),
    ({"id": "q", "kind": "who_gets", "game": "500", "hands": ["QH QD 7D KS KH 5C 9H", "JC JD JS 8D",
                                                              "2C 4H 6S 10D AC 3S 7S"],
      "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 9C ...", "before": ["take 4"], "card": "8C"},
     "hands", "9♣ appears twice"),
    # a move with a card the game has not got asks about nothing that can happen: it is
    # refused as the action's fault, not answered "draw first"
    ({"id": "q", "kind": "move", "game": "500", "hands": ["QH QD 7D KS KH 5C 9H", "JC JD JS 8D",
                                                          "2C 4H 6S 10D AC 3S 7S"],
      "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S ...", "table": [[1, "4D 5D 6D"]],
      "action": "discard JK"},
     "action", "JK is not a card of Rummy 500"),
    ({"id": "q", "kind": "move", "hands": ["8S 8H 8D 4C 9D JC 2H 3C 6S KD", "2S 3S 5D 6D KH QC 7C 10D JH 4S"],
      "discard": "AD", "stock": "5C ...", "before": ["draw"], "action": "meld 8S 8H 8D 8S#2"},
     "action", "8♠#2 is not a card of Basic Rummy"),
    ({"id": "q", "kind": "who_gets", "game": "500", "hands": ["QH QD 7D KS KH 5C 9H", "JC JD JS 8D",
                                                              "2C 4H 6S 10D AC 3S 7S"],
      "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S ...", "table": [[1, "4D 5D 6D"]],
      "before": ["draw"], "card": "JK"}, "card", "JK is not a card of Rummy 500"),
    # a move played first that cannot be played there is the fault of 'before', not of
    # the move asked about (which is fine here: 'draw')
    ({"id": "q", "kind": "move", "game": "500", "hands": ["QH QD 7D KS KH 5C 9H", "JC JD JS 8D",
                                                          "2C 4H 6S 10D AC 3S 7S"],
      "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S ...", "table": [[1, "4D 5D 6D"]],
      "before": ["draw", "discard 2C"],
      "action": "draw"}, "before", "2♣ is not in your hand"),
    ({"id": "q", "kind": "move", "hands": ["8S 8H 8D 4C 9D JC 2H 3C 6S KD", "2S 3S 5D 6D KH QC 7C 10D JH 4S"],
      "discard": "AD", "stock": "5C ...", "before": ["drwa"], "action": "draw"}, "before", "drwa"),
    # each refusal names the field it is about
    ({"id": "q", "kind": "deal", "game": "contract", "players": 4, "hand": 8}, "hand", "1 to 7"),
    ({"id": "q", "kind": "tally", "players": 3, "seed": 5, "hands": 2, "ask": "who"}, "ask", "'who'"),
    ({"id": "q", "kind": "tally", "players": 3, "seed": 5, "hands": 2, "player": 7}, "player", "7 is not a seat"),
    ({"id": "q", "kind": "tally", "players": 9, "seed": 5, "hands": 2}, "players", "not 9"),
    ({"id": "q", "kind": "who_gets", "game": "contract", "hands": ["8S 9S", "8H 9H", "8D 9D"], "card": "8S",
      "wanted_by": [5]}, "wanted_by", "5 is not a seat"),
    # questions about nothing: no run-out of the stock, no cards
    ({"id": "q", "kind": "stock_out", "times": 0}, "times", "a whole number from 1, not 0"),
    ({"id": "q", "kind": "stock_out", "times": -3}, "times", "not -3"),
    ({"id": "q", "kind": "contract", "game": "contract", "hand": 1, "cards": ""}, "cards", "the cards of a hand"),
    ({"id": "q", "kind": "score", "game": "500"}, "melds", "at least one card"),
    ("meld 8S 8H 8D", None, "JSON object"),
]


@pytest.mark.parametrize("bad, field, words", BAD_QUESTIONS, ids=lambda v: str(v)[:40])
def test_a_malformed_question_names_the_question_and_the_field(bad, field, words):
    data = quiz_with(GOOD | {"id": "first"}, bad)
    with pytest.raises(QuizFileError) as caught:
        Quiz.from_data(data, source="class.json")
    error = caught.value
    message = str(error)
    assert message.startswith("class.json: question 2")
    assert error.question == 2 and error.field == field
    if field is not None:
        assert f"field {field!r}" in message
    if isinstance(bad, dict) and bad.get("id"):
        assert error.question_id == bad["id"] and "(id 'q')" in message
    assert words in message, message


def test_repeated_ids_name_the_second_question():
    with pytest.raises(QuizFileError) as caught:
        Quiz.from_data(quiz_with(GOOD, GOOD))
    assert caught.value.question == 2 and caught.value.field == "id"
    assert "already used by question 1" in str(caught.value)


@pytest.mark.parametrize("data, field, words", [
    ({"title": "t"}, "questions", "non-empty"),
    ({"questions": []}, "questions", "non-empty"),
    ({"questions": [GOOD], "qestions": []}, None, "qestions"),
    ({"questions": [GOOD], "format": "v2"}, "format", "v2"),
    ({"questions": [GOOD], "game": "bridge"}, "game", "bridge"),
    ({"questions": [GOOD], "options": []}, "options", "object"),
    ({"questions": [GOOD], "title": 5}, "title", "text"),
])
def test_a_malformed_file_names_the_field(data, field, words):
    with pytest.raises(QuizFileError) as caught:
        Quiz.from_data(data)
    assert caught.value.field == field and caught.value.question is None
    assert words in str(caught.value)


def test_bad_json_gives_line_and_column(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"questions": [\n  {"kind": "meld", "cards": "8S 8H 8D"},\n]\n}')
    with pytest.raises(QuizFileError) as caught:
        Quiz.from_file(path)
    assert str(path) in str(caught.value) and "line 3" in str(caught.value)


def test_a_missing_file_is_a_quiz_file_error(tmp_path):
    with pytest.raises(QuizFileError):
        Quiz.from_file(tmp_path / "nope.json")


def test_the_documentation_examples_load():
    text = DOC.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line.startswith('{"kind"')]
    assert len(lines) >= 9
    quiz = Quiz.from_data(quiz_with(*[json.loads(line) for line in lines]))
    assert {q.kind for q in quiz} == {json.loads(line)["kind"] for line in lines}
    # examples a teacher copies are fit to use unseen, as `quiz check` would say
    assert [(qid, str(why)) for qid, why in audit_quiz(quiz)] == []


def test_quiz_logic_is_standard_library_only():
    allowed = {"__future__", "json", "re", "random", "hashlib", "dataclasses", "pathlib", "typing", "functools", "math",
               "collections"}
    for path in Path(rummy_teach.quiz.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module.split(".")[0]]
            else:
                continue
            assert set(names) <= allowed, (path.name, names)


def test_a_stock_of_top_cards_and_the_rest_is_read_shown_and_written_back():
    """``"stock": "5C 10H ..."``: those two on top, every card placed nowhere else below
    them; the pile holds only the card the file gives, and the learner is told how many
    cards lie below the two shown."""
    item = {"id": "s", "kind": "move", "hands": ["8S 8H 8D 4C 9D JC 2H 3C 6S KD",
                                                 "2S 3S 5D 6D KH QC 7C 10D JH 4S"],
            "discard": "AD", "stock": "5C 10H ...", "action": "draw"}
    question = Quiz.from_data(quiz_with(item))["s"]
    game = question.scene.game()
    assert [str(c) for c in game.discard_pile] == ["A♦"] and game.stock_size == 31
    assert question.to_data()["stock"] == "5C 10H ..."
    assert Quiz.from_text(Quiz.from_data(quiz_with(item)).to_json())["s"].to_data() == question.to_data()
    labels = {}
    for lang in ("en", "it", "nl"):
        with i18n.language(lang):
            label, cards = question.groups[-1]
            labels[lang] = str(label)
            assert [str(c) for c in cards] == ["5♣", "10♥"]
    assert labels == {"en": "stock, top first; 29 more cards below these (face down at the table)",
                      "it": "tallone, prima la carta in cima; sotto ci sono altre 29 carte (coperto al tavolo)",
                      "nl": "stok, bovenste kaart eerst; daaronder nog 29 kaarten (aan tafel gedekt)"}
    # "..." alone: every card placed nowhere else is the stock, and stays so when written back
    alone = Quiz.from_data(quiz_with(item | {"stock": "..."}))
    assert alone["s"].to_data()["stock"] == "..."
    assert Quiz.from_text(alone.to_json())["s"].scene.game().stock_size == 31
    # the same file with a misspelt card before the dots is refused, naming the card
    with pytest.raises(QuizFileError) as refused:
        Quiz.from_data(quiz_with(item | {"stock": "5C 10X ..."}))
    assert refused.value.field == "stock" and "'10X'" in str(refused.value)
