"""The students' card-table page: ``<base>tables`` lists a student's seats, and
``<base>tables?table=ID`` is the table at which they sit, played in the browser.

The page is known by the quiz page's signed seat cookie (a student joins the class there
first) and, behind JupyterHub or a proxy that names the user, by that user too, as the
quiz page and the tables' websocket are. The table itself is the book's: the server draws
it for the student's seat (:class:`~.tableseat.SeatPlay`) and sends it over the websocket
(``{"type": "sit", ..., "draw": true}`` then ``{"type": "view", "html": ...}``); the
page's script puts it in place and sends the student's clicks and keys back as the book's
events (``{"type": "event", "act": "card", "arg": "7H"}``). The keys are the book's and
JupyterLab's, the same functions word for word (:data:`rummy_teach.widgets.base.CLICKABLE_ESM`'s
``roving`` and ``announcer``): one tab stop for the hand, the arrow keys inside it, what
changed said by a polite live region. A dropped connection is tried again (after 0.5 s,
then doubling up to 8 s) and the seat resumed; a reload does the same.

Every word on the page comes from the catalogue; the script's own lines (connecting, the
connection lost) are drawn into the page as ``data-words``.
"""

from __future__ import annotations

import asyncio
import json
import re
from html import escape

from .. import i18n
from ..errors import UsageError
from ..render import TABLE_CSS
from ..rules import get_rules
from .config import as_config
from ..reasons import plural_templates
from .messages import class_language, class_title, say
from .pages import content_security_policy, language_switch
from .quizpage import LANG_COOKIE, seat_hash_reader
from .quizview import STYLE, join_first

PAGE_PATH = "tables"


def js_function(text: str, name: str) -> str:
    """The text of the JavaScript function ``name`` in ``text`` (from its line to the line
    that closes it at the same indentation)."""
    found = re.search(rf"^( *)function {name}\(.*?^\1}}\n", text, re.S | re.M)
    if not found:
        raise UsageError(f"no function {name} in the shared script")
    return found.group(0)


def _shared_keys() -> str:
    from ..widgets.base import CLICKABLE_ESM
    return js_function(CLICKABLE_ESM, "roving") + js_function(CLICKABLE_ESM, "announcer")


SCRIPT = """
(function () {
  "use strict";
  const root = document.getElementById("rt-table");
  const view = root.querySelector(".rt-play-view");
  const status = root.querySelector(".rt-play-status");
  const words = JSON.parse(root.dataset.words);
  const table = root.dataset.table, seat = Number(root.dataset.seat);
""" + _shared_keys() + """
  const settleBars = roving(view);
  const tell = announcer(root, view);
  const CONTROL = "[data-act], [data-card], [data-click]";
  // a control that cannot be used now: disabled, or greyed with its reason (aria-disabled),
  // as on the book's pages: it takes focus and says why, but a click sends nothing
  const isOff = (node) => node.disabled || node.getAttribute("aria-disabled") === "true";
  const keyOf = (node) => [node.dataset.act, node.dataset.arg, node.dataset.card, node.dataset.click]
    .map((part) => part || "").join("|");
  let socket = null, first = true, wait = 500, used = null;
  // after a redraw the focus stays on the control used (by its key), else goes where the
  // next step lies (data-focus-next), as on the book's pages; never to the page
  // the turn's time left, counted down between drawings in the page's words: the form for
  // the count as the language's plural rules choose it, the number as the language writes it
  const lang = document.documentElement.lang || "en";
  const plural = new Intl.PluralRules(lang), digits = new Intl.NumberFormat(lang);
  let drawnAt = 0;
  setInterval(() => {
    const left = view.querySelector(".rt-time-left");
    if (!left) return;
    const n = Math.max(0, Number(left.dataset.left) - Math.floor((Date.now() - drawnAt) / 1000));
    const form = words.left[plural.select(n) === "one" ? 0 : 1];
    const text = form.replace("{count}", digits.format(n));
    if (left.textContent !== text) left.textContent = text;
  }, 1000);
  function show(html) {
    const focused = view.querySelector(`:is(${CONTROL}):focus`);
    const key = focused ? keyOf(focused) : used;
    view.innerHTML = html;
    drawnAt = Date.now();
    settleBars();
    tell(first);
    first = false;
    used = null;
    if (key === null) return;
    let again = [...view.querySelectorAll(CONTROL)].find((node) => keyOf(node) === key);
    if (!again || isOff(again)) {
      again = view.querySelector('[data-focus-next] [tabindex="0"]')
        || view.querySelector('[tabindex="0"], button:not([disabled]):not([aria-disabled="true"])');
    }
    if (again) again.focus();
  }
  function connect() {
    const url = new URL("tables/ws", document.baseURI);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    url.search = "";
    socket = new WebSocket(url);
    socket.onopen = () => {
      wait = 500;
      socket.send(JSON.stringify({ type: "sit", table, seat, draw: true }));
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "view") {
        show(message.html);
        root.dataset.version = String(message.version);
        root.removeAttribute("aria-busy");
        if (status.dataset.kind === "lost") { status.textContent = ""; status.dataset.kind = ""; }
      } else if (message.type === "reply" || message.type === "refused") {
        status.dataset.kind = message.ok ? "" : "refused";
        status.textContent = message.ok ? "" : message.reasons.map((reason) => reason.text).join(" ");
        if (message.type === "reply") root.removeAttribute("aria-busy");
      }
    };
    socket.onclose = (event) => {
      socket = null;
      if (event.code === 4403) return;     // not a student of this class: the page said so
      status.dataset.kind = "lost";
      status.textContent = words.lost;
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 8000);
    };
  }
  function send(act, arg, key) {
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      status.dataset.kind = "lost";
      status.textContent = words.lost;
      return;
    }
    used = key;
    root.setAttribute("aria-busy", "true");
    socket.send(JSON.stringify({ type: "event", act, arg }));
  }
  function activate(target) {
    const node = target.closest(CONTROL);
    if (!node || !view.contains(node) || isOff(node)) return false;
    if (node.matches("select, input")) return false;
    if (node.dataset.act) send(node.dataset.act, node.dataset.arg || "", keyOf(node));
    else if (node.dataset.card) send("card", node.dataset.card, keyOf(node));
    else send("region", node.dataset.click, keyOf(node));
    return true;
  }
  view.addEventListener("click", (event) => {
    if (activate(event.target) && event.target.closest("a")) event.preventDefault();
  });
  view.addEventListener("keydown", (event) => {
    const node = event.target;
    if ((event.key === "Enter" || event.key === " ") && !node.matches("button") && activate(node)) {
      event.preventDefault();
    }
  });
  status.textContent = words.connecting;
  connect();
})();
"""

#: the table page's policy: its one script by its hash, the websocket to this server only
CSP = content_security_policy(SCRIPT)

PAGE_STYLE = STYLE + TABLE_CSS + """
.rt-play { margin: 0.4em 0; }
.rt-play-status { min-height: 1.4em; color: #8a1c12; font-weight: 700; margin: 0.3em 0; }
.rt-seats li { margin: 0.3em 0; }
body:has(#rt-table) { max-width: 72em; }
@media (max-width: 600px) { body { margin: 0.3em auto; padding: 0 0.4em; font-size: 17px; } }
"""


def game_title(rules_name: str, options=None) -> str:
    """A table's game in the reader's words ("Basic Rummy")."""
    from ..game.deal import rules_from_json
    return rules_from_json(rules_name, options or {}).term if options else get_rules(rules_name).term


def seats_html(base: str, entries) -> str:
    """The student's seats: ``entries`` lists (table id, seat, game's name, who sits at the
    table in seat order, from this student's side: "you", names, "Computer (hard)")."""
    if not entries:
        return f'<p class="rt-no-seat">{escape(say("tables_no_seat"))}</p>'
    items = "".join(
        f'<li><a href="{escape(base)}{PAGE_PATH}?table={escape(table_id)}" class="rt-seat-link">'
        f'{escape(say("tables_seat_link", table=table_id, game=game, seat=seat + 1))}</a> '
        f'<span class="rt-note">{escape(say("tables_players", names=", ".join(names)))}</span></li>'
        for table_id, seat, game, names in entries)
    return f'<ul class="rt-seats">{items}</ul>'


def table_html(table_id: str, seat: int) -> str:
    """The place of the drawn table, which the page's script fills from the websocket."""
    words = {"connecting": say("tables_connecting"), "lost": say("tables_connection_lost"),
             "left": plural_templates("table_page_left")}
    data = escape(json.dumps(words, ensure_ascii=False), quote=True)
    return (f'<div id="rt-table" class="rt-play" data-table="{escape(table_id)}" data-seat="{seat}" '
            f'data-words="{data}" aria-busy="true"><div class="rt-play-view"></div>'
            f'<p class="rt-play-status" role="status" aria-live="polite"></p></div>')


def page(title: str, main: str, switch: str = "") -> str:
    return (f"<!DOCTYPE html>\n<html lang=\"{i18n.current_language()}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta name=\"referrer\" content=\"same-origin\">"
            f"<title>{escape(title)}</title><style>{PAGE_STYLE}</style></head><body>{switch}"
            f'<main id="rt-main" class="rt-classroom-tables">{main}</main>'
            f"<script>{SCRIPT}</script></body></html>\n")


def table_page_handlers(base: str, config, desk, the_hall, door=None) -> list:
    """(pattern, handler) for the students' table page under ``base``; ``the_hall()``
    gives the session's :class:`~.tablehall.TableHall` (the websocket's own)."""
    import tornado.web

    from .tableseat import seat_names

    config = as_config(config)
    prefix = base + "/"
    seat_hash = seat_hash_reader(config)
    teacher_lang = class_language(config)
    user_header = None if door is not None else config.user_header

    def entries(student_id: str) -> list:
        hall = the_hall()
        names = hall.names()
        found = []
        for table_id, seat in hall.seats_of(student_id):
            spec = hall.spec(table_id)
            found.append((table_id, seat, game_title(spec["rules"], spec.get("options")),
                          seat_names(spec, names, seat)))
        return found

    class Tables(tornado.web.RequestHandler):
        def set_default_headers(self):
            self.set_header("Cache-Control", "no-store")
            self.set_header("Referrer-Policy", "same-origin")
            self.set_header("X-Content-Type-Options", "nosniff")
            self.set_header("Content-Security-Policy", CSP)

        def language(self) -> str:
            try:
                return i18n.resolve_language(self.get_cookie(LANG_COOKIE) or teacher_lang)
            except UsageError:
                return teacher_lang

        async def work(self, function, *args):
            return await asyncio.get_running_loop().run_in_executor(None, function, *args)

        def show(self, main: str, status: int = 200) -> None:
            self.set_status(status)
            self.set_header("Content-Type", "text/html; charset=utf-8")
            with i18n.language(self.language()):
                switch = language_switch(lambda code: f"{prefix}quiz?lang={code}")
                self.finish(page(class_title(config), main(), switch))

        async def get(self):
            user = None
            if door is not None:
                found = await door.user(self)
                if found is None:
                    return door.login(self)
                if found.get("teacher"):         # a course's teacher (LTI) is no student here
                    return self.show(lambda: join_first(prefix), 403)
                user = found["name"]
            elif user_header:
                user = self.request.headers.get(user_header) or None
            found = seat_hash(self)
            student = await self.work(desk.student_of, found, user) if found else None
            if student is None:
                return self.show(lambda: join_first(prefix), 403)
            seats = await self.work(entries, student.student_id)
            wanted = self.get_argument("table", "")[:64]
            mine = [entry for entry in seats if entry[0] == wanted]
            back = f'<p><a href="{escape(prefix)}quiz" class="rt-back">{{}}</a></p>'

            def main() -> str:
                heading = f"<h1>{escape(say('tables_heading', name=student.name))}</h1>"
                if wanted and mine:
                    table_id, seat, game, _ = mine[0]
                    return (f"<h1>{escape(say('tables_at_table', table=table_id, game=game))}</h1>"
                            f"{table_html(table_id, seat)}"
                            f'<p><a href="{escape(prefix)}{PAGE_PATH}">{escape(say("tables_all_seats"))}</a></p>')
                said = (f'<p class="rt-alert" role="alert">{escape(say("table_not_your_seat"))}</p>'
                        if wanted else "")
                return (heading + said + seats_html(prefix, seats)
                        + back.format(escape(say("tables_back_to_quiz"))))
            self.show(main, 404 if wanted and not mine else 200)

    return [(base + "/" + PAGE_PATH, Tables)]
