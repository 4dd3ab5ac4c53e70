"""Whether a hub user teaches, asked of a stand-in for the hub's API (no JupyterHub):
the answer is cached; a hub that does not answer within the setting
HUB_API_TIMEOUT_SECONDS refuses the page this time only, and the next visit asks again."""

import asyncio
import json
from types import SimpleNamespace

import pytest

tornado_web = pytest.importorskip("tornado.web")
from tornado.httpserver import HTTPServer  # noqa: E402
from tornado.netutil import bind_sockets  # noqa: E402

from rummy_teach.classroom.hub import HUB_API_TIMEOUT_SECONDS, HubDoor  # noqa: E402


class FakeHub:
    """/users/<name>: the user's groups, once ``answering`` is set (at once unless a test
    clears it: then the hub holds every request until told); unknown users are 404."""

    def __init__(self):
        self.asked, self.groups = 0, {"hopper": ["teachers"], "ada": ["students"]}
        self.answering = asyncio.Event()
        self.answering.set()
        hub = self

        class Users(tornado_web.RequestHandler):
            async def get(self, name):
                hub.asked += 1
                await hub.answering.wait()
                if name not in hub.groups:
                    raise tornado_web.HTTPError(404)
                self.finish(json.dumps({"name": name, "groups": hub.groups[name]}))

        self.app = tornado_web.Application([(r"/hub/api/users/([^/]+)", Users)])

    async def start(self):
        sockets = bind_sockets(0, "127.0.0.1")
        self.server = HTTPServer(self.app)
        self.server.add_sockets(sockets)
        return f"http://127.0.0.1:{sockets[0].getsockname()[1]}/hub/api"


def door_for(api_url, timeout):
    return HubDoor("teachers", api_timeout=timeout,
                   auth=SimpleNamespace(api_url=api_url, api_token="service-token"))


def test_a_door_waits_for_the_hub_as_long_as_the_setting_says():
    door = HubDoor("teachers", auth=SimpleNamespace(api_url="http://127.0.0.1:9", api_token="t"))
    assert door.api_timeout == HUB_API_TIMEOUT_SECONDS


def test_teachers_are_known_and_remembered():
    async def run():
        hub = FakeHub()
        door = door_for(await hub.start(), 5)
        said = [await door.is_teacher("hopper"), await door.is_teacher("ada"),
                await door.is_teacher("nobody"), await door.is_teacher("hopper")]
        hub.server.stop()
        return said, hub.asked
    assert asyncio.run(run()) == ([True, False, False, True], 3)


def test_a_hub_too_slow_to_answer_refuses_once_and_is_asked_again():
    async def run():
        hub = FakeHub()
        door = door_for(await hub.start(), 0.5)
        hub.answering.clear()  # the hub holds the request past any timeout: no race with load
        first = await door.is_teacher("hopper")
        hub.answering.set()
        door.api_timeout = 60  # a bound on a slow machine; the hub now answers at once
        second = await door.is_teacher("hopper")
        hub.server.stop()
        return first, second, hub.asked
    assert asyncio.run(run()) == (False, True, 2)


def test_no_hub_at_all_refuses_without_an_error():
    async def run():
        hub = FakeHub()
        url = await hub.start()
        hub.server.stop()  # closes the listening socket at once: the port refuses
        return await door_for(url, 60).is_teacher("hopper")
    assert asyncio.run(run()) is False
