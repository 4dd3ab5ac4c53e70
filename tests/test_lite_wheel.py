"""The live lessons' copy of rummy_teach is built from the checkout as it is now.

setuptools keeps its work in the source's ``build/`` folder and reuses it: a wheel built in
place kept a module deleted from ``rummy_teach/``, and the live lessons would import it.
"""
import importlib.util
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def lite_build():
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(ROOT / "lite"))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "lite"))
    return module


@pytest.mark.slow
def test_a_module_left_in_build_by_an_earlier_wheel_is_not_in_the_live_lessons_wheel(tmp_path):
    source = tmp_path / "checkout"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "rummy_teach", source / "rummy_teach",
                    ignore=shutil.ignore_patterns("__pycache__"))
    # what an earlier build of a module since deleted leaves behind
    ghost = source / "build" / "lib" / "rummy_teach" / "ghost_module.py"
    ghost.parent.mkdir(parents=True)
    ghost.write_text("GHOST = True\n")

    wheel = lite_build().own_wheel(source, tmp_path / "out")

    names = zipfile.ZipFile(wheel).namelist()
    assert "rummy_teach/__init__.py" in names and "rummy_teach/game/judge.py" in names
    assert not [n for n in names if "ghost_module" in n]
