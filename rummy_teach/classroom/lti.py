"""LTI 1.3: the school's LMS (Moodle, Canvas...) launches its students and teachers into the class.

The classroom is an LTI 1.3 *tool* (see ``docs/lti.md`` for why it is one itself rather
than behind JupyterHub's LTI authenticator). With ``--lti FILE`` it serves, under its prefix:

==========================  ===============================================================
``GET|POST <base>lti/login``   the platform's OIDC login initiation: the browser is sent back
                               to the platform's authorisation address with a fresh *state*
                               (a short-lived cookie) and *nonce* (kept here, usable once)
``POST <base>lti/launch``      the platform's signed ``id_token``: checked (issuer, audience,
                               state, nonce, the platform's signature from its JWKS, expiry,
                               deployment, roles), then a Learner is a student of the class
                               and goes to the quiz, an Instructor goes to the dashboard
``GET <base>lti/jwks``         the tool's public key (the platform checks the tool's signed
                               requests with it, e.g. for grades)
``GET <base>lti/config.json``  the tool's registration for the school's administrator
==========================  ===============================================================

The checks themselves are `PyLTI1p3 <https://pypi.org/project/PyLTI1p3/>`_'s (the ``lti``
extra); this module gives it what it asks of a web framework (the request, cookies, a place
for nonces) and turns its refusals into the catalogue's sentences. A student is known by the
platform's issuer and ``sub`` together (never by the name, which only shows), so two students
with one name are two students, and the LMS changing a name changes nobody.

:class:`LtiSettings` is read once, at the start, from the registration file the administrator
writes (``docs/deployment.md``); the tool's private key comes from a file it names or from
``RUMMY_TEACH_LTI_KEY``, and is never printed or logged.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import threading
import time
from dataclasses import dataclass, field

from ..reasons import Reason
from .config import ClassroomError

KEY_ENV = "RUMMY_TEACH_LTI_KEY"
ROLES_CLAIM = "https://purl.imsglobal.org/spec/lti/claim/roles"
DEPLOYMENT_CLAIM = "https://purl.imsglobal.org/spec/lti/claim/deployment_id"
CONTEXT_CLAIM = "https://purl.imsglobal.org/spec/lti/claim/context"
#: what a launch may carry for grades (LTI Advantage AGS), asked for in the registration
AGS_SCOPES = ("https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
              "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
              "https://purl.imsglobal.org/spec/lti-ags/scope/score")
SETTING_NAMES = ("issuer", "client_id", "deployment_ids", "auth_login_url", "auth_token_url",
                 "key_set_url", "tool_url", "private_key_file", "title")
#: how long a login's nonce waits for its launch (the platform answers in seconds)
NONCE_SECONDS = 10 * 60


@dataclass(frozen=True)
class LtiSettings:
    """One platform's registration of this tool (one issuer, one client id)."""

    issuer: str
    client_id: str
    deployment_ids: tuple[str, ...]
    auth_login_url: str
    auth_token_url: str
    key_set_url: str
    tool_url: str                       # the class's public address, ending in /
    private_key: str = field(repr=False)  # PEM; never shown
    title: str = "rummy_teach"

    @classmethod
    def from_file(cls, path: str, env=None) -> "LtiSettings":
        """The settings of the registration file ``path`` (JSON), each checked; the key from
        its ``private_key_file``, else ``RUMMY_TEACH_LTI_KEY``. ClassroomError names what is
        wrong and what is accepted."""
        env = os.environ if env is None else env
        try:
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, ValueError) as error:
            raise ClassroomError(Reason("lti_error_file", {
                "path": path, "error": getattr(error, "strerror", None) or error})) from None
        if not isinstance(data, dict):
            raise ClassroomError(Reason("lti_error_file", {"path": path, "error": "not a JSON object"}))
        unknown = sorted(set(data) - set(SETTING_NAMES))
        if unknown:
            raise ClassroomError(Reason("lti_error_unknown", {
                "path": path, "names": ", ".join(unknown), "accepted": ", ".join(SETTING_NAMES)}))
        for name in ("issuer", "client_id"):
            _need_text(path, data, name)
        for name in ("auth_login_url", "auth_token_url", "key_set_url", "tool_url"):
            _need_url(path, data, name)
        ids = data.get("deployment_ids")
        if not (isinstance(ids, list) and ids and all(isinstance(i, str) and i for i in ids)):
            raise ClassroomError(Reason("lti_error_setting", {
                "path": path, "name": "deployment_ids", "accepted": Reason("lti_accept_ids", {})}))
        key_file = data.get("private_key_file")
        if key_file:
            try:
                with open(key_file, encoding="utf-8") as handle:
                    key = handle.read()
            except OSError as error:
                raise ClassroomError(Reason("lti_error_key_file", {
                    "path": key_file, "error": error.strerror or error})) from None
        else:
            key = env.get(KEY_ENV, "")
        if not key.strip():
            raise ClassroomError(Reason("lti_error_no_key", {"name": KEY_ENV}))
        try:
            from jwcrypto.jwk import JWK
            jwk = JWK.from_pem(key.encode("utf-8"))
            if not jwk.has_private or jwk.get("kty") != "RSA":
                raise ValueError
        except ImportError:
            raise ClassroomError(Reason("lti_error_extra", {})) from None
        except Exception:  # what the key held is never repeated
            raise ClassroomError(Reason("lti_error_bad_key", {})) from None
        tool_url = data["tool_url"].rstrip("/") + "/"
        return cls(issuer=data["issuer"], client_id=data["client_id"],
                   deployment_ids=tuple(ids), auth_login_url=data["auth_login_url"],
                   auth_token_url=data["auth_token_url"], key_set_url=data["key_set_url"],
                   tool_url=tool_url, private_key=key,
                   title=str(data.get("title") or "rummy_teach")[:100])

    # --- the tool's addresses, as the platform is told them ---------------------------
    @property
    def login_url(self) -> str:
        return self.tool_url + "lti/login"

    @property
    def launch_url(self) -> str:
        return self.tool_url + "lti/launch"

    @property
    def jwks_url(self) -> str:
        return self.tool_url + "lti/jwks"

    def public_jwks(self) -> dict:
        """The tool's public key set (``kid`` is the key's RFC 7638 thumbprint)."""
        from pylti1p3.registration import Registration
        return {"keys": [Registration.get_jwk(self.public_key())]}

    def public_key(self) -> str:
        from jwcrypto.jwk import JWK
        return JWK.from_pem(self.private_key.encode("utf-8")).export_to_pem().decode("ascii")

    def tool_conf(self):
        """PyLTI1p3's view of this registration (one issuer, one client id)."""
        from pylti1p3.tool_config import ToolConfDict
        conf = ToolConfDict({self.issuer: [{
            "default": True, "client_id": self.client_id,
            "auth_login_url": self.auth_login_url, "auth_token_url": self.auth_token_url,
            "key_set_url": self.key_set_url, "deployment_ids": list(self.deployment_ids)}]})
        conf.set_private_key(self.issuer, self.private_key, client_id=self.client_id)
        conf.set_public_key(self.issuer, self.public_key(), client_id=self.client_id)
        return conf

    def registration_json(self) -> dict:
        """What a platform is told about the tool (the shape Canvas's developer key takes
        as JSON; Moodle's form asks for the same addresses one by one)."""
        return {"title": self.title, "description": self.title,
                "oidc_initiation_url": self.login_url, "target_link_uri": self.launch_url,
                "public_jwk_url": self.jwks_url, "scopes": list(AGS_SCOPES),
                "extensions": [{"platform": "canvas.instructure.com", "privacy_level": "name_only",
                                "settings": {"placements": [
                                    {"placement": place, "message_type": "LtiDeepLinkingRequest",
                                     "target_link_uri": self.launch_url}
                                    for place in ("link_selection", "assignment_selection")]}}],
                "custom_fields": {}}


def _need_text(path, data, name) -> None:
    value = data.get(name)
    if not (isinstance(value, str) and value.strip() and len(value) <= 2000):
        raise ClassroomError(Reason("lti_error_setting", {
            "path": path, "name": name, "accepted": Reason("lti_accept_text", {})}))


def _need_url(path, data, name) -> None:
    value = data.get(name)
    if not (isinstance(value, str) and value.startswith(("https://", "http://")) and
            len(value) <= 2000 and " " not in value):
        raise ClassroomError(Reason("lti_error_setting", {
            "path": path, "name": name, "accepted": Reason("lti_accept_url", {})}))


# --- who a launch is ------------------------------------------------------------------
def student_key(issuer: str, sub: str) -> str:
    """The student's id in the class: the platform and its user id together, hashed (the
    same person launched again is the same student; no name is part of it)."""
    return "lti-" + hashlib.sha256(f"{issuer}\n{sub}".encode("utf-8")).hexdigest()[:40]


def shown_name(claims: dict) -> str:
    """The name the class shows: the launch's ``name``, else given and family names, else the
    username, else the e-mail's local part, else the platform's id for the person; kept as
    :func:`~rummy_teach.classroom.names.normal_name` keeps every name."""
    from .names import normal_name
    from .store import safe_text

    def text(key):
        value = claims.get(key)
        return normal_name(safe_text(value)) if isinstance(value, str) else ""

    name = text("name") or normal_name(f"{text('given_name')} {text('family_name')}") or \
        text("preferred_username") or text("email").split("@")[0] or text("sub")
    return name[:60]


def role_of(claims: dict) -> str | None:
    """``"teacher"`` (Instructor, Administrator of the course), ``"student"`` (Learner), or
    None when the launch names neither role."""
    from pylti1p3.roles import StudentRole, TeacherRole
    roles = claims.get(ROLES_CLAIM)
    if not isinstance(roles, list) or not all(isinstance(r, str) for r in roles):
        return None
    if TeacherRole(claims).check():
        return "teacher"
    if StudentRole(claims).check():
        return "student"
    return None


def unverified_claims(id_token: str) -> dict:
    """The claims of an ``id_token`` as sent, before any check (for choosing which check
    fails first and the refusal page's language only); {} if it is no JWT."""
    parts = (id_token or "").split(".")
    if len(parts) != 3:
        return {}
    try:
        body = parts[1] + "=" * (-len(parts[1]) % 4)
        claims = json.loads(base64.urlsafe_b64decode(body.encode("ascii")))
    except (ValueError, UnicodeError):
        return {}
    return claims if isinstance(claims, dict) else {}


class NonceBook:
    """The nonces of logins started here, each usable by one launch only and only for
    ``NONCE_SECONDS``: a launch sent again is refused. (PyLTI1p3's ``LaunchDataStorage``;
    in this process's memory, so the login and its launch must reach the same process.)"""

    def __init__(self, clock=time.monotonic, limit: int = 100_000):
        self.clock, self.limit = clock, limit
        self._values: dict[str, tuple[float, object]] = {}
        self._lock = threading.Lock()

    def storage(self):
        """A PyLTI1p3 launch-data storage over this book."""
        from pylti1p3.launch_data_storage.base import LaunchDataStorage
        book = self

        class Storage(LaunchDataStorage):
            def can_set_keys_expiration(self) -> bool:
                return True

            def get_value(self, key):
                return book.get(self._prepare_key(key))

            def set_value(self, key, value, exp=None):
                book.put(self._prepare_key(key), value, min(exp or NONCE_SECONDS, NONCE_SECONDS))

            def check_value(self, key):
                # a nonce is looked at once, by its launch: taken out as it is checked
                return book.take(self._prepare_key(key))

        return Storage()

    def _sweep(self, now: float) -> None:
        if len(self._values) >= self.limit:
            for key in [k for k, (until, _) in self._values.items() if until < now]:
                del self._values[key]
            while len(self._values) >= self.limit:
                del self._values[next(iter(self._values))]

    def put(self, key: str, value, seconds: float) -> None:
        with self._lock:
            now = self.clock()
            self._sweep(now)
            self._values[key] = (now + seconds, value)

    def get(self, key: str):
        with self._lock:
            kept = self._values.get(key)
            return kept[1] if kept is not None and kept[0] >= self.clock() else None

    def take(self, key: str) -> bool:
        with self._lock:
            kept = self._values.pop(key, None)
            return kept is not None and kept[0] >= self.clock()
