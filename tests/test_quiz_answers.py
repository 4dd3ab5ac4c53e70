"""Reading learners' answers: odd input gets a hint and never counts as a wrong attempt."""

import pytest

from rummy_teach.quiz import Quiz, Unreadable
from rummy_teach.quiz.answers import (NUMBER_LIMIT, read_cards_from, read_choice, read_groups,
                                      read_labels, read_number, read_player_points)
from rummy_teach.cards import parse_cards


@pytest.mark.parametrize("text, value", [("30", 30), (" 30 ", 30), ("\t30\n", 30), ("030", 30),
                                         ("+30", 30), ("0", 0), (30, 30)])
def test_a_whole_number_with_spaces_around_is_read(text, value):
    assert read_number(text) == value


@pytest.mark.parametrize("text, words", [
    ("", "empty"), ("   ", "empty"), (None, "answer"),
    ("thirty", "digits"), ("Thirty-five", "digits"),
    ("30 points", "without the word"), ("30pts", "without the word"),
    ("-5", "never below zero"), (-5, "never below zero"),
    ("10**100", "whole number"), (10**100, "far more points"), (str(10**100), "far more points"),
    ("3 0", "without spaces"), ("30.5", "whole numbers"), ("30,0", "whole numbers"),
    (True, "whole number"), ("about 30", "whole number"),
])
def test_unreadable_numbers_get_a_hint_about_the_form(text, words):
    with pytest.raises(Unreadable) as caught:
        read_number(text)
    assert words in caught.value.hint


def test_negative_numbers_are_read_where_a_score_can_be_negative():
    assert read_number("-20", negative=True) == -20
    with pytest.raises(Unreadable):
        read_number(str(-NUMBER_LIMIT), negative=True)


def test_choices_ignore_case_spaces_and_accept_their_number_and_aliases():
    options = ("set", "run", "not a meld")
    assert read_choice("  RUN ", options) == "run"
    assert read_choice("Not  a   meld", options) == "not a meld"
    assert read_choice("2", options) == "run"
    assert read_choice("no", options, {"no": "not a meld"}) == "not a meld"
    with pytest.raises(Unreadable) as caught:
        read_choice("sequence", options)
    assert "set, run, not a meld" in caught.value.hint


def test_group_letters_in_any_common_form():
    labels = ("A", "B", "C", "D")
    for text in ("A C", "a, c", "C;A", "AC", "a and c", " A  C "):
        assert read_labels(text, labels) == {"A", "C"}
    assert read_labels("none", labels) == frozenset()
    with pytest.raises(Unreadable) as caught:
        read_labels("A E", labels)
    assert "'E'" in caught.value.hint


def test_offered_cards_in_card_notation_take_free_copies():
    pool = parse_cards("8S 8S#2 9H")
    assert read_cards_from("8s 8♠", pool) == parse_cards("8S 8S#2")
    assert read_cards_from("none", pool) == ()
    with pytest.raises(Unreadable) as caught:
        read_cards_from("8S 8S 8S", pool)
    assert "more times" in caught.value.hint
    with pytest.raises(Unreadable) as caught:
        read_cards_from("QX", pool)
    assert "'QX'" in caught.value.hint
    with pytest.raises(Unreadable) as caught:
        read_cards_from("2C", pool)
    assert "not among the offered cards" in caught.value.hint


def test_arrangements_are_groups_separated_by_bars():
    hand = parse_cards("8S 8H 8D 4H 5H 6H 2C")
    assert read_groups("8s 8h 8d | 4H 5H 6H", hand) == (parse_cards("8S 8H 8D"), parse_cards("4H 5H 6H"))
    assert read_groups("8S 8H 8D\n4H 5H 6H", hand) == read_groups("8S 8H 8D / 4H 5H 6H", hand)
    assert read_groups("none", hand) == ()
    for bad in ("", "8S 8H 8D | 8S 4H 5H", "8S 8H 8C", "|||"):
        with pytest.raises(Unreadable):
            read_groups(bad, hand)


def test_player_and_points():
    names = ("Ann", "Ben")
    for text in ("Ann 30", "ann: 30", "ANN, 30", " Ann   30 ", "Ann scores 30"):
        assert read_player_points(text, names) == ("Ann", 30)
    for text in ("30", "Ann", "Zed 30", "Ann thirty"):
        with pytest.raises(Unreadable):
            read_player_points(text, names)


BAD_NUMBERS = ["", "thirty", "30 points", "-5", "10**100", "3 0", " ", 10**100]


@pytest.mark.parametrize("bad", BAD_NUMBERS, ids=repr)
def test_bad_answers_are_not_counted_as_attempts(bad):
    quiz = Quiz.builtin("basic")
    session = quiz.session()
    result = session.answer("basic-opponent-cards", bad)
    assert result.outcome == "unreadable" and not result.counts
    assert result.hint
    # nothing about the answer leaks through an unreadable result
    assert result.correct == "" and result.explanation == "" and result.reasons == ()
    assert session.attempts == 0 and session.wrong == 0 and session.unreadable == 1


def test_every_input_kind_reports_unreadable_for_an_empty_answer():
    quizzes = [Quiz.builtin(name) for name in Quiz.builtin_names()]
    seen = set()
    for quiz in quizzes:
        for question in quiz:
            result = question.check("   ")
            assert result.outcome == "unreadable", question
            seen.add(question.input)
    assert seen == {"choice", "multi", "cards", "number", "arrangement", "player_points"}


@pytest.mark.parametrize("lang, choose, typed", [
    ("en", "choose one, then submit it", "type something"),
    ("it", "sceglila, poi inviala", "scrivi qualcosa"),
    ("nl", "kies er een en verstuur het dan", "typ iets")])
def test_an_empty_answer_to_a_choice_asks_to_choose_and_a_typed_one_to_type(lang, choose, typed):
    """The class's page shows a choice as radio buttons and a notebook as toggle buttons:
    nothing chosen is never told to "type something"."""
    from rummy_teach import i18n

    quiz = Quiz.builtin("basic")
    choice = next(q for q in quiz if q.input == "choice")
    number = next(q for q in quiz if q.input == "number")
    with i18n.language(lang):
        for empty in ("", "  ", None):
            assert choose in choice.check(empty).hint
            assert typed not in choice.check(empty).hint
        assert typed in number.check("").hint
    winner = next(q for q in quiz if q.input == "player_points")
    with i18n.language(lang):
        assert typed not in winner.check("").hint and winner.check(" ").hint == winner.check(None).hint
