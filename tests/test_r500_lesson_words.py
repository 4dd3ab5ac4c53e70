"""What the Rummy 500 lessons print comes from the catalogue (issue 26, point 4), so the Italian
and Dutch books print it in their language: r500_melds, r500_strategy and r500_variants.

Nothing is executed: the printed lines are said here from the catalogue with the numbers the
lessons print, and the lessons' sources are read to see that whatever they print or draw
goes through ``say``. (To see the real outputs, execute a lesson with ``RUMMY_TEACH_LANG``,
docs/translating.md.)
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from rummy_teach import i18n
from rummy_teach.reasons import ENGLISH, Signed, say

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ("r500_melds", "r500_strategy", "r500_variants")
CELL = re.compile(r"```\{code-cell\}[^\n]*\n(.*?)\n```", re.S)

#: each new code with the numbers (and names) a lesson prints it with, and what its line must
#: show in every language: the numbers as the lesson printed them, signs included
LINES = {
    "lesson_r500_melded_or_caught": (dict(melded=Signed(6), caught=Signed(-20), difference=26),
                                     ("+6", "-20", "26")),
    "lesson_r500_hand_line": (dict(name="Cleo", melded=0, caught=44, score=-44),
                              ("Cleo:", "0", "44", "-44")),
    "lesson_r500_dig_before_after": (dict(before=-6, after=14), ("-6", "14")),
    "lesson_r500_gap_swing": (dict(name="Ben", now=105, later=-61, swing=166),
                              ("Ben", "105", "-61", "166")),
}
#: words of the English lines that are words of the language too
SAME_WORD = {"nl": {"score"}, "it": set()}


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[^\W\d_]{2,}", text)}


def test_the_new_codes_are_the_lessons_own():
    from rummy_teach.messages import lessons as lesson_words
    assert set(LINES) <= set(lesson_words.LESSON_WORDS)
    used = set()
    for lesson in LESSONS:
        used |= set(re.findall(r"""say\(["']([a-z0-9_]+)["']""", _source(lesson)))
    assert set(LINES) <= used, set(LINES) - used
    assert used <= set(ENGLISH), used - set(ENGLISH)


@pytest.mark.parametrize("lang", ["it", "nl"])
@pytest.mark.parametrize("code", sorted(LINES))
def test_a_printed_line_has_no_english_left(code, lang):
    params, shown = LINES[code]
    english = say(code, i18n.catalogue("en"), **params)
    with i18n.language(lang):
        said = say(code, **params)
    names = {v.lower() for v in params.values() if isinstance(v, str)}
    left = (_words(english) - names - SAME_WORD[lang]) & _words(said)
    assert not left, f"{lang} {code}: {said!r} keeps English {sorted(left)}"
    for number in shown:
        assert re.search(rf"(?<![\d+-]){re.escape(number)}(?!\d)", said), (lang, code, said, number)


@pytest.mark.parametrize("lang,one", [("en", "one point"), ("it", "un punto"), ("nl", "één punt")])
def test_a_swing_of_one_point_is_said_as_one(lang, one):
    with i18n.language(lang):
        said = say("lesson_r500_gap_swing", name="Ben", now=1, later=0, swing=1)
        many = say("lesson_r500_gap_swing", name="Ben", now=2, later=0, swing=2)
    assert one in said and one not in many and "2" in many


def _source(lesson: str) -> str:
    return (ROOT / "tutorials" / f"{lesson}.md").read_text(encoding="utf-8")


def _shown_cells(lesson: str) -> list[str]:
    """The code of the lesson's cells a reader sees run (not the hidden checks)."""
    cells = []
    for body in CELL.findall(_source(lesson)):
        options = [line for line in body.splitlines() if line.startswith(":")]
        if any("remove-cell" in line for line in options):
            continue
        cells.append("\n".join(line for line in body.splitlines() if not line.startswith(":")))
    return cells


def _words_in_literal(node: ast.AST) -> str:
    """The letters a string literal or f-string writes itself, its HTML tags left out
    (an interpolated value counts as a word-free placeholder)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(part.value if isinstance(part, ast.Constant) else "{}" for part in node.values)
    else:
        return ""
    return re.sub(r"[^A-Za-z]", "", re.sub(r"<[^>]*>", "", text))


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_lesson_prints_and_draws_only_catalogue_words(lesson):
    for code in _shown_cells(lesson):
        tree = ast.parse(code)
        for node in ast.walk(tree):
            # an f-string writes no word of its own: its words come from say() or the engine
            if isinstance(node, ast.JoinedStr):
                assert not _words_in_literal(node), f"{lesson}: {ast.unparse(node)}"
            # print() prints no literal words either
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print":
                for arg in node.args:
                    assert not _words_in_literal(arg), f"{lesson}: {ast.unparse(node)}"


def test_the_check_finds_an_english_line():
    code = 'print(f"before the dig: {before}")\nx = f"<p><b>Step {k}.</b></p>"'
    tree = ast.parse(code)
    found = [n for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) and _words_in_literal(n)]
    assert len(found) == 2
