"""The review board drawn: pure functions from plain data to HTML and SVG.

:func:`standing_chart` draws the learner's estimated standing through a hand as a small
inline SVG, each flagged decision a mark to click (``data-click="review:N"``, move N),
with a text alternative beside it. :func:`move_list` is the hand's moves as a WAI-ARIA
listbox: one tab stop, the arrow keys, Home and End move the selection (``data-roving``
with ``data-follow``: the script shared by the book's pages and the widget selects the
option it moves to). :func:`review_board_html` puts the table as it was, the steps, the
coach's comment, the chart and the list together; on a phone they stack, the table
first. Every word comes from the message catalogue; :mod:`rummy_teach.play.review_board`
decides what is shown.
"""

from __future__ import annotations

import html

from .i18n import number_text
from .plural import Signed
from .reasons import say
from .render import FONT, TOOLBAR_ITEM, toolbar_html

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 300, 96, 12
MISTAKE_COLOUR = "#b3261e"     # 6.3:1 on white
HIT = 11                       # half the side of a mark's clickable area, in the chart's units
LINE_COLOUR = "#0b5d36"
HIDDEN = ("position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;"
          "clip:rect(0 0 0 0);white-space:nowrap;border:0")
NAV_LOOK = (f"font:700 20px {FONT};min-height:44px;min-width:44px;padding:4px 10px;margin:2px 4px 2px 0;"
            "border-radius:6px;background:#fff;color:#111;border:1px solid #555;cursor:pointer")
NAV_OFF = (f"font:700 20px {FONT};min-height:44px;min-width:44px;padding:4px 10px;margin:2px 4px 2px 0;"
           "border-radius:6px;background:#f0f0f0;color:#555;border:1px dashed #8a8a8a;cursor:not-allowed")


def _esc(text) -> str:
    return html.escape(str(text), quote=True)


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def chart_scale(points, last: int):
    """The functions placing move numbers (0..``last``) and standings on the chart: the
    standing axis is symmetric around 0, at least 10 points either way."""
    top = max([10.0] + [abs(v) for _, v in points])
    span_x = CHART_WIDTH - 2 * CHART_PAD
    span_y = CHART_HEIGHT / 2 - CHART_PAD

    def x(number):
        return CHART_PAD + span_x * (number / last if last else 0)

    def y(value):
        return CHART_HEIGHT / 2 - span_y * value / top
    return x, y


def standing_chart(points, marks, selected: int, last: int) -> str:
    """The standing chart: ``points`` are (move number, standing) pairs, ``marks`` the
    flagged decisions as (move number, standing there, cost), ``selected`` the move the
    table shows (a vertical line), ``last`` the hand's last move. Each mark is a button
    to that move; the marks are one toolbar. The text alternative follows the picture."""
    x, y = chart_scale(points, last)
    top = max([10.0] + [abs(v) for _, v in points])
    line = " ".join(f"{'M' if i == 0 else 'L'}{_num(x(n))},{_num(y(v))}" for i, (n, v) in enumerate(points))
    zero = y(0)
    area = (f"{line} L{_num(x(points[-1][0]))},{_num(zero)} L{_num(x(points[0][0]))},{_num(zero)} Z"
            if points else "")
    drawn = [f'<rect x="0" y="0" width="{CHART_WIDTH}" height="{CHART_HEIGHT}" rx="6" fill="#fff"/>',
             f'<line x1="{CHART_PAD}" x2="{CHART_WIDTH - CHART_PAD}" y1="{_num(zero)}" y2="{_num(zero)}" '
             f'stroke="#767676" stroke-dasharray="3 3"/>',
             f'<path d="{area}" fill="{LINE_COLOUR}" fill-opacity=".15"/>',
             f'<text x="2" y="{CHART_PAD}" font-size="10" fill="#333" font-family="{FONT}" aria-hidden="true">'
             f'{_esc(number_text(Signed(round(top))))}</text>',
             f'<text x="2" y="{CHART_HEIGHT - 4}" font-size="10" fill="#333" font-family="{FONT}" aria-hidden="true">'
             f'{_esc(number_text(Signed(-round(top))))}</text>',
             f'<path d="{line}" fill="none" stroke="{LINE_COLOUR}" stroke-width="2.5"/>',
             f'<line class="rt-review-now" x1="{_num(x(selected))}" x2="{_num(x(selected))}" y1="4" '
             f'y2="{CHART_HEIGHT - 4}" stroke="#1f6feb" stroke-width="2"/>']
    # the dots first, then on top of them each mark's button: a clear area around its dot,
    # split halfway with a neighbour's (a meld and a discard of one turn are side by side)
    spots = sorted((x(number), y(value), number, cost) for number, value, cost in marks)
    drawn += [f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="5.5" fill="{MISTAKE_COLOUR}" stroke="#fff" '
              f'stroke-width="1.5" aria-hidden="true"/>' for cx, cy, _, _ in spots]
    for i, (cx, cy, number, cost) in enumerate(spots):
        left = max(cx - HIT, (spots[i - 1][0] + cx) / 2) if i else cx - HIT
        right = min(cx + HIT, (cx + spots[i + 1][0]) / 2) if i + 1 < len(spots) else cx + HIT
        label = say("review_mark", number=number, cost=cost)
        drawn.append(f'<g role="button" {TOOLBAR_ITEM} data-click="review:{number}" aria-label="{_esc(label)}" '
                     f'style="cursor:pointer"><title>{_esc(label)}</title>'
                     f'<rect x="{_num(left)}" y="{_num(cy - HIT)}" width="{_num(right - left)}" height="{2 * HIT}" '
                     f'fill="#fff" fill-opacity="0"/></g>')
    title = say("review_chart_title")
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" '
           f'style="width:100%;height:auto;display:block;max-width:480px" role="group" '
           f'aria-label="{_esc(title)}">{"".join(drawn)}</svg>')
    if marks:
        svg = toolbar_html(svg, say("review_marks_label"), "review-marks")
    return (f'<figure class="rt-review-chart" style="margin:6px 0">'
            f'<figcaption style="font-weight:700">{_esc(title)}</figcaption>{svg}'
            f'<p class="rt-review-chart-text" style="{HIDDEN}">{_esc(chart_text(points, marks))}</p></figure>')


def chart_text(points, marks) -> str:
    """The chart in words: where the standing began and ended, its low and its high, and
    how many mistakes are marked."""
    if not points:
        return ""
    low = min(points, key=lambda p: p[1])
    high = max(points, key=lambda p: p[1])
    text = say("review_chart_text", start=Signed(round(points[0][1])), end=Signed(round(points[-1][1])),
               low=Signed(round(low[1])), low_move=low[0], high=Signed(round(high[1])), high_move=high[0])
    marked = say("review_chart_marks", count=len(marks)) if marks else say("review_chart_no_marks")
    return f"{text} {marked}"


def move_list(items, selected: int) -> str:
    """The moves as a listbox: ``items`` are (move number, words, whose: "you" or "other",
    cost of a flagged decision or None); the option of ``selected`` is chosen and is the
    list's tab stop. Move 0 is the deal."""
    options = []
    for number, words, mine, cost in items:
        chosen = number == selected
        style = ["display:flex;gap:6px;padding:4px 8px;min-height:24px;cursor:pointer;border-radius:4px;"
                 "align-items:baseline"]
        if chosen:
            style.append("background:#1f6feb;color:#fff")
        elif cost is not None:
            style.append("background:#fde7e9;color:#111")
        if cost is not None:
            style.append(f"border-left:5px solid {MISTAKE_COLOUR}")
        badge = ""
        if cost is not None:
            ink = "#fff" if chosen else MISTAKE_COLOUR
            badge = (f'<span aria-hidden="true" style="font-weight:700;color:{ink}">?</span>'
                     f'<span style="{HIDDEN}">{_esc(say("review_mistake_tag", cost=cost))}</span>')
        weight = "font-weight:600;" if mine else ""
        options.append(f'<li role="option" aria-selected="{"true" if chosen else "false"}" '
                       f'tabindex="{0 if chosen else -1}" data-click="review:{number}" style="{"".join(style)}">'
                       f'<span style="min-width:2em;text-align:right;opacity:.8">{_esc(number_text(number))}</span>'
                       f'<span style="{weight}flex:1">{_esc(words)}</span>{badge}</li>')
    return (f'<ol class="rt-review-moves" role="listbox" data-roving="review-moves" data-follow '
            f'aria-label="{_esc(say("review_moves_label"))}" '
            f'style="position:relative;list-style:none;margin:6px 0 0;padding:2px;max-height:min(46vh,420px);'
            f'overflow-y:auto;background:#fff;color:#111;border:1px solid #999;border-radius:6px;'
            f'font-size:15px">{"".join(options)}</ol>')


def step_buttons(selected: int, last: int) -> str:
    """First, previous, next and last move: one toolbar. A step that leads nowhere (back
    at the start, on at the end) is greyed as the table's buttons are (play/buttons.py):
    ``aria-disabled``, still reached by the arrow keys, and its tooltip (``.rt-why``, its
    ``aria-describedby``) says why; the pages' scripts send nothing for it."""
    out = []
    for where, code, on in (("first", "review_first", selected > 0), ("prev", "review_prev_move", selected > 0),
                            ("next", "review_next_move", selected < last), ("last", "review_last", selected < last)):
        words = say(code)
        symbol = {"first": "«", "prev": "‹", "next": "›", "last": "»"}[where]
        attrs = (f'type="button" data-click="review:{where}" aria-label="{_esc(words)}" '
                 f'style="{NAV_LOOK if on else NAV_OFF}" {TOOLBAR_ITEM}')
        if on:
            out.append(f'<button {attrs} title="{_esc(words)}">{symbol}</button>')
            continue
        why = say("review_off_at_start" if where in ("first", "prev") else "review_off_at_end")
        number = f"rt-why-review-{where}"
        out.append(f'<span class="rt-off"><button {attrs} aria-disabled="true" aria-describedby="{number}">'
                   f'{symbol}</button><span class="rt-why" id="{number}" role="tooltip" style="display:none">'
                   f'{_esc(why)}</span></span>')
    return toolbar_html("".join(out), say("review_steps_label"), "review-steps",
                        style="display:flex;flex-wrap:wrap")


def review_board_html(table: str, comment: str, chart: str, moves: str, steps: str, title: str) -> str:
    """The board: the table as it was (``table``, HTML) beside the steps, the coach's
    ``comment`` (HTML), the ``chart`` and the ``moves``; on a narrow screen they stack
    under the table."""
    return (f'<section class="rt-review" aria-label="{_esc(title)}" '
            f'style="display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start;font:16px/1.4 {FONT}">'
            f'<div class="rt-review-table" style="flex:2 1 440px;min-width:0">{table}</div>'
            f'<div class="rt-review-side" style="flex:1 1 280px;min-width:0;max-width:100%">'
            f'{steps}{comment}{chart}{moves}</div></section>')
