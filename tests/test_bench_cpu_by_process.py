"""benchmarks/cpu_by_process.py (the CPU figures of docs/testing.md): it runs the
command, passes on its exit status, and counts the CPU time of the processes it
started by their kind."""

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "cpu_by_process.py"
# a child that computes for about two seconds, then exits with status 3; its command
# line names a lane, so the script files it under that lane
BUSY = ("import time\nend = time.process_time() + 2\nwhile time.process_time() < end: pass\n"
        "raise SystemExit(3)  # --lane=probe")


def test_it_counts_the_commands_cpu_time_by_kind_and_keeps_its_exit_status():
    done = subprocess.run([sys.executable, str(SCRIPT), "--", sys.executable, "-c", BUSY],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 3, done.stderr
    assert re.search(r"the machine was busy \d+\.\d% of it", done.stdout), done.stdout
    counted = re.search(r"^\s+(\d+)  pytest lane probe$", done.stdout, re.MULTILINE)
    assert counted and 1 <= int(counted.group(1)) <= 3, done.stdout


def test_without_a_command_it_says_what_to_give():
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "after --" in done.stderr
