"""`make test` runs the suite as one pytest process per lane (tests/run_lanes.py): every
test belongs to exactly one lane, and the run fails when any lane fails."""

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import run_lanes
from conftest import LANES, lane_of


def item(fixtures=(), *markers):
    return SimpleNamespace(fixturenames=list(fixtures),
                           get_closest_marker=lambda name: SimpleNamespace(name=name) if name in markers else None)


def test_each_test_goes_to_the_lane_of_what_it_waits_on():
    assert lane_of(item(["tmp_path"])) == "cpu"
    assert lane_of(item(["tmp_path"], "browser")) == "serve"
    for fixture in ("voila", "jupyterlab", "chromium", "browser_page"):
        assert lane_of(item(["request", fixture])) == "serve", fixture
    for fixture in ("book", "book_site"):     # the book is built in one lane only
        assert lane_of(item(["request", fixture])) == "book", fixture
        assert lane_of(item(["browser_page", fixture], "browser")) == "book", fixture
    assert lane_of(item(["tmp_path"], "games")) == "games"
    assert lane_of(item(["browser_page"], "games")) == "serve"
    assert lane_of(item(["tmp_path"], "slow")) == "cpu"
    assert set(LANES) == {"cpu", "games", "book", "serve"}


def test_the_modules_that_play_many_games_are_marked_for_their_lane(pytestconfig):
    """The games lane is chosen by the ``games`` marker, declared in pyproject.toml."""
    tests = Path(__file__).parent
    marked = {path.name for path in tests.glob("test_*.py")
              if "\npytestmark = pytest.mark.games" in path.read_text(encoding="utf-8")}
    assert marked == {"test_game_properties.py", "test_game_ai.py", "test_solver.py"}
    assert any(line.startswith("games:") for line in pytestconfig.getini("markers"))


def test_the_quick_tier_is_an_option_not_a_guess_from_the_mark_expression(pytestconfig, full_run):
    assert full_run is not pytestconfig.getoption("quick")
    makefile = (Path(__file__).parent.parent / "Makefile").read_text(encoding="utf-8")
    assert '-m "not slow and not browser" --quick' in makefile


@pytest.mark.parametrize("codes, expected", [((0, 0, 0, 0), 0), ((0, 1, 0, 0), 1),
                                             ((1, 0, 0, 0), 1), ((0, 0, 1, 0), 1),
                                             ((0, 0, 0, 1), 1), ((5, 0, 0, 0), 1)])
def test_the_run_fails_when_any_lane_fails(tmp_path, monkeypatch, capfd, codes, expected):
    code_of = dict(zip(LANES, codes))

    def fake_pytest(lane, extra):
        said = f"lane {lane} ran {extra}"
        return [sys.executable, "-c", f"print({said!r}); raise SystemExit({code_of[lane]})"]

    monkeypatch.setattr(run_lanes, "pytest", fake_pytest)
    monkeypatch.setattr(run_lanes, "log_of", lambda lane: tmp_path / f"test-{lane}.log")
    assert run_lanes.main(["-q"]) == expected
    out = capfd.readouterr().out
    # every lane but the one shown live is printed whole, after it, with its exit code
    for lane in LANES:
        assert f"lane {lane} ran ['-q']" in out and f"lane {lane!r}: exit {code_of[lane]}" in out
        if lane != run_lanes.SHOWN:
            assert out.index(f"lane {lane} ran") > out.index(f"lane {run_lanes.SHOWN} ran")
