"""The quizzes a course's teacher may link from the LMS (LTI deep linking), and their ids.

A teacher adding the tool to a course (a deep-linking request) is offered the built-in
quizzes (``rummy-teach classroom --quiz basic|500|contract|diagnostic``) and the quiz files
of the folder the school's administrator gave the tool (``--lti-quizzes DIR``), each read
as the classroom reads a ``--quiz`` file (:meth:`~rummy_teach.quiz.Quiz.from_file`): a file
that is no quiz is listed with the reason and cannot be picked.

The link the LMS keeps names its quiz in a custom parameter, ``rummy_quiz``:

* ``builtin:<name>`` for a built-in quiz;
* ``file:<file name>:<first 16 hex digits of the file's SHA-256>`` for a file, so a file
  changed after it was linked is noticed (its students' answers were to the old questions);

followed by ``~`` and a mark (HMAC-SHA-256 with a key drawn from the tool's private key), so
that a custom parameter typed or changed by hand in the LMS is told from one the tool made.
:func:`resolve` turns a parameter back into the quiz, or raises :class:`QuizRefused` with the
catalogue code of what is wrong: naming no quiz (``lti_refused_quiz_unknown``), a mark that
does not match (``lti_refused_quiz_forged``), a file removed or no longer a quiz
(``lti_refused_quiz_gone``), a file changed (``lti_refused_quiz_changed``).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from pathlib import Path

from ..errors import RummyError
from ..reasons import Reason

CUSTOM_CLAIM = "https://purl.imsglobal.org/spec/lti/claim/custom"
QUIZ_PARAMETER = "rummy_quiz"
FILES_LIMIT = 200      # files of the folder looked at (a folder is a teacher's, not an archive)
NAME_LIMIT = 120       # a file name longer than this is not offered
HASH_DIGITS = 16


class QuizRefused(Exception):
    """A ``rummy_quiz`` parameter that names no quiz the tool can serve; ``code`` says why."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class QuizChoice:
    """One quiz a teacher may link: ``quiz_id`` (unsigned), where it comes from (a built-in
    name or a file's path), the quiz (None when the file is no quiz) and, then, ``problem``:
    the catalogue :class:`~rummy_teach.reasons.Reason` or the quiz file's error saying why."""

    quiz_id: str
    source: str
    file_name: str = ""
    quiz: object = None
    problem: object = None

    def problem_text(self) -> str:
        """Why the file cannot be picked, in the language in use, naming the file by its
        name only (the server's folder is the administrator's, not shown)."""
        if self.problem is None:
            return ""
        text = self.problem.text() if isinstance(self.problem, Reason) else str(self.problem)
        return text.removeprefix(self.source + ": ").replace(self.source, self.file_name)

    @property
    def points(self) -> int:
        from .grades import points_of
        return sum(points_of(question) for question in self.quiz) if self.quiz else 0


def quiz_key(private_key: str) -> bytes:
    """The key that marks quiz ids: drawn from the tool's private key (the same on every
    restart and every process of the tool, never shown)."""
    return hashlib.sha256(b"rummy-lti-quiz:" + private_key.encode("utf-8")).digest()


def signed(quiz_id: str, key: bytes) -> str:
    """``quiz_id`` with its mark, as the LMS keeps it in the link's custom parameter."""
    return quiz_id + "~" + hmac.new(key, quiz_id.encode("utf-8"), hashlib.sha256).hexdigest()[:24]


def file_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:HASH_DIGITS]


def builtin_choices() -> list[QuizChoice]:
    from ..quiz import Quiz
    return [QuizChoice(f"builtin:{name}", name, quiz=Quiz.builtin(name))
            for name in Quiz.builtin_names()]


def file_choice(folder: Path, name: str) -> QuizChoice:
    """The quiz file ``name`` of ``folder``, read as ``--quiz FILE`` reads one."""
    from ..quiz import Quiz
    path = folder / name
    try:
        data = path.read_bytes()
    except OSError as error:
        return QuizChoice(f"file:{name}:", str(path), name, problem=Reason(
            "quizfile_unreadable", {"error": error.strerror or error}))
    quiz_id = f"file:{name}:{file_digest(data)}"
    try:
        return QuizChoice(quiz_id, str(path), name, quiz=Quiz.from_file(path))
    except RummyError as error:  # the file's own mistake, said as --quiz FILE says it
        return QuizChoice(quiz_id, str(path), name, problem=error)
    except Exception:  # whatever else a file may hold: not offered, never a crash
        return QuizChoice(quiz_id, str(path), name, problem=Reason("lti_quiz_file_bad", {}))


def file_names(folder: str | None) -> list[str]:
    """The quiz files of the administrator's folder: its plain files, not hidden, by name."""
    if not folder:
        return []
    try:
        entries = sorted(Path(folder).iterdir(), key=lambda p: p.name)
    except OSError:
        return []
    names = [p.name for p in entries
             if not p.name.startswith(".") and len(p.name) <= NAME_LIMIT and p.is_file()]
    return names[:FILES_LIMIT]


def offered(folder: str | None) -> list[QuizChoice]:
    """Every quiz a teacher is shown: the built-in ones, then the folder's files."""
    return builtin_choices() + [file_choice(Path(folder), name) for name in file_names(folder)]


def resolve(value, folder: str | None, key: bytes) -> QuizChoice:
    """The quiz a link's ``rummy_quiz`` parameter names (see the module), or QuizRefused."""
    if not isinstance(value, str) or "~" not in value or len(value) > 400:
        raise QuizRefused("lti_refused_quiz_unknown")
    quiz_id, _, mark = value.rpartition("~")
    if not hmac.compare_digest(signed(quiz_id, key), value):
        raise QuizRefused("lti_refused_quiz_forged")
    kind, _, rest = quiz_id.partition(":")
    if kind == "builtin":
        for choice in builtin_choices():
            if choice.quiz_id == quiz_id:
                return choice
        raise QuizRefused("lti_refused_quiz_gone")
    if kind != "file":
        raise QuizRefused("lti_refused_quiz_unknown")
    name, _, digest = rest.rpartition(":")
    if not name or name not in file_names(folder):  # removed (or the folder is another now)
        raise QuizRefused("lti_refused_quiz_gone")
    choice = file_choice(Path(folder), name)
    if choice.quiz_id != quiz_id:
        raise QuizRefused("lti_refused_quiz_changed")
    if choice.quiz is None:
        raise QuizRefused("lti_refused_quiz_gone")
    return choice


def link_parameter(claims: dict):
    """The launch's ``rummy_quiz`` custom parameter: None when the link has none (a link
    made before quizzes were picked: the class's own quiz), else what it holds."""
    custom = claims.get(CUSTOM_CLAIM)
    if not isinstance(custom, dict) or QUIZ_PARAMETER not in custom:
        return None
    return custom[QUIZ_PARAMETER]
