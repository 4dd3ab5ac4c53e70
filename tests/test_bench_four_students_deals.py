"""benchmarks/four_students_deals.py: the four students' hand of
tests/test_classroom_tables_chromium.py played by the engine, deal by deal. The deal that
test gives its table must stay what its comment says: long enough for the page reloaded at
turn 2 and the server stopped at turn 3, with a card laid off, and short."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import four_students_deals  # noqa: E402
import test_classroom_tables_chromium as four  # noqa: E402


def test_the_tests_deal_lasts_ten_turns_with_cards_laid_off():
    assert four_students_deals.play(four.DEAL) == (10, 4)


def test_it_counts_the_deals_and_names_the_shortest():
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "four_students_deals.py"),
                          "--deals", "30"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("30 deals: median ") and "within 30:" in lines[0]
    assert lines[1].startswith("the shortest with a card laid off: deal ")
    turns = [four_students_deals.play(deal)[0] for deal in range(1, 31)]
    assert f"{min(turns)} to {max(turns)}" in lines[0]
