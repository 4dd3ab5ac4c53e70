"""The fields of the classroom's tables: the limits and cleaning of what a student
sends (names, answers), the stored time format, and the error every failure of the
results store raises. The answers' table (:mod:`.store`) and the students' table
(:mod:`.students`) both write through these.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone

from ..errors import RummyError

# Longest text kept per field; a longer answer is stored cut, with a marker.
TEXT_LIMITS = {"student_name": 200, "given": 2000}
ID_LIMIT = 200
_TIME_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"  # fixed width, UTC: sorts as text on both backends


class ResultsStoreError(RummyError):
    """The results database cannot be opened, read or written; the message says why."""


# Characters that would let a name or an answer steer a terminal (control characters,
# escape sequences) or turn the text around in a report (bidi controls): dropped.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                     "\u2066-\u2069\u2028\u2029\ufff9-\ufffb]")


def safe_text(text: str) -> str:
    """``text`` without control and bidi characters; tabs and line ends become spaces."""
    return _UNSAFE.sub("", re.sub("[\t\n\r]", " ", text))


def clean_field(field: str, value, limit: int, required: bool = True) -> str:
    """Text any database can hold and any screen shows as written: no NUL (PostgreSQL
    refuses it), no lone surrogates, no control or bidi characters."""
    if not isinstance(value, str):
        if value is None or isinstance(value, bool):
            raise ResultsStoreError(f"{field} must be text, got {value!r}")
        value = str(value)
    text = safe_text(value.encode("utf-8", "replace").decode("utf-8"))
    if required and not text.strip():
        raise ResultsStoreError(f"{field} is empty; every answer needs a {field.replace('_', ' ')}")
    return text if len(text) <= limit else text[:limit - 1] + "…"


def time_text(at: datetime | None) -> str:
    if at is None:
        at = datetime.now(timezone.utc)
    if not isinstance(at, datetime) or at.tzinfo is None:
        raise ResultsStoreError(f"answer time {at!r} must be a timezone-aware datetime")
    return at.astimezone(timezone.utc).strftime(_TIME_FORMAT)


def parse_time(text: str) -> datetime:
    try:
        return datetime.strptime(text, _TIME_FORMAT).replace(tzinfo=timezone.utc)
    except ValueError:
        try:
            parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            raise ResultsStoreError(f"a stored answer has an unreadable time {text!r}") from None
        return parsed if parsed.tzinfo else parsed.replace(tzinfo=timezone.utc)
