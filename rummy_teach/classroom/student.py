"""The student's page, as it runs in a Voilà kernel: who the student is, their paper, their answers.

Who: the browser's *seat* (a cookie the server hands to the kernel in the
``X-Rummy-Seat`` header, see :mod:`~rummy_teach.classroom.gate`) finds a student
who joined before; so a reload, a second tab or a new kernel after the old one died
resumes the same student. A new seat types a name (or picks it from the roster);
a name already taken asks for that student's rejoin code (shown on their page), so
nobody can answer for a classmate by typing their name. Behind JupyterHub, the hub
user is the student: the header named by ``--user-header`` or, when the page is
not behind the classroom's own server, ``JUPYTERHUB_USER``.

Answers are kept in the database before the feedback shows, and the student's
state is rebuilt from there: the questions in the order of their paper, the
answers so far, the question they were on. The store never takes more judged
answers per question than the class allows (``--attempts``), and takes at most
:data:`UNREADABLE_LIMIT` unreadable ones per question, and answers no faster
than :data:`BURST` at once then :data:`PER_SECOND` a second, so no client can
flood it.
"""

from __future__ import annotations

import hashlib
import hmac
import html
import os
import random
import secrets
import time

from .messages import say
from .pace import Pace

NAME_LIMIT = 60
UNREADABLE_LIMIT = 5
BURST = 5              # answers a student may send at once...
PER_SECOND = 2.0       # ...and how fast that allowance comes back
REJOIN_TRIES = 5
# the classroom page's desk (desk.py): how fast names and rejoin codes may come
REJOIN_PER_SECOND = 1 / 60       # after the tries of a name: one more a minute
REJOIN_ADDRESS_TRIES = 10        # wrong rejoin codes from one address, whatever the name...
REJOIN_ADDRESS_PER_SECOND = 1 / 60   # ...then one more a minute
JOIN_ADDRESS_BURST = 30          # new names from one address at once...
JOIN_ADDRESS_PER_SECOND = 1 / 5  # ...then one every 5 s
JOIN_CLASS_BURST = 120           # new names in the whole class at once...
JOIN_CLASS_PER_SECOND = 2.0      # ...then two a second
SEAT_ENV = "HTTP_X_RUMMY_SEAT"


class AnswerRefused(Exception):
    """The answer was not stored on purpose; ``student_message`` says why."""

    def __init__(self, message_code: str, /, **params):
        super().__init__(message_code)
        self.student_message = say(message_code, **params)


# Kinds whose rule does not depend on the cards: a generated question of the same kind
# tests the same rule with other cards (counting points, scoring, arranging).
VARIANT_KINDS = ("points", "score", "arrange")
VARIANT_LEVEL = 2


def make_variant(question, rng):
    """A generated question of the same kind and game, other cards, the same id; None if
    the kind has no generator or its rule depends on the cards."""
    from ..quiz.generators import GENERATORS

    if question.kind not in VARIANT_KINDS or question.kind not in GENERATORS:
        return None
    variant = GENERATORS[question.kind](question.rules, rng, VARIANT_LEVEL)
    data = variant.to_data()
    data["id"] = question.id
    if question.rule_options:
        data["options"] = dict(question.rule_options)
    return data


def paper_quiz(quiz, paper: dict):
    """The quiz as this student's paper has it: each varied question replaced by its variant."""
    from ..quiz import Quiz
    from ..quiz.fileformat import read_question

    variants = paper.get("variants") or {}
    if not variants:
        return quiz
    questions = [read_question(variants[q.id], n) if q.id in variants else q
                 for n, q in enumerate(quiz, 1)]
    for base, question in zip(quiz, questions):
        question.points = getattr(base, "points", 1)
    return Quiz(questions, title=quiz.title_key, name=quiz.name, description=quiz.description_key,
                game=quiz.game)


def make_paper(quiz, shuffle: bool, seed: int | None = None, variants: bool = False) -> dict:
    """One student's paper: question order, the order of each question's options and, with
    ``variants``, the generated variant of each question that has one (as file data)."""
    seed = secrets.randbits(32) if seed is None else seed
    rng = random.Random(seed)
    order = [q.id for q in quiz]
    options = {}
    varied = {}
    if variants:
        for question in quiz:
            data = make_variant(question, rng)
            if data is not None:
                varied[question.id] = data
    if shuffle:
        rng.shuffle(order)
        for question in quiz:
            public = question.to_public()
            if public["input"] == "choice" and len(public["options"]) > 1:
                shuffled = list(public["options"])
                rng.shuffle(shuffled)
                options[question.id] = shuffled
    paper = {"seed": seed, "order": order, "options": options}
    if varied:
        paper["variants"] = varied
    return paper


def hub_user(env, config: dict) -> str | None:
    """The student's name as JupyterHub (or another authenticating proxy) gives it."""
    header = config.get("user_header")
    if header:
        return env.get("HTTP_" + header.upper().replace("-", "_")) or None
    if not env.get(SEAT_ENV):  # not behind the classroom's own server: a hub user's server
        return env.get("JUPYTERHUB_USER") or None
    return None


def _alert(text: str) -> str:
    return (f'<p role="alert" style="color:#8a5300;font:16px system-ui,sans-serif">'
            f"{html.escape(text)}</p>")


def _note(text: str) -> str:
    return (f'<p class="rt-resume" role="status" style="font:16px system-ui,sans-serif;'
            f'background:#eef4fb;padding:0.4em 0.8em">{html.escape(text)}</p>')


class StudentApp:
    """Name (or seat, or hub user) first, then the quiz; every answer recorded as submitted."""

    def __init__(self, config: dict, env=None, quiz=None, clock=time.monotonic):
        with self._speaking(config):
            self._build(config, env, quiz, clock)

    def _speaking(self, config: dict | None = None):
        """The class's language (``--lang``), around the page's drawing and each callback."""
        from .. import i18n
        from .messages import class_language
        return i18n.language(class_language(config if config is not None else self.config))

    def _build(self, config: dict, env=None, quiz=None, clock=time.monotonic):
        import ipywidgets as widgets

        from ..quiz import Quiz
        from ..widgets.base import primary

        env = os.environ if env is None else env
        self.config = config
        self.quiz = quiz if quiz is not None else Quiz.load(config["quiz"])
        self.quiz_name = config["quiz_name"]
        self.session = config["session"]
        self.attempts = int(config.get("attempts", 1))
        seat = env.get(SEAT_ENV) or secrets.token_urlsafe(24)  # no seat: this kernel only
        self.seat_hash = hashlib.sha256(seat.encode("utf-8")).hexdigest()
        self.student = None
        self.student_id = ""
        self.student_name = ""
        self.quiz_widget = None
        self._store = None
        self._answers_pace = Pace(BURST, PER_SECOND, clock)  # this kernel's answers
        self._claim = None       # the student whose name was taken, while asking the code
        self._rejoin_tries = 0
        roster = config.get("roster")
        if roster:
            self.name_box = widgets.Dropdown(options=[("", "")] + [(n, n) for n in roster],
                                             value="", description=say("pick_name_label"))
        else:
            self.name_box = widgets.Text(placeholder=say("desk_name_placeholder"),
                                         description=say("desk_name_label"),
                                         layout=widgets.Layout(width="22em"))
        # white on the widgets' own "primary" blue is 3.1:1; primary() gives it 7:1
        self.start_button = primary(widgets.Button(description=say("desk_start_button"),
                                                   button_style="primary"))
        self.code_box = widgets.Text(placeholder=say("rejoin_placeholder"),
                                     description=say("rejoin_label"))
        self.code_button = widgets.Button(description=say("rejoin_button"))
        self.code_row = widgets.HBox([self.code_box, self.code_button],
                                     layout=widgets.Layout(display="none"))
        self.message = widgets.HTML()
        self.start_button.on_click(lambda _: self.start())
        self.code_button.on_click(lambda _: self.rejoin())
        import warnings
        with warnings.catch_warnings():  # Enter submits; observing value would act on blur
            warnings.simplefilter("ignore", DeprecationWarning)
            if not roster:
                self.name_box.on_submit(lambda _: self.start())
            self.code_box.on_submit(lambda _: self.rejoin())
        from ..quiz.words import said
        title = html.escape(said(config.get("title")) or self.quiz.title or "Quiz")
        intro = say("pick_name_intro" if roster else "type_name_intro")
        self.root = widgets.VBox([
            widgets.HTML(f'<h2 style="font-family:system-ui,sans-serif">{title}</h2>'
                         f'<p style="font:16px system-ui,sans-serif">{html.escape(intro)}</p>'),
            widgets.HBox([self.name_box, self.start_button]), self.code_row, self.message])
        self.root.add_class("rt-classroom-student")
        self._enter(env)

    # --- who is this -------------------------------------------------------------------
    def store(self):
        if self._store is None:
            from .store import open_store
            self._store = open_store(self.config["db"])
        return self._store

    def _enter(self, env) -> None:
        """Take the hub user (who vouches for the name), else find the student again by
        seat; else wait for a name."""
        user = hub_user(env, self.config)
        if user:  # before the seat: two hub users may share one browser, one after the other
            self.name_box.disabled = True
            self.start(user, trusted=True)
            return
        try:
            known = self.store().student_by_seat(self.session, self.seat_hash)
        except Exception:
            return  # the name form stays; Start says what is wrong
        if known is not None:
            self._begin(known, "resumed_seat")

    def start(self, name: str | None = None, trusted: bool = False) -> None:
        """A name given (or the hub's user): join, or ask the rejoin code of a taken name."""
        with self._speaking():
            self._start(name, trusted)

    def _start(self, name: str | None = None, trusted: bool = False) -> None:
        from .store import safe_text
        from .students import NameTaken

        if self.quiz_widget is not None:
            return
        name = " ".join(safe_text(self.name_box.value if name is None else name).split())
        if not name:
            self.message.value = _alert(say("name_missing"))
            return
        if len(name) > NAME_LIMIT:
            self.message.value = _alert(say("name_too_long", limit=NAME_LIMIT))
            return
        roster = self.config.get("roster")
        if roster and not trusted and name not in roster:
            self.message.value = _alert(say("name_not_on_roster"))
            return
        try:
            store = self.store()
            known = store.student_by_name(self.session, name)
            if known is None:
                paper = make_paper(self.quiz, self.config.get("shuffle", True),
                                   variants=self.config.get("variants", False))
                try:
                    known = store.add_student(session=self.session, name=name,
                                              seat_hash=self.seat_hash, quiz=self.quiz_name,
                                              paper=paper)
                    return self._begin(known, "joined")
                except NameTaken as taken:
                    known = taken.student
            if known.seat_hash == self.seat_hash:
                return self._begin(known, "resumed_seat")
            if trusted:  # the hub vouches for who this is
                store.move_seat(self.session, known.student_id, self.seat_hash)
                return self._begin(known, "resumed_device")
        except Exception as error:
            self.message.value = _alert(say("store_unavailable", error=type(error).__name__))
            return
        self._claim = known
        self.code_row.layout.display = "flex"
        self.message.value = _alert(say("name_taken", name=known.name))

    def rejoin(self) -> None:
        """The rejoin code of a taken name, typed in the code box."""
        with self._speaking():
            self._rejoin()

    def _rejoin(self) -> None:
        """The student of a taken name proves it with their rejoin code."""
        if self._claim is None or self.quiz_widget is not None:
            return
        if self._rejoin_tries >= REJOIN_TRIES:
            self.message.value = _alert(say("rejoin_locked"))
            return
        code = "".join(self.code_box.value.split())
        if not hmac.compare_digest(code.encode("utf-8"), self._claim.rejoin_code.encode("utf-8")):
            self._rejoin_tries += 1
            self.message.value = _alert(say("rejoin_wrong", left=REJOIN_TRIES - self._rejoin_tries))
            return
        self.store().move_seat(self.session, self._claim.student_id, self.seat_hash)
        self._begin(self._claim, "resumed_device")

    # --- the quiz ----------------------------------------------------------------------
    def _begin(self, student, how: str) -> None:
        from ..widgets.quiz import QuizWidget

        self.student = student
        self.student_id, self.student_name = student.student_id, student.name
        self.quiz = paper_quiz(self.quiz, student.paper)  # the cards this student was given
        history = [(a.question_id, a.given) for a in
                   self.store().answers(session=self.session, student_id=student.student_id)
                   if a.question_id in self.quiz]
        order = [qid for qid in student.paper.get("order", []) if qid in self.quiz]
        from ..quiz.words import said
        from .messages import class_language
        title = f"{said(self.config.get('title')) or self.quiz.title} · {student.name}"
        self.quiz_widget = QuizWidget(self.quiz, on_answer=self.record, title=title,
                                      order=order or None, options=student.paper.get("options"),
                                      attempts=self.attempts, history=history,
                                      lang=class_language(self.config))
        self.quiz_widget.next_button.on_click(lambda _: self._seen())
        judged = sum(1 for qid, given in history if self.quiz[qid].check(given).outcome != "unreadable")
        where = self.quiz_widget.position + 1
        total = len(self.quiz)
        lines = {"joined": say("joined_note", name=student.name, code=student.rejoin_code),
                 "resumed_seat": say("resumed_note", name=student.name, answers=judged,
                                     number=where, total=total, code=student.rejoin_code),
                 "resumed_device": say("resumed_device_note", name=student.name, answers=judged,
                                       number=where, total=total, code=student.rejoin_code)}
        if self.quiz_widget.finished:
            lines[how] += " " + say("resumed_finished")
        self.message.value = _note(lines[how])
        self.root.children = [self.message, self.quiz_widget, heartbeat()]
        self._seen()

    def _seen(self) -> None:
        widget = self.quiz_widget
        position = len(self.quiz) if widget.finished else widget.position
        try:
            self.store().seen(self.session, self.student_id, position)
        except Exception:  # the dashboard is a bit behind; the answers are what matter
            pass

    def record(self, public: dict, text: str, result) -> None:
        """Write one answer; raises (and the widget says "not saved") if it cannot."""
        if not self._answers_pace.allows(self.seat_hash):
            raise AnswerRefused("answer_too_fast")
        question = self.quiz[public["id"]]
        store = self.store()
        tally = store.tally(self.session, self.student_id, question.id)
        if tally["right"] or tally["right"] + tally["wrong"] >= self.attempts:
            raise AnswerRefused("answer_already_given")
        if result.outcome == "unreadable" and tally["unreadable"] >= UNREADABLE_LIMIT:
            return  # the hint shows; nothing judged is lost by not keeping one more of these
        self._answers_pace.take(self.seat_hash)
        store.record(session=self.session, student_id=self.student_id,
                     student_name=self.student_name, quiz=self.quiz_name,
                     question_id=question.id, rule=question.rule_key, given=text,
                     outcome=result.outcome)


# --- the heartbeat: the page says so when its kernel is gone ------------------------------

_HEARTBEAT_ESM = """
function render({ model, el }) {
  let last = Date.now();
  model.on("msg:custom", (msg) => {
    if (!msg || msg.event !== "pong") { return; }
    last = Date.now();
    if (el.dataset.lost) { delete el.dataset.lost; el.innerHTML = ""; }  // only slow, after all
  });
  const id = setInterval(() => {
    try { model.send({ event: "ping" }); } catch (error) { /* the check below tells */ }
    if (Date.now() - last > model.get("lost_after_ms") && !el.dataset.lost) {
      el.dataset.lost = "1";
      el.innerHTML = model.get("lost_html");
      const button = el.querySelector("button");
      if (button) { button.onclick = () => window.location.reload(); }
    }
  }, model.get("interval_ms"));
  return () => clearInterval(id);
}
export default { render };
"""


def heartbeat(interval_ms: int = 3000, lost_after_ms: int = 20000):
    """An invisible widget that pings its kernel; when no answer comes, it shows that the
    connection is lost, that the answers are saved, and a button to reload."""
    import anywidget
    import traitlets as t

    class Heartbeat(anywidget.AnyWidget):
        _esm = _HEARTBEAT_ESM
        interval_ms = t.Int(2000).tag(sync=True)
        lost_after_ms = t.Int(7000).tag(sync=True)
        lost_html = t.Unicode("").tag(sync=True)

    beat = Heartbeat(interval_ms=interval_ms, lost_after_ms=lost_after_ms, lost_html=(
        '<div class="rt-lost" role="alert" style="font:17px system-ui,sans-serif;color:#111;'
        'background:#fff6e5;border-left:6px solid #8a5300;padding:0.5em 1em">'
        f"<p>{html.escape(say('connection_lost'))}</p>"
        f'<button style="font-size:1em">{html.escape(say("reload_button"))}</button></div>'))
    beat.on_msg(lambda widget, content, buffers: widget.send({"event": "pong"})
                if isinstance(content, dict) and content.get("event") == "ping" else None)
    return beat
