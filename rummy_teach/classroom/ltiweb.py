"""The LTI 1.3 addresses of the classroom server, and its door for launched people.

:func:`lti_handlers` serves the login initiation, the launch, the tool's JWKS and its
registration (:mod:`~rummy_teach.classroom.lti`); :class:`LtiDoor` is the door the student
and teacher pages ask who a request comes from, as they ask :class:`~rummy_teach.classroom.hub.HubDoor`
behind JupyterHub: a launch leaves a cookie signed here (HMAC with a key drawn from the
teacher's token digest, like the seat) that names the student's id or says "a teacher of
the course"; without one, the page says to open the class from the course.

A teacher's deep-linking launch picks a quiz (:mod:`~rummy_teach.classroom.ltiquizzes`); a
launch from a link that names one goes to that link's paper, served under
``<base>/lti/p/<paper>/`` (:mod:`~rummy_teach.classroom.ltipapers`).

Every refusal is a page in the catalogue's words, in the language the launch asks for (its
``locale`` claim) when the class speaks it, else the class's; the log line names the refusal's
code, the issuer and client id, never the token, the nonce or a key.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import time
from html import escape

from .. import i18n
from .lti import (DEPLOYMENT_CLAIM, LtiSettings, NonceBook, role_of, shown_name, student_key,
                  unverified_claims)
from .dashboard import teacher_nav
from .ltipapers import paper_session
from .messages import class_language, say
from .pages import page, scroll_box

LTI_COOKIE = "rummy_lti"
LTI_HOURS = 12
#: how often the grade outbox is looked at (a score waits at most this long, or its retry time)
SEND_EVERY_SECONDS = 2
log = logging.getLogger("rummy_teach.lti")


class LtiRefused(Exception):
    """A launch refused; ``code`` is the catalogue's sentence for it, ``status`` the HTTP one."""

    def __init__(self, code: str, status: int = 403):
        super().__init__(code)
        self.code, self.status = code, status


def refusal_code(error: Exception) -> str:
    """The catalogue code for one of PyLTI1p3's refusals (its messages are its own English)."""
    import jwt
    cause = error.__cause__
    if isinstance(cause, jwt.ExpiredSignatureError):
        return "lti_refused_expired"
    if isinstance(cause, (jwt.InvalidSignatureError, jwt.DecodeError)):
        return "lti_refused_signature"
    text = str(error)
    if "State not found" in text or "Missing state" in text:
        return "lti_refused_state"
    if "Nonce" in text or "nonce" in text:
        return "lti_refused_replay"
    if "public key" in text or "KID" in text or "ALG" in text or "decode id_token" in text:
        return "lti_refused_signature"
    if "Error during fetch URL" in text or "Invalid response from" in text:
        return "lti_refused_platform_keys"
    if "deployment" in text:
        return "lti_refused_deployment"
    if "Registration" in text or "Client id" in text:
        return "lti_refused_audience"
    if "Roles" in text:
        return "lti_refused_role"
    return "lti_refused_launch"


class LtiDoor:
    """Who a launch cookie says a request comes from (the student and teacher pages' door)."""

    def __init__(self, config, desk, settings: LtiSettings, base: str, cookie: str = LTI_COOKIE,
                 paper: bool = False):
        self.config, self.desk, self.settings, self.base = config, desk, settings, base
        #: a paper of the class (ltipapers) has its own cookie, and its teachers see its
        #: session only; the class's teachers see every session but the papers'
        self.cookie, self.paper = cookie, paper
        self.key = hashlib.sha256(b"rummy-lti:" + config.token_sha256.encode("utf-8")).digest()

    # --- the cookie -----------------------------------------------------------------
    def sign(self, data: dict) -> str:
        text = json.dumps(data, separators=(",", ":"), sort_keys=True).encode("utf-8").hex()
        return text + "." + hmac.new(self.key, text.encode("ascii"), hashlib.sha256).hexdigest()

    def read(self, value: str | None) -> dict | None:
        text, _, mark = (value or "").rpartition(".")
        good = hmac.new(self.key, text.encode("ascii", "replace"), hashlib.sha256).hexdigest()
        if not text or not hmac.compare_digest(good, mark):
            return None
        try:
            data = json.loads(bytes.fromhex(text))
        except ValueError:
            return None
        if not isinstance(data, dict) or not isinstance(data.get("until"), (int, float)) or \
                data["until"] < time.time():
            return None
        return data

    def set_cookie(self, handler, data: dict) -> None:
        data = dict(data, until=int(time.time()) + LTI_HOURS * 3600)
        handler.set_cookie(self.cookie, self.sign(data), expires_days=LTI_HOURS / 24,
                           httponly=True, path=self.base + "/", **cross_site(handler))

    # --- what the pages ask -----------------------------------------------------------
    def session_allowed(self, handler) -> bool:
        """A teacher's page asks for a session this door opens (a course's teachers see
        their own link's results, not another course's)."""
        asked = handler.get_argument("session", self.config.session)
        if self.paper:
            return asked == self.config.session and \
                not handler.request.path.endswith("/teacher/sessions")
        return not asked.startswith(paper_session(self.config.session, ""))

    async def user(self, handler) -> dict | None:
        data = self.read(handler.get_cookie(self.cookie))
        if data is None or not self.session_allowed(handler):
            return None
        if data.get("role") == "teacher":
            return {"name": str(data.get("name", "")), "teacher": True}
        student = await asyncio.get_running_loop().run_in_executor(
            None, self.desk.student_by_id, str(data.get("id", "")))
        return {"name": student.name} if student is not None else None

    async def may_teach(self, user: dict) -> bool:
        return bool(user.get("teacher"))

    def login(self, handler) -> None:
        """No launch cookie: the page says to open the class from the course (a course's
        teacher on the students' page goes to the dashboard)."""
        data = self.read(handler.get_cookie(self.cookie))
        if data is not None and data.get("role") == "teacher":
            return handler.redirect(self.base + "/teacher/dashboard")
        show_refusal(handler, self.config, "lti_open_from_course", 403, log_it=False)

    def logout_url(self) -> str:
        return self.base + "/lti/leave"


def cross_site(handler) -> dict:
    """A cookie the platform's page must send back to us: over HTTPS ``SameSite=None;
    Secure`` (the platform's form posts from another site); over plain HTTP (a test on one
    machine) ``Lax``, since browsers refuse ``None`` without ``Secure``."""
    secure = handler.request.protocol == "https" or \
        handler.request.headers.get("X-Forwarded-Proto", "").split(",")[0].strip() == "https"
    return {"samesite": "None", "secure": True} if secure else {"samesite": "Lax"}


def launch_language(config, claims: dict) -> str:
    """The language of a launch's pages: its ``locale`` claim when the class speaks it."""
    locale = claims.get("locale") if isinstance(claims, dict) else None
    if isinstance(locale, str):
        try:
            return i18n.resolve_language(locale.replace("-", "_"))
        except Exception:
            pass
    return class_language(config)


def show_refusal(handler, config, code: str, status: int, claims=None, log_it=True) -> None:
    claims = claims or {}
    if log_it:  # which check failed, for whom: never the token, the nonce or a key
        log.warning("LTI launch refused (%s): issuer %r, client %r, deployment %r", code,
                    str(claims.get("iss", ""))[:200], str(claims.get("aud", ""))[:200],
                    str(claims.get(DEPLOYMENT_CLAIM, ""))[:200])
    handler.set_status(status)
    handler.set_header("Content-Type", "text/html; charset=utf-8")
    handler.set_header("Cache-Control", "no-store")
    with i18n.language(launch_language(config, claims)):
        title = say("lti_refused_title")
        handler.finish(page(title, f"<h1>{escape(title)}</h1>"
                                   f'<p class="rt-alert rt-lti-refused" role="alert" '
                                   f'data-code="{escape(code)}">{escape(say(code))}</p>'
                                   f'<p>{escape(say("lti_refused_again"))}</p>'))


def lti_handlers(base: str, config, desk, door: LtiDoor, books: NonceBook | None = None,
                 report_page: str = "report.ipynb") -> list:
    """(pattern, handler) pairs for ``<base>/lti/...``; ``<base>/lti/p/<paper>/...`` are the
    pages of the quizzes teachers linked (:mod:`~rummy_teach.classroom.ltipapers`)."""
    import tornado.web
    from pylti1p3.cookie import CookieService
    from pylti1p3.message_launch import MessageLaunch
    from pylti1p3.oidc_login import OIDCLogin
    from pylti1p3.redirect import Redirect
    from pylti1p3.request import Request
    from pylti1p3.session import SessionService

    import tornado.ioloop

    from .ltigrades import ags_line_item
    from .ltipapers import Papers, paper_cookie, paper_id
    from .ltiquizzes import (QUIZ_PARAMETER, QuizRefused, link_parameter, offered, quiz_key,
                             resolve, signed)
    from .ltisend import GradeSender
    from .quizpage import STUDENT_PATH

    settings = door.settings
    book = books or NonceBook()
    tool_conf = settings.tool_conf()
    sender = GradeSender(desk, settings)
    desk.answer_listeners.append(sender.note)
    sending = {"busy": False}
    marks = quiz_key(settings.private_key)   # a link's quiz id is the tool's (ltiquizzes)
    folder = config.lti_quizzes

    def paper_door(paper_config, paper_desk, prefix, paper):
        return LtiDoor(paper_config, paper_desk, settings, prefix, cookie=paper_cookie(paper),
                       paper=True)

    def paper_pages(prefix, paper_config, paper_desk, paper_door):
        """A paper's own LMS pages: what was sent to the LMS, and leaving."""
        class PaperLeave(Base):
            def get(self):
                self.clear_cookie(paper_door.cookie, path=prefix + "/")
                show_refusal(self, paper_config, "lti_open_from_course", 200, log_it=False)
        return [(prefix + "/lti/leave", PaperLeave),
                (prefix + "/lti/grades", grades_handler(paper_door, paper_desk, paper_config,
                                                        prefix))]

    papers = Papers(base, config, desk, settings, report_page, STUDENT_PATH, paper_door,
                    lambda paper_desk: GradeSender(paper_desk, settings), paper_pages)

    async def send_grades():
        """What waits in the grade outbox, to the LMS (off the loop; one round at a time)."""
        if sending["busy"]:
            return
        sending["busy"] = True
        try:
            await asyncio.get_running_loop().run_in_executor(None, send_every_paper)
        except Exception:  # the database away: the next round tries again
            log.exception("LMS grades: the outbox could not be read")
        finally:
            sending["busy"] = False

    def send_every_paper():
        """The class's own outbox, each open paper's, and a paper's not open since a restart."""
        sender.send_waiting()
        open_now = set()
        for each in papers.senders():
            open_now.add(each.desk.session)
            each.send_waiting()
        mine = config.session[:160] + "~"
        for session in desk.store().lti_sessions_waiting():
            if session.startswith(mine) and session not in open_now:
                sender.send_waiting(session=session)

    tornado.ioloop.IOLoop.current().add_callback(
        lambda: tornado.ioloop.PeriodicCallback(send_grades, SEND_EVERY_SECONDS * 1000).start())

    def enrol(key: str, name: str, claims: dict, room=None):
        """The launched student in the class (or the paper ``room``), with their line item
        for grades (if any)."""
        where, noter = (room.desk, room.sender) if room is not None else (desk, sender)
        student = where.admit(key, name)
        lineitem = ags_line_item(claims)
        if lineitem:
            where.store().lti_link(where.session, key, lineitem, str(claims["sub"]),
                                   str(claims["iss"]))
            noter.note(student)  # answers given before (a launch again): the score now
        return student

    def linked_room(claims: dict, value):
        """The paper room of a launch whose link names a quiz (QuizRefused if it names none
        the tool can serve: nothing is opened or stored)."""
        choice = resolve(value, folder, marks)
        return papers.room(paper_id(config.session, claims, choice.quiz_id), choice)

    def reopen(request, paper: str):
        """A paper not open in this process (a restart): opened from the signed cookie its
        launch left, its quiz read and checked again; None (and why, on the request) if not."""
        morsel = request.cookies.get(paper_cookie(paper))
        data = door.read(morsel.value if morsel is not None else None)
        if data is None or data.get("paper") != paper:
            return None
        try:
            return papers.room(paper, resolve(data.get("quiz"), folder, marks))
        except QuizRefused as refused:
            request.rummy_refusal = refused.code
            log.warning("LTI paper not reopened (%s)", refused.code)
            return None

    class LtiRequest(Request):
        def __init__(self, handler):
            self.handler = handler

        @property
        def session(self):
            return {}

        def is_secure(self) -> bool:
            return cross_site(self.handler).get("secure", False)

        def get_param(self, key):
            return self.handler.get_argument(key, None)

    class Cookies(CookieService):
        def __init__(self, handler):
            self.handler = handler

        def get_cookie(self, name):
            return self.handler.get_cookie(f"{self._cookie_prefix}-{name}")

        def set_cookie(self, name, value, exp=3600):
            self.handler.set_cookie(f"{self._cookie_prefix}-{name}", str(value),
                                    expires=time.time() + (exp or 3600), httponly=True,
                                    path=base + "/lti/", **cross_site(self.handler))

    def services(handler):
        request = LtiRequest(handler)
        session = SessionService(request)
        session.set_data_storage(book.storage())
        return request, session, Cookies(handler)

    class Location(Redirect):
        def __init__(self, location):
            self.location = location

        def do_redirect(self):
            return self.location

        def do_js_redirect(self):
            return self.location

        def set_redirect_url(self, location):
            self.location = location

        def get_redirect_url(self):
            return self.location

    class Login(OIDCLogin):
        def get_redirect(self, url):
            return Location(url)

    class Launch(MessageLaunch):
        def _get_request_param(self, key):
            return self._request.get_param(key)

    class Base(tornado.web.RequestHandler):
        def check_xsrf_cookie(self):
            """The platform's form posts here from its own site; state and nonce guard it."""

        def set_default_headers(self):
            self.set_header("Cache-Control", "no-store")
            self.set_header("X-Content-Type-Options", "nosniff")

    class LoginHandler(Base):
        def initiate(self):
            claims = {"iss": self.get_argument("iss", ""), "aud": self.get_argument("client_id", "")}
            if claims["iss"] != settings.issuer:
                return show_refusal(self, config, "lti_refused_issuer", 403, claims)
            if claims["aud"] and claims["aud"] != settings.client_id:
                return show_refusal(self, config, "lti_refused_audience", 403, claims)
            request, session, cookies = services(self)
            try:
                url = Login(request, tool_conf, session, cookies).redirect(settings.launch_url)
            except Exception as error:  # no login_hint, ...: the platform sent no login
                log.warning("LTI login refused: %s", type(error).__name__)
                return show_refusal(self, config, "lti_refused_login", 400, claims, log_it=False)
            self.redirect(url)

        get = post = initiate

    class LaunchHandler(Base):
        async def post(self):
            id_token = self.get_argument("id_token", "")
            claims = unverified_claims(id_token)
            try:
                if not claims or not self.get_argument("state", ""):
                    raise LtiRefused("lti_refused_form", 400)
                if claims.get("iss") != settings.issuer:
                    raise LtiRefused("lti_refused_issuer")
                audience = claims.get("aud")
                audience = audience if isinstance(audience, list) else [audience]
                if settings.client_id not in audience:
                    raise LtiRefused("lti_refused_audience")
                request, session, cookies = services(self)
                launch = Launch(request, tool_conf, session, cookies)
                try:  # PyLTI1p3 fetches the platform's keys: off the server's loop
                    await asyncio.get_running_loop().run_in_executor(None, launch.validate)
                except LtiRefused:
                    raise
                except Exception as error:
                    raise LtiRefused(refusal_code(error)) from None
                verified = launch.get_launch_data()
                role = role_of(verified)
                if role is None:
                    raise LtiRefused("lti_refused_role")
                if launch.is_deep_link_launch() and role != "teacher":
                    raise LtiRefused("lti_refused_not_teacher")
            except LtiRefused as refused:
                return show_refusal(self, config, refused.code, refused.status, claims)
            if launch.is_deep_link_launch():  # a teacher adding a quiz to the course
                choices = await asyncio.get_running_loop().run_in_executor(None, offered, folder)
                self.set_header("Content-Type", "text/html; charset=utf-8")
                with i18n.language(launch_language(config, verified)):
                    return self.finish(deep_link_page(base, launch.get_launch_id(), choices,
                                                      bool(folder)))
            value = link_parameter(verified)
            room, here, seal = None, door, {}
            if value is not None:  # a link a teacher made by picking a quiz: its paper
                try:
                    room = await asyncio.get_running_loop().run_in_executor(
                        None, linked_room, verified, value)
                except QuizRefused as refused:
                    return show_refusal(self, config, refused.code, 404, verified)
                here, seal = room.door, {"paper": room.paper, "quiz": value}
            home = room.prefix if room is not None else base
            name = shown_name(verified)
            if role == "teacher":
                here.set_cookie(self, {"role": "teacher", "name": name, **seal})
                log.info("LTI launch: a teacher of %r", str(verified.get("iss"))[:200])
                return self.redirect(home + "/teacher/dashboard", status=303)
            key = student_key(verified["iss"], verified["sub"])
            await asyncio.get_running_loop().run_in_executor(None, enrol, key, name, verified,
                                                             room)
            here.set_cookie(self, {"role": "student", "id": key, **seal})
            lang = launch_language(config, verified)
            self.redirect(f"{home}/quiz?lang={lang}", status=303)

    class DeepLinkChoice(Base):
        """The teacher chose a quiz: its link goes back to the LMS, signed by the tool, naming
        the quiz (a custom parameter) with a grade column as large as the quiz's points."""

        def post(self):
            from pylti1p3.deep_link_resource import DeepLinkResource
            from pylti1p3.lineitem import LineItem
            request, session, cookies = services(self)
            try:
                launch = Launch.from_cache(self.get_body_argument("launch", ""), request,
                                           tool_conf, session_service=session,
                                           cookie_service=cookies)
                claims = launch.get_launch_data()
            except Exception:  # unknown or expired (10 minutes): start again from the LMS
                return show_refusal(self, config, "lti_refused_state", 403)
            if not launch.is_deep_link_launch() or role_of(claims) != "teacher":
                return show_refusal(self, config, "lti_refused_not_teacher", 403, claims)
            picked = self.get_body_argument("quiz", "")
            choices = offered(folder)
            choice = next((c for c in choices if c.quiz_id == picked and c.quiz is not None), None)
            lang = launch_language(config, claims)
            if choice is None:  # nothing picked, or a file that changed or went meanwhile
                self.set_status(400)
                self.set_header("Content-Type", "text/html; charset=utf-8")
                with i18n.language(lang):
                    return self.finish(deep_link_page(base, launch.get_launch_id(), choices,
                                                      bool(folder), said="lti_pick_none"))
            with i18n.language(lang):
                title = choice.quiz.title[:200] or choice.file_name
            resource = (DeepLinkResource().set_url(settings.launch_url).set_title(title)
                        .set_custom_params({QUIZ_PARAMETER: signed(choice.quiz_id, marks)})
                        .set_lineitem(LineItem().set_label(title)
                                      .set_score_maximum(choice.points)))
            log.info("LTI deep link: %s added to a course of %r", choice.quiz_id,
                     str(claims.get("iss"))[:200])
            link = launch.get_deep_link()
            token = link.get_response_jwt([resource])
            back = claims["https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"][
                "deep_link_return_url"]
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(f'<!DOCTYPE html><html><body><form id="rt-back" method="post" '
                        f'action="{escape(back)}"><input type="hidden" name="JWT" '
                        f'value="{escape(token)}"><button type="submit">OK</button></form>'
                        '<script>document.getElementById("rt-back").submit()</script>'
                        '</body></html>')

    class Jwks(Base):
        def get(self):
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps(settings.public_jwks()))

    class Registration(Base):
        def get(self):
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps(settings.registration_json(), indent=1))

    def grades_handler(door: LtiDoor, desk, config, home: str):
        """The page of what was sent to the LMS, for the class or one of its papers."""

        def grade_rows():
            names = {s.student_id: s.name for s in desk.store().students(desk.session)}
            return [(names.get(row["student_id"], row["student_id"]), row)
                    for row in desk.store().lti_grades(desk.session)]

        class Grades(Base):
            """What was sent to the LMS, student by student (the course's teachers only)."""

            async def get(self):
                user = await door.user(self)
                if not user or not await door.may_teach(user):
                    return show_refusal(self, config, "lti_open_from_course", 403, log_it=False)
                rows = await asyncio.get_running_loop().run_in_executor(None, grade_rows)
                self.set_header("Content-Type", "text/html; charset=utf-8")
                with i18n.language(class_language(config)):
                    self.finish(grades_page(rows, teacher_nav("", config.session, home + "/",
                                                              lms=True)))
        return Grades

    class NoPaper(Base):
        """A paper's address this process cannot open: no launch of it in this browser, or
        its quiz changed or gone since (said on the request by ``reopen``)."""

        def prepare(self):
            code = getattr(self.request, "rummy_refusal", None)
            show_refusal(self, config, code or "lti_open_from_course", 404 if code else 403,
                         log_it=False)

    class Leave(Base):
        def get(self):
            self.clear_cookie(LTI_COOKIE, path=base + "/")
            show_refusal(self, config, "lti_open_from_course", 200, log_it=False)

    return [
        (base + "/lti/login", LoginHandler),
        (base + "/lti/launch", LaunchHandler),
        (base + "/lti/jwks", Jwks),
        (base + "/lti/config[.]json", Registration),
        (base + "/lti/leave", Leave),
        (base + "/lti/grades", grades_handler(door, desk, config, base)),
        (base + "/lti/deeplink", DeepLinkChoice),
        (base + "/lti/p/.*", papers.router(reopen, NoPaper)),
    ]


def grades_page(rows, nav: str = "") -> str:
    """The teacher's page of what went to the LMS: each student's score as sent, or why not yet."""
    from ..i18n import number_text
    lines = []
    for name, row in sorted(rows, key=lambda item: item[0].casefold()):
        if row["sent_stamp"]:
            sent = say("lti_grades_sent", points=number_text(row["sent_points"]),
                       most=number_text(row["max_points"]), at=row["sent_at"][:19].replace("T", " "))
        else:
            sent = say("lti_grades_nothing_sent")
        score = {"points": number_text(row["points"]), "most": number_text(row["max_points"])}
        if row["stamp"] and row["stamp"] != row["sent_stamp"]:
            state = say("lti_grades_waiting", tries=int(row["tries"]), error=row["last_error"],
                        **score) if row["tries"] else say("lti_grades_waiting_new", **score)
        else:
            state = say("lti_grades_up_to_date")
        lines.append(f"<tr><td>{escape(name)}</td><td>{escape(sent)}</td><td>{escape(state)}</td></tr>")
    title = say("lti_grades_title")
    table = (scroll_box(f"<table><thead><tr><th>{escape(say('lti_grades_student'))}</th>"
                        f"<th>{escape(say('lti_grades_sent_heading'))}</th>"
                        f"<th>{escape(say('lti_grades_state_heading'))}</th></tr></thead>"
                        f"<tbody>{''.join(lines)}</tbody></table>", title)
             if lines else f"<p>{escape(say('lti_grades_none'))}</p>")
    return page(title, f"{nav}<h1>{escape(title)}</h1>{table}")


#: the picker's list: a radio and its label side by side, big enough for a finger
PICKER_STYLE = ("<style>fieldset { margin: 0 0 0.8em; padding: 0.3em 0.8em; border: 1px solid #999; }"
                " legend { font-weight: 600; } ul.rt-picks { list-style: none; padding: 0; margin: 0; }"
                " ul.rt-picks li { display: flex; gap: 0.6em; align-items: flex-start; margin: 0.5em 0; }"
                " ul.rt-picks input { width: 1.4em; height: 1.4em; margin: 0.1em 0 0; flex: none; }"
                " .rt-pick-bad { color: #9b1c1c; }</style>")


def deep_link_page(base: str, launch_id: str, choices, has_folder: bool,
                   said: str | None = None) -> str:
    """What a teacher sees when the LMS asks which activity to add: every quiz the tool may
    serve (:func:`~rummy_teach.classroom.ltiquizzes.offered`), one to pick; a file that is no
    quiz is listed with why, and cannot be picked."""

    def option(number: int, choice) -> str:
        ident = f"rt-pick-{number}"
        text = say("lti_pick_quiz", title=choice.quiz.title or choice.file_name,
                   points=choice.points)
        if choice.file_name:
            text = say("lti_pick_file_quiz", quiz=text, file=choice.file_name)
        return (f'<li><input type="radio" name="quiz" id="{ident}" required '
                f'value="{escape(choice.quiz_id)}"> <label for="{ident}">{escape(text)}</label></li>')

    builtins = [c for c in choices if not c.file_name]
    files = [c for c in choices if c.file_name and c.quiz is not None]
    bad = [c for c in choices if c.file_name and c.quiz is None]
    number = iter(range(1, len(choices) + 1))
    heading = say("lti_pick_title")
    parts = [PICKER_STYLE, f"<h1>{escape(heading)}</h1>"]
    if said:
        parts.append(f'<p class="rt-alert" role="alert">{escape(say(said))}</p>')
    parts.append(f'<form method="post" action="{escape(base)}/lti/deeplink">'
                 f'<input type="hidden" name="launch" value="{escape(launch_id)}">'
                 f'<fieldset><legend>{escape(say("lti_pick_builtin"))}</legend><ul class="rt-picks">'
                 + "".join(option(next(number), c) for c in builtins) + "</ul></fieldset>"
                 f'<fieldset><legend>{escape(say("lti_pick_files"))}</legend>')
    if files:
        parts.append('<ul class="rt-picks">' + "".join(option(next(number), c) for c in files)
                     + "</ul>")
    else:
        parts.append(f"<p>{escape(say('lti_pick_no_files' if has_folder else 'lti_pick_no_folder'))}</p>")
    parts.append("</fieldset>"
                 f'<button type="submit">{escape(say("lti_deep_link_button"))}</button></form>')
    if bad:
        parts.append(f"<h2>{escape(say('lti_pick_bad_heading'))}</h2><ul>" + "".join(
            f'<li class="rt-pick-bad">{escape(say("lti_pick_file_bad", file=c.file_name, reason=c.problem_text()))}</li>'
            for c in bad) + "</ul>")
    return page(heading, "".join(parts))
