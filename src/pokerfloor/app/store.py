"""The durable event store: SQLite by default, PostgreSQL with a URL (SQLAlchemy 2 + Alembic).

Events are append-only rows keyed by ``(stream_id, seq)``; appending checks the version the
writer expects (optimistic concurrency) and returns only once the events are committed.

**Group commit.** One writer thread owned by the store does every write. The appends that
arrive while a commit is in progress wait in a queue and go together into the next
transaction, so one disk flush acknowledges many appends. Each append is checked on its own
against the stream's version before anything is written: a conflicting append fails alone
with ``VERSION_CONFLICT`` and the rest of its batch commits. The writer keeps the versions it
has committed in a cache and asks the database when the cache has no answer or disagrees; when
another process wrote in between, the unique ``(stream_id, seq)`` key refuses the batch, which
is then retried with versions read from the database.

**A lone append commits in its caller's thread.** When the writer thread is idle and nothing
waits for it, the append's own thread takes the writer's lock and commits its request as a
batch of one: no hand-off to the writer thread and back (two thread wake-ups, about a third
of a lone append's CPU). An append that finds the lock taken, or the writer thread busy,
queues as before, so under load the appends still gather into the writer's group commits.
The writes go to the driver's own cursor (``_store_rows.RowWriter``). On SQLite the writer
checks its one connection out of the pool per transaction (in exclusive mode the reads share
it). On PostgreSQL it keeps one connection between transactions: checking it out each time
cost the pool's ping, a round trip per transaction; a kept connection found dead before its
commit is replaced and the batch written again (nothing of it was committed).

**Batched appends** (``append_many``, issue 32): a caller that has many streams to append to
at once (the dealer of a server's dealt tables) hands them over as one request, which the
writer never splits: one transaction, one flush, each append still checked on its own (a
conflict is that append's outcome, the others commit).

Usage::

    store = open_store(None)  # the default SQLite file in the user's data directory
    version = store.append("tournament/42", 0, [("tournament_created", b"{...}")])
    events = store.read("tournament/42")
    store.close()
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.util import CommandError
from sqlalchemy import Engine, func, select
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from pokerfloor.app._postgres import postgres_engine
from pokerfloor.app._sqlite import BUSY_TIMEOUT_MS, default_database_path, sqlite_engines
from pokerfloor.app._store_errors import mapped_store_errors, store_refusal
from pokerfloor.app._store_requests import (
    Append,
    Many,
    Request,
    SaveSnapshot,
    batch_of,
    conflict,
    snapshot_ahead,
)
from pokerfloor.app._store_rows import (
    MAX_STREAM_ID_LENGTH,
    MAX_TYPE_LENGTH,
    EventRow,
    RowWriter,
    events_table,
    snapshots_table,
    stored,
)
from pokerfloor.app.ports import AppendRequest, Snapshot, StoredEvent
from pokerfloor.errors import PokerfloorError

__all__ = [
    "SqlEventStore",
    "StoreStats",
    "database_name",
    "default_database_path",
    "open_store",
    "resolve_url",
    "unreadable_database",
]

MAX_BATCH_APPENDS = 500
MAX_BATCH_RETRIES = 5
# Serialises concurrent migrations of one PostgreSQL database (any constant, ours).
_MIGRATION_LOCK_KEY = 0x706F6B6572


def resolve_url(target: str | Path | None) -> URL:
    """Where the store lives: ``None`` is the default SQLite file, a path is a SQLite file,
    and a URL (``sqlite:///...``, ``postgresql+psycopg://...``) is used as it is."""
    if target is None:
        return URL.create("sqlite", database=str(default_database_path()))
    if isinstance(target, str) and "://" in target:
        url = make_url(target)
        backend = url.get_backend_name()
        if backend == "postgresql":
            return url.set(drivername="postgresql+psycopg")
        if backend == "sqlite":
            return url
        raise PokerfloorError(
            "UNSUPPORTED_DATABASE",
            f"unsupported database {backend!r}: use a SQLite file or a postgresql+psycopg:// URL",
            {"backend": backend},
        )
    return URL.create("sqlite", database=str(Path(target).expanduser()))


def open_store(
    target: str | Path | None = None,
    *,
    busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    exclusive: bool = False,
) -> SqlEventStore:
    """Open (and create or migrate) the store at ``target``; see ``resolve_url``. A SQLite
    write waits ``busy_timeout_ms`` for another process's lock, then fails (``STORE_BUSY``);
    ``exclusive``: a SQLite database held by this process alone (``_sqlite``; the server,
    which holds the writer lock)."""
    url = resolve_url(target)
    where = database_name(url)
    try:
        if url.get_backend_name() == "sqlite":
            writer, reader = sqlite_engines(url, busy_timeout_ms, exclusive=exclusive)
        else:
            writer = reader = postgres_engine(url)
    except OSError as error:  # the SQLite file's directory cannot be created
        raise unreadable_database(where, error) from error
    try:
        migrate(writer)
    except BaseException as error:
        writer.dispose()
        reader.dispose()
        if isinstance(error, SQLAlchemyError | CommandError):  # not a database, no server...
            raise unreadable_database(where, error) from error
        raise
    return SqlEventStore(writer, reader)


def database_name(url: URL) -> str:
    """The database as messages name it: a SQLite file's path, a URL without its password."""
    if url.get_backend_name() == "sqlite":
        return url.database or ""
    return url.render_as_string(hide_password=True)


def unreadable_database(where: str, error: Exception) -> PokerfloorError:
    """``DATABASE_UNREADABLE``: the database cannot be opened, with the driver's reason."""
    cause = error.orig if isinstance(error, DBAPIError) and error.orig is not None else error
    reason = (str(cause).strip().splitlines() or [type(cause).__name__])[0]
    return PokerfloorError(
        "DATABASE_UNREADABLE",
        f"cannot open the database {where}: {reason}",
        {"database": where, "reason": reason},
    )


def migrate(engine: Engine) -> None:
    """Bring the schema to the latest revision; does nothing when it is already there."""
    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK_KEY})")
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@dataclass(frozen=True, slots=True)
class StoreStats:
    """What the writer did: ``appends`` acknowledged in ``commits`` transactions."""

    appends: int
    commits: int
    conflicts: int


class SqlEventStore:
    """The ``EventStore`` port on SQLAlchemy; every write goes through one writer thread."""

    def __init__(self, writer: Engine, reader: Engine) -> None:
        self._writer_engine = writer
        self._reader_engine = reader
        self._rows = RowWriter(writer.dialect.name)
        dbapi = writer.dialect.loaded_dbapi
        self._driver_error: type[Exception] = dbapi.Error
        self._driver_integrity_error: type[Exception] = dbapi.IntegrityError
        self._queue: queue.SimpleQueue[Request | Many | None] = queue.SimpleQueue()
        # Held by whoever writes (the writer thread, or a lone append's own thread): the
        # writer's connection, the versions cache and the counters are used under it only.
        self._write_lock = threading.Lock()
        # Set while the writer thread holds requests: a lone append then queues behind them.
        self._writer_busy = False
        self._versions: dict[str, int] = {}  # under _write_lock
        self._kept: Any = None  # PostgreSQL: the writer's connection between batches
        self._appends = 0
        self._commits = 0
        self._conflicts = 0
        self._closed = False
        self._close_lock = threading.Lock()
        self._thread = threading.Thread(
            target=self._write_loop, name="pokerfloor-store-writer", daemon=True
        )
        self._thread.start()

    @property
    def engine(self) -> Engine:
        """The engine used for reads (projections may query it)."""
        return self._reader_engine

    @property
    def stats(self) -> StoreStats:
        return StoreStats(self._appends, self._commits, self._conflicts)

    # --- writes ---------------------------------------------------------------------------

    def append(
        self, stream_id: str, expected_version: int, events: Sequence[tuple[str, bytes]]
    ) -> int:
        """Append ``(type, json)`` events after ``expected_version``; return the new version
        once they are committed. ``VERSION_CONFLICT`` when the stream is elsewhere."""
        _check_stream_id(stream_id)
        _check_seq("expected_version", expected_version)
        events = list(events)
        for event_type, data in events:
            _check_event(event_type, data)
        return self._submit(Append(stream_id, expected_version, events))

    def append_many(self, appends: Sequence[AppendRequest]) -> list[int | PokerfloorError]:
        """The appends in one transaction (the port's contract): they go to the writer as one
        request, never split, and the appends other threads queued meanwhile join it."""
        requests: list[Append] = []
        for stream_id, expected_version, events in appends:
            _check_stream_id(stream_id)
            _check_seq("expected_version", expected_version)
            listed = list(events)
            for event_type, data in listed:
                _check_event(event_type, data)
            requests.append(Append(stream_id, expected_version, listed))
        if not requests:
            return []
        self._hand_over(Many(requests))
        outcomes: list[int | PokerfloorError] = []
        for request in requests:
            try:
                outcomes.append(request.done.result())
            except PokerfloorError as refusal:
                if refusal.code != "VERSION_CONFLICT":
                    raise  # the whole transaction failed: nothing of it was written
                outcomes.append(refusal)
        return outcomes

    def save_snapshot(self, stream_id: str, seq: int, data: bytes) -> None:
        """Keep ``data`` as the state of the stream after event ``seq`` (the latest wins)."""
        _check_stream_id(stream_id)
        _check_seq("seq", seq)
        if not isinstance(data, bytes):
            raise PokerfloorError(
                "INVALID_SNAPSHOT", "snapshot data must be bytes", {"stream_id": stream_id}
            )
        self._submit(SaveSnapshot(stream_id, seq, data))

    def _submit(self, request: Request) -> int:
        self._hand_over(request)
        return request.done.result()

    def _hand_over(self, item: Request | Many) -> None:
        """Commit ``item`` in this thread when no one else writes or waits to, else queue it
        for the writer thread (whose next batch gathers everything queued meanwhile)."""
        if not self._writer_busy and self._write_lock.acquire(blocking=False):
            try:
                alone = not self._writer_busy and self._queue.empty()
                if alone:
                    if self._closed:  # close() set it, then takes this lock to dispose
                        raise PokerfloorError("STORE_CLOSED", "the event store is closed")
                    self._write_batch(batch_of(item))
                    return
            finally:
                self._write_lock.release()
        with self._close_lock:  # never queue a request behind the writer's stop signal
            if self._closed:
                raise PokerfloorError("STORE_CLOSED", "the event store is closed")
            self._queue.put(item)

    def close(self) -> None:
        """Finish the writes already submitted, stop the writer and release the database."""
        with self._close_lock:
            if self._closed:
                return
            self._closed = True
        self._queue.put(None)
        self._thread.join()
        with self._write_lock:  # a lone append committing in its own thread finishes first
            if self._kept is not None:
                self._kept.close()
                self._kept = None
            self._writer_engine.dispose()
            self._reader_engine.dispose()

    # --- reads ----------------------------------------------------------------------------

    def read(self, stream_id: str, after_seq: int = 0) -> list[StoredEvent]:
        query = (
            select(events_table)
            .where(events_table.c.stream_id == stream_id, events_table.c.seq > after_seq)
            .order_by(events_table.c.seq)
        )
        with mapped_store_errors(), self._reader_engine.begin() as connection:
            rows = connection.execute(query).all()
        return [stored(row) for row in rows]

    def read_many(self, stream_ids: Sequence[str]) -> dict[str, list[StoredEvent]]:
        found: dict[str, list[StoredEvent]] = {}
        wanted = sorted(set(stream_ids))
        for start in range(0, len(wanted), MAX_BATCH_APPENDS):  # bounded IN lists
            query = (
                select(events_table)
                .where(events_table.c.stream_id.in_(wanted[start : start + MAX_BATCH_APPENDS]))
                .order_by(events_table.c.stream_id, events_table.c.seq)
            )
            with mapped_store_errors(), self._reader_engine.begin() as connection:
                rows = connection.execute(query).all()
            for row in rows:
                found.setdefault(row.stream_id, []).append(stored(row))
        return found

    def version(self, stream_id: str) -> int:
        query = select(func.max(events_table.c.seq)).where(events_table.c.stream_id == stream_id)
        with mapped_store_errors(), self._reader_engine.begin() as connection:
            return connection.execute(query).scalar() or 0

    def streams(self, prefix: str = "") -> list[str]:
        query = select(events_table.c.stream_id).distinct()
        if prefix:
            # substr, not LIKE: LIKE is case-insensitive in SQLite and treats % and _ specially.
            query = query.where(func.substr(events_table.c.stream_id, 1, len(prefix)) == prefix)
        with mapped_store_errors(), self._reader_engine.begin() as connection:
            found = connection.execute(query).scalars().all()
        return sorted(stream_id for stream_id in found if stream_id.startswith(prefix))

    def load_snapshot(self, stream_id: str) -> Snapshot | None:
        query = (
            select(snapshots_table)
            .where(snapshots_table.c.stream_id == stream_id)
            .order_by(snapshots_table.c.seq.desc())
            .limit(1)
        )
        with mapped_store_errors(), self._reader_engine.begin() as connection:
            row = connection.execute(query).first()
        if row is None:
            return None
        return Snapshot(stream_id=row.stream_id, seq=row.seq, data=bytes(row.data))

    # --- the writer thread ----------------------------------------------------------------

    def _write_loop(self) -> None:
        stopping = False
        while not stopping:
            first = self._queue.get()
            if first is None:
                break
            self._writer_busy = True
            with self._write_lock:
                batch = batch_of(first)
                while len(batch) < MAX_BATCH_APPENDS:
                    try:
                        request = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if request is None:
                        stopping = True
                        break
                    batch.extend(batch_of(request))
                self._write_batch(batch)
                self._writer_busy = False

    def _write_batch(self, batch: list[Request]) -> None:
        trust_cache = True
        for _attempt in range(MAX_BATCH_RETRIES):
            try:
                outcomes, versions = self._commit_batch(batch, trust_cache=trust_cache)
            except self._driver_integrity_error:
                # Another process wrote to one of these streams: ask the database again.
                self._versions.clear()
                trust_cache = False
                continue
            except _LostBeforeCommit:
                continue  # on a new connection: the pool's ping, as each batch had before
            except BaseException as error:
                self._versions.clear()
                if isinstance(error, self._driver_error):  # as SQLAlchemy raised it before
                    error = DBAPIError.instance(None, None, error, self._driver_error)
                # The lock of another process, a full disk: rolled back, refused as such.
                refusal = store_refusal(error)
                if refusal is not None:
                    refusal.__cause__ = error
                for request in batch:
                    request.done.set_exception(refusal or error)
                return
            self._versions.update(versions)
            self._commits += 1
            for request, outcome in zip(batch, outcomes, strict=True):
                if isinstance(outcome, PokerfloorError):
                    self._conflicts += 1
                    request.done.set_exception(outcome)
                else:
                    if isinstance(request, Append):
                        self._appends += 1
                    request.done.set_result(outcome)
            return
        busy = PokerfloorError(
            "STORE_BUSY", "other writers kept changing these streams; try again", {}
        )
        for request in batch:
            request.done.set_exception(busy)

    def _commit_batch(
        self, batch: list[Request], *, trust_cache: bool
    ) -> tuple[list[int | PokerfloorError], dict[str, int]]:
        """One transaction for the batch: each request's outcome and the streams' versions."""
        now_ms = int(time.time() * 1000)
        outcomes: list[int | PokerfloorError] = []
        event_rows: list[EventRow] = []
        kept, self._kept = self._kept, None
        pooled = kept or self._writer_engine.raw_connection()
        committing = False
        try:
            driver: Any = pooled.driver_connection
            cursor = driver.cursor()
            try:
                if not self._rows.postgresql:  # the sqlite3 module's autocommit: we begin
                    cursor.execute("BEGIN IMMEDIATE")
                versions = self._known_versions(cursor, batch, trust_cache=trust_cache)
                for request in batch:
                    stream_id = request.stream_id
                    current = versions[stream_id]
                    if isinstance(request, Append):
                        if current != request.expected_version:
                            outcomes.append(conflict(request, current))
                            continue
                        for event_type, data in request.events:
                            current += 1
                            event_rows.append((stream_id, current, event_type, data, now_ms))
                        versions[stream_id] = current
                        outcomes.append(current)
                    else:
                        if request.seq > current:
                            outcomes.append(snapshot_ahead(request, current))
                            continue
                        self._rows.replace_snapshot(
                            cursor, stream_id, request.seq, request.data, now_ms
                        )
                        outcomes.append(request.seq)
                if event_rows:
                    self._rows.insert_events(cursor, event_rows)
                committing = True
                driver.commit()
            except BaseException as error:
                lost = _roll_back(self._writer_engine, pooled, error)
                if lost and kept is not None and not committing:
                    raise _LostBeforeCommit from error
                raise
            finally:
                cursor.close()
        except BaseException:
            pooled.close()  # back to the pool, or dropped when invalidated
            raise
        if self._rows.postgresql:
            self._kept = pooled
        else:
            pooled.close()  # back to the pool (whose reset is a no-op outside a transaction)
        return outcomes, versions

    def _known_versions(
        self, cursor: Any, batch: list[Request], *, trust_cache: bool
    ) -> dict[str, int]:
        """Each stream's version: from the cache when it agrees with the first request on the
        stream, else from the database (another process may have written)."""
        versions: dict[str, int] = {}
        unknown: set[str] = set()
        for request in batch:
            if request.stream_id in versions or request.stream_id in unknown:
                continue
            cached = self._versions.get(request.stream_id) if trust_cache else None
            expected = request.expected_version if isinstance(request, Append) else request.seq
            agrees = cached is not None and (
                cached == expected if isinstance(request, Append) else cached >= expected
            )
            if agrees and cached is not None:
                versions[request.stream_id] = cached
            else:
                unknown.add(request.stream_id)
        if unknown:
            found = self._rows.versions(cursor, sorted(unknown))
            for stream_id in unknown:
                versions[stream_id] = found.get(stream_id, 0)
        return versions


class _LostBeforeCommit(Exception):
    """The kept connection was found dead before the batch's commit: nothing was written."""


def _roll_back(engine: Engine, pooled: Any, error: BaseException) -> bool:
    """A failed transaction rolled back; a connection the driver lost is dropped from the
    pool (as SQLAlchemy's own execution does), not handed to the next reader: True then."""
    try:
        pooled.driver_connection.rollback()
    except Exception:  # the connection is gone; the batch's own error says why
        pooled.invalidate()
        return True
    if isinstance(error, engine.dialect.loaded_dbapi.Error) and engine.dialect.is_disconnect(
        error, pooled.dbapi_connection, None
    ):
        pooled.invalidate()
        return True
    return False


def _check_stream_id(stream_id: object) -> None:
    if not isinstance(stream_id, str) or not 0 < len(stream_id) <= MAX_STREAM_ID_LENGTH:
        raise PokerfloorError(
            "INVALID_STREAM_ID",
            f"a stream id is a non-empty string of at most {MAX_STREAM_ID_LENGTH} characters",
            {"stream_id": repr(stream_id)[:300]},
        )


def _check_seq(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
        raise PokerfloorError(
            "INVALID_VERSION",
            f"{name} must be an integer from 0 to {2**31 - 1}",
            {"name": name, "value": repr(value)[:100]},
        )


def _check_event(event_type: object, data: object) -> None:
    if not isinstance(event_type, str) or not 0 < len(event_type) <= MAX_TYPE_LENGTH:
        raise PokerfloorError(
            "INVALID_EVENT",
            f"an event type is a non-empty string of at most {MAX_TYPE_LENGTH} characters",
            {"type": repr(event_type)[:200]},
        )
    if not isinstance(data, bytes):
        raise PokerfloorError(
            "INVALID_EVENT", "event data must be bytes (JSON)", {"type": event_type}
        )
