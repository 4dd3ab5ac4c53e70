"""The classroom under a real JupyterHub, on loopback: students and teachers are hub users.

One hub (module scope): ``jupyterhub`` with the dummy authenticator (any password),
configurable-http-proxy from ``.ci/node`` (``make test`` installs it), and the
classroom as a hub-managed service (``rummy-teach classroom --teachers-group
teachers``, served under ``/services/rummy-classroom/``), configured with the same
:func:`~rummy_teach.classroom.hub.hub_service` and
:func:`~rummy_teach.classroom.hub.hub_roles` as ``deploy/jupyterhub_config.py``.
Hub groups: ``students`` (ada, grace) and ``teachers`` (hopper).
"""

import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from browser import SCREENSHOTS, free_ports
from test_classroom_chromium import LOAD_MS, SAMPLE, UPDATE_MS, choose_and_submit

from rummy_teach.classroom import open_store
from rummy_teach.startup import lean_command

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
PROXY = ROOT / ".ci" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
SERVICE = "rummy-classroom"
SESSION = "hub-class"
START_SECONDS = 180  # the hub, the proxy, then the classroom's server


class Hub:
    def __init__(self, home: Path):
        self.home = home
        # the proxy's public port, the classroom's, the hub's own and the proxy's API
        self.port, self.classroom_port, hub_port, api_port = free_ports(4)
        self.base = f"http://127.0.0.1:{self.port}"
        self.service_url = f"{self.base}/services/{SERVICE}"
        self.db = home / "results.db"
        self.log_path = SCREENSHOTS / f"jupyterhub-{self.port}.log"
        quiz = home / "first-week.json"
        shutil.copy(SAMPLE, quiz)
        command = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--quiz", str(quiz),
                   "--host", "127.0.0.1", "--port", str(self.classroom_port), "--students", "3",
                   "--teachers-group", "teachers", "--session", SESSION,
                   "--db", str(self.db), "--same-order", "--run-dir", str(home / "run")]
        config = f"""
from rummy_teach.classroom.hub import hub_roles, hub_service
c = get_config()  # noqa
c.JupyterHub.bind_url = "{self.base}/"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [{str(PROXY)!r}]
c.JupyterHub.authenticator_class = "dummy"
c.JupyterHub.db_url = "sqlite:///{home}/hub.sqlite"
c.JupyterHub.cookie_secret_file = "{home}/hub_cookie_secret"
c.JupyterHub.pid_file = "{home}/hub.pid"
c.JupyterHub.load_groups = {{"students": {{"users": ["ada", "grace"]}},
                            "teachers": {{"users": ["hopper"]}}}}
c.JupyterHub.services = [hub_service(port={self.classroom_port}, command={command!r},
                                     environment={{"HOME": "{home}"}})]
# the hub waits 30 s for a managed service to answer, then never routes to it; on a
# loaded test machine the classroom's Voila may take longer to start (JupyterHub 6+)
import jupyterhub
if int(jupyterhub.__version__.split(".")[0]) >= 6:
    c.JupyterHub.services[0]["timeout"] = {START_SECONDS}
c.JupyterHub.load_roles = hub_roles()
"""
        (home / "jupyterhub_config.py").write_text(config)
        self.proc = None

    def start(self) -> "Hub":
        SCREENSHOTS.mkdir(exist_ok=True)
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen(
            [*lean_command("jupyterhub.app:main", "jupyterhub"),  # rummy_teach/startup.py
             "-f", str(self.home / "jupyterhub_config.py")],
            cwd=self.home, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + START_SECONDS
        ready = f"{self.service_url}/voila/static/voila.js"  # through the proxy, no login needed
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self.stop()  # what the hub left running
                raise RuntimeError(f"jupyterhub exited ({self.proc.returncode}):\n{self.output()}")
            try:
                with urllib.request.urlopen(ready, timeout=10) as reply:
                    if reply.status == 200:
                        return self
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"the hub's classroom did not answer in {START_SECONDS} s:\n"
                           f"{self.output()}")

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self):
        if self.proc and self.proc.poll() is not None:
            # the hub exited by itself (e.g. its service did not answer in time): its
            # proxy and its managed service are still running in its process group
            try:
                os.killpg(self.proc.pid, 15)
            except ProcessLookupError:
                pass
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, 15)  # the hub stops its proxy and its managed service
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, 9)
                self.proc.wait(timeout=30)
        self.log.close()


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    pytest.importorskip("jupyterhub")
    if not PROXY.exists():
        pytest.skip(f"no configurable-http-proxy at {PROXY}: run `make proxy` (npm ci)")
    server = Hub(tmp_path_factory.mktemp("jupyterhub")).start()
    yield server
    server.stop()


def log_in(page, url: str, user: str):
    """Open ``url``; the hub asks who this is (its login page), then sends the browser back."""
    page.goto(url, timeout=LOAD_MS, wait_until="commit")
    page.locator("#username_input").wait_for(timeout=LOAD_MS)
    assert "/hub/login" in page.url
    page.locator("#username_input").fill(user)
    page.locator("#password_input").fill("any password")
    page.locator("#login_submit").click()


def test_jupyterhub_student_logs_in_and_answers_with_no_name_to_type(hub, chromium):
    context = chromium.new_context()
    try:
        page = context.new_page()
        log_in(page, f"{hub.service_url}/", "ada")
        page.locator(".rt-score").wait_for(timeout=LOAD_MS)  # straight to the quiz: the hub said who
        assert page.url.startswith(f"{hub.service_url}/quiz")  # served by the classroom itself
        assert page.get_by_placeholder("your name").count() == 0
        assert "You are ada" in page.locator(".rt-resume").inner_text()
        choose_and_submit(page, "set", "Right!")  # the sample quiz's first question
    finally:
        context.close()
    with open_store(str(hub.db), create=False) as store:
        rows = store.answers(session=SESSION)
    assert [(r.student_name, r.outcome) for r in rows] == [("ada", "right")]


def test_jupyterhub_teachers_group_reads_the_report_without_a_token(hub, chromium):
    with open_store(str(hub.db)) as store:  # an answer of its own, whatever ran before
        store.record(session=SESSION, student_id="s-zelda", student_name="zelda", quiz="first-week",
                     question_id="q", rule="r", given="x", outcome=True)
    said = hub.output()  # the classroom's banner (a managed service writes to the hub's log)
    [line] = [x for x in said.splitlines() if x.startswith("  teacher pages:")]
    assert f"/services/{SERVICE}/teacher/dashboard" in line and "token" not in line
    assert line.endswith("(members of the hub group teachers)")
    context = chromium.new_context()
    try:
        page = context.new_page()
        log_in(page, f"{hub.service_url}/teacher/report", "hopper")
        page.get_by_text("zelda").first.wait_for(timeout=LOAD_MS)
        assert page.url.startswith(f"{hub.service_url}/teacher/report")
        nav = page.locator("nav.rt-teacher a").first.get_attribute("href")
        assert nav.startswith(f"/services/{SERVICE}/") and "token=" not in nav
        reply = page.goto(f"{hub.service_url}/teacher/dashboard", timeout=LOAD_MS)
        assert reply.status == 200
    finally:
        context.close()


@pytest.mark.parametrize("user", ["grace", "eve"])
def test_jupyterhub_non_member_of_the_teachers_group_is_refused(hub, chromium, user):
    # grace is a student (may open the service, not the teacher's pages); eve is a hub user
    # in no group: the hub itself refuses her the service
    context = chromium.new_context()
    try:
        page = context.new_page()
        responses = []
        page.on("response", lambda r: responses.append((r.url, r.status)))
        log_in(page, f"{hub.service_url}/teacher/report", user)
        page.wait_for_load_state("load", timeout=LOAD_MS)
        deadline = time.monotonic() + UPDATE_MS / 1000
        while not any(status == 403 for _, status in responses) and time.monotonic() < deadline:
            page.wait_for_timeout(200)
        assert any(status == 403 for _, status in responses), responses
        assert "zelda" not in page.content()
    finally:
        context.close()
