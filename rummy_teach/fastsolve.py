"""The solver's fast path: hands with no wild card and no face held twice.

Such a hand is simply a subset of the 52 faces, so it fits in four 13-bit masks,
one per suit (bit ``rank - 1``; suits in the order S H D C). A card's place in
them is its ``face_index``; packed side by side they make one 52-bit integer. The
search works on the four masks, so that every step is an operation on small
integers, and splits along the two kinds of meld:

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
the same few hundred melds over and over, so each meld's layout is worked out once
(an *entry*), and so are the runs of each suit mask met (a *packing*); the last
``Meld`` of an entry is reused while the hand holds those very cards. None of this
remembers a hand: two hands share only the melds and suit masks they have in common.

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
# A card's bit is its face index (Card.face_index: 13 * suit + rank - 1). A joker gets
# bit 52, above the hand, so that one test after packing a whole hand finds it.
_JOKER = 1 << 52
_BIT = tuple(1 << bit for bit in range(53))  # a card's bit by its face index
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


def tables_built() -> int:
    """How many run and value tables exist in this process."""
    return len(_RUN_TABLES) + len(_VALUE_TABLES)


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
        self.best, self.cover = self.runs.best, self.runs.cover
        # the cards that rule the fast path out: every joker, and wild ranks in all suits
        self.refused = _JOKER | sum(_EVERY_SUIT << (r - 1) for r in rules.wild_ranks if r)
        self.hand_value = _value_table(values)
        self.set_value = _value_table(self.set_weights)  # weight of one card a rank, by mask
        self.min_set = rules.min_set
        self.max_set = 4 if rules.max_set is None else min(rules.max_set, 4)
        self.scores_melds = rules.scores_melds
        self._melds: dict[int, list] = {}  # see _entry
        self._sets: dict[int, list] = {}  # see _set_entry
        self._packings = ({}, {}, {}, {})  # see _packing
        self._set_choices_known: dict[int, list] = {}

    # --- the search ---------------------------------------------------------------
    def held_for_sets(self, s, h, d, c) -> int:
        """Ranks (as a 13-bit mask) held in at least ``min_set`` suits."""
        if self.min_set == 3:
            return (s & h & (d | c)) | (d & c & (s | h))
        if self.min_set == 4:
            return s & h & d & c
        return 0  # one copy of each face cannot make a set of five

    def solve(self, hand: int) -> int:
        """The greatest weight the melds of ``hand`` (packed) can have."""
        s, h, d, c = suit_masks(hand)
        held = self.held_for_sets(s, h, d, c)
        if not held:
            best = self.runs.best
            return best[s] + best[h] + best[d] + best[c]
        return self.solve_with_sets(held, s, h, d, c)[0]

    def solve_with_sets(self, held: int, s, h, d, c) -> tuple[int, int, int, int, int]:
        """(greatest weight, then by suit the cards that sets take in one best
        arrangement) of the hand with suit masks ``s h d c``, whose ranks ``held``
        could make sets.

        A rank none of whose cards a run could use is uncontested: its set is taken,
        as large as the rules allow, and the runs stay as they were. Each contested
        rank offers a few choices (see :meth:`_set_choices`); every combination of
        them is tried, each leaving the rest of the hand to runs. Everything here is
        a 13-bit mask, so each step is a small-integer operation.
        """
        best, cover = self.runs.best, self.runs.cover
        cs, ch, cd, cc = cover[s], cover[h], cover[d], cover[c]
        free = held & ~(cs | ch | cd | cc)  # the uncontested ranks
        ts, th, td, tc = s & free, h & free, d & free, c & free
        if self.max_set < 4:  # a rank in all four suits: its set is the first three
            tc &= ~(s & h & d)
        weight = self.set_value[ts] + self.set_value[th] + self.set_value[td] + self.set_value[tc]
        contested = held ^ free
        s0, h0, d0, c0 = s ^ ts, h ^ th, d ^ td, c ^ tc
        if not contested:
            return weight + best[s0] + best[h0] + best[d0] + best[c0], ts, th, td, tc
        known, combos = self._set_choices_known, None
        while contested:
            bit = contested & -contested
            contested ^= bit
            key = (bit << 8 | (s & bit and 128) | (h & bit and 64) | (d & bit and 32) | (c & bit and 16)
                   | (cs & bit and 8) | (ch & bit and 4) | (cd & bit and 2) | (cc & bit and 1))
            choices = known.get(key) or self._set_choices(key)
            if combos is None:
                combos = choices
            else:
                combos = [(w + w2, x | x2, y | y2, z | z2, v | v2)
                          for w, x, y, z, v in combos for w2, x2, y2, z2, v2 in choices]
        top = -1
        for w, x, y, z, v in combos:
            total = w + best[s0 ^ x] + best[h0 ^ y] + best[d0 ^ z] + best[c0 ^ v]
            if total > top:
                top, pick = total, (x, y, z, v)
        x, y, z, v = pick
        return weight + top, ts | x, th | y, td | z, tc | v

    def _set_choices(self, key: int) -> list[tuple[int, int, int, int, int]]:
        """(weight, then by suit the cards taken) of each choice worth trying for the
        sets of one contested rank.

        ``key`` holds the rank's bit in a suit mask, shifted up by 8, and below it a
        flag for each suit (S H D C) whether the hand has that card, then one for
        each whether some run could use it. Worked out once for each key, then
        looked up. "No set" is a choice, and so is each legal set, unless it leaves
        out a card that no run could use while it still has room for that card
        (adding the card would be at least as good).
        """
        bit = key >> 8
        suits = [i for i in range(4) if key & 128 >> i]
        idle = [i for i in suits if not key & 8 >> i]
        per_card = self.set_weights[bit.bit_length()]
        choices = [(0, 0, 0, 0, 0)]
        for size in range(self.min_set, min(self.max_set, len(suits)) + 1):
            for members in combinations(suits, size):
                if size < self.max_set and any(i not in members for i in idle):
                    continue
                choices.append((size * per_card, *(bit if i in members else 0 for i in range(4))))
        self._set_choices_known[key] = choices
        return choices

    def pack(self, cards) -> int | None:
        """The hand as one 52-bit integer, or None if it needs the general search
        (a joker, a wild card, or a face held twice).

        The cards' bits are added up: two copies of one face would carry into
        another bit, so the sum has fewer bits set than there are cards exactly when
        some face is there twice (adding is a little quicker than or-ing).
        """
        bits, hand = _BIT, 0
        for card in cards:
            hand += bits[card.face_index]
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
        return value[s] + value[h] + value[d] + value[c] - self.solve(hand)

    # --- melds for an arrangement -------------------------------------------------
    def arrange(self, cards):
        """(melds, deadwood, deadwood points, meld points) of a best arrangement, or
        None for the general search.

        :meth:`pack`, in a loop that also files each card in ``at``, a list with one
        slot per face index. The melds are taken out of ``at``, and what is left, read
        in slot order, is the deadwood already sorted by suit and rank. Most random
        hands hold no meld at all; they are answered without building any. The melds
        come sets first, then runs, each kind in the order of its first card.
        """
        bits, hand, at = _BIT, 0, [None] * 53
        for card in cards:
            face = card.face_index
            at[face] = card
            hand += bits[face]  # a face twice carries into another bit: see pack
        if hand & self.refused or hand.bit_count() < len(cards):
            return None
        s, h, d, c = hand & SUIT_MASK, hand >> 13 & SUIT_MASK, hand >> 26 & SUIT_MASK, hand >> 39
        best, value = self.best, self.hand_value
        if self.min_set == 3:  # held_for_sets, written out for the usual rule
            held = (s & h & (d | c)) | (d & c & (s | h))
        else:
            held = self.held_for_sets(s, h, d, c)
        entries = []  # of the melds, in their order (see _entry)
        if held:
            cover = self.cover
            if held & (cover[s] | cover[h] | cover[d] | cover[c]):
                _, ts, th, td, tc = self.solve_with_sets(held, s, h, d, c)
            else:  # no set contested, as in most hands with one: solve_with_sets' first step
                ts, th, td, tc = s & held, h & held, d & held, c & held
                if self.max_set < 4:
                    tc &= ~(s & h & d)
            ranks = ts | th | td | tc  # one set a rank
            # a set's first card is in its lowest suit: the sets whose first card is a
            # spade come first, by rank, then those starting with a heart, ... (a single
            # set, the usual case, has no order to find)
            for firsts in (ranks,) if not ranks & ranks - 1 else (ts, th & ~ts, td & ~(ts | th)):
                while firsts:
                    bit = firsts & -firsts
                    firsts ^= bit
                    key = (bit << 4 | (ts & bit and 8) | (th & bit and 4)
                           | (td & bit and 2) | (tc & bit and 1))
                    entries.append(self._sets.get(key) or self._set_entry(key))
            s, h, d, c = s ^ ts, h ^ th, d ^ td, c ^ tc
            runs = best[s] or best[h] or best[d] or best[c]
        elif best[s] or best[h] or best[d] or best[c]:
            runs = True
        else:  # no meld at all
            return (), tuple(filter(None, at)), value[s] + value[h] + value[d] + value[c], 0
        if runs:
            points = 0
            for suit, mask in enumerate((s, h, d, c)):
                if best[mask]:
                    packing = self._packings[suit].get(mask) or self._packing(suit, mask)
                    entries += packing[0]
                    mask = packing[1]
                points += value[mask]
        else:  # no run
            points = value[s] + value[h] + value[d] + value[c]
        melds = []
        for entry in entries:
            # the meld's cards out of their slots; its last Meld again if they are the same
            slots, read, fields, meld = entry
            cards = read(at)
            for slot in slots:
                at[slot] = None
            if meld is None or meld.cards != cards:
                meld = entry[3] = Meld(cards=cards, **fields)
            melds.append(meld)
        meld_points = sum(m.points(self.rules) for m in melds) if self.scores_melds else 0
        return tuple(melds), tuple(filter(None, at)), points, meld_points

    def _set_entry(self, key: int) -> list:
        """The entry (see :meth:`_entry`) of a set: ``key`` is its rank's bit in a suit
        mask, shifted up by 4, and below it a flag for each suit (S H D C) in it."""
        shift = (key >> 4).bit_length() - 1
        mask = sum(1 << (SUIT_BITS * i + shift) for i in range(4) if key & 8 >> i)
        entry = self._sets[key] = self._entry(mask)
        return entry

    def _packing(self, suit: int, mask: int) -> tuple[tuple[list, ...], int]:
        """(the entries of the runs of one best packing of ``mask``, the cards of suit
        number ``suit``, in the order of their first cards; the cards of ``mask`` they
        leave). Worked out once for each suit and mask."""
        shift = SUIT_BITS * suit
        runs = self.runs.runs(mask)
        entries = sorted((self._entry(run << shift) for run in runs), key=lambda e: e[0][0])
        packing = self._packings[suit][mask] = (tuple(entries), mask ^ sum(runs))
        return packing

    def _entry(self, mask: int) -> list:
        """The entry of the meld of the cards at ``mask`` (bits of a packed hand):
        [its slots in meld order, an itemgetter reading them, its other fields, the
        last ``Meld`` built for it]. One entry for each meld, made on first meeting.

        Building a ``Meld`` costs more than solving the hand, while a rule set meets
        the same few hundred melds over and over (each is a set of faces). So the last
        ``Meld`` built for an entry is reused whenever the hand's cards in its slots
        are equal to its cards (a second copy of a face, ``8♠#2``, is not equal to
        ``8♠``).
        """
        entry = self._melds.get(mask)
        if entry is None:
            slots, fields = self._layout(mask)
            # a meld has three cards or more, so the itemgetter gives back a tuple
            entry = self._melds[mask] = [slots, itemgetter(*slots), fields, None]
        return entry

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
