"""The real classroom server on loopback against hostile requests: kernels stay within budget.

One server with a lesson (``--notebook``), ``--students 3`` (so a pool of 3 and a budget
of 6 kernels), is sent wrong-token report requests, anonymous lesson requests (nobody
joined) and then more students, joined with the join code, asking for the lesson at once
than the class has seats. Kernels are counted as the server's child processes.
"""

import http.cookiejar
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from browser import CommandServer, free_port
from rummy_teach.classroom.kernels import ClassroomKernelManager

REFILL_POLL_SECONDS = ClassroomKernelManager.refill_poll_seconds.default_value

STUDENTS = 3
JOIN = "BUDGET"
TOKEN = "budget-teacher-token"
LESSON = Path(__file__).resolve().parent / "notebooks" / "class_lesson.md"

slow = pytest.mark.slow
# one classroom server with kernels for the module: make test runs these in its serve lane
pytestmark = pytest.mark.server


@pytest.fixture(scope="module")
def small_class(tmp_path_factory):
    home = tmp_path_factory.mktemp("budget")
    port = free_port()
    argv = [sys.executable, "-m", "rummy_teach.cli", "classroom", "--notebook", str(LESSON),
            "--host", "127.0.0.1", "--port", str(port), "--students", str(STUDENTS),
            "--token", TOKEN, "--join-code", JOIN, "--refill-seconds", "0",
            "--run-dir", str(home / "run"), "--db", str(home / "r.db")]
    server = CommandServer(argv, root=home, port=port, ready_path="/voila/static/voila.js",
                           name="classroom-budget").start()
    yield server
    server.stop()


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def joined(base: str, name: str):
    """A student's browser that joined the class as ``name``: an opener with its cookies."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(
        http.cookiejar.CookieJar()))
    opener.open(f"{base}/quiz?join={JOIN}", timeout=120).read()
    form = urllib.parse.urlencode({"name": name}).encode()
    opener.open(urllib.request.Request(f"{base}/quiz/join", data=form,
                                       headers={"Origin": base}), timeout=120).read()
    return opener


def lesson(opener, base: str):
    try:
        with opener.open(f"{base}/voila/render/lesson.ipynb", timeout=120) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def kernels_of(server) -> int:
    out = subprocess.run(["ps", "-eo", "ppid=,args="], capture_output=True, text=True).stdout
    return sum(1 for line in out.splitlines()
               if line.split(None, 1)[0] == str(server.process.pid) and "ipykernel" in line)


def counts_over(server, seconds: float) -> list[int]:
    """The server's kernels, counted again and again for ``seconds`` (at least twice)."""
    counts, end = [kernels_of(server)], time.monotonic() + seconds
    while time.monotonic() < end or len(counts) < 2:
        counts.append(kernels_of(server))
    return counts


@slow
def test_thirty_hostile_requests_leave_at_most_two_kernels_per_student(small_class):
    base = small_class.base
    wrong_report = [f"{base}/voila/render/report.ipynb?token=wrong{i}" for i in range(15)]
    anonymous = [f"{base}/voila/render/lesson.ipynb" if i % 2 else f"{base}/" for i in range(15)]
    with ThreadPoolExecutor(max_workers=10) as pool:
        results = list(pool.map(get, wrong_report + anonymous))
    assert [status for status, _ in results[:15]] == [403] * 15
    assert all("access refused" in body for _, body in results[:15])
    assert all(status == 200 and "join code" in body for status, body in results[15:])
    assert kernels_of(small_class) <= 2 * STUDENTS

    # students who joined, more than the class has seats, asking for the lesson all at once
    students = [joined(base, f"Student {n}") for n in range(12)]
    with ThreadPoolExecutor(max_workers=12) as pool:
        pages = list(pool.map(lambda opener: lesson(opener, base), students))
    statuses = [status for status, _ in pages]
    assert statuses.count(200) >= STUDENTS and set(statuses) <= {200, 503}
    assert any("This class is full" in body for status, body in pages if status == 503)
    # the pool's refills now wait for room, looking every refill_poll_seconds: watched over
    # two of their looks, the count never passes the budget (not one reading after a sleep:
    # a kernel started and stopped between readings would be missed)
    assert max(counts_over(small_class, 2 * REFILL_POLL_SECONDS)) <= 2 * STUDENTS


@slow
def test_the_report_starts_no_kernel_even_with_the_right_token(small_class):
    before = kernels_of(small_class)
    for _ in range(5):
        status, body = get(f"{small_class.base}/voila/render/report.ipynb?token={TOKEN}")
        assert status == 200 and "rummy-report" in body
    assert kernels_of(small_class) == before
