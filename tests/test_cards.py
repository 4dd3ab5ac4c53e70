"""Card notation, copies and decks."""

import pytest

from rummy_teach import Card, NotationError, make_deck, number_copies, parse_cards, shuffled
from rummy_teach.cards import cards_text

EVERY_CARD = make_deck(decks=3, jokers=6)


@pytest.mark.parametrize("card", EVERY_CARD, ids=str)
def test_every_card_round_trips_through_str_ascii_and_repr(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(card.text(ascii=True)) == card
    assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize("text, expected", [
    ("8S", Card(8, "S")), ("8s", Card(8, "S")), ("8♠", Card(8, "S")), ("10h", Card(10, "H")),
    ("TH", Card(10, "H")), ("qd", Card(12, "D")), ("A♣", Card(1, "C")), ("K♥️", Card(13, "H")),
    ("JK", Card.joker()), ("joker", Card.joker()), ("Joker#3", Card.joker(3)), ("8S#2", Card(8, "S", 2)),
])
def test_accepted_notation_is_case_insensitive(text, expected):
    assert Card.parse(text) == expected


def test_unicode_output_by_default():
    assert str(Card.parse("8S")) == "8♠"
    assert str(Card.parse("10d#2")) == "10♦#2"
    assert str(Card.joker()) == "JK"


@pytest.mark.parametrize("text, fragment", [
    ("11S", "rank '11'"), ("KX", "suit 'X'"), ("", "not a card"), ("8", "not a card"),
    ("8S#0", "copy number"), ("8S#x", "copy number"), ("1S", "rank '1'"),
])
def test_bad_card_text_names_the_problem(text, fragment):
    with pytest.raises(NotationError, match=fragment):
        Card.parse(text)


def test_parse_cards_accepts_spaces_commas_and_lists():
    expected = (Card(8, "S"), Card(8, "H"), Card(8, "D"))
    assert parse_cards("8S 8H 8D") == expected
    assert parse_cards("8S, 8H,8D") == expected
    assert parse_cards(["8S", "8H", Card(8, "D")]) == expected
    assert parse_cards("") == ()


def test_parse_cards_names_the_bad_token_and_its_position():
    with pytest.raises(NotationError, match=r"card 2 of 3: '11S'"):
        parse_cards("8S 11S 8D")


def test_cards_are_immutable_and_hashable():
    card = Card.parse("8S")
    with pytest.raises(AttributeError):
        card.rank = 9
    assert len({card, Card.parse("8♠"), Card.parse("8S#2")}) == 2


def test_accessible_names():
    assert Card.parse("8S").name == "eight of spades"
    assert Card.parse("QH").name == "queen of hearts"
    assert Card.joker().name == "joker"


def test_deck_sizes_and_physical_copies_are_distinct():
    assert len(make_deck()) == 52 and len(set(make_deck())) == 52
    two = make_deck(decks=2, jokers=4)
    assert len(two) == 108 and len(set(two)) == 108
    assert sum(1 for c in two if c.face == Card.parse("8S")) == 2
    assert len(make_deck(decks=3, jokers=6)) == 162


def test_shuffle_is_deterministic_from_a_seed():
    deck = make_deck()
    assert shuffled(deck, 7) == shuffled(deck, 7)
    assert shuffled(deck, 7) != shuffled(deck, 8)
    assert sorted(shuffled(deck, 7), key=Card.sort_key) == sorted(deck, key=Card.sort_key)


def test_number_copies_gives_repeated_faces_their_own_copy():
    assert cards_text(number_copies(parse_cards("8S 8S JK JK 9H")), ascii=True) == "8S 8S#2 JK JK#2 9H"


def test_sorting_by_suit_and_by_rank():
    hand = parse_cards("KC 2S JK AH 2H")
    assert cards_text(sorted(hand, key=Card.sort_key)) == "2♠ A♥ 2♥ K♣ JK"
    assert cards_text(sorted(hand, key=lambda c: c.sort_key("rank"))) == "A♥ 2♠ 2♥ K♣ JK"


def test_face_index_numbers_the_faces_in_the_order_of_a_sorted_hand():
    """0-51 by suit then rank, 52 for a joker, the same for every copy of a face: the
    solver files and sorts cards by it."""
    faces = sorted({card.face for card in EVERY_CARD}, key=Card.sort_key)
    assert [card.face_index for card in faces] == list(range(52)) + [52]
    for card in EVERY_CARD:
        assert card.face_index == card.face.face_index
    assert Card.parse("AS").face_index == 0 and Card.parse("KC").face_index == 51
    assert sorted(EVERY_CARD, key=lambda c: (c.face_index, c.copy)) == sorted(EVERY_CARD, key=Card.sort_key)


@pytest.mark.parametrize("given", [None, 42, 3.5, b"8S", {"8S": 1}])
def test_something_that_is_no_list_of_cards_is_refused_saying_how_to_give_cards(given):
    """A learner's ``check_meld(None)`` or ``arrange(42)`` got Python's "'int' object is not
    iterable"; now the notation's own refusal, naming what was given and what is accepted."""
    from rummy_teach.errors import NotationError
    from rummy_teach.rules import get_rules

    for call in (parse_cards, get_rules("basic").check_meld, get_rules("500").arrange):
        with pytest.raises(NotationError) as refused:
            call(given)
        assert str(refused.value).startswith(f"{given!r} is not a list of cards: give cards as text")
