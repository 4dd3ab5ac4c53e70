"""``.ci/system-packages``: what ``make book``, ``make test`` and ``make screenshots`` need
from the system.

The script is run as it is, with a PATH of stand-ins: ``id`` says who runs it, ``apt-get``
writes down what it was asked, and a program the test leaves out of the PATH (Node.js,
Chromium) is one the machine does not have. As root on Debian it installs what is missing;
otherwise it stops at once, installs nothing and prints the one command to run.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / ".ci" / "system-packages"
HEADLESS = Path("/usr/lib/chromium/chromium-headless-shell")
POSTGRES = any(Path("/usr/lib/postgresql").glob("*/bin/initdb"))


def run(tmp_path: Path, target: str, *, uid: int, have: tuple[str, ...] = (),
        apt: bool = True) -> tuple[subprocess.CompletedProcess, list[str]]:
    bin_dir, asked = tmp_path / "bin", tmp_path / "apt-get.txt"
    bin_dir.mkdir(exist_ok=True)
    shims = {"id": f'#!/bin/sh\n[ "$1" = -u ] && echo {uid}\n',
             **{program: "#!/bin/sh\n" for program in have}}
    if apt:
        shims["apt-get"] = f'#!/bin/sh\necho "$*" >> "{asked}"\n'
    for name, text in shims.items():
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    (bin_dir / "ls").symlink_to("/bin/ls")     # the script looks for PostgreSQL's initdb
    done = subprocess.run(["/bin/bash", str(SCRIPT), target], capture_output=True, text=True,
                          env={"PATH": str(bin_dir)}, timeout=60)
    return done, asked.read_text().splitlines() if asked.exists() else []


def expected(target: str, missing_programs: list[str]) -> list[str]:
    """The packages the script should name: the programs left out, and Chromium's headless
    build and PostgreSQL when this machine has not got them (their paths are fixed)."""
    packages = list(missing_programs)
    if target == "test":
        packages += [] if HEADLESS.exists() else ["chromium-headless-shell"]
        packages += [] if POSTGRES else ["postgresql"]
    return packages


def test_without_root_it_installs_nothing_and_prints_the_one_command(tmp_path):
    done, asked = run(tmp_path, "test", uid=1000)
    packages = expected("test", ["nodejs", "npm", "chromium"])
    assert done.returncode == 1
    assert asked == []                                            # nothing installed
    assert f"make test needs these system packages first: {' '.join(packages)}" in done.stderr
    assert f"    sudo apt-get install {' '.join(packages)}" in done.stderr


def test_as_root_it_installs_what_is_missing_and_only_that(tmp_path):
    done, asked = run(tmp_path, "test", uid=0, have=("node",))
    packages = expected("test", ["npm", "chromium"])
    assert done.returncode == 0, done.stderr
    assert asked[0].startswith("update")
    assert asked[1].split() == ["install", "-y", "-q", *packages]
    assert f"installing system packages: {' '.join(packages)}" in done.stdout


def test_the_book_needs_only_node_and_nothing_when_it_is_there(tmp_path):
    done, asked = run(tmp_path, "book", uid=0, have=("npm",))
    assert done.returncode == 0 and asked[1].split() == ["install", "-y", "-q", "nodejs"]
    (tmp_path / "again").mkdir()
    again, asked_again = run(tmp_path / "again", "book", uid=1000, have=("node", "npm"))
    assert (again.returncode, asked_again, again.stdout, again.stderr) == (0, [], "", "")


def test_the_screenshots_need_only_chromiums_headless_build(tmp_path):
    """``make screenshots`` drives Chromium's headless build (book/screenshots.py), nothing
    else: without it, the one command to run; with it, on at once."""
    done, asked = run(tmp_path, "screenshots", uid=1000)
    if HEADLESS.exists():
        assert (done.returncode, asked, done.stdout, done.stderr) == (0, [], "", "")
    else:
        assert done.returncode == 1 and asked == []
        assert "make screenshots needs these system packages first: chromium-headless-shell" in done.stderr
    assert "nodejs" not in done.stderr and "postgresql" not in done.stderr


@pytest.mark.skipif(not HEADLESS.exists() or not POSTGRES,
                    reason="needs Chromium's headless build and PostgreSQL installed")
def test_with_everything_there_make_test_goes_on_at_once(tmp_path):
    done, asked = run(tmp_path, "test", uid=1000, have=("node", "npm", "chromium"))
    assert (done.returncode, asked, done.stdout, done.stderr) == (0, [], "", "")


def test_without_apt_get_it_prints_the_command_even_as_root(tmp_path):
    done, asked = run(tmp_path, "test", uid=0, apt=False)
    assert done.returncode == 1 and asked == []
    assert "    sudo apt-get install nodejs npm chromium" in done.stderr
