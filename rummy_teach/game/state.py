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

Every rule of play is written once, in :mod:`.judge`; this module only changes the
state once the judge has accepted a move (see the table in :mod:`.judge`).

Protocol (after OpenSpiel): ``judge(action)``, ``legal_actions()``, ``apply(action)``,
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
  drawing, you may meld, lay off and discard your last card, as long as every move
  keeps a way to go out without drawing. Going out this way earns the bonus on top
  of the hand's score.
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
  allowed after the contract. Wild cards caught in hand count the rule set's
  ``wild_hand_value`` (a joker 25, a California queen 25 too). If the stock is empty and the discard pile
  has no card under its top to make a new one (every other card is in the hands or
  on the table), nothing new can come into play: the hand stops ("stalled") and
  everybody is scored as caught.
"""

from __future__ import annotations

from ..cards import Card, make_deck, shuffled
from ..errors import IllegalMoveError, RuleOptionError, UsageError
from ..reasons import Reason, Reasons
from .actions import Action
from .deal import check_player, cut_for_dealer, history_of, starting_deal
from .judge import MoveVerdict, allows, judge, may_lay_off
from .narrate import move_words
from .results import HandResult, game_winners, score_hand
from .table import TableMeld

PHASES = ("draw", "play", "buy", "hand_over", "game_over")


class Game:
    """A game in progress: ``Game("basic", players=2, seed=1)``.

    ``rules`` is a :class:`~rummy_teach.rules.RuleSet` or its name; ``dealer`` defaults
    to a cut drawn from the seed. :func:`~.setup.from_deal` starts from given cards and
    :func:`~.setup.replay` rebuilds a game from its history. Change a game only with
    :meth:`apply`; ask :meth:`judge` what a move would do.
    """

    def __init__(self, rules="basic", players: int = 2, seed=0, dealer: int | None = None, *,
                 start=None):
        from ..rules import RuleSet, get_rules
        rules = rules if isinstance(rules, RuleSet) else get_rules(rules)
        rules.check_players(players)
        if dealer is None:
            dealer = cut_for_dealer(rules, players, seed) if start is None else start.dealer
        check_player(dealer, players, "dealer")
        self.rules, self.seed = rules, seed
        self._n, self._dealer, self._first_dealer = players, dealer, dealer
        self._hand_number, self._scores, self._results, self._winners = 1, [0] * players, [], ()
        self._log, self._phase, self._current = [], "draw", 0
        self._setup = self._start = None
        if start is None:
            self._deal(f"{seed}/1")
            return
        if start.hand != 1 and rules.ladder:
            rules.contract_hand(start.hand)
        self._hand_number = start.hand
        if start.scores is not None:
            if len(start.scores) != players:
                raise RuleOptionError(f"scores needs one total per player ({players}), "
                                      f"got {len(start.scores)}")
            self._scores = [int(s) for s in start.scores]
        self._setup = start.to_dict(dealer, self._scores)
        self._start = start
        self._deal(None, layout=start.layout(), first=start.to_move)

    # --- reading the state ----------------------------------------------------
    def _seat(self, player) -> int:
        if player.__class__ is int and 0 <= player < self._n:  # the usual case, asked often
            return player
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self._n:
            raise UsageError(f"player must be a number from 0 to {self._n - 1}, not {player!r}")
        return player

    @property
    def constructed(self) -> bool:
        """Was this game built from a simplified illustration, a position no real game
        need reach (``from_deal(..., constructed=True)``)? Pages say so when they show it."""
        return bool(self._start and self._start.constructed)

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
    def first_dealer(self) -> int:
        return self._first_dealer

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
        return tuple(self._hands[self._seat(player)])

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self._hands)

    @property
    def table(self) -> tuple[TableMeld, ...]:
        return tuple(self._table)

    def melds_of(self, player: int) -> tuple[TableMeld, ...]:
        return tuple(m for m in self._table if m.owner == self._seat(player))

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
        return self.rules.contract(self._hand_number) if self.rules.ladder else None

    def has_contract_down(self, player: int) -> bool:
        return self._contract_turn[self._seat(player)] is not None

    def contract_turn(self, player: int) -> int | None:
        """The turn number (see :attr:`turn_number`) in which ``player`` laid their contract down."""
        return self._contract_turn[self._seat(player)]

    @property
    def turn_number(self) -> int:
        """Turns begun in this hand, all players together (1 during the first turn)."""
        return self._turn

    def may_lay_off(self, player: int) -> bool:
        """May ``player`` lay off now? (the rule is :func:`.judge.may_lay_off`)"""
        return may_lay_off(self, player)

    def turns_played(self, player: int) -> int:
        """How many turns ``player`` has begun in this hand (1 during their first turn)."""
        return self._turns_taken[self._seat(player)]

    def buys_left(self, player: int) -> int:
        return self.rules.max_buys - self._buys_used[self._seat(player)] if self.rules.buying else 0

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
    def is_booting(self) -> bool:
        """The player to move has put cards down before drawing (booting)."""
        return self._booting

    @property
    def had_cards_down_before_turn(self) -> bool:
        """Had the player to move put anything on the table before this turn? (a rummy
        in Basic Rummy is going out when this is false)"""
        return self._had_put_down

    def natural_faces(self) -> frozenset:
        """The faces of the natural cards on the table (for the Persian rule on jokers)."""
        if not self.rules.persian_joker_layoff:
            return frozenset()  # only the Persian rule on jokers asks what is on the table
        return frozenset(c.face for m in self._table for c in m.meld.cards if not self.rules.is_wild(c))

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
        return tuple(self._known[self._seat(player)])

    def discards_by(self, player: int) -> tuple[Card, ...]:
        """Every card ``player`` discarded this hand, in order."""
        return tuple(self._discards_by[self._seat(player)])

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
    def actions_played(self) -> int:
        """How many player actions the game has seen (its history's length without deals)."""
        return sum(1 for m in self._log if "chance" not in m)

    @property
    def history(self) -> dict:
        """The whole game as JSON-able data: setup plus every action and chance event."""
        return history_of(self, self._setup, [dict(m) for m in self._log])

    def snapshot(self) -> dict:
        """Every field of the state, as plain data: two games with equal snapshots are
        the same game (used to show a refused move changed nothing)."""
        return {key: _plain(value) for key, value in sorted(self.__dict__.items())}

    def clone(self) -> "Game":
        """An independent copy: nothing mutable is shared with this game."""
        new = Game.__new__(Game)
        new.__dict__.update({key: _copy(value) for key, value in self.__dict__.items()})
        return new

    def unseen_by(self, player: int) -> tuple[Card, ...]:
        """The cards ``player`` cannot see: the other hands (less the cards everybody saw
        them take) and the stock. The discard pile counts as seen: every card in it was
        face up once."""
        self._seat(player)
        cards = [c for p in range(self._n) if p != player for c in self._hidden_part(p)]
        return tuple(cards + list(reversed(self._stock)))

    def with_unseen(self, player: int, cards, seed) -> "Game":
        """A copy in which the cards ``player`` cannot see are ``cards`` (a reordering of
        :meth:`unseen_by`), dealt in that order into the same places: each other hand's
        unknown cards, then the stock from the top. The copy has no history and plays
        any reshuffle by ``seed``: a world that agrees with all ``player`` saw (the
        coach samples such worlds and never looks at the real hidden cards)."""
        cards = list(cards)
        if sorted(c.sort_key() for c in cards) != sorted(c.sort_key() for c in self.unseen_by(player)):
            raise UsageError("with_unseen needs exactly the cards the player cannot see, in any order")
        new = self.clone()
        at = 0
        for p in range(self._n):
            if p == player:
                continue
            unknown = len(self._hidden_part(p))
            new._hands[p] = list(self._known[p]) + cards[at:at + unknown]
            at += unknown
        new._stock = list(reversed(cards[at:]))
        new._log, new._setup, new.seed = [], None, seed
        return new

    def _hidden_part(self, p) -> list:
        known = list(self._known[p])
        hidden = []
        for card in self._hands[p]:
            if card in known:
                known.remove(card)
            else:
                hidden.append(card)
        return hidden

    def view(self, player: int) -> dict:
        """Exactly what ``player`` may see, as plain JSON-able data (see :mod:`.view`)."""
        from .view import player_view

        return player_view(self, player)

    @classmethod
    def from_deal(cls, rules, hands, stock=None, discard="", **kwargs) -> "Game":
        """A game whose current hand starts from the given cards (see :func:`.setup.from_deal`)."""
        rules, start = starting_deal(rules, hands, stock, discard, **kwargs)
        return cls(rules, len(start.hands), kwargs.get("seed", 0), start.dealer, start=start)

    def __str__(self) -> str:
        from .view import describe

        return describe(self)

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} players={self._n} hand={self._hand_number} "
                f"phase={self._phase} to_move={self.current_player}>")

    # --- asking the judge ---------------------------------------------------------
    def judge(self, action, names=None) -> MoveVerdict:
        """The verdict on ``action`` for the player to act, with its reasons (no change);
        ``names`` name the players in those reasons."""
        return judge(self, action, names)

    def legal_actions(self) -> list[Action]:
        """The actions the current player may take (see :mod:`.legal` for what is listed)."""
        from .legal import legal_actions

        return legal_actions(self)

    def is_legal(self, action) -> bool:
        return allows(self, Action.parse(action)) is not None

    def layoff_targets(self, card, player: int | None = None) -> tuple[int, ...]:
        """Numbers of the table melds where ``player`` (default: the one to act) may lay
        ``card`` off in this turn: the judge's answer, for highlights on a table. Before
        the draw it answers for the rest of the turn (as if the card were drawn already)."""
        from .legal import layoff_targets

        game = self
        if self._phase == "draw" and not self._booting:
            game = self.clone()
            game._phase, game._drawn = "play", True
        return layoff_targets(game, card, player)

    def may_lay_contract(self, player: int | None = None) -> bool:
        """Could ``player`` (default: the one to act) put a contract down now, if their
        cards held it? True in Contract Rummy during their play before the contract."""
        player = self.current_player if player is None else player
        return (bool(self.rules.ladder) and self._phase == "play" and player == self._current
                and not self.has_contract_down(player))

    def lay_down_choice(self, player: int | None = None):
        """Every contract lay-down open to ``player`` now, as a structured choice
        (:class:`~.legal.LayDownChoice`), or ``None`` when no contract may go down."""
        from .legal import lay_down_choice

        return lay_down_choice(self, player)

    # --- the protocol -----------------------------------------------------------
    def apply(self, action) -> "Game":
        """Play ``action`` (an :class:`Action` or its text) for the current player.

        Judge, then change: an illegal action raises :class:`IllegalMoveError` carrying
        the judge's verdict and reasons, and the game is left exactly as it was. Returns
        the game, so calls can be chained.
        """
        action = Action.parse(action)
        allowed = allows(self, action)   # the decision; its words only for a refusal
        if allowed is None:
            verdict = judge(self, action)
            why = Reasons(verdict.reasons, run_on=True)   # "First draw..." reads on after a colon
            refused = Reason("move_not_allowed", {"action": move_words(self, action), "why": why})
            raise IllegalMoveError(refused, verdict.reasons, verdict)
        self._log.append({"player": self._current, "action": action.text(ascii=True)})
        getattr(self, f"_change_{self._phase}")(action, *allowed)
        return self

    # --- changes (each runs only after the judge accepted the move) ------------------
    def _change_hand_over(self, action, melds, grown):
        self._dealer = (self._dealer + 1) % self._n
        self._hand_number += 1
        self._deal(f"{self.seed}/{self._hand_number}")

    def _change_buy(self, action, melds, grown):
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

    def _change_draw(self, action, melds, grown):
        p = self._current
        if action.kind in ("meld", "layoff", "discard"):  # booting: out before drawing
            self._booting, self._phase = True, "play"
            return self._change_play(action, melds, grown)
        if action.kind == "end":
            return self._end_hand(None, "stock empty")
        if action.kind == "draw":
            self._hands[p].append(self._stock.pop())
            self._drawn, self._phase = True, "play"
            self._open_buy_window()
            return
        depth = action.depth
        chosen = self._discard[-depth]
        taken = self._discard[-depth:]
        del self._discard[-depth:]
        self._hands[p].extend(taken)
        self._known[p].extend(taken)
        self._taken, self._drawn, self._phase = chosen, True, "play"
        if self.rules.take_must_use:
            self._must_use = chosen

    def _change_play(self, action, melds, grown):
        p = self._current
        if action.kind == "meld":
            for meld in melds:
                self._table.append(TableMeld(len(self._table) + 1, p, meld, (p,) * len(meld.cards)))
            if self.rules.ladder and self._contract_turn[p] is None:
                self._contract_turn[p] = self._turn
        elif action.kind == "layoff":
            target = self._table[action.target - 1]
            self._table[action.target - 1] = target.grown(grown, action.card, p)
        if action.kind == "discard":
            self._discard.append(action.card)
            self._discards_by[p].append(action.card)
        else:
            self._put_down[p] = True
        self._remove(p, action.cards)
        if self._must_use in action.cards:
            self._must_use = None
        if self._hands[p]:
            if action.kind == "discard":
                self._start_turn((p + 1) % self._n)
        else:
            self._end_hand(p, "went out")

    def _remove(self, player, cards):
        hand = self._hands[player]
        for card in cards:
            hand.remove(card)
            if card in self._known[player]:
                self._known[player].remove(card)

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
            for owner, meld, placed_by in table:
                self._table.append(TableMeld(len(self._table) + 1, owner, meld, placed_by))
                for who in {owner, *placed_by}:
                    self._put_down[who] = True
                self._contract_turn[owner] = 0
            self._buys_used = list(self._start.buys) or [0] * n
        self._start_turn((self._dealer + 1) % n if first is None else first)



def _copy(value):
    """A copy of ``value`` sharing nothing mutable (cards, melds and rules are frozen)."""
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(_copy(v) for v in value)
    return value


_ATOMS = frozenset((str, int, float, bool, type(None), Card))


def _plain(value):
    """``value`` as plain comparable data (for :meth:`Game.snapshot`). A card stays a
    card (it cannot change, and compares by rank, suit and copy). Leaves are kept
    without a call and the common types are tested first, by exact type: the fuzz
    tests take thousands of snapshots of games whose move log grows."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list or kind is tuple:
        return [v if type(v) in _ATOMS else _plain(v) for v in value]
    if kind is dict:
        return {str(k): v if type(v) in _ATOMS else _plain(v) for k, v in value.items()}
    if isinstance(value, (TableMeld, HandResult)):
        return value.to_dict()
    if hasattr(value, "options") and hasattr(value, "name"):  # the rule set
        return repr(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value
