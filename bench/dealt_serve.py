"""A dealt tournament of bot clients through a real ``pokerfloor serve`` (issue 31's measure):
every player is a client of its own that follows its phone page over the WebSocket
(``/t/{id}/play/{player}/{key}/live``, from its own loopback address like a phone in a room)
and acts over HTTP (``POST /api/tournaments/{id}/dealt/players/{player}/act``) when its page
says it is its turn. The server's own dealer deals, times out and records the hands.

Measured, in the same run: actions per second the server sustained; for each action, the time
from its acknowledgement (the HTTP answer read) to its push reaching every client at that
table (the first message each of them gets after the action was sent; one that came before
the answer counts as 0), p50 and p99; the server process's CPU per action (``/proc``, user +
system); ratios to issue 31's targets (200 actions/s, p99 < 100 ms). The hand engine's share of
the CPU is ``bench/dealt.py``'s (profiled in one process: the server's engine is compiled and
invisible to a profiler).

A page's pushes come in parts (``web/pages/common/_dealt_live.py``): the table's part, the same
text for every client of the table, and the player's own part (their turn, their choices)
when it changed; a client's turn is read from its own part.

The bots: check when they may; facing a bet, call or fold at random; at a showdown, show
(through the phone page's form, as a tap). Players' secret links are read from the TD's dealt
page (signed in with the TD token).

Run: python3 -m uv run python -m bench.dealt_serve [--players 1000] [--seconds 30]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from rich.console import Console
from websockets.asyncio.client import connect

from bench.fanout import _percentiles, _phone, served

TARGET_ACTIONS_PER_SECOND = 200
TARGET_P99_MS = 100.0
TID = "dealt-bench"
_LINK = re.compile(r'<a href="(/t/[^"]+/play/([^/"]+)/[0-9a-f]+)" data-player="')
_TABLE = re.compile(r"aria-label=\"Table (\d+)\"")
_KINDS = re.compile(r'<button name="kind" value="(\w+)"')
# The hand: the table's part and the player's own part both carry it (``data-hand``).
_HAND = re.compile(r'data-hand="(\d+)"')


@dataclass
class _Stats:
    actions: int = 0
    refused: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    # table -> the clients' message arrival times, per client (appended as they come)
    arrivals: dict[int, dict[str, list[float]]] = field(default_factory=dict)


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _set_up(url: str, token: str, players: int) -> dict[str, str]:
    """The tournament dealt by pokerfloor, its players seated; their secret links."""
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=120.0) as client:
        created = {"type": "create_tournament", "tournament_id": TID, "structure": "turbo",
                   "table_size": 9}  # fmt: skip
        (await client.post("/api/tournaments", json=created)).raise_for_status()
        for number in range(1, players + 1):
            body = {"type": "register_player", "player_id": f"b{number}", "name": f"Bot {number}"}
            (await client.post(f"/api/tournaments/{TID}/commands", json=body)).raise_for_status()
        for body in ({"type": "draw_seats", "seed": 1}, {"type": "place_buttons", "seed": 1}):
            (await client.post(f"/api/tournaments/{TID}/commands", json=body)).raise_for_status()
        times = {"action_seconds": 10, "bank_seconds": 0, "away_after": 0, "pause_seconds": 1}
        (await client.post(f"/api/tournaments/{TID}/dealt", json=times)).raise_for_status()
    async with httpx.AsyncClient(base_url=url, timeout=120.0) as browser:
        await browser.post("/login", data={"token": token, "next": "/"})
        page = (await browser.get(f"/t/{TID}/dealt")).text
    return {player: link for link, player in _LINK.findall(page)}


async def _player(
    url: str, number: int, player: str, link: str, stats: _Stats, stop: asyncio.Event,
    http: httpx.AsyncClient,
) -> None:  # fmt: skip
    """One bot's phone: reads each push, acts at its turn, times the action's fan-out."""
    rng = random.Random(number)
    ws_url = url.replace("http://", "ws://") + link + "/live"
    key = link.rsplit("/", 1)[1]
    table = 0
    acted_on = ""
    async with connect(ws_url, local_addr=_phone(number), open_timeout=60) as socket:
        while not stop.is_set():
            try:
                message = await asyncio.wait_for(socket.recv(), timeout=1.0)
            except TimeoutError:
                continue
            now = time.perf_counter()
            text = message if isinstance(message, str) else message.decode()
            found = _TABLE.search(text)
            if found:
                table = int(found.group(1))
            if table:
                stats.arrivals.setdefault(table, {}).setdefault(player, []).append(now)
            if 'data-your-turn="1"' not in text:
                continue
            kinds = set(_KINDS.findall(text))
            hand = _HAND.search(text)
            turn = f"{hand.group(1) if hand else ''}:{len(text)}:{sorted(kinds)}"
            if turn == acted_on:  # the same turn pushed again (a clock, another table)
                continue
            acted_on = turn
            if "show" in kinds:
                await http.post(f"{link}/act", data={"kind": "show"},
                                headers={"Origin": url})  # fmt: skip
                continue
            if "check" in kinds:
                kind = "check"
            elif "call" in kinds and rng.random() < 0.5:
                kind = "call"
            else:
                kind = "fold"
            sent = time.perf_counter()
            answer = await http.post(
                f"/api/tournaments/{TID}/dealt/players/{player}/act",
                params={"key": key}, json={"kind": kind},
            )  # fmt: skip
            acked = time.perf_counter()
            if answer.status_code != 200:
                stats.refused += 1
                continue
            stats.actions += 1
            asyncio.get_running_loop().create_task(_fan_out(stats, table, sent, acked))


async def _fan_out(stats: _Stats, table: int, sent: float, acked: float) -> None:
    """The time from the action's answer to its push reaching every client at the table."""
    clients = dict(stats.arrivals.get(table, {}))
    deadline = acked + 5.0
    while time.perf_counter() < deadline:
        firsts = [next((t for t in times if t > sent), None) for times in clients.values()]
        if firsts and all(first is not None for first in firsts):
            latest = max(first for first in firsts if first is not None)
            stats.latencies_ms.append(max(0.0, latest - acked) * 1000)
            return
        await asyncio.sleep(0.005)


async def _run(url: str, token: str, pid: int, players: int, seconds: float) -> dict[str, float]:
    links = await _set_up(url, token, players)
    stats = _Stats()
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=url, timeout=60.0, limits=limits) as http:
        tasks = []
        for number, (player, link) in enumerate(sorted(links.items())):
            tasks.append(asyncio.create_task(
                _player(url, number, player, link, stats, stop, http)))  # fmt: skip
            if number % 50 == 49:
                await asyncio.sleep(0.2)  # connect in batches
        await asyncio.sleep(2.0)
        headers = {"Authorization": f"Bearer {token}"}
        (await http.post(f"/api/tournaments/{TID}/commands", json={"type": "start_clock"},
                         headers=headers)).raise_for_status()  # fmt: skip
        await asyncio.sleep(3.0)  # the first deals
        first_actions, cpu_before, start = stats.actions, _cpu_seconds(pid), time.perf_counter()
        clients_before = time.process_time()  # this process: the 1,000 clients
        first_latencies = len(stats.latencies_ms)
        await asyncio.sleep(seconds)
        actions = stats.actions - first_actions
        elapsed = time.perf_counter() - start
        cpu = _cpu_seconds(pid) - cpu_before
        clients_cpu = time.process_time() - clients_before
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    latencies = stats.latencies_ms[first_latencies:] or [0.0]
    cuts = _percentiles(latencies)
    return {
        "players": len(links),
        "actions": actions,
        "per_second": actions / elapsed,
        "p50_ms": cuts["p50"],
        "p99_ms": cuts["p99"],
        "cpu_ms_per_action": cpu * 1000 / max(actions, 1),
        "server_cores": cpu / elapsed,
        "client_cores": clients_cpu / elapsed,
        "refused": stats.refused,
        "measured": len(latencies),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    console = Console()
    with served() as (server, token):
        result = asyncio.run(
            _run(server.url, token, server.process.pid, args.players, args.seconds)
        )
    console.print(
        f"{result['players']:.0f} players, {result['actions']:.0f} actions in {args.seconds:.0f} s "
        f"through one pokerfloor serve: {result['per_second']:.1f} actions/s "
        f"(x{result['per_second'] / TARGET_ACTIONS_PER_SECOND:.2f} of 200/s); ack to the push at "
        f"every client of the table: p50 {result['p50_ms']:.1f} ms, p99 {result['p99_ms']:.1f} ms "
        f"(x{TARGET_P99_MS / max(result['p99_ms'], 1e-9):.2f} of the 100 ms budget; "
        f"{result['measured']:.0f} actions measured); server CPU "
        f"{result['cpu_ms_per_action']:.1f} ms per action; {result['refused']:.0f} refused; "
        f"cores busy: server {result['server_cores']:.2f}, the clients (this process) "
        f"{result['client_cores']:.2f}; load {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
