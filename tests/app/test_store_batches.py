"""Batched appends (``append_many``, issue 32 item 5): many streams in one durable
transaction, each append checked on its own; on SQLite, on a real PostgreSQL server (see
conftest.py) and in the memory store."""

from __future__ import annotations

import msgspec
import pytest

from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.ports import EventStore
from pokerfloor.app.store import MAX_BATCH_APPENDS, SqlEventStore, open_store
from pokerfloor.errors import PokerfloorError


def _event(number: int) -> tuple[str, bytes]:
    return ("chips_counted", msgspec.json.encode({"number": number}))


def _numbers(store: EventStore, stream_id: str) -> list[int]:
    return [msgspec.json.decode(item.data)["number"] for item in store.read(stream_id)]


def test_append_many_writes_every_stream_in_one_transaction(store: SqlEventStore) -> None:
    store.append("table/2", 0, [_event(20)])
    before = store.stats.commits

    count = MAX_BATCH_APPENDS + 100  # more than the writer gathers from separate appends

    outcomes = store.append_many(
        [(f"table/{n}", 1 if n == 2 else 0, [_event(n), _event(n + 10_000)]) for n in range(count)]
    )

    assert outcomes == [3 if n == 2 else 2 for n in range(count)]
    assert store.stats.commits == before + 1  # one flush acknowledged them all
    assert _numbers(store, "table/2") == [20, 2, 10_002]
    assert all(_numbers(store, f"table/{n}") == [n, n + 10_000] for n in (1, 150, count - 1))


def test_a_conflict_inside_a_batch_fails_alone_and_writes_nothing(
    store: SqlEventStore,
) -> None:
    store.append("table/1", 0, [_event(1)])
    store.append("table/2", 0, [_event(2)])

    outcomes = store.append_many(
        [("table/1", 1, [_event(11)]), ("table/2", 0, [_event(22)]), ("table/3", 0, [_event(3)])]
    )

    assert outcomes[0] == 2 and outcomes[2] == 1
    refusal = outcomes[1]
    assert isinstance(refusal, PokerfloorError) and refusal.code == "VERSION_CONFLICT"
    assert refusal.params["actual_version"] == 1
    assert _numbers(store, "table/2") == [2]
    assert _numbers(store, "table/1") == [1, 11]


def test_another_server_s_append_conflicts_inside_the_batch_only(store_target: str) -> None:
    """Two stores on one database (two servers): the first's cache of ``table/2`` is stale,
    the database's key refuses the transaction, which is retried with the database's versions:
    only ``table/2`` is refused; nothing acknowledged is lost."""
    first = open_store(store_target)
    second = open_store(store_target)
    try:
        first.append_many([("table/1", 0, [_event(1)]), ("table/2", 0, [_event(2)])])
        assert second.append("table/2", 1, [_event(200)]) == 2

        outcomes = first.append_many([("table/1", 1, [_event(10)]), ("table/2", 1, [_event(20)])])

        assert outcomes[0] == 2
        assert isinstance(outcomes[1], PokerfloorError)
        assert outcomes[1].code == "VERSION_CONFLICT"
        assert _numbers(second, "table/1") == [1, 10]
        assert _numbers(second, "table/2") == [2, 200]
        assert first.append_many([("table/2", 2, [_event(20)])]) == [3]
    finally:
        first.close()
        second.close()


def test_two_appends_to_one_stream_in_a_batch_are_checked_in_order(
    store: SqlEventStore,
) -> None:
    outcomes = store.append_many(
        [("t", 0, [_event(1)]), ("t", 0, [_event(2)]), ("t", 1, [_event(3)])]
    )

    assert outcomes[0] == 1 and outcomes[2] == 2
    assert isinstance(outcomes[1], PokerfloorError)
    assert _numbers(store, "t") == [1, 3]


def test_a_bad_append_refuses_the_whole_batch_before_anything_is_written(
    store: SqlEventStore,
) -> None:
    with pytest.raises(PokerfloorError) as refused:
        store.append_many([("t", 0, [_event(1)]), ("", 0, [_event(2)])])

    assert refused.value.code == "INVALID_STREAM_ID"
    assert store.version("t") == 0


def test_a_closed_store_refuses_a_batch(store_target: str) -> None:
    store = open_store(store_target)
    store.close()

    with pytest.raises(PokerfloorError) as refused:
        store.append_many([("t", 0, [_event(1)])])

    assert refused.value.code == "STORE_CLOSED"


def test_the_memory_store_checks_each_append_of_a_batch() -> None:
    store = MemoryEventStore()
    store.append("table/2", 0, [_event(2)])

    outcomes = store.append_many(
        [("table/1", 0, [_event(1)]), ("table/2", 0, [_event(22)]), ("table/1", 1, [_event(11)])]
    )

    assert outcomes[0] == 1 and outcomes[2] == 2
    assert isinstance(outcomes[1], PokerfloorError) and outcomes[1].code == "VERSION_CONFLICT"
    assert _numbers(store, "table/1") == [1, 11]
    assert _numbers(store, "table/2") == [2]


def test_read_many_reads_every_stream_asked_in_one_answer(store: SqlEventStore) -> None:
    count = MAX_BATCH_APPENDS + 20  # more than one IN list
    store.append_many([(f"table/{n}", 0, [_event(n), _event(-n)]) for n in range(count)])
    store.append("other", 0, [_event(7)])

    found = store.read_many([f"table/{n}" for n in range(count)] + ["table/none"])

    assert sorted(found) == sorted(f"table/{n}" for n in range(count))
    assert [item.seq for item in found["table/3"]] == [1, 2]
    assert all(found[f"table/{n}"] == store.read(f"table/{n}") for n in (0, 250, count - 1))


def test_the_memory_store_reads_many_streams() -> None:
    store = MemoryEventStore()
    store.append("a", 0, [_event(1)])
    store.append("b", 0, [_event(2), _event(3)])

    found = store.read_many(["b", "a", "c"])

    assert {name: _numbers(store, name) for name in found} == {"a": [1], "b": [2, 3]}
    assert found["b"] == store.read("b")


def test_a_batch_s_events_come_back_byte_for_byte_whatever_their_ids_and_data(
    store: SqlEventStore,
) -> None:
    """On PostgreSQL a batch's rows go in one statement (arrays, the data cut from one byte
    string by offsets): odd stream ids and types, data of every length and byte, in order."""
    streams = ['table/"1"', "table/{2},x", "table/\\3 é", "table/NULL", "t"]
    datas = [b"", b"\x00\xff", '{"a":"\\"é"}'.encode(), bytes(range(256)) * 3, b"x" * 70_000]
    outcomes = store.append_many(
        [
            (stream, 0, [(f"type,{n}\"'", data), ("again", data[::-1])])
            for n, (stream, data) in enumerate(zip(streams, datas, strict=True))
        ]
    )
    assert outcomes == [2] * len(streams)
    for n, (stream, data) in enumerate(zip(streams, datas, strict=True)):
        stored = store.read(stream)
        assert [(item.seq, item.type, item.data) for item in stored] == [
            (1, f"type,{n}\"'", data),
            (2, "again", data[::-1]),
        ]


def test_a_batch_s_rows_go_to_postgresql_in_one_statement_not_one_per_row(
    store: SqlEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 32 item 5: the driver's executemany sent a statement per row (about 100 us of
    CPU each on the dealer's batches); SQLite keeps executemany (in-process). What reaches
    the driver is watched where the writer hands it over (``RowWriter.run``)."""
    inserts: list[bool] = []
    run = store._rows.run

    def seen(cursor: object, statement: str, parameters: object, *, many: bool = False) -> None:
        if statement.startswith("INSERT INTO events"):
            inserts.append(many)
        run(cursor, statement, parameters, many=many)

    monkeypatch.setattr(store._rows, "run", seen)
    store.append_many([(f"table/{n}", 0, [_event(n), _event(n + 1)]) for n in range(50)])
    if store._rows.postgresql:
        assert inserts == [False]
    else:
        assert inserts == [True]
    assert _numbers(store, "table/49") == [49, 50]
