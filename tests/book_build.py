"""One real book build per test session, shared by every test that needs it.

The fixture ``book`` builds the book exactly as ``make book`` does (widget scripts
vendored and verified, the three editions built side by side by book/editions.py, every
lesson executed in each, Sphinx warnings as errors, nitpicky cross-references), into a
temporary folder (removed at the session's end unless something failed), the first time
a test asks for it; or, when ``make book`` left a build in book/_build whose record says
it succeeded from exactly the inputs of now (book/build_inputs.py, ``made_build``), it
tests that build instead of building the same book again. The session says which build
it tests and why, at its start and in its summary (``book: ...``). All
later tests of the session get the same build: the lessons run once per test run,
and the lesson checks (tests/test_lessons.py) read what the build executed.

Use it in any test module (it is registered for all of them by tests/conftest.py)::

    @pytest.mark.slow
    def test_my_page(book):
        page = book.html / "tutorials" / "basic_melds.html"   # the built HTML
        notebook = book.executed("basic_melds")              # the executed lesson
        ...

    @pytest.mark.slow
    @pytest.mark.browser
    def test_in_chromium(book_site, browser_page):             # the HTML served on localhost
        browser_page.page.goto(f"{book_site}/tutorials/basic_melds.html")

Mark such tests ``slow``: they are part of ``make test``, not of ``make check``.

The fixture never fails because the build failed: ``book.ok`` and ``book.log`` say how
it went, and tests/test_book.py is the test that insists on a clean build. That way a
lesson with an error fails its own test, which names the cell, and every other lesson
is still checked. (``execute.raise_on_error`` is off in book/_config.yml for the same
reason: an error is a warning, so the build fails once every lesson has run.)

To iterate on a test without rebuilding each time, point ``RUMMY_BOOK_BUILD`` at a
build made by ``make book`` (the folder holding ``html/``)::

    RUMMY_BOOK_BUILD=book/_build .venv/bin/python -m pytest tests/test_book.py

That build may be older than the lessons (it is taken as it is, record or not); CI never
sets the variable. ``RUMMY_BOOK_REBUILD=1`` builds the book in the session even when
book/_build was made from the inputs of now.

The build starts as soon as the tests are collected, in the background, when any
selected test needs it; the tests that do not need the book run first, while it
builds (on two cores, Chromium, Voila and the build's kernels then share the time the
test process spends waiting), and the ``book`` fixture waits for the build to finish.

Processes that share a run (``--share=FOLDER``, tests/shared_run.py: `make test` runs
the ``book`` lane in two) share one build too: the first to claim it builds the book into
FOLDER/book and, when the build is over, writes ``built.json`` there (whether it
succeeded, and its log); the others wait for that file and read the same build.
"""

from __future__ import annotations

import dataclasses
import functools
import http.server
import json
import os
import signal
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from shared_run import claim

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "book"
BIN = Path(sys.executable).parent
REUSE = "RUMMY_BOOK_BUILD"
#: the build `make book` leaves, tested instead of a new one when its record says it was
#: made from exactly the inputs of now (book/build_inputs.py)
MADE = BOOK / "_build"
#: set (to anything but "" or "0") to build the book in the session even so
REBUILD = "RUMMY_BOOK_REBUILD"

sys.path.append(str(BOOK))
import build_inputs  # noqa: E402  (book/build_inputs.py: what a build is made from)


#: what a lesson kernel may print on its own stderr (which the build's log holds) that
#: says nothing of the book: ipykernel's notice that its ports are plain TCP, printed by
#: every kernel as it starts, and a ZMQ stream's callback that finds its socket already
#: closed while the kernel is being shut down after its lesson ran (the kernel's tornado
#: logger prints it; seen once in CI, the build having succeeded with every lesson
#: executed). Only a traceback that ends in exactly that ZMQ error is taken out: any other
#: error, and any lesson's, stays in the log the tests read.
KERNEL_NOISE = re.compile(
    r"^\[IPKernelApp\] WARNING \| Kernel is running over TCP without encryption\..*$"
    r"|^ERROR:tornado\.general:Uncaught exception in ZMQStream callback\n"
    r"Traceback \(most recent call last\):\n(?:[ \t].*\n)*"
    r"zmq\.error\.ZMQError: Socket operation on non-socket$",
    re.MULTILINE)


def without_kernel_noise(log: str) -> str:
    """``log`` without what KERNEL_NOISE describes (each such block becomes one line
    saying what was taken out, so the log's shape stays readable)."""
    return KERNEL_NOISE.sub("(kernel noise left out: see tests/book_build.py)", log)


@dataclass(frozen=True)
class BookBuild:
    """A finished build: its HTML folder, its log and whether it succeeded."""

    html: Path
    log: str
    ok: bool
    reused: bool = False  # taken from RUMMY_BOOK_BUILD, not built by this session
    #: the digest of the inputs it was made from, when known (book/build_inputs.py)
    digest: str | None = None
    #: which build this is and why it is the one tested (said in the session's output)
    origin: str = ""

    def failure(self, limit: int = 6000) -> str:
        """What a failed build's reader needs: every line of the log that warns or
        errs (with the line before it), then the log's end (the failed edition's, as
        book/editions.py prints it last)."""
        lines = without_kernel_noise(self.log).splitlines()
        flagged = [f"{lines[i - 1]}\n{line}" if i else line for i, line in enumerate(lines)
                   if re.search(r"WARNING|ERROR|Error|Traceback|exit [1-9]", line)]
        head = "\n".join(flagged)[-limit // 2:]
        return f"{head}\n----- the end of the log -----\n{self.log[-limit // 2:]}"

    def problems(self) -> list[str]:
        """The log's lines that warn or err, kernel noise left out (empty for a clean
        build)."""
        return re.findall(r"^.*(?:WARNING|ERROR).*$", without_kernel_noise(self.log),
                          re.MULTILINE)

    def edition(self, lang: str) -> Path:
        """The HTML folder of the ``lang`` edition ("en": the root, "it", "nl")."""
        return self.html if lang == "en" else self.html / lang

    def executed(self, lesson: str, lang: str = "en") -> Path:
        """The notebook of ``lesson`` (a name in tutorials/) as the build executed it
        (in the ``lang`` edition)."""
        return self.edition(lang) / "_sources" / "tutorials" / f"{lesson}.ipynb"

    def executed_cells(self, lesson: str) -> list[dict]:
        """The code cells of the executed lesson, outputs included."""
        notebook = json.loads(self.executed(lesson).read_text(encoding="utf-8"))
        return [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]


_running: set[subprocess.Popen] = set()   # build steps under way, stopped at session end
_stopping = threading.Event()              # the session is over: start no further step


def _run(argv: list[str], timeout: float) -> tuple[int, str]:
    """Run one build step in its own process group (so that it can be stopped with
    its kernels); its exit code and output."""
    if _stopping.is_set():
        return 1, "(not run: the test session had ended)"
    with subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, start_new_session=True) as process:
        _running.add(process)
        try:
            output, _ = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            output, _ = process.communicate()
            output += f"\n(stopped: the step took more than {timeout} s)"
        finally:
            _running.discard(process)
    return process.returncode, output


def build_book(out: Path) -> BookBuild:
    """Vendor the widget scripts, then build the book's three editions into ``out`` as
    `make book` does (book/editions.py: English, Italian in it/, Dutch in nl/)."""
    code, output = _run([sys.executable, str(BOOK / "vendor.py")], timeout=600)
    if code != 0:
        return BookBuild(out / "_build" / "html", output, False)
    code, output = _run([sys.executable, str(BOOK / "editions.py"), "--path-output", str(out)],
                        timeout=2700)
    (out / "_build").mkdir(parents=True, exist_ok=True)
    (out / "_build" / "build.log").write_text(output, encoding="utf-8")  # whole, to read after
    return BookBuild(out / "_build" / "html", output, code == 0,
                     digest=build_inputs.recorded_digest(out / "_build"))


def made_build(made: Path = MADE, root: Path = ROOT) -> tuple[BookBuild | None, str]:
    """The build `make book` left in ``made`` (a folder holding ``html/``), when it may
    be tested as the build of the inputs ``root`` has now: its record (written by
    book/editions.py) says it succeeded and was made from exactly these inputs
    (book/build_inputs.py), and its log is there. Else None. With why, in a sentence."""
    if os.environ.get(REBUILD, "") not in ("", "0"):
        return None, f"{REBUILD} is set"
    ok, why = build_inputs.reusable(made, root)
    if ok and not (made / "build.log").exists():
        ok, why = False, f"{made} has no build.log"
    if not ok:
        return None, why
    return BookBuild(made / "html", (made / "build.log").read_text(encoding="utf-8"), True,
                     digest=build_inputs.recorded_digest(made),
                     origin=f"testing the build in {made}, not building the book again: {why}"), why


class EarlyBuild(threading.Thread):
    """The session's book build, started at collection time (see the module docstring);
    ``shared``: also write BUILT for the processes sharing the run. ``why``: why the book
    is built in the session (why `make book`'s build is not tested instead)."""

    def __init__(self, out: Path, shared: bool = False, why: str = ""):
        super().__init__(name="book build", daemon=True)
        self.out = out
        self.shared = shared
        self.why = why
        self.result: BookBuild | None = None

    def run(self) -> None:
        origin = f"building the book in this session, in {self.out} ({self.why})"
        try:
            self.result = dataclasses.replace(build_book(self.out), origin=origin)
        except Exception as error:  # noqa: BLE001 - told to every test that needs the book
            self.result = BookBuild(self.out / "_build" / "html", f"the build broke: {error!r}",
                                    False, origin=origin)
        if self.shared:
            tell_built(self.out, self.result)


class Made(threading.Thread):
    """`make book`'s build, already there (``made_build``): nothing to wait for."""

    def __init__(self, result: BookBuild):
        super().__init__(name="book build (make book's)", daemon=True)
        self.result = result

    def run(self) -> None:
        pass


#: the file that says a shared build is over: {"ok": ..., "log": ..., "html": ..., ...}
BUILT = "built.json"
#: how long a process sharing the run waits for another's build (the build's own bounds,
#: vendoring and editions, plus room): it only bounds how long a broken run takes to fail
SHARED_BUILD_WAIT = 3600


def tell_built(out: Path, build: BookBuild) -> None:
    """Write BUILT in ``out`` at once, saying where ``build`` is and how it went (written
    aside, then renamed: never half read)."""
    aside = out / (BUILT + ".part")
    out.mkdir(parents=True, exist_ok=True)
    aside.write_text(json.dumps({"ok": build.ok, "log": build.log, "html": str(build.html),
                                 "digest": build.digest, "origin": build.origin}),
                     encoding="utf-8")
    os.replace(aside, out / BUILT)


class SharedBuild(threading.Thread):
    """The build another process of the run makes: waits until it says it is over."""

    def __init__(self, out: Path):
        super().__init__(name="book build (another process's)", daemon=True)
        self.out = out
        self.result: BookBuild | None = None

    def run(self) -> None:
        built = self.out / BUILT
        for _ in range(SHARED_BUILD_WAIT):
            if built.exists() or _stopping.wait(1):
                break
        if built.exists():
            said = json.loads(built.read_text(encoding="utf-8"))
            self.result = BookBuild(Path(said["html"]), said["log"], said["ok"],
                                    digest=said["digest"],
                                    origin=f"{said['origin']} (by another process of the run)")
        else:
            self.result = BookBuild(self.out / "_build" / "html",
                                    f"no word of the shared build in {self.out} after "
                                    f"{SHARED_BUILD_WAIT} s", False)


_early: dict[str, EarlyBuild] = {}


def _needs_book(item) -> bool:
    return "book" in getattr(item, "fixturenames", ())


@pytest.hookimpl(trylast=True)  # after the -m/-k selection and the lanes of conftest.py
def pytest_collection_modifyitems(config, items):
    if config.option.collectonly or os.environ.get(REUSE) or not any(map(_needs_book, items)):
        return
    items[:] = ([item for item in items if not _needs_book(item)]
                + [item for item in items if _needs_book(item)])
    share = config.getoption("share")
    if share is None or claim(Path(share), "the book build"):
        made, why = made_build()
        if made is not None:
            build = Made(made)
            if share is not None:
                tell_built(Path(share) / "book", made)
        elif share is None:
            # a folder of its own (pytest's tmp_path_factory is a fixture, not there yet at
            # collection), removed at the session's end unless something failed
            build = EarlyBuild(Path(tempfile.mkdtemp(prefix="rummy-book-")), why=why)
            _early["temporary"] = build.out
        else:
            build = EarlyBuild(Path(share) / "book", shared=True, why=why)
        say(config, made.origin if made is not None else f"building the book in this session: {why}")
    else:
        build = SharedBuild(Path(share) / "book")
    build.start()
    _early["build"] = build


#: what the session said of its book build, repeated in its summary
_said: list[str] = []


def say(config, line: str) -> None:
    _said.append(line)
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(f"book: {line}")


def pytest_terminal_summary(terminalreporter):
    for line in _said:
        terminalreporter.write_line(f"book: {line}")


def pytest_sessionfinish(session):
    build = _early.pop("build", None)
    _stopping.set()
    for process in list(_running):  # a session stopped early (-x, Ctrl-C) stops its build
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    if build is not None:
        build.join(timeout=30)
        temporary = _early.pop("temporary", None)
        if temporary is not None and not build.is_alive() and build.result is not None \
                and build.result.ok and not session.testsfailed:
            shutil.rmtree(temporary, ignore_errors=True)
        if isinstance(build, EarlyBuild) and build.shared and not (build.out / BUILT).exists():
            # stopped before its build was over: the processes waiting for it fail now
            tell_built(build.out, BookBuild(build.out / "_build" / "html", "the process building "
                                            "the book ended before its build", False,
                                            origin="a build stopped early"))


@pytest.fixture(scope="session")
def book(tmp_path_factory) -> BookBuild:
    """The book, built once per test session (see the module docstring)."""
    reuse = os.environ.get(REUSE)
    if reuse:
        html = Path(reuse).resolve() / "html"
        if not (html / "index.html").exists():
            pytest.fail(f"{REUSE}={reuse}: no built book there (expected {html}/index.html)")
        return BookBuild(html, f"(reused the build in {reuse}; no log)", True, reused=True)
    early = _early.get("build")
    if early is not None:
        early.join()
        if isinstance(early, SharedBuild):
            _said.append(early.result.origin)
        return early.result
    return build_book(tmp_path_factory.mktemp("book"))


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def book_site(book):
    """The built HTML served on a free localhost port: its base URL, no trailing slash."""
    handler = functools.partial(_QuietHandler, directory=str(book.html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


#: the script of the page's Python (bookplay.js starts it as a worker once the page is idle)
PYTHON_WORKER = "**/play/worker.js"


@pytest.fixture(scope="session")
def shared_book_page(book_site, chromium):
    """``shared_book_page("tutorials/basic_melds")``: that page of the built book, loaded
    in Chromium once per session (widgets drawn, every request recorded, nothing outside
    localhost let through) and handed to every test that asks for it again.

    For tests that only read a page (what it shows, its requests, an accessibility
    scan): loading a lesson page with its widgets costs seconds of Chromium's time, and
    several tests read each page. A test that clicks, types or moves the focus takes a
    fresh ``browser_page`` instead, or ``shared_book_page.take(path)``: the page if it
    was loaded (then no later test is handed it: the caller owns it, may click in it and
    closes its context), else None.

    The page's Python is held back while the page is only read: the request for its
    worker's script waits, as on a slow connection, until a test takes the page, and then
    goes on. Starting Python costs Chromium about 1.7 s of CPU a page (against 0.8 s for
    the page itself), and until a reader clicks it changes nothing a reader sees:
    ``test_a_page_shows_the_same_before_and_after_its_python_is_up`` checks that the page
    is the same, element for element, with its Python held and once it is up.
    """
    from browser import LAPTOP, RecordedPage  # the other plugin of tests/conftest.py

    opened: dict[str, tuple[RecordedPage, Callable[[], None]]] = {}

    def load(path: str) -> RecordedPage:
        if path not in opened:
            context = chromium.new_context(**LAPTOP)
            recorded = RecordedPage(context)
            opened[path] = (recorded, hold_python(context))
            recorded.page.goto(f"{book_site}/{path}.html", wait_until="load")
            loaded(recorded.page)
        return opened[path][0]

    def take(path: str) -> RecordedPage | None:
        if path not in opened:
            return None
        recorded, release = opened.pop(path)
        release()
        return recorded

    load.take = take
    yield load
    for recorded, _ in opened.values():
        recorded.page.context.close()


def loaded(page) -> None:
    """Wait until ``page`` is as a reader meets it once it has loaded: the theme's scripts,
    which run at the page's first idle moments after its load, have run; the fonts are in;
    two frames are painted since. (Not Playwright's "networkidle": a held request for the
    page's Python, ``hold_python``, keeps the network busy.)"""
    from browser import POLL_MS
    page.wait_for_function("() => document.documentElement.dataset.themeScripts === 'loaded'",
                           timeout=60_000, polling=POLL_MS)
    page.evaluate("""() => document.fonts.ready.then(() => new Promise(done =>
        requestAnimationFrame(() => requestAnimationFrame(done))))""")


def hold_python(context) -> Callable[[], None]:
    """Hold the request for the page's Python worker in ``context`` (every page of it);
    returns the function that lets it, and any later one, go on to the context's other
    routes (RecordedPage's, which records it). Playwright tries the last route added
    first, so this one comes before the recording."""
    held = []
    let_through = False

    def route(request_route) -> None:
        if let_through:
            request_route.fallback()
        else:
            held.append(request_route)

    def release() -> None:
        nonlocal let_through
        let_through = True
        while held:
            held.pop().fallback()

    context.route(PYTHON_WORKER, route)
    return release
