"""Worked examples: scripted hands that a lesson shows step by step.

A :class:`WorkedExample` is pure engine data: a starting deal (the arguments of
:func:`~rummy_teach.game.from_deal`), a list of :class:`Step` (an action in its
text form), the seat the example is told from and the seats whose hands it shows
face up. Its words live in the message catalogue (:mod:`rummy_teach.reasons`, the
worked examples' block): ``example_<name>_title``, ``example_<name>_intro`` and one
caption per step, ``example_<name>_<step>``. Every number a caption quotes is
computed by the engine: captions are templates filled from
:meth:`WorkedExample.facts` of the game after the step (``{score[0]}``,
``{hand_score[0]}``, ``{deadwood[1]}``, ...), never typed in.

>>> example = get_example("thirty_points")
>>> game = example.game_at(len(example.steps))
>>> game.hand_results[-1].scores
(30, 0)
>>> example.caption(len(example.steps)).count("30") >= 1
True

The examples (see :data:`EXAMPLES`):

* ``thirty_points`` (Basic Rummy): the rule book's 30-point two-player hand, and
  the same ending as a rummy (60) from :data:`RUMMY_VARIANT`.
* ``rummy500_dig`` (Rummy 500): a dig four cards deep, a lay-off on the opponent's
  meld, and the melded-minus-deadwood score of both players.
* ``contract_last_hand`` (Contract Rummy): hand 7, a buy out of turn, and going out
  by laying the whole hand down (three runs, no final discard).
* ``rummy500_three`` (Rummy 500, three players): a dig six deep, lay-offs on two
  opponents' melds, and what the dig cost.
* ``contract_contested_buy`` (Contract Rummy, four players): first refusal declined,
  two players calling buy for one card, and the hand-7 ending.

No widget is imported here: :mod:`rummy_teach.widgets.stepper` shows these.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field

from ..cards import cards_text, make_deck, parse_cards
from ..game import Game, from_deal, replay
from ..rules import get_rules
from ..errors import UsageError
from ..reasons import ENGLISH, say


@dataclass(frozen=True)
class Step:
    """One step: ``action`` (text, played by whoever is to act); its caption is the
    catalogue's ``example_<name>_<number>``.

    ``action=None`` is a step that only talks (the opening step shows the deal).
    """

    action: str | None


@dataclass(frozen=True)
class WorkedExample:
    """A scripted hand. ``deal`` holds :func:`~rummy_teach.game.from_deal`'s keyword
    arguments (``hands``, ``stock`` top first, ``discard`` bottom first, ``table``,
    ``hand``, ``scores``...); ``seats`` names the seats (a catalogue code such as
    ``seat_you``, or a player's own name, kept as is); ``seat`` is the learner's
    seat; ``face_up`` lists the seats whose hands are shown (the captions say so)."""

    name: str
    rules: str
    deal: dict
    steps: tuple[Step, ...]
    seats: tuple[str, ...]
    seat: int = 0
    face_up: tuple[int, ...] = ()
    extra_facts: dict = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names in the language in use ("You", "Opponent", "Ben")."""
        return tuple(say(seat) if seat in ENGLISH else seat for seat in self.seats)

    @property
    def title(self) -> str:
        return say(f"example_{self.name}_title")

    @property
    def intro(self) -> str:
        """The words shown before the first step (step 0)."""
        return say(f"example_{self.name}_intro")

    # --- games --------------------------------------------------------------------
    def start(self) -> Game:
        """The game as dealt, before any step."""
        deal = dict(self.deal)
        return from_deal(self.rules, deal.pop("hands"), **deal)

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(s.action for s in self.steps if s.action is not None)

    def game_at(self, step: int) -> Game:
        """The game after ``step`` steps (0: as dealt; ``len(steps)``: the end)."""
        if not 0 <= step <= len(self.steps):
            raise UsageError(f"step must be 0 to {len(self.steps)}, not {step!r}")
        played = sum(1 for s in self.steps[:step] if s.action is not None)
        return replay(self.history, upto=played)

    @property
    def history(self) -> dict:
        """The whole scripted hand as a game history (see :mod:`rummy_teach.game.setup`)."""
        game = self.start()
        for action in self.actions:
            game.apply(action)
        return game.history

    # --- captions -----------------------------------------------------------------
    def facts(self, game: Game) -> dict:
        """What captions may quote about ``game``: ``score`` (totals), ``hand_score``,
        ``deadwood`` (points), ``melded`` (Rummy 500), ``left`` (cards in hand, as text),
        ``stock``, ``top`` (top discard), ``rummy`` (True/False), plus the example's
        ``extra_facts`` (each a function of nothing, computed by the engine too)."""
        result = game.hand_results[-1] if game.is_hand_over and game.hand_results else None
        n = game.num_players
        facts = {
            "score": list(game.scores),
            "hand_score": list(result.scores) if result else [0] * n,
            "deadwood": list(result.deadwood_points) if result else
            [game.rules.hand_points(game.hand(p)) for p in range(n)],
            "melded": list(result.melded_points) if result and result.melded_points else [0] * n,
            "left": [cards_text(game.hand(p)) for p in range(n)],
            "stock": game.stock_size,
            "top": str(game.discard_top) if game.discard_top else say("example_nothing"),
            "rummy": bool(result and result.rummy),
            "contract": str(game.contract) if game.contract is not None else "",
        }
        for key, compute in self.extra_facts.items():
            facts[key] = compute()
        return facts

    def caption(self, step: int) -> str:
        """The caption of ``step`` (0 is the introduction), with its numbers filled in."""
        if step == 0:
            return self.intro
        code = f"example_{self.name}_{step}"
        fields = {name for _, name, _, _ in string.Formatter().parse(ENGLISH[code]) if name}
        return say(code, **(self.facts(self.game_at(step)) if fields else {}))

    def __len__(self) -> int:
        return len(self.steps)


def _rest_of_deck(rules_name: str, players: int, top: str, *used: str) -> str:
    """The stock: the ``top`` cards (top first), then every card not used elsewhere,
    in deck order, so the deal holds the whole deck exactly once."""
    rules = get_rules(rules_name)
    taken = set(parse_cards(" ".join((top,) + used)))
    rest = [c for c in make_deck(*rules.deck_for(players)) if c not in taken]
    return cards_text(list(parse_cards(top)) + rest, ascii=True)


# --- Basic Rummy: the 30-point hand ------------------------------------------------------

_YOU_30 = "8S 8H 8D 4H 5H 6H JS JH 2D 9C"
_THEM_30 = "8C 2S 3S 4S 5S 6S KC QD 9S AC"
_TOP_30 = "7H 10D JD"

# The same ending reached as a rummy: nothing of yours is on the table until the turn
# you go out, and the opponent is left with the same four cards.
RUMMY_VARIANT = WorkedExample(
    name="thirty_points_rummy", rules="basic",
    # the opponent's other six cards already lie on the table as their own run, so that
    # both players still account for the ten cards each was dealt
    deal={"hands": [_YOU_30.replace("9C", "JD"), "KC QD 9S AC"],
          "table": [(1, "2S 3S 4S 5S 6S 7S")],
          "discard": "3C", "stock": _rest_of_deck("basic", 2, "7H", "8S 8H 8D 4H 5H 6H JS JH 2D JD",
                                                    "KC QD 9S AC", "2S 3S 4S 5S 6S 7S", "3C")},
    steps=(Step("draw"),
           Step("meld 8S 8H 8D"),
           Step("meld 4H 5H 6H 7H"),
           Step("meld JS JH JD"),
           Step("discard 2D")),
    seats=("seat_you", "seat_opponent"), face_up=(0, 1))


def _rummy_points() -> int:
    return RUMMY_VARIANT.game_at(len(RUMMY_VARIANT.steps)).hand_results[-1].scores[0]


THIRTY_POINTS = WorkedExample(
    name="thirty_points", rules="basic",
    deal={"hands": [_YOU_30, _THEM_30], "discard": "3C",
          "stock": _rest_of_deck("basic", 2, _TOP_30, _YOU_30, _THEM_30, "3C")},
    seats=("seat_you", "seat_opponent"), seat=0, face_up=(0, 1),
    steps=(
        Step("draw"),
        Step("meld 8S 8H 8D"),
        Step("meld 4H 5H 6H 7H"),
        Step("discard 9C"),
        Step("draw"),
        Step("layoff 8C on 1"),
        Step("meld 2S 3S 4S 5S 6S"),
        Step("discard 10D"),
        Step("draw"),
        Step("meld JS JH JD"),
        Step("discard 2D"),
    ),
    extra_facts={"rummy_points": _rummy_points},
)


# --- Rummy 500: a deep dig and a lay-off on the opponent's meld ---------------------------

_YOU_500 = "QH QD 7D KS KH"
_THEM_500 = "JC JD JS 8D"
_PILE_500 = "3C QS 8C 2H 9C"
_TABLE_500 = "4D 5D 6D"
# Each of the two was dealt 13: the rest of each hand already lies on the table
# (yours 8 cards, the opponent's 9), so the position is one a real hand reaches.
_MELDED_500 = [(1, _TABLE_500), (0, "5S 6S 7S 8S"), (0, "AS AH AD AC"), (1, "2S 3S 4S"), (1, "5H 6H 7H")]

RUMMY500_DIG = WorkedExample(
    name="rummy500_dig", rules="500",
    deal={"hands": [_YOU_500, _THEM_500], "discard": _PILE_500,
          "table": _MELDED_500,
          "stock": _rest_of_deck("500", 2, "3H", _YOU_500, _THEM_500, _PILE_500,
                                 *(cards for _, cards in _MELDED_500))},
    seats=("seat_you", "seat_opponent"), seat=0, face_up=(0, 1),
    steps=(
        Step("take 4"),
        Step("meld QS QH QD"),
        Step("layoff 7D on 1"),
        Step("discard 9C"),
        Step("draw"),
        Step("meld JC JD JS"),
        Step("layoff 8D on 1"),
        Step("discard 3H"),
    ),
)


# --- Contract Rummy: hand 7, a buy, the whole hand laid down ------------------------------

_YOU_C = "3S 4S 5S 6S 8H 9H 10H JH QH 2D 3D 4D"
_LEFT_C = "KC KD 9C 9D 5D 2C 7C JC AS AH 10C 6C"      # player 1
_RIGHT_C = "QS QC 2H 3H 5H 5C 8C 8D 10S JS KS JK"     # player 2
_TOP_C = "9S 2S 7S 6D"

CONTRACT_LAST_HAND = WorkedExample(
    name="contract_last_hand", rules="contract",
    deal={"hands": [_YOU_C, _LEFT_C, _RIGHT_C], "discard": "KH", "to_move": 1, "hand": 7,
          "scores": [45, 60, 50],
          "stock": _rest_of_deck("contract", 3, _TOP_C, _YOU_C, _LEFT_C, _RIGHT_C, "KH")},
    seats=("seat_you", "seat_left", "seat_right"), seat=0, face_up=(0,),
    steps=(
        Step("draw"),
        Step("pass"),
        Step("pass"),
        Step("discard 5D"),
        Step("draw"),
        Step("buy"),
        Step("discard 2S"),
        Step("draw"),
        Step("pass"),
        Step("meld 3S 4S 5S 6S 7S | 8H 9H 10H JH QH | 2D 3D 4D 5D 6D"),
    ),
)

# --- Rummy 500, three players: a dig six deep, lay-offs on two opponents' melds ------------

_YOU_3 = "KS KH QC 5C 10D 10H 2S"
_BEN_3 = "9S 9D 9H 3S"
_CLEO_3 = "AH AD 4C 7D JH QD"
_PILE_3 = "3H KD 7S 2C 8H 4D 6C"
_CLEO_RUN = "9C 10C JC"
_BEN_SET = "5S 5H 5D"

RUMMY500_THREE = WorkedExample(
    name="rummy500_three", rules="500",
    deal={"hands": [_YOU_3, _BEN_3, _CLEO_3], "discard": _PILE_3,
          "table": [(2, _CLEO_RUN), (1, _BEN_SET)],
          "stock": _rest_of_deck("500", 3, "8C", _YOU_3, _BEN_3, _CLEO_3, _PILE_3, _CLEO_RUN, _BEN_SET)},
    seats=("seat_you", "Ben", "Cleo"), seat=0, face_up=(0, 1, 2),
    steps=(
        Step("take 6"),
        Step("meld KS KH KD"),
        Step("layoff QC on 1"),
        Step("layoff 5C on 2"),
        Step("discard 2C"),
        Step("draw"),
        Step("meld 9S 9D 9H"),
        Step("layoff 8C on 1"),
        Step("discard 3S"),
    ),
)


# --- Contract Rummy, four players: a contested buy and the hand-7 ending --------------------

_YOU_4 = "3S 4S 5S 6S 8H 9H 10H JH QH 2C 3C 4C"
_BEN_4 = "6C 7C 8C 9D 10D JD KH 2H 5H 8S 9S JS"
_CLEO_4 = "5C QS QC 3H 4H 6H KC 10C 2D 3D JK 7D"
_DANA_4 = "AS 2S 8D 9C 10S KS QD KD 4D 5D 6D 7H"

CONTRACT_CONTESTED_BUY = WorkedExample(
    name="contract_contested_buy", rules="contract",
    deal={"hands": [_YOU_4, _BEN_4, _CLEO_4, _DANA_4], "discard": "AH", "to_move": 2, "hand": 7,
          "scores": [45, 60, 50, 70],
          "stock": _rest_of_deck("contract", 4, "9H#2 JC 7S AC", _YOU_4, _BEN_4, _CLEO_4,
                                 _DANA_4, "AH")},
    seats=("seat_you", "Ben", "Cleo", "Dana"), seat=0, face_up=(0, 1),
    steps=(
        Step("draw"),
        Step("pass"),
        Step("pass"),
        Step("pass"),
        Step("discard 5C"),
        Step("draw"),
        Step("buy"),
        Step("buy"),
        Step("discard JC"),
        Step("draw"),
        Step("pass"),
        Step("pass"),
        Step("meld 3S 4S 5S 6S 7S | 8H 9H 10H JH QH | AC 2C 3C 4C 5C"),
    ),
)

EXAMPLES = {e.name: e for e in (THIRTY_POINTS, RUMMY_VARIANT, RUMMY500_DIG, CONTRACT_LAST_HAND,
                                RUMMY500_THREE, CONTRACT_CONTESTED_BUY)}


def get_example(name: str) -> WorkedExample:
    """A worked example by name (see :data:`EXAMPLES`)."""
    try:
        return EXAMPLES[name]
    except KeyError:
        raise KeyError(f"no worked example {name!r}; examples are {', '.join(EXAMPLES)}") from None
