"""The browser tests' waits for a condition in a page ask again every ``POLL_MS``
(tests/browser.py), not at every frame: Playwright's default keeps Chromium drawing frames
for the whole wait. Every ``wait_for_function`` call under tests/ must say so, and the
check finds a call that does not."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def waits_without_polling(source: str) -> list[int]:
    """The lines of the ``wait_for_function`` calls in ``source`` that pass no ``polling``."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "wait_for_function"
            and not any(keyword.arg == "polling" for keyword in node.keywords)]


def test_every_wait_for_a_condition_in_a_page_polls_at_an_interval():
    found = {path.name: lines for path in sorted(TESTS.glob("*.py"))
             if (lines := waits_without_polling(path.read_text(encoding="utf-8")))}
    assert found == {}, f"wait_for_function without polling=POLL_MS: {found}"


def test_the_check_finds_a_wait_that_polls_at_every_frame():
    source = ('page.wait_for_function("() => ready", timeout=5)\n'
              'page.wait_for_function("() => ready", timeout=5, polling=POLL_MS)\n'
              'frame.wait_for_function(\n    "() => done")\n')
    assert waits_without_polling(source) == [1, 3]
