"""The teacher's report: how the class did, per student and per question.

:func:`build_report` turns stored :class:`~rummy_teach.classroom.store.Answer`
values into plain data (frozen dataclasses, :meth:`ClassReport.to_dict` for
JSON); :func:`report_text` and the CSV functions render it; the HTML page is in
:mod:`rummy_teach.classroom.report_html`. All are pure functions.

Counting: a right or wrong answer is an *attempt*; an unreadable answer was never
judged, so it is listed but not counted. Every attempt counts, retries included;
a success rate is right / attempts, ``None`` when there were no attempts.
"""

from __future__ import annotations

import csv
import io
from dataclasses import asdict, dataclass
from datetime import datetime

from ..i18n import number_text
from ..plural import Percent
from ..quiz.words import said
from ..reasons import say
from .fields import parse_time

ANSWER_CSV_HEADER = ("answered_at", "session", "student_id", "student_name", "quiz", "question_id",
                     "rule", "given", "outcome")
QUESTION_CSV_HEADER = ("quiz", "question_id", "rule", "attempts", "right", "wrong", "unreadable",
                       "students", "success_rate")
STUDENT_CSV_HEADER = ("student_id", "student_name", "answers", "right", "wrong", "unreadable",
                      "success_rate")


def _rate(right: int, attempts: int) -> float | None:
    return right / attempts if attempts else None


def share(rate: float | None) -> Percent | str:
    """A success rate as a sentence or a table shows it: a :class:`~rummy_teach.plural.Percent`
    (0.75 reads "75%", written in the reader's language), a dash when there is nothing to rate."""
    return "–" if rate is None else Percent(rate)


@dataclass(frozen=True)
class StudentResult:
    """One student's answers: ``answers`` counts right + wrong (unreadable apart)."""

    student_id: str
    name: str
    answers: int
    right: int
    unreadable: int

    @property
    def wrong(self) -> int:
        return self.answers - self.right

    @property
    def success_rate(self) -> float | None:
        return _rate(self.right, self.answers)


@dataclass(frozen=True)
class QuestionResult:
    """One question across the class: ``attempts`` counts right + wrong answers."""

    quiz: str
    question_id: str
    rule: str
    attempts: int
    right: int
    unreadable: int
    students: int

    @property
    def wrong(self) -> int:
        return self.attempts - self.right

    @property
    def success_rate(self) -> float | None:
        return _rate(self.right, self.attempts)


@dataclass(frozen=True)
class ClassReport:
    """Everything a report page shows, as plain values."""

    sessions: tuple[str, ...]
    quizzes: tuple[str, ...]
    students: tuple[StudentResult, ...]      # by name
    questions: tuple[QuestionResult, ...]    # in the order the class first met them
    most_missed: tuple[QuestionResult, ...]  # most wrong answers first
    answers: int                             # counted: right + wrong
    right: int
    unreadable: int
    first_at: datetime | None
    last_at: datetime | None

    @property
    def success_rate(self) -> float | None:
        return _rate(self.right, self.answers)

    @property
    def summary(self) -> str:
        """One line for the top of the page, in the language in use."""
        if not self.answers and not self.unreadable:
            return say("class_report_no_answers")
        people, counted = len(self.students), self.answers
        line = say("class_report_summary",
                   students=say("class_students", n=people),
                   answers=say("class_answers", n=counted),
                   right=self.right, rate=share(self.success_rate))
        if self.unreadable:
            line += say("class_report_summary_unreadable", unreadable=self.unreadable)
        if self.most_missed:
            worst = self.most_missed[0]
            line += say("class_report_summary_missed", question=worst.question_id,
                        rule=said(worst.rule) or say("class_report_no_rule"),
                        wrong=worst.wrong, attempts=worst.attempts)
        return line + "."

    def to_dict(self) -> dict:
        """JSON-ready data, rates included."""
        def row(result) -> dict:
            return {**asdict(result), "wrong": result.wrong, "success_rate": result.success_rate}
        return {
            "sessions": list(self.sessions), "quizzes": list(self.quizzes),
            "students": [row(s) for s in self.students],
            "questions": [row(q) for q in self.questions],
            "most_missed": [row(q) for q in self.most_missed],
            "answers": self.answers, "right": self.right, "unreadable": self.unreadable,
            "success_rate": self.success_rate, "summary": self.summary,
            "first_at": self.first_at.isoformat() if self.first_at else None,
            "last_at": self.last_at.isoformat() if self.last_at else None,
        }

    def _repr_html_(self) -> str:
        from .report_html import report_html
        return report_html(self)


def build_report(answers, *, most_missed: int = 5) -> ClassReport:
    """The class report for these answers (any iterable of :class:`Answer`)."""
    answers = sorted(answers, key=lambda a: (a.answered_at, a.answer_id))
    students: dict[str, dict] = {}
    questions: dict[tuple[str, str], dict] = {}
    readers: dict[tuple[str, str], set] = {}
    for answer in answers:
        s = students.setdefault(answer.student_id, _tally(name=answer.student_name))
        s["name"] = answer.student_name  # the latest display name wins
        key = (answer.quiz, answer.question_id)
        q = questions.setdefault(key, _tally(rule=answer.rule))
        q["rule"] = answer.rule or q["rule"]
        for tally in (s, q):
            tally["counted" if answer.counted else "unreadable"] += 1
            tally["right"] += answer.correct
        if answer.counted:
            readers.setdefault(key, set()).add(answer.student_id)
    return _report(tuple(dict.fromkeys(a.session for a in answers)), students, questions,
                   {key: len(ids) for key, ids in readers.items()},
                   answers[0].answered_at if answers else None,
                   answers[-1].answered_at if answers else None, most_missed)


def report_of_counts(session: str, counts: dict, *, most_missed: int = 5) -> ClassReport:
    """The class report of one session from the store's counts
    (``ResultsStore.report_counts``): the same report :func:`build_report` makes of the
    session's answers, without reading them one by one (the report page refreshes every
    few seconds while it is open)."""
    students: dict[str, dict] = {}
    for student_id, name, total, judged, right, last in counts["names"]:
        s = students.setdefault(student_id, _tally(name=name, last=last))
        if last > s["last"]:  # the latest display name wins
            s["name"], s["last"] = name, last
        s["counted"] += int(judged)
        s["right"] += int(right)
        s["unreadable"] += int(total) - int(judged)
    questions: dict[tuple[str, str], dict] = {}
    for quiz, question_id, rule, outcome, number, first, last in counts["questions"]:
        q = questions.setdefault((quiz, question_id), _tally(rule=rule, first=first, rule_at=""))
        q["first"] = min(q["first"], first)
        if rule and last > q["rule_at"]:  # the latest rule given wins, as answer by answer
            q["rule"], q["rule_at"] = rule, last
        number = int(number)
        q["counted" if outcome != "unreadable" else "unreadable"] += number
        q["right"] += number if outcome == "right" else 0
    met = dict(sorted(questions.items(), key=lambda item: item[1]["first"]))
    keys = [row[5] for row in counts["questions"]] + [row[6] for row in counts["questions"]]
    return _report((session,) if questions else (), students, met,
                   {(quiz, question_id): int(n) for quiz, question_id, n in counts["students"]},
                   parse_time(min(keys).split("|")[0]) if keys else None,
                   parse_time(max(keys).split("|")[0]) if keys else None, most_missed)


def _tally(**more) -> dict:
    """One student's or one question's running count, as both builders keep it."""
    return {"counted": 0, "right": 0, "unreadable": 0, **more}


def _report(sessions: tuple, students: dict, questions: dict, readers: dict,
            first_at, last_at, most_missed: int) -> ClassReport:
    """The report of the tallies: ``students`` by id, ``questions`` by (quiz, question id)
    in the order the class met them, ``readers`` the students who answered each."""
    student_rows = tuple(sorted(
        (StudentResult(student_id=sid, name=s["name"], answers=s["counted"], right=s["right"],
                       unreadable=s["unreadable"]) for sid, s in students.items()),
        key=lambda r: (r.name.casefold(), r.student_id)))
    question_rows = tuple(
        QuestionResult(quiz=quiz, question_id=qid, rule=q["rule"], attempts=q["counted"],
                       right=q["right"], unreadable=q["unreadable"],
                       students=readers.get((quiz, qid), 0))
        for (quiz, qid), q in questions.items())
    missed = sorted((q for q in question_rows if q.wrong),
                    key=lambda q: (-q.wrong, q.success_rate, q.quiz, q.question_id))
    return ClassReport(
        sessions=sessions, quizzes=tuple(dict.fromkeys(quiz for quiz, _ in questions)),
        students=student_rows, questions=question_rows, most_missed=tuple(missed[:most_missed]),
        answers=sum(s["counted"] for s in students.values()),
        right=sum(s["right"] for s in students.values()),
        unreadable=sum(s["unreadable"] for s in students.values()),
        first_at=first_at, last_at=last_at,
    )


# -- text --------------------------------------------------------------------
#: the columns of the report's tables, by catalogue code
QUESTION_COLUMNS = ("class_col_question", "class_col_rule", "class_col_attempts", "col_right",
                    "class_col_success")
STUDENT_COLUMNS = ("col_student", "col_answers", "col_right", "class_col_success",
                   "class_col_unreadable")


def missed_line(q) -> str:
    """One of the most missed questions, in words (its rule said from its stored code)."""
    return say("class_report_missed_line", question=q.question_id, wrong=q.wrong,
               attempts=q.attempts, rate=share(q.success_rate),
               rule=said(q.rule) or say("class_report_no_rule"))


def _table(header: tuple, rows: list[tuple], right_align: set[int]) -> list[str]:
    rows = [tuple(number_text(cell) for cell in row) for row in rows]
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows)]
    def line(cells):
        return "  " + "  ".join(c.rjust(w) if i in right_align else c.ljust(w)
                                for i, (c, w) in enumerate(zip(cells, widths))).rstrip()
    return [line(header)] + [line(row) for row in rows]


def display_names(report: ClassReport) -> dict[str, str]:
    """Display names, with the student id added where two students share a name."""
    counts: dict[str, int] = {}
    for s in report.students:
        counts[s.name.casefold()] = counts.get(s.name.casefold(), 0) + 1
    return {s.student_id: s.name if counts[s.name.casefold()] == 1 else f"{s.name} ({s.student_id})"
            for s in report.students}


def report_text(report: ClassReport, *, by: str | None = None) -> str:
    """A readable report for a terminal: summary, then by student and/or by question."""
    scope = []
    if report.sessions:
        scope.append(f"session{'s' if len(report.sessions) > 1 else ''} {', '.join(report.sessions)}")
    if report.quizzes:
        scope.append(f"quiz{'zes' if len(report.quizzes) > 1 else ''} {', '.join(report.quizzes)}")
    lines = [say("class_report_heading") + (f" - {'; '.join(scope)}" if scope else ""),
             report.summary]
    if by in (None, "student") and report.students:
        names = display_names(report)
        lines += ["", say("class_report_by_student")] + _table(
            tuple(say(c) for c in STUDENT_COLUMNS),
            [(names[s.student_id], s.answers, s.right, share(s.success_rate), s.unreadable)
             for s in report.students], {1, 2, 3, 4})
    if by in (None, "question") and report.questions:
        many = len(report.quizzes) > 1
        lines += ["", say("class_report_by_question")] + _table(
            tuple(say(c) for c in QUESTION_COLUMNS),
            [(f"{q.quiz}/{q.question_id}" if many else q.question_id, said(q.rule), q.attempts,
              q.right, share(q.success_rate)) for q in report.questions], {2, 3, 4})
        if report.most_missed:
            lines += ["", say("class_report_most_missed")]
            lines += ["  " + missed_line(q) for q in report.most_missed]
    return "\n".join(lines) + "\n"


# -- CSV ---------------------------------------------------------------------
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value):
    """A cell a spreadsheet shows as text: one that could start a formula gets a leading
    apostrophe (``=HYPERLINK(...)`` stays words); numbers are kept as numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_header(columns) -> tuple:
    """Column names in the language in use (``csv_<column>`` codes; a question id as it is)."""
    from ..reasons import ENGLISH
    return tuple(say(f"csv_{c}") if f"csv_{c}" in ENGLISH else c for c in columns)


def csv_table(header: tuple, rows) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([csv_cell(cell) for cell in csv_header(header)])  # a question id too
    writer.writerows([csv_cell(cell) for cell in row] for row in rows)
    return out.getvalue()


def _rate_cell(rate: float | None) -> str:
    return "" if rate is None else f"{rate:.4f}"


def answers_csv(answers) -> str:
    """One row per answer, with a header; times in UTC ISO 8601."""
    return csv_table(ANSWER_CSV_HEADER, (
        (a.answered_at.isoformat(), a.session, a.student_id, a.student_name, a.quiz,
         a.question_id, a.rule, a.given, a.outcome) for a in answers))


def questions_csv(report: ClassReport) -> str:
    """One row per question: attempts, right, wrong, unreadable, students, success rate (0-1)."""
    return csv_table(QUESTION_CSV_HEADER, (
        (q.quiz, q.question_id, q.rule, q.attempts, q.right, q.wrong, q.unreadable, q.students,
         _rate_cell(q.success_rate)) for q in report.questions))


def students_csv(report: ClassReport) -> str:
    """One row per student: answers counted, right, wrong, unreadable, success rate (0-1)."""
    return csv_table(STUDENT_CSV_HEADER, (
        (s.student_id, s.name, s.answers, s.right, s.wrong, s.unreadable, _rate_cell(s.success_rate))
        for s in report.students))
