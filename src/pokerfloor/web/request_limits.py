"""Limits checked before the application reads anything (issue 27, findings 3 and 4).

- ``SignInFirst``: a state-changing request (``POST``...) to a TD route needs the TD's
  session cookie (a page) or the TD token (``/api/``) before a byte of its body is read: no
  upload is spooled, no form validated, for someone who is not signed in. The routes anyone
  may post to (signing in, a member's registration with their PIN, a captain's link with its
  key) are listed in ``PUBLIC_POSTS``; their own checks stay where they are.
- ``BodyLimit``: each route's body has a size (``body_limit``: a logo, an import, a command,
  a form); a larger declared ``Content-Length`` is answered ``413`` at once, and a body sent
  in chunks is cut off at the size, answered ``413`` too, and the connection closed (the
  rest is never read).

The read budgets (``ReadBudget``) live in ``web/read_budget.py``.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable

from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokerfloor.tournament.limits import MAX_LOGO_BYTES
from pokerfloor.web.sessions import Guard, TooManyFailures

__all__ = ["PUBLIC_POSTS", "BodyLimit", "SignInFirst", "answer", "body_limit", "session_of"]

KIB = 1024
MIB = 1024 * KIB
_UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
# Who may post without being the TD; each route checks its own credential (PIN, key, token).
PUBLIC_POSTS = re.compile(
    r"^/(login|logout"
    r"|c/[^/]+/e/[^/]+/(register|cancel)"
    r"|c/[^/]+/m/[^/]+"
    r"|t/[^/]+/table/\d+(/.*)?"
    r"|t/[^/]+/play/[^/]+/[^/]+/(act|back|rebuy|addon|advance)"
    r"|api/tournaments/[^/]+/dealt/players/[^/]+/(act|back)"
    r"|api/clubs/[^/]+/events/[^/]+/(register|cancel))$"
)
# Body sizes, first match wins: a multipart form carries a little more than its file.
_LIMITS: list[tuple[re.Pattern[str], int]] = [
    (re.compile(r"^/t/[^/]+/clock/logo$"), MAX_LOGO_BYTES + 16 * KIB),
    (re.compile(r"^(/api/clubs/[^/]+/members/import|/club/[^/]+/members/import)$"), 2 * MIB),
    (re.compile(r"^/new/import$"), 2 * MIB),
    (re.compile(r"^/api/clubs(/.*)?$"), 2 * MIB),
    (re.compile(r"^/api/"), 1 * MIB),
    (PUBLIC_POSTS, 16 * KIB),
]
_FORM_BYTES = 1 * MIB  # a TD's form (the structure editor's levels are the largest)


def body_limit(path: str) -> int:
    """The largest body ``path`` takes, in bytes."""
    for pattern, limit in _LIMITS:
        if pattern.match(path):
            return limit
    return _FORM_BYTES


async def answer(
    send: Send,
    status: int,
    code: str,
    message: str,
    headers: list[tuple[bytes, bytes]],
    params: dict[str, int] | None = None,
) -> None:
    body = json.dumps({"code": code, "params": params or {}, "message": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class _TooLarge(Exception):
    pass


class BodyLimit:
    """See the module's documentation."""

    def __init__(self, app: ASGIApp, limit_of: Callable[[str], int] = body_limit) -> None:
        self.app = app
        self.limit_of = limit_of

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in _UNSAFE:
            await self.app(scope, receive, send)
            return
        limit = self.limit_of(scope["path"])
        declared = Headers(scope=scope).get("content-length", "")
        message = f"the request body is over {limit // KIB} KiB / corps de requête au-delà de "
        message += f"{limit // KIB} Kio"
        close = [(b"connection", b"close")]
        params = {"max_bytes": limit}
        if declared.isdigit() and int(declared) > limit:
            await answer(send, 413, "BODY_TOO_LARGE", message, close, params)
            return
        state = {"read": 0, "over": False, "answered": False}

        async def counted() -> Message:
            received = await receive()
            if received["type"] == "http.request":
                state["read"] += len(received.get("body", b""))
                if state["read"] > limit:
                    state["over"] = True
                    raise _TooLarge
            return received

        async def guarded(reply: Message) -> None:
            if not state["over"]:
                await send(reply)
            elif not state["answered"] and reply["type"] == "http.response.start":
                # Whatever the application makes of the cut body, the answer is 413.
                state["answered"] = True
                await answer(send, 413, "BODY_TOO_LARGE", message, close, params)

        try:
            await self.app(scope, counted, guarded)
        except Exception:
            if not state["over"]:
                raise
        if state["over"] and not state["answered"]:
            await answer(send, 413, "BODY_TOO_LARGE", message, close, params)


def session_of(headers: Headers, cookie: str) -> str:
    return cookie_parser(headers.get("cookie", "")).get(cookie, "")


class SignInFirst:
    """See the module's documentation; ``guard`` checks the session and the token. An address
    locked out for its wrong tokens gets its ``429`` after ``hold_s`` seconds at most (its
    connection waits, costing nothing): a client that loops on its refusals without reading
    ``Retry-After`` is slowed down instead of keeping the server busy answering it."""

    def __init__(self, app: ASGIApp, guard: Guard, cookie: str, hold_s: float = 0.0) -> None:
        self.app = app
        self.guard = guard
        self.cookie = cookie
        self.hold_s = hold_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] not in _UNSAFE
            or PUBLIC_POSTS.match(scope["path"])
        ):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if not scope["path"].startswith("/api/"):
            if self.guard.sessions.check(session_of(headers, self.cookie)):
                await self.app(scope, receive, send)
                return
            where = f"/login?next={scope['path']}".encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 303,
                    "headers": [(b"location", where), (b"content-length", b"0")],
                }
            )
            await send({"type": "http.response.body", "body": b""})
            return
        scheme, _, token = headers.get("authorization", "").partition(" ")
        client = scope.get("client")
        try:
            right = scheme.lower() == "bearer" and self.guard.token_ok(
                client[0] if client else "unknown", token.strip()
            )
        except TooManyFailures as refusal:
            wait = refusal.retry_after
            await asyncio.sleep(min(self.hold_s, max(1, wait)))
            await answer(
                send,
                429,
                "TOO_MANY_FAILURES",
                f"too many wrong TD tokens: try again in {wait} s / trop de jetons TD erronés : "
                f"réessayez dans {wait} s",
                [(b"retry-after", str(wait).encode())],
                {"retry_after_s": wait},
            )
            return
        if right:
            await self.app(scope, receive, send)
            return
        await answer(
            send,
            401,
            "UNAUTHORIZED",
            "commands need the TD token: Authorization: Bearer <token>",
            [(b"www-authenticate", b"Bearer")],
        )
