"""Positions that prove themselves: from_deal refuses what no real game reaches, and says why."""

import dataclasses
import json
import subprocess
import sys

import pytest

from rummy_teach import get_rules, i18n
from rummy_teach.game.view import board_view
from rummy_teach.play.board import board_html
from rummy_teach.errors import ImpossiblePositionError, NotationError
from rummy_teach.game import from_deal, replay
from rummy_teach.game.position import position_problems
from rummy_teach.quiz import Quiz
from rummy_teach.quiz.fileformat import QuizFileError

NAMES = ["Ann", "Ben", "Cleo"]
TEN_A = "8S 8H 8D 4H 5H 6H 2C 3D 9C JD"
TEN_B = "QD 9S AC 8C 2S 3S 4S 5D 6D 10H"


def refusal(*args, **kwargs) -> ImpossiblePositionError:
    with pytest.raises(ImpossiblePositionError) as caught:
        from_deal(*args, names=kwargs.pop("names", NAMES), **kwargs)
    return caught.value


def codes(error) -> list[str]:
    return [r.code for r in error.reasons]


# --- what a real hand can reach -------------------------------------------------------------

def test_a_fresh_deal_of_ten_each_is_a_real_position():
    game = from_deal("basic", [TEN_A, TEN_B], discard="KC")
    assert game.stock_size == 31 and not game.constructed


def test_a_hand_smaller_than_the_deal_without_melds_is_refused_with_the_reason():
    error = refusal("basic", ["8S 8H 8D 9C", TEN_B], discard="KC", stock=20)
    assert codes(error) == ["position_hand_size"]
    text = str(error)
    assert "Ann holds 4 cards" in text and "dealt 10 cards" in text and "would hold 10 cards" in text


def test_melds_on_the_table_explain_a_smaller_hand():
    game = from_deal("basic", ["2C 3D 9C JD", "QD 9S AC 8C 2S 3S 4S"], discard="KC", stock=20,
                     table=[(0, "8S 8H 8D"), (0, "4H 5H 6H"), (1, "5D 6D 7D")])
    assert game.hand_sizes() == (4, 7) and game.stock_size == 20
    # every card is somewhere: the ones the text leaves out lie under the discard pile
    assert len(game.discard_pile) == 52 - 11 - 9 - 20 and game.discard_top.text(ascii=True) == "KC"


def test_cards_laid_off_by_another_player_count_for_that_player():
    # Ben laid 8C off on Ann's eights: Ann has 3 cards down, Ben 1
    game = from_deal("basic", ["2C 3D 9C JD 4H 5H 6H", "QD 9S AC 2S 3S 4S 5D 6D 10H"], discard="KC", stock=20,
                     table=[(0, "8S 8H 8D 8C", {1: "8C"})])
    meld = game.table[0]
    assert meld.owner == 0 and meld.placed_by.count(1) == 1
    with pytest.raises(ImpossiblePositionError):       # without saying who laid 8C off
        from_deal("basic", ["2C 3D 9C JD 4H 5H 6H", "QD 9S AC 2S 3S 4S 5D 6D 10H"], discard="KC",
                  stock=20, table=[(0, "8S 8H 8D 8C")])


def test_a_stock_bigger_than_the_deal_leaves_is_refused():
    # every card not in a hand is in the stock: one more than the 31 a deal leaves, in a
    # game whose discard pile is never turned over to become the stock
    no_turn_over = dataclasses.replace(get_rules("basic"), stock_turnovers=0)
    error = refusal(no_turn_over, [TEN_A, TEN_B], discard="")
    assert codes(error) == ["position_stock_too_big", "position_no_discard"]
    assert "The stock holds 32 cards" in str(error) and "only 31 cards are left" in str(error)
    with pytest.raises(NotationError, match="25 cards are not placed elsewhere"):
        from_deal("500", ["QH QD 7D KS KH 2C 3C 4C 5C 6C 7C 8C 9C", "JC JD JS 8D 2D 3D 4D 5D 6D 9D 10D QC KC"],
                  discard="AS", stock=30)


def test_a_stock_of_named_top_cards_and_then_the_rest_leaves_the_discard_pile_as_written():
    # the first turn of a hand: the lesson names the cards to be drawn; "..." puts every
    # other card under them in the stock, so the discard pile is the one card turned up
    contract = ["8S 8H 8D KC KD 4C 9H 2S 3D 7H", "5S 5H 6D 6C 10S JD QH 2C 3C 4H",
                "9S 9D 2H 3H 4D 5D 7C 7S JC QC"]
    game = from_deal("contract", contract, discard="JH", stock="AH 9C KH ...", seed=3)
    view = game.view(0)
    assert view["discard_size"] == 1 and view["discard_pile"] == ["JH"]
    assert view["stock_size"] == 108 - 30 - 1
    assert [str(game.apply("draw").hand(0)[-1])] == ["A♥"]
    again = from_deal("contract", contract, discard="JH", stock="AH 9C KH ...", seed=3)
    assert again.view(0) == view and replay(game.history).view(1) == game.view(1)
    # without "...", the cards the position names nowhere lie under the discard pile
    under = from_deal("contract", contract, discard="JH", stock="AH 9C KH")
    assert under.view(0)["discard_size"] == 108 - 30 - 3
    with pytest.raises(NotationError, match="used more than once"):
        from_deal("contract", contract, discard="JH", stock="8S ...")


def test_rummy_500_a_hand_may_grow_by_a_dig_only_when_something_went_down():
    other = "JD 8D 2D 3D 4D 5D 6D 9D 10D QC"
    grown = from_deal("500", ["QH QD 7D KH 2C 3C 4C 5C 6C 7C 8C 9C 10S JS", other], discard="AD", stock=20,
                      table=[(0, "KS KD KC"), (1, "AH AS AC")])
    assert grown.hand_sizes() == (14, 10)
    error = refusal("500", ["QH QD 7D KH 2C 3C 4C 5C 6C 7C 8C 9C 10S JS KS KD KC", other], discard="AD",
                    stock=20, table=[(1, "AH AS AC")])
    assert codes(error) == ["position_hand_too_big_nothing_down"]
    small = refusal("500", ["QH QD 7D", other], discard="AD", stock=20, table=[(1, "AH AS AC")])
    assert codes(small) == ["position_hand_too_small"]


def test_no_hand_is_empty_while_the_hand_goes_on():
    error = refusal("basic", ["", TEN_B], discard="KC", stock=20,
                    table=[(0, "8S 8H 8D"), (0, "4H 5H 6H 7H"), (0, "2C 3C 4C")])
    assert "position_empty_hand" in codes(error)


# --- Contract Rummy ---------------------------------------------------------------------------

C_ANN = "8S 8H 8D KC KD KS 2C 5D 9H 4C"
C_CLEO = "3C 4D 6C 7H 9S 10D JH 2H 3S 4S"


def test_contract_hand_sizes_count_buys_and_their_penalty_cards():
    game = from_deal("contract", [C_ANN, "3H 4H 6S 7S 9C 10C QH 2S", C_CLEO], discard="QC", stock=40,
                     table=[(1, "5H 5S 5C"), (1, "JD JS JC")], buys={1: 2})
    assert game.hand_sizes() == (10, 8, 10) and game.buys_left(1) == 1


def test_ben_holding_ten_with_his_contract_down_in_hand_one_is_refused():
    error = refusal("contract", [C_ANN, "3H 4H 6S 7S 9C 10C QH 2S 6D 7D", C_CLEO], discard="QC", stock=40,
                    table=[(1, "5H 5S 5C"), (1, "JD JS JC")])
    assert codes(error) == ["position_hand_size"]
    assert "Ben holds 10 cards" in str(error) and "would hold 4 cards" in str(error)


def test_a_fourth_buy_is_refused_and_three_close_the_buy_window():
    error = refusal("contract", [C_ANN, "3H 4H 6S 7S 9C 10C QH 2S 6D 7D 5H 5S 5C JD JS JC 9D 10S", C_CLEO],
                    discard="QC", stock=40, buys={1: 4})
    assert "position_too_many_buys" in codes(error)
    assert "Ben has bought 4 times this hand, but a player may buy at most 3 times" in str(error)
    # three buys are allowed, and then Ben is never offered a card again this hand
    game = from_deal("contract", [C_ANN, "3H 4H 6S 7S 9C 10C QH 2S 6D 7D 5H 5S 5C JD JS JC", C_CLEO],
                     discard="QC", stock=40, buys={1: 3})
    game.apply("draw")
    assert game.buys_left(1) == 0 and game.buy_offer["asked"] == 2


def test_a_partial_contract_on_the_table_is_refused():
    error = refusal("contract", [C_ANN, "3H 4H 6S 7S 9C 10C QH", C_CLEO], discard="QC", stock=40,
                    table=[(1, "5H 5S 5C")], hand=1)
    assert codes(error) == ["position_not_the_contract"]
    assert "Ben has 1 meld on the table, but hand 1's contract is two sets of 3" in str(error)


def test_lay_offs_before_ones_own_contract_are_refused():
    error = refusal("contract", ["8S 8H 8D KC KD KS 2C 9H 4C", "3H 4H 6S 7S", C_CLEO], discard="QC", stock=40,
                    table=[(1, "5H 5S 5C 5D", {0: "5D"}), (1, "JD JS JC")])
    assert "position_layoff_before_contract" in codes(error)


def test_nothing_lies_on_the_table_in_hand_seven():
    twelve = ["3S 4S 5S 6S 8H 9H 10H JH QH 2D 3D 4D", "KC KD 9C 9D 5D 2C 7C JC AS AH 10C 6C",
              "QS QC 2H 3H 5H 5C 8C 8D 10S JS KS JK"]
    assert from_deal("contract", twelve, discard="KH", hand=7, stock=40, scores=[45, 60, 50])
    error = refusal("contract", twelve[:2] + ["QS QC 2H 3H 5H 5C 8C 8D"], discard="KH", hand=7, stock=40,
                    table=[(2, "10S JS KS JK")])
    assert codes(error)[0] == "position_table_in_whole_hand"


def test_scores_need_a_hand_already_played_and_a_game_not_over():
    assert codes(refusal("basic", [TEN_A, TEN_B], discard="KC", scores=[20, 0])) == ["position_scores_in_first_hand"]
    assert codes(refusal("basic", [TEN_A, TEN_B], discard="KC", scores=[100, 40], hand=3)) == ["position_game_over"]
    assert from_deal("basic", [TEN_A, TEN_B], discard="KC", scores=[90, 40], hand=3).scores == (90, 40)


# --- constructed illustrations, histories, languages --------------------------------------------

def test_a_constructed_illustration_is_not_checked_and_the_board_says_so():
    game = from_deal("basic", ["8S 8H 8D 9C", TEN_B], discard="KC", constructed=True)
    assert game.constructed
    html = board_html(board_view(game, 0))
    assert "rt-constructed" in html and "simplified illustration" in html
    real = from_deal("basic", [TEN_A, TEN_B], discard="KC")
    assert "rt-constructed" not in board_html(board_view(real, 0))


def test_a_history_keeps_buys_lay_offs_and_the_constructed_flag():
    game = from_deal("contract", [C_ANN, "3H 4H 6S 7S 9C", C_CLEO], discard="QC", stock=40,
                     table=[(1, "5H 5S 5C 5D#2", {0: "5D#2"}), (1, "JD JS JC")], buys={1: 1}, constructed=True)
    again = replay(json.loads(json.dumps(game.history)))
    assert again.constructed and again.buys_left(1) == 2
    assert again.table[0].placed_by == game.table[0].placed_by


@pytest.mark.parametrize("lang, words", [("it", ("Ann ha in mano 4 carte", "Ann dovrebbe avere 10 carte")),
                                         ("nl", ("Ann heeft aan het begin van de beurt 4 kaarten",
                                                 "Ann zou 10 kaarten moeten hebben"))])
def test_the_reasons_are_said_in_the_readers_language(lang, words):
    error = refusal("basic", ["8S 8H 8D 9C", TEN_B], discard="KC")
    with i18n.language(lang):
        text = str(error)
    assert all(w in text for w in words), text


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_counts_in_the_reasons_take_their_plural_forms(lang):
    one = refusal("contract", [C_ANN, "3H 4H 6S 7S 9C 10C QH 9D 10S JH#2", C_CLEO], discard="QC", stock=40,
                  table=[(1, "5H 5S 5C")])
    with i18n.language(lang):
        said = str(one)
    singular = {"en": "1 meld on", "it": "1 combinazione", "nl": "1 combinatie op"}[lang]
    assert singular in said and "(s)" not in said and "(en)" not in said


def test_positions_are_checked_by_one_function_with_every_reason_at_once():
    from rummy_teach.game.deal import StartingDeal
    from rummy_teach.rules import get_rules

    start = StartingDeal(hands=((), ()), stock=tuple(range(40)), discard=(), table=(), dealer=1, to_move=0,
                         hand=1, scores=(5, 0), buys=(0, 0))
    found = [r.code for r in position_problems(get_rules("500"), start)]
    assert found[:2] == ["position_empty_hand", "position_empty_hand"]
    assert "position_no_discard" in found and "position_scores_in_first_hand" in found


def test_cards_nowhere_need_a_discard_pile_to_lie_under():
    with pytest.raises(NotationError, match="nowhere"):
        from_deal("basic", [TEN_A, TEN_B], stock="7H 10D")


# --- quiz files: the same check, and `rummy-teach quiz check` ------------------------------------

IMPOSSIBLE_ITEM = {"id": "ben-buys", "kind": "who_gets", "game": "contract", "hand": 1,
                   "hands": [C_ANN, "3H 4H 6S 7S 9C 10C QH 2S 6D 7D", C_CLEO], "discard": "QC", "stock": 20,
                   "table": [[1, "5H 5S 5C"], [1, "JD JS JC"]], "before": ["draw", "buy", "pass"], "card": "QC"}


def test_a_teachers_quiz_with_an_impossible_position_is_refused_with_the_reason():
    with pytest.raises(QuizFileError) as caught:
        Quiz.from_data({"questions": [IMPOSSIBLE_ITEM]})
    assert caught.value.field == "hands" and "Ben holds 10 cards" in str(caught.value)
    fixed = dict(IMPOSSIBLE_ITEM, hands=[C_ANN, "3H 4H 6S 7S", C_CLEO])
    assert list(Quiz.from_data({"questions": [fixed]}))[0].answer == "Ben"


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "rummy_teach.cli", *args], capture_output=True, text=True)


def test_quiz_check_names_every_unusable_question_and_exits_1(tmp_path):
    path = tmp_path / "week2.json"
    good = {"id": "deal", "kind": "deal", "players": 4, "hand": 5, "game": "contract"}
    path.write_text(json.dumps({"questions": [good, IMPOSSIBLE_ITEM, dict(IMPOSSIBLE_ITEM, id="again")]}))
    done = _cli("quiz", "check", str(path), "--lang", "en")
    assert done.returncode == 1
    assert "question 2 (id 'ben-buys')" in done.stdout and "question 3 (id 'again')" in done.stdout
    assert "3 questions checked; 2 questions cannot be used" in done.stdout
    italian = _cli("quiz", "check", str(path), "--lang", "it")
    assert "3 domande controllate; 2 domande non si possono usare" in italian.stdout


def test_quiz_check_passes_a_good_file_and_refuses_an_unreadable_one(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"questions": [{"kind": "deal", "players": 2}]}))
    done = _cli("quiz", "check", str(good), "--lang", "en")
    assert done.returncode == 0 and "1 question checked, every one can be used" in done.stdout
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert _cli("quiz", "check", str(broken)).returncode == 2
    assert _cli("quiz", "check", str(tmp_path / "missing.json")).returncode == 2


def test_quiz_check_lists_what_the_audit_finds_once_the_file_reads(tmp_path):
    """A file every question of which reads can still hold an item unfit to use unseen:
    here a Rummy 500 pile of five cards shown "bottom to top" over 23 the learner never
    sees. `quiz check` says so, and passes the same item with the rest in the stock."""
    item = {"id": "dig", "kind": "move", "game": "500", "hands": ["QH QD 7D KS KH 5C 9H", "JC JD JS 8D",
                                                                  "2C 4H 6S 10D AC 3S 7S"],
            "discard": "3C QS 8C 2H 9C", "stock": "3H 10S 5S", "table": [[1, "4D 5D 6D"]], "action": "take 4"}
    path = tmp_path / "week3.json"
    path.write_text(json.dumps({"questions": [{"id": "deal", "kind": "deal", "players": 2}, item]}))
    done = _cli("quiz", "check", str(path), "--lang", "en")
    assert done.returncode == 1, done.stdout
    assert "question 2 (id 'dig'): 23 cards the position places nowhere else lie under the discard pile" in done.stdout
    assert "2 questions checked; 1 question cannot be used" in done.stdout
    dutch = _cli("quiz", "check", str(path), "--lang", "nl")
    assert "vraag 2 (id 'dig'): 23 kaarten die de positie nergens anders neerlegt" in dutch.stdout
    path.write_text(json.dumps({"questions": [dict(item, stock="3H 10S 5S ...")]}))
    assert _cli("quiz", "check", str(path), "--lang", "en").returncode == 0


@pytest.mark.parametrize("name", Quiz.builtin_names())
def test_every_built_in_quiz_passes_quiz_check(name):
    from rummy_teach.quiz.banks import BANKS
    from rummy_teach.quiz.fileformat import problems_of

    count, errors = problems_of(BANKS[name], f"built-in {name}")
    assert count and not errors, [str(e) for e in errors]


def test_the_packages_own_examples_are_real_positions():
    import doctest

    import rummy_teach.coach

    failed, tried = doctest.testmod(rummy_teach.coach, optionflags=doctest.ELLIPSIS)
    assert tried and not failed


# --- the discard pile and the stock, for the turns played ------------------------------------

def test_basic_rummy_just_after_the_pile_was_turned_over_is_a_real_position():
    """Basic Rummy turns the discard pile over to become the stock when the stock runs out:
    at the next turn's start the pile is empty and the stock holds every card not in a hand,
    one more than the deal left (the upcard). A real game reaches it, so it is accepted."""
    game = from_deal("basic", [TEN_A, TEN_B], discard="", names=NAMES)
    assert game.stock_size == 32 and not game.discard_pile
    game.apply("draw")                            # and play goes on from it
    assert game.stock_size == 31


def test_a_basic_game_played_by_bots_passes_the_check_at_every_turn():
    """Every position a real Basic Rummy game reaches, turned-over stock included, passes."""
    from rummy_teach.game import Bot, new_game
    from rummy_teach.game.setup import StartingDeal
    turned_over = 0
    for seed in range(2):
        game = new_game("basic", 2, seed=seed)
        bots = [Bot("easy", seed=f"{seed}/{p}") for p in range(2)]
        for _ in range(600):
            if game.is_game_over:
                break
            if game.phase == "draw":
                start = StartingDeal(tuple(tuple(game.hand(p)) for p in range(2)), (None,) * game.stock_size,
                                     game.discard_pile, tuple((m.owner, m.meld, m.placed_by) for m in game.table),
                                     game.dealer, game.current_player, game.hand_number, tuple(game.scores), (0, 0))
                assert position_problems(game.rules, start) == [], (seed, game.stock_size)
                turned_over += not game.discard_pile
            game.apply("next" if game.is_hand_over else bots[game.current_player].act(game))
    assert turned_over                             # the moment after a turn-over was met


@pytest.mark.parametrize("game,hands,top", [
    ("500", ["QH QD 7D KS KH 2C 3C 4C 5C 6C 7C 8C 9C", "JC JD JS 8D 2D 3D 4D 5D 6D 9D 10D QC KC"], "AS"),
    ("contract", ["8C 2D 5H KS 9C 3D 4S 6H 7D 10S", "8S 8H 8D 9S 9H 9D 2C 3C 4C 5C",
                  "AS AH 2H 3H 4H 5S 6S 7S JC QC"], "JD"),
])
def test_rummy_500_and_contract_never_reach_an_empty_pile_beside_the_whole_stock(game, hands, top):
    """Rummy 500 ends the hand and Contract Rummy reshuffles all but the pile's top card
    when the stock runs out: neither turns the whole pile over, so an empty pile with every
    other card in the stock is refused, and the same cards with a pile are a real position."""
    assert from_deal(game, hands, discard=top, names=NAMES).discard_pile
    error = refusal(game, hands, discard="")
    assert codes(error) == ["position_stock_too_big", "position_no_discard"]
