"""The teacher's pages, written by the classroom server itself: no kernel, token checked first.

Every address but the projector's needs ``?token=`` (compared in constant time
with the SHA-256 kept in the config); a missing or wrong token gets "access
refused" (403) and nothing else. ``&session=`` picks a past session of the same
results database (default: this class's).

=============================  ======================================================
``/``                          the join form (``?join=CODE`` goes straight to the quiz)
``/voila/render/report.ipynb`` the class report (the address of earlier versions),
``/teacher/report``            refreshing by itself
``/teacher/dashboard``         who is in, on which question, bars per question, live
``/teacher/answers.csv``       one row per answer
``/teacher/gradebook.csv``     one row per student, points per question
``/teacher/students``          the students, to rename, merge, remove or give a new
                               rejoin code (posts back to itself, the token in the form)
``/teacher/sessions``          every session in the database
``/teacher/paper``             the quiz to print, with its answer key
``/projector/<key>``           the anonymous live view for a projector
``/logout``                    back to ``/`` (behind JupyterHub: the hub's logout)
=============================  ======================================================

Every page is sent with :data:`~rummy_teach.classroom.pages.CSP`: its one refreshing
script allowed by its hash, nothing from elsewhere, no framing by any page.

Database reads run in a worker thread, so a slow read never stalls the server. A
database that cannot be read gives a page saying so (503), never a traceback; when the
class's database file was deleted or replaced (the desk's store says so), every
teacher's page carries the alarm at its top.
"""

from __future__ import annotations

import asyncio
import hmac
import re
import threading
from html import escape
from urllib.parse import quote

from .messages import say
from .pages import join_page, let_teacher_in, page, refused_page, set_teacher_headers

REFRESH_MS = 5000
_TOKEN_IN_QUERY = re.compile(r"(?i)([?&]token=)[^&#]*")


def masked_uri(uri: str) -> str:
    """A request's address as the log may keep it: the teacher's token replaced by ***."""
    return _TOKEN_IN_QUERY.sub(r"\1***", uri)


def log_request(handler) -> None:
    """tornado's access log line for every request, without the token (``log_function``)."""
    from tornado.log import access_log
    status = handler.get_status()
    log = access_log.info if status < 400 else access_log.warning if status < 500 \
        else access_log.error
    request = handler.request
    log("%d %s %s (%s) %.2fms", status, request.method, masked_uri(request.uri),
        request.remote_ip, 1000.0 * request.request_time())


class Reader:
    """The teacher's pages' one read-only store in this process, opened on first use and
    kept: a dashboard read every 5 s by each open page neither opens the database again
    (an integrity check and a schema check each time) nor leaves a connection's caches
    behind. After a failure it is opened again on the next read."""

    def __init__(self, db: str):
        self.db = db
        self._store = None
        self._guard = threading.Lock()

    def read(self, reading):
        """``reading(store)``, with the store opened if need be."""
        from .store import ResultsStoreError, open_store
        with self._guard:
            if self._store is None:
                self._store = open_store(self.db, create=False)
            store = self._store
        try:
            return reading(store)
        except ResultsStoreError:
            with self._guard:
                if self._store is store:
                    self._store = None
                    store.close()
            raise

    def load(self, session: str, students: bool = True):
        """The session's answers and (with ``students``) its students."""
        def reading(store):
            return (store.answers(session=session),
                    store.students(session) if students else [])
        return self.read(reading)

    def counts(self, session: str, pairs: bool = False):
        """The session's answers counted in the database (a
        :class:`~rummy_teach.classroom.dashboard.Tally`; ``pairs``: which questions each
        student answered, for a lesson class) and its students: what the live pages show,
        read without reading every answer."""
        from .dashboard import Tally

        def reading(store):
            return (Tally.of_counts(store.answer_counts(session, pairs=pairs)),
                    store.students(session))
        return self.read(reading)

    def report(self, session: str):
        """The session's :class:`~rummy_teach.classroom.report.ClassReport`, counted in the
        database (the report page refreshes while it is open): not every answer read."""
        from .report import report_of_counts
        return self.read(lambda store: report_of_counts(session, store.report_counts(session)))

    def close(self) -> None:
        with self._guard:
            store, self._store = self._store, None
        if store is not None:
            store.close()


def teacher_handlers(base: str, config, student_path: str, report_page: str,
                     door=None, desk=None, the_hall=None) -> list:
    """(pattern, handler) pairs for the server's own pages; ``config``: the class's
    :class:`~rummy_teach.classroom.config.ClassroomConfig`; ``student_path`` is the students'
    page under ``base`` (``quiz``). With a
    :class:`~rummy_teach.classroom.hub.HubDoor`, the teacher's pages are for the hub's
    teachers' group instead of the token. ``desk``: the class's
    :class:`~rummy_teach.classroom.desk.QuizDesk` (the students' page without kernels), whose
    corrections the students page makes and whose store's alarm every page shows.
    ``the_hall()``: the class's card tables (:mod:`.tablehall`), shown live on the dashboard."""
    import tornado.web

    from ..quiz import Quiz
    from .config import as_config
    from .dashboard import (dashboard_html, paper_html, projector_html, sessions_html,
                            store_alarm_html, students_html, teacher_nav)
    from .grades import gradebook, gradebook_csv
    from .report import answers_csv
    from .report_html import report_html
    from .store import ResultsStoreError, mask_password
    from .students import NameTaken, UnknownStudent

    from .. import i18n
    from .messages import class_language, class_title
    from ..errors import UsageError
    from .pages import language_switch
    from .quizpage import LANG_COOKIE

    config = as_config(config)
    quiz = Quiz.load(config.quiz)
    teacher_lang = class_language(config)
    # one quiz an LMS link chose (ltipapers) has no other sessions to list and no card tables
    links = {"sessions": not getattr(door, "paper", False), "tables": the_hall is not None}
    reader = Reader(config.db)
    _load = reader.load

    def in_teachers_language(method):
        """Run a page's ``get`` in the teacher's language (``--lang``): words, CSV headers."""
        if asyncio.iscoroutinefunction(method):
            async def speaking(self, *args):
                with i18n.language(teacher_lang):
                    return await method(self, *args)
        else:
            def speaking(self, *args):
                with i18n.language(teacher_lang):
                    return method(self, *args)
        return speaking

    class Page(tornado.web.RequestHandler):
        def set_default_headers(self):
            set_teacher_headers(self)

        def send(self, body: str, status: int = 200, kind: str = "text/html; charset=utf-8"):
            self.set_status(status)
            self.set_header("Content-Type", kind)
            self.finish(body)

        def log_exception(self, typ, value, tb):
            """What went wrong, in the log, without the token of the address."""
            from tornado.log import app_log
            if isinstance(value, tornado.web.HTTPError):
                return super().log_exception(typ, value, tb)
            if isinstance(value, ResultsStoreError):  # said in one line; the page says it too
                return app_log.error("%s %s: %s", self.request.method,
                                     masked_uri(self.request.uri), value)
            app_log.error("Uncaught exception %s %s (%s)", self.request.method,
                          masked_uri(self.request.uri), self.request.remote_ip,
                          exc_info=(typ, value, tb))

        async def off_thread(self, function, *args):
            return await asyncio.get_running_loop().run_in_executor(None, function, *args)

        def write_error(self, status_code, **kwargs):
            """A database that cannot be read: a page saying why (503), never a traceback."""
            error = kwargs.get("exc_info", (None, None))[1]
            if isinstance(error, ResultsStoreError):
                self.set_status(503)
                with i18n.language(teacher_lang):
                    words = say("teacher_store_failed", error=str(error))
                    return self.finish(page(words, store_alarm_html(lost()) +
                                            f'<p class="rt-alert" role="alert">{escape(words)}</p>'))
            return super().write_error(status_code, **kwargs)

    def lost():
        return desk.lost() if desk is not None else None

    class Teacher(Page):
        async def prepare(self):
            if not await let_teacher_in(self, config, door):
                return
            self.session = self.get_argument("session", config.session)
            self.live = self.get_argument("part", "") == "live"

        def frame(self, heading: str, live_html: str, extra: str = "") -> str:
            nav = teacher_nav(self.token, self.session, base + "/", lms=bool(config.lti), **links)
            return page(heading, f"{nav}"
                        f"{store_alarm_html(lost())}"
                        f"<h1>{escape(heading)}</h1>"
                        f'{extra}<div id="rt-live">{live_html}</div>', refresh_ms=REFRESH_MS)

    class Report(Teacher):
        @in_teachers_language
        async def get(self):
            report = await self.off_thread(reader.report, self.session)
            kept = report.answers + report.unreadable
            live = (report_html(report, title=say("report_title", title=class_title(config)))
                    + f'<p class="rt-updated">{escape(say("report_updated", answers=kept, seconds=REFRESH_MS // 1000))}</p>')
            if self.live:
                return self.send(live)
            command = (f"rummy-teach report --db {mask_password(config.db)} "
                       f"--session {self.session} --csv")
            extra = f'<p class="rt-note">{escape(say("report_terminal"))} <code>{escape(command)}</code></p>'
            self.send(self.frame(say("report_heading", session=self.session), live, extra))

    class Dashboard(Teacher):
        @in_teachers_language
        async def get(self):
            lesson = dict(desk.lesson_quizzes) if config.kernels and desk is not None else None
            answers, students = await self.off_thread(reader.counts, self.session,
                                                      lesson is not None)
            live = store_alarm_html(lost()) + dashboard_html(quiz, students, answers,
                                                             lesson=lesson)
            if the_hall is not None and self.session == config.session:   # the card tables
                live += await self.off_thread(self.tables, students)
            if self.live:
                return self.send(live)
            self.send(self.frame(say("dashboard_heading", session=self.session), live))

        def tables(self, students) -> str:
            """The class's card tables as the teacher's tables page shows them live (none
            shown when the tables cannot be read: the quiz's dashboard goes on)."""
            from .tableteacher import tables_html
            try:
                hall = the_hall()
            except Exception as error:
                from tornado.log import app_log
                app_log.warning("dashboard: the card tables cannot be read: %s", type(error).__name__)
                return ""
            if not hall.tables:
                return ""
            names = {s.student_id: s.name for s in students}
            with i18n.language(teacher_lang):
                return (f'<h2 class="rt-tables-heading">{escape(say("tables_open_now"))}</h2>'
                        + tables_html(hall, names, self.token, base + "/"))

    class AnswersCsv(Teacher):
        @in_teachers_language
        async def get(self):
            answers, _ = await self.off_thread(_load, self.session, False)
            self.set_header("Content-Disposition",
                            f'attachment; filename="answers-{quote(self.session, safe="")}.csv"')
            self.send(answers_csv(answers), kind="text/csv; charset=utf-8")

    class GradebookCsv(Teacher):
        @in_teachers_language
        async def get(self):
            answers, students = await self.off_thread(_load, self.session)
            self.set_header("Content-Disposition",
                            f'attachment; filename="gradebook-{quote(self.session, safe="")}.csv"')
            self.send(gradebook_csv(quiz, gradebook(quiz, answers, students)),
                      kind="text/csv; charset=utf-8")

    class Sessions(Teacher):
        @in_teachers_language
        async def get(self):
            sessions = await self.off_thread(reader.read, lambda store: store.sessions_overview())
            self.send(page(say("sessions_title"), teacher_nav(self.token, self.session, base + "/", **links,
                                                             lms=bool(config.lti))
                           + sessions_html(sessions, self.token, base + "/")))

    class Students(Teacher):
        """The students, with the teacher's corrections (this class's session only)."""

        def check_xsrf_cookie(self):
            """The token in the posted form is this page's guard (no cookie to forge)."""

        def read(self):
            def reading(store):
                counts = store.answer_counts(self.session)["students"]
                return store.students(self.session), {row[0]: int(row[3]) for row in counts}
            return reader.read(reading)

        async def respond(self, said: str = "", status: int = 200):
            students, answered = await self.off_thread(self.read)
            body = students_html(students, answered, self.token, self.session, base + "/", said)
            self.send(self.frame(say("students_heading", session=self.session), body), status)

        @in_teachers_language
        async def get(self):
            await self.respond()

        @in_teachers_language
        async def post(self):
            if desk is None or self.session != config.session:
                return await self.respond(say("students_not_here"), 409)
            action = self.get_body_argument("action", "")
            student = self.get_body_argument("student", "")[:64]
            name = self.get_body_argument("name", "")[:200]
            into = self.get_body_argument("into", "")[:64]

            def act() -> tuple[str, int]:
                try:
                    if action == "remove":
                        gone = desk.remove(student)
                        return say("students_removed", answers=gone), 200
                    if action == "rename":
                        renamed = desk.rename(student, name)
                        return say("students_renamed", name=renamed.name), 200
                    if action == "merge" and into:
                        kept = desk.merge(student, into)
                        return say("students_merged", name=kept.name), 200
                    if action == "code":
                        changed = desk.new_rejoin_code(student)
                        return say("students_new_code_done", name=changed.name,
                                   code=changed.rejoin_code), 200
                    return say("students_unknown_action"), 400
                except NameTaken as taken:
                    return say("students_name_taken", name=taken.student.name), 409
                except UnknownStudent:
                    return say("students_gone"), 404
                except ValueError:
                    return say("name_too_long", limit=60), 400
            said, status = await self.off_thread(act)
            await self.respond(said, status)

    class Paper(Teacher):
        @in_teachers_language
        def get(self):
            title = class_title(config)
            self.send(page(title, paper_html(quiz, title)))

    class Projector(Page):
        @in_teachers_language
        async def get(self, key):
            if not hmac.compare_digest(key.encode("utf-8"), config.projector_key.encode("utf-8")):
                return self.send(refused_page(), 403)
            answers, students = await self.off_thread(reader.counts, config.session)
            live = projector_html(quiz, students, answers)
            if self.get_argument("part", "") == "live":
                return self.send(live)
            title = class_title(config)
            self.send(page(title, f"<h1>{escape(title)}</h1><div id=\"rt-live\">{live}</div>",
                           refresh_ms=REFRESH_MS))

    class Front(Page):
        def get(self):
            join = self.get_argument("join", "")
            if join or door is not None:  # behind the hub, its login is the way in
                query = f"?join={quote(join, safe='')}" if join else ""
                return self.redirect(f"{base}/{student_path}{query}")
            # the student's language, as the student page keeps it (a cookie), else the teacher's
            try:
                lang = i18n.resolve_language(self.get_cookie(LANG_COOKIE) or teacher_lang)
            except UsageError:
                lang = teacher_lang
            with i18n.language(lang):
                switch = ""
                if student_path == "quiz":  # the kernel-less page takes ?lang= (see quizpage)
                    switch = language_switch(lambda code: f"{base}/{student_path}?lang={code}")
                self.send(join_page(class_title(config), base=base + "/",
                                    action=f"{base}/{student_path}", switch=switch))

    class Logout(Page):
        """Nothing to log out of (the token is in the teacher's addresses, a student's seat is
        the browser's): the class's front page, or the hub's own logout behind the hub."""

        def get(self):
            if door is not None:
                return self.redirect(door.logout_url())
            self.redirect(f"{base}/")

    return [
        (base + "/?", Front),
        (base + "/logout", Logout),
        (base + f"/voila/render/{report_page.replace('.', '[.]')}", Report),
        (base + "/teacher/report", Report),
        (base + "/teacher/dashboard", Dashboard),
        (base + "/teacher/answers[.]csv", AnswersCsv),
        (base + "/teacher/gradebook[.]csv", GradebookCsv),
        (base + "/teacher/sessions", Sessions),
        (base + "/teacher/students", Students),
        (base + "/teacher/paper", Paper),
        (base + "/projector/([A-Za-z0-9_-]+)", Projector),
    ]
