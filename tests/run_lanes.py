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

With ``--quick`` it runs `make check`'s tier instead (``QUICK``: no test marked ``slow``,
``browser`` or ``server``, the smaller samples) as two pytest processes that share the
run a module at a time (tests/shared_run.py): on two cores the tier, one process's work,
takes about half the time. The run fails unless the two together ran every selected test
exactly once.
"""

from __future__ import annotations

import compileall
import importlib.util
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
sys.path.insert(0, str(TESTS))
from browser import SCREENSHOTS  # noqa: E402  (where the test servers write their logs)
from conftest import LANES  # noqa: E402  (the lanes are defined beside lane_of)
from pytest import __version__ as pytest_version  # noqa: E402

#: the lane shown live: the book's, the longest (its build comes first)
SHOWN = "book"
#: lanes run as several processes sharing the lane a module at a time, and its book
#: build (tests/shared_run.py, tests/book_build.py): every test of the book lane waits
#: for the build, then mostly for Chromium, one test after another, so one process ran
#: alone for minutes after the others had ended
SPLIT = {"book": 2}

#: `make check`'s tier: every test not marked slow, browser or server (those need the
#: book, Chromium or a server process of their own), with the smaller samples
QUICK = ["-m", "not slow and not browser and not server", "--quick"]
#: the processes sharing `make check`'s run (one per core)
WORKERS = ("check-1", "check-2")


#: pytest plugins found by entry point that the run's processes never use: nbval's imports
#: nbformat, jsonschema, jupyter_client and coverage in every process, before conftest.py
#: runs (tests/test_reader_nbval.py runs nbval in a process of its own, which loads it)
UNUSED_PLUGINS = ["-p", "no:nbval"]


def pytest(lane: str, extra: list[str]) -> list[str]:
    return [sys.executable, "-m", "pytest", *UNUSED_PLUGINS, f"--lane={lane}", *extra]


def compile_package() -> None:
    """Compile the package's bytecode (its ``__pycache__`` folders, which git ignores) before
    the processes start. With ``PYTHONDONTWRITEBYTECODE`` set (as on this project's machine)
    no process writes it, so each one, every lane and every server, kernel and command a
    test starts, compiled the package from its source again (0.47 s of CPU to import all
    of it, 0.33 s from bytecode). Python reads bytecode it finds even with that variable
    set. Without it, the lanes would all compile the same modules at once. Half a second
    of CPU, a tenth of that when the bytecode is already there."""
    compileall.compile_dir(ROOT / "rummy_teach", quiet=1)


def compile_tests() -> None:
    """Write pytest's bytecode of the test modules (their asserts rewritten, in
    ``tests/__pycache__``, which git ignores) before the processes start, when any is missing
    or out of date: two processes collect every other module each, with bytecode allowed.
    pytest writes it only where Python may write bytecode, so under ``PYTHONDONTWRITEBYTECODE``
    every process of every run rewrote and compiled all the test modules again: collecting
    the suite took 9.3 s of CPU in each lane, 3.9 s with the bytecode there (it reads
    bytecode it finds whatever that variable says, and checks it against the source's hash)."""
    modules = sorted(TESTS.glob("test_*.py"))
    if all(has_bytecode(module) for module in [*modules, TESTS / "conftest.py"]):
        return
    allowed = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    halves = [modules[0::2], modules[1::2]]          # (each process loads conftest.py too)
    collecting = [subprocess.Popen([sys.executable, "-m", "pytest", *UNUSED_PLUGINS, "-p", "no:cacheprovider",
                                    "--collect-only", "-q", *map(str, half)],
                                   cwd=ROOT, env=allowed, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                  for half in halves]
    for process in collecting:     # (a module that does not collect fails in its lane, saying why)
        process.wait()


def has_bytecode(module: Path) -> bool:
    """Whether pytest's bytecode of ``module`` is there and made from its source as it is."""
    name = f"{module.stem}.{sys.implementation.cache_tag}-pytest-{pytest_version}.pyc"  # as pytest names it
    try:
        with open(module.parent / "__pycache__" / name, "rb") as cached:
            header = cached.read(16)
    except OSError:
        return False
    return header[8:16] == importlib.util.source_hash(module.read_bytes())[:8]


def clear_server_logs() -> None:
    """Delete the logs the test servers of earlier runs left beside the pictures (each
    server writes ``<name>-<port>.log`` there, a new name at each port): `make test`
    leaves its own for reading after it, and no more. (`make check`, which starts no
    server, leaves them: a `make check` after a failed `make test` keeps its logs.)"""
    for log in SCREENSHOTS.glob("*.log"):
        log.unlink(missing_ok=True)


def log_of(lane: str) -> Path:
    return ROOT / f"test-{lane}.log"


def quick(extra: list[str]) -> int:
    """`make check`: the quick tier in WORKERS processes sharing one run."""
    with tempfile.TemporaryDirectory(prefix="rummy-check-") as share:
        commands = {worker: [sys.executable, "-m", "pytest", *UNUSED_PLUGINS, *QUICK,
                             f"--share={share}", *extra]
                    for worker in WORKERS}
        compile_package()
        compile_tests()
        code = side_by_side(commands, WORKERS[0], "process")
        problem = shared_problem(Path(share), len(WORKERS))
    if problem:
        print(f"\n== the shared run is not whole: {problem}")
        return 1
    return code


def shared_problem(share: Path, workers: int) -> str | None:
    """What is wrong with a shared run's record (None: each process wrote what it ran,
    and together they ran every selected test once)."""
    records = sorted(share.glob("ran-*.txt"))
    if len(records) != workers:
        return f"{len(records)} of {workers} processes finished their part"
    selected, ran = set(), []
    for record in records:
        first, *nodes = record.read_text(encoding="utf-8").splitlines()
        selected.add(first)
        ran += nodes
    if len(selected) != 1:
        return f"the processes selected different tests ({', '.join(sorted(selected))})"
    expected = int(selected.pop().split()[-1])
    if len(ran) != len(set(ran)):
        return f"{len(ran) - len(set(ran))} tests ran twice"
    if len(ran) != expected:
        return f"{len(ran)} of the {expected} selected tests ran"
    return None


def main(extra: list[str]) -> int:
    if extra[:1] == ["--quick"]:
        return quick(extra[1:])
    with tempfile.TemporaryDirectory(prefix="rummy-lanes-") as share:
        commands = {}
        for lane in LANES:
            if lane not in SPLIT:
                commands[lane] = pytest(lane, extra)
                continue
            for part in range(1, SPLIT[lane] + 1):
                commands[f"{lane}-{part}"] = pytest(lane, [f"--share={share}/{lane}", *extra])
        clear_server_logs()
        compile_package()
        compile_tests()
        code = side_by_side(commands, f"{SHOWN}-1" if SHOWN in SPLIT else SHOWN)
        problems = {lane: shared_problem(Path(share) / lane, SPLIT[lane]) for lane in SPLIT}
    for lane, problem in problems.items():
        if problem:
            print(f"\n== lane {lane!r}: the shared run is not whole: {problem}")
    return 1 if any(problems.values()) else code


def side_by_side(commands: dict[str, list[str]], shown: str, what: str = "lane") -> int:
    """Run each command at once; ``shown``'s output goes to the terminal as it runs, each
    other's to its log, printed whole after it (``what`` names them: "lane"). 0 when every
    command exited with 0."""
    start = time.monotonic()
    logged = [lane for lane in commands if lane != shown]
    codes, took = {}, {}
    logs = {lane: open(log_of(lane), "w") for lane in logged}
    running, waiters = {}, []

    def wait_for(lane: str) -> None:
        codes[lane] = running[lane].wait()
        took[lane] = time.monotonic() - start

    try:
        for lane in logged:
            running[lane] = subprocess.Popen(commands[lane], cwd=ROOT, stdout=logs[lane],
                                             stderr=subprocess.STDOUT)
            waiters.append(threading.Thread(target=wait_for, args=(lane,), daemon=True))
            waiters[-1].start()
        print(f"== {what} {shown!r} (below) started together with "
              + ", ".join(f"{what} {lane!r} (in {log_of(lane).name})" for lane in logged),
              flush=True)
        codes[shown] = subprocess.call(commands[shown], cwd=ROOT)
        took[shown] = time.monotonic() - start
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
        print(f"\n== {what} {lane!r} ({log_of(lane).name}):", flush=True)
        sys.stdout.write(log_of(lane).read_text(errors="replace"))
    print("\n== " + "; ".join(f"{what} {lane!r}: exit {codes[lane]}, {took[lane]:.0f} s"
                              for lane in commands) + f"; all: {total:.0f} s")
    # pytest's code 5 (no test collected) is a failure here too: each lane has tests
    return 0 if all(code == 0 for code in codes.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
