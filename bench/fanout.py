"""WebSocket fan-out latency to 200 subscribers, and durable commands per second through the
HTTP API, against a real ``pokerfloor serve`` process (SQLite in a temporary directory).

200 clients subscribe to ``/ws/tournaments/{id}``; the TD then sends N commands one after the
other (registrations: one event each). For every (event, subscriber) pair the latency runs
from just before the command was sent (and, second row, from its acknowledgement) to the
event's arrival at that subscriber (negative from the ack: the event reached the subscriber
before the client read the HTTP answer, both travelling at once). Target: p99 under 100 ms.

Then the clock screen's live view (``/t/{id}/live?view=clock``, the page a room's phones and TV
show) to 200 and 1,000 subscribers of a running tournament: the TD changes the room screen's
message (``set_room_screen``, one command every ``--pause`` seconds) and each subscriber's
latency runs from just before the command to the first pushed fragment that shows it (or a
later message: pushes of a burst are merged). Target: p99 under 100 ms to 200 subscribers.

Then one TD, and 16 TDs at once (one tournament each), send commands without subscribers:
durable commands per second through the API.

Run: python3 -m uv run python -m bench.fanout [--subscribers 200] [--commands 200]
     [--clock-subscribers 200 1000] [--clock-commands 20] [--pause 0.25]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.table import Table
from websockets.asyncio.client import ClientConnection, connect

TARGET_P99_MS = 100.0
CONNECT_BATCH = 50


def _phone(number: int) -> tuple[str, int]:
    """Subscriber ``number``'s own loopback address (127.0.x.y), as each phone in a room has its
    own: ``serve`` caps the open connections of one address (issue 27, web/shedding.py), which
    a thousand handshakes from 127.0.0.1 would hit."""
    return (f"127.0.{number // 250 + 10}.{number % 250 + 1}", 0)


@contextmanager
def served() -> Iterator[tuple[_Server, str]]:
    """A ``pokerfloor serve`` on a fresh database in a temporary directory, and its TD token;
    stopped on leaving."""
    with tempfile.TemporaryDirectory() as directory:
        server = _Server(Path(directory))
        try:
            yield server, server.wait_ready()
        finally:
            server.stop()


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class _Server:
    """``pokerfloor serve`` on a fresh database; its output goes to a file (access logs)."""

    def __init__(self, directory: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = directory / "server.log"
        env = os.environ | {"PYTHONUNBUFFERED": "1"}
        command = [sys.executable, "-m", "pokerfloor.cli.main", "serve"]
        command += ["--db", str(directory / "fanout.db"), "--port", str(self.port)]
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)

    def wait_ready(self, timeout: float = 60.0) -> str:
        """Wait until the API answers; return the TD token printed at the first start."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited:\n{self.log.read_text()}")
            try:
                if httpx.get(f"{self.url}/api/tournaments", timeout=1.0).status_code == 200:
                    lines = self.log.read_text().splitlines()
                    marker = next(
                        n for n, line in enumerate(lines) if line.startswith("Jeton du directeur")
                    )
                    return lines[marker + 1].strip()
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"the server did not answer:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def _seq(message: str | bytes) -> int:
    """The ``seq`` of an event line ``{"seq":n,...}`` without decoding all of it."""
    text = message.decode() if isinstance(message, bytes) else message
    return int(text[7 : text.index(",")])


async def _subscriber(
    connection: ClientConnection, arrivals: dict[int, float], last_seq: int
) -> None:
    async for message in connection:
        seq = _seq(message)
        arrivals[seq] = time.perf_counter()
        if seq >= last_seq:
            return


async def _create(client: httpx.AsyncClient, tournament_id: str) -> None:
    response = await client.post("/api/tournaments", json={"tournament_id": tournament_id})
    response.raise_for_status()


async def _register(client: httpx.AsyncClient, tournament_id: str, number: int) -> dict[str, Any]:
    body = {"type": "register_player", "player_id": f"P{number:04d}", "name": f"Joueur {number}"}
    response = await client.post(f"/api/tournaments/{tournament_id}/commands", json=body)
    response.raise_for_status()
    answer: dict[str, Any] = response.json()
    return answer


def _percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    if len(ordered) < 2:  # one value is every percentile
        return dict.fromkeys(("p50", "p90", "p99", "max"), ordered[0])
    cuts = statistics.quantiles(ordered, n=100, method="inclusive")
    return {"p50": cuts[49], "p90": cuts[89], "p99": cuts[98], "max": ordered[-1]}


async def _fanout(
    url: str, token: str, subscribers: int, commands: int
) -> tuple[dict[str, float], dict[str, float], float, int]:
    """(latency from send, latency from ack, commands/s, pairs measured)."""
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=30.0) as client:
        await _create(client, "fanout")
        ws_url = url.replace("http://", "ws://") + "/ws/tournaments/fanout"
        connections: list[ClientConnection] = []
        for start in range(0, subscribers, CONNECT_BATCH):
            batch = range(start, min(start + CONNECT_BATCH, subscribers))
            connections += await asyncio.gather(
                *(
                    connect(ws_url, max_queue=None, open_timeout=30, local_addr=_phone(i))
                    for i in batch
                )
            )
        first_seq = 2  # 1 is tournament_created
        last_seq = first_seq + commands - 1
        arrivals: list[dict[int, float]] = [{} for _ in connections]
        tasks = [
            asyncio.create_task(_subscriber(connection, seen, last_seq))
            for connection, seen in zip(connections, arrivals, strict=True)
        ]
        sent: dict[int, float] = {}
        acked: dict[int, float] = {}
        began = time.perf_counter()
        for number in range(1, commands + 1):
            before = time.perf_counter()
            answer = await _register(client, "fanout", number)
            after = time.perf_counter()
            for event in answer["events"]:
                sent[event["seq"]], acked[event["seq"]] = before, after
        rate = commands / (time.perf_counter() - began)
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=60)
        await asyncio.gather(*(connection.close() for connection in connections))

    from_send = [seen[seq] - sent[seq] for seen in arrivals for seq in sent]
    from_ack = [seen[seq] - acked[seq] for seen in arrivals for seq in sent]
    to_ms = 1000.0
    return (
        {k: v * to_ms for k, v in _percentiles(from_send).items()},
        {k: v * to_ms for k, v in _percentiles(from_ack).items()},
        rate,
        len(from_send),
    )


_MESSAGE = re.compile(r"fanout-(\d+)<")


async def _clock_subscriber(
    connection: ClientConnection, arrivals: dict[int, float], last: int
) -> None:
    """Record when each message number first shows in a pushed clock fragment (a later
    number also answers for the ones before it: a burst's pushes are merged)."""
    shown = 0
    async for message in connection:
        text = message.decode() if isinstance(message, bytes) else message
        found = _MESSAGE.search(text)
        if found is None:
            continue
        now = time.perf_counter()
        number = int(found.group(1))
        for seen in range(shown + 1, number + 1):
            arrivals[seen] = now
        shown = max(shown, number)
        if shown >= last:
            return


async def _running_tournament(client: httpx.AsyncClient, tournament_id: str) -> None:
    response = await client.post(
        "/api/tournaments", json={"tournament_id": tournament_id, "structure": "club-evening"}
    )
    response.raise_for_status()
    for number in range(1, 7):
        await _register(client, tournament_id, number)
    for body in ({"type": "draw_seats", "seed": 3}, {"type": "place_buttons", "seed": 3}):
        (
            await client.post(f"/api/tournaments/{tournament_id}/commands", json=body)
        ).raise_for_status()
    start = {"type": "start_clock"}
    (await client.post(f"/api/tournaments/{tournament_id}/commands", json=start)).raise_for_status()


async def _clock_fanout(
    url: str, token: str, subscribers: int, commands: int, pause: float
) -> tuple[dict[str, float], int]:
    """(latency from send to the clock fragment showing it, ms; pairs measured)."""
    headers = {"Authorization": f"Bearer {token}"}
    tournament_id = f"clock-{subscribers}"
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=60.0) as client:
        await _running_tournament(client, tournament_id)
        ws_url = url.replace("http://", "ws://") + f"/t/{tournament_id}/live?view=clock"
        connections: list[ClientConnection] = []
        for start in range(0, subscribers, CONNECT_BATCH):
            batch = range(start, min(start + CONNECT_BATCH, subscribers))
            connections += await asyncio.gather(
                *(
                    connect(ws_url, max_queue=None, open_timeout=60, local_addr=_phone(i))
                    for i in batch
                )
            )
        await asyncio.sleep(1.0)  # every first fragment in
        arrivals: list[dict[int, float]] = [{} for _ in connections]
        tasks = [
            asyncio.create_task(_clock_subscriber(connection, seen, commands))
            for connection, seen in zip(connections, arrivals, strict=True)
        ]
        sent: dict[int, float] = {}
        path = f"/api/tournaments/{tournament_id}/commands"
        for number in range(1, commands + 1):
            body = {"type": "set_room_screen", "message": f"fanout-{number}"}
            sent[number] = time.perf_counter()
            (await client.post(path, json=body)).raise_for_status()
            await asyncio.sleep(pause)
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=120)
        await asyncio.gather(*(connection.close() for connection in connections))
    latencies = [(seen[number] - sent[number]) * 1000.0 for seen in arrivals for number in sent]
    return _percentiles(latencies), len(latencies)


async def _throughput(url: str, token: str, writers: int, commands: int) -> float:
    """Durable commands/s with ``writers`` TDs at once, each on its own tournament."""
    headers = {"Authorization": f"Bearer {token}"}
    limits = httpx.Limits(max_connections=writers * 2)
    async with httpx.AsyncClient(
        base_url=url, headers=headers, timeout=30.0, limits=limits
    ) as client:
        names = [f"burst-{writers}-{n}" for n in range(writers)]
        await asyncio.gather(*(_create(client, name) for name in names))
        per_writer = max(1, commands // writers)

        async def writer(name: str) -> None:
            for number in range(1, per_writer + 1):
                await _register(client, name, number)

        began = time.perf_counter()
        await asyncio.gather(*(writer(name) for name in names))
        return per_writer * writers / (time.perf_counter() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--subscribers", type=int, default=200)
    parser.add_argument("--commands", type=int, default=200, help="commands in the fan-out run")
    parser.add_argument("--burst", type=int, default=2_000, help="commands in each burst run")
    parser.add_argument("--clock-subscribers", type=int, nargs="*", default=[200, 1000])
    parser.add_argument("--clock-commands", type=int, default=20)
    parser.add_argument("--pause", type=float, default=0.25, help="seconds between commands")
    arguments = parser.parse_args()
    console = Console()

    with served() as (server, token):
        from_send, from_ack, rate, pairs = asyncio.run(
            _fanout(server.url, token, arguments.subscribers, arguments.commands)
        )
        clocks = [
            (
                count,
                asyncio.run(
                    _clock_fanout(
                        server.url, token, count, arguments.clock_commands, arguments.pause
                    )
                ),
            )
            for count in arguments.clock_subscribers
        ]
        bursts = [
            (writers, asyncio.run(_throughput(server.url, token, writers, arguments.burst)))
            for writers in (1, 16)
        ]

    table = Table(
        title=f"WebSocket fan-out: {arguments.commands} events x {arguments.subscribers} "
        f"subscribers ({pairs:,} deliveries), ms"
    )
    table.add_column("latency")
    for column in ("p50", "p90", "p99", "max"):
        table.add_column(column, justify="right")
    table.add_column("target")
    met = from_send["p99"] < TARGET_P99_MS
    rows = (("from send", from_send), ("from ack (< 0: event before the ack)", from_ack))
    for label, values in rows:
        verdict = f"p99 < {TARGET_P99_MS:.0f} ms: {'met' if met else 'NOT MET'}"
        table.add_row(
            label,
            *(f"{values[key]:.1f}" for key in ("p50", "p90", "p99", "max")),
            verdict if label == "from send" else "-",
        )
    console.print(table)

    clock_table = Table(
        title=f"Clock screen live view: {arguments.clock_commands} TD commands, one every "
        f"{arguments.pause:g} s, from send to the fragment showing it, ms"
    )
    clock_table.add_column("subscribers", justify="right")
    for column in ("p50", "p90", "p99", "max"):
        clock_table.add_column(column, justify="right")
    clock_table.add_column("target")
    for count, (values, _measured) in clocks:
        verdict = "-"
        if count <= 200:
            met = values["p99"] < TARGET_P99_MS
            verdict = f"p99 < {TARGET_P99_MS:.0f} ms: {'met' if met else 'NOT MET'}"
        clock_table.add_row(
            f"{count:,}", *(f"{values[key]:.1f}" for key in ("p50", "p90", "p99", "max")), verdict
        )
    console.print(clock_table)

    rates = Table(title="Durable commands per second through the HTTP API (SQLite)")
    rates.add_column("run")
    rates.add_column("commands/s", justify="right")
    rates.add_row(f"1 TD, {arguments.subscribers} subscribers", f"{rate:,.0f}")
    for writers, burst in bursts:
        label = f"{writers} TDs at once" if writers > 1 else "1 TD"
        rates.add_row(f"{label}, 0 subscribers", f"{burst:,.0f}")
    console.print(rates)
    console.print(
        "One client process, one server process (uvicorn, one worker) on this machine; "
        "a command is answered only once its events are synced to disk."
    )


if __name__ == "__main__":
    main()
