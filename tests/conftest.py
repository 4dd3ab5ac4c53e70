"""Shared fixtures for every test module.

- ``tests/browser.py``: the real Voilà server, JupyterLab and Chromium (``voila``,
  ``jupyterlab``, ``chromium``, ``browser_page``).
- ``tests/book_build.py``: the book, built once per test session (``book``: its HTML
  folder, log and executed lessons; ``book_site``: that HTML served on localhost).
  A test that needs the built book takes one of these fixtures and is marked
  ``@pytest.mark.slow``; it never builds the book itself. The docstring of
  tests/book_build.py shows an example and how to reuse a `make book` build.
- ``tests/shared_run.py``: ``--share=FOLDER``, pytest processes sharing one run a module
  at a time (`make check` runs its tier in two).

Tiers: ``make check`` runs ``-m "not slow and not browser and not server" --quick`` (no
book, no lessons, no browser, no server process, smaller samples), in two processes
(``tests/run_lanes.py --quick``); ``make test`` runs everything, as
CI does. The tiers and the lanes are chosen by markers (``slow``, ``browser``, ``server``,
``games``), fixtures and the ``--quick`` option, never by file names or the text of ``-m``.
"""


import pytest

pytest_plugins = ["browser", "shared_run", "book_build"]  # book_build uses shared_run


@pytest.fixture(scope="session")
def full_run(request) -> bool:
    """False with ``--quick`` (``make check``): tests that draw a sample (generated
    questions, solver examples) take a smaller one there; ``make test`` takes the full one."""
    return not request.config.getoption("quick")


# --- lanes: make test runs the suite as four pytest processes side by side -------------
# The machine has two cores and most of the browser, server and book tests wait on other
# processes (Chromium, Jupyter servers, the kernels of the book build). `make test` runs
# the tests that need the built book in one process (lane "book": the build starts at
# once and its tests follow it), the other browser and server tests in a second (lane
# "serve"), the long random games in a third (lane "games": they only compute, so they
# fill whatever a waiting lane leaves of the cores, to the end of the run), and every
# other test in a fourth (lane "cpu"). Each test belongs to exactly one lane, so the
# four runs together are the whole suite, each test once; the book is built only in the
# "book" lane. A test that starts a server of its own (a classroom, any CommandServer) is
# marked ``server`` and waits with the other servers' tests: one that is not fails at the
# start of its server, saying so (pytest_runtest_setup below), so a new file cannot land
# a server in the computing lanes by mistake.

#: fixtures that need the built book: a test using one (directly or through another
#: fixture) runs in the "book" lane
BOOK_FIXTURES = frozenset({"book", "book_site"})
#: fixtures that start or wait on another process: a test using one runs in the
#: "serve" lane (unless it needs the book)
WAITING_FIXTURES = frozenset({"voila", "jupyterlab", "chromium", "browser_page",
                              "desktop_chromium", "desktop_page"})
LANES = ("cpu", "games", "book", "serve")


def lane_of(item) -> str:
    """The lane of a collected test: "book" for any test that uses the built book,
    "serve" for the other browser tests, the tests marked ``server`` (they start a server
    process of their own) and any test that uses a Jupyter server or Chromium fixture, "games" for the tests marked ``games`` (modules that play many whole
    games: the property games, the computer players' games, the solver's exactness
    checks), "cpu" for every other test."""
    fixtures = set(item.fixturenames)
    if BOOK_FIXTURES & fixtures:
        return "book"
    if item.get_closest_marker("browser") or item.get_closest_marker("server") \
            or WAITING_FIXTURES & fixtures:
        return "serve"
    if item.get_closest_marker("games"):
        return "games"
    return "cpu"


def pytest_addoption(parser):
    parser.addoption("--quick", action="store_true", default=False,
                     help="the fast tier (make check): tests that draw a sample take a smaller one")
    parser.addoption("--lane", choices=LANES, default=None,
                     help="run only the tests of one lane (tests/conftest.py); make test runs "
                          "every lane side by side")


def pytest_collection_modifyitems(config, items):
    lane = config.getoption("lane")
    if lane is None:
        return
    keep = [item for item in items if lane_of(item) == lane]
    other = [item for item in items if lane_of(item) != lane]
    if other:
        config.hook.pytest_deselected(items=other)
        items[:] = keep


#: the lanes whose tests may start a server process (browser.CommandServer and the others)
SERVING_LANES = frozenset({"serve", "book"})


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    """Before the test's fixtures: tell browser.py whether this test's lane may start a
    server, so a test that starts one in the "cpu" or "games" lane fails saying why."""
    browser = item.config.pluginmanager.get_plugin("browser")  # tests/browser.py
    browser.RUNNING = (item.nodeid, lane_of(item) in SERVING_LANES)
