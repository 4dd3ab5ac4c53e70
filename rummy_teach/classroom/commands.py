"""The ``rummy-teach report`` command: the class's results in a terminal, as CSV or HTML.

Registered in :mod:`rummy_teach.cli`. A missing, unreadable or unreachable
database is a :class:`~rummy_teach.classroom.store.ResultsStoreError`, which the
CLI prints as one clear line with exit code 2. The database is only read.
"""

from __future__ import annotations

import os
import sys

from ..reasons import Reason

HELP = "the class's quiz results: per student, per question, most missed (or CSV)"


def configure_report(parser):
    db = parser.add_mutually_exclusive_group()
    db.add_argument("--db", metavar="PATH_OR_URL",
                    help="the results database: a file like results.db, sqlite:///path, "
                         "or postgresql://user@host/database (else --db-file, else "
                         "$RUMMY_TEACH_DB)")
    db.add_argument("--db-file", metavar="FILE",
                    help="a file whose first line is the results database (a URL with a "
                         "password is kept out of ps this way)")
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
