"""The book on a slow device: the whole browser held to a quarter of one core.

    .venv/bin/python benchmarks/bench_slow_device.py --html book/_build/html --runs 5

Issue 27, point 5. A mid-range phone is slower than this machine's cores everywhere,
in the page and in the worker that runs the book's Python. Chromium's own CPU
throttling (``Emulation.setCPUThrottlingRate``) reaches pages only, not workers, so
this script puts every Chromium process under a CPU quota instead: a cgroup whose
``cpu.max`` (cgroup v2) or ``cpu.cfs_quota_us`` / ``cpu.cfs_period_us`` (cgroup v1) is
25000 of 100000 µs, a quarter of one core (``--period-ms 10``: 2500 of 10000 µs, the same
quarter in finer slices; see below). Chromium is launched through a small shell
wrapper that puts itself in the cgroup and then execs Chromium, so every process
Chromium starts is in it too. Which kind was used is printed; when no cgroup can be
written (not root, no cpu controller) the script says exactly which file refused and
falls back to Chromium's throttling ×4 on the pages, which is NOT the same (the worker
runs at full speed) and is printed as such.

The built book (``make book``: the pages and the live lessons' site in ``lite/``) is
served over http from localhost; every request leaving localhost is blocked. Each run
is a fresh browser context (a cold cache) whose tab is opened, and the browser left until
it is quiet, before the page is asked for (``bench_book_play.wait_until_quiet``). Measured in the page's clock
(``performance.now()``, 0 = the moment the page was asked for):

* **Draw shown**: "Play a hand against the computer" (tutorials/basic_play) shows the
  build's picture of the table with its Draw button (no script needed);
* **Draw live**: the table dealt afresh by the page's Python, Draw enabled (the page's
  first answer on that page: until then the table is inert);
* **the worker asked for** and **Python ready** in it (the page's timings: when
  bookplay.js created the worker, when the snapshot was loaded and the engine imported);
* **first answer**: Draw clicked the moment it is live, until the log says "You draw";
  counted from the page being asked for and from the click;
* **first answer, meld checker** (tutorials/basic_melds, nothing dealt first): a card
  clicked as soon as the page has loaded, until the checker has redrawn, from the page
  being asked for;
* **click waits behind background work**: after the first answer, the reader clicks
  cards of the hand at uneven gaps (0.1 to 2.5 s, seeded) while the page prepares the
  quiz further down; for each click, the time to the redrawn table minus Python's own
  time for that event in the worker is the wait behind other work (the worker's queue
  and the main thread). The same clicks are then made on a quiet page (the browser idle
  before each), for what a click costs besides its Python when nothing else runs. And
  the page's long tasks (``PerformanceObserver`` "longtask", main thread, > 50 ms) over
  the whole run;
* **live lessons** (``--lite``): the lesson's book page loaded, its "Run this lesson
  live" link clicked (JupyterLab starts beside the page) and at once a card of the page's
  meld checker: seconds after the link until the page answered, until JupyterLab is ready
  (its Python idle), and until its first card shows once opened; and ten more clicks on the
  checker, a second apart, while JupyterLab loads (click to redrawn, ms) (``lite_run``).
  ``--lite-direct`` opens the lite address instead, as before 7 Dec (``--lite-app
  notebooks``: JupyterLite's Notebook app instead of JupyterLab), until the first card
  picture of a cell's output.

Prints, for the quota run and (unless ``--no-baseline``) the same runs at full speed,
the median, 90th percentile and worst of each figure, and the ratio slow / fast.
Targets (issue 27): first answer <= 3 s cold; no click waits more than 150 ms behind
background work; live cards <= 8 s. ``--json`` writes every run.

What the later clicks still wait behind (7 Dec): V8 compiling the hottest of Pyodide's
WebAssembly again with its optimizing compiler, on threads of its own, while the reader
plays. Under one quota those threads take the quarter core from the page and its
worker. ``--browser-flag=--js-flags=--liftoff-only`` leaves that compiler out (a browser
no reader has; the baseline compiler alone) and shows what is ours: docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_book_play import GIVE_UP_MS, PLAY, SETTLE, TABLE, new_page, not_built, serve, wait_until_quiet  # noqa: E402
from browser import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402

MELDS = "tutorials/basic_melds.html"
CHECKER = ".rt-play[data-kind=meld_checker]"
PERIOD_US = 100_000
LITE_CARD = ".jp-OutputArea-output svg[role=img]"

# Installed before any script of the page runs: long tasks, and the moments the table's
# Draw button is first shown and first live, seen by a MutationObserver (no polling loop
# to slow the page further). The observer itself must cost the page next to nothing: it
# once measured the button's box at every change while the page was parsed (a layout
# forced each time: 1.1 s of the main thread on a quarter of a core before the first
# answer). Now "shown" is looked for once a frame (requestAnimationFrame, when the page
# lays itself out anyway), "live" only by the button's attributes, and the observer
# stops once the table is live.
WATCH = """
(() => {
  const seen = window.__slow = { longtasks: [], draw_shown: null, draw_live: null };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) { seen.longtasks = null; }
  let frame = null;
  const button = () => {
    const root = document.querySelector('TABLE');
    return [root, root && root.querySelector("button[data-arg=draw]")];
  };
  const shown = () => {
    frame = null;
    const [root, draw] = button();
    if (seen.draw_shown === null && draw && draw.getBoundingClientRect().width > 0) {
      seen.draw_shown = performance.now();
      look();
    }
  };
  const look = () => {
    const [root, draw] = button();
    if (!draw) return;
    if (seen.draw_shown === null) {
      if (frame === null) frame = requestAnimationFrame(shown);
      return;
    }
    // live: the page's Python is up, or the page answers from the replies drawn ahead at
    // build time (data-ahead; before the page's script runs, the build's picture is
    // neither busy nor inert, but nothing answers it), and the table is dealt
    const play = window.rummyTeachPlay;
    const answers = play && (play.timings.ready !== undefined || root.dataset.ahead === "ready");
    if (seen.draw_live === null && answers
        && !root.hasAttribute("aria-busy") && !draw.disabled && !draw.closest("[inert]")) {
      seen.draw_live = performance.now();
      watcher.disconnect();
    }
  };
  const watcher = new MutationObserver(look);
  watcher.observe(document, { childList: true, subtree: true, attributes: true });
})();
""".replace("TABLE", TABLE)

# click a control and resolve with [click time, answer time] when the widget has redrawn:
# the page marks a widget aria-busy from the click until its answer is shown
CLICK = """
async ([widgetSelector, controlSelector]) => {
  const widget = document.querySelector(widgetSelector);
  const view = widget.querySelector(".rt-play-view");
  const before = view.innerHTML;
  const changed = new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (!widget.hasAttribute("aria-busy") && view.innerHTML !== before) {
        observer.disconnect(); resolve(performance.now());
      }
    });
    observer.observe(widget, { childList: true, subtree: true, attributes: true });
    setTimeout(() => reject(new Error(`${controlSelector}: no answer`)), GIVE_UP_MS);
  });
  const start = performance.now();
  widget.querySelector(controlSelector).click();
  return [start, await changed];
}
""".replace("GIVE_UP_MS", str(GIVE_UP_MS))


# --- the quota ---------------------------------------------------------------------------

class Quota:
    """A cgroup holding Chromium to ``share`` of one core, or the reason there is none.

    ``launcher`` is the program to start instead of Chromium (None: no cgroup, use the
    pages' throttling); ``kind`` says which was used; ``throttled()`` reads how often and
    how long the cgroup's processes were held back (cgroup ``cpu.stat``)."""

    def __init__(self, share: float, period_us: int = PERIOD_US):
        self.share, self.path, self.launcher, self.refused = share, None, None, []
        self._folder = tempfile.TemporaryDirectory(prefix="rummy-slow-")
        quota = int(period_us * share)
        name = f"rummy-slow-{os.getpid()}"
        # the quota caps Chromium at its share; the weight (the largest there is) makes sure it
        # gets that share on a machine busy with other work, where a group of the default
        # weight competes as one process among all the others (at a load of 16 on 2 cores,
        # about an eighth of a core: the figures then measured the load more than the pages)
        tries = [("cgroup v2 cpu.max", Path("/sys/fs/cgroup"), {"cpu.max": f"{quota} {period_us}",
                                                                "cpu.weight": "10000"}),
                 ("cgroup v2 cpu.max", Path("/sys/fs/cgroup/unified"), {"cpu.max": f"{quota} {period_us}",
                                                                        "cpu.weight": "10000"}),
                 ("cgroup v1 cpu.cfs_quota_us", Path("/sys/fs/cgroup/cpu"),
                  {"cpu.cfs_period_us": str(period_us), "cpu.cfs_quota_us": str(quota),
                   "cpu.shares": "262144"})]
        for kind, parent, settings in tries:
            if not parent.is_dir():
                self.refused.append(f"{parent}: no such folder")
                continue
            if kind.startswith("cgroup v2"):
                controllers = parent / "cgroup.controllers"
                if not controllers.exists() or "cpu" not in controllers.read_text().split():
                    self.refused.append(f"{controllers}: no cpu controller in this hierarchy")
                    continue
            group = parent / name
            try:
                group.mkdir(exist_ok=True)
                for file, value in settings.items():
                    (group / file).write_text(value)
            except OSError as error:
                self.refused.append(f"{group}: {error}")
                if group.is_dir():
                    try:
                        group.rmdir()
                    except OSError:
                        pass
                continue
            self.kind, self.path = kind, group
            wrapper = Path(self._folder.name) / "chromium-in-cgroup"
            wrapper.write_text(f'#!/bin/sh\necho $$ > "{group}/cgroup.procs"\nexec {CHROMIUM} "$@"\n')
            wrapper.chmod(0o755)
            self.launcher = str(wrapper)
            return
        self.kind = "none: Chromium's own throttling x{:g} on pages only (the worker runs at full speed)".format(
            1 / share)

    def throttled(self) -> dict:
        if self.path is None:
            return {}
        stat = dict(line.split() for line in (self.path / "cpu.stat").read_text().splitlines())
        if "nr_throttled" not in stat:
            return stat
        seconds = int(stat.get("throttled_usec", 0)) / 1e6 or int(stat.get("throttled_time", 0)) / 1e9
        return {"periods": int(stat["nr_periods"]), "throttled_periods": int(stat["nr_throttled"]),
                "throttled_s": round(seconds, 1)}

    def close(self) -> None:
        if self.path is not None:
            for _ in range(50):       # Chromium's processes take a moment to leave it
                try:
                    self.path.rmdir()
                    break
                except OSError:
                    time.sleep(0.1)
        self._folder.cleanup()


# --- one run -----------------------------------------------------------------------------

def new_context(browser, throttle: float | None):
    """bench_book_play's fresh page (a cold cache, outside requests blocked, the browser
    quiet), watched from its first script and, without a cgroup, throttled."""
    context, page, outside = new_page(browser)
    context.add_init_script(WATCH)          # runs in every page the context navigates
    if throttle:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return context, page, outside


def click_card(page, card: str) -> tuple[float, float]:
    """Click ``card`` on the table: (click to redrawn table, that less Python's own time
    for the event in the worker), ms."""
    before = len(page.evaluate("window.rummyTeachPlay.timings.dispatch_ms"))
    clicked, answered = page.evaluate(CLICK, [TABLE, card])
    page.wait_for_function(f"() => window.rummyTeachPlay.timings.dispatch_ms.length > {before}",
                           timeout=GIVE_UP_MS)
    python = page.evaluate("window.rummyTeachPlay.timings.dispatch_ms.at(-1)")
    return answered - clicked, max(0.0, answered - clicked - python)


def one_run(browser, site: str, clicks: int, seed: int, throttle: float | None) -> dict:
    out = {}
    context, page, outside = new_context(browser, throttle)
    try:
        page.goto(f"{site}/{PLAY}", wait_until="commit")
        page.wait_for_function("() => window.__slow && window.__slow.draw_live !== null",
                               timeout=GIVE_UP_MS, polling=100)
        seen = page.evaluate("window.__slow")
        out["draw_shown_ms"], out["draw_live_ms"] = seen["draw_shown"], seen["draw_live"]
        clicked, answered = page.evaluate(CLICK, [TABLE, "button[data-arg=draw]"])
        assert "You draw" in page.locator(f"{TABLE} .rt-log").inner_text()
        out["first_answer_ms"] = answered
        out["first_answer_from_click_ms"] = answered - clicked
        out["python_up_at_first_answer"] = page.evaluate("window.rummyTeachPlay.timings.ready !== undefined")
        # the rest of the first turn at once (a card, Discard), then the next turn's Draw:
        # past the replies drawn ahead, the first click only Python can answer
        card = ".rt-seat[aria-label=You] [data-card]"
        page.evaluate(CLICK, [TABLE, card])
        page.evaluate(CLICK, [TABLE, "button[data-arg=discard]:not([disabled])"])
        out["first_turn_ms"] = page.evaluate("performance.now()")
        if page.locator(f"{TABLE} button[data-arg=draw]:not([disabled])").count():
            clicked, answered = page.evaluate(CLICK, [TABLE, "button[data-arg=draw]"])
            out["second_draw_ms"], out["second_draw_from_click_ms"] = answered, answered - clicked
        out["answered_ahead"] = len([e for e in page.evaluate("window.rummyTeachPlay.timings.ahead || []")
                                     if "key" in e and "checked" not in e])
        # the reader goes on clicking while the page prepares the quiz below
        gaps = random.Random(seed).choices([0.1, 0.3, 0.6, 1.0, 1.6, 2.0, 2.5], k=clicks)
        waits, totals = [], []
        for gap in gaps:
            time.sleep(gap)
            total, wait = click_card(page, card)
            totals.append(total)
            waits.append(wait)
        timings = page.evaluate("window.rummyTeachPlay.timings")
        longtasks = page.evaluate("window.__slow.longtasks")
        out["click_ms"] = totals
        out["click_wait_ms"] = waits
        # the same clicks on a quiet page (the browser idle before each): what a click costs
        # besides its Python when no other work is there (7 Dec, desktop Chromium, quarter
        # core: 10-13 ms median, against 83-95 ms above: the waits above are other work's)
        quiet = []
        for _ in gaps:
            wait_until_quiet()
            quiet.append(click_card(page, card)[1])
        out["click_quiet_ms"] = quiet
        out["prepare_ms"] = timings["prepare_ms"]
        out["longtask_ms"] = [d for _, d in longtasks] if longtasks is not None else None
        out["worker_ready_ms"] = timings.get("ready")
        # where the start went: when the page asked for the worker (page clock) and the
        # worker's own marks (ms after it was created: script, runtime, engine, imported)
        out["worker_started_ms"] = timings.get("started")
        out["worker_marks"] = {k: v for k, v in timings.get("worker", {}).items() if k != "snapshot"}
        # the replies drawn ahead, checked against Python's when it came up: all the same?
        checked = [e["same"] for e in timings.get("ahead") or [] if "checked" in e]
        out["ahead_checked"], out["ahead_differ"] = len(checked), checked.count(False)
        out["snapshot"] = timings.get("worker", {}).get("snapshot", "none")
        assert not outside, outside
    finally:
        context.close()
    context, page, outside = new_context(browser, throttle)
    try:
        page.goto(f"{site}/{MELDS}", wait_until="load")
        _clicked, answered = page.evaluate(CLICK, [CHECKER, "[data-card]"])
        out["melds_first_answer_ms"] = answered
        assert not outside, outside
    finally:
        context.close()
    return out


LITE_GIVE_UP_S = 180


def lite_run(browser, site: str, lesson: str, throttle: float | None,
             app: str = "lab", direct: bool = False) -> dict:
    """A live lesson opened as a reader opens it: from the lesson's book page (loaded, its
    load event passed), the "Run this lesson live" link clicked, which starts JupyterLab
    beside the page (book/_play/play/live.js); at once a card of the page's meld checker is
    clicked. Seconds after the link: the page's answer to that click (``lite_page_answer_s``:
    live cards while JupyterLab starts), JupyterLab ready with the lesson's Python idle
    (``lite_ready_s``), and, "Open JupyterLab" pressed then, the first card picture of a
    cell's output in it (``lite_first_cards_s``). ``direct``: the lite address opened
    instead (the app ``app``), the old way: only the first card, from the address. A figure
    that did not come in LITE_GIVE_UP_S is printed and left out."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    context, page, outside = new_context(browser, throttle)
    out = {}
    try:
        if direct:
            start = time.monotonic()
            page.goto(f"{site}/lite/{app}/index.html?path={lesson}.ipynb")
            page.locator(LITE_CARD).first.wait_for(timeout=LITE_GIVE_UP_S * 1000)
            out["lite_first_cards_s"] = time.monotonic() - start
            assert not outside, outside
            return out
        page.goto(f"{site}/tutorials/{lesson}.html", wait_until="load")
        start = time.monotonic()
        page.locator("a.rummy-run-live-link").first.click()
        if page.locator(CHECKER).count():
            page.evaluate(CLICK, [CHECKER, "[data-card]"])
            out["lite_page_answer_s"] = time.monotonic() - start
            # and a click a second for the next ten seconds, while JupyterLab loads
            out["lite_page_click_ms"] = []
            for _ in range(10):
                page.wait_for_timeout(1000)
                clicked, answered = page.evaluate(CLICK, [CHECKER, "[data-card]"])
                out["lite_page_click_ms"].append(answered - clicked)
        page.locator(".rummy-live-bar[data-step=ready]").wait_for(timeout=LITE_GIVE_UP_S * 1000)
        out["lite_ready_s"] = time.monotonic() - start
        page.locator(".rummy-live-open").click()
        page.frame_locator("iframe.rummy-live-frame").locator(LITE_CARD).first.wait_for(
            timeout=LITE_GIVE_UP_S * 1000)
        out["lite_first_cards_s"] = time.monotonic() - start
        assert not outside, outside
    except PlaywrightTimeout:
        print(f"live lesson {lesson}: {len(out)} figures in, the next not in {LITE_GIVE_UP_S} s")
    finally:
        context.close()
    return out


# --- figures -----------------------------------------------------------------------------

def spread(values: list[float]) -> dict:
    """Median, 90th percentile (nearest rank) and worst of ``values``."""
    ordered = sorted(values)
    if not ordered:
        return {}
    p90 = ordered[min(len(ordered) - 1, max(0, round(0.9 * len(ordered)) - 1))]
    return {"median": round(statistics.median(ordered), 1), "p90": round(p90, 1),
            "max": round(ordered[-1], 1), "n": len(ordered)}


FIGURES = [  # (key, how many per run: one or a list, target, what)
    ("draw_shown_ms", None, "Draw shown (build's picture), ms after the page was asked for"),
    ("draw_live_ms", None, "Draw live (dealt by the page's Python), ms after asked for"),
    ("worker_started_ms", None, "  the worker asked for, ms after asked for"),
    ("worker_ready_ms", None, "  Python ready in it (snapshot loaded), ms after asked for"),
    ("first_answer_ms", 3000, "first answer (Draw clicked when live), ms after asked for"),
    ("first_answer_from_click_ms", None, "  of which from the click, ms"),
    ("first_turn_ms", None, "  the first turn done (a card, Discard clicked at once), ms"),
    ("second_draw_ms", None, "next turn's Draw answered (Python's first), ms after asked for"),
    ("second_draw_from_click_ms", None, "  of which from the click, ms"),
    ("melds_first_answer_ms", 3000, "first answer, meld checker clicked at load, ms after asked for"),
    ("click_ms", None, "later clicks, click to redrawn table, ms"),
    ("click_wait_ms", 150, "later clicks' wait behind background work, ms"),
    ("click_quiet_ms", None, "  the same clicks on a quiet page (browser idle before each), ms"),
    ("prepare_ms", None, "background preparations in the worker (quiz...), Python ms each"),
    ("longtask_ms", 150, "long tasks on the main thread, ms each"),
    ("lite_page_answer_s", 8, "live lesson: the page's cards answering after the link, s"),
    ("lite_page_click_ms", None, "  the page's later clicks while JupyterLab loads, click to redrawn, ms"),
    ("lite_ready_s", None, "  JupyterLab ready beside the page (its Python idle), s"),
    ("lite_first_cards_s", None, "  JupyterLab's first cards (opened when ready, or --lite-direct), s"),
]


def summarise(runs: list[dict]) -> dict:
    out = {}
    for key, _target, _what in FIGURES:
        values = []
        for run in runs:
            value = run.get(key)
            if value is None:
                continue
            values.extend(value if isinstance(value, list) else [value])
        if values:
            out[key] = spread(values)
    return out


def measure(args, site: str, share: float | None) -> tuple[str, dict, list[dict], dict]:
    from playwright.sync_api import sync_playwright

    quota = Quota(share, args.period_ms * 1000) if share else None
    throttle = None
    executable = CHROMIUM
    if quota is not None:
        if quota.launcher:
            executable = quota.launcher
        else:
            throttle = 1 / share
            for refused in quota.refused:
                print("no cgroup:", refused)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable,
                                                 args=CHROMIUM_FLAGS + args.browser_flag)
            runs = [one_run(browser, site, args.clicks, args.seed + i, throttle) for i in range(args.runs)]
            if args.lite:
                for i in range(args.runs):
                    runs[i].update(lite_run(browser, site, args.lite, throttle, args.lite_app,
                                            args.lite_direct))
            browser.close()
        held = quota.throttled() if quota is not None else {}
    finally:
        if quota is not None:
            quota.close()
    kind = "full speed" if quota is None else quota.kind
    return kind, summarise(runs), runs, held


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--html", type=Path, default=ROOT / "book" / "_build" / "html")
    parser.add_argument("--runs", type=int, default=5, help="cold page loads (fresh contexts)")
    parser.add_argument("--clicks", type=int, default=15, help="later clicks per run")
    parser.add_argument("--share", type=float, default=0.25, help="of one core (0.25: a quarter)")
    parser.add_argument("--period-ms", type=int, default=PERIOD_US // 1000,
                        help="the quota's period: the share is given in slices of this length "
                             "(100: 25 ms of every 100 ms; a click that comes when the slice is "
                             "spent waits up to 75 ms for the next, whatever the page does)")
    parser.add_argument("--lite", default="basic_melds", help="live lesson to open ('' for none)")
    parser.add_argument("--lite-app", default="lab",
                        help="the JupyterLite app the live lesson opens in (lab, notebooks)")
    parser.add_argument("--lite-direct", action="store_true",
                        help="open the live lesson at its lite address, not from its book page")
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--no-baseline", action="store_true", help="skip the full-speed runs")
    parser.add_argument("--no-settle", action="store_true",
                        help="ask for each page as soon as its tab is open (the tab's own start "
                             "then counts in the page's figures; as measured before 7 Dec)")
    parser.add_argument("--browser-flag", action="append", default=[], metavar="FLAG",
                        help="one more Chromium flag (again for more), e.g. "
                             "--browser-flag=--js-flags=--liftoff-only: V8's optimizing compiler "
                             "for WebAssembly off (see docs/benchmarks.md); the pages' figures "
                             "then describe a browser no reader has")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    SETTLE["on"] = not args.no_settle
    missing = not_built(args.html)
    if missing:
        sys.exit(f"{args.html} is not a built book: {missing}. Run `make book` first.")
    site, server = serve(args.html)
    report = {"load_average_before": os.getloadavg(), "share": args.share, "period_ms": args.period_ms,
              "settle": SETTLE["on"], "browser_flags": args.browser_flag}
    try:
        shares = [("slow", args.share)] + ([] if args.no_baseline else [("fast", None)])
        for label, share in shares:
            kind, figures, runs, held = measure(args, site, share)
            report[label] = {"quota": kind, "figures": figures, "runs": runs, "cgroup_cpu_stat": held}
    finally:
        server.shutdown()
    report["load_average_after"] = os.getloadavg()
    print(f"quota: {report['slow']['quota']} ({args.share:g} of a core, in {args.period_ms} ms periods); "
          f"held back: {report['slow']['cgroup_cpu_stat']}"
          + (f"; Chromium also given {' '.join(args.browser_flag)}" if args.browser_flag else ""))
    print(f"{'figure':66} {'median':>8} {'p90':>8} {'max':>8} {'n':>4} {'target':>7} {'x fast':>7}")
    for key, target, what in FIGURES:
        slow = report["slow"]["figures"].get(key)
        if not slow:
            continue
        fast = report.get("fast", {}).get("figures", {}).get(key)
        ratio = f"{slow['median'] / fast['median']:.1f}" if fast and fast["median"] else ""
        print(f"{what:66} {slow['median']:8} {slow['p90']:8} {slow['max']:8} {slow['n']:4} "
              f"{'' if target is None else target:>7} {ratio:>7}")
    print("load average before", report["load_average_before"], "after", report["load_average_after"])
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
