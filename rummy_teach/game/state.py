"""One game of rummy as a state machine: the same protocol for every rule set.

Glossary
--------
stock         the face-down pile players draw from.
discard pile  the face-up pile; Rummy 500 keeps it fanned so every card shows.
meld          a set or a run put on the table; ``lay off`` adds one card to a meld.
deadwood      the cards still in hand when the hand ends.
go out        get rid of the last card; the hand ends at once.
contract      (Contract Rummy) the melds a player's first lay-down must hold.
buy           (Contract Rummy) take the last discard out of turn, plus a penalty card.

Protocol (after OpenSpiel): ``legal_actions()``, ``apply(action)``,
``current_player``, ``is_hand_over``, ``is_game_over``, ``scores``, ``winners``.
A turn is several actions: a draw (``draw``, ``take``), any melds and lay-offs,
then a ``discard``. In Contract Rummy a buy window may open after the player to
move draws from the stock: every other eligible player answers ``buy`` or ``pass``
in turn order, then the player to move continues. When a hand is over the only
action is ``next``; the deal of every hand is a chance event fixed by the seed.

Interpretations of RULES.md where the text leaves room (each is stated where it acts):

* Rummy 500: the card chosen from the discard pile must be used in a meld or a
  lay-off before the turn ends, whether it is the top card or one dug from deep in the
  pile; a take whose card cannot be used at once is refused.
* Booting (Rummy 500 option ``booting_bonus``): on your first turn of a hand, before
  drawing, you may lay down melds that leave your hand empty (or holding one card that
  you then discard, when a final discard is required). Going out this way, without
  ever drawing, earns the bonus on top of the hand's score.
* Partnership 500: partners 0 & 2 and 1 & 3; every player scores their own melds and
  lay-offs and the team's total is the sum. Lay-offs on a partner's (or anyone's)
  meld are allowed as in the standard game, so "free lay-offs" adds no restriction.
* Persian Rummy: a joker may be laid off only where every natural card it could stand
  for is already on the table (otherwise the natural card is still playable).
* Basic Rummy: the stock "runs out" when a player must draw and it is empty; the pile
  is then turned over (its bottom card becomes the top of the new stock). The third
  time, the hand is void. A rummy: going out in the turn in which the player put
  their first cards on the table.
* Contract Rummy: the first lay-down is the contract (exactly its number of melds by
  default); the player's lay-offs start from their next turn, and no new melds are
  allowed after the contract. Wild cards caught in hand count their rank's penalty
  (a joker 25, a California queen 10). If the stock is empty and the discard pile
  has no card under its top to make a new one (every other card is in the hands or
  on the table), nothing new can come into play: the hand stops ("stalled") and
  everybody is scored as caught.
"""

from __future__ import annotations

from ..cards import Card, cards_text, shuffled
from ..errors import IllegalMoveError
from .actions import Action
from .results import HandResult, score_hand, game_winners
from .table import TableMeld, lay_off
from . import legal as _legal

PHASES = ("draw", "play", "buy", "hand_over", "game_over")


class Game:
    """A game in progress. Build one with :func:`new_game`, :meth:`from_deal` or
    :func:`replay`; change it only with :meth:`apply`."""

    # --- reading the state ----------------------------------------------------
    @property
    def num_players(self) -> int:
        return self._n

    @property
    def current_player(self) -> int | None:
        """Who acts now: the player to move, the one asked to buy, or after a hand the
        next dealer (who deals with ``next``). ``None`` once the game is over."""
        return None if self._phase == "game_over" else self._current

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def is_hand_over(self) -> bool:
        return self._phase in ("hand_over", "game_over")

    @property
    def is_game_over(self) -> bool:
        return self._phase == "game_over"

    @property
    def hand_number(self) -> int:
        return self._hand_number

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def scores(self) -> tuple[int, ...]:
        """Cumulative score of each player."""
        return tuple(self._scores)

    @property
    def team_scores(self) -> tuple[int, ...] | None:
        """Partnership 500: the two teams' totals (players 0 & 2, then 1 & 3)."""
        if not self.rules.partnership:
            return None
        return (self._scores[0] + self._scores[2], self._scores[1] + self._scores[3])

    @property
    def hand_results(self) -> tuple[HandResult, ...]:
        return tuple(self._results)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning players once the game is over (several when they share it)."""
        return self._winners

    def hand(self, player: int) -> tuple[Card, ...]:
        return tuple(self._hands[player])

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self._hands)

    @property
    def table(self) -> tuple[TableMeld, ...]:
        return tuple(self._table)

    def melds_of(self, player: int) -> tuple[TableMeld, ...]:
        return tuple(m for m in self._table if m.owner == player)

    @property
    def stock_size(self) -> int:
        return len(self._stock)

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The whole discard pile, bottom first (the top card is last)."""
        return tuple(self._discard)

    @property
    def discard_top(self) -> Card | None:
        return self._discard[-1] if self._discard else None

    @property
    def contract(self):
        """The contract of the hand being played (Contract Rummy), else ``None``."""
        return self.rules.contract(self._hand_number) if self.rules.game == "contract" else None

    def has_contract_down(self, player: int) -> bool:
        return self._contract_turn[player] is not None

    def may_lay_off(self, player: int) -> bool:
        """May ``player`` lay off now (Contract Rummy: from the turn after their contract)?"""
        if self.rules.game != "contract":
            return True
        turn = self._contract_turn[player]
        return turn is not None and turn != self._turn

    def turns_played(self, player: int) -> int:
        """How many turns ``player`` has begun in this hand (1 during their first turn)."""
        return self._turns_taken[player]

    def buys_left(self, player: int) -> int:
        return self.rules.max_buys - self._buys_used[player] if self.rules.buying else 0

    @property
    def must_use(self) -> Card | None:
        """Rummy 500: the card taken from the pile this turn that is not yet on the table."""
        return self._must_use

    @property
    def taken_this_turn(self) -> Card | None:
        """The card the player to move took from the discard pile this turn, if any."""
        return self._taken

    @property
    def has_drawn(self) -> bool:
        return self._drawn

    @property
    def buy_offer(self) -> dict | None:
        """During a buy window: the card, who is being asked and who has called buy."""
        if self._phase != "buy":
            return None
        return {"card": self._discard[-1], "asked": self._current, "called": tuple(self._buy_calls),
                "waiting": tuple(self._buy_queue), "to_move": self._buy_resume}

    def known_cards(self, player: int) -> tuple[Card, ...]:
        """Cards everybody saw ``player`` take from the discard pile (or buy) that are
        still in their hand: public knowledge an attentive player remembers."""
        return tuple(self._known[player])

    def discards_by(self, player: int) -> tuple[Card, ...]:
        """Every card ``player`` discarded this hand, in order."""
        return tuple(self._discards_by[player])

    def card_places(self) -> dict[str, tuple[Card, ...]]:
        """Where every card is (the all-seeing teacher's view, never a player's): keys
        ``"hand 0"``..., ``"stock"`` (top card first), ``"discard"`` (bottom first) and
        ``"meld 1"``... Every card of the game's deck is in exactly one place."""
        places = {f"hand {p}": tuple(h) for p, h in enumerate(self._hands)}
        places["stock"] = tuple(reversed(self._stock))
        places["discard"] = tuple(self._discard)
        for meld in self._table:
            places[f"meld {meld.number}"] = meld.cards
        return places

    @property
    def history(self) -> dict:
        """The whole game as JSON-able data: setup plus every action and chance event."""
        from .setup import history_of

        return history_of(self)

    def clone(self) -> "Game":
        new = Game.__new__(Game)
        for key, value in self.__dict__.items():
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            new.__dict__[key] = value
        return new

    def view(self, player: int) -> dict:
        """Exactly what ``player`` may see, as plain JSON-able data (see :mod:`.view`)."""
        from .view import player_view

        return player_view(self, player)

    @classmethod
    def from_deal(cls, rules, hands, stock=None, discard="", **kwargs) -> "Game":
        """A game whose current hand starts from the given cards (see :func:`.setup.from_deal`)."""
        from .setup import from_deal

        return from_deal(rules, hands, stock=stock, discard=discard, **kwargs)

    def __str__(self) -> str:
        from .view import describe

        return describe(self)

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} players={self._n} hand={self._hand_number} "
                f"phase={self._phase} to_move={self.current_player}>")

    # --- the protocol -----------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The actions the current player may take (see :mod:`.legal` for what is listed)."""
        return _legal.legal_actions(self)

    def is_legal(self, action) -> bool:
        try:
            self.clone().apply(action)
        except IllegalMoveError:
            return False
        return True

    def apply(self, action) -> "Game":
        """Play ``action`` (an :class:`Action` or its text) for the current player.

        An illegal action raises :class:`IllegalMoveError` saying why, and the game is
        left exactly as it was. Returns the game, so calls can be chained.
        """
        action = Action.parse(action)
        handler = getattr(self, f"_do_{self._phase}")
        self._log.append({"player": self._current, "action": action.text(ascii=True)})
        try:
            handler(action)
        except Exception:
            self._log.pop()
            raise
        return self

    # --- errors ---------------------------------------------------------------
    def _refuse(self, action, why: str, reasons=()):
        raise IllegalMoveError(f"{action.text()!s} is not allowed now: {why}", tuple(reasons))

    def _expect(self, action, kinds, what):
        if action.kind not in kinds:
            self._refuse(action, f"{what}; legal now: "
                         + ", ".join(sorted({a.kind for a in self.legal_actions()})))

    def _in_hand(self, action, cards):
        hand = self._hands[self._current]
        seen = set()
        for card in cards:
            if card not in hand:
                self._refuse(action, f"{card} is not in your hand ({cards_text(hand)}).")
            if card in seen:
                self._refuse(action, f"{card} is named twice.")
            seen.add(card)

    # --- phases -----------------------------------------------------------------
    def _do_game_over(self, action):
        self._refuse(action, "the game is over.")

    def _do_hand_over(self, action):
        self._expect(action, ("next",), "the hand is over: 'next' deals the next hand")
        self._dealer = (self._dealer + 1) % self._n
        self._hand_number += 1
        self._deal(f"{self.seed}/{self._hand_number}")

    def _do_buy(self, action):
        self._expect(action, ("buy", "pass"), f"player {self._current} is asked whether to buy "
                     f"{self._discard[-1]}: answer 'buy' or 'pass'")
        if action.kind == "buy":
            self._buy_calls.append(self._current)
        self._buy_queue.pop(0)
        if self._buy_queue:
            self._current = self._buy_queue[0]
            return
        if self._buy_calls:
            buyer = self._buy_calls[0]  # asked in turn order: the first caller is nearest
            card = self._discard.pop()
            self._buys_used[buyer] += 1
            self._hands[buyer].append(card)
            self._known[buyer].append(card)
            for _ in range(self.rules.buy_penalty_cards):
                if not self._stock:
                    self._reshuffle()
                if self._stock:
                    self._hands[buyer].append(self._stock.pop())
            self._last_buy = (buyer, card)
        self._phase, self._current = "play", self._buy_resume
        self._buy_calls = []

    def _do_draw(self, action):
        rules, p = self.rules, self._current
        if action.kind == "meld" and rules.booting_bonus and self._turns_taken[p] == 1:
            return self._boot(action)
        self._expect(action, ("draw", "take", "end"), "first draw a card ('draw' from the stock "
                     "or 'take' from the discard pile)")
        if action.kind == "end":
            if rules.stock_exhausted != "end_hand" or self._stock:
                self._refuse(action, "the hand ends this way only when the stock is empty (Rummy 500).")
            return self._end_hand(None, "stock empty")
        if action.kind == "draw":
            if not self._stock:
                self._refuse(action, "the stock is empty; take from the discard pile"
                             + (" or 'end' the hand." if rules.stock_exhausted == "end_hand" else "."))
            self._hands[p].append(self._stock.pop())
            self._drawn, self._phase = True, "play"
            self._open_buy_window()
            return
        depth = action.depth
        if not self._discard:
            self._refuse(action, "the discard pile is empty.")
        if depth > 1 and not rules.fanned_discards:
            self._refuse(action, f"only the top card of the discard pile may be taken in {rules.title}.")
        if depth > len(self._discard):
            self._refuse(action, f"the discard pile holds only {len(self._discard)} card(s).")
        chosen = self._discard[-depth]
        if rules.fanned_discards and not _legal.usable(self, p, chosen, self._discard[-depth + 1:] if depth > 1 else []):
            self._refuse(action, f"{chosen} must be used at once in a meld or a lay-off, "
                         "and these cards give no way to use it.")
        taken = self._discard[-depth:]
        del self._discard[-depth:]
        self._hands[p].extend(taken)
        self._known[p].extend(taken)
        self._taken, self._drawn, self._phase = chosen, True, "play"
        if rules.fanned_discards:
            self._must_use = chosen

    def _boot(self, action):
        rules, hand = self.rules, self._hands[self._current]
        left = len(hand) - len(action.cards)
        if left != (1 if rules.final_discard_required else 0):
            self._refuse(action, "before drawing, melds may be laid down only to go out at once "
                         "(booting), using " + ("all but one card" if rules.final_discard_required
                                                else "every card") + " in hand.")
        self._meld(action, booting=True)

    def _do_play(self, action):
        self._expect(action, ("meld", "layoff", "discard"), "meld, lay off or discard to end the turn")
        if self._must_use is not None and self._must_use not in action.cards:
            self._refuse(action, f"{self._must_use}, taken from the discard pile, must be used at once: "
                         "meld it or lay it off before anything else.")
        if action.kind == "meld":
            return self._meld(action)
        if action.kind == "layoff":
            return self._lay_off(action)
        self._discard_card(action)

    # --- melding ----------------------------------------------------------------
    def _meld(self, action, booting=False):
        rules, p = self.rules, self._current
        if rules.game == "contract" and self._contract_turn[p] is not None:
            self._refuse(action, "your contract is down; more cards go down only by laying them off "
                         "(from the turn after the contract).")
        self._in_hand(action, action.cards)
        melds = []
        for group in action.melds:
            check = rules.check_meld(group)
            if not check.ok:
                self._refuse(action, f"{cards_text(group)} is not a meld: {check.explain()}", check.reasons)
            melds.append(check.meld)
        left = len(self._hands[p]) - len(action.cards)
        if rules.game == "contract":
            melds = _legal.check_lay_down(self, action, melds, left)
        if rules.final_discard_required and left == 0:
            self._refuse(action, "a final discard is required, so keep one card to discard.")
        for meld in melds:
            self._table.append(TableMeld(len(self._table) + 1, p, meld, (p,) * len(meld.cards)))
        self._remove(p, action.cards)
        self._put_down[p] = True
        if rules.game == "contract":
            self._contract_turn[p] = self._turn
        if self._must_use in action.cards:
            self._must_use = None
        if booting:
            self._booting = True
            self._phase = "play"
        self._check_out()

    def _lay_off(self, action):
        rules, p = self.rules, self._current
        self._in_hand(action, [action.card])
        if not 1 <= action.target <= len(self._table):
            self._refuse(action, f"there is no meld number {action.target}; the table has "
                         f"{len(self._table)} meld(s).")
        if rules.game == "contract":
            if self._contract_turn[p] is None:
                self._refuse(action, "lay-offs start only after your contract is down.")
            if self._contract_turn[p] == self._turn:
                self._refuse(action, "lay-offs start on your turn after the one you laid your contract down in.")
        if rules.final_discard_required and len(self._hands[p]) == 1:
            self._refuse(action, "a final discard is required, so keep one card to discard.")
        target = self._table[action.target - 1]
        new, reason = lay_off(rules, target.meld, action.card, action.end, self._natural_faces())
        if new is None:
            self._refuse(action, reason.text(), (reason,))
        front = new.cards[0] == action.card
        placed = (p,) + target.placed_by if front else target.placed_by + (p,)
        self._table[action.target - 1] = TableMeld(target.number, target.owner, new, placed)
        self._remove(p, [action.card])
        self._put_down[p] = True
        if self._must_use == action.card:
            self._must_use = None
        self._check_out()

    def _natural_faces(self) -> frozenset:
        if not self.rules.persian_joker_layoff:
            return frozenset()  # only the Persian rule on jokers asks what is on the table
        return frozenset(c.face for m in self._table for c in m.meld.cards if not self.rules.is_wild(c))

    def _discard_card(self, action):
        rules, p = self.rules, self._current
        hand = self._hands[p]
        self._in_hand(action, [action.card])
        if self._must_use is not None:
            self._refuse(action, f"{self._must_use}, taken from the discard pile, must be used in a "
                         "meld or a lay-off before the turn ends.")
        if rules.discard_restriction and action.card == self._taken and len(hand) > 1:
            self._refuse(action, f"{action.card} was taken from the discard pile this turn; it may be "
                         "discarded only as your last card.")
        if len(hand) == 1 and rules.game == "contract":
            if self.rules.contract_hand(self._hand_number).whole_hand:
                self._refuse(action, "in this hand you go out only by laying your whole hand down.")
            if not rules.go_out_by_discard:
                self._refuse(action, "going out by discarding is not allowed with these rules.")
        self._remove(p, [action.card])
        self._discard.append(action.card)
        self._discards_by[p].append(action.card)
        if not self._check_out():
            self._start_turn((p + 1) % self._n)

    def _remove(self, player, cards):
        hand = self._hands[player]
        for card in cards:
            hand.remove(card)
            if card in self._known[player]:
                self._known[player].remove(card)

    def _check_out(self) -> bool:
        if self._hands[self._current]:
            return False
        self._end_hand(self._current, "went out")
        return True

    # --- turns, stock, end of hand --------------------------------------------------
    def _start_turn(self, player: int):
        rules = self.rules
        self._current, self._phase = player, "draw"
        self._drawn, self._taken, self._must_use, self._booting = False, None, None, False
        self._turn += 1
        self._turns_taken[player] += 1
        self._had_put_down = self._put_down[player]
        if self._stock:
            return
        if rules.stock_exhausted == "turn_over":
            self._exhaustions += 1
            if self._exhaustions > (rules.stock_turnovers or 0) or not self._discard:
                return self._end_hand(None, "void")
            self._stock = list(reversed(self._discard))
            self._discard = []
        elif rules.stock_exhausted == "reshuffle":
            self._reshuffle()
            if not self._stock:
                self._end_hand(None, "stalled")

    def _reshuffle(self):
        if len(self._discard) < 2:
            return
        self._reshuffles += 1
        top = self._discard.pop()
        self._stock = shuffled(self._discard, f"{self.seed}/{self._hand_number}/reshuffle{self._reshuffles}")
        self._discard = [top]

    def _open_buy_window(self):
        rules, p = self.rules, self._current
        if not rules.buying or not self._discard:
            return
        penalty_ok = len(self._stock) >= rules.buy_penalty_cards or len(self._discard) >= 3
        if not penalty_ok:
            return
        discarder = (p - 1) % self._n if self._turn > 1 else None
        queue = [q % self._n for q in range(p + 1, p + self._n)]
        queue = [q for q in queue if q != discarder and self._buys_used[q] < rules.max_buys]
        if queue:
            self._phase, self._buy_queue, self._buy_calls = "buy", queue, []
            self._buy_resume, self._current = p, queue[0]

    def _end_hand(self, went_out, ending):
        result = score_hand(self, went_out, ending)
        self._results.append(result)
        for i, points in enumerate(result.scores):
            self._scores[i] += points
        self._winners = game_winners(self)
        self._phase = "game_over" if self._winners else "hand_over"
        self._current = (self._dealer + 1) % self._n

    def _deal(self, deal_seed, layout=None, first=None):
        """Start a hand: shuffle by ``deal_seed`` (a chance event) or lay out given cards."""
        from ..cards import make_deck

        rules, n = self.rules, self._n
        if layout is None:
            order = shuffled(make_deck(*rules.deck_for(n)), deal_seed)
            count = rules.cards_dealt(n, self._hand_number)
            hands = [[] for _ in range(n)]
            for i in range(count * n):
                hands[(self._dealer + 1 + i) % n].append(order[i])
            self._discard = [order[count * n]]
            self._stock = list(reversed(order[count * n + 1:]))  # top of the stock is last
            self._log.append({"chance": "deal", "hand": self._hand_number, "seed": deal_seed})
        else:
            hands, self._stock, self._discard, table = layout
            self._log.append({"chance": "deal", "hand": self._hand_number, "layout": True})
        self._hands = hands
        self._table = []
        self._known = [[] for _ in range(n)]
        self._discards_by = [[] for _ in range(n)]
        self._put_down = [False] * n
        self._contract_turn = [None] * n
        self._turns_taken = [0] * n
        self._buys_used = [0] * n
        self._buy_queue, self._buy_calls, self._buy_resume, self._last_buy = [], [], None, None
        self._exhaustions = self._reshuffles = self._turn = 0
        if layout is not None:
            for owner, meld in table:
                self._table.append(TableMeld(len(self._table) + 1, owner, meld, (owner,) * len(meld.cards)))
                self._put_down[owner] = True
                self._contract_turn[owner] = 0
        self._start_turn((self._dealer + 1) % n if first is None else first)


def _init(game: Game, rules, players: int, seed, dealer: int):
    rules.check_players(players)
    game.rules, game._n, game.seed, game._dealer = rules, players, seed, dealer
    game._first_dealer = dealer
    game._hand_number, game._scores, game._results, game._winners = 1, [0] * players, [], ()
    game._log, game._phase, game._current = [], "draw", 0
    return game
