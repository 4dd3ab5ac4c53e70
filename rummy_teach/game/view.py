"""What one player may see, as plain JSON-able data, and a text picture of a game.

:func:`player_view` never includes another player's cards, except those everybody
saw them take from the discard pile or buy (``known_cards``), nor the order of the
stock. The discard pile shows whole where the rules fan it (Rummy 500), otherwise
only its top card and its size. Cards are written in ASCII notation (``8S``,
``10H``, ``JK#2``), which :func:`~rummy_teach.cards.parse_cards` reads back.
"""

from __future__ import annotations

from ..cards import cards_text
from ..errors import UsageError


def _cards(cards) -> list[str]:
    return [c.text(ascii=True) for c in cards]


def _card(card) -> str | None:
    return None if card is None else card.text(ascii=True)


def player_view(game, player: int) -> dict:
    """Everything ``player`` may know about ``game`` at this moment."""
    rules, n = game.rules, game.num_players
    if not isinstance(player, int) or not 0 <= player < n:
        raise UsageError(f"player must be 0 to {n - 1}, not {player!r}")
    pile = game.discard_pile
    visible = list(pile) if rules.fanned_discards else list(pile[-1:])
    melds_by_owner = {str(p): [m.number for m in game.table if m.owner == p] for p in range(n)}
    offer = game.buy_offer
    results = game.hand_results
    to_move = game.current_player
    return {
        "game": rules.name,
        "title": rules.title,
        "player": player,
        "players": n,
        "hand_number": game.hand_number,
        "dealer": game.dealer,
        "to_move": to_move,
        "phase": game.phase,
        "hand": _cards(sorted(game.hand(player), key=lambda c: c.sort_key())),
        "hand_sizes": list(game.hand_sizes()),
        "table": [m.to_dict() for m in game.table],
        "melds_by_owner": melds_by_owner,
        "discard_pile": _cards(visible),
        "discard_size": len(pile),
        "discard_fanned": rules.fanned_discards,
        "stock_size": game.stock_size,
        "scores": list(game.scores),
        "team_scores": None if game.team_scores is None else list(game.team_scores),
        "hand_scores": [list(r.scores) for r in results],
        "last_hand": results[-1].to_dict() if game.is_hand_over and results else None,
        "target": rules.target,
        "contract": None if game.contract is None else str(game.contract),
        "contract_down": [game.has_contract_down(p) for p in range(n)],
        "buys_left": [game.buys_left(p) for p in range(n)] if rules.buying else None,
        "buy_offer": None if offer is None else {
            "card": _card(offer["card"]), "asked": offer["asked"], "called": list(offer["called"]),
            "waiting": list(offer["waiting"]), "to_move": offer["to_move"]},
        "must_use": _card(game.must_use),
        "taken_this_turn": _card(game.taken_this_turn),
        "known_cards": {str(p): _cards(game.known_cards(p)) for p in range(n) if p != player},
        "discards": {str(p): _cards(game.discards_by(p)) for p in range(n)},
        "legal_actions": [a.text(ascii=True) for a in game.legal_actions()] if to_move == player else [],
        "is_hand_over": game.is_hand_over,
        "is_game_over": game.is_game_over,
        "winners": list(game.winners),
    }


def describe(game) -> str:
    """A few lines picturing the whole table (every hand shown: for teachers and tests)."""
    lines = [f"{game.rules.title}, hand {game.hand_number}, dealer {game.dealer}, "
             f"{game.phase}, to move: {game.current_player}"]
    if game.contract is not None:
        lines.append(f"contract: {game.contract}")
    for p in range(game.num_players):
        lines.append(f"  player {p}: {cards_text(sorted(game.hand(p), key=lambda c: c.sort_key()))}"
                     f"   score {game.scores[p]}")
    for meld in game.table:
        lines.append(f"  meld {meld.number} (player {meld.owner}): {meld.meld}")
    lines.append(f"  stock {game.stock_size}, discard pile: {cards_text(game.discard_pile) or 'empty'}")
    return "\n".join(lines)
