"""Alembic environment: migrate the connection that ``open_store`` hands over.

``open_store`` passes an open connection in ``config.attributes["connection"]``; run from the
``alembic`` command line instead, the database URL comes from ``sqlalchemy.url``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

VERSION_TABLE = "pokerfloor_schema_version"


def _migrate(connection: Connection) -> None:
    context.configure(connection=connection, version_table=VERSION_TABLE)
    with context.begin_transaction():
        context.run_migrations()


def _run() -> None:
    connection = context.config.attributes.get("connection")
    if isinstance(connection, Connection):
        _migrate(connection)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("set sqlalchemy.url or pass a connection in config.attributes")
    engine = create_engine(url)
    try:
        with engine.begin() as own_connection:
            _migrate(own_connection)
    finally:
        engine.dispose()


_run()
