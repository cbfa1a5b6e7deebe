"""What the application needs from an event store (the SQL store and test fakes provide it).

A stream is one tournament (``tournament/<id>``). Events are stored as JSON bytes with their
``type`` and a sequence number starting at 1; appending checks the version the writer expects
(optimistic concurrency) and returns only once the events are durable.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import msgspec

from pokerfloor.errors import PokerfloorError

# One append of a batch: (stream id, expected version, [(type, json), ...]).
AppendRequest = tuple[str, int, Sequence[tuple[str, bytes]]]


class StoredEvent(msgspec.Struct, frozen=True):
    stream_id: str
    seq: int  # 1, 2, 3 ... within the stream
    type: str  # the event's stable tag, e.g. "hand_played"
    data: bytes  # the event as JSON (msgspec)
    recorded_at_ms: int  # wall-clock time the store wrote it (not part of the domain)


class Snapshot(msgspec.Struct, frozen=True):
    stream_id: str
    seq: int  # the last event folded into the snapshot
    data: bytes


class EventStore(Protocol):
    def append(
        self, stream_id: str, expected_version: int, events: Sequence[tuple[str, bytes]]
    ) -> int:
        """Append ``(type, json)`` events after ``expected_version`` (0 for a new stream);
        return the new version. Raises ``PokerfloorError`` with code ``VERSION_CONFLICT`` when
        the stream is not at ``expected_version`` (nothing is written). Durable on return."""
        ...

    def append_many(self, appends: Sequence[AppendRequest]) -> list[int | PokerfloorError]:
        """Several appends (to many streams) in one durable transaction, each checked on its
        own as ``append`` checks it, in order: for each, the stream's new version or its
        ``VERSION_CONFLICT`` (that append alone is not written; the others are). Durable on
        return; a failure of the whole transaction (``STORE_BUSY`` ...) raises and writes
        nothing."""
        ...

    def read(self, stream_id: str, after_seq: int = 0) -> list[StoredEvent]:
        """The stream's events after ``after_seq``, in order."""
        ...

    def read_many(self, stream_ids: Sequence[str]) -> dict[str, list[StoredEvent]]:
        """Every event of each stream (one query, not one per stream): a server's first read
        of many tables. A stream without events is absent."""
        ...

    def version(self, stream_id: str) -> int:
        """The stream's last sequence number (0 when it does not exist)."""
        ...

    def streams(self, prefix: str = "") -> list[str]:
        """The ids of the streams that start with ``prefix``, sorted."""
        ...

    def save_snapshot(self, stream_id: str, seq: int, data: bytes) -> None: ...

    def load_snapshot(self, stream_id: str) -> Snapshot | None:
        """The latest snapshot of the stream, or None."""
        ...

    def close(self) -> None: ...
