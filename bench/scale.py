"""Whole simulated tournaments from 1,000 players to the largest online tournament ever held
(253,692 entrants, PokerStars 2015), with the event log written to a file as it happens.

Every size plays the same structure scaled to its field (``pokerfloor.sim.scaled``: the
generator's blinds growing by the same ratio a level up to a big blind of a twentieth of the
chips, so each player plays about as many hands whatever the field; late registration to
level 3), the tda-2024 profile, 9-handed tables, with each number of ``--workers`` (processes
that plan and play the hands; the simulating process records them). Each run is a fresh
process so its peak memory and CPU time are its own. The table prints hands, seconds, the CPU
time of the simulating process and of its workers, the load average of the machine when the
run began and ended (other people's work takes cores from this one), hands per second, the
peak memory, and the ratio of hands per second to the smallest size's with as many workers.

``--baseline REF`` also plays ``--baseline-size`` players (25,000 by default) with the code of
a git revision (``git archive`` of its ``src`` into a temporary folder), alternating with this
code, ``--repeats`` times each: the ratio of wall time and of CPU time (CPU time varies less
with the load) says what a change bought on the same machine in the same minutes.

Targets (issues 17 and 29): a ratio of at least 0.8 at every size (the cost of a hand does not
grow with the field); 253,692 players in under 300 s with 2 workers on this 2-core machine
under a load of 2; peak memory under 4 GB.

Run: python3 -m uv run python -m bench.scale [--sizes 1000 10000 100000 253692]
     [--workers 1 2] [--baseline 74b8cbe --baseline-size 25000]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

import pokerfloor.hand
from pokerfloor.sim.scaled import scaled_structure
from pokerfloor.sim.tournament import simulate

SIZES = (1_000, 10_000, 100_000, 253_692)
RECORD = 253_692
TARGET_SECONDS = 300.0
TARGET_LOAD = 2.0
TARGET_RATIO = 0.8
TARGET_MEMORY_MB = 4096.0
ROOT = Path(__file__).resolve().parents[1]


def run_one(players: int, workers: int, seed: int) -> dict[str, float]:
    """One tournament in this process, its log written to a temporary file."""
    structure = scaled_structure(players)
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "events.jsonl"
        with path.open("wb") as out:
            cpu = time.process_time()
            start = time.perf_counter()
            result = simulate(players, "tda-2024", structure, seed, workers=workers, events_out=out)
            seconds = time.perf_counter() - start
            cpu = time.process_time() - cpu
        log_mb = path.stat().st_size / 2**20
    children = resource.getrusage(resource.RUSAGE_CHILDREN)  # the workers, joined by now
    compiled = getattr(pokerfloor.hand, "ENGINE", "pure") == "compiled"
    return {
        "compiled": float(compiled),  # the hand engine this run played
        "players": players,
        "workers": workers,
        "hands": result.hands,
        "events": result.event_count,
        "seconds": seconds,
        "cpu_main": cpu,
        "cpu_workers": children.ru_utime + children.ru_stime,
        "load_before": load_before,
        "load_after": os.getloadavg()[0],
        "memory_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "worker_memory_mb": children.ru_maxrss / 1024,
        "log_mb": log_mb,
    }


def in_a_process(
    players: int, workers: int, seed: int, source: Path | None = None
) -> dict[str, float]:
    """``run_one`` in a fresh process; ``source``: a ``src`` folder whose pokerfloor is used
    instead of this one (its workers inherit it)."""
    command = [sys.executable, "-m", "bench.scale", "--one", str(players)]
    command += ["--workers", str(workers), "--seed", str(seed)]
    environment = dict(os.environ)
    if source is not None:
        environment["PYTHONPATH"] = os.pathsep.join(
            [str(source), str(ROOT), environment.get("PYTHONPATH", "")]
        )
    output = subprocess.run(
        command, check=True, capture_output=True, text=True, cwd=ROOT, env=environment
    ).stdout
    row: dict[str, float] = json.loads(output.strip().splitlines()[-1])
    return row


def export_source(revision: str, directory: Path) -> Path:
    """The ``src`` folder of a git revision, written under ``directory``, with this checkout's
    compiled hand engine and PHH reader (``uv sync``'s build, not in git): the revision plays
    it when its sources are the ones it was compiled from (``pokerfloor._native`` compares the
    digest), else the pure-Python engine, so a comparison sets engine against engine."""
    archive = directory / "source.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "archive", revision, "src"], check=True, stdout=out, cwd=ROOT)
    with tarfile.open(archive) as tar:
        tar.extractall(directory, filter="data")
    compiled = ROOT / "src" / "pokerfloor" / "_compiled"
    if compiled.is_dir():
        shutil.copytree(compiled, directory / "src" / "pokerfloor" / "_compiled")
    return directory / "src"


def compare(
    console: Console, revision: str, players: int, workers: int, seed: int, repeats: int
) -> None:
    """This code against ``revision`` on the same field, runs alternated."""
    with tempfile.TemporaryDirectory() as directory:
        source = export_source(revision, Path(directory))
        rows: dict[str, list[dict[str, float]]] = {"before": [], "now": []}
        for _ in range(repeats):
            for name, where in (("before", source), ("now", None)):
                rows[name].append(in_a_process(players, workers, seed, where))
                row = rows[name][-1]
                console.print(
                    f"{name:>6}: {players:,} players, {row['hands']:,.0f} hands in "
                    f"{row['seconds']:.1f} s, CPU {cpu(row):.1f} s (this process "
                    f"{row['cpu_main']:.1f} s), load {row['load_before']:.1f} -> "
                    f"{row['load_after']:.1f}, engine "
                    f"{'compiled' if row.get('compiled') else 'pure'}",
                    style="dim",
                )
    before = min(rows["before"], key=lambda row: row["seconds"])
    now = min(rows["now"], key=lambda row: row["seconds"])
    cpu_before = min(cpu(row) for row in rows["before"])
    cpu_now = min(cpu(row) for row in rows["now"])
    main_before = min(row["cpu_main"] for row in rows["before"])
    main_now = min(row["cpu_main"] for row in rows["now"])
    console.print(
        f"{players:,} players, {workers} worker(s), best of {repeats}, against {revision}: "
        f"wall {before['seconds']:.1f} s -> {now['seconds']:.1f} s "
        f"(x{before['seconds'] / now['seconds']:.2f}); CPU {cpu_before:.1f} s -> "
        f"{cpu_now:.1f} s (x{cpu_before / cpu_now:.2f}); simulating process's CPU "
        f"{main_before:.1f} s -> {main_now:.1f} s (x{main_before / main_now:.2f}); same hands: "
        f"{'yes' if before['hands'] == now['hands'] else 'NO'}"
    )


def cpu(row: dict[str, float]) -> float:
    return row["cpu_main"] + row["cpu_workers"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", help="a git revision to compare with (e.g. main)")
    parser.add_argument("--baseline-size", type=int, default=25_000)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # a size, in this process
    arguments = parser.parse_args()
    if arguments.one:
        print(json.dumps(run_one(arguments.one, arguments.workers[0], arguments.seed)))
        return
    console = Console(width=140)
    console.print(f"{os.cpu_count()} cores; load average {os.getloadavg()}")
    # The runs inherit this environment, so they play the same engine (a --baseline revision
    # gets this checkout's build: ``export_source``).
    engine = getattr(pokerfloor.hand, "ENGINE", "pure")  # a --baseline revision may not say
    console.print(f"hand engine: {engine} (POKERFLOOR_ENGINE=pure for the pure-Python one)")
    if arguments.baseline:
        compare(
            console, arguments.baseline, arguments.baseline_size, max(arguments.workers),
            arguments.seed, arguments.repeats,
        )  # fmt: skip
    rows: list[dict[str, float]] = []
    for size in arguments.sizes:
        for workers in arguments.workers:
            rows.append(in_a_process(size, workers, arguments.seed))
            row = rows[-1]
            console.print(
                f"{size:,} players, {workers} worker(s): {row['hands']:,.0f} hands in "
                f"{row['seconds']:.1f} s",
                style="dim",
            )
    if rows:
        report(console, rows, arguments.seed)


def report(console: Console, rows: list[dict[str, float]], seed: int) -> None:
    table = Table(
        title=f"Simulated tournaments, structure scaled to the field (tda-2024, seed {seed}, "
        "event log streamed to a file)"
    )
    columns = ("players", "workers", "hands", "events", "seconds", "CPU s", "of which main")
    columns += ("load", "hands/s", "ratio", "peak MB", "worker MB", "log MB")
    for column in columns:
        table.add_column(column, justify="right")
    ratios = []
    for row in rows:
        rate = row["hands"] / row["seconds"]
        same = [other for other in rows if other["workers"] == row["workers"]]
        base = min(same, key=lambda other: other["players"])
        ratios.append(rate / (base["hands"] / base["seconds"]))
        table.add_row(
            f"{row['players']:,.0f}",
            f"{row['workers']:.0f}",
            f"{row['hands']:,.0f}",
            f"{row['events']:,.0f}",
            f"{row['seconds']:.1f}",
            f"{cpu(row):.1f}",
            f"{row['cpu_main']:.1f}",
            f"{row['load_before']:.1f}-{row['load_after']:.1f}",
            f"{rate:,.0f}",
            f"{ratios[-1]:.2f}",
            f"{row['memory_mb']:,.0f}",
            f"{row['worker_memory_mb']:,.0f}",
            f"{row['log_mb']:,.0f}",
        )
    console.print(table)
    verdicts = [
        f"ratio >= {TARGET_RATIO} at every size: {'yes' if min(ratios) >= TARGET_RATIO else 'NO'}"
    ]
    for record in (row for row in rows if row["players"] == RECORD):
        fast = record["seconds"] < TARGET_SECONDS
        load = max(record["load_before"], record["load_after"])
        verdicts.append(
            f"{RECORD:,} players, {record['workers']:.0f} worker(s): {record['seconds']:.1f} s "
            f"(CPU {cpu(record):.1f} s), target < {TARGET_SECONDS:.0f} s with 2 workers under a "
            f"load of {TARGET_LOAD:.0f}: {'yes' if fast else 'NO'} (load here up to {load:.1f})"
        )
        light = record["memory_mb"] + record["worker_memory_mb"] * record["workers"]
        verdicts.append(
            f"peak memory (simulator + workers) {light:,.0f} MB < {TARGET_MEMORY_MB:,.0f} MB: "
            f"{'yes' if light < TARGET_MEMORY_MB else 'NO'}"
        )
    for verdict in verdicts:
        console.print(verdict)


if __name__ == "__main__":
    main()
