"""``rummy-teach quiz check FILE``: what is wrong with a teacher's quiz file, before class.

Every question is read as the classroom and the widgets read it, its position checked as
one a real game can reach; a file that reads then goes through the audit (``audit.py``:
what keeps an item from being used unseen, e.g. cards left under a discard pile the
learner is shown whole). Each question that cannot be used is named with the reason.
Exit 0: every question can be used; 1: some cannot (each is listed); 2: the file itself
cannot be read (not found, not JSON, not a quiz).
"""

from __future__ import annotations

from pathlib import Path

from ..reasons import Reason, say
from .audit import audit_quiz
from .fileformat import QuizFileError, parse_text, problems_of
from .quiz import Quiz

HELP = "check a quiz file before class: every question, every position (exit 0 usable, 1 not)"


def configure(parser) -> None:
    """Add the ``quiz`` command's arguments to its argparse sub-parser."""
    parser.add_argument("action", choices=("check",), help="check: say what is wrong with the file")
    parser.add_argument("file", help="the quiz file (JSON, see docs/quiz-format.md)")
    parser.set_defaults(func=cmd_quiz)


def cmd_quiz(args) -> int:
    path = Path(args.file)
    data = parse_text(Quiz.read_text_of(path), str(path))     # unreadable: exit 2
    count, errors = problems_of(data, str(path))
    if not errors:
        errors = _audited(Quiz.from_data(data, str(path)), str(path))
    for error in errors:
        print(error)
    questions = Reason("count_questions", {"count": count})
    if errors:
        bad = len({error.question for error in errors})
        print(say("quizcheck_some_bad", file=str(path), questions=questions,
                  bad=Reason("count_questions", {"count": bad})))
        return 1
    print(say("quizcheck_all_good", file=str(path), questions=questions))
    return 0


def _audited(quiz, source) -> list[QuizFileError]:
    """The audit's findings, placed as a reading error is (file, question number and id)."""
    numbers = {question.id: number for number, question in enumerate(quiz, start=1)}
    return [QuizFileError(reason, source, numbers[qid], qid) for qid, reason in audit_quiz(quiz)]
