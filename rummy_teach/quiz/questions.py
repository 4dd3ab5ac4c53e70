"""Quiz questions: what is asked, what a learner sees, and how an answer is judged.

Every question is built from cards and a game; its answer is computed by the
engine when the question is made, never typed by a person. A question offers:

``to_public()``
    what the browser may see: prompt, card groups to draw, input kind, options and
    the answer form. Nothing from which the answer follows beyond the cards.
``check(text)``
    a :class:`CheckResult`: ``"right"``, ``"wrong"`` (with the correct answer and
    the engine's explanation) or ``"unreadable"`` (only a hint; not an attempt).
``to_data()``
    the question in the teacher's file format (see docs/quiz-format.md).

Input kinds: ``choice`` (one of ``options``), ``multi`` (any of the ``options``,
or none), ``cards`` (some of the offered cards, in card notation), ``number``,
``arrangement`` (melds separated by ``|``), ``player_points`` (a name and a number).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from ..cards import Card, cards_text, parse_cards
from ..errors import RummyError
from ..reasons import Reason
from ..game.actions import Action
from ..rules import get_rules
from . import answers
from .topics import decision_notes, meld_rule
from ..errors import UsageError

INPUT_KINDS = ("choice", "multi", "cards", "number", "arrangement", "player_points")
OUTCOMES = ("right", "wrong", "unreadable")
LABELS = "ABCDEFGHIJKL"


@dataclass(frozen=True)
class CheckResult:
    """The verdict on one answer.

    ``outcome`` is ``"right"``, ``"wrong"`` or ``"unreadable"``. For an unreadable
    answer only ``hint`` is set and nothing about the answer is revealed.
    """

    outcome: str
    question_id: str
    hint: str = ""
    given: str = ""          # the answer as it was read
    feedback: str = ""       # about this learner's answer ("you left out 8♣")
    correct: str = ""        # the correct answer, in words
    explanation: str = ""    # the engine's reasons and worked sums, one per line
    reasons: tuple = ()
    rule: str = ""
    note: str = ""           # a RULES.md decision or house rule that settles the question
    extra: dict = field(default_factory=dict)

    @property
    def right(self) -> bool:
        return self.outcome == "right"

    @property
    def counts(self) -> bool:
        """Whether this was a real attempt (unreadable answers are not)."""
        return self.outcome != "unreadable"

    def to_dict(self) -> dict:
        """A JSON-able form, reasons as ``{"code", "params", "text"}``: the code and its
        language-neutral params (:meth:`Reason.to_json`) say it again in any language."""
        return {"outcome": self.outcome, "question_id": self.question_id, "hint": self.hint,
                "given": self.given, "feedback": self.feedback, "correct": self.correct,
                "explanation": self.explanation, "rule": self.rule, "note": self.note,
                "reasons": [{**r.to_json(), "text": r.text()} for r in self.reasons],
                **({"extra": self.extra} if self.extra else {})}


class Question:
    """Base of every question kind. Subclasses set ``kind``, ``input`` and ``form``, and
    implement ``_solve``, ``prompt``, ``groups``, ``_read``, ``_judge`` and ``_fields``."""

    kind = ""
    input = ""
    form = ""
    topics: tuple[str, ...] = ()
    options: tuple[str, ...] = ()

    def __init__(self, game="basic", *, id: str | None = None, rule: str | None = None,
                 note: str | None = None, options: dict | None = None, difficulty: str | None = None):
        from ..game.setup import rules_to_json

        # a RuleSet keeps its options: they are stored with the question (as JSON data)
        self.rules = get_rules(game, **dict(options or {}))
        self.game, self.rule_options = rules_to_json(self.rules)
        self.difficulty = difficulty
        self.reasons: tuple[Reason, ...] = ()
        self._check_cards()
        self._solve()
        from .teach import teaching

        self.teaching = teaching(self)
        if self.teaching:
            self.explanation = "\n".join([self.explanation] + [r.text() for r in self.teaching])
        self.rule = rule or self._rule()
        notes = decision_notes(self.rules, *self.topics)
        self.note = note if note is not None else notes
        self.id = id or self._default_id()

    # --- to implement -------------------------------------------------------------
    def _solve(self) -> None:
        """Compute ``self.answer`` (the value), ``answer_text``, ``reasons``, ``explanation``."""
        raise NotImplementedError

    def _rule(self) -> str:
        raise NotImplementedError

    @property
    def prompt(self) -> str:
        raise NotImplementedError

    @property
    def groups(self) -> tuple[tuple[str, tuple], ...]:
        """(label, cards) pairs to draw."""
        raise NotImplementedError

    def _read(self, answer):
        raise NotImplementedError

    def _judge(self, value) -> tuple:
        """(right, feedback) or (right, feedback, extra facts for the result)."""
        return value == self.answer, ""

    def _given(self, value) -> str:
        return str(value)

    def _fields(self) -> dict:
        raise NotImplementedError

    @property
    def answer_input(self) -> str:
        """A typed answer that ``check`` marks right (for a teacher's answer key and tests)."""
        return str(self.answer)

    def _card_scenes(self) -> tuple[tuple[Card, ...], ...]:
        """Cards that lie in one game at the same moment: each must exist, and only once.
        Most questions show one scene; a choice between groups shows one per group."""
        return (tuple(c for _, cards in self.groups for c in cards),)

    # --- shared ----------------------------------------------------------------------
    def _check_cards(self) -> None:
        """Refuse a question about cards the game cannot hold: a card outside its decks
        (even with the most players), or the same card twice in one scene."""
        from ..cards import make_deck

        deck = set(make_deck(*self.rules.deck_for(self.rules.max_players)))
        for scene in self._card_scenes():
            strange = [c for c in scene if c not in deck]
            if strange:
                raise RummyError(f"{cards_text(strange)} is not a card of {self.rules.title}'s "
                                 f"decks; with {self.rules.max_players} players it uses "
                                 f"{describe_decks(self.rules)}")
            twice = sorted({c for c in scene if scene.count(c) > 1}, key=Card.sort_key)
            if twice:
                raise RummyError(f"{cards_text(twice)} appears twice, but each card exists once "
                                 f"in {self.rules.title}'s decks; a second copy is written "
                                 f"like 8S#2 and exists only where the game uses several decks")

    def _default_id(self) -> str:
        """A stable id from the content: the same question always gets the same id."""
        data = self._fields()
        blob = json.dumps([self.kind, self.game, self.rule_options, data], sort_keys=True,
                          ensure_ascii=True, default=str)
        digest = hashlib.sha1(blob.encode()).hexdigest()[:10]
        return f"{self.game}-{self.kind}-{digest}"

    def check(self, answer) -> CheckResult:
        """Judge a learner's answer (text, or a number for number questions)."""
        try:
            value = self._read(answer)
        except answers.Unreadable as unreadable:
            return CheckResult("unreadable", self.id, hint=unreadable.hint)
        right, feedback, *more = self._judge(value)
        extra = more[0] if more else {}
        return CheckResult("right" if right else "wrong", self.id, given=self._given(value),
                           feedback=feedback or ("Right." if right else "Not quite."),
                           correct=self.answer_text, explanation=self.explanation,
                           reasons=self.reasons, rule=self.rule, note=self.note, extra=extra)

    def to_public(self) -> dict:
        """What the learner's browser may hold: no answer, no reasons, no rule name."""
        return {"id": self.id, "kind": self.kind, "game": self.game,
                "game_title": self.rules.title, "prompt": self.prompt,
                "groups": [{"label": label, "cards": cards_text(cards)} for label, cards in self.groups],
                "input": self.input, "options": list(self.options), "form": self.form}

    def to_data(self) -> dict:
        """The question in the file format; ``Quiz.from_data`` reads it back."""
        data = {"id": self.id, "kind": self.kind, "game": self.game}
        if self.rule_options:
            data["options"] = dict(self.rule_options)
        data.update(self._fields())
        data["rule"] = self.rule
        if self.difficulty:
            data["difficulty"] = self.difficulty
        if self.note:
            data["note"] = self.note
        return data

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id}: {self.prompt!r}>"


def describe_decks(rules) -> str:
    """``two 52-card decks and 4 jokers``: the cards of a game at its largest."""
    decks, jokers = rules.deck_for(rules.max_players)
    text = "one 52-card deck" if decks == 1 else f"{decks} 52-card decks"
    return text + (f" and {jokers} jokers" if jokers else ", no jokers")


def card_topics(rules, cards) -> tuple[str, ...]:
    """Decision notes worth showing for these cards: jokers, second copies."""
    topics = []
    if any(rules.is_wild(c) for c in cards):
        topics.append("jokers")
    if any(c.copy > 1 for c in cards):
        topics.append("two_decks")
    return tuple(topics)


def explain(reasons) -> str:
    return "\n".join(r.text() for r in reasons)


# --- the kinds about melds -----------------------------------------------------------

class MeldQuestion(Question):
    """Is this a legal meld in this game, and of which kind?"""

    kind = "meld"
    input = "choice"
    options = ("set", "run", "not a meld")
    form = "set, run, or not a meld"
    ALIASES = {"no": "not a meld", "none": "not a meld", "neither": "not a meld",
               "not": "not a meld", "nothing": "not a meld", "illegal": "not a meld",
               "not legal": "not a meld", "a set": "set", "a run": "run"}

    def __init__(self, cards, game="basic", **kw):
        self.cards = parse_cards(cards)
        super().__init__(game, **kw)

    @property
    def topics(self):
        return card_topics(self.rules, self._all_cards())

    def _all_cards(self):
        return self.cards

    def _solve(self):
        check = self.rules.check_meld(self.cards)
        self.check_result = check
        self.answer = check.kind if check.ok else "not a meld"
        self.answer_text = {"set": "a set", "run": "a run"}.get(self.answer, "not a meld")
        self.reasons = check.reasons
        self.explanation = explain(check.reasons)

    def _rule(self):
        return meld_rule(self.rules, self.check_result)

    @property
    def prompt(self):
        return f"In {self.rules.title}, is this a legal meld? If it is, is it a set or a run?"

    @property
    def groups(self):
        return (("cards", self.cards),)

    def _read(self, answer):
        return answers.read_choice(answer, self.options, self.ALIASES)

    def _fields(self):
        return {"cards": cards_text(self.cards, ascii=True)}


class WhichMeldsQuestion(Question):
    """Which of these groups are legal melds?"""

    kind = "which_melds"
    input = "multi"
    form = "the letters of the legal melds, or none"

    def __init__(self, groups, game="basic", **kw):
        self.card_groups = tuple(parse_cards(g) for g in groups)
        if not 2 <= len(self.card_groups) <= len(LABELS):
            raise UsageError(f"give 2 to {len(LABELS)} groups, not {len(self.card_groups)}")
        self.options = tuple(LABELS[:len(self.card_groups)])
        super().__init__(game, **kw)

    @property
    def topics(self):
        return card_topics(self.rules, self._all_cards())

    def _all_cards(self):
        return tuple(c for g in self.card_groups for c in g)

    def _solve(self):
        self.checks = tuple(self.rules.check_meld(g) for g in self.card_groups)
        self.answer = frozenset(label for label, c in zip(self.options, self.checks) if c.ok)
        self.answer_text = ", ".join(sorted(self.answer)) or "none of them"
        self.reasons = tuple(r for c in self.checks for r in c.reasons)
        self.explanation = "\n".join(
            f"{label} ({cards_text(c.cards)}): {'legal' if c.ok else 'not a meld'}. "
            + " ".join(r.text() for r in c.reasons)
            for label, c in zip(self.options, self.checks))

    def _rule(self):
        names = []
        for check in self.checks:
            name = meld_rule(self.rules, check)
            if name not in names:
                names.append(name)
        return "; ".join(names)

    @property
    def prompt(self):
        return f"In {self.rules.title}, which of these groups are legal melds?"

    @property
    def groups(self):
        return tuple(zip(self.options, self.card_groups))

    def _card_scenes(self):
        return self.card_groups

    def _read(self, answer):
        return answers.read_labels(answer, self.options)

    def _given(self, value):
        return ", ".join(sorted(value)) or "none"

    @property
    def answer_input(self):
        return " ".join(sorted(self.answer)) or "none"

    def _judge(self, value):
        missed = sorted(self.answer - value)
        extra = sorted(value - self.answer)
        parts = []
        if missed:
            parts.append(f"You left out {', '.join(missed)}, which {'is' if len(missed) == 1 else 'are'} legal.")
        if extra:
            parts.append(f"{', '.join(extra)} {'is' if len(extra) == 1 else 'are'} not legal.")
        return value == self.answer, " ".join(parts)

    def _fields(self):
        return {"groups": [cards_text(g, ascii=True) for g in self.card_groups]}


class LayOffQuestion(Question):
    """Which of these cards can be laid off on this meld?"""

    kind = "lay_off"
    input = "cards"
    form = "the cards that fit, in card notation, or none"

    def __init__(self, meld, cards, game="basic", **kw):
        self.meld_cards = parse_cards(meld)
        self.cards = parse_cards(cards)
        if not self.cards:
            raise UsageError("a lay-off question needs at least one card to offer")
        self.options = tuple(str(c) for c in self.cards)
        super().__init__(game, **kw)

    def _all_cards(self):
        return self.meld_cards + self.cards

    def _solve(self):
        meld = self.rules.meld(self.meld_cards)   # IllegalMeldError when it is no meld
        self.meld = meld
        self.checks = tuple(self.rules.check_lay_off(meld, card) for card in self.cards)
        self.answer = frozenset(c for c, check in zip(self.cards, self.checks) if check.ok)
        self.answer_text = cards_text(c for c in self.cards if c in self.answer) or "none of them"
        self.reasons = tuple(check.reasons[0] for check in self.checks)
        self.explanation = explain(self.reasons)

    def _rule(self):
        rules = self.rules
        if self.meld.kind == "set":
            most = "" if rules.max_set is None else f", at most {rules.max_set} cards"
            return f"laying off on a set in {rules.title}: same rank{most}"
        if not rules.ace_high and any(c.rank == 1 for c in self.cards) and self.meld.high == 13:
            return f"ace low only in {rules.title}"
        return f"laying off on a run in {rules.title}: it grows only at its ends"

    @property
    def topics(self):
        return card_topics(self.rules, self._all_cards())

    @property
    def prompt(self):
        return (f"In {self.rules.title}, this meld is on the table. Which of the offered cards "
                "could be laid off on it (each on its own)?")

    @property
    def groups(self):
        return (("on the table", self.meld_cards), ("offered", self.cards))

    def _read(self, answer):
        return frozenset(answers.read_cards_from(answer, self.cards))

    def _given(self, value):
        return cards_text(c for c in self.cards if c in value) or "none"

    @property
    def answer_input(self):
        return cards_text((c for c in self.cards if c in self.answer), ascii=True) or "none"

    def _judge(self, value):
        missed = [c for c in self.cards if c in self.answer and c not in value]
        wrong = [c for c in self.cards if c in value and c not in self.answer]
        parts = []
        if missed:
            parts.append(f"{cards_text(missed)} would fit too.")
        if wrong:
            parts.append(f"{cards_text(wrong)} cannot be laid off there.")
        return value == self.answer, " ".join(parts)

    def _fields(self):
        return {"meld": cards_text(self.meld_cards, ascii=True), "cards": cards_text(self.cards, ascii=True)}


class ContractQuestion(Question):
    """Does this hand hold hand N's contract?"""

    kind = "contract"
    input = "choice"
    options = ("yes", "no")
    form = "yes or no"
    ALIASES = {"y": "yes", "n": "no", "true": "yes", "false": "no", "si": "yes", "ja": "yes",
               "nee": "no", "it does": "yes", "it does not": "no"}

    def __init__(self, cards, hand, game="contract", **kw):
        self.cards = parse_cards(cards)
        self.hand = hand
        super().__init__(game, **kw)

    @property
    def topics(self):
        return ("contract",) + card_topics(self.rules, self.cards)

    def _solve(self):
        from ..solver import find_contract

        rung = self.rules.contract_hand(self.hand)
        self.contract = rung.contract
        self.whole_hand = rung.whole_hand
        check = find_contract(self.rules, self.cards, self.hand)  # hand 7: 13 cards after the draw
        self.contract_check = check
        self.answer = "yes" if check.ok else "no"
        self.answer_text = self.answer
        self.reasons = check.reasons
        self.explanation = explain(check.reasons)

    def _rule(self):
        rule = f"hand {self.hand}'s contract: {self.contract}"
        if self.whole_hand:
            rule += ", the whole hand going down at once"
        if self.contract_check.ok and any(m.wilds(self.rules) for m in self.contract_check.melds):
            rule += "; a joker stands for any card"
        return rule

    @property
    def prompt(self):
        extra = (" In this hand every card must go down at once: these are your cards after the draw."
                 if self.whole_hand else "")
        return (f"{self.rules.title}, hand {self.hand}: the contract is {self.contract}. "
                f"Do these cards hold it?{extra}")

    @property
    def groups(self):
        return (("your hand", self.cards),)

    def _read(self, answer):
        return answers.read_choice(answer, self.options, self.ALIASES)

    def _fields(self):
        return {"hand": self.hand, "cards": cards_text(self.cards, ascii=True)}


class DiscardQuestion(Question):
    """You took a card from the discard pile: may you discard it this turn?"""

    kind = "discard"
    input = "choice"
    options = ("yes", "no")
    form = "yes or no"
    ALIASES = ContractQuestion.ALIASES

    def __init__(self, taken, cards, game="basic", **kw):
        taken = parse_cards([taken] if isinstance(taken, Card) else taken)
        if len(taken) != 1:
            raise UsageError("name exactly one card as the card taken from the discard pile")
        self.taken = taken[0]
        self.cards = parse_cards(cards)
        if self.taken not in self.cards:
            self.cards = self.cards + (self.taken,)
        super().__init__(game, **kw)

    def _solve(self):
        verdict = self.verdict()
        reasons = tuple(r for r in verdict.reasons if r.code != "move_ok") or verdict.reasons
        self.answer = "yes" if verdict.ok else "no"
        self.answer_text = self.answer
        self.reasons = reasons
        self.explanation = explain(reasons)

    def verdict(self):
        """The judge's verdict on discarding the taken card, on a table set up as the
        question says: the card lay on the discard pile, the player took it, and now
        holds these cards. The quiz asks the engine; it never restates the rule."""
        from ..game import from_deal

        rest = list(self.cards)
        rest.remove(self.taken)
        hands = [cards_text(rest, ascii=True)] + [""] * (self.rules.min_players - 1)
        game = from_deal(self.rules, hands, discard=self.taken.text(ascii=True))
        taking = game.judge("take")
        if not taking.ok:
            return taking
        game.apply("take")
        return game.judge(Action("discard", card=self.taken))

    def _rule(self):
        if not self.rules.discard_restriction:
            return f"no discard restriction in {self.rules.title}"
        return "a card taken from the discard pile stays for the turn, unless it is the last card"

    @property
    def prompt(self):
        return (f"{self.rules.title}: this turn you took {self.taken} from the discard pile, and "
                f"these are now your cards. May you discard {self.taken} to end this turn?")

    @property
    def groups(self):
        return (("your hand", self.cards),)

    def _read(self, answer):
        return answers.read_choice(answer, self.options, self.ALIASES)

    def _fields(self):
        return {"taken": self.taken.text(ascii=True), "cards": cards_text(self.cards, ascii=True)}
