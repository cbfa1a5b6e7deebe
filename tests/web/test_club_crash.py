"""The club's stream survives a crash like the tournaments' (issue 16): a real ``pokerfloor
serve`` killed with SIGKILL while members register and cancel themselves (number and PIN) and
the TD adds members, then restarted on the same SQLite file.

After every restart: each acknowledged club event (a 2xx answer) is in the club's log with the
same ``seq`` and content, the log is numbered 1..N without a gap, and what the server serves
(the club's summary, the event's public list) equals a fresh replay of the log.
"""

from __future__ import annotations

import json
import random
import signal
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from pokerfloor.app.club_views import club_summary, public_event_view
from pokerfloor.club.events import ClubEvent
from pokerfloor.club.state import Club
from tests.web.load_sender import LoadSender, kill_under_load
from tests.web.server_process import Server, read_token

pytestmark = pytest.mark.skipif(
    not hasattr(signal, "SIGKILL"), reason="needs POSIX signals (SIGKILL)"
)

SEED = 20_261_124
KILLS = 8
MEMBERS = 30
CLUB = "crash-club"
DECODER = msgspec.json.Decoder(ClubEvent)


@dataclass
class Ledger:
    events: dict[int, dict[str, Any]] = field(default_factory=dict)
    commands: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def acknowledged(self, answer: dict[str, Any]) -> None:
        with self.lock:
            self.commands += 1
            for event in answer["events"]:
                assert event["seq"] not in self.events, f"seq {event['seq']} acknowledged twice"
                self.events[event["seq"]] = event

    def refusal(self, code: str) -> None:
        with self.lock:
            self.refused[code] = self.refused.get(code, 0) + 1


class Sender(LoadSender):
    """Members registering and cancelling with their PIN, and the TD adding members, until
    the server dies."""

    def __init__(self, url: str, token: str, ledger: Ledger, rng: random.Random) -> None:
        super().__init__(httpx.Client(base_url=url, timeout=10.0))
        self.token = token
        self.ledger = ledger
        self.rng = rng

    def send_one(self) -> None:
        number = self.rng.randrange(1, MEMBERS + 1)
        if self.rng.random() < 0.1:
            body = {
                "type": "update_member",
                "member_id": str(number),
                "contact": f"07{self.rng.randrange(10**8):08d}",
            }
            response = self.client.post(
                f"/api/clubs/{CLUB}/commands",
                json=body,
                headers={"Authorization": f"Bearer {self.token}"},
            )
        else:
            action = "cancel" if self.rng.random() < 0.4 else "register"
            response = self.client.post(
                f"/api/clubs/{CLUB}/events/e1/{action}",
                json={"member_id": str(number), "pin": f"{number:04d}"},
            )
        if response.status_code == 200:
            self.ledger.acknowledged(response.json())
        else:
            assert response.status_code == 409, response.text
            self.ledger.refusal(response.json()["code"])


def set_up(url: str, token: str, ledger: Ledger) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    start_ms = time.time_ns() // 1_000_000 + 30 * 86_400_000
    with httpx.Client(base_url=url, headers=headers, timeout=30.0) as client:
        created = client.post(
            "/api/clubs", json={"type": "create_club", "club_id": CLUB, "name": "Crash"}
        )
        assert created.status_code == 201, created.text
        ledger.acknowledged(created.json())
        bodies: list[dict[str, Any]] = [
            {"type": "schedule_event", "event_id": "e1", "name": "Soirée", "kind": "tournament",
             "start_ms": start_ms, "capacity": 100, "buy_in_cents": 2000},
        ]  # fmt: skip
        for number in range(1, MEMBERS + 1):
            bodies += [
                {"type": "add_member", "member_id": str(number), "name": f"Membre {number}",
                 "birth_date": "1980-01-01"},
                {"type": "set_pin", "member_id": str(number), "pin": f"{number:04d}"},
                {"type": "issue_card", "card_id": f"c{number}", "member_id": str(number),
                 "card_type": "diamant"},
            ]  # fmt: skip
        for body in bodies:
            response = client.post(f"/api/clubs/{CLUB}/commands", json=body)
            assert response.status_code == 200, response.text
            ledger.acknowledged(response.json())


def check_server(url: str, token: str, ledger: Ledger) -> int:
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=url, headers=headers, timeout=30.0) as client:
        log = client.get(f"/api/clubs/{CLUB}/log").json()["events"]
        assert [event["seq"] for event in log] == list(range(1, len(log) + 1)), "a gap"
        for seq, event in ledger.events.items():
            assert seq <= len(log), f"acknowledged club event #{seq} lost"
            assert log[seq - 1] == event, f"acknowledged club event #{seq} changed"
        replayed = Club.replay(
            DECODER.decode(json.dumps({k: v for k, v in event.items() if k != "seq"}))
            for event in log
        )
        as_json = json.loads(msgspec.json.encode(club_summary(replayed)))
        assert client.get(f"/api/clubs/{CLUB}").json() == as_json
        public = json.loads(msgspec.json.encode(public_event_view(replayed, "e1")))
        assert httpx.get(f"{url}/api/clubs/{CLUB}/events/e1").json() == public
        return len(log)


def test_sigkill_loses_no_acknowledged_club_command(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    db, log = tmp_path / "club-crash.db", tmp_path / "server.log"
    ledger = Ledger()
    server = Server(db, log)
    server.wait_ready()
    token = read_token(log)
    set_up(server.url, token, ledger)
    kills = checked = 0
    try:
        while kills < KILLS:
            senders = [
                Sender(server.url, token, ledger, random.Random(rng.random())) for _ in range(2)
            ]
            kill_under_load(server, senders, rng.uniform(0.1, 0.6))
            kills += 1
            server = Server(db, log, port=server.port)
            server.wait_ready()
            checked += check_server(server.url, token, ledger)
    finally:
        server.kill()
    print(
        f"\nclub crash test: {kills} kills, {ledger.commands} commands acknowledged "
        f"(refused: {ledger.refused}), {checked} stored events checked"
    )
    assert kills == KILLS
    assert ledger.commands > MEMBERS * 3 + KILLS  # the kills landed in real traffic
