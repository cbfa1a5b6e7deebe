"""The writer's requests and what their callers wait on (``store.py``'s writer): an append,
a snapshot, the appends of one ``append_many``, and the refusals a request can meet alone.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

from pokerfloor.errors import PokerfloorError

__all__ = [
    "Append",
    "Many",
    "Request",
    "SaveSnapshot",
    "batch_of",
    "conflict",
    "snapshot_ahead",
]


class Outcome:
    """What an append's caller waits for: a lock held until the writer sets the outcome.
    Lighter than a ``concurrent.futures.Future`` (a condition, a waiter lock per wait, the
    notify loop), which showed in a lone append's CPU. ``result`` is read once."""

    __slots__ = ("_error", "_lock", "_value")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._lock.acquire()
        self._value = 0
        self._error: BaseException | None = None

    def set_result(self, value: int) -> None:
        self._value = value
        self._lock.release()

    def set_exception(self, error: BaseException) -> None:
        self._error = error
        self._lock.release()

    def result(self) -> int:
        self._lock.acquire()
        if self._error is not None:
            raise self._error
        return self._value


class Append:
    __slots__ = ("done", "events", "expected_version", "stream_id")

    def __init__(
        self, stream_id: str, expected_version: int, events: Sequence[tuple[str, bytes]]
    ) -> None:
        self.stream_id = stream_id
        self.expected_version = expected_version
        self.events = events
        self.done = Outcome()


class SaveSnapshot:
    __slots__ = ("data", "done", "seq", "stream_id")

    def __init__(self, stream_id: str, seq: int, data: bytes) -> None:
        self.stream_id = stream_id
        self.seq = seq
        self.data = data
        self.done = Outcome()


@dataclass(slots=True)
class Many:
    """The appends of one ``append_many``: never split between two transactions."""

    appends: list[Append]


Request = Append | SaveSnapshot


def batch_of(item: Request | Many) -> list[Request]:
    return list(item.appends) if isinstance(item, Many) else [item]


def conflict(request: Append, current: int) -> PokerfloorError:
    return PokerfloorError(
        "VERSION_CONFLICT",
        f"stream {request.stream_id!r} is at version {current}, "
        f"not {request.expected_version}: read the new events and decide again",
        {
            "stream_id": request.stream_id,
            "expected_version": request.expected_version,
            "actual_version": current,
        },
    )


def snapshot_ahead(request: SaveSnapshot, current: int) -> PokerfloorError:
    return PokerfloorError(
        "SNAPSHOT_AHEAD_OF_STREAM",
        f"snapshot at seq {request.seq} but stream {request.stream_id!r} is at {current}",
        {"stream_id": request.stream_id, "seq": request.seq, "version": current},
    )
