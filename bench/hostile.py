"""Does one noisy crowd starve the TV and the console? (issues 12 and 27, finding 4)

A real ``pokerfloor serve`` (SQLite in a temporary directory) runs one seated tournament.

1. Reads under load. Three readers, each one read after the other: the TV (from 127.0.0.1,
   the room's screen the TD signed in on) reads the clock page and its API every 0.1 s; a
   public screen (anonymous, from 127.0.0.3) reads them every 2 s (its live view is a
   WebSocket: its HTTP reads are its refreshes); the TD's console (signed in, from
   127.0.0.2) reads the console page every 0.1 s. First alone (the baseline), then while
   100 clients loop as fast as the server answers,
   each from its own loopback address (127.0.x.y): public reads of the clock, commands with a
   wrong bearer token, the console with a junk cookie. The crowd runs in a process of its own
   on raw sockets (``bench/_crowd.py``): in the bench's process, as ``httpx`` clients, it
   spent more CPU than the server and slowed the readers it measured. The table gives the
   reads' latency percentiles per reader and phase; then how the crowd was answered (200,
   401, 429...), the CPU the server and the crowd used, and this machine's load average (the
   server shares its cores with the crowd and whatever else runs).
   Target: p99 under 300 ms under load, for the TV and for the console.
2. Slow headers. 800 connections (from 40 loopback addresses, 20 each: under the cap per
   address) each send half a request's headers and then nothing. Target: every one closed by
   the server within its header timeout (plus one second).

Everything stays on loopback, bounded in count and time (about 2 x ``--seconds`` + 10 s). The
server shares this machine's cores with the crowd.

Run: python3 -m uv run python -m bench.hostile [--attackers 100] [--seconds 10] [--slow 800]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from rich.console import Console
from rich.table import Table

from bench.fanout import served
from pokerfloor.web.shedding import ConnectionLimits

TARGET_P99_MS = 300.0
TID = "hostile"
COOKIE = "pokerfloor_td"
TV_ADDRESS = "127.0.0.1"
CONSOLE_ADDRESS = "127.0.0.2"
PUBLIC_SCREEN_ADDRESS = "127.0.0.3"
HEADER_TIMEOUT_S = ConnectionLimits().header_timeout


def _client(base: str, address: str, **options: object) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=base, transport=transport, timeout=30, **options)  # type: ignore[arg-type]


@dataclass
class Reading:
    """One reader's reads: the latencies (ms) of those answered 200, and its refusals."""

    latencies: list[float] = field(default_factory=list)
    refused: int = 0


async def _reader(
    base: str,
    address: str,
    paths: list[str],
    seconds: float,
    cookies: dict[str, str],
    every_s: float,
) -> Reading:
    """Read ``paths`` in turn for ``seconds``, waiting ``every_s`` between two reads."""
    reading = Reading()
    async with _client(base, address, cookies=cookies) as client:
        deadline = time.perf_counter() + seconds
        turn = 0
        while time.perf_counter() < deadline:
            start = time.perf_counter()
            response = await client.get(paths[turn % len(paths)])
            if response.status_code == 429:
                reading.refused += 1
            else:
                response.raise_for_status()
                reading.latencies.append((time.perf_counter() - start) * 1000)
            turn += 1
            await asyncio.sleep(every_s)
    return reading


async def _phase(
    base: str, port: int, crowd: int, seconds: float, session: str
) -> tuple[dict[str, Reading], dict[str, int]]:
    """The readers for ``seconds``, with ``crowd`` looping clients in their own process."""
    loud = None
    if crowd:
        command = [sys.executable, "-m", "bench._crowd", str(port), str(crowd)]
        command += [str(seconds + 1.0), TID, COOKIE]
        loud = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        await asyncio.sleep(0.5)  # the crowd first
    screen = [f"/t/{TID}/clock", f"/api/tournaments/{TID}/clock"]
    td = {COOKIE: session}
    tv, public, console = await asyncio.gather(
        _reader(base, TV_ADDRESS, screen, seconds, td, 0.1),
        _reader(base, PUBLIC_SCREEN_ADDRESS, screen, seconds, {}, 2.0),
        _reader(base, CONSOLE_ADDRESS, [f"/t/{TID}/console"], seconds, td, 0.1),
    )
    answers: dict[str, int] = {}
    if loud is not None:
        out, _ = loud.communicate(timeout=seconds + 60)
        answers = json.loads(out)
    return {"TV": tv, "public screen": public, "console": console}, answers


async def _slow_headers(port: int, count: int) -> tuple[int, float]:
    """``count`` connections sending half a header; how many the server closed within its
    header timeout + 1 s of their opening, and the longest any stayed open (s)."""
    limit = HEADER_TIMEOUT_S + 1.0

    async def one(number: int) -> float | None:
        address = f"127.0.{100 + number // 20}.{number % 20 + 1}"
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(address, 0)
            )
        except OSError:
            return None
        opened = time.perf_counter()
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        await writer.drain()
        try:
            await asyncio.wait_for(reader.read(), limit + 5)
            return time.perf_counter() - opened
        except (TimeoutError, OSError):
            return None
        finally:
            writer.close()

    closed = await asyncio.gather(*(one(n) for n in range(count)))
    within = [moment for moment in closed if moment is not None and moment <= limit]
    last = max((moment for moment in closed if moment is not None), default=float("inf"))
    return len(within), last


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _set_up(url: str, token: str) -> str:
    """A seated tournament with a running clock; the TD's session cookie."""
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {token}"}, timeout=30) as td:
        td.post(
            "/api/tournaments", json={"tournament_id": TID, "structure": "club-rebuy"}
        ).raise_for_status()
        commands: list[dict[str, object]] = [
            {"type": "register_player", "player_id": f"P{n:02d}", "name": f"Joueur {n}"}
            for n in range(1, 31)
        ]
        commands += [{"type": "draw_seats", "seed": 1}, {"type": "place_buttons", "seed": 2}]
        for body in [*commands, {"type": "start_clock"}]:
            td.post(f"/api/tournaments/{TID}/commands", json=body).raise_for_status()
    with httpx.Client(base_url=url, timeout=30) as browser:
        browser.post("/login", data={"token": token, "next": "/"})
        session = browser.cookies.get(COOKIE)
    if not session:
        raise RuntimeError("signing in failed")
    return session


def _cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) process ``pid`` used so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attackers", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--slow", type=int, default=800)
    options = parser.parse_args()
    console = Console()
    with served() as (server, token):
        session = _set_up(server.url, token)
        alone, _ = asyncio.run(_phase(server.url, server.port, 0, options.seconds, session))
        server_cpu = _cpu_seconds(server.process.pid)
        loud, answers = asyncio.run(
            _phase(server.url, server.port, options.attackers, options.seconds, session)
        )
        server_cpu = _cpu_seconds(server.process.pid) - server_cpu
        load = os.getloadavg()
        slow_closed, slow_last = asyncio.run(_slow_headers(server.port, options.slow))
    table = Table(title=f"Reads alone and under {options.attackers} looping clients")
    columns = ("reader", "phase", "reads", "429", "p50 ms", "p90 ms", "p99 ms", "max ms")
    for column in columns:
        table.add_column(column, justify="right")
    for reader in loud:
        for phase, reading in (("alone", alone[reader]), ("under load", loud[reader])):
            values = reading.latencies or [float("nan")]
            table.add_row(
                reader, phase, str(len(reading.latencies)), str(reading.refused),
                f"{statistics.median(values):.1f}", f"{_percentile(values, 0.9):.1f}",
                f"{_percentile(values, 0.99):.1f}", f"{max(values):.1f}",
            )  # fmt: skip
    console.print(table)
    console.print(
        f"this machine's load average at the end of the loud phase: {load[0]:.1f} (1 min), "
        f"{load[1]:.1f} (5 min) on {os.cpu_count()} cores"
    )
    crowd_cpu = answers.pop("cpu_ms", 0) / 1000
    total = sum(answers.values())
    crowd = ", ".join(f"{code}: {count}" for code, count in sorted(answers.items()))
    console.print(f"the crowd's {total} answers ({total / options.seconds:.0f}/s): {crowd}")
    console.print(
        f"429 answers to the crowd: {answers.get('429', 0)}; CPU used under load: the server "
        f"{server_cpu:.1f} s, the crowd {crowd_cpu:.1f} s in {options.seconds:.0f} s"
    )
    for reader in ("TV", "console"):
        p99 = _percentile(loud[reader].latencies or [float("inf")], 0.99)
        verdict = "met" if p99 < TARGET_P99_MS and not loud[reader].refused else "MISSED"
        console.print(
            f"{reader} p99 under load {p99:.1f} ms, {loud[reader].refused} refused: target "
            f"< {TARGET_P99_MS:.0f} ms, none refused: {verdict}"
        )
    verdict = "met" if slow_closed == options.slow else "MISSED"
    console.print(
        f"slow headers: {slow_closed} of {options.slow} connections closed within the "
        f"{HEADER_TIMEOUT_S:.0f} s header timeout (+1 s), the longest open {slow_last:.1f} s: "
        f"target all {verdict}"
    )


if __name__ == "__main__":
    main()
