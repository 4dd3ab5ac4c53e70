"""Run the whole suite as two pytest processes side by side: what `make test` does.

The "wait" lane (browser, server and book tests, which mostly wait on Chromium, Jupyter
and the book build's kernels) and the "cpu" lane (every other test) are disjoint and
together are every test once (``lane_of`` in tests/conftest.py). On two cores the cpu
lane uses the core the wait lane leaves idle.

The wait lane prints to the terminal as it runs; the cpu lane's output goes to
``test-cpu.log`` and is printed whole after it, so neither is interleaved with the
other. The exit status is non-zero when either lane fails. Extra arguments are passed
to both lanes::

    .venv/bin/python tests/run_lanes.py --durations=30
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CPU_LOG = ROOT / "test-cpu.log"


def pytest(lane: str, extra: list[str]) -> list[str]:
    return [sys.executable, "-m", "pytest", f"--lane={lane}", *extra]


def main(extra: list[str]) -> int:
    start = time.monotonic()
    with open(CPU_LOG, "w") as log:
        cpu = subprocess.Popen(pytest("cpu", extra), cwd=ROOT, stdout=log,
                               stderr=subprocess.STDOUT)
        try:
            print(f"== lane 'wait' (below) and lane 'cpu' (in {CPU_LOG.name}) started together",
                  flush=True)
            wait_code = subprocess.call(pytest("wait", extra), cwd=ROOT)
            wait_done = time.monotonic() - start
            cpu_code = cpu.wait()
        except BaseException:  # Ctrl-C: stop the other lane too
            cpu.terminate()
            cpu.wait()
            raise
    total = time.monotonic() - start
    print(f"\n== lane 'cpu' ({CPU_LOG.name}):", flush=True)
    sys.stdout.write(CPU_LOG.read_text(errors="replace"))
    print(f"\n== lane 'wait': exit {wait_code}, {wait_done:.0f} s; lane 'cpu': exit {cpu_code}; "
          f"both: {total:.0f} s")
    # pytest's code 5 (no test collected) is a failure here too: each lane has tests
    return 0 if wait_code == cpu_code == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
