"""Several pytest processes sharing one run, a test module at a time (``--share=FOLDER``).

Each process collects the same tests, then walks them in the same order; before the first
test of each module it claims the module by creating a file named after it in FOLDER
(``O_CREAT | O_EXCL``: the file system lets exactly one process create it). The process
that made the file runs the whole module; the others leave it and go on to the next. So
every selected test runs exactly once, in one of the processes, a module's fixtures are
set up once, and the processes stay busy to the end: whichever is free takes the next
module (no list of files, no guessed weights).

`make check` runs its tier this way in two processes side by side on the two cores
(``tests/run_lanes.py --quick``), and `make test` its ``book`` lane (whose processes share
the book build too: tests/book_build.py). Each process writes the nodeids it ran
(``ran-<pid>.txt``), so the driver can say that together they ran every test once.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest


def pytest_addoption(parser):
    parser.addoption("--share", default=None, metavar="FOLDER",
                     help="share the run with other pytest processes given the same FOLDER: "
                          "each runs the modules it claims first (tests/shared_run.py)")


def claim(folder: Path, module: str) -> bool:
    """True when this process is the first to claim ``module`` in ``folder``."""
    name = hashlib.sha1(module.encode()).hexdigest()[:16] + ".claim"
    folder.mkdir(parents=True, exist_ok=True)
    try:
        handle = os.open(folder / name, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        return False
    with os.fdopen(handle, "w", encoding="utf-8") as claimed:
        claimed.write(f"{module}\n")
    return True


def module_of(item) -> str:
    """What a process claims for ``item``: its module, or the group its module names in
    ``SHARED_RUN_GROUP`` (modules that read the same pages through one session fixture,
    so that one process loads each page once for all of them)."""
    return getattr(item.module, "SHARED_RUN_GROUP", None) or item.nodeid.split("::")[0]


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session):
    folder = session.config.getoption("share")
    if folder is None or session.config.option.collectonly:
        return None                         # pytest's own loop
    if session.testsfailed and not session.config.option.continue_on_collection_errors:
        raise session.Interrupted(f"{session.testsfailed} errors during collection")
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    mine: dict[str, bool] = {}
    ran = []
    items = session.items
    for i, item in enumerate(items):
        module = module_of(item)
        if module not in mine:
            mine[module] = claim(folder, module)
        if not mine[module]:
            continue
        # the next test in the shared order, whoever runs it: this module's fixtures are
        # torn down when the next test is another module's, as in pytest's own loop
        nextitem = items[i + 1] if i + 1 < len(items) else None
        item.config.hook.pytest_runtest_protocol(item=item, nextitem=nextitem)
        ran.append(item.nodeid)
        if session.shouldfail:
            raise session.Failed(session.shouldfail)
        if session.shouldstop:
            raise session.Interrupted(session.shouldstop)
    (folder / f"ran-{os.getpid()}.txt").write_text(
        "".join(f"{n}\n" for n in [f"selected {len(items)}", *ran]), encoding="utf-8")
    session.config.stash[RAN] = (len(ran), len(items), sum(mine.values()), len(mine))
    return True


RAN = pytest.StashKey[tuple]()


def pytest_terminal_summary(terminalreporter, config):
    if RAN in config.stash:
        ran, total, modules, all_modules = config.stash[RAN]
        terminalreporter.write_line(
            f"shared run: {ran} of the {total} selected tests ({modules} of {all_modules} "
            f"modules) ran in this process, the others in the processes sharing it")
