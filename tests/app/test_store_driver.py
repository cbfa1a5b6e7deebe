"""The store's writer on the driver's own cursor (``_store_rows.RowWriter``) and a lone append
committed in its caller's thread: the same rows as SQLAlchemy Core wrote, the same refusals,
the group commit kept under load; on SQLite and on a real PostgreSQL server (conftest.py)."""

from __future__ import annotations

import threading

import msgspec
import pytest
from sqlalchemy import insert, text
from sqlalchemy.exc import DBAPIError

from pokerfloor.app._store_rows import events_table
from pokerfloor.app.store import SqlEventStore, open_store
from pokerfloor.errors import PokerfloorError


def _event(number: int) -> tuple[str, bytes]:
    return ("chips_counted", msgspec.json.encode({"number": number, "blob": "é\x00"}))


def _column_types(store: SqlEventStore, stream_id: str) -> list[tuple[object, ...]]:
    """Each row's values (but its stream and time) and how the database typed each column."""
    with store.engine.connect() as connection:
        if connection.dialect.name == "sqlite":
            typed = (
                "typeof(stream_id), typeof(seq), typeof(type), typeof(data), typeof(recorded_at_ms)"
            )
        else:
            typed = (
                "pg_typeof(stream_id)::text, pg_typeof(seq)::text, pg_typeof(type)::text, "
                "pg_typeof(data)::text, pg_typeof(recorded_at_ms)::text"
            )
        rows = connection.execute(
            text(f"SELECT seq, type, data, {typed} FROM events WHERE stream_id = :s ORDER BY seq"),
            {"s": stream_id},
        ).all()
    return [(seq, kind, bytes(data), *types) for seq, kind, data, *types in rows]


def test_rows_written_through_the_driver_are_the_rows_sqlalchemy_core_wrote(
    store: SqlEventStore,
) -> None:
    events = [_event(1), ("player_registered", b""), ("x" * 100, bytes(range(256)))]
    store.append("driver/one", 0, events[:1])
    store.append_many([("driver/batch", 0, events)])
    with store._writer_engine.begin() as connection:  # the path the writer took before
        connection.execute(
            insert(events_table),
            [
                {
                    "stream_id": stream_id,
                    "seq": seq,
                    "type": kind,
                    "data": data,
                    "recorded_at_ms": 1,
                }
                for stream_id, count in (("core/one", 1), ("core/batch", 3))
                for seq, (kind, data) in enumerate(events[:count], start=1)
            ],
        )

    assert _column_types(store, "driver/one") == _column_types(store, "core/one")
    assert _column_types(store, "driver/batch") == _column_types(store, "core/batch")
    assert [item.data for item in store.read("driver/batch")] == [data for _, data in events]


def test_a_lone_append_commits_in_its_caller_s_thread(
    store: SqlEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No hand-off to the writer thread and back when nobody else writes."""
    threads: set[int] = set()
    run = store._rows.run

    def seen(cursor: object, statement: str, parameters: object, *, many: bool = False) -> None:
        threads.add(threading.get_ident())
        run(cursor, statement, parameters, many=many)

    monkeypatch.setattr(store._rows, "run", seen)
    assert store.append("lone", 0, [_event(1)]) == 1
    assert store.append_many([("lone", 1, [_event(2)]), ("other", 0, [_event(3)])]) == [2, 1]
    store.save_snapshot("lone", 2, b"{}")

    assert threads == {threading.get_ident()}
    assert [item.seq for item in store.read("lone")] == [1, 2]


def test_concurrent_appends_still_share_their_commits(store: SqlEventStore) -> None:
    """Appends arriving while a commit is in progress wait for the writer thread, which
    commits them together: the lone append's shortcut must not turn load into one flush per
    append."""
    writers, per_writer = 16, 25
    start = threading.Barrier(writers)

    def write(writer_no: int) -> None:
        start.wait()
        for number in range(per_writer):
            store.append(f"load/{writer_no}", number, [_event(number)])

    before = store.stats
    threads = [threading.Thread(target=write, args=(n,)) for n in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    appends = store.stats.appends - before.appends
    commits = store.stats.commits - before.commits

    assert appends == writers * per_writer
    assert commits <= appends // 2
    assert all(store.version(f"load/{n}") == per_writer for n in range(writers))


def test_a_driver_error_that_is_no_refusal_is_sqlalchemy_s_and_writes_nothing(
    store: SqlEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The error a caller saw from SQLAlchemy Core before, the transaction rolled back."""
    run = store._rows.run
    driver_error = store._writer_engine.dialect.loaded_dbapi.DatabaseError

    def failing(cursor: object, statement: str, parameters: object, *, many: bool = False) -> None:
        run(cursor, statement, parameters, many=many)
        if statement.startswith("INSERT INTO events"):
            raise driver_error("the disk said no")

    monkeypatch.setattr(store._rows, "run", failing)
    with pytest.raises(DBAPIError) as raised:
        store.append("failing", 0, [_event(1)])
    assert isinstance(raised.value.orig, driver_error)
    monkeypatch.undo()

    assert store.read("failing") == []
    assert store.append("failing", 0, [_event(2)]) == 1


def test_closing_waits_for_a_lone_append_committing_in_its_own_thread(
    store_target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_store(store_target)
    inserting, finish = threading.Event(), threading.Event()
    run = store._rows.run

    def slow(cursor: object, statement: str, parameters: object, *, many: bool = False) -> None:
        run(cursor, statement, parameters, many=many)
        if statement.startswith("INSERT INTO events"):
            inserting.set()
            assert finish.wait(30)

    monkeypatch.setattr(store._rows, "run", slow)
    outcome: list[object] = []
    appender = threading.Thread(
        target=lambda: outcome.append(store.append("closing", 0, [_event(1)]))
    )
    appender.start()
    assert inserting.wait(30)
    closer = threading.Thread(target=store.close)
    closer.start()
    closer.join(0.3)  # a bounded look: closing must still be waiting for the commit
    still_waiting = closer.is_alive()
    finish.set()
    appender.join(30)
    closer.join(30)

    assert still_waiting
    assert outcome == [1]
    with pytest.raises(PokerfloorError) as refused:
        store.append("closing", 1, [_event(2)])
    assert refused.value.code == "STORE_CLOSED"
    reopened = open_store(store_target)
    try:
        assert [item.seq for item in reopened.read("closing")] == [1]
    finally:
        reopened.close()


def test_an_append_queues_behind_a_busy_writer_thread_instead_of_overtaking_it(
    store: SqlEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the writer thread holds queued appends, a new append joins its next batch
    rather than committing alone in its own thread (which would starve that batch)."""
    threads: set[int | None] = set()
    run = store._rows.run

    def seen(cursor: object, statement: str, parameters: object, *, many: bool = False) -> None:
        threads.add(threading.get_ident())
        run(cursor, statement, parameters, many=many)

    monkeypatch.setattr(store._rows, "run", seen)
    store._writer_busy = True  # as the writer thread sets it when it takes a request

    assert store.append("busy", 0, [_event(0)]) == 1
    assert threads == {store._thread.ident}
    assert not store._writer_busy  # the writer thread's batch is over


def test_a_postgresql_connection_lost_while_kept_is_replaced_and_the_append_lands(
    store: SqlEventStore,
) -> None:
    """The writer keeps its PostgreSQL connection between batches (no ping per
    transaction): one the server dropped meanwhile is found before the commit, replaced, and
    the batch written on the new one, as the pool's ping did for each batch before."""
    if not store._rows.postgresql:
        pytest.skip("SQLite's writer returns its connection to the pool after each batch")
    assert store.append("kept", 0, [_event(1)]) == 1
    kept_pid = store._kept.driver_connection.info.backend_pid
    with store.engine.connect() as connection:
        connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": kept_pid})

    assert store.append("kept", 1, [_event(2)]) == 2
    assert store._kept.driver_connection.info.backend_pid != kept_pid
    assert [item.seq for item in store.read("kept")] == [1, 2]
