"""The door of the quiz page: the join code, the kernel budget and the student's seat.

Every load of Voilà's quiz page costs a kernel, so the server decides before one
is started:

* without the session's join code (``?join=...``) the answer is a small join
  form, rendered here, no kernel;
* with it, but the kernel budget spent (no preheated kernel waiting, no room to
  start one, and no kernel of a page that is gone to reclaim), the answer is
  "this class is full", with status 503, no kernel;
* otherwise the page is Voilà's, and the browser's *seat* cookie (a random value
  made here on the first visit) is handed to the kernel in the ``X-Rummy-Seat``
  header, whatever the client sent in it: a reload or a second tab of the same
  browser is the same seat, so the kernel finds the same student again.
"""

from __future__ import annotations

import hmac
import re
import secrets

from .pages import full_page, join_page

SEAT_COOKIE = "rummy_seat"
SEAT_HEADER = "X-Rummy-Seat"
SEAT_DAYS = 30
# Voilà's lab template links Font Awesome from a CDN although its own bundle already
# carries it: the links are cut, so the page asks nothing of any other machine.
_OUTSIDE_LINK = re.compile(r'<link[^>]+href="https?://[^"]*"[^>]*>\s*')


def join_code_key(code: str) -> str:
    """A join code as it is compared: spaces dropped, upper case (``abc1`` is ``ABC1``)."""
    return "".join(code.split()).upper()


def join_ok(given: str, config: dict) -> bool:
    """Whether ``given`` is the class's join code, whatever its case and spaces (a code kept
    in lower case by an earlier version included)."""
    code = join_code_key(config.get("join_code") or "")
    given = join_code_key(given)
    return bool(code) and hmac.compare_digest(given.encode("utf-8"), code.encode("utf-8"))


def quiz_page_handler(config: dict, notebook: str, door=None):
    """The tornado handler class for the quiz page (Voilà's own, behind the gate).

    With a :class:`~rummy_teach.classroom.hub.HubDoor` (a JupyterHub service), the
    hub's login replaces the join code, and the hub user is handed to the kernel."""
    from voila.tornado.handler import TornadoVoilaHandler

    from .kernels import ClassFull

    from .messages import class_title
    title = class_title(config)

    class QuizPage(TornadoVoilaHandler):
        def _plain(self, status: int, body: str) -> None:
            self.set_status(status)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            if status == 503:
                self.set_header("Retry-After", "60")
            self.finish(body)

        def _room(self) -> bool:
            manager = self.kernel_manager
            if not hasattr(manager, "has_room"):
                return True
            return bool(manager.ready_pool_kernels(notebook)) or manager.has_room()

        def write(self, chunk):
            if isinstance(chunk, str) and "<link" in chunk:
                chunk = _OUTSIDE_LINK.sub("", chunk)
            return super().write(chunk)

        def should_use_rendered_notebook(self, *args, **kwargs) -> bool:
            """A preheated kernel only if one is ready: a refill still waiting for room would
            keep this student waiting; without one, a kernel is started (or refused) now."""
            manager = self.kernel_manager
            if not hasattr(manager, "ready_pool_kernels") or not manager.ready_pool_kernels(notebook):
                return False
            pool = manager._pools.get(notebook, [])
            pool.sort(key=lambda task: not (task.done() and not task.cancelled()
                                                 and task.exception() is None))  # Voilà takes the first: a ready one
            return super().should_use_rendered_notebook(*args, **kwargs)

        async def get(self, path=None):
            if door is not None:
                from .hub import HUB_USER_HEADER
                user = await door.user(self)
                if not user:
                    return door.login(self)
                self.request.headers[HUB_USER_HEADER] = user["name"]  # never the client's
            given = self.get_argument("join", "")
            if door is None and not join_ok(given, config):
                return self._plain(403 if given else 200,
                                   join_page(title, wrong=bool(given), code=given,
                                             base=config.get("base_url", "/")))
            if not self._room() and not (hasattr(self.kernel_manager, "reclaim_orphan")
                                         and await self.kernel_manager.reclaim_orphan()):
                return self._plain(503, full_page(title))
            seat = self.get_cookie(SEAT_COOKIE) or ""
            if not (16 <= len(seat) <= 64 and seat.replace("-", "").replace("_", "").isalnum()):
                seat = secrets.token_urlsafe(24)
            self.set_cookie(SEAT_COOKIE, seat, expires_days=SEAT_DAYS, httponly=True,
                            samesite="Strict")
            self.request.headers[SEAT_HEADER] = seat  # never what the client sent
            try:
                await super().get(path)
            except ClassFull:  # a race with another start: nothing was sent yet
                if not self._headers_written:
                    self.clear()
                    return self._plain(503, full_page(title))
                raise

    return QuizPage
