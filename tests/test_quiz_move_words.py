"""A move question says the move in words, in the reader's language (the narrator's
``move_*`` sentences), never as the engine's command ("take 2", "layoff 5D on 1"); what
a learner answers is read and judged exactly as before."""

import re

import pytest

from rummy_teach import i18n
from rummy_teach.quiz import Quiz

#: the engine's commands, with cards in ASCII notation ("discard 4C"), as a prompt once quoted them
COMMAND = re.compile(r"\b(draw|take \d|layoff|(meld|discard) (10|[2-9AJQK])[SHDC])\b")
MOVES = [q for name in ("basic", "500", "contract") for q in Quiz.builtin(name) if q.kind == "move"]
#: a word of the move's own sentence, per language, by the command's verb
VERB = {"take": {"en": "digs", "it": "profondità", "nl": "diep"},
        "layoff": {"en": "lays", "it": "attaccando", "nl": "aan bij"},
        "discard": {"en": "discards", "it": "scarta", "nl": "legt"},
        "meld": {"en": "melds", "it": "cala", "nl": "neer"}}


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_every_built_in_move_prompt_says_the_move_in_words(lang):
    assert len(MOVES) >= 10
    for question in MOVES:
        with i18n.language(lang):
            prompt = question.prompt
            explained = question.explanation
        action = question.to_data()["action"]
        assert action not in prompt and not COMMAND.search(prompt), (question.id, prompt)
        assert action not in explained, (question.id, explained)
        assert VERB[action.split()[0]][lang] in prompt, (question.id, prompt)


def test_the_answer_is_judged_as_before_in_every_language():
    question = next(q for q in MOVES if q.id == "basic-take-two-deep")
    for lang in ("en", "it", "nl"):
        with i18n.language(lang):
            assert question.check("no").outcome == "right"
            assert question.check("yes").outcome == "wrong"
            assert question.check({"it": "sì", "nl": "ja", "en": "yes"}[lang]).outcome == "wrong"
    assert question.to_data()["action"] == "take 2"      # the file keeps the command


def test_a_move_reaching_below_the_discard_pile_is_said_without_a_crash():
    quiz = Quiz.from_data({"game": "500", "questions": [{
        "kind": "move", "hands": ["QH QD 7D KS KH", "JC JD JS 8D"], "discard": "3C QS",
        "stock": "3H 10S 5S", "action": "take 5", "constructed": True}]})
    [question] = list(quiz)
    assert question.answer == "no"
    with i18n.language("nl"):
        assert "de bovenste 5 kaarten van de aflegstapel" in question.prompt
    assert "takes the top 5 cards of the discard pile" in question.prompt
