"""The rummy-teach command, run as a user runs it: in a subprocess."""

import subprocess
import sys

import pytest


def run(*args):
    result = subprocess.run([sys.executable, "-m", "rummy_teach.cli", *args],
                            capture_output=True, text=True, timeout=60)
    return result.returncode, result.stdout, result.stderr


def test_meld_legal_exits_0_and_prints_points_last_where_melds_score():
    code, out, _ = run("meld", "--game", "500", "QH", "KH", "AH")
    assert code == 0 and out.strip().splitlines()[-1] == "35"


def test_meld_illegal_exits_1_with_the_reason():
    code, out, _ = run("meld", "--game", "basic", "QH KH AH")
    assert code == 1 and "ace is low only" in out


@pytest.mark.parametrize("cards, token", [(["11S", "8H"], "'11S'"), (["KX"], "'KX'")])
def test_unreadable_card_exits_2_naming_the_token_without_traceback(cards, token):
    code, out, err = run("meld", *cards)
    assert code == 2 and token in err and "accepted" in err and "Traceback" not in err + out


def test_empty_card_list_exits_2():
    code, _, err = run("points", "--game", "basic")
    assert code == 2 and "no cards given" in err


def test_unknown_game_exits_2():
    code, _, err = run("meld", "--game", "canasta", "8S", "8H", "8D")
    assert code == 2 and "unknown game" in err and "Traceback" not in err


def test_points_last_line_is_the_total():
    code, out, _ = run("points", "--game", "basic", "KC QD 9S AC")
    assert code == 0 and out.strip().splitlines()[-1] == "30" and "K♣ 10 + Q♦ 10" in out


def test_arrange_last_line_is_the_deadwood():
    code, out, _ = run("arrange", "--game", "basic", "8S 8H 8D 4H 5H 6H 7H KC QD 9S")
    assert code == 0 and out.strip().splitlines()[-1] == "29"


def test_contract_exit_codes():
    assert run("contract", "--game", "contract", "--hand", "1", "8S 8H 8D 9S 9H JK")[0] == 0
    assert run("contract", "--game", "contract", "--hand", "3", "8S 8H 8D 9S 9H JK")[0] == 1
    code, _, err = run("contract", "--game", "contract", "--hand", "9", "8S 8H 8D")
    assert code == 2 and "hand must be 1 to 7" in err


def test_repeated_cards_are_two_copies_in_two_deck_games():
    assert run("meld", "--game", "contract", "8S 8S 8H")[0] == 0
    assert run("meld", "--game", "basic", "8S 8S 8H")[0] == 1


def test_demo_runs():
    code, out, _ = run("demo")
    assert code == 0 and "30 points" in out


@pytest.mark.parametrize("args, words", [
    (("arrange", "8S 8S 8S"), "8♠ appears twice"),                          # crashed in the solver
    (("contract", "--game", "contract", "--hand", "1", "8S " * 6), "8♠#4 is not in the cards"),
    (("points", "JK 5S"), "played without jokers: JK is not among its cards"),
    (("points", "--game", "500", "--lang", "it", "JK"), "si gioca senza jolly: la carta JK non è tra le sue carte"),
    (("arrange", "--lang", "nl", "8S 8H 8D 8S#2"), "8♠#2 hoort niet bij de kaarten van Basisrummy"),
])
def test_cards_no_game_can_hold_exit_2_with_what_is_wrong(args, words):
    """Cards that cannot all be in one game (a card twice, a joker where none is played, a
    copy beyond the decks) are refused before anything is counted, never a traceback."""
    code, out, err = run(*args)
    assert code == 2 and words in err and "Traceback" not in err + out, (code, out, err)


def test_three_eights_of_spades_are_three_copies_with_three_decks():
    code, out, _ = run("arrange", "--game", "contract", "8S 8S 8S")
    assert code == 0 and "8♠ 8♠#2 8♠#3" in out
