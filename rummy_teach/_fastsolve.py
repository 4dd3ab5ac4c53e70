"""The solver's fast path: hands with no wild card and no face held twice.

Such a hand is simply a subset of the 52 faces, so it fits in four 13-bit masks,
one per suit (bit ``rank - 1``; suits in the order S H D C), packed side by side in
one integer. The search then splits along the two kinds of meld:

* A run lives inside one suit, so the runs of one suit never compete with the runs
  of another. A table built once per rule set gives, for each of the 8,192 possible
  suit masks, the most that runs inside it can be worth (``best``), the run that
  takes the mask's lowest card in such a packing (``pick``, 0 when that card is
  better left out of runs), and every card that some run could use (``cover``).
* A set takes at most one card from each suit. The ranks held in enough suits for a
  set fall out of a few bit operations on the four masks. A set whose cards no run
  could use is uncontested and is simply taken as large as the rules allow. Only
  for contested ranks does the choice matter, and every choice is tried (no set, or
  each legal set of that rank); each try costs four table look-ups for the runs of
  the cards left over.

What a meld is worth (its *weight*) depends on the objective. For the deadwood
objective it is the hand value of its cards: those points stop counting against
the player. For the score objective (Rummy 500, where melds score) the meld's
table points are added as well. The best arrangement has the greatest total
weight, and its deadwood is the hand's value minus the weight of its melds.

Anything else (wild cards, two copies of one face from several decks) goes to the
general search in :mod:`rummy_teach.solver`.
"""

from __future__ import annotations

from itertools import combinations

from .cards import SUITS, Card
from .melds import ACE_HIGH, Meld, card_meld_value

SUIT_BITS = 13
SUIT_MASK = (1 << SUIT_BITS) - 1
FULL_SUIT = SUIT_MASK
_SHIFT = {suit: SUIT_BITS * i for i, suit in enumerate(SUITS)}
_ACE = 1  # bit of the ace in a suit mask; the king is 1 << 12


def pack(cards, not_plain) -> int | None:
    """The hand as one 52-bit integer, or None if it needs the general search.

    ``not_plain`` holds the ranks that rule the fast path out: the wild ranks, and
    0 so that a joker (wild or not) always goes to the general search.
    """
    hand = 0
    for card in cards:
        if card.rank in not_plain:
            return None
        bit = 1 << (_SHIFT[card.suit] + card.rank - 1)
        if hand & bit:  # a second copy of this face
            return None
        hand |= bit
    return hand


def suit_masks(hand: int) -> tuple[int, int, int, int]:
    return (hand & SUIT_MASK, (hand >> 13) & SUIT_MASK, (hand >> 26) & SUIT_MASK, hand >> 39)


class RunTable:
    """For every suit mask: the best weight of runs inside it, and how to get it.

    ``run_weights[p]`` is the weight of a card at run position ``p`` (1 = ace low,
    14 = ace high). Built by a dynamic programme over the masks in increasing order:
    the lowest card of a mask is either left out of runs, or it goes into a run of
    which it is the lowest bit (the ace is bit 0, so it is the lowest bit of Q-K-A
    too); either way a smaller mask is left, and that one is already solved.
    """

    def __init__(self, min_run: int, ace_high: bool, run_weights: tuple[int, ...]):
        starting = [[] for _ in range(SUIT_BITS)]  # runs by their lowest bit
        for low in range(1, 14):
            for length in range(min_run, 14 - low + 1):
                mask = ((1 << length) - 1) << (low - 1)
                starting[low - 1].append((mask, sum(run_weights[low:low + length])))
        if ace_high:
            for length in range(min_run, 14):
                low = ACE_HIGH - length + 1
                mask = _ACE | (((1 << (length - 1)) - 1) << (low - 1))
                starting[0].append((mask, sum(run_weights[low:ACE_HIGH + 1])))
        size = 1 << SUIT_BITS
        best, pick, cover = [0] * size, [0] * size, [0] * size
        for mask in range(1, size):
            lowest = mask & -mask
            rest = mask ^ lowest
            weight, choice, reach = best[rest], 0, cover[rest]
            for run, run_weight in starting[lowest.bit_length() - 1]:
                if run & mask == run:
                    reach |= run
                    if run_weight + best[mask ^ run] > weight:
                        weight, choice = run_weight + best[mask ^ run], run
            best[mask], pick[mask], cover[mask] = weight, choice, reach
        self.best, self.pick, self.cover = best, pick, cover

    def runs(self, mask: int) -> list[int]:
        """The runs of one best packing of ``mask``."""
        found = []
        while mask:
            run = self.pick[mask]
            if run:
                found.append(run)
                mask ^= run
            else:
                mask ^= mask & -mask
        return found


_RUN_TABLES: dict[tuple, RunTable] = {}


def _run_table(min_run, ace_high, run_weights) -> RunTable:
    key = (min_run, ace_high, run_weights)
    if key not in _RUN_TABLES:
        _RUN_TABLES[key] = RunTable(*key)
    return _RUN_TABLES[key]


_VALUE_TABLES: dict[tuple, list[int]] = {}


def _value_table(values) -> list[int]:
    """Points each suit mask counts in hand, for every one of the 8,192 masks."""
    if values not in _VALUE_TABLES:
        _VALUE_TABLES[values] = [sum(values[r + 1] for r in range(13) if mask >> r & 1)
                                 for mask in range(1 << SUIT_BITS)]
    return _VALUE_TABLES[values]


class FastSolver:
    """The fast path for one rule set and one objective ("deadwood" or "score")."""

    def __init__(self, rules, objective: str):
        self.rules = rules
        self.not_plain = frozenset(rules.wild_ranks) | {0}
        scoring = objective == "score" and rules.scores_melds
        values = rules.hand_values

        def weight(rank, position, kind):
            card = Card(rank, "S")
            return values[rank] + (card_meld_value(rules, card, position, kind) if scoring else 0)

        run_weights = (0,) + tuple(weight(1 if p == ACE_HIGH else p, p, "run")
                                   for p in range(1, ACE_HIGH + 1))
        self.set_weights = (0,) + tuple(weight(r, r, "set") for r in range(1, 14))
        self.runs = _run_table(rules.min_run, rules.ace_high, run_weights)
        self.hand_value = _value_table(values)
        self.min_set = rules.min_set
        self.max_set = 4 if rules.max_set is None else min(rules.max_set, 4)

    # --- the search ---------------------------------------------------------------
    def held_for_sets(self, s, h, d, c) -> int:
        """Ranks (as a 13-bit mask) held in at least ``min_set`` suits."""
        if self.min_set == 3:
            return (s & h & (d | c)) | (d & c & (s | h))
        if self.min_set == 4:
            return s & h & d & c
        return 0  # one copy of each face cannot make a set of five

    def solve(self, hand: int) -> tuple[int, int]:
        """(greatest melded weight, cards taken by sets in one best arrangement)."""
        best, cover = self.runs.best, self.runs.cover
        s, h, d, c = masks = suit_masks(hand)
        held = self.held_for_sets(s, h, d, c)
        if not held:
            return best[s] + best[h] + best[d] + best[c], 0
        covered = (cover[s], cover[h], cover[d], cover[c])
        contested = held & (covered[0] | covered[1] | covered[2] | covered[3])
        # uncontested ranks: the largest set the rules allow, nothing to decide
        set_weight, taken = 0, 0
        free = held ^ contested
        while free:
            bit = free & -free
            free ^= bit
            suits = [i for i in range(4) if masks[i] & bit][:self.max_set]
            set_weight += len(suits) * self.set_weights[bit.bit_length()]
            taken |= sum(bit << (SUIT_BITS * i) for i in suits)
        if not contested:
            return set_weight + best[s] + best[h] + best[d] + best[c], taken
        # contested ranks: try every combination of their useful choices
        combos = [(set_weight, taken)]
        while contested:
            bit = contested & -contested
            contested ^= bit
            options = self._set_options(bit, masks, covered)
            combos = [(w + ow, t | ot) for w, t in combos for ow, ot in options]
        top, top_taken = -1, 0
        for weight, cards in combos:
            s, h, d, c = suit_masks(hand & ~cards)
            total = weight + best[s] + best[h] + best[d] + best[c]
            if total > top:
                top, top_taken = total, cards
        return top, top_taken

    def _set_options(self, bit, masks, covered) -> list[tuple[int, int]]:
        """(weight, cards) of each choice worth trying for one contested rank.

        Besides "no set", a set is worth trying unless it leaves out a card that no
        run could use while it still has room for that card: adding the card would
        be at least as good.
        """
        present = [i for i in range(4) if masks[i] & bit]
        idle = [i for i in present if not covered[i] & bit]
        per_card = self.set_weights[bit.bit_length()]
        options = [(0, 0)]
        for size in range(self.min_set, min(self.max_set, len(present)) + 1):
            for suits in combinations(present, size):
                if size < self.max_set and any(i not in suits for i in idle):
                    continue
                options.append((size * per_card, sum(bit << (SUIT_BITS * i) for i in suits)))
        return options

    def min_deadwood(self, cards) -> int | None:
        """Fewest deadwood points, or None when the hand needs the general search."""
        hand = pack(cards, self.not_plain)
        if hand is None:
            return None
        value = self.hand_value
        s, h, d, c = suit_masks(hand)
        return value[s] + value[h] + value[d] + value[c] - self.solve(hand)[0]

    # --- melds for an arrangement -------------------------------------------------
    def arrange(self, cards):
        """(melds, deadwood, deadwood points) of a best arrangement, or None for the
        general search."""
        hand = pack(cards, self.not_plain)
        if hand is None:
            return None
        at = {(_SHIFT[c.suit] + c.rank - 1): c for c in cards}
        _, taken = self.solve(hand)
        melds = []
        s, h, d, c = suit_masks(taken)
        set_ranks = s | h | d | c  # at most one set per rank
        while set_ranks:
            bit = set_ranks & -set_ranks
            set_ranks ^= bit
            rank = bit.bit_length()
            members = [at[SUIT_BITS * i + rank - 1] for i in range(4) if taken >> (SUIT_BITS * i) & bit]
            melds.append(Meld("set", tuple(members), rank=rank))
        used = taken
        for i, suit in enumerate(SUITS):
            for run in self.runs.runs((hand & ~taken) >> (SUIT_BITS * i) & SUIT_MASK):
                melds.append(self._run_meld(run, suit, i, at))
                used |= run << (SUIT_BITS * i)
        # bit order is suit then rank, the order Card.sort_key gives a one-deck hand
        deadwood = tuple(at[p] for p in sorted(at) if not used >> p & 1)
        melds.sort(key=lambda m: (m.kind != "set", m.cards[0].sort_key()))
        value = self.hand_value
        s, h, d, c = suit_masks(hand & ~used)
        return tuple(melds), deadwood, value[s] + value[h] + value[d] + value[c]

    def _run_meld(self, run: int, suit: str, index: int, at) -> Meld:
        """The run as a :class:`Meld`, placing an ace the way the meld check would."""
        ranks = [r for r in range(1, 14) if run >> (r - 1) & 1]
        base = SUIT_BITS * index
        low_meld = Meld("run", tuple(at[base + r - 1] for r in ranks), low=ranks[0], suit=suit)
        if not (self.rules.ace_high and run & _ACE and run >> 12 & 1):
            return low_meld  # no ace next to a king: the ace, if any, plays low
        high = ranks[1:] + [1]
        high_meld = Meld("run", tuple(at[base + r - 1] for r in high), low=high[0], suit=suit)
        if run != FULL_SUIT:
            return high_meld
        # ace to king: either end fits; the meld check keeps the placement scoring more
        if self.rules.scores_melds and high_meld.points(self.rules) > low_meld.points(self.rules):
            return high_meld
        return low_meld


_SOLVERS: dict[tuple[int, str], tuple[object, FastSolver]] = {}


def solver_for(rules, objective: str) -> FastSolver:
    """The fast solver of ``rules``, built on first use and then kept.

    Keyed by the rule set's identity, because hashing a whole rule set on every call
    would cost more than solving a hand; the rule set itself is kept alongside so its
    identity cannot be reused by another object.
    """
    key = (id(rules), objective)
    entry = _SOLVERS.get(key)
    if entry is None or entry[0] is not rules:
        if len(_SOLVERS) > 64:
            _SOLVERS.clear()
        entry = _SOLVERS[key] = (rules, FastSolver(rules, objective))
    return entry[1]
