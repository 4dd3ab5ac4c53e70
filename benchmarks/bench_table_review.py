"""What the coach's review of a hand and the turn clocks cost the classroom's server (issue 30).

    .venv/bin/python benchmarks/bench_table_review.py --hands 3

For each game (Basic with three seats, Rummy 500 with three, Contract Rummy with four),
``--hands`` tables are opened in a fresh SQLite store, students' scripted moves play each
one's first hand, then the hall builds the review of seat 0's hand (what a student's
``{"type": "review"}`` costs the first time), answers it again with another move selected
(every later click), and gives the teacher's figures. Also: one reading of the clocks
(``TableHall.tick``) over 8 tables with a clock, none due (the server does it every second).
CPU time (``time.process_time``) and wall time; the load average, as the machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from rummy_teach.classroom.store import open_store          # noqa: E402
from rummy_teach.classroom.tablehall import TableHall       # noqa: E402
from rummy_teach.classroom.tables import Seat               # noqa: E402
from rummy_teach.game import choose_action                  # noqa: E402

GAMES = (("basic", ["ann", "bob", "easy"]), ("rummy500", ["ann", "bob", "cy"]),
         ("contract", ["ann", "bob", "medium", "cy"]))


def timed(function):
    wall, cpu = time.perf_counter(), time.process_time()
    result = function()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def play_first_hand(table):
    while 1 not in {r.hand for r in table.game.hand_results}:
        seat = table.game.current_player
        move = choose_action(table.game, seat, "medium", random.Random(f"b/{table.version}")).text(ascii=True)
        assert table.move(seat, move, table.version, table.seats[seat].student)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3, help="tables (first hands) per game")
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as home:
        hall = TableHall(open_store(os.path.join(home, "class.db")), "bench")
        for rules, seats in GAMES:
            first, again = [], []
            for n in range(args.hands):
                table = hall.open(f"{rules}{n}", rules, [Seat(level=s) if s in ("easy", "medium")
                                                         else Seat(student=s) for s in seats], seed=n)
                play_first_hand(table)
                (reply, data), wall, cpu = timed(lambda: hall.review(table.table_id, 0, 1, "ann"))
                assert reply, reply
                first.append((wall, cpu, data["decisions"]))
                _, wall, cpu = timed(lambda: hall.review(table.table_id, 0, 1, "ann", move=3))
                again.append((wall, cpu))
            print(f"{rules:9} review built: median {statistics.median(w for w, _, _ in first):.2f} s wall "
                  f"({statistics.median(c for _, c, _ in first):.2f} s CPU), max "
                  f"{max(w for w, _, _ in first):.2f} s; decisions {[d for _, _, d in first]}; "
                  f"another move selected: median {1000 * statistics.median(w for w, _ in again):.0f} ms")
        _, wall, cpu = timed(hall.figures)
        print(f"figures of {len(hall.tables)} tables: {wall:.2f} s wall ({cpu:.2f} s CPU)")
        for n in range(8):
            hall.open(f"clocked{n}", "basic", [Seat(student="ann"), Seat(student="bob")], seed=n, turn_seconds=60)
        ticks = [timed(hall.tick)[1] for _ in range(50)]
        print(f"one reading of the clocks, {len(hall.tables)} tables (8 with a clock): median "
              f"{1e6 * statistics.median(ticks):.0f} µs, max {1e6 * max(ticks):.0f} µs")
        hall.store.close()
    print(f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
