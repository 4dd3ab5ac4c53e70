"""Shared fixtures for every test module.

- ``tests/browser.py``: the real Voilà server, JupyterLab and Chromium (``voila``,
  ``jupyterlab``, ``chromium``, ``browser_page``).
- ``tests/book_build.py``: the book, built once per test session (``book``: its HTML
  folder, log and executed lessons; ``book_site``: that HTML served on localhost).
  A test that needs the built book takes one of these fixtures and is marked
  ``@pytest.mark.slow``; it never builds the book itself. The docstring of
  tests/book_build.py shows an example and how to reuse a `make book` build.

Tiers: ``make check`` runs ``-m "not slow and not browser"`` (no book, no lessons, no
browser, a few minutes); ``make test`` runs everything, as CI does.
"""

import pytest

pytest_plugins = ["browser", "book_build"]


@pytest.fixture(scope="session")
def full_run(request) -> bool:
    """False in ``make check`` (a mark expression that leaves out ``slow``): tests that
    draw a sample (generated questions) take a smaller one there; ``make test`` takes
    the full sample."""
    return "not slow" not in (request.config.getoption("markexpr") or "")


# --- lanes: make test runs the suite as two pytest processes side by side --------------
# The machine has two cores and most of the browser, server and book tests wait on other
# processes (Chromium, Jupyter servers, the kernels of the book build), so `make test`
# runs them in one process (lane "wait") while a second process runs every other test
# (lane "cpu"). Each test belongs to exactly one lane, so the two runs together are the
# whole suite, each test once; the book is built only in the "wait" lane.

# fixtures that start or wait on another process: a test using one (directly or through
# another fixture) runs in the "wait" lane
WAITING_FIXTURES = frozenset({"book", "book_site", "voila", "jupyterlab", "chromium",
                              "browser_page"})
LANES = ("cpu", "wait")


def lane_of(item) -> str:
    """The lane of a collected test: "wait" for browser tests and any test that uses the
    book or a Jupyter server or Chromium fixture, "cpu" for every other test."""
    if item.get_closest_marker("browser") or WAITING_FIXTURES & set(item.fixturenames):
        return "wait"
    return "cpu"


def pytest_addoption(parser):
    parser.addoption("--lane", choices=LANES, default=None,
                     help="run only the tests of one lane (tests/conftest.py); make test runs "
                          "both lanes side by side")


def pytest_collection_modifyitems(config, items):
    lane = config.getoption("lane")
    if lane is None:
        return
    keep = [item for item in items if lane_of(item) == lane]
    other = [item for item in items if lane_of(item) != lane]
    if other:
        config.hook.pytest_deselected(items=other)
        items[:] = keep
