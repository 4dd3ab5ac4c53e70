"""Worked examples: scripted hands that a lesson shows step by step.

A :class:`WorkedExample` is pure engine data: a starting deal (the arguments of
:func:`~rummy_teach.game.from_deal`), a list of :class:`Step` (an action in its
text form and a caption), the seat the example is told from and the seats whose
hands it shows face up. Every number a caption quotes is computed by the engine:
captions are templates filled from :meth:`WorkedExample.facts` of the game after
the step (``{score[0]}``, ``{hand_score[0]}``, ``{deadwood[1]}``, ...), never typed in.

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

from .cards import cards_text, make_deck, parse_cards
from .game import Game, from_deal, replay
from .rules import get_rules
from .errors import UsageError


@dataclass(frozen=True)
class Step:
    """One step: ``action`` (text, played by whoever is to act) and its ``caption``.

    ``action=None`` is a step that only talks (the opening step shows the deal).
    """

    action: str | None
    caption: str


@dataclass(frozen=True)
class WorkedExample:
    """A scripted hand. ``deal`` holds :func:`~rummy_teach.game.from_deal`'s keyword
    arguments (``hands``, ``stock`` top first, ``discard`` bottom first, ``table``,
    ``hand``, ``scores``...); ``names`` names the seats; ``seat`` is the learner's
    seat; ``face_up`` lists the seats whose hands are shown (the captions say so)."""

    name: str
    title: str
    rules: str
    deal: dict
    steps: tuple[Step, ...]
    names: tuple[str, ...]
    seat: int = 0
    face_up: tuple[int, ...] = ()
    intro: str = ""
    extra_facts: dict = field(default_factory=dict)

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
            "top": str(game.discard_top) if game.discard_top else "nothing",
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
        template = self.steps[step - 1].caption
        fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        if not fields:
            return template
        return template.format(**self.facts(self.game_at(step)))

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
    name="thirty_points_rummy", title="The same hand, gone out with a rummy", rules="basic",
    # the opponent's other six cards already lie on the table as their own run, so that
    # both players still account for the ten cards each was dealt
    deal={"hands": [_YOU_30.replace("9C", "JD"), "KC QD 9S AC"],
          "table": [(1, "2S 3S 4S 5S 6S 7S")],
          "discard": "3C", "stock": _rest_of_deck("basic", 2, "7H", "8S 8H 8D 4H 5H 6H JS JH 2D JD",
                                                    "KC QD 9S AC", "2S 3S 4S 5S 6S 7S", "3C")},
    steps=(Step("draw", "You draw 7♥."),
           Step("meld 8S 8H 8D", "Down go the eights..."),
           Step("meld 4H 5H 6H 7H", "...the run of hearts..."),
           Step("meld JS JH JD", "...and the jacks."),
           Step("discard 2D", "Your last card goes on the discard pile: a rummy, worth "
                              "{hand_score[0]} points.")),
    names=("You", "Opponent"), face_up=(0, 1),
    intro=("The same ending as the 30-point hand, reached as a rummy: nothing of yours is on "
           "the table until the turn you go out. Both hands face up."))


def _rummy_points() -> int:
    return RUMMY_VARIANT.game_at(len(RUMMY_VARIANT.steps)).hand_results[-1].scores[0]


THIRTY_POINTS = WorkedExample(
    name="thirty_points", title="The 30-point hand (Basic Rummy, two players)", rules="basic",
    deal={"hands": [_YOU_30, _THEM_30], "discard": "3C",
          "stock": _rest_of_deck("basic", 2, _TOP_30, _YOU_30, _THEM_30, "3C")},
    names=("You", "Opponent"), seat=0, face_up=(0, 1),
    intro=("Two players, ten cards each. This worked example shows BOTH hands face up so you "
           "can follow every card; at a real table you would see only your own. You hold "
           "8♠ 8♥ 8♦ and 4♥ 5♥ 6♥; the top discard is 3♣."),
    steps=(
        Step("draw", "You draw from the stock: 7♥. Now 4♥ 5♥ 6♥ 7♥ is a run."),
        Step("meld 8S 8H 8D", "You meld the three eights: a set."),
        Step("meld 4H 5H 6H 7H", "You meld the run 4♥ 5♥ 6♥ 7♥."),
        Step("discard 9C", "You discard 9♣ and keep J♠ J♥ 2♦, hoping for a third jack."),
        Step("draw", "The opponent draws from the stock (10♦)."),
        Step("layoff 8C on 1", "The opponent lays off 8♣ on your set of eights: anyone may "
                               "lay off on any meld. Four eights is the most a set can hold."),
        Step("meld 2S 3S 4S 5S 6S", "The opponent melds a run of five spades."),
        Step("discard 10D", "The opponent discards 10♦ and is left with K♣ Q♦ 9♠ A♣."),
        Step("draw", "You draw J♦: three jacks."),
        Step("meld JS JH JD", "You meld the jacks; only 2♦ is left in your hand."),
        Step("discard 2D", "You discard 2♦, your last card: you are out and the hand ends. "
                           "The opponent still holds {left[1]}: {deadwood[1]} points, so you "
                           "score {hand_score[0]}. Had you gone out with a rummy (everything "
                           "down in the one turn), the score would be doubled: {rummy_points}."),
    ),
    extra_facts={"rummy_points": _rummy_points},
)


# --- Rummy 500: a deep dig and a lay-off on the opponent's meld ---------------------------

_YOU_500 = "QH QD 7D KS KH"
_THEM_500 = "JC JD JS 8D"
_PILE_500 = "3C QS 8C 2H 9C"
_TABLE_500 = "4D 5D 6D"

RUMMY500_DIG = WorkedExample(
    name="rummy500_dig", title="Digging deep in the fanned pile (Rummy 500)", rules="500",
    deal={"hands": [_YOU_500, _THEM_500], "discard": _PILE_500,
          "table": [(1, _TABLE_500)],
          "stock": _rest_of_deck("500", 2, "3H", _YOU_500, _THEM_500, _PILE_500, _TABLE_500)},
    names=("You", "Opponent"), seat=0, face_up=(0, 1),
    intro=("A Rummy 500 hand under way, both hands shown face up. The discard pile is fanned: "
           "every card in it shows, bottom 3♣ to top 9♣. The opponent has 4♦ 5♦ 6♦ on the table."),
    steps=(
        Step("take 4", "You dig four deep for Q♠: it comes to your hand with every card "
                       "above it (8♣ 2♥ 9♣). Q♠ must be used at once."),
        Step("meld QS QH QD", "You meld Q♠ Q♥ Q♦: three queens, 30 points on the table for you."),
        Step("layoff 7D on 1", "You lay off 7♦ on the opponent's run. In Rummy 500 the card "
                               "scores for you, the player who laid it off."),
        Step("discard 9C", "You discard 9♣ and keep K♠ K♥ 8♣ 2♥: the dig brought cards "
                           "that now count against you."),
        Step("draw", "The opponent draws from the stock (3♥)."),
        Step("meld JC JD JS", "The opponent melds three jacks."),
        Step("layoff 8D on 1", "The opponent lays off 8♦ on the diamond run."),
        Step("discard 3H", "The opponent discards 3♥, the last card, and goes out. Each "
                           "player scores melded minus deadwood: you {melded[0]} - "
                           "{deadwood[0]} = {hand_score[0]}; the opponent {melded[1]} - "
                           "{deadwood[1]} = {hand_score[1]}."),
    ),
)


# --- Contract Rummy: hand 7, a buy, the whole hand laid down ------------------------------

_YOU_C = "3S 4S 5S 6S 8H 9H 10H JH QH 2D 3D 4D"
_LEFT_C = "KC KD 9C 9D 5D 2C 7C JC AS AH 10C 6C"      # player 1
_RIGHT_C = "QS QC 2H 3H 5H 5C 8C 8D 10S JS KS JK"     # player 2
_TOP_C = "9S 2S 7S 6D"

CONTRACT_LAST_HAND = WorkedExample(
    name="contract_last_hand", title="A buy and the last hand (Contract Rummy, hand 7)",
    rules="contract",
    deal={"hands": [_YOU_C, _LEFT_C, _RIGHT_C], "discard": "KH", "to_move": 1, "hand": 7,
          "scores": [45, 60, 50],
          "stock": _rest_of_deck("contract", 3, _TOP_C, _YOU_C, _LEFT_C, _RIGHT_C, "KH")},
    names=("You", "Left", "Right"), seat=0, face_up=(0,),
    intro=("Hand 7 of Contract Rummy: twelve cards each, and the contract is three runs of "
           "four. In this hand there is no final discard: you go out only by laying your whole "
           "hand down. Only your hand is shown face up. You are one card short: 5♦ would turn 2♦ 3♦ 4♦ into a run of four."),
    steps=(
        Step("draw", "Left draws from the stock. The others are offered K♥, the card turned up "
                     "to start the pile."),
        Step("pass", "Right does not want K♥."),
        Step("pass", "Neither do you: buying costs a penalty card, so buy only what you need."),
        Step("discard 5D", "Left discards 5♦: the card you want."),
        Step("draw", "Right, whose turn it is, had first refusal on 5♦ and drew from the stock "
                     "instead. Now the others may buy 5♦."),
        Step("buy", "You call buy: 5♦ comes to your hand, with one card from the stock as the "
                    "penalty (7♠, as it happens, a lucky one)."),
        Step("discard 2S", "Right discards 2♠."),
        Step("draw", "Your turn: you draw 6♦. Your fifteen cards make three runs."),
        Step("pass", "Left is offered Right's 2♠ and passes."),
        Step("meld 3S 4S 5S 6S 7S | 8H 9H 10H JH QH | 2D 3D 4D 5D 6D",
             "You lay down the contract, three runs of five, and with it your whole hand: "
             "you go out with no discard. Penalties: Left {hand_score[1]}, Right "
             "{hand_score[2]}, you 0. Final totals: you {score[0]}, Left {score[1]}, Right "
             "{score[2]}; the lowest total wins."),
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
    name="rummy500_three", title="A deep dig at a table of three (Rummy 500)", rules="500",
    deal={"hands": [_YOU_3, _BEN_3, _CLEO_3], "discard": _PILE_3,
          "table": [(2, _CLEO_RUN), (1, _BEN_SET)],
          "stock": _rest_of_deck("500", 3, "8C", _YOU_3, _BEN_3, _CLEO_3, _PILE_3, _CLEO_RUN, _BEN_SET)},
    names=("You", "Ben", "Cleo"), seat=0, face_up=(0, 1, 2),
    intro=("Three players, half-way through a Rummy 500 hand; all hands are shown face up so "
           "you can follow every card. Cleo owns the run 9♣ 10♣ J♣, Ben the set 5♠ 5♥ 5♦. "
           "The fanned pile holds seven cards, 3♥ at the bottom, K♦ six from the top. You hold "
           "K♠ K♥: the K♦ would make a set of kings."),
    steps=(
        Step("take 6", "You dig six deep for K♦. Every card above it comes too: 7♠ 2♣ 8♥ 4♦ "
                       "6♣. K♦ is the must-use card: it goes on the table first."),
        Step("meld KS KH KD", "You meld the three kings: 30 points on the table for you."),
        Step("layoff QC on 1", "You lay off Q♣ on Cleo's run of clubs. The card stays with "
                               "Cleo's meld, but its 10 points are yours."),
        Step("layoff 5C on 2", "And 5♣ on Ben's set of fives: 5 more points for you, on "
                               "another opponent's meld."),
        Step("discard 2C", "You discard 2♣. The dig filled your hand: seven cards now wait "
                           "in it, {deadwood[0]} points if the hand ended now."),
        Step("draw", "Ben draws from the stock: 8♣."),
        Step("meld 9S 9D 9H", "Ben melds three nines."),
        Step("layoff 8C on 1", "Ben lays off 8♣ at the low end of Cleo's run; it scores for Ben."),
        Step("discard 3S", "Ben discards 3♠, his last card, and goes out before Cleo ever "
                           "plays. Melded minus left in hand: you {melded[0]} - {deadwood[0]} "
                           "= {hand_score[0]}; Ben {melded[1]} - {deadwood[1]} = "
                           "{hand_score[1]}; Cleo {melded[2]} - {deadwood[2]} = "
                           "{hand_score[2]}. The deep dig earned you 30 in kings but left "
                           "you holding more than that."),
    ),
)


# --- Contract Rummy, four players: a contested buy and the hand-7 ending --------------------

_YOU_4 = "3S 4S 5S 6S 8H 9H 10H JH QH 2C 3C 4C"
_BEN_4 = "6C 7C 8C 9D 10D JD KH 2H 5H 8S 9S JS"
_CLEO_4 = "5C QS QC 3H 4H 6H KC 10C 2D 3D JK 7D"
_DANA_4 = "AS 2S 8D 9C 10S KS QD KD 4D 5D 6D 7H"

CONTRACT_CONTESTED_BUY = WorkedExample(
    name="contract_contested_buy", title="Two players buy the same card (Contract Rummy, hand 7)",
    rules="contract",
    deal={"hands": [_YOU_4, _BEN_4, _CLEO_4, _DANA_4], "discard": "AH", "to_move": 2, "hand": 7,
          "scores": [45, 60, 50, 70],
          "stock": _rest_of_deck("contract", 4, "9H#2 JC 7S AC", _YOU_4, _BEN_4, _CLEO_4,
                                 _DANA_4, "AH")},
    names=("You", "Ben", "Cleo", "Dana"), seat=0, face_up=(0, 1),
    intro=("Hand 7, the last hand, with four players: twelve cards each, and the contract is "
           "three runs of four, all cards at once. Your hand and Ben's are shown face up. You "
           "hold 2♣ 3♣ 4♣ and want 5♣; so does Ben, for 5♣ 6♣ 7♣ 8♣. Cleo is to play first."),
    steps=(
        Step("draw", "Cleo draws from the stock. The others are asked in turn whether they "
                     "want to buy A♥, the card that opened the pile."),
        Step("pass", "Dana passes."),
        Step("pass", "You pass: a buy costs a penalty card, so buy only what you need."),
        Step("pass", "Ben passes."),
        Step("discard 5C", "Cleo discards 5♣: the card both you and Ben want."),
        Step("draw", "Dana, whose turn it is, has first refusal on 5♣. She draws from the "
                     "stock instead, so the others may now buy it."),
        Step("buy", "You call buy."),
        Step("buy", "Ben calls buy too. The card goes to the buyer first in turn order after "
                    "Dana: you. 5♣ comes to your hand with a penalty card from the stock (7♠); "
                    "Ben gets nothing and keeps his buys."),
        Step("discard JC", "Dana discards J♣."),
        Step("draw", "Your turn: you draw A♣. With the bought card and the penalty card you "
                     "hold fifteen cards."),
        Step("pass", "Ben passes on J♣."),
        Step("pass", "So does Cleo."),
        Step("meld 3S 4S 5S 6S 7S | 8H 9H 10H JH QH | AC 2C 3C 4C 5C",
             "You lay down three runs of five, all fifteen cards: the contract, and you are "
             "out with no discard. Penalty points: Ben {hand_score[1]}, Cleo {hand_score[2]}, "
             "Dana {hand_score[3]}. Final totals: you {score[0]}, Ben {score[1]}, Cleo "
             "{score[2]}, Dana {score[3]}; the lowest total wins."),
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
