"""The classroom's kernel manager: a hard budget of kernels, and the pool kept out of culling.

Voilà starts one kernel per page load. In a classroom that must be bounded, or a
student holding F5 (or a script) takes the teacher's machine down. This manager
(named in ``VoilaConfiguration.multi_kernel_manager_class``; Voilà wraps it in its
pool manager) keeps the number of kernels, running *and* starting, at most
``kernel_budget`` = students + pool:

* a kernel asked for by a page load when the budget is spent raises
  :class:`ClassFull` at once (the quiz page handler shows "this class is full");
* a pool refill waits until there is room (the pool refills when kernels of
  closed pages are culled).

Kernels of pages that were closed are culled after the idle timeout, as Jupyter
does; the preheated kernels waiting in the pool are never culled (they would
leave dead kernels in the pool).
"""

from __future__ import annotations

import asyncio

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Integer

PREHEAT_ENV = "VOILA_PREHEAT"


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
        try:
            return await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1

    async def cull_kernel_if_idle(self, kernel_id):
        if kernel_id in self.ready_pool_kernels():
            return  # a preheated kernel waiting for a student is idle by design
        await super().cull_kernel_if_idle(kernel_id)
