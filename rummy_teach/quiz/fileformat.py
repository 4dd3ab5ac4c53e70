"""The teacher's quiz file: JSON, read with the standard library only.

A file holds a title, a default game and a list of questions; each question names
its ``kind`` and gives cards, never answers: the engine computes every answer. The
format is documented in ``docs/quiz-format.md``. Every mistake in a file raises
:class:`QuizFileError` naming the question (number and id) and the field.
"""

from __future__ import annotations

import json

from ..cards import number_copies, parse_cards
from ..errors import RummyError
from ..rules import get_rules
from .questions import ContractQuestion, DiscardQuestion, LayOffQuestion, MeldQuestion, WhichMeldsQuestion
from .play import DealQuestion, GameEndQuestion, MoveQuestion, StockOutQuestion, WhoGetsQuestion
from .scoring import ArrangeQuestion, HandWinnerQuestion, PointsQuestion, ScoreQuestion

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
                            "discard": ("cards", False), "stock": ("cards", False),
                            "table": ("table", False), "hand": ("int", False),
                            "before": ("texts", False), "teach": ("text", False)}),
    "who_gets": (WhoGetsQuestion, {"hands": ("groups", True), "card": ("card", True),
                                   "before": ("texts", True), "discard": ("cards", False),
                                   "stock": ("cards", False), "table": ("table", False),
                                   "hand": ("int", False), "teach": ("text", False)}),
    "deal": (DealQuestion, {"players": ("int", True), "hand": ("int", False)}),
    "stock_out": (StockOutQuestion, {"times": ("int", False)}),
    "game_end": (GameEndQuestion, {"totals": ("ints", True), "last": ("ints", False)}),
}


class QuizFileError(RummyError):
    """A quiz file that cannot be used. ``question`` (1-based), ``question_id`` and
    ``field`` say where; they are None for problems with the file as a whole."""

    def __init__(self, message: str, source: str = "", question: int | None = None,
                 question_id: str | None = None, field: str | None = None):
        place = []
        if question is not None:
            place.append(f"question {question}" + (f" (id {question_id!r})" if question_id else ""))
        if field is not None:
            place.append(f"field {field!r}")
        parts = ([source] if source else []) + ([", ".join(place)] if place else []) + [message]
        super().__init__(": ".join(parts))
        self.source, self.question, self.question_id, self.field = source, question, question_id, field


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
        raise QuizFileError(f"the file has {len(text):,} characters; a quiz file holds at most "
                            f"{MAX_FILE_BYTES:,}", source)
    if _depth(text) > MAX_DEPTH:
        raise QuizFileError(f"the JSON nests {_depth(text)} levels deep; a quiz file needs at most "
                            f"{MAX_DEPTH}", source)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise QuizFileError(f"not valid JSON at line {error.lineno}, column {error.colno}: "
                            f"{error.msg}", source) from None
    if not isinstance(data, dict):
        raise QuizFileError("the file must hold one JSON object with a \"questions\" list", source)
    return data


def read_quiz_data(data: dict, source: str = "<data>") -> tuple[dict, list]:
    """Check the top of a quiz and build its questions: (header, questions)."""
    unknown = sorted(set(data) - TOP_FIELDS)
    if unknown:
        raise QuizFileError(f"unknown top-level field(s) {', '.join(unknown)}; "
                            f"allowed: {', '.join(sorted(TOP_FIELDS))}", source)
    if "format" in data and data["format"] != FORMAT:
        raise QuizFileError(f"format {data['format']!r} is not {FORMAT!r}", source, field="format")
    for name in ("title", "description"):
        if name in data and not isinstance(data[name], str):
            raise QuizFileError("must be text", source, field=name)
    questions = data.get("questions")
    if not isinstance(questions, list) or not questions:
        raise QuizFileError("a quiz needs a non-empty \"questions\" list", source, field="questions")
    if len(questions) > MAX_QUESTIONS:
        raise QuizFileError(f"{len(questions)} questions; a quiz holds at most {MAX_QUESTIONS}",
                            source, field="questions")
    default_game = data.get("game", "basic")
    default_options = data.get("options", {})
    _rules(default_game, default_options, lambda field, msg: QuizFileError(msg, source, field=field))
    built, seen = [], {}
    for number, item in enumerate(questions, start=1):
        question = read_question(item, number, source, default_game, default_options)
        if question.id in seen:
            raise QuizFileError(f"id {question.id!r} is already used by question {seen[question.id]}",
                                source, number, question.id, "id")
        seen[question.id] = number
        built.append(question)
    header = {"title": data.get("title", ""), "description": data.get("description", ""),
              "game": default_game}
    return header, built


def _rules(game, options, fail):
    if not isinstance(game, str):
        raise fail("game", "must be the name of a game, e.g. \"basic\", \"500\" or \"contract\"")
    if not isinstance(options, dict):
        raise fail("options", "must be an object of rule options, e.g. {\"natural_majority\": true}")
    try:
        get_rules(game)
    except RummyError as error:
        raise fail("game", str(error)) from None
    try:
        return get_rules(game, **options)
    except RummyError as error:
        raise fail("options", str(error)) from None


def read_question(item, number: int, source: str = "<data>", default_game: str = "basic",
                  default_options: dict | None = None):
    """Build question ``number`` of a file from its JSON object."""
    qid = item.get("id") if isinstance(item, dict) else None

    def fail(field, message):
        return QuizFileError(message, source, number, qid if isinstance(qid, str) else None, field)

    if not isinstance(item, dict):
        raise fail(None, "each question must be a JSON object with at least \"kind\"")
    if "answer" in item:
        raise fail("answer", "answers are computed by the engine; remove this field")
    if "id" in item and (not isinstance(qid, str) or not qid.strip()):
        raise fail("id", "must be non-empty text")
    kind = item.get("kind")
    if kind not in KINDS:
        raise fail("kind", f"{kind!r} is not a question kind; kinds are {', '.join(KINDS)}"
                   if "kind" in item else f"missing; kinds are {', '.join(KINDS)}")
    cls, fields = KINDS[kind]
    unknown = sorted(set(item) - COMMON_FIELDS - set(fields))
    if unknown:
        allowed = ", ".join(sorted(COMMON_FIELDS | set(fields)))
        raise fail(unknown[0], f"not a field of a {kind} question; its fields are {allowed}")
    for name in ("rule", "note"):
        if name in item and not isinstance(item[name], str):
            raise fail(name, "must be text")
    game = item.get("game", default_game)
    options = item.get("options", default_options or {})
    rules = _rules(game, options, fail)
    multi = max(d for _, d, _ in rules.decks) > 1 or max(j for _, _, j in rules.decks) > 1
    points = item.get("points", 1)
    if isinstance(points, bool) or not isinstance(points, int) or not 0 < points <= MAX_POINTS:
        raise fail("points", f"must be a whole number from 1 to {MAX_POINTS}, not {points!r}")
    limit = MAX_CARDS.get(kind, MAX_CARDS["default"])
    values = {}
    for name, (kind_of, required) in fields.items():
        if name not in item:
            if required:
                raise fail(name, f"missing; a {kind} question needs {', '.join(f for f, (_, r) in fields.items() if r)}")
            continue
        values[name] = _value(item[name], kind_of, multi, lambda msg, field=name: fail(field, msg))
        _check_size(values[name], kind_of, limit, lambda msg, field=name: fail(field, msg))
    difficulty = item.get("difficulty")
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise fail("difficulty", f"must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
    kw = {"game": game, "options": options or None, "id": qid, "rule": item.get("rule"),
          "note": item.get("note"), "difficulty": difficulty}
    try:
        question = cls(**values, **kw)
    except (RummyError, ValueError) as error:
        raise fail(_blame(kind, error), str(error)) from None
    question.points = points
    return question


def _check_size(value, kind_of: str, limit: int, fail) -> None:
    """Refuse a field with more cards (or groups) than a question may hold."""
    def cards(many, where=""):
        if len(many) > limit:
            raise fail(f"{where}has {len(many)} cards; this kind of question holds at most {limit}")
    if kind_of == "cards":
        cards(value)
        return
    if kind_of not in ("groups", "players", "laid_off"):
        return
    if len(value) > MAX_GROUPS:
        raise fail(f"has {len(value)} items; a question holds at most {MAX_GROUPS}")
    items = value.values() if kind_of == "players" else (
        [on for _, on in value] if kind_of == "laid_off" else value)
    for number, item in enumerate(items, 1):
        cards(item, f"item {number} ")


def _blame(kind, error) -> str:
    """The field a constructor's complaint is about."""
    text = str(error)
    return {"lay_off": "meld" if "not a meld" in text else "cards",
            "score": "laid_off" if "lay" in text or "fit" in text else "melds",
            "hand_winner": "players", "contract": "hand", "discard": "taken",
            "move": "action", "who_gets": "before", "deal": "players", "stock_out": "times",
            "game_end": "totals"}.get(kind, "cards")


def _cards(value, multi, fail, what="cards"):
    if not isinstance(value, str):
        raise fail(f"{what} must be text such as \"8S 8H 8D\"")
    try:
        cards = parse_cards(value)
    except RummyError as error:
        raise fail(str(error)) from None
    return number_copies(cards) if multi else cards


def _value(value, kind_of, multi, fail):
    if kind_of == "cards":
        return _cards(value, multi, fail)
    if kind_of == "card":
        cards = _cards(value, multi, fail)
        if len(cards) != 1:
            raise fail(f"must be exactly one card, not {len(cards)}")
        return cards[0]
    if kind_of == "groups":
        if not isinstance(value, list):
            raise fail("must be a list of card texts, e.g. [\"8S 8H 8D\", \"4H 5H 6H\"]")
        return [_cards(v, multi, lambda m, i=i: fail(f"item {i}: {m}")) for i, v in enumerate(value, 1)]
    if kind_of == "text":
        if not isinstance(value, str) or not value.strip():
            raise fail("must be non-empty text")
        return value
    if kind_of == "texts":
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            raise fail("must be a list of texts, e.g. [\"draw\", \"discard 9C\"]")
        return value
    if kind_of == "ints":
        if not isinstance(value, list) or not value or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise fail("must be a list of whole numbers, e.g. [120, 95, 95]")
        return value
    if kind_of == "table":
        if not isinstance(value, list) or not all(
                isinstance(v, list) and len(v) == 2 and isinstance(v[0], int) and isinstance(v[1], str)
                for v in value):
            raise fail("must be a list of [owner, cards] pairs, e.g. [[1, \"4D 5D 6D\"]]")
        return [(owner, _cards(cards, multi, fail)) for owner, cards in value]
    if kind_of == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail(f"must be a whole number, not {value!r}")
        return value
    if kind_of == "bool":
        if not isinstance(value, bool):
            raise fail(f"must be true or false, not {value!r}")
        return value
    if kind_of == "players":
        if not isinstance(value, dict) or not value:
            raise fail("must be an object from player name to cards left, e.g. {\"Ann\": \"\", \"Bob\": \"KC 9S\"}")
        return {name: _cards(cards, multi, lambda m, n=name: fail(f"player {n!r}: {m}"))
                for name, cards in value.items()}
    if kind_of == "laid_off":
        if not isinstance(value, list):
            raise fail("must be a list of {\"card\": ..., \"on\": ...} objects")
        pairs = []
        for i, entry in enumerate(value, 1):
            if not isinstance(entry, dict) or set(entry) != {"card", "on"}:
                raise fail(f"item {i} must be an object with exactly \"card\" and \"on\"")
            card = _cards(entry["card"], multi, lambda m, i=i: fail(f"item {i}, card: {m}"))
            if len(card) != 1:
                raise fail(f"item {i}, card: must be exactly one card")
            on = _cards(entry["on"], multi, lambda m, i=i: fail(f"item {i}, on: {m}"))
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
