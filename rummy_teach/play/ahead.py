"""Answers drawn ahead: the engine's replies to a reader's first clicks, worked out when
the book is built, so a page answers them before its Python has started (issue 27).

On a slow phone the page's Python (Pyodide in a web worker) takes many seconds to
start; until then a click could only wait. But a widget's first view is known when the
book is built, and so are the few things a reader can do to it first (press Draw, take
the discard, pick a card of the hand). :func:`answers_ahead` asks the controller itself
(rebuilt from its configuration, exactly as the page's worker rebuilds it) for its reply
to each of them, and the page element carries those replies. The page shows the one the
reader asked for at once, and sends the same event to the worker as usual: when Python
is up it replays every event answered ahead, and the page compares Python's reply with
what it showed. They are the same by construction (the same controller, the same deal,
the same events); if they ever differed, Python's reply is shown and wins. There is one
judge of moves: the engine's controller; nothing here decides anything.

A controller says which event sequences are worth drawing ahead with
``answer_ahead(path)`` (``path``: the events so far, each ``(act, arg)``); the events
offered are the enabled controls of the view reached (``data-act``, ``data-card``,
``data-click``, as the page's script reads them; text boxes, selects and check boxes are
never answered ahead: their value is the reader's). An event the controller refuses
(raises) is not drawn ahead: the page waits for Python, which says why.

The replies are carried small: each as the edits that turn the view it follows from
into it (most of a table stays as it was), with the card pictures shared as in a worked
example (``<i data-picture="N">``); the page's script rebuilds the exact text.
"""

from __future__ import annotations

import copy
import html
import re

# the events of a view, as the page's script reads them (bookplay.js: eventOf)
_CONTROL = re.compile(r"<(button|span|div|a|li|g|svg)\b([^>]*\bdata-(?:act|card|click)=\"[^>]*)>")
_ATTR = re.compile(r'\b(data-act|data-arg|data-card|data-click|disabled)(?:="([^"]*)")?')
_FIELD = re.compile(r"<(?:input|textarea)\b[^>]*\bname=")   # the page sends their values
_SVG = re.compile(r"<svg\b.*?</svg>", re.S)
_TOKEN = re.compile(r"<svg\b.*?</svg>|<[^>]*>|[^<]+", re.S)
#: at most this many replies per widget (a page must stay light to load on a slow phone)
MOST = 80


def events_of(view: str) -> list[tuple[str, str]]:
    """The events a reader can send from ``view``: each enabled control once, in order."""
    out = []
    for _tag, attrs in _CONTROL.findall(view):
        found = {name: html.unescape(value or "") for name, value in _ATTR.findall(attrs)}
        if "disabled" in found:
            continue
        if "data-act" in found:
            event = (found["data-act"], found.get("data-arg", ""))
        elif "data-card" in found:
            event = ("card", found["data-card"])
        else:
            event = ("region", found["data-click"])
        if event not in out:
            out.append(event)
    return out


def key_of(path) -> str:
    """The page's name for an event sequence: ``press|draw>card|5S``."""
    return ">".join(f"{act}|{arg}" for act, arg in path)


def answers_ahead(controller) -> dict[str, str] | None:
    """Every reply the controller wants drawn ahead (see the module's text), by
    :func:`key_of` its events, or None when the controller wants none or its view is not
    the one its configuration rebuilds (a table a lesson already played on)."""
    wants = getattr(controller, "answer_ahead", None)
    if wants is None or not wants(()):
        return None
    kind = type(controller)
    config = controller.config()
    first = controller.html()
    if kind.from_config(config).html() != first or _FIELD.search(first):
        return None
    answers: dict[str, str] = {}
    # each reply from a copy of the controller its events reached (a copy, not rebuilt from
    # the configuration each time: a Contract table's seventh hand takes a second to
    # reach); the tests compare every reply with a controller rebuilt as the page does
    todo = [((), kind.from_config(config), first)]
    while todo:
        path, reached, view = todo.pop(0)
        for event in events_of(view):
            step = path + (event,)
            if not wants(step) or len(answers) >= MOST:
                continue
            again = copy.deepcopy(reached)
            try:
                again.handle(*event, {})
            except (ValueError, KeyError, TypeError):      # refused: Python will say why
                continue
            answers[key_of(step)] = reply = again.html()
            todo.append((step, again, reply))
    return answers


def _edits(before: str, after: str) -> list:
    """``[start, end, text]`` edits (offsets in ``before``) that make ``after``, by tags."""
    import difflib      # only the book's build needs it, not the page's Python

    old, new = _TOKEN.findall(before), _TOKEN.findall(after)
    if "".join(old) != before or "".join(new) != after:     # not tags as expected: all of it
        return [[0, len(before), after]]
    starts = [0]     # in UTF-16 code units, as the page's script counts a string
    for token in old:
        starts.append(starts[-1] + _units(token))
    out = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            out.append([starts[i1], starts[i2], "".join(new[j1:j2])])
    return out


def _units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def apply_edits(before: str, edits: list) -> str:
    """What the page's script does with :func:`_edits` (offsets in UTF-16 code units)."""
    units = before.encode("utf-16-le")
    out, at = [], 0
    for start, end, text in edits:
        out.append(units[2 * at:2 * start])
        out.append(text.encode("utf-16-le"))
        at = end
    out.append(units[2 * at:])
    return b"".join(out).decode("utf-16-le")


def packed(first: str, answers: dict[str, str]) -> dict:
    """The replies as the page carries them: ``base`` (the first view), ``answers`` (key
    -> ``[parent key, edits]``), ``pictures`` (the card pictures the texts name by
    number). :func:`unpacked` is the page's script's way back, in Python."""
    pictures: dict[str, int] = {}

    def share(text: str) -> str:
        return _SVG.sub(lambda m: f'<i data-picture="{pictures.setdefault(m.group(0), len(pictures))}"></i>',
                        text)

    out = {}
    views = {"": first, **answers}
    for key, view in answers.items():
        parent = key.rpartition(">")[0]
        out[key] = [parent, [[s, e, share(t)] for s, e, t in _edits(views[parent], view)]]
    return {"base": share(first), "answers": out, "pictures": list(pictures)}


_PICTURE = re.compile(r'<i data-picture="(\d+)"></i>')


def unpacked(data: dict) -> dict[str, str]:
    """Every reply rebuilt from :func:`packed`, as bookplay.js rebuilds it."""
    def whole(text: str) -> str:
        return _PICTURE.sub(lambda m: data["pictures"][int(m.group(1))], text)

    views = {"": whole(data["base"])}
    for key, (parent, edits) in data["answers"].items():
        views[key] = apply_edits(views[parent], [[s, e, whole(t)] for s, e, t in edits])
    del views[""]
    return views
