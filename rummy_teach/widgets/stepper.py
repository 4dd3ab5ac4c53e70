"""The worked-example stepper: a scripted hand shown one step at a time.

``Stepper("thirty_points")`` (or a :class:`~rummy_teach.worked_examples.WorkedExample`)
shows the table as the example tells it, a caption per step, and Restart, Prev and
Next buttons. Every step's table is the engine's game after that many actions of
the script; the hands the example lists in ``face_up`` are shown face up (its
captions say so), the others as backs.

In a static page (no widget code), the snapshot shows the current step and lists
every caption, so the story can still be read.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from .base import StaticFallback

from ..worked_examples import WorkedExample, get_example
from .board import FONT, board_html, board_view
from ..errors import UsageError


class Stepper(StaticFallback, widgets.VBox):
    """Step through a worked example: :meth:`next`, :meth:`prev`, :meth:`restart`,
    :meth:`go` (a step number); ``step`` is where it stands (0 = the deal)."""

    def __init__(self, example: WorkedExample | str, step: int = 0, size: int = 56,
                 four_colour: bool = False):
        self.example = get_example(example) if isinstance(example, str) else example
        self.size, self.four_colour = size, four_colour
        self._step = 0
        self.title = widgets.HTML(f'<b style="font:700 19px {FONT}">{html.escape(self.example.title)}</b>')
        self.board = widgets.HTML()
        self.caption = widgets.HTML()
        self.counter = widgets.HTML()
        self.buttons = {}
        for name, label in (("restart", "⟲ Restart"), ("prev", "◀ Prev"), ("next", "Next ▶")):
            button = widgets.Button(description=label, layout=widgets.Layout(width="auto", height="38px"))
            button.style.font_size = "15px"
            button.on_click(lambda _b, name=name: getattr(self, name)())
            self.buttons[name] = button
        controls = widgets.HBox([*self.buttons.values(), self.counter],
                                layout=widgets.Layout(align_items="center", flex_flow="row wrap"))
        super().__init__([self.title, self.caption, controls, self.board])
        self.go(step)

    # --- moving -----------------------------------------------------------------------
    @property
    def step(self) -> int:
        return self._step

    @property
    def last(self) -> int:
        return len(self.example.steps)

    def go(self, step: int) -> None:
        if not 0 <= step <= self.last:
            raise UsageError(f"step must be 0 to {self.last}, not {step!r}")
        self._step = step
        self._draw()

    def next(self) -> None:
        if self._step < self.last:
            self.go(self._step + 1)

    def prev(self) -> None:
        if self._step > 0:
            self.go(self._step - 1)

    def restart(self) -> None:
        self.go(0)

    # --- drawing ----------------------------------------------------------------------
    def game(self):
        """The engine's game at the current step."""
        return self.example.game_at(self._step)

    def caption_text(self) -> str:
        return self.example.caption(self._step)

    def board_html(self) -> str:
        board = board_view(self.game(), self.example.seat, self.example.names,
                           face_up=self.example.face_up)
        return board_html(board, size=self.size, four_colour=self.four_colour)

    def _caption_html(self) -> str:
        step = self._step
        action = self.example.steps[step - 1].action if step else None
        played = (f'<code style="font-size:14px;background:#eef;padding:1px 4px;border-radius:4px">'
                  f'{html.escape(action)}</code> ' if action else "")
        return (f'<p class="rt-caption" role="status" style="font:17px/1.5 {FONT};margin:6px 0;'
                f'min-height:3em">{played}{html.escape(self.caption_text())}</p>')

    def _draw(self) -> None:
        self.caption.value = self._caption_html()
        self.board.value = self.board_html()
        self.counter.value = (f'<span class="rt-step" style="font:15px {FONT};margin-left:8px">'
                              f'Step {self._step} of {self.last}</span>')
        self.buttons["restart"].disabled = self.buttons["prev"].disabled = self._step == 0
        self.buttons["next"].disabled = self._step == self.last

    # --- static picture -------------------------------------------------------------------
    def snapshot_html(self) -> str:
        """The current step (caption and table), then every caption of the script."""
        steps = "".join(f"<li>{html.escape(self.example.caption(k))}</li>"
                        for k in range(1, self.last + 1))
        return (f'<div class="rt-stepper" style="font:16px/1.45 {FONT}">'
                f'<p><b>{html.escape(self.example.title)}</b> · step {self._step} of {self.last}</p>'
                f'{self._caption_html()}{self.board_html()}'
                f'<details><summary>Every step</summary><p>{html.escape(self.example.caption(0))}</p>'
                f'<ol>{steps}</ol></details></div>')

