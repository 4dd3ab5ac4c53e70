"""Speed of whole-hand simulation: complete 4-player Basic Rummy hands with medium
computer players, per second on one core (target: at least 100).

    python benchmarks/bench_simulate.py [--hands 2000] [--repeat 3]

Wall-clock and CPU-time rates are both given: on a shared machine the CPU-time
rate is the one that says what one free core would do. Also reports the other games for comparison (hands of Rummy 500 with 4 players and
of Contract Rummy with 4 players, medium players).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_teach.game.simulate import simulate  # noqa: E402

CASES = [("basic", 4, 2000), ("500", 4, 500), ("contract", 4, 100)]


def measure(name, players, hands, repeat):
    best = best_cpu = None
    for r in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        rows = simulate(name, ["medium"] * players, hands=hands, seed=f"speed/{r}")
        elapsed, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        assert len(rows) == hands
        best = elapsed if best is None else min(best, elapsed)
        best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
    actions = sum(row["actions"] for row in rows)
    return {"game": name, "players": players, "hands": hands, "best_seconds": round(best, 2),
            "hands_per_second": round(hands / best, 1),
            "hands_per_cpu_second": round(hands / best_cpu, 1), "actions_per_hand": round(actions / hands, 1)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=None, help="hands per case (default per game)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per case; the best counts")
    parser.add_argument("--only", choices=[c[0] for c in CASES], action="append")
    args = parser.parse_args(argv)
    for name, players, hands in CASES:
        if args.only and name not in args.only:
            continue
        print(json.dumps(measure(name, players, args.hands or hands, args.repeat)), flush=True)


if __name__ == "__main__":
    main()
