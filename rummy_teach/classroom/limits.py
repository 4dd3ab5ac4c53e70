"""What one client may take of the classroom's server: connections, time and request size.

The classroom's HTTP server (:class:`ClassroomHTTPServer`, a tornado ``HTTPServer``)
holds every connection to these limits, so that one laptop, by mistake or on purpose,
cannot stop the class:

* **a request body of at most** :data:`BODY_LIMIT` **bytes** (an answer form is a few
  hundred): a request that declares more is refused from its headers, before a byte of
  its body is read, with "413" and a sentence saying so; a chunked body is cut off at
  the same size by tornado itself;
* **idle connections closed**: a connection that sends no request for
  :data:`IDLE_SECONDS` (a browser's kept-alive socket, or one opened and left) is closed,
  and so is one whose body takes longer than :data:`BODY_SECONDS` to arrive;
* **at most** ``per_address`` **open connections from one address** (``rummy-teach
  classroom --connections-per-address``, default 64; a browser opens up to 6 to a
  server): one more is answered "503" with a sentence saying why, and closed, before its
  request is read. Refusals still draining count too, and past twice the cap a
  connection is closed at once without a word, so refusals cannot pile up either. Behind
  a proxy (JupyterHub, ``--user-header``) every student comes from the proxy's address,
  so the cap is off there unless given (the proxy is the place to cap its clients).

A refusal is written straight to the socket, then the server stops writing and reads
(and drops) what the client still sends for a moment before closing, so the client
reads the sentence instead of a reset connection.
"""

from __future__ import annotations

import socket

from tornado import gen, iostream
from tornado.httpserver import HTTPServer
from tornado.httputil import HTTPMessageDelegate
from tornado.ioloop import IOLoop

BODY_LIMIT = 64 * 1024
#: what a connection may hold unread at once: a body, or a websocket message of a kernel page
BUFFER_LIMIT = 1024 * 1024
IDLE_SECONDS = 30.0
BODY_SECONDS = 30.0
#: after a refusal: how long, and how much, the server still reads and drops before closing
LINGER_SECONDS = 2.0
LINGER_BYTES = 1024 * 1024


def refusal(status: int, reason: str, text: str) -> bytes:
    """A whole HTTP response saying ``text``, that closes the connection."""
    body = (text + "\n").encode("utf-8")
    head = (f"HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n")
    return head.encode("ascii") + body


async def refuse(stream: iostream.IOStream, response: bytes) -> None:
    """Write ``response``, stop writing, read and drop a little of what follows, close."""
    try:
        await stream.write(response)
        if stream.socket is None:  # the client went away first
            return
        stream.socket.shutdown(socket.SHUT_WR)
        dropped, deadline = 0, IOLoop.current().time() + LINGER_SECONDS
        while dropped < LINGER_BYTES:
            left = deadline - IOLoop.current().time()
            if left <= 0:
                break
            chunk = await _within(stream.read_bytes(64 * 1024, partial=True), left)
            dropped += len(chunk)
    except (iostream.StreamClosedError, OSError, TimeoutError):
        pass
    finally:
        stream.close()


async def _within(awaitable, seconds: float):
    return await gen.with_timeout(IOLoop.current().time() + seconds, awaitable,
                                  quiet_exceptions=iostream.StreamClosedError)


class _BodyLimit(HTTPMessageDelegate):
    """Passes a request on to the application unless its declared body is too big."""

    def __init__(self, delegate, request_conn, server: "ClassroomHTTPServer"):
        self.delegate, self.request_conn, self.server = delegate, request_conn, server
        self.refused = False

    def headers_received(self, start_line, headers):
        declared = headers.get("Content-Length", "")
        size = int(declared) if declared.isdigit() else 0
        if size > self.server.body_limit:
            self.refused = True
            stream = self.request_conn.detach()  # tornado reads no body of a detached request
            IOLoop.current().spawn_callback(refuse, stream, self.server.said(
                413, "Content Too Large", "class_body_too_large", size=size,
                limit=self.server.body_limit))
            return None
        return self.delegate.headers_received(start_line, headers)

    def data_received(self, chunk):
        return self.delegate.data_received(chunk)

    def finish(self):
        if not self.refused:
            self.delegate.finish()

    def on_connection_close(self):
        if not self.refused:
            self.delegate.on_connection_close()


class ClassroomHTTPServer(HTTPServer):
    """tornado's HTTP server with the limits above; ``words(code, **params)`` says a refusal
    (in the class's language). ``per_address=0``: no cap on connections per address."""

    def initialize(self, request_callback, *, words, per_address: int,
                   body_limit: int = BODY_LIMIT, **options):
        options.setdefault("max_body_size", body_limit)
        options.setdefault("max_buffer_size", BUFFER_LIMIT)
        options.setdefault("idle_connection_timeout", IDLE_SECONDS)
        options.setdefault("body_timeout", BODY_SECONDS)
        super().initialize(request_callback, **options)
        self.words, self.per_address, self.body_limit = words, per_address, body_limit
        self._open: dict[str, list] = {}  # address -> its streams (closed ones pruned on use)

    def said(self, status: int, reason: str, code: str, **params) -> bytes:
        return refusal(status, reason, self.words(code, **params))

    def handle_stream(self, stream, address):
        host = address[0] if isinstance(address, tuple) and address else str(address)
        if self.per_address:
            streams = [s for s in self._open.get(host, ()) if not s.closed()]
            self._open[host] = streams
            if len(streams) >= 2 * self.per_address:  # refusals still draining: not one more
                stream.close()
                return
            streams.append(stream)  # a refused one counts while it drains
            if len(streams) > self.per_address:
                IOLoop.current().spawn_callback(refuse, stream, self.said(
                    503, "Service Unavailable", "class_too_many_connections",
                    limit=self.per_address))
                return
            if len(self._open) > 4 * 1024:  # forget addresses with nothing open
                self._open = {h: [s for s in ss if not s.closed()] for h, ss in self._open.items()}
                self._open = {h: ss for h, ss in self._open.items() if ss}
        super().handle_stream(stream, address)

    def start_request(self, server_conn, request_conn):
        return _BodyLimit(super().start_request(server_conn, request_conn), request_conn, self)
