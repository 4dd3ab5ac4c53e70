"""The card table: play a hand from one seat against computer opponents.

``CardTable(game="basic", players=2, seat=0, levels=["medium"], seed=1, delay=0.6)``
deals a game; ``CardTable.from_game(game, seat=0)`` sits at a game already built
(``Game.from_deal``, ``replay``...). The learner clicks cards of their hand to
select them, the stock to draw, the discard pile to take (in Rummy 500 the card of
the fan to dig for), a meld to lay the selected card off on it; buttons meld,
discard, buy, pass and deal the next hand. A button is enabled only when the
engine lists such an action (``game.legal_actions()``); an attempt the rules
forbid shows the engine's reason under the table and changes nothing.

Computer opponents move one action at a time, ``delay`` seconds apart, through
the kernel's event loop (the page stays responsive); with ``delay=0``, or where no
event loop runs, they move at once. Each move writes one line to the log.

What is drawn comes from ``game.view(seat)`` only (plus, at the end of a hand,
the cards the hand's scoring lays open): no synced state of this widget holds
another player's hidden card or the order of the stock. The board's pure
functions (:mod:`.board`) serve the worked-example stepper as well, which may show
more hands face up.
"""

from __future__ import annotations

import asyncio
import html
import traceback

import ipywidgets as widgets

from ..cards import Card, parse_cards
from ..errors import IllegalMoveError, RummyError, UsageError
from ..game import Action, Bot, Game, new_game
from ..rules import get_rules
from .base import ClickableHTML, StaticFallback
from .board import faces_text, hand_over_line, board_html, board_view, default_names, describe_move


# --- the widget ---------------------------------------------------------------------------

BUTTONS = (  # (name, label, tooltip)
    ("draw", "Draw", "Take the top card of the stock"),
    ("take", "Take discard", "Take the top card of the discard pile"),
    ("group", "Add meld to lay-down", "Put the selected cards aside as one meld of your lay-down"),
    ("meld", "Meld", "Put the selected cards on the table as a meld"),
    ("layoff", "Lay off", "Add the selected card to a meld where it fits"),
    ("discard", "Discard", "Discard the selected card and end your turn"),
    ("buy", "Buy", "Take the offered discard, plus a penalty card from the stock"),
    ("pass", "Pass", "Do not buy the offered discard"),
    ("end", "End hand", "The stock is empty: take nothing and end the hand"),
    ("next", "Next hand", "Deal the next hand"),
)


class CardTable(StaticFallback, widgets.VBox):
    """A live card table seen from ``seat``; the other seats are computer players.

    ``levels`` gives the computer players' levels ("easy", "medium", "hard"), repeated
    to fill the seats. ``delay`` is the pause in seconds before each computer move.
    Drive it from Python as a learner does with the mouse: :meth:`click_card`,
    :meth:`click_stock`, :meth:`click_discard`, :meth:`click_meld`, :meth:`press`
    (a button by name: see :data:`BUTTONS`), or :meth:`play` (an action's text).
    ``message`` is the last refusal's reason, ``log_lines`` every line written so far.
    """

    def __init__(self, game: str = "basic", players: int = 2, seat: int = 0, levels=("medium",),
                 seed=0, delay: float = 0.6, names=None, size: int = 60, four_colour: bool = False,
                 dealer: int | None = None, _game: Game | None = None):
        self._game = _game if _game is not None else new_game(get_rules(game), players, seed, dealer)
        n = self._game.num_players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise UsageError(f"seat must be 0 to {n - 1}, not {seat!r}")
        levels = [levels] if isinstance(levels, str) else list(levels)
        others = [p for p in range(n) if p != seat]
        self.seat, self.delay, self.size, self.four_colour = seat, float(delay), size, four_colour
        self.names = list(names) if names else default_names(n, seat)
        self.bots = {p: Bot(levels[i % len(levels)], seed=f"{seed}/bot{p}") for i, p in enumerate(others)}
        self.log_lines: list[str] = []
        self.message = ""
        self._selected: list[Card] = []
        self._groups: list[tuple[Card, ...]] = []
        self._sort = "suit"
        self._legal = None
        self._pending = None
        self.board = ClickableHTML(label="card table")
        self.board.on_click(self._on_board_click)
        self.board.observe(self._show_board_error, names="error")
        self.buttons = {}
        for name, label, tip in BUTTONS:
            button = widgets.Button(description=label, tooltip=tip, button_style="primary",
                                    layout=widgets.Layout(width="auto", height="38px"))
            button.style.font_size = "15px"
            button.on_click(self._guarded(lambda _b, name=name: self.press(name)))
            self.buttons[name] = button
        if not self._game.rules.ladder:  # grouping melds is for a contract's lay-down
            self.buttons["group"].layout.display = "none"
        if not self._game.rules.buying:
            self.buttons["buy"].layout.display = "none"
            self.buttons["pass"].layout.display = "none"
        if self._game.rules.stock_exhausted != "end_hand":
            self.buttons["end"].layout.display = "none"
        self.sort_picker = widgets.ToggleButtons(options=[("Sort by suit", "suit"), ("Sort by rank", "rank")],
                                                 value="suit", style={"button_width": "auto"})
        self.sort_picker.observe(self._guarded(lambda c: self.sort_by(c["new"])), names="value")
        self.clear_button = widgets.Button(description="Clear selection",
                                           layout=widgets.Layout(width="auto", height="38px"))
        self.clear_button.on_click(self._guarded(lambda _b: self.clear()))
        self.problem = widgets.HTML()
        super().__init__([self.board,
                          widgets.HBox(list(self.buttons.values()),
                                       layout=widgets.Layout(flex_flow="row wrap")),
                          widgets.HBox([self.sort_picker, self.clear_button],
                                       layout=widgets.Layout(flex_flow="row wrap",
                                                             align_items="center")),
                          self.problem])
        self._changed(run_bots=True)

    @classmethod
    def from_game(cls, game: Game, seat: int = 0, levels=("medium",), seed=0, delay: float = 0.6,
                  names=None, size: int = 60, four_colour: bool = False) -> "CardTable":
        """A table at ``game`` as it stands (the widget plays on this very object)."""
        return cls(seat=seat, levels=levels, seed=seed, delay=delay, names=names, size=size,
                   four_colour=four_colour, _game=game)

    # --- reading ----------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._game

    @property
    def selected(self) -> tuple[Card, ...]:
        return tuple(self._selected)

    @property
    def groups(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(self._groups)

    def legal_kinds(self) -> set[str]:
        """The kinds of action the learner may take now (empty while others are to act)."""
        game = self._game
        if game.is_game_over:
            return set()
        if game.is_hand_over:
            return {"next"}
        if game.current_player != self.seat:
            return set()
        if self._legal is None:
            self._legal = game.legal_actions()
        kinds = {a.kind for a in self._legal}
        if "meld" in kinds or game.may_lay_contract(self.seat):
            kinds |= {"meld", "group"} if game.rules.ladder else {"meld"}
        return kinds

    def board_view(self) -> dict:
        return board_view(self._game, self.seat, self.names, selected=self._selected,
                          groups=self._groups, sort=self._sort)

    def snapshot_html(self) -> str:
        """The table as it is now, as static HTML (no buttons, nothing clickable)."""
        return board_html(self.board_view(), size=self.size, four_colour=self.four_colour,
                          message=self.message, log=self.log_lines)


    # --- the learner's clicks -------------------------------------------------------------
    def click_card(self, card) -> None:
        """Select or deselect a card of the learner's hand."""
        card = card if isinstance(card, Card) else Card.parse(card)
        if card not in self._game.hand(self.seat) or any(card in g for g in self._groups):
            self._say(f"{card} is not in your hand." if card not in self._game.hand(self.seat)
                      else f"{card} is already in a meld gathered for the lay-down.")
            return
        if card in self._selected:
            self._selected.remove(card)
        else:
            self._selected.append(card)
        self.message = ""
        self._redraw()

    def select(self, cards) -> None:
        """Make exactly ``cards`` the selection."""
        self._selected = [c for c in parse_cards(cards)]
        self.message = ""
        self._redraw()

    def clear(self) -> None:
        self._selected, self._groups, self.message = [], [], ""
        self._redraw()

    def sort_by(self, key: str) -> None:
        if key not in ("suit", "rank"):
            raise UsageError(f"sort by 'suit' or 'rank', not {key!r}")
        self._sort = key
        if self.sort_picker.value != key:
            self.sort_picker.value = key
        self._redraw()

    def click_stock(self) -> None:
        self.play(Action.draw())

    def click_discard(self, depth: int = 1) -> None:
        """Take from the discard pile (``depth`` 1 is the top card; deeper only in Rummy 500)."""
        self.play(Action.take(depth))

    def click_meld(self, number: int) -> None:
        """Lay the one selected card off on table meld ``number``."""
        if len(self._selected) != 1:
            self._say("Select exactly one card of your hand, then click the meld to lay it off on.")
            return
        self.play(Action.lay_off(self._selected[0], number))

    def press(self, name: str) -> None:
        """Press a button by name (``draw``, ``take``, ``meld``, ``group``, ``layoff``,
        ``discard``, ``buy``, ``pass``, ``end``, ``next``)."""
        if name in ("draw", "take", "buy", "pass", "end", "next"):
            return self.play(Action(name))
        if name == "discard":
            if len(self._selected) != 1:
                return self._say("Select the one card you want to discard.")
            return self.play(Action.discard(self._selected[0]))
        if name == "group":
            if not self._selected:
                return self._say("Select the cards of one meld, then add it to the lay-down.")
            self._groups.append(tuple(self._selected))
            self._selected = []
            self.message = ""
            return self._redraw()
        if name == "meld":
            groups = self._groups + ([tuple(self._selected)] if self._selected else [])
            if not groups:
                return self._say("Select the cards of a meld first.")
            return self.play(Action("meld", melds=tuple(groups)))
        if name == "layoff":
            if len(self._selected) != 1:
                return self._say("Select the one card you want to lay off.")
            fits = self.board_view()["fits"]
            if len(fits) != 1:
                return self._say(f"{self._selected[0]} fits on no meld on the table." if not fits else
                                 "It fits on several melds: click the one to lay it off on.")
            return self.play(Action.lay_off(self._selected[0], fits[0]))
        raise UsageError(f"no button {name!r}; buttons are {', '.join(b[0] for b in BUTTONS)}")

    def play(self, action) -> bool:
        """Play ``action`` (or its text) for the learner; a refusal shows its reason.
        Returns whether the action was played."""
        game = self._game
        try:
            action = Action.parse(action)
        except RummyError as error:
            self._say(str(error))
            return False
        if action.kind != "next" and game.current_player != self.seat and not game.is_hand_over:
            self._say(f"Wait: it is {self.names[game.current_player]}'s move.")
            return False
        player = game.current_player if game.current_player is not None else self.seat
        line = describe_move(game, player, action, self.names) if action.kind != "next" else None
        before = game.hand(self.seat)
        try:
            game.apply(action)
        except IllegalMoveError as error:
            self._say(str(error))
            return False
        if action.kind == "next":
            line = f"Hand {game.hand_number} is dealt."
        elif action.kind == "draw":  # the learner may see their own new card
            new = [c for c in game.hand(self.seat) if c not in before]
            line = f"You draw {faces_text(new)} from the stock." if new else line
        self._selected = [c for c in self._selected if c in game.hand(self.seat)
                          and action.kind not in ("meld", "layoff", "discard")]
        if action.kind == "meld":
            self._groups = []
        self.message = ""
        self._record(line)
        self._changed(run_bots=True)
        return True

    # --- computer players --------------------------------------------------------------------
    def bot_to_move(self) -> bool:
        game = self._game
        return (not game.is_hand_over and game.current_player is not None
                and game.current_player != self.seat)

    def run_bots(self) -> None:
        """Let the computer players move until the learner is to act (or the hand is over)."""
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        guard = 0
        while self.bot_to_move():
            self._bot_step()
            guard += 1
            if guard > 5000:
                raise RuntimeError("the computer players did not stop")
        self._changed(run_bots=False)

    def _bot_step(self) -> None:
        game = self._game
        player = game.current_player
        action = self.bots[player].act(game)
        line = describe_move(game, player, action, self.names)
        game.apply(action)
        self._legal = None
        self._record(line)

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
                self._bot_step()
        except Exception:
            self._show_problem()
            return
        self._changed(run_bots=True)

    # --- drawing ------------------------------------------------------------------------------
    def _record(self, line) -> None:
        if line:
            self.log_lines.append(line)
        game = self._game
        if game.is_hand_over and game.hand_results and not any(
                l.startswith(f"Hand {game.hand_results[-1].hand} over") for l in self.log_lines[-3:]):
            self.log_lines.append(hand_over_line(game, self.names))

    def _say(self, text: str) -> None:
        self.message = text
        self._redraw()

    def _changed(self, run_bots: bool) -> None:
        self._legal = None
        self._selected = [c for c in self._selected if c in self._game.hand(self.seat)]
        self._redraw()
        if run_bots and self.bot_to_move():
            self._schedule()

    def _redraw(self) -> None:
        kinds = self.legal_kinds()
        for name, button in self.buttons.items():
            button.disabled = name not in kinds
        self.board.html = board_html(self.board_view(), size=self.size, four_colour=self.four_colour,
                                     interactive=True, message=self.message, log=self.log_lines)

    def _on_board_click(self, kind: str, value: str) -> None:
        if kind == "card":
            return self.click_card(value)
        if value == "stock":
            return self.click_stock()
        if value.startswith("take:"):
            return self.click_discard(int(value.split(":")[1]))
        if value.startswith("meld:"):
            return self.click_meld(int(value.split(":")[1]))
        raise UsageError(f"nothing to do for a click on {value!r}")

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
                              f"Something went wrong:\n{html.escape(traceback.format_exc(limit=3))}</pre>")

    def __repr__(self) -> str:
        return (f"<CardTable {self._game.rules.name} seat={self.seat} hand={self._game.hand_number} "
                f"phase={self._game.phase}>")
