"""The keyboard's way through the widgets, in their HTML (issue 27, point 3).

Every group of like controls (the learner's hand, the stock and pile, the table's moves, a
picker of cards) is one WAI-ARIA toolbar: one control has tabindex="0" (the tab stop),
the others tabindex="-1" (reached with the arrow keys); a greyed move is reached too, but
is never the stop when a move may be made: it is aria-disabled, described by the tooltip
that says why it is greyed. The keys are handled by one JavaScript function, the same text in
the book's page script and in the widget's front end. The browser side is in
tests/test_book_play.py.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rummy_teach.play.meld import MeldCheckerController
from rummy_teach.play.quiz import QuizController
from rummy_teach.play.table import TableController
from rummy_teach.quiz import Quiz
from rummy_teach.widgets import base

ROOT = Path(__file__).resolve().parent.parent
VOID = {"br", "img", "input", "hr", "meta", "link", "path", "use", "rect", "circle"}


class _Toolbars(HTMLParser):
    """Each toolbar's name and the controls inside it: (tag, attributes) of every element
    with a tabindex or a disabled button; and every element with a tabindex outside one."""

    def __init__(self):
        super().__init__()
        self.open: list[tuple[str, dict | None]] = []
        self.toolbars: list[tuple[dict, list]] = []
        self.outside: list[dict] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        bar = None
        if attrs.get("role") == "toolbar":
            bar = (attrs, [])
            self.toolbars.append(bar)
        inside = [b for _, b in self.open if b is not None]
        if "tabindex" in attrs or (tag == "button" and "disabled" in attrs):
            (inside[-1][1] if inside else self.outside).append({"tag": tag, **attrs})
        if tag not in VOID:
            self.open.append((tag, bar))

    def handle_startendtag(self, tag, attrs):      # <path/>: opens nothing
        self.handle_starttag("br", attrs)

    def handle_endtag(self, tag):
        while self.open:
            name, _ = self.open.pop()
            if name == tag:
                break


def toolbars(markup: str) -> _Toolbars:
    parser = _Toolbars()
    parser.feed(markup)
    parser.close()
    return parser


def bar(markup: str, name: str) -> tuple[dict, list]:
    found = [b for b in toolbars(markup).toolbars if b[0].get("data-roving") == name]
    assert len(found) == 1, f"{len(found)} toolbars named {name!r}"
    return found[0]


def stops(controls) -> list[str]:
    return [c.get("tabindex") for c in controls if "disabled" not in c]


def table_in_its_turn() -> TableController:
    table = TableController("basic", 2, levels="easy", seed=7, dealer=1)
    table.run_bots()
    assert table.legal_kinds() >= {"draw"}
    return table


def test_every_toolbar_has_one_tab_stop():
    table = table_in_its_turn()
    views = [table.html()]
    table.press("draw")
    views.append(table.html())
    checker = MeldCheckerController("basic", "7H 8H")
    quiz = Quiz.builtin("basic")
    views += [checker.html(), QuizController(Quiz([quiz.questions[2]])).html()]
    for view in views:
        found = toolbars(view).toolbars
        assert found
        for attrs, controls in found:
            assert attrs["aria-label"] and attrs["data-roving"], attrs
            assert stops(controls).count("0") == 1, (attrs, stops(controls))
            assert set(stops(controls)) == {"0", "-1"} or stops(controls) == ["0"]


def test_the_hand_is_one_toolbar_of_toggle_buttons_the_first_card_its_tab_stop():
    table = table_in_its_turn()
    attrs, cards = bar(table.html(), "hand")
    assert attrs["role"] == "toolbar" and attrs["aria-label"].startswith("your hand")
    assert len(cards) == len(table.game.hand(0)) == 10
    assert all(c["role"] == "button" and c["aria-pressed"] == "false" and c["data-card"] for c in cards)
    assert stops(cards) == ["0"] + ["-1"] * 9
    table.click_card(cards[3]["data-card"])
    _, cards = bar(table.html(), "hand")
    assert [c["aria-pressed"] for c in cards].count("true") == 1
    assert stops(cards).count("0") == 1


def test_the_moves_are_one_toolbar_whose_stop_is_the_first_move_that_may_be_made():
    table = table_in_its_turn()
    attrs, moves = bar(table.html(), "moves")
    assert attrs["aria-label"] == "Your moves"
    stop = [m for m in moves if m.get("tabindex") == "0"]
    assert [m["data-arg"] for m in stop] == ["draw"]
    off = [m for m in moves if m.get("aria-disabled") == "true"]
    # greyed: focusable (no disabled), reached by the arrows, never the stop
    assert off and all("disabled" not in m and m["tabindex"] == "-1" for m in off)
    table.press("draw")
    _, moves = bar(table.html(), "moves")
    assert [m["data-arg"] for m in moves if m.get("tabindex") == "0"] != ["draw"]


def test_the_stock_and_the_pile_are_one_stop_and_the_table_has_few():
    table = table_in_its_turn()
    view = table.html()
    _, piles = bar(view, "piles")
    assert [p["data-click"] for p in piles] == ["stock", "take:1"]
    parsed = toolbars(view)
    # Tab stops at the table: the three toolbars and the tools outside them (sorting,
    # clearing, the coach), no longer one per card (19 before)
    outside = [c for c in parsed.outside if "disabled" not in c]
    assert len(parsed.toolbars) == 3 and len(outside) <= 6, outside


def test_the_meld_checkers_picker_is_one_toolbar_over_its_rows_of_suits():
    attrs, cards = bar(MeldCheckerController("basic", "7H 8H").html(), "picker")
    assert len(cards) > 13 and stops(cards).count("0") == 1
    assert {c["role"] for c in cards} == {"button"}


def test_the_quizs_cards_to_pick_are_one_toolbar():
    quiz = Quiz.builtin("basic")
    view = QuizController(Quiz([quiz.questions[2]])).html()
    attrs, cards = bar(view, "cards")
    assert cards and stops(cards).count("0") == 1 and all(c["role"] == "button" for c in cards)


def test_the_widgets_cards_in_suits_are_one_toolbar():
    cards = base.ClickableCards("7H 8H 9S JK", layout_style="suits")
    assert len(toolbars(cards.html).toolbars) == 1
    _, items = bar(cards.html, "cards")
    assert stops(items) == ["0", "-1", "-1", "-1"]


# --- the one script --------------------------------------------------------------------------

def shared_function(text: str, name: str) -> str:
    """The text of the function ``name`` (from its line to the line that closes it at the
    same indentation), its indentation removed."""
    found = re.search(rf"^( *)function {name}\(.*?^\1}}\n", text, re.S | re.M)
    assert found, f"no function {name}"
    indent = len(found.group(1))
    return "\n".join(line[indent:] for line in found.group(0).splitlines())


@pytest.mark.parametrize("name", ["roving", "announcer"])
def test_the_book_and_the_widget_share_the_keys_and_the_news_word_for_word(name):
    book = shared_function((ROOT / "book" / "_play" / "play" / "bookplay.js").read_text(), name)
    widget = shared_function(base.CLICKABLE_ESM, name)
    assert book == widget
    assert len(book.splitlines()) > 10


def test_the_shared_keys_are_the_toolbar_patterns():
    keys = shared_function(base.CLICKABLE_ESM, "roving")
    for key in ("ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End"):
        assert f'"{key}"' in keys


def test_the_view_marks_where_the_learners_next_step_lies():
    table = table_in_its_turn()
    marked = lambda: [a["data-roving"] for a, _ in toolbars(table.html()).toolbars  # noqa: E731
                      if "data-focus-next" in a]
    assert marked() == ["moves"]          # to draw: the moves (Draw is their stop)
    table.press("draw")
    assert marked() == ["hand"]           # drawn: a card of the hand to meld or discard
    table.select(table.game.hand(0)[:1])
    table.press("discard")
    assert marked() == ["moves"]


# --- greyed buttons say why on focus too (issue 27 point 1) ------------------------------------

class _Described(HTMLParser):
    """Each button: its attributes; each element with an id: its text."""

    def __init__(self):
        super().__init__()
        self.buttons, self.texts, self.ids, self.open = [], {}, [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "button":
            self.buttons.append(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
            self.texts[attrs["id"]] = ""
            self.open.append((tag, attrs["id"]))
        elif tag not in VOID:
            self.open.append((tag, None))

    def handle_data(self, data):
        for _, name in self.open:
            if name:
                self.texts[name] += data

    def handle_endtag(self, tag):
        while self.open and self.open.pop()[0] != tag:
            pass


def described(markup: str) -> _Described:
    parser = _Described()
    parser.feed(markup)
    parser.close()
    return parser


def test_a_greyed_button_is_focusable_and_described_by_why_it_is_greyed():
    table = table_in_its_turn()
    table.select(table.game.hand(0)[:2])        # two cards that are no meld: Meld says why
    view = described(table.html())
    off = {b["data-arg"]: b for b in view.buttons if b.get("aria-disabled") == "true"}
    assert {"discard", "meld", "layoff"} <= set(off)
    assert not [b for b in view.buttons if "disabled" in b]          # none taken out of the Tab order
    for name, attrs in off.items():
        assert "title" not in attrs                                  # one tooltip, ours
        words = view.texts[attrs["aria-describedby"]]
        assert words == table.why_off(name) != "", (name, words)
    assert len(view.ids) == len(set(view.ids))                       # each reason its own id
    table.press("meld")                          # pressing a greyed Meld plays nothing
    assert len(table.game.hand(0)) == 10


def test_the_stop_of_a_bar_of_greyed_moves_is_its_first_and_says_why():
    """Between hands every move is greyed but Next hand; while the computer plays, all of
    them: the bar is still one Tab stop, on a greyed move that says why."""
    from rummy_teach.render import toolbar_html, TOOLBAR_ITEM
    from rummy_teach.play.buttons import button
    greyed = [button(n, act="press", arg=n, enabled=False, why_off="wait", in_toolbar=True)
              for n in ("a", "b")]
    _, items = bar(toolbar_html("".join(greyed), "Moves", "moves"), "moves")
    assert stops(items) == ["0", "-1"]
    live = greyed + [button("c", act="press", arg="c", in_toolbar=True)]
    _, items = bar(toolbar_html("".join(live), "Moves", "moves"), "moves")
    assert [i["data-arg"] for i in items if i["tabindex"] == "0"] == ["c"]
    assert TOOLBAR_ITEM == 'tabindex="-1"'
