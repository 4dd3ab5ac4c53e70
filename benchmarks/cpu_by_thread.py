"""Chromium's CPU time by thread while a reader plays the first turn of a lesson's table.

    .venv/bin/python benchmarks/cpu_by_thread.py --runs 3          # needs `make book`
    .venv/bin/python benchmarks/cpu_by_thread.py --browser-flag=--js-flags=--liftoff-only

Issue 27. Which of Chromium's threads a page's work lands on, at full speed: the page's
main thread (``chromium-headle`` in the headless shell), the worker running the page's
Python (``DedicatedWorker``), and Chromium's thread pool (``ThreadPoolForeg``), where V8
compiles the hottest WebAssembly functions again with its optimizing compiler. Each run is a
fresh browser context: tutorials/basic_play loaded, its Python up, the first turn (Draw, a
card, Discard) and ten clicks on cards 0.3 s apart, then three seconds for the work they
started. The CPU of each thread of every Chromium process is read from
``/proc/<pid>/task/<tid>/stat`` before and after (the processes stay open until then, so
nothing is lost when one ends) and summed by thread name. ``--browser-flag`` adds a flag to
Chromium (again for more), as in bench_slow_device.py. docs/benchmarks.md quotes it.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_book_play import GIVE_UP_MS, PLAY, TABLE, not_built, serve, wait_until_quiet  # noqa: E402
from bench_slow_device import CLICK  # noqa: E402
from browser import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402

FIRST_TURN = ["button[data-arg=draw]", ".rt-seat[aria-label=You] [data-card]",
              "button[data-arg=discard]:not([disabled])"]
CARD = ".rt-seat[aria-label=You] [data-card]"


def cpu_by_thread() -> collections.Counter:
    """CPU seconds of every thread of every Chromium process now, summed by thread name."""
    seconds = collections.Counter()
    tick = os.sysconf("SC_CLK_TCK")
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if b"chrom" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            for tid in os.listdir(f"/proc/{pid}/task"):
                stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
                name = stat[stat.index("(") + 1:stat.rindex(")")]
                fields = stat[stat.rindex(")") + 2:].split()
                seconds[name] += (int(fields[11]) + int(fields[12])) / tick   # utime, stime
        except (OSError, ValueError):      # the process or thread ended meanwhile
            continue
    return seconds


def one_run(browser, site: str, clicks: int) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()
        wait_until_quiet()
        before = cpu_by_thread()
        page.goto(f"{site}/{PLAY}", wait_until="load")
        page.wait_for_function("() => window.rummyTeachPlay && window.rummyTeachPlay.timings.ready !== undefined",
                               timeout=GIVE_UP_MS)
        for control in FIRST_TURN:
            page.evaluate(CLICK, [TABLE, control])
        for _ in range(clicks):
            page.evaluate(CLICK, [TABLE, CARD])
            time.sleep(0.3)
        time.sleep(3)
        after = cpu_by_thread()
    finally:
        context.close()
    return {name: after[name] - before.get(name, 0.0) for name in after}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--html", type=Path, default=ROOT / "book" / "_build" / "html")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=10)
    parser.add_argument("--browser-flag", action="append", default=[], metavar="FLAG")
    args = parser.parse_args()
    missing = not_built(args.html)
    if missing:
        sys.exit(f"{args.html} is not a built book: {missing}. Run `make book` first.")
    from playwright.sync_api import sync_playwright

    site, server = serve(args.html)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                                 args=CHROMIUM_FLAGS + args.browser_flag)
            runs = [one_run(browser, site, args.clicks) for _ in range(args.runs)]
            browser.close()
    finally:
        server.shutdown()
    print(f"Chromium's CPU by thread, s, {args.runs} runs (min-max), flags: {' '.join(args.browser_flag) or 'none added'}")
    names = sorted({name for run in runs for name in run}, key=lambda n: -sum(run.get(n, 0) for run in runs))
    for name in names:
        values = [run.get(name, 0.0) for run in runs]
        if max(values) >= 0.05:
            print(f"  {name:20} {min(values):6.2f} - {max(values):6.2f}")
    totals = [sum(run.values()) for run in runs]
    print(f"  {'all threads':20} {min(totals):6.2f} - {max(totals):6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
