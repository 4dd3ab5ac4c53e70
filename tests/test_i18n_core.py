"""Everything the engine says follows the language in use, parameters included (issue 16, core).

A verdict is made once and said later, perhaps in another language: its parameters hold
cards, numbers and nested :class:`Reason` values, never words. The check that proves it:
a made-up catalogue in which the *template's own* letters are turned into full-width
letters (ＡＢＣ), so that any plain ASCII word left in a rendered sentence came from a
parameter that is still an English string. Card notation (``Q♥``, ``10H``) has no
two-letter ASCII words, so it passes.
"""

from __future__ import annotations

import json
import re
import string
import subprocess
import sys

import pytest

from rummy_teach import i18n
from rummy_teach.cards import Card, SUIT_NAMES, parse_cards, rank_plural, rank_with_article
from rummy_teach.errors import NotationError, RummyError
from rummy_teach.game import Bot, new_game
from rummy_teach.melds import check_lay_off
from rummy_teach.reasons import ENGLISH, Reason, speaking
from rummy_teach.rules import RULE_SETS, get_rules

_FULL_WIDTH = {c: chr(ord(c) + 0xFEE0) for c in string.ascii_letters}


def _marked(template):
    """The template with its own letters full-width and its placeholders untouched (each
    form of a counted message)."""
    if isinstance(template, tuple):
        return tuple(_marked(form) for form in template)
    out = []
    for literal, name, spec, conversion in string.Formatter().parse(template):
        out.append("".join(_FULL_WIDTH.get(c, c) for c in literal).replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append("{" + name + (f"!{conversion}" if conversion else "")
                       + (f":{spec}" if spec else "") + "}")
    return "".join(out)


MARKED = {code: tuple(_marked(form) for form in template) if isinstance(template, tuple)
          else _marked(template) for code, template in ENGLISH.items()}
# what the move judge quotes of the transcript's action notation ('draw', 'layoff 8♠ on 1')
ACTION_NOTATION = {"draw", "take", "meld", "layoff", "discard", "buy", "pass", "end", "next", "on",
                   "low", "high", "JK"}


def words_from_params(text: str) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in ACTION_NOTATION]


def test_the_marked_catalogue_catches_an_english_parameter_and_passes_a_neutral_one():
    with speaking(MARKED):
        english = Reason("is_run", {"count": 3, "suit": "hearts", "low": "4♥", "high": "6♥"}).text()
        neutral = Reason("is_run", {"count": 3, "suit": SUIT_NAMES["H"], "low": "4♥", "high": "6♥"}).text()
    assert words_from_params(english) == ["hearts"]
    assert words_from_params(neutral) == []


# --- a corpus of real verdicts: meld checks, lay-offs, contracts, the move judge --------------

GROUPS = ["8S 8H 8D", "4H 5H 6H 7H", "QH KH AH", "KH AH 2H", "4H 5H 7H", "4H 7H JK", "8S 8H",
          "8S 9H 10D", "8S 8H 9S", "8S 8S", "JK JK JK", "8S 8H JK", "JK 4H 5H", "QS QH QD", "AS AH AD",
          "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH#2", "5H 5H#2 6H", "8S#3 8H 8D",
          "8S 8H 8D 8C 8S#2", "2H 3H JK 5H", "AH 2H KH", "8H 9H JK JK", "QC QD 4H", ""]
TABLE_MELDS = ["8S 8H 8D", "8S 8H 8D 8C", "4H 5H 6H", "JH QH KH", "JK 5H 6H", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
               "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"]
LAID_CARDS = ["9S", "8C", "7H", "3H", "AH", "JK", "8S#2", "QS", "QH"]
PROBES = ["draw", "take", "take 3", "take 40", "end", "buy", "pass", "next", "meld 2C 3C 4C | 5D 5H 5S",
          "layoff 8S on 9", "discard 8S"]


def _meld_reasons():
    for rules in RULE_SETS.values():
        for group in GROUPS:
            yield from rules.check_meld(group).reasons


def _layoff_reasons():
    for rules in RULE_SETS.values():
        for text in TABLE_MELDS:
            meld = rules.check_meld(text).meld
            if meld is None:
                continue
            for card_text in LAID_CARDS:
                card = Card.parse(card_text)
                for end in (None, "low", "high"):
                    for on_table in (None, frozenset()):
                        yield from check_lay_off(rules, meld, card, end, on_table).reasons


def _contract_reasons():
    hands = ["8S 8H 8D 9S 9H 9D 4C 5C 6C 7C", "8S 8H 8D 2C 5C KD", "4C 5C 6C 7C 9H 10H JH QH 2S 2D 2H",
             "2C 3C 4C 5C 6D 7D 8D 9D 10S JS QS KS AS"]
    for name in ("contract", "shanghai", "california"):
        rules = get_rules(name)
        for hand in range(1, len(rules.ladder) + 1):
            for cards in hands:
                for before_draw in (False, True):
                    yield from rules.holds_contract(cards, hand=hand, before_draw=before_draw).reasons


def _judge_reasons():
    for name, players in (("basic", 2), ("500", 3), ("contract", 3), ("persian", 2)):
        game = new_game(name, players=players, seed=5)
        bot = Bot("easy", seed=5)
        for _ in range(80):
            if game.is_game_over:
                break
            if game.is_hand_over:
                game = game.apply("next")
                continue
            hand = game.hand(game.current_player)
            own = [f"discard {hand[0].text(ascii=True)}", f"layoff {hand[0].text(ascii=True)} on 1",
                   "meld " + " ".join(c.text(ascii=True) for c in hand[:3])]
            for probe in PROBES + own:
                yield from game.judge(probe).reasons
            game = game.apply(bot.act(game))


def _coach_reasons():
    from rummy_teach.coach import hint
    from rummy_teach.game import from_deal

    game = from_deal("basic", ["5H 6H 7H 9S 9D 9C", "2C 3D 4S 8D JC QD 10S"],
                     stock="KC 2D 3S 4C", discard="AS", constructed=True)
    yield from hint(game, samples=2).reasons
    yield from hint(game.apply("draw"), samples=2).reasons
    game = from_deal("500", ["8S 8H 2C 5D KC QD 10S", "2D 3D 4S 8D JC QH 10C"],
                     stock="KS 2H 3S 4C 9C", discard="4H 8C", constructed=True)
    yield from hint(game, samples=2).reasons


def _all_reasons():
    return [*_meld_reasons(), *_layoff_reasons(), *_contract_reasons(), *_judge_reasons(),
            *_coach_reasons()]


@pytest.fixture(scope="module")
def corpus():
    return _all_reasons()


def _codes(reason, seen):
    seen.add(reason.code)
    for value in reason.params.values():
        if isinstance(value, Reason):
            _codes(value, seen)
    return seen


def test_the_corpus_reaches_every_kind_of_word_a_parameter_says(corpus):
    seen = set()
    for reason in corpus:
        _codes(reason, seen)
    wanted = {"ranks_8", "rank_a_8", "wild_any_suit", "suit_H", "game_basic", "game_500", "game_contract",
              "meld_kind_set", "meld_kind_run", "layoff_meld_set", "layoff_meld_run", "words_and",
              "count_2", "contract_runs", "contract_sets", "count_sets", "count_runs_of", "contract_why_best",
              "contract_have_sets", "contract_why_whole_hand", "when_after_draw", "when_before_draw",
              "layoff_why_set_rank", "layoff_why_set_full", "layoff_why_suit", "layoff_why_ace_low",
              "layoff_why_ends", "layoff_why_run_long", "coach_what_set"}
    assert wanted <= seen, sorted(wanted - seen)


def test_no_parameter_of_any_verdict_is_an_english_word(corpus):
    with speaking(MARKED):
        leftovers = {}
        for reason in corpus:
            words = words_from_params(reason.text())
            if words:
                leftovers.setdefault(reason.code, (reason.text(), words))
    assert not leftovers, leftovers


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_every_verdict_is_said_in_each_language_with_its_words_in_that_language(corpus, lang):
    catalogue = i18n.catalogue(lang)
    with i18n.language(lang):
        texts = [reason.text() for reason in corpus]     # no KeyError, no bad placeholder
        nested = [value for reason in corpus for value in reason.params.values()
                  if isinstance(value, Reason) and value.code in catalogue and not value.params]
        for value in nested:
            assert str(value) == catalogue[value.code]
    assert len(texts) == len(corpus) and nested


# --- card words ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang, eights, queens, an_eight, hearts_run", [
    ("en", "eights", "queens", "an eight", "the run 4♥ 5♥ 6♥"),
    ("it", "otto", "regine", "un otto", "la scala 4♥ 5♥ 6♥"),
    ("nl", "achten", "vrouwen", "een acht", "de reeks 4♥ 5♥ 6♥"),
])
def test_ranks_and_melds_are_named_in_each_language(lang, eights, queens, an_eight, hearts_run):
    with i18n.language(lang):
        assert f"{rank_plural(8)}" == eights and str(rank_plural(12)) == queens
        assert str(rank_with_article(8)) == an_eight
        meld = get_rules("basic").check_meld("4H 5H 6H").meld
        fits = check_lay_off(get_rules("basic"), meld, Card.parse("7H")).reasons[0]
        assert fits.code == "layoff_fits" and hearts_run in str(fits.params["meld"])


@pytest.mark.parametrize("lang, title, first, second", [
    ("en", "Basic Rummy", "two sets of 3", "one set of 3 and one run of 4"),
    ("it", "Rummy base", "due tris da 3", "un tris da 3 e una scala da 4"),
    ("nl", "Basisrummy", "twee drielingen van 3", "één drieling van 3 en één reeks van 4"),
])
def test_game_titles_and_contracts_follow_the_language(lang, title, first, second):
    rules = get_rules("contract")
    with i18n.language(lang):
        assert get_rules("basic").title == title
        assert [str(rules.contract(n).words()) for n in (1, 2)] == [first, second]
    assert str(rules.contract(2)) == "one set of 3 and one run of 4"   # the notation parse reads


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_english_notation_is_read_in_every_language(lang):
    with i18n.language(lang):
        cards = parse_cards("8S Q♦ 10H TH a♣ JK 8s#2")
        assert [c.text(ascii=True) for c in cards] == ["8S", "QD", "10H", "10H", "AC", "JK", "8S#2"]
        with pytest.raises(NotationError) as caught:
            parse_cards("8S 8X")
        said = str(caught.value)
    assert caught.value.reason.code == "notation_card_at" and "'8X'" in said
    assert ("not a card" in said) == (lang == "en")
    assert {"it": "non è una carta", "nl": "is geen kaart"}.get(lang, "not a card") in said


def test_an_error_is_said_in_the_language_in_use_when_it_is_shown():
    try:
        parse_cards("KX")
    except RummyError as error:
        caught = error
    with i18n.language("nl"):
        assert "is geen kaart" in str(caught)
    assert "is not a card" in str(caught)


# --- stored data keeps codes and neutral parameters ----------------------------------------------

def test_a_verdict_stored_as_json_holds_no_words_and_is_said_later_in_any_language():
    reasons = (get_rules("basic").check_meld("QH KH AH").reasons
               + get_rules("500").check_meld("4H 5H 6H JK").reasons
               + get_rules("contract").holds_contract("8S 8H 8D 2C 5C KD", hand=2).reasons)
    stored = json.dumps([r.to_json() for r in reasons], ensure_ascii=False)
    for word in ("Basic", "hearts", "run of", "sets of", "Rummy base"):
        assert word not in stored
    back = [Reason.from_json(data) for data in json.loads(stored)]
    for lang in ("en", "it", "nl"):
        with i18n.language(lang):
            assert [r.text() for r in back] == [r.text() for r in reasons]
    with i18n.language("it"):
        assert "Rummy base" in back[0].text()


def test_a_quiz_result_stores_reason_codes_with_neutral_params():
    from rummy_teach.quiz import Quiz

    quiz = Quiz.builtin("basic")
    question = next(q for q in quiz.questions if q.reasons and any(
        isinstance(v, Reason) for r in q.reasons for v in r.params.values()))
    result = question.check(question.answer_text)
    data = json.loads(json.dumps(result.to_dict(), ensure_ascii=False))
    assert data["reasons"], data
    assert any("reason" in value for stored in data["reasons"] for value in stored["params"].values()
               if isinstance(value, dict))
    for stored, reason in zip(data["reasons"], result.reasons):
        assert stored["code"] == reason.code
        again = Reason.from_json(stored)
        with i18n.language("nl"):
            assert again.text() == reason.text()


# --- the command line -----------------------------------------------------------------------------

def run(*args, env_lang="C.UTF-8"):
    import os

    env = {k: v for k, v in os.environ.items()
           if k not in ("RUMMY_TEACH_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env["LANG"] = env_lang
    result = subprocess.run([sys.executable, "-m", "rummy_teach.cli", *args], capture_output=True,
                            text=True, timeout=120, env=env)
    return result.returncode, result.stdout, result.stderr


@pytest.mark.parametrize("lang, verdict, game", [("it", "non è una combinazione: Q♥ K♥ A♥", "Rummy base"),
                                                 ("nl", "geen combinatie: Q♥ K♥ A♥", "Basisrummy")])
def test_the_meld_command_explains_in_italian_and_dutch(lang, verdict, game):
    code, out, err = run("meld", "--game", "basic", "--lang", lang, "QH", "KH", "AH")
    assert code == 1 and not err
    lines = out.splitlines()
    assert lines[0] == verdict
    with i18n.language(lang):
        reason = get_rules("basic").check_meld("QH KH AH").reasons[0]
        assert lines[1:] == [f"  - {reason.text()}"]
    assert reason.code == "ace_high_not_allowed" and game in lines[1] and "Basic Rummy" not in out
    english = {"the", "not", "run", "ace", "only", "before", "meld", "low", "so", "comes"}
    assert not english & set(re.findall(r"[a-z]+", out.lower())), out


def test_the_language_comes_from_the_environment_and_an_unknown_one_exits_2():
    code, out, _ = run("meld", "--game", "basic", "QH", "KH", "AH", env_lang="nl_NL.UTF-8")
    assert code == 1 and out.startswith("geen combinatie")
    code, out, err = run("meld", "--lang", "klingon", "8S", "8H", "8D")
    assert code == 2 and not out and "klingon" in err and "en, it, nl" in err and "Traceback" not in err


def test_a_bad_card_on_the_command_line_is_refused_in_the_language_asked_for():
    code, _, err = run("meld", "--lang", "it", "8S", "8X")
    assert code == 2 and "non è una carta" in err and "'8X'" in err and "si accetta" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["meld", "--game", "basic", "QH", "KH", "AH"], ["meld", "--game", "500", "4H", "5H", "6H", "JK"],
    ["arrange", "--game", "500", "8S 8H 8D 4H 5H 6H KC"], ["contract", "--game", "contract", "--hand", "2", "8S 8H 8D 2C 5C KD"],
    ["contract", "--hand", "2", "8S 8H 8D"], ["meld", "--game", "canasta", "8S"],
    ["demo"], ["meld", "8S", "8X"], ["points", "--game", "basic"],
    ["play", "--game", "basic", "--levels", "hard,hard", "--seed", "1", "--show-hands"],
    ["play", "--levels", "easy,clever"]])
def test_every_word_the_command_line_prints_comes_from_the_catalogue(argv, monkeypatch, capsys):
    from rummy_teach import cli

    marked = i18n.Catalogue("it", MARKED)
    monkeypatch.setattr(i18n, "catalogue", lambda lang: marked if lang == "it" else ENGLISH)
    cli.main([*argv, "--lang", "it"])
    out, err = capsys.readouterr()
    assert out + err
    typed = {argv[0], "canasta", "clever", "easy", "medium", "hard", "expert"}   # names typed
    notation = typed | set(re.findall(r"[A-Za-z]{2,}", " ".join(RULE_SETS)))
    assert [w for w in words_from_params(out + err) if w not in notation] == []


def test_a_refused_move_and_a_refused_meld_are_said_when_shown_and_stored_as_codes():
    from rummy_teach.errors import IllegalMeldError, IllegalMoveError
    from rummy_teach.melds import make_meld

    with pytest.raises(IllegalMoveError) as move:
        new_game("basic", players=2, seed=1).apply("discard 8S")
    with pytest.raises(IllegalMeldError) as meld:
        make_meld(get_rules("basic"), "QH KH AH")
    assert str(move.value).startswith("You can't discard 8♠ now: first draw a card")
    with i18n.language("nl"):
        assert str(move.value).startswith("8♠ afleggen mag nu niet: ")
        assert "Basisrummy" in str(meld.value) and str(meld.value).startswith("Q♥ K♥ A♥ is geen combinatie: ")
    for error in (move.value, meld.value):
        stored = json.loads(json.dumps(error.reason.to_json()))
        assert str(Reason.from_json(stored)) == str(error)


def test_the_deal_sizes_a_quiz_explains_carry_no_english_words():
    from rummy_teach.quiz import Quiz

    tables = [r for bank in ("basic", "500", "contract") for q in Quiz.builtin(bank).questions
              for r in q.reasons if r.code == "deal_table"]
    assert tables
    with speaking(MARKED):
        assert [words_from_params(r.text()) for r in tables] == [[]] * len(tables)
    with i18n.language("nl"):
        assert all("spelers" in r.text() or "ronde 1" in r.text() for r in tables)


def test_drawn_cards_are_kept_per_language_even_when_the_catalogues_are_read_again():
    """A card's picture holds its spoken name, and pictures are kept: reading the
    catalogues again (as ``i18n.sync`` does) must not let a Dutch table show cards kept
    from an Italian one (it did once, when the caches keyed on ``id()`` of the catalogue)."""
    from rummy_teach.classroom.quizview import groups
    from rummy_teach.play.board import hand_html
    from rummy_teach.render import spoken_name
    cards = parse_cards("AS 4H 10D")
    public = {"groups": [{"label": "L", "cards": "AS 4H 10D"}]}
    drawn = {}
    for lang in ("it", "nl", "it", "en"):
        i18n.catalogue.cache_clear()        # each language's catalogue read anew
        with i18n.language(lang):
            names = [spoken_name(c) for c in cards]
            hand, group = hand_html(cards), groups(public)
        assert all(name in hand and name in group for name in names), (lang, names)
        drawn.setdefault(lang, (hand, group))
        assert drawn[lang] == (hand, group)
    assert len({names for names in drawn.values()}) == 3
