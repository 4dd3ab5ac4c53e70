"""benchmarks/cpu_by_test.py (the per-test CPU figures of docs/testing.md): run over a small
pytest session of its own, it counts for each test the CPU of what the test started, after
those processes ended, and Chromium's share through the wrapper it puts in tests/browser.py's
place."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "cpu_by_test.py"
sys.path.insert(0, str(SCRIPT.parent))
import cpu_by_test  # noqa: E402

#: a child that spins until it has used ``seconds`` of CPU, then ends
SPIN = ("import sys, time\nend = time.process_time() + float(sys.argv[1])\n"
        "while time.process_time() < end: pass\n")


@pytest.fixture
def session(tmp_path):
    """A pytest session in ``tmp_path``: one test starts a child that spins for 0.6 s of
    CPU, one asks "Chromium" (a stand-in registered as the plugin ``browser``, as
    tests/conftest.py registers tests/browser.py) to spin for 0.4 s, one does nothing."""
    (tmp_path / "spin.py").write_text(SPIN)
    chromium = tmp_path / "chromium"
    chromium.write_text(f'#!/bin/sh\nexec {sys.executable} {tmp_path / "spin.py"} "$@"\n')
    chromium.chmod(0o755)
    (tmp_path / "browser.py").write_text(f"CHROMIUM = {str(chromium)!r}\nDESKTOP_CHROMIUM = CHROMIUM\n")
    (tmp_path / "conftest.py").write_text(textwrap.dedent("""
        import browser
        def pytest_configure(config):
            config.pluginmanager.register(browser, "browser")
    """))
    (tmp_path / "test_work.py").write_text(textwrap.dedent(f"""
        import subprocess, sys
        import browser
        def test_spins():
            subprocess.run([sys.executable, {str(tmp_path / "spin.py")!r}, "0.6"], check=True)
        def test_asks_chromium():
            subprocess.run([browser.CHROMIUM, "0.4"], check=True)
        def test_idles():
            pass
    """))
    return tmp_path


@pytest.mark.skipif(cpu_by_test.cgroup_refused() is not None,
                    reason=f"no cgroup to count in: {cpu_by_test.cgroup_refused()}")
def test_each_tests_cpu_is_counted_with_its_children_and_chromium_apart(session):
    out = session / "figures.json"
    run = subprocess.run([sys.executable, str(SCRIPT), "--top", "5", "--out", str(out), "--",
                          sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:nbval",
                          "--rootdir", str(session), str(session / "test_work.py")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    [process] = json.loads(out.read_text())
    tests = {t["test"].split("::")[1]: t for t in process["tests"]}
    assert tests["test_spins"]["cpu"] >= 0.55 and tests["test_spins"]["chromium"] == 0, tests
    assert 0.35 <= tests["test_asks_chromium"]["chromium"] <= tests["test_asks_chromium"]["cpu"], tests
    assert tests["test_idles"]["cpu"] < 0.3, tests
    assert process["cpu"] >= 1.0 and process["chromium"] >= 0.35
    assert "test_work.py::test_spins" in run.stdout and "of which Chromium" in run.stdout
    # the run's cgroups are gone again
    pid = process["process"].split("(")[1].rstrip(")")
    assert not list(cpu_by_test.CPUACCT.glob(f"rummy-teach-cpu-by-test-*/{pid}"))


def test_without_a_command_or_a_cgroup_it_says_what_is_missing(monkeypatch, capsys):
    with pytest.raises(SystemExit):
        cpu_by_test.main([])
    assert "give the command after --" in capsys.readouterr().err
    monkeypatch.setattr(cpu_by_test, "CPUACCT", Path("/nonexistent/cpuacct"))
    assert cpu_by_test.main(["--", "true"]) == 2
    assert "no cgroup v1 cpuacct hierarchy at /nonexistent/cpuacct" in capsys.readouterr().err
