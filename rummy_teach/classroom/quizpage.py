"""The students' quiz, served by the classroom's own server process: no kernel per student.

==============================  =========================================================
``GET  <base>quiz?join=CODE``   the page: the name form, or the student's question
``POST <base>quiz/join``        a name (or the roster's pick): join, or be asked the
                                rejoin code of a name that is taken
``POST <base>quiz/rejoin``      the rejoin code of a taken name
``POST <base>quiz/answer``      an answer: judged here, kept, then the verdict
``POST <base>quiz/next``        on to the question the student is on
==============================  =========================================================

The door is the one the kernel page had (:mod:`~rummy_teach.classroom.gate`): without
the class's join code the page is the join form; behind JupyterHub the hub's login
replaces the join code and the hub user is the student. The first visit gets a *seat*
cookie, a random value signed here (HMAC with a key drawn from the teacher's token
digest, which only the run folder holds), ``HttpOnly`` and ``SameSite=Strict``; every
POST needs a seat this server signed, so a request from someone who never had the join
code is refused ("open the class's address again"), and an ``Origin`` (or ``Referer``)
naming this server (:func:`foreign_origin`), so a form another site's page posts here is
refused with a page saying so (403).

A database that fails on the way (PostgreSQL away, the results file gone) gives the
"not saved" page (503, ``X-Rummy-Not-Saved``: the page's script keeps the typed answer and
shows why), never a 500. The request's address goes to the desk, which paces new names
and wrong rejoin codes per address.

Each request's work (the desk's judging and database calls, and drawing the answer) runs
in one worker thread (:class:`QuizDesk` is plain blocking code), under a lock per
student, so the server stays free for the class and two tabs of one student are answered
one after the other.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from urllib.parse import quote, urlsplit

from .. import i18n
from ..errors import UsageError
from .desk import QuizDesk, Refused, Said
from .gate import SEAT_COOKIE, SEAT_DAYS, join_ok
from .messages import class_language, class_title
from .pages import content_security_policy, join_page, language_switch
from .store import StoreLost
from .quizview import (SCRIPT, join_first, lesson_link, name_form, not_saved, other_site,
                       page, quiz_html)

#: the cookie that keeps the language a student picked on the page (the teacher's until then)
LANG_COOKIE = "rummy_lang"

STUDENT_PATH = "quiz"
#: the page's policy: its one script by its hash, no framing (see pages.content_security_policy)
CSP = content_security_policy(SCRIPT)


def foreign_origin(headers) -> str | None:
    """Where a POST came from when that is not this server's own page, else None.

    Browsers send ``Origin`` with every POST; it must name this server (the ``Host`` the
    request was sent to, or the ``X-Forwarded-Host`` a proxy passed on, which a cross-site
    form cannot set). ``Origin: null`` (a sandboxed frame, a page that hides its address)
    is refused too. Without ``Origin``, a ``Referer`` must name this server. A request with
    neither comes from no browser's cross-site form (a script, a test): the signed seat
    cookie is its guard, as for every POST."""
    hosts = {headers.get("Host", ""), headers.get("X-Forwarded-Host", "").split(",")[0]}
    hosts = {_without_default_port(host.strip().lower()) for host in hosts if host.strip()}
    origin = headers.get("Origin")
    if origin is None:
        referer = headers.get("Referer")
        if not referer:
            return None
        parts = urlsplit(referer)
        origin = f"{parts.scheme}://{parts.netloc}"
    parts = urlsplit(origin.strip())
    if parts.scheme in ("http", "https") and \
            _without_default_port(parts.netloc.lower()) in hosts:
        return None
    return origin.strip()[:200]


def _without_default_port(host: str) -> str:
    """``school.example:80`` and ``school.example:443`` as ``school.example``."""
    name, colon, port = host.rpartition(":")
    return name if colon and port in ("80", "443") and not name.endswith("[") else host


def _fields(handler) -> dict:
    """A posted form's answer fields, bounded, as the sitting reads them (its
    :func:`~rummy_teach.quiz.form_text` makes the answer of them)."""
    return {"choice": handler.get_body_argument("choice", "")[:500],
            "text": handler.get_body_argument("text", "")[:500],
            "pick": [value[:20] for value in handler.get_body_arguments("pick")[:60]]}


def _count(text: str) -> int | None:
    """The answer form's ``try`` (the judged answers it had seen): a small number, else None."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 3 else None


def _seat_signer(config):
    """(sign, seat_of): a seat as its cookie holds it (HMAC with a key drawn from the
    teacher's token digest), and the seat of a cookie's value (None unless signed here)."""
    key = hashlib.sha256(b"rummy-seat:" + config.token_sha256.encode("utf-8")).digest()

    def sign(seat: str) -> str:
        return seat + "." + hmac.new(key, seat.encode("utf-8"), hashlib.sha256).hexdigest()[:32]

    def seat_of(value: str | None) -> str | None:
        seat, _, mark = (value or "").rpartition(".")
        if seat and 16 <= len(seat) <= 64 and hmac.compare_digest(sign(seat), value):
            return seat
        return None
    return sign, seat_of


def seat_hash_reader(config):
    """``seat_hash(handler)``: the SHA-256 of a request's signed seat (None without one), as
    the desk knows students by it (the lesson page's door, :mod:`~rummy_teach.classroom.lesson`)."""
    _, seat_of = _seat_signer(config)

    def seat_hash(handler) -> str | None:
        seat = seat_of(handler.get_cookie(SEAT_COOKIE))
        return hashlib.sha256(seat.encode("utf-8")).hexdigest() if seat else None
    return seat_hash


def quiz_handlers(base: str, config, door=None, desk: QuizDesk | None = None) -> list:
    """(pattern, handler) pairs for the students' pages under ``base`` ("" or "/prefix").
    With a lesson (``--notebook``) a student who joined is shown the way to it, not a quiz."""
    import tornado.web

    from .config import as_config

    config = as_config(config)
    desk = desk or QuizDesk(config)
    prefix = base + "/"
    teacher_lang = class_language(config)

    def title() -> str:
        return class_title(config)

    def switch_href(lang: str) -> str:
        """The student page's address in ``lang`` (the join code rides along where it opens
        the page: the student typed it already)."""
        query = f"?lang={lang}"
        if door is None:
            query = f"?join={quote(config.join_code or '', safe='')}&lang={lang}"
        return prefix + STUDENT_PATH + query
    sign, seat_of = _seat_signer(config)
    user_header = None if door is not None else config.user_header

    class Student(tornado.web.RequestHandler):
        def set_default_headers(self):
            self.set_header("Cache-Control", "no-store")
            # same-origin, not no-referrer: under no-referrer a browser's own form post says
            # "Origin: null", and the origin check below could not tell it from another site's
            self.set_header("Referrer-Policy", "same-origin")
            self.set_header("X-Content-Type-Options", "nosniff")
            self.set_header("Content-Security-Policy", CSP)

        def prepare(self):
            self.began = time.monotonic()

        def check_xsrf_cookie(self):
            """The signed SameSite seat cookie is this page's guard (see the module)."""

        async def user(self) -> tuple[bool, str | None]:
            """(may go on, the user a hub or proxy vouches for)."""
            if door is not None:
                found = await door.user(self)
                if found is not None and found.get("teacher"):  # a course's teacher (LTI)
                    return False, None                          # is no student of the class
                return (found is not None), (found["name"] if found else None)
            if user_header:
                return True, self.request.headers.get(user_header) or None
            return True, None

        def language(self) -> str:
            """The student's language: picked on the page (a cookie), else the teacher's."""
            try:
                return i18n.resolve_language(self.get_cookie(LANG_COOKIE) or teacher_lang)
            except UsageError:
                return teacher_lang

        def seat_hash(self) -> str | None:
            seat = seat_of(self.get_cookie(SEAT_COOKIE))
            return hashlib.sha256(seat.encode("utf-8")).hexdigest() if seat else None

        async def work(self, function, *args):
            return await asyncio.get_running_loop().run_in_executor(None, function, *args)

        def show(self, main: str, status: int = 200, lang: str | None = None) -> None:
            self.set_status(status)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            # how long the server worked on this request (a standard header, for measuring)
            self.set_header("Server-Timing", f"app;dur={(time.monotonic() - self.began) * 1000:.1f}")
            if self.request.headers.get("X-Rummy-Part") == "main":
                self.finish(main)
            else:
                with i18n.language(lang or self.language()):
                    self.finish(page(title(), main, prefix, language_switch(switch_href)))

    def visit_html(visit, given: str = "") -> str:
        if visit.student is None:
            return name_form(title(), prefix, config.roster, visit.said, visit.claim, given)
        if config.kernels:  # the class has a lesson: the way to it, with who the student is
            return lesson_link(title(), prefix + "voila/render/" + config.lesson, visit.student,
                               visit.said)
        return quiz_html(title(), prefix, visit.student, desk.sitting(visit.student),
                         said=visit.said)

    def enter(seat_hash: str, user: str | None, lang: str) -> tuple[int, str]:
        with i18n.language(lang):
            try:
                return 200, visit_html(desk.enter(seat_hash, user))
            except Exception as error:  # the database is away: say so, never a 500
                return 503, not_saved(prefix, type(error).__name__, saving=False)

    def act_on(act: str, seat_hash: str, user: str | None, form: dict, lang: str,
               address: str) -> tuple[int, str]:
        """One POST, all of it in one worker thread, in the student's language: (status, the
        page's new main part). A store that fails anywhere on the way (PostgreSQL away, the
        file gone) gives the "not saved" page: nothing was kept, the student sends again."""
        with i18n.language(lang):
            try:
                return _act_on(act, seat_hash, user, form, address)
            except Exception as error:
                return 503, not_saved(prefix, type(error).__name__, saving=act == "answer")

    def _act_on(act: str, seat_hash: str, user: str | None, form: dict,
                address: str) -> tuple[int, str]:
        name = form["name"]
        if act == "join":
            visit = desk.enter(seat_hash, user) if user else desk.join(seat_hash, name,
                                                                        address=address)
            return 200, visit_html(visit, given=name)
        if act == "rejoin":
            return 200, visit_html(desk.rejoin(seat_hash, name, form["code"], address=address))
        student = desk.student_of(seat_hash, user)
        if student is None:
            return 403, join_first(prefix)
        if config.kernels:  # no quiz of the class's own to answer here: the lesson has them
            return 200, lesson_link(title(), prefix + "voila/render/" + config.lesson, student)
        with desk.lock(student.student_id):  # one student's requests one at a time
            if act == "next":  # answered through another process of the class meanwhile?
                sitting = desk.sitting(student, fresh=True)
                desk.seen(student, sitting)
                return 200, quiz_html(title(), prefix, student, sitting)
            said = answered = None
            try:
                answered = desk.answer(student, form["question"], form["fields"],
                                       tried=form["try"])
            except Refused as refused:
                said = refused.said
            except StoreLost:  # the class's file is gone: the teacher has the alarm
                said = Said("quiz_not_saved_lost")
            except Exception as error:  # not kept, not counted: submit again
                said = Said("quiz_not_saved", {"error": type(error).__name__})
            sitting = desk.sitting(student)  # (read again from the store if the answer had to)
            return 200, quiz_html(title(), prefix, student, sitting, said=said, answered=answered)

    class Open(Student):
        async def get(self):
            allowed, user = await self.user()
            if not allowed:
                return door.login(self)
            lang = self.language()
            asked = self.get_argument("lang", "")
            if asked:  # the language switch: kept for the student's next pages
                try:
                    lang = i18n.resolve_language(asked)
                    self.set_cookie(LANG_COOKIE, lang, expires_days=SEAT_DAYS, httponly=True,
                                    samesite="Strict", path=prefix)
                except UsageError:
                    pass  # an unknown language: the page stays in the one it speaks
            if door is None:
                given = self.get_argument("join", "")
                if not join_ok(given, config):
                    self.set_status(403 if given else 200)
                    self.set_header("Content-Type", "text/html; charset=utf-8")
                    with i18n.language(lang):
                        switch = language_switch(lambda code: f"{prefix}{STUDENT_PATH}?lang={code}")
                        return self.finish(join_page(title(), wrong=bool(given), code=given,
                                                     base=prefix, action=prefix + STUDENT_PATH,
                                                     switch=switch))
            seat = seat_of(self.get_cookie(SEAT_COOKIE)) or secrets.token_urlsafe(24)
            self.set_cookie(SEAT_COOKIE, sign(seat), expires_days=SEAT_DAYS, httponly=True,
                            samesite="Strict", path=prefix)
            seat_hash = hashlib.sha256(seat.encode("utf-8")).hexdigest()
            status, main = await self.work(enter, seat_hash, user, lang)
            self.show(main, status, lang=lang)

    class Act(Student):
        async def post(self, act):
            elsewhere = foreign_origin(self.request.headers)
            if elsewhere is not None:
                with i18n.language(self.language()):
                    return self.show(other_site(elsewhere), 403)
            allowed, user = await self.user()
            seat_hash = self.seat_hash()
            if not allowed or seat_hash is None or (door is not None and not user):
                with i18n.language(self.language()):
                    return self.show(join_first(prefix), 403)
            form = {"name": self.get_body_argument("name", "")[:200],
                    "code": self.get_body_argument("code", "")[:20],
                    "question": self.get_body_argument("question", "")[:200],
                    "try": _count(self.get_body_argument("try", "")),
                    "fields": _fields(self)}
            status, main = await self.work(act_on, act, seat_hash, user, form, self.language(),
                                           self.request.remote_ip or "")
            if status == 503:  # the page's script keeps the form and shows why (quizview)
                self.set_header("X-Rummy-Not-Saved", "1")
            self.show(main, status)

    class OldAddress(tornado.web.RequestHandler):
        """The kernel page's address (links and join forms printed before): the same page."""

        def get(self):
            query = self.request.query
            self.redirect(prefix + STUDENT_PATH + (f"?{query}" if query else ""))

    return [
        (base + "/" + STUDENT_PATH, Open),
        (base + "/" + STUDENT_PATH + "/(join|rejoin|answer|next)", Act),
        (base + "/voila/render/quiz[.]ipynb", OldAddress),
    ]
