"""The engine plays exactly as it did before it was made faster (issue 29).

Every digest below was recorded from the engine of ``main`` at bd4050f, before any of
the speed-ups of branch ``games29`` (``RECORD=FOLDER pytest tests/test_engine_same_moves.py``
writes them again, with the transcripts): a faster engine must choose the same moves from the same seeds,
list the same legal actions in the same order, give the same verdicts with the same
reasons, score the same and arrange hands the same way. A digest is a SHA-256 of the
whole transcript, so any difference anywhere fails the test; the failure names the
game and the first step whose line differs only when the transcript is written out with
``RECORD=FOLDER`` (once from each engine, then ``diff -r``).

What is played (about 15 s of CPU in make test; make check plays one random game of
each variant only):

* random legal play of every variant of tests/test_game_properties.py, two seeds each,
  with its move chooser; every 3rd step the full ``legal_actions()`` list, every step
  the chosen action's verdict in English, at each hand's end the result and every
  player's view;
* whole games by the computer players at every level (``easy`` to ``expert``);
* the coach's hint on a few positions (the expert's move and the rollouts' values);
* the solver's arrangement and smallest deadwood of random hands of every rule set,
  and the Contract solver's lay-down for every hand of the ladder.
"""

import hashlib
import json
import os
import random

import pytest

from rummy_teach import make_deck
from rummy_teach.coach.hint import hint
from rummy_teach.game import new_game
from rummy_teach.game.ai import Bot
from rummy_teach.game.simulate import play_game
from rummy_teach.rules import RULE_SETS
from rummy_teach.solver import find_contract, min_deadwood
from test_game_properties import MAX_STEPS, VARIANTS, choose_action

# plays whole games: in the games lane with the other games (tests/conftest.py)
pytestmark = pytest.mark.games

#: RECORD=FOLDER writes each transcript and its digest there (to compare two engines)
RECORD = os.environ.get("RECORD")


def digest(key, lines) -> str:
    text = "\n".join(lines)
    got = hashlib.sha256(text.encode()).hexdigest()[:16]
    if RECORD:
        os.makedirs(RECORD, exist_ok=True)
        with open(os.path.join(RECORD, key + ".txt"), "w") as out:
            out.write(text)
        with open(os.path.join(RECORD, "digests.txt"), "a") as out:
            out.write(f"{key} {got}\n")
    return got


def random_play_lines(name, players, seed):
    game = new_game(name, players, seed=seed)
    rng = random.Random(seed + 7)
    lines = []
    for step in range(MAX_STEPS):
        if game.is_game_over:
            break
        if step % 3 == 0:
            lines.append("legal " + " ; ".join(a.text(ascii=True) for a in game.legal_actions()))
        action = choose_action(game, rng, step)
        verdict = game.judge(action)
        lines.append(f"{step} p{game.current_player} {action.text(ascii=True)} -> "
                     + " / ".join(r.text() for r in verdict.reasons))
        was_over = game.is_hand_over
        game.apply(action)
        if game.is_hand_over and not was_over:
            lines.append(json.dumps(game.hand_results[-1].to_dict(), sort_keys=True))
            lines += [json.dumps(game.view(p), sort_keys=True) for p in range(players)]
    lines.append(str(game))
    lines.append(json.dumps(game.history, sort_keys=True))
    return lines


RANDOM_PLAY = {
    "basic-2": ["e2e82671bd53f19d", "895012ed3a6ce371"],
    "basic-5": ["302a18dbd5ed10b4", "d94f494ada4f1c02"],
    "500-2": ["485c59c81741cad4", "26d50fc1e5740917"],
    "500-5": ["a83fc3e47778292c", "9a834cba38cd8082"],
    "500-8": ["f56cacce68148198", "1e5311bc6fe55c49"],
    "500-short-2": ["c69dc18a47be2138", "a86c280c2a5ca75a"],
    "500-short-5": ["20dd1634fc81f5e3", "a00230dd06eec872"],
    "persian-2": ["d3e262df0f6d20f2", "95815a69359f0f7c"],
    "persian-5": ["5018472e95616705", "7e95f0b24792e45a"],
    "partnership-4": ["78ca6253e92ef073", "acf57b8e0f1c939f"],
    "booting-2": ["19e15a87cd2f3b7c", "9debaa82a9a735f3"],
    "booting-5": ["803b9908584ea950", "e9224be6097a9870"],
    "contract-3": ["6a949b7364e5f7f3", "649b27fefc6dfee9"],
    "contract-5": ["028be15a2a2ce4b4", "e1a0dde239ac51e5"],
    "contract-7": ["ab90c46b939dd3df", "df5b639a6ec263c9"],
    "shanghai-3": ["deb1ed44a42371e3", "d1a6a4e01b3d5fe9"],
    "shanghai-5": ["8cc3de06063f6cd9", "dbf7c15c0d54f736"],
    "california-3": ["c5696871a626f82c", "656cbc584ac6cd60"],
    "california-5": ["82d0dc87922a6089", "325b23ce2c61155a"],
    "liverpool-3": ["daadfa39525db7a1", "b1c8df0409894b73"],
    "liverpool-5": ["3863ad8178f70cb9", "94baf52c605ca4a1"],
    "strict-no-buy-3": ["32e1b1ea40ac1dba", "0a3f0c2ea32d5901"],
    "strict-no-buy-5": ["75ec8051fd9febea", "fdc6f47705d4e482"],
    "double-progressive-3": ["fdbb2d71ad4b378e", "ec7b57d699d0b4e7"],
    "double-progressive-5": ["7d05ca3db9dcbcfe", "22e03caa52299847"],
}


@pytest.mark.parametrize("variant", VARIANTS, ids=[f"{n}-{p}" for n, p in VARIANTS])
def test_random_play_is_the_same_as_before(variant, full_run):
    """Both seeds in make test; the first only in make check (--quick), to keep it quick."""
    name, players = variant
    seeds = (1, 2) if full_run else (1,)
    got = [digest(f"random-{name}-{players}-{seed}", random_play_lines(name, players, seed)) for seed in seeds]
    assert got == RANDOM_PLAY.get(f"{name}-{players}")[:len(seeds)], got


BOT_GAMES = [("basic", ["easy", "medium", "hard"]), ("basic", ["expert", "hard"]),
             ("500", ["hard", "expert", "medium"]), ("persian", ["medium", "hard", "easy", "expert"]),
             ("booting", ["expert", "medium"]), ("contract", ["hard", "expert", "medium", "easy"]),
             ("shanghai", ["expert", "hard", "medium"]), ("california", ["medium", "expert", "hard"]),
             ("partnership", ["hard", "medium", "expert", "easy"])]

BOTS = {
    "basic-3": "c02869bf634e7e4e",
    "basic-2": "a774019dd4086ad4",
    "500-3": "b2ecd9aff087191c",
    "persian-4": "585ecf81e59cad4c",
    "booting-2": "662a47b696562928",
    "contract-4": "50ffeadceca2cc37",
    "shanghai-3": "4229f7fc8f27b3fd",
    "california-3": "8ffee71c41e8814d",
    "partnership-4": "13359486590a4623",
}


@pytest.mark.slow  # whole games of the computer players: make test, not make check
@pytest.mark.parametrize("name, levels", BOT_GAMES, ids=[f"{n}-{len(levels)}" for n, levels in BOT_GAMES])
def test_the_computer_players_play_as_before(name, levels):
    game = play_game(name, levels, seed=21)
    key = f"{name}-{len(levels)}"
    got = digest(f"bots-{key}", [json.dumps(game.history, sort_keys=True), str(game.scores), str(game.winners)])
    assert got == BOTS.get(key), got


HINTS = {
    "basic": "04e45ed35bd15dd6",
    "500": "9982a878148a2841",
    "contract": "ca81d922e81ab786",
}


@pytest.mark.slow  # the coach's rollouts: make test, not make check
@pytest.mark.parametrize("name", ["basic", "500", "contract"])
def test_the_coach_hints_as_before(name):
    lines = []
    for seed in range(2):
        game = new_game(name, 3, seed=seed)
        bots = [Bot("medium", seed=p) for p in range(3)]
        for _ in range(7 + 3 * seed):  # the position: a few moves of medium players
            game.apply(bots[game.current_player].act(game))
        advice = hint(game, samples=4, seed=seed)
        lines.append(advice.text())
        lines += [f"{a.text(ascii=True)} {v!r}" for a, v in advice.values]
    got = digest(f"hint-{name}", lines)
    assert got == HINTS.get(name), got


SOLVER = {
    "500": "1664ed7c30de338b",
    "500-short": "9c8784ba9e5ef59b",
    "basic": "c4b0e1c021de2301",
    "booting": "16d9bcaac72d646f",
    "california": "470bf032be9687f2",
    "contract": "76df488ea9d34839",
    "double-progressive": "35bc1e63d90f46f1",
    "liverpool": "2c8b9c3a08d2f10e",
    "partnership": "f49810321051f884",
    "persian": "88f8b2df406b56cd",
    "shanghai": "bd8f17aeaf85b953",
    "strict-no-buy": "e083971a4e93498b",
}


@pytest.mark.slow  # make test, not make check
@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_the_solver_answers_as_before(name):
    rules = RULE_SETS[name]
    deck = list(make_deck(*rules.deck_for(rules.min_players)))
    rng = random.Random(name)
    lines = []
    for size in (7, 10, 11, 13, 15):
        for _ in range(6):
            hand = rng.sample(deck, min(size, len(deck)))
            arrangement = rules.arrange(hand)
            lines.append(f"{' '.join(c.text(ascii=True) for c in hand)} => {arrangement} "
                         f"[{min_deadwood(rules, hand)}]")
            if rules.ladder:
                for number in range(1, len(rules.ladder) + 1):
                    found = find_contract(rules, hand, number)
                    lines.append(f"  {number}: {found.ok} " + " | ".join(m.text() for m in found.melds))
    got = digest(f"solver-{name}", lines)
    assert got == SOLVER.get(name), got
