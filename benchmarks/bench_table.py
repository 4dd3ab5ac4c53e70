"""Click-to-redrawn-table latency of the card table in a real Voilà page.

    .venv/bin/python benchmarks/bench_table.py --clicks 60

Starts Voilà on ``tests/notebooks/`` (as the browser tests do), opens
``table_demo.ipynb`` in Debian's Chromium driven by Playwright, and clicks cards of
the learner's hand again and again. Each measurement runs in the page: from the
click (``performance.now()`` just before ``element.click()``) until the card shows
its new ``aria-pressed`` state in the redrawn table, i.e. the whole round trip:
the browser sends the click to the kernel, Python updates the selection and renders
the table's HTML again, the new HTML comes back and replaces the old.

Prints median, p95, min and max in milliseconds; ``--json`` writes them to a file.
Target: median under 150 ms.
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

from browser import CHROMIUM, CHROMIUM_FLAGS, VoilaServer  # noqa: E402

MEASURE = """
async (key) => {
  const node = document.querySelector(`.rt-table [data-card="${key}"]`);
  const root = node.closest(".rt-clickable");
  const before = node.getAttribute("aria-pressed");
  const done = new Promise((resolve) => {
    const check = () => {
      const now = root.querySelector(`[data-card="${key}"]`);
      if (now && now.getAttribute("aria-pressed") !== before) {
        observer.disconnect(); resolve(performance.now());
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { subtree: true, childList: true, attributes: true });
  });
  const start = performance.now();
  node.click();
  const end = await done;
  return end - start;
}
"""


def percentile(values, fraction):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summary(values):
    return {"n": len(values), "median_ms": round(statistics.median(values), 1),
            "p95_ms": round(percentile(values, 0.95), 1), "min_ms": round(min(values), 1),
            "max_ms": round(max(values), 1)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=60, help="card clicks to time (default 60)")
    parser.add_argument("--warmup", type=int, default=5, help="clicks not counted (default 5)")
    parser.add_argument("--json", type=Path, help="write the results to this file")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    server = VoilaServer().start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            page = browser.new_page(viewport={"width": 1100, "height": 900})
            started = time.perf_counter()
            page.goto(server.url("table_demo.ipynb"))
            page.locator('.rt-table [data-card="8S"]').wait_for(timeout=60_000)
            load_s = time.perf_counter() - started
            keys = ["8S", "8H", "8D", "4H", "5H", "6H", "JS", "JH", "2D", "9C"]
            times = []
            for i in range(args.warmup + args.clicks):
                elapsed = page.evaluate(MEASURE, keys[i % len(keys)])
                if i >= args.warmup:
                    times.append(elapsed)
            browser.close()
    finally:
        server.stop()
    result = {"card_click_to_redraw": summary(times), "page_load_to_table_s": round(load_s, 2)}
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
