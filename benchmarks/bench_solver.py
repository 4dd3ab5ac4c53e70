"""How fast is the best-arrangement solver, next to RLCard's and OpenSpiel's?

One run deals the same seeded hands to every solver and times each per hand:

* ours, ``min_deadwood(get_rules("basic"), hand)``: the fewest deadwood points;
* ours, ``arrange(get_rules("basic"), hand)``: the melds, deadwood and points;
* RLCard's gin rummy ``get_best_meld_clusters`` plus its deadwood count of the best
  cluster (pure Python, like ours);
* OpenSpiel's gin rummy ``GinRummyUtils.min_deadwood`` (C++ behind pybind11).

Two kinds of 10-card hands: uniformly random, and meld-rich (random hands kept only
when their best arrangement has two melds or more). Each solver gets the hand in
its own native form, built before the clock starts. Every answer is compared with
the others before anything is timed, so a fast wrong solver cannot win.

    .venv/bin/python benchmarks/bench_solver.py             # 2000 hands of each kind
    .venv/bin/python benchmarks/bench_solver.py --hands 500 --repeat 3 --seed 7
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from rummy_teach import get_rules, make_deck
from rummy_teach.solver import arrange, min_deadwood

OPENSPIEL_SUITS = "SCDH"   # OpenSpiel's card int is suit * 13 + rank - 1, suits s c d h
RLCARD_SUITS = "SHDC"      # RLCard's card id is suit * 13 + rank - 1, suits S H D C


def deal(kind: str, count: int, seed: int) -> list[tuple]:
    """``count`` 10-card hands: uniformly random, or meld-rich (2+ melds at best)."""
    rng = random.Random(f"{kind}-{seed}")
    deck = make_deck()
    rules = get_rules("basic")
    hands = []
    while len(hands) < count:
        hand = tuple(rng.sample(deck, 10))
        if kind == "uniform" or len(arrange(rules, hand).melds) >= 2:
            hands.append(hand)
    return hands


def openspiel_solver():
    import pyspiel

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)

    def to_native(hand):
        return [OPENSPIEL_SUITS.index(c.suit) * 13 + c.rank - 1 for c in hand]

    return to_native, utils.min_deadwood


def rlcard_solver():
    from rlcard.games.gin_rummy.utils import melding, utils

    def to_native(hand):
        return [utils.get_card(RLCARD_SUITS.index(c.suit) * 13 + c.rank - 1) for c in hand]

    def solve(hand):
        clusters = melding.get_best_meld_clusters(hand)
        if not clusters:
            return sum(utils.get_deadwood_value(card) for card in hand)
        return utils.get_deadwood_count(hand, clusters[0])

    return to_native, solve


def our_solvers():
    rules = get_rules("basic")
    return {
        "rummy_teach min_deadwood": (tuple, lambda hand: min_deadwood(rules, hand)),
        "rummy_teach arrange": (tuple, lambda hand: arrange(rules, hand).deadwood_points),
        "rummy_teach general search": (tuple, lambda hand: min_deadwood(rules, hand, method="search")),
    }


def pass_us(solve, hands) -> float:
    """One pass over all hands, in microseconds of CPU time per hand.

    CPU time of this process rather than wall-clock time, so that other programs
    sharing the machine do not count against whichever solver they happened to
    interrupt.
    """
    start = time.process_time_ns()
    for hand in hands:
        solve(hand)
    return (time.process_time_ns() - start) / len(hands) / 1000


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands of each kind (default 2000)")
    parser.add_argument("--repeat", type=int, default=7, help="timed passes, best kept (default 7)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    solvers = our_solvers()
    solvers["RLCard gin rummy"] = rlcard_solver()
    solvers["OpenSpiel gin rummy (C++)"] = openspiel_solver()

    kinds = ("uniform", "meld-rich")
    hands = {kind: deal(kind, args.hands, args.seed) for kind in kinds}
    timings: dict[str, dict[str, float]] = {name: {} for name in solvers}
    for kind in kinds:
        native = {name: [to_native(h) for h in hands[kind]] for name, (to_native, _) in solvers.items()}
        answers = {name: [solve(h) for h in native[name]] for name, (_, solve) in solvers.items()}
        reference = answers["OpenSpiel gin rummy (C++)"]
        for name, found in answers.items():
            wrong = sum(a != b for a, b in zip(found, reference))
            if wrong:
                print(f"{name} disagrees with OpenSpiel on {wrong} {kind} hands", file=sys.stderr)
                return 1
        # passes take turns between solvers, so a busy moment on the machine hits all
        # of them alike; the best pass of each is kept
        for _ in range(args.repeat):
            for name, (_, solve) in solvers.items():
                took = pass_us(solve, native[name])
                timings[name][kind] = min(timings[name].get(kind, took), took)

    melds = {kind: sum(len(arrange(get_rules("basic"), h).melds) for h in hands[kind]) / args.hands
             for kind in kinds}
    print(f"python {platform.python_version()} on {platform.machine()}, {args.hands} hands of each "
          f"kind, seed {args.seed}, CPU time, best of {args.repeat} interleaved passes; all solvers agreed on every hand")
    print(f"melds per hand at best: uniform {melds['uniform']:.2f}, meld-rich {melds['meld-rich']:.2f}")
    print()
    opensp = timings["OpenSpiel gin rummy (C++)"]
    rlcard = timings["RLCard gin rummy"]
    header = "| solver | uniform µs/hand | meld-rich µs/hand | x OpenSpiel (uniform, rich) | x RLCard (uniform, rich) |"
    print(header)
    print("|---|---:|---:|---:|---:|")
    for name, row in timings.items():
        print(f"| {name} | {row['uniform']:.2f} | {row['meld-rich']:.2f} | "
              f"{row['uniform'] / opensp['uniform']:.2f}, {row['meld-rich'] / opensp['meld-rich']:.2f} | "
              f"{row['uniform'] / rlcard['uniform']:.3f}, {row['meld-rich'] / rlcard['meld-rich']:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
