"""How every button of the play controllers looks, in one place (issue 27).

The same HTML shows in the book's pages, in JupyterLab and in Voilà, where no style sheet
of ours is loaded, so the looks are inline styles. Four looks, each told apart by more
than its colour:

- ``move``: a move that makes sense now (filled blue);
- ``plain``: a tool that may be used (white, solid border);
- ``pressed``: a toggle that is on (dark green, sunk in, ``aria-pressed="true"``);
- off: a control that cannot be used now (grey, dashed border, a not-allowed cursor),
  whose tooltip says why (``why_off``) instead of what it would do; a toggle that is on
  keeps its pressed look when it is greyed (the answer chosen before Submit).

A control that is off is ``aria-disabled="true"``, not ``disabled`` (the WAI-ARIA
Authoring Practices' advice for a disabled control whose reason matters): it keeps its
place among the Tab stops and the arrow keys of its toolbar, the scripts refuse to act on
it, and its reason is a visible tooltip (``.rt-why``, shown on hover and on keyboard focus
by ``render.TABLE_CSS``) that is also its ``aria-describedby``, so a screen reader says it
on focus. A disabled ``<button>`` takes no focus, so a keyboard reader never learnt why.

``button("Draw", act="press", arg="draw", look="move", tip="Take the top card...")``
returns the ``<button>`` element's HTML; every text is escaped here.
"""

from __future__ import annotations

import hashlib
import html

from .board import FONT
from ..render import TOOLBAR_ITEM, toolbar_html

#: the reason beside a greyed control; hidden here so that a page without our style sheet
#: (an exported notebook) shows no loose text; render.TABLE_CSS shows it on hover and focus
WHY_STYLE = "display:none"

_BASE = (f"font:15px {FONT};min-height:38px;padding:4px 12px;margin:2px 4px 2px 0;"
         "border-radius:6px;")
LOOKS = {
    "move": _BASE + "background:#1f6feb;color:#fff;border:1px solid #0b3d24;cursor:pointer",
    "plain": _BASE + "background:#fff;color:#111;border:1px solid #555;cursor:pointer",
    "pressed": _BASE + ("background:#0b3d24;color:#fff;border:1px solid #0b3d24;"
                        "box-shadow:inset 0 2px 4px rgba(0,0,0,.5);cursor:pointer"),
    # grey on grey above 4.5:1 all the same, so the label stays readable
    "off": _BASE + "background:#f0f0f0;color:#555;border:1px dashed #8a8a8a;cursor:not-allowed",
}


def button(label: str, *, act: str, arg: str | None = None, look: str = "plain",
           enabled: bool = True, pressed: bool | None = None, tip: str = "",
           why_off: str = "", name: str | None = None, css_class: str | None = None,
           in_toolbar: bool = False) -> str:
    """One button. ``pressed`` (True or False) makes it a toggle; ``tip`` is its tooltip
    while it may be pressed, ``why_off`` while it may not (falling back to ``tip``).
    ``in_toolbar``: a control of :func:`toolbar` (reached with the arrow keys)."""
    if look not in LOOKS or look == "off":
        raise ValueError(f"a button's look is one of move, plain, pressed, not {look!r}")
    if pressed:     # a toggle that is on stays visibly on, greyed or not (a chosen answer)
        style = LOOKS["pressed"] + ("" if enabled else ";cursor:not-allowed;opacity:.8")
    else:
        style = LOOKS[look] if enabled else LOOKS["off"]
    attrs = [f'type="button"', f'data-act="{html.escape(act)}"']
    if css_class:
        attrs.append(f'class="{html.escape(css_class)}"')
    if arg is not None:
        attrs.append(f'data-arg="{html.escape(str(arg))}"')
    if name:
        attrs.append(f'data-name="{html.escape(name)}"')
    if pressed is not None:
        attrs.append(f'aria-pressed="{str(bool(pressed)).lower()}"')
    if enabled and tip:
        attrs.append(f'title="{html.escape(tip)}"')
    attrs.append(f'style="{style}"')
    if in_toolbar:
        attrs.append(TOOLBAR_ITEM)
    if enabled:
        return f'<button {" ".join(attrs)}>{html.escape(label)}</button>'
    why = why_off or tip
    attrs.append('aria-disabled="true"')
    if not why:
        return f'<button {" ".join(attrs)}>{html.escape(label)}</button>'
    # the same view draws the same HTML: the id is the button's own (no two buttons of a view
    # share act, arg and label); the pages' scripts prefix it with the widget's own name,
    # so that two widgets on one page never share one
    number = "rt-why-" + hashlib.sha1(f"{act}|{arg}|{name}|{label}".encode()).hexdigest()[:10]
    attrs.append(f'aria-describedby="{number}"')
    return (f'<span class="rt-off"><button {" ".join(attrs)}>{html.escape(label)}</button>'
            f'<span class="rt-why" id="{number}" role="tooltip" style="{WHY_STYLE}">'
            f'{html.escape(why)}</span></span>')


def toolbar(buttons: list[str], label: str, name: str, style: str = "",
            focus_next: bool = False) -> str:
    """Buttons made with ``in_toolbar=True`` as one toolbar (:func:`rummy_teach.render.toolbar_html`):
    one tab stop, the first button that may be pressed; the arrow keys reach the others,
    greyed ones too (each says why it is greyed)."""
    return toolbar_html("".join(buttons), label, name, style=style, focus_next=focus_next)
