"""Which actions are legal: the candidates the judge (:mod:`.judge`) accepts.

``legal_actions`` proposes, for the player to act, and keeps what the judge accepts:

* every draw (``draw``, ``take``, each ``take N`` of a fanned pile, ``end``);
* every single meld the hand holds (one listing per group of faces: with several
  decks, copies of one face are interchangeable); in Contract Rummy, before the
  contract is down, the solver's best lay-down and the first :data:`LISTED_LAY_DOWNS`
  of the structured choice :class:`LayDownChoice` (``Game.lay_down_choice()``), which
  reaches every legal lay-down, uncapped; booting moves before the first draw;
* every lay-off (card, meld and, for a wild card on a run, each end);
* every discard; ``buy``/``pass`` during a buy window; ``next`` between hands.

No rule is written here: a candidate is listed only when :func:`.judge.judge` says
yes, so ``apply`` accepts exactly what is listed (up to interchangeable copies).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice

from ..cards import Card
from ..melds import check_meld, meld_options
from .actions import Action
from .judge import allows, may_boot
from .table import lay_off
from ..solver import find_contract

LISTED_LAY_DOWNS = 128


@dataclass(frozen=True)
class LayDownChoice:
    """Every way to put a contract down, as a structured choice: for each of the
    contract's ``requirements``, the ``options`` (melds of the hand of that kind, of any
    legal length, one per group of faces). A lay-down picks one option per requirement,
    the picks sharing no card; :meth:`actions` yields every such lay-down, each once
    (copies of a face are interchangeable, so two identical runs from two decks are two
    melds). Nothing is capped here, so every legal lay-down is reachable."""

    requirements: tuple
    options: tuple
    hand: tuple

    def actions(self):
        """Every lay-down, lazily (the judge still has the last word on each)."""
        needs, seen = self.requirements, set()

        def search(i, used, chosen, floor):
            if i == len(needs):
                key = tuple(sorted(tuple(sorted(c.face_index for c in g)) for g in chosen))
                if key not in seen:
                    seen.add(key)
                    yield Action("meld", melds=tuple(chosen))
                return
            start = floor if i and needs[i - 1] == needs[i] else 0
            for j in range(start, len(self.options[i])):
                group = _free_copy(self.options[i][j], self.hand, used)
                if group is not None:
                    yield from search(i + 1, used + group, chosen + [group], j)

        return search(0, (), [], 0)


def lay_down_choice(game, player=None) -> LayDownChoice | None:
    """The structured choice of contract lay-downs for ``player`` (default: the one to
    act), or ``None`` when no contract may go down now."""
    player = game.current_player if player is None else player
    if not game.may_lay_contract(player):
        return None
    rules, hand = game.rules, game.hand(player)
    needs = game.contract.requirements
    options = meld_options(rules, hand)
    pools = tuple(tuple(g for g in options if len(g) >= req.size and check_meld(rules, g, kind=req.kind).ok)
                  for req in needs)
    return LayDownChoice(tuple(needs), pools, tuple(hand))


def _lay_downs(game, hand) -> list[Action]:
    """The lay-downs ``legal_actions`` lists: the solver's best first, then the structured
    choice's, up to :data:`LISTED_LAY_DOWNS` (``game.lay_down_choice()`` has them all)."""
    rules = game.rules
    listed = []
    best = rules.holds_contract(hand, game.hand_number) if not rules.contract_hand(
        game.hand_number).whole_hand else find_contract(rules, hand, game.hand_number, whole_hand=True)
    if best.ok:
        listed.append(Action("meld", melds=tuple(m.cards for m in best.melds)))
    choice = lay_down_choice(game)
    if choice is not None:
        listed += islice(choice.actions(), LISTED_LAY_DOWNS)
    return listed


def _free_copy(group, hand, used):
    """``group`` made of hand cards not in ``used``: the same faces, other copies if need be
    (two identical runs from two decks are two melds)."""
    used = set(used)
    free = [c for c in hand if c not in used]
    out = []
    for card in group:
        pick = card if card in free else next((c for c in free if c.face_index == card.face_index), None)
        if pick is None:
            return None
        free.remove(pick)
        out.append(pick)
    return tuple(out)


def layoff_targets(game, card, player=None) -> tuple[int, ...]:
    """Numbers of the table melds where ``card`` may be laid off now, by the judge."""
    card = card if isinstance(card, Card) else Card.parse(card)
    player = game.current_player if player is None else player
    if player != game.current_player or game.phase not in ("play", "draw") or card not in game.hand(player):
        return ()
    found = []
    for meld in game.table:
        ends = ("low", "high") if game.rules.is_wild(card) and meld.meld.kind == "run" else (None,)
        if any(allows(game, Action("layoff", card=card, target=meld.number, end=end)) for end in ends):
            found.append(meld.number)
    return tuple(found)


def _candidates(game) -> list[Action]:
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
        actions += [Action("draw"), Action("end")]
        actions += [Action("take", depth=d) for d in range(1, len(game.discard_pile) + 1)]
        if not may_boot(game):
            return actions
    if rules.ladder and not game.has_contract_down(p):
        actions += _lay_downs(game, hand)
    else:
        actions += [Action("meld", melds=(g,)) for g in meld_options(rules, hand, game.must_use)]
    faces = game.natural_faces()
    for meld in game.table:
        for card in dict.fromkeys(hand):
            ends = ("low", "high") if rules.is_wild(card) and meld.meld.kind == "run" else (None,)
            # a cheap pre-check (no reasons written); the judge has the last word
            if not _may_fit(rules, meld.meld, card):
                continue
            actions += [Action("layoff", card=card, target=meld.number, end=end) for end in ends
                        if lay_off(rules, meld.meld, card, end, faces, False)[0] is not None]
    actions += [Action("discard", card=card) for card in hand]
    return actions


def _may_fit(rules, meld, card) -> bool:
    """A quick sieve for lay-off candidates: the right rank for a set, the right suit for
    a run, or a wild card (the rule itself is :func:`rummy_teach.melds.grow`)."""
    if rules.is_wild(card):
        return True
    return card.rank == meld.rank if meld.kind == "set" else card.suit == meld.suit


def legal_actions(game) -> list[Action]:
    """The candidates (above) that the judge accepts, each once."""
    legal = []
    for action in dict.fromkeys(_candidates(game)):
        allowed = allows(game, action)
        if allowed is not None and _listed(action, allowed[1]):
            legal.append(action)
    return legal


def _listed(action, grown) -> bool:
    # a wild card on a run: list each end once, where the judge actually put it
    if action.kind == "layoff" and action.end is not None:
        return _placed_at(grown, action.card) == action.end
    return True


def _placed_at(meld, card) -> str:
    return "low" if meld.cards[0] == card else "high"
