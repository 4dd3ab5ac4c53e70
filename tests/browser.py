"""Real servers and a real browser for the tests that check what a person sees.

Fixtures (registered for every test module through ``tests/conftest.py``):

``voila``        a Voilà server on a free localhost port serving ``tests/notebooks/``
                 (one per test session); ``voila.url("meld_checker.ipynb")`` is the
                 address of a rendered notebook.
``jupyterlab``   JupyterLab 4 on a free localhost port, on a copy of ``tests/notebooks/``;
                 ``jupyterlab.run_notebook(page, "meld_checker.ipynb")`` opens a notebook
                 and runs its cells.
``chromium``     Debian's Chromium driven by Playwright (one per session): its headless
                 build, the package ``chromium-headless-shell`` (see ``CHROMIUM``).
``desktop_chromium``  the ``chromium`` desktop browser itself, headless (one per session),
                 for the few tests that play a page in it too (``desktop_page``).
``browser_page`` a fresh page whose every request is recorded; a request that
                 would leave localhost is blocked and kept in ``.outside``.
                 ``.assert_offline()`` fails if anything but the allowed outside
                 requests was attempted, ``.shot(name)`` saves a screenshot under
                 ``tests/screenshots/`` and returns its path.

Mark such tests ``@pytest.mark.browser``. Without Chromium or the playwright package,
they are skipped with the reason said (``make test`` installs both).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest

from rummy_teach.startup import lean_command

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE / "notebooks"
SCREENSHOTS = HERE / "screenshots"
# The browser of the tests: Debian's Chromium in its headless build (the package
# chromium-headless-shell, built from the same sources as the `chromium` package: the same
# Blink and V8, without the desktop browser's own processes around them; Playwright runs
# the same kind of build for headless tests). A book page and its Python load on it for
# about 40 % less CPU than on the desktop browser, and Chromium is most of what `make test`
# asks of the two cores (docs/testing.md). The desktop browser still plays a whole hand
# (`desktop_page`). RUMMY_TEACH_CHROMIUM=/usr/bin/chromium runs every test on it instead.
CHROMIUM = os.environ.get("RUMMY_TEACH_CHROMIUM", "/usr/lib/chromium/chromium-headless-shell")
DESKTOP_CHROMIUM = "/usr/bin/chromium"
# what PLATFORM.md found to work as root, with no network (Playwright adds --headless)
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}
# The only requests a page may try to send elsewhere: the FontAwesome style sheets
# that Voilà's lab template links from a CDN. They are blocked like everything else
# outside localhost (icons then fall back to nothing); any other attempt fails a test.
ALLOWED_OUTSIDE = (
    re.compile(r"^https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@(\^|%5E)?5/css/"
               r"(all|v4-shims)\.min\.css$"),
)
#: the running test and whether its make test lane waits on servers (set by
#: tests/conftest.py before each test's fixtures); None outside a test
RUNNING: tuple[str, bool] | None = None
# A phone as Playwright emulates one (390 x 844 CSS pixels, three device pixels to one,
# touch) and a wide screen, for the card table's layout (tests/test_book_phone.py)
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True,
         "has_touch": True}
WIDE = {"viewport": {"width": 1280, "height": 900}}
#: the screen of `browser_page`, `desktop_page` and the shared book pages
LAPTOP = {"viewport": {"width": 1100, "height": 900}}
#: WCAG 2.2 AA's smallest target (2.5.8), in CSS pixels
TARGET = 24
# Each card of each hand row (.rt-hand) inside `root`: the strip of it no later card covers
# (from its left edge to the next card's, on the same row), the card's box, and whether a
# tap in the middle of the strip (12 px below the card's top: its corner) lands on it.
STRIPS = """root => [...root.querySelectorAll('.rt-hand')].map(row => {
  const cards = [...row.children];
  const boxes = cards.map(card => card.getBoundingClientRect());
  return cards.map((card, i) => {
    const box = boxes[i], next = boxes[i + 1];
    const right = next && Math.abs(next.top - box.top) < 20 ? Math.min(next.left, box.right) : box.right;
    const hit = document.elementFromPoint((box.left + right) / 2, box.top + 12);
    return {width: right - box.left, top: box.top, bottom: box.bottom, hit: !!hit && card.contains(hit),
            name: card.querySelector('svg').getAttribute('aria-label')};
  });
})"""
STARTUP_SECONDS = 180  # generous: make test runs four lanes at once on shared cores


def free_port() -> int:
    return free_ports(1)[0]


def free_ports(count: int) -> list[int]:
    """``count`` different free ports. Each socket stays bound until all are chosen: ports
    asked for one after another, each released before the next, can come back the same
    (the hub's own port was once handed out again as its proxy's, and the hub could not
    bind)."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


def is_local(url: str) -> bool:
    parsed = urlparse(url)
    if parsed.scheme in ("data", "blob", "about"):
        return True
    return parsed.hostname in LOCAL_HOSTS or f"[{parsed.hostname}]" in LOCAL_HOSTS


#: how many ports a server is started on before a taken port fails its test
PORT_TRIES = 3


class PortTaken(RuntimeError):
    """The server could not listen: another process took its port first."""


class _Server:
    """A Jupyter server started as a child process in its own session, stopped by :meth:`stop`."""

    name = "server"
    ready_path = "/"

    def __init__(self, root: Path = NOTEBOOKS, port: int | None = None, extra_args=()):
        self.root = Path(root)
        self.port = port or free_port()
        self.log_path = SCREENSHOTS / f"{self.name}-{self.port}.log"
        self.process = None
        self.extra_args = list(extra_args)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        raise NotImplementedError

    def start(self):
        """Start the server and wait until it answers. A free port can be taken by another
        process between ``free_port()`` and the server's bind (a kernel started by another
        test picks its ports the same way); a server that exits for that reason is
        started again on a new port, up to ``PORT_TRIES`` times."""
        if RUNNING is not None and not RUNNING[1]:
            raise RuntimeError(
                f"{RUNNING[0]} starts a server ({self.name}) but runs in make test's cpu or games "
                "lane, which only compute: mark it @pytest.mark.server (tests/conftest.py, lane_of)")
        SCREENSHOTS.mkdir(exist_ok=True)
        for attempt in range(1, PORT_TRIES + 1):
            self._log = open(self.log_path, "w")
            self.process = subprocess.Popen(self.command() + self.extra_args, cwd=self.root,
                                            stdout=self._log, stderr=subprocess.STDOUT,
                                            start_new_session=True,
                                            env={**os.environ, "JUPYTER_PLATFORM_DIRS": "1"})
            try:
                self._wait_until_ready()
                return self
            except PortTaken:
                self._log.close()
                if attempt == PORT_TRIES:
                    raise
                self.move_to(free_port())
        return self

    def move_to(self, port: int) -> None:
        """Use ``port`` from the next start on."""
        self.port = port
        self.log_path = SCREENSHOTS / f"{self.name}-{port}.log"

    def _wait_until_ready(self) -> None:
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                log = self.log_path.read_text()
                error = PortTaken if re.search(r"Address already in use|Errno 98|"
                                               r"no available port could be found", log,
                                               re.IGNORECASE) \
                    else RuntimeError
                raise error(f"{self.name} exited with code {self.process.returncode}; "
                            f"see {self.log_path}:\n{log[-2000:]}")
            try:  # a page that answers once the server listens and starts no kernel
                with urllib.request.urlopen(self.base + self.ready_path, timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError,
                    http.client.HTTPException):
                pass  # not listening yet, or the port answers another program (not HTTP)
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"{self.name} did not answer on {self.base} within "
                           f"{STARTUP_SECONDS} s; see {self.log_path}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)  # the server and its kernels
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)
        if getattr(self, "_log", None):
            self._log.close()


class VoilaServer(_Server):
    """Voilà serving every notebook of ``root``; ``url(name)`` renders one."""

    name = "voila"

    def url(self, notebook: str) -> str:
        return f"{self.base}/voila/render/{notebook}"

    def command(self) -> list[str]:  # `voila`, 2 s of CPU lighter (rummy_teach/startup.py)
        return [*lean_command("voila.app:main", "voila"), str(self.root), "--no-browser",
                f"--port={self.port}", "--Voila.ip=127.0.0.1", "--show_tracebacks=True",
                "--Voila.port_retries=0",  # a taken port: exit (start() moves), never drift
                # pages closed long ago give their kernels back
                "--MappingKernelManager.cull_idle_timeout=300",
                "--MappingKernelManager.cull_interval=60"]


class LabServer(_Server):
    """JupyterLab 4 on ``root`` with no token (it listens on 127.0.0.1 only).

    Serve a copy of the notebooks (the ``jupyterlab`` fixture does): Lab saves what it
    runs, and tracked notebooks must not change under a test.
    """

    name = "jupyterlab"
    ready_path = "/api/status"

    def url(self, notebook: str) -> str:
        return f"{self.base}/lab/tree/{notebook}"

    def command(self) -> list[str]:
        state = self.root.parent / f"{self.root.name}-lab-state"  # no settings shared with you
        # `jupyter lab`, 2 s of CPU lighter (rummy_teach/startup.py)
        return [*lean_command("jupyterlab.labapp:main", "jupyter-lab"), "--allow-root",
                "--no-browser", f"--port={self.port}", "--ServerApp.ip=127.0.0.1",
                "--ServerApp.port_retries=0",  # a taken port: exit (start() moves), never drift
                "--IdentityProvider.token=", "--ServerApp.password=",
                f"--ServerApp.root_dir={self.root}", "--LabApp.news_url=",
                "--ServerApp.disable_check_xsrf=True",  # lets start_kernel POST without a cookie
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                f"--LabApp.workspaces_dir={state / 'workspaces'}",
                f"--LabApp.user_settings_dir={state / 'settings'}"]

    def start_kernel(self, notebook: str) -> None:
        """Start the notebook's kernel through the REST API, so Lab finds it running."""
        body = json.dumps({"path": notebook, "type": "notebook", "name": notebook,
                           "kernel": {"name": "python3"}}).encode()
        request = urllib.request.Request(self.base + "/api/sessions", data=body, method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=STARTUP_SECONDS) as response:
            assert response.status == 201, response.status

    def run_notebook(self, page, notebook: str, timeout_ms: int = 60_000) -> None:
        """Open ``notebook`` in Lab on ``page`` and run every cell with Shift+Enter, as a
        person would, once its kernel is idle."""
        self.start_kernel(notebook)
        # ?reset drops the workspace, so notebooks left open by earlier tests do not
        # come back as hidden tabs that would take the first click
        page.goto(self.url(notebook) + "?reset")
        page.locator(".jp-Notebook").wait_for(timeout=timeout_ms)
        page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(
            timeout=timeout_ms)
        page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=timeout_ms)
        cells = page.locator(".jp-Notebook .jp-Cell")
        cells.first.click()
        for _ in range(cells.count()):
            page.keyboard.press("Shift+Enter")


class RecordedPage:
    """A Playwright page plus what it tried to fetch."""

    def __init__(self, context):
        self.requests: list[str] = []
        self.outside: list[str] = []
        self.console_errors: list[str] = []
        context.route("**/*", self._route)  # before the page exists, so nothing slips by
        self.page = page = context.new_page()
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        page.on("websocket", self._websocket)

    def _websocket(self, socket) -> None:  # routes do not see websockets; record them
        self.requests.append(socket.url)
        if not is_local(socket.url):
            self.outside.append(socket.url)

    def _route(self, route):
        url = route.request.url
        self.requests.append(url)
        if is_local(url):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def unexpected_outside(self) -> list[str]:
        return [u for u in self.outside if not any(p.match(u) for p in ALLOWED_OUTSIDE)]

    def assert_offline(self) -> None:
        surprises = self.unexpected_outside()
        assert not surprises, f"requests tried to leave localhost: {surprises}"

    def shot(self, name: str, **options) -> Path:
        """:func:`picture` of this page."""
        return picture(self.page, name, **options)


def picture(page, name: str, **options) -> Path:
    """A picture of ``page`` for a person to look at, in ``tests/screenshots/``: what is on
    screen as PNG; a whole page (``full_page=True``, up to several screens, three pixels to
    one on a phone) as JPEG, which Chromium encodes for about half the CPU of a PNG of it."""
    SCREENSHOTS.mkdir(exist_ok=True)
    if options.get("full_page"):
        options = {"type": "jpeg", "quality": 85, **options}
    path = SCREENSHOTS / f"{name}.{'jpg' if options.get('type') == 'jpeg' else 'png'}"
    page.screenshot(path=str(path), **options)
    return path


@pytest.fixture(scope="session")
def voila():
    server = VoilaServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab")
    shutil.copytree(NOTEBOOKS, root, dirs_exist_ok=True)
    server = LabServer(root=root).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def playwright_driver():
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as playwright:
        yield playwright


def launched(playwright, executable: str, package: str):
    if not Path(executable).exists():
        pytest.skip(f"no Chromium at {executable} (apt-get install {package})")
    return playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)


@pytest.fixture(scope="session")
def chromium(playwright_driver):
    browser = launched(playwright_driver, CHROMIUM, "chromium-headless-shell")
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def desktop_chromium(playwright_driver):
    browser = launched(playwright_driver, DESKTOP_CHROMIUM, "chromium")
    yield browser
    browser.close()


@pytest.fixture
def browser_page(chromium):
    yield from on_screen(chromium, LAPTOP)


@pytest.fixture
def phone(chromium):
    """``browser_page`` on a phone (PHONE: 390 x 844, three device pixels to one, touch)."""
    yield from on_screen(chromium, PHONE)


@pytest.fixture
def desktop_page(desktop_chromium):
    """``browser_page``, in the desktop browser."""
    yield from on_screen(desktop_chromium, LAPTOP)


def on_screen(chromium, screen: dict):
    """For a fixture (``yield from on_screen(chromium, PHONE)``): a fresh page recorded as
    ``browser_page``'s, in a context of its own with ``screen``'s size (PHONE, WIDE),
    closed after the test."""
    context = chromium.new_context(**screen)
    yield RecordedPage(context)
    context.close()


class CommandServer(_Server):
    """Any server started by a command line (e.g. ``rummy-teach classroom``); ready when
    ``ready_path`` answers 200. ``output()`` is what it printed so far."""

    name = "command"

    def __init__(self, argv, root: Path, port: int, ready_path: str = "/", name: str = "command"):
        super().__init__(root=root, port=port)
        self.argv = list(argv)
        self.ready_path = ready_path
        self.name = name
        self.log_path = SCREENSHOTS / f"{name}-{port}.log"

    def command(self) -> list[str]:
        return self.argv

    def move_to(self, port: int) -> None:
        self.argv = [str(port) if arg == str(self.port) else
                     arg.replace(f"={self.port}", f"={port}") for arg in self.argv]
        super().move_to(port)

    def output(self) -> str:
        return self.log_path.read_text()


#: a classroom page's first load (generous: test machines are shared, and make test runs
#: four lanes at once) and one update of the page after a click
#: how often a test's wait for a condition in a page (``wait_for_function``) asks again, in
#: ms. Playwright's default asks at every frame, which keeps Chromium drawing frames for as
#: long as the wait lasts (docs/testing.md, "Time in tests"). Every call passes it
#: (tests/test_test_waits.py checks); a condition met is seen at most 50 ms later.
POLL_MS = 50
CLASSROOM_LOAD_MS = 180_000
CLASSROOM_UPDATE_MS = 30_000


def start_classroom(home: Path, *, name: str, quiz, token: str, session: str, join: str,
                    options=()) -> CommandServer:
    """``rummy-teach classroom`` for a browser test, started (it answers) on a free
    localhost port: ``quiz`` (a built-in name or a file), the test's teacher token,
    session and join code, every student's questions in the same order; ``options``
    adds more (``--lang it``, ``--db FILE``...). Stop it with ``.stop()``."""
    port = free_port()
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--quiz", str(quiz), *options,
            "--host", "127.0.0.1", "--port", str(port), "--token", token, "--session", session,
            "--join-code", join, "--same-order", "--run-dir", str(home / "run")]
    return CommandServer(argv, root=home, port=port, ready_path="/voila/static/voila.js",
                         name=name).start()
