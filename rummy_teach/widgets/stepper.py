"""The worked-example stepper widget: a scripted hand shown one step at a time.

``Stepper("thirty_points")`` (or a :class:`~rummy_teach.lessons.worked_examples.WorkedExample`)
shows the table as the example tells it, a caption per step, and Restart, Back and
Next buttons. The logic and the pictures are
:class:`~rummy_teach.play.stepper.StepperController`'s; this class only shows them
with ipywidgets. On a static book page the output carries every step's view
(:func:`rummy_teach.play.page_html`), and the page's script steps through them.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..play.board import FONT
from ..play import page_html
from ..play.stepper import BUTTONS, StepperController
from ..reasons import say
from ..lessons.worked_examples import WorkedExample
from .base import BUTTON_FOCUS_CSS, StaticFallback


class Stepper(StaticFallback, widgets.VBox):
    """Step through a worked example: :meth:`next`, :meth:`prev`, :meth:`restart`,
    :meth:`go` (a step number); ``step`` is where it stands (0 = the deal)."""

    def __init__(self, example: WorkedExample | str, step: int = 0, size: int = 56,
                 four_colour: bool = False):
        self.controller = StepperController(example, step, size, four_colour)
        self.example = self.controller.example
        # the stepper has no widget of ours that brings the focus ring's CSS: it brings it
        # itself, or Voilà and JupyterLab show the widgets' 1 px ring on its buttons
        self.title = widgets.HTML(f"<style>{BUTTON_FOCUS_CSS}</style>"
                                  f'<b style="font:700 19px {FONT}">{html.escape(self.example.title)}</b>')
        self.board = widgets.HTML()
        self.caption = widgets.HTML()
        self.counter = widgets.HTML()
        self.buttons = {}
        for name, label in BUTTONS:
            button = widgets.Button(description=say(label), layout=widgets.Layout(width="auto", height="38px"))
            button.style.font_size = "15px"
            button.on_click(lambda _b, name=name: getattr(self, name)())
            self.buttons[name] = button
        controls = widgets.HBox([*self.buttons.values(), self.counter],
                                layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        super().__init__([self.title, self.caption, controls, self.board])
        self._draw()

    # --- moving -----------------------------------------------------------------------
    @property
    def step(self) -> int:
        return self.controller.step

    @property
    def last(self) -> int:
        return self.controller.last

    def go(self, step: int) -> None:
        self.controller.go(step)
        self._draw()

    def next(self) -> None:
        self.controller.next()
        self._draw()

    def prev(self) -> None:
        self.controller.prev()
        self._draw()

    def restart(self) -> None:
        self.controller.restart()
        self._draw()

    # --- drawing ----------------------------------------------------------------------
    def game(self):
        """The engine's game at the current step."""
        return self.controller.game()

    def caption_text(self) -> str:
        return self.controller.caption_text()

    def board_html(self) -> str:
        return self.controller.board_html()

    def _draw(self) -> None:
        self.caption.value = self.controller.caption_html()
        self.board.value = self.controller.board_html()
        self.counter.value = (f'<span class="rt-step" style="font:15px {FONT};margin-left:8px">'
                              f'{self.controller.counter_text()}</span>')
        self.buttons["restart"].disabled = self.buttons["prev"].disabled = self.step == 0
        self.buttons["next"].disabled = self.step == self.last

    # --- static page ----------------------------------------------------------------------
    def snapshot_html(self) -> str:
        """The current step, with every other step's view for the page's script to show."""
        return page_html(self.controller)
