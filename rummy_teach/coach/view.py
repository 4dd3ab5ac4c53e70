"""What the learner can see, and worlds that agree with it.

A :class:`LearnerView` is built from a game and a seat, but keeps nothing the seat
cannot see: the cards hidden from it (the other hands, less the cards everybody saw
them take, and the stock) are put back in one fixed order, so two games that differ
only in their hidden cards give equal views (``view.key`` is the same). The coach
then reasons over :meth:`LearnerView.worlds`: copies of the game in which the hidden
cards are shuffled by a seeded generator (determinisation).
"""

from __future__ import annotations

import random

from ..errors import UsageError
from ..reasons import ENGLISH, say, speaking


class LearnerView:
    """The learner's view of ``game`` at ``player``'s seat (``player`` defaults to the
    one to act)."""

    def __init__(self, game, player: int | None = None):
        if not hasattr(game, "unseen_by"):
            raise UsageError(f"a learner's view is taken of a Game, not {type(game).__name__}")
        player = game.current_player if player is None else player
        if player is None:
            raise UsageError(say("coach_game_over"))
        hidden = sorted(game.unseen_by(player), key=lambda c: c.sort_key())
        self.player = player
        self.rules = game.rules
        self._hidden = tuple(hidden)
        self._game = game.with_unseen(player, hidden, seed="coach")
        # everything the seat sees, its words said in English whatever the language in use:
        # the key seeds the sampled worlds, so the same game gets the same advice in every
        # language (the Dutch book's coach lesson once got other hints than the English)
        with speaking(ENGLISH):
            self.key = repr(sorted(self._game.view(player).items()))

    @property
    def game(self):
        """The game with its hidden cards in a fixed order (read what is public from it)."""
        return self._game

    @property
    def unseen_count(self) -> int:
        return len(self._hidden)

    def worlds(self, count: int, seed) -> list:
        """``count`` games that agree with this view, hidden cards shuffled by ``seed``."""
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise UsageError(say("coach_samples_bad", value=count))
        rng = random.Random(f"{seed}/{self.key}")
        worlds = []
        for i in range(count):
            cards = list(self._hidden)
            rng.shuffle(cards)
            worlds.append(self._game.with_unseen(self.player, cards, seed=f"{seed}/world{i}"))
        return worlds
