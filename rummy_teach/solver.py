"""The best arrangement of a hand, and the contract check.

:func:`arrange` splits a hand into disjoint legal melds and deadwood so that the
deadwood counts the fewest points (Rummy 500: so that melded minus deadwood is
highest). :func:`min_deadwood` gives just the fewest deadwood points.
:func:`find_contract` looks for a lay-down that holds a hand's contract.

Two ways to the same answer:

* The fast path (:mod:`rummy_teach.fastsolve`) takes every hand with no wild card
  and no face held twice: Basic Rummy, Rummy 500 with one deck, and any other hand
  that happens to qualify. It works on 13-bit suit masks and precomputed tables.
* The general search takes everything else. Identical faces (two 8♠ from two decks)
  are interchangeable, and so are wild cards, so a hand is a count per face plus a
  number of wilds. The counts are packed into one integer, a few bits per face with
  a guard bit on top, so "take this meld out of the hand" is a subtraction and "does
  the hand still hold it" one mask test. A depth-first search always settles the
  lowest face left (it is deadwood, or it goes into one of the melds whose lowest
  face it is) and remembers every position it has solved.

``method="search"`` forces the general search and ``method="fast"`` insists on the
fast path; the tests use them to check that both agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product
from typing import NamedTuple

from . import fastsolve
from .cards import Card, cards_text
from .errors import RuleOptionError
from .melds import ACE_HIGH, Meld, card_meld_value, check_meld
from .reasons import Reason

METHODS = ("auto", "fast", "search")
_new_tuple = tuple.__new__
# (rule set, its fast solver for arrange) of the last call: a game, a lesson or a
# computer player asks about one rule set over and over, and this check is cheaper
# than solver_for's look-up
_last_fast: tuple = (None, None)


class Arrangement(NamedTuple):
    """Melds and deadwood of one hand, with what they count.

    A named tuple rather than a frozen dataclass: just as immutable, and built several
    times faster, which matters to a computer player that arranges thousands of hands.
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    deadwood_points: int
    meld_points: int = 0

    @property
    def score(self) -> int:
        """Melded minus deadwood points (what Rummy 500 scores; elsewhere minus the deadwood)."""
        return self.meld_points - self.deadwood_points

    def text(self) -> str:
        melds = " | ".join(m.text() for m in self.melds) or "no melds"
        return f"{melds} ; deadwood: {cards_text(self.deadwood) or 'none'} ({self.deadwood_points})"

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        from .render import arrangement_html

        return arrangement_html(self)


@dataclass(frozen=True)
class _Candidate:
    usage: int                # packed count of each face used
    wilds: int                # wild cards used
    gain: int                 # meld points it scores (Rummy 500), else 0
    kind: str
    faces: tuple[int, ...]    # face indices used, one entry per card
    size: int


class _Hand:
    """A hand packed for the search: faces, counts and the candidate melds."""

    def __init__(self, rules, cards, scoring: bool = True):
        self.rules = rules
        self.scoring = scoring and rules.scores_melds  # do meld points count?
        self.cards = tuple(cards)
        self.wild_cards = [c for c in cards if rules.is_wild(c)]
        naturals = [c for c in cards if not rules.is_wild(c)]
        self.faces = sorted({c.face for c in naturals}, key=Card.sort_key)
        index = {face: i for i, face in enumerate(self.faces)}
        self.copies = [[] for _ in self.faces]
        for card in naturals:
            self.copies[index[card.face]].append(card)
        counts = [len(c) for c in self.copies]
        self.width = (max(counts, default=1)).bit_length() + 1
        self.units = [1 << (i * self.width) for i in range(len(self.faces))]
        self.guard = sum(u << (self.width - 1) for u in self.units)
        self.start = sum(n * u for n, u in zip(counts, self.units))
        self.values = [rules.card_points(f) for f in self.faces]
        self.wild_value = rules.card_points(self.wild_cards[0]) if self.wild_cards else 0
        self.by_lowest: list[list[_Candidate]] = [[] for _ in self.faces]
        for cand in _dedupe(self._sets() + self._runs()):
            self.by_lowest[min(cand.faces)].append(cand)
        for group in self.by_lowest:  # bigger melds first: good answers early, same result
            group.sort(key=lambda c: (-c.size, -c.gain))

    # --- candidates -----------------------------------------------------------
    def _candidate(self, kind, faces, wilds, positions):
        rules = self.rules
        if rules.natural_majority and wilds >= len(faces):
            return None
        usage = sum(self.units[i] for i in faces)
        gain = 0
        if self.scoring:
            gain = sum(card_meld_value(rules, self.faces[i], p, kind) for i, p in zip(faces, positions))
            gain += wilds * rules.wild_meld_value
        return _Candidate(usage, wilds, gain, kind, tuple(faces), len(faces) + wilds)

    def _sets(self):
        rules, wilds = self.rules, len(self.wild_cards)
        found = []
        by_rank: dict[int, list[int]] = {}
        for i, face in enumerate(self.faces):
            by_rank.setdefault(face.rank, []).append(i)
        for rank, faces in by_rank.items():
            choices = [range(len(self.copies[i]) + 1) for i in faces]
            for counts in product(*choices):
                used = [i for i, n in zip(faces, counts) for _ in range(n)]
                if not used:
                    continue
                for k in range(wilds + 1):
                    size = len(used) + k
                    if size < rules.min_set:
                        continue
                    if rules.max_set is not None and size > rules.max_set:
                        break
                    cand = self._candidate("set", used, k, [rank] * size)
                    if cand:
                        found.append(cand)
        return found

    def _runs(self):
        rules, wilds = self.rules, len(self.wild_cards)
        top = ACE_HIGH if rules.ace_high else 13
        found = []
        for suit in "SHDC":
            at = {}  # run position -> face index
            for i, face in enumerate(self.faces):
                if face.suit == suit:
                    at[face.rank] = i
                    if face.rank == 1 and rules.ace_high:
                        at[ACE_HIGH] = i
            if not at:
                continue
            for low in sorted(at):
                gaps = 0
                for high in range(low, top + 1):
                    if high not in at:
                        gaps += 1
                        if gaps > wilds:
                            break
                        continue
                    length = high - low + 1
                    if length > 13:
                        break
                    held = [p for p in range(low + 1, high) if p in at]
                    # a wild card may also stand where the hand holds the natural card,
                    # which then stays free for another meld (10♠ Q♠ K♠ with a wild as
                    # J♠, beside 10♠ J♠ Q♠ K♠ from the other deck)
                    for freed in range(min(wilds - gaps, len(held)) + 1):
                        for skipped in combinations(held, freed):
                            positions = [low] + [p for p in held if p not in skipped] + [high]
                            if low == high:
                                positions = [low]
                            found += self._run_candidates(at, positions, low, high,
                                                          gaps + freed, wilds, top)
        return found

    def _run_candidates(self, at, positions, low, high, inside, wilds, top):
        """The runs from ``low`` to ``high`` holding the naturals at ``positions`` and a
        wild card at each of the ``inside`` other places, with spare wilds beyond."""
        rules, found = self.rules, []
        faces = [at[p] for p in positions]
        for extra in range(wilds - inside + 1):
            size = high - low + 1 + extra
            if size < rules.min_run:
                continue
            if size > 13:
                break
            # spare wilds extend upwards where there is room, else downwards
            up = min(extra, top - high)
            window = list(range(low - (extra - up), high + up + 1))
            if window[0] < 1:
                break
            filled = positions + [p for p in window if p not in positions]
            cand = self._candidate("run", faces, inside + extra, filled)
            if cand:
                found.append(cand)
        return found

    # --- search ---------------------------------------------------------------
    def lowest_face(self, state: int) -> int:
        return ((state & -state).bit_length() - 1) // self.width

    def fits(self, state: int, usage: int) -> bool:
        return ((state | self.guard) - usage) & self.guard == self.guard


def _dedupe(candidates):
    best: dict[tuple, _Candidate] = {}
    for cand in candidates:
        key = (cand.kind, cand.usage, cand.wilds)
        if key not in best or cand.gain > best[key].gain:
            best[key] = cand
    return list(best.values())


def _solve(hand: _Hand):
    """Best value and choices: value = meld points - deadwood points."""
    memo: dict[tuple[int, int], tuple[int, object]] = {}
    by_lowest, values, units = hand.by_lowest, hand.values, hand.units
    wild_value, fits = hand.wild_value, hand.fits

    def best(state: int, wilds: int) -> int:
        key = (state, wilds)
        if key in memo:
            return memo[key][0]
        if state == 0:
            memo[key] = (-wilds * wild_value, None)
            return memo[key][0]
        face = hand.lowest_face(state)
        value = best(state - units[face], wilds) - values[face]
        choice = None
        for cand in by_lowest[face]:
            if cand.wilds <= wilds and fits(state, cand.usage):
                v = best(state - cand.usage, wilds - cand.wilds) + cand.gain
                if v > value:
                    value, choice = v, cand
        memo[key] = (value, choice)
        return value

    best(hand.start, len(hand.wild_cards))
    return memo


def _fast_solver(rules, cards, method: str, objective: str):
    """The fast solver when ``method`` allows it, or None for the general search."""
    if method == "auto":
        return fastsolve.solver_for(rules, objective)
    if method not in METHODS:
        raise RuleOptionError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
    if method == "search":
        return None
    fast = fastsolve.solver_for(rules, objective)
    if method == "fast" and fast.pack(cards) is None:
        raise RuleOptionError(
            f"the fast path needs a hand with no wild card, no joker and no face twice; "
            f"{cards_text(cards)} is not one")
    return fast


def prepare(rules) -> None:
    """Build the fast path's lookup tables for ``rules`` now (both objectives), rather than
    at the first hand it arranges: the book's page snapshot asks for this, so no reader's
    click waits behind it."""
    for objective in ("deadwood", "score"):
        fastsolve.solver_for(rules, objective)


def tables_built() -> int:
    """How many of the fast path's lookup tables this process holds (see :func:`prepare`)."""
    return fastsolve.tables_built()


def arrange(rules, cards, method: str = "auto") -> Arrangement:
    """The arrangement of ``cards`` into melds that leaves the least deadwood.

    Where melds score (Rummy 500) it is the arrangement with the highest melded
    minus deadwood points instead. ``method`` is ``"auto"``, ``"fast"`` or
    ``"search"`` (see the module docstring).
    """
    global _last_fast
    cards = tuple(cards)
    if method == "auto":  # the usual call, spelt out: it runs once per hand solved
        last = _last_fast
        fast = last[1] if last[0] is rules else None
        if fast is None:
            fast = fastsolve.solver_for(rules, "score")
            _last_fast = (rules, fast)
    else:
        fast = _fast_solver(rules, cards, method, "score")
    found = fast.arrange(cards) if fast else None
    if found is not None:
        # tuple.__new__ is Arrangement(*found) without the named tuple's Python-level __new__
        return _new_tuple(Arrangement, found)
    hand = _Hand(rules, cards)
    memo = _solve(hand)
    chosen = []
    state, wilds = hand.start, len(hand.wild_cards)
    while state:
        _, choice = memo[(state, wilds)]
        if choice is None:
            state -= hand.units[hand.lowest_face(state)]
            continue
        chosen.append(choice)
        state -= choice.usage
        wilds -= choice.wilds
    return _build(rules, hand, chosen)


def _build(rules, hand: _Hand, chosen) -> Arrangement:
    """Turn chosen candidates back into physical cards and Meld values."""
    copies = [list(c) for c in hand.copies]
    wild_cards = list(hand.wild_cards)
    melds = []
    for cand in chosen:
        cards = [copies[i].pop(0) for i in cand.faces] + [wild_cards.pop(0) for _ in range(cand.wilds)]
        check = check_meld(rules, tuple(cards), kind=cand.kind)
        assert check.ok, (cards, check.explain())
        melds.append(check.meld)
    deadwood = tuple(sorted([c for group in copies for c in group] + wild_cards, key=Card.sort_key))
    melds.sort(key=lambda m: (m.kind != "set", m.cards[0].sort_key()))
    meld_points = sum(m.points(rules) for m in melds) if rules.scores_melds else 0
    return Arrangement(tuple(melds), deadwood, rules.hand_points(deadwood), meld_points)


def min_deadwood(rules, cards, method: str = "auto") -> int:
    """Just the fewest deadwood points the cards can be left with.

    Meld points play no part, even in Rummy 500: there the arrangement that scores
    best (:func:`arrange`) may keep more deadwood than this minimum, when melding
    differently scores more on the table.
    """
    cards = tuple(cards)
    fast = _fast_solver(rules, cards, method, "deadwood")
    points = fast.min_deadwood(cards) if fast else None
    if points is not None:
        return points
    hand = _Hand(rules, cards, scoring=False)
    memo = _solve(hand)
    return -memo[(hand.start, len(hand.wild_cards))][0]


# --- contracts -----------------------------------------------------------------------

@dataclass(frozen=True)
class ContractCheck:
    """Whether cards hold a hand's contract, with the lay-down that does and the reasons."""

    ok: bool
    hand: int
    contract: object
    melds: tuple[Meld, ...]
    rest: tuple[Card, ...]
    reasons: tuple[Reason, ...]

    def __bool__(self) -> bool:
        return self.ok

    def explain(self) -> str:
        return "\n".join(r.text() for r in self.reasons)


def find_contract(rules, cards, hand: int, whole_hand: bool | None = None,
                  before_draw: bool = False) -> ContractCheck:
    """Look for melds that hold hand ``hand``'s contract; keep the lay-down that leaves the
    fewest points in hand. Two identical melds (copies from two decks) are two melds.

    In a whole-hand hand (hand 7: ``whole_hand`` defaults to the ladder's word) every
    card must go down at once, and the cards are the hand after the draw: the dealt
    count plus one (13), or with ``before_draw`` the dealt count (12), asked before
    the draw. An explicit ``whole_hand=True`` judges every given card, whatever their
    number (the game uses it on a player's actual hand)."""
    rung = rules.contract_hand(hand)
    if whole_hand is None:
        whole_hand = rung.whole_hand
        expected = rung.dealt + (0 if before_draw else 1)
        if whole_hand and len(cards) != expected:
            when = Reason("when_before_draw" if before_draw else "when_after_draw")
            return ContractCheck(False, hand, rung.contract, (), tuple(cards), (
                Reason("contract_wrong_card_count", {"hand": hand, "expected": Reason("count_cards", {"count": expected}),
                                                      "when": when, "count": len(cards)}),))
    contract = rules.contract(hand)
    packed = _Hand(rules, cards)
    all_candidates = [c for group in packed.by_lowest for c in group]
    needs = list(contract.requirements)
    best: list = [None, None]  # (points left, candidates)

    def search(i, state, wilds, chosen, floor):
        if i == len(needs):
            left = _points_left(packed, state, wilds)
            if whole_hand and (state or wilds):
                return
            if best[0] is None or left < best[0]:
                best[0], best[1] = left, list(chosen)
            return
        need = needs[i]
        # same requirement twice in a row: take candidates in order, so no permutation repeats
        start = floor if i and needs[i - 1] == need else 0
        for j in range(start, len(all_candidates)):
            cand = all_candidates[j]
            if cand.kind == need.kind and cand.size >= need.size and cand.wilds <= wilds \
                    and packed.fits(state, cand.usage):
                chosen.append(cand)
                # the same candidate again is a copy of the meld, when the cards allow it
                search(i + 1, state - cand.usage, wilds - cand.wilds, chosen, j)
                chosen.pop()
                if best[0] == 0:
                    return

    search(0, packed.start, len(packed.wild_cards), [], 0)
    if best[1] is None:
        why = _contract_shortfall(rules, cards, contract, whole_hand)
        return ContractCheck(False, hand, contract, (), tuple(cards), (
            Reason("contract_missing", {"contract": contract.words(), "why": why}),))
    arrangement = _build(rules, packed, best[1])
    melds = " | ".join(m.text() for m in arrangement.melds)
    return ContractCheck(True, hand, contract, arrangement.melds, arrangement.deadwood, (
        Reason("contract_held", {"contract": contract.words(), "melds": melds}),))


def _points_left(packed: _Hand, state: int, wilds: int) -> int:
    total = wilds * packed.wild_value
    for i, unit in enumerate(packed.units):
        total += ((state // unit) & ((1 << packed.width) - 1)) * packed.values[i]
    return total


def _contract_shortfall(rules, cards, contract, whole_hand) -> Reason:
    """A sentence on what is missing, from the best arrangement of the cards."""
    if whole_hand:
        return Reason("contract_why_whole_hand")
    arrangement = arrange(rules, cards)
    sets = sum(1 for m in arrangement.melds if m.kind == "set")
    runs = sum(1 for m in arrangement.melds if m.kind == "run")
    want_sets = sum(1 for r in contract.requirements if r.kind == "set")
    want_runs = len(contract.requirements) - want_sets
    have = []
    if want_sets:
        have.append(Reason("contract_have_sets", {"sets": Reason("count_sets", {"count": sets}),
                                                  "wanted": want_sets}))
    if want_runs:
        have.append(Reason("contract_have_runs", {
            "runs": Reason("count_runs_of", {"count": runs, "min_run": rules.min_run}),
            "wanted": want_runs}))
    said = have[0] if len(have) == 1 else Reason("words_and", {"first": have[0], "second": have[1]})
    return Reason("contract_why_best", {"have": said})
