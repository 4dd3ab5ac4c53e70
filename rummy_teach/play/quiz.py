"""The quiz's logic for a self-study page: one question at a time, checked by the engine.

The pictures (:func:`question_html`, :func:`feedback_html`) are shared with the
kernel's :class:`~rummy_teach.widgets.quiz.QuizWidget`. :class:`QuizController`
is the quiz as a book page runs it, in the reader's browser: the answer is checked
and scored by a :class:`~rummy_teach.quiz.Sitting`, exactly as in the kernel. The
classroom never uses it: there the quiz is checked in the kernel or the classroom's
server, and nothing about the answers reaches the browser before Submit.
"""

from __future__ import annotations

import html
import json

from .. import render
from ..cards import parse_cards
from ..reasons import Reason, say
from .controller import Controller, PlayError
from .buttons import WHY_STYLE, button

#: a text box that can no longer be changed (the question is answered): the greyed look
TEXT_OFF = "background:#f0f0f0;color:#555;border:1px dashed #8a8a8a;cursor:not-allowed"
TEXT_WHY = "rt-why-quiz-text"

CARD_SIZE = 56

STYLE = """<style>
.rt-quiz { font-family: system-ui, sans-serif; font-size: 16px; max-width: 60em; }
.rt-quiz .rt-prompt { font-size: 1.15em; margin: 0.3em 0 0.6em; }
.rt-quiz .rt-group { margin: 0.3em 0; }
.rt-quiz .rt-group-label { font-weight: 600; color: #333; margin-right: 0.5em; }
.rt-quiz .rt-form { color: #444; font-size: 0.95em; }
.rt-feedback { border-left: 6px solid #777; padding: 0.4em 0.9em; margin: 0.5em 0;
  background: #f6f6f6; font-size: 16px; font-family: system-ui, sans-serif; }
.rt-feedback.rt-right { border-color: #1b6e3a; background: #eef8f1; }
.rt-feedback.rt-wrong { border-color: #b3261e; background: #fcefee; }
.rt-feedback.rt-unreadable { border-color: #8a5300; background: #fff6e5; }
.rt-feedback .rt-verdict { font-size: 1.2em; font-weight: 700; margin: 0.2em 0; }
.rt-feedback .rt-why { white-space: pre-line; }
.rt-score { font-family: system-ui, sans-serif; font-size: 15px; color: #222; }
</style>"""


def _esc(text) -> str:
    return html.escape(str(text), quote=True)


def groups_html(public: dict, skip: tuple[str, ...] = (), size: int = CARD_SIZE,
                four_colour: bool = False) -> str:
    """The question's card groups, drawn (``skip`` leaves out groups shown elsewhere)."""
    parts = []
    for group in public["groups"]:
        if group["label"] in skip:
            continue
        cards = parse_cards(group["cards"]) if group["cards"].strip() else ()
        drawn = (render.cards_html(cards, size=size, four_colour=four_colour, label=group["label"])
                 if cards else f'<span class="rt-form">{_esc(say("quiz_no_cards"))}</span>')
        parts.append(f'<div class="rt-group"><span class="rt-group-label">{_esc(group["label"])}'
                     f'</span>{drawn}</div>')
    return "".join(parts)


def question_html(public: dict, skip: tuple[str, ...] = (), four_colour: bool = False) -> str:
    """Prompt, cards and the form of the answer: only what ``to_public()`` holds."""
    return (f'{STYLE}<div class="rt-quiz"><p class="rt-prompt">{_esc(public["prompt"])}</p>'
            f'{groups_html(public, skip, four_colour=four_colour)}'
            f'<p class="rt-form">{_esc(say("quiz_answer_with", form=public["form"]))}</p></div>')


def score_html(score: dict, position: int, total: int, finished: bool) -> str:
    """The running score line ("Score: 2 right, 1 wrong · question 4 of 12")."""
    where = (say("quiz_where_finished") if finished
             else say("quiz_where_question", number=position + 1, total=total))
    words = say("quiz_score", right=score["right"], wrong=score["wrong"], where=where)
    return f'<p class="rt-score" aria-live="polite">{_esc(words)}</p>'


def finished_html(score: dict) -> str:
    """What replaces the question once the last one is answered."""
    words = say("quiz_finished", right=score["right"], total=score["questions"])
    return (f'{STYLE}<div class="rt-quiz rt-finished" role="status"><p class="rt-prompt">'
            f'{_esc(words)}</p></div>')


def _answer_line(code: str, answer) -> str:
    return f"<p>{_esc(say(code))} <b>{_esc(answer)}</b></p>"


def feedback_html(result, public: dict, four_colour: bool = False, tries_left: int = 0) -> str:
    """The verdict on a submitted answer: why, the correct answer, the rule, the cards.

    With ``tries_left`` (a wrong answer that may be tried again) only the verdict and
    the tries left show: nothing that gives the right answer away."""
    if result.outcome == "wrong" and tries_left > 0:
        return (f'<div class="rt-feedback rt-wrong" role="status"><p class="rt-verdict">'
                f'{_esc(say("quiz_not_quite"))}</p>{_answer_line("quiz_your_answer", result.given)}'
                f'<p class="rt-tries">{_esc(Reason("quiz_tries_left", {"n": tries_left}).text())}</p></div>')
    if result.outcome == "unreadable":
        return (f'<div class="rt-feedback rt-unreadable" role="alert">'
                f'<p class="rt-verdict">{_esc(say("quiz_try_again"))}</p><p>{_esc(result.hint)}</p>'
                f'<p class="rt-form">{_esc(say("quiz_not_counted"))}</p></div>')
    right = result.outcome == "right"
    lines = [f'<div class="rt-feedback rt-{result.outcome}" role="status">',
             f'<p class="rt-verdict">{_esc(say("quiz_right" if right else "quiz_not_quite"))}</p>']
    if result.feedback and result.feedback not in ("Right.", "Not quite."):
        lines.append(f"<p>{_esc(result.feedback)}</p>")
    lines.append(_answer_line("quiz_your_answer", result.given))
    if not right:
        lines.append(_answer_line("quiz_the_answer", result.correct))
    if result.explanation:
        lines.append(f'<p class="rt-why">{_esc(result.explanation)}</p>')
    if result.rule:
        lines.append(f'<p class="rt-form">{_esc(say("quiz_rule"))} {_esc(result.rule)}</p>')
    if result.note:
        lines.append(f'<p class="rt-form">{_esc(result.note)}</p>')
    lines.append(groups_html(public, size=44, four_colour=four_colour))
    lines.append("</div>")
    return "".join(lines)


def pick_cards_html(label: str) -> str:
    """The words over a question's cards to pick."""
    return f'<b>{_esc(say("quiz_pick_cards", label=label))}</b>'


def text_box_words(kind: str) -> tuple[str, str]:
    """The codes of an answer box's label and placeholder, by the question's input kind."""
    if kind == "arrangement":
        return "quiz_label_melds", "quiz_hint_melds"
    if kind == "player_points":
        return "quiz_label_points", "quiz_hint_points"
    return "quiz_label_answer", "quiz_hint_number"


class SittingState:
    """The state of the :class:`~rummy_teach.quiz.Sitting` a quiz front end holds (as
    ``self.sitting``), read: the book page's controller and the JupyterLab widget show it,
    neither decides it."""

    @property
    def session(self):
        """The score (a :class:`~rummy_teach.quiz.QuizSession`)."""
        return self.sitting.session

    @property
    def position(self) -> int:
        """The shown question's place in the paper (the last one's once finished)."""
        return min(self.sitting.position, len(self.sitting.order) - 1)

    @property
    def closed(self) -> bool:
        """The shown question is done with (answered right, or out of tries)."""
        return self.sitting.closed

    @property
    def finished(self) -> bool:
        return self.sitting.finished

    @property
    def result(self):
        """The last verdict on the shown question."""
        return self.sitting.result


# The built-in quizzes, built once by the book's memory snapshot (play.warm(ahead=True)),
# by their data: a page whose quiz is one of them has it built as soon as Python is up,
# with no step of background work left for a reader's click to wait behind (issue 27).
KEPT: dict = {}    # the quiz data, canonical JSON -> the Quiz built from it


def _quiz_key(data) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def keep_builtin_quizzes(names) -> None:
    """Build the built-in quizzes ``names`` now and keep them for
    :meth:`QuizController.building`. A quiz holds codes, not sentences, so one build
    serves every language. Data that differs in anything (another quiz, a teacher's own,
    a quiz from another version) is built as before, a question at a time."""
    from ..quiz import Quiz

    for name in names:
        quiz = Quiz.builtin(name)
        KEPT[_quiz_key(quiz.to_data())] = quiz


class QuizController(SittingState, Controller):
    """A quiz taken by one reader: :meth:`choose`, :meth:`type_answer`,
    :meth:`click_card`, :meth:`submit`, :meth:`next`, driven by :meth:`handle`.

    What the inputs hold (the option pressed, the picks, the box) is kept here; which
    question, the verdict, the score and what may be done next are the
    :class:`~rummy_teach.quiz.Sitting`'s (``sitting``)."""

    kind = "quiz"

    def __init__(self, quiz, title: str | None = None, four_colour: bool = False):
        from ..quiz import Sitting

        self.quiz = quiz
        self.title = title if title is not None else (quiz.title or say("quiz_default_title"))
        self.four_colour = bool(four_colour)
        self.sitting = Sitting(quiz)
        self._fresh()

    @classmethod
    def from_config(cls, config: dict) -> "QuizController":
        from ..quiz import Quiz

        return cls(Quiz.from_data(config["quiz"], "<page>"), config.get("title"),
                   config.get("four_colour", False))

    @classmethod
    def building(cls, config: dict):
        """Build the controller :meth:`from_config` builds, one question per step: a
        generator that yields after each question and returns the controller. The book's
        page builds a quiz ahead of the reader's first click this way, one step at each
        idle moment, so that a click on another widget waits for one question's work at
        most, never for the whole quiz (a 31-question quiz takes seconds on a slow
        phone). Data a step cannot read raises what :meth:`from_config` raises."""
        from ..quiz import Quiz
        from ..quiz.fileformat import read_question, read_quiz_data

        data = config.get("quiz") if isinstance(config, dict) else None
        kept = KEPT.get(_quiz_key(data)) if KEPT and isinstance(data, dict) else None
        if kept is not None:         # a built-in quiz, built when the book was (keep_builtin_quizzes)
            return cls(kept, config.get("title"), config.get("four_colour", False))
        items = data.get("questions") if isinstance(data, dict) else None
        if not isinstance(items, list) or len(items) < 2:
            return cls.from_config(config)       # nothing to split, or its own error
        # the top of the quiz and its first question, checked as a whole quiz would be
        header, built = read_quiz_data({**data, "questions": items[:1]}, "<page>")
        game, options = data.get("game", "basic"), data.get("options", {})
        for number, item in enumerate(items[1:], start=2):
            yield
            built.append(read_question(item, number, "<page>", game, options))
        quiz = Quiz(built, title=header["title"], description=header["description"],
                    game=header["game"])     # refuses an id used twice, as from_data does
        return cls(quiz, config.get("title"), config.get("four_colour", False))

    def config(self) -> dict:
        return {"kind": self.kind, "quiz": self.quiz.to_data(), "title": self.title,
                "four_colour": self.four_colour}

    def _fresh(self) -> None:
        self.choice: str | None = None
        self.picks: list[str] = []
        self.text = ""

    @property
    def current(self) -> dict:
        return self.sitting.current

    # --- the reader's events ----------------------------------------------------------------
    def fields(self) -> dict:
        """What the inputs hold, as a form's fields (the sitting reads the answer from them)."""
        return {"choice": self.choice or "", "pick": list(self.picks), "text": self.text}

    def choose(self, option: str) -> None:
        """Press an option button: a choice or a winner; a letter of a multi question toggles."""
        public = self.current
        if option not in public["options"]:
            raise PlayError(f"{option!r} is not an option here; options are {', '.join(public['options'])}")
        if public["input"] == "multi":
            self.picks = ([p for p in self.picks if p != option] if option in self.picks
                          else self.picks + [option])
        else:
            self.choice = option

    def click_card(self, card: str) -> None:
        offered = parse_cards(self.current["groups"][-1]["cards"])
        picked = parse_cards(card)[0]
        if self.current["input"] != "cards" or picked not in offered:
            raise PlayError(f"{card} is not one of the cards to pick here")
        key = render.card_key(picked)
        self.picks = [p for p in self.picks if p != key] if key in self.picks else self.picks + [key]

    def type_answer(self, text: str) -> None:
        self.text = str(text)[:500]

    def submit(self):
        """Check the answer; a readable answer closes the question and counts."""
        if self.closed or self.finished:
            return self.result
        return self.sitting.submit(self.fields()).result

    def next(self) -> None:
        if self.closed:
            self.sitting.next()
            self._fresh()

    def handle(self, act: str, arg: str = "", fields: dict | None = None) -> None:
        if not (self.closed or self.finished) and fields and "text" in fields:
            self.type_answer(fields["text"])
        if act in ("choose", "card") and (self.closed or self.finished):
            return None   # the question is answered: its inputs no longer change
        if act == "choose":
            return self.choose(arg)
        if act == "card":
            return self.click_card(arg)
        if act == "submit":
            self.submit()
            return None
        if act == "next":
            return self.next()
        if act == "type":
            return None
        raise PlayError(f"a quiz answers choose, card, type, submit and next, not {act!r}")

    # --- the view -----------------------------------------------------------------------------
    def score_html(self) -> str:
        return score_html(self.sitting.score(), self.position, len(self.sitting.order), self.finished)

    def inputs_html(self) -> str:
        public = self.current
        kind = public["input"]
        parts = []
        if kind in ("choice", "multi", "player_points"):
            label = say({"choice": "quiz_label_choice", "multi": "quiz_label_multi",
                         "player_points": "quiz_label_winner"}[kind])
            chosen = self.picks if kind == "multi" else [self.choice]
            labels = public.get("labels") or {}
            buttons = "".join(button(str(labels.get(o, o)), act="choose", arg=o, pressed=o in chosen,
                                     enabled=not self.closed, why_off=say("quiz_off_answered"))
                              for o in public["options"])
            parts.append(f'<div role="group" aria-label="{_esc(label)}">'
                         f'<span class="rt-group-label">{_esc(label)}</span> {buttons}</div>')
        if kind == "cards":
            offered = public["groups"][-1]
            parts.append(pick_cards_html(offered["label"])
                         + render.cards_html(offered["cards"], size=CARD_SIZE,
                                             four_colour=self.four_colour, selected=self.picks,
                                             interactive=not self.closed,
                                             label=say("quiz_pick_cards_label", label=offered["label"])))
        if kind in ("number", "arrangement", "player_points"):
            wide = kind == "arrangement"
            label, hint = (say(code) for code in text_box_words(kind))
            off = self.closed    # answered: greyed as the buttons are (buttons.py), still reached by Tab
            box = (f'<label>{_esc(label)} <input type="text" name="text" value="{_esc(self.text)}" '
                   f'placeholder="{_esc(hint)}" style="width:{36 if wide else 16}em;font-size:15px'
                   + (f';{TEXT_OFF}" readonly aria-disabled="true" aria-describedby="{TEXT_WHY}"' if off else '"')
                   + '></label>')
            if off:   # its reason, shown on hover and focus (render.TABLE_CSS)
                box = (f'<span class="rt-off">{box}<span class="rt-why" id="{TEXT_WHY}" role="tooltip" '
                       f'style="{WHY_STYLE}">{_esc(say("quiz_off_answered"))}</span></span>')
            parts.append(box)
        return "".join(f'<div class="rt-group">{p}</div>' for p in parts)

    def html(self) -> str:
        heading = f'<p style="font-size:1.3em;font-weight:700;margin:0.2em 0">{_esc(self.title)}</p>'
        if self.finished:
            body = finished_html(self.session.score())
            return f'<div class="rt-quiz-page">{heading}{self.score_html()}{body}</div>'
        public = self.current
        skip = (public["groups"][-1]["label"],) if public["input"] == "cards" else ()
        last = self.sitting.last
        buttons = (button(say("quiz_submit"), act="submit", look="move", enabled=not self.closed,
                          tip=say("quiz_submit_tip"), why_off=say("quiz_off_answered"))
                   + button(say("quiz_see_score" if last else "quiz_next"), act="next", look="move",
                            enabled=self.closed, tip=say("quiz_next_tip"),
                            why_off=say("quiz_off_answer_first", submit=say("quiz_submit"))))
        feedback = feedback_html(self.result, public, self.four_colour) if self.result else ""
        return (f'<div class="rt-quiz-page">{heading}{self.score_html()}'
                f'{question_html(public, skip, self.four_colour)}'
                f'<div class="rt-quiz">{self.inputs_html()}<div>{buttons}</div></div>{feedback}</div>')
