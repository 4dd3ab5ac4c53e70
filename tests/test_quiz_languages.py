"""Every built-in question speaks Italian and Dutch: prompt, options, form, card labels, both
feedbacks, the explanation, the rule and the note, and the hints for an unreadable answer.

Two checks. With a made-up language that wraps every catalogue message in ⟦ ⟧ (as
tests/test_words_everywhere.py does), nothing a question says may be left outside the
wrapping: a sentence typed into the quiz code instead of the catalogue shows up by name.
With the real Italian and Dutch catalogues, every code the quizzes added is translated
(no English fallback), and each question reads differently from its English.
"""

from __future__ import annotations

import functools
import re

import pytest

from rummy_teach import i18n
from rummy_teach.quiz import Quiz
from rummy_teach.quiz.banks import BANKS
from rummy_teach.quiz.words import decode, encode
from rummy_teach.messages.quiz import QUIZ_WORDS
from rummy_teach.reasons import ENGLISH, speaking
from rummy_teach.rules import RULE_SETS
from test_words_everywhere import english_left

PSEUDO = {code: tuple(f"⟦{form}⟧" for form in template) if isinstance(template, tuple)
          else f"⟦{template}⟧" for code, template in ENGLISH.items()}   # a counted message: each form
PLAYERS = ("Ann", "Ben", "Cleo", "Dana", "Eli", "Fay", "Gus", "Hana")
TITLES = tuple(rules.title for rules in RULE_SETS.values())


@functools.lru_cache(maxsize=None)
def built(bank: str) -> Quiz:
    """A bank made once: a question keeps codes, not words, so one object serves every
    language (that it does is what these tests check)."""
    return Quiz.builtin(bank)


def _questions():
    return [(bank, question.id) for bank in BANKS for question in built(bank)]


def wrong_answer(question) -> str:
    """An answer the question reads and judges wrong (so both feedbacks are seen)."""
    public = question.to_public()
    for option in public["options"]:
        if question.check(option).outcome == "wrong":
            return option
    for text in ("none", "7", "-3", "99", "A", "8S", f"{public['options'][0] if public['options'] else 'x'} 99"):
        if question.check(text).outcome == "wrong":
            return text
    raise AssertionError(f"no wrong answer found for {question.id}")


def everything_said(question) -> list[str]:
    """What a learner reads of a question, before and after answering, in the language in use."""
    public = question.to_public()
    said = [public["prompt"], public["form"], public["game_title"], *public["labels"].values(),
            *(group["label"] for group in public["groups"])]
    right = question.check(question.answer_input)
    wrong = question.check(wrong_answer(question))
    unreadable = question.check("?!")
    assert right.outcome == "right" and wrong.outcome == "wrong", question.id
    assert unreadable.outcome == "unreadable", question.id
    for result in (right, wrong):
        said += [result.feedback, result.correct, result.explanation, result.rule, result.note,
                 result.given]
    said.append(unreadable.hint)
    return said


def _not_ours(question) -> list[str]:
    """Words that are notation, names or the core's own, not sentences of the quiz: the
    player names, the move as typed in the engine's notation (“meld 8S 8H 8D”), and the
    contract as the engine's Contract writes it (the core's part of issue 16)."""
    words = list(PLAYERS) + list(TITLES)
    if getattr(question, "action", None):
        words.append(question.action)
    if question.kind == "contract":
        words.append(str(question.contract))
    for step in getattr(question, "_scene_args", {}).get("before", ()):
        words.append(step)
    return words


@pytest.mark.parametrize("bank, question_id", _questions())
def test_every_built_in_question_says_nothing_outside_the_catalogue(bank, question_id):
    question = built(bank)[question_id]
    with speaking(PSEUDO):
        said = everything_said(question)
    assert any("⟦" in text for text in said)
    # the engine's own reasons (meld checks, the judge) are other codes: wrapped as well
    left = english_left("\n".join(said), _not_ours(question))
    # card notation is notation: 8♠, K-A-2, JK, 8S#2 (English letters, as in every language)
    left = [w for w in left if not re.fullmatch(r"(JK|[AJQK])", w)]
    assert not left, f"{question_id}: words outside the catalogue: {sorted(set(left))}"


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_every_code_the_quizzes_added_is_translated(lang):
    ours = set(QUIZ_WORDS)
    problems = [line for line in i18n.problems(lang) if line.split(":")[0] in ours]
    assert problems == []
    table = i18n.catalogue(lang)
    assert ours <= set(table)


@pytest.mark.parametrize("lang", ["it", "nl"])
@pytest.mark.parametrize("bank", sorted(BANKS))
def test_every_built_in_question_reads_in_the_language(lang, bank):
    quiz = Quiz.builtin(bank)
    english = {q.id: everything_said(q) for q in quiz}
    rules = {q.id: q.rule for q in quiz}
    title = quiz.title
    with i18n.language(lang):
        assert quiz.title != title
        for question in quiz:
            said = everything_said(question)
            prompt, form = said[0], said[1]
            assert prompt != english[question.id][0], f"{question.id}: the prompt is English"
            assert form != english[question.id][1], f"{question.id}: the form is English"
            result = question.check(question.answer_input)
            assert result.rule and result.rule != rules[question.id], question.id


def test_a_question_reads_in_whichever_language_is_in_use():
    question = Quiz.builtin("basic")["basic-qka"]
    with i18n.language("it"):
        italian = (question.prompt, question.check("run").explanation)
    with i18n.language("nl"):
        dutch = (question.prompt, question.check("run").explanation)
    assert italian[0].startswith("Nel Rummy base") and "scala" in italian[0]
    assert dutch[0].startswith("Is dit bij Basisrummy") and "reeks" in dutch[0]
    assert question.prompt.startswith("In Basic Rummy")


def test_answers_are_read_in_every_language_whatever_the_page_speaks():
    quiz = Quiz.builtin("basic")
    meld, contract = quiz["basic-eights"], Quiz.builtin("contract")["contract-hand-1-a"]
    for lang in ("en", "it", "nl"):
        with i18n.language(lang):
            assert meld.check("tris").right and meld.check("drieling").right
            assert meld.check("set").right and meld.check("8S") .outcome == "unreadable"
            assert contract.check("sì").right and contract.check("ja").right
            assert quiz["basic-qka"].check("nessuna combinazione").right
            assert quiz["basic-qka"].check("geen combinatie").right
            winner = quiz["basic-two-player-hand"]
            assert winner.check("Tu 30").right and winner.check("Jij 30").right
            assert winner.check("You 30").right
    with i18n.language("it"):
        hint = quiz["basic-eights"].check("forse").hint
    assert "tris, scala, nessuna combinazione" in hint


def test_rules_and_notes_are_stored_as_codes_and_read_back_in_any_language():
    question = Quiz.builtin("500")["500-game-end-tie"]
    assert question.rule_key in QUIZ_WORDS and question.rule_key.startswith("quizbank_")
    data = question.to_data()
    assert data["rule"] == question.rule_key
    assert data["note"] == "quizbanknote_500_game_end_tie"
    made = Quiz.builtin("basic")["basic-spades-5-6-8"]      # a rule the engine's verdict names
    stored = made.rule_key
    assert stored.startswith("{") and "Basic" not in stored
    with i18n.language("nl"):
        assert str(decode(stored)) == made.rule and "reeks" in made.rule
    with i18n.language("it"):
        assert str(decode(stored)) == made.rule and "scala" in made.rule
    assert decode("the ace is low only") == "the ace is low only"    # a teacher's own rule
    assert decode("gap") == "gap" and decode('{"code": "gap"}') == '{"code": "gap"}'
    question = Quiz.from_data({"format": "rummy-teach-quiz/1", "game": "basic", "questions": [
        {"kind": "meld", "cards": "8S 8H 8D", "rule": "gap", "note": "{not json"}]})[0]
    assert question.rule == "gap" and question.note == "{not json"
    assert encode(decode(stored)) == stored


# --- one stored form for a nested reason (quiz/words.py writes what Reason.to_json writes) ----

#: rules of built-in questions as quiz files and the classroom store kept them before the
#: two stored forms became one: a nested reason was a bare {"code", "params"}
OLDER_FORM = {
    "contract-qka": '{"code":"quizrule_too_few_cards","params":{"game":{"game":"contract"},'
                    '"kind":{"code":"meld_kind_run","params":{}},"minimum":4}}',
    "basic-which-melds": '{"items":[{"code":"quizrule_set_size_or","params":{"game":{"game":"basic"},'
                         '"least":3,"most":4}},{"code":"quizrule_ace_high_not_allowed","params":'
                         '{"game":{"game":"basic"}}},{"code":"quizrule_ace_low_every","params":{}},'
                         '{"code":"quizrule_wraps_around","params":{"game":{"game":"basic"}}},'
                         '{"code":"quizrule_too_few_cards","params":{"game":{"game":"basic"},"kind":'
                         '{"code":"meld_kind_set","params":{}},"minimum":3}}],"join":"; "}',
}


def _question(qid):
    return Quiz.builtin(qid.split("-")[0])[qid]


def test_a_nested_reason_is_stored_as_reason_to_json_stores_it():
    import json

    from rummy_teach.reasons import Reason

    qka = _question("contract-qka")
    assert json.loads(qka.rule_key) == qka.rule_words.to_json()
    assert json.loads(qka.rule_key)["params"]["kind"] == {"reason": {"code": "meld_kind_run",
                                                                     "params": {}}}
    which = _question("basic-which-melds")
    items = json.loads(which.rule_key)["items"]
    assert items == [{"reason": r.to_json()} for r in which.rule_words.items]
    assert [str(Reason.from_json(i["reason"])) for i in items] == [str(r) for r in
                                                                    which.rule_words.items]


@pytest.mark.parametrize("qid", sorted(OLDER_FORM))
@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_a_rule_stored_in_the_older_form_still_reads_in_every_language(qid, lang):
    question = _question(qid)
    older = OLDER_FORM[qid]
    with i18n.language(lang):
        assert str(decode(older)) == question.rule
        data = {"format": "rummy-teach-quiz/1", "game": question.game,
                "questions": [{**question.to_data(), "rule": older, "note": older}]}
        loaded = Quiz.from_data(data)[0]
        assert loaded.rule == question.rule == loaded.note
    assert encode(decode(older)) == question.rule_key       # written again in the one form


def test_the_classroom_store_reports_a_rule_kept_in_the_older_form(tmp_path):
    from datetime import datetime, timezone

    from rummy_teach.classroom import open_store, report_text

    question = _question("contract-qka")
    with open_store(str(tmp_path / "results.db")) as store:
        store.record(session="5B", student_id="ana", student_name="Ana", quiz="contract",
                     question_id=question.id, rule=OLDER_FORM["contract-qka"], given="QH KH AH",
                     outcome="wrong", at=datetime(2026, 11, 3, 9, 0, tzinfo=timezone.utc))
        report = store.report(session="5B")
    for lang in ("it", "nl"):
        with i18n.language(lang):
            text = report_text(report, by="question")
            assert question.rule in text and "quizrule" not in text and "{" not in text


def test_a_quiz_names_each_game_by_the_engines_code_alone():
    """One code a game's name (``game_<name>``, the rule set's title): a translator who
    changes it changes it in the quizzes too, and no quiz-only copy is left to drift."""
    from rummy_teach.quiz.words import GameName
    from rummy_teach.rules import get_rules

    renamed = {code: f"«{text}»" for code, text in ENGLISH.items() if code.startswith("game_")}
    with speaking(renamed):
        for name in ("basic", "500", "contract", "500-short"):
            assert str(GameName(get_rules(name))) == get_rules(name).title == \
                f"«{get_rules(name).english_title}»"
        question = Quiz.builtin("500").questions[0]
        assert "«Rummy 500»" in question.to_public()["game_title"]
    titles = {rules.english_title for rules in RULE_SETS.values()}
    assert not [code for code, text in ENGLISH.items()
                if text in titles and not code.startswith(("game_", "book_part_"))]
