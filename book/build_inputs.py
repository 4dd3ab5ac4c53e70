"""What a book build was made from, so a build is reused only when nothing it read changed.

book/editions.py records, next to every build it makes (``_build/inputs.json``), the
inputs it was made from: the content hash of every file the build reads (the book's
pages, configuration, extension, templates, static and vendored files in ``book/``, the
lessons in ``tutorials/``, the package ``rummy_teach/``, ``lite/``'s sources, which the
book's extension imports, and ``pyproject.toml``), the installed packages' versions, the
Python running it and the environment variables that change what a lesson prints. It
records them before building (a file changed while the build runs then differs from the
record) and writes the record only when every edition was built, removing the old one
first (an interrupted build leaves no record).

The test session (tests/book_build.py) tests the build `make book` left in
``book/_build`` instead of building the book again only when that record says the build
succeeded and its inputs are exactly the ones of now; any difference, or no record, and
the session builds the book as before. Standard library only.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the record's name, in the build folder (the one holding ``html/``)
RECORD = "inputs.json"
#: the folders and files a build reads, from the project's root
READ = ("book", "tutorials", "rummy_teach", "lite", "pyproject.toml")
#: folders inside those that a build writes or that only cache downloads (their results
#: are in what is read: ``book/_vendor`` holds the vendored files themselves)
SKIPPED = frozenset({"_build", ".vendor-cache", "__pycache__", ".ipynb_checkpoints",
                     ".pytest_cache"})
#: environment variables that change what a lesson or a page says
ENVIRONMENT_PREFIXES = ("RUMMY_", "LC_", "JUPYTER")
ENVIRONMENT = ("LANG", "LANGUAGE", "PYTHONPATH", "PYTHONHASHSEED")
#: how many differences a reason names before "and N more"
NAMED = 5


def file_hashes(root: Path = ROOT) -> dict[str, str]:
    """The sha256 of every file a build reads (paths relative to ``root``, with ``/``).
    A symbolic link to a folder (``book/tutorials``) is not followed: its target is
    read on its own."""
    hashes = {}
    for top in READ:
        start = root / top
        if start.is_file():
            hashes[top] = hashlib.sha256(start.read_bytes()).hexdigest()
            continue
        for folder, subfolders, files in os.walk(start):
            subfolders[:] = sorted(name for name in subfolders if name not in SKIPPED)
            for name in sorted(files):
                if name.endswith(".pyc") or name.endswith(".mo") and name[:-3] + ".po" in files:
                    continue    # compiled from what is read: Sphinx writes the .mo as it builds
                path = Path(folder) / name
                hashes[path.relative_to(root).as_posix()] = (
                    hashlib.sha256(path.read_bytes()).hexdigest())
    return hashes


def folder_digest(folder: Path | None) -> str | None:
    """One hash of every file in ``folder`` (names and contents); None for no folder."""
    if folder is None or not folder.is_dir():
        return None
    hashed = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        hashed.update(path.relative_to(folder).as_posix().encode() + b"\0")
        hashed.update(hashlib.sha256(path.read_bytes()).digest())
    return hashed.hexdigest()


def lite_inputs(book_digest: str, executed: Path | None) -> dict:
    """What a live-lesson site (lite/build.py) is made from: the book's inputs (which
    hold lite/'s, its pinned downloads' lock among them), the executed lessons whose
    outputs it shows, and the Node.js that makes its Pyodide snapshot."""
    try:
        node = subprocess.run(["node", "--version"], capture_output=True, text=True,
                              timeout=60).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        node = None
    return {"book inputs": book_digest, "executed lessons": folder_digest(executed),
            "node": node}


def recorded_digest(folder: Path) -> str | None:
    """The digest in ``folder``'s record, if it has one that says it succeeded."""
    try:
        said = json.loads((folder / RECORD).read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None
    return said.get("digest") if said.get("ok") else None


def packages() -> dict[str, str]:
    """Every installed distribution's version, by name."""
    found = {}
    for distribution in metadata.distributions():
        name = distribution.metadata["Name"]
        if name:
            found[name.lower()] = distribution.version
    return dict(sorted(found.items()))


def environment() -> dict[str, str]:
    return {name: value for name, value in sorted(os.environ.items())
            if name in ENVIRONMENT or name.startswith(ENVIRONMENT_PREFIXES)}


def manifest(root: Path = ROOT) -> dict:
    """Everything a build is made from (see the module docstring)."""
    return {"files": file_hashes(root), "packages": packages(),
            "python": f"{sys.version} {sys.executable}", "environment": environment()}


def digest(inputs: dict) -> str:
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()


def differences(old: dict, new: dict) -> list[str]:
    """What changed from ``old`` to ``new`` (two manifests), in words; empty when
    nothing did."""
    said = []
    for part, what in (("files", ""), ("packages", "package "), ("environment", "$")):
        before, after = old.get(part, {}), new.get(part, {})
        for name in sorted(set(before) | set(after)):
            if name not in before:
                said.append(f"{what}{name} added")
            elif name not in after:
                said.append(f"{what}{name} removed")
            elif before[name] != after[name]:
                said.append(f"{what}{name} changed")
    if old.get("python") != new.get("python"):
        said.append("another Python")
    return said


def in_words(changes: list[str]) -> str:
    named = ", ".join(changes[:NAMED])
    return named + (f" and {len(changes) - NAMED} more" if len(changes) > NAMED else "")


def forget(build: Path) -> None:
    """Remove ``build``'s record (a build is starting there)."""
    (build / RECORD).unlink(missing_ok=True)


def record(build: Path, inputs: dict, ok: bool) -> None:
    """Write ``build``'s record: made from ``inputs``, succeeded or not (written aside,
    then renamed: never half read)."""
    build.mkdir(parents=True, exist_ok=True)
    aside = build / (RECORD + ".part")
    aside.write_text(json.dumps({"digest": digest(inputs), "ok": ok, "inputs": inputs},
                                indent=1, sort_keys=True), encoding="utf-8")
    os.replace(aside, build / RECORD)


def reusable(build: Path, root: Path = ROOT) -> tuple[bool, str]:
    """Whether the build in ``build`` (a folder holding ``html/``) may be tested as the
    build of the inputs ``root`` has now, and why (a sentence)."""
    if not (build / "html" / "index.html").exists():
        return False, f"there is no build in {build}"
    try:
        said = json.loads((build / RECORD).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return False, (f"{build} has no record of its inputs ({RECORD}: made before the "
                       "records, or its build was interrupted)")
    except ValueError as error:
        return False, f"{build / RECORD} cannot be read ({error})"
    if not said.get("ok"):
        return False, f"the build in {build} failed"
    now = manifest(root)
    if digest(now) != said.get("digest"):
        changes = differences(said.get("inputs", {}), now) or ["the record itself"]
        return False, f"{build} was made from other inputs: {in_words(changes)}"
    return True, (f"{build} was made by book/editions.py (`make book`) from exactly the inputs "
                  f"of now ({len(now['files'])} files, {len(now['packages'])} packages; "
                  f"digest {said['digest'][:12]})")
