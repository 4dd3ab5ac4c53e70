"""One class process, many course links: each LMS link with its own quiz is a *paper*.

A link a teacher made by deep linking names its quiz (:mod:`~rummy_teach.classroom.ltiquizzes`).
Every (platform, deployment, course, resource link, quiz) is one paper of the class: a
session of its own in the class's results store (``<class session>~<paper id>``, the paper
id a hash of those five), so its students, answers, LMS grades and dashboard are its own and
the store's tables stay as they are. The same person is the same student id in every paper
(:func:`~rummy_teach.classroom.lti.student_key`).

A paper is served under ``<base>/lti/p/<paper id>/``: the students' quiz page and the
teacher's pages (dashboard, report, students, CSVs), the same handlers the class has
(:func:`~rummy_teach.classroom.quizpage.quiz_handlers`,
:func:`~rummy_teach.classroom.teacher.teacher_handlers`) over a
:class:`~rummy_teach.classroom.desk.QuizDesk` of the paper's config (its session, its quiz) that
shares the class's store. A launch opens the paper's room; after a restart, the first
request to a paper opens it again from the launch's signed cookie, which names the paper's
quiz (the quiz is read and checked again, so a file changed meanwhile is refused).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import threading

from .lti import CONTEXT_CLAIM, DEPLOYMENT_CLAIM

LINK_CLAIM = "https://purl.imsglobal.org/spec/lti/claim/resource_link"
PAPER_DIGITS = 20
PAPER_PATH = re.compile(r"/lti/p/([0-9a-f]{%d})/" % PAPER_DIGITS)
#: the most papers one class process keeps open (each a desk, its handlers and, once a
#: teacher looks, its own read-only store); the oldest is closed, and opened again when asked
ROOMS_LIMIT = 100


def paper_id(session: str, claims: dict, quiz_id: str) -> str:
    """The paper of a launch: its platform, deployment, course, resource link and quiz."""
    def part(value):
        return str(value if value is not None else "")
    context = claims.get(CONTEXT_CLAIM) if isinstance(claims.get(CONTEXT_CLAIM), dict) else {}
    link = claims.get(LINK_CLAIM) if isinstance(claims.get(LINK_CLAIM), dict) else {}
    text = "\n".join(part(v) for v in (session, claims.get("iss"), claims.get(DEPLOYMENT_CLAIM),
                                       context.get("id"), link.get("id"), quiz_id))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:PAPER_DIGITS]


def paper_session(session: str, paper: str) -> str:
    return f"{session[:160]}~{paper}"


def paper_cookie(paper: str) -> str:
    return f"rummy_lti_{paper}"


@dataclasses.dataclass
class Room:
    """A paper being served: its config, desk, door, grade sender and tornado application."""

    paper: str
    prefix: str
    config: object
    desk: object
    door: object
    sender: object
    app: object


class Papers:
    """The class's papers, opened on demand (thread-safe)."""

    def __init__(self, base: str, config, class_desk, settings, report_page: str,
                 student_path: str, make_door, make_sender, extra_handlers):
        self.base, self.config, self.class_desk, self.settings = base, config, class_desk, settings
        self.report_page, self.student_path = report_page, student_path
        self.make_door, self.make_sender, self.extra_handlers = make_door, make_sender, extra_handlers
        self.rooms: dict[str, Room] = {}
        self._lock = threading.Lock()

    def room(self, paper: str, choice) -> Room:
        """The room of ``paper`` for the quiz ``choice``, opened if it is not yet."""
        with self._lock:
            found = self.rooms.get(paper)
            if found is not None:
                return found
            if len(self.rooms) >= ROOMS_LIMIT:  # the oldest goes (its waiting grades are sent
                # from the store all the same); a request to it opens it again
                self.rooms.pop(next(iter(self.rooms)))
            self.rooms[paper] = found = self._open(paper, choice)
            return found

    def _open(self, paper: str, choice) -> Room:
        import tornado.web

        from .desk import QuizDesk
        from .quizpage import quiz_handlers
        from .teacher import log_request, teacher_handlers

        prefix = f"{self.base}/lti/p/{paper}"
        config = dataclasses.replace(
            self.config, session=paper_session(self.config.session, paper), quiz=choice.source,
            quiz_name=choice.quiz_id, title=str(choice.quiz.title_key or choice.quiz_id)[:200],
            lesson=None, roster=None)
        desk = QuizDesk(config, quiz=choice.quiz, store=self.class_desk.store())
        door = self.make_door(config, desk, prefix, paper)
        sender = self.make_sender(desk)
        desk.answer_listeners.append(sender.note)
        handlers = teacher_handlers(prefix, config, self.student_path, self.report_page,
                                    door=door, desk=desk)
        handlers += quiz_handlers(prefix, config, door=door, desk=desk)
        handlers += self.extra_handlers(prefix, config, desk, door)
        app = tornado.web.Application(handlers, log_function=log_request)
        return Room(paper, prefix, config, desk, door, sender, app)

    def open_room(self, paper: str) -> Room | None:
        """The room of ``paper`` if it is open in this process."""
        with self._lock:
            return self.rooms.get(paper)

    def senders(self) -> list:
        with self._lock:
            return [room.sender for room in self.rooms.values()]

    def router(self, reopen, refuse):
        """The tornado router of ``<base>/lti/p/...``: a paper's own pages. ``reopen(request,
        paper)``: the room of a paper not open in this process (from the launch's cookie),
        or None; then ``refuse`` (a handler class) answers."""
        import tornado.routing
        import tornado.web

        papers = self
        refusal = tornado.web.Application([(r".*", refuse)], log_function=None)

        class PaperRouter(tornado.routing.Router):
            def find_handler(self, request, **kwargs):
                found = PAPER_PATH.search(request.path[len(papers.base):][:40])
                paper = found.group(1) if found else ""
                room = papers.open_room(paper)
                if room is None and paper:
                    room = reopen(request, paper)
                if room is None:
                    return refusal.find_handler(request)
                return room.app.find_handler(request)
        return PaperRouter()
