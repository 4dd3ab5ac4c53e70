"""Why a move is good, in reason codes (catalogue block "the coach", issue 17).

Each function reads only what the learner sees (their hand, the table, the discard
pile) and returns :class:`~rummy_teach.reasons.Reason` values; the words are the
catalogue's.
"""

from __future__ import annotations

from ..cards import SUIT_NAMES, rank_plural
from ..game.ai import Bot
from ..game.planning import arrange
from ..game.narrate import meld_words, move_words  # noqa: F401  (move_words: the coach's interface)
from ..reasons import Reason, say
from ..game.contract_play import shortfall
from ..game.expert import HOLD, keeps_melds, ready_melds


def faces(cards) -> str:
    return " ".join(str(c.face) for c in cards)


def _table_meld(game, number):
    return meld_words(game.table[number - 1]) if 1 <= number <= len(game.table) else str(number)


def _meld_with(rules, cards, card):
    """The meld of the best arrangement of ``cards`` that holds ``card``, or None."""
    return next((m for m in arrange(rules, tuple(cards)).melds if card in m.cards), None)


def _what(meld, card) -> Reason:
    """What taking ``card`` shows the others: the meld's rank or suit (a wild card, a joker
    or a California queen, has none of its own: the meld's is the one given away)."""
    if meld.kind == "set":
        return Reason("coach_what_set", {"rank_plural": rank_plural(meld.rank or card.rank)})
    return Reason("coach_what_run", {"suit": SUIT_NAMES[meld.suit or card.suit], "card": faces([card])})


#: why going out is the move, by the rule set's scoring scheme: the other hands' cards
#: count for you (Basic Rummy), against their owners while your own melds are safe
#: (Rummy 500), or as penalty points for them (Contract Rummy)
GO_OUT = {"winner_takes": "coach_go_out", "melds_minus_hand": "coach_go_out_melds_minus_hand",
          "penalty": "coach_go_out_penalty"}


def goes_out(game, action) -> bool:
    """Would the learner go out this turn, starting with ``action`` (their own cards only)?"""
    if action.kind == "draw" or game.phase not in ("play", "draw"):
        return False
    player = game.current_player
    trial = game.clone()
    trial.apply(action)
    bot = Bot("medium", seed="coach/go-out")
    for _ in range(20):
        if trial.is_hand_over or trial.current_player != player or trial.phase != "play":
            break
        trial.apply(bot.act(trial))
    return trial.is_hand_over and trial.hand_results[-1].went_out == player


def reasons_for(game, action) -> list[Reason]:
    """Why ``action`` is the move for the player to act in ``game``: the move's own
    reasons, and, when it keeps melds in hand that could go down, why they wait."""
    reasons = _move_reasons(game, action)
    if action.kind in ("discard", "layoff") and keeps_melds(game, game.current_player):
        reasons.append(_held_reason(game, action))
    return reasons


def _held_reason(game, action) -> Reason:
    """Why the melds in the learner's hand stay there this turn (the expert's rule,
    :func:`~.expert.keeps_melds`): nobody lays off on melds they have not seen, the
    opponents are far from going out, and in Basic Rummy the hand may still go out all
    at once, a rummy, scored double."""
    rules, player = game.rules, game.current_player
    melds = ready_melds(game, player)
    fewest = min(len(game.hand(p)) for p in range(game.num_players) if p != player)
    rummy = rules.rummy_doubles and action.kind == "discard" and not game.had_cards_down_before_turn
    return Reason("coach_hold_melds_rummy" if rummy else "coach_hold_melds",
                  {"melds": " | ".join(faces(m.cards) for m in melds), "fewest": fewest, "hold": HOLD})


def _move_reasons(game, action) -> list[Reason]:
    """The reasons of ``action`` itself."""
    rules, player = game.rules, game.current_player
    hand = game.hand(player)
    top = game.discard_top
    kind = action.kind
    if kind in ("meld", "layoff", "take") and goes_out(game, action):
        return [Reason(GO_OUT[rules.scoring], {"move": move_words(game, action)})]
    if kind == "meld":
        cards = action.cards
        return [Reason("coach_meld", {"cards": faces(cards), "points": rules.hand_points(cards)})]
    if kind == "layoff":
        return [Reason("coach_lay_off", {"card": faces([action.card]), "points": rules.card_points(action.card),
                                         "meld": _table_meld(game, action.target)})]
    if kind == "take":
        card = game.discard_pile[-action.depth]
        taken = game.discard_pile[-action.depth:]
        if game.layoff_targets(card, player) and action.depth == 1:
            target = game.layoff_targets(card, player)[0]
            return [Reason("coach_take_lays_off", {"card": faces([card]), "meld": _table_meld(game, target)})]
        meld = _meld_with(rules, hand + tuple(taken), card)
        nearer = _nearer_contract(game, player, card)
        if meld is None and nearer:
            return [Reason("coach_take_contract", {"card": faces([card]), **nearer})]
        if meld is None:
            partners = _partners(rules, hand, card)
            if partners:
                return [Reason("coach_take_partner", {"card": faces([card]), "cards": faces(partners)})]
            return [Reason("coach_take_low", {"card": faces([card])})]
        return [Reason("coach_take_makes", {"card": faces([card]), "meld": faces(meld.cards)}),
                Reason("coach_take_reveals", {"card": faces([card]), "what": _what(meld, card)})]
    if kind == "draw":
        if top is None:
            return []
        meld = _meld_with(rules, hand + (top,), top)
        if meld is not None:
            return [Reason("coach_draw_hides", {"card": faces([top]), "what": _what(meld, top)})]
        return [Reason("coach_draw_nothing", {"card": faces([top])})]
    if kind == "discard":
        return _discard_reasons(rules, hand, action.card)
    if kind == "buy":
        meld = _meld_with(rules, hand + (top,), top)
        if meld is not None:
            return [Reason("coach_buy", {"card": faces([top]), "meld": faces(meld.cards)})]
        nearer = _nearer_contract(game, player, top)
        if nearer:
            return [Reason("coach_buy_contract", {"card": faces([top]), **nearer})]
        return [Reason("coach_buy_wild" if rules.is_wild(top) else "coach_buy_any", {"card": faces([top])})]
    if kind == "pass":
        return [Reason("coach_pass", {"card": faces([top])})]
    return []


def _nearer_contract(game, player, card) -> dict:
    """Contract Rummy, the contract not yet down: how many cards the hand lacks for its
    contract now and with ``card`` (:func:`~.contract_play.shortfall`), when ``card``
    brings it nearer; else an empty dict."""
    rules = game.rules
    if not rules.ladder or game.has_contract_down(player):
        return {}
    hand, number = game.hand(player), game.hand_number
    before, after = shortfall(rules, hand, number), shortfall(rules, hand + (card,), number)
    return {"before": before, "after": after} if after < before else {}


def _discard_reasons(rules, hand, card) -> list[Reason]:
    before = arrange(rules, tuple(hand))
    broken = next((m for m in before.melds if card in m.cards), None)
    if broken is not None:
        why = Reason("coach_discard_breaks", {"card": faces([card]), "meld": faces(broken.cards)})
    elif _loose(rules, hand, card):
        why = Reason("coach_discard_fits_nothing", {"card": faces([card]), "points": rules.card_points(card)})
    else:
        why = Reason("coach_discard_least", {"card": faces([card])})
    rest = list(hand)
    rest.remove(card)
    kept = [(rules.card_points(c), c.sort_key(), c, m) for m in arrange(rules, tuple(rest)).melds
            for c in m.cards if not rules.is_wild(c)]
    tempting = [k for k in kept if k[0] > rules.card_points(card)]
    if tempting:
        _, _, keep, meld = max(tempting, key=lambda k: (k[0], k[1]))
        return [why, Reason("coach_keep", {"card": faces([keep]), "meld": faces(meld.cards)})]
    return [why]


def _partners(rules, hand, card) -> list:
    """The cards of ``hand`` that could make a meld with ``card`` and one more card: the
    same rank, the same suit at most two away, or a wild card."""
    return [other for other in hand if other != card and (
        rules.is_wild(other) or other.rank == card.rank
        or (other.suit == card.suit and abs(other.rank - card.rank) <= 2))]


def _loose(rules, hand, card) -> bool:
    """True when ``card`` has no partner in the hand for a set or a run."""
    return not rules.is_wild(card) and not _partners(rules, hand, card)
