"""The event store's two tables and how its rows are written and read back (``store.py``'s
writer thread calls these inside its transactions).

Events are rows keyed by ``(stream_id, seq)``; a stream's snapshot is the latest row of its
``snapshots``. On PostgreSQL a batch's events go in one statement (``insert_events``).
"""

from __future__ import annotations

from typing import Any, cast

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    delete,
    insert,
    text,
)

from pokerfloor.app.ports import StoredEvent

__all__ = [
    "MAX_STREAM_ID_LENGTH",
    "MAX_TYPE_LENGTH",
    "events_table",
    "insert_events",
    "replace_snapshot",
    "snapshots_table",
    "stored",
]

MAX_STREAM_ID_LENGTH = 255
MAX_TYPE_LENGTH = 100

_metadata = MetaData()
events_table = Table(
    "events",
    _metadata,
    Column("stream_id", String(MAX_STREAM_ID_LENGTH), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("type", String(MAX_TYPE_LENGTH), nullable=False),
    Column("data", LargeBinary, nullable=False),
    Column("recorded_at_ms", BigInteger, nullable=False),
)
snapshots_table = Table(
    "snapshots",
    _metadata,
    Column("stream_id", String(MAX_STREAM_ID_LENGTH), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("data", LargeBinary, nullable=False),
    Column("recorded_at_ms", BigInteger, nullable=False),
)


# PostgreSQL: a batch's rows in one statement, as five arrays (``unnest``), not one statement
# per row (the driver's executemany: about 100 us of this process's CPU per row, the largest
# part of the dealer's batched write on 10,000 bots; issue 32). Its shape never changes with
# the number of rows, so it is compiled once; a duplicate (stream_id, seq) still raises the
# IntegrityError the writer retries on.
_POSTGRES_INSERT_EVENTS = text(
    "INSERT INTO events (stream_id, seq, type, data, recorded_at_ms) "
    "SELECT stream_id, seq, type, substring(CAST(:data AS bytea) FROM start FOR length), "
    "CAST(:recorded_at_ms AS bigint) FROM unnest(CAST(:stream_ids AS varchar[]), "
    "CAST(:seqs AS integer[]), CAST(:types AS varchar[]), CAST(:starts AS integer[]), "
    "CAST(:lengths AS integer[])) AS batch(stream_id, seq, type, start, length)"
)


def insert_events(connection: Connection, rows: list[dict[str, object]]) -> None:
    """The batch's event rows inserted: one statement on PostgreSQL (the events' data sent
    as one byte string cut by offsets: an array of byte strings costs the driver a pattern
    match per element), ``executemany`` on SQLite (in-process, already cheap per row)."""
    if connection.dialect.name != "postgresql" or len(rows) < 2:
        connection.execute(insert(events_table), rows)
        return
    datas = [cast(bytes, row["data"]) for row in rows]  # checked by ``store._check_event``
    starts: list[int] = []
    start = 1
    for data in datas:
        starts.append(start)
        start += len(data)
    connection.execute(
        _POSTGRES_INSERT_EVENTS,
        {
            "stream_ids": [row["stream_id"] for row in rows],
            "seqs": [row["seq"] for row in rows],
            "types": [row["type"] for row in rows],
            "starts": starts,
            "lengths": [len(data) for data in datas],
            "data": b"".join(datas),
            "recorded_at_ms": rows[0]["recorded_at_ms"],
        },
    )


def replace_snapshot(
    connection: Connection, stream_id: str, seq: int, data: bytes, now_ms: int
) -> None:
    """Older snapshots of the stream are dropped; a newer one, if any, stays the latest."""
    connection.execute(
        delete(snapshots_table).where(
            snapshots_table.c.stream_id == stream_id,
            snapshots_table.c.seq <= seq,
        )
    )
    connection.execute(
        insert(snapshots_table),
        {
            "stream_id": stream_id,
            "seq": seq,
            "data": data,
            "recorded_at_ms": now_ms,
        },
    )


def stored(row: Any) -> StoredEvent:
    """A row of the events table as the store gives it back."""
    return StoredEvent(
        stream_id=row.stream_id,
        seq=row.seq,
        type=row.type,
        data=bytes(row.data),
        recorded_at_ms=row.recorded_at_ms,
    )
