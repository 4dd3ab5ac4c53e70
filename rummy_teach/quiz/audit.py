"""Is a quiz item fit to use unseen? The reasons it is not, as codes with parameters.

Like python-chess's ``Board.status()`` for a position, :func:`audit` returns what is
wrong with one question (an empty tuple when nothing is), and :func:`audit_quiz` the
problems of a whole quiz, question by question. Four kinds of defect:

* **cannot happen**: totals, scores or hands that no real game reaches (two players
  passing the target in one Basic Rummy hand, where only the player who went out
  scores; Contract Rummy penalties that are not multiples of 5, or a last hand nobody
  went out of; a Rummy 500 hand score from fewer cards than a player is dealt; a hand
  bigger than the deal gives; positions are the engine's to refuse: ``from_deal``
  turns one away when the quiz is read), or a position that leaves cards unseen
  under its discard pile;
* **told by its prompt**: a "who gets the card?" item whose story already says who
  took, bought or picked the card up;
* **tagged with another rule**: a built-in rule whose evidence (the engine's own
  reason codes, or facts of the question) is missing from the engine's answer;
* **asked before**: the same cards judged again later in the same quiz, where the
  earlier feedback has just given the answer.

The checks read the engine's answers; they never work an answer out again.
"""

from __future__ import annotations

from math import gcd

from ..reasons import Reason, Reasons
from .words import Joined

# --- what a built-in rule needs to find in the engine's answer --------------------------


def codes(question) -> frozenset:
    """Every reason code of a question's answer, nested ones included (a lay-off refusal
    carries its ``layoff_why_*`` inside)."""
    found = set()

    def walk(value):
        if isinstance(value, Reason):
            found.add(value.code)
            for param in value.params.values():
                walk(param)
        elif isinstance(value, (Reasons, list, tuple)):
            for item in value:
                walk(item)
        elif isinstance(value, Joined):
            for item in value.items:
                walk(item)

    walk(tuple(question.reasons))
    walk(tuple(question.explaining))
    return frozenset(found)


def _has(*wanted):
    return lambda q: bool(set(wanted) & codes(q))


def _all(*wanted):
    return lambda q: set(wanted) <= codes(q)


def _ace_fits(rank_of_neighbour):
    """A lay-off item where an ace is accepted next to ``rank_of_neighbour``."""
    def check(q):
        return any(c.rank == 1 for c in q.answer) and any(
            c.rank == rank_of_neighbour for c in q.meld_cards)
    return check


def _either(*checks):
    return lambda q: any(check(q) for check in checks)


#: the built-in rule codes (quizbank_*) -> what the engine's answer must show for the
#: question to test that rule. Every rule a built-in bank names must be here.
EVIDENCE = {
    "quizbank_basic_eights": _has("is_set"),
    "quizbank_basic_opponent_cards": lambda q: q.kind == "points",
    "quizbank_basic_eights_lay_off": lambda q: q.kind == "lay_off" and q.meld.kind == "set"
    and bool(q.answer),
    "quizbank_basic_four_eights_lay_off": _has("layoff_why_set_full"),
    "quizbank_basic_hearts_4_7": _has("is_run"),
    "quizbank_basic_hearts_4_7_lay_off": lambda q: q.kind == "lay_off" and q.meld.kind == "run"
    and {c.rank for c in q.answer} == {q.meld.low - 1, q.meld.high + 1},
    "quizbank_basic_hearts_10_k_lay_off": _has("layoff_why_ace_low"),
    "quizbank_basic_hearts_2_4_lay_off": lambda q: q.kind == "lay_off" and _ace_fits(2)(q),
    "quizbank_basic_qka": _has("ace_high_not_allowed"),
    "quizbank_basic_ka2": _has("wraps_around"),
    "quizbank_basic_a23": lambda q: q.kind == "meld" and q.answer == "run" and q.check_result.meld.low == 1,
    "quizbank_basic_taken_king": _has("taken_discard_blocked"),
    "quizbank_basic_taken_king_alone": _has("taken_discard_last_card"),
    "quizbank_basic_two_player_hand_melds": lambda q: q.kind == "arrange",
    "quizbank_basic_aces_points": lambda q: q.kind == "points" and any(c.rank == 1 for c in q.cards),
    "quizbank_basic_two_player_hand": lambda q: q.kind == "hand_winner" and not q.rummy,
    "quizbank_basic_refill_3rd": _has("stock_out_void"),
    "quizbank_basic_draw_first": _has("draw_first"),
    "quizbank_basic_take_two_deep": _has("take_top_only"),
    "quizbank_basic_go_out_by_discard": _all("quiz_move_allowed", "teach_go_out"),
    "quizbank_basic_two_player_hand_one_turn": lambda q: q.kind == "hand_winner" and q.rummy,
    "quizbank_basic_game_end_highest": _has("game_end_highest"),
    "quizbank_basic_game_end_tie": _has("game_end_tie_again"),
    "quizbank_basic_game_end_first": _has("quiz_game_end_first"),
    "quizbank_basic_game_end_exactly": lambda q: _has("quiz_game_end_first")(q)
    and q.rules.target in q.totals,
    "quizbank_basic_game_end_not_yet": _has("game_end_not_yet"),
    "quizbank_500_qka": _either(lambda q: q.kind == "meld" and q.answer == "run"
                                and q.check_result.meld.high == 14,
                                lambda q: q.kind == "lay_off" and _ace_fits(13)(q)),
    "quizbank_500_qka_score": lambda q: q.kind == "score" and any(
        m[-1].rank == 1 and m[0].rank == 12 for m in q.meld_groups),
    "quizbank_500_a23_score": lambda q: q.kind == "score" and any(
        m[0].rank == 1 and m[1].rank == 2 for m in q.meld_groups),
    "quizbank_500_aces_score": lambda q: q.kind == "score" and any(
        all(c.rank == 1 for c in m) for m in q.meld_groups),
    "quizbank_500_clubs_score": lambda q: q.kind == "score" and q.answer < 0,
    "quizbank_500_score_with_lay_off": lambda q: q.kind == "score" and bool(q.laid_off),
    "quizbank_500_two_deck_eights": lambda q: q.kind == "meld" and q.answer == "set"
    and any(c.copy > 1 for c in q.cards),
    "quizbank_500_two_deck_eights_lay_off": _has("layoff_why_set_full"),
    "quizbank_500_arrange": lambda q: q.kind == "arrange" and q.rules.scores_melds,
    "quizbank_500_deal_six": lambda q: q.kind == "deal" and q.rules.deck_for(q.players)[0] == 2,
    "quizbank_500_dig_useless": _has("take_unusable"),
    "quizbank_500_dig_queen": lambda q: _has("quiz_move_allowed")(q) and "take" in q.action,
    "quizbank_500_dig_comes_along": _has("quiz_got_came_along"),
    "quizbank_500_must_use": _has("must_use_taken"),
    "quizbank_500_lay_off_on_opponent": lambda q: q.kind == "score" and bool(q.laid_off),
    "quizbank_500_lay_off_any_meld": lambda q: _has("quiz_move_allowed")(q) and "layoff" in q.action,
    "quizbank_500_game_end_highest": _has("game_end_highest"),
    "quizbank_contract_hand_1_a": _has("contract_held"),
    "quizbank_contract_hand_1_b": lambda q: _has("contract_held")(q) and any(c.is_joker for c in q.cards),
    "quizbank_contract_hand_2_a": _has("contract_held"),
    "quizbank_contract_hand_2_b": _has("contract_missing"),
    "quizbank_contract_hand_3_a": _has("contract_held"),
    "quizbank_contract_hand_3_b": lambda q: _has("contract_held")(q) and any(c.is_joker for c in q.cards),
    "quizbank_contract_hand_3_c": lambda q: _has("contract_missing")(q) and any(c.is_joker for c in q.cards),
    "quizbank_contract_hand_4": _has("contract_held"),
    "quizbank_contract_hand_5": _has("contract_held"),
    "quizbank_contract_hand_6": _has("contract_held"),
    "quizbank_contract_hand_7_a": lambda q: _has("contract_held")(q) and q.whole_hand,
    "quizbank_contract_hand_7_b": lambda q: _has("contract_missing")(q) and q.whole_hand,
    "quizbank_contract_jqka": lambda q: q.kind == "meld" and q.answer == "run"
    and q.check_result.meld.high == 14,
    "quizbank_contract_two_deck_eights": lambda q: q.kind == "meld" and q.answer == "set"
    and any(c.copy > 1 for c in q.cards),
    "quizbank_contract_five_eights": lambda q: q.kind == "meld" and q.answer == "set" and len(q.cards) > 4,
    "quizbank_contract_points": lambda q: q.kind == "points" and any(c.is_joker for c in q.cards),
    "quizbank_contract_deal_seven_players": lambda q: q.kind == "deal" and q.players >= 7,
    "quizbank_contract_first_refusal": _has("quiz_got_first_refusal"),
    "quizbank_contract_buy_penalty": _has("quiz_got_penalty"),
    "quizbank_contract_buy_order": _has("quiz_got_nearest_buyer"),
    "quizbank_contract_lay_off_too_early": _has("layoff_before_contract"),
    "quizbank_contract_lay_off_same_turn": _has("layoff_same_turn"),
    "quizbank_contract_lay_off_next_turn": lambda q: _has("quiz_move_allowed")(q) and "layoff" in q.action,
    "quizbank_contract_game_end_lowest": _has("game_end_lowest"),
    "quizbank_contract_game_end_tie": _has("game_end_last_hand"),
    "quizbank_contract_game_end_shared": _has("game_end_shared"),
    "quizbank_tally_total": lambda q: q.kind == "tally" and q.ask == "total",
    "quizbank_tally_winner": lambda q: q.kind == "tally" and q.ask == "winner",
}


def mislabelled(question) -> tuple[Reason, ...]:
    """A built-in rule the engine's answer does not exercise."""
    rule = question.rule_key
    check = EVIDENCE.get(rule)
    if check is None or check(question):
        return ()
    return (Reason("quizaudit_rule_not_tested", {"rule": Reason(rule)}),)


# --- what cannot happen ---------------------------------------------------------------------

def _unit(rules) -> int:
    """The step of every penalty (5 in Contract Rummy: cards count 5, 10, 15, 25)."""
    step = 0
    for value in rules.hand_values:
        step = gcd(step, value)
    return step or 1


def _game_end(q) -> list[Reason]:
    rules, found = q.rules, []
    names = dict(zip(q.names, q.totals))
    if rules.scoring in ("winner_takes", "penalty") and any(t < 0 for t in q.totals + q.last):
        found.append(Reason("quizaudit_negative_total", {"game": q.game_name}))
    if rules.scoring == "winner_takes":
        over = [n for n, t in names.items() if t >= rules.target]
        if len(over) > 1:
            found.append(Reason("quizaudit_two_reach_target", {
                "game": q.game_name, "target": rules.target, "names": ", ".join(over)}))
    if rules.scoring == "penalty":
        unit = _unit(rules)
        if any(t % unit for t in q.totals + q.last):
            found.append(Reason("quizaudit_not_multiple", {"game": q.game_name, "unit": unit}))
        if q.last:
            if list(q.last).count(0) != 1:
                found.append(Reason("quizaudit_one_goes_out", {"game": q.game_name}))
            if any(t < s for t, s in zip(q.totals, q.last)):
                found.append(Reason("quizaudit_total_below_last"))
            earlier = len(rules.ladder) - 1 if rules.ladder else 0
            if earlier and not found:
                # every earlier hand: one player went out (0), the others paid at least
                # one card's worth (the cheapest card); can the totals before be made so?
                cheapest = min(v for v in rules.hand_values if v)
                short = sum(max(0, earlier - (t - s) // cheapest) for t, s in zip(q.totals, q.last))
                if short > earlier:
                    found.append(Reason("quizaudit_earlier_hands", {"hands": earlier}))
    return found


def _hand_winner(q) -> list[Reason]:
    found = []
    players = len(q.players)
    most = q.rules.cards_dealt(players, 1)
    for name, cards in q.players:
        if len(cards) > most:
            found.append(Reason("quizaudit_hand_too_big", {
                "name": name, "count": len(cards), "most": most, "players": players,
                "game": q.game_name}))
    return found


def _least_dealt(rules) -> int:
    return min(rules.cards_dealt(n, 1) for n in range(rules.min_players, rules.max_players + 1))


def _score(q) -> list[Reason]:
    held = sum(len(m) for m in q.meld_groups) + len(q.laid_off) + len(q.hand)
    least = _least_dealt(q.rules)
    if held < least:
        return [Reason("quizaudit_too_few_cards", {"count": held, "least": least,
                                                    "game": q.game_name})]
    return []


def _points(q) -> list[Reason]:
    rules = q.rules
    if rules.scoring != "winner_takes":
        return []
    most = max(rules.cards_dealt(n, 1) for n in range(rules.min_players, rules.max_players + 1))
    if len(q.cards) > most:
        return [Reason("quizaudit_points_too_many", {"count": len(q.cards), "most": most,
                                                      "game": q.game_name})]
    return []


def impossible(question) -> tuple[Reason, ...]:
    """Why the question's situation cannot happen in a real game (empty if it can)."""
    kind = question.kind
    if kind == "game_end":
        return tuple(_game_end(question))
    if kind == "hand_winner":
        return tuple(_hand_winner(question))
    if kind == "score":
        return tuple(_score(question))
    if kind == "points":
        return tuple(_points(question))
    if kind in ("move", "who_gets"):
        return tuple(_hidden_under_pile(question))
    return ()


def _hidden_under_pile(q) -> list[Reason]:
    """Cards a move or who-gets position places nowhere lie under its discard pile, where
    the learner, shown the pile "bottom to top", never sees them. (Whether a real game
    reaches the position was checked when the quiz was read: ``Game.from_deal`` refuses
    one no real game reaches.)"""
    scene = q.scene
    if scene.constructed:
        return []
    hidden = len(scene.game().discard_pile) - len(scene.discard)
    return [Reason("quizaudit_pile_hides", {"count": hidden})] if hidden else []


# --- what the prompt already says ------------------------------------------------------

def given_away(question) -> tuple[Reason, ...]:
    """A who-gets item whose story names the card together with the player who ends up
    holding it (the answer is in the prompt), or tells how the player to move used their
    first refusal."""
    if question.kind != "who_gets":
        return ()
    found = []
    card = str(question.card)
    for sentence in question.story:
        said = str(sentence)
        if card in said and question.answer in said:
            found.append(Reason("quizaudit_prompt_tells", {"sentence": said}))
    if question.teach == "teach_first_refusal":
        prompt = question.prompt
        for code in ("move_draw", "move_take"):
            told = str(Reason(code, {"who": question.mover, "card": str(question.offered)}))
            if told in prompt:
                found.append(Reason("quizaudit_prompt_tells", {"sentence": told}))
    return tuple(found)


# --- asked before in the same quiz -----------------------------------------------------

def _meld_cards(question):
    if question.kind == "meld":
        return [frozenset(question.cards)]
    if question.kind == "which_melds":
        return [frozenset(g) for g in question.card_groups]
    return []


def asked_before(question, earlier) -> tuple[Reason, ...]:
    """The same cards judged by an earlier question of the quiz, whose feedback the
    learner has read (the same meld, or who gets the same card in the same scene)."""
    found = []
    mine = _meld_cards(question)
    for before in earlier:
        if before.rules != question.rules:
            continue
        if set(mine) & set(_meld_cards(before)):
            found.append(Reason("quizaudit_asked_before", {"id": before.id}))
        elif (question.kind == before.kind == "who_gets" and question.card == before.card
              and question.answer == before.answer
              and question.scene.fields()["hands"] == before.scene.fields()["hands"]):
            found.append(Reason("quizaudit_asked_before", {"id": before.id}))
    return tuple(found)


def audit(question, earlier=()) -> tuple[Reason, ...]:
    """Everything that keeps ``question`` from being used unseen (empty: nothing)."""
    return (impossible(question) + given_away(question) + mislabelled(question)
            + asked_before(question, earlier))


def audit_quiz(quiz) -> list[tuple[str, Reason]]:
    """Every problem of a quiz, as (question id, reason), in the quiz's order."""
    problems, seen = [], []
    for question in quiz:
        problems += [(question.id, reason) for reason in audit(question, seen)]
        seen.append(question)
    return problems
