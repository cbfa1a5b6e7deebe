"""Whole simulated tournaments end to end: 1,000 and 10,000 players (one core each).

Targets (issue 4): 1,000 players in under 6 s, 10,000 in under 60 s. No open-source peer
simulates whole tournaments by the rules, so the table prints the time, the hands played and
the hands per second, and the target for each size.

Run: python3 -m uv run python -m bench.tournament [--sizes 1000 10000] [--seed 1]
"""

from __future__ import annotations

import argparse
import time

from rich.console import Console
from rich.table import Table

from pokerfloor.sim.tournament import simulate
from pokerfloor.tournament.structure import load_structure

TARGETS = {1_000: 6.0, 10_000: 60.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", default="tda-2024")
    arguments = parser.parse_args()
    structure = load_structure("club-evening")
    table = Table(
        title=f"Simulated tournaments ({arguments.profile}, club-evening, seed {arguments.seed})"
    )
    for column in ("players", "hands", "events", "seconds", "hands/s", "target", "met"):
        table.add_column(column, justify="right")
    for size in arguments.sizes:
        start = time.perf_counter()
        result = simulate(size, arguments.profile, structure, arguments.seed)
        elapsed = time.perf_counter() - start
        target = TARGETS.get(size)
        table.add_row(
            f"{size:,}",
            f"{result.hands:,}",
            f"{len(result.events):,}",
            f"{elapsed:.1f}",
            f"{result.hands / elapsed:,.0f}",
            f"< {target:.0f} s" if target else "-",
            ("yes" if elapsed < target else "NO") if target else "-",
        )
    Console(width=110).print(table)


if __name__ == "__main__":
    main()
