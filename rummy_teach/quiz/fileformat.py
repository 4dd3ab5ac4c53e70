"""The teacher's quiz file: JSON, read with the standard library only.

A file holds a title, a default game and a list of questions; each question names
its ``kind`` and gives cards, never answers: the engine computes every answer. The
format is documented in ``docs/quiz-format.md``. Every mistake in a file raises
:class:`QuizFileError` naming the question (number and id) and the field.
"""

from __future__ import annotations

import json

from ..cards import number_copies, parse_cards
from ..errors import ImpossiblePositionError, RummyError
from ..game.deal import stock_text, stock_top
from ..reasons import ENGLISH, Reason, speaking
from ..rules import get_rules
from .questions import (ContractQuestion, DiscardQuestion, LayOffQuestion, MeldQuestion, SceneCardsError,
                        WhichMeldsQuestion)
from .play import (AskedCardError, BeforeMoveError, DealQuestion, GameEndQuestion, MoveQuestion,
                   StockOutQuestion, WhoGetsQuestion)
from .scoring import ArrangeQuestion, HandWinnerQuestion, PointsQuestion, ScoreQuestion
from .tally import TallyQuestion
from .words import Joined

FORMAT = "rummy-teach-quiz/1"
TOP_FIELDS = {"format", "title", "description", "game", "options", "questions"}
COMMON_FIELDS = {"id", "kind", "game", "options", "rule", "note", "difficulty", "points"}
DIFFICULTIES = ("easy", "medium", "hard")

# Bounds that keep one file from taking a server down (the solver's work grows fast
# with the cards of an ``arrange`` question: 48 cards took over 3 GB).
MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 8              # the format itself needs 4 levels of nesting
MAX_QUESTIONS = 200
MAX_CARDS = {"arrange": 14, "default": 30}   # cards in one field of one question
MAX_GROUPS = 12            # groups, players or laid-off cards in one question
MAX_POINTS = 100

# kind -> (class, {field: (type, required)}); types: cards, card, groups, int, bool, players, laid_off
KINDS = {
    "meld": (MeldQuestion, {"cards": ("cards", True)}),
    "which_melds": (WhichMeldsQuestion, {"groups": ("groups", True)}),
    "lay_off": (LayOffQuestion, {"meld": ("cards", True), "cards": ("cards", True)}),
    "points": (PointsQuestion, {"cards": ("cards", True)}),
    "score": (ScoreQuestion, {"melds": ("groups", False), "laid_off": ("laid_off", False),
                              "hand": ("cards", False)}),
    "hand_winner": (HandWinnerQuestion, {"players": ("players", True), "rummy": ("bool", False)}),
    "contract": (ContractQuestion, {"hand": ("int", True), "cards": ("cards", True)}),
    "arrange": (ArrangeQuestion, {"cards": ("cards", True)}),
    "discard": (DiscardQuestion, {"taken": ("card", True), "cards": ("cards", True)}),
    # questions about play: a position rebuilt by the engine, a move tried on it
    "move": (MoveQuestion, {"hands": ("groups", True), "action": ("text", True),
                            "discard": ("cards", False), "stock": ("stock", False),
                            "table": ("table", False), "hand": ("int", False),
                            "before": ("texts", False), "teach": ("text", False),
                            "buys": ("counts", False), "constructed": ("bool", False)}),
    "who_gets": (WhoGetsQuestion, {"hands": ("groups", True), "card": ("card", True),
                                   "before": ("texts", False), "wanted_by": ("ints", False),
                                   "discard": ("cards", False),
                                   "stock": ("stock", False), "table": ("table", False),
                                   "hand": ("int", False), "teach": ("text", False),
                                   "buys": ("counts", False), "constructed": ("bool", False)}),
    "deal": (DealQuestion, {"players": ("int", True), "hand": ("int", False)}),
    "stock_out": (StockOutQuestion, {"times": ("int", False)}),
    "game_end": (GameEndQuestion, {"totals": ("ints", True), "last": ("ints", False)}),
    # a real game's hands, played by the computer from a seed: a total, or the winner
    "tally": (TallyQuestion, {"players": ("int", True), "seed": ("int", True), "hands": ("int", True),
                              "ask": ("text", False), "player": ("int", False)}),
}


class QuizFileError(RummyError):
    """A quiz file that cannot be used. ``question`` (1-based), ``question_id`` and
    ``field`` say where; they are None for problems with the file as a whole."""

    def __init__(self, message, source: str = "", question: int | None = None,
                 question_id: str | None = None, field: str | None = None):
        # ``message`` is a catalogue Reason (or an engine error, or text): the whole message
        # is said when it is shown, in the language in use then (English by default)
        place = []
        if question is not None:
            place.append(Reason("quizfile_at_question_id", {"number": question, "id": repr(question_id)})
                         if question_id else Reason("quizfile_at_question", {"number": question}))
        if field is not None:
            place.append(Reason("quizfile_at_field", {"field": repr(field)}))
        parts = ([source] if source else []) + ([Joined(place)] if place else []) + [message]
        super().__init__(Joined(parts, ": "))
        self.message = message
        self.source, self.question, self.question_id, self.field = source, question, question_id, field


def _why(code: str, **params) -> Reason:
    return Reason(code, params)


def _depth(text: str) -> int:
    """How deeply the JSON in ``text`` nests (strings skipped), without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def parse_text(text: str, source: str = "<text>") -> dict:
    """The JSON object in ``text``, or QuizFileError with the line and column."""
    if len(text) > MAX_FILE_BYTES:
        raise QuizFileError(_why("quizfile_too_many_chars", size=len(text), most=MAX_FILE_BYTES), source)
    if _depth(text) > MAX_DEPTH:
        raise QuizFileError(_why("quizfile_too_deep", depth=_depth(text), most=MAX_DEPTH), source)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise QuizFileError(_why("quizfile_bad_json", line=error.lineno, column=error.colno,
                                 error=error.msg), source) from None
    if not isinstance(data, dict):
        raise QuizFileError(_why("quizfile_not_object"), source)
    return data


def read_quiz_data(data: dict, source: str = "<data>") -> tuple[dict, list]:
    """Check the top of a quiz and build its questions: (header, questions)."""
    unknown = sorted(set(data) - TOP_FIELDS)
    if unknown:
        raise QuizFileError(_why("quizfile_unknown_top", fields=", ".join(unknown), count=len(unknown),
                                 allowed=", ".join(sorted(TOP_FIELDS))), source)
    if "format" in data and data["format"] != FORMAT:
        raise QuizFileError(_why("quizfile_format", given=repr(data["format"]), format=repr(FORMAT)),
                            source, field="format")
    for name in ("title", "description"):
        if name in data and not isinstance(data[name], str):
            raise QuizFileError(_why("quizfile_must_be_text"), source, field=name)
    questions = data.get("questions")
    if not isinstance(questions, list) or not questions:
        raise QuizFileError(_why("quizfile_no_questions"), source, field="questions")
    if len(questions) > MAX_QUESTIONS:
        raise QuizFileError(_why("quizfile_too_many_questions", count=len(questions),
                                 most=MAX_QUESTIONS), source, field="questions")
    default_game = data.get("game", "basic")
    default_options = data.get("options", {})
    _rules(default_game, default_options, lambda field, msg: QuizFileError(msg, source, field=field))
    built, seen = [], {}
    for number, item in enumerate(questions, start=1):
        question = read_question(item, number, source, default_game, default_options)
        if question.id in seen:
            raise QuizFileError(_why("quizfile_id_used", id=repr(question.id),
                                     number=seen[question.id]), source, number, question.id, "id")
        seen[question.id] = number
        built.append(question)
    header = {"title": data.get("title", ""), "description": data.get("description", ""),
              "game": default_game}
    return header, built


def problems_of(data: dict, source: str = "<data>") -> tuple[int, list]:
    """Every problem of a quiz's data, not only the first: ``(questions, errors)``, the
    number of questions and one :class:`QuizFileError` per question that cannot be used
    (an impossible position, a bad card, a missing field...). A problem with the file as
    a whole is raised, as :func:`read_quiz_data` raises it."""
    try:
        read_quiz_data(data, source)
        return len(data["questions"]), []
    except QuizFileError as error:
        if error.question is None:
            raise
    default_game = data.get("game", "basic")
    default_options = data.get("options", {})
    errors, seen = [], {}
    for number, item in enumerate(data["questions"], start=1):
        try:
            question = read_question(item, number, source, default_game, default_options)
        except QuizFileError as error:
            errors.append(error)
            continue
        if question.id in seen:
            errors.append(QuizFileError(_why("quizfile_id_used", id=repr(question.id), number=seen[question.id]),
                                        source, number, question.id, "id"))
        seen.setdefault(question.id, number)
    return len(data["questions"]), errors


def _rules(game, options, fail):
    if not isinstance(game, str):
        raise fail("game", _why("quizfile_game_name"))
    if not isinstance(options, dict):
        raise fail("options", _why("quizfile_options_object"))
    try:
        get_rules(game)
    except RummyError as error:
        raise fail("game", error) from None
    try:
        return get_rules(game, **options)
    except RummyError as error:
        raise fail("options", error) from None


def read_question(item, number: int, source: str = "<data>", default_game: str = "basic",
                  default_options: dict | None = None):
    """Build question ``number`` of a file from its JSON object."""
    qid = item.get("id") if isinstance(item, dict) else None

    def fail(field, message):
        return QuizFileError(message, source, number, qid if isinstance(qid, str) else None, field)

    if not isinstance(item, dict):
        raise fail(None, _why("quizfile_question_object"))
    if "answer" in item:
        raise fail("answer", _why("quizfile_no_answer"))
    if "id" in item and (not isinstance(qid, str) or not qid.strip()):
        raise fail("id", _why("quizfile_id_text"))
    kind = item.get("kind")
    if kind not in KINDS:
        raise fail("kind", _why("quizfile_unknown_kind", kind=repr(kind), kinds=", ".join(KINDS))
                   if "kind" in item else _why("quizfile_kind_missing", kinds=", ".join(KINDS)))
    cls, fields = KINDS[kind]
    unknown = sorted(set(item) - COMMON_FIELDS - set(fields))
    if unknown:
        allowed = ", ".join(sorted(COMMON_FIELDS | set(fields)))
        raise fail(unknown[0], _why("quizfile_unknown_field", kind=kind, allowed=allowed))
    for name in ("rule", "note"):
        if name in item and not isinstance(item[name], str):
            raise fail(name, _why("quizfile_must_be_text"))
    game = item.get("game", default_game)
    options = item.get("options", default_options or {})
    rules = _rules(game, options, fail)
    multi = max(d for _, d, _ in rules.decks) > 1 or max(j for _, _, j in rules.decks) > 1
    points = item.get("points", 1)
    if isinstance(points, bool) or not isinstance(points, int) or not 0 < points <= MAX_POINTS:
        raise fail("points", _why("quizfile_points", most=MAX_POINTS, given=repr(points)))
    limit = MAX_CARDS.get(kind, MAX_CARDS["default"])
    values = {}
    for name, (kind_of, required) in fields.items():
        if name not in item:
            if required:
                raise fail(name, _why("quizfile_field_missing", kind=kind,
                                      needed=", ".join(f for f, (_, r) in fields.items() if r)))
            continue
        values[name] = _value(item[name], kind_of, multi, lambda msg, field=name: fail(field, msg))
        _check_size(values[name], kind_of, limit, lambda msg, field=name: fail(field, msg))
    difficulty = item.get("difficulty")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise fail("difficulty", _why("quizfile_difficulty", allowed=", ".join(DIFFICULTIES),
                                      given=repr(difficulty)))
    kw = {"game": game, "options": options or None, "id": qid, "rule": item.get("rule"),
          "note": item.get("note"), "difficulty": difficulty}
    try:
        question = cls(**values, **kw)
    except (RummyError, ValueError) as error:
        raise fail(_blame(kind, error), error) from None
    question.points = points
    return question


def _check_size(value, kind_of: str, limit: int, fail) -> None:
    """Refuse a field with more cards (or groups) than a question may hold."""
    def cards(many, number=None):
        if len(many) > limit:
            raise fail(_why("quizfile_too_many_cards", count=len(many), most=limit) if number is None
                       else _why("quizfile_item_too_many_cards", number=number, count=len(many),
                                 most=limit))
    if kind_of == "cards":
        cards(value)
        return
    if kind_of not in ("groups", "players", "laid_off"):
        return
    if len(value) > MAX_GROUPS:
        raise fail(_why("quizfile_too_many_items", count=len(value), most=MAX_GROUPS))
    items = value.values() if kind_of == "players" else (
        [on for _, on in value] if kind_of == "laid_off" else value)
    for number, item in enumerate(items, 1):
        cards(item, number)


#: the field a refusal is about, by its catalogue code (a dict: by the question's kind,
#: None for the others)
BLAME_BY_CODE = {
    "rules_bad_players": {"move": "hands", "who_gets": "hands", None: "players"},
    "rules_bad_players_exact": {"move": "hands", "who_gets": "hands", None: "players"},
    "rules_bad_hand": "hand",
    "quiz_tally_ask": "ask", "quiz_wanted_seat": {"tally": "player", None: "wanted_by"},
    "quiz_who_gets_needs_moves": "before", "quiz_wanted_needs_discard": "discard",
    "quiz_game_end_needs_last": "last", "quiz_teach_unknown": "teach",
    "quiz_contract_needs_cards": "cards", "quiz_score_needs_cards": "melds",
}


def _blame(kind, error) -> str:
    """The field a constructor's complaint is about: by the error's kind, then by its
    catalogue code (:data:`BLAME_BY_CODE`), else read from its English words."""
    if isinstance(error, ImpossiblePositionError) or (
            isinstance(error, SceneCardsError) and kind in ("move", "who_gets")):
        return "hands"          # the position as a whole: its hands first
    if isinstance(error, BeforeMoveError):
        return "before"
    if isinstance(error, AskedCardError):
        return "card" if kind == "who_gets" else "action"
    code = error.reason.code if error.reason else None
    if code in BLAME_BY_CODE:
        field = BLAME_BY_CODE[code]
        return field.get(kind, field[None]) if isinstance(field, dict) else field
    with speaking(ENGLISH):
        text = str(error)
    return {"lay_off": "meld" if "not a meld" in text else "cards",
            "score": "laid_off" if "lay" in text or "fit" in text else "melds",
            "hand_winner": "players", "contract": "hand", "discard": "taken",
            "move": "action", "who_gets": "before", "deal": "players", "stock_out": "times",
            "game_end": "totals", "tally": "hands"}.get(kind, "cards")


def _within(code: str, message, **params) -> Joined:
    """``message`` about a part of a field ("item 2: ...", "player 'Ann': ...")."""
    return Joined((Reason(code, params), message), ": ")


def _cards(value, multi, fail):
    if not isinstance(value, str):
        raise fail(_why("quizfile_cards_text"))
    try:
        cards = parse_cards(value)
    except RummyError as error:
        raise fail(error) from None
    return number_copies(cards) if multi else cards


def _value(value, kind_of, multi, fail):
    if kind_of == "cards":
        return _cards(value, multi, fail)
    if kind_of == "card":
        cards = _cards(value, multi, fail)
        if len(cards) != 1:
            raise fail(_why("quizfile_one_card", count=len(cards)))
        return cards[0]
    if kind_of == "groups":
        if not isinstance(value, list):
            raise fail(_why("quizfile_groups_list"))
        return [_cards(v, multi, lambda m, i=i: fail(_within("quizfile_item", m, number=i)))
                for i, v in enumerate(value, 1)]
    if kind_of == "text":
        if not isinstance(value, str) or not value.strip():
            raise fail(_why("quizfile_id_text"))
        return value
    if kind_of == "texts":
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise fail(_why("quizfile_texts_list"))
        return value
    if kind_of == "ints":
        if not isinstance(value, list) or not value or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise fail(_why("quizfile_ints_list"))
        return value
    if kind_of == "table":
        if not isinstance(value, list) or not all(
                isinstance(v, list) and len(v) in (2, 3) and isinstance(v[0], int)
                and not isinstance(v[0], bool) and isinstance(v[1], str)
                and (len(v) == 2 or isinstance(v[2], dict) and all(
                    isinstance(p, str) and p.isdigit() and isinstance(c, str) for p, c in v[2].items()))
                for v in value):
            raise fail(_why("quizfile_table_list"))
        return [(v[0], _cards(v[1], multi, fail))
                + (({int(p): _cards(c, multi, fail) for p, c in v[2].items()},) if len(v) == 3 else ())
                for v in value]
    if kind_of == "stock":
        if isinstance(value, int) and not isinstance(value, bool):
            if value < 0:
                raise fail(_why("quizfile_stock", given=repr(value)))
            return value
        if not isinstance(value, str):
            raise fail(_why("quizfile_stock", given=repr(value)))
        top, rest_below = stock_top(value)
        cards = _cards(top, multi, fail)
        return stock_text(cards, True) if rest_below else cards
    if kind_of == "counts":
        if not isinstance(value, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
            raise fail(_why("quizfile_counts_list"))
        return value
    if kind_of == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail(_why("quizfile_int", given=repr(value)))
        return value
    if kind_of == "bool":
        if not isinstance(value, bool):
            raise fail(_why("quizfile_bool", given=repr(value)))
        return value
    if kind_of == "players":
        if not isinstance(value, dict) or not value:
            raise fail(_why("quizfile_players_object"))
        return {name: _cards(cards, multi,
                             lambda m, n=name: fail(_within("quizfile_player", m, name=repr(n))))
                for name, cards in value.items()}
    if kind_of == "laid_off":
        if not isinstance(value, list):
            raise fail(_why("quizfile_laid_off_list"))
        pairs = []
        for i, entry in enumerate(value, 1):
            if not isinstance(entry, dict) or set(entry) != {"card", "on"}:
                raise fail(_why("quizfile_laid_off_item", number=i))
            card = _cards(entry["card"], multi,
                          lambda m, i=i: fail(_within("quizfile_item_card", m, number=i)))
            if len(card) != 1:
                raise fail(_within("quizfile_item_card", _why("quizfile_exactly_one_card"), number=i))
            on = _cards(entry["on"], multi,
                        lambda m, i=i: fail(_within("quizfile_item_on", m, number=i)))
            pairs.append((card[0], on))
        return pairs
    raise AssertionError(kind_of)


def dump_quiz(title: str, questions, game: str | None = None, description: str = "") -> dict:
    """A quiz as file data (questions keep their ids, rules and notes)."""
    data = {"format": FORMAT, "title": title}
    if description:
        data["description"] = description
    if game:
        data["game"] = game
    data["questions"] = [q.to_data() for q in questions]
    return data
