"""The classroom's settings, typed, checked once: :class:`ClassroomConfig`.

``rummy-teach classroom`` builds one from its command line, the environment and the
files it reads (:func:`~rummy_teach.classroom.server.prepare`), writes it to the run
folder's ``config.json`` and hands it to every part of the server (the desk, the pages,
the teacher's pages); a later start with the same ``--run-dir`` reads it back to resume the
class (no kernel reads it: kernels are never told where it is). Every value is checked when
the config is made: a bad one (a hand-edited ``config.json``, a join code of the wrong
form) stops with a sentence naming the setting, the value and what is accepted, never
later in the middle of a class.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import MISSING, asdict, dataclass, fields

from ..errors import RummyError
from ..reasons import Reason


class ClassroomError(RummyError):
    """The classroom cannot start as asked (busy port, bad roster, unreadable run folder, a
    bad setting)."""



CONFIG_ENV = "RUMMY_CLASSROOM_CONFIG"
MAX_STUDENTS = 500
MAX_ATTEMPTS = 20
ROSTER_LIMIT = 2000
TEXT_LIMIT = 200
_HEX64 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class ClassroomConfig:
    """One class: its quiz (or lesson), its database and session, its door and its rules."""

    quiz: str                      # a built-in quiz's name or a quiz file's absolute path
    quiz_name: str                 # kept with every answer
    db: str                        # a SQLite path or a PostgreSQL URL
    session: str
    token_sha256: str              # the teacher's token, hashed (the token is never kept here)
    title: str | None = None       # the teacher's --title, else the quiz's (a catalogue code)
    lang: str = "en"
    store_id: str | None = None    # the database's identity when the class began
    join_code: str | None = None   # None: behind the hub, no code
    projector_key: str = ""
    attempts: int = 1
    practice: bool = False
    shuffle: bool = True
    variants: bool = False
    roster: tuple[str, ...] | None = None
    user_header: str | None = None
    students: int = 30
    base_url: str = "/"
    hub_teachers: str | None = None
    connections_per_address: int = 64
    connection_idle_seconds: int = 30  # a connection sending no request this long is closed
    lesson: str | None = None      # with --notebook: the lesson's page in the run folder
    lti: str | None = None         # with --lti: the LMS's registration file (LTI 1.3)
    lti_quizzes: str | None = None  # with --lti: the folder of the teachers' quiz files

    def __post_init__(self):
        from .. import i18n
        _text(self, "quiz")
        _text(self, "quiz_name")
        _text(self, "db", limit=4000)
        _text(self, "session")
        if not (isinstance(self.token_sha256, str) and _HEX64.fullmatch(self.token_sha256)):
            _bad("token_sha256", self.token_sha256, "class_config_accept_digest")
        _text(self, "title", optional=True)
        if self.lang not in i18n.LANGUAGES:
            _bad("lang", self.lang, "class_config_accept_language",
                 languages=", ".join(i18n.LANGUAGES))
        _text(self, "store_id", optional=True)
        if self.join_code is not None:
            code = self.join_code
            if not (isinstance(code, str) and 4 <= len(code) <= 12 and code.isascii()
                    and code.isalnum() and code == code.upper()):
                _bad("join_code", code, "class_config_accept_join_code")
        _text(self, "projector_key", optional=True, empty=True)
        _whole(self, "attempts", 1, MAX_ATTEMPTS)
        for name in ("practice", "shuffle", "variants"):
            if not isinstance(getattr(self, name), bool):
                _bad(name, getattr(self, name), "class_config_accept_yes_no")
        if self.roster is not None:
            roster = self.roster
            if not isinstance(roster, (list, tuple)) or not 1 <= len(roster) <= ROSTER_LIMIT or \
                    not all(isinstance(n, str) and n.strip() for n in roster):
                _bad("roster", roster, "class_config_accept_roster", limit=ROSTER_LIMIT)
            object.__setattr__(self, "roster", tuple(roster))
        _text(self, "user_header", optional=True)
        _whole(self, "students", 1, MAX_STUDENTS)
        base = self.base_url
        if not (isinstance(base, str) and base.startswith("/") and base.endswith("/")
                and "//" not in base):
            _bad("base_url", base, "class_config_accept_prefix")
        _text(self, "hub_teachers", optional=True)
        _whole(self, "connections_per_address", 0, 100_000)
        _whole(self, "connection_idle_seconds", 1, 3600)
        _text(self, "lesson", optional=True)
        _text(self, "lti", optional=True, limit=4000)
        _text(self, "lti_quizzes", optional=True, limit=4000)

    # --- to and from the run folder ------------------------------------------------------
    @classmethod
    def from_dict(cls, data) -> "ClassroomConfig":
        """A config from ``config.json``'s object; an unknown or missing setting is refused."""
        if not isinstance(data, dict):
            raise ClassroomError(Reason("class_config_not_object", {}))
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ClassroomError(Reason("class_config_unknown", {
                "names": ", ".join(unknown), "accepted": ", ".join(sorted(known))}))
        try:
            return cls(**data)
        except TypeError:  # a required setting missing
            missing = sorted(f.name for f in fields(cls)
                             if f.name not in data and f.default is MISSING)
            raise ClassroomError(Reason("class_config_missing", {"names": ", ".join(missing)})) \
                from None

    def to_dict(self) -> dict:
        data = asdict(self)
        data["roster"] = list(self.roster) if self.roster is not None else None
        return data

    @property
    def kernels(self) -> bool:
        """Whether students get a kernel each (a lesson served by Voilà)."""
        return self.lesson is not None


def load_config(path: str | None = None) -> ClassroomConfig:
    """The config the ``classroom`` command wrote (``RUMMY_CLASSROOM_CONFIG``, else ``path``)."""
    path = path or os.environ.get(CONFIG_ENV)
    if not path:
        raise ClassroomError(Reason("class_config_no_path", {"name": CONFIG_ENV}))
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError) as error:
        raise ClassroomError(Reason("class_error_run_dir", {"path": path, "error": error})) \
            from None
    return ClassroomConfig.from_dict(data)


def as_config(value) -> ClassroomConfig:
    """``value`` if it is a config, else one made (and checked) from its dict."""
    return value if isinstance(value, ClassroomConfig) else ClassroomConfig.from_dict(value)


def _bad(name: str, value, accepted: str, **params) -> None:
    shown = repr(value)
    if len(shown) > 80:
        shown = shown[:77] + "..."
    raise ClassroomError(Reason("class_config_bad", {
        "name": name, "value": shown, "accepted": Reason(accepted, params)}))


def _text(config, name: str, optional: bool = False, empty: bool = False,
          limit: int = TEXT_LIMIT) -> None:
    value = getattr(config, name)
    if value is None and optional:
        return
    if not isinstance(value, str) or (not value and not empty) or len(value) > limit:
        _bad(name, value, "class_config_accept_text", limit=limit)


def _whole(config, name: str, low: int, high: int) -> None:
    value = getattr(config, name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _bad(name, value, "class_config_accept_range", low=low, high=high)
