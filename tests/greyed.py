"""What the greyed buttons of a view say (issue 27 point 1): a greyed button is
``aria-disabled="true"`` and described (``aria-describedby``) by a tooltip element of the
same view that says why it is greyed."""

from __future__ import annotations

import html
import re

BUTTON = re.compile(r"<button ([^>]*)>")


def greyed_reasons(markup: str, key: str = "data-arg") -> dict[str, str]:
    """{the ``key`` attribute of each greyed button: the text of the element describing it}."""
    found = {}
    for attrs in BUTTON.findall(markup):
        if 'aria-disabled="true"' not in attrs:
            continue
        name = re.search(rf'{key}="([^"]*)"', attrs)
        described = re.search(r'aria-describedby="([^"]*)"', attrs)
        if not name or not described:
            continue
        words = re.search(rf'id="{re.escape(described.group(1))}"[^>]*>([^<]*)<', markup)
        assert words, f"{name.group(1)}: no element {described.group(1)} in the view"
        found[html.unescape(name.group(1))] = html.unescape(words.group(1))
    return found
