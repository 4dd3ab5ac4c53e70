"""Making games: from a seed, from text (a given deal), and from a history.

A game's history is plain JSON-able data::

    {"format": "rummy-teach-game/1", "rules": "basic", "options": {}, "players": 2,
     "seed": 7, "dealer": 1, "setup": null,
     "moves": [{"chance": "deal", "hand": 1, "seed": "7/1"},
               {"player": 0, "action": "draw"}, {"player": 0, "action": "discard KC"}, ...]}

Chance events (each hand's shuffle, named by its seed) sit among the players'
actions; ``replay(history)`` rebuilds the identical game, ``replay(history, upto=k)``
the game after the first ``k`` player actions. A game made by :func:`from_deal`
carries its starting cards in ``setup``.
"""

from __future__ import annotations

import random

from ..errors import NotationError
from .deal import (FORMAT, StartingDeal, as_rules, check_player, cut_for_dealer,  # noqa: F401
                   history_of, rules_from_json, rules_to_json, starting_deal)
from .state import Game


#: a fresh deal's number is drawn from 1 to this: short enough to read out and to type. The
#: book's tables and the class's tables deal from such a number (``new_game``'s ``seed``)
DEAL_NUMBERS = 99_999


def fresh_deal_number(rng: random.Random | None = None) -> int:
    """A new deal's number, from the system's randomness (or from ``rng``)."""
    return (rng or random.SystemRandom()).randint(1, DEAL_NUMBERS)


def new_game(rules="basic", players: int = 2, seed=0, dealer: int | None = None) -> Game:
    """A new game of ``rules`` (a :class:`RuleSet` or its name) dealt from ``seed``.

    ``dealer`` defaults to the result of a cut drawn from the same seed; the player
    on the dealer's left plays first, and the deal passes left after every hand.
    Same as ``Game(rules, players, seed, dealer)``.
    """
    return Game(rules, players, seed, dealer)


def from_deal(rules, hands, stock=None, discard="", *, table=(), dealer: int | None = None,
              to_move: int | None = None, hand: int = 1, scores=None, seed=0, buys=None,
              names=None, constructed: bool = False) -> Game:
    """A game whose current hand is at the start of a turn in a given position, written as text.

    ``hands``: one card list per player. ``stock``: the stock from its top card down;
    ending in ``...`` (``"AH 9C KH ..."``), those top cards with every card not placed
    elsewhere below them, shuffled by ``seed``; or how many cards it holds (taken from the
    cards not placed elsewhere, shuffled); ``None`` puts every card not placed elsewhere
    there. ``discard``: the
    discard pile from the bottom up (its top card last); cards the position places
    nowhere else lie under it. ``table``: melds already down, as ``(owner, "8S 8H 8D")``
    or, with cards others laid off on it, ``(owner, "8S 8H 8D 8C", {1: "8C"})``.
    ``dealer`` defaults to the player before ``to_move`` (default: player 0 moves first).
    ``hand`` is the hand's number (it picks the contract), ``scores`` the totals so far,
    ``buys`` the buys made so far this hand (a list, or ``{player: count}``). Later hands
    are dealt from ``seed``. ``names`` name the players in the reasons of a refusal.

    The position must be one a real game can reach (see :mod:`.position`): otherwise
    :class:`~rummy_teach.errors.ImpossiblePositionError` says every reason. A simplified
    illustration is built with ``constructed=True``: it is not checked, and the game says
    so (:attr:`Game.constructed`), for the page to show it as such.
    """
    rules, start = starting_deal(rules, hands, stock, discard, table=table, dealer=dealer,
                                 to_move=to_move, hand=hand, scores=scores, seed=seed, buys=buys,
                                 names=names, constructed=constructed)
    return Game(rules, len(start.hands), seed, start.dealer, start=start)


def replay(history: dict, upto: int | None = None) -> Game:
    """Rebuild the game a history describes, after its first ``upto`` player actions
    (all of them by default). Chance events are checked against the seed."""
    if history.get("format") != FORMAT:
        raise NotationError(f"not a game history (format {history.get('format')!r}, expected {FORMAT!r})")
    rules = rules_from_json(history["rules"], history.get("options", {}))
    setup = history.get("setup")
    if setup:
        game = from_deal(rules, setup["hands"], stock=setup["stock"], discard=setup["discard"],
                         table=[tuple(t) for t in setup["table"]], dealer=setup["dealer"],
                         to_move=setup["to_move"], hand=setup["hand"], scores=setup["scores"],
                         seed=history["seed"], buys=setup.get("buys"),
                         constructed=setup.get("constructed", False))
    else:
        game = new_game(rules, history["players"], history["seed"], history["dealer"])
    done = 0
    chances = [m for m in history["moves"] if "chance" in m]
    for move in history["moves"]:
        if "chance" in move:
            continue
        if upto is not None and done >= upto:
            break
        game.apply(move["action"])
        done += 1
    made = [m for m in game.history["moves"] if "chance" in m]
    if made != chances[:len(made)]:
        raise NotationError("the history's chance events do not match its seed")
    return game
