"""The planning of the computer players (:mod:`rummy_teach.game.ai`): what the easy,
medium and hard players do, and the measures they plan with, which the expert
(:mod:`rummy_teach.game.expert`) and the coach use too.

The public measures: :func:`arrange` (the solver's best arrangement, remembered),
:func:`dead_faces` (faces a player knows cannot come), :func:`deck_copies`,
:func:`live_outs`, :func:`evaluate` (how good a hand looks), :func:`hand_value`,
:func:`danger` (how much a discard helps the next player), :func:`fits_table`,
:func:`allowed`, :func:`allowed_discards`, :func:`may_lay_off`; and the hard player's
own choices for a level: :func:`plan_action`, :func:`lay_off_action`,
:func:`discard_choice`.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from ..cards import Card
from ..melds import check_meld, meld_options
from ..solver import arrange as solver_arrange, find_contract
from .actions import Action
from .judge import card_usable as usable, may_boot
from .table import lay_off

MEDIUM_TAKES_UP_TO = 5  # points: a medium player takes a discard this low that pairs with its cards
LONG_HAND = 30  # turns in one hand: after this many, medium and hard players unblock the table


def plan_action(game, player: int, level: str, rng: random.Random) -> Action:
    """The action ``player`` (the one to act, in a phase where a choice is made) chooses
    at ``level`` ("easy", "medium" or "hard")."""
    if game.phase == "buy":
        return Action("buy") if _wants_buy(game, player, level, rng) else Action("pass")
    if game.phase == "draw":
        return _draw(game, player, level, rng)
    return _play(game, player, level, rng)


# --- helpers -------------------------------------------------------------------------

@lru_cache(maxsize=512)
def arrange(rules, cards):
    """The solver's best arrangement, remembered: a turn asks about the same hand often."""
    return solver_arrange(rules, tuple(cards))


@lru_cache(maxsize=64)
def _shaped(rules, hand_number):
    """Rules whose melds are only the kinds the hand's contract asks for (for planning)."""
    kinds = {r.kind for r in rules.contract(hand_number).requirements}
    options = {}
    if "set" not in kinds:
        options["min_set"] = 99
    if "run" not in kinds:
        options["min_run"] = 99
    return rules.with_options(**options) if options else rules


def _planning_rules(game, player):
    rules = game.rules
    if rules.ladder and not game.has_contract_down(player):
        return _shaped(rules, game.hand_number)
    return rules


def _in_meld(rules, cards, card) -> bool:
    return any(card in m.cards for m in arrange(rules, tuple(cards)).melds)


def dead_faces(game, player) -> Counter:
    """Faces a player knows cannot come to them: own hand, table, discard pile, and the
    cards opponents were seen to take."""
    dead = Counter(c.face for c in game.hand(player))
    for meld in game.table:
        dead.update(c.face for c in meld.cards)
    dead.update(c.face for c in game.discard_pile)
    for p in range(game.num_players):
        if p != player:
            dead.update(c.face for c in game.known_cards(p))
    return dead


def deck_copies(rules, players):
    return rules.deck_for(players)[0]


def _live(face, dead, copies) -> int:
    return max(0, copies - dead[face])


def _outs(rules, a, b, dead, copies) -> int:
    """How many unseen cards would make a meld with the two cards ``a`` and ``b``."""
    if rules.is_wild(a) or rules.is_wild(b):
        return 4
    if a.rank == b.rank:
        return sum(_live(Card(a.rank, s), dead, copies) for s in "SHDC" if s not in (a.suit, b.suit))
    if a.suit != b.suit:
        return 0
    lo, hi = sorted((a.rank, b.rank))
    if hi - lo == 1:
        wanted = [r for r in (lo - 1, hi + 1) if 1 <= r <= 13]
    elif hi - lo == 2:
        wanted = [lo + 1]
    else:
        return 0
    return sum(_live(Card(r, a.suit), dead, copies) for r in wanted)


def evaluate(rules, cards, dead, copies, scoring) -> float:
    """Lower is better: deadwood points, less a share for live partial melds."""
    arrangement = arrange(rules, tuple(cards))
    if scoring:
        base = -arrangement.score
    else:
        base = arrangement.deadwood_points
    wood = arrangement.deadwood
    bonus = 0.0
    for a, outs in zip(wood, live_outs(rules, wood, dead, copies)):
        if outs:
            bonus += rules.card_points(a) * outs * OUT_SHARE
    return base - bonus


#: the share of a deadwood card's points that each live out of its best partial meld
#: takes off the hard player's measure (up to three outs)
OUT_SHARE = 0.2


def live_outs(rules, wood, dead, copies) -> list[int]:
    """For each card of ``wood`` (deadwood), the live outs of the best partial meld it
    makes with another of them, at most 3: the hard player's measure counts a card
    near a meld for less than its points."""
    found = []
    for i, a in enumerate(wood):
        best = 0
        for j, b in enumerate(wood):
            # only a pair of one rank, two cards near in a suit, or a wild card has outs
            # (the test first: the coach's rollouts ask this thousands of times a hint)
            if i != j and (a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2)
                           or rules.is_wild(a) or rules.is_wild(b)):
                best = max(best, _outs(rules, a, b, dead, copies))
        found.append(min(best, 3))
    return found


def hand_value(game, player: int) -> float:
    """How ``player``'s hand looks to them, in points (lower is better): the hard
    player's measure (deadwood, less a share for partial melds with live cards), read
    from their own view. The coach scores a position where a rollout stops by it."""
    rules = game.rules
    return evaluate(_planning_rules(game, player), game.hand(player), dead_faces(game, player),
                     deck_copies(rules, game.num_players), rules.scores_melds)


def danger(game, player, card) -> float:
    """How much a discard may help the opponents (hard level)."""
    rules = game.rules
    danger = 0.0
    for meld in game.table:
        if _may_fit(rules, meld.meld, card) and lay_off(rules, meld.meld, card, explain=False)[0] is not None:
            danger += 4
            break
    for p in range(game.num_players):
        if p == player:
            continue
        for known in game.known_cards(p):
            if known.rank == card.rank or (known.suit == card.suit and abs(known.rank - card.rank) <= 2):
                danger += 3
        if any(d.rank == card.rank for d in game.discards_by(p)):
            danger -= 1
    if rules.is_wild(card):
        danger += 20
    return danger


def _may_fit(rules, meld, card) -> bool:
    """A quick sieve before asking the lay-off rule: the set's rank, the run's suit, or
    a wild card (most cards fail here, and the rule itself writes its refusal)."""
    if rules.is_wild(card):
        return True
    return card.rank == meld.rank if meld.kind == "set" else card.suit == meld.suit


def fits_table(game, card) -> bool:
    faces, rules = game.natural_faces(), game.rules
    return any(_may_fit(rules, m.meld, card) and lay_off(rules, m.meld, card, None, faces, False)[0] is not None
               for m in game.table)


def _distance_to_fit(game, card) -> int:
    """How many more cards the table needs before ``card`` could be laid off (0-13)."""
    best = 13
    for meld in game.table:
        m = meld.meld
        if m.kind == "set":
            best = min(best, 0 if card.rank == m.rank else 13)
        elif card.suit == m.suit:
            for position in (card.rank, 14 if card.rank == 1 else card.rank):
                if position < m.low:
                    best = min(best, m.low - 1 - position)
                elif position > m.high:
                    best = min(best, position - m.high - 1)
    return best


def _has_partner(rules, hand, card) -> bool:
    """Could ``card`` make a meld with one more card? (Another card of its rank, one of
    its suit at most two away, or a wild card in hand.)"""
    for other in hand:
        if other == card:
            continue
        if rules.is_wild(other) or other.rank == card.rank or (
                other.suit == card.suit and abs(other.rank - card.rank) <= 2):
            return True
    return False


def allowed(game, action) -> bool:
    """Does the judge accept ``action`` now? The bots never work a rule out themselves:
    the final discard, booting, the discard restriction, when lay-offs and contracts may
    go down are all the judge's (:mod:`.judge`)."""
    return game.is_legal(action)


def allowed_discards(game, player):
    """The discards the judge accepts now."""
    return [c for c in dict.fromkeys(game.hand(player)) if allowed(game, Action("discard", card=c))]


# --- drawing -------------------------------------------------------------------------

def _draw(game, player, level, rng) -> Action:
    rules, hand = game.rules, game.hand(player)
    pile = game.discard_pile
    top = pile[-1] if pile else None
    can_draw = game.stock_size > 0
    fallback = Action("draw") if can_draw else (Action("end") if rules.stock_exhausted == "end_hand"
                                                else Action("take"))
    if level != "easy" and may_boot(game):
        # booting: every meld of the best arrangement at once, when the judge sees a way
        # out after it (the rest laid off, or one card left to discard)
        arrangement = arrange(rules, hand)
        if arrangement.melds and len(arrangement.deadwood) <= 1:
            boot = Action("meld", melds=tuple(m.cards for m in arrangement.melds))
            if allowed(game, boot):
                return boot
    if top is None:
        return fallback
    if rules.fanned_discards:
        return _draw_500(game, player, level, rng, fallback)
    plan = _planning_rules(game, player)
    if level != "easy" and may_lay_off(game, player) and fits_table(game, top):
        return Action("take")  # it goes straight onto the table
    if level == "easy":
        take = _in_meld(plan, hand + (top,), top) and rng.random() < 0.5
    elif level == "medium":
        # a meld now, or (in Basic-style scoring) a low card that pairs with one in hand;
        # not in a long hand, where two players could pass cards to and fro for ever
        take = _in_meld(plan, hand + (top,), top) or (
            rules.scoring == "winner_takes" and rules.card_points(top) <= MEDIUM_TAKES_UP_TO
            and game.turns_played(player) <= LONG_HAND and _has_partner(rules, hand, top))
    else:
        take = _in_meld(plan, hand + (top,), top)
        if not take and not rules.is_wild(top):
            dead, copies = dead_faces(game, player), deck_copies(rules, game.num_players)
            partial = max((_outs(rules, top, c, dead, copies) for c in hand), default=0)
            if rules.scoring == "winner_takes":
                take = partial >= 2 and rules.card_points(top) <= 4
        if rules.is_wild(top):
            take = True
    return Action("take") if take or not can_draw else Action("draw")


def _draw_500(game, player, level, rng, fallback) -> Action:
    rules, hand = game.rules, game.hand(player)
    pile = game.discard_pile
    if level == "easy":
        if usable(game, player, pile[-1]) and rng.random() < 0.6:
            return Action("take")
        return fallback
    if level == "medium":
        return Action("take") if usable(game, player, pile[-1]) else fallback
    now = arrange(rules, hand).score
    near_end = min(game.hand_sizes()) <= 3
    best, choice = 0.0, None
    for depth in range(1, len(pile) + 1):
        chosen, above = pile[-depth], pile[len(pile) - depth + 1:]
        if not usable(game, player, chosen, above):
            continue
        after = arrange(rules, hand + (chosen,) + tuple(above)).score
        if not any(chosen in m.cards for m in arrange(rules, hand + (chosen,) + tuple(above)).melds):
            after += 5  # it will go down as a lay-off
        cost = 2 * (depth - 1) + (4 * (depth - 1) if near_end else 0)
        if depth >= 5:
            cost += 15
        gain = after - now - cost
        if gain > best:
            best, choice = gain, depth
    return Action("take", depth=choice) if choice else fallback


# --- playing -------------------------------------------------------------------------

def _play(game, player, level, rng) -> Action:
    rules = game.rules
    must = game.must_use
    if must is not None:
        return _use(game, player, must)
    if rules.ladder:
        action = _contract_play(game, player, level, rng)
    else:
        action = _meld(game, player, level, rng)
    if action is not None and allowed(game, action):
        return action
    if may_lay_off(game, player):
        action = lay_off_action(game, player, level, rng)
        if action is not None:
            return action
    if allowed_discards(game, player):
        return Action("discard", card=discard_choice(game, player, level, rng))
    # no discard is allowed (booting with no way out left by a discard; a last card
    # that may not be discarded): whatever the judge lists
    return game.legal_actions()[0]


def _use(game, player, card) -> Action:
    rules, hand = game.rules, game.hand(player)
    for meld in arrange(rules, hand).melds:
        if card in meld.cards and allowed(game, Action("meld", melds=(meld.cards,))):
            return Action("meld", melds=(meld.cards,))
    for meld in game.table:
        for end in (None, "low", "high"):
            action = Action("layoff", card=card, target=meld.number, end=end)
            if allowed(game, action):
                return action
    for group in meld_options(rules, hand, card):
        if card in group and allowed(game, Action("meld", melds=(group,))):
            return Action("meld", melds=(group,))
    return game.legal_actions()[0]  # the judge lists what may be done with it


def _meld(game, player, level, rng):
    rules, hand = game.rules, game.hand(player)
    if level == "easy":
        options = [Action("meld", melds=(g,)) for g in meld_options(rules, hand)]
        options = [a for a in options if allowed(game, a)]
        return rng.choice(options) if options else None
    for meld in arrange(rules, hand).melds:
        action = Action("meld", melds=(meld.cards,))
        if allowed(game, action):
            return action
    return None


def _contract_play(game, player, level, rng):
    rules, hand = game.rules, game.hand(player)
    if game.has_contract_down(player):
        return None
    rung = rules.contract_hand(game.hand_number)
    contract = rules.contract(game.hand_number)
    shaped = arrange(_shaped(rules, game.hand_number), hand)
    if len(hand) - len(shaped.deadwood) < contract.min_cards:
        return None  # cheap test first: the hand cannot hold the contract yet
    if not rung.whole_hand:
        melds = _contract_from(rules, shaped.melds, contract)
        if melds:
            return Action("meld", melds=tuple(melds))
    elif not shaped.deadwood and len(shaped.melds) == contract.meld_count:
        melds = _contract_from(rules, shaped.melds, contract)
        if melds and sum(len(m) for m in melds) == len(hand):
            return Action("meld", melds=tuple(melds))
    if len(hand) > 13:
        return None  # the exhaustive search can be slow on a big hand; wait for a simpler one
    check = find_contract(rules, hand, game.hand_number, whole_hand=rung.whole_hand)
    if check.ok:
        return Action("meld", melds=tuple(m.cards for m in check.melds))
    return None


def _contract_from(rules, melds, contract):
    """The contract's melds picked from an arrangement (long runs split in two), or None."""
    pieces = []
    for meld in melds:
        cards = meld.cards
        least = rules.min_run if meld.kind == "run" else rules.min_set
        while len(cards) >= 2 * least:
            pieces.append((meld.kind, cards[:least]))
            cards = cards[least:]
        pieces.append((meld.kind, cards))
    chosen = []
    for req in sorted(contract.requirements, key=lambda r: -r.size):
        fit = [p for p in pieces if p[0] == req.kind and len(p[1]) >= req.size]
        if not fit:
            return None
        best = min(fit, key=lambda p: len(p[1]))
        pieces.remove(best)
        if not check_meld(rules, best[1], kind=req.kind).ok:
            return None
        chosen.append(best[1])
    return chosen


def may_lay_off(game, player) -> bool:
    return bool(game.table) and game.may_lay_off(player)


def lay_off_action(game, player, level, rng):
    rules, hand = game.rules, game.hand(player)
    faces = game.natural_faces()
    if level == "easy":
        cards = list(hand)
        if rng.random() < 0.5:
            return None
    else:
        cards = list(arrange(rules, hand).deadwood) if not rules.ladder else list(hand)
        cards.sort(key=lambda c: -rules.card_points(c))
    for card in cards:
        for meld in game.table:
            # the lay-off rule as a cheap sieve, then the judge (the final discard, booting)
            if _may_fit(rules, meld.meld, card) and lay_off(rules, meld.meld, card, None, faces, False)[0] is not None:
                action = Action("layoff", card=card, target=meld.number)
                if allowed(game, action):
                    return action
    return None


def discard_choice(game, player, level, rng) -> Card:
    rules, hand = game.rules, game.hand(player)
    allowed = allowed_discards(game, player)
    if len(allowed) == 1:
        return allowed[0]
    if level == "easy":
        return rng.choice(allowed)
    plan = _planning_rules(game, player)
    if game.turns_played(player) > LONG_HAND and rng.random() < 0.5:
        # a hand that drags on (everybody holding what the others need): let a random
        # card go now and then, so that cards move again
        naturals = [c for c in allowed if not rules.is_wild(c)] or allowed
        return rng.choice(naturals)
    if rules.ladder and game.has_contract_down(player):
        # no more melds can go down: every card is deadwood until it can be laid off
        naturals = [c for c in allowed if not rules.is_wild(c)] or allowed
        if level == "medium":
            return max(naturals, key=lambda c: (rules.card_points(c), c.sort_key()))
        return max(naturals, key=lambda c: (_distance_to_fit(game, c), rules.card_points(c), c.sort_key()))
    if level == "medium":
        wood = [c for c in arrange(plan, hand).deadwood if c in allowed and not rules.is_wild(c)]
        if wood:
            # a card with a partner (same rank, or near in its suit) may still make a meld:
            # let the loose ones go first, so that the hand keeps building
            return max(wood, key=lambda c: (not _has_partner(rules, hand, c), rules.card_points(c),
                                            c.sort_key()))
        naturals = [c for c in allowed if not rules.is_wild(c)] or allowed
        return max(naturals, key=lambda c: (rules.card_points(c), c.sort_key()))
    dead, copies = dead_faces(game, player), deck_copies(rules, game.num_players)
    scoring = rules.scores_melds
    wood = [c for c in arrange(plan, hand).deadwood if c in allowed and not rules.is_wild(c)]
    danger_near = any(game.has_contract_down(p) and len(game.hand(p)) <= 3
                      for p in range(game.num_players) if p != player)
    if rules.ladder and wood and danger_near:
        return max(wood, key=lambda c: (rules.card_points(c), c.sort_key()))
    if rules.ladder and wood:
        # before the contract: throw the card with the fewest live ways into a contract meld
        def promise(card):
            outs = 0
            for other in hand:
                if other == card or rules.is_wild(other):
                    continue
                if (other.rank == card.rank and plan.min_set < 99) or (
                        other.suit == card.suit and other.rank != card.rank and plan.min_run < 99):
                    outs = max(outs, _outs(rules, card, other, dead, copies))
            return (3 * min(outs, 3) - rules.card_points(card), card.sort_key())
        return min(wood, key=promise)
    best, choice = None, None
    for card in dict.fromkeys(wood or allowed):
        rest = tuple(x for x in hand if x != card)
        value = evaluate(plan, rest, dead, copies, scoring)
        if not rules.ladder:
            value += danger(game, player, card)
        key = (value, card.sort_key())
        if best is None or key < best:
            best, choice = key, card
    return choice


# --- buying --------------------------------------------------------------------------

def _wants_buy(game, player, level, rng) -> bool:
    rules, hand = game.rules, game.hand(player)
    card = game.buy_offer["card"]
    if game.has_contract_down(player) or rules.contract_hand(game.hand_number).whole_hand:
        return False  # in a whole-hand hand every extra card must also go down at once
    plan = _shaped(rules, game.hand_number)
    if level == "easy":
        return _in_meld(plan, hand + (card,), card) and rng.random() < 0.3
    if level == "medium":
        return _in_meld(plan, hand + (card,), card)
    if rules.is_wild(card):
        return True
    before = len(arrange(plan, hand).melds)
    needed = rules.contract(game.hand_number).meld_count
    return before < needed and _in_meld(plan, hand + (card,), card)
