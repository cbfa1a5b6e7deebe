"""Does one noisy crowd starve the TV and the console? (issues 12 and 27, finding 4)

A real ``pokerfloor serve`` (SQLite in a temporary directory) runs one seated tournament.

1. First reads. Right after the set-up, the first read of the clock page, its API and the
   console: what a TV switched on (or a console opened) waits for the first time. Target:
   under 300 ms like any read (``pokerfloor serve`` warms up before it listens,
   ``web/warm_up.py``; without it the first console took 1.3-3 s).
2. Reads under load. Three readers, each one read after the other: the TV (from 127.0.0.1,
   the room's screen the TD signed in on) reads the clock page and its API every 0.1 s; a
   public screen (anonymous, from 127.0.0.3) reads them every 2 s (its live view is a
   WebSocket: its HTTP reads are its refreshes); the TD's console (signed in, from
   127.0.0.2) reads the console page every 0.1 s. First alone (the baseline), then while
   100 clients loop as fast as the server answers, each from its own loopback address
   (127.0.x.y): public reads of the clock, commands with a wrong bearer token, the console
   with a junk cookie. Each phase starts with ``--warm-up`` seconds of reads that are not
   counted (connections opened, the crowd at full speed), then lasts until the TV and the
   console have ``--samples`` reads each (1,000 by default: a p99 from 10 reads above it,
   not from one). The crowd runs in a process of its own on raw sockets
   (``bench/_crowd.py``): in the bench's process, as ``httpx`` clients, it spent more CPU
   than the server and slowed the readers it measured. It still shares this machine's
   cores with the server: the CPU each used and the load average are printed with the
   figures. One line per reader and phase: p50, p95, p99, max. Then how the crowd was
   answered (200, 401, 429...).
   Target: p99 under 300 ms, for the TV and for the console, alone and under load.
3. Slow headers. 800 connections (from 40 loopback addresses, 20 each: under the cap per
   address) each send half a request's headers and then nothing. Target: every one closed by
   the server within its header timeout (plus one second).

Everything stays on loopback, bounded in count and time (at 0.1 s between reads, about
2 x (``--warm-up`` + ``--samples`` / 10) seconds plus the latencies, then 10 s).

Run: python3 -m uv run python -m bench.hostile [--attackers 100] [--samples 1000] [--warm-up 3]
     [--slow 800]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from rich.console import Console

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
    """One reader's reads after its warm-up: the latencies (ms) of those answered 200, and
    its refusals."""

    latencies: list[float] = field(default_factory=list)
    refused: int = 0


async def _reader(
    base: str,
    address: str,
    paths: list[str],
    every_s: float,
    cookies: dict[str, str],
    warm_up_s: float,
    wanted: int | None,
    done: asyncio.Event,
) -> Reading:
    """Read ``paths`` in turn, waiting ``every_s`` between two reads: ``warm_up_s`` seconds
    not counted (connections opened, the server's caches filled), then until ``wanted`` reads
    are counted (``done`` is set once every measured reader has its count; a reader with
    ``wanted`` None reads until then)."""
    reading = Reading()
    async with _client(base, address, cookies=cookies) as client:
        counting_from = time.perf_counter() + warm_up_s
        turn = 0
        while not done.is_set():
            start = time.perf_counter()
            response = await client.get(paths[turn % len(paths)])
            turn += 1
            if start >= counting_from:
                if response.status_code == 429:
                    reading.refused += 1
                else:
                    response.raise_for_status()
                    reading.latencies.append((time.perf_counter() - start) * 1000)
                if wanted is not None and len(reading.latencies) + reading.refused >= wanted:
                    return reading
            await asyncio.sleep(every_s)
    return reading


async def _phase(
    base: str, port: int, crowd: int, samples: int, warm_up_s: float, session: str
) -> tuple[dict[str, Reading], dict[str, int], float]:
    """The readers until the TV and the console have ``samples`` reads each (after
    ``warm_up_s`` not counted), with ``crowd`` looping clients in their own process for the
    whole phase; the readings, the crowd's answers, and the phase's measured seconds."""
    loud = None
    if crowd:
        # The crowd stops when its standard input closes; the time given is a safety net.
        most = warm_up_s + samples * 2.0 + 60
        command = [sys.executable, "-m", "bench._crowd", str(port), str(crowd)]
        command += [str(most), TID, COOKIE]
        loud = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        await asyncio.sleep(0.5)  # the crowd first
    screen = [f"/t/{TID}/clock", f"/api/tournaments/{TID}/clock"]
    td = {COOKIE: session}
    done = asyncio.Event()
    started = time.perf_counter()
    measured = [
        asyncio.create_task(_reader(base, TV_ADDRESS, screen, 0.1, td, warm_up_s, samples, done)),
        asyncio.create_task(
            _reader(base, CONSOLE_ADDRESS, [f"/t/{TID}/console"], 0.1, td, warm_up_s, samples, done)
        ),
    ]
    public = asyncio.create_task(
        _reader(base, PUBLIC_SCREEN_ADDRESS, screen, 2.0, {}, warm_up_s, None, done)
    )
    tv, console = await asyncio.gather(*measured)
    done.set()
    seconds = time.perf_counter() - started - warm_up_s
    answers: dict[str, int] = {}
    if loud is not None:
        out, _ = loud.communicate(timeout=120)
        answers = json.loads(out)
    return {"TV": tv, "public screen": await public, "console": console}, answers, seconds


async def _first_reads(base: str, session: str) -> dict[str, float]:
    """The first read of each page and API the readers use, on the server just set up (ms):
    what a TV switched on, or a console opened, waits for the first time."""
    firsts: dict[str, float] = {}
    td = {COOKIE: session}
    for name, path in (
        ("clock page", f"/t/{TID}/clock"),
        ("clock API", f"/api/tournaments/{TID}/clock"),
        ("console", f"/t/{TID}/console"),
    ):
        async with _client(base, TV_ADDRESS, cookies=td) as client:
            start = time.perf_counter()
            (await client.get(path)).raise_for_status()
            firsts[name] = (time.perf_counter() - start) * 1000
    return firsts


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


def _figures(reader: str, phase: str, reading: Reading, target: bool) -> str:
    """One reader's figures for one phase, on one line, with the target when it has one."""
    values = reading.latencies or [float("nan")]
    line = (
        f"{reader} {phase}: {len(reading.latencies)} reads, {reading.refused} refused; "
        f"p50 {_percentile(values, 0.5):.1f} ms, p95 {_percentile(values, 0.95):.1f} ms, "
        f"p99 {_percentile(values, 0.99):.1f} ms, max {max(values):.1f} ms"
    )
    if not target:
        return line + " (no target: a refresh every 2 s)"
    met = _percentile(values, 0.99) < TARGET_P99_MS and not reading.refused
    verdict = "met" if met else "MISSED"
    return line + f": target p99 < {TARGET_P99_MS:.0f} ms, none refused: {verdict}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attackers", type=int, default=100)
    parser.add_argument(
        "--samples", type=int, default=1000, help="reads counted per measured reader and phase"
    )
    parser.add_argument(
        "--warm-up", type=float, default=3.0, help="seconds of reads not counted, each phase"
    )
    parser.add_argument("--slow", type=int, default=800)
    options = parser.parse_args()
    console = Console(soft_wrap=True)  # one line per figure, however wide
    with served() as (server, token):
        ready = next((line for line in server.log.read_text().splitlines() if "ready" in line), "")
        session = _set_up(server.url, token)
        firsts = asyncio.run(_first_reads(server.url, session))
        alone, _, alone_s = asyncio.run(
            _phase(server.url, server.port, 0, options.samples, options.warm_up, session)
        )
        server_cpu = _cpu_seconds(server.process.pid)
        loud, answers, loud_s = asyncio.run(
            _phase(
                server.url, server.port, options.attackers, options.samples, options.warm_up,
                session,
            )
        )  # fmt: skip
        server_cpu = _cpu_seconds(server.process.pid) - server_cpu
        load = os.getloadavg()
        slow_closed, slow_last = asyncio.run(_slow_headers(server.port, options.slow))
    console.print(f"the server's start: {ready.strip()}")
    for name, ms in firsts.items():
        verdict = "met" if ms < TARGET_P99_MS else "MISSED"
        console.print(
            f"first read of the {name} after the start: {ms:.1f} ms: target < "
            f"{TARGET_P99_MS:.0f} ms (no warm-up stall): {verdict}"
        )
    for phase, readings, seconds in (
        ("alone", alone, alone_s),
        (f"under {options.attackers} looping clients", loud, loud_s),
    ):
        console.print(
            f"-- {phase}: {seconds:.0f} s measured after {options.warm_up:.0f} s of warm-up "
            "reads not counted"
        )
        for reader, reading in readings.items():
            console.print(_figures(reader, phase, reading, reader != "public screen"))
    console.print(
        f"this machine's load average at the end of the loud phase: {load[0]:.1f} (1 min), "
        f"{load[1]:.1f} (5 min) on {os.cpu_count()} cores"
    )
    crowd_cpu = answers.pop("cpu_ms", 0) / 1000
    total = sum(answers.values())
    crowd = ", ".join(f"{code}: {count}" for code, count in sorted(answers.items()))
    console.print(f"the crowd's {total} answers ({total / max(loud_s, 1e-9):.0f}/s): {crowd}")
    console.print(
        f"429 answers to the crowd: {answers.get('429', 0)}; CPU used under load: the server "
        f"{server_cpu:.1f} s, the crowd (its own process) {crowd_cpu:.1f} s, in "
        f"{loud_s + options.warm_up:.0f} s"
    )
    verdict = "met" if slow_closed == options.slow else "MISSED"
    console.print(
        f"slow headers: {slow_closed} of {options.slow} connections closed within the "
        f"{HEADER_TIMEOUT_S:.0f} s header timeout (+1 s), the longest open {slow_last:.1f} s: "
        f"target all {verdict}"
    )


if __name__ == "__main__":
    main()
