"""How fast the book's own pages answer: first picture, first click, every click after.

    .venv/bin/python benchmarks/bench_book_play.py --html book/_build/html --runs 3

Serves a built book (``make book``: the pages plus the live lessons' site in
``lite/``) with a plain static file server on localhost, and opens it in Debian's
Chromium driven by Playwright, every request that leaves localhost blocked. Each run
uses a fresh browser context, so the cache is cold; its tab is opened, and the browser
left until it is quiet, before the page is asked for (``wait_until_quiet``: a reader
follows a link in a tab already open; ``--no-settle`` for the way it was measured before
7 December 2026). Measured in the page with
``performance.now()``:

* **first picture**: from navigation start until the first card of the table is drawn
  (it is in the HTML: no script is needed for it);
* **first answer, clicked at once**: Draw on "Play a hand against the computer" pressed
  as soon as the page has loaded (Python not started yet: the worst case) until the log
  reads "You draw ...";
* **first answer, clicked after a pause**: the same after the page was left idle for 5 s
  (Python starts while the reader reads);
* **later clicks**: a card of the hand selected and deselected, click to redrawn table;
* **stepper**: Next on "Going out and scoring" (views drawn at build time);
* **warm cache**: the table's page opened again in the same browser context (files from
  the browser's cache, the runtime's compiled code from V8's cache), left idle 5 s, Draw.

To tell the design's cost from a busy machine's, it also reads the page's own marks
(``window.rummyTeachPlay.timings``, see ``book/_play/play/worker.js``): when the page
asked for the worker, the worker's phases in its own clock (Pyodide's script, the
build's memory snapshot fetched, checked and unpacked, the runtime, the engine's wheel,
the controllers imported), how Python started (``snapshot``: "used", or why not), when
it was ready, and Python's own time per event inside the worker; and it prints the load
average before and after.
On Linux it also reads from ``/proc`` the CPU seconds Chromium's threads spent from
opening the page to the first answer (all threads, and the worker's thread alone):
unlike the clock, CPU seconds do not grow when other jobs share the cores.

Prints the median of each over the runs and writes them with ``--json``.
Targets (issue 12): first answer <= 5 s cold (aim 3 s); later clicks <= 150 ms.

``--coach`` measures the coach instead (issue 17, target: a hint within 1 s in the
browser's Python): on "Learn from your own hand" the learner presses **Hint** at the
start of each turn and again after drawing, then discards, for ``--coach-turns`` turns;
then plays the hand to its end and presses **Review my hand**. Each press is timed from
the click to the redrawn table, and by Python's own time in the worker.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser import CHROMIUM, CHROMIUM_FLAGS, is_local  # noqa: E402

PLAY = "tutorials/basic_play.html"
SCORING = "tutorials/basic_scoring.html"

#: the longest a page may take to answer before the run stops with an error (the first
#: answer of a cold page on a busy machine is a few seconds; this is far above that)
GIVE_UP_MS = 120_000

# click a control of a widget and resolve when the widget's view has changed
CLICK = """
async ([widgetSelector, controlSelector]) => {
  const widget = document.querySelector(widgetSelector);
  const view = widget.querySelector(".rt-play-view");
  const before = view.innerHTML;
  const changed = new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (view.innerHTML !== before) { observer.disconnect(); resolve(performance.now()); }
    });
    observer.observe(view, { childList: true, subtree: true, attributes: true });
    setTimeout(() => reject(new Error(`${controlSelector}: no answer in GIVE_UP_MS ms`)), GIVE_UP_MS);
  });
  const start = performance.now();
  widget.querySelector(controlSelector).click();
  return (await changed) - start;
}
""".replace("GIVE_UP_MS", str(GIVE_UP_MS))
FIRST_CARD = """
() => new Promise((resolve, reject) => {
  const look = () => {
    const card = document.querySelector(".rt-play[data-kind=table] svg[role=img]");
    if (card && card.getBoundingClientRect().width > 0) resolve(performance.now());
    else if (performance.now() > GIVE_UP_MS) reject(new Error("no card drawn in GIVE_UP_MS ms"));
    else requestAnimationFrame(look);
  };
  look();
})
""".replace("GIVE_UP_MS", str(GIVE_UP_MS))
COACH = "tutorials/basic_coach.html"
TABLE = ".rt-play[data-kind=table]"
STEPPER = ".rt-play[data-kind=stepper]"


class _Files(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, *args):
        pass


#: what a page must hold for the figures: the widget the benchmark clicks (a page of the
#: book without it, or no page at all, would leave the browser waiting for ever)
PAGES = {PLAY: TABLE, SCORING: STEPPER}
PYODIDE = Path("lite") / "static" / "pyodide" / "pyodide.mjs"


def not_built(html: Path, coach: bool = False) -> str:
    """What is missing from ``html`` for this benchmark ("" when nothing is)."""
    if not html.is_dir():
        return "no such folder"
    pages = {COACH: TABLE} if coach else PAGES
    for page, widget in pages.items():
        path = html / page
        if not path.is_file():
            return f"{page} is missing"
        kind = widget.split("data-kind=")[1].rstrip("]")
        if f'data-kind="{kind}"' not in path.read_text(encoding="utf-8", errors="replace"):
            return f"{page} has no live {kind} (built without the book's widgets?)"
    if not (html / PYODIDE).exists():
        return f"it has no {PYODIDE.parent.parent}/ site (the browser's Python)"
    return ""


def serve(html: Path) -> tuple[str, http.server.ThreadingHTTPServer]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(_Files, directory=str(html)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}", server


def new_page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    outside = []

    def route(r):
        if is_local(r.request.url):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    if SETTLE["on"]:
        wait_until_quiet()
    return context, page, outside


# A new tab is not free: the desktop Chromium starts and initialises renderers for it
# (0.4-0.5 s of CPU at full speed, measured 7 Dec; the headless shell much less), and that
# work went on while the page loaded, so the page's figures counted the tab's own start
# (about 1.8 s under bench_slow_device's quarter of a core). A reader follows a link in a
# tab that is already open: each run waits until the browser is quiet before the page is
# asked for.
QUIET_WINDOW_S = 0.5       # the browser is quiet when a window this long adds less than
QUIET_CPU_S = 0.01         # this much CPU time to all its processes together
QUIET_GIVE_UP_S = 60
SETTLE = {"on": True}      # --no-settle: ask for the page at once (as before 7 Dec)


def descendants_cpu(root: int | None = None) -> dict[int, float]:
    """CPU seconds so far of every process below ``root`` (default: this one), by pid:
    Playwright's driver and the browser it started, with all of the browser's processes
    (Linux /proc)."""
    root = os.getpid() if root is None else root
    children, used = {}, {}
    tick = os.sysconf("SC_CLK_TCK")
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        except OSError:          # gone meanwhile
            continue
        children.setdefault(int(fields[1]), []).append(int(pid))
        used[int(pid)] = (int(fields[11]) + int(fields[12])) / tick
    out, below = {}, list(children.get(root, ()))
    while below:
        pid = below.pop()
        out[pid] = used[pid]
        below.extend(children.get(pid, ()))
    return out


def wait_until_quiet(window_s: float = QUIET_WINDOW_S, cpu_s: float = QUIET_CPU_S,
                     give_up_s: float = QUIET_GIVE_UP_S, *, sample=descendants_cpu,
                     sleep=time.sleep, clock=time.monotonic) -> float:
    """Wait until the processes below this one (``sample``: CPU seconds by pid) used less
    than ``cpu_s`` of CPU in the last ``window_s`` (said, not hidden, when that has not
    happened in ``give_up_s``); the seconds waited. A process that ended meanwhile counts
    nothing (its time is gone from /proc; a drop in a sum would have passed for quiet)."""
    start = clock()
    before = sample()
    while True:
        sleep(window_s)
        now = sample()
        used = sum(seconds - before.get(pid, 0.0) for pid, seconds in now.items())
        if used < cpu_s:
            return clock() - start
        if clock() - start > give_up_s:
            print(f"the browser was still busy {give_up_s} s after the tab was opened; measured anyway")
            return clock() - start
        before = now


def chromium_cpu() -> dict[tuple[str, str], tuple[str, float]]:
    """CPU seconds (user + system) spent so far by each of Chromium's threads:
    {(pid, tid): (thread name, seconds)}."""
    tick, out = os.sysconf("SC_CLK_TCK"), {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if "chrom" not in Path(f"/proc/{pid}/comm").read_text():
                continue
            for tid in os.listdir(f"/proc/{pid}/task"):
                name = Path(f"/proc/{pid}/task/{tid}/comm").read_text().strip()
                fields = Path(f"/proc/{pid}/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
                out[pid, tid] = (name, (int(fields[11]) + int(fields[12])) / tick)
        except OSError:   # a thread that ended meanwhile
            continue
    return out


def cpu_spent(before: dict, after: dict, name: str | None = None) -> float:
    """CPU seconds spent between two readings by the threads alive at the second (all of
    them, or those called ``name``); threads of earlier runs that ended do not count."""
    return sum(seconds - before.get(key, (None, 0.0))[1] for key, (thread, seconds) in after.items()
               if name is None or thread == name)


def one_run(browser, site: str, pause: float, clicks: int) -> dict:
    context, page, outside = new_page(browser)
    try:
        cpu_before = chromium_cpu() if Path("/proc/self/task").exists() else {}
        page.goto(f"{site}/{PLAY}", wait_until="commit")
        first_picture = page.evaluate(FIRST_CARD)
        page.wait_for_load_state("load")
        if pause:
            time.sleep(pause)
        clicked = page.evaluate("performance.now()")
        first = page.evaluate(CLICK, [TABLE, "button[data-arg=draw]"])
        assert "You draw" in page.locator(TABLE).inner_text()
        cpu_after = chromium_cpu() if cpu_before else {}
        later = []
        for i in range(clicks):
            later.append(page.evaluate(CLICK, [TABLE, ".rt-seat[aria-label=You] [data-card]"]))
        marks = page.evaluate("window.rummyTeachPlay.timings")
        page.goto(f"{site}/{SCORING}", wait_until="load")
        steps = [page.evaluate(CLICK, [STEPPER, "button[data-name=next]"]) for _ in range(10)]
        page.goto(f"{site}/{PLAY}", wait_until="load")
        time.sleep(5.0)
        warm = page.evaluate(CLICK, [TABLE, "button[data-arg=draw]"])
        warm_marks = page.evaluate("window.rummyTeachPlay.timings")
        assert not outside, outside
        worker = marks["worker"]
        return {"first_picture_ms": first_picture, "first_answer_ms": first,
                "later_click_ms": statistics.median(later), "later_click_max_ms": max(later),
                "stepper_next_ms": statistics.median(steps),
                # the page's clock: when the worker was asked for (idle or click), and the
                # click's own wait for it (0 when it was ready before the click)
                "worker_asked_ms": marks["started"], "worker_ready_ms": marks["ready"],
                "click_waited_for_worker_ms": max(0.0, marks["ready"] - clicked),
                # the worker's own clock, by phase
                "w_pyodide_script_ms": worker["script"] - worker["asked"],
                # the snapshot's memory fetched, checked and unpacked (alongside the script
                # and Pyodide's own files), counted from the worker's start
                "w_snapshot_ready_ms": worker.get("snapshot_unpacked", 0) - worker["asked"],
                "w_runtime_ms": worker["runtime"] - worker["script"],
                "w_engine_wheel_ms": worker["engine"] - worker["runtime"],
                "w_import_ms": worker["imported"] - worker["engine"],
                "w_total_ms": worker["imported"],
                "py_first_event_ms": marks["dispatch_ms"][0],
                "py_later_event_ms": statistics.median(marks["dispatch_ms"][1:]),
                "cpu_to_first_answer_s": cpu_spent(cpu_before, cpu_after),
                "cpu_worker_thread_s": cpu_spent(cpu_before, cpu_after, "DedicatedWorker"),
                "warm_first_answer_ms": warm, "warm_w_total_ms": warm_marks["worker"]["imported"],
                # how Python started: "used" (the build's memory snapshot), or why not
                "snapshot": worker.get("snapshot", "none")}
    finally:
        context.close()


def coach_run(browser, site: str, turns: int) -> dict:
    """Hint and review times on the coach's lesson (see the module docstring)."""
    context, page, outside = new_page(browser)
    own_last = ".rt-seat[aria-label=You] [data-card]:last-of-type"

    def press(name: str) -> tuple[float, float]:
        """Click ``name`` and wait for the redrawn table: (page ms, Python ms in the worker)."""
        wall = page.evaluate(CLICK, [TABLE, f"button[data-arg={name}]"])
        return wall, page.evaluate("window.rummyTeachPlay.timings.dispatch_ms.at(-1)")

    try:
        page.goto(f"{site}/{COACH}", wait_until="load")
        page.evaluate(CLICK, [TABLE, "button[data-arg=rank]"])     # Python started and ready
        hints = []
        table = page.locator(TABLE)
        for _turn in range(300):
            if table.locator(".rt-result").count():
                break
            if len(hints) < 2 * turns and table.locator("button[data-arg=hint]:not([disabled])").count():
                hints.append(press("hint"))
            if table.locator("button[data-arg=draw]:not([disabled])").count():
                press("draw")
                if len(hints) < 2 * turns:
                    hints.append(press("hint"))
            page.locator(f"{TABLE} {own_last}").last.click()
            page.wait_for_function("el => !el.hasAttribute('aria-busy')", arg=table.element_handle())
            press("discard")
        review = press("review")
        said = table.locator(".rt-coach").inner_text()
        assert "points lost (estimated)" in said, said
        assert not outside, outside
        walls, pythons = [w for w, _ in hints], [p for _, p in hints]
        return {"hints": len(hints), "hint_median_ms": statistics.median(walls),
                "hint_max_ms": max(walls), "hint_python_median_ms": statistics.median(pythons),
                "hint_python_max_ms": max(pythons), "review_ms": review[0],
                "review_python_ms": review[1], "review_line": said.splitlines()[-1]}
    finally:
        context.close()


def coach_main(args) -> int:
    """``--coach``: the coach's figures, one line per run (each run a fresh context)."""
    from playwright.sync_api import sync_playwright

    site, server = serve(args.html)
    print("load average before", os.getloadavg())
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            runs = [coach_run(browser, site, args.coach_turns) for _ in range(args.runs)]
            browser.close()
    finally:
        server.shutdown()
    for run in runs:
        print("coach", json.dumps({k: round(v, 1) if isinstance(v, float) else v for k, v in run.items()},
                                  ensure_ascii=False))
    print("load average after", os.getloadavg())
    if args.json:
        args.json.write_text(json.dumps(runs, indent=2, ensure_ascii=False))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--html", type=Path, default=ROOT / "book" / "_build" / "html")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--coach", action="store_true", help="measure the coach's hint and review instead")
    parser.add_argument("--coach-turns", type=int, default=8, help="turns with two hints each")
    parser.add_argument("--no-settle", action="store_true",
                        help="ask for each page as soon as its tab is open (as before 7 Dec)")
    args = parser.parse_args()
    SETTLE["on"] = not args.no_settle
    missing = not_built(args.html, coach=args.coach)
    if missing:
        sys.exit(f"{args.html} is not a built book: {missing}. Run `make book` first.")
    if args.coach:
        return coach_main(args)
    from playwright.sync_api import sync_playwright

    site, server = serve(args.html)
    results = {"load_average_before": os.getloadavg()}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            for label, pause in (("clicked at once", 0.0), ("clicked after 5 s idle", 5.0)):
                runs = [one_run(browser, site, pause, args.clicks) for _ in range(args.runs)]
                results[label] = {key: (round(statistics.median(r[key] for r in runs), 1)
                                        if isinstance(runs[0][key], (int, float))
                                        else sorted({r[key] for r in runs}))
                                  for key in runs[0]}
                print(label, json.dumps(results[label]))
            browser.close()
    finally:
        server.shutdown()
    results["load_average_after"] = os.getloadavg()
    print("load average before", results["load_average_before"], "after", results["load_average_after"])
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
