"""What a teacher and a learner can rely on in every lesson and on the rule pages.

Read from the MyST sources (no execution): goals and a time at the top, exercises
with worked answers, a "Check yourself" at the end, glossary links to terms that
exist; the rule pages mark every choice of the book; lessons never teach one of
the book's choices as if the sources had said it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "tutorials"
BOOK = ROOT / "book"
LESSONS = sorted(p for p in TUTORIALS.glob("*.md") if p.read_text(encoding="utf-8").startswith("---"))
RULE_PAGES = {"basic": BOOK / "rules" / "basic.md", "500": BOOK / "rules" / "rummy500.md",
              "contract": BOOK / "rules" / "contract.md"}
MARK = re.compile(r"\{choice\}`[a-z0-9-]+`")   # the badge of a choice (tests/test_choices.py)


def prose(text: str) -> str:
    """The text outside code cells."""
    return re.sub(r"```\{code-cell\}.*?\n```", "", text, flags=re.S)


def glossary_terms() -> set[str]:
    text = (BOOK / "glossary.md").read_text(encoding="utf-8")
    block = text.split("```{glossary}", 1)[1].split("\n```", 1)[0]
    return {line.strip().lower() for line in block.splitlines() if line and not line.startswith(" ")}


def term_targets(text: str) -> list[str]:
    targets = []
    for inner in re.findall(r"\{term\}`([^`]+)`", text):
        found = re.search(r"<([^>]+)>$", inner)
        targets.append((found.group(1) if found else inner).strip().lower())
    return targets


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_has_goals_a_time_and_a_check_yourself(lesson):
    text = lesson.read_text(encoding="utf-8")
    top = text[:text.index("```{code-cell}")]
    assert "**What you will learn**" in top
    assert re.search(r"\*\*Time:\*\* about \d+ minutes", top)
    end = text[text.index("## Check yourself"):]
    questions = re.findall(r"^\d+\. ", end, flags=re.M)
    assert len(questions) >= 6, "three questions and three answers"
    assert ":::{admonition} Answers\n:class: dropdown" in end


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_exercise_has_a_worked_answer_in_words(lesson):
    text = lesson.read_text(encoding="utf-8")
    numbers = re.findall(r"```\{admonition\} Exercise (\d+)", text)
    for number in numbers:
        found = re.search(rf":::\{{admonition\}} Solution to exercise {number}\n:class: dropdown\n(.*?)\n:::",
                          text, flags=re.S)
        assert found, f"exercise {number} has no solution"
        words = re.findall(r"[A-Za-z]+", found.group(1))
        assert len(words) >= 10, f"exercise {number}: the solution should explain, not just answer"


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_links_glossary_terms_that_exist(lesson):
    targets = term_targets(prose(lesson.read_text(encoding="utf-8")))
    assert targets, "link the lesson's key terms to the glossary at their first use"
    assert set(targets) <= glossary_terms(), set(targets) - glossary_terms()


def test_glossary_has_the_words_of_play():
    needed = {"dig", "must-use card", "booting", "penalty points", "wild card", "void hand",
              "first refusal", "buy", "contract", "lay off", "deadwood", "stock", "cut"}
    assert needed <= glossary_terms()


# The book's choices (RULES.md "Decision" lines) a lesson might state as plain rules.
# (Rummy 500's ace left in hand at 15 is not one: the source implies it.)
CHOICES = [r"exactly the contract's\s+number of\s+melds", r"new\*? meld after",
           r"Two runs may be in the same suit", r"several players call .buy.",
           r"how a booting player must go out", r"queen caught in your hand costs 25",
           r"12, as in hands 5 to\s+7", r"first to start the discard pile|start the discard pile counts",
           r"at least one", r"in hands 1 to 6 you may go out"]


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_lessons_mark_the_books_choices(lesson):
    for paragraph in re.split(r"\n\s*\n", prose(lesson.read_text(encoding="utf-8"))):
        flat = " ".join(paragraph.split())
        for choice in CHOICES:
            if re.search(choice, flat, flags=re.I):
                assert MARK.search(flat), f"{choice!r} taught as a plain rule: {flat[:200]}"


@pytest.mark.parametrize("game, facts", [
    ("basic", ["as it lies, without shuffling", "third time", "void hand", "10 | ", "exactly level"]),
    ("500", ["lowest card deals", "five or more players", "stock runs out", "must-use card",
             "scores for you", "13 each"]),
    ("contract", ["three packs and six jokers", "right cuts", "highest card deals",
                  "When the stock runs out", "first refusal", "penalty card", "13 cards"]),
])
def test_rule_pages_teach_what_the_sources_state(game, facts):
    text = " ".join(RULE_PAGES[game].read_text(encoding="utf-8").split())
    for fact in facts:
        assert fact.lower() in text.lower(), fact


@pytest.mark.parametrize("game, least", [("basic", 2), ("500", 7), ("contract", 16)])
def test_rule_pages_mark_every_choice_of_the_book(game, least):
    """Each rule page marks its game's choices with the badge (which ones, and that each
    has its row on book/choices.md: tests/test_choices.py)."""
    text = RULE_PAGES[game].read_text(encoding="utf-8")
    assert len(set(MARK.findall(text))) >= least


def test_each_game_has_a_one_page_summary_and_print_css():
    for page in ("basic_card", "rummy500_card", "contract_card"):
        text = (BOOK / "rules" / f"{page}.md").read_text(encoding="utf-8")
        assert "```{container} rules-card" in text
        assert len(text.split()) < 450, f"{page} is too long for one printed page"
    css = (BOOK / "_static" / "rules-print.css").read_text(encoding="utf-8")
    assert "@media print" in css and ".bd-sidebar-primary" in css


def test_readme_links_the_rules_inside_the_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)]+)\)", readme)
    assert not [link for link in links if link.startswith("../")], "links leaving the repository"
    for page in ("book/rules/basic.md", "book/rules/rummy500.md", "book/rules/contract.md"):
        assert page in links and (ROOT / page).exists()


def test_teacher_plan_times_match_the_lessons():
    plan = (BOOK / "teachers.md").read_text(encoding="utf-8")
    times = {}
    for lesson in LESSONS:
        found = re.search(r"\*\*Time:\*\* about (\d+) minutes", lesson.read_text(encoding="utf-8"))
        times[lesson.stem] = int(found.group(1))
    compared = set()
    for row in re.findall(r"^\| [^|]+ \| (.+?) \| (.+?) \|", plan, flags=re.M):
        names = re.findall(r"tutorials/(\w+)", row[0])
        if not names:
            continue
        minutes = [int(m) for m in re.findall(r"(\d+)", row[1].split(" min")[0])]
        assert minutes == [times[n] for n in names], (names, row[1])
        compared.update(names)
    for lesson in LESSONS:
        assert f"tutorials/{lesson.stem}" in plan, lesson.stem
    # every lesson's time was compared: a plan whose rows no longer match the pattern
    # would otherwise compare none and pass
    assert compared == set(times), sorted(set(times) - compared)


def _answers(stem: str) -> str:
    text = (TUTORIALS / f"{stem}.md").read_text(encoding="utf-8")
    return " ".join(text[text.index("## Check yourself"):].split())


def test_check_yourself_answers_agree_with_the_engine():
    from rummy_teach import get_rules

    basic, r500, contract = get_rules("basic"), get_rules("500"), get_rules("contract")
    assert basic.cards_dealt(4) == 7 and "7 each" in _answers("basic_turn")
    assert basic.stock_turnovers == 2 and "void" in _answers("basic_turn")
    assert basic.hand_points("JS 10D 4C AH") == 25 and "= 25 points" in _answers("basic_scoring")
    assert not basic.check_meld("QH KH AH").ok and basic.max_set == 4
    assert r500.meld("QH KH AH").points(r500) == 35 and r500.meld("AH 2H 3H").points(r500) == 6
    assert "35 (10 + 10 + 15" in _answers("r500_melds") and "6 (1 + 2 + 3" in _answers("r500_melds")
    assert 40 - r500.hand_points("KS 9D") == 21 and "40 - 19 = 21" in _answers("r500_melds")
    assert contract.hand_points("JK AS 7C") == 45 and "25 + 15 + 5 = 45" in _answers("contract_jokers")
    assert str(contract.contract(6)) == "one set of 3 and two runs of 4" and contract.contract_hand(6).dealt == 12
    assert not contract.check_meld("QH KH AH").ok and contract.check_meld("JH QH KH AH").ok
    assert contract.buy_penalty_cards == 1 and "Two: the discard and a penalty card" in _answers("contract_play")
