"""What SQLite's page cache size costs and holds for the classroom's results store.

    .venv/bin/python benchmarks/bench_store_cache.py                  # 6,000 and 15,000 answers
    .venv/bin/python benchmarks/bench_store_cache.py --answers 6000 --cache 256 2000

A classroom process keeps two connections to the results file all through a class: the
students' (it writes each answer) and the teacher's pages' (the dashboard counts a
session's answers every 5 s). ``rummy_teach.classroom.store.CACHE_KIB`` sets the page cache
of each (issue 28: SQLite's default, 2,000 KiB, kept nearly the whole growing file).

For each file size and each cache size: a file of ``--answers`` answers of 5 classes is
made; a students' store and a teacher's store are opened on it, as in a classroom process;
then, ``--rounds`` times: one answer recorded on the students' store, the dashboard's
counts of one class read on the teacher's store. Printed: the median and p95 time of the
record and of the read, and the memory SQLite holds (``sqlite3_memory_used``) after the
rounds, less what it held before the two stores were opened. Timing of one process on a
possibly shared machine: the load average is printed with it.
"""

from __future__ import annotations

import argparse
import ctypes
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from rummy_teach.classroom import open_store  # noqa: E402
from rummy_teach.classroom import store as store_module  # noqa: E402


def memory_counter():
    paths = {line.split()[-1] for line in Path("/proc/self/maps").read_text().splitlines()
             if "libsqlite3" in line.split()[-1]}
    if len(paths) != 1:
        return lambda: float("nan")
    library = ctypes.CDLL(paths.pop())
    library.sqlite3_memory_used.restype = ctypes.c_int64
    return library.sqlite3_memory_used


def school_file(path: Path, answers: int) -> None:
    """``answers`` answers of 5 classes x 100 students, 12 questions, interleaved in time
    as a school's classes write them."""
    open_store(path).close()
    filler = sqlite3.connect(path)
    with filler:
        filler.executemany(
            "INSERT INTO rummy_answers (answer_id, session_id, student_id, student_name, quiz, "
            "question_id, rule, given, outcome, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(f"{n * 7919 % 10**9:016x}{n:016x}", f"class-{n % 5}", f"{n % 500:016x}",
              f"Student {n % 500:03d}", "basic", f"basic-{n // 500 % 12:02d}",
              "rule_meld_run", "7H 8H 9H", ("right", "wrong", "right")[n % 3],
              f"2026-12-06T10:{n // 500 % 60:02d}:{n % 60:02d}.000000Z")
             for n in range(answers)])
    filler.close()


def run(answers: int, cache_kib: int, rounds: int, home: Path, used) -> dict:
    path = Path(tempfile.mkdtemp(dir=home)) / "results.db"
    school_file(path, answers)
    store_module.CACHE_KIB = cache_kib
    before = used()
    students, teacher = open_store(path), open_store(path, create=False)
    writes, reads = [], []
    try:
        for n in range(rounds):
            t = time.perf_counter()
            students.record(session=f"class-{n % 5}", student_id=f"s{n % 100}",
                            student_name=f"S {n % 100}", quiz="basic",
                            question_id=f"basic-{n % 12:02d}", rule="rule_meld_run",
                            given="7H 8H 9H", outcome="right")
            writes.append(time.perf_counter() - t)
            t = time.perf_counter()
            teacher.answer_counts(f"class-{n % 5}")
            reads.append(time.perf_counter() - t)
        held = used() - before
    finally:
        students.close()
        teacher.close()

    def ms(values, q):
        return round(1000 * sorted(values)[min(len(values) - 1, int(q * len(values)))], 2)
    return {"answers": answers, "cache_kib": cache_kib, "file_mb": round(path.stat().st_size / 1e6, 2),
            "record_p50_p95_ms": (round(1000 * statistics.median(writes), 2), ms(writes, 0.95)),
            "counts_p50_p95_ms": (round(1000 * statistics.median(reads), 2), ms(reads, 0.95)),
            "sqlite_held_mb": round(held / 1e6, 2)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--answers", type=int, nargs="+", default=[6000, 15000])
    parser.add_argument("--cache", type=int, nargs="+", default=[256, 2000],
                        help="page cache sizes to compare, KiB a connection")
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args(argv)
    used = memory_counter()
    home = Path(tempfile.mkdtemp(prefix="bench-cache-"))
    print("load", " ".join(Path("/proc/loadavg").read_text().split()[:3]))
    for answers in args.answers:
        for cache in args.cache:
            print(run(answers, cache, args.rounds, home, used), flush=True)
    print("load", " ".join(Path("/proc/loadavg").read_text().split()[:3]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
