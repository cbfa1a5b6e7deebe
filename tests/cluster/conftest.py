"""The cluster tests' servers: Debian's PostgreSQL (the store tests' fixture) and a
``redis-server`` per test; each test skips with the reason when one cannot start."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.app import conftest as app_conftest
from tests.cluster.redis_process import RedisProcess, RedisUnavailable

postgres_server = app_conftest.postgres_server


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisProcess]:
    folder = tmp_path / "redis"
    folder.mkdir()
    try:
        server = RedisProcess(folder)
    except RedisUnavailable as error:
        pytest.skip(f"Redis tests skipped: redis-server could not start: {error}")
    yield server
    server.stop()
