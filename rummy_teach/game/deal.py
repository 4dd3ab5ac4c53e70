"""Starting positions and the game's record, as data: the first dealer's cut, the checked
starting cards of a given deal (:class:`StartingDeal`, which :class:`~.state.Game` starts
from), and the JSON of a game's rules and history. Nothing here makes a game:
:mod:`.setup` does, from these.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, make_deck, parse_cards, shuffled, cards_text
from ..errors import ImpossiblePositionError, NotationError, RuleOptionError
from ..reasons import Reason, Reasons
from ..rules import RuleSet, get_rules
from .position import position_problems

FORMAT = "rummy-teach-game/1"


def as_rules(rules) -> RuleSet:
    """A rule set, or the named one (``"basic"``, ``"contract"``...)."""
    return rules if isinstance(rules, RuleSet) else get_rules(rules)


def cut_for_dealer(rules: RuleSet, players: int, seed) -> int:
    """The first dealer by a cut: each player turns a card; the lowest deals (the highest
    in Contract Rummy); ties go to the earlier player. Jokers are passed over."""
    deck = [c for c in shuffled(make_deck(*rules.deck_for(players)), f"{seed}/cut") if not c.is_joker]
    ranks = [deck[p].rank for p in range(players)]
    pick = max(ranks) if rules.first_dealer == "highest_cut" else min(ranks)
    return ranks.index(pick)


def check_player(value, players, what):
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise RuleOptionError(f"{what} must be a player number from 0 to {players - 1}, not {value!r}")


@dataclass(frozen=True)
class StartingDeal:
    """Checked starting cards of a hand (what :func:`from_deal` gives :class:`Game`)."""

    hands: tuple
    stock: tuple          # from the top card down
    discard: tuple        # bottom first
    table: tuple          # (owner, Meld, placed_by) triples: who put each card there
    dealer: int
    to_move: int
    hand: int
    scores: tuple | None
    buys: tuple = ()      # buys so far this hand, per player (Contract Rummy)
    constructed: bool = False

    def layout(self):
        return ([list(h) for h in self.hands], list(reversed(self.stock)), list(self.discard),
                list(self.table))

    def to_dict(self, dealer, scores) -> dict:
        table = []
        for owner, meld, placed_by in self.table:
            row = [owner, cards_text(meld.cards, ascii=True)]
            others = {}
            for card, who in zip(meld.cards, placed_by):
                if who != owner:
                    others.setdefault(str(who), []).append(card)
            if others:
                row.append({who: cards_text(cards, ascii=True) for who, cards in others.items()})
            table.append(row)
        made = {"hands": [cards_text(h, ascii=True) for h in self.hands],
                "stock": cards_text(self.stock, ascii=True),
                "discard": cards_text(self.discard, ascii=True),
                "table": table, "dealer": dealer, "to_move": self.to_move, "hand": self.hand,
                "scores": list(scores)}
        if any(self.buys):
            made["buys"] = list(self.buys)
        if self.constructed:
            made["constructed"] = True
        return made


def _table_meld(rules, entry, players):
    """One meld of a position's ``table``: ``(owner, cards)`` or ``(owner, cards, laid_off)``,
    ``laid_off`` saying who laid off which of its cards (``{1: "8C"}``)."""
    if not isinstance(entry, (tuple, list)) or len(entry) not in (2, 3):
        raise NotationError(f"a meld on the table is (owner, cards) or (owner, cards, {{player: cards}}), "
                            f"not {entry!r}")
    owner, text = entry[0], entry[1]
    laid_off = entry[2] if len(entry) == 3 else {}
    check_player(owner, players, "a meld's owner")
    check = rules.check_meld(text)
    if not check.ok:
        raise NotationError(f"{cards_text(check.cards)} on the table is not a meld: {check.explain()}")
    if not isinstance(laid_off, dict):
        raise NotationError(f"who laid off cards on {text!r} is a dict {{player: cards}}, not {laid_off!r}")
    by_card = {}
    for who, cards in laid_off.items():
        who = int(who) if isinstance(who, str) and who.isdigit() else who
        check_player(who, players, "a player who laid off")
        for card in parse_cards(cards):
            if card not in check.meld.cards:
                raise NotationError(f"{card} is said to be laid off on {text!r}, which does not hold it")
            by_card[card] = who
    placed_by = tuple(by_card.get(card, owner) for card in check.meld.cards)
    return owner, check.meld, placed_by


#: the end of a stock written as its top cards and the rest: "AH 9C KH ..." (from_deal)
STOCK_REST = "..."


def stock_text(cards, rest_below: bool) -> str:
    """A stock written as text: its named cards from the top, then ``...`` when every card
    placed nowhere else lies below them (what :func:`stock_top` reads back)."""
    return " ".join(filter(None, (cards_text(cards, ascii=True), STOCK_REST if rest_below else "")))


def stock_top(text: str) -> tuple[str, bool]:
    """A stock written as text, split: the text of the cards it names from the top, and
    whether it ends in ``...`` (every card placed nowhere else lies below them)."""
    text = text.strip()
    if text.endswith(STOCK_REST):
        return text[:-len(STOCK_REST)], True
    return text, False


def starting_deal(rules, hands, stock=None, discard="", *, table=(), dealer: int | None = None,
              to_move: int | None = None, hand: int = 1, scores=None, seed=0, buys=None,
              names=None, constructed: bool = False) -> tuple[RuleSet, StartingDeal]:
    """The rules and the checked :class:`StartingDeal` of :func:`.setup.from_deal` (see
    there), without the game: :class:`~.state.Game` starts from them."""
    rules = as_rules(rules)
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
    table_melds = [_table_meld(rules, entry, players) for entry in table]
    used = [c for h in hand_cards for c in h] + discard_cards + [c for _, m, _ in table_melds for c in m.cards]
    deck = make_deck(*rules.deck_for(players))
    placed = set(used)
    rest_below = False     # "AH 9C ...": these top cards, every card placed nowhere else below
    if stock is None or isinstance(stock, int) and not isinstance(stock, bool):
        rest = shuffled([c for c in deck if c not in placed], f"{seed}/stock")
        size = len(rest) if stock is None else stock
        if not 0 <= size <= len(rest):
            raise NotationError(f"a stock of {size} cards: {len(rest)} cards are not placed elsewhere")
        stock_cards, under = rest[:size], rest[size:]
    else:
        top, rest_below = stock_top(stock) if isinstance(stock, str) else (stock, False)
        stock_cards = list(parse_cards(top))
        under = None
    everything = used + stock_cards
    strange = [c for c in everything if c not in set(deck)]
    if strange:
        raise NotationError(f"{cards_text(strange)} not in the deck of {rules.title} with {players} players")
    repeated = sorted({c for c in everything if everything.count(c) > 1}, key=Card.sort_key)
    if repeated:
        raise NotationError(f"{cards_text(repeated)} used more than once; "
                            "with several decks number the copies (8S#2)")
    if rest_below:
        stock_cards += shuffled([c for c in deck if c not in set(everything)], f"{seed}/stock")
        under = []
    if under is None:
        under = shuffled([c for c in deck if c not in set(everything)], f"{seed}/under")
    if constructed:
        pass                # an illustration may leave cards out of play altogether
    elif under and discard_cards:
        discard_cards = under + discard_cards
    elif under:
        raise NotationError(f"{len(under)} cards of the deck are nowhere: give the discard pile's "
                            "top card (the others lie under it) or the stock's size")
    if scores is not None and (isinstance(scores, (str, bytes)) or not hasattr(scores, "__len__")):
        raise RuleOptionError(f"scores must be a list with one total per player, not {scores!r}")
    start = StartingDeal(tuple(tuple(h) for h in hand_cards), tuple(stock_cards), tuple(discard_cards),
                         tuple(table_melds), dealer, to_move, hand,
                         None if scores is None else tuple(scores), _buys(buys, players), constructed)
    if not constructed:
        problems = position_problems(rules, start, names)
        if problems:
            raise ImpossiblePositionError(Reason("position_impossible", {"why": Reasons(problems)}), problems)
    return rules, start


def _buys(buys, players) -> tuple:
    if buys is None:
        return (0,) * players
    if isinstance(buys, dict):
        for p in buys:
            check_player(p, players, "a player who bought")
        made = tuple(buys.get(p, 0) for p in range(players))
    elif isinstance(buys, (list, tuple)) and len(buys) == players:
        made = tuple(buys)
    else:
        raise RuleOptionError(f"buys must be a list with one count per player, or {{player: count}}, not {buys!r}")
    if not all(isinstance(b, int) and not isinstance(b, bool) and b >= 0 for b in made):
        raise RuleOptionError(f"each player's buys must be a count of 0 or more, not {buys!r}")
    return made


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
