"""benchmarks/two_commands.py (the make test and make check times of docs/testing.md,
issue 29): it clones a commit and runs the README's path (make book, make test, make
check) and CI's (.ci/run) in fresh clones, and reads each command's lanes and test counts
from what tests/run_lanes.py and pytest print. Here on a small repository whose make
targets print through the real run_lanes.side_by_side, so a change in that summary line
fails this test."""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "two_commands.py"

# two "lanes" side by side, as tests/run_lanes.py runs them; the second fails when asked
LANES = textwrap.dedent(f"""
    import sys
    from pathlib import Path
    sys.path.insert(0, {str(ROOT / "tests")!r})
    import run_lanes
    run_lanes.ROOT = Path.cwd()          # its logs in this clone
    ok = "print('=========== 3 passed, 1 deselected in 0.01s ===========')"
    bad = "import sys; print('====== 1 failed, 2 passed in 0.02s (0:00:00) ======'); sys.exit(1)"
    second = bad if len(sys.argv) > 1 else ok
    sys.exit(run_lanes.side_by_side({{"cpu": [sys.executable, "-c", ok],
                                      "book-1": [sys.executable, "-c", second]}}, "cpu"))
""")


def small_repository(folder: Path, failing_test: bool) -> Path:
    folder.mkdir()
    (folder / "lanes.py").write_text(LANES)
    (folder / "Makefile").write_text(
        "book:\n\t@echo the book is ready\n"
        f"test:\n\t{sys.executable} lanes.py {'fail' if failing_test else ''}\n"
        f"check:\n\t{sys.executable} lanes.py\n")
    (folder / ".ci").mkdir()
    (folder / ".ci" / "run").write_text('#!/bin/sh\ntest "$CI" = true && exec make test\n')
    (folder / ".ci" / "run").chmod(0o755)
    for command in (["init", "--quiet"], ["add", "."],
                    ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "--quiet", "-m", "small"]):
        subprocess.run(["git", *command], cwd=folder, check=True)
    return folder


@pytest.mark.slow
def test_both_paths_are_run_in_fresh_clones_and_their_lanes_and_tests_read(tmp_path):
    repo = small_repository(tmp_path / "repo", failing_test=False)
    done = subprocess.run([sys.executable, str(SCRIPT), "--repo", str(repo), "--path", "both",
                           "--json", str(tmp_path / "two.json"), "--folder", str(tmp_path / "runs")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    figures = json.loads((tmp_path / "two.json").read_text())
    readme, ci = figures["paths"]["readme"], figures["paths"]["ci"]
    assert [run["command"] for run in readme] == ["make book", "make test", "make check"]
    assert [run["command"] for run in ci] == [".ci/run"]         # and it ran make test: CI=true
    for run in readme[1:] + ci:
        assert run["exit"] == 0 and set(run["lanes"]) == {"cpu", "book-1"}
        assert (run["passed"], run["failed"]) == (6, 0)
        assert run["all_lanes_s"] >= 0 and run["wall_s"] > 0
    assert readme[0]["lanes"] == {} and readme[0]["passed"] == 0
    assert "make test: exit 0" in done.stdout and "lanes: cpu " in done.stdout
    assert not (repo / "test-book-1.log").exists()                 # the clone ran it, not the repository
    assert (tmp_path / "runs" / "readme-clone" / "test-book-1.log").exists()
    assert (tmp_path / "runs" / "ci-run.log").exists()


@pytest.mark.slow
def test_a_failing_command_ends_its_path_and_the_run_says_so(tmp_path):
    repo = small_repository(tmp_path / "repo", failing_test=True)
    done = subprocess.run([sys.executable, str(SCRIPT), "--repo", str(repo), "--json", str(tmp_path / "two.json"),
                           "--folder", str(tmp_path / "runs")], capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    readme = json.loads((tmp_path / "two.json").read_text())["paths"]["readme"]
    assert [run["command"] for run in readme] == ["make book", "make test"]   # no make check after it
    assert readme[1]["exit"] != 0 and readme[1]["lanes"]["book-1"] >= 0
    assert (readme[1]["passed"], readme[1]["failed"]) == (5, 1)


def test_without_a_commit_it_says_what_to_give(tmp_path):
    done = subprocess.run([sys.executable, str(SCRIPT), "--repo", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert "give --repo a git repository" in done.stderr
