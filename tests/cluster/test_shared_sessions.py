"""Issue 32, item 2, in one process: two ``SharedSessions`` stand for two servers, each on its
own connection pool to one real PostgreSQL database. A session opened on one is valid on the
other (the cookie read there first reads the stream), a logout on either ends it on both (what
the bus's announcement or the poll makes the other do), a new TD token ends them all, and a
server started later knows them."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator

import pytest

from pokerfloor.app._postgres import TemporaryPostgres
from pokerfloor.app.store import SqlEventStore, open_store
from pokerfloor.web.shared_sessions import MISS_READ_S, SESSIONS_STREAM, SharedSessions

_numbers = itertools.count(1)


@pytest.fixture
def two_stores(postgres_server: TemporaryPostgres) -> Iterator[tuple[SqlEventStore, SqlEventStore]]:
    database = postgres_server.create_database(f"cluster_sessions_{next(_numbers)}")
    first, second = open_store(database), open_store(database)
    yield first, second
    first.close()
    second.close()


def test_item2_td_session_opened_on_one_server_is_valid_on_the_other_and_ends_on_both(
    two_stores: tuple[SqlEventStore, SqlEventStore],
) -> None:
    first, second = two_stores
    a, b = SharedSessions(first), SharedSessions(second)
    session = a.open()
    assert a.check(session)
    assert b.check(session)  # unknown here a moment ago: the stream read once
    b.revoke(session)  # the logout through b
    assert not b.check(session)
    assert a.catch_up("") == 1  # what the bus makes a do
    assert not a.check(session)

    kept = a.open()
    time.sleep(MISS_READ_S)
    assert b.check(kept)
    assert SharedSessions(second).check(kept)  # a server started later
    b.revoke_all()  # a new TD token
    a.catch_up("")
    assert not a.check(kept) and not b.check(kept)
    assert not b.check("not-a-session")
    assert [item.type for item in first.read(SESSIONS_STREAM)] == [
        "session_opened",
        "session_revoked",
        "session_opened",
        "sessions_revoked",
    ]
