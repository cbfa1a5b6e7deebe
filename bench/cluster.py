"""Several servers on one PostgreSQL database (issue 32, item 5), in one run.

1. **The bus**: the latency of one announcement from a publisher to a listener, Redis pub/sub
   against PostgreSQL's LISTEN/NOTIFY (both on loopback; the choice is written in
   docs/store.md), and what a publish costs the command that sends it.
2. **The cluster**: commands per second and the p99 push latency with 1, 2 and 3 real
   ``pokerfloor serve`` processes on one PostgreSQL database with the Redis bus. Client
   threads send clock adjustments (one event each) to ``--tournaments`` tournaments, each
   command to the next process in turn (any process accepts any command); a TD WebSocket on
   every process and tournament records when each event reaches it. The push latency is from
   the command's sending to the event's arrival on each process's subscriber (a TD's click to
   every screen, whatever process the screen is on). Ratios against one process are printed.

3. **A software-dealt tournament** of ``--players`` bots (10,000 by default) over 1 and 3
   processes (``--dealt-processes``): actions per second, push and bot-turn p99, and with
   ``--profile`` where one dealer's time goes (``bench/cluster_dealt.py``).

Run: python3 -m uv run python -m bench.cluster [--seconds 10] [--clients 6] [--tournaments 6]
[--players 10000] [--profile]
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import psycopg
import redis
from rich.console import Console
from rich.table import Table
from tests.cluster.cluster_processes import Cluster
from tests.cluster.redis_process import RedisProcess
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from bench import cluster_dealt
from pokerfloor.app._postgres import temporary_postgres

# ---- 1. the bus ----------------------------------------------------------------------------


def _percentiles(samples: list[float]) -> tuple[float, float, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered), p99, statistics.fmean(ordered)


def _round_trips(
    send: Callable[[str], object], listen: Callable[[Callable[[str], None]], None], count: int
) -> tuple[list[float], list[float]]:
    """(delivery latencies, publish call costs), in ms: ``listen(on_message)`` runs in a
    thread; each message is sent once the previous one arrived."""
    arrived: dict[str, float] = {}
    got = threading.Event()

    def on_message(text: str) -> None:
        arrived[text] = time.perf_counter()
        got.set()

    threading.Thread(target=listen, args=(on_message,), daemon=True).start()
    time.sleep(0.5)
    latencies: list[float] = []
    costs: list[float] = []
    for number in range(count):
        got.clear()
        text = f"{number} tournament/bench"
        started = time.perf_counter()
        send(text)
        costs.append((time.perf_counter() - started) * 1000)
        if not got.wait(5):
            raise RuntimeError(f"message {number} never arrived")
        latencies.append((arrived[text] - started) * 1000)
    return latencies, costs


def measure_redis(url: str, count: int) -> tuple[list[float], list[float]]:
    publisher = redis.Redis.from_url(url)

    def listen(on_message: Callable[[str], None]) -> None:
        pubsub = redis.Redis.from_url(url).pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
        pubsub.subscribe("bench")
        with contextlib.suppress(redis.RedisError):  # Redis stopped at the end of the run
            for message in pubsub.listen():
                if message["type"] == "message":
                    on_message(message["data"].decode())

    try:
        return _round_trips(lambda text: publisher.publish("bench", text), listen, count)
    finally:
        publisher.close()


def measure_notify(port: int, count: int) -> tuple[list[float], list[float]]:
    dsn = f"host=127.0.0.1 port={port} user=postgres dbname=postgres"
    sender = psycopg.connect(dsn, autocommit=True)

    def listen(on_message: Callable[[str], None]) -> None:
        listener = psycopg.connect(dsn, autocommit=True)
        listener.execute("LISTEN bench")
        with contextlib.suppress(psycopg.Error):  # PostgreSQL stopped at the end of the run
            for notice in listener.notifies():
                on_message(notice.payload)

    try:
        return _round_trips(
            lambda text: sender.execute("SELECT pg_notify('bench', %s)", (text,)), listen, count
        )
    finally:
        sender.close()


# ---- 2. the cluster --------------------------------------------------------------------------


class Watcher:
    """A TD WebSocket on one process and tournament: when each seq arrived."""

    def __init__(self, url: str, tournament_id: str, token: str) -> None:
        self.arrivals: dict[int, float] = {}
        self.stop = threading.Event()
        self.ready = threading.Event()
        address = f"{url.replace('http', 'ws', 1)}/ws/tournaments/{tournament_id}"
        self.thread = threading.Thread(target=self.run, args=(address, token), daemon=True)
        self.thread.start()

    def run(self, address: str, token: str) -> None:
        headers = {"Authorization": f"Bearer {token}"}
        try:
            with connect(address, additional_headers=headers, open_timeout=60) as socket:
                self.ready.set()
                while not self.stop.is_set():
                    try:
                        text = socket.recv(timeout=0.2)
                    except TimeoutError:
                        continue
                    seq = json.loads(text)["seq"]
                    self.arrivals.setdefault(seq, time.perf_counter())
        except (WebSocketException, OSError):
            self.ready.set()


def run_cluster(
    processes: int, folder: Path, database: str, bus_url: str, options: argparse.Namespace
) -> tuple[float, list[float], int]:
    """(commands/s, push latencies in ms, conflicts answered) with ``processes`` servers."""
    cluster = Cluster(database, bus_url, folder, count=processes)
    urls = [server.url for server in cluster.servers]
    tournaments = [f"bench-{processes}-{n}" for n in range(options.tournaments)]
    watchers: list[tuple[str, Watcher]] = []
    try:
        with httpx.Client(headers=cluster.headers, timeout=60) as client:
            for tid in tournaments:
                created = client.post(
                    f"{urls[0]}/api/tournaments",
                    json={"tournament_id": tid, "structure": "club-evening"},
                )
                created.raise_for_status()
                for body in (
                    {"type": "register_player", "player_id": "P1", "name": "Un"},
                    {"type": "register_player", "player_id": "P2", "name": "Deux"},
                    {"type": "draw_seats", "seed": 1},
                    {"type": "place_buttons", "seed": 2},
                    {"type": "start_clock"},
                ):
                    client.post(f"{urls[0]}/api/tournaments/{tid}/commands", json=body)
        for tid in tournaments:
            for url in urls:
                watchers.append((tid, Watcher(url, tid, cluster.token)))
        for _, watcher in watchers:
            watcher.ready.wait(60)
        time.sleep(1.0)

        sent: dict[tuple[str, int], float] = {}
        done = threading.Event()
        counts = {"ok": 0, "conflicts": 0}
        lock = threading.Lock()
        turns = itertools.count()

        def client_loop(number: int) -> None:
            tid = tournaments[number % len(tournaments)]
            with httpx.Client(headers=cluster.headers, timeout=60) as client:
                while not done.is_set():
                    url = urls[next(turns) % len(urls)]
                    started = time.perf_counter()
                    answer = client.post(
                        f"{url}/api/tournaments/{tid}/commands",
                        json={"type": "adjust_clock", "delta_ms": 1000 - 2000 * (number % 2)},
                    )
                    with lock:
                        if answer.status_code == 200:
                            counts["ok"] += 1
                            for event in answer.json()["events"]:
                                sent[(tid, event["seq"])] = started
                        else:
                            counts["conflicts"] += 1

        threads = [
            threading.Thread(target=client_loop, args=(n,), daemon=True)
            for n in range(options.clients)
        ]
        began = time.perf_counter()
        for thread in threads:
            thread.start()
        time.sleep(options.seconds)
        done.set()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - began
        time.sleep(3.0)  # the last pushes arrive (the poll fallback is 1 s)
        latencies = [
            (watcher.arrivals[seq] - started) * 1000
            for (tid, seq), started in sent.items()
            for name, watcher in watchers
            if name == tid and seq in watcher.arrivals
        ]
        missing = len(sent) * processes - len(latencies)
        if missing:
            print(f"  {processes} processes: {missing} pushes not received")
        return counts["ok"] / elapsed, latencies, counts["conflicts"]
    finally:
        for _, watcher in watchers:
            watcher.stop.set()
        cluster.kill_all()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--tournaments", type=int, default=6)
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--processes", default="1,2,3")
    cluster_dealt.add_options(parser)
    options = parser.parse_args()
    console = Console()
    with tempfile.TemporaryDirectory() as name, temporary_postgres() as postgres:
        folder = Path(name)
        os.environ["XDG_DATA_HOME"] = str(folder / "data")  # the TD token of the run
        redis_folder = folder / "redis"
        redis_folder.mkdir()
        bus = RedisProcess(redis_folder)
        try:
            table = Table(title=f"One announcement, publisher to listener ({options.messages})")
            for column in ("bus", "p50 ms", "p99 ms", "mean ms", "publish call p50 ms"):
                table.add_column(column, justify="right")
            for label, (latencies, costs) in (
                ("Redis pub/sub", measure_redis(bus.url, options.messages)),
                ("PostgreSQL NOTIFY", measure_notify(postgres.port, options.messages)),
            ):
                p50, p99, mean = _percentiles(latencies)
                cost = _percentiles(costs)[0]
                table.add_row(label, f"{p50:.3f}", f"{p99:.3f}", f"{mean:.3f}", f"{cost:.3f}")
            console.print(table)

            results: dict[int, tuple[float, float, float, int]] = {}
            for processes in [int(n) for n in options.processes.split(",")]:
                database = postgres.create_database(f"cluster_{processes}")
                # One folder for every run: the servers share its byte-code cache (a cold
                # start compiles every import) and the TD token of the first run.
                rate, latencies, conflicts = run_cluster(
                    processes, folder, database, bus.url, options
                )
                p50, p99, _ = _percentiles(latencies or [0.0])
                results[processes] = (rate, p50, p99, conflicts)
                console.print(f"{processes} process(es): {rate:.0f} commands/s, p99 {p99:.1f} ms")
            if options.players:
                cluster_dealt.measure(postgres, bus, folder, options, console)
        finally:
            bus.stop()
    base = results[min(results)]
    table = Table(
        title=f"Cluster on PostgreSQL + Redis ({options.clients} clients, "
        f"{options.tournaments} tournaments, {options.seconds:.0f} s each, {os.cpu_count()} cores)"
    )
    for column in (
        "processes",
        "commands/s",
        "ratio",
        "push p50 ms",
        "push p99 ms",
        "p99 ratio",
        "409 answered",
    ):
        table.add_column(column, justify="right")
    for processes, (rate, p50, p99, conflicts) in sorted(results.items()):
        table.add_row(
            str(processes),
            f"{rate:.0f}",
            f"{rate / base[0]:.2f}",
            f"{p50:.1f}",
            f"{p99:.1f}",
            f"{p99 / base[2]:.2f}",
            str(conflicts),
        )
    console.print(table)


if __name__ == "__main__":
    main()
