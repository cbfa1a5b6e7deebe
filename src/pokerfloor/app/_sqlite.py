"""The SQLite engines of the event store: the default, embedded database.

Every connection runs in WAL mode with ``synchronous=FULL`` (a commit is on disk when it
returns) and a busy timeout: a write waits that long for another process's lock, then fails
(the store refuses it as ``STORE_BUSY``). We take transaction control from the ``sqlite3``
module and emit ``BEGIN`` ourselves: the writer's transactions start with ``BEGIN IMMEDIATE``
so that two processes never fail upgrading a read lock to a write lock.

The server opens its database ``exclusive`` (``locking_mode=EXCLUSIVE``, issue 27): it holds
the database's writer lock anyway, and without it SQLite keeps the WAL's index in a
memory-mapped ``-shm`` file; a write through that mapping after the file was truncated, or
its disk failed, is a SIGBUS that kills the server. In exclusive mode the index lives in the
process's memory and a failing disk is an error SQLite returns (``_store_errors``). The price:
one connection for the reads and the writes, and no other process may read the database
while the server runs (``pokerfloor export`` says so; the API exports through the server).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL

# A write waits this long for another process's lock (a backup, a checkpoint; never a second
# server: the writer lock refuses it), then the command is refused as STORE_BUSY: fast enough
# for the TD to see it, long enough for a backup's short lock.
BUSY_TIMEOUT_MS = 5_000
DEFAULT_FILE_NAME = "pokerfloor.db"


def default_database_path() -> Path:
    """The SQLite file used when no ``--db`` is given: in the user's data directory."""
    return Path(platformdirs.user_data_dir("pokerfloor", appauthor=False)) / DEFAULT_FILE_NAME


def sqlite_engines(
    url: URL, busy_timeout_ms: int = BUSY_TIMEOUT_MS, *, exclusive: bool = False
) -> tuple[Engine, Engine]:
    """``(writer, reader)`` on one SQLite file, creating its directory when missing;
    ``exclusive``: one engine of one connection for both (the module's documentation)."""
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        raise ValueError("the event store needs a SQLite file, not an in-memory database")
    Path(database).parent.mkdir(parents=True, exist_ok=True)
    # A new database is readable by this user only (its WAL and shared-memory files take the
    # same mode): it holds the players' names and the evening's money.
    os.close(os.open(database, os.O_RDWR | os.O_CREAT, 0o600))
    busy = int(busy_timeout_ms)
    writer = _engine(
        url, begin="BEGIN IMMEDIATE", pool_size=1, max_overflow=0, busy_ms=busy, exclusive=exclusive
    )
    if exclusive:
        return writer, writer
    reader = _engine(url, begin="BEGIN", pool_size=8, max_overflow=8, busy_ms=busy)
    return writer, reader


def _engine(
    url: URL,
    *,
    begin: str,
    pool_size: int,
    max_overflow: int,
    busy_ms: int,
    exclusive: bool = False,
) -> Engine:
    engine = create_engine(url, pool_size=pool_size, max_overflow=max_overflow)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # autocommit driver: we emit BEGIN ourselves
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={busy_ms}")
        if exclusive:  # before WAL is first used: its index is then never memory-mapped
            cursor.execute("PRAGMA locking_mode=EXCLUSIVE")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql(begin)

    return engine
