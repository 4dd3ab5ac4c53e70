"""The worked-example stepper's logic: a scripted hand shown one step at a time.

Every step's table is the engine's game after that many actions of the script;
the hands the example lists in ``face_up`` are shown face up (its captions say
so), the others as backs. All views are known in advance (:meth:`views`), so a
static page steps through them with no Python at all.
"""

from __future__ import annotations

import html

from ..game.view import board_view
from .board import FONT, board_html
from ..reasons import say
from ..lessons.worked_examples import WorkedExample, get_example
from .controller import Controller, PlayError
from .buttons import button

# the stepper's buttons: (name, the catalogue code of its label)
BUTTONS = (("restart", "stepper_restart"), ("prev", "stepper_prev"), ("next", "stepper_next"))


class StepperController(Controller):
    """``StepperController("thirty_points", step=0)``: :meth:`go`, :meth:`next`,
    :meth:`prev`, :meth:`restart`; ``step`` is where it stands (0 = the deal)."""

    kind = "stepper"

    def __init__(self, example: WorkedExample | str, step: int = 0, size: int = 56,
                 four_colour: bool = False):
        self.example = get_example(example) if isinstance(example, str) else example
        self.size, self.four_colour = int(size), bool(four_colour)
        self.step = 0
        self.go(step)

    @classmethod
    def from_config(cls, config: dict) -> "StepperController":
        return cls(config["example"], config.get("step", 0), config.get("size", 56),
                   config.get("four_colour", False))

    def config(self) -> dict:
        return {"kind": self.kind, "example": self.example.name, "step": self.step,
                "size": self.size, "four_colour": self.four_colour}

    # --- moving -----------------------------------------------------------------------
    @property
    def last(self) -> int:
        return len(self.example.steps)

    def go(self, step) -> None:
        if isinstance(step, str) and step.strip().isdigit():
            step = int(step)
        if not isinstance(step, int) or not 0 <= step <= self.last:
            raise PlayError(f"step must be 0 to {self.last}, not {step!r}")
        self.step = step

    def next(self) -> None:
        self.go(min(self.step + 1, self.last))

    def prev(self) -> None:
        self.go(max(self.step - 1, 0))

    def restart(self) -> None:
        self.go(0)

    def handle(self, act: str, arg: str = "", fields: dict | None = None) -> None:
        if act == "go":
            return self.go(arg)
        if act in ("next", "prev", "restart"):
            return getattr(self, act)()
        raise PlayError(f"a stepper answers go, next, prev and restart, not {act!r}")

    # --- drawing ----------------------------------------------------------------------
    def game(self):
        """The engine's game at the current step."""
        return self.example.game_at(self.step)

    def caption_text(self) -> str:
        return self.example.caption(self.step)

    def board_html(self) -> str:
        board = board_view(self.game(), self.example.seat, self.example.names,
                           face_up=self.example.face_up)
        return board_html(board, size=self.size, four_colour=self.four_colour)

    def caption_html(self) -> str:
        return (f'<p class="rt-caption" role="status" style="font:17px/1.5 {FONT};margin:6px 0;'
                f'min-height:3em">{html.escape(self.caption_text())}</p>')

    def counter_text(self) -> str:
        return say("stepper_counter", step=self.step, last=self.last)

    def buttons_html(self) -> str:
        targets = {"restart": 0, "prev": max(self.step - 1, 0), "next": min(self.step + 1, self.last)}
        off = {"restart": self.step == 0, "prev": self.step == 0, "next": self.step == self.last}
        return "".join(
            button(say(label), act="go", arg=targets[name], name=name, css_class="rt-button",
                   enabled=not off[name], why_off=say("stepper_off_end" if name == "next" else "stepper_off_start"))
            for name, label in BUTTONS)

    def html(self) -> str:
        return (f'<div class="rt-stepper" style="font:16px/1.45 {FONT}">'
                f'<b style="font:700 19px {FONT}">{html.escape(self.example.title)}</b>'
                f'{self.caption_html()}'
                f'<div class="rt-controls" style="display:flex;flex-wrap:wrap;align-items:center">'
                f'{self.buttons_html()}<span class="rt-step" style="margin-left:8px">'
                f'{self.counter_text()}</span></div>{self.board_html()}</div>')

    def views(self) -> dict[str, str]:
        """Every step's view, by step number: the page steps with no Python."""
        here = self.step
        try:
            out = {}
            for step in range(self.last + 1):
                self.step = step
                out[str(step)] = self.html()
            return out
        finally:
            self.step = here
