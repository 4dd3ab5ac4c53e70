"""The controllers' common ground: the protocol every widget controller follows
(:class:`Controller`), the error for what they cannot read (:class:`PlayError`), and
the element a book page holds for one (:func:`page_html`). See :mod:`rummy_teach.play`.
"""

from __future__ import annotations

import html
import json
import re

from ..errors import RummyError
from ..reasons import say
from .ahead import answers_ahead, packed


class PlayError(RummyError, ValueError):
    """A widget configuration or event the controllers cannot read. Raised with a
    catalogue :class:`~rummy_teach.reasons.Reason` where a learner may read it, so
    ``str(error)`` says it in the language in use (see :mod:`rummy_teach.errors`)."""


class Controller:
    """The protocol every widget controller follows."""

    kind = ""

    def config(self) -> dict:
        """JSON data that rebuilds this controller as it started (see :func:`from_config`)."""
        raise NotImplementedError

    def handle(self, act: str, arg: str = "", fields: dict | None = None) -> None:
        """Answer one event of the learner (a press, a click on a card, a submit)."""
        raise NotImplementedError

    def html(self) -> str:
        """The view as it is now."""
        raise NotImplementedError

    def views(self) -> dict[str, str] | None:
        """Every view by key when all are known in advance (``act="go"`` picks one), else None."""
        return None


# what the page's script may say before Python answers (book/_play/play/bookplay.js)
STATUS_WORDS = {"starting": "play_starting", "failed": "play_failed",
                "failed_file": "play_failed_file", "failed_load": "play_failed_load",
                "failed_event": "play_failed_event", "dealing": "play_dealing"}


def page_html(controller: Controller) -> str:
    """The element a static page holds for ``controller``: its first view, its
    configuration, and (when known in advance) every other view as a ``<template>``."""
    config = html.escape(json.dumps(controller.config(), separators=(",", ":")), quote=True)
    templates = ""
    views = controller.views()
    if views:
        views, pictures = _share_pictures(views)
        templates = f'<template data-pictures>{"".join(pictures)}</template>' + "".join(
            f'<template data-view="{html.escape(key, quote=True)}">{view}</template>'
            for key, view in views.items())
    else:
        templates = _answers_ahead_html(controller)
    words = html.escape(json.dumps({key: say(code) for key, code in STATUS_WORDS.items()},
                                   ensure_ascii=False, separators=(",", ":")), quote=True)
    return (f'<div class="rt-play" data-kind="{controller.kind}" data-config="{config}" '
            f'data-words="{words}">'
            f'<div class="rt-play-view">{controller.html()}</div>{templates}'
            f'<p class="rt-play-status" role="status" aria-live="polite"></p></div>')


def _answers_ahead_html(controller: Controller) -> str:
    """The replies to a reader's first clicks, drawn now (:mod:`.ahead`), as a JSON
    script the page reads only when such a click comes before its Python is up."""
    answers = answers_ahead(controller)
    if not answers:
        return ""
    data = json.dumps(packed(controller.html(), answers), ensure_ascii=False,
                      separators=(",", ":")).replace("</", "<\\/")
    return f'<script type="application/json" class="rt-ahead">{data}</script>'


_SVG = re.compile(r"<svg\b.*?</svg>", re.S)


def _share_pictures(views: dict[str, str]) -> tuple[dict[str, str], list[str]]:
    """The views with each card picture replaced by ``<i data-picture="N">``, and the
    distinct pictures: the steps of a worked example repeat the same few dozen cards,
    so the page carries each once (the page's script puts them back)."""
    pictures: dict[str, int] = {}

    def number(match) -> str:
        return f'<i data-picture="{pictures.setdefault(match.group(0), len(pictures))}"></i>'

    shared = {key: _SVG.sub(number, view) for key, view in views.items()}
    return shared, list(pictures)
