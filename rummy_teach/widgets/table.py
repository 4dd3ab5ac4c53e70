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
functions :func:`board_view` and :func:`board_html` serve the worked-example
stepper as well, which may show more hands face up.
"""

from __future__ import annotations

import asyncio
import html
import traceback
from functools import lru_cache

import ipywidgets as widgets

from .. import render
from ..cards import Card, cards_text, parse_cards
from ..errors import IllegalMoveError, RummyError
from ..game import Action, Bot, Game, new_game
from ..rules import get_rules
from .base import ClickableHTML

FONT = render.FONT
LOG_LINES = 6


# --- the board as plain data (pure) ----------------------------------------------------

def default_names(players: int, seat: int) -> list[str]:
    others = [p for p in range(players) if p != seat]
    names = ["You"] * players
    for i, p in enumerate(others):
        names[p] = "Computer" if len(others) == 1 else f"Computer {i + 1}"
    return names


def board_view(game: Game, seat: int, names=None, face_up=(), selected=(), groups=(),
               sort: str = "suit") -> dict:
    """What the board shows from ``seat``, as plain data built from ``game.view(seat)``.

    ``face_up`` lists other seats whose hands are shown too (worked examples only).
    ``selected`` and ``groups`` (melds being gathered for a lay-down) are cards of
    the seat's hand. Melds where a selected card fits (the engine's
    :meth:`~rummy_teach.rules.RuleSet.check_lay_off`) are listed in ``fits``.
    """
    view = game.view(seat)
    n = view["players"]
    names = list(names) if names else default_names(n, seat)
    rules = game.rules
    chosen = [Card.parse(c) if isinstance(c, str) else c for c in selected]
    fits = []
    for meld in game.table:  # public: everything on the table is face up
        if any(rules.check_lay_off(meld.meld, card).ok for card in chosen):
            fits.append(meld.number)
    shown = {seat} | set(face_up)
    players = []
    for p in range(n):
        hand = None
        if p == seat:
            hand = list(view["hand"])
        elif p in shown:
            hand = [c.text(ascii=True) for c in game.hand(p)]
        if hand is not None:
            hand = sorted(hand, key=lambda c: Card.parse(c).sort_key(sort))
        players.append({
            "name": names[p], "count": view["hand_sizes"][p], "hand": hand,
            "score": view["scores"][p],
            "contract_down": view["contract_down"][p] if view["contract"] else False,
            "melds": [{"number": m["number"], "kind": m["kind"], "cards": m["cards"]}
                      for m in view["table"] if m["owner"] == p],
        })
    offer = view["buy_offer"]
    result = view["last_hand"]
    return {
        "title": view["title"], "hand_number": view["hand_number"], "contract": view["contract"],
        "seat": seat, "names": names, "players": players, "to_move": view["to_move"],
        "phase": view["phase"], "stock": view["stock_size"], "discard": view["discard_pile"],
        "discard_size": view["discard_size"], "fanned": view["discard_fanned"],
        "selected": [c.text(ascii=True) for c in chosen],
        "groups": [[c.text(ascii=True) for c in g] for g in groups],
        "fits": fits, "must_use": view["must_use"],
        "buy_offer": None if offer is None else {"card": offer["card"], "asked": offer["asked"]},
        "result": None if result is None else {
            "went_out": result["went_out"], "ending": result["ending"], "rummy": result["rummy"],
            "scores": result["scores"], "deadwood": result["deadwood"],
            "deadwood_points": result["deadwood_points"], "melded": result["melded_points"]},
        "game_over": view["is_game_over"], "winners": view["winners"],
    }


# --- the board as HTML (pure) --------------------------------------------------------------
# Drawing a card face or a back costs about 2 ms of path arithmetic; a table redraw
# after each click would redraw some 40 of them. The renderer's functions are pure,
# so their results are kept (a few hundred distinct pictures per game at most).

@lru_cache(maxsize=4096)
def _card_svg(card: Card, size: int, four_colour: bool, selected: bool) -> str:
    return render.card_svg(card, size=size, four_colour=four_colour, selected=selected)


@lru_cache(maxsize=512)
def _backs(count: int, size: int, label: str, limit: int = 12) -> str:
    return render.backs_html(count, size=size, label=label, limit=limit)


@lru_cache(maxsize=2048)
def _row(cards: tuple, size: int, four_colour: bool, fan: bool, label: str) -> str:
    return render.cards_html(cards, size=size, four_colour=four_colour, fan=fan, label=label)


def hand_html(cards, selected=(), size: int = 60, four_colour: bool = False,
              interactive: bool = False, label: str = "your hand") -> str:
    """A hand as :func:`rummy_teach.render.cards_html` draws it (same markup: the cards
    are toggle buttons with ``data-card`` when ``interactive``), from cached pictures."""
    cards = parse_cards(cards)
    chosen = set(parse_cards(selected))
    items = []
    for card in cards:
        on = card in chosen
        style = "display:inline-block;line-height:0;transition:transform .1s" + (
            ";transform:translateY(-8px)" if on else "")
        attributes = f'class="rt-card" style="{style}"'
        if interactive:
            key = card.text(ascii=True)
            spoken = card.name if card.copy == 1 else f"{card.name}, copy {card.copy}"
            attributes += (f' role="button" tabindex="0" data-card="{_esc(key)}" '
                           f'aria-pressed="{"true" if on else "false"}" aria-label="{_esc(spoken)}"')
        items.append(f"<span {attributes}>{_card_svg(card, size, four_colour, on)}</span>")
    return (f'<div class="rt-cards" role="group" aria-label="{_esc(label)}" '
            f'style="display:flex;flex-wrap:wrap;gap:{max(2, size // 14)}px;padding-top:8px;'
            f'align-items:flex-end">{"".join(items)}</div>')


def _esc(text) -> str:
    return html.escape(str(text), quote=True)


def _face(card) -> str:
    """A card as a learner reads it: the face only (the copy number of multi-deck games
    matters to the engine, not at the table)."""
    return str((card if isinstance(card, Card) else Card.parse(card)).face)


def _faces(cards) -> str:
    return " ".join(_face(c) for c in parse_cards(cards))


def _clickable(inner: str, value: str, label: str, interactive: bool, extra_style: str = "") -> str:
    if not interactive:
        return f'<div style="display:inline-block;{extra_style}">{inner}</div>'
    return (f'<div role="button" tabindex="0" data-click="{_esc(value)}" aria-label="{_esc(label)}" '
            f'style="display:inline-block;{extra_style}">{inner}</div>')


def _meld_box(meld, owner_name, fits, size, four_colour, interactive) -> str:
    cards = parse_cards(meld["cards"])
    caption = f"{meld['number']}: {meld['kind']}"
    row = _row(cards, size, four_colour, len(cards) > 5,
               f"meld {meld['number']}, {meld['kind']}: {cards_text(cards)}")
    border = "3px solid #ffd24d" if fits else "1px solid #999"
    badge = (' <span style="background:#ffd24d;color:#111;border-radius:4px;padding:0 4px">'
             'fits ✔</span>' if fits else "")
    inner = (f'<figure class="rt-meld{" rt-fits" if fits else ""}" style="margin:0;padding:3px 5px 1px;'
             f'border:{border};border-radius:6px;background:#fff;color:#111">{row}'
             f'<figcaption style="font:600 13px/1.4 {FONT};text-align:center">{_esc(caption)}{badge}'
             f'</figcaption></figure>')
    label = f"meld {meld['number']} of {owner_name}: {cards_text(cards)}" + (
        "; your selected card fits here" if fits else "")
    return _clickable(inner, f"meld:{meld['number']}", label, interactive)


def _status(board) -> str:
    names, seat, phase = board["names"], board["seat"], board["phase"]
    if board["game_over"]:
        winners = " and ".join(names[w] for w in board["winners"])
        return f"Game over: {winners} {'win' if winners == 'You' or ' and ' in winners else 'wins'}."
    if phase == "hand_over":
        return "The hand is over."
    to_move = board["to_move"]
    if phase == "buy":
        offer = board["buy_offer"]
        who = names[offer["asked"]]
        card = _face(offer["card"])
        if offer["asked"] == seat:
            return f"Buy {card}? You would also take a penalty card from the stock."
        return f"{who} is deciding whether to buy {card}."
    if to_move != seat:
        return f"{names[to_move]} to play."
    if phase == "draw":
        return "Your turn: draw from the stock or take from the discard pile."
    if board["must_use"]:
        return f"Use {_face(board['must_use'])} in a meld or a lay-off now."
    return "Meld, lay off, then discard to end your turn."


def _result_html(board) -> str:
    result, names = board["result"], board["names"]
    if not result:
        return ""
    if result["ending"] == "went out":
        how = f"{names[result['went_out']]} went out" + (" with a rummy!" if result["rummy"] else ".")
    else:
        how = {"void": "The stock ran out a third time: the hand is void.",
               "stock empty": "The stock is empty: nobody went out.",
               "stalled": "No new card could come into play: the hand stops."}.get(
            result["ending"], result["ending"])
    rows = []
    for p, name in enumerate(names):
        left = parse_cards(result["deadwood"][p])
        melded = (f"melded {result['melded'][p]}, " if result["melded"] else "")
        rows.append(f"<li>{_esc(name)}: {_esc(melded)}left in hand "
                    f"{_esc(_faces(left) or 'nothing')} ({result['deadwood_points'][p]} points)"
                    f" → <b>{result['scores'][p]:+d}</b> this hand</li>")
    return (f'<div class="rt-result" role="status" style="background:#fff8d6;color:#111;'
            f'border-radius:8px;padding:6px 10px;margin:8px 0"><b>{_esc(how)}</b>'
            f'<ul style="margin:4px 0 0;padding-left:1.2em">{"".join(rows)}</ul></div>')


def board_html(board: dict, size: int = 60, four_colour: bool = False, interactive: bool = False,
               message: str = "", log=()) -> str:
    """The table of :func:`board_view` as HTML. ``interactive`` marks the seat's cards
    (``data-card``), the stock (``data-click="stock"``), the discard pile (``take:N``)
    and the melds (``meld:N``) for :class:`~rummy_teach.widgets.base.ClickableHTML`."""
    names, seat = board["names"], board["seat"]
    small, meld_size = round(size * 0.62), round(size * 0.72)
    facts = [f"Hand {board['hand_number']}"]
    if board["contract"]:
        facts.append(f"Contract: {_esc(board['contract'])}")
    header = (f'<div style="display:flex;justify-content:space-between;flex-wrap:wrap;gap:8px">'
              f'<b style="font-size:19px">{_esc(board["title"])}</b>'
              f'<span>{" · ".join(facts)} · Scores: '
              + ", ".join(f"{_esc(names[p])} {pl['score']}" for p, pl in enumerate(board["players"]))
              + "</span></div>")
    status = f'<p class="rt-turn" style="margin:4px 0;font-size:17px;font-weight:700;color:#ffd24d">{_esc(_status(board))}</p>'

    def seat_box(p, pl, own):
        to_play = board["to_move"] == p and board["phase"] not in ("hand_over", "game_over")
        title = _esc(pl["name"]) + (' <span style="color:#ffd24d">▶ to play</span>' if to_play else "")
        title += f' · {pl["count"]} card{"" if pl["count"] == 1 else "s"} · score {pl["score"]}'
        if board["contract"]:
            title += " · contract down ✔" if pl["contract_down"] else " · contract not down yet"
        melds = "".join(_meld_box(m, pl["name"], m["number"] in board["fits"], meld_size,
                                  four_colour, interactive) for m in pl["melds"])
        melds_html = (f'<div class="rt-melds" style="display:flex;flex-wrap:wrap;gap:6px;margin:4px 0">'
                      f'{melds}</div>') if melds else ""
        if pl["hand"] is None:
            hand_part = _backs(pl["count"], small, f"{pl['name']}'s hand: {pl['count']} face-down cards")
        elif own:
            hand_part = hand_html(pl["hand"], board["selected"], size, four_colour, interactive,
                                   f"your hand, {len(pl['hand'])} cards")
            if board["groups"]:
                gathered = " | ".join(_faces(g) for g in board["groups"])
                hand_part += (f'<p style="margin:2px 0">Melds gathered for the lay-down: '
                              f'{_esc(gathered)}</p>')
        else:
            hand_part = _row(parse_cards(pl["hand"]), meld_size, four_colour, False,
                             f"{pl['name']}'s hand, shown face up")
        border = "3px solid #ffd24d" if to_play else "1px solid rgba(255,255,255,.5)"
        return (f'<div class="rt-seat" role="group" aria-label="{_esc(pl["name"])}" '
                f'style="border:{border};border-radius:8px;padding:6px 8px;flex:1 1 300px">'
                f'<div style="font-weight:700;margin-bottom:4px">{title}</div>'
                f'{melds_html if own else ""}{hand_part}{"" if own else melds_html}</div>')

    others = "".join(seat_box(p, pl, False) for p, pl in enumerate(board["players"]) if p != seat)
    own = seat_box(seat, board["players"][seat], True)

    stock = board["stock"]
    stock_pic = (_backs(stock, size, f"stock: {stock} cards", 3)
                 if stock else '<p style="margin:0">empty</p>')
    stock_html = _clickable(stock_pic, "stock", f"stock, {stock} cards: click to draw", interactive)
    pile = parse_cards(board["discard"])
    if not pile:
        pile_html = '<p style="margin:0">empty</p>'
    elif board["fanned"]:
        overlap = round(size * 0.55)
        items = []
        for i, card in enumerate(pile):
            depth = len(pile) - i
            pic = _card_svg(card, size, four_colour, False)
            style = f"line-height:0;{'margin-left:-' + str(overlap) + 'px' if i else ''}"
            items.append(_clickable(pic, f"take:{depth}",
                                    f"take {card.name}" + (f", {depth} deep, with the cards above it"
                                                           if depth > 1 else " from the top"),
                                    interactive, style))
        pile_html = (f'<div role="group" aria-label="discard pile, bottom to top: {_esc(cards_text(pile))}" '
                     f'style="display:flex;align-items:flex-end">{"".join(items)}</div>')
    else:
        pic = _row(pile[-1:], size, four_colour, False, f"discard pile: {pile[-1].name} on top")
        pile_html = _clickable(pic, "take:1", f"discard pile, {pile[-1].name} on top: click to take it",
                               interactive)
    size_words = f"{board['discard_size']} card{'' if board['discard_size'] == 1 else 's'}"
    offer = ""
    if board["buy_offer"]:
        card = _face(board["buy_offer"]["card"])
        offer = (f'<div class="rt-buy" role="status" style="align-self:center;background:#fff8d6;color:#111;'
                 f'border-radius:8px;padding:6px 10px">Buy offer: <b>{_esc(card)}</b>, asked: '
                 f'{_esc(names[board["buy_offer"]["asked"]])}</div>')
    centre = (f'<div class="rt-centre" style="display:flex;gap:28px;flex-wrap:wrap;margin:8px 0;'
              f'padding:8px;border-radius:8px;background:rgba(0,0,0,.18)">'
              f'<div><b>Stock · {stock} card{"" if stock == 1 else "s"}</b><br>{stock_html}</div>'
              f'<div><b>Discard pile · {size_words}{" (fanned)" if board["fanned"] else ""}</b><br>'
              f'{pile_html}</div>{offer}</div>')
    alert = (f'<div class="rt-message" role="alert" style="background:#fde7e9;color:#8c1d18;'
             f'border-radius:8px;padding:6px 10px;margin-top:6px;font-weight:600">{_esc(message)}</div>'
             if message else '<div class="rt-message" role="alert"></div>')
    lines = list(log)[-LOG_LINES:]
    log_html = (f'<ol class="rt-log" aria-label="what happened" start="{max(1, len(log) - LOG_LINES + 1)}" '
                f'style="margin:6px 0 0;padding-left:2em;font-size:15px;color:#e8f5ec">'
                + "".join(f"<li>{_esc(line)}</li>" for line in lines) + "</ol>") if lines else ""
    return (f'<section class="rt-table" aria-label="{_esc(board["title"])}, seen by {_esc(names[seat])}" '
            f'style="font:16px/1.4 {FONT};background:#0b5d36;color:#fff;padding:10px 12px;'
            f'border-radius:12px">{header}{status}'
            f'<div style="display:flex;flex-wrap:wrap;gap:8px">{others}</div>{centre}'
            f'{_result_html(board)}{own}{alert}{log_html}</section>')


# --- the log (public information only) ------------------------------------------------------

def describe_move(game: Game, player: int, action: Action, names) -> str:
    """One log line for ``action``, said before it is applied, telling only what every
    player at the table sees (a card drawn from the stock stays unnamed)."""
    who = names[player]
    s = "" if who == "You" else "s"   # "You draw", "Computer draws"
    kind = action.kind
    if kind == "draw":
        return f"{who} draw{s} from the stock."
    if kind == "take":
        taken = game.discard_pile[-action.depth:]
        if action.depth == 1:
            return f"{who} take{s} {_face(taken[0])} from the discard pile."
        return f"{who} dig{s} {action.depth} deep for {_face(taken[0])}, picking up {_faces(taken)}."
    if kind == "meld":
        return f"{who} meld{s} " + " | ".join(_faces(g) for g in action.melds) + "."
    if kind == "layoff":
        if not 1 <= action.target <= len(game.table):
            return f"{who} lay{s} off {_face(action.card)} on meld {action.target}."
        meld = game.table[action.target - 1]
        return f"{who} lay{s} off {_face(action.card)} on meld {action.target} ({_faces(meld.cards)})."
    if kind == "discard":
        return f"{who} discard{s} {_face(action.card)}."
    if kind == "buy":
        return f"{who} buy{s} {_face(game.discard_top)} (and take{s} a penalty card from the stock)."
    if kind == "pass":
        return f"{who} {'does' if s else 'do'} not buy {_face(game.discard_top)}."
    if kind == "end":
        return f"{who} take{s} nothing from the empty stock: the hand ends."
    return f"{who}: {action}."


def _hand_over_line(game: Game, names) -> str:
    result = game.hand_results[-1]
    if result.went_out is None:
        how = f"the hand ends ({result.ending})"
    else:
        how = f"{names[result.went_out]} went out" + (" with a rummy" if result.rummy else "")
    scores = ", ".join(f"{names[p]} {s:+d}" for p, s in enumerate(result.scores))
    return f"Hand {result.hand} over: {how}. This hand: {scores}."


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


class CardTable(widgets.VBox):
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
            raise ValueError(f"seat must be 0 to {n - 1}, not {seat!r}")
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
        if self._game.rules.game != "contract":
            self.buttons["group"].layout.display = "none"
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
        if "meld" in kinds or (game.rules.game == "contract" and game.phase == "play"
                               and not game.has_contract_down(self.seat)):
            kinds |= {"meld", "group"} if game.rules.game == "contract" else {"meld"}
        return kinds

    def board_view(self) -> dict:
        return board_view(self._game, self.seat, self.names, selected=self._selected,
                          groups=self._groups, sort=self._sort)

    def snapshot_html(self) -> str:
        """The table as it is now, as static HTML (no buttons, nothing clickable)."""
        return board_html(self.board_view(), size=self.size, four_colour=self.four_colour,
                          message=self.message, log=self.log_lines)

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": self.snapshot_html()}, metadata

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
            raise ValueError(f"sort by 'suit' or 'rank', not {key!r}")
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
        raise ValueError(f"no button {name!r}; buttons are {', '.join(b[0] for b in BUTTONS)}")

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
            line = f"You draw {_faces(new)} from the stock." if new else line
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
            self.log_lines.append(_hand_over_line(game, self.names))

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
        raise ValueError(f"nothing to do for a click on {value!r}")

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
