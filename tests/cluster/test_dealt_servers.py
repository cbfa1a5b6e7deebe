"""Issue 32, item 1 for the dealt tables, in one process: two ``DealtService`` stand for two
servers, each on its own connection pool to one real PostgreSQL database.

- a player's action sent to a server whose table is stale is decided on the table caught up
  from the store (a race between two servers is refused ``VERSION_CONFLICT`` by the store and
  decided again, once);
- the action clock's expiry is written once cluster-wide: the table's dealer (the server that
  appended last) times out at the deadline, another server only after ``TAKEOVER_MS`` of
  silence, and its stale firing is refused by the expected version;
- a catch-up pushes the other server's events to this server's table subscribers, in order.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator

import pytest

from pokerfloor.app._dealt_cluster import TAKEOVER_MS, TableEvent
from pokerfloor.app._postgres import TemporaryPostgres
from pokerfloor.app.dealt_service import DealtService, table_stream_id
from pokerfloor.app.service import TournamentService
from pokerfloor.app.store import SqlEventStore, open_store
from pokerfloor.hand import Action
from tests.dealt._sitngo import FakeClock, sit_and_go

TID = "sng"
_numbers = itertools.count(1)


@pytest.fixture
def two_servers(
    postgres_server: TemporaryPostgres,
) -> Iterator[tuple[DealtService, DealtService, FakeClock, SqlEventStore]]:
    database = postgres_server.create_database(f"cluster_dealt_{next(_numbers)}")
    first, second = open_store(database), open_store(database)
    clock = FakeClock()
    a, _ = sit_and_go(4, store=first, clock=clock)
    a.tournaments.catch_up_first = True  # what ``serve`` sets on PostgreSQL
    b = DealtService(TournamentService(second, clock, catch_up_first=True))
    yield a, b, clock, first
    first.close()
    second.close()


def stored_types(store: SqlEventStore) -> list[str]:
    return [item.type for item in store.read(table_stream_id(TID, 1))]


def player_to_act(dealt: DealtService) -> str:
    seat_no = dealt.table(TID, 1).to_act_seat()
    return dealt.tournaments.read(TID, lambda t: t.tables[1].seats[seat_no])


def test_item1_dealt_action_on_a_stale_server_is_decided_caught_up_and_pushed_to_the_other(
    two_servers: tuple[DealtService, DealtService, FakeClock, SqlEventStore],
) -> None:
    a, b, _clock, store = two_servers
    loop = asyncio.new_event_loop()
    try:
        queue = a.subscribe_table(TID, 1, loop)
        assert b.table(TID, 1).dealt is None  # b holds the table before the deal
        assert a.tick(TID) == 1  # a deals hand 1
        player = player_to_act(a)
        dealt = len(store.read(table_stream_id(TID, 1)))
        events = b.act(TID, player, Action("fold"))  # b's table was stale: caught up first
        assert events and b.conflicts == 0
        stored = store.read(table_stream_id(TID, 1))
        assert len(stored) == dealt + len(events)  # the deal, then the fold once
        assert a.catch_up(f"{TID}/table/1") == len(events)  # what the bus makes a do
        assert a.table(TID, 1).hand_events == b.table(TID, 1).hand_events
        loop.run_until_complete(asyncio.sleep(0))
        seen: list[TableEvent] = []
        while not queue.empty():
            seen.append(queue.get_nowait())
        assert [item.seq for item in seen] == [item.seq for item in stored]
        assert [item.type for item in seen] == [item.type for item in stored]
        assert seen[-1].line.startswith(b'{"seq":%d,"type":' % stored[-1].seq)
    finally:
        loop.close()


def test_item1_dealt_action_clock_expiry_is_written_once_cluster_wide(
    two_servers: tuple[DealtService, DealtService, FakeClock, SqlEventStore],
) -> None:
    a, b, clock, store = two_servers
    assert a.tick(TID) == 1  # a deals: a is the table's dealer
    b.table(TID, 1)  # b follows the table
    seat_no = a.table(TID, 1).to_act_seat()
    deadline = a.table(TID, 1).deadline_ms(seat_no)
    assert deadline is not None
    clock.now = deadline
    assert b.tick(TID) == 0  # not b's table: it waits for its dealer
    assert a.tick(TID) == 1  # the dealer times the player out at the deadline
    assert stored_types(store).count("action_timed_out") == 1
    clock.now = deadline + TAKEOVER_MS
    b.tick(TID)  # b, stale, fires the same expiry: refused as stale, b caught up
    assert b.conflicts == 1
    assert stored_types(store).count("action_timed_out") == 1
    assert b.table(TID, 1).hand_events == a.table(TID, 1).hand_events

    # The dealer dies (a ticks no more): b takes the table over after the grace only.
    after = b.table(TID, 1)
    next_seat = after.to_act_seat()
    next_deadline = after.deadline_ms(next_seat)
    assert next_deadline is not None
    clock.now = next_deadline
    b.tick(TID)
    assert stored_types(store).count("action_timed_out") == 1
    clock.now = next_deadline + TAKEOVER_MS
    assert b.tick(TID) >= 1
    assert stored_types(store).count("action_timed_out") == 2
