"""The choices this book makes, their page (book/choices.md) and their marks.

Where the sources are silent or leave room, the book picks a rule. Each such choice is
one row of book/choices.md, named by an id (``{choicerow}`contract-exact-melds```), and
every page that teaches it marks the sentence with ``{choice}`contract-exact-melds``` (a
badge linking to the row; book/_ext/rummy_book.py). These tests hold the three together:

* every id a page marks has its row, and every row is marked on exactly the pages its
  "taught in" cell links (so the row says truly where the choice is taught);
* every field of the engine's :class:`~rummy_teach.rules.RuleSet` is classified below,
  either as encoding choices (the row must then name the option with the value the rule
  set plays) or as a rule the sources state: a new option without a row, or without a
  word on why it needs none, fails here;
* the engine plays what the rows say, for the choices no option carries.

The checks are functions of the texts, so the last tests run them on broken copies and
insist that they complain.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from rummy_teach import get_rules
from rummy_teach.rules import RuleSet

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
CHOICES = BOOK / "choices.md"

# --- what the engine's options encode ------------------------------------------------
#: option -> {rule set: choice id}: the value the named rule set gives this option is the
#: book's choice, and the choice's row names the option with that value.
OPTION_CHOICES = {
    "first_dealer": {"basic": "basic-first-dealer", "500": "r500-first-dealer"},
    "final_discard_required": {"500": "r500-out-without-discard"},
    "contract_melds_exact": {"contract": "contract-exact-melds"},
    "melds_after_contract": {"contract": "contract-no-new-melds"},
    "go_out_by_discard": {"contract": "contract-out-by-discard"},
    "stock_exhausted": {"contract": "contract-stock-reshuffle"},
    "natural_majority": {"contract": "contract-jokers-no-limit"},
    "wild_hand_value": {"california": "california-queen-25"},
    "ladder": {"shanghai": "shanghai-eighth-hand"},
}
#: option -> why its values are the sources' rules, not the book's choices
SOURCE_OPTIONS = {
    "min_players": "players per game: stated by each source",
    "max_players": "players per game: stated by each source",
    "decks": "packs and jokers by players: stated by each source",
    "deal": "cards dealt by players (Basic, Rummy 500): stated",
    "min_set": "sets of 3 or more: stated",
    "max_set": "4 with one pack (Basic, 500); no limit with several packs (Contract): stated",
    "min_run": "runs of 3 (Basic, 500) or 4 (Contract): stated",
    "ace_high": "ace low only (Basic) or either end (500, Contract): stated",
    "wild_ranks": "jokers (Contract, Persian) or queens (California): stated",
    "hand_values": "card values: stated (Rummy 500's ace in hand at 15 is implied by the "
                   "source's own tips, RULES.md: not a choice)",
    "scoring": "how a hand is scored: stated by each source",
    "scores_melds": "Rummy 500: melds and lay-offs score for whoever laid them: stated",
    "ace_low_value": "Rummy 500: ace low 1: stated",
    "ace_high_value": "Rummy 500: ace high 15: stated",
    "wild_meld_value": "Persian: a joker 20 in a meld: stated",
    "target": "100 (Basic), 500 (Rummy 500): stated",
    "target_choices": "50-300 by 25 (Basic); 300, 600, 750 (Rummy 500): stated",
    "rummy_doubles": "Basic: a rummy doubles the score: stated",
    "discard_restriction": "Basic: the card taken may not go straight back: stated",
    "stock_turnovers": "Basic: two turnovers, the third exhaustion voids the hand: stated",
    "layoffs": "Contract: lay-offs from the turn after the contract: stated",
    "fanned_discards": "Rummy 500: the fanned pile: stated",
    "take_must_use": "Rummy 500: the picked card is used at once: stated",
    "booting_bonus": "Booting: usually 25: stated",
    "partnership": "Partnership 500: stated",
    "persian_joker_layoff": "Persian: the joker lay-off rule: stated",
    "buying": "Contract: buying, standard in most groups; none in Liverpool, strict no-buy",
    "max_buys": "Contract: at most 3 buys a hand: stated",
    "buy_penalty_cards": "Contract: one penalty card: stated",
    "lowest_score_wins": "Contract: the lowest total wins: stated",
}
#: fields that are the rule set's names, not rules
NAMES = {"name", "game", "english_title", "aliases"}


# --- reading the pages ---------------------------------------------------------------
def book_pages() -> dict[str, str]:
    """Every page of the book, by its document name ("rules/contract", "tutorials/...");
    book/tutorials is a link to the lessons."""
    paths = [*BOOK.glob("*.md"), *(BOOK / "rules").glob("*.md"), *(ROOT / "tutorials").glob("*.md")]
    return {(path.parent.name + "/" if path.parent != BOOK else "") + path.stem:
            path.read_text(encoding="utf-8") for path in paths}


def prose(text: str) -> str:
    """A page without its code cells (a role there would never be drawn)."""
    return re.sub(r"```\{code-cell\}.*?\n```", "", text, flags=re.S)


def marks(text: str) -> set[str]:
    return set(re.findall(r"\{choice\}`([^`]*)`", prose(text)))


def rows(choices_text: str) -> dict[str, list[str]]:
    """The rows of the choices page: id -> its cells after the id."""
    found = {}
    for line in choices_text.splitlines():
        row = re.match(r"^\| \{choicerow\}`([^`]*)` \|(.*)\|\s*$", line)
        if row:
            ident = row.group(1)
            assert ident not in found, f"two rows for {ident}"
            found[ident] = [cell.strip() for cell in row.group(2).split(" | ")]
    return found


def taught_in(cell: str) -> set[str]:
    return {re.sub(r"^.*<|>$", "", target) for target in re.findall(r"\{doc\}`([^`]+)`", cell)}


# --- the checks ----------------------------------------------------------------------
def mark_problems(pages: dict[str, str], choices_text: str) -> list[str]:
    """What is wrong between the marks on the pages and the rows of the choices page."""
    table = rows(choices_text)
    problems = []
    used: dict[str, set[str]] = {}
    for doc, text in pages.items():
        for ident in marks(text):
            used.setdefault(ident, set()).add(doc)
    for ident in sorted(set(used) - set(table)):
        problems.append(f"{ident}: marked on {sorted(used[ident])} but has no row")
    for ident, cells in table.items():
        if len(cells) != 5:
            problems.append(f"{ident}: the row has {len(cells)} cells after the id, not 5")
            continue
        listed = taught_in(cells[3])
        marked = used.get(ident, set())
        if not marked:
            problems.append(f"{ident}: a row that no page marks")
        if listed != marked:
            problems.append(f"{ident}: 'taught in' lists {sorted(listed)} but the pages that "
                            f"mark it are {sorted(marked)}")
    return problems


def option_text(option: str, value) -> str:
    """How a row's option cell names an option and the value the book plays."""
    if isinstance(value, (bool, int, str)):
        return f"`{option}={value!r}`"
    return f"`{option}`"


def option_problems(fields: list[str], choices_text: str) -> list[str]:
    """Options left unclassified, and options whose row does not name them as played."""
    table = rows(choices_text)
    problems = []
    classified = set(OPTION_CHOICES) | set(SOURCE_OPTIONS) | NAMES
    for field in fields:
        if field not in classified:
            problems.append(f"option {field}: neither a choice with its row nor a rule of the "
                            "sources (classify it in tests/test_choices.py)")
    for option, by_rules in OPTION_CHOICES.items():
        for rules_name, ident in by_rules.items():
            if ident not in table:
                problems.append(f"option {option}: the choice {ident} has no row")
                continue
            wanted = option_text(option, getattr(get_rules(rules_name), option))
            if wanted not in table[ident][-1]:
                problems.append(f"option {option}: the row {ident} should name {wanted} "
                                f"(what {rules_name!r} plays)")
    return problems


def rule_set_fields() -> list[str]:
    return [field.name for field in dataclasses.fields(RuleSet)]


# --- the book as it is ---------------------------------------------------------------
def test_every_marked_choice_has_its_row_and_every_row_is_marked_where_it_says():
    problems = mark_problems(book_pages(), CHOICES.read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems)


def test_every_engine_option_is_a_choice_with_its_row_or_a_rule_of_the_sources():
    problems = option_problems(rule_set_fields(), CHOICES.read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems)
    assert not set(OPTION_CHOICES) & set(SOURCE_OPTIONS)


def test_the_choices_page_is_in_the_table_of_contents_next_to_the_rules():
    toc = (BOOK / "_toc.yml").read_text(encoding="utf-8")
    assert "- file: choices" in toc
    assert toc.index("rules/contract_card") < toc.index("- file: choices") < toc.index("Side by side")


def test_the_old_plain_marks_are_gone():
    """One mark for every choice: the badge. The words "Book's choice" written out would
    be a second kind of mark that links nowhere."""
    for doc, text in book_pages().items():
        assert not re.search(r"book's choice", prose(text), flags=re.I), doc


# --- the engine plays what the rows say, where no option carries the choice --------------
CONTRACT, CALIFORNIA = get_rules("contract"), get_rules("california")

ENGINE_PLAYS = {
    "contract-longer-melds":
        lambda: CONTRACT.holds_contract("8S 8H 8D 8C KC KD KS 4C 9H 2S", hand=1).ok,
    "contract-same-melds":
        lambda: CONTRACT.holds_contract("4C 5C 6C 7C 4C#2 5C#2 6C#2 7C#2 KS 2D", hand=3).ok,
    "contract-hand7-all-cards":
        lambda: (CONTRACT.holds_contract("3S 4S 5S 6S 7S 8H 9H 10H JH 2D 3D 4D 5D", hand=7).ok
                 and not CONTRACT.holds_contract("3S 4S 5S 6S 8H 9H 10H JH 2D 3D 4D 5D KC",
                                                 hand=7).ok),
    "contract-one-natural":
        lambda: "no_natural_card" in CONTRACT.check_meld("JK JK#2 JK#3").codes,
    "contract-jokers-no-limit": lambda: CONTRACT.check_meld("4C JK JK#2 7C").ok,
    "california-queens-natural": lambda: CALIFORNIA.check_meld("QS QH QC").ok,
    "california-queen-25": lambda: CALIFORNIA.hand_points("QS") == 25,
    "shanghai-eighth-hand":
        lambda: (get_rules("shanghai").contract_hand(8).dealt == 12
                 and get_rules("shanghai").contract_hand(8).whole_hand),
}


@pytest.mark.parametrize("ident", sorted(ENGINE_PLAYS))
def test_the_engine_plays_the_choice_as_its_row_says(ident):
    assert ident in rows(CHOICES.read_text(encoding="utf-8"))
    assert ENGINE_PLAYS[ident]()


def test_a_joker_swap_is_no_option():
    from rummy_teach import RuleOptionError

    with pytest.raises(RuleOptionError):
        get_rules("contract", joker_swap=True)


# --- the checks can fail ---------------------------------------------------------------
def test_the_checks_find_a_mark_without_a_row_and_a_row_nobody_marks():
    choices = CHOICES.read_text(encoding="utf-8")
    pages = book_pages()
    broken = dict(pages)
    broken["rules/basic"] += "\nA rule the book made up. {choice}`basic-no-such-choice`\n"
    assert any("basic-no-such-choice" in p and "no row" in p for p in mark_problems(broken, choices))
    unmarked = {doc: text.replace("{choice}`contract-buy-order`", "") for doc, text in pages.items()}
    assert any(p.startswith("contract-buy-order: a row that no page marks")
               for p in mark_problems(unmarked, choices))


def test_the_checks_find_a_page_the_row_forgets():
    pages = dict(book_pages())
    pages["tutorials/three_games"] += "\nNo new meld after a contract. {choice}`contract-no-new-melds`\n"
    problems = mark_problems(pages, CHOICES.read_text(encoding="utf-8"))
    assert any("contract-no-new-melds: 'taught in'" in p for p in problems)


def test_the_checks_find_a_new_engine_option_and_a_row_that_hides_the_value():
    choices = CHOICES.read_text(encoding="utf-8")
    assert any("joker_swap" in p for p in option_problems(rule_set_fields() + ["joker_swap"], choices))
    hidden = choices.replace("`natural_majority=False`", "none")
    assert any("natural_majority" in p for p in option_problems(rule_set_fields(), hidden))
    wrong = choices.replace("`wild_hand_value=25`", "`wild_hand_value=15`")
    assert any("wild_hand_value" in p for p in option_problems(rule_set_fields(), wrong))
