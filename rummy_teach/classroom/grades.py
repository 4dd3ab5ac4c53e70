"""The gradebook: one row per student, points per question, as a teacher marks a paper.

A question earns its points (1 unless the quiz file gives ``points``) when one of
the student's judged answers to it is right; the store never keeps more judged
answers than the class allowed, so a late right answer after the tries ran out
cannot exist. Unreadable answers never count. Pure functions.
"""

from __future__ import annotations

from dataclasses import dataclass

from .report import csv_table


def points_of(question) -> int:
    return int(getattr(question, "points", 1) or 1)


@dataclass(frozen=True)
class GradeRow:
    student_id: str
    name: str
    points: int
    max_points: int
    right: int
    wrong: int
    unanswered: int
    per_question: dict  # question id -> points earned, or None if not answered


def gradebook(quiz, answers, students=()) -> list[GradeRow]:
    """Rows for every student who joined (``students``) or answered, by name."""
    names = {s.student_id: s.name for s in students}
    judged: dict[str, dict[str, list[str]]] = {sid: {} for sid in names}
    for answer in answers:
        names.setdefault(answer.student_id, answer.student_name)
        if answer.counted:
            judged.setdefault(answer.student_id, {}).setdefault(answer.question_id, []).append(
                answer.outcome)
    questions = list(quiz)
    top = sum(points_of(q) for q in questions)
    rows = []
    for sid, name in names.items():
        mine = judged.get(sid, {})
        earned = {q.id: (points_of(q) if "right" in mine[q.id] else 0) if q.id in mine else None
                  for q in questions}
        right = sum(1 for q in questions if q.id in mine and "right" in mine[q.id])
        answered = sum(1 for q in questions if q.id in mine)
        rows.append(GradeRow(sid, name, sum(v or 0 for v in earned.values()), top, right,
                             answered - right, len(questions) - answered, earned))
    return sorted(rows, key=lambda r: (r.name.casefold(), r.student_id))


def gradebook_csv(quiz, rows) -> str:
    """The gradebook as CSV: one row per student, a column per question (points earned)."""
    ids = [q.id for q in quiz]
    header = ("student_id", "student_name", "points", "max_points", "right", "wrong",
              "unanswered", *ids)
    return csv_table(header, ((r.student_id, r.name, r.points, r.max_points, r.right, r.wrong,
                          r.unanswered, *("" if r.per_question[i] is None else r.per_question[i]
                                          for i in ids)) for r in rows))
