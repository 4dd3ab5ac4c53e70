"""Shared fixtures: the real Voilà server and Chromium of tests/browser.py."""

pytest_plugins = ["browser", "book_site"]
