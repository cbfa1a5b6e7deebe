"""What the readers of the pages and the API may ask of the server (issue 27, finding 4).

A budget per address alone does not protect the screens: a hundred addresses, each within
its ten reads a second, ask a thousand reads a second of a server on two shared cores, and the
TV's read waits behind all of them. So, on the pages and the API (not their static files):

- **per address**: ``rate`` reads a second, bursts to ``burst`` (``address_key``: an IPv6
  /64 counts as one address); past it, ``429``.
- **every anonymous reader together**: ``crowd_rate`` reads a second (bursts to
  ``crowd_burst``). When that is spent, a quiet address still goes through a quiet lane of
  ``quiet_rate`` reads a second; a client that loops gets ``429``. Quiet: the address asks
  (refused asks included) ``quiet_every_s`` apart or more on average (a public screen that
  refreshes, a phone); its first ask is not quiet, so a crowd that just arrived has none of
  it. A looping client, even held on its refusals (below), asks at least once per ``hold_s``
  and is never quiet.
- **never counted**: the TD's signed-in browser (a session cookie: the console, or the TV the
  TD signed in) and the TD token's programs. They are recognised only when a request would be
  refused, so a read within its budget costs no credential check.

A refusal (``429`` + ``Retry-After``) is sent after waiting ``hold_s`` seconds (less when
``Retry-After`` is shorter): a client that loops without reading ``Retry-After`` is held on
its connection (a timer, no work) instead of keeping the server busy refusing it; at most
``MAX_HELD`` refusals wait at once, the others are answered at once. The tables of addresses
are bounded (``MAX_ADDRESSES``). Everything is answered before routing, so a refusal costs no route
matching, no thread and no page.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from pokerfloor.web.request_limits import answer, session_of
from pokerfloor.web.sessions import Guard, address_key

__all__ = ["MAX_ADDRESSES", "MAX_HELD", "ReadBudget", "ReadLimits", "TokenBucket"]

MAX_ADDRESSES = 4096
MAX_HELD = 2048


@dataclass(frozen=True)
class ReadLimits:
    """The figures of the module's documentation (docs/security.md gives them too). One
    address: a phone or the TV reads far less (their live views are WebSockets), a page load
    fetches about ten files at once (not counted: static). Everyone anonymous together: 150
    pages a second is every one of 300 players' phones loading a page each two seconds, and
    what this server answers on a shared core with room to spare for the TD."""

    rate: float = 10.0
    burst: float = 40.0
    crowd_rate: float = 150.0
    crowd_burst: float = 300.0
    quiet_rate: float = 60.0
    quiet_every_s: float = 2.0
    hold_s: float = 1.0


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` kept; ``clock`` in monotonic seconds."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.since = now

    def take(self, now: float) -> float:
        """Take a token: 0 when there was one, else the seconds until there is."""
        self.tokens = min(self.burst, self.tokens + (now - self.since) * self.rate)
        self.since = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / self.rate


class _Asks:
    """How far apart an address asks: an average of the gaps between its asks (each new
    gap weighs ``_NEW_GAP``), refused asks included."""

    __slots__ = ("gap_s", "last")

    def __init__(self, gap_s: float) -> None:
        self.gap_s = gap_s
        self.last: float | None = None

    def quiet(self, now: float, every_s: float) -> bool:
        """Count an ask at ``now``; whether the address asks ``every_s`` apart or more. Its
        first ask is not quiet: quiet is earned by a wait."""
        last, self.last = self.last, now
        if last is None:
            return False
        self.gap_s += _NEW_GAP * (now - last - self.gap_s)
        return self.gap_s >= every_s


_NEW_GAP = 0.3


class ReadBudget:
    """See the module's documentation. ``clock`` is monotonic seconds (a fake in tests)."""

    def __init__(
        self,
        app: ASGIApp,
        guard: Guard,
        cookie: str,
        limits: ReadLimits | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app = app
        self.guard = guard
        self.cookie = cookie
        self.limits = limits or ReadLimits()
        self.clock = clock
        now = clock()
        self.crowd = TokenBucket(self.limits.crowd_rate, self.limits.crowd_burst, now)
        self.quiet_lane = TokenBucket(self.limits.quiet_rate, self.limits.quiet_rate, now)
        # Per address: its reads, and how far apart it asks (the quiet lane).
        self._buckets: OrderedDict[str, tuple[TokenBucket, _Asks]] = OrderedDict()
        self._held = 0

    def spend(self, address: str) -> float:
        """Take one read for ``address`` (anonymous): 0 when allowed, else the seconds to
        wait."""
        now = self.clock()
        key = address_key(address)
        buckets = self._buckets.pop(key, None)
        if buckets is None:
            asks = _Asks(self.limits.quiet_every_s)
            buckets = (TokenBucket(self.limits.rate, self.limits.burst, now), asks)
            if len(self._buckets) >= MAX_ADDRESSES:
                self._buckets.popitem(last=False)  # the address unheard of the longest
        self._buckets[key] = buckets
        reads, asks = buckets
        quiet = asks.quiet(now, self.limits.quiet_every_s)
        wait = reads.take(now)
        if wait:
            return wait
        crowd_wait = self.crowd.take(now)
        if not crowd_wait or (quiet and not self.quiet_lane.take(now)):
            return 0.0
        return crowd_wait

    def _is_td(self, headers: Headers) -> bool:
        """The TD's browser (a session) or the TD's program (the token). A wrong token here
        is not counted as a failure (the route's own check counts it)."""
        if self.guard.sessions.check(session_of(headers, self.cookie)):
            return True
        scheme, _, token = headers.get("authorization", "").partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not token or len(token) > 200:
            return False
        if getattr(self.guard.check_token, "slow", False):
            return False  # an old PBKDF2 file: no key derivation for every read
        return bool(self.guard.check_token(token))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] not in ("GET", "HEAD")
            or scope["path"].startswith("/static/")  # a page's files: cheap, cached
        ):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        wait = self.spend(client[0] if client else "unknown")
        if not wait or self._is_td(Headers(scope=scope)):
            await self.app(scope, receive, send)
            return
        seconds = max(1, int(wait + 0.999))
        if self._held < MAX_HELD:
            self._held += 1
            try:
                await asyncio.sleep(min(self.limits.hold_s, seconds))
            finally:
                self._held -= 1
        await answer(
            send,
            429,
            "TOO_MANY_REQUESTS",
            f"too many requests: try again in {seconds} s / trop de requêtes : réessayez dans "
            f"{seconds} s",
            [(b"retry-after", str(seconds).encode())],
            {"retry_after_s": seconds},
        )
