"""A quiz (an ordered list of questions) and a learner's running score on it.

``Quiz.builtin("basic")``, ``Quiz.from_file("my-quiz.json")``, ``Quiz.load(name_or_path)``
(what a ``--quiz NAME|FILE`` option calls), ``Quiz.generated("500", level=2, count=20, seed=7)``.
``quiz.session()`` gives a :class:`QuizSession` that counts attempts, right and wrong
answers; unreadable answers are counted apart and never as attempts.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import RuleOptionError
from ..reasons import Reason
from .banks import BANKS, find_bank
from .fileformat import QuizFileError, dump_quiz, parse_text, read_quiz_data
from .questions import CheckResult, Question


class Quiz:
    """Questions in order, with a title. Questions are found by position or by id."""

    def __init__(self, questions, title: str = "", name: str | None = None,
                 description: str = "", game: str | None = None):
        self.questions = tuple(questions)
        if not self.questions:
            raise QuizFileError(Reason("quizfile_empty"))
        ids = [q.id for q in self.questions]
        if len(set(ids)) != len(ids):
            repeated = sorted({i for i in ids if ids.count(i) > 1})
            raise QuizFileError(Reason("quizfile_ids_repeated", {"ids": ", ".join(repeated)}))
        self._by_id = {q.id: q for q in self.questions}
        self.title_key = title            # a catalogue code for the built-in quizzes
        self.name = name
        self.description_key = description
        self.game = game

    @property
    def title(self) -> str:
        """The title in the language in use (a teacher's own title as written)."""
        from .words import said
        return said(self.title_key)

    @title.setter
    def title(self, value: str) -> None:
        self.title_key = value

    @property
    def description(self) -> str:
        from .words import said
        return said(self.description_key)

    # --- making quizzes ---------------------------------------------------------------
    @classmethod
    def from_data(cls, data: dict, source: str = "<data>", name: str | None = None) -> "Quiz":
        if not isinstance(data, dict):
            raise QuizFileError(Reason("quizfile_not_object"), source)
        header, questions = read_quiz_data(data, source)
        return cls(questions, title=header["title"], name=name,
                   description=header["description"], game=header["game"])

    @classmethod
    def from_text(cls, text: str, source: str = "<text>") -> "Quiz":
        return cls.from_data(parse_text(text, source), source)

    @classmethod
    def from_file(cls, path) -> "Quiz":
        """Read a teacher's quiz file (see docs/quiz-format.md)."""
        path = Path(path)
        text = cls.read_text_of(path)
        return cls.from_data(parse_text(text, str(path)), str(path), name=path.stem)

    @staticmethod
    def read_text_of(path) -> str:
        """The text of a quiz file, or QuizFileError (too big, unreadable, not UTF-8)."""
        from .fileformat import MAX_FILE_BYTES

        path = Path(path)
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise QuizFileError(Reason("quizfile_too_many_bytes", {
                    "size": path.stat().st_size, "most": MAX_FILE_BYTES}), str(path))
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise QuizFileError(Reason("quizfile_unreadable", {"error": error.strerror or error}),
                                str(path)) from None
        except UnicodeDecodeError:
            raise QuizFileError(Reason("quizfile_not_utf8"), str(path)) from None
        return text

    @classmethod
    def builtin(cls, name: str) -> "Quiz":
        """A built-in quiz by name: ``basic``, ``500`` or ``contract`` (game aliases work too)."""
        key = find_bank(name)
        if key is None:
            raise RuleOptionError(Reason("quizfile_no_builtin", {"name": repr(name),
                                                                "names": ", ".join(BANKS)}))
        return cls.from_data(BANKS[key], source=f"built-in quiz {key!r}", name=key)

    @staticmethod
    def builtin_names() -> tuple[str, ...]:
        return tuple(BANKS)

    @classmethod
    def load(cls, name_or_path) -> "Quiz":
        """A built-in quiz if the name is one, else a quiz file."""
        if isinstance(name_or_path, str) and find_bank(name_or_path):
            return cls.builtin(name_or_path)
        path = Path(name_or_path)
        if not path.exists():
            raise QuizFileError(Reason("quizfile_not_found", {
                "name": repr(str(name_or_path)), "builtin": ", ".join(cls.builtin_names())}))
        return cls.from_file(path)

    @classmethod
    def generated(cls, game: str, level: int = 1, count: int = 20, seed: int | str = 0,
                  kinds=None) -> "Quiz":
        """``count`` distinct generated questions (see :mod:`rummy_teach.quiz.generators`)."""
        from ..rules import get_rules
        from .generators import generate_many

        questions = generate_many(game, level=level, count=count, seed=seed, kinds=kinds)
        from .words import GameName, encode, line
        title = encode(line("quiz_generated_title", game=GameName(get_rules(game)), level=level,
                            seed=str(seed)))     # as typed: a seed names a quiz, it counts nothing
        return cls(questions, title=title, name=f"{game}-level{level}-{seed}", game=game)

    # --- reading ------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.questions)

    def __iter__(self):
        return iter(self.questions)

    def __getitem__(self, key) -> Question:
        """A question by position (0-based) or by id."""
        if isinstance(key, int):
            return self.questions[key]
        try:
            return self._by_id[key]
        except KeyError:
            raise KeyError(f"no question with id {key!r} in this quiz") from None

    def __contains__(self, key) -> bool:
        return key in self._by_id

    def to_public(self) -> dict:
        """The whole quiz as the browser may see it (no answers)."""
        return {"title": self.title, "description": self.description,
                "questions": [q.to_public() for q in self.questions]}

    def to_data(self) -> dict:
        return dump_quiz(self.title_key, self.questions, self.game, self.description_key)

    def to_json(self) -> str:
        return json.dumps(self.to_data(), ensure_ascii=False, indent=2)

    def session(self) -> "QuizSession":
        return QuizSession(self)

    def __repr__(self) -> str:
        return f"<Quiz {self.title!r}: {len(self)} questions>"


class QuizSession:
    """One learner working through a quiz: every answer checked, the score kept.

    ``attempts == right + wrong``; unreadable answers only raise ``unreadable``. What is
    kept is bounded by the quiz, not by the answers: the counts, the questions solved and
    the misses per question, never the verdicts themselves (a classroom holds a session
    for every student all through a class: issue 28's memory soak).
    """

    def __init__(self, quiz: Quiz):
        self.quiz = quiz
        self.right = 0
        self.wrong = 0
        self.unreadable = 0
        self._solved: set[str] = set()       # question ids answered right
        self._missed: dict[str, int] = {}    # question id -> wrong attempts on it

    @property
    def attempts(self) -> int:
        return self.right + self.wrong

    @property
    def answers(self) -> int:
        """Every verdict counted, unreadable answers too."""
        return self.right + self.wrong + self.unreadable

    def answer(self, question, answer) -> CheckResult:
        """Check ``answer`` to ``question`` (its id, position or the Question) and count it."""
        if isinstance(question, Question):
            question = question.id
        return self.count(self.quiz[question].check(answer))

    def count(self, result: CheckResult) -> CheckResult:
        """Count a verdict already reached (by ``Question.check``) on a question of this quiz."""
        if result.outcome == "right":
            self.right += 1
            self._solved.add(result.question_id)
        elif result.outcome == "wrong":
            self.wrong += 1
            self._missed[result.question_id] = self._missed.get(result.question_id, 0) + 1
        else:
            self.unreadable += 1
        return result

    def solved(self, question_id: str) -> bool:
        return question_id in self._solved

    @property
    def remaining(self) -> list[str]:
        """Ids of questions not yet answered right, in quiz order."""
        return [q.id for q in self.quiz if not self.solved(q.id)]

    def missed(self) -> list[dict]:
        """Questions answered wrong at least once, most missed first, with their rule."""
        order = {q.id: i for i, q in enumerate(self.quiz)}
        return [{"id": qid, "wrong": n, "rule": self.quiz[qid].rule}
                for qid, n in sorted(self._missed.items(), key=lambda kv: (-kv[1], order[kv[0]]))]

    def score(self) -> dict:
        return {"attempts": self.attempts, "right": self.right, "wrong": self.wrong,
                "unreadable": self.unreadable, "solved": len(self.quiz) - len(self.remaining),
                "questions": len(self.quiz)}

    def __repr__(self) -> str:
        s = self.score()
        return f"<QuizSession {s['right']} right, {s['wrong']} wrong of {s['attempts']} attempts>"

