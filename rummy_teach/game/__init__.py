"""Playing whole games: the state protocol, actions, views and computer players.

>>> from rummy_teach.game import new_game, Bot
>>> game = new_game("basic", players=2, seed=1)
>>> action = Bot("hard", seed=1).act(game)
>>> action.kind in ("draw", "take")
True
"""

from .actions import Action
from .ai import LEVELS, Bot, choose_action
from .results import HandResult
from .setup import cut_for_dealer, from_deal, new_game, replay
from .simulate import make_bots, play_game, play_hand, simulate
from .state import Game
from .table import TableMeld, lay_off
from .transcript import transcript
from .view import describe, player_view

__all__ = ["Action", "Game", "HandResult", "TableMeld", "new_game", "from_deal", "replay",
           "cut_for_dealer", "lay_off", "player_view", "describe", "LEVELS", "Bot", "choose_action",
           "make_bots", "play_game", "play_hand", "simulate", "transcript"]
