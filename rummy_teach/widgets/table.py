"""The card table widget: play a hand from one seat against computer opponents.

``CardTable(game="basic", players=2, seat=0, levels=["medium"], delay=0.6)``
deals a game afresh (its deal number shows on the table; ``seed=1234`` deals that number's
cards, for a lesson that needs them; ``hand=7`` starts a Contract table at hand 7); ``CardTable.from_game(game, seat=0)`` sits at a game already built
(``Game.from_deal``, ``replay``...). The rules of the table (what a click does,
which buttons are enabled, what the log says) are
:class:`~rummy_teach.play.table.TableController`'s; this class shows it with
ipywidgets and paces the computer players. The table and its buttons are the controller's
own HTML, the very markup of the book's pages (:mod:`rummy_teach.play.buttons`: the moves
that make sense now stand out, greyed ones say why in their tooltip, a pressed toggle looks
pressed, the tools are grouped and shown only when they apply); a click on a button comes
back through :class:`~rummy_teach.widgets.base.ClickableHTML` as the same act and arg the
book's page script sends.

Computer opponents move one action at a time, ``delay`` seconds apart, through
the kernel's event loop (the page stays responsive); with ``delay=0``, or where no
event loop runs, they move at once. Each move writes one line to the log.

What is drawn comes from ``game.view(seat)`` only (plus, at the end of a hand,
the cards the hand's scoring lays open): no synced state of this widget holds
another player's hidden card or the order of the stock. On a static book page the
output is the controller's own page element (:func:`rummy_teach.play.page_html`):
the page's script plays the same table in the reader's browser.
"""

from __future__ import annotations

import asyncio
import copy
import html
import traceback

import ipywidgets as widgets

from ..play.board import board_html
from ..cards import Card
from ..game import Game
from ..play import PlayError, page_html
from ..play.table import TableController
from ..reasons import say
from .base import ClickableHTML, StaticFallback


# --- the widget ---------------------------------------------------------------------------

class CardTable(StaticFallback, widgets.VBox):
    """A live card table seen from ``seat``; the other seats are computer players.

    ``levels`` gives the computer players' levels ("easy", "medium", "hard"), repeated
    to fill the seats. ``delay`` is the pause in seconds before each computer move.
    Drive it from Python as a learner does with the mouse: :meth:`click_card`,
    :meth:`click_stock`, :meth:`click_discard`, :meth:`click_meld`, :meth:`press`
    (a button by name: see :data:`~rummy_teach.play.table.BUTTON_NAMES`), or :meth:`play` (an action's text).
    ``message`` is the last refusal's reason, ``log_lines`` every line written so far.
    ``seed`` is the deal's number (None, the default: a fresh deal each time the table is
    made); ``hand`` starts a Contract table later in the ladder (see
    :class:`~rummy_teach.play.table.TableController`).
    """

    def __init__(self, game: str = "basic", players: int = 2, seat: int = 0, levels=("medium",),
                 seed=None, delay: float = 0.6, names=None, size: int = 60, four_colour: bool = False,
                 dealer: int | None = None, hand: int = 1, _game: Game | None = None):
        try:
            self.controller = TableController(game, players, seat, levels, seed, names, size,
                                              four_colour, dealer, hand=hand, _game=_game)
        except PlayError as error:
            raise error from None  # PlayError is in the RummyError family
        self.delay = float(delay)
        self._pending = None
        self.board = ClickableHTML(label=say("table_label"))
        self.board.on_click(self._on_board_click)
        self.board.observe(self._show_board_error, names="error")
        self.problem = widgets.HTML()
        super().__init__([self.board, self.problem])
        self._changed(run_bots=True)

    @classmethod
    def from_game(cls, game: Game, seat: int = 0, levels=("medium",), seed=0, delay: float = 0.6,
                  names=None, size: int = 60, four_colour: bool = False) -> "CardTable":
        """A table at ``game`` as it stands (the widget plays on this very object)."""
        return cls(seat=seat, levels=levels, seed=seed, delay=delay, names=names, size=size,
                   four_colour=four_colour, _game=game)

    # --- reading (the controller's state) ---------------------------------------------
    game = property(lambda self: self.controller.game)
    seat = property(lambda self: self.controller.seat)
    names = property(lambda self: self.controller.names)
    bots = property(lambda self: self.controller.bots)
    log_lines = property(lambda self: self.controller.log_lines)
    size = property(lambda self: self.controller.size)
    four_colour = property(lambda self: self.controller.four_colour)

    @property
    def message(self) -> str:
        return self.controller.message

    @property
    def selected(self) -> tuple[Card, ...]:
        return tuple(self.controller.selected)

    @property
    def groups(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(self.controller.groups)

    def legal_kinds(self) -> set[str]:
        """The kinds of action the learner may take now (empty while others are to act)."""
        return self.controller.legal_kinds()

    def board_view(self) -> dict:
        return self.controller.board_view()

    def snapshot_html(self) -> str:
        """The table for a static page: the controller's page element when the table can be
        rebuilt from its deal, else a picture of it as it is now."""
        controller = self.controller
        if controller.bot_to_move():
            # the computers' opening moves are still paced in the kernel (a table whose hand a
            # computer opens, as hand 7 of Contract Rummy often is): the page rebuilds the
            # table after them (TableController.from_config), so draw that, on a copy, and
            # the replies to the reader's first clicks go with it (play/ahead.py)
            controller = copy.deepcopy(controller)
            controller.run_bots()
        try:
            return page_html(controller)
        except PlayError:
            return board_html(self.board_view(), size=self.size, four_colour=self.four_colour,
                              message=self.message, log=self.log_lines)

    # --- the learner's clicks -------------------------------------------------------------
    def _then_redraw(method):
        def run(self, *args):
            result = method(self.controller, *args)
            self._redraw()
            return result
        run.__name__, run.__doc__ = method.__name__, method.__doc__
        return run

    click_card = _then_redraw(TableController.click_card)
    select = _then_redraw(TableController.select)
    clear = _then_redraw(TableController.clear)

    def sort_by(self, key: str) -> None:
        try:
            self.controller.sort_by(key)
        except PlayError as error:
            raise error from None  # PlayError is in the RummyError family
        self._redraw()

    def click_stock(self) -> bool:
        return self.play("draw")

    def click_discard(self, depth: int = 1) -> bool:
        """Take from the discard pile (``depth`` 1 is the top card; deeper only in Rummy 500)."""
        return self._move(self.controller.click_discard, depth)

    def click_meld(self, number: int) -> bool:
        """Lay the one selected card off on table meld ``number``."""
        return self._move(self.controller.click_meld, number)

    def press(self, name: str):
        """Press a button by name (``draw``, ``take``, ``meld``, ``group``, ``layoff``,
        ``discard``, ``buy``, ``pass``, ``end``, ``next``, ``replay``)."""
        if name == "replay":      # the same cards again: the computer's opening moves too
            if self._pending is not None:
                self._pending.cancel()
                self._pending = None
            result = self.controller.press(name)
            self._changed(run_bots=True)
            return result
        try:
            return self._move(self.controller.press, name)
        except PlayError as error:
            raise error from None  # PlayError is in the RummyError family

    def play(self, action) -> bool:
        """Play ``action`` (or its text) for the learner; a refusal shows its reason.
        Returns whether the action was played."""
        return self._move(self.controller.play, action)

    def coach(self, name: str) -> None:
        """Press a coach button (``hint``, ``coach``, ``review``, ``review_prev``,
        ``review_next``, ``review_close``); the coach's words show under the table."""
        try:
            self.controller.coach(name)
        except PlayError as error:
            raise error from None  # PlayError is in the RummyError family
        self._redraw()

    @property
    def coach_lines(self) -> list[str]:
        return self.controller.coach_lines

    def _move(self, method, *args):
        before = len(self.controller.log_lines), self.game.hand_number
        result = method(*args)
        moved = (len(self.controller.log_lines), self.game.hand_number) != before
        self._changed(run_bots=moved)
        return result

    # --- computer players --------------------------------------------------------------------
    def bot_to_move(self) -> bool:
        return self.controller.bot_to_move()

    def run_bots(self) -> None:
        """Let the computer players move until the learner is to act (or the hand is over)."""
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        self.controller.run_bots()
        self._changed(run_bots=False)

    def _schedule(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if self.delay <= 0 or loop is None:
            self.run_bots()
            return
        if self._pending is None:
            self._pending = loop.call_later(self.delay, self._paced_step)

    def _paced_step(self) -> None:
        self._pending = None
        try:
            if self.bot_to_move():
                self.controller.bot_step()
        except Exception:
            self._show_problem()
            return
        self._changed(run_bots=True)

    # --- drawing ------------------------------------------------------------------------------
    def _changed(self, run_bots: bool) -> None:
        self.controller.settle()
        self._redraw()
        if run_bots and self.bot_to_move():
            self._schedule()

    def _redraw(self) -> None:
        self.board.html = self.controller.html()

    def _say(self, text: str) -> None:
        self.controller.say(text)
        self._redraw()

    def _on_board_click(self, kind: str, value: str) -> None:
        if kind == "card":
            return self.click_card(value)
        if kind == "act":       # one of the controller's buttons (play/buttons.py)
            act, _, arg = value.partition(":")
            return self._press_button(act, arg)
        try:
            return self._move(self.controller.click_region, value)
        except PlayError as error:
            raise error from None  # PlayError is in the RummyError family

    def _press_button(self, act: str, arg: str) -> None:
        """A button of the controller's HTML: the same acts as on the book's pages
        (:meth:`TableController.handle`), the computer players paced as for any move."""
        if act == "press":
            self.press(arg)
        elif act == "sort":
            self.sort_by(arg)
        elif act == "clear":
            self.clear()
        elif act == "coach":
            self.coach(arg)
        else:
            raise PlayError(f"a card table's buttons are press, sort, clear and coach, not {act!r}")

    def _show_board_error(self, change) -> None:
        if change["new"]:
            self._say(change["new"])

    def _guarded(self, handler):
        def run(*args):
            try:
                handler(*args)
            except Exception:
                self._show_problem()
            else:
                self.problem.value = ""
        return run

    def _show_problem(self) -> None:
        self.problem.value = ('<pre role="alert" style="color:#b3261e;white-space:pre-wrap">'
                              f"{html.escape(say('widget_failed'))}\n"
                              f"{html.escape(traceback.format_exc(limit=3))}</pre>")

    def __repr__(self) -> str:
        return (f"<CardTable {self.game.rules.name} seat={self.seat} hand={self.game.hand_number} "
                f"phase={self.game.phase}>")
