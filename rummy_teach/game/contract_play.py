"""The expert's Contract Rummy play: every choice before the contract goes down is
judged by the contract's **shortfall**, the number of cards the hand still lacks for it.

In Contract Rummy a hand is nearly always lost by a player whose contract is not down
when somebody goes out: then every card counts against them (55-116 points a hand, on
average by hand number, in 100 games), where a player whose contract is down is caught
with 0-10. The hard player builds towards melds of the contract's kinds, one meld at a
time; the shortfall looks at the contract as a whole: for "one set of 3 and two runs of
4" it is the fewest cards that would turn the best set and the two best runs the hand
holds (disjoint ones) into complete melds, less its wild cards. With it the expert

* **takes the top discard** when it shortens the shortfall (hard takes it only when it
  completes a meld, or is a wild card),
* **lets go a card that keeps the shortfall least** (of those, hard's choice when it is
  one of them, else the one that counts most in hand),
* **buys** a wild card, or a natural card that brings the hand within
  :data:`BUY_WITHIN` card of its contract: a buy brings a penalty card from the stock
  as well, and that is worth it only close to laying the contract down. It never buys
  in a hand whose contract is the whole hand (every card must then go down at once).

Once its contract is down it plays as the hard player does (lays off, and lets go the
card furthest from fitting the table). In hand 7 (three runs, the whole hand at once)
it judges take and discard by the shortfall too; hard lays the hand down when it holds it.

Against two hard players it won 394.5 of 600 three-player games (66 %; hard's play
wins about a third), see docs/benchmarks.md: the take and discard alone won 114 of 200,
judging hand 7 by the shortfall too 129, and buying near the contract 136. The
shortfall is worked out from the cards alone and remembered (a few thousand hands a
game): no unseen card is read.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from . import planning
from .actions import Action

ACE_HIGH = 14   # the ace's place above the king in a run (Q-K-A)
BUY_WITHIN = 1  # a natural card is bought only when the hand then lacks at most this many


def contract_action(game, player, hard: Action) -> Action:
    """The expert's move in Contract Rummy, given the hard player's move ``hard``."""
    rules = game.rules
    if game.has_contract_down(player):
        return hard   # hard lays off, never buys, and keeps cards that may fit the table
    if game.phase == "buy":
        return Action("buy") if _wants_buy(game, player) else Action("pass")
    if game.phase == "draw" and hard.kind in ("draw", "take") and game.discard_pile and game.stock_size:
        return Action("take") if hard.kind == "take" or _shortens(game, player) else Action("draw")
    if game.phase == "play" and hard.kind == "discard" and game.must_use is None:
        return Action("discard", card=_discard(game, player, hard.card))
    return hard


def shortfall(rules, cards, hand_number: int) -> int:
    """How many more cards ``cards`` need to hold hand ``hand_number``'s contract: the
    fewest missing from disjoint partial melds of the kinds and sizes it asks for, less
    the wild cards among ``cards`` (a wild card stands for any missing card)."""
    wild = sum(1 for c in cards if rules.is_wild(c))
    faces = tuple(sorted((c.rank, c.suit) for c in cards if not rules.is_wild(c)))
    needs = tuple((r.kind, r.size) for r in rules.contract(hand_number).requirements)
    return max(0, _missing(faces, needs, rules.ace_high) - wild)


def _shortens(game, player) -> bool:
    """Would the top discard shorten the hand's shortfall?"""
    rules, hand, n = game.rules, game.hand(player), game.hand_number
    return shortfall(rules, hand + (game.discard_top,), n) < shortfall(rules, hand, n)


def _wants_buy(game, player) -> bool:
    """Buy the discard on offer? A wild card, or a card that brings the hand within
    :data:`BUY_WITHIN` of its contract; never in a whole-hand contract."""
    rules, hand, n = game.rules, game.hand(player), game.hand_number
    card = game.buy_offer["card"]
    if rules.contract_hand(n).whole_hand:
        return False
    if rules.is_wild(card):
        return True
    after = shortfall(rules, hand + (card,), n)
    return after < shortfall(rules, hand, n) and after <= BUY_WITHIN


def _discard(game, player, hard_card):
    """The natural card whose loss leaves the least shortfall: hard's choice if it is
    one of those, else the one that counts most if caught in hand."""
    rules, hand, n = game.rules, game.hand(player), game.hand_number
    naturals = [c for c in planning.allowed_discards(game, player) if not rules.is_wild(c)]
    if len(naturals) <= 1:
        return hard_card
    left = {}
    for card in dict.fromkeys(naturals):
        rest = list(hand)
        rest.remove(card)
        left[card] = shortfall(rules, rest, n)
    least = min(left.values())
    keep = [c for c, s in left.items() if s == least]
    if hard_card in keep:
        return hard_card
    return max(keep, key=lambda c: (rules.card_points(c), c.sort_key()))


@lru_cache(maxsize=20000)
def _missing(faces, needs, ace_high) -> int:
    """The fewest cards missing from the natural cards ``faces`` ((rank, suit) pairs) for
    disjoint melds ``needs`` ((kind, size) pairs); ``ace_high``: an ace may end a run
    above the king. Runs are searched (best first, with a bound); the sets then take
    the ranks held most often."""
    counts = Counter(faces)
    runs = [size for kind, size in needs if kind == "run"]
    sets = [size for kind, size in needs if kind == "set"]
    windows = {size: _windows(counts, size, ace_high) for size in set(runs)}
    best = [sum(runs) + sum(sets)]

    def search(i, start, so_far):
        """Place run ``i`` on and after window ``start`` (runs of one size in order)."""
        if so_far >= best[0]:
            return
        if i == len(runs):
            best[0] = min(best[0], so_far + _sets_missing(counts, sets))
            return
        size, mine = runs[i], windows[runs[i]]
        same_next = i + 1 < len(runs) and runs[i + 1] == size
        for j in range(start, len(mine)):
            lower, cells = mine[j]
            if so_far + lower >= best[0]:
                break   # windows are sorted by what they miss in the whole hand
            held = [f for f in cells if counts[f] > 0]
            for f in held:
                counts[f] -= 1
            search(i + 1, j if same_next else 0, so_far + size - len(held))
            for f in held:
                counts[f] += 1
        search(i + 1, len(mine) if same_next else 0, so_far + size)   # a run of wild cards

    search(0, 0, 0)
    return best[0]


def _windows(counts, size, ace_high):
    """Every stretch of ``size`` ranks in a suit (the ace low or high) holding at least
    one of the cards: (cards it misses, faces it holds), fewest missing first."""
    out = []
    for suit in sorted({s for (_, s) in counts}):
        for low in range(1, (ACE_HIGH if ace_high else ACE_HIGH - 1) - size + 2):
            cells = [(1 if r == ACE_HIGH else r, suit) for r in range(low, low + size)]
            held = [f for f in cells if counts[f] > 0]
            if held:
                out.append((size - len(held), held))
    out.sort(key=lambda w: w[0])
    return out


def _sets_missing(counts, sets) -> int:
    """Cards missing for sets of the sizes ``sets``, each from one rank of ``counts``:
    the biggest set from the rank held most often, and so on."""
    if not sets:
        return 0
    by_rank = Counter()
    for (rank, _), n in counts.items():
        by_rank[rank] += n
    held = sorted(by_rank.values(), reverse=True) + [0] * len(sets)
    return sum(max(0, size - have) for size, have in zip(sorted(sets, reverse=True), held))
