"""Pictures of cards, melds and tables as SVG and HTML text.

Every function here is pure: it takes engine values (or plain data) and returns a
string. Nothing is imported from IPython or ipywidgets, and the output holds no
script and no event handler, so it shows the same in JupyterLab, in Voilà, in a
static book page and in a file opened from disk.

Drawing choices, made for a classroom projector as much as for a phone:

* A card is drawn in a 100 x 140 box scaled to ``size`` CSS pixels wide. The rank
  and suit sit big in two opposite corners (a fan of overlapping cards still
  shows them); the middle carries the pips, one large suit for an ace, a framed
  letter for a court card, a star for a joker.
* Suit symbols are SVG paths, never font glyphs, so they look alike everywhere.
  The four shapes differ, so colour is never the only clue; ``four_colour=True``
  gives each suit its own colour as well (spades black, hearts red, diamonds
  blue, clubs green).
* Each card is an ``<svg role="img">`` with an ``aria-label`` and a ``<title>``
  that say the card in words ("eight of spades"), for screen readers and tooltips.
* The SVGs use no ``id`` attribute and no ``url(#...)`` reference: each shape
  is drawn in place, so any number of cards can share a page without a clash. (The
  book's pages carry a picture drawn many times once, as a ``<symbol>`` its copies
  ``<use>``: ``share_pictures`` in ``book/_ext/rummy_book.py``.)
"""

from __future__ import annotations

import html
import math
import re
from functools import lru_cache
from typing import Iterable

from .cards import RANK_LABELS, Card, cards_text, parse_cards
from .plural import Signed
from .reasons import say

WIDTH, HEIGHT = 100, 140          # the drawing box of one card
DEFAULT_SIZE = 72                 # CSS pixels across

TWO_COLOURS = {"S": "#1a1a1a", "H": "#c8102e", "D": "#c8102e", "C": "#1a1a1a"}
FOUR_COLOURS = {"S": "#1a1a1a", "H": "#c8102e", "D": "#0b57d0", "C": "#137333"}
JOKER_COLOUR = "#6b3fa0"
SELECTED_COLOUR = "#1f6feb"
FONT = "DejaVu Sans,Arial,Helvetica,sans-serif"

# Suit outlines in a box from -1 to 1 (y grows downwards), absolute commands only
# (M L Q C A Z) so that :func:`_place` can move and scale them with plain arithmetic.
_CIRCLE = "M{x0},{y} A{r},{r} 0 1 0 {x1},{y} A{r},{r} 0 1 0 {x0},{y} Z"
SUIT_PATHS = {
    "H": "M0,0.95 C-0.25,0.6 -1,0.15 -1,-0.4 C-1,-0.75 -0.75,-0.95 -0.5,-0.95 "
         "C-0.25,-0.95 -0.05,-0.8 0,-0.55 C0.05,-0.8 0.25,-0.95 0.5,-0.95 "
         "C0.75,-0.95 1,-0.75 1,-0.4 C1,0.15 0.25,0.6 0,0.95 Z",
    "D": "M0,-1 Q0.35,-0.45 0.75,0 Q0.35,0.45 0,1 Q-0.35,0.45 -0.75,0 Q-0.35,-0.45 0,-1 Z",
    "S": "M0,-1 C0.25,-0.6 1,-0.25 1,0.2 C1,0.55 0.75,0.72 0.5,0.72 "
         "C0.3,0.72 0.12,0.6 0.06,0.45 C0.08,0.7 0.2,0.9 0.4,1 L-0.4,1 "
         "C-0.2,0.9 -0.08,0.7 -0.06,0.45 C-0.12,0.6 -0.3,0.72 -0.5,0.72 "
         "C-0.75,0.72 -1,0.55 -1,0.2 C-1,-0.25 -0.25,-0.6 0,-1 Z",
    "C": " ".join([_CIRCLE.format(x0=-0.42, x1=0.42, y=-0.52, r=0.42),
                   _CIRCLE.format(x0=-0.92, x1=-0.08, y=0.12, r=0.42),
                   _CIRCLE.format(x0=0.08, x1=0.92, y=0.12, r=0.42),
                   "M0,-0.3 L-0.3,0.2 L0.3,0.2 Z",
                   "M-0.07,0.2 C-0.07,0.6 -0.2,0.9 -0.4,1 L0.4,1 C0.2,0.9 0.07,0.6 0.07,0.2 Z"]),
}


def _star_path() -> str:
    points = []
    for i in range(10):
        radius = 1.0 if i % 2 == 0 else 0.42
        angle = math.pi * i / 5 - math.pi / 2
        points.append(f"{radius * math.cos(angle):.3f},{radius * math.sin(angle):.3f}")
    return "M" + " L".join(points) + " Z"


STAR_PATH = _star_path()
_TOKEN = re.compile(r"[A-Za-z]|-?\d*\.?\d+")
_ARGS = {"M": 2, "L": 2, "Q": 4, "C": 6, "A": 7, "Z": 0}


def _num(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@lru_cache(maxsize=2048)
def _place(path: str, x: float, y: float, scale: float, upside_down: bool = False) -> str:
    """``path`` (drawn in the -1..1 box) scaled by ``scale`` and centred on (x, y).

    ``upside_down`` turns it half a turn, as the lower pips of a real card are. Kept:
    the card faces and backs place the same few shapes at the same few spots (about 700
    in all), and placing them was most of a table's first drawing in the page's Python
    (0.4 of 0.5 s on a slow device, issue 27); the book's snapshot places them all
    ahead (:func:`rummy_teach.play.warm`).
    """
    s = -scale if upside_down else scale
    out, tokens, i = [], _TOKEN.findall(path), 0
    while i < len(tokens):
        command = tokens[i]
        i += 1
        args = [float(t) for t in tokens[i:i + _ARGS[command]]]
        i += _ARGS[command]
        if command == "A":  # radii scale, rotation and flags stay, the end point moves
            rx, ry, rotation, large, sweep, ex, ey = args
            values = [abs(s) * rx, abs(s) * ry, rotation, large, sweep, x + s * ex, y + s * ey]
        else:
            values = [x + s * v if k % 2 == 0 else y + s * v for k, v in enumerate(args)]
        out.append(command + " ".join(_num(v) for v in values))
    return "".join(out)


def shapes_placed() -> int:
    """How many card shapes this process has placed so far (each is placed once)."""
    return _place.cache_info().misses


# Pip positions: (column, row) with columns -1/0/1 and rows from 0 (top) to 1 (bottom).
PIPS = {
    2: [(0, 0), (0, 1)],
    3: [(0, 0), (0, .5), (0, 1)],
    4: [(-1, 0), (1, 0), (-1, 1), (1, 1)],
    5: [(-1, 0), (1, 0), (0, .5), (-1, 1), (1, 1)],
    6: [(-1, 0), (1, 0), (-1, .5), (1, .5), (-1, 1), (1, 1)],
    7: [(-1, 0), (1, 0), (0, .25), (-1, .5), (1, .5), (-1, 1), (1, 1)],
    8: [(-1, 0), (1, 0), (0, .25), (-1, .5), (1, .5), (0, .75), (-1, 1), (1, 1)],
    9: [(-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, .5), (-1, 2 / 3), (1, 2 / 3), (-1, 1), (1, 1)],
    10: [(-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3),
         (0, 5 / 6), (-1, 1), (1, 1)],
}


def suit_colour(suit: str | None, four_colour: bool = False) -> str:
    """The ink of a suit (jokers have their own)."""
    if suit is None:
        return JOKER_COLOUR
    return (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]


def _esc(text) -> str:
    return html.escape(str(text), quote=True)


def _svg_open(label: str, size: int) -> str:
    """The opening tag; an empty ``label`` marks a picture that its container names."""
    opening = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
               f'width="{size}" height="{round(size * HEIGHT / WIDTH)}"')
    if not label:
        return opening + ' aria-hidden="true">'
    return opening + f' role="img" aria-label="{_esc(label)}"><title>{_esc(label)}</title>'


def _corner(card: Card) -> str:
    """Rank and suit in the top-left corner (the caller draws it turned for the other)."""
    if card.is_joker:
        letters = "".join(f'<tspan x="13" dy="{0 if i == 0 else 18}">{ch}</tspan>'
                          for i, ch in enumerate("JKR"))
        return f'<text x="13" y="23" font-size="19" text-anchor="middle">{letters}</text>'

    label = RANK_LABELS[card.rank]
    squeeze = ' textLength="23" lengthAdjust="spacingAndGlyphs"' if len(label) > 1 else ""
    return (f'<text x="13" y="29" font-size="26" text-anchor="middle"{squeeze}>{label}</text>'
            f'<path d="{_place(SUIT_PATHS[card.suit], 13, 43, 8)}"/>')


def _middle(card: Card, colour: str) -> str:
    if card.is_joker:
        return (f'<path d="{_place(STAR_PATH, 50, 64, 22)}"/>'
                f'<text x="50" y="106" font-size="13" text-anchor="middle">JOKER</text>')
    shape = SUIT_PATHS[card.suit]
    if card.rank == 1:
        return f'<path d="{_place(shape, 50, 70, 22)}"/>'
    if card.rank > 10:
        return (f'<rect x="28" y="22" width="44" height="96" rx="4" fill="none" '
                f'stroke="{colour}" stroke-width="2"/>'
                f'<path d="{_place(shape, 50, 48, 13)}"/>'
                f'<text x="50" y="106" font-size="40" text-anchor="middle">'
                f'{RANK_LABELS[card.rank]}</text>')
    pips = "".join(_place(shape, 50 + 15 * col, 28 + 84 * row, 8, upside_down=row > .5)
                   for col, row in PIPS[card.rank])
    return f'<path d="{pips}"/>'


def card_svg(card: Card | str, size: int = DEFAULT_SIZE, four_colour: bool = False,
             selected: bool = False, label: str | None = None) -> str:
    """One card face as an SVG element, ``size`` CSS pixels wide.

    ``selected`` draws a thick blue frame and a tick in the free corner, so the
    choice shows without relying on colour. ``label`` replaces the spoken name
    (by default the card's :attr:`~rummy_teach.cards.Card.name`).
    """
    card = _as_card(card)
    colour = suit_colour(card.suit, four_colour)
    name = label if label is not None else (say("card_selected", name=spoken_name(card)) if selected else spoken_name(card))
    frame = (f'fill="#eaf2ff" stroke="{SELECTED_COLOUR}" stroke-width="6"' if selected
             else 'fill="#fff" stroke="#666" stroke-width="1.5"')
    corner = _corner(card)
    tick = ""
    if selected:
        tick = (f'<circle cx="84" cy="16" r="11" fill="{SELECTED_COLOUR}"/>'
                f'<path d="M78,16 L83,21 L91,11" fill="none" stroke="#fff" stroke-width="3"/>')
    return (_svg_open(name, size)
            + f'<rect x="2" y="2" width="96" height="136" rx="9" {frame}/>'
            + f'<g fill="{colour}" font-family="{FONT}" font-weight="700">'
            + corner + _middle(card, colour)
            + f'<g transform="rotate(180 50 70)">{corner}</g></g>'
            + tick + "</svg>")


def back_svg(size: int = DEFAULT_SIZE, label: str | None = None, colour: str = "#1d4e89") -> str:
    """The back of a card: a lattice of small diamonds inside a white border."""
    label = say("card_back") if label is None else label
    diamonds = "".join(_place(SUIT_PATHS["D"], 20 + 15 * col, 20 + 16.7 * row, 5.5)
                       for row in range(7) for col in range(5))
    return (_svg_open(label, size)
            + f'<rect x="2" y="2" width="96" height="136" rx="9" fill="{colour}" '
              f'stroke="#666" stroke-width="1.5"/>'
            + '<rect x="9" y="9" width="82" height="122" rx="5" fill="none" stroke="#fff" '
              'stroke-width="3"/>'
            + f'<path d="{diamonds}" fill="#fff" fill-opacity="0.35"/></svg>')


def _as_card(card) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def spoken_name(card: Card) -> str:
    """The card's name, telling apart copies of one face (``joker, copy 2``)."""
    return card.name if card.copy == 1 else say("card_copy", name=card.name, copy=card.copy)


# A control is named by its content, never by an aria-label over drawn letters: the
# "7" drawn on a card is text a speech-input user sees, and a label "seven of spades"
# that does not contain it breaks WCAG 2.5.3 (label in name). So a card button's
# name is its picture's name, and a region (the stock, a meld) says its name in
# words only screen readers get, its picture hidden from them.
SPOKEN_ONLY = ("position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;"
               "clip:rect(0 0 0 0);white-space:nowrap;border:0")


def named_by_content(inner: str, name: str) -> str:
    """``inner`` (a picture) as a control's content named ``name``: the words for
    screen readers, the picture for the eyes."""
    return (f'<span style="{SPOKEN_ONLY}">{_esc(name)}</span>'
            f'<span aria-hidden="true" style="display:contents">{inner}</span>')


def card_key(card: Card) -> str:
    """The text that names a card in HTML attributes (``QH``, ``JK#2``)."""
    return card.text(ascii=True)


# --- rows of cards --------------------------------------------------------------------

def card_html(card: Card | str, size: int = DEFAULT_SIZE, four_colour: bool = False) -> str:
    """One card as inline HTML (what ``Card._repr_html_`` shows)."""
    return (f'<span class="rt-card" style="display:inline-block;line-height:0">'
            f'{card_svg(card, size=size, four_colour=four_colour)}</span>')


def cards_html(cards, size: int = DEFAULT_SIZE, four_colour: bool = False, fan: bool = False,
               selected: Iterable = (), label: str | None = None, interactive: bool = False,
               in_toolbar: bool = False) -> str:
    """A row of cards; ``fan=True`` overlaps them so each still shows its corner.

    ``cards`` is anything :func:`~rummy_teach.cards.parse_cards` reads. Cards in
    ``selected`` are drawn selected and raised a little. ``label`` names the row
    for screen readers. ``interactive=True`` makes each card a toggle button
    (``role="button"``, ``aria-pressed``, ``data-card``) and the row one toolbar
    (:func:`toolbar_html`: one tab stop, arrow keys inside) for a widget's script to
    hook into; the HTML itself still holds no script. ``in_toolbar=True`` draws an
    interactive row as a plain group, for a toolbar of several rows around it.
    """
    cards = parse_cards(cards)
    chosen = set(parse_cards(selected))
    overlap = round(size * 0.6) if fan else 0
    items = []
    for i, card in enumerate(cards):
        is_selected = card in chosen
        style = "display:inline-block;line-height:0"      # raised at once (board.hand_html)
        if i and overlap:
            style += f";margin-left:-{overlap}px"
        if is_selected:
            style += ";transform:translateY(-8px)"
        attributes = f'class="rt-card" style="{style}"'
        if interactive:
            # named by its picture ("eight of spades"): see named_by_content
            attributes += (f' role="button" {TOOLBAR_ITEM} data-card="{_esc(card_key(card))}" '
                           f'aria-pressed="{"true" if is_selected else "false"}"')
        items.append(f"<span {attributes}>"
                     f"{card_svg(card, size=size, four_colour=four_colour, selected=is_selected)}"
                     "</span>")
    gap = 0 if fan else max(2, size // 14)
    name = label if label is not None else (cards_text(cards) or "no cards")
    row_style = (f'display:flex;flex-wrap:{"nowrap" if fan else "wrap"};gap:{gap}px;'
                 f'padding-top:{8 if chosen or interactive else 0}px;align-items:flex-end')
    if interactive and not in_toolbar:
        return toolbar_html("".join(items), name, "cards", css_class="rt-cards", style=row_style)
    return (f'<div class="rt-cards" role="group" aria-label="{_esc(name)}" '
            f'style="{row_style}">{"".join(items)}</div>')


# --- one tab stop for a group of controls ---------------------------------------------------
# The WAI-ARIA Authoring Practices' toolbar pattern with a roving tabindex: the controls
# of a group (a hand of cards, the table's moves) are one stop of the Tab key, and the
# arrow keys, Home and End move among them (the script shared by the book's pages and
# the widget, widgets/roving.js). A card is a toggle button whose press acts at once (it
# selects the card for a meld or a discard, or in some widgets plays it), like the moves
# beside it, so hand and moves are toolbars of buttons (aria-pressed) rather than a
# listbox, whose options would be chosen and acted on elsewhere.

#: what a control of a toolbar carries; :func:`toolbar_html` makes the first one the tab stop
TOOLBAR_ITEM = 'tabindex="-1"'


def _first_stop(inner: str) -> str:
    """``inner`` with its first control that may be used (else its first control: a greyed
    one, which says why) made the tab stop."""
    # found by the marker itself, not by reading every tag: a meld checker's 56 card
    # pictures hold thousands of tags, and reading them all was a third of a click's Python
    first = chosen = None
    at = inner.find(TOOLBAR_ITEM)
    while at != -1:
        start, end = inner.rfind("<", 0, at), inner.find(">", at) + 1
        first = first or (start, end)
        if 'aria-disabled="true"' not in inner[start:end]:
            chosen = (start, end)
            break
        at = inner.find(TOOLBAR_ITEM, end)
    start, end = chosen or first or (None, None)
    if start is None:
        return inner
    return inner[:start] + inner[start:end].replace(TOOLBAR_ITEM, 'tabindex="0"', 1) + inner[end:]


def toolbar_html(inner: str, label: str, name: str, css_class: str = "", style: str = "",
                 focus_next: bool = False) -> str:
    """``inner`` (controls marked :data:`TOOLBAR_ITEM`) as one toolbar named ``label``
    for screen readers and ``name`` for the script (``data-roving``, which remembers its
    last focused control across redraws): its first control is the tab stop, the others
    are reached with the arrow keys. ``focus_next`` marks it (``data-focus-next``) as where
    the learner's next step lies: the script puts the focus there when the control just
    pressed is gone or greyed (after Draw, the hand; after a discard, the moves)."""
    inner = _first_stop(inner)
    classes = f' class="{_esc(css_class)}"' if css_class else ""
    styled = f' style="{style}"' if style else ""
    marked = " data-focus-next" if focus_next else ""
    return (f'<div{classes} role="toolbar" data-roving="{_esc(name)}" aria-label="{_esc(label)}"'
            f'{marked}{styled}>{inner}</div>')


def backs_html(count: int, size: int = DEFAULT_SIZE, label: str | None = None,
               show_count: bool = True, limit: int = 12) -> str:
    """``count`` face-down cards as a tight fan, with the count written beside it.

    At most ``limit`` backs are drawn; the written count is always the true one.
    """
    shown = min(count, limit)
    overlap = round(size * 0.8)
    backs = "".join(f'<span style="display:inline-block;line-height:0'
                    f'{f";margin-left:-{overlap}px" if i else ""}">'
                    f'{back_svg(size, label="")}</span>' for i in range(shown))
    words = say("backs", count=count)
    name = label if label is not None else words
    count_text = (f'<span style="margin-left:6px;font-weight:700">{count}</span>'
                  if show_count else "")
    return (f'<div class="rt-backs" role="img" aria-label="{_esc(name)}" '
            f'style="display:flex;align-items:center">{backs}{count_text}</div>')


# --- melds and arrangements -------------------------------------------------------------

def kind_word(kind: str) -> str:
    """A meld's kind ("set", "run") in the words of the catalogue in use."""
    return say(f"meld_kind_{kind}") if kind in ("set", "run", "meld") else str(kind)


def suit_word(suit: str | None) -> str:
    """A suit's name in the plural ("spades"), or "jokers" for the jokers' row."""
    return say(f"suit_{suit}") if suit in ("S", "H", "D", "C") else say("card_jokers")


def _box(inner: str, caption: str, border: str = "#999") -> str:
    return (f'<figure class="rt-meld" style="margin:0;padding:4px 6px 2px;border:1px solid {border};'
            f'border-radius:6px;display:inline-block">{inner}'
            f'<figcaption style="font:600 13px/1.4 {FONT};text-align:center">{_esc(caption)}'
            f'</figcaption></figure>')


def meld_html(meld, size: int = DEFAULT_SIZE, four_colour: bool = False,
              caption: str | None = None) -> str:
    """A meld (a :class:`~rummy_teach.melds.Meld`, or plain cards) as a fanned row with a caption.

    The default caption is the meld's kind and cards: ``run: 4♥ 5♥ 6♥ 7♥``.
    """
    cards = parse_cards(getattr(meld, "cards", meld))
    kind = getattr(meld, "kind", None)
    if caption is None:
        caption = say("meld_caption", kind=kind_word(kind), cards=cards_text(cards)) if kind else cards_text(cards)
    row = cards_html(cards, size=size, four_colour=four_colour, fan=True, label=caption)
    return _box(row, caption)


def arrangement_html(arrangement, size: int = DEFAULT_SIZE, four_colour: bool = False) -> str:
    """An :class:`~rummy_teach.solver.Arrangement`: its melds side by side, then the deadwood
    with the points it counts (and the melds' points where the game scores them)."""
    melds = "".join(meld_html(m, size=size, four_colour=four_colour) for m in arrangement.melds)
    if not melds:
        melds = f'<p style="font:14px {FONT}">{_esc(say("arrangement_no_melds"))}</p>'
    dead = arrangement.deadwood
    points = arrangement.deadwood_points
    dead_caption = say("arrangement_deadwood", points=points)
    dead_row = (cards_html(dead, size=size, four_colour=four_colour, fan=True, label=dead_caption)
                if dead else f'<p style="font:14px {FONT}">{_esc(say("arrangement_no_deadwood"))}</p>')
    summary = ""
    if arrangement.meld_points:
        words = say("arrangement_summary", melded=arrangement.meld_points, deadwood=points,
                    score=Signed(arrangement.score))
        summary = f'<p style="font:14px {FONT};margin:4px 0">{_esc(words)}</p>'

    return (f'<div class="rt-arrangement" role="group" aria-label="{_esc(arrangement_label(arrangement))}">'
            f'<div style="display:flex;flex-wrap:wrap;gap:10px;align-items:flex-end">{melds}'
            f'{_box(dead_row, dead_caption, border="#c66")}</div>{summary}</div>')


def arrangement_label(arrangement) -> str:
    """An arrangement in words for a screen reader, in the language in use (its
    ``text()`` is the English notation)."""
    melds = " | ".join(m.text() for m in arrangement.melds)
    if not arrangement.deadwood:
        return say("arrangement_label_no_deadwood", melds=melds)
    code = "arrangement_label" if melds else "arrangement_label_no_melds"
    return say(code, melds=melds, cards=cards_text(arrangement.deadwood), points=arrangement.deadwood_points)


def meld_check_html(check, size: int = DEFAULT_SIZE, four_colour: bool = False) -> str:
    """The verdict of :func:`~rummy_teach.melds.check_meld`: a headline, the reasons, the cards.

    The headline says the verdict in words as well as with a mark and a colour.
    """
    if check.ok:
        headline = (say("verdict_legal", kind=kind_word(check.kind)) if check.points is None else
                    say("verdict_legal_points", kind=kind_word(check.kind), points=check.points))
        colour, cards = "#137333", check.meld.cards
    else:
        headline, colour, cards = say("verdict_not_meld"), "#b3261e", check.cards  # as the learner chose
    reasons = "".join(f"<li>{_esc(reason.text())}</li>" for reason in check.reasons)
    row = (cards_html(cards, size=size, four_colour=four_colour, label=cards_text(cards))
           if cards else "")
    return (f'<div class="rt-verdict" role="status" style="font:15px/1.45 {FONT}">'
            f'<p style="margin:0 0 4px;font-weight:700;color:{colour}">{_esc(headline)}</p>'
            f'<ul style="margin:0 0 6px;padding-left:1.3em">{reasons}</ul>{row}</div>')


# --- the table seen from one seat -------------------------------------------------------

#: The card table's style sheet for narrow screens: the book loads it (book/_static/rummy.css
#: holds the same text, tests/test_table_layout.py checks) and so do the widgets in JupyterLab
#: and Voilà (widgets/base.py). The table's HTML carries inline styles that read well
#: anywhere, even where no style sheet of ours is loaded; on a table narrower than 560 px (a
#: phone, a narrow notebook column) these rules make it compact enough that the opponents,
#: the stock and pile, the whole hand and the moves fit one phone screen: smaller type and
#: padding, each computer on one line beside its smaller backs, the melds' cards overlapping
#: (each still shows its corner), the scores only in the seats,
#: the log's last line (the live region says each move as it happens); a worked
#: example's Back and Next stay at the top of the screen (under the book's header) while
#: the reader scrolls down to the hand, so they are on screen with it. At any width the
#: table's tools and the coach's buttons share rows (one flow of buttons). They ask the
#: table's own width (a container query), not the window's, so a narrow column of JupyterLab
#: gets them too; ``!important`` lets them win over the inline styles they adjust.
# (A container takes no width from its content, so only elements that fill their row are
# made containers: a widget of clickable cards that holds no table is left alone, as it may
# sit in an HBox.)
TABLE_CSS = """\
.rt-play, .rt-clickable:has(.rt-table), .rt-card-table, .rt-stepper, .rt-table {
  container: rt-table / inline-size; }
.rt-card-table { display: flex; flex-wrap: wrap; align-items: flex-start; }
.rt-card-table > * { flex: 1 1 100%; min-width: 0; }
.rt-card-table > .rt-tools, .rt-card-table > .rt-coach-buttons { display: contents !important; }
.rt-off { position: relative; display: inline-flex; }
.rt-off > .rt-why { position: absolute; left: 0; top: calc(100% + 2px); z-index: 5;
  width: max-content; max-width: min(20em, 86vw); padding: 4px 8px; border-radius: 4px;
  background: #1b1b1b; color: #fff; font: 13px/1.35 system-ui, sans-serif; text-align: left;
  white-space: normal; pointer-events: none; box-shadow: 0 2px 6px rgba(0,0,0,.3); }
.rt-off > button:is(:hover, :focus-visible) + .rt-why { display: block !important; }
.rt-off > label:is(:hover, :focus-within) + .rt-why { display: block !important; }
@container rt-table (max-width: 560px) {
  .rt-table { padding: 6px 6px 8px !important; font-size: 15px !important; }
  .rt-table .rt-title { font-size: 17px !important; }
  .rt-table .rt-facts { font-size: 13px; }
  .rt-table .rt-scores { display: none; }
  .rt-table .rt-turn { font-size: 15px !important; margin: 2px 0 !important; line-height: 1.3; }
  .rt-table .rt-seat { padding: 3px 5px !important; }
  .rt-table .rt-seat-title { font-size: 13px; line-height: 1.3; margin-bottom: 2px !important; }
  .rt-table .rt-other .rt-seat-title { flex: 1 1 0; min-width: 8em; }
  .rt-table .rt-other .rt-backs, .rt-table .rt-centre .rt-backs { zoom: 0.7; }
  .rt-table .rt-pile-top > :last-child { zoom: 0.8; }
  .rt-table .rt-melds { gap: 4px !important; }
  .rt-table .rt-meld .rt-cards { gap: 0 !important; }
  .rt-table .rt-meld .rt-card + .rt-card { margin-left: -14px; }
  .rt-table .rt-centre { column-gap: 14px !important; padding: 4px 6px !important;
                         margin: 4px 0 !important; font-size: 13px; line-height: 1.3; }
  .rt-table .rt-piles { column-gap: 14px !important; }
  .rt-table .rt-log { font-size: 13px !important; line-height: 1.3; list-style: none;
                      padding-left: 0 !important; margin-top: 2px !important; }
  .rt-table .rt-log > li:nth-last-child(n+2) { display: none; }
  .rt-table .rt-result { display: none; }
  .rt-table:not(.rt-over) .rt-other .rt-count { display: none; }
  .rt-table .rt-buy { display: none !important; }   /* the status line asks the same */
  .rt-table .rt-other .rt-backs > span:nth-child(n+4):not(:last-child) { display: none !important; }
  .rt-table.rt-over :is(.rt-in-play, .rt-turn) { display: none !important; }
  .rt-card-table .rt-table.rt-over .rt-other .rt-hand { zoom: 0.75; padding: 0 20px 0 0 !important; }
  .rt-card-table .rt-table.rt-over .rt-other .rt-hand > .rt-card { flex: 0 0 16px !important; }
  .rt-table.rt-over .rt-other .rt-seat-title { flex: 1 1 100%; }
  .rt-table.rt-over .rt-other > div:has(> .rt-hand) { flex: 0 0 auto !important; }
  .rt-table.rt-over .rt-other .rt-melds { flex: 1 1 0 !important; min-width: 0; zoom: 0.75; margin: 0 !important; }
  .rt-table.rt-over :is(.rt-own .rt-melds, .rt-own .rt-hand) { zoom: 0.75; }
  .rt-table.rt-over .rt-meld figcaption, .rt-table.rt-over .rt-centre .rt-backs { display: none !important; }
  .rt-table.rt-over .rt-other .rt-meld .rt-card + .rt-card { margin-left: -22px; }
  .rt-table.rt-over .rt-pile > [role=group] { padding-right: 24px !important; }
  .rt-table.rt-over .rt-pile > [role=group] > * { flex: 0 0 14px !important; zoom: 0.75; }
  .rt-card-table:has(> .rt-table.rt-over) > .rt-buttons { flex: 0 1 auto; }
  .rt-table.rt-over .rt-centre :is(.rt-backs, .rt-pile-top > :last-child) { zoom: 0.55; }
  .rt-table .rt-result { font-size: 13px; line-height: 1.3; padding: 4px 8px !important;
                        margin: 4px 0 !important; }
  .rt-card-table button, .rt-stepper button { font-size: 14px !important; min-height: 34px !important;
                                              padding: 2px 8px !important; margin: 1px 3px 1px 0 !important; }
  .rt-stepper .rt-controls { position: sticky; top: var(--pst-header-height, 0px); z-index: 1;
                            background: var(--pst-color-background, var(--jp-layout-color0, #fff));
                            padding: 2px 0; }
  .rt-stepper .rt-caption { font-size: 14px !important; line-height: 1.35 !important; margin: 4px 0 !important; }
}
"""


def gallery_html(cards=None, size: int = DEFAULT_SIZE, four_colour: bool = False) -> str:
    """Every card of a deck (by default 52 cards and a joker) and a back, suit by suit."""
    if cards is None:
        cards = [Card(rank, suit) for suit in "SHDC" for rank in range(1, 14)] + [Card.joker()]
    cards = parse_cards(cards)
    rows = []
    for suit in ("S", "H", "D", "C", None):
        row = [c for c in cards if c.suit == suit]
        if row:
            rows.append(cards_html(row, size=size, four_colour=four_colour,
                                   label=suit_word(suit)))
    rows.append(f'<div style="line-height:0">{back_svg(size)}</div>')
    return f'<div class="rt-gallery" style="display:grid;gap:6px">{"".join(rows)}</div>'
