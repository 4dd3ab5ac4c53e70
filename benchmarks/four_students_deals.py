"""How long a hand of Basic Rummy lasts for the four students of
``tests/test_classroom_tables_chromium.py``, deal by deal: that test's way of playing a
turn (draw, or take the discard when it is worth taking, and the first time there is a
discard take it to throw it back; meld, lay off, discard the loneliest card), played by
the engine instead of four browsers, with the test's own choices (``worth_taking``,
``a_meld``, ``neighbours``), for deals 1 to ``--deals``.

    .venv/bin/python benchmarks/four_students_deals.py --deals 200

Prints the median number of turns, how many deals end within 10, 20 and 30 turns, and the
shortest deals that last at least ``--at-least`` turns (the test reloads a page at turn 2
and stops the server at turn 3) with at least one card laid off. The test plays the deal
its comment names (``DEAL``); docs/testing.md quotes this script.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import test_classroom_tables_chromium as four  # noqa: E402  (the test's own choices)

from rummy_teach.cards import Card, parse_cards  # noqa: E402
from rummy_teach.game import new_game  # noqa: E402
from rummy_teach.melds import check_meld  # noqa: E402

SUITS = "SHDC"      # the order the seat's table shows a hand in (by suit, then rank)


def shown(cards) -> list[str]:
    texts = [c.text(ascii=True) for c in cards]
    return sorted(texts, key=lambda c: (SUITS.index(c[-1]), Card.parse(c).rank))


def play(deal: int, limit: int = 400) -> tuple[int, int]:
    """(turns, cards laid off) of the hand dealt from ``deal``, played as the test plays."""
    game = new_game(four.BASIC, 4, deal)
    refuse_left, turns, laid_off = True, 0, 0
    while not game.is_hand_over and turns < limit:
        player = game.current_player
        kept: set[str] = set()
        pile = game.discard_pile
        top = pile[-1].text(ascii=True) if pile else None
        if refuse_left and top:         # taken to be thrown back (the judge refuses), then kept
            refuse_left = False
            kept.add(top)
            game = game.apply("take")
        elif top and four.worth_taking(shown(game.hand(player)), top):
            kept.add(top)
            game = game.apply("take")
        else:
            game = game.apply("draw")

        def throwable(cards):
            return [c for c in cards if c not in kept]

        while True:
            hand = shown(game.hand(player))
            meld = four.a_meld(hand)
            if not meld or not throwable([c for c in hand if c not in meld]):
                break
            game = game.apply("meld " + " ".join(meld))
        if len(game.hand(player)) > 1 and game.table:
            for card in shown(game.hand(player)):
                now = shown(game.hand(player))
                if card not in now or not throwable([c for c in now if c != card]):
                    continue
                for number, meld in enumerate(game.table, 1):
                    if check_meld(four.BASIC, tuple(parse_cards([c.text(ascii=True) for c in meld.cards] + [card]))).ok:
                        game = game.apply(f"layoff {card} on {number}")
                        laid_off += 1
                        break
        turns += 1
        hand = shown(game.hand(player))
        if not hand or game.is_hand_over:
            break
        useless = min(throwable(hand), key=lambda c: (four.neighbours(hand, c), -Card.parse(c).rank, c))
        game = game.apply("discard " + useless)
    return turns, laid_off


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals 1 to this (default 200)")
    parser.add_argument("--at-least", type=int, default=8, help="the shortest hand worth listing")
    args = parser.parse_args(argv)
    played = {deal: play(deal) for deal in range(1, args.deals + 1)}
    turns = sorted(t for t, _ in played.values())
    print(f"{len(turns)} deals: median {statistics.median(turns):g} turns, "
          f"{min(turns)} to {max(turns)}; within 10: {sum(t <= 10 for t in turns)}, "
          f"within 20: {sum(t <= 20 for t in turns)}, within 30: {sum(t <= 30 for t in turns)}")
    short = sorted((t, deal, laid) for deal, (t, laid) in played.items() if t >= args.at_least and laid)
    print("the shortest with a card laid off:",
          ", ".join(f"deal {deal} ({t} turns, {laid} laid off)" for t, deal, laid in short[:8]))
    if four.DEAL in played:
        t, laid = played[four.DEAL]
        print(f"the test's deal {four.DEAL}: {t} turns, {laid} laid off")
    return 0


if __name__ == "__main__":
    sys.exit(main())
