"""The benchmarks that open the book in Chromium (bench_book_play, bench_slow_device,
bench_lite_open) wait, before each page is asked for, until the browser they started has
finished opening the tab (its processes quiet): the figures are the page's, not the tab's."""

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from bench_book_play import descendants_cpu, wait_until_quiet  # noqa: E402

# a child that computes for `seconds` of CPU, then sleeps (alive but quiet) until killed
BUSY = "import sys, time\nend = time.process_time() + float(sys.argv[1])\n" \
       "while time.process_time() < end: pass\ntime.sleep(600)\n"


def test_it_waits_until_the_processes_it_started_are_quiet():
    child = subprocess.Popen([sys.executable, "-c", BUSY, "1.0"])
    try:
        wait_until_quiet(window_s=0.2, cpu_s=0.01, give_up_s=60)
        assert child.poll() is None                  # still there, and done computing
        assert descendants_cpu()[child.pid] >= 0.95
    finally:
        child.kill()
        child.wait()


def test_a_browser_that_never_quiets_is_said_and_measured_anyway(capsys):
    child = subprocess.Popen([sys.executable, "-c", BUSY, "600"])
    try:
        wait_until_quiet(window_s=0.2, cpu_s=0.01, give_up_s=0.5)
        assert "still busy" in capsys.readouterr().out
        assert child.poll() is None
    finally:
        child.kill()
        child.wait()
