"""Each widget's logic once, as pure Python: state + event -> new state + view HTML.

A *controller* holds a widget's state (a game, a quiz session, a selection) and
answers the learner's events. It imports no widget library, so the same object
serves two front ends:

* in a kernel (JupyterLab, JupyterLite, Voilà), the ipywidgets/anywidget classes
  of :mod:`rummy_teach.widgets` keep one and show its state;
* on the book's static pages, a small Pyodide worker (``book/_play/``) rebuilds it
  from :meth:`Controller.config` and calls :func:`dispatch` for every click.

The view is HTML drawn by :mod:`rummy_teach.render` and :mod:`rummy_teach.play.board`.
What can be pressed carries ``data-act`` (and ``data-arg``) on a real ``<button>``
or a focusable ``role="button"`` element; the learner's cards carry ``data-card``
and the table's stock, discard pile and melds ``data-click``. Text boxes carry a
``name``: the page sends their values with each event as ``fields``.

:func:`page_html` is the element a book page holds: the first picture, drawn at
build time, plus the configuration that rebuilds the controller in the browser.
A widget whose views are all known at build time (a worked example) carries them
all, so stepping it needs no Python at all.
"""

from __future__ import annotations

import json

from ..errors import RummyError
from ..i18n import language
from ..reasons import Reason
from .controller import STATUS_WORDS, Controller, PlayError, page_html  # noqa: F401


def _registry() -> dict:
    from .meld import MeldCheckerController
    from .quiz import QuizController
    from .stepper import StepperController
    from .table import TableController

    return {c.kind: c for c in (StepperController, MeldCheckerController, QuizController,
                                TableController)}


def from_config(config: dict) -> Controller:
    """The controller a :meth:`Controller.config` describes."""
    if not isinstance(config, dict) or "kind" not in config:
        raise PlayError(Reason("play_bad_config", {"config": repr(config)}))
    kinds = _registry()
    if config["kind"] not in kinds:
        raise PlayError(Reason("play_no_kind", {"kind": repr(config["kind"]),
                                                "kinds": ", ".join(sorted(kinds))}))
    return kinds[config["kind"]].from_config(config)


# --- the worker's entry point ------------------------------------------------------------

_LIVE: dict[str, Controller] = {}
#: controllers being built a step at a time (a quiz, question by question): widget -> generator
_BUILDING: dict = {}


#: The built-in quizzes the book's snapshot keeps built (see :func:`warm`). Not Contract
#: Rummy's: its questions that tally a whole game played by the computer (the played game
#: is kept for the question) outgrow the 30 MiB heap a snapshot must fit in (measured in
#: Pyodide under Node: 1.75 MiB of it left with these two, the Contract quiz needs more;
#: lite/snapshot.mjs refuses a snapshot that does not fit).
KEPT_QUIZZES = ("basic", "500")


def warm(ahead: bool = False) -> None:
    """Import every controller and what it draws with, before the first event: the
    page's worker calls this while the reader reads, so no click pays for imports.
    That includes the quiz package, which a quiz's controller imports only when it is
    built, and the modules the game and the quiz import only when first used (the legal
    moves, the quiz's teaching lines): the book's memory snapshot (lite/snapshot.mjs)
    runs this, so the page's Python starts with them imported (issue 27: importing in
    the page took seconds on a slow device, and a click waited behind it; a module
    imported there is compiled from its source, the wheel holding no bytecode).

    With ``ahead`` it also does the work that the first use of each kept result would
    otherwise pay for, in the page (issue 27, measured in Pyodide on a slow device):

    * the fast solver's tables (8,192 suit masks each) for every rule set: a few
      milliseconds each in CPython, up to a second in the page, paid by whichever click
      or quiz question first arranged a hand of that game (always the 17th step of the
      basic quiz's build, the first question that arranges a hand);
    * the shapes of every card face and of the back (``render._place``, the same in every
      language and size): 0.4 of the 0.5 s the page took to draw its first table;
    * the built-in quizzes of :data:`KEPT_QUIZZES`, built and kept
      (:func:`~rummy_teach.play.quiz.keep_builtin_quizzes`): a page showing one builds it
      in one step, not a question at a time in the background, where a click could wait
      behind a step;
    * a rehearsal of a reader's first moves in each language (:func:`_rehearse`): each
      language's catalogue read from its .po file, the regular expressions compiled.

    Only the snapshot asks for this: it is made once, when the book is built. A page
    starting Python without a snapshot does each piece when it is first needed, as
    before, not all of them up front."""
    _registry()
    from .. import quiz  # noqa: F401
    from ..game import legal  # noqa: F401
    from ..quiz import teach  # noqa: F401
    if ahead:
        from .. import render
        from ..cards import make_deck
        from ..rules import get_rules, rule_set_names
        from ..solver import prepare
        for card in make_deck(jokers=1):
            render.card_svg(card)
        render.back_svg()
        for name in rule_set_names():
            prepare(get_rules(name))
        from .quiz import keep_builtin_quizzes
        keep_builtin_quizzes(KEPT_QUIZZES)
        _rehearse()


def _rehearse() -> None:
    """A reader's first moves, once in each language, through :func:`dispatch` as the page
    sends them: a table dealt, a card drawn, one picked; two quiz questions answered. What
    a first use compiles or loads and keeps (each language's catalogue, read from its .po
    file; the regular expressions, compiled on first use) is then done; the rehearsal's
    controllers are forgotten."""
    from ..i18n import LANGUAGES
    from ..quiz import Quiz
    from .quiz import QuizController
    from .table import TableController

    table = TableController("basic", 2, levels="easy", seed=1, dealer=1).config()
    quiz = QuizController(Quiz.builtin("basic")).config()
    quiz["quiz"]["questions"] = [q for q in quiz["quiz"]["questions"]
                                 if q["kind"] in ("meld", "points")][:2]
    for lang in LANGUAGES:
        def ask(widget, config, act, arg="", fields=None):
            answer = json.loads(dispatch(json.dumps({"widget": widget, "config": config, "act": act,
                                                     "arg": arg, "fields": fields, "lang": lang})))
            if "error" in answer:       # the engine changed under the rehearsal: say so
                raise RuntimeError(f"warm: {act} {arg!r} ({lang}): {answer['error']}")
            return answer["html"]
        first = ask("t", table, "press", "draw").split('data-card="')[1].split('"')[0]
        ask("t", table, "card", first)
        option = ask("q", quiz, "type").split('data-act="choose" data-arg="')[1].split('"')[0]
        ask("q", quiz, "choose", option)
        ask("q", quiz, "submit")
        ask("q", quiz, "next")
        ask("q", quiz, "submit", fields={"text": "10"})
        _LIVE.clear()
        _BUILDING.clear()


def dispatch(request: str) -> str:
    """Answer one JSON request from the page's worker with JSON.

    The request is ``{"widget": id, "config": {...}, "act": ..., "arg": ..., "fields": {...}}``;
    the controller of ``widget`` is built from ``config`` on its first event and kept.
    ``"lang"`` (optional: "it", "nl", "en") is the page's language, which the views speak.
    The answer is ``{"html": view}``, or ``{"error": message}`` when the event could not
    be read (the controller's state is then unchanged by contract of its ``handle``).
    A request whose ``act`` is null only builds the controller (the page prepares its
    widgets while the reader reads) and answers ``{"prepared": true}``. With
    ``"step": true`` as well, it does one step of that work (for a controller built in
    steps, such as a quiz: one question) and answers ``{"prepared": false}`` until the
    last step: the page asks again at its next idle moment, so a click on another widget
    never waits behind a whole build. An event for a widget half built finishes it first.
    """
    try:
        data = json.loads(request)
        if data.get("lang"):            # the page's language: its views speak it
            with language(data["lang"]):
                return _dispatch(data)
        return _dispatch(data)
    except (RummyError, KeyError, TypeError, ValueError) as error:
        return json.dumps({"error": f"{type(error).__name__}: {error}"})


def _dispatch(data: dict) -> str:
    try:
        key = str(data["widget"])
        preparing = "act" in data and data["act"] is None
        if key not in _LIVE:
            if preparing and data.get("step") is True:
                if not _build_step(key, data["config"]):
                    return json.dumps({"prepared": False})
            else:
                while not _build_step(key, data["config"]):
                    pass
        controller = _LIVE[key]
        if preparing:
            return json.dumps({"prepared": True})
        controller.handle(str(data.get("act", "")), str(data.get("arg", "")),
                          data.get("fields") or {})
        return json.dumps({"html": controller.html()})
    except (RummyError, KeyError, TypeError, ValueError) as error:
        return json.dumps({"error": f"{type(error).__name__}: {error}"})


def _build_step(key: str, config: dict) -> bool:
    """One step of building widget ``key``'s controller from ``config``; True when it is
    built (in ``_LIVE``). A controller class with a ``building(config)`` generator is
    built a step at a time; any other at once. A step that fails forgets the build, so
    the next request starts afresh and says the same error."""
    if key not in _BUILDING:
        if not isinstance(config, dict) or "kind" not in config:
            _LIVE[key] = from_config(config)           # raises the reason why not
            return True
        kind = _registry().get(config["kind"])
        if kind is None or not hasattr(kind, "building"):
            _LIVE[key] = from_config(config)
            return True
        _BUILDING[key] = kind.building(config)
    try:
        next(_BUILDING[key])
        return False
    except StopIteration as done:
        del _BUILDING[key]
        _LIVE[key] = done.value
        return True
    except BaseException:
        del _BUILDING[key]
        raise

