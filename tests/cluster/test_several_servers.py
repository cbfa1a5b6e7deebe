"""Issue 32, items 1 and 2, in one process: two services stand for two servers, each on its own
connection pool to one real PostgreSQL database (and a real ``redis-server`` for the bus).

- item 1: a stream has one writer at a time through the expected version of its appends; a
  conflict reloads the tournament from the store and decides the command again, once; a
  catch-up applies what the other process wrote and pushes it to this process's subscribers;
- item 2: the bus announces each append and the other process catches up from it; with Redis
  down, the store is polled every second and the screens still converge (logged once).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerfloor.app._postgres import TemporaryPostgres
from pokerfloor.app.bus import PublishingStore, RedisBus, StreamSync
from pokerfloor.app.club_commands import AddMember, CreateClub
from pokerfloor.app.club_service import ClubService
from pokerfloor.app.commands import CreateTournament, RegisterPlayer
from pokerfloor.app.ports import EventStore
from pokerfloor.app.service import PublishedEvent, TournamentService, stream_id
from pokerfloor.app.store import SqlEventStore, open_store
from pokerfloor.app.writer_lock import hold_writer_lock
from pokerfloor.cli.main import app
from pokerfloor.errors import PokerfloorError
from tests.cluster.redis_process import RedisProcess

NOW = 1_700_000_000_000
_numbers = itertools.count(1)


@pytest.fixture
def database(postgres_server: TemporaryPostgres) -> str:
    return postgres_server.create_database(f"cluster_{next(_numbers)}")


@pytest.fixture
def two_stores(database: str) -> Iterator[tuple[SqlEventStore, SqlEventStore]]:
    first, second = open_store(database), open_store(database)
    yield first, second
    first.close()
    second.close()


def service_on(store: EventStore, catch_up_first: bool = False) -> TournamentService:
    return TournamentService(store, lambda: NOW, catch_up_first=catch_up_first)


class Subscriber:
    """A WebSocket subscriber's queue on its own event loop, read without a server."""

    def __init__(self, service: TournamentService, tournament_id: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.queue: asyncio.Queue[PublishedEvent] = service.subscribe(tournament_id, self.loop)
        self.seen: list[int] = []

    def drain(self) -> list[int]:
        self.loop.run_until_complete(asyncio.sleep(0))
        while not self.queue.empty():
            self.seen.append(self.queue.get_nowait().seq)
        return self.seen

    def close(self) -> None:
        self.loop.close()


def wait_until(condition: Callable[[], bool], seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def test_item1_a_conflicting_append_reloads_and_decides_the_command_again(
    two_stores: tuple[SqlEventStore, SqlEventStore],
) -> None:
    a, b = service_on(two_stores[0]), service_on(two_stores[1])
    a.execute("friday", CreateTournament("friday", "tda-2024", "club-evening"))
    assert b.version("friday") == 1  # B holds the tournament in memory
    watching_b = Subscriber(b, "friday")
    a.execute("friday", RegisterPlayer("P1", "Alice"))  # B did not hear of it

    b.execute("friday", RegisterPlayer("P2", "Bob"))  # its append conflicts: reload, again

    assert b.conflicts_retried == 1
    assert two_stores[0].version(stream_id("friday")) == 3
    assert b.read("friday", lambda t: sorted(p.name for p in t.players.values())) == [
        "Alice",
        "Bob",
    ]
    assert watching_b.drain() == [2, 3]  # Alice's registration too, then its own, in order
    watching_b.close()


def test_item1_a_new_registration_decided_on_stale_state_is_not_lost(
    two_stores: tuple[SqlEventStore, SqlEventStore],
) -> None:
    # The same player registered on both servers: the second is decided again on the stored
    # state and refused as the rules refuse a duplicate, never stored twice.
    a, b = service_on(two_stores[0]), service_on(two_stores[1])
    a.execute("friday", CreateTournament("friday", "tda-2024", "club-evening"))
    b.version("friday")
    a.execute("friday", RegisterPlayer("P1", "Alice"))
    with pytest.raises(PokerfloorError) as refused:
        b.execute("friday", RegisterPlayer("P1", "Alice"))
    assert refused.value.code != "VERSION_CONFLICT"
    assert two_stores[0].version(stream_id("friday")) == 2


def test_item1_catch_up_applies_and_pushes_what_another_process_stored(
    two_stores: tuple[SqlEventStore, SqlEventStore],
) -> None:
    a, b = service_on(two_stores[0]), service_on(two_stores[1])
    a.execute("friday", CreateTournament("friday", "tda-2024", "club-evening"))
    b.version("friday")
    watching_b = Subscriber(b, "friday")
    for number in range(1, 4):
        a.execute("friday", RegisterPlayer(f"P{number}", f"Player {number}"))

    assert b.catch_up("friday", 2) == 3  # the announced version is behind: all is read
    assert b.catch_up("friday", 4) == 0  # already held
    assert b.version("friday") == 4
    assert b.players_list("friday") == a.players_list("friday")
    assert watching_b.drain() == [2, 3, 4]
    watching_b.close()


def test_item1_with_catch_up_first_the_other_process_events_come_before_the_command(
    two_stores: tuple[SqlEventStore, SqlEventStore],
) -> None:
    a, b = service_on(two_stores[0]), service_on(two_stores[1], catch_up_first=True)
    a.execute("friday", CreateTournament("friday", "tda-2024", "club-evening"))
    b.version("friday")
    a.execute("friday", RegisterPlayer("P1", "Alice"))
    b.execute("friday", RegisterPlayer("P2", "Bob"))
    assert b.conflicts_retried == 0  # it read Alice's registration first: no conflict
    assert b.version("friday") == 3


def test_item1_postgresql_takes_no_database_wide_lock_and_sqlite_keeps_its_own(
    database: str, tmp_path: Path
) -> None:
    with hold_writer_lock(database), hold_writer_lock(database):
        pass  # two servers on one PostgreSQL database
    with hold_writer_lock(tmp_path / "club.db"), pytest.raises(PokerfloorError) as refused:
        hold_writer_lock(tmp_path / "club.db")
    assert refused.value.code == "DATABASE_IN_USE"


def test_item2_the_bus_is_refused_on_sqlite(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["serve", "--db", str(tmp_path / "club.db"), "--bus", "redis://127.0.0.1:1/0"]
    )
    assert result.exit_code == 2
    assert result.output.startswith("BAD_BUS:") and "PostgreSQL" in result.output


class Node:
    """One "server": a store, the bus, the service and its sync, as ``serve`` wires them."""

    def __init__(self, database: str, bus_url: str) -> None:
        self.inner = open_store(database)
        self.bus = RedisBus(bus_url)
        self.service = service_on(PublishingStore(self.inner, self.bus), catch_up_first=True)
        # No safety sweep while the bus is up: what arrives comes through the bus.
        self.sync = StreamSync({"tournament/": self.service}, self.bus, safety_sweep_s=3600)
        self.sync.start()

    def close(self) -> None:
        self.sync.close()
        self.inner.close()


def test_item2_an_append_on_one_server_is_pushed_by_the_other_through_the_bus(
    database: str, redis_server: RedisProcess
) -> None:
    a, b = Node(database, redis_server.url), Node(database, redis_server.url)
    try:
        assert wait_until(lambda: a.bus.up and b.bus.up)
        a.service.execute("friday", CreateTournament("friday", "tda-2024", "club-evening"))
        b.service.version("friday")
        watching_b = Subscriber(b.service, "friday")
        sweeps = b.sync.sweeps
        a.service.execute("friday", RegisterPlayer("P1", "Alice"))

        assert wait_until(lambda: watching_b.drain() == [2])
        assert b.sync.sweeps == sweeps  # not the poller: the bus
        assert b.bus.received >= 1 and a.bus.published >= 2
        watching_b.close()
    finally:
        a.close()
        b.close()


def test_item2_with_redis_down_the_servers_poll_the_store_and_converge(
    database: str, redis_server: RedisProcess, caplog: pytest.LogCaptureFixture
) -> None:
    a, b = Node(database, redis_server.url), Node(database, redis_server.url)
    try:
        assert wait_until(lambda: a.bus.up and b.bus.up)
        a.service.execute("friday", CreateTournament("friday", "tda-2024", "club-evening"))
        b.service.version("friday")
        watching_b = Subscriber(b.service, "friday")
        with caplog.at_level(logging.WARNING, logger="pokerfloor.app.bus"):
            redis_server.stop()
            assert wait_until(lambda: not a.bus.up and not b.bus.up)
            for number in range(1, 4):
                a.service.execute("friday", RegisterPlayer(f"P{number}", f"Player {number}"))
            assert wait_until(lambda: watching_b.drain() == [2, 3, 4])
            assert b.service.players_list("friday") == a.service.players_list("friday")
        down = [r for r in caplog.records if "cannot be reached" in r.getMessage()]
        assert len(down) == 2  # once per server for the whole outage, not once a second

        redis_server.start()  # back: pushes resume through the bus
        assert wait_until(lambda: a.bus.up and b.bus.up)
        a.service.execute("friday", RegisterPlayer("P4", "Player 4"))
        assert wait_until(lambda: watching_b.drain() == [2, 3, 4, 5])
        watching_b.close()
    finally:
        a.close()
        b.close()


def test_item1_clubs_too_a_conflict_is_decided_again_and_a_catch_up_pushes(
    two_stores: tuple[SqlEventStore, SqlEventStore],
) -> None:
    a = ClubService(two_stores[0], b"k" * 32, lambda: NOW)
    b = ClubService(two_stores[1], b"k" * 32, lambda: NOW)
    a.execute("hp", CreateClub(club_id="hp", name="Heaven"))
    assert b.version("hp") == a.version("hp")
    loop = asyncio.new_event_loop()
    queue = b.subscribe("hp", loop)
    a.execute("hp", AddMember(member_id="M1", name="Alice"))
    b.execute("hp", AddMember(member_id="M2", name="Bob"))  # conflicts: reloaded, again
    assert b.conflicts_retried == 1
    a.execute("hp", AddMember(member_id="M3", name="Carol"))
    assert b.catch_up("hp") == 1
    assert b.read("hp", lambda club: sorted(m.name for m in club.members.values())) == [
        "Alice",
        "Bob",
        "Carol",
    ]
    loop.run_until_complete(asyncio.sleep(0))
    seen = [queue.get_nowait().seq for _ in range(queue.qsize())]
    assert seen == list(range(a.version("hp") - 2, a.version("hp") + 1))
    loop.close()
