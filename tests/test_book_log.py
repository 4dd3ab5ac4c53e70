"""What the book's build log is read for (tests/book_build.py): every warning and error,
with only a lesson kernel's own noise left out (CI once failed a clean build on a
kernel's ZMQ socket closing at shutdown). These run in `make check`: no book is built."""

from __future__ import annotations

from pathlib import Path

from book_build import BookBuild

TCP_NOTICE = ("[IPKernelApp] WARNING | Kernel is running over TCP without encryption. All "
              "communication (including code and outputs) is sent in plain text and is "
              "susceptible to eavesdropping. Use IPC transport or launch with kernel "
              "manager-provisioned CurveZMQ keys to enable transport encryption.")
CLOSED_SOCKET = """ERROR:tornado.general:Uncaught exception in ZMQStream callback
Traceback (most recent call last):
  File "zmq/eventloop/zmqstream.py", line 614, in _handle_events
    zmq_events = self.socket.EVENTS
  File "zmq/backend/cython/_zmq.py", line 190, in zmq.backend.cython._zmq._check_rc
zmq.error.ZMQError: Socket operation on non-socket"""


def _build(*lines: str) -> BookBuild:
    log = "\n".join(["Running Jupyter-Book v1.0.4", *lines, "build succeeded."])
    return BookBuild(Path("html"), log, ok=True)


def test_a_clean_build_with_kernel_noise_has_no_problem():
    build = _build(TCP_NOTICE, "tutorials/basic_melds: Executing notebook", CLOSED_SOCKET,
                   TCP_NOTICE)
    assert build.problems() == []
    flagged = build.failure().split("----- the end of the log -----")[0]
    assert "ZMQ" not in flagged and "TCP" not in flagged


def test_a_sphinx_warning_is_a_problem():
    warning = "book/intro.md:12: WARNING: undefined label: 'nowhere'"
    assert _build(TCP_NOTICE, warning).problems() == [warning]


def test_another_kernel_error_stays_a_problem():
    other = CLOSED_SOCKET.replace("Socket operation on non-socket", "Context was terminated")
    problems = _build(other).problems()
    assert problems == ["ERROR:tornado.general:Uncaught exception in ZMQStream callback"]
    assert "Context was terminated" in _build(other).failure()


def test_a_lesson_error_after_the_noise_stays_a_problem():
    lesson = "ERROR: tutorials/basic_play.ipynb: Execution Failed with traceback saved in x.log"
    assert _build(CLOSED_SOCKET, lesson).problems() == [lesson]


def test_another_ipykernel_warning_stays_a_problem():
    warning = "[IPKernelApp] WARNING | Unknown error in handling startup files"
    assert _build(warning).problems() == [warning]
