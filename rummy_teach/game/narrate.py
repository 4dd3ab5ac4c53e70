"""The one narrator of a game: a sentence for each move and for each hand's ending.

Every log and transcript says moves the same way: the card table's log (as "You
draw ...", "Computer discards ..."), the worked examples, and the ``rummy-teach
play`` transcript ("player 1 discards ..."). A move is told before it is applied,
with only what every player at the table sees: a card drawn from the stock stays
unnamed. Cards are said by their face (the copy number of a multi-deck game
matters to the engine, not to a reader).
"""

from __future__ import annotations

from ..cards import Card, parse_cards, rank_plural
from ..plural import Signed
from ..reasons import Player, Reason, say, seated
from .actions import Action

# how a hand that nobody went out of ended (``HandResult.ending``), as catalogue codes
ENDINGS = {"void": "ending_void", "stock empty": "ending_stock_empty", "stalled": "ending_stalled"}


def ending_words(ending: str) -> str:
    """How a hand ended without anyone going out, in words ("the stock is empty: ...")."""
    code = ENDINGS.get(ending)
    return say(code) if code else say("ending_other", ending=ending)


def face(card) -> str:
    """A card as a reader reads it: the face only."""
    return str((card if isinstance(card, Card) else Card.parse(card)).face)


def faces_text(cards) -> str:
    return " ".join(face(c) for c in parse_cards(cards))


def meld_words(meld) -> Reason:
    """A meld on the table as a card player names it: "the eights", "the run 4♥ 5♥ 6♥"
    (said in the language in use when the sentence holding it is said)."""
    cards = parse_cards(meld.cards)
    naturals = [c for c in cards if not c.is_joker]
    if meld.meld.kind == "set" and naturals:
        return Reason("meld_name_set", {"rank_plural": rank_plural(naturals[0].rank)})
    return Reason("meld_name_run", {"cards": faces_text(cards)})


def move_words(game, action: Action) -> Reason:
    """The move in words, as advice or as the subject of a refusal ("discard K♣", "lay
    8♣ off on the eights"), said from the catalogue in the language in use when the
    sentence holding it is said; never the engine's notation ("layoff 8C on 2"), which is
    English. ``game`` is the position before the move (it names the taken cards and the
    table's melds); a move it cannot hold (a pile too short, no such meld) is still said."""
    kind = action.kind
    if kind == "take":
        pile = game.discard_pile
        if not pile or action.depth > len(pile):
            return Reason("move_take_cards", {"depth": action.depth})
        taken = pile[-action.depth:]
        if action.depth > 1:
            return Reason("coach_do_dig", dict(card=face(taken[0]), depth=action.depth,
                                               cards=" ".join(face(c) for c in taken)))
        return Reason("coach_do_take", dict(card=face(taken[0])))
    if kind == "meld":
        return Reason("coach_do_meld", dict(melds=" | ".join(" ".join(face(c) for c in g)
                                                             for g in action.melds)))
    if kind == "layoff":
        number = action.target
        meld = meld_words(game.table[number - 1]) if 1 <= number <= len(game.table) else \
            Reason("meld_name_numbered", {"number": number})
        return Reason("coach_do_layoff", dict(card=face(action.card), meld=meld))
    if kind == "discard":
        return Reason("coach_do_discard", dict(card=face(action.card)))
    if kind in ("buy", "pass"):
        top = game.discard_top
        if top is None:
            return Reason(f"move_{kind}_nothing")
        return Reason(f"coach_do_{kind}", dict(card=face(top)))
    return Reason(f"coach_do_{kind}")


def describe_move(game, player: int, action: Action, names, seat: int | None = None) -> str:
    """One sentence for ``action`` by ``player``, said before it is applied, in the
    words of the message catalogue ("You lay 8♣ off on the eights."). ``names`` names
    the seats; ``seat`` is the reader's, whose moves are said to them ("You draw",
    "Peschi", "Je trekt"; the others' "Computer draws"). None: nobody's (a transcript)."""
    who = seated(names, seat)[player]
    kind = action.kind
    code = f"move_{'dig' if kind == 'take' and action.depth > 1 else kind}"
    params = {"who": who}
    if kind == "take":
        taken = game.discard_pile[-action.depth:]
        if not taken or action.depth > len(game.discard_pile):
            return f"{who}: {action}."      # not a move the judge will allow: it says why
        params.update(card=face(taken[0]), depth=action.depth, cards=faces_text(taken))
    elif kind == "meld":
        params["melds"] = " | ".join(faces_text(g) for g in action.melds)
    elif kind == "layoff":
        params["card"] = face(action.card)
        params["meld"] = (meld_words(game.table[action.target - 1])
                          if 1 <= action.target <= len(game.table)
                          else say("meld_name_numbered", number=action.target))
    elif kind == "discard":
        params["card"] = face(action.card)
    elif kind in ("buy", "pass"):
        params["card"] = face(game.discard_top)
    elif kind not in ("draw", "end"):
        return f"{who}: {action}."
    return say(code, **params)


def hand_over_line(game, names, seat: int | None = None) -> str:
    """One sentence for the hand that just ended: how, and what each seat scored
    (``seat`` as for :func:`describe_move`: "you went out")."""
    result = game.hand_results[-1]
    players = seated(names, seat)
    if result.went_out is None:
        how = ending_words(result.ending)
    else:
        code = "ending_booted" if result.booted else "ending_went_out"
        how = say(code + ("_rummy" if result.rummy else ""), who=players[result.went_out])
    scores = ", ".join(say("board_score_item", name=players[p], score=Signed(s))
                       for p, s in enumerate(result.scores))
    return say("hand_over_line", hand=result.hand, how=how, scores=scores)
