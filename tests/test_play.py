"""The widgets' controllers (rummy_teach.play): the logic the kernel's widgets and the
book's pages share, tested without a browser or a widget library."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys

import pytest

from rummy_teach.game import Action
from rummy_teach.play import PlayError, dispatch, from_config, page_html
from rummy_teach.play.meld import MeldCheckerController
from rummy_teach.play.quiz import QuizController
from rummy_teach.play.stepper import StepperController
from rummy_teach.play.table import TableController
from rummy_teach.quiz import Quiz


def test_controllers_import_no_widget_library():
    code = ("import sys, rummy_teach.play as p; p.from_config({'kind': 'table'}); "
            "p.from_config({'kind': 'meld_checker'}); "
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('IPython', 'ipywidgets', 'anywidget', 'traitlets', 'ipykernel')]; assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("controller", [
    StepperController("thirty_points", step=2),
    MeldCheckerController("500", "7H 8H 9H"),
    QuizController(Quiz.builtin("basic")),
    TableController("basic", 2, levels="easy", seed=7, dealer=1),
], ids=lambda c: c.kind)
def test_a_configuration_rebuilds_the_same_view(controller):
    again = from_config(json.loads(json.dumps(controller.config())))
    assert again.html() == controller.html()
    element = page_html(controller)
    assert f'data-kind="{controller.kind}"' in element and "data-config=" in element


def test_a_table_rebuilt_in_a_page_replays_the_computers_opening_moves():
    table = TableController("basic", 2, levels="easy", seed=3, dealer=0)   # the computer starts
    table.run_bots()
    again = from_config(table.config())
    assert again.log_lines == table.log_lines and again.log_lines
    assert again.game.hand(0) == table.game.hand(0)


def test_the_stepper_carries_every_step_with_each_picture_once():
    stepper = StepperController("thirty_points")
    element = page_html(stepper)
    assert element.count("<template data-view=") == stepper.last + 1
    pictures = element.split("<template data-pictures>")[1].split("</template>")[0]
    assert pictures.count("<svg") == len(set(pictures.split("</svg>"))) - 1   # each once
    stepper.handle("go", "11")
    assert "Step 11 of 11" in stepper.html() and "you score 30" in stepper.html()
    with pytest.raises(PlayError):
        stepper.handle("go", "12")


def test_the_meld_checker_shows_the_engines_verdict_and_drops_what_a_game_lacks():
    checker = MeldCheckerController("basic", "QH KH AH")
    assert "the ace is low only" in checker.html()
    checker.handle("card", "AH")
    checker.handle("card", "JH")
    assert checker.verdict_text().splitlines()[0] == "Q♥ K♥ J♥: a legal run"
    checker = MeldCheckerController("contract", "7S JK 9S")
    checker.handle("game", "basic")
    assert [str(c) for c in checker.selected] == ["7♠", "9♠"]


def test_the_quiz_scores_right_and_wrong_and_explains_with_the_engine():
    bank = Quiz.builtin("basic")
    choices = [q for q in bank.questions if q.to_public()["input"] == "choice"][:2]
    ctl = QuizController(Quiz(choices, title="two"))

    def options(question):
        found = {question.check(o).outcome: o for o in question.to_public()["options"]}
        return found["right"], found["wrong"]

    right, wrong = options(choices[0])
    ctl.handle("next")                       # nothing to go on to before an answer
    assert ctl.position == 0
    ctl.handle("choose", right)
    ctl.handle("submit")
    assert "Score: 1 right, 0 wrong" in ctl.html() and "Right!" in ctl.html()
    ctl.handle("choose", wrong)              # an answered question no longer changes
    assert ctl.choice == right
    ctl.handle("next")
    ctl.handle("choose", options(choices[1])[1])
    ctl.handle("submit")
    explained = choices[1].check(options(choices[1])[1]).explanation
    assert ctl.closed and "1 right, 1 wrong" in ctl.html() and "Not quite." in ctl.html()
    assert explained.splitlines()[0][:40] in ctl.html().replace("&#x27;", "'")


def test_an_unreadable_quiz_answer_is_not_counted():
    quiz = Quiz.builtin("basic")
    number = next(i for i, q in enumerate(quiz.questions) if q.to_public()["input"] == "number")
    ctl = QuizController(Quiz([quiz.questions[number]]))
    ctl.handle("submit", fields={"text": "thirty"})
    assert not ctl.closed and "Try again" in ctl.html() and "0 right, 0 wrong" in ctl.html()
    assert 'value="thirty"' in ctl.html()    # what was typed stays in the box


def test_the_table_refuses_a_forbidden_move_with_a_reason_and_changes_nothing():
    table = TableController("basic", 2, levels="easy", seed=7, dealer=1)
    table.handle("press", "draw")
    assert table.log_lines[0].startswith("You draw ")
    before = (table.game.hand(0), table.game.phase, list(table.log_lines))
    table.handle("region", "stock")          # a second draw
    assert table.message and (table.game.hand(0), table.game.phase, table.log_lines) == before
    card = table.game.hand(0)[0]
    table.handle("card", card.text(ascii=True))
    table.handle("press", "discard")
    # the computer answered at once, and it is the learner's turn again (or the hand is over)
    assert table.game.current_player == 0 or table.game.is_hand_over
    assert any(line.startswith("Computer ") for line in table.log_lines)


def test_dispatch_answers_errors_in_words_and_keeps_the_state():
    config = TableController("basic", 2, levels="easy", seed=7, dealer=1).config()
    answer = json.loads(dispatch(json.dumps({"widget": "t1", "config": config, "act": "fly"})))
    assert "fly" in answer["error"]
    answer = json.loads(dispatch(json.dumps({"widget": "t1", "config": config,
                                             "act": "press", "arg": "draw"})))
    assert "You draw" in answer["html"]
    answer = json.loads(dispatch(json.dumps({"widget": "t1", "config": config,
                                             "act": "card", "arg": "XX"})))
    assert "XX" in answer["error"]
    assert "error" in json.loads(dispatch("not json"))
    assert "kind" in json.loads(dispatch(json.dumps({"widget": "z", "config": {"kind": "nope"}})))["error"]


def test_a_prepared_widget_answers_its_first_event_as_a_fresh_one_would():
    # the page builds each controller ahead of the first click (act null): that request
    # answers nothing to draw, and the click after it sees the table as dealt
    config = TableController("basic", 2, levels="easy", seed=7, dealer=1).config()
    prepared = json.loads(dispatch(json.dumps({"widget": "p1", "config": config, "act": None})))
    assert prepared == {"prepared": True}
    first = json.loads(dispatch(json.dumps({"widget": "p1", "config": config,
                                            "act": "press", "arg": "draw"})))
    fresh = json.loads(dispatch(json.dumps({"widget": "p2", "config": config,
                                            "act": "press", "arg": "draw"})))
    assert "You draw" in first["html"] and first == fresh
    # a request with no act at all is still an event the table cannot read
    assert "error" in json.loads(dispatch(json.dumps({"widget": "p3", "config": config})))


def _step(widget: str, config: dict) -> dict:
    return json.loads(dispatch(json.dumps({"widget": widget, "config": config, "act": None,
                                           "step": True})))


def test_a_quiz_is_built_ahead_one_question_per_step_and_answers_as_one_built_at_once():
    # issue 27: the page builds a quiz ahead of the reader a step at a time, so that a click
    # on another widget never waits for the whole quiz (the worker runs one thing at a time)
    config = json.loads(json.dumps(QuizController(Quiz.builtin("basic")).config()))
    count = len(config["quiz"]["questions"])
    answers = [_step("qs1", config) for _ in range(count)]
    assert answers[:-1] == [{"prepared": False}] * (count - 1) and answers[-1] == {"prepared": True}
    assert _step("qs1", config) == {"prepared": True}       # built: a later step is no work
    built = json.loads(dispatch(json.dumps({"widget": "qs1", "config": config,
                                            "act": "choose", "arg": "set"})))
    at_once = json.loads(dispatch(json.dumps({"widget": "qs2", "config": config,
                                              "act": "choose", "arg": "set"})))
    assert "html" in built and built == at_once
    # the reader's own event on a half-built quiz finishes the build first
    assert _step("qs3", config) == {"prepared": False}
    half = json.loads(dispatch(json.dumps({"widget": "qs3", "config": config,
                                           "act": "choose", "arg": "set"})))
    assert half == at_once
    # a table dealt at its first hand has no steps: one step builds it
    table = TableController("basic", 2, levels="easy", seed=7, dealer=1).config()
    assert _step("ts1", table) == {"prepared": True}


def test_a_table_that_starts_at_hand_seven_is_built_ahead_a_few_moves_per_step():
    # issue 27: the six hands the computer plays before Contract Rummy's hand-7 table were
    # one step (0.9 s of the page's Python), which a click on another widget waited behind
    config = json.loads(json.dumps(TableController("contract", 3, hand=7, seed=5).config()))
    steps = 1
    while _step("h7", config) == {"prepared": False}:
        steps += 1
    assert steps > 3 * 6        # more than three steps for each of the six hands before
    stepped = json.loads(dispatch(json.dumps({"widget": "h7", "config": config,
                                              "act": "press", "arg": "draw"})))
    at_once = json.loads(dispatch(json.dumps({"widget": "h7b", "config": config,
                                              "act": "press", "arg": "draw"})))
    assert "html" in stepped and stepped == at_once


def test_a_quiz_step_that_cannot_read_its_question_says_why_and_starts_afresh():
    config = json.loads(json.dumps(QuizController(Quiz.builtin("basic")).config()))
    questions = config["quiz"]["questions"][:2] + [{"kind": "nope"}]
    bad = {**config, "quiz": {**config["quiz"], "questions": questions}}
    said = [_step("qb", bad) for _ in range(3)]
    assert said[:2] == [{"prepared": False}] * 2
    assert "question 3" in said[2]["error"] and "nope" in said[2]["error"]
    assert _step("qb", bad) == {"prepared": False}          # afresh, not stuck half built
    # the same quiz built at once says the same
    at_once = json.loads(dispatch(json.dumps({"widget": "qb2", "config": bad, "act": None})))
    assert at_once["error"] == said[2]["error"]
    # an id used twice is refused as when the quiz is built at once
    twice = {**config, "quiz": {**config["quiz"], "questions": [config["quiz"]["questions"][0]] * 2}}
    steps = [_step("qt", twice) for _ in range(2)]
    at_once = json.loads(dispatch(json.dumps({"widget": "qt2", "config": twice, "act": None})))
    assert steps[0] == {"prepared": False} and "error" in steps[1] and "error" in at_once


def test_warm_imports_every_controller_kind():
    # in a fresh interpreter, as in the page's worker: none imported before, all after
    code = ("import sys, rummy_teach.play as play\n"
            "kinds = [f'rummy_teach.play.{m}' for m in ('meld', 'quiz', 'stepper', 'table')]"
            " + ['rummy_teach.quiz', 'rummy_teach.quiz.fileformat']\n"
            "before = [k in sys.modules for k in kinds]\n"
            "play.warm()\n"
            "print(before, [k in sys.modules for k in kinds])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    before, after = out.stdout.strip().split("] [")
    assert "True" not in before and "False" not in after and after.count("True") == 6, out.stdout


_AFTER_WARM = """
import json, sys
import rummy_teach.play as play
from rummy_teach import render, solver
from rummy_teach.i18n import catalogue
from rummy_teach.play.quiz import QuizController
from rummy_teach.play.table import TableController
from rummy_teach.quiz import Quiz
play.warm(ahead=AHEAD)
tables = solver.tables_built()
shapes = render.shapes_placed()
catalogues = catalogue.cache_info().misses
modules = set(sys.modules)
def ask(**request):
    return json.loads(play.dispatch(json.dumps(request)))
def build(widget, config):
    steps = 1
    while ask(widget=widget, config=config, act=None, step=True) == {"prepared": False}:
        steps += 1
    return steps
config = QuizController(Quiz.builtin("basic")).config()
steps = build("q", config)
own = json.loads(json.dumps(config))          # a teacher's own: the same questions, another order
own["quiz"]["questions"].reverse()
own_steps = build("q2", own)
table = TableController("basic", 2, levels="easy", seed=7, dealer=1).config()
ask(widget="t", config=table, act="start")
moves = []
html = ask(widget="t", config=table, act="press", arg="draw")["html"]
card = html.split('data-card="')[1].split('"')[0]      # the first card of the hand
ask(widget="t", config=table, act="card", arg=card)
html += ask(widget="t", config=table, act="press", arg="discard")["html"]
moves = [said for said in ("You draw", "You discard", "Computer dr") if said in html]
ask(widget="t2", config=table, act="start", lang="it")         # a page of the Italian book
ask(widget="t3", config=table, act="start", lang="nl")
print(json.dumps({"steps": steps, "own_steps": own_steps, "moves": moves, "built_tables": solver.tables_built() - tables, "warm_tables": tables,
                  "catalogues_read": catalogue.cache_info().misses - catalogues,
                  "warm_shapes": shapes, "placed": render.shapes_placed() - shapes,
                  "imported": sorted(m for m in set(sys.modules) - modules
                                     if m.startswith("rummy_teach"))}))
"""


def _after_warm(ahead: bool) -> dict:
    code = _AFTER_WARM.replace("AHEAD", repr(ahead))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_snapshots_warm_leaves_the_quiz_and_the_table_nothing_to_import_or_build():
    # The book's memory snapshot runs warm(ahead=True): afterwards the page's built-in
    # basic quiz is built in one step (built and kept by the snapshot: no background step
    # left for a click to wait behind, issue 27); a teacher's own quiz built a question at
    # a time and a turn played import no module of the engine (compiled from source in the
    # page), build no solver table (half a second each on a slow device: it made the 17th
    # step of the quiz's build the slow one, issue 27) and place no card shape anew (most
    # of the first table's drawing), and read no language's catalogue from its .po file
    count = len(Quiz.builtin("basic").questions)
    after = _after_warm(True)
    assert (after["steps"], after["own_steps"]) == (1, count), after
    assert after["moves"] == ["You draw", "You discard", "Computer dr"], after   # it answered
    assert after["warm_tables"] > 0 and after["built_tables"] == 0, after
    assert after["imported"] == [], after
    assert after["warm_shapes"] > 0 and after["placed"] == 0, after
    assert after["catalogues_read"] == 0, after               # the Italian and Dutch pages too
    # without a snapshot, warm() builds no table up front: the quiz builds what it needs
    plain = _after_warm(False)
    assert (plain["steps"], plain["own_steps"]) == (count, count), plain
    assert plain["warm_tables"] == 0 and plain["built_tables"] > 0, plain
    assert plain["warm_shapes"] == 0 and plain["placed"] > 0, plain
    assert plain["catalogues_read"] == 2, plain


def test_the_page_element_carries_the_status_words_from_the_catalogue():
    from rummy_teach.reasons import say

    element = page_html(TableController("basic", 2, seed=3))
    words = json.loads(html.unescape(re.search(r'data-words="([^"]*)"', element).group(1)))
    assert words == {"starting": say("play_starting"), "failed": say("play_failed"),
                     "failed_file": say("play_failed_file"), "failed_load": say("play_failed_load"),
                     "failed_event": say("play_failed_event"), "dealing": say("play_dealing")}
    assert words["starting"].startswith("Starting the rules engine")


def test_the_transcript_and_the_table_log_speak_with_one_narrator():
    from rummy_teach.game.narrate import describe_move
    from rummy_teach.game.transcript import transcript

    lines = transcript("basic", ["hard", "easy"], seed=7)
    assert any(line.strip().startswith("Player 2 draws from the stock.") for line in lines)
    assert any("Hand 1 over: Player" in line and "This hand:" in line for line in lines)
    table = TableController("basic", 2, levels="easy", seed=7, dealer=1)
    assert describe_move(table.game, 1, Action("draw"), table.names) == "Computer draws from the stock."


def test_take_on_an_empty_discard_pile_is_refused_with_the_judges_reason_not_a_crash():
    # Basic Rummy just after the pile was turned over into the stock: nothing to take
    from rummy_teach.game.setup import from_deal

    game = from_deal("basic", ["2C 3D 9C JD 4H 5H 6H KD QS 7S", "QD 9S AC 2S 3S 4S 5D 6D 10H 8C"],
                     discard="", stock=32)
    table = TableController.from_game(game, levels="easy")
    before = (game.hand(0), game.stock_size, table.log_lines[:])
    table.handle("press", "take")
    assert table.message == ("You can't take the top card of the discard pile now: "
                             "the discard pile is empty, so there is nothing to take.")
    assert (game.hand(0), game.stock_size, table.log_lines) == before


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_a_kept_built_in_quiz_answers_as_the_quiz_built_a_question_at_a_time(monkeypatch, lang):
    """The snapshot's kept quizzes (keep_builtin_quizzes) change when a quiz is built, not
    what it says: two pages, one with the quiz kept, one building it in steps, answer the
    same clicks with the same HTML, and two widgets of one kept quiz keep their own score."""
    from rummy_teach.play import quiz as play_quiz

    config = QuizController(Quiz.builtin("contract")).config()
    first = Quiz.builtin("contract").questions[0].to_public()["options"][0]

    def page(widget):
        steps = 1
        while json.loads(dispatch(json.dumps({"widget": widget, "config": config, "act": None,
                                              "step": True, "lang": lang}))) == {"prepared": False}:
            steps += 1
        said = [json.loads(dispatch(json.dumps({"widget": widget, "config": config, "act": act,
                                                "arg": arg, "lang": lang})))["html"]
                for act, arg in (("choose", first), ("submit", ""), ("next", ""))]
        return steps, said

    built_steps, built = page(f"built-{lang}")
    monkeypatch.setattr(play_quiz, "KEPT", {})
    play_quiz.keep_builtin_quizzes(["contract"])
    kept_steps, kept = page(f"kept-{lang}")
    again_steps, again = page(f"kept-again-{lang}")
    assert (built_steps, kept_steps, again_steps) == (len(Quiz.builtin("contract").questions), 1, 1)
    assert kept == built == again
