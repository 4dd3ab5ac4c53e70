"""WCAG 2.1 AA in the CSS itself: text on a button reads at 4.5:1 at least, and the
keyboard's focus ring is clearly visible (2 px or more, 3:1 against the page) and not
beaten by the widgets' own 1 px ring. Computed from the colours, no browser needed."""

from __future__ import annotations

import re

import pytest

from rummy_teach import i18n
from rummy_teach.classroom import quizview
from rummy_teach.widgets import base
from rummy_teach.widgets.stepper import Stepper
from test_classroom_desk import config_for

#: ipywidgets' colours for a Button with button_style="primary" and no colour of its own
WIDGETS_PRIMARY = {"button_color": "#2196f3", "text_color": "#ffffff"}
#: the widgets' own focus rule for buttons (@jupyter-widgets/controls, also in Voilà)
WIDGETS_FOCUS_SELECTOR = "button.jupyter-button:focus:enabled"


def luminance(colour: str) -> float:
    """WCAG relative luminance of a #rgb or #rrggbb colour."""
    hexes = colour.lstrip("#")
    if len(hexes) == 3:
        hexes = "".join(c * 2 for c in hexes)
    channels = [int(hexes[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def rules(css: str) -> list[tuple[str, dict]]:
    """(selector, declarations) for every selector of every rule of ``css``."""
    found = []
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", css):
        declarations = dict((k.strip(), v.strip()) for k, v in
                            (d.split(":", 1) for d in body.split(";") if ":" in d))
        found += [(s.strip(), declarations) for s in selectors.split(",")]
    return found


def specificity(selector: str) -> tuple[int, int, int]:
    ids = len(re.findall(r"#[\w-]+", selector))
    classes = len(re.findall(r"\.[\w-]+|:(?!:)[\w-]+|\[[^\]]*\]", selector))
    elements = len(re.findall(r"(?:^|[\s>+~])([a-z][\w-]*)", selector))
    return ids, classes, elements


def test_the_checks_know_their_numbers():
    assert round(contrast("#000", "#fff"), 1) == 21.0
    assert round(contrast(WIDGETS_PRIMARY["button_color"], "#fff"), 1) == 3.1   # the low one
    assert specificity(WIDGETS_FOCUS_SELECTOR) == (0, 3, 1)
    assert specificity(".a .b.c:focus-visible:enabled") == (0, 5, 0)


def focus_rings(css: str) -> list[tuple[str, dict]]:
    return [(s, d) for s, d in rules(css) if "jupyter-button" in s and ":focus" in s]


def assert_a_clear_ring(css: str):
    rings = focus_rings(css)
    assert rings, "no focus ring for the buttons"
    for selector, declarations in rings:
        width, style, colour = declarations["outline"].split()
        assert int(width.removesuffix("px")) >= 2 and style == "solid", declarations
        assert contrast(colour, "#ffffff") >= 3, colour
        assert specificity(selector) > specificity(WIDGETS_FOCUS_SELECTOR), selector


def test_the_steppers_buttons_show_a_clear_focus_ring():
    stepper = Stepper("thirty_points")
    css = "".join(re.findall(r"<style>(.*?)</style>", stepper.title.value, re.S))
    assert_a_clear_ring(css)


def test_every_widget_of_ours_shows_a_clear_focus_ring_on_its_buttons():
    assert_a_clear_ring(base.CLICKABLE_CSS)


def test_the_classroom_quiz_pages_buttons_read_at_4_5_to_1():
    styles = dict(rules(quizview.STYLE))
    button = styles["button"]
    assert contrast(button["background"], button["color"]) >= 4.5
    for selector, declarations in rules(quizview.STYLE):
        if "color" in declarations and "background" in declarations:
            assert contrast(declarations["background"], declarations["color"]) >= 4.5, selector
    width, style, colour = styles[":focus-visible"]["outline"].split()
    assert int(width.removesuffix("px")) >= 2 and style == "solid"
    assert contrast(colour, styles["body"]["background"]) >= 3     # the ring stands off the page
