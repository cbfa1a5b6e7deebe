"""The connection-level limits of ``pokerfloor serve`` (issue 27, finding 4): uvicorn's
HTTP protocol (httptools) with what it lacks.

- A header timeout: a connection must finish sending a request's line and headers within
  ``header_timeout`` seconds of opening (or of the first byte of its next request), else it is
  closed. uvicorn's ``timeout_keep_alive`` only runs between two requests of a connection: a
  client that opens a connection and sends nothing, or half a header, was kept for ever.
- A size for the request's line and headers (``max_head_bytes``): past it, ``431`` and the
  connection closed (httptools itself has no limit).
- At most ``max_per_address`` open HTTP connections per client address (``address_key``). Past
  it, the address's oldest connection idle between two requests (a browser's kept-alive one)
  is closed to make room; when none is idle, the new one is closed at once. Six browser tabs on
  one machine (or phones behind one NAT) hold more than 32 kept-alive connections between
  them, and closing an idle one costs its client nothing but a new connection; a client holding
  its connections mid-request (or silent) gets no more. A connection that becomes a WebSocket
  leaves the count (a phone's live view stays open all evening). The trusted reverse proxies
  (``uncapped``, ``pokerfloor serve --trusted-proxy``) are not counted: every player's
  connection comes from them.

``protocol_class(limits)`` makes the class that ``uvicorn.Config(http=...)`` takes.
"""

from __future__ import annotations

import asyncio
import ipaddress
from dataclasses import dataclass
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from pokerfloor.web.sessions import address_key

__all__ = ["ConnectionLimits", "protocol_class"]


@dataclass(frozen=True)
class ConnectionLimits:
    header_timeout: float = 5.0
    max_head_bytes: int = 16 * 1024
    max_per_address: int = 32
    uncapped: tuple[str, ...] = ()  # addresses or networks (the trusted proxies)

    def capped(self, address: str) -> bool:
        """Whether ``address``'s connections are counted (not one of ``uncapped``)."""
        if not self.uncapped:
            return True
        try:
            ip = ipaddress.ip_address(address.split("%")[0])
        except ValueError:
            return True
        return not any(ip in ipaddress.ip_network(net, strict=False) for net in self.uncapped)


_TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
    b"content-type: text/plain; charset=utf-8\r\ncontent-length: 26\r\n"
    b"connection: close\r\n\r\nrequest headers too large\n"
)


class _SheddingProtocol(HttpToolsProtocol):
    limits: ClassVar[ConnectionLimits] = ConnectionLimits()
    open_per_address: ClassVar[dict[str, int]] = {}
    # Per address, its connections idle between two requests, oldest first (dicts keep order).
    idle_per_address: ClassVar[dict[str, dict[_SheddingProtocol, None]]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._address_key: str | None = None
        self._header_timer: asyncio.TimerHandle | None = None
        self._head_bytes = 0
        self._in_head = True

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else "unknown"
        if not self.limits.capped(address):
            self._address_key = ""  # a trusted proxy: timed, not counted
            self._start_header_timer()
            return
        key = address_key(address)
        if self.open_per_address.get(key, 0) >= self.limits.max_per_address:
            idle = self.idle_per_address.get(key)
            if not idle:
                transport.close()  # past the cap, none idle: shed at once, nothing read
                return
            oldest = next(iter(idle))
            oldest._leave_count()  # now, not when the loop reports it closed
            oldest.transport.close()
        self.open_per_address[key] = self.open_per_address.get(key, 0) + 1
        self._address_key = key
        self._start_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_header_timer()
        self._leave_count()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._address_key is None:
            return  # a shed connection
        super().data_received(data)
        if self._in_head and self._head_bytes > self.limits.max_head_bytes:
            self.transport.write(_TOO_LARGE)
            self.transport.close()

    def handle_websocket_upgrade(self) -> None:
        self._stop_header_timer()
        self._leave_count()
        super().handle_websocket_upgrade()

    def on_message_begin(self) -> None:
        self._not_idle()
        super().on_message_begin()
        self._in_head = True
        self._head_bytes = 0
        self._start_header_timer()

    def on_url(self, url: bytes) -> None:
        self._head_bytes += len(url)
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._head_bytes += len(name) + len(value) + 4
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._stop_header_timer()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._in_head = True  # the next request's head, if any, is timed from its first byte
        if self._address_key and not self.transport.is_closing():
            self.idle_per_address.setdefault(self._address_key, {})[self] = None

    def _not_idle(self) -> None:
        if self._address_key:
            idle = self.idle_per_address.get(self._address_key)
            if idle is not None:
                idle.pop(self, None)
                if not idle:
                    del self.idle_per_address[self._address_key]

    def _start_header_timer(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(
                self.limits.header_timeout, self._header_timed_out
            )

    def _stop_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _header_timed_out(self) -> None:
        self._header_timer = None
        if self._in_head and not self.transport.is_closing():
            self.transport.close()

    def _leave_count(self) -> None:
        self._not_idle()
        key, self._address_key = self._address_key, None
        if key:
            left = self.open_per_address.get(key, 1) - 1
            if left > 0:
                self.open_per_address[key] = left
            else:
                self.open_per_address.pop(key, None)


def protocol_class(limits: ConnectionLimits) -> type[HttpToolsProtocol]:
    """A protocol class for ``uvicorn.Config(http=...)`` with ``limits`` and its own count
    of connections per address."""
    attributes: dict[str, Any] = {"limits": limits, "open_per_address": {}, "idle_per_address": {}}
    return type("SheddingHttpProtocol", (_SheddingProtocol,), attributes)
