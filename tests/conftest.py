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
