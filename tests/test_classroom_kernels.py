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


# --- a preheated kernel's request, without Voilà in the kernel ------------------------------
def test_a_preheated_kernel_receives_its_request_over_voilas_query_socket(monkeypatch):
    import json
    import socket
    import subprocess
    import sys
    import threading

    from websockets.asyncio.server import serve

    from rummy_teach.classroom.request import wait_for_request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    asked = []
    ready = threading.Event()
    done = []  # the asyncio event set once the kernel has read the request and hung up

    async def answer(websocket):  # what Voilà's QueryStringSocketHandler sends
        asked.append(websocket.request.path)
        await websocket.send(json.dumps({"HTTP_X_RUMMY_SEAT": "seat-from-the-request",
                                         "QUERY_STRING": "join=K7P4QX"}))
        await websocket.wait_closed()
        done[0].set()

    async def server():
        done.append(asyncio.Event())
        async with serve(answer, "127.0.0.1", port):
            ready.set()
            await asyncio.wait_for(done[0].wait(), 60)  # bounded: a kernel that never asks

    thread = threading.Thread(target=lambda: asyncio.run(server()))
    thread.start()
    assert ready.wait(60)
    for name, value in {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port),
                        "VOILA_SERVER_URL": "/services/c/", "VOILA_KERNEL_ID": "k-1"}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("HTTP_X_RUMMY_SEAT", raising=False)
    wait_for_request()
    thread.join(60)
    import os
    assert asked == ["/services/c/voila/query/k-1"]
    assert os.environ["HTTP_X_RUMMY_SEAT"] == "seat-from-the-request"
    # and a student's kernel no longer loads Voilà (46 MB a kernel, measured)
    code = ("import sys; from rummy_teach.classroom import lesson; "
            "from rummy_teach.classroom.request import wait_for_request; wait_for_request(); "
            "print(sorted(m for m in ('voila', 'nbconvert', 'jupyter_server') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={k: v for k, v in os.environ.items() if not k.startswith("VOILA_")})
    assert out.stdout.strip() == "[]", out.stderr
