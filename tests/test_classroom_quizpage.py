"""The students' quiz pages as the classroom's own process serves them (tornado, no kernel).

Fetched over real HTTP from a tornado application on its own loop and thread (as in
``test_classroom_teacher.py``), with the same handlers the classroom mounts and
``xsrf_cookies`` on, as in Jupyter's server. What is checked: the join code door, the
signed seat (nothing is taken from a browser the server never let in), a whole quiz
answered through the pages with nothing of an answer sent before its Submit, the page
working without its script, two tabs submitting at the same moment (one answer kept,
whatever the timing), the old kernel address, and a proxy's user header.
"""

import asyncio
import http.cookiejar
import json
import re
import shutil
import tempfile
import threading
import unittest
import urllib.error
import urllib.parse
import urllib.request
from html import unescape
from pathlib import Path

import tornado.httpserver
import tornado.netutil
import tornado.web

from rummy_teach.classroom import open_store
from rummy_teach.classroom.keys import token_digest
from rummy_teach.classroom.desk import QuizDesk
from rummy_teach.classroom.quizpage import quiz_handlers
from rummy_teach.quiz import Quiz

SAMPLE = Path(__file__).resolve().parents[1] / "rummy_teach" / "quiz" / "samples" / "first-week.json"
JOIN = "K7P4QX"


def secrets(question) -> list[str]:
    """Lines of the explanation that give the answer away and are not public."""
    public = json.dumps(question.to_public(), ensure_ascii=False)
    lines = question.check(question.answer_input).explanation.splitlines()
    return [line for line in lines if len(line) > 3 and line not in public]


class Clock:
    """The desk's clock, moved only by the tests (its limits on pace are met without waiting)."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Browser:
    """A cookie jar and the two ways a page talks: GET, and POST of a form."""

    def __init__(self, base, headers=None):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.headers = dict(headers or {})
        self.received: list[str] = []

    def _open(self, request):
        try:
            with self.opener.open(request, timeout=60) as reply:
                status, body, url = reply.status, reply.read().decode("utf-8"), reply.url
                headers = dict(reply.headers)
        except urllib.error.HTTPError as error:
            status, body, url, headers = error.code, error.read().decode("utf-8"), error.url, {}
        self.received.append(body)
        return status, unescape(body), url, headers

    def get(self, path):
        return self._open(urllib.request.Request(self.base + path, headers=self.headers))

    def post(self, path, fields, part=True):
        headers = {**self.headers, **({"X-Rummy-Part": "main"} if part else {})}
        data = urllib.parse.urlencode(fields, doseq=True).encode()
        return self._open(urllib.request.Request(self.base + path, data=data, headers=headers))


class QuizPages(unittest.TestCase):
    extra: dict = {}

    @classmethod
    def setUpClass(cls):
        cls.home = Path(tempfile.mkdtemp(prefix="rummy-quizpage-"))
        cls.config = {"quiz": str(SAMPLE), "quiz_name": "first-week", "title": "Week 1",
                      "db": str(cls.home / "r.db"), "session": "s", "join_code": JOIN,
                      "token_sha256": token_digest("t"), "attempts": 1, "shuffle": False,
                      **cls.extra}
        cls.quiz = Quiz.from_file(SAMPLE)
        cls.clock = Clock()
        desk = QuizDesk(cls.config, clock=cls.clock)
        app = tornado.web.Application(quiz_handlers("", cls.config, desk=desk), xsrf_cookies=True,
                                      cookie_secret="x")
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        cls.base = f"http://127.0.0.1:{sockets[0].getsockname()[1]}"
        ready = threading.Event()

        def serve():
            cls.loop = asyncio.new_event_loop()
            asyncio.set_event_loop(cls.loop)
            cls.server = tornado.httpserver.HTTPServer(app)
            cls.server.add_sockets(sockets)
            ready.set()
            cls.loop.run_forever()

        cls.thread = threading.Thread(target=serve, daemon=True)
        cls.thread.start()
        assert ready.wait(30), "the quiz pages' server did not start"

    @classmethod
    def tearDownClass(cls):
        cls.loop.call_soon_threadsafe(cls.server.stop)
        cls.loop.call_soon_threadsafe(cls.loop.stop)
        cls.thread.join(30)
        shutil.rmtree(cls.home, ignore_errors=True)

    def rows(self, name=None):
        with open_store(self.config["db"], create=False) as store:
            return [r for r in store.answers(session="s") if name is None or r.student_name == name]

    def joined(self, name, headers=None):
        browser = Browser(self.base, headers)
        status, body, _, _ = browser.get(f"/quiz?join={JOIN}")
        assert status == 200
        if "your name" in body:
            status, body, _, _ = browser.post("/quiz/join", {"name": name})
            assert status == 200 and f"You are {name}" in body, body[:500]
        return browser


class TheDoor(QuizPages):
    def test_without_the_join_code_the_page_is_the_join_form_and_no_seat(self):
        browser = Browser(self.base)
        status, body, _, _ = browser.get("/quiz")
        assert status == 200 and 'name="join"' in body and 'action="/quiz"' in body
        status, body, _, _ = browser.get("/quiz?join=WRONG1")
        assert status == 403 and "not this class's join code" in body
        assert not list(browser.jar)  # no seat for a browser that is not let in
        status, body, _, _ = browser.post("/quiz/join", {"name": "Mallory"})
        assert status == 403 and "does not know you yet" in body
        assert not [r for r in self.rows() if r.student_name == "Mallory"]

    def test_a_seat_the_server_did_not_sign_is_refused(self):
        browser = Browser(self.base, {"Cookie": "rummy_seat=" + "f" * 30})
        status, body, _, _ = browser.post("/quiz/join", {"name": "Forger"})
        assert status == 403 and "does not know you yet" in body
        signed = self.joined("Real")
        [cookie] = list(signed.jar)
        seat, _, mark = cookie.value.rpartition(".")
        other = "y" if seat.endswith("x") else "x"    # a seat is random: 1 in 64 ends in x
        forged = Browser(self.base, {"Cookie": f"rummy_seat={seat[:-1]}{other}.{mark}"})
        assert forged.post("/quiz/join", {"name": "Forger"})[0] == 403
        with open_store(self.config["db"], create=False) as store:
            assert "Forger" not in [s.name for s in store.students("s")]

    def test_the_kernel_pages_address_leads_to_the_same_page(self):
        status, body, url, _ = Browser(self.base).get(f"/voila/render/quiz.ipynb?join={JOIN}")
        assert status == 200 and url.endswith(f"/quiz?join={JOIN}") and "your name" in body

    def test_the_page_loads_nothing_from_elsewhere_and_says_so_in_its_policy(self):
        browser = Browser(self.base)
        status, body, _, headers = browser.get(f"/quiz?join={JOIN}")
        assert "default-src 'none'" in headers["Content-Security-Policy"]
        assert not re.search(r'(src|href)="(https?:)?//', body)


class AWholeClass(QuizPages):
    def test_a_student_answers_every_question_and_nothing_leaks_before_submit(self):
        ada = self.joined("Ada")
        answered = set()
        for n, question in enumerate(self.quiz):
            seen = unescape("\n".join(ada.received))
            for other in self.quiz:
                if other.id not in answered:
                    for secret in secrets(other):
                        assert secret not in seen or any(
                            secret in secrets(self.quiz[a]) for a in answered), (other.id, secret)
            form = {"question": question.id, **self.fields(question, question.answer_input)}
            self.clock.advance(60)  # a person's pace: the desk's tests check the limit itself
            status, body, _, _ = ada.post("/quiz/answer", form)
            assert status == 200 and "Right!" in body, (question.id, body[:800])
            answered.add(question.id)
            status, body, _, _ = ada.post("/quiz/next", {})
            assert status == 200
        total = len(self.quiz)
        assert f"You answered {total} of {total} questions right" in body
        assert [(r.question_id, r.outcome) for r in self.rows("Ada")] == [
            (q.id, "right") for q in self.quiz]

    @staticmethod
    def fields(question, text):
        """The form a student fills in for ``text`` (what the page's inputs post)."""
        kind = question.to_public()["input"]
        if kind == "choice":
            return {"choice": text}
        if kind in ("multi", "cards"):
            return {"pick": [] if text == "none" else text.split()}
        if kind == "player_points":
            winner, _, points = text.rpartition(" ")
            return {"choice": winner, "text": points}
        return {"text": text}

    def test_without_the_script_every_step_is_a_whole_page(self):
        bob = self.joined("Bob")
        question = self.quiz[0]
        status, body, _, _ = bob.post("/quiz/answer", {"question": question.id,
                                                       "choice": question.answer_input}, part=False)
        assert status == 200 and body.startswith("<!DOCTYPE html>") and "Right!" in body
        assert '<form method="post" action="/quiz/next">' in body

    def test_an_unreadable_answer_is_shown_again_and_does_not_count(self):
        cleo = self.joined("Cleo")
        question = self.quiz[0]
        status, body, _, _ = cleo.post("/quiz/answer", {"question": question.id})
        assert "Try again" in body and "did not count" in body
        assert 'type="submit">' in body and "Next question" not in body  # still open
        assert [r.outcome for r in self.rows("Cleo")] == ["unreadable"]

    def test_two_tabs_submitting_at_the_same_moment_keep_one_answer(self):
        dan = self.joined("Dan")
        question = self.quiz[0]
        start = threading.Barrier(2)
        replies = []

        def submit(choice):
            start.wait()
            replies.append(dan.post("/quiz/answer", {"question": question.id, "choice": choice})[1])

        tabs = [threading.Thread(target=submit, args=(c,)) for c in ("set", "run")]
        for tab in tabs:
            tab.start()
        for tab in tabs:
            tab.join(120)
        assert len(self.rows("Dan")) == 1  # whichever came first; the other was refused
        assert sum("already answered" in reply for reply in replies) == 1

    def test_a_reload_after_answering_shows_the_next_question_with_the_score(self):
        eve = self.joined("Eve")
        question = self.quiz[0]
        eve.post("/quiz/answer", {"question": question.id, "choice": "run"})
        status, body, _, _ = eve.get(f"/quiz?join={JOIN}")
        assert "Welcome back, Eve" in body and "question 2 of" in body
        assert "Score: 0 right, 1 wrong" in body and self.quiz[1].to_public()["prompt"] in body


class TheFormsTry(QuizPages):
    """The answer form carries the number of judged answers it was shown after (``try``):
    the same form sent again is the answer already kept, on this process or another."""
    extra = {"attempts": 2}

    def wrong(self, question) -> str:
        return next(o for o in question.options if question.check(o).outcome == "wrong")

    def test_the_same_form_sent_twice_is_one_answer_with_its_verdict_twice(self):
        fay = self.joined("Fay")
        question = self.quiz[0]
        status, body, _, _ = fay.get(f"/quiz?join={JOIN}")
        assert '<input type="hidden" name="try" value="0">' in body
        form = {"question": question.id, "choice": self.wrong(question), "try": "0"}
        first = fay.post("/quiz/answer", form)[1]
        self.clock.advance(60)
        again = fay.post("/quiz/answer", form)[1]  # a double press, a retry after a lost reply
        assert "rt-feedback rt-wrong" in first and "rt-feedback rt-wrong" in again, again[-800:]
        assert '<input type="hidden" name="try" value="1">' in again   # one try left
        assert [r.outcome for r in self.rows("Fay")] == ["wrong"]
        self.clock.advance(60)
        last = fay.post("/quiz/answer", {**form, "try": "1"})[1]    # the same text, a new try
        assert "rt-feedback rt-wrong" in last and len(self.rows("Fay")) == 2

    def test_a_try_that_is_not_a_small_number_is_an_answer_like_any_other(self):
        question = self.quiz[0]
        for n, given in enumerate(("x", "-1", "1234", "\u0663", "1.5", "")):
            name = f"Gus {n}"
            browser = self.joined(name)
            status, body, _, _ = browser.post("/quiz/answer", {
                "question": question.id, "choice": question.answer_input, "try": given})
            assert status == 200 and "rt-feedback rt-right" in body, (given, body[-600:])
            assert [r.outcome for r in self.rows(name)] == ["right"]


class BehindAProxy(QuizPages):
    extra = {"user_header": "X-Forwarded-User"}

    def test_the_proxys_user_is_the_student_with_no_name_to_type(self):
        grace = Browser(self.base, {"X-Forwarded-User": "grace"})
        status, body, _, _ = grace.get(f"/quiz?join={JOIN}")
        assert status == 200 and "grace" in body and "your name" not in body
        question = self.quiz[0]
        grace.post("/quiz/answer", {"question": question.id, "choice": question.answer_input})
        assert [(r.student_name, r.outcome) for r in self.rows()] == [("grace", "right")]
