"""The test servers' start (tests/browser.py): a port another process took between
``free_port()`` and the server's bind moves the server to a new port instead of failing
the test (CI once lost three classroom tests to a kernel that took the port and answered
the readiness check with ZeroMQ bytes)."""

from __future__ import annotations

import socket
import sys

import pytest

from browser import CommandServer, free_ports

# each test starts a small server process (make test's serve lane)
pytestmark = pytest.mark.server


def _http_server(port: int) -> list[str]:
    return [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)]


def test_a_server_whose_port_was_taken_starts_on_another(tmp_path):
    with socket.socket() as squatter:            # a program that is not HTTP holds the port
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        taken = squatter.getsockname()[1]
        server = CommandServer(_http_server(taken), root=tmp_path, port=taken, name="squatted")
        try:
            server.start()
            assert server.port != taken
            assert str(server.port) in server.argv and str(taken) not in server.argv
        finally:
            server.stop()


def test_a_server_that_fails_for_another_reason_still_fails_at_once(tmp_path):
    server = CommandServer([sys.executable, "-c", "raise SystemExit('no such quiz')"],
                           root=tmp_path, port=1, name="broken")
    try:
        server.start()
    except RuntimeError as error:
        assert "no such quiz" in str(error) and "PortTaken" not in type(error).__name__
    else:
        raise AssertionError("a server that exits must fail its start")


def test_a_voila_whose_port_was_taken_starts_on_another(tmp_path):
    """Voilà told not to move (``port_retries=0``) says "no available port could be found"
    rather than "Address already in use": the same taken port, started again elsewhere."""
    from browser import VoilaServer
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        taken = squatter.getsockname()[1]
        server = VoilaServer(tmp_path, port=taken)
        try:
            server.start()
            assert server.port != taken
        finally:
            server.stop()


def test_ports_asked_for_together_are_all_different():
    """A server with several ports (the hub: its proxy's, its own, the proxy's API, the
    classroom's) takes them with one free_ports call, and gets as many different ports."""
    for _ in range(200):
        ports = free_ports(4)
        assert len(set(ports)) == 4 and all(1024 <= port < 65536 for port in ports), ports
