"""The classroom as a JupyterHub service: the hub says who is who.

Started by the hub (a *managed* service in ``jupyterhub_config.py``, see
``deploy/jupyterhub_config.py``) with ``--teachers-group GROUP``, the classroom
serves the whole class under the service's prefix (``/services/<name>/``) and:

* a student is a hub user: whoever opens the quiz page is sent through the hub's
  login (OAuth) first, and the hub user's name is the student, with no join code
  and no name to type. The server hands it to the kernel in the
  ``X-Rummy-Hub-User`` header, whatever the client sent in it;
* the teacher's pages are for members of the hub group ``GROUP`` (asked of the hub's
  API with the service's own token, which needs the ``read:users:groups`` scope):
  no shared token; everyone else gets "access refused" (403).

The hub gives the service its settings in ``JUPYTERHUB_*`` environment variables
(API token and URL, OAuth client id and callback, the prefix); this module reads
them through JupyterHub's own :class:`~jupyterhub.services.auth.HubOAuth`.
"""

from __future__ import annotations

import json
import os
import time
from urllib.parse import quote

HUB_USER_HEADER = "X-Rummy-Hub-User"
SERVICE_NAME = "rummy-classroom"
# What the service's own API token may do: read a user's groups (is this a teacher?).
SERVICE_SCOPES = ("read:users:name", "read:users:groups")
NEEDED_ENV = ("JUPYTERHUB_API_TOKEN", "JUPYTERHUB_API_URL", "JUPYTERHUB_CLIENT_ID",
              "JUPYTERHUB_SERVICE_PREFIX")
GROUP_CACHE_SECONDS = 30
#: How long the classroom waits for the hub's answer to "which groups is this user in?",
#: asked when someone opens a teacher's page (then cached for GROUP_CACHE_SECONDS).
#: Students never cause the question: a class of 30 starting at once sends 30 logins
#: through the hub (and, with servers of their own, 30 spawns), while this call waits
#: for at most the teacher's own page and its refreshes. The hub answers it from its
#: database in milliseconds; even behind 30 logins on a busy hub it needs a few seconds,
#: so 30 s is ample (an estimate from the hub's design, not measured with 30 browsers).
#: Tornado's client runs 10 requests at once and fails one still queued after
#: min(20 s, this). A call that times out or finds no hub refuses the page this time
#: only: it is not cached, so the teacher's next refresh asks again.
HUB_API_TIMEOUT_SECONDS = 30.0
#: the status tornado gives a request that never got an HTTP answer (timeout, no hub)
NO_ANSWER = 599


def hub_service(*, port: int, command: list[str], name: str = SERVICE_NAME,
                environment: dict | None = None) -> dict:
    """The entry of ``c.JupyterHub.services`` for a hub-managed classroom on ``port``."""
    service = {"name": name, "url": f"http://127.0.0.1:{port}", "command": list(command),
               "oauth_no_confirm": True, "display": True}
    if environment:
        service["environment"] = dict(environment)
    return service


def hub_roles(*, name: str = SERVICE_NAME, student_groups=("students",),
              teachers_group: str = "teachers") -> list[dict]:
    """``c.JupyterHub.load_roles``: students and teachers may open the service, and the
    service may read users' groups (to know the teachers)."""
    return [
        {"name": f"{name}-service", "description": "the classroom reads users' groups",
         "scopes": list(SERVICE_SCOPES), "services": [name]},
        {"name": f"{name}-users", "description": "who may open the classroom",
         "scopes": [f"access:services!service={name}"],
         "groups": sorted({*student_groups, teachers_group})},
    ]


def missing_hub_env(env=None) -> list[str]:
    """The JUPYTERHUB_* variables a hub service needs that are not set ([] when all are)."""
    env = os.environ if env is None else env
    return [name for name in NEEDED_ENV if not env.get(name)]


class HubDoor:
    """Who the hub says a request comes from, and whether they teach."""

    def __init__(self, teachers_group: str, api_timeout: float = HUB_API_TIMEOUT_SECONDS, auth=None):
        if auth is None:
            from jupyterhub.services.auth import HubOAuth

            auth = HubOAuth(cache_max_age=60)
        self.teachers_group = teachers_group
        self.api_timeout = api_timeout
        self.auth = auth
        self._groups: dict[str, tuple[float, set]] = {}

    async def user(self, handler) -> dict | None:
        """The hub user of this request (from the service's OAuth cookie), or None."""
        return await self.auth.get_user(handler, sync=False)

    def login(self, handler) -> None:
        """Send the browser through the hub's login, then back to this address."""
        from tornado.httputil import url_concat

        params = {}
        verifier = None
        if getattr(self.auth, "pkce_enabled", False):
            verifier, challenge, method = self.auth.generate_pkce_code_challenge()
            params.update(code_challenge=challenge, code_challenge_method=method)
        params["state"] = self.auth.set_state_cookie(handler, next_url=handler.request.uri,
                                                     code_verifier=verifier)
        handler.redirect(url_concat(self.auth.login_url, params))

    def logout_url(self) -> str:
        """The hub's own logout page (``/hub/logout``): leaving the class is leaving the hub."""
        return (getattr(self.auth, "hub_prefix", None) or "/hub/").rstrip("/") + "/logout"

    async def is_teacher(self, name: str) -> bool:
        """Is the hub user ``name`` a member of the teachers' group? (cached a few seconds)"""
        now = time.monotonic()
        cached = self._groups.get(name)
        if cached is None or now - cached[0] > GROUP_CACHE_SECONDS:
            from tornado.httpclient import AsyncHTTPClient, HTTPClientError

            url = f"{self.auth.api_url.rstrip('/')}/users/{quote(name, safe='')}"
            try:
                reply = await AsyncHTTPClient().fetch(url, headers={
                    "Authorization": f"token {self.auth.api_token}"}, request_timeout=self.api_timeout)
                groups = set(json.loads(reply.body).get("groups") or ())
            except HTTPClientError as error:
                if error.code == NO_ANSWER:  # no answer in time: refused now, asked again next time
                    return False
                groups = set()  # unknown to the hub, or the service may not read groups
            except OSError:  # no hub listening: the same
                return False
            cached = self._groups[name] = (now, groups)
        return self.teachers_group in cached[1]

    async def may_teach(self, user: dict) -> bool:
        """May this hub user (as :meth:`user` gave it) open the teacher's pages?"""
        return await self.is_teacher(user["name"])

    def callback_handler(self):
        """The tornado handler for ``<prefix>oauth_callback`` (the end of the hub's login)."""
        from jupyterhub.services.auth import HubOAuthCallbackHandler

        door = self

        class Callback(HubOAuthCallbackHandler):
            @property
            def hub_auth(self):
                return door.auth

            @hub_auth.setter
            def hub_auth(self, value):
                pass

        return Callback

