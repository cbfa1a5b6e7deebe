"""A 2,000-player live tournament through the HTTP API: how long a bust and the balancing
proposal after it take to be answered (issue 17), against a real ``pokerfloor serve`` process
(SQLite in a temporary directory, every answer given once its events are synced to disk).

The TD registers 2,000 players, draws the seats, places the buttons and starts the clock. Then,
``--busts`` times: a player drawn at random busts (``bust_players``), the TD asks for the
balancing moves (``propose_moves``) and confirms them (``confirm_moves``); when a table is due
to break (the players left fit at one table fewer) the TD asks for it (``propose_break_table``)
and confirms it. The client follows the seats from the events the answers carry. Each
request's time runs from just before it is sent to its answer read.

Target: a bust and its balancing proposal answered in under 50 ms together (p99). The same
code serves the simulator: the aggregate's table index (``pokerfloor.tournament.table_map``)
makes a bust, a move or a proposal look at the tables it concerns only.

Run: python3 -m uv run python -m bench.live_scale [--players 2000] [--busts 300] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import httpx
from rich.console import Console
from rich.table import Table

from bench.fanout import _percentiles, served

TARGET_MS = 50.0
TABLE_SIZE = 9


class _Floor:
    """The TD's client: sends commands, times them, follows the seats from their events."""

    def __init__(self, client: httpx.Client, tournament_id: str) -> None:
        self.client = client
        self.path = f"/api/tournaments/{tournament_id}/commands"
        self.seats: dict[str, tuple[int, int]] = {}  # player -> (table, seat)
        self.timings: dict[str, list[float]] = {}

    def send(self, kind: str, timed: str | None = None, **fields: Any) -> list[dict[str, Any]]:
        start = time.perf_counter()
        response = self.client.post(self.path, json={"type": kind, **fields})
        elapsed = (time.perf_counter() - start) * 1000
        response.raise_for_status()
        if timed:
            self.timings.setdefault(timed, []).append(elapsed)
        events: list[dict[str, Any]] = response.json()["events"]
        for event in events:
            self._follow(event)
        return events

    def _follow(self, event: dict[str, Any]) -> None:
        if event["type"] == "seats_drawn":
            for seat in event["seats"]:
                self.seats[seat["player_id"]] = (seat["table_no"], seat["seat_no"])
        elif event["type"] == "players_busted":
            for placement in event["placements"]:
                self.seats.pop(placement["player_id"], None)
        elif event["type"] == "players_moved":
            for move in event["moves"]:
                target = move["target"]
                self.seats[move["player_id"]] = (target["table_no"], target["seat_no"])

    def tables_in_play(self) -> int:
        return len({table for table, _ in self.seats.values()})


def run(url: str, token: str, players: int, busts: int, seed: int) -> tuple[_Floor, float]:
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=url, headers=headers, timeout=60.0) as client:
        tournament_id = "live-scale"
        client.post(
            "/api/tournaments",
            json={"tournament_id": tournament_id, "table_size": TABLE_SIZE},
        ).raise_for_status()
        floor = _Floor(client, tournament_id)
        start = time.perf_counter()
        for number in range(1, players + 1):
            floor.send("register_player", player_id=f"P{number:05d}", name=f"Joueur {number}")
        registration = players / (time.perf_counter() - start)
        floor.send("draw_seats", seed=seed)
        floor.send("place_buttons", seed=seed)
        floor.send("start_clock")
        rng = random.Random(seed)
        for _ in range(busts):
            player = rng.choice(sorted(floor.seats))
            table_no, _ = floor.seats[player]
            floor.send("bust_players", "bust", table_no=table_no, players=[player])
            moved = floor.send("propose_moves", "balancing proposal", seed=rng.getrandbits(32))
            if any(event["type"] == "moves_proposed" and event["moves"] for event in moved):
                floor.send("confirm_moves", "confirm moves", seed=rng.getrandbits(32))
            if -(-len(floor.seats) // TABLE_SIZE) < floor.tables_in_play():
                floor.send("propose_break_table", "break proposal", seed=rng.getrandbits(32))
                floor.send("confirm_moves", "confirm moves", seed=rng.getrandbits(32))
        pairs = [
            bust + proposal
            for bust, proposal in zip(
                floor.timings["bust"], floor.timings["balancing proposal"], strict=True
            )
        ]
        floor.timings["bust + proposal"] = pairs
        return floor, registration


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--busts", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    console = Console()
    with served() as (server, token):
        floor, registration = run(
            server.url, token, arguments.players, arguments.busts, arguments.seed
        )
    table = Table(
        title=f"A {arguments.players:,}-player live tournament through the API: "
        f"{arguments.busts} busts, ms per answer"
    )
    table.add_column("request")
    columns = ("p50", "p90", "p99", "max")
    for column in ("count", *columns):
        table.add_column(column, justify="right")
    for label in (
        "bust",
        "balancing proposal",
        "bust + proposal",
        "confirm moves",
        "break proposal",
    ):
        values = floor.timings.get(label)
        if not values:
            continue
        cuts = _percentiles(values)
        table.add_row(label, str(len(values)), *(f"{cuts[column]:.1f}" for column in columns))
    console.print(table)
    p99 = _percentiles(floor.timings["bust + proposal"])["p99"]
    console.print(
        f"bust + balancing proposal p99 {p99:.1f} ms < {TARGET_MS:.0f} ms: "
        f"{'met' if p99 < TARGET_MS else 'NOT MET'} · registrations {registration:,.0f}/s · "
        f"{len(floor.seats):,} players left at {floor.tables_in_play()} tables"
    )


if __name__ == "__main__":
    main()
