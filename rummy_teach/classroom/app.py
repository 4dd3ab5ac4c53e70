"""The classroom pages, as they run in Voilà's kernels: the students' quiz and the teacher's report.

``rummy-teach classroom`` (see :mod:`rummy_teach.classroom.server`) writes two
one-cell notebooks that call :func:`student_page` and :func:`teacher_page`, and
a JSON config kept *outside* the served folder; each kernel finds it through the
``RUMMY_CLASSROOM_CONFIG`` environment variable. The config names the quiz, the
results database, the class session and the SHA-256 of the teacher's token.

A student's page (:mod:`~rummy_teach.classroom.student`) finds or asks who the
student is, then shows the quiz widget; each submitted answer (unreadable ones too)
is written to the store with :meth:`ResultsStore.record` before the feedback
shows. If writing fails, the student is told the answer was not saved and submits
again.

The teacher's page reads ``?token=...`` from the page's address (Voilà hands the
query string to the kernel; a preheated kernel waits for it with
:func:`~rummy_teach.classroom.request.wait_for_request`) and shows only "access refused" unless it matches.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import html
import json
import os
from datetime import datetime, timezone
from urllib.parse import parse_qs

CONFIG_ENV = "RUMMY_CLASSROOM_CONFIG"
NAME_LIMIT = 60
REFRESH_MS = 5000
REFUSED = '<p class="rt-refused" style="font:20px system-ui,sans-serif">access refused</p>'
SETUP_PROBLEM = ('<p role="alert" style="font:18px system-ui,sans-serif;color:#b3261e">The classroom '
                 "is not set up right just now; please tell your teacher.</p>")


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_ok(token: str | None, config: dict) -> bool:
    """True if ``token`` is the teacher's (compared in constant time)."""
    if not token:
        return False
    return hmac.compare_digest(token_digest(token), config["token_sha256"])


def load_config(path: str | None = None) -> dict:
    """The classroom config written by the ``classroom`` command."""
    path = path or os.environ.get(CONFIG_ENV)
    if not path:
        raise RuntimeError(f"{CONFIG_ENV} is not set: start the pages with `rummy-teach classroom`")
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def _display(*objects) -> None:
    from IPython.display import display
    display(*objects)


# --- the students' page ---------------------------------------------------------------

from .student import StudentApp  # noqa: E402 (kept importable from here)


def student_page(config: dict | None = None):
    """Show the student's page (the one cell of the classroom's quiz notebook)."""
    import ipywidgets as widgets
    try:
        config = config or load_config()
        from ..quiz import Quiz
        from ..widgets import quiz as _widget  # noqa: F401 (imported while the kernel waits)
        quiz = Quiz.load(config["quiz"])
        from .request import wait_for_request
        wait_for_request()  # a preheated kernel learns its request (the seat header) only now
        app = StudentApp(config, quiz=quiz)
    except Exception:  # no traceback for students: Voilà runs with show_tracebacks off too
        _display(widgets.HTML(SETUP_PROBLEM))
        return None
    _display(app.root)
    return app


# --- the teacher's page -----------------------------------------------------------------

_TICKER_ESM = """
function render({ model, el }) {
  const id = setInterval(() => model.send({ event: "tick" }), model.get("interval_ms"));
  return () => clearInterval(id);
}
export default { render };
"""


def ticker(interval_ms: int):
    """An invisible widget whose browser side sends a message every ``interval_ms``: a timer
    that lives as long as the page (a kernel thread would outlive it)."""
    import anywidget
    import traitlets as t

    class Ticker(anywidget.AnyWidget):
        _esm = _TICKER_ESM
        interval_ms = t.Int(REFRESH_MS).tag(sync=True)

    return Ticker(interval_ms=interval_ms)


class TeacherReport:
    """The class report, refreshed every few seconds and by a button, with a CSV download."""

    def __init__(self, config: dict, refresh_ms: int = REFRESH_MS):
        import ipywidgets as widgets

        self.config = config
        self.report_html = widgets.HTML()
        self.export = widgets.HTML()
        self.updated = widgets.HTML()
        self.refresh_button = widgets.Button(description="Refresh now", icon="")
        self.refresh_button.on_click(lambda _: self.refresh())
        self.timer = ticker(refresh_ms)
        self.timer.on_msg(lambda *_: self.refresh())
        self.root = widgets.VBox([widgets.HBox([self.refresh_button, self.updated]),
                                  self.report_html, self.export, self.timer])
        self.root.add_class("rt-classroom-report")
        self.refresh()

    def refresh(self) -> None:
        from .report import answers_csv, build_report
        from .report_html import report_html
        from .store import open_store

        session = self.config["session"]
        try:
            with open_store(self.config["db"], create=False) as store:
                answers = store.answers(session=session)
        except Exception as error:
            self.updated.value = (f'<span role="alert" style="color:#b3261e">Could not read the '
                                  f'results: {html.escape(str(error))}</span>')
            return
        report = build_report(answers)
        from .messages import class_title
        title = f"Class results: {class_title(self.config)}"
        self.report_html.value = report_html(report, title=title)
        data = base64.b64encode(answers_csv(answers).encode("utf-8")).decode("ascii")
        from .store import mask_password
        command = (f"rummy-teach report --db {mask_password(self.config['db'])} "
                   f"--session {session} --csv")
        self.export.value = (
            '<p style="font:16px system-ui,sans-serif"><a class="rt-csv" download='
            f'"class-results-{html.escape(session)}.csv" href="data:text/csv;charset=utf-8;base64,'
            f'{data}">Download the answers as CSV</a> · or in a terminal: '
            f"<code>{html.escape(command)}</code></p>")
        now = datetime.now(timezone.utc).astimezone().strftime("%H:%M:%S")
        self.updated.value = (f'<span class="rt-updated" style="font:15px system-ui">'
                              f"{len(answers)} answers · updated {now} (every "
                              f"{self.timer.interval_ms // 1000} s)</span>")


def _query_token(query: str | None) -> str | None:
    values = parse_qs(query or "").get("token")
    return values[0] if values else None


def teacher_page(config: dict | None = None, query: str | None = None):
    """Show the teacher's report if the page's ``?token=`` is right, else only "access refused"."""
    import ipywidgets as widgets
    try:
        config = config or load_config()
        if query is None:
            from .request import wait_for_request
            wait_for_request()
            query = os.environ.get("QUERY_STRING", "")
    except Exception:
        _display(widgets.HTML(REFUSED))
        return None
    if not token_ok(_query_token(query), config):
        _display(widgets.HTML(REFUSED))
        return None
    report = TeacherReport(config)
    _display(report.root)
    return report
