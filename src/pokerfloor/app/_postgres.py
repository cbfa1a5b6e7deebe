"""PostgreSQL for the event store: the engine, and a throwaway local server for tests and
benchmarks.

The engine forces ``synchronous_commit=on`` (a commit is flushed to the WAL on disk before it
returns) whatever the server's default. ``temporary_postgres`` starts Debian's PostgreSQL
binaries (``/usr/lib/postgresql/*/bin``) in a temporary directory on a free loopback port, as the
``postgres`` user when run as root, and stops it afterwards.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine
from sqlalchemy.engine import URL

__all__ = ["PostgresUnavailable", "TemporaryPostgres", "postgres_engine", "temporary_postgres"]


def postgres_engine(url: URL) -> Engine:
    connect_args: dict[str, Any] = {}
    if "options" not in url.query:
        connect_args["options"] = "-c synchronous_commit=on"
    return create_engine(
        url, pool_pre_ping=True, pool_size=8, max_overflow=8, connect_args=connect_args
    )


class PostgresUnavailable(RuntimeError):
    """The local PostgreSQL server could not be started; the message says why."""


class TemporaryPostgres:
    """A running throwaway server: ``url(database)`` and ``create_database(name)``."""

    def __init__(self, port: int) -> None:
        self.port = port

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """Create an empty database and return its URL."""
        import psycopg

        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as connection:
            connection.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
        return self.url(name)


def _binaries() -> Path:
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parent.parent.name),
    )
    if not candidates:
        raise PostgresUnavailable(
            "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); "
            "apt-get install postgresql"
        )
    return Path(candidates[-1]).parent


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def temporary_postgres() -> Iterator[TemporaryPostgres]:
    """Start a local PostgreSQL server, yield it, stop it and delete its files."""
    binaries = _binaries()
    as_postgres: list[str] = []
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            raise PostgresUnavailable("running as root and runuser is missing")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    root = Path(tempfile.mkdtemp(prefix="pokerfloor-pg-"))
    data = root / "data"
    log = root / "server.log"
    port = _free_port()
    started = False
    try:
        if as_postgres:
            shutil.chown(root, user="postgres")
        initdb = [str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust"]
        _run("initdb", [*as_postgres, *initdb, "-E", "UTF8", "--locale=C"])
        options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1"
        pg_ctl = [*as_postgres, str(binaries / "pg_ctl"), "-D", str(data)]
        _run("pg_ctl start", [*pg_ctl, "-o", options, "-l", str(log), "-w", "-t", "60", "start"])
        started = True
        yield TemporaryPostgres(port)
    except PostgresUnavailable as error:
        if log.exists():
            tail = log.read_text(errors="replace")[-800:]
            raise PostgresUnavailable(f"{error}\n{tail}") from None
        raise
    finally:
        if started:
            stop = [*as_postgres, str(binaries / "pg_ctl"), "-D", str(data), "-m", "fast", "-w"]
            subprocess.run([*stop, "stop"], capture_output=True, check=False)
        shutil.rmtree(root, ignore_errors=True)


def _run(name: str, command: list[str]) -> None:
    try:
        result = subprocess.run(command, capture_output=True, text=True, check=False)
    except OSError as error:
        raise PostgresUnavailable(f"{name} could not run: {error}") from None
    if result.returncode != 0:
        output = (result.stderr or result.stdout).strip()[-800:]
        raise PostgresUnavailable(f"{name} failed: {output}")
