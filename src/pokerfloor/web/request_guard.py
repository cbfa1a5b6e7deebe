"""Who is asking, and from which page (issue 12, findings 2 and 4).

``RequestGuard`` is the outermost ASGI middleware. It remembers the client's address for the
failure limiter (``CLIENT_ADDRESS``, read where a credential is checked), and it refuses a
state-changing request (``POST``, ``PUT``, ``PATCH``, ``DELETE``) that carries the TD's session
cookie unless it comes from one of this server's own pages: its ``Origin`` (or, without one,
its ``Referer``) must name the host the request was sent to. A page on another site, or on
another port of the same host, cannot make the TD's browser act (403 ``CROSS_ORIGIN``). A
request with ``Authorization: Bearer`` is a program's, not a browser's: no cookie rides along,
nothing to forge. A WebSocket opened with the TD's cookie is held to the same rule where it is
authenticated (``same_origin``).
"""

from __future__ import annotations

import json
from contextvars import ContextVar
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["CLIENT_ADDRESS", "RequestGuard", "same_origin"]

CLIENT_ADDRESS: ContextVar[str] = ContextVar("client_address", default="unknown")
_UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


def same_origin(headers: Headers) -> bool:
    """Whether the request comes from a page of this server: ``Origin`` (else ``Referer``)
    names the ``Host`` it was sent to. Neither header: not from a page of ours."""
    host = headers.get("host", "")
    source = headers.get("origin") or headers.get("referer") or ""
    if not host or not source or source == "null":
        return False
    return urlsplit(source).netloc.lower() == host.lower()


class RequestGuard:
    """See the module's documentation; ``cookie`` is the TD session cookie's name."""

    def __init__(self, app: ASGIApp, cookie: str) -> None:
        self.app = app
        self.cookie = cookie

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        token = CLIENT_ADDRESS.set(client[0] if client else "unknown")
        try:
            if scope["type"] == "http" and scope["method"] in _UNSAFE:
                headers = Headers(scope=scope)
                with_cookie = f"{self.cookie}=" in headers.get("cookie", "")
                if with_cookie and "authorization" not in headers and not same_origin(headers):
                    await _refuse(send)
                    return
            await self.app(scope, receive, send)
        finally:
            CLIENT_ADDRESS.reset(token)


async def _refuse(send: Send) -> None:
    body = json.dumps(
        {
            "code": "CROSS_ORIGIN",
            "params": {},
            "message": "refused: this request comes from a page of another site or port, "
            "not from this server's pages",
        }
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 403,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
