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

For :meth:`FastSolver.arrange` the answer becomes ``Meld`` values. A rule set meets
the same few hundred melds over and over, so each meld's layout is worked out once,
and its last ``Meld`` is reused while the hand holds those very cards.

Anything else (wild cards, two copies of one face from several decks) goes to the
general search in :mod:`rummy_teach.solver`.
"""

from __future__ import annotations

from itertools import combinations
from operator import itemgetter

from .cards import SUITS, Card
from .melds import ACE_HIGH, Meld, card_meld_value

SUIT_BITS = 13
SUIT_MASK = (1 << SUIT_BITS) - 1
FULL_SUIT = SUIT_MASK
_EVERY_SUIT = 1 | 1 << 13 | 1 << 26 | 1 << 39  # times a rank's bit: that rank in every suit
# A card's bit is _BASE[suit] + rank. A joker (rank 0, no suit) gets bit 52, above the
# hand, so that one test after packing a whole hand finds it.
_BASE = {**{suit: SUIT_BITS * i - 1 for i, suit in enumerate(SUITS)}, None: 52}
_JOKER = 1 << 52
_BIT_VALUE = tuple(1 << bit for bit in range(53))  # looking a bit up beats shifting 1 to it
_MELD = itemgetter(2)
_ACE = 1  # bit of the ace in a suit mask; the king is 1 << 12


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
        scoring = objective == "score" and rules.scores_melds
        values = rules.hand_values

        def weight(rank, position, kind):
            card = Card(rank, "S")
            return values[rank] + (card_meld_value(rules, card, position, kind) if scoring else 0)

        run_weights = (0,) + tuple(weight(1 if p == ACE_HIGH else p, p, "run")
                                   for p in range(1, ACE_HIGH + 1))
        self.set_weights = (0,) + tuple(weight(r, r, "set") for r in range(1, 14))
        self.runs = _run_table(rules.min_run, rules.ace_high, run_weights)
        # the cards that rule the fast path out: every joker, and wild ranks in all suits
        self.refused = _JOKER | sum(_EVERY_SUIT << (r - 1) for r in rules.wild_ranks if r)
        self.hand_value = _value_table(values)
        self.min_set = rules.min_set
        self.max_set = 4 if rules.max_set is None else min(rules.max_set, 4)
        self._melds: dict[int, tuple] = {}  # see _take_meld
        self._set_choices_known: dict[tuple[int, int, int], list] = {}

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
        s, h, d, c = suit_masks(hand)
        held = self.held_for_sets(s, h, d, c)
        if not held:
            best = self.runs.best
            return best[s] + best[h] + best[d] + best[c], 0
        return self.solve_with_sets(hand, held, s, h, d, c)

    def solve_with_sets(self, hand: int, held: int, s, h, d, c) -> tuple[int, int]:
        """:meth:`solve` for a hand whose ranks ``held`` could make sets (``s h d c``:
        its suit masks, which the caller already has).

        Each such rank offers a few choices (see :meth:`_set_choices`); every
        combination of them is tried, each leaving the rest of the hand to runs.
        """
        best, cover = self.runs.best, self.runs.cover
        runnable = cover[s] | cover[h] << 13 | cover[d] << 26 | cover[c] << 39
        known, combos = self._set_choices_known, [(0, 0)]
        while held:
            bit = held & -held
            held ^= bit
            shift = bit.bit_length() - 1
            key = (shift, hand >> shift & _EVERY_SUIT, runnable >> shift & _EVERY_SUIT)
            choices = known.get(key) or self._set_choices(*key)
            if len(choices) == 1:
                (w, t), = choices
                combos = [(cw + w, ct | t) for cw, ct in combos]
            else:
                combos = [(cw + w, ct | t) for cw, ct in combos for w, t in choices]
        top, top_taken = -1, 0
        for weight, cards in combos:
            rest = hand & ~cards  # suit_masks(rest), written out: this is the hot loop
            total = (weight + best[rest & SUIT_MASK] + best[rest >> 13 & SUIT_MASK]
                     + best[rest >> 26 & SUIT_MASK] + best[rest >> 39])
            if total > top:
                top, top_taken = total, cards
        return top, top_taken

    def _set_choices(self, shift: int, present: int, runnable: int) -> list[tuple[int, int]]:
        """(weight, cards) of each choice worth trying for the sets of one rank.

        ``shift`` is the rank's bit in a suit (rank - 1); ``present`` and ``runnable``
        hold, in every suit's lowest bit, whether the hand has that card and whether
        some run could use it. Worked out once for each such key, then looked up.

        A set none of whose cards a run could use is uncontested: the only choice is
        the largest set the rules allow. Otherwise "no set" is a choice too, and so
        is each legal set, unless it leaves out a card that no run could use while it
        still has room for that card (adding the card would be at least as good).
        """
        suits = [i for i in range(4) if present >> (SUIT_BITS * i) & 1]
        idle = [i for i in suits if not runnable >> (SUIT_BITS * i) & 1]
        per_card = self.set_weights[shift + 1]

        def choice(members):
            return len(members) * per_card, sum(1 << (SUIT_BITS * i + shift) for i in members)

        if len(idle) == len(suits):
            choices = [choice(suits[:self.max_set])]
        else:
            choices = [(0, 0)]
            for size in range(self.min_set, min(self.max_set, len(suits)) + 1):
                for members in combinations(suits, size):
                    if size < self.max_set and any(i not in members for i in idle):
                        continue
                    choices.append(choice(members))
        self._set_choices_known[shift, present, runnable] = choices
        return choices

    def pack(self, cards) -> int | None:
        """The hand as one 52-bit integer, or None if it needs the general search
        (a joker, a wild card, or a face held twice)."""
        base, hand = _BASE, 0
        for card in cards:
            hand |= 1 << (base[card.suit] + card.rank)
        if hand & self.refused or hand.bit_count() < len(cards):
            return None
        return hand

    def min_deadwood(self, cards) -> int | None:
        """Fewest deadwood points, or None when the hand needs the general search."""
        hand = self.pack(cards)
        if hand is None:
            return None
        value = self.hand_value
        s, h, d, c = suit_masks(hand)
        return value[s] + value[h] + value[d] + value[c] - self.solve(hand)[0]

    # --- melds for an arrangement -------------------------------------------------
    def arrange(self, cards):
        """(melds, deadwood, deadwood points) of a best arrangement, or None for the
        general search.

        :meth:`pack`, in a loop that also files each card in ``at``, a list with one
        slot per bit. The melds are taken out of ``at`` slot by slot, and what is
        left, read in slot order, is the deadwood already sorted by suit and rank.
        Most random hands hold no meld at all; they are answered without building any.
        """
        base, bit_value, hand, at = _BASE, _BIT_VALUE, 0, [None] * 53
        for card in cards:
            bit = base[card.suit] + card.rank
            at[bit] = card
            hand |= bit_value[bit]
        if hand & self.refused or hand.bit_count() < len(cards):
            return None
        s, h, d, c = hand & SUIT_MASK, hand >> 13 & SUIT_MASK, hand >> 26 & SUIT_MASK, hand >> 39
        value = self.hand_value
        held = self.held_for_sets(s, h, d, c)
        if held:
            weight, taken = self.solve_with_sets(hand, held, s, h, d, c)
        else:
            best = self.runs.best
            weight, taken = best[s] + best[h] + best[d] + best[c], 0
            if not weight:  # no meld at all
                return (), tuple(filter(None, at)), value[s] + value[h] + value[d] + value[c]
        keyed = []  # (0 for a set or 1 for a run, bit of its first card, meld)
        if taken:
            set_ranks = (taken | taken >> 13 | taken >> 26 | taken >> 39) & SUIT_MASK  # one set a rank
            while set_ranks:
                low = set_ranks & -set_ranks
                set_ranks ^= low
                keyed.append(self._take_meld(0, taken & low * _EVERY_SUIT, at))
        best, left = self.runs.best, hand & ~taken
        for shift in (0, 13, 26, 39):
            mask = left >> shift & SUIT_MASK
            if best[mask]:
                for run in self.runs.runs(mask):
                    keyed.append(self._take_meld(1, run << shift, at))
                    left ^= run << shift
        keyed.sort()  # sets first, then runs, each by its first card
        points = (value[left & SUIT_MASK] + value[left >> 13 & SUIT_MASK]
                  + value[left >> 26 & SUIT_MASK] + value[left >> 39])
        return tuple(map(_MELD, keyed)), tuple(filter(None, at)), points

    def _take_meld(self, kind: int, mask: int, at: list) -> tuple[int, int, Meld]:
        """(kind, bit of the first card, the :class:`Meld`) of the cards at ``mask``,
        whose slots in ``at`` are emptied.

        Building a ``Meld`` costs more than solving the hand, while a rule set meets
        the same few hundred melds over and over (each is a set of faces). So each
        meld's layout (which bit plays where, and an ``itemgetter`` that reads those
        slots in that order) is worked out once, and the last ``Meld`` built for it is
        reused whenever the hand's cards there are equal to its cards (a second copy
        of a face, ``8♠#2``, is not equal to ``8♠``).
        """
        known = self._melds.get(mask)
        if known is None:
            bits, fields = self._layout(mask)
            # a meld has three cards or more, so the itemgetter gives back a tuple
            known = self._melds[mask] = (bits, itemgetter(*bits), fields, None)
        bits, read, fields, meld = known
        cards = read(at)
        for bit in bits:
            at[bit] = None
        if meld is None or meld.cards != cards:
            meld = Meld(cards=cards, **fields)
            self._melds[mask] = (bits, read, fields, meld)
        return kind, bits[0], meld

    def _layout(self, mask: int) -> tuple[tuple[int, ...], dict]:
        """The bits of a meld's cards in the meld's order, and its other fields.

        A set has one bit in each of its suits; a run's bits lie in one suit, with
        the ace placed the way the meld check would place it.
        """
        bits = [b for b in range(52) if mask >> b & 1]
        index, rank = divmod(bits[0], SUIT_BITS)
        if bits[-1] // SUIT_BITS != index:
            return tuple(bits), {"kind": "set", "rank": rank + 1}
        run, suit = mask >> (SUIT_BITS * index), SUITS[index]
        ranks = [r for r in range(1, 14) if run >> (r - 1) & 1]
        high = ranks[1:] + [1]  # the ace moved to the top, when it is next to a king

        def meld(order):  # with stand-in cards: layout and points depend on faces only
            return Meld("run", tuple(Card(r, suit) for r in order), low=order[0], suit=suit)

        order = ranks
        if self.rules.ace_high and run & _ACE and run >> 12 & 1:
            # ace to king: either end fits; the meld check keeps the placement scoring more
            if run != FULL_SUIT or (self.rules.scores_melds and
                                    meld(high).points(self.rules) > meld(ranks).points(self.rules)):
                order = high
        return (tuple(SUIT_BITS * index + r - 1 for r in order),
                {"kind": "run", "low": order[0], "suit": suit})


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
