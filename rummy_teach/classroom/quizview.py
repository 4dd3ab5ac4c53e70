"""The student's quiz page as the classroom server writes it: plain HTML forms, no kernel.

Pure functions from a :class:`~rummy_teach.classroom.desk.Visit` or a
:class:`~rummy_teach.quiz.Sitting` to HTML. Every word comes from the
catalogue (:func:`~rummy_teach.classroom.messages.say`); what a question shows
comes from ``question.to_public()`` only, and a verdict's explanation and right
answer are drawn only for an answer just submitted (and not at all while tries
are left), so nothing of an answer reaches the browser before Submit.

Each step is a real ``<form>`` (radio buttons, check boxes, text boxes, a submit
button): Tab, the arrow keys, Space and Enter work as on any web form, and the
page works with no script at all (each form posts and the server answers with
the whole page). The page's few lines of script post the same forms in the
background and swap in the new ``#rt-main`` part, moving the focus to where the
student goes on (``data-focus``); if the server cannot be reached they say so,
with a button to reload. Large type and strong contrast keep it readable on a
projector. Nothing is loaded from another machine.
"""

from __future__ import annotations

import json
from functools import lru_cache
from html import escape

from ..cards import parse_cards
from ..play.quiz import groups_html
from ..reasons import catalogue_key
from ..render import card_key, card_svg
from .messages import say

CARD_SIZE = 64

STYLE = """
body { font-family: system-ui, sans-serif; font-size: 20px; color: #111; background: #fff;
  margin: 1em auto; max-width: 60em; padding: 0 1em; line-height: 1.45; }
h1 { font-size: 1.5em; margin: 0.2em 0 0.4em; }
button, input, select { font: inherit; }
button { background: #0b4f9c; color: #fff; border: 2px solid #0b4f9c; border-radius: 6px;
  padding: 0.35em 1em; cursor: pointer; margin: 0.4em 0.6em 0.4em 0; }
button:disabled { background: #d5d5d5; border-color: #d5d5d5; color: #444; cursor: default; }
input[type=text], select { padding: 0.3em 0.5em; border: 2px solid #555; border-radius: 4px; }
:focus-visible { outline: 4px solid #b35c00; outline-offset: 2px; }  /* 4.7:1 on white */
fieldset { border: 0; padding: 0; margin: 0.5em 0; }
legend { font-weight: 700; padding: 0; }
.rt-option { display: inline-block; margin: 0.25em 0.6em 0.25em 0; padding: 0.25em 0.7em;
  border: 2px solid #555; border-radius: 6px; cursor: pointer; }
.rt-option input { width: 1.1em; height: 1.1em; margin-right: 0.4em; vertical-align: -0.1em; }
.rt-option:has(input:checked) { background: #dbe9fb; border-color: #0b4f9c; }
.rt-pick { display: inline-block; margin: 0.2em 0.3em 0.2em 0; cursor: pointer; }
.rt-pick input { display: block; width: 1.1em; height: 1.1em; margin: 0 auto 0.2em; }
.rt-pick:has(input:checked) svg { outline: 5px solid #0b4f9c; outline-offset: 1px;
  border-radius: 8px; transform: translateY(-6px); }
.rt-prompt { font-size: 1.15em; margin: 0.3em 0 0.5em; }
.rt-group { margin: 0.3em 0; }
.rt-group-label { font-weight: 700; margin-right: 0.5em; }
.rt-form { color: #333; }
.rt-score { font-size: 0.95em; margin: 0.2em 0; }
.rt-resume { background: #eef4fb; padding: 0.4em 0.8em; border-radius: 4px; }
.rt-alert { color: #8a1c12; font-weight: 700; }
.rt-feedback { border-left: 8px solid #555; padding: 0.4em 1em; margin: 0.6em 0;
  background: #f4f4f4; }
.rt-feedback.rt-right { border-color: #1b6e3a; background: #eaf7ee; }
.rt-feedback.rt-wrong { border-color: #b3261e; background: #fcecea; }
.rt-feedback.rt-unreadable { border-color: #8a5300; background: #fff4e0; }
.rt-verdict { font-size: 1.25em; font-weight: 800; margin: 0.2em 0; }
.rt-why { white-space: pre-line; }
nav.rt-lang { display: flex; gap: 1em; justify-content: flex-end; font-size: 0.9em; }
nav.rt-lang a { color: #0b4f9c; }
nav.rt-lang a[aria-current] { font-weight: 700; color: #111; text-decoration: none; }
.rt-lost { background: #fff4e0; border-left: 8px solid #8a5300; padding: 0.4em 1em; }
"""

SCRIPT = """
(function () {
  const main = document.getElementById("rt-main");
  function settle() {
    const spot = main.querySelector("[data-focus]");
    if (spot) { spot.focus(); }
  }
  function lost(form, said) {
    let box = document.getElementById("rt-lost");
    if (!box) {
      box = document.createElement("div");
      box.id = "rt-lost";
      box.className = "rt-lost";
      box.setAttribute("role", "alert");
      main.prepend(box);
    }
    box.innerHTML = said || main.dataset.lost;
    const again = box.querySelector("button");
    if (again) { again.onclick = () => window.location.reload(); }
    for (const button of form.querySelectorAll("button")) { button.disabled = false; }
  }
  main.addEventListener("submit", async (event) => {
    const form = event.target;
    event.preventDefault();
    if (form.dataset.busy) { return; }
    form.dataset.busy = "1";
    const body = new URLSearchParams(new FormData(form));
    for (const button of form.querySelectorAll("button")) { button.disabled = true; }
    try {
      const reply = await fetch(form.action, {method: "POST", body, cache: "no-store",
        credentials: "same-origin", headers: {"X-Rummy-Part": "main"}});
      if (reply.status === 503 && reply.headers.get("X-Rummy-Not-Saved")) {
        delete form.dataset.busy;  // nothing was kept: the answer stays in the form
        return lost(form, await reply.text());
      }
      if (reply.status >= 500) { throw new Error(String(reply.status)); }
      main.innerHTML = await reply.text();
      settle();
    } catch (error) {
      delete form.dataset.busy;
      lost(form);
    }
  });
  settle();
})();
"""


# Drawing the cards is most of a page's work, so each drawing is kept, by the language
# it was drawn in (a card's picture holds its spoken name, and a class speaks several).

@lru_cache(maxsize=4096)
def _groups(groups: str, skip: tuple, size: int, _language: int) -> str:
    return groups_html({"groups": json.loads(groups)}, skip, size=size)


def groups(public: dict, skip=(), size: int = CARD_SIZE) -> str:
    """A question's card groups, drawn in the language in use."""
    return _groups(json.dumps(public["groups"], sort_keys=True), tuple(skip), size, catalogue_key())


@lru_cache(maxsize=1024)
def _card_in(key: str, _language: int) -> str:
    return card_svg(key, size=CARD_SIZE)


def _card(key: str) -> str:
    return _card_in(key, catalogue_key())


def _e(text) -> str:
    return escape(str(text), quote=True)


def page(title: str, main: str, base: str, switch: str = "") -> str:
    """The whole document around the ``#rt-main`` part, in the language in use; ``switch``
    (a :func:`~rummy_teach.classroom.pages.language_switch`) goes above it."""
    from .. import i18n
    lost = (f"<p>{_e(say('connection_lost'))}</p>"
            f'<button type="button">{_e(say("reload_button"))}</button>')
    return (f"<!DOCTYPE html>\n<html lang=\"{i18n.current_language()}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta name=\"referrer\" content=\"same-origin\">"
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>{switch}"
            f'<main id="rt-main" class="rt-classroom-student" data-lost="{_e(lost)}">'
            f"{main}</main><script>{SCRIPT}</script></body></html>\n")


def said_text(said) -> str:
    """The words of a :class:`~rummy_teach.classroom.desk.Said`."""
    text = say(said.code, **said.params)
    if said.params.get("finished"):
        text += " " + say("resumed_finished")
    return text


def _said(said) -> str:
    if said is None:
        return ""
    text = said_text(said)
    if said.kind == "note":
        return f'<p class="rt-resume" role="status">{_e(text)}</p>'
    return f'<p class="rt-alert" role="alert">{_e(text)}</p>'


def name_form(title: str, base: str, roster=None, said=None, claim: str = "",
              given: str = "") -> str:
    """Who are you: a name box (or the roster's list), and the rejoin code box for a
    name that is taken (``claim``)."""
    intro = say("pick_name_intro" if roster else "type_name_intro")
    if roster:
        choices = "".join(f'<option value="{_e(n)}"{" selected" if n == given else ""}>{_e(n)}'
                          "</option>" for n in roster)
        field = (f'<label>{_e(say("pick_name_label"))} <select name="name" required '
                 f'data-focus><option value=""></option>{choices}</select></label>')
    else:
        field = (f'<label>{_e(say("desk_name_label"))} <input type="text" name="name" '
                 f'placeholder="{_e(say("desk_name_placeholder"))}" maxlength="200" '
                 f'value="{_e(given)}" autocomplete="off"{"" if claim else " data-focus"} '
                 'required></label>')
    parts = [f"<h1>{_e(title)}</h1><p>{_e(intro)}</p>",
             f'<form method="post" action="{_e(base)}quiz/join">{field} '
             f'<button type="submit">{_e(say("desk_start_button"))}</button></form>']
    if claim:
        parts.append(
            f'<form method="post" action="{_e(base)}quiz/rejoin">'
            f'<input type="hidden" name="name" value="{_e(claim)}">'
            f'<label>{_e(say("rejoin_label"))} <input type="text" name="code" inputmode="numeric" '
            f'placeholder="{_e(say("rejoin_placeholder"))}" maxlength="12" autocomplete="off" '
            f'data-focus required></label> '
            f'<button type="submit">{_e(say("rejoin_button"))}</button></form>')
    parts.append(_said(said))
    return "".join(parts)


def lesson_link(title: str, href: str, student, said=None) -> str:
    """A student who joined a class with a lesson (``--notebook``): who they are, their
    rejoin code, and the way to the lesson (``said``: only an alert is shown; the welcome
    notes speak of a quiz)."""
    alert = _said(said) if said is not None and said.kind == "alert" else ""
    note = say("lesson_welcome", name=student.name, code=student.rejoin_code)
    return (f"<h1>{_e(title)} · {_e(student.name)}</h1>{alert}"
            f'<p class="rt-resume" role="status">{_e(note)}</p>'
            f'<p><a class="rt-lesson-link" href="{_e(href)}" data-focus>'
            f'{_e(say("lesson_open"))}</a></p>')


def join_first(base: str) -> str:
    return (f'<p class="rt-alert" role="alert">{_e(say("desk_join_first"))}</p>'
            f'<p><a href="{_e(base)}" data-focus>{_e(say("desk_back_to_join"))}</a></p>')


def not_saved(base: str, error: str, saving: bool = True) -> str:
    """The class's results cannot be reached or kept (``error``: the kind of failure):
    nothing of this request was kept; the student sends it again, or reloads."""
    words = say("quiz_not_saved", error=error) if saving else \
        say("store_unavailable", error=error)
    return (f'<p class="rt-alert" role="alert">{_e(words)}</p>'
            f'<p><a href="{_e(base)}quiz" data-focus>{_e(say("quiz_not_saved_back"))}</a></p>')


def other_site(origin: str) -> str:
    """A form posted from another site's page (``origin``): nothing was taken."""
    words = (say("post_other_site", origin=origin) if origin != "null"
             else say("post_hidden_site"))
    return (f'<p class="rt-alert" role="alert">{_e(words)}</p>'
            f'<p>{_e(say("post_other_site_next"))}</p>')


def score_line(sitting, public=None) -> str:
    """The score, and which question is shown (``public``; else the one the student is on)."""
    s = sitting.score()
    number = sitting.order.index(public["id"]) + 1 if public is not None else sitting.position + 1
    where = (say("quiz_where_finished") if public is None and sitting.finished else
             say("quiz_where_question", number=number, total=len(sitting.order)))
    return (f'<p class="rt-score" aria-live="polite">'
            f'{_e(say("quiz_score", right=s["right"], wrong=s["wrong"], where=where))}</p>')


def question_html(public: dict, skip=()) -> str:
    return (f'<p class="rt-prompt">{_e(public["prompt"])}</p>'
            f"{groups(public, skip)}"
            f'<p class="rt-form">{_e(say("paper_answer_with", form=public["form"]))}</p>')


def _options(name: str, options, kind: str, legend: str, off: str, focus: bool,
             chosen=(), labels=None) -> str:
    labels = labels or {}
    items = []
    for n, option in enumerate(options):
        mark = " data-focus" if focus and n == 0 else ""
        mark += " checked" if option in chosen else ""
        items.append(f'<label class="rt-option"><input type="{kind}" name="{name}" '
                     f'value="{_e(option)}"{off}{mark}>{_e(labels.get(option, option))}</label>')
    return f'<fieldset><legend>{_e(legend)}</legend>{"".join(items)}</fieldset>'


def _text(label: str, hint: str, wide: bool, off: str, focus: bool, value: str = "") -> str:
    return (f'<p><label>{_e(label)} <input type="text" name="text" autocomplete="off" '
            f'placeholder="{_e(hint)}" maxlength="500" value="{_e(value)}" '
            f'style="width:{"min(36em,90%)" if wide else "10em"}"'
            f'{off}{" data-focus" if focus else ""}></label></p>')


def inputs_html(public: dict, closed: bool, given: str = "") -> str:
    """The inputs for the question's kind (see :mod:`rummy_teach.widgets.quiz`), showing
    ``given`` (the answer just submitted) as chosen or typed."""
    off = " disabled" if closed else ""
    focus = not closed
    kind = public["input"]
    labels = public.get("labels") or {}
    said = {given, *given.split(", "), *given.split()}   # the answer as the verdict wrote it
    words = {o for o in public["options"] if o in said or labels.get(o) in said} | set(given.split())
    if kind == "choice":
        return _options("choice", public["options"], "radio", say("quiz_label_choice"), off, focus,
                        words, public.get("labels"))
    if kind == "multi":
        legend = say("quiz_label_multi" if public["kind"] == "which_melds" else "quiz_label_choice")
        return _options("pick", public["options"], "checkbox", legend, off, focus, words,
                        public.get("labels"))
    if kind == "cards":
        offered = public["groups"][-1]
        cards = parse_cards(offered["cards"]) if offered["cards"].strip() else ()
        items = "".join(
            f'<label class="rt-pick"><input type="checkbox" name="pick" value="{_e(card_key(c))}"'
            f'{off}{" data-focus" if focus and n == 0 else ""}'
            f'{" checked" if card_key(c) in words else ""}>{_card(card_key(c))}</label>'
            for n, c in enumerate(cards))
        return (f'<fieldset><legend>{_e(say("desk_pick_cards", label=offered["label"]))}'
                f"</legend>{items}</fieldset>")
    if kind == "player_points":
        shown = {labels.get(o, o): o for o in public["options"]}
        spelled = next((w for w in sorted(shown, key=len, reverse=True) if given.startswith(w)), "")
        winner, points = shown.get(spelled, ""), given[len(spelled):].strip()
        return (_options("choice", public["options"], "radio", say("quiz_label_winner"), off, focus,
                         {winner}, public.get("labels"))
                + _text(say("quiz_label_points"), say("quiz_hint_points"), False, off, False, points))
    wide = kind == "arrangement"
    return _text(say("quiz_label_melds" if wide else "quiz_label_answer"),
                 say("quiz_hint_melds" if wide else "quiz_hint_number"), wide, off, focus, given)


def feedback_html(result, public: dict, tries_left: int = 0) -> str:
    """The verdict on an answer just submitted. With tries left on a wrong answer, only
    the verdict and the tries left: nothing that gives the right answer away."""
    if result.outcome == "unreadable":
        return (f'<div class="rt-feedback rt-unreadable" role="alert">'
                f'<p class="rt-verdict">{_e(say("quiz_try_again"))}</p><p>{_e(result.hint)}</p>'
                f'<p class="rt-form">{_e(say("quiz_not_counted"))}</p></div>')
    right = result.outcome == "right"
    lines = [f'<div class="rt-feedback rt-{result.outcome}" role="status">',
             f'<p class="rt-verdict">{_e(say("quiz_right" if right else "quiz_not_quite"))}</p>',
             f'<p>{_e(say("desk_your_answer", given=result.given))}</p>']
    if result.outcome == "wrong" and tries_left > 0:
        lines.append(f'<p class="rt-tries">{_e(say("quiz_tries_left", n=tries_left))}</p></div>')
        return "".join(lines)
    if result.feedback and result.feedback not in (say("quiz_feedback_right"),
                                                   say("quiz_feedback_wrong")):
        lines.insert(2, f"<p>{_e(result.feedback)}</p>")
    if not right:
        lines.append(f'<p>{_e(say("desk_the_answer", correct=result.correct))}</p>')
    if result.explanation:
        lines.append(f'<p class="rt-why">{_e(result.explanation)}</p>')
    if result.rule:
        lines.append(f'<p class="rt-form">{_e(say("desk_rule", rule=result.rule))}</p>')
    if result.note:
        lines.append(f'<p class="rt-form">{_e(result.note)}</p>')
    lines.append(groups(public, size=44))
    lines.append("</div>")
    return "".join(lines)


def quiz_html(title: str, base: str, student, sitting, *, said=None, answered=None) -> str:
    """The student's quiz: the question they are on with its inputs, or, just after an
    answer (``answered`` = (result, public question, tries left)), that question with its
    verdict, and Next when it is done with."""
    heading = (f"<h1>{_e(title)} · {_e(student.name)}</h1>"
               f'<p class="rt-tables-link"><a href="{_e(base)}tables">{_e(say("tables_link"))}</a></p>'
               f"{_said(said)}")
    if answered is not None:
        result, public, left = answered
        closed = sitting.done_with(public["id"])
    else:
        public, closed = sitting.current, False
        if public is None:
            s = sitting.score()
            return (f"{heading}{score_line(sitting)}<p class=\"rt-prompt rt-finished\" "
                    f'role="status" tabindex="-1" data-focus>'
                    f'{_e(say("quiz_finished", right=s["right"], total=s["questions"]))}</p>')
    skip = (public["groups"][-1]["label"],) if public["input"] == "cards" else ()
    tried = int(sitting.tries(public["id"]))  # the form's answers seen: one answer per send
    answer = (f'<form method="post" action="{_e(base)}quiz/answer" class="rt-answer">'
              f'<input type="hidden" name="question" value="{_e(public["id"])}">'
              f'<input type="hidden" name="try" value="{tried}">'
              f"{inputs_html(public, closed, answered[0].given if answered else '')}"
              f'<button type="submit"{" disabled" if closed else ""}>{_e(say("quiz_submit"))}'
              "</button></form>")
    parts = [heading, score_line(sitting, public), question_html(public, skip), answer]
    if answered is not None:
        parts.append(feedback_html(answered[0], public, answered[2]))
    if closed:
        last = sitting.finished
        parts.append(f'<form method="post" action="{_e(base)}quiz/next">'
                     f'<button type="submit" data-focus>'
                     f'{_e(say("quiz_see_score" if last else "quiz_next"))}</button></form>')
    return "".join(parts)
