"""The SQLite engines of the event store: the default, embedded database.

Every connection runs in WAL mode with ``synchronous=FULL`` (a commit is on disk when it
returns) and a busy timeout. We take transaction control from the ``sqlite3`` module and emit
``BEGIN`` ourselves: the writer's transactions start with ``BEGIN IMMEDIATE`` so that two
processes never fail upgrading a read lock to a write lock.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL

BUSY_TIMEOUT_MS = 30_000
DEFAULT_FILE_NAME = "pokerfloor.db"


def default_database_path() -> Path:
    """The SQLite file used when no ``--db`` is given: in the user's data directory."""
    return Path(platformdirs.user_data_dir("pokerfloor", appauthor=False)) / DEFAULT_FILE_NAME


def sqlite_engines(url: URL) -> tuple[Engine, Engine]:
    """``(writer, reader)`` on one SQLite file, creating its directory when missing."""
    database = url.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        raise ValueError("the event store needs a SQLite file, not an in-memory database")
    Path(database).parent.mkdir(parents=True, exist_ok=True)
    writer = _engine(url, begin="BEGIN IMMEDIATE", pool_size=1, max_overflow=0)
    reader = _engine(url, begin="BEGIN", pool_size=8, max_overflow=8)
    return writer, reader


def _engine(url: URL, *, begin: str, pool_size: int, max_overflow: int) -> Engine:
    engine = create_engine(url, pool_size=pool_size, max_overflow=max_overflow)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # autocommit driver: we emit BEGIN ourselves
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql(begin)

    return engine
