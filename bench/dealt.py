"""Software-dealt play through the application service: actions per second and the latency of
one action (ruled, durable) with bots at every seat, on the in-memory store and on SQLite (WAL,
synchronous=FULL), in one process; the hand engine's share of the CPU.

Each sit-and-go is nine bots of the simulator at one table (``DealtService.seat_bot``), dealt
by ``DealtService.tick`` on a simulated clock: every action goes through the same command as a
phone's (``DealtTable.decide_act`` on a hand rebuilt from its events, appended to the table's
stream, the hand's end recorded in the tournament). Issue 31's target for a whole server is
p99 < 100 ms from acknowledgement to the push at 200 actions/s; this measures the service's
part of it (the push is ``bench/fanout.py``'s).

The second figure: one whole sit-and-go of bots played to a winner the same way, every hand
written as the TD's PHH (``app/dealt_history.py``) and replayed by ``pokerfloor phh check``'s
module (``check_corpus``) with the tournament's profile: the hands replayed to the chip and
the disagreements (the target is 0), printed.

Run: python3 -m uv run python -m bench.dealt [--tournaments N] [--seconds S] [--phh-players P]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import subprocess
import sys
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
from pokerfloor.formats._phh_check import CorpusSummary, replay_items
from pokerfloor.formats._phh_parse import PhhError
from pokerfloor.formats._phh_replay import failures

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


def _pure_engine_share(tournaments: int, seconds: float) -> float:
    """``_engine_share`` in a child process on the pure-Python engine: the compiled engine's
    functions (mypyc) do not show in cProfile, so its share would read 0 %."""
    env = os.environ | {"POKERFLOOR_ENGINE": "pure"}
    command = [sys.executable, "-m", "bench.dealt", "--engine-share",
               "--tournaments", str(tournaments), "--seconds", str(seconds)]  # fmt: skip
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return float(done.stdout.strip().splitlines()[-1])


# One chip of 25 all along (dealt tables never colour up: ``dealt.mode.chip_unit``) and blinds
# that double every two minutes: a sit-and-go of bots ends within a few hundred hands.
_WHOLE_STRUCTURE = """
name = "bench-dealt"
level_minutes = 2
chips = [{ value = 25, colour_fr = "vert", colour_en = "green" }]
levels = [
  { number = 1, small_blind = 25, big_blind = 50 },
  { number = 2, small_blind = 50, big_blind = 100 },
  { number = 3, small_blind = 100, big_blind = 200 },
  { number = 4, small_blind = 200, big_blind = 400, ante = 50 },
  { number = 5, small_blind = 400, big_blind = 800, ante = 100 },
  { number = 6, small_blind = 800, big_blind = 1600, ante = 200 },
  { number = 7, small_blind = 1600, big_blind = 3200, ante = 400 },
  { number = 8, small_blind = 3200, big_blind = 6400, ante = 800 },
  { number = 9, small_blind = 6400, big_blind = 12800, ante = 1600 },
]
[entry]
starting_stack = 5000
buy_in_cents = 1000
"""


def replayed_by_phh_check(path: Path, profile: str) -> tuple[CorpusSummary, int]:
    """``phh check``'s summary of the ``.phhs`` at ``path`` (``check_corpus``'s counts) and
    the hands it does not agree with, each counted once: unreadable, an action refused, the
    hand unfinished, or its winnings or finishing stacks not the file's to the chip."""
    summary = CorpusSummary()
    disagreements = 0
    start = time.perf_counter()
    try:
        for item, replay, error in replay_items(path, profile=profile):
            summary.add(str(path), item, replay, error)
            if replay is None or failures(replay) or replay.finishing_check.status != "agree":
                disagreements += 1
    except PhhError as error:  # the file itself unreadable: every hand in it disagrees
        summary.add_unreadable(str(path), error)
        disagreements += 1
    summary.files, summary.bytes = 1, path.stat().st_size
    summary.seconds = time.perf_counter() - start
    return summary, disagreements


def whole_tournament_phh(players: int = 9, folder: Path | None = None) -> dict[str, int]:
    """A sit-and-go of ``players`` bots dealt to a winner, then every hand replayed from the
    TD's ``.phhs`` by ``phh check``'s module: hands, replayed to the chip, disagreements."""
    from pokerfloor.app.dealt_spectators import DealtSpectators

    clock = _Clock()
    service = TournamentService(MemoryEventStore(), clock)
    dealt = DealtService(service)
    tournament_id = "bench-whole"
    structure = _WHOLE_STRUCTURE
    service.create(
        CreateTournament(tournament_id, "tda-2024", structure, table_size=max(9, players))
    )
    for seat in range(1, players + 1):
        service.execute(tournament_id, RegisterPlayer(f"b{seat}", f"Bot {seat}"))
    service.execute(tournament_id, DrawSeats(seed=1))
    service.execute(tournament_id, PlaceButtons(seed=1))
    dealt.choose(tournament_id, DealtSettings(30, 0, 0, 0))
    for seat in range(1, players + 1):
        dealt.seat_bot(tournament_id, f"b{seat}", "random" if seat % 3 == 0 else "tag")
    service.execute(tournament_id, StartClock())
    for _ in range(200_000):
        if service.read(tournament_id, lambda t: t.players_left) == 1:
            break
        dealt.tick(tournament_id)
        clock.now += 1_000
    file = DealtSpectators(dealt).td_phhs(tournament_id)
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(folder or scratch) / "whole.phhs"
        path.write_text(file.text, encoding="utf-8")
        summary, disagreements = replayed_by_phh_check(path, "tda-2024")
    agree = summary.finishing.get("agree", 0)
    disagreements += len(file.left_out)
    return {
        "players_left": service.read(tournament_id, lambda t: t.players_left),
        "hands": file.count + len(file.left_out),
        "replayed": summary.replayed,
        "agree": agree,
        "disagreements": disagreements,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tournaments", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--phh-players", type=int, default=9)
    parser.add_argument("--engine-share", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.engine_share:  # the child run of ``_pure_engine_share``
        print(_engine_share(args.tournaments, min(args.seconds, 5.0)))
        return
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
    share = _pure_engine_share(args.tournaments, args.seconds)
    console.print(
        f"hand engine's share of the CPU (in memory, own time; the pure-Python engine "
        f"profiled, a compiled one is invisible to cProfile): {share:.0%}"
    )
    whole = whole_tournament_phh(args.phh_players)
    console.print(
        f"a whole sit-and-go of {args.phh_players} bots ({whole['players_left']} left): "
        f"{whole['hands']} hands written as PHH, {whole['agree']} replayed by phh check to the "
        f"chip, {whole['disagreements']} disagreements (target 0)"
    )


if __name__ == "__main__":
    main()
