"""Reasons: why the engine judged as it did, as stable codes with parameters.

A :class:`Reason` is what quizzes, widgets and error messages show. Its ``code``
never changes once published (tests, stored quiz results and translations rely on
it); its ``params`` fill the message template. Another language is another dict of
the same codes, made the one in use with :func:`speaking` (every ``say`` inside the
``with`` block reads it).

This module is the catalogue's public face: the machinery lives in
:mod:`rummy_teach.messages.catalogue`, the English templates in the modules of
:mod:`rummy_teach.messages`, one per part of the program (engine, game, coach, quiz,
classroom, lessons, widgets, book), gathered in :data:`ENGLISH`.
"""

from __future__ import annotations

from .messages.catalogue import (READERS, Player, Reason, Reasons, Verdict, addressed,  # noqa: F401
                                 catalogue_in_use, catalogue_key, new_catalogue_key, param_from_json, param_to_json, placeholders, plural_templates,
                                 say, seated, speak_from_now_on, speaking)
from .messages.english import ENGLISH  # noqa: F401
from .plural import Percent, Plural, Signed, is_number, number_text, plural_form  # noqa: F401
