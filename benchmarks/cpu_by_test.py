"""Where a test run's CPU time goes, test by test: the CPU of everything each test made
its pytest process do (the process itself, and every server, kernel, Node driver and
Chromium it started), and Chromium's share of it, counted by the kernel, not sampled.

    .venv/bin/python benchmarks/cpu_by_test.py --top 40 -- .venv/bin/python tests/run_lanes.py
    .venv/bin/python benchmarks/cpu_by_test.py -- .venv/bin/python -m pytest tests/test_book.py

The command must pass extra arguments on to pytest (``tests/run_lanes.py`` gives them to
every lane); this script adds ``-p benchmarks.cpu_by_test``, which loads this file as a
pytest plugin in each pytest process. The plugin moves its process into a cgroup of its
own (cgroup v1's ``cpuacct``: on this machine the v2 hierarchy has no cpu controller), so
whatever the process starts is counted there even after it ends, and starts Chromium
through a wrapper that puts Chromium in a cgroup inside that one. Before and after each
test it reads the two counters. ``benchmarks/cpu_by_process.py`` samples every process
once a second instead: it sees the whole machine, but not which test asked for the work,
and misses processes shorter than a second.

Prints CPU seconds by pytest process (the lanes), the tests and the modules that took the
most (all, and Chromium's), and keeps the figures in ``--out`` (JSON). Needs Linux, root
and cgroup v1's cpuacct at /sys/fs/cgroup/cpuacct; says which is missing otherwise.
docs/testing.md quotes it.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

CPUACCT = Path("/sys/fs/cgroup/cpuacct")
#: set by the script for the pytest processes: the folder of their cgroups' parent
GROUP_ENV = "CPU_BY_TEST_GROUP"
#: the file each pytest process writes its figures to, in the results folder
RESULTS_ENV = "CPU_BY_TEST_RESULTS"


def cpu_seconds(group: Path) -> float:
    """The CPU time of every process that ever was in ``group`` (and its sub-groups)."""
    try:
        return int((group / "cpuacct.usage").read_text()) / 1e9
    except OSError:  # no such group yet: nothing ran in it
        return 0.0


# --- the plugin, in each pytest process (-p benchmarks.cpu_by_test) -------------------

_group: Path | None = None
_tests: list[dict] = []


def pytest_configure(config) -> None:
    global _group
    parent = os.environ.get(GROUP_ENV)
    if not parent:
        return  # loaded outside the script: count nothing
    _group = Path(parent) / str(os.getpid())
    _group.mkdir()
    (_group / "cgroup.procs").write_text(str(os.getpid()))


def pytest_sessionstart(session) -> None:
    """Start Chromium through the wrapper (tests/browser.py reads these names when it
    launches a browser)."""
    browser = session.config.pluginmanager.get_plugin("browser")
    if _group is None or browser is None:
        return
    for name in ("CHROMIUM", "DESKTOP_CHROMIUM"):   # a cgroup's folder takes no files: beside the results
        wrapper = Path(os.environ[RESULTS_ENV], f"{name.lower()}-{os.getpid()}")
        wrapper.write_text(f'#!/bin/sh\nmkdir -p "{_group}/chromium"\n'
                           f'echo $$ > "{_group}/chromium/cgroup.procs"\n'
                           f'exec {getattr(browser, name)} "$@"\n')
        wrapper.chmod(0o755)
        setattr(browser, name, str(wrapper))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    if _group is None:
        yield
        return
    before = cpu_seconds(_group), cpu_seconds(_group / "chromium"), time.monotonic()
    yield
    _tests.append({"test": item.nodeid,
                   "cpu": round(cpu_seconds(_group) - before[0], 3),
                   "chromium": round(cpu_seconds(_group / "chromium") - before[1], 3),
                   "wall": round(time.monotonic() - before[2], 3)})


def pytest_sessionfinish(session) -> None:
    if _group is None:
        return
    args = session.config.invocation_params.args
    lane = next((a.split("=", 1)[1] for a in args if str(a).startswith("--lane=")), "pytest")
    figures = {"process": f"{lane} ({os.getpid()})", "cpu": round(cpu_seconds(_group), 3),
               "chromium": round(cpu_seconds(_group / "chromium"), 3), "tests": _tests}
    Path(os.environ[RESULTS_ENV], f"{os.getpid()}.json").write_text(json.dumps(figures))


# --- the script ------------------------------------------------------------------------

def cgroup_refused() -> str | None:
    """Why no cgroup can be made here, or None."""
    if not sys.platform.startswith("linux"):
        return "this is not Linux"
    if not (CPUACCT / "cpuacct.usage").exists():
        return f"no cgroup v1 cpuacct hierarchy at {CPUACCT}"
    if not os.access(CPUACCT, os.W_OK):
        return f"{CPUACCT} is not writable (run as root)"
    return None


def remove_groups(root: Path) -> None:
    """Remove the run's cgroups, deepest first (a cgroup is removed with rmdir, once
    empty; a process still in one keeps it)."""
    for folder in sorted((p for p in root.rglob("*") if p.is_dir()), key=lambda p: -len(p.parts)):
        try:
            folder.rmdir()
        except OSError:
            pass
    try:
        root.rmdir()
    except OSError:
        pass


def report(results: list[dict], top: int) -> str:
    lines = ["CPU seconds by pytest process (everything it started included):"]
    for figures in sorted(results, key=lambda f: -f["cpu"]):
        lines.append(f"  {figures['process']:<22} {figures['cpu']:8.1f}   of which Chromium "
                     f"{figures['chromium']:7.1f}   tests {len(figures['tests']):5d}")
    total = sum(f["cpu"] for f in results)
    chromium = sum(f["chromium"] for f in results)
    lines.append(f"  {'all':<22} {total:8.1f}   of which Chromium {chromium:7.1f}")
    tests = [t for f in results for t in f["tests"]]
    lines.append(f"\nThe {top} tests that took the most CPU (all, Chromium's, wall seconds):")
    for t in sorted(tests, key=lambda t: -t["cpu"])[:top]:
        lines.append(f"  {t['cpu']:7.1f} {t['chromium']:7.1f} {t['wall']:7.1f}  {t['test']}")
    modules = collections.defaultdict(lambda: [0.0, 0.0, 0])
    for t in tests:
        module = modules[t["test"].split("::")[0]]
        module[0] += t["cpu"]
        module[1] += t["chromium"]
        module[2] += 1
    lines.append(f"\nThe {top} modules that took the most CPU (all, Chromium's, tests):")
    for name, (cpu, chromium_cpu, count) in sorted(modules.items(), key=lambda m: -m[1][0])[:top]:
        lines.append(f"  {cpu:7.1f} {chromium_cpu:7.1f} {count:5d}  {name}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=30, help="how many tests and modules to list")
    parser.add_argument("--out", type=Path, help="keep the figures of every test here (JSON)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command to run")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command after --, e.g. -- .venv/bin/python tests/run_lanes.py")
    refused = cgroup_refused()
    if refused:
        print(f"cpu_by_test: cannot count by test: {refused}", file=sys.stderr)
        return 2
    root = CPUACCT / f"rummy-teach-cpu-by-test-{os.getpid()}"
    root.mkdir()
    results_folder = Path(tempfile.mkdtemp(prefix="cpu-by-test-"))
    env = dict(os.environ, **{GROUP_ENV: str(root), RESULTS_ENV: str(results_folder)})
    try:
        code = subprocess.call([*command, "-p", "benchmarks.cpu_by_test"],
                               cwd=Path(__file__).resolve().parent.parent, env=env)
        results = [json.loads(p.read_text()) for p in sorted(results_folder.glob("*.json"))]
    finally:
        remove_groups(root)
        shutil.rmtree(results_folder, ignore_errors=True)
    if not results:
        print("cpu_by_test: no pytest process reported (does the command pass -p on to pytest?)",
              file=sys.stderr)
        return code or 2
    print(report(results, args.top))
    if args.out:
        args.out.write_text(json.dumps(results, indent=1))
    print(f"\n(the command's exit status: {code})")
    return code


if __name__ == "__main__":
    sys.exit(main())
