"""The card table's logic: a hand played from one seat against computer players.

The learner selects cards of their hand, draws from the stock, takes from the
discard pile (in Rummy 500 the card of the fan to dig for), lays a selected card
off on a meld, and presses buttons to meld, discard, buy, pass and deal the next
hand. A button is enabled only when the engine lists such an action
(``game.legal_actions()``); an attempt the rules forbid shows the engine's reason
and changes nothing. The computer players move with :meth:`bot_step` (the kernel's
widget paces them) or all at once with :meth:`run_bots` (a static page).

What is drawn comes from ``game.view(seat)`` (:func:`rummy_teach.game.view.board_view`):
nothing this controller shows holds another player's hidden card or the stock's order.

**The deal.** A table is dealt from a number (``seed``), shown on the table as "Deal no.
1,234": the same number deals the same cards, so a reader can replay a deal (the Replay
button) or share it (the book's page puts it in its address, ``#deal=1234``). A table
given no number deals afresh (:func:`~rummy_teach.game.setup.fresh_deal_number`) each
time it is made; a lesson that needs particular cards for a worked example gives the
number on purpose. **Next hand** deals the game's next hand (other cards, from the same
number).

A Contract table may start later in the ladder (``hand=7``): the computer plays the
hands before it in every seat, the learner's too, so the table is a real game that has
reached that hand (its scores are the ones those hands made).
"""

from __future__ import annotations

from .. import render_review
from ..game.view import board_view, default_names
from .board import board_html, plays_from_hand, status_line
from ..game.narrate import describe_move, faces_text, hand_over_line
from ..reasons import Reason, say
from ..cards import Card, parse_cards
from ..errors import IllegalMoveError, RummyError
from ..game import Action, Bot, Game, new_game
from ..game.setup import fresh_deal_number
from ..rules import get_rules
from .controller import Controller, PlayError
from .buttons import button, toolbar
from .coaching import COACH_BUTTONS, Coaching

# the table's buttons by name; each says its label and tooltip from the catalogue
# ("table_button_draw", "table_tip_draw", ...): see :func:`button_words`
BUTTON_NAMES = ("draw", "take", "group", "meld", "layoff", "discard", "buy", "pass", "end", "next",
                "replay")
# the level the computer plays every seat at in the hands before a later start: the expert
# reaches its contracts soonest, so hand 7 is dealt in about 2 s (the medium player took up
# to 12 s on some deals, over the book build's cell time limit on a busy machine)
EARLIER_HANDS_LEVEL = "expert"
# how many of those hands' moves a page's build ahead plays in one step (TableController.building):
# the expert's moves take 1-10 ms each in CPython, up to 30 ms at the 12-card hands' lay-downs
EARLIER_MOVES_A_STEP = 8
# the review board draws the table smaller, so that on a phone the steps sit just under it
REVIEW_CARD_SIZE = 44


def button_words(name: str) -> tuple[str, str]:
    """A table button's label and tooltip, in the language in use."""
    return say(f"table_button_{name}"), say(f"table_tip_{name}")


def _dealing(start: dict):
    """The game of a table's deal (``start``: game, players, seed, dealer, hand) at the hand
    the table starts at, as a generator that returns it: the hands before that one are
    played by the computer in every seat, and the generator yields after every
    :data:`EARLIER_MOVES_A_STEP` of their moves."""
    rules = get_rules(start["game"])
    hand = start["hand"]
    if hand != 1:
        if not rules.ladder:
            raise PlayError(Reason("table_hand_no_ladder", {"game": rules.term, "hand": hand}))
        rules.contract_hand(hand)      # a hand of the ladder, or the catalogue's refusal
    game = new_game(rules, start["players"], start["seed"], start["dealer"])
    seed = start["seed"]
    earlier = {p: Bot(EARLIER_HANDS_LEVEL, seed=f"{seed}/earlier{p}") for p in range(game.num_players)}
    moves = 0
    while game.hand_number < hand:     # the hands before: the computer in every seat
        if game.is_hand_over:
            game.apply("next")
        else:
            game.apply(earlier[game.current_player].act(game))
        moves += 1
        if moves % EARLIER_MOVES_A_STEP == 0:
            yield
    return game


def _finished(steps):
    """What a generator of steps returns, its steps all taken at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


class TableController(Controller):
    """A card table seen from ``seat``; the other seats are computer players.

    ``levels`` gives the computer players' levels ("easy", "medium", "hard"), repeated
    to fill the seats. Drive it as a learner does: :meth:`click_card`,
    :meth:`click_stock`, :meth:`click_discard`, :meth:`click_meld`, :meth:`press`
    (a button by name: see :data:`BUTTON_NAMES`), or :meth:`play` (an action's text).
    ``message`` is the last refusal's reason, ``log_lines`` every line written so far.

    ``seed`` is the deal's number; ``None`` (the default) deals afresh, and ``fresh`` says
    so (a book page then deals afresh on each visit). ``hand`` starts a Contract table at
    that hand of the ladder, the hands before it played by the computer in every seat.
    """

    kind = "table"

    def __init__(self, game: str = "basic", players: int = 2, seat: int = 0, levels=("medium",),
                 seed=None, names=None, size: int = 60, four_colour: bool = False,
                 dealer: int | None = None, hand: int = 1, _game: Game | None = None,
                 _dealt: Game | None = None):
        # _game: a position built by hand (from_game); _dealt: this start's deal, dealt
        # already (building deals it a few moves at a time)
        self.fresh = seed is None and _game is None
        if self.fresh:
            seed = fresh_deal_number()
        self._start = None if _game is not None else {"game": game, "players": players,
                                                      "seed": seed, "dealer": dealer, "hand": hand}
        self.game = _game if _game is not None else _dealt if _dealt is not None else self._deal()
        n = self.game.num_players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise PlayError(f"seat must be 0 to {n - 1}, not {seat!r}")
        levels = [levels] if isinstance(levels, str) else list(levels)
        others = [p for p in range(n) if p != seat]
        self.seat, self.size, self.four_colour = seat, size, four_colour
        self.levels, self.seed = levels, seed
        self.names = list(names) if names else default_names(n, seat)
        self._others = others
        self.sort = "suit"
        self._sit_down()

    def _deal(self) -> Game:
        """The game of the table's deal, at the hand the table starts at."""
        return _finished(_dealing(self._start))

    def _sit_down(self) -> None:
        """The learner's state at a table just dealt: no log, no selection, a new coach."""
        seed = self.seed
        self.bots = {p: Bot(self.levels[i % len(self.levels)], seed=f"{seed}/bot{p}")
                     for i, p in enumerate(self._others)}
        self.log_lines: list[str] = []
        self._told_hand = 0  # the last hand whose ending the log has told
        if self.game.hand_number > 1 and self._start is not None:
            self._told_hand = self.game.hand_number - 1
            self.log_lines.append(say("table_sat_down", count=self.game.hand_number - 1,
                                      hand=self.game.hand_number))
        self.message = ""
        self.selected: list[Card] = []
        self.groups: list[tuple[Card, ...]] = []
        self._legal = None
        self.coaching = Coaching(self.seat, seed, self.names)

    def replay(self) -> None:
        """Deal the table's cards again and start from its first hand (the Replay button)."""
        if self._start is None:
            raise PlayError("a table sat at a game built by hand has no deal to replay")
        self.game = self._deal()
        self._sit_down()
        self.log_lines.append(say("table_replayed", number=self.seed))

    @classmethod
    def from_game(cls, game: Game, seat: int = 0, levels=("medium",), names=None) -> "TableController":
        """A table at ``game`` as it stands (a position from the checked builder,
        :func:`~rummy_teach.game.setup.from_deal`); the controller plays on this very object."""
        return cls(seat=seat, levels=levels, seed=0, names=names, _game=game)

    @classmethod
    def from_config(cls, config: dict) -> "TableController":
        """The table as dealt, after the computer players' opening moves (as the kernel plays them)."""
        return _finished(cls.building(config))

    @classmethod
    def building(cls, config: dict):
        """Build the table :meth:`from_config` builds, a step at a time: a generator that
        returns the controller. A table that starts later in the ladder (``hand``) yields
        every few moves of the hands the computer plays before it, so that a book page
        building it ahead of the reader (one step at each idle moment) keeps a click on
        another widget waiting for a few moves' play at most: Contract Rummy's hand-7 table
        took 0.9 s of the page's Python in one piece at full speed, several seconds on a
        slow phone."""
        seed = config.get("seed")
        fresh = seed is None
        if fresh:
            seed = fresh_deal_number()
        start = {"game": config.get("game", "basic"), "players": config.get("players", 2),
                 "seed": seed, "dealer": config.get("dealer"), "hand": config.get("hand", 1)}
        game = yield from _dealing(start)
        table = cls(start["game"], start["players"], config.get("seat", 0),
                    config.get("levels", ("medium",)), seed, config.get("names"),
                    config.get("size", 60), config.get("four_colour", False), start["dealer"],
                    start["hand"], _dealt=game)
        table.fresh = bool(config.get("fresh", fresh))  # a page's fresh deal keeps its kind
        table.run_bots()
        return table

    def config(self) -> dict:
        """The table as dealt (a page rebuilds it, plays the computer's opening moves again)."""
        if self._start is None:
            raise PlayError("a table sat at a game built by hand cannot be rebuilt in a page")
        return {"kind": self.kind, **self._start, "fresh": self.fresh, "seat": self.seat,
                "levels": self.levels, "names": self.names, "size": self.size,
                "four_colour": self.four_colour}

    # --- reading ------------------------------------------------------------------------
    def legal_kinds(self) -> set[str]:
        """The kinds of action the learner may take now (empty while others are to act)."""
        game = self.game
        if game.is_game_over or self.coaching.reviewing:
            return set()
        if game.is_hand_over:
            return {"next"}
        if game.current_player != self.seat:
            return set()
        if self._legal is None:
            self._legal = game.legal_actions()
        kinds = {a.kind for a in self._legal}
        if "meld" in kinds or game.may_lay_contract(self.seat):  # the engine says when
            kinds |= {"meld", "group"} if game.rules.ladder else {"meld"}
        return kinds

    def enabled_buttons(self) -> set[str]:
        """The table's buttons that may be pressed now: the moves of :meth:`legal_kinds`, and
        Replay whenever the table has a deal to replay and no review is open."""
        replay = {"replay"} if self._start is not None and not self.coaching.reviewing else set()
        return self.legal_kinds() | replay

    def coach_kinds(self) -> set[str]:
        """The coach's buttons that may be pressed now (see :data:`.coaching.COACH_BUTTONS`)."""
        return self.coaching.enabled(self.game)

    def coach(self, name: str) -> None:
        """Press a coach button: ``hint``, ``coach`` (mode on/off), ``review``,
        ``review_prev``, ``review_next``, ``review_close``."""
        if name not in {b[0] for b in COACH_BUTTONS}:
            raise PlayError(f"no coach button {name!r}; they are {', '.join(b[0] for b in COACH_BUTTONS)}")
        self.coaching.press(name, self.game)

    @property
    def coach_lines(self) -> list[str]:
        """What the coach says now (a hint, a comment, a step of the review)."""
        return list(self.coaching.lines)

    #: while :meth:`html` draws: the board's view once worked out, else empty (see there)
    _drawing: list | None = None

    def board_view(self) -> dict:
        if self._drawing:
            return self._drawing[0]
        view = board_view(self.coaching.shown_game(self.game), self.seat, self.names, selected=self.selected,
                          groups=self.groups, sort=self.sort,
                          deal=None if self._start is None else self.seed)
        if self._drawing is not None:
            self._drawing.append(view)
        return view

    def shown_buttons(self) -> list[str]:
        """The names of the buttons this game uses (no Buy where nobody buys...)."""
        rules = self.game.rules
        hidden = set()
        if not rules.ladder:  # grouping melds is for a contract's lay-down
            hidden.add("group")
        if not rules.buying:
            hidden |= {"buy", "pass"}
        if rules.stock_exhausted != "end_hand":
            hidden.add("end")
        if self._start is None:   # a game built by hand has no deal to replay
            hidden.add("replay")
        return [name for name in BUTTON_NAMES if name not in hidden]

    # --- the learner's clicks -------------------------------------------------------------
    def click_card(self, card) -> None:
        """Select or deselect a card of the learner's hand."""
        card = card if isinstance(card, Card) else Card.parse(card)
        if card not in self.game.hand(self.seat) or any(card in g for g in self.groups):
            return self.say(say("table_not_in_hand" if card not in self.game.hand(self.seat)
                                else "table_card_gathered", card=card.face))
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)
        self.message = ""

    def select(self, cards) -> None:
        """Make exactly ``cards`` the selection."""
        self.selected = list(parse_cards(cards))
        self.message = ""

    def clear(self) -> None:
        self.selected, self.groups, self.message = [], [], ""

    def sort_by(self, key: str) -> None:
        if key not in ("suit", "rank"):
            raise PlayError(f"sort by 'suit' or 'rank', not {key!r}")
        self.sort = key

    def click_stock(self) -> bool:
        return self.play(Action.draw())

    def click_discard(self, depth: int = 1) -> bool:
        """Take from the discard pile (``depth`` 1 is the top card; deeper only in Rummy 500)."""
        return self.play(Action.take(depth))

    def click_meld(self, number: int) -> bool:
        """Lay the one selected card off on table meld ``number``."""
        if len(self.selected) != 1:
            self.say(say("table_pick_then_meld"))
            return False
        return self.play(Action.lay_off(self.selected[0], number))

    def press(self, name: str):
        """Press a button by name (``draw``, ``take``, ``meld``, ``group``, ``layoff``,
        ``discard``, ``buy``, ``pass``, ``end``, ``next``, ``replay``)."""
        if name == "replay":
            if self.coaching.reviewing:
                return self.say(say("coach_review_open"))
            return self.replay()
        if name in ("draw", "take", "buy", "pass", "end", "next"):
            return self.play(Action(name))
        if name == "discard":
            if len(self.selected) != 1:
                return self.say(say("table_pick_discard"))
            return self.play(Action.discard(self.selected[0]))
        if name == "group":
            if not self.selected:
                return self.say(say("table_pick_group"))
            self.groups.append(tuple(self.selected))
            self.selected, self.message = [], ""
            return None
        if name == "meld":
            groups = self.groups + ([tuple(self.selected)] if self.selected else [])
            if not groups:
                return self.say(say("table_pick_meld"))
            return self.play(Action("meld", melds=tuple(groups)))
        if name == "layoff":
            if len(self.selected) != 1:
                return self.say(say("table_pick_layoff"))
            fits = self.board_view()["fits"]
            if len(fits) != 1:
                return self.say(say("table_fits_nowhere", card=self.selected[0].face) if not fits
                                else say("table_fits_several"))
            return self.play(Action.lay_off(self.selected[0], fits[0]))
        raise PlayError(f"no button {name!r}; buttons are {', '.join(BUTTON_NAMES)}")

    def play(self, action) -> bool:
        """Play ``action`` (or its text) for the learner; a refusal shows its reason.
        Returns whether the action was played."""
        game = self.game
        try:
            action = Action.parse(action)
        except RummyError as error:
            self.say(str(error))
            return False
        if self.coaching.reviewing:
            self.say(say("coach_review_open"))
            return False
        if action.kind != "next" and game.current_player != self.seat and not game.is_hand_over:
            self.say(say("table_wait", who=self.names[game.current_player]))
            return False
        if game.phase == "buy" and action.kind not in ("buy", "pass"):   # the offer is to the learner
            self.say(say("table_answer_offer", card=faces_text([game.discard_top])))
            return False
        player = game.current_player if game.current_player is not None else self.seat
        line = describe_move(game, player, action, self.names, self.seat) if action.kind != "next" else None
        before = game.hand(self.seat)
        moment = self.coaching.before_move(game, action)
        try:
            game.apply(action)
        except IllegalMoveError as error:
            self.say(str(error))
            return False
        self.coaching.after_move(moment, action)
        if action.kind == "next":
            line = say("hand_dealt", number=game.hand_number)
        elif action.kind == "draw":  # the learner may see their own new card
            new = [c for c in game.hand(self.seat) if c not in before]
            line = say("move_draw_seen", cards=faces_text(new)) if new else line
        self.selected = [c for c in self.selected if c in game.hand(self.seat)
                         and action.kind not in ("meld", "layoff", "discard")]
        if action.kind == "meld":
            self.groups = []
        self.message = ""
        self.record(line)
        self.settle()
        return True

    def say(self, text: str) -> None:
        self.message = text

    # --- computer players ---------------------------------------------------------------------
    def bot_to_move(self) -> bool:
        game = self.game
        return (not game.is_hand_over and game.current_player is not None
                and game.current_player != self.seat)

    def bot_step(self) -> None:
        """One computer player's move, written to the log."""
        game = self.game
        player = game.current_player
        action = self.bots[player].act(game)
        line = describe_move(game, player, action, self.names, self.seat)
        game.apply(action)
        self._legal = None
        self.record(line)

    def run_bots(self) -> None:
        """Let the computer players move until the learner is to act (or the hand is over)."""
        guard = 0
        while self.bot_to_move():
            self.bot_step()
            guard += 1
            if guard > 5000:
                raise RuntimeError("the computer players did not stop")
        self.settle()

    # --- bookkeeping ------------------------------------------------------------------------------
    def record(self, line) -> None:
        if line:
            self.log_lines.append(line)
        game = self.game
        if game.is_hand_over and game.hand_results and game.hand_results[-1].hand != self._told_hand:
            self._told_hand = game.hand_results[-1].hand
            self.log_lines.append(hand_over_line(game, self.names, self.seat))

    def settle(self) -> None:
        """After a move: forget cached legal moves and selected cards that left the hand."""
        self._legal = None
        self.selected = [c for c in self.selected if c in self.game.hand(self.seat)]

    # --- the page's events ------------------------------------------------------------------------
    def handle(self, act: str, arg: str = "", fields: dict | None = None) -> None:
        """A page event; after the learner's move the computer players answer at once."""
        if act == "start":
            pass
        elif act == "card":
            self.click_card(arg)
        elif act == "region":
            self.click_region(arg)
        elif act == "press":
            self.press(arg)
        elif act == "sort":
            self.sort_by(arg)
        elif act == "clear":
            self.clear()
        elif act == "coach":
            self.coach(arg)
        else:
            raise PlayError(f"a card table answers card, region, press, sort, clear and coach, not {act!r}")
        self.run_bots()

    def click_region(self, value: str) -> None:
        """A click on the stock (``stock``), the discard pile (``take:N``), a meld (``meld:N``),
        or in an open review a move (``review:N``) or a step (``review:next``...)."""
        if value == "stock":
            self.click_stock()
        elif value.startswith("take:") and value[5:].isdigit():
            self.click_discard(int(value[5:]))
        elif value.startswith("meld:") and value[5:].isdigit():
            self.click_meld(int(value[5:]))
        elif value.startswith("review:") and (value[7:] in ("first", "prev", "next", "last")
                                              or value[7:].isdigit()):
            self.coaching.review_go(value[7:])      # a click left over from a closed review: nothing
        else:
            raise PlayError(f"nothing to do for a click on {value!r}")

    # --- the view ---------------------------------------------------------------------------------
    def board_html(self, interactive: bool = True) -> str:
        if self.coaching.reviewing:
            return self.review_html()
        return board_html(self.board_view(), size=self.size, four_colour=self.four_colour,
                          interactive=interactive, message=self.message,
                          log=self.log_lines) + self.coaching.panel_html()

    def review_html(self) -> str:
        """The open review as an analysis board (:mod:`rummy_teach.render_review`): the
        table after the selected move (every hand face up at the end of the hand), the
        steps, the coach's comment, the standing chart and the hand's moves."""
        board = self.coaching.board
        position = board.position()
        others = [p for p in range(position.num_players) if p != self.seat] if position.is_hand_over else []
        view = board_view(position, self.seat, self.names, face_up=others,
                          deal=None if self._start is None else self.seed)
        table = board_html(view, size=min(self.size, REVIEW_CARD_SIZE), four_colour=self.four_colour,
                           message=self.message)
        items = [(0, say("review_board_dealt"), False, None)] + [
            (m.number, board.move_words(m.number), m.player == self.seat,
             m.decision.cost if m.mistake else None) for m in board.moves]
        marks = [(n, board.standing_at(n), board.move(n).decision.cost) for n in board.marks]
        chart = render_review.standing_chart(board.standing, marks, board.selected, board.last)
        title = say("review_board_title", hand=position.hand_number)
        return render_review.review_board_html(
            table, self.coaching.panel_html(), chart, render_review.move_list(items, board.selected),
            render_review.step_buttons(board.selected, board.last), title)

    def why_off(self, name: str) -> str:
        """Why the button ``name`` cannot be pressed now (its tooltip while greyed): what the
        table waits for, or, in the learner's own turn, why that move is not open."""
        game = self.game
        if self.coaching.reviewing:
            return say("coach_review_open")
        if game.current_player != self.seat or game.phase != "play":
            return status_line(self.board_view())
        if name in ("draw", "take", "end", "discard"):
            hand = game.hand(self.seat)
            action = Action.discard(self.selected[0] if self.selected else hand[0]) \
                if name == "discard" else Action(name)
            verdict = game.judge(action)
            if not verdict.ok:
                return verdict.reasons[0].text()
        if name in ("meld", "group"):
            if game.rules.ladder:     # greyed only once the contract is down (see legal_kinds)
                return say("contract_already_down")
            return say("table_off_meld")
        if name == "layoff":
            if game.rules.ladder and not game.may_lay_off(self.seat):
                return say("layoff_same_turn" if game.has_contract_down(self.seat) else "layoff_before_contract")
            return say("table_off_layoff" if game.table else "table_off_no_melds")
        return status_line(self.board_view())

    def buttons_html(self) -> str:
        """The moves (those that make sense now stand out; the others are greyed, with the
        reason in their tooltip), then the tools: sorting, clearing, replaying, the coach.
        Once a hand is over only what applies is shown: the next hand, replaying, the coach
        and the review (a phone shows the table with every hand face up on one screen)."""
        if self.coaching.reviewing:     # no move while the review is open: only its own steps
            return self.coach_buttons_html()
        kinds, moves, tools = self.enabled_buttons(), [], []
        over = self.game.is_hand_over   # no move but the next hand, no hand to sort
        for name in self.shown_buttons():
            label, tip = button_words(name)
            on = name in kinds
            if (over and not on) or (name == "next" and not over):
                continue        # between hands only the next hand; during one, never it
            drawn = button(label, act="press", arg=name, look="plain" if name == "replay" else "move",
                           enabled=on, tip=tip, why_off="" if on else self.why_off(name),
                           in_toolbar=name != "replay")
            (tools if name == "replay" else moves).append(drawn)
        sorts = [] if over else [
            button(say("table_sort_" + key), act="sort", arg=key, pressed=self.sort == key)
            for key in ("suit", "rank")] + [button(say("table_clear"), act="clear")]
        bar = toolbar(moves, say("table_moves_label"), "moves",
                      style="display:flex;flex-wrap:wrap;margin-top:6px",
                      focus_next=not plays_from_hand(self.board_view())) if moves else ""
        return (f'<div class="rt-buttons">{bar}</div>'
                f'<div class="rt-tools" style="display:flex;flex-wrap:wrap;margin-top:2px">'
                f'{"".join(sorts + tools)}</div>' + self.coach_buttons_html())

    def coach_buttons_html(self) -> str:
        """The coach's buttons that apply now: Hint and Coach mode always (Hint greyed when it
        is not the learner's move), Review once a hand is over, the review's steps in a review."""
        on, out = self.coach_kinds(), []
        reviewing = self.coaching.reviewing
        why = None          # why the greyed ones are greyed: the same for each, worked out once
        for name, label, tip in COACH_BUTTONS:
            if name.startswith("review_") and not reviewing or name == "review" and (
                    reviewing or not self.game.is_hand_over):
                continue
            if name == "hint" and self.game.is_hand_over and not reviewing:
                continue        # nothing to hint at between hands
            pressed = self.coaching.mode if name == "coach" else None
            if name not in on and why is None:
                why = self.why_off("coach")
            out.append(button(say(label), act="coach", arg=name, enabled=name in on, pressed=pressed,
                              tip=say(tip), why_off=why or ""))
        return f'<div class="rt-coach-buttons" style="display:flex;flex-wrap:wrap;margin-top:2px">{"".join(out)}</div>'

    def html(self) -> str:
        """The whole table. The board's view is worked out once for the drawing: the board,
        the moves' bar and every greyed button's reason read the same view (it was worked
        out four times a click: a card picked took 3.8 ms of CPython, now 1.1 ms with the
        toolbars' tab stop found by its marker; the page's Python runs it some four times
        slower, a slow phone's slower still)."""
        self._drawing = []
        try:
            return f'<div class="rt-card-table">{self.board_html()}{self.buttons_html()}</div>'
        finally:
            self._drawing = None

    def answer_ahead(self, path: tuple) -> bool:
        """Which replies a book page carries, drawn when the book is built (:mod:`.ahead`,
        issue 27: a slow phone's Python takes seconds to start): any first event (Draw,
        the discard taken, a card picked, the sorting, the coach), then after Draw or
        Take a card picked, then Discard. That is a reader's whole first turn; the computer's
        answer to the discard is in the reply, worked out by the same players."""
        if len(path) <= 1:
            return True
        if path[0] not in (("press", "draw"), ("press", "take")) or path[1][0] != "card":
            return False
        return len(path) == 2 or (len(path) == 3 and path[2] == ("press", "discard"))
