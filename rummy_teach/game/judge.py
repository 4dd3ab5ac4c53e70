"""The judge of moves: every rule of play, written once, returning reasons.

:func:`judge` is the move counterpart of :func:`rummy_teach.melds.check_meld`: given a
game and an action it returns a :class:`MoveVerdict` (``ok``, the reasons as stable
codes with parameters, and what the move would put on the table). Everything else
asks it: :meth:`Game.apply <rummy_teach.game.state.Game.apply>` is "judge, then
change", :func:`~rummy_teach.game.legal.legal_actions` lists the candidates the judge
accepts, the quiz asks it whether a taken card may go back, the widgets ask it where a
card may be laid off and whether a contract may go down.

Where each rule of play is written (one function each, all in this module):

================================  ===============================================
rule                              function
================================  ===============================================
who may act, in which phase       :func:`judge` (phases ``hand_over``, ``buy``...)
drawing from the stock, ``end``   :func:`_before_draw`
taking from the discard pile      :func:`_take` (top only, or fanned and usable)
a taken card must be used         :func:`card_usable`, :func:`_must_use`
booting (out before drawing)      :func:`may_boot`, :func:`_boot`,
                                  :func:`can_go_out_without_drawing`
melds and contract lay-downs      :func:`_meld`, :func:`_lay_down`
when lay-offs are allowed         :func:`may_lay_off`
laying off                        :func:`_lay_off`
the final discard; no lone card  :func:`_keeps_final_discard`
discarding, and going out by it   :func:`_discard`
================================  ===============================================

Which of these apply, and how, is read from the :class:`~rummy_teach.rules.RuleSet`
fields (``discard_restriction``, ``take_must_use``, ``layoffs``, ``booting_bonus``,
``final_discard_required``, ``go_out_by_discard``, ``ladder``...), never from the
game's name. Scoring is written once in :mod:`.results`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from ..cards import Card, cards_text
from ..melds import Meld, check_meld, meld_options
from ..reasons import Reason, Verdict
from .actions import Action
from .narrate import move_words
from .table import lay_off as grow_meld


@dataclass(frozen=True)
class MoveVerdict(Verdict):
    """The judgement of one action: ``ok``, its ``reasons`` and what it would do.

    ``melds`` (a meld action): the melds as they would lie on the table. ``grown``
    (a lay-off): the table meld with the card added. ``bool(verdict)`` is ``ok``.
    """

    action: Action
    ok: bool
    reasons: tuple[Reason, ...]
    melds: tuple[Meld, ...] = ()
    grown: Meld | None = None


class _Refused(Exception):
    def __init__(self, *reasons: Reason):
        self.reasons = reasons


def _no(code: str, **params):
    raise _Refused(Reason(code, params))


def judge(game, action, names=None) -> MoveVerdict:
    """Judge ``action`` (an :class:`Action` or its text) for the player to act in ``game``.

    Never changes the game. Text that is not an action raises
    :class:`~rummy_teach.errors.NotationError`; a readable action always gets a verdict.
    ``names`` name the players in the reasons (as a quiz or a table names them); without
    them a player is "Player 2", counted from 1 as the position's reasons count them.
    """
    action = Action.parse(action)
    try:
        extra = _judge(game, action, names)
    except _Refused as refusal:
        return MoveVerdict(action, False, tuple(refusal.reasons))
    melds, grown, reasons = extra
    reasons = tuple(reasons) + (Reason("move_ok", {"action": move_words(game, action)}),)
    return MoveVerdict(action, True, reasons, tuple(melds), grown)


def allows(game, action: Action) -> tuple | None:
    """The judge's decision on ``action`` (an :class:`Action`) without its words: when
    :func:`judge` would accept it, what it would put on the table (``melds``, ``grown``,
    as in the verdict), else ``None``. For the callers that act on the decision alone
    (:meth:`Game.apply <rummy_teach.game.state.Game.apply>`, ``legal_actions``, the
    bots): the words of a yes, the move said in the reader's language, cost as much
    as the rule itself, and a game asks for tens of thousands of them."""
    try:
        melds, grown, _ = _judge(game, action, explain=False)
    except _Refused:
        return None
    return tuple(melds), grown


def _judge(game, action, names=None, explain=True):
    # explain=False (allows): the same decision, skipping the words only a yes carries
    phase, kind = game.phase, action.kind
    if phase == "game_over":
        _no("game_over")
    if phase == "hand_over":
        if kind != "next":
            _no("deal_next")
        return (), None, ()
    if phase == "buy":
        if kind not in ("buy", "pass"):
            p = game.current_player
            _no("answer_buy", who=names[p] if names else Reason("seat_player_numbered", {"number": p + 1}),
                card=str(game.discard_top))
        return (), None, ()
    if kind in ("next", "buy", "pass"):
        if phase == "draw":
            _no("draw_first")
        _no("not_now", kind=kind, allowed=_allowed_words(game))
    if phase == "draw":
        return _before_draw(game, action, explain)
    if kind in ("draw", "take", "end"):
        _no("play_not_draw")
    return _play(game, action, explain)


def _allowed_words(game) -> str:
    return "meld, layoff, discard"


# --- before drawing ------------------------------------------------------------------

def _before_draw(game, action, explain=True):
    rules, kind = game.rules, action.kind
    if kind in ("meld", "layoff", "discard"):
        if not may_boot(game):
            _no("draw_first")
        return _play(game, action, explain)
    if kind == "end":
        if rules.stock_exhausted != "end_hand":
            _no("no_end_in_game", game=rules.term)
        if game.stock_size:
            _no("end_needs_empty_stock")
        return (), None, ()
    if kind == "draw":
        if not game.stock_size:
            _no("stock_empty", or_end=Reason("stock_empty_or_end") if rules.stock_exhausted == "end_hand" else "")
        return (), None, ()
    return _take(game, action)


def _take(game, action):
    rules, pile, depth = game.rules, game.discard_pile, action.depth
    if not pile:
        _no("discard_pile_empty")
    if depth > 1 and not rules.fanned_discards:
        _no("take_top_only", game=rules.term)
    if depth > len(pile):
        _no("take_too_deep", depth=depth, size=len(pile))
    chosen, above = pile[-depth], pile[len(pile) - depth + 1:]
    if rules.take_must_use and not card_usable(game, game.current_player, chosen, above):
        _no("take_unusable", card=str(chosen))
    return (), None, ()


def card_usable(game, player: int, card: Card, extra=()) -> bool:
    """Could ``card`` go on the table at once, from ``player``'s hand plus the ``extra``
    cards taken with it: as a lay-off, or in a new meld of any legal length?"""
    rules = game.rules
    faces = game.natural_faces()
    for meld in game.table:
        ends = ("low", "high") if rules.is_wild(card) and meld.meld.kind == "run" else (None,)
        if any(grow_meld(rules, meld.meld, card, end, faces, False)[0] is not None for end in ends):
            return True
    cards = [c for c in tuple(game.hand(player)) + tuple(extra) if c != card]
    wilds = [c for c in cards if rules.is_wild(c)]
    naturals = [c for c in cards if not rules.is_wild(c)]
    if rules.is_wild(card):
        return any(card in g for g in meld_options(rules, [card] + cards, prefer=card))
    return _in_a_set(rules, card, naturals, wilds) or _in_a_run(rules, card, naturals, wilds)


def _in_a_set(rules, card, naturals, wilds) -> bool:
    same = list({c.face: c for c in naturals if c.rank == card.rank}.values())
    biggest = rules.max_set or len(same) + len(wilds) + 1
    for size in range(rules.min_set, biggest + 1):
        for w in range(0, min(len(wilds), size - 1) + 1):
            others = size - 1 - w
            if others <= len(same) and check_meld(rules, (card,) + tuple(same[:others]) + tuple(wilds[:w]),
                                                  kind="set").ok:
                return True
    return False


def _in_a_run(rules, card, naturals, wilds) -> bool:
    top = 14 if rules.ace_high else 13
    at = {}
    for c in naturals:
        if c.suit == card.suit and c.rank != card.rank:
            at.setdefault(c.rank, c)
            if c.rank == 1 and rules.ace_high:
                at.setdefault(14, c)
    mine = [card.rank] + ([14] if card.rank == 1 and rules.ace_high else [])
    for position in mine:
        for low in range(max(1, position - 13), position + 1):
            for high in range(max(position, low + rules.min_run - 1), min(top, low + 12) + 1):
                window = [p for p in range(low, high + 1) if p != position]
                present = [at[p] for p in window if p in at]
                if len(window) - len(present) > len(wilds):
                    break  # a longer window (the next high) only misses more
                if len(set(present)) != len(present):
                    continue
                group = (card,) + tuple(present) + tuple(wilds[:len(window) - len(present)])
                if check_meld(rules, group, kind="run").ok:
                    return True
    return False


# --- after drawing (and booting) ---------------------------------------------------------

def _play(game, action, explain=True):
    p = game.current_player
    hand = game.hand(p)
    _in_hand(hand, action.cards)
    _must_use(game, action)
    if action.kind == "meld":
        result = _meld(game, action, hand, explain)
    elif action.kind == "layoff":
        result = _lay_off(game, action, hand, explain)
    else:
        result = _discard(game, action, hand)
    if game.is_booting or not game.has_drawn:
        _boot(game, action, hand, result)
    return result


def _in_hand(hand, cards):
    seen = set()
    for card in cards:
        if card not in hand:
            _no("card_not_in_hand", card=str(card), hand=cards_text(hand))
        if card in seen:
            _no("card_named_twice", card=str(card))
        seen.add(card)


def _must_use(game, action):
    """Rummy 500 (``take_must_use``): the card taken goes on the table before anything else."""
    must = game.must_use
    if must is not None and must not in action.cards:
        _no("must_use_taken", card=str(must))


def _meld(game, action, hand, explain=True):
    rules, p = game.rules, game.current_player
    if rules.ladder and game.has_contract_down(p) and not rules.melds_after_contract:
        _no("contract_already_down")
    melds = []
    for group in action.melds:
        check = check_meld(rules, group)
        if not check.ok:
            raise _Refused(Reason("not_a_meld", {"cards": cards_text(group)}), *check.reasons)
        melds.append(as_laid(rules, check.meld, group))
    left = len(hand) - len(action.cards)
    reasons = ()
    if rules.ladder and not game.has_contract_down(p):
        melds, reasons = _lay_down(game, action, left, explain)
    _keeps_final_discard(rules, left)
    return melds, None, reasons


def _lay_down(game, action, left, explain=True):
    """Contract Rummy: the first lay-down is exactly the contract (its melds read as the
    contract needs them); in a whole-hand hand it takes every card at once."""
    rules = game.rules
    contract, rung = game.contract, rules.contract_hand(game.hand_number)
    if rung.whole_hand and left:
        _no("contract_whole_hand", hand=game.hand_number)
    count, needed = len(action.melds), contract.meld_count
    if count < needed or (rules.contract_melds_exact and count != needed):
        _no("contract_wrong_meld_count", expected=Reason("count_melds", {"count": needed}), contract=contract.words(), count=count)
    readings = []
    for group in action.melds:
        options = [check_meld(rules, group, kind=k) for k in ("set", "run")]
        readings.append([as_laid(rules, c.meld, group) for c in options if c.ok])
    for order in permutations(range(count)):
        chosen = [None] * count
        for req, i in zip(contract.requirements, order):
            fit = [m for m in readings[i] if m.kind == req.kind and len(m.cards) >= req.size]
            if not fit:
                break
            chosen[i] = fit[0]
        else:
            melds = [chosen[i] if chosen[i] is not None else readings[i][0] for i in range(count)]
            if not explain:
                return melds, ()
            text = " | ".join(m.text() for m in melds)
            return melds, (Reason("contract_held", {"contract": contract.words(), "melds": text}),)
    _no("contract_missing", contract=contract.words(),
        why=Reason("contract_why_kinds"))


def as_laid(rules, meld: Meld, cards) -> Meld:
    """A new run as the player wrote it, from its low end up, so the order says where
    each wild card stands (``JK 4H 5H 6H``: the joker is 3H); otherwise the engine's
    reading. Sets have no order."""
    from ..errors import IllegalMeldError

    if meld.kind != "run" or tuple(cards) == meld.cards:
        return meld
    try:
        return Meld.parse(cards_text(cards, ascii=True), rules, kind="run")
    except IllegalMeldError:
        return meld


def may_lay_off(game, player: int) -> bool:
    """The rule on when lay-offs are allowed (``RuleSet.layoffs``): ``"any_time"``, or
    ``"turn_after_contract"`` (Contract Rummy: from the turn after your contract)."""
    return _layoff_refusal(game, player) is None


def _layoff_refusal(game, player):
    if game.rules.layoffs == "any_time":
        return None
    turn = game.contract_turn(player)
    if turn is None:
        return Reason("layoff_before_contract")
    if turn == game.turn_number:
        return Reason("layoff_same_turn")
    return None


def _lay_off(game, action, hand, explain=True):
    rules, p = game.rules, game.current_player
    table = game.table
    if not 1 <= action.target <= len(table):
        _no("no_such_meld", target=action.target, count=len(table))
    refusal = _layoff_refusal(game, p)
    if refusal is not None:
        raise _Refused(refusal)
    _keeps_final_discard(rules, len(hand) - 1)
    target = table[action.target - 1]
    grown, reason = grow_meld(rules, target.meld, action.card, action.end, game.natural_faces(), explain)
    if grown is None:
        raise _Refused(reason)
    return (), grown, (reason,)


def _keeps_final_discard(rules, left):
    """``final_discard_required``: melds and lay-offs must leave one card to discard.
    Without ``go_out_by_discard`` it is the other way round: a single card left could
    only be discarded, which would be going out by a discard, so the player would be
    stuck with no legal move; melds and lay-offs must leave none or at least two."""
    if rules.final_discard_required and left == 0:
        _no("keep_final_discard")
    if not rules.go_out_by_discard and left == 1:
        _no("keep_no_single_card")


def _discard(game, action, hand):
    rules, card = game.rules, action.card
    taken = game.taken_this_turn
    reasons = []
    if card == taken:
        if not rules.discard_restriction:
            reasons.append(Reason("taken_discard_free", {"card": str(card), "game": rules.term}))
        elif len(hand) > 1:
            _no("taken_discard_blocked", card=str(card))
        else:
            reasons.append(Reason("taken_discard_last_card", {"card": str(card)}))
    if len(hand) == 1:
        if rules.ladder and rules.contract_hand(game.hand_number).whole_hand:
            _no("no_out_by_discard_whole_hand", hand=game.hand_number)
        if not rules.go_out_by_discard:
            _no("no_out_by_discard")
    return (), None, tuple(reasons)


# --- booting ---------------------------------------------------------------------------

def _boot(game, action, hand, result):
    """Booting (``booting_bonus``): before drawing, on your first turn, cards go down only
    on a way out: after this move the rest of the hand must still go without a draw."""
    if action.kind == "discard":
        if len(hand) != 1:
            _no("boot_must_go_out")
        return
    table = [m.meld for m in game.table]
    melds, grown = result[0], result[1]
    if grown is not None:
        table[action.target - 1] = grown
    table += list(melds)
    rest = [c for c in hand if c not in action.cards]
    if not can_go_out_without_drawing(game.rules, rest, table, game.natural_faces()):
        _no("boot_must_go_out")


def may_boot(game) -> bool:
    """The rule on when booting is open (``booting_bonus``): the player to act, before
    drawing on their first turn of the hand, may put cards down (on a way out only). A
    player with cards of their own on the table has had a turn already, whatever a
    position built mid-hand counts as their first."""
    return (bool(game.rules.booting_bonus) and game.phase == "draw"
            and game.turns_played(game.current_player) == 1 and not game.had_cards_down_before_turn)


def can_go_out_without_drawing(rules, hand, table, faces=frozenset()) -> bool:
    """Is there a way to play every card of ``hand`` (melds, then lay-offs on ``table``
    and the new melds) leaving at most the one card a final discard needs? The search is
    the best arrangement plus lay-offs one by one: when it says yes, the way exists."""
    keep = 1 if rules.final_discard_required else None
    if not hand:
        return keep is None
    if len(hand) == 1 and (keep == 1 or rules.go_out_by_discard):
        return True
    arrangement = rules.arrange(hand)
    melds = list(table) + list(arrangement.melds)
    wood = list(arrangement.deadwood)
    progress = True
    while progress and wood:
        progress = False
        for card in list(wood):
            for i, meld in enumerate(melds):
                grown, _ = grow_meld(rules, meld, card, None, faces, False)
                if grown is not None:
                    melds[i] = grown
                    wood.remove(card)
                    progress = True
                    break
    if keep == 1:
        return len(wood) == 1
    return not wood or (len(wood) == 1 and rules.go_out_by_discard)
