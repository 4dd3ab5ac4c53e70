"""The card table drawn from one seat, as HTML: pure functions.

:func:`board_html` draws a table's view (:func:`rummy_teach.game.view.board_view`: what
the table shows from ``game.view(seat)``, plus, for worked examples only, the hands they
choose to show face up) with :mod:`rummy_teach.render`'s cards, marking what a learner may click
(``data-card`` on the seat's cards, ``data-click`` on the stock, the discard pile and
the melds) for :class:`~rummy_teach.widgets.base.ClickableHTML`.
The log's lines come from the one narrator, :mod:`rummy_teach.game.narrate`.
Nothing here imports a widget library: the widgets, their controllers
(:mod:`rummy_teach.play`) and the lessons draw tables with it.
"""

from __future__ import annotations

import html
from functools import lru_cache

from .. import render
from ..cards import Card, cards_text, parse_cards
from ..contracts import Contract
from ..errors import UsageError
from ..game.narrate import describe_move, ending_words, face as card_face, faces_text, hand_over_line  # noqa: F401
from ..i18n import number_text
from ..plural import Signed
from ..reasons import Player, catalogue_key, say, seated

FONT = render.FONT
LOG_LINES = 6     # the log's last lines, shown under the table
LOG_KEPT = 40     # and the ones before them, kept hidden: everything one move of the learner's
                  # can add (the computers' turns until the learner's next), so that the
                  # live region can say all of it (the announcer in bookplay.js and widgets/base.py)


# --- the board as HTML (pure) --------------------------------------------------------------
# Drawing a card face or a back costs about 2 ms of path arithmetic; a table redraw
# after each click would redraw some 40 of them. The renderer's functions are pure,
# so their results are kept (a few hundred distinct pictures per game at most).

def _card_svg(card: Card, size: int, four_colour: bool, selected: bool) -> str:
    # a card's picture holds its spoken name: the language in use is part of the key
    return _card_svg_in(card, size, four_colour, selected, catalogue_key())


@lru_cache(maxsize=4096)
def _card_svg_in(card: Card, size: int, four_colour: bool, selected: bool, _language: int) -> str:
    return render.card_svg(card, size=size, four_colour=four_colour, selected=selected)


@lru_cache(maxsize=512)
def _backs(count: int, size: int, label: str, limit: int = 12) -> str:
    return render.backs_html(count, size=size, label=label, limit=limit)


def _row(cards: tuple, size: int, four_colour: bool, fan: bool, label: str) -> str:
    return _row_in(cards, size, four_colour, fan, label, catalogue_key())


@lru_cache(maxsize=2048)
def _row_in(cards: tuple, size: int, four_colour: bool, fan: bool, label: str, _language: int) -> str:
    return render.cards_html(cards, size=size, four_colour=four_colour, fan=fan, label=label)


#: the narrowest strip of a card a hand shows when its cards overlap: a tap there still
#: lands on that card (WCAG 2.2 AA asks targets of 24 CSS pixels, 2.5.8)
STRIP = 24


def hand_html(cards, selected=(), size: int = 60, four_colour: bool = False,
              interactive: bool = False, label: str | None = None, focus_next: bool = False) -> str:
    """A hand as :func:`rummy_teach.render.cards_html` draws it (same markup: the cards
    are toggle buttons with ``data-card`` in one toolbar named "hand" when ``interactive``),
    from cached pictures.

    The cards overlap as much as the room asks and no more, like a hand held in a fan:
    each card's box starts :data:`STRIP` pixels wide and grows to the whole card (and a
    little gap) when the row has room, so a phone shows 12 cards in one row, each with a
    strip at least :data:`STRIP` wide that a tap reaches, and a wide screen shows them
    side by side. The picture overflows its box to the right, under the next card (every
    card is positioned, so a raised, selected card stays under its right neighbour); the
    row's right padding keeps the last card's overflow inside it. Only a hand too long
    for one row at :data:`STRIP` per card wraps onto a second row."""
    label = say("hand_label") if label is None else label
    cards = parse_cards(cards)
    chosen = set(parse_cards(selected))
    gap = max(2, size // 14)
    items = []
    for card in cards:
        on = card in chosen
        # a selected card is raised at once, not in a transition: on a slow device the
        # animation's frames were half the CPU of a click (issue 27, docs/benchmarks.md)
        style = (f"display:block;position:relative;line-height:0;flex:1 1 {STRIP}px;min-width:0;"
                 f"max-width:{size + gap}px"
                 + (";transform:translateY(-8px)" if on else ""))
        attributes = f'class="rt-card" style="{style}"'
        if interactive:
            key = card.text(ascii=True)
            attributes += (f' role="button" {render.TOOLBAR_ITEM} data-card="{_esc(key)}" '
                           f'aria-pressed="{"true" if on else "false"}"')  # named by its picture
        items.append(f"<span {attributes}>{_card_svg(card, size, four_colour, on)}</span>")
    style = (f"display:flex;flex-wrap:wrap;padding:8px {max(0, size - STRIP)}px 0 0;"
             "align-items:flex-end")
    if interactive:     # one tab stop, arrow keys inside (render.toolbar_html)
        return render.toolbar_html("".join(items), label, "hand", css_class="rt-cards rt-hand",
                                   style=style, focus_next=focus_next)
    return (f'<div class="rt-cards rt-hand" role="group" aria-label="{_esc(label)}" style="{style}">'
            f'{"".join(items)}</div>')


def _esc(text) -> str:
    return html.escape(str(text), quote=True)


def _cards(count: int) -> str:
    """"1 card", "5 cards"."""
    return say("board_cards", count=count)


def _buys_left(count: int) -> str:
    """"2 buys left", "1 buy left", "no buys left" (a game with buying)."""
    return say("board_buys_left", count=count) if count else say("board_no_buys_left")


def _say_bold(code: str, bold: str, value, **params) -> str:
    """The catalogue's sentence for ``code`` as HTML, its ``bold`` parameter in <b>
    (a number written as the language writes it)."""
    before, _, after = say(code, **params, **{bold: "\x00"}).partition("\x00")
    return f"{_esc(before)}<b>{_esc(number_text(value))}</b>{_esc(after)}"






def _clickable(inner: str, value: str, label: str, interactive: bool, extra_style: str = "",
               in_toolbar: bool = False) -> str:
    if not interactive:
        return f'<div style="display:inline-block;{extra_style}">{inner}</div>'
    stop = render.TOOLBAR_ITEM if in_toolbar else 'tabindex="0"'
    return (f'<div role="button" {stop} data-click="{_esc(value)}" '
            f'style="display:inline-block;position:relative;{extra_style}">'
            f'{render.named_by_content(inner, label)}</div>')


def _meld_box(meld, owner: Player, fits, size, four_colour, interactive) -> str:
    cards = parse_cards(meld["cards"])
    kind = render.kind_word(meld["kind"])
    caption = say("board_meld_caption", number=meld["number"], kind=kind)
    row = _row(cards, size, four_colour, len(cards) > 5,
               say("board_meld_row", number=meld["number"], kind=kind, cards=cards_text(cards)))
    border = "3px solid #ffd24d" if fits else "1px solid #999"
    badge = (' <span style="background:#ffd24d;color:#111;border-radius:4px;padding:0 4px">'
             f'{_esc(say("board_fits_badge"))}</span>' if fits else "")
    inner = (f'<figure class="rt-meld{" rt-fits" if fits else ""}" style="margin:0;padding:3px 5px 1px;'
             f'border:{border};border-radius:6px;background:#fff;color:#111">{row}'
             f'<figcaption style="font:600 13px/1.4 {FONT};text-align:center">{_esc(caption)}{badge}'
             f'</figcaption></figure>')
    label = say("board_meld_label_fits" if fits else "board_meld_label", number=meld["number"],
                owner=owner, cards=cards_text(cards))
    return _clickable(inner, f"meld:{meld['number']}", label, interactive)


def status_line(board) -> str:
    """What the table waits for now, in words: whose turn, what to do, or how it ended."""
    names, seat, phase = board["names"], board["seat"], board["phase"]
    players = seated(names, seat)
    if board["game_over"]:
        winners = [players[w] for w in board["winners"]]
        you = any(w.you for w in winners)
        code = "status_game_over_win" if len(winners) > 1 else "status_game_over_wins"
        return say(code, winners=Player(_joined(winners), you),
                   others=_joined([w for w in winners if not w.you]))
    if phase == "hand_over":
        return say("status_hand_over")
    to_move = board["to_move"]
    if to_move is None:
        return ""
    if phase == "buy":
        offer = board["buy_offer"]
        who = names[offer["asked"]]
        card = card_face(offer["card"])
        if offer["asked"] == seat:
            return say("status_buy_you", card=card)
        return say("status_buy_other", who=who, card=card)
    if to_move != seat:
        return say("status_to_play", who=names[to_move])
    if phase == "draw":
        return say("status_draw")
    if board["must_use"]:
        return say("status_must_use", card=card_face(board["must_use"]))
    return say("status_play")


def plays_from_hand(board) -> bool:
    """Whether the seat's next step is in its hand: its turn, drawn, a card to meld or
    discard (the page's script then moves the focus to the hand after a draw)."""
    return board["to_move"] == board["seat"] and board["phase"] == "play" and not board["game_over"]


def _joined(players) -> str:
    """"Computer 1 and Computer 2": players named one after the other."""
    if not players:
        return ""
    words = str(players[0])
    for other in players[1:]:
        words = say("status_winners_joined", first=words, second=other)
    return words


def _result_html(board) -> str:
    result, names = board["result"], board["names"]
    if not result:
        return ""
    if result["ending"] == "went out":
        how = say("result_went_out_rummy" if result["rummy"] else "result_went_out",
                  who=seated(names, board["seat"])[result["went_out"]])
    else:
        words = ending_words(result["ending"])
        how = say("result_ended", how=words[:1].upper() + words[1:])
    rows = []
    for p, name in enumerate(names):
        left = parse_cards(result["deadwood"][p])
        melded = say("result_melded", points=result["melded"][p]) if result["melded"] else ""
        row = _say_bold("result_row", "score", Signed(result["scores"][p]), name=name,
                        melded=melded, left=faces_text(left) or say("result_nothing_left"),
                        points=result["deadwood_points"][p])
        rows.append(f"<li>{row}</li>")
    return (f'<div class="rt-result" role="status" style="background:#fff8d6;color:#111;'
            f'border-radius:8px;padding:6px 10px;margin:8px 0"><b>{_esc(how)}</b>'
            f'<ul style="margin:4px 0 0;padding-left:1.2em">{"".join(rows)}</ul></div>')


def board_html(board: dict, size: int = 60, four_colour: bool = False, interactive: bool = False,
               message: str = "", log=()) -> str:
    """The table of :func:`~rummy_teach.game.view.board_view` as HTML. ``interactive`` marks the seat's cards
    (``data-card``), the stock (``data-click="stock"``), the discard pile (``take:N``)
    and the melds (``meld:N``) for :class:`~rummy_teach.widgets.base.ClickableHTML`."""
    names, seat = board["names"], board["seat"]
    # a hand that is over (every hand face up): no card to pick, nothing to take from the
    # stock or the pile, no meld to lay off on; a narrow screen draws it tighter (TABLE_CSS)
    over = " rt-over" if board["phase"] in ("hand_over", "game_over") else ""
    live = interactive and not over
    players = seated(names, seat)       # the one at the seat is the reader: "your meld 1"
    small, meld_size = round(size * 0.62), round(size * 0.72)
    facts = []
    if board.get("deal") is not None:   # the page's script makes it a link to the deal
        number = board["deal"]
        facts.append(f'<span class="rt-deal" data-deal="{_esc(number)}" title="{_esc(say("board_deal_tip"))}">'
                     f'{_esc(say("board_deal_number", number=number))}</span>')
    if board["hand_number"] is not None:
        facts.append(_esc(say("board_hand_number", number=board["hand_number"])))
    if board["contract"]:
        facts.append(_esc(say("board_contract", contract=Contract.parse(board["contract"]).words())))
    scored = [(p, pl) for p, pl in enumerate(board["players"]) if pl["score"] is not None]
    facts = " · ".join(facts)
    if scored:      # a narrow table leaves them out of its header: each seat says its own
        scores = _esc(say("board_scores", scores=", ".join(
            say("board_score_item", name=players[p], score=pl["score"]) for p, pl in scored)))
        facts += f'<span class="rt-scores">{" · " if facts else ""}{scores}</span>'
    header = (f'<div class="rt-header" style="display:flex;justify-content:space-between;flex-wrap:wrap;'
              f'column-gap:8px"><b class="rt-title" style="font-size:19px">{_esc(board["title"])}</b>'
              f'<span class="rt-facts">{facts}</span></div>')
    if board.get("constructed"):     # a simplified illustration says so, above everything
        header += (f'<p class="rt-constructed" style="margin:4px 0;font-style:italic;color:#ffe9a8">'
                   f'{_esc(say("position_constructed"))}</p>')
    status = f'<p class="rt-turn" style="margin:4px 0;font-size:17px;font-weight:700;color:#ffd24d">{_esc(status_line(board))}</p>'

    def seat_box(p, pl, own):
        # (rt-in-play: what matters only while the hand goes on; a narrow table that is over
        # leaves it out, its melds and cards face up say as much)
        to_play = board["to_move"] == p and board["phase"] not in ("hand_over", "game_over")
        mine = own and pl["name"] != say("seat_you")
        title = _esc(say("board_seat_you", name=pl["name"]) if mine else pl["name"])
        title += f' <span style="color:#ffd24d">{_esc(say("board_to_play"))}</span>' if to_play else ""
        # (rt-count: a narrow table leaves it out beside backs that are counted already)
        title += f' <span class="rt-count">· {_esc(_cards(pl["count"]))}</span>'
        if pl.get("left_points") is not None:      # the hand is over: the engine's count
            title += f' · {_esc(say("board_seat_left_points", points=pl["left_points"]))}'
        title += f' · {_esc(say("board_seat_score", score=pl["score"]))}' if pl["score"] is not None else ""
        if board["contract"] and pl["contract_down"] is not None:
            down = "board_contract_down" if pl["contract_down"] else "board_contract_not_down"
            title += f' <span class="rt-in-play">· {_esc(say(down))}</span>'
        if pl.get("buys_left") is not None:
            title += (f' <span class="rt-in-play">· <span class="rt-buys">'
                      f'{_esc(_buys_left(pl["buys_left"]))}</span></span>')
        melds = "".join(_meld_box(m, players[p], m["number"] in board["fits"], meld_size,
                                  four_colour, live) for m in pl["melds"])
        melds_html = (f'<div class="rt-melds" style="display:flex;flex-wrap:wrap;gap:6px;margin:4px 0;'
                      f'flex:1 1 100%">{melds}</div>') if melds else ""
        if pl["hand"] is None:
            hand_part = _backs(pl["count"], small, say("board_hand_backs", name=pl["name"],
                                                       count=pl["count"]))
        elif own:
            hand_part = hand_html(pl["hand"], board["selected"], size, four_colour, live,
                                  say("board_hand_yours", count=len(pl["hand"])),
                                  focus_next=plays_from_hand(board))
            if board["groups"]:
                gathered = " | ".join(faces_text(g) for g in board["groups"])
                hand_part += (f'<p style="margin:2px 0">'
                              f'{_esc(say("board_gathered", melds=gathered))}</p>')
        else:
            # beside the seat's name where the row has room, else on a row of its own
            hand_part = (f'<div style="flex:1 1 auto;min-width:0">'
                         f'{hand_html(pl["hand"], (), meld_size, four_colour, False, say("board_hand_face_up", name=pl["name"]))}'
                         f'</div>')
        border = "3px solid #ffd24d" if to_play else "1px solid rgba(255,255,255,.5)"
        # a computer's seat is one line where the room allows: its name, then its backs
        layout = "" if own else "display:flex;flex-wrap:wrap;align-items:center;column-gap:10px;"
        return (f'<div class="rt-seat {"rt-own" if own else "rt-other"}" role="group" '
                f'aria-label="{_esc(pl["name"])}" '
                f'style="border:{border};border-radius:8px;padding:6px 8px;flex:1 1 300px;{layout}">'
                f'<div class="rt-seat-title" style="font-weight:700;margin-bottom:4px">{title}</div>'
                f'{melds_html if own else ""}{hand_part}{"" if own else melds_html}</div>')

    others = "".join(seat_box(p, pl, False) for p, pl in enumerate(board["players"]) if p != seat)
    own = seat_box(seat, board["players"][seat], True) if seat is not None else ""

    stock = board["stock"]
    empty = f'<p style="margin:0">{_esc(say("board_empty"))}</p>'
    stock_pic = _backs(stock, size, say("board_stock_backs", count=stock), 3) if stock else empty
    stock_html = _clickable(stock_pic, "stock", say("board_stock_click", count=stock), live,
                            in_toolbar=True)
    pile = parse_cards(board["discard"])
    if not pile:
        pile_html = empty
    elif board["fanned"]:
        # a fan like the hand's (hand_html): each card a strip of STRIP pixels or more,
        # the pile wrapping onto a second row only when one row cannot hold it
        shown = size - round(size * 0.55)
        items = []
        for i, card in enumerate(pile):
            depth = len(pile) - i
            pic = _card_svg(card, size, four_colour, False)
            style = (f"line-height:0;position:relative;flex:1 1 {STRIP}px;min-width:0;"
                     f"max-width:{max(shown, STRIP)}px")
            label = (say("board_take_deep", card=card.the_name, depth=depth) if depth > 1
                     else say("board_take_top", card=card.the_name))
            items.append(_clickable(pic, f"take:{depth}", label, live, style, in_toolbar=True))
        fan = say("board_pile_fan", cards=cards_text(pile))
        pile_html = (f'<div role="group" aria-label="{_esc(fan)}" style="display:flex;flex-wrap:wrap;'
                     f'row-gap:4px;align-items:flex-end;padding-right:{max(0, size - STRIP)}px">'
                     f'{"".join(items)}</div>')
    else:
        pic = _row(pile[-1:], size, four_colour, False, say("board_pile_top", card=pile[-1].the_name))
        pile_html = _clickable(pic, "take:1", say("board_pile_top_click", card=pile[-1].the_name),
                               live, in_toolbar=True)
    offer = ""
    if board["buy_offer"]:
        card = card_face(board["buy_offer"]["card"])
        offer = (f'<div class="rt-buy" role="status" style="align-self:center;background:#fff8d6;color:#111;'
                 f'border-radius:8px;padding:6px 10px">'
                 f'{_say_bold("board_buy_offer", "card", card, who=players[board["buy_offer"]["asked"]])}'
                 f'</div>')
    pile_heading = "board_pile_heading_fanned" if board["fanned"] else "board_pile_heading"
    # each pile a column that may shrink (its heading then wraps): stock and pile share a
    # row on a phone; a fanned pile takes the rest of the row
    piles = (f'<div class="rt-pile" style="flex:0 1 auto;min-width:0">'
             f'<b>{_esc(say("board_stock_heading", cards=_cards(stock)))}</b><br>{stock_html}</div>'
             f'<div class="rt-pile{"" if board["fanned"] else " rt-pile-top"}" '
             f'style="flex:{"1 1 0" if board["fanned"] else "0 1 auto"};min-width:0">'
             f'<b>{_esc(say(pile_heading, cards=_cards(board["discard_size"])))}</b><br>'
             f'{pile_html}</div>')
    if live:     # the stock and the pile's cards: one tab stop, arrow keys inside
        piles = render.toolbar_html(piles, say("board_piles_label"), "piles", css_class="rt-piles",
                                    style="display:flex;column-gap:28px;flex:1 1 auto;min-width:0")
    centre = (f'<div class="rt-centre" style="display:flex;column-gap:28px;row-gap:6px;flex-wrap:wrap;'
              f'margin:8px 0;padding:8px;border-radius:8px;background:rgba(0,0,0,.18)">{piles}{offer}</div>')
    alert = (f'<div class="rt-message" role="alert" style="background:#fde7e9;color:#8c1d18;'
             f'border-radius:8px;padding:6px 10px;margin-top:6px;font-weight:600">{_esc(message)}</div>'
             if message else '<div class="rt-message" role="alert"></div>')
    lines = list(log)[-LOG_KEPT:]
    hidden = len(lines) - LOG_LINES      # the kept lines before the shown ones
    log_html = (f'<ol class="rt-log" aria-label="{_esc(say("board_log_label"))}" start="{len(log) - len(lines) + 1}" '
                f'style="margin:6px 0 0;padding-left:2em;font-size:15px;color:#e8f5ec">'
                + "".join(f"<li{' hidden' if n < hidden else ''}>{_esc(line)}</li>"
                          for n, line in enumerate(lines)) + "</ol>") if lines else ""
    label = say("board_seen_by", title=board["title"], name=players[seat]) if seat is not None \
        else board["title"]
    return (f'<section class="rt-table{over}" aria-label="{_esc(label)}" '
            f'style="font:16px/1.4 {FONT};background:#0b5d36;color:#fff;padding:10px 12px;'
            f'border-radius:12px">{header}{status}'
            f'<div style="display:flex;flex-wrap:wrap;gap:8px">{others}</div>{centre}'
            f'{_result_html(board)}{own}{alert}{log_html}</section>')


# --- a table written by hand ----------------------------------------------------------

TABLE_KEYS = {"title", "seat", "players", "turn", "stock", "discard", "discard_fanned",
              "contract", "hand_number", "message"}
PLAYER_KEYS = {"name", "hand", "hand_count", "melds", "score", "buys_left"}


def table_html(view: dict, size: int = 56, four_colour: bool = False) -> str:
    """A snapshot of a card table as one seat sees it, from a plain dict.

    The dict (only ``players`` is required)::

        {
          "title": "Basic Rummy",            # the game, shown as a heading
          "seat": "Ann",                     # whose view this is: her hand is face up
          "players": [                       # in seating order
            {"name": "Ann",
             "hand": "8S 8H 8D 4H 5H",       # cards shown face up (the viewer's own), or
             "hand_count": 7,                # a count of face-down cards (everyone else's)
             "melds": ["QS QH QD", ...],     # melds in front of this player (Meld, cards or text)
             "score": 12,                    # running score, optional
             "buys_left": 2},                # buys left this hand, only in a game with buying
            ...],
          "turn": "Ann",                     # name or index of the player to move
          "stock": 31,                       # cards left in the stock
          "discard": "KC 5H",                # discard pile, bottom to top
          "discard_fanned": False,           # True: every discard shows (Rummy 500)
          "contract": "two sets of 3",       # Contract Rummy: this hand's contract
          "hand_number": 1,                  # which hand (deal) of the game
          "message": "Ann drew from the stock."  # one line of news
        }

    Cards may be given as text or as :class:`~rummy_teach.cards.Card` values. An
    unknown key is an error, so a mismatch with the caller shows at once. The table
    is drawn by the one table renderer, :func:`board_html` (the card
    table widget's and the worked examples' too).
    """
    _check_keys(view, TABLE_KEYS, "table view")
    players = view.get("players")
    if not players:
        raise UsageError("a table view needs a non-empty 'players' list")
    for player in players:
        _check_keys(player, PLAYER_KEYS, f"player {player.get('name', '?')!r}")
    names = [str(p.get("name", say("seat_player_numbered", number=i + 1))) for i, p in enumerate(players)]
    turn = view.get("turn")
    turn_index = turn if isinstance(turn, int) else (names.index(turn) if turn in names else None)
    if turn is not None and turn_index is None:
        raise UsageError(f"turn {turn!r} names no player; players are {', '.join(names)}")
    seat = view.get("seat")
    if seat is not None and seat not in names:
        raise UsageError(f"seat {seat!r} names no player; players are {', '.join(names)}")

    seat_index = names.index(seat) if seat is not None else None
    number, seats = 0, []
    for i, player in enumerate(players):
        melds = []
        for meld in player.get("melds") or ():
            number += 1
            cards = parse_cards(getattr(meld, "cards", meld))
            melds.append({"number": number, "kind": getattr(meld, "kind", "meld"),
                          "cards": cards_text(cards, ascii=True)})
        hand = ([c.text(ascii=True) for c in parse_cards(player["hand"])] if "hand" in player
                else None)
        seats.append({"name": names[i], "count": len(hand) if hand is not None
                      else int(player.get("hand_count", 0)), "hand": hand,
                      "score": player.get("score"), "contract_down": None, "melds": melds,
                      "buys_left": None if player.get("buys_left") is None else int(player["buys_left"])})
    pile = parse_cards(view.get("discard", ()))
    board = {"title": view["title"] if "title" in view else say("table_default_title"), "hand_number": view.get("hand_number"),
             "contract": view.get("contract"), "seat": seat_index, "names": names,
             "players": seats, "to_move": turn_index, "phase": "play",
             "stock": int(view.get("stock", 0)), "discard": [c.text(ascii=True) for c in pile],
             "discard_size": len(pile), "fanned": bool(view.get("discard_fanned")),
             "selected": [], "groups": [], "fits": [], "must_use": None, "buy_offer": None,
             "result": None, "game_over": False, "winners": []}
    return board_html(board, size=size, four_colour=four_colour,
                      log=[view["message"]] if view.get("message") else ())


def _check_keys(data, known: set, what: str) -> None:
    if not isinstance(data, dict):
        raise UsageError(f"a {what} must be a dict, not {type(data).__name__}")
    unknown = sorted(set(data) - known)
    if unknown:
        keys = "key" if len(unknown) == 1 else "keys"    # a programmer's English, like {what}
        raise UsageError(f"unknown {keys} {', '.join(map(repr, unknown))} in the {what}; "
                         f"known keys are {', '.join(sorted(known))}")
