"""Computer opponents at four levels, for every game.

* ``easy``: legal, plausible play. Takes the top discard now and then when it makes a
  meld, melds what it finds, lays off at random, discards at random.
* ``medium``: a sound greedy player. Takes the discard when it joins a meld (in Basic
  Rummy, early in a hand, also a low card that pairs with one of its own), melds every
  meld of its best arrangement, lays off deadwood, discards its highest deadwood card
  that pairs with nothing; in Contract Rummy it buys a card that joins a meld.
* ``expert`` (:mod:`rummy_teach.game.expert`): the hard player's plan, but it keeps
  its melds in hand until an opponent is down to three cards (no lay-offs for them, and
  a chance of a rummy), and in two-player Basic Rummy it weighs take or draw and its
  discard one draw ahead, against sampled opponent hands; in Contract Rummy it takes,
  discards and buys by how many cards its hand still lacks for the whole contract. A
  few times hard's cost.
* ``hard``: plans with the best-arrangement solver and remembers the table. It values
  deadwood cards that are one live card away from a meld (cards not yet seen on the
  table or in the discard pile), avoids discarding what opponents visibly collect or
  can lay off, lays off everything it can, digs in the Rummy 500 pile only when the
  gain pays for the cards it must pick up, and in Contract Rummy buys only a card
  that completes a meld of its contract.

A bot only reads what its player may see: its own hand, the table, the discard pile
(cards every player saw face up), hand sizes, and the cards opponents were seen to
take. The same seed gives the same choices: ``Bot(level, seed).act(game)`` or
``choose_action(game, player, level, rng)``. The easy, medium and hard players plan in
:mod:`rummy_teach.game.planning`, the expert in :mod:`rummy_teach.game.expert`, on the
same public measures.
"""

from __future__ import annotations

import random

from .actions import Action
from .expert import expert_action
from .planning import plan_action
from ..errors import UsageError

LEVELS = ("easy", "medium", "hard", "expert")


class Bot:
    """A computer player: ``Bot("hard", seed=3).act(game)`` returns its next action."""

    def __init__(self, level: str = "medium", seed=0):
        if level not in LEVELS:
            raise UsageError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        self.level = level
        self.rng = random.Random(seed)

    def act(self, game) -> Action:
        return choose_action(game, game.current_player, self.level, self.rng)

    def __repr__(self) -> str:
        return f"Bot({self.level!r})"


def choose_action(game, player: int, level: str, rng: random.Random) -> Action:
    """The action ``player`` (who must be the one to act) chooses at ``level``."""
    if level not in LEVELS:
        raise UsageError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    if game.current_player != player:
        raise UsageError(f"player {player} is not the one to act (player {game.current_player} is)")
    if game.phase == "hand_over":
        return Action("next")
    if level == "expert":
        return expert_action(game, player, rng)
    return plan_action(game, player, level, rng)
