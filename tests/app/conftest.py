"""Store fixtures: every store test runs on a SQLite file and on a real PostgreSQL server.

The PostgreSQL server is Debian's (``/usr/lib/postgresql/*/bin``), started once per session
as the ``postgres`` user on a free loopback port; each test gets a fresh database. When it
cannot start, the PostgreSQL variants are skipped with the reason.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokerfloor.app._postgres import PostgresUnavailable, TemporaryPostgres, temporary_postgres
from pokerfloor.app.store import SqlEventStore, open_store

_database_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[TemporaryPostgres]:
    try:
        with temporary_postgres() as server:
            yield server
    except PostgresUnavailable as error:
        pytest.skip(f"PostgreSQL tests skipped: the local server could not start: {error}")


@pytest.fixture(params=["sqlite", "postgresql"])
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a fresh, empty store lives: a SQLite file path or a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "events.db")
    server: TemporaryPostgres = request.getfixturevalue("postgres_server")
    return server.create_database(f"store_test_{next(_database_numbers)}")


@pytest.fixture
def store(store_target: str) -> Iterator[SqlEventStore]:
    opened = open_store(store_target)
    yield opened
    opened.close()
