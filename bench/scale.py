"""Whole simulated tournaments from 1,000 players to the largest online tournament ever held
(253,692 entrants, PokerStars 2015), with the event log written to a file as it happens.

Every size plays the same structure scaled to its field (``pokerfloor.sim.scaled``: the
generator's blinds growing by the same ratio a level up to a big blind of a twentieth of the
chips, so each player plays about as many hands whatever the field; late registration to
level 3), the tda-2024 profile, 9-handed tables, ``--workers`` processes playing the hands.
Each size runs in a fresh process so its peak memory is its own. The table prints hands,
events, seconds, hands per second, the peak memory of the simulating process and of its
largest worker, and the ratio of hands per second to the 1,000-player figure.

Targets (issue 17): a ratio of at least 0.8 at every size (the cost of a hand does not grow
with the field); 253,692 players in under 300 s with 2 workers; peak memory under 4 GB.

Run: python3 -m uv run python -m bench.scale [--sizes 1000 10000 100000 253692] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from pokerfloor.sim.scaled import scaled_structure
from pokerfloor.sim.tournament import simulate

SIZES = (1_000, 10_000, 100_000, 253_692)
RECORD = 253_692
TARGET_SECONDS = 300.0
TARGET_RATIO = 0.8
TARGET_MEMORY_MB = 4096.0


def run_one(players: int, workers: int, seed: int) -> dict[str, float]:
    """One tournament in this process, its log written to a temporary file."""
    structure = scaled_structure(players)
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "events.jsonl"
        with path.open("wb") as out:
            start = time.perf_counter()
            result = simulate(players, "tda-2024", structure, seed, workers=workers, events_out=out)
            seconds = time.perf_counter() - start
        log_mb = path.stat().st_size / 2**20
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {
        "players": players,
        "hands": result.hands,
        "events": result.event_count,
        "seconds": seconds,
        "memory_mb": own,
        "worker_memory_mb": children,
        "log_mb": log_mb,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # a size, in this process
    arguments = parser.parse_args()
    if arguments.one:
        print(json.dumps(run_one(arguments.one, arguments.workers, arguments.seed)))
        return
    console = Console(width=130)
    rows: list[dict[str, float]] = []
    for size in arguments.sizes:
        command = [sys.executable, "-m", "bench.scale", "--one", str(size)]
        command += ["--workers", str(arguments.workers), "--seed", str(arguments.seed)]
        output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        rows.append(json.loads(output.strip().splitlines()[-1]))
        row = rows[-1]
        console.print(
            f"{size:,} players: {row['hands']:,.0f} hands in {row['seconds']:.1f} s", style="dim"
        )
    base = next((row for row in rows if row["players"] == 1_000), rows[0])
    base_rate = base["hands"] / base["seconds"]
    table = Table(
        title=f"Simulated tournaments, structure scaled to the field (tda-2024, seed "
        f"{arguments.seed}, {arguments.workers} worker(s), event log streamed to a file)"
    )
    columns = ("players", "hands", "events", "seconds", "hands/s", "ratio", "peak MB", "worker MB")
    for column in (*columns, "log MB"):
        table.add_column(column, justify="right")
    for row in rows:
        rate = row["hands"] / row["seconds"]
        table.add_row(
            f"{row['players']:,.0f}",
            f"{row['hands']:,.0f}",
            f"{row['events']:,.0f}",
            f"{row['seconds']:.1f}",
            f"{rate:,.0f}",
            f"{rate / base_rate:.2f}",
            f"{row['memory_mb']:,.0f}",
            f"{row['worker_memory_mb']:,.0f}",
            f"{row['log_mb']:,.0f}",
        )
    console.print(table)
    ratios = [row["hands"] / row["seconds"] / base_rate for row in rows]
    record = next((row for row in rows if row["players"] == RECORD), None)
    verdicts = [
        f"ratio >= {TARGET_RATIO} at every size: {'yes' if min(ratios) >= TARGET_RATIO else 'NO'}"
    ]
    if record is not None:
        fast = record["seconds"] < TARGET_SECONDS
        light = record["memory_mb"] + record["worker_memory_mb"] * arguments.workers
        verdicts.append(
            f"{RECORD:,} players in < {TARGET_SECONDS:.0f} s: {'yes' if fast else 'NO'}"
        )
        verdicts.append(
            f"peak memory (simulator + workers) {light:,.0f} MB < {TARGET_MEMORY_MB:,.0f} MB: "
            f"{'yes' if light < TARGET_MEMORY_MB else 'NO'}"
        )
    for verdict in verdicts:
        console.print(verdict)


if __name__ == "__main__":
    main()
