"""The classroom's pacing (token buckets) on a clock the test moves by hand."""

import pytest

from rummy_teach.classroom.pace import Pace


class Clock:
    def __init__(self):
        self.now = 50.0

    def __call__(self):
        return self.now


def test_a_burst_then_the_pace():
    clock = Clock()
    pace = Pace(3, 0.5, clock)
    assert [pace.take("a") for _ in range(4)] == [True, True, True, False]
    clock.now += 1.9  # not yet a whole one back
    assert not pace.take("a")
    clock.now += 0.1
    assert pace.take("a") and not pace.take("a")


def test_each_key_has_its_own_allowance_and_forget_fills_it():
    pace = Pace(1, 0, Clock())
    assert pace.take("a") and not pace.take("a") and pace.take("b")
    pace.forget("a")
    assert pace.take("a")


def test_allowance_never_exceeds_the_burst():
    clock = Clock()
    pace = Pace(2, 10, clock)
    clock.now += 1000
    assert pace.left("a") == 2 and [pace.take("a") for _ in range(3)] == [True, True, False]


def test_a_refused_take_takes_nothing():
    clock = Clock()
    pace = Pace(1, 1, clock)
    pace.take("a")
    for _ in range(5):
        assert not pace.take("a")
    clock.now += 1
    assert pace.take("a")


@pytest.mark.parametrize("burst, rate", [(0, 1), (1, -1)])
def test_a_pace_that_allows_nothing_is_an_error(burst, rate):
    with pytest.raises(ValueError, match="burst >= 1"):
        Pace(burst, rate)


def test_memory_stays_bounded():
    from rummy_teach.classroom import pace as module
    clock = Clock()
    pace = Pace(1, 1, clock)
    for n in range(module.KEYS_KEPT + 10):
        pace.take(n)
        clock.now += 0.001
    assert len(pace) <= module.KEYS_KEPT + 1
    clock.now += 10  # every allowance full again: the next sweep forgets them
    for n in range(module.KEYS_KEPT + 1):
        pace.take(("x", n))
    assert len(pace) <= module.KEYS_KEPT + 1 and pace.left(0) == 1


def test_a_pace_kept_in_the_store_counts_like_one_in_memory_for_every_process(tmp_path):
    """The class-wide limits' rows (``StorePace``): burst, then the allowance coming back with
    the clock, a give-back never past the burst, a teacher's reset; two stores on one file
    (two processes) share the count."""
    from rummy_teach.classroom import open_store
    from rummy_teach.classroom.pacestore import StorePace

    now = [100.0]
    first, second = open_store(tmp_path / "r.db"), open_store(tmp_path / "r.db")
    try:
        one = StorePace(lambda: first, "s", "rejoin", 3, 1 / 10, clock=lambda: now[0])
        other = StorePace(lambda: second, "s", "rejoin", 3, 1 / 10, clock=lambda: now[0])
        assert [one.take("ada"), other.take("ada"), one.take("ada"), other.take("ada")] == [
            True, True, True, False]
        assert other.left("ada") == 0 and other.left("bea") == 3  # a key never counted: full
        now[0] += 10  # one comes back after 10 s
        assert other.take("ada") and not one.take("ada")
        for _ in range(5):
            one.give_back("ada")
        assert other.left("ada") == 3  # never past the burst
        for _ in range(3):
            assert other.take("ada")
        one.forget("ada")
        assert other.left("ada") == 3 and other.take("ada")
    finally:
        first.close()
        second.close()
