"""A memory probe for the classroom's server processes (measurement only; not part of the
package). Put this folder first on ``PYTHONPATH`` and name a folder in ``MEMPROBE_DIR``:

    MEMPROBE_DIR=/tmp/probe PYTHONPATH=benchmarks/memprobe:$PWD \
        .venv/bin/python benchmarks/bench_classroom_scale.py --classes 2 --students 200 --arrival 30 --minutes 6

Python imports ``sitecustomize`` at start; in a process started as ``... classroom ...`` (the
servers the benchmark starts; nothing else) a thread then writes a JSON line every
``MEMPROBE_SECONDS`` (30) to ``MEMPROBE_DIR/probe-PID.jsonl``: the resident set and the
anonymous memory (``/proc/self/smaps_rollup``), glibc's ``mallinfo2`` (arena, in use, free,
mmapped), SQLite's ``sqlite3_memory_used`` and its high-water mark, Python's allocated
blocks and objects, the kinds of objects whose count grew by more than 200 since the line
before, and the size of the results file and its WAL. ``MEMPROBE_CACHE_KIB=N`` gives every SQLite
connection of the process a page cache of N KiB instead of the store's own
(``rummy_teach.classroom.store.CACHE_KIB``), to compare sizes side by side.
Used for issue 28 (docs/classroom.md, "What grew on the quiet machine").
"""

import os
import sys

def _start():
    import collections
    import ctypes
    import gc
    import json
    import sqlite3
    import threading
    import time

    out = os.environ["MEMPROBE_DIR"]
    every = float(os.environ.get("MEMPROBE_SECONDS", "30"))
    cache = os.environ.get("MEMPROBE_CACHE_KIB")
    if cache:
        class Connection(sqlite3.Connection):
            def execute(self, sql, *args):
                if sql.lstrip().upper().startswith("PRAGMA CACHE_SIZE") and "=" in sql:
                    sql = f"PRAGMA cache_size = -{int(cache)}"
                return super().execute(sql, *args)
        real = sqlite3.connect

        def connect(*args, **kwargs):
            connection = real(*args, factory=Connection, **kwargs)
            connection.execute("PRAGMA cache_size = 0")  # made -N above
            return connection
        sqlite3.connect = connect
    lib = ctypes.CDLL("libsqlite3.so.0")
    lib.sqlite3_memory_used.restype = ctypes.c_int64
    lib.sqlite3_memory_highwater.restype = ctypes.c_int64
    libc = ctypes.CDLL("libc.so.6")
    class MI(ctypes.Structure):
        _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                    "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]
    libc.mallinfo2.restype = MI
    path = os.path.join(out, f"probe-{os.getpid()}.jsonl")
    def loop():
        last = collections.Counter()
        t0 = time.monotonic()
        while True:
            rollup = {}
            try:
                for line in open("/proc/self/smaps_rollup"):
                    parts = line.split()
                    if len(parts) >= 3 and parts[-1] == "kB":
                        rollup[parts[0].rstrip(":")] = int(parts[1])
            except OSError:
                pass
            mi = libc.mallinfo2()
            counts = collections.Counter(type(o).__name__ for o in gc.get_objects())
            grew = {k: v - last[k] for k, v in counts.items() if v - last[k] > 200}
            last = counts
            files = {}
            try:
                for fd in os.listdir("/proc/self/fd"):
                    try:
                        target = os.readlink(f"/proc/self/fd/{fd}")
                    except OSError:
                        continue
                    if target.endswith((".db", ".db-wal")):
                        files[os.path.basename(target)] = os.path.getsize(target) // 1024
            except OSError:
                pass
            rec = {"t": round(time.monotonic() - t0, 1), "wall": time.time(),
                   "rss_kb": rollup.get("Rss"), "anon_kb": rollup.get("Anonymous"),
                   "pd_kb": rollup.get("Private_Dirty"),
                   "malloc_arena_kb": mi.arena // 1024, "malloc_used_kb": mi.uordblks // 1024,
                   "malloc_free_kb": mi.fordblks // 1024, "mmap_kb": mi.hblkhd // 1024,
                   "sqlite_kb": lib.sqlite3_memory_used() // 1024,
                   "sqlite_high_kb": lib.sqlite3_memory_highwater(0) // 1024,
                   "py_blocks": sys.getallocatedblocks(), "objects": sum(counts.values()),
                   "threads": threading.active_count(), "files_kb": files, "grew": grew}
            with open(path, "a") as f:
                f.write(json.dumps(rec) + "\n")
            time.sleep(every)
    threading.Thread(target=loop, daemon=True, name="memprobe").start()

if os.environ.get("MEMPROBE_DIR") and "classroom" in getattr(sys, "orig_argv", []):
    _start()
