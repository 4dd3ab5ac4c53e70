"""The classroom layer: a results store for quiz answers and the teacher's report.

This layer sits on top of the engine and the quizzes. It uses only the standard
library (PostgreSQL support imports ``psycopg`` when a ``postgresql://`` URL is
opened), so importing it is cheap:

* :func:`open_store` / :class:`ResultsStore`: record each answer as it is
  submitted (:meth:`ResultsStore.record`) and read them back;
* :func:`build_report` -> :class:`ClassReport`: per student, per question, most
  missed, a summary line; :func:`report_html`, :func:`report_text` and the CSV
  functions render it.
"""

from .report import (ClassReport, QuestionResult, StudentResult, answers_csv, build_report,
                     questions_csv, report_text, students_csv)
from .report_html import bar_chart_svg, report_html, report_page
from .store import Answer, ResultsStore, ResultsStoreError, open_store, parse_url

__all__ = [
    "Answer", "ResultsStore", "ResultsStoreError", "open_store", "parse_url",
    "ClassReport", "QuestionResult", "StudentResult", "build_report", "report_text",
    "answers_csv", "questions_csv", "students_csv", "report_html", "report_page", "bar_chart_svg",
]
