"""Issue 32, item 3: faults, for real. PostgreSQL, Redis and three ``pokerfloor serve`` on
loopback; a tournament (registrations, clock, hand reports, busts, balancing) is driven through
all three at once, so the servers race for the same stream; one is killed with SIGKILL under
load, then Redis is stopped while the two others keep going.

Checked at the end: the log is numbered 1..N without a gap; every acknowledged event is in it,
at its sequence number, with its content (and no two answers acknowledged the same number); no
late registration acknowledged is stored twice; the subscriber on each surviving server saw
every event, once and in order, and the one on the killed server, moved to a survivor with
``after_seq`` as a phone does, too; and what each survivor serves equals a replay of the log
(the polling took over from the stopped bus).
"""

from __future__ import annotations

import itertools
import json
import random
import signal
import time
from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest

from pokerfloor.app import read_models
from pokerfloor.app._postgres import TemporaryPostgres
from pokerfloor.tournament.state import Tournament
from tests.cluster.cluster_processes import Cluster, Subscriber, wait_until
from tests.cluster.redis_process import RedisProcess
from tests.web.load_sender import kill_under_load
from tests.web.test_crash import (
    DECODER,
    Ledger,
    Numbers,
    Sender,
    fetch_log,
    json_like,
    post,
    without_start,
)

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "SIGKILL"), reason="needs POSIX signals (SIGKILL)"
)

TID = "cluster"
PLAYERS_AT_START = 18
_numbers = itertools.count(1)


def set_up(cluster: Cluster, ledger: Ledger) -> None:
    """The tournament created on the first server, its set-up sent to the three in turn."""
    clients = [
        httpx.Client(base_url=s.url, headers=cluster.headers, timeout=30.0) for s in cluster.servers
    ]
    created = post(
        clients[0], "/api/tournaments", {"tournament_id": TID, "structure": "club-rebuy"}
    )
    assert created.status_code == 201, created.text
    ledger.acknowledged(TID, created.json())
    commands: list[dict[str, Any]] = [
        {"type": "register_player", "player_id": f"P{n:02d}", "name": f"Joueur {n}"}
        for n in range(1, PLAYERS_AT_START + 1)
    ]
    commands += [
        {"type": "draw_seats", "seed": 7},
        {"type": "place_buttons", "seed": 8},
        {"type": "start_clock"},
    ]
    for number, body in enumerate(commands):
        response = post(clients[number % 3], f"/api/tournaments/{TID}/commands", body)
        assert response.status_code == 200, response.text
        ledger.acknowledged(TID, response.json())
    for client in clients:
        client.close()


def senders_on(
    servers: list[Any], cluster: Cluster, ledger: Ledger, rng: random.Random, names: Numbers
) -> list[Sender]:
    return [
        Sender(server, cluster.token, TID, ledger, random.Random(rng.random()), names)
        for server in servers
    ]


def load_for(senders: list[Sender], seconds: float) -> None:
    for sender in senders:
        sender.thread.start()
    time.sleep(seconds)
    for sender in senders:
        sender.stop.set()
        sender.thread.join(timeout=60)
        assert not sender.thread.is_alive()
        if sender.error is not None:
            raise sender.error


def check_served(url: str, token: str, log: list[dict[str, Any]]) -> None:
    """What a server serves equals a replay of the log."""
    replayed = Tournament.replay(
        DECODER.decode(json.dumps({k: v for k, v in event.items() if k != "seq"})) for event in log
    )
    base = f"/api/tournaments/{TID}"
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {token}"}) as client:
        clock = client.get(f"{base}/clock").json()
        assert clock == json_like(read_models.clock_screen(replayed, clock["now_ms"]))
        seating = client.get(f"{base}/seating").json()
        now_ms = time.time_ns() // 1_000_000
        assert without_start(seating) == without_start(
            json_like(read_models.seating_chart(replayed, now_ms))
        )
        assert client.get(f"{base}/results").json() == json_like(read_models.results(replayed))


def test_item3_three_servers_one_killed_then_redis_stopped_lose_nothing(
    tmp_path: Path,
    postgres_server: TemporaryPostgres,
    redis_server: RedisProcess,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the TD token, shared
    database = postgres_server.create_database(f"cluster_crash_{next(_numbers)}")
    rng = random.Random(20_260_532)
    ledger = Ledger()
    names = Numbers()  # late registrations' ids, never reused
    cluster = Cluster(database, redis_server.url, tmp_path)
    a, b, c = cluster.servers
    subscribers: list[Subscriber] = []
    try:
        set_up(cluster, ledger)
        subscribers = [
            Subscriber([a.url], TID, cluster.token),
            Subscriber([b.url], TID, cluster.token),
            Subscriber([c.url, a.url], TID, cluster.token),  # a phone on the server killed
        ]
        assert all(s.connected.wait(30) for s in subscribers)

        # The three servers under load at once, the third killed with SIGKILL.
        kill_under_load(c, senders_on([a, b, c], cluster, ledger, rng, names), 4.0)
        # The two others go on; then Redis stops while they are under load.
        load_for(senders_on([a, b], cluster, ledger, rng, names), 2.0)
        redis_server.stop()
        load_for(senders_on([a, b], cluster, ledger, rng, names), 3.0)
        # A last command through the second server only: nothing but the poll of the store
        # brings it to the first one's subscribers (no bus, no later command there).
        with httpx.Client(base_url=b.url, headers=cluster.headers, timeout=30.0) as client:
            body = {"type": "adjust_clock", "delta_ms": 1000}
            last = post(client, f"/api/tournaments/{TID}/commands", body)
        assert last.status_code == 200, last.text
        ledger.acknowledged(TID, last.json())

        with httpx.Client(base_url=a.url, headers=cluster.headers, timeout=30.0) as client:
            log = fetch_log(client, TID)
        count = len(log)
        assert [event["seq"] for event in log] == list(range(1, count + 1)), "a gap"
        for (_, seq), event in ledger.events.items():
            assert seq <= count, f"acknowledged event #{seq} lost"
            assert log[seq - 1] == event, f"acknowledged event #{seq} changed"
        registered = Counter(
            (event["player_id"], event["entry_no"])
            for event in log
            if event["type"] == "player_registered"
        )
        assert max(registered.values()) == 1, "a registration stored twice"

        # Every subscriber converges on the whole log, by polling since Redis went down.
        for subscriber in subscribers:
            assert wait_until(partial(subscriber.received, count)), (
                f"{len(subscriber.seqs)} of {count} events"
            )
            assert subscriber.saw_all(count), "an event missed, repeated or out of order"
            assert [subscriber.lines[seq] for seq in range(1, count + 1)] == log
        assert subscribers[2].reconnections == 1
        for server in (a, b):
            check_served(server.url, cluster.token, log)
    finally:
        for subscriber in subscribers:
            subscriber.close()
        cluster.kill_all()

    logs = "".join((tmp_path / f"server-{n}.log").read_text() for n in range(2))
    assert logs.count("cannot be reached") == 2  # the outage logged once by each survivor
    retried = ledger.refused.get("VERSION_CONFLICT", 0)
    print(
        f"\ncluster crash test: {ledger.commands} commands acknowledged, {count} events, "
        f"refused: {ledger.refused} (conflicts answered after one retry: {retried})"
    )
    assert ledger.commands > 60  # the kill and the outage landed in real traffic
