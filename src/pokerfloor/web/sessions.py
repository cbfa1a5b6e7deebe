"""What proves a TD's identity after signing in, and what stops a guesser.

- ``Sessions``: signing in with the TD token opens a session; the browser's cookie holds its
  random id, never the token. The server keeps only the id's SHA-256 digest and its expiry (in
  memory, and in ``td-sessions.json`` beside the token file, mode 0600, so a restarted server
  keeps the TD signed in). A session ends at logout, at its expiry, or when the token is
  replaced. Checking one is a dictionary lookup: a wrong cookie costs nothing.
- ``Tickets``: a short-lived, single-use pass for a WebSocket opened by a program that cannot
  send a cookie or a header; it replaces the token in the URL (URLs end up in logs).
- ``FailureLimiter``: after too many wrong credentials from one address in a minute, that
  address's wrong credentials are refused at once (429) until the minute has passed; the
  right one still gets through. Its memory is bounded.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import os
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "SESSION_SECONDS",
    "TICKET_SECONDS",
    "FailureLimiter",
    "Guard",
    "Sessions",
    "Tickets",
    "TooManyFailures",
    "address_key",
]

# A session lasts an evening and the night after it: the TD signs in again the next day.
SESSION_SECONDS = 18 * 3600
TICKET_SECONDS = 60
# A random id is 43 characters; anything much longer is not one of ours.
_MAX_ID_LENGTH = 100


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class Sessions:
    """The TD's open sessions (see the module's documentation)."""

    def __init__(self, path: Path | None = None, clock: Callable[[], float] = time.time) -> None:
        self._path = path
        self._clock = clock
        self._lock = threading.Lock()
        self._expiry: dict[str, float] = {}
        if path is not None and path.exists():
            try:
                stored = json.loads(path.read_text())
                self._expiry = {str(k): float(v) for k, v in stored.items()}
            except (ValueError, AttributeError, OSError):
                self._expiry = {}  # an unreadable file: everyone signs in again

    def open(self) -> str:
        """A new session; its id goes in the cookie."""
        session_id = secrets.token_urlsafe(32)
        with self._lock:
            now = self._clock()
            self._expiry = {k: v for k, v in self._expiry.items() if v > now}
            self._expiry[_digest(session_id)] = now + SESSION_SECONDS
            self._save()
        return session_id

    def check(self, session_id: str) -> bool:
        if not session_id or len(session_id) > _MAX_ID_LENGTH:
            return False
        expiry = self._expiry.get(_digest(session_id))
        return expiry is not None and expiry > self._clock()

    def revoke(self, session_id: str) -> None:
        with self._lock:
            if self._expiry.pop(_digest(session_id), None) is not None:
                self._save()

    def revoke_all(self) -> None:
        """Every session ends (the TD token was replaced)."""
        with self._lock:
            self._expiry = {}
            self._save()

    def _save(self) -> None:
        if self._path is None:
            return
        temporary = self._path.with_suffix(".tmp")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as out:
            json.dump(self._expiry, out)
        os.replace(temporary, self._path)


class Tickets:
    """Single-use passes for a WebSocket, valid ``TICKET_SECONDS``."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._expiry: dict[str, float] = {}

    def issue(self) -> str:
        ticket = secrets.token_urlsafe(24)
        with self._lock:
            now = self._clock()
            self._expiry = {k: v for k, v in self._expiry.items() if v > now}
            self._expiry[_digest(ticket)] = now + TICKET_SECONDS
        return ticket

    def redeem(self, ticket: str) -> bool:
        """True once for a ticket issued less than a minute ago; never again."""
        if not ticket or len(ticket) > _MAX_ID_LENGTH:
            return False
        with self._lock:
            expiry = self._expiry.pop(_digest(ticket), None)
        return expiry is not None and expiry > self._clock()


def address_key(address: str) -> str:
    """The key an address is counted under: an IPv4 address itself, an IPv6 address's /64
    network (one machine easily holds a whole /64: counting each address would let it
    rotate through them, and fill the table)."""
    if ":" not in address:
        return address
    try:
        network = ipaddress.IPv6Network(f"{address.split('%')[0]}/64", strict=False)
    except ValueError:
        return address[:64]
    return str(network)


class FailureLimiter:
    """At most ``limit`` wrong credentials per address (``address_key``) in ``window``
    seconds. The table keeps at most ``max_addresses`` addresses: past it, the one unheard
    of the longest is forgotten (memory stays bounded whatever the number of addresses)."""

    def __init__(
        self,
        limit: int = 20,
        window: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        max_addresses: int = 4096,
    ) -> None:
        self.limit = limit
        self.window = window
        self.max_addresses = max_addresses
        self._clock = clock
        self._lock = threading.Lock()
        self._failures: OrderedDict[str, deque[float]] = OrderedDict()

    def blocked(self, address: str) -> bool:
        """Whether ``address`` is refused without a check (too many failures lately)."""
        with self._lock:
            failures = self._failures.get(address_key(address))
            if not failures:
                return False
            self._forget(failures)
            return len(failures) >= self.limit

    def failed(self, address: str) -> None:
        key = address_key(address)
        with self._lock:
            failures = self._failures.pop(key, None) or deque(maxlen=self.limit)
            self._forget(failures)
            failures.append(self._clock())
            self._failures[key] = failures  # the most recent last
            while len(self._failures) > self.max_addresses:
                self._failures.popitem(last=False)

    def retry_after(self, address: str) -> int:
        """Seconds until ``address`` may try again."""
        with self._lock:
            failures = self._failures.get(address_key(address))
            if not failures:
                return 0
            return max(1, int(failures[0] + self.window - self._clock()) + 1)

    def __len__(self) -> int:
        return len(self._failures)

    def _forget(self, failures: deque[float]) -> None:
        oldest = self._clock() - self.window
        while failures and failures[0] <= oldest:
            failures.popleft()


class TooManyFailures(Exception):
    """An address that gave too many wrong credentials lately: refused without a check."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many wrong credentials: try again in {retry_after} s")
        self.retry_after = retry_after


@dataclass
class Guard:
    """Everything that checks the TD's credentials, shared by the API and the pages
    (``app.state.guard``): the token check, the sessions, the tickets, the limiter."""

    check_token: Callable[[str], bool]
    sessions: Sessions = field(default_factory=Sessions)
    tickets: Tickets = field(default_factory=Tickets)
    limiter: FailureLimiter = field(default_factory=FailureLimiter)

    def token_ok(self, address: str, token: str) -> bool:
        """Check a TD token given by ``address``; ``TooManyFailures`` without a check when
        that address has failed too often (a guesser cannot keep the server busy)."""
        blocked = self.limiter.blocked(address)
        # A blocked address still gets its right token through (the TD behind the venue's
        # NAT, while a guesser shares the address): a check costs a microsecond
        # (``HashedToken``); an old, slow file's check is not made for a blocked address.
        slow = bool(getattr(self.check_token, "slow", False))
        if len(token) <= _MAX_TOKEN_LENGTH and not (blocked and slow) and self.check_token(token):
            return True
        if blocked:
            raise TooManyFailures(self.limiter.retry_after(address))
        self.limiter.failed(address)
        return False


# The TD token is 32 characters; a longer text is refused before any work.
_MAX_TOKEN_LENGTH = 200
