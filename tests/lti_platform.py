"""A school's LMS for the LTI tests: OpenLearning's ``lti1p3platform`` (PyPI), served on loopback.

``lti1p3platform`` is an LTI 1.3 *platform* library written by others: it builds the OIDC
login initiation, checks the tool's authentication request, signs the ``id_token`` with the
platform's key, issues access tokens to a tool that proves itself with a JWT signed by its
own key (fetched from the tool's JWKS), and answers the AGS line item, score and result
requests. It leaves to its host what every LMS keeps in its own database (who the users are,
the course, the line items and the scores) and the web framework (it ships Django and
FastAPI adapters, neither installed here): that is all this file adds, in tornado, with the
scores in :attr:`Platform.scores` as the gradebook.

People (``login_hint``): ``ada`` and ``maria`` (it-IT) and ``jan`` (nl-NL) are Learners,
``grace`` an Instructor, ``nobody`` has no role. A launch of ``/course/launch?user=ada&variant=v``
may be spoiled on purpose by ``variant``: ``expired``, ``issuer``, ``audience``,
``deployment``, ``forged`` (signed with a key the platform does not publish); ``deeplink``
makes it a deep-linking request (a teacher adding an activity), answered at ``/deeplink/return``,
where the platform puts each returned link in the course as an LMS does (:meth:`Platform.add_links`:
its own resource link id ``dl-link-N``, its custom parameters, its own line item ``dl-item-N``
sized as the link asked); ``&link=N`` launches that link.
"""

from __future__ import annotations

import asyncio
import json
import threading
from html import escape
from urllib.parse import parse_qsl

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from browser import free_port

ISSUER_PATH = ""
CLIENT_ID = "rummy-tool-client"
DEPLOYMENT_ID = "deployment-1"
CONTEXT_ID = "course-5B"
LINEITEM = "quiz-1"
LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"
INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
PEOPLE = {
    "ada": {"name": "Ada Lovelace", "roles": [LEARNER], "locale": "en"},
    "maria": {"name": "Maria Rossi", "roles": [LEARNER], "locale": "it-IT"},
    "jan": {"name": "Jan de Vries", "roles": [LEARNER], "locale": "nl-NL"},
    "grace": {"name": "Grace Hopper", "roles": [INSTRUCTOR], "locale": "en"},
    "nobody": {"name": "No Body", "roles": [], "locale": "en"},
}


def new_key() -> tuple[str, str]:
    """(private PEM, public PEM) of a fresh 2048-bit RSA key."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    private = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()).decode("ascii")
    public = key.public_key().public_bytes(serialization.Encoding.PEM,
                                           serialization.PublicFormat.SubjectPublicKeyInfo
                                           ).decode("ascii")
    return private, public


class Platform:
    """The LMS on ``http://127.0.0.1:<port>``, in a thread of its own; ``tool_url`` is the
    class's address (``.../``). ``scores[lineitem][user]`` is its gradebook."""

    def __init__(self, tool_url: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.issuer = self.url
        self.tool_url = tool_url
        self.private, self.public = new_key()
        self.forged_private, _ = new_key()
        self.scores: dict[str, dict[str, dict]] = {LINEITEM: {}}
        self.links: list[dict] = []   # content items a deep-linking response added to the course
        self.maxima: dict[str, object] = {LINEITEM: 100}   # each line item's scoreMaximum
        self.down = False   # answer 503 to the tool's grade requests (the LMS away)
        self.score_posts: dict[str, int] = {}   # scores taken, per user
        self._loop = None
        self._thread = None

    # --- the tool's registration, as the school's administrator writes it ---------------
    def tool_settings(self, key_file: str) -> dict:
        return {"issuer": self.issuer, "client_id": CLIENT_ID, "deployment_ids": [DEPLOYMENT_ID],
                "auth_login_url": self.url + "/auth", "auth_token_url": self.url + "/token",
                "key_set_url": self.url + "/jwks", "tool_url": self.tool_url,
                "private_key_file": key_file}

    def registration(self, private: str | None = None):
        from lti1p3platform.registration import Registration
        return (Registration().set_iss(self.issuer).set_client_id(CLIENT_ID)
                .set_deployment_id(DEPLOYMENT_ID)
                .set_launch_url(self.tool_url + "lti/launch")
                .set_deeplink_launch_url(self.tool_url + "lti/launch")
                .set_oidc_login_url(self.tool_url + "lti/login")
                .set_tool_key_set_url(self.tool_url + "lti/jwks")
                .set_platform_public_key(self.public)
                .set_platform_private_key(private or self.private))

    def conf(self, private: str | None = None):
        from lti1p3platform.ltiplatform import LTI1P3PlatformConfAbstract
        platform = self

        class Conf(LTI1P3PlatformConfAbstract):
            def init_platform_config(self, **kwargs):
                self._registration = platform.registration(private)

            def get_registration_by_params(self, **kwargs):
                return self._registration
        return Conf()

    def launch_address(self, user: str, variant: str = "", link: int | None = None) -> str:
        """A course link's launch; ``link``: the n-th link a deep-linking response added
        (its own resource link id, its custom parameters, its own line item)."""
        return f"{self.url}/course/launch?user={user}" + (f"&variant={variant}" if variant else "") \
            + (f"&link={link}" if link is not None else "")

    def add_links(self, items: list[dict]) -> None:
        """What an LMS does with a deep-linking response: each resource link in the course,
        with a line item (a gradebook column) when the item asks for one."""
        for item in items:
            number = len(self.links)
            self.links.append(item)
            if item.get("lineItem"):
                self.scores[f"dl-item-{number}"] = {}
                self.maxima[f"dl-item-{number}"] = item["lineItem"].get("scoreMaximum")

    # --- the web server ------------------------------------------------------------------
    def start(self) -> "Platform":
        ready = threading.Event()

        def run():
            asyncio.set_event_loop(asyncio.new_event_loop())
            import tornado.ioloop
            app = self.app()
            app.listen(self.port, "127.0.0.1")
            self._loop = tornado.ioloop.IOLoop.current()
            ready.set()
            self._loop.start()
        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()
        ready.wait(30)
        return self

    def stop(self) -> None:
        if self._loop is not None:
            self._loop.add_callback(self._loop.stop)
            self._thread.join(10)

    def app(self):
        import tornado.web
        from lti1p3platform.message_launch import LTIAdvantageMessageLaunchAbstract
        from lti1p3platform.oidc_login import OIDCLoginAbstract
        from lti1p3platform.request import Request
        from lti1p3platform.service_connector import AssignmentsGradesService

        platform = self

        class TornadoRequest(Request):
            def build_metadata(self, handler):
                body = handler.request.body or b""
                content_type = handler.request.headers.get("Content-Type", "")
                form = dict(parse_qsl(body.decode("utf-8"))) if "form" in content_type else {}
                return {"method": handler.request.method, "form_data": form,
                        "get_data": {k: handler.get_query_argument(k)
                                     for k in handler.request.query_arguments},
                        "headers": handler.request.headers, "content_type": content_type,
                        "path": handler.request.path,
                        "json": json.loads(body) if "json" in content_type and body else None}

        class Login(OIDCLoginAbstract):
            def set_lti_message_hint(self, **kwargs):
                self._lti_message_hint = kwargs["hint"]

            def get_redirect(self, url):
                return url

        class Launch(LTIAdvantageMessageLaunchAbstract):
            def prepare_launch(self, preflight_response, **kwargs):
                user, _, variant = preflight_response.get("lti_message_hint", "").partition("|")
                variant, _, link = variant.partition("|")
                if preflight_response.get("login_hint") != user or user not in PEOPLE:
                    raise ValueError("the login hint is not the launching user")
                person = PEOPLE[user]
                self.set_user_data(user_id=f"user-{user}", lis_roles=person["roles"],
                                   full_name=person["name"])
                extra = {"locale": person["locale"]}
                self.set_launch_context_claim(CONTEXT_ID, context_title="5B Rummy")
                if link:  # a link a deep-linking response made: its own id, custom, line item
                    item = platform.links[int(link)]
                    self.set_resource_link_claim(f"dl-link-{link}", title=item.get("title"))
                    self.set_ags(lineitems_url=platform.url + "/lineitems",
                                 lineitem_url=f"{platform.url}/lineitems/dl-item-{link}")
                    if item.get("custom"):
                        extra["https://purl.imsglobal.org/spec/lti/claim/custom"] = item["custom"]
                else:
                    self.set_resource_link_claim("link-quiz-1", title="Rummy quiz")
                    self.set_ags(lineitems_url=platform.url + "/lineitems",
                                 lineitem_url=f"{platform.url}/lineitems/{LINEITEM}")
                if variant == "deeplink":  # the teacher adds an activity: which one?
                    self.set_dl(platform.url + "/deeplink/return", title="Add an activity")
                if variant == "expired":
                    self.set_id_token_expiration(-600)
                elif variant == "issuer":
                    extra["iss"] = "https://elsewhere.example"
                elif variant == "audience":
                    extra["aud"] = "another-tool"
                elif variant == "deployment":
                    extra["https://purl.imsglobal.org/spec/lti/claim/deployment_id"] = "other"
                self.set_extra_claims(extra)

            def render_launch_form(self, launch_data, **kwargs):
                return ('<!DOCTYPE html><html><body><form method="post" id="lti" action="'
                        f'{escape(launch_data["launch_url"])}">'
                        f'<input type="hidden" name="id_token" value="{escape(launch_data["id_token"])}">'
                        f'<input type="hidden" name="state" value="{escape(launch_data["state"])}">'
                        '<button type="submit">Go</button></form>'
                        '<script>document.getElementById("lti").submit()</script></body></html>')

        class Gradebook(AssignmentsGradesService):
            def find_lineitems(self, **kwargs):
                return {"content": [self.find_lineitem(LINEITEM)], "has_next": False}

            def find_lineitem(self, line_item_id):
                from lti1p3platform.exceptions import LineItemNotFoundException
                if line_item_id not in platform.scores:
                    raise LineItemNotFoundException()
                return {"id": f"{platform.url}/lineitems/{line_item_id}",
                        "scoreMaximum": platform.maxima.get(line_item_id, 100),
                        "label": "Rummy quiz", "resourceLinkId": "link-quiz-1"}

            def create_lineitem(self, creation_data):
                raise NotImplementedError

            def update_lineitem(self, update_data):
                raise NotImplementedError

            def delete_lineitem(self, line_item_id):
                raise NotImplementedError

            def update_score(self, line_item_id, score):
                from lti1p3platform.score import UpdateScoreStatus
                self.find_lineitem(line_item_id)
                platform.score_posts[score["userId"]] = platform.score_posts.get(score["userId"], 0) + 1
                kept = platform.scores[line_item_id].get(score["userId"])
                if kept and kept["timestamp"] > score["timestamp"]:
                    return UpdateScoreStatus.OLD_TIMESTAMP
                platform.scores[line_item_id][score["userId"]] = dict(score)
                return UpdateScoreStatus.SUCCESS

            def get_results(self, line_item_id, page=1, limit=None, user_id=None):
                self.find_lineitem(line_item_id)
                return {"content": [{"userId": user, "resultScore": s.get("scoreGiven"),
                                     "resultMaximum": s.get("scoreMaximum"),
                                     "scoreOf": f"{platform.url}/lineitems/{line_item_id}"}
                                    for user, s in platform.scores[line_item_id].items()],
                        "has_next": False}

        class CourseLink(tornado.web.RequestHandler):
            """The course page's link: the LMS starts the OIDC login at the tool."""

            def get(self):
                user = self.get_argument("user")
                login = Login(TornadoRequest(self), platform.conf())
                login.set_lti_message_hint(hint=f"{user}|{self.get_argument('variant', '')}"
                                                f"|{self.get_argument('link', '')}")
                self.redirect(login.initiate_login(user))

        class Auth(tornado.web.RequestHandler):
            """The platform's OIDC authorisation: the signed launch, posted by the browser."""

            def check_xsrf_cookie(self):
                pass

            def get(self):
                hint = self.get_argument("lti_message_hint", "")
                forged = hint.split("|")[1:2] == ["forged"]
                launch = Launch(TornadoRequest(self),
                                platform.conf(platform.forged_private if forged else None))
                self.finish(launch.lti_launch())

            post = get

        class Jwks(tornado.web.RequestHandler):
            def get(self):
                self.finish(json.dumps(platform.conf().get_jwks()))

        class Token(tornado.web.RequestHandler):
            def check_xsrf_cookie(self):
                pass

            def post(self):
                form = {k: self.get_body_argument(k) for k in self.request.body_arguments}
                try:
                    answer = platform.conf().get_access_token(form)
                except Exception as error:
                    self.set_status(400)
                    return self.finish({"error": type(error).__name__})
                self.finish(answer)

        class Scores(tornado.web.RequestHandler):
            def check_xsrf_cookie(self):
                pass

            def service(self):
                return Gradebook(TornadoRequest(self), platform.conf(),
                                 lineitems_url=platform.url + "/lineitems",
                                 lineitem_url=f"{platform.url}/lineitems/{LINEITEM}")

            def answer(self, response):
                from lti1p3platform.exceptions import LtiServiceException
                self.set_status(response.code)
                self.set_header("Content-Type", response.media_type)
                body = response.result.get("content", response.result) \
                    if isinstance(response.result, dict) else response.result
                self.finish(json.dumps(body if body is not None else {"message": response.message}))

            def post(self, item):
                from lti1p3platform.exceptions import LtiServiceException
                if platform.down:
                    self.set_status(503)
                    return self.finish("down")
                try:
                    self.answer(self.service().handle_update_score(item))
                except LtiServiceException as error:
                    self.set_status(error.status_code)
                    self.finish(error.message)

            def get(self, item):
                from lti1p3platform.exceptions import LtiServiceException
                try:
                    self.answer(self.service().handle_get_results(item))
                except LtiServiceException as error:
                    self.set_status(error.status_code)
                    self.finish(error.message)

        class DeepLinkReturn(tornado.web.RequestHandler):
            """The tool's signed answer to a deep-linking request: checked, then the course has it."""

            def check_xsrf_cookie(self):
                pass

            def post(self):
                items = platform.conf().validate_deeplinking_resp(
                    {"JWT": self.get_body_argument("JWT")})
                platform.add_links(items)
                self.finish("<!DOCTYPE html><html><body><h1>Added to the course</h1><ul>" +
                            "".join(f"<li>{escape(item.get('title') or '')}</li>" for item in items)
                            + "</ul></body></html>")

        class Item(Scores):
            def get(self, item):
                self.answer(self.service().handle_get_lineitem(item))

        return tornado.web.Application([
            (r"/course/launch", CourseLink),
            (r"/auth", Auth),
            (r"/jwks", Jwks),
            (r"/token", Token),
            (r"/deeplink/return", DeepLinkReturn),
            (r"/lineitems/([\w-]+)/scores", Scores),
            (r"/lineitems/([\w-]+)/results", Scores),
            (r"/lineitems/([\w-]+)", Item),
        ])
