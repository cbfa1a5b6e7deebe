"""The TD's sessions shared by several servers on one PostgreSQL database (issue 32).

``SharedSessions`` keeps what ``Sessions`` keeps (each session id's SHA-256 digest and its
expiry, never the id) in the event store instead of ``td-sessions.json``: the stream
``server/td-sessions`` records each session opened, revoked, or all of them revoked (a new TD
token). Every server holds the sessions in memory and follows the stream like a tournament's
(the bus's announcements, the poll of the store: ``app/bus.py``), so a TD signed in through
one server is signed in on all, and signed out of all by a logout on any of them (within the
bus's delay, at most the poll's second without it). A cookie this server does not know yet
(a session opened on another server a moment ago) reads the stream once before it is refused,
at most every ``MISS_READ_S``: a stream of wrong cookies costs no more than that.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from pokerfloor.app.ports import EventStore
from pokerfloor.errors import PokerfloorError
from pokerfloor.web.sessions import _MAX_ID_LENGTH, SESSION_SECONDS, Sessions, _digest

__all__ = ["MISS_READ_S", "SESSIONS_STREAM", "SharedSessions"]

SESSIONS_STREAM = "server/td-sessions"
MISS_READ_S = 0.25


class SharedSessions(Sessions):
    """``Sessions`` in the event store (see the module's documentation); a ``Follower`` of
    ``app.bus.StreamSync`` under the prefix ``SESSIONS_STREAM`` (its one key is "")."""

    def __init__(self, store: EventStore, clock: Callable[[], float] = time.time) -> None:
        super().__init__(None, clock)
        self._store = store
        self._version = 0
        self._writing = threading.RLock()
        self._read_at = 0.0
        self.catch_up("")

    def open(self) -> str:
        session_id = secrets.token_urlsafe(32)
        expires = self._clock() + SESSION_SECONDS
        self._record("session_opened", {"digest": _digest(session_id), "expires": expires})
        return session_id

    def check(self, session_id: str) -> bool:
        if super().check(session_id):
            return True
        if not session_id or len(session_id) > _MAX_ID_LENGTH:
            return False
        now = time.monotonic()
        if now - self._read_at < MISS_READ_S:
            return False
        self._read_at = now
        self.catch_up("")  # opened on another server a moment ago?
        return super().check(session_id)

    def revoke(self, session_id: str) -> None:
        digest = _digest(session_id)
        if digest in self._expiry:
            self._record("session_revoked", {"digest": digest})

    def revoke_all(self) -> None:
        self._record("sessions_revoked", {})

    # ---- the stream ---------------------------------------------------------------------------

    def loaded_ids(self) -> list[str]:
        return [""]

    def catch_up(self, key: str = "", version: int | None = None) -> int:
        """Apply what the servers stored after the version held; return how many events."""
        if key or (version is not None and version <= self._version):
            return 0
        with self._writing:
            stored = self._store.read(SESSIONS_STREAM, self._version)
            for item in stored:
                self._apply(item.type, json.loads(item.data))
                self._version = item.seq
            return len(stored)

    def _record(self, kind: str, data: dict[str, Any]) -> None:
        """Store the event after every other server's (caught up, then once more on a
        conflict), then apply it here."""
        encoded = json.dumps(data).encode()
        with self._writing:
            for attempt in (1, 2):
                self.catch_up("")
                try:
                    self._version = self._store.append(
                        SESSIONS_STREAM, self._version, [(kind, encoded)]
                    )
                    break
                except PokerfloorError as error:
                    if error.code != "VERSION_CONFLICT" or attempt == 2:
                        raise
            self._apply(kind, data)

    def _apply(self, kind: str, data: dict[str, Any]) -> None:
        with self._lock:
            if kind == "session_opened":
                now = self._clock()
                self._expiry = {k: v for k, v in self._expiry.items() if v > now}
                self._expiry[str(data["digest"])] = float(data["expires"])
            elif kind == "session_revoked":
                self._expiry.pop(str(data["digest"]), None)
            elif kind == "sessions_revoked":
                self._expiry = {}
