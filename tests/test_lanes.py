"""`make test` runs the suite as one pytest process per lane (tests/run_lanes.py): every
test belongs to exactly one lane, and the run fails when any lane fails."""

import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import browser
import conftest
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


def test_a_test_marked_server_waits_with_the_servers():
    assert lane_of(item(["tmp_path"], "server")) == "serve"
    assert lane_of(item(["book"], "server")) == "book"
    assert lane_of(item(["tmp_path"], "server", "games")) == "serve"


def test_the_lane_markers_are_declared(pytestconfig):
    declared = {line.split(":")[0] for line in pytestconfig.getini("markers")}
    assert {"slow", "browser", "server", "games"} <= declared


#: real tests, a module or one test for each rule, and the lane their marks and fixtures
#: give them (a sample of the suite: collecting all of it takes a minute)
SAMPLE = {"tests/test_cards.py": "cpu",                  # no mark, no waiting fixture
          "tests/test_game_properties.py": "games",      # marked games
          "tests/test_classroom_identity.py": "serve",   # marked server (and slow)
          "tests/test_browser_quiz.py": "serve",         # marked browser
          "tests/test_book.py::test_book_builds_with_warnings_as_errors": "book",   # the book
          "tests/test_book.py::test_offline_guard_of_the_book_extension_spots_outside_loads": "cpu"}

#: collects the sample once, in a process of its own, then gives the collected items to
#: conftest's own --lane hook once for each lane, as each lane's pytest process does
COLLECT = """
import contextlib, io, json, sys
from types import SimpleNamespace
import pytest
found = {}
class EachLane:
    @pytest.hookimpl(trylast=True)
    def pytest_collection_finish(self, session):
        conftest = sys.modules["conftest"]
        found["all"] = [item.nodeid for item in session.items]
        for lane in conftest.LANES:
            items = list(session.items)
            config = SimpleNamespace(getoption=lambda name, lane=lane: lane,
                                     hook=SimpleNamespace(pytest_deselected=lambda items: None))
            conftest.pytest_collection_modifyitems(config, items)
            found[lane] = [item.nodeid for item in items]
with contextlib.redirect_stdout(io.StringIO()):
    pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", *sys.argv[1:]],
                plugins=[EachLane()])
print(json.dumps(found))
"""


def sampled_lane(node: str) -> str:
    return next(lane for name, lane in SAMPLE.items() if node == name or node.startswith(
        name + ("[" if "::" in name else "::")))


@pytest.mark.slow  # a collection of a few modules, in a process of its own
def test_the_lane_runs_split_real_tests_by_their_marks_each_test_once():
    done = subprocess.run([sys.executable, "-c", COLLECT, *SAMPLE],
                          cwd=Path(__file__).parent.parent, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    found = json.loads(done.stdout.splitlines()[-1])
    everything = found.pop("all")
    assert {sampled_lane(node) for node in everything} == set(LANES)
    ran = [node for lane in LANES for node in found[lane]]
    assert sorted(ran) == sorted(everything)           # every test in one lane, once
    for lane in LANES:
        for node in found[lane]:
            assert sampled_lane(node) == lane, node


def test_a_server_started_outside_the_serving_lanes_fails_at_once_saying_why(tmp_path, pytestconfig):
    """The hook that runs before each test's fixtures tells browser.py the test's lane; a
    test that starts a server from the cpu lane is stopped before the process starts."""
    unmarked = item(["tmp_path"])
    unmarked.nodeid, unmarked.config = "tests/test_new.py::test_starts_a_classroom", pytestconfig
    conftest.pytest_runtest_setup(unmarked)
    server = browser.CommandServer([sys.executable, "-c", "raise SystemExit('never started')"],
                                   root=tmp_path, port=browser.free_port(), name="unmarked")
    with pytest.raises(RuntimeError, match="test_starts_a_classroom starts a server .*"
                                            "mark it @pytest.mark.server"):
        server.start()
    assert server.process is None
    marked = item(["tmp_path"], "server")
    marked.nodeid, marked.config = "tests/test_new.py::test_starts_a_classroom", pytestconfig
    conftest.pytest_runtest_setup(marked)
    with pytest.raises(RuntimeError, match="exited with code 1"):  # started: it runs, and fails
        server.start()


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
