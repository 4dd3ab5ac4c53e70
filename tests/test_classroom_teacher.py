"""The teacher's pages as the server writes them (tornado, no Voilà, no kernel): the token
first, then the gradebook, past sessions, the CSVs and the paper."""

import csv
import io
import tempfile
from pathlib import Path

import tornado.testing
import tornado.web

from rummy_teach.classroom import open_store
from rummy_teach.classroom.app import token_digest
from rummy_teach.classroom.teacher import teacher_handlers
from rummy_teach.quiz import Quiz

SAMPLE = Path(__file__).resolve().parents[1] / "rummy_teach" / "quiz" / "samples" / "first-week.json"
TOKEN = "t0ken"


class TeacherPages(tornado.testing.AsyncHTTPTestCase):
    def get_app(self):
        self.home = Path(tempfile.mkdtemp())
        quiz_file = self.home / "q.json"
        quiz_file.write_text(SAMPLE.read_text().replace('"cards": "9S 9D 9C"}',
                                                        '"cards": "9S 9D 9C", "points": 3}'))
        self.config = {"quiz": str(quiz_file), "quiz_name": "q", "title": "Week 1",
                       "db": str(self.home / "r.db"), "session": "now",
                       "token_sha256": token_digest(TOKEN), "projector_key": "wall"}
        quiz = Quiz.from_file(quiz_file)
        with open_store(self.config["db"]) as store:
            for session, name in (("earlier", "Cleo"), ("now", "=Ada"), ("now", "Bob")):
                student = store.add_student(session=session, name=name, seat_hash=name,
                                            quiz="q", paper={"order": [q.id for q in quiz]})
                store.record(session=session, student_id=student.student_id, student_name=name,
                             quiz="q", question_id="w1-set", rule="", given="set",
                             outcome="right" if name != "Bob" else "wrong")
        return tornado.web.Application(teacher_handlers("", self.config, "quiz.ipynb",
                                                        "report.ipynb"))

    def body(self, path):
        response = self.fetch(path)
        return response.code, response.body.decode("utf-8")

    def test_every_teacher_page_refuses_a_wrong_token(self):
        for path in ("/voila/render/report.ipynb", "/teacher/report", "/teacher/dashboard",
                     "/teacher/answers.csv", "/teacher/gradebook.csv", "/teacher/sessions",
                     "/teacher/paper", "/projector/not-the-key"):
            for query in ("", "?token=", "?token=T0KEN", f"?token={TOKEN}x"):
                code, text = self.body(path + ("" if path.startswith("/projector") else query))
                assert code == 403 and "access refused" in text, (path, query)
                assert "Ada" not in text and "w1-set" not in text

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
        assert code == 200 and "Answer key" in text and "3 point(s)" in text
        assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
