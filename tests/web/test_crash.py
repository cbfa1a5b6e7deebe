"""Crash safety, for real: ``pokerfloor serve`` as a subprocess, killed with SIGKILL at random
moments while two tournaments receive a stream of commands, then restarted on the same SQLite
file, at least 30 times.

After every restart: each acknowledged event (a 2xx answer) is in the log with the same ``seq``
and content, the log is numbered 1..N without a gap, and what the server serves (clock,
seating, players, results) equals a fresh replay of the log. Commands in flight when the kill
lands may or may not be stored; either is fine, as long as the state is whole.
"""

from __future__ import annotations

import json
import random
import signal
import sqlite3
import threading
import time
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from pokerfloor.app import read_models
from pokerfloor.tournament.events import TournamentEvent
from pokerfloor.tournament.state import Tournament
from tests.web.load_sender import LoadSender, kill_under_load
from tests.web.server_process import Server, read_token

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "SIGKILL"), reason="needs POSIX signals (SIGKILL)"
)

SEED = 20_240_505
KILLS = 32  # kills while commands stream in (the issue asks for at least 30)
EARLY_KILL_ODDS = 0.15  # sometimes the kill lands while the server starts and replays
TOURNAMENTS = ("crash-a", "crash-b")
PLAYERS_AT_START = 14
DECODER = msgspec.json.Decoder(TournamentEvent)


@dataclass
class Ledger:
    """Every acknowledged command and the events its answer carried."""

    events: dict[tuple[str, int], dict[str, Any]] = field(default_factory=dict)
    commands: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def acknowledged(self, tournament_id: str, answer: dict[str, Any]) -> None:
        with self.lock:
            self.commands += 1
            for event in answer["events"]:
                key = (tournament_id, event["seq"])
                assert key not in self.events, f"seq {key} acknowledged twice"
                self.events[key] = event


def post(client: httpx.Client, path: str, body: dict[str, Any]) -> httpx.Response:
    return client.post(path, json=body)


class Sender(LoadSender):
    """Sends commands to one tournament until the server dies (or ``stop`` is set): late
    registrations, hand reports built from the seating chart, busts, clock commands,
    balancing."""

    def __init__(
        self,
        server: Server,
        token: str,
        tournament_id: str,
        ledger: Ledger,
        rng: random.Random,
        names: Numbers,
    ) -> None:
        super().__init__(
            httpx.Client(
                base_url=server.url, headers={"Authorization": f"Bearer {token}"}, timeout=10.0
            )
        )
        self.tournament_id = tournament_id
        self.ledger = ledger
        self.rng = rng
        self.names = names

    def get(self, what: str) -> Any:
        response = self.client.get(f"/api/tournaments/{self.tournament_id}/{what}")
        assert response.status_code == 200, response.text
        return response.json()

    def send_one(self) -> None:
        roll = self.rng.random()
        if roll < 0.2:
            body = self.registration()
        elif roll < 0.3:
            body = self.clock_command()
        elif roll < 0.35:
            body = {"type": "balance", "seed": self.rng.randrange(2**32)}
        else:
            body = self.hand_report()
        if body is None:
            return
        response = post(self.client, f"/api/tournaments/{self.tournament_id}/commands", body)
        if 200 <= response.status_code < 300:
            self.ledger.acknowledged(self.tournament_id, response.json())
        else:
            assert response.status_code in (409, 422), response.text
            code = response.json()["code"]
            with self.ledger.lock:
                self.ledger.refused[code] = self.ledger.refused.get(code, 0) + 1

    def registration(self) -> dict[str, Any] | None:
        if self.get("clock")["players_left"] >= 40:
            return None
        number = next(self.names)
        return {
            "type": "register_late",
            "player_id": f"L{number}",
            "name": f"Late {number}",
            "seed": self.rng.randrange(2**32),
        }

    def clock_command(self) -> dict[str, Any]:
        status = self.get("clock")["status"]
        if self.rng.random() < 0.5:
            return {"type": "adjust_clock", "delta_ms": self.rng.randrange(-20_000, 20_001)}
        return {"type": "pause_clock" if status == "running" else "resume_clock"}

    def hand_report(self) -> dict[str, Any] | None:
        tables = [t for t in self.get("seating")["tables"] if t["next_hand"] is not None]
        if not tables:
            return None
        table = self.rng.choice(tables)
        plan = table["next_hand"]
        waiting = set(plan["waiting"])
        stacks = {
            seat["player_id"]: seat["stack"]
            for seat in table["seats"]
            if seat["seat_no"] not in waiting
        }
        if len(stacks) < 2:
            return None
        loser, winner = self.rng.sample(sorted(stacks), 2)
        players_left = sum(len(t["seats"]) for t in tables)
        if players_left > 16 and self.rng.random() < 0.15:
            moved = stacks[loser]  # a bust
        else:
            moved = self.rng.randrange(0, stacks[loser])  # the loser keeps some chips
        stacks[loser] -= moved
        stacks[winner] += moved
        return {
            "type": "record_hand",
            "table_no": table["table_no"],
            "hand_no": plan["hand_no"],
            "button_seat": plan["button_seat"],
            "small_blind_seat": plan["small_blind_seat"],
            "big_blind_seat": plan["big_blind_seat"],
            "final_stacks": stacks,
        }


class Numbers:
    """1, 2, 3... shared by the senders (player ids never reused)."""

    def __init__(self) -> None:
        self._next = 0
        self._lock = threading.Lock()

    def __next__(self) -> int:
        with self._lock:
            self._next += 1
            return self._next


def json_like(value: Any) -> Any:
    """What a value looks like once it went through JSON (tuples become lists...)."""
    return json.loads(msgspec.json.encode(value))


def fetch_log(client: httpx.Client, tournament_id: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    while True:
        response = client.get(
            f"/api/tournaments/{tournament_id}/events",
            params={"after_seq": len(events), "limit": 10_000},
        )
        assert response.status_code == 200, response.text
        page = response.json()["events"]
        if not page:
            return events
        events.extend(page)


def without_start(chart: dict[str, Any]) -> dict[str, Any]:
    for table in chart["tables"]:
        if table["next_hand"] is not None:
            table["next_hand"].pop("started_at_ms", None)
    return chart


def check_server(url: str, token: str, ledger: Ledger) -> int:
    """The checks after a restart, as the TD (the whole log, the payments); returns how many
    stored events were checked."""
    checked = 0
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=url, headers=headers, timeout=30.0) as client:
        for tournament_id in TOURNAMENTS:
            log = fetch_log(client, tournament_id)
            assert [event["seq"] for event in log] == list(range(1, len(log) + 1)), "a gap"
            for (name, seq), event in ledger.events.items():
                if name == tournament_id:
                    assert seq <= len(log), f"acknowledged event {name} #{seq} lost"
                    assert log[seq - 1] == event, f"acknowledged event {name} #{seq} changed"
            replayed = Tournament.replay(
                DECODER.decode(json.dumps({k: v for k, v in event.items() if k != "seq"}))
                for event in log
            )
            base = f"/api/tournaments/{tournament_id}"
            clock = client.get(f"{base}/clock").json()
            assert clock == json_like(read_models.clock_screen(replayed, clock["now_ms"]))
            seating = client.get(f"{base}/seating").json()
            now_ms = time.time_ns() // 1_000_000
            # A next hand's start is "now" within the shuffle's seconds after a report: the
            # two reads are made at two moments, so that field is compared apart.
            assert without_start(seating) == without_start(
                json_like(read_models.seating_chart(replayed, now_ms))
            )
            assert client.get(f"{base}/players").json() == json_like(
                read_models.players_list(replayed, time.time_ns() // 1_000_000)
            )
            assert client.get(f"{base}/results").json() == json_like(read_models.results(replayed))
            checked += len(log)
    return checked


def set_up(url: str, token: str, ledger: Ledger) -> None:
    with httpx.Client(
        base_url=url, headers={"Authorization": f"Bearer {token}"}, timeout=30.0
    ) as client:
        for number, tournament_id in enumerate(TOURNAMENTS):
            created = post(
                client,
                "/api/tournaments",
                {"tournament_id": tournament_id, "structure": "club-rebuy"},
            )
            assert created.status_code == 201, created.text
            ledger.acknowledged(tournament_id, created.json())
            commands: list[dict[str, Any]] = [
                {"type": "register_player", "player_id": f"P{n:02d}", "name": f"Joueur {n}"}
                for n in range(1, PLAYERS_AT_START + 1)
            ]
            commands += [
                {"type": "draw_seats", "seed": 7 + number},
                {"type": "place_buttons", "seed": 8 + number},
                {"type": "start_clock"},
            ]
            for body in commands:
                response = post(client, f"/api/tournaments/{tournament_id}/commands", body)
                assert response.status_code == 200, response.text
                ledger.acknowledged(tournament_id, response.json())


def test_sigkill_at_random_moments_loses_no_acknowledged_command(tmp_path: Path) -> None:
    started = time.monotonic()
    rng = random.Random(SEED)
    db, log = tmp_path / "crash.db", tmp_path / "server.log"
    ledger = Ledger()
    names = Numbers()

    server = Server(db, log)
    server.wait_ready()
    token = read_token(log)
    set_up(server.url, token, ledger)
    kills = early_kills = checked = 0
    try:
        while kills < KILLS:
            senders = [
                Sender(server, token, name, ledger, random.Random(rng.random()), names)
                for name in TOURNAMENTS
            ]
            kill_under_load(server, senders, rng.uniform(0.05, 0.7))
            kills += 1

            server = Server(db, log)
            if rng.random() < EARLY_KILL_ODDS:  # killed while it starts up and replays
                time.sleep(rng.uniform(0.0, 0.8))
                server.kill()
                early_kills += 1
                server = Server(db, log)
            server.wait_ready()
            checked += check_server(server.url, token, ledger)
    finally:
        server.kill()

    elapsed = time.monotonic() - started
    stored = sum(1 for _ in ledger.events)
    with closing(sqlite3.connect(db)) as connection:  # restarts load from snapshots
        (snapshots,) = connection.execute("SELECT count(*) FROM snapshots").fetchone()
    print(
        f"\ncrash test: {kills} kills under load (+{early_kills} during start-up), "
        f"{ledger.commands} commands acknowledged (refused: {ledger.refused}), "
        f"{stored} acknowledged events, {checked} stored events checked, "
        f"{snapshots} snapshots, {elapsed:.1f} s"
    )
    assert snapshots > 0
    assert kills >= 30
    assert ledger.commands > 30 * 5  # the kills landed in real traffic
