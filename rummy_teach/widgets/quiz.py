"""The quiz widget: one question at a time, the right input for its kind, feedback after Submit.

The widget only *displays* a quiz. Everything it shows before a learner submits is
drawn from ``question.to_public()`` (prompt, cards, options, the answer's form);
the answer is checked in the kernel by ``question.check(text)`` and the
explanation, the correct answer and the rule reach the browser only in the
feedback drawn after Submit. Nothing secret is ever put in a synced trait.

Inputs by the question's ``input`` kind:

=================  ============================================================
``choice``         one toggle button per option (set / run / not a meld, yes / no)
``multi``          a toggle button per letter; none pressed answers "none"
``cards``          the offered cards as :class:`ClickableCards`; none picked is "none"
``number``         a text box (Enter submits); text, not a number box, so that
                   "thirty" or "30 points" reach the checker and get its hint
``arrangement``    a text box for melds separated by ``|``
``player_points``  a toggle button per player and a box for the points
=================  ============================================================

An unreadable answer (empty, "thirty", "30 points", -5, 10**100...) shows the
checker's hint and is not counted as an attempt; the learner tries again.
A right or wrong answer closes the question: the feedback says why, the score
moves on, and Next goes to the following question. With ``attempts=N`` a wrong
answer leaves the question open while tries are left, and its feedback shows only
the verdict (never the right answer). ``order``/``options`` show the questions
and their options in another order (a student's paper); ``history`` takes back
earlier answers, so the widget opens at the first question not done with;
``sitting`` gives instead a :class:`~rummy_teach.quiz.Sitting` held elsewhere (a
classroom desk's: ``QuizWidget(quiz, sitting=desk.sitting(student),
on_answer=desk.keeper(student))``), which the widget then shows and drives.

``on_answer(public_question, text, result)`` is called for every submitted answer
(unreadable ones included) *before* the feedback shows; the classroom records
answers there. If it raises, the learner is told the answer was not saved and
may submit again; nothing is counted. In a classroom lesson (``rummy-teach classroom
--notebook``) a quiz given no ``on_answer`` reports to the class (:data:`classroom`).
"""

from __future__ import annotations

import html
import warnings
from typing import Callable

import anywidget
import ipywidgets as widgets
import traitlets as t

from ..play import page_html
from ..play.quiz import (CARD_SIZE, QuizController, SittingState, feedback_html, finished_html,
                         groups_html, pick_cards_html, question_html, score_html,
                         text_box_words)
from ..reasons import say
from .base import ClickableCards, primary
from ..errors import UsageError


#: A classroom lesson's student (set by the lesson's first cell,
#: :func:`rummy_teach.classroom.lesson.attend`), None elsewhere: a quiz the lesson draws
#: with no ``on_answer`` of its own reports every answer there, under the class's attempts,
#: in the class's language, and takes the student's earlier answers back.
classroom = None


class Verdict(anywidget.AnyWidget):
    """The quiz's feedback (HTML drawn by :func:`~rummy_teach.play.quiz.feedback_html`),
    set through ``value`` as on an ``ipywidgets.HTML``. When it changes to a verdict, the
    browser scrolls it into view (it sits under the question and may be below the screen)
    and a polite live region beside it says its words once, as the book's pages do
    (``announcer`` in book/_play/play/bookplay.js).

    Its view also sends back every ``{"echo": n}`` it is sent (:meth:`after_the_page`).
    """

    _esm = r"""
function render({ model, el }) {
  const view = document.createElement("div");
  const region = document.createElement("p");
  region.className = "rt-news";
  region.setAttribute("aria-live", "polite");
  region.style.cssText = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;"
    + "overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0";
  el.append(view, region);
  const draw = (quiet) => {
    view.innerHTML = model.get("value");
    const text = (view.innerText || view.textContent).replace(/\s+/g, " ").trim();
    if (quiet || !text) return;
    region.textContent = text;
    view.scrollIntoView({ block: "nearest" });
  };
  const changed = () => draw(false);
  const echo = (message) => { if (message && "echo" in message) model.send({ echo: message.echo }); };
  model.on("change:value", changed);
  model.on("msg:custom", echo);
  draw(true);
  return () => { model.off("change:value", changed); model.off("msg:custom", echo); };
}
export default { render };
"""
    value = t.Unicode("").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._waiting: dict[int, Callable] = {}
        self._sent = 0          # never reused: a second view of the widget echoes too
        self.on_msg(self._echoed)

    def after_the_page(self, action: Callable) -> None:
        """Run ``action`` once every change the page made before now has reached the kernel.

        The page holds a widget's change back while the kernel is still busy with the one
        before it, but sends a button's click at once: a learner who typed "30" and pressed
        Enter while the kernel was slow had "3" checked (Voilà, on a loaded machine). The
        page sends this view's echo after the changes it held back, so the action runs with
        what the learner sees on the screen.
        """
        self._sent += 1
        self._waiting[self._sent] = action
        self.send({"echo": self._sent})

    def _echoed(self, _widget, content, _buffers) -> None:
        action = self._waiting.pop(content.get("echo"), None) if isinstance(content, dict) else None
        if action is not None:
            action()


class QuizWidget(SittingState, widgets.VBox):
    """A quiz, one question at a time.

    ``QuizWidget(Quiz.builtin("basic"))``; drive it from Python the way a learner
    does with :meth:`choose`, :meth:`type_answer`, :meth:`click_card`,
    :meth:`submit` and :meth:`next`. ``sitting`` is the learner's
    :class:`~rummy_teach.quiz.Sitting` (which question, the tries, the score: the widget
    only shows what it says); ``result`` is the last
    :class:`~rummy_teach.quiz.CheckResult`.
    """

    def __init__(self, quiz, *, on_answer: Callable | None = None, four_colour: bool = False,
                 title: str | None = None, order=None, options: dict | None = None,
                 attempts: int | None = None, history=(), lang: str | None = None,
                 sitting=None):
        # ``lang``: the widget speaks it in every callback (a classroom kernel's students),
        # else whatever language is in use when it draws
        if on_answer is None and classroom is not None:
            on_answer, attempts = classroom.recorder(quiz), classroom.attempts
            lang, history = lang or classroom.lang, tuple(history) or classroom.history(quiz)
        self.lang = lang
        if sitting is not None and (sitting.quiz is not quiz or order or options or attempts
                                    or history):
            raise UsageError("a widget given a sitting takes its quiz, paper, attempts and "
                             "answers from it: give the sitting's quiz and nothing of those")
        with self._speaking():
            self._build(quiz, on_answer, four_colour, title, order, options, attempts, history,
                        sitting)

    def _speaking(self):
        from contextlib import nullcontext

        from .. import i18n
        return i18n.language(self.lang) if self.lang else nullcontext()

    def _build(self, quiz, on_answer, four_colour, title, order, options, attempts, history,
               sitting):
        from ..quiz import Sitting

        self.quiz = quiz
        # which question, the tries, the score and where earlier answers leave the learner
        # are the sitting's (one held elsewhere, as the classroom desk's, or the widget's
        # own); the widget shows them
        self.sitting = sitting if sitting is not None else Sitting(
            quiz, order=order, options=options, attempts=attempts, history=history)
        self.on_answer = on_answer
        self.four_colour = four_colour
        self.attempts = attempts if sitting is None else self.sitting.attempts
        self.picker = self.choice = self.text = None      # the inputs (none once finished)
        self.toggles: list[widgets.ToggleButton] = []
        heading = self.heading_text = title if title is not None else (quiz.title or say("quiz_default_title"))
        self.heading = widgets.HTML(f'<h2 style="font-family:system-ui,sans-serif;margin:0.2em 0">'
                                    f'{html.escape(str(heading))}</h2>')
        self.progress = widgets.HTML()
        self.question = widgets.HTML()
        self.inputs = widgets.VBox()
        self.submit_button = primary(widgets.Button(description=say("quiz_submit"), button_style="primary",
                                                    tooltip=say("quiz_submit_tip")))
        self.next_button = widgets.Button(description=say("quiz_next"), disabled=True,
                                          tooltip=say("quiz_next_tip"))
        self.feedback = Verdict()
        self.problem = widgets.HTML()
        # a click or Enter submits what the page shows, once the page has sent it all
        self.submit_button.on_click(lambda _: self.feedback.after_the_page(self.submit))
        self.next_button.on_click(lambda _: self.next())
        super().__init__([self.heading, self.progress, self.question, self.inputs,
                          widgets.HBox([self.submit_button, self.next_button]),
                          self.feedback, self.problem])
        self.add_class("rt-quiz-widget")
        if self.finished:
            self._show_finished()
        else:
            self._show_question()

    # --- what is shown ----------------------------------------------------------------
    @property
    def current(self) -> dict:
        """The current question as the browser sees it (``to_public()``), in the widget's
        language."""
        with self._speaking():
            return self.sitting.public_of(self.sitting.order[self.position])

    def _show_progress(self) -> None:
        self.progress.value = score_html(self.sitting.score(), self.position,
                                         len(self.sitting.order), self.finished)

    def _show_question(self) -> None:
        public = self.current
        self.feedback.value = ""
        self.problem.value = ""
        self.picker = self.choice = self.text = None
        self.toggles: list[widgets.ToggleButton] = []
        kind = public["input"]
        skip: tuple[str, ...] = ()
        rows = []
        labels = public.get("labels") or {}
        shown = [(labels.get(o, o), o) for o in public["options"]]  # (label, value) pairs
        if kind == "choice":
            self.choice = widgets.ToggleButtons(options=shown, value=None,
                                                description="", style={"button_width": "auto"})
            rows.append(self.choice)
        elif kind == "multi":
            self.toggles = [widgets.ToggleButton(description=label, tooltip=say("quiz_group_tip", option=label))
                            for label, o in shown]
            self._toggle_values = [o for _, o in shown]
            label = say("quiz_label_multi" if public["kind"] == "which_melds" else "quiz_label_choice")
            rows.append(widgets.HBox([widgets.Label(label)] + self.toggles))
        elif kind == "cards":
            offered = public["groups"][-1]
            skip = (offered["label"],)
            self.picker = ClickableCards(offered["cards"], size=CARD_SIZE,
                                         four_colour=self.four_colour,
                                         label=say("quiz_pick_cards_label", label=offered["label"]))
            rows += [widgets.HTML(f'<span style="font-family:system-ui,sans-serif">'
                                  f'{pick_cards_html(offered["label"])}</span>'), self.picker]
        elif kind == "player_points":
            self.choice = widgets.ToggleButtons(options=shown, value=None,
                                                description=say("quiz_label_winner"),
                                                style={"button_width": "auto"})
            self.text = self._text_box(*text_box_words(kind))
            rows += [self.choice, self.text]
        else:  # number, arrangement
            wide = kind == "arrangement"
            self.text = self._text_box(*text_box_words(kind), wide)
            rows.append(self.text)
        self.question.value = question_html(public, skip, self.four_colour)
        self.inputs.children = rows
        self.submit_button.disabled = False
        self.next_button.disabled = True
        self.next_button.description = say("quiz_see_score" if self.sitting.last else "quiz_next")
        self._show_progress()

    def _text_box(self, label_code: str, hint_code: str, wide: bool = False) -> widgets.Text:
        box = widgets.Text(placeholder=say(hint_code), description=say(label_code),
                           layout=widgets.Layout(width="36em" if wide else "16em"))
        with warnings.catch_warnings():  # Enter submits; observing value would submit on blur
            warnings.simplefilter("ignore", DeprecationWarning)
            box.on_submit(lambda _: self.feedback.after_the_page(self.submit))
        return box

    # --- what the learner does ----------------------------------------------------------
    def fields(self) -> dict:
        """What the inputs hold now, as a form's fields (the sitting reads the answer)."""
        picks = ([v for t, v in zip(self.toggles, self._toggle_values) if t.value] if self.toggles
                 else list(self.picker.selected) if self.picker is not None else [])
        return {"choice": (self.choice.value or "") if self.choice is not None else "",
                "pick": picks, "text": self.text.value if self.text is not None else ""}

    def answer_text(self) -> str:
        """The answer the inputs hold now, as the text the checker reads."""
        from ..quiz import form_text

        return form_text(self.current, self.fields())

    def choose(self, *options: str) -> None:
        """Press option buttons (a choice, letters of a multi question, or the winner)."""
        if self.toggles:
            for toggle, value in zip(self.toggles, self._toggle_values):
                if value in options:
                    toggle.value = not toggle.value
        elif self.choice is not None:
            self.choice.value = options[0]
        else:
            raise UsageError("this question has no option buttons")

    def type_answer(self, text: str) -> None:
        """Type ``text`` into the answer box."""
        if self.text is None:
            raise UsageError("this question has no text box")
        self.text.value = text

    def click_card(self, card) -> None:
        """Click one of the offered cards."""
        if self.picker is None:
            raise UsageError("this question has no cards to pick")
        self.picker.click(card)

    def submit(self, text: str | None = None):
        """Check the answer (``text``, or what the inputs hold) and show the feedback."""
        with self._speaking():
            return self._submit(text)

    def _submit(self, text: str | None = None):
        from ..quiz import SittingRefused

        if self.closed or self.finished:
            return self.result
        try:
            if text is None:
                answered = self.sitting.submit(self.fields(), record=self.on_answer)
            else:
                answered = self.sitting.submit_text(text, record=self.on_answer)
        except SittingRefused as refused:  # nothing counted: the sitting says why
            self._problem(str(refused))
            return None
        except Exception as error:  # the answer was not saved: say so, count nothing
            told = getattr(error, "student_message", None)  # a refusal on purpose
            self._problem(told or say("quiz_not_saved", error=type(error).__name__))
            return None
        self.problem.value = ""
        self._show_progress()  # the score first: whoever sees the feedback sees the new score
        self.feedback.value = feedback_html(answered.result, answered.public, self.four_colour,
                                            tries_left=answered.tries_left)
        if self.closed:
            self._close()
        return answered.result

    def _problem(self, words: str) -> None:
        self.problem.value = ('<p role="alert" style="color:#b3261e;font-weight:600;'
                              f'font-family:system-ui">{html.escape(str(words))}</p>')

    def _close(self) -> None:
        for control in [self.choice, self.text, *self.toggles]:
            if control is not None:
                control.disabled = True
        if self.picker is not None:
            self.picker.disabled = True
        self.submit_button.disabled = True
        self.next_button.disabled = False
        self.next_button.focus()

    def next(self) -> None:
        """On to the next question."""
        with self._speaking():
            self._next()

    def _next(self) -> None:
        """Go on to the next question, or to the final score after the last one."""
        if not self.closed:
            return
        self.sitting.next()
        if self.finished:
            self._show_finished()
        else:
            self._show_question()

    def _show_finished(self) -> None:
        self.question.value = finished_html(self.sitting.score())
        self.inputs.children = []
        self.feedback.value = ""
        self.submit_button.disabled = self.next_button.disabled = True
        self._show_progress()

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": self.snapshot_html()}, metadata

    def snapshot_html(self) -> str:
        """What a page with no kernel shows. A self-study quiz (no ``on_answer``) becomes
        the book page's own quiz, checked in the reader's browser; a quiz whose answers
        are reported (the classroom) shows only the current question, so that nothing
        about the answers reaches the browser before Submit."""
        if self.on_answer is None:
            return page_html(QuizController(self.quiz, self.heading_text, self.four_colour))
        return finished_html(self.sitting.score()) if self.finished else question_html(self.current)
