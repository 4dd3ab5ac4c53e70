"""environment.yml must describe the same environment as pyproject.toml's extras."""

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    tomllib = pytest.importorskip("tomli")


def _normal(requirement: str) -> tuple[str, str]:
    """('jupyter-book', '>=1,<2'): a name in PEP 503 form and its version range.

    Extras (``psycopg[binary]``) are a pip notion; conda's package carries them.
    """
    match = re.match(r"\s*([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?\s*(.*)", requirement)
    name, spec = match.groups()
    return re.sub(r"[-_.]+", "-", name).lower(), spec.replace(" ", "")


def pyproject_requirements() -> set:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    extras = data["project"]["optional-dependencies"]
    found = set(data["project"]["dependencies"])
    for name, requirements in extras.items():
        found.update(r for r in requirements if not r.startswith("rummy_teach"))
    return {_normal(r) for r in found}


def environment_requirements() -> set:
    found = set()
    for line in (ROOT / "environment.yml").read_text().splitlines():
        item = re.match(r"\s*-\s+(\S.*)$", line)
        if not item or item.group(1).rstrip(":") in ("pip", "conda-forge") or item.group(1).startswith("-e"):
            continue
        found.add(_normal(item.group(1)))
    return {(n, s) for n, s in found if n != "python"}


def test_environment_yml_lists_the_same_packages_as_pyproject():
    assert environment_requirements() == pyproject_requirements()


def test_environment_yml_installs_the_project_itself():
    assert "- -e ." in (ROOT / "environment.yml").read_text()
