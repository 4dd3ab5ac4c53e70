"""The benchmarks that open the book in Chromium (bench_book_play, bench_slow_device,
bench_lite_open) wait, before each page is asked for, until the browser they started has
finished opening the tab (its processes quiet): the figures are the page's, not the tab's."""

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from bench_book_play import descendants_cpu, wait_until_quiet  # noqa: E402

# a child that computes for half a second of CPU, says so, then sleeps until killed
BUSY = "import time\nend = time.process_time() + 0.5\nwhile time.process_time() < end: pass\n" \
       "print('done', flush=True)\ntime.sleep(600)\n"


def test_the_cpu_of_the_processes_it_started_is_read_by_process():
    child = subprocess.Popen([sys.executable, "-c", BUSY], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "done\n"
        assert descendants_cpu()[child.pid] >= 0.45
        assert descendants_cpu(root=child.pid) == {}          # it started nothing
    finally:
        child.kill()
        child.wait()


class Looks:
    """The CPU readings the wait sees, one per look, and a clock that moves by the sleeps."""

    def __init__(self, *readings):
        self.readings, self.now, self.sleeps = list(readings), 0.0, 0

    def sample(self):
        return self.readings.pop(0)

    def sleep(self, seconds):
        self.sleeps += 1
        self.now += seconds

    def clock(self):
        return self.now

    def wait(self, give_up_s=60):
        return wait_until_quiet(0.5, 0.01, give_up_s, sample=self.sample, sleep=self.sleep,
                                clock=self.clock)


def test_it_waits_for_a_window_without_cpu():
    looks = Looks({7: 0.0}, {7: 0.4}, {7: 0.8, 8: 0.1}, {7: 0.8, 8: 0.1})
    assert looks.wait() == 1.5 and looks.sleeps == 3


def test_a_process_that_ended_does_not_make_a_busy_browser_look_quiet():
    # the renderer 7 ends after 5 s of CPU while 8 works on: the total drops, yet 8 was busy
    looks = Looks({7: 5.0, 8: 0.0}, {8: 0.3}, {8: 0.3})
    assert looks.wait() == 1.0 and looks.sleeps == 2


def test_a_browser_that_never_quiets_is_said_and_measured_anyway(capsys):
    looks = Looks(*({1: n * 0.2} for n in range(10)))
    assert looks.wait(give_up_s=2) == 2.5
    assert "still busy 2 s" in capsys.readouterr().out
