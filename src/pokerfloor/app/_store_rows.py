"""The event store's two tables and how its rows are written and read back (``store.py``'s
writer calls ``RowWriter`` inside its transactions).

Events are rows keyed by ``(stream_id, seq)``; a stream's snapshot is the latest row of its
``snapshots``. On PostgreSQL a batch's events go in one statement (``RowWriter.insert_events``).

The writes go to the driver's own cursor as fixed SQL strings, not through SQLAlchemy Core:
a durable append is one small INSERT, and Core's statement compilation and execution context
around it cost several times the driver's own work (``bench/store.py``: about 400 us of CPU
per single append on SQLite, where the driver and the disk flush take about 190 us). The
strings are the ones Core compiled for these tables, so the rows are the same
(``tests/app/test_store_driver.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
)

from pokerfloor.app.ports import StoredEvent

__all__ = [
    "MAX_STREAM_ID_LENGTH",
    "MAX_TYPE_LENGTH",
    "EventRow",
    "RowWriter",
    "events_table",
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


# (stream_id, seq, type, data, recorded_at_ms): the columns' order in every statement below.
EventRow = tuple[str, int, str, bytes, int]

_COLUMNS = "stream_id, seq, type, data, recorded_at_ms"

# PostgreSQL: a batch's rows in one statement, as five arrays (``unnest``), not one statement
# per row (the driver's executemany: about 100 us of this process's CPU per row, the largest
# part of the dealer's batched write on 10,000 bots; issue 32). Its text never changes with
# the number of rows, so the server plans it once per connection (psycopg prepares a
# statement it has run five times); a duplicate (stream_id, seq) still raises the
# IntegrityError the writer retries on. The events' data go as one byte string cut by
# offsets: an array of byte strings costs the driver a pattern match per element.
_POSTGRES_INSERT_EVENTS = (
    f"INSERT INTO events ({_COLUMNS}) "
    "SELECT stream_id, seq, type, substring(CAST(%s AS bytea) FROM start FOR length), "
    "CAST(%s AS bigint) FROM unnest(CAST(%s AS varchar[]), "
    "CAST(%s AS integer[]), CAST(%s AS varchar[]), CAST(%s AS integer[]), "
    "CAST(%s AS integer[])) AS batch(stream_id, seq, type, start, length)"
)


class RowWriter:
    """The writer's statements for one database (``sqlite`` or ``postgresql``), run on a
    driver cursor inside the writer's transaction. Every statement goes through ``run``: the
    one place the tests watch what reaches the driver."""

    def __init__(self, dialect_name: str) -> None:
        self.postgresql = dialect_name == "postgresql"
        mark = "%s" if self.postgresql else "?"
        self._mark = mark
        self._insert_event = f"INSERT INTO events ({_COLUMNS}) VALUES ({', '.join([mark] * 5)})"
        self._delete_snapshots = f"DELETE FROM snapshots WHERE stream_id = {mark} AND seq <= {mark}"
        self._insert_snapshot = (
            "INSERT INTO snapshots (stream_id, seq, data, recorded_at_ms) "
            f"VALUES ({mark}, {mark}, {mark}, {mark})"
        )

    def run(self, cursor: Any, statement: str, parameters: Any, *, many: bool = False) -> None:
        if many:
            cursor.executemany(statement, parameters)
        else:
            cursor.execute(statement, parameters)

    def versions(self, cursor: Any, stream_ids: Sequence[str]) -> dict[str, int]:
        """The last seq of each stream that has events (the others are absent)."""
        marks = ", ".join([self._mark] * len(stream_ids))
        self.run(
            cursor,
            f"SELECT stream_id, max(seq) FROM events WHERE stream_id IN ({marks}) "
            "GROUP BY stream_id",
            list(stream_ids),
        )
        return {stream_id: seq for stream_id, seq in cursor.fetchall()}

    def insert_events(self, cursor: Any, rows: list[EventRow]) -> None:
        """The batch's event rows inserted: one statement on PostgreSQL, ``executemany`` of
        one prepared statement on SQLite (in-process, already cheap per row)."""
        if len(rows) == 1:
            self.run(cursor, self._insert_event, rows[0])
            return
        if not self.postgresql:
            self.run(cursor, self._insert_event, rows, many=True)
            return
        starts: list[int] = []
        start = 1
        for row in rows:
            starts.append(start)
            start += len(row[3])
        self.run(
            cursor,
            _POSTGRES_INSERT_EVENTS,
            (
                b"".join([row[3] for row in rows]),
                rows[0][4],
                [row[0] for row in rows],
                [row[1] for row in rows],
                [row[2] for row in rows],
                starts,
                [len(row[3]) for row in rows],
            ),
        )

    def replace_snapshot(
        self, cursor: Any, stream_id: str, seq: int, data: bytes, now_ms: int
    ) -> None:
        """Older snapshots of the stream are dropped; a newer one, if any, stays the latest."""
        self.run(cursor, self._delete_snapshots, (stream_id, seq))
        self.run(cursor, self._insert_snapshot, (stream_id, seq, data, now_ms))


def stored(row: Any) -> StoredEvent:
    """A row of the events table as the store gives it back."""
    return StoredEvent(
        stream_id=row.stream_id,
        seq=row.seq,
        type=row.type,
        data=bytes(row.data),
        recorded_at_ms=row.recorded_at_ms,
    )
