"""Clickable cards: the one widget with a front end of its own.

:class:`ClickableCards` shows cards drawn by :mod:`rummy_teach.render` and tells
Python when a learner clicks one (or presses Enter or Space on it). Python owns
everything else: it renders the HTML, keeps the selection and runs the callbacks.
The browser part is a few lines of JavaScript (an anywidget module) that puts the
HTML in place and sends back ``{"event": "click", "card": "QH"}``.

Other widgets (the meld checker, the card table, quizzes) compose this one with
ordinary ipywidgets; none of them needs JavaScript of its own.

Where no widget code runs (a static page, a notebook viewer), the widget's
output carries a ``text/html`` snapshot drawn by the same renderer, so the cards
still show; the live view is preferred wherever the widget front end is there.
"""

from __future__ import annotations

import html
from typing import Callable, Iterable

import anywidget
import traitlets as t

from .. import render
from ..cards import Card, parse_cards
from ..errors import UsageError

LAYOUTS = ("row", "fan", "suits")

CLICKABLE_ESM = r"""
// One tab stop per toolbar (the WAI-ARIA Authoring Practices' toolbar pattern, with a
// roving tabindex): in each [data-roving] element inside `root` one control has
// tabindex 0 and the others -1; the arrow keys move the focus among them (wrapping
// round), Home and End to the first and the last; Enter and Space do what a click does
// (the caller's listeners). A toolbar remembers its last focused control across redraws
// (by its card, region or move) unless it is now greyed (aria-disabled: the arrows reach
// it, and it says why, but it is no stop), else keeps the one the HTML made its stop. A listbox
// whose selection follows the focus (data-follow: the review's moves) selects the option
// the arrow keys reach (a click on it), and after a redraw its stop is the option the HTML
// selected, scrolled into view inside the list. Returns `settle`, to call after each redraw. The same text is in book/_play/play/bookplay.js
// and rummy_teach/widgets/base.py (tests/test_play_keyboard.py checks).
function roving(root) {
  const memory = new Map();
  const MOVES = new Map([["ArrowRight", 1], ["ArrowDown", 1], ["ArrowLeft", -1], ["ArrowUp", -1]]);
  const itemKey = (node) => node.dataset.card || node.dataset.click || node.dataset.arg || "";
  const barOf = (node) => {
    const bar = node.closest("[data-roving]");
    return bar && root.contains(bar) ? bar : null;
  };
  const items = (bar) => [...bar.querySelectorAll("[tabindex]")]
    .filter((node) => !node.disabled && node.closest("[data-roving]") === bar);
  const choose = (bar, chosen) => {
    for (const node of items(bar)) {   // written only where it changes: each write is work
      const stop = node === chosen ? 0 : -1;          // for the page's style at every redraw
      if (node.tabIndex !== stop) node.tabIndex = stop;
    }
  };
  root.addEventListener("focusin", (event) => {
    const bar = barOf(event.target);
    if (!bar || !items(bar).includes(event.target)) return;
    memory.set(bar.dataset.roving, itemKey(event.target));
    choose(bar, event.target);
  });
  root.addEventListener("keydown", (event) => {
    const bar = barOf(event.target);
    if (!bar || event.altKey || event.ctrlKey || event.metaKey) return;
    const list = items(bar);
    const at = list.indexOf(event.target);
    if (at < 0) return;
    let to = null;
    if (MOVES.has(event.key)) to = (at + MOVES.get(event.key) + list.length) % list.length;
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = list.length - 1;
    if (to === null) return;
    event.preventDefault();
    list[to].focus();
    if (bar.hasAttribute("data-follow")) list[to].click();
  });
  return () => {
    for (const bar of root.querySelectorAll("[data-roving]")) {
      const list = items(bar);
      const follow = bar.hasAttribute("data-follow");
      const kept = !follow && list.find((node) => itemKey(node) === memory.get(bar.dataset.roving)
  && node.getAttribute("aria-disabled") !== "true");
      const chosen = kept || list.find((node) => node.tabIndex === 0) || list[0];
      if (chosen) choose(bar, chosen);
      if (follow && chosen) bar.scrollTop = chosen.offsetTop - (bar.clientHeight - chosen.offsetHeight) / 2;
    }
  };
}

// What a redraw added to the table's log (.rt-log, an <ol> numbered from its start whose
// earlier lines are hidden but there: one move can add more lines than are shown),
// said once by a polite live region put in `root` beside the view: "The computer
// discards 10♥." rather than the whole log again; likewise a quiz's verdict
// (.rt-feedback) when it appears or changes, which is also scrolled into view (it may
// sit below the screen, under the question). Returns `tell`, to call after each
// redraw (`tell(true)` after a fresh deal: count the lines, say nothing). The same text
// is in book/_play/play/bookplay.js and rummy_teach/widgets/base.py.
function announcer(root, view) {
  const region = document.createElement("p");
  region.className = "rt-news";
  region.setAttribute("aria-live", "polite");
  region.style.cssText = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;"
    + "overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0";
  root.append(region);
  // null: no log drawn now (the review of a hand shows none), so nothing new and nothing
  // forgotten: when the log comes back, its lines are not news
  const count = () => {
    const log = view.querySelector(".rt-log");
    if (!log) return null;
    const lines = [...log.querySelectorAll(":scope > li")];
    return { lines, last: Number(log.getAttribute("start") || 1) + lines.length - 1 };
  };
  const verdict = () => {
    const box = view.querySelector(".rt-feedback");
    return { box, text: box ? (box.innerText || box.textContent).replace(/\s+/g, " ").trim() : "" };
  };
  let seen = (count() || { last: 0 }).last;
  let heard = verdict().text;
  return (quiet) => {
    const now = count();
    const { box, text } = verdict();
    const news = [];
    if (now) {
      const { lines, last } = now;
      if (!quiet && last > seen) {
        const fresh = lines.slice(Math.max(0, lines.length - (last - seen)));
        news.push(...fresh.map((line) => line.textContent.trim()));
      }
      seen = last;
    } else if (quiet) {
      seen = 0;   // a fresh deal with nothing logged yet
    }
    if (!quiet && text && text !== heard) {
      news.push(text);
      box.scrollIntoView({ block: "nearest" });
    }
    if (news.length) region.textContent = news.join(" ");
    heard = text;
  };
}

// What a control is, across redraws: a card, a region, or a button's act and arg.
const keyOf = (node) => [node.dataset.act, node.dataset.arg, node.dataset.card, node.dataset.click]
  .map((part) => part || "").join("|");
const CONTROL = "[data-act], [data-card], [data-click]";
// a control that cannot be used now: disabled, or greyed with its reason (aria-disabled)
const isOff = (node) => node.disabled || node.getAttribute("aria-disabled") === "true";
const ON = ':not([disabled]):not([aria-disabled="true"])';
// A greyed control's reason (.rt-why, its aria-describedby) has an id of the view's own:
// prefixed here with the widget's name, no two widgets of a page share one.
const ownReasons = (view, prefix) => {
  for (const why of view.querySelectorAll(".rt-why[id]")) {
    const owner = view.querySelector(`[aria-describedby="${why.id}"]`);
    why.id = `${prefix}-${why.id}`;
    if (owner) owner.setAttribute("aria-describedby", why.id);
  }
};

function render({ model, el }) {
  el.classList.add("rt-clickable");
  // (random: this module may be loaded once per widget class, each with its own counters)
  const name = `rt-w${Math.random().toString(36).slice(2, 10)}`;
  const view = document.createElement("div");
  el.append(view);
  const settleBars = roving(view);
  const tell = announcer(el, view);
  let first = true;    // the log as first drawn is not news
  // After a redraw the focus stays on the control the learner used; when that control is
  // gone or greyed (Draw, once drawn), it goes to the toolbar the view marks as the next
  // step (data-focus-next), as on the book's pages; never to the page.
  const draw = () => {
    const focused = view.querySelector(`:is(${CONTROL}):focus`);
    const key = focused ? keyOf(focused) : null;
    view.innerHTML = model.get("html");
    ownReasons(view, name);
    settleBars();
    tell(first);
    first = false;
    if (key === null) return;
    let again = [...view.querySelectorAll(CONTROL)].find((node) => keyOf(node) === key);
    if (!again || isOff(again)) {
      again = view.querySelector(`[data-focus-next] [tabindex="0"]${ON}`)
        || view.querySelector(`[tabindex="0"]${ON}, button${ON}`) || again;
    }
    if (again) again.focus();
  };
  const pick = (target) => {
    const node = target.closest(CONTROL);
    if (!node || !view.contains(node) || isOff(node)) return false;
    if (node.dataset.act !== undefined) {
      model.send({ event: "click", act: node.dataset.act, arg: node.dataset.arg || "" });
    } else if (node.dataset.card !== undefined) {
      model.send({ event: "click", card: node.dataset.card });
    } else {
      model.send({ event: "click", region: node.dataset.click });
    }
    return true;
  };
  const onClick = (event) => { pick(event.target); };
  // a real <button> turns Enter and Space into a click of its own
  const onKey = (event) => {
    if ((event.key === "Enter" || event.key === " ") && event.target.tagName !== "BUTTON"
        && pick(event.target)) {
      event.preventDefault();
    }
  };
  view.addEventListener("click", onClick);
  view.addEventListener("keydown", onKey);
  model.on("change:html", draw);
  draw();
  return () => {
    model.off("change:html", draw);
    view.removeEventListener("click", onClick);
    view.removeEventListener("keydown", onKey);
  };
}
export default { render };
"""

#: The keyboard focus ring of every widget of ours: 3 px, in a blue that stands 4.6:1 against
#: white (WCAG 2.1 AA wants a visible focus, 3:1 for what is not text).
FOCUS_RING = "outline: 3px solid #1f6feb; outline-offset: 2px;"
#: The ring on ipywidgets buttons. The widgets' own rule, ``button.jupyter-button:focus:enabled``
#: (a 1 px outline, specificity 0-3-1), wins over a plain ``.jupyter-button:focus-visible``,
#: so these selectors are one class stronger (0-4-0).
BUTTON_FOCUS_CSS = (".jupyter-widgets.jupyter-button:focus-visible:enabled, "
                    ".jupyter-widgets.widget-toggle-button:focus-visible:enabled {\n  "
                    + FOCUS_RING + " }\n")

CLICKABLE_CSS = """
.rt-clickable [data-card], .rt-clickable [data-click] { cursor: pointer; border-radius: 7px; }
.rt-clickable [data-card]:hover, .rt-clickable [data-click]:hover { filter: brightness(0.96); }
.rt-clickable [data-card]:focus-visible, .rt-clickable [data-click]:focus-visible,
.rt-clickable button:focus-visible {
  """ + FOCUS_RING + """ }
.rt-clickable .rt-error { color: #b3261e; font-weight: 600; margin-top: 4px; }
""" + BUTTON_FOCUS_CSS + render.TABLE_CSS


# A main button's colours: white on this blue is 7:1 (WCAG AA asks 4.5:1); the
# widgets' own "primary" blue (#2196f3) gives 3.1:1.
PRIMARY_COLOURS = {"button_color": "#0b57a4", "text_color": "#ffffff"}


def primary(button):
    """Colour ``button`` (an ipywidgets Button) as a main action, readable by all."""
    for name, value in PRIMARY_COLOURS.items():
        setattr(button.style, name, value)
    return button


def _keys(cards) -> list[str]:
    return [render.card_key(card) for card in parse_cards(cards)]


class StaticFallback:
    """Mixin for a widget with ``snapshot_html()``: its output also carries that
    snapshot as ``text/html``, so a page where no widget script runs (the static
    book, an exported notebook) still shows the cards. Live front ends show the
    widget and ignore the copy."""

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        return {**data, "text/html": self.snapshot_html()}, metadata


class ClickableCards(StaticFallback, anywidget.AnyWidget):
    """Cards a learner clicks to select or deselect them (or just to click them).

    ``cards`` and ``selected`` hold card notation (``"QH"``, ``"JK#2"``); assign
    cards or text to them and they are normalised. With ``toggle=True`` (the
    default) a click selects or deselects the card; with ``toggle=False`` a click
    only calls the ``on_click`` callbacks (a card table's "discard this card").
    ``layout`` is ``"row"``, ``"fan"`` or ``"suits"`` (one row per suit, jokers last).
    ``selected`` keeps the order of the clicks.

    A callback that raises does not lose its error: the message is shown under
    the cards (``error``) until the next successful click.
    """

    _esm = CLICKABLE_ESM
    _css = CLICKABLE_CSS

    html = t.Unicode("").tag(sync=True)
    cards = t.List(t.Unicode()).tag(sync=True)
    selected = t.List(t.Unicode()).tag(sync=True)
    size = t.Int(render.DEFAULT_SIZE).tag(sync=True)
    four_colour = t.Bool(False).tag(sync=True)
    layout_style = t.Unicode("row").tag(sync=True)
    toggle = t.Bool(True).tag(sync=True)
    disabled = t.Bool(False).tag(sync=True)
    label = t.Unicode("cards").tag(sync=True)
    error = t.Unicode("").tag(sync=True)

    def __init__(self, cards: Iterable = (), selected: Iterable = (), *, layout_style: str = "row",
                 **kwargs):
        self._click_callbacks: list[Callable[[Card], None]] = []
        super().__init__(cards=_keys(cards), selected=_keys(selected),
                         layout_style=layout_style, **kwargs)
        self.on_msg(self._handle_front_end)
        self._redraw()

    # --- normalising and drawing --------------------------------------------------
    @t.validate("cards", "selected")
    def _normalise(self, proposal):
        keys = _keys(proposal["value"])
        if proposal["trait"].name == "selected":
            keys = [k for i, k in enumerate(keys) if k not in keys[:i] and k in self.cards]
        return keys

    @t.validate("layout_style")
    def _valid_layout(self, proposal):
        if proposal["value"] not in LAYOUTS:
            raise t.TraitError(f"layout_style must be one of {', '.join(LAYOUTS)}, "
                               f"not {proposal['value']!r}")
        return proposal["value"]

    @t.observe("cards")
    def _drop_missing(self, change):
        kept = [k for k in self.selected if k in change["new"]]
        if kept != self.selected:
            self.selected = kept

    @t.observe("cards", "selected", "size", "four_colour", "layout_style", "disabled",
               "label", "error")
    def _on_change(self, change):
        self._redraw()

    def _redraw(self):
        self.html = self.render_html(interactive=not self.disabled)

    def render_html(self, interactive: bool = False) -> str:
        """The cards as HTML; ``interactive`` adds the focusable toggle markup."""
        cards = self.card_values
        chosen = self.selected_cards
        if self.layout_style == "suits":
            rows = []
            for suit in ("S", "H", "D", "C", None):
                row = [c for c in cards if c.suit == suit]
                if row:
                    rows.append(render.cards_html(
                        row, size=self.size, four_colour=self.four_colour, selected=chosen,
                        interactive=interactive, label=render.suit_word(suit), in_toolbar=True))
            body = (render.toolbar_html("".join(rows), self.label, "cards", style="display:grid;gap:4px")
                    if interactive else f'<div style="display:grid;gap:4px">{"".join(rows)}</div>')
        else:
            body = render.cards_html(cards, size=self.size, four_colour=self.four_colour,
                                     fan=self.layout_style == "fan", selected=chosen,
                                     interactive=interactive, label=self.label)
        if self.error:
            body += f'<div class="rt-error" role="alert">{html.escape(self.error)}</div>'
        return f'<div class="rt-clickable-cards" aria-label="{html.escape(self.label)}">{body}</div>'

    def snapshot_html(self) -> str:
        """A static picture of the widget as it is now (no script, no buttons)."""
        return self.render_html(interactive=False)

    # --- values ------------------------------------------------------------------
    @property
    def card_values(self) -> tuple[Card, ...]:
        """The cards shown, as :class:`Card` values."""
        return parse_cards(self.cards)

    @property
    def selected_cards(self) -> tuple[Card, ...]:
        """The selected cards, in the order they were clicked."""
        return parse_cards(self.selected)

    # --- clicks --------------------------------------------------------------------
    def on_click(self, callback: Callable[[Card], None], remove: bool = False) -> None:
        """Call ``callback(card)`` after each click (after the selection has changed)."""
        if remove:
            self._click_callbacks.remove(callback)
        else:
            self._click_callbacks.append(callback)

    def click(self, card: Card | str) -> None:
        """Do what a click on ``card`` does: toggle it (in toggle mode), then run the callbacks.

        A card that is not shown, or a disabled widget, is refused with a message
        in ``error`` rather than an exception, as a click in the browser would be.
        """
        try:
            card = card if isinstance(card, Card) else Card.parse(card)
            key = render.card_key(card)
            if self.disabled:
                raise UsageError("these cards cannot be clicked just now")
            if key not in self.cards:
                raise UsageError(f"{card} is not one of the cards shown here")
            if self.toggle:
                self.selected = ([k for k in self.selected if k != key] if key in self.selected
                                 else self.selected + [key])
            for callback in list(self._click_callbacks):
                callback(card)
        except Exception as error:  # shown to the learner, never swallowed silently
            self.error = f"{type(error).__name__}: {error}"
        else:
            self.error = ""

    def clear(self) -> None:
        """Deselect every card."""
        self.selected = []

    def _handle_front_end(self, widget, content, buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "click" and "card" in content:
            self.click(str(content.get("card", "")))


class ClickableHTML(StaticFallback, anywidget.AnyWidget):
    """Any HTML whose marked parts can be clicked: the card table's board.

    Python sets ``html`` (drawn by :mod:`rummy_teach.render` or a widget's own pure
    functions). An element with ``data-card="QH"`` sends the card, one with
    ``data-click="stock"`` sends that value; both also answer Enter and Space. A
    ``<button data-act="press" data-arg="draw">`` (the book's buttons,
    :mod:`rummy_teach.play.buttons`) sends its act and arg. The ``on_click`` callbacks get
    ``("card", "QH")``, ``("region", "stock")`` or ``("act", "press:draw")``. It
    shares :class:`ClickableCards`'s front end, so there is still one small script.
    An error raised by a callback is kept in ``error`` (the owner decides where to
    show it); :meth:`snapshot_html` is the HTML itself, for static pages.
    """

    _esm = CLICKABLE_ESM
    _css = CLICKABLE_CSS

    html = t.Unicode("").tag(sync=True)
    label = t.Unicode("board").tag(sync=True)
    error = t.Unicode("").tag(sync=True)

    def __init__(self, html: str = "", **kwargs):
        self._click_callbacks: list[Callable[[str, str], None]] = []
        super().__init__(html=html, **kwargs)
        self.on_msg(self._handle_front_end)

    def on_click(self, callback: Callable[[str, str], None], remove: bool = False) -> None:
        """Call ``callback(kind, value)`` after each click (``kind`` is "card", "region" or
        "act"; an act's value is ``"act:arg"``, or the act alone when it has no arg)."""
        if remove:
            self._click_callbacks.remove(callback)
        else:
            self._click_callbacks.append(callback)

    def click(self, kind: str, value: str) -> None:
        """Do what a click in the browser does: run the callbacks; keep any error."""
        try:
            if kind not in ("card", "region", "act"):
                raise UsageError(f"a click is on a 'card', a 'region' or an 'act', not {kind!r}")
            for callback in list(self._click_callbacks):
                callback(kind, str(value))
        except Exception as error:  # shown to the learner, never swallowed silently
            self.error = f"{type(error).__name__}: {error}"
        else:
            self.error = ""

    def snapshot_html(self) -> str:
        """The HTML as it is now (static: the markup holds no script)."""
        return self.html

    def _handle_front_end(self, widget, content, buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "click":
            if "card" in content:
                self.click("card", str(content.get("card", "")))
            elif "region" in content:
                self.click("region", str(content.get("region", "")))
            elif "act" in content:
                act, arg = str(content.get("act", "")), str(content.get("arg") or "")
                self.click("act", f"{act}:{arg}" if arg else act)
