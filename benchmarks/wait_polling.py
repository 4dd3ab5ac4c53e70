"""What a test's wait for a condition in a page costs Chromium, by how often it asks:
Playwright's ``wait_for_function`` at every frame (its default, ``"raf"``) against every
``POLL_MS`` (tests/browser.py, what the tests pass), and an idle page for comparison.

    .venv/bin/python benchmarks/wait_polling.py --seconds 10 --runs 3

Opens a lesson of the built book (``make book``) in Debian's headless Chromium, served
from localhost, on a page made as the tests make theirs (every request routed), and for
each way waits ``--seconds`` for a condition that never comes true, reading the CPU time
of every Chromium thread from /proc before and after. Prints, per way, the median CPU
seconds per second of waiting over ``--runs``. docs/testing.md ("Time in tests") quotes
it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_book_play import chromium_cpu, cpu_spent, serve  # noqa: E402
from browser import CHROMIUM, CHROMIUM_FLAGS, LAPTOP, POLL_MS, RecordedPage  # noqa: E402

NEVER = "() => document.title === 'never this title'"


def one_wait(page, way, seconds: float) -> float:
    """Chromium's CPU seconds per second of a wait ``way`` ("idle", "raf" or a number of ms)."""
    before = chromium_cpu()     # by thread: Chromium's own readings (bench_book_play)
    if way == "idle":
        time.sleep(seconds)
    else:
        try:
            page.wait_for_function(NEVER, timeout=seconds * 1000, polling=way)
        except Exception:      # the timeout: the condition never comes true
            pass
    return cpu_spent(before, chromium_cpu()) / seconds


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--html", default=str(ROOT / "book" / "_build" / "html"))
    parser.add_argument("--page", default="tutorials/basic_melds.html")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    html = Path(args.html)
    if not (html / args.page).exists():
        print(f"no {html / args.page}: build the book first (make book)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    site, server = serve(html)
    ways = ["idle", "raf", POLL_MS]
    found: dict[str, list[float]] = {str(way): [] for way in ways}
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = RecordedPage(browser.new_context(**LAPTOP)).page     # as the tests' pages are
        page.goto(f"{site}/{args.page}", wait_until="load")
        time.sleep(3)          # the theme's scripts and the page's own start are over
        for _ in range(args.runs):
            for way in ways:
                found[str(way)].append(one_wait(page, way, args.seconds))
        browser.close()
    server.shutdown()
    print(f"{args.page}, {args.seconds:g} s waits, median of {args.runs}: Chromium's CPU seconds per second")
    for way in ways:
        label = {"idle": "no wait (the page idle)", "raf": "asking at every frame (Playwright's default)"}.get(
            way, f"asking every {way} ms (POLL_MS)")
        print(f"  {statistics.median(found[str(way)]):6.3f}  {label}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
