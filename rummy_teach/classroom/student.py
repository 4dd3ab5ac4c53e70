"""A student's rules in the class: their paper, and how fast they may join and answer.

The desk (:mod:`~rummy_teach.classroom.desk`) holds every student; this module keeps
what it decides by: the paces (answers no faster than :data:`BURST` at once then
:data:`PER_SECOND` a second; new names and rejoin codes per address and per class), at
most :data:`UNREADABLE_LIMIT` unreadable answers kept per question, and each student's
*paper* (question order, option order, with ``--variants`` other cards), made once and
kept in the database. A lesson's kernel (``--notebook``) shows the student
:func:`heartbeat`, which says so when the page loses its kernel.
"""

from __future__ import annotations

import html
import random
import secrets

from .messages import say

NAME_LIMIT = 60
UNREADABLE_LIMIT = 5
BURST = 5              # answers a student may send at once...
PER_SECOND = 2.0       # ...and how fast that allowance comes back
REJOIN_TRIES = 5
# the classroom page's desk (desk.py): how fast names and rejoin codes may come
REJOIN_PER_SECOND = 1 / 60       # after the tries of a name: one more a minute
# One address may be a whole school's network (NAT): a class of 30 behind it joins at once,
# and each of them may mistype a rejoin code twice, while a script is still stopped.
REJOIN_ADDRESS_TRIES = 60        # wrong rejoin codes from one address, whatever the name...
REJOIN_ADDRESS_PER_SECOND = 1 / 10   # ...then one more every 10 s
JOIN_ADDRESS_BURST = 45          # new names from one address at once...
JOIN_ADDRESS_PER_SECOND = 1 / 2  # ...then one every 2 s
JOIN_CLASS_BURST = 120           # new names in the whole class at once...
JOIN_CLASS_PER_SECOND = 2.0      # ...then two a second


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
