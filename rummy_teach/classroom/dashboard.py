"""What the teacher watches live, the projector shows, and the paper prints: pure HTML.

* :func:`dashboard_html`: who is in, which question each student is on, how many
  answers and how many right, and right/wrong per question as bars;
* :func:`projector_html`: the bars and the counts only, never a name;
* :func:`paper_html`: the quiz as a printable paper, then its answer key;
* :func:`sessions_html`: the sessions kept in the results database, to browse.

Bars are plain ``<div>`` widths with their numbers written beside them, so they
print, scale on a projector and never rely on colour alone.
"""

from __future__ import annotations

from datetime import datetime, timezone
from html import escape
from urllib.parse import quote

from ..reasons import Reason
from .messages import say
from .pages import scroll_box

BAR_STYLE = """<style>
.rt-bars { display: grid; grid-template-columns: minmax(8em, 16em) 1fr; gap: 0.35em 0.8em;
  align-items: center; }
.rt-bar { display: flex; height: 1.5em; background: #eee; min-width: 10em; }
.rt-bar span { display: block; height: 100%; }
.rt-bar .r { background: #1b6e3a; } .rt-bar .w { background: #b3261e; }
.rt-count { font-variant-numeric: tabular-nums; white-space: nowrap; }
.rt-projector { font-size: 28px; }
</style>"""


def _ago(at: datetime | None, now: datetime) -> str:
    if at is None:
        return "–"
    seconds = max(0, int((now - at).total_seconds()))
    return say("seconds_ago", n=seconds) if seconds < 120 else say("minutes_ago", n=seconds // 60)


class Tally:
    """What the live pages count in a session's answers, and nothing else: answers in all,
    judged and right ones per student, right and wrong per question, and which (quiz,
    question) each student has a judged answer to. Its size is bounded by the students and
    the questions, not by the answers: the dashboard and the projector, read every few
    seconds all through a class, count in the database (:meth:`of_counts`, from
    ``ResultsStore.answer_counts``) instead of reading every answer each time, which made
    the server's memory grow with the class's answers (issue 28). :meth:`of` counts a list of
    answers the same way."""

    def __init__(self):
        self.answers = 0
        self.students: dict[str, list[int]] = {}    # student id -> [judged, right]
        self.questions: dict[str, list[int]] = {}   # question id -> [right, wrong]
        self.judged: dict[str, set] = {}            # student id -> {(quiz, question id)}

    def add(self, student_id: str, quiz: str, question_id: str, outcome: str, count: int = 1):
        self.answers += count
        if outcome == "unreadable":   # never judged
            return
        right = outcome == "right"
        student = self.students.setdefault(student_id, [0, 0])
        student[0] += count
        student[1] += count if right else 0
        self.questions.setdefault(question_id, [0, 0])[0 if right else 1] += count
        self.judged.setdefault(student_id, set()).add((quiz, question_id))

    @classmethod
    def of(cls, answers) -> "Tally":
        """The tally of ``answers`` (a list of stored answers, or a tally already)."""
        if isinstance(answers, Tally):
            return answers
        tally = cls()
        for answer in answers:
            tally.add(answer.student_id, answer.quiz, answer.question_id, answer.outcome)
        return tally

    @classmethod
    def of_counts(cls, counts: dict) -> "Tally":
        """The tally of the store's counts (``ResultsStore.answer_counts``)."""
        tally = cls()
        for student_id, judged, right, every in counts["students"]:
            tally.answers += int(every)
            if judged:
                tally.students[student_id] = [int(judged), int(right)]
        for question_id, outcome, count in counts["questions"]:
            if outcome != "unreadable":
                tally.questions.setdefault(question_id, [0, 0])[outcome != "right"] += int(count)
        for student_id, quiz, question_id in counts["pairs"]:
            tally.judged.setdefault(student_id, set()).add((quiz, question_id))
        return tally


def question_tallies(quiz, answers) -> list[tuple[int, str, int, int]]:
    """(number, question id, right, wrong) in quiz order, judged answers only."""
    counted = Tally.of(answers).questions
    return [(n, q.id, *counted.get(q.id, (0, 0))) for n, q in enumerate(quiz, 1)]


def bars_html(quiz, answers) -> str:
    rows = question_tallies(quiz, answers)
    most = max([right + wrong for _, _, right, wrong in rows] + [1])
    cells = []
    for number, qid, right, wrong in rows:
        label = say("bar_label", number=number, question=qid)
        cells.append(
            f'<div>{escape(label)}</div><div class="rt-barline">'
            f'<div class="rt-bar" role="img" aria-label="{escape(say("bar_counts", right=right, wrong=wrong))}">'
            f'<span class="r" style="width:{100 * right / most:.1f}%"></span>'
            f'<span class="w" style="width:{100 * wrong / most:.1f}%"></span></div>'
            f'<span class="rt-count">{escape(say("bar_counts", right=right, wrong=wrong))}'
            "</span></div>")
    return f'{BAR_STYLE}<div class="rt-bars">{"".join(cells)}</div>'


def _position(position: int, total: int) -> str:
    if total and position >= total:
        return say("student_finished")
    if not total:  # a lesson whose quizzes no kernel has drawn yet
        return "–"
    return say("student_on_question", number=position + 1, total=total)


def lesson_positions(lesson: dict, students, answers) -> dict:
    """Where each student is in a lesson's quizzes (``lesson``: quiz name -> its number of
    questions): how many of their questions the student has answered (judged)."""
    judged = Tally.of(answers).judged
    return {s.student_id: sum(1 for quiz, _ in judged.get(s.student_id, ()) if quiz in lesson)
            for s in students}


def dashboard_html(quiz, students, answers, now: datetime | None = None,
                   lesson: dict | None = None) -> str:
    """The live part of the dashboard (re-fetched every few seconds). ``lesson``: in a
    lesson class (``--notebook``), its quizzes (name -> number of questions, as the
    students' kernels drew them): "question N of M" counts their questions, not the class
    quiz's."""
    now = now or datetime.now(timezone.utc)
    answers = Tally.of(answers)
    if lesson is None:
        total = len(quiz)
        where = {s.student_id: s.position for s in students}
    else:
        total = sum(lesson.values())
        where = lesson_positions(lesson, students, answers)
    judged = answers.students
    rows = "".join(
        f"<tr><td>{escape(s.name)}</td><td>{escape(_position(where[s.student_id], total))}</td>"
        f'<td class="n">{judged.get(s.student_id, [0, 0])[0]}</td>'
        f'<td class="n">{judged.get(s.student_id, [0, 0])[1]}</td>'
        f"<td>{escape(_ago(s.seen_at, now))}</td><td>{escape(s.rejoin_code)}</td></tr>"
        for s in students)
    finished = sum(1 for s in students if total and where[s.student_id] >= total)
    head = "".join(f"<th>{escape(say(code))}</th>" for code in (
        "col_student", "col_where", "col_answered", "col_right", "col_seen", "col_rejoin"))
    summary = say("dashboard_summary", students=Reason("class_joined", {"count": len(students)}),
                  finished=finished, answers=Reason("count_answers", {"count": answers.answers}))
    return (f'<p class="rt-summary">{escape(summary)}</p>'
            f"<h2>{escape(say('dashboard_questions'))}</h2>{bars_html(quiz, answers)}"
            f"<h2>{escape(say('dashboard_students'))}</h2>"
            + scroll_box(f'<table class="rt-students"><thead><tr>{head}</tr></thead>'
                         f"<tbody>{rows}</tbody></table>", say("dashboard_students")))


def projector_html(quiz, students, answers) -> str:
    """The anonymous live part for a projector: counts and bars, no names."""
    finished = sum(1 for s in students if s.position >= len(quiz))
    summary = say("projector_summary", students=Reason("class_joined", {"count": len(students)}),
                  finished=finished)
    return (f'<div class="rt-projector"><p>{escape(summary)}</p>'
            f"{bars_html(quiz, answers)}</div>")


def teacher_nav(token: str, session: str, base: str = "/", lms: bool = False,
                sessions: bool = True, tables: bool = True) -> str:
    """Links between the teacher's pages (the token rides along in each address; behind
    JupyterHub there is none: the hub's login is the key). ``lms``: the class sends grades
    to an LMS (``--lti``), whose page is linked too. ``sessions``, ``tables``: the pages of
    every session and of the card tables are there (not for one quiz an LMS link chose)."""
    t, s = f"token={quote(token, safe='')}&" if token else "", quote(session, safe="")
    b = base.rstrip("/")
    links = [("nav_report", f"{b}/voila/render/report.ipynb?{t}session={s}"),
             ("nav_dashboard", f"{b}/teacher/dashboard?{t}session={s}"),
             ("nav_gradebook", f"{b}/teacher/gradebook.csv?{t}session={s}"),
             ("nav_answers", f"{b}/teacher/answers.csv?{t}session={s}"),
             ("nav_students", f"{b}/teacher/students?{t}session={s}"),
             ("nav_sessions", f"{b}/teacher/sessions?{t}".rstrip("?&")),
             ("nav_paper", f"{b}/teacher/paper?{t}".rstrip("?&")),
             ("nav_tables", f"{b}/teacher/tables?{t}".rstrip("?&"))]
    links = [(code, href) for code, href in links
             if (sessions or code != "nav_sessions") and (tables or code != "nav_tables")]
    if lms:
        links.append(("nav_lms_grades", f"{b}/lti/grades"))
    return '<nav class="rt-teacher">' + "".join(
        f'<a href="{escape(href)}" class="rt-{code[4:]}">{escape(say(code))}</a>'
        for code, href in links) + "</nav>"


def sessions_html(sessions: list[dict], token: str, base: str = "/") -> str:
    t = f"token={quote(token, safe='')}&amp;" if token else ""
    b = escape(base.rstrip("/"))
    rows = "".join(
        f'<tr><td><a href="{b}/voila/render/report.ipynb?{t}session={quote(s["session"], safe="")}">'
        f'{escape(s["session"])}</a></td><td>{escape(s["quiz"])}</td>'
        f'<td class="n">{s["students"]}</td><td class="n">{s["answers"]}</td>'
        f'<td>{s["first_at"].strftime("%Y-%m-%d %H:%M")}</td></tr>' for s in sessions)
    head = "".join(f"<th>{escape(say(code))}</th>" for code in (
        "col_session", "col_quiz", "col_students", "col_answers", "col_started"))
    return (f"<h1>{escape(say('sessions_title'))}</h1>"
            + scroll_box(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>",
                         say("sessions_title")))


def paper_html(quiz, title: str) -> str:
    """The quiz as a paper to print, questions in the quiz's order, then the answer key."""
    from ..widgets.quiz import groups_html

    parts = [f"<h1>{escape(title)}</h1>"]
    for number, question in enumerate(quiz, 1):
        public = question.to_public()
        options = (f'<p>{escape(" / ".join(public["labels"].get(o, o) for o in public["options"]))}</p>' if public["options"] else "")
        parts.append(f'<section class="rt-question"><h2>{number}. {escape(public["prompt"])}</h2>'
                     f"{groups_html(public, size=44)}{options}"
                     f'<p class="rt-note">{escape(say("paper_answer_with", form=public["form"]))} · '
                     f'{escape(say("paper_points", n=getattr(question, "points", 1)))}</p></section>')
    parts.append(f'<h1 class="rt-break">{escape(say("paper_key_title"))}</h1><ol class="rt-key">')
    for question in quiz:
        result = question.check(question.answer_input)
        parts.append(f"<li><b>{escape(question.answer_text)}</b>"
                     f'<div class="rt-note">{escape(result.explanation or "")}</div></li>')
    parts.append("</ol>")
    return "".join(parts)


def store_alarm_html(lost) -> str:
    """The teacher's alarm when answers can no longer be kept (``lost``: the store's reason)."""
    if lost is None:
        return ""
    return (f'<p class="rt-alarm rt-alert" role="alert">'
            f'{escape(say("class_store_lost_alert", reason=lost))}</p>')


def students_html(students, answered: dict, token: str, session: str, base: str = "/",
                  said: str = "") -> str:
    """The teacher's list of students with what may be corrected: rename, merge into another
    (one person who joined twice), a new rejoin code, remove (with their answers). Every
    button is a plain form post back to this page; ``answered``: answers per student id."""
    b = escape(base.rstrip("/"))
    hidden = (f'<input type="hidden" name="token" value="{escape(token)}">' if token else "") + \
        f'<input type="hidden" name="session" value="{escape(session)}">'

    def form(student, action: str, inner: str, button: str) -> str:
        return (f'<form method="post" action="{b}/teacher/students" class="rt-{action}">'
                f'{hidden}<input type="hidden" name="student" value="{escape(student.student_id)}">'
                f'<input type="hidden" name="action" value="{action}">{inner}'
                f'<button type="submit">{escape(say(button))}</button></form>')

    rows = []
    for s in students:
        others = "".join(f'<option value="{escape(o.student_id)}">{escape(o.name)}</option>'
                         for o in students if o.student_id != s.student_id)
        label = escape(say("students_new_name_label", name=s.name))
        rename = form(s, "rename", f'<input type="text" name="name" maxlength="60" '
                      f'aria-label="{label}" value="{escape(s.name)}" required> ', "students_rename")
        merge = form(s, "merge", f'<select name="into" aria-label="'
                     f'{escape(say("students_merge_label", name=s.name))}" required>'
                     f'<option value=""></option>{others}</select> ', "students_merge") \
            if others else ""
        code = form(s, "code", "", "students_new_code")
        remove = form(s, "remove", "", "students_remove")
        rows.append(f"<tr><td>{escape(s.name)}</td><td class=\"n\">"
                    f"{answered.get(s.student_id, 0)}</td><td>{escape(s.rejoin_code)}</td>"
                    f"<td>{rename}</td><td>{merge}</td><td>{code}</td><td>{remove}</td></tr>")
    head = "".join(f"<th>{escape(say(code))}</th>" for code in (
        "col_student", "col_answered", "col_rejoin", "students_rename", "students_merge",
        "students_new_code", "students_remove"))
    note = f'<p class="rt-said" role="status">{escape(said)}</p>' if said else ""
    empty = "" if students else f"<p>{escape(say('students_none'))}</p>"
    return (f"{note}<p>{escape(say('students_intro'))}</p>{empty}"
            + scroll_box(f'<table class="rt-students"><thead><tr>{head}</tr></thead>'
                         f"<tbody>{''.join(rows)}</tbody></table>", say("nav_students")))
