"""Melds: judging whether cards form a set or a run, and why.

Glossary
--------
set       cards of one rank (8♠ 8♥ 8♦).
run       consecutive ranks of one suit (4♥ 5♥ 6♥ 7♥); never wraps from K over A to 2.
wild      a card that may stand for any other: jokers, or queens in California.
lay off   add a card from your hand to a meld already on the table.

:func:`check_meld` returns a :class:`MeldCheck` whose ``reasons`` explain the verdict
(good or bad); ``ok`` is the boolean. A legal meld becomes a :class:`Meld`, the
value that lies on the table: its wild cards keep what they stand for.
:func:`check_lay_off` (and :func:`grow`, the same rule without reasons, for the game
and its players) judges adding a card to a meld on the table; :func:`meld_options`
lists every meld some cards hold.

Run positions are numbered 1 (ace low) to 14 (ace high); a run's window never holds
both 1 and 14.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .cards import (RANK_LABELS, SUIT_NAMES, SUIT_SYMBOLS, Card, cards_text, parse_cards, rank_plural,
                    rank_with_article)
from .errors import IllegalMeldError
from .reasons import Reason, Reasons, Verdict

ACE_HIGH = 14


def position_label(position: int) -> str:
    return RANK_LABELS[1 if position == ACE_HIGH else position]


@dataclass(frozen=True)
class Meld:
    """A legal meld as it lies on the table.

    For a run, ``cards`` go from ``low`` to ``low + len - 1`` in ``suit``; for a set,
    every card plays as ``rank``. Wild cards play as what their position says.
    """

    kind: str
    cards: tuple[Card, ...]
    rank: int | None = None   # sets
    low: int | None = None    # runs: position of the first card (1..13)
    suit: str | None = None   # runs

    @property
    def high(self) -> int | None:
        return None if self.low is None else self.low + len(self.cards) - 1

    def plays_as(self, index: int) -> str:
        """What the card at ``index`` plays as, in words for a wild card: ``A♥``, ``an 8``."""
        if self.kind == "run":
            return position_label(self.low + index) + SUIT_SYMBOLS[self.suit]
        return Reason("wild_any_suit", {"rank": rank_with_article(self.rank)})

    def positions(self) -> tuple[int, ...]:
        """Run position (1-14) of each card; for a set, its rank repeated."""
        if self.kind == "run":
            return tuple(range(self.low, self.low + len(self.cards)))
        return (self.rank,) * len(self.cards)

    def wilds(self, rules) -> tuple[tuple[Card, str], ...]:
        """Each wild card in the meld and what it stands for."""
        return tuple((card, self.plays_as(i)) for i, card in enumerate(self.cards)
                     if rules.is_wild(card) and not self._plays_itself(card, i))

    def _plays_itself(self, card: Card, index: int) -> bool:
        # a wild queen in California may simply be a queen where a queen belongs
        if card.rank == 0:
            return False
        if self.kind == "set":
            return card.rank == self.rank
        position = self.low + index
        return card.suit == self.suit and card.rank == (1 if position == ACE_HIGH else position)

    def points(self, rules) -> int:
        """What the meld scores in a game that scores melds (Rummy 500)."""
        total = 0
        for card, position in zip(self.cards, self.positions()):
            total += card_meld_value(rules, card, position, self.kind)
        return total

    def text(self, ascii: bool = False) -> str:
        return cards_text(self.cards, ascii=ascii)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        """The call that rebuilds this meld exactly (wild cards where they stand)."""
        where = f", rank={self.rank}" if self.kind == "set" else f", low={self.low}, suit={self.suit!r}"
        return f"Meld({self.kind!r}, parse_cards({self.text(ascii=True)!r}){where})"

    @classmethod
    def parse(cls, text, rules, kind: str | None = None) -> "Meld":
        """Read a meld from its cards as they lie, judged under the rule set ``rules``:
        ``Meld.parse("JK 4H 5H 6H", get_rules("contract"))`` is a run whose joker stands
        for 3♥; written ``"4H 5H 6H JK"`` the joker stands for 7♥. A run is written from
        its low end up. :class:`~rummy_teach.errors.IllegalMeldError` if it is no meld."""
        cards = parse_cards(text)
        meld = make_meld(rules, cards, kind=kind)
        if meld.kind == "set" or meld.cards == cards:
            return meld
        top = ACE_HIGH if rules.ace_high else 13
        for low in range(1, top - len(cards) + 2):
            placed = Meld("run", cards, low=low, suit=meld.suit)
            if all(rules.is_wild(c) or placed._plays_itself(c, i) for i, c in enumerate(cards)) \
                    and not (low == 1 and low + len(cards) - 1 == ACE_HIGH):
                return placed
        raise IllegalMeldError(f"{cards_text(cards)} is a run, but not in the order its cards lie; "
                               f"write it from its low end up, e.g. {meld.text()}")

    def lay_off(self, rules, card: Card) -> "MeldCheck":
        """Judge laying ``card`` off on this meld (see :func:`check_lay_off`)."""
        return check_lay_off(rules, self, card)

    def _repr_html_(self) -> str:
        from .render import cards_html

        return cards_html(self.cards)


def card_meld_value(rules, card: Card, position: int, kind: str = "run") -> int:
    """Points a card scores on the table in Rummy 500, playing at ``position``.

    An ace scores high (15) in a set of aces or at the top of Q-K-A, low (1) in A-2-3.
    """
    if rules.is_wild(card) and rules.wild_meld_value:
        return rules.wild_meld_value
    if position == ACE_HIGH or (position == 1 and kind == "set"):
        return rules.ace_high_value
    if position == 1:
        return rules.ace_low_value
    return rules.hand_values[position]


@dataclass(frozen=True)
class MeldCheck(Verdict):
    """The verdict on a group of cards: ``ok``, the ``kind``, the ``reasons`` and more."""

    cards: tuple[Card, ...]
    ok: bool
    kind: str | None
    reasons: tuple[Reason, ...]
    meld: Meld | None = None
    points: int | None = None
    wilds: tuple[tuple[Card, str], ...] = ()


# --- judging ------------------------------------------------------------------------

#: how many verdicts ``rules.meld_verdicts`` keeps before it starts again (far more than
#: one game asks for; a few megabytes)
KEPT_VERDICTS = 4096


def check_meld(rules, cards: tuple[Card, ...], kind: str | None = None) -> MeldCheck:
    """Judge ``cards`` as a meld under ``rules``; ``kind`` ("set"/"run") forces one reading.

    The verdict is kept (``rules.meld_verdicts``): the judge, the legal moves and the
    computer players ask about the same groups many times in a game."""
    cards = tuple(cards)
    if kind not in (None, "set", "run"):
        raise IllegalMeldError(f"kind must be 'set' or 'run', not {kind!r}")
    kept = rules.meld_verdicts
    verdict = kept.get((kind, cards))
    if verdict is None:
        verdict = _judge_meld(rules, cards, kind)
        if len(kept) >= KEPT_VERDICTS:
            kept.clear()
        kept[kind, cards] = verdict
    return verdict


def _judge_meld(rules, cards: tuple[Card, ...], kind: str | None) -> MeldCheck:
    problems = list(_card_problems(rules, cards))
    if problems:
        return MeldCheck(cards, False, None, tuple(problems))
    naturals = [c for c in cards if not rules.is_wild(c)]
    wilds = [c for c in cards if rules.is_wild(c)]
    if not naturals:
        same_rank = {c.rank for c in wilds}
        if len(same_rank) == 1 and 0 not in same_rank and kind != "run":
            # California: queens together are simply a set of queens
            naturals, wilds = wilds, []
        else:
            return MeldCheck(cards, False, None, (Reason("no_natural_card"),))
    if kind is None:
        same_rank = len({c.rank for c in naturals}) == 1
        same_suit = len({c.suit for c in naturals}) == 1
        if same_rank:
            as_set = _judge_set(rules, cards, naturals, wilds)
            if as_set.ok or not same_suit:
                return as_set
            as_run = _judge_run(rules, cards, naturals, wilds)
            return as_run if as_run.ok else as_set
        if same_suit:
            return _judge_run(rules, cards, naturals, wilds)
        ranks = ", ".join(sorted({RANK_LABELS[c.rank] for c in naturals}, key=_label_order))
        suits = " ".join(SUIT_SYMBOLS[s] for s in "SHDC" if s in {c.suit for c in naturals})
        return MeldCheck(cards, False, None, (Reason("mixed_ranks_and_suits",
                                                     {"ranks": ranks, "suits": suits}),))
    if kind == "set":
        return _judge_set(rules, cards, naturals, wilds)
    return _judge_run(rules, cards, naturals, wilds)


def _label_order(label: str) -> int:
    return [RANK_LABELS[r] for r in range(1, 14)].index(label)


def impossible_cards(rules, cards) -> tuple[Reason, ...]:
    """Why ``cards`` cannot all be in one game of ``rules`` at once: a card given twice, a
    joker where the game plays none, a copy beyond its decks. Empty when they can be."""
    return tuple(Reason("joker_not_in_game", reason.params) if reason.code == "joker_not_allowed"
                 else reason for reason in _card_problems(rules, cards) if reason.code != "empty")


def _card_problems(rules, cards):
    if not cards:
        yield Reason("empty")
        return
    seen = set()
    packs, jokers = rules.deck_limits
    for card in cards:
        if card in seen:
            yield Reason("duplicate_card", {"card": str(card)})
        seen.add(card)
        if card.is_joker and 0 not in rules.wild_ranks:
            yield Reason("joker_not_allowed", {"card": str(card), "game": rules.term})
        elif (card.is_joker and card.copy > jokers) or (not card.is_joker and card.copy > packs):
            yield Reason("not_in_deck", {"card": str(card), "game": rules.term,
                                         "packs": Reason("count_decks", {"count": packs}),
                                         "jokers": Reason("count_jokers", {"count": jokers})})


def _common(rules, cards, naturals, wilds, kind, minimum):
    """Problems shared by sets and runs: too few cards, the natural-majority rule."""
    if len(cards) < minimum:
        yield Reason("too_few_cards", {"kind": Reason(f"meld_kind_{kind}"), "minimum": Reason("count_cards", {"count": minimum}),
                                        "count": len(cards)})
    if rules.natural_majority and len(wilds) >= len(naturals):
        yield Reason("too_many_wilds", {"wilds": Reason("count_wild_cards", {"count": len(wilds)}),
                                        "naturals": Reason("count_natural_cards", {"count": len(naturals)})})


def _judge_set(rules, cards, naturals, wilds) -> MeldCheck:
    reasons = list(_common(rules, cards, naturals, wilds, "set", rules.min_set))
    ranks = sorted({c.rank for c in naturals})
    if len(ranks) > 1:
        labels = ", ".join(RANK_LABELS[r] for r in ranks)
        reasons.append(Reason("not_same_rank", {"ranks": labels}))
    elif rules.max_set is not None and len(cards) > rules.max_set:
        reasons.append(Reason("set_too_big", {"game": rules.term, "maximum": rules.max_set,
                                              "count": len(cards)}))
    if reasons:
        return MeldCheck(cards, False, "set", tuple(reasons))
    rank = ranks[0]
    ordered = tuple(sorted(naturals, key=Card.sort_key)) + tuple(wilds)
    meld = Meld("set", ordered, rank=rank)
    return _verdict(rules, cards, meld)


def _judge_run(rules, cards, naturals, wilds) -> MeldCheck:
    reasons = list(_common(rules, cards, naturals, wilds, "run", rules.min_run))
    suits = [s for s in "SHDC" if s in {c.suit for c in naturals}]
    if len(suits) > 1:
        reasons.append(Reason("not_same_suit", {"suits": " ".join(SUIT_SYMBOLS[s] for s in suits)}))
        return MeldCheck(cards, False, "run", tuple(reasons))
    ranks = [c.rank for c in naturals]
    repeated = sorted({r for r in ranks if ranks.count(r) > 1})
    aces = ranks.count(1)
    if repeated and not (repeated == [1] and aces == 2 and rules.ace_high):
        reasons += [Reason("repeated_rank_in_run", {"rank": RANK_LABELS[r]}) for r in repeated]
        return MeldCheck(cards, False, "run", tuple(reasons))
    if aces == 2:
        reasons.append(Reason("ace_both_ends"))
        return MeldCheck(cards, False, "run", tuple(reasons))
    if len(cards) > 13:
        reasons.append(Reason("run_too_long", {"count": len(cards)}))
        return MeldCheck(cards, False, "run", tuple(reasons))

    top = ACE_HIGH if rules.ace_high else 13
    placements = [_place(ranks, len(wilds), top, ace_as=1)]
    if aces:
        placements.append(_place(ranks, len(wilds), top, ace_as=ACE_HIGH))
    good = [p for p in placements if p["fits"]]
    if reasons or not good:
        if not good:
            reasons.append(_run_failure(rules, cards, naturals, ranks, len(wilds)))
        return MeldCheck(cards, False, "run", tuple(reasons))
    melds = [_laid_out(p, naturals, wilds, len(cards), suits[0]) for p in good]
    # where the ace may go low or high, a player counts it the way that scores more
    meld = max(melds, key=lambda m: m.points(rules)) if rules.scores_melds else melds[0]
    return _verdict(rules, cards, meld)


def _laid_out(placement, naturals, wilds, length, suit) -> Meld:
    low = placement["low"]
    by_position = {(ACE_HIGH if c.rank == 1 and placement["ace"] == ACE_HIGH else c.rank): c
                   for c in naturals}
    spare = list(wilds)
    ordered = tuple(by_position[p] if p in by_position else spare.pop(0)
                    for p in range(low, low + length))
    return Meld("run", ordered, low=low, suit=suit)


def _place(ranks, wilds, top, ace_as):
    """Where a run of these natural ranks plus ``wilds`` wild cards can lie.

    Gaps are filled first; spare wild cards extend the run upwards, then downwards.
    """
    positions = sorted(ace_as if r == 1 else r for r in ranks)
    low, high = positions[0], positions[-1]
    missing = [p for p in range(low, high + 1) if p not in positions]
    spare = wilds - len(missing)
    if spare < 0 or low < 1 or high > top:
        return {"fits": False, "missing": missing, "ace": ace_as}
    up = min(spare, top - high)
    if low - (spare - up) < 1:
        return {"fits": False, "missing": missing, "ace": ace_as}
    low -= spare - up
    high += up
    return {"fits": True, "low": low, "missing": missing, "ace": ace_as}


def _run_failure(rules, cards, naturals, ranks, wilds) -> Reason:
    """The single most helpful reason why these same-suit cards are not a run."""
    text = cards_text(naturals)
    if 1 in ranks and not rules.ace_high and _place(ranks, wilds, ACE_HIGH, ACE_HIGH)["fits"]:
        return Reason("ace_high_not_allowed", {"game": rules.term, "cards": text})
    if _wraps(ranks, wilds):
        return Reason("wraps_around", {"cards": text})
    positions = sorted(ranks)
    missing = [p for p in range(positions[0], positions[-1] + 1) if p not in positions]
    names = ", ".join(RANK_LABELS[p] for p in missing)
    if wilds:
        return Reason("gap_not_filled", {"missing": names, "wilds": wilds})
    return Reason("gap", {"missing": names, "low": RANK_LABELS[positions[0]],
                          "high": RANK_LABELS[positions[-1]]})


def _wraps(ranks, wilds) -> bool:
    """Would these ranks make a run if it could turn the corner K -> A -> 2?

    Only asked once the straight placements have failed, so a fit on the circle
    means the corner is the one thing in the way.
    """
    distinct = sorted(set(ranks))
    return any(max((r - start) % 13 for r in distinct) + 1 - len(ranks) <= wilds
               for start in distinct)


def _headline(meld: Meld) -> Reason:
    """What the meld is, in one sentence: the first reason of every good verdict."""
    if meld.kind == "set":
        return Reason("is_set", {"count": len(meld.cards), "rank_plural": rank_plural(meld.rank)})
    symbol = SUIT_SYMBOLS[meld.suit]
    return Reason("is_run", {"count": len(meld.cards), "suit": SUIT_NAMES[meld.suit],
                             "low": position_label(meld.low) + symbol,
                             "high": position_label(meld.high) + symbol})


def _verdict(rules, cards, meld: Meld, first: tuple = ()) -> MeldCheck:
    headline = _headline(meld)
    wilds = meld.wilds(rules)
    reasons = list(first) + [headline] + [Reason("wild_stands_for", {"card": str(c), "stands_for": s}) for c, s in wilds]
    points = meld.points(rules) if rules.scores_melds else None
    return MeldCheck(cards, True, meld.kind, tuple(reasons), meld=meld, points=points, wilds=wilds)


def make_meld(rules, cards, kind: str | None = None) -> Meld:
    """The :class:`Meld` these cards make, or :class:`IllegalMeldError` with the reasons."""
    check = check_meld(rules, parse_cards(cards), kind=kind)
    if not check.ok:
        raise IllegalMeldError(Reason("meld_refused", {"cards": cards_text(check.cards),
                                                       "why": Reasons(check.reasons)}), check.reasons)
    return check.meld




def meld_options(rules, cards, prefer=None) -> list[tuple]:
    """Every group of ``cards`` that is a legal meld, one per group of faces; where
    copies of a face are interchangeable the ``prefer`` card is the one used."""
    cards = sorted(cards, key=lambda c: c != prefer)
    wilds = [c for c in cards if rules.is_wild(c)]
    naturals = [c for c in cards if not rules.is_wild(c)]
    found, seen = [], set()

    def add(group):
        key = tuple(sorted(c.face_index for c in group))  # the group's faces
        if key not in seen and check_meld(rules, tuple(group)).ok:
            seen.add(key)
            found.append(tuple(group))

    by_rank: dict[int, list] = {}
    for card in naturals:
        by_rank.setdefault(card.rank, []).append(card)
    biggest = rules.max_set or len(cards)
    for rank, group in by_rank.items():
        for k in range(1, min(len(group), biggest) + 1):
            for combo in combinations(group, k):
                for w in range(0, len(wilds) + 1):
                    if rules.min_set <= k + w <= biggest:
                        add(list(combo) + wilds[:w])
    top = ACE_HIGH if rules.ace_high else 13
    for suit in "SHDC":
        at = {}
        for card in naturals:
            if card.suit == suit:
                at.setdefault(card.rank, card)
                if card.rank == 1 and rules.ace_high:
                    at.setdefault(ACE_HIGH, card)
        if not at or len(at) + len(wilds) < rules.min_run:
            continue
        for low in range(1, top + 1):
            present = []
            for high in range(low, min(top, low + 12) + 1):  # the window grows one card at a time
                if high in at:
                    present.append(at[high])
                missing = high - low + 1 - len(present)
                if missing > len(wilds):
                    break  # a longer window only misses more
                # (present holds no card twice: only an ace stands at two positions, 1 and
                # 14, and no window of at most 13 places holds both)
                if high - low + 1 >= rules.min_run and present:
                    # the gaps take wild cards; spare wild cards may also stand for cards
                    # the hand holds (kept for another meld)
                    spare = len(wilds) - missing
                    for k in range(0, min(spare, len(present) - 1) + 1):
                        for stood_for in combinations(range(len(present)), k):
                            kept = [c for i, c in enumerate(present) if i not in stood_for]
                            add(kept + wilds[:missing + k])
    return found


# --- laying off ------------------------------------------------------------------------
# Laying off: adding one card from a hand to a meld already on the table.
#
# One judgement serves everything: :func:`grow` is the rule itself, fast enough for
# computer players (it never re-judges the whole meld), and :func:`check_lay_off`
# wraps it in a :class:`~rummy_teach.melds.MeldCheck` with reasons for quizzes and
# widgets. Game play (:func:`rummy_teach.game.lay_off`) calls :func:`grow` too.
#
# Cards already on the table never move: a wild card keeps what it stands for (no
# joker swapping), so a natural card fits a run only at one of its two ends, and a
# set only when it has the set's rank and the set has room.


def grow(rules, meld: Meld, card: Card, end: str | None = None, on_table=None, explain: bool = True):
    """The meld with ``card`` added, or the :class:`Reason` why it does not fit.

    ``end`` ("low" or "high") chooses where a wild card goes on a run (default: the
    high end where there is room). ``on_table`` holds the faces of the natural cards
    on the table, for the Persian rule on jokers; ``None`` leaves that rule out.
    With ``explain=False`` a card that does not fit gives ``None``, its reason never
    written (the judge's checks ask this thousands of times a game, the answer alone).
    """
    if meld.kind == "set":
        return _grow_set(rules, meld, card, on_table, explain)
    return _grow_run(rules, meld, card, end, on_table, explain)


def check_lay_off(rules, meld: Meld, card: Card, end: str | None = None, on_table=None) -> MeldCheck:
    """Judge laying ``card`` off on ``meld``: the verdict, its reasons and the grown meld."""
    problems = list(_card_problems(rules, meld.cards + (card,)))
    if problems:
        return MeldCheck(meld.cards + (card,), False, meld.kind,
                         (refusal(meld, card, problems[0]),))
    grown = grow(rules, meld, card, end, on_table)
    if isinstance(grown, Reason):
        return MeldCheck(meld.cards + (card,), False, meld.kind, (grown,))
    return _verdict(rules, meld.cards + (card,), grown, first=(fits(meld, card),))


def meld_term(meld: Meld) -> Reason:
    """``the run 4♥ 5♥ 6♥``, said in the language in use."""
    return Reason(f"layoff_meld_{meld.kind}", {"cards": meld.text()})


def fits(meld: Meld, card: Card) -> Reason:
    return Reason("layoff_fits", {"card": str(card), "meld": meld_term(meld)})


def refusal(meld: Meld, card: Card, why) -> Reason:
    """``why`` is a :class:`Reason` (a code of the "layoff_why_*" family, or a meld problem)."""
    return Reason("layoff_does_not_fit", {"card": str(card), "meld": meld_term(meld), "why": why})


def _why(code: str, **params) -> Reason:
    return Reason(f"layoff_why_{code}", params)


def _too_many_wilds(rules, meld: Meld, naturals: int) -> bool:
    size = len(meld.cards) + 1
    return rules.natural_majority and size - naturals >= naturals


def _grow_set(rules, meld: Meld, card: Card, on_table, explain=True):
    natural = card.rank == meld.rank
    wild = rules.is_wild(card) and not natural
    if not natural and not wild:
        if not explain:
            return None
        code = "set_rank_wild" if rules.wild_ranks else "set_rank"
        return refusal(meld, card, _why(code, rank_plural=rank_plural(meld.rank),
                                        rank=RANK_LABELS[meld.rank]))
    if rules.max_set is not None and len(meld.cards) >= rules.max_set:
        return refusal(meld, card, _why("set_full", count=len(meld.cards), game=rules.term)) if explain else None
    if wild:
        naturals = sum(1 for c in meld.cards if not rules.is_wild(c) or c.rank == meld.rank)
        if _too_many_wilds(rules, meld, naturals):
            return refusal(meld, card, _why("wilds")) if explain else None
        if rules.persian_joker_layoff and on_table is not None:
            playable = [f for f in (Card(meld.rank, s) for s in "SHDC") if f not in on_table]
            if playable:
                return Reason("joker_layoff_natural_playable",
                              {"stands_for": " ".join(str(f) for f in playable)}) if explain else None
    return Meld("set", meld.cards + (card,), rank=meld.rank)


def _grow_run(rules, meld: Meld, card: Card, end, on_table, explain=True):
    top = ACE_HIGH if rules.ace_high else 13
    low, high = meld.low, meld.high
    if len(meld.cards) >= 13:
        return refusal(meld, card, _why("run_long")) if explain else None
    ends = []  # (name, position) of each end with room, never holding the ace twice
    if high + 1 <= top and not (low == 1 and high + 1 == ACE_HIGH):
        ends.append(("high", high + 1))
    if low - 1 >= 1 and not (low - 1 == 1 and high == ACE_HIGH):
        ends.append(("low", low - 1))
    natural = [(name, p) for name, p in ends if card.suit == meld.suit
               and (card.rank == p or (card.rank == 1 and p == ACE_HIGH))]
    if natural and end in (None, natural[0][0]):
        name, position = natural[0]
    elif rules.is_wild(card) and ends:
        options = [e for e in ends if end in (None, e[0])]
        if not options:
            return refusal(meld, card, _why(f"no_room_{end}")) if explain else None
        name, position = options[0]
        naturals = sum(1 for i, c in enumerate(meld.cards) if not rules.is_wild(c)
                       or (c.suit == meld.suit and c.rank in (low + i, 1 if low + i == ACE_HIGH else 0)))
        if _too_many_wilds(rules, meld, naturals):
            return refusal(meld, card, _why("wilds")) if explain else None
        face = Card(1 if position == ACE_HIGH else position, meld.suit)
        if rules.persian_joker_layoff and on_table is not None and face not in on_table:
            return Reason("joker_layoff_natural_playable", {"stands_for": str(face)}) if explain else None
    else:
        return refusal(meld, card, _why_not_run(rules, meld, card, ends)) if explain else None
    if name == "high":
        return Meld("run", meld.cards + (card,), low=low, suit=meld.suit)
    return Meld("run", (card,) + meld.cards, low=position, suit=meld.suit)


def _why_not_run(rules, meld: Meld, card: Card, ends) -> Reason:
    if not rules.is_wild(card) and card.suit != meld.suit:
        return _why("suit", suit=SUIT_NAMES[meld.suit], card=str(card))
    if card.rank == 1 and not rules.ace_high and meld.high == 13:
        return _why("ace_low", game=rules.term)
    if not ends:
        return _why("no_end")
    wanted = [position_label(p) + SUIT_SYMBOLS[meld.suit] for _, p in ends]
    if len(wanted) == 2:
        wanted = Reason("words_and", {"first": wanted[0], "second": wanted[1]})
    else:
        wanted = wanted[0]
    return _why("ends", wanted=wanted)
