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

from dataclasses import dataclass

from ..cards import Card, make_deck, parse_cards, shuffled, cards_text
from ..errors import NotationError, RuleOptionError
from ..rules import RuleSet, get_rules
from .state import Game

FORMAT = "rummy-teach-game/1"


def _rules(rules) -> RuleSet:
    return rules if isinstance(rules, RuleSet) else get_rules(rules)


def cut_for_dealer(rules: RuleSet, players: int, seed) -> int:
    """The first dealer by a cut: each player turns a card; the lowest deals (the highest
    in Contract Rummy); ties go to the earlier player. Jokers are passed over."""
    deck = [c for c in shuffled(make_deck(*rules.deck_for(players)), f"{seed}/cut") if not c.is_joker]
    ranks = [deck[p].rank for p in range(players)]
    pick = max(ranks) if rules.first_dealer == "highest_cut" else min(ranks)
    return ranks.index(pick)


def new_game(rules="basic", players: int = 2, seed=0, dealer: int | None = None) -> Game:
    """A new game of ``rules`` (a :class:`RuleSet` or its name) dealt from ``seed``.

    ``dealer`` defaults to the result of a cut drawn from the same seed; the player
    on the dealer's left plays first, and the deal passes left after every hand.
    Same as ``Game(rules, players, seed, dealer)``.
    """
    return Game(rules, players, seed, dealer)


def check_player(value, players, what):
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise RuleOptionError(f"{what} must be a player number from 0 to {players - 1}, not {value!r}")


@dataclass(frozen=True)
class StartingDeal:
    """Checked starting cards of a hand (what :func:`from_deal` gives :class:`Game`)."""

    hands: tuple
    stock: tuple          # from the top card down
    discard: tuple        # bottom first
    table: tuple          # (owner, Meld) pairs
    dealer: int
    to_move: int
    hand: int
    scores: tuple | None

    def layout(self):
        return ([list(h) for h in self.hands], list(reversed(self.stock)), list(self.discard),
                list(self.table))

    def to_dict(self, dealer, scores) -> dict:
        return {"hands": [cards_text(h, ascii=True) for h in self.hands],
                "stock": cards_text(self.stock, ascii=True),
                "discard": cards_text(self.discard, ascii=True),
                "table": [[o, cards_text(m.cards, ascii=True)] for o, m in self.table],
                "dealer": dealer, "to_move": self.to_move, "hand": self.hand, "scores": list(scores)}


def from_deal(rules, hands, stock=None, discard="", *, table=(), dealer: int | None = None,
              to_move: int | None = None, hand: int = 1, scores=None, seed=0) -> Game:
    """A game whose current hand starts from given cards, written as text.

    ``hands``: one card list per player. ``stock``: the stock from its top card down;
    ``None`` puts every other card of the deck there, shuffled by ``seed``.
    ``discard``: the discard pile from the bottom up (its top card last). ``table``:
    melds already down, as ``(owner, "8S 8H 8D")`` pairs. ``dealer`` defaults to the
    player before ``to_move`` (default: player 0 moves first). ``hand`` is the hand's
    number (it picks the contract), ``scores`` the totals so far. Later hands are
    dealt from ``seed``. Cards must be cards of the game's deck, each used once.
    """
    rules = _rules(rules)
    players = len(hands)
    rules.check_players(players)
    if rules.ladder:
        rules.contract_hand(hand)
    to_move = 0 if to_move is None else to_move
    check_player(to_move, players, "to_move")
    dealer = (to_move - 1) % players if dealer is None else dealer
    check_player(dealer, players, "dealer")
    hand_cards = [list(parse_cards(h)) for h in hands]
    discard_cards = list(parse_cards(discard))
    table_melds = []
    for owner, text in table:
        check_player(owner, players, "a meld's owner")
        table_melds.append((owner, rules.check_meld(text)))
    used = [c for h in hand_cards for c in h] + discard_cards + [c for _, m in table_melds for c in m.cards]
    deck = make_deck(*rules.deck_for(players))
    if stock is None:
        rest = [c for c in deck if c not in set(used)]
        stock_cards = shuffled(rest, f"{seed}/stock")
    else:
        stock_cards = list(parse_cards(stock))
    everything = used + stock_cards
    strange = [c for c in everything if c not in set(deck)]
    if strange:
        raise NotationError(f"{cards_text(strange)} not in the deck of {rules.title} with {players} players")
    repeated = sorted({c for c in everything if everything.count(c) > 1}, key=Card.sort_key)
    if repeated:
        raise NotationError(f"{cards_text(repeated)} used more than once; "
                            "with several decks number the copies (8S#2)")
    for owner, check in table_melds:
        if not check.ok:
            raise NotationError(f"{cards_text(check.cards)} on the table is not a meld: {check.explain()}")
    if scores is not None and (isinstance(scores, (str, bytes)) or not hasattr(scores, "__len__")):
        raise RuleOptionError(f"scores must be a list with one total per player, not {scores!r}")
    start = StartingDeal(tuple(tuple(h) for h in hand_cards), tuple(stock_cards), tuple(discard_cards),
                         tuple((o, m.meld) for o, m in table_melds), dealer, to_move, hand,
                         None if scores is None else tuple(scores))
    return Game(rules, players, seed, dealer, start=start)


# --- history ---------------------------------------------------------------------

def _json_option(value):
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, tuple):
        if value and hasattr(value[0], "contract"):
            return [[row.dealt, str(row.contract), row.whole_hand] for row in value]
        return [_json_option(v) for v in value]
    return value


def _from_json_option(name, value):
    if name == "wild_ranks":
        return frozenset(value)
    if name == "ladder":
        return [tuple(row) for row in value]
    if isinstance(value, list):
        return tuple(_from_json_option(name, v) for v in value)
    return value


def rules_to_json(rules: RuleSet) -> tuple[str, dict]:
    defaults = get_rules(rules.name).options      # a property that builds a dict: once
    changed = {k: _json_option(v) for k, v in rules.options.items() if defaults[k] != v}
    return rules.name, changed


def rules_from_json(name: str, options: dict) -> RuleSet:
    return get_rules(name, **{k: _from_json_option(k, v) for k, v in options.items()})


def history_of(game: Game, setup, moves) -> dict:
    name, options = rules_to_json(game.rules)
    return {"format": FORMAT, "rules": name, "options": options, "players": game.num_players,
            "seed": game.seed, "dealer": game.first_dealer, "setup": setup, "moves": moves}


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
                         seed=history["seed"])
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
