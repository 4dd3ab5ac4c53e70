"""Question kinds about points: cards left in hand, a Rummy 500 hand score, who wins a
Basic Rummy hand and by how much, and the best arrangement of a hand.

Every number comes from the rule set's values and the solver; the explanations show
the sums worked out card by card ("K♣ 10 + Q♦ 10 + 9♠ + A♣ 1 = 30").
"""

from __future__ import annotations

from ..cards import cards_text, parse_cards
from ..melds import card_meld_value
from . import answers
from .questions import Question, explain
from .topics import points_rule
from .words import Joined, line, named, player, player_aliases
from ..reasons import Reason, say
from ..errors import UsageError
from ..game.results import winner_takes


def card_term(card, value: int) -> str:
    """``K♣ 10``; a number card worth its own rank is just ``9♠``."""
    if 2 <= card.rank <= 10 and value == card.rank:
        return str(card)
    return f"{card} {value}"


def worked_sum(rules, cards) -> str:
    """Points of cards left in hand, as a sum: ``K♣ 10 + Q♦ 10 + 9♠ + A♣ 1 = 30``."""
    cards = tuple(cards)
    if not cards:
        return line("quiz_no_cards_sum")
    terms = " + ".join(card_term(c, rules.card_points(c)) for c in cards)
    return f"{terms} = {rules.hand_points(cards)}"


def meld_sum(rules, meld) -> tuple[str, int]:
    """What a meld on the table scores in Rummy 500, worked out card by card."""
    values = [card_meld_value(rules, c, p, meld.kind) for c, p in zip(meld.cards, meld.positions())]
    terms = " + ".join(card_term(c, v) for c, v in zip(meld.cards, values))
    return f"{terms} = {sum(values)}", sum(values)


class PointsQuestion(Question):
    """How many points do these cards count left in hand?"""

    kind = "points"
    input = "number"
    form_code = "quiz_form_number"

    def __init__(self, cards, game="basic", **kw):
        self.cards = parse_cards(cards)
        if not self.cards:
            raise UsageError(say("quiz_points_needs_cards"))
        super().__init__(game, **kw)

    @property
    def topics(self):
        return ("ace_in_hand",) if any(c.rank == 1 for c in self.cards) else ()

    def _solve(self):
        self.answer = self.rules.hand_points(self.cards)
        self.explaining = (line("quiz_points_sum", game=self.game_name,
                                sum=worked_sum(self.rules, self.cards)),)

    def _rule(self):
        return points_rule(self.rules, self.cards)

    @property
    def prompt_words(self):
        return line("quiz_prompt_points", game=self.game_name)

    @property
    def groups(self):
        return ((line("quiz_group_left_in_hand"), self.cards),)

    def _read(self, answer):
        return answers.read_number(answer)

    def _judge(self, value):
        if value == self.answer:
            return True, ""
        return False, line("quiz_points_wrong", given=value, answer=self.answer)

    def _fields(self):
        return {"cards": cards_text(self.cards, ascii=True)}


class ScoreQuestion(Question):
    """Rummy 500: what does this player score for the hand (melded minus left in hand)?"""

    kind = "score"
    input = "number"
    form_code = "quiz_form_score"

    def __init__(self, melds=(), hand="", laid_off=(), game="500", **kw):
        self.meld_groups = tuple(parse_cards(m) for m in melds)
        self.laid_off = tuple((parse_cards(card)[0] if isinstance(card, str) else card, parse_cards(on))
                              for card, on in laid_off)
        self.hand = parse_cards(hand)
        if not (self.meld_groups or self.laid_off or self.hand):
            raise UsageError(Reason("quiz_score_needs_cards"))
        super().__init__(game, **kw)

    @property
    def topics(self):
        return ("ace_in_hand",) if any(c.rank == 1 for c in self.hand) else ()

    def _solve(self):
        rules = self.rules
        if not rules.scores_melds:
            raise UsageError(say("quiz_score_needs_500", game=self.game_name))
        lines, total, reasons = [], 0, []
        for group in self.meld_groups:
            meld = rules.meld(group)
            reasons += rules.check_meld(group).reasons
            text, value = meld_sum(rules, meld)
            lines.append(line("quiz_score_melded", kind=line(f"meld_kind_{meld.kind}"), sum=text))
            total += value
        for card, on in self.laid_off:
            check = rules.check_lay_off(rules.meld(on), card)
            if not check.ok:
                raise UsageError(check.reasons[0].text())
            grown = check.meld
            position = grown.positions()[grown.cards.index(card)]
            value = card_meld_value(rules, card, position, grown.kind)
            reasons.append(check.reasons[0])
            lines.append(line("quiz_score_laid_off", card=str(card), cards=cards_text(on), value=value))
            total += value
        left = rules.hand_points(self.hand)
        lines.append(line("quiz_score_left", sum=worked_sum(rules, self.hand)))
        self.answer = total - left
        lines.append(line("quiz_score_total", melded=total, left=left, score=self.answer))
        self.reasons = tuple(reasons)
        self.explaining = tuple(lines)

    def _rule(self):
        cards = [c for g in self.meld_groups for c in g] + [c for c, _ in self.laid_off]
        if any(c.rank == 1 for c in self.hand):
            return line("quizrule_ace_in_hand_against", value=self.rules.hand_values[1],
                        game=self.game_name)
        if any(c.rank == 1 for c in cards):
            return line("quizrule_ace_on_table", high=self.rules.ace_high_value,
                        low=self.rules.ace_low_value)
        return line("quizrule_scores_melds", game=self.game_name)

    @property
    def prompt_words(self):
        return line("quiz_prompt_score_laid" if self.laid_off else "quiz_prompt_score",
                    game=self.game_name)

    @property
    def groups(self):
        groups = [(line("quiz_group_melded"), g) for g in self.meld_groups]
        groups += [(line("quiz_group_laid_off_on", card=str(card)), on) for card, on in self.laid_off]
        return tuple(groups) + ((line("quiz_group_left_in_hand"), self.hand),)

    def _read(self, answer):
        return answers.read_number(answer, negative=True)

    def _judge(self, value):
        if value == self.answer:
            return True, ""
        return False, line("quiz_score_wrong", given=value, answer=self.answer)

    def _fields(self):
        return {"melds": [cards_text(g, ascii=True) for g in self.meld_groups],
                "laid_off": [{"card": c.text(ascii=True), "on": cards_text(on, ascii=True)}
                             for c, on in self.laid_off],
                "hand": cards_text(self.hand, ascii=True)}


class HandWinnerQuestion(Question):
    """Basic Rummy: who wins the hand, and by how many points (with or without a rummy)?"""

    kind = "hand_winner"
    input = "player_points"
    form_code = "quiz_form_winner"

    def __init__(self, players, rummy=False, game="basic", **kw):
        items = players.items() if isinstance(players, dict) else players
        self.players = tuple((str(name).strip(), parse_cards(cards)) for name, cards in items)
        names = [n.lower() for n, _ in self.players]
        if len(self.players) < 2 or len(set(names)) != len(names) or not all(names):
            raise UsageError(say("quiz_players_names"))
        out = [n for n, cards in self.players if not cards]
        if len(out) != 1:
            raise UsageError(say("quiz_players_one_out", count=len(out)))
        self.winner = out[0]
        self.rummy = bool(rummy)
        self.options = tuple(n for n, _ in self.players)
        super().__init__(game, **kw)

    def _solve(self):
        rules = self.rules
        if rules.scoring != "winner_takes":
            raise UsageError(say("quiz_winner_needs_basic", game=self.game_name))
        lines, total = [], 0
        for name, cards in self.players:
            if cards:
                lines.append(line("quiz_line_hand", name=named(name), sum=worked_sum(rules, cards)))
                total += rules.hand_points(cards)
        doubled = self.rummy and rules.rummy_doubles
        hands = [cards for _, cards in self.players]
        out = [n for n, _ in self.players].index(self.winner)
        points = winner_takes(rules, hands, out, self.rummy)[out]  # the engine's scoring
        winner = named(self.winner)
        lines.append(line("quiz_winner_takes", winner=winner, total=total))
        if doubled:
            lines.append(line("quiz_rummy_doubles", total=total, points=points))
        elif self.rummy:
            lines.append(line("quiz_rummy_not_doubled", game=self.game_name))
        else:
            lines.append(line("quiz_no_rummy", winner=winner))
        self.answer = (self.winner, points)
        self.answer_words = line("quiz_winner_points", winner=winner, points=points)
        self.explaining = tuple(lines)

    def _rule(self):
        if self.rummy:
            return line("quizrule_rummy_doubles")
        return line("quizrule_winner_takes")

    @property
    def prompt_words(self):
        code = "quiz_prompt_winner" + ("_rummy" if self.rummy else "")
        return line(code, game=self.game_name, winner=named(self.winner))

    def option_label(self, option):
        return player(option)

    @property
    def groups(self):
        return tuple((named(name), cards) for name, cards in self.players if cards)

    def _read(self, answer):
        return answers.read_player_points(answer, self.options, player_aliases(self.options), player)

    def _given(self, value):
        return f"{player(value[0])} {value[1]}"

    @property
    def answer_input(self):
        return f"{self.answer[0]} {self.answer[1]}"

    def _judge(self, value):
        name, points = value
        parts = []
        if name != self.winner:
            parts.append(line("quiz_not_out", name=named(name)))
        if points != self.answer[1]:
            parts.append(line("quiz_not_the_score", points=points))
        return value == self.answer, Joined(parts, " ")

    def _fields(self):
        return {"players": {name: cards_text(cards, ascii=True) for name, cards in self.players},
                "rummy": self.rummy}


class ArrangeQuestion(Question):
    """Arrange this hand into melds leaving the fewest deadwood points (Rummy 500: the
    highest score). Any optimal arrangement gets full marks."""

    kind = "arrange"
    input = "arrangement"
    form_code = "quiz_form_arrange"

    def __init__(self, cards, game="basic", **kw):
        self.cards = parse_cards(cards)
        if not self.cards:
            raise UsageError(say("quiz_arrange_needs_cards"))
        super().__init__(game, **kw)

    @property
    def topics(self):
        return ("jokers",) if any(self.rules.is_wild(c) for c in self.cards) else ()

    def _value(self, meld_points, deadwood_points):
        return meld_points - deadwood_points if self.rules.scores_melds else deadwood_points

    def _solve(self):
        rules = self.rules
        best = rules.arrange(self.cards)
        self.best = best
        self.answer = self._value(best.meld_points, best.deadwood_points)
        melds = " | ".join(m.text() for m in best.melds) or line("quiz_no_melds")
        self.answer_words = line("quiz_arrange_answer", melds=melds,
                                 deadwood=cards_text(best.deadwood) or line("quiz_given_none"))
        reasons, lines = [], []
        for meld in best.melds:
            check = rules.check_meld(meld.cards)
            reasons += check.reasons
            lines.append(explain(check.reasons))
        lines.append(line("quiz_deadwood_line", sum=worked_sum(rules, best.deadwood)))
        if rules.scores_melds:
            lines.append(line("quiz_arrange_best_score", melded=best.meld_points,
                              deadwood=best.deadwood_points, score=best.score))
        else:
            lines.append(line("quiz_arrange_fewest", points=best.deadwood_points))
        self.reasons = tuple(reasons)
        self.explaining = tuple(lines)

    def _rule(self):
        if self.rules.scores_melds:
            return line("quizrule_arrange_most", game=self.game_name)
        return line("quizrule_arrange_fewest", game=self.game_name)

    @property
    def prompt_words(self):
        return line("quiz_prompt_arrange_most" if self.rules.scores_melds
                    else "quiz_prompt_arrange_fewest", game=self.game_name)

    @property
    def groups(self):
        return ((line("quiz_group_your_hand"), self.cards),)

    def _read(self, answer):
        groups = answers.read_groups(answer, self.cards)
        checks = []
        for group in groups:
            check = self.rules.check_meld(group)
            if not check.ok and len(group) >= 2 * min(self.rules.min_set, self.rules.min_run):
                split = self.rules.arrange(group)
                if not split.deadwood and len(split.melds) > 1:
                    raise answers.Unreadable(say("quiz_hint_several_melds", cards=cards_text(group)))
            checks.append(check)
        return tuple(checks)

    def _given(self, value):
        return " | ".join(cards_text(c.cards) for c in value) or say("quiz_no_melds")

    @property
    def answer_input(self):
        return " | ".join(m.text(ascii=True) for m in self.best.melds) or "none"

    def _judge(self, checks):
        rules = self.rules
        bad = [c for c in checks if not c.ok]
        if bad:
            return False, Joined((line("quiz_not_a_meld_because", cards=cards_text(c.cards),
                                       why=Joined(c.reasons, " ")) for c in bad), " ")
        used = {card for c in checks for card in c.cards}
        deadwood = [card for card in self.cards if card not in used]
        deadwood_points = rules.hand_points(deadwood)
        meld_points = sum(c.meld.points(rules) for c in checks) if rules.scores_melds else 0
        mine = self._value(meld_points, deadwood_points)
        best = self.answer
        if rules.scores_melds:
            short = best - mine
            facts = {"score": mine, "best_score": best, "points_short": short}
            if not short:
                return True, line("quiz_arrange_right_score", score=mine), facts
            return False, line("quiz_arrange_wrong_score", score=mine, melded=meld_points,
                               deadwood=deadwood_points, best=best, short=short), facts
        short = mine - best
        facts = {"deadwood_points": mine, "best_deadwood_points": best, "points_short": short}
        if not short:
            return True, line("quiz_arrange_right_fewest", points=mine), facts
        return False, line("quiz_arrange_wrong_fewest", points=mine, sum=worked_sum(rules, deadwood),
                           best=best, short=short), facts

    def _fields(self):
        return {"cards": cards_text(self.cards, ascii=True)}
