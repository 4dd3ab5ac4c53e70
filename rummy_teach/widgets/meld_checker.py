"""The meld checker: a sandbox where a learner picks cards and the engine judges them.

Pick cards from the whole deck of the chosen game (jokers appear where the game
has them); the verdict and the engine's reasons show after every click. The
widget only displays :func:`rummy_teach.melds.check_meld`'s judgement; it never
works out a reason of its own.
"""

from __future__ import annotations

import html
import traceback

import ipywidgets as widgets

from .. import render
from ..cards import parse_cards
from ..play import page_html
from ..play.meld import GAME_CHOICES, MeldCheckerController, picker_cards
from ..reasons import say
from ..rules import get_rules
from .base import ClickableCards, StaticFallback
from ..errors import UsageError

__all__ = ["GAME_CHOICES", "MeldChecker", "picker_cards"]


class MeldChecker(StaticFallback, widgets.VBox):
    """Pick cards, choose the game, read the verdict.

    ``MeldChecker(game="basic", cards="QH KH AH")`` starts with those cards
    selected. ``select``, ``click`` and ``game`` drive it from Python the way a
    learner drives it with the mouse; ``check`` is the current
    :class:`~rummy_teach.melds.MeldCheck` and ``verdict_text()`` its words.
    """

    def __init__(self, game: str = "basic", cards="", size: int = 40, four_colour: bool = False):
        self.controller = MeldCheckerController(game, size=size, four_colour=four_colour)
        self._rules = self.controller.rules
        names = list(GAME_CHOICES)
        if self._rules.name not in names:
            names.append(self._rules.name)
        self.game_picker = widgets.Dropdown(
            options=[(get_rules(n).title, n) for n in names], value=self._rules.name,
            description=say("checker_game"), layout=widgets.Layout(width="auto"))
        self.four_colour_box = widgets.Checkbox(value=four_colour, description=say("checker_four_colour"),
                                                indent=False,
                                                layout=widgets.Layout(width="auto", margin="0 16px"))
        self.clear_button = widgets.Button(description=say("checker_clear"), icon="",
                                           tooltip=say("checker_clear_tip"))
        self.picker = ClickableCards(picker_cards(self._rules), layout_style="suits", size=size,
                                     four_colour=four_colour, label=say("checker_picker"))
        self.verdict = widgets.HTML()
        self.problem = widgets.HTML()
        super().__init__([
            widgets.HTML(f'<b style="font-size:16px">{html.escape(say("checker_title"))}</b>'),
            widgets.HBox([self.game_picker, self.four_colour_box, self.clear_button],
                         layout=widgets.Layout(align_items="center", flex_flow="row wrap")),
            self.picker, self.verdict, self.problem])
        self.picker.observe(self._guarded(self._show_verdict), names="selected")
        self.game_picker.observe(self._guarded(self._change_game), names="value")
        self.four_colour_box.observe(self._guarded(self._change_colours), names="value")
        self.clear_button.on_click(self._guarded(lambda _: self.picker.clear()))
        if cards:
            self.select(cards)
        self._show_verdict()

    # --- driving it ------------------------------------------------------------------
    @property
    def rules(self):
        return self._rules

    @property
    def game(self) -> str:
        return self._rules.name

    @game.setter
    def game(self, name: str) -> None:
        self.game_picker.value = get_rules(name).name

    def select(self, cards) -> None:
        """Make exactly ``cards`` the selection (in this order)."""
        wanted = parse_cards(cards)
        missing = [str(c) for c in wanted if render.card_key(c) not in self.picker.cards]
        if missing:
            raise UsageError(say("checker_not_offered", cards=" ".join(missing), game=self._rules.title))
        self.picker.selected = [render.card_key(c) for c in wanted]

    def click(self, card) -> None:
        """Click one card in the picker, as a learner would."""
        self.picker.click(card)

    def clear(self) -> None:
        self.picker.clear()

    @property
    def check(self):
        """The engine's verdict on the selected cards, or None while nothing is selected."""
        return self.controller.check

    def verdict_text(self) -> str:
        """The verdict in plain words: the headline, then one reason a line."""
        return self.controller.verdict_text()

    # --- reacting ----------------------------------------------------------------------
    def _guarded(self, handler):
        """Wrap a callback so that an error shows in the widget instead of vanishing."""
        def run(*args):
            try:
                handler(*args)
            except Exception:
                self.problem.value = (
                    '<pre role="alert" style="color:#b3261e;white-space:pre-wrap">'
                    f"{html.escape(say('widget_failed'))}\n{html.escape(traceback.format_exc(limit=3))}</pre>")
            else:
                self.problem.value = ""
        return run

    def _show_verdict(self, change=None) -> None:
        self.controller.select(self.picker.selected_cards)
        self.verdict.value = self.controller.verdict_html()

    def _change_game(self, change) -> None:
        self.controller.set_game(change["new"])
        self._rules = self.controller.rules
        # cards the new game lacks (jokers) leave the selection; the rest is judged again
        self.picker.cards = [render.card_key(c) for c in self.controller.offered()]
        self._show_verdict()

    def _change_colours(self, change) -> None:
        self.controller.four_colour = change["new"]
        self.picker.four_colour = change["new"]
        self._show_verdict()

    # --- static picture -----------------------------------------------------------------
    def snapshot_html(self) -> str:
        """The checker as it is now; on a static book page its script makes it answer."""
        return page_html(self.controller)
