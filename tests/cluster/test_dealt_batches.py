"""Issue 32, item 5: the batched dealer, on a real PostgreSQL database. Two ``DealtService``
stand for two servers, each on its own store (its own connection pool and writer).

- one dealer pass stores the due command of every table in ONE transaction;
- a table another server appended to in between fails alone inside the batch: it is caught
  up (read after the version held) and decided once more, the other tables are stored;
- a table nobody watches on a server is not read at each announcement of the other
  server's appends, only when it is used;
- the spectators' setting, held by each server, follows the TD's choice made on another.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator

import pytest

from pokerfloor.app._dealt_cluster import TAKEOVER_MS
from pokerfloor.app._postgres import TemporaryPostgres
from pokerfloor.app.bus import StreamSync
from pokerfloor.app.dealt_service import DealtService, table_stream_id
from pokerfloor.app.dealt_spectators import DealtSpectators, spectators_stream_id
from pokerfloor.app.service import TournamentService
from pokerfloor.app.store import SqlEventStore, open_store
from pokerfloor.dealt import DealtTable
from pokerfloor.dealt.spectators import SpectatorPolicy
from pokerfloor.hand import Action
from tests.dealt._multi import multi_table
from tests.dealt._sitngo import FakeClock

TID = "mtt"
_numbers = itertools.count(1)

Servers = tuple[DealtService, DealtService, FakeClock, SqlEventStore, SqlEventStore]


@pytest.fixture
def two_servers(postgres_server: TemporaryPostgres) -> Iterator[Servers]:
    """27 bots at three 9-seat tables; server ``a`` built the tournament."""
    database = postgres_server.create_database(f"dealt_batches_{next(_numbers)}")
    first, second = open_store(database), open_store(database)
    clock = FakeClock()
    a, _ = multi_table(27, table_size=9, store=first, clock=clock)
    a.tournaments.catch_up_first = True  # what ``serve`` sets on PostgreSQL
    b = DealtService(TournamentService(second, clock, catch_up_first=True))
    yield a, b, clock, first, second
    first.close()
    second.close()


def versions(store: SqlEventStore) -> list[int]:
    return [store.version(table_stream_id(TID, n)) for n in (1, 2, 3)]


def test_item5_one_dealer_pass_stores_every_table_in_one_transaction(
    two_servers: Servers,
) -> None:
    a, _b, clock, store, _ = two_servers
    before = store.stats.commits
    assert a.tick(TID) == 3  # the three deals
    assert store.stats.commits == before + 1
    clock.now += 1_000
    assert a.tick(TID) == 3  # a bot acts at each table
    assert store.stats.commits == before + 2
    assert all(version > 1 for version in versions(store))


def test_item5_a_table_overtaken_inside_the_batch_fails_alone_and_is_caught_up(
    two_servers: Servers,
) -> None:
    a, b, clock, store, _ = two_servers
    assert a.tick(TID) == 3  # a deals every table: their dealer
    stored_before = versions(store)
    table = b.table(TID, 2)  # b holds table 2, then its player acts there (b's append)
    player = b.tournaments.read(TID, lambda t: t.tables[2].seats[table.to_act_seat()])
    b.act(TID, player, Action("fold"))
    after_b = store.version(table_stream_id(TID, 2))
    clock.now += 1_000

    done = a.tick(TID)  # a decided table 2 on its stale copy: refused alone

    assert done == 2 and a.conflicts == 1
    stored = versions(store)
    assert stored[0] > stored_before[0] and stored[2] > stored_before[2]
    assert stored[1] == after_b  # a's stale decision was not written; b's action stays
    replayed = DealtTable.replay(
        a._table(TID, 2).table.events  # the copy a caught up ...
    )
    from_store = b.table(TID, 2)  # ... is the stream's
    assert replayed.hand_events == from_store.hand_events
    assert a._table(TID, 2).version == after_b
    assert a.tick(TID) == 2  # table 2 is b's now (it appended last): a leaves it


def test_item5_a_table_nobody_watches_is_read_when_used_not_at_each_announcement(
    two_servers: Servers,
) -> None:
    a, b, clock, store, _ = two_servers
    a.tick(TID)
    b.table(TID, 1)  # b holds table 1 (read once), nobody watches it on b
    held = b._table(TID, 1).version
    clock.now += 1_000
    a.tick(TID)
    announced = store.version(table_stream_id(TID, 1))

    assert b.catch_up(f"{TID}/table/1", announced) == 0  # noted, not read
    assert b._loaded[TID].tables[1].version == held
    assert f"{TID}/table/1" not in b.loaded_ids()  # the poller leaves it alone too

    assert b.table(TID, 1).hand_events == a.table(TID, 1).hand_events  # read when used
    assert b._loaded[TID].tables[1].version == announced


def test_item5_a_table_watched_on_a_server_is_caught_up_at_each_announcement(
    two_servers: Servers,
) -> None:
    a, b, clock, store, _ = two_servers
    a.tick(TID)
    loop = asyncio.new_event_loop()
    try:
        queue = b.subscribe_table(TID, 1, loop)
        clock.now += 1_000
        a.tick(TID)
        announced = store.version(table_stream_id(TID, 1))

        assert b.catch_up(f"{TID}/table/1", announced) >= 1
        assert f"{TID}/table/1" in b.loaded_ids()
        loop.run_until_complete(asyncio.sleep(0))
        assert queue.qsize() >= 1
    finally:
        loop.close()


def test_item3_the_spectators_setting_chosen_on_one_server_is_seen_on_the_other(
    two_servers: Servers,
) -> None:
    a, b, _clock, store, _ = two_servers
    on_a, on_b = DealtSpectators(a), DealtSpectators(b)
    assert not on_b.policy(TID).allowed  # b holds the setting from now on

    on_a.choose(TID, SpectatorPolicy(allowed=True, delay_seconds=60))
    version = store.version(spectators_stream_id(TID))
    assert b.catch_up(f"{TID}/spectators", version) == 1  # the bus's announcement

    assert on_b.policy(TID) == SpectatorPolicy(allowed=True, delay_seconds=60)

    on_a.choose(TID, SpectatorPolicy(allowed=False))
    StreamSync({"dealt/": b}, None).sweep()  # no bus: the poller's sweep
    assert not on_b.policy(TID).allowed


def test_item5_the_hands_finished_in_one_pass_are_recorded_by_one_append(
    postgres_server: TemporaryPostgres,
) -> None:
    store = open_store(postgres_server.create_database(f"dealt_batches_{next(_numbers)}"))
    clock = FakeClock()
    a, _ = multi_table(81, table_size=9, store=store, clock=clock)  # nine tables
    a.tournaments.catch_up_first = True
    for _pass in range(100):
        recorded = a.tournaments.read(TID, lambda t: sum(t.hands_at.values()))
        commits = store.stats.commits
        clock.now += 1_000
        a.tick(TID)
        finished = a.tournaments.read(TID, lambda t: sum(t.hands_at.values())) - recorded
        if finished >= 2:
            break
    else:
        pytest.fail("no pass finished two hands")
    assert store.stats.commits - commits == 2  # the tables' batch, then the hands' record
    store.close()


def test_item5_a_slow_dealer_pass_lengthens_the_takeover_delay(two_servers: Servers) -> None:
    """A loaded server whose pass over its tables takes 2 s waits twice that before it takes
    a table over from another dealer (slow is not dead); ``TAKEOVER_MS`` stays the floor."""
    a, b, clock, _store, _ = two_servers
    a.tick(TID)  # a deals every table: their dealer
    b.table(TID, 1)  # b holds table 1, dealt by a
    b.tick(TID)
    assert b.cluster.grace_ms(TID, 1) is None
    clock.now += TAKEOVER_MS
    assert b.cluster.grace_ms(TID, 1) == TAKEOVER_MS  # quiet long enough: b may take it over

    b.cluster.pass_ms = 2_000  # b's last pass took 2 s (its clock, under load)
    assert b.cluster.grace_ms(TID, 1) is None
    clock.now += 4_000 - TAKEOVER_MS
    assert b.cluster.grace_ms(TID, 1) == 4_000


def test_item5_a_table_read_on_a_server_without_the_bus_is_current(two_servers: Servers) -> None:
    """No announcement reached b (no bus) and nobody follows the table on b: reading it
    catches it up from the store, the poller being no longer asked to."""
    a, b, clock, _store, _ = two_servers
    a.tick(TID)
    b.table(TID, 1)
    clock.now += 1_000
    a.tick(TID)

    assert b.table(TID, 1).hand_events == a.table(TID, 1).hand_events
