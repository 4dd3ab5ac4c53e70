"""The classroom's kernel manager: a hard budget of kernels, and the pool kept out of culling.

Voilà starts one kernel per page load. In a classroom that must be bounded, or a
student holding F5 (or a script) takes the teacher's machine down. This manager
(named in ``VoilaConfiguration.multi_kernel_manager_class``; Voilà wraps it in its
pool manager) keeps the number of kernels, running *and* starting, at most
``kernel_budget`` = students + pool:

* a kernel asked for by a page load when the budget is spent raises
  :class:`ClassFull` at once (the quiz page handler shows "this class is full");
* a pool refill waits until there is room (the pool refills when kernels of
  closed pages are culled);
* when the budget is spent, :meth:`ClassroomKernelManager.reclaim_orphan` stops the
  kernel of a page that is gone (no websocket, idle for :data:`ORPHAN_SECONDS`):
  a reload's old kernel, or a page fetched by a script, never holds a seat for long.
  A student's open page (connected) is never touched.

Kernels of pages that were closed are culled after the idle timeout, as Jupyter
does; the preheated kernels waiting in the pool are never culled (they would
leave dead kernels in the pool).

A kernel runs the teacher's lesson, never the class's secrets: its environment is the
server's without any variable that holds or points to one (:func:`kernel_env`: the
results database, tokens, passwords, the run folder's config), and its folder (the run
folder's ``pages``) holds only the lesson.
"""

from __future__ import annotations

import asyncio
import os
import re
from datetime import datetime, timedelta, timezone

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Integer, TraitError

PREHEAT_ENV = "VOILA_PREHEAT"
ORPHAN_SECONDS = 15
#: variables a kernel is never given: what holds a secret, or names a file that does
SECRET_ENV = re.compile(r"TOKEN|PASSWORD|PASSWD|SECRET|CREDENTIAL|PRIVATE|^PG|DATABASE|_DB$|"
                        r"^RUMMY_CLASSROOM_CONFIG$|^RUMMY_TEACH_(DB|TOKEN)", re.IGNORECASE)


def kernel_env(env) -> dict:
    """``env`` without the variables a lesson's kernel must not see (:data:`SECRET_ENV`)."""
    return {name: value for name, value in env.items() if not SECRET_ENV.search(name)}


def _last_activity(kernel) -> datetime | None:
    """When the kernel last spoke; None while it is still starting (Jupyter sets the
    trait only once the kernel is up, and reading it before raises TraitError)."""
    try:
        return getattr(kernel, "last_activity", None)
    except TraitError:
        return None


class ClassFull(RuntimeError):
    """Starting one more kernel would go past the classroom's kernel budget."""


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with a budget (0 means no limit)."""

    kernel_budget = Integer(0, config=True, help="most kernels at once, starting ones included")
    refill_poll_seconds = Float(1.0, config=True, help="how often a waiting pool refill looks")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._starting = 0

    def kernel_count(self) -> int:
        """Kernels running or being started now."""
        return len(self._kernels) + self._starting

    def has_room(self) -> bool:
        return not self.kernel_budget or self.kernel_count() < self.kernel_budget

    def ready_first(self, notebook: str) -> None:
        """Put the pool's ready kernels of ``notebook`` first (Voilà hands out the first)."""
        pool = getattr(self, "_pools", {}).get(notebook, [])  # Voilà's pool manager's
        pool.sort(key=lambda task: not (task.done() and not task.cancelled()
                                        and task.exception() is None))

    def ready_pool_kernels(self, notebook: str | None = None) -> set[str]:
        """Ids of preheated kernels waiting in the pool (of ``notebook``, or of any)."""
        ids = set()
        pools = getattr(self, "_pools", {})  # set by Voilà's pool manager, when preheating
        for name, pool in pools.items():
            if notebook is not None and name != notebook:
                continue
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    ids.add(task.result()["kernel_id"])
        return ids

    async def start_kernel(self, *args, **kwargs):
        preheat = (kwargs.get("env") or {}).get(PREHEAT_ENV) == "True"
        while not self.has_room():
            if not preheat:
                raise ClassFull(f"{self.kernel_count()} kernels already run "
                                f"(budget {self.kernel_budget})")
            await asyncio.sleep(self.refill_poll_seconds)
        self._starting += 1  # counted from now on: no await between the check and this
        kwargs["env"] = kernel_env(kwargs.get("env") or os.environ)
        try:
            return await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1

    def orphans(self, idle_seconds: float = ORPHAN_SECONDS) -> list[str]:
        """Kernels with no page connected, idle that long, not waiting in the pool;
        longest idle first."""
        now = datetime.now(timezone.utc)
        pool = self.ready_pool_kernels()
        found = []
        for kernel_id, kernel in list(self._kernels.items()):
            last = _last_activity(kernel)
            if kernel_id in pool or self._kernel_connections.get(kernel_id, 0) or last is None:
                continue
            if last.tzinfo is None:
                last = last.replace(tzinfo=timezone.utc)
            if now - last > timedelta(seconds=idle_seconds):
                found.append((last, kernel_id))
        return [kernel_id for _, kernel_id in sorted(found)]

    async def reclaim_orphan(self) -> bool:
        """Stop the longest idle orphan kernel, if there is one; True if a seat was freed."""
        for kernel_id in self.orphans():
            try:
                await self.shutdown_kernel(kernel_id)
            except Exception:  # gone meanwhile: try the next
                continue
            self.log.info("Stopped kernel %s of a page that is gone, for a new student", kernel_id)
            return True
        return False

    async def cull_kernel_if_idle(self, kernel_id):
        if kernel_id in self.ready_pool_kernels():
            return  # a preheated kernel waiting for a student is idle by design
        await super().cull_kernel_if_idle(kernel_id)
