"""The one narrator of a game: a sentence for each move and for each hand's ending.

Every log and transcript says moves the same way: the card table's log (as "You
draw ...", "Computer discards ..."), the worked examples, and the ``rummy-teach
play`` transcript ("player 1 discards ..."). A move is told before it is applied,
with only what every player at the table sees: a card drawn from the stock stays
unnamed. Cards are said by their face (the copy number of a multi-deck game
matters to the engine, not to a reader).
"""

from __future__ import annotations

from ..cards import Card, parse_cards
from .actions import Action

ENDINGS = {"void": "the stock ran out a third time: the hand is void",
           "stock empty": "the stock is empty: nobody went out",
           "stalled": "no new card could come into play: the hand stops"}


def face(card) -> str:
    """A card as a reader reads it: the face only."""
    return str((card if isinstance(card, Card) else Card.parse(card)).face)


def faces_text(cards) -> str:
    return " ".join(face(c) for c in parse_cards(cards))


def describe_move(game, player: int, action: Action, names) -> str:
    """One sentence for ``action`` by ``player``, said before it is applied. ``names``
    names the seats; the name "You" takes the verb without an s ("You draw")."""
    who = names[player]
    s = "" if who == "You" else "s"   # "You draw", "Computer draws"
    kind = action.kind
    if kind == "draw":
        return f"{who} draw{s} from the stock."
    if kind == "take":
        taken = game.discard_pile[-action.depth:]
        if action.depth == 1:
            return f"{who} take{s} {face(taken[0])} from the discard pile."
        return f"{who} dig{s} {action.depth} deep for {face(taken[0])}, picking up {faces_text(taken)}."
    if kind == "meld":
        return f"{who} meld{s} " + " | ".join(faces_text(g) for g in action.melds) + "."
    if kind == "layoff":
        if not 1 <= action.target <= len(game.table):
            return f"{who} lay{s} off {face(action.card)} on meld {action.target}."
        meld = game.table[action.target - 1]
        return f"{who} lay{s} off {face(action.card)} on meld {action.target} ({faces_text(meld.cards)})."
    if kind == "discard":
        return f"{who} discard{s} {face(action.card)}."
    if kind == "buy":
        return f"{who} buy{s} {face(game.discard_top)} (and take{s} a penalty card from the stock)."
    if kind == "pass":
        return f"{who} {'does' if s else 'do'} not buy {face(game.discard_top)}."
    if kind == "end":
        return f"{who} take{s} nothing from the empty stock: the hand ends."
    return f"{who}: {action}."


def hand_over_line(game, names) -> str:
    """One sentence for the hand that just ended: how, and what each seat scored."""
    result = game.hand_results[-1]
    if result.went_out is None:
        how = ENDINGS.get(result.ending, f"the hand ends ({result.ending})")
    else:
        how = (f"{names[result.went_out]} went out" + (" with a rummy" if result.rummy else "")
               + (" without drawing (booting)" if result.booted else ""))
    scores = ", ".join(f"{names[p]} {s:+d}" for p, s in enumerate(result.scores))
    return f"Hand {result.hand} over: {how}. This hand: {scores}."
