"""One learner's way through a paper, decided in one place.

A *paper* is a quiz as one learner gets it: its questions in an order, and each choice
question's options in an order (the classroom shuffles both for each student; a book
page or a widget shows the quiz's own). A :class:`Sitting` owns the learner's way
through it, as python-chess's ``Board`` owns its move stack. Every front end holds one
and asks it: the book page's controller (:mod:`rummy_teach.play.quiz`), the JupyterLab
widget (:mod:`rummy_teach.widgets.quiz`) and the classroom's desk
(:mod:`rummy_teach.classroom.desk`). None of them decides again.

Glossary:

*shown question*
    ``position`` in the paper, ``current`` its public view (``to_public()``: no answer,
    no reasons), said in the language in use when it is read.
*form*
    what a front end's inputs hold, by name: ``choice`` (the option pressed), ``pick``
    (the letters or cards picked, a list) and ``text`` (the box). :func:`form_text`
    turns it into the answer text the checker reads, the only code that does.
*attempt*
    a judged answer (right or wrong). An unreadable answer gets the checker's hint and is
    never an attempt. A question allows ``attempts`` of them (1 unless the class says more).
*tries left*
    attempts still allowed on a question: 0 once it is answered right or out of tries.
*done with*
    answered right, or out of tries. The shown question, once done with, is ``closed``
    until :meth:`Sitting.next` goes on to the first question not done with, or to the end
    (``finished``).
*history*
    the answers stored so far, as records of a question id and the answer as given (the
    classroom's ``Answer`` rows, or ``(question_id, given)`` pairs): the sitting judges
    them again and opens where they leave it.

An answer the sitting does not take raises :class:`SittingRefused` (a catalogue
:class:`~rummy_teach.reasons.Reason`) and leaves the sitting exactly as it was: a
question already done with, or another than the one shown (``answer_already_given``),
a form that cannot be read (``sitting_form_unreadable``), a field longer than
:data:`ANSWER_LIMIT` (``sitting_answer_too_long``). The ``record`` a front end gives
:meth:`Sitting.submit` keeps the answer (the classroom's database) *before* it counts:
if it raises, nothing is counted and its error goes to the caller.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Callable, NamedTuple

from ..errors import RummyError
from ..reasons import Reason

#: the longest answer a field may hold (a form's text box says so too)
ANSWER_LIMIT = 500


class SittingRefused(RummyError):
    """An answer the sitting did not take; ``reason`` says why. Nothing was counted."""


class Answered(NamedTuple):
    """What one submitted answer came to: the verdict, the question as it was shown,
    and the tries left on it (0 when it is done with)."""

    result: object
    public: dict
    tries_left: int


def form_text(public: dict, fields) -> str:
    """The answer a form holds (``fields``: name -> value, see the module), as the text the
    checker of the question ``public`` reads. A choice is the option; picks are joined by
    spaces, or ``none`` when nothing is picked; a winner and points are one line."""
    if not isinstance(fields, Mapping):
        raise SittingRefused(Reason("sitting_form_unreadable"))
    kind = public["input"]
    if kind == "choice":
        return _field(fields, "choice")
    if kind in ("multi", "cards"):
        return " ".join(_picks(fields)) or "none"
    if kind == "player_points":
        return f"{_field(fields, 'choice')} {_field(fields, 'text')}".strip()
    return _field(fields, "text")


def _field(fields: Mapping, name: str) -> str:
    value = fields.get(name)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise SittingRefused(Reason("sitting_form_unreadable"))
    if len(value) > ANSWER_LIMIT:
        raise SittingRefused(Reason("sitting_answer_too_long", {"limit": ANSWER_LIMIT}))
    return value


def _picks(fields: Mapping) -> list[str]:
    value = fields.get("pick")
    if value is None:
        return []
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise SittingRefused(Reason("sitting_form_unreadable"))
    if sum(len(v) + 1 for v in value) > ANSWER_LIMIT:
        raise SittingRefused(Reason("sitting_answer_too_long", {"limit": ANSWER_LIMIT}))
    return list(value)


def _record_parts(record) -> tuple[str, object]:
    """(question id, the answer as given) of a stored answer."""
    if isinstance(record, Mapping):
        return record["question_id"], record["given"]
    if isinstance(record, (tuple, list)):
        return record[0], record[1]
    return record.question_id, record.given


class Sitting:
    """One learner's way through a paper of ``quiz`` (see the module).

    ``order``: the question ids in the paper's order (ids the quiz does not hold are left
    out; none: the quiz's order). ``options``: question id -> the same options in the
    paper's order. ``attempts``: judged answers allowed per question (None: one).
    ``history``: the answers stored so far.
    """

    def __init__(self, quiz, *, order=None, options: dict | None = None,
                 attempts: int | None = None, history=()):
        self.quiz = quiz
        self.order = [qid for qid in (order or ()) if qid in quiz] or [q.id for q in quiz]
        self.options = dict(options or {})
        self.attempts = int(attempts or 1)
        self.session = quiz.session()       # the score (counts, bounded by the paper)
        self._tries: dict[str, int] = {}    # question id -> attempts made
        self.position = 0
        self.closed = False
        self.result = None                  # the last verdict on the shown question
        for record in history:
            question_id, given = _record_parts(record)
            if question_id in self.order:
                self._count(question_id, self.quiz[question_id].check(given))
        self.position = self._first_open()

    @classmethod
    def for_paper(cls, quiz, paper: dict, attempts: int | None = None, history=()) -> "Sitting":
        """The sitting of a classroom paper (``{"order": [...], "options": {...}}``)."""
        return cls(quiz, order=paper.get("order"), options=paper.get("options"),
                   attempts=attempts, history=history)

    # --- what is shown -------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        """Every question is done with and the learner went on past the last."""
        return self.position >= len(self.order)

    @property
    def current(self) -> dict | None:
        """The shown question's public view (None when finished)."""
        return None if self.finished else self.public_of(self.order[self.position])

    @property
    def publics(self) -> list[dict]:
        """Every question of the paper as the learner sees it, in the paper's order."""
        return [self.public_of(qid) for qid in self.order]

    def public_of(self, question_id: str) -> dict | None:
        """A question of the paper as the learner sees it (its options in the paper's
        order), in the language in use; None for a question not on the paper."""
        if question_id not in self.order:
            return None
        public = self.quiz[question_id].to_public()
        shown = self.options.get(question_id)
        if shown and sorted(shown) == sorted(public["options"]):
            public = {**public, "options": list(shown)}
        return public

    @property
    def last(self) -> bool:
        """No question but the shown one is left to do (Next would show the score)."""
        shown = None if self.finished else self.order[self.position]
        return all(self.done_with(qid) for qid in self.order if qid != shown)

    # --- the rules ---------------------------------------------------------------------
    def tries(self, question_id: str) -> int:
        """Attempts made on the question (unreadable answers are not attempts)."""
        return self._tries.get(question_id, 0)

    def tries_left(self, question_id: str | None = None) -> int:
        """Attempts still allowed on the question (the shown one by default)."""
        question_id = question_id or (None if self.finished else self.order[self.position])
        if question_id is None or self.session.solved(question_id):
            return 0
        return max(0, self.attempts - self.tries(question_id))

    def done_with(self, question_id: str) -> bool:
        """Answered right, or out of tries."""
        return self.session.solved(question_id) or self.tries(question_id) >= self.attempts

    def score(self) -> dict:
        """Attempts, right, wrong, unreadable, solved and questions (see ``QuizSession``)."""
        return self.session.score()

    @property
    def judged(self) -> int:
        """Attempts made on the whole paper."""
        return self.session.attempts

    def takes(self, question_id: str | None = None) -> bool:
        """Would an answer be taken now (to ``question_id``, the id the learner's page
        showed): the shown question, not yet done with."""
        return not (self.finished or self.closed or (
            question_id is not None and question_id != self.order[self.position]))

    # --- what the learner does --------------------------------------------------------
    def submit(self, fields, *, question: str | None = None,
               record: Callable | None = None) -> Answered:
        """Answer the shown question with a form's ``fields``; see :meth:`submit_text`."""
        public = self._open(question)
        return self._take(public, form_text(public, fields), record)

    def submit_text(self, text, *, question: str | None = None,
                    record: Callable | None = None) -> Answered:
        """Answer the shown question with ``text`` (``question``: the id the learner's page
        showed, refused when it is not the shown one). ``record(public, text, result)`` keeps
        the answer before it counts; if it raises, nothing is counted."""
        public = self._open(question)
        if isinstance(text, str) and len(text) > ANSWER_LIMIT:
            raise SittingRefused(Reason("sitting_answer_too_long", {"limit": ANSWER_LIMIT}))
        return self._take(public, text, record)

    def next(self) -> None:
        """From a closed question to the first question not done with, or to the end."""
        if self.closed:
            self.position = self._first_open()
            self.closed = False
            self.result = None

    # --- inside -------------------------------------------------------------------------
    def _open(self, question: str | None) -> dict:
        """The shown question, if it may be answered now (else SittingRefused)."""
        if not self.takes(question):
            raise SittingRefused(Reason("answer_already_given"))
        return self.current

    def _take(self, public: dict, text, record) -> Answered:
        question_id = public["id"]
        result = self.quiz[question_id].check(text)
        if record is not None:
            record(public, text, result)
        self._count(question_id, result)
        self.result = result
        self.closed = self.done_with(question_id)
        return Answered(result, public, self.tries_left(question_id))

    def _count(self, question_id: str, result) -> None:
        self.session.count(result)
        if result.counts:
            self._tries[question_id] = self.tries(question_id) + 1

    def _first_open(self) -> int:
        """The first question not done with (the number of questions when none is left)."""
        return next((n for n, qid in enumerate(self.order) if not self.done_with(qid)),
                    len(self.order))

    def __repr__(self) -> str:
        s = self.score()
        where = ("finished" if self.finished
                 else f"question {self.position + 1} of {len(self.order)}")
        return f"<Sitting {where}: {s['right']} right, {s['wrong']} wrong>"
