"""The class's quiz desk: who each student is, their paper, their answers, judged here.

This is the classroom's student side without a kernel: one object per class, kept
by the classroom's own server process, answers every student (see
:mod:`~rummy_teach.classroom.quizpage` for the web pages around it). It holds no
widget and no web request, only the rules of the class:

* **who**: a browser's *seat* (the SHA-256 of its seat cookie) finds a student who
  joined before; a new seat gives a name (or picks it from the roster), kept normalised
  (:mod:`~rummy_teach.classroom.names`); a name already taken, or a look-alike of one,
  asks for that student's rejoin code. Wrong codes are counted per name and per address,
  whatever the browser (:data:`~rummy_teach.classroom.student.REJOIN_TRIES` a name, then
  one a minute), and new names per address and in the whole class
  (``JOIN_ADDRESS_BURST``, ``JOIN_CLASS_BURST``, then a slow pace): a script with the
  join code can neither fill the class with names nor guess a classmate's code. Behind
  JupyterHub (or another authenticating proxy) the user it names is the student, with no
  name to give and no pace;
* **the teacher's corrections**: remove, rename or merge students and give one a new
  rejoin code (:meth:`QuizDesk.remove` and the others), the desk forgetting what it kept
  of them;
* **the paper**: question order, option order and, with ``--variants``, other cards,
  made once per student (:func:`~rummy_teach.classroom.student.make_paper`) and kept
  in the database, so a reload, another browser or a restarted server shows the same;
* **answers**: each student's way through the paper is a
  :class:`~rummy_teach.quiz.Sitting` (which question, the answer read from the form,
  the verdict, the tries, the score, resuming from the stored answers); the desk adds
  what only a class has: the answer written to the store before the verdict is
  returned, each into its try's own place in the store (the database holds it once, so
  two server processes of one class, or two tabs, cannot both take the last try; the same
  form sent again is the answer already kept), the sitting read again from the store when
  another process may have moved the student on, at most
  :data:`~rummy_teach.classroom.student.UNREADABLE_LIMIT` unreadable ones kept, and no
  faster than a person.

The desk's API for a front end that records answers (the quiz page, a lesson page):
``enter``/``join``/``rejoin`` find the student (a :class:`Visit`); ``sitting(student)``
is their :class:`~rummy_teach.quiz.Sitting` (read it: ``current``, ``score()``,
``finished``...; ``fresh=True`` reads their answers from the database again);
``answer(student, question_id, form)`` judges and keeps one answer (``form``: the
form's fields ``{"choice", "pick", "text"}`` or the answer as text) and returns the
sitting's :class:`~rummy_teach.quiz.Answered` ``(result, public, tries_left)``, or
raises :class:`Refused`; ``keeper(student)`` is the record that keeps an answer, for a
front end that drives the student's sitting itself (a quiz widget); ``seen(student)``
tells the dashboard where they are. ``lock(student_id)`` serialises one student's calls.

Everything a student is told is a catalogue code with its parameters
(:class:`Said`); the page turns it into words. Time comes from ``clock`` (a test's own). Every method is plain blocking code
(the store's calls): the server runs them in worker threads. The caller serialises
the calls of one student with :meth:`QuizDesk.lock`, so two tabs cannot both answer the
last try of a question.
"""

from __future__ import annotations

import hmac
import logging
import threading
import time
from dataclasses import dataclass, field

from ..quiz import Answered, Sitting, SittingRefused
from ..reasons import Reason
from .names import normal_name
from .pace import Pace
from .student import (BURST, JOIN_ADDRESS_BURST, JOIN_ADDRESS_PER_SECOND, JOIN_CLASS_BURST,
                      JOIN_CLASS_PER_SECOND, NAME_LIMIT, PER_SECOND, REJOIN_ADDRESS_PER_SECOND,
                      REJOIN_ADDRESS_TRIES, REJOIN_PER_SECOND, REJOIN_TRIES, UNREADABLE_LIMIT,
                      make_paper, paper_quiz)

LOG = logging.getLogger("rummy_teach.classroom")


LESSON_QUIZZES = 50   # the most quizzes of a lesson the dashboard counts


@dataclass(frozen=True)
class Said:
    """A sentence for the student, by catalogue code: ``kind`` is "alert" or "note"."""

    code: str
    params: dict = field(default_factory=dict)
    kind: str = "alert"


class Refused(Exception):
    """An answer not taken on purpose (too fast, already answered): ``said`` tells why."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.said = Said(code, params)

    @property
    def student_message(self) -> str:
        """The refusal in words, in the language in use (what a quiz widget shows)."""
        from .messages import say
        return say(self.said.code, **self.said.params)


class AlreadyKept(Refused):
    """The answer sent is one the store holds already in its place (the same form sent
    twice, to this process or another): ``answer`` is the stored one. Nothing more is kept;
    :meth:`QuizDesk.answer` says its verdict again."""

    def __init__(self, code: str, answer):
        super().__init__(code)
        self.answer = answer


@dataclass
class Visit:
    """What a student's page shows next: the name form (``student`` None), with or without
    the rejoin code box (``claim``: the taken name), or the student's quiz."""

    student: object = None
    said: Said | None = None
    claim: str = ""


class QuizDesk:
    """Every student of one class, judged and recorded by one process."""

    def __init__(self, config, quiz=None, store=None, clock=None):
        from ..quiz import Quiz
        from .config import as_config

        self.config = config = as_config(config)
        self.quiz = quiz if quiz is not None else Quiz.load(config.quiz)
        self.quiz_name = config.quiz_name
        self.session = config.session
        self.attempts = config.attempts
        self.roster = config.roster or None
        self._store = store
        self._guard = threading.Lock()        # for the small tables below
        self._sittings: dict[str, Sitting] = {}   # student id -> their sitting
        self._quizzes: dict[str, object] = {}  # student id -> their paper's quiz
        # a student's answers: this process's own count (one student's requests are judged
        # under the student's lock; the store's tally holds the tries whichever process)
        self.answers_pace = Pace(BURST, PER_SECOND, clock or time.monotonic)  # per student
        self._clock = clock or time.time  # the class-wide limits' (several machines share them)
        self._class_paces: dict | None = None
        self.lesson_quizzes: dict[str, int] = {}  # a lesson's quizzes as kernels drew them
        self._locks: dict[str, threading.Lock] = {}
        #: called with the student after each answer kept (the LMS grade outbox, ltisend)
        self.answer_listeners: list = []

    def lock(self, student_id: str) -> threading.Lock:
        """The lock that keeps one student's answers one at a time."""
        with self._guard:
            return self._locks.setdefault(student_id, threading.Lock())

    def store(self):
        with self._guard:
            if self._store is None:
                from .store import open_store
                self._store = open_store(self.config.db)
            return self._store

    def _paces(self) -> dict:
        """The class-wide limits: new names per address and for the class, wrong rejoin
        codes per name and per address. Kept in the store
        (:class:`~rummy_teach.classroom.pacestore.StorePace`), so every server process of
        the class counts the same; in this process only for a PostgreSQL database made by
        an older ``db init`` (said in the log: run ``db init`` again)."""
        if self._class_paces is None:
            from .pacestore import StorePace
            from .store import LOG
            limits = {"joins": (JOIN_ADDRESS_BURST, JOIN_ADDRESS_PER_SECOND),
                      "class_joins": (JOIN_CLASS_BURST, JOIN_CLASS_PER_SECOND),
                      "rejoin": (REJOIN_TRIES, REJOIN_PER_SECOND),
                      "rejoin_address": (REJOIN_ADDRESS_TRIES, REJOIN_ADDRESS_PER_SECOND)}
            if self.store().shares_paces():
                paces = {name: StorePace(self.store, self.session, name, burst, rate, self._clock)
                         for name, (burst, rate) in limits.items()}
            else:
                LOG.warning("%s", Reason("class_paces_per_process",
                                         {"db": self.store().where}).text())
                paces = {name: Pace(burst, rate, self._clock)
                         for name, (burst, rate) in limits.items()}
            self._class_paces = paces
        return self._class_paces

    @property
    def joins_pace(self):
        """New names per address."""
        return self._paces()["joins"]

    @property
    def class_joins_pace(self):
        """New names in the whole class."""
        return self._paces()["class_joins"]

    @property
    def rejoin_pace(self):
        """Wrong rejoin codes per student (name)."""
        return self._paces()["rejoin"]

    @property
    def rejoin_address_pace(self):
        """Wrong rejoin codes per address."""
        return self._paces()["rejoin_address"]

    def close(self) -> None:
        if self._store is not None:
            self._store.close()

    def lost(self):
        """Why answers cannot be kept any more (the database file deleted or replaced), as a
        catalogue :class:`~rummy_teach.reasons.Reason`; None while all is well."""
        return getattr(self._store, "lost", None)

    # --- who is this ---------------------------------------------------------------------
    def enter(self, seat_hash: str, user: str | None = None) -> Visit:
        """A page opened: the user the hub vouches for, else the student of this seat, else
        the name form."""
        if user:
            return self.join(seat_hash, user, trusted=True)
        # a store that cannot be read propagates: the page says so (a name form would ask a
        # student who joined already for a name the class could not check either)
        known = self.store().student_by_seat(self.session, seat_hash)
        if known is None:
            return Visit()
        return self._welcome(known, "resumed_note")

    def join(self, seat_hash: str, name: str, trusted: bool = False, address: str = "") -> Visit:
        """A name given (or the hub's user): a new student, this seat's, or a claim to prove.
        ``address``: where the request came from (new names are paced per address)."""
        from .store import safe_text
        from .students import NameTaken

        name = normal_name(safe_text(name or ""))
        if not name:
            return Visit(said=Said("name_missing"))
        if len(name) > NAME_LIMIT:
            return Visit(said=Said("name_too_long", {"limit": NAME_LIMIT}))
        if self.roster and not trusted and name not in {normal_name(n) for n in self.roster}:
            return Visit(said=Said("name_not_on_roster"))
        try:
            store = self.store()
            known = store.student_by_name(self.session, name)
            if known is None and not trusted:
                if not self.joins_pace.take(address):
                    return Visit(said=Said("join_too_fast"))
                if not self.class_joins_pace.take(""):
                    return Visit(said=Said("join_class_busy"))
            if known is None:
                paper = make_paper(self.quiz, self.config.shuffle, variants=self.config.variants)
                try:
                    known = store.add_student(session=self.session, name=name,
                                              seat_hash=seat_hash, quiz=self.quiz_name,
                                              paper=paper)
                    return self._welcome(known, "joined_note")
                except NameTaken as taken:
                    known = taken.student
            if known.seat_hash == seat_hash:
                return self._welcome(known, "resumed_note")
            if trusted:  # the hub vouches for who this is
                store.move_seat(self.session, known.student_id, seat_hash)
                # admitted by an LMS launch and never seen in a browser yet: a first visit
                return self._welcome(known, "resumed_device_note" if known.seat_hash
                                     else "joined_note")
        except Exception as error:
            return Visit(said=Said("store_unavailable", {"error": type(error).__name__}))
        return Visit(said=Said("name_taken", {"name": known.name}), claim=known.name)

    def rejoin(self, seat_hash: str, name: str, code: str, address: str = "") -> Visit:
        """The student of a taken name proves it with their rejoin code. Wrong codes count
        against the name and the address (a new browser starts nothing afresh)."""
        from .store import safe_text
        try:
            claim = self.store().student_by_name(self.session, normal_name(safe_text(name or "")))
        except Exception as error:
            return Visit(said=Said("store_unavailable", {"error": type(error).__name__}))
        if claim is None:
            return Visit()
        code = "".join((code or "").split())
        try:
            # a try is taken before the code is compared, and given back when it was right:
            # two guesses at once, to two processes, cannot both use the last try
            if not self.rejoin_pace.take(claim.student_id):
                return Visit(said=Said("rejoin_locked"), claim=claim.name)
            if not self.rejoin_address_pace.take(address):
                self.rejoin_pace.give_back(claim.student_id)
                return Visit(said=Said("rejoin_locked_address"), claim=claim.name)
            if not hmac.compare_digest(code.encode("utf-8"), claim.rejoin_code.encode("utf-8")):
                left = int(self.rejoin_pace.left(claim.student_id))
                if left < 1:
                    return Visit(said=Said("rejoin_locked"), claim=claim.name)
                return Visit(said=Said("rejoin_wrong", {"left": left}), claim=claim.name)
            self.rejoin_pace.give_back(claim.student_id)
            self.rejoin_address_pace.give_back(address)
            self.store().move_seat(self.session, claim.student_id, seat_hash)
        except Exception as error:
            return Visit(said=Said("store_unavailable", {"error": type(error).__name__}))
        return self._welcome(claim, "resumed_device_note")

    def student_of(self, seat_hash: str, user: str | None = None):
        """The student a request speaks for: the hub's user, else the seat's (None: nobody)."""
        store = self.store()
        if user:
            return store.student_by_name(self.session, user)
        return store.student_by_seat(self.session, seat_hash)

    def _welcome(self, student, code: str) -> Visit:
        sitting = self.sitting(student, fresh=True)
        params = {"name": student.name, "code": student.rejoin_code, "answers": sitting.judged,
                  "number": min(sitting.position + 1, len(sitting.order)),
                  "total": len(sitting.order)}
        if sitting.finished:
            params["finished"] = True
        if code != "joined_note":  # a new student's row says question 1 already
            self.seen(student, sitting)
        return Visit(student=student, said=Said(code, params, kind="note"))

    # --- the quiz ------------------------------------------------------------------------
    def paper(self, student):
        """The quiz as this student's paper has it (their variants), made once."""
        with self._guard:
            found = self._quizzes.get(student.student_id)
        if found is None:
            found = paper_quiz(self.quiz, student.paper)
            with self._guard:
                self._quizzes[student.student_id] = found
        return found

    def sitting(self, student, fresh: bool = False) -> Sitting:
        """The student's sitting; ``fresh`` reads their answers from the database again
        (what a reload or Next does). The sitting this process holds is kept when the
        database holds no answer it has not counted (only a closed question is left for the
        next open one, as a sitting made again would be); it is made again from the stored
        answers only when another process (or the teacher) changed them. Making it again on
        every reload judged every answer again and left the old one to the allocator."""
        with self._guard:
            found = self._sittings.get(student.student_id)
        if found is not None and not fresh:
            return found
        history = self.store().answers(session=self.session, student_id=student.student_id)
        if found is not None and found.session.answers == sum(
                1 for answer in history if answer.question_id in found.order):
            found.next()
            return found
        found = Sitting.for_paper(self.paper(student), student.paper, self.attempts, history)
        with self._guard:
            self._sittings[student.student_id] = found
        return found

    sheet = sitting     # the name it had before issue 28

    def seen(self, student, sitting: Sitting | None = None) -> None:
        """Tell the dashboard which question the student is on (best effort)."""
        sitting = sitting or self.sitting(student)
        try:
            self.store().seen(self.session, student.student_id, sitting.position)
        except Exception:  # the dashboard is a bit behind; the answers are what matter
            pass

    def answer(self, student, question_id: str, form, tried: int | None = None) -> Answered:
        """Judge and keep one answer to ``question_id`` (the question the student's page
        showed): ``form`` is the page's fields (``{"choice": ..., "pick": [...], "text": ...}``)
        or the answer as text. Returns the sitting's ``Answered(result, public, tries_left)``;
        the sitting is then on the question the student is on.

        Raises :class:`Refused` (nothing kept, nothing counted) for an answer to a question
        the student is not on, a question already answered, a form that cannot be read, or
        answers faster than a person; any error of the store propagates (nothing counted:
        the student submits again).

        Another server process of the class may share the database: a question this
        process's sitting has gone past, or not reached, is looked up in the store first
        (the student may have been moved on there). ``tried`` is how many judged answers
        the student's form had seen (the page's ``try``): the same form sent again, to this
        process or another, with the same answer, is the answer already kept (its verdict
        again, nothing stored twice)."""
        sitting = self.sitting(student)
        if not sitting.takes(question_id):  # moved on (or not) through another process?
            sitting = self.sitting(student, fresh=True)
        if not sitting.takes(question_id):
            again = self._sent_before(student, sitting, question_id, form, tried)
            if again is not None:
                return again
            raise Refused("answer_already_given")
        if not self.answers_pace.allows(student.student_id):  # before judging: it costs
            raise Refused("answer_too_fast")
        submit = sitting.submit_text if isinstance(form, str) else sitting.submit
        keep = self.keeper(student, tried=tried, counted=sitting.tries(question_id))
        try:
            answered = submit(form, question=question_id, record=keep)
        except AlreadyKept as kept:
            return self._again(student, question_id, kept.answer)
        except SittingRefused as refused:
            raise Refused(refused.reason.code, **refused.reason.params) from None
        for listener in self.answer_listeners:  # kept: the score is news (grades to the LMS)
            try:
                listener(student)
            except Exception:  # the answer stands; the next one tells again
                LOG.exception("an answer's listener failed")
        if keep.behind:  # another process kept answers to the question meanwhile
            fresh = self.sitting(student, fresh=True)
            return Answered(answered.result, answered.public, fresh.tries_left(question_id))
        sitting.next()  # the verdict is drawn once; the page then shows where the student is
        return answered

    def _sent_before(self, student, sitting: Sitting, question_id: str, form,
                     tried: int | None) -> Answered | None:
        """The answer a form (shown when ``tried`` judged answers were kept) sent already,
        said again; None when it did not (or the form does not say)."""
        from ..quiz import form_text
        from .store import kept_given, slot_id

        public = sitting.public_of(question_id)
        if tried is None or public is None:
            return None
        try:
            text = form if isinstance(form, str) else form_text(public, form)
        except SittingRefused:
            return None
        found = self.store().stored_answer(
            slot_id(self.session, student.student_id, question_id, "counted", tried + 1))
        if found is None or found.given != kept_given(text):
            return None
        return self._again(student, question_id, found)

    def _again(self, student, question_id: str, stored) -> Answered:
        """The answer already kept in its place, said again: its verdict, the question as
        the student's paper shows it, the tries left (read from the store)."""
        sitting = self.sitting(student, fresh=True)
        return Answered(sitting.quiz[question_id].check(stored.given),
                        sitting.public_of(question_id), sitting.tries_left(question_id))

    def keeper(self, student, quiz=None, quiz_name: str | None = None,
               done: str = "answer_already_given", tried: int | None = None,
               counted: int | None = None):
        """The ``record`` that keeps one answer of ``student`` in the store before their
        sitting counts it: the store's tally (not this process's memory: another may share
        the class) refuses a question already answered (:class:`Refused` with ``done``), at
        most ``UNREADABLE_LIMIT`` unreadable answers a question are kept, and answers come
        no faster than a person (:class:`Refused`). ``quiz`` and ``quiz_name``: the quiz
        the answers are to (the student's paper of the class's quiz by default; a quiz of
        the class's lesson). :meth:`answer` and :meth:`lesson_answer` use it; so may a front
        end that drives the student's sitting itself, e.g. ``QuizWidget(quiz,
        sitting=desk.sitting(student), on_answer=desk.keeper(student))`` (call it under
        :meth:`lock`).

        Each answer goes into its try's place (:func:`~rummy_teach.classroom.store.slot_id`:
        the store's count of judged answers, plus one), which the database holds once: two
        server processes of one class, or two tabs, cannot both take the last try. A place
        taken meanwhile by the same answer is that answer (:class:`AlreadyKept`, nothing
        stored twice); by another, the next place is tried while a try is left. ``tried``:
        the judged answers the student's form had seen (a form sent again is its answer
        already kept). ``counted``: the judged answers the caller's sitting counted; the
        record's ``behind`` is then True when the store held others (read the sitting
        again)."""
        from .store import SlotTaken, kept_given, slot_id

        quiz = quiz if quiz is not None else self.paper(student)
        quiz_name = quiz_name or self.quiz_name

        def keep(public, text, result):
            if not self.answers_pace.allows(student.student_id):
                raise Refused("answer_too_fast")
            store, question_id, given = self.store(), public["id"], kept_given(text)
            place = (self.session, student.student_id, question_id)
            paced = False
            for _ in range(self.attempts + UNREADABLE_LIMIT + 1):  # each round: a place taken
                tally = store.tally(*place)
                judged = tally["right"] + tally["wrong"]
                if counted is not None and judged != counted:
                    keep.behind = True
                if tried is not None and 0 <= tried < judged:  # an older form, sent again?
                    found = store.stored_answer(slot_id(*place, "counted", tried + 1))
                    if found is not None and found.given == given:
                        raise AlreadyKept(done, found)
                if tally["right"] or judged >= self.attempts:
                    raise Refused(done)
                if result.outcome == "unreadable":
                    if tally["unreadable"] >= UNREADABLE_LIMIT:
                        return  # the hint shows; nothing judged is lost by not keeping one more
                    answer_id = slot_id(*place, "unreadable", tally["unreadable"] + 1)
                else:
                    answer_id = slot_id(*place, "counted", judged + 1)
                if not paced:
                    paced = self.answers_pace.take(student.student_id)
                try:
                    store.record(session=self.session, student_id=student.student_id,
                                 student_name=student.name, quiz=quiz_name,
                                 question_id=question_id, rule=quiz[question_id].rule_key,
                                 given=str(text), outcome=result.outcome, answer_id=answer_id)
                except SlotTaken as taken:  # another process (or this form, sent twice) was first
                    if taken.answer is not None and taken.answer.given == given:
                        raise AlreadyKept(done, taken.answer) from None
                    keep.behind = True
                    continue  # the next place, if a try is left
                return
            raise Refused(done)
        keep.behind = False
        return keep

    # --- a lesson's quizzes (--notebook) -------------------------------------------------
    def note_lesson_quiz(self, quiz_name: str, questions) -> None:
        """A student's kernel drew a quiz of the lesson with ``questions`` questions (the
        dashboard counts the lesson's questions, not the class quiz's). At most
        :data:`LESSON_QUIZZES` quizzes are kept; a count that is no count is ignored."""
        if not isinstance(questions, int) or not 1 <= questions <= 1000 or not quiz_name:
            return
        with self._guard:
            if quiz_name in self.lesson_quizzes or len(self.lesson_quizzes) < LESSON_QUIZZES:
                self.lesson_quizzes[quiz_name] = questions

    def lesson_answer(self, student, quiz_name: str, question, text: str):
        """Judge and keep one answer to a quiz of the class's lesson (the question as the
        lesson's kernel has it): ``(result, tries left)``. The class's rules hold as on the
        quiz page, decided by the same :class:`~rummy_teach.quiz.Sitting` and
        :meth:`keeper`: its attempts a question, a few unreadable answers, no faster than a
        person (:class:`Refused` otherwise, nothing kept); a store error propagates."""
        from ..quiz import Quiz

        if not self.answers_pace.allows(student.student_id):
            raise Refused("answer_too_fast")
        quiz = Quiz([question])

        def sitting():
            return Sitting(quiz, attempts=self.attempts,
                           history=self.lesson_history(student, quiz_name))
        now = sitting()
        keep = self.keeper(student, quiz, quiz_name, done="lesson_answer_done",
                           counted=now.tries(question.id))
        try:
            answered = now.submit_text(text, question=question.id, record=keep)
        except AlreadyKept as kept:  # the same answer, kept through another process
            return question.check(kept.answer.given), sitting().tries_left(question.id)
        except SittingRefused:  # done with before (this process's reading of the store)
            raise Refused("lesson_answer_done") from None
        if keep.behind:  # another process kept answers to the question meanwhile
            return answered.result, sitting().tries_left(question.id)
        return answered.result, answered.tries_left

    def lesson_history(self, student, quiz_name: str) -> list[tuple[str, str]]:
        """The student's answers to one quiz of the lesson, oldest first: a new kernel (a
        reload) takes them back."""
        return [(a.question_id, a.given) for a in
                self.store().answers(session=self.session, student_id=student.student_id,
                                     quiz=quiz_name)]

    # --- the teacher's corrections -------------------------------------------------------
    def _forget(self, *student_ids: str) -> None:
        with self._guard:
            for student_id in student_ids:
                self._sittings.pop(student_id, None)
                self._quizzes.pop(student_id, None)
        for student_id in student_ids:
            self.rejoin_pace.forget(student_id)

    def remove(self, student_id: str) -> int:
        """Take the student out of the class, with their answers (how many went)."""
        with self.lock(student_id):
            gone = self.store().remove_student(self.session, student_id)
            self._forget(student_id)
        return gone

    def rename(self, student_id: str, name: str):
        """Give the student another name (refused, :class:`NameTaken`, if it is taken or
        looks like a taken one)."""
        from .store import safe_text
        name = normal_name(safe_text(name or ""))
        if not name or len(name) > NAME_LIMIT:
            raise ValueError(name)
        with self.lock(student_id):
            renamed = self.store().rename_student(self.session, student_id, name)
            self._forget(student_id)
        return renamed

    def merge(self, student_id: str, into: str):
        """One person joined twice: ``student_id``'s answers go to ``into``."""
        first, second = sorted((student_id, into))  # one order: two merges cannot wait on each other
        with self.lock(first), self.lock(second):
            kept = self.store().merge_students(self.session, student_id, into)
            self._forget(student_id, into)
        return kept

    def new_rejoin_code(self, student_id: str):
        """A new rejoin code for the student; their wrong tries are forgotten."""
        changed = self.store().new_rejoin_code(self.session, student_id)
        self._forget(student_id)
        return changed

    # --- a student a school's LMS launched (LTI 1.3, :mod:`~rummy_teach.classroom.ltiweb`) ---
    def admit(self, student_id: str, name: str):
        """The student of this id (the platform's person, :func:`~rummy_teach.classroom.lti.student_key`),
        made on their first launch with the name the LMS gives; a classmate of the same name
        makes this one ``Name (2)`` (a name shows, the id decides who is who)."""
        from .students import NameTaken
        store = self.store()
        known = store.student(self.session, student_id)
        if known is not None:
            return known
        paper = make_paper(self.quiz, self.config.shuffle, variants=self.config.variants)
        seat = ""  # no browser's seat yet: the student's page gives it (and says "welcome")
        for number in range(1, 100):
            shown = name if number == 1 else f"{name} ({number})"
            try:
                return store.add_student(session=self.session, name=shown, seat_hash=seat,
                                         quiz=self.quiz_name, paper=paper, student_id=student_id)
            except NameTaken as taken:
                if taken.student is not None and taken.student.student_id == student_id:
                    return taken.student  # the same person, launched twice at once
        raise NameTaken(store.student_by_name(self.session, name))

    def student_by_id(self, student_id: str):
        """The student of this id in the class, or None."""
        return self.store().student(self.session, student_id)
