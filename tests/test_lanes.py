"""`make test` runs the suite as two pytest processes (tests/run_lanes.py): every test
belongs to exactly one lane, and the run fails when either lane fails."""

import sys
from types import SimpleNamespace

import pytest

import run_lanes
from conftest import LANES, lane_of


def item(fixtures=(), browser=False):
    marker = SimpleNamespace(name="browser") if browser else None
    return SimpleNamespace(fixturenames=list(fixtures),
                           get_closest_marker=lambda name: marker if name == "browser" else None)


def test_tests_that_wait_on_other_processes_go_to_the_wait_lane():
    assert lane_of(item(["tmp_path"])) == "cpu"
    assert lane_of(item(["tmp_path"], browser=True)) == "wait"
    for fixture in ("book", "book_site", "voila", "jupyterlab", "chromium", "browser_page"):
        assert lane_of(item(["request", fixture])) == "wait", fixture
    assert set(LANES) == {"cpu", "wait"}


def test_every_collected_test_is_in_exactly_one_lane(request):
    for test in request.session.items:
        assert lane_of(test) in LANES, test.nodeid


@pytest.mark.parametrize("codes, expected", [((0, 0), 0), ((0, 1), 1), ((1, 0), 1), ((5, 0), 1)])
def test_the_run_fails_when_either_lane_fails(tmp_path, monkeypatch, capsys, codes, expected):
    cpu_code, wait_code = codes

    def fake_pytest(lane, extra):
        code = cpu_code if lane == "cpu" else wait_code
        said = f"lane {lane} ran {extra}"
        return [sys.executable, "-c", f"print({said!r}); raise SystemExit({code})"]

    monkeypatch.setattr(run_lanes, "pytest", fake_pytest)
    monkeypatch.setattr(run_lanes, "CPU_LOG", tmp_path / "test-cpu.log")
    assert run_lanes.main(["-q"]) == expected
    out = capsys.readouterr().out
    # the cpu lane's output is printed whole, after the wait lane's
    assert "lane cpu ran ['-q']" in out and f"lane 'cpu': exit {cpu_code}" in out
