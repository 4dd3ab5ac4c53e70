"""Which actions are legal: the list the protocol offers, and the checks it shares.

``legal_actions`` lists, for the player to act:

* every draw (``draw``, ``take``, each usable ``take N`` in Rummy 500, ``end``);
* every single meld the hand holds (one listing per group of faces: with several
  decks, copies of one face are interchangeable); in Contract Rummy, before the
  contract is down, the lay-downs built from melds of exactly the required sizes
  (at most :data:`MAX_LAY_DOWNS` of them) plus the solver's best lay-down, and in a
  whole-hand hand the solver's whole-hand lay-down; for booting, the solver's
  whole-hand lay-down. Any other lay-down is still accepted by ``apply`` if legal;
* every lay-off (card, meld and, for a wild card on a run, each end);
* every discard; ``buy``/``pass`` during a buy window; ``next`` between hands.
"""

from __future__ import annotations

from itertools import combinations, permutations

from ..melds import ACE_HIGH, check_meld
from ..reasons import Reason
from .actions import Action
from .table import lay_off

MAX_LAY_DOWNS = 64


# --- shared checks ---------------------------------------------------------------

def usable(game, player, card, extra=()) -> bool:
    """Rummy 500: could ``card`` go on the table at once, with the player's hand and
    the ``extra`` cards taken with it (in a new meld or as a lay-off)?"""
    rules = game.rules
    faces = game._natural_faces()
    for meld in game.table:
        ends = ("low", "high") if rules.is_wild(card) and meld.meld.kind == "run" else (None,)
        if any(lay_off(rules, meld.meld, card, end, faces, False)[0] is not None for end in ends):
            return True
    pool = [c for c in list(game.hand(player)) + list(extra) if _near(rules, card, c)]
    for a, b in combinations(pool, 2):
        if check_meld(rules, (card, a, b)).ok:
            return True
    return False


def _near(rules, card, other) -> bool:
    if rules.is_wild(card) or rules.is_wild(other) or card.rank == other.rank:
        return True
    if card.suit != other.suit:
        return False
    gap = abs(card.rank - other.rank)
    if rules.ace_high and 1 in (card.rank, other.rank):
        gap = min(gap, abs(14 - max(card.rank, other.rank)))
    return gap <= 2


def check_lay_down(game, action, melds, left):
    """Contract Rummy: judge a lay-down; returns its melds (each read as the contract
    needs it) or refuses the action with the reasons."""
    rules, p = game.rules, game.current_player
    contract = game.contract
    rung = rules.contract_hand(game.hand_number)
    if game.has_contract_down(p):
        game._refuse(action, "your contract is down; more cards go down only by laying them off "
                     "(from the turn after the contract).")
    if rung.whole_hand and left:
        game._refuse(action, f"in hand {game.hand_number} the contract goes down only together with "
                     "every card in your hand, which ends the hand.")
    count, needed = len(melds), contract.meld_count
    if count < needed or (rules.contract_melds_exact and count != needed):
        reason = Reason("contract_wrong_meld_count", {"expected": needed, "contract": str(contract),
                                                      "count": count})
        game._refuse(action, reason.text(), (reason,))
    readings = []
    for group in action.melds:
        options = [check_meld(rules, group, kind=k) for k in ("set", "run")]
        readings.append([c.meld for c in options if c.ok])
    requirements = contract.requirements
    for order in permutations(range(count)):
        chosen = [None] * count
        for req, i in zip(requirements, order):
            fit = [m for m in readings[i] if m.kind == req.kind and len(m.cards) >= req.size]
            if not fit:
                break
            chosen[i] = fit[0]
        else:
            return [chosen[i] if chosen[i] is not None else readings[i][0] for i in range(count)]
    reason = Reason("contract_missing", {"contract": str(contract),
                                         "why": "these melds do not match the contract's kinds and sizes."})
    game._refuse(action, reason.text(), (reason,))


# --- listing ------------------------------------------------------------------------

def meld_options(rules, cards, prefer=None) -> list[tuple]:
    """Every group of ``cards`` that is a legal meld, one per group of faces; where
    copies of a face are interchangeable the ``prefer`` card is the one used."""
    cards = sorted(cards, key=lambda c: c != prefer)
    wilds = [c for c in cards if rules.is_wild(c)]
    naturals = [c for c in cards if not rules.is_wild(c)]
    found, seen = [], set()

    def add(group):
        key = tuple(sorted((c.face.sort_key() for c in group)))
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
        if not at:
            continue
        for low in range(1, top + 1):
            for high in range(low + rules.min_run - 1, min(top, low + 12) + 1):
                window = range(low, high + 1)
                present = [at[p] for p in window if p in at]
                missing = len(window) - len(present)
                if present and missing <= len(wilds) and len(set(present)) == len(present):
                    add(present + wilds[:missing])
    return found


def _lay_downs(game, hand) -> list[Action]:
    rules, contract = game.rules, game.contract
    rung = rules.contract_hand(game.hand_number)
    actions, seen = [], set()
    best = rules.holds_contract(hand, game.hand_number) if not rung.whole_hand else None
    if rung.whole_hand:
        from ..solver import find_contract

        best = find_contract(rules, hand, game.hand_number, whole_hand=True)
    if best.ok:
        actions.append(Action("meld", melds=tuple(m.cards for m in best.melds)))
        seen.add(frozenset(c for m in best.melds for c in m.cards))
    if rung.whole_hand:
        return actions
    options = meld_options(rules, hand)
    needs = contract.requirements
    pools = [[g for g in options if len(g) == req.size and check_meld(rules, g, kind=req.kind).ok]
             for req in needs]

    def search(i, used, chosen, floor):
        if len(actions) >= MAX_LAY_DOWNS + 1:
            return
        if i == len(needs):
            key = frozenset(used)
            if key not in seen:
                seen.add(key)
                actions.append(Action("meld", melds=tuple(chosen)))
            return
        start = floor if i and needs[i - 1] == needs[i] else 0
        for j in range(start, len(pools[i])):
            group = pools[i][j]
            if used.isdisjoint(group):
                search(i + 1, used | set(group), chosen + [group], j + 1)

    search(0, frozenset(), [], 0)
    return actions


def legal_actions(game) -> list[Action]:
    phase, rules = game.phase, game.rules
    if phase == "game_over":
        return []
    if phase == "hand_over":
        return [Action("next")]
    if phase == "buy":
        return [Action("buy"), Action("pass")]
    p = game.current_player
    hand = game.hand(p)
    actions = []
    if phase == "draw":
        if game.stock_size:
            actions.append(Action("draw"))
        pile = game.discard_pile
        depths = range(1, len(pile) + 1) if rules.fanned_discards else range(1, min(1, len(pile)) + 1)
        for depth in depths:
            if not rules.fanned_discards or usable(game, p, pile[-depth], pile[len(pile) - depth + 1:]):
                actions.append(Action("take", depth=depth))
        if rules.stock_exhausted == "end_hand" and not game.stock_size:
            actions.append(Action("end"))
        if rules.booting_bonus and game.turns_played(p) == 1:
            arrangement = rules.arrange(hand)
            keep = 1 if rules.final_discard_required else 0
            if arrangement.melds and len(arrangement.deadwood) == keep:
                actions.append(Action("meld", melds=tuple(m.cards for m in arrangement.melds)))
        return actions
    final = rules.final_discard_required
    if rules.game == "contract":
        if not game.has_contract_down(p):
            actions += _lay_downs(game, hand)
        can_lay_off = game.may_lay_off(p)
    else:
        actions += [Action("meld", melds=(g,)) for g in meld_options(rules, hand, game.must_use)
                    if not (final and len(g) == len(hand))]
        can_lay_off = not (final and len(hand) == 1)
    if can_lay_off:
        faces = game._natural_faces()
        for meld in game.table:
            for card in dict.fromkeys(hand):
                ends = ("low", "high") if rules.is_wild(card) and meld.meld.kind == "run" else (None,)
                for end in ends:
                    new, _ = lay_off(rules, meld.meld, card, end, faces, False)
                    if new is not None and (end is None or _placed_at(new, card) == end):
                        actions.append(Action("layoff", card=card, target=meld.number, end=end))
    if game.must_use is not None:
        return [a for a in actions if game.must_use in a.cards]
    for card in hand:
        if rules.discard_restriction and card == game.taken_this_turn and len(hand) > 1:
            continue
        if len(hand) == 1 and rules.game == "contract" and (
                rules.contract_hand(game.hand_number).whole_hand or not rules.go_out_by_discard):
            continue
        actions.append(Action("discard", card=card))
    return actions


def _placed_at(meld, card) -> str:
    return "low" if meld.cards[0] == card else "high"
