"""The public reads of the screens, rendered once and sent as the same bytes to everyone.

The room's TV, the phones and the programs that poll read the same few answers: the clock,
the seating chart, the players, the results, as JSON or as the clock's page. ``PublicReads``
keeps each successful answer for the tournament's stream version and the current second
(the clock's time left is given to the second; ``now_ms`` in the answer says when it was
made): every other reader in that second gets the stored bytes without routing, a thread or a
template, with an ``ETag``; a reader that sends it back in ``If-None-Match`` gets ``304``.

Only anonymous reads are kept and served: a request with an ``Authorization`` header or the
TD's session cookie goes to the application, which may show it more. The key holds what an
anonymous answer depends on besides the tournament: the path, the query, the ``Host``,
``Cookie`` (the language) and ``Accept-Language`` headers. At most ``MAX_ENTRIES`` answers are
kept, all of the current second; an answer that sets a cookie (``?lang=``) is never kept.
"""

from __future__ import annotations

import hashlib
import re

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokerfloor.app.service import TournamentService

__all__ = ["CACHED_PATHS", "MAX_ENTRIES", "PublicReads"]

CACHED_PATHS = re.compile(
    r"^/(?:api/tournaments/([A-Za-z0-9][A-Za-z0-9_.\-]{0,63})/(?:clock|seating|players|results)"
    r"|t/([A-Za-z0-9][A-Za-z0-9_.\-]{0,63})/clock)$"
)
MAX_ENTRIES = 256
# The answer's headers kept with it (the security headers are added again outside).
_KEPT = {b"content-type", b"content-language", b"vary", b"cache-control"}

_Stored = tuple[bytes, list[tuple[bytes, bytes]], bytes]  # etag, headers, body


class PublicReads:
    """See the module's documentation; the second is the service's clock's (the one the
    answers' ``now_ms`` come from)."""

    def __init__(self, app: ASGIApp, service: TournamentService, td_cookie: str) -> None:
        self.app = app
        self.service = service
        self.td_cookie = f"{td_cookie}="
        self._second = -1
        self._stored: dict[tuple[object, ...], _Stored] = {}

    def _key(self, scope: Scope, headers: Headers) -> tuple[object, ...] | None:
        if scope["type"] != "http" or scope["method"] != "GET":
            return None
        match = CACHED_PATHS.match(scope["path"])
        if match is None or "authorization" in headers:
            return None
        cookie = headers.get("cookie", "")
        if self.td_cookie in cookie:
            return None  # the TD's browser: the application decides what it shows
        version = self.service.version_in_memory(match.group(1) or match.group(2))
        if version is None:
            return None  # not loaded (or unknown): the application answers
        second = self.service.clock() // 1000
        if second != self._second:
            self._second, self._stored = second, {}
        return (
            scope["path"],
            scope.get("query_string", b""),
            version,
            headers.get("host", ""),
            cookie,
            headers.get("accept-language", ""),
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope) if scope["type"] == "http" else None
        key = self._key(scope, headers) if headers is not None else None
        if key is None or headers is None:
            await self.app(scope, receive, send)
            return
        stored = self._stored.get(key)
        if stored is not None:
            await _send_stored(send, stored, headers.get("if-none-match"))
            return
        await self._answer_and_keep(scope, receive, send, key, headers)

    async def _answer_and_keep(
        self, scope: Scope, receive: Receive, send: Send, key: tuple[object, ...], headers: Headers
    ) -> None:
        start: Message | None = None
        parts: list[bytes] = []

        async def capture(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                start = message
            elif message["type"] == "http.response.body":
                parts.append(message.get("body", b""))
                if not message.get("more_body", False):
                    await self._finish(send, key, start, b"".join(parts), headers)
                    return
            else:
                await send(message)

        await self.app(scope, receive, capture)

    async def _finish(
        self,
        send: Send,
        key: tuple[object, ...],
        start: Message | None,
        body: bytes,
        headers: Headers,
    ) -> None:
        if start is None:
            return
        wanted_headers = list(start.get("headers", []))
        if start["status"] != 200 or any(
            name.lower() == b"set-cookie" for name, _ in wanted_headers
        ):
            await send(start)
            await send({"type": "http.response.body", "body": body})
            return
        kept = [(name, value) for name, value in wanted_headers if name.lower() in _KEPT]
        stored = (
            b'"' + hashlib.blake2b(body, digest_size=12).hexdigest().encode() + b'"',
            kept,
            body,
        )
        if len(self._stored) < MAX_ENTRIES:
            self._stored[key] = stored
        await _send_stored(send, stored, headers.get("if-none-match"))


async def _send_stored(send: Send, stored: _Stored, if_none_match: str | None) -> None:
    etag, kept, body = stored
    fresh = if_none_match is not None and etag.decode() in if_none_match
    status, content = (304, b"") if fresh else (200, body)
    response_headers = [*kept, (b"etag", etag), (b"content-length", str(len(content)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": response_headers})
    await send({"type": "http.response.body", "body": content})
