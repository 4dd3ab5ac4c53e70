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
        return "no cards = 0"
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
    form = "a whole number, in digits"

    def __init__(self, cards, game="basic", **kw):
        self.cards = parse_cards(cards)
        if not self.cards:
            raise UsageError("a points question needs at least one card")
        super().__init__(game, **kw)

    @property
    def topics(self):
        return ("ace_in_hand",) if any(c.rank == 1 for c in self.cards) else ()

    def _solve(self):
        self.answer = self.rules.hand_points(self.cards)
        self.answer_text = str(self.answer)
        self.explanation = f"In {self.rules.title}: {worked_sum(self.rules, self.cards)}."

    def _rule(self):
        return points_rule(self.rules, self.cards)

    @property
    def prompt(self):
        return f"{self.rules.title}: the hand is over and these cards are still in your hand. How many points do they count?"

    @property
    def groups(self):
        return (("left in hand", self.cards),)

    def _read(self, answer):
        return answers.read_number(answer)

    def _judge(self, value):
        if value == self.answer:
            return True, ""
        return False, f"You said {value}; the cards add up to {self.answer}."

    def _fields(self):
        return {"cards": cards_text(self.cards, ascii=True)}


class ScoreQuestion(Question):
    """Rummy 500: what does this player score for the hand (melded minus left in hand)?"""

    kind = "score"
    input = "number"
    form = "a whole number in digits, with a minus sign if it is below zero"

    def __init__(self, melds=(), hand="", laid_off=(), game="500", **kw):
        self.meld_groups = tuple(parse_cards(m) for m in melds)
        self.laid_off = tuple((parse_cards(card)[0] if isinstance(card, str) else card, parse_cards(on))
                              for card, on in laid_off)
        self.hand = parse_cards(hand)
        super().__init__(game, **kw)

    @property
    def topics(self):
        return ("ace_in_hand",) if any(c.rank == 1 for c in self.hand) else ()

    def _solve(self):
        rules = self.rules
        if not rules.scores_melds:
            raise UsageError(f"{rules.title} does not score melds; score questions are for Rummy 500")
        lines, total, reasons = [], 0, []
        for group in self.meld_groups:
            meld = rules.meld(group)
            reasons += rules.check_meld(group).reasons
            text, value = meld_sum(rules, meld)
            lines.append(f"Melded {meld.kind}: {text}")
            total += value
        for card, on in self.laid_off:
            check = rules.check_lay_off(rules.meld(on), card)
            if not check.ok:
                raise UsageError(check.reasons[0].text())
            grown = check.meld
            position = grown.positions()[grown.cards.index(card)]
            value = card_meld_value(rules, card, position, grown.kind)
            reasons.append(check.reasons[0])
            lines.append(f"Laid off {card} on {cards_text(on)}, scoring for you: {value}")
            total += value
        left = rules.hand_points(self.hand)
        lines.append(f"Left in hand: {worked_sum(rules, self.hand)}")
        self.answer = total - left
        lines.append(f"Score: {total} melded - {left} in hand = {self.answer}")
        self.answer_text = str(self.answer)
        self.reasons = tuple(reasons)
        self.explanation = "\n".join(lines)

    def _rule(self):
        cards = [c for g in self.meld_groups for c in g] + [c for c, _ in self.laid_off]
        if any(c.rank == 1 for c in self.hand):
            return f"an ace left in hand counts {self.rules.hand_values[1]} against you in {self.rules.title}"
        if any(c.rank == 1 for c in cards):
            return f"an ace on the table scores {self.rules.ace_high_value} high, {self.rules.ace_low_value} low"
        return f"{self.rules.title} scores melded cards minus cards left in hand"

    @property
    def prompt(self):
        laid = " and the cards laid off" if self.laid_off else ""
        return (f"{self.rules.title}: the hand is over. Here are your melds{laid}, and the cards "
                "still in your hand. What do you score for this hand?")

    @property
    def groups(self):
        groups = [("melded", g) for g in self.meld_groups]
        groups += [(f"laid off {card} on", on) for card, on in self.laid_off]
        return tuple(groups) + (("left in hand", self.hand),)

    def _read(self, answer):
        return answers.read_number(answer, negative=True)

    def _judge(self, value):
        if value == self.answer:
            return True, ""
        return False, f"You said {value}; the hand scores {self.answer}."

    def _fields(self):
        return {"melds": [cards_text(g, ascii=True) for g in self.meld_groups],
                "laid_off": [{"card": c.text(ascii=True), "on": cards_text(on, ascii=True)}
                             for c, on in self.laid_off],
                "hand": cards_text(self.hand, ascii=True)}


class HandWinnerQuestion(Question):
    """Basic Rummy: who wins the hand, and by how many points (with or without a rummy)?"""

    kind = "hand_winner"
    input = "player_points"
    form = "the winner's name, then the points in digits"

    def __init__(self, players, rummy=False, game="basic", **kw):
        items = players.items() if isinstance(players, dict) else players
        self.players = tuple((str(name).strip(), parse_cards(cards)) for name, cards in items)
        names = [n.lower() for n, _ in self.players]
        if len(self.players) < 2 or len(set(names)) != len(names) or not all(names):
            raise UsageError("give at least two players, each with a different, non-empty name")
        out = [n for n, cards in self.players if not cards]
        if len(out) != 1:
            raise UsageError(f"exactly one player must have no cards left (the one who went out); "
                             f"here {len(out)} have none")
        self.winner = out[0]
        self.rummy = bool(rummy)
        self.options = tuple(n for n, _ in self.players)
        super().__init__(game, **kw)

    def _solve(self):
        rules = self.rules
        if rules.scoring != "winner_takes":
            raise UsageError(f"hand_winner questions are for games where whoever goes out scores "
                             f"the other hands (Basic Rummy), not {rules.title}")
        lines, total = [], 0
        for name, cards in self.players:
            if cards:
                lines.append(f"{name}: {worked_sum(rules, cards)}")
                total += rules.hand_points(cards)
        doubled = self.rummy and rules.rummy_doubles
        hands = [cards for _, cards in self.players]
        out = [n for n, _ in self.players].index(self.winner)
        points = winner_takes(rules, hands, out, self.rummy)[out]  # the engine's scoring
        lines.append(f"{self.winner} went out, so the points left in the other hands "
                     f"go to {self.winner}: {total}.")
        if doubled:
            lines.append(f"It was a rummy (all in one turn, nothing on the table before), "
                         f"so the score doubles: 2 x {total} = {points}.")
        elif self.rummy:
            lines.append(f"{rules.title} here does not double a rummy.")
        else:
            lines.append(f"{self.winner} had melded earlier in the hand, so it was no rummy: no doubling.")
        self.answer = (self.winner, points)
        self.answer_text = f"{self.winner} {points}"
        self.explanation = "\n".join(lines)

    def _rule(self):
        if self.rummy:
            return "going out with a rummy doubles the hand score in Basic Rummy"
        return "whoever goes out scores the points left in the opponents' hands"

    @property
    def prompt(self):
        how = ("in a single turn, with nothing of theirs on the table before that turn"
               if self.rummy else "after having melded earlier in the hand")
        you = str(self.winner).lower() == "you"
        has, their = ("have", "your") if you else ("has", "their")
        if you:
            how = how.replace("of theirs", "of yours")
        return (f"{self.rules.title}: {self.winner} {has} just got rid of {their} last card, {how}. "
                "These cards are left in the other hands. Who wins this hand, and by how many points?")

    @property
    def groups(self):
        return tuple((name, cards) for name, cards in self.players if cards)

    def _read(self, answer):
        return answers.read_player_points(answer, self.options)

    def _given(self, value):
        return f"{value[0]} {value[1]}"

    @property
    def answer_input(self):
        return f"{self.answer[0]} {self.answer[1]}"

    def _judge(self, value):
        name, points = value
        parts = []
        if name != self.winner:
            parts.append(f"{name} did not go out.")
        if points != self.answer[1]:
            parts.append(f"{points} is not the score of this hand.")
        return value == self.answer, " ".join(parts)

    def _fields(self):
        return {"players": {name: cards_text(cards, ascii=True) for name, cards in self.players},
                "rummy": self.rummy}


class ArrangeQuestion(Question):
    """Arrange this hand into melds leaving the fewest deadwood points (Rummy 500: the
    highest score). Any optimal arrangement gets full marks."""

    kind = "arrange"
    input = "arrangement"
    form = "each meld's cards in card notation, with | between melds; cards not named are deadwood"

    def __init__(self, cards, game="basic", **kw):
        self.cards = parse_cards(cards)
        if not self.cards:
            raise UsageError("an arrange question needs cards")
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
        melds = " | ".join(m.text() for m in best.melds) or "no melds"
        self.answer_text = f"{melds}; deadwood {cards_text(best.deadwood) or 'none'}"
        reasons, lines = [], []
        for meld in best.melds:
            check = rules.check_meld(meld.cards)
            reasons += check.reasons
            lines.append(explain(check.reasons))
        lines.append(f"Deadwood: {worked_sum(rules, best.deadwood)}")
        if rules.scores_melds:
            lines.append(f"Score: {best.meld_points} melded - {best.deadwood_points} in hand = {best.score}, "
                         "the most these cards can make.")
        else:
            lines.append(f"No arrangement leaves fewer than {best.deadwood_points} points; any that "
                         "leaves as few is just as good.")
        self.reasons = tuple(reasons)
        self.explanation = "\n".join(lines)

    def _rule(self):
        if self.rules.scores_melds:
            return f"{self.rules.title}: meld so that melded minus deadwood is highest"
        return f"fewest deadwood points in {self.rules.title}"

    @property
    def prompt(self):
        goal = ("scores the most (melded minus left in hand)" if self.rules.scores_melds
                else "leaves the fewest points of deadwood")
        return (f"{self.rules.title}: arrange these cards into melds so that the hand {goal}. "
                "Cards you leave out are deadwood.")

    @property
    def groups(self):
        return (("your hand", self.cards),)

    def _read(self, answer):
        groups = answers.read_groups(answer, self.cards)
        checks = []
        for group in groups:
            check = self.rules.check_meld(group)
            if not check.ok and len(group) >= 2 * min(self.rules.min_set, self.rules.min_run):
                split = self.rules.arrange(group)
                if not split.deadwood and len(split.melds) > 1:
                    raise answers.Unreadable(
                        f"{cards_text(group)} looks like several melds written together: "
                        "put | between melds.")
            checks.append(check)
        return tuple(checks)

    def _given(self, value):
        return " | ".join(cards_text(c.cards) for c in value) or "no melds"

    @property
    def answer_input(self):
        return " | ".join(m.text(ascii=True) for m in self.best.melds) or "none"

    def _judge(self, checks):
        rules = self.rules
        bad = [c for c in checks if not c.ok]
        if bad:
            return False, " ".join(f"{cards_text(c.cards)} is not a meld: {c.explain()}" for c in bad)
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
                return True, f"Your melds score {mine}, as much as these cards can.", facts
            return False, (f"Your arrangement scores {mine} ({meld_points} melded - {deadwood_points} "
                           f"in hand); the best scores {best}: {short} points more."), facts
        short = mine - best
        facts = {"deadwood_points": mine, "best_deadwood_points": best, "points_short": short}
        if not short:
            return True, f"Your melds leave {mine} points of deadwood, the fewest possible.", facts
        return False, (f"Your melds leave {mine} points of deadwood ({worked_sum(rules, deadwood)}); "
                       f"the best arrangement leaves {best}, {short} fewer."), facts

    def _fields(self):
        return {"cards": cards_text(self.cards, ascii=True)}
