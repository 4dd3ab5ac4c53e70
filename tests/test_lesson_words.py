"""What the lessons' code shows comes from the catalogue (rummy_teach/messages/lessons.py), so the
Italian and Dutch books print it in their language."""

from __future__ import annotations

import pytest

from rummy_teach import get_rules, i18n
from rummy_teach.errors import RuleOptionError
from rummy_teach.reasons import ENGLISH, say
from rummy_teach.rules import RuleSet


@pytest.mark.parametrize("lang,words", [("en", "is not offered in Rummy 500"),
                                        ("it", "non si gioca a 400 punti"),
                                        ("nl", "wordt niet tot 400 punten gespeeld")])
def test_a_target_the_game_does_not_offer_is_refused_in_the_readers_language(lang, words):
    with pytest.raises(RuleOptionError) as refused:
        get_rules("500", target=400)
    assert refused.value.reason.code == "rules_target_not_offered"
    with i18n.language(lang):
        said = str(refused.value)
    assert words in said and "300, 500, 600, 750" in said


def test_a_refused_target_leaves_the_rule_set_as_it_was():
    r500 = get_rules("500")
    with pytest.raises(RuleOptionError):
        r500.with_options(target=400)
    assert r500.target == 500 and isinstance(r500, RuleSet)


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_every_lesson_word_is_translated(lang):
    from rummy_teach.messages.lessons import LESSON_WORDS
    with i18n.language(lang):
        same = [code for code, english in LESSON_WORDS.items()
                if say(code, **{k: k for k in i18n.placeholders(english)}) ==
                say(code, ENGLISH, **{k: k for k in i18n.placeholders(english)})]
    # a word that is the same in both languages is allowed only where it is a name or notation
    assert set(same) <= {"compare_caught_value", "lesson_row_jokers", "lesson_buying_no"}, same


def test_every_lesson_numbers_its_steps_as_the_stepper_does():
    """A worked example's steps, written out on a lesson page, are labelled by the stepper's
    own words ("Step 3 of 7"), so the page and the stepper above it say a step one way."""
    import pathlib
    import re
    tutorials = pathlib.Path(__file__).resolve().parent.parent / "tutorials"
    codes = {code for page in tutorials.glob("*.md")
             for code in re.findall(r"say\('(\w+)', step=", page.read_text(encoding="utf-8"))}
    assert codes == {"stepper_counter"}
    assert "lesson_step" not in ENGLISH
    for lang, words in (("en", "Step 3 of 7"), ("it", "Passo 3 di 7"), ("nl", "Stap 3 van 7")):
        with i18n.language(lang):
            assert say("stepper_counter", step=3, last=7) == words
