"""Run the whole suite as one pytest process per lane, side by side: what `make test` does.

The lanes (``LANES`` and ``lane_of`` in tests/conftest.py) are disjoint and together are
every test once: "book" (the book build and the tests that read or open it), "serve"
(the other browser and server tests, which mostly wait on Chromium and Jupyter),
"games" (the long random games, which only compute) and "cpu" (every other test). On
two cores the lanes that wait leave room for those that compute, and no core idles
while one lane finishes alone.

The first lane prints to the terminal as it runs; every other lane's output goes to
``test-<lane>.log`` and is printed whole after it, so no two outputs interleave. The
exit status is non-zero when any lane fails (or collects nothing). Extra arguments are
passed to every lane::

    .venv/bin/python tests/run_lanes.py --durations=30
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import LANES  # noqa: E402  (the lanes are defined beside lane_of)

#: the lane shown live: the book's, the longest (its build comes first)
SHOWN = "book"


def pytest(lane: str, extra: list[str]) -> list[str]:
    return [sys.executable, "-m", "pytest", f"--lane={lane}", *extra]


def log_of(lane: str) -> Path:
    return ROOT / f"test-{lane}.log"


def main(extra: list[str]) -> int:
    start = time.monotonic()
    logged = [lane for lane in LANES if lane != SHOWN]
    codes, took = {}, {}
    logs = {lane: open(log_of(lane), "w") for lane in logged}
    running, waiters = {}, []

    def wait_for(lane: str) -> None:
        codes[lane] = running[lane].wait()
        took[lane] = time.monotonic() - start

    try:
        for lane in logged:
            running[lane] = subprocess.Popen(pytest(lane, extra), cwd=ROOT, stdout=logs[lane],
                                             stderr=subprocess.STDOUT)
            waiters.append(threading.Thread(target=wait_for, args=(lane,), daemon=True))
            waiters[-1].start()
        print(f"== lane {SHOWN!r} (below) started together with "
              + ", ".join(f"lane {lane!r} (in {log_of(lane).name})" for lane in logged),
              flush=True)
        codes[SHOWN] = subprocess.call(pytest(SHOWN, extra), cwd=ROOT)
        took[SHOWN] = time.monotonic() - start
        for waiter in waiters:
            waiter.join()
    except BaseException:  # Ctrl-C: stop the other lanes too
        for process in running.values():
            process.terminate()
            process.wait()
        raise
    finally:
        for log in logs.values():
            log.close()
    total = time.monotonic() - start
    for lane in logged:
        print(f"\n== lane {lane!r} ({log_of(lane).name}):", flush=True)
        sys.stdout.write(log_of(lane).read_text(errors="replace"))
    print("\n== " + "; ".join(f"lane {lane!r}: exit {codes[lane]}, {took[lane]:.0f} s"
                              for lane in LANES) + f"; all: {total:.0f} s")
    # pytest's code 5 (no test collected) is a failure here too: each lane has tests
    return 0 if all(code == 0 for code in codes.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
