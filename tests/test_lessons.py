"""Every lesson in tutorials/ runs from top to bottom under nbval.

The lessons are MyST Markdown notebooks; ``tests/nbval_myst.py`` lets nbval read
them. Each lesson runs in its own pytest process with a fresh kernel, exactly as a
reader running it in JupyterLab would: a failing cell (including the hidden
``assert`` cells that check the numbers the text states) fails the lesson.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "tutorials"
LESSONS = sorted(p for p in TUTORIALS.glob("*.md") if p.read_text(encoding="utf-8").startswith("---"))


def test_there_are_lessons():
    assert LESSONS, f"no MyST lessons found in {TUTORIALS}"


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_runs_under_nbval(lesson):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [str(Path(__file__).parent), os.environ.get("PYTHONPATH")])))
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "nbval_myst", "--nbval-lax", "-q",
         "-p", "no:cacheprovider", "--rootdir", str(TUTORIALS), str(lesson)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " passed" in result.stdout
