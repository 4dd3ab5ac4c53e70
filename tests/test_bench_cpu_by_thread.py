"""benchmarks/cpu_by_thread.py (the figures by thread in docs/benchmarks.md, issue 27): it
reads each thread's CPU of the browser's processes by name, and without a built book it
stops at once saying to run `make book`."""

import importlib.util
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "cpu_by_thread.py"
_spec = importlib.util.spec_from_file_location("cpu_by_thread", SCRIPT)
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

# a process busy on a thread it names (argv[1]) for half a second, then idle until stopped
# (the thread stays: an ended thread's figures are gone, as with Chromium's processes)
BUSY = """
import ctypes, sys, threading, time
def spin():
    ctypes.CDLL(None).prctl(15, sys.argv[1].encode(), 0, 0, 0)     # PR_SET_NAME
    end = time.process_time() + 0.5
    while time.process_time() < end:
        pass
    print("spun", flush=True)
    time.sleep(60)
threading.Thread(target=spin, daemon=True).start()
time.sleep(60)
"""


def busy(*argv):
    return subprocess.Popen([sys.executable, "-c", BUSY, *argv], stdout=subprocess.PIPE, text=True)


def test_it_counts_each_threads_cpu_by_name_in_the_browsers_processes():
    before = bench.cpu_by_thread()
    # one whose command line names Chromium, one whose does not
    processes = [busy("SpinningThread", "chromium-look-alike"), busy("NotTheBrowser")]
    try:
        for process in processes:
            assert process.stdout.readline() == "spun\n"
        after = bench.cpu_by_thread()
    finally:
        for process in processes:
            process.kill()
            process.wait()
    assert after["SpinningThread"] - before.get("SpinningThread", 0) >= 0.4
    assert "NotTheBrowser" not in after


def test_without_the_books_pages_it_stops_at_once_and_says_make_book(tmp_path):
    done = subprocess.run([sys.executable, str(SCRIPT), "--html", str(tmp_path / "nowhere")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "Run `make book` first." in done.stderr and done.stdout == ""
