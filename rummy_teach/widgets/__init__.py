"""Widgets: a thin layer over the engine and :mod:`rummy_teach.render`.

Importing this package needs ipywidgets and anywidget (the ``notebook`` extra);
the engine and the renderer never import it.
"""

from .base import ClickableCards, ClickableHTML
from .meld_checker import MeldChecker, picker_cards
from .stepper import Stepper
from .quiz import QuizWidget
from .table import CardTable

__all__ = ["ClickableCards", "ClickableHTML", "MeldChecker", "picker_cards", "CardTable", "Stepper",
           "QuizWidget"]
