"""Issue 32, "done when", for a dealt table (and item 2, the TD's session): PostgreSQL,
Redis and three ``pokerfloor serve`` on loopback deal one table (four bots, two people: P1's
actions are sent to the three servers in turn, P2 lets the action clock run out); the third
server is killed with SIGKILL while it deals and takes actions, the two others take the table
over.

Checked at the end: the table's log is numbered 1..N without a gap; P1's acknowledged actions
are in it; each action clock's expiry is written once (one ``action_timed_out`` per hand,
seat and deadline) though every server ticks the table; hands are dealt after the kill; the
table's event stream on each surviving server, and the one on the killed server moved to a
survivor with ``after_seq`` as a phone does, saw every event once and in order, as stored;
what each survivor serves as the TD's view equals a replay of the log; a pause written by one
server at the end, when the others have nothing to do, reaches every subscriber (the bus and
the poll's sweep, not a conflict, bring it). Before the deal, the TD signs in through one
server, starts the clock through another's console with that cookie, signs out through the
third, and the first refuses the cookie.
"""

from __future__ import annotations

import itertools
import json
import random
import signal
import threading
import time
from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from pokerfloor.app._postgres import TemporaryPostgres
from pokerfloor.app.dealt_service import table_stream_id
from pokerfloor.app.store import open_store
from pokerfloor.dealt import DealtEvent, DealtTable
from pokerfloor.dealt.views import td_view
from pokerfloor.web.credentials import CAPTAIN_SECRET_FILE
from pokerfloor.web.pages.common._common import TD_COOKIE
from pokerfloor.web.pages.common._dealt_common import secret_player_key
from tests.cluster.cluster_processes import Cluster, Subscriber, wait_until
from tests.cluster.redis_process import RedisProcess
from tests.web.server_process import Server

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "SIGKILL"), reason="needs POSIX signals (SIGKILL)"
)

TID = "dealt3"
TABLE = "/dealt/tables/1"
PEOPLE = ("P1", "P2")  # P2 never acts: the clock times them out
_numbers = itertools.count(1)
_DECODER = msgspec.json.Decoder(DealtEvent)


def set_up(cluster: Cluster) -> None:
    """Six players at one table, four of them bots, through the three servers in turn."""
    clients = [
        httpx.Client(base_url=s.url, headers=cluster.headers, timeout=30.0) for s in cluster.servers
    ]
    base = f"/api/tournaments/{TID}"
    steps: list[tuple[str, dict[str, Any]]] = [
        ("/api/tournaments", {"tournament_id": TID, "structure": "deep-stack"})
    ]
    steps += [
        (f"{base}/commands", {"type": "register_player", "player_id": f"P{n}", "name": f"J {n}"})
        for n in range(1, 7)
    ]
    steps += [
        (f"{base}/commands", {"type": "draw_seats", "seed": 3}),
        (f"{base}/commands", {"type": "place_buttons", "seed": 4}),
        (
            f"{base}/dealt",
            {"action_seconds": 5, "bank_seconds": 0, "away_after": 0, "pause_seconds": 0},
        ),
    ]
    steps += [(f"{base}/dealt/bots", {"player_id": f"P{n}"}) for n in range(3, 7)]
    for number, (path, body) in enumerate(steps):
        response = clients[number % 3].post(path, json=body)
        assert response.status_code in (200, 201), response.text
    for client in clients:
        client.close()


def td_session_through_three_servers(cluster: Cluster) -> None:
    """Item 2: the TD signs in on the first server, starts the clock from the console of the
    second with that cookie only, signs out on the third: the first refuses the cookie."""
    a, b, c = cluster.servers
    with httpx.Client(base_url=a.url, timeout=30.0) as client:
        signed = client.post("/login", data={"token": cluster.token, "next": "/"})
    assert signed.status_code == 303, signed.text
    cookie = {TD_COOKIE: signed.cookies[TD_COOKIE]}
    with httpx.Client(base_url=b.url, cookies=cookie, timeout=30.0) as client:
        started = client.post(
            f"/t/{TID}/console/clock/start", headers={"Origin": b.url}
        )  # fmt: skip
        assert started.status_code == 200 and "flash-ok" in started.text, started.text
        clock = client.get(f"/api/tournaments/{TID}/clock").json()
    assert clock["status"] == "running"
    with httpx.Client(base_url=c.url, cookies=cookie, timeout=30.0) as client:
        assert client.get(f"/t/{TID}/console").status_code == 200
        assert client.post("/logout", headers={"Origin": c.url}).status_code == 303

    def refused_on_a() -> bool:
        with httpx.Client(base_url=a.url, cookies=cookie, timeout=30.0) as client:
            return client.get(f"/t/{TID}/console").status_code == 303

    assert wait_until(refused_on_a, 10), "signed out on one server, still signed in on another"


def td_pauses_the_table(url: str, token: str) -> None:
    """The TD pauses table 1 from the dealt console of the server at ``url`` (once more if
    that server, behind on the table, was refused by the store: it has caught up)."""
    with httpx.Client(base_url=url, timeout=30.0) as client:
        signed = client.post("/login", data={"token": token, "next": "/"})
        assert signed.status_code == 303, signed.text
        for _attempt in range(2):
            paused = client.post(
                f"/t/{TID}/dealt/pause", data={"table_no": "1"}, headers={"Origin": url}
            )
            if "flash-ok" in paused.text:
                return
    raise AssertionError(paused.text)


class Person(threading.Thread):
    """A player's phone sending their action to the servers in turn (a dead one skipped)."""

    def __init__(self, servers: list[Server], player_id: str, key: str) -> None:
        super().__init__(daemon=True)
        self.servers, self.player_id, self.key = servers, player_id, key
        self.stop = threading.Event()
        self.acknowledged = 0
        self.refused: Counter[str] = Counter()
        self.unanswered = 0  # sent to the server killed meanwhile: stored or not
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self._play()
        except BaseException as error:  # reported by the test
            self.error = error

    def _play(self) -> None:
        turn = itertools.count()
        path = f"/api/tournaments/{TID}/dealt/players/{self.player_id}"
        while not self.stop.wait(0.05):
            server = self.servers[next(turn) % len(self.servers)]
            if server.process.poll() is not None:
                continue
            try:
                seen = httpx.get(f"{server.url}{path}", params={"key": self.key}, timeout=10)
                if seen.status_code != 200:
                    self.refused[f"view {seen.status_code}"] += 1
                    continue
                choices = seen.json().get("choices")
                if not choices or not choices["options"]:
                    continue
                options = choices["options"]
                kind = "check" if "check" in options else "call" if "call" in options else "fold"
                answer = httpx.post(
                    f"{server.url}{path}/act", params={"key": self.key}, json={"kind": kind},
                    timeout=10,
                )  # fmt: skip
            except httpx.TransportError:
                self.unanswered += 1
                continue
            if answer.status_code == 200:
                self.acknowledged += 1
            else:
                self.refused[answer.json().get("code", str(answer.status_code))] += 1


def quiet_log(database: str, quiet_s: float = 8.0) -> list[Any]:
    """The table's stored events once no new one came for ``quiet_s`` (longer than an
    action clock and the takeover)."""
    store = open_store(database)
    try:
        stored = store.read(table_stream_id(TID, 1))
        still_since = time.monotonic()
        while time.monotonic() - still_since < quiet_s:
            time.sleep(0.5)
            again = store.read(table_stream_id(TID, 1))
            if len(again) != len(stored):
                stored, still_since = again, time.monotonic()
        return stored
    finally:
        store.close()


def wait_dealt_since(database: str, at_ms: int, seconds: float) -> None:
    """Until a hand is dealt at the table after ``at_ms`` (the servers' clock), at most
    ``seconds``: the test's assertion on the log says whether it came."""
    store = open_store(database)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            stored = store.read(table_stream_id(TID, 1))
            if any(
                item.type == "hand_dealt" and json.loads(item.data)["at_ms"] > at_ms
                for item in stored
            ):
                return
            time.sleep(0.5)
    finally:
        store.close()


def test_item1_item2_dealt_table_and_td_session_through_three_servers_one_killed(
    tmp_path: Path,
    postgres_server: TemporaryPostgres,
    redis_server: RedisProcess,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # the TD token, shared
    database = postgres_server.create_database(f"cluster_dealt_crash_{next(_numbers)}")
    cluster = Cluster(database, redis_server.url, tmp_path)
    a, b, c = cluster.servers
    secret = bytes.fromhex((tmp_path / "data" / "pokerfloor" / CAPTAIN_SECRET_FILE).read_text())
    subscribers: list[Subscriber] = []
    person = Person([a, b, c], "P1", secret_player_key(secret, TID, "P1"))
    try:
        set_up(cluster)
        td_session_through_three_servers(cluster)
        subscribers = [
            Subscriber([a.url], TID, cluster.token, path=TABLE),
            Subscriber([b.url], TID, cluster.token, path=TABLE),
            Subscriber([c.url, a.url], TID, cluster.token, path=TABLE),  # moves when c dies
        ]
        assert all(s.connected.wait(30) for s in subscribers)
        person.start()
        time.sleep(random.uniform(5.0, 6.0))  # hands dealt by whoever deals, P2 timed out
        c.kill()
        killed_at_ms = time.time_ns() // 1_000_000
        # The survivors take the table over (TAKEOVER_MS), end the hand in progress and deal
        # on. Waited for, not slept on: P2 lets the 5 s action clock run out at every street
        # (a check when there is nothing to call), so a hand can last 25 s and more under load;
        # a table never taken over still fails below, after the minute.
        wait_dealt_since(database, killed_at_ms, 60.0)
        person.stop.set()
        person.join(timeout=30)
        assert not person.is_alive()
        if person.error is not None:
            raise person.error

        # The clock paused: the hand in progress ends (bots, P2's expiries), none is dealt.
        with httpx.Client(base_url=a.url, headers=cluster.headers, timeout=30.0) as client:
            paused = client.post(f"/api/tournaments/{TID}/commands", json={"type": "pause_clock"})
        assert paused.status_code == 200, paused.text
        stored = quiet_log(database)
        # A last event written by one server while the others have nothing to do (the clock
        # paused, no hand): only their following of the table's stream (the bus, the poll's
        # sweep) brings it to their subscribers.
        td_pauses_the_table(a.url, cluster.token)
        stored = quiet_log(database, 2.0)
        assert stored[-1].type == "table_paused"
        count = len(stored)
        assert [item.seq for item in stored] == list(range(1, count + 1)), "a gap"
        events = [_DECODER.decode(item.data) for item in stored]
        log = [json.loads(b'{"seq":%d,' % item.seq + item.data[1:]) for item in stored]
        acted = sum(1 for e in log if e["type"] == "hand_step" and e["event"]["type"] == "acted")
        assert acted >= person.acknowledged > 0, (  # the people's and the bots' actions
            f"P1: refused {dict(person.refused)}; table: {Counter(e['type'] for e in log)}"
        )
        expiries = Counter(
            (e["hand_no"], e["seat_no"], e["deadline_ms"])
            for e in log
            if e["type"] == "action_timed_out"
        )
        assert expiries, "P2 was never timed out"
        assert max(expiries.values()) == 1, "an expiry written twice"
        assert any(e["type"] == "hand_dealt" and e["at_ms"] > killed_at_ms for e in log), (
            "no hand dealt after the kill: the table was not taken over"
        )
        for subscriber in subscribers:
            assert wait_until(partial(subscriber.received, count), 30), (
                f"{len(subscriber.seqs)} of {count} events"
            )
            assert subscriber.saw_all(count), "an event missed, repeated or out of order"
            assert [subscriber.lines[seq] for seq in range(1, count + 1)] == log
        assert subscribers[2].reconnections == 1
        replayed = json.loads(msgspec.json.encode(td_view(DealtTable.replay(events))))
        for server in (a, b):
            served = httpx.get(
                f"{server.url}/api/tournaments/{TID}/dealt/tables/1", headers=cluster.headers
            ).json()
            assert served == replayed
    finally:
        person.stop.set()
        for subscriber in subscribers:
            subscriber.close()
        cluster.kill_all()
    print(
        f"\ndealt cluster crash test: {count} table events, P1 acknowledged "
        f"{person.acknowledged}, refused {dict(person.refused)}, cut {person.unanswered}, "
        f"expiries {len(expiries)}"
    )
