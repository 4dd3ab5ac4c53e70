"""benchmarks/cpu_by_process.py (the CPU figures of docs/testing.md): it runs the
command, passes on its exit status, and counts the CPU time of the processes it
started by their kind."""

import re
import subprocess
import sys
import time
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


def test_a_process_waiting_to_be_reaped_keeps_its_kind():
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import cpu_by_process
    finally:
        sys.path.remove(str(SCRIPT.parent))
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()  # --lane=probe"],
                             stdin=subprocess.PIPE)
    try:
        seen: dict = {}
        cpu_by_process.merge(seen, cpu_by_process.processes())
        key = next(key for key in seen if key[0] == str(child.pid))
        assert seen[key][1] == "pytest lane probe"
        child.stdin.close()  # it exits; not reaped until child.wait()
        stat = Path(f"/proc/{child.pid}/stat")
        for _ in range(200):
            if stat.read_text().rsplit(")", 1)[1].split()[0] == "Z":
                break
            time.sleep(0.05)
        now = cpu_by_process.processes()
        assert now[key][1].startswith("other"), now[key]  # what misfiled it before
        cpu_by_process.merge(seen, now)
        assert seen[key][1] == "pytest lane probe"
    finally:
        child.wait()
