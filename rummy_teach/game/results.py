"""Scoring a hand and deciding the game, for each of the three games.

* Basic Rummy: whoever goes out scores the points left in every opponent's hand,
  doubled for a rummy; a void hand scores nothing.
* Rummy 500: every player scores what they melded or laid off minus what is left in
  their hand (an ace in hand 15); the booting bonus goes to a player who went out
  without drawing; in Partnership 500 the partners' scores are added.
* Contract Rummy: whoever goes out scores 0, everybody else the penalty points of the
  cards left in hand; after the last hand the lowest total wins, ties broken by the
  last hand's score, and players still tied share the win.

Which scheme applies is the rule set's ``scoring`` field; who wins is read from
``ladder``, ``target`` and ``lowest_score_wins``. This module is where scoring is
written (the quiz's scoring questions ask it too).

Games to a target end when the highest total has reached it and nobody shares it;
an exact tie at the top means another hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card


@dataclass(frozen=True)
class HandResult:
    """How one hand ended and what each player scored in it."""

    hand: int
    dealer: int
    went_out: int | None          # None: void, stock exhausted or stalled
    ending: str                   # "went out", "void", "stock empty", "stalled"
    scores: tuple[int, ...]       # this hand's score of each player (penalties in Contract)
    deadwood: tuple[tuple[Card, ...], ...]
    deadwood_points: tuple[int, ...]
    melded_points: tuple[int, ...] = ()   # Rummy 500: meld and lay-off points per player
    rummy: bool = False
    booted: bool = False

    def to_dict(self) -> dict:
        return {"hand": self.hand, "dealer": self.dealer, "went_out": self.went_out,
                "ending": self.ending, "scores": list(self.scores),
                "deadwood": [[c.text(ascii=True) for c in cards] for cards in self.deadwood],
                "deadwood_points": list(self.deadwood_points),
                "melded_points": list(self.melded_points), "rummy": self.rummy, "booted": self.booted}


def score_hand(game, went_out: int | None, ending: str) -> HandResult:
    """Score the hand that just ended, by the rule set's ``scoring`` scheme."""
    rules, n = game.rules, game.num_players
    deadwood = tuple(tuple(game.hand(p)) for p in range(n))
    left = tuple(rules.hand_points(cards) for cards in deadwood)
    melded = ()
    rummy = booted = False
    if ending == "void":
        scores = (0,) * n
    elif rules.scoring == "winner_takes":
        rummy = went_out is not None and rules.rummy_doubles and not game.had_cards_down_before_turn
        scores = winner_takes(rules, deadwood, went_out, rummy)
    elif rules.scoring == "melds_minus_hand":
        totals = [0] * n
        for meld in game.table:
            for player, points in meld.points_by_player(rules).items():
                totals[player] += points
        melded = tuple(totals)
        scores = [totals[p] - left[p] for p in range(n)]
    else:  # "penalty"
        scores = [0 if p == went_out else left[p] for p in range(n)]
    if went_out is not None and rules.booting_bonus and game.is_booting and not game.has_drawn:
        booted = True
        scores[went_out] += rules.booting_bonus
    return HandResult(game.hand_number, game.dealer, went_out, ending, tuple(scores), deadwood,
                      left, melded, rummy, booted)


def winner_takes(rules, deadwood, went_out: int | None, rummy: bool = False) -> list[int]:
    """Scoring ``"winner_takes"``: whoever went out scores the points left in every other
    hand, doubled for a rummy where ``rummy_doubles``; everybody else scores 0."""
    scores = [0] * len(deadwood)
    if went_out is not None:
        total = sum(rules.hand_points(cards) for p, cards in enumerate(deadwood) if p != went_out)
        scores[went_out] = total * (2 if rummy and rules.rummy_doubles else 1)
    return scores


def game_winners(game) -> tuple[int, ...]:
    """The winners if the game is now over, else ``()``.

    A game with contracts ends after its last hand; the best total wins (the lowest
    where ``lowest_score_wins``), ties broken by the last hand's score, players still
    tied share the win. A game to a target ends when a total (a team's, in Partnership
    500) reaches it, and the best total wins; an exact tie at the top means another hand.
    """
    rules, n = game.rules, game.num_players
    best = min if rules.lowest_score_wins else max
    if rules.ladder:
        if game.hand_number < len(rules.ladder):
            return ()
        scores = game.scores
        top = best(scores)
        tied = [p for p in range(n) if scores[p] == top]
        last = game.hand_results[-1].scores
        best_last = best(last[p] for p in tied)
        return tuple(p for p in tied if last[p] == best_last)
    totals = game.team_scores if rules.partnership else game.scores
    if max(totals) < rules.target:
        return ()
    top = best(totals)
    if totals.count(top) != 1:
        return ()
    side = totals.index(top)
    return (side, side + 2) if rules.partnership else (side,)
