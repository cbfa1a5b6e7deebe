"""Several servers on one PostgreSQL database: how each learns what the others wrote.

After each append a process announces ``(stream id, version)`` on a Redis pub/sub channel
(``pokerfloor serve --bus redis://host:port/0``). Every process listens: for a stream it holds
in memory it reads the events after the version it holds from the store (``catch_up``) and
pushes them to its own WebSocket subscribers. The message carries no event, only a hint: the
store stays the one truth, so a lost, late, repeated or forged message can only cost a read,
never show a wrong screen.

When Redis cannot be reached (or no ``--bus`` is given) the processes poll the store every
second for the streams they hold; this is logged once per outage. While Redis is up, a sweep
every ``SAFETY_SWEEP_S`` seconds and one at each reconnection catch what a dropped connection,
or a server cut from Redis alone, may have lost (pub/sub delivers at most once).
docs/store.md gives the measurement behind the choice of Redis over PostgreSQL's LISTEN/NOTIFY.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Protocol
from urllib.parse import parse_qs, urlsplit

from pokerfloor.app.ports import AppendRequest, EventStore, Snapshot, StoredEvent
from pokerfloor.errors import PokerfloorError

__all__ = [
    "DEFAULT_CHANNEL",
    "Follower",
    "PublishingStore",
    "RedisBus",
    "StreamSync",
    "parse_bus_url",
]

log = logging.getLogger("pokerfloor.app.bus")

DEFAULT_CHANNEL = "pokerfloor:streams"
POLL_S = 1.0  # the store is polled this often while the bus is down
# and this often while it is up: what a server cut from Redis alone (its announcements lost
# while the others still listen) or a dropped connection missed is seen within this delay.
SAFETY_SWEEP_S = 5.0
RECONNECT_S = 1.0
_TIMEOUT_S = 0.5  # a publish never holds a command longer than this


def parse_bus_url(url: str) -> tuple[str, str]:
    """``redis://host:port/db[?channel=name]`` -> (the URL for redis-py, the channel). Pub/sub
    channels are global to a Redis server (the database number does not separate them): two
    pokerfloor databases on one Redis take two channels."""
    parts = urlsplit(url)
    if parts.scheme not in ("redis", "rediss", "unix"):
        raise ValueError(f"the bus is a redis:// URL, not {url[:60]!r}")
    query = parse_qs(parts.query)
    channel = (query.pop("channel", [DEFAULT_CHANNEL]) or [DEFAULT_CHANNEL])[0]
    rest = "&".join(f"{key}={value}" for key, values in query.items() for value in values)
    return parts._replace(query=rest).geturl(), channel


class RedisBus:
    """Announcements of appended streams on one Redis pub/sub channel.

    ``publish`` is called after an append (from any thread); ``start(on_message,
    on_connected)`` runs a listener thread that calls ``on_message(stream_id, version)`` for
    each announcement (its own included: a catch-up then finds nothing) and ``on_connected()``
    at each (re)connection. ``up`` tells whether the listener is connected."""

    def __init__(self, url: str) -> None:
        import redis

        self.url, self.channel = parse_bus_url(url)
        self._redis = redis
        self._publisher = redis.Redis.from_url(
            self.url, socket_timeout=_TIMEOUT_S, socket_connect_timeout=_TIMEOUT_S
        )
        self._up = threading.Event()
        self._stopped = threading.Event()
        self._down_reported = False
        self._thread: threading.Thread | None = None
        self.published = 0
        self.received = 0

    @property
    def up(self) -> bool:
        return self._up.is_set()

    def publish(self, stream_id: str, version: int) -> None:
        """Announce ``stream_id`` at ``version``; skipped while the bus is down (the others
        poll), and a failure never reaches the command, which is already durable."""
        if not self._up.is_set():
            return
        try:
            self._publisher.publish(self.channel, f"{version} {stream_id}".encode())
            self.published += 1
        except (self._redis.RedisError, OSError) as error:
            self._went_down(error)

    def publish_many(self, announced: Sequence[tuple[str, int]]) -> None:
        """``publish`` for many streams in one round trip (a pipeline)."""
        if not self._up.is_set() or not announced:
            return
        try:
            pipeline = self._publisher.pipeline(transaction=False)
            for stream_id, version in announced:
                pipeline.publish(self.channel, f"{version} {stream_id}".encode())
            pipeline.execute()
            self.published += len(announced)
        except (self._redis.RedisError, OSError) as error:
            self._went_down(error)

    def start(
        self, on_message: Callable[[str, int], None], on_connected: Callable[[], None]
    ) -> None:
        self._thread = threading.Thread(
            target=self._listen,
            args=(on_message, on_connected),
            name="pokerfloor-bus",
            daemon=True,
        )
        self._thread.start()

    def close(self) -> None:
        self._stopped.set()
        if self._thread is not None:
            self._thread.join(timeout=3)
        with contextlib.suppress(Exception):
            self._publisher.close()

    def _listen(
        self, on_message: Callable[[str, int], None], on_connected: Callable[[], None]
    ) -> None:
        while not self._stopped.is_set():
            client = self._redis.Redis.from_url(
                self.url,
                socket_connect_timeout=_TIMEOUT_S,
                socket_keepalive=True,
                health_check_interval=5,
            )
            try:
                pubsub = client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
                pubsub.subscribe(self.channel)
                pubsub.get_message(timeout=_TIMEOUT_S)  # the subscription's confirmation
                self._came_up()
                on_connected()
                while not self._stopped.is_set():
                    message = pubsub.get_message(timeout=0.5)
                    if message is not None and message.get("type") == "message":
                        self.received += 1
                        announced = _parse(message.get("data"))
                        if announced is not None:
                            on_message(*announced)
            except (self._redis.RedisError, OSError) as error:
                self._went_down(error)
                self._stopped.wait(RECONNECT_S)
            except Exception:  # a catch-up failed: logged, the listener goes on
                log.exception("the bus listener failed; reconnecting")
                self._up.clear()
                self._stopped.wait(RECONNECT_S)
            finally:
                with contextlib.suppress(Exception):
                    client.close()
        self._up.clear()

    def _came_up(self) -> None:
        self._up.set()
        if self._down_reported:
            log.warning("the bus %s is back: pushes across servers resume", self.url)
        self._down_reported = False

    def _went_down(self, error: BaseException) -> None:
        self._up.clear()
        if not self._down_reported and not self._stopped.is_set():
            self._down_reported = True
            log.warning(
                "the bus %s cannot be reached (%s): polling the store every %.0f s until it "
                "is back",
                self.url,
                type(error).__name__,
                POLL_S,
            )


def _parse(data: object) -> tuple[str, int] | None:
    """``b"<version> <stream id>"`` -> (stream id, version); anything else is ignored."""
    if not isinstance(data, bytes):
        return None
    version, _, stream = data.decode("utf-8", "replace").partition(" ")
    if not stream or not version.isdigit() or len(version) > 10:
        return None
    return stream, int(version)


class Follower(Protocol):
    """A service that keeps streams in memory (``TournamentService``)."""

    def loaded_ids(self) -> list[str]: ...

    def catch_up(self, key: str, version: int | None = None, /) -> int: ...


class StreamSync:
    """Keeps the followers' streams current: on the bus's announcements, and by polling the
    store (every ``POLL_S`` while the bus is down or absent, every ``SAFETY_SWEEP_S`` while it
    is up). ``followers`` maps a stream id prefix (``tournament/``) to its service."""

    def __init__(
        self,
        followers: dict[str, Follower],
        bus: RedisBus | None,
        safety_sweep_s: float = SAFETY_SWEEP_S,
    ) -> None:
        self.followers = followers
        self.bus = bus
        self.safety_sweep_s = safety_sweep_s
        self._stopped = threading.Event()
        self._swept_at = 0.0
        self._thread = threading.Thread(target=self._poll, name="pokerfloor-poll", daemon=True)
        self.sweeps = 0

    def start(self) -> None:
        if self.bus is not None:
            self.bus.start(self.announced, self.sweep)
        else:
            log.warning("no --bus: polling the store every %.0f s for the other servers", POLL_S)
        self._thread.start()

    def close(self) -> None:
        self._stopped.set()
        if self.bus is not None:
            self.bus.close()
        self._thread.join(timeout=3)

    def announced(self, stream: str, version: int) -> None:
        for prefix, follower in self.followers.items():
            if stream.startswith(prefix):
                follower.catch_up(stream.removeprefix(prefix), version)

    def sweep(self) -> None:
        """Catch up every stream held in memory."""
        self._swept_at = time.monotonic()
        self.sweeps += 1
        for follower in self.followers.values():
            for key in follower.loaded_ids():
                try:
                    follower.catch_up(key)
                except Exception:  # one stream's failure never stops the others'
                    log.exception("catching up %r failed", key)

    def _poll(self) -> None:
        while not self._stopped.wait(POLL_S):
            bus_up = self.bus is not None and self.bus.up
            if not bus_up or time.monotonic() - self._swept_at >= self.safety_sweep_s:
                try:
                    self.sweep()
                except Exception:  # the store is unreachable: the next poll tries again
                    log.exception("polling the store failed")


class PublishingStore:
    """An ``EventStore`` that announces each append on the bus once it is durable."""

    def __init__(self, inner: EventStore, bus: RedisBus) -> None:
        self.inner = inner
        self.bus = bus

    def append(
        self, stream_id: str, expected_version: int, events: Sequence[tuple[str, bytes]]
    ) -> int:
        version = self.inner.append(stream_id, expected_version, events)
        self.bus.publish(stream_id, version)
        return version

    def append_many(self, appends: Sequence[AppendRequest]) -> list[int | PokerfloorError]:
        outcomes = self.inner.append_many(appends)
        self.bus.publish_many(
            [
                (stream_id, outcome)
                for (stream_id, _expected, _events), outcome in zip(appends, outcomes, strict=True)
                if isinstance(outcome, int)
            ]
        )
        return outcomes

    def read(self, stream_id: str, after_seq: int = 0) -> list[StoredEvent]:
        return self.inner.read(stream_id, after_seq)

    def read_many(self, stream_ids: Sequence[str]) -> dict[str, list[StoredEvent]]:
        return self.inner.read_many(stream_ids)

    def version(self, stream_id: str) -> int:
        return self.inner.version(stream_id)

    def streams(self, prefix: str = "") -> list[str]:
        return self.inner.streams(prefix)

    def save_snapshot(self, stream_id: str, seq: int, data: bytes) -> None:
        self.inner.save_snapshot(stream_id, seq, data)

    def load_snapshot(self, stream_id: str) -> Snapshot | None:
        return self.inner.load_snapshot(stream_id)

    def close(self) -> None:
        self.inner.close()
