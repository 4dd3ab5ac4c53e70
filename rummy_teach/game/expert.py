"""The expert computer player: the hard player's plan, with its melds kept back and
its two real choices looked at one draw deeper.

**Melds kept in hand.** The hard player (:mod:`rummy_teach.game.planning`) lays every meld
down as soon as it has one. The expert keeps its melds in hand while every opponent
holds more than :data:`HOLD` cards and its own hand cannot go out this turn: an
opponent cannot lay off on a meld it has not seen, and a hand that goes out all at
once is a rummy (scored double in Basic Rummy). When an opponent is down to
:data:`HOLD` cards it lays them down, so that few points are caught in its hand. In
two-player Basic Rummy against hard this alone takes the expert from even to about
85 % of games (docs/benchmarks.md); in Rummy 500 it gains less. The coach stands on the
same rule (:func:`keeps_melds`): a hint weighs no meld the expert keeps, and says why,
and the review weighs such a meld, when the learner put it down, to the end of the hand.

**Contract Rummy** (:mod:`.contract_play`). The contract goes down as soon as it may
(a contract kept in hand cannot lay off). Before it is down the expert
judges take, discard and buy by the contract's shortfall, the number of cards the hand
still lacks for the whole contract: it takes a discard that shortens it, lets go a card
that keeps it least, and buys only a wild card or a card that brings it within a card
of the contract. Against two hard players it won 394.5 of 600 three-player games (66 %)
and 412 of 600 fresh ones (69 %), where hard's play wins about a third
(docs/benchmarks.md).

**One draw deeper (two-player Basic Rummy).** The hard player judges a hand by how it
looks now: deadwood points, less a share for partial melds whose cards are still live.
The expert weighs which card to take and which to let go one draw ahead: every card
it cannot see could be its next draw; for each, the hand either goes out (worth
:data:`GO_OUT`) or lets its worst card go, and is judged by the hard player's
measure. A discard also pays :data:`FEED` points times the share of sampled opponent
hands (the cards the opponent was seen to take, the rest drawn from the unseen cards)
that would take it into a meld or lay it off.

Everything it reads, its player sees: its own hand, the table, the discard pile, the
cards an opponent was seen to take, hand sizes, and the set of cards it cannot see
(:meth:`~rummy_teach.game.state.Game.unseen_by`, sorted, never in its hidden order).
It costs a few milliseconds a decision: a two-player game of Basic Rummy takes about
a second of CPU, about four times the hard player's.
"""

from __future__ import annotations

from . import planning
from .actions import Action
from .contract_play import contract_action

HOLD = 3           # an opponent with this many cards or fewer: the expert lays its melds down
GO_OUT = 30.0      # points: what going out at the next turn is worth against the hand's measure
DRAWS = 24         # unseen cards weighed as the next draw (an even spread of them when more)
KEEP = 4           # discards weighed one draw deep: the hard player's best few
OPPONENTS = 16     # sampled opponent hands a discard is tried against
FEED = 8.0         # points: the cost of a discard the opponent surely takes or lays off


def expert_action(game, player: int, rng) -> Action:
    """The expert's move for ``player``, the one to act (only what it sees is read)."""
    rules = game.rules
    hard = planning.plan_action(game, player, "hard", rng)
    if rules.ladder:
        return contract_action(game, player, hard)
    basic = not (rules.scores_melds or rules.fanned_discards or game.num_players != 2)
    hard = held_back(game, player, hard, rng)
    if not basic:
        return hard
    if game.phase == "draw" and hard.kind in ("draw", "take") and game.discard_pile and game.stock_size:
        return _draw(game, player)
    if game.phase == "play" and hard.kind == "discard":
        return Action("discard", card=_discard(game, player, hard.card, rng))
    return hard


def keeps_melds(game, player) -> bool:
    """Does ``player`` hold melds the expert would keep in hand now, rather than lay
    down? Only in the play phase of a game with no contracts, with no taken card that
    must be used first, a discard allowed, a meld that may go down, and :func:`_hold`'s
    conditions met. The coach asks this too, so that its hints and reviews keep melds
    back where the expert does."""
    if game.rules.ladder or game.phase != "play" or game.must_use is not None \
            or not planning.allowed_discards(game, player):
        return False
    return bool(ready_melds(game, player)) and _hold(game, player)


def ready_melds(game, player) -> list:
    """The melds of the hard player's arrangement of the hand that may go down now."""
    melds = planning.arrange(game.rules, game.hand(player)).melds
    return [m for m in melds if planning.allowed(game, Action("meld", melds=(m.cards,)))]


def held_back(game, player, action, rng) -> Action:
    """``action`` (the hard player's), or, when it lays a meld down that the expert
    keeps (:func:`keeps_melds`), the hard player's lay-off or discard instead."""
    if action.kind != "meld" or not keeps_melds(game, player):
        return action
    if planning.may_lay_off(game, player):
        layoff = planning.lay_off_action(game, player, "hard", rng)
        if layoff is not None:
            return layoff
    return Action("discard", card=planning.discard_choice(game, player, "hard", rng))


def _hold(game, player) -> bool:
    """Keep the melds in hand this turn? Yes while every opponent holds more than
    :data:`HOLD` cards and this hand cannot go out now (see the module's docstring)."""
    if min(len(game.hand(p)) for p in range(game.num_players) if p != player) <= HOLD:
        return False
    rules = game.rules
    return len(_stuck(game, planning.arrange(rules, game.hand(player)))) > 1


def _stuck(game, arrangement) -> list:
    """The deadwood of ``arrangement`` that no meld on the table takes as a lay-off."""
    return [c for c in arrangement.deadwood if not (game.table and planning.fits_table(game, c))]


class _Look:
    """What the player knows, gathered once a decision."""

    def __init__(self, game, player, rng=None):
        self.game, self.player, self.rules = game, player, game.rules
        self.dead = planning.dead_faces(game, player)
        self.copies = planning.deck_copies(self.rules, game.num_players)
        unseen = sorted(game.unseen_by(player), key=lambda c: c.sort_key())
        step = max(1, len(unseen) / DRAWS)
        self.draws = [unseen[int(i * step)] for i in range(min(DRAWS, len(unseen)))]
        self.unseen = unseen
        self.rng = rng
        self._hands = None

    def opponent_hands(self):
        """Sampled hands of the opponent: the cards it was seen to take, and the rest of
        its hand drawn from the cards the player cannot see."""
        if self._hands is None:
            game, other = self.game, 1 - self.player
            known = game.known_cards(other)
            hidden = len(game.hand(other)) - len(known)
            self._hands = []
            for _ in range(OPPONENTS):
                cards = list(self.unseen)
                self.rng.shuffle(cards)
                self._hands.append(tuple(known) + tuple(cards[:hidden]))
        return self._hands

    def feeds(self, card) -> float:
        """How often the opponent would take ``card`` into a meld (or lay it off)."""
        game = self.game
        if game.table and planning.fits_table(game, card):
            return 1.0
        hits = 0
        for hand in self.opponent_hands():
            if any(card in m.cards for m in planning.arrange(self.rules, hand + (card,)).melds):
                hits += 1
        return hits / OPPONENTS

    def after_draw(self, cards, forbidden=None) -> float:
        """The measure of ``cards`` (a hand just after drawing) once its worst card is
        let go, or -:data:`GO_OUT` when it can go out now."""
        rules, game = self.rules, self.game
        wood = _stuck(game, planning.arrange(rules, tuple(cards)))
        if len(wood) <= 1 and (not wood or wood[0] != forbidden or len(cards) == 1):
            return -GO_OUT
        costs = self._costs(wood)
        drop = max((cost for card, cost in costs if card != forbidden), default=0.0)
        return sum(cost for _, cost in costs) - drop

    def _costs(self, wood):
        """Each deadwood card's share of the hard player's measure: its points, less the
        share for the best partial meld it makes with another deadwood card."""
        rules = self.rules
        return [(a, rules.card_points(a) * (1 - outs * planning.OUT_SHARE))
                for a, outs in zip(wood, planning.live_outs(rules, wood, self.dead, self.copies))]

    def one_draw(self, cards) -> float:
        """The average measure of ``cards`` (a hand after its discard) over the next draw."""
        draws = [c for c in self.draws if c not in cards]
        if not draws:
            return planning.evaluate(self.rules, tuple(cards), self.dead, self.copies, False)
        return sum(self.after_draw(tuple(cards) + (u,)) for u in draws) / len(draws)


def _discard(game, player, hard_choice, rng):
    look = _Look(game, player, rng)
    rules, hand = game.rules, game.hand(player)
    allowed = planning.allowed_discards(game, player)
    if len(allowed) <= 1:
        return hard_choice
    dead, copies = look.dead, look.copies
    quick = []
    for card in dict.fromkeys(allowed):
        rest = tuple(x for x in hand if x != card)
        quick.append((planning.evaluate(rules, rest, dead, copies, False) + planning.danger(game, player, card),
                      card.sort_key(), card))
    quick.sort()
    best = None
    for _, key, card in quick[:KEEP]:
        rest = list(hand)
        rest.remove(card)
        value = look.one_draw(rest) + FEED * look.feeds(card)
        if best is None or (value, key) < best[:2]:
            best = (value, key, card)
    return best[2]


def _draw(game, player) -> Action:
    look = _Look(game, player)
    hand, top = game.hand(player), game.discard_top
    taken = look.after_draw(hand + (top,), forbidden=top)
    drawn = [look.after_draw(hand + (u,)) for u in look.draws]
    stock = sum(drawn) / len(drawn) if drawn else 0.0
    return Action("take") if taken < stock else Action("draw")
