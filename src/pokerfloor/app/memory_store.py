"""An event store in memory: the fake of the tests, and the fallback when no database is wanted.

It keeps the ``EventStore`` contract (sequence numbers from 1, optimistic concurrency with
``VERSION_CONFLICT``, nothing written on a refusal) but nothing survives the process.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from pokerfloor.app.ports import AppendRequest, Snapshot, StoredEvent
from pokerfloor.errors import PokerfloorError

__all__ = ["MemoryEventStore"]


class MemoryEventStore:
    """``EventStore`` in a dict, safe to share between threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._streams: dict[str, list[StoredEvent]] = {}
        self._snapshots: dict[str, Snapshot] = {}
        self.closed = False

    def append(
        self, stream_id: str, expected_version: int, events: Sequence[tuple[str, bytes]]
    ) -> int:
        with self._lock:
            return self._append(stream_id, expected_version, events)

    def append_many(self, appends: Sequence[AppendRequest]) -> list[int | PokerfloorError]:
        """Every append checked in order under one lock (the port's contract)."""
        outcomes: list[int | PokerfloorError] = []
        with self._lock:
            for stream_id, expected_version, events in appends:
                try:
                    outcomes.append(self._append(stream_id, expected_version, events))
                except PokerfloorError as refusal:
                    outcomes.append(refusal)
        return outcomes

    def _append(
        self, stream_id: str, expected_version: int, events: Sequence[tuple[str, bytes]]
    ) -> int:
        stream = self._streams.get(stream_id, [])
        if len(stream) != expected_version:
            raise PokerfloorError(
                "VERSION_CONFLICT",
                f"stream {stream_id} is at version {len(stream)}, not {expected_version}",
                {"stream_id": stream_id, "expected": expected_version, "actual": len(stream)},
            )
        if not events:
            return len(stream)
        now_ms = int(time.time() * 1000)
        added = [
            StoredEvent(stream_id, expected_version + number, kind, bytes(data), now_ms)
            for number, (kind, data) in enumerate(events, start=1)
        ]
        self._streams[stream_id] = [*stream, *added]
        return expected_version + len(added)

    def read(self, stream_id: str, after_seq: int = 0) -> list[StoredEvent]:
        with self._lock:
            stream = self._streams.get(stream_id, [])
            return list(stream[max(after_seq, 0) :])

    def read_many(self, stream_ids: Sequence[str]) -> dict[str, list[StoredEvent]]:
        with self._lock:
            return {name: list(self._streams[name]) for name in stream_ids if name in self._streams}

    def version(self, stream_id: str) -> int:
        with self._lock:
            return len(self._streams.get(stream_id, []))

    def streams(self, prefix: str = "") -> list[str]:
        with self._lock:
            return sorted(name for name in self._streams if name.startswith(prefix))

    def save_snapshot(self, stream_id: str, seq: int, data: bytes) -> None:
        with self._lock:
            self._snapshots[stream_id] = Snapshot(stream_id, seq, bytes(data))

    def load_snapshot(self, stream_id: str) -> Snapshot | None:
        with self._lock:
            return self._snapshots.get(stream_id)

    def close(self) -> None:
        self.closed = True
