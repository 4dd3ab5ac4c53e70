"""Widgets: a thin layer over the engine and :mod:`rummy_teach.render`.

Importing this package needs ipywidgets and anywidget (the ``notebook`` extra);
the engine and the renderer never import it.
"""

from .base import ClickableCards
from .meld_checker import MeldChecker, picker_cards

__all__ = ["ClickableCards", "MeldChecker", "picker_cards"]
