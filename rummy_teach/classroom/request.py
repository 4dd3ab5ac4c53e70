"""What a preheated kernel waits for: the request of the student it is given to.

Voilà runs the quiz notebook in pool kernels before any student asks; the notebook
then waits until a page request takes the kernel, and Voilà sends that request's
details (the seat and hub-user headers) over a websocket at ``voila/query/<kernel>``.
Voilà's own helper for this, ``voila.utils.wait_for_request``, imports Voilà with
jupyter_server and nbconvert into every student's kernel: 46 MB each, measured, about
as much as the rest of the kernel. This does the same with the ``websockets`` package
alone, from the same environment variables Voilà gives its kernels.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading

OPEN_TIMEOUT_SECONDS = 5


def query_url(env=None) -> str | None:
    """The websocket address of this kernel's request, or None when not preheated."""
    env = os.environ if env is None else env
    if env.get("VOILA_PREHEAT", "False") == "False":
        return None
    server_url = env.get("VOILA_SERVER_URL", "/")
    base = env.get("VOILA_WS_BASE_URL", server_url)
    return (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
            f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID')}")


async def _receive(url: str):
    from websockets.asyncio.client import connect
    try:
        async with connect(url, open_timeout=OPEN_TIMEOUT_SECONDS) as websocket:
            return await websocket.recv()
    except (TimeoutError, OSError):
        return None  # not served by Voilà (a test, a plain kernel): no request to wait for


def wait_for_request() -> None:
    """Block until Voilà hands this kernel its request, then put the request's details
    (``HTTP_X_RUMMY_SEAT``, ``QUERY_STRING``, ...) in ``os.environ``. Returns at once in
    a kernel that was not preheated."""
    url = query_url()
    if url is None:
        return
    received = []
    # in a thread of its own: the kernel's own event loop is running in this one
    worker = threading.Thread(target=lambda: received.append(asyncio.run(_receive(url))))
    worker.start()
    worker.join()
    if received and received[0]:
        for name, value in json.loads(received[0]).items():
            os.environ[name] = value
