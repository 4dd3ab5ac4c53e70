"""The ``rummy-teach report`` command: the class's results in a terminal, as CSV or HTML;
and ``rummy-teach students``: a session's students, and the teacher's corrections (rename,
merge, remove, a new rejoin code) after the class, as the students page makes them during
it (``/teacher/students``; while the class runs, use that page: the running class keeps
what it knows of each student).

Registered in :mod:`rummy_teach.cli`. A missing, unreadable or unreachable
database is a :class:`~rummy_teach.classroom.store.ResultsStoreError`, which the
CLI prints as one clear line with exit code 2. The database is only read.
"""

from __future__ import annotations

import os
import sys

from ..reasons import Reason

HELP = "the class's quiz results: per student, per question, most missed (or CSV)"
STUDENTS_HELP = ("a session's students (id, name, rejoin code, answers); rename, merge or "
                 "remove one, or give one a new rejoin code")
STUDENT_ACTIONS = ("list", "rename", "merge", "remove", "new-code")


def _database_options(parser):
    db = parser.add_mutually_exclusive_group()
    db.add_argument("--db", metavar="PATH_OR_URL",
                    help="the results database: a file like results.db, sqlite:///path, "
                         "or postgresql://user@host/database (else --db-file, else "
                         "$RUMMY_TEACH_DB)")
    db.add_argument("--db-file", metavar="FILE",
                    help="a file whose first line is the results database (a URL with a "
                         "password is kept out of ps this way)")


def configure_report(parser):
    _database_options(parser)
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--csv", action="store_true",
                      help="CSV instead of text: one row per answer, or one per question/student "
                           "with --by")
    form.add_argument("--html", action="store_true",
                      help="a standalone HTML page (tables and a bar chart, no scripts)")
    parser.add_argument("--by", choices=("question", "student"),
                        help="only the per-question or the per-student part")
    parser.add_argument("--session", help="only this classroom session")
    parser.add_argument("--quiz", help="only this quiz")
    parser.set_defaults(func=cmd_report)


def cmd_report(args) -> int:
    from .report import answers_csv, questions_csv, report_text, students_csv, build_report
    from .keys import DB_ENV, given_secret
    from .store import ResultsStoreError, open_store

    db = given_secret(args.db, args.db_file, "--db-file", DB_ENV, ResultsStoreError)
    if not db:
        raise ResultsStoreError(Reason("report_error_no_db", {"env": DB_ENV}))
    with open_store(db, create=False) as store:
        answers = store.answers(session=args.session, quiz=args.quiz)
    report = build_report(answers)
    if args.csv:
        text = {"question": lambda: questions_csv(report), "student": lambda: students_csv(report),
                None: lambda: answers_csv(answers)}[args.by]()
    elif args.html:
        from .report_html import report_page
        text = report_page(report)
    else:
        text = report_text(report, by=args.by)
    try:
        if args.csv:
            sys.stdout.reconfigure(newline="")  # the csv module already ends rows with \r\n
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:  # `rummy-teach report --csv | head`: not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def configure_students(parser):
    _database_options(parser)
    parser.add_argument("--session", required=True, help="the classroom session")
    parser.add_argument("action", nargs="?", choices=STUDENT_ACTIONS, default="list",
                        help="list (the default), rename ID NAME, merge ID INTO_ID (one person "
                             "who joined twice: ID's answers go to INTO_ID), remove ID (with "
                             "their answers), new-code ID")
    parser.add_argument("student", nargs="?", help="the student's id, as the list shows it")
    parser.add_argument("value", nargs="?", help="rename: the new name; merge: the id kept")
    parser.set_defaults(func=cmd_students)


def cmd_students(args) -> int:
    from ..errors import UsageError
    from .keys import DB_ENV, given_secret
    from .messages import say
    from .store import ResultsStoreError, open_store
    from .students import NameTaken, UnknownStudent

    db = given_secret(args.db, args.db_file, "--db-file", DB_ENV, ResultsStoreError)
    if not db:
        raise ResultsStoreError(Reason("report_error_no_db", {"env": DB_ENV}))
    needs = {"list": 0, "remove": 1, "new-code": 1, "rename": 2, "merge": 2}[args.action]
    given = [v for v in (args.student, args.value) if v is not None]
    if len(given) != needs:
        raise UsageError(Reason("students_cli_usage", {"action": args.action}))
    open_store(db, create=False).close()  # an existing store: never a new empty file
    session = args.session
    with open_store(db) as store:
        try:
            if args.action == "list":
                answered = {}
                for answer in store.answers(session=session):
                    answered[answer.student_id] = answered.get(answer.student_id, 0) + 1
                rows = [(say("csv_student_id"), say("col_student"), say("col_rejoin"),
                         say("col_answered"))]
                rows += [(s.student_id, s.name, s.rejoin_code, str(answered.get(s.student_id, 0)))
                         for s in store.students(session)]
                widths = [max(len(row[i]) for row in rows) for i in range(3)]
                text = "".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths + [0]))
                               .rstrip() + "\n" for row in rows)
            elif args.action == "remove":
                text = say("students_removed", answers=store.remove_student(session, args.student))
            elif args.action == "rename":
                text = say("students_renamed",
                           name=store.rename_student(session, args.student, args.value).name)
            elif args.action == "merge":
                text = say("students_merged",
                           name=store.merge_students(session, args.student, args.value).name)
            else:
                changed = store.new_rejoin_code(session, args.student)
                text = say("students_new_code_done", name=changed.name, code=changed.rejoin_code)
        except NameTaken as taken:
            raise UsageError(Reason("students_name_taken", {"name": taken.student.name})) from None
        except UnknownStudent:
            raise UsageError(Reason("students_gone")) from None
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return 0
