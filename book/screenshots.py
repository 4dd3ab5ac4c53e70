"""Pictures of the card table as a reader meets it, for the README and the book's start page.

    .venv/bin/python book/screenshots.py                 # after `make book` (or: make screenshots)
    .venv/bin/python book/screenshots.py --html DIR --out DIR

Serves the built book (``book/_build/html``) on localhost, opens "Play a hand against
the computer" (tutorials/basic_play) in Debian's Chromium driven by Playwright, every
request leaving localhost blocked, on a phone (390×844, touch) and on a desktop
(1280×900). The table is dealt deal number ``DEAL`` (the page's ``#deal=`` address, so
the pictures are the same at every run of the same engine), the reader draws a card
from the stock, and the screen is taken with the table at its top. The pictures are
written to ``book/_static/screenshots/`` (``NAMES``), where the book's start page
(book/intro.md) and the README show them; nobody edits them by hand.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

BOOK = Path(__file__).resolve().parent
ROOT = BOOK.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser import CHROMIUM, CHROMIUM_FLAGS, is_local  # noqa: E402

PAGE = "tutorials/basic_play.html"
TABLE = ".rt-play[data-kind=table]"
DEAL = 1234
OUT = BOOK / "_static" / "screenshots"
#: picture name -> the browser's screen
SCREENS = {
    "table-phone.png": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                        "has_touch": True, "device_scale_factor": 2},
    "table-desktop.png": {"viewport": {"width": 1280, "height": 900}, "device_scale_factor": 1},
}
NAMES = tuple(SCREENS)
WAIT_MS = 180_000   # the page's Python deals the table; generous, as machines are shared


class _Files(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, *args):
        pass


def not_built(html: Path) -> str:
    """What is missing from ``html`` for the pictures ("" when nothing is)."""
    page = html / PAGE
    if not page.is_file():
        return f"{page} is missing"
    if not (html / "lite" / "static" / "pyodide" / "pyodide.mjs").is_file():
        return "it has no lite/ site (the browser's Python, which deals the table)"
    return ""


def take(html: Path, out: Path) -> list[Path]:
    """Take every picture of ``SCREENS`` from the book built in ``html`` into ``out``."""
    from playwright.sync_api import sync_playwright

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(_Files, directory=str(html)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}"
    out.mkdir(parents=True, exist_ok=True)
    written = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            for name, screen in SCREENS.items():
                context = browser.new_context(**screen, reduced_motion="reduce")
                outside = []

                def route(r, outside=outside):
                    if is_local(r.request.url):
                        r.continue_()
                    else:
                        outside.append(r.request.url)
                        r.abort()

                context.route("**/*", route)
                page = context.new_page()
                page.goto(f"{site}/{PAGE}#deal={DEAL}", wait_until="load")
                table = page.locator(TABLE)
                page.wait_for_function(
                    f"() => document.querySelector('{TABLE}[data-config]') && "
                    f"!document.querySelector('{TABLE}[aria-busy]') && "
                    f"document.querySelector('{TABLE} [data-deal=\"{DEAL}\"]')", timeout=WAIT_MS)
                table.locator("button[data-arg=draw]").click()
                table.locator(".rt-log").get_by_text("You draw").wait_for(timeout=WAIT_MS)
                page.wait_for_function(f"() => !document.querySelector('{TABLE}[aria-busy]')",
                                       timeout=WAIT_MS)
                # the table at the top of the screen, no focus ring from the click, and
                # not the theme's floating "Back to top" button, which scrolling shows
                page.add_style_tag(content="#pst-back-to-top { display: none !important; }")
                table.evaluate("node => { node.scrollIntoView({block: 'start'}); document.activeElement.blur(); }")
                # the pointer off the table: the scroll slid a greyed button under the spot
                # where Draw was clicked, and the reason it shows on hover covered the moves
                # below it (Discard) in the picture; a reader's tap leaves no such hover
                viewport = screen["viewport"]
                page.mouse.move(viewport["width"] - 1, viewport["height"] - 1)
                page.wait_for_timeout(300)
                if outside:
                    raise RuntimeError(f"the page asked for addresses outside the book: {outside}")
                tips = page.evaluate(f"""() => [...document.querySelectorAll('{TABLE} .rt-why')]
                    .filter(tip => getComputedStyle(tip).display !== 'none').map(tip => tip.textContent)""")
                if tips:
                    raise RuntimeError(f"a tooltip would cover the table in {name}: {tips}")
                path = out / name
                page.screenshot(path=str(path))
                written.append(path)
                context.close()
            browser.close()
    finally:
        server.shutdown()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--html", type=Path, default=BOOK / "_build" / "html")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    missing = not_built(args.html)
    if missing:
        print(f"{args.html} is not a built book: {missing}. Run `make book` first.", file=sys.stderr)
        return 2
    for path in take(args.html, args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
