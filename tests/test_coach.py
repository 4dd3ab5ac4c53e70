"""The coach: hints from the learner's view only, with reasons; reviews of a hand."""

import re

import pytest

from rummy_teach.cli import main
from rummy_teach.coach import LearnerView, hint, review_hand, review_moments
from rummy_teach.errors import RummyError, UsageError
from rummy_teach.game import Action, from_deal, new_game

OTHER = "2C 3D 4S 8D JC QD 10S"


def test_go_out_when_able():
    game = from_deal("basic", ["5H 6H 7H 9S 9D 9C", OTHER], stock="KC 2D 3S 4C 5C 6C 7C 8C", discard="AS", constructed=True)
    game.apply("draw")
    advice = hint(game, samples=4, seed=1)
    assert advice.action.kind == "meld"
    assert advice.codes[0] == "coach_go_out"
    assert "go out" in advice.text()


def test_going_out_is_explained_by_the_games_scoring():
    """Only in Basic Rummy do the cards left in the other hands count for the one who goes
    out; Rummy 500 takes them off their owners' scores, Contract Rummy makes them penalties."""
    from rummy_teach.coach.explain import GO_OUT, reasons_for
    from rummy_teach.rules import RULE_SETS, SCORINGS

    assert set(GO_OUT) == set(SCORINGS) and {r.scoring for r in RULE_SETS.values()} <= set(GO_OUT)
    game = from_deal("500", ["5H 6H 7H 9S 9D 9C", OTHER], stock="KC 2D 3S 4C 5C 6C 7C 8C", discard="AS", constructed=True)
    game.apply("draw")
    advice = hint(game, samples=4, seed=1)
    assert advice.codes[0] == "coach_go_out_melds_minus_hand"
    assert "go out" in advice.text() and "count for you" not in advice.text()

    game = from_deal("contract", ["5H 5D 5C 9S 9D 9C", OTHER, "2H 3H 4D 8H JD QS 10D"],
                     stock="KC 2D 3S 4C 5S 6C 7C 8C", discard="AS", constructed=True)
    game.apply("draw")
    while game.phase == "buy":
        game.apply("pass")
    why = reasons_for(game, Action.parse("meld 9S 9D 9C | 5H 5D 5C"))
    assert [r.code for r in why] == ["coach_go_out_penalty"]
    assert "penalty points for their owners" in why[0].text()


def test_lay_off_rather_than_discard():
    game = from_deal("basic", ["KS 3C 8D", "2C 3D 4S 9D JC QD 10C"], table=[(1, "10S JS QS")], to_move=0,
                     stock="2H 4H 6D 9H AD 5S 7S 8S", discard="AH", constructed=True)
    game.apply("draw")
    advice = hint(game, samples=4, seed=1)
    assert advice.action == Action.parse("layoff KS on 1")
    assert advice.codes[0] == "coach_lay_off"
    assert "K♠" in advice.text() and "10 points" in advice.text()


def test_take_the_card_that_completes_a_run_and_say_it_shows():
    game = from_deal("basic", ["5H 6H 2C 9D KS QC 4S", "2D 3D 4D 8D JS QD 10S"], discard="8C 7H", constructed=True)
    advice = hint(game, samples=4, seed=1)
    assert advice.action == Action.parse("take")
    assert advice.codes[:2] == ("coach_take_makes", "coach_take_reveals")
    assert "5♥ 6♥ 7♥" in advice.text()


def test_taking_a_joker_says_which_rank_the_set_gives_away():
    # Contract hand 1: a joker on the pile makes a set with the two eights; taking it shows
    # the eights (the joker itself has no rank to name)
    from rummy_teach.coach.explain import reasons_for

    game = from_deal("contract", ["8S 8H 2C 5D 9H 4C JS QH 3S KD", "3H 4H 6S 7S 9C 10C QD 2S 6D 7D",
                                  "3C 4D 6C 7H 9S 10D JH 2H KS 4S"], discard="5C JK", stock=76, hand=1)
    said = [r.code for r in reasons_for(game, Action.parse("take"))]
    assert said[:2] == ["coach_take_makes", "coach_take_reveals"], said
    assert "eights" in " ".join(r.text() for r in reasons_for(game, Action.parse("take")))


def test_keep_the_card_that_completes_a_run():
    game = from_deal("basic", ["5H 6H KC 2D 9S QD 4C", "2C 3D 4S 8D JC 10S AD"], stock="7H 3S 8H", discard="AS", constructed=True)
    game.apply("draw")   # draws 7H: 5H 6H 7H is a run now
    advice = hint(game, samples=4, seed=1)
    run = {Action.parse(f"discard {c}") for c in ("5H", "6H", "7H")}
    assert advice.action not in run
    values = dict(advice.values)
    assert all(values[a] < advice.values[0][1] for a in run if a in values)


def test_discard_a_high_card_that_fits_nothing():
    game = from_deal("basic", ["5H 6H 7H 8S 8D 2C KC", "3C 3D 4S 9D JC QD 10S"], stock="9C 3S 4H", discard="AS", constructed=True)
    game.apply("draw")
    advice = hint(game, samples=4, seed=2)
    if advice.action.kind == "discard":
        assert advice.action.card.rank in (13, 9)
    discards = [a for a, _ in advice.values if a.kind == "discard"]
    assert discards[0] == Action.parse("discard KC")
    words = [r.text() for r in advice.reasons]
    assert words


def test_the_estimate_says_ahead_or_behind_with_no_minus_sign():
    # the advised move is the expert's; the estimate says where it leaves the learner by
    # the next turn, and whether another move looks better that soon
    hints = [hint(new_game("basic", players=2, seed=seed), samples=3, seed=seed) for seed in range(12)]
    weighed = [h for h in hints if len(h.values) > 1]
    assert weighed
    later = 0
    for advice in weighed:
        (_, best), (_, second) = advice.values[:2]
        assert all(value <= second for _, value in advice.values[2:])     # the others, best first
        estimate = [r for r in advice.reasons if r.code.startswith("coach_estimate_")]
        looks_worse = round(best - second, 1) < 0
        later += looks_worse
        level = round(best - second, 1) == 0        # "0 better" is said as coming out the same
        assert [r.code for r in estimate] == ["coach_estimate_" + ("later_" if looks_worse else "")
                                              + ("ahead" if round(best, 1) >= 0 else "behind")
                                              + ("_level" if level else "")]
        # the numbers themselves, with no sign; the message writes them (test_numbers.py)
        assert estimate[0].params["points"] == abs(best)
        assert estimate[0].params["margin"] == abs(best - second)
        assert not re.search(r"-\d", estimate[0].text())
    assert 0 < later < len(weighed)      # both cases are met in these opening positions


def test_the_hint_is_the_expert_players_move():
    import random
    from rummy_teach.coach.search import same_move
    from rummy_teach.game import Bot
    from rummy_teach.game.ai import choose_action
    game = new_game("basic", players=2, seed=5)
    bots = [Bot("hard", seed=0), Bot("hard", seed=1)]
    checked = 0
    while not game.is_hand_over and checked < 12:
        if game.current_player == 0:
            view = LearnerView(game)
            expert = choose_action(view.game, 0, "expert", random.Random(f"3/{view.key}/expert"))
            assert same_move(hint(game, samples=2, seed=3).action, expert)
            checked += 1
        game.apply(bots[game.current_player].act(game))
    assert checked >= 6


def same_view_other_hidden_cards():
    """Two deals the learner sees alike: the opponent's hand and the stock swapped."""
    mine, theirs, stock = "5H 6H 2C 9D KS QC 4S", "2D 3D 4D 8D JC QD 10S", "7C 8C 9C 10C JH QH KH"
    return (from_deal("basic", [mine, theirs], stock=f"{stock} AC", discard="8H 7H", constructed=True),
            from_deal("basic", [mine, stock], stock=f"{theirs} AC", discard="8H 7H", constructed=True))


def test_hidden_cards_do_not_change_the_hint():
    a, b = same_view_other_hidden_cards()
    assert a.hand(1) != b.hand(1)
    assert LearnerView(a).key == LearnerView(b).key
    ha, hb = hint(a, samples=3, seed=5), hint(b, samples=3, seed=5)
    assert ha.action == hb.action and ha.values == hb.values and ha.text() == hb.text()


def test_a_view_hides_what_the_player_cannot_see():
    game = new_game("basic", 2, seed=3)
    view = LearnerView(game, 0)
    assert view.game.hand(0) == game.hand(0)
    assert view.game.discard_pile == game.discard_pile
    assert view.game.hand_sizes() == game.hand_sizes()   # the other hand: all of it unseen...
    worlds = view.worlds(5, seed=1)
    assert len({w.hand(1) for w in worlds}) > 1              # ...and each world deals them anew
    assert all(w.hand(0) == game.hand(0) and w.stock_size == game.stock_size for w in worlds)


def test_hint_for_someone_not_to_act_is_refused():
    game = new_game("basic", 2, seed=3)
    before = game.snapshot()
    with pytest.raises(UsageError):
        hint(game, player=1 - game.current_player)
    assert game.snapshot() == before


def test_a_deliberately_bad_discard_is_flagged_with_a_cost():
    game = from_deal("basic", ["5H 6H 7H 9S 9D 9C", OTHER], stock="KC 2D 3S 4C 5C 6C 7C 8C", discard="AS", constructed=True)
    game.apply("draw")
    review = review_moments([(game, Action.parse("discard 6H"))], player=0, samples=4, seed=1)
    assert len(review.mistakes) == 1
    mistake = review.mistakes[0]
    assert mistake.cost > 0 and mistake.better.kind == "meld"
    assert "discard 6♥" in mistake.line()
    assert review.summary().startswith("1 mistake, ")      # one mistake, said in the singular


def test_a_good_move_is_not_flagged():
    game = from_deal("basic", ["5H 6H 7H 9S 9D 9C", OTHER], stock="KC 2D 3S 4C 5C 6C 7C 8C", discard="AS", constructed=True)
    game.apply("draw")
    review = review_moments([(game, Action.parse("meld 5H 6H 7H"))], player=0, samples=4, seed=1)
    assert review.mistakes == ()


def test_easy_makes_more_mistakes_than_hard():
    easy = hard = 0
    for seed in range(4):
        easy += len(review_hand("basic", ["easy", "hard"], seed=seed, samples=2).mistakes)
        hard += len(review_hand("basic", ["hard", "hard"], seed=seed, samples=2).mistakes)
    assert easy > hard


def test_same_seed_same_review():
    a = review_hand("basic", ["easy", "medium"], seed=2, samples=2)
    b = review_hand("basic", ["easy", "medium"], seed=2, samples=2)
    assert a.lines() == b.lines()


def test_review_command(capsys):
    assert main(["review", "--game", "basic", "--players", "2", "--levels", "easy,hard",
                 "--seed", "1", "--samples", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].endswith("points lost (estimated)")
    count = int(lines[-1].split()[0])
    assert count == sum(1 for line in lines if line.startswith("Turn "))


def test_review_of_a_hand_the_game_never_reached_says_how_many_it_had(capsys):
    """Seed 0's Basic Rummy lasts 14 hands: hand 99 was reviewed as 'no costly decision'."""
    assert main(["review", "--hand", "99"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "this game ended after 14 hands: give --hand a number from 1 to 14" in captured.err
    assert main(["review", "--hand", "9", "--game", "contract", "--players", "3", "--lang", "nl"]) == 2
    assert "deze partij eindigde na 7 rondes" in capsys.readouterr().err


@pytest.mark.parametrize("args, words", [
    (["--levels", "easy,wizard"], "wizard"),
    (["--players", "9"], "9"),
    (["--players", "two"], "two"),
    (["--game", "poker"], "poker"),
    (["--samples", "0"], "samples"),
])
def test_review_command_bad_arguments(capsys, args, words):
    assert main(["review", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_sampled_worlds_keep_every_card_once():
    game = new_game("500", 3, seed=4)
    for _ in range(12):
        game.apply(game.legal_actions()[-1] if game.phase == "play" else "draw")
    deck = sorted(str(c) for cards in game.card_places().values() for c in cards)
    for world in LearnerView(game, game.current_player).worlds(3, seed=2):
        assert sorted(str(c) for cards in world.card_places().values() for c in cards) == deck
    with pytest.raises(UsageError):
        game.with_unseen(0, game.hand(0), seed=1)


@pytest.mark.parametrize("name, players", [("500", 3), ("contract", 3), ("basic", 4)])
def test_hints_are_legal_moves_in_every_game(name, players):
    from rummy_teach.game import Bot
    game = new_game(name, players, seed=7)
    bots = [Bot("medium", seed=p) for p in range(players)]
    asked = 0
    for step in range(40):
        if game.is_hand_over:
            break
        if step % 7 == 0:
            advice = hint(game, samples=2, seed=step)
            assert game.judge(advice.action).ok
            assert advice.lines()[0].startswith("Hint: ")
            asked += 1
        game.apply(bots[game.current_player].act(game))
    assert asked >= 3


def test_the_expert_player_goes_out_when_able():
    from rummy_teach.game import Bot
    game = from_deal("basic", ["5H 6H 7H 9S 9D 9C", OTHER], stock="KC 2D 3S 4C 5C 6C 7C 8C", discard="AS", constructed=True)
    expert = Bot("expert", seed=1)
    for _ in range(4):
        if game.is_hand_over:
            break
        game.apply(expert.act(game))
    assert game.is_hand_over and game.hand_results[-1].went_out == 0


def test_the_expert_player_takes_the_card_that_completes_a_run():
    from rummy_teach.game import Bot
    game = from_deal("basic", ["5H 6H 2C 9D KS QC 4S", "2D 3D 4D 8D JS QD 10S"], discard="8C 7H", constructed=True)
    assert Bot("expert", seed=1).act(game) == Action.parse("take")
    game.apply("take")
    for seed in range(3):   # then it keeps the run: lays it down or lets another card go
        move = Bot("expert", seed=seed).act(game)
        assert move == Action.parse("meld 5H 6H 7H") or (
            move.kind == "discard" and str(move.card) not in ("5♥", "6♥", "7♥"))


def test_the_contract_goes_down_as_soon_as_it_may():
    # a position met in a real hand: the expert kept its two sets (three aces; two
    # kings with a joker) in hand and discarded, so it could neither lay off nor go out
    from rummy_teach.game import Bot
    game = from_deal("contract", ["8D#2 KD#2 10D#2 AS#2 JK 4S 4D JD#2 AD KC QD AS",
                                  "10H#2 KC#2 9S 8D 7H#2 10C#2 8C#2 7D#2 8C KD", "2D 6S 2S 8H#2 5S 2S#2"],
                     table=[(2, "QH QC QC#2"), (2, "3D 3C JK#2")], stock="9C#2 5C 2C",
                     discard="AH#2 JH 6D 9H#2 5D", constructed=True)
    game.apply("draw")
    while game.phase == "buy":
        game.apply("pass")
    assert game.current_player == 0 and game.phase == "play"
    for seed in range(2):
        move = Bot("expert", seed=seed).act(game)
        assert move.kind == "meld" and len(move.melds) == 2 and game.judge(move).ok
        assert hint(game, seed=seed).action == move


def test_a_contract_that_may_go_down_is_not_called_the_only_move():
    # the coach weighs only the lay-down once the contract may go down, but the learner
    # could also discard or lay down otherwise: the hint says why the contract comes first
    game = from_deal("contract", ["5H 5D 5C 9S 9D 9C 2H 3H 4D 8H JD QS", OTHER, "AC 3C 6S 8S QC 7D 10D"],
                     stock="KS KD", discard="7C", constructed=True)
    game.apply("draw")
    while game.phase == "buy":
        game.apply("pass")
    assert game.current_player == 0 and game.phase == "play" and len(game.legal_actions()) > 1
    advice = hint(game)
    assert advice.action.kind == "meld"
    assert "coach_contract_first" in advice.codes and "coach_only_move" not in advice.codes
    assert advice.codes[0] == "coach_meld"


def _expert_moves(game, seed, moves=3):
    """The expert's next ``moves`` decisions in ``game`` (which is left as it was)."""
    from rummy_teach.game import Bot
    game, expert, chosen = game.clone(), Bot("expert", seed=seed), []
    for _ in range(moves):
        action = expert.act(game)
        chosen.append(action)
        game.apply(action)
    return chosen


def test_the_expert_player_decides_the_same_with_the_same_seed():
    game = new_game("basic", 2, seed=11)
    assert _expert_moves(game, seed=4) == _expert_moves(game, seed=4)


def test_the_expert_player_never_reads_the_hidden_cards():
    # the same view, other hidden cards: take, then a discard weighed over the unseen
    # cards and sampled opponent hands (the run stays in hand while the opponent holds
    # seven cards), the same in both
    a, b = same_view_other_hidden_cards()
    for seed in (1, 2):
        moves = _expert_moves(a, seed, moves=2)
        assert moves[0] == Action.parse("take") and moves[1].kind == "discard"
        assert str(moves[1].card) not in ("5♥", "6♥", "7♥")
        assert _expert_moves(b, seed, moves=2) == moves


@pytest.mark.parametrize("name, players", [("500", 2), ("contract", 3)])
def test_the_expert_player_plays_legally(name, players):
    from rummy_teach.game import Bot
    game = new_game(name, players, seed=2)
    bots = [Bot("expert" if p == 0 else "hard", seed=p) for p in range(players)]
    for _ in range(30):
        if game.is_hand_over:
            break
        game.apply(bots[game.current_player].act(game))   # apply() refuses an illegal move
    assert game.actions_played >= 10


def test_the_coach_refuses_in_words_from_the_catalogue(monkeypatch, capsys):
    from rummy_teach import reasons

    words = {"coach_not_to_act": "not {player}'s turn but {current}'s",
             "coach_samples_bad": "bad deals {value!r}",
             "coach_whole_number": "{what}: from {least} only, not {value!r}"}
    for code, sentence in words.items():
        monkeypatch.setitem(reasons.ENGLISH, code, sentence)
    game = from_deal("basic", ["5H 6H 7H 9S 9D 9C", OTHER], stock="KC 2D 3S 4C", discard="AS", constructed=True)
    with pytest.raises(UsageError, match="not 1's turn but 0's"):
        hint(game, player=1)
    with pytest.raises(UsageError, match="bad deals 0"):
        hint(game, samples=0)
    assert main(["review", "--hand", "x"]) == 2
    assert "--hand: from 1 only, not 'x'" in capsys.readouterr().err


def test_the_expert_player_keeps_its_melds_until_the_opponent_is_near_going_out():
    # Basic: a meld kept in hand cannot be laid off on, and going out all at once is a
    # rummy; once the opponent is down to three cards the melds go down
    from rummy_teach.game import Bot
    mine = "5H 6H 7H 9S 9D 9C 2C KS QD"
    far = from_deal("basic", [mine, "2D 3D 4D 8D JC QC 10S"], stock="AC 3C 4C", discard="8H", constructed=True)
    far.apply("draw")
    move = Bot("expert", seed=1).act(far)
    assert move.kind == "discard" and str(move.card) in ("2♣", "K♠", "Q♦", "A♣")
    near = from_deal("basic", [mine, "2D 3D 4D"], stock="AC 3C 4C", discard="8H", constructed=True)
    near.apply("draw")
    assert Bot("expert", seed=1).act(near).kind == "meld"


def test_the_shortfall_counts_the_cards_a_contract_still_lacks():
    from rummy_teach.cards import parse_cards
    from rummy_teach.game.contract_play import shortfall
    from rummy_teach.rules import CONTRACT

    def lacks(cards, hand):
        return shortfall(CONTRACT, parse_cards(cards), hand)
    assert lacks("5H 5D 5S 9C 9D 9H", 1) == 0              # two sets of 3
    assert lacks("5H 5D 9S 9C 2H KD", 1) == 2              # two pairs: a card for each
    assert lacks("5H 6H 7H 9C 9D JK", 2) == 1              # the joker fills one of two gaps
    assert lacks("QH KH AH 2S 3S 4S 5S", 3) == 1           # the ace ends a run high
    assert lacks("2S 3S 4S 5S 6S 7S 8S", 3) == 1           # one run of 7 is not two runs
    assert lacks("2S 3S 4S 5S 2S#2 3S#2 4S#2 5S#2", 3) == 0  # two decks: the same run twice
    assert lacks("5H 5D 5S", 4) == 6                       # three sets: two missing entirely


def _contract_position(mine, stock, discard, hand):
    """A three-player Contract Rummy position, player 0 to move in hand ``hand``."""
    return from_deal("contract", [mine, "10H#2 KC#2 9S#2 8D 7H#2 10C#2 8C#2 7D#2 8C KD#2",
                                  "2D 6S 2S#2 8H#2 5S 3D 6C 6D 10S#2 4H"],
                     stock=stock, discard=discard, hand=hand, constructed=True)


def test_the_expert_takes_a_discard_that_brings_its_contract_nearer():
    # hand 1, two sets of 3: 9C pairs with 9S, so the contract lacks one card fewer; the
    # hard player takes a discard only when it completes a meld
    import random
    from rummy_teach.game.ai import choose_action
    game = _contract_position("5H 5D 9S 2H KD 7S 3C JH QS 4D", stock="AC 4C KS", discard="9C",
                              hand=1)
    assert choose_action(game, 0, "hard", random.Random(1)) == Action.parse("draw")
    assert choose_action(game, 0, "expert", random.Random(1)) == Action.parse("take")


def test_the_expert_keeps_the_cards_of_its_contract():
    # hand 2, a set of 3 and a run of 4: the hard player lets the ace of Q-K-A go (it
    # counts 15 and pairs with no card it sees as near); the expert keeps the run and
    # lets go the jack, which belongs to nothing
    import random
    from rummy_teach.game.ai import choose_action
    game = _contract_position("9S 9C 9D QH KH AH 4C 8S 2S JC", stock="7S 4C#2 KS", discard="6H",
                              hand=2)
    game.apply("draw")
    while game.phase == "buy":
        game.apply("pass")
    assert game.current_player == 0 and game.phase == "play"
    assert choose_action(game, 0, "hard", random.Random(1)) == Action.parse("discard AH")
    assert choose_action(game, 0, "expert", random.Random(1)) == Action.parse("discard JC")


def test_the_expert_buys_only_what_brings_its_contract_within_a_card():
    # every buy brings a penalty card: the expert buys a natural card only when it then
    # lacks at most one card for its contract (the hard player buys one that completes
    # a meld of it), and a wild card always
    import random
    from rummy_teach.game.ai import choose_action

    def offer(mine, card, hand, level="expert"):
        game = from_deal("contract", ["2D 6S 2S#2 8H#2 5S 3D 6C 6D 10S#2 4H", mine,
                                      "10H#2 KC#2 9S#2 8D 7H#2 10C#2 8C#2 7D#2 8C KD#2"],
                         stock="AC 4C KS 7C#2", discard=card, hand=hand, constructed=True)
        game.apply("draw")
        assert game.phase == "buy" and game.current_player == 1
        return choose_action(game, 1, level, random.Random(1))
    near = "5H 5D 5C 9S 2H KD 7S 3C JH QS"      # a set of 5s: 9C leaves one card to find
    far = "5H 5D 9S 2H KD 7S 3C JH QS 4D"       # a pair of 5s: after 9C two cards to find
    assert offer(near, "9C", 1) == Action.parse("buy")
    assert offer(far, "9C", 1) == Action.parse("pass")
    assert offer(far, "JK", 1) == Action.parse("buy")
    pair = "9S 9D 2H KD 7S 3C JH QS 4D 5H"      # hand 4, three sets: 9C completes one of three
    assert offer(pair, "9C", 4, "hard") == Action.parse("buy")
    assert offer(pair, "9C", 4) == Action.parse("pass")


def test_the_contract_expert_never_reads_the_hidden_cards():
    # two Contract Rummy deals player 0 sees alike (an opponent's hand swapped with the
    # bottom of the stock): take, then a discard, the same in both
    mine, theirs = "5H 5D 9S 2H KD 7S 3C JH QS 4D", "10H#2 KC#2 9S#2 8D 7H#2 10C#2 8C#2 7D#2 8C KD#2"
    other, bottom = "2D 6S 2S#2 8H#2 5S 3D 6C 6D 10S#2 4H", "AC 4C KS 7C#2 QD 3H 2C 10D 6H JS"
    a = from_deal("contract", [mine, theirs, other], stock=f"8S AD {bottom}", discard="9C", constructed=True)
    b = from_deal("contract", [mine, bottom, other], stock=f"8S AD {theirs}", discard="9C", constructed=True)
    for seed in (1, 2):
        moves = _expert_moves(a, seed, moves=2)
        assert moves[0] == Action.parse("take") and moves[1].kind == "discard"
        assert _expert_moves(b, seed, moves=2) == moves


# --- melds kept in hand: the hint and the review stand on the expert's rule ---------

MELDS_AND_LOOSE = "5H 6H 7H 9S 9D 9C 2C KS QD"


def _held_position(opponent):
    game = from_deal("basic", [MELDS_AND_LOOSE, opponent], stock="AC 3C 4C", discard="8H", constructed=True)
    game.apply("draw")
    return game


def test_the_hint_keeps_melds_in_hand_where_the_expert_does_and_says_why():
    from rummy_teach.game.expert import keeps_melds
    from rummy_teach.game import Bot
    far = _held_position("2D 3D 4D 8D JC QC 10S")
    assert keeps_melds(far, 0) and Bot("expert", seed=1).act(far).kind == "discard"
    advice = hint(far, samples=4, seed=1)
    assert advice.action.kind == "discard"
    assert all(a.kind != "meld" for a, _ in advice.values)   # the coach weighs no meld here
    assert "coach_hold_melds_rummy" in advice.codes          # nothing down yet: a rummy is possible
    text = advice.text()
    assert "5♥ 6♥ 7♥" in text and "9♠ 9♦ 9♣" in text and "holds 7 cards" in text and "down to 3" in text
    near = _held_position("2D 3D 4D")
    assert not keeps_melds(near, 0)
    advice = hint(near, samples=4, seed=1)
    assert not {"coach_hold_melds", "coach_hold_melds_rummy"} & set(advice.codes)
    assert any(a.kind == "meld" for a, _ in advice.values)


def test_a_hand_with_cards_down_is_told_to_hold_without_the_rummy():
    game = from_deal("basic", ["5H 6H 7H 9S 9D 9C 2C KS", "2D 3D 4D 8D JC QC 10S"], table=[(0, "JH JS JD")],
                     to_move=0, stock="AC 3C 4C", discard="8H", constructed=True)
    game.apply("draw")
    advice = hint(game, samples=2, seed=1)
    assert "coach_hold_melds" in advice.codes and "coach_hold_melds_rummy" not in advice.codes


def test_the_review_weighs_an_early_lay_down_to_the_end_of_the_hand():
    from rummy_teach.coach.review import weigh_decision
    game = _held_position("2D 3D 4D 8D JC QC 10S")
    decision = weigh_decision(game, "meld 5H 6H 7H", samples=4, seed=1)
    # the better move is the hint's, in the same worlds
    assert decision.better == hint(game, samples=4, seed=1).action
    assert decision.better.kind == "discard"
    codes = [r.code for r in decision.reasons]
    assert "coach_hold_melds_rummy" in codes and codes[-1] == "review_hold_measured"
    assert decision.cost >= 1 and decision.reasons[-1].params["points"] == decision.cost
    # a measured number is said whole, as a teacher would: "about 18 points", not "18.0"
    assert f"about {int(decision.cost + 0.5)} points better." in decision.reasons[-1].text()


def test_laying_melds_down_at_once_is_measured_as_costly_over_many_hands():
    # the hard player lays every meld down at once; played to the end of each hand,
    # keeping them back comes out ahead on the whole (not at every single decision)
    held = []
    for seed in range(4):
        review = review_hand("basic", ["hard", "hard"], seed=seed, samples=4)
        held += [d for d in review.decisions if d.reasons[-1].code == "review_hold_measured"]
    assert len(held) >= 3 and all(d.played.kind == "meld" and d.better.kind != "meld" for d in held)
    assert sum(d.cost for d in held) > 0


def test_contract_hints_say_how_near_the_contract_a_card_brings_the_hand():
    # the expert takes 9C (it pairs with 9S: one card fewer to find) and buys a card that
    # leaves one to find; the hint says so, instead of naming a meld the card does not make
    from rummy_teach.coach.explain import reasons_for
    take = _contract_position("5H 5D 9S 2H KD 7S 3C JH QS 4D", stock="AC 4C KS", discard="9C", hand=1)
    advice = hint(take, samples=2, seed=1)
    assert advice.action == Action.parse("take") and advice.codes[0] == "coach_take_contract"
    assert advice.reasons[0].params == {"card": "9♣", "before": 3, "after": 2}
    assert "missing: 2 instead of 3" in advice.text()

    buy = from_deal("contract", ["2D 6S 2S#2 8H#2 5S 3D 6C 6D 10S#2 4H", "5H 5D 5C 9S 2H KD 7S 3C JH QS",
                                 "10H#2 KC#2 9S#2 8D 7H#2 10C#2 8C#2 7D#2 8C KD#2"],
                    stock="AC 4C KS 7C#2", discard="9C", hand=1, constructed=True)
    buy.apply("draw")
    advice = hint(buy, samples=2, seed=1)
    assert advice.action == Action.parse("buy") and advice.codes[0] == "coach_buy_contract"
    assert "missing: 1 instead of 2" in advice.text() and "makes 9♣" not in advice.text()
    assert [r.code for r in reasons_for(buy, Action.parse("pass"))] == ["coach_pass"]
