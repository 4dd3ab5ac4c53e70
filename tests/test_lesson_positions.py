"""Every scripted position in the lessons is one a real game reaches (issue 25, point 2).

A lesson builds its positions with ``Game.from_deal``, which refuses an impossible position
with its reasons, unless the position is marked ``constructed=True`` (a simplified
illustration, which the page must then say it is with ``say("position_constructed")``).
No lesson needs one any more: :data:`SIMPLIFIED_PICTURES` lists the lessons allowed one,
each with its reason, and it is empty.

``from_deal``'s check counts cards; it does not replay the turns. So the Rummy 500
positions rebuilt from simplified pictures are also played here from a deal: each player
is dealt their hand plus every card they have put on the table, every turn draws the card
it then discards (the pile's cards, in order), melds and lay-offs go down in the turns the
lesson's prose says, and the replay must end in the very position the lesson builds (hands,
table and who placed each card, discard pile, stock, the player to move). The positions
are written here as in the lesson, and the lesson must still hold their text.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from rummy_teach import get_rules
from rummy_teach.game import Game

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "tutorials"
LESSONS = sorted(p for p in TUTORIALS.glob("*.md") if p.read_text(encoding="utf-8").startswith("---"))

#: lessons allowed a simplified, unchecked position: {lesson stem: why a real one cannot do}
SIMPLIFIED_PICTURES: dict[str, str] = {}

CONSTRUCTED = re.compile(r"\bconstructed\s*(=|\"?\s*:)\s*(True|1)\b")
CELL = re.compile(r"```\{code-cell\}[^\n]*\n(.*?)\n```", re.S)


def _code(lesson: Path) -> list[str]:
    return CELL.findall(lesson.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_lessons_build_only_real_positions(lesson):
    cells = _code(lesson)
    constructed = [c for c in cells if CONSTRUCTED.search(c)]
    said = [c for c in cells if "position_constructed" in c]
    if lesson.stem not in SIMPLIFIED_PICTURES:
        assert not constructed, f"{lesson.stem} builds a constructed position:\n{constructed[0]}"
        assert not said, f"{lesson.stem} calls a position a simplified picture:\n{said[0]}"
    else:   # each simplified picture says so on the page, in the cell that builds it
        assert constructed, f"{lesson.stem} is listed in SIMPLIFIED_PICTURES but builds none"
        assert all("position_constructed" in c for c in constructed), lesson.stem


def test_the_allowed_simplified_pictures_have_reasons():
    stems = {p.stem for p in LESSONS}
    for stem, reason in SIMPLIFIED_PICTURES.items():
        assert stem in stems and len(reason.split()) >= 5, stem


def test_the_pattern_finds_a_constructed_position():
    assert CONSTRUCTED.search('Game.from_deal(r500, hands=h, constructed=True)')
    assert CONSTRUCTED.search('dict(hands=h, **{"constructed": True})')
    assert not CONSTRUCTED.search("assert not game.constructed")


# --- the rebuilt Rummy 500 positions, played from a deal ------------------------------------

def _reach(target: Game, turns: list[list[str]]) -> Game:
    """Deal, play ``turns`` (the melds and lay-offs of each turn since the deal, in order;
    each turn draws from the stock the card it then discards) and check the game is
    ``target``'s position."""
    rules, n = target.rules, target.num_players
    places = target.card_places()
    pile = list(places["discard"])
    assert len(pile) == len(turns) + 1, "the pile is the first card turned up and one discard a turn"
    put_down = [[] for _ in range(n)]
    for meld in target.table:
        for card, who in zip(meld.cards, meld.placed_by):
            put_down[who].append(card)
    dealt = [list(target.hand(p)) + put_down[p] for p in range(n)]
    assert all(len(h) == rules.cards_dealt(n, 1) for h in dealt)
    text = lambda cards: " ".join(c.text(ascii=True) for c in cards)   # noqa: E731
    game = Game.from_deal(rules, hands=[text(h) for h in dealt], discard=text(pile[:1]),
                          stock=text(pile[1:] + list(places["stock"])), dealer=target.dealer)
    for t, plays in enumerate(turns):
        game.apply("draw")
        for play in plays:
            game.apply(play)
        game.apply("discard " + pile[t + 1].text(ascii=True))
    got = game.card_places()
    assert game.current_player == target.current_player
    assert all(Counter(got[f"hand {p}"]) == Counter(places[f"hand {p}"]) for p in range(n))
    assert got["discard"] == places["discard"] and got["stock"] == places["stock"]
    melds = lambda g: Counter((m.owner, frozenset(zip(m.cards, m.placed_by))) for m in g.table)   # noqa: E731
    assert melds(game) == melds(target)
    return game


def _in_lesson(stem: str, *texts: str):
    source = (TUTORIALS / f"{stem}.md").read_text(encoding="utf-8")
    for text in texts:
        assert text in source, f"{stem} no longer builds this position: {text}"


STOCK_MOMENT = ("8H 2D 8S QH QS 3D 10H 5D JC 8C AC 10C 3H 9S "
                "QD 7D 7C 2H 7S 4H 6D 6S JD 5C KH 9H 4C")
DIG_TABLE, DIG_BEN, DIG_CLEO = [(0, "8S 8H 8C"), (1, "2H 3H 4H")], "9S 9D 4S 5S", "2S 4C 6D 9H 10C JD KC"

#: (lesson, what the lesson's code holds, the position, the turns since the deal)
POSITIONS = {
    "melds: a score below zero": (
        "r500_melds", ['"9H 9S 2S", "AS KD QH", "2C 3D 5S 6H 8C 10S JH"', 'discard="3H JS 10D 9C", stock=27'],
        ("500", dict(hands=["9H 9S 2S", "AS KD QH", "2C 3D 5S 6H 8C 10S JH"],
                     table=[(0, "5D 6D 7D 8D"), (1, "4C 5C 6C 7C")], discard="3H JS 10D 9C", stock=27)),
        [["meld 5D 6D 7D 8D"], ["meld 4C 5C 6C 7C"], []]),
    **{f"strategy: {name}": (
        "r500_strategy", [f'"{hand}"', f'discard="{pile}", stock=24', 'TABLE = [(0, "8S 8H 8C"), (1, "2H 3H 4H")]',
                          f'BEN, CLEO = "{DIG_BEN}", "{DIG_CLEO}"'],
        ("500", dict(hands=[hand, DIG_BEN, DIG_CLEO], table=DIG_TABLE, discard=pile, stock=24)),
        [["meld 8S 8H 8C"], ["meld 2H 3H 4H"], [], [], [], []])
       for name, hand, pile in [("the sevens", "7H 7D 2C 3D", "5D 6S 7C KH QD JC 10S"),
                                ("the high run", "KS AS 2C 3D", "5D 6S QS KH QD JC 10S"),
                                ("exercise 1", "7H 7D 7S 3D", "5D 6S 7C KH QD JC 10S")]},
    "strategy: choosing the moment": (
        "r500_strategy", ['"5H 6H 7H 9C", "AS AH AD KC KD KS", "3C 6C 8D 10D JS QC 4D"',
                          'table=[(0, "2S 3S 4S 5S", {1: "5S"})], discard="JH 10S 2C 9D", stock=STOCK',
                          '"8H 2D 8S QH QS 3D 10H 5D JC 8C AC 10C 3H 9S "', '"QD 7D 7C 2H 7S 4H 6D 6S JD 5C KH 9H 4C"'],
        ("500", dict(hands=["5H 6H 7H 9C", "AS AH AD KC KD KS", "3C 6C 8D 10D JS QC 4D"],
                     table=[(0, "2S 3S 4S 5S", {1: "5S"})], discard="JH 10S 2C 9D", stock=STOCK_MOMENT)),
        [["meld 2S 3S 4S"], ["layoff 5S on 1"], []]),
    "variants: the Persian joker": (
        "r500_variants", ['"JK 9C 2D", "KS QS 3C 10D", "2S 5D 6C 9S JC KD 4C"',
                          'table=[(0, "8S 8D 8C 8H"), (1, "4H 5H 6H")]', 'discard="AD 10H 4S 5C", stock=31'],
        ("persian", dict(hands=["JK 9C 2D", "KS QS 3C 10D", "2S 5D 6C 9S JC KD 4C"],
                         table=[(0, "8S 8D 8C 8H"), (1, "4H 5H 6H")], discard="AD 10H 4S 5C", stock=31)),
        [["meld 8S 8D 8C 8H"], ["meld 4H 5H 6H"], []]),
    "variants: partnership": (
        "r500_variants", ['"9S 9H KH 2C", "KS QS 3C 2H 4D 6D 8C"', '"2D 3D 5C 7D", "AS 5H 6C 3S 9C JD 4H"',
                          'table=[(0, "5S 6S 7S"), (2, "10H JH QH")]', 'discard="8D 2S 10C KD 9D", stock=19'],
        ("partnership", dict(hands=["9S 9H KH 2C", "KS QS 3C 2H 4D 6D 8C", "2D 3D 5C 7D", "AS 5H 6C 3S 9C JD 4H"],
                             table=[(0, "5S 6S 7S"), (2, "10H JH QH")], discard="8D 2S 10C KD 9D", stock=19)),
        [["meld 5S 6S 7S"], [], ["meld 10H JH QH"], []]),
    "variants: booting (the deal itself)": (
        "r500_variants", ['hands=["7S 8S 9S 10S QD QH QC", "KS QS 3C 4D 9H 2C 6H", "AH 5S JD 8C 4H 10D 2S"],',
                          'discard="5C", stock=30'],
        ("booting", dict(hands=["7S 8S 9S 10S QD QH QC", "KS QS 3C 4D 9H 2C 6H", "AH 5S JD 8C 4H 10D 2S"],
                         discard="5C", stock=30)),
        []),
}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_a_rebuilt_rummy500_position_is_played_from_a_deal(name):
    stem, texts, (rules, deal), turns = POSITIONS[name]
    _in_lesson(stem, *texts)
    target = Game.from_deal(get_rules(rules), **deal)
    assert not target.constructed
    _reach(target, turns)


def test_the_replay_refuses_turns_that_do_not_lead_to_the_position():
    # two turns leave a pile of three cards, not four: these turns do not reach it
    target = Game.from_deal("500", hands=["9H 9S 2S", "AS KD QH", "2C 3D 5S 6H 8C 10S JH"],
                            table=[(0, "5D 6D 7D 8D"), (1, "4C 5C 6C 7C")], discard="3H JS 10D 9C", stock=27)
    with pytest.raises(AssertionError):
        _reach(target, [["meld 5D 6D 7D 8D"], ["meld 4C 5C 6C 7C"]])
