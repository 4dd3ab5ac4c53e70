"""The classroom kernel manager's choice of orphan kernels, without starting any kernel.

Kernels are stand-ins placed in the manager's table, as Jupyter keeps them: a kernel
that is still starting has no ``last_activity`` yet, and reading it raises.
"""

import asyncio
from datetime import datetime, timedelta, timezone

from traitlets import TraitError

from rummy_teach.classroom.kernels import ClassroomKernelManager


def run_in_own_loop(coroutine):
    """``asyncio.run`` in a thread of its own: in the full suite, Playwright's sync API
    (a browser test run before) keeps an event loop running in the main thread, where
    asyncio.run refuses to start (it failed there, and passed alone)."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as worker:
        return worker.submit(asyncio.run, coroutine).result(timeout=120)


class Starting:
    @property
    def last_activity(self):
        raise TraitError("The 'last_activity' trait expected a datetime, not None")


class Idle:
    def __init__(self, seconds):
        self.last_activity = datetime.now(timezone.utc) - timedelta(seconds=seconds)


def manager_with(kernels, connected=()):
    manager = ClassroomKernelManager(kernel_budget=3)
    manager._kernels.update(kernels)
    for kernel_id in connected:
        manager._kernel_connections[kernel_id] = 1
    return manager


def test_a_starting_kernel_is_not_an_orphan_and_does_not_break_the_search():
    manager = manager_with({"starting": Starting(), "gone": Idle(60), "fresh": Idle(1)})
    assert manager.orphans() == ["gone"]


def test_orphans_are_longest_idle_first_and_connected_pages_are_never_taken():
    manager = manager_with({"a": Idle(30), "b": Idle(90), "open": Idle(300)}, connected=["open"])
    assert manager.orphans() == ["b", "a"]


def test_reclaim_finds_nothing_while_every_kernel_is_starting():
    manager = manager_with({"one": Starting(), "two": Starting()})
    assert run_in_own_loop(manager.reclaim_orphan()) is False
