"""Playing whole games: the state protocol, actions, views and computer players.

Where the rules of play are written, once each: moves in :mod:`.judge` (a table in its
docstring names the function of every rule), scoring and the winner in :mod:`.results`,
melds in :mod:`rummy_teach.melds`, lay-offs too, contracts in
:func:`rummy_teach.solver.find_contract`. The state (:mod:`.state`) only changes what
the judge has accepted; ``legal_actions`` (:mod:`.legal`) lists what it accepts.

>>> from rummy_teach.game import new_game, Bot
>>> game = new_game("basic", players=2, seed=1)
>>> action = Bot("hard", seed=1).act(game)
>>> action.kind in ("draw", "take")
True
"""

from .actions import Action
from .ai import LEVELS, Bot, choose_action
from .results import HandResult
from .position import position_problems
from .setup import cut_for_dealer, from_deal, new_game, replay
from .simulate import make_bots, play_game, play_hand, simulate
from .judge import MoveVerdict, judge
from .state import Game
from .table import TableMeld, lay_off
from .transcript import transcript
from .view import describe, player_view

__all__ = ["Action", "Game", "MoveVerdict", "judge", "HandResult", "TableMeld", "new_game", "from_deal", "replay", "position_problems",
           "cut_for_dealer", "lay_off", "player_view", "describe", "LEVELS", "Bot", "choose_action",
           "make_bots", "play_game", "play_hand", "simulate", "transcript"]
