"""The teacher's pages as the server writes them (tornado, no Voilà, no kernel): the token
first, then the gradebook, past sessions, the CSVs and the paper.

The tornado application runs on its own event loop in its own thread and is fetched over
real HTTP: in the full suite, Playwright's synchronous API keeps a running loop in the main
thread, and tornado's AsyncHTTPTestCase cannot start a second one there."""

import asyncio
import csv
import io
import shutil
import tempfile
import threading
import unittest
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import NamedTuple

import tornado.httpserver
import tornado.netutil
import tornado.web

from rummy_teach.classroom import open_store
from rummy_teach.classroom.keys import token_digest
from rummy_teach.classroom.teacher import teacher_handlers
from rummy_teach.quiz import Quiz

SAMPLE = Path(__file__).resolve().parents[1] / "rummy_teach" / "quiz" / "samples" / "first-week.json"
TOKEN = "t0ken"


class Response(NamedTuple):
    code: int
    headers: dict
    body: bytes


class Served(unittest.TestCase):
    """The teacher's pages on a real HTTP server of their own (see the module)."""

    @classmethod
    def setUpClass(cls):
        app = cls.make_app()
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        cls.port = sockets[0].getsockname()[1]
        ready = threading.Event()

        def serve():
            cls.loop = asyncio.new_event_loop()
            asyncio.set_event_loop(cls.loop)
            server = tornado.httpserver.HTTPServer(app)
            server.add_sockets(sockets)
            cls.server = server
            ready.set()
            cls.loop.run_forever()

        cls.thread = threading.Thread(target=serve, daemon=True)
        cls.thread.start()
        assert ready.wait(30), "the teacher pages' server did not start"

    @classmethod
    def tearDownClass(cls):
        cls.loop.call_soon_threadsafe(cls.server.stop)
        cls.loop.call_soon_threadsafe(cls.loop.stop)
        cls.thread.join(30)
        shutil.rmtree(cls.home, ignore_errors=True)

    def fetch(self, path) -> Response:
        url = f"http://127.0.0.1:{self.port}{path}"
        try:
            with urllib.request.urlopen(url, timeout=60) as answer:
                return Response(answer.status, dict(answer.headers), answer.read())
        except urllib.error.HTTPError as refused:
            return Response(refused.code, dict(refused.headers), refused.read())

    @classmethod
    def make_app(cls):
        cls.home = Path(tempfile.mkdtemp(prefix="rummy-teacher-"))
        quiz_file = cls.home / "q.json"
        quiz_file.write_text(SAMPLE.read_text().replace('"cards": "9S 9D 9C"}',
                                                        '"cards": "9S 9D 9C", "points": 3}'))
        cls.config = {"quiz": str(quiz_file), "quiz_name": "q", "title": "Week 1",
                      "db": str(cls.home / "r.db"), "session": "now",
                      "token_sha256": token_digest(TOKEN), "projector_key": "wall"}
        quiz = Quiz.from_file(quiz_file)
        with open_store(cls.config["db"]) as store:
            for session, name in (("earlier", "Cleo"), ("now", "=Ada"), ("now", "Bob")):
                student = store.add_student(session=session, name=name, seat_hash=name,
                                            quiz="q", paper={"order": [q.id for q in quiz]})
                store.record(session=session, student_id=student.student_id, student_name=name,
                             quiz="q", question_id="w1-set", rule="", given="set",
                             outcome="right" if name != "Bob" else "wrong")
        return tornado.web.Application(teacher_handlers("", cls.config, "voila/render/quiz.ipynb",
                                                        "report.ipynb"))

    def body(self, path):
        response = self.fetch(path)
        return response.code, response.body.decode("utf-8")


class TeacherPages(Served):
    def test_every_teacher_page_refuses_a_wrong_token(self):
        for path in ("/voila/render/report.ipynb", "/teacher/report", "/teacher/dashboard",
                     "/teacher/answers.csv", "/teacher/gradebook.csv", "/teacher/sessions",
                     "/teacher/paper", "/projector/not-the-key"):
            for query in ("", "?token=", "?token=T0KEN", f"?token={TOKEN}x"):
                code, text = self.body(path + ("" if path.startswith("/projector") else query))
                assert code == 403 and "access refused" in text, (path, query)
                assert "Ada" not in text and "w1-set" not in text

    def test_the_live_pages_count_in_the_database_instead_of_reading_every_answer(self):
        """The dashboard and the projector refresh every 5 s all through a class: reading
        every answer each time (an object per answer, its time parsed) made the server's
        memory grow with the class's answers (issue 28's soak). They count in the database,
        and show what the answers say."""
        from unittest import mock

        from rummy_teach.classroom import store as store_module
        from rummy_teach.classroom.dashboard import dashboard_html, projector_html

        def refused(*args, **kwargs):
            raise AssertionError("a live page read every answer")
        with mock.patch.object(store_module.ResultsStore, "answers", refused):
            code, dashboard = self.body(f"/teacher/dashboard?token={TOKEN}&part=live")
            assert code == 200 and "Ada" in dashboard and "Bob" in dashboard
            code, projector = self.body("/projector/wall?part=live")
            assert code == 200 and "1 right, 1 wrong" in projector
        with open_store(self.config["db"]) as store:
            answers, students = store.answers(session="now"), store.students("now")
        quiz = Quiz.from_file(self.config["quiz"])
        strip = __import__("re").compile(r"<td>[^<]* ago</td>")   # seen: read a moment apart
        assert strip.sub("", dashboard) == strip.sub("", dashboard_html(quiz, students, answers))
        assert projector == projector_html(quiz, students, answers)

    def test_the_report_page_and_the_students_page_count_in_the_database(self):
        """The report page refreshes every few seconds while it is open: it read every
        answer of the session each time, a working set growing with the class (issue 28).
        It counts in the database, and shows what the answers say."""
        from unittest import mock

        from rummy_teach.classroom import store as store_module
        from rummy_teach.classroom.messages import say
        from rummy_teach.classroom.report import build_report
        from rummy_teach.classroom.report_html import report_html

        def refused(*args, **kwargs):
            raise AssertionError("a page read every answer")
        with mock.patch.object(store_module.ResultsStore, "answers", refused):
            code, report = self.body(f"/teacher/report?token={TOKEN}&part=live")
            assert code == 200 and "Ada" in report and "Bob" in report
            code, students = self.body(f"/teacher/students?token={TOKEN}")
            assert code == 200 and "Bob" in students
        with open_store(self.config["db"]) as store:
            answers = store.answers(session="now")
        expected = report_html(build_report(answers), title=say("report_title", title="Week 1"))
        assert report.startswith(expected) and "2 answers" in report

    def test_an_open_dashboard_reads_through_one_store_not_a_new_one_each_time(self):
        """The dashboard page refreshes every 5 s: each refresh opening the database again
        (with its integrity and schema checks) cost time and left memory behind."""
        from unittest import mock

        from rummy_teach.classroom import store as store_module
        real, opened = store_module.ResultsStore.__init__, []

        def counting(store, *args, **kwargs):
            opened.append(args)
            real(store, *args, **kwargs)
        with mock.patch.object(store_module.ResultsStore, "__init__", counting):
            for _ in range(10):
                code, text = self.body(f"/teacher/dashboard?token={TOKEN}&part=live")
                assert code == 200 and "Ada" in text
        assert len(opened) <= 1, opened

    def test_the_gradebook_has_one_row_per_student_with_points(self):
        code, text = self.body(f"/teacher/gradebook.csv?token={TOKEN}")
        rows = list(csv.DictReader(io.StringIO(text)))
        assert code == 200 and [r["student_name"] for r in rows] == ["'=Ada", "Bob"]
        others = len(Quiz.from_file(SAMPLE)) - 1
        assert rows[0]["points"] == "3" and rows[0]["max_points"] == str(3 + others)
        assert rows[0]["w1-set"] == "3" and rows[1]["w1-set"] == "0"
        assert rows[1]["w1-queen-king-ace"] == "" and rows[1]["unanswered"] == str(others)

    def test_past_sessions_are_listed_and_each_opens_its_report(self):
        code, text = self.body(f"/teacher/sessions?token={TOKEN}")
        assert code == 200 and "earlier" in text and "now" in text
        code, text = self.body(f"/teacher/report?token={TOKEN}&session=earlier")
        assert code == 200 and "Cleo" in text and "Bob" not in text

    def test_the_answers_csv_is_a_download_not_a_data_link(self):
        response = self.fetch(f"/teacher/answers.csv?token={TOKEN}")
        assert response.headers["Content-Disposition"].startswith("attachment")
        assert "'=Ada" in response.body.decode("utf-8")

    def test_the_projector_shows_no_names_and_the_paper_has_its_key(self):
        code, text = self.body("/projector/wall?part=live")
        assert code == 200 and "2 students joined" in text
        assert "Ada" not in text and "Bob" not in text and "1 right, 1 wrong" in text
        code, text = self.body(f"/teacher/paper?token={TOKEN}")
        assert code == 200 and "Answer key" in text and "3 points" in text
        assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")


class Door:
    """A hub or an LMS in front of the teacher's pages: ``who`` is the request's user (None:
    nobody signed in), ``teachers`` the names that may teach."""

    who = None
    teachers = ("Ms Rossi",)

    async def user(self, handler):
        return None if self.who is None else {"name": self.who}

    async def may_teach(self, user):
        return user["name"] in self.teachers

    def login(self, handler):
        handler.set_status(401)
        handler.finish("sign in first")


class TeacherAndTablesPages(Served):
    """The teacher's pages and the card tables' teacher pages, mounted as the server does
    (one desk, one hall), behind the token or, with ``door``, behind a hub's door. Both kinds
    of page go through one check and send the same headers."""

    door = None
    PAGES = ("/teacher/dashboard", "/teacher/report", "/teacher/sessions", "/teacher/tables",
             "/teacher/tables/projector?table=t1")

    @classmethod
    def make_app(cls):
        from rummy_teach.classroom.desk import QuizDesk
        from rummy_teach.classroom.tablehall import TableHall
        from rummy_teach.classroom.tableteacher import table_teacher_handlers
        super().make_app()
        desk = QuizDesk(cls.config)
        hall = TableHall(desk.store(), "now")
        handlers = (teacher_handlers("", cls.config, "quiz", "report.ipynb", door=cls.door,
                                     desk=desk, the_hall=lambda: hall)
                    + table_teacher_handlers("", cls.config, desk, lambda: hall, door=cls.door))
        return tornado.web.Application(handlers)

    def post(self, path, fields) -> Response:
        data = urllib.parse.urlencode(fields).encode()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", data, timeout=60) as answer:
                return Response(answer.status, dict(answer.headers), answer.read())
        except urllib.error.HTTPError as refused:
            return Response(refused.code, dict(refused.headers), refused.read())

    def assert_teacher_headers(self, response, path):
        assert response.headers["Cache-Control"] == "no-store", path
        assert response.headers["Referrer-Policy"] == "no-referrer", path
        assert response.headers["X-Content-Type-Options"] == "nosniff", path
        assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"], path

    def assert_refused(self, response, path):
        assert response.code == 403 and b"access refused" in response.body, (path, response.code)
        assert b"Ada" not in response.body and b"Bob" not in response.body, path
        self.assert_teacher_headers(response, path)


class TestTablesPagesTakeTheToken(TeacherAndTablesPages):
    def test_every_page_tables_too_refuses_a_wrong_token_and_opens_to_the_right_one(self):
        for path in self.PAGES:
            join = "&" if "?" in path else "?"
            for query in ("", f"{join}token=", f"{join}token={TOKEN}x"):
                self.assert_refused(self.fetch(path + query), path + query)
            opened = self.fetch(f"{path}{join}token={TOKEN}")
            assert opened.code in (200, 404) and b"access refused" not in opened.body, path
            self.assert_teacher_headers(opened, path)
        form = {"action": "auto", "game": "basic", "seats": "3", "level": "easy"}
        self.assert_refused(self.post("/teacher/tables", {**form, "token": "nope"}), "POST")
        with open_store(self.config["db"]) as store:
            assert not TableHallOf(store).tables   # nothing opened by the refused form
        done = self.post("/teacher/tables", {**form, "token": TOKEN})
        assert done.code == 200 and b"access refused" not in done.body
        with open_store(self.config["db"]) as store:
            assert TableHallOf(store).tables       # the teacher's form opened tables


def TableHallOf(store):
    from rummy_teach.classroom.tablehall import TableHall
    return TableHall(store, "now")


class TestTablesPagesBehindADoor(TeacherAndTablesPages):
    door = Door()

    def test_nobody_signed_in_is_sent_to_sign_in_and_a_student_is_refused(self):
        for who, code in ((None, 401), ("Bob", 403), ("Ms Rossi", 200)):
            self.door.who = who
            for path in self.PAGES:
                join = "&" if "?" in path else "?"
                answer = self.fetch(f"{path}{join}token={TOKEN}")   # the token opens nothing here
                if code == 403:
                    self.assert_refused(answer, (who, path))
                else:
                    want = (404,) if code == 200 and "projector" in path else (code,)
                    assert answer.code in want, (who, path, answer.code)
                    assert TOKEN.encode() not in answer.body, (who, path)   # no token in links
