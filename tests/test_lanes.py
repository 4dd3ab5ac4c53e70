"""`make test` runs the suite as one pytest process per lane (tests/run_lanes.py): every
test belongs to exactly one lane, and the run fails when any lane fails."""

import json
import re
import os
import shutil
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
    done = subprocess.run([sys.executable, "-c", COLLECT, *run_lanes.UNUSED_PLUGINS, *SAMPLE],
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
    assert "\n\t$(BIN)/python tests/run_lanes.py --quick\n" in makefile
    assert run_lanes.QUICK == ["-m", "not slow and not browser and not server", "--quick"]


#: three small test modules for two processes sharing a run: each test writes its module,
#: its name and its process to a record; a module fixture writes each set-up
SHARED_TESTS = """
import os
import pytest

@pytest.fixture(scope="module")
def ready(request):
    with open(os.environ["RECORD"], "a") as record:
        record.write(f"setup {{request.module.__name__}} {{os.getpid()}}\\n")

@pytest.mark.parametrize("n", range({count}))
def test_one(ready, n):
    with open(os.environ["RECORD"], "a") as record:
        record.write(f"test {{__name__}} {{n}} {{os.getpid()}}\\n")
"""


def test_processes_sharing_a_run_run_each_module_in_one_process_and_every_test_once(tmp_path):
    """tests/shared_run.py: two pytest processes given the same --share folder run every
    test exactly once between them, each module whole in one process (its module fixture
    set up once), modules of one ``SHARED_RUN_GROUP`` in the same process, and leave the
    record run_lanes checks."""
    suite, share, record = tmp_path / "suite", tmp_path / "share", tmp_path / "record.txt"
    suite.mkdir()
    counts = {"test_a": 3, "test_b": 1, "test_c": 4, "test_d": 2}
    for name, count in counts.items():
        (suite / f"{name}.py").write_text(SHARED_TESTS.format(count=count), encoding="utf-8")
    for name in ("test_a", "test_c"):   # read the same pages: claimed as one
        with open(suite / f"{name}.py", "a", encoding="utf-8") as module:
            module.write('\nSHARED_RUN_GROUP = "a and c"\n')
    env = {**os.environ, "RECORD": str(record),
           "PYTHONPATH": os.pathsep.join([str(Path(browser.__file__).parent),
                                          os.environ.get("PYTHONPATH", "")])}
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *run_lanes.UNUSED_PLUGINS,
            "-p", "shared_run",
            f"--share={share}", "--rootdir", str(suite), str(suite)]
    both = [subprocess.Popen(argv, cwd=suite, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True) for _ in range(2)]
    outputs = [process.communicate(timeout=300)[0] for process in both]
    assert [process.returncode for process in both] == [0, 0], outputs
    lines = [line.split() for line in record.read_text().splitlines()]
    tests = [(module, n) for kind, module, *rest in lines if kind == "test" for n in rest[:1]]
    assert sorted(tests) == sorted((m, str(n)) for m, c in counts.items() for n in range(c))
    setups = [(module, pid) for kind, module, pid in (l for l in lines if l[0] == "setup")]
    assert sorted(module for module, _ in setups) == sorted(counts)        # once per module
    process_of = dict(setups)
    assert all(rest[1] == process_of[module] for kind, module, *rest in lines if kind == "test")
    assert process_of["test_a"] == process_of["test_c"]                    # the group together
    claimed = sorted(path.read_text().strip() for path in share.glob("*.claim"))
    assert claimed == ["a and c", "test_b.py", "test_d.py"]
    assert run_lanes.shared_problem(share, 2) is None
    assert run_lanes.shared_problem(share, 3) == "2 of 3 processes finished their part"


def test_a_shared_run_that_ran_a_test_twice_or_missed_one_is_not_whole(tmp_path):
    (tmp_path / "ran-1.txt").write_text("selected 3\nt.py::a\nt.py::b\n")
    (tmp_path / "ran-2.txt").write_text("selected 3\nt.py::c\n")
    assert run_lanes.shared_problem(tmp_path, 2) is None
    (tmp_path / "ran-2.txt").write_text("selected 3\nt.py::c\nt.py::a\n")
    assert run_lanes.shared_problem(tmp_path, 2) == "1 tests ran twice"
    (tmp_path / "ran-2.txt").write_text("selected 3\n")
    assert run_lanes.shared_problem(tmp_path, 2) == "2 of the 3 selected tests ran"
    (tmp_path / "ran-2.txt").write_text("selected 4\nt.py::c\n")
    assert "selected different tests" in run_lanes.shared_problem(tmp_path, 2)


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
    monkeypatch.setattr(run_lanes, "SCREENSHOTS", tmp_path)   # not the servers' logs of this run
    monkeypatch.setattr(run_lanes, "SPLIT", {})     # each lane one process (split: below)
    assert run_lanes.main(["-q"]) == expected
    out = capfd.readouterr().out
    # every lane but the one shown live is printed whole, after it, with its exit code
    for lane in LANES:
        assert f"lane {lane} ran ['-q']" in out and f"lane {lane!r}: exit {code_of[lane]}" in out
        if lane != run_lanes.SHOWN:
            assert out.index(f"lane {lane} ran") > out.index(f"lane {run_lanes.SHOWN} ran")


def test_a_run_first_deletes_the_server_logs_earlier_runs_left_and_keeps_its_own(
        tmp_path, monkeypatch):
    """Each test server writes ``<name>-<port>.log`` beside the pictures, a new file at each
    port: without this, every run added its servers' logs to the last one's."""
    pictures = tmp_path / "screenshots"
    pictures.mkdir()
    (pictures / "voila-40001.log").write_text("an earlier run's server")
    (pictures / "book_basic_play.jpg").write_bytes(b"a picture")

    def fake_pytest(lane, extra):     # each lane's server writes its log during the run
        log = pictures / f"{lane}-{len(lane)}.log"
        return [sys.executable, "-c", f"open({str(log)!r}, 'w').write('this run')"]

    monkeypatch.setattr(run_lanes, "pytest", fake_pytest)
    monkeypatch.setattr(run_lanes, "log_of", lambda lane: tmp_path / f"test-{lane}.log")
    monkeypatch.setattr(run_lanes, "SCREENSHOTS", pictures)
    monkeypatch.setattr(run_lanes, "SPLIT", {})
    assert run_lanes.main(["-q"]) == 0
    assert sorted(p.name for p in pictures.iterdir()) == sorted(
        ["book_basic_play.jpg", *(f"{lane}-{len(lane)}.log" for lane in LANES)])


@pytest.mark.parametrize("second, expected", [("t.py::b\n", 0), ("", 1), ("t.py::a\n", 1)])
def test_a_split_lane_runs_as_processes_that_together_run_each_of_its_tests_once(
        tmp_path, monkeypatch, capfd, second, expected):
    """The book lane runs as two processes sharing it (run_lanes.SPLIT); the run fails
    when, between them, they missed one of its tests or ran one twice, even though each
    exited with 0."""
    parts = []

    def fake_pytest(lane, extra):
        shared = [arg.split("=", 1)[1] for arg in extra if arg.startswith("--share=")]
        if not shared:
            return [sys.executable, "-c", f"print('lane {lane} ran')"]
        parts.append(shared[0])
        ran = "t.py::a\n" if len(parts) == 1 else second
        record = Path(shared[0]) / f"ran-{len(parts)}.txt"
        return [sys.executable, "-c", f"import pathlib; p = pathlib.Path({str(record)!r}); "
                f"p.parent.mkdir(parents=True, exist_ok=True); p.write_text({'selected 2' + chr(10) + ran!r})"]

    monkeypatch.setattr(run_lanes, "pytest", fake_pytest)
    monkeypatch.setattr(run_lanes, "log_of", lambda lane: tmp_path / f"test-{lane}.log")
    monkeypatch.setattr(run_lanes, "SCREENSHOTS", tmp_path)
    assert run_lanes.SPLIT == {"book": 2}
    assert run_lanes.main(["-q"]) == expected
    assert len(parts) == 2 and parts[0] == parts[1]       # one share for the lane's processes
    out = capfd.readouterr().out
    assert "lane 'book-1': exit 0" in out and "lane 'book-2': exit 0" in out
    assert ("the shared run is not whole" in out) == bool(expected)


@pytest.mark.parametrize("ok, log", [(True, "build succeeded."), (False, "WARNING: a lesson broke")])
def test_the_processes_of_a_split_book_lane_share_one_build(tmp_path, monkeypatch, ok, log):
    """tests/book_build.py: the process that claimed the build builds the book once and
    says when it is over, with its outcome and log; a process sharing the run waits for
    that word and reads the same build (a failed build fails its tests too)."""
    import book_build

    built = []

    def fake_build(out):
        built.append(out)
        return book_build.BookBuild(out / "_build" / "html", log, ok)

    monkeypatch.setattr(book_build, "build_book", fake_build)
    out = tmp_path / "book"
    waiting = book_build.SharedBuild(out)
    waiting.start()
    building = book_build.EarlyBuild(out, shared=True)
    building.start()
    building.join(timeout=60)
    waiting.join(timeout=60)
    assert built == [out]                                    # built once, by one process
    for result in (waiting.result, building.result):
        assert (result.html, result.log, result.ok) == (out / "_build" / "html", log, ok)
    assert building.result.origin.startswith("building the book in this session")
    assert waiting.result.origin == building.result.origin + " (by another process of the run)"


def test_processes_sharing_the_run_test_the_build_make_book_left_when_the_claimer_takes_it(tmp_path):
    """When the process that claimed the build finds `make book`'s build made from the
    inputs of now (tests/book_build.py, made_build), it builds nothing and tells the
    others where that build is: they test the same folder, and say whose word it was."""
    import book_build

    made = book_build.BookBuild(tmp_path / "project" / "book" / "_build" / "html",
                                "build succeeded.", True, digest="d" * 64,
                                origin="testing the build in book/_build")
    out = tmp_path / "share" / "book"
    waiting = book_build.SharedBuild(out)
    waiting.start()
    book_build.tell_built(out, made)
    waiting.join(timeout=60)
    assert (waiting.result.html, waiting.result.log, waiting.result.ok, waiting.result.digest) \
        == (made.html, made.log, True, made.digest)
    assert waiting.result.origin == "testing the build in book/_build (by another process of the run)"



def loaded_from_bytecode(root: Path) -> bool:
    """Whether a process with PYTHONDONTWRITEBYTECODE set, importing the package from
    ``root``, reads ``rummy_teach/melds.py`` from bytecode (``python -v`` says so)."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(root)}
    said = subprocess.run([sys.executable, "-v", "-c", "import rummy_teach.melds"], cwd=root,
                          env=env, capture_output=True, text=True, check=True).stderr
    return f"code object from '{root}/rummy_teach/__pycache__/melds." in said


def test_the_run_compiles_the_package_once_for_all_its_processes(tmp_path, monkeypatch):
    """With PYTHONDONTWRITEBYTECODE set no process writes bytecode, so every lane, server,
    kernel and command a test starts compiled the package again: run_lanes compiles it
    before they start, and a process then reads it instead."""
    shutil.copytree(run_lanes.ROOT / "rummy_teach", tmp_path / "rummy_teach",
                    ignore=shutil.ignore_patterns("__pycache__"))
    assert not loaded_from_bytecode(tmp_path)
    monkeypatch.setattr(run_lanes, "ROOT", tmp_path)
    run_lanes.compile_package()
    assert loaded_from_bytecode(tmp_path)


def read_from_bytecode(root: Path) -> list[str]:
    """The test modules a pytest process with PYTHONDONTWRITEBYTECODE set, collecting
    ``root/tests``, read from their rewritten bytecode (its --debug log says so)."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    subprocess.run([sys.executable, "-m", "pytest", "-p", "no:nbval", "-p", "no:cacheprovider", "--collect-only",
                    "-q", f"--debug={root / 'debug.log'}", "tests"], cwd=root, env=env, capture_output=True,
                   check=True)
    said = (root / "debug.log").read_text(encoding="utf-8")
    return sorted(re.findall(rf"found cached rewritten pyc for {re.escape(str(root))}/tests/(\w+)\.py", said))


def test_the_run_writes_the_test_modules_bytecode_once_for_all_its_processes(tmp_path, monkeypatch):
    """pytest writes its rewritten test modules only where bytecode may be written: under
    PYTHONDONTWRITEBYTECODE each lane rewrote every module again. run_lanes writes them
    when any is missing or out of date, and the lanes then read them."""
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "conftest.py").write_text("")
    for name in ("test_one", "test_two", "test_three"):
        (tests / f"{name}.py").write_text(f"def {name}():\n    assert [1] == [1]\n")
    monkeypatch.setattr(run_lanes, "ROOT", tmp_path)
    monkeypatch.setattr(run_lanes, "TESTS", tests)
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    assert read_from_bytecode(tmp_path) == []
    run_lanes.compile_tests()
    assert read_from_bytecode(tmp_path) == ["test_one", "test_three", "test_two"]
    # a module changed since: its bytecode is out of date, and written again
    (tests / "test_two.py").write_text("def test_two():\n    assert [2] == [2]\n")
    assert not run_lanes.has_bytecode(tests / "test_two.py") and run_lanes.has_bytecode(tests / "test_one.py")
    assert read_from_bytecode(tmp_path) == ["test_one", "test_three"]
    run_lanes.compile_tests()
    assert read_from_bytecode(tmp_path) == ["test_one", "test_three", "test_two"]


def test_the_run_leaves_out_the_nbval_plugin_it_never_uses():
    """nbval's plugin imports nbformat, jsonschema and jupyter_client in every process
    that loads it; the lanes and make check's processes do not load it."""
    plugins = subprocess.run([*run_lanes.pytest("cpu", [])[:-1], "-VV"], capture_output=True,
                             text=True, check=True).stdout
    assert "hypothesis" in plugins and "nbval-" not in plugins
