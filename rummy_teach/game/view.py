"""What one player may see, as plain JSON-able data, and a text picture of a game.

:func:`player_view` never includes another player's cards, except those everybody
saw them take from the discard pile or buy (``known_cards``), nor the order of the
stock. The discard pile shows whole where the rules fan it (Rummy 500), otherwise
only its top card and its size. Cards are written in ASCII notation (``8S``,
``10H``, ``JK#2``), which :func:`~rummy_teach.cards.parse_cards` reads back.

:func:`board_view` is the card table as one seat sees it, built from
:func:`player_view`: what every renderer draws (:func:`rummy_teach.play.board.board_html`
in the book, the widgets and the lessons).
"""

from __future__ import annotations

from ..cards import Card, cards_text
from ..errors import UsageError
from ..reasons import say


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


# --- the card table as one seat sees it: what the renderers draw ---------------------------

def default_names(players: int, seat: int) -> list[str]:
    others = [p for p in range(players) if p != seat]
    names = [say("seat_you")] * players
    for i, p in enumerate(others):
        names[p] = say("seat_computer") if len(others) == 1 else say("seat_computer_numbered",
                                                                         number=i + 1)
    return names


def board_view(game, seat: int, names=None, face_up=(), selected=(), groups=(),
               sort: str = "suit", deal=None) -> dict:
    """What the board shows from ``seat``, as plain data built from ``game.view(seat)``.

    ``face_up`` lists other seats whose hands are shown too (worked examples only).
    ``selected`` and ``groups`` (melds being gathered for a lay-down) are cards of
    the seat's hand. Melds where the seat may lay a selected card off now (the
    engine's :meth:`~rummy_teach.game.Game.layoff_targets`) are listed in ``fits``.
    ``deal`` is the number the table was dealt from, shown in the header (None: not shown).
    """
    view = game.view(seat)
    n = view["players"]
    names = list(names) if names else default_names(n, seat)
    chosen = [Card.parse(c) if isinstance(c, str) else c for c in selected]
    fits = sorted({number for card in chosen for number in game.layoff_targets(card, seat)})
    shown = {seat} | set(face_up)
    result = view["last_hand"]
    players = []
    for p in range(n):
        hand = None
        if p == seat:
            hand = list(view["hand"])
        elif result is not None:     # the hand is over: every hand is shown, as it was scored
            hand = list(result["deadwood"][p])
        elif p in shown:
            hand = [c.text(ascii=True) for c in game.hand(p)]
        if hand is not None:
            hand = sorted(hand, key=lambda c: Card.parse(c).sort_key(sort))
        players.append({
            "name": names[p], "count": view["hand_sizes"][p], "hand": hand,
            # the points the engine counted against the cards left in hand (None: in play)
            "left_points": None if result is None else result["deadwood_points"][p],
            "score": view["scores"][p],
            "contract_down": view["contract_down"][p] if view["contract"] else False,
            # None where the rules have no buying (only a game with buying shows it)
            "buys_left": None if view["buys_left"] is None else view["buys_left"][p],
            "melds": [{"number": m["number"], "kind": m["kind"], "cards": m["cards"]}
                      for m in view["table"] if m["owner"] == p],
        })
    offer = view["buy_offer"]
    return {
        "title": view["title"], "hand_number": view["hand_number"], "contract": view["contract"],
        "deal": deal,
        "seat": seat, "names": names, "players": players, "to_move": view["to_move"],
        "phase": view["phase"], "stock": view["stock_size"], "discard": view["discard_pile"],
        "discard_size": view["discard_size"], "fanned": view["discard_fanned"],
        "selected": [c.text(ascii=True) for c in chosen],
        "groups": [[c.text(ascii=True) for c in g] for g in groups],
        "fits": fits, "must_use": view["must_use"],
        "buy_offer": None if offer is None else {"card": offer["card"], "asked": offer["asked"]},
        "result": None if result is None else {
            "went_out": result["went_out"], "ending": result["ending"], "rummy": result["rummy"],
            "scores": result["scores"], "deadwood": result["deadwood"],
            "deadwood_points": result["deadwood_points"], "melded": result["melded_points"]},
        "game_over": view["is_game_over"], "winners": view["winners"],
        "constructed": game.constructed,
    }
