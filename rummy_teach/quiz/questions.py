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
from ..reasons import Reason, say
from ..game.actions import Action
from ..rules import get_rules
from . import answers
from .topics import decision_notes, meld_rule
from .words import ContractWords, GameName, Joined, decode, encode, line, text
from ..errors import UsageError

INPUT_KINDS = ("choice", "multi", "cards", "number", "arrangement", "player_points")
OUTCOMES = ("right", "wrong", "unreadable")
LABELS = "ABCDEFGHIJKL"


class SceneCardsError(RummyError):
    """A question's cards that no game can hold at one moment: a card outside the game's
    decks, or one card twice (the file reader blames the position, not the move asked)."""


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
    form_code = ""
    topics: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    #: option value -> catalogue code of its label (values are stored; labels are shown)
    option_codes: dict = {}

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
        self.rule_words = decode(rule) if rule else self._rule()
        self.note_words = decode(note) if note is not None else decision_notes(self.rules, *self.topics)
        self.id = id or self._default_id()

    # --- words, said in the language in use when read ------------------------------------
    #: the engine's explanation lines (words objects); the teaching lines follow them
    explaining: tuple = ()
    #: the correct answer in words (a words object; a plain value for numbers and names)
    answer_words = None

    @property
    def game_name(self) -> GameName:
        return GameName(self.rules)

    @property
    def explanation(self) -> str:
        return "\n".join(text(w) for w in (*self.explaining, *self.teaching) if text(w))

    @property
    def answer_text(self) -> str:
        return text(self.answer if self.answer_words is None else self.answer_words)

    @property
    def rule(self) -> str:
        return text(self.rule_words)

    @property
    def rule_key(self) -> str:
        """The rule in its stored, language-neutral form (a code, or JSON of codes)."""
        return encode(self.rule_words)

    @property
    def note(self) -> str:
        return text(self.note_words)

    @property
    def form(self) -> str:
        return say(self.form_code) if self.form_code else ""

    def option_label(self, option: str) -> str:
        """An option as the learner reads it (its value is what is posted and stored)."""
        code = self.option_codes.get(option)
        return say(code) if code else str(option)

    # --- to implement -------------------------------------------------------------
    def _solve(self) -> None:
        """Compute ``self.answer`` (the value), ``answer_words``, ``reasons``, ``explaining``."""
        raise NotImplementedError

    def _rule(self) -> str:
        raise NotImplementedError

    @property
    def prompt_words(self):
        """The question as a words object (said when read)."""
        raise NotImplementedError

    @property
    def prompt(self) -> str:
        return text(self.prompt_words)

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
        """The answer as it was read, in words (an option by its label)."""
        if isinstance(value, str) and value in self.options:
            return self.option_label(value)
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
        for scene in self._card_scenes():
            self._refuse_cards_outside_decks(scene, SceneCardsError)
            twice = sorted({c for c in scene if scene.count(c) > 1}, key=Card.sort_key)
            if twice:
                raise SceneCardsError(say("quiz_card_twice", cards=cards_text(twice), game=self.game_name))

    def _refuse_cards_outside_decks(self, cards, error) -> None:
        """Raise ``error`` naming those of ``cards`` that no deck of the game holds (a joker
        where it plays none, a second copy with one deck), with its most players."""
        from ..cards import make_deck

        deck = set(make_deck(*self.rules.deck_for(self.rules.max_players)))
        strange = [c for c in cards if c not in deck]
        if strange:
            raise error(say("quiz_card_not_in_decks", cards=cards_text(strange), game=self.game_name,
                            players=self.rules.max_players, decks=describe_decks(self.rules)))

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
            return CheckResult("unreadable", self.id, hint=self._empty_hint(answer) or unreadable.hint)
        right, feedback, *more = self._judge(value)
        extra = more[0] if more else {}
        return CheckResult("right" if right else "wrong", self.id, given=self._given(value),
                           feedback=text(feedback) or say("quiz_feedback_right" if right
                                                           else "quiz_feedback_wrong"),
                           correct=self.answer_text, explanation=self.explanation,
                           reasons=self.reasons, rule=self.rule, note=self.note, extra=extra)

    def _empty_hint(self, answer) -> str | None:
        """Nothing given to a question answered by choosing one option (radio buttons on the
        class's page, toggle buttons in a notebook), or a winner and points: say to choose,
        not only to type. (Picks of several send "none" when nothing is picked, a real
        answer.)"""
        code = {"choice": "quiz_hint_choose_first", "player_points": "quiz_hint_winner_first"}.get(self.input)
        if code and (answer is None or not str(answer).strip()):
            return say(code)
        return None

    def to_public(self) -> dict:
        """What the learner's browser may hold: no answer, no reasons, no rule name."""
        return {"id": self.id, "kind": self.kind, "game": self.game,
                "game_title": str(self.game_name), "prompt": self.prompt,
                "groups": [{"label": text(label), "cards": cards_text(cards)}
                           for label, cards in self.groups],
                "input": self.input, "options": list(self.options),
                "labels": {o: self.option_label(o) for o in self.options}, "form": self.form}

    def to_data(self) -> dict:
        """The question in the file format; ``Quiz.from_data`` reads it back."""
        data = {"id": self.id, "kind": self.kind, "game": self.game}
        if self.rule_options:
            data["options"] = dict(self.rule_options)
        data.update(self._fields())
        data["rule"] = self.rule_key
        if self.difficulty:
            data["difficulty"] = self.difficulty
        if self.note_words:
            data["note"] = encode(self.note_words)
        return data

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id}: {self.prompt!r}>"


def describe_decks(rules) -> Reason:
    """``2 decks of 52 cards and 4 jokers``: the cards of a game at its largest."""
    decks, jokers = rules.deck_for(rules.max_players)
    code = "quiz_decks_" + ("one" if decks == 1 else "many") + ("_jokers" if jokers else "")
    return line(code, decks=decks, jokers=jokers)


def card_topics(rules, cards) -> tuple[str, ...]:
    """Decision notes worth showing for these cards: jokers, second copies."""
    topics = []
    if any(rules.is_wild(c) for c in cards):
        topics.append("jokers")
    if any(c.copy > 1 for c in cards):
        topics.append("two_decks")
    return tuple(topics)


def explain(reasons) -> Joined:
    """The engine's reasons, one per line, said when read."""
    return Joined(reasons, "\n")


# --- the kinds about melds -----------------------------------------------------------

class MeldQuestion(Question):
    """Is this a legal meld in this game, and of which kind?"""

    kind = "meld"
    input = "choice"
    options = ("set", "run", "not a meld")
    option_codes = {"set": "quiz_option_set", "run": "quiz_option_run",
                    "not a meld": "quiz_option_not_meld"}
    form_code = "quiz_form_meld"
    ALIASES = {"no": "not a meld", "none": "not a meld", "neither": "not a meld",
               "not": "not a meld", "nothing": "not a meld", "illegal": "not a meld",
               "not legal": "not a meld", "a set": "set", "a run": "run",
               # the learner's own language, whatever the page speaks (see rummy_teach.locale)
               "tris": "set", "un tris": "set", "scala": "run", "una scala": "run",
               "drieling": "set", "een drieling": "set", "reeks": "run", "een reeks": "run",
               "nessuna": "not a meld", "nessuno": "not a meld", "no combinazione": "not a meld",
               "geen": "not a meld", "geen combinatie": "not a meld", "nee": "not a meld"}

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
        self.answer_words = line({"set": "quiz_answer_set", "run": "quiz_answer_run"}.get(
            self.answer, "quiz_option_not_meld"))
        self.reasons = check.reasons
        self.explaining = (explain(check.reasons),)

    def _rule(self):
        return meld_rule(self.rules, self.check_result)

    @property
    def prompt_words(self):
        return line("quiz_prompt_meld", game=self.game_name)

    @property
    def groups(self):
        return ((line("quiz_group_cards"), self.cards),)

    def _read(self, answer):
        return answers.read_choice(answer, self.options, self.ALIASES, self.option_codes)

    def _fields(self):
        return {"cards": cards_text(self.cards, ascii=True)}


class WhichMeldsQuestion(Question):
    """Which of these groups are legal melds?"""

    kind = "which_melds"
    input = "multi"
    form_code = "quiz_form_which_melds"

    def __init__(self, groups, game="basic", **kw):
        self.card_groups = tuple(parse_cards(g) for g in groups)
        if not 2 <= len(self.card_groups) <= len(LABELS):
            raise UsageError(say("quiz_groups_count", most=len(LABELS), count=len(self.card_groups)))
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
        self.answer_words = ", ".join(sorted(self.answer)) or line("quiz_none_of_them")
        self.reasons = tuple(r for c in self.checks for r in c.reasons)
        self.explaining = tuple(
            line("quiz_which_line", label=label, cards=cards_text(c.cards),
                 verdict=line("quiz_verdict_legal" if c.ok else "quiz_option_not_meld"),
                 reasons=Joined(c.reasons, " "))
            for label, c in zip(self.options, self.checks))

    def _rule(self):
        names, keys = [], []
        for check in self.checks:
            name = meld_rule(self.rules, check)
            if encode(name) not in keys:
                keys.append(encode(name))
                names.append(name)
        return Joined(names, "; ")

    @property
    def prompt_words(self):
        return line("quiz_prompt_which_melds", game=self.game_name)

    @property
    def groups(self):
        return tuple(zip(self.options, self.card_groups))

    def _card_scenes(self):
        return self.card_groups

    def _read(self, answer):
        return answers.read_labels(answer, self.options)

    def _given(self, value):
        return ", ".join(sorted(value)) or say("quiz_given_none")

    @property
    def answer_input(self):
        return " ".join(sorted(self.answer)) or "none"

    def _judge(self, value):
        missed = sorted(self.answer - value)
        extra = sorted(value - self.answer)
        parts = []
        if missed:
            parts.append(line("quiz_left_out", labels=", ".join(missed), count=len(missed)))
        if extra:
            parts.append(line("quiz_not_legal", labels=", ".join(extra), count=len(extra)))
        return value == self.answer, Joined(parts, " ")

    def _fields(self):
        return {"groups": [cards_text(g, ascii=True) for g in self.card_groups]}


class LayOffQuestion(Question):
    """Which of these cards can be laid off on this meld?"""

    kind = "lay_off"
    input = "cards"
    form_code = "quiz_form_lay_off"

    def __init__(self, meld, cards, game="basic", **kw):
        self.meld_cards = parse_cards(meld)
        self.cards = parse_cards(cards)
        if not self.cards:
            raise UsageError(say("quiz_lay_off_needs_cards"))
        self.options = tuple(str(c) for c in self.cards)
        super().__init__(game, **kw)

    def _all_cards(self):
        return self.meld_cards + self.cards

    def _solve(self):
        meld = self.rules.meld(self.meld_cards)   # IllegalMeldError when it is no meld
        self.meld = meld
        self.checks = tuple(self.rules.check_lay_off(meld, card) for card in self.cards)
        self.answer = frozenset(c for c, check in zip(self.cards, self.checks) if check.ok)
        self.answer_words = (cards_text(c for c in self.cards if c in self.answer)
                             or line("quiz_none_of_them"))
        self.reasons = tuple(check.reasons[0] for check in self.checks)
        self.explaining = (explain(self.reasons),)

    def _rule(self):
        rules, game = self.rules, self.game_name
        if self.meld.kind == "set":
            if rules.max_set is None:
                return line("quizrule_layoff_set", game=game)
            return line("quizrule_layoff_set_most", game=game, maximum=rules.max_set)
        if not rules.ace_high and any(c.rank == 1 for c in self.cards) and self.meld.high == 13:
            return line("quizrule_ace_low_only", game=game)
        return line("quizrule_layoff_run", game=game)

    @property
    def topics(self):
        return card_topics(self.rules, self._all_cards())

    @property
    def prompt_words(self):
        return line("quiz_prompt_lay_off", game=self.game_name)

    @property
    def groups(self):
        return ((line("quiz_group_on_table"), self.meld_cards), (line("quiz_group_offered"), self.cards))

    def _read(self, answer):
        return frozenset(answers.read_cards_from(answer, self.cards))

    def _given(self, value):
        return cards_text(c for c in self.cards if c in value) or say("quiz_given_none")

    @property
    def answer_input(self):
        return cards_text((c for c in self.cards if c in self.answer), ascii=True) or "none"

    def _judge(self, value):
        missed = [c for c in self.cards if c in self.answer and c not in value]
        wrong = [c for c in self.cards if c in value and c not in self.answer]
        parts = []
        if missed:
            parts.append(line("quiz_would_fit", cards=cards_text(missed)))
        if wrong:
            parts.append(line("quiz_cannot_lay_off", cards=cards_text(wrong), count=len(wrong)))
        return value == self.answer, Joined(parts, " ")

    def _fields(self):
        return {"meld": cards_text(self.meld_cards, ascii=True), "cards": cards_text(self.cards, ascii=True)}


class ContractQuestion(Question):
    """Does this hand hold hand N's contract?"""

    kind = "contract"
    input = "choice"
    options = ("yes", "no")
    option_codes = {"yes": "quiz_option_yes", "no": "quiz_option_no"}
    form_code = "quiz_form_yes_no"
    ALIASES = {"y": "yes", "n": "no", "true": "yes", "false": "no", "si": "yes", "sì": "yes",
               "ja": "yes", "nee": "no", "it does": "yes", "it does not": "no", "certo": "yes",
               "no, non": "no", "non": "no", "neen": "no", "jawel": "yes"}

    def __init__(self, cards, hand, game="contract", **kw):
        self.cards = parse_cards(cards)
        if not self.cards:
            raise UsageError(Reason("quiz_contract_needs_cards"))
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
        self.answer_words = line(self.option_codes[self.answer])
        self.reasons = check.reasons
        self.explaining = (explain(check.reasons),)

    def _rule(self):
        contract = ContractWords(self.rules, self.hand)
        parts = [line("quizrule_contract_whole" if self.whole_hand else "quizrule_contract",
                      hand=self.hand, contract=contract)]
        if self.contract_check.ok and any(m.wilds(self.rules) for m in self.contract_check.melds):
            parts.append(line("quizrule_joker_any"))
        return Joined(parts, "; ") if len(parts) > 1 else parts[0]

    @property
    def prompt_words(self):
        return line("quiz_prompt_contract_whole" if self.whole_hand else "quiz_prompt_contract",
                    game=self.game_name, hand=self.hand, contract=ContractWords(self.rules, self.hand))

    @property
    def groups(self):
        return ((line("quiz_group_your_hand"), self.cards),)

    def _read(self, answer):
        return answers.read_choice(answer, self.options, self.ALIASES, self.option_codes)

    def _fields(self):
        return {"hand": self.hand, "cards": cards_text(self.cards, ascii=True)}


class DiscardQuestion(Question):
    """You took a card from the discard pile: may you discard it this turn?"""

    kind = "discard"
    input = "choice"
    options = ("yes", "no")
    option_codes = ContractQuestion.option_codes
    form_code = "quiz_form_yes_no"
    ALIASES = ContractQuestion.ALIASES

    def __init__(self, taken, cards, game="basic", **kw):
        taken = parse_cards([taken] if isinstance(taken, Card) else taken)
        if len(taken) != 1:
            raise UsageError(say("quiz_discard_one_card"))
        self.taken = taken[0]
        self.cards = parse_cards(cards)
        if self.taken not in self.cards:
            self.cards = self.cards + (self.taken,)
        super().__init__(game, **kw)

    def _solve(self):
        verdict = self.verdict()
        reasons = tuple(r for r in verdict.reasons if r.code != "move_ok") or verdict.reasons
        self.answer = "yes" if verdict.ok else "no"
        self.answer_words = line(self.option_codes[self.answer])
        self.reasons = reasons
        self.explaining = (explain(reasons),)

    def verdict(self):
        """The judge's verdict on discarding the taken card, on a table set up as the
        question says: the card lay on the discard pile, the player took it, and now
        holds these cards. The quiz asks the engine; it never restates the rule."""
        from ..game import from_deal

        rest = list(self.cards)
        rest.remove(self.taken)
        hands = [cards_text(rest, ascii=True)] + [""] * (self.rules.min_players - 1)
        # a probe for the judge, never shown: the learner sees only their own hand
        game = from_deal(self.rules, hands, discard=self.taken.text(ascii=True), constructed=True)
        taking = game.judge("take")
        if not taking.ok:
            return taking
        game.apply("take")
        return game.judge(Action("discard", card=self.taken))

    def _rule(self):
        if not self.rules.discard_restriction:
            return line("quizrule_no_discard_restriction", game=self.game_name)
        return line("quizrule_taken_stays")

    @property
    def prompt_words(self):
        return line("quiz_prompt_discard", game=self.game_name, card=str(self.taken))

    @property
    def groups(self):
        return ((line("quiz_group_your_hand"), self.cards),)

    def _read(self, answer):
        return answers.read_choice(answer, self.options, self.ALIASES, self.option_codes)

    def _fields(self):
        return {"taken": self.taken.text(ascii=True), "cards": cards_text(self.cards, ascii=True)}
