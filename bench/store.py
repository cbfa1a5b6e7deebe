"""Durable appends per second in the event store: SQLite (WAL, synchronous=FULL) and
PostgreSQL (synchronous_commit=on, fsync on), one writer against 16 concurrent writers.

Each append is one event (a ~150-byte JSON) to the writer's own stream, acknowledged only
after its commit; concurrent writers share commits through the store's group commit.
Besides the rate (best of 3 runs, wall clock), the CPU this process spent per append over the
3 runs (``time.process_time``: the writers', the store's writer thread's and the kernel's time
for them; not the PostgreSQL server's): what a server pays per durable append whatever the
machine's load.
Target: at least 1,000 durable appends/s on SQLite from concurrent writers. PostgreSQL is a
throwaway local server started like the test fixture (skipped, with the reason, when it
cannot start).

Run: python3 -m uv run python -m bench.store [--appends N] [--dir DIRECTORY] [--only sqlite]
"""

from __future__ import annotations

import argparse
import itertools
import os
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

import msgspec
from rich.console import Console
from rich.table import Table

from bench._timing import per_second
from pokerfloor.app._postgres import PostgresUnavailable, temporary_postgres
from pokerfloor.app.store import SqlEventStore, open_store

TARGET_PER_SECOND = 1_000
WRITER_COUNTS = (1, 16)


def _payload(number: int) -> bytes:
    return msgspec.json.encode(
        {"type": "player_busted", "player_id": f"p{number}", "stack": 0, "at_ms": number}
        | {"by": "td", "table_no": 3, "seat_no": 7, "reason": "lost all-in", "n": number}
    )


def _appender(store: SqlEventStore, writers: int, appends: int) -> Callable[[], int]:
    """A run of ``appends`` appends split over ``writers`` threads, each on its own stream."""
    runs = itertools.count()
    per_writer = max(1, appends // writers)

    def run() -> int:
        run_no = next(runs)
        start = threading.Barrier(writers)

        def write(writer_no: int) -> None:
            stream_id = f"bench/{writers}/{run_no}/{writer_no}"
            start.wait()
            for number in range(per_writer):
                store.append(stream_id, number, [("player_busted", _payload(number))])

        threads = [threading.Thread(target=write, args=(n,)) for n in range(writers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return per_writer * writers

    return run


def _measure(store: SqlEventStore, writers: int, appends: int) -> tuple[float, float, float]:
    """(durable appends per second, appends per commit, CPU microseconds per append)."""
    before = store.stats
    cpu_before = time.process_time()
    rate = per_second(_appender(store, writers, appends), repeats=3)
    cpu = time.process_time() - cpu_before
    after = store.stats
    appended = after.appends - before.appends
    per_commit = appended / max(1, after.commits - before.commits)
    return rate, per_commit, cpu * 1e6 / max(1, appended)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--appends", type=int, default=1_600, help="appends per run")
    parser.add_argument("--dir", type=Path, default=None, help="where the SQLite file goes")
    parser.add_argument(
        "--only", choices=("sqlite", "postgresql"), default=None, help="one database only"
    )
    arguments = parser.parse_args()
    console = Console()
    table = Table(title="Event store: durable appends per second (best of 3 runs)")
    for column in ("database", "writers", "appends/s", "per commit", "× 1 writer", "CPU µs"):
        table.add_column(column, justify="right" if column != "database" else "left")
    table.add_column("target")

    with ExitStack() as stack:
        directory = stack.enter_context(tempfile.TemporaryDirectory(dir=arguments.dir))
        targets: list[tuple[str, str]] = []
        if arguments.only != "postgresql":
            targets.append(("SQLite", str(Path(directory) / "bench.db")))
        if arguments.only != "sqlite":
            try:
                server = stack.enter_context(temporary_postgres())
                targets.append(("PostgreSQL", server.create_database("bench")))
            except PostgresUnavailable as error:
                console.print(f"[yellow]PostgreSQL skipped: {error}[/yellow]")

        for name, target in targets:
            store = open_store(target)
            try:
                single = 0.0
                for writers in WRITER_COUNTS:
                    rate, per_commit, cpu_us = _measure(store, writers, arguments.appends)
                    single = single or rate
                    verdict = "-"
                    if name == "SQLite" and writers > 1:
                        met = rate >= TARGET_PER_SECOND
                        verdict = f"{'met' if met else 'NOT MET'} (≥ {TARGET_PER_SECOND:,})"
                    table.add_row(
                        name,
                        str(writers),
                        f"{rate:,.0f}",
                        f"{per_commit:.1f}",
                        f"{rate / single:.1f}",
                        f"{cpu_us:.0f}",
                        verdict,
                    )
            finally:
                store.close()
    console.print(table)
    console.print(f"SQLite file in {arguments.dir or tempfile.gettempdir()} (fsync per commit).")
    load = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    console.print(f"Load average (1, 5, 15 min): {load}")


if __name__ == "__main__":
    main()
