"""Can this position happen? The reasons a scripted position could not arise in a real game.

A lesson, a worked example or a teacher's quiz item describes a moment of a hand as text
(:func:`~.setup.from_deal`): the hands, the melds on the table and who put each card
there, the discard pile, the stock, whose turn begins, the hand's number, the buys so far.
Like python-chess's ``Board.status()``, :func:`position_problems` returns every reason
such a position cannot be reached by playing the game from a deal (an empty list: it can);
``from_deal`` refuses a position with reasons unless it is marked ``constructed`` (a
simplified illustration, which the page then says it is).

What is checked, at the start of a turn (before its draw):

* **cards**: every physical card of the game's deck is in exactly one place (the builder
  checks; cards the text leaves out lie under the discard pile's given cards);
* **hand sizes**: a turn draws one card and discards one, so a hand holds what was dealt,
  less the cards its player put on the table, plus two cards for every buy (the discard
  and its penalty card). In Rummy 500 a take from the discard pile may bring several
  cards, but the card chosen goes on the table at once: a hand may be bigger than that,
  only if its player has put something down, never smaller. A hand is never empty while
  the hand goes on: the last card ends it;
* **the stock**: never bigger than what the deal leaves (less the penalty cards of buys),
  except just after Basic Rummy's discard pile was turned over to become the stock: then
  the pile is empty and the stock holds it all; the pile is empty at no other time. Nothing
  more about the two follows from the turns played: with the hands right, every other card
  is in the stock or the pile, so the stock's size fixes the pile's; each card drawn from
  the stock took one turn, but a turn may take from the pile instead, and whose turn it is
  tells the number of turns played only up to whole rounds, so any pile of one card or more
  agrees with some number of turns;
* **Contract Rummy**: nothing of a player is on the table before their whole contract; a
  player's melds are exactly the contract (one lay-down, and no new melds after it unless
  the rules allow); lay-offs only after one's own contract; in a whole-hand hand (hand 7)
  nothing is on the table at all while the hand goes on; at most ``max_buys`` buys each,
  and none where buying is off;
* **scores**: none before the first hand ends, and no total at the target while play goes on.
"""

from __future__ import annotations

from itertools import permutations

from ..reasons import Reason


def count(code: str, n: int) -> Reason:
    """A counted phrase ("4 cards", "1 card") for a sentence's parameter."""
    return Reason(code, {"count": n})


def position_problems(rules, start, names=None) -> list[Reason]:
    """Every reason the position ``start`` (a :class:`~.deal.StartingDeal`) cannot arise in
    a real game of ``rules``; empty when it can. ``names`` name the players in the reasons."""
    n = len(start.hands)
    who = [names[p] if names else Reason("seat_player_numbered", {"number": p + 1}) for p in range(n)]
    dealt = rules.cards_dealt(n, start.hand)
    decks, jokers = rules.deck_for(n)
    left_by_deal = 52 * decks + jokers - n * dealt - 1
    buys = start.buys
    placed = [0] * n          # cards each player put on the table, their lay-offs included
    owns = [[] for _ in range(n)]
    laid_off_by = [0] * n     # cards each player laid off on someone else's meld
    for owner, meld, placed_by in start.table:
        owns[owner].append(meld)
        for p in placed_by:
            placed[p] += 1
            if p != owner:
                laid_off_by[p] += 1
    problems: list[Reason] = []

    for p in range(n):
        if buys[p] and not rules.buying:
            problems.append(Reason("position_buying_off", {"who": who[p], "game": rules.term}))
        elif buys[p] > rules.max_buys:
            problems.append(Reason("position_too_many_buys", {"who": who[p], "buys": count("count_times", buys[p]),
                                                              "most": count("count_times", rules.max_buys)}))
    for p, hand in enumerate(start.hands):
        size = len(hand)
        expected = dealt - placed[p] + (1 + rules.buy_penalty_cards) * buys[p]
        params = {"who": who[p], "cards": count("count_cards", size), "dealt": count("count_cards", dealt),
                  "laid": count("count_cards", placed[p]), "expected": count("count_cards", expected),
                  "players": count("count_players", n)}
        if size == 0:
            problems.append(Reason("position_empty_hand", {"who": who[p]}))
        elif rules.take_must_use:      # Rummy 500: a take may bring several cards
            if size < expected:
                problems.append(Reason("position_hand_too_small", params))
            elif size > expected and not placed[p]:
                problems.append(Reason("position_hand_too_big_nothing_down", params))
        elif size != expected:
            code = "position_hand_size_buys" if buys[p] else "position_hand_size"
            problems.append(Reason(code, {**params, "buys": count("count_times", buys[p])}))

    # Every card lies somewhere, so with the hands right the pile holds what the stock does
    # not: a turn's draw moves a card from the stock (or the pile) and its discard puts one on
    # the pile, whatever the number of turns played. The one split a real hand reaches with the
    # stock bigger than the deal left it is the moment after the whole pile was turned over.
    turns_over = rules.stock_exhausted == "turn_over" and (rules.stock_turnovers or 0) > 0
    most = left_by_deal - rules.buy_penalty_cards * sum(buys)
    if turns_over and not start.discard:
        most += 1 - sum(buys)            # the pile, turned over as it lay, upcard and all
    if len(start.stock) > most and not problems:   # wrong hands already explain a big stock
        problems.append(Reason("position_stock_too_big", {"cards": count("count_cards", len(start.stock)),
                                                          "most": count("count_cards_left", most), "players": count("count_players", n),
                                                          "dealt": count("count_cards", dealt)}))
    if not start.discard and not turns_over:
        problems.append(Reason("position_no_discard"))

    if rules.ladder:
        problems += _contract_problems(rules, start, owns, laid_off_by, who)
    problems += _score_problems(rules, start, n, who)
    return problems


def _contract_problems(rules, start, owns, laid_off_by, who) -> list[Reason]:
    rung = rules.contract_hand(start.hand)
    contract = rung.contract
    problems = []
    if rung.whole_hand and start.table:
        return [Reason("position_table_in_whole_hand", {"hand": start.hand})]
    for p, melds in enumerate(owns):
        if not melds:
            if laid_off_by[p]:
                problems.append(Reason("position_layoff_before_contract", {"who": who[p]}))
            continue
        exact = rules.contract_melds_exact and not rules.melds_after_contract
        wrong_count = len(melds) != contract.meld_count if exact else len(melds) < contract.meld_count
        if wrong_count or not _covers(contract, melds):
            problems.append(Reason("position_not_the_contract", {
                "who": who[p], "melds": count("count_melds", len(melds)), "hand": start.hand,
                "contract": contract.words()}))
    return problems


def _covers(contract, melds) -> bool:
    """Do ``melds`` hold every requirement of ``contract``, each meld serving one?"""
    needs = contract.requirements
    if len(melds) < len(needs):
        return False
    for order in permutations(melds, len(needs)):
        if all(m.kind == r.kind and len(m.cards) >= r.size for m, r in zip(order, needs)):
            return True
    return False


def _score_problems(rules, start, n, who) -> list[Reason]:
    scores = start.scores
    if scores is None or not any(scores):
        return []
    if start.hand == 1:
        return [Reason("position_scores_in_first_hand")]
    if rules.target is not None and not rules.ladder:
        totals = scores
        if rules.partnership:
            totals = [scores[p] + scores[(p + 2) % n] for p in range(n)]
        reached = [p for p in range(n) if totals[p] >= rules.target]
        if reached:
            return [Reason("position_game_over", {"who": who[reached[0]], "score": count("count_points", totals[reached[0]]),
                                                  "target": rules.target})]
    return []
