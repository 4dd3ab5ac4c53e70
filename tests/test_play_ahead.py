"""Answers drawn ahead (issue 27, point 5): the replies a book page carries to a reader's
first clicks are the engine's own, exactly as the page's Python answers them.

Each reply carried by a page element (``script.rt-ahead``, :mod:`rummy_teach.play.ahead`)
is unpacked as the page's script unpacks it and compared with what :func:`dispatch` (the
worker's entry point) answers to the same events sent one by one to a controller built
from the element's own configuration, in the three languages. The browser half (the
page shows them before Python is up, and Pyodide's replies are the same text) is in
tests/test_book_play.py.
"""

from __future__ import annotations

import asyncio
import html
import itertools
import json
import re

import pytest

from rummy_teach.i18n import language
from rummy_teach.play import dispatch, page_html
from rummy_teach.play import ahead
from rummy_teach.play.meld import MeldCheckerController
from rummy_teach.play.table import TableController

pytestmark = pytest.mark.slow        # a few seconds a table: every reply checked against a rebuilt one

def carried(element: str) -> dict | None:
    found = re.search(r'<script type="application/json" class="rt-ahead">(.*?)</script>', element, re.S)
    return json.loads(found.group(1)) if found else None


def config_of(element: str) -> dict:
    return json.loads(html.unescape(re.search(r'data-config="([^"]*)"', element).group(1)))


_WIDGETS = itertools.count()


def live_answers(config: dict, keys, lang: str) -> dict[str, str]:
    """Each key's events sent to a fresh controller, one request each, as the page does."""
    out = {}
    for key in keys:
        widget = f"ahead-test-{next(_WIDGETS)}"     # a controller of its own for each key
        for event in key.split(">"):
            act, _, arg = event.partition("|")
            answer = json.loads(dispatch(json.dumps({"widget": widget, "config": config, "act": act,
                                                     "arg": arg, "lang": lang})))
        out[key] = answer["html"]
    return out


TABLES = {
    "fresh basic": lambda: TableController("basic", 2, levels="easy", dealer=1),
    "basic, three players": lambda: TableController("basic", 3, levels=["medium", "hard"], seed=3, dealer=2),
    "rummy 500": lambda: TableController("500", 2, levels="easy", seed=41),
    "contract": lambda: TableController("contract", 3, levels="easy", seed=5),
}


@pytest.mark.parametrize("name, lang", [(name, "en") for name in TABLES] + [
    ("fresh basic", "it"), ("fresh basic", "nl"), ("rummy 500", "it")])
def test_a_tables_first_turn_drawn_ahead_is_what_the_page_python_answers(name, lang):
    with language(lang):
        table = TABLES[name]()
        table.run_bots()                 # as the kernel's table does: the computer's opening moves
        element = page_html(table)
    data = carried(element)
    assert data is not None, "no replies drawn ahead"
    views = ahead.unpacked(data)
    # the whole first turn: Draw, a card, Discard (the computer's answer in it); in
    # Contract Rummy the first decision, to buy the discard or pass
    keys = list(views)
    if name == "contract":
        assert {"press|buy", "press|pass"} <= set(keys), keys
    else:
        assert "press|draw" in keys and any(k.startswith("press|draw>card|") for k in keys)
        assert any(k.endswith(">press|discard") for k in keys), keys
    assert len(keys) <= ahead.MOST
    assert views == live_answers(config_of(element), keys, lang)
    # every picture is shared, and the first view is the one shown
    assert "<svg" not in json.dumps(data["answers"]) and ahead.unpacked(
        {**data, "answers": {}}) == {}
    assert data["base"].count("<i data-picture=") > 0


def test_the_meld_checkers_first_pick_drawn_ahead_is_the_engines_verdict():
    checker = MeldCheckerController("basic", cards="QH KH AH")
    element = page_html(checker)
    views = ahead.unpacked(carried(element))
    assert set(views) == {f"card|{key}" for key in re.findall(r'data-card="([^"]+)"', checker.html())}
    assert views == live_answers(config_of(element), list(views), "en")
    assert "A legal run" in views["card|AH"].replace("\u00a0", " ") or "run" in views["card|AH"]


def test_the_seventh_contract_hand_is_drawn_ahead_too():
    table = TableController("contract", 3, levels="easy", seed=5, hand=7)
    table.run_bots()
    element = page_html(table)
    views = ahead.unpacked(carried(element))
    some = ["press|pass", "press|buy", "sort|rank"]
    assert set(some) <= set(views)
    assert {k: views[k] for k in some} == live_answers(config_of(element), some, "en")


def test_a_widget_table_whose_hand_a_computer_opens_carries_its_replies_too():
    """The lesson's CardTable(hand=7) in a kernel: a computer opens the hand (deal 1), and the
    widget paces its moves, so when the cell's output is drawn they are still to come. The
    page's element is the table after them, as the page rebuilds it, with its replies."""
    from rummy_teach.widgets import CardTable

    async def in_a_kernel():             # a running event loop, as in the kernel: moves paced
        table = CardTable(game="contract", players=3, levels="easy", hand=7, seed=1)
        return table.bot_to_move(), table.snapshot_html()

    pending, element = asyncio.run(in_a_kernel())
    assert pending, "no computer opens this deal's hand 7: choose another deal"
    data = carried(element)
    assert data is not None, "no replies drawn ahead"
    views = ahead.unpacked(data)
    some = [key for key in ("press|pass", "press|buy", "press|draw", "sort|rank") if key in views]
    assert len(some) >= 2, list(views)
    assert {k: views[k] for k in some} == live_answers(config_of(element), some, "en")


def test_a_table_already_played_on_or_a_refused_event_is_not_drawn_ahead():
    table = TableController("basic", 2, levels="easy", seed=9, dealer=1)
    table.handle("press", "draw")                  # a lesson played on: its view is not the deal's
    assert carried(page_html(table)) is None
    fresh = TableController("basic", 2, levels="easy", seed=9, dealer=1)
    views = ahead.unpacked(carried(page_html(fresh)))
    # Discard before a draw is greyed: never offered; after Draw a second Draw is refused
    assert "press|discard" not in views and "press|draw>press|draw" not in views


def test_the_edits_rebuild_any_text_exactly():
    before = '<div title="a">x ♠ 𝄞 <b>old</b><svg><g/></svg> tail</div>'
    after = '<div title="b">x ♠ 𝄞 <b>new</b><svg><g/></svg> tail 🂡</div>'
    packed = ahead.packed(before, {"k": after, "k>j": before})
    assert ahead.unpacked(packed) == {"k": after, "k>j": before}
    # offsets count UTF-16 code units, as the page's script does ("𝄞" is two)
    start = packed["answers"]["k"][1][-1][0]
    assert start == len(before[:before.index(" tail")].encode("utf-16-le")) // 2
    assert start == before.index(" tail") + 1
