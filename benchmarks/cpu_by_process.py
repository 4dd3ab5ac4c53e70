"""Where a run's CPU time goes: sample every process's CPU time each second while a
command runs, then print the totals by kind of process and how busy the machine was.

    .venv/bin/python benchmarks/cpu_by_process.py -- .venv/bin/python tests/run_lanes.py

docs/testing.md quotes its figures for `make test`. A process is counted from the
sample before it ends (up to a second of its time may be missed; a process shorter than
a second may be missed whole); what ran before the command started is not counted.
Linux only (it reads /proc).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time

TICKS = os.sysconf("SC_CLK_TCK")
#: (kind, words any of which in the command line or process name marks it), first match wins
KINDS = (
    ("chromium", ("chrom", "headless_shell", "memfd")),
    ("lesson kernels", ("ipykernel",)),
    ("book build", ("sphinx", "jupyter-book", "editions.py")),
    ("voila", ("voila",)),
    ("jupyterhub", ("jupyterhub", "configurable-http-proxy")),
    ("jupyterlab", ("jupyter-lab", "jupyterlab", "jupyter lab")),
    ("postgresql", ("postgres", "initdb")),
    ("node", ("node",)),
)


def kind_of(command: str, name: str) -> str:
    if "--lane=" in command:
        return "pytest lane " + command.split("--lane=")[1].split()[0]
    for kind, words in KINDS:
        if any(word in command or word in name for word in words):
            return kind
    return "other: " + name


def busy_ticks() -> tuple[int, int]:
    """(busy, all) CPU ticks of the machine since boot."""
    fields = list(map(int, open("/proc/stat").readline().split()[1:]))
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields)


def processes():
    """(pid, start time) -> (CPU seconds so far, kind) for every process now."""
    found = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = open(f"/proc/{pid}/stat").read()
            command = open(f"/proc/{pid}/cmdline").read().replace("\0", " ")
        except OSError:
            continue  # ended meanwhile
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        rest = stat[stat.rindex(")") + 2:].split()
        seconds = (int(rest[11]) + int(rest[12])) / TICKS  # utime + stime
        found[(pid, rest[19])] = (seconds, kind_of(command, name))
    return found


def merge(seen: dict, now: dict) -> None:
    """Take the newest CPU times into `seen`, each process keeping the kind it was first
    seen with: a process that has exited and waits to be reaped reads an empty command
    line, which would file it under "other"."""
    for key, (seconds, kind) in now.items():
        seen[key] = (seconds, seen[key][1] if key in seen else kind)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command to run (after --)")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to run after --")
    before = {key: seconds for key, (seconds, _) in processes().items()}
    last: dict = {}
    busy0, all0 = busy_ticks()
    start = time.monotonic()
    done = threading.Event()

    def sample():
        while not done.is_set():
            merge(last, processes())
            done.wait(1.0)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    code = subprocess.call(command)
    done.set()
    sampler.join()
    merge(last, processes())
    busy1, all1 = busy_ticks()
    totals: dict[str, float] = {}
    for key, (seconds, kind) in last.items():
        totals[kind] = totals.get(kind, 0.0) + seconds - before.get(key, 0.0)
    print(f"\n{time.monotonic() - start:.0f} s wall; the machine was busy "
          f"{(busy1 - busy0) / max(1, all1 - all0):.1%} of it; CPU seconds by kind of process:")
    for kind, seconds in sorted(totals.items(), key=lambda kv: -kv[1]):
        if seconds >= 1:
            print(f"  {seconds:8.0f}  {kind}")
    return code


if __name__ == "__main__":
    sys.exit(main())
