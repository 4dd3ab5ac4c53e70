"""The classroom's sentences, by stable code: ``say("class_full")``.

The codes live in :data:`rummy_teach.reasons.ENGLISH` (the classroom's block), so a
translation is one more catalogue of the same codes.
"""

from __future__ import annotations

from ..reasons import Reason


def say(message_code: str, /, **params) -> str:
    """The sentence for ``code`` with its parameters filled in."""
    return Reason(message_code, params).text()


def class_title(config) -> str:
    """The class's title in the language in use: the teacher's ``--title`` as written, or the
    quiz's own title (a catalogue code for the built-in quizzes)."""
    from ..quiz.words import said
    return said(config.title) or config.quiz_name or ""


def class_language(config) -> str:
    """The teacher's language (``--lang``): the teacher's pages and the CSV headers speak it,
    and the students' page until a student picks another."""
    from .. import i18n
    try:
        return i18n.resolve_language(config.lang or i18n.DEFAULT)
    except Exception:
        return i18n.DEFAULT
