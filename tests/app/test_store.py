"""The durable event store, on SQLite and on PostgreSQL (see conftest.py)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import msgspec
import pytest
from sqlalchemy import text

from pokerfloor.app.ports import EventStore, Snapshot
from pokerfloor.app.store import SqlEventStore, open_store, resolve_url
from pokerfloor.errors import PokerfloorError


def _event(number: int) -> tuple[str, bytes]:
    return ("chips_counted", msgspec.json.encode({"number": number, "chips": 1000 * number}))


def _in_threads(count: int, work: Callable[[int], object]) -> list[object]:
    start = threading.Barrier(count)

    def run(index: int) -> object:
        start.wait()
        return work(index)

    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(run, range(count)))


def test_the_sql_store_provides_the_event_store_port(store: SqlEventStore) -> None:
    port: EventStore = store
    assert port.version("tournament/none") == 0


def test_appended_events_read_back_as_written(store: SqlEventStore) -> None:
    before_ms = int(time.time() * 1000)
    new_version = store.append("tournament/1", 0, [_event(1), ("player_registered", b'{"a":1}')])

    events = store.read("tournament/1")

    assert new_version == 2
    assert [(event.seq, event.type, event.data) for event in events] == [
        (1, "chips_counted", b'{"number":1,"chips":1000}'),
        (2, "player_registered", b'{"a":1}'),
    ]
    assert all(event.stream_id == "tournament/1" for event in events)
    assert all(before_ms <= event.recorded_at_ms <= time.time() * 1000 for event in events)
    assert all(type(event.data) is bytes for event in events)


def test_an_unknown_stream_is_empty_at_version_zero(store: SqlEventStore) -> None:
    assert store.read("tournament/unknown") == []
    assert store.version("tournament/unknown") == 0
    assert store.load_snapshot("tournament/unknown") is None


def test_each_append_moves_the_version_by_its_number_of_events(store: SqlEventStore) -> None:
    assert store.append("t", 0, [_event(1)]) == 1
    assert store.append("t", 1, [_event(2), _event(3), _event(4)]) == 4
    assert store.version("t") == 4


def test_an_append_at_a_stale_version_is_a_conflict_and_writes_nothing(
    store: SqlEventStore,
) -> None:
    store.append("t", 0, [_event(1), _event(2)])

    for stale in (0, 1, 3):
        with pytest.raises(PokerfloorError) as refused:
            store.append("t", stale, [_event(99)])
        assert refused.value.code == "VERSION_CONFLICT"
        assert refused.value.params == {
            "stream_id": "t",
            "expected_version": stale,
            "actual_version": 2,
        }

    assert [event.seq for event in store.read("t")] == [1, 2]
    assert store.append("t", 2, [_event(3)]) == 3


def test_two_threads_racing_on_one_stream_exactly_one_wins(store: SqlEventStore) -> None:
    for round_no in range(20):
        stream_id = f"race/{round_no}"

        def contend(index: int, stream_id: str = stream_id) -> object:
            try:
                return store.append(stream_id, 0, [_event(index)])
            except PokerfloorError as error:
                return error.code

        outcomes = _in_threads(2, contend)

        assert sorted(map(str, outcomes)) == ["1", "VERSION_CONFLICT"]
        assert len(store.read(stream_id)) == 1


def test_read_after_seq_returns_only_the_later_events_in_order(store: SqlEventStore) -> None:
    for number in range(1, 11):
        store.append("t", number - 1, [_event(number)])

    assert [event.seq for event in store.read("t", after_seq=7)] == [8, 9, 10]
    assert store.read("t", after_seq=10) == []
    numbers = [msgspec.json.decode(event.data)["number"] for event in store.read("t")]
    assert numbers == list(range(1, 11))


def test_many_streams_keep_their_own_sequences_and_are_listed_by_prefix(
    store: SqlEventStore,
) -> None:
    for number in range(30):
        stream_id = f"tournament/{number:02d}" if number % 3 else f"table/{number:02d}"
        store.append(stream_id, 0, [_event(number)] * (number % 4 + 1))

    assert store.version("tournament/07") == 4
    assert [event.seq for event in store.read("tournament/05")] == [1, 2]
    assert store.streams("table/") == [f"table/{n:02d}" for n in range(0, 30, 3)]
    assert len(store.streams("tournament/")) == 20
    assert len(store.streams()) == 30
    assert store.streams("nothing/") == []


def test_stream_prefixes_are_exact_not_patterns(store: SqlEventStore) -> None:
    for stream_id in ("a%b/1", "axb/1", "A%B/1", "a_b/1"):
        store.append(stream_id, 0, [_event(1)])

    assert store.streams("a%") == ["a%b/1"]
    assert store.streams("a_") == ["a_b/1"]
    assert store.streams("A") == ["A%B/1"]


def test_the_latest_snapshot_wins(store: SqlEventStore) -> None:
    store.append("t", 0, [_event(n) for n in range(1, 21)])

    store.save_snapshot("t", 5, b'{"at":5}')
    store.save_snapshot("t", 15, b'{"at":15}')
    store.save_snapshot("t", 10, b'{"at":10}')  # older than the one kept: not the latest

    assert store.load_snapshot("t") == Snapshot(stream_id="t", seq=15, data=b'{"at":15}')
    store.save_snapshot("t", 15, b'{"at":15,"again":true}')
    assert store.load_snapshot("t") == Snapshot("t", 15, b'{"at":15,"again":true}')


def test_a_snapshot_beyond_the_stream_is_refused(store: SqlEventStore) -> None:
    store.append("t", 0, [_event(1)])

    with pytest.raises(PokerfloorError) as refused:
        store.save_snapshot("t", 2, b"{}")

    assert refused.value.code == "SNAPSHOT_AHEAD_OF_STREAM"
    assert store.load_snapshot("t") is None


def test_reopening_the_store_keeps_every_event_and_snapshot(store_target: str) -> None:
    first = open_store(store_target)
    first.append("tournament/1", 0, [_event(n) for n in range(1, 6)])
    first.append("tournament/2", 0, [_event(1)])
    first.save_snapshot("tournament/1", 4, b'{"state":4}')
    first.close()

    reopened = open_store(store_target)
    try:
        assert reopened.version("tournament/1") == 5
        assert [event.seq for event in reopened.read("tournament/1")] == [1, 2, 3, 4, 5]
        assert reopened.streams() == ["tournament/1", "tournament/2"]
        assert reopened.load_snapshot("tournament/1") == Snapshot("tournament/1", 4, b'{"state":4}')
        with pytest.raises(PokerfloorError, match="version"):
            reopened.append("tournament/1", 4, [_event(6)])
        assert reopened.append("tournament/1", 5, [_event(6)]) == 6
    finally:
        reopened.close()


def test_commits_are_durable_wal_and_synchronous_full_or_synchronous_commit(
    store: SqlEventStore,
) -> None:
    store.append("t", 0, [_event(1)])  # the writer's connection is open too
    for engine in (store.engine, store._writer_engine):  # what readers and the writer use
        with engine.connect() as connection:
            if connection.dialect.name == "sqlite":
                assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
                assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
                busy_timeout_ms = connection.exec_driver_sql("PRAGMA busy_timeout").scalar()
                assert isinstance(busy_timeout_ms, int)
                assert busy_timeout_ms >= 1000
            else:
                assert connection.execute(text("SHOW synchronous_commit")).scalar() == "on"
                assert connection.execute(text("SHOW fsync")).scalar() == "on"


def test_eight_threads_of_two_hundred_appends_all_land_exactly_once(
    store: SqlEventStore,
) -> None:
    def write(thread_no: int) -> object:
        stream_id = f"writer/{thread_no}"
        for number in range(200):
            assert store.append(stream_id, number, [_event(number)]) == number + 1
        return stream_id

    streams = _in_threads(8, write)

    for stream_id in streams:
        events = store.read(str(stream_id))
        assert [event.seq for event in events] == list(range(1, 201))
        assert [msgspec.json.decode(event.data)["number"] for event in events] == list(range(200))
    assert store.stats.appends == 1600
    assert store.stats.commits <= 1600


def test_a_failed_append_in_a_group_commit_does_not_lose_the_others(
    store: SqlEventStore,
) -> None:
    store.append("shared", 0, [_event(0)])

    def write(thread_no: int) -> object:
        outcomes: list[object] = []
        for number in range(50):
            try:
                outcomes.append(store.append(f"own/{thread_no}", number, [_event(number)]))
            except PokerfloorError as error:
                outcomes.append(error.code)
            try:  # always stale: every one of these must fail alone
                store.append("shared", 0, [_event(number)])
            except PokerfloorError as error:
                outcomes.append(error.code)
        return outcomes

    outcomes = _in_threads(8, write)

    for thread_outcomes in outcomes:
        assert isinstance(thread_outcomes, list)
        assert thread_outcomes[0::2] == list(range(1, 51))
        assert thread_outcomes[1::2] == ["VERSION_CONFLICT"] * 50
    assert store.version("shared") == 1
    assert all(store.version(f"own/{n}") == 50 for n in range(8))


def test_appends_in_one_batch_on_one_stream_are_checked_in_order(store: SqlEventStore) -> None:
    def write(index: int) -> object:
        try:
            return store.append("one", 0, [_event(index)])
        except PokerfloorError as error:
            return error.code

    outcomes = _in_threads(16, write)

    assert sorted(map(str, outcomes)) == ["1"] + ["VERSION_CONFLICT"] * 15
    assert store.version("one") == 1


def test_another_store_on_the_same_database_is_seen_as_a_conflict(store_target: str) -> None:
    first = open_store(store_target)
    second = open_store(store_target)
    try:
        first.append("t", 0, [_event(1)])
        assert second.append("t", 1, [_event(2)]) == 2
        with pytest.raises(PokerfloorError) as refused:
            first.append("t", 1, [_event(3)])  # its cache says 1, the database says 2
        assert refused.value.code == "VERSION_CONFLICT"
        assert first.append("t", 2, [_event(3)]) == 3
        assert [event.seq for event in second.read("t")] == [1, 2, 3]
    finally:
        first.close()
        second.close()


def test_migrations_run_once_and_reopening_is_idempotent(store_target: str) -> None:
    for _ in range(3):
        opened = open_store(store_target)
        with opened.engine.connect() as connection:
            revisions = connection.execute(
                text("SELECT version_num FROM pokerfloor_schema_version")
            ).all()
        opened.close()
        assert [row[0] for row in revisions] == ["0001"]


def test_bad_input_is_refused_with_a_code_and_nothing_is_written(store: SqlEventStore) -> None:
    bad_calls: list[tuple[str, Callable[[], object]]] = [
        ("INVALID_STREAM_ID", lambda: store.append("", 0, [_event(1)])),
        ("INVALID_STREAM_ID", lambda: store.append("x" * 256, 0, [_event(1)])),
        ("INVALID_VERSION", lambda: store.append("t", -1, [_event(1)])),
        ("INVALID_EVENT", lambda: store.append("t", 0, [("", b"{}")])),
        ("INVALID_EVENT", lambda: store.append("t", 0, [("x", "not bytes")])),  # type: ignore[list-item]
        ("INVALID_VERSION", lambda: store.save_snapshot("t", -3, b"{}")),
    ]
    for code, call in bad_calls:
        with pytest.raises(PokerfloorError) as refused:
            call()
        assert refused.value.code == code
    assert store.streams() == []


def test_a_closed_store_refuses_writes(store_target: str) -> None:
    closed = open_store(store_target)
    closed.close()
    closed.close()

    with pytest.raises(PokerfloorError) as refused:
        closed.append("t", 0, [_event(1)])
    assert refused.value.code == "STORE_CLOSED"


def test_where_the_store_lives(tmp_path: object) -> None:
    assert resolve_url(None).get_backend_name() == "sqlite"
    assert str(resolve_url(None).database).endswith("pokerfloor.db")
    assert resolve_url("some/dir/to.db").database == "some/dir/to.db"
    assert resolve_url("postgresql://u@h/db").drivername == "postgresql+psycopg"
    with pytest.raises(PokerfloorError) as refused:
        resolve_url("mysql://u@h/db")
    assert refused.value.code == "UNSUPPORTED_DATABASE"
