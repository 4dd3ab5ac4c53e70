"""How soon a live lesson (JupyterLite) shows its first cards, and when its kernel is ready.

    .venv/bin/python benchmarks/bench_lite_open.py --html book/_build/html --runs 3

Serves a built book with its live lessons (``make book``) from a plain static file
server on localhost and opens lessons in JupyterLite, in Debian's Chromium driven by
Playwright, a fresh browser context (cold cache) each run, every outside request
blocked. From the moment the address is opened it measures:

* **first cards**: the first card picture (``svg[role=img]``) drawn in a cell's output;
* **kernel ready**: the status bar reads "Python (Pyodide) | Idle";
* **first cards after Run All** (``--run-all``): as above, for a site built without the
  book's outputs (``lite/build.py --executed none``), the old way.

Prints the median of each over the runs; ``--json`` writes them. Target (issue 12):
first cards <= 8 s after opening.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_book_play import new_page, serve  # noqa: E402
from browser import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402

CARD = ".jp-OutputArea-output svg[role=img]"
IDLE = ".jp-StatusBar-Item:has-text('Python (Pyodide) | Idle')"


def one_run(browser, site: str, lesson: str, run_all: bool) -> dict:
    context, page, outside = new_page(browser)
    try:
        start = time.monotonic()
        page.goto(f"{site}/lite/lab/index.html?path={lesson}.ipynb")
        out = {}
        if not run_all:
            page.locator(CARD).first.wait_for(timeout=120_000)
            out["first_cards_s"] = time.monotonic() - start
        page.locator(IDLE).first.wait_for(timeout=180_000)
        out["kernel_ready_s"] = time.monotonic() - start
        if run_all:
            page.locator(".jp-Notebook").first.click()
            page.keyboard.press("Escape")
            page.locator("#jp-MainMenu").get_by_text("Run", exact=True).click()
            page.get_by_text("Run All Cells", exact=True).click()
            page.locator(CARD).first.wait_for(timeout=180_000)
            out["first_cards_s"] = time.monotonic() - start
        assert not outside, outside
        return out
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--html", type=Path, default=ROOT / "book" / "_build" / "html")
    parser.add_argument("--lessons", default="basic_melds,basic_scoring")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--run-all", action="store_true",
                        help="the site has no stored outputs: Run All Cells, then wait for cards")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    site, server = serve(args.html)
    results = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            for lesson in args.lessons.split(","):
                runs = [one_run(browser, site, lesson, args.run_all) for _ in range(args.runs)]
                results[lesson] = {k: round(statistics.median(r[k] for r in runs), 2) for k in runs[0]}
                print(lesson, json.dumps(results[lesson]))
            browser.close()
    finally:
        server.shutdown()
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
