"""Issue 32, item 5, second half: a software-dealt tournament of ``--players`` bot players
spread over 1 to 3 real ``pokerfloor serve`` processes on one PostgreSQL database with the
Redis bus (target: 2,000 actions/s with p99 < 200 ms on this machine).

The tournament (registrations, seats, buttons, the dealt play chosen, a bot on every seat) is
built in memory and copied into the database before the servers start (the set-up is not what
is measured); the TD then starts the clock through the first server. Every server's dealer
ticks every table; a table is dealt by the server that appended to it last, another one takes
it over after ``TAKEOVER_MS`` of silence (app/_dealt_cluster.py), so the tables spread over
the processes by who dealt first.

Measured over ``--dealt-seconds`` once the first hands are dealt:

- **actions/s**: the bots' actions (``hand_step`` / ``acted``) stored per second, every table;
- **push p50/p99**: from an event's decision (its ``at_ms``) to its arrival on a TD
  WebSocket of the table on every process (``--watched`` tables), the bus included;
- **bot turn p50/p99**: from the event before a bot's action to the action (how long a table
  waits for its dealer's tick);
- the conflicts the servers' logs report are not counted: an overtaken append is dropped;
- **CPU per action by component** over the same window, from ``/proc/<pid>/stat`` (user +
  system): each server process, PostgreSQL (the postmaster and every child: the servers'
  backends, the WAL writer, the checkpointer...), redis-server and this bench (its TD
  WebSockets), and the whole machine's busy CPU from ``/proc/stat`` (the other sessions'
  load shows as "others"). The **ceiling** is the lower of ``cores / (CPU per action of the
  servers + PostgreSQL + Redis)`` (the most actions per second this machine could give if
  nothing else ran and every core were busy) and, for each server, ``one core / its CPU per
  action`` (a Python process's dealer uses one core at most): the profile the issue asks
  for when the target is missed.

``--profile`` then runs one dealer in this process for a few seconds on a copy of the
tournament under cProfile and prints where its time goes (what stands in the way of the
target on this machine).

Run: python3 -m uv run python -m bench.cluster_dealt [--players 10000] [--dealt-seconds 20]
[--dealt-processes 1,2,3] [--profile] [--profile-seconds 10] [--no-freeze]
(``--dealt-processes ""``: the profile only; ``--no-freeze``: without the dealer's
``gc.freeze``); ``python -m bench.cluster`` runs it after its own part
(``--players 0`` skips it).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import os
import pstats
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx
import psycopg
from rich.console import Console
from rich.table import Table
from tests.cluster.cluster_processes import Cluster
from tests.cluster.redis_process import RedisProcess
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from pokerfloor.app._postgres import TemporaryPostgres, temporary_postgres
from pokerfloor.app.commands import (
    CreateTournament,
    DrawSeats,
    PlaceButtons,
    RegisterPlayer,
    StartClock,
)
from pokerfloor.app.dealt_service import DealtService
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.app.store import open_store
from pokerfloor.dealt.mode import DealtSettings

TARGET_ACTIONS = 2_000
TARGET_P99_MS = 200.0
SETTINGS = DealtSettings(action_seconds=30, bank_seconds=0, away_after=0, pause_seconds=0)


_TICKS = os.sysconf("SC_CLK_TCK")


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


def build(database: str, tournament_id: str, players: int) -> None:
    """The tournament in memory, then its streams copied into ``database`` (one append
    each)."""
    memory = MemoryEventStore()
    service = TournamentService(memory, _now_ms)
    service.create(CreateTournament(tournament_id, "tda-2024", "deep-stack", table_size=9))
    for number in range(players):
        service.execute(tournament_id, RegisterPlayer(f"B{number:05d}", f"Bot {number}"))
    service.execute(tournament_id, DrawSeats(seed=1))
    service.execute(tournament_id, PlaceButtons(seed=2))
    dealt = DealtService(service)
    dealt.choose(tournament_id, SETTINGS)
    for number in range(players):
        dealt.seat_bot(tournament_id, f"B{number:05d}", "random")
    store = open_store(database)
    try:
        for stream in memory.streams(""):
            items = memory.read(stream)
            store.append(stream, 0, [(item.type, item.data) for item in items])
    finally:
        store.close()


def _stat(pid: int) -> tuple[int, float, float] | None:
    """(parent pid, own CPU s, reaped children's CPU s) of a process, None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()  # after the command's name, which may hold spaces
    utime, stime, cutime, cstime = (int(f) for f in fields[11:15])
    return int(fields[1]), (utime + stime) / _TICKS, (cutime + cstime) / _TICKS


def _postmaster(port: int) -> int | None:
    """The PostgreSQL server listening on ``port`` (its command line names the port)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if words and words[0].endswith(b"postgres") and f"-p {port}".encode() in b" ".join(words):
            return int(entry.name)
    return None


def _children(parent: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and stat[0] == parent:
                found.append(int(entry.name))
    return found


def _machine_busy_s() -> float:
    """Every core's busy time since boot (``/proc/stat``: all but idle and iowait)."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / _TICKS


class CpuSampler:
    """The CPU seconds each component used between ``begin`` and ``end`` (``/proc``)."""

    def __init__(self, servers: list[int], postmaster: int | None, redis: int | None) -> None:
        self.servers, self.postmaster, self.redis = servers, postmaster, redis
        self.before: dict[str, float] = {}
        self.used: dict[str, float] = {}

    def sample(self) -> dict[str, float]:
        found: dict[str, float] = {"machine": _machine_busy_s(), "bench": time.process_time()}
        for number, pid in enumerate(self.servers, 1):
            stat = _stat(pid)
            found[f"server {number}"] = stat[1] if stat else 0.0
        if self.postmaster is not None:
            stat = _stat(self.postmaster)
            # A backend that ended meanwhile is counted by its parent's reaped children's time.
            total = stat[1] + stat[2] if stat else 0.0
            for child in _children(self.postmaster):
                child_stat = _stat(child)
                if child_stat is not None:
                    found[f"pg {child}"] = child_stat[1]
            found["postgres main"] = total
        if self.redis is not None:
            stat = _stat(self.redis)
            found["redis"] = stat[1] if stat else 0.0
        return found

    def begin(self) -> None:
        self.before = self.sample()

    def end(self) -> None:
        after = self.sample()
        used = {key: value - self.before.get(key, 0.0) for key, value in after.items()}
        postgres = sum(v for k, v in used.items() if k.startswith("pg ") or k == "postgres main")
        self.used = {k: v for k, v in used.items() if not k.startswith("pg ")}
        self.used["postgres"] = postgres
        del self.used["postgres main"]


COMPONENTS = ("servers", "postgres", "redis")  # what the cluster itself costs per action


def cpu_report(used: dict[str, float], actions: int, seconds: float) -> dict[str, float]:
    """ms of CPU per action by component, the ceiling it implies, the machine's load."""
    per = {key: 1000 * value / max(1, actions) for key, value in used.items()}
    servers = sum(v for k, v in per.items() if k.startswith("server "))
    cluster = servers + per.get("postgres", 0.0) + per.get("redis", 0.0)
    measured = sum(v for k, v in used.items() if k != "machine")
    # A server is one Python process: its dealer's pass holds the interpreter's lock, so it
    # uses one core at most, whatever the machine has.
    each = [v for k, v in per.items() if k.startswith("server ")]
    one_core = min((1000 / v for v in each if v), default=0.0)
    return {
        "one core each": one_core,
        **{f"cpu {key}": value for key, value in per.items() if key != "machine"},
        "cpu servers": servers,
        "cpu cluster": cluster,
        "cores ceiling": (os.cpu_count() or 1) * 1000 / cluster if cluster else 0.0,
        "ceiling": min((os.cpu_count() or 1) * 1000 / cluster, one_core) if cluster else 0.0,
        "machine busy cores": used.get("machine", 0.0) / seconds,
        "others busy cores": max(0.0, used.get("machine", 0.0) - measured) / seconds,
    }


class TableWatcher:
    """A TD WebSocket on one table of one process: each event's delay from its ``at_ms``."""

    def __init__(self, url: str, tournament_id: str, table_no: int, token: str) -> None:
        self.delays: list[tuple[int, float]] = []  # (at_ms, delay ms)
        self.stop = threading.Event()
        address = f"{url.replace('http', 'ws', 1)}/ws/tournaments/{tournament_id}"
        address += f"/dealt/tables/{table_no}"
        self.thread = threading.Thread(target=self.run, args=(address, token), daemon=True)
        self.thread.start()

    def run(self, address: str, token: str) -> None:
        headers = {"Authorization": f"Bearer {token}"}
        try:
            with connect(address, additional_headers=headers, open_timeout=60) as socket:
                while not self.stop.is_set():
                    try:
                        text = socket.recv(timeout=0.2)
                    except TimeoutError:
                        continue
                    arrived = time.time_ns() / 1e6
                    at_ms = json.loads(text).get("at_ms")
                    if isinstance(at_ms, int):
                        self.delays.append((at_ms, arrived - at_ms))
        except (WebSocketException, OSError):
            return


def _p(samples: list[float], share: float) -> float:
    if not samples:
        return 0.0
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


_SCANS = (
    "SELECT coalesce(sum(seq_scan), 0), coalesce(sum(seq_tup_read), 0), "
    "coalesce(sum(idx_scan), 0), coalesce(sum(idx_tup_fetch), 0) FROM pg_stat_user_tables"
)


def table_scans(dsn: str) -> tuple[int, ...]:
    """The database's scans so far (PostgreSQL's statistics, a little late: its collector
    reports every few hundred ms): sequential scans and the rows they read, index scans and
    the rows they fetched."""
    with psycopg.connect(dsn) as connection:
        row = connection.execute(_SCANS).fetchone()
    return tuple(int(value) for value in row) if row else (0, 0, 0, 0)


def stored_actions(dsn: str, tournament_id: str, began: int, ended: int) -> tuple[int, list[float]]:
    """(bots' actions stored in the window, their turn waits in ms) from the database."""
    rows = psycopg.connect(dsn).execute(
        "SELECT stream_id, seq, type, convert_from(data, 'UTF8') FROM events "
        "WHERE stream_id LIKE %s AND recorded_at_ms BETWEEN %s AND %s ORDER BY stream_id, seq",
        (f"dealt/{tournament_id}/table/%", began - 60_000, ended),
    )
    actions, waits = 0, []
    previous: tuple[str, int] | None = None
    for stream, _seq, kind, text in rows:
        event = json.loads(text)
        at_ms = int(event.get("at_ms", 0))
        acted = kind == "hand_step" and event["event"]["type"] == "acted"
        if acted and began <= at_ms <= ended:
            actions += 1
            if previous is not None and previous[0] == stream:
                waits.append(float(at_ms - previous[1]))
        previous = (stream, at_ms)
    return actions, waits


def run(
    processes: int,
    folder: Path,
    database: str,
    dsn: str,
    bus: RedisProcess,
    postgres_port: int,
    options: argparse.Namespace,
) -> dict[str, float]:
    tournament_id = f"dealt-{processes}"
    started = time.perf_counter()
    build(database, tournament_id, options.players)
    built_s = time.perf_counter() - started
    cluster = Cluster(database, bus.url, folder, count=processes)
    watchers: list[TableWatcher] = []
    sampler = CpuSampler(
        [server.process.pid for server in cluster.servers],
        _postmaster(postgres_port),
        bus.process.pid if bus.process else None,
    )
    try:
        first = cluster.servers[0].url
        with httpx.Client(headers=cluster.headers, timeout=120) as client:
            answer = client.post(
                f"{first}/api/tournaments/{tournament_id}/commands", json={"type": "start_clock"}
            )
            answer.raise_for_status()
        tables = max(1, options.players // 9)
        watched = [1 + n * tables // options.watched for n in range(options.watched)]
        watchers = [
            TableWatcher(server.url, tournament_id, table_no, cluster.token)
            for server in cluster.servers
            for table_no in watched
        ]
        time.sleep(options.warm_up)
        load_before = os.getloadavg()[0]
        began = _now_ms()
        sampler.begin()
        scans = table_scans(dsn)
        time.sleep(options.dealt_seconds)
        sampler.end()
        scans = tuple(b - a for a, b in zip(scans, table_scans(dsn), strict=True))
        ended = _now_ms()
        load_after = os.getloadavg()[0]
        time.sleep(2.0)  # the last pushes of the window arrive
    finally:
        for watcher in watchers:
            watcher.stop.set()
        cluster.kill_all()
    actions, waits = stored_actions(dsn, tournament_id, began, ended)
    pushes = [delay for w in watchers for at_ms, delay in w.delays if began <= at_ms <= ended]
    print(f"  {sum(1 for w in watchers if w.delays)} of {len(watchers)} table streams received")
    seconds = (ended - began) / 1000
    print(
        f"  PostgreSQL in the window, per action: {scans[0] / max(1, actions):.3f} sequential "
        f"scans ({scans[1] / max(1, actions):.0f} rows read), {scans[2] / max(1, actions):.2f} "
        f"index scans ({scans[3] / max(1, actions):.1f} rows fetched)"
    )
    return {
        **cpu_report(sampler.used, actions, seconds),
        "load_before": load_before,
        "load_after": load_after,
        "built_s": built_s,
        "actions_s": actions / ((ended - began) / 1000),
        "push_p50": statistics.median(pushes) if pushes else 0.0,
        "push_p99": _p(pushes, 0.99),
        "turn_p50": statistics.median(waits) if waits else 0.0,
        "turn_p99": _p(waits, 0.99),
    }


def profile(database: str, players: int, seconds: float, freeze: bool = True) -> str:
    """One dealer in this process on a copy of the tournament, under cProfile after a few
    seconds of unprofiled passes (steady play, not the loads and the first deals): the CPU per
    command (``process_time``, what the machine's load distorts least) and the garbage
    collector's share (its pauses timed through ``gc.callbacks``)."""
    tournament_id = "dealt-profile"
    build(database, tournament_id, players)
    store = open_store(database)
    pauses: list[float] = []
    began_at: list[float] = []

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began_at[:] = [time.perf_counter()]
        elif began_at:
            pauses.append(time.perf_counter() - began_at[0])

    try:
        service = TournamentService(store, _now_ms, catch_up_first=True)
        dealt = DealtService(service)
        service.execute(tournament_id, StartClock())
        # Steady play, not the first passes (every table loaded, every first hand dealt).
        warm_until = time.perf_counter() + min(3.0, seconds / 2)
        while time.perf_counter() < warm_until:
            dealt.tick(tournament_id)
            if freeze:
                dealt.dealer.freeze_loaded()
        profiler = cProfile.Profile()
        ticks = commands = 0
        gc.callbacks.append(timed)
        deadline = time.perf_counter() + seconds
        cpu = time.process_time()
        profiler.enable()
        while time.perf_counter() < deadline:
            commands += dealt.tick(tournament_id)
            ticks += 1
            if freeze:  # as the server's dealer does after each round
                dealt.dealer.freeze_loaded()
        profiler.disable()
        cpu = time.process_time() - cpu
        gc.callbacks.remove(timed)
    finally:
        store.close()
    out = io.StringIO()
    out.write(
        f"{ticks} ticks of every table in {seconds:.0f} s: {commands} commands, "
        f"{cpu:.1f} s CPU, {1000 * cpu / max(1, commands):.3f} ms CPU per command "
        f"(under cProfile); gc {len(pauses)} collections, {sum(pauses):.2f} s, "
        f"longest {1000 * max(pauses, default=0):.0f} ms\n"
    )
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(30)
    stats.sort_stats("tottime").print_stats(25)  # where the time is spent itself
    return out.getvalue()


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=10_000, help="0: no dealt tournament")
    parser.add_argument("--dealt-seconds", type=float, default=20.0)
    parser.add_argument("--warm-up", type=float, default=10.0)
    parser.add_argument("--watched", type=int, default=4, help="tables watched on each process")
    parser.add_argument("--dealt-processes", default="1,2,3")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--profile-seconds", type=float, default=10.0)
    parser.add_argument(
        "--no-freeze", action="store_true", help="the profile without the dealer's gc.freeze"
    )


def measure(
    postgres: TemporaryPostgres,
    bus: RedisProcess,
    folder: Path,
    options: argparse.Namespace,
    console: Console,
) -> None:
    """The dealt tournament on each number of processes, its table, and the profile."""
    results: dict[int, dict[str, float]] = {}
    dsn = f"host=127.0.0.1 port={postgres.port} user=postgres dbname="
    for processes in [int(n) for n in options.dealt_processes.split(",") if n.strip()]:
        name = f"dealt_{processes}"
        database = postgres.create_database(name)
        found = run(processes, folder, database, dsn + name, bus, postgres.port, options)
        results[processes] = found
        console.print(f"{processes} process(es): { {k: round(v, 3) for k, v in found.items()} }")
    if not results:  # ``--dealt-processes ""``: the profile only
        if options.profile:
            database = postgres.create_database("dealt_profile")
            console.print(
                profile(database, options.players, options.profile_seconds, not options.no_freeze)
            )
        return
    table = Table(
        title=f"A dealt tournament of {options.players} bots ({options.players // 9} "
        f"tables), {options.dealt_seconds:.0f} s, {os.cpu_count()} cores; target "
        f"{TARGET_ACTIONS} actions/s, p99 < {TARGET_P99_MS:.0f} ms"
    )
    for column in ("processes", "actions/s", "ratio", "of target", "push p50 ms", "push p99 ms",
                   "bot turn p50 ms", "bot turn p99 ms", "set-up s", "load"):  # fmt: skip
        table.add_column(column, justify="right")
    first = results[min(results)]["actions_s"] or 1.0
    for processes, found in sorted(results.items()):
        table.add_row(
            str(processes),
            f"{found['actions_s']:.0f}",
            f"{found['actions_s'] / first:.2f}",
            f"{found['actions_s'] / TARGET_ACTIONS:.2f}",
            f"{found['push_p50']:.0f}",
            f"{found['push_p99']:.0f}",
            f"{found['turn_p50']:.0f}",
            f"{found['turn_p99']:.0f}",
            f"{found['built_s']:.0f}",
            f"{found['load_before']:.1f}-{found['load_after']:.1f}",
        )
    console.print(table)
    console.print(cpu_table(results))
    if options.profile:
        database = postgres.create_database("dealt_profile")
        console.print(
            profile(database, options.players, options.profile_seconds, not options.no_freeze)
        )


def cpu_table(results: dict[int, dict[str, float]]) -> Table:
    """What stands in the way on this machine: the CPU per action by component (``/proc``)
    and the ceilings it implies, next to the measured rate: the machine's cores over the
    cluster's CPU per action, and each server's one core (a Python process) over its own;
    "others": the cores the rest of the machine kept busy meanwhile (other sessions)."""
    cores = os.cpu_count() or 1
    table = Table(
        title=f"CPU per action (ms, /proc user+system) and the ceilings it implies: {cores} "
        f"cores / the cluster's CPU per action; one core per server / its CPU per action"
    )
    for column in ("processes", "servers (each)", "postgres", "redis", "cluster", "bench",
                   "ceiling: cores", "ceiling: a core per server", "measured",
                   "measured / ceiling", "target / ceiling", "cores per 1,000 actions/s",
                   "busy cores: all", "others"):  # fmt: skip
        table.add_column(column, justify="right")
    for processes, found in sorted(results.items()):
        each = " + ".join(
            f"{found.get(f'cpu server {n}', 0.0):.3f}" for n in range(1, processes + 1)
        )
        ceiling = found["ceiling"]
        table.add_row(
            str(processes),
            each,
            f"{found.get('cpu postgres', 0.0):.3f}",
            f"{found.get('cpu redis', 0.0):.3f}",
            f"{found['cpu cluster']:.3f}",
            f"{found.get('cpu bench', 0.0):.3f}",
            f"{found['cores ceiling']:.0f}",
            f"{found['one core each']:.0f}",
            f"{found['actions_s']:.0f}",
            f"{found['actions_s'] / ceiling:.2f}" if ceiling else "-",
            f"{TARGET_ACTIONS / ceiling:.2f}" if ceiling else "-",
            f"{found['cpu cluster']:.2f}",
            f"{found['machine busy cores']:.2f}",
            f"{found['others busy cores']:.2f}",
        )
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_options(parser)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as name, temporary_postgres() as postgres:
        folder = Path(name)
        os.environ["XDG_DATA_HOME"] = str(folder / "data")
        redis_folder = folder / "redis"
        redis_folder.mkdir()
        bus = RedisProcess(redis_folder)
        try:
            measure(postgres, bus, folder, options, Console())
        finally:
            bus.stop()


if __name__ == "__main__":
    main()
