"""A dealt tournament of bot clients through a real ``pokerfloor serve`` (issue 31's measure):
every player is a client of its own that follows its phone page over the WebSocket
(``/t/{id}/play/{player}/{key}/live``, from its own loopback address like a phone in a room)
and acts when its page says it is its turn: over that same WebSocket (``--act ws``, the phone
page's way: a message ``{"kind": ...}``, answered on the socket) or over HTTP (``--act http``:
``POST /api/tournaments/{id}/dealt/players/{player}/act``). The server's own dealer deals,
times out and records the hands.

The clients run in ``--processes`` processes (each a share of the tables, every client of a
table in the same process), so that the bench measures the server and not its own clients:
one process of 1,000 clients used more CPU than the server it was loading.

Measured, in the same run: actions per second the server sustained; for each action, the time
from its acknowledgement (the answer read) to its push reaching every client at that table
(the first message each of them gets after the action was sent; one that came before the
answer counts as 0), p50 and p99; the server process's CPU per action (``/proc``, user +
system); the clients' CPU; ratios to issue 31's targets (200 actions/s, p99 < 100 ms). With
``--profile``, ``py-spy`` samples the server during the measure (``--native``: the hand engine
is compiled by mypyc, its C functions are named after its modules) and the hand engine's share
of the server's samples is printed, with the largest costs. Then the measure's second half:
the tournament's finished hands, downloaded as the TD does (``hands.phhs``), replayed by
``pokerfloor phh check``'s module with 0 disagreements as the target.

A page's pushes come in parts (``web/pages/common/_dealt_live.py``): the table's part, the same
text for every client of the table, and the player's own part (their turn, their choices)
when it changed; a client's turn is read from its own part.

The bots: check when they may; facing a bet, call or fold at random; at a showdown, show
(through the phone page's form, as a tap). Players' secret links are read from the TD's dealt
page (signed in with the TD token), their tables from the seating chart.

Run: python3 -m uv run python -m bench.dealt_serve [--players 1000] [--seconds 30]
     [--processes 4] [--act ws|http] [--profile]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import shutil
import subprocess
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from websockets.asyncio.client import connect

from bench.dealt import replayed_by_phh_check
from bench.fanout import _percentiles, _phone, served
from pokerfloor.dealt.mode import PAUSE_SECONDS
from pokerfloor.formats._phh_check import CorpusSummary

TARGET_ACTIONS_PER_SECOND = 200
TARGET_P99_MS = 100.0
TID = "dealt-bench"
PROFILE = "tda-2024"
_LINK = re.compile(r'<a href="(/t/[^"]+/play/([^/"]+)/[0-9a-f]+)" data-player="')
_TABLE = re.compile(r"aria-label=\"Table (\d+)\"")
_KINDS = re.compile(r'<button name="kind" value="(\w+)"')
# The hand: the table's part and the player's own part both carry it (``data-hand``).
_HAND = re.compile(r'data-hand="(\d+)"')
# The table's part: its hand, and whether that hand is over (``dealt_table_part.html``).
_PART = re.compile(r'<div id="dealt-table-part" class="dealt-table-part" data-hand="(\d+)"')
_OVER = 'class="dealt-over"'
# The answer to an action sent over the socket (``dealt_answer.html``).
_ANSWER = re.compile(r'<div id="flash"[^>]*data-answer="(\w*)"[^>]*data-code="(\w*)"')


@dataclass
class _Stats:
    actions: int = 0
    refused: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    latencies_ms: list[float] = field(default_factory=list)
    acks_ms: list[float] = field(default_factory=list)  # from an action sent to its answer
    measuring: bool = False
    # table -> the clients' message arrival times, per client (appended as they come)
    arrivals: dict[int, dict[str, list[float]]] = field(default_factory=dict)
    # table -> its part's states as first seen by a client: (time, hand, hand over)
    phases: dict[int, list[tuple[float, int, bool]]] = field(default_factory=dict)
    table_actions: Counter[int] = field(default_factory=Counter)

    def seen(self, table: int, text: str, now: float) -> None:
        """The table's part in a message: its state noted when it changed (the first client
        of the table to get it)."""
        part = _PART.search(text)
        if part is None:
            return
        state = (int(part.group(1)), _OVER in text)
        states = self.phases.setdefault(table, [])
        if not states or states[-1][1:] != state:
            states.append((now, *state))


def _between_hands(
    states: list[tuple[float, int, bool]], start: float, end: float
) -> tuple[float, int]:
    """The seconds of [start, end] a table spent between two hands (from the first client
    that saw its hand over to the first that saw the next deal: the pause after a hand, a
    bust's wait for a rebuy, the dealer's next pass, the push), and the deals in that time."""
    between, deals, over_since = 0.0, 0, None
    for at, _hand, over in states:
        if over:
            over_since = at if over_since is None else over_since
            continue
        if over_since is not None:
            between += max(0.0, min(at, end) - max(over_since, start))
            over_since = None
            deals += start <= at <= end
    if over_since is not None:
        between += max(0.0, end - max(over_since, start))
    return between, deals


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _loop_thread(pid: int) -> tuple[float, float]:
    """The server's main thread (its event loop): the seconds it ran and the seconds it waited
    for a core while runnable (``/proc/<pid>/task/<pid>/schedstat``): a loop that is never
    idle is busy, or waits for a core that the machine's other work holds."""
    ran, waited, _slices = Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split()
    return int(ran) / 1e9, int(waited) / 1e9


async def _set_up(
    url: str, token: str, players: int, pause: int | None
) -> tuple[dict[str, str], dict[str, int]]:
    """The tournament dealt by pokerfloor, its players seated; their secret links and tables.
    ``pause``: the seconds between two hands (None: the product's default, ``PAUSE_SECONDS``:
    the time a finished hand stays shown is the product's, not the bench's to shorten)."""
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(base_url=url, headers=headers, timeout=120.0) as client:
        created = {"type": "create_tournament", "tournament_id": TID, "profile": PROFILE,
                   "structure": "turbo", "table_size": 9}  # fmt: skip
        (await client.post("/api/tournaments", json=created)).raise_for_status()
        for number in range(1, players + 1):
            body = {"type": "register_player", "player_id": f"b{number}", "name": f"Bot {number}"}
            (await client.post(f"/api/tournaments/{TID}/commands", json=body)).raise_for_status()
        for seeded in ({"type": "draw_seats", "seed": 1}, {"type": "place_buttons", "seed": 1}):
            (await client.post(f"/api/tournaments/{TID}/commands", json=seeded)).raise_for_status()
        times = {"action_seconds": 10, "bank_seconds": 0, "away_after": 0}
        if pause is not None:
            times["pause_seconds"] = pause
        (await client.post(f"/api/tournaments/{TID}/dealt", json=times)).raise_for_status()
        chart = (await client.get(f"/api/tournaments/{TID}/seating")).json()
    tables = {
        seat["player_id"]: table["table_no"] for table in chart["tables"] for seat in table["seats"]
    }
    async with httpx.AsyncClient(base_url=url, timeout=120.0) as browser:
        await browser.post("/login", data={"token": token, "next": "/"})
        page = (await browser.get(f"/t/{TID}/dealt")).text
    return {player: link for link, player in _LINK.findall(page)}, tables


@dataclass
class _Turn:
    """An action sent over the socket, waiting for its answer."""

    sent: float
    table: int
    counted: bool


async def _player(
    url: str, act: str, number: int, player: str, link: str, stats: _Stats, stop: asyncio.Event,
    http: httpx.AsyncClient,
) -> None:  # fmt: skip
    """One bot's phone: reads each push, acts at its turn, times the action's fan-out."""
    rng = random.Random(number)
    ws_url = url.replace("http://", "ws://") + link + "/live"
    key = link.rsplit("/", 1)[1]
    table = 0
    acted_on = ""
    waiting: _Turn | None = None
    async with connect(ws_url, local_addr=_phone(number), open_timeout=60) as socket:
        while not stop.is_set():
            try:
                message = await asyncio.wait_for(socket.recv(), timeout=1.0)
            except TimeoutError:
                continue
            now = time.perf_counter()
            text = message if isinstance(message, str) else message.decode()
            answer = _ANSWER.match(text)
            if answer:  # the answer to this client's action (not a push)
                if waiting is not None and waiting.counted:
                    _answered(stats, waiting, now, answer.group(1) == "ok", answer.group(2))
                waiting = None
                continue
            found = _TABLE.search(text)
            if found:
                table = int(found.group(1))
            if table:
                stats.arrivals.setdefault(table, {}).setdefault(player, []).append(now)
                stats.seen(table, text, now)
            if 'data-your-turn="0"' in text:  # their own part: not (or no longer) their turn
                acted_on = ""
            if 'data-your-turn="1"' not in text:
                continue
            kinds = set(_KINDS.findall(text))
            hand = _HAND.search(text)
            turn = f"{hand.group(1) if hand else ''}:{len(text)}:{sorted(kinds)}"
            if turn == acted_on:  # the same turn pushed again (with the table's part)
                continue  # (a next turn comes after a part that says it is not theirs: the
            # same text for two turns of a hand, a check on the flop and on the turn, acts)
            acted_on = turn
            if "show" in kinds:
                kind = "show"
            elif "check" in kinds:
                kind = "check"
            elif "call" in kinds and rng.random() < 0.5:
                kind = "call"
            else:
                kind = "fold"
            sent = time.perf_counter()
            if act == "ws":
                waiting = _Turn(sent, table, counted=kind != "show")
                await socket.send(json.dumps({"kind": kind}))
                continue
            if kind == "show":
                await http.post(f"{link}/act", data={"kind": "show"},
                                headers={"Origin": url})  # fmt: skip
                continue
            response = await http.post(
                f"/api/tournaments/{TID}/dealt/players/{player}/act",
                params={"key": key}, json={"kind": kind},
            )  # fmt: skip
            code = "" if response.status_code == 200 else response.json().get("code", "?")
            _answered(stats, _Turn(sent, table, True), time.perf_counter(), not code, code)


def _answered(stats: _Stats, turn: _Turn, acked: float, ok: bool, code: str) -> None:
    if not stats.measuring:
        return
    if not ok:
        stats.refused += 1
        stats.refusals[code] += 1
        return
    stats.actions += 1
    stats.table_actions[turn.table] += 1
    stats.acks_ms.append((acked - turn.sent) * 1000)
    asyncio.get_running_loop().create_task(_fan_out(stats, turn.table, turn.sent, acked))


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


async def _clients(url: str, act: str, share: list[tuple[int, str, str]], pipe: Connection) -> None:
    """A worker's clients: connect, say "ready", measure between "measure" and "stop"."""
    stats = _Stats()
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=100, max_keepalive_connections=100)
    async with httpx.AsyncClient(base_url=url, timeout=60.0, limits=limits) as http:
        tasks = []
        for count, (number, player, link) in enumerate(share):
            tasks.append(asyncio.create_task(
                _player(url, act, number, player, link, stats, stop, http)))  # fmt: skip
            if count % 50 == 49:
                await asyncio.sleep(0.2)  # connect in batches
        await asyncio.sleep(1.0)
        pipe.send("ready")
        assert await asyncio.to_thread(pipe.recv) == "measure"
        stats.measuring, cpu_before = True, time.process_time()
        start = time.perf_counter()
        assert await asyncio.to_thread(pipe.recv) == "stop"
        stats.measuring, cpu = False, time.process_time() - cpu_before
        end = time.perf_counter()
        await asyncio.sleep(0.5)  # the last fan-outs
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    tables = {table: _between_hands(states, start, end) for table, states in stats.phases.items()}
    pipe.send({"actions": stats.actions, "refused": stats.refused,
               "refusals": dict(stats.refusals), "latencies_ms": stats.latencies_ms,
               "acks_ms": stats.acks_ms, "cpu": cpu, "tables": tables,
               "seconds": end - start})  # fmt: skip


def _worker(url: str, act: str, share: list[tuple[int, str, str]], pipe: Connection) -> None:
    asyncio.run(_clients(url, act, share, pipe))


def _shares(
    links: dict[str, str], tables: dict[str, int], processes: int
) -> list[list[tuple[int, str, str]]]:
    """The clients split by table: every client of a table in the same process."""
    numbered = sorted(links.items(), key=lambda item: (tables.get(item[0], 0), item[0]))
    order = sorted({tables.get(player, 0) for player in links})
    worker_of = {table: index % processes for index, table in enumerate(order)}
    shares: list[list[tuple[int, str, str]]] = [[] for _ in range(processes)]
    for number, (player, link) in enumerate(numbered):
        shares[worker_of[tables.get(player, 0)]].append((number, player, link))
    return [share for share in shares if share]


def _profile(pid: int, seconds: float, out: Path) -> subprocess.Popen[bytes] | None:
    """py-spy sampling the server (C frames too: the compiled hand engine) for ``seconds``."""
    spy = shutil.which("py-spy")
    if spy is None:
        return None
    command = [spy, "record", "--pid", str(pid), "--duration", str(int(seconds)), "--native",
               "--gil", "--rate", str(_RATE), "--format", "raw", "--output", str(out)]  # fmt: skip
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


_RATE = 50  # samples per second: py-spy pauses the server at each (C frames need it)
# The hand engine: its Python modules, or their C functions when compiled by mypyc
# (``CPyDef__engine___...``, ``CPyPy__apply___...``).
_ENGINE = re.compile(
    r"pokerfloor/hand/|CPy\w*?_(_?(engine|apply|betting|legality|live|model|pots|rules|setup|"
    r"showdown|showdown_rights|state|timeout|replay))___"
)


def _read_profile(path: Path, top: int = 12) -> tuple[float, list[tuple[str, float]]]:
    """The hand engine's share of the samples, and the functions with the most own samples."""
    total, engine = 0, 0
    own: Counter[str] = Counter()
    for line in path.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        total += count
        if _ENGINE.search(stack):
            engine += count
        own[stack.rsplit(";", 1)[-1]] += count
    return engine / max(total, 1), [(name, n / max(total, 1)) for name, n in own.most_common(top)]


def _run(
    url: str, token: str, pid: int, players: int, seconds: float, processes: int, act: str,
    profile: Path | None, pause: int | None,
) -> dict[str, Any]:  # fmt: skip
    links, tables = asyncio.run(_set_up(url, token, players, pause))
    context = multiprocessing.get_context("spawn")
    pipes, workers = [], []
    for share in _shares(links, tables, processes):
        mine, theirs = context.Pipe()
        worker = context.Process(target=_worker, args=(url, act, share, theirs), daemon=True)
        worker.start()
        pipes.append(mine)
        workers.append(worker)
    for pipe in pipes:
        if not pipe.poll(300):
            raise RuntimeError("a client process did not connect")
        assert pipe.recv() == "ready"
    headers = {"Authorization": f"Bearer {token}"}
    httpx.post(f"{url}/api/tournaments/{TID}/commands", json={"type": "start_clock"},
               headers=headers, timeout=60).raise_for_status()  # fmt: skip
    time.sleep(3.0)  # the first deals
    spy = _profile(pid, seconds, profile) if profile is not None else None
    for pipe in pipes:
        pipe.send("measure")
    cpu_before, start, loop_before = _cpu_seconds(pid), time.perf_counter(), _loop_thread(pid)
    time.sleep(seconds)
    for pipe in pipes:
        pipe.send("stop")
    cpu, elapsed = _cpu_seconds(pid) - cpu_before, time.perf_counter() - start
    loop_ran, loop_waited = (after - before for after, before in zip(
        _loop_thread(pid), loop_before, strict=True))  # fmt: skip
    results = [pipe.recv() for pipe in pipes]
    for worker in workers:
        worker.join(30)
    if spy is not None:
        spy.wait(60)
    actions = sum(r["actions"] for r in results)
    latencies = [ms for r in results for ms in r["latencies_ms"]] or [0.0]
    refusals: Counter[str] = Counter()
    for r in results:
        refusals.update(r["refusals"])
    cuts = _percentiles(latencies)
    acks = _percentiles([ms for r in results for ms in r["acks_ms"]] or [0.0])
    # The tables' time between hands: the share of their time the dealer's pacing took. Were
    # the hands themselves instant (the server and the bots), each table would play its
    # actions in that time only: the rate the pacing allows is the rate over that share.
    table_seconds = sum(r["seconds"] * len(r["tables"]) for r in results)
    between = sum(seconds for r in results for seconds, _ in r["tables"].values())
    deals = sum(count for r in results for _, count in r["tables"].values())
    between_share = between / max(table_seconds, 1e-9)
    found: dict[str, Any] = {
        "players": len(links),
        "actions": actions,
        "per_second": actions / elapsed,
        "p50_ms": cuts["p50"],
        "p99_ms": cuts["p99"],
        "cpu_ms_per_action": cpu * 1000 / max(actions, 1),
        "server_cores": cpu / elapsed,
        "loop_ran": loop_ran / elapsed,
        "loop_waited": loop_waited / elapsed,
        "client_cores": sum(r["cpu"] for r in results) / elapsed,
        "processes": len(results),
        "refused": sum(r["refused"] for r in results),
        "refusals": dict(refusals),
        "measured": len(latencies),
        "tables": sum(len(r["tables"]) for r in results),
        "between_share": between_share,
        "deals": deals,
        "gap_s": between / max(deals, 1),
        "pacing_bound": actions / elapsed / max(between_share, 1e-9),
        "in_hand_ms": (table_seconds - between) * 1000 / max(actions, 1),
        "ack_p50_ms": acks["p50"],
        "ack_p99_ms": acks["p99"],
    }
    if profile is not None and profile.exists():
        found["engine_share"], found["top"] = _read_profile(profile)
    return found


def _phh_check(url: str, token: str) -> tuple[CorpusSummary, int]:
    """The tournament's finished hands downloaded as the TD does (its ``.phhs``, every card)
    and replayed by ``pokerfloor phh check``'s module with the tournament's profile: the
    measure's second half, in the same run."""
    headers = {"Authorization": f"Bearer {token}"}
    answer = httpx.get(f"{url}/api/tournaments/{TID}/dealt/hands.phhs", headers=headers,
                       timeout=300.0)  # fmt: skip
    answer.raise_for_status()
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / f"{TID}-hands.phhs"
        path.write_bytes(answer.content)
        return replayed_by_phh_check(path, PROFILE)


def _verdict(result: dict[str, Any]) -> str:
    def number(name: str) -> float:
        return float(result[name])

    rate, bound = number("per_second"), number("pacing_bound")
    loop = number("loop_ran") + number("loop_waited")
    if number("server_cores") >= 0.9:
        return "Bound by the server: its core is saturated."
    if loop >= 0.8 or number("loop_waited") >= 0.25:
        return (
            "Bound by the machine: the server's event loop waits for a core a good part of "
            "its time, its act threads too (measure on a quiet machine)."
        )
    if bound < TARGET_ACTIONS_PER_SECOND or rate >= 0.8 * bound:
        return "Bound by the dealer's pacing (between hands)."
    if number("ack_p50_ms") >= 0.5 * number("in_hand_ms"):
        return (
            "Bound by the actions' answers: most of a hand's time per action waits for the "
            "answer (the server's act path, not the pushes)."
        )
    return "Neither saturated: the turn-around in a hand (the latency)."


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--processes", type=int, default=4, help="client processes")
    parser.add_argument("--act", choices=("ws", "http"), default="ws")
    parser.add_argument("--profile", metavar="FILE", help="py-spy the server: raw stacks in FILE")
    pause_help = f"seconds between hands (default: the product's, {PAUSE_SECONDS})"
    parser.add_argument("--pause", type=int, default=None, help=pause_help)
    args = parser.parse_args()
    console = Console()
    with served() as (server, token):
        profile = Path(args.profile) if args.profile else None
        result = _run(server.url, token, server.process.pid, args.players, args.seconds,
                      args.processes, args.act, profile, args.pause)  # fmt: skip
        replayed, disagreements = _phh_check(server.url, token)
    console.print(
        f"{result['players']} players, {result['actions']} actions in {args.seconds:.0f} s "
        f"through one pokerfloor serve, acting over {args.act}: {result['per_second']:.1f} "
        f"actions/s (x{float(result['per_second']) / TARGET_ACTIONS_PER_SECOND:.2f} of 200/s); "
        f"ack to the push at every client of the table: p50 {result['p50_ms']:.1f} ms, p99 "
        f"{result['p99_ms']:.1f} ms (x{TARGET_P99_MS / max(float(result['p99_ms']), 1e-9):.2f} "
        f"of the 100 ms budget; {result['measured']} actions measured); server CPU "
        f"{result['cpu_ms_per_action']:.1f} ms per action; {result['refused']} refused "
        f"{result['refusals'] or ''}; cores busy: server {result['server_cores']:.2f}, the "
        f"clients ({result['processes']} processes) {result['client_cores']:.2f}; load "
        f"{os.getloadavg()[0]:.1f}"
    )
    pause = PAUSE_SECONDS if args.pause is None else args.pause
    console.print(
        f"What limits the rate: the server busy {float(result['server_cores']) * 100:.0f}% of "
        f"one core (its Python runs on one: the GIL), its event loop's thread running "
        f"{float(result['loop_ran']) * 100:.0f}% of the time and waiting for a core "
        f"{float(result['loop_waited']) * 100:.0f}% (the machine's other work); the "
        f"{result['tables']} tables between "
        f"hands {float(result['between_share']) * 100:.0f}% of their time ({result['deals']} "
        f"deals, {float(result['gap_s']):.2f} s from a hand over to the next deal: the pause "
        f"of {pause} s, a bust's wait for a rebuy, the dealer's next pass), in a hand "
        f"{float(result['in_hand_ms']):.0f} ms per action (the server and the bots; from an "
        f"action sent to its answer p50 {float(result['ack_p50_ms']):.1f} ms, p99 "
        f"{float(result['ack_p99_ms']):.1f} ms); the "
        f"dealer's pacing alone bounds it at {float(result['pacing_bound']):.0f} actions/s. "
        f"{_verdict(result)}"
    )
    console.print(
        f"{replayed.hands} hands replayed by phh check, {disagreements} "
        f"disagreements (target 0); {replayed.replayed} replayed to the end, finishing "
        f"stacks {dict(replayed.finishing)}, {replayed.hands_per_second:,.0f} hands/s"
    )
    for kind, texts in sorted(replayed.found.items()):
        for text in texts:
            console.print(f"  {kind}: {text}", markup=False, highlight=False)
    if "engine_share" in result:
        console.print(
            f"py-spy of the server ({_RATE} samples/s holding the GIL, C frames): the hand "
            f"engine's share {float(result['engine_share']) * 100:.1f}% of its samples; the "
            "most own samples:"
        )
        for name, share in result["top"]:
            console.print(f"  {share * 100:5.1f}%  {name[:150]}", markup=False, highlight=False)


if __name__ == "__main__":
    main()
