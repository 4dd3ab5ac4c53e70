"""The classroom's sentences, by stable code: ``say("class_full")``.

The codes live in :data:`rummy_teach.reasons.ENGLISH` (the classroom's block), so a
translation is one more catalogue of the same codes.
"""

from __future__ import annotations

from ..reasons import Reason


def say(message_code: str, /, **params) -> str:
    """The sentence for ``code`` with its parameters filled in."""
    return Reason(message_code, params).text()
