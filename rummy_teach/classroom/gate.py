"""The class's door: its join code, and the browser's *seat* cookie.

The quiz page (:mod:`~rummy_teach.classroom.quizpage`) asks for the join code before
anything else and gives each browser a seat (a random value, signed there); a reload or
a second tab of the same browser is the same seat, so the desk finds the same student
again. The lesson page (:mod:`~rummy_teach.classroom.lesson`) lets in only a seat the
desk knows.
"""

from __future__ import annotations

import hmac
import re

SEAT_COOKIE = "rummy_seat"
SEAT_DAYS = 30
# Voilà's lab template links Font Awesome from a CDN although its own bundle already
# carries it: the links are cut, so the page asks nothing of any other machine.
OUTSIDE_LINK = re.compile(r'<link[^>]+href="https?://[^"]*"[^>]*>\s*')


def join_code_key(code: str) -> str:
    """A join code as it is compared: spaces dropped, upper case (``abc1`` is ``ABC1``)."""
    return "".join(code.split()).upper()


def join_ok(given: str, config) -> bool:
    """Whether ``given`` is the class's join code, whatever its case and spaces."""
    code = join_code_key(config.join_code or "")
    given = join_code_key(given)
    return bool(code) and hmac.compare_digest(given.encode("utf-8"), code.encode("utf-8"))
