"""Software-dealt play through the application service: actions per second and the latency of
one action (ruled, durable) with bots at every seat, on the in-memory store and on SQLite (WAL,
synchronous=FULL), in one process; the hand engine's share of the CPU.

Each sit-and-go is nine bots of the simulator at one table (``DealtService.seat_bot``), dealt
by ``DealtService.tick`` on a simulated clock: every action goes through the same command as a
phone's (``DealtTable.decide_act`` on a hand rebuilt from its events, appended to the table's
stream, the hand's end recorded in the tournament). Issue 31's target for a whole server is
p99 < 100 ms from acknowledgement to the push at 200 actions/s; this measures the service's
part of it (the push is ``bench/fanout.py``'s).

Run: python3 -m uv run python -m bench.dealt [--tournaments N] [--seconds S]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from pokerfloor.app.commands import (
    CreateTournament,
    DrawSeats,
    PlaceButtons,
    RegisterPlayer,
    StartClock,
)
from pokerfloor.app.dealt_service import DealtService
from pokerfloor.app.memory_store import MemoryEventStore
from pokerfloor.app.ports import EventStore
from pokerfloor.app.service import TournamentService
from pokerfloor.app.store import open_store
from pokerfloor.dealt.mode import DealtSettings

TARGET_ACTIONS_PER_SECOND = 200
TARGET_P99_MS = 100.0


class _Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000_000

    def __call__(self) -> int:
        return self.now


def _set_up(store: EventStore, tournaments: int) -> tuple[DealtService, _Clock, list[str]]:
    clock = _Clock()
    service = TournamentService(store, clock)
    dealt = DealtService(service)
    ids = [f"bench-{number}" for number in range(tournaments)]
    for tournament_id in ids:
        service.create(CreateTournament(tournament_id, "tda-2024", "turbo", table_size=9))
        for seat in range(1, 10):
            service.execute(tournament_id, RegisterPlayer(f"b{seat}", f"Bot {seat}"))
        service.execute(tournament_id, DrawSeats(seed=1))
        service.execute(tournament_id, PlaceButtons(seed=1))
        dealt.choose(tournament_id, DealtSettings(30, 0, 0, 0))
        for seat in range(1, 10):
            dealt.seat_bot(tournament_id, f"b{seat}", "random" if seat % 2 else "tag")
        service.execute(tournament_id, StartClock())
    return dealt, clock, ids


def _run(store: EventStore, tournaments: int, seconds: float) -> dict[str, float]:
    """Tick every tournament until ``seconds`` of wall time passed; each tick's commands are
    timed one by one (a tick runs at most one command per table)."""
    dealt, clock, ids = _set_up(store, tournaments)
    latencies: list[float] = []
    actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for tournament_id in ids:
            before = time.perf_counter()
            done = dealt.tick(tournament_id)
            if done:
                latencies.append((time.perf_counter() - before) * 1000 / done)
                actions += done
        clock.now += 1_000
    elapsed = time.perf_counter() - start
    latencies.sort()
    return {
        "actions": actions,
        "per_second": actions / elapsed,
        "p50_ms": latencies[len(latencies) // 2] if latencies else 0.0,
        "p99_ms": latencies[int(len(latencies) * 0.99)] if latencies else 0.0,
    }


def _engine_share(tournaments: int, seconds: float) -> float:
    """The hand engine's share (``pokerfloor/hand``, own time) of one in-memory run's CPU."""
    profiler = cProfile.Profile()
    profiler.enable()
    _run(MemoryEventStore(), tournaments, seconds)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = engine = 0.0
    for (filename, _line, _name), row in stats.stats.items():  # type: ignore[attr-defined]
        own = row[2]
        total += own
        if "/pokerfloor/hand/" in filename:
            engine += own
    return engine / total if total else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tournaments", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    console = Console()
    table = Table(title="Dealt play through DealtService (bots at every seat)")
    for column in ("store", "actions", "actions/s", "vs 200/s", "p50 ms", "p99 ms", "vs 100 ms"):
        table.add_column(column)
    with tempfile.TemporaryDirectory() as folder:
        sqlite = open_store(str(Path(folder) / "dealt.db"))
        for name, store in (("memory", MemoryEventStore()), ("sqlite", sqlite)):
            result = _run(store, args.tournaments, args.seconds)
            table.add_row(
                name,
                f"{result['actions']:.0f}",
                f"{result['per_second']:.0f}",
                f"x{result['per_second'] / TARGET_ACTIONS_PER_SECOND:.2f}",
                f"{result['p50_ms']:.2f}",
                f"{result['p99_ms']:.2f}",
                f"x{TARGET_P99_MS / max(result['p99_ms'], 1e-9):.1f} under",
            )
        sqlite.close()
    console.print(table)
    share = _engine_share(args.tournaments, min(args.seconds, 5.0))
    console.print(f"hand engine's share of the CPU (in memory, own time): {share:.0%}")


if __name__ == "__main__":
    main()
