"""Whole HTML pages the classroom server writes itself: pure functions, no outside requests.

The join form and "this class is full" (no kernel is started for them), and the
frame of the teacher's pages. Every page carries its own small style sheet and,
where it refreshes by itself, a few lines of inline script that fetch a fragment
of the same page from the same server: nothing is loaded from anywhere else. The
server sends them with :data:`CSP`, which lets that one script run (by its hash) and
no other, and forbids any page to frame them.
"""

from __future__ import annotations

import base64
import hashlib
from html import escape

from .messages import say

STYLE = """
body { font-family: system-ui, sans-serif; font-size: 18px; color: #111; background: #fff;
  margin: 1.2em auto; max-width: 62em; padding: 0 1em; line-height: 1.4; }
h1 { font-size: 1.6em; margin: 0.3em 0; }
a { color: #0b4f9c; }
input, select, button { font-size: 1em; padding: 0.3em 0.6em; }
input, select { max-width: 100%; box-sizing: border-box; }
label { display: inline-block; max-width: calc(100% - 0.8em); margin: 0.15em 0.8em 0.15em 0; }
button { background: #0b4f9c; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
.rt-alert { color: #9b1c1c; font-weight: 600; }
.rt-note { color: #333; }
nav.rt-lang { float: right; display: flex; gap: 0.8em; font-size: 0.95em; }
nav.rt-lang a[aria-current] { font-weight: 700; color: #111; text-decoration: none; }
nav.rt-teacher { display: flex; gap: 1.2em; flex-wrap: wrap; border-bottom: 2px solid #ccc;
  padding: 0.3em 0 0.5em; margin-bottom: 0.6em; }
table { border-collapse: collapse; margin: 0.3em 0; }
th, td { border-bottom: 1px solid #999; padding: 0.25em 0.8em; text-align: left; }
th { background: #e8e8e8; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
.rt-scroll { overflow-x: auto; max-width: 100%; }
.rt-scroll:focus-visible { outline: 3px solid #0b4f9c; outline-offset: 2px; }
@media (max-width: 40em) { body { font-size: 16px; padding: 0 0.6em; }
  th, td { padding: 0.25em 0.45em; } }
@media print { nav.rt-teacher, .rt-noprint { display: none; } .rt-break { break-before: page; } }
"""

REFRESH_SCRIPT = """
(function () {
  const every = Number(document.currentScript.dataset.every),
    target = document.getElementById("rt-live");
  async function refresh() {
    try {
      const url = new URL(window.location.href);
      url.searchParams.set("part", "live");
      const response = await fetch(url, {cache: "no-store"});
      if (response.ok) {
        // the boxes that scroll sideways keep where they were scrolled to, and the focus
        const boxes = [...target.querySelectorAll(".rt-scroll")],
          lefts = boxes.map(box => box.scrollLeft),
          focused = boxes.indexOf(document.activeElement);
        target.innerHTML = await response.text();
        target.querySelectorAll(".rt-scroll").forEach((box, index) => {
          box.scrollLeft = lefts[index] || 0;
          if (index === focused) { box.focus({preventScroll: true}); }
        });
      }
    } catch (error) { /* the next tick tries again */ }
  }
  setInterval(refresh, every);
})();
"""


def script_hash(script: str) -> str:
    """The Content-Security-Policy source that lets exactly this inline script run."""
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii")
    return f"'sha256-{digest}'"


def content_security_policy(*scripts: str) -> str:
    """The pages' policy: nothing from any other address, only these inline ``scripts``, no
    framing by any page (a click cannot be stolen through a frame), forms back to here."""
    allowed = " ".join(script_hash(script) for script in scripts) or "'none'"
    return ("default-src 'none'; style-src 'unsafe-inline'; "
            f"script-src {allowed}; img-src data:; connect-src 'self'; form-action 'self'; "
            "base-uri 'none'; frame-ancestors 'none'")


#: the policy of the pages written here (the teacher's, the join form, the refusals)
CSP = content_security_policy(REFRESH_SCRIPT)


def scroll_box(table: str, label: str) -> str:
    """``table`` in a box of its own that scrolls sideways when it is wider than the screen,
    so that a phone never scrolls the whole page: a region named ``label``, which Tab
    reaches and the arrow keys then scroll."""
    return (f'<div class="rt-scroll" role="region" tabindex="0" aria-label="{escape(label)}">'
            f"{table}</div>")


def language_switch(href) -> str:
    """Links to this page in each language, each named in its own language (Italiano,
    Nederlands, English); ``href(lang)`` is the address of the page in ``lang``. Plain links:
    Tab reaches them and Enter follows them, with or without a script."""
    from .. import i18n
    now = i18n.current_language()
    current = ' aria-current="true"'
    links = "".join(
        f'<a href="{escape(href(code))}" lang="{code}" hreflang="{code}" class="rt-lang-{code}"'
        f'{current if code == now else ""}>{escape(name)}</a>'
        for code, name in i18n.LANGUAGES.items())
    return f'<nav class="rt-lang" aria-label="{escape(say("class_language_label"))}">{links}</nav>'


def page(title: str, body: str, *, refresh_ms: int | None = None) -> str:
    """A whole document around ``body``, in the language in use; with ``refresh_ms`` the
    element ``#rt-live`` is re-fetched from the same address (``part=live``) that often."""
    from .. import i18n
    script = (f'<script data-every="{int(refresh_ms)}">{REFRESH_SCRIPT}</script>'
              if refresh_ms else "")
    return (f"<!DOCTYPE html>\n<html lang=\"{i18n.current_language()}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta name=\"referrer\" content=\"no-referrer\">"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
            f"<body>\n{body}\n{script}</body></html>\n")


def join_page(title: str, *, wrong: bool = False, code: str = "", base: str = "/",
              action: str | None = None, switch: str = "") -> str:
    """The join form; it goes to ``action`` (default: the kernel page under ``base``);
    ``switch`` is a :func:`language_switch` to show above it."""
    action = action or base.rstrip("/") + "/voila/render/quiz.ipynb"
    alert = f'<p class="rt-alert" role="alert">{escape(say("join_wrong"))}</p>' if wrong else ""
    body = (f"{switch}<h1>{escape(title or say('join_title'))}</h1>"
            f"<p>{escape(say('join_prompt'))}</p>{alert}"
            f'<form method="get" action="{escape(action)}">'
            f'<label>{escape(say("join_label"))} <input name="join" autocomplete="off" '
            f'autocapitalize="characters" maxlength="12" value="{escape(code[:12])}" '
            'autofocus required></label> '
            f'<button type="submit">{escape(say("join_button"))}</button></form>')
    return page(say("join_title"), body)


def full_page(title: str) -> str:
    body = (f"<h1>{escape(title or say('join_title'))}</h1>"
            f'<p class="rt-alert" role="alert">{escape(say("class_full"))}</p>')
    return page(say("class_full_title"), body)


def refused_page() -> str:
    return page(say("access_refused"),
                f'<p class="rt-refused rt-alert" role="alert">{escape(say("access_refused"))}</p>')


#: what every teacher's page is sent with: never kept by a cache, its address (with the
#: token) never in a Referer, no content sniffing, and :data:`CSP`
TEACHER_HEADERS = (("Cache-Control", "no-store"), ("Referrer-Policy", "no-referrer"),
                   ("X-Content-Type-Options", "nosniff"), ("Content-Security-Policy", CSP))


def set_teacher_headers(handler) -> None:
    """Give a teacher's page (a tornado ``RequestHandler``) :data:`TEACHER_HEADERS`."""
    for name, value in TEACHER_HEADERS:
        handler.set_header(name, value)


async def let_teacher_in(handler, config, door=None) -> bool:
    """Whether a teacher's page may go on: behind ``door`` (the hub's or the LMS's), a
    member of the teachers; else whoever brings the class's token (``?token=``, compared in
    constant time). Sets ``handler.token`` (the links' token; "" behind a door). When not,
    the answer is sent here (the door's login, or the refusal, 403) and False returned."""
    from .keys import token_ok
    handler.token = handler.get_argument("token", "")
    if door is not None:
        handler.token = ""
        user = await door.user(handler)
        if not user:
            door.login(handler)
            return False
        if await door.may_teach(user):
            return True
    elif token_ok(handler.token, config):
        return True
    handler.set_status(403)
    handler.set_header("Content-Type", "text/html; charset=utf-8")
    handler.finish(refused_page())
    return False
